/*
 * tests/unit/test_ticky.c - the ticky-ticky report reader (hp/ticky.c):
 * the real GHC 9.0.2 report in samples/, the three table layouts (GHC 7.6
 * and before, 7.8 to 9.2, 9.4 on, as their RTS's printf formats write
 * them), readable names, every cut of a report, and malformed lines.
 */
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
#include "hp/ticky.h"
#include "testutil.h"

static hp_model *
read_text(const char *text, enum hp_measure mm, int *rc, struct hp_err *err)
{
	hp_model *m = hp_model_new();
	struct hp_read_opts o = { mm, 0 };
	hp_reader *r;

	assert_non_null(m);
	r = hp_reader_new(m, "t.ticky");
	assert_non_null(r);
	hp_reader_set_opts(r, &o);
	*rc = hp_reader_feed(r, text, strlen(text), err) ||
	      hp_reader_finish(r, err) ? -1 : 0;
	hp_reader_free(r);
	assert_int_equal(hp_model_measure(m), mm);
	return m;
}

static uint64_t
value_of(const hp_model *m, const char *name)
{
	const hp_band *b;
	const uint64_t *v;
	size_t n = hp_model_sample(m, 0, &b, &v), i;

	for (i = 0; i < n; i++)
		if (!strcmp(hp_model_band_name(m, b[i], NULL), name))
			return v[i];
	return 0;
}

/* samples/leak.ticky: 131 counters; the rows' sum is what the title
 * shows; globals read; JOB from the command line. */
static void
real_report(void **state)
{
	char path[4096];
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	size_t i, n;
	uint64_t sum = 0, heap = 0;

	(void)state;
	snprintf(path, sizeof path, "%s/leak.ticky", tu_src("samples"));
	assert_int_equal(hp_read_file(m, path, &err), 0);
	assert_int_equal(hp_model_profile(m), HP_PROFILE_COUNTERS);
	assert_int_equal(hp_model_band_count(m), 131);
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(hp_model_warning_count(m), 0);
	assert_string_equal(hp_model_get(m, HP_JOB), "leak 30000 +RTS -rleak.ticky");
	for (i = 0, n = hp_model_band_count(m); i < n; i++) {
		const struct hp_ticky_row *r = hp_model_band_ticky(m, (hp_band)i);

		assert_non_null(r);
		sum += r->alloc;
	}
	assert_int_equal(sum, hp_model_sample_sum(m, 0));
	for (i = 0, n = hp_model_counter_count(m); i < n; i++) {
		uint64_t v;

		if (!strcmp(hp_model_counter(m, i, &v), "ALLOC_HEAP_tot"))
			heap = v;
	}
	/* the counters' allocation is part of all the heap allocation */
	assert_true(heap >= sum);
	hp_model_free(m);
}

static const char report_90[] =
	"'./prog' '+RTS' '-rprog.ticky' \n"
	"\n"
	"STACK USAGE:\n"
	"\n"
	"ENTERS: 10  of which 10 (100.0%) direct to the entry code\n"
	"\n"
	"The following table is explained by https://gitlab.haskell.org/ghc/ghc/wikis/debugging/ticky-ticky\n"
	"All allocation numbers are in bytes.\n"
	"\n"
	"**************************************************\n"
	"\n"
	"    Entries      Alloc    Alloc'd  Non-void Arguments      STG Name\n"
	"--------------------------------------------------------------------------------\n"
	"         10        240        240   0                      sat_s2T2{v} (main:Main) (thk) in s2T4\n"
	"         11        960          0   1 L                    go1{v r2Hj} (main:Main)\n"
	"       4131      66096          0   2 CS                   main:Main.permute1{v r2H6}\n"
	"          7        528         16   1 L                    go3{v s2Ua} (main:Main) in r2H6\n"
	"       4131     363528          0   3 SSL                  $sgo{v s2KG} (main:Main) (LNE) in r2H6\n"
	"          1          0          0   0                      main:Main.main1{v r2GU}\n"
	"\n"
	"**************************************************\n"
	"     293586 ALLOC_HEAP_ctr\n"
	"   18391320 ALLOC_HEAP_tot\n"
	"          0 U!PD_NEW_PERM_IND_ctr requires +RTS -Z\n";

