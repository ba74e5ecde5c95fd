/*
 * hp/eventlog-heap.c - the eventlog's heap events: censuses (160-166), cost
 * centres and the names of their stacks (161; time samples name stacks
 * by them too), info-table provenance (169, -hi) and the heap series
 * (49-51, 91).  Their payloads are documented beside the handler table
 * in eventlog.c; this file owns struct el_heap.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eventlog-private.h"
#include "grow.h"

enum { BREAKDOWN_INFO_TABLE = 8, BREAKDOWN_ERA = 9 };

#define DIRECT_IDS 65536	/* ids below this are found by indexing */
#define STACK_KEYS (16u << 20)

/* A stack's key is its id count d (0-255) and its 4*d id bytes; the
 * hash covers the bytes, and their count d. */
uint64_t
el_stack_hash(unsigned d, const unsigned char *ids)
{
	return hp_hash_bytes(ids, 4 * (size_t)d);
}

void
el_stacks_clear(struct stacks *c)
{
	hp_index_clear(&c->ix);
	c->n = 0;
	c->nkeys = 0;
}

void
el_stacks_free(struct stacks *c)
{
	hp_index_free(&c->ix);
	free(c->s);
	free(c->keys);
}

/* The band of the stack, or -1. */
int64_t
el_stacks_get(const struct stacks *c, unsigned d, const unsigned char *ids,
	      uint64_t h)
{
	size_t slot = hp_index_start(&c->ix, h);
	int64_t i;

	while ((i = hp_index_next(&c->ix, h, &slot)) >= 0)
		if (c->keys[c->s[i].at] == d &&
		    !memcmp(c->keys + c->s[i].at + 1, ids, 4 * (size_t)d))
			return (int64_t)c->s[i].band;
	return -1;
}

/* Remember a stack's band.  Failure (no memory) only costs speed. */
void
el_stacks_put(struct stacks *c, unsigned d, const unsigned char *ids,
	      uint64_t h, hp_band b)
{
	size_t len = 1 + 4 * (size_t)d;

	if (c->nkeys + len > STACK_KEYS)
		el_stacks_clear(c);
	if (HP_GROW(c->keys, c->keys_cap, c->nkeys + len) ||
	    HP_GROW(c->s, c->cap, c->n + 1) ||
	    hp_index_add(&c->ix, h, (uint32_t)c->n))
		return;
	c->keys[c->nkeys] = (unsigned char)d;
	memcpy(c->keys + c->nkeys + 1, ids, len - 1);
	c->s[c->n].at = c->nkeys;
	c->s[c->n].band = b;
	c->nkeys += len;
	c->n++;
}

struct cc *
el_cc_find(const struct el *st, uint32_t id)
{
	int64_t i;

	if (id < DIRECT_IDS)
		return id < st->h.nccdirect && st->h.ccdirect[id]
		       ? &st->h.cc[st->h.ccdirect[id] - 1] : NULL;
	i = hp_index_get(&st->h.ccmap, id);
	return i < 0 ? NULL : &st->h.cc[i];
}

/* Profiled logs define 100-2,000 cost centres before any sample, so this
 * is one copy and an array store each. */
