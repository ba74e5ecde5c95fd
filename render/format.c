/*
 * render/format.c - the output formats: one table row each.
 *
 * Every part of the graph is drawn in hp2ps's picture coordinates (648 x
 * 432 points, origin bottom left).  A format only decides the page and the
 * base matrix that puts the picture on it, so the table below is all that
 * differs between PS, EPS, PDF, SVG and PNG (EPS is the PS surface with a
 * flag, as in cairo itself).
 *
 *   PS   A4 portrait (595 x 842), the picture turned as hp2ps turns it
 *        (-90 degrees, landing on page x 72..504, y 108..756); -g:
 *        unturned, unscaled, moved by (72, 108).  A4 because hp2ps's
 *        placement is centred on A4.  The turned page says so in DSC
 *        comments so viewers turn it back: "Seascape", not "Landscape".
 *        DSC readers (gs's dscparse, libspectre, gv, okular) take
 *        Landscape as "turn 90 degrees clockwise to read", right for the
 *        usual "90 rotate" pages; hp2ps turns the other way (its guide
 *        says gv -orientation=seascape), and a Landscape comment would
 *        show the graph upside down.
 *   EPS  one page of exactly -e points wide (648 by default); the
 *        BoundingBox is hp2ps's rounding of the scaled picture.
 *   PDF, SVG  one 648 x 432 point page per picture, scaled like EPS.
 *   PNG  --size pixels (picture fitted and centred) or 648 x 432 points
 *        at --dpi, on white.
 *
 * All bytes go through a write callback to the caller's FILE *.  Cairo
 * reports write errors only when the surface is finished, so finish
 * checks the surface status after cairo_surface_finish, then the stream.
 */
#include "draw.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-ps.h>
#include <cairo-svg.h>

#include "layout/docdate.h"

#define A4_W 595.0
#define A4_H 842.0
#define MAX_POINTS 14400.0	/* 200 inches: the largest PDF page */
/* Outline resolution of vector output, in points: a dense profile costs
 * a few path points per band and column, and those points are the file's
 * size and most of cairo's time (printing and deflating them).  1 pt is
 * finer than the 0.5 pt outline around every band shows, and the points
 * kept are real samples at their own times, so every band's peaks stand
 * where they are (layout/outline.c). */
#define VECTOR_COLUMN 1.0

static int
put(struct draw_out *out, const void *data, size_t len)
{
	if (len && fwrite(data, 1, len, out->out) != len) {
		if (!out->write_failed)
			out->write_errno = errno;
		out->write_failed = 1;
		return -1;
	}
	return 0;
}

/* The first key in h[0..n-1], or NULL (memmem is not ISO C). */
static const char *
find(const char *h, size_t n, const char *key)
{
	size_t k = strlen(key), i;

	for (i = 0; i + k <= n; i++)
		if (h[i] == key[0] && memcmp(h + i, key, k) == 0)
			return h + i;
	return NULL;
}

/* The held PostScript header onto the stream, its %%CreationDate line
 * (cairo's, the time of drawing) replaced by the document's date. */
static int
release_header(struct draw_out *out)
{
	static const char key[] = "\n%%CreationDate: ";
	const char *h = (const char *)out->held, *at, *eol;
	size_t n = out->nheld;
	int rc;

	out->holding = 0;
	out->nheld = 0;
	at = find(h, n, key);
	eol = at ? memchr(at + 1, '\n', n - (size_t)(at + 1 - h)) : NULL;
	if (!eol)
		return put(out, h, n);
	at += sizeof key - 1;
	rc = put(out, h, (size_t)(at - h));
	rc |= put(out, out->ps_date, strlen(out->ps_date));
	rc |= put(out, eol, n - (size_t)(eol - h));
	return rc;
}

/* Hold what cairo writes while the header is not complete. */
static int
hold(struct draw_out *out, const unsigned char **data, unsigned int *len)
{
	size_t take = sizeof out->held - out->nheld;

	if (take > *len)
		take = *len;
	memcpy(out->held + out->nheld, *data, take);
	out->nheld += take;
	*data += take;
	*len -= (unsigned int)take;
	if (*len == 0 && out->nheld < sizeof out->held &&
	    !find((const char *)out->held, out->nheld, "%%EndComments"))
		return 0;	/* keep holding */
	return release_header(out);
}

