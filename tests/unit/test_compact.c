/*
 * tests/unit/test_compact.c - a model that lets its old samples go
 * (hp_model_compact, hp_running_compact): its size stays bounded however many samples come,
 * the samples after the cut are kept as they were (an open one too), the
 * summary keeps the first sample and the greatest and least totals, and
 * hp_stats_compute says exactly, to the bit, what it says of a model
 * that kept every sample.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "hp/model.h"
#include "hp/stats.h"
#include "hp/running.h"

/* Sample i's values: a leak, a sawtooth, a band that comes and goes,
 * one that starts late, one added twice (its parts), a spike. */
static void
put_sample(hp_model *m, size_t i, double t)
{
	struct hp_err err = {{0}};
	hp_band b;

	assert_int_equal(hp_model_begin(m, t, &err), 0);
	assert_int_equal(hp_model_intern(m, "leak", 4, &b, &err), 0);
	assert_int_equal(hp_model_add(m, b, 1000 + 8 * (uint64_t)i, &err), 0);
	assert_int_equal(hp_model_intern(m, "saw", 3, &b, &err), 0);
	assert_int_equal(hp_model_add(m, b, 64 * (uint64_t)(i % 97), &err), 0);
	if (i % 5 != 3) {
		assert_int_equal(hp_model_intern(m, "flicker", 7, &b, &err), 0);
		assert_int_equal(hp_model_add(m, b, 4096, &err), 0);
	}
	if (i > 1500) {
		assert_int_equal(hp_model_intern(m, "late", 4, &b, &err), 0);
		assert_int_equal(hp_model_add(m, b, 7 * (uint64_t)i, &err), 0);
	}
	if (i % 7 == 0) {
		assert_int_equal(hp_model_intern(m, "twice", 5, &b, &err), 0);
		assert_int_equal(hp_model_add(m, b, 10, &err), 0);
		assert_int_equal(hp_model_add(m, b, 20 + (uint64_t)i, &err), 0);
	}
	if (i == 777) {
		assert_int_equal(hp_model_intern(m, "spike", 5, &b, &err), 0);
		assert_int_equal(hp_model_add(m, b, (uint64_t)1 << 30, &err), 0);
	}
	assert_int_equal(hp_model_commit(m, &err), 0);
}

/* The same doubles, bit for bit (NaN equal to NaN). */
static void
same(double a, double b)
{
	if (isnan(a) && isnan(b))
		return;
	assert_memory_equal(&a, &b, sizeof a);
}

static void
same_stats(const hp_model *a, const hp_model *b)
{
	struct hp_stats sa, sb;
	struct hp_err err = {{0}};
	size_t i;

	assert_int_equal(hp_stats_compute(&sa, a, &err), 0);
	assert_int_equal(hp_stats_compute(&sb, b, &err), 0);
	assert_int_equal(sa.nsamples, sb.nsamples);
	assert_int_equal(sa.nbands, sb.nbands);
	same(sa.t0, sb.t0);
	same(sa.t1, sb.t1);
	same(sa.end, sb.end);
	assert_true(sa.peak == sb.peak);
	same(sa.peak_t, sb.peak_t);
	same(sa.integral, sb.integral);
	for (i = 0; i < sa.nbands; i++) {
		const struct hp_band_stats *x = &sa.band[i], *y = &sb.band[i];

		assert_true(x->peak == y->peak);
		same(x->peak_t, y->peak_t);
		same(x->integral, y->integral);
		assert_true(x->last == y->last);
		same(x->growth, y->growth);
		same(x->fit, y->fit);
	}
	hp_stats_release(&sa);
	hp_stats_release(&sb);
}

/* Every band's stats, growth and fit equal those of the whole model,
 * at every step, as a heap profile and as a ticky one (rates over each
 * sample's interval), with and without GHC's exit mark. */
static void
check_exact(enum hp_profile prof, int exit_mark)
{
	hp_model *all = hp_model_new(), *cut = hp_model_new();
	struct hp_err err = {{0}};
	size_t i, n = 5000;

	hp_model_set_profile(all, prof);
	hp_model_set_profile(cut, prof);
	for (i = 0; i < n; i++) {
		double t = 0.1 * (double)i + (i > 3000 ? 0.05 : 0);

		put_sample(all, i, t);
		put_sample(cut, i, t);
		if (i % 100 == 99) {
			size_t k = hp_model_sample_count(cut);

			assert_int_equal(hp_running_compact(cut, k - 60, 16, &err), 0);
			same_stats(all, cut);
		}
	}
	if (exit_mark) {
		hp_model_set_exit_sample(all, 1);
		hp_model_set_exit_sample(cut, 1);
		assert_int_equal(hp_model_begin(all, 600, &err), 0);
		assert_int_equal(hp_model_commit(all, &err), 0);
		assert_int_equal(hp_model_begin(cut, 600, &err), 0);
		assert_int_equal(hp_model_commit(cut, &err), 0);
	}
	assert_true(hp_model_dropped(cut) > 4000);
	same_stats(all, cut);
	{
		double sa[8], sb[8], fa[8], fb[8];

		assert_int_equal(hp_model_band_count(all), 6);
		assert_int_equal(hp_growth_fit(all, sa, fa), 0);
		assert_int_equal(hp_growth_fit(cut, sb, fb), 0);
		for (i = 0; i < 6; i++) {
			same(sa[i], sb[i]);
			same(fa[i], fb[i]);
		}
	}
	hp_model_free(all);
	hp_model_free(cut);
}

