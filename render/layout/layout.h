/*
 * render/layout/layout.h - what the graph will show, computed without Cairo.
 *
 * From a model and the options: which bands are kept (trace elimination,
 * the OTHER band), their order bottom to top (size, stddev, name, or a
 * prior .aux), their shades, the x and y ranges, the title box size, the
 * key width and where the graph sits, and the axis ticks.  All of it is
 * plain arithmetic on hp2ps's page (648 x 432 points, origin bottom left)
 * so it can be unit-tested against hp2ps's numbers.
 *
 * Text width is the one thing layout cannot know by itself; the caller
 * passes a measure function (Pango in render/, a fixed table in tests).
 */
#ifndef RENDER_LAYOUT_H
#define RENDER_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "../../hp/model.h"
#include "../render.h"

/* hp2ps's picture: every part is drawn on this page, points, origin
 * bottom left; a format only maps it onto its own page. */
#define LAYOUT_PAGE_W 648.0
#define LAYOUT_PAGE_H 432.0
/* The tallest page hp2x draws: PDF's largest (200 inches, ISO 32000-1
 * annex C), which viewers open.  A key below the graph that would make
 * the page taller goes on pages of its own (PS, PDF) or is refused. */
#define LAYOUT_MAX_PAGE_H 14400.0

/* Type sizes, points. */
#define LAYOUT_FONT 10.0	/* axis labels, the key's names, bars */
#define LAYOUT_TITLE_FONT 12.0

/* The key beside the graph (render/key.c draws it): a box per band, a
 * gap on each side, the name after; on the pages of a multi-page key,
 * LAYOUT_KEY_PER_PAGE entries a page.  The key of many bands has small
 * swatches instead (key_columns in layout.c). */
#define LAYOUT_KEY_BOX 14.0		/* the box, and an entry's least height */
#define LAYOUT_KEY_GAP 5.0		/* graph to box, box to name */
#define LAYOUT_KEY_TEXT_X (2 * LAYOUT_KEY_GAP + LAYOUT_KEY_BOX)	/* 24 */
#define LAYOUT_KEY_PER_PAGE 20
#define LAYOUT_KEY_SWATCH 9.0		/* many bands: the colour box's side */
#define LAYOUT_SWATCH_TEXT_X (LAYOUT_KEY_SWATCH + 4.0)	/* ... box to name */

/* The axes' labels, as hp2ps places them (render/axes.c draws them). */
#define LAYOUT_YLABEL_GAP 5.0	/* y axis to its labels' right end */
#define LAYOUT_XLABEL_DROP 15.0	/* x axis to its labels' baseline */

#define LAYOUT_OTHER ((hp_band)UINT32_MAX)	/* the merged OTHER band */
#define LAYOUT_DROPPED (-1)			/* slot of a band not drawn */

/* Width in points of len bytes of UTF-8 text at the given font size. */
typedef double (*layout_measure_fn)(void *closure, const char *s, size_t len,
				    double size);

struct layout_band {
	hp_band band;		/* model band, or LAYOUT_OTHER */
	const char *label;	/* what the key shows (full, not shortened) */
	size_t label_len;
	double total;		/* sum over samples (for OTHER: of what it merged) */
	double rgb[3];		/* fill colour, 0..1 (grey: r = g = b) */
	double shade;		/* the hp2ps shade value written to .aux */
	int hex;		/* the colour is hexrgb, written to .aux as
				 * "#rrggbb" (many-band palette, by name) */
	uint32_t hexrgb;
	const char *name;	/* the band's name ("OTHER"), the .aux key */
	size_t name_len;
};

struct layout_tick {
	double value;		/* in data units (seconds, bytes) */
	double pos;		/* offset along the axis from the origin, points */
	char label[32];		/* "0.5", "1,000M", "2G" */
};

/* A mark on the time axis (-y: none).  Labelled marks (eventlog
 * traceMarkers) have their label in a lane of the strip above the graph,
 * never over the data: no label is left out, a label that cannot have
 * its whole width is shortened (label_w < its text's width). */
struct layout_mark {
	double t;
	double x;		/* picture x of its line and caret */
	const char *label;	/* NULL: a caret only */
	size_t label_len;
	int lane;		/* 0: the lane next to the graph; -1: none */
	int rule_lane;		/* its dashed line reaches this lane's
				 * labels; -1: no line of its own (none
				 * within MARK_RULE_GAP of the one before:
				 * that one reaches up to its label) */
	double label_x;		/* picture x where the label starts */
	double label_w;		/* width it may take, points */
};