static void
layout_90(void **state)
{
	struct hp_err err = {{0}};
	int rc;
	hp_model *m = read_text(report_90, HP_MEASURE_ALLOC, &rc, &err);
	hp_band b;
	uint64_t v;

	(void)state;
	assert_int_equal(rc, 0);
	assert_int_equal(hp_model_band_count(m), 6);
	assert_int_equal(value_of(m, "main:Main.permute1{v r2H6}"), 66096);
	assert_int_equal(value_of(m, "$sgo{v s2KG} (main:Main) (LNE) in r2H6"), 363528);
	assert_true(hp_model_lookup(m, "go1{v r2Hj} (main:Main)", 23, &b));
	assert_int_equal(hp_model_band_ticky(m, b)->arity, 1);
	assert_int_equal(hp_model_band_ticky(m, b)->entries, 11);
	assert_memory_equal(hp_model_band_ticky(m, b)->kinds, "L", 1);
	assert_int_equal(hp_model_band_ticky(m, b)->kinds_len, 1);
	/* readable names, the parent found by its unique */
	assert_string_equal(hp_model_band_label(m, b, NULL), "Main.go1");
	assert_true(hp_model_lookup(m, "go3{v s2Ua} (main:Main) in r2H6", 31, &b));
	assert_string_equal(hp_model_band_label(m, b, NULL), "Main.go3 in permute1");
	assert_true(hp_model_lookup(m, "sat_s2T2{v} (main:Main) (thk) in s2T4", 37, &b));
	assert_string_equal(hp_model_band_label(m, b, NULL), "Main.sat_s2T2 (thk)");
	assert_true(hp_model_lookup(m, "$sgo{v s2KG} (main:Main) (LNE) in r2H6", 38, &b));
	assert_string_equal(hp_model_band_label(m, b, NULL), "Main.$sgo (LNE) in permute1");
	assert_int_equal(hp_model_counter_count(m), 3);
	assert_string_equal(hp_model_counter(m, 2, &v), "U!PD_NEW_PERM_IND_ctr requires +RTS -Z");
	assert_string_equal(hp_model_counter(m, 1, &v), "ALLOC_HEAP_tot");
	assert_int_equal(v, 18391320);
	assert_string_equal(hp_model_get(m, HP_JOB), "prog +RTS -rprog.ticky");
	hp_model_free(m);
	/* the other measures */
	m = read_text(report_90, HP_MEASURE_ENTRIES, &rc, &err);
	assert_int_equal(value_of(m, "main:Main.permute1{v r2H6}"), 4131);
	hp_model_free(m);
	m = read_text(report_90, HP_MEASURE_ALLOCD, &rc, &err);
	assert_int_equal(value_of(m, "sat_s2T2{v} (main:Main) (thk) in s2T4"), 240);
	assert_int_equal(value_of(m, "go3{v s2Ua} (main:Main) in r2H6"), 16);
	hp_model_free(m);
}

/* GHC 9.4's: wider Alloc columns and a 60-character kinds field. */
static void
layout_94(void **state)
{
	char text[4096];
	struct hp_err err = {{0}};
	hp_model *m;
	int rc, n;

	(void)state;
	n = snprintf(text, sizeof text,
		     "'./p' \n\nSTACK USAGE:\n\n**************************************************\n\n"
		     "%11s%12s%12s  %-63s %s\n"
		     "--------------------------------------------------------------------------------\n"
		     "%11d%12lld%12d %3lu %-60.60s %s\n"
		     "%11d%12d%12d %3lu %-60.60s %s\n"
		     "\n**************************************************\n%11d ALLOC_HEAP_ctr\n",
		     "Entries", "Alloc", "Alloc'd", "Non-void Arguments", "STG Name",
		     3, 123456789012LL, 0, 2UL, "iL", "Data.Foo.bar{v r1} (fun)",
		     1, 16, 8, 0UL, "", "baz{v s9} (Data.Foo) (fun) in r1", 42);
	assert_true(n > 0 && (size_t)n < sizeof text);
	m = read_text(text, HP_MEASURE_ALLOC, &rc, &err);
	assert_int_equal(rc, 0);
	assert_int_equal(hp_model_band_count(m), 2);
	assert_int_equal(value_of(m, "Data.Foo.bar{v r1} (fun)"), 123456789012ull);
	assert_int_equal(value_of(m, "baz{v s9} (Data.Foo) (fun) in r1"), 16);
	assert_string_equal(hp_model_band_label(m, 1, NULL), "Data.Foo.baz in bar");
	hp_model_free(m);
}

/* GHC 7.6 and before: Entries Allocs Arity Stack Kinds Function, no
 * Alloc'd, and the report begins with "\n\nALLOCATIONS:". */
