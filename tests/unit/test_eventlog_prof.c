/*
 * tests/unit/test_eventlog_prof.c - time samples (167/168) and ticky
 * counter samples (210-212) in eventlogs (hp/eventlog-prof.c): value for
 * value against ghc-events' decoding (tests/eventlog-ref/NAME.ticks.txt)
 * in every mode, the later TICKY_COUNTER_DEF layout, a log holding two
 * kinds, and what a cut or damaged log gives.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hp/model.h"
#include "hp/parts.h"
#include "hp/reader.h"
#include "tests/eventlog-ref/check.h"
#include "testutil.h"

static const char *
log_path(const char *name)
{
	static char p[4096];

	if (!strncmp(name, "ticky-synth", 11) || !strncmp(name, "ticky-nobegin", 13))
		snprintf(p, sizeof p, "%s/%s.eventlog", tu_src("tests/eventlog-ref/gen"), name);
	else if (!strncmp(name, "prof-", 5))
		snprintf(p, sizeof p, "%s/%s.eventlog", tu_src("samples"), name + 5);
	else
		snprintf(p, sizeof p, "%s/%s.eventlog", tu_data("ghc-events"), name);
	return p;
}

static hp_model *
read_as(const char *path, enum hp_measure mm, int by_stack)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct hp_read_opts o = { mm, by_stack };

	assert_non_null(m);
	if (hp_read_file_opts(m, path, &o, &err))
		fail_msg("%s: %s", path, err.msg);
	return m;
}

static void
agree(const char *name, const char *refname, enum hp_profile kind,
      size_t min_samples)
{
	char ref[4096], why[512];
	int mode;

	snprintf(ref, sizeof ref, "%s/%s.ticks.txt", tu_src("tests/eventlog-ref"),
		 refname);
	for (mode = 0; mode < 3; mode++) {
		enum hp_measure mm = (enum hp_measure)mode;
		int by_stack = mode == 1;
		hp_model *want = tref_expect(ref, mm, by_stack);
		hp_model *got = read_as(log_path(name), mm, by_stack);

		if (!want)
			fail_msg("cannot read reference %s", ref);
		assert_int_equal(hp_model_profile(got), kind);
		assert_true(hp_model_sample_count(got) >= min_samples);
		if (tref_same(want, got, why, sizeof why))
			fail_msg("%s (mode %d): %s", name, mode, why);
		assert_int_equal(hp_model_warning_count(got), 0);
		hp_model_free(want);
		hp_model_free(got);
		if (kind == HP_PROFILE_TIME && mode == 1)
			break;
	}
}

static void
time_prof_agrees(void **state)
{
	hp_model *m;
	size_t i, n, total = 0;
	const char *gc = NULL;

	(void)state;
	agree("time-prof", "time-prof", HP_PROFILE_TIME, 6);
	/* 340 ticks of 1 ms: 332 fib, 5 OVERHEAD_of, 3 GC (ghc-events). */
	m = read_as(log_path("time-prof"), HP_MEASURE_ALLOC, 0);
	for (i = 0; i < hp_model_band_count(m); i++)
		total += (size_t)hp_model_band_total(m, (hp_band)i);
	assert_int_equal(total, 340);
	assert_true(hp_model_lookup(m, "fib", 3, &(hp_band){0}));
	for (i = 0, n = hp_model_band_count(m); i < n; i++)
		if (!strcmp(hp_model_band_name(m, (hp_band)i, NULL), "GC"))
			gc = "GC";
	assert_non_null(gc);
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN),
			    "CPU time by cost-centre (innermost), 340 ticks of 1 ms");
	assert_true(hp_model_scale(m) == 1.0 / 50);	/* 50 ticks of 1 ms */
	hp_model_free(m);
}

