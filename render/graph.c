/*
 * render/graph.c - render_graph: one graph, from model to bytes.
 *
 * The order is hp2ps's (§4.2): border and title box; with a multi-page
 * key, the key pages; then axes, the key beside the graph, the bands
 * bottom first, (--heap-size) the heap-size lines, the marks.
 *
 * Multi-page keys (-M, or -m above 20): PS and PDF hold pages, so they get
 * hp2ps's key pages (20 entries each, every page with border and title)
 * followed by the graph page at full width.  EPS, SVG and PNG hold one
 * picture: for them the key moves beside the graph, as without -M, when
 * its entries fit there (a key box's height each, so up to 26 bands);
 * when they do not, the graph takes the full width and has no key.
 *
 * Failures: cairo's status is sticky, so the parts draw without checking
 * and the status is read once at the end; our own allocations report
 * through err as they happen.
 */
#include "draw.h"

#include <math.h>
#include <string.h>

#include "aux-private.h"

#define KEY_EXTRA 29.0		/* hp2ps: key box 14 + three 5-pt gaps */

static int
key_fits(const struct render_layout *l)
{
	return l->graph_h / (double)(l->nbands + 1) >= DRAW_KEY_BOX;
}

static void
begin_page(struct draw *d, const struct draw_format *fmt,
	   struct draw_out *out)
{
	cairo_t *cr = d->cr;

	cairo_set_matrix(cr, &out->base);
	if (fmt->begin_page)
		fmt->begin_page(out, cr);
	out->page++;
	cairo_set_line_width(cr, DRAW_LINE);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_source_rgb(cr, 0, 0, 0);
	draw_border(d);
	draw_title(d);
}

static int
draw_pages(struct draw *d, const struct draw_format *fmt,
	   struct draw_out *out)
{
	const struct render_layout *l = d->l;
	size_t first;

	if (fmt->multipage && l->multipage) {
		for (first = 0; first < l->nbands;
		     first += DRAW_KEY_PER_PAGE) {
			begin_page(d, fmt, out);
			draw_key_page(d, first, DRAW_KEY_PER_PAGE);
			cairo_show_page(d->cr);
		}
	}
	begin_page(d, fmt, out);
	draw_axes(d);
	draw_key(d);
	if (draw_bands(d) || draw_heapsize(d) || draw_marks(d))
		return -1;
	cairo_show_page(d->cr);
	return 0;
}

/*
 * For one-picture formats: move the key of a multi-page layout beside the
 * graph, redoing hp2ps's key width and x ticks for the narrower graph (the
 * tick step depends on the time range only; ticks too near the legend go).
 */
static void
key_beside(struct render_layout *l, const hp_model *m, PangoContext *pc)
{
	const char *su = hp_model_get(m, HP_SAMPLE_UNIT);
	double longest = 0, w, old = l->graph_w, limit;
	size_t k, n;

	for (k = 0; k < l->nbands; k++) {
		w = draw_measure(pc, l->bands[k].label, l->bands[k].label_len,
				 DRAW_FONT);
		if (w > longest)
			longest = w;
	}
	l->key_w = KEY_EXTRA + fmin(longest, l->key_label_max);
	l->graph_w = old - l->key_w;
	l->key_on_graph = 1;
	l->multipage = 0;
	limit = l->graph_w - ((su ? draw_measure(pc, su, strlen(su),
						 DRAW_FONT) : 0) + 15);
	for (k = n = 0; k < l->nxticks; k++) {
		l->xticks[k].pos *= l->graph_w / old;
		if (l->xticks[k].pos < limit)
			l->xticks[n++] = l->xticks[k];
	}
	l->nxticks = n;
}

/*
 * --heap-size: the y axis must reach the top of the heap-size lines.  The
 * layout takes an aux's Y_RANGE as a least range, so it is handed one: the
 * -p aux's entries for this model's names, with Y_RANGE raised.  The aux
 * written back then holds the range actually drawn.
 */
