/*
 * tests/unit/test_aux.c - the .aux file: reading what hp2ps writes, the
 * names hp2ps cannot read back (leading digits, spaces), first-wins
 * duplicates, errors with line numbers, exact round trips of colour
 * shades, and -p (order, shades, range ratchet) through layout_compute.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hp/model.h"
#include "render/layout/aux-private.h"
#include "render/layout/layout.h"
#include "render/layout/palette.h"
#include "render/render.h"
#include "layoututil.h"

#define N(a) (sizeof(a) / sizeof(a)[0])

/* Written by hp2ps for the example profile of hp2ps(1). */
static const char manpage_aux[] =
	"X_RANGE 2.82\nY_RANGE 348.00\n"
	"ORDER reduce 1\nORDER intersect 2\nORDER main 3\nORDER insert 4\n"
	"ORDER SYSTEM 5\nORDER disin 6\nORDER elim 7\n"
	"SHADE reduce 0.00\nSHADE intersect 0.20\nSHADE main 0.60\n"
	"SHADE insert 0.30\nSHADE SYSTEM 0.90\nSHADE disin 0.40\n"
	"SHADE elim 1.00\n";

static render_aux *
parse(const char *text)
{
	struct hp_err err = {{0}};
	render_aux *a = render_aux_new();

	assert_non_null(a);
	assert_int_equal(render_aux_read(a, "t.aux", text, strlen(text), &err), 0);
	assert_string_equal(err.msg, "");
	return a;
}

static long long
order_of(const render_aux *a, const char *name)
{
	long long k = -999;

	assert_int_equal(render_aux_order(a, name, strlen(name), &k), 1);
	return k;
}

static double
shade_of(const render_aux *a, const char *name)
{
	double s = -999;

	assert_int_equal(render_aux_shade(a, name, strlen(name), &s), 1);
	return s;
}

static char *
write_text(const render_aux *a, size_t *len)
{
	struct hp_err err = {{0}};
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	assert_non_null(f);
	assert_int_equal(render_aux_write(a, f, &err), 0);
	fclose(f);
	return text;
}

static void
reads_hp2ps_aux(void **state)
{
	render_aux *a = parse(manpage_aux);
	long long k;
	double s;
	char *text;
	size_t len;

	(void)state;
	assert_true(render_aux_x_range(a) == 2.82);
	assert_true(render_aux_y_range(a) == 348);
	assert_int_equal(render_aux_order_count(a), 7);
	assert_int_equal(render_aux_shade_count(a), 7);
	assert_int_equal(order_of(a, "reduce"), 1);
	assert_int_equal(order_of(a, "SYSTEM"), 5);
	assert_int_equal(order_of(a, "elim"), 7);
	assert_true(shade_of(a, "intersect") == 0.2);
	assert_true(shade_of(a, "elim") == 1.0);
	assert_int_equal(render_aux_order(a, "elimx", 5, &k), 0);
	assert_int_equal(render_aux_order(a, "eli", 3, &k), 0);
	assert_int_equal(render_aux_shade(a, "nothing", 7, &s), 0);
	/* and writes it back byte for byte */
	text = write_text(a, &len);
	assert_string_equal(text, manpage_aux);
	free(text);
	render_aux_free(a);

	/* an empty aux writes nothing and knows no ranges */
	a = parse("");
	assert_true(render_aux_x_range(a) == 0 && render_aux_y_range(a) == 0);
	text = write_text(a, &len);
	assert_int_equal(len, 0);
	free(text);
	render_aux_free(a);
}

static void
first_entry_wins(void **state)
{
	render_aux *a = parse("ORDER a 1\nORDER b 2\nORDER a 5\n"
			      "SHADE a 0.20\nSHADE a 0.90\n"
			      "X_RANGE 1.00\nX_RANGE 3.00\nY_RANGE 9.5\n");

	(void)state;
	assert_int_equal(order_of(a, "a"), 1);
	assert_int_equal(order_of(a, "b"), 2);
	assert_int_equal(render_aux_order_count(a), 2);
	assert_true(shade_of(a, "a") == 0.2);
	assert_int_equal(render_aux_shade_count(a), 1);
	assert_true(render_aux_x_range(a) == 3.0);	/* ranges: last wins */
	assert_true(render_aux_y_range(a) == 9.5);
	render_aux_free(a);
}