static void
ticky_agrees(void **state)
{
	(void)state;
	agree("ticky-ticky", "ticky-ticky", HP_PROFILE_TICKY, 1);
	agree("ticky-synth", "ticky-synth", HP_PROFILE_TICKY, 150);
	agree("ticky-nobegin", "ticky-nobegin", HP_PROFILE_TICKY, 150);
}

/* The real GHC 9.0.2 -p -l sample (samples/), when it is there. */
static void
prof_sample_agrees(void **state)
{
	(void)state;
	agree("prof-leak-p", "leak-p", HP_PROFILE_TIME, 100);
}

/* The counter sampled before its definition takes the definition's name
 * (every output names it: --summary, CSV, JSON, the key) and shows the
 * readable one as its label; no band is left "<ticky ID>". */
static void
late_definition(void **state)
{
	hp_model *m = read_as(log_path("ticky-synth"), HP_MEASURE_ALLOC, 0);
	hp_band b;
	size_t i, n = hp_model_band_count(m);
	char name[64];
	int seen = 0;

	(void)state;
	snprintf(name, sizeof name, "<ticky %llu>", 0x7f0000001000ull + 5 * 104);
	assert_false(hp_model_lookup(m, name, strlen(name), &b));
	for (i = 0; i < n; i++) {
		const char *s = hp_model_band_name(m, (hp_band)i, NULL);

		assert_true(strncmp(s, "<ticky ", 7) != 0);
		if (!strcmp(hp_model_band_label(m, (hp_band)i, NULL), "Data.Thing.go5")) {
			assert_non_null(strstr(s, "go5"));
			seen = 1;
		}
	}
	assert_true(seen);
	/* and a counter defined first: its name, its readable label */
	assert_true(hp_model_lookup(m, "Main.f0{v r0x} (fun)", 20, &b));
	assert_string_equal(hp_model_band_label(m, b, NULL), "Main.f0");
	hp_model_free(m);
}

/* ---- hand-built logs ---- */

struct buf {
	unsigned char b[4096];
	size_t n;
};

static void
put(struct buf *o, const void *p, size_t n)
{
	assert_true(o->n + n <= sizeof o->b);
	memcpy(o->b + o->n, p, n);
	o->n += n;
}

static void
be(struct buf *o, uint64_t v, int bytes)
{
	while (bytes--)
		put(o, &(unsigned char){ (unsigned char)(v >> (8 * bytes)) }, 1);
}

static void
etype(struct buf *o, unsigned num, unsigned size)
{
	put(o, "etb\0", 4);
	be(o, num, 2);
	be(o, size, 2);
	be(o, 0, 4);
	be(o, 0, 4);
	put(o, "ete\0", 4);
}

static void
header(struct buf *o)
{
	put(o, "hdrbhetb", 8);
	etype(o, 168, 8);
	etype(o, 167, 0xffff);
	etype(o, 161, 0xffff);
	etype(o, 160, 0xffff);
	etype(o, 162, 8);
	etype(o, 164, 0xffff);
	etype(o, 210, 0xffff);
	etype(o, 211, 32);
	etype(o, 212, 0);
	put(o, "hetehdredatb", 12);
}

/* GHC 9.4's TICKY_COUNTER_DEF adds an info table and a JSON string. */
static void
ticky_def_94(struct buf *o, uint64_t ns, uint64_t id, const char *name)
{
	const char *json = "{\"type\":\"entCntr\"}";

	be(o, 210, 2);
	be(o, ns, 8);
	be(o, 8 + 2 + 3 + strlen(name) + 1 + 8 + strlen(json) + 1, 2);
	be(o, id, 8);
	be(o, 2, 2);
	put(o, "iL", 3);
	put(o, name, strlen(name) + 1);
	be(o, 0x4c9b58, 8);
	put(o, json, strlen(json) + 1);
}

static void
ticky_sample(struct buf *o, uint64_t ns, uint64_t id, uint64_t n, uint64_t a,
	     uint64_t d)
{
	be(o, 211, 2);
	be(o, ns, 8);
	be(o, id, 8);
	be(o, n, 8);
	be(o, a, 8);
	be(o, d, 8);
}

