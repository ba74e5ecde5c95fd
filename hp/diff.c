/*
 * hp/diff.c - the difference of two profiles on A's grid.  See diff.h.
 *
 * One walk over A's samples with a cursor into B's (both in time order;
 * samples of one time, which a damaged .hp can have, are paired in order):
 * per sample, A's entries are subtracted and B's added in a dense array
 * of signed values over the union of bands, and the bands touched are
 * written out and reset.  O(entries of A + entries of B read) overall.
 */
#include "diff.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "match.h"

static int
setup(hp_model *out, const hp_model *a, struct hp_err *err)
{
	size_t i, n = hp_model_mark_count(a);
	int f;

	for (f = 0; f < HP_NFIELDS; f++) {
		const char *v = hp_model_get(a, (enum hp_field)f);

		if (v && hp_model_set(out, (enum hp_field)f, v, strlen(v), err))
			return -1;
	}
	hp_model_set_kind(out, hp_model_kind(a));
	/* what a value means, A's as B's (the caller compares only
	 * profiles of one measure): a time profile's ticks stay ticks of
	 * that length, drawn as CPU seconds per second */
	hp_model_set_profile(out, hp_model_profile(a));
	hp_model_set_scale(out, hp_model_scale(a));
	hp_model_set_tick(out, hp_model_tick(a));
	hp_model_set_measure(out, hp_model_measure(a));
	hp_model_set_origin(out, hp_model_origin(a));
	for (i = 0; i < n; i++) {
		const char *l = hp_model_mark_label(a, i);

		if (hp_model_add_mark(out, hp_model_mark_time(a, i), l,
				      l ? strlen(l) : 0, err))
			return -1;
	}
	return 0;
}

/* Intern A's bands into the three models (amap[k]: A band k's index
 * there, the same in all three), then B's: the band of A it matches
 * (match.h), or a band of its own.  A B band left unmatched whose name A
 * also has (A's "(7)main" matched B's "(3)main", B's "(7)main" is
 * another stack) gets the name with " (B)" added, so it stays apart. */
static int
bands(struct hp_diff *d, const hp_model *a, const hp_model *b, int byid,
      hp_band *amap, hp_band *bmap, struct hp_err *err)
{
	size_t k, na = hp_model_band_count(a), nb = hp_model_band_count(b);
	size_t len;
	hp_band x;
	char *buf = NULL;
	int rc = -1;

	for (k = 0; k < na; k++) {
		const char *name = hp_model_band_name(a, (hp_band)k, &len);

		if (hp_model_intern(d->grow, name, len, &amap[k], err) ||
		    hp_model_intern(d->shrink, name, len, &x, err) ||
		    hp_model_intern(d->change, name, len, &x, err))
			return -1;
	}
	if (hp_match_bands(a, b, byid, bmap, NULL) < 0) {
		hp_err_set(err, "out of memory");
		return -1;
	}
	for (k = 0; k < nb; k++) {
		const char *name = hp_model_band_name(b, (hp_band)k, &len);

		if (bmap[k] != HP_MATCH_NONE) {
			bmap[k] = amap[bmap[k]];
			continue;
		}
		while (hp_model_lookup(d->grow, name, len, &x)) {
			char *more = malloc(len + 5);

			if (!more) {
				hp_err_set(err, "out of memory");
				goto out;
			}
			memcpy(more, name, len);
			memcpy(more + len, " (B)", 5);
			free(buf);
			buf = more;
			name = buf;
			len += 4;
		}
		if (hp_model_intern(d->grow, name, len, &bmap[k], err) ||
		    hp_model_intern(d->shrink, name, len, &x, err) ||
		    hp_model_intern(d->change, name, len, &x, err))
			goto out;
	}
	rc = 0;
out:
	free(buf);
	return rc;
}

/* B's time for A's sample i. */
static double
b_time(const hp_model *a, const hp_model *b, size_t i, int same_time)
{
	size_t na = hp_model_sample_count(a), nb = hp_model_sample_count(b);
	double a0 = hp_model_sample_time(a, 0), a1 = hp_model_sample_time(a, na - 1);
	double b0 = hp_model_sample_time(b, 0), b1 = hp_model_sample_time(b, nb - 1);
	double t = hp_model_sample_time(a, i);

	if (same_time)
		return t;
	if (i == na - 1)
		return b1;	/* exactly, whatever the rounding */
	if (!(a1 > a0))
		return b0;
	return b0 + (t - a0) * ((b1 - b0) / (a1 - a0));
}

