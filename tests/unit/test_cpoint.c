/*
 * tests/unit/test_cpoint.c - numbers as text keep '.' under a locale
 * with a decimal comma (hp/cpoint.c, and the writers and readers that
 * use it: .hp times, .aux numbers, axis labels).
 *
 * The comma locale is made for the test: de_DE from the locales
 * package's sources (.ci/deps), compiled by localedef into a directory
 * of its own that LOCPATH points at, so the machine's installed locales
 * do not matter.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <locale.h>
#include <unistd.h>
#include <cmocka.h>

#include "data/dataout.h"
#include "hp/cpoint.h"
#include "hp/model.h"
#include "hp/reader.h"
#include "render/layout/aux-private.h"
#include "render/layout/layout.h"
#include "render/render.h"
#include "testutil.h"

static char dir[] = "/tmp/hp2x-cpoint.XXXXXX";

/* de_DE with its decimal comma, or the test fails saying why. */
static int
comma_locale(void **state)
{
	char cmd[512];

	(void)state;
	if (!mkdtemp(dir))
		fail_msg("mkdtemp failed");
	snprintf(cmd, sizeof cmd, "localedef -i de_DE -f UTF-8 %s/de_DE.UTF-8 "
		 ">/dev/null 2>&1", dir);
	if (system(cmd) != 0)
		fail_msg("localedef could not make de_DE (the locales package, "
			 ".ci/deps)");
	setenv("LOCPATH", dir, 1);
	if (!setlocale(LC_NUMERIC, "de_DE.UTF-8"))
		fail_msg("no de_DE locale after localedef");
	return 0;
}

static int
c_locale(void **state)
{
	char cmd[512];

	(void)state;
	setlocale(LC_NUMERIC, "C");
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd) != 0;
}

static void
point_swapped(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(hp_locale_point(), ",");
	snprintf(buf, sizeof buf, "%.2f", 0.5);
	assert_string_equal(buf, "0,50");	/* printf speaks the locale */
	assert_int_equal(hp_c_point(buf), 0);
	assert_string_equal(buf, "0.50");
	/* no point: nothing changes */
	strcpy(buf, "12");
	assert_int_equal(hp_c_point(buf), 0);
	assert_string_equal(buf, "12");
}

/* .hp times written and read with '.' */
static void
hp_times(void **state)
{
	static const char hp[] = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\n"
		"VALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0.25\nEND_SAMPLE 0.25\n"
		"BEGIN_SAMPLE 12.12345678901234567890123\nEND_SAMPLE 12.1\n";
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	char buf[OUT_TIME_MAX];

	(void)state;
	assert_non_null(m);
	assert_int_equal(hp_read_mem(m, "t.hp", hp, sizeof hp - 1, &err), 0);
	assert_true(hp_model_sample_time(m, 0) == 0.25);
	/* past 19 digits the reader hands the text to strtod */
	assert_true(fabs(hp_model_sample_time(m, 1) - 12.123456789) < 1e-9);
	assert_int_equal(out_time(buf, 0.25), 8);
	assert_string_equal(buf, "0.250000");
	hp_model_free(m);
}

/* The .aux read and written with '.' */
static void
aux_numbers(void **state)
{
	static const char text[] = "X_RANGE 2.82\nY_RANGE 348.00\nSHADE a 0.125\n";
	render_aux *a = render_aux_new();
	struct hp_err err = {{0}};
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	(void)state;
	assert_non_null(a);
	assert_non_null(f);
	assert_int_equal(render_aux_read(a, "t.aux", text, sizeof text - 1,
					 &err), 0);
	assert_true(render_aux_x_range(a) == 2.82);
	assert_int_equal(render_aux_write(a, f, &err), 0);
	fclose(f);
	assert_string_equal(out, "X_RANGE 2.82\nY_RANGE 348.00\nSHADE a 0.125\n");
	free(out);
	render_aux_free(a);
}

/* Sizes as the axis and --summary show them. */
static void
labels(void **state)
{
	char buf[64];

	(void)state;
	layout_si(buf, sizeof buf, 1500, "B");
	assert_string_equal(buf, "1.5 kB");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(point_swapped),
		cmocka_unit_test(hp_times),
		cmocka_unit_test(aux_numbers),
		cmocka_unit_test(labels),
	};

	return cmocka_run_group_tests(tests, comma_locale, c_locale);
}