static void
later_def_layout(void **state)
{
	struct buf o = { .n = 0 };
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	const hp_band *b;
	const uint64_t *v;

	(void)state;
	header(&o);
	ticky_def_94(&o, 100, 7, "Main.go{v r1} (fun)");
	be(&o, 212, 2);
	be(&o, 500000000, 8);
	ticky_sample(&o, 500000001, 7, 10, 4000, 8);
	be(&o, 212, 2);
	be(&o, 1000000000, 8);
	ticky_sample(&o, 1000000001, 7, 1, 3000, 0);
	be(&o, 0xffff, 2);
	assert_int_equal(hp_read_mem(m, "later.eventlog", o.b, o.n, &err), 0);
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_string_equal(hp_model_band_name(m, 0, NULL), "Main.go{v r1} (fun)");
	/* 4000 bytes in the first 0.5 s, 3000 in the next 0.5 s: the
	 * counts, drawn as 8000 and 6000 bytes per second */
	assert_int_equal(hp_model_sample(m, 0, &b, &v), 1);
	assert_int_equal(v[0], 4000);
	assert_true(hp_model_rate(m, 0, v[0]) == 8000);
	assert_int_equal(hp_model_sample(m, 1, &b, &v), 1);
	assert_int_equal(v[0], 3000);
	assert_true(hp_model_rate(m, 1, v[0]) == 6000);
	assert_string_equal(hp_model_get(m, HP_VALUE_UNIT), "bytes per second");
	hp_model_free(m);
}

/* Each counter's row: the sums of its samples that were committed (a
 * log cut inside its last sample drops that sample, and its counts with
 * it), what GHC 9.6's definition says (arity, kinds, the JSON's free
 * variables, the info table) and that table's provenance from its IPE
 * event; a counter sampled but never defined has a row of sums alone. */
static void
ticky_rows(void **state)
{
	static const char *const ipe[6] = { "go_info", "14", "Int -> Int", "go", "Main", "Main.hs:3:1-9" };
	static const char json[] = "{\"type\":\"entCntr\",\"subTy\":\"fun\",\"fvs_c\":2,\"fvs\":\">i\",\"args\":\"iM\"}";
	static const char name[] = "go{v s1} (Main) (fun) in r1";
	struct buf o = { .n = 0 };
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	const struct hp_ticky_row *r;
	const struct hp_ipe *p;
	size_t len = 8, k;
	hp_band b;

	(void)state;
	put(&o, "hdrbhetb", 8);
	etype(&o, 169, 0xffff);
	etype(&o, 210, 0xffff);
	etype(&o, 211, 32);
	etype(&o, 212, 0);
	put(&o, "hetehdredatb", 12);
	for (k = 0; k < 6; k++)
		len += strlen(ipe[k]) + 1;
	be(&o, 169, 2);
	be(&o, 10, 8);
	be(&o, len, 2);
	be(&o, 0x4c9b58, 8);
	for (k = 0; k < 6; k++)
		put(&o, ipe[k], strlen(ipe[k]) + 1);
	be(&o, 212, 2);
	be(&o, 500000000, 8);
	ticky_sample(&o, 500000001, 7, 10, 4000, 8);
	ticky_sample(&o, 500000002, 9, 1, 16, 0);
	be(&o, 212, 2);
	be(&o, 1000000000, 8);
	ticky_sample(&o, 1000000001, 7, 1, 3000, 0);
	be(&o, 210, 2);
	be(&o, 1000000002, 8);
	be(&o, 8 + 2 + 2 + sizeof name + 8 + sizeof json, 2);
	be(&o, 7, 8);
	be(&o, 2, 2);
	put(&o, "M", 2);
	put(&o, name, sizeof name);
	be(&o, 0x4c9b58, 8);
	put(&o, json, sizeof json);
	be(&o, 212, 2);
	be(&o, 1500000000, 8);
	ticky_sample(&o, 1500000001, 7, 100, 100000, 0);
	/* no end marker: the last sample is dropped */
	assert_int_equal(hp_read_mem(m, "rows.eventlog", o.b, o.n, &err), 0);
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_true(hp_model_lookup(m, name, strlen(name), &b));
	assert_non_null(r = hp_model_band_ticky(m, b));
	assert_int_equal(r->entries, 11);
	assert_int_equal(r->alloc, 7000);
	assert_int_equal(r->allocd, 8);
	assert_int_equal(r->arity, 2);
	assert_false(r->undefined);
	assert_int_equal(r->kinds_len, 1);
	assert_memory_equal(r->kinds, "M", 1);
	assert_int_equal(r->fvs_len, 2);
	assert_memory_equal(r->fvs, ">i", 2);
	assert_int_equal(r->info, 0x4c9b58);
	assert_non_null(p = hp_model_band_ipe(m, b));
	assert_string_equal(p->table_name, "go_info");
	assert_string_equal(p->srcloc, "Main.hs:3:1-9");
	/* counter 9, never defined */
	assert_true(hp_model_lookup(m, "<ticky 9>", 9, &b));
	assert_non_null(r = hp_model_band_ticky(m, b));
	assert_true(r->undefined);
	assert_int_equal(r->entries, 1);
	assert_int_equal(r->alloc, 16);
	assert_null(r->fvs);
	assert_null(hp_model_band_ipe(m, b));
	hp_model_free(m);
}

