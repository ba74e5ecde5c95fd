/*
 * tests/unit/test_dataout.c - the data writers: .hp -> model -> .hp is
 * lossless for every real profile (and hp2ps reads the result), times
 * round-trip exactly, CSV quoting and JSON escaping byte for byte, and a
 * full disk is an error.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glob.h>
#include <unistd.h>
#include <cmocka.h>

#include "data/dataout.h"
#include "hp/model.h"
#include "hp/reader.h"
#include "modelcmp.h"
#include "testutil.h"

typedef int (*writer)(const hp_model *, FILE *, struct hp_err *);

static char *
write_mem(writer w, const hp_model *m, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	struct hp_err err = {{0}};

	assert_non_null(f);
	if (w(m, f, &err))
		fail_msg("writer failed: %s", err.msg);
	fclose(f);
	return buf;
}

static hp_model *
read_mem(const char *data, size_t len)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};

	assert_non_null(m);
	if (hp_read_mem(m, "out.hp", data, len, &err))
		fail_msg("reading back: %s", err.msg);
	return m;
}

static void
add(hp_model *m, const char *name, size_t len, uint64_t v)
{
	struct hp_err err = {{0}};
	hp_band b;

	assert_int_equal(hp_model_intern(m, name, len, &b, &err), 0);
	assert_int_equal(hp_model_add(m, b, v, &err), 0);
}

#define ADD(m, lit, v) add((m), (lit), sizeof(lit) - 1, (v))

static void
begin(hp_model *m, double t)
{
	struct hp_err err = {{0}};

	assert_int_equal(hp_model_begin(m, t, &err), 0);
}

static void
commit(hp_model *m)
{
	struct hp_err err = {{0}};

	assert_int_equal(hp_model_commit(m, &err), 0);
}

static void
set(hp_model *m, enum hp_field f, const char *s)
{
	struct hp_err err = {{0}};

	assert_int_equal(hp_model_set(m, f, s, strlen(s), &err), 0);
}

/* --- out_time ------------------------------------------------------- */

static void
time_text(double t, const char *want)
{
	char buf[OUT_TIME_MAX];
	int n = out_time(buf, t);

	assert_string_equal(buf, want);
	assert_int_equal(n, (int)strlen(want));
}

static void
times_round_trip(void **state)
{
	static const double ts[] = {
		0, 5e-324, 2.2250738585072014e-308, 1e-7, 2.5e-5, 0.021641, 0.1,
		0.1 + 0.2, 1.0 / 3, 2.0 / 3, 59.999999999999993, 86400.000001,
		123456.123456789, 1e15 + 0.5, 9007199254740993.0, 1e20, 1e300,
		1.7976931348623157e308,
	};
	char buf[OUT_TIME_MAX];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof ts / sizeof *ts; i++) {
		int n = out_time(buf, ts[i]);

		assert_true(n > 0 && n < OUT_TIME_MAX);
		assert_int_equal((size_t)n, strlen(buf));
		if (strtod(buf, NULL) != ts[i])
			fail_msg("%.17g written as %s", ts[i], buf);
		assert_non_null(strchr(buf, '.'));
		assert_null(strpbrk(buf, "eE-+,"));
		/* at least six decimals, like GHC */
		assert_true(strlen(strchr(buf, '.') + 1) >= 6);
	}
	time_text(0, "0.000000");
	time_text(-0.0, "0.000000");
	time_text(0.1, "0.100000");
	time_text(0.021641, "0.021641");
	time_text(0.1 + 0.2, "0.30000000000000004");
	time_text(1e-7, "0.0000001");
	time_text(1e20, "100000000000000000000.000000");
	assert_int_equal(out_time(buf, 1.0 / 0.0), -1);
	assert_int_equal(out_time(buf, 0.0 / 0.0), -1);
	assert_string_equal(buf, "0");
}

/* --- out_hp --------------------------------------------------------- */

