/*
 * render/fonts.c - the bundled font, and text any bytes can become.
 *
 * A graph must look the same on every machine, so text uses the font
 * shipped in fonts/ (Liberation Sans, metric-compatible with hp2ps's
 * Helvetica), whatever the system has.  Only text with characters it
 * lacks (Chinese, Japanese, emoji names) goes through a second font map
 * over the system's fonts (loaded then, the bundled font first in it),
 * and a character no installed font has is warned about once.  Each render_ctx builds its own
 * fontconfig configuration that knows only that directory (no system
 * configuration is loaded) and a PangoCairo font map over it, so several
 * contexts coexist.  One thing is process-wide, fontconfig's own: each
 * new context makes its configuration fontconfig's current one
 * (FcConfigSetCurrent), else pango's FcInit would load the system's.
 * Every context's configuration holds the same two files, so which one
 * is current does not change a glyph.  Hinting is off and glyph positions
 * are not rounded: widths measured for the layout are the widths drawn,
 * and a PNG is the same bytes on every run.
 *
 * Band names are arbitrary bytes.  Pango wants one line of valid UTF-8,
 * so draw_safe_text replaces what it cannot take before any layout.
 */
#include "draw.h"
#include "exe.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>

#include "../hp/grow.h"
#include "../hp/utf8.h"

#define FAMILY "Liberation Sans"
#define REGULAR "LiberationSans-Regular.ttf"
#define BOLD "LiberationSans-Bold.ttf"
#define TEXT_KEEP ((size_t)2048)	/* bytes kept at each end of long text */

/*
 * What fontconfig holds at exit (the patterns, charsets and language sets
 * of the bundled font, cached by fontconfig and by pango's fontconfig
 * thread) is reported by LeakSanitizer as leaked; none of it is ours to
 * free.  Frames inside fontconfig have no frame pointers, so the stacks
 * stop there: match on the library.  Defined here, every program that
 * draws (hp2x, the tests, the fuzz targets) gets it in sanitizer builds,
 * and needs no LSAN_OPTIONS (tests/CMakeLists.txt sets symbolize=0 only
 * to make each exit's leak check quicker).
 */
#if defined(__SANITIZE_ADDRESS__)
#define HP2X_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HP2X_LSAN 1
#endif
#endif
#ifdef HP2X_LSAN
const char *__lsan_default_suppressions(void);
const char *__lsan_default_options(void);

const char *
__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}

/* Quiet: programs whose stderr is tested must not get the statistics. */
const char *
__lsan_default_options(void)
{
	return "print_suppressions=0";
}
#endif

struct render_ctx {
	FcConfig *fc;
	PangoFontMap *fontmap;
	char *fontdir;
	/* Fallback for text the bundled font cannot show (Chinese,
	 * Japanese, emoji names): the system's fonts through its own
	 * fontconfig configuration, loaded the first time such text comes
	 * (it costs more than drawing a small profile), the bundled font
	 * first in it.  Text the bundled font covers never uses it, so
	 * Latin output is the same on every machine. */
	FcCharSet *cover;	/* the bundled font's characters */
	FcConfig *sysfc;
	PangoFontMap *sysmap;
	PangoContext *syspc;
	int sys_failed;
	void (*warn)(void *closure, const char *msg);
	void *warn_closure;
	int warned;		/* one missing-glyph warning a context */
	int marks_warned;	/* one thinned-marks warning a context */
};

/* dir/file in buf: 0, or -1 when it does not fit.  A path needs no
 * allocation, so running out of memory is never "no font here". */
static int
join(char *buf, size_t size, const char *dir, const char *file)
{
	return (size_t)snprintf(buf, size, "%s/%s", dir, file) < size ? 0 : -1;
}

static int
has_font(const char *dir)
{
	char path[PATH_MAX];

	return join(path, sizeof path, dir, REGULAR) == 0 &&
	       access(path, R_OK) == 0;
}

static int
add_font(FcConfig *fc, const char *dir, const char *file)
{
	char path[PATH_MAX];

	return join(path, sizeof path, dir, file) == 0 &&
	       FcConfigAppFontAddFile(fc, (const FcChar8 *)path) ? 0 : -1;
}

