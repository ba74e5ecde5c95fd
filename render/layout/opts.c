/*
 * render/layout/opts.c - hp2ps's defaults for struct render_opts.
 */
#include "../render.h"

#include <string.h>

void
render_opts_init(struct render_opts *o)
{
	memset(o, 0, sizeof *o);
	o->format = RENDER_PS;
	o->title = RENDER_TITLE_AUTO;
	o->sort = RENDER_SORT_SIZE;
	o->max_bands = 20;
	o->trace_pct = 1.0;
	o->dpi = 96;
	o->source_date = -1;
}
