/*
 * render/graph.c - render_graph(s): graphs, from models to bytes.
 *
 * The order is hp2ps's (PutPsFile in GHC's utils/hp2ps/PsFile.c):
 * border and title box; with a multi-page key, the key pages; then axes,
 * the key, the bands bottom first, (--heap-size) the heap-size lines,
 * the marks' lines and labels (which stroke the axis lines again, so no
 * mark line hides them), and the marks' carets last, over the x axis.
 *
 * Multi-page keys (the layout says where the key goes): hp2ps's key
 * pages, 20 entries each, every page with border and title, followed by
 * the graph page at full width.
 *
 * Several graphs in one file (render_graphs): each gets its own pages in
 * PS and PDF; the one-picture formats get a picture of n pictures side
 * by side (or stacked), each drawn through a base matrix moved to its
 * place.  Their layouts are computed twice: alone, to learn the largest
 * ranges and every band name, then with a prior aux holding those ranges
 * and one colour per name (share.c), so scales and colours agree.
 *
 * Failures: cairo's status is sticky, so the parts draw without checking
 * and the status is read once at the end; our own allocations report
 * through err as they happen.
 */
#include "draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"
#include "../hp/steps.h"

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

/* The graph's page(s).  A one-picture format holding several graphs
 * shows its page once, after the last. */
static int
draw_pages(struct draw *d, const struct draw_format *fmt,
	   struct draw_out *out, int show)
{
	const struct render_layout *l = d->l;
	size_t first;

	if (l->multipage && hp_model_profile(d->m) != HP_PROFILE_COUNTERS) {
		for (first = 0; first < l->nbands;
		     first += LAYOUT_KEY_PER_PAGE) {
			begin_page(d, fmt, out);
			draw_key_page(d, first, LAYOUT_KEY_PER_PAGE);
			cairo_show_page(d->cr);
		}
	}
	begin_page(d, fmt, out);
	if (hp_model_profile(d->m) == HP_PROFILE_COUNTERS) {
		if (draw_bars(d))
			return -1;
		if (show)
			cairo_show_page(d->cr);
		return 0;
	}
	draw_axes(d);
	draw_key(d);
	if ((d->diff ? draw_diff_bands(d) : draw_bands(d)) ||
	    draw_heapsize(d) || draw_marks(d))
		return -1;
	draw_carets(d);
	if (show)
		cairo_show_page(d->cr);
	return 0;
}

/* Layouts for every input: alone, then (several inputs) again with the
 * scales and shades they share. */
static int
layouts(struct render_layout *l, const struct render_input *in, size_t n,
	const struct render_opts *o, struct draw *d, struct hp_err *err)
{
	render_aux *shared = NULL;
	size_t i, done = 0;
	int pass;

	for (pass = 0; pass < (n > 1 ? 2 : 1); pass++) {
		if (pass == 1) {
			shared = layout_share(l, n, o, err);
			for (i = 0; i < n; i++)
				layout_release(&l[i]);
			done = 0;
			if (!shared)
				return -1;
		}
		for (i = 0; i < n; i++, done++) {
			const hp_model *m = in[i].diff ? in[i].diff->change
						       : in[i].m;

			if (layout_compute(&l[i], m, o,
					   shared ? shared : in[i].prior,
					   draw_layout_measure, &d[i], err))
				goto fail;
			if (d[i].oom) {
				hp_err_set(err, "out of memory");
				done++;
				goto fail;
			}
			if (in[i].diff && draw_diff_scale(&d[i], &l[i])) {
				done++;
				goto fail;
			}
		}
	}
	render_aux_free(shared);
	return 0;
fail:
	for (i = 0; i < done; i++)
		layout_release(&l[i]);
	render_aux_free(shared);
	return -1;
}

int
render_graph(render_ctx *c, const hp_model *m, const struct render_opts *o,
	     const render_aux *prior, render_aux *used, FILE *out,
	     struct hp_err *err)
{
	struct render_input in = { m, NULL, prior, used };

	return render_graphs(c, &in, 1, o, out, err);
}

/* in: what is drawn; from: the inputs as given (their per-interval
 * profiles' models, where in has their steps, hp/steps.h). */
