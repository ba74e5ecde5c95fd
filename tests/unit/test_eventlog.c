/*
 * tests/unit/test_eventlog.c - the eventlog reader: every ghc-events test
 * file against its ghc-events decoding, then each event layout and each
 * rule on hand-built logs (a small builder writes the bytes).
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "hp/frontend.h"
#include "hp/model.h"
#include "hp/reader.h"
#include "tests/eventlog-ref/check.h"
#include "testutil.h"

/* ---- the testdata files ---- */

/* tests/data/README.md: samples and values ghc-events finds. */
static const struct {
	const char *name;
	size_t samples, values;
	size_t warnings;
} testdata[] = {
	{ "sleep.h", 1, 7, 0 },
	{ "sleep.hC", 1, 7, 0 },
	{ "sleep.hd", 1, 46, 0 },
	{ "sleep.hm", 1, 7, 0 },
	{ "sleep.hy", 1, 34, 0 },
	{ "stop.hT", 14, 630, 0 },
	{ "biographical-samples", 6, 30, 0 },
	{ "eventlog2html-ghc", 40, 16969, 0 },
	{ "ghc-9.2-events", 0, 0, 0 },
	{ "testlog-part", 0, 0, 1 },	/* cut at 10 KiB */
	{ "testlog", 0, 0, 0 },
	{ "hello-ghc-8.6.5", 0, 0, 0 },
	{ "time-prof", 0, 0, 0 },
	{ "ticky-ticky", 0, 0, 0 },
	{ "unicode", 0, 0, 0 },
	{ "trace-binary-nonutf", 0, 0, 0 },
	{ "nonmoving-gc-census-T23340", 0, 0, 0 },
	{ "queens-ghc-6.12.1", 0, 0, 0 },	/* sizes declared wrong */
};

static void
testdata_match_reference(void **state)
{
	char dir[4096], path[4200], why[512];
	struct dirent *d;
	size_t i, found = 0;
	DIR *dp;

	(void)state;
	snprintf(dir, sizeof dir, "%s", tu_data("ghc-events"));
	for (i = 0; i < sizeof testdata / sizeof *testdata; i++) {
		hp_model *m = hp_model_new();
		struct hp_err err = {{0}};
		struct ref *r;

		snprintf(path, sizeof path, "%s/%s.eventlog", dir, testdata[i].name);
		if (hp_read_file(m, path, &err))
			fail_msg("%s: %s", path, err.msg);
		snprintf(path, sizeof path, "%s", tu_src("tests/eventlog-ref"));
		snprintf(path + strlen(path), sizeof path - strlen(path), "/%s.txt",
			 testdata[i].name);
		r = ref_load(path);
		if (!r)
			fail_msg("cannot read reference %s", path);
		/* The reference is what the README says ghc-events finds... */
		assert_int_equal(r->n, testdata[i].samples);
		assert_int_equal(r->lines, testdata[i].values);
		/* ...and the reader finds exactly that (time and ticky
		 * samples: test_eventlog_prof.c). */
		if (hp_model_profile(m) == HP_PROFILE_HEAP &&
		    ref_check(r, m, why, sizeof why))
			fail_msg("%s: %s", testdata[i].name, why);
		if (hp_model_warning_count(m) != testdata[i].warnings)
			fail_msg("%s: %zu warnings (%s)", testdata[i].name,
				 hp_model_warning_count(m),
				 hp_model_warning_count(m) ? hp_model_warning(m, 0) : "");
		ref_free(r);
		hp_model_free(m);
	}
	/* Every file there is in the table: a new one must be added. */
	dp = opendir(dir);
	assert_non_null(dp);
	while ((d = readdir(dp))) {
		size_t n = strlen(d->d_name);

		if (n < 9 || strcmp(d->d_name + n - 9, ".eventlog"))
			continue;
		found++;
		for (i = 0; i < sizeof testdata / sizeof *testdata; i++)
			if (strlen(testdata[i].name) == n - 9 &&
			    !strncmp(d->d_name, testdata[i].name, n - 9))
				break;
		if (i == sizeof testdata / sizeof *testdata)
			fail_msg("%s is not in the table", d->d_name);
	}
	closedir(dp);
	assert_int_equal(found, sizeof testdata / sizeof *testdata);
}

/* The header fields of a real profiled log. */
static void
testdata_header_fields(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	char path[4200];

	(void)state;
	snprintf(path, sizeof path, "%s",
		 tu_data("ghc-events/biographical-samples.eventlog"));
	assert_int_equal(hp_read_file(m, path, &err), 0);
	assert_string_equal(hp_model_get(m, HP_JOB), "Test +RTS -hb -l-au");
	assert_string_equal(hp_model_get(m, HP_SOURCE), "GHC-8.9.0.20190907 rts_p");
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN), "by biography (-hb)");
	assert_string_equal(hp_model_get(m, HP_SAMPLE_UNIT), "seconds");
	assert_string_equal(hp_model_get(m, HP_VALUE_UNIT), "bytes");
	assert_non_null(hp_model_get(m, HP_DATE));
	hp_model_free(m);
	/* Non-profiled RTS: GHC's JOB is the program name only. */
	m = hp_model_new();
	snprintf(path, sizeof path, "%s",
		 tu_data("ghc-events/stop.hT.eventlog"));
	assert_int_equal(hp_read_file(m, path, &err), 0);
	assert_string_equal(hp_model_get(m, HP_JOB), "stop");
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN), "by closure type (-hT)");
	hp_model_free(m);
}

/* ---- a builder of eventlog bytes ---- */

struct eb {
	unsigned char *p;
	size_t n, cap;
};

static void
eb_bytes(struct eb *b, const void *s, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 256;
		b->p = realloc(b->p, b->cap);
		assert_non_null(b->p);
	}
	if (n)
		memcpy(b->p + b->n, s, n);
	b->n += n;
}

static void
eb_u8(struct eb *b, unsigned v)
{
	unsigned char c = (unsigned char)v;

	eb_bytes(b, &c, 1);
}

static void
eb_u16(struct eb *b, unsigned v)
{
	eb_u8(b, v >> 8);
	eb_u8(b, v);
}

static void
eb_u32(struct eb *b, uint32_t v)
{
	eb_u16(b, v >> 16);
	eb_u16(b, v & 0xffff);
}

static void
eb_u64(struct eb *b, uint64_t v)
{
	eb_u32(b, (uint32_t)(v >> 32));
	eb_u32(b, (uint32_t)v);
}

static void
eb_str(struct eb *b, const char *s)
{
	eb_bytes(b, s, strlen(s) + 1);
}

static void
eb_patch32(struct eb *b, size_t at, uint32_t v)
{
	b->p[at] = (unsigned char)(v >> 24);
	b->p[at + 1] = (unsigned char)(v >> 16);
	b->p[at + 2] = (unsigned char)(v >> 8);
	b->p[at + 3] = (unsigned char)v;
}

#define VAR 0xffff

/* Types every built log declares: what the reader reads, plus two it
 * must skip by size (200 fixed, 201 variable). */
static const unsigned std_types[][2] = {
	{ 1, 4 }, { 2, 10 }, { 18, 14 }, { 29, VAR }, { 30, VAR }, { 43, 16 },
	{ 45, 2 }, { 50, 12 }, { 51, 12 }, { 58, VAR }, { 91, 12 }, { 160, VAR },
	{ 161, VAR }, { 162, 8 }, { 163, VAR }, { 164, VAR }, { 166, 16 },
	{ 169, VAR }, { 200, 3 }, { 201, VAR },
};

static void
eb_decl(struct eb *b, unsigned num, unsigned size)
{
	eb_bytes(b, "etb\0", 4);
	eb_u16(b, num);
	eb_u16(b, size);
	eb_u32(b, 4);
	eb_bytes(b, "desc", 4);
	eb_u32(b, 0);
	eb_bytes(b, "ete\0", 4);
}

