/*
 * tests/unit/test_render.c - drawing: the bundled font, safe text, every
 * output format's header and size, multi-page keys, edge-case models that
 * must render, write errors, determinism, and gs / qpdf on real output.
 *
 * Models are built by hand, so these tests need no reader.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "hp/model.h"
#include "render/layout/aux-private.h"
#include "render/draw.h"
#include "render/render.h"
#include "layoututil.h"
#include "testutil.h"

/* One context for the whole run: setting one up is the costly part. */
static render_ctx *ctx;

static int
setup(void **state)
{
	struct hp_err err = {{0}};

	(void)state;
	ctx = render_ctx_new(tu_src("fonts"), &err);
	return ctx ? 0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	render_ctx_free(ctx);
	return 0;
}

typedef uint64_t (*value_fn)(size_t band, size_t sample);

static uint64_t
ramp(size_t b, size_t i)
{
	return (uint64_t)((b + 1) * 1000 + (i * 37 + b * 11) % 500);
}

/* A model with nb bands "band0".. and ns samples 0.1 s apart. */
static hp_model *
build(size_t nb, size_t ns, value_fn v)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	char name[32];
	size_t b, i;
	hp_band id;

	assert_non_null(m);
	assert_int_equal(hp_model_set(m, HP_JOB, "prog +RTS -hT", 13, &err), 0);
	assert_int_equal(hp_model_set(m, HP_DATE, "Sat Nov 21 2026", 15, &err), 0);
	assert_int_equal(hp_model_set(m, HP_SAMPLE_UNIT, "seconds", 7, &err), 0);
	assert_int_equal(hp_model_set(m, HP_VALUE_UNIT, "bytes", 5, &err), 0);
	for (b = 0; b < nb; b++) {
		int n = snprintf(name, sizeof name, "band%zu", b);
		assert_int_equal(hp_model_intern(m, name, (size_t)n, &id, &err), 0);
	}
	for (i = 0; i < ns; i++) {
		assert_int_equal(hp_model_begin(m, (double)i * 0.1, &err), 0);
		for (b = 0; b < nb; b++)
			assert_int_equal(hp_model_add(m, (hp_band)b, v(b, i), &err), 0);
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
	return m;
}

static struct render_opts
opts(enum render_format f)
{
	struct render_opts o;

	render_opts_init(&o);
	o.format = f;
	return o;
}

/* Render into memory; fails the test unless render_graph succeeds. */
static char *
render_with(render_ctx *c, const hp_model *m, const struct render_opts *o,
	    size_t *len)
{
	struct hp_err err = {{0}};
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	int rc;

	assert_non_null(f);
	rc = render_graph(c, m, o, NULL, NULL, f, &err);
	if (rc)
		print_error("render_graph: %s\n", err.msg);
	assert_int_equal(rc, 0);
	assert_string_equal(err.msg, "");
	assert_int_equal(fclose(f), 0);
	assert_true(n > 0);
	*len = n;
	return buf;
}

static char *
render(const hp_model *m, const struct render_opts *o, size_t *len)
{
	return render_with(ctx, m, o, len);
}

static const char *
find(const char *buf, size_t len, const char *what)
{
	size_t w = strlen(what), i;

	for (i = 0; i + w <= len; i++)
		if (memcmp(buf + i, what, w) == 0)
			return buf + i;
	return NULL;
}

static size_t
count(const char *buf, size_t len, const char *what)
{
	size_t n = 0, w = strlen(what);
	const char *p = buf, *q;

	while ((q = find(p, len - (size_t)(p - buf), what))) {
		n++;
		p = q + w;
	}
	return n;
}

static unsigned
be32(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;

	return (unsigned)u[0] << 24 | (unsigned)u[1] << 16 |
	       (unsigned)u[2] << 8 | u[3];
}

static void
png_size(const char *buf, size_t len, unsigned *w, unsigned *h)
{
	assert_true(len > 24);
	assert_memory_equal(buf, "\x89PNG\r\n\x1a\n", 8);
	assert_memory_equal(buf + 12, "IHDR", 4);
	*w = be32(buf + 16);
	*h = be32(buf + 20);
}