static int
draw_graphs(render_ctx *c, const struct render_input *in,
	    const struct render_input *from, size_t n,
	    const struct render_opts *o, FILE *out, struct hp_err *err)
{
	const struct draw_format *fmt = draw_format_get(o->format);
	struct draw_out dout = { 0 };
	struct render_layout *l = NULL;
	struct draw *d = NULL;
	cairo_matrix_t base;
	cairo_status_t st;
	PangoContext *pc;
	cairo_t *cr = NULL;
	int rc = -1, oom = 0, nx = 1, ny = 1;
	size_t i;

	if (!fmt)
		return hp_err_set(err, "unknown output format %d",
				  (int)o->format);
	if (n == 0)
		return hp_err_set(err, "no graph to draw");
	pc = draw_pango_new(c);
	l = hp_callocn(n, sizeof *l);
	d = hp_callocn(n, sizeof *d);
	if (!pc || !l || !d) {
		if (pc)
			g_object_unref(pc);
		free(l);
		free(d);
		return hp_err_set(err, "out of memory");
	}
	for (i = 0; i < n; i++) {
		d[i].pc = pc;
		d[i].m = in[i].diff ? in[i].diff->grow : in[i].m;
		d[i].o = o;
		d[i].l = &l[i];
		d[i].err = err;
		d[i].diff = in[i].diff;
	}
	if (layouts(l, in, n, o, d, err)) {
		free(l);
		free(d);
		g_object_unref(pc);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (l[i].marks_note[0]) {
			char msg[sizeof l[i].marks_note + 100];

			snprintf(msg, sizeof msg, "%s: the others are too close "
				 "together to show (-y draws none)", l[i].marks_note);
			render_ctx_warn_marks(c, msg);
		}
		/* a per-interval profile's title says what was counted,
		 * exactly, not the rounded rates' area */
		if (from[i].m != in[i].m)
			l[i].area = hp_steps_total(from[i].m);
		if (!in[i].diff)
			d[i].yscale = l[i].yrange;
		if (in[i].used && layout_to_aux(&l[i], in[i].used, err))
			goto done;
	}

	/* Formats without pages hold several graphs as one picture of
	 * n pictures side by side, or one above another. */
	if (n > 1 && !render_format_facts(o->format)->pages) {
		nx = o->stack ? 1 : (int)n;
		ny = o->stack ? (int)n : 1;
	}
	dout.out = out;
	dout.page_w = l[0].page_w * nx;
	dout.page_h = l[0].page_h * ny;
	dout.name = fmt->name;
	dout.m = d[0].m;
	dout.o = o;
	if (fmt->create(&dout, err))
		goto done;
	base = dout.base;
	cr = cairo_create(dout.surface);
	for (i = 0, rc = 0; i < n && rc == 0; i++) {
		/* The picture's scale on the device, whatever the rotation. */
		d[i].colw = (fmt->vector && o->column > 0 ? o->column
							  : fmt->column) /
			    sqrt(fabs(base.xx * base.yy - base.xy * base.yx));
		d[i].vector = fmt->vector;
		d[i].cr = cr;
		d[i].text = o->no_text_layer ? NULL : dout.text;
		d[i].full_text = render_format_facts(o->format)->searchable_text;
		d[i].outline_fallback = fmt->outline_fallback;
		if (nx > 1 || ny > 1) {
			cairo_matrix_t t;
			int col = o->stack ? 0 : (int)i;
			int row = o->stack ? (int)i : 0;

			cairo_matrix_init_translate(&t, col * l[0].page_w,
						    (ny - 1 - row) * l[0].page_h);
			cairo_matrix_multiply(&dout.base, &t, &base);
		}
		rc = draw_pages(&d[i], fmt, &dout, nx * ny == 1 || i + 1 == n);
		oom |= d[i].oom;
	}
	if (rc == 0) {
		st = cairo_status(cr);
		/* A failed write shows in cairo's status too; finish
		 * reports it with the system's reason. */
		if (oom)
			rc = hp_err_set(err, "out of memory");
		else if (st != CAIRO_STATUS_SUCCESS && !dout.write_failed)
			rc = hp_err_set(err, "cannot draw the graph: %s",
					cairo_status_to_string(st));
	}
	cairo_destroy(cr);
	if (fmt->finish(&dout, err))
		rc = -1;
done:
	if (dout.surface)
		cairo_surface_destroy(dout.surface);
	for (i = 0; i < n; i++)
		layout_release(&l[i]);
	free(l);
	free(d);
	g_object_unref(pc);
	return rc;
}

int
render_graphs(render_ctx *c, const struct render_input *in, size_t n,
	      const struct render_opts *o, FILE *out, struct hp_err *err)
{
	struct render_input *v;
	hp_model **own;
	size_t i;
	int rc = -1;

	for (i = 0; i < n; i++)
		if (!in[i].diff && in[i].m && hp_model_per_interval(in[i].m))
			break;
	if (i == n)
		return draw_graphs(c, in, in, n, o, out, err);
	v = hp_callocn(n, sizeof *v);
	/* an array of model pointers, one per input (not of models) */
	own = hp_callocn(n, sizeof(hp_model *)); /* NOLINT(bugprone-sizeof-expression) */
	if (!v || !own) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	for (i = 0; i < n; i++) {
		v[i] = in[i];
		if (in[i].diff || !in[i].m || !hp_model_per_interval(in[i].m))
			continue;
		if (!(own[i] = hp_steps(in[i].m, err)))
			goto out;
		v[i].m = own[i];
	}
	rc = draw_graphs(c, v, in, n, o, out, err);
out:
	for (i = 0; own && i < n; i++)
		hp_model_free(own[i]);
	free(own);
	free(v);
	return rc;
}