static void
check_round_trip(const char *path, int run_hp2ps)
{
	hp_model *a = hp_model_new(), *b;
	struct hp_err err = {{0}};
	size_t len, len2;
	char *text, *text2;
	const char *d;

	if (hp_read_file(a, path, &err))
		fail_msg("%s", err.msg);
	text = write_mem(out_hp, a, &len);
	b = read_mem(text, len);
	if ((d = mc_diff(b, a, (size_t)-1)))
		fail_msg("%s: .hp round trip: %s", path, d);
	assert_int_equal(hp_model_warning_count(b), 0);
	/* a fixed point: writing the re-read model gives the same bytes */
	text2 = write_mem(out_hp, b, &len2);
	assert_int_equal(len, len2);
	assert_memory_equal(text, text2, len);
	if (run_hp2ps) {
		char dir[] = "/tmp/hp2x-dataout-XXXXXX", cmd[512], file[256];
		FILE *f;
		long ps;

		assert_non_null(mkdtemp(dir));
		snprintf(file, sizeof file, "%s/rt.hp", dir);
		f = fopen(file, "wb");
		assert_non_null(f);
		assert_int_equal(fwrite(text, 1, len, f), len);
		assert_int_equal(fclose(f), 0);
		snprintf(cmd, sizeof cmd, "cd %s && /usr/bin/hp2ps rt.hp >/dev/null 2>&1", dir);
		if (system(cmd) != 0)
			fail_msg("hp2ps refused out_hp's rendering of %s", path);
		snprintf(file, sizeof file, "%s/rt.ps", dir);
		f = fopen(file, "rb");
		assert_non_null(f);
		fseek(f, 0, SEEK_END);
		ps = ftell(f);
		fclose(f);
		assert_true(ps > 1000);
		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		assert_int_equal(system(cmd), 0);
	}
	free(text);
	free(text2);
	hp_model_free(a);
	hp_model_free(b);
}

static void
real_files_round_trip(void **state)
{
	static const char *const files[] = {
		"dilcue-Main.hp", "hackage-query.hp", "hp2any-example.hp",
		"startstopfrp-test.hp", "Describe2.hp.gz",
	};
	char rel[256];
	size_t i;
	glob_t g;

	(void)state;
	if (access("/usr/bin/hp2ps", X_OK) != 0)
		fail_msg("/usr/bin/hp2ps is needed to check out_hp's output");
	for (i = 0; i < sizeof files / sizeof *files; i++) {
		snprintf(rel, sizeof rel, "hp/%s", files[i]);
		check_round_trip(tu_data(rel), 1);
	}
	if (glob(tu_src("samples/*.hp"), 0, NULL, &g) == 0) {
		/* generated samples may hold names with spaces, which hp2ps
		 * cannot read (GHC #2071): only the round trip is checked */
		for (i = 0; i < g.gl_pathc; i++)
			check_round_trip(g.gl_pathv[i], 0);
		globfree(&g);
	}
}

/* The profiles GHC wrote come back byte for byte: every line, the zeros
 * a -hb profile lists ("DRAG\t0") included. */
static void
ghc_files_byte_for_byte(void **state)
{
	size_t i, len, flen;
	glob_t g;

	(void)state;
	assert_int_equal(glob(tu_src("samples/*.hp"), 0, NULL, &g), 0);
	assert_true(g.gl_pathc >= 8);
	for (i = 0; i < g.gl_pathc; i++) {
		hp_model *m = hp_model_new();
		struct hp_err err = {{0}};
		char *file = tu_slurp(g.gl_pathv[i], &flen), *text;

		assert_non_null(file);
		if (hp_read_file(m, g.gl_pathv[i], &err))
			fail_msg("%s", err.msg);
		text = write_mem(out_hp, m, &len);
		if (len != flen || memcmp(text, file, len) != 0)
			fail_msg("%s: hp2x's .hp differs from GHC's", g.gl_pathv[i]);
		free(text);
		free(file);
		hp_model_free(m);
	}
	globfree(&g);
}

/* A listed zero is data: .hp and JSON keep it, CSV (non-zero rows)
 * does not. */