/* The directory holding the running program, then ../share/hp2x/fonts;
 * "" when the program's path cannot be told (exe.h). */
static void
exe_fontdir(char *buf, size_t size)
{
	char exe[PATH_MAX];
	char *slash;

	buf[0] = '\0';
	if (render_exe_path(exe, sizeof exe) != 0)
		return;
	slash = strrchr(exe, '/');
	if (!slash)
		return;
	*slash = '\0';
	if ((size_t)snprintf(buf, size, "%s/../share/hp2x/fonts", exe) >= size)
		buf[0] = '\0';
}

/* Append dir to the "looked in" list of the error message. */
static void
looked(char *list, size_t size, const char *dir)
{
	size_t n = strlen(list);

	snprintf(list + n, size - n, "%s%s", n ? ", " : "", dir);
}

static const char *
find_fontdir(const char *fontdir, char *exebuf, size_t exesize,
	     char *list, size_t listsize)
{
	const char *env = getenv("HP2X_FONTDIR");
	const char *cand[3];
	size_t i, n = 0;

	/* A directory the user names is the only one tried: falling back
	 * would hide a typo behind a different font. */
	if (fontdir) {
		looked(list, listsize, fontdir);
		return has_font(fontdir) ? fontdir : NULL;
	}
	if (env && *env) {
		looked(list, listsize, env);
		return has_font(env) ? env : NULL;
	}
	/* An installed hp2x's own font first, wherever the tree was
	 * installed or moved to (`cmake --install --prefix`, a package):
	 * a build tree that still exists must not stand in for it. */
	exe_fontdir(exebuf, exesize);
	if (*exebuf)
		cand[n++] = exebuf;
#ifdef HP2X_FONTDIR_BUILD
	cand[n++] = HP2X_FONTDIR_BUILD;
#endif
#ifdef HP2X_FONTDIR_INSTALL
	cand[n++] = HP2X_FONTDIR_INSTALL;
#endif
	for (i = 0; i < n; i++) {
		looked(list, listsize, cand[i]);
		if (has_font(cand[i]))
			return cand[i];
	}
	return NULL;
}

render_ctx *
render_ctx_new(const char *fontdir, struct hp_err *err)
{
	char exebuf[PATH_MAX + 32], list[4 * PATH_MAX];
	const char *dir;
	render_ctx *c;
	FcFontSet *set;

	list[0] = '\0';
	dir = find_fontdir(fontdir, exebuf, sizeof exebuf, list, sizeof list);
	if (!dir) {
		hp_err_set(err, "cannot find the bundled font (looked in %s)",
			   list);
		return NULL;
	}
	c = hp_callocn(1, sizeof *c);
	if (!c || !(c->fontdir = hp_strdup(dir))) {
		free(c);
		hp_err_set(err, "out of memory");
		return NULL;
	}
	c->fc = FcConfigCreate();
	if (!c->fc) {
		hp_err_set(err, "out of memory");
		goto fail;
	}
	/* File by file: adding the directory would have fontconfig try to
	 * write a cache, and complain on stderr when it has nowhere to. */
	if (add_font(c->fc, dir, REGULAR) || add_font(c->fc, dir, BOLD)) {
		hp_err_set(err, "%s: cannot load the bundled font", dir);
		goto fail;
	}
	set = FcConfigGetFonts(c->fc, FcSetApplication);
	if (set && set->nfont > 0) {
		FcCharSet *cs = NULL;

		if (FcPatternGetCharSet(set->fonts[0], FC_CHARSET, 0, &cs) ==
		    FcResultMatch && cs)
			c->cover = FcCharSetCopy(cs);
	}
	if (!set || set->nfont < 1) {
		hp_err_set(err, "%s: cannot load the bundled font", dir);
		goto fail;
	}
	/* Pango starts a thread that calls FcInit(), which parses the whole
	 * system configuration (tens of millions of instructions, more
	 * than drawing a small profile) unless a current configuration
	 * exists.  Ours serves: every context's has the same two files. */
	if (!FcConfigSetCurrent(c->fc)) {
		hp_err_set(err, "%s: cannot load the bundled font", dir);
		goto fail;
	}
	c->fontmap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
	if (!c->fontmap || !PANGO_IS_FC_FONT_MAP(c->fontmap)) {
		hp_err_set(err, "cannot create a font map");
		goto fail;
	}
	/* The font map takes its own reference to the configuration. */
	pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(c->fontmap), c->fc);
	return c;
