/*
 * tests/unit/test_stats.c - growth, integrals, peaks and phases
 * (hp/stats.c) against numbers worked out by hand, and --sort growth in
 * the layout: the band that keeps rising goes on top, however small.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "hp/reader.h"
#include "hp/select.h"
#include "hp/stats.h"
#include "hp/steps.h"
#include "render/layout/layout.h"
#include "testutil.h"

/* big: 100 flat; rise: 0,10,20,30 (slope 10/s); fall: 40,30,20,10
 * (slope -10/s, only in the first three samples... and the last). */
static const char profile[] =
	"JOB \"j\"\n"
	"BEGIN_SAMPLE 0\nbig\t100\nfall\t40\nEND_SAMPLE 0\n"
	"BEGIN_SAMPLE 1\nbig\t100\nrise\t10\nfall\t30\nEND_SAMPLE 1\n"
	"BEGIN_SAMPLE 2\nbig\t100\nrise\t20\nfall\t20\nEND_SAMPLE 2\n"
	"BEGIN_SAMPLE 3\nbig\t100\nrise\t30\nfall\t10\nEND_SAMPLE 3\n";

static hp_model *
load(const char *text)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();

	assert_non_null(m);
	assert_int_equal(hp_read_mem(m, "t.hp", text, strlen(text), &err), 0);
	return m;
}

static hp_band
band(const hp_model *m, const char *name)
{
	hp_band b = 0;

	assert_true(hp_model_lookup(m, name, strlen(name), &b));
	return b;
}

static void
growth_slopes(void **state)
{
	hp_model *m = load(profile);
	double slope[3];

	(void)state;
	assert_int_equal(hp_growth(m, slope), 0);
	assert_true(slope[band(m, "big")] == 0);
	assert_true(slope[band(m, "rise")] == 10);
	assert_true(slope[band(m, "fall")] == -10);
	hp_model_free(m);
}

/* The fit (R²) beside each growth tells a steady leak from a sawtooth:
 * "leak" grows 1,000 bytes a census with a little noise (R² near 1);
 * "saw" climbs and is collected every 5 censuses, a slope close to the
 * leak's but no line through it (R² low); "flat" is 816 throughout (no
 * variance: no fit, NaN); "rise" of growth_slopes' profile is a line,
 * exactly (R² 1). */
static void
growth_fit(void **state)
{
	char text[8192];
	size_t n = 0;
	int i;
	hp_model *m;
	double slope[3], fit[3];

	(void)state;
	n += (size_t)snprintf(text + n, sizeof text - n, "JOB \"j\"\n");
	for (i = 0; i < 40; i++)
		n += (size_t)snprintf(text + n, sizeof text - n,
				      "BEGIN_SAMPLE %d\nleak\t%d\nsaw\t%d\nflat\t816\nEND_SAMPLE %d\n",
				      i, 1000 * i + (i % 3) * 50, 8000 * (i % 5) + 200 * i, i);
	m = load(text);
	assert_int_equal(hp_growth_fit(m, slope, fit), 0);
	assert_true(fit[band(m, "leak")] > 0.99);
	assert_true(fit[band(m, "saw")] < 0.3);
	assert_true(slope[band(m, "saw")] > 100);
	assert_true(isnan(fit[band(m, "flat")]));
	hp_model_free(m);
	m = load(profile);
	assert_int_equal(hp_growth_fit(m, slope, fit), 0);
	assert_true(fabs(fit[band(m, "rise")] - 1) < 1e-12);
	assert_true(fabs(fit[band(m, "fall")] - 1) < 1e-12);
	assert_true(isnan(fit[band(m, "big")]));
	hp_model_free(m);
}

/* A band that does not change has no growth, exactly: times that are
 * no binary fractions (an eventlog's) leave a residue of the sums'
 * rounding (+1.87e-12 B/s on a page), which is no slope. */