static void
stats_exact(void **state)
{
	(void)state;
	check_exact(HP_PROFILE_HEAP, 0);
	check_exact(HP_PROFILE_HEAP, 1);
	check_exact(HP_PROFILE_TICKY, 0);
}

/* A share of all of a compacted model's samples (watch mode's view of
 * it) says its numbers too. */
static void
share_says_them(void **state)
{
	hp_model *all = hp_model_new(), *cut = hp_model_new(), *view;
	struct hp_err err = {{0}};
	hp_band b;
	size_t i;

	(void)state;
	for (i = 0; i < 3000; i++) {
		put_sample(all, i, (double)i);
		put_sample(cut, i, (double)i);
	}
	assert_int_equal(hp_running_compact(cut, 2500, 8, &err), 0);
	view = hp_model_new();
	for (i = 0; i < hp_model_band_count(cut); i++) {
		size_t len;
		const char *s = hp_model_band_name(cut, (hp_band)i, &len);

		assert_int_equal(hp_model_intern(view, s, len, &b, &err), 0);
	}
	assert_int_equal(hp_model_share_range(view, cut, 0, SIZE_MAX, NULL, &err), 0);
	same_stats(all, view);
	hp_model_free(view);
	hp_model_free(all);
	hp_model_free(cut);
}

/* However many samples come, the model holds the window and at most
 * four samples a bucket; the samples after the cut are those given; the
 * summary keeps the first sample and the greatest total. */
static void
bounded(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	size_t i, n = 200000, most = 0, k;
	int spike = 0;

	(void)state;
	for (i = 0; i < n; i++) {
		put_sample(m, i, (double)i);
		if (i % 500 == 499) {
			k = hp_model_sample_count(m);
			assert_int_equal(hp_running_compact(m, k > 1000 ? k - 1000 : 0, 64, &err), 0);
			if (hp_model_sample_count(m) > most)
				most = hp_model_sample_count(m);
		}
	}
	k = hp_model_sample_count(m);
	assert_true(most <= 1500 + 4 * 64);
	assert_true(hp_model_summarised(m) <= 4 * 64);
	assert_int_equal(k + hp_model_dropped(m), n);
	/* the window: the last 1000 or more, exactly as given */
	for (i = hp_model_summarised(m); i < k; i++) {
		const hp_band *b;
		const uint64_t *v;
		double t = hp_model_sample_time(m, i);

		hp_model_sample(m, i, &b, &v);
		assert_true(v[0] == 1000 + 8 * (uint64_t)t);
		assert_true(i == 0 || t == hp_model_sample_time(m, i - 1) + 1 ||
			    i == hp_model_summarised(m));
	}
	assert_true(hp_model_sample_time(m, k - 1) == (double)(n - 1));
	assert_true(hp_model_sample_time(m, 0) == 0);
	for (i = 0; i < hp_model_summarised(m); i++)
		spike |= hp_model_sample_time(m, i) == 777;
	assert_true(spike);
	hp_model_free(m);
}

/* A sample open when the model is compacted stays open, its entries
 * and a band added twice (summed into its slot) where they were. */
static void
open_sample_kept(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	const hp_band *b;
	const uint64_t *v;
	size_t i, n, k;
	hp_band x, y;

	(void)state;
	for (i = 0; i < 300; i++)
		put_sample(m, i, (double)i);
	assert_int_equal(hp_model_intern(m, "x", 1, &x, &err), 0);
	assert_int_equal(hp_model_intern(m, "y", 1, &y, &err), 0);
	assert_int_equal(hp_model_begin(m, 300, &err), 0);
	assert_int_equal(hp_model_add(m, x, 5, &err), 0);
	assert_int_equal(hp_model_add(m, y, 6, &err), 0);
	assert_int_equal(hp_running_compact(m, 250, 4, &err), 0);
	assert_int_equal(hp_model_add(m, x, 100, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	k = hp_model_sample_count(m) - 1;
	n = hp_model_sample(m, k, &b, &v);
	assert_int_equal(n, 2);
	assert_int_equal(b[0], x);
	assert_true(v[0] == 105);
	assert_int_equal(b[1], y);
	assert_true(v[1] == 6);
	assert_true(hp_model_sample_sum(m, k) == 111);
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stats_exact),
		cmocka_unit_test(share_says_them),
		cmocka_unit_test(bounded),
		cmocka_unit_test(open_sample_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
