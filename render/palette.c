/*
 * render/palette.c - the grey and colour palettes of hp2ps (see palette.h).
 *
 * hp2ps stores a colour as one code 0.RRGGBB and decodes it with truncating
 * float arithmetic, which turns entry 15 (0.051000, meant as 0.5 1 0) into
 * 0.5 0.9 0.  The tables below carry the intended colour next to each code,
 * so palette colours are always right; only codes that are not in the
 * palette go through the hp2ps decoding.
 */
#include "palette.h"

#include <math.h>

const struct render_palette_entry render_grey[RENDER_GREY_N] = {
	{ 0.0, { 0.0, 0.0, 0.0 } },
	{ 0.2, { 0.2, 0.2, 0.2 } },
	{ 0.6, { 0.6, 0.6, 0.6 } },
	{ 0.3, { 0.3, 0.3, 0.3 } },
	{ 0.9, { 0.9, 0.9, 0.9 } },
	{ 0.4, { 0.4, 0.4, 0.4 } },
	{ 1.0, { 1.0, 1.0, 1.0 } },
	{ 0.7, { 0.7, 0.7, 0.7 } },
	{ 0.5, { 0.5, 0.5, 0.5 } },
	{ 0.8, { 0.8, 0.8, 0.8 } },
};

const struct render_palette_entry render_colour[RENDER_COLOUR_N] = {
	{ 0.000000, { 0.0, 0.0, 0.0 } },	/* black */
	{ 0.000010, { 0.0, 0.0, 1.0 } },	/* blue */
	{ 0.001000, { 0.0, 1.0, 0.0 } },	/* green */
	{ 0.001010, { 0.0, 1.0, 1.0 } },	/* cyan */
	{ 0.100000, { 1.0, 0.0, 0.0 } },	/* red */
	{ 0.100010, { 1.0, 0.0, 1.0 } },	/* magenta */
	{ 0.101000, { 1.0, 1.0, 0.0 } },	/* yellow */
	{ 0.101010, { 1.0, 1.0, 1.0 } },	/* white */
	{ 0.000005, { 0.0, 0.0, 0.5 } },
	{ 0.000500, { 0.0, 0.5, 0.0 } },
	{ 0.000510, { 0.0, 0.5, 1.0 } },
	{ 0.001005, { 0.0, 1.0, 0.5 } },
	{ 0.050000, { 0.5, 0.0, 0.0 } },
	{ 0.050010, { 0.5, 0.0, 1.0 } },
	{ 0.051000, { 0.5, 1.0, 0.0 } },	/* hp2ps draws 0.5 0.9 0 */
	{ 0.051010, { 0.5, 1.0, 1.0 } },
	{ 0.100005, { 1.0, 0.0, 0.5 } },
	{ 0.100500, { 1.0, 0.5, 0.0 } },
	{ 0.100510, { 1.0, 0.5, 1.0 } },
	{ 0.101005, { 1.0, 1.0, 0.5 } },
	{ 0.000505, { 0.0, 0.5, 0.5 } },
	{ 0.050005, { 0.5, 0.0, 0.5 } },
	{ 0.050500, { 0.5, 0.5, 0.0 } },
	{ 0.050510, { 0.5, 0.5, 1.0 } },
	{ 0.051005, { 0.5, 1.0, 0.5 } },
	{ 0.100505, { 1.0, 0.5, 0.5 } },
	{ 0.050505, { 0.5, 0.5, 0.5 } },
};

const struct render_palette_entry *
render_palette(int colour, size_t k)
{
	if (colour)
		return &render_colour[k % RENDER_COLOUR_N];
	return &render_grey[k % RENDER_GREY_N];
}

static double
clamp01(double v)
{
	if (!(v > 0))		/* NaN too */
		return 0;
	return v < 1 ? v : 1;
}

/* Two decimal digits of the code, as hp2ps takes them: truncate s * scale
 * and keep it modulo 100.  Done in doubles, so no value can overflow. */
static double
channel(double s, double scale)
{
	return fmod(trunc(s * scale), 100.0) / 10.0;
}

void
render_shade_rgb(double shade, int colour, double rgb[3])
{
	size_t i;

	if (!colour) {
		rgb[0] = rgb[1] = rgb[2] = clamp01(shade);
		return;
	}
	for (i = 0; i < RENDER_COLOUR_N; i++) {
		if (render_colour[i].shade == shade) {
			rgb[0] = render_colour[i].rgb[0];
			rgb[1] = render_colour[i].rgb[1];
			rgb[2] = render_colour[i].rgb[2];
			return;
		}
	}
	rgb[0] = clamp01(channel(shade, 1e2));
	rgb[1] = clamp01(channel(shade, 1e4));
	rgb[2] = clamp01(channel(shade, 1e6));
}