static void
flat_band_no_growth(void **state)
{
	char text[4096];
	size_t n = 0;
	int i;
	hp_model *m;
	double slope[2];

	(void)state;
	n += (size_t)snprintf(text + n, sizeof text - n, "JOB \"j\"\n");
	for (i = 0; i < 40; i++) {
		double t = 0.0131 + 0.0187 * i + 0.0003 * (i % 7);

		n += (size_t)snprintf(text + n, sizeof text - n,
				      "BEGIN_SAMPLE %.6f\nflat\t816\nrise\t%d\nEND_SAMPLE %.6f\n",
				      t, 1000 + 8 * i, t);
	}
	m = load(text);
	assert_int_equal(hp_growth(m, slope), 0);
	assert_true(slope[band(m, "flat")] == 0);
	assert_true(slope[band(m, "rise")] > 400);
	hp_model_free(m);
}

static void
band_numbers(void **state)
{
	struct hp_err err = {{0}};
	struct hp_stats st;
	hp_model *m = load(profile);
	const struct hp_band_stats *r, *f, *b;

	(void)state;
	assert_int_equal(hp_stats_compute(&st, m, &err), 0);
	assert_int_equal(st.nsamples, 4);
	assert_true(st.t0 == 0 && st.t1 == 3);
	r = &st.band[band(m, "rise")];
	f = &st.band[band(m, "fall")];
	b = &st.band[band(m, "big")];
	/* trapezoids: rise 5 + 15 + 25, fall 35 + 25 + 15, big 300 */
	assert_true(r->integral == 45);
	assert_true(f->integral == 75);
	assert_true(b->integral == 300);
	assert_true(st.integral == 420);
	assert_int_equal(r->peak, 30);
	assert_true(r->peak_t == 3);
	assert_int_equal(f->peak, 40);
	assert_true(f->peak_t == 0);
	assert_int_equal(r->last, 30);
	assert_int_equal(f->last, 10);
	assert_true(r->growth == 10);
	/* totals 140 at every sample: the first holds the peak */
	assert_int_equal(st.peak, 140);
	assert_true(st.peak_t == 0);
	assert_int_equal(st.nphases, 0);
	hp_stats_release(&st);
	hp_model_free(m);
}

static void
phase_numbers(void **state)
{
	struct hp_err err = {{0}};
	struct hp_stats st;
	hp_model *m = load(
		"BEGIN_SAMPLE 0\na\t1\nEND_SAMPLE 0\n"
		"BEGIN_SAMPLE 1\na\t5\nb\t9\nc\t2\nd\t7\nEND_SAMPLE 1\n"
		"BEGIN_SAMPLE 2\na\t50\nb\t1\nEND_SAMPLE 2\n"
		"BEGIN_SAMPLE 3\nc\t3\nEND_SAMPLE 3\n");

	(void)state;
	/* marks out of order, as a file may have them */
	assert_int_equal(hp_model_add_mark(m, 2.5, "late", 4, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 0.5, "early", 5, &err), 0);
	assert_int_equal(hp_stats_compute(&st, m, &err), 0);
	assert_int_equal(st.nphases, 3);
	/* before the first mark: sample 0 */
	assert_null(st.phase[0].label);
	assert_int_equal(st.phase[0].nsamples, 1);
	assert_int_equal(st.phase[0].peak, 1);
	/* "early": samples 1 (total 23) and 2 (total 51) */
	assert_string_equal(st.phase[1].label, "early");
	assert_true(st.phase[1].from == 0.5 && st.phase[1].to == 2.5);
	assert_int_equal(st.phase[1].nsamples, 2);
	assert_int_equal(st.phase[1].peak, 51);
	assert_true(st.phase[1].peak_t == 2);
	assert_int_equal(st.phase[1].ntop, 2);
	assert_int_equal(st.phase[1].top[0], band(m, "a"));
	assert_int_equal(st.phase[1].top_bytes[0], 50);
	assert_int_equal(st.phase[1].top[1], band(m, "b"));
	/* "late": sample 3, to the last sample */
	assert_string_equal(st.phase[2].label, "late");
	assert_true(st.phase[2].to == 3);
	assert_int_equal(st.phase[2].peak, 3);
	hp_stats_release(&st);
	hp_model_free(m);

	/* top three of four, largest first */
	m = load("BEGIN_SAMPLE 0\na\t5\nb\t9\nc\t2\nd\t7\nEND_SAMPLE 0\n");
	assert_int_equal(hp_model_add_mark(m, 0, "only", 4, &err), 0);
	assert_int_equal(hp_stats_compute(&st, m, &err), 0);
	assert_int_equal(st.nphases, 1);
	assert_int_equal(st.phase[0].ntop, 3);
	assert_int_equal(st.phase[0].top_bytes[0], 9);
	assert_int_equal(st.phase[0].top_bytes[1], 7);
	assert_int_equal(st.phase[0].top_bytes[2], 5);
	assert_int_equal(st.phase[0].top[0], band(m, "b"));
	hp_stats_release(&st);
	hp_model_free(m);
}