/* What hp2ps's token reader cannot take: names starting with digits,
 * names with blanks; and layouts it can (CRLF, blank lines, indents). */
static void
awkward_names(void **state)
{
	render_aux *a = parse(
		"ORDER 9Kgekc3:System.Random.StdGen 3\n"
		"ORDER 0x4a5c38 4\r\n"
		"\n   \n"
		"  ORDER my label 5  \n"
		"ORDER  leading 6\n"
		"ORDER a\tb 7\n"
		"ORDER 42 8\n"
		"SHADE {-# SCC \"x y\" #-} 0.051\n"
		"SHADE (123)Main.f/g 0.9\n"
		"ORDER neg -3\n"
		"X_RANGE 10\n"
		"Y_RANGE +1.5e3\n");

	(void)state;
	assert_int_equal(order_of(a, "9Kgekc3:System.Random.StdGen"), 3);
	assert_int_equal(order_of(a, "0x4a5c38"), 4);
	assert_int_equal(order_of(a, "my label"), 5);
	assert_int_equal(order_of(a, " leading"), 6);
	assert_int_equal(order_of(a, "a\tb"), 7);
	assert_int_equal(order_of(a, "42"), 8);
	assert_int_equal(order_of(a, "neg"), -3);
	assert_true(shade_of(a, "{-# SCC \"x y\" #-}") == 0.051);
	assert_true(shade_of(a, "(123)Main.f/g") == 0.9);
	assert_true(render_aux_x_range(a) == 10);
	assert_true(render_aux_y_range(a) == 1500);
	render_aux_free(a);
}

static void
expect_error(const char *text, const char *msg)
{
	struct hp_err err = {{0}};
	render_aux *a = render_aux_new();

	assert_int_equal(render_aux_read(a, "t.aux", text, strlen(text), &err), -1);
	assert_string_equal(err.msg, msg);
	render_aux_free(a);
}

static void
errors(void **state)
{
	(void)state;
	expect_error("X_RANGE 2.82\n\nX_RANGE abc\n",
		     "t.aux:3: floating point number must follow X_RANGE");
	expect_error("Y_RANGE\n",
		     "t.aux:1: floating point number must follow Y_RANGE");
	expect_error("Y_RANGE 1 2\n",
		     "t.aux:1: floating point number must follow Y_RANGE");
	expect_error("X_RANGE 1e999\n",
		     "t.aux:1: floating point number must follow X_RANGE");
	expect_error("X_RANGE nan\n",
		     "t.aux:1: floating point number must follow X_RANGE");
	expect_error("X_RANGE 1.2.3\n",
		     "t.aux:1: floating point number must follow X_RANGE");
	expect_error("ORDER a 1\nORDER foo\n",
		     "t.aux:2: identifier and integer must follow ORDER");
	expect_error("ORDER\n",
		     "t.aux:1: identifier and integer must follow ORDER");
	expect_error("ORDER 1\n",
		     "t.aux:1: identifier and integer must follow ORDER");
	expect_error("SHADE 0.5\n",
		     "t.aux:1: identifier and floating point number must follow SHADE");
	expect_error("ORDER foo 1.5\n",
		     "t.aux:1: identifier and integer must follow ORDER");
	expect_error("ORDER foo 99999999999999999999\n",
		     "t.aux:1: identifier and integer must follow ORDER");
	expect_error("SHADE foo\n",
		     "t.aux:1: identifier and floating point number must follow SHADE");
	expect_error("SHADE foo bar\n",
		     "t.aux:1: identifier and floating point number must follow SHADE");
	expect_error("ORDER a 1\r\nBOGUS 1\r\n",
		     "t.aux:2: expected X_RANGE, Y_RANGE, ORDER or SHADE");
	expect_error("order a 1\n",
		     "t.aux:1: expected X_RANGE, Y_RANGE, ORDER or SHADE");
	expect_error("ORDERa 1\n",
		     "t.aux:1: expected X_RANGE, Y_RANGE, ORDER or SHADE");
}

