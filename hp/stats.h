/*
 * hp/stats.h - what a profile says in numbers, for --summary and
 * --sort growth: per band its peak, integral, last value and growth; per
 * phase between marks its peak total and biggest bands; the profile's
 * span; an eventlog's heap-size series, peak and last, and allocation.
 *
 * Only censuses count: GHC's exit mark ends a .hp with an empty sample
 * that measured nothing (model.h), so a band's last value is that of
 * the last census, its peak the largest census value, and phases hold
 * censuses; the same run read from its eventlog gives the same numbers.
 *
 * Growth is the least-squares slope of a band's bytes against time over
 * every census (a census without the band counts as 0 bytes), in bytes
 * per second: positive for a band that keeps rising, whatever its size.
 * Integrals are trapezoids between consecutive samples, as the graph's
 * "bytes x seconds" is (its fall to zero at the exit mark included, as
 * hp2ps draws it), so the bands' integrals add up to the title's.
 *
 * A per-interval profile (time and ticky samples, model.h) is drawn as
 * steps: there a band's value is its rate (peak, last, growth), and its
 * integral what it counted, the rate over the interval, summed: exactly
 * the counters' total, the area the graph draws.
 *
 * Plain computation in one pass over the entries; no printing.
 */
#ifndef HP_STATS_H
#define HP_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* Every band's growth (bytes per second) into slope[0..bands-1].
 * Returns 0, or -1 when out of memory. */
int hp_growth(const hp_model *m, double *slope) HP_MUSTCHECK;
/* The same, and how well each slope's line fits the band's values (R²,
 * the share of their variance the line explains: near 1 for a steady
 * leak, near 0 for a sawtooth) into fit[0..bands-1], NaN for a band
 * that does not vary (no line fits it better than its mean). */
int hp_growth_fit(const hp_model *m, double *slope, double *fit)
	HP_MUSTCHECK;

/* A band's shape: its stretches of the run (from the first sample to
 * the last, a .hp's final empty one included). */
#define HP_SHAPE_N 16

struct hp_band_stats {
	uint64_t peak;		/* largest value in one census */
	double peak_t;		/* time of the first sample holding it */
	double integral;	/* bytes x seconds */
	uint64_t last;		/* value in the last census */
	double growth;		/* bytes per second */
	double fit;		/* R² of growth's line, NaN: flat */
	uint64_t shape[HP_SHAPE_N];	/* largest value in each of
					 * HP_SHAPE_N equal stretches */
};

#define HP_PHASE_TOP 3

struct hp_phase {
	const char *label;	/* the mark that starts it; NULL: the
				 * samples before the first mark */
	double from, to;	/* to: the next mark, or the run's end */
	size_t nsamples;
	uint64_t peak;		/* largest sample total in the phase */
	double peak_t;
	size_t ntop;		/* the biggest bands of that sample */
	hp_band top[HP_PHASE_TOP];
	uint64_t top_bytes[HP_PHASE_TOP];
};

/* A heap-size series of an eventlog (HEAP_SIZE, BLOCKS_SIZE, HEAP_LIVE:
 * one point per GC, as the RTS logs them). */
struct hp_series_stats {
	size_t points;		/* 0: the log has none */
	uint64_t peak;		/* largest value */
	double peak_t;		/* the earliest time it was reached */
	uint64_t last;		/* the value with the greatest time */
	double last_t;
};

struct hp_stats {
	struct hp_series_stats series[HP_NSERIES];
	int has_allocated;	/* HEAP_ALLOCATED: bytes allocated */
	uint64_t allocated;	/* since the program started, by */
	double allocated_t;	/* this time */
	size_t nbands;
	struct hp_band_stats *band;	/* indexed by model band */
	double integral;	/* all bands together */
	size_t nsamples;	/* censuses (hp_model_census_count) */
	double t0, t1;		/* first and last census (0 when none) */
	double end;		/* when the run ended: the last sample's
				 * time, GHC's exit mark's in a .hp */
	uint64_t peak;		/* largest sample total */
	double peak_t;
	size_t nphases;
	struct hp_phase *phase;	/* in time order; none without marks */
};

int hp_stats_compute(struct hp_stats *st, const hp_model *m,
		     struct hp_err *err) HP_MUSTCHECK;
void hp_stats_release(struct hp_stats *st);

#endif