static void
sort_growth(void **state)
{
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	hp_model *m = load(profile);

	(void)state;
	render_opts_init(&o);
	o.trace_pct = 0;
	assert_int_equal(layout_compute(&l, m, &o, NULL, NULL, NULL, &err), 0);
	/* by size: big on top */
	assert_int_equal(l.bands[2].band, band(m, "big"));
	layout_release(&l);
	o.sort = RENDER_SORT_GROWTH;
	assert_int_equal(layout_compute(&l, m, &o, NULL, NULL, NULL, &err), 0);
	assert_int_equal(l.bands[0].band, band(m, "fall"));
	assert_int_equal(l.bands[1].band, band(m, "big"));
	assert_int_equal(l.bands[2].band, band(m, "rise"));
	layout_release(&l);
	/* -m2: OTHER takes the smallest by size (rise, fall), not the
	 * slowest growing (fall, big) */
	o.max_bands = 2;
	assert_int_equal(layout_compute(&l, m, &o, NULL, NULL, NULL, &err), 0);
	assert_int_equal(l.nbands, 2);
	assert_true(l.has_other);
	assert_int_equal(l.slot[band(m, "rise")], 0);
	assert_int_equal(l.slot[band(m, "fall")], 0);
	assert_int_equal(l.bands[1].band, band(m, "big"));
	layout_release(&l);
	hp_model_free(m);
}

static void
window_axis_and_note(void **state)
{
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	hp_model *m = load(profile);

	(void)state;
	render_opts_init(&o);
	o.has_from = o.has_to = 1;
	o.from = -1;
	o.to = 5;
	o.note = "bands matching 'x'";
	assert_int_equal(layout_compute(&l, m, &o, NULL, NULL, NULL, &err), 0);
	assert_true(l.t0 == -1 && l.xrange == 6);
	assert_string_equal(l.title, "j \u2014 bands matching 'x'");
	layout_release(&l);
	hp_model_free(m);
}

/* Least-squares slope of v against t, worked out here, apart from
 * hp/stats.c. */
static double
slope_of(const double *t, const double *v, size_t n)
{
	double tb = 0, vb = 0, num = 0, den = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		tb += t[i] / (double)n;
		vb += v[i] / (double)n;
	}
	for (i = 0; i < n; i++) {
		num += (t[i] - tb) * (v[i] - vb);
		den += (t[i] - tb) * (t[i] - tb);
	}
	return num / den;
}

static hp_model *
load_file(const char *rel)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();

	assert_non_null(m);
	if (hp_read_file(m, tu_data(rel), &err))
		fail_msg("%s: %s", rel, err.msg);
	return m;
}

/* GHC's exit sample (an empty BEGIN_SAMPLE 1.70 / END_SAMPLE 1.70 from
 * endHeapProfiling) is the end of the run, not a census of 0 bytes:
 * hpd3js's thunk leak, real GHC output.  Its THUNK_1_0 reads 21.9 MB at
 * the last census and rises by 19 MB/s over the nine; counted as a
 * census, the last was 0 B and the slope 6.9 MB/s. */
