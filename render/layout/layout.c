/*
 * render/layout/layout.c - what the graph shows: hp2ps's pipeline, as arithmetic.
 *
 * The steps and their order are hp2ps's (Main.c): sort by total, drop
 * trace bands, -d or -i reorder, -p reorder, merge the bottom bands into
 * OTHER, then dimensions, area, scale and ticks.  Numbers follow hp2ps
 * exactly where hp2ps is well defined; the differences are on purpose:
 *
 * Ties.  hp2ps starts from hash-bucket order and uses an unstable
 * selection sort, so bands with equal keys land in an arbitrary (and
 * CPU-dependent) order.  Here every sort is a STABLE merge sort and the
 * starting order is the model's first-seen order, so for equal keys the
 * band seen first in the profile is drawn LOWER.  Each later sort (-d,
 * -i, -p) keeps the previous order among its own ties: -d ties stay in
 * size order, -p ties (names the aux does not know, all 0) keep the order
 * they had.
 *
 * All-zero profiles.  hp2ps divides by a grand total of 0 and drops every
 * band even with -t0, drawing an empty graph.  Here no band is a trace
 * when there is no total to be a share of: every band is kept, drawn flat
 * on the axis with its key entry, and convert/ warns that every value is
 * zero.
 *
 * One time.  A profile whose samples are all at one time (one sample:
 * a program that ran for one census) is drawn as a step: held from that
 * time for as long as the axis before it (from 0, for an eventlog), or
 * 1 s; t1 is the step's end, and the x axis gets its ticks.
 *
 * Standard deviation (-d) is computed as hp2ps does, by a pass over the
 * samples: avg = total / nsamples over ALL samples, squared deviations
 * summed over the values the profile lists for the band (a listed zero
 * counts; a name listed twice in a sample counts twice, as the model's
 * parts keep it), divided by nsamples - 1.  The closed form from the model's sum of squares cancels
 * catastrophically once values pass 2^26 (squares pass 2^53), which would
 * turn exact ties between steady bands into noise.  With one sample hp2ps
 * divides by 0 and leaves the order alone; so does this.
 *
 * Band limit: -m < 0 is taken as -m0 (hp2ps misbehaves).  A real band
 * named OTHER shares the merged OTHER's shade, as hp2ps's name-keyed shade
 * map makes it do.
 *
 * Key width.  Long labels are shortened in the middle by the drawing code,
 * so the key may take at most 45% of the key-less graph width (593 pt):
 * the graph keeps at least 55%, i.e. key_label_max = 0.45 * 593 - 29 =
 * 237.85 pt, about 40 characters at 10 pt.
 *
 * The axes' ticks, labels and legends are ticks.c's; the marks' places
 * markplace.c's.
 */
#include "layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../hp/grow.h"
#include "../../hp/match.h"
#include "colidx.h"
#include "../../hp/running.h"
#include "../../hp/stats.h"
#include "aux-private.h"
#include "markplace.h"
#include "ticks.h"
#include "palette.h"
#include "slotsum.h"

#define TITLE_W		(LAYOUT_PAGE_W - 2 * BORDER_SPACE)	/* 638 */
#define TITLE_H		20.0
#define GRAPH_X0	45.0
#define GRAPH_Y0	20.0
#define FULL_GRAPH_W	(TITLE_W - GRAPH_X0)		/* 593 */
#define KEY_EXTRA	(3 * BORDER_SPACE + LAYOUT_KEY_BOX)	/* gaps + key box */
#define KEY_MAX_SHARE	0.45
#define KEY_PITCH	12.5		/* many-band key: row to row */
#define KEY_COL_GAP	10.0		/* ... name to next column */
#define KEY_COL_MAX	170.0		/* ... longest name before shortening */
#define SMALL_JOB	35

static const char other_name[] = "OTHER";

/* ---- sorting ---- */

typedef int (*cmp_fn)(const void *ctx, hp_band a, hp_band b);

/* Bottom-up merge sort: stable, O(n log n), no recursion. */
static int
stable_sort(hp_band *v, size_t n, cmp_fn cmp, const void *ctx)
{
	hp_band *tmp, *src = v, *dst, *t;
	size_t width;

	if (n < 2)
		return 0;
	tmp = hp_mallocn(n, sizeof *tmp);
	if (!tmp)
		return -1;
	dst = tmp;
	for (width = 1; width < n; width *= 2) {
		size_t lo;
		for (lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n;
			size_t hi = mid + width < n ? mid + width : n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				dst[k++] = cmp(ctx, src[j], src[i]) < 0 ?
					   src[j++] : src[i++];
			while (i < mid)
				dst[k++] = src[i++];
			while (j < hi)
				dst[k++] = src[j++];
		}
		t = src;
		src = dst;
		dst = t;
	}
	if (src != v)
		memcpy(v, src, n * sizeof *v);
	free(tmp);
	return 0;
}

