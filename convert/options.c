/*
 * convert/options.c - the command line: one option table drives both the
 * parser and --help (git's parse-options), plus the custom walk that
 * hp2ps's single-letter flags need.
 *
 * hp2ps's flags keep hp2ps's syntax.  Within one "-xyz" argument `p' may
 * be followed by more letters; every other letter ends the argument.  The
 * letters e, i, m and t take the rest of the argument as their value,
 * glued (-e5in, -i-, -m30, -t0.5), and anything after a plain flag is
 * ignored (-cb is -c), as hp2ps does.  hp2x's own options are long
 * (--name=value or --name value); -o, -q, -w and -h are short forms.
 * Unlike hp2ps, options may follow the file names, and every file name
 * is an input (several are drawn side by side, or compared with --diff)
 * where hp2ps reads the first and ignores the rest.
 *
 * Over 1,000 lines for its tables: the option table (one row an option,
 * the only place an option is declared), the value parsers its rows
 * name, the two walks (hp2ps's letters, long options) and --help, which
 * is printed from the same rows; each part reads the static table.
 *
 * Parsing is pure: it fills struct cli_settings and touches no file.
 */
#include "cli.h"

#include "../hp/select.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* How a short letter finds its value. */
enum letter_arg {
	LA_NONE,	/* none; the rest of the argument is ignored */
	LA_CHAIN,	/* none; the next letter is another flag (hp2ps -p) */
	LA_GLUED,	/* the rest of the argument, maybe empty (hp2ps) */
	LA_NEXT		/* the rest of the argument, else the next one */
};

typedef int (*set_fn)(struct cli_settings *s, const char *opt,
		      const char *arg, struct hp_err *err);

/*
 * An option either has a setter (set), which reads its value, or is
 * bound to a field of struct cli_settings that it sets to a constant,
 * as git's OPT_BOOL and OPT_SET_INT: FLAG(field) sets it to 1,
 * SETS(field, v) to v.  A bound field is an int or an enum of an int's
 * size (the build fails on any other).
 */
struct optdef {
	const char *letters;	/* short letters, or NULL */
	enum letter_arg letter_arg;
	const char *short_argh;	/* value shown after the letter in --help */
	const char *name;	/* long name, or NULL */
	const char *alias;	/* a second long name, or NULL */
	const char *argh;	/* the long option's value; NULL = none */
	set_fn set;		/* NULL: the bound field gets value */
	size_t field;		/* offsetof the bound field */
	int value;
	const char *help;	/* with no letters nor name: a heading */
	int optional;		/* the long option's value only after '=' */
};

/* 0, or a compile error when field f is not an int's size. */
#define INT_SIZED(f) \
	(0 * sizeof(char[sizeof(((struct cli_settings *)0)->f) == sizeof(int) ? 1 : -1]))
#define SETS(f, v) .field = offsetof(struct cli_settings, f) + INT_SIZED(f), \
	.value = (v)
#define FLAG(f) SETS(f, 1)

/* ---- values ---- */

/* A whole-string number.  hp2ps reads glued values with atoi/atof, where
 * "" is 0; a long option's value must not be empty. */
static int
number(const char *arg, int empty_is_zero, double *out, const char **rest)
{
	char *end;

	if (arg[0] == '\0' && empty_is_zero) {
		*out = 0;
		*rest = arg;
		return 0;
	}
	if (arg[0] == '\0' || isspace((unsigned char)arg[0]))
		return -1;
	errno = 0;
	*out = strtod(arg, &end);
	if (end == arg || errno == ERANGE || !isfinite(*out))
		return -1;
	*rest = end;
	return 0;
}

static int
real(const char *opt, const char *arg, int empty_is_zero, double lo,
     double hi, double *out, struct hp_err *err)
{
	const char *rest;

	if (number(arg, empty_is_zero, out, &rest) || *rest != '\0')
		return hp_err_set(err, "option '%s' wants a number, not '%s'",
				  opt, arg);
	if (*out < lo || *out > hi)
		return hp_err_set(err, "option '%s' wants a number from %g to %g, not '%s'",
				  opt, lo, hi, arg);
	return 0;
}

static int
integer(const char *opt, const char *arg, int empty_is_zero, long lo,
	long hi, int *out, struct hp_err *err)
{
	char *end;
	long v;

	if (arg[0] == '\0' && empty_is_zero) {
		*out = 0;
		return 0;
	}
	errno = 0;
	v = strtol(arg, &end, 10);
	if (arg[0] == '\0' || isspace((unsigned char)arg[0]) || *end != '\0')
		return hp_err_set(err, "option '%s' wants a whole number, not '%s'",
				  opt, arg);
	if (errno == ERANGE || v < lo || v > hi)
		return hp_err_set(err, "option '%s' wants a whole number from %ld to %ld, not '%s'",
				  opt, lo, hi, arg);
	*out = (int)v;
	return 0;
}

static int
is_long(const char *opt)
{
	return opt[1] == '-';
}

/* ---- setters ---- */

static int
set_small(struct cli_settings *s, const char *opt, const char *arg,
	  struct hp_err *err)
{
	(void)opt, (void)arg, (void)err;
	/* hp2ps: with both -b and -s, -b wins whatever the order. */
	if (s->render.title != RENDER_TITLE_BIG)
		s->render.title = RENDER_TITLE_SMALL;
	return 0;
}