static int
cost_centre(struct el *st, struct cur *c)
{
	const char *label, *module, *srcloc;
	const unsigned char *start;
	size_t llen, mlen, slen, len;
	unsigned flags = 0;
	struct cc *p;
	uint32_t id;

	if (get_u32(c, &id))
		return 0;
	start = c->p;
	get_str(c, &label, &llen);
	get_str(c, &module, &mlen);
	get_str(c, &srcloc, &slen);
	len = (size_t)(c->p - start);
	(void)get_u8(c, &flags);
	el_stacks_clear(&st->h.stacks);	/* names may change */
	el_stacks_clear(&st->p.stacks);
	if (!(p = el_cc_find(st, id))) {
		if (st->h.ncc >= UINT32_MAX - 1 ||
		    HP_GROW(st->h.cc, st->h.cc_cap, st->h.ncc + 1))
			return -1;
		if (id < DIRECT_IDS) {
			if (id >= st->h.nccdirect) {
				if (HP_GROW(st->h.ccdirect, st->h.ccdirect_cap, (size_t)id + 1))
					return -1;
				memset(st->h.ccdirect + st->h.nccdirect, 0,
				       ((size_t)id + 1 - st->h.nccdirect) * sizeof *st->h.ccdirect);
				st->h.nccdirect = (size_t)id + 1;
			}
			st->h.ccdirect[id] = (uint32_t)st->h.ncc + 1;
		} else if (hp_index_put(&st->h.ccmap, id, (uint32_t)st->h.ncc)) {
			return -1;
		}
		p = &st->h.cc[st->h.ncc++];
		p->len = SIZE_MAX;
	}
	/* A restarted log posts every cost centre again: keep the copy. */
	if (p->len != len || (len && memcmp(st->h.ccstr + p->at, start, len) != 0)) {
		if (len > SIZE_MAX - st->h.nccstr ||
		    HP_GROW(st->h.ccstr, st->h.ccstr_cap, st->h.nccstr + len))
			return -1;
		if (len)	/* ccstr is still NULL before the first string */
			memcpy(st->h.ccstr + st->h.nccstr, start, len);
		p->at = st->h.nccstr;
		p->len = len;
		st->h.nccstr += len;
	}
	p->label_len = llen;
	p->module = (size_t)((const unsigned char *)module - start);
	p->module_len = mlen;
	p->srcloc = (size_t)((const unsigned char *)srcloc - start);
	p->srcloc_len = slen;
	p->caf = flags == 99 || flags == 1 || (llen == 3 && !memcmp(label, "CAF", 3));
	return 0;
}

/*
 * The band of a cost-centre stack, named as GHC's .hp names it (fprint_ccs)
 * but untruncated and without the "(ccsID)" prefix: labels innermost
 * first joined by "/", a component labelled CAF written "Module.CAF" with
 * no "/" after it, and MAIN for the empty stack.  An id never defined
 * (code loaded later) shows as "<cc N>".
 *
 * A name past MAX_LABEL bytes (only hostile or very deep stacks: 255
 * cost centres of 64 bytes) keeps its first MAX_LABEL bytes, cut at a
 * UTF-8 boundary, then "...(ccs " and every id of the stack, innermost
 * first, then ")": memory stays proportional to the event, and two
 * different stacks still name two bands.  The first one gets a warning.
 */
int
el_stack_label(struct el *st, unsigned depth, const unsigned char *ids,
	       size_t *len, uint64_t off)
{
	unsigned k;

	*len = 0;
	if (depth == 0)
		return el_buf_put(st, len, "MAIN", 4);
	for (k = 0; k < depth && *len <= MAX_LABEL; k++) {
		uint32_t id = be32(ids + (size_t)4 * k);
		const struct cc *p = el_cc_find(st, id);
		const char *label = p ? st->h.ccstr + p->at : NULL;

		if (!p) {
			char s[24];
			int n = snprintf(s, sizeof s, "<cc %lu>", (unsigned long)id);

			if (el_buf_put(st, len, s, (size_t)n))
				return -1;
		} else if (p->label_len == 3 && !memcmp(label, "CAF", 3)) {
			if (el_buf_put(st, len, label + p->module, p->module_len) ||
			    el_buf_put(st, len, ".CAF", 4))
				return -1;
			continue;
		} else if (el_buf_put(st, len, label, p->label_len)) {
			return -1;
		}
		if (k + 1 < depth && el_buf_put(st, len, "/", 1))
			return -1;
	}
	if (*len > MAX_LABEL) {
		*len = MAX_LABEL;
		while (*len > 0 && ((unsigned char)st->buf[*len] & 0xc0) == 0x80)
			--*len;
		if (el_buf_put(st, len, "...(ccs", 7))
			return -1;
		for (k = 0; k < depth; k++) {
			char s[24];
			int n = snprintf(s, sizeof s, " %lu",
					 (unsigned long)be32(ids + (size_t)4 * k));

			if (el_buf_put(st, len, s, (size_t)n))
				return -1;
		}
		if (el_buf_put(st, len, ")", 1))
			return -1;
		if (!st->h.long_label) {
			st->h.long_label = 1;
			hp_model_warn(st->m, "%s: byte %llu: a cost-centre stack's "
				      "name passes %zu KiB; such names are cut and "
				      "end with the stack's cost-centre ids",
				      st->name, (unsigned long long)off,
				      MAX_LABEL / 1024);
		}
	}
	return 0;
}

