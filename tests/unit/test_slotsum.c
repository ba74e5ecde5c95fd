/*
 * tests/unit/test_slotsum.c - a sample's stacked tops and drawn total
 * (render/layout/slotsum.c): the slot map (merged, dropped and unknown
 * bands), sums exact past 2^53, totals past 2^63 (not converted as
 * signed) and past 2^64, which integer sums would wrap to a wrong
 * picture.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "hp/model.h"
#include "render/layout/layout.h"
#include "render/layout/slotsum.h"
#include "layoututil.h"

#define BIG ((uint64_t)1 << 63)

/* One sample at time t with values v[0..n-1] for bands "b0", "b1", ... */
static void
sample(hp_model *m, double t, const uint64_t *v, size_t n)
{
	struct hp_err err = {{0}};
	char name[24];
	size_t k;

	assert_int_equal(hp_model_begin(m, t, &err), 0);
	for (k = 0; k < n; k++) {
		snprintf(name, sizeof name, "b%zu", k);
		assert_int_equal(lu_put(m, name, v[k], &err), 0);
	}
	assert_int_equal(hp_model_commit(m, &err), 0);
}

/* Bands 0 and 2 merged into slot 0, band 1 in slot 1, band 3 dropped,
 * band 4 past the map's end. */
static void
slot_map(void **state)
{
	static const uint64_t v[] = { 5, 7, 11, 1000, 100000 };
	static const int32_t map[] = { 0, 1, 0, LAYOUT_DROPPED };
	hp_model *m = hp_model_new();
	struct slotsum st;
	double out[2];

	(void)state;
	sample(m, 0, v, 5);
	assert_int_equal(slotsum_init(&st, m, map, 4, 2), 0);
	slotsum_tops(&st, m, 0, 1, out);
	assert_true(out[0] == 16);
	assert_true(out[1] == 23);
	assert_true(slotsum_total(&st, m, 0) == 23);
	slotsum_release(&st);

	/* A slot number past nslots is not drawn either. */
	assert_int_equal(slotsum_init(&st, m, map, 4, 1), 0);
	slotsum_tops(&st, m, 0, 1, out);
	assert_true(out[0] == 16);
	assert_true(slotsum_total(&st, m, 0) == 16);
	slotsum_release(&st);
	hp_model_free(m);
}

/* Exact in integers where doubles round: 2^53 + 1 + 1.  Then a total
 * past 2^63 that still fits in 64 bits. */
static void
exact_sums(void **state)
{
	static const uint64_t v[] = { ((uint64_t)1 << 53) + 1, 1 };
	static const uint64_t w[] = { BIG - 1, BIG - 1 };
	static const int32_t map[] = { 0, 0 }, two[] = { 0, 1 };
	hp_model *m = hp_model_new();
	struct slotsum st;
	double out[2];

	(void)state;
	sample(m, 0, v, 2);
	sample(m, 1, w, 2);
	assert_int_equal(slotsum_init(&st, m, map, 2, 1), 0);
	slotsum_tops(&st, m, 0, 1, out);
	assert_true(out[0] == (double)(((uint64_t)1 << 53) + 2));
	assert_true(slotsum_total(&st, m, 0) == out[0]);
	slotsum_release(&st);
	assert_int_equal(slotsum_init(&st, m, two, 2, 2), 0);
	slotsum_tops(&st, m, 1, 1, out);
	assert_true(out[0] == 0x1p63);
	assert_true(out[1] == 0x1p64);
	assert_true(slotsum_total(&st, m, 1) == 0x1p64);
	slotsum_release(&st);
	hp_model_free(m);
}

/* 2^63 + 2^63 + 2^63 wraps to 2^63 in 64 bits; the picture needs 3 * 2^63. */
static void
past_2_64(void **state)
{
	static const uint64_t v[] = { BIG, BIG, BIG, 1 };
	static const int32_t map[] = { 0, 1, 1, LAYOUT_DROPPED };
	hp_model *m = hp_model_new();
	struct slotsum st;
	double out[2];

	(void)state;
	sample(m, 0, v, 4);
	assert_true(hp_model_sample_sum(m, 0) == UINT64_MAX);
	assert_int_equal(slotsum_init(&st, m, map, 4, 2), 0);
	slotsum_tops(&st, m, 0, 1, out);
	assert_true(out[0] == 0x1p63);
	assert_true(out[1] == 3 * 0x1p63);
	assert_true(slotsum_total(&st, m, 0) == 3 * 0x1p63);
	slotsum_release(&st);
	hp_model_free(m);
}

/* The layout's y range and area come from these sums. */
static void
layout_past_2_64(void **state)
{
	static const uint64_t small[] = { 1, 1 }, big[] = { BIG, BIG };
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;

	(void)state;
	assert_int_equal(lu_header(m, "big", &err), 0);
	sample(m, 0, small, 2);
	sample(m, 1, big, 2);
	render_opts_init(&o);
	assert_int_equal(layout_compute(&l, m, &o, NULL, lu_hp2ps_measure,
					NULL, &err), 0);
	assert_int_equal(l.nbands, 2);
	assert_true(l.yrange == 0x1p64);
	assert_true(l.area == 2.0 + (0x1p64 - 2) / 2);
	layout_release(&l);
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(slot_map),
		cmocka_unit_test(exact_sums),
		cmocka_unit_test(past_2_64),
		cmocka_unit_test(layout_past_2_64),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
