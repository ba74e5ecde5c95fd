/*
 * render/heapsize.c - with --heap-size, the eventlog's heap-size series
 * (HEAP_SIZE, BLOCKS_SIZE, HEAP_LIVE) as lines over the bands, on the
 * bands' y scale, with a one-row legend above the graph (a lane of the
 * strip the layout keeps there).  An eventlog without a heap profile
 * (plain +RTS -l) is drawn as these lines alone (layout series_only).
 *
 * hp2ps has nothing like it, so the look is our own: each line is drawn
 * in colour with its own dash over a wider white line, so it stays
 * visible over black and white bands alike, in grey mode too.  Series are
 * not necessarily in time order, so each is sorted (by a copy) first.
 */
#include "draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"

#define LEGEND_FONT 9.0
#define LEGEND_LINE 18.0	/* length of the sample line */
#define LEGEND_PAD 4.0
#define DOT 2.5			/* radius of a one-point series' dot */

/* A series' line; its legend text is its name (hp_series_names). */
static const struct style {
	double rgb[3];
	double dash[2];
	int ndash;
} styles[HP_NSERIES] = {
	[HP_HEAP_SIZE] = { { 0.85, 0.1, 0.1 }, { 0, 0 }, 0 },
	[HP_BLOCKS_SIZE] = { { 0.1, 0.3, 0.9 }, { 4, 2 }, 2 },
	[HP_HEAP_LIVE] = { { 0.0, 0.6, 0.2 }, { 1.5, 1.5 }, 2 },
};

/* The path in a series' style over a white one, so that it shows over
 * black and white bands alike: a line (stroked, dashed), or the dot of a
 * series of one point (a program that ran one GC; filled). */
static void
paint_styled(cairo_t *cr, const struct style *st, int dot)
{
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, dot ? 1.0 : 2.0);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_stroke_preserve(cr);
	cairo_set_source_rgb(cr, st->rgb[0], st->rgb[1], st->rgb[2]);
	if (dot) {
		cairo_fill(cr);
		return;
	}
	cairo_set_line_width(cr, 1.0);
	cairo_set_dash(cr, st->dash, st->ndash, 0);
	cairo_stroke(cr);
}

/* The legend: one row in the lane the layout keeps for it at the top of
 * the strip above the graph, ending at the graph's right edge, so it
 * never covers the data nor a mark label, whatever is drawn. */
static void
legend(struct draw *d, const size_t *present)
{
	const struct render_layout *l = d->l;
	cairo_t *cr = d->cr;
	struct draw_text t = { .size = LEGEND_FONT };
	double w = 0, x, y, tw[HP_NSERIES];
	const char *name;
	size_t s;

	if (!l->legend_lane)
		return;
	for (s = 0; s < HP_NSERIES; s++) {
		if (!present[s])
			continue;
		name = hp_series_names[s].name;
		tw[s] = draw_width(d, name, strlen(name), LEGEND_FONT);
		w += LEGEND_LINE + LEGEND_PAD + tw[s] + 3 * LEGEND_PAD;
	}
	if (w == 0)
		return;
	x = l->graph_x + l->graph_w - w + 3 * LEGEND_PAD;
	y = l->graph_y + l->graph_h + 2 + (double)l->nlanes * l->lane_h +
		l->lane_h * 0.25;
	for (s = 0; s < HP_NSERIES; s++) {
		if (!present[s])
			continue;
		cairo_move_to(cr, x, y + LEGEND_FONT * 0.3);
		cairo_rel_line_to(cr, LEGEND_LINE, 0);
		paint_styled(cr, &styles[s], 0);
		cairo_set_source_rgb(cr, 0, 0, 0);
		x += LEGEND_LINE + LEGEND_PAD;
		name = hp_series_names[s].name;
		draw_show(d, x, y, name, strlen(name), &t);
		x += tw[s] + 3 * LEGEND_PAD;
	}
}

int
draw_heapsize(struct draw *d)
{
	const struct render_layout *l = d->l;
	cairo_t *cr = d->cr;
	double xs = l->graph_w / l->xrange, ys = l->graph_h / d->yscale;
	size_t present[HP_NSERIES] = { 0 };	/* points drawn */
	double dot[HP_NSERIES][2];
	const uint64_t *v;
	const double *t;
	size_t s, i, n;

	if (!d->o->heap_size && !l->series_only)
		return 0;
	cairo_save(cr);
	cairo_rectangle(cr, l->graph_x, l->graph_y, l->graph_w, l->graph_h);
	cairo_clip(cr);
	for (s = 0; s < HP_NSERIES; s++) {
		n = hp_model_series(d->m, (enum hp_series)s, &t, &v);
		if (n == 0)
			continue;
		cairo_new_path(cr);
		for (i = 0; i < n; i++) {
			/* Far outside the time axis cairo's fixed point
			 * would wrap; a graph width away is off the clip
			 * and still in range. */
			double x = (t[i] - l->t0) * xs;

			if (!(x >= -l->graph_w))
				x = -l->graph_w;
			if (x > 2 * l->graph_w)
				x = 2 * l->graph_w;
			cairo_line_to(cr, l->graph_x + x,
				      l->graph_y + (double)v[i] * ys);
		}
		if (n == 1) {	/* no line: a dot, drawn after the clip */
			cairo_get_current_point(cr, &dot[s][0], &dot[s][1]);
			cairo_new_path(cr);
		} else {
			paint_styled(cr, &styles[s], 0);
		}
		present[s] = n;
	}
	cairo_restore(cr);
	/* A dot is whole even at the axis' end, where the one GC of a short
	 * program puts it (its time is where the axis ends). */
	for (s = 0; s < HP_NSERIES; s++) {
		if (present[s] != 1)
			continue;
		cairo_new_path(cr);
		cairo_arc(cr, dot[s][0], dot[s][1], DOT, 0, 2 * M_PI);
		paint_styled(cr, &styles[s], 1);
	}
	cairo_save(cr);
	cairo_set_line_width(cr, DRAW_LINE);
	legend(d, present);
	cairo_restore(cr);
	return 0;
}