/* Every shade survives write then read exactly (hp2ps's %.2f does not). */
static void
round_trip(void **state)
{
	static const double odd[] = {
		1.0 / 3, 1e-30, 0.051, 0.999999999999, 123456.789, 0, 1, 0.2,
		0.5, 0.25
	};
	static const char *const names[] = {
		"9lead", "with space", "a\tb", "(1)M.f/g", "x\"y", "OTHER",
		"z z z", "\xc3\xa9t\xc3\xa9", "", " "
	};
	struct hp_err err = {{0}};
	render_aux *a = render_aux_new(), *b;
	char *text;
	size_t len, i;
	char name[16];

	(void)state;
	render_aux_set_ranges(a, 2.8234, 1234567.0);
	for (i = 0; i < RENDER_COLOUR_N; i++) {
		snprintf(name, sizeof name, "c%zu", i);
		assert_int_equal(render_aux_add_order(a, name, strlen(name),
						      (long long)i + 1, &err), 0);
		assert_int_equal(render_aux_add_shade(a, name, strlen(name),
						      render_colour[i].shade,
						      &err), 0);
	}
	for (i = 0; i < N(names); i++) {
		assert_int_equal(render_aux_add_order(a, names[i], strlen(names[i]),
						      100 + (long long)i, &err), 0);
		assert_int_equal(render_aux_add_shade(a, names[i], strlen(names[i]),
						      odd[i], &err), 0);
	}
	/* a name with a line break cannot be written; it is left out */
	assert_int_equal(render_aux_add_order(a, "bad\nname", 8, 1000, &err), 0);
	assert_int_equal(render_aux_add_shade(a, "bad\nname", 8, 0.5, &err), 0);

	text = write_text(a, &len);
	assert_non_null(strstr(text, "X_RANGE 2.82\nY_RANGE 1234567.00\n"));
	assert_non_null(strstr(text, "SHADE c14 0.051\n"));
	assert_non_null(strstr(text, "SHADE c0 0.00\n"));
	assert_non_null(strstr(text, "SHADE c26 0.050505\n"));
	assert_null(strstr(text, "bad"));
	b = parse(text);
	free(text);
	for (i = 0; i < RENDER_COLOUR_N; i++) {
		snprintf(name, sizeof name, "c%zu", i);
		assert_int_equal(order_of(b, name), (long long)i + 1);
		assert_true(shade_of(b, name) == render_colour[i].shade);
	}
	for (i = 0; i < N(names); i++) {
		assert_int_equal(order_of(b, names[i]), 100 + (long long)i);
		assert_true(shade_of(b, names[i]) == odd[i]);
	}
	assert_int_equal(render_aux_order_count(b), RENDER_COLOUR_N + N(names));
	assert_true(render_aux_x_range(b) == 2.82);
	render_aux_free(b);

	/* clearing empties it, and it can be refilled */
	render_aux_clear(a);
	assert_int_equal(render_aux_order_count(a), 0);
	assert_true(render_aux_x_range(a) == 0);
	assert_int_equal(render_aux_add_order(a, "x", 1, 1, &err), 0);
	assert_int_equal(order_of(a, "x"), 1);
	render_aux_free(a);
	render_aux_free(NULL);
}

static void
compute(struct render_layout *l, const hp_model *m,
	const struct render_opts *o, const render_aux *prior)
{
	struct hp_err err = {{0}};

	assert_int_equal(layout_compute(l, m, o, prior, lu_hp2ps_measure, NULL,
					&err), 0);
}

static void
assert_order(const struct render_layout *l, const char *const *names,
	     size_t n)
{
	size_t i;

	assert_int_equal(l->nbands, n);
	for (i = 0; i < n; i++) {
		assert_int_equal(l->bands[i].name_len, strlen(names[i]));
		assert_memory_equal(l->bands[i].name, names[i], strlen(names[i]));
	}
}

/* -p: the prior's ORDER decides, unknown names go to the bottom in the
 * order they had; prior shades are used and take no palette slot. */
