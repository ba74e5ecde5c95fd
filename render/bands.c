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
 *    the samples per band.
 * 2. draw_bands emits each band as one polygon: its lower outline (the
 *    previous band's tops) left to right, its own tops right to left,
 *    filled with its colour and outlined in black at 0.5 pt.
 *
 * The outline is the one place that knows how many points a band has, so
 * a reduction to the output's resolution (per device column, the least
 * and greatest top of each band and of the total) can replace
 * outline_add without touching the rest.
 */
#include "draw.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"

/* Points in page units above the x axis: point i is at x[i] and slot s
 * tops out at top[i * nslots + s].  float keeps a million samples of
 * twenty bands in 80 MB and is exact to far below a device pixel. */
struct outline {
	size_t n, nslots;
	double *x;
	float *top;
};

static void
outline_release(struct outline *ol)
{
	free(ol->x);
	free(ol->top);
	memset(ol, 0, sizeof *ol);
}

static void
outline_add(struct outline *ol, double x, const double *tops)
{
	float *row = ol->top + ol->n * ol->nslots;
	size_t s;

	ol->x[ol->n] = x;
	for (s = 0; s < ol->nslots; s++)
		row[s] = (float)tops[s];
	ol->n++;
}

static int
outline_build(struct outline *ol, const struct draw *d)
{
	const struct render_layout *l = d->l;
	size_t nsamp = hp_model_sample_count(d->m), ns = l->nbands, i, k, s;
	double *val = NULL, *tops = NULL, acc, xs, ys;
	const hp_band *bands;
	const uint64_t *bytes;

	memset(ol, 0, sizeof *ol);
	if (l->nsamples < nsamp)
		nsamp = l->nsamples;
	if (ns == 0 || nsamp == 0)
		return 0;
	ol->nslots = ns;
	ol->x = hp_mallocn(nsamp, sizeof *ol->x);
	if (ns <= SIZE_MAX / sizeof *ol->top)
		ol->top = hp_mallocn(nsamp, ns * sizeof *ol->top);
	val = hp_mallocn(ns, sizeof *val);
	tops = hp_mallocn(ns, sizeof *tops);
	if (!ol->x || !ol->top || !val || !tops) {
		free(val);
		free(tops);
		outline_release(ol);
		return hp_err_set(d->err, "out of memory drawing %zu bands "
				  "of %zu samples", ns, nsamp);
	}
	xs = l->graph_w / l->xrange;
	ys = l->graph_h / d->yscale;
	for (i = 0; i < nsamp; i++) {
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
		outline_add(ol, (hp_model_sample_time(d->m, i) - l->t0) * xs,
			    tops);
	}
	free(val);
	free(tops);
	return 0;
}

/* Band s's polygon: lower outline left to right, upper right to left. */
static void
band_path(cairo_t *cr, const struct outline *ol, size_t s, double gx,
	  double gy)
{
	const float *top = ol->top;
	size_t i, ns = ol->nslots;

	cairo_new_path(cr);
	for (i = 0; i < ol->n; i++)
		cairo_line_to(cr, gx + ol->x[i],
			      gy + (s ? top[i * ns + s - 1] : 0.0f));
	for (i = ol->n; i-- > 0;)
		cairo_line_to(cr, gx + ol->x[i], gy + top[i * ns + s]);
	cairo_close_path(cr);
}

int
draw_bands(struct draw *d)
{
	const struct render_layout *l = d->l;
	cairo_t *cr = d->cr;
	struct outline ol;
	size_t s;

	if (outline_build(&ol, d))
		return -1;
	/* Nothing strays onto the title or the key, whatever the scale. */
	cairo_save(cr);
	cairo_rectangle(cr, l->graph_x - 1, l->graph_y - 1, l->graph_w + 2,
			l->graph_h + 2);
	cairo_clip(cr);
	for (s = 0; s < ol.nslots; s++) {
		const double *rgb = l->bands[s].rgb;

		band_path(cr, &ol, s, l->graph_x, l->graph_y);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_fill_preserve(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
	outline_release(&ol);
	return 0;
}
