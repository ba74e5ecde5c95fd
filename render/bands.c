/*
 * render/bands.c - the stacked bands, bottom first (hp2ps §4.6).
 *
 * Two steps, kept apart on purpose:
 *
 * 1. outline_build walks the samples once.  Each sample's sparse entries
 *    are summed into a per-slot buffer through layout.slot[] (OTHER merges
 *    several model bands into one slot; dropped bands vanish), then the
 *    cumulative tops of all slots are computed in one pass and handed to
 *    outline_add.  Cost: O(entries + samples x slots), never a rescan of
 *    the samples per band.  The top of the last slot is the total.
 * 2. draw_bands emits each band as one polygon: its lower outline (the
 *    previous slot's tops) left to right, its own tops right to left,
 *    filled with its colour and outlined in black at 0.5 pt.
 *
 * Reduction to the output's resolution (unless --exact): a million
 * samples across 600 pixels would give cairo polygons of a million
 * zig-zag vertices, which take minutes to fill and stroke and look no
 * better than this.  Per device column (a pixel, or 1/2 pt for vector
 * output) and slot, a column of more than three samples is filled through
 * its first, least, greatest and last point in time order ("M4"
 * decimation: the fill covers exactly the range the full outline covers)
 * and stroked through the column's mean, so the black outline stays a
 * line instead of smearing every column.  Slot s's reduced tops are slot
 * s+1's reduced lower outline, so stacked bands still meet without gaps.
 * A column of three samples or fewer keeps them all, so ordinary
 * profiles are drawn exactly either way.  --exact makes every sample its
 * own column.
 */
#include "draw.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"

/* Points in page units above the x axis.  float is exact to far below a
 * device pixel and halves the memory of --exact. */
struct pts {
	float *x, *y;
	size_t n, xcap, ycap;
};

/* One slot's outline: what is filled, and what is stroked (the same
 * points unless a column held more than RAW samples). */
struct line {
	struct pts fill, edge;
};

#define RAW 3		/* samples per column kept as they are */

/* The column being reduced, per slot. */
struct column {
	long long col;		/* column index, -1 before the first */
	size_t k, kmin, kmax;	/* samples seen; which were least, greatest */
	double rx[RAW], ry[RAW];	/* the first samples */
	double x1, y1;		/* the last */
	double xmin, ymin, xmax, ymax;
	double sx, sy;		/* sums, for the mean */
};

struct outline {
	size_t nslots;
	struct line *line;
	struct column *colv;
	double colw;		/* column width in page units; 0: --exact */
	int oom;
};

static void
pts_release(struct pts *p)
{
	free(p->x);
	free(p->y);
}

static void
outline_release(struct outline *ol)
{
	size_t s;

	for (s = 0; ol->line && s < ol->nslots; s++) {
		pts_release(&ol->line[s].fill);
		pts_release(&ol->line[s].edge);
	}
	free(ol->line);
	free(ol->colv);
	memset(ol, 0, sizeof *ol);
}

static void
put(struct outline *ol, struct pts *p, double x, double y)
{
	if (HP_GROW(p->x, p->xcap, p->n + 1) ||
	    HP_GROW(p->y, p->ycap, p->n + 1)) {
		ol->oom = 1;
		return;
	}
	p->x[p->n] = (float)x;
	p->y[p->n] = (float)y;
	p->n++;
}

/*
 * Emit a column.  Up to RAW samples: all of them, to both outlines.
 * More: the fill gets the first, least, greatest and last in time order,
 * so it covers all the column covers; the stroke gets one point, the
 * column's mean, so a dense profile is not drawn as a black smear of
 * vertical outline strokes.
 */
static void
flush(struct outline *ol, struct line *ln, const struct column *c)
{
	size_t first = c->kmin < c->kmax ? c->kmin : c->kmax;
	size_t second = c->kmin < c->kmax ? c->kmax : c->kmin, i;

	if (c->col < 0)
		return;
	if (c->k <= RAW) {
		for (i = 0; i < c->k; i++) {
			put(ol, &ln->fill, c->rx[i], c->ry[i]);
			if (ol->colw > 0)
				put(ol, &ln->edge, c->rx[i], c->ry[i]);
		}
		return;
	}
	put(ol, &ln->fill, c->rx[0], c->ry[0]);
	if (first != 0 && first != c->k - 1)
		put(ol, &ln->fill, first == c->kmin ? c->xmin : c->xmax,
		    first == c->kmin ? c->ymin : c->ymax);
	if (second != 0 && second != first && second != c->k - 1)
		put(ol, &ln->fill, second == c->kmin ? c->xmin : c->xmax,
		    second == c->kmin ? c->ymin : c->ymax);
	put(ol, &ln->fill, c->x1, c->y1);
	put(ol, &ln->edge, c->sx / (double)c->k, c->sy / (double)c->k);
}

/* The point (x, tops[s]) of every slot, for one sample; i is its index. */
static void
outline_add(struct outline *ol, size_t i, double x, const double *tops)
{
	long long col = ol->colw > 0 ? (long long)floor(x / ol->colw) :
		(long long)i;
	size_t s;

	for (s = 0; s < ol->nslots; s++) {
		struct column *c = &ol->colv[s];
		double y = tops[s];

		if (col != c->col) {
			flush(ol, &ol->line[s], c);
			c->col = col;
			c->k = c->kmin = c->kmax = 0;
			c->xmin = c->xmax = x;
			c->ymin = c->ymax = y;
			c->sx = c->sy = 0;
		} else if (y < c->ymin) {
			c->kmin = c->k;
			c->xmin = x;
			c->ymin = y;
		} else if (y > c->ymax) {
			c->kmax = c->k;
			c->xmax = x;
			c->ymax = y;
		}
		if (c->k < RAW) {
			c->rx[c->k] = x;
			c->ry[c->k] = y;
		}
		c->x1 = x;
		c->y1 = y;
		c->sx += x;
		c->sy += y;
		c->k++;
	}
}

