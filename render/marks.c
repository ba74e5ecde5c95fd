/*
 * render/marks.c - marks (hp2ps §4.8), unless -y.
 *
 * Every mark gets hp2ps's caret: an 8-pt wide, 4-pt deep white triangle
 * hanging below the x axis at the mark's time.  A mark with a label (an
 * eventlog traceMarker) also gets a thin dashed line up through the graph
 * and its label in small type, reading upwards, ending near the top of the
 * graph: below the title, and on a white ground so it reads over any band.
 * Marks are taken in time order; a label that would touch the previous
 * drawn label is left out (its line is still drawn), so dense marks stay
 * legible.  A mark a little outside the graph's time range (within 5% of
 * it: the first traceMarker usually comes before the first sample, the
 * last after the last) is drawn at that end of the axis, meaning "by
 * then"; marks further out are not drawn, where hp2ps would draw them
 * over the y labels or the key.
 */
#include "draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"

#define CARET 4.0
#define LABEL_PAD 1.0		/* white ground around a label */
#define LABEL_TOP 3.0		/* label end below the graph top */

struct mark {
	double t;
	size_t i;
};

static int
by_time(const void *a, const void *b)
{
	const struct mark *p = a, *q = b;

	if (p->t != q->t)
		return p->t < q->t ? -1 : 1;
	return p->i < q->i ? -1 : p->i > q->i;
}

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

#define SLACK 0.05	/* share of the axis a mark may lie beyond it */

/* Picture x of time t, or 0 when t is too far off the time axis. */
static int
mark_x(const struct draw *d, double t, double *x)
{
	const struct render_layout *l = d->l;
	double gw = l->graph_w, off = (t - l->t0) / l->xrange * gw;

	if (!(off >= -SLACK * gw && off <= (1 + SLACK) * gw))
		return 0;
	*x = l->graph_x + (off < 0 ? 0 : off > gw ? gw : off);
	return 1;
}

int
draw_marks(struct draw *d)
{
	const struct render_layout *l = d->l;
	cairo_t *cr = d->cr;
	size_t n = hp_model_mark_count(d->m), i;
	double gx = l->graph_x, gy = l->graph_y, gw = l->graph_w,
		gh = l->graph_h, top = gy + gh - LABEL_TOP,
		line_h = DRAW_MARK_FONT * 1.2, last = -INFINITY, x, lx, w, end;
	struct draw_text t = {
		.size = DRAW_MARK_FONT,
		.halign = DRAW_RIGHT,
		.valign = DRAW_TOP,
		.up = 1,
		.ellipsize = PANGO_ELLIPSIZE_END,
	};
	struct mark *mk;

	if (d->o->no_marks || n == 0)
		return 0;
	mk = hp_mallocn(n, sizeof *mk);
	if (!mk)
		return hp_err_set(d->err, "out of memory drawing %zu marks", n);
	for (i = 0; i < n; i++) {
		mk[i].t = hp_model_mark_time(d->m, i);
		mk[i].i = i;
	}
	qsort(mk, n, sizeof *mk, by_time);
	/* Lines, then labels over them, then carets over the axis. */
	for (i = 0; i < n; i++) {
		const char *label = hp_model_mark_label(d->m, mk[i].i);

		/* On the y axis the axis is the line. */
		if (mark_x(d, mk[i].t, &x) && label && *label && x > gx)
			mark_line(cr, x, gy, gy + gh);
	}
	for (i = 0; i < n; i++) {
		const char *label = hp_model_mark_label(d->m, mk[i].i);

		if (!mark_x(d, mk[i].t, &x) || !label || !*label)
			continue;
		/* Right of its line, or left of it at the right end. */
		lx = x + LABEL_PAD;
		if (lx + line_h > gx + gw)
			lx = x - LABEL_PAD - line_h;
		if (lx <= last + LABEL_PAD)
			continue;
		/* Under the heap-size legend when it is in the way. */
		end = top;
		if (d->legend[2] > 0 && lx + line_h > d->legend[0] &&
		    lx < d->legend[0] + d->legend[2])
			end = d->legend[1] - LABEL_TOP;
		t.max_w = fmax(end - gy, 1) * 0.6;
		w = fmin(draw_width(d, label, strlen(label), t.size),
			 t.max_w);
		cairo_rectangle(cr, lx - LABEL_PAD / 2, end - w - LABEL_PAD,
				line_h + LABEL_PAD, w + 2 * LABEL_PAD);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		draw_show(d, lx, end, label, strlen(label), &t);
		last = lx + line_h;
	}
	for (i = 0; i < n; i++)
		if (mark_x(d, mk[i].t, &x))
			caret(cr, x, gy);
	free(mk);
	return 0;
}
