/*
 * tests/unit/test_diff.c - the difference of two profiles (hp/diff.c):
 * B on A's grid by step interpolation, scaled to A's span or in its own
 * seconds (--same-time), bands matched by name (without GHC's stack ids:
 * two builds of one program), bands on one side only,
 * growth and shrinkage split into two models of the same bands.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hp/diff.h"
#include "hp/match.h"
#include "hp/reader.h"
#include "testutil.h"

static hp_model *
load(const char *text)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();

	assert_non_null(m);
	assert_int_equal(hp_read_mem(m, "t.hp", text, strlen(text), &err), 0);
	return m;
}

/* The value of band name in sample i of m (0 when absent). */
static uint64_t
value(const hp_model *m, size_t i, const char *name)
{
	const hp_band *bands;
	const uint64_t *bytes;
	size_t n = hp_model_sample(m, i, &bands, &bytes), k;
	hp_band b;

	if (!hp_model_lookup(m, name, strlen(name), &b))
		return 0;
	for (k = 0; k < n; k++)
		if (bands[k] == b)
			return bytes[k];
	return 0;
}

static const char a_text[] =
	"JOB \"a\"\n"
	"BEGIN_SAMPLE 0\nx\t10\ny\t5\nEND_SAMPLE 0\n"
	"BEGIN_SAMPLE 1\nx\t20\ny\t5\nEND_SAMPLE 1\n"
	"BEGIN_SAMPLE 2\nx\t30\ny\t5\nEND_SAMPLE 2\n";
/* twice as long; y gone, z new */
static const char b_text[] =
	"JOB \"b\"\n"
	"BEGIN_SAMPLE 0\nx\t10\nEND_SAMPLE 0\n"
	"BEGIN_SAMPLE 1.5\nx\t12\nz\t4\nEND_SAMPLE 1.5\n"
	"BEGIN_SAMPLE 4\nx\t40\nz\t8\nEND_SAMPLE 4\n";

static void
scaled(void **state)
{
	struct hp_err err = {{0}};
	struct hp_diff d;
	hp_model *a = load(a_text), *b = load(b_text);

	(void)state;
	assert_int_equal(hp_diff_compute(&d, a, b, 0, 0, &err), 0);
	/* A's bands first, then B's new one, the same in all three */
	assert_int_equal(hp_model_band_count(d.grow), 3);
	assert_string_equal(hp_model_band_name(d.grow, 2, NULL), "z");
	assert_string_equal(hp_model_band_name(d.shrink, 2, NULL), "z");
	assert_string_equal(hp_model_get(d.grow, HP_JOB), "a");
	assert_int_equal(hp_model_sample_count(d.grow), 3);
	assert_true(hp_model_sample_time(d.grow, 1) == 1);
	/* t=0 -> B 0: x 10-10, y 0-5 */
	assert_int_equal(value(d.grow, 0, "x"), 0);
	assert_int_equal(value(d.shrink, 0, "x"), 0);
	assert_int_equal(value(d.shrink, 0, "y"), 5);
	/* t=1 -> B 2: B's sample at 1.5 (x 12, z 4) */
	assert_int_equal(value(d.shrink, 1, "x"), 8);
	assert_int_equal(value(d.grow, 1, "z"), 4);
	assert_int_equal(value(d.shrink, 1, "y"), 5);
	/* t=2 -> B 4: x 40-30 */
	assert_int_equal(value(d.grow, 2, "x"), 10);
	assert_int_equal(value(d.grow, 2, "z"), 8);
	assert_int_equal(value(d.change, 2, "x"), 10);
	assert_int_equal(value(d.change, 1, "x"), 8);
	assert_int_equal(value(d.change, 1, "y"), 5);
	hp_diff_release(&d);
	hp_model_free(a);
	hp_model_free(b);
}