/* with_end: declare HEAP_PROF_SAMPLE_END (GHC >= 8.10). */
static void
eb_header(struct eb *b, int with_end)
{
	size_t i;

	eb_bytes(b, "hdrbhetb", 8);
	for (i = 0; i < sizeof std_types / sizeof *std_types; i++)
		eb_decl(b, std_types[i][0], std_types[i][1]);
	if (with_end)
		eb_decl(b, 165, 8);
	eb_bytes(b, "hetehdredatb", 12);
}

static void
eb_ev(struct eb *b, unsigned type, uint64_t ts)
{
	eb_u16(b, type);
	eb_u64(b, ts);
}

/* A variable-size event: returns where its length goes (eb_vend). */
static size_t
eb_vbegin(struct eb *b, unsigned type, uint64_t ts)
{
	eb_ev(b, type, ts);
	eb_u16(b, 0);
	return b->n;
}

static void
eb_vend(struct eb *b, size_t at)
{
	size_t len = b->n - at;

	b->p[at - 2] = (unsigned char)(len >> 8);
	b->p[at - 1] = (unsigned char)len;
}

static size_t
eb_block(struct eb *b, uint64_t ts, unsigned cap)
{
	size_t at = b->n;

	eb_ev(b, 18, ts);
	eb_u32(b, 0);
	eb_u64(b, ts + 1000000000);
	eb_u16(b, cap);
	return at;
}

static void
eb_block_end(struct eb *b, size_t at)
{
	eb_patch32(b, at + 10, (uint32_t)(b->n - at));
}

static void
eb_data_end(struct eb *b)
{
	eb_u16(b, 0xffff);
}

static void
ev_prof_begin(struct eb *b, uint64_t ts, uint32_t breakdown)
{
	size_t v = eb_vbegin(b, 160, ts);
	int i;

	eb_u8(b, 0);
	eb_u64(b, 100000000);
	eb_u32(b, breakdown);
	for (i = 0; i < 7; i++)
		eb_str(b, "");
	eb_vend(b, v);
}

static void
ev_cc(struct eb *b, uint32_t id, const char *label, const char *module,
      unsigned flags)
{
	size_t v = eb_vbegin(b, 161, 1);

	eb_u32(b, id);
	eb_str(b, label);
	eb_str(b, module);
	eb_str(b, "File.hs:1:1-10");
	eb_u8(b, flags);
	eb_vend(b, v);
}

static void
ev_begin(struct eb *b, uint64_t ts)
{
	eb_ev(b, 162, ts);
	eb_u64(b, 0);
}

static void
ev_end(struct eb *b, uint64_t ts)
{
	eb_ev(b, 165, ts);
	eb_u64(b, 0);
}

static void
ev_str(struct eb *b, uint64_t ts, const char *label, uint64_t bytes)
{
	size_t v = eb_vbegin(b, 164, ts);

	eb_u8(b, 0);
	eb_u64(b, bytes);
	eb_str(b, label);
	eb_vend(b, v);
}

static void
ev_stack(struct eb *b, uint64_t ts, uint64_t bytes, unsigned depth,
	 const uint32_t *ids)
{
	size_t v = eb_vbegin(b, 163, ts);
	unsigned i;

	eb_u8(b, 0);
	eb_u64(b, bytes);
	eb_u8(b, depth);
	for (i = 0; i < depth; i++)
		eb_u32(b, ids[i]);
	eb_vend(b, v);
}

/* Events the reader skips: fixed, variable, and an unread fixed type. */
static void
ev_noise(struct eb *b, uint64_t ts)
{
	size_t v;

	eb_ev(b, 1, ts);
	eb_u32(b, 7);
	v = eb_vbegin(b, 201, ts);
	eb_bytes(b, "\0\1\2\3\4\5\6", 7);
	eb_vend(b, v);
	eb_ev(b, 200, ts);
	eb_bytes(b, "abc", 3);
	eb_ev(b, 2, ts);
	eb_bytes(b, "0123456789", 10);
}

static void
ev_args(struct eb *b, const char *const *argv, int argc)
{
	size_t v = eb_vbegin(b, 30, 1);
	int i;

	eb_u32(b, 1);
	for (i = 0; i < argc; i++)
		eb_str(b, argv[i]);
	eb_vend(b, v);
}

static void
ev_rtsid(struct eb *b, const char *id)
{
	size_t v = eb_vbegin(b, 29, 1);

	eb_u32(b, 1);
	eb_bytes(b, id, strlen(id));
	eb_vend(b, v);
}

static void
ev_ipe(struct eb *b, uint64_t info, const char *table, const char *ctype,
       const char *type, const char *label, const char *module,
       const char *srcloc)
{
	size_t v = eb_vbegin(b, 169, 1);

	eb_u64(b, info);
	eb_str(b, table);
	eb_str(b, ctype);
	eb_str(b, type);
	eb_str(b, label);
	eb_str(b, module);
	eb_str(b, srcloc);
	eb_vend(b, v);
}

static hp_model *
read_eb(const struct eb *b, int *rc, struct hp_err *err)
{
	hp_model *m = hp_model_new();

	assert_non_null(m);
	*rc = hp_read_mem(m, "t.eventlog", b->p, b->n, err);
	return m;
}

static hp_model *
read_ok(const struct eb *b)
{
	struct hp_err err = {{0}};
	int rc;
	hp_model *m = read_eb(b, &rc, &err);

	if (rc)
		fail_msg("read failed: %s", err.msg);
	return m;
}

/* The model of b, and the same fed split at every byte and byte by byte. */
/* The run's facts (hp/facts.h): the RTS, the command line split as
 * the RTS splits it (+RTS ... -RTS, --RTS), each argument quoted as a
 * shell would need, the start (the wall clock less the event's time), the
 * capabilities created, the sampling interval, and whether the log ends
 * with its end marker (issue 35 §5). */
static void
run_facts(void **state)
{
	static const char args[] = "./prog\0a b\0it's\0+RTS\0-N4\0-hT\0-i0.25\0"
				   "-RTS\0x\0--RTS\0+RTS\0";
	struct eb b = { 0 };
	size_t v, blk, i, whole;
	hp_model *m;
	int pass;

	(void)state;
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0);
	v = eb_vbegin(&b, 29, 0);
	eb_u32(&b, 0);
	eb_bytes(&b, "GHC-9.14.1 rts_thr", 18);
	eb_vend(&b, v);
	v = eb_vbegin(&b, 30, 0);
	eb_u32(&b, 0);
	eb_bytes(&b, args, sizeof args - 1);
	eb_vend(&b, v);
	eb_ev(&b, 43, 250000000);	/* 1795690218.5 s at 0.25 s */
	eb_u32(&b, 0);
	eb_u64(&b, 1795690218);
	eb_u32(&b, 500000000);
	for (i = 0; i < 4; i++) {
		eb_ev(&b, 45, 1000);
		eb_u16(&b, (unsigned)i);
	}
	ev_prof_begin(&b, 2000, 7);
	eb_block_end(&b, blk);
	whole = b.n;
	eb_data_end(&b);
	for (pass = 0; pass < 2; pass++) {
		m = read_ok(&b);
		assert_string_equal(hp_model_get(m, HP_SOURCE), "GHC-9.14.1 rts_thr");
		assert_string_equal(hp_model_get(m, HP_PROGRAM), "./prog");
		assert_string_equal(hp_model_get(m, HP_ARGS), "'a b' 'it'\\''s' x +RTS");
		assert_string_equal(hp_model_get(m, HP_RTS_OPTS), "-N4 -hT -i0.25");
		assert_string_equal(hp_model_get(m, HP_STARTED), "2026-11-26T10:50:18Z");
		assert_string_equal(hp_model_get(m, HP_CAPS), "4");
		assert_string_equal(hp_model_get(m, HP_INTERVAL), "0.1");
		assert_string_equal(hp_model_get(m, HP_END), pass ? "cut" : "complete");
		hp_model_free(m);
		b.n = whole;	/* the same log without its end marker */
	}
	free(b.p);
}

