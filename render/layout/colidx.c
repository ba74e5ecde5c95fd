/*
 * render/layout/colidx.c - the column index, a summary of a model's
 * stacked sums (see colidx.h).
 *
 * Leaves are runs of RENDER_COLIDX_BLOCK samples; level l holds runs of
 * 2^l leaves, each made when its two halves are, so appending a sample
 * costs its entries plus, per group, a compare or two.  A range is read
 * left to right as its ragged start, the largest aligned runs that fit,
 * and its ragged end; a run replaces the least (greatest) so far only
 * when strictly less (greater), so the first sample holding it is kept,
 * as a walk in sample order keeps it.  Sums of tops are prefix sums at
 * run boundaries, in 128 bits: exact, whatever the range.
 */
#include "colidx.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../hp/grow.h"

#define B RENDER_COLIDX_BLOCK
#define LEVELS 33		/* 2^32 samples at most */
#define SPARSE_GROUPS 64	/* groups always summarised */

struct node {
	uint64_t min, max;
	uint32_t kmin, kmax;
};

struct render_colidx {
	/* The map: band -> group, ngroups for none; one entry per band the
	 * model had at the last sync. */
	uint32_t *group;
	size_t nband, gcap, ngroups;
	int mapped;

	size_t done;		/* samples summarised under the map */
	struct node *open;	/* the run being filled (done % B samples) */
	render_u128 *run;		/* per group: sum of tops of samples < done */
	struct node *lv[LEVELS];
	size_t lvn[LEVELS], lvcap[LEVELS];
	render_u128 *psum;		/* (leaves + 1) x groups: run at leaf starts */
	size_t psumcap;

	double *tsum;		/* tdone + 1 running sums of times */
	size_t tdone, tcap;
	double tbase;
	int big;		/* a sample total reached the limit */

	size_t n;		/* of the last sync */
	uint64_t *acc, *tops;	/* scratch: ngroups + 1 each */

	/* the running area through sample done - 1 (render_colidx_area) */
	int ahave, azero;
	double at0, area, aprev, atprev;
};


/* Forget everything that depends on the map. */
static void
unmap(render_colidx *x)
{
	size_t l;

	free(x->open);
	free(x->run);
	free(x->psum);
	free(x->acc);
	free(x->tops);
	for (l = 0; l < LEVELS; l++) {
		free(x->lv[l]);
		x->lv[l] = NULL;
		x->lvn[l] = x->lvcap[l] = 0;
	}
	x->open = NULL;
	x->run = x->psum = NULL;
	x->acc = x->tops = NULL;
	x->psumcap = 0;
	x->done = 0;
	x->mapped = 0;
	x->ahave = 0;
}

render_colidx *
render_colidx_new(void)
{
	return hp_callocn(1, sizeof(render_colidx));
}

void
render_colidx_free(render_colidx *x)
{
	if (!x)
		return;
	unmap(x);
	free(x->group);
	free(x->tsum);
	free(x);
}

static void
destroy(void *p)
{
	render_colidx_free(p);
}

render_colidx *
render_colidx_of(const hp_model *m)
{
	render_colidx *x = hp_model_cache(m);

	if (!x && (x = render_colidx_new()) != NULL)
		hp_model_set_cache(m, x, destroy);
	return x;
}

size_t
render_colidx_count(const render_colidx *x)
{
	return x->n;
}

static uint32_t
group_of(const int32_t *slot, size_t nslot, size_t ngroups, size_t b)
{
	if (b < nslot && slot[b] >= 0 && (size_t)slot[b] < ngroups)
		return (uint32_t)slot[b];
	return (uint32_t)ngroups;
}

static int
same_map(const render_colidx *x, const int32_t *slot, size_t nslot,
	 size_t ngroups)
{
	size_t b;

	if (!x->mapped || x->ngroups != ngroups)
		return 0;
	for (b = 0; b < x->nband; b++)
		if (x->group[b] != group_of(slot, nslot, ngroups, b))
			return 0;
	for (; b < nslot; b++)
		if (group_of(slot, nslot, ngroups, b) != ngroups)
			return 0;
	return 1;
}

/* A new map: every band the model has now, so the samples summarised
 * (all committed, so their bands interned) never index past it. */
static int
set_map(render_colidx *x, const hp_model *m, const int32_t *slot,
	size_t nslot, size_t ngroups)
{
	size_t nb = hp_model_band_count(m), b, g1 = ngroups + 1;

	unmap(x);
	if (HP_GROW(x->group, x->gcap, nb ? nb : 1))
		return -1;
	x->nband = nb;
	x->ngroups = ngroups;
	for (b = 0; b < nb; b++)
		x->group[b] = group_of(slot, nslot, ngroups, b);
	x->open = hp_mallocn(g1, sizeof *x->open);
	x->run = hp_callocn(g1, sizeof *x->run);
	x->acc = hp_mallocn(g1, sizeof *x->acc);
	x->tops = hp_mallocn(g1, sizeof *x->tops);
	x->psum = hp_callocn(g1, sizeof *x->psum);
	if (!x->open || !x->run || !x->acc || !x->tops || !x->psum) {
		unmap(x);
		return -1;
	}
	x->psumcap = g1;
	x->mapped = 1;
	return 0;
}