static void
write_file(const char *path, const char *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* ---- fonts and text ---- */

static void
font_dir_search(void **state)
{
	struct hp_err err = {{0}};
	render_ctx *c;
	char *old = getenv("HP2X_FONTDIR") ? strdup(getenv("HP2X_FONTDIR")) : NULL;

	(void)state;
	c = render_ctx_new("/nonexistent/fonts", &err);
	assert_null(c);
	assert_string_equal(err.msg, "cannot find the bundled font "
			    "(looked in /nonexistent/fonts)");

	hp_err_clear(&err);
	setenv("HP2X_FONTDIR", "/nonexistent/env", 1);
	assert_null(render_ctx_new(NULL, &err));
	assert_non_null(strstr(err.msg, "/nonexistent/env"));

	hp_err_clear(&err);
	setenv("HP2X_FONTDIR", tu_src("fonts"), 1);
	c = render_ctx_new(NULL, &err);
	assert_non_null(c);
	render_ctx_free(c);

	/* Unset: the build tree's fonts/ (a compile definition). */
	unsetenv("HP2X_FONTDIR");
	c = render_ctx_new(NULL, &err);
	assert_non_null(c);
	render_ctx_free(c);
	if (old) {
		setenv("HP2X_FONTDIR", old, 1);
		free(old);
	}
}

/* Liberation Sans has Helvetica's advance widths, so hp2ps's sizes hold:
 * "SYSTEM" at 10 pt is (667+667+667+611+667+833) / 100 = 41.12 pt.  A
 * system fallback font would not give that. */
static void
bundled_font_metrics(void **state)
{
	PangoContext *pc = draw_pango_new(ctx);

	(void)state;
	assert_non_null(pc);
	assert_float_equal(draw_measure(pc, "SYSTEM", 6, 10), 41.12, 0.02);
	assert_float_equal(draw_measure(pc, "SYSTEM", 6, 20), 82.24, 0.04);
	assert_float_equal(draw_measure(pc, "", 0, 10), 0, 1e-9);
	/* Invalid bytes measure as U+FFFD, not as nothing. */
	assert_true(draw_measure(pc, "\xff\xfe", 2, 10) > 5);
	g_object_unref(pc);
}

static void
check_safe(const char *in, size_t len, const char *want)
{
	char *s = draw_safe_text(in, len);

	assert_non_null(s);
	assert_string_equal(s, want);
	free(s);
}

#define FFFD "\xef\xbf\xbd"
#define UTF8_NAME "Data.Map.Internal.Bin \xe2\x80\x94 " \
	"\xd0\xba\xd0\xbb\xd1\x8e\xd1\x87 \xf0\x9f\xa6\x80"

static void
safe_text(void **state)
{
	char *big, *s;
	size_t i;

	(void)state;
	check_safe("plain", 5, "plain");
	check_safe(UTF8_NAME, sizeof UTF8_NAME - 1, UTF8_NAME);
	check_safe("a\0b", 3, "a" FFFD "b");
	check_safe("a\tb\nc\rd", 7, "a b" FFFD "c" FFFD "d");
	check_safe("\xff", 1, FFFD);
	check_safe("\xc0\xaf", 2, FFFD FFFD);		/* overlong '/' */
	check_safe("\xed\xa0\x80", 3, FFFD FFFD FFFD);	/* surrogate */
	check_safe("\xf4\x90\x80\x80", 4, FFFD FFFD FFFD FFFD); /* > U+10FFFF */
	check_safe("\xe2\x82", 2, FFFD FFFD);		/* cut short */
	check_safe("\xc2\x85", 2, FFFD);		/* C1 NEL */
	check_safe("\xe2\x80\xa8", 3, FFFD);		/* LINE SEPARATOR */
	check_safe("\x7f", 1, FFFD);

	/* Long text keeps both ends around an ellipsis. */
	big = malloc(100000);
	assert_non_null(big);
	for (i = 0; i < 100000; i++)
		big[i] = (char)('a' + i % 26);
	s = draw_safe_text(big, 100000);
	assert_non_null(s);
	assert_true(strlen(s) < 5000);
	assert_memory_equal(s, big, 100);
	assert_non_null(strstr(s, "\xe2\x80\xa6"));
	assert_memory_equal(s + strlen(s) - 100, big + 100000 - 100, 100);
	free(s);
	free(big);
}

/* ---- formats ---- */

static void
ps_landscape_as_hp2ps(void **state)
{
	hp_model *m = build(3, 20, ramp);
	struct render_opts o = opts(RENDER_PS);
	size_t len;
	char *buf;

	(void)state;
	buf = render(m, &o, &len);
	assert_memory_equal(buf, "%!PS-Adobe", 10);
	assert_non_null(find(buf, len, "%%Orientation: Seascape\n"));
	assert_non_null(find(buf, len, "%%PageOrientation: Seascape\n"));
	assert_non_null(find(buf, len, "%%DocumentMedia: A4 595 842"));
	assert_non_null(find(buf, len, "%%Title: prog +RTS -hT\n"));
	/* hp2ps's placement: page x 72..504, y 108..756, plus the
	 * border's half line width rounded outwards. */
	assert_non_null(find(buf, len, "%%BoundingBox: 71 107 505 757\n"));
	assert_int_equal(count(buf, len, "%%Page:"), 1);
	/* The bundled font travels with the file. */
	assert_non_null(find(buf, len, "%%BeginResource: font LiberationSans"));
	free(buf);

	o.gs = 1;
	buf = render(m, &o, &len);
	assert_null(find(buf, len, "Orientation"));
	/* Unturned at (72, 108): 648 wide runs off A4, as in hp2ps. */
	assert_non_null(find(buf, len, "%%BoundingBox: 71 107 595 541\n"));
	free(buf);
	hp_model_free(m);
}

static void
eps_box(double width, const char *box)
{
	hp_model *m = build(2, 5, ramp);
	struct render_opts o = opts(RENDER_EPS);
	size_t len;
	char *buf;

	o.eps_width = width;
	buf = render(m, &o, &len);
	assert_non_null(find(buf, 40, "EPSF-3.0"));
	assert_memory_equal(buf, "%!PS-Adobe-3.0 EPSF-3.0\n", 24);
	if (!find(buf, len, box))
		fail_msg("no \"%s\" for width %g", box, width);
	assert_int_equal(count(buf, len, "%%BoundingBox:"), 1);
	assert_non_null(find(buf, len, "%%BeginResource: font LiberationSans"));
	free(buf);
	hp_model_free(m);
}

static void
eps_exact_box(void **state)
{
	(void)state;
	eps_box(0, "%%BoundingBox: 0 0 648 432\n");
	eps_box(360, "%%BoundingBox: 0 0 360 240\n");		/* -e5in */
	eps_box(340.157, "%%BoundingBox: 0 0 340 227\n");	/* -e120mm */
	eps_box(216, "%%BoundingBox: 0 0 216 144\n");		/* -e3in */
	eps_box(145, "%%BoundingBox: 0 0 145 97\n");
}

static void
pdf_and_svg(void **state)
{
	hp_model *m = build(4, 30, ramp);
	struct render_opts o = opts(RENDER_PDF);
	size_t len, end;
	char *buf;

	(void)state;
	buf = render(m, &o, &len);
	assert_memory_equal(buf, "%PDF-", 5);
	end = len;
	while (end > 0 && (buf[end - 1] == '\n' || buf[end - 1] == '\r'))
		end--;
	assert_true(end >= 5);
	assert_memory_equal(buf + end - 5, "%%EOF", 5);
	assert_non_null(find(buf, len, "/MediaBox [ 0 0 648 432 ]"));
	free(buf);

	o.eps_width = 360;
	buf = render(m, &o, &len);
	assert_non_null(find(buf, len, "/MediaBox [ 0 0 360 240 ]"));
	free(buf);

	o = opts(RENDER_SVG);
	buf = render(m, &o, &len);
	assert_memory_equal(buf, "<?xml", 5);
	assert_non_null(find(buf, len, "<svg"));
	assert_non_null(find(buf, len, "width=\"648pt\""));
	assert_non_null(find(buf, len, "height=\"432pt\""));
	free(buf);
	hp_model_free(m);
}

static void
png_sizes(void **state)
{
	hp_model *m = build(3, 10, ramp);
	struct render_opts o = opts(RENDER_PNG);
	unsigned w, h;
	size_t len;
	char *buf;

	(void)state;
	buf = render(m, &o, &len);
	png_size(buf, len, &w, &h);
	assert_int_equal(w, 864);
	assert_int_equal(h, 576);
	free(buf);

	o.dpi = 72;
	buf = render(m, &o, &len);
	png_size(buf, len, &w, &h);
	assert_int_equal(w, 648);
	assert_int_equal(h, 432);
	free(buf);

	o.png_width = 1000;
	o.png_height = 300;
	buf = render(m, &o, &len);
	png_size(buf, len, &w, &h);
	assert_int_equal(w, 1000);
	assert_int_equal(h, 300);
	free(buf);
	hp_model_free(m);
}

static void
out_of_range_sizes(void **state)
{
	hp_model *m = build(1, 3, ramp);
	struct render_opts o = opts(RENDER_PNG);
	struct hp_err err = {{0}};
	FILE *f = tmpfile();

	(void)state;
	assert_non_null(f);
	o.png_width = 40000;
	o.png_height = 10;
	assert_int_equal(render_graph(ctx, m, &o, NULL, NULL, f, &err), -1);
	assert_non_null(strstr(err.msg, "out of range"));
	hp_err_clear(&err);
	o = opts(RENDER_PDF);
	o.eps_width = -3;
	assert_int_equal(render_graph(ctx, m, &o, NULL, NULL, f, &err), -1);
	assert_non_null(strstr(err.msg, "out of range"));
	hp_err_clear(&err);
	o.format = (enum render_format)42;
	assert_int_equal(render_graph(ctx, m, &o, NULL, NULL, f, &err), -1);
	assert_non_null(strstr(err.msg, "unknown output format"));
	fclose(f);
	hp_model_free(m);
}

/* A full disk must come back as an error, for the formats cairo writes
 * as it goes and for those it writes at the end. */
static void
write_errors_reported(void **state)
{
	static const enum render_format fmts[] = {
		RENDER_PS, RENDER_EPS, RENDER_PDF, RENDER_SVG, RENDER_PNG
	};
	hp_model *m = build(3, 200, ramp);
	struct hp_err err = {{0}};
	struct render_opts o;
	size_t i;

	(void)state;
	if (access("/dev/full", W_OK) != 0)
		fail_msg("/dev/full is needed for this test");
	for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
		FILE *f = fopen("/dev/full", "w");

		assert_non_null(f);
		o = opts(fmts[i]);
		hp_err_clear(&err);
		assert_int_equal(render_graph(ctx, m, &o, NULL, NULL, f, &err), -1);
		/* unnamed: the edge names the file (hp_err_name) */
		if (strcmp(err.msg, "cannot write: No space left on device"))
			fail_msg("format %d: \"%s\"", (int)fmts[i], err.msg);
		fclose(f);
	}
	hp_model_free(m);
}

