/*
 * render/draw.h - what the drawing files of render/ share (private).
 *
 * render_graph (graph.c) computes a layout, opens a surface of the chosen
 * format (format.c) and hands a struct draw to the parts: title.c, axes.c,
 * key.c, bands.c, marks.c, heapsize.c.  Those work in hp2ps's picture
 * coordinates (648 x 432 points, origin bottom left, y up) and never ask
 * which format they draw for: the format only sets the base matrix that
 * maps the picture onto its page.  Text goes through fonts.c, which owns
 * the bundled font and makes any bytes safe for Pango.
 *
 * Errors: cairo's status is sticky, so the parts just draw and
 * render_graph checks cairo_status once at the end; only allocations of
 * our own report through struct hp_err.
 */
#ifndef RENDER_DRAW_H
#define RENDER_DRAW_H

#include <stdio.h>

#include <cairo.h>
#include <pango/pangocairo.h>

#include "layout/layout.h"
#include "render.h"

#define DRAW_LINE 0.5		/* every stroke, as hp2ps */
/* Type sizes and the key's geometry are the layout's (layout.h). */

/* fonts.c */

/* A Pango context on the context's font map, set up for exact, hint-free
 * metrics (text measured for layout is the text drawn).  NULL on OOM. */
PangoContext *draw_pango_new(render_ctx *c);
/* Say, once a context (watch mode draws again and again), that marks
 * were thinned (layout/markplace.c). */
void render_ctx_warn_marks(render_ctx *c, const char *msg);

/* Copy len bytes of s into dst as text Pango accepts: invalid UTF-8, NUL
 * and control characters become U+FFFD (TAB a space), and very long text
 * keeps its head and tail around an ellipsis.  Returns a malloc'd string
 * (NULL on OOM). */
char *draw_safe_text(const char *s, size_t len);

/* Text width in points at the given size (layout's measure function;
 * closure is a PangoContext); NaN when out of memory. */
double draw_measure(void *closure, const char *s, size_t len, double size);

enum draw_halign { DRAW_LEFT, DRAW_CENTRE, DRAW_RIGHT };
enum draw_valign { DRAW_BASELINE, DRAW_TOP };

struct draw_text {
	double size;		/* points */
	enum draw_halign halign;
	enum draw_valign valign;
	int up;			/* rotated 90 degrees: reads bottom to top */
	double max_w;		/* > 0: shorten to this width */
	PangoEllipsizeMode ellipsize;	/* how, when max_w > 0 */
};

/* format.c */

struct draw_out {
	FILE *out;
	const char *name;	/* the format's, for messages */
	int write_failed;	/* a stream write came back short */
	int write_errno;	/* errno of the first failed write */
	cairo_surface_t *surface;
	double page_w, page_h;	/* the picture's size, points (layout's) */
	cairo_matrix_t base;	/* picture coordinates -> device */
	int page;		/* pages started so far */
	const hp_model *m;	/* for document metadata */
	const struct render_opts *o;
	int nx, ny;		/* pictures across and down (0 as 1) */
	/* SVG: cairo writes every glyph as an outline, so the text is
	 * written again as <text> elements into text (a memory stream),
	 * spliced into the file by finish; the file goes to svg first. */
	FILE *text;
	char *textbuf, *svgbuf;
	size_t textlen, svglen;
	FILE *file;		/* the caller's stream while out is svg's */
	/* PS, EPS: cairo's header comments are held back until
	 * %%EndComments, so that its %%CreationDate (the time of drawing)
	 * can be replaced by the document's date (docdate.c). */
	char ps_date[128];
	unsigned char held[4096];
	size_t nheld;
	int holding;
};

/*
 * One row per output format.  create opens out->surface writing through
 * out->out and sets out->base; begin_page (optional, may be NULL) runs
 * before anything is drawn on each page; finish flushes everything to the
 * stream.  Both return 0 or -1 with err filled.  multipage says whether the
 * format can hold the key pages of -M; column is the width, in device
 * units, below which detail cannot be seen (a pixel, or a fraction of a
 * point for vector output).
 */
struct draw_format {
	const char *name;
	double column;		/* device units that look alike
				 * (layout/outline.c) */
	int vector;		/* bands as stacked areas, each top stroked
				 * once (bands.c); 0: a polygon per band */
	int outline_fallback;	/* text in a system font (the fallback for
				 * what the bundled font lacks) drawn as
				 * outlines, not as an embedded font */
	int (*create)(struct draw_out *out, struct hp_err *err);
	void (*begin_page)(struct draw_out *out, cairo_t *cr);
	int (*finish)(struct draw_out *out, struct hp_err *err);
};

/* The row for f, or NULL when f is not a format. */
const struct draw_format *draw_format_get(enum render_format f);

