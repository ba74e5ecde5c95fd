/*
 * page/page.h - the interactive report: one self-contained HTML page
 * (out_html.c), a format row of its own in convert/formats.c.
 *
 * The page is the viewer of page/viewer/ (built into hp2x) around the
 * profile's data: the bands, their order, OTHER and colours from the
 * same layout as the static graph; the numbers of its table from the
 * same code as --summary=json; and hp2x's own SVG of the graph with a
 * table of the drawn bands, which is what a reader without JavaScript,
 * or a printer, sees.  Nothing on the page asks for anything from
 * elsewhere: its Content-Security-Policy allows its own script and
 * style by hash and no connection.
 */
#ifndef PAGE_PAGE_H
#define PAGE_PAGE_H

#include <stddef.h>
#include <stdio.h>

#include "../hp/err.h"
#include "../hp/model.h"
#include "../hp/parts.h"
#include "../render/render.h"

/* The page of m, drawn as o says, to f; name is the input as given
 * (for the table's heading, as --summary's).  0, or -1 with err. */
int out_html(render_ctx *ctx, const hp_model *m, const struct render_opts *o,
	     const char *name, FILE *f, struct hp_err *err) HP_MUSTCHECK;

/* The page as hp2x --serve serves it (live/serve.h): its policy lets it
 * connect to where it came from, and its data says which model (gen) it
 * shows and how far, so the viewer asks for what comes next. */
int out_html_served(render_ctx *ctx, const hp_model *m,
		    const struct render_opts *o, const char *name,
		    unsigned gen, FILE *f, struct hp_err *err) HP_MUSTCHECK;

/* The page of several inputs (page_many.c): one chart each on one y
 * scale, zoom and hover linked.  name[i] is input i as given.  0, or -1
 * with err. */
int out_html_many(render_ctx *ctx, const hp_model *const *m,
		  const char *const *name, size_t n,
		  const struct render_opts *o, FILE *f,
		  struct hp_err *err) HP_MUSTCHECK;

/* The page of one run's several kinds (page_many.c: a log of +RTS -hc
 * -p -l), one view a kind, shown as tabs by the viewer, sharing the time
 * axis, the marks and the window; part[k] NULL for a kind the run lacks
 * (hp/parts.h), name the input as given.  0, or -1 with err. */
int out_html_parts(render_ctx *ctx, const hp_model *const part[HP_NPARTS],
		   const struct render_opts *o, const char *name, FILE *f,
		   struct hp_err *err) HP_MUSTCHECK;

/* --diff A B's page (page_diff.c): hp2x's difference graph and the
 * table of changes, the numbers of --diff --summary=json.  d is the
 * difference; byid as --match-ids.  0, or -1 with err. */
int out_html_diff(render_ctx *ctx, const struct render_diff *d,
		  const char *name_a, const hp_model *a, const char *name_b,
		  const hp_model *b, int byid, const struct render_opts *o,
		  FILE *f, struct hp_err *err) HP_MUSTCHECK;

/* The pieces every page is made of (out_html.c). */
struct json_w;
struct render_layout;

/* What page_fill asks of its caller, in the template's order. */
enum page_part { PAGE_SUBTITLE, PAGE_TABLE, PAGE_DATA };
typedef int (*page_part_fn)(FILE *f, enum page_part what, void *closure,
			    struct hp_err *err);

/* A page's budget for profile m: 1 MB and 100 bytes a band, whatever
 * its length (the samples get what the rest leaves). */
size_t page_budget(const hp_model *m);

/* The page's render options: o's, drawn to SVG, in colour unless a
 * palette was asked for. */
void page_opts(struct render_opts *so, const struct render_opts *o);

/* hp2x's SVG of in[0..n-1] for the page (a new buffer in *buf), within
 * half of budget when coarser columns get it there. */
int page_svg(render_ctx *ctx, const struct render_input *in, size_t n,
	     const struct render_opts *o, size_t budget, char **buf,
	     size_t *len, struct hp_err *err) HP_MUSTCHECK;

/* The bytes svg[0..len-1] takes on the page (a data: URL). */
size_t page_url_len(const char *svg, size_t len);