/* A -hi band gets its provenance and the label made of it (ipe.c). */
static int
apply_ipe(struct el *st, hp_band b, const struct hp_ipe *ipe, uint64_t off,
	  struct hp_err *err)
{
	if (hp_ipe_name_band(&st->h.ipenames, st->out[K_HEAP].m, b, ipe, merr(st)))
		return el_model_fail(st, off, err);
	return 0;
}

/* "0x4c9b58" (glibc %p; other libcs may leave out the 0x). */
static int
parse_ptr(const char *s, size_t len, uint64_t *v)
{
	size_t i = 0;

	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		i = 2;
	if (i == len || len - i > 16)
		return -1;
	for (*v = 0; i < len; i++) {
		char ch = s[i];
		unsigned d;

		if (ch >= '0' && ch <= '9')
			d = (unsigned)(ch - '0');
		else if (ch >= 'a' && ch <= 'f')
			d = (unsigned)(ch - 'a' + 10);
		else if (ch >= 'A' && ch <= 'F')
			d = (unsigned)(ch - 'A' + 10);
		else
			return -1;
		*v = *v << 4 | d;
	}
	return 0;
}

/* A new band of an era profile (-he): GHC names it by the era's number
 * alone (rts/ProfHeap.c writes the era as the sample's string), so its
 * label says it is one: "era 3".  The name stays the number, as the
 * .hp of the same run names it. */
static int
era_band(struct el *st, hp_band b, const char *s, size_t len, uint64_t off,
	 struct hp_err *err)
{
	char *lab = len < SIZE_MAX - 5 ? hp_malloc(len + 5) : NULL;
	int rc;

	if (!lab)
		return el_oom(st, err);
	memcpy(lab, "era ", 4);
	memcpy(lab + 4, s, len);
	lab[len + 4] = '\0';
	rc = hp_model_band_set_label(st->out[K_HEAP].m, b, lab, len + 4, merr(st));
	free(lab);
	return rc ? el_model_fail(st, off, err) : 0;
}

/* A new band of a -hi profile: remember its info pointer, apply a known
 * IPE, else say it has none (GHC posts the IPE events at start-up; one
 * that comes later names the band then). */
static int
info_band(struct el *st, hp_band b, const char *s, size_t len, uint64_t off,
	  struct hp_err *err)
{
	uint64_t ptr;
	int64_t i;

	if (parse_ptr(s, len, &ptr))
		return 0;
	if (hp_index_put(&st->h.bandmap, ptr, b))
		return el_oom(st, err);
	i = hp_index_get(&st->h.ipemap, ptr);
	if (i >= 0)
		return apply_ipe(st, b, &st->h.ipe[i], off, err);
	if (hp_ipe_name_missing(st->out[K_HEAP].m, b, merr(st)))
		return el_model_fail(st, off, err);
	return 0;
}

