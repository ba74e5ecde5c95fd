/*
 * hp/model.c - the heap-profile model.  See model.h for the contract.
 *
 * Storage: every committed entry lives in two parallel arrays (band, bytes);
 * sample i owns entries start[i] .. start[i+1]-1.  The open sample's entries
 * are appended past the committed ones and become visible on commit.
 * Duplicate bands inside the open sample are found in O(1) through a
 * per-band (generation, slot) pair, so no per-sample hash is needed.
 * Band names are interned through a hash index over band indices (hash.h).
 *
 * Over 1,000 lines because the model is one opaque struct (model.h): its 80-odd
 * functions, most a few lines, are its only accessors, and each
 * must see the struct; a second file would need it in a private header
 * for the sake of the line count.
 */
#include "model.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "arena.h"
#include "grow.h"
#include "hash.h"

struct band {
	const char *name;	/* interned bytes, NUL-terminated */
	size_t len;
	const char *label;	/* display override, or NULL */
	size_t label_len;
	struct hp_ipe *ipe;	/* -hi provenance, or NULL */
	struct hp_ticky_row *ticky;	/* a ticky report's row, or NULL */
	const char *stack;	/* time profiles: frames, NUL after each */
	size_t stack_len;
	double total;		/* over committed samples */
	uint64_t gen;		/* == model gen when in the open sample */
	uint64_t pgen;		/* == model gen when its parts are kept */
	size_t slot;		/* its entry index in the open sample */
};

struct mark {
	double t;
	const char *label;	/* or NULL */
};

/* A series thinned past HP_SERIES_MAX points: each group of `group`
 * points in arrival order is kept as its least and greatest (see
 * hp_model_add_point). */
struct series {
	double *t;
	uint64_t *v;
	size_t n, cap, vcap;
	size_t group;		/* points per group; 1 until the first thinning */
	size_t gcount;		/* points in the last group so far */
	size_t gbase;		/* where the last group's entries start */
	double tmin, tmax;
	uint64_t vmin, vmax;
	size_t smin, smax;	/* their places in the group */
	int has_last;
	double tlast;		/* the newest point given */
	uint64_t vlast;
};

struct hp_model {
	struct hp_arena arena;
	const char *field[HP_NFIELDS];

	struct band *band;
	size_t nband, band_cap;
	struct hp_index names;	/* name hash -> band */

	double *time;		/* per committed sample */
	size_t *start;		/* nsample + 1 offsets into entries */
	uint64_t *sum;
	size_t nsample, time_cap, start_cap, sum_cap;

	hp_band *ebands;	/* entries, committed then open */
	uint64_t *ebytes;
	size_t nentry, eband_cap, ebyte_cap;
	int borrowed;		/* ebands and ebytes are another model's
				 * (hp_model_share_range) until written */
	const hp_model *shared_src;	/* that model, and the first of its */
	size_t shared_lo;		/* samples here */

	/* Parts: every value of an entry added more than once, in entry
	 * order (add order within one), the open sample's past the
	 * committed ones. */
	size_t *pentry;
	uint64_t *pbytes;
	size_t npart, ncpart, pentry_cap, pbyte_cap;	/* ncpart: committed */

	/* The cache slot (hp_model_cache): allocated apart, so that a
	 * reader holding a const model may fill it. */
	struct cache {
		void *data;
		void (*destroy)(void *);
	} *cache;

	int open;		/* a sample is open */
	double open_time;
	uint64_t gen;		/* bumped at every begin */

	struct mark *mark;
	size_t nmark, mark_cap;

	struct series series[HP_NSERIES];
	struct series allocated;	/* HEAP_ALLOCATED's counts */

	char **warning;
	size_t nwarning, warning_cap;

	enum hp_kind kind;
	hp_model *other[HP_MODEL_OTHERS];	/* the run's other models */
	int beside;		/* a part beside a profile (model.h) */
	enum hp_profile profile;
	double scale;		/* 0 = not set (1) */
	double tick;
	enum hp_measure measure;
	int exit_sample;	/* a last empty sample is GHC's exit mark */
	double origin;		/* where a ticky profile's first interval
				 * begins */
	struct counter {
		const char *name;
		uint64_t v;
	} *counter;
	size_t ncounter, counter_cap;

	/* A model that lets its old samples go (hp_model_compact): the
	 * running sums of every sample it had (its own, or for a share of
	 * all its samples its source's), the buckets its first nhist
	 * samples summarise, each of `span` samples as they came (the last
	 * one fewer), and how many samples it no longer holds. */
	struct hp_running *run;
	void (*run_free)(struct hp_running *);	/* set: m's own */
	struct bucket {
		size_t raw;	/* samples it stands for */
		size_t n;	/* its samples kept, rep[0..n-1] ascending */
		size_t rep[4];
	} *bucket;
	size_t nbucket, bucket_cap, span, nhist, dropped;
};

const struct hp_series_name hp_series_names[HP_NSERIES] = {
	[HP_HEAP_SIZE] = { "heap size", "heap_size" },
	[HP_BLOCKS_SIZE] = { "blocks size", "blocks_size" },
	[HP_HEAP_LIVE] = { "live bytes", "heap_live" },
};

static int
oom(struct hp_err *err)
{
	return hp_err_set(err, "out of memory");
}

hp_model *
hp_model_new(void)
{
	hp_model *m = hp_callocn(1, sizeof *m);

	if (!m)
		return NULL;
	m->kind = HP_KIND_HP;
	m->start = hp_malloc(sizeof *m->start * 16);
	m->cache = hp_callocn(1, sizeof *m->cache);
	if (!m->start || !m->cache) {
		free(m->start);
		free(m->cache);
		free(m);
		return NULL;
	}
	m->start_cap = 16;
	m->start[0] = 0;
	return m;
}

void *
hp_model_cache(const hp_model *m)
{
	return m->cache->data;
}

void
hp_model_set_cache(const hp_model *m, void *data, void (*destroy)(void *))
{
	struct cache *c = m->cache;

	if (c->data && c->data != data && c->destroy)
		c->destroy(c->data);
	c->data = data;
	c->destroy = destroy;
}