/* graph.c: what every part needs. */

struct draw {
	cairo_t *cr;
	PangoContext *pc;
	const hp_model *m;
	const struct render_opts *o;
	const struct render_layout *l;
	double yscale;		/* value at the top of the graph (layout's yrange) */
	double colw;		/* outline resolution in picture points */
	int vector;		/* the format's vector flag */
	int oom;		/* an allocation of ours failed */
	struct hp_err *err;
	const struct render_diff *diff;	/* a difference graph, or NULL */
	FILE *text;		/* SVG: the text layer (draw_out's), or NULL */
	int full_text;		/* the format's searchable_text (render.h) */
	int outline_fallback;	/* the format's outline_fallback */
	double below, above;	/* its bytes under and over the zero line */
};

/* Show text with its anchor at picture point (x, y).  The anchor is the
 * baseline (or the top of the line) at the start, centre or end of the
 * text as t says; with t->up the text runs upwards from the anchor. */
void draw_show(struct draw *d, double x, double y, const char *s,
	       size_t len, const struct draw_text *t);
/* Width in points of s as draw_show would show it (before shortening);
 * 0 with d->oom set when out of memory. */
double draw_width(struct draw *d, const char *s, size_t len, double size);
/* draw_width as layout's measure function (closure: a struct draw), so
 * that a width not measured (out of memory) sets d->oom. */
double draw_layout_measure(void *closure, const char *s, size_t len,
			   double size);

/* crisp.c: PNG lines on whole pixels.  draw_snap_begin sets the line
 * width to DRAW_LINE rounded to whole pixels (at least one), for the
 * caller to restore; then draw_snap_point moves a point of a line onto
 * the pixel grid, so the parts of the line along an axis cover whole
 * pixels; draw_snap_tick does the start of a short line and puts its
 * far end on the same row or column, at a pixel edge; draw_snap_rect
 * does a rectangle's corners.  Vector formats: nothing changes. */
struct draw_snap {
	int on;			/* a raster surface */
	double off;		/* 0.5: odd width, on pixel centres */
	cairo_matrix_t to_dev, to_user;
};
void draw_snap_begin(struct draw *d, struct draw_snap *s);
void draw_snap_point(const struct draw_snap *s, double *x, double *y);
/* A line to (x, y), on the pixel grid when s is given (a polygon's
 * vertex in PNG); s NULL: just the line. */
void draw_snap_line_to(cairo_t *cr, const struct draw_snap *s, double x,
		       double y);
void draw_snap_tick(const struct draw_snap *s, double *x0, double *y0,
		    double *x1, double *y1);
void draw_snap_rect(const struct draw_snap *s, double *x, double *y,
		    double *w, double *h);
/* draw_snap_begin and draw_snap_point at once. */
void draw_crisp(struct draw *d, double *x, double *y);
/* A box filled with rgb and outlined in black (a key entry's, a bar),
 * on whole pixels in PNG. */
void draw_crisp_box(struct draw *d, const double rgb[3], double x, double y,
		    double w, double h);

/* Header fields with hp2ps's meaning when absent. */
const char *draw_field(const struct draw *d, enum hp_field f,
		       const char *dflt);

/* The parts, in the order render_graph calls them. */
void draw_border(struct draw *d);
void draw_title(struct draw *d);
void draw_axes(struct draw *d);
/* The two axis lines alone, stroked again over what hides them. */
void draw_axis_lines(struct draw *d);
void draw_key(struct draw *d);
/* One page of the multi-page key: entries first .. first+count-1. */
void draw_key_page(struct draw *d, size_t first, size_t count);
int draw_bands(struct draw *d) HP_MUSTCHECK;
/* sparse.c: whether the profile is sparse enough (-m0, most bands listed
 * in few samples) to be drawn by its entries, and drawing it so. */
int draw_sparse_profile(const struct draw *d, size_t nsamp);
int draw_sparse(struct draw *d, size_t nsamp) HP_MUSTCHECK;
int draw_heapsize(struct draw *d) HP_MUSTCHECK;
int draw_marks(struct draw *d) HP_MUSTCHECK;
void draw_carets(struct draw *d);
/* diff.c: a difference graph's y axis and its two halves.  draw_diff_scale
 * sets the layout's y range and ticks for the bands above and below
 * zero (layout_diff_scale) and the draw's halves; draw_diff_bands draws
 * both halves and the zero line. */
int draw_diff_scale(struct draw *d, struct render_layout *l) HP_MUSTCHECK;
int draw_diff_bands(struct draw *d) HP_MUSTCHECK;
/* A ticky report's bar chart, instead of axes, key and bands (bars.c). */
int draw_bars(struct draw *d) HP_MUSTCHECK;

#endif