static int
by_double(const void *ctx, hp_band a, hp_band b)
{
	const double *key = ctx;

	return (key[a] > key[b]) - (key[a] < key[b]);
}

static int
by_llong(const void *ctx, hp_band a, hp_band b)
{
	const long long *key = ctx;

	return (key[a] > key[b]) - (key[a] < key[b]);
}

/* strcmp order on the bytes as unsigned; a prefix sorts first. */
static int
by_name(const void *ctx, hp_band a, hp_band b)
{
	const hp_model *m = ctx;
	size_t la, lb;
	const char *na = hp_model_band_name(m, a, &la);
	const char *nb = hp_model_band_name(m, b, &lb);
	int c = memcmp(na, nb, la < lb ? la : lb);

	if (c)
		return c;
	return (la > lb) - (la < lb);
}

static int
by_name_desc(const void *ctx, hp_band a, hp_band b)
{
	return by_name(ctx, b, a);
}

/* ---- the band pipeline ---- */

/* How many of the smallest bands (sorted ascending in order[]) make up
 * less than pct percent together: hp2ps's running sum of shares. */
static size_t
trace_cut(const hp_band *order, size_t n, const double *total, double pct)
{
	double grand = 0, run = 0;
	size_t i;

	if (!(pct > 0))		/* -t0, and NaN */
		return 0;
	for (i = 0; i < n; i++)
		grand += total[order[i]];
	if (!(grand > 0))	/* all zero: nothing is a trace */
		return 0;
	for (i = 0; i < n; i++) {
		if (grand > 0)
			run += 100.0 * total[order[i]] / grand;
		if (run >= pct)
			break;
	}
	return i;
}

/* hp2ps's "standard deviation" of every band, into dev[]: each value
 * listed is a data point, a zero and each part of a name listed twice in
 * one sample included, as hp2ps stores them. */
int
layout_deviations(const hp_model *m, double *dev)
{
	size_t n = hp_model_band_count(m), ns = hp_model_sample_count(m);
	double *avg = hp_mallocn(n ? n : 1, sizeof *avg);
	const size_t *pent;
	const uint64_t *pval;
	size_t np = hp_model_parts(m, &pent, &pval), p = 0, i, k, e;

	if (!avg)
		return -1;
	for (i = 0; i < n; i++) {
		avg[i] = hp_model_band_total(m, (hp_band)i) / (double)ns;
		dev[i] = 0;
	}
	for (i = 0; i < ns; i++) {
		const hp_band *bands;
		const uint64_t *bytes;
		size_t ne = hp_model_sample(m, i, &bands, &bytes);

		e = hp_model_sample_first(m, i);
		for (k = 0; k < ne; k++, e++) {
			double d = (double)bytes[k] - avg[bands[k]];

			if (p < np && pent[p] == e) {
				for (; p < np && pent[p] == e; p++) {
					d = (double)pval[p] - avg[bands[k]];
					dev[bands[k]] += d * d;
				}
				continue;
			}
			dev[bands[k]] += d * d;
		}
	}
	for (i = 0; i < n; i++)
		dev[i] = ns > 1 ? sqrt(dev[i] / (double)(ns - 1)) : 0;
	free(avg);
	return 0;
}

static int
is_other_name(const char *s, size_t len)
{
	return len == sizeof other_name - 1 && memcmp(s, other_name, len) == 0;
}

/* Which palette the kept bands get: hp2ps's when hp2ps would use it.
 * hp2ps never drew ticky counters, so they get the colours of many
 * bands, with or without -c: hp2ps's greys and colours both begin with
 * black, which filled a ticky eventlog's one large counter, or a
 * report's top bar, solid black. */
static enum render_palette_name
palette_of(const struct render_layout *l, const hp_model *m,
	   const struct render_opts *o)
{
	if (o->colour_by_name)
		return RENDER_PALETTE_MANY;
	if (o->palette != RENDER_PALETTE_AUTO)
		return o->palette;
	if (hp_model_profile(m) == HP_PROFILE_TICKY ||
	    hp_model_profile(m) == HP_PROFILE_COUNTERS)
		return RENDER_PALETTE_MANY;
	if (!o->colour)
		return RENDER_PALETTE_GREY;
	return l->nbands <= 20 ? RENDER_PALETTE_HP2PS : RENDER_PALETTE_MANY;
}

