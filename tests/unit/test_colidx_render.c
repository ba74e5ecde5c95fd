/*
 * tests/unit/test_colidx_render.c - a graph drawn through the model's
 * summary (render/layout/colidx.h) is the graph drawn by reading every
 * sample, to the byte, and the summary did take the model (else both
 * would walk): PNG and SVG, dense columns and empty ones, OTHER and
 * dropped bands, --exact, an eventlog's ramp from 0, a step (every
 * sample at one time), an axis narrower than the samples (--from/--to),
 * and a model that grew between drawings (the summary extended, as in
 * watch mode) against a fresh copy of it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hp/model.h"
#include "render/layout/colidx.h"
#include "render/render.h"
#include "testutil.h"

static render_ctx *ctx;
static uint64_t rng_s;

static uint64_t
rnd(void)
{
	return tu_rand(&rng_s);
}

static int
setup(void **state)
{
	struct hp_err err = {{0}};

	(void)state;
	ctx = render_ctx_new(tu_src("fonts"), &err);
	return ctx ? 0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	render_ctx_free(ctx);
	return 0;
}

static hp_model *
new_model(int eventlog)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};

	assert_non_null(m);
	assert_int_equal(hp_model_set(m, HP_JOB, "idx", 3, &err), 0);
	assert_int_equal(hp_model_set(m, HP_SAMPLE_UNIT, "seconds", 7, &err), 0);
	assert_int_equal(hp_model_set(m, HP_VALUE_UNIT, "bytes", 5, &err), 0);
	if (eventlog) {	/* drawn from 0 at the program's start */
		hp_model_set_kind(m, HP_KIND_EVENTLOG);
		assert_int_equal(hp_model_set(m, HP_BREAKDOWN, "by type", 7, &err), 0);
	}
	return m;
}

/* n samples of up to 9 bands: bursts of samples at nearly one time and
 * gaps, values from a few levels (ties) with some bands unlisted; dt 0
 * puts every sample at one time.  The first `empty` samples hold 0, and
 * with `flat` every later one holds the same. */
static size_t empty;
static int flat;

static void
grow(hp_model *m, size_t n, double *t, double dt)
{
	struct hp_err err = {{0}};
	char name[32];
	size_t i, b;

	for (i = 0; i < n; i++) {
		uint64_t r = rnd();

		*t += r % 50 == 0 ? dt * 400 : r % 3 == 0 ? dt : dt / 100;
		assert_int_equal(hp_model_begin(m, *t, &err), 0);
		for (b = 0; b < 9; b++) {
			hp_band id;

			r = rnd();
			if (r % 6 == 0)
				continue;
			snprintf(name, sizeof name, "band%zu", b);
			assert_int_equal(hp_model_intern(m, name, strlen(name),
							 &id, &err), 0);
			if (flat)
				r = 3 << 9;
			assert_int_equal(hp_model_add(m, id, i < empty ? 0 :
						      (r >> 9) % 5 * (b + 1) *
						      100000, &err), 0);
		}
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
}

static char *
draw(const hp_model *m, const struct render_opts *o, size_t *len)
{
	struct hp_err err = {{0}};
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	assert_non_null(f);
	if (render_graph(ctx, m, o, NULL, NULL, f, &err))
		print_error("render_graph: %s\n", err.msg);
	assert_string_equal(err.msg, "");
	assert_int_equal(fclose(f), 0);
	*len = n;
	return buf;
}

/* Cairo numbers SVG surfaces ("surface258") across the process: the
 * numbers are dropped before comparing.  Returns the new length. */
static size_t
unnumber(char *buf, size_t n)
{
	static const char id[] = "surface";
	size_t i = 0, o = 0, w = sizeof id - 1;

	while (i < n) {
		if (i + w <= n && memcmp(buf + i, id, w) == 0) {
			memmove(buf + o, buf + i, w);
			o += w;
			i += w;
			while (i < n && buf[i] >= '0' && buf[i] <= '9')
				i++;
		} else {
			buf[o++] = buf[i++];
		}
	}
	return o;
}

/* m drawn through the summary and by walking: the same bytes. */
static void
same(const hp_model *m, const struct render_opts *o)
{
	struct render_opts w = *o;
	size_t na, nb;
	char *a = draw(m, o, &na), *b;

	/* the summary took every sample: the drawing read it, not them */
	assert_int_equal(render_colidx_count(render_colidx_of(m)),
			 hp_model_sample_count(m));
	w.walk = 1;
	b = draw(m, &w, &nb);
	na = unnumber(a, na);
	nb = unnumber(b, nb);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, na);
	free(a);
	free(b);
}

