/*
 * render/layout/share.c - what the graphs of one file share (several inputs):
 * the largest y range (and x range with --same-time), and one colour
 * per band name across all of them, so a band looks the same in every
 * graph of a comparison.  The result is an aux, handed to each graph's
 * layout as its prior (graph.c computes the layouts alone first, then
 * again with it).
 *
 * The colours follow the rules of one graph, taken over the union of the
 * graphs' bands:
 *   - --colour-by name: nothing to share, a name's colour is a function
 *     of the name alone (render_name_colour), the same in every graph;
 *   - the many-band palette (--palette many, or -c past 20 bands in the
 *     union, as one graph past 20 bands gets it): new names in turn, each
 *     graph's top band first, OTHER grey;
 *   - hp2ps's colours (-c, 20 names or fewer) or greys: new names in
 *     turn, each graph's bottom band first, as hp2ps invents shades.
 */
#include "layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../hp/grow.h"
#include "aux-private.h"
#include "palette.h"

#define HP2PS_BANDS 20		/* hp2ps's palette up to this many bands */

struct name {
	const char *s;
	size_t len;
};

/* Every band name of the n layouts once (OTHER's too when others is
 * set), in the order met; *count receives how many.  NULL when out of
 * memory. */
static struct name *
union_of(const struct render_layout *l, size_t n, int others,
	 size_t *count, struct hp_err *err)
{
	render_aux *seen = render_aux_new();
	struct name *v = NULL;
	size_t cap = 0, i, k, nv = 0;
	double dummy;

	if (!seen)
		goto oom;
	for (i = 0; i < n; i++) {
		for (k = 0; k < l[i].nbands; k++) {
			const struct layout_band *b = &l[i].bands[k];

			if ((!others && b->band == LAYOUT_OTHER) ||
			    render_aux_shade(seen, b->name, b->name_len, &dummy))
				continue;
			if (render_aux_add_shade(seen, b->name, b->name_len, 0,
						 err) ||
			    HP_GROW(v, cap, nv + 1))
				goto oom;
			v[nv].s = b->name;
			v[nv++].len = b->name_len;
		}
	}
	render_aux_free(seen);
	*count = nv;
	if (!v)		/* no band at all: an empty list, not a failure */
		v = hp_mallocn(1, sizeof *v);
	if (!v)
		hp_err_set(err, "out of memory");
	return v;
oom:
	render_aux_free(seen);
	free(v);
	hp_err_set(err, "out of memory");
	return NULL;
}

/* OTHER, wherever a graph has it, in the many-band palette's grey. */
static int
other_grey(render_aux *a, const struct render_layout *l, size_t n,
	   struct hp_err *err)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (l[i].has_other && l[i].nbands > 0 &&
		    l[i].bands[0].band == LAYOUT_OTHER)
			return render_aux_add_colour(a, l[i].bands[0].name,
						     l[i].bands[0].name_len,
						     RENDER_OTHER_RGB, err);
	return 0;
}

/* The many-band palette: the most distinct colours to each graph's top
 * bands (the largest, by default), as in one graph (layout.c). */
static int
many(render_aux *a, const struct render_layout *l, size_t n,
     struct hp_err *err)
{
	size_t i, k, invented = 0;
	uint32_t c;

	if (other_grey(a, l, n, err))
		return -1;
	for (i = 0; i < n; i++) {
		for (k = l[i].nbands; k-- > 0;) {
			const struct layout_band *b = &l[i].bands[k];

			if (b->band == LAYOUT_OTHER ||
			    render_aux_colour(a, b->name, b->name_len, &c))
				continue;
			c = render_many[invented++ % RENDER_MANY_N].rgb;
			if (render_aux_add_colour(a, b->name, b->name_len, c,
						  err))
				return -1;
		}
	}
	return 0;
}

/* hp2ps's shades, invented in turn, bottom band first. */
static int
shades(render_aux *a, const struct render_layout *l, size_t n, int colour,
       int unoutlined, struct hp_err *err)
{
	size_t i, k, invented = 0;
	double shade;

	for (i = 0; i < n; i++) {
		for (k = 0; k < l[i].nbands; k++) {
			const struct layout_band *b = &l[i].bands[k];

			if (render_aux_shade(a, b->name, b->name_len, &shade))
				continue;
			shade = render_palette_next(colour, &invented,
						    unoutlined)->shade;
			if (render_aux_add_shade(a, b->name, b->name_len, shade,
						 err))
				return -1;
		}
	}
	return 0;
}

render_aux *
layout_share(const struct render_layout *l, size_t n,
	     const struct render_opts *o, struct hp_err *err)
{
	render_aux *a = render_aux_new();
	enum render_palette_name pal = o->palette;
	double x = 0, y = 0;
	size_t i, names;
	int rc;

	if (!a) {
		hp_err_set(err, "out of memory");
		return NULL;
	}
	for (i = 0; i < n; i++) {
		x = fmax(x, l[i].xrange);
		y = fmax(y, l[i].yrange);
	}
	render_aux_set_ranges(a, o->same_time ? x : 0, y);
	if (pal == RENDER_PALETTE_AUTO && !o->colour_by_name) {
		struct name *v = union_of(l, n, 1, &names, err);

		if (!v) {
			render_aux_free(a);
			return NULL;
		}
		free(v);
		pal = !o->colour ? RENDER_PALETTE_GREY :
			names <= HP2PS_BANDS ? RENDER_PALETTE_HP2PS :
			RENDER_PALETTE_MANY;
	}
	if (o->colour_by_name)
		rc = 0;	/* a name's colour is its own (palette.h) */
	else if (pal == RENDER_PALETTE_MANY)
		rc = many(a, l, n, err);
	else
		rc = shades(a, l, n, pal == RENDER_PALETTE_HP2PS,
			    o->unoutlined, err);
	if (rc) {
		render_aux_free(a);
		return NULL;
	}
	return a;
}