/* ---- pages and keys ---- */

static void
multipage_key(void **state)
{
	hp_model *m = build(30, 20, ramp);
	struct render_opts o = opts(RENDER_PS);
	unsigned w, h;
	size_t len;
	char *buf;

	(void)state;
	/* hp2ps: -m25 with 30 identifiers is 25 bands on 2 key pages,
	 * then the graph page. */
	o.max_bands = 25;
	o.multipage = 1;
	buf = render(m, &o, &len);
	assert_int_equal(count(buf, len, "%%Page:"), 3);
	assert_int_equal(count(buf, len, "%%PageOrientation: Seascape"), 3);
	free(buf);

	o.format = RENDER_PDF;
	buf = render(m, &o, &len);
	assert_int_equal(count(buf, len, "/Type /Page\n") +
			 count(buf, len, "/Type /Page "), 3);
	free(buf);

	/* One-picture formats: one page, whatever -M says. */
	o.format = RENDER_PNG;
	buf = render(m, &o, &len);
	png_size(buf, len, &w, &h);
	assert_int_equal(w, 864);
	free(buf);
	o.format = RENDER_EPS;
	buf = render(m, &o, &len);
	assert_int_equal(count(buf, len, "showpage"), 1);
	free(buf);
	hp_model_free(m);
}