static void
zeros_in_data_outputs(void **state)
{
	hp_model *m = hp_model_new();
	size_t len;
	char *text;

	(void)state;
	begin(m, 1);
	ADD(m, "USE", 5);
	ADD(m, "DRAG", 0);
	commit(m);
	text = write_mem(out_hp, m, &len);
	assert_non_null(strstr(text, "USE\t5\nDRAG\t0\nEND_SAMPLE"));
	free(text);
	text = write_mem(out_json, m, &len);
	assert_non_null(strstr(text, "\"values\": [[0, 5], [1, 0]]"));
	free(text);
	text = write_mem(out_csv, m, &len);
	assert_string_equal(text, "sample,time,band,bytes,kind\n0,1.000000,USE,5,heap\n");
	free(text);
	hp_model_free(m);
}

static void
hp_exact_text(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	size_t len;
	char *text;
	static const char want[] =
		"JOB \"say \"\"hi\"\" \\ there\"\n"
		"DATE \"\"\n"
		"SAMPLE_UNIT \"seconds\"\n"
		"VALUE_UNIT \"bytes\"\n"
		"MARK 0.500000\n"
		"BEGIN_SAMPLE 0.000000\n"
		"END_SAMPLE 0.000000\n"
		"BEGIN_SAMPLE 0.30000000000000004\n"
		"(12)name with space\t18446744073709551615\n"
		"a\tb\t3\n"
		"END_SAMPLE 0.30000000000000004\n";

	(void)state;
	set(m, HP_JOB, "say \"hi\" \\ there");
	set(m, HP_BREAKDOWN, "not in .hp");
	assert_int_equal(hp_model_add_mark(m, 0.5, "lost", 4, &err), 0);
	begin(m, 0);
	commit(m);
	begin(m, 0.1 + 0.2);
	ADD(m, "(12)name with space", UINT64_MAX);
	ADD(m, "a\tb", 3);
	commit(m);
	text = write_mem(out_hp, m, &len);
	assert_int_equal(len, sizeof want - 1);
	assert_memory_equal(text, want, len);
	free(text);
	hp_model_free(m);
}

static void
hp_tricky_model_round_trip(void **state)
{
	static const double ts[] = { 0, 5e-324, 1e-7, 0.1, 0.1 + 0.2, 1.0 / 3,
				     123456.123456789, 1e20 };
	hp_model *m = hp_model_new(), *b;
	struct hp_err err = {{0}};
	const char *d;
	size_t i, len;
	char *text;

	(void)state;
	set(m, HP_JOB, "multi\nline \"job\"");
	set(m, HP_DATE, "d");
	set(m, HP_SAMPLE_UNIT, "s");
	set(m, HP_VALUE_UNIT, "v");
	assert_int_equal(hp_model_add_mark(m, 1.0 / 7, NULL, 0, &err), 0);
	for (i = 0; i < sizeof ts / sizeof *ts; i++) {
		begin(m, ts[i]);
		if (i % 2) {
			ADD(m, "\"q\" (p) \\b", i + 1);
			ADD(m, "caf\xc3\xa9\xff", 2 * i + 1);
			ADD(m, "nul\0in", 7);
			ADD(m, "trailing ", 9);
			ADD(m, "JOB", 11);
			ADD(m, "x\r", 13);
		}
		commit(m);
	}
	text = write_mem(out_hp, m, &len);
	b = read_mem(text, len);
	if ((d = mc_diff(b, m, (size_t)-1)))
		fail_msg("round trip: %s", d);
	free(text);
	hp_model_free(b);
	hp_model_free(m);
}

/* Names .hp cannot hold are escaped, and distinct bands stay distinct
 * (hp2x X.eventlog -o Y.hp must not merge two bands into one). */
