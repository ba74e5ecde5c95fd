/*
 * tests/unit/test_summary.c - --summary (data/summary.c) called
 * directly on small profiles whose numbers are worked out by hand: the
 * bands ranked by their share of the bytes x seconds, each band's fate
 * as the graph's layout decides it (drawn, merged into OTHER, dropped
 * under -t), the JSON's numbers, names that are hostile bytes (escaped in
 * JSON, control bytes blanked and long names shortened in the middle in
 * the table), the clock each kind of input has, the change between two
 * profiles largest first, a write that fails, and md_name (Markdown's
 * code spans, data/mdtext.c); the numbers and the layout worked out at
 * once on two threads say what they say one after the other, and an
 * allocation failing on either gives a clean error.
 * (tests/e2e/analysis.sh runs the same through hp2x on real profiles.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "data/mdtext.h"
#include "data/summary.h"
#include "hp/grow.h"
#include "hp/reader.h"
#include "hp/running.h"
#include "testutil.h"

/* alpha 1000 then 3000, beta 500 then 250, gamma 10 then 20, at 1 s and
 * 2 s: integrals (trapezoids from the empty sample at 0 s) 4000, 750
 * and 30 of 4780 B x s; the run ends at 3 s (the exit sample). */
static const char profile[] =
	"JOB \"sum\"\nDATE \"Thu Nov 26 2026\"\n"
	"SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
	"BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\n"
	"BEGIN_SAMPLE 1.0\nalpha\t1000\nbeta\t500\ngamma\t10\nEND_SAMPLE 1.0\n"
	"BEGIN_SAMPLE 2.0\nalpha\t3000\nbeta\t250\ngamma\t20\nEND_SAMPLE 2.0\n"
	"BEGIN_SAMPLE 3.0\nEND_SAMPLE 3.0\n";

static hp_model *
read_text(const char *text)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};

	assert_non_null(m);
	if (hp_read_mem(m, "t.hp", text, strlen(text), &err))
		fail_msg("%s", err.msg);
	return m;
}

