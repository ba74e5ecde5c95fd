/*
 * convert/formats.c - the output formats hp2x writes: one row each.
 *
 * A row is everything the command knows of a format: the name --format
 * takes, the extensions -o recognises, and what writes it (a render/
 * surface for a graph, a dataout.h writer for data).  The parser, the
 * file naming, the pipeline (job.c) and the texts of --help and of the
 * errors all read this table, so adding a format is adding a row here
 * plus its writer: a data writer in its own out_*.c, or, for a graph, a
 * surface in render/ (enum render_format, its facts' row in
 * render/layout/formats.c and its Cairo row in render/format.c).
 */
#include "cli.h"

#include <string.h>
#include <strings.h>

#include "../data/dataout.h"
#include "../page/page.h"

static const struct cli_format formats[] = {
	{ .name = "ps", .exts = { ".ps" }, .graph = 1, .surface = RENDER_PS },
	{ .name = "eps", .exts = { ".eps" }, .graph = 1, .surface = RENDER_EPS },
	{ .name = "pdf", .exts = { ".pdf" }, .graph = 1, .surface = RENDER_PDF },
	{ .name = "svg", .exts = { ".svg" }, .graph = 1, .surface = RENDER_SVG },
	{ .name = "png", .exts = { ".png" }, .graph = 1, .surface = RENDER_PNG },
	{ .name = "hp", .exts = { ".hp" }, .write = out_hp,
	  .tail = out_hp_tail },
	{ .name = "csv", .exts = { ".csv" }, .write = out_csv,
	  .tail = out_csv_tail },
	{ .name = "json", .exts = { ".json" }, .write = out_json },
	/* a flame graph's frames are the whole stacks */
	{ .name = "speedscope", .exts = { ".speedscope.json" },
	  .write = out_speedscope, .whole_stacks = 1 },
	{ .name = "html", .exts = { ".html", ".htm" }, .page = out_html },
};

#define NFORMATS (sizeof formats / sizeof formats[0])

const struct cli_format *
cli_format_at(size_t i)
{
	return i < NFORMATS ? &formats[i] : NULL;
}

const struct cli_format *
cli_format_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < NFORMATS; i++)
		if (strcasecmp(name, formats[i].name) == 0)
			return &formats[i];
	return NULL;
}

/*
 * The longest extension that ends the path's last component and leaves
 * something before it, so "x.speedscope.json" is speedscope's even with
 * a ".json" row, and ".csv" alone is no file of any format.
 */
const struct cli_format *
cli_format_by_path(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	size_t len = strlen(base), best_len = 0, i, k;
	const struct cli_format *best = NULL;

	for (i = 0; i < NFORMATS; i++) {
		for (k = 0; k < CLI_FORMAT_EXTS && formats[i].exts[k]; k++) {
			const char *ext = formats[i].exts[k];
			size_t n = strlen(ext);

			if (n < len && n > best_len &&
			    strcasecmp(base + len - n, ext) == 0) {
				best = &formats[i];
				best_len = n;
			}
		}
	}
	return best;
}

int
cli_format_is_graph(const struct cli_format *f)
{
	return f && f->graph;
}

/* Append s to buf (of size), cutting what does not fit. */
static void
append(char *buf, size_t size, size_t *n, const char *s)
{
	size_t k = strlen(s);

	if (*n + k >= size)
		k = size - 1 - *n;
	memcpy(buf + *n, s, k);
	*n += k;
	buf[*n] = '\0';
}

size_t
cli_format_list(char *buf, size_t size, enum cli_format_list what)
{
	size_t n = 0, i, k;

	if (size == 0)
		return 0;
	buf[0] = '\0';
	for (i = 0; i < NFORMATS; i++) {
		if (what == CLI_LIST_NAMES) {
			if (i > 0)
				append(buf, size, &n,
				       i + 1 == NFORMATS ? " or " : ", ");
			append(buf, size, &n, formats[i].name);
			continue;
		}
		for (k = 0; k < CLI_FORMAT_EXTS && formats[i].exts[k]; k++) {
			if (n > 0)
				append(buf, size, &n, " ");
			append(buf, size, &n, formats[i].exts[k]);
		}
	}
	return n;
}
