/*
 * hp/running.h - a profile's numbers as running sums, one sample at a
 * time: per band its peak and when, its integral, its last value and
 * the sums its growth and fit are made of; per run the censuses, the
 * first and last, the largest total.  hp_stats_compute (stats.c) reads
 * them: a one-shot read folds every sample of its model in turn, and a
 * model that lets its old samples go (hp_model_compact, watch mode)
 * keeps one folded as it goes, so both say the same numbers, to the
 * bit, whatever the second no longer holds.
 *
 * Sample i's integral weight is half the time from the sample before it
 * to the one after (stats.h), so a sample is folded once the next one
 * is known; the last one is folded into a copy when asked
 * (hp_running_result).  Plain arithmetic; no printing.
 */
#ifndef HP_RUNNING_H
#define HP_RUNNING_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

struct hp_run_band {
	double sy, syy, sty;	/* sums of y, y², (t - t_first) y */
	double integral;
	uint64_t peak;
	double peak_t;
	uint64_t last;		/* its value in census last_k */
	size_t last_k;		/* a census ordinal + 1; 0: none */
};

struct hp_running {
	size_t next;		/* the model's sample folded next */
	size_t ncensus;		/* censuses folded */
	size_t nfolded;		/* samples folded */
	double t_first, t_prev;	/* the first census's, the last folded's */
	double t_census;	/* the last census's */
	double st, stt;		/* sums of t - t_first and its square */
	uint64_t peak;		/* the largest census total, first at */
	double peak_t;
	struct hp_run_band *band;
	size_t nband, cap;
};

void hp_running_init(struct hp_running *r);
void hp_running_release(struct hp_running *r);
/* Fold sample i of m: t_next is the next sample's time (its own for
 * the last), census whether it is one (model.h: not a .hp's exit
 * mark).  Samples are folded in order, each once.  0, or -1 when out
 * of memory. */
int hp_running_fold(struct hp_running *r, const hp_model *m, size_t i,
		    double t_next, int census) HP_MUSTCHECK;
/* Fold m's samples from r->next up to the last one (not it: its weight
 * waits for the next).  0, or -1 when out of memory. */
int hp_running_sync(struct hp_running *r, const hp_model *m) HP_MUSTCHECK;

/* What r says of the whole run of m once m's samples from r->next on
 * are folded too (the last as the last), into a copy: out owns its
 * bands (hp_running_release).  0, or -1 when out of memory. */
int hp_running_result(const struct hp_running *r, const hp_model *m,
		      struct hp_running *out) HP_MUSTCHECK;

/* hp_model_compact (model.h) of m, its running sums (m's own, made the
 * first time) brought up to the samples that go first.  0, or -1 (err)
 * when out of memory. */
int hp_running_compact(hp_model *m, size_t upto, size_t nbuckets,
		       struct hp_err *err) HP_MUSTCHECK;

/* Band b's growth (per second) and fit (R², NaN: flat) from a result. */
void hp_running_growth(const struct hp_running *r, size_t b, double *slope,
		       double *fit);

#endif