/* What a graph of the heap-size series alone says it is, so that nobody
 * takes its lines for a heap profile's bands. */
#define LAYOUT_SERIES_TITLE "heap size over time (no heap profile in this eventlog)"
/* The same of a log that has a profile besides (--kind=heap-size). */
#define LAYOUT_SIZES_TITLE "heap size over time"
#define LAYOUT_SERIES_TITLE_OF(m) \
	(hp_model_beside(m) ? LAYOUT_SIZES_TITLE : LAYOUT_SERIES_TITLE)

struct render_layout {
	/* Bands, bottom first.  slot[b] gives the index in bands[] where
	 * model band b is drawn (the OTHER index when merged), or
	 * LAYOUT_DROPPED; it has one entry per model band. */
	struct layout_band *bands;
	size_t nbands;
	int32_t *slot;
	size_t nslot;
	int has_other;		/* bands[0] is OTHER */

	/* Data ranges. */
	size_t nsamples;	/* model samples drawn */
	double t0, t1;		/* first and last sample time (see step) */
	int zero_start;		/* an eventlog: the bands rise from 0 at
				 * the program's start (t0 = 0), before the
				 * first sample, as a .hp's first (empty)
				 * sample makes them */
	int step;		/* every sample is at one time: drawn held
				 * from there to t1 (layout.c) */
	int series_only;	/* no sample, but heap-size series (plain
				 * +RTS -l): the series are the graph, from
				 * 0 to their last point or mark, titled
				 * LAYOUT_SERIES_TITLE, whatever --heap-size
				 * says */
	double xrange;		/* max(t1 - t0, aux X_RANGE); 1 if 0 */
	double yrange;		/* max stacked total of kept bands, aux
				 * Y_RANGE, --heap-size's top; 1 if 0 */
	double area;		/* trapezoid area of the stacked total, value x seconds */
	char alloc_note[96];	/* series_only: what the title shows for the
				 * area, the bytes allocated and their mean
				 * rate ("152 MB allocated, 2.42 GB/s"),
				 * when the log has HEAP_ALLOCATED; else "" */

	/* The title text: JOB, and for eventlogs the breakdown they name
	 * ("leak \u2014 by closure type (-hT)"), so a reader of the graph knows
	 * what the bands are without the command line; for a graph of the
	 * series alone, what it is not. */
	char *title;

	/* Page geometry, points, hp2ps coordinates (origin bottom left). */
	double page_w, page_h;	/* 648 x 432 */
	int big_title;		/* 40-pt title box, else 20 */
	double title_h;
	double graph_x, graph_y;	/* 45, 20 */
	double graph_w, graph_h;
	double ref_w, ref_h;	/* the graph's size in hp2ps's picture
				 * (no mark strip, -m past 20: the key on
				 * pages of its own): the ticks hp2ps
				 * labels there are labelled here */
	int key_on_graph;	/* hp2ps's key beside the graph (not -M,
				 * not -m0), one entry per graph_h / (n + 1) */
	int multipage;		/* key on pages of its own (PS, PDF) */
	double key_w;		/* key width (29 + longest shortened label),
				 * 0 when no key is drawn */
	double key_label_max;	/* longest label allowed before shortening */
	/* A key of many bands, where hp2ps's does not fit: key_cols > 0
	 * columns of key_rows entries key_pitch apart, top band first,
	 * reading down each column; the first entry's top left corner at
	 * (key_x, key_top), columns key_col_w apart.  Beside the graph when
	 * that leaves it 55% of the width, else below it on a page made
	 * taller (page_h > 432, graph_y raised by the key's height). */
	size_t key_cols, key_rows;
	double key_x, key_top, key_col_w, key_pitch;
	int key_below;
	double key_too_tall;	/* the page a key below the graph would
				 * need, past LAYOUT_MAX_PAGE_H, in a format
				 * without pages (layout_compute refuses
				 * it); else 0 */
	char *other_label;	/* "OTHER (213 bands)" */