fail:
	render_ctx_free(c);
	return NULL;
}

void
render_ctx_free(render_ctx *c)
{
	if (!c)
		return;
	if (c->syspc)
		g_object_unref(c->syspc);
	if (c->sysmap)
		g_object_unref(c->sysmap);
	if (c->sysfc)
		FcConfigDestroy(c->sysfc);
	if (c->cover)
		FcCharSetDestroy(c->cover);
	if (c->fontmap)
		g_object_unref(c->fontmap);
	if (c->fc)
		FcConfigDestroy(c->fc);
	free(c->fontdir);
	free(c);
}

static PangoContext *
context_for(render_ctx *c, PangoFontMap *map)
{
	PangoContext *pc = pango_font_map_create_context(map);
	cairo_font_options_t *fo;

	if (!pc)
		return NULL;
	g_object_set_data(G_OBJECT(pc), "hp2x-ctx", c);
	fo = cairo_font_options_create();
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_subpixel_order(fo, CAIRO_SUBPIXEL_ORDER_RGB);
	pango_cairo_context_set_font_options(pc, fo);
	cairo_font_options_destroy(fo);
	pango_cairo_context_set_resolution(pc, 72);
	pango_context_set_round_glyph_positions(pc, FALSE);
	pango_context_set_language(pc, pango_language_from_string("en"));
	pango_context_set_base_dir(pc, PANGO_DIRECTION_LTR);
	return pc;
}

PangoContext *
draw_pango_new(render_ctx *c)
{
	return context_for(c, c->fontmap);
}

void
render_ctx_set_warn(render_ctx *c, void (*warn)(void *, const char *),
		    void *closure)
{
	c->warn = warn;
	c->warn_closure = closure;
}

void
render_ctx_warn_marks(render_ctx *c, const char *msg)
{
	if (!c || !c->warn || c->marks_warned)
		return;
	c->marks_warned = 1;
	c->warn(c->warn_closure, msg);
}

/* Whether the bundled font has every character of t (valid UTF-8). */
static int
covered(const render_ctx *c, const char *t)
{
	const FcChar8 *p = (const FcChar8 *)t;
	FcChar32 cp;
	int n;

	if (!c->cover)
		return 1;
	while (*p) {
		n = FcUtf8ToUcs4(p, &cp, 6);
		if (n <= 0)
			return 1;
		if (cp >= 0x20 && !FcCharSetHasChar(c->cover, cp))
			return 0;
		p += n;
	}
	return 1;
}

/* The fallback context (see struct render_ctx), NULL when it cannot be
 * made; made once. */
