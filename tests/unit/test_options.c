/*
 * tests/unit/test_options.c - the command line: every hp2ps flag with
 * hp2ps's glued syntax, every long option, the format choice, and the
 * usage errors with their messages.
 */
#include <ctype.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "convert/cli.h"

static struct cli_settings s;
static struct hp_err err;

/* Parse a NULL-terminated list of arguments (argv[0] is added). */
static int
vparse(const char *first, va_list ap)
{
	char *argv[64];
	int argc = 0;
	const char *a;

	argv[argc++] = "hp2x";
	for (a = first; a; a = va_arg(ap, const char *)) {
		assert_true(argc < 63);
		argv[argc++] = (char *)a;
	}
	argv[argc] = NULL;
	cli_settings_init(&s);
	hp_err_clear(&err);
	return cli_parse(&s, argc, argv, &err);
}

static int
parse(const char *first, ...)
{
	va_list ap;
	int rc;

	va_start(ap, first);
	rc = vparse(first, ap);
	va_end(ap);
	if (rc == 0)
		assert_string_equal(err.msg, "");
	else
		assert_true(err.msg[0] != '\0');
	return rc;
}

#define OK(...) assert_int_equal(parse(__VA_ARGS__, NULL), 0)
#define BAD(...) assert_int_equal(parse(__VA_ARGS__, NULL), -1)

static void
defaults(void **state)
{
	(void)state;
	assert_int_equal(parse(NULL), 0);
	assert_int_equal(s.action, CLI_RUN);
	assert_null(s.input);
	assert_null(s.output);
	assert_string_equal(s.format->name, "ps");
	assert_int_equal(s.render.format, RENDER_PS);
	assert_int_equal(s.render.title, RENDER_TITLE_AUTO);
	assert_int_equal(s.render.sort, RENDER_SORT_SIZE);
	assert_int_equal(s.render.max_bands, 20);
	assert_true(s.render.trace_pct == 1.0);
	assert_int_equal(s.render.colour, 0);
	assert_int_equal(s.render.multipage, 0);
	assert_int_equal(s.render.no_marks, 0);
	assert_int_equal(s.render.gs, 0);
	assert_true(s.render.eps_width == 0);
	assert_int_equal(s.prior, 0);
	assert_int_equal(s.aux, 0);
	assert_int_equal(s.quiet, 0);
	assert_int_equal(s.watch, 0);
}

static void
hp2ps_flags(void **state)
{
	(void)state;
	OK("-b");
	assert_int_equal(s.render.title, RENDER_TITLE_BIG);
	OK("-s");
	assert_int_equal(s.render.title, RENDER_TITLE_SMALL);
	/* -b wins over -s in either order, as in hp2ps. */
	OK("-b", "-s");
	assert_int_equal(s.render.title, RENDER_TITLE_BIG);
	OK("-s", "-b");
	assert_int_equal(s.render.title, RENDER_TITLE_BIG);
	OK("-c");
	assert_int_equal(s.render.colour, 1);
	OK("-d");
	assert_int_equal(s.render.sort, RENDER_SORT_STDDEV);
	OK("-g");
	assert_int_equal(s.render.gs, 1);
	OK("-M");
	assert_int_equal(s.render.multipage, 1);
	OK("-p");
	assert_int_equal(s.prior, 1);
	OK("-y");
	assert_int_equal(s.render.no_marks, 1);
	OK("-q");
	assert_int_equal(s.quiet, 1);
	OK("-w", "f.hp");
	assert_int_equal(s.watch, 1);
}

static void
sort_by_name(void **state)
{
	(void)state;
	OK("-i");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME);
	OK("-i+");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME);
	OK("-i-");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME_DESC);
	/* hp2ps: any other character ascends. */
	OK("-ix");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME);
	OK("--sort=size");
	assert_int_equal(s.render.sort, RENDER_SORT_SIZE);
	OK("--sort=stddev");
	assert_int_equal(s.render.sort, RENDER_SORT_STDDEV);
	OK("--sort", "name");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME);
	OK("--sort=name-desc");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME_DESC);
	OK("-i-", "--sort=size");
	assert_int_equal(s.render.sort, RENDER_SORT_SIZE);
	/* hp2ps: -i decides over -d in either order. */
	OK("-i", "-d");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME);
	OK("-d", "-i");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME);
	OK("-i-", "-d");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME_DESC);
	OK("-d", "-i-");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME_DESC);
	OK("-pi-", "-d");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME_DESC);
	/* --sort is hp2x's own: the last one is what it says. */
	OK("-i", "--sort=stddev");
	assert_int_equal(s.render.sort, RENDER_SORT_STDDEV);
	OK("--sort=size", "-d");
	assert_int_equal(s.render.sort, RENDER_SORT_STDDEV);
	BAD("--sort=random");
	assert_non_null(strstr(err.msg, "'random'"));
	BAD("--sort");
}

