/*
 * render/layout/barlayout.h - a ticky report's bar chart, computed without Cairo
 * (barlayout.c); drawn by bars.c.  Points, hp2ps's page, origin bottom
 * left.
 */
#ifndef RENDER_BARLAYOUT_H
#define RENDER_BARLAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "layout.h"

#define BARLAYOUT_GAP 6.0	/* a label's end to its bar */

struct bar {
	hp_band band;
	const char *label;	/* the readable name (the band's label) */
	size_t label_len;
	uint64_t value;
	double y;		/* centre of its row */
	double len;		/* bar length */
	double rgb[3];
};

struct bar_layout {
	struct bar *bar;	/* largest first, top down */
	size_t n;		/* bars drawn (-m) */
	size_t counters;	/* counters in the report */
	double total;		/* of the measure over every counter */
	uint64_t max;
	double font;		/* label size, smaller for many rows */
	double y0, y1, row;	/* rows' area and height */
	double label_x, label_w;
	double bar_x, bar_w;	/* where bars start, the longest possible */
	double axis_max, axis_step;	/* the value axis */
};

/* top: the y below which the chart goes (the title box's bottom); l:
 * the profile's band layout, whose colours the bars take (NULL: the
 * palette's in rank order). */
int layout_bars(struct bar_layout *bl, const hp_model *m,
		const struct render_layout *l,
		const struct render_opts *o, double top,
		layout_measure_fn measure, void *closure,
		struct hp_err *err) HP_MUSTCHECK;
void layout_bars_release(struct bar_layout *bl);

#endif