static struct render_opts
opts(enum render_format f)
{
	struct render_opts o;

	render_opts_init(&o);
	o.format = f;
	return o;
}

static void
dense_columns(void **state)
{
	hp_model *m = new_model(0);
	struct render_opts o = opts(RENDER_PNG);
	double t = 0;

	(void)state;
	rng_s = 7;
	grow(m, 3000, &t, 0.01);
	same(m, &o);
	o.max_bands = 4;	/* OTHER */
	o.trace_pct = 5;
	same(m, &o);
	o = opts(RENDER_SVG);
	same(m, &o);
	o.exact = 1;
	same(m, &o);
	/* an axis narrower than the samples: those outside are held at
	 * its ends */
	o = opts(RENDER_PNG);
	o.has_from = o.has_to = 1;
	o.from = t * 0.3;
	o.to = t * 0.6;
	same(m, &o);
	hp_model_free(m);
}

static void
ramp_and_step(void **state)
{
	hp_model *m = new_model(1);
	struct render_opts o = opts(RENDER_PNG);
	double t = 5;

	(void)state;
	rng_s = 8;
	grow(m, 3000, &t, 0.01);
	same(m, &o);
	o.format = RENDER_SVG;
	same(m, &o);
	hp_model_free(m);

	/* the first census soon after the start, the heap empty at first:
	 * the ramp's 0 and the samples' share one column */
	m = new_model(1);
	t = 0.0001;
	empty = 40;
	grow(m, 2000, &t, 0.0001);
	empty = 0;
	o = opts(RENDER_PNG);
	same(m, &o);
	hp_model_free(m);

	m = new_model(0);
	t = 1;
	grow(m, 500, &t, 0);
	o = opts(RENDER_PNG);
	same(m, &o);
	o.exact = 1;
	same(m, &o);
	hp_model_free(m);

	/* every sample the same, at one time: ties with the step's end */
	m = new_model(0);
	t = 1;
	flat = 1;
	grow(m, 50, &t, 0);
	flat = 0;
	o = opts(RENDER_SVG);
	same(m, &o);
	hp_model_free(m);
}

/* Drawn, grown, drawn again: the summary extended is the summary of a
 * copy made at once, and the walk. */
static void
grown(void **state)
{
	struct hp_err err = {{0}};
	hp_model *m = new_model(0);
	struct render_opts o = opts(RENDER_PNG);
	double t = 0;
	size_t k, na, nb;

	(void)state;
	rng_s = 9;
	for (k = 0; k < 4; k++) {
		hp_model *copy = new_model(0);
		hp_band map[9];
		char *a, *b;
		size_t i;

		grow(m, k == 0 ? 100 : 777 + 13 * k, &t, 0.01);
		for (i = 0; i < hp_model_band_count(m); i++) {
			size_t len;
			const char *name = hp_model_band_name(m, (hp_band)i, &len);

			assert_int_equal(hp_model_intern(copy, name, len, &map[i],
							 &err), 0);
		}
		assert_int_equal(hp_model_append(copy, m, map, &err), 0);
		same(m, &o);
		a = draw(m, &o, &na);
		b = draw(copy, &o, &nb);
		assert_int_equal(na, nb);
		assert_memory_equal(a, b, na);
		free(a);
		free(b);
		hp_model_free(copy);
	}
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dense_columns),
		cmocka_unit_test(ramp_and_step),
		cmocka_unit_test(grown),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