static void
letters_end_the_argument(void **state)
{
	(void)state;
	/* Every letter but p ends the argument; the rest is ignored. */
	OK("-cb");
	assert_int_equal(s.render.colour, 1);
	assert_int_equal(s.render.title, RENDER_TITLE_AUTO);
	OK("-dxyz");
	assert_int_equal(s.render.sort, RENDER_SORT_STDDEV);
	OK("-bs");
	assert_int_equal(s.render.title, RENDER_TITLE_BIG);
	/* ... even letters hp2x does not know. */
	OK("-yl");
	assert_int_equal(s.render.no_marks, 1);
}

static void
p_combines(void **state)
{
	(void)state;
	OK("-pc");
	assert_int_equal(s.prior, 1);
	assert_int_equal(s.render.colour, 1);
	OK("-ppd");
	assert_int_equal(s.prior, 1);
	assert_int_equal(s.render.sort, RENDER_SORT_STDDEV);
	OK("-pe5in");
	assert_int_equal(s.prior, 1);
	assert_true(s.render.eps_width == 360);
	OK("-pi-");
	assert_int_equal(s.render.sort, RENDER_SORT_NAME_DESC);
	OK("-pm5");
	assert_int_equal(s.render.max_bands, 5);
	OK("-po", "x.pdf");
	assert_int_equal(s.prior, 1);
	assert_string_equal(s.output, "x.pdf");
	BAD("-pl");
	assert_string_equal(err.msg, "unknown option 'l' in '-pl'");
}

static void
eps_widths(void **state)
{
	(void)state;
	OK("-e5in");
	assert_true(s.render.eps_width == 360);
	assert_int_equal(s.eps_given, 1);
	assert_string_equal(s.format->name, "eps");
	assert_int_equal(s.render.format, RENDER_EPS);
	OK("-e120mm");
	assert_float_equal(s.render.eps_width, 120 * 72 / 25.4, 1e-9);
	OK("-e15cm");
	assert_float_equal(s.render.eps_width, 15 * 72 / 2.54, 1e-9);
	OK("-e400");
	assert_true(s.render.eps_width == 400);
	OK("-e400pt");
	assert_true(s.render.eps_width == 400);
	OK("-e2.5in");
	assert_true(s.render.eps_width == 180);
	OK("-e145");
	assert_true(s.render.eps_width == 145);
	OK("--eps=5in");
	assert_true(s.render.eps_width == 360);
	assert_string_equal(s.format->name, "eps");
	OK("--eps", "15cm");
	assert_float_equal(s.render.eps_width, 15 * 72 / 2.54, 1e-9);
	/* Width must be more than 2 inches, as in hp2ps. */
	BAD("-e2in");
	assert_non_null(strstr(err.msg, "more than 2in"));
	BAD("-e144");
	BAD("-e50mm");
	BAD("-e");
	BAD("-e5xx");
	assert_non_null(strstr(err.msg, "unit"));
	BAD("-ein");
	BAD("-e-5in");
	BAD("-einf");
	BAD("-e201in");
	BAD("--eps=");
	BAD("--eps");
}

static void
eps_and_formats(void **state)
{
	(void)state;
	/* -e means EPS wherever PostScript would be written ... */
	OK("-e5in", "-o", "x.ps");
	assert_string_equal(s.format->name, "eps");
	OK("-e5in", "--format=ps");
	assert_string_equal(s.format->name, "eps");
	OK("-e5in", "-o", "-");
	assert_string_equal(s.format->name, "eps");
	/* ... and only the width for other graph formats. */
	OK("-e5in", "-o", "x.pdf");
	assert_string_equal(s.format->name, "pdf");
	assert_int_equal(s.render.format, RENDER_PDF);
	assert_true(s.render.eps_width == 360);
	OK("-e5in", "-o", "x.svg");
	assert_string_equal(s.format->name, "svg");
	OK("-e5in", "-o", "x.png");
	assert_string_equal(s.format->name, "png");
}