static void
set_hex(struct layout_band *b, uint32_t c)
{
	b->hex = 1;
	b->hexrgb = c;
	b->shade = 0;
	render_rgb24(c, b->rgb);
}

/* --colour-by name: each kept band's colour, of its name without GHC's
 * stack id (hp/match.h) and its rank among the profile's bands of that
 * name (palette.h).  NULL when out of memory. */
static uint32_t *
name_colours(const struct render_layout *l, const hp_model *m,
	     const struct render_opts *o)
{
	size_t n = l->nbands, nm = hp_model_band_count(m), k;
	uint32_t *out = hp_mallocn(n ? n : 1, sizeof *out);
	size_t *rank = hp_mallocn(nm ? nm : 1, sizeof *rank);

	if (!out || !rank || hp_match_ranks(m, o->match_ids, rank) < 0) {
		free(out);
		free(rank);
		return NULL;
	}
	for (k = 0; k < n; k++) {
		hp_band b = l->bands[k].band;
		size_t klen;
		const char *key;

		out[k] = RENDER_OTHER_RGB;
		if (b == LAYOUT_OTHER)
			continue;
		key = hp_match_band_key(m, b, o->match_ids, &klen);
		out[k] = render_name_colour(key, klen, rank[b]);
	}
	free(rank);
	return out;
}

static int
set_shades(struct render_layout *l, const hp_model *m,
	   const render_aux *prior, const struct render_opts *o)
{
	enum render_palette_name pal = palette_of(l, m, o);
	int colour = pal != RENDER_PALETTE_GREY;
	size_t k, invented = 0;
	uint32_t *byname = NULL;

	if (o->colour_by_name && !(byname = name_colours(l, m, o)))
		return -1;
	for (k = 0; k < l->nbands; k++) {
		struct layout_band *b = &l->bands[k];
		uint32_t c;
		double s;

		b->hex = 0;
		if (prior && render_aux_colour(prior, b->name, b->name_len, &c)) {
			set_hex(b, c);
			continue;
		}
		if (prior && render_aux_shade(prior, b->name, b->name_len, &s))
			;
		else if (l->has_other && k > 0 &&
			 is_other_name(b->name, b->name_len)) {
			memcpy(b->rgb, l->bands[0].rgb, sizeof b->rgb);
			b->shade = l->bands[0].shade;
			b->hex = l->bands[0].hex;
			b->hexrgb = l->bands[0].hexrgb;
			continue;
		} else if (pal == RENDER_PALETTE_MANY) {
			if (b->band == LAYOUT_OTHER)
				c = RENDER_OTHER_RGB;
			else if (byname)
				c = byname[k];
			else	/* the most distinct colours to the top, the
				 * largest bands by default */
				c = render_many[(l->nbands - 1 - k) %
						RENDER_MANY_N].rgb;
			set_hex(b, c);
			continue;
		} else {
			s = render_palette_next(pal == RENDER_PALETTE_HP2PS,
						&invented, o->unoutlined)->shade;
		}
		b->shade = s;
		render_shade_rgb(s, colour, b->rgb);
	}
	free(byname);
	return 0;
}

/* Order the kept bands and fill l->bands and l->slot. */
static int
choose_bands(struct render_layout *l, const hp_model *m,
	     const struct render_opts *o, const render_aux *prior,
	     struct hp_err *err)
{
	size_t n = hp_model_band_count(m), ns = hp_model_sample_count(m);
	size_t alloc = n ? n : 1, i, first, nk, merge, limit, k;
	hp_band *order = hp_mallocn(alloc, sizeof *order), *kept;
	double *key = hp_mallocn(alloc, sizeof *key);
	long long *okey = NULL;
	int rc = -1;

	l->slot = hp_mallocn(alloc, sizeof *l->slot);
	l->nslot = n;
	if (!order || !key || !l->slot)
		goto oom;
	for (i = 0; i < n; i++) {
		order[i] = (hp_band)i;
		key[i] = hp_model_band_total(m, (hp_band)i);
		l->slot[i] = LAYOUT_DROPPED;
	}
	if (stable_sort(order, n, by_double, key) < 0)
		goto oom;
	first = trace_cut(order, n, key, o->trace_pct);
	kept = order + first;
	nk = n - first;

