/*
 * hp/stats.c - per-band and per-phase numbers.  See stats.h.
 *
 * A band's peak, integral, last value and growth, and the run's peak
 * total, are running sums (running.c), folded over every sample here
 * or kept by a model that lets its old samples go, so both say the
 * same; shapes and phases are read from the samples the model holds.
 */
#include "stats.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "running.h"

/* What sample i's v is worth in a number: its bytes in a heap census;
 * the rate drawn, in a per-interval profile (model.h). */
static double
value(const hp_model *m, size_t i, uint64_t v)
{
	return hp_model_per_interval(m) ? hp_model_rate(m, i, v) : (double)v;
}

static uint64_t
whole(double v)
{
	return v >= 18446744073709549568.0 ? UINT64_MAX : (uint64_t)(v + 0.5);
}

/* What m says as running sums (running.h), into out: the model's own
 * (one that lets its old samples go keeps them) brought up to its end,
 * or every sample folded in turn. */
static int
running_of(const hp_model *m, struct hp_running *out)
{
	struct hp_running *own = hp_model_running(m), all;
	size_t i, n = hp_model_sample_count(m);
	int rc;

	if (own)
		return hp_running_sync(own, m) || hp_running_result(own, m, out)
		       ? -1 : 0;
	hp_running_init(&all);
	for (i = 0; i + 1 < n; i++)
		if (hp_running_fold(&all, m, i, hp_model_sample_time(m, i + 1), 1)) {
			hp_running_release(&all);
			return -1;
		}
	rc = hp_running_result(&all, m, out);
	hp_running_release(&all);
	return rc;
}

int
hp_growth(const hp_model *m, double *slope)
{
	return hp_growth_fit(m, slope, NULL);
}

int
hp_growth_fit(const hp_model *m, double *slope, double *fit)
{
	size_t i, nb = hp_model_band_count(m);
	struct hp_running r;

	if (running_of(m, &r))
		return -1;
	for (i = 0; i < nb; i++)
		hp_running_growth(&r, i, &slope[i], fit ? &fit[i] : NULL);
	hp_running_release(&r);
	return 0;
}

static int
by_time(const void *a, const void *b)
{
	const double *x = a, *y = b;

	/* marks at one time stay in the file's order (qsort is not stable) */
	if (x[0] != y[0])
		return (x[0] > y[0]) - (x[0] < y[0]);
	return (x[1] > y[1]) - (x[1] < y[1]);
}

/* The biggest bands of sample i, largest first, into p. */
static void
top_of(struct hp_phase *p, const hp_model *m, size_t i)
{
	const hp_band *bands;
	const uint64_t *bytes;
	size_t n = hp_model_sample(m, i, &bands, &bytes), k, j;

	p->ntop = 0;
	for (k = 0; k < n; k++) {
		uint64_t v = whole(value(m, i, bytes[k]));

		if (p->ntop == HP_PHASE_TOP &&
		    v <= p->top_bytes[HP_PHASE_TOP - 1])
			continue;
		j = p->ntop < HP_PHASE_TOP ? p->ntop++ : HP_PHASE_TOP - 1;
		for (; j > 0 && p->top_bytes[j - 1] < v; j--) {
			p->top[j] = p->top[j - 1];
			p->top_bytes[j] = p->top_bytes[j - 1];
		}
		p->top[j] = bands[k];
		p->top_bytes[j] = v;
	}
}

/* Phases: the samples before the first mark (if any), then one per mark
 * up to the next.  Marks are taken in time order, whatever the file's. */
static int
phases(struct hp_stats *st, const hp_model *m)
{
	size_t nm = hp_model_mark_count(m), ns = hp_model_census_count(m);
	size_t i, k, s = 0;
	double *mk;		/* (time, index) pairs */

	if (!nm)
		return 0;
	mk = hp_mallocn(nm, 2 * sizeof *mk);
	st->phase = hp_callocn(nm + 1, sizeof *st->phase);
	if (!mk || !st->phase) {
		free(mk);
		return -1;
	}
	for (i = 0; i < nm; i++) {
		mk[2 * i] = hp_model_mark_time(m, i);
		mk[2 * i + 1] = (double)i;
	}
	qsort(mk, nm, 2 * sizeof *mk, by_time);
	while (s < ns && hp_model_sample_time(m, s) < mk[0])
		s++;
	if (s > 0) {
		struct hp_phase *p = &st->phase[st->nphases++];

		p->from = st->t0;
		p->to = mk[0];
	}
	for (k = 0; k < nm; k++) {
		struct hp_phase *p = &st->phase[st->nphases++];

		p->label = hp_model_mark_label(m, (size_t)mk[2 * k + 1]);
		p->from = mk[2 * k];
		p->to = k + 1 < nm ? mk[2 * (k + 1)] : fmax(st->end, p->from);
	}
	free(mk);
	/* One walk over the samples, each in the phase its time falls in. */
	for (i = 0, k = 0; i < ns; i++) {
		double t = hp_model_sample_time(m, i);
		uint64_t sum = whole(value(m, i, hp_model_sample_sum(m, i)));
		struct hp_phase *p;

		while (k + 1 < st->nphases && t >= st->phase[k + 1].from)
			k++;
		p = &st->phase[k];
		if (p->nsamples++ == 0 || sum > p->peak) {
			p->peak = sum;
			p->peak_t = t;
			top_of(p, m, i);
		}
	}
	return 0;
}

