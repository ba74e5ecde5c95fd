/*
 * tests/unit/test_select.c - band filters and time windows
 * (hp/select.c): which bands and samples the cut model keeps, its
 * aggregates, marks and series; times by seconds and by mark label; and
 * every refusal (bad pattern, pattern matching nothing, unknown or
 * ambiguous label, empty window, from after to) with its message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "hp/reader.h"
#include "hp/select.h"

static const char profile[] =
	"JOB \"job\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
	"BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
	"BEGIN_SAMPLE 1\nData.Map\t10\nData.Set\t20\nCAF\t5\nEND_SAMPLE 1\n"
	"BEGIN_SAMPLE 2\nData.Map\t30\nCAF\t5\nEND_SAMPLE 2\n"
	"BEGIN_SAMPLE 3\nData.Map\t50\nData.Set\t10\nmain\t7\nEND_SAMPLE 3\n"
	"BEGIN_SAMPLE 4\nEND_SAMPLE 4\n";

static hp_model *
load(void)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();

	assert_non_null(m);
	assert_int_equal(hp_read_mem(m, "t.hp", profile, strlen(profile), &err), 0);
	assert_int_equal(hp_model_add_mark(m, 1.5, "phase one", 9, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 2.5, "phase two", 9, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 3.5, "end", 3, &err), 0);
	return m;
}

static int
has_band(const hp_model *m, const char *name)
{
	hp_band b;

	return hp_model_lookup(m, name, strlen(name), &b);
}

/* A cut is of the same kind as what it was cut from: its times are on
 * the same clock. */
static void
kind_kept(void **state)
{
	struct hp_select sel = { 0 };
	struct hp_window w;
	struct hp_err err = {{0}};
	hp_model *m = load(), *cut;

	(void)state;
	assert_int_equal(hp_model_kind(m), HP_KIND_HP);
	hp_model_set_kind(m, HP_KIND_EVENTLOG);
	sel.from = "1";
	cut = hp_select_apply(m, &sel, &w, &err);
	assert_non_null(cut);
	assert_int_equal(hp_model_kind(cut), HP_KIND_EVENTLOG);
	hp_model_free(cut);
	hp_model_free(m);
}

static void
include_exclude(void **state)
{
	const char *inc[] = { "^Data\\." }, *exc[] = { "Set$" };
	struct hp_select s = { inc, 1, exc, 1, NULL, NULL, 0, NULL };
	struct hp_err err = {{0}};
	hp_model *m = load(), *c;
	hp_band b;

	(void)state;
	assert_true(hp_select_active(&s));
	c = hp_select_apply(m, &s, NULL, &err);
	assert_non_null(c);
	assert_int_equal(hp_model_band_count(c), 1);
	assert_true(has_band(c, "Data.Map"));
	assert_false(has_band(c, "Data.Set"));
	assert_false(has_band(c, "CAF"));
	/* every sample kept, sums of the kept bands only */
	assert_int_equal(hp_model_sample_count(c), 5);
	assert_int_equal(hp_model_sample_sum(c, 1), 10);
	assert_int_equal(hp_model_sample_sum(c, 3), 50);
	assert_true(hp_model_lookup(c, "Data.Map", 8, &b));
	assert_true(hp_model_band_total(c, b) == 90);
	assert_string_equal(hp_model_get(c, HP_JOB), "job");
	assert_int_equal(hp_model_mark_count(c), 3);
	hp_model_free(c);

	/* several includes: either matches */
	{
		const char *two[] = { "CAF", "main" };
		struct hp_select t = { two, 2, NULL, 0, NULL, NULL, 0, NULL };

		c = hp_select_apply(m, &t, NULL, &err);
		assert_non_null(c);
		assert_int_equal(hp_model_band_count(c), 2);
		assert_true(has_band(c, "CAF") && has_band(c, "main"));
		hp_model_free(c);
	}
	hp_model_free(m);
}

static void
no_match_is_error(void **state)
{
	const char *inc[] = { "Data", "Text" }, *exc[] = { "nothing" };
	struct hp_select s = { inc, 2, NULL, 0, NULL, NULL, 0, NULL };
	struct hp_select x = { NULL, 0, exc, 1, NULL, NULL, 0, NULL };
	struct hp_err err = {{0}};
	hp_model *m = load(), *c;

	(void)state;
	assert_null(hp_select_apply(m, &s, NULL, &err));
	assert_string_equal(err.msg, "--include 'Text' matches no band");
	hp_err_clear(&err);
	assert_null(hp_select_apply(m, &x, NULL, &err));
	assert_string_equal(err.msg, "--exclude 'nothing' matches no band");
	/* watch mode: bands may come later */
	hp_err_clear(&err);
	s.lenient = 1;
	c = hp_select_apply(m, &s, NULL, &err);
	assert_non_null(c);
	assert_int_equal(hp_model_band_count(c), 2);
	hp_model_free(c);
	hp_model_free(m);
}

static void
bad_pattern(void **state)
{
	const char *inc[] = { "a(" };
	struct hp_select s = { inc, 1, NULL, 0, NULL, NULL, 0, NULL };
	struct hp_err err = {{0}};
	hp_model *m = load();

	(void)state;
	assert_int_equal(hp_select_check("--include", "a(", &err), -1);
	assert_non_null(strstr(err.msg, "--include 'a(': "));
	hp_err_clear(&err);
	assert_null(hp_select_apply(m, &s, NULL, &err));
	assert_non_null(strstr(err.msg, "--include 'a('"));
	hp_model_free(m);
}

