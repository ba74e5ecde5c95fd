/*
 * render/bands.c - the stacked bands, bottom first, each filled in its
 * colour and outlined in black, as hp2ps draws them (GHC's
 * utils/hp2ps/Curves.c).
 *
 * Each slot's outline comes from the layout library (layout/outline.h:
 * the tops column by column, reduced to the output's resolution); this
 * file draws them.  PNG: each band is one polygon, its lower outline
 * (the previous slot's tops) left to right and its own tops right to
 * left, filled with its colour and outlined in black at 0.5 pt, every
 * vertex on the pixel grid and the line whole pixels wide (crisp.c), so
 * level and upright stretches of an outline are one dark pixel, not a
 * grey smear.  Vector output: the same picture in half the points - each
 * slot's area from the axis up to its top, the highest first, so that
 * every band below paints over all but the band itself, and every top
 * stroked once (a polygon per band strokes each top twice).  The file's
 * size and the time cairo spends printing and deflating it are
 * proportional to those points.  PNG keeps its polygons: overpainting
 * moves anti-aliased edge pixels, and its references are exact.
 *
 * A sparse profile (-m0, most bands listed in few samples) is drawn by
 * its entries instead (sparse.c).
 */
#include "draw.h"

#include "layout/outline.h"

/* A band's polygon: lower outline left to right (none: the x axis from
 * x0 to x1), upper outline right to left.  snap: PNG, where every
 * vertex goes onto the pixel grid, so the outline's level and upright
 * stretches are one pixel wide, and bands that share an outline share
 * the moved points. */
static void
band_path(cairo_t *cr, const struct draw_snap *snap, const struct layout_pts *lo,
	  const struct layout_pts *up, double gx, double gy, double x0, double x1)
{
	size_t i;

	cairo_new_path(cr);
	if (!lo) {
		draw_snap_line_to(cr, snap, gx + x0, gy);
		draw_snap_line_to(cr, snap, gx + x1, gy);
	} else {
		for (i = 0; i < lo->n; i++)
			draw_snap_line_to(cr, snap, gx + lo->x[i], gy + lo->y[i]);
	}
	for (i = up->n; i-- > 0;)
		draw_snap_line_to(cr, snap, gx + up->x[i], gy + up->y[i]);
	cairo_close_path(cr);
}

/*
 * Vector output: areas from the axis, the highest first, each followed by
 * the stroke of its top (next to its fill, the same points deflate to
 * almost nothing in PDF).  A lower area painted over the lower half of
 * the stroke above it only does so where it comes within half a line of
 * it, and its own stroke, drawn next, covers that again.  Last, the
 * total's outline all round (the axis, both ends, its top): nothing is
 * painted over it, and its corners are joined as the polygons' were.
 */
static void
draw_stacked(cairo_t *cr, const struct layout_outline *ol,
	     const struct render_layout *l, double x0, double x1)
{
	double gx = l->graph_x, gy = l->graph_y;
	const struct layout_pts *e0 = layout_outline_edge(ol, 0), *e;
	size_t s, i;

	for (s = ol->nslots; s-- > 0;) {
		const double *rgb = l->bands[s].rgb;

		band_path(cr, NULL, NULL, &ol->line[s].fill, gx, gy, x0, x1);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_fill(cr);
		if (s + 1 == ol->nslots)
			continue;
		e = layout_outline_edge(ol, s);
		cairo_move_to(cr, gx + e->x[0], gy + e->y[0]);
		for (i = 1; i < e->n; i++)
			cairo_line_to(cr, gx + e->x[i], gy + e->y[i]);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_stroke(cr);
	}
	/* Each top's first and last points lie at the same x: the ends. */
	e = layout_outline_edge(ol, ol->nslots - 1);
	cairo_move_to(cr, gx + x0, gy);
	cairo_line_to(cr, gx + x1, gy);
	cairo_line_to(cr, gx + e0->x[e0->n - 1], gy + e0->y[e0->n - 1]);
	for (i = e->n; i-- > 0;)
		cairo_line_to(cr, gx + e->x[i], gy + e->y[i]);
	cairo_line_to(cr, gx + e0->x[0], gy + e0->y[0]);
	cairo_close_path(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_stroke(cr);
}

int
draw_bands(struct draw *d)
{
	const struct render_layout *l = d->l;
	cairo_t *cr = d->cr;
	struct layout_outline ol;
	struct draw_snap snap;
	double x0, x1, gx = l->graph_x, gy = l->graph_y;
	size_t s, nsamp = hp_model_sample_count(d->m);

	if (l->nsamples < nsamp)
		nsamp = l->nsamples;
	if (draw_sparse_profile(d, nsamp))
		return draw_sparse(d, nsamp);
	if (layout_outline(&ol, d->m, l, d->yscale, d->o->exact ? 0 : d->colw,
			   d->vector, d->o->walk, d->err))
		return -1;
	if (ol.nslots == 0)
		return 0;
	x0 = ol.line[0].fill.x[0];
	x1 = ol.line[0].fill.x[ol.line[0].fill.n - 1];
	/* Nothing strays onto the title or the key, whatever the scale. */
	cairo_save(cr);
	cairo_rectangle(cr, gx - 1, gy - 1, l->graph_w + 2, l->graph_h + 2);
	cairo_clip(cr);
	draw_snap_begin(d, &snap);
	for (s = 0; !ol.vector && s < ol.nslots; s++) {
		const double *rgb = l->bands[s].rgb;

		band_path(cr, &snap, s ? &ol.line[s - 1].fill : NULL,
			  &ol.line[s].fill, gx, gy, x0, x1);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		if (ol.colw > 0) {
			cairo_fill(cr);
			band_path(cr, &snap, s ? layout_outline_edge(&ol, s - 1) : NULL,
				  layout_outline_edge(&ol, s), gx, gy, x0, x1);
		} else {
			cairo_fill_preserve(cr);
		}
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_stroke(cr);
	}
	if (ol.vector)
		draw_stacked(cr, &ol, l, x0, x1);
	cairo_restore(cr);
	layout_outline_release(&ol);
	return 0;
}
