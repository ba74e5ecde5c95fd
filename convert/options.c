/*
 * convert/options.c - the command line: one option table (its row is
 * optdef.h's) drives the parser, the error texts and --help (help.c), as
 * git's parse-options does, plus the custom walk that hp2ps's
 * single-letter flags need.
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
 * A row is everything known of an option: its names, the kind of value
 * it takes with that kind's data (bounds, the words of a choice), the
 * field of struct cli_settings it writes, and its help.  Generic code
 * reads a value by its kind; an option whose value no kind describes
 * has a setter of its own.
 *
 * Parsing is pure: it fills struct cli_settings and touches no file.
 */
#include "optdef.h"

#include "../hp/parts.h"
#include "../hp/select.h"
#include "hostport.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The field f of struct cli_settings, and 0 or a compile error when it
 * is not of type T (or, for an int-sized enum, not of an int's size). */
#define FIELD(f) (((struct cli_settings *)0)->f)
#define OF_TYPE(f, T) (0 * sizeof(char[_Generic(FIELD(f), T: 1, default: -1)])) /* NOLINT(bugprone-macro-parentheses): T is a type */
#define INT_SIZED(f) (0 * sizeof(char[sizeof(FIELD(f)) == sizeof(int) ? 1 : -1]))
#define AT(f) .field = offsetof(struct cli_settings, f)

/* The kinds' rows, as git's OPT_BOOL, OPT_SET_INT, OPT_STRING... */
#define SETS(f, v) .kind = OPT_SET, AT(f) + INT_SIZED(f), .value = (v)
#define FLAG(f) SETS(f, 1)
#define REAL(f, l, h) .kind = OPT_REAL, AT(f) + OF_TYPE(f, double), \
	.lo = (l), .hi = (h)
#define INTEGER(f, l, h, w) .kind = OPT_INT, AT(f) + OF_TYPE(f, int), \
	.lo = (l), .hi = (h), .words = (w)
#define FILENAME(f) .kind = OPT_FILE, AT(f) + OF_TYPE(f, const char *)
#define TEXT(f, w) .kind = OPT_TEXT, AT(f) + OF_TYPE(f, const char *), \
	.what = (w)
#define LIST(list, n, c, w) .kind = OPT_LIST, \
	AT(list) + OF_TYPE(list, const char **) + \
	0 * sizeof(char[sizeof FIELD(list) == CLI_MAX_PATTERNS * sizeof(char *) ? 1 : -1]), \
	.count = offsetof(struct cli_settings, n) + OF_TYPE(n, size_t), \
	.check = (c), .what = (w)
#define PATTERNS(list, n) LIST(list, n, hp_select_check, "patterns")
#define CHOICE(f, w) .kind = OPT_CHOICE, AT(f) + INT_SIZED(f), .words = (w)
#define LIMIT(f, u, p, h, w) .kind = OPT_LIMIT, \
	AT(f) + OF_TYPE(f, struct cli_budget), .units = (u), .per = (p), \
	.hi = (h), .what = (w)
#define CUSTOM(fn, t) .kind = OPT_CUSTOM, .set = (fn), .takes = (t)

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

/* ---- the kinds ---- */

static int
is_alias(const struct optword *words, const struct optword *w)
{
	const struct optword *v;

	for (v = words; v < w; v++)
		if (v->value == w->value)
			return 1;
	return 0;
}

size_t
cli_opt_words(char *buf, size_t size, const struct optword *words,
	   enum words_form form)
{
	const struct optword *w, *last = words;
	size_t n = 0;

	for (w = words; w && w->word; w++)
		if (!is_alias(words, w))
			last = w;
	buf[0] = '\0';
	for (w = words; w && w->word && n + 1 < size; w++) {
		int note = form == WORDS_NOTES && w->note;
		int k;

		if (is_alias(words, w))
			continue;
		k = snprintf(buf + n, size - n, "%s%s%s%s%s",
			     w == words ? "" : form == WORDS_BAR ? "|"
			     : w == last ? " or " : ", ", w->word,
			     note ? " (" : "", note ? w->note : "",
			     note ? ")" : "");
		if (k < 0)
			break;
		n += (size_t)k < size - n ? (size_t)k : size - n - 1;
	}
	return n;
}

static const struct optword *
find_word(const struct optword *w, const char *arg)
{
	for (; w->word; w++)
		if (strcmp(w->word, arg) == 0)
			return w;
	return NULL;
}

/* An optional value left out is the first word. */
static int
choose(char *field, const struct optdef *o, const char *opt,
       const char *arg, struct hp_err *err)
{
	const struct optword *w = arg ? find_word(o->words, arg) : o->words;
	char words[256];

	if (!w || !w->word) {
		cli_opt_words(words, sizeof words, o->words, WORDS_OR);
		return hp_err_set(err, "option '%s' wants %s, not '%s'",
				  opt, words, arg);
	}
	memcpy(field, &w->value, sizeof w->value);
	return 0;
}

static int
add_item(struct cli_settings *s, const struct optdef *o,
	 const char *opt, const char *arg, struct hp_err *err)
{
	const char **list = (const char **)(void *)((char *)s + o->field);
	size_t *n = (size_t *)(void *)((char *)s + o->count);

	if (*n >= CLI_MAX_PATTERNS)
		return hp_err_set(err, "at most %d %s %s", CLI_MAX_PATTERNS,
				  opt, o->what);
	if (o->check(opt, arg, err))
		return -1;
	list[(*n)++] = arg;
	return 0;
}

/* A budget's limit: no sign, exponent, hex, inf or nan in its number. */
static int
limit(struct cli_budget *b, const struct optdef *o, const char *opt,
      const char *arg, struct hp_err *err)
{
	const struct optunit *u;
	const char *rest, *p;
	double v;

	if (number(arg, 0, &v, &rest))
		goto bad;
	for (p = arg; p < rest; p++)
		if (!isdigit((unsigned char)*p) && *p != '.')
			goto bad;
	for (u = o->units; u->unit; u++) {
		size_t n = strlen(u->unit);

		if (strncmp(rest, u->unit, n) == 0 &&
		    strcmp(rest + n, o->per ? o->per : "") == 0) {
			if (!(v * u->factor <= o->hi))
				break;
			b->limit = v * u->factor;
			b->given = arg;
			return 0;
		}
	}
bad:
	return hp_err_set(err, "option '%s' wants %s, not '%s'", opt, o->what,
			  arg);
}

/* ---- the options no kind describes ---- */

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

/* --keep=N (censuses) or DURATION (90s, 30m, 2h, 1d): what watch mode
 * keeps exactly; older censuses only as a summary (hp_model_compact). */
static int
set_keep(struct cli_settings *s, const char *opt, const char *arg,
	 struct hp_err *err)
{
	static const struct {
		const char *unit;
		double s;
	} units[] = { { "s", 1 }, { "m", 60 }, { "h", 3600 }, { "d", 86400 } };
	const char *rest;
	double v;
	size_t i;

	if (number(arg, 0, &v, &rest) || !(v > 0))
		goto bad;
	if (*rest == '\0') {
		if (v != floor(v) || v < 16 || v > 1e9)
			return hp_err_set(err, "option '%s': a count of censuses is a whole number from 16 to 1000000000, not '%s'",
					  opt, arg);
		s->keep_samples = (size_t)v;
		s->keep_seconds = 0;
		return 0;
	}
	for (i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(rest, units[i].unit) == 0) {
			s->keep_seconds = v * units[i].s;
			s->keep_samples = 0;
			return 0;
		}
bad:
	return hp_err_set(err, "option '%s' wants a count of censuses (20000) or a time (90s, 30m, 2h, 1d), not '%s'",
			  opt, arg);
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
set_serve(struct cli_settings *s, const char *opt, const char *arg,
	  struct hp_err *err)
{
	struct cli_serve_at at;

	(void)opt;
	if (cli_serve_parse(arg, &at, err))
		return -1;
	s->watch = 1;
	s->serve = 1;
	s->serve_at = arg;
	return 0;
}

/* ---- the table ---- */

/*
 * A budget's SIZE in bytes: a number and a unit, decimal (kB, MB, GB, TB
 * as --summary prints sizes) or binary (KiB, MiB, GiB, TiB); a bare
 * number is bytes, as --summary=json and GHC's +RTS -s print them.  A
 * RATE is a SIZE per second.  Past 2^64 bytes no profile can reach it:
 * a typo.
 */
static const struct optunit sizes[] = {
	{ "", 1 }, { "B", 1 },
	{ "kB", 1e3 }, { "MB", 1e6 }, { "GB", 1e9 }, { "TB", 1e12 },
	{ "KiB", 1024.0 }, { "MiB", 1048576.0 },
	{ "GiB", 1073741824.0 }, { "TiB", 1099511627776.0 },
	{ NULL, 0 }
};
#define MAX_BYTES 18446744073709551615.0

static const struct optunit percent[] = { { "", 1 }, { "%", 1 }, { NULL, 0 } };

static const struct optword palettes[] = {
	{ "hp2ps", RENDER_PALETTE_HP2PS, "hp2ps's -c colours" },
	{ "grey", RENDER_PALETTE_GREY, "hp2ps's greys" },
	{ "gray", RENDER_PALETTE_GREY, NULL },
	{ "many", RENDER_PALETTE_MANY,
	  "128 colours, none alike among the first 64" },
	{ NULL, 0, NULL }
};

static const struct optword colourings[] = {
	{ "name", 1, "it follows its name, the same in every graph; the "
		     ".aux keeps it for -p" },
	{ "rank", 0, "the default: its place in the order" },
	{ NULL, 0, NULL }
};

/* -mN; --bands all keeps every band, with a key (-m0 has none).  More
 * than 20 bands give PostScript hp2ps's key pages (the layout decides). */
static const struct optword every[] = {
	{ "all", RENDER_ALL_BANDS, NULL },
	{ NULL, 0, NULL }
};

static const struct optword sorts[] = {
	{ "size", RENDER_SORT_SIZE, "default: largest on top" },
	{ "stddev", RENDER_SORT_STDDEV, NULL },
	{ "name", RENDER_SORT_NAME, NULL },
	{ "name-desc", RENDER_SORT_NAME_DESC, NULL },
	{ "growth", RENDER_SORT_GROWTH, NULL },
	{ NULL, 0, NULL }
};

static const struct optword measures[] = {
	{ "entries", HP_MEASURE_ENTRIES, NULL },
	{ "alloc", HP_MEASURE_ALLOC, "the default" },
	{ "allocd", HP_MEASURE_ALLOCD, NULL },
	{ NULL, 0, NULL }
};

/* --kind's words: 1 + enum hp_part, in hp/parts.h's order */
static const struct optword kinds[] = {
	{ "heap", 1 + HP_PART_HEAP, NULL },
	{ "time", 1 + HP_PART_TIME, NULL },
	{ "ticky", 1 + HP_PART_TICKY, NULL },
	{ "heap-size", 1 + HP_PART_HEAP_SIZE, NULL },
	{ NULL, 0, NULL }
};

static const struct optword charges[] = {
	{ "cc", 0, "the innermost cost centre, the default" },
	{ "stack", 1, "the whole cost-centre stack, named as -hc names it" },
	{ NULL, 0, NULL }
};

static const struct optword summaries[] = {
	{ "text", CLI_SUMMARY_TEXT, "a table, the default" },
	{ "json", CLI_SUMMARY_JSON, NULL },
	{ "markdown", CLI_SUMMARY_MARKDOWN, "GitHub's, for a CI job's summary" },
	{ NULL, 0, NULL }
};

static const struct optdef options[] = {
	{ .help = "hp2ps's options (same letters, same meaning)" },
	{ .letters = "b", .name = "big-title", SETS(render.title, RENDER_TITLE_BIG),
	  .help = "always draw the big (two-row) title box" },
	{ .letters = "s", .name = "small-title",
	  CUSTOM(set_small, TAKES_NOTHING),
	  .help = "always draw the small title box, cutting the job\n"
		  "name to 35 characters (-b wins over -s)" },
	{ .letters = "c", .name = "colour", .alias = "color",
	  FLAG(render.colour), .help = "colour bands instead of grey ones" },
	{ .letters = "d", CUSTOM(set_stddev, TAKES_NOTHING),
	  .help = "sort bands by standard deviation, roughest on top\n"
		  "(--sort=stddev); -i wins over -d" },
	{ .letters = "i", .letter_arg = LA_GLUED, .short_argh = "[+|-]",
	  CUSTOM(set_by_name, TAKES_TEXT),
	  .help = "sort bands by name: -i or -i+ greatest name on top\n"
		  "(--sort=name), -i- smallest on top (--sort=name-desc)" },
	{ .name = "sort", .argh = "KEY", CHOICE(render.sort, sorts),
	  .help = "band order, bottom to top: %W" },
	{ .letters = "e", .letter_arg = LA_GLUED, .short_argh = "<W>",
	  .name = "eps", .argh = "WIDTH", CUSTOM(set_eps, TAKES_NUMBER),
	  .help = "Encapsulated PostScript, WIDTH wide: a number with\n"
		  "in, mm, cm or pt (the default unit), more than 2in;\n"
		  "with -o FILE.pdf/.svg/.png it sets the width only" },
	{ .letters = "g", .name = "gs", FLAG(render.gs),
	  .help = "page for the gs previewer: portrait, unscaled" },
	{ .letters = "m", .letter_arg = LA_GLUED, .short_argh = "<N>",
	  .name = "bands", .argh = "N", INTEGER(render.max_bands, 0, INT_MAX, every),
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
	  .name = "trace", .argh = "PCT", REAL(render.trace_pct, 0, 5),
	  .help = "leave out the smallest bands that together make\n"
		  "under PCT percent of the total (0 to 5, default 1),\n"
		  "as hp2ps does: they are not drawn, nor in OTHER" },
	{ .letters = "y", .name = "no-marks", FLAG(render.no_marks),
	  .help = "draw no marks on the time axis" },

	{ .help = "hp2x's options" },
	{ .letters = "o", .letter_arg = LA_NEXT, .short_argh = " FILE",
	  .name = "output", .argh = "FILE", CUSTOM(set_output, TAKES_FILE),
	  .help = "write FILE; its extension picks the format\n"
		  "(%E); - is standard output;\n"
		  "repeatable: every FILE written from one read" },
	{ .name = "format", .argh = "FMT", CUSTOM(set_format, TAKES_FORMAT),
	  .help = "output format whatever the file is called: %N" },
	{ .name = "aux", FLAG(aux),
	  .help = "also write the .aux beside -o FILE (FILE with its\n"
		  "extension replaced by .aux)" },
	{ .name = "aux-in", .argh = "FILE", FILENAME(aux_in),
	  .help = "read the prior .aux from FILE (implies -p)" },
	{ .name = "aux-out", .argh = "FILE", FILENAME(aux_out),
	  .help = "write the .aux to FILE" },
	{ .name = "size", .argh = "WxH", CUSTOM(set_size, TAKES_NUMBER),
	  .help = "PNG size in pixels (default from --dpi)" },
	{ .name = "dpi", .argh = "N", REAL(render.dpi, 1, 2400),
	  .help = "PNG resolution, 1 to 2400 (default 96)" },
	{ .name = "palette", .argh = "NAME", CHOICE(render.palette, palettes),
	  .help = "band colours: %W; default: grey, with -c hp2ps's up to "
		  "20 bands and many past 20" },
	{ .name = "colour-by", .alias = "color-by",
	  CHOICE(render.colour_by_name, colourings),
	  .help = "a band's colour by %W" },
	{ .name = "heap-size", FLAG(render.heap_size),
	  .help = "draw the heap-size series of an eventlog" },
	{ .name = "exact", FLAG(render.exact),
	  .help = "draw every sample, however many there are" },
	{ .name = "kind", CHOICE(kind, kinds),
	  .help = "which profile of an eventlog that holds several\n"
		  "(+RTS -hc -p -l) to draw: %W; default: heap when\n"
		  "there is one" },
	{ .name = "ticky-by", .argh = "MEASURE", CHOICE(ticky_by, measures),
	  .help = "ticky counters by %W: a ticky report's bars, an "
		  "eventlog's bands" },
	{ .name = "by", CHOICE(by_stack, charges),
	  .help = "time samples (-p -l eventlog): charge each tick to %W" },
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
	  CUSTOM(set_serve, TAKES_TEXT),
	  .help = "watch FILE (as --watch) and serve its interactive\n"
		  "page at the URL said on stderr, new samples pushed\n"
		  "as they come, /metrics for Prometheus; 127.0.0.1\n"
		  "and a free port unless given; -o files are written\n"
		  "too; serves on after the input ends, until Ctrl-C" },
	{ .name = "serve-name", .argh = "NAME",
	  LIST(serve_names, nserve_names, cli_serve_name_check, "names"),
	  .help = "with --serve: a name the server is reached by\n"
		  "(a DNS name, a proxy's), taken in Host and Origin\n"
		  "headers with any port; its address, the machine's\n"
		  "name and, bound to 0.0.0.0, its addresses are\n"
		  "taken without" },
	{ .name = "exit", FLAG(serve_exit),
	  .help = "with --serve: stop serving when the input ends" },
	{ .name = "interval", .argh = "SECONDS", REAL(interval, 0.01, 86400),
	  .help = "with --watch: at most one drawing per SECONDS\n"
		  "(default 1, fractions allowed)" },
	{ .name = "idle-exit", .argh = "SECONDS", REAL(idle_exit, 0.01, 1e9),
	  .help = "with --watch: stop after SECONDS without growth" },
	{ .name = "keep", .argh = "N|TIME", CUSTOM(set_keep, TAKES_NUMBER),
	  .help = "with --watch: keep the last N censuses (default\n"
		  "20000), or those of the last TIME (30m, 2h, 1d),\n"
		  "exactly; older ones as a summary, so memory stays\n"
		  "bounded however long the run" },
	{ .name = "reconnect", FLAG(reconnect),
	  .help = "with --watch unix:PATH: when the connection\n"
		  "drops, wait for the socket again and start over;\n"
		  "--idle-exit seconds (default 60) without one end\n"
		  "the run with status 3" },

	{ .help = "what to look at, and comparing runs" },
	{ .name = "include", .argh = "REGEX", PATTERNS(include, ninclude),
	  .help = "only bands whose name matches REGEX (POSIX extended,\n"
		  "anywhere in the name); repeatable: any may match" },
	{ .name = "exclude", .argh = "REGEX", PATTERNS(exclude, nexclude),
	  .help = "no band whose name matches REGEX; repeatable;\n"
		  "filters apply before -m, -t and OTHER" },
	{ .name = "from", .argh = "T", TEXT(from, "seconds or a mark's label"),
	  .help = "only samples from T on: seconds, or a mark's label" },
	{ .name = "to", .argh = "T", TEXT(to, "seconds or a mark's label"),
	  .help = "only samples up to T (also cuts .hp, CSV, JSON)" },
	{ .name = "summary", .optional = 1, CHOICE(summary, summaries),
	  .help = "print the bands, phases and OTHER as %W; draws only "
		  "with -o" },
	{ .name = "max-peak", .argh = "SIZE",
	  LIMIT(max_peak, sizes, NULL, MAX_BYTES, "a size such as 100MB or "
		"1.5GiB (units B, kB, MB, GB, TB, KiB, MiB, GiB, TiB; a bare "
		"number is bytes)"),
	  .help = "exit 4 (outputs written) when the peak is over\n"
		  "SIZE (100MB, 1.5GiB; a bare number is bytes); with\n"
		  "--include or --exclude, when a kept band's is" },
	{ .name = "max-growth", .argh = "RATE",
	  LIMIT(max_growth, sizes, "/s", MAX_BYTES, "a rate such as 512kB/s "
		"or 1MiB/s (a size per second)"),
	  .help = "exit 4 when a band grows faster than RATE\n"
		  "(512kB/s): --summary's growth, over --from/--to" },
	{ .name = "diff", FLAG(diff),
	  .help = "--diff A B: draw how each band changed from A to B" },
	{ .name = "fail-if-larger", .argh = "PCT",
	  LIMIT(fail_if_larger, percent, NULL, HUGE_VAL,
		"a percentage such as 5 or 5%"),
	  .help = "--diff BASE NEW: exit 4 when NEW's peak is over\n"
		  "BASE's by more than PCT percent (with --include\n"
		  "or --exclude, when a kept band's is)" },
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

const struct optdef *
cli_opt_at(size_t i)
{
	return i < NOPTIONS ? &options[i] : NULL;
}

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

int
cli_opt_takes_value(const struct optdef *o)
{
	return o->kind == OPT_CUSTOM ? o->takes != TAKES_NOTHING
				     : o->kind != OPT_SET;
}

const char *
cli_opt_value_name(const struct optdef *o, char *buf, size_t size)
{
	if (o->argh || o->kind != OPT_CHOICE)
		return o->argh ? o->argh : "";
	cli_opt_words(buf, size, o->words, WORDS_BAR);
	return buf;
}

/* The value arg of option o (as opt was written) into its field. */
static int
apply(struct cli_settings *s, const struct optdef *o, const char *opt,
      const char *arg, struct hp_err *err)
{
	char *field = (char *)s + o->field;
	const struct optword *w;

	/* only a row whose letter takes nothing but whose kind wants a
	 * value could get here without one: the table would be wrong */
	if (!arg && o->kind != OPT_SET && o->kind != OPT_CHOICE &&
	    o->kind != OPT_CUSTOM)
		return hp_err_set(err, "option '%s' needs a value", opt);
	switch (o->kind) {
	case OPT_SET:
		memcpy(field, &o->value, sizeof o->value);
		return 0;
	case OPT_REAL:
		/* hp2ps reads a glued letter's value with atof: "" is 0 */
		return real(opt, arg, !is_long(opt), o->lo, o->hi,
			    (double *)(void *)field, err);
	case OPT_INT:
		/* hp2ps's letters take numbers only, "" being 0 */
		w = is_long(opt) && o->words ? find_word(o->words, arg) : NULL;
		if (w) {
			memcpy(field, &w->value, sizeof w->value);
			return 0;
		}
		return integer(opt, arg, !is_long(opt), (long)o->lo,
			       (long)o->hi, (int *)(void *)field, err);
	case OPT_FILE:
	case OPT_TEXT:
		if (arg[0] == '\0')
			return hp_err_set(err, "option '%s' wants %s", opt,
					  o->kind == OPT_FILE ? "a file name"
							      : o->what);
		memcpy(field, &arg, sizeof arg);
		return 0;
	case OPT_LIST:
		return add_item(s, o, opt, arg, err);
	case OPT_CHOICE:
		return choose(field, o, opt, arg, err);
	case OPT_LIMIT:
		return limit((struct cli_budget *)(void *)field, o, opt, arg, err);
	case OPT_CUSTOM:
		return o->set(s, opt, arg, err);
	}
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

static int
long_option(struct cli_settings *s, int argc, char **argv, int *i,
	    struct hp_err *err)
{
	const char *name = argv[*i] + 2;
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct optdef *o = by_name(name, len);
	char opt[64], words[128];
	const char *arg = NULL;

	if (!o)
		return hp_err_set(err, "unknown option '--%.*s'", (int)len, name);
	snprintf(opt, sizeof opt, "--%.*s", (int)len, name);
	if (o->optional) {
		if (eq)
			arg = eq + 1;
	} else if (cli_opt_takes_value(o)) {
		if (eq)
			arg = eq + 1;
		else if (*i + 1 < argc)
			arg = argv[++*i];
		else
			return hp_err_set(err, "option '%s' needs a value (%s)",
					  opt, cli_opt_value_name(o, words, sizeof words));
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
	return cli_settle(s, err);
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