static int
set_palette(struct cli_settings *s, const char *opt, const char *arg,
	    struct hp_err *err)
{
	static const struct {
		const char *name;
		enum render_palette_name p;
	} names[] = {
		{ "hp2ps", RENDER_PALETTE_HP2PS },
		{ "grey", RENDER_PALETTE_GREY },
		{ "gray", RENDER_PALETTE_GREY },
		{ "many", RENDER_PALETTE_MANY },
	};
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strcmp(arg, names[i].name) == 0) {
			s->render.palette = names[i].p;
			return 0;
		}
	}
	return hp_err_set(err, "option '%s' wants hp2ps, grey or many, not '%s'",
			  opt, arg);
}

static int
set_colour_by(struct cli_settings *s, const char *opt, const char *arg,
	      struct hp_err *err)
{
	if (strcmp(arg, "name") == 0)
		s->render.colour_by_name = 1;
	else if (strcmp(arg, "rank") == 0)
		s->render.colour_by_name = 0;
	else
		return hp_err_set(err, "option '%s' wants name or rank, not '%s'",
				  opt, arg);
	return 0;
}

static int
set_stddev(struct cli_settings *s, const char *opt, const char *arg,
	   struct hp_err *err)
{
	(void)opt, (void)arg, (void)err;
	/* hp2ps sorts by name after sorting by deviation, so -i decides
	 * whatever the order of the two; --sort=name is -i. */
	if (s->render.sort != RENDER_SORT_NAME &&
	    s->render.sort != RENDER_SORT_NAME_DESC)
		s->render.sort = RENDER_SORT_STDDEV;
	return 0;
}

static int
set_by_name(struct cli_settings *s, const char *opt, const char *arg,
	    struct hp_err *err)
{
	(void)opt, (void)err;
	/* hp2ps looks at one character only: '-' descends, anything else
	 * (or nothing) ascends. */
	s->render.sort = arg[0] == '-' ? RENDER_SORT_NAME_DESC
				       : RENDER_SORT_NAME;
	return 0;
}

static int
set_sort(struct cli_settings *s, const char *opt, const char *arg,
	 struct hp_err *err)
{
	static const struct {
		const char *name;
		enum render_sort sort;
	} keys[] = {
		{ "size", RENDER_SORT_SIZE },
		{ "stddev", RENDER_SORT_STDDEV },
		{ "name", RENDER_SORT_NAME },
		{ "name-desc", RENDER_SORT_NAME_DESC },
		{ "growth", RENDER_SORT_GROWTH },
	};
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		if (strcmp(arg, keys[i].name) == 0) {
			s->render.sort = keys[i].sort;
			return 0;
		}
	}
	return hp_err_set(err, "option '%s' wants size, stddev, name, name-desc or growth, not '%s'",
			  opt, arg);
}

/* EPS_MAX_PT: 200 inches, the largest page PDF allows; anything wider is
 * a typo, and bounding it keeps every later product finite. */
#define EPS_MIN_PT 144.0
#define EPS_MAX_PT 14400.0

static int
set_eps(struct cli_settings *s, const char *opt, const char *arg,
	struct hp_err *err)
{
	static const struct {
		const char *unit;
		double pt;
	} units[] = {
		{ "", 1 }, { "pt", 1 }, { "in", 72 },
		{ "mm", 72 / 25.4 }, { "cm", 72 / 2.54 },
	};
	const char *rest;
	double w;
	size_t i;

	if (number(arg, 0, &w, &rest))
		return hp_err_set(err, "option '%s' wants a width such as 5in, 120mm, 15cm or 400pt, not '%s'",
				  opt, arg);
	for (i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(rest, units[i].unit) == 0)
			break;
	if (i == sizeof units / sizeof units[0])
		return hp_err_set(err, "option '%s': unknown unit in '%s' (use in, mm, cm or pt)",
				  opt, arg);
	w *= units[i].pt;
	if (!(w > EPS_MIN_PT))
		return hp_err_set(err, "option '%s': width '%s' must be more than 2in (144pt)",
				  opt, arg);
	if (w > EPS_MAX_PT)
		return hp_err_set(err, "option '%s': width '%s' must be at most 200in",
				  opt, arg);
	s->render.eps_width = w;
	s->eps_given = 1;
	return 0;
}

/* -mN; --bands all keeps every band, with a key (-m0 has none).  More
 * than 20 bands give PostScript hp2ps's key pages (the layout decides). */
static int
set_bands(struct cli_settings *s, const char *opt, const char *arg,
	  struct hp_err *err)
{
	if (is_long(opt) && strcmp(arg, "all") == 0) {
		s->render.max_bands = RENDER_ALL_BANDS;
		return 0;
	}
	return integer(opt, arg, !is_long(opt), 0, INT_MAX,
		       &s->render.max_bands, err);
}

static int
set_trace(struct cli_settings *s, const char *opt, const char *arg,
	  struct hp_err *err)
{
	return real(opt, arg, !is_long(opt), 0, 5, &s->render.trace_pct, err);
}

static int
set_output(struct cli_settings *s, const char *opt, const char *arg,
	   struct hp_err *err)
{
	size_t i;

	if (arg[0] == '\0')
		return hp_err_set(err, "option '%s' wants a file name", opt);
	if (s->noutputs == CLI_MAX_OUTPUTS)
		return hp_err_set(err, "option '%s': at most %d outputs",
				  opt, CLI_MAX_OUTPUTS);
	for (i = 0; i < s->noutputs; i++)
		if (strcmp(s->outputs[i], arg) == 0)
			return hp_err_set(err, "option '%s': '%s' is named twice",
					  opt, arg);
	s->outputs[s->noutputs++] = arg;
	s->output = s->outputs[0];
	return 0;
}