/* With few bands a one-picture format puts the -M key beside the graph:
 * the picture is then the one drawn without -M. */
static void
single_page_key_beside(void **state)
{
	hp_model *m = build(5, 40, ramp);
	struct render_opts o = opts(RENDER_PNG);
	size_t la, lb;
	char *a, *b;

	(void)state;
	a = render(m, &o, &la);
	o.multipage = 1;
	b = render(m, &o, &lb);
	assert_int_equal(la, lb);
	assert_memory_equal(a, b, la);
	free(a);
	free(b);
	hp_model_free(m);
}

/* ---- models that must render ---- */

static void
render_all_formats(const hp_model *m, struct render_opts o)
{
	static const enum render_format fmts[] = {
		RENDER_PS, RENDER_EPS, RENDER_PDF, RENDER_SVG, RENDER_PNG
	};
	size_t i, len;

	for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
		char *buf;

		o.format = fmts[i];
		buf = render(m, &o, &len);
		free(buf);
	}
}

static uint64_t
zero(size_t b, size_t i)
{
	(void)b;
	(void)i;
	return 0;
}

static uint64_t
huge(size_t b, size_t i)
{
	return (UINT64_C(1) << 62) - b * 1000 - i;
}

static uint64_t
sparse(size_t b, size_t i)
{
	return (i + b) % 97 == 0 ? 5000 + b : 0;
}

struct membuf {
	const char *p;
	size_t n;
};

static cairo_status_t
read_mem(void *closure, unsigned char *data, unsigned int len)
{
	struct membuf *b = closure;

	if (len > b->n)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, b->p, len);
	b->p += len;
	b->n -= len;
	return CAIRO_STATUS_SUCCESS;
}

/* Share of a PNG's pixels that are not white. */
static double
inked(const char *png, size_t len)
{
	struct membuf b = { png, len };
	cairo_surface_t *s = cairo_image_surface_create_from_png_stream(read_mem, &b);
	int w, h, stride, x, y;
	size_t ink = 0;
	unsigned char *d;

	assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(s);
	w = cairo_image_surface_get_width(s);
	h = cairo_image_surface_get_height(s);
	stride = cairo_image_surface_get_stride(s);
	d = cairo_image_surface_get_data(s);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			ink += (*(uint32_t *)(void *)(d + (size_t)y * (size_t)stride +
						      (size_t)x * 4) & 0xffffff) != 0xffffff;
	cairo_surface_destroy(s);
	return (double)ink / ((double)w * h);
}

