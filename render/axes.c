/*
 * render/axes.c - the two axes, their ticks and legends, as hp2ps draws
 * them (GHC's utils/hp2ps/Axes.c): 4-pt ticks outside the graph, x
 * labels centred under their tick, y labels right-aligned 5 pt left of
 * the axis with the baseline on the tick, the time unit at the right end
 * under the x axis, VALUE_UNIT rotated and ending at the top of the y
 * axis; each legend moved where the layout puts it clear of the labels
 * (xunit_end, yunit_gap).
 *
 * The ticks themselves (which values, their labels, which are dropped to
 * leave room for the legends) come from the layout.
 */
#include "draw.h"

#include <math.h>
#include <string.h>

#define TICK 4.0
#define LABEL_GAP LAYOUT_YLABEL_GAP
#define X_BASELINE LAYOUT_XLABEL_DROP

void
draw_axis_lines(struct draw *d)
{
	const struct render_layout *l = d->l;
	cairo_t *cr = d->cr;
	double x0 = l->graph_x, y0 = l->graph_y, x1 = l->graph_x + l->graph_w,
		y1 = l->graph_y + l->graph_h;

	cairo_save(cr);
	draw_crisp(d, &x0, &y0);
	draw_crisp(d, &x1, &y1);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y0);
	cairo_stroke(cr);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x0, y1);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* A tick from (x, y) on the axis, (dx, dy) long. */
static void
tick(cairo_t *cr, const struct draw_snap *snap, double x, double y,
     double dx, double dy)
{
	double x1 = x + dx, y1 = y + dy;

	draw_snap_tick(snap, &x, &y, &x1, &y1);
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
}

void
draw_axes(struct draw *d)
{
	const struct render_layout *l = d->l;
	cairo_t *cr = d->cr;
	const char *vu = draw_field(d, HP_VALUE_UNIT, "bytes");
	const char *su = l->xunit;
	double gx = l->graph_x, gy = l->graph_y, gw = l->graph_w,
		gh = l->graph_h;
	struct draw_text t = {
		.size = LAYOUT_FONT,
		.ellipsize = PANGO_ELLIPSIZE_END,
	};
	struct draw_snap snap;
	size_t i;

	draw_axis_lines(d);
	cairo_save(cr);
	draw_snap_begin(d, &snap);	/* the ticks' width; labels draw fills */

	t.halign = DRAW_RIGHT;
	t.max_w = fmax(gw / 3, l->xunit_end - gw);
	draw_show(d, gx + l->xunit_end, gy - X_BASELINE, su, strlen(su), &t);
	t.halign = DRAW_CENTRE;
	t.max_w = 0;
	for (i = 0; i < l->nxticks; i++) {
		const struct layout_tick *k = &l->xticks[i];

		tick(cr, &snap, gx + k->pos, gy, 0, -TICK);
		draw_show(d, gx + k->pos, gy - X_BASELINE, k->label,
			  strlen(k->label), &t);
	}

	t.up = 1;
	t.halign = DRAW_RIGHT;
	t.max_w = gh / 2;
	draw_show(d, gx - l->yunit_gap, gy + gh - l->yunit_drop, vu,
		  strlen(vu), &t);
	t.up = 0;
	t.max_w = gx - LABEL_GAP - 1;
	for (i = 0; i < l->nyticks; i++) {
		const struct layout_tick *k = &l->yticks[i];

		tick(cr, &snap, gx, gy + k->pos, -TICK, 0);
		draw_show(d, gx - LABEL_GAP, gy + k->pos, k->label,
			  strlen(k->label), &t);
	}
	cairo_restore(cr);
}
