/*
 * render/diff.c - the difference graph: growth stacked above a zero line,
 * shrinkage below it (hp/diff.h makes the two models).
 *
 * The layout is the change model's (|growth| + |shrinkage| per band), so
 * the bands that changed most are kept and coloured, and both halves use
 * its slot map: a band has one colour above and below.  One scale serves
 * both halves, so a megabyte is as tall either way.  The lower half is
 * the ordinary band drawing (bands.c) of the shrink model, mirrored about
 * the zero line.  The scale is the layout's (layout/diffscale.c).
 */
#include "draw.h"

int
draw_diff_scale(struct draw *d, struct render_layout *l)
{
	if (layout_diff_scale(l, d->diff, draw_layout_measure, d, &d->below,
			      &d->above) || d->oom)
		return hp_err_set(d->err, "out of memory");
	d->yscale = l->yrange;
	return 0;
}

/* The zero line, on whole pixels in PNG (crisp.c). */
static void
draw_zero_line(struct draw *d, double zero)
{
	const struct render_layout *l = d->l;
	cairo_t *cr = d->cr;
	struct draw_snap snap;
	double x0 = l->graph_x, y0 = zero, x1 = l->graph_x + l->graph_w,
		y1 = zero;

	cairo_save(cr);
	draw_snap_begin(d, &snap);
	draw_snap_point(&snap, &x0, &y0);
	draw_snap_point(&snap, &x1, &y1);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_stroke(cr);
	cairo_restore(cr);
}

int
draw_diff_bands(struct draw *d)
{
	const struct render_layout *l = d->l;
	struct render_layout half = *l;
	struct draw h = *d;
	double per = l->graph_h / l->yrange, zero = l->graph_y + d->below * per;
	cairo_t *cr = d->cr;
	int rc = 0;

	h.l = &half;
	half.graph_y = zero;
	if (d->above > 0) {
		half.graph_h = d->above * per;
		h.m = d->diff->grow;
		h.yscale = d->above;
		rc = draw_bands(&h);
	}
	if (rc == 0 && d->below > 0) {
		half.graph_h = d->below * per;
		h.m = d->diff->shrink;
		h.yscale = d->below;
		cairo_save(cr);
		cairo_translate(cr, 0, 2 * zero);
		cairo_scale(cr, 1, -1);
		rc = draw_bands(&h);
		cairo_restore(cr);
	}
	d->oom |= h.oom;
	draw_zero_line(d, zero);
	return rc;
}