static void
bands(void **state)
{
	(void)state;
	OK("-m10");
	assert_int_equal(s.render.max_bands, 10);
	assert_int_equal(s.render.multipage, 0);
	OK("-m20");
	assert_int_equal(s.render.multipage, 0);
	/* More than 20: key pages in PostScript only, which the layout
	 * decides; -M alone asks for them in every format with pages. */
	OK("-m21");
	assert_int_equal(s.render.max_bands, 21);
	assert_int_equal(s.render.multipage, 0);
	OK("-m0");
	assert_int_equal(s.render.max_bands, 0);
	/* A bare -m is atoi("") = 0 in hp2ps. */
	OK("-m");
	assert_int_equal(s.render.max_bands, 0);
	/* A value after a space: the number is the value, not a file. */
	OK("-m", "5", "leak.hp");
	assert_int_equal(s.render.max_bands, 5);
	assert_string_equal(s.input, "leak.hp");
	assert_int_equal(s.ninputs, 1);
	OK("-m", "leak.hp");
	assert_int_equal(s.render.max_bands, 0);
	assert_string_equal(s.input, "leak.hp");
	OK("--bands=7");
	assert_int_equal(s.render.max_bands, 7);
	OK("--bands", "30");
	assert_int_equal(s.render.max_bands, 30);
	OK("--bands=all");
	assert_int_equal(s.render.max_bands, RENDER_ALL_BANDS);
	OK("--bands", "all");
	assert_int_equal(s.render.max_bands, RENDER_ALL_BANDS);
	BAD("-mall");
	BAD("-m-1");
	assert_non_null(strstr(err.msg, "'-m'"));
	BAD("-mx");
	BAD("-m5x");
	BAD("-m99999999999999999999");
	BAD("--bands=");
	BAD("--bands=-3");
}

static void
trace(void **state)
{
	(void)state;
	OK("-t0.5");
	assert_true(s.render.trace_pct == 0.5);
	OK("-t5");
	assert_true(s.render.trace_pct == 5);
	OK("-t0");
	assert_true(s.render.trace_pct == 0);
	OK("-t");
	assert_true(s.render.trace_pct == 0);
	OK("-t", "2", "leak.hp");
	assert_true(s.render.trace_pct == 2);
	assert_int_equal(s.ninputs, 1);
	OK("-e", "15cm", "leak.hp");
	assert_true(fabs(s.render.eps_width - 15 / 2.54 * 72) < 1e-9);
	assert_int_equal(s.ninputs, 1);
	OK("--trace=2");
	assert_true(s.render.trace_pct == 2);
	OK("--trace", "3.5");
	assert_true(s.render.trace_pct == 3.5);
	BAD("-t6");
	assert_non_null(strstr(err.msg, "'6'"));
	BAD("-t-1");
	BAD("-t5.01");
	BAD("-tx");
	BAD("-tnan");
	BAD("--trace=");
}

