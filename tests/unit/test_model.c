/*
 * tests/unit/test_model.c - the model: interning, sparse samples,
 * duplicates summed, abort, aggregates, marks, series, warnings.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "hp/model.h"

static void
intern_first_seen_order(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	hp_band a, b, c, a2;
	size_t len;

	(void)state;
	assert_int_equal(hp_model_intern(m, "alpha", 5, &a, &err), 0);
	assert_int_equal(hp_model_intern(m, "be\0ta", 5, &b, &err), 0);
	assert_int_equal(hp_model_intern(m, "be", 2, &c, &err), 0);
	assert_int_equal(hp_model_intern(m, "alpha", 5, &a2, &err), 0);
	assert_int_equal(a, 0);
	assert_int_equal(b, 1);
	assert_int_equal(c, 2);
	assert_int_equal(a2, a);
	assert_int_equal(hp_model_band_count(m), 3);
	assert_memory_equal(hp_model_band_name(m, b, &len), "be\0ta", 5);
	assert_int_equal(len, 5);
	assert_int_equal(hp_model_lookup(m, "be", 2, &a2), 1);
	assert_int_equal(a2, c);
	assert_int_equal(hp_model_lookup(m, "gamma", 5, &a2), 0);
	hp_model_free(m);
}

static void
many_bands_survive_rehash(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	char name[32];
	hp_band b;
	int i;

	(void)state;
	for (i = 0; i < 20000; i++) {
		int n = snprintf(name, sizeof name, "band%d", i);
		assert_int_equal(hp_model_intern(m, name, (size_t)n, &b, &err), 0);
		assert_int_equal(b, (hp_band)i);
	}
	for (i = 0; i < 20000; i += 997) {
		int n = snprintf(name, sizeof name, "band%d", i);
		assert_int_equal(hp_model_lookup(m, name, (size_t)n, &b), 1);
		assert_int_equal(b, (hp_band)i);
	}
	hp_model_free(m);
}

static void
samples_are_sparse_and_summed(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	const hp_band *bands;
	const uint64_t *bytes;
	hp_band x, y;

	(void)state;
	assert_int_equal(hp_model_intern(m, "x", 1, &x, &err), 0);
	assert_int_equal(hp_model_intern(m, "y", 1, &y, &err), 0);
	assert_int_equal(hp_model_begin(m, 0.5, &err), 0);
	assert_int_equal(hp_model_add(m, y, 10, &err), 0);
	assert_int_equal(hp_model_add(m, x, 0, &err), 0);
	assert_int_equal(hp_model_add(m, x, 3, &err), 0);
	assert_int_equal(hp_model_add(m, y, 5, &err), 0);
	assert_int_equal(hp_model_sample_count(m), 0);	/* not yet committed */
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(hp_model_sample(m, 0, &bands, &bytes), 2);
	assert_int_equal(bands[0], y);
	assert_int_equal(bytes[0], 15);
	assert_int_equal(bands[1], x);
	assert_int_equal(bytes[1], 3);
	assert_int_equal(hp_model_sample_sum(m, 0), 18);
	assert_true(hp_model_sample_time(m, 0) == 0.5);

	/* The same band in the next sample is a new entry. */
	assert_int_equal(hp_model_begin(m, 0.5, &err), 0);
	assert_int_equal(hp_model_add(m, y, 1, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_sample(m, 1, &bands, &bytes), 1);
	assert_int_equal(bytes[0], 1);
	assert_true(hp_model_band_total(m, y) == 16.0);
	assert_true(hp_model_band_total(m, x) == 3.0);
	hp_model_free(m);
}

