/*
 * tests/unit/test_diff.c - the difference of two profiles (hp/diff.c):
 * B on A's grid by step interpolation, scaled to A's span or in its own
 * seconds (--same-time), bands matched by name, bands on one side only,
 * growth and shrinkage split into two models of the same bands.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "hp/diff.h"
#include "hp/reader.h"

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
	assert_int_equal(hp_diff_compute(&d, a, b, 0, &err), 0);
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
	assert_int_equal(hp_diff_compute(&d, a, b, 1, &err), 0);
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
	assert_int_equal(hp_diff_compute(&d, a, b, 1, &err), 0);
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
	assert_int_equal(hp_diff_compute(&d, a, b, 0, &err), 0);
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
		assert_int_equal(hp_diff_compute(&d, a, b, same, &err), 0);
		for (i = 0; i < n; i++) {
			assert_int_equal(hp_model_sample_sum(d.grow, i), 0);
			assert_int_equal(hp_model_sample_sum(d.shrink, i), 0);
		}
		hp_diff_release(&d);
	}
	hp_model_free(a);
	hp_model_free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scaled),
		cmocka_unit_test(same_time),
		cmocka_unit_test(identical),
		cmocka_unit_test(same_times),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