	if (o->sort == RENDER_SORT_STDDEV && ns > 1) {
		if (layout_deviations(m, key) < 0 ||
		    stable_sort(kept, nk, by_double, key) < 0)
			goto oom;
	} else if (o->sort == RENDER_SORT_NAME) {
		if (stable_sort(kept, nk, by_name, m) < 0)
			goto oom;
	} else if (o->sort == RENDER_SORT_NAME_DESC) {
		if (stable_sort(kept, nk, by_name_desc, m) < 0)
			goto oom;
	}
	if (prior) {
		okey = hp_mallocn(alloc, sizeof *okey);
		if (!okey)
			goto oom;
		for (i = 0; i < nk; i++) {
			size_t len;
			const char *name = hp_model_band_name(m, kept[i], &len);
			if (!render_aux_order(prior, name, len, &okey[kept[i]]))
				okey[kept[i]] = 0;
		}
		if (stable_sort(kept, nk, by_llong, okey) < 0)
			goto oom;
	}

	limit = o->max_bands > 0 ? (size_t)o->max_bands : 0;
	merge = limit && nk > limit ? nk - limit + 1 : 0;
	/* --sort growth: OTHER takes the smallest bands, as by size; the
	 * bands drawn are ordered by growth (hp2ps's -d would merge the
	 * steadiest, which may be the largest). */
	if (o->sort == RENDER_SORT_GROWTH &&
	    (hp_growth(m, key) < 0 ||
	     stable_sort(kept + merge, nk - merge, by_double, key) < 0))
		goto oom;
	l->nbands = merge ? limit : nk;
	l->has_other = merge > 0;
	l->bands = hp_callocn(l->nbands ? l->nbands : 1, sizeof *l->bands);
	if (!l->bands)
		goto oom;
	k = 0;
	if (merge) {
		struct layout_band *b = &l->bands[k++];
		size_t lab_size = sizeof "OTHER ( bands)" + 24;

		b->band = LAYOUT_OTHER;
		b->name = other_name;
		b->name_len = sizeof other_name - 1;
		/* The key says what OTHER holds; the .aux keeps the name. */
		l->other_label = hp_malloc(lab_size);
		if (!l->other_label)
			goto oom;
		snprintf(l->other_label, lab_size, "OTHER (%zu band%s)", merge,
			 merge == 1 ? "" : "s");
		b->label = l->other_label;
		b->label_len = strlen(l->other_label);
		for (i = 0; i < merge; i++) {
			b->total += hp_model_band_total(m, kept[i]);
			l->slot[kept[i]] = 0;
		}
	}
	for (i = merge; i < nk; i++, k++) {
		struct layout_band *b = &l->bands[k];
		b->band = kept[i];
		b->name = hp_model_band_name(m, kept[i], &b->name_len);
		b->label = hp_model_band_label(m, kept[i], &b->label_len);
		b->total = hp_model_band_total(m, kept[i]);
		l->slot[kept[i]] = (int32_t)k;
	}
	if (set_shades(l, m, prior, o) < 0)
		goto oom;
	rc = 0;
	goto out;
oom:
	hp_err_set(err, "layout: out of memory");
out:
	free(order);
	free(key);
	free(okey);
	return rc;
}

/* A model that let its old samples go (hp_model_compact) holds only a
 * summary of them, whose trapezoids are not the run's: its area is the
 * drawn bands' integrals from its running sums (hp/running.h), every
 * sample's, plus an eventlog's ramp from 0 to its first sample (which
 * the summary keeps). */
static int
summarised_area(struct render_layout *l, const hp_model *m)
{
	struct hp_running *own = hp_model_running(m), r;
	size_t b;

	if (!own || !hp_model_summarised(m) || hp_model_per_interval(m))
		return 0;
	if (hp_running_sync(own, m) || hp_running_result(own, m, &r))
		return -1;
	l->area = 0;
	if (l->zero_start) {
		struct slotsum st;

		if (slotsum_init(&st, m, l->slot, l->nslot, l->nbands) < 0) {
			hp_running_release(&r);
			return -1;
		}
		l->area = slotsum_total(&st, m, 0) *
			  (hp_model_sample_time(m, 0) - l->t0) / 2;
		slotsum_release(&st);
	}
	for (b = 0; b < r.nband && b < l->nslot; b++)
		if (l->slot[b] >= 0)
			l->area += r.band[b].integral;
	hp_running_release(&r);
	return 0;
}