void
hp_model_free(hp_model *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < HP_MODEL_OTHERS; i++)
		hp_model_free(m->other[i]);
	for (i = 0; i < m->nband; i++) {
		free(m->band[i].ipe);
		free(m->band[i].ticky);
	}
	free(m->band);
	hp_index_free(&m->names);
	hp_model_set_cache(m, NULL, NULL);
	free(m->cache);
	free(m->time);
	free(m->start);
	free(m->sum);
	if (!m->borrowed) {
		free(m->ebands);
		free(m->ebytes);
	}
	free(m->pentry);
	free(m->pbytes);
	free(m->mark);
	for (i = 0; i < HP_NSERIES; i++) {
		free(m->series[i].t);
		free(m->series[i].v);
	}
	free(m->allocated.t);
	free(m->allocated.v);
	for (i = 0; i < m->nwarning; i++)
		free(m->warning[i]);
	free(m->warning);
	free(m->counter);
	if (m->run_free)
		m->run_free(m->run);
	free(m->bucket);
	hp_arena_release(&m->arena);
	free(m);
}

int
hp_model_set(hp_model *m, enum hp_field f, const char *s, size_t len,
	     struct hp_err *err)
{
	char *p;

	if ((unsigned)f >= HP_NFIELDS)
		return hp_err_set(err, "bad header field %d", (int)f);
	p = hp_arena_dup(&m->arena, s, len);
	if (!p)
		return oom(err);
	m->field[f] = p;
	return 0;
}

const char *
hp_model_get(const hp_model *m, enum hp_field f)
{
	return (unsigned)f < HP_NFIELDS ? m->field[f] : NULL;
}

/* The band named name, or -1. */
static int64_t
find(const hp_model *m, const char *name, size_t len, uint64_t h)
{
	size_t slot = hp_index_start(&m->names, h);
	int64_t b;

	while ((b = hp_index_next(&m->names, h, &slot)) >= 0)
		if (m->band[b].len == len &&
		    memcmp(m->band[b].name, name, len) == 0)
			return b;
	return -1;
}

int
hp_model_lookup(const hp_model *m, const char *name, size_t len, hp_band *out)
{
	int64_t b = find(m, name, len, hp_hash_bytes(name, len));

	if (b < 0)
		return 0;
	*out = (hp_band)b;
	return 1;
}

int
hp_model_intern(hp_model *m, const char *name, size_t len, hp_band *out,
		struct hp_err *err)
{
	uint64_t h = hp_hash_bytes(name, len);
	int64_t found = find(m, name, len, h);
	struct band *b;

	if (found >= 0) {
		*out = (hp_band)found;
		return 0;
	}
	if (m->nband >= UINT32_MAX - 1)
		return hp_err_set(err, "too many bands");
	if (HP_GROW(m->band, m->band_cap, m->nband + 1))
		return oom(err);
	b = &m->band[m->nband];
	memset(b, 0, sizeof *b);
	b->name = hp_arena_dup(&m->arena, name, len);
	if (!b->name)
		return oom(err);
	b->len = len;
	if (hp_index_add(&m->names, h, (uint32_t)m->nband))
		return oom(err);
	*out = (hp_band)m->nband++;
	return 0;
}

int
hp_model_band_rename(hp_model *m, hp_band b, const char *name, size_t len,
		     struct hp_err *err)
{
	uint64_t h = hp_hash_bytes(name, len);
	int64_t found = find(m, name, len, h);
	const char *copy;

	if (found >= 0)
		return (hp_band)found == b ? 0 : 1;
	copy = hp_arena_dup(&m->arena, name, len);
	/* the old name's index entry stays, matching nothing now */
	if (!copy || hp_index_add(&m->names, h, b))
		return oom(err);
	m->band[b].name = copy;
	m->band[b].len = len;
	return 0;
}

size_t
hp_model_band_count(const hp_model *m)
{
	return m->nband;
}

const char *
hp_model_band_name(const hp_model *m, hp_band b, size_t *len)
{
	if (len)
		*len = m->band[b].len;
	return m->band[b].name;
}

const char *
hp_model_band_label(const hp_model *m, hp_band b, size_t *len)
{
	const struct band *p = &m->band[b];

	if (!p->label)
		return hp_model_band_name(m, b, len);
	if (len)
		*len = p->label_len;
	return p->label;
}

int
hp_model_band_set_label(hp_model *m, hp_band b, const char *s, size_t len,
			struct hp_err *err)
{
	char *p = hp_arena_dup(&m->arena, s, len);

	if (!p)
		return oom(err);
	m->band[b].label = p;
	m->band[b].label_len = len;
	return 0;
}

static const char *
dup0(hp_model *m, const char *s, int *bad)
{
	const char *p;

	if (!s)
		return NULL;
	p = hp_arena_dup(&m->arena, s, strlen(s));
	if (!p)
		*bad = 1;
	return p;
}

int
hp_model_band_set_ipe(hp_model *m, hp_band b, const struct hp_ipe *ipe,
		      struct hp_err *err)
{
	struct hp_ipe *p = m->band[b].ipe;
	int bad = 0;

	if (!p && !(p = hp_callocn(1, sizeof *p)))
		return oom(err);
	m->band[b].ipe = p;
	p->table_name = dup0(m, ipe->table_name, &bad);
	p->closure_desc = dup0(m, ipe->closure_desc, &bad);
	p->type_desc = dup0(m, ipe->type_desc, &bad);
	p->label = dup0(m, ipe->label, &bad);
	p->module = dup0(m, ipe->module, &bad);
	p->srcloc = dup0(m, ipe->srcloc, &bad);
	return bad ? oom(err) : 0;
}

const struct hp_ipe *
hp_model_band_ipe(const hp_model *m, hp_band b)
{
	return m->band[b].ipe;
}

double
hp_model_band_total(const hp_model *m, hp_band b)
{
	return m->band[b].total;
}

int
hp_model_begin(hp_model *m, double t, struct hp_err *err)
{
	if (m->open)
		return hp_err_set(err, "sample already open");
	if (!isfinite(t))
		return hp_err_set(err, "sample time is not a finite number");
	if (m->nsample && t < m->time[m->nsample - 1])
		return hp_err_set(err, "samples out of sequence (%g after %g)", t,
				  m->time[m->nsample - 1]);
	m->open = 1;
	m->open_time = t;
	m->gen++;
	return 0;
}

static int
add_part(hp_model *m, size_t entry, uint64_t bytes)
{
	if (HP_GROW(m->pentry, m->pentry_cap, m->npart + 1) ||
	    HP_GROW(m->pbytes, m->pbyte_cap, m->npart + 1))
		return -1;
	m->pentry[m->npart] = entry;
	m->pbytes[m->npart] = bytes;
	m->npart++;
	return 0;
}

/* Entries shared with another model (hp_model_share_range) become this
 * model's own before any is written. */