static hp_model *
read_every_split(const struct eb *b)
{
	const struct hp_frontend *fe = &hp_eventlog_frontend;
	struct hp_err err = {{0}};
	hp_model *whole = read_ok(b), *m;
	size_t split;
	char why[256];
	void *st;

	for (split = 0; split <= b->n; split++) {
		m = hp_model_new();
		st = fe->create(m, "t.eventlog", &(struct hp_read_opts){ 0 });
		assert_int_equal(fe->feed(st, b->p, split, &err), 0);
		assert_int_equal(fe->feed(st, b->p + split, b->n - split, &err), 0);
		assert_int_equal(fe->finish(st, &err), 0);
		fe->destroy(st);
		if (model_same(m, whole, why, sizeof why))
			fail_msg("split at %zu of %zu: %s (%s)", split, b->n, why,
				 hp_model_warning_count(m) ? hp_model_warning(m, 0) : "");
		hp_model_free(m);
	}
	m = hp_model_new();
	st = fe->create(m, "t.eventlog", &(struct hp_read_opts){ 0 });
	for (split = 0; split < b->n; split++)
		assert_int_equal(fe->feed(st, b->p + split, 1, &err), 0);
	assert_int_equal(fe->finish(st, &err), 0);
	fe->destroy(st);
	if (model_same(m, whole, why, sizeof why))
		fail_msg("byte by byte: %s", why);
	hp_model_free(m);
	return whole;
}

static void
assert_entry(const hp_model *m, size_t i, size_t k, const char *name,
	     uint64_t bytes)
{
	const hp_band *b;
	const uint64_t *v;
	size_t n = hp_model_sample(m, i, &b, &v);

	if (k >= n)
		fail_msg("sample %zu has %zu entries, wanted entry %zu", i, n, k);
	assert_string_equal(hp_model_band_name(m, b[k], NULL), name);
	assert_int_equal(v[k], bytes);
}

static size_t
entries(const hp_model *m, size_t i)
{
	const hp_band *b;
	const uint64_t *v;

	return hp_model_sample(m, i, &b, &v);
}

/* ---- layouts and rules ---- */

/* GHC 8.2-8.8: no 165; a sample ends at the next 162 or at DATA_END. */
static void
implicit_sample_end(void **state)
{
	struct eb b = { 0 };
	hp_model *m;
	size_t blk;

	(void)state;
	eb_header(&b, 0);
	blk = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 7);
	ev_begin(&b, 1500000000);
	ev_str(&b, 1500000000, "THUNK", 10);
	ev_noise(&b, 1500000001);
	ev_str(&b, 1500000000, "ARR_WORDS", 20);
	ev_str(&b, 1500000000, "THUNK", 5);	/* same band: summed */
	ev_begin(&b, 2250000000u);
	ev_str(&b, 2250000000u, "ARR_WORDS", 7);
	eb_block_end(&b, blk);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_true(hp_model_sample_time(m, 0) == 1.5);
	assert_true(hp_model_sample_time(m, 1) == 2.25);
	assert_int_equal(entries(m, 0), 2);
	assert_entry(m, 0, 0, "THUNK", 15);
	assert_entry(m, 0, 1, "ARR_WORDS", 20);
	assert_entry(m, 1, 0, "ARR_WORDS", 7);
	assert_int_equal(hp_model_warning_count(m), 0);
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN), "by closure type (-hT)");
	hp_model_free(m);

	/* Without DATA_END (a killed program) the open sample is kept too,
	 * and the cut is reported once. */
	b.n -= 2;
	m = read_ok(&b);
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_int_equal(hp_model_warning_count(m), 1);
	assert_non_null(strstr(hp_model_warning(m, 0), "byte"));
	hp_model_free(m);
	free(b.p);
}

/* An era profile (-he, GHC 9.10): GHC writes each band as the era's
 * number; the values are read as any string sample's, and each band's
 * label says it is an era, its name the number as the .hp has it. */
static void
era_profile(void **state)
{
	struct eb b = { 0 };
	hp_model *m;
	size_t blk, len;

	(void)state;
	eb_header(&b, 0);
	blk = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 9);
	ev_begin(&b, 1000000000);
	ev_str(&b, 1000000000, "1", 4096);
	ev_str(&b, 1000000000, "2", 80);
	ev_begin(&b, 2000000000);
	ev_str(&b, 2000000000, "2", 160);
	ev_str(&b, 2000000000, "3", 24);
	eb_block_end(&b, blk);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN), "by era (-he)");
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_entry(m, 0, 0, "1", 4096);
	assert_entry(m, 0, 1, "2", 80);
	assert_entry(m, 1, 0, "2", 160);
	assert_entry(m, 1, 1, "3", 24);
	assert_int_equal(hp_model_band_count(m), 3);
	assert_string_equal(hp_model_band_label(m, 0, &len), "era 1");
	assert_int_equal(len, 5);
	assert_string_equal(hp_model_band_label(m, 2, NULL), "era 3");
	assert_string_equal(hp_model_band_name(m, 2, NULL), "3");
	hp_model_free(m);
	free(b.p);
}

/* GHC >= 8.10: 165 ends a sample; one left open at the end is dropped. */
static void
explicit_sample_end(void **state)
{
	struct eb b = { 0 };
	struct hp_err err = {{0}};
	hp_model *m;
	char want[64];
	size_t blk, cut;
	int rc;

	(void)state;
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 2);
	ev_begin(&b, 1000000000);
	ev_str(&b, 1000000000, "Main", 100);
	ev_end(&b, 1000000000);
	ev_noise(&b, 1000000000);
	/* 163/164 outside a sample mean nothing */
	ev_str(&b, 1100000000, "Stray", 1);
	ev_begin(&b, 2000000000);
	ev_str(&b, 2000000000, "Main", 200);
	ev_str(&b, 2000000000, "Data.Map", 300);
	cut = b.n;
	ev_end(&b, 2000000000);
	eb_block_end(&b, blk);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_int_equal(hp_model_warning_count(m), 0);
	assert_int_equal(hp_model_lookup(m, "Stray", 5, &(hp_band){ 0 }), 0);
	assert_entry(m, 1, 1, "Data.Map", 300);
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN), "by module (-hm)");
	hp_model_free(m);

	/* Cut just before the last 165: that sample is dropped, with one
	 * warning giving the offset of the cut. */
	b.n = cut;
	m = read_eb(&b, &rc, &err);
	assert_int_equal(rc, 0);
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(hp_model_warning_count(m), 1);
	snprintf(want, sizeof want, "t.eventlog: byte %zu: ", cut);
	assert_non_null(strstr(hp_model_warning(m, 0), want));
	assert_non_null(strstr(hp_model_warning(m, 0), "dropped"));
	hp_model_free(m);
	free(b.p);
}