/* A profile of one sample is drawn as a step across the axis, not as
 * nothing: the bands fill most of the graph. */
static void
one_sample_is_a_step(void **state)
{
	struct render_opts o = opts(RENDER_PNG);
	hp_model *m = build(2, 1, ramp);
	size_t len;
	char *png;

	(void)state;
	png = render(m, &o, &len);
	assert_true(inked(png, len) > 0.5);
	free(png);
	hp_model_free(m);
}

static uint64_t
spike(size_t b, size_t i)
{
	return b == i ? 1000 + (b % 7) * 500 : 0;
}

/* A sparse profile (-m0, every sample its own band: a -hi profile's
 * shape) is drawn by its entries: each band a spike at its sample, in its
 * colour, and the vector file a few paths, not two per band. */
static void
sparse_profile_by_entries(void **state)
{
	enum { K = 120 };
	struct render_opts o = opts(RENDER_PNG);
	struct render_layout l;
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new(), *full;
	struct membuf b;
	cairo_surface_t *img;
	unsigned char *px;
	char name[16], *out;
	size_t len, i, npaths;
	int stride;
	hp_band id;

	(void)state;
	for (i = 0; i < K; i++) {
		int n = snprintf(name, sizeof name, "band%zu", i);

		assert_int_equal(hp_model_intern(m, name, (size_t)n, &id, &err), 0);
	}
	for (i = 0; i < K; i++) {
		assert_int_equal(hp_model_begin(m, (double)i * 0.1, &err), 0);
		assert_int_equal(hp_model_add(m, (hp_band)i, spike(i, i), &err), 0);
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
	o.max_bands = 0;
	o.trace_pct = 0;
	o.colour = 1;
	o.png_width = 648;
	o.png_height = 432;
	assert_int_equal(layout_compute(&l, m, &o, NULL, lu_hp2ps_measure, NULL,
					&err), 0);
	assert_int_equal(l.nbands, K);
	out = render(m, &o, &len);
	b.p = out;
	b.n = len;
	img = cairo_image_surface_create_from_png_stream(read_mem, &b);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(img);
	px = cairo_image_surface_get_data(img);
	stride = cairo_image_surface_get_stride(img);
	for (i = 0; i < K; i++) {
		int32_t s = l.slot[i];
		double x = l.graph_x + (double)i * 0.1 / l.xrange * l.graph_w;
		double y = l.graph_y + 0.5 * (double)spike(i, i) / l.yrange * l.graph_h;
		uint32_t c = *(uint32_t *)(void *)(px + (size_t)(432 - (int)y) * (size_t)stride +
						   (size_t)(int)(x + 0.5) * 4);
		int k;

		if (i == 0 || i == K - 1)
			continue;	/* half spikes at the edges */
		for (k = 0; k < 3; k++) {
			int want = (int)(l.bands[s].rgb[k] * 255 + 0.5);
			int got = (int)(c >> (16 - 8 * k) & 0xff);

			if (abs(want - got) > 8)
				fail_msg("band %zu at (%g, %g): colour %06x", i, x, y,
					 (unsigned)(c & 0xffffff));
		}
	}
	cairo_surface_destroy(img);
	free(out);
	/* the same profile listing every band in every sample (zeros) is
	 * dense: drawn band by band, whole width, two paths each */
	full = build(K, K, spike);
	for (i = 0; i < HP_NFIELDS; i++) {
		const char *f = hp_model_get(full, (enum hp_field)i);

		if (f)
			assert_int_equal(hp_model_set(m, (enum hp_field)i, f,
						      strlen(f), &err), 0);
	}
	o.format = RENDER_SVG;
	out = render(m, &o, &len);
	npaths = count(out, len, "<path");
	free(out);
	out = render(full, &o, &len);
	assert_true(count(out, len, "<path") > npaths + K);
	free(out);
	hp_model_free(full);
	layout_release(&l);
	hp_model_free(m);
}

static void
edge_models(void **state)
{
	struct render_opts o = opts(RENDER_PNG);
	hp_model *m;

	(void)state;
	m = hp_model_new();		/* nothing at all: no header either */
	render_all_formats(m, o);
	hp_model_free(m);

	m = build(0, 0, ramp);
	render_all_formats(m, o);
	hp_model_free(m);

	m = build(3, 1, ramp);		/* one sample: no x range */
	render_all_formats(m, o);
	hp_model_free(m);

	m = build(4, 10, zero);		/* all zeros */
	render_all_formats(m, o);
	o.trace_pct = 0;
	render_all_formats(m, o);
	o.trace_pct = 1;
	hp_model_free(m);

	m = build(1, 10, ramp);		/* one band */
	render_all_formats(m, o);
	hp_model_free(m);

	m = build(2, 10, huge);		/* sums past 2^63 */
	render_all_formats(m, o);
	hp_model_free(m);

	m = build(2, 0, ramp);		/* times whose span overflows */
	{
		static const double ts[] = { -1e308, -1e300, 0, 1e-300, 1e308 };
		struct hp_err err = {{0}};
		size_t i;

		for (i = 0; i < 5; i++) {
			assert_int_equal(hp_model_begin(m, ts[i], &err), 0);
			assert_int_equal(hp_model_add(m, 0, 1 + i, &err), 0);
			assert_int_equal(hp_model_add(m, 1, UINT64_MAX - i, &err), 0);
			assert_int_equal(hp_model_commit(m, &err), 0);
			assert_int_equal(hp_model_add_mark(m, ts[i], "m", 1, &err), 0);
			assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, ts[4 - i], UINT64_MAX, &err), 0);
		}
		o.heap_size = 1;
		render_all_formats(m, o);
		o.exact = 1;
		render_all_formats(m, o);
		o.heap_size = o.exact = 0;
	}
	hp_model_free(m);

	m = build(10000, 4, sparse);	/* 10,000 bands */
	render_all_formats(m, o);
	o.max_bands = 0;		/* all of them, no key */
	render_all_formats(m, o);
	o.max_bands = 10000;		/* all of them, multi-page key */
	o.multipage = 1;
	render_all_formats(m, o);
	hp_model_free(m);
}