	/* Marks, in time order, and the strip above the graph holding their
	 * labels (nlanes lanes of lane_h) and, with --heap-size, the
	 * series' legend (a lane of its own, at the strip's top). */
	struct layout_mark *marks;
	size_t nmarks;
	size_t marks_in;	/* marks on the axis, before thinning */
	size_t marks_labels;	/* ... of them with a label */
	char marks_note[128];	/* what thinning left out, "72 of 1,000
				 * marks labelled, 96 drawn"; "" when
				 * nothing; also in the title */
	size_t nlanes;
	int legend_lane;
	double lane_h;
	double mark_font;

	/* Ticks, and the time axis' legend (its unit and clock).  The ticks
	 * are the ones hp2ps labels (at least): hp2ps stops them short of
	 * its legend ("seconds", "bytes"), and a longer legend here
	 * ("mutator seconds", "bytes per second") goes where it meets no
	 * label instead of costing ticks.  The time legend ends xunit_end
	 * from the graph's left (graph_w, its right end, unless the last
	 * label is in the way: then past it, into the margin).  The value
	 * axis' legend is drawn up the axis, its baseline yunit_gap left of
	 * it (LAYOUT_YLABEL_GAP, the labels' own column, unless a label is
	 * in its way: then left of the widest such label), ending at the
	 * axis' top, or yunit_drop below it (a difference graph whose zero
	 * line, always labelled, lies there). */
	char xunit[256];
	double xunit_end;
	double yunit_gap;
	double yunit_drop;
	double xstep, ystep;
	struct layout_tick *xticks, *yticks;
	size_t nxticks, nyticks;
};

/*
 * Compute the layout.  prior is the -p aux (NULL if none).  Returns 0, or
 * -1 with err filled (only out of memory).  Release with layout_release.
 */
int layout_compute(struct render_layout *l, const hp_model *m,
		   const struct render_opts *o, const render_aux *prior,
		   layout_measure_fn measure, void *closure,
		   struct hp_err *err) HP_MUSTCHECK;
void layout_release(struct render_layout *l);

/* Fill `used` with this layout's X_RANGE, Y_RANGE, ORDER and SHADE. */
int layout_to_aux(const struct render_layout *l, render_aux *used,
		  struct hp_err *err) HP_MUSTCHECK;

/* share.c: the aux the n layouts of one file's graphs share, for their
 * second computation: the largest y range (x range with --same-time)
 * and one colour per band name, by the rules of one graph over the
 * union of their bands.  NULL with err filled when out of memory. */
render_aux *layout_share(const struct render_layout *l, size_t n,
			 const struct render_opts *o, struct hp_err *err);

/* v with an SI prefix and unit, three significant digits ("32.3 MB");
 * unit "" gives the compact form ("32.3M").  For every text that gives
 * a size in words: summaries, the status line, the title's notes. */
void layout_si(char *buf, size_t size, double v, const char *unit);

/* A y axis from -below to +above (a difference graph): yrange becomes
 * below + above and the ticks are multiples of one step either side of
 * zero, those below labelled with a minus sign.  Zero is always
 * labelled: where its label would meet the axis' legend, the legend
 * moves down below it (yunit_drop) and the ticks there give way.
 * Returns 0, or -1 when out of memory. */
int layout_signed_y(struct render_layout *l, const hp_model *m, double below,
		    double above, layout_measure_fn measure,
		    void *closure) HP_MUSTCHECK;

/* A difference graph's y axis (diffscale.c): l, the layout of df's
 * change model, gets one scale from the shrink model's largest stack
 * (through l's slots) below zero to the grow model's above, and df's
 * area; *below and *above are those stacks.  Returns 0, or -1 when out
 * of memory. */
int layout_diff_scale(struct render_layout *l, const struct render_diff *df,
		      layout_measure_fn measure, void *closure, double *below,
		      double *above) HP_MUSTCHECK;

/* hp2ps's -d key of every band into dev[0..bands-1]: the "standard
 * deviation" over the values the profile lists (see layout.c).  -1 when
 * out of memory. */
int layout_deviations(const hp_model *m, double *dev) HP_MUSTCHECK;

/* hp2ps's estimate of the width of len bytes at 10 pt, points: its
 * StringSize (utils/hp2ps/Dimensions.c), a table of widths per printable
 * ASCII byte times 1.7007876, 3 units for any other byte.  The ticks
 * hp2ps labels follow from it (its legends' and key's widths). */
double layout_hp2ps_width(const char *s, size_t len);

/* hp2ps's 1-2-5 rounding of a tick step (Runciman's rule). */
double layout_round_step(double y);

#endif