static void
exit_sample_is_no_census(void **state)
{
	static const double t[] = { 0, .16, .24, .45, .61, .78, 1.04, 1.28, 1.54 };
	static const double thunk[] = { 0, 9663024, 12262416, 22810860,
		26588052, 29555880, 37716996, 40324668, 21911232 };
	struct hp_err err = {{0}};
	struct hp_stats st;
	struct hp_select sel = { 0 };
	hp_model *m = load_file("hp/hpd3js-original.hp"), *w;
	const struct hp_band_stats *b;
	double want = slope_of(t, thunk, 9);

	(void)state;
	assert_int_equal(hp_model_sample_count(m), 10);
	assert_int_equal(hp_model_census_count(m), 9);
	assert_int_equal(hp_stats_compute(&st, m, &err), 0);
	assert_int_equal(st.nsamples, 9);
	assert_true(st.t1 == 1.54 && st.end == 1.70);
	b = &st.band[band(m, "THUNK_1_0")];
	assert_int_equal(b->last, 21911232);
	assert_int_equal(st.band[band(m, "TSO")].last, 4186112);
	assert_true(fabs(b->growth - want) < 1e-6 * fabs(want));
	assert_true(want > 19e6 && want < 19.2e6);
	/* the title's area is still the graph's, fall to zero included */
	assert_true(fabs(st.integral - 43.2e6) < 0.05e6);
	hp_stats_release(&st);

	/* a window that holds the exit keeps it an exit; one that ends
	 * before it has none, and its last sample is a census */
	sel.from = "0.5";
	w = hp_select_apply(m, &sel, NULL, &err);
	assert_non_null(w);
	assert_int_equal(hp_model_census_count(w),
			 hp_model_sample_count(w) - 1);
	hp_model_free(w);
	sel.from = NULL;
	sel.to = "1.6";
	w = hp_select_apply(m, &sel, NULL, &err);
	assert_non_null(w);
	assert_int_equal(hp_model_census_count(w), 9);
	assert_int_equal(hp_model_sample_count(w), 9);
	hp_model_free(w);
	hp_model_free(m);

	/* dilcue's ray tracer: THUNK rises over its censuses, and the
	 * exit sample turned its slope negative (-425 kB/s) */
	m = load_file("hp/dilcue-Main.hp");
	assert_int_equal(hp_stats_compute(&st, m, &err), 0);
	b = &st.band[band(m, "THUNK")];
	assert_true(b->growth > 300e3);
	assert_int_equal(b->last, 371272);
	hp_stats_release(&st);
	hp_model_free(m);
}

/* A per-interval profile's area is what it counted.  ghc-events'
 * time-prof log (GHC 8.9, -p -l): 340 ticks of 1 ms, so 0.34 CPU
 * seconds, in --summary's "in all", in the title (hp_steps_total) and
 * under the drawing's steps alike; on main the trapezoids between
 * column middles, with a ramp from 0, made it 0.322. */
static void
time_samples_total_their_ticks(void **state)
{
	struct hp_err err = {{0}};
	struct hp_stats st;
	struct render_opts o;
	struct render_layout l;
	hp_model *m = load_file("ghc-events/time-prof.eventlog"), *s;
	double scale = hp_model_scale(m), a, b, a1, b1;
	size_t i, ns = hp_model_sample_count(m);

	(void)state;
	assert_true(hp_model_per_interval(m));
	assert_int_equal(hp_stats_compute(&st, m, &err), 0);
	assert_true(fabs(st.integral * scale - 0.340) < 1e-12);
	assert_true(fabs(hp_steps_total(m) * scale - 0.340) < 1e-12);
	hp_stats_release(&st);
	/* the columns meet: each begins where the one before ends */
	for (i = 1; i < ns; i++) {
		hp_model_interval(m, i - 1, &a, &b);
		hp_model_interval(m, i, &a1, &b1);
		assert_true(fabs(b - a1) < 1e-9 && b1 > a1);
	}
	/* the steps: an empty sample, two per column, an empty one */
	s = hp_steps(m, &err);
	assert_non_null(s);
	assert_int_equal(hp_model_sample_count(s), 2 * ns + 2);
	assert_int_equal(hp_model_sample_sum(s, 0), 0);
	assert_int_equal(hp_model_sample_sum(s, 2 * ns + 1), 0);
	for (i = 0; i < ns; i++) {
		assert_int_equal(hp_model_sample_sum(s, 1 + 2 * i),
				 hp_model_sample_sum(m, i));
		assert_int_equal(hp_model_sample_sum(s, 2 + 2 * i),
				 hp_model_sample_sum(m, i));
	}
	render_opts_init(&o);
	o.trace_pct = 0;
	assert_int_equal(layout_compute(&l, s, &o, NULL, NULL, NULL, &err), 0);
	assert_true(fabs(l.area * scale - 0.340) < 1e-9);
	assert_true(l.t0 == 0);	/* the axis from the start, no ramp */
	layout_release(&l);
	hp_model_free(s);
	hp_model_free(m);
}