static int
set_format(struct cli_settings *s, const char *opt, const char *arg,
	   struct hp_err *err)
{
	const struct cli_format *f = cli_format_by_name(arg);
	char names[256];

	if (!f) {
		cli_format_list(names, sizeof names, CLI_LIST_NAMES);
		return hp_err_set(err, "option '%s' wants %s, not '%s'",
				  opt, names, arg);
	}
	s->format = f;
	s->format_given = 1;
	return 0;
}

static int
aux_file(const char **file, const char *opt, const char *arg,
	 struct hp_err *err)
{
	if (!*arg)
		return hp_err_set(err, "option '%s' needs a file name", opt);
	*file = arg;
	return 0;
}

static int
set_aux_in(struct cli_settings *s, const char *opt, const char *arg,
	   struct hp_err *err)
{
	if (aux_file(&s->aux_in, opt, arg, err))
		return -1;
	s->prior = 1;
	return 0;
}

static int
set_aux_out(struct cli_settings *s, const char *opt, const char *arg,
	    struct hp_err *err)
{
	return aux_file(&s->aux_out, opt, arg, err);
}

static int
set_size(struct cli_settings *s, const char *opt, const char *arg,
	 struct hp_err *err)
{
	char *end;
	long w, h;

	errno = 0;
	w = isdigit((unsigned char)arg[0]) ? strtol(arg, &end, 10) : -1;
	if (w < 0 || (*end != 'x' && *end != 'X'))
		goto bad;
	h = isdigit((unsigned char)end[1]) ? strtol(end + 1, &end, 10) : -1;
	if (h < 0 || *end != '\0')
		goto bad;
	if (errno || w < 1 || h < 1 || w > RENDER_MAX_PIXELS || h > RENDER_MAX_PIXELS)
		return hp_err_set(err, "option '%s': each side of '%s' must be 1 to %d pixels",
				  opt, arg, RENDER_MAX_PIXELS);
	s->render.png_width = (int)w;
	s->render.png_height = (int)h;
	return 0;
bad:
	return hp_err_set(err, "option '%s' wants WIDTHxHEIGHT in pixels (e.g. 1200x800), not '%s'",
			  opt, arg);
}

static int
set_dpi(struct cli_settings *s, const char *opt, const char *arg,
	struct hp_err *err)
{
	if (real(opt, arg, 0, 1, 2400, &s->render.dpi, err))
		return -1;
	return 0;
}

static int
set_ticky_by(struct cli_settings *s, const char *opt, const char *arg,
	     struct hp_err *err)
{
	if (!strcmp(arg, "alloc"))
		s->ticky_by = HP_MEASURE_ALLOC;
	else if (!strcmp(arg, "entries"))
		s->ticky_by = HP_MEASURE_ENTRIES;
	else if (!strcmp(arg, "allocd"))
		s->ticky_by = HP_MEASURE_ALLOCD;
	else
		return hp_err_set(err, "%s: expected entries, alloc or allocd, not '%s'",
				  opt, arg);
	return 0;
}

static int
set_by(struct cli_settings *s, const char *opt, const char *arg,
       struct hp_err *err)
{
	if (!strcmp(arg, "stack"))
		s->by_stack = 1;
	else if (!strcmp(arg, "cc"))
		s->by_stack = 0;
	else
		return hp_err_set(err, "%s: expected stack or cc, not '%s'", opt, arg);
	return 0;
}

static int
set_serve(struct cli_settings *s, const char *opt, const char *arg,
	  struct hp_err *err)
{
	(void)opt, (void)err;
	s->watch = 1;
	s->serve = 1;
	s->serve_at = arg;
	return 0;
}

static int
set_interval(struct cli_settings *s, const char *opt, const char *arg,
	     struct hp_err *err)
{
	if (real(opt, arg, 0, 0.01, 86400, &s->interval, err))
		return -1;
	return 0;
}

static int
set_idle_exit(struct cli_settings *s, const char *opt, const char *arg,
	      struct hp_err *err)
{
	if (real(opt, arg, 0, 0.01, 1e9, &s->idle_exit, err))
		return -1;
	return 0;
}

static int
add_pattern(struct cli_settings *s, const char *opt, const char *arg,
	    int inc, struct hp_err *err)
{
	size_t *n = inc ? &s->ninclude : &s->nexclude;
	const char **list = inc ? s->include : s->exclude;
	const char *one[1] = { arg };
	struct hp_select sel = { 0 };

	if (*n >= CLI_MAX_PATTERNS)
		return hp_err_set(err, "at most %d %s patterns",
				  CLI_MAX_PATTERNS, opt);
	if (inc) {
		sel.include = one;
		sel.ninclude = 1;
	} else {
		sel.exclude = one;
		sel.nexclude = 1;
	}
	if (hp_select_check(&sel, err))
		return -1;
	list[(*n)++] = arg;
	return 0;
}

static int
set_include(struct cli_settings *s, const char *opt, const char *arg,
	    struct hp_err *err)
{
	return add_pattern(s, opt, arg, 1, err);
}

static int
set_exclude(struct cli_settings *s, const char *opt, const char *arg,
	    struct hp_err *err)
{
	return add_pattern(s, opt, arg, 0, err);
}