/* The largest stacked total of the drawn bands, and the trapezoid area
 * under it (hp2ps's min * base + |delta| * base / 2 form).  Read from
 * the model's summary (render/layout/colidx.h), which keeps both for the samples
 * it has seen, so a watch-mode update costs the new samples; a model the
 * summary does not take is walked (slotsum.c says how that stays cheap). */
static int
scan_samples(struct render_layout *l, const hp_model *m, double *ymax)
{
	size_t ns = hp_model_sample_count(m), i;
	double prev = 0, tprev = 0;
	render_colidx *x = render_colidx_of(m);
	struct slotsum st;
	int rc = render_colidx_sync(x, m, l->slot, l->nslot, l->nbands, ns,
				  l->t0, l->zero_start);

	*ymax = 0;
	l->area = 0;
	if (rc < 0)
		return -1;
	if (rc == 0) {
		struct render_colidx_span *sp;

		if (ns && l->nbands) {
			sp = hp_mallocn(l->nbands, sizeof *sp);
			if (!sp)
				return -1;
			render_colidx_span(x, m, 0, ns, 0, sp);
			*ymax = (double)sp[l->nbands - 1].max;
			free(sp);
		}
		l->area = render_colidx_area(x);
		return 0;
	}
	if (slotsum_init(&st, m, l->slot, l->nslot, l->nbands) < 0)
		return -1;
	for (i = 0; i < ns; i++) {
		double sum = slotsum_total(&st, m, i);
		double t = hp_model_sample_time(m, i);

		if (sum > *ymax)
			*ymax = sum;
		if (i == 0 && l->zero_start)	/* the ramp from 0 at t0 */
			l->area += sum * (t - l->t0) / 2;
		if (i > 0) {
			double base = t - tprev;
			double lo = prev < sum ? prev : sum;
			l->area += lo * base + fabs(sum - prev) * base / 2;
		}
		prev = sum;
		tprev = t;
	}
	slotsum_release(&st);
	return 0;
}

static int
make_title(struct render_layout *l, const hp_model *m,
	   const struct render_opts *o)
{
	const char *job = hp_model_get(m, HP_JOB);
	const char *by = l->series_only ? LAYOUT_SERIES_TITLE_OF(m)
					: hp_model_get(m, HP_BREAKDOWN);
	const char *note = o->note && *o->note ? o->note : NULL;
	size_t n, k;

	if (!job)
		job = "";
	n = strlen(job) + (by ? strlen(by) + sizeof " \u2014 " : 1) +
	    (note ? strlen(note) + sizeof " \u2014 " : 0);
	l->title = hp_malloc(n);
	if (!l->title)
		return -1;
	if (by && *job)
		snprintf(l->title, n, "%s \u2014 %s", job, by);
	else
		snprintf(l->title, n, "%s", by ? by : job);
	k = strlen(l->title);
	if (note)
		snprintf(l->title + k, n - k, "%s%s", k ? " \u2014 " : "", note);
	return 0;
}

/* The series' extent: their largest value (the y axis must reach the
 * top of the heap-size lines) and their last time, or a mark's if later
 * (where a graph of the series alone ends; its axis starts at 0, the
 * program's start).  0 when there is none. */
static void
series_extent(const hp_model *m, double *tmax, double *vmax)
{
	const uint64_t *v;
	const double *t;
	size_t s, i, n;

	*tmax = *vmax = 0;
	for (s = 0; s < HP_NSERIES; s++) {
		n = hp_model_series(m, (enum hp_series)s, &t, &v);
		for (i = 0; i < n; i++) {
			*tmax = fmax(*tmax, t[i]);
			*vmax = fmax(*vmax, (double)v[i]);
		}
	}
	n = hp_model_mark_count(m);
	for (i = 0; i < n; i++)
		*tmax = fmax(*tmax, hp_model_mark_time(m, i));
}

/* HEAP_ALLOCATED counts the bytes allocated since the program started:
 * the last count over its time is the mean allocation rate. */
static void
alloc_note(struct render_layout *l, const hp_model *m)
{
	char bytes[32], rate[32];
	uint64_t v;
	double t;

	if (!hp_model_allocated(m, &t, &v) || !(t > 0) || !isfinite(t))
		return;
	layout_si(bytes, sizeof bytes, (double)v, "B");
	layout_si(rate, sizeof rate, (double)v / t, "B/s");
	snprintf(l->alloc_note, sizeof l->alloc_note, "%s allocated, %s",
		 bytes, rate);
}