static void
reorder_by_prior(void **state)
{
	static const char *const want[] = {
		"intersect", "main", "elim", "disin", "SYSTEM", "insert", "reduce"
	};
	render_aux *prior = parse("ORDER reduce 9\nORDER insert 8\n"
				  "ORDER SYSTEM 7\nORDER disin 6\nORDER elim 5\n"
				  "ORDER gone 1\n"
				  "SHADE elim 0.55\nSHADE reduce 0.10\n");
	hp_model *m = lu_manpage_model();
	struct render_opts o;
	struct render_layout l;

	(void)state;
	render_opts_init(&o);
	compute(&l, m, &o, prior);
	assert_order(&l, want, N(want));
	/* invented: 0.0 0.2 _ 0.6 0.3 0.9 _ */
	assert_true(l.bands[0].shade == 0.0);
	assert_true(l.bands[1].shade == 0.2);
	assert_true(l.bands[2].shade == 0.55);
	assert_true(l.bands[2].rgb[1] == 0.55);
	assert_true(l.bands[3].shade == 0.6);
	assert_true(l.bands[4].shade == 0.3);
	assert_true(l.bands[5].shade == 0.9);
	assert_true(l.bands[6].shade == 0.10);
	/* the data ranges are larger than none */
	assert_true(fabs(l.xrange - 2.82) < 1e-12 && l.yrange == 348);
	layout_release(&l);

	/* -p with colour and an hp2ps-written (2-decimal) shade */
	o.colour = 1;
	compute(&l, m, &o, prior);
	assert_true(l.bands[6].shade == 0.10);
	assert_true(l.bands[6].rgb[0] == 1 && l.bands[6].rgb[1] == 0 &&
		    l.bands[6].rgb[2] == 0);
	assert_true(l.bands[1].shade == render_colour[1].shade);
	layout_release(&l);

	/* -p then -m3: the merged bands are the bottom ones in aux order */
	o.colour = 0;
	o.max_bands = 3;
	compute(&l, m, &o, prior);
	assert_string_equal(l.bands[0].name, "OTHER");
	assert_string_equal(l.bands[1].name, "insert");
	assert_string_equal(l.bands[2].name, "reduce");
	assert_true(l.bands[0].total == 24 + 24 + 372 + 144 + 60);
	layout_release(&l);
	render_aux_free(prior);
	hp_model_free(m);
}

/* X_RANGE / Y_RANGE only ever enlarge the axes, so repeated -p runs
 * ratchet them up; and a prior's OTHER shade goes to the merged band. */
static void
ranges_ratchet(void **state)
{
	render_aux *prior = parse("X_RANGE 5.00\nY_RANGE 1000.00\n"
				  "SHADE OTHER 0.70\n");
	render_aux *used = render_aux_new();
	hp_model *m = lu_manpage_model();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	char *text;
	size_t len;

	(void)state;
	render_opts_init(&o);
	compute(&l, m, &o, prior);
	assert_true(l.xrange == 5 && l.yrange == 1000);
	assert_true(l.xstep == 0.5);		/* Round(5/7) */
	assert_true(l.ystep == 200);		/* Round(1000/7) */
	assert_int_equal(layout_to_aux(&l, used, &err), 0);
	text = write_text(used, &len);
	assert_memory_equal(text, "X_RANGE 5.00\nY_RANGE 1000.00\nORDER reduce 1\n",
			    strlen("X_RANGE 5.00\nY_RANGE 1000.00\nORDER reduce 1\n"));
	free(text);
	layout_release(&l);

	/* the written aux, read again, gives the same layout */
	text = write_text(used, &len);
	render_aux_free(prior);
	prior = parse(text);
	free(text);
	compute(&l, m, &o, prior);
	assert_true(l.xrange == 5 && l.yrange == 1000);
	assert_true(l.bands[4].shade == 0.9);
	layout_release(&l);
	render_aux_free(prior);

	/* smaller prior ranges lose to the data */
	prior = parse("X_RANGE 1.00\nY_RANGE 10.00\nSHADE OTHER 0.70\n");
	o.max_bands = 3;
	compute(&l, m, &o, prior);
	assert_true(fabs(l.xrange - 2.82) < 1e-12 && l.yrange == 348);
	assert_true(l.bands[0].shade == 0.7);	/* prior's OTHER */
	assert_true(l.bands[1].shade == 0.0);	/* palette starts at 0 */
	assert_true(l.bands[2].shade == 0.2);
	layout_release(&l);
	render_aux_free(prior);
	render_aux_free(used);
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_hp2ps_aux),
		cmocka_unit_test(first_entry_wins),
		cmocka_unit_test(awkward_names),
		cmocka_unit_test(errors),
		cmocka_unit_test(round_trip),
		cmocka_unit_test(reorder_by_prior),
		cmocka_unit_test(ranges_ratchet),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