static void
awkward_names(void **state)
{
#define NAME(s) { s, sizeof s - 1 }
	static const struct { const char *s; size_t len; } names[] = {
		NAME(UTF8_NAME),
		NAME("bad\xff\xfe utf8 \xc0\xaf"),
		NAME("nul\0inside"),
		NAME("(unbalanced \\ paren"),
		NAME("line\nbreak\ttab"),
		NAME(""),
	};
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct render_opts o = opts(RENDER_PNG);
	char *longname;
	size_t b, i;
	hp_band id;

	(void)state;
	assert_int_equal(hp_model_set(m, HP_JOB, "\xff(job\0", 6, &err), 0);
	assert_int_equal(hp_model_set(m, HP_VALUE_UNIT, "\xe2\x82", 2, &err), 0);
	for (b = 0; b < 6; b++)
		assert_int_equal(hp_model_intern(m, names[b].s, names[b].len, &id, &err), 0);
	longname = malloc(1 << 20);
	assert_non_null(longname);
	for (i = 0; i < 1 << 20; i++)
		longname[i] = (char)('A' + i % 50);
	assert_int_equal(hp_model_intern(m, longname, 1 << 20, &id, &err), 0);
	free(longname);
	for (i = 0; i < 8; i++) {
		assert_int_equal(hp_model_begin(m, (double)i, &err), 0);
		for (b = 0; b < 7; b++)
			assert_int_equal(hp_model_add(m, (hp_band)b, 100 * (b + 1) + i, &err), 0);
		assert_int_equal(hp_model_commit(m, &err), 0);
	}
	assert_int_equal(hp_model_add_mark(m, 3, "mark \xff\0x", 8, &err), 0);
	render_all_formats(m, o);
	o.colour = 1;
	o.multipage = 1;
	render_all_formats(m, o);
	hp_model_free(m);
}

static uint64_t
wave(size_t b, size_t i)
{
	return 1000 + (b + 1) * ((i * 7919 + b * 104729) % 1000);
}

static void
million_samples(void **state)
{
	hp_model *m = build(3, 1000000, wave);
	struct render_opts o = opts(RENDER_PNG);
	unsigned w, h;
	size_t len;
	char *buf;

	(void)state;
	buf = render(m, &o, &len);
	png_size(buf, len, &w, &h);
	assert_int_equal(w, 864);
	free(buf);
	hp_model_free(m);
}

/* Columns of three samples or fewer are drawn exactly: the same picture
 * as --exact.  Denser ones are reduced, which changes the picture. */