static double
longest_label(const struct render_layout *l, layout_measure_fn measure,
	      void *closure)
{
	double longest = 0, w;
	size_t k;

	for (k = 0; k < l->nbands; k++) {
		w = layout_text_width(measure, closure, l->bands[k].label,
			       l->bands[k].label_len);
		if (w > longest)
			longest = w;
	}
	return longest;
}

/*
 * The key of many bands: columns of small entries beside the graph when
 * they leave it KEY_MAX_SHARE of the width or more, else as many columns
 * as the page's width holds below the graph, the page growing by the
 * key's height (the graph keeps its size).
 */
static void
key_columns(struct render_layout *l, double longest)
{
	double name = fmin(longest, KEY_COL_MAX), w, avail;
	size_t n = l->nbands, rows = (size_t)(l->graph_h / KEY_PITCH), cols;

	l->key_pitch = KEY_PITCH;
	l->key_col_w = LAYOUT_SWATCH_TEXT_X + name + KEY_COL_GAP;
	if (rows < 1)
		rows = 1;
	cols = (n + rows - 1) / rows;
	if (cols < 1)
		cols = 1;
	w = BORDER_SPACE + (double)cols * l->key_col_w;
	if (w <= KEY_MAX_SHARE * FULL_GRAPH_W) {
		l->key_w = w;
		l->graph_w = FULL_GRAPH_W - w;
		l->key_cols = cols;
		l->key_rows = (n + cols - 1) / cols;
		l->key_x = l->graph_x + l->graph_w + BORDER_SPACE;
		l->key_top = l->graph_y + l->graph_h;
		l->key_label_max = name;
		return;
	}
	avail = TITLE_W - 2 * BORDER_SPACE;
	if (l->key_col_w > avail) {
		l->key_col_w = avail;
		name = avail - LAYOUT_SWATCH_TEXT_X - KEY_COL_GAP;
	}
	cols = (size_t)((avail + KEY_COL_GAP) / l->key_col_w);
	if (cols > n)
		cols = n;
	if (cols < 1)
		cols = 1;
	rows = (n + cols - 1) / cols;
	l->key_below = 1;
	l->key_cols = cols;
	l->key_rows = rows;
	l->key_label_max = name;
	l->key_w = 0;
	l->graph_w = FULL_GRAPH_W;
	/* Below the x axis and its labels, the old bottom margin. */
	l->key_top = (double)rows * KEY_PITCH + BORDER_SPACE + 2;
	l->graph_y = GRAPH_Y0 + l->key_top;
	l->page_h += l->key_top;
	l->key_x = 2 * BORDER_SPACE;
}

/* Whether a key below the graph can fit the tallest page at all, from
 * the least room an entry takes (a name of one character): when not,
 * no name is measured (a million of them cost seconds), and a format
 * without pages records the page it would need. */
static int
key_fits(struct render_layout *l, const struct render_opts *o)
{
	double avail = TITLE_W - 2 * BORDER_SPACE;
	double cols = floor((avail + KEY_COL_GAP) / (LAYOUT_SWATCH_TEXT_X + 5 + KEY_COL_GAP));
	double rows = ceil((double)l->nbands / cols);
	double need = l->page_h + rows * KEY_PITCH + BORDER_SPACE + 2;

	if (need <= LAYOUT_MAX_PAGE_H)
		return 1;
	if (!render_format_facts(o->format)->pages)
		l->key_too_tall = need;
	return 0;
}

/*
 * Where the key goes.  hp2ps: beside the graph, one entry per
 * graph_h / (n + 1), or (-M; in PostScript also -m above 20) on pages of
 * its own before the graph page.  A format of one picture (EPS, SVG, PNG)
 * has no key pages, nor has a PDF without -M: hp2ps's key beside the
 * graph while its entries fit there (a key box's height each, so up to
 * 26 bands), else columns of smaller entries (key_columns).  -m0 has no
 * key, as in hp2ps; --bands all keeps every band with a key.
 */
/* hp2ps's graph width (utils/hp2ps/Dimensions.c): the key's room, by its
 * width estimate of the longest name, comes off the 593 pt unless the
 * key has pages of its own (-M, or -m past 20) or there is none (-m0). */
static void
hp2ps_width(struct render_layout *l, const struct render_opts *o)
{
	double longest = 0;
	size_t k;

	l->ref_w = FULL_GRAPH_W;
	if (o->multipage || o->max_bands <= 0 || o->max_bands > 20)
		return;
	for (k = 0; k < l->nbands; k++)
		longest = fmax(longest, layout_hp2ps_width(l->bands[k].name,
							   l->bands[k].name_len));
	if (FULL_GRAPH_W - (longest + KEY_EXTRA) > 0)
		l->ref_w = FULL_GRAPH_W - (longest + KEY_EXTRA);
}