/* A log of a time profile, a heap profile and the heap size (as +RTS
 * -hc -p -l writes): each profile is read into a model of its own, the
 * first into the model given, the other and the heap-size series into
 * models it holds (hp/parts.h); every one has the run's marks and
 * series; nothing is warned. */
static void
two_kinds(void **state)
{
	struct buf o = { .n = 0 };
	hp_model *m = hp_model_new();
	const hp_model *h, *t, *z;
	struct hp_err err = {{0}};
	const double *st;
	const uint64_t *sv, *v;
	const hp_band *b;
	char words[80];

	(void)state;
	put(&o, "hdrbhetb", 8);
	etype(&o, 168, 8);
	etype(&o, 167, 0xffff);
	etype(&o, 160, 0xffff);
	etype(&o, 162, 8);
	etype(&o, 164, 0xffff);
	etype(&o, 165, 8);
	etype(&o, 50, 12);
	etype(&o, 58, 0xffff);
	put(&o, "hetehdredatb", 12);
	be(&o, 50, 2);			/* a heap size before any profile */
	be(&o, 1000000, 8);
	be(&o, 0, 4);
	be(&o, 4096, 8);
	be(&o, 168, 2);
	be(&o, 0, 8);
	be(&o, 1000000, 8);
	be(&o, 167, 2);			/* one tick, MAIN (depth 0) */
	be(&o, 5000000, 8);
	be(&o, 4 + 8 + 1, 2);
	be(&o, 0, 4);
	be(&o, 5, 8);
	be(&o, 0, 1);
	be(&o, 58, 2);			/* a mark */
	be(&o, 5500000, 8);
	be(&o, 5, 2);
	put(&o, "phase", 5);
	be(&o, 160, 2);			/* the heap profile begins, -hT */
	be(&o, 5600000, 8);
	be(&o, 1 + 8 + 4 + 7, 2);
	be(&o, 0, 1);
	be(&o, 50000000, 8);
	be(&o, 7, 4);
	put(&o, "\0\0\0\0\0\0\0", 7);
	be(&o, 162, 2);			/* a heap sample */
	be(&o, 6000000, 8);
	be(&o, 0, 8);
	be(&o, 164, 2);
	be(&o, 6000000, 8);
	be(&o, 1 + 8 + 2, 2);
	be(&o, 0, 1);
	be(&o, 99, 8);
	put(&o, "x", 2);
	be(&o, 165, 2);
	be(&o, 6000000, 8);
	be(&o, 0, 8);
	be(&o, 50, 2);			/* a heap size after */
	be(&o, 7000000, 8);
	be(&o, 0, 4);
	be(&o, 8192, 8);
	be(&o, 0xffff, 2);
	assert_int_equal(hp_read_mem(m, "two.eventlog", o.b, o.n, &err), 0);
	assert_int_equal(hp_model_warning_count(m), 0);
	/* the time profile came first: it is the model given */
	assert_int_equal(hp_model_profile(m), HP_PROFILE_TIME);
	assert_int_equal(hp_part_of(m), HP_PART_TIME);
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(hp_model_band_count(m), 1);
	assert_string_equal(hp_model_band_name(m, 0, NULL), "MAIN");
	assert_int_equal(hp_parts_present(m), 1u << HP_PART_HEAP |
			 1u << HP_PART_TIME | 1u << HP_PART_HEAP_SIZE);
	hp_parts_list(hp_parts_present(m), words, sizeof words);
	assert_string_equal(words, "heap, time and heap-size");
	t = hp_part_get(m, HP_PART_TIME);
	h = hp_part_get(m, HP_PART_HEAP);
	z = hp_part_get(m, HP_PART_HEAP_SIZE);
	assert_ptr_equal(t, m);
	assert_non_null(h);
	assert_non_null(z);
	assert_null(hp_part_get(m, HP_PART_TICKY));
	/* the heap profile is drawn by default */
	assert_ptr_equal(hp_part_default(m), h);
	assert_int_equal(hp_model_profile(h), HP_PROFILE_HEAP);
	assert_string_equal(hp_model_get(h, HP_BREAKDOWN), "by closure type (-hT)");
	assert_string_equal(hp_model_get(h, HP_VALUE_UNIT), "bytes");
	assert_string_equal(hp_model_get(t, HP_VALUE_UNIT), "CPU seconds per second");
	assert_int_equal(hp_model_sample_count(h), 1);
	assert_true(hp_model_sample_time(h, 0) == 0.006);
	assert_int_equal(hp_model_sample(h, 0, &b, &v), 1);
	assert_string_equal(hp_model_band_name(h, b[0], NULL), "x");
	assert_int_equal(v[0], 99);
	/* the heap-size part is the series alone */
	assert_true(hp_model_series_only(z));
	assert_int_equal(hp_model_sample_count(z), 0);
	/* each holds the run's mark and both series points, the first
	 * read before any profile began */
	{
		const hp_model *all[3] = { t, h, z };
		size_t i;

		for (i = 0; i < 3; i++) {
			assert_int_equal(hp_model_mark_count(all[i]), 1);
			assert_string_equal(hp_model_mark_label(all[i], 0), "phase");
			assert_int_equal(hp_model_series(all[i], HP_HEAP_SIZE, &st, &sv), 2);
			assert_int_equal(sv[0], 4096);
			assert_int_equal(sv[1], 8192);
			assert_true(st[1] == 0.007);
		}
	}
	hp_model_free(m);
}