static void
output_and_format(void **state)
{
	static const struct {
		const char *path;
		const char *f;
	} cases[] = {
		{ "x.ps", "ps" }, { "x.eps", "eps" },
		{ "x.pdf", "pdf" }, { "x.svg", "svg" },
		{ "x.png", "png" }, { "x.hp", "hp" },
		{ "x.csv", "csv" }, { "x.json", "json" },
		{ "X.PDF", "pdf" }, { "dir.d/X.Svg", "svg" },
		{ "a.b.EPS", "eps" }, { "x.JSON", "json" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		OK("-o", cases[i].path);
		assert_string_equal(s.output, cases[i].path);
		assert_string_equal(s.format->name, cases[i].f);
	}
	OK("-ox.svg");
	assert_string_equal(s.output, "x.svg");
	assert_int_equal(s.render.format, RENDER_SVG);
	OK("--output=x.png");
	assert_int_equal(s.render.format, RENDER_PNG);
	OK("--output", "x.json");
	assert_string_equal(s.format->name, "json");
	OK("-o", "-");
	assert_string_equal(s.output, "-");
	assert_string_equal(s.format->name, "ps");
	OK("--output", "-", "--format", "csv");
	assert_string_equal(s.format->name, "csv");
	/* --format overrides the extension. */
	OK("-o", "x.txt", "--format=pdf");
	assert_string_equal(s.format->name, "pdf");
	OK("--format=SVG", "-o", "x.pdf");
	assert_string_equal(s.format->name, "svg");
	OK("--format=eps");
	assert_int_equal(s.render.format, RENDER_EPS);
	/* Several -o: every one written, each in its extension's format;
	 * output and format are the first's. */
	OK("-o", "a.pdf", "-o", "b.svg", "-e5in", "-o", "c.json", "-o", "d.ps");
	assert_int_equal(s.noutputs, 4);
	assert_string_equal(s.output, "a.pdf");
	assert_string_equal(s.format->name, "pdf");
	assert_int_equal(s.render.format, RENDER_PDF);
	assert_string_equal(s.outputs[1], "b.svg");
	assert_string_equal(s.formats[1]->name, "svg");
	assert_string_equal(s.formats[2]->name, "json");
	assert_string_equal(s.formats[3]->name, "eps");	/* -e: hp2ps's EPS */
	BAD("-o", "a.pdf", "-o", "a.pdf");
	assert_non_null(strstr(err.msg, "twice"));
	BAD("-o", "a.pdf", "-o", "b.txt");
	assert_non_null(strstr(err.msg, "b.txt"));
	BAD("-o", "a.pdf", "-o", "b.svg", "--format=png");
	assert_non_null(strstr(err.msg, "--format"));
	BAD("-o", "a.pdf", "-o", "-");
	assert_non_null(strstr(err.msg, "standard output"));
	BAD("--diff", "A", "B", "-o", "d.pdf", "-o", "d.csv");
	assert_non_null(strstr(err.msg, "csv"));
	BAD("-o", "x.txt");
	assert_non_null(strstr(err.msg, "x.txt"));
	assert_non_null(strstr(err.msg, "--format"));
	BAD("-o", "x");
	BAD("-o", "dir.pdf/x");
	BAD("-o", ".pdf");
	BAD("--format=gif");
	assert_non_null(strstr(err.msg, "'gif'"));
	BAD("-o");
	BAD("--output");
	BAD("-o", "");
}

static void
positional_arguments(void **state)
{
	(void)state;
	OK("FOO");
	assert_string_equal(s.input, "FOO");
	/* Unlike hp2ps, options may follow the file name. */
	OK("FOO.hp", "-o", "FOO.pdf", "-c");
	assert_string_equal(s.input, "FOO.hp");
	assert_string_equal(s.output, "FOO.pdf");
	assert_int_equal(s.render.colour, 1);
	OK("-");
	assert_string_equal(s.input, "-");
	OK("--", "-c");
	assert_string_equal(s.input, "-c");
	assert_int_equal(s.render.colour, 0);
	/* Several inputs go to one file: -o is required. */
	BAD("a.hp", "b.hp");
	assert_non_null(strstr(err.msg, "give -o OUTPUT"));
	OK("a.hp", "b.hp", "-o", "ab.pdf");
	assert_string_equal(s.input, "a.hp");
	assert_int_equal(s.ninputs, 2);
	assert_string_equal(s.inputs[1], "b.hp");
	BAD("a.hp", "b.hp", "-o", "ab.csv");
	BAD("a.hp", "b.hp", "-w", "-o", "ab.pdf");
	BAD("a.hp", "-", "-o", "ab.pdf");
	BAD("");
}

/* The analysis options: filters, windows, summary, comparing. */
static void
analysis_options(void **state)
{
	(void)state;
	OK("--include", "Map", "--include=Set", "--exclude", "CAF", "x.hp");
	assert_int_equal(s.ninclude, 2);
	assert_string_equal(s.include[1], "Set");
	assert_int_equal(s.nexclude, 1);
	BAD("--include", "a(", "x.hp");
	assert_non_null(strstr(err.msg, "--include 'a('"));
	BAD("--exclude=[", "x.hp");
	OK("--sort", "growth", "x.hp");
	assert_int_equal(s.render.sort, RENDER_SORT_GROWTH);
	OK("--from", "phase 2", "--to=10", "x.hp");
	assert_string_equal(s.from, "phase 2");
	assert_string_equal(s.to, "10");
	/* --summary takes a value only after '=': the next word is a file */
	OK("--summary", "x.hp");
	assert_int_equal(s.summary, CLI_SUMMARY_TEXT);
	assert_string_equal(s.input, "x.hp");
	OK("--summary=json", "x.hp");
	assert_int_equal(s.summary, CLI_SUMMARY_JSON);
	BAD("--summary=yaml", "x.hp");
	BAD("--summary", "x.hp", "-o", "-");
	/* watch mode prints the whole run's once its input ends */
	OK("--summary", "-w", "x.hp", "-o", "x.pdf");
	assert_true(s.watch && s.summary == CLI_SUMMARY_TEXT);
	/* --keep: a count of censuses or a time, for watch mode only */
	OK("-w", "--keep=5000", "x.hp", "-o", "x.pdf");
	assert_int_equal(s.keep_samples, 5000);
	assert_true(s.keep_seconds == 0);
	OK("-w", "--keep", "2h", "x.hp", "-o", "x.pdf");
	assert_true(s.keep_seconds == 7200 && s.keep_samples == 0);
	OK("--serve", "--keep=90s", "x.hp");
	assert_true(s.keep_seconds == 90);
	OK("-w", "--keep=1.5d", "x.hp", "-o", "x.pdf");
	assert_true(s.keep_seconds == 1.5 * 86400);
	BAD("-w", "--keep=10", "x.hp", "-o", "x.pdf");
	assert_non_null(strstr(err.msg, "16 to 1000000000"));
	BAD("-w", "--keep=2.5", "x.hp", "-o", "x.pdf");
	BAD("-w", "--keep=2w", "x.hp", "-o", "x.pdf");
	assert_non_null(strstr(err.msg, "90s, 30m, 2h, 1d"));
	BAD("-w", "--keep=-5m", "x.hp", "-o", "x.pdf");
	BAD("--keep=100", "x.hp", "-o", "x.pdf");
	assert_non_null(strstr(err.msg, "--keep is for --watch"));
	/* several inputs may print summaries without -o */
	OK("--summary", "a.hp", "b.hp");
	OK("--diff", "a.hp", "b.eventlog", "-o", "d.png", "--same-time");
	assert_true(s.diff && s.render.same_time);
	BAD("--diff", "a.hp", "-o", "d.png");
	assert_non_null(strstr(err.msg, "two input files"));
	BAD("--diff", "a.hp", "b.hp", "c.hp", "-o", "d.png");
	BAD("--diff", "a.hp", "b.hp", "-o", "d.hp");
	OK("a.hp", "b.hp", "--stack", "-o", "ab.png");
	assert_true(s.render.stack);
	BAD("-p", "a.hp", "b.hp", "-o", "ab.png");
}

static void
hp2x_long_options(void **state)
{
	(void)state;
	OK("--big-title");
	assert_int_equal(s.render.title, RENDER_TITLE_BIG);
	OK("--small-title");
	assert_int_equal(s.render.title, RENDER_TITLE_SMALL);
	OK("--colour");
	assert_int_equal(s.render.colour, 1);
	OK("--color");
	assert_int_equal(s.render.colour, 1);
	OK("--gs");
	assert_int_equal(s.render.gs, 1);
	OK("--multipage");
	assert_int_equal(s.render.multipage, 1);
	OK("--prior");
	assert_int_equal(s.prior, 1);
	OK("--aux");
	assert_int_equal(s.aux, 1);
	assert_int_equal(s.prior, 0);
	OK("--no-marks");
	assert_int_equal(s.render.no_marks, 1);
	OK("--heap-size");
	assert_int_equal(s.render.heap_size, 1);
	OK("--palette=many");
	assert_int_equal(s.render.palette, RENDER_PALETTE_MANY);
	OK("--palette", "hp2ps");
	assert_int_equal(s.render.palette, RENDER_PALETTE_HP2PS);
	OK("--palette=grey");
	assert_int_equal(s.render.palette, RENDER_PALETTE_GREY);
	BAD("--palette=rainbow");
	assert_non_null(strstr(err.msg, "hp2ps, grey or many"));
	OK("--colour-by=name");
	assert_int_equal(s.render.colour_by_name, 1);
	OK("--color-by", "name");
	assert_int_equal(s.render.colour_by_name, 1);
	BAD("--colour-by=size");
	OK("--exact");
	assert_int_equal(s.render.exact, 1);
	OK("--quiet");
	assert_int_equal(s.quiet, 1);
	OK("--watch", "f.hp");
	assert_int_equal(s.watch, 1);
	OK("-w", "f.hp", "--interval=2.5");
	assert_true(s.interval == 2.5);
	OK("-w", "f.hp", "--interval", "1");
	assert_true(s.interval == 1);
	OK("-w", "f.hp", "--idle-exit=30");
	assert_true(s.idle_exit == 30);
	OK("--size=640x480");
	assert_int_equal(s.render.png_width, 640);
	assert_int_equal(s.render.png_height, 480);
	OK("--size", "1x32767");
	assert_int_equal(s.render.png_height, 32767);
	OK("--dpi=300");
	assert_true(s.render.dpi == 300);
	OK("--dpi", "72.5");
	assert_true(s.render.dpi == 72.5);
	BAD("--size=0x5");
	BAD("--size=640");
	BAD("--size=640x");
	BAD("--size=x480");
	BAD("--size=640x480x");
	BAD("--size=-640x480");
	BAD("--size=32768x10");
	BAD("--dpi=0");
	BAD("--dpi=abc");
	BAD("-w", "f.hp", "--interval=0");
	BAD("-w", "f.hp", "--interval=-1");
	BAD("-w", "f.hp", "--idle-exit=x");
	BAD("--colour=yes");
	assert_string_equal(err.msg, "option '--colour' takes no value");
	BAD("--dpi");
	assert_non_null(strstr(err.msg, "needs a value"));
}

static void
watch_options(void **state)
{
	(void)state;
	/* Fractions of a second, in any form strtod reads. */
	OK("-w", "f.hp", "--interval=0.2");
	assert_true(s.interval == 0.2);
	OK("-w", "f.hp", "--interval=.5");
	assert_true(s.interval == 0.5);
	OK("-w", "f.hp", "--interval=1e-1");
	assert_true(s.interval == 0.1);
	OK("-w", "f.hp", "--interval=0.01");
	assert_true(s.interval == 0.01);
	OK("-w", "f.hp", "--idle-exit", "0.5");
	assert_true(s.idle_exit == 0.5);
	BAD("-w", "f.hp", "--interval=0.001");
	assert_non_null(strstr(err.msg, "from 0.01 to 86400"));
	BAD("-w", "f.hp", "--interval=");
	BAD("-w", "f.hp", "--interval=1s");
	BAD("-w", "f.hp", "--interval=nan");
	BAD("-w", "f.hp", "--interval=inf");
	BAD("-w", "f.hp", "--interval= 1");
	BAD("-w", "f.hp", "--idle-exit=0");

	/* --interval and --idle-exit mean nothing without --watch. */
	BAD("f.hp", "--interval=1");
	assert_string_equal(err.msg, "option '--interval' works only with --watch");
	BAD("f.hp", "--idle-exit=1");
	assert_string_equal(err.msg, "option '--idle-exit' works only with --watch");

	/* Something to watch, named; the output must be a file. */
	BAD("-w");
	assert_non_null(strstr(err.msg, "needs a file to watch"));
	BAD("-w", "-");
	assert_non_null(strstr(err.msg, "needs -o FILE"));
	OK("-w", "-", "-o", "f.json");
	OK("-w", "unix:/run/p.sock", "-o", "f.pdf", "--reconnect");
	assert_int_equal(s.reconnect, 1);
	BAD("-w", "f.hp", "-o", "f.pdf", "--reconnect");
	assert_string_equal(err.msg, "--reconnect works only with --watch unix:PATH");
	BAD("unix:/run/p.sock", "-o", "f.pdf", "--reconnect");
	BAD("-w", "f.hp", "-o", "-");
	assert_non_null(strstr(err.msg, "standard output"));
	OK("-w", "f.hp", "-o", "f.json");
	assert_string_equal(s.format->name, "json");
	assert_null(s.command);

	/* After --watch, "--" starts the command; options after it are
	 * the program's. */
	OK("--watch", "-o", "out.pdf", "--", "./prog", "-c", "+RTS", "-hT");
	assert_non_null(s.command);
	assert_string_equal(s.command[0], "./prog");
	assert_string_equal(s.command[1], "-c");
	assert_string_equal(s.command[3], "-hT");
	assert_null(s.command[4]);
	assert_int_equal(s.render.colour, 0);
	assert_null(s.input);
	assert_string_equal(s.format->name, "pdf");
	/* A file named with the command: that file is watched. */
	OK("-w", "prog.eventlog", "--", "prog", "+RTS", "-l", "-hT");
	assert_string_equal(s.input, "prog.eventlog");
	assert_string_equal(s.command[0], "prog");
	BAD("--watch", "--");
	assert_non_null(strstr(err.msg, "wants a program"));
	BAD("--watch", "--idle-exit=3", "--", "prog");
	assert_non_null(strstr(err.msg, "--idle-exit"));
	BAD("--watch", "-", "--", "prog");
	/* Without --watch, "--" still only ends the options. */
	OK("--", "prog");
	assert_string_equal(s.input, "prog");
	assert_null(s.command);
	BAD("--", "prog", "arg");
}

static void
help_and_version(void **state)
{
	(void)state;
	OK("--help");
	assert_int_equal(s.action, CLI_HELP);
	OK("-h");
	assert_int_equal(s.action, CLI_HELP);
	OK("-?");
	assert_int_equal(s.action, CLI_HELP);
	OK("--version");
	assert_int_equal(s.action, CLI_VERSION);
	/* Help stops parsing: what follows is not checked. */
	OK("--help", "--bogus");
	assert_int_equal(s.action, CLI_HELP);
	OK("-o", "x.txt", "--help");
	assert_int_equal(s.action, CLI_HELP);
}

static void
unknown_options(void **state)
{
	(void)state;
	BAD("--bogus");
	assert_string_equal(err.msg, "unknown option '--bogus'");
	BAD("--bogus=1");
	assert_string_equal(err.msg, "unknown option '--bogus'");
	BAD("-l");
	assert_string_equal(err.msg, "unknown option '-l'");
	BAD("-x", "FOO");
	BAD("--col");
	BAD("---");
}

static void
help_lists_every_option(void **state)
{
	static const char *const want[] = {
		"-b, --big-title", "-s, --small-title",
		"-c, --colour, --color", "-d ", "-i[+|-]", "--sort=KEY",
		"-e<W>, --eps=WIDTH", "-g, --gs", "-m<N>, --bands=N",
		"-M, --multipage", "-p, --prior", "-t<PCT>, --trace=PCT",
		"-y, --no-marks", "-o FILE, --output=FILE", "--format=FMT",
		"--aux", "--size=WxH", "--dpi=N", "--heap-size", "--exact",
		"-q, --quiet", "-w, --watch", "--interval=SECONDS",
		"--idle-exit=SECONDS", "-h, -?, --help", "--version",
		"hp2x FOO.hp -o FOO.pdf", "hp2x -c -e15cm FOO.hp -o FOO.eps",
		"hp2x FOO ",
	};
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	assert_int_equal(cli_help(f), 0);
	fclose(f);
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		if (!strstr(buf, want[i]))
			fail_msg("--help lacks '%s'", want[i]);
	}
	free(buf);
}

