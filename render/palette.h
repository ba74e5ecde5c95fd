/*
 * render/palette.h - hp2ps's band shades and how a shade becomes a colour.
 *
 * A band's "shade" is the single number hp2ps keeps per band and writes to
 * the .aux file: a grey level (0 black .. 1 white) in grey mode, or a
 * colour code 0.RRGGBB (two decimal digits per channel, in tenths of full
 * intensity) in colour mode.  Keeping the shade as that one number keeps
 * .aux files interchangeable with hp2ps.
 */
#ifndef RENDER_PALETTE_H
#define RENDER_PALETTE_H

#include <stddef.h>

#define RENDER_GREY_N 10
#define RENDER_COLOUR_N 27

struct render_palette_entry {
	double shade;		/* the number hp2ps writes to .aux */
	double rgb[3];		/* the colour it means, 0..1 */
};

extern const struct render_palette_entry render_grey[RENDER_GREY_N];
extern const struct render_palette_entry render_colour[RENDER_COLOUR_N];

/* The k-th invented shade (k counts from 0, bottom band first). */
const struct render_palette_entry *render_palette(int colour, size_t k);

/*
 * The colour of any shade, e.g. one read from an .aux file.  Grey: the
 * level clamped to 0..1.  Colour: a palette code gives its intended colour;
 * anything else is decoded digit-wise as hp2ps does, each channel clamped
 * to 0..1 (hp2ps's own aux files hold 2-decimal codes such as 0.10).
 */
void render_shade_rgb(double shade, int colour, double rgb[3]);

#endif