static void
hp_unrepresentable_names(void **state)
{
	hp_model *m = hp_model_new(), *b;
	size_t len, i, k;
	char *text;
	static const char want[] =
		"BEGIN_SAMPLE 1.000000\n"
		"\\n x\t1\n"
		"\"\" (2)\t2\n"
		"\\x20\\t\\\\lead\t3\n"
		"mid\\nline\t4\n"
		"mid line\t5\n"
		"_\t6\n"
		"mid\\nline (2)\t7\n"
		"\"\"\t8\n"
		"a\\b\t9\n"
		"END_SAMPLE 1.000000\n";

	(void)state;
	begin(m, 1);
	ADD(m, "\n x", 1);
	ADD(m, "", 2);
	ADD(m, " \t\\lead", 3);
	ADD(m, "mid\\nline", 4);	/* plain: a backslash and an n */
	ADD(m, "mid line", 5);
	ADD(m, "_", 6);
	ADD(m, "mid\nline", 7);	/* escapes to the name of band 3 */
	ADD(m, "\"\"", 8);		/* plain: the empty name steps aside */
	ADD(m, "a\\b", 9);		/* plain: kept as it is */
	commit(m);
	text = write_mem(out_hp, m, &len);
	if (!strstr(text, want))
		fail_msg("got:\n%s", text);
	b = read_mem(text, len);
	assert_int_equal(hp_model_sample(b, 0, NULL, NULL), 9);
	assert_int_equal(hp_model_band_count(b), 9);
	for (i = 0; i < 9; i++)
		for (k = 0; k < i; k++)
			assert_true(strcmp(hp_model_band_name(b, (hp_band)i, NULL),
					   hp_model_band_name(b, (hp_band)k, NULL)) != 0);
	free(text);
	hp_model_free(b);
	hp_model_free(m);
}

/* --- out_csv -------------------------------------------------------- */

static void
csv_quoting(void **state)
{
	hp_model *m = hp_model_new();
	size_t len;
	char *text;
	static const char want[] =
		"sample,time,band,bytes,kind\n"
		"1,0.500000,plain,1,heap\n"
		"1,0.500000,\"a,b\",2,heap\n"
		"1,0.500000,\"q\"\"uote\"\"\",3,heap\n"
		"1,0.500000,\"cr\rlf\n\",4,heap\n"
		"1,0.500000,caf\xc3\xa9 \xff;x,5,heap\n"
		"2,1.250000,plain,18446744073709551615,heap\n";

	(void)state;
	begin(m, 0);
	commit(m);
	begin(m, 0.5);
	ADD(m, "plain", 1);
	ADD(m, "a,b", 2);
	ADD(m, "q\"uote\"", 3);
	ADD(m, "cr\rlf\n", 4);
	ADD(m, "caf\xc3\xa9 \xff;x", 5);
	commit(m);
	begin(m, 1.25);
	ADD(m, "plain", UINT64_MAX);
	commit(m);
	text = write_mem(out_csv, m, &len);
	assert_int_equal(len, sizeof want - 1);
	assert_memory_equal(text, want, len);
	free(text);
	hp_model_free(m);
}

/* Rows are written a 64 KiB block at a time (out_csv.c): rows across a
 * block's end, a name longer than a block and a name with a NUL byte
 * come out as they would one field at a time. */
static void
csv_block_edges(void **state)
{
	hp_model *m = hp_model_new();
	size_t long_len = 100000, cap = 2000000, n, len, s, k;
	char *longname = malloc(long_len), *want = malloc(cap), *text, t[OUT_TIME_MAX];

	(void)state;
	assert_non_null(longname);
	assert_non_null(want);
	memset(longname, 'L', long_len);
	longname[7] = ',';	/* quoted */
	n = (size_t)snprintf(want, cap, "sample,time,band,bytes,kind\n");
	for (s = 1; s <= 3000; s++) {
		begin(m, (double)s * 0.25);
		assert_int_equal(out_time(t, (double)s * 0.25) > 0, 1);
		for (k = 0; k < 4; k++) {
			char name[8] = "b\0x";

			name[3] = (char)('0' + k);
			add(m, name, 4, s * 10 + k);
			n += (size_t)snprintf(want + n, cap - n, "%zu,%s,b", s - 1, t);
			want[n++] = '\0';
			n += (size_t)snprintf(want + n, cap - n, "x%zu,%zu,heap\n",
					      k, s * 10 + k);
		}
		if (s % 1000 == 0) {
			add(m, longname, long_len, s);
			n += (size_t)snprintf(want + n, cap - n, "%zu,%s,\"", s - 1, t);
			memcpy(want + n, longname, long_len);
			n += long_len;
			n += (size_t)snprintf(want + n, cap - n, "\",%zu,heap\n", s);
		}
		commit(m);
	}
	assert_true(n < cap);
	text = write_mem(out_csv, m, &len);
	assert_int_equal(len, n);
	assert_memory_equal(text, want, n);
	free(text);
	free(want);
	free(longname);
	hp_model_free(m);
}