/* 166: the time is in the payload (bio samples are all posted at exit). */
static void
bio_sample_time(void **state)
{
	static const char *const bands[] = {
		"VOID", "LAG", "USE", "INHERENT_USE", "DRAG"
	};
	struct eb b = { 0 };
	hp_model *m;
	size_t blk;
	int i, k;

	(void)state;
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 6);
	for (i = 0; i < 3; i++) {
		eb_ev(&b, 166, 9000000000u);	/* exit time: not the sample's */
		eb_u64(&b, 7);			/* final era, same every time */
		eb_u64(&b, (uint64_t)(i + 1) * 250000000);
		for (k = 0; k < 5; k++)
			ev_str(&b, 9000000000u, bands[k], (uint64_t)(k * 10 + i));
		ev_end(&b, 9000000000u);
	}
	eb_block_end(&b, blk);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_int_equal(hp_model_sample_count(m), 3);
	assert_true(hp_model_sample_time(m, 0) == 0.25);
	assert_true(hp_model_sample_time(m, 1) == 0.5);
	assert_true(hp_model_sample_time(m, 2) == 0.75);
	assert_int_equal(entries(m, 0), 5);	/* VOID 0 is kept */
	assert_entry(m, 0, 0, "VOID", 0);
	assert_entry(m, 2, 0, "VOID", 2);
	assert_entry(m, 2, 4, "DRAG", 42);
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN), "by biography (-hb)");
	hp_model_free(m);
	free(b.p);
}

/* 163: stacks named as GHC's .hp names them, minus "(ccsID)". */
static void
cost_centre_stacks(void **state)
{
	static const uint32_t s1[] = { 3, 1 }, s2[] = { 1, 2 }, s3[] = { 4 },
			      s4[] = { 2, 3 }, s5[] = { 3, 77 }, s6[] = { 5 };
	uint32_t deep[255];
	struct eb b = { 0 };
	char want[255 * 4];
	hp_model *m;
	size_t blk, i;

	(void)state;
	for (i = 0; i < 255; i++)
		deep[i] = 3;
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 1);
	ev_cc(&b, 1, "main", "Main", 0);
	ev_cc(&b, 2, "CAF", "Main", 99);
	ev_cc(&b, 3, "foo", "Lib", 0);
	ev_cc(&b, 4, "CAF", "GHC.Conc.Signal", 99);
	ev_cc(&b, 5, "go", "Lib", 1);	/* CAF flag, not labelled CAF */
	ev_begin(&b, 100);
	ev_stack(&b, 100, 9880, 0, NULL);
	ev_stack(&b, 100, 11, 2, s1);
	ev_stack(&b, 100, 12, 2, s2);
	ev_stack(&b, 100, 13, 1, s3);
	ev_stack(&b, 100, 14, 2, s4);
	ev_stack(&b, 100, 15, 2, s5);
	ev_stack(&b, 100, 16, 255, deep);
	ev_stack(&b, 100, 4, 2, s1);	/* the same stack again: summed */
	ev_stack(&b, 100, 17, 1, s6);
	ev_end(&b, 100);
	eb_block_end(&b, blk);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(entries(m, 0), 8);
	assert_entry(m, 0, 0, "MAIN", 9880);
	assert_entry(m, 0, 1, "foo/main", 15);
	assert_entry(m, 0, 2, "main/Main.CAF", 12);
	assert_entry(m, 0, 3, "GHC.Conc.Signal.CAF", 13);
	assert_entry(m, 0, 4, "Main.CAFfoo", 14);	/* no "/" after a CAF */
	assert_entry(m, 0, 5, "foo/<cc 77>", 15);
	want[0] = '\0';
	for (i = 0; i < 255; i++)
		strcat(want, i ? "/foo" : "foo");
	assert_entry(m, 0, 6, want, 16);
	assert_entry(m, 0, 7, "go", 17);
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN), "by cost-centre stack (-hc)");
	hp_model_free(m);
	free(b.p);
}

/* Stack names past 16 KiB: cut, but two different stacks stay two bands
 * (their ids end the name), with one warning for the log. */
static void
long_stack_names_stay_distinct(void **state)
{
	uint32_t a[200], c[200];
	struct eb b = { 0 };
	char label[128];
	hp_model *m;
	size_t blk, i, len0, len1;
	const char *n0, *n1;

	(void)state;
	memset(label, 'x', sizeof label - 1);
	label[sizeof label - 1] = '\0';
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 1);
	ev_cc(&b, 1, label, "Main", 0);	/* 127 bytes: 200 of them pass 16 KiB */
	ev_cc(&b, 3, "other", "Lib", 0);
	for (i = 0; i < 200; i++)
		a[i] = c[i] = 1;
	c[199] = 3;		/* differs only in the outermost centre */
	ev_begin(&b, 100);
	ev_stack(&b, 100, 5, 200, a);
	ev_stack(&b, 100, 6, 200, c);
	ev_end(&b, 100);
	eb_block_end(&b, blk);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_int_equal(entries(m, 0), 2);
	n0 = hp_model_band_name(m, 0, &len0);
	n1 = hp_model_band_name(m, 1, &len1);
	assert_true(len0 < 16 * 1024 + 200 * 12);
	assert_true(len0 != len1 || memcmp(n0, n1, len0) != 0);
	assert_memory_equal(n0, label, sizeof label - 1);
	assert_non_null(strstr(n0, "...(ccs 1 1 1"));
	assert_non_null(strstr(n1, " 1 3)"));
	assert_int_equal(hp_model_warning_count(m), 1);
	assert_non_null(strstr(hp_model_warning(m, 0), "passes 16 KiB"));
	hp_model_free(m);
	free(b.p);
}

/* A cost centre defined after samples that use it (code loaded later):
 * named "<cc N>" until then, by its label after; stacks already seen are
 * not remembered under their old names. */
static void
late_cost_centre(void **state)
{
	static const uint32_t s9[] = { 9, 1 };
	struct eb b = { 0 };
	hp_model *m;

	(void)state;
	eb_header(&b, 1);
	ev_prof_begin(&b, 1, 1);
	ev_cc(&b, 1, "main", "Main", 0);
	ev_begin(&b, 100);
	ev_stack(&b, 100, 5, 2, s9);
	ev_end(&b, 100);
	ev_begin(&b, 200);
	ev_stack(&b, 200, 6, 2, s9);
	ev_end(&b, 200);
	ev_cc(&b, 9, "plugin", "Plugin", 0);
	ev_begin(&b, 300);
	ev_stack(&b, 300, 7, 2, s9);
	ev_end(&b, 300);
	ev_cc(&b, 9, "renamed", "Plugin", 0);
	ev_begin(&b, 400);
	ev_stack(&b, 400, 8, 2, s9);
	ev_end(&b, 400);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_int_equal(hp_model_sample_count(m), 4);
	assert_entry(m, 0, 0, "<cc 9>/main", 5);
	assert_entry(m, 1, 0, "<cc 9>/main", 6);
	assert_entry(m, 2, 0, "plugin/main", 7);
	assert_entry(m, 3, 0, "renamed/main", 8);
	hp_model_free(m);
	free(b.p);
}

/* 169: -hi bands get a label from their provenance (hp/ipe.c), whether the
 * IPE events come before or after the samples. */
static void
ipe_both_orders(void **state)
{
	struct eb b = { 0 };
	const struct hp_ipe *ipe;
	hp_model *m;
	hp_band band;
	size_t blk;

	(void)state;
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 8);
	ev_ipe(&b, 0x10, "early_info", "21", "Int", "early", "Early", "E.hs:1:1");
	ev_begin(&b, 100);
	ev_str(&b, 100, "0x4c9b58", 64);
	ev_str(&b, 100, "0x10", 32);
	ev_str(&b, 100, "0x999", 16);	/* never described */
	ev_end(&b, 100);
	ev_ipe(&b, 0x4c9b58, "main_info", "15", "IO ()", "main", "Main",
	       "Test.hs:5:1-30");
	eb_block_end(&b, blk);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN), "by info table (-hi)");
	assert_int_equal(hp_model_lookup(m, "0x4c9b58", 8, &band), 1);
	assert_string_equal(hp_model_band_label(m, band, NULL), "IO () thunk, Test.hs:5:1-30 (main)");
	ipe = hp_model_band_ipe(m, band);
	assert_non_null(ipe);
	assert_string_equal(ipe->table_name, "main_info");
	assert_string_equal(ipe->closure_desc, "15");
	assert_string_equal(ipe->type_desc, "IO ()");
	assert_string_equal(ipe->label, "main");
	assert_string_equal(ipe->module, "Main");
	assert_string_equal(ipe->srcloc, "Test.hs:5:1-30");
	assert_int_equal(hp_model_lookup(m, "0x10", 4, &band), 1);
	assert_string_equal(hp_model_band_label(m, band, NULL), "Int thunk, E.hs:1:1 (early)");
	assert_string_equal(hp_model_band_ipe(m, band)->srcloc, "E.hs:1:1");
	assert_int_equal(hp_model_lookup(m, "0x999", 5, &band), 1);
	/* no IPE event: it says so (and 0x4c9b58, sampled before its
	 * event, said so until it came) */
	assert_string_equal(hp_model_band_label(m, band, NULL), "0x999 (no IPE entry)");
	assert_null(hp_model_band_ipe(m, band));
	hp_model_free(m);
	free(b.p);
}