static void
dimensions(struct render_layout *l,
	   const struct render_opts *o, layout_measure_fn measure,
	   void *closure, double strip)
{
	double longest;

	l->key_on_graph = l->key_below = 0;
	l->key_cols = l->key_rows = 0;
	l->page_w = LAYOUT_PAGE_W;
	l->page_h = LAYOUT_PAGE_H;
	/* hp2ps counts bytes of JOB; the breakdown we add counts too. */
	l->big_title = o->title == RENDER_TITLE_BIG ||
		       (o->title == RENDER_TITLE_AUTO &&
			strlen(l->title) > SMALL_JOB);
	l->title_h = l->big_title ? 2 * TITLE_H : TITLE_H;
	l->graph_x = GRAPH_X0;
	l->graph_y = GRAPH_Y0;
	l->graph_h = LAYOUT_PAGE_H - l->title_h - 2 * BORDER_SPACE - GRAPH_Y0 -
		strip;
	l->graph_w = FULL_GRAPH_W;
	l->key_label_max = KEY_MAX_SHARE * FULL_GRAPH_W - KEY_EXTRA;
	l->key_w = 0;
	hp2ps_width(l, o);
	l->ref_h = l->graph_h + strip;

	l->multipage = render_format_facts(o->format)->pages &&
		(o->multipage ||
		 (render_format_facts(o->format)->key_pages_past_20 &&
		  o->max_bands > 20));
	if (!l->multipage && o->max_bands <= 0)
		return;
	l->key_too_tall = 0;
	if (!l->multipage && l->graph_h / (double)(l->nbands + 1) < LAYOUT_KEY_BOX &&
	    key_fits(l, o)) {
		longest = longest_label(l, measure, closure);
		key_columns(l, longest);
		if (l->page_h <= LAYOUT_MAX_PAGE_H)
			return;
		/* taller than a page a viewer opens: the key goes on pages
		 * of its own, where there are pages */
		if (!render_format_facts(o->format)->pages) {
			l->key_too_tall = l->page_h;
			return;
		}
		l->key_below = 0;
		l->key_cols = l->key_rows = 0;
		l->page_h = LAYOUT_PAGE_H;
		l->graph_y = GRAPH_Y0;
		l->graph_w = FULL_GRAPH_W;
		l->multipage = 1;
	} else if (!l->multipage && l->graph_h / (double)(l->nbands + 1) < LAYOUT_KEY_BOX) {
		if (!render_format_facts(o->format)->pages)
			return;		/* key_fits said why */
		l->multipage = 1;
	}
	longest = longest_label(l, measure, closure);
	l->key_on_graph = !l->multipage;
	l->key_w = KEY_EXTRA + fmin(longest, l->key_label_max);
	if (l->key_on_graph)
		l->graph_w -= l->key_w;
}

/* Dimensions with room above the graph for the mark labels' lanes and
 * the heap-size legend: the lanes depend on the graph's width, which
 * depends (through the key) on its height, so a few rounds settle it. */
static int
strip_and_marks(struct render_layout *l, const hp_model *m,
		const struct render_opts *o, layout_measure_fn measure,
		void *closure)
{
	size_t lanes = 0, want, round;

	l->legend_lane = (o->heap_size || l->series_only) &&
			 hp_model_has_series(m);
	l->lane_h = LANE_H;
	l->mark_font = MARK_FONT;
	for (round = 0;; round++) {
		double strip = (double)(lanes + (size_t)l->legend_lane) * LANE_H;

		dimensions(l, o, measure, closure, strip > 0 ? strip + 2 : 0);
		/* the axes' legends may move the graph (x_legend, y_legend),
		 * which the marks are placed on */
		if (layout_y_ticks(l, m, measure, closure) < 0 ||
		    layout_x_ticks(l, m, measure, closure) < 0)
			return -1;
		free(l->marks);
		l->marks = NULL;
		l->nmarks = 0;
		if (layout_collect_marks(l, m, o) < 0)
			return -1;
		/* the last round keeps to the lanes it has room for */
		want = layout_place_marks(l, measure, closure,
					  round == 2 ? lanes : MAX_LANES);
		if (want <= lanes || round == 2)
			break;
		lanes = want;
	}
	l->nlanes = lanes;
	return 0;
}