static void
csv_real_file_rows(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	size_t len, rows = 0, want = 1, i;
	char *text, *p;

	(void)state;
	assert_int_equal(hp_read_file(m, tu_data("hp/hackage-query.hp"), &err), 0);
	for (i = 0; i < hp_model_sample_count(m); i++)
		want += hp_model_sample(m, i, NULL, NULL);
	text = write_mem(out_csv, m, &len);
	for (p = text; (p = memchr(p, '\n', len - (size_t)(p - text))); p++)
		rows++;
	assert_int_equal(rows, want);
	free(text);
	hp_model_free(m);
}

/* --- out_json ------------------------------------------------------- */

static void
json_escaping_and_structure(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct hp_ipe ipe = { "T", NULL, "IO ()", NULL, "Main", "x.hs:1:1" };
	size_t len;
	char *text;
	static const char want[] =
		"{\n"
		"\"job\": \"j\\\"ob\\\\\",\n"
		"\"date\": null,\n"
		"\"sample_unit\": \"seconds\",\n"
		"\"value_unit\": \"bytes\",\n"
		"\"breakdown\": \"by closure type (-hT)\",\n"
		"\"kind\": \"heap\",\n"
		"\"bands\": [\n"
		"{\"name\": \"a\", \"label\": \"lab\"},\n"
		"{\"name\": \"q\\\"\\\\\\u0001\\u001f\\t\\n\\u0000\\b\\f\\r\", \"ipe\": "
		"{\"table_name\": \"T\", \"closure_desc\": null, \"type_desc\": \"IO ()\", "
		"\"label\": null, \"module\": \"Main\", \"srcloc\": \"x.hs:1:1\"}},\n"
		"{\"name\": \"\\u00ff\\u00c0\\u0080\\u00ed\\u00a0\\u0080\\u00f5\\u00e2\\u0082\"},\n"
		"{\"name\": \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\x7f\xed\x9f\xbf\"}],\n"
		"\"end\": 0.500000,\n\"samples\": [\n"
		"{\"time\": 0.000000, \"values\": []},\n"
		"{\"time\": 0.500000, \"values\": [[0, 1], [3, 18446744073709551615]]}],\n"
		"\"marks\": [\n"
		"{\"time\": 1.500000, \"label\": null},\n"
		"{\"time\": 2.000000, \"label\": \"m\\\"k\"}],\n"
		"\"series\": {\"heap_size\": [[0.30000000000000004, 200], [0.500000, 100]],\n"
		"\"heap_live\": [[1.000000, 5]]}\n"
		"}\n";
	hp_band b;

	(void)state;
	set(m, HP_JOB, "j\"ob\\");
	set(m, HP_SAMPLE_UNIT, "seconds");
	set(m, HP_VALUE_UNIT, "bytes");
	set(m, HP_BREAKDOWN, "by closure type (-hT)");
	begin(m, 0);
	commit(m);
	begin(m, 0.5);
	ADD(m, "a", 1);
	assert_int_equal(hp_model_intern(m, "q\"\\\x01\x1f\t\n\0\b\f\r", 11, &b, &err), 0);
	assert_int_equal(hp_model_band_set_ipe(m, b, &ipe, &err), 0);
	/* invalid: lone byte, overlong, surrogate, F5 lead, cut sequence */
	assert_int_equal(hp_model_intern(m, "\xff\xc0\x80\xed\xa0\x80\xf5\xe2\x82", 9, &b, &err), 0);
	ADD(m, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\x7f\xed\x9f\xbf", UINT64_MAX);
	commit(m);
	assert_int_equal(hp_model_band_set_label(m, 0, "lab", 3, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 1.5, NULL, 0, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 2, "m\"k", 3, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 0.5, 100, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 0.1 + 0.2, 200, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_LIVE, 1, 5, &err), 0);
	text = write_mem(out_json, m, &len);
	if (len != sizeof want - 1 || memcmp(text, want, len) != 0)
		fail_msg("got:\n%s\nwant:\n%s", text, want);
	free(text);
	hp_model_free(m);
}

/* An eventlog of two capabilities gives a series in their blocks, the
 * second block's times before the first's end: CSV has it in time
 * order (the model holds it so). */
static void
csv_series_time_order(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	static const char want[] =
		"time,series,bytes,kind\n"
		"0.100000,heap_size,1,heap-size\n0.200000,heap_size,3,heap-size\n"
		"0.300000,heap_size,2,heap-size\n0.400000,heap_size,4,heap-size\n";
	size_t len;
	char *text;

	(void)state;
	hp_model_set_kind(m, HP_KIND_EVENTLOG);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 0.1, 1, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 0.3, 2, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 0.2, 3, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 0.4, 4, &err), 0);
	text = write_mem(out_csv, m, &len);
	if (len != sizeof want - 1 || memcmp(text, want, len) != 0)
		fail_msg("got:\n%s\nwant:\n%s", text, want);
	free(text);
	hp_model_free(m);
}