static void
abort_drops_open_sample(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	hp_band x;

	(void)state;
	assert_int_equal(hp_model_intern(m, "x", 1, &x, &err), 0);
	assert_int_equal(hp_model_begin(m, 1, &err), 0);
	assert_int_equal(hp_model_add(m, x, 7, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_begin(m, 2, &err), 0);
	assert_int_equal(hp_model_add(m, x, 9, &err), 0);
	assert_true(hp_model_is_open(m));
	hp_model_abort(m);
	assert_false(hp_model_is_open(m));
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_true(hp_model_band_total(m, x) == 7.0);
	/* After an abort a sample at the same place works normally. */
	assert_int_equal(hp_model_begin(m, 2, &err), 0);
	assert_int_equal(hp_model_add(m, x, 1, &err), 0);
	assert_int_equal(hp_model_add(m, x, 1, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_sample(m, 1, NULL, NULL), 1);
	assert_int_equal(hp_model_sample_sum(m, 1), 2);
	hp_model_free(m);
}

/* A listed zero is data ("DRAG 0" in a -hb profile): an entry of 0. */
static void
zeros_are_kept(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	const hp_band *bands;
	const uint64_t *bytes;
	hp_band x, y;

	(void)state;
	assert_int_equal(hp_model_intern(m, "x", 1, &x, &err), 0);
	assert_int_equal(hp_model_intern(m, "y", 1, &y, &err), 0);
	assert_int_equal(hp_model_begin(m, 1, &err), 0);
	assert_int_equal(hp_model_add(m, x, 0, &err), 0);
	assert_int_equal(hp_model_add(m, y, 4, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_sample(m, 0, &bands, &bytes), 2);
	assert_int_equal(bands[0], x);
	assert_int_equal(bytes[0], 0);
	assert_int_equal(hp_model_sample_sum(m, 0), 4);
	assert_true(hp_model_band_total(m, x) == 0.0);
	hp_model_free(m);
}

/* A band added more than once in a sample: one entry, its values kept
 * as parts in entry order, add order within an entry; an aborted
 * sample's parts go with it, appended ones follow their entries. */
static void
parts_of_repeated_bands(void **state)
{
	hp_model *m = hp_model_new(), *m2 = hp_model_new();
	struct hp_err err = {{0}};
	const size_t *pe;
	const uint64_t *pv;
	hp_band a, b, c, map[3];

	(void)state;
	assert_int_equal(hp_model_intern(m, "a", 1, &a, &err), 0);
	assert_int_equal(hp_model_intern(m, "b", 1, &b, &err), 0);
	assert_int_equal(hp_model_intern(m, "c", 1, &c, &err), 0);
	assert_int_equal(hp_model_begin(m, 1, &err), 0);
	assert_int_equal(hp_model_add(m, c, 9, &err), 0);	/* entry 0, once */
	assert_int_equal(hp_model_add(m, a, 1, &err), 0);	/* entry 1 */
	assert_int_equal(hp_model_add(m, b, 2, &err), 0);	/* entry 2 */
	assert_int_equal(hp_model_add(m, b, 0, &err), 0);
	assert_int_equal(hp_model_add(m, a, 3, &err), 0);
	assert_int_equal(hp_model_add(m, b, 4, &err), 0);
	assert_int_equal(hp_model_parts(m, NULL, NULL), 0);	/* open: none yet */
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_parts(m, &pe, &pv), 5);
	assert_int_equal(pe[0], 1);
	assert_int_equal(pv[0], 1);
	assert_int_equal(pe[1], 1);
	assert_int_equal(pv[1], 3);
	assert_int_equal(pe[2], 2);
	assert_int_equal(pv[2], 2);
	assert_int_equal(pe[3], 2);
	assert_int_equal(pv[3], 0);
	assert_int_equal(pe[4], 2);
	assert_int_equal(pv[4], 4);
	assert_int_equal(hp_model_sample_first(m, 0), 0);

	assert_int_equal(hp_model_begin(m, 2, &err), 0);
	assert_int_equal(hp_model_add(m, a, 1, &err), 0);
	assert_int_equal(hp_model_add(m, a, 1, &err), 0);
	hp_model_abort(m);
	assert_int_equal(hp_model_parts(m, NULL, NULL), 5);

	/* m2: one sample, a named twice; appended after m's sample */
	assert_int_equal(hp_model_intern(m2, "c", 1, &map[0], &err), 0);
	assert_int_equal(hp_model_intern(m2, "a", 1, &map[1], &err), 0);
	assert_int_equal(hp_model_begin(m2, 3, &err), 0);
	assert_int_equal(hp_model_add(m2, 0, 5, &err), 0);
	assert_int_equal(hp_model_add(m2, 1, 6, &err), 0);
	assert_int_equal(hp_model_add(m2, 1, 7, &err), 0);
	assert_int_equal(hp_model_commit(m2, &err), 0);
	map[0] = c;
	map[1] = a;
	assert_int_equal(hp_model_append(m, m2, map, &err), 0);
	assert_int_equal(hp_model_sample_first(m, 1), 3);
	assert_int_equal(hp_model_parts(m, &pe, &pv), 7);
	assert_int_equal(pe[5], 4);
	assert_int_equal(pv[5], 6);
	assert_int_equal(pe[6], 4);
	assert_int_equal(pv[6], 7);
	hp_model_free(m);
	hp_model_free(m2);
}

/* Samples lo..hi-1 of src, cut three ways: added one by one (what a
 * cut did before), appended as a range, shared as a range.  The same
 * samples, sums and per-band aggregates; the range keeps the parts. */
static void
check_cut(const hp_model *src, size_t lo, size_t hi, const char *keep)
{
	struct hp_err err = {{0}};
	hp_model *one = hp_model_new(), *range = hp_model_new();
	hp_model *shared = hp_model_new();
	hp_band map[4], id;
	size_t nb = hp_model_band_count(src), b, i, k, n1, n2, n3;
	char name[8];

	for (b = 0; b < nb; b++) {
		snprintf(name, sizeof name, "%s", hp_model_band_name(src, (hp_band)b, NULL));
		assert_int_equal(hp_model_intern(one, name, strlen(name), &map[b], &err), 0);
		assert_int_equal(hp_model_intern(range, name, strlen(name), &id, &err), 0);
		assert_int_equal(hp_model_intern(shared, name, strlen(name), &id, &err), 0);
	}
	for (i = lo; i < hi; i++) {
		const hp_band *bands;
		const uint64_t *bytes;
		size_t n = hp_model_sample(src, i, &bands, &bytes);

		assert_int_equal(hp_model_begin(one, hp_model_sample_time(src, i), &err), 0);
		for (k = 0; k < n; k++)
			if (!keep || keep[bands[k]])
				assert_int_equal(hp_model_add(one, map[bands[k]], bytes[k], &err), 0);
		assert_int_equal(hp_model_commit(one, &err), 0);
	}
	assert_int_equal(hp_model_append_range(range, src, lo, hi, map, keep, &err), 0);
	assert_int_equal(hp_model_share_range(shared, src, lo, hi, NULL, &err), 0);
	assert_int_equal(hp_model_sample_count(range), hi - lo);
	for (i = 0; i < hi - lo; i++) {
		const hp_band *b1, *b2, *b3;
		const uint64_t *v1, *v2, *v3;

		n1 = hp_model_sample(one, i, &b1, &v1);
		n2 = hp_model_sample(range, i, &b2, &v2);
		n3 = hp_model_sample(shared, i, &b3, &v3);
		assert_int_equal(n1, n2);
		assert_memory_equal(b1, b2, n1 * sizeof *b1);
		assert_memory_equal(v1, v2, n1 * sizeof *v1);
		assert_true(hp_model_sample_time(one, i) == hp_model_sample_time(range, i));
		assert_true(hp_model_sample_sum(one, i) == hp_model_sample_sum(range, i));
		if (!keep) {
			assert_int_equal(n1, n3);
			assert_memory_equal(b1, b3, n1 * sizeof *b1);
			assert_memory_equal(v1, v3, n1 * sizeof *v1);
			assert_true(hp_model_sample_sum(one, i) == hp_model_sample_sum(shared, i));
			assert_int_equal(hp_model_sample_first(range, i),
					 hp_model_sample_first(shared, i));
		}
	}
	for (b = 0; b < nb; b++) {
		assert_true(hp_model_band_total(one, (hp_band)b) == hp_model_band_total(range, (hp_band)b));
		if (!keep)
			assert_true(hp_model_band_total(one, (hp_band)b) == hp_model_band_total(shared, (hp_band)b));
	}
	{
		const size_t *pe2, *pe3;
		const uint64_t *pv2, *pv3;

		n2 = hp_model_parts(range, &pe2, &pv2);
		n3 = hp_model_parts(shared, &pe3, &pv3);
		if (!keep) {
			assert_int_equal(n2, n3);
			assert_memory_equal(pe2, pe3, n2 * sizeof *pe2);
			assert_memory_equal(pv2, pv3, n2 * sizeof *pv2);
		}
		for (k = 0; k < n2; k++)	/* every part's entry is kept */
			assert_true(pe2[k] < hp_model_sample_first(range, hi - lo - 1) +
				    hp_model_sample(range, hi - lo - 1, NULL, NULL));
	}
	/* written after sharing: its own entries, the source untouched */
	n1 = hp_model_sample(src, lo, NULL, NULL);
	assert_int_equal(hp_model_begin(shared, 1e9, &err), 0);
	assert_int_equal(hp_model_add(shared, 0, 99, &err), 0);
	assert_int_equal(hp_model_commit(shared, &err), 0);
	assert_int_equal(hp_model_sample(src, lo, NULL, NULL), n1);
	assert_int_equal(hp_model_sample_count(shared), hi - lo + 1);
	hp_model_free(one);
	hp_model_free(range);
	hp_model_free(shared);
}

static void
ranges_cut_and_shared(void **state)
{
	static const char keep[4] = { 1, 0, 1, 1 };
	struct hp_err err = {{0}};
	hp_model *src = hp_model_new();
	hp_band id[4];
	size_t i, b, lo, hi;

	(void)state;
	for (b = 0; b < 4; b++) {
		char name[4] = { 'b', (char)('0' + b), 0, 0 };

		assert_int_equal(hp_model_intern(src, name, 2, &id[b], &err), 0);
	}
	for (i = 0; i < 20; i++) {
		assert_int_equal(hp_model_begin(src, (double)i, &err), 0);
		for (b = 0; b < 4; b++)
			if ((i + b) % 3)
				assert_int_equal(hp_model_add(src, id[b], i * 10 + b, &err), 0);
		if (i % 4 == 1)	/* a name listed twice: parts */
			assert_int_equal(hp_model_add(src, id[(i / 4) % 4], 5, &err), 0);
		assert_int_equal(hp_model_commit(src, &err), 0);
	}
	for (lo = 0; lo < 20; lo += 3)
		for (hi = lo + 1; hi <= 20; hi += 4) {
			check_cut(src, lo, hi, NULL);
			check_cut(src, lo, hi, keep);
		}
	hp_model_free(src);
}

/* A cache slot's data (hp_model_cache), counted when destroyed. */
static int cache_data[4], cache_freed;

static void
cache_free(void *p)
{
	assert_ptr_equal(p, &cache_data[cache_freed]);
	cache_freed++;
}

/* Watch mode's window: a share of a grown model from the same first
 * sample takes over the last share's sums and cache slot; the result is
 * the share made afresh.  Another first sample, or a model that is not
 * the one shared, takes over nothing. */
static void
share_grown(void **state)
{
	struct hp_err err = {{0}};
	hp_model *src = hp_model_new(), *prev = NULL, *cur, *fresh, *other;
	size_t i, b, round;
	hp_band id[3];

	(void)state;
	for (b = 0; b < 3; b++) {
		char name[3] = { 'b', (char)('0' + b), 0 };

		assert_int_equal(hp_model_intern(src, name, 2, &id[b], &err), 0);
	}
	for (round = 0; round < 4; round++) {
		void *taken;

		for (i = 0; i < 10; i++) {
			double t = (double)(round * 10 + i) * 0.1;

			assert_int_equal(hp_model_begin(src, t, &err), 0);
			for (b = 0; b < 3; b++)
				assert_int_equal(hp_model_add(src, id[b], (i * 7 + b * 3) % 11 * 1000 + 1, &err), 0);
			assert_int_equal(hp_model_commit(src, &err), 0);
		}
		cur = hp_model_new();
		fresh = hp_model_new();
		for (b = 0; b < 3; b++) {
			const char *name = hp_model_band_name(src, (hp_band)b, NULL);

			assert_int_equal(hp_model_intern(cur, name, 2, &id[b], &err), 0);
			assert_int_equal(hp_model_intern(fresh, name, 2, &id[b], &err), 0);
		}
		taken = prev ? hp_model_cache(prev) : NULL;
		assert_int_equal(hp_model_share_range(cur, src, 3, SIZE_MAX, prev, &err), 0);
		assert_int_equal(hp_model_share_range(fresh, src, 3, SIZE_MAX, NULL, &err), 0);
		if (taken)
			assert_ptr_equal(hp_model_cache(cur), taken);
		/* what prev kept is now cur's: freeing prev leaves it */
		assert_null(prev ? hp_model_cache(prev) : NULL);
		assert_null(hp_model_cache(fresh));
		hp_model_set_cache(cur, &cache_data[round], cache_free);
		for (b = 0; b < 3; b++)
			assert_true(hp_model_band_total(cur, (hp_band)b) == hp_model_band_total(fresh, (hp_band)b));
		assert_int_equal(hp_model_sample_count(cur), hp_model_sample_count(fresh));
		hp_model_free(prev);
		hp_model_free(fresh);
		prev = cur;
	}
	/* each cache destroyed once: the last three with the model that
	 * took them over (rounds 0..2), the last one not yet */
	assert_int_equal(cache_freed, 3);
	/* another first sample: nothing taken over */
	other = hp_model_new();
	for (b = 0; b < 3; b++)
		assert_int_equal(hp_model_intern(other, hp_model_band_name(src, (hp_band)b, NULL), 2, &id[b], &err), 0);
	assert_int_equal(hp_model_share_range(other, src, 4, SIZE_MAX, prev, &err), 0);
	assert_null(hp_model_cache(other));
	assert_ptr_equal(hp_model_cache(prev), &cache_data[3]);
	hp_model_free(other);
	hp_model_free(prev);
	assert_int_equal(cache_freed, 4);
	hp_model_free(src);
}

static void
refusals(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	hp_band x;

	(void)state;
	assert_int_equal(hp_model_intern(m, "x", 1, &x, &err), 0);
	assert_int_equal(hp_model_add(m, x, 1, &err), -1);
	assert_string_equal(err.msg, "value outside a sample");
	hp_err_clear(&err);
	assert_int_equal(hp_model_commit(m, &err), -1);
	hp_err_clear(&err);
	assert_int_equal(hp_model_begin(m, 5, &err), 0);
	assert_int_equal(hp_model_begin(m, 6, &err), -1);
	hp_err_clear(&err);
	assert_int_equal(hp_model_add(m, x, UINT64_MAX, &err), 0);
	assert_int_equal(hp_model_add(m, x, 1, &err), -1);
	assert_non_null(strstr(err.msg, "2^64"));
	hp_err_clear(&err);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_begin(m, 4, &err), -1);
	assert_non_null(strstr(err.msg, "out of sequence"));
	hp_model_free(m);
}

static void
first_error_is_kept(void **state)
{
	struct hp_err err = {{0}};

	(void)state;
	assert_int_equal(hp_err_set(&err, "first %d", 1), -1);
	assert_int_equal(hp_err_set(&err, "second"), -1);
	assert_string_equal(err.msg, "first 1");
	assert_int_equal(hp_err_set(NULL, "ignored"), -1);
}

static void
header_marks_series_warnings(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	const double *t;
	const uint64_t *v;

	(void)state;
	assert_null(hp_model_get(m, HP_JOB));
	assert_int_equal(hp_model_set(m, HP_JOB, "a.out -p", 8, &err), 0);
	assert_int_equal(hp_model_set(m, HP_JOB, "b", 1, &err), 0);
	assert_string_equal(hp_model_get(m, HP_JOB), "b");
	assert_int_equal(hp_model_add_mark(m, 1.5, NULL, 0, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 2.5, "phase 2", 7, &err), 0);
	assert_int_equal(hp_model_mark_count(m), 2);
	assert_null(hp_model_mark_label(m, 0));
	assert_string_equal(hp_model_mark_label(m, 1), "phase 2");
	assert_true(hp_model_mark_time(m, 1) == 2.5);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_LIVE, 0.1, 4096, &err), 0);
	assert_int_equal(hp_model_series(m, HP_HEAP_LIVE, &t, &v), 1);
	assert_int_equal(v[0], 4096);
	assert_int_equal(hp_model_series(m, HP_HEAP_SIZE, &t, &v), 0);
	hp_model_warn(m, "%s: dropped %d", "f.hp", 1);
	assert_int_equal(hp_model_warning_count(m), 1);
	assert_string_equal(hp_model_warning(m, 0), "f.hp: dropped 1");
	hp_model_free(m);
}