/* Every column of m holds at most what ncap capabilities tick in it
 * (1 / scale ticks each): at most ncap CPU seconds per second. */
static void
within_capacity(const hp_model *m, uint64_t ncap)
{
	uint64_t per = (uint64_t)(1 / hp_model_scale(m) + 0.5);
	size_t i, k, n;

	for (i = 0; i < hp_model_sample_count(m); i++) {
		const hp_band *b;
		const uint64_t *v;
		uint64_t sum = 0;

		n = hp_model_sample(m, i, &b, &v);
		for (k = 0; k < n; k++)
			sum += v[k];
		if (sum > per * ncap)
			fail_msg("column %zu at %g s: %llu ticks, %llu CPU can tick %llu",
				 i, hp_model_sample_time(m, i), (unsigned long long)sum,
				 (unsigned long long)ncap, (unsigned long long)(per * ncap));
	}
}

/* A column holds no more ticks than the capabilities tick in it: GHC
 * 9.6's one-capability run put 51 ticks of 1 ms into one 50 ms column
 * by event time (1.02 CPU), and in a constructed log of two
 * capabilities 51 ticks each fall in the first 50 ms.  No tick is lost:
 * the one too many is the next column's. */
static void
columns_within_capacity(void **state)
{
	char p[4096];
	struct buf o = { .n = 0 };
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	const hp_band *b;
	const uint64_t *v;
	uint64_t i, cap, sum;
	size_t k, n;

	(void)state;
	snprintf(p, sizeof p, "%s/ghc96-leak-p.eventlog", tu_data("ghc-9.6"));
	hp_model_free(m);
	m = read_as(p, HP_MEASURE_ALLOC, 0);
	within_capacity(m, 1);
	hp_model_free(m);

	m = hp_model_new();
	put(&o, "hdrbhetb", 8);
	etype(&o, 168, 8);
	etype(&o, 167, 0xffff);
	put(&o, "hetehdredatb", 12);
	be(&o, 168, 2);
	be(&o, 0, 8);
	be(&o, 1000000, 8);
	/* ticks 1..51 at 0.5 + 0.97 (i - 1) ms, the last at 49 ms; 52 at
	 * 60 ms; each on both capabilities */
	for (i = 1; i <= 52; i++)
		for (cap = 0; cap < 2; cap++) {
			be(&o, 167, 2);
			be(&o, i == 52 ? 60000000 : 500000 + 970000 * (i - 1), 8);
			be(&o, 4 + 8 + 1, 2);
			be(&o, cap, 4);
			be(&o, i, 8);
			be(&o, 0, 1);
		}
	be(&o, 0xffff, 2);
	assert_int_equal(hp_read_mem(m, "caps.eventlog", o.b, o.n, &err), 0);
	assert_int_equal(hp_model_warning_count(m), 0);
	within_capacity(m, 2);
	assert_int_equal(hp_model_sample_count(m), 2);
	for (i = 0, sum = 0; i < 2; i++) {
		n = hp_model_sample(m, i, &b, &v);
		for (k = 0; k < n; k++)
			sum += v[k];
	}
	assert_int_equal(sum, 104);
	hp_model_free(m);
}