static PangoContext *
fallback(render_ctx *c)
{
	if (c->syspc || c->sys_failed)
		return c->syspc;
	c->sys_failed = 1;
	c->sysfc = FcInitLoadConfigAndFonts();
	if (!c->sysfc || add_font(c->sysfc, c->fontdir, REGULAR) ||
	    add_font(c->sysfc, c->fontdir, BOLD))
		return NULL;
	c->sysmap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
	if (!c->sysmap || !PANGO_IS_FC_FONT_MAP(c->sysmap))
		return NULL;
	pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(c->sysmap), c->sysfc);
	c->syspc = context_for(c, c->sysmap);
	c->sys_failed = c->syspc == NULL;
	return c->syspc;
}
/* Append code point cp as UTF-8. */
static size_t
put_utf8(char *d, unsigned cp)
{
	if (cp < 0x80) {
		d[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		d[0] = (char)(0xC0 | cp >> 6);
		d[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		d[0] = (char)(0xE0 | cp >> 12);
		d[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		d[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	d[0] = (char)(0xF0 | cp >> 18);
	d[1] = (char)(0x80 | (cp >> 12 & 0x3F));
	d[2] = (char)(0x80 | (cp >> 6 & 0x3F));
	d[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* Copy n bytes of s made safe into d; returns the bytes written (at most
 * 3 per input byte). */
static size_t
copy_safe(char *d, const unsigned char *s, size_t n)
{
	size_t i = 0, o = 0, k;
	unsigned cp;

	while (i < n) {
		k = hp_utf8_decode(s + i, n - i, &cp);
		if (k == 0) {
			cp = 0xFFFD;
			k = 1;
		} else if (cp == '\t') {
			cp = ' ';
		} else if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0) ||
			   cp == 0x2028 || cp == 0x2029) {
			/* Line breaks would make a second line; other
			 * controls draw as nothing, hiding what is there. */
			cp = 0xFFFD;
		}
		o += put_utf8(d + o, cp);
		i += k;
	}
	return o;
}

char *
draw_safe_text(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t head = len, tail = 0, o;
	char *d;

	if (len > 2 * TEXT_KEEP) {
		/* Nobody reads 4 kB of a name, and Pango would shape it all;
		 * the key shortens in the middle, so keep both ends. */
		head = TEXT_KEEP;
		while (head > TEXT_KEEP - 3 && (u[head] & 0xC0) == 0x80)
			head--;
		tail = TEXT_KEEP;
		while (tail > TEXT_KEEP - 3 && (u[len - tail] & 0xC0) == 0x80)
			tail--;
	}
	d = hp_malloc(3 * (head + tail) + 4);
	if (!d)
		return NULL;
	o = copy_safe(d, u, head);
	if (tail) {
		o += put_utf8(d + o, 0x2026);
		o += copy_safe(d + o, u + len - tail, tail);
	}
	d[o] = '\0';
	return d;
}

/* A one-line layout of s at size points; NULL when out of memory. */
static PangoLayout *
make_layout(PangoContext *pc, const char *s, size_t len, double size)
{
	render_ctx *c;
	PangoFontDescription *fd;
	PangoLayout *pl;
	char *t = draw_safe_text(s, len);

	if (!t)
		return NULL;
	c = g_object_get_data(G_OBJECT(pc), "hp2x-ctx");
	if (c && !covered(c, t) && fallback(c))
		pc = c->syspc;
	pl = pango_layout_new(pc);
	fd = pango_font_description_new();
	if (!pl || !fd) {
		if (pl)
			g_object_unref(pl);
		if (fd)
			pango_font_description_free(fd);
		free(t);
		return NULL;
	}
	pango_font_description_set_family_static(fd, FAMILY);
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	pango_layout_set_font_description(pl, fd);
	pango_font_description_free(fd);
	pango_layout_set_single_paragraph_mode(pl, TRUE);
	pango_layout_set_text(pl, t, -1);
	if (c && c->warn && !c->warned && pc == c->syspc &&
	    pango_layout_get_unknown_glyphs_count(pl) > 0) {
		char msg[400];

		c->warned = 1;
		snprintf(msg, sizeof msg, "no installed font can draw every "
			 "character of \"%.200s\"; those are drawn as boxes "
			 "(a font such as Noto CJK or Noto Color Emoji has "
			 "them)", t);
		c->warn(c->warn_closure, msg);
	}
	free(t);
	return pl;
}

double
draw_measure(void *closure, const char *s, size_t len, double size)
{
	PangoLayout *pl = make_layout(closure, s, len, size);
	PangoRectangle r;

	/* Out of memory: no width, and the caller says so (render_graph,
	 * draw_width); a guess would draw a different picture. */
	if (!pl)
		return NAN;
	pango_layout_get_extents(pl, NULL, &r);
	g_object_unref(pl);
	return (double)r.width / PANGO_SCALE;
}

double
draw_width(struct draw *d, const char *s, size_t len, double size)
{
	double w = draw_measure(d->pc, s, len, size);

	if (isnan(w)) {
		d->oom = 1;
		return 0;
	}
	return w;
}

double
draw_layout_measure(void *closure, const char *s, size_t len, double size)
{
	return draw_width(closure, s, len, size);
}

static double
layout_width(PangoLayout *pl)
{
	PangoRectangle r;

	pango_layout_get_extents(pl, NULL, &r);
	return (double)r.width / PANGO_SCALE;
}

/* pl's text becomes the first (k + 1) / 2 and last k / 2 of the n code
 * points of text (len bytes, code points starting at offs[]) around a
 * "\u2026"; buf has room for len + 4 bytes. */
static void
set_middle(PangoLayout *pl, char *buf, const char *text, size_t len,
	   const size_t *offs, size_t n, size_t k)
{
	size_t head = offs[(k + 1) / 2], tail = len - offs[n - k / 2];

	memcpy(buf, text, head);
	memcpy(buf + head, "\xe2\x80\xa6", 3);
	memcpy(buf + head + 3, text + len - tail, tail);
	buf[head + 3 + tail] = '\0';
	pango_layout_set_text(pl, buf, -1);
}

/*
 * Shorten pl's text in the middle to at most max_w points: as many code
 * points from each end as fit around a "\u2026", the head one longer.
 * Pango's own middle ellipsis leaves a wide gap after the "\u2026" in some
 * names (seen with "m'.\\shrinkTable..."), so the key does it here, by
 * binary search on the number of code points kept: a handful of layouts
 * for a long name, none for one that fits.  Returns 0, or -1 when out of
 * memory.
 */
static int
fit_middle(PangoLayout *pl, double max_w)
{
	const char *cur = pango_layout_get_text(pl);
	size_t len = strlen(cur), n = 0, i, lo, hi, *offs;
	char *text, *buf;

	if (len == 0 || layout_width(pl) <= max_w)
		return 0;
	text = hp_strdup(cur);
	offs = hp_mallocn(len + 1, sizeof *offs);
	buf = hp_malloc(len + 4);
	if (!text || !offs || !buf) {
		free(text);
		free(offs);
		free(buf);
		return -1;
	}
	/* Code point starts (the text is valid UTF-8: draw_safe_text). */
	for (i = 0; i < len; i++)
		if (((unsigned char)text[i] & 0xC0) != 0x80)
			offs[n++] = i;
	offs[n] = len;
	/* Keeping lo code points fits (0: "\u2026" alone, drawn even when
	 * it does not); keeping all n does not. */
	lo = 0;
	hi = n - 1;
	while (lo < hi) {
		size_t k = lo + (hi - lo + 1) / 2;

		set_middle(pl, buf, text, len, offs, n, k);
		if (layout_width(pl) <= max_w)
			lo = k;
		else
			hi = k - 1;
	}
	set_middle(pl, buf, text, len, offs, n, lo);
	free(text);
	free(offs);
	free(buf);
	return 0;
}

/* v with a '.', whatever LC_NUMERIC says. */
static void
put_num(FILE *f, double v)
{
	char buf[64], *p;

	snprintf(buf, sizeof buf, "%.2f", v);
	for (p = buf; *p; p++)
		if (*p == ',')
			*p = '.';
	fputs(buf, f);
}

/*
 * The SVG text layer: text as a <text> element exactly over the glyphs
 * cairo drew as outlines (same start, baseline, size, direction, and
 * stretched to the drawn width), invisible, so a search, a copy or a
 * screen reader finds the words, the full text of shortened ones too.
 * (x0, y0) is the text's start on its baseline in the current user
 * space.
 */
static void
layer_text(struct draw *d, const char *text, double x0, double y0,
	   double w, double size)
{
	FILE *f = d->text;
	double px = x0, py = y0, ux = 1, uy = 0, scale, angle;
	const char *p;

	cairo_user_to_device(d->cr, &px, &py);
	cairo_user_to_device_distance(d->cr, &ux, &uy);
	scale = hypot(ux, uy);
	angle = atan2(uy, ux) * 180.0 / M_PI;
	fputs("<text x=\"", f);
	put_num(f, px);
	fputs("\" y=\"", f);
	put_num(f, py);
	fputs("\" font-size=\"", f);
	put_num(f, size * scale);
	fputc('"', f);
	if (w > 0) {
		fputs(" textLength=\"", f);
		put_num(f, w * scale);
		fputs("\" lengthAdjust=\"spacingAndGlyphs\"", f);
	}
	if (fabs(angle) > 0.01) {
		fputs(" transform=\"rotate(", f);
		put_num(f, angle);
		fputc(' ', f);
		put_num(f, px);
		fputc(' ', f);
		put_num(f, py);
		fputs(")\"", f);
	}
	fputc('>', f);
	for (p = text; *p; p++) {
		switch (*p) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		default: fputc(*p, f);
		}
	}
	fputs("</text>\n", f);
}

void
draw_show(struct draw *d, double x, double y, const char *s, size_t len,
	  const struct draw_text *t)
{
	cairo_t *cr = d->cr;
	cairo_matrix_t mx;
	PangoLayout *pl;
	PangoRectangle r;
	double w, dy, x0;
	char *full;

	cairo_save(cr);
	cairo_translate(cr, x, y);
	/* The picture's y axis points up; text wants its own y down. */
	if (t->up)
		cairo_matrix_init(&mx, 0, 1, 1, 0, 0, 0);
	else
		cairo_matrix_init(&mx, 1, 0, 0, -1, 0, 0);
	cairo_transform(cr, &mx);
	pango_cairo_update_context(cr, d->pc);
	pl = make_layout(d->pc, s, len, t->size);
	if (!pl) {
		d->oom = 1;
		cairo_restore(cr);
		return;
	}
	if (pango_layout_get_context(pl) != d->pc) {	/* the fallback's */
		pango_cairo_update_context(cr, pango_layout_get_context(pl));
		pango_layout_context_changed(pl);
	}
	if (t->max_w > 0 && t->ellipsize == PANGO_ELLIPSIZE_MIDDLE) {
		if (fit_middle(pl, t->max_w) < 0) {
			d->oom = 1;
			g_object_unref(pl);
			cairo_restore(cr);
			return;
		}
	} else if (t->max_w > 0) {
		pango_layout_set_width(pl, (int)(t->max_w * PANGO_SCALE));
		pango_layout_set_ellipsize(pl, t->ellipsize);
	}
	pango_layout_get_extents(pl, NULL, &r);
	w = (double)r.width / PANGO_SCALE;
	dy = t->valign == DRAW_BASELINE ?
		(double)pango_layout_get_baseline(pl) / PANGO_SCALE : 0;
	x0 = -(t->halign == DRAW_LEFT ? 0 : t->halign == DRAW_CENTRE ?
	       w / 2 : w);
	cairo_move_to(cr, x0 - (double)r.x / PANGO_SCALE, -dy);
	full = draw_safe_text(s, len);
	if (!full) {
		d->oom = 1;
	} else if (d->full_text && strcmp(full, pango_layout_get_text(pl)) != 0) {
		/* Shortened, in a PDF: the drawn text is outlines, and the
		 * full text lies invisible (all but transparent: cairo
		 * leaves out what is wholly so) from the same start. */
		PangoLayout *whole = make_layout(d->pc, s, len, t->size);

		pango_cairo_layout_path(cr, pl);
		cairo_fill(cr);
		if (whole) {
			pango_layout_get_extents(whole, NULL, &r);
			cairo_save(cr);
			/* squeezed onto the drawn text's width: it stays on
			 * the page, where text extraction looks */
			cairo_translate(cr, x0, 0);
			if (r.width > 0)	/* uniformly: spaces stay spaces */
				cairo_scale(cr, w * PANGO_SCALE / r.width,
					    w * PANGO_SCALE / r.width);
			cairo_move_to(cr, -(double)r.x / PANGO_SCALE,
				      t->valign == DRAW_BASELINE ?
				      -(double)pango_layout_get_baseline(whole) /
				      PANGO_SCALE : 0);
			cairo_set_source_rgba(cr, 1, 1, 1, 0.01);
			pango_cairo_show_layout(cr, whole);
			cairo_restore(cr);
			g_object_unref(whole);
		} else {
			d->oom = 1;
		}
	} else if (d->outline_fallback && pango_layout_get_context(pl) != d->pc) {
		/* a system font's glyphs: see format.c's outline_fallback */
		pango_cairo_layout_path(cr, pl);
		cairo_fill(cr);
	} else {
		pango_cairo_show_layout(cr, pl);
	}
	if (d->text && full)
		layer_text(d, full, x0, t->valign == DRAW_BASELINE ? 0 :
			   (double)pango_layout_get_baseline(pl) / PANGO_SCALE,
			   w, t->size);
	free(full);
	g_object_unref(pl);
	cairo_restore(cr);
}
