/*
 * hp/running.c - a profile's numbers as running sums.  See running.h.
 *
 * Growth is the least-squares slope of y against t, from sums taken in
 * one pass: with t' = t - t_first (the first census's time, so the sums
 * stay small), n the censuses, tbar = sum t' / n,
 *   sxx = sum t'^2 - tbar sum t',  slope = (sum t' y - tbar sum y) / sxx.
 * A band absent from a census is 0 there, so it adds nothing to its own
 * sums: only the entries are visited.  The numerator of a band that
 * does not change is 0 only in exact arithmetic; within its rounding
 * bound (n roundings of DBL_EPSILON of the terms' size) it is no slope.
 */
#include "running.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

void
hp_running_init(struct hp_running *r)
{
	memset(r, 0, sizeof *r);
}

void
hp_running_release(struct hp_running *r)
{
	free(r->band);
	memset(r, 0, sizeof *r);
}

static uint64_t
whole(double v)
{
	return v >= 18446744073709549568.0 ? UINT64_MAX : (uint64_t)(v + 0.5);
}

int
hp_running_fold(struct hp_running *r, const hp_model *m, size_t i,
		double t_next, int census)
{
	const hp_band *bands;
	const uint64_t *bytes;
	size_t n = hp_model_sample(m, i, &bands, &bytes), k;
	size_t nb = hp_model_band_count(m);
	double t = hp_model_sample_time(m, i), w, d;
	int step = hp_model_per_interval(m);

	if (nb > r->nband) {
		if (HP_GROW(r->band, r->cap, nb))
			return -1;
		memset(r->band + r->nband, 0, (nb - r->nband) * sizeof *r->band);
		r->nband = nb;
	}
	if (r->nfolded == 0) {
		r->t_first = t;
		r->t_prev = t;
	}
	/* the trapezoid's weight: half the time from the sample before
	 * to the one after (stats.h) */
	w = (t_next - r->t_prev) / 2;
	d = t - r->t_first;
	if (census) {
		uint64_t sum = hp_model_sample_sum(m, i);

		if (step)
			sum = whole(hp_model_rate(m, i, sum));
		if (r->ncensus == 0 || sum > r->peak) {
			r->peak = sum;
			r->peak_t = t;
		}
		r->st += d;
		r->stt += d * d;
		r->t_census = t;
		r->ncensus++;
	}
	for (k = 0; k < n && r->band; k++) {
		struct hp_run_band *b = &r->band[bands[k]];
		double y = step ? hp_model_rate(m, i, bytes[k]) : (double)bytes[k];
		uint64_t v = step ? whole(y) : bytes[k];

		if (v > b->peak) {
			b->peak = v;
			b->peak_t = t;
		}
		/* a step's area is what it counted, exactly */
		b->integral += step ? hp_model_amount(m, i, bytes[k])
			       : (double)bytes[k] * w;
		if (census) {
			b->sy += y;
			b->syy += y * y;
			b->sty += d * y;
			b->last = v;
			b->last_k = r->ncensus;
		}
	}
	r->t_prev = t;
	r->nfolded++;
	r->next = i + 1;
	return 0;
}

int
hp_running_sync(struct hp_running *r, const hp_model *m)
{
	size_t n = hp_model_sample_count(m), nc = hp_model_census_count(m);

	while (r->next + 1 < n)
		if (hp_running_fold(r, m, r->next,
				    hp_model_sample_time(m, r->next + 1),
				    r->next < nc))
			return -1;
	return 0;
}

int
hp_running_result(const struct hp_running *r, const hp_model *m,
		  struct hp_running *out)
{
	size_t n = hp_model_sample_count(m), nc = hp_model_census_count(m);

	*out = *r;
	out->band = NULL;
	out->cap = 0;
	if (r->nband) {
		out->band = hp_mallocn(r->nband, sizeof *out->band);
		if (!out->band) {
			hp_running_init(out);
			return -1;
		}
		memcpy(out->band, r->band, r->nband * sizeof *out->band);
		out->cap = r->nband;
	}
	while (out->next < n) {
		size_t i = out->next;
		double tn = hp_model_sample_time(m, i + 1 < n ? i + 1 : i);

		if (hp_running_fold(out, m, i, tn, i < nc)) {
			hp_running_release(out);
			return -1;
		}
	}
	return 0;
}

static void
running_free(struct hp_running *r)
{
	hp_running_release(r);
	free(r);
}

int
hp_running_compact(hp_model *m, size_t upto, size_t nbuckets,
		   struct hp_err *err)
{
	struct hp_running *r = hp_model_running(m);
	size_t removed;

	if (!r) {
		if (!(r = hp_malloc(sizeof *r)))
			return hp_err_set(err, "out of memory");
		hp_running_init(r);
		hp_model_set_running(m, r, running_free);
	}
	/* every sample before the last folded: those about to go, too */
	if (hp_running_sync(r, m))
		return hp_err_set(err, "out of memory");
	if (hp_model_compact(m, upto, nbuckets, &removed, err))
		return -1;
	r->next -= removed;
	return 0;
}

void
hp_running_growth(const struct hp_running *r, size_t b, double *slope,
		  double *fit)
{
	double n = (double)r->ncensus, tbar = n > 0 ? r->st / n : 0;
	double sxx = r->stt - tbar * r->st, num = 0, mag = 0, sy = 0, syy = 0;
	double var;
	int noise;

	if (b < r->nband) {
		const struct hp_run_band *p = &r->band[b];

		num = p->sty - tbar * p->sy;
		mag = fabs(p->sty) + fabs(tbar * p->sy);
		sy = p->sy;
		syy = p->syy;
	}
	noise = isfinite(mag) && fabs(num) <= 4 * n * DBL_EPSILON * mag;
	/* a sum past the largest double stays what it is: the summary
	 * says it cannot compute it */
	*slope = !isfinite(sxx) || !isfinite(num) ? NAN
		 : sxx > 0 && !noise ? num / sxx : 0;
	if (!fit)
		return;
	var = n > 0 ? syy - sy * (sy / n) : 0;
	if (!(var > 4 * n * DBL_EPSILON * syy) || !isfinite(var) || !(sxx > 0))
		*fit = NAN;
	else
		*fit = fmin(1, *slope * *slope * sxx / var);
}