static int
window(const char **end, const char *opt, const char *arg,
       struct hp_err *err)
{
	if (arg[0] == '\0')
		return hp_err_set(err, "option '%s' wants seconds or a mark's label",
				  opt);
	*end = arg;
	return 0;
}

static int
set_from(struct cli_settings *s, const char *opt, const char *arg,
	 struct hp_err *err)
{
	return window(&s->from, opt, arg, err);
}

static int
set_to(struct cli_settings *s, const char *opt, const char *arg,
       struct hp_err *err)
{
	return window(&s->to, opt, arg, err);
}

static int
set_summary(struct cli_settings *s, const char *opt, const char *arg,
	    struct hp_err *err)
{
	if (!arg || strcmp(arg, "text") == 0)
		s->summary = CLI_SUMMARY_TEXT;
	else if (strcmp(arg, "json") == 0)
		s->summary = CLI_SUMMARY_JSON;
	else
		return hp_err_set(err, "option '%s' wants text or json, not '%s'",
				  opt, arg);
	return 0;
}

/* ---- the table ---- */

static const struct optdef options[] = {
	{ .help = "hp2ps's options (same letters, same meaning)" },
	{ .letters = "b", .name = "big-title", SETS(render.title, RENDER_TITLE_BIG),
	  .help = "always draw the big (two-row) title box" },
	{ .letters = "s", .name = "small-title", .set = set_small,
	  .help = "always draw the small title box, cutting the job\n"
		  "name to 35 characters (-b wins over -s)" },
	{ .letters = "c", .name = "colour", .alias = "color",
	  FLAG(render.colour), .help = "colour bands instead of grey ones" },
	{ .letters = "d", .set = set_stddev,
	  .help = "sort bands by standard deviation, roughest on top\n"
		  "(--sort=stddev); -i wins over -d" },
	{ .letters = "i", .letter_arg = LA_GLUED, .short_argh = "[+|-]",
	  .set = set_by_name,
	  .help = "sort bands by name: -i or -i+ greatest name on top\n"
		  "(--sort=name), -i- smallest on top (--sort=name-desc)" },
	{ .name = "sort", .argh = "KEY", .set = set_sort,
	  .help = "band order, bottom to top: size (default: largest\n"
		  "on top), stddev, name or name-desc" },
	{ .letters = "e", .letter_arg = LA_GLUED, .short_argh = "<W>",
	  .name = "eps", .argh = "WIDTH", .set = set_eps,
	  .help = "Encapsulated PostScript, WIDTH wide: a number with\n"
		  "in, mm, cm or pt (the default unit), more than 2in;\n"
		  "with -o FILE.pdf/.svg/.png it sets the width only" },
	{ .letters = "g", .name = "gs", FLAG(render.gs),
	  .help = "page for the gs previewer: portrait, unscaled" },
	{ .letters = "m", .letter_arg = LA_GLUED, .short_argh = "<N>",
	  .name = "bands", .argh = "N", .set = set_bands,
	  .help = "at most N bands (default 20), the rest merged into\n"
		  "OTHER; 0 means no limit and no key, --bands all\n"
		  "no limit with a key; past 20, PostScript puts the\n"
		  "key on pages of its own (--multipage)" },
	{ .letters = "M", .name = "multipage", FLAG(render.multipage),
	  .help = "key on pages of its own, graph on the last page" },
	{ .letters = "p", .letter_arg = LA_CHAIN, .name = "prior",
	  FLAG(prior),
	  .help = "read the .aux of an earlier run first and keep its\n"
		  "scales, order and shades, then rewrite it;\n"
		  "combines with other letters: -pc is -p -c" },
	{ .letters = "t", .letter_arg = LA_GLUED, .short_argh = "<PCT>",
	  .name = "trace", .argh = "PCT", .set = set_trace,
	  .help = "leave out the smallest bands that together make\n"
		  "under PCT percent of the total (0 to 5, default 1),\n"
		  "as hp2ps does: they are not drawn, nor in OTHER" },
	{ .letters = "y", .name = "no-marks", FLAG(render.no_marks),
	  .help = "draw no marks on the time axis" },

	{ .help = "hp2x's options" },
	{ .letters = "o", .letter_arg = LA_NEXT, .short_argh = " FILE",
	  .name = "output", .argh = "FILE", .set = set_output,
	  .help = "write FILE; its extension picks the format\n"
		  "(%E); - is standard output;\n"
		  "repeatable: every FILE written from one read" },
	{ .name = "format", .argh = "FMT", .set = set_format,
	  .help = "output format whatever the file is called: %N" },
	{ .name = "aux", FLAG(aux),
	  .help = "also write the .aux beside -o FILE (FILE with its\n"
		  "extension replaced by .aux)" },
	{ .name = "aux-in", .argh = "FILE", .set = set_aux_in,
	  .help = "read the prior .aux from FILE (implies -p)" },
	{ .name = "aux-out", .argh = "FILE", .set = set_aux_out,
	  .help = "write the .aux to FILE" },
	{ .name = "size", .argh = "WxH", .set = set_size,
	  .help = "PNG size in pixels (default from --dpi)" },
	{ .name = "dpi", .argh = "N", .set = set_dpi,
	  .help = "PNG resolution, 1 to 2400 (default 96)" },
	{ .name = "palette", .argh = "NAME", .set = set_palette,
	  .help = "band colours: hp2ps (hp2ps's -c colours), grey\n"
		  "(hp2ps's greys) or many (128 colours, none alike\n"
		  "among the first 64); default: grey, with -c hp2ps's\n"
		  "up to 20 bands and many past 20" },
	{ .name = "colour-by", .alias = "color-by", .argh = "name|rank",
	  .set = set_colour_by,
	  .help = "name: a band's colour follows its name, the same\n"
		  "in every graph (the .aux keeps it for -p); rank\n"
		  "(default): its place in the order" },
	{ .name = "heap-size", FLAG(render.heap_size),
	  .help = "draw the heap-size series of an eventlog" },
	{ .name = "exact", FLAG(render.exact),
	  .help = "draw every sample, however many there are" },
	{ .name = "ticky-by", .argh = "MEASURE", .set = set_ticky_by,
	  .help = "ticky counters by entries, alloc (the default) or\n"
		  "allocd: a ticky report's bars, an eventlog's bands" },
	{ .name = "by", .argh = "stack", .set = set_by,
	  .help = "time samples (-p -l eventlog): charge each tick to\n"
		  "the whole cost-centre stack, named as -hc names it\n"
		  "(--by cc: the innermost cost centre, the default)" },
	{ .letters = "q", .name = "quiet", FLAG(quiet),
	  .help = "print no warnings" },
	{ .letters = "w", .name = "watch", FLAG(watch),
	  .help = "keep the output drawn while FILE grows, until\n"
		  "Ctrl-C, --idle-exit or an eventlog's end; FILE\n"
		  "may be - (standard input), a FIFO, or unix:PATH\n"
		  "(an eventlog socket); with -- PROG ARGS... run\n"
		  "PROG (adding +RTS -hT -i0.5 -RTS unless it asks\n"
		  "for a heap profile), read its eventlog live from\n"
		  "a FIFO when its RTS can flush it (GHC >= 9.2),\n"
		  "else PROG.hp; exit with PROG's status" },
	{ .name = "serve", .argh = "[ADDR:]PORT", .optional = 1,
	  .set = set_serve,
	  .help = "watch FILE (as --watch) and serve its interactive\n"
		  "page at the URL said on stderr, new samples pushed\n"
		  "as they come, /metrics for Prometheus; 127.0.0.1\n"
		  "and a free port unless given; -o files are written\n"
		  "too; serves on after the input ends, until Ctrl-C" },
	{ .name = "exit", FLAG(serve_exit),
	  .help = "with --serve: stop serving when the input ends" },
	{ .name = "interval", .argh = "SECONDS", .set = set_interval,
	  .help = "with --watch: at most one drawing per SECONDS\n"
		  "(default 1, fractions allowed)" },
	{ .name = "idle-exit", .argh = "SECONDS", .set = set_idle_exit,
	  .help = "with --watch: stop after SECONDS without growth" },
	{ .name = "reconnect", FLAG(reconnect),
	  .help = "with --watch unix:PATH: when the connection\n"
		  "drops, wait for the socket again and start over;\n"
		  "--idle-exit seconds (default 60) without one end\n"
		  "the run with status 3" },

	{ .help = "what to look at, and comparing runs" },
	{ .name = "include", .argh = "REGEX", .set = set_include,
	  .help = "only bands whose name matches REGEX (POSIX extended,\n"
		  "anywhere in the name); repeatable: any may match" },
	{ .name = "exclude", .argh = "REGEX", .set = set_exclude,
	  .help = "no band whose name matches REGEX; repeatable;\n"
		  "filters apply before -m, -t and OTHER" },
	{ .name = "from", .argh = "T", .set = set_from,
	  .help = "only samples from T on: seconds, or a mark's label" },
	{ .name = "to", .argh = "T", .set = set_to,
	  .help = "only samples up to T (also cuts .hp, CSV, JSON)" },
	{ .name = "summary", .argh = "json", .optional = 1,
	  .set = set_summary,
	  .help = "print a table of the bands, phases and OTHER (or\n"
		  "JSON with --summary=json); draws only with -o" },
	{ .name = "diff", FLAG(diff),
	  .help = "--diff A B: draw how each band changed from A to B" },
	{ .name = "same-time", FLAG(render.same_time),
	  .help = "several inputs or --diff: compare at the same\n"
		  "seconds, not scaled to the first one's span" },
	{ .name = "match-ids", FLAG(render.match_ids),
	  .help = "match bands across inputs (--diff, several inputs,\n"
		  "--colour-by name) by whole names: -hc and -hr names\n"
		  "keep GHC's \"(764)\" id (default: matched without it)" },
	{ .name = "stack", FLAG(render.stack),
	  .help = "several inputs to PNG, SVG or EPS: graphs one above\n"
		  "another (default: side by side)" },
	{ .letters = "h?", .name = "help", SETS(action, CLI_HELP),
	  .help = "show this help and exit" },
	{ .name = "version", SETS(action, CLI_VERSION),
	  .help = "show the version and exit" },
};

