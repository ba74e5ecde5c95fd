/*
 * render/layout/formats.c - what each graph format is, whatever draws
 * it: the facts the layout and the drawing both read (render.h).
 *
 * PostScript and PDF have pages (hp2ps's -M key pages come before the
 * graph page, and hp2ps's PostScript gives the key of more than 20
 * bands pages of its own too); EPS, SVG and PNG are one picture each.
 * PDF keeps the full text of what it shortens, as invisible text a
 * viewer searches and copies.
 */
#include "../render.h"

static const struct render_format_facts facts[] = {
	[RENDER_PS] = { .pages = 1, .key_pages_past_20 = 1 },
	[RENDER_EPS] = { .pages = 0 },
	[RENDER_PDF] = { .pages = 1, .searchable_text = 1 },
	[RENDER_SVG] = { .pages = 0 },
	[RENDER_PNG] = { .pages = 0 },
};

const struct render_format_facts *
render_format_facts(enum render_format f)
{
	return &facts[(unsigned)f < sizeof facts / sizeof facts[0] ? f : RENDER_PS];
}