static int
info_entry(struct el *st, struct cur *c, uint64_t off, struct hp_err *err)
{
	const char *s[6];
	size_t len[6];
	struct hp_ipe *ipe;
	uint64_t ptr;
	int64_t i, b;
	int k;

	if (get_u64(c, &ptr))
		return 0;
	for (k = 0; k < 6; k++)
		get_str(c, &s[k], &len[k]);
	i = hp_index_get(&st->h.ipemap, ptr);
	if (i < 0) {
		if (st->h.nipe >= UINT32_MAX - 1 ||
		    HP_GROW(st->h.ipe, st->h.ipe_cap, st->h.nipe + 1) ||
		    hp_index_put(&st->h.ipemap, ptr, (uint32_t)st->h.nipe))
			return el_oom(st, err);
		i = (int64_t)st->h.nipe++;
	}
	ipe = &st->h.ipe[i];
	if (!(ipe->table_name = hp_arena_dup(&st->h.arena, s[0], len[0])) ||
	    !(ipe->closure_desc = hp_arena_dup(&st->h.arena, s[1], len[1])) ||
	    !(ipe->type_desc = hp_arena_dup(&st->h.arena, s[2], len[2])) ||
	    !(ipe->label = hp_arena_dup(&st->h.arena, s[3], len[3])) ||
	    !(ipe->module = hp_arena_dup(&st->h.arena, s[4], len[4])) ||
	    !(ipe->srcloc = hp_arena_dup(&st->h.arena, s[5], len[5])))
		return el_oom(st, err);
	b = hp_index_get(&st->h.bandmap, ptr);
	return b < 0 ? 0 : apply_ipe(st, (hp_band)b, ipe, off, err);
}

static const char *const breakdown_name[] = {
	[1] = "by cost-centre stack (-hc)",
	[2] = "by module (-hm)",
	[3] = "by closure description (-hd)",
	[4] = "by type description (-hy)",
	[5] = "by retainer set (-hr)",
	[6] = "by biography (-hb)",
	[7] = "by closure type (-hT)",
	[8] = "by info table (-hi)",
	[9] = "by era (-he)",
};

static int
prof_begin(struct el *st, struct cur *c, uint64_t off, struct hp_err *err)
{
	unsigned profile;
	uint64_t period;
	uint32_t bd;
	char s[32];
	const char *name;
	int n;

	if (get_u8(c, &profile) || get_u64(c, &period) || get_u32(c, &bd))
		return 0;
	st->h.breakdown = bd;
	if (bd < sizeof breakdown_name / sizeof *breakdown_name &&
	    breakdown_name[bd]) {
		name = breakdown_name[bd];
		n = (int)strlen(name);
	} else {
		n = snprintf(s, sizeof s, "by breakdown %lu", (unsigned long)bd);
		name = s;
	}
	if (el_set_field(st, K_HEAP, HP_BREAKDOWN, name, (size_t)n, off, err))
		return -1;
	return el_set_interval(st, K_HEAP, period, off, err);
}

/* One band value of the open sample (163/164). */
static int
sample_value(struct el *st, int cc, struct cur *c, uint64_t off,
	     struct hp_err *err)
{
	const char *name;
	size_t len, before;
	uint64_t bytes, h = 0;
	unsigned profile, depth = 0;
	int64_t known;
	hp_band b;
	const struct el_out *o = &st->out[K_HEAP];
	hp_model *m = o->m;

	if (!o->open || get_u8(c, &profile) ||
	    get_u64(c, &bytes))
		return 0;
	if (cc) {
		if (!get_u8(c, &depth) && depth > (unsigned)((c->end - c->p) / 4))
			depth = (unsigned)((c->end - c->p) / 4);
		h = el_stack_hash(depth, c->p);
		known = el_stacks_get(&st->h.stacks, depth, c->p, h);
		if (known >= 0) {
			if (hp_model_add(m, (hp_band)known, bytes, merr(st)))
				return el_model_fail(st, off, err);
			return 0;
		}
		if (el_stack_label(st, depth, c->p, &len, off))
			return el_oom(st, err);
		name = st->buf;
	} else {
		get_str(c, &name, &len);
	}
	before = hp_model_band_count(m);
	if (hp_model_intern(m, name, len, &b, merr(st)) ||
	    hp_model_add(m, b, bytes, merr(st)))
		return el_model_fail(st, off, err);
	if (cc)
		el_stacks_put(&st->h.stacks, depth, c->p, h, b);
	if (b >= before && st->h.breakdown == BREAKDOWN_INFO_TABLE &&
	    !cc)
		return info_band(st, b, name, len, off, err);
	if (b >= before && st->h.breakdown == BREAKDOWN_ERA && !cc)
		return era_band(st, b, name, len, off, err);
	return 0;
}