static void
format_helpers(void **state)
{
	(void)state;
	assert_string_equal(cli_format_by_name("png")->name, "png");
	assert_string_equal(cli_format_by_name("Json")->name, "json");
	assert_null(cli_format_by_name("tiff"));
	assert_null(cli_format_by_path("a/b.c/x"));
	assert_string_equal(cli_format_by_path("a/b.c/x.hp")->name, "hp");
	assert_null(cli_format_by_path(".csv"));
	assert_null(cli_format_by_path("x.ps/"));
	assert_null(cli_format_by_path("xps"));
	assert_string_equal(cli_format_by_path("x.tar.json")->name, "json");
	assert_true(cli_format_is_graph(cli_format_by_name("ps")));
	assert_true(cli_format_is_graph(cli_format_by_name("png")));
	assert_false(cli_format_is_graph(cli_format_by_name("hp")));
	assert_false(cli_format_is_graph(cli_format_by_name("csv")));
	assert_false(cli_format_is_graph(cli_format_by_name("json")));
	assert_false(cli_format_is_graph(NULL));
}

/* Every row of the format table is reachable by its name and each of its
 * extensions (the longest extension winning, so "x.speedscope.json" is
 * not JSON's), is either a graph or data, and shows in --help and in the
 * errors of --format and -o. */