static void
labels_and_ipe(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct hp_ipe ipe = { "main_info", "21", "IO ()", "main", "Main", "T.hs:5:1-30" };
	size_t len;
	hp_band b;

	(void)state;
	assert_int_equal(hp_model_intern(m, "0x4c9b58", 8, &b, &err), 0);
	assert_string_equal(hp_model_band_label(m, b, &len), "0x4c9b58");
	assert_null(hp_model_band_ipe(m, b));
	assert_int_equal(hp_model_band_set_label(m, b, "main_info (0x4c9b58)", 20, &err), 0);
	assert_int_equal(hp_model_band_set_ipe(m, b, &ipe, &err), 0);
	assert_string_equal(hp_model_band_label(m, b, &len), "main_info (0x4c9b58)");
	assert_int_equal(len, 20);
	assert_string_equal(hp_model_band_name(m, b, NULL), "0x4c9b58");
	assert_string_equal(hp_model_band_ipe(m, b)->srcloc, "T.hs:5:1-30");
	hp_model_free(m);
}

/* Capabilities write their events in blocks of their own, so an
 * eventlog of several gives a series in blocks, each in time order, a
 * later block holding earlier times: the model holds it in time order,
 * every point while unthinned, its least and greatest past it. */
static void
series_time_order(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	const double *t;
	const uint64_t *v;
	size_t i, j, k, n, blocks = 2 * 4 * HP_SERIES_MAX / 1000;
	int saw_peak = 0;

	(void)state;
	/* two capabilities: cap 0's block of 1,000 GCs at even
	 * milliseconds, then cap 1's at the odd ones in between */
	for (k = 0; k < blocks; k++)
		for (i = 0; i < 1000; i++) {
			size_t at = 2 * (k / 2 * 1000 + i) + k % 2;

			assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE,
				(double)at / 1000, at == 3001 ? 999999 : at, &err), 0);
			if (k == 1 && i == 999) {
				n = hp_model_series(m, HP_HEAP_SIZE, &t, &v);
				assert_int_equal(n, 2000);
				for (j = 0; j < n; j++)
					assert_true(t[j] == (double)j / 1000 &&
						    v[j] == j);
			}
		}
	n = hp_model_series(m, HP_HEAP_SIZE, &t, &v);
	assert_true(n >= HP_SERIES_MAX / 4 && n <= HP_SERIES_MAX);
	for (i = 1; i < n; i++)
		assert_true(t[i] >= t[i - 1]);
	for (i = 0; i < n; i++)
		saw_peak |= t[i] == 3.001 && v[i] == 999999;
	assert_true(saw_peak);
	assert_true(t[0] == 0);
	hp_model_free(m);
}