static void
layout_76(void **state)
{
	char text[4096];
	struct hp_err err = {{0}};
	hp_model *m;
	int rc, n;

	(void)state;
	n = snprintf(text, sizeof text,
		     "\n\nALLOCATIONS: 12 (40 words total: 1 admin, 2 goods, 0 slop)\n"
		     "\n**************************************************\n\n"
		     "%11s%11s %6s%6s    %-11s%-30s\n"
		     "--------------------------------------------------------------------------------\n"
		     "%11ld%11ld %6u%6u    %-11s%-30s\n"
		     "%11ld%11ld %6u%6u    %-11s%-30s\n"
		     "\n**************************************************\n%7ld ALLOC_HEAP_ctr\n",
		     "Entries", "Allocs", "Arity", "Stack", "Kinds", "Function",
		     5L, 80L, 1u, 1u, "L", "Main.f",
		     2L, 0L, 0u, 0u, "", "Main.main", 42L);
	assert_true(n > 0 && (size_t)n < sizeof text);
	m = read_text(text, HP_MEASURE_ALLOC, &rc, &err);
	assert_int_equal(rc, 0);
	assert_int_equal(hp_model_band_count(m), 2);
	/* %-30s pads the name: a name is kept as written, padding and all */
	assert_int_equal(hp_model_band_ticky(m, 0)->alloc, 80);
	assert_int_equal(hp_model_band_ticky(m, 0)->arity, 1);
	assert_int_equal(hp_model_band_ticky(m, 0)->allocd, 0);
	assert_int_equal(hp_model_band_ticky(m, 1)->entries, 2);
	assert_int_equal(strncmp(hp_model_band_name(m, 0, NULL), "Main.f", 6), 0);
	hp_model_free(m);
}

/* Every cut: complete rows kept with one warning, or an error naming
 * the line when no table was reached; never a wrong number. */
static void
cut_everywhere(void **state)
{
	size_t len = strlen(report_90), at;
	hp_model *full;
	struct hp_err err = {{0}};
	int rc;

	(void)state;
	full = read_text(report_90, HP_MEASURE_ALLOC, &rc, &err);
	assert_int_equal(rc, 0);
	for (at = 0; at < len; at++) {
		hp_model *m = hp_model_new();
		size_t i, n;

		hp_err_clear(&err);
		rc = hp_read_mem(m, "t.ticky", report_90, at, &err);
		if (rc) {
			assert_non_null(strstr(err.msg, "t.ticky"));
			hp_model_free(m);
			continue;
		}
		assert_true(hp_model_warning_count(m) <= 1);
		n = hp_model_band_count(m);
		for (i = 0; i < n; i++) {
			size_t l1;
			const char *nm = hp_model_band_name(m, (hp_band)i, &l1);

			/* a row is whole or absent */
			assert_int_equal(value_of(m, nm), value_of(full, nm));
			assert_true(hp_model_lookup(full, nm, l1, &(hp_band){0}));
		}
		if (at < (size_t)(strstr(report_90, "     293586") - report_90) - 51) {
			char want[64];

			/* cut in the table: the warning counts the rows read */
			if (hp_model_warning_count(m) != 1)
				fail_msg("cut at %zu: %zu warnings", at, hp_model_warning_count(m));
			snprintf(want, sizeof want, "read the %zu complete row%s", n,
				 n == 1 ? "" : "s");
			if (!strstr(hp_model_warning(m, 0), want))
				fail_msg("cut at %zu: '%s', want '%s'", at, hp_model_warning(m, 0), want);
		}
		hp_model_free(m);
	}
	hp_model_free(full);
}

static void
malformed(void **state)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "'p' \n    Entries      Alloc    Alloc'd  Non-void Arguments      STG Name\nxx\n",
		  "t.ticky:3: expected a line of dashes" },
		{ "'p' \n    Entries      Alloc    Alloc'd  Non-void Arguments      STG Name\n"
		  "----------------------------------------\n         1x         2          3   0   foo\n",
		  "t.ticky:4: expected a counter row" },
		{ "'p' \n    Entries      Alloc    Alloc'd  Non-void Arguments      STG Name\n"
		  "----------------------------------------\n         -1          2          3   0                      foo\n",
		  "t.ticky:4: expected a counter row" },
		{ "'p' \n    Entries      Alloc    Alloc'd  Non-void Arguments      STG Name\n"
		  "----------------------------------------\n"
		  "**************************************************\nALLOC_HEAP_ctr 12\n",
		  "t.ticky:5: expected a global counter" },
		{ "'p' \nnothing here\n", "t.ticky:2: no ticky counter table" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct hp_err err = {{0}};
		int rc;
		hp_model *m = read_text(cases[i].text, HP_MEASURE_ALLOC, &rc, &err);

		assert_int_equal(rc, -1);
		if (strncmp(err.msg, cases[i].want, strlen(cases[i].want)))
			fail_msg("case %zu: '%s', want '%s'", i, err.msg, cases[i].want);
		hp_model_free(m);
	}
}

