/*
 * render/key.c - the key: one 14-pt box in the band's colour per band,
 * outlined in black, with the band's name beside it; the bottom band is
 * the bottom entry, as hp2ps draws it (GHC's utils/hp2ps/Key.c).  In
 * PNG the boxes lie on whole pixels (crisp.c).
 *
 * Beside the graph, entries are spread evenly up the graph's height
 * (dc = graph height / (n + 1), first centre one dc above the x axis).
 * On the pages of a multi-page key they start from the page's bottom
 * edge, 20 to a page, as hp2ps places them.  Names longer than the
 * layout allows are shortened in the middle, where cost-centre and module
 * names differ least, so the key never runs off the page.
 */
#include "draw.h"

#define TEXT_DROP 5.0		/* name baseline below the entry centre */

static void
entry(struct draw *d, const struct layout_band *b, double x, double centre,
      double max_w)
{
	struct draw_text t = {
		.size = LAYOUT_FONT,
		.max_w = max_w,
		.ellipsize = PANGO_ELLIPSIZE_MIDDLE,
	};

	draw_crisp_box(d, b->rgb, x + LAYOUT_KEY_GAP,
		       centre - LAYOUT_KEY_BOX / 2, LAYOUT_KEY_BOX,
		       LAYOUT_KEY_BOX);
	draw_show(d, x + LAYOUT_KEY_TEXT_X, centre - TEXT_DROP, b->label,
		  b->label_len, &t);
}

/* The key of many bands (layout.h): small boxes in columns, the top
 * band first, so the key reads down as the bands do. */
static void
draw_key_columns(struct draw *d)
{
	const struct render_layout *l = d->l;
	struct draw_text t = {
		.size = LAYOUT_FONT,
		.max_w = l->key_label_max,
		.ellipsize = PANGO_ELLIPSIZE_MIDDLE,
		.valign = DRAW_BASELINE,
	};
	double box = LAYOUT_KEY_SWATCH;
	size_t i;

	for (i = 0; i < l->nbands; i++) {
		const struct layout_band *b = &l->bands[l->nbands - 1 - i];
		size_t col = i / l->key_rows, row = i % l->key_rows;
		double x = l->key_x + (double)col * l->key_col_w;
		double top = l->key_top - (double)row * l->key_pitch;
		double centre = top - l->key_pitch / 2;

		draw_crisp_box(d, b->rgb, x, centre - box / 2, box, box);
		draw_show(d, x + LAYOUT_SWATCH_TEXT_X,
			  centre - LAYOUT_FONT * 0.35, b->label, b->label_len,
			  &t);
	}
}

void
draw_key(struct draw *d)
{
	const struct render_layout *l = d->l;
	double x = l->graph_x + l->graph_w, dc;
	size_t k;

	if (l->key_cols > 0) {
		draw_key_columns(d);
		return;
	}
	if (!l->key_on_graph || l->nbands == 0)
		return;
	dc = l->graph_h / (double)(l->nbands + 1);
	for (k = 0; k < l->nbands; k++)
		entry(d, &l->bands[k], x, l->graph_y + (double)(k + 1) * dc,
		      l->key_label_max);
}

void
draw_key_page(struct draw *d, size_t first, size_t count)
{
	const struct render_layout *l = d->l;
	double x = l->graph_x, dc, max_w;
	size_t k;

	dc = l->nbands <= LAYOUT_KEY_PER_PAGE ?
		l->graph_h / (double)(l->nbands + 1) :
		l->graph_h / LAYOUT_KEY_PER_PAGE;
	/* The whole page is the key's: names may use its width. */
	max_w = l->page_w - x - LAYOUT_KEY_TEXT_X - 11;
	for (k = 0; k < count && first + k < l->nbands; k++)
		entry(d, &l->bands[first + k], x, (double)(k + 1) * dc,
		      max_w);
}