/* The page's template filled: title (set as text), the svg as the
 * static graph, connect-src 'self' when connect_self (a served page),
 * the rest from part.  0, or -1 with err. */
int page_fill(FILE *f, const char *title, const char *svg, size_t svg_len,
	      int connect_self, page_part_fn part, void *closure,
	      struct hp_err *err) HP_MUSTCHECK;

/* One profile's object of the data block (out_html.c's head comment
 * lists its keys): m the profile, drawn what the graph draws (m, or its
 * steps), l its layout, name the input as given; svg_len the bytes of
 * the static graph it shares the page's budget with; live, for a served
 * page, the generation of its model (else NULL).  st is m's hp_stats
 * and alone the layout m's --summary=json would use (l, unless the
 * page's layouts share an aux): the table's numbers, made once for the
 * static table and the data block. */
struct hp_stats;
int page_input_data(struct json_w *w, const hp_model *m,
		    const hp_model *drawn, const struct render_opts *o,
		    const struct render_layout *l,
		    const struct render_layout *alone,
		    const struct hp_stats *st, const char *name,
		    size_t svg_len, const unsigned *live,
		    struct hp_err *err) HP_MUSTCHECK;

/* Bytes a page of m leaves its censuses: its budget (1 MB and 100
 * bytes a band, and the bands' text) less what the rest of the page
 * takes (the viewer, the static graph of svg_len bytes on the page, the
 * bands' text and numbers) and `more` bytes; 0 when nothing is left. */
size_t page_room(const hp_model *m, size_t svg_len, size_t more);

/* Keys of a profile's object (out_html.c's head comment): "bands", the
 * drawn bands of l; "names" and what some profiles say of a band
 * ("labels", "ipe", "stack", "ticky", "whole"); "marks" and "nmarks". */
void page_put_bands(struct json_w *w, const struct render_layout *l);
void page_put_names(struct json_w *w, const hp_model *m);
void page_put_marks(struct json_w *w, const hp_model *m,
		    const struct render_layout *l);

/* page_samples.c: keys "levels", "all", "of" and "x" of a profile's
 * object: the censuses of m (as layout l draws them) the page keeps
 * within room bytes, every one or as levels (out_html.c's head comment
 * says how), one level only when single (a served page: its live
 * batches extend it).  0, or -1 with err. */
int page_samples(struct json_w *w, const hp_model *m,
		 const struct render_layout *l, size_t room, int single,
		 struct hp_err *err) HP_MUSTCHECK;

/* The drawn bands of m as an HTML table, for print and readers without
 * JavaScript; st is m's hp_stats. */
void page_input_table(FILE *f, const hp_model *m,
		      const struct render_layout *l,
		      const struct hp_stats *st);

/* Text as HTML character data or attribute value: markup characters as
 * references, what is not UTF-8 (or a control) as U+FFFD. */
void page_put_html(FILE *f, const char *s, size_t len);

/* Whether m is a heap profile by cost-centre stack (+RTS -hc). */
int page_is_hc(const hp_model *m);

/* page_facts.c: key "facts", the run's facts (hp/facts.h) the input
 * says, each [label, text]. */
void page_facts(struct json_w *w, const hp_model *m);

/* page_tree.c: key "tree", m's cost-centre stacks as a tree, coloured
 * as l draws their bands.  0, or -1 with err. */
int page_tree(struct json_w *w, const hp_model *m,
	      const struct render_layout *l, struct hp_err *err) HP_MUSTCHECK;


/*
 * The viewer's own files, built into hp2x: embed.cmake turns
 * page/viewer/'s template, style and scripts into these arrays, without
 * the comments, indentation, empty lines and needless blanks of the
 * sources (tools/squeeze.c); out_html.c writes the page around them.
 *
 * Each array ends in a NUL not counted in its length.  The hashes are
 * Content-Security-Policy sources, quotes included ('sha256-...'), of
 * exactly the bytes of the style and the script.
 */
extern const unsigned char page_html[], page_css[], page_js[];
extern const size_t page_html_len, page_css_len, page_js_len;
extern const char page_html_hash[], page_css_hash[], page_js_hash[];

#endif