int
layout_compute(struct render_layout *l, const hp_model *m,
	       const struct render_opts *o, const render_aux *prior,
	       layout_measure_fn measure, void *closure, struct hp_err *err)
{
	double ymax, send, smax;

	memset(l, 0, sizeof *l);
	if (choose_bands(l, m, o, prior, err) < 0)
		goto fail;

	series_extent(m, &send, &smax);
	l->nsamples = hp_model_sample_count(m);
	if (l->nsamples > 0) {
		l->t0 = hp_model_sample_time(m, 0);
		l->t1 = hp_model_sample_time(m, l->nsamples - 1);
	} else if (hp_model_series_only(m)) {
		/* an eventlog of plain +RTS -l (hp_read_check) */
		l->series_only = 1;
		l->t1 = send;
		alloc_note(l, m);
	}
	/* An eventlog counts time from the program's start, as GHC's .hp
	 * does, whose first (empty) sample is at 0: start the axis there
	 * too, so both files of one run are drawn alike and a traceMarker
	 * made before the first census is on the axis. */
	if (hp_model_kind(m) == HP_KIND_EVENTLOG && l->t0 > 0) {
		l->t0 = 0;
		l->zero_start = 1;
	}
	if (l->nsamples > 0 && l->t1 == hp_model_sample_time(m, 0)) {
		double w = l->t1 - l->t0;

		l->step = 1;
		l->t1 += w > 0 && isfinite(w) ? w : 1;
	}
	/* --from/--to: the axis spans the window asked for, not only the
	 * samples inside it. */
	if (o->has_from && isfinite(o->from)) {
		l->t0 = o->from;
		l->zero_start = 0;	/* a window starts mid-run */
	}
	if (o->has_to && isfinite(o->to) && o->to > l->t0)
		l->t1 = o->to;
	l->xrange = l->t1 - l->t0;
	if (prior && render_aux_x_range(prior) > l->xrange)
		l->xrange = render_aux_x_range(prior);
	if (!(l->xrange > 0) || !isfinite(l->xrange))
		l->xrange = 1;
	if (scan_samples(l, m, &ymax) < 0 || summarised_area(l, m) < 0) {
		hp_err_set(err, "layout: out of memory");
		goto fail;
	}
	l->yrange = ymax;
	if ((o->heap_size || l->series_only) && smax > l->yrange)
		l->yrange = smax;
	if (prior && render_aux_y_range(prior) > l->yrange)
		l->yrange = render_aux_y_range(prior);
	if (!(l->yrange > 0) || !isfinite(l->yrange))
		l->yrange = 1;

	if (make_title(l, m, o) < 0) {
		hp_err_set(err, "layout: out of memory");
		goto fail;
	}
	layout_x_unit(l, m);
	if (strip_and_marks(l, m, o, measure, closure) < 0) {
		hp_err_set(err, "layout: out of memory");
		goto fail;
	}
	if (l->key_too_tall > 0) {
		hp_err_set(err, "a key of %zu bands needs a picture at least %.0f points tall, "
			   "more than a viewer opens (%.0f): keep fewer bands "
			   "(--bands N), filter them (--include, --exclude), or draw "
			   "to PDF or PostScript, whose key goes on pages of its own",
			   l->nbands, l->key_too_tall, LAYOUT_MAX_PAGE_H);
		goto fail;
	}
	if (layout_marks_note(l) < 0) {
		hp_err_set(err, "layout: out of memory");
		goto fail;
	}
	return 0;
fail:
	layout_release(l);
	return -1;
}

void
layout_release(struct render_layout *l)
{
	free(l->title);
	free(l->other_label);
	free(l->marks);
	free(l->bands);
	free(l->slot);
	free(l->xticks);
	free(l->yticks);
	memset(l, 0, sizeof *l);
}

int
layout_to_aux(const struct render_layout *l, render_aux *used,
	      struct hp_err *err)
{
	size_t k;

	render_aux_clear(used);
	render_aux_set_ranges(used, l->xrange, l->yrange);
	for (k = 0; k < l->nbands; k++)
		if (render_aux_add_order(used, l->bands[k].name,
					 l->bands[k].name_len,
					 (long long)k + 1, err) < 0)
			return -1;
	for (k = 0; k < l->nbands; k++) {
		const struct layout_band *b = &l->bands[k];

		if (b->hex ? render_aux_add_colour(used, b->name, b->name_len,
						   b->hexrgb, err) :
		    render_aux_add_shade(used, b->name, b->name_len,
					 b->shade, err))
			return -1;
	}
	return 0;
}