static void
reduction_exact_when_sparse(void **state)
{
	hp_model *sparse_m = build(4, 150, wave), *dense = build(4, 20000, wave);
	struct render_opts o = opts(RENDER_PNG);
	size_t la, lb;
	char *a, *b;

	(void)state;
	a = render(sparse_m, &o, &la);
	o.exact = 1;
	b = render(sparse_m, &o, &lb);
	assert_int_equal(la, lb);
	assert_memory_equal(a, b, la);
	free(a);
	free(b);
	a = render(dense, &o, &la);
	o.exact = 0;
	b = render(dense, &o, &lb);
	assert_true(la != lb || memcmp(a, b, la) != 0);
	free(a);
	free(b);
	o.format = RENDER_PDF;
	b = render(dense, &o, &lb);
	assert_true(lb < 2000000);
	free(b);
	hp_model_free(sparse_m);
	hp_model_free(dense);
}

/* Deterministic noise: every band moves every sample, the worst case
 * for reduction (nothing flat to merge).  Some bands vanish for a while,
 * as real ones do. */
static uint64_t
noisy(size_t b, size_t i)
{
	uint64_t h = (uint64_t)i * UINT64_C(0x9E3779B97F4A7C15) ^
		     (uint64_t)(b + 1) * UINT64_C(0xC2B2AE3D27D4EB4F);

	h ^= h >> 29;
	h *= UINT64_C(0xBF58476D1CE4E5B9);
	h ^= h >> 32;
	if (b % 7 == 3 && (i / 5000) % 3 == 1)
		return 0;
	return (b + 1) * 10000 + h % 200000;
}

/* Vector output of a dense profile is bounded by the page, not by the
 * sample count: 100,000 samples x 60 bands stay under 1 MB in every
 * vector format (they were 2-3 MB when each band was a polygon of
 * 0.5 pt columns). */
static void
vector_size_bounded(void **state)
{
	static const enum render_format fmts[] = {
		RENDER_PDF, RENDER_SVG, RENDER_PS, RENDER_EPS
	};
	hp_model *m = build(60, 100000, noisy);
	struct render_opts o;
	size_t i, len;
	char *buf;

	(void)state;
	for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
		o = opts(fmts[i]);
		buf = render(m, &o, &len);
		print_message("format %d: %zu bytes\n", (int)fmts[i], len);
		if (len > 1000000)
			fail_msg("format %d: %zu bytes", (int)fmts[i], len);
		free(buf);
	}
	hp_model_free(m);
}

/* ---- marks and heap size ---- */

static hp_model *
with_marks(void)
{
	hp_model *m = build(3, 50, ramp);
	struct hp_err err = {{0}};

	assert_int_equal(hp_model_add_mark(m, 1.0, NULL, 0, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 2.0, "phase two", 9, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 2.01, "collides", 8, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 0.5, "before, added later", 20, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 1e300, "far away", 8, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 4.9, "at the end", 10, &err), 0);
	return m;
}

static void
marks_drawn_unless_y(void **state)
{
	hp_model *m = with_marks(), *plain = build(3, 50, ramp);
	struct render_opts o = opts(RENDER_PNG);
	size_t la, lb, lc;
	char *a, *b, *c;

	(void)state;
	a = render(m, &o, &la);
	o.no_marks = 1;
	b = render(m, &o, &lb);
	c = render(plain, &o, &lc);
	/* -y: the same picture as without marks; else a different one. */
	assert_int_equal(lb, lc);
	assert_memory_equal(b, c, lb);
	assert_true(la != lb || memcmp(a, b, la) != 0);
	free(a);
	free(b);
	free(c);
	o.no_marks = 0;
	render_all_formats(m, o);
	hp_model_free(m);
	hp_model_free(plain);
}

static void
heap_size_extends_y(void **state)
{
	hp_model *m = build(3, 50, ramp);
	struct render_opts o = opts(RENDER_PNG);
	struct hp_err err = {{0}};
	render_aux *used = render_aux_new();
	size_t i;
	FILE *f = tmpfile();

	(void)state;
	assert_non_null(used);
	assert_non_null(f);
	/* Out of time order on purpose; the peak is 10^6, the bands'
	 * stacked top about 6,500. */
	for (i = 0; i < 60; i++) {
		double t = (double)((i * 37) % 60) * 0.1;

		assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, t, 1000000 - i, &err), 0);
		assert_int_equal(hp_model_add_point(m, HP_HEAP_LIVE, t, 3000 + i, &err), 0);
	}
	assert_int_equal(render_graph(ctx, m, &o, NULL, used, f, &err), 0);
	assert_true(render_aux_y_range(used) < 10000);
	o.heap_size = 1;
	assert_int_equal(render_graph(ctx, m, &o, NULL, used, f, &err), 0);
	assert_float_equal(render_aux_y_range(used), 1000000, 0.5);
	render_all_formats(m, o);
	fclose(f);
	render_aux_free(used);
	hp_model_free(m);
}

/* ---- determinism, contexts, external checkers ---- */

