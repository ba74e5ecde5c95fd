/*
 * tests/unit/test_outline.c - the bands' outlines (render/layout/
 * outline.c) compared as points, without drawing: every sample's stacked
 * tops where nothing is reduced, and where columns hold many samples the
 * reduction's promises (a column's range kept, its mean stroked, the
 * model's summary and the walk through every sample giving the same
 * points).
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
#include "render/layout/layout.h"
#include "render/layout/outline.h"
#include "render/render.h"
#include "layoututil.h"
#include "testutil.h"

static void
lay(struct render_layout *l, const hp_model *m)
{
	struct render_opts o;
	struct hp_err err = {{0}};

	render_opts_init(&o);
	assert_int_equal(layout_compute(l, m, &o, NULL, lu_hp2ps_measure, NULL,
					&err), 0);
}

static void
outline(struct layout_outline *ol, const hp_model *m,
	const struct render_layout *l, double colw, int vector, int walk)
{
	struct hp_err err = {{0}};

	assert_int_equal(layout_outline(ol, m, l, l->yrange, colw, vector,
					walk, &err), 0);
}

/* Sample i's top of slot s (the bands of slots 0..s stacked), in page
 * units: the oracle, summed here from the model's entries. */
static double
top_of(const hp_model *m, const struct render_layout *l, size_t i, size_t s)
{
	const hp_band *bands;
	const uint64_t *bytes;
	size_t ne = hp_model_sample(m, i, &bands, &bytes), k;
	double sum = 0;

	for (k = 0; k < ne; k++) {
		int32_t slot = bands[k] < l->nslot ? l->slot[bands[k]] : -1;

		if (slot >= 0 && (size_t)slot <= s)
			sum += (double)bytes[k];
	}
	return sum * l->graph_h / l->yrange;
}

static double
x_of(const hp_model *m, const struct render_layout *l, size_t i)
{
	return (hp_model_sample_time(m, i) - l->t0) * l->graph_w / l->xrange;
}

/* hp2ps(1)'s example, every sample its own column: each slot's fill is
 * its tops at the samples' times, exactly (as floats). */
static void
exact_tops(void **state)
{
	hp_model *m = lu_manpage_model();
	struct render_layout l;
	struct layout_outline ol;
	size_t s, i, n;

	(void)state;
	assert_non_null(m);
	lay(&l, m);
	n = hp_model_sample_count(m);
	outline(&ol, m, &l, 0, 0, 0);
	assert_int_equal(ol.nslots, l.nbands);
	assert_true(ol.nslots > 1);
	for (s = 0; s < ol.nslots; s++) {
		const struct layout_pts *p = &ol.line[s].fill;

		assert_int_equal(p->n, n);
		for (i = 0; i < n; i++) {
			assert_true(p->x[i] == (float)x_of(m, &l, i));
			assert_true(p->y[i] == (float)top_of(m, &l, i, s));
		}
		/* nothing reduced: the stroke is the fill */
		assert_ptr_equal(layout_outline_edge(&ol, s), p);
	}
	/* the total reaches the top of the graph at its peak */
	assert_true(fabs(ol.line[ol.nslots - 1].fill.y[2] - l.graph_h) < 1e-3);
	layout_outline_release(&ol);
	assert_null(ol.line);
	layout_release(&l);
	hp_model_free(m);
}

/* 6000 samples of two bands, a saw tooth: about ten to a column. */
static hp_model *
dense_model(void)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	uint64_t seed = 24;
	size_t i;

	assert_non_null(m);
	assert_int_equal(lu_header(m, "dense", &err), 0);
	for (i = 0; i < 6000; i++) {
		assert_int_equal(hp_model_begin(m, (double)i / 100, &err), 0);
		assert_int_equal(lu_put(m, "a", 1000 + (i % 7) * 100, &err), 0);
		assert_int_equal(lu_put(m, "b", 500 + tu_rand(&seed) % 2000,
					&err), 0);
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
	return m;
}

static void
same_points(const struct layout_pts *a, const struct layout_pts *b)
{
	assert_int_equal(a->n, b->n);
	assert_memory_equal(a->x, b->x, a->n * sizeof *a->x);
	assert_memory_equal(a->y, b->y, a->n * sizeof *a->y);
}

/* Columns of a point (PNG's pixels, vector output's points): each
 * column's fill keeps at most its first, least, greatest and last
 * point, and the range of tops the samples span; its stroke is one
 * point, the mean; the summary's points are the walk's, to the bit. */
static void
reduced(void **state)
{
	hp_model *m = dense_model();
	struct render_layout l;
	struct layout_outline png, vec, walked;
	size_t s, i, n = hp_model_sample_count(m);
	size_t cols;
	double lo, hi;

	(void)state;
	lay(&l, m);
	cols = (size_t)ceil(l.graph_w) + 1;
	outline(&png, m, &l, 1, 0, 0);
	outline(&walked, m, &l, 1, 0, 1);
	outline(&vec, m, &l, 1, 1, 0);
	assert_int_equal(png.nslots, 2);
	for (s = 0; s < png.nslots; s++) {
		const struct layout_pts *f = &png.line[s].fill;
		const struct layout_pts *e = layout_outline_edge(&png, s);

		same_points(f, &walked.line[s].fill);
		same_points(e, &walked.line[s].edge);
		assert_true(f->n > cols && f->n <= 4 * cols);
		assert_true(e->n <= cols);
		assert_true(vec.line[s].fill.n < f->n);
		/* the fill spans the samples' least and greatest top */
		lo = INFINITY;
		hi = -INFINITY;
		for (i = 0; i < n; i++) {
			lo = fmin(lo, (float)top_of(m, &l, i, s));
			hi = fmax(hi, (float)top_of(m, &l, i, s));
		}
		for (i = 0; i < f->n; i++)
			assert_true(f->y[i] >= lo && f->y[i] <= hi);
		assert_true(f->x[0] == 0);
		assert_true(f->x[f->n - 1] == (float)x_of(m, &l, n - 1));
		for (i = 0; i < f->n && f->y[i] != (float)lo; i++)
			;
		assert_true(i < f->n);
		for (i = 0; i < f->n && f->y[i] != (float)hi; i++)
			;
		assert_true(i < f->n);
		/* the means lie strictly inside the saw tooth's range */
		for (i = 0; i < e->n; i++)
			assert_true(e->y[i] > lo && e->y[i] < hi);
		for (i = 1; i < f->n; i++)
			assert_true(f->x[i] >= f->x[i - 1]);
	}
	layout_outline_release(&png);
	layout_outline_release(&walked);
	layout_outline_release(&vec);
	layout_release(&l);
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(exact_tops),
		cmocka_unit_test(reduced),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