static void
readable(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "main:Main.puzzle{v rj2}", "Main.puzzle" },
		{ "main::Main.main{v 01C}", ":Main.main" },
		{ "go9{v scBC} (Leak.Zoo) (fun) in rcaJ", "Leak.Zoo.go9" },
		{ "sat_s2T2{v} (main:Main) (thk) in s2T4", "Main.sat_s2T2 (thk)" },
		{ "Leak.Table.shrinkTable{v r2Sj} (fun)", "Leak.Table.shrinkTable" },
		{ "TOP", "TOP" },
	};
	char buf[256];
	size_t i, n;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		n = hp_ticky_readable(cases[i].in, strlen(cases[i].in), buf, sizeof buf);
		assert_true(n < sizeof buf);
		buf[n] = '\0';
		assert_string_equal(buf, cases[i].out);
	}
	/* a short buffer: the length is still the whole */
	n = hp_ticky_readable("go9{v scBC} (Leak.Zoo) (fun)", 28, buf, 4);
	assert_int_equal(n, strlen("Leak.Zoo.go9"));
}

/* The closure kind a counter's name says (GHC's flags after it). */
static void
closure(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "go9{v scBC} (Leak.Zoo) (fun) in rcaJ", "function" },
		{ "sat_sgFK{v} (Main) (fun,se) in rgB4", "function, single entry" },
		{ "sat_s2T2{v} (main:Main) (thk) in s2T4", "thunk" },
		{ "sat_s1{v} (Main) (thk,se,std) in r1", "thunk, single entry" },
		{ "sat_s1{v} (Main) (thk,std) in r1", "thunk" },
		{ "$WJust{v r1} (con: Just)", "constructor" },
		{ "j{v s1} (Main) (LNE) in r2", "let-no-escape" },
		{ "Leak.Table.shrinkTable{v r2Sj} (fun)", "function" },
		/* a module named like a flag is no flag: the flags follow it */
		{ "f{v s1} (funny) in r1", NULL },
		{ "TOP", NULL },
		{ "x{v s1} (Main", NULL },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *k = hp_ticky_closure(cases[i].in, strlen(cases[i].in));

		if (cases[i].out == NULL ? k != NULL : k == NULL || strcmp(k, cases[i].out))
			fail_msg("%s: '%s', want '%s'", cases[i].in, k ? k : "(null)",
				 cases[i].out ? cases[i].out : "(null)");
	}
}

/* Argument and free-variable kinds of every GHC's definition: 9.0's
 * kinds alone, 9.4's JSON in their place (a report cuts it at 60
 * characters), 9.6's kinds and JSON after. */
static void
kinds(void **state)
{
	static const char j96[] = "{\"type\":\"entCntr\",\"subTy\":\"fun\",\"fvs_c\":2,\"fvs\":\">i\",\"args\":\"iM\"}";
	struct hp_ticky_row r;
	char cut[61];

	(void)state;
	memset(&r, 0, sizeof r);
	hp_ticky_kinds("iL", 2, NULL, 0, &r);
	assert_int_equal(r.kinds_len, 2);
	assert_memory_equal(r.kinds, "iL", 2);
	assert_null(r.fvs);
	hp_ticky_kinds("M", 1, j96, strlen(j96), &r);
	assert_memory_equal(r.kinds, "M", 1);
	assert_non_null(r.fvs);
	assert_int_equal(r.fvs_len, 2);
	assert_memory_equal(r.fvs, ">i", 2);
	hp_ticky_kinds(j96, strlen(j96), NULL, 0, &r);
	assert_int_equal(r.kinds_len, 2);
	assert_memory_equal(r.kinds, "iM", 2);
	assert_memory_equal(r.fvs, ">i", 2);
	/* cut inside "args": no argument kinds, the free variables read */
	memcpy(cut, j96, 60);
	cut[60] = '\0';
	hp_ticky_kinds(cut, 60, NULL, 0, &r);
	assert_int_equal(r.kinds_len, 0);
	assert_memory_equal(r.fvs, ">i", 2);
	/* no free variables: known, and none */
	hp_ticky_kinds("", 0, "{\"fvs\":\"\",\"args\":\"\"}", strlen("{\"fvs\":\"\",\"args\":\"\"}"), &r);
	assert_non_null(r.fvs);
	assert_int_equal(r.fvs_len, 0);
	/* an escape or a cut value is not taken for kinds */
	hp_ticky_kinds("", 0, "{\"fvs\":\"a\\\"b\"}", strlen("{\"fvs\":\"a\\\"b\"}"), &r);
	assert_null(r.fvs);
	hp_ticky_kinds("", 0, "{\"fvs\":\"ab", strlen("{\"fvs\":\"ab"), &r);
	assert_null(r.fvs);
}