#define NOPTIONS (sizeof options / sizeof options[0])

static const struct optdef *
by_letter(char c)
{
	size_t i;

	for (i = 0; i < NOPTIONS; i++)
		if (options[i].letters && c && strchr(options[i].letters, c))
			return &options[i];
	return NULL;
}

static const struct optdef *
by_name(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < NOPTIONS; i++) {
		const struct optdef *o = &options[i];

		if (o->name && strlen(o->name) == len &&
		    memcmp(o->name, name, len) == 0)
			return o;
		if (o->alias && strlen(o->alias) == len &&
		    memcmp(o->alias, name, len) == 0)
			return o;
	}
	return NULL;
}

/* ---- parsing ---- */

static int
apply(struct cli_settings *s, const struct optdef *o, const char *opt,
      const char *arg, struct hp_err *err)
{
	if (o->set)
		return o->set(s, opt, arg, err);
	memcpy((char *)s + o->field, &o->value, sizeof o->value);
	return 0;
}

void
cli_settings_init(struct cli_settings *s)
{
	memset(s, 0, sizeof *s);
	s->action = CLI_RUN;
	s->format = NULL;
	render_opts_init(&s->render);
}

static int
positional(struct cli_settings *s, const char *arg, struct hp_err *err)
{
	if (s->ninputs >= CLI_MAX_INPUTS)
		return hp_err_set(err, "unexpected argument '%s': at most %d input files",
				  arg, CLI_MAX_INPUTS);
	if (arg[0] == '\0')
		return hp_err_set(err, "empty file name");
	if (!s->input)
		s->input = arg;
	s->inputs[s->ninputs++] = arg;
	return 0;
}