static void
format_table(void **state)
{
	const struct cli_format *f;
	char *help = NULL, path[64], upper[64], msg[sizeof err.msg];
	char ext_msg[sizeof err.msg];
	size_t len = 0, i, k, j;
	FILE *mem = open_memstream(&help, &len);

	(void)state;
	assert_non_null(mem);
	assert_int_equal(cli_help(mem), 0);
	fclose(mem);
	BAD("-o", "x.tiff");
	memcpy(ext_msg, err.msg, sizeof ext_msg);
	BAD("--format=tiff");
	memcpy(msg, err.msg, sizeof msg);
	for (i = 0; (f = cli_format_at(i)); i++) {
		assert_ptr_equal(cli_format_by_name(f->name), f);
		/* a graph, or else exactly one of a data writer and a page */
		assert_true(f->graph ? !f->write && !f->page
				     : !f->write != !f->page);
		assert_non_null(f->exts[0]);
		assert_int_equal(f->exts[0][0], '.');
		/* only a flame graph reads time samples by whole stacks */
		assert_int_equal(f->whole_stacks,
				 strcmp(f->name, "speedscope") == 0);
		if (!strstr(msg, f->name))
			fail_msg("--format error lacks %s: %s", f->name, msg);
		for (k = 0; k < CLI_FORMAT_EXTS && f->exts[k]; k++) {
			snprintf(path, sizeof path, "dir.x/name%s", f->exts[k]);
			assert_ptr_equal(cli_format_by_path(path), f);
			for (j = 0; path[j]; j++)
				upper[j] = (char)toupper((unsigned char)path[j]);
			upper[j] = '\0';
			assert_ptr_equal(cli_format_by_path(upper), f);
			/* Nothing before the extension: not this format
			 * (".speedscope.json" alone is a JSON file). */
			assert_true(cli_format_by_path(f->exts[k]) != f);
			if (!strstr(help, f->exts[k]))
				fail_msg("--help lacks %s", f->exts[k]);
			if (!strstr(ext_msg, f->exts[k]))
				fail_msg("-o's error lacks %s: %s", f->exts[k],
					 ext_msg);
			OK("-o", path);
			assert_ptr_equal(s.format, f);
			if (f->graph)
				assert_int_equal(s.render.format, f->surface);
		}
		snprintf(path, sizeof path, "--format=%s", f->name);
		OK(path);
		assert_ptr_equal(s.format, f);
	}
	assert_true(i >= 8);
	free(help);
}