static int
own_entries(hp_model *m)
{
	size_t n = m->nentry ? m->nentry : 1;
	hp_band *b;
	uint64_t *v;

	if (!m->borrowed)
		return 0;
	b = hp_mallocn(n, sizeof *b);
	v = hp_mallocn(n, sizeof *v);
	if (!b || !v) {
		free(b);
		free(v);
		return -1;
	}
	if (m->nentry) {
		memcpy(b, m->ebands, m->nentry * sizeof *b);
		memcpy(v, m->ebytes, m->nentry * sizeof *v);
	}
	m->ebands = b;
	m->ebytes = v;
	m->eband_cap = m->ebyte_cap = n;
	m->borrowed = 0;
	return 0;
}

int
hp_model_add(hp_model *m, hp_band b, uint64_t bytes, struct hp_err *err)
{
	struct band *p;

	if (!m->open)
		return hp_err_set(err, "value outside a sample");
	if (b >= m->nband)
		return hp_err_set(err, "no such band %u", (unsigned)b);
	p = &m->band[b];
	if (p->gen == m->gen) {
		uint64_t *v = &m->ebytes[p->slot];

		if (*v > UINT64_MAX - bytes)
			return hp_err_set(err, "value of band in one sample passes 2^64-1");
		/* The first repeat keeps the value it repeats, too. */
		if ((p->pgen != m->gen && add_part(m, p->slot, *v)) ||
		    add_part(m, p->slot, bytes))
			return oom(err);
		p->pgen = m->gen;
		*v += bytes;
		return 0;
	}
	/* the capacity test inline: this runs once per value read */
	if ((m->nentry >= m->eband_cap || m->nentry >= m->ebyte_cap) &&
	    (own_entries(m) < 0 ||
	     HP_GROW(m->ebands, m->eband_cap, m->nentry + 1) ||
	     HP_GROW(m->ebytes, m->ebyte_cap, m->nentry + 1)))
		return oom(err);
	p->gen = m->gen;
	p->slot = m->nentry;
	m->ebands[m->nentry] = b;
	m->ebytes[m->nentry] = bytes;
	m->nentry++;
	return 0;
}

int
hp_model_add_many(hp_model *m, const hp_band *bands, const uint64_t *bytes,
		  size_t n, size_t *done, struct hp_err *err)
{
	size_t i, e = m->nentry;
	uint64_t gen = m->gen;

	*done = 0;
	if (!m->open)
		return hp_err_set(err, "value outside a sample");
	if (n > SIZE_MAX - e)
		return oom(err);
	if ((e + n > m->eband_cap || e + n > m->ebyte_cap) &&
	    (own_entries(m) < 0 ||
	     HP_GROW(m->ebands, m->eband_cap, e + n) ||
	     HP_GROW(m->ebytes, m->ebyte_cap, e + n)))
		return oom(err);
	for (i = 0; i < n; i++) {
		hp_band b = bands[i];
		struct band *p;

		if (b >= m->nband || m->band[b].gen == gen) {
			/* a band met twice in the sample (or none such):
			 * hp_model_add says what to do */
			m->nentry = e;
			if (hp_model_add(m, b, bytes[i], err)) {
				*done = i;
				return -1;
			}
			e = m->nentry;
			continue;
		}
		p = &m->band[b];
		p->gen = gen;
		p->slot = e;
		m->ebands[e] = b;
		m->ebytes[e++] = bytes[i];
	}
	m->nentry = e;
	*done = n;
	return 0;
}

/* The open sample's parts, from p0 on, into entry order (a counting
 * sort: stable, so each entry keeps its values in the order added). */
static int
sort_parts(hp_model *m, size_t p0)
{
	size_t s = m->start[m->nsample], ne = m->nentry - s, n = m->npart - p0;
	size_t *count, *ent, i, sorted = 1;
	uint64_t *val;

	for (i = p0 + 1; i < m->npart && sorted; i++)
		sorted = m->pentry[i - 1] <= m->pentry[i];
	if (sorted)
		return 0;
	count = hp_callocn(ne + 1, sizeof *count);
	ent = hp_mallocn(n, sizeof *ent);
	val = hp_mallocn(n, sizeof *val);
	if (!count || !ent || !val) {
		free(count);
		free(ent);
		free(val);
		return -1;
	}
	for (i = p0; i < m->npart; i++)
		count[m->pentry[i] - s + 1]++;
	for (i = 1; i <= ne; i++)
		count[i] += count[i - 1];
	for (i = p0; i < m->npart; i++) {
		size_t k = count[m->pentry[i] - s]++;

		ent[k] = m->pentry[i];
		val[k] = m->pbytes[i];
	}
	memcpy(m->pentry + p0, ent, n * sizeof *ent);
	memcpy(m->pbytes + p0, val, n * sizeof *val);
	free(count);
	free(ent);
	free(val);
	return 0;
}

/* What a committed entry adds to its band's total: one place, so that
 * commit and append round the sums alike. */
static inline void
account(struct band *p, uint64_t v)
{
	p->total += (double)v;
}

int
hp_model_commit(hp_model *m, struct hp_err *err)
{
	size_t i, s = m->start[m->nsample];
	uint64_t sum = 0;

	if (!m->open)
		return hp_err_set(err, "no sample open");
	if (m->npart > m->ncpart && sort_parts(m, m->ncpart) < 0)
		return oom(err);
	if (HP_GROW(m->time, m->time_cap, m->nsample + 1) ||
	    HP_GROW(m->sum, m->sum_cap, m->nsample + 1) ||
	    HP_GROW(m->start, m->start_cap, m->nsample + 2))
		return oom(err);
	for (i = s; i < m->nentry; i++) {
		struct band *p = &m->band[m->ebands[i]];
		uint64_t v = m->ebytes[i];

		account(p, v);
		p->gen = 0;
		sum = sum > UINT64_MAX - v ? UINT64_MAX : sum + v;
	}
	m->time[m->nsample] = m->open_time;
	m->sum[m->nsample] = sum;
	m->start[++m->nsample] = m->nentry;
	m->ncpart = m->npart;
	m->open = 0;
	return 0;
}

int
hp_model_append(hp_model *m, const hp_model *from, const hp_band *map,
		struct hp_err *err)
{
	return hp_model_append_range(m, from, 0, from->nsample, map, NULL, err);
}

/* The whole pages of bytes *done..end of an array no longer read, given
 * back to the system; *done moves to the first byte not given back.
 * Only Linux is asked (its MADV_DONTNEED frees at once; POSIX's
 * posix_madvise may ignore it): elsewhere the memory waits for free. */
