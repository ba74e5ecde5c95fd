/*
 * tests/unit/test_colidx.c - the column index, the summary of stacked
 * sums (render/layout/colidx.c), against brute force: random profiles (bands listed or not, values with
 * ties, OTHER-like groups, dropped bands, bands appearing late), every
 * kind of range (inside one run, across runs, the whole profile, the
 * open run at the end) after each of many appends, and a map changed
 * under it.  Least, greatest, the first sample holding each, the sum of
 * tops and the area must equal a walk in sample order exactly.
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
#include "testutil.h"

#define NB 9		/* bands */
#define NG 4		/* groups */

static uint64_t rng_s;

static uint64_t
rnd(void)
{
	return tu_rand(&rng_s);
}

/* Append n samples; values from a few levels so ties are common. */
static void
grow(hp_model *m, size_t n, size_t nbands, double *t)
{
	struct hp_err err = {{0}};
	char name[32];
	size_t i, b;

	for (i = 0; i < n; i++) {
		*t += (double)(rnd() % 3) * 0.25;
		assert_int_equal(hp_model_begin(m, *t, &err), 0);
		for (b = 0; b < nbands; b++) {
			hp_band id;
			uint64_t r = rnd();

			if (r % 5 == 0)
				continue;	/* not listed */
			snprintf(name, sizeof name, "b%zu", b);
			assert_int_equal(hp_model_intern(m, name, strlen(name),
							 &id, &err), 0);
			assert_int_equal(hp_model_add(m, id, (r >> 8) % 4 *
						      (1000 + b), &err), 0);
		}
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
}

static void
brute_tops(const hp_model *m, const int32_t *slot, size_t nslot, size_t i,
	   uint64_t *tops)
{
	const hp_band *bands;
	const uint64_t *bytes;
	size_t n = hp_model_sample(m, i, &bands, &bytes), k, g;
	uint64_t acc[NG] = { 0 };

	for (k = 0; k < n; k++)
		if (bands[k] < nslot && slot[bands[k]] >= 0 && slot[bands[k]] < NG)
			acc[slot[bands[k]]] += bytes[k];
	for (g = 0; g < NG; g++)
		tops[g] = acc[g] + (g ? tops[g - 1] : 0);
}

static void
check_range(render_colidx *x, const hp_model *m, const int32_t *slot,
	    size_t nslot, size_t a, size_t b)
{
	struct render_colidx_span got[NG], raw[NG];
	uint64_t tops[NG];
	size_t g, i;

	render_colidx_span(x, m, a, b, 0, got);
	render_colidx_span(x, m, a, b, 1, raw);
	for (g = 0; g < NG; g++) {
		uint64_t mn = 0, mx = 0;
		size_t kmn = 0, kmx = 0;
		render_u128 sum = 0;

		for (i = a; i < b; i++) {
			brute_tops(m, slot, nslot, i, tops);
			if (i == a || tops[g] < mn) {
				mn = tops[g];
				kmn = i;
			}
			if (i == a || tops[g] > mx) {
				mx = tops[g];
				kmx = i;
			}
			sum += tops[g];
		}
		assert_true(got[g].min == mn);
		assert_int_equal(got[g].kmin, kmn);
		assert_true(got[g].max == mx);
		assert_int_equal(got[g].kmax, kmx);
		assert_true(got[g].sum == sum);
		assert_true(raw[g].min == mn && raw[g].kmin == kmn);
		assert_true(raw[g].max == mx && raw[g].kmax == kmx);
		assert_true(raw[g].sum == sum);
	}
}

static double
brute_area(const hp_model *m, const int32_t *slot, size_t nslot, size_t n,
	   double t0, int zero_start)
{
	double area = 0, prev = 0, tprev = 0;
	uint64_t tops[NG];
	size_t i;

	for (i = 0; i < n; i++) {
		double t = hp_model_sample_time(m, i), sum;

		brute_tops(m, slot, nslot, i, tops);
		sum = (double)tops[NG - 1];
		if (i == 0 && zero_start)
			area += sum * (t - t0) / 2;
		if (i > 0) {
			double base = t - tprev;
			double lo = prev < sum ? prev : sum;

			area += lo * base + (sum > prev ? sum - prev : prev - sum) * base / 2;
		}
		prev = sum;
		tprev = t;
	}
	return area;
}

static void
random_ranges(void **state)
{
	/* b0, b5 merged into group 0 (as OTHER), b3 dropped, b8 past the
	 * map (it appears later than the map was made) */
	int32_t slot[NB] = { 0, 1, 2, -1, 3, 0, 1, 2 };
	size_t nslot = 8, n = 0, round, k;
	hp_model *m = hp_model_new();
	render_colidx *x = render_colidx_of(m);
	double t = 0;

	(void)state;
	rng_s = 42;
	for (round = 0; round < 40; round++) {
		size_t add = round < 10 ? rnd() % 7 : rnd() % 400;

		grow(m, add, round < 20 ? 8 : NB, &t);
		n += add;
		if (round == 25) {	/* the band order changes */
			slot[1] = 3;
			slot[4] = 1;
		}
		assert_int_equal(render_colidx_sync(x, m, slot, nslot, NG, n, 0.5,
						  round % 3 == 0), 0);
		if (n == 0)
			continue;
		check_range(x, m, slot, nslot, 0, n);
		check_range(x, m, slot, nslot, n - 1, n);
		for (k = 0; k < 12; k++) {
			size_t a = rnd() % n, b = a + 1 + rnd() % (n - a);

			check_range(x, m, slot, nslot, a, b);
		}
		/* ranges on run boundaries */
		if (n >= 3 * RENDER_COLIDX_BLOCK) {
			check_range(x, m, slot, nslot, RENDER_COLIDX_BLOCK,
				    2 * RENDER_COLIDX_BLOCK);
			check_range(x, m, slot, nslot, RENDER_COLIDX_BLOCK - 1,
				    3 * RENDER_COLIDX_BLOCK + 1 > n ? n :
				    3 * RENDER_COLIDX_BLOCK + 1);
		}
		assert_true(render_colidx_area(x) ==
			    brute_area(m, slot, nslot, n, 0.5, round % 3 == 0));
		assert_true(render_colidx_tsum(x, 0, n) ==
			    render_colidx_tsum(x, 0, n / 2) +
			    (render_colidx_tsum(x, 0, n) - render_colidx_tsum(x, 0, n / 2)));
	}
	hp_model_free(m);
}

/* A sample total of 2^50 or more is not indexed: the caller walks. */
static void
too_big(void **state)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	int32_t slot[1] = { 0 };
	hp_band b;

	(void)state;
	assert_int_equal(hp_model_intern(m, "x", 1, &b, &err), 0);
	assert_int_equal(hp_model_begin(m, 0, &err), 0);
	assert_int_equal(hp_model_add(m, b, 5, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(render_colidx_sync(render_colidx_of(m), m, slot, 1, 1, 1, 0, 0), 0);
	assert_int_equal(hp_model_begin(m, 1, &err), 0);
	assert_int_equal(hp_model_add(m, b, RENDER_COLIDX_LIMIT, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(render_colidx_sync(render_colidx_of(m), m, slot, 1, 1, 2, 0, 0), 1);
	hp_model_free(m);
}

/* Past 64 groups, a sparse model (a band per sample) is not summarised:
 * the summary would outgrow the samples; a dense one is. */
static void
sparse_many_groups(void **state)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	int32_t slot[200];
	char name[16];
	size_t i, b;
	hp_band id;

	(void)state;
	for (i = 0; i < 200; i++) {
		snprintf(name, sizeof name, "b%zu", i);
		assert_int_equal(hp_model_intern(m, name, strlen(name), &id, &err), 0);
		slot[i] = (int32_t)i;
	}
	for (i = 0; i < 200; i++) {
		assert_int_equal(hp_model_begin(m, (double)i, &err), 0);
		assert_int_equal(hp_model_add(m, (hp_band)i, 7, &err), 0);
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
	assert_int_equal(render_colidx_sync(render_colidx_of(m), m, slot, 200, 200, 200, 0, 0), 1);
	assert_int_equal(render_colidx_sync(render_colidx_of(m), m, slot, 200, 64, 200, 0, 0), 0);
	for (i = 0; i < 200; i++) {
		assert_int_equal(hp_model_begin(m, 300.0 + (double)i, &err), 0);
		for (b = 0; b < 200; b++)
			assert_int_equal(hp_model_add(m, (hp_band)b, 7, &err), 0);
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
	assert_int_equal(render_colidx_sync(render_colidx_of(m), m, slot, 200, 200, 400, 0, 0), 0);
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_ranges),
		cmocka_unit_test(too_big),
		cmocka_unit_test(sparse_many_groups),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