static cairo_status_t
write_cb(void *closure, const unsigned char *data, unsigned int len)
{
	struct draw_out *out = closure;

	if (out->holding && hold(out, &data, &len))
		return CAIRO_STATUS_WRITE_ERROR;
	if (len && fwrite(data, 1, len, out->out) != len) {
		if (!out->write_failed)
			out->write_errno = errno;
		out->write_failed = 1;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

/* The -e width in points, or 648; -1 with err set when out of range. */
static double
picture_width(const struct draw_out *out, struct hp_err *err)
{
	double w = out->o->eps_width;

	if (w == 0)
		return out->page_w;
	if (!(w >= 1 && w <= MAX_POINTS))
		return hp_err_set(err, "picture width %g points is out of range "
				  "(1 to %g)", w, MAX_POINTS);
	return w;
}

/* Base matrix for a page of height h showing the picture scaled by s with
 * its bottom left corner at device (x0, h - y0). */
static void
upright(cairo_matrix_t *mx, double s, double h, double x0, double y0)
{
	cairo_matrix_init(mx, s, 0, 0, -s, x0, h - y0);
}

/* JOB as printable ASCII for DSC comments (which are not UTF-8). */
static void
dsc_text(char *buf, size_t size, const char *s)
{
	size_t i = 0;

	for (; s && *s && i + 1 < size; s++)
		buf[i++] = *s >= 0x20 && *s < 0x7F ? *s : '?';
	buf[i] = '\0';
}

static int
surface_ok(struct draw_out *out, struct hp_err *err)
{
	cairo_status_t st = cairo_surface_status(out->surface);

	if (st != CAIRO_STATUS_SUCCESS)
		return hp_err_set(err, "cannot create the %s surface: %s",
				  out->name, cairo_status_to_string(st));
	return 0;
}

/* %%Title: JOB, as hp2ps writes it; %%CreationDate: the document's date
 * (written when the header is released, see write_cb). */
static void
ps_title(struct draw_out *out)
{
	char line[256], title[200];

	dsc_text(title, sizeof title, hp_model_get(out->m, HP_JOB));
	snprintf(line, sizeof line, "%%%%Title: %s", title);
	cairo_ps_surface_dsc_comment(out->surface, line);
	out->holding = render_doc_date_ps(out->o->source_date,
					  hp_model_get(out->m, HP_DATE),
					  out->ps_date,
					  sizeof out->ps_date) > 0;
}

static int
ps_create(struct draw_out *out, struct hp_err *err)
{
	out->surface = cairo_ps_surface_create_for_stream(write_cb, out,
							   A4_W, A4_H);
	if (surface_ok(out, err))
		return -1;
	ps_title(out);
	if (out->o->gs) {
		/* hp2ps -g: portrait, moved 1 in right and 1.5 in up. */
		upright(&out->base, 1, A4_H, 72, 108);
		return 0;
	}
	/*
	 * hp2ps: "-90 rotate -756 72 translate", so picture (x, y) lands on
	 * page (y + 72, 756 - x), y up; in cairo's y-down device space that
	 * is (y + 72, 86 + x).  The picture's top faces the right edge of
	 * the sheet: a viewer must turn the page a quarter anticlockwise.
	 */
	cairo_matrix_init(&out->base, 0, 1, 1, 0, 72, A4_H - 756);
	cairo_ps_surface_dsc_comment(out->surface, "%%Orientation: Seascape");
	return 0;
}

static void
ps_begin_page(struct draw_out *out, cairo_t *cr)
{
	(void)cr;
	if (out->o->gs)
		return;
	if (out->page == 0)
		cairo_ps_surface_dsc_begin_page_setup(out->surface);
	cairo_ps_surface_dsc_comment(out->surface,
				     "%%PageOrientation: Seascape");
}

static int
eps_create(struct draw_out *out, struct hp_err *err)
{
	double w = picture_width(out, err), s;
	int bw, bh;

	if (w < 0)
		return -1;
	/* hp2ps's box: (int)(648 s + 0.5) by (int)(432 s + 0.5).  Cairo
	 * writes the ink's box rounded outwards, so the page is that box
	 * and the picture is fitted inside it: the border's ink reaches
	 * every edge and the box comes out exact. */
	bw = (int)(w + 0.5);
	bh = (int)(w * out->page_h / out->page_w + 0.5);
	if (bh < 1)
		bh = 1;
	s = fmin(bw / out->page_w, bh / out->page_h);
	out->surface = cairo_ps_surface_create_for_stream(write_cb, out,
							   bw, bh);
	if (surface_ok(out, err))
		return -1;
	cairo_ps_surface_set_eps(out->surface, 1);
	ps_title(out);
	upright(&out->base, s, bh, 0, 0);
	return 0;
}

static int
pdf_create(struct draw_out *out, struct hp_err *err)
{
	double w = picture_width(out, err), s = w / out->page_w;
	const char *job = hp_model_get(out->m, HP_JOB);
	char *title, date[32];
	struct tm tm;

	if (w < 0)
		return -1;
	out->surface = cairo_pdf_surface_create_for_stream(write_cb, out,
							    w, out->page_h * s);
	if (surface_ok(out, err))
		return -1;
	title = draw_safe_text(job ? job : "", job ? strlen(job) : 0);
	if (title) {
		cairo_pdf_surface_set_metadata(out->surface,
					       CAIRO_PDF_METADATA_TITLE, title);
		free(title);
	}
	cairo_pdf_surface_set_metadata(out->surface,
				       CAIRO_PDF_METADATA_CREATOR, "hp2x");
	if (render_doc_date(out->o->source_date, hp_model_get(out->m, HP_DATE),
			    &tm) && render_doc_date_iso(&tm, date, sizeof date))
		cairo_pdf_surface_set_metadata(out->surface,
					       CAIRO_PDF_METADATA_CREATE_DATE,
					       date);
	upright(&out->base, s, out->page_h * s, 0, 0);
	return 0;
}

/* Back to the caller's stream, an SVG's memory streams closed and
 * freed (a failed svg_create). */
static void
svg_drop(struct draw_out *out)
{
	if (out->out && out->out != out->file)
		fclose(out->out);
	if (out->text)
		fclose(out->text);
	out->out = out->file;
	out->text = NULL;
	free(out->svgbuf);
	free(out->textbuf);
	out->svgbuf = out->textbuf = NULL;
}

static int
svg_create(struct draw_out *out, struct hp_err *err)
{
	double w = picture_width(out, err), s = w / out->page_w;

	if (w < 0)
		return -1;
	/* cairo's SVG goes to memory first: the text layer is spliced in
	 * before its end (svg_finish). */
	out->file = out->out;
	out->out = open_memstream(&out->svgbuf, &out->svglen);
	out->text = open_memstream(&out->textbuf, &out->textlen);
	if (!out->out || !out->text) {
		svg_drop(out);
		return hp_err_set(err, "out of memory");
	}
	out->surface = cairo_svg_surface_create_for_stream(write_cb, out,
							    w, out->page_h * s);
	if (surface_ok(out, err)) {
		svg_drop(out);
		return -1;
	}
	cairo_svg_surface_set_document_unit(out->surface, CAIRO_SVG_UNIT_PT);
	upright(&out->base, s, out->page_h * s, 0, 0);
	return 0;
}

/* White under everything: PNG has no page colour, and an SVG shown on a
 * dark background would lose its black text. */
static void
white_page(struct draw_out *out, cairo_t *cr)
{
	if (out->page > 0)	/* a later picture of the same page */
		return;
	cairo_save(cr);
	cairo_identity_matrix(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_restore(cr);
}

static int
png_create(struct draw_out *out, struct hp_err *err)
{
	const struct render_opts *o = out->o;
	double pw, ph, dpi = o->dpi, s;

	if (o->png_width > 0 || o->png_height > 0) {
		pw = o->png_width;
		ph = o->png_height;
		if (pw <= 0)
			pw = floor(ph * out->page_w / out->page_h + 0.5);
		if (ph <= 0)
			ph = floor(pw * out->page_h / out->page_w + 0.5);
	} else {
		if (!(dpi > 0 && dpi <= RENDER_MAX_PIXELS * 72.0 / out->page_w))
			return hp_err_set(err, "resolution %g dpi is out of "
					  "range", dpi);
		pw = floor(out->page_w * dpi / 72 + 0.5);
		ph = floor(out->page_h * dpi / 72 + 0.5);
	}
	if (!(pw >= 1 && pw <= RENDER_MAX_PIXELS && ph >= 1 && ph <= RENDER_MAX_PIXELS))
		return hp_err_set(err, "image size %gx%g is out of range "
				  "(1 to %d pixels each way)", pw, ph,
				  RENDER_MAX_PIXELS);
	out->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
						  (int)pw, (int)ph);
	if (surface_ok(out, err))
		return -1;
	s = fmin(pw / out->page_w, ph / out->page_h);
	upright(&out->base, s, ph, (pw - out->page_w * s) / 2,
		(ph - out->page_h * s) / 2);
	return 0;
}

static int
check_written(struct draw_out *out, cairo_status_t st, struct hp_err *err)
{
	if (out->write_failed)
		return hp_err_write(err, out->write_errno);
	if (st != CAIRO_STATUS_SUCCESS)
		return hp_err_set(err, "cannot write the %s output: %s",
				  out->name, cairo_status_to_string(st));
	if (fflush(out->out) != 0 || ferror(out->out))
		return hp_err_write(err, errno);
	return 0;
}

static int
vector_finish(struct draw_out *out, struct hp_err *err)
{
	cairo_surface_finish(out->surface);
	if (out->holding)	/* a header without %%EndComments */
		release_header(out);
	return check_written(out, cairo_surface_status(out->surface), err);
}

/* The SVG with its text layer (a group of invisible <text> elements, the
 * last thing drawn) before its closing tag, onto the caller's stream. */
static int
svg_finish(struct draw_out *out, struct hp_err *err)
{
	cairo_status_t st;
	FILE *mem = out->out, *text = out->text;
	size_t end = 0, i;
	int rc;
	static const char close_tag[] = "</svg>";

	cairo_surface_finish(out->surface);
	st = cairo_surface_status(out->surface);
	out->out = out->file;
	out->text = NULL;
	rc = fclose(mem) | fclose(text);
	if (rc != 0 || !out->svgbuf || !out->textbuf) {
		free(out->svgbuf);
		free(out->textbuf);
		out->svgbuf = out->textbuf = NULL;
		return hp_err_set(err, "out of memory writing the SVG");
	}
	for (i = out->svglen; i >= sizeof close_tag - 1; i--) {
		if (memcmp(out->svgbuf + i - (sizeof close_tag - 1), close_tag,
			   sizeof close_tag - 1) == 0) {
			end = i - (sizeof close_tag - 1);
			break;
		}
	}
	if (st == CAIRO_STATUS_SUCCESS && end > 0) {
		if (write_cb(out, (unsigned char *)out->svgbuf,
			     (unsigned int)end) == CAIRO_STATUS_SUCCESS &&
		    fputs("<g id=\"text\" fill=\"black\" fill-opacity=\"0\" "
			  "font-family=\"Liberation Sans, Arial, Helvetica, "
			  "sans-serif\" style=\"white-space:pre\">\n",
			  out->out) >= 0 &&
		    fwrite(out->textbuf, 1, out->textlen, out->out) ==
		    out->textlen && fputs("</g>\n", out->out) >= 0)
			write_cb(out, (unsigned char *)out->svgbuf + end,
				 (unsigned int)(out->svglen - end));
		else
			out->write_failed = 1;
	} else if (st == CAIRO_STATUS_SUCCESS) {
		st = CAIRO_STATUS_WRITE_ERROR;
	}
	free(out->svgbuf);
	free(out->textbuf);
	out->svgbuf = out->textbuf = NULL;
	return check_written(out, st, err);
}

static int
png_finish(struct draw_out *out, struct hp_err *err)
{
	cairo_status_t st;

	cairo_surface_flush(out->surface);
	st = cairo_surface_status(out->surface);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_write_to_png_stream(out->surface, write_cb,
						       out);
	cairo_surface_finish(out->surface);
	return check_written(out, st, err);
}

/*
 * PostScript and EPS draw text in a system font as outlines.  cairo 1.16's
 * PS surface keeps about 128 KB each time it finishes a page that embeds
 * such a font (a CJK OpenType face, Noto CJK here), so a watched profile
 * with a CJK name grew by that at every drawing (tests/e2e/soak.sh).  The
 * bundled font is embedded as before, so Latin text stays text.  PDF
 * keeps its fonts: its text is searched and copied (full_text), and its
 * growth stops (cairo's caches fill).
 */
static const struct draw_format formats[] = {
	[RENDER_PS] = {
		.name = "PostScript",
		.column = VECTOR_COLUMN,
		.vector = 1,
		.outline_fallback = 1,
		.create = ps_create,
		.begin_page = ps_begin_page,
		.finish = vector_finish,
	},
	[RENDER_EPS] = {
		.name = "EPS",
		.column = VECTOR_COLUMN,
		.vector = 1,
		.outline_fallback = 1,
		.create = eps_create,
		.begin_page = NULL,
		.finish = vector_finish,
	},
	[RENDER_PDF] = {
		.name = "PDF",
		.column = VECTOR_COLUMN,
		.vector = 1,
		.create = pdf_create,
		.begin_page = NULL,
		.finish = vector_finish,
	},
	[RENDER_SVG] = {
		.name = "SVG",
		.column = VECTOR_COLUMN,
		.vector = 1,
		.create = svg_create,
		.begin_page = white_page,
		.finish = svg_finish,
	},
	[RENDER_PNG] = {
		.name = "PNG",
		.column = 1,
		.vector = 0,
		.create = png_create,
		.begin_page = white_page,
		.finish = png_finish,
	},
};

const struct draw_format *
draw_format_get(enum render_format f)
{
	if ((unsigned)f >= sizeof formats / sizeof formats[0] ||
	    !formats[f].create)
		return NULL;
	return &formats[f];
}