static void
same_time(void **state)
{
	struct hp_err err = {{0}};
	struct hp_diff d;
	hp_model *a = load(a_text), *b = load(b_text);

	(void)state;
	assert_int_equal(hp_diff_compute(&d, a, b, 1, 0, &err), 0);
	/* t=1 -> B's sample at 0 (x 10) */
	assert_int_equal(value(d.shrink, 1, "x"), 10);
	assert_int_equal(value(d.grow, 1, "z"), 0);
	/* t=2 -> B's sample at 1.5 */
	assert_int_equal(value(d.shrink, 2, "x"), 18);
	assert_int_equal(value(d.grow, 2, "z"), 4);
	hp_diff_release(&d);

	/* B starting later: nothing of B before its first sample */
	hp_model_free(b);
	b = load("BEGIN_SAMPLE 1.5\nx\t100\nEND_SAMPLE 1.5\n");
	assert_int_equal(hp_diff_compute(&d, a, b, 1, 0, &err), 0);
	assert_int_equal(value(d.shrink, 1, "x"), 20);
	assert_int_equal(value(d.grow, 2, "x"), 70);
	hp_diff_release(&d);
	hp_model_free(a);
	hp_model_free(b);
}

static void
identical(void **state)
{
	struct hp_err err = {{0}};
	struct hp_diff d;
	hp_model *a = load(a_text), *b = load(a_text);
	size_t i;

	(void)state;
	assert_int_equal(hp_diff_compute(&d, a, b, 0, 0, &err), 0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(hp_model_sample_sum(d.grow, i), 0);
		assert_int_equal(hp_model_sample_sum(d.shrink, i), 0);
	}
	hp_diff_release(&d);
	hp_model_free(a);
	hp_model_free(b);
}

/* A profile with two samples at one time (a damaged .hp: fuzz_pipeline
 * found one) is unchanged from itself, on its own grid or scaled. */
static void
same_times(void **state)
{
	static const char text[] =
		"JOB \"t\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
		"BEGIN_SAMPLE 0.0\nx\t10\nEND_SAMPLE 0.0\n"
		"BEGIN_SAMPLE 0.3\nx\t20\ny\t5\nEND_SAMPLE 0.3\n"
		"BEGIN_SAMPLE 0.3\nx\t30\nEND_SAMPLE 0.3\n"
		"BEGIN_SAMPLE 0.3\ny\t7\nEND_SAMPLE 0.3\n"
		"BEGIN_SAMPLE 0.5\nx\t40\nEND_SAMPLE 0.5\n";
	struct hp_err err = {{0}};
	struct hp_diff d;
	hp_model *a = load(text), *b = load(text);
	size_t i, n = hp_model_sample_count(a);
	int same;

	(void)state;
	assert_int_equal(n, 5);
	for (same = 0; same < 2; same++) {
		assert_int_equal(hp_diff_compute(&d, a, b, same, 0, &err), 0);
		for (i = 0; i < n; i++) {
			assert_int_equal(hp_model_sample_sum(d.grow, i), 0);
			assert_int_equal(hp_model_sample_sum(d.shrink, i), 0);
		}
		hp_diff_release(&d);
	}
	hp_model_free(a);
	hp_model_free(b);
}

/* Two builds of one program (tests/data/builds: leak-b.hp
 * is leak-a.hp's program with one function more, leak-b.diff) give its
 * -hc stacks other ids.  Matched by name without the id, 58 of the 59
 * stacks of each are one band (A's name) and only the new function's
 * stack is B's own; by whole names only 5 were (the stacks before the
 * change), and the other 54 of each were drawn as removed and added. */