static void
json_is(const hp_model *m, const char *want)
{
	size_t len;
	char *text = write_mem(out_json, m, &len);

	if (len != strlen(want) || memcmp(text, want, len) != 0)
		fail_msg("got:\n%s", text);
	free(text);
}

static void
json_minimal_model(void **state)
{
	hp_model *m = hp_model_new();
	static const char want[] =
		"{\n\"job\": null,\n\"date\": null,\n\"sample_unit\": null,\n"
		"\"value_unit\": null,\n\"kind\": \"heap\",\n\"bands\": [],\n\"end\": 1.000000,\n"
		"\"samples\": [\n"
		"{\"time\": 1.000000, \"values\": []}],\n\"marks\": []\n}\n";
	/* a .hp's exit mark is "end", not a sample (model.h) */
	static const char exit_want[] =
		"{\n\"job\": null,\n\"date\": null,\n\"sample_unit\": null,\n"
		"\"value_unit\": null,\n\"kind\": \"heap\",\n\"bands\": [],\n\"end\": 2.000000,\n"
		"\"samples\": [\n"
		"{\"time\": 1.000000, \"values\": []}],\n\"marks\": []\n}\n";

	(void)state;
	begin(m, 1);
	commit(m);
	json_is(m, want);
	hp_model_set_exit_sample(m, 1);
	begin(m, 2);
	commit(m);
	json_is(m, exit_want);
	hp_model_free(m);
}

/* --- failures ------------------------------------------------------- */

static void
full_disk_is_an_error(void **state)
{
	static const writer ws[] = { out_hp, out_csv, out_json };
	hp_model *m = hp_model_new();
	struct hp_err err;
	size_t i;

	(void)state;
	begin(m, 1);
	ADD(m, "x", 1);
	commit(m);
	for (i = 0; i < 3; i++) {
		FILE *f = fopen("/dev/full", "w");

		assert_non_null(f);
		err.msg[0] = '\0';
		assert_int_equal(ws[i](m, f, &err), -1);
		/* unnamed: the edge names the file (hp_err_name) */
		assert_string_equal(err.msg,
				    "cannot write: No space left on device");
		fclose(f);
	}
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(times_round_trip),
		cmocka_unit_test(ghc_files_byte_for_byte),
		cmocka_unit_test(zeros_in_data_outputs),
		cmocka_unit_test(hp_exact_text),
		cmocka_unit_test(hp_tricky_model_round_trip),
		cmocka_unit_test(hp_unrepresentable_names),
		cmocka_unit_test(real_files_round_trip),
		cmocka_unit_test(csv_quoting),
		cmocka_unit_test(csv_block_edges),
		cmocka_unit_test(csv_real_file_rows),
		cmocka_unit_test(json_escaping_and_structure),
		cmocka_unit_test(json_minimal_model),
		cmocka_unit_test(csv_series_time_order),
		cmocka_unit_test(full_disk_is_an_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
