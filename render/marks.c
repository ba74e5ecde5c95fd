/*
 * render/marks.c - marks, unless -y (GHC's utils/hp2ps/Marks.c).
 *
 * Every mark gets hp2ps's caret: an 8-pt wide, 4-pt deep white triangle
 * hanging below the x axis at the mark's time, drawn last so the axis
 * passes under it.  A mark with a label (an eventlog traceMarker) also
 * gets a thin dashed line up through the graph to its label, which sits
 * in a lane of the strip above the graph (the layout chose the lanes and
 * thinned the marks to what fits: no label covers the data, and labels
 * closer than a dash's period share one line).  A label the layout could
 * not give its full width is shortened with an ellipsis, its full text
 * kept in the PDF and SVG text (fonts.c).
 *
 * The axis lines are stroked again over the mark lines, so a mark at
 * t = 0 never hides the y axis.
 */
#include "draw.h"

#include <math.h>
#include <string.h>

#define CARET 4.0

static void
caret(cairo_t *cr, double x, double y)
{
	cairo_move_to(cr, x - CARET, y);
	cairo_rel_line_to(cr, CARET, -CARET);
	cairo_rel_line_to(cr, CARET, CARET);
	cairo_close_path(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_stroke(cr);
}

/* The dashed line: white under black, so it shows on black bands too. */
static void
mark_line(cairo_t *cr, double x, double y0, double y1)
{
	static const double dash[] = { 2.0, 2.0 };

	cairo_save(cr);
	cairo_move_to(cr, x, y0);
	cairo_line_to(cr, x, y1);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, 1.0);
	cairo_stroke_preserve(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.4);
	cairo_set_dash(cr, dash, 2, 0);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* Baseline of lane j's labels. */
static double
lane_baseline(const struct render_layout *l, int j)
{
	return l->graph_y + l->graph_h + 2 + (double)j * l->lane_h +
		l->lane_h * 0.25;
}

int
draw_marks(struct draw *d)
{
	const struct render_layout *l = d->l;
	cairo_t *cr = d->cr;
	struct draw_text t = {
		.size = l->mark_font,
		.ellipsize = PANGO_ELLIPSIZE_END,
	};
	size_t i;

	/* Lines up to their lane's top, then the labels on white, so a
	 * line passing a lane below its own never crosses a label. */
	for (i = 0; i < l->nmarks; i++) {
		const struct layout_mark *k = &l->marks[i];

		if (k->rule_lane >= 0)
			mark_line(cr, k->x, l->graph_y,
				  lane_baseline(l, k->rule_lane) + l->mark_font * 0.75);
	}
	for (i = 0; i < l->nmarks; i++) {
		const struct layout_mark *k = &l->marks[i];
		double y;

		if (k->lane < 0)
			continue;
		y = lane_baseline(l, k->lane);
		cairo_rectangle(cr, k->label_x - 1, y - l->mark_font * 0.25,
				k->label_w + 2, l->mark_font * 1.05);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		t.max_w = k->label_w + 0.01;
		draw_show(d, k->label_x, y, k->label, k->label_len, &t);
	}
	if (l->nlanes > 0) {
		cairo_set_source_rgb(cr, 0, 0, 0);
		draw_axis_lines(d);
	}
	return 0;
}

void
draw_carets(struct draw *d)
{
	const struct render_layout *l = d->l;
	size_t i;

	for (i = 0; i < l->nmarks; i++)
		caret(d->cr, l->marks[i].x, l->graph_y);
}