static int
series_point(struct el *st, enum hp_series s, struct ev *e, struct hp_err *err)
{
	uint32_t capset;
	uint64_t v;
	size_t i;

	if (get_u32(&e->c, &capset) || get_u64(&e->c, &v))
		return 0;
	for (i = 0; i < st->nall; i++)
		if (hp_model_add_point(st->all[i], s, ev_time(st, e->ns), v,
				       merr(st)))
			return el_model_fail(st, e->off, err);
	return 0;
}

/* ---- handlers ---- */

int
el_heap_allocated(struct el *st, struct ev *e, struct hp_err *err)
{
	uint32_t u;
	uint64_t v;

	size_t i;

	if (get_u32(&e->c, &u) || get_u64(&e->c, &v))
		return 0;
	for (i = 0; i < st->nall; i++)
		if (hp_model_add_allocated(st->all[i], ev_time(st, e->ns), v,
					   merr(st)))
			return el_model_fail(st, e->off, err);
	return 0;
}

int
el_heap_size(struct el *st, struct ev *e, struct hp_err *err)
{
	return series_point(st, HP_HEAP_SIZE, e, err);
}

int
el_heap_live(struct el *st, struct ev *e, struct hp_err *err)
{
	return series_point(st, HP_HEAP_LIVE, e, err);
}

int
el_blocks_size(struct el *st, struct ev *e, struct hp_err *err)
{
	return series_point(st, HP_BLOCKS_SIZE, e, err);
}

int
el_heap_prof_begin(struct el *st, struct ev *e, struct hp_err *err)
{
	if (el_claim(st, K_HEAP, e->off, err) < 0)
		return -1;
	return prof_begin(st, &e->c, e->off, err);
}

int
el_cost_centre(struct el *st, struct ev *e, struct hp_err *err)
{
	return cost_centre(st, &e->c) ? el_oom(st, err) : 0;
}

int
el_heap_sample_begin(struct el *st, struct ev *e, struct hp_err *err)
{
	if (el_claim(st, K_HEAP, e->off, err) < 0)
		return -1;
	return el_sample_begin(st, K_HEAP, e->ns, e->off, err);
}

/* Bio samples are all posted at exit: the census time is in the payload. */
int
el_bio_sample_begin(struct el *st, struct ev *e, struct hp_err *err)
{
	uint64_t ns = e->ns, v;

	if (el_claim(st, K_HEAP, e->off, err) < 0)
		return -1;
	if (!get_u64(&e->c, &v) && !get_u64(&e->c, &v))
		ns = v;
	return el_sample_begin(st, K_HEAP, ns, e->off, err);
}

int
el_heap_sample_cc(struct el *st, struct ev *e, struct hp_err *err)
{
	return sample_value(st, 1, &e->c, e->off, err);
}

int
el_heap_sample_string(struct el *st, struct ev *e, struct hp_err *err)
{
	return sample_value(st, 0, &e->c, e->off, err);
}

int
el_heap_sample_end(struct el *st, struct ev *e, struct hp_err *err)
{
	return st->out[K_HEAP].open ? el_sample_commit(st, K_HEAP, e->off, err) : 0;
}

int
el_ipe(struct el *st, struct ev *e, struct hp_err *err)
{
	return info_entry(st, &e->c, e->off, err);
}

void
el_heap_free(struct el_heap *h)
{
	hp_arena_release(&h->arena);
	hp_index_free(&h->ccmap);
	free(h->ccdirect);
	free(h->ccstr);
	el_stacks_free(&h->stacks);
	hp_index_free(&h->ipemap);
	hp_index_free(&h->bandmap);
	hp_ipe_names_free(&h->ipenames);
	free(h->cc);
	free(h->ipe);
}
