/*
 * render/layout/ticks.h - the axes' ticks, labels, units and legends
 * (ticks.c; private to the layout library).
 */
#ifndef RENDER_LAYOUT_TICKS_H
#define RENDER_LAYOUT_TICKS_H

#include <stddef.h>

#include "layout.h"

#define BORDER_SPACE	5.0	/* hp2ps's margin around every part */

/* Width of s at the axes' size; 0 without a measure function. */
double layout_text_width(layout_measure_fn measure, void *closure,
			 const char *s, size_t len);

/* The time axis's unit (l->xunit), from the model's clock. */
void layout_x_unit(struct render_layout *l, const hp_model *m);

/* The x and y ticks with their labels, and the axes' legends, which may
 * move the graph.  -1 when out of memory. */
int layout_x_ticks(struct render_layout *l, const hp_model *m,
		   layout_measure_fn measure, void *closure) HP_MUSTCHECK;
int layout_y_ticks(struct render_layout *l, const hp_model *m,
		   layout_measure_fn measure, void *closure) HP_MUSTCHECK;

#endif