static void
give_back(const void *base, uintptr_t *done, size_t end)
{
#if defined(__linux__) && defined(MADV_DONTNEED)
	const uintptr_t page = 4096;	/* a multiple of it elsewhere: still whole */
	uintptr_t a = ((uintptr_t)base + *done + page - 1) & ~(page - 1);
	uintptr_t e = ((uintptr_t)base + end) & ~(page - 1);

	if (e > a && madvise((void *)a, e - a, MADV_DONTNEED) == 0)
		*done = e - (uintptr_t)base;
#else
	(void)base;
	(void)done;
	(void)end;
#endif
}

/* Entries appended between two give_backs: a few MB, so that the pages
 * of `from` go as fast as m's come. */
#define DRAIN_STEP ((size_t)1 << 18)

int
hp_model_append_drain(hp_model *m, hp_model *from, const hp_band *map,
		      struct hp_err *err)
{
	size_t lo = 0, hi, n = from->nsample;
	uintptr_t bdone = 0, vdone = 0;

	while (lo < n) {
		for (hi = lo + 1;
		     hi < n && from->start[hi] - from->start[lo] < DRAIN_STEP; hi++)
			;
		if (hp_model_append_range(m, from, lo, hi, map, NULL, err))
			return -1;
		if (!from->borrowed) {
			give_back(from->ebands, &bdone,
				  from->start[hi] * sizeof *from->ebands);
			give_back(from->ebytes, &vdone,
				  from->start[hi] * sizeof *from->ebytes);
		}
		lo = hi;
	}
	/* what is left: the bands, header fields and marks, no sample */
	from->nsample = from->nentry = from->npart = from->ncpart = 0;
	if (from->start)
		from->start[0] = 0;
	return 0;
}

/* The first part of entry e or later. */
static size_t
first_part(const hp_model *m, size_t e)
{
	size_t lo = 0, hi = m->ncpart;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->pentry[mid] < e)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int
hp_model_append_range(hp_model *m, const hp_model *from, size_t lo,
		      size_t hi, const hp_band *map, const char *keep,
		      struct hp_err *err)
{
	size_t n, i, k, e = m->nentry, p, pend, ne;

	if (m->open)
		return hp_err_set(err, "sample already open");
	if (hi > from->nsample)
		hi = from->nsample;
	if (lo >= hi)
		return 0;
	if (own_entries(m) < 0)
		return oom(err);
	n = hi - lo;
	ne = from->start[hi] - from->start[lo];
	if (m->nsample && from->time[lo] < m->time[m->nsample - 1])
		return hp_err_set(err, "samples out of sequence (%g after %g)",
				  from->time[lo], m->time[m->nsample - 1]);
	for (k = 0; k < from->nband; k++)
		if ((!keep || keep[k]) && map[k] >= m->nband)
			return hp_err_set(err, "no such band %u", (unsigned)map[k]);
	p = first_part(from, from->start[lo]);
	pend = first_part(from, from->start[hi]);
	if (m->nsample > SIZE_MAX - n - 2 || e > SIZE_MAX - ne ||
	    HP_GROW(m->time, m->time_cap, m->nsample + n) ||
	    HP_GROW(m->sum, m->sum_cap, m->nsample + n) ||
	    HP_GROW(m->start, m->start_cap, m->nsample + n + 1) ||
	    HP_GROW(m->ebands, m->eband_cap, e + ne) ||
	    HP_GROW(m->ebytes, m->ebyte_cap, e + ne) ||
	    m->npart > SIZE_MAX - (pend - p) ||
	    HP_GROW(m->pentry, m->pentry_cap, m->npart + (pend - p)) ||
	    HP_GROW(m->pbytes, m->pbyte_cap, m->npart + (pend - p)))
		return oom(err);
	if (!keep && p == pend) {
		/* the common case (a join, no value added twice): m's
		 * arrays in locals, which the stores could alias */
		const hp_band *fband = from->ebands;
		const uint64_t *fbyte = from->ebytes;
		const size_t *fstart = from->start;
		hp_band *ebands = m->ebands;
		uint64_t *ebytes = m->ebytes;
		struct band *band = m->band;
		size_t ns = m->nsample;

		for (i = lo; i < hi; i++) {
			size_t kend = fstart[i + 1];

			for (k = fstart[i]; k < kend; k++) {
				hp_band b = map[fband[k]];
				uint64_t v = fbyte[k];

				account(&band[b], v);
				ebands[e] = b;
				ebytes[e++] = v;
			}
			m->time[ns] = from->time[i];
			m->sum[ns] = from->sum[i];
			m->start[++ns] = e;
		}
		m->nsample = ns;
		m->ncpart = m->npart;
		m->nentry = e;
		return 0;
	}
	for (i = lo; i < hi; i++) {
		uint64_t sum = 0;

		for (k = from->start[i]; k < from->start[i + 1]; k++) {
			hp_band fb = from->ebands[k], b = map[fb];
			uint64_t v = from->ebytes[k];

			if (keep && !keep[fb]) {
				for (; p < pend && from->pentry[p] == k; p++)
					;
				continue;
			}
			for (; p < pend && from->pentry[p] == k; p++) {
				m->pentry[m->npart] = e;
				m->pbytes[m->npart++] = from->pbytes[p];
			}
			account(&m->band[b], v);
			sum = sum > UINT64_MAX - v ? UINT64_MAX : sum + v;
			m->ebands[e] = b;
			m->ebytes[e++] = v;
		}
		m->time[m->nsample] = from->time[i];
		m->sum[m->nsample] = keep ? sum : from->sum[i];
		m->start[++m->nsample] = e;
	}
	m->ncpart = m->npart;
	m->nentry = e;
	return 0;
}

/* Whether prev, an earlier share of from starting at lo, holds the first
 * of the n samples shared now (from only grows: its times and sums there
 * are checked, not trusted). */
static int
shared_prefix(const hp_model *prev, const hp_model *from, size_t lo,
	      size_t n, const hp_model *m)
{
	size_t pn = prev ? prev->nsample : 0;

	return pn && prev->shared_src == from && prev->shared_lo == lo &&
	       pn <= n && prev->nband <= m->nband &&
	       prev->time[0] == from->time[lo] &&
	       prev->time[pn - 1] == from->time[lo + pn - 1] &&
	       prev->sum[pn - 1] == from->sum[lo + pn - 1];
}

int
hp_model_shares(const hp_model *m)
{
	return m->borrowed;
}