/* Several inputs, --diff and --summary: what goes with what. */
static int
finish_compare(struct cli_settings *s, struct hp_err *err)
{
	size_t i;

	if (s->diff && s->ninputs != 2)
		return hp_err_set(err, "--diff wants two input files, A and B (got %zu)",
				  s->ninputs);
	for (i = 0; s->ninputs > 1 && i < s->ninputs; i++)
		if (strcmp(s->inputs[i], "-") == 0)
			return hp_err_set(err, "standard input can only be the one input");
	if (s->ninputs < 2)
		return 0;
	if (s->watch)
		return hp_err_set(err, "--watch follows one input file");
	if (s->prior)
		return hp_err_set(err, "-p works with one input file");
	if (s->aux)
		return hp_err_set(err, "--aux works with one input file");
	/* hp2ps's naming is for one file: several need -o. */
	if (!s->output && !s->summary)
		return hp_err_set(err, "with %zu input files, give -o OUTPUT (hp2ps's naming is for one)",
				  s->ninputs);
	return 0;
}

static int
long_option(struct cli_settings *s, int argc, char **argv, int *i,
	    struct hp_err *err)
{
	const char *name = argv[*i] + 2;
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct optdef *o = by_name(name, len);
	char opt[64];
	const char *arg = NULL;

	if (!o)
		return hp_err_set(err, "unknown option '--%.*s'", (int)len, name);
	snprintf(opt, sizeof opt, "--%.*s", (int)len, name);
	if (o->optional) {
		if (eq)
			arg = eq + 1;
	} else if (o->argh) {
		if (eq)
			arg = eq + 1;
		else if (*i + 1 < argc)
			arg = argv[++*i];
		else
			return hp_err_set(err, "option '%s' needs a value (%s)",
					  opt, o->argh);
	} else if (eq) {
		return hp_err_set(err, "option '%s' takes no value", opt);
	}
	return apply(s, o, opt, arg, err);
}

/* A number, maybe with a unit after it (-e's): what follows a bare -m,
 * -t or -e as its value. */
static int
looks_like_value(const char *a)
{
	const char *p = a;

	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
	if (p == a || (p == a + 1 && *a == '.'))
		return 0;
	return !*p || !strcmp(p, "in") || !strcmp(p, "mm") || !strcmp(p, "cm") ||
	       !strcmp(p, "pt");
}

/* One "-xyz" argument, hp2ps's way. */
static int
short_options(struct cli_settings *s, int argc, char **argv, int *i,
	      struct hp_err *err)
{
	const char *a = argv[*i];
	const char *p;

	for (p = a + 1; *p; p++) {
		const struct optdef *o = by_letter(*p);
		char opt[3] = { '-', *p, '\0' };
		const char *arg = NULL;

		if (!o) {
			if (p == a + 1)
				return hp_err_set(err, "unknown option '-%c'", *p);
			return hp_err_set(err, "unknown option '%c' in '%s'",
					  *p, a);
		}
		switch (o->letter_arg) {
		case LA_NONE:
		case LA_CHAIN:
			break;
		case LA_GLUED:
			arg = p + 1;
			/* "-m 5", "-t 2", "-e 15cm": hp2ps reads the bare
			 * letter and takes the number for a file name, which
			 * no one means; a value that is one is taken. */
			if (!*arg && *i + 1 < argc && *p != 'i' &&
			    looks_like_value(argv[*i + 1]))
				arg = argv[++*i];
			break;
		case LA_NEXT:
			if (p[1])
				arg = p + 1;
			else if (*i + 1 < argc)
				arg = argv[++*i];
			else
				return hp_err_set(err, "option '%s' needs a value",
						  opt);
			break;
		}
		if (apply(s, o, opt, arg, err))
			return -1;
		if (o->letter_arg != LA_CHAIN || s->action != CLI_RUN)
			break;
	}
	return 0;
}

/* The format of output (NULL: hp2ps's naming): --format, else its
 * extension, else PostScript; hp2ps's -e makes PostScript EPS (other
 * graph formats take it as the width). */
static int
output_format(struct cli_settings *s, const char *output,
	      const struct cli_format **f, struct hp_err *err)
{
	*f = s->format;
	if (!s->format_given) {
		if (output && strcmp(output, "-") != 0) {
			*f = cli_format_by_path(output);
			if (!*f) {
				char exts[256];

				cli_format_list(exts, sizeof exts, CLI_LIST_EXTS);
				return hp_err_set(err, "cannot tell the format of '%s' from its extension (%s; or use --format=FMT)",
						  output, exts);
			}
		} else {
			*f = cli_format_by_name("ps");
		}
	}
	if ((*f)->graph && (*f)->surface == RENDER_PS && s->eps_given)
		*f = cli_format_by_name("eps");
	return 0;
}