static void
outline_finish(struct outline *ol)
{
	size_t s;

	for (s = 0; s < ol->nslots; s++)
		flush(ol, &ol->line[s], &ol->colv[s]);
}

static int
outline_build(struct outline *ol, const struct draw *d)
{
	const struct render_layout *l = d->l;
	size_t nsamp = hp_model_sample_count(d->m), ns = l->nbands, i, k, s;
	double *val, *tops, acc, xs, ys, x;
	const hp_band *bands;
	const uint64_t *bytes;

	memset(ol, 0, sizeof *ol);
	if (l->nsamples < nsamp)
		nsamp = l->nsamples;
	if (ns == 0 || nsamp == 0)
		return 0;
	ol->nslots = ns;
	ol->colw = d->o->exact ? 0 : d->colw;
	ol->line = hp_mallocn(ns, sizeof *ol->line);
	ol->colv = hp_mallocn(ns, sizeof *ol->colv);
	val = hp_mallocn(ns, sizeof *val);
	tops = hp_mallocn(ns, sizeof *tops);
	if (!ol->line || !ol->colv || !val || !tops)
		goto oom;
	memset(ol->line, 0, ns * sizeof *ol->line);
	for (s = 0; s < ns; s++)
		ol->colv[s].col = -1;
	xs = l->graph_w / l->xrange;
	ys = l->graph_h / d->yscale;
	for (i = 0; i < nsamp && !ol->oom; i++) {
		size_t n = hp_model_sample(d->m, i, &bands, &bytes);

		memset(val, 0, ns * sizeof *val);
		for (k = 0; k < n; k++) {
			int32_t slot = bands[k] < l->nslot ?
				l->slot[bands[k]] : LAYOUT_DROPPED;

			if (slot >= 0 && (size_t)slot < ns)
				val[slot] += (double)bytes[k];
		}
		acc = 0;
		for (s = 0; s < ns; s++) {
			acc += val[s];
			tops[s] = acc * ys;
		}
		/* Times span at most xrange, unless the span overflowed
		 * (times near +-1e308): keep x on the axis regardless. */
		x = (hp_model_sample_time(d->m, i) - l->t0) * xs;
		if (!(x >= 0))
			x = 0;
		if (x > l->graph_w)
			x = l->graph_w;
		outline_add(ol, i, x, tops);
	}
	outline_finish(ol);
	if (ol->oom)
		goto oom;
	free(val);
	free(tops);
	return 0;
oom:
	free(val);
	free(tops);
	outline_release(ol);
	return hp_err_set(d->err, "out of memory drawing %zu bands of %zu "
			  "samples", ns, nsamp);
}

/* A band's polygon: lower outline left to right (none: the x axis from
 * x0 to x1), upper outline right to left. */
static void
band_path(cairo_t *cr, const struct pts *lo, const struct pts *up,
	  double gx, double gy, double x0, double x1)
{
	size_t i;

	cairo_new_path(cr);
	if (!lo) {
		cairo_move_to(cr, gx + x0, gy);
		cairo_line_to(cr, gx + x1, gy);
	} else {
		for (i = 0; i < lo->n; i++)
			cairo_line_to(cr, gx + lo->x[i], gy + lo->y[i]);
	}
	for (i = up->n; i-- > 0;)
		cairo_line_to(cr, gx + up->x[i], gy + up->y[i]);
	cairo_close_path(cr);
}

/* What is stroked: the edge outline when reducing, else the fill's. */
static const struct pts *
edge(const struct outline *ol, size_t s)
{
	return ol->colw > 0 ? &ol->line[s].edge : &ol->line[s].fill;
}

int
draw_bands(struct draw *d)
{
	const struct render_layout *l = d->l;
	cairo_t *cr = d->cr;
	struct outline ol;
	double x0, x1, gx = l->graph_x, gy = l->graph_y;
	size_t s;

	if (outline_build(&ol, d))
		return -1;
	if (ol.nslots == 0)
		return 0;
	x0 = ol.line[0].fill.x[0];
	x1 = ol.line[0].fill.x[ol.line[0].fill.n - 1];
	/* Nothing strays onto the title or the key, whatever the scale. */
	cairo_save(cr);
	cairo_rectangle(cr, gx - 1, gy - 1, l->graph_w + 2, l->graph_h + 2);
	cairo_clip(cr);
	for (s = 0; s < ol.nslots; s++) {
		const double *rgb = l->bands[s].rgb;

		band_path(cr, s ? &ol.line[s - 1].fill : NULL,
			  &ol.line[s].fill, gx, gy, x0, x1);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		if (ol.colw > 0) {
			cairo_fill(cr);
			band_path(cr, s ? edge(&ol, s - 1) : NULL,
				  edge(&ol, s), gx, gy, x0, x1);
		} else {
			cairo_fill_preserve(cr);
		}
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
	outline_release(&ol);
	return 0;
}