/* Budgets: SIZE in bytes with decimal and binary units (a bare number
 * is bytes), RATE a SIZE per second, PCT with or without %; a bad value
 * names its option; --fail-if-larger only with --diff, none with
 * --watch; --summary=markdown. */
static void
budgets(void **state)
{
	static const struct {
		const char *arg;
		double bytes;
	} sizes[] = {
		{ "0", 0 }, { "1234", 1234 }, { "1234B", 1234 },
		{ "1.5kB", 1500 }, { "100MB", 100e6 }, { "2GB", 2e9 },
		{ "1TB", 1e12 }, { "1KiB", 1024 }, { "1.5MiB", 1572864 },
		{ "2GiB", 2147483648.0 }, { "1TiB", 1099511627776.0 },
		{ "0.5", 0.5 },
	};
	static const char *const bad_sizes[] = {
		"", "MB", "10mb", "10KB", "10 MB", " 10MB", "10MB ", "-1MB",
		"+1MB", "1e30", "nan", "inf", "0x10", "10M", "10MBs", "10MB/s",
	};
	char a[64];
	size_t i;

	(void)state;
	OK("x.hp");
	assert_null(s.max_peak.given);
	assert_null(s.max_growth.given);
	assert_null(s.fail_if_larger.given);
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		snprintf(a, sizeof a, "--max-peak=%s", sizes[i].arg);
		OK(a, "x.hp");
		assert_true(s.max_peak.limit == sizes[i].bytes);
		assert_string_equal(s.max_peak.given, sizes[i].arg);
		snprintf(a, sizeof a, "%s/s", sizes[i].arg);
		OK("--max-growth", a, "x.hp");
		assert_true(s.max_growth.limit == sizes[i].bytes);
		assert_string_equal(s.max_growth.given, a);
	}
	for (i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++) {
		snprintf(a, sizeof a, "--max-peak=%s", bad_sizes[i]);
		BAD(a, "x.hp");
		assert_non_null(strstr(err.msg, "option '--max-peak' wants a size"));
		snprintf(a, sizeof a, "--max-growth=%s/s", bad_sizes[i]);
		BAD(a, "x.hp");
		assert_non_null(strstr(err.msg, "option '--max-growth' wants a rate"));
	}
	BAD("--max-growth=512kB", "x.hp");
	BAD("--max-growth=512kB/min", "x.hp");
	BAD("--max-growth=512kB/S", "x.hp");
	OK("--diff", "a.hp", "b.hp", "--fail-if-larger=5");
	assert_true(s.fail_if_larger.limit == 5);
	OK("--diff", "a.hp", "b.hp", "--fail-if-larger", "2.5%");
	assert_true(s.fail_if_larger.limit == 2.5);
	assert_string_equal(s.fail_if_larger.given, "2.5%");
	BAD("--diff", "a.hp", "b.hp", "--fail-if-larger=5%%");
	BAD("--diff", "a.hp", "b.hp", "--fail-if-larger=-1");
	assert_non_null(strstr(err.msg, "option '--fail-if-larger' wants a percentage"));
	BAD("--diff", "a.hp", "b.hp", "--fail-if-larger=five");
	BAD("--diff", "a.hp", "b.hp", "--fail-if-larger=");
	BAD("a.hp", "--fail-if-larger=5");
	assert_non_null(strstr(err.msg, "--diff"));
	BAD("-w", "a.hp", "-o", "a.pdf", "--max-peak=1MB");
	BAD("--serve", "a.hp", "--max-growth=1MB/s");
	/* a budget is a check of its own: several inputs need no -o */
	OK("a.hp", "b.hp", "--max-peak=1MB");
	OK("--summary=markdown", "x.hp");
	assert_int_equal(s.summary, CLI_SUMMARY_MARKDOWN);
	BAD("--summary=md", "x.hp");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults),
		cmocka_unit_test(hp2ps_flags),
		cmocka_unit_test(sort_by_name),
		cmocka_unit_test(watch_options),
		cmocka_unit_test(letters_end_the_argument),
		cmocka_unit_test(p_combines),
		cmocka_unit_test(eps_widths),
		cmocka_unit_test(eps_and_formats),
		cmocka_unit_test(bands),
		cmocka_unit_test(trace),
		cmocka_unit_test(output_and_format),
		cmocka_unit_test(positional_arguments),
		cmocka_unit_test(analysis_options),
		cmocka_unit_test(hp2x_long_options),
		cmocka_unit_test(help_and_version),
		cmocka_unit_test(unknown_options),
		cmocka_unit_test(help_lists_every_option),
		cmocka_unit_test(format_helpers),
		cmocka_unit_test(format_table),
		cmocka_unit_test(budgets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