/* ---- cut and damaged logs ---- */

/* Sample i of a cut log is the whole log's, but for names: a ticky
 * counter the cut left undefined is still "<ticky ID>" there. */
static int
cut_sample_same(const hp_model *a, const hp_model *b, size_t i)
{
	const hp_band *ba, *bb;
	const uint64_t *va, *vb;
	size_t na = hp_model_sample(a, i, &ba, &va);
	size_t nb = hp_model_sample(b, i, &bb, &vb), k, la, lb;

	if (hp_model_sample_time(a, i) != hp_model_sample_time(b, i) || na != nb)
		return 0;
	for (k = 0; k < na; k++) {
		const char *sa = hp_model_band_name(a, ba[k], &la);
		const char *sb = hp_model_band_name(b, bb[k], &lb);

		if (va[k] != vb[k] || (strncmp(sa, "<ticky ", 7) &&
				       (la != lb || memcmp(sa, sb, la))))
			return 0;
	}
	return 1;
}

/* Every cut of the log (every `step` bytes past the header) reads
 * without error, with at most one warning; its samples are the whole
 * log's, except that the last time column may hold fewer ticks. */
static void
cut_everywhere(const char *name, size_t step, int time)
{
	size_t len, at;
	char *data = tu_slurp(log_path(name), &len);
	hp_model *full = hp_model_new();
	struct hp_err err = {{0}};

	assert_non_null(data);
	assert_int_equal(hp_read_mem(full, name, data, len, &err), 0);
	for (at = 0; at < len; at += step) {
		hp_model *m = hp_model_new();
		size_t i, n;
		int rc = hp_read_mem(m, name, data, at, &err);

		if (rc) {
			/* only a header cut short is an error */
			/* (under 4 bytes it is not even known to be an eventlog) */
			assert_true(strstr(err.msg, "header") || strstr(err.msg, "empty") ||
				    (at < 4 && strstr(err.msg, "no samples")));
			assert_int_equal(hp_model_sample_count(m), 0);
			hp_model_free(m);
			err.msg[0] = '\0';
			continue;
		}
		assert_true(hp_model_warning_count(m) <= 1);
		n = hp_model_sample_count(m);
		assert_true(n <= hp_model_sample_count(full));
		for (i = 0; i < n; i++) {
			const hp_band *ba, *bb;
			const uint64_t *va, *vb;
			size_t na, nb, k;

			if (i + 1 < n || !time) {
				if (!cut_sample_same(m, full, i))
					fail_msg("%s cut at %zu: sample %zu differs", name, at, i);
				continue;
			}
			na = hp_model_sample(m, i, &ba, &va);
			nb = hp_model_sample(full, i, &bb, &vb);
			assert_true(na <= nb);
			assert_true(hp_model_sample_time(m, i) == hp_model_sample_time(full, i));
			for (k = 0; k < na; k++) {
				assert_string_equal(hp_model_band_name(m, ba[k], NULL),
						    hp_model_band_name(full, bb[k], NULL));
				assert_true(va[k] <= vb[k]);
			}
		}
		hp_model_free(m);
	}
	hp_model_free(full);
	free(data);
}

