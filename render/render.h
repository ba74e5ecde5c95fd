/*
 * render/render.h - drawing a model as hp2ps's band graph, with Cairo.
 *
 * Data flows one way: model -> layout (render/layout/layout.h: which bands, their
 * order, shades, scales, ticks; plain computation) -> drawing (axes, key,
 * bands, marks, title) -> a Cairo surface of the chosen format -> bytes on
 * the FILE * the caller gave.  The caller (convert/) owns files: it opens a
 * temporary file, calls render_graph, and renames on success.
 *
 * Text is laid out with Pango using only the bundled font (fonts/), so the
 * same input gives the same picture on every machine.
 */
#ifndef RENDER_H
#define RENDER_H

#include <stdio.h>

#include "../hp/err.h"
#include "../hp/model.h"

/* Cairo's image surfaces stop at this many pixels a side. */
#define RENDER_MAX_PIXELS 32767

#include <limits.h>
#define RENDER_ALL_BANDS INT_MAX	/* --bands all */

enum render_format { RENDER_PS, RENDER_EPS, RENDER_PDF, RENDER_SVG, RENDER_PNG };

/*
 * What a graph format is, whatever draws it: one row per render_format
 * (render/layout/formats.c, which the layout reads without Cairo;
 * render/format.c has how Cairo makes each).
 */
struct render_format_facts {
	int pages;		/* pages of their own for the key (-M) and
				 * for each of several graphs; else one
				 * picture */
	int searchable_text;	/* shortened text keeps its full text,
				 * invisible, for search and copy */
	int key_pages_past_20;	/* -m above 20 gives the key pages of
				 * its own, as hp2ps's PostScript */
};

/* The row of f (a valid render_format). */
const struct render_format_facts *render_format_facts(enum render_format f);
enum render_sort {
	RENDER_SORT_SIZE,	/* by total, largest on top (hp2ps default) */
	RENDER_SORT_STDDEV,	/* -d: roughest on top */
	RENDER_SORT_NAME,	/* -i, -i+: greatest name on top */
	RENDER_SORT_NAME_DESC,	/* -i-: smallest name on top */
	RENDER_SORT_GROWTH	/* --sort growth: steepest rise on top */
};
enum render_palette_name {
	RENDER_PALETTE_AUTO,	/* grey; with -c hp2ps's up to 20 bands, else many */
	RENDER_PALETTE_GREY,	/* hp2ps's greys */
	RENDER_PALETTE_HP2PS,	/* hp2ps's colours (-c) */
	RENDER_PALETTE_MANY	/* 128 colours for many bands (palette.h) */
};
enum render_title { RENDER_TITLE_AUTO, RENDER_TITLE_SMALL, RENDER_TITLE_BIG };

struct render_opts {
	enum render_format format;
	enum render_title title;	/* -s / -b */
	int colour;			/* -c */
	enum render_palette_name palette;	/* --palette */
	int colour_by_name;		/* --colour-by name: a band's colour
					 * follows its name, not its rank */
	int match_ids;			/* --match-ids: bands of several
					 * profiles are matched (and coloured
					 * by name) by whole names, GHC's
					 * stack ids included (hp/match.h) */
	enum render_sort sort;		/* -d, -i, -i- */
	int max_bands;			/* -m: default 20; 0 = no limit, no key;
					 * RENDER_ALL_BANDS: no limit, a key */
	int multipage;			/* -M: key pages (PS, PDF; PS also
					 * for -m > 20, as hp2ps) */
	double trace_pct;		/* -t: default 1.0, 0..5 */
	int no_marks;			/* -y */
	double eps_width;		/* -e in points; 0 = not given */
	int gs;				/* -g: portrait, unscaled */
	int heap_size;			/* --heap-size: draw heap-size series */
	int exact;			/* --exact: no outline reduction */
	double column;			/* vector outlines reduced to columns
					 * this many points wide; 0: the
					 * format's own (1 pt) */
	int unoutlined;			/* bands drawn with no outline (the
					 * page's chart): no invented shade is
					 * white, the background, where such a
					 * band would vanish (hp2ps's colours
					 * and greys each have a white) */
	int no_text_layer;		/* SVG without its text layer: the
					 * page's static graph, an <img>,
					 * whose text nothing searches */
	int walk;			/* tests: columns read from every
					 * sample, not from the model's
					 * summary (the same bytes) */
	int png_width, png_height;	/* --size WxH; 0 = from dpi */
	double dpi;			/* --dpi for PNG; default 96 */
	const char *note;		/* added to the title, e.g. the band
					 * filter; NULL: none */
	int has_from, has_to;		/* --from/--to: the x axis spans */
	double from, to;		/* the window, not just its samples */
	int same_time;			/* several graphs: one x scale too */
	int stack;			/* several graphs in PNG, SVG, EPS:
					 * one above another, not side by side */
	long long source_date;		/* SOURCE_DATE_EPOCH, the date PDF and
					 * PS files carry; -1: the profile's
					 * DATE (docdate.c) */
};