static render_aux *
heap_prior(const hp_model *m, const render_aux *prior, double ymax,
	   struct hp_err *err)
{
	render_aux *a = render_aux_new();
	size_t b, nb = hp_model_band_count(m), len;
	long long order;
	double shade;

	if (!a) {
		hp_err_set(err, "out of memory");
		return NULL;
	}
	render_aux_set_ranges(a, prior ? render_aux_x_range(prior) : 0,
			      fmax(prior ? render_aux_y_range(prior) : 0,
				   ymax));
	for (b = 0; prior && b <= nb; b++) {
		const char *name = b < nb ?
			hp_model_band_name(m, (hp_band)b, &len) : "OTHER";

		if (b == nb)
			len = strlen(name);
		if ((render_aux_order(prior, name, len, &order) &&
		     render_aux_add_order(a, name, len, order, err)) ||
		    (render_aux_shade(prior, name, len, &shade) &&
		     render_aux_add_shade(a, name, len, shade, err))) {
			render_aux_free(a);
			return NULL;
		}
	}
	return a;
}

static int
compute_layout(struct render_layout *l, const hp_model *m,
	       const struct render_opts *o, const struct draw_format *fmt,
	       const render_aux *prior, PangoContext *pc, struct hp_err *err)
{
	render_aux *heap = NULL;
	double hmax = o->heap_size ? draw_heapsize_max(m) : 0;
	int rc;

	if (hmax > 0) {
		heap = heap_prior(m, prior, hmax, err);
		if (!heap)
			return -1;
		prior = heap;
	}
	rc = layout_compute(l, m, o, prior, draw_measure, pc, err);
	render_aux_free(heap);
	if (rc)
		return -1;
	if (!fmt->multipage && l->multipage && l->nbands > 0 && key_fits(l))
		key_beside(l, m, pc);
	return 0;
}

int
render_graph(render_ctx *c, const hp_model *m, const struct render_opts *o,
	     const render_aux *prior, render_aux *used, FILE *out,
	     struct hp_err *err)
{
	const struct draw_format *fmt = draw_format_get(o->format);
	struct draw_out dout = { 0 };
	struct render_layout l;
	struct draw d;
	cairo_status_t st;
	PangoContext *pc;
	int rc = -1;

	if (!fmt)
		return hp_err_set(err, "unknown output format %d",
				  (int)o->format);
	pc = draw_pango_new(c);
	if (!pc)
		return hp_err_set(err, "out of memory");
	if (compute_layout(&l, m, o, fmt, prior, pc, err)) {
		g_object_unref(pc);
		return -1;
	}
	memset(&d, 0, sizeof d);
	d.pc = pc;
	d.m = m;
	d.o = o;
	d.l = &l;
	d.err = err;
	d.yscale = l.yrange;
	if (used && layout_to_aux(&l, used, err))
		goto done;

	dout.out = out;
	dout.name = fmt->name;
	dout.m = m;
	dout.o = o;
	if (fmt->create(&dout, err))
		goto done;
	/* The picture's scale on the device, whatever the rotation. */
	d.colw = fmt->column / sqrt(fabs(dout.base.xx * dout.base.yy -
					 dout.base.xy * dout.base.yx));
	d.vector = fmt->vector;
	d.cr = cairo_create(dout.surface);
	if (draw_pages(&d, fmt, &dout) == 0) {
		st = cairo_status(d.cr);
		/* A failed write shows in cairo's status too; finish
		 * reports it with the system's reason. */
		if (d.oom)
			hp_err_set(err, "out of memory");
		else if (st != CAIRO_STATUS_SUCCESS && !dout.write_failed)
			hp_err_set(err, "cannot draw the graph: %s",
				   cairo_status_to_string(st));
		else
			rc = 0;
	}
	cairo_destroy(d.cr);
	if (fmt->finish(&dout, err))
		rc = -1;
done:
	if (dout.surface)
		cairo_surface_destroy(dout.surface);
	layout_release(&l);
	g_object_unref(pc);
	return rc;
}
