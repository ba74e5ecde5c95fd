/*
 * render/layout/markplace.h - which marks the graph draws, and where
 * their labels go (markplace.c; private to the layout library).
 */
#ifndef RENDER_LAYOUT_MARKPLACE_H
#define RENDER_LAYOUT_MARKPLACE_H

#include <stddef.h>

#include "layout.h"

#define MARK_FONT	9.0		/* mark labels */
#define LANE_H		11.5		/* a lane of mark labels */
#define MAX_LANES	6

/* m's marks into l->marks, in time order (those well outside the time
 * axis left out).  -1 when out of memory. */
int layout_collect_marks(struct render_layout *l, const hp_model *m,
			 const struct render_opts *o) HP_MUSTCHECK;

/* Place l's marks on its graph_w wide axis and their labels in at most
 * max_lanes lanes (see markplace.c); returns the lanes used. */
size_t layout_place_marks(struct render_layout *l, layout_measure_fn measure,
			  void *closure, size_t max_lanes);

/* What was left out, in l->marks_note and the title.  -1 when out of
 * memory. */
int layout_marks_note(struct render_layout *l) HP_MUSTCHECK;

#endif