/* Ticky samples total the counters, to the byte, and carry the names GHC
 * gives them at exit.  ghc-events' ticky-new log (GHC 9.4, TICKY_COUNTER_
 * BEGIN_SAMPLE): fib1 counted 14858704 + 126359016 + 130075400 +
 * 130074256 bytes, Main.fib 32 (ghc-events' test/ticky-new.eventlog.
 * reference); main gave 379 MB in all from rates rounded and joined by
 * trapezoids, and named both "<ticky ID>". */
static void
ticky_totals_are_the_counters(void **state)
{
	static const char fib1[] = "fib1{v sZs} (Main) (fun) in r1";
	struct hp_err err = {{0}};
	struct hp_stats st;
	hp_model *m = load_file("ticky/ticky-new.eventlog"), *s;
	hp_band b, f;
	double a0, b0;

	(void)state;
	assert_true(hp_model_per_interval(m));
	assert_true(hp_model_lookup(m, fib1, strlen(fib1), &b));
	assert_true(hp_model_lookup(m, "Main.fib{v r1} (fun)", 20, &f));
	assert_int_equal(hp_model_band_count(m), 2);
	assert_int_equal(hp_stats_compute(&st, m, &err), 0);
	assert_true(st.band[b].integral == 401367376.0);
	assert_true(st.band[f].integral == 32.0);
	assert_true(st.integral == 401367408.0);
	assert_true(hp_steps_total(m) == 401367408.0);
	/* the first interval from the program's start; its rate drawn */
	hp_model_interval(m, 0, &a0, &b0);
	assert_true(a0 == 0 && b0 == hp_model_sample_time(m, 0));
	assert_true(fabs(hp_model_rate(m, 0, 14858704) - 14858704 / b0) < 1e-3);
	assert_int_equal(st.band[b].last, (uint64_t)(130074256 /
		(hp_model_sample_time(m, 3) - hp_model_sample_time(m, 2)) + 0.5));
	hp_stats_release(&st);
	assert_string_equal(hp_model_count_unit(m), "bytes");
	assert_string_equal(hp_model_amount_unit(m), "bytes");
	/* the drawing: a step per interval, from 0 */
	s = hp_steps(m, &err);
	assert_non_null(s);
	assert_int_equal(hp_model_sample_count(s), 10);
	assert_true(hp_model_sample_time(s, 0) == 0 &&
		    hp_model_sample_time(s, 1) == 0);
	hp_model_free(s);
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(growth_slopes),
		cmocka_unit_test(flat_band_no_growth),
		cmocka_unit_test(growth_fit),
		cmocka_unit_test(band_numbers),
		cmocka_unit_test(phase_numbers),
		cmocka_unit_test(sort_growth),
		cmocka_unit_test(window_axis_and_note),
		cmocka_unit_test(exit_sample_is_no_census),
		cmocka_unit_test(time_samples_total_their_ticks),
		cmocka_unit_test(ticky_totals_are_the_counters),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