/* An IPE event with pad NUL bytes after its fields (a newer GHC's extra
 * field), declared over bytes longer than written (GHC 9.6: 1). */
static void
ev_ipe_sized(struct eb *b, uint64_t info, const char *table, const char *srcloc,
	     size_t pad, unsigned over)
{
	size_t v = eb_vbegin(b, 169, 1);

	eb_u64(b, info);
	eb_str(b, table);
	eb_str(b, "15");
	eb_str(b, "String");
	eb_str(b, "main");
	eb_str(b, "Main");
	eb_str(b, srcloc);
	while (pad--)
		eb_u8(b, 0);
	eb_vend(b, v);
	b->p[v - 1] = (unsigned char)(b->p[v - 1] + over);	/* lengths here < 0xf0 */
}

static void
ev_ipe96(struct eb *b, uint64_t info, const char *table, const char *srcloc)
{
	ev_ipe_sized(b, info, table, srcloc, 0, 1);
}

/* GHC 9.6 declares each IPE event one byte longer than it writes: read
 * by its fields, between IPE events, before a sample, last in a block
 * (the declared end past the block) and last before DATA_END. */
static void
ipe_declared_one_long(void **state)
{
	struct eb b = { 0 };
	hp_model *m;
	hp_band band;
	size_t blk;

	(void)state;
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 8);
	ev_ipe96(&b, 0x10, "a_info", "A.hs:1:1");
	ev_ipe96(&b, 0x20, "b_info", "B.hs:2:2");
	ev_begin(&b, 100);
	ev_str(&b, 100, "0x10", 10);
	ev_str(&b, 100, "0x20", 20);
	ev_str(&b, 100, "0x30", 30);
	ev_end(&b, 100);
	ev_ipe96(&b, 0x30, "c_info", "C.hs:3:3");
	eb_block_end(&b, blk);
	blk = eb_block(&b, 0, 0xffff);
	ev_begin(&b, 200);
	ev_str(&b, 200, "0x40", 40);
	ev_end(&b, 200);
	ev_ipe96(&b, 0x40, "d_info", "D.hs:4:4");
	eb_data_end(&b);
	eb_block_end(&b, blk);
	m = read_every_split(&b);
	if (hp_model_warning_count(m))
		fail_msg("%s", hp_model_warning(m, 0));
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_entry(m, 0, 2, "0x30", 30);
	assert_int_equal(hp_model_lookup(m, "0x20", 4, &band), 1);
	assert_string_equal(hp_model_band_ipe(m, band)->srcloc, "B.hs:2:2");
	assert_int_equal(hp_model_lookup(m, "0x30", 4, &band), 1);
	assert_string_equal(hp_model_band_ipe(m, band)->table_name, "c_info");
	assert_int_equal(hp_model_lookup(m, "0x40", 4, &band), 1);
	assert_string_equal(hp_model_band_ipe(m, band)->srcloc, "D.hs:4:4");
	hp_model_free(m);
	free(b.p);
}

/* A newer GHC's IPE event with one more byte at its end (an event starts
 * at its declared end) is still skipped by its declared size. */
static void
ipe_extra_trailing_field(void **state)
{
	struct eb b = { 0 };
	hp_model *m;
	hp_band band;
	size_t blk;

	(void)state;
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 8);
	/* the new field: a NUL, where GHC 9.6's extra byte would be */
	ev_ipe_sized(&b, 0x10, "a_info", "A.hs:1:1", 1, 0);
	ev_begin(&b, 100);
	ev_str(&b, 100, "0x10", 10);
	ev_end(&b, 100);
	eb_block_end(&b, blk);
	eb_data_end(&b);
	m = read_every_split(&b);
	assert_int_equal(hp_model_warning_count(m), 0);
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(hp_model_lookup(m, "0x10", 4, &band), 1);
	assert_string_equal(hp_model_band_ipe(m, band)->srcloc, "A.hs:1:1");
	hp_model_free(m);
	free(b.p);
}

/* GHC 6.12's header: 8-byte thread ids declared, 4 written; STARTUP
 * declared with 0 bytes, written with 2.  Another header that declares
 * STARTUP with 0 bytes (no 8-byte thread ids) is taken at its word. */
static void
ghc6_sizes(void **state)
{
	static const unsigned ghc6[][2] = {
		{ 0, 8 }, { 1, 8 }, { 2, 10 }, { 17, 0 }, { 18, 14 }, { 160, VAR },
		{ 162, 8 }, { 164, VAR },
	};
	int pass;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		struct eb b = { 0 };
		hp_model *m;
		size_t i;

		eb_bytes(&b, "hdrbhetb", 8);
		for (i = 0; i < sizeof ghc6 / sizeof *ghc6; i++)
			eb_decl(&b, ghc6[i][0], pass == 0 || ghc6[i][0] > 2 ? ghc6[i][1]
						 : ghc6[i][1] - 4);
		eb_bytes(&b, "hetehdredatb", 12);
		eb_ev(&b, 17, 0);
		if (pass == 0)
			eb_u16(&b, 1);	/* the u16 GHC 6.12 did not declare */
		eb_ev(&b, 0, 5);
		eb_u32(&b, 1);
		eb_ev(&b, 1, 6);
		eb_u32(&b, 1);
		eb_ev(&b, 2, 7);
		eb_u32(&b, 1);
		eb_u16(&b, 5);
		ev_prof_begin(&b, 8, 1);
		ev_begin(&b, 100);
		ev_str(&b, 100, "x", 42);
		eb_data_end(&b);
		m = read_ok(&b);
		if (hp_model_warning_count(m))
			fail_msg("pass %d: %s", pass, hp_model_warning(m, 0));
		assert_int_equal(hp_model_sample_count(m), 1);
		assert_entry(m, 0, 0, "x", 42);
		hp_model_free(m);
		free(b.p);
	}
}

static void
unknown_breakdown(void **state)
{
	struct eb b = { 0 };
	hp_model *m;

	(void)state;
	eb_header(&b, 1);
	ev_prof_begin(&b, 1, 42);
	ev_begin(&b, 5);
	ev_str(&b, 5, "x", 1);
	ev_end(&b, 5);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN), "by breakdown 42");
	assert_int_equal(hp_model_sample_count(m), 1);
	hp_model_free(m);
	free(b.p);
}