static void
window_seconds(void **state)
{
	struct hp_select s = { NULL, 0, NULL, 0, "1.5", "3", 0, NULL };
	struct hp_err err = {{0}};
	struct hp_window w;
	hp_model *m = load(), *c;
	hp_band b;

	(void)state;
	c = hp_select_apply(m, &s, &w, &err);
	assert_non_null(c);
	assert_true(w.from == 1.5 && w.to == 3 && w.has_from && w.has_to);
	assert_int_equal(hp_model_sample_count(c), 2);
	assert_true(hp_model_sample_time(c, 0) == 2);
	assert_true(hp_model_sample_time(c, 1) == 3);
	/* bands are all kept, even those with nothing in the window */
	assert_int_equal(hp_model_band_count(c), 4);
	assert_true(hp_model_lookup(c, "Data.Map", 8, &b));
	assert_true(hp_model_band_total(c, b) == 80);
	/* marks inside the window only (its ends included) */
	assert_int_equal(hp_model_mark_count(c), 2);
	assert_string_equal(hp_model_mark_label(c, 0), "phase one");
	assert_string_equal(hp_model_mark_label(c, 1), "phase two");
	hp_model_free(c);

	/* ends are inclusive; an open end keeps the rest */
	s.from = "3";
	s.to = NULL;
	c = hp_select_apply(m, &s, &w, &err);
	assert_non_null(c);
	assert_int_equal(hp_model_sample_count(c), 2);
	assert_true(w.has_from && !w.has_to);
	hp_model_free(c);
	hp_model_free(m);
}

static void
window_labels(void **state)
{
	struct hp_select s = { NULL, 0, NULL, 0, "phase one", "two", 0, NULL };
	struct hp_err err = {{0}};
	struct hp_window w;
	hp_model *m = load(), *c;
	double t;

	(void)state;
	c = hp_select_apply(m, &s, &w, &err);
	assert_non_null(c);
	assert_true(w.from == 1.5 && w.to == 2.5);
	assert_int_equal(hp_model_sample_count(c), 1);
	assert_true(hp_model_sample_time(c, 0) == 2);
	hp_model_free(c);

	/* an exact label wins over labels containing it */
	assert_int_equal(hp_select_time(m, "end", &t, &err), 0);
	assert_true(t == 3.5);
	/* ambiguous: "phase" is in two labels */
	assert_int_equal(hp_select_time(m, "phase", &t, &err), -1);
	assert_string_equal(err.msg, "'phase' names more than one mark; the "
			    "profile's marks are: 'phase one', 'phase two', 'end'");
	hp_err_clear(&err);
	assert_int_equal(hp_select_time(m, "phase three", &t, &err), -1);
	assert_string_equal(err.msg, "'phase three' is neither a time in seconds "
			    "nor a mark's label; the profile's marks are: "
			    "'phase one', 'phase two', 'end'");
	hp_model_free(m);
}

static void
window_errors(void **state)
{
	struct hp_select s = { NULL, 0, NULL, 0, "3", "1", 0, NULL };
	struct hp_select e = { NULL, 0, NULL, 0, "3.2", "3.8", 0, NULL };
	struct hp_err err = {{0}};
	hp_model *m = load(), *c;

	(void)state;
	assert_null(hp_select_apply(m, &s, NULL, &err));
	assert_string_equal(err.msg, "--from 3 (3 s) is after --to 1 (1 s)");
	hp_err_clear(&err);
	assert_null(hp_select_apply(m, &e, NULL, &err));
	assert_string_equal(err.msg, "no sample between 3.2 and 3.8 s (the "
			    "profile's samples span 0 to 4 s)");
	e.lenient = 1;
	c = hp_select_apply(m, &e, NULL, &err);
	assert_non_null(c);
	assert_int_equal(hp_model_sample_count(c), 0);
	hp_model_free(c);
	hp_model_free(m);
}

static void
describe(void **state)
{
	const char *inc[] = { "Map", "Set" }, *exc[] = { "CAF" };
	struct hp_select s = { inc, 2, exc, 1, NULL, NULL, 0, NULL };
	struct hp_select x = { NULL, 0, exc, 1, NULL, NULL, 0, NULL };
	struct hp_select none = { NULL, 0, NULL, 0, "1", NULL, 0, NULL };
	char buf[128];

	(void)state;
	hp_select_describe(&s, buf, sizeof buf);
	assert_string_equal(buf, "bands matching 'Map' or 'Set', not 'CAF'");
	hp_select_describe(&x, buf, sizeof buf);
	assert_string_equal(buf, "bands not matching 'CAF'");
	hp_select_describe(&none, buf, sizeof buf);
	assert_string_equal(buf, "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kind_kept),
		cmocka_unit_test(include_exclude),
		cmocka_unit_test(no_match_is_error),
		cmocka_unit_test(bad_pattern),
		cmocka_unit_test(window_seconds),
		cmocka_unit_test(window_labels),
		cmocka_unit_test(window_errors),
		cmocka_unit_test(describe),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