/* Bands the model interned since the map was made: in no group, as the
 * map given says of bands past its end. */
static int
more_bands(render_colidx *x, const hp_model *m)
{
	size_t nb = hp_model_band_count(m), b;

	if (nb <= x->nband)
		return 0;
	if (HP_GROW(x->group, x->gcap, nb))
		return -1;
	for (b = x->nband; b < nb; b++)
		x->group[b] = (uint32_t)x->ngroups;
	x->nband = nb;
	return 0;
}

void
render_colidx_tops(render_colidx *x, const hp_model *m, size_t i, uint64_t *out)
{
	const hp_band *bands;
	const uint64_t *bytes;
	size_t n = hp_model_sample(m, i, &bands, &bytes), k, ng = x->ngroups;
	const uint32_t *group = x->group;
	uint64_t *acc = x->acc, top = 0;

	memset(acc, 0, (ng + 1) * sizeof *acc);
	for (k = 0; k < n; k++)
		acc[group[bands[k]]] += bytes[k];
	for (k = 0; k < ng; k++) {
		top += acc[k];
		out[k] = top;
	}
}

static void
merge(struct node *a, const struct node *b)
{
	if (b->min < a->min) {
		a->min = b->min;
		a->kmin = b->kmin;
	}
	if (b->max > a->max) {
		a->max = b->max;
		a->kmax = b->kmax;
	}
}

/* The open run is complete: a leaf, and every run it completes above
 * (the union of the last two at a level whose count is now even). */
static int
push_leaf(render_colidx *x)
{
	size_t ng = x->ngroups, l, g, leaves = x->lvn[0] + 1;

	if (HP_GROW(x->psum, x->psumcap, (leaves + 1) * (ng + 1)) ||
	    HP_GROW(x->lv[0], x->lvcap[0], leaves * ng))
		return -1;
	memcpy(x->psum + leaves * (ng + 1), x->run, (ng + 1) * sizeof *x->run);
	memcpy(x->lv[0] + x->lvn[0] * ng, x->open, ng * sizeof *x->open);
	x->lvn[0]++;
	for (l = 0; l + 1 < LEVELS && x->lvn[l] % 2 == 0; l++) {
		const struct node *left = x->lv[l] + (x->lvn[l] - 2) * ng;
		struct node *d;

		if (HP_GROW(x->lv[l + 1], x->lvcap[l + 1],
			    (x->lvn[l + 1] + 1) * ng))
			return -1;
		d = x->lv[l + 1] + x->lvn[l + 1] * ng;
		memcpy(d, left, ng * sizeof *d);
		for (g = 0; g < ng; g++)
			merge(&d[g], &left[ng + g]);
		x->lvn[l + 1]++;
	}
	return 0;
}

/* The area's running sum, one sample on: sum is its total. */
static void
area_step(render_colidx *x, const hp_model *m, size_t i, double sum)
{
	double t = hp_model_sample_time(m, i);

	if (i == 0 && x->azero)	/* the ramp from 0 at t0 */
		x->area += sum * (t - x->at0) / 2;
	if (i > 0) {
		double base = t - x->atprev;
		double lo = x->aprev < sum ? x->aprev : sum;

		x->area += lo * base + fabs(sum - x->aprev) * base / 2;
	}
	x->aprev = sum;
	x->atprev = t;
}

/* The area from the start, for other (t0, zero_start). */
static void
area_restart(render_colidx *x, const hp_model *m, double t0, int zero_start)
{
	size_t i, ng = x->ngroups;

	x->ahave = 1;
	x->azero = zero_start;
	x->at0 = t0;
	x->area = x->aprev = x->atprev = 0;
	for (i = 0; i < x->done; i++) {
		render_colidx_tops(x, m, i, x->tops);
		area_step(x, m, i, ng ? (double)x->tops[ng - 1] : 0);
	}
}

static int
add_sample(render_colidx *x, const hp_model *m, size_t i)
{
	size_t ng = x->ngroups, g, k = i % B;
	uint64_t *tops = x->tops;
	struct node *o = x->open;

	render_colidx_tops(x, m, i, tops);
	if (k == 0) {
		for (g = 0; g < ng; g++) {
			o[g].min = o[g].max = tops[g];
			o[g].kmin = o[g].kmax = (uint32_t)i;
			x->run[g] += tops[g];
		}
	} else {
		for (g = 0; g < ng; g++) {
			uint64_t y = tops[g];

			if (y < o[g].min) {
				o[g].min = y;
				o[g].kmin = (uint32_t)i;
			}
			if (y > o[g].max) {
				o[g].max = y;
				o[g].kmax = (uint32_t)i;
			}
			x->run[g] += y;
		}
	}
	area_step(x, m, i, ng ? (double)tops[ng - 1] : 0);
	x->done = i + 1;
	return k + 1 == B ? push_leaf(x) : 0;
}