/* JOB as GHC's .hp has it, DATE in ctime style, source, marks, series. */
static void
header_fields(void **state)
{
	static const char *const argv[] = {
		"./bin/leak_prof", "300000", "x\"y z", "+RTS", "-hc", "-l",
		"-i0.02", "-RTS", "tail", "+RTS", "-L10"
	};
	static const char *const argv2[] = { "prog", "a", "--RTS", "+RTS" };
	struct eb b = { 0 };
	const double *t;
	const uint64_t *v;
	hp_model *m;
	size_t blk, mk;
	char *tz = getenv("TZ") ? strdup(getenv("TZ")) : NULL;

	(void)state;
	setenv("TZ", "UTC", 1);
	tzset();
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0);
	ev_rtsid(&b, "GHC-9.0.2 rts_p");
	ev_args(&b, argv, 11);
	eb_ev(&b, 43, 5);
	eb_u32(&b, 1);
	eb_u64(&b, 1790000000);
	eb_u32(&b, 5);
	eb_ev(&b, 50, 2000000000);
	eb_u32(&b, 1);
	eb_u64(&b, 4096);
	eb_ev(&b, 51, 2000000000);
	eb_u32(&b, 1);
	eb_u64(&b, 1024);
	eb_ev(&b, 91, 3000000000u);
	eb_u32(&b, 1);
	eb_u64(&b, 2048);
	mk = eb_vbegin(&b, 58, 500000000);
	eb_bytes(&b, "phase 2", 7);
	eb_vend(&b, mk);
	eb_block_end(&b, blk);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_string_equal(hp_model_get(m, HP_JOB),
			    "leak_prof 300000 x\"y z tail +RTS -hc -l -i0.02 -L10");
	assert_string_equal(hp_model_get(m, HP_DATE), "Mon Sep 21 14:13 2026");
	assert_string_equal(hp_model_get(m, HP_SOURCE), "GHC-9.0.2 rts_p");
	assert_int_equal(hp_model_mark_count(m), 1);
	assert_true(hp_model_mark_time(m, 0) == 0.5);
	assert_string_equal(hp_model_mark_label(m, 0), "phase 2");
	assert_int_equal(hp_model_series(m, HP_HEAP_SIZE, &t, &v), 1);
	assert_true(t[0] == 2.0);
	assert_int_equal(v[0], 4096);
	assert_int_equal(hp_model_series(m, HP_HEAP_LIVE, &t, &v), 1);
	assert_int_equal(v[0], 1024);
	assert_int_equal(hp_model_series(m, HP_BLOCKS_SIZE, &t, &v), 1);
	assert_true(t[0] == 3.0);
	hp_model_free(m);

	/* Non-profiled RTS: the program name alone.  --RTS ends RTS
	 * options; a day below 10 is padded like ctime's. */
	b.n = 0;
	eb_header(&b, 1);
	ev_rtsid(&b, "GHC-9.2.1 rts_thr_l");
	ev_args(&b, argv, 3);
	eb_ev(&b, 43, 5);
	eb_u32(&b, 1);
	eb_u64(&b, 1541511900);		/* Tue Nov  6 13:45 2018 UTC */
	eb_u32(&b, 0);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_string_equal(hp_model_get(m, HP_JOB), "leak_prof");
	assert_string_equal(hp_model_get(m, HP_DATE), "Tue Nov  6 13:45 2018");
	hp_model_free(m);
	b.n = 0;
	eb_header(&b, 1);
	ev_rtsid(&b, "GHC-9.2.1 rts_thr_debug_p");
	ev_args(&b, argv2, 4);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_string_equal(hp_model_get(m, HP_JOB), "prog a +RTS +RTS");
	hp_model_free(m);
	free(b.p);
	if (tz)
		setenv("TZ", tz, 1);
	else
		unsetenv("TZ");
	tzset();
	free(tz);
}

/* Fields past the known ones are ignored; short payloads do no harm;
 * a fixed type declared larger than we know is read by its prefix. */
static void
payload_lengths(void **state)
{
	struct eb b = { 0 };
	hp_model *m;
	size_t v, i;

	(void)state;
	eb_bytes(&b, "hdrbhetb", 8);
	for (i = 0; i < sizeof std_types / sizeof *std_types; i++)
		if (std_types[i][0] != 162)
			eb_decl(&b, std_types[i][0], std_types[i][1]);
	eb_decl(&b, 162, 16);		/* a future, larger 162 */
	eb_decl(&b, 165, 8);
	eb_decl(&b, 162, 16);		/* declared twice: harmless */
	eb_bytes(&b, "hetehdredatb", 12);
	eb_ev(&b, 162, 10);
	eb_u64(&b, 0);
	eb_u64(&b, 0xdeadbeef);
	v = eb_vbegin(&b, 164, 10);
	eb_u8(&b, 0);
	eb_u64(&b, 77);
	eb_str(&b, "band");
	eb_bytes(&b, "future fields", 13);
	eb_vend(&b, v);
	v = eb_vbegin(&b, 164, 10);	/* label without NUL */
	eb_u8(&b, 0);
	eb_u64(&b, 5);
	eb_bytes(&b, "cut", 3);
	eb_vend(&b, v);
	v = eb_vbegin(&b, 164, 10);	/* too short for a value */
	eb_u8(&b, 0);
	eb_u32(&b, 1);
	eb_vend(&b, v);
	v = eb_vbegin(&b, 163, 10);	/* depth beyond the payload */
	eb_u8(&b, 0);
	eb_u64(&b, 9);
	eb_u8(&b, 200);
	eb_u32(&b, 1);
	eb_vend(&b, v);
	ev_end(&b, 10);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(entries(m, 0), 3);
	assert_entry(m, 0, 0, "band", 77);
	assert_entry(m, 0, 1, "cut", 5);
	assert_entry(m, 0, 2, "<cc 1>", 9);
	assert_int_equal(hp_model_warning_count(m), 0);
	hp_model_free(m);
	free(b.p);
}

/* An undeclared type inside a block: one warning at its offset, the rest
 * of that block skipped, reading resumes at the next block. */
static void
corrupt_event_resync(void **state)
{
	struct eb b = { 0 };
	char want[64];
	hp_model *m;
	size_t b1, b2, bad;

	(void)state;
	eb_header(&b, 1);
	b1 = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 7);
	ev_begin(&b, 100);
	ev_str(&b, 100, "A", 1);
	ev_end(&b, 100);
	ev_begin(&b, 200);
	ev_str(&b, 200, "A", 2);
	bad = b.n;
	eb_ev(&b, 4000, 200);		/* not declared */
	eb_bytes(&b, "garbage garbage", 15);
	ev_end(&b, 200);
	eb_block_end(&b, b1);
	b2 = eb_block(&b, 0, 0);
	ev_noise(&b, 300);
	eb_ev(&b, 4001, 200);		/* more damage: no second warning */
	eb_block_end(&b, b2);
	b2 = eb_block(&b, 0, 0xffff);
	ev_begin(&b, 300);
	ev_str(&b, 300, "A", 3);
	ev_end(&b, 300);
	eb_block_end(&b, b2);
	eb_data_end(&b);
	m = read_ok(&b);
	/* sample 200 lost its end: dropped */
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_entry(m, 0, 0, "A", 1);
	assert_entry(m, 1, 0, "A", 3);
	assert_int_equal(hp_model_warning_count(m), 1);
	snprintf(want, sizeof want, "t.eventlog: byte %zu: ", bad);
	assert_non_null(strstr(hp_model_warning(m, 0), want));
	assert_non_null(strstr(hp_model_warning(m, 0), "4000"));
	hp_model_free(m);
	free(b.p);
}

/* A length running past its block, and damage in a log without blocks
 * (found again by scanning for a plausible block marker). */