/* A real GHC 9.6 report (tests/data/ticky/ghc96-leak.ticky): its
 * 60-wide kinds field, and a counter's row whole. */
static void
report_96(void **state)
{
	char path[4096];
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	hp_band b;
	const struct hp_ticky_row *r;
	static const char name[] = "lvl{v s2sy} (Leak.Table) (fun) in r2gp";

	(void)state;
	snprintf(path, sizeof path, "%s/ghc96-leak.ticky", tu_data("ticky"));
	assert_non_null(m);
	if (hp_read_file(m, path, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(hp_model_band_count(m), 133);
	assert_int_equal(hp_model_lookup(m, name, strlen(name), &b), 1);
	assert_non_null(r = hp_model_band_ticky(m, b));
	assert_int_equal(r->entries, 20016);
	assert_int_equal(r->alloc, 800000);
	assert_int_equal(r->arity, 3);
	assert_int_equal(r->kinds_len, 3);
	assert_memory_equal(r->kinds, "I>M", 3);
	assert_null(r->fvs);
	hp_model_free(m);
}

/* A name of a million '(' and no ')' is read in linear time: a scan to
 * the end from each '(' once took about 5 s of CPU for this one,
 * a linear one a few ms; a second of CPU is room for a sanitizer build
 * on a busy machine, and CPU time is not stretched by the load. */
static void
readable_linear(void **state)
{
	size_t len = (size_t)1 << 20, n;
	char *name = malloc(len), buf[64];
	clock_t t0;
	double cpu;

	(void)state;
	assert_non_null(name);
	memcpy(name, "go9{v scBC} (Leak.Zoo) ", 23);
	memset(name + 23, '(', len - 23);
	t0 = clock();
	n = hp_ticky_readable(name, len, buf, sizeof buf);
	cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
	assert_int_equal(n, strlen("Leak.Zoo.go9"));
	if (cpu > 1.0)
		fail_msg("%.2f s of CPU for a name of %zu '('", cpu, len);
	free(name);
}

/* A line past 64 MiB is refused where it starts, as in a .hp (the
 * report is fed in chunks, as a gzip stream is). */
static void
line_cap(void **state)
{
	static const char head[] =
		"'p' \n    Entries      Alloc    Alloc'd  Non-void Arguments      STG Name\n"
		"----------------------------------------\n"
		"         1          2          3   0                      f\n"
		"         1          2          3   0                      ";
	size_t chunk = (size_t)1 << 20, k;
	char *x = malloc(chunk);
	hp_model *m = hp_model_new();
	hp_reader *r;
	struct hp_err err = {{0}};
	int rc = 0;

	(void)state;
	assert_non_null(x);
	memset(x, 'x', chunk);
	r = hp_reader_new(m, "t.ticky");
	assert_int_equal(hp_reader_feed(r, head, strlen(head), &err), 0);
	for (k = 0; k < 65 && rc == 0; k++)
		rc = hp_reader_feed(r, x, chunk, &err);
	assert_int_equal(rc, -1);
	assert_string_equal(err.msg, "t.ticky:5: line longer than 64 MiB");
	hp_reader_free(r);
	hp_model_free(m);
	free(x);
}

/* Told apart from a .hp by content, gzipped too. */
static void
detection(void **state)
{
	hp_reader *r;
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};

	(void)state;
	r = hp_reader_new(m, "x");
	assert_int_equal(hp_reader_feed(r, report_90, 40, &err), 0);
	assert_int_equal(hp_reader_kind(r), HP_KIND_TICKY);
	assert_int_equal(hp_model_kind(m), HP_KIND_TICKY);	/* told */
	hp_reader_free(r);
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(real_report),
		cmocka_unit_test(layout_90),
		cmocka_unit_test(layout_94),
		cmocka_unit_test(layout_76),
		cmocka_unit_test(cut_everywhere),
		cmocka_unit_test(malformed),
		cmocka_unit_test(readable),
		cmocka_unit_test(readable_linear),
		cmocka_unit_test(closure),
		cmocka_unit_test(kinds),
		cmocka_unit_test(report_96),
		cmocka_unit_test(line_cap),
		cmocka_unit_test(detection),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