int
hp_model_share_range(hp_model *m, const hp_model *from, size_t lo,
		     size_t hi, hp_model *prev, struct hp_err *err)
{
	size_t n, i, k, base, p, pend, done = 0;

	if (m->open || m->nsample || m->nentry || m->nband != from->nband)
		return hp_err_set(err, "model not empty, or other bands");
	if (hi > from->nsample)
		hi = from->nsample;
	if (lo >= hi)
		return 0;
	n = hi - lo;
	base = from->start[lo];
	p = first_part(from, base);
	pend = first_part(from, from->start[hi]);
	if (HP_GROW(m->time, m->time_cap, n) ||
	    HP_GROW(m->sum, m->sum_cap, n) ||
	    HP_GROW(m->start, m->start_cap, n + 1) ||
	    HP_GROW(m->pentry, m->pentry_cap, pend - p) ||
	    HP_GROW(m->pbytes, m->pbyte_cap, pend - p))
		return oom(err);
	for (; p < pend; p++) {
		m->pentry[m->npart] = from->pentry[p] - base;
		m->pbytes[m->npart++] = from->pbytes[p];
	}
	m->ncpart = m->npart;
	free(m->ebands);
	free(m->ebytes);
	/* A model without entries has no arrays; NULL + 0 is undefined. */
	m->ebands = from->ebands ? from->ebands + base : NULL;
	m->ebytes = from->ebytes ? from->ebytes + base : NULL;
	m->nentry = m->eband_cap = m->ebyte_cap = from->start[hi] - base;
	m->borrowed = 1;
	m->shared_src = from;
	m->shared_lo = lo;
	/* An earlier share of the same samples (watch mode's view, one per
	 * drawing): its per-band sums go on from where it stopped, in the
	 * same order, so they are the sums a fresh pass makes; and its
	 * cache (a drawing's summary of these samples) is taken over, to
	 * be extended. */
	if (shared_prefix(prev, from, lo, n, m)) {
		struct cache *t = m->cache;

		for (k = 0; k < prev->nband; k++)
			m->band[k].total = prev->band[k].total;
		done = prev->start[prev->nsample];
		m->cache = prev->cache;
		prev->cache = t;
	}
	for (k = done; m->ebands && m->ebytes && k < m->nentry; k++)
		account(&m->band[m->ebands[k]], m->ebytes[k]);
	for (i = 0; i < n; i++) {
		m->time[i] = from->time[lo + i];
		m->sum[i] = from->sum[lo + i];
		m->start[i + 1] = from->start[lo + i + 1] - base;
	}
	m->start[0] = 0;
	m->nsample = n;
	/* A share of every sample of a model that let its old ones go says
	 * its numbers as it does (hp_model_running). */
	if (lo == 0 && hi == from->nsample) {
		m->run = from->run;
		m->nhist = from->nhist;
		m->dropped = from->dropped;
	}
	return 0;
}

void
hp_model_abort(hp_model *m)
{
	if (!m->open)
		return;
	m->nentry = m->start[m->nsample];
	m->npart = m->ncpart;
	m->open = 0;
}

int
hp_model_is_open(const hp_model *m)
{
	return m->open;
}

size_t
hp_model_sample_count(const hp_model *m)
{
	return m->nsample;
}