static void
corrupt_length_and_scan(void **state)
{
	static const char junk[] = "\0\x12 junk that looks a little like events \xff\xff";
	struct eb b = { 0 };
	char want[64];
	hp_model *m;
	size_t b1, v, bad;

	(void)state;
	eb_header(&b, 1);
	b1 = eb_block(&b, 0, 0xffff);
	ev_begin(&b, 100);
	ev_str(&b, 100, "A", 1);
	ev_end(&b, 100);
	bad = b.n;
	v = eb_vbegin(&b, 201, 100);
	eb_bytes(&b, "xx", 2);
	eb_vend(&b, v);
	b.p[v - 2] = 0x40;		/* length 0x4002: past the block */
	eb_block_end(&b, b1);
	b1 = eb_block(&b, 0, 0xffff);
	ev_begin(&b, 200);
	ev_str(&b, 200, "A", 2);
	ev_end(&b, 200);
	eb_block_end(&b, b1);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_int_equal(hp_model_warning_count(m), 1);
	assert_non_null(strstr(hp_model_warning(m, 0), "past its block"));
	snprintf(want, sizeof want, "t.eventlog: byte %zu: ", bad);
	assert_non_null(strstr(hp_model_warning(m, 0), want));
	hp_model_free(m);

	/* No block around the damage: scan forward to a marker. */
	b.n = 0;
	eb_header(&b, 1);
	ev_begin(&b, 100);
	ev_str(&b, 100, "A", 1);
	ev_end(&b, 100);
	eb_ev(&b, 3000, 100);
	eb_bytes(&b, junk, sizeof junk - 1);
	b1 = eb_block(&b, 150, 0xffff);
	ev_begin(&b, 200);
	ev_str(&b, 200, "A", 2);
	ev_end(&b, 200);
	eb_block_end(&b, b1);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_entry(m, 1, 0, "A", 2);
	assert_int_equal(hp_model_warning_count(m), 1);
	hp_model_free(m);
	free(b.p);
}

/* GHC >= 9.2 puts DATA_END inside the last block; done() sees it. */
static void
data_end_inside_block(void **state)
{
	struct eb b = { 0 };
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	hp_reader *r = hp_reader_new(m, "t");
	size_t blk;

	(void)state;
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0xffff);
	ev_begin(&b, 100);
	ev_str(&b, 100, "A", 1);
	ev_end(&b, 100);
	eb_data_end(&b);
	eb_block_end(&b, blk);		/* the block counts the ff ff */
	assert_int_equal(hp_reader_feed(r, b.p, b.n - 1, &err), 0);
	assert_int_equal(hp_reader_done(r), 0);
	assert_int_equal(hp_reader_feed(r, b.p + b.n - 1, 1, &err), 0);
	assert_int_equal(hp_reader_done(r), 1);
	assert_int_equal(hp_reader_kind(r), HP_KIND_EVENTLOG);
	assert_int_equal(hp_model_kind(m), HP_KIND_EVENTLOG);	/* told */
	assert_int_equal(hp_reader_finish(r, &err), 0);
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(hp_model_warning_count(m), 0);
	hp_reader_free(r);
	hp_model_free(m);
	free(b.p);
}

/* Samples and warnings of n bytes read alone. */
static void
read_part(const unsigned char *p, size_t n, size_t *samples, size_t *warnings)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};

	if (hp_read_mem(m, "part.eventlog", p, n, &err))
		fail_msg("part: %s", err.msg);
	*samples = hp_model_sample_count(m);
	*warnings = hp_model_warning_count(m);
	hp_model_free(m);
}

/* A log the RTS restarted into one stream: GHC 9.0.2's
 * bytes (tests/data/restart), where DATA_END is followed by the block
 * marker that wraps the new header, are read as both logs without a
 * warning; and made-up layouts a restart can leave: that marker without
 * DATA_END, a new header right after an event (a forked child's
 * restartEventLogging writes no end marker). */
static void
restart_layouts(void **state)
{
	static const int with_end[] = { 1, 0, 0 }, with_marker[] = { 1, 1, 0 };
	size_t len, at, n1, w1, n2, w2, k;
	char *d = tu_slurp(tu_data("restart/ghc90-restart.eventlog"), &len);
	const char *h;
	hp_model *m;

	(void)state;
	assert_non_null(d);
	for (at = 4; at + 4 <= len && memcmp(d + at, "hdrb", 4); at++)
		;
	assert_true(at + 4 <= len);
	h = d + at;
	/* the layout this is about: DATA_END, then a block marker (type
	 * 18) whose block holds the header */
	assert_true(at > 26 && !memcmp(d + at - 26, "\xff\xff\x00\x12", 4));
	read_part((const unsigned char *)d, at - 24, &n1, &w1);
	read_part((const unsigned char *)h, len - at, &n2, &w2);
	assert_true(n1 > 0 && n2 > 0);
	assert_int_equal(w1 + w2, 0);
	m = hp_model_new();
	{
		struct hp_err err = {{0}};

		assert_int_equal(hp_read_mem(m, "r.eventlog", d, len, &err), 0);
	}
	if (hp_model_warning_count(m))
		fail_msg("warned: %s", hp_model_warning(m, 0));
	assert_int_equal(hp_model_sample_count(m), n1 + n2);
	hp_model_free(m);
	free(d);

	for (k = 0; k < sizeof with_end / sizeof *with_end; k++) {
		struct eb b = { 0 };
		size_t mk = 0;

		eb_header(&b, 1);
		ev_prof_begin(&b, 1, 7);
		ev_begin(&b, 1000000000);
		ev_str(&b, 1000000000, "A", 1);
		ev_end(&b, 1000000000);
		if (with_end[k])
			eb_data_end(&b);
		if (with_marker[k])
			mk = eb_block(&b, 1500000000, 0xffff);
		eb_header(&b, 1);
		if (with_marker[k])
			eb_block_end(&b, mk);
		ev_prof_begin(&b, 1, 7);
		ev_begin(&b, 2000000000);
		ev_str(&b, 2000000000, "B", 2);
		ev_end(&b, 2000000000);
		eb_data_end(&b);
		m = read_every_split(&b);
		assert_int_equal(hp_model_sample_count(m), 2);
		assert_entry(m, 1, 0, "B", 2);
		if (hp_model_warning_count(m))
			fail_msg("layout %zu warned: %s", k, hp_model_warning(m, 0));
		hp_model_free(m);
		free(b.p);
	}
}

/* A restarted eventlog: a second header after DATA_END continues the same
 * profile; junk after the end is one warning. */
static void
second_header(void **state)
{
	struct eb b = { 0 };
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	hp_reader *r = hp_reader_new(m, "t");
	size_t first;

	(void)state;
	eb_header(&b, 1);
	ev_prof_begin(&b, 1, 7);
	ev_begin(&b, 1000000000);
	ev_str(&b, 1000000000, "A", 1);
	ev_end(&b, 1000000000);
	eb_data_end(&b);
	first = b.n;
	eb_header(&b, 1);
	ev_prof_begin(&b, 1, 2);
	ev_begin(&b, 3000000000u);
	ev_str(&b, 3000000000u, "B", 2);
	ev_end(&b, 3000000000u);
	eb_data_end(&b);
	assert_int_equal(hp_reader_feed(r, b.p, first, &err), 0);
	assert_int_equal(hp_reader_done(r), 1);
	assert_int_equal(hp_reader_feed(r, b.p + first, 8, &err), 0);
	assert_int_equal(hp_reader_done(r), 0);
	assert_int_equal(hp_reader_feed(r, b.p + first + 8, b.n - first - 8, &err), 0);
	assert_int_equal(hp_reader_done(r), 1);
	assert_int_equal(hp_reader_finish(r, &err), 0);
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_true(hp_model_sample_time(m, 1) == 3.0);
	assert_entry(m, 1, 0, "B", 2);
	assert_string_equal(hp_model_get(m, HP_BREAKDOWN), "by module (-hm)");
	assert_int_equal(hp_model_warning_count(m), 0);
	hp_reader_free(r);
	hp_model_free(m);

	/* Two runs' logs one after the other: the second clock restarts at
	 * 0, times carry on instead. */
	b.n = 0;
	eb_header(&b, 1);
	ev_begin(&b, 2000000000);
	ev_str(&b, 2000000000, "A", 1);
	ev_end(&b, 2000000000);
	eb_data_end(&b);
	eb_header(&b, 1);
	ev_begin(&b, 500000000);
	ev_str(&b, 500000000, "A", 1);
	ev_end(&b, 500000000);
	ev_begin(&b, 1500000000);
	ev_str(&b, 1500000000, "A", 1);
	ev_end(&b, 1500000000);
	eb_data_end(&b);
	eb_bytes(&b, "junk after the end", 18);
	m = read_ok(&b);
	assert_int_equal(hp_model_sample_count(m), 3);
	assert_true(hp_model_sample_time(m, 1) == 2.0);
	assert_true(hp_model_sample_time(m, 2) == 3.0);
	assert_int_equal(hp_model_warning_count(m), 1);
	assert_non_null(strstr(hp_model_warning(m, 0), "after the end"));
	hp_model_free(m);
	free(b.p);
}