/* summary_print's output, as a string to free. */
static char *
summary(const hp_model *m, const struct render_opts *o, int json, int width)
{
	struct hp_err err = {{0}};
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	assert_non_null(f);
	if (summary_print(f, "t.hp", m, o, json, width, &err))
		fail_msg("summary_print: %s", err.msg);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static char *
diff(const hp_model *a, const hp_model *b, int json)
{
	struct hp_err err = {{0}};
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	assert_non_null(f);
	if (summary_print_diff(f, "a.hp", a, "b.hp", b, 0, json, 100, &err))
		fail_msg("summary_print_diff: %s", err.msg);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/* s holds want. */
static void
has(const char *s, const char *want)
{
	if (!strstr(s, want))
		fail_msg("no \"%s\" in:\n%s", want, s);
}

/* s holds first, and then (later) second. */
static void
before(const char *s, const char *first, const char *second)
{
	const char *a = strstr(s, first);

	if (!a || !strstr(a + strlen(first), second))
		fail_msg("no \"%s\" before \"%s\" in:\n%s", first, second, s);
}

/* The table's row of a band: its line, from its name to the end. */
static const char *
row(const char *s, const char *name)
{
	char key[64];
	const char *p;

	snprintf(key, sizeof key, "\n%s ", name);
	p = strstr(s, key);
	if (!p)
		fail_msg("no row for %s in:\n%s", name, s);
	return p + 1;
}

static void
ranked_with_fates(void **state)
{
	hp_model *m = read_text(profile);
	struct render_opts o;
	char *s;

	(void)state;
	render_opts_init(&o);
	s = summary(m, &o, 0, 100);
	has(s, "job: sum\n");
	has(s, "3 samples from 0.000 s to 2.000 s (the run ended at 3.000 s), 3 bands\n");
	has(s, "clock: the .hp's sample times\n");
	has(s, "peak 3.27 kB at 2.000 s, 4.78 kB x s in all\n");
	before(s, "\nalpha ", "\nbeta ");
	/* peak, its time, share, last value, growth per second and its
	 * fit (R²): alpha 0, 1,500, 3,000 lies near its line, beta's 0,
	 * 500, 250 does not */
	assert_true(strncmp(strstr(row(s, "alpha"), "3 kB"),
			    "3 kB   2.000 s  83.7%      3 kB    +1.5 kB/s 0.96\n",
			    49) == 0);
	has(row(s, "beta"), "500 B   1.000 s  15.7%     250 B     +125 B/s 0.25\n");
	/* gamma, 0.6% of the whole, is under -t's 1%: not a row */
	assert_null(strstr(s, "\ngamma "));
	has(s, "OTHER (over -m 20): nothing\n");
	has(s, "dropped (under -t 1%): 1 band, 0.6%:\n    gamma\n");
	free(s);

	/* -t0 -m2: nothing dropped; beta and gamma share OTHER's slot */
	o.trace_pct = 0;
	o.max_bands = 2;
	s = summary(m, &o, 0, 100);
	has(s, "OTHER (over -m 2): 2 bands, 16.3%:\n    beta, gamma\n");
	has(s, "dropped (under -t 0%): nothing\n");
	free(s);
	hp_model_free(m);
}

static void
json_numbers(void **state)
{
	hp_model *m = read_text(profile);
	struct render_opts o;
	char *s;

	(void)state;
	render_opts_init(&o);
	s = summary(m, &o, 1, 100);
	has(s, "{\"file\": \"t.hp\", \"kind\": \"heap\", \"job\": \"sum\", \"clock\": \"hp\", ");
	has(s, "\"samples\": 3, \"bands\": 3, \"from\": 0.000000, \"to\": 2.000000, \"end\": 3.000000, \"peak\": 3270, \"peak_time\": 2.000000, \"integral\": 4780.000000,");
	/* largest share first, each with its fate */
	before(s, "{\"name\": \"alpha\", \"peak\": 3000, \"peak_time\": 2.000000, \"integral\": 4000.000000, \"share\": 0.83682008368200", "\"growth\": 1500.000000, \"fit\": 0.9642857142857142, \"drawn\": \"drawn\"}");
	before(s, "{\"name\": \"alpha\"", "{\"name\": \"beta\", \"peak\": 500, ");
	before(s, "{\"name\": \"beta\"", "{\"name\": \"gamma\", \"peak\": 20, \"peak_time\": 2.000000, \"integral\": 30.000000, ");
	has(s, "\"last\": 20, \"growth\": 10.000000, \"fit\": 1.000000, \"drawn\": \"dropped\"}]");
	has(s, "\"dropped\": {\"count\": 1, \"integral\": 30.000000, ");
	has(s, "\"top\": [\"gamma\"]}");
	free(s);

	o.trace_pct = 0;
	o.max_bands = 2;
	s = summary(m, &o, 1, 100);
	has(s, "\"growth\": 125.000000, \"fit\": 0.250000, \"drawn\": \"other\"}");
	has(s, "\"other\": {\"count\": 2, \"integral\": 780.000000, ");
	free(s);
	hp_model_free(m);
}

static void
hostile_names(void **state)
{
	static const char text[] =
		"JOB \"j\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
		"BEGIN_SAMPLE 1.0\n"
		"a\"b\\c\x01\x1b[2Jd\t100\n"
		"long_name_0123456789_0123456789_0123456789_0123456789_0123456789_0123456789_0123456789_tail\t50\n"
		"END_SAMPLE 1.0\n"
		"BEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n";
	hp_model *m = read_text(text);
	struct render_opts o;
	char *s;

	(void)state;
	render_opts_init(&o);
	s = summary(m, &o, 1, 100);
	has(s, "{\"name\": \"a\\\"b\\\\c\\u0001\\u001b[2Jd\", ");
	assert_null(strchr(s, '\x1b'));
	free(s);

	/* the table: control bytes blanked, a long name shortened in the
	 * middle to fit the width */
	s = summary(m, &o, 0, 80);
	has(s, "\na\"b\\c  [2Jd ");
	assert_null(strchr(s, '\x1b'));
	assert_null(strchr(s, '\x01'));
	before(s, "\nlong_name_0", "...");
	before(s, "...", "789_tail ");
	assert_null(strstr(s, "0123456789_0123456789_0123456789"));
	free(s);
	hp_model_free(m);
}

/* A model made in code of the given kind: its clock in words and JSON. */
static void
clocks(void **state)
{
	static const struct {
		enum hp_kind kind;
		const char *text, *json;
	} k[] = {
		{ HP_KIND_HP, "clock: the .hp's sample times\n", "\"clock\": \"hp\"" },
		{ HP_KIND_EVENTLOG, "clock: seconds since the program started (eventlog)\n", "\"clock\": \"eventlog\"" },
	};
	struct render_opts o;
	size_t i;

	(void)state;
	render_opts_init(&o);
	for (i = 0; i < sizeof k / sizeof *k; i++) {
		hp_model *m = read_text(profile);
		char *s;

		hp_model_set_kind(m, k[i].kind);
		s = summary(m, &o, 0, 100);
		has(s, k[i].text);
		free(s);
		s = summary(m, &o, 1, 100);
		has(s, k[i].json);
		free(s);
		hp_model_free(m);
	}
}

/* A ticky report (one sample of totals): its own table, ranked by the
 * measure read, and no clock in its JSON. */
static void
ticky_report(void **state)
{
	struct render_opts o;
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	char *s;

	(void)state;
	assert_non_null(m);
	if (hp_read_file(m, tu_src("samples/leak.ticky"), &err))
		fail_msg("%s", err.msg);
	render_opts_init(&o);
	s = summary(m, &o, 0, 100);
	has(s, "counters, ranked by alloc\n");
	has(s, " rank ");
	free(s);
	s = summary(m, &o, 1, 100);
	has(s, "\"clock\": \"none\"");
	free(s);
	hp_model_free(m);
}

static void
change_largest_first(void **state)
{
	char *b_text = strdup(profile), *p, *s;
	hp_model *a, *b;

	(void)state;
	/* b: alpha peaks at 1000 (-2000), beta ends at 900 (+650) */
	assert_non_null(b_text);
	p = strstr(b_text, "alpha\t3000");
	memcpy(p, "alpha\t1000", 10);
	p = strstr(b_text, "beta\t250");
	memcpy(p, "beta\t900", 8);
	a = read_text(profile);
	b = read_text(b_text);
	s = diff(a, b, 0);
	has(s, "change from a.hp to b.hp\n");
	has(s, "4.78 kB x s -> 3.43 kB x s (-1.35 kB x s, -28.2%)\n");
	before(s, "\nalpha ", "\nbeta ");
	has(row(s, "alpha"), "3k -> 1k         4k -> 2k         3k -> 1k\n");
	has(row(s, "beta"), "500 -> 900      750 -> 1.4k       250 -> 900\n");
	/* gamma did not change: no row */
	assert_null(strstr(s, "\ngamma "));
	free(s);
	s = diff(a, b, 1);
	has(s, "\"change\": {\"peak\": -1350.000000, \"integral\": -1350.000000}");
	before(s, "{\"name\": \"alpha\"", "\"change\": {\"peak\": -2000.000000, \"integral\": -2000.000000, \"last\": -2000.000000}}");
	before(s, "{\"name\": \"beta\"", "\"change\": {\"peak\": 400.000000, \"integral\": 650.000000, \"last\": 650.000000}}");
	before(s, "{\"name\": \"beta\"", "{\"name\": \"gamma\"");
	free(s);
	hp_model_free(a);
	hp_model_free(b);
	free(b_text);
}

/* A full disk: -1 and a message, not a summary cut short in silence. */
static void
write_error(void **state)
{
	hp_model *m = read_text(profile);
	struct hp_err err = {{0}};
	struct render_opts o;
	FILE *f = fopen("/dev/full", "w");

	(void)state;
	assert_non_null(f);
	render_opts_init(&o);
	assert_int_equal(summary_print(f, "t.hp", m, &o, 0, 100, &err), -1);
	assert_true(err.msg[0] != '\0');
	memset(&err, 0, sizeof err);
	assert_int_equal(summary_print_diff(f, "a", m, "b", m, 0, 1, 100, &err), -1);
	assert_true(err.msg[0] != '\0');
	fclose(f);
	hp_model_free(m);
}

/* md_name's output for a name of len bytes, as a string to free. */
static char *
md(const char *name, size_t len, int cell)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	assert_non_null(f);
	md_name(f, name, len, cell);
	fclose(f);
	return buf;
}

/* A code span fenced past the name's longest run of backticks, padded
 * where a backtick or spaces meet the fence; | escaped in a cell only;
 * a long name cut in the middle between whole UTF-8 sequences. */
static void
markdown_names(void **state)
{
	static const struct {
		const char *name, *cell, *text;
	} cases[] = {
		{ "THUNK", "`THUNK`", "`THUNK`" },
		{ "a|b", "`a\\|b`", "`a|b`" },
		{ "a`b", "``a`b``", "``a`b``" },
		{ "```", "```` ``` ````", "```` ``` ````" },
		{ "`x``", "``` `x`` ```", "``` `x`` ```" },
		{ " x ", "`  x  `", "`  x  `" },
		{ " x", "` x`", "` x`" },
		{ "a\nb\tc\x7f", "`a\\x0ab\\x09c\\x7f`", "`a\\x0ab\\x09c\\x7f`" },
		{ "\xc2\x9b\xe2\x80\xae\xe2\x80\xa8\xff", "`\\u009b\\u202e\\u2028\\xff`",
		  "`\\u009b\\u202e\\u2028\\xff`" },
		{ "\xc3\xa9t\xc3\xa9", "`\xc3\xa9t\xc3\xa9`", "`\xc3\xa9t\xc3\xa9`" },
		{ "", "*(empty)*", "*(empty)*" },
	};
	char name[MD_NAME_MAX * 3], *out;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		out = md(cases[i].name, strlen(cases[i].name), 1);
		assert_string_equal(out, cases[i].cell);
		free(out);
		out = md(cases[i].name, strlen(cases[i].name), 0);
		assert_string_equal(out, cases[i].text);
		free(out);
	}
	/* x then 2-byte e-acutes: the cut falls inside one on both sides */
	name[0] = 'x';
	for (i = 1; i + 1 < sizeof name; i += 2)
		memcpy(name + i, "\xc3\xa9", 2);
	out = md(name, i, 1);
	assert_true(strlen(out) <= MD_NAME_MAX + 2 + 3);
	assert_memory_equal(out, "`x\xc3\xa9", 4);
	assert_non_null(strstr(out, "\xc3\xa9\xe2\x80\xa6\xc3\xa9"));
	assert_memory_equal(out + strlen(out) - 3, "\xc3\xa9`", 3);
	free(out);
}