/* A day of garbage collections: the series stays under HP_SERIES_MAX
 * points, keeps every point below it, and keeps the extremes (with
 * their times) past it, in arrival order. */
static void
series_thinned_past_max(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	const double *t;
	const uint64_t *v;
	size_t i, n, total = 3 * HP_SERIES_MAX + 12345;
	uint64_t lo = UINT64_MAX, hi = 0;
	int saw_peak = 0, saw_dip = 0;

	(void)state;
	for (i = 0; i < HP_SERIES_MAX; i++)
		assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, (double)i,
						    1000 + i % 97, &err), 0);
	n = hp_model_series(m, HP_HEAP_SIZE, &t, &v);
	assert_int_equal(n, HP_SERIES_MAX);
	for (i = 0; i < n; i++)
		assert_true(t[i] == (double)i && v[i] == 1000 + i % 97);
	for (; i < total; i++) {
		/* One peak and one dip, far apart, to be kept. */
		uint64_t x = i == 100000 ? 999999 : i == 150001 ? 3 :
			1000 + (i * 7919) % 1013;

		assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, (double)i,
						    x, &err), 0);
		/* Never more than the maximum, whatever the moment. */
		assert_true(hp_model_series(m, HP_HEAP_SIZE, NULL, NULL) <=
			    HP_SERIES_MAX);
	}
	n = hp_model_series(m, HP_HEAP_SIZE, &t, &v);
	assert_true(n >= HP_SERIES_MAX / 4 && n <= HP_SERIES_MAX);
	for (i = 0; i < n; i++) {
		if (i)
			assert_true(t[i] > t[i - 1]);
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
		saw_peak |= t[i] == 100000.0 && v[i] == 999999;
		saw_dip |= t[i] == 150001.0 && v[i] == 3;
	}
	assert_true(saw_peak && saw_dip);
	assert_int_equal(hi, 999999);
	assert_int_equal(lo, 3);
	/* The newest point given, thinned or not, is still known. */
	{
		double lt;
		uint64_t lv;

		assert_int_equal(hp_model_latest(m, HP_HEAP_SIZE, &lt, &lv), 1);
		assert_true(lt == (double)(total - 1));
		assert_int_equal(lv, 1000 + ((total - 1) * 7919) % 1013);
	}
	assert_int_equal(hp_model_latest(m, HP_HEAP_LIVE, NULL, NULL), 0);
	assert_int_equal(hp_model_allocated(m, NULL, NULL), 0);
	assert_int_equal(hp_model_add_allocated(m, 2.0, 500, &err), 0);
	assert_int_equal(hp_model_add_allocated(m, 1.0, 400, &err), 0);
	assert_int_equal(hp_model_add_allocated(m, 3.0, 900, &err), 0);
	{
		const double *ats;
		const uint64_t *avs;
		double at;
		uint64_t av;

		assert_int_equal(hp_model_allocated(m, &at, &av), 1);
		assert_true(at == 3.0);
		assert_int_equal(av, 900);
		/* every count, in time order: the page's allocation rate
		 * is read between them (issue 35 §2) */
		assert_int_equal(hp_model_allocations(m, &ats, &avs), 3);
		assert_true(ats[0] == 1.0 && ats[1] == 2.0 && ats[2] == 3.0);
		assert_true(avs[0] == 400 && avs[1] == 500 && avs[2] == 900);
	}
	/* Other series are untouched. */
	assert_int_equal(hp_model_series(m, HP_HEAP_LIVE, NULL, NULL), 0);
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(intern_first_seen_order),
		cmocka_unit_test(many_bands_survive_rehash),
		cmocka_unit_test(samples_are_sparse_and_summed),
		cmocka_unit_test(abort_drops_open_sample),
		cmocka_unit_test(zeros_are_kept),
		cmocka_unit_test(parts_of_repeated_bands),
		cmocka_unit_test(refusals),
		cmocka_unit_test(first_error_is_kept),
		cmocka_unit_test(header_marks_series_warnings),
		cmocka_unit_test(labels_and_ipe),
		cmocka_unit_test(series_thinned_past_max),
		cmocka_unit_test(series_time_order),
		cmocka_unit_test(ranges_cut_and_shared),
		cmocka_unit_test(share_grown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