static void
cut_logs(void **state)
{
	(void)state;
	cut_everywhere("time-prof", 13, 1);
	cut_everywhere("ticky-synth", 97, 0);
	cut_everywhere("ticky-nobegin", 89, 0);
	cut_everywhere("ticky-ticky", 3, 0);
}

/* Damage costs one warning and the sample it hit; what came before is
 * kept, and reading goes on. */
static void
damaged_logs(void **state)
{
	static const char *const names[] = { "time-prof", "ticky-synth" };
	size_t i, at;

	(void)state;
	for (i = 0; i < 2; i++) {
		size_t len;
		char *data = tu_slurp(log_path(names[i]), &len);
		hp_model *full = hp_model_new();
		struct hp_err err = {{0}};

		assert_non_null(data);
		assert_int_equal(hp_read_mem(full, names[i], data, len, &err), 0);
		/* past the first sample (time-prof's are all in its last
		 * block) */
		for (at = len * 3 / 5; at < len; at += len / 11) {
			hp_model *m = hp_model_new();
			char saved = data[at];

			data[at] = (char)0xee;	/* no such event type */
			data[at + 1 < len ? at + 1 : at] = (char)0xee;
			assert_int_equal(hp_read_mem(m, names[i], data, len, &err), 0);
			(void)saved;
			assert_true(hp_model_warning_count(m) <= 1);
			assert_true(hp_model_sample_count(m) > 0);
			/* the first sample, well before the damage, is intact */
			assert_true(sample_same(m, 0, full, 0, 0));
			hp_model_free(m);
			free(data);
			data = tu_slurp(log_path(names[i]), &len);
		}
		hp_model_free(full);
		free(data);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(time_prof_agrees),
		cmocka_unit_test(ticky_agrees),
		cmocka_unit_test(ticky_rows),
		cmocka_unit_test(prof_sample_agrees),
		cmocka_unit_test(late_definition),
		cmocka_unit_test(later_def_layout),
		cmocka_unit_test(two_kinds),
		cmocka_unit_test(columns_within_capacity),
		cmocka_unit_test(cut_logs),
		cmocka_unit_test(damaged_logs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