/* Settle each output's format.  Several -o are told apart by their
 * extensions, so --format, which names one format, and standard output,
 * which has no extension, go only with a single -o. */
static int
finish_outputs(struct cli_settings *s, struct hp_err *err)
{
	size_t i;

	if (s->noutputs > 1 && s->format_given)
		return hp_err_set(err, "--format names the format of one output: with several -o, each file's extension picks its format");
	for (i = 0; s->noutputs > 1 && i < s->noutputs; i++)
		if (strcmp(s->outputs[i], "-") == 0)
			return hp_err_set(err, "standard output (-o -) can only be the one output");
	for (i = 0; i < s->noutputs; i++)
		if (output_format(s, s->outputs[i], &s->formats[i], err))
			return -1;
	return 0;
}

/* Settle the formats and check what goes with what. */
static int
finish(struct cli_settings *s, struct hp_err *err)
{
	const struct cli_format *f;
	size_t i;

	if (finish_outputs(s, err) || output_format(s, s->output, &f, err))
		return -1;
	if (!s->watch && (s->interval > 0 || s->idle_exit > 0))
		return hp_err_set(err, "option '%s' works only with --watch",
				  s->interval > 0 ? "--interval" : "--idle-exit");
	if (s->watch && s->output && strcmp(s->output, "-") == 0)
		return hp_err_set(err, "--watch cannot write to standard output; give -o FILE");
	if (s->watch && !s->input && !s->command)
		return hp_err_set(err, "--watch needs a file to watch, - for standard input, unix:PATH, or -- PROG ARGS...");
	if (s->serve_exit && !s->serve)
		return hp_err_set(err, "option '--exit' works only with --serve");
	if (s->serve && (s->ninclude || s->nexclude || s->from || s->to))
		return hp_err_set(err, "--serve shows the whole profile: --include, --exclude, --from and --to are for the page's own filter and zoom");
	if (s->watch && s->input && strcmp(s->input, "-") == 0 && !s->output &&
	    !s->serve)
		return hp_err_set(err, "--watch - (standard input) needs -o FILE");
	if (s->reconnect && !(s->watch && s->input &&
			      strncmp(s->input, "unix:", 5) == 0))
		return hp_err_set(err, "--reconnect works only with --watch unix:PATH");
	if (finish_compare(s, err))
		return -1;
	if (s->summary && s->watch)
		return hp_err_set(err, "--summary does not go with --watch");
	if (s->summary && s->output && strcmp(s->output, "-") == 0)
		return hp_err_set(err, "--summary prints on standard output: give -o FILE for the graph");
	if (s->command && s->idle_exit > 0)
		return hp_err_set(err, "--idle-exit does not go with a command: hp2x stops when the program exits");
	s->format = f;
	if (f->graph)
		s->render.format = f->surface;
	for (i = 0; (s->ninputs > 1 || s->diff) && i < s->noutputs; i++)
		if (!s->formats[i]->graph && !s->formats[i]->page)
			return hp_err_set(err, "%s holds one profile: %s draws graphs only",
					  s->formats[i]->name,
					  s->diff ? "--diff" : "several inputs");
	return 0;
}

int
cli_parse(struct cli_settings *s, int argc, char **argv, struct hp_err *err)
{
	int only_files = 0;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		int rc;

		if (only_files || a[0] != '-' || a[1] == '\0') {
			rc = positional(s, a, err);
		} else if (strcmp(a, "--") == 0 && s->watch) {
			/* --watch -- PROG ARGS...: the rest is the command. */
			if (i + 1 >= argc)
				return hp_err_set(err, "'--' after --watch wants a program to run");
			s->command = argv + i + 1;
			break;
		} else if (strcmp(a, "--") == 0) {
			only_files = 1, rc = 0;
		} else if (a[1] == '-') {
			rc = long_option(s, argc, argv, &i, err);
		} else {
			rc = short_options(s, argc, argv, &i, err);
		}
		if (rc)
			return -1;
		if (s->action != CLI_RUN)
			return 0;
	}
	return finish(s, err);
}

/* ---- --help ---- */

#define HELP_COLUMN 26
#define HELP_WIDTH 79

/* Append to the first column; the table's strings are short, but a
 * longer one would only be cut. */
static void
column(char *buf, size_t size, size_t *n, const char *a, const char *b,
       const char *c, const char *d)
{
	int k = snprintf(buf + *n, size - *n, "%s%s%s%s", a, b, c, d);

	if (k > 0)
		*n = *n + (size_t)k < size ? *n + (size_t)k : size - 1;
}

/*
 * An option's help with %N (the formats' names) and %E (their
 * extensions) taken from the format table, so the lists never go stale.
 * The table's own line breaks stay; a line a list made longer than
 * HELP_WIDTH breaks at its last space that fits.
 */
