/*
 * render/layout/palette.h - hp2ps's band shades and how a shade becomes a colour.
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
#include <stdint.h>

#define RENDER_GREY_N 10
#define RENDER_COLOUR_N 27

struct render_palette_entry {
	double shade;		/* the number hp2ps writes to .aux */
	double rgb[3];		/* the colour it means, 0..1 */
};

extern const struct render_palette_entry render_grey[RENDER_GREY_N];
extern const struct render_palette_entry render_colour[RENDER_COLOUR_N];

/*
 * The palette for many bands (--palette many, and -c past 20 bands):
 * RENDER_MANY_N colours chosen in OKLab, each as far as it can be from
 * all before it (farthest-point order) among sRGB colours of OKLab
 * lightness 0.42 to 0.88, none near the white page, none grey (grey is
 * OTHER's, RENDER_OTHER_RGB).  The first 64 are at least 0.08 apart in
 * OKLab (clearly different), neighbours at least 0.09; all 128 at least
 * 0.05.  The table is fixed, so a colour is the same
 * bytes on every machine.
 */
#define RENDER_MANY_N 128
#define RENDER_OTHER_RGB 0x8C8C8Cu

struct render_many_entry {
	uint32_t rgb;		/* 0xRRGGBB */
	float lab[3];		/* OKLab, for distances */
};

extern const struct render_many_entry render_many[RENDER_MANY_N];

/* 0xRRGGBB as 0..1 channels. */
void render_rgb24(uint32_t c, double rgb[3]);

/*
 * --colour-by name: the colour of a name, a function of the name alone
 * (and of rank, 0 but for a second stack of one name in a profile,
 * hp/match.h), never of the other bands of a graph: a 64-bit FNV-1a hash
 * of the bytes picks a hue (65,536 steps), an OKLab lightness between
 * RENDER_NAME_L0 and L1 and a chroma between C0 and C1 (OKLCH), the
 * chroma lowered to the most sRGB holds at that hue and lightness.  No
 * colour is white, black or grey (OTHER's, RENDER_OTHER_RGB) and text
 * on none is hard to read; two names may come out alike (any fixed
 * scheme of a name alone must allow it), and the bands' black outlines
 * keep them apart.  Returns 0xRRGGBB.
 */
#define RENDER_NAME_L0 0.50
#define RENDER_NAME_L1 0.85
#define RENDER_NAME_C0 0.07
#define RENDER_NAME_C1 0.17
uint32_t render_name_colour(const char *s, size_t len, size_t rank);

/* The k-th invented shade (k counts from 0, bottom band first). */
const struct render_palette_entry *render_palette(int colour, size_t k);
/* The next invented shade, *k counting them: render_palette's, past
 * white when unoutlined (bands filled with no outline, on a white
 * background, where a white band would vanish: hp2ps's colours have a
 * white, its greys a 1.0). */
const struct render_palette_entry *render_palette_next(int colour,
						       size_t *k,
						       int unoutlined);

/*
 * The colour of any shade, e.g. one read from an .aux file.  Grey: the
 * level clamped to 0..1.  Colour: a palette code gives its intended colour;
 * anything else is decoded digit-wise as hp2ps does, each channel clamped
 * to 0..1 (hp2ps's own aux files hold 2-decimal codes such as 0.10).
 */
void render_shade_rgb(double shade, int colour, double rgb[3]);

#endif