static void
builds(void **state)
{
	struct hp_err err = {{0}};
	hp_model *a = hp_model_new(), *b = hp_model_new();
	struct hp_diff d;
	size_t na, nb, i, matched = 0;
	hp_band *bmap;

	(void)state;
	assert_int_equal(hp_read_file(a, tu_data("builds/leak-a.hp"), &err), 0);
	assert_int_equal(hp_read_file(b, tu_data("builds/leak-b.hp"), &err), 0);
	na = hp_model_band_count(a);
	nb = hp_model_band_count(b);
	assert_int_equal(na, 59);
	assert_int_equal(nb, 59);
	bmap = calloc(nb, sizeof *bmap);
	assert_non_null(bmap);
	assert_int_equal(hp_match_bands(a, b, 0, bmap, NULL), 0);
	for (i = 0; i < nb; i++)
		matched += bmap[i] != HP_MATCH_NONE;
	assert_int_equal(matched, 58);
	assert_int_equal(hp_diff_compute(&d, a, b, 0, 0, &err), 0);
	assert_int_equal(hp_model_band_count(d.grow), 60);
	assert_true(hp_model_lookup(d.grow, "(413)wrap/scramble/growTab...", 29,
				    &(hp_band){ 0 }));
	hp_diff_release(&d);
	/* --match-ids: whole names, as before */
	assert_int_equal(hp_match_bands(a, b, 1, bmap, NULL), 0);
	for (i = 0, matched = 0; i < nb; i++)
		matched += bmap[i] != HP_MATCH_NONE;
	assert_int_equal(matched, 5);
	assert_int_equal(hp_diff_compute(&d, a, b, 0, 1, &err), 0);
	assert_int_equal(hp_model_band_count(d.grow), 113);
	hp_diff_release(&d);
	free(bmap);
	hp_model_free(a);
	hp_model_free(b);
}

/* Two stacks of one profile that differ only by id stay two bands:
 * paired in turn with B's of that name; B's third is its own, under its
 * own name, or with " (B)" where A has that whole name. */
static void
same_name_stacks(void **state)
{
	static const char ta[] =
		"JOB \"a\"\n"
		"BEGIN_SAMPLE 0\n(7)f\t10\n(9)f\t20\n(3)g\t1\nEND_SAMPLE 0\n";
	static const char tb[] =
		"JOB \"b\"\n"
		"BEGIN_SAMPLE 0\n(21)f\t11\n(22)f\t22\n(9)f\t5\n"
		"(4)g\t2\n(5)h\t3\nEND_SAMPLE 0\n";
	hp_model *a = load(ta), *b = load(tb);
	struct hp_err err = {{0}};
	struct hp_diff d;
	size_t rank[5];

	(void)state;
	assert_int_equal(hp_match_ranks(b, 0, rank), 0);
	assert_int_equal(rank[0], 0);
	assert_int_equal(rank[1], 1);
	assert_int_equal(rank[2], 2);
	assert_int_equal(rank[3], 0);
	assert_int_equal(hp_diff_compute(&d, a, b, 0, 0, &err), 0);
	assert_int_equal(hp_model_band_count(d.grow), 5);
	assert_int_equal(value(d.grow, 0, "(7)f"), 1);		/* 11 - 10 */
	assert_int_equal(value(d.grow, 0, "(9)f"), 2);		/* 22 - 20 */
	assert_int_equal(value(d.grow, 0, "(9)f (B)"), 5);	/* B's third */
	assert_int_equal(value(d.grow, 0, "(3)g"), 1);
	assert_int_equal(value(d.grow, 0, "(5)h"), 3);
	hp_diff_release(&d);
	/* what is not a stack id stays in the name */
	{
		size_t k;

		assert_string_equal(hp_match_key("(12)main", 8, 0, &k), "main");
		assert_int_equal(k, 4);
		assert_int_equal(hp_match_key("(,)", 3, 0, &k)[0], '(');
		assert_int_equal(hp_match_key("(12)", 4, 0, &k)[0], '(');
		assert_int_equal(hp_match_key("(1x)y", 5, 0, &k)[0], '(');
		assert_int_equal(hp_match_key("(12)main", 8, 1, &k)[0], '(');
	}
	hp_model_free(a);
	hp_model_free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scaled),
		cmocka_unit_test(builds),
		cmocka_unit_test(same_name_stacks),
		cmocka_unit_test(same_time),
		cmocka_unit_test(identical),
		cmocka_unit_test(same_times),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
