/*
 * convert/page.h - the interactive report: one self-contained HTML page
 * (out_html.c), a format row of its own in formats.c.
 *
 * The page is the viewer of render/page/ (built into hp2x) around the
 * profile's data: the bands, their order, OTHER and colours from the
 * same layout as the static graph; the numbers of its table from the
 * same code as --summary=json; and hp2x's own SVG of the graph with a
 * table of the drawn bands, which is what a reader without JavaScript,
 * or a printer, sees.  Nothing on the page asks for anything from
 * elsewhere: its Content-Security-Policy allows its own script and
 * style by hash and no connection.
 */
#ifndef CONVERT_PAGE_H
#define CONVERT_PAGE_H

#include <stdio.h>

#include "../hp/err.h"
#include "../hp/model.h"
#include "../render/render.h"

/* The page of m, drawn as o says, to f; name is the input as given
 * (for the table's heading, as --summary's).  0, or -1 with err. */
int out_html(render_ctx *ctx, const hp_model *m, const struct render_opts *o,
	     const char *name, FILE *f, struct hp_err *err) HP_MUSTCHECK;

/* The page as hp2x --serve serves it (serve.h): its policy lets it
 * connect to where it came from, and its data says which model (gen) it
 * shows and how far, so the viewer asks for what comes next. */
int out_html_served(render_ctx *ctx, const hp_model *m,
		    const struct render_opts *o, const char *name,
		    unsigned gen, FILE *f, struct hp_err *err) HP_MUSTCHECK;

#endif