int
render_colidx_sync(render_colidx *x, const hp_model *m, const int32_t *slot,
		 size_t nslot, size_t ngroups, size_t n, double t0,
		 int zero_start)
{
	size_t i;

	if (!x)
		return -1;
	x->n = 0;
	if (n > hp_model_sample_count(m))
		n = hp_model_sample_count(m);
	if (n >= UINT32_MAX)
		return 1;
	/* times and the size check: whatever the map */
	if (HP_GROW(x->tsum, x->tcap, n + 1))
		goto oom;
	if (x->tdone == 0) {
		x->tsum[0] = 0;
		x->tbase = n ? hp_model_sample_time(m, 0) : 0;
	}
	for (i = x->tdone; i < n; i++) {
		x->tsum[i + 1] = x->tsum[i] + (hp_model_sample_time(m, i) - x->tbase);
		if (hp_model_sample_sum(m, i) >= RENDER_COLIDX_LIMIT)
			x->big = 1;
	}
	if (n > x->tdone)
		x->tdone = n;
	if (x->big)
		return 1;
	/* Many groups, few entries (-m0 on thousands of bands, each in a
	 * few samples): a summary of every group at every sample would
	 * cost more than the samples do, and the graph is drawn sparse. */
	if (ngroups > SPARSE_GROUPS && n &&
	    n * ngroups / 4 > hp_model_sample_first(m, n - 1) +
	    hp_model_sample(m, n - 1, NULL, NULL)) {
		unmap(x);
		return 1;
	}
	if (!same_map(x, slot, nslot, ngroups) || n < x->done) {
		if (set_map(x, m, slot, nslot, ngroups) < 0)
			goto oom;
	} else if (more_bands(x, m) < 0) {
		goto oom;
	}
	if (!x->ahave || x->azero != zero_start || (zero_start && x->at0 != t0))
		area_restart(x, m, t0, zero_start);
	for (i = x->done; i < n; i++)
		if (add_sample(x, m, i) < 0)
			goto oom;
	x->n = n;
	return 0;
oom:
	unmap(x);
	free(x->tsum);
	x->tsum = NULL;
	x->tcap = x->tdone = 0;
	x->n = 0;
	return -1;
}

/* Fold node b, which follows what out holds, into out (first: out holds
 * nothing yet). */
static void
fold(struct render_colidx_span *out, const struct node *b, size_t ng, int first)
{
	size_t g;

	for (g = 0; g < ng; g++) {
		if (first || b[g].min < out[g].min) {
			out[g].min = b[g].min;
			out[g].kmin = b[g].kmin;
		}
		if (first || b[g].max > out[g].max) {
			out[g].max = b[g].max;
			out[g].kmax = b[g].kmax;
		}
	}
}

static void
walk(render_colidx *x, const hp_model *m, size_t a, size_t b,
     struct render_colidx_span *out, int first)
{
	size_t ng = x->ngroups, g, i;
	uint64_t *tops = x->tops;

	for (i = a; i < b; i++, first = 0) {
		render_colidx_tops(x, m, i, tops);
		for (g = 0; g < ng; g++) {
			uint64_t y = tops[g];

			if (first || y < out[g].min) {
				out[g].min = y;
				out[g].kmin = i;
			}
			if (first || y > out[g].max) {
				out[g].max = y;
				out[g].kmax = i;
			}
			out[g].sum += y;
		}
	}
}

void
render_colidx_span(render_colidx *x, const hp_model *m, size_t a, size_t b,
		 int raw, struct render_colidx_span *out)
{
	size_t ng = x->ngroups, g, lo = (a + B - 1) / B, hi = b / B, p, l;

	for (g = 0; g < ng; g++)
		out[g].sum = 0;
	if (raw || hi > x->lvn[0])
		hi = raw ? 0 : x->lvn[0];
	if (lo >= hi) {
		walk(x, m, a, b, out, 1);
		return;
	}
	walk(x, m, a, lo * B, out, 1);
	for (p = lo; p < hi; p += (size_t)1 << l) {
		for (l = 0; l + 1 < LEVELS && p % ((size_t)2 << l) == 0 &&
		     p + ((size_t)2 << l) <= hi; l++)
			;
		fold(out, x->lv[l] + (p >> l) * ng, ng, p == lo && a == lo * B);
	}
	for (g = 0; g < ng; g++)
		out[g].sum += x->psum[hi * (ng + 1) + g] - x->psum[lo * (ng + 1) + g];
	walk(x, m, hi * B, b, out, 0);
}

double
render_colidx_tsum(const render_colidx *x, size_t a, size_t b)
{
	return x->tsum[b] - x->tsum[a];
}

double
render_colidx_area(const render_colidx *x)
{
	return x->area;
}
