/*
 * tests/unit/test_layout.c - the layout against hp2ps's numbers: the
 * man-page example (hp2ps(1), the profile of its EXAMPLE section) with hp2ps's own width
 * table, every ordering flag, OTHER, trace elimination boundaries, tick
 * rounding and units, and inputs hp2ps cannot take (empty, all zero, one
 * sample, 10,000 bands, values near 2^63, ties).
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

#include "hp/match.h"
#include "hp/model.h"
#include "hp/reader.h"
#include "render/layout/aux-private.h"
#include "render/layout/docdate.h"
#include "render/layout/layout.h"
#include "render/layout/palette.h"
#include "render/render.h"
#include "layoututil.h"
#include "testutil.h"

static void
compute(struct render_layout *l, const hp_model *m,
	const struct render_opts *o, const render_aux *prior)
{
	struct hp_err err = {{0}};

	assert_int_equal(layout_compute(l, m, o, prior, lu_hp2ps_measure, NULL,
					&err), 0);
}

/* What must hold for every layout, whatever the input. */
static void
check_invariants(const struct render_layout *l, const hp_model *m)
{
	size_t i, nb = hp_model_band_count(m);

	assert_int_equal(l->nslot, nb);
	for (i = 0; i < nb; i++) {
		int32_t s = l->slot[i];
		if (s == LAYOUT_DROPPED)
			continue;
		assert_true(s >= 0 && (size_t)s < l->nbands);
		if (l->bands[s].band == LAYOUT_OTHER)
			assert_int_equal(s, 0);
		else
			assert_int_equal(l->bands[s].band, i);
	}
	for (i = 0; i < l->nbands; i++) {
		const struct layout_band *b = &l->bands[i];
		assert_non_null(b->name);
		assert_non_null(b->label);
		if (b->band == LAYOUT_OTHER) {
			assert_int_equal(i, 0);
			assert_true(l->has_other);
		} else {
			assert_int_equal(l->slot[b->band], (int32_t)i);
		}
		assert_true(b->rgb[0] >= 0 && b->rgb[0] <= 1);
		assert_true(b->rgb[1] >= 0 && b->rgb[1] <= 1);
		assert_true(b->rgb[2] >= 0 && b->rgb[2] <= 1);
	}
	assert_true(l->xrange > 0 && isfinite(l->xrange));
	assert_true(l->yrange > 0 && isfinite(l->yrange));
	assert_true(isfinite(l->area) && l->area >= 0);
	assert_true(l->graph_w > 300 && l->graph_w <= 593);
	assert_true(l->graph_h == 382 || l->graph_h == 362);
	assert_true(l->nxticks <= 64 && l->nyticks <= 64);
	for (i = 0; i < l->nxticks; i++) {
		assert_true(l->xticks[i].pos >= 0 && l->xticks[i].pos < l->graph_w);
		assert_true(i == 0 || l->xticks[i].pos >= l->xticks[i - 1].pos);
		assert_true(l->xticks[i].label[0] != '\0');
	}
	for (i = 0; i < l->nyticks; i++) {
		assert_true(l->yticks[i].pos >= 0 && l->yticks[i].pos < l->graph_h);
		assert_true(i == 0 || l->yticks[i].pos > l->yticks[i - 1].pos);
		assert_true(l->yticks[i].label[0] != '\0');
	}
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

static void
assert_labels(const struct layout_tick *t, size_t nt, const char *const *want,
	      size_t n)
{
	size_t i;

	assert_int_equal(nt, n);
	for (i = 0; i < n; i++)
		assert_string_equal(t[i].label, want[i]);
}

#define N(a) (sizeof(a) / sizeof(a)[0])

static void
manpage_default(void **state)
{
	static const char *const order[] = {
		"reduce", "intersect", "main", "insert", "SYSTEM", "disin", "elim"
	};
	static const double totals[] = { 20, 24, 24, 48, 60, 144, 372 };
	static const double shades[] = { 0.0, 0.2, 0.6, 0.3, 0.9, 0.4, 1.0 };
	/* hp2ps's ticks (its legend is "seconds"): ours, "mutator
	 * seconds", is longer and goes past "2.5" instead of costing it. */
	static const char *const xl[] = { "0.0", "0.5", "1.0", "1.5", "2.0",
					  "2.5" };
	static const char *const yl[] = { "0", "50", "100", "150", "200", "250", "300" };
	hp_model *m = lu_manpage_model();
	struct render_opts o;
	struct render_layout l;
	size_t i;

	(void)state;
	assert_non_null(m);
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_order(&l, order, N(order));
	assert_false(l.has_other);
	for (i = 0; i < N(order); i++) {
		assert_true(l.bands[i].total == totals[i]);
		assert_true(l.bands[i].shade == shades[i]);
		assert_true(l.bands[i].rgb[0] == shades[i]);
		assert_true(l.bands[i].rgb[2] == shades[i]);
	}
	assert_int_equal(l.nsamples, 4);
	assert_true(l.t0 == 0.0 && l.t1 == 2.82);
	assert_true(fabs(l.xrange - 2.82) < 1e-12);
	assert_true(l.yrange == 348);
	assert_false(l.big_title);
	assert_true(l.title_h == 20);
	assert_true(fabs(l.area - 648.68) < 1e-9);
	assert_true(l.page_w == 648 && l.page_h == 432);
	assert_true(l.graph_x == 45 && l.graph_y == 20);
	assert_true(l.key_on_graph);
	assert_false(l.multipage);
	assert_true(fabs(l.key_w - 80.023628) < 1e-6);
	assert_true(fabs(l.graph_w - 512.976372) < 1e-6);
	assert_true(l.graph_h == 382);
	assert_true(l.xstep == 0.5);
	assert_labels(l.xticks, l.nxticks, xl, N(xl));
	assert_string_equal(l.xunit, "mutator seconds");	/* .hp's clock */
	for (i = 0; i < l.nxticks; i++) {
		assert_true(l.xticks[i].value == 0.5 * (double)i);
		assert_true(fabs(l.xticks[i].pos -
				 0.5 * (double)i * l.graph_w / l.xrange) < 1e-9);
	}
	assert_true(l.ystep == 50);
	assert_labels(l.yticks, l.nyticks, yl, N(yl));
	assert_true(fabs(l.yticks[1].pos - 50.0 * 382 / 348) < 1e-9);
	layout_release(&l);
	assert_null(l.bands);
	hp_model_free(m);
}

/* The .aux written for the example is byte for byte hp2ps's. */
static void
manpage_aux_text(void **state)
{
	static const char want[] =
		"X_RANGE 2.82\nY_RANGE 348.00\n"
		"ORDER reduce 1\nORDER intersect 2\nORDER main 3\nORDER insert 4\n"
		"ORDER SYSTEM 5\nORDER disin 6\nORDER elim 7\n"
		"SHADE reduce 0.00\nSHADE intersect 0.20\nSHADE main 0.60\n"
		"SHADE insert 0.30\nSHADE SYSTEM 0.90\nSHADE disin 0.40\n"
		"SHADE elim 1.00\n";
	hp_model *m = lu_manpage_model();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	render_aux *a = render_aux_new();
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	assert_int_equal(layout_to_aux(&l, a, &err), 0);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(render_aux_write(a, f, &err), 0);
	fclose(f);
	assert_string_equal(text, want);
	free(text);
	render_aux_free(a);
	layout_release(&l);
	hp_model_free(m);
}

static void
manpage_orders(void **state)
{
	static const char *const by_name[] = {
		"SYSTEM", "disin", "elim", "insert", "intersect", "main", "reduce"
	};
	static const char *const by_name_desc[] = {
		"reduce", "main", "intersect", "insert", "elim", "disin", "SYSTEM"
	};
	static const char *const by_dev[] = {
		"intersect", "main", "SYSTEM", "reduce", "insert", "disin", "elim"
	};
	static const double shades[] = { 0.0, 0.2, 0.6, 0.3, 0.9, 0.4, 1.0 };
	hp_model *m = lu_manpage_model();
	struct render_opts o;
	struct render_layout l;
	size_t i;

	(void)state;
	render_opts_init(&o);
	o.sort = RENDER_SORT_NAME;
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_order(&l, by_name, N(by_name));
	for (i = 0; i < N(shades); i++)		/* shades follow the order */
		assert_true(l.bands[i].shade == shades[i]);
	layout_release(&l);

	o.sort = RENDER_SORT_NAME_DESC;
	compute(&l, m, &o, NULL);
	assert_order(&l, by_name_desc, N(by_name_desc));
	layout_release(&l);

	o.sort = RENDER_SORT_STDDEV;
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_order(&l, by_dev, N(by_dev));
	layout_release(&l);
	hp_model_free(m);
}

static void
manpage_m3(void **state)
{
	static const char *const order[] = { "OTHER", "disin", "elim" };
	hp_model *m = lu_manpage_model();
	struct render_opts o;
	struct render_layout l;
	hp_band b;

	(void)state;
	render_opts_init(&o);
	o.max_bands = 3;
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_order(&l, order, N(order));
	assert_true(l.has_other);
	assert_int_equal(l.bands[0].band, LAYOUT_OTHER);
	/* The key says what OTHER holds; the .aux name stays OTHER. */
	assert_string_equal(l.bands[0].label, "OTHER (5 bands)");
	assert_string_equal(l.bands[0].name, "OTHER");
	assert_true(l.bands[0].total == 20 + 24 + 24 + 48 + 60);
	assert_true(l.bands[0].shade == 0.0 && l.bands[1].shade == 0.2 &&
		    l.bands[2].shade == 0.6);
	assert_int_equal(hp_model_lookup(m, "reduce", 6, &b), 1);
	assert_int_equal(l.slot[b], 0);
	assert_int_equal(hp_model_lookup(m, "SYSTEM", 6, &b), 1);
	assert_int_equal(l.slot[b], 0);
	assert_int_equal(hp_model_lookup(m, "elim", 4, &b), 1);
	assert_int_equal(l.slot[b], 2);
	assert_true(l.yrange == 348);		/* OTHER still stacks */
	assert_true(fabs(l.area - 648.68) < 1e-9);
	/* key of 3: OTHER's is the widest label */
	assert_true(fabs(l.key_w - (29 + lu_hp2ps_measure(NULL,
		"OTHER (5 bands)", 15, 10))) < 1e-6);
	layout_release(&l);

	/* -m20 with 7 bands merges nothing; -m7 neither; -m6 merges two */
	o.max_bands = 7;
	compute(&l, m, &o, NULL);
	assert_false(l.has_other);
	assert_int_equal(l.nbands, 7);
	layout_release(&l);
	o.max_bands = 6;
	compute(&l, m, &o, NULL);
	assert_true(l.has_other);
	assert_int_equal(l.nbands, 6);
	assert_true(l.bands[0].total == 44);
	layout_release(&l);
	hp_model_free(m);
}

static void
manpage_colour(void **state)
{
	static const double codes[] = {
		0.000000, 0.000010, 0.001000, 0.001010, 0.100000, 0.100010, 0.101000
	};
	static const char want_tail[] =
		"SHADE reduce 0.00\nSHADE intersect 0.00001\nSHADE main 0.001\n"
		"SHADE insert 0.00101\nSHADE SYSTEM 0.10\nSHADE disin 0.10001\n"
		"SHADE elim 0.101\n";
	hp_model *m = lu_manpage_model();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	render_aux *a = render_aux_new();
	char *text = NULL;
	size_t len = 0, i;
	FILE *f;

	(void)state;
	render_opts_init(&o);
	o.colour = 1;
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	for (i = 0; i < N(codes); i++)
		assert_true(l.bands[i].shade == codes[i]);
	assert_true(l.bands[1].rgb[0] == 0 && l.bands[1].rgb[1] == 0 &&
		    l.bands[1].rgb[2] == 1);
	assert_true(l.bands[6].rgb[0] == 1 && l.bands[6].rgb[1] == 1 &&
		    l.bands[6].rgb[2] == 0);
	assert_int_equal(layout_to_aux(&l, a, &err), 0);
	f = open_memstream(&text, &len);
	assert_int_equal(render_aux_write(a, f, &err), 0);
	fclose(f);
	assert_true(len > strlen(want_tail));
	assert_string_equal(text + len - strlen(want_tail), want_tail);
	free(text);
	render_aux_free(a);
	layout_release(&l);
	hp_model_free(m);
}

/* The 15th colour is (0.5, 1, 0), not hp2ps's truncated (0.5, 0.9, 0). */
static void
colour_palette(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	double rgb[3];
	char name[16];
	int i;

	(void)state;
	assert_int_equal(lu_header(m, "colours", &err), 0);
	assert_int_equal(hp_model_begin(m, 0, &err), 0);
	for (i = 0; i < 30; i++) {
		snprintf(name, sizeof name, "b%02d", i);
		assert_int_equal(lu_put(m, name, (uint64_t)(100 + i), &err), 0);
	}
	assert_int_equal(hp_model_commit(m, &err), 0);
	render_opts_init(&o);
	o.colour = 1;
	o.max_bands = 0;
	o.palette = RENDER_PALETTE_HP2PS;	/* past 20 bands only if asked */
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_int_equal(l.nbands, 30);
	assert_true(l.bands[14].shade == 0.051);
	assert_true(l.bands[14].rgb[0] == 0.5 && l.bands[14].rgb[1] == 1.0 &&
		    l.bands[14].rgb[2] == 0.0);
	assert_true(l.bands[27].shade == render_colour[0].shade);	/* wraps */
	assert_true(l.bands[29].shade == render_colour[2].shade);
	layout_release(&l);
	hp_model_free(m);

	/* every palette code decodes to its colour */
	for (i = 0; i < RENDER_COLOUR_N; i++) {
		render_shade_rgb(render_colour[i].shade, 1, rgb);
		assert_memory_equal(rgb, render_colour[i].rgb, sizeof rgb);
	}
	/* hp2ps's 2-decimal aux shades, decoded as hp2ps does, clamped */
	render_shade_rgb(0.10, 1, rgb);
	assert_true(rgb[0] == 1 && rgb[1] == 0 && rgb[2] == 0);
	render_shade_rgb(0.05, 1, rgb);
	assert_true(rgb[0] == 0.5 && rgb[1] == 0 && rgb[2] == 0);
	render_shade_rgb(0.20, 1, rgb);		/* R would be 2.0 */
	assert_true(rgb[0] == 1 && rgb[1] == 0 && rgb[2] == 0);
	render_shade_rgb(0.0403025, 1, rgb);	/* not a palette code */
	assert_true(fabs(rgb[0] - 0.4) < 1e-12 && fabs(rgb[1] - 0.3) < 1e-12 &&
		    fabs(rgb[2] - 0.2) < 1e-12);
	render_shade_rgb(0.123456, 1, rgb);	/* channels past 1 clamp */
	assert_true(rgb[0] == 1 && rgb[1] == 1 && rgb[2] == 1);
	render_shade_rgb(-3, 1, rgb);
	assert_true(rgb[0] == 0 && rgb[1] == 0 && rgb[2] == 0);
	render_shade_rgb(1e300, 1, rgb);
	assert_true(rgb[0] >= 0 && rgb[0] <= 1);
	render_shade_rgb(NAN, 0, rgb);
	assert_true(rgb[0] == 0);
	render_shade_rgb(1.5, 0, rgb);
	assert_true(rgb[0] == 1 && rgb[1] == 1 && rgb[2] == 1);
	render_shade_rgb(0.7, 0, rgb);
	assert_true(rgb[0] == 0.7 && rgb[1] == 0.7);
}

/* a, b, c with totals 1, 1, 98 (grand 100) and z with total 0. */
static hp_model *
trace_model(void)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	hp_band z;

	assert_int_equal(lu_header(m, "trace", &err), 0);
	assert_int_equal(hp_model_intern(m, "z", 1, &z, &err), 0);
	assert_int_equal(hp_model_begin(m, 0, &err), 0);
	assert_int_equal(lu_put(m, "c", 98, &err), 0);
	assert_int_equal(lu_put(m, "a", 1, &err), 0);
	assert_int_equal(lu_put(m, "b", 1, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	return m;
}

static size_t
kept_with(const hp_model *m, double pct)
{
	struct render_opts o;
	struct render_layout l;
	size_t n;

	render_opts_init(&o);
	o.trace_pct = pct;
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	n = l.nbands;
	layout_release(&l);
	return n;
}

static void
trace_boundaries(void **state)
{
	hp_model *m = trace_model();
	static const char *const all[] = { "z", "a", "b", "c" };
	struct render_opts o;
	struct render_layout l;

	(void)state;
	/* shares 0, 1, 1, 98: dropped while the running sum is below t */
	assert_int_equal(kept_with(m, 0), 4);
	assert_int_equal(kept_with(m, 0.5), 3);	/* z */
	assert_int_equal(kept_with(m, 1), 3);	/* z; a reaches 1 exactly */
	assert_int_equal(kept_with(m, 1.5), 2);	/* z, a */
	assert_int_equal(kept_with(m, 2), 2);	/* z, a; b reaches 2 */
	assert_int_equal(kept_with(m, 2.5), 1);
	assert_int_equal(kept_with(m, 5), 1);
	render_opts_init(&o);
	o.trace_pct = 0;
	compute(&l, m, &o, NULL);
	assert_order(&l, all, N(all));
	assert_true(l.bands[0].total == 0);
	layout_release(&l);
	o.trace_pct = 2;
	compute(&l, m, &o, NULL);
	assert_order(&l, all + 2, 2);
	layout_release(&l);
	hp_model_free(m);
}

static void
round_step(void **state)
{
	(void)state;
	assert_true(layout_round_step(9) == 5);
	assert_true(layout_round_step(4.03) == 5);
	assert_true(layout_round_step(10) == 5);
	assert_true(layout_round_step(17.6) == 20);
	assert_true(layout_round_step(49.7) == 50);
	assert_true(layout_round_step(0.403) == 0.5);
	assert_true(layout_round_step(1) == 1);
	assert_true(layout_round_step(4) == 2);
	assert_true(layout_round_step(1.0001) == 2);
	assert_true(layout_round_step(3.5e9 / 7) == 5e8);
	assert_true(layout_round_step(1e300) > 0);
	assert_true(layout_round_step(1e-320) > 0);
	assert_true(layout_round_step(0) == 1);
	assert_true(layout_round_step(-5) == 1);
	assert_true(layout_round_step(NAN) == 1);
	assert_true(layout_round_step(INFINITY) == 1);
}

/* One band, one value at t = 0 and t = 1: yrange = v. */
static void
y_labels_for(double v, const char *const *want, size_t n, double step)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;

	assert_int_equal(lu_header(m, "units", &err), 0);
	assert_int_equal(hp_model_begin(m, 0, &err), 0);
	assert_int_equal(lu_put(m, "a", (uint64_t)v, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_begin(m, 1, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_true(l.yrange == v);
	assert_true(l.ystep == step);
	assert_labels(l.yticks, l.nyticks, want, n);
	layout_release(&l);
	hp_model_free(m);
}

static void
y_units(void **state)
{
	static const char *const mega[] = {
		"0M", "500M", "1,000M", "1,500M", "2,000M", "2,500M", "3,000M"
	};
	static const char *const giga[] = {
		"0G", "2G", "4G", "6G", "8G", "10G", "12G", "14G", "16G"
	};
	static const char *const tera[] = {
		"0T", "5T", "10T", "15T", "20T", "25T", "30T", "35T", "40T"
	};
	static const char *const kilo[] = {
		"0k", "2k", "4k", "6k", "8k", "10k", "12k", "14k", "16k"
	};
	static const char *const small[] = { "0", "1", "2", "3", "4", "5" };

	(void)state;
	y_labels_for(3.5e9, mega, N(mega), 5e8);	/* hp2ps's own example */
	y_labels_for(2e10, giga, N(giga), 2e9);
	y_labels_for(5e13, tera, N(tera), 5e12);
	y_labels_for(2e4, kilo, N(kilo), 2e3);
	y_labels_for(6, small, N(small), 1);
}

/* Steps below 0.1 get enough decimals to tell the labels apart. */
static void
x_decimals(void **state)
{
	static const char *const want[] = {
		"0.00", "0.05", "0.10", "0.15", "0.20", "0.25"
	};
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;

	(void)state;
	assert_int_equal(lu_header(m, "x", &err), 0);
	assert_int_equal(hp_model_begin(m, 0, &err), 0);
	assert_int_equal(lu_put(m, "a", 10, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_begin(m, 0.3, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_true(l.xstep == 0.05);
	assert_labels(l.xticks, l.nxticks, want, N(want));
	layout_release(&l);
	hp_model_free(m);

	/* a late start: the first label is t0, not 0 */
	m = hp_model_new();
	assert_int_equal(lu_header(m, "x", &err), 0);
	assert_int_equal(hp_model_begin(m, 1000, &err), 0);
	assert_int_equal(lu_put(m, "a", 10, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_begin(m, 1001.5, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_true(l.xstep == 0.2);
	assert_string_equal(l.xticks[0].label, "1000.0");
	assert_string_equal(l.xticks[1].label, "1000.2");
	layout_release(&l);
	hp_model_free(m);
}

static void
empty_model(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	render_aux *a = render_aux_new();

	(void)state;
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_int_equal(l.nbands, 0);
	assert_int_equal(l.nsamples, 0);
	assert_true(l.xrange == 1 && l.yrange == 1 && l.area == 0);
	assert_int_equal(l.nxticks, 0);
	assert_int_equal(l.nyticks, 1);
	assert_string_equal(l.yticks[0].label, "0");
	assert_true(l.key_w == 29 && l.graph_w == 593 - 29);
	assert_int_equal(layout_to_aux(&l, a, &err), 0);
	assert_true(render_aux_x_range(a) == 1);
	assert_int_equal(render_aux_order_count(a), 0);
	layout_release(&l);
	o.sort = RENDER_SORT_STDDEV;
	o.max_bands = 1;
	compute(&l, m, &o, a);
	check_invariants(&l, m);
	assert_int_equal(l.nbands, 0);
	layout_release(&l);
	render_aux_free(a);
	hp_model_free(m);
}

/* Bands that never have a value: hp2ps drops them all even with -t0;
 * here there is no total to be a share of, so none is a trace: all are
 * kept, flat, with their key entries. */
static void
all_zero_model(void **state)
{
	static const char *const names[] = { "x", "y" };
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	hp_band b;

	(void)state;
	assert_int_equal(lu_header(m, "zero", &err), 0);
	assert_int_equal(hp_model_intern(m, "x", 1, &b, &err), 0);
	assert_int_equal(hp_model_intern(m, "y", 1, &b, &err), 0);
	assert_int_equal(hp_model_begin(m, 0, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_begin(m, 2, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_order(&l, names, N(names));
	assert_true(l.yrange == 1 && l.xrange == 2);
	layout_release(&l);
	o.trace_pct = 0;
	o.sort = RENDER_SORT_STDDEV;
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_order(&l, names, N(names));
	assert_true(l.yrange == 1);
	layout_release(&l);
	hp_model_free(m);
}

static void
one_sample(void **state)
{
	static const char *const names[] = { "x", "y", "w" };
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;

	(void)state;
	assert_int_equal(lu_header(m, "one", &err), 0);
	assert_int_equal(hp_model_begin(m, 5, &err), 0);
	assert_int_equal(lu_put(m, "w", 30, &err), 0);
	assert_int_equal(lu_put(m, "y", 20, &err), 0);
	assert_int_equal(lu_put(m, "x", 10, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	render_opts_init(&o);
	o.sort = RENDER_SORT_STDDEV;		/* divisor 0: order kept */
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_order(&l, names, N(names));
	/* drawn as a step from 5 s to 6 s, with x ticks */
	assert_true(l.step);
	assert_true(l.xrange == 1);
	assert_true(l.t0 == 5 && l.t1 == 6);
	assert_true(l.nxticks > 2);
	assert_true(l.yrange == 60 && l.area == 0);
	layout_release(&l);
	hp_model_free(m);
}

/* An eventlog (it names a breakdown) is drawn from the program's start,
 * as GHC's .hp of the same run is; a .hp starting later is drawn from its
 * first sample, as hp2ps does. */
static void
eventlog_axis_from_zero(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	double t;

	(void)state;
	assert_int_equal(lu_header(m, "el", &err), 0);
	for (t = 2; t <= 4; t++) {
		assert_int_equal(hp_model_begin(m, t, &err), 0);
		assert_int_equal(lu_put(m, "x", 10, &err), 0);
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	assert_true(l.t0 == 2 && l.t1 == 4 && l.xrange == 2);
	assert_true(l.area == 20);
	layout_release(&l);
	/* a breakdown does not make a profile an eventlog: its kind does */
	assert_int_equal(hp_model_set(m, HP_BREAKDOWN, "by closure type (-hT)", 21, &err), 0);
	compute(&l, m, &o, NULL);
	assert_true(l.t0 == 2 && !l.zero_start);
	layout_release(&l);
	hp_model_set_kind(m, HP_KIND_EVENTLOG);
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_true(l.t0 == 0 && l.t1 == 4 && l.xrange == 4);
	/* the bands rise from 0 at the start, as drawn: the ramp's area
	 * (10 x 2 / 2) counts too */
	assert_true(l.zero_start);
	assert_true(l.area == 20 + 10);
	assert_true(l.xticks[0].value == 0 && l.xticks[0].pos == 0);
	layout_release(&l);
	hp_model_free(m);
}

static hp_model *
many_bands(size_t n)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	char name[32];
	size_t i, s;

	assert_int_equal(lu_header(m, "many", &err), 0);
	for (s = 0; s < 3; s++) {
		assert_int_equal(hp_model_begin(m, (double)s, &err), 0);
		for (i = 0; i < n; i++) {
			snprintf(name, sizeof name, "band%zu", i);
			assert_int_equal(lu_put(m, name, i + 1, &err), 0);
		}
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
	return m;
}

/* --bands all on 20,000 bands: a key below the graph would make a
 * page 25,000 points tall (a million ticky counters made one of 3.7
 * million, which no viewer opens).  PDF and PostScript put the key on
 * pages of their own, of hp2ps's size; a format of one picture refuses,
 * saying how to cut the key.  1,000 bands
 * still fit below the graph. */
static void
key_past_a_page(void **state)
{
	hp_model *m = many_bands(20000);
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	static const enum render_format one[] = { RENDER_PNG, RENDER_SVG, RENDER_EPS };
	size_t i;

	(void)state;
	render_opts_init(&o);
	o.max_bands = RENDER_ALL_BANDS;
	o.trace_pct = 0;
	for (i = 0; i < sizeof one / sizeof *one; i++) {
		o.format = one[i];
		hp_err_clear(&err);
		assert_int_equal(layout_compute(&l, m, &o, NULL, lu_hp2ps_measure,
						NULL, &err), -1);
		if (!strstr(err.msg, "a key of 20000 bands needs a picture at least ") ||
		    !strstr(err.msg, "(--bands N)") || !strstr(err.msg, "--include"))
			fail_msg("%s", err.msg);
	}
	o.format = RENDER_PDF;
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_int_equal(l.nbands, 20000);
	assert_true(l.multipage && !l.key_below && !l.key_on_graph);
	assert_true(l.page_h == LAYOUT_PAGE_H);
	layout_release(&l);
	hp_model_free(m);

	m = many_bands(1000);
	o.format = RENDER_PNG;
	compute(&l, m, &o, NULL);
	assert_true(l.key_below && l.page_h > LAYOUT_PAGE_H &&
		    l.page_h <= LAYOUT_MAX_PAGE_H);
	layout_release(&l);
	hp_model_free(m);
}

static void
ten_thousand_bands(void **state)
{
	const size_t n = 10000;
	hp_model *m = many_bands(n);
	struct render_opts o;
	struct render_layout l;
	double merged = 0, kept_sum = 0;
	size_t i, dropped = 0;

	(void)state;
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_int_equal(l.nbands, 20);
	assert_true(l.has_other);
	assert_true(l.key_on_graph);
	for (i = 0; i < n; i++)
		if (l.slot[i] == LAYOUT_DROPPED)
			dropped++;
		else if (l.slot[i] == 0)
			merged += hp_model_band_total(m, (hp_band)i);
	assert_true(dropped > 0);
	assert_true(l.bands[0].total == merged);
	assert_int_equal(l.bands[19].band, n - 1);	/* largest on top */
	for (i = 1; i < 20; i++)
		kept_sum += l.bands[i].total / 3;
	assert_true(l.yrange == kept_sum + merged / 3);
	layout_release(&l);

	o.max_bands = 0;
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_int_equal(l.nbands, n - dropped);
	assert_false(l.has_other);
	assert_false(l.key_on_graph);
	assert_false(l.multipage);
	/* the graph gives the time legend room past its last label */
	assert_true(l.key_w == 0 && l.graph_w <= 593 && l.graph_w > 500);
	assert_true(l.graph_x + l.xunit_end <= l.page_w - 5);
	for (i = 1; i < l.nbands; i++)
		assert_true(l.bands[i].total >= l.bands[i - 1].total);
	layout_release(&l);

	o.max_bands = 25;			/* > 20: multi-page key */
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_int_equal(l.nbands, 25);
	assert_true(l.multipage);
	assert_false(l.key_on_graph);
	assert_true(l.graph_w <= 593 && l.graph_w > 500 && l.key_w > 29);
	layout_release(&l);

	o.max_bands = 20;
	o.multipage = 1;
	o.sort = RENDER_SORT_STDDEV;
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_true(l.multipage && !l.key_on_graph);
	layout_release(&l);
	hp_model_free(m);
}

/* Layout alone decides where the key goes and what the y axis reaches:
 * a one-picture format puts -m25's key beside the graph (no key pages),
 * with the x ticks of the narrower graph; --heap-size raises the range
 * to the series' top. */
static void
one_picture_key_and_heap_range(void **state)
{
	hp_model *m = many_bands(25);
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	double ymax, limit;
	size_t i;

	(void)state;
	render_opts_init(&o);
	o.max_bands = 25;
	o.multipage = 1;
	o.format = RENDER_PNG;
	compute(&l, m, &o, NULL);
	assert_false(l.multipage);
	assert_true(l.key_on_graph);
	assert_true(l.key_w > 29 && l.graph_w == 593 - l.key_w);
	limit = l.graph_w - (lu_hp2ps_measure(NULL, "seconds", 7, 10) + 15);
	assert_true(l.nxticks > 0);
	for (i = 0; i < l.nxticks; i++) {
		assert_true(l.xticks[i].pos < limit);
		assert_true(fabs(l.xticks[i].pos - l.xticks[i].value *
				 l.graph_w / l.xrange) < 1e-9);
	}
	ymax = l.yrange;
	layout_release(&l);

	o.format = RENDER_PDF;		/* pages: hp2ps's key pages */
	compute(&l, m, &o, NULL);
	assert_true(l.multipage && !l.key_on_graph && l.graph_w <= 593 &&
		    l.graph_w > 500);
	assert_true(l.graph_x + l.xunit_end <= l.page_w - 5);
	layout_release(&l);

	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 1.0,
					    (uint64_t)(4 * ymax), &err), 0);
	compute(&l, m, &o, NULL);
	assert_true(l.yrange == ymax);		/* series drawn only on demand */
	layout_release(&l);
	o.heap_size = 1;
	compute(&l, m, &o, NULL);
	assert_true(l.yrange == 4 * ymax);
	layout_release(&l);
	hp_model_free(m);
}

/* Every kept band has a key entry in every format: past hp2ps's key,
 * columns beside the graph, or below it on a taller page. */
static void
key_for_every_band(void **state)
{
	static const enum render_format one[] = { RENDER_PNG, RENDER_SVG,
						  RENDER_EPS, RENDER_PDF };
	hp_model *m = many_bands(300);
	struct render_opts o;
	struct render_layout l;
	size_t f;

	(void)state;
	render_opts_init(&o);
	o.trace_pct = 0;
	for (f = 0; f < sizeof one / sizeof one[0]; f++) {
		o.format = one[f];
		o.max_bands = 30;
		compute(&l, m, &o, NULL);
		assert_int_equal(l.nbands, 30);
		assert_false(l.multipage);
		assert_true(l.key_cols >= 1 && !l.key_below);
		assert_true(l.key_cols * l.key_rows >= l.nbands);
		assert_true(l.key_top - (double)l.key_rows * l.key_pitch >=
			    l.graph_y - 1e-9);
		assert_true(l.key_x + (double)l.key_cols * l.key_col_w <=
			    l.page_w);
		assert_true(l.graph_w + l.key_w == 593 && l.page_h == 432);
		assert_string_equal(l.bands[0].label, "OTHER (271 bands)");
		layout_release(&l);

		o.max_bands = 200;
		compute(&l, m, &o, NULL);
		assert_true(l.key_below && l.key_cols >= 2);
		assert_true(l.key_cols * l.key_rows >= 200);
		assert_true((l.key_cols - 1) * l.key_rows < 200);
		assert_true(l.key_x + (double)l.key_cols * l.key_col_w <=
			    l.page_w - 5 + 10);
		/* The graph keeps its size (but room for the time legend);
		 * the page grows under it. */
		assert_true(l.graph_w <= 593 && l.graph_w > 500 &&
			    l.graph_h == 382);
		assert_true(l.graph_x + l.xunit_end <= l.page_w - 5);
		assert_true(l.page_h == 432 + l.key_top);
		assert_true(l.graph_y == 20 + l.key_top);
		assert_true(l.key_top >= 200.0 / (double)l.key_cols *
			    l.key_pitch);
		layout_release(&l);

		o.max_bands = RENDER_ALL_BANDS;	/* --bands all */
		compute(&l, m, &o, NULL);
		assert_int_equal(l.nbands, 300);
		assert_false(l.has_other);
		assert_true(l.key_cols * l.key_rows >= 300);
		layout_release(&l);

		o.max_bands = 0;		/* -m0: hp2ps's "no key" */
		compute(&l, m, &o, NULL);
		assert_int_equal(l.nbands, 300);
		assert_true(l.key_cols == 0 && !l.key_on_graph &&
			    l.page_h == 432);
		layout_release(&l);
	}
	/* Pages: -M keeps hp2ps's key pages in PS and PDF; PostScript
	 * also for -m above 20, as hp2ps. */
	o.max_bands = 30;
	o.format = RENDER_PS;
	compute(&l, m, &o, NULL);
	assert_true(l.multipage && l.key_cols == 0);
	layout_release(&l);
	o.format = RENDER_PDF;
	o.multipage = 1;
	compute(&l, m, &o, NULL);
	assert_true(l.multipage && l.key_cols == 0);
	layout_release(&l);
	hp_model_free(m);
}

/* sRGB 0..255 to OKLab (for checking the table's own numbers). */
static void
oklab(uint32_t c, double lab[3])
{
	double v[3], l, m, s;
	int i;

	for (i = 0; i < 3; i++) {
		double x = (double)(c >> (16 - 8 * i) & 0xFF) / 255.0;
		v[i] = x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
	}
	l = cbrt(0.4122214708 * v[0] + 0.5363325363 * v[1] + 0.0514459929 * v[2]);
	m = cbrt(0.2119034982 * v[0] + 0.6806995451 * v[1] + 0.1073969566 * v[2]);
	s = cbrt(0.0883024619 * v[0] + 0.2817188376 * v[1] + 0.6299787005 * v[2]);
	lab[0] = 0.2104542553 * l + 0.7936177850 * m - 0.0040720123 * s;
	lab[1] = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s;
	lab[2] = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s;
}

static double
dist(const double *a, const double *b)
{
	return sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
		    (a[2] - b[2]) * (a[2] - b[2]));
}

/* The many-band palette: no repeats and nothing alike up to 64 bands,
 * neighbours clearly apart, nothing near the white page nor OTHER's grey. */
static void
many_palette(void **state)
{
	double lab[RENDER_MANY_N][3], white[3], grey[3];
	size_t i, j;

	(void)state;
	oklab(0xFFFFFF, white);
	oklab(RENDER_OTHER_RGB, grey);
	for (i = 0; i < RENDER_MANY_N; i++) {
		oklab(render_many[i].rgb, lab[i]);
		for (j = 0; j < 3; j++)
			assert_true(fabs(lab[i][j] - render_many[i].lab[j]) < 1e-3);
		assert_true(dist(lab[i], white) > 0.2);
		assert_true(dist(lab[i], grey) > 0.05);
	}
	for (i = 0; i < 64; i++) {
		for (j = i + 1; j < 64; j++)
			assert_true(dist(lab[i], lab[j]) > 0.08);
		if (i > 0)
			assert_true(dist(lab[i], lab[i - 1]) > 0.09);
	}
	for (i = 0; i < RENDER_MANY_N; i++)
		for (j = i + 1; j < RENDER_MANY_N; j++)
			assert_true(render_many[i].rgb != render_many[j].rgb);
}

/* Which palette: hp2ps's exactly where hp2ps would (-c, up to 20 bands),
 * the many-band one past that, the one named by --palette. */
static void
palette_choice(void **state)
{
	hp_model *m = many_bands(100);
	struct render_opts o;
	struct render_layout l;
	size_t i, j;

	(void)state;
	render_opts_init(&o);
	o.trace_pct = 0;
	o.colour = 1;
	o.format = RENDER_PNG;
	compute(&l, m, &o, NULL);		/* -c -m20 */
	for (i = 0; i < l.nbands; i++) {
		assert_false(l.bands[i].hex);
		assert_true(l.bands[i].shade == render_colour[i].shade);
	}
	layout_release(&l);
	o.max_bands = 70;			/* -c -m70: no repeats */
	compute(&l, m, &o, NULL);
	assert_int_equal(l.nbands, 70);
	assert_true(l.bands[0].hex && l.bands[0].hexrgb == RENDER_OTHER_RGB);
	for (i = 0; i < l.nbands; i++) {
		assert_true(l.bands[i].hex);
		assert_true(l.bands[i].rgb[0] < 0.99 || l.bands[i].rgb[1] < 0.99 ||
			    l.bands[i].rgb[2] < 0.99);
		for (j = 0; j < i; j++)
			assert_true(l.bands[i].hexrgb != l.bands[j].hexrgb);
	}
	/* the top (largest) band gets the palette's first colour */
	assert_true(l.bands[69].hexrgb == render_many[0].rgb);
	layout_release(&l);
	o.palette = RENDER_PALETTE_HP2PS;	/* asked for: hp2ps's, repeats */
	compute(&l, m, &o, NULL);
	assert_false(l.bands[5].hex);
	assert_true(l.bands[27].shade == render_colour[0].shade);
	layout_release(&l);
	o.palette = RENDER_PALETTE_MANY;	/* asked for, even for 5 bands */
	o.max_bands = 5;
	compute(&l, m, &o, NULL);
	assert_true(l.bands[4].hex && l.bands[4].hexrgb == render_many[0].rgb);
	layout_release(&l);
	o.palette = RENDER_PALETTE_GREY;
	compute(&l, m, &o, NULL);
	assert_true(l.bands[1].rgb[0] == l.bands[1].rgb[1] && !l.bands[1].hex);
	layout_release(&l);
	hp_model_free(m);
}

/* A model whose bands are the given names, sizes by position. */
static hp_model *
named_model(const char *const *names, size_t n)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	size_t i;

	assert_int_equal(lu_header(m, "named", &err), 0);
	assert_int_equal(hp_model_begin(m, 0, &err), 0);
	for (i = 0; i < n; i++)
		assert_int_equal(lu_put(m, names[i], 100 * (i + 1), &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_begin(m, 1, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	return m;
}

static uint32_t
colour_of(const struct render_layout *l, const char *name)
{
	size_t i;

	for (i = 0; i < l->nbands; i++)
		if (l->bands[i].name_len == strlen(name) &&
		    memcmp(l->bands[i].name, name, strlen(name)) == 0)
			return l->bands[i].hexrgb;
	fail_msg("no band %s", name);
	return 0;
}

/* --colour-by name: a name's colour does not depend on its rank nor on
 * the other bands; within one graph no two bands share a colour; the
 * .aux records the colours and -p keeps them. */
static void
colour_by_name(void **state)
{
	static const char *const a[] = { "main", "Data.Map.insert", "ARR_WORDS",
		"THUNK", "go", ":", "PINNED", "sum" };
	static const char *const b[] = { "sum", ":", "Other.thing", "main",
		"THUNK", "Data.Map.insert", "foldr" };
	hp_model *ma = named_model(a, 8), *mb = named_model(b, 7);
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout la, lb, lc;
	render_aux *aux = render_aux_new();
	size_t i, j;

	(void)state;
	render_opts_init(&o);
	o.trace_pct = 0;
	o.colour_by_name = 1;
	compute(&la, ma, &o, NULL);
	compute(&lb, mb, &o, NULL);
	for (i = 0; i < 8; i++)
		for (j = 0; j < 7; j++)
			if (strcmp(a[i], b[j]) == 0)
				assert_true(colour_of(&la, a[i]) ==
					    colour_of(&lb, b[j]));
	for (i = 0; i < la.nbands; i++)
		for (j = 0; j < i; j++)
			assert_true(la.bands[i].hexrgb != la.bands[j].hexrgb);
	/* another order and -c change nothing */
	o.sort = RENDER_SORT_NAME;
	o.colour = 1;
	compute(&lc, ma, &o, NULL);
	for (i = 0; i < 8; i++)
		assert_true(colour_of(&lc, a[i]) == colour_of(&la, a[i]));
	layout_release(&lc);
	/* -p: the .aux holds "#rrggbb" and brings the colours back */
	assert_int_equal(layout_to_aux(&la, aux, &err), 0);
	o.colour_by_name = 0;
	o.sort = RENDER_SORT_SIZE;
	compute(&lc, ma, &o, aux);
	for (i = 0; i < 8; i++)
		assert_true(colour_of(&lc, a[i]) == colour_of(&la, a[i]));
	layout_release(&lc);
	{
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		render_aux *back = render_aux_new();
		uint32_t c;

		assert_int_equal(render_aux_write(aux, f, &err), 0);
		fclose(f);
		assert_non_null(strstr(text, "SHADE main #"));
		assert_int_equal(render_aux_read(back, "x.aux", text, len, &err), 0);
		assert_int_equal(render_aux_colour(back, "main", 4, &c), 1);
		assert_true(c == colour_of(&la, "main"));
		render_aux_free(back);
		free(text);
	}
	layout_release(&la);
	layout_release(&lb);
	render_aux_free(aux);
	hp_model_free(ma);
	hp_model_free(mb);
}

/* The two computations of several graphs in one file (graph.c): alone,
 * then with the aux they share. */
static void
share(hp_model *const *m, size_t n, const struct render_opts *o,
      struct render_layout *l)
{
	struct hp_err err = {{0}};
	render_aux *a;
	size_t i;

	for (i = 0; i < n; i++)
		compute(&l[i], m[i], o, NULL);
	a = layout_share(l, n, o, &err);
	assert_non_null(a);
	for (i = 0; i < n; i++) {
		layout_release(&l[i]);
		compute(&l[i], m[i], o, a);
	}
	render_aux_free(a);
}

/* Every name two graphs both draw has one colour in both. */
static void
assert_same_colours(const struct render_layout *a,
		    const struct render_layout *b, size_t want_shared)
{
	size_t i, j, shared = 0;

	for (i = 0; i < a->nbands; i++)
		for (j = 0; j < b->nbands; j++)
			if (a->bands[i].name_len == b->bands[j].name_len &&
			    memcmp(a->bands[i].name, b->bands[j].name,
				   a->bands[i].name_len) == 0) {
				shared++;
				if (memcmp(a->bands[i].rgb, b->bands[j].rgb,
					   sizeof a->bands[i].rgb))
					fail_msg("%.*s: two colours",
						 (int)a->bands[i].name_len,
						 a->bands[i].name);
			}
	assert_true(shared >= want_shared);
}

/* No two bands of one graph alike; unless hp2ps's palette (whose
 * eighth colour is white) is kept, none white on the white page. */
static void
assert_distinct(const struct render_layout *l, int white_ok)
{
	size_t i, j;

	for (i = 0; i < l->nbands; i++) {
		const double *c = l->bands[i].rgb;

		if (!white_ok && c[0] > 0.95 && c[1] > 0.95 && c[2] > 0.95)
			fail_msg("%.*s is white", (int)l->bands[i].name_len,
				 l->bands[i].name);
		for (j = 0; j < i; j++)
			if (memcmp(c, l->bands[j].rgb, sizeof l->bands[j].rgb) == 0)
				fail_msg("band %zu and %zu alike", i, j);
	}
}

/* A graph of names "<prefix>NN", first..first+n-1. */
static hp_model *
numbered_model(const char *prefix, size_t first, size_t n)
{
	char (*buf)[16] = malloc(n * sizeof *buf);
	const char **names = malloc(n * sizeof *names);
	hp_model *m;
	size_t i;

	assert_non_null(buf);
	assert_non_null(names);
	for (i = 0; i < n; i++) {
		snprintf(buf[i], sizeof buf[i], "%s%02zu", prefix, first + i);
		names[i] = buf[i];
	}
	m = named_model(names, n);
	free(names);
	free(buf);
	return m;
}

/* Several inputs in one file: a band has one colour in every graph,
 * with -c past 20 bands (the many-band palette over the union, OTHER
 * grey, no white, no repeats in a graph), with -c under 20, with greys,
 * and with --colour-by name, where two names that collide in one graph
 * and not in another keep the colours of the union in both. */
static void
shared_colours(void **state)
{
	hp_model *m[2];
	struct render_layout l[2];
	struct render_opts o;
	const char *names[3];
	size_t i;

	(void)state;
	render_opts_init(&o);
	o.trace_pct = 0;
	/* -c, 25 bands each, 40 in the union, 15 kept and OTHER */
	m[0] = numbered_model("n", 0, 25);
	m[1] = numbered_model("n", 15, 25);
	o.colour = 1;
	o.max_bands = 16;
	share(m, 2, &o, l);
	assert_same_colours(&l[0], &l[1], 1);
	for (i = 0; i < 2; i++) {
		assert_true(l[i].has_other);
		assert_true(l[i].bands[0].hexrgb == RENDER_OTHER_RGB);
		assert_distinct(&l[i], 0);
		layout_release(&l[i]);
	}
	/* -c, every band kept: 25 in each, shared ones alike */
	o.max_bands = 40;
	share(m, 2, &o, l);
	assert_same_colours(&l[0], &l[1], 10);
	for (i = 0; i < 2; i++) {
		assert_distinct(&l[i], 0);
		layout_release(&l[i]);
	}
	/* greys (hp2ps's ten repeat, as in hp2ps) */
	o.colour = 0;
	share(m, 2, &o, l);
	assert_same_colours(&l[0], &l[1], 10);
	for (i = 0; i < 2; i++)
		layout_release(&l[i]);
	hp_model_free(m[0]);
	hp_model_free(m[1]);

	/* -c, 16 names in all: hp2ps's colours, shared */
	m[0] = numbered_model("n", 0, 10);
	m[1] = numbered_model("n", 6, 10);
	o.colour = 1;
	share(m, 2, &o, l);
	assert_same_colours(&l[0], &l[1], 4);
	for (i = 0; i < 2; i++) {
		assert_int_equal(l[i].bands[0].hex, 0);	/* hp2ps's shades */
		assert_distinct(&l[i], 1);
		layout_release(&l[i]);
	}
	hp_model_free(m[0]);
	hp_model_free(m[1]);

	/* --colour-by name: each graph's colours are the names' own */
	names[0] = "a00";
	names[1] = "b01";
	names[2] = "c";
	m[0] = named_model(names, 3);
	m[1] = named_model(names + 1, 1);
	o.colour_by_name = 1;
	share(m, 2, &o, l);
	assert_same_colours(&l[0], &l[1], 1);
	for (i = 0; i < 2; i++) {
		size_t k;

		for (k = 0; k < l[i].nbands; k++)
			assert_true(l[i].bands[k].hexrgb ==
				    render_name_colour(l[i].bands[k].name,
						       l[i].bands[k].name_len,
						       0));
		layout_release(&l[i]);
	}
	hp_model_free(m[0]);
	hp_model_free(m[1]);
}

/* A one-band profile reaching top (value units), over 68.8 s. */
static hp_model *
ramp_model(const char *vunit, uint64_t top, double scale)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	int i;

	assert_non_null(m);
	assert_int_equal(lu_header(m, "ramp", &err), 0);
	assert_int_equal(hp_model_set(m, HP_VALUE_UNIT, vunit, strlen(vunit),
				      &err), 0);
	if (scale != 1)
		hp_model_set_scale(m, scale);
	for (i = 0; i <= 8; i++) {
		assert_int_equal(hp_model_begin(m, 68.8 * i / 8, &err), 0);
		assert_int_equal(lu_put(m, "x", top * (uint64_t)(i % 2 ? 1 : 8) /
					8, &err), 0);
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
	return m;
}

/* Neither legend meets a label: the time legend starts past the last x
 * label and ends on the page; the value legend's column (its glyphs
 * 8 pt left of its baseline, 2.2 right) is left of every label whose
 * height it spans. */
static void
assert_legends_clear(const struct render_layout *l, const hp_model *m)
{
	const char *vu = hp_model_get(m, HP_VALUE_UNIT);
	double uw = lu_hp2ps_measure(NULL, l->xunit, strlen(l->xunit), 10);
	double vw = lu_hp2ps_measure(NULL, vu, strlen(vu), 10);
	double top = l->graph_h - l->yunit_drop, base = l->yunit_gap;
	size_t i;

	assert_true(l->graph_x + l->xunit_end <= l->page_w - 5 + 1e-9);
	if (l->nxticks > 0) {
		const struct layout_tick *t = &l->xticks[l->nxticks - 1];

		assert_true(t->pos + lu_hp2ps_measure(NULL, t->label,
			    strlen(t->label), 10) / 2 <= l->xunit_end - uw);
	}
	assert_true(l->graph_x - base - 8 >= 0);
	for (i = 0; i < l->nyticks; i++) {
		const struct layout_tick *t = &l->yticks[i];
		double w = lu_hp2ps_measure(NULL, t->label, strlen(t->label),
					    10);

		if (t->pos + 8 < top - vw || t->pos - 2.2 > top)
			continue;
		assert_true(base - 2.2 >= LAYOUT_YLABEL_GAP + w);
	}
}

/* A legend longer than hp2ps's costs no tick hp2ps
 * labels.  A 68.8 s .hp: hp2ps labels 0 to 60 ("seconds"); so does
 * this, the legend "mutator seconds" past "60".  A ticky eventlog's
 * "bytes per second", up the y axis, leaves the ticks of "bytes" (to
 * 1,000M on data reaching 1.3G, not 800M); a time profile's "CPU
 * seconds per second" on data reaching 1 labels up to 0.8, not 0.6. */
static void
units_cost_no_tick(void **state)
{
	static const char *const xl[] = { "0", "5", "10", "15", "20", "25",
					  "30", "35", "40", "45", "50", "55",
					  "60" };
	static const char *const yl[] = { "0M", "200M", "400M", "600M",
					  "800M", "1,000M" };
	hp_model *m = ramp_model("bytes", 1300000000, 1);
	hp_model *r = ramp_model("bytes per second", 1300000000, 1);
	hp_model *t = ramp_model("CPU seconds per second", 1000, 0.001);
	struct render_opts o;
	struct render_layout l;
	int mb;

	(void)state;
	render_opts_init(&o);
	for (mb = 0; mb <= 1; mb++) {
		o.max_bands = mb ? 20 : 0;	/* with a key, and keyless */
		compute(&l, m, &o, NULL);
		assert_string_equal(l.xunit, "mutator seconds");
		assert_labels(l.xticks, l.nxticks, xl, N(xl));
		assert_labels(l.yticks, l.nyticks, yl, N(yl));
		assert_legends_clear(&l, m);
		layout_release(&l);

		compute(&l, r, &o, NULL);
		assert_labels(l.xticks, l.nxticks, xl, N(xl));
		assert_labels(l.yticks, l.nyticks, yl, N(yl));
		assert_true(l.yunit_gap > LAYOUT_YLABEL_GAP);	/* moved */
		assert_legends_clear(&l, r);
		layout_release(&l);

		compute(&l, t, &o, NULL);
		assert_true(l.nyticks >= 5);
		assert_string_equal(l.yticks[l.nyticks - 1].label, "0.8");
		assert_legends_clear(&l, t);
		layout_release(&l);
	}
	hp_model_free(m);
	hp_model_free(r);
	hp_model_free(t);
}

/* --colour-by name gives a band one colour in every graph.
 * Real profiles drawn with -m5 and with -m25 (the graphs keep other
 * bands beside it) colour every band both draw alike, and that colour
 * is the one of its name alone.  Before, clashes within a graph were
 * resolved by moving a band to another colour, so the colour of
 * "(305)cc07" depended on which other bands were drawn. */
static void
colour_of_name_alone(void **state)
{
	static const char *const files[] = {
		"samples/leak-hc.hp", "samples/leak-hr.hp",
		"samples/leak-hT.hp", "samples/leak-hd.hp",
		"samples/tabbed-hc.hp", "tests/data/hp/hackage-query.hp",
		"tests/data/hp/dilcue-Main.hp",
		"tests/data/hp/startstopfrp-test.hp",
		"tests/data/hp/hp2any-example.hp",
	};
	static const int limits[] = { 5, 25, 12, 0 };
	size_t f, i, j, k;

	(void)state;
	for (f = 0; f < sizeof files / sizeof files[0]; f++) {
		hp_model *m = hp_model_new();
		struct hp_err err = {{0}};
		struct render_layout l[4];
		struct render_opts o;
		size_t *rank;

		assert_non_null(m);
		if (hp_read_file(m, tu_src(files[f]), &err))
			fail_msg("%s: %s", files[f], err.msg);
		rank = calloc(hp_model_band_count(m) + 1, sizeof *rank);
		assert_non_null(rank);
		assert_int_equal(hp_match_ranks(m, 0, rank), 0);
		render_opts_init(&o);
		o.trace_pct = 0;
		o.colour = 1;
		o.colour_by_name = 1;
		for (i = 0; i < 4; i++) {
			o.max_bands = limits[i];
			compute(&l[i], m, &o, NULL);
		}
		for (i = 0; i < 4; i++)
			for (k = 0; k < l[i].nbands; k++) {
				const struct layout_band *b = &l[i].bands[k];
				size_t klen;
				const char *key;

				if (b->band == LAYOUT_OTHER)
					continue;
				key = hp_match_key(b->name, b->name_len, 0,
						   &klen);
				for (j = 0; j < i; j++)
					if (l[j].slot[b->band] >= 0 &&
					    l[j].bands[l[j].slot[b->band]].band
						== b->band &&
					    l[j].bands[l[j].slot[b->band]]
						.hexrgb != b->hexrgb)
						fail_msg("%s: %.*s is #%06x with "
							 "-m%d, #%06x with -m%d",
							 files[f],
							 (int)b->name_len,
							 b->name,
							 (unsigned)l[j].bands[l[j].slot[b->band]].hexrgb,
							 limits[j],
							 (unsigned)b->hexrgb,
							 limits[i]);
				assert_true(b->hexrgb ==
					    render_name_colour(key, klen,
							       rank[b->band]));
			}
		for (i = 0; i < 4; i++)
			layout_release(&l[i]);
		free(rank);
		hp_model_free(m);
	}
}

/* The name colours: OKLab lightness and chroma within their bounds
 * (no white, black or grey band), and spread over the hues: of 2,000
 * names, few share a colour (a colour of a name alone may repeat;
 * palette.h), and every sixth of the hue circle has its share. */
static void
name_colour_space(void **state)
{
	size_t i, j, sextant[6] = { 0 }, same = 0;
	uint32_t c[2000];

	(void)state;
	for (i = 0; i < 2000; i++) {
		char name[16];
		double rgb[3], mx, mn;

		snprintf(name, sizeof name, "(%zu)cc%02zu", 100 + i, i % 97);
		c[i] = render_name_colour(name, strlen(name), 0);
		render_rgb24(c[i], rgb);
		mx = fmax(rgb[0], fmax(rgb[1], rgb[2]));
		mn = fmin(rgb[0], fmin(rgb[1], rgb[2]));
		assert_true(mx - mn > 0.08);	/* not grey */
		assert_true(mx > 0.35);		/* not near black */
		assert_true(mn < 0.9);		/* not near white */
		{
			double h;

			if (mx == rgb[0])
				h = fmod((rgb[1] - rgb[2]) / (mx - mn) + 6, 6);
			else if (mx == rgb[1])
				h = (rgb[2] - rgb[0]) / (mx - mn) + 2;
			else
				h = (rgb[0] - rgb[1]) / (mx - mn) + 4;
			sextant[(size_t)h % 6]++;
		}
	}
	for (i = 0; i < 6; i++)
		assert_true(sextant[i] > 150);
	/* a rank makes another colour, and is stable */
	assert_true(render_name_colour("main", 4, 1) !=
		    render_name_colour("main", 4, 0));
	assert_true(render_name_colour("main", 4, 1) ==
		    render_name_colour("main", 4, 1));
	for (i = 0, j = 0; i < 2000; i++)
		for (j = 0; j < i; j++)
			same += c[i] == c[j];
	assert_true(same < 5);
}

/* A difference graph's y axis: zero is always labelled, also at the
 * top when nothing grew (the legend then moves below it, and no other
 * label lies under the legend), and at the bottom when nothing shrank. */
static void
diff_zero_labelled(void **state)
{
	static const double cases[][2] = {	/* below, above */
		{ 65e6, 0 }, { 65e6, 1e5 }, { 65e6, 3e6 }, { 4e6, 4e6 },
		{ 0, 5e6 }, { 0, 0 },
	};
	hp_model *m = many_bands(3);
	struct render_opts o;
	struct render_layout l;
	size_t c, i, zeros;

	(void)state;
	render_opts_init(&o);
	for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		double below = cases[c][0], above = cases[c][1], zero, legend;

		compute(&l, m, &o, NULL);
		assert_int_equal(layout_signed_y(&l, m, below, above,
						 lu_hp2ps_measure, NULL), 0);
		zero = below / l.yrange * l.graph_h;
		/* the legend "bytes" at hp2ps's widths, and its room */
		legend = l.graph_h - l.yunit_drop -
			 lu_hp2ps_measure(NULL, "bytes", 5, 10);
		for (i = zeros = 0; i < l.nyticks; i++) {
			const struct layout_tick *t = &l.yticks[i];

			if (t->value == 0) {
				zeros++;
				assert_true(fabs(t->pos - zero) < 1e-9);
				assert_int_equal(t->label[0], '0');
			} else {
				assert_true(t->pos < legend);
				assert_true(t->pos < zero ? t->label[0] == '-'
					    : t->label[0] != '-');
			}
		}
		if (zeros != 1)
			fail_msg("below %g above %g: %zu zero labels", below,
				 above, zeros);
		if (above == 0 && below > 0)
			assert_true(l.yunit_drop > 0);
		if (above > 2 * below)
			assert_true(l.yunit_drop == 0);
		assert_true(l.nyticks >= 3 || below + above == 0);
		layout_release(&l);
	}
	hp_model_free(m);
}

/* A measure that counts the mark labels it measures (9 pt). */
static double
counting_measure(void *closure, const char *s, size_t len, double size)
{
	if (size == 9)
		++*(size_t *)closure;
	return lu_hp2ps_measure(NULL, s, len, size);
}

/* 100,000 marks (once all drawn: 6.2 s and 426 MB to PDF, an 88 MB SVG,
 * the bands hidden under dashes): thinned to what the graph can show, at
 * most six labelled marks' lines (MAX_LANES) to a label's width, a caret
 * without a label 8 pt or more from the caret before, labels measured
 * about once per 2 pt of axis and round, not 100,000 times, and the
 * title counts what was left out.  A few marks far apart lose nothing. */
static void
many_marks(void **state)
{
	hp_model *m = many_bands(3);
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	char label[32];
	size_t i, n = 100000, labelled = 0, measured = 0;
	double last_caret = -1e9;

	(void)state;
	assert_int_equal(hp_model_begin(m, 100, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	for (i = 0; i < n; i++) {
		snprintf(label, sizeof label, "mark %zu", i);
		assert_int_equal(hp_model_add_mark(m, (double)i * 100 / (double)n, label,
						   strlen(label), &err), 0);
	}
	render_opts_init(&o);
	assert_int_equal(layout_compute(&l, m, &o, NULL, counting_measure,
					&measured, &err), 0);
	assert_int_equal(l.marks_in, n);
	for (i = 0; i < l.nmarks; i++) {
		const struct layout_mark *k = &l.marks[i];

		if (k->lane >= 0) {
			size_t q, near = 0;

			labelled++;
			/* at most a lane's worth of lines within 20 pt (a
			 * label here is wider) */
			for (q = i; q < l.nmarks && l.marks[q].x < k->x + 20; q++)
				near += l.marks[q].lane >= 0;
			assert_true(near <= 6);
			assert_true(k->label_w >= lu_hp2ps_measure(NULL, k->label,
				    k->label_len, 9) - 1e-9 || k->x > l.graph_x + l.graph_w - 100);
		} else {
			assert_true(k->x - last_caret >= 8);
		}
		last_caret = k->x;
	}
	assert_true(labelled > 10);
	assert_true(l.nmarks <= l.graph_w / 8 + labelled + 1);
	/* per round (three): the labels placed, and a failed try every
	 * 2 pt at most */
	if (measured > 3 * (size_t)(l.graph_w / 2 + 6 * l.graph_w / 20))
		fail_msg("%zu mark labels measured for a %.0f pt axis", measured, l.graph_w);
	assert_non_null(strstr(l.marks_note, " of 100,000 marks labelled, "));
	assert_non_null(strstr(l.title, l.marks_note));
	layout_release(&l);
	hp_model_free(m);

	/* three marks far apart: all drawn and labelled, no note */
	m = many_bands(3);
	assert_int_equal(hp_model_begin(m, 100, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	for (i = 0; i < 3; i++)
		assert_int_equal(hp_model_add_mark(m, (double)i * 40, "phase", 5, &err), 0);
	compute(&l, m, &o, NULL);
	assert_int_equal(l.nmarks, 3);
	for (i = 0; i < 3; i++)
		assert_true(l.marks[i].lane >= 0);
	assert_string_equal(l.marks_note, "");
	assert_null(strstr(l.title, "marks"));
	layout_release(&l);
	hp_model_free(m);
}

/* Tick labels carry no useless zeros; the time axis names its clock:
 * an eventlog's is elapsed time. */
static void
x_labels_and_clock(void **state)
{
	static const char *const want[] = { "0", "20", "40", "60", "80", "100" };
	hp_model *m = many_bands(3);
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;

	(void)state;
	assert_int_equal(hp_model_begin(m, 130, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	assert_true(l.xstep == 20);
	assert_labels(l.xticks, l.nxticks, want, N(want));
	assert_string_equal(l.xunit, "mutator seconds");
	layout_release(&l);
	hp_model_set_kind(m, HP_KIND_EVENTLOG);
	compute(&l, m, &o, NULL);
	assert_string_equal(l.xunit, "elapsed seconds");
	layout_release(&l);
	assert_int_equal(hp_model_set(m, HP_SAMPLE_UNIT, "ticks", 5, &err), 0);
	compute(&l, m, &o, NULL);
	assert_string_equal(l.xunit, "ticks");
	layout_release(&l);
	hp_model_free(m);
}

/* An eventlog where no profile began but the GC logged the heap's size
 * (plain +RTS -l) is a graph of its series: from 0 to the last point or
 * mark, as tall as the largest point, titled as not a heap profile,
 * with the allocation where the area would be; not so once a profile
 * began (a breakdown), nor for a .hp. */
static void
series_only(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;

	(void)state;
	hp_model_set_kind(m, HP_KIND_EVENTLOG);
	assert_int_equal(hp_model_set(m, HP_JOB, "svc", 3, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 1, 4000000, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 2, 9000000, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_LIVE, 2, 3000000, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 2.5, "done", 4, &err), 0);
	assert_int_equal(hp_model_add_allocated(m, 2, 500000000, &err), 0);
	render_opts_init(&o);
	assert_int_equal(o.heap_size, 0);	/* drawn without --heap-size */
	compute(&l, m, &o, NULL);
	assert_true(l.series_only);
	assert_true(l.nsamples == 0 && l.nbands == 0);
	assert_true(l.t0 == 0 && l.t1 == 2.5 && l.xrange == 2.5);
	assert_true(l.yrange == 9000000);
	assert_true(l.legend_lane);
	assert_true(l.nxticks > 2 && l.nyticks > 2);
	assert_string_equal(l.title, "svc \u2014 " LAYOUT_SERIES_TITLE);
	assert_string_equal(l.alloc_note, "500 MB allocated, 250 MB/s");
	assert_string_equal(l.xunit, "elapsed seconds");
	layout_release(&l);
	hp_model_set_kind(m, HP_KIND_HP);
	assert_false(hp_model_series_only(m));
	hp_model_set_kind(m, HP_KIND_EVENTLOG);
	assert_int_equal(hp_model_set(m, HP_BREAKDOWN, "by closure type (-hT)",
				      21, &err), 0);
	assert_false(hp_model_series_only(m));	/* -hT began */
	compute(&l, m, &o, NULL);
	assert_false(l.series_only);
	layout_release(&l);
	hp_model_free(m);
}

/* Marks: labels in lanes above the graph, clear of each other and of
 * the data, at 9 pt or more; a mark at t = 0 and one at the very end
 * too; the heap-size legend gets a lane.  Eight labels within 30 pt
 * (and the one at t = 0 in lane 0) need more than MAX_LANES (6) lanes:
 * the three that find none are left out, not squeezed in, and the
 * title says so. */
static void
mark_lanes(void **state)
{
	static const double at[] = { 0, 10, 10.5, 11, 11.5, 12, 12.5, 13, 13.5,
				     50, 100 };
	hp_model *m = many_bands(5);
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	char label[64];
	size_t i, j, n = sizeof at / sizeof at[0];
	double top;

	(void)state;
	assert_int_equal(hp_model_begin(m, 100, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	for (i = 0; i < n; i++) {
		snprintf(label, sizeof label, "phase %zu: something long", i);
		assert_int_equal(hp_model_add_mark(m, at[i], label,
						   strlen(label), &err), 0);
	}
	assert_int_equal(hp_model_add_mark(m, 20, NULL, 0, &err), 0);
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	assert_int_equal(l.marks_in, n + 1);
	assert_int_equal(l.marks_labels, n);
	for (i = 0, j = 0; i < l.nmarks; i++)
		j += l.marks[i].lane >= 0;
	assert_int_equal(j, n - 3);	/* lane 0 holds the label at t = 0 */
	/* 10 drawn: two carets without a label, one at 20 s */
	if (strcmp(l.marks_note, "8 of 12 marks labelled, 10 drawn"))
		fail_msg("%s", l.marks_note);
	assert_non_null(strstr(l.title, l.marks_note));
	assert_true(l.mark_font >= 9);
	assert_true(l.nlanes == 6);
	top = 432 - 5 - l.title_h;			/* the title box */
	assert_true(l.graph_y + l.graph_h + (double)l.nlanes * l.lane_h <= top);
	assert_true(l.graph_h < 382);
	for (i = 0; i < l.nmarks; i++) {
		const struct layout_mark *k = &l.marks[i];

		if (k->lane < 0)		/* a caret only */
			continue;
		assert_true(k->lane >= 0 && (size_t)k->lane < l.nlanes);
		assert_true(k->label_w > 9);
		assert_true(k->label_x >= l.graph_x &&
			    k->label_x + k->label_w <= l.graph_x + l.graph_w + 1e-9);
		assert_true(k->x >= l.graph_x && k->x <= l.graph_x + l.graph_w);
		for (j = 0; j < i; j++) {
			const struct layout_mark *q = &l.marks[j];

			if (q->lane == k->lane)		/* no overlap in a lane */
				assert_true(q->label_x + q->label_w <= k->label_x ||
					    k->label_x + k->label_w <= q->label_x);
		}
	}
	assert_true(l.marks[0].x == l.graph_x);		/* t = 0: on the axis */
	assert_true(l.marks[l.nmarks - 1].x == l.graph_x + l.graph_w);
	assert_false(l.legend_lane);
	layout_release(&l);

	o.no_marks = 1;					/* -y */
	compute(&l, m, &o, NULL);
	assert_true(l.nmarks == 0 && l.nlanes == 0 && l.graph_h == 382);
	layout_release(&l);

	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 1, 10, &err), 0);
	o.heap_size = 1;
	compute(&l, m, &o, NULL);
	assert_true(l.legend_lane && l.graph_h == 382 - l.lane_h - 2);
	layout_release(&l);
	hp_model_free(m);
}

static void
huge_values(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	const uint64_t big = (uint64_t)1 << 63;

	(void)state;
	assert_int_equal(lu_header(m, "huge", &err), 0);
	assert_int_equal(hp_model_begin(m, 0, &err), 0);
	assert_int_equal(lu_put(m, "a", big, &err), 0);
	assert_int_equal(lu_put(m, "b", big - 1, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_begin(m, 1e6, &err), 0);
	assert_int_equal(lu_put(m, "a", UINT64_MAX, &err), 0);
	assert_int_equal(lu_put(m, "b", 1, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	render_opts_init(&o);
	o.sort = RENDER_SORT_STDDEV;
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_int_equal(l.nbands, 2);
	assert_true(l.yrange == 2 * 9223372036854775808.0);
	assert_true(l.ystep == 2e18);
	assert_string_equal(l.yticks[1].label, "2,000,000T");
	assert_true(l.xstep == 2e5);
	assert_string_equal(l.xticks[1].label, "200000");	/* no ".0" */
	layout_release(&l);
	hp_model_free(m);
}

/* Equal totals: the band seen first in the profile is drawn lower. */
static void
ties(void **state)
{
	static const char *const size[] = { "c", "a", "b", "big" };
	static const char *const m3[] = { "OTHER", "b", "big" };
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	int run;

	(void)state;
	assert_int_equal(lu_header(m, "ties", &err), 0);
	assert_int_equal(hp_model_begin(m, 0, &err), 0);
	assert_int_equal(lu_put(m, "big", 100, &err), 0);
	assert_int_equal(lu_put(m, "c", 10, &err), 0);
	assert_int_equal(lu_put(m, "a", 10, &err), 0);
	assert_int_equal(lu_put(m, "b", 10, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_begin(m, 1, &err), 0);
	assert_int_equal(lu_put(m, "c", 10, &err), 0);
	assert_int_equal(lu_put(m, "a", 10, &err), 0);
	assert_int_equal(lu_put(m, "b", 10, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	render_opts_init(&o);
	for (run = 0; run < 3; run++) {
		compute(&l, m, &o, NULL);
		assert_order(&l, size, N(size));
		layout_release(&l);
	}
	o.sort = RENDER_SORT_STDDEV;		/* c, a, b have equal devs */
	compute(&l, m, &o, NULL);
	assert_order(&l, size, N(size));
	layout_release(&l);
	o.sort = RENDER_SORT_SIZE;
	o.max_bands = 3;
	compute(&l, m, &o, NULL);
	assert_order(&l, m3, N(m3));
	assert_true(l.bands[0].total == 40);
	layout_release(&l);
	hp_model_free(m);
}

/* Long labels: the key never takes more than 45% of the 593-pt width. */
static void
long_labels(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	char name[301];
	hp_band b;

	(void)state;
	memset(name, 'W', 300);
	name[300] = '\0';
	assert_int_equal(lu_header(m, "long", &err), 0);
	assert_int_equal(hp_model_begin(m, 0, &err), 0);
	assert_int_equal(lu_put(m, name, 10, &err), 0);
	assert_int_equal(lu_put(m, "short", 10, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	render_opts_init(&o);
	compute(&l, m, &o, NULL);
	check_invariants(&l, m);
	assert_true(fabs(l.key_label_max - (0.45 * 593 - 29)) < 1e-9);
	assert_true(fabs(l.key_w - 0.45 * 593) < 1e-9);
	assert_true(fabs(l.graph_w - 0.55 * 593) < 1e-9);
	assert_int_equal(l.bands[0].label_len, 300);	/* label kept whole */
	layout_release(&l);

	/* a label (not the name) decides the key width */
	assert_int_equal(hp_model_lookup(m, name, 300, &b), 1);
	assert_int_equal(hp_model_band_set_label(m, b, "x", 1, &err), 0);
	compute(&l, m, &o, NULL);
	assert_true(fabs(l.key_w - (29 + 13 * 1.7007876)) < 1e-6);	/* short */
	assert_int_equal(l.bands[0].name_len, 300);
	layout_release(&l);
	hp_model_free(m);
}

static void
titles(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	const char *job35 = "12345678901234567890123456789012345";
	const char *job36 = "123456789012345678901234567890123456";

	(void)state;
	render_opts_init(&o);
	assert_int_equal(lu_header(m, job35, &err), 0);
	compute(&l, m, &o, NULL);
	assert_false(l.big_title);
	assert_true(l.graph_h == 382);
	layout_release(&l);
	o.title = RENDER_TITLE_BIG;
	compute(&l, m, &o, NULL);
	assert_true(l.big_title && l.title_h == 40 && l.graph_h == 362);
	layout_release(&l);
	assert_int_equal(hp_model_set(m, HP_JOB, job36, 36, &err), 0);
	o.title = RENDER_TITLE_AUTO;
	compute(&l, m, &o, NULL);
	assert_true(l.big_title);
	layout_release(&l);
	o.title = RENDER_TITLE_SMALL;
	compute(&l, m, &o, NULL);
	assert_false(l.big_title);
	assert_true(l.title_h == 20);
	assert_string_equal(l.title, job36);
	layout_release(&l);

	/* An eventlog's breakdown joins JOB in the title, and counts
	 * towards the big title. */
	assert_int_equal(hp_model_set(m, HP_JOB, "leak", 4, &err), 0);
	assert_int_equal(hp_model_set(m, HP_BREAKDOWN, "by closure type (-hT)", 21, &err), 0);
	o.title = RENDER_TITLE_AUTO;
	compute(&l, m, &o, NULL);
	assert_string_equal(l.title, "leak \u2014 by closure type (-hT)");
	assert_false(l.big_title);
	layout_release(&l);
	assert_int_equal(hp_model_set(m, HP_JOB, "leak +RTS -hT -l -i0.05", 23, &err), 0);
	compute(&l, m, &o, NULL);
	assert_true(l.big_title);
	layout_release(&l);
	hp_model_free(m);
}

/* The date PDF and PS files carry (docdate.c): the profile's own, so the
 * same profile always gives the same file. */
static void
doc_dates(void **state)
{
	struct tm tm;
	char buf[64];

	(void)state;
	assert_int_equal(render_doc_date(-1, "Sat Nov 21 17:36 2026", &tm), 1);
	assert_int_equal(tm.tm_year, 126);
	assert_int_equal(tm.tm_mon, 10);
	assert_int_equal(tm.tm_mday, 21);
	assert_int_equal(tm.tm_hour, 17);
	assert_int_equal(tm.tm_min, 36);
	assert_true(render_doc_date_iso(&tm, buf, sizeof buf) > 0);
	assert_string_equal(buf, "2026-11-21T17:36:00");
	/* the eventlog reader's padded day, seconds, no weekday, no time */
	assert_int_equal(render_doc_date(-1, "Sun Nov  1 07:05:09 2026", &tm), 1);
	assert_int_equal(tm.tm_mday, 1);
	assert_int_equal(tm.tm_sec, 9);
	assert_int_equal(render_doc_date(-1, "Nov 24 2026", &tm), 1);
	assert_int_equal(tm.tm_hour, 0);
	assert_int_equal(render_doc_date(-1, "Tue Nov 24 2026", &tm), 1);
	assert_int_equal(render_doc_date(-1, "2026-11-24T09:10", &tm), 1);
	assert_int_equal(tm.tm_mon, 10);
	assert_int_equal(tm.tm_min, 10);
	assert_int_equal(render_doc_date(-1, "2026-11-24", &tm), 1);
	/* not a date: no guess */
	assert_int_equal(render_doc_date(-1, "", &tm), 0);
	assert_int_equal(render_doc_date(-1, NULL, &tm), 0);
	assert_int_equal(render_doc_date(-1, "yesterday", &tm), 0);
	assert_int_equal(render_doc_date(-1, "Sat Nov 41 17:36 2026", &tm), 0);
	assert_int_equal(render_doc_date(-1, "Sat Nov 21 17:36 2026 extra", &tm), 0);
	assert_int_equal(render_doc_date(-1, "Sat Foo 21 17:36 2026", &tm), 0);
	assert_int_equal(render_doc_date(-1, "Sat Nov 21 25:36 2026", &tm), 0);
	assert_int_equal(render_doc_date(-1, "2026-13-01", &tm), 0);
	/* SOURCE_DATE_EPOCH wins, in UTC */
	assert_int_equal(render_doc_date(0, "Sat Nov 21 17:36 2026", &tm), 1);
	assert_int_equal(tm.tm_year, 70);
	assert_true(render_doc_date_ps(1700000000, "Sat Nov 21 17:36 2026",
				       buf, sizeof buf) > 0);
	assert_string_equal(buf, "Tue Nov 14 22:13:20 2023");
	/* PostScript without it: hp2ps's raw DATE, one ASCII line */
	assert_true(render_doc_date_ps(-1, "Sat Nov 21\n17:36 \xc3\xa9", buf,
				       sizeof buf) > 0);
	assert_string_equal(buf, "Sat Nov 21?17:36 ??");
	assert_int_equal(render_doc_date_ps(-1, "", buf, sizeof buf), 0);
}

/* Two samples of the bands given as name=bytes pairs, NULL-ended. */
static hp_model *
two_samples(const char *const *bands)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	size_t i, k;

	assert_non_null(m);
	assert_int_equal(lu_header(m, "diff", &err), 0);
	for (i = 0; i < 2; i++) {
		assert_int_equal(hp_model_begin(m, (double)i, &err), 0);
		for (k = 0; bands[k]; k += 2)
			assert_int_equal(lu_put(m, bands[k],
						strtoull(bands[k + 1], NULL, 10) *
						(i + 1), &err), 0);
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
	return m;
}

/* --diff's y scale (layout_diff_scale): from the shrink model's largest
 * stack below zero to the grow model's above, through the change
 * model's slots, the area handed on. */
static void
diff_scale(void **state)
{
	static const char *const grow[] = { "a", "100", "b", "50", NULL };
	static const char *const shrink[] = { "a", "30", NULL };
	static const char *const change[] = { "a", "130", "b", "50", NULL };
	struct render_diff df;
	struct render_layout l;
	struct render_opts o;
	double below = -1, above = -1;

	(void)state;
	df.grow = two_samples(grow);
	df.shrink = two_samples(shrink);
	df.change = two_samples(change);
	df.area = 12.5;
	render_opts_init(&o);
	compute(&l, df.change, &o, NULL);
	assert_int_equal(layout_diff_scale(&l, &df, lu_hp2ps_measure, NULL,
					   &below, &above), 0);
	assert_true(above == 300);	/* (100 + 50) x 2 */
	assert_true(below == 60);
	assert_true(l.yrange == 360);
	assert_true(l.area == 12.5);
	layout_release(&l);
	hp_model_free((hp_model *)df.grow);
	hp_model_free((hp_model *)df.shrink);
	hp_model_free((hp_model *)df.change);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(manpage_default),
		cmocka_unit_test(manpage_aux_text),
		cmocka_unit_test(manpage_orders),
		cmocka_unit_test(manpage_m3),
		cmocka_unit_test(manpage_colour),
		cmocka_unit_test(colour_palette),
		cmocka_unit_test(trace_boundaries),
		cmocka_unit_test(round_step),
		cmocka_unit_test(y_units),
		cmocka_unit_test(x_decimals),
		cmocka_unit_test(empty_model),
		cmocka_unit_test(all_zero_model),
		cmocka_unit_test(one_sample),
		cmocka_unit_test(eventlog_axis_from_zero),
		cmocka_unit_test(ten_thousand_bands),
		cmocka_unit_test(key_past_a_page),
		cmocka_unit_test(one_picture_key_and_heap_range),
		cmocka_unit_test(key_for_every_band),
		cmocka_unit_test(many_palette),
		cmocka_unit_test(palette_choice),
		cmocka_unit_test(colour_by_name),
		cmocka_unit_test(colour_of_name_alone),
		cmocka_unit_test(units_cost_no_tick),
		cmocka_unit_test(name_colour_space),
		cmocka_unit_test(shared_colours),
		cmocka_unit_test(diff_zero_labelled),
		cmocka_unit_test(x_labels_and_clock),
		cmocka_unit_test(series_only),
		cmocka_unit_test(mark_lanes),
		cmocka_unit_test(many_marks),
		cmocka_unit_test(huge_values),
		cmocka_unit_test(ties),
		cmocka_unit_test(long_labels),
		cmocka_unit_test(titles),
		cmocka_unit_test(doc_dates),
		cmocka_unit_test(diff_scale),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