static void
deterministic_png(void **state)
{
	hp_model *m = with_marks();
	struct render_opts o = opts(RENDER_PNG);
	struct hp_err err = {{0}};
	render_ctx *other = render_ctx_new(tu_src("fonts"), &err);
	size_t la, lb, lc;
	char *a, *b, *c;

	(void)state;
	assert_non_null(other);
	o.colour = 1;
	a = render(m, &o, &la);
	b = render(m, &o, &lb);
	c = render_with(other, m, &o, &lc);
	assert_int_equal(la, lb);
	assert_memory_equal(a, b, la);
	assert_int_equal(la, lc);
	assert_memory_equal(a, c, la);
	render_ctx_free(other);
	free(a);
	free(b);
	free(c);
	hp_model_free(m);
}

static void
two_contexts(void **state)
{
	struct hp_err err = {{0}};
	render_ctx *a = render_ctx_new(tu_src("fonts"), &err);
	render_ctx *b = render_ctx_new(tu_src("fonts"), &err);
	hp_model *m = build(3, 10, ramp);
	struct render_opts o = opts(RENDER_PDF);
	size_t len;
	char *buf;

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	buf = render_with(a, m, &o, &len);
	free(buf);
	render_ctx_free(a);
	buf = render_with(b, m, &o, &len);	/* b outlives a */
	free(buf);
	render_ctx_free(b);
	hp_model_free(m);
}

static int
run(const char *cmd)
{
	int rc = system(cmd);

	if (rc != 0)
		print_error("failed (%d): %s\n", rc, cmd);
	return rc;
}

static void
gs_and_qpdf_accept(void **state)
{
	hp_model *m = with_marks();
	struct render_opts o = opts(RENDER_PS);
	char dir[] = "/tmp/hp2x-test-render-XXXXXX", path[128], cmd[512];
	size_t len;
	char *buf;

	(void)state;
	assert_non_null(mkdtemp(dir));
	o.multipage = 1;
	o.colour = 1;
	buf = render(m, &o, &len);
	snprintf(path, sizeof path, "%s/g.ps", dir);
	write_file(path, buf, len);
	free(buf);
	snprintf(cmd, sizeof cmd, "gs -dNODISPLAY -dBATCH -dNOPAUSE -dQUIET "
		 "-dSAFER %s >/dev/null 2>&1", path);
	assert_int_equal(run(cmd), 0);
	remove(path);

	o.format = RENDER_EPS;
	o.eps_width = 340.157;
	buf = render(m, &o, &len);
	snprintf(path, sizeof path, "%s/g.eps", dir);
	write_file(path, buf, len);
	free(buf);
	snprintf(cmd, sizeof cmd, "gs -dNODISPLAY -dBATCH -dNOPAUSE -dQUIET "
		 "-dSAFER %s >/dev/null 2>&1", path);
	assert_int_equal(run(cmd), 0);
	remove(path);

	o.format = RENDER_PDF;
	o.eps_width = 0;
	buf = render(m, &o, &len);
	snprintf(path, sizeof path, "%s/g.pdf", dir);
	write_file(path, buf, len);
	free(buf);
	snprintf(cmd, sizeof cmd, "qpdf --check %s >/dev/null 2>&1", path);
	assert_int_equal(run(cmd), 0);
	/* The bundled font is embedded (pdffonts' "emb" column). */
	snprintf(cmd, sizeof cmd, "pdffonts %s 2>/dev/null | "
		 "grep -q 'LiberationSans.* yes '", path);
	assert_int_equal(run(cmd), 0);
	remove(path);
	rmdir(dir);
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(font_dir_search),
		cmocka_unit_test(bundled_font_metrics),
		cmocka_unit_test(safe_text),
		cmocka_unit_test(ps_landscape_as_hp2ps),
		cmocka_unit_test(eps_exact_box),
		cmocka_unit_test(pdf_and_svg),
		cmocka_unit_test(png_sizes),
		cmocka_unit_test(out_of_range_sizes),
		cmocka_unit_test(write_errors_reported),
		cmocka_unit_test(multipage_key),
		cmocka_unit_test(single_page_key_beside),
		cmocka_unit_test(one_sample_is_a_step),
		cmocka_unit_test(sparse_profile_by_entries),
		cmocka_unit_test(edge_models),
		cmocka_unit_test(awkward_names),
		cmocka_unit_test(million_samples),
		cmocka_unit_test(reduction_exact_when_sparse),
		cmocka_unit_test(vector_size_bounded),
		cmocka_unit_test(marks_drawn_unless_y),
		cmocka_unit_test(heap_size_extends_y),
		cmocka_unit_test(deterministic_png),
		cmocka_unit_test(two_contexts),
		cmocka_unit_test(gs_and_qpdf_accept),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