/* Series are not in time order (model.h): the peak is the earliest
 * point with the largest value, the last the model's latest. */
static void
series_stats(struct hp_stats *st, const hp_model *m)
{
	const uint64_t *v;
	const double *t;
	size_t s, i;

	for (s = 0; s < HP_NSERIES; s++) {
		struct hp_series_stats *x = &st->series[s];

		x->points = hp_model_series(m, (enum hp_series)s, &t, &v);
		for (i = 0; i < x->points; i++) {
			if (i == 0 || v[i] > x->peak ||
			    (v[i] == x->peak && t[i] < x->peak_t)) {
				x->peak = v[i];
				x->peak_t = t[i];
			}
		}
		hp_model_latest(m, (enum hp_series)s, &x->last_t, &x->last);
	}
	st->has_allocated = hp_model_allocated(m, &st->allocated_t,
					       &st->allocated);
}

int
hp_stats_compute(struct hp_stats *st, const hp_model *m, struct hp_err *err)
{
	size_t nb = hp_model_band_count(m), ns = hp_model_sample_count(m), i, k;
	struct hp_running r;
	double s0 = 0, s1 = 0;
	int step = hp_model_per_interval(m);

	memset(st, 0, sizeof *st);
	if (running_of(m, &r))
		return hp_err_set(err, "out of memory");
	st->nbands = nb;
	st->nsamples = r.ncensus;
	st->end = hp_model_end_time(m);
	st->band = hp_callocn(nb ? nb : 1, sizeof *st->band);
	if (!st->band)
		goto oom;
	if (r.ncensus) {
		st->t0 = r.t_first;
		st->t1 = r.t_census;
		st->peak = r.peak;
		st->peak_t = r.peak_t;
	}
	for (i = 0; i < nb; i++) {
		struct hp_band_stats *b = &st->band[i];

		hp_running_growth(&r, i, &b->growth, &b->fit);
		if (i < r.nband) {
			const struct hp_run_band *p = &r.band[i];

			b->peak = p->peak;
			b->peak_t = p->peak_t;
			b->integral = p->integral;
			b->last = p->last_k == r.ncensus ? p->last : 0;
		}
		st->integral += b->integral;
	}
	/* A band's shape from the samples held: every one, but for a model
	 * that let its old ones go (model.h), its summary there. */
	if (ns) {
		s0 = hp_model_sample_time(m, 0);
		s1 = hp_model_sample_time(m, ns - 1);
	}
	for (i = 0; i < ns; i++) {
		const hp_band *bands;
		const uint64_t *bytes;
		size_t n = hp_model_sample(m, i, &bands, &bytes);
		double t = hp_model_sample_time(m, i);
		size_t c = s1 > s0 ? (size_t)((t - s0) / (s1 - s0) * HP_SHAPE_N) : 0;

		if (c >= HP_SHAPE_N)
			c = HP_SHAPE_N - 1;
		for (k = 0; k < n; k++) {
			struct hp_band_stats *b = &st->band[bands[k]];
			uint64_t v = step ? whole(value(m, i, bytes[k])) : bytes[k];

			if (v > b->shape[c])
				b->shape[c] = v;
		}
	}
	hp_running_release(&r);
	if (phases(st, m))
		goto oom;
	series_stats(st, m);
	return 0;
oom:
	hp_running_release(&r);
	hp_stats_release(st);
	return hp_err_set(err, "out of memory");
}

void
hp_stats_release(struct hp_stats *st)
{
	free(st->band);
	free(st->phase);
	memset(st, 0, sizeof *st);
}