static void
help_text(FILE *out, const char *h)
{
	char text[1024] = "", list[512];
	const char *line = text;
	size_t n = 0;

	for (; *h && n + 1 < sizeof text; h++) {
		if (h[0] == '%' && (h[1] == 'N' || h[1] == 'E')) {
			size_t k = cli_format_list(list, sizeof list, h[1] == 'N'
						   ? CLI_LIST_NAMES
						   : CLI_LIST_EXTS);

			if (k > sizeof text - 1 - n)
				k = sizeof text - 1 - n;
			memcpy(text + n, list, k);
			n += k;
			h++;
			continue;
		}
		text[n++] = *h;
	}
	text[n] = '\0';
	for (;;) {
		size_t len = strcspn(line, "\n"), cut = len;

		if (len > HELP_WIDTH - HELP_COLUMN) {
			cut = HELP_WIDTH - HELP_COLUMN;
			while (cut > 0 && line[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = len;
		}
		fwrite(line, 1, cut, out);
		line += cut;
		if (*line == '\0')
			break;
		line++;		/* the space or line break */
		fprintf(out, "\n%*s", HELP_COLUMN, "");
	}
	fputc('\n', out);
}

static void
help_entry(FILE *out, const struct optdef *o)
{
	char first[128], letter[3] = "-";
	size_t n = 0;
	const char *c;

	first[0] = '\0';
	for (c = o->letters; c && *c; c++) {
		letter[1] = *c;
		column(first, sizeof first, &n, n ? ", " : "", letter,
		       o->short_argh ? o->short_argh : "", "");
	}
	if (o->name)
		column(first, sizeof first, &n, n ? ", --" : "--", o->name,
		       o->argh ? (o->optional ? "[=" : "=") : "",
		       o->argh ? o->argh : "");
	if (o->optional)
		column(first, sizeof first, &n, "]", "", "", "");
	if (o->alias)
		column(first, sizeof first, &n, ", --", o->alias, "", "");
	fprintf(out, "  %s", first);
	if (n + 2 + 2 > HELP_COLUMN)
		fprintf(out, "\n%*s", HELP_COLUMN, "");
	else
		fprintf(out, "%*s", (int)(HELP_COLUMN - 2 - n), "");
	help_text(out, o->help);
}

int
cli_help(FILE *out)
{
	size_t i;

	fputs("usage: hp2x [options] [FILE[.hp] | FILE.eventlog | -] [-o OUTPUT]\n"
	      "   or: hp2x [options] FILE FILE... -o OUTPUT\n"
	      "   or: hp2x --diff [options] A B [-o OUTPUT]\n"
	      "   or: hp2x --watch [options] FILE -o OUTPUT\n"
	      "   or: hp2x --watch [options] -o OUTPUT -- PROG [ARGS...]\n"
	      "\n"
	      "Draw a GHC heap profile (.hp, eventlog, either gzipped) as hp2ps's\n"
	      "band graph, or write its data.  With no -o, as hp2ps: FILE is read\n"
	      "(FILE.hp if FILE does not exist) and FILE.ps and FILE.aux are written\n"
	      "in the current directory.  With no FILE or FILE -, standard input is\n"
	      "read and PostScript written to standard output.\n",
	      out);
	for (i = 0; i < NOPTIONS; i++) {
		if (!options[i].letters && !options[i].name)
			fprintf(out, "\n%s:\n", options[i].help);
		else
			help_entry(out, &options[i]);
	}
	fputs("\n"
	      "Examples:\n"
	      "  hp2x FOO.hp -o FOO.pdf          PDF, format from the extension\n"
	      "  hp2x -c -e15cm FOO.hp -o FOO.eps\n"
	      "                                  colour EPS, 15 cm wide\n"
	      "  hp2x FOO                        as hp2ps: FOO.hp to FOO.ps, FOO.aux\n"
	      "  hp2x -p BAR                     BAR.ps with FOO's scales and shades,\n"
	      "                                  after cp FOO.aux BAR.aux\n"
	      "  hp2x prog.eventlog -o prog.svg  an eventlog (+RTS -hT -l)\n"
	      "  hp2x FOO.hp -o FOO.csv          the data: sample,time,band,bytes\n"
	      "  prog +RTS -hT -RTS; hp2x < prog.hp > prog.ps\n"
	      "  hp2x -w FOO.hp -o FOO.pdf       redraw FOO.pdf as FOO.hp grows\n"
	      "  hp2x -w -o prog.pdf -- ./prog   run prog, graph its heap live\n"
	      "  hp2x --summary FOO.hp           which bands, how big, growing?\n"
	      "  hp2x --from 'phase 2' --to 30 prog.eventlog -o p2.png\n"
	      "                                  a window, by mark label or seconds\n"
	      "  hp2x before.hp after.hp -o both.pdf\n"
	      "                                  a page each, one scale, same colours\n"
	      "  hp2x --diff before.hp after.hp -o diff.png\n"
	      "                                  growth above zero, shrinkage below\n"
	      "\n"
	      "Exit status: 0 success, 1 the run failed, 2 bad command line;\n"
	      "with --watch -- PROG, PROG's status (128+N when killed by signal N).\n"
	      "See hp2x(1).\n",
	      out);
	return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

int
cli_source_date(struct cli_settings *s, const char *env, struct hp_err *err)
{
	const char *p = env;
	long long v = 0;

	if (!env || !*env)
		return 0;	/* set empty: as unset, as most tools take it */
	/* up to the end of year 9999, what a PDF date can say */
	for (; *p >= '0' && *p <= '9' && v <= 253402300799LL; p++)
		v = v * 10 + (*p - '0');
	if (p == env || *p || v > 253402300799LL)
		return hp_err_set(err, "SOURCE_DATE_EPOCH is not a number of "
				  "seconds since 1970 up to year 9999: '%s'",
				  env);
	s->render.source_date = v;
	return 0;
}
