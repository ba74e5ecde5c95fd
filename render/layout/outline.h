/*
 * render/layout/outline.h - each drawn slot's outline, reduced to the
 * output's resolution (outline.c says how): the points render/bands.c
 * fills and strokes, computed without Cairo, so a test compares them
 * without rasterising.
 *
 * Points are in page units: x from the graph's left edge, y above the
 * x axis (graph_x and graph_y are the drawing's to add).  Slot s's tops
 * are slot s+1's lower outline; the last slot's tops are the total.
 */
#ifndef RENDER_LAYOUT_OUTLINE_H
#define RENDER_LAYOUT_OUTLINE_H

#include <stddef.h>

#include "../../hp/err.h"
#include "../../hp/model.h"
#include "layout.h"

/* float is exact to far below a device pixel and halves the memory of
 * --exact. */
struct layout_pts {
	float *x, *y;
	size_t n, xcap, ycap;
};

/* One slot's outline: what is filled, and what is stroked (the same
 * points unless a column held more than three samples; then edge holds
 * the columns' means). */
struct layout_line {
	struct layout_pts fill, edge;
};

struct layout_outline {
	size_t nslots;			/* l->nbands; 0: nothing to draw */
	struct layout_line *line;	/* bottom slot first */
	double colw;	/* column width in page units; 0: every sample
			 * its own column (--exact), edge unused */
	int vector;	/* least and greatest only; flat runs merged */
};

/*
 * The outlines of m's slots as l lays them out, yscale (a value) at the
 * graph's top.  colw: the output's column width in page units, 0 for
 * --exact; vector: vector output's reduction (a PNG's keeps each
 * column's first, least, greatest and last point); walk: read every
 * sample, not the model's summary (tests: the same points).  Returns 0,
 * or -1 with err set (out of memory); out is then empty.
 */
int layout_outline(struct layout_outline *out, const hp_model *m,
		   const struct render_layout *l, double yscale, double colw,
		   int vector, int walk, struct hp_err *err) HP_MUSTCHECK;
void layout_outline_release(struct layout_outline *out);

/* What is stroked of slot s: its edge when reducing, else its fill. */
const struct layout_pts *layout_outline_edge(const struct layout_outline *out,
					     size_t s);

#endif
