/*
 * tests/unit/test_live.c - what a live stream needs of the eventlog reader
 * and the model.
 *
 * A real log with the GC class on (tests/data/live/leak-gc.eventlog) gives
 * the newest heap size, live bytes and bytes allocated, as the status line
 * shows them.  And a day-long stream costs memory for its heap samples
 * only: after the log's own header, hundreds of megabytes of scheduler
 * and GC events (skipped) and millions of heap-size events (a thinned
 * series) are fed in chunks, and the heap the process uses (mallinfo2)
 * grows by less than the series' bound, while every heap sample of the
 * log, fed again after them, still arrives.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <cmocka.h>

#include "hp/model.h"
#include "hp/reader.h"
#include "testutil.h"

#define GC_LOG "tests/data/live/leak-gc.eventlog"

static void
latest_values(void **state)
{
	size_t len;
	char *data = tu_slurp(tu_src(GC_LOG), &len);
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	const double *t;
	const uint64_t *v;
	double lt;
	uint64_t lv, alloc;
	size_t n, i;
	double tmax = -1;
	uint64_t vmax = 0;

	(void)state;
	assert_non_null(data);
	assert_int_equal(hp_read_mem(m, GC_LOG, data, len, &err), 0);
	n = hp_model_series(m, HP_HEAP_SIZE, &t, &v);
	assert_true(n > 1000);
	for (i = 0; i < n; i++)
		if (t[i] >= tmax)
			tmax = t[i], vmax = v[i];
	assert_int_equal(hp_model_latest(m, HP_HEAP_SIZE, &lt, &lv), 1);
	assert_true(lt == tmax);
	assert_int_equal(lv, vmax);
	assert_int_equal(hp_model_latest(m, HP_HEAP_LIVE, &lt, &lv), 1);
	assert_true(lv > 0);
	/* Leak allocates gigabytes over its run. */
	assert_int_equal(hp_model_allocated(m, &lt, &alloc), 1);
	assert_true(alloc > ((uint64_t)100 << 20));
	assert_true(lt > 0);
	hp_model_free(m);
	free(data);
}

static void
put16(unsigned char *p, unsigned v)
{
	p[0] = (unsigned char)(v >> 8);
	p[1] = (unsigned char)v;
}

static void
put64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (56 - 8 * i));
}

static size_t
heap_in_use(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
}

static void
non_heap_events_cost_nothing(void **state)
{
	size_t len, hdr, i, k, nsamples;
	char *data = tu_slurp(tu_src(GC_LOG), &len);
	char *datb;
	hp_model *m = hp_model_new();
	hp_model *once = hp_model_new();
	hp_reader *r = hp_reader_new(m, "stream");
	struct hp_err err = {{0}};
	unsigned char *chunk = malloc(1 << 20);
	uint64_t ns = 1;
	size_t before, after, n;

	(void)state;
	assert_non_null(data);
	assert_non_null(chunk);
	assert_int_equal(hp_read_mem(once, GC_LOG, data, len, &err), 0);
	nsamples = hp_model_sample_count(once);
	assert_true(nsamples > 10);
	datb = memmem(data, len, "datb", 4);
	assert_non_null(datb);
	hdr = (size_t)(datb - data) + 4;
	assert_int_equal(hp_reader_feed(r, data, hdr, &err), 0);
	before = heap_in_use();
	/* 400 MB of GC_START (9) and GC_END (10), 10 bytes each, with a
	 * HEAP_SIZE (50: capset, bytes) every 20th: 2 million points. */
	for (k = 0; k < 400; k++) {
		size_t at = 0;

		for (i = 0; at + 22 <= (1u << 20); i++) {
			if (i % 20 == 19) {
				put16(chunk + at, 50);
				put64(chunk + at + 2, ns++);
				memset(chunk + at + 10, 0, 4);
				put64(chunk + at + 14, 1000 + i % 777);
				at += 22;
			} else {
				put16(chunk + at, 9 + (unsigned)(i & 1));
				put64(chunk + at + 2, ns++);
				at += 10;
			}
		}
		/* An odd split: events cut across chunks. */
		assert_int_equal(hp_reader_feed(r, chunk, at - 7, &err), 0);
		assert_int_equal(hp_reader_feed(r, chunk + at - 7, 7, &err), 0);
	}
	after = heap_in_use();
	n = hp_model_series(m, HP_HEAP_SIZE, NULL, NULL);
	assert_true(n <= HP_SERIES_MAX);
	/* The series' bound (two arrays grown by half again) and slack;
	 * unbounded, two million points would be 32 MB. */
	assert_true(after < before + HP_SERIES_MAX * 16 * 3 / 2 + (1u << 20));
	assert_int_equal(hp_model_sample_count(m), 0);
	/* The heap samples that follow still arrive. */
	assert_int_equal(hp_reader_feed(r, data + hdr, len - hdr, &err), 0);
	assert_int_equal(hp_reader_finish(r, &err), 0);
	assert_int_equal(hp_model_sample_count(m), nsamples);
	assert_int_equal(hp_model_warning_count(m), 0);
	hp_reader_free(r);
	hp_model_free(m);
	hp_model_free(once);
	free(chunk);
	free(data);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(latest_values),
		cmocka_unit_test(non_heap_events_cost_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
