/*
 * render/crisp.c - PNG lines on whole pixels.
 *
 * hp2ps strokes everything 0.5 pt wide: 0.67 px in an 864-px PNG.  Drawn
 * where it falls, a horizontal or vertical line of that width covers two
 * rows of pixels in part, a grey smear two pixels wide.  On a raster
 * surface a line parallel to an axis is crisp when its width is a whole
 * number of pixels and its centre lies on a pixel centre (odd widths) or
 * a pixel edge (even widths): then each pixel it touches is covered
 * whole.  A snap (struct draw_snap) holds that width and offset and the
 * matrices to device pixels and back; the frame, the title box, the axes
 * and their ticks, the key's boxes and the bands' outlines (bands.c) put
 * their points through it.  A band outline's slanted segments move by
 * at most half a pixel at their ends and stay anti-aliased.
 *
 * Vector formats have no pixels: nothing moves, nothing changes width.
 */
#include "draw.h"

#include <math.h>

void
draw_snap_begin(struct draw *d, struct draw_snap *s)
{
	cairo_t *cr = d->cr;
	double px = 1, py = 0, scale, w;

	s->on = !d->vector;
	if (!s->on)
		return;
	cairo_get_matrix(cr, &s->to_dev);
	s->to_user = s->to_dev;
	if (cairo_matrix_invert(&s->to_user) != CAIRO_STATUS_SUCCESS) {
		s->on = 0;
		return;
	}
	cairo_user_to_device_distance(cr, &px, &py);
	scale = hypot(px, py);
	if (!(scale > 0) || !isfinite(scale)) {
		s->on = 0;
		return;
	}
	w = fmax(1, floor(DRAW_LINE * scale + 0.5));
	s->off = fmod(w, 2) == 1 ? 0.5 : 0;
	cairo_set_line_width(cr, w / scale);
}

void
draw_snap_point(const struct draw_snap *s, double *x, double *y)
{
	if (!s->on)
		return;
	cairo_matrix_transform_point(&s->to_dev, x, y);
	*x = floor(*x - s->off + 0.5) + s->off;
	*y = floor(*y - s->off + 0.5) + s->off;
	cairo_matrix_transform_point(&s->to_user, x, y);
}

void
draw_snap_line_to(cairo_t *cr, const struct draw_snap *s, double x, double y)
{
	if (s)
		draw_snap_point(s, &x, &y);
	cairo_line_to(cr, x, y);
}

void
draw_snap_tick(const struct draw_snap *s, double *x0, double *y0,
	       double *x1, double *y1)
{
	double ax, ay, bx, by;

	if (!s->on)
		return;
	draw_snap_point(s, x0, y0);
	ax = *x0;
	ay = *y0;
	bx = *x1;
	by = *y1;
	cairo_matrix_transform_point(&s->to_dev, &ax, &ay);
	cairo_matrix_transform_point(&s->to_dev, &bx, &by);
	/* across: on the start's line; along: to a pixel edge, so the
	 * butt end covers its last pixel whole */
	if (fabs(bx - ax) < fabs(by - ay)) {
		bx = ax;
		by = floor(by + 0.5);
	} else {
		by = ay;
		bx = floor(bx + 0.5);
	}
	cairo_matrix_transform_point(&s->to_user, &bx, &by);
	*x1 = bx;
	*y1 = by;
}

void
draw_snap_rect(const struct draw_snap *s, double *x, double *y, double *w,
	       double *h)
{
	double x1 = *x + *w, y1 = *y + *h;

	if (!s->on)
		return;
	draw_snap_point(s, x, y);
	draw_snap_point(s, &x1, &y1);
	*w = x1 - *x;
	*h = y1 - *y;
}

void
draw_crisp_box(struct draw *d, const double rgb[3], double x, double y,
	       double w, double h)
{
	cairo_t *cr = d->cr;
	struct draw_snap snap;

	cairo_save(cr);
	draw_snap_begin(d, &snap);
	draw_snap_rect(&snap, &x, &y, &w, &h);
	cairo_rectangle(cr, x, y, w, h);
	cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_stroke(cr);
	cairo_restore(cr);
}

void
draw_crisp(struct draw *d, double *x, double *y)
{
	struct draw_snap s;

	draw_snap_begin(d, &s);
	draw_snap_point(&s, x, y);
}
