/*
 * page/page_tree.c - the interactive page's cost-centre tree (-hc):
 * the stacks of the profile's bands as paths from the outermost cost
 * centre in, each node with the peak of what the stacks under it hold
 * together at one census and the share of the run's bytes x seconds.
 *
 * GHC names a -hc band by its stack, innermost cost centre first and
 * each joined to its caller by '/' (rts/ProfHeap.c prints the stack with
 * fprint_ccs), led in a .hp by the stack's id, "(764)" (hp/match.h), and
 * cut to +RTS -L characters (25 by default) ending in "...": a .hp's
 * outermost frame may be a cut one, and is shown as cut.  The id is not
 * a frame: stacks that differ only by it are one path.
 */
#include "page.h"

#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"
#include "../hp/hash.h"
#include "../hp/match.h"
#include "../hp/stats.h"
#include "../render/layout/layout.h"
#include "../data/json.h"

struct node {
	size_t parent;		/* SIZE_MAX: a root */
	const char *name;	/* a frame: into the model's band name */
	size_t len;
	hp_band band;		/* the band of exactly this stack, or -1 */
	uint64_t peak, now;	/* the greatest sum, the current sample's */
	double peak_t, integral;
	size_t stamp;		/* the sample `now` is of, + 1 */
};

struct tree {
	struct node *n;
	size_t len, cap;
	struct hp_index ix;	/* (parent, frame) -> node */
	size_t *leaf;		/* per band: its stack's node */
};

static uint64_t
key_of(size_t parent, const char *s, size_t len)
{
	return hp_hash_bytes(s, len) ^ hp_hash_mix((uint64_t)parent + 1);
}

/* The child of parent named s, made when new; SIZE_MAX when out of
 * memory. */
static size_t
child(struct tree *t, size_t parent, const char *s, size_t len)
{
	uint64_t h = key_of(parent, s, len);
	size_t slot;
	int64_t v;

	for (slot = hp_index_start(&t->ix, h);
	     t->n && (v = hp_index_next(&t->ix, h, &slot)) >= 0;) {
		const struct node *c = &t->n[v];

		if (c->parent == parent && c->len == len &&
		    memcmp(c->name, s, len) == 0)
			return (size_t)v;
	}
	if (t->len >= UINT32_MAX || HP_GROW(t->n, t->cap, t->len + 1) ||
	    hp_index_add(&t->ix, h, (uint32_t)t->len))
		return SIZE_MAX;
	memset(&t->n[t->len], 0, sizeof t->n[t->len]);
	t->n[t->len].parent = parent;
	t->n[t->len].name = s;
	t->n[t->len].len = len;
	t->n[t->len].band = (hp_band)-1;
	return t->len++;
}

/* Band b's stack as a path: its frames from the last (outermost) in. */
static int
add_stack(struct tree *t, const hp_model *m, hp_band b)
{
	size_t len, at = SIZE_MAX;
	const char *s = hp_match_band_key(m, b, 0, &len), *end = s + len;

	while (end > s) {
		const char *f = end;

		while (f > s && f[-1] != '/')
			f--;
		if ((at = child(t, at, f, (size_t)(end - f))) == SIZE_MAX)
			return -1;
		end = f > s ? f - 1 : s;
	}
	if (at == SIZE_MAX && (at = child(t, at, s, 0)) == SIZE_MAX)
		return -1;
	if (t->n[at].band == (hp_band)-1)
		t->n[at].band = b;
	t->leaf[b] = at;
	return 0;
}

int
page_is_hc(const hp_model *m)
{
	const char *by = hp_model_get(m, HP_BREAKDOWN), *job, *p;

	if (by)
		return strstr(by, "(-hc)") != NULL;
	/* a .hp says it only in its JOB: "prog +RTS -hc -i0.05" */
	if (hp_model_profile(m) != HP_PROFILE_HEAP ||
	    !(job = hp_model_get(m, HP_JOB)))
		return 0;
	for (p = job; (p = strstr(p, "-hc")) != NULL; p += 3)
		if ((p == job || p[-1] == ' ') && (p[3] == ' ' || !p[3]))
			return 1;
	return 0;
}

int
page_tree(struct json_w *w, const hp_model *m, const struct render_layout *l,
	  struct hp_err *err)
{
	size_t nb = hp_model_band_count(m), ns = hp_model_sample_count(m);
	size_t i, k;
	struct tree t = { 0 };
	struct hp_stats st;
	int rc = -1;

	if (hp_stats_compute(&st, m, err))
		return -1;
	t.leaf = hp_mallocn(nb ? nb : 1, sizeof *t.leaf);
	if (!t.leaf)
		goto oom;
	for (i = 0; i < nb; i++)
		if (add_stack(&t, m, (hp_band)i))
			goto oom;
	/* Each sample's values summed up every node's path; a node's peak
	 * is read when the next sample first reaches it, and at the end. */
	for (i = 0; t.n && i < ns; i++) {	/* t.n: nb > 0 */
		const hp_band *b;
		const uint64_t *v;
		size_t n = hp_model_sample(m, i, &b, &v), at;
		double time = hp_model_sample_time(m, i);

		for (k = 0; k < n; k++) {
			for (at = t.leaf[b[k]]; at != SIZE_MAX;
			     at = t.n[at].parent) {
				struct node *x = &t.n[at];

				if (x->stamp != i + 1) {
					x->stamp = i + 1;
					x->now = 0;
				}
				x->now += v[k];
				if (x->now > x->peak) {
					x->peak = x->now;
					x->peak_t = time;
				}
			}
		}
	}
	for (i = 0; t.n && i < nb; i++)
		for (k = t.leaf[i]; k != SIZE_MAX; k = t.n[k].parent)
			t.n[k].integral += st.band[i].integral;
	/* [parent, frame, peak, peak time, share, slot, band] a node,
	 * parents first; slot: where the node's own stack is drawn, its
	 * band's or OTHER's place in "bands", else -1 */
	json_key(w, "tree");
	json_array(w);
	for (i = 0; t.n && i < t.len; i++) {
		const struct node *x = &t.n[i];
		int32_t slot = -1;

		if (x->band != (hp_band)-1 && x->band < l->nslot &&
		    l->slot[x->band] >= 0)
			slot = l->slot[x->band];
		json_array(w);
		json_int(w, x->parent == SIZE_MAX ? -1 : (long long)x->parent);
		json_str(w, x->name, x->len);
		json_u64(w, x->peak);
		json_num(w, x->stamp ? x->peak_t : 0);
		json_num(w, st.integral > 0 ? x->integral / st.integral : 0);
		json_int(w, slot);
		json_int(w, x->band == (hp_band)-1 ? -1 : (long long)x->band);
		json_end(w);
	}
	json_end(w);
	rc = 0;
	goto out;
oom:
	hp_err_set(err, "out of memory");
out:
	free(t.n);
	free(t.leaf);
	hp_index_free(&t.ix);
	hp_stats_release(&st);
	return rc;
}