static int
emit(struct hp_diff *d, double t, const int64_t *val, const hp_band *touched,
     size_t nt, struct hp_err *err)
{
	size_t k;

	if (hp_model_begin(d->grow, t, err) ||
	    hp_model_begin(d->shrink, t, err) ||
	    hp_model_begin(d->change, t, err))
		return -1;
	for (k = 0; k < nt; k++) {
		int64_t v = val[touched[k]];
		uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;

		if (v == 0)
			continue;
		if (hp_model_add(v > 0 ? d->grow : d->shrink, touched[k], mag,
				 err) ||
		    hp_model_add(d->change, touched[k], mag, err))
			return -1;
	}
	return hp_model_commit(d->grow, err) ||
	       hp_model_commit(d->shrink, err) ||
	       hp_model_commit(d->change, err) ? -1 : 0;
}

int
hp_diff_compute(struct hp_diff *d, const hp_model *a, const hp_model *b,
		int same_time, int byid, struct hp_err *err)
{
	size_t na = hp_model_sample_count(a), nb = hp_model_sample_count(b);
	size_t nba = hp_model_band_count(a), nbb = hp_model_band_count(b);
	size_t i, j = 0, k, nu, nt, rank = 0;
	hp_band *amap = hp_mallocn(nba ? nba : 1, sizeof *amap);
	hp_band *bmap = hp_mallocn(nbb ? nbb : 1, sizeof *bmap);
	hp_band *touched = NULL;
	int64_t *val = NULL;
	char *seen = NULL;
	int rc = -1;

	memset(d, 0, sizeof *d);
	d->grow = hp_model_new();
	d->shrink = hp_model_new();
	d->change = hp_model_new();
	if (!amap || !bmap || !d->grow || !d->shrink || !d->change) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	if (setup(d->grow, a, err) || setup(d->shrink, a, err) ||
	    setup(d->change, a, err) ||
	    bands(d, a, b, byid, amap, bmap, err))
		goto out;
	nu = hp_model_band_count(d->grow);
	val = hp_callocn(nu ? nu : 1, sizeof *val);
	seen = hp_callocn(nu ? nu : 1, 1);
	touched = hp_mallocn(nu ? nu : 1, sizeof *touched);
	if (!val || !seen || !touched) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	for (i = 0; i < na; i++) {
		const hp_band *eb;
		const uint64_t *ev;
		size_t n = hp_model_sample(a, i, &eb, &ev), jt;
		double tb = nb ? b_time(a, b, i, same_time) : 0;

		/* A's samples at one time are paired in order with B's at
		 * that time (the last of B's for the ones past it). */
		rank = i > 0 && hp_model_sample_time(a, i) ==
			hp_model_sample_time(a, i - 1) ? rank + 1 : 0;

		nt = 0;
		for (k = 0; k < n; k++) {
			hp_band u = amap[eb[k]];

			if (!seen[u]) {
				seen[u] = 1;
				touched[nt++] = u;
			}
			val[u] -= ev[k] > INT64_MAX ? INT64_MAX : (int64_t)ev[k];
		}
		while (j < nb && hp_model_sample_time(b, j) < tb)
			j++;
		for (jt = j; jt < nb && jt - j <= rank &&
		     hp_model_sample_time(b, jt) == tb; jt++)
			;
		if (jt > 0) {
			n = hp_model_sample(b, jt - 1, &eb, &ev);
			for (k = 0; k < n; k++) {
				hp_band u = bmap[eb[k]];
				int64_t v = ev[k] > INT64_MAX ? INT64_MAX
							     : (int64_t)ev[k];

				if (!seen[u]) {
					seen[u] = 1;
					touched[nt++] = u;
				}
				val[u] += v;	/* val[u] <= 0: no overflow */
			}
		}
		if (emit(d, hp_model_sample_time(a, i), val, touched, nt, err))
			goto out;
		for (k = 0; k < nt; k++) {
			val[touched[k]] = 0;
			seen[touched[k]] = 0;
		}
	}
	rc = 0;
out:
	free(amap);
	free(bmap);
	free(val);
	free(seen);
	free(touched);
	if (rc)
		hp_diff_release(d);
	return rc;
}

void
hp_diff_release(struct hp_diff *d)
{
	hp_model_free(d->grow);
	hp_model_free(d->shrink);
	hp_model_free(d->change);
	memset(d, 0, sizeof *d);
}
