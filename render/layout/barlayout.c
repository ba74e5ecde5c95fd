/*
 * render/layout/barlayout.c - what a ticky report's bar chart shows, computed
 * without Cairo: the counters ranked by the chosen measure (the model's
 * one sample), the top -m of them, each bar's place and length, the value
 * axis.  render/bars.c draws it.
 *
 * Rows run top down, largest first, in the area below the title box; the
 * label column is as wide as the longest readable name needs, at most
 * LABEL_SHARE of the page; bars start after it and the longest leaves
 * room for its value written after it.  Equal values keep the report's
 * order.
 */
#include "barlayout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../hp/grow.h"
#include "palette.h"

#define MARGIN 10.0
#define LABEL_SHARE 0.45
#define VALUE_ROOM 70.0
#define AXIS_ROOM 22.0		/* tick labels and the unit under the bars */
#define MIN_FONT 3.0

struct ranked {
	hp_band band;
	uint64_t v;
	size_t order;
};

static int
by_value(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->v != y->v)
		return x->v > y->v ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* A bar's colour: its counter's in the layout (the page's table and
 * key show that one), else, past the layout's bands or merged into its
 * OTHER, the next of the palette the layout's bands take. */
static void
bar_colour(struct bar *b, const struct render_layout *l,
	   const struct render_opts *o, size_t rank)
{
	if (l && b->band < l->nslot && l->slot[b->band] >= 0 &&
	    l->bands[l->slot[b->band]].band == b->band) {
		memcpy(b->rgb, l->bands[l->slot[b->band]].rgb, sizeof b->rgb);
		return;
	}
	if (o->palette == RENDER_PALETTE_GREY ||
	    (o->palette == RENDER_PALETTE_HP2PS && rank < 20))
		memcpy(b->rgb, render_palette(o->palette == RENDER_PALETTE_HP2PS, rank)->rgb,
		       sizeof b->rgb);
	else
		render_rgb24(render_many[rank % RENDER_MANY_N].rgb, b->rgb);
}

int
layout_bars(struct bar_layout *bl, const hp_model *m,
	    const struct render_layout *l, const struct render_opts *o, double top,
	    layout_measure_fn measure, void *closure, struct hp_err *err)
{
	size_t nb = hp_model_band_count(m), i, n, nv = 0, keep;
	const hp_band *bands = NULL;
	const uint64_t *vals = NULL;
	struct ranked *r;
	double longest = 0, step, w;

	memset(bl, 0, sizeof *bl);
	if (hp_model_sample_count(m))
		nv = hp_model_sample(m, 0, &bands, &vals);
	bl->counters = nb;
	r = hp_mallocn(nb ? nb : 1, sizeof *r);
	if (!r)
		return hp_err_set(err, "out of memory");
	/* every counter, zero ones too (a zero is not in the sample) */
	for (i = 0; i < nb; i++) {
		r[i].band = (hp_band)i;
		r[i].v = 0;
		r[i].order = i;
	}
	for (i = 0; i < nv; i++) {
		r[bands[i]].v = vals[i];
		bl->total += (double)vals[i];
	}
	qsort(r, nb, sizeof *r, by_value);
	keep = o->max_bands > 0 ? (size_t)o->max_bands : nb;
	n = keep < nb ? keep : nb;
	bl->bar = hp_mallocn(n ? n : 1, sizeof *bl->bar);
	if (!bl->bar) {
		free(r);
		return hp_err_set(err, "out of memory");
	}
	bl->n = n;
	bl->max = n ? r[0].v : 0;
	bl->y0 = MARGIN + AXIS_ROOM;
	bl->y1 = top - MARGIN;
	bl->row = n ? (bl->y1 - bl->y0) / (double)n : 0;
	bl->font = fmax(MIN_FONT, fmin(LAYOUT_FONT, bl->row * 0.8));
	for (i = 0; i < n; i++) {
		struct bar *b = &bl->bar[i];
		b->band = r[i].band;
		b->value = r[i].v;
		b->label = hp_model_band_label(m, b->band, &b->label_len);
		b->y = bl->y1 - bl->row * ((double)i + 0.5);
		bar_colour(b, l, o, i);
		w = measure(closure, b->label, b->label_len, bl->font);
		if (isnan(w)) {
			/* out of memory: no width, and no guessed picture */
			free(r);
			layout_bars_release(bl);
			return hp_err_set(err, "out of memory");
		}
		longest = fmax(longest, w);
	}
	free(r);
	bl->label_x = MARGIN;
	bl->label_w = fmin(longest, LABEL_SHARE * LAYOUT_PAGE_W);
	bl->bar_x = bl->label_x + bl->label_w + BARLAYOUT_GAP;
	bl->bar_w = LAYOUT_PAGE_W - MARGIN - VALUE_ROOM - bl->bar_x;
	/* The axis: round steps up to at least the longest bar. */
	step = layout_round_step((double)bl->max / 5);
	bl->axis_max = bl->max ? ceil((double)bl->max / step) * step : 1;
	bl->axis_step = bl->max ? step : 1;
	for (i = 0; i < n; i++)
		bl->bar[i].len = (double)bl->bar[i].value / bl->axis_max * bl->bar_w;
	return 0;
}

void
layout_bars_release(struct bar_layout *bl)
{
	free(bl->bar);
	memset(bl, 0, sizeof *bl);
}
