/*
 * hp/stats.c - per-band and per-phase numbers.  See stats.h.
 *
 * Both the slope and the integral are linear in a band's values, so a
 * sample without the band (0 bytes) adds nothing and only the entries
 * are visited: each entry adds v * (t_i - tbar) to the slope's numerator
 * and v * w_i to the integral, where w_i is the trapezoid weight of
 * sample i, half the time from the previous sample to the next.
 */
#include "stats.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

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

/* Mean sample time and the sum of squared deviations from it. */
static void
time_moments(const hp_model *m, double *tbar, double *sxx)
{
	size_t i, ns = hp_model_census_count(m);
	double s = 0, d;

	for (i = 0; i < ns; i++)
		s += hp_model_sample_time(m, i);
	*tbar = ns ? s / (double)ns : 0;
	*sxx = 0;
	for (i = 0; i < ns; i++) {
		d = hp_model_sample_time(m, i) - *tbar;
		*sxx += d * d;
	}
}

/* The least-squares slope of each band.  Its numerator, a sum of
 * v * (t - tbar), is 0 for a band that does not change only in exact
 * arithmetic: times that are no binary fractions (an eventlog's) leave
 * a residue of rounding.  A numerator within the sum's rounding bound
 * (ns roundings of at most DBL_EPSILON of the sum of |terms|, tbar's own
 * error included) is no slope, and 0. */
int
hp_growth(const hp_model *m, double *slope)
{
	return hp_growth_fit(m, slope, NULL);
}

/* R² is slope² sxx / syy, syy the band's sum of squared deviations from
 * its mean over every census (0 where it is absent), from the sums of
 * its values and their squares taken in the slope's pass.  Within that
 * difference's rounding bound syy is no variance: the band is flat. */
int
hp_growth_fit(const hp_model *m, double *slope, double *fit)
{
	size_t i, k, nb = hp_model_band_count(m), ns = hp_model_census_count(m);
	double tbar, sxx, *mag = hp_callocn(nb ? nb : 1, sizeof *mag);
	double *sy = fit ? hp_callocn(nb ? nb : 1, sizeof *sy) : NULL;
	double *syy = fit ? hp_callocn(nb ? nb : 1, sizeof *syy) : NULL;

	if (!mag || (fit && (!sy || !syy))) {
		free(mag);
		free(sy);
		free(syy);
		return -1;
	}
	time_moments(m, &tbar, &sxx);
	for (i = 0; i < nb; i++)
		slope[i] = 0;
	for (i = 0; i < ns; i++) {
		const hp_band *bands;
		const uint64_t *bytes;
		size_t n = hp_model_sample(m, i, &bands, &bytes);
		double d = hp_model_sample_time(m, i) - tbar;

		for (k = 0; k < n; k++) {
			double y = value(m, i, bytes[k]), x = d * y;

			slope[bands[k]] += x;
			mag[bands[k]] += fabs(x);
			if (fit) {
				sy[bands[k]] += y;
				syy[bands[k]] += y * y;
			}
		}
	}
	for (i = 0; i < nb; i++) {
		int noise = isfinite(mag[i]) &&
			    fabs(slope[i]) <= 4 * (double)ns * DBL_EPSILON * mag[i];

		/* a sum past the largest double stays what it is: the
		 * summary says it cannot compute it */
		slope[i] = sxx > 0 && !noise ? slope[i] / sxx : 0;
		if (fit) {
			double var = ns ? syy[i] - sy[i] * (sy[i] / (double)ns) : 0;

			if (!(var > 4 * (double)ns * DBL_EPSILON * syy[i]) ||
			    !isfinite(var) || !(sxx > 0))
				fit[i] = NAN;
			else
				fit[i] = fmin(1, slope[i] * slope[i] * sxx / var);
		}
	}
	free(mag);
	free(sy);
	free(syy);
	return 0;
}

/* Trapezoid weight of sample i. */
static double
weight(const hp_model *m, size_t i, size_t ns)
{
	double prev = hp_model_sample_time(m, i > 0 ? i - 1 : i);
	double next = hp_model_sample_time(m, i + 1 < ns ? i + 1 : i);

	return (next - prev) / 2;
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
	size_t nm = hp_model_mark_count(m), ns = st->nsamples, i, k, s = 0;
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
	size_t nc = hp_model_census_count(m);
	double *slope, *fit = NULL, s0 = 0, s1 = 0;

	memset(st, 0, sizeof *st);
	st->nbands = nb;
	st->nsamples = nc;
	st->end = hp_model_end_time(m);
	st->band = hp_callocn(nb ? nb : 1, sizeof *st->band);
	slope = hp_mallocn(nb ? nb : 1, sizeof *slope);
	fit = hp_mallocn(nb ? nb : 1, sizeof *fit);
	if (!st->band || !slope || !fit || hp_growth_fit(m, slope, fit))
		goto oom;
	if (nc) {
		st->t0 = hp_model_sample_time(m, 0);
		st->t1 = hp_model_sample_time(m, nc - 1);
	}
	if (ns) {
		s0 = hp_model_sample_time(m, 0);
		s1 = hp_model_sample_time(m, ns - 1);
	}
	/* the shapes in this pass: a pass of their own over every value of
	 * a 1 GB profile took the page 70 ms */
	for (i = 0; i < ns; i++) {
		const hp_band *bands;
		const uint64_t *bytes;
		size_t n = hp_model_sample(m, i, &bands, &bytes);
		double t = hp_model_sample_time(m, i), w = weight(m, i, ns);
		uint64_t sum = whole(value(m, i, hp_model_sample_sum(m, i)));
		int step = hp_model_per_interval(m);
		size_t c = s1 > s0 ? (size_t)((t - s0) / (s1 - s0) * HP_SHAPE_N) : 0;

		if (c >= HP_SHAPE_N)
			c = HP_SHAPE_N - 1;

		if (i < nc && (i == 0 || sum > st->peak)) {
			st->peak = sum;
			st->peak_t = t;
		}
		for (k = 0; k < n; k++) {
			struct hp_band_stats *b = &st->band[bands[k]];

			uint64_t v = step ? whole(value(m, i, bytes[k])) : bytes[k];

			if (v > b->peak) {
				b->peak = v;
				b->peak_t = t;
			}
			if (v > b->shape[c])
				b->shape[c] = v;
			/* a step's area is what it counted, exactly */
			b->integral += step ? hp_model_amount(m, i, bytes[k])
				       : (double)bytes[k] * w;
			if (i == nc - 1)
				b->last = v;
		}
	}
	for (i = 0; i < nb; i++) {
		st->band[i].growth = slope[i];
		st->band[i].fit = fit[i];
		st->integral += st->band[i].integral;
	}
	free(slope);
	slope = NULL;
	free(fit);
	fit = NULL;
	if (phases(st, m))
		goto oom;
	series_stats(st, m);
	return 0;
oom:
	free(slope);
	free(fit);
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