/* Not an eventlog, a cut header, absurd headers. */
static void
header_errors(void **state)
{
	struct eb b = { 0 };
	struct hp_err err = {{0}};
	const struct hp_frontend *fe = &hp_eventlog_frontend;
	hp_model *m;
	void *st;
	size_t i, full;
	int rc;

	(void)state;
	eb_header(&b, 1);
	full = b.n;
	for (i = 0; i < full; i++) {
		m = hp_model_new();
		st = fe->create(m, "h", &(struct hp_read_opts){ 0 });
		hp_err_clear(&err);
		rc = fe->feed(st, b.p, i, &err);
		if (!rc)
			rc = fe->finish(st, &err);
		assert_int_equal(rc, -1);
		assert_non_null(strstr(err.msg, "h: byte "));
		fe->destroy(st);
		hp_model_free(m);
	}
	/* Wrong marker: an error at once, naming the offset. */
	memcpy(b.p + 8 + 24, "etX", 3);
	hp_err_clear(&err);
	m = read_eb(&b, &rc, &err);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(err.msg, "t.eventlog: byte 32: "));
	hp_model_free(m);

	/* 65,535 declared types and a 4 GiB description in a short file:
	 * no crash, no giant allocation, a clean error. */
	b.n = 0;
	eb_bytes(&b, "hdrbhetb", 8);
	for (i = 0; i <= 0xffff; i++)	/* 0xffff cannot be a type: ignored */
		eb_decl(&b, (unsigned)i, (unsigned)(i & 0xff));
	eb_bytes(&b, "hetehdredatb", 12);
	eb_ev(&b, 0xfffe, 1);		/* declared, 254 bytes */
	for (i = 0; i < 254; i++)
		eb_u8(&b, 0xff);
	eb_data_end(&b);
	m = read_ok(&b);
	assert_int_equal(hp_model_warning_count(m), 0);
	hp_model_free(m);
	b.n = 0;
	eb_bytes(&b, "hdrbhetbetb\0\0\1\0\4", 16);
	eb_u32(&b, 0xffffffff);
	eb_bytes(&b, "desc", 4);
	m = read_eb(&b, &rc, &err);
	assert_int_equal(rc, -1);
	hp_model_free(m);
	free(b.p);
}

/* A small log with every feature, fed in two chunks split at every byte,
 * and byte by byte, gives the same model as fed whole. */
static void
chunked_every_split(void **state)
{
	static const char *const argv[] = { "p", "+RTS", "-hi" };
	struct eb b = { 0 };
	hp_model *whole;
	size_t blk, v;

	(void)state;
	eb_header(&b, 1);
	blk = eb_block(&b, 0, 0);
	ev_rtsid(&b, "GHC-9.4.7 rts_thr");
	ev_args(&b, argv, 3);
	ev_noise(&b, 5);
	eb_ev(&b, 50, 6);
	eb_u32(&b, 0);
	eb_u64(&b, 1 << 20);
	v = eb_vbegin(&b, 58, 7);
	eb_bytes(&b, "mark", 4);
	eb_vend(&b, v);
	eb_block_end(&b, blk);
	blk = eb_block(&b, 0, 0xffff);
	ev_prof_begin(&b, 1, 8);
	ev_cc(&b, 1, "main", "Main", 0);
	ev_begin(&b, 100);
	ev_str(&b, 100, "0x10", 10);
	ev_noise(&b, 100);
	ev_str(&b, 100, "0x20", 20);
	ev_end(&b, 100);
	ev_ipe(&b, 0x20, "t_info", "21", "T", "t", "M", "M.hs:1:1");
	ev_begin(&b, 200);
	ev_str(&b, 200, "0x10", 11);
	ev_end(&b, 200);
	eb_ev(&b, 4321, 200);		/* damage, for the resync paths */
	eb_block_end(&b, blk);
	blk = eb_block(&b, 0, 0xffff);
	ev_begin(&b, 300);
	ev_str(&b, 300, "0x20", 12);
	ev_end(&b, 300);
	ev_begin(&b, 400);		/* left open: dropped at the end */
	eb_data_end(&b);
	eb_block_end(&b, blk);
	eb_header(&b, 1);
	ev_begin(&b, 500);
	ev_str(&b, 500, "0x30", 13);
	ev_end(&b, 500);
	whole = read_every_split(&b);
	assert_int_equal(hp_model_sample_count(whole), 4);
	assert_int_equal(hp_model_warning_count(whole), 1);
	hp_model_free(whole);
	free(b.p);
}

/* A real file fed in odd-sized chunks gives the same model as whole. */
static void
chunked_real_file(void **state)
{
	static const size_t sizes[] = { 1, 3, 11, 4093, 65537 };
	const struct hp_frontend *fe = &hp_eventlog_frontend;
	struct hp_err err = {{0}};
	hp_model *whole, *m;
	char path[4200], why[256];
	unsigned char *data;
	size_t len, i, o;
	void *st;

	(void)state;
	snprintf(path, sizeof path, "%s",
		 tu_data("ghc-events/biographical-samples.eventlog"));
	data = (unsigned char *)tu_slurp(path, &len);
	assert_non_null(data);
	whole = hp_model_new();
	assert_int_equal(hp_read_mem(whole, "f", data, len, &err), 0);
	for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		m = hp_model_new();
		st = fe->create(m, "f", &(struct hp_read_opts){ 0 });
		for (o = 0; o < len; o += sizes[i])
			assert_int_equal(fe->feed(st, data + o,
					 len - o < sizes[i] ? len - o : sizes[i], &err), 0);
		assert_int_equal(fe->finish(st, &err), 0);
		fe->destroy(st);
		if (model_same(m, whole, why, sizeof why))
			fail_msg("chunks of %zu: %s", sizes[i], why);
		hp_model_free(m);
	}
	hp_model_free(whole);
	free(data);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(testdata_match_reference),
		cmocka_unit_test(era_profile),
		cmocka_unit_test(testdata_header_fields),
		cmocka_unit_test(run_facts),
		cmocka_unit_test(implicit_sample_end),
		cmocka_unit_test(explicit_sample_end),
		cmocka_unit_test(bio_sample_time),
		cmocka_unit_test(cost_centre_stacks),
		cmocka_unit_test(long_stack_names_stay_distinct),
		cmocka_unit_test(late_cost_centre),
		cmocka_unit_test(ipe_both_orders),
		cmocka_unit_test(ipe_declared_one_long),
		cmocka_unit_test(ipe_extra_trailing_field),
		cmocka_unit_test(ghc6_sizes),
		cmocka_unit_test(unknown_breakdown),
		cmocka_unit_test(header_fields),
		cmocka_unit_test(payload_lengths),
		cmocka_unit_test(corrupt_event_resync),
		cmocka_unit_test(corrupt_length_and_scan),
		cmocka_unit_test(data_end_inside_block),
		cmocka_unit_test(second_header),
		cmocka_unit_test(restart_layouts),
		cmocka_unit_test(header_errors),
		cmocka_unit_test(chunked_every_split),
		cmocka_unit_test(chunked_real_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
