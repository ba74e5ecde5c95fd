/*
 * render/graph.c - render_graph: one graph, from model to bytes.
 *
 * The order is hp2ps's (§4.2): border and title box; with a multi-page
 * key, the key pages; then axes, the key beside the graph, the bands
 * bottom first, (--heap-size) the heap-size lines, the marks.
 *
 * Multi-page keys (the layout says where the key goes): hp2ps's key
 * pages, 20 entries each, every page with border and title, followed by
 * the graph page at full width.
 *
 * Failures: cairo's status is sticky, so the parts draw without checking
 * and the status is read once at the end; our own allocations report
 * through err as they happen.
 */
#include "draw.h"

#include <math.h>
#include <string.h>

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

	if (l->multipage) {
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
	if (layout_compute(&l, m, o, prior, draw_measure, pc, err)) {
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
	dout.page_w = l.page_w;
	dout.page_h = l.page_h;
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