size_t
hp_model_first_at(const hp_model *m, size_t n, double t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (hp_model_sample_time(m, mid) < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

double
hp_model_sample_time(const hp_model *m, size_t i)
{
	return m->time[i];
}

size_t
hp_model_sample(const hp_model *m, size_t i, const hp_band **bands,
		const uint64_t **bytes)
{
	size_t s = m->start[i];

	/* A model without entries has no arrays; NULL + 0 is undefined. */
	if (bands)
		*bands = s ? m->ebands + s : m->ebands;
	if (bytes)
		*bytes = s ? m->ebytes + s : m->ebytes;
	return m->start[i + 1] - s;
}

uint64_t
hp_model_sample_sum(const hp_model *m, size_t i)
{
	return m->sum[i];
}

size_t
hp_model_sample_first(const hp_model *m, size_t i)
{
	return m->start[i];
}

size_t
hp_model_parts(const hp_model *m, const size_t **entry, const uint64_t **bytes)
{
	if (entry)
		*entry = m->pentry;
	if (bytes)
		*bytes = m->pbytes;
	return m->ncpart;
}

int
hp_model_add_mark(hp_model *m, double t, const char *label, size_t len,
		  struct hp_err *err)
{
	struct mark *k;

	if (HP_GROW(m->mark, m->mark_cap, m->nmark + 1))
		return oom(err);
	k = &m->mark[m->nmark];
	k->t = t;
	k->label = NULL;
	if (label && !(k->label = hp_arena_dup(&m->arena, label, len)))
		return oom(err);
	m->nmark++;
	return 0;
}

size_t
hp_model_mark_count(const hp_model *m)
{
	return m->nmark;
}

double
hp_model_mark_time(const hp_model *m, size_t i)
{
	return m->mark[i].t;
}

const char *
hp_model_mark_label(const hp_model *m, size_t i)
{
	return m->mark[i].label;
}

/* Halve a full series: every four entries in a row become their least
 * (the first of equals) and greatest (the last of equals), in the order
 * they came.  Entries are points, or groups' least and greatest, so four
 * of them are two groups, or four points. */
static void
thin(struct series *p)
{
	size_t i, k, out = 0;

	for (i = 0; i + 4 <= p->n; i += 4) {
		size_t lo = i, hi = i;

		for (k = i + 1; k < i + 4; k++) {
			if (p->v[k] < p->v[lo])
				lo = k;
			if (p->v[k] >= p->v[hi])
				hi = k;
		}
		p->t[out] = p->t[lo < hi ? lo : hi];
		p->v[out++] = p->v[lo < hi ? lo : hi];
		p->t[out] = p->t[lo < hi ? hi : lo];
		p->v[out++] = p->v[lo < hi ? hi : lo];
	}
	p->n = out;
	p->group = p->group == 1 ? 4 : p->group * 2;
}

/* A point earlier than the last entry (capabilities write their events
 * in blocks of their own, so an eventlog of several holds each series
 * out of time order) goes to its place.  Unthinned, it is inserted:
 * blocks are short, so what moves is a block's worth.  Thinned, the
 * entries before the open group are pairs, each a group's least and
 * greatest in time order: the point joins the pair its time falls in or
 * beside, replacing the least or the greatest if it is beyond them, so
 * the entries stay in time order. */
static void
add_late(struct series *p, size_t end, double t, uint64_t v)
{
	size_t lo = 0, hi = end, q, a, b;

	while (lo < hi) {	/* the first entry later than t */
		size_t mid = lo + (hi - lo) / 2;

		if (p->t[mid] > t)
			hi = mid;
		else
			lo = mid + 1;
	}
	if (p->group == 1) {
		memmove(p->t + lo + 1, p->t + lo, (p->n - lo) * sizeof *p->t);
		memmove(p->v + lo + 1, p->v + lo, (p->n - lo) * sizeof *p->v);
		p->t[lo] = t;
		p->v[lo] = v;
		p->n++;
		p->gbase = p->n - 1;
		return;
	}
	q = lo == 0 ? 0 : (lo - 1) & ~(size_t)1;
	a = p->v[q] <= p->v[q + 1] ? q : q + 1;		/* the least */
	b = a == q ? q + 1 : q;				/* the greatest */
	if (v < p->v[a])
		p->t[a] = t, p->v[a] = v;
	else if (v >= p->v[b])
		p->t[b] = t, p->v[b] = v;
	else
		return;
	if (p->t[q] > p->t[q + 1]) {
		double ts = p->t[q];
		uint64_t vs = p->v[q];

		p->t[q] = p->t[q + 1], p->v[q] = p->v[q + 1];
		p->t[q + 1] = ts, p->v[q + 1] = vs;
	}
}

static int
add_point(struct series *p, double t, uint64_t v, struct hp_err *err)
{
	size_t k;
	int late;

	if (!p->has_last || t >= p->tlast)
		p->has_last = 1, p->tlast = t, p->vlast = v;
	if (p->group == 0)
		p->group = 1;
	late = p->n && t < p->t[p->n - 1];
	if (late && p->group == 1 && p->n + 1 > HP_SERIES_MAX) {
		thin(p);
		p->gbase = p->n;	/* no open group: all are pairs */
		p->gcount = p->group;
	}
	if (late && p->group == 1) {
		if (HP_GROW(p->t, p->cap, p->n + 1) ||
		    HP_GROW(p->v, p->vcap, p->n + 1))
			return oom(err);
		add_late(p, p->n, t, v);
		return 0;
	}
	/* Thinned: a point of the open group's time joins it, unless the
	 * group is whole; any other goes to the pairs before. */
	if (late && (p->gcount == p->group || t < p->t[p->gbase])) {
		add_late(p, p->gcount == p->group ? p->n : p->gbase, t, v);
		return 0;
	}
	if (p->gcount == p->group || p->n == 0) {
		/* A new group; the last one is complete, so the entries are
		 * whole groups and the count a multiple of four when full. */
		if (p->n + (p->group == 1 ? 1 : 2) > HP_SERIES_MAX)
			thin(p);
		p->gbase = p->n;
		p->gcount = 0;
	}
	k = p->gbase + (p->group == 1 ? 1 : 2);
	if (HP_GROW(p->t, p->cap, k) || HP_GROW(p->v, p->vcap, k))
		return oom(err);
	if (p->gcount == 0 || v < p->vmin)
		p->tmin = t, p->vmin = v, p->smin = p->gcount;
	if (p->gcount == 0 || v >= p->vmax)
		p->tmax = t, p->vmax = v, p->smax = p->gcount;
	p->gcount++;
	k = p->gbase;
	if (p->gcount == 1) {
		p->t[k] = t;
		p->v[k] = v;
		p->n = k + 1;
		return 0;
	}
	/* Two or more points: least and greatest are two different ones,
	 * in time order (in arrival order where their times are equal). */
	late = p->tmin < p->tmax || (p->tmin == p->tmax && p->smin < p->smax);
	p->t[k] = late ? p->tmin : p->tmax;
	p->v[k] = late ? p->vmin : p->vmax;
	p->t[k + 1] = late ? p->tmax : p->tmin;
	p->v[k + 1] = late ? p->vmax : p->vmin;
	p->n = k + 2;
	return 0;
}

int
hp_model_add_point(hp_model *m, enum hp_series s, double t, uint64_t v,
		   struct hp_err *err)
{
	if ((unsigned)s >= HP_NSERIES)
		return hp_err_set(err, "bad series %d", (int)s);
	return add_point(&m->series[s], t, v, err);
}

int
hp_model_latest(const hp_model *m, enum hp_series s, double *t, uint64_t *v)
{
	const struct series *p;

	if ((unsigned)s >= HP_NSERIES || !m->series[s].has_last)
		return 0;
	p = &m->series[s];
	if (t)
		*t = p->tlast;
	if (v)
		*v = p->vlast;
	return 1;
}

int
hp_model_add_allocated(hp_model *m, double t, uint64_t v, struct hp_err *err)
{
	return add_point(&m->allocated, t, v, err);
}

size_t
hp_model_allocations(const hp_model *m, const double **t, const uint64_t **v)
{
	if (t)
		*t = m->allocated.t;
	if (v)
		*v = m->allocated.v;
	return m->allocated.n;
}

int
hp_model_allocated(const hp_model *m, double *t, uint64_t *v)
{
	const struct series *p = &m->allocated;

	if (!p->has_last)
		return 0;
	if (t)
		*t = p->tlast;
	if (v)
		*v = p->vlast;
	return 1;
}

size_t
hp_model_series(const hp_model *m, enum hp_series s, const double **t,
		const uint64_t **v)
{
	const struct series *p;

	if ((unsigned)s >= HP_NSERIES)
		return 0;
	p = &m->series[s];
	if (t)
		*t = p->t;
	if (v)
		*v = p->v;
	return p->n;
}

int
hp_model_has_series(const hp_model *m)
{
	size_t s;

	for (s = 0; s < HP_NSERIES; s++)
		if (m->series[s].n)
			return 1;
	return 0;
}

int
hp_model_series_only(const hp_model *m)
{
	return m->kind == HP_KIND_EVENTLOG && m->nsample == 0 &&
	       !m->field[HP_BREAKDOWN] && hp_model_has_series(m);
}

void
hp_model_warn(hp_model *m, const char *fmt, ...)
{
	char buf[1024], *p;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	/* A warning that cannot be stored is lost, not fatal. */
	if (HP_GROW(m->warning, m->warning_cap, m->nwarning + 1))
		return;
	if (!(p = hp_strdup(buf)))
		return;
	m->warning[m->nwarning++] = p;
}

size_t
hp_model_warning_count(const hp_model *m)
{
	return m->nwarning;
}

const char *
hp_model_warning(const hp_model *m, size_t i)
{
	return m->warning[i];
}

void
hp_model_set_kind(hp_model *m, enum hp_kind k)
{
	m->kind = k;
}

enum hp_kind
hp_model_kind(const hp_model *m)
{
	return m->kind;
}

void
hp_model_set_other(hp_model *m, unsigned slot, hp_model *other)
{
	if (slot >= HP_MODEL_OTHERS || m->other[slot] == other)
		return;
	hp_model_free(m->other[slot]);
	m->other[slot] = other;
}

hp_model *
hp_model_other(const hp_model *m, unsigned slot)
{
	return slot < HP_MODEL_OTHERS ? m->other[slot] : NULL;
}

void
hp_model_set_beside(hp_model *m, int on)
{
	m->beside = on != 0;
}

int
hp_model_beside(const hp_model *m)
{
	return m->beside;
}

/* ---- the exit sample (model.h) ---- */

void
hp_model_set_exit_sample(hp_model *m, int on)
{
	m->exit_sample = on != 0;
}

int
hp_model_exit_sample(const hp_model *m)
{
	return m->exit_sample;
}

size_t
hp_model_census_count(const hp_model *m)
{
	size_t n = m->nsample;

	if (m->exit_sample && n >= 2 && m->start[n] == m->start[n - 1])
		return n - 1;
	return n;
}

double
hp_model_end_time(const hp_model *m)
{
	return m->nsample ? m->time[m->nsample - 1] : 0;
}

/* ---- profiles that are not heap censuses ---- */

void
hp_model_set_profile(hp_model *m, enum hp_profile p)
{
	m->profile = p;
}

enum hp_profile
hp_model_profile(const hp_model *m)
{
	return m->profile;
}

void
hp_model_set_scale(hp_model *m, double scale)
{
	m->scale = scale > 0 && isfinite(scale) ? scale : 0;
}

double
hp_model_scale(const hp_model *m)
{
	return m->scale > 0 ? m->scale : 1;
}

void
hp_model_set_tick(hp_model *m, double seconds)
{
	m->tick = seconds > 0 && isfinite(seconds) ? seconds : 0;
}

double
hp_model_tick(const hp_model *m)
{
	return m->tick;
}

int
hp_model_per_interval(const hp_model *m)
{
	return m->profile == HP_PROFILE_TIME || m->profile == HP_PROFILE_TICKY;
}

void
hp_model_interval(const hp_model *m, size_t i, double *from, double *to)
{
	double t = m->time[i], w = 0;

	if (m->profile == HP_PROFILE_TICKY) {
		*from = i ? m->time[i - 1] : fmin(m->origin, t);
		*to = t;
		return;
	}
	if (m->profile == HP_PROFILE_TIME && m->tick > 0)
		w = m->tick / hp_model_scale(m);	/* ticks per column */
	*from = t - w / 2;
	*to = t + w / 2;
}

double
hp_model_rate(const hp_model *m, size_t i, uint64_t v)
{
	double a, b;

	if (m->profile != HP_PROFILE_TICKY)
		return (double)v;	/* a column's ticks: k per column */
	hp_model_interval(m, i, &a, &b);
	/* a counter's count over its interval, per second; an interval
	 * of no time (two samples at one time) holds it as it is */
	return b > a ? (double)v / (b - a) : (double)v;
}

double
hp_model_amount(const hp_model *m, size_t i, uint64_t v)
{
	double a, b;

	if (m->profile == HP_PROFILE_TICKY)
		return (double)v;	/* exactly what was counted */
	hp_model_interval(m, i, &a, &b);
	return hp_model_rate(m, i, v) * (b - a);
}

void
hp_model_set_origin(hp_model *m, double t)
{
	m->origin = isfinite(t) ? t : 0;
}

double
hp_model_origin(const hp_model *m)
{
	return m->origin;
}

/* A census counts its VALUE_UNIT: bytes unless a .hp says otherwise
 * ("words", or what hp2x wrote for a time profile, out_hp.c). */
static const char *
census_unit(const hp_model *m)
{
	const char *vu = hp_model_get(m, HP_VALUE_UNIT);

	return vu && *vu ? vu : "bytes";
}

const char *
hp_model_count_unit(const hp_model *m)
{
	if (m->profile == HP_PROFILE_TIME)
		return "ticks";
	if (m->profile == HP_PROFILE_TICKY || m->profile == HP_PROFILE_COUNTERS)
		return m->measure == HP_MEASURE_ENTRIES ? "entries" : "bytes";
	return census_unit(m);
}

const char *
hp_model_amount_unit(const hp_model *m)
{
	if (m->profile == HP_PROFILE_TIME)
		return "CPU seconds";
	if (m->profile == HP_PROFILE_HEAP)
		return census_unit(m);
	return m->measure == HP_MEASURE_ENTRIES ? "entries" : "bytes";
}

void
hp_model_set_measure(hp_model *m, enum hp_measure mm)
{
	m->measure = mm;
}

enum hp_measure
hp_model_measure(const hp_model *m)
{
	return m->measure;
}

int
hp_model_band_set_stack(hp_model *m, hp_band b, const char *frames,
			size_t len, struct hp_err *err)
{
	char *p = hp_arena_dup(&m->arena, frames, len);

	if (!p)
		return oom(err);
	m->band[b].stack = p;
	m->band[b].stack_len = len;
	return 0;
}

const char *
hp_model_band_stack(const hp_model *m, hp_band b, size_t *len)
{
	if (len)
		*len = m->band[b].stack_len;
	return m->band[b].stack;
}

int
hp_model_add_counter(hp_model *m, const char *name, size_t len, uint64_t v,
		     struct hp_err *err)
{
	char *p;

	if (HP_GROW(m->counter, m->counter_cap, m->ncounter + 1) ||
	    !(p = hp_arena_dup(&m->arena, name, len)))
		return oom(err);
	m->counter[m->ncounter].name = p;
	m->counter[m->ncounter++].v = v;
	return 0;
}

size_t
hp_model_counter_count(const hp_model *m)
{
	return m->ncounter;
}

const char *
hp_model_counter(const hp_model *m, size_t i, uint64_t *v)
{
	if (v)
		*v = m->counter[i].v;
	return m->counter[i].name;
}

int
hp_model_band_set_ticky(hp_model *m, hp_band b, const struct hp_ticky_row *r,
			struct hp_err *err)
{
	struct hp_ticky_row *p = m->band[b].ticky;
	char *k = hp_arena_dup(&m->arena, r->kinds ? r->kinds : "", r->kinds_len);
	char *f = r->fvs ? hp_arena_dup(&m->arena, r->fvs, r->fvs_len) : NULL;

	if (!k || (r->fvs && !f) || (!p && !(p = hp_malloc(sizeof *p))))
		return oom(err);
	*p = *r;
	p->kinds = k;
	p->fvs = f;
	m->band[b].ticky = p;
	return 0;
}

const struct hp_ticky_row *
hp_model_band_ticky(const hp_model *m, hp_band b)
{
	return m->band[b].ticky;
}

/* ---- a model that lets its old samples go (model.h) ---- */

struct hp_running *
hp_model_running(const hp_model *m)
{
	return m->run;
}

void
hp_model_set_running(hp_model *m, struct hp_running *r,
		     void (*destroy)(struct hp_running *))
{
	if (m->run_free)
		m->run_free(m->run);
	m->run = r;
	m->run_free = destroy;
}

size_t
hp_model_summarised(const hp_model *m)
{
	return m->nhist;
}

size_t
hp_model_dropped(const hp_model *m)
{
	return m->dropped;
}

/* Bucket b's samples kept: cand[0..n-1] ascending, those of a bucket
 * (or two) and maybe one more after them.  Kept: the first of the run
 * (in the first bucket), the one of least and the one of greatest
 * total (the first of equals, as the drawings' column index takes
 * them), and the last. */
static void
bucket_keep(const hp_model *m, struct bucket *b, const size_t *cand,
	    size_t n, int first)
{
	size_t lo, hi, k, keep[4], nk = 0;

	b->n = 0;
	if (n == 0)
		return;
	lo = hi = cand[0];
	for (k = 1; k < n; k++) {
		if (m->sum[cand[k]] < m->sum[lo])
			lo = cand[k];
		if (m->sum[cand[k]] > m->sum[hi])
			hi = cand[k];
	}
	if (first)
		keep[nk++] = cand[0];
	keep[nk++] = lo < hi ? lo : hi;
	keep[nk++] = lo < hi ? hi : lo;
	keep[nk++] = cand[n - 1];
	for (k = 0; k < nk; k++)
		if (!b->n || b->rep[b->n - 1] < keep[k])
			b->rep[b->n++] = keep[k];
}

/* Adjacent buckets merged pairwise: half as many, each twice as long. */
static void
buckets_halve(hp_model *m)
{
	size_t i, out = 0;

	for (i = 0; i < m->nbucket; i += 2) {
		struct bucket *a = &m->bucket[i], nb;
		size_t cand[8], n = 0, k;

		if (i + 1 == m->nbucket) {
			m->bucket[out++] = *a;
			break;
		}
		for (k = 0; k < a->n; k++)
			cand[n++] = a->rep[k];
		for (k = 0; k < m->bucket[i + 1].n; k++)
			cand[n++] = m->bucket[i + 1].rep[k];
		nb.raw = a->raw + m->bucket[i + 1].raw;
		bucket_keep(m, &nb, cand, n, i == 0);
		m->bucket[out++] = nb;
	}
	m->nbucket = out;
	m->span *= 2;
}

int
hp_model_compact(hp_model *m, size_t upto, size_t nbuckets, size_t *removedp,
		 struct hp_err *err)
{
	size_t n = m->nsample, i, k, j, e, old_upto_entry, delta, removed;
	size_t nopen, p, ncp;

	*removedp = 0;
	if (upto + 1 > n)
		upto = n ? n - 1 : 0;
	if (upto <= m->nhist)
		return 0;
	if (nbuckets < 2)
		nbuckets = 2;
	if (!m->span)
		m->span = 1;
	for (i = m->nhist; i < upto; i++) {
		struct bucket *b;
		size_t cand[5];

		if (!m->nbucket || m->bucket[m->nbucket - 1].raw >= m->span) {
			if (m->nbucket == nbuckets)
				buckets_halve(m);
			if (!m->nbucket || m->bucket[m->nbucket - 1].raw >= m->span) {
				if (HP_GROW(m->bucket, m->bucket_cap, m->nbucket + 1))
					return oom(err);
				m->bucket[m->nbucket].raw = 0;
				m->bucket[m->nbucket++].n = 0;
			}
		}
		b = &m->bucket[m->nbucket - 1];
		for (k = 0; k < b->n; k++)
			cand[k] = b->rep[k];
		cand[k] = i;
		bucket_keep(m, b, cand, k + 1, m->nbucket == 1);
		b->raw++;
	}
	/* The samples kept moved down, in order: the buckets' then every
	 * one from upto on, and the open sample's entries after them. */
	old_upto_entry = m->start[upto];
	j = e = 0;
	for (i = 0; i < m->nbucket; i++) {
		struct bucket *b = &m->bucket[i];

		for (k = 0; k < b->n; k++) {
			size_t s = b->rep[k], a = m->start[s], z = m->start[s + 1];

			memmove(m->ebands + e, m->ebands + a, (z - a) * sizeof *m->ebands);
			memmove(m->ebytes + e, m->ebytes + a, (z - a) * sizeof *m->ebytes);
			m->time[j] = m->time[s];
			m->sum[j] = m->sum[s];
			m->start[j] = e;
			e += z - a;
			b->rep[k] = j++;
		}
	}
	m->nhist = j;
	delta = old_upto_entry - e;
	removed = upto - j;
	memmove(m->time + j, m->time + upto, (n - upto) * sizeof *m->time);
	memmove(m->sum + j, m->sum + upto, (n - upto) * sizeof *m->sum);
	for (i = upto; i <= n; i++)
		m->start[i - removed] = m->start[i] - delta;
	nopen = m->nentry - old_upto_entry;
	memmove(m->ebands + e, m->ebands + old_upto_entry, nopen * sizeof *m->ebands);
	memmove(m->ebytes + e, m->ebytes + old_upto_entry, nopen * sizeof *m->ebytes);
	m->nentry -= delta;
	m->nsample = n - removed;
	if (m->open)
		for (k = m->start[m->nsample]; k < m->nentry; k++)
			m->band[m->ebands[k]].slot = k;
	/* Parts: a kept sample of the summary stands as its sums. */
	for (p = 0, k = 0, ncp = 0; p < m->npart; p++) {
		if (m->pentry[p] < old_upto_entry)
			continue;
		m->pentry[k] = m->pentry[p] - delta;
		m->pbytes[k++] = m->pbytes[p];
		ncp += p < m->ncpart;
	}
	m->npart = k;
	m->ncpart = ncp;
	m->dropped += removed;
	*removedp = removed;
	/* a summary of the samples as they were (render/'s column index) */
	hp_model_set_cache(m, NULL, NULL);
	return 0;
}
