/*
 * render/layout/aux-private.h - the parts of render_aux that layout.c and
 * graph.c use.
 *
 * render.h keeps the aux opaque; only the layout needs to look inside
 * (ranges, ORDER and SHADE by name) and to fill one (layout_to_aux), and
 * graph.c to build the aux several graphs of one file share.
 * Lookups are hashed, so a 10,000-band profile does not pay hp2ps's
 * linear scans.
 */
#ifndef RENDER_AUX_PRIVATE_H
#define RENDER_AUX_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include "../render.h"

/* The X_RANGE / Y_RANGE read or set, 0 when there is none (they are
 * minimums, and hp2ps also starts from 0). */
double render_aux_x_range(const render_aux *a);
double render_aux_y_range(const render_aux *a);

/* ORDER / SHADE of a name: 1 and *out when the aux has it, else 0. */
int render_aux_order(const render_aux *a, const char *name, size_t len,
		     long long *out);
int render_aux_shade(const render_aux *a, const char *name, size_t len,
		     double *out);
/* A SHADE given as "#rrggbb" (hp2x's colours past hp2ps's palette):
 * 1 and *out = 0xRRGGBB, else 0. */
int render_aux_colour(const render_aux *a, const char *name, size_t len,
		      uint32_t *out);
size_t render_aux_order_count(const render_aux *a);
size_t render_aux_shade_count(const render_aux *a);

/* Filling one.  add_* keep the first entry for a name, as reading does. */
void render_aux_clear(render_aux *a);
void render_aux_set_ranges(render_aux *a, double x, double y);
int render_aux_add_order(render_aux *a, const char *name, size_t len,
			 long long k, struct hp_err *err) HP_MUSTCHECK;
int render_aux_add_shade(render_aux *a, const char *name, size_t len,
			 double shade, struct hp_err *err) HP_MUSTCHECK;
int render_aux_add_colour(render_aux *a, const char *name, size_t len,
			  uint32_t rgb, struct hp_err *err) HP_MUSTCHECK;

#endif