/* summary.c's numbers(): a model that keeps running sums of its own (as
 * watch mode's does) has its numbers and its layout worked out one after
 * the other, any other on two threads at once; the same profile read
 * twice, the second given running sums, says the same to the byte.  Then
 * the allocations of a summary fail in turn (whichever thread makes the
 * Nth): each run is whole, or "out of memory" with nothing written. */
static void
threads_as_turns(void **state)
{
	struct hp_err err = {{0}};
	hp_model *a = hp_model_new(), *b = hp_model_new();
	struct render_opts o;
	unsigned long n, counted, errors = 0;
	char *want[2];
	int json;

	(void)state;
	render_opts_init(&o);
	assert_non_null(a);
	assert_non_null(b);
	if (hp_read_file(a, tu_src("samples/leak-hc.hp"), &err) ||
	    hp_read_file(b, tu_src("samples/leak-hc.hp"), &err) ||
	    hp_running_compact(b, 0, 64, &err))
		fail_msg("%s", err.msg);
	assert_non_null(hp_model_running(b));
	assert_null(hp_model_running(a));
	for (json = 0; json < 2; json++) {
		char *turns = summary(b, &o, json, 100);

		want[json] = summary(a, &o, json, 100);
		assert_string_equal(want[json], turns);
		has(want[json], json ? "\"peak\"" : "peak");
		free(turns);
	}
	for (n = 1;; n++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		int rc;

		assert_non_null(f);
		json = (int)(n % 2);
		err.msg[0] = '\0';
		hp_alloc_fail_at(n);
		rc = summary_print(f, "t.hp", a, &o, json, 100, &err);
		counted = hp_alloc_fail_at(0);
		assert_int_equal(fclose(f), 0);
		if (rc == 0) {
			assert_string_equal(buf, want[json]);
		} else {
			errors++;
			if (!strstr(err.msg, "out of memory"))
				fail_msg("N=%lu: \"%s\"", n, err.msg);
			assert_int_equal(len, 0);
		}
		free(buf);
		if (counted < n)
			break;
	}
	assert_true(errors > 10);
	free(want[0]);
	free(want[1]);
	hp_model_free(a);
	hp_model_free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ranked_with_fates),
		cmocka_unit_test(json_numbers),
		cmocka_unit_test(hostile_names),
		cmocka_unit_test(clocks),
		cmocka_unit_test(ticky_report),
		cmocka_unit_test(change_largest_first),
		cmocka_unit_test(write_error),
		cmocka_unit_test(markdown_names),
		cmocka_unit_test(threads_as_turns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
