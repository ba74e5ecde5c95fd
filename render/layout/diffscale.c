/*
 * render/layout/diffscale.c - a difference graph's y scale: growth
 * stacked above a zero line, shrinkage below it, one scale for both
 * (render/diff.c draws them; hp/diff.h makes the models).
 */
#include "layout.h"

#include <math.h>

#include "slotsum.h"

/* The largest stacked total of m through the layout's slots. */
static int
stacked_max(const hp_model *m, const struct render_layout *l, double *max)
{
	size_t i, ns = hp_model_sample_count(m);
	struct slotsum st;

	*max = 0;
	if (slotsum_init(&st, m, l->slot, l->nslot, l->nbands) < 0)
		return -1;
	for (i = 0; i < ns; i++)
		*max = fmax(*max, slotsum_total(&st, m, i));
	slotsum_release(&st);
	return 0;
}

int
layout_diff_scale(struct render_layout *l, const struct render_diff *df,
		  layout_measure_fn measure, void *closure, double *below,
		  double *above)
{
	if (stacked_max(df->grow, l, above) ||
	    stacked_max(df->shrink, l, below) ||
	    layout_signed_y(l, df->change, *below, *above, measure, closure))
		return -1;
	l->area = df->area;
	return 0;
}