/* hp2ps's defaults. */
void render_opts_init(struct render_opts *o);

/*
 * The .aux file (hp2ps -p): X_RANGE, Y_RANGE, ORDER and SHADE.  A prior aux
 * fixes scale, order and shading across a series of graphs; render_graph
 * fills `used` with what it drew, to be written back.
 */
typedef struct render_aux render_aux;

render_aux *render_aux_new(void);	/* NULL when out of memory */
void render_aux_free(render_aux *a);
/* Parse aux text; name is for messages ("FILE:LINE: ..."). */
int render_aux_read(render_aux *a, const char *name, const void *data,
		    size_t len, struct hp_err *err) HP_MUSTCHECK;
int render_aux_write(const render_aux *a, FILE *out,
		     struct hp_err *err) HP_MUSTCHECK;

/*
 * A rendering context holds what is costly to set up and shared by every
 * graph (the font map with the bundled font).  Watch mode keeps one for
 * its whole run.  fontdir NULL means: $HP2X_FONTDIR, else share/hp2x/fonts
 * beside the running program's bin/ (an installed hp2x), else the source
 * tree's fonts/, else the configured install prefix's.
 */
typedef struct render_ctx render_ctx;

render_ctx *render_ctx_new(const char *fontdir, struct hp_err *err);
void render_ctx_free(render_ctx *c);
/* Where warnings go (a missing glyph: once a context); none by default. */
void render_ctx_set_warn(render_ctx *c, void (*warn)(void *closure,
						     const char *msg),
			 void *closure);

/*
 * Draw m as o says, writing the whole file to out.  prior (may be NULL) is
 * the aux read for -p; used (may be NULL) receives this graph's aux.
 * Returns 0, or -1 with err filled; on failure out holds garbage and the
 * caller must discard it.
 */
int render_graph(render_ctx *c, const hp_model *m, const struct render_opts *o,
		 const render_aux *prior, render_aux *used, FILE *out,
		 struct hp_err *err) HP_MUSTCHECK;

/*
 * A difference graph (hp/diff.h): grow's bands stacked above a zero line
 * and shrink's below it, in the same colours; change (|grow - shrink|)
 * decides which bands are drawn, their order and colours, and its JOB is
 * the title.  Where a graph's bytes x seconds go, `area` is shown (the
 * change in the profiles' totals).
 */
struct render_diff {
	const hp_model *grow, *shrink, *change;
	double area;
};

/*
 * Several graphs in one file: one input each (m, or diff when set).
 * PS and PDF put each on its own page; EPS, SVG and PNG put them side by
 * side, or one above another with o->stack.  Every graph gets the same
 * y scale (and x scale with o->same_time), and a band has the same
 * colour in every graph.  prior and used are as for render_graph, per
 * input (both may be NULL).
 */
struct render_input {
	const hp_model *m;
	const struct render_diff *diff;
	const render_aux *prior;
	render_aux *used;
};

int render_graphs(render_ctx *c, const struct render_input *in, size_t n,
		  const struct render_opts *o, FILE *out,
		  struct hp_err *err) HP_MUSTCHECK;

#endif
