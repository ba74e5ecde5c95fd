/*
 * data/summary.c - --summary and --summary=json.  See summary.h.
 *
 * The table is for a person at a terminal: sizes with SI units, one row
 * per band the graph draws (largest bytes x seconds first), what OTHER
 * holds and what -t dropped, one line per phase between marks.  Band
 * names are shortened in the middle to the columns there are.  JSON
 * holds the same numbers unrounded and every band, for CI scripts.
 *
 * Over 1,000 lines because both forms of each summary (one profile, a
 * ticky report, --diff, several inputs) are kept side by side, text and
 * JSON, so that a number is worked out once for both, and the page's
 * table (summary_rows) takes its rows from the same code.
 */
#include "summary.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../hp/facts.h"
#include "../hp/grow.h"
#include "../hp/match.h"
#include "../hp/parts.h"
#include "../hp/stats.h"
#include "../hp/steps.h"
#include "../hp/utf8.h"
#include "../render/layout/layout.h"
#include "dataout.h"
#include "json.h"
#include "mdtext.h"

#define MIN_NAME 10
#define DIFF_ROWS 20

int
summary_width(FILE *out)
{
	struct winsize ws;
	const char *c = getenv("COLUMNS");
	long v;

	if (isatty(fileno(out)) && ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 &&
	    ws.ws_col > 0)
		return ws.ws_col;
	if (c && (v = strtol(c, NULL, 10)) > 0 && v < 10000)
		return (int)v;
	return 100;
}

/* ---- text helpers ---- */

/* The same with three significant digits below 1000 too ("0.375 CPU"),
 * for values that are not counts. */
static void
human_frac(char *buf, size_t size, double v, const char *unit)
{
	if (fabs(v) < 999.5)
		snprintf(buf, size, *unit ? "%.3g %s" : "%.3g", v, unit);
	else
		layout_si(buf, size, v, unit);
}

/* v with its sign, as fmt writes |v| ("+1.2 MB", "-0.0314 CPU/s"). */
static void
signed_human(char *buf, size_t size, double v,
	     void (*fmt)(char *, size_t, double, const char *),
	     const char *unit)
{
	if (!isfinite(v)) {
		snprintf(buf, size, "n/a");
		return;
	}
	fmt(buf + 1, size - 1, fabs(v), unit);
	buf[0] = v > 0 ? '+' : v < 0 ? '-' : ' ';
	if (v == 0)
		memmove(buf, buf + 1, strlen(buf));
}

/* The columns s takes on a terminal: its characters, not its bytes
 * (the growth of a rate ends in "s\u00b2", two bytes, one column). */
static size_t
columns(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* A growth's fit (R²) in four columns: "0.98", "-" for a flat band. */
static void
fit_text(char *buf, size_t size, double fit)
{
	if (isfinite(fit))
		snprintf(buf, size, "%.2f", fit);
	else
		snprintf(buf, size, "-");
}

/* A column's head: "peak (B)", or "peak" for plain numbers. */
static void
head(char *buf, size_t size, const char *what, const char *unit)
{
	snprintf(buf, size, *unit ? "%s (%s)" : "%s", what, unit);
}

/* Bytes i to end of name into buf at o as text: what hp_utf8_term lets
 * reach a terminal as it is, a blank for each other piece (a control
 * character, a byte that is not UTF-8, a character cut by i or end).
 * Returns the new o; never more bytes than were read. */
static size_t
put_text(char *buf, size_t o, const char *name, size_t i, size_t end)
{
	const unsigned char *p = (const unsigned char *)name;
	unsigned cp;
	size_t k;
	int ok;

	for (; i < end; i += k) {
		k = hp_utf8_term(p + i, end - i, &ok, &cp);
		if (ok)
			memcpy(buf + o, p + i, k);
		else
			memset(buf + o, ' ', k = 1);
		o += k;
	}
	return o;
}

/* name as printable text of at most w columns (bytes), shortened in the
 * middle: control characters and bytes that are not UTF-8 become
 * blanks. */
static void
fit_name(char *buf, size_t size, const char *name, size_t len, size_t w)
{
	size_t o, head, tail;

	if (w + 1 > size)
		w = size - 1;
	if (len <= w) {
		head = len;
		tail = 0;
	} else {
		head = (w - 3) / 2 + (w - 3) % 2;
		tail = w - 3 - head;
	}
	o = put_text(buf, 0, name, 0, head);
	if (len > w) {
		memcpy(buf + o, "...", 3);
		o = put_text(buf, o + 3, name, len - tail, len);
	}
	buf[o] = '\0';
}

/* "12.345 s"; past a billion seconds (an absurd .hp time), "1e+305 s"
 * rather than 300 digits. */
static void
fmt_time(char *buf, size_t size, double t)
{
	snprintf(buf, size, fabs(t) < 1e9 ? "%.3f s" : "%.4g s", t);
}

static void
put_time(FILE *out, double t)
{
	char buf[64];

	fmt_time(buf, sizeof buf, t);
	fputs(buf, out);
}

/* "51.4%", or "n/a" when the whole cannot be computed. */
static void
fmt_share(char *buf, size_t size, double pct)
{
	snprintf(buf, size, isfinite(pct) ? "%.1f%%" : "n/a", pct);
}

/* ---- JSON helpers ---- */

/* The spacing of --summary=json (json.h): members on one line, but
 * for the long lists (bands, phases), one entry to an indented line. */
static const struct json_space inline_ = { "", ", ", "" };
static const struct json_space entries = { "\n  ", ",\n  ", "" };

/* A JSON writer for out, spaced for people (json.h). */
static void
json_begin(struct json_w *w, FILE *out)
{
	json_init(w, out, 0);
	w->colon = ": ";
}

static void
jband(struct json_w *w, const hp_model *m, hp_band b)
{
	size_t len;
	const char *name = hp_model_band_name(m, b, &len);

	json_str(w, name, len);
}

/* "label": ... when the band shows another name than it has (a -hi
 * band named by its source, a ticky counter). */
static void
jlabel(struct json_w *w, const hp_model *m, hp_band b)
{
	size_t len;
	const char *label = hp_model_band_label(m, b, &len);

	if (label == hp_model_band_name(m, b, NULL))
		return;
	json_key(w, "label");
	json_str(w, label, len);
}

/* ---- one profile ---- */

/* Band indices by integral, largest first (ties: first seen first). */
struct keyed {
	double key;
	hp_band b;
};

static int
cmp_keyed(const void *pa, const void *pb)
{
	const struct keyed *x = pa, *y = pb;

	if (x->key != y->key)
		return x->key < y->key ? 1 : -1;
	return (x->b > y->b) - (x->b < y->b);
}

static hp_band *
order_bands(const struct hp_stats *st)
{
	size_t i, n = st->nbands ? st->nbands : 1;
	hp_band *order = hp_mallocn(n, sizeof *order);
	struct keyed *k = hp_mallocn(n, sizeof *k);

	if (!order || !k) {
		free(order);
		free(k);
		return NULL;
	}
	for (i = 0; i < st->nbands; i++) {
		k[i].key = st->band[i].integral;
		k[i].b = (hp_band)i;
	}
	qsort(k, st->nbands, sizeof *k, cmp_keyed);
	for (i = 0; i < st->nbands; i++)
		order[i] = k[i].b;
	free(k);
	return order;
}

enum fate { DRAWN, MERGED, DROPPED };

static enum fate
fate_of(const struct render_layout *l, hp_band b)
{
	int32_t s = l->slot[b];

	if (s == LAYOUT_DROPPED)
		return DROPPED;
	return l->has_other && s == 0 ? MERGED : DRAWN;
}

/* What the sample times count, in words and as the JSON "clock": a
 * ticky report's one sample of totals has no time. */
static const char *
clock_of(const hp_model *m, int json)
{
	switch (hp_model_kind(m)) {
	case HP_KIND_EVENTLOG:
		return json ? "eventlog"
			    : "seconds since the program started (eventlog)";
	case HP_KIND_TICKY:
		return json ? "none" : "none (a ticky report's totals)";
	default:
		return json ? "hp" : "the .hp's sample times";
	}
}

/* NAN when the whole is not a number (limits_lines says why). */
static double
share(const struct hp_stats *st, double v)
{
	if (!isfinite(st->integral) || !isfinite(v))
		return NAN;
	return st->integral > 0 ? 100.0 * v / st->integral : 0;
}

/* Whether the sample totals reached 2^64-1, where the model's sums stop
 * (hp/model.c): the peak is then a floor, not a value. */
static int
peak_saturated(const struct hp_stats *st)
{
	return st->peak == UINT64_MAX;
}

/* What the summary cannot compute, said in words rather than printed as
 * "-nan%" or a sum stopped at 2^64-1 without a word. */
static void
limits_lines(FILE *out, const struct hp_stats *st, const char *unit,
	     const char *area, const char *who)
{
	size_t i, nan_growth = 0;

	for (i = 0; i < st->nbands; i++)
		nan_growth += !isfinite(st->band[i].growth);
	if (peak_saturated(st))
		fprintf(out, "  cannot compute%s%s: the peak (a sample's total passes 2^64-1 %s, "
			"where sums stop; the peak is at least that)\n", who ? " in " : "",
			who ? who : "", unit);
	if (!isfinite(st->integral))
		fprintf(out, "  cannot compute%s%s: the %s in all, and so the shares "
			"(times from %.4g to %.4g s make the sum pass the largest double)\n",
			who ? " in " : "", who ? who : "", area, st->t0, st->t1);
	if (nan_growth)
		fprintf(out, "  cannot compute%s%s: the growth of %zu band%s (times from %.4g "
			"to %.4g s: the slope's sums pass the largest double)\n",
			who ? " in " : "", who ? who : "", nan_growth,
			nan_growth == 1 ? "" : "s", st->t0, st->t1);
}

/* What a value is: bytes in a heap profile; ticky samples are rates;
 * time samples ticks scaled to CPU seconds per second. */
struct units {
	double scale;
	const char *v, *area, *growth;
	/* the table's cells' units: a time profile's are in the columns'
	 * heads ("peak (CPU)"), its cells plain numbers, not "0.76 CPU"
	 * in every one */
	const char *cell_v, *cell_growth;
	/* a value times scale, as text: fractions where scaled */
	void (*hum)(char *, size_t, double, const char *);
};

static struct units
units_of(const hp_model *m)
{
	struct units u = { hp_model_scale(m), "B", "B x s", "B/s", NULL, NULL,
			   layout_si };
	const char *vu = hp_model_count_unit(m);

	if (u.scale != 1)
		u.hum = human_frac;

	if (hp_model_profile(m) == HP_PROFILE_TIME) {
		u.v = "CPU";		/* CPU seconds per second */
		u.area = "CPU s";
		u.growth = "CPU/s";
		u.cell_v = u.cell_growth = "";
	} else if (hp_model_profile(m) == HP_PROFILE_TICKY) {
		int e = hp_model_measure(m) == HP_MEASURE_ENTRIES;

		u.v = e ? "/s" : "B/s";
		u.area = e ? "entries" : "B";
		/* a rate's growth: per second squared (UTF-8, as the
		 * names in the table are) */
		u.growth = e ? "/s\u00b2" : "B/s\u00b2";
	} else if (strcmp(vu, "bytes") != 0) {
		/* not bytes (a "what:" line names the unit): plain numbers,
		 * never "B" */
		u.v = u.area = "";
		u.growth = "/s";
	}
	if (!u.cell_v) {
		u.cell_v = u.v;
		u.cell_growth = u.growth;
	}
	return u;
}

/* Up to three names (and sizes) on one indented line: whole when they
 * fit the width, else the longest cut to share what room there is. */
static void
names_line(FILE *out, const hp_model *m, const hp_band *b,
	   const uint64_t *bytes, const struct units *u, size_t n,
	   size_t width)
{
	size_t k, len[3], fixed = 4, names = 0, room, nlong = 0, shortsum = 0;
	const char *s[3];
	char nm[512], v[3][64];

	for (k = 0; k < n && k < 3; k++) {
		s[k] = hp_model_band_label(m, b[k], &len[k]);
		v[k][0] = '\0';
		if (bytes)
			u->hum(v[k], sizeof v[k], (double)bytes[k] * u->scale,
			       u->v);
		fixed += (k ? 2 : 0) + (bytes ? strlen(v[k]) + 1 : 0);
		names += len[k];
	}
	room = width > fixed + (size_t)3 * 8 ? width - fixed : (size_t)3 * 8;
	if (names > room) {
		for (k = 0; k < n; k++) {
			if (len[k] <= room / n)
				shortsum += len[k];
			else
				nlong++;
		}
		room = nlong ? (room - shortsum) / nlong : room;
	}
	fputs("    ", out);
	for (k = 0; k < n; k++) {
		fit_name(nm, sizeof nm, s[k], len[k],
			 names > width - fixed && len[k] > room ? room : len[k]);
		fprintf(out, "%s%s%s%s", k ? ", " : "", nm, *v[k] ? " " : "",
			v[k]);
	}
	fputc('\n', out);
}

/* "OTHER ..." and "dropped ..." lines: count, share, top names. */
static void
group_line(FILE *out, const char *what, const hp_model *m,
	   const struct hp_stats *st, const struct render_layout *l,
	   const hp_band *order, enum fate f, size_t width)
{
	size_t i, n = 0, shown = 0;
	hp_band top[3];
	double sum = 0;
	char pct[16];

	for (i = 0; i < st->nbands; i++) {
		if (fate_of(l, order[i]) != f)
			continue;
		if (shown < 3)
			top[shown++] = order[i];
		n++;
		sum += st->band[order[i]].integral;
	}
	if (!n) {
		fprintf(out, "%s: nothing\n", what);
		return;
	}
	fmt_share(pct, sizeof pct, share(st, sum));
	fprintf(out, "%s: %zu band%s, %s%s\n", what, n, n == 1 ? "" : "s",
		pct, n > shown ? "; the largest:" : ":");
	names_line(out, m, top, NULL, NULL, shown, width);
}

/* A ticky report: every counter, ranked by the measure drawn. */
static void
text_counters(FILE *out, const char *name, const hp_model *m, size_t width)
{
	size_t n = hp_model_band_count(m), i, nv;
	size_t namew = width > 48 + MIN_NAME ? width - 48 : MIN_NAME;
	struct keyed *k = hp_mallocn(n ? n : 1, sizeof *k);
	const hp_band *b;
	const uint64_t *v;
	char nm[512], e[64], a[64], d[64];

	if (!k)
		return;
	nv = hp_model_sample_count(m) ? hp_model_sample(m, 0, &b, &v) : 0;
	for (i = 0; i < n; i++) {
		k[i].key = 0;
		k[i].b = (hp_band)i;
	}
	for (i = 0; i < nv; i++)
		k[b[i]].key = (double)v[i];
	qsort(k, n, sizeof *k, cmp_keyed);
	fit_name(nm, sizeof nm, name, strlen(name), width);
	fprintf(out, "%s\n  %s, %zu counter%s, ranked by %s\n\n", nm,
		hp_model_get(m, HP_JOB) ? hp_model_get(m, HP_JOB) : "ticky report", n,
		n == 1 ? "" : "s",
		hp_model_measure(m) == HP_MEASURE_ENTRIES ? "entries"
		: hp_model_measure(m) == HP_MEASURE_ALLOCD ? "alloc'd" : "alloc");
	fprintf(out, "%5s %-*s %12s %12s %12s\n", "rank", (int)namew, "counter",
		"entries", "alloc", "alloc'd");
	for (i = 0; i < n; i++) {
		const struct hp_ticky_row *r = hp_model_band_ticky(m, k[i].b);
		size_t len;
		const char *lab = hp_model_band_label(m, k[i].b, &len);

		fit_name(nm, sizeof nm, lab, len, namew);
		layout_si(e, sizeof e, r ? (double)r->entries : 0, "");
		layout_si(a, sizeof a, r ? (double)r->alloc : 0, "B");
		layout_si(d, sizeof d, r ? (double)r->allocd : 0, "B");
		fprintf(out, "%5zu %-*s %12s %12s %12s\n", i + 1, (int)namew, nm, e, a, d);
	}
	free(k);
}

/* An eventlog's heap-size series, one line each, and the allocation:
 * for a plain +RTS -l log all there is, for a heap profile's log what
 * the GC saw beside the censuses. */
static void
series_lines(FILE *out, const struct hp_stats *st, size_t width)
{
	size_t s, namew = width > 62 + 12 ? 12 : 11;
	char a[64], b[64], c[64], d[64];
	int any = 0;

	for (s = 0; s < HP_NSERIES; s++) {
		const struct hp_series_stats *x = &st->series[s];

		if (!x->points)
			continue;
		if (!any++)
			fprintf(out, "%-*s %9s %9s %9s %9s %7s\n", (int)namew,
				"series", "peak", "at", "last", "at", "points");
		layout_si(a, sizeof a, (double)x->peak, "B");
		fmt_time(b, sizeof b, x->peak_t);
		layout_si(c, sizeof c, (double)x->last, "B");
		fmt_time(d, sizeof d, x->last_t);
		fprintf(out, "%-*s %9s %9s %9s %9s %7zu\n", (int)namew,
			hp_series_names[s].name, a, b, c, d, x->points);
	}
	if (!st->has_allocated)
		return;
	layout_si(a, sizeof a, (double)st->allocated, "B");
	fmt_time(b, sizeof b, st->allocated_t);
	fprintf(out, "%-*s %9s by %s", (int)namew, "allocated", a, b);
	if (st->allocated_t > 0) {
		layout_si(c, sizeof c, (double)st->allocated / st->allocated_t,
			  "B/s");
		fprintf(out, ", %s", c);
	}
	fputc('\n', out);
}

/* The run's facts (hp/facts.h) that the model holds, a line each:
 * "  RTS options: -hT -i0.05". */
static void
text_facts(FILE *out, const hp_model *m, size_t width)
{
	char nm[512];
	size_t i;

	for (i = 0; i < HP_NFACTS; i++) {
		const struct hp_fact *f = &hp_facts[i];
		const char *v = hp_model_get(m, f->field);
		size_t lw = strlen(f->label) + 4;

		if (!v || !*v || (f->field == HP_BREAKDOWN &&
				  hp_model_profile(m) != HP_PROFILE_HEAP))
			continue;	/* a time profile's is its "what" */
		fit_name(nm, sizeof nm, v, strlen(v), width > lw + 10 ? width - lw : 10);
		fprintf(out, "  %s: %s%s\n", f->label, nm,
			f->kind == HP_FACT_SECONDS ? " s" : "");
	}
}

static void
text_single(FILE *out, const char *name, const hp_model *m,
	    const struct hp_stats *st, const struct render_layout *l,
	    const hp_band *order, const struct render_opts *o, size_t width,
	    int series)
{
	const char *job = hp_model_get(m, HP_JOB);
	size_t namew = width > 50 + MIN_NAME ? width - 50 : MIN_NAME, i, labw;
	size_t growthw = 12;
	char a[64], b[64], c[64], d[64], nm[512], pct[16];
	char ph[32], lh[32], gh[32], f[16];
	int pw, showfit;
	struct units u = units_of(m);
	void (*hum)(char *, size_t, double, const char *) = u.hum;

	fit_name(nm, sizeof nm, name, strlen(name), width);
	fprintf(out, "%s\n", nm);
	if (job && *job) {
		fit_name(nm, sizeof nm, job, strlen(job), width - 7);
		fprintf(out, "  job: %s\n", nm);
	}
	if (l->series_only) {
		fprintf(out, "  what: %s\n", LAYOUT_SERIES_TITLE_OF(m));
	} else if (hp_model_profile(m) == HP_PROFILE_TIME ||
		   hp_model_profile(m) == HP_PROFILE_TICKY) {
		/* what the values are: "CPU time by cost-centre
		 * (innermost), 2565 ticks of 1 ms" */
		const char *by = hp_model_get(m, HP_BREAKDOWN);

		fit_name(nm, sizeof nm, by ? by : "", by ? strlen(by) : 0, width - 8);
		fprintf(out, "  what: %s (%s)\n", nm, hp_model_get(m, HP_VALUE_UNIT)
			? hp_model_get(m, HP_VALUE_UNIT) : "");
	} else if (strcmp(hp_model_count_unit(m), "bytes") != 0) {
		/* a .hp's own VALUE_UNIT, "words" */
		const char *vu = hp_model_count_unit(m);

		fit_name(nm, sizeof nm, vu, strlen(vu), width - 8);
		fprintf(out, "  values: %s\n", nm);
	}
	fprintf(out, "  %zu sample%s", st->nsamples, st->nsamples == 1 ? "" : "s");
	if (st->nsamples) {
		fputs(" from ", out);
		put_time(out, st->t0);
		fputs(" to ", out);
		put_time(out, st->t1);
	}
	if (hp_model_census_count(m) < hp_model_sample_count(m)) {
		fputs(" (the run ended at ", out);
		put_time(out, st->end);
		fputc(')', out);
	}
	fprintf(out, ", %zu band%s\n  clock: %s\n", st->nbands,
		st->nbands == 1 ? "" : "s", clock_of(m, 0));
	text_facts(out, m, width);
	if (l->series_only) {	/* no band to list */
		fputc('\n', out);
		series_lines(out, st, width);
		return;
	}
	hum(a, sizeof a, (double)st->peak * u.scale, u.v);
	hum(b, sizeof b, st->integral * u.scale, u.area);
	fprintf(out, "  peak %s%s at ", peak_saturated(st) ? "at least " : "", a);
	put_time(out, st->peak_t);
	fprintf(out, ", %s in all\n", b);
	limits_lines(out, st, u.v, u.area, NULL);
	fputc('\n', out);

	/* the growth column as wide as its widest entry or its head: a
	 * time profile's "-0.000619" under "growth (CPU/s)" */
	head(ph, sizeof ph, "peak", u.v == u.cell_v ? "" : u.v);
	head(lh, sizeof lh, "last", u.v == u.cell_v ? "" : u.v);
	head(gh, sizeof gh, "growth", u.growth == u.cell_growth ? "" : u.growth);
	growthw = growthw > strlen(gh) ? growthw : strlen(gh);
	for (i = 0; i < st->nbands; i++)
		if (fate_of(l, order[i]) == DRAWN) {
			signed_human(d, sizeof d, st->band[order[i]].growth * u.scale,
				     u.hum, u.cell_growth);
			if (columns(d) > growthw)
				growthw = columns(d);
		}
	if (namew > MIN_NAME + growthw - 12)
		namew -= growthw - 12;
	pw = strlen(ph) > 9 ? (int)strlen(ph) : 9;	/* "peak (CPU)" */
	if (namew > MIN_NAME + 2 * (size_t)(pw - 9))
		namew -= 2 * (size_t)(pw - 9);
	/* the fit (R²) where the width has room for it */
	showfit = namew >= MIN_NAME + 5;
	if (showfit)
		namew -= 5;
	fprintf(out, "%-*s %*s %9s %6s %*s %*s%s\n", (int)namew, "band",
		pw, ph, "at", "share", pw, lh, (int)growthw, gh,
		showfit ? "  fit" : "");
	for (i = 0; i < st->nbands; i++) {
		const struct hp_band_stats *s = &st->band[order[i]];
		const char *bn;
		size_t len;

		if (fate_of(l, order[i]) != DRAWN)
			continue;
		bn = hp_model_band_label(m, order[i], &len);
		fit_name(nm, sizeof nm, bn, len, namew);
		hum(a, sizeof a, (double)s->peak * u.scale, u.cell_v);
		fmt_time(b, sizeof b, s->peak_t);
		hum(c, sizeof c, (double)s->last * u.scale, u.cell_v);
		signed_human(d, sizeof d, s->growth * u.scale, u.hum,
			     u.cell_growth);
		fmt_share(pct, sizeof pct, share(st, s->integral));
		f[0] = '\0';
		if (showfit) {
			f[0] = ' ';
			fit_text(f + 1, sizeof f - 1, s->fit);
		}
		fprintf(out, "%-*s %*s %9s %6s %*s %*s%s%*s\n", (int)namew,
			nm, pw, a, b, pct, pw, c, (int)(growthw - columns(d)),
			"", d, showfit ? 5 : 0, f);
	}
	fputc('\n', out);
	snprintf(a, sizeof a, "OTHER (over -m %d)", o->max_bands);
	group_line(out, o->max_bands > 0 ? a : "OTHER", m, st, l, order,
		   MERGED, width);
	snprintf(a, sizeof a, "dropped (under -t %g%%)", o->trace_pct);
	group_line(out, a, m, st, l, order, DROPPED, width);
	if (series && (hp_model_has_series(m) || st->has_allocated)) {
		fputc('\n', out);
		series_lines(out, st, width);
	}
	if (!st->nphases)
		return;
	fputs("\nphases:\n", out);
	labw = width > 50 + 8 ? width - 50 : 8;
	if (labw > 36)
		labw = 36;
	for (i = 0; i < st->nphases; i++) {
		const struct hp_phase *p = &st->phase[i];
		const char *lab = p->label ? p->label : "(before the first mark)";

		fit_name(nm, sizeof nm, lab, strlen(lab), labw);
		snprintf(a, sizeof a, fabs(p->to) < 1e9 ? "%.3f-%.3f s" : "%.4g-%.4g s",
			 p->from, p->to);
		fprintf(out, "  %-*s %-17s ", (int)labw, nm, a);
		if (!p->nsamples) {
			fputs("no sample\n", out);
			continue;
		}
		hum(a, sizeof a, (double)p->peak * u.scale, u.v);
		fmt_time(b, sizeof b, p->peak_t);
		fprintf(out, "peak %s at %s\n", a, b);
		names_line(out, m, p->top, p->top_bytes, &u, p->ntop, width);
	}
}

/* ---- Markdown (GitHub's) ---- */

/* Each row a profile names: at most this many in a Markdown table, so a
 * report of thousands of counters stays within what a CI job's summary
 * takes. */
#define MD_ROWS 50

/* "| a | b |" heads and their alignment row: align's letters, l for
 * names, r for numbers. */
static void
md_head(FILE *out, const char *const *cols, const char *align)
{
	size_t i, n = strlen(align);

	for (i = 0; i < n; i++)
		fprintf(out, "| %s ", cols[i]);
	fputs("|\n", out);
	for (i = 0; i < n; i++)
		fputs(align[i] == 'r' ? "|--:" : "|:--", out);
	fputs("|\n", out);
}

static void
md_series(FILE *out, const struct hp_stats *st)
{
	static const char *const cols[] = { "series", "peak", "at", "last",
					    "at", "points" };
	size_t s;
	char a[64], b[64], c[64], d[64];
	int any = 0;

	for (s = 0; s < HP_NSERIES; s++) {
		const struct hp_series_stats *x = &st->series[s];

		if (!x->points)
			continue;
		if (!any++)
			md_head(out, cols, "lrrrrr");
		layout_si(a, sizeof a, (double)x->peak, "B");
		fmt_time(b, sizeof b, x->peak_t);
		layout_si(c, sizeof c, (double)x->last, "B");
		fmt_time(d, sizeof d, x->last_t);
		fprintf(out, "| %s | %s | %s | %s | %s | %zu |\n",
			hp_series_names[s].name, a, b, c, d, x->points);
	}
	if (any)
		fputc('\n', out);
	if (!st->has_allocated)
		return;
	layout_si(a, sizeof a, (double)st->allocated, "B");
	fmt_time(b, sizeof b, st->allocated_t);
	fprintf(out, "allocated %s by %s", a, b);
	if (st->allocated_t > 0) {
		layout_si(c, sizeof c, (double)st->allocated / st->allocated_t,
			  "B/s");
		fprintf(out, ", %s", c);
	}
	fputs("\n\n", out);
}

/* "OTHER (over -m 20): 3 bands, 1.2%: `a`, `b`, `c`", a paragraph. */
static void
md_group(FILE *out, const char *what, const hp_model *m,
	 const struct hp_stats *st, const struct render_layout *l,
	 const hp_band *order, enum fate f)
{
	size_t i, n = 0, shown = 0, len;
	double sum = 0;
	char pct[16];
	const char *s;

	for (i = 0; i < st->nbands; i++) {
		if (fate_of(l, order[i]) != f)
			continue;
		n++;
		sum += st->band[order[i]].integral;
	}
	if (!n) {
		fprintf(out, "%s: nothing\n\n", what);
		return;
	}
	fmt_share(pct, sizeof pct, share(st, sum));
	fprintf(out, "%s: %zu band%s, %s%s ", what, n, n == 1 ? "" : "s",
		pct, n > 3 ? "; the largest:" : ":");
	for (i = 0; i < st->nbands && shown < 3; i++) {
		if (fate_of(l, order[i]) != f)
			continue;
		s = hp_model_band_label(m, order[i], &len);
		fputs(shown++ ? ", " : "", out);
		md_name(out, s, len, 0);
	}
	fputs("\n\n", out);
}

static void
md_phases(FILE *out, const hp_model *m, const struct hp_stats *st,
	  const struct units *u)
{
	static const char *const cols[] = { "phase", "from", "to", "peak",
					    "at", "largest" };
	size_t i, k, len;
	char a[64], b[64], c[64];

	md_head(out, cols, "lrrrrl");
	for (i = 0; i < st->nphases; i++) {
		const struct hp_phase *p = &st->phase[i];

		fputs("| ", out);
		if (p->label)
			md_name(out, p->label, strlen(p->label), 1);
		else
			fputs("(before the first mark)", out);
		fmt_time(a, sizeof a, p->from);
		fmt_time(b, sizeof b, p->to);
		fprintf(out, " | %s | %s | ", a, b);
		if (!p->nsamples) {
			fputs("no sample | | |\n", out);
			continue;
		}
		u->hum(a, sizeof a, (double)p->peak * u->scale, u->v);
		fmt_time(b, sizeof b, p->peak_t);
		fprintf(out, "%s | %s | ", a, b);
		for (k = 0; k < p->ntop; k++) {
			const char *s = hp_model_band_label(m, p->top[k], &len);

			fputs(k ? ", " : "", out);
			md_name(out, s, len, 1);
			u->hum(c, sizeof c, (double)p->top_bytes[k] * u->scale,
			       u->v);
			fprintf(out, " %s", c);
		}
		fputs(" |\n", out);
	}
	fputc('\n', out);
}

/* The title: the file as a heading, its job and the run's facts below. */
static void
md_title(FILE *out, const char *name, const hp_model *m)
{
	const char *job = hp_model_get(m, HP_JOB);
	size_t i;

	fputs("### ", out);
	md_name(out, name, strlen(name), 0);
	fputs("\n\n", out);
	if (job && *job) {
		fputs("job: ", out);
		md_name(out, job, strlen(job), 0);
		fputs("  \n", out);
	}
	for (i = 0; i < HP_NFACTS; i++) {	/* as text_facts */
		const struct hp_fact *f = &hp_facts[i];
		const char *v = hp_model_get(m, f->field);

		if (!v || !*v || (f->field == HP_BREAKDOWN &&
				  hp_model_profile(m) != HP_PROFILE_HEAP))
			continue;
		fprintf(out, "%s: ", f->label);
		md_name(out, v, strlen(v), 0);
		fputs(f->kind == HP_FACT_SECONDS ? " s  \n" : "  \n", out);
	}
}

static void
md_single(FILE *out, const char *name, const hp_model *m,
	  const struct hp_stats *st, const struct render_layout *l,
	  const hp_band *order, const struct render_opts *o, int series)
{
	const char *cols[] = { "band", "peak", "at", "share", "last",
			       "growth", "fit" };
	struct units u = units_of(m);
	char a[64], b[64], c[64], d[64], pct[16], ph[32], lh[32], gh[32];
	char f[16];
	size_t i, len;

	md_title(out, name, m);
	fprintf(out, "%zu sample%s", st->nsamples, st->nsamples == 1 ? "" : "s");
	if (st->nsamples) {
		fmt_time(a, sizeof a, st->t0);
		fmt_time(b, sizeof b, st->t1);
		fprintf(out, " from %s to %s", a, b);
	}
	fprintf(out, ", %zu band%s", st->nbands, st->nbands == 1 ? "" : "s");
	if (l->series_only) {
		fputs("\n\n", out);
		md_series(out, st);
		return;
	}
	u.hum(a, sizeof a, (double)st->peak * u.scale, u.v);
	u.hum(b, sizeof b, st->integral * u.scale, u.area);
	fmt_time(c, sizeof c, st->peak_t);
	fprintf(out, "; peak **%s%s** at %s, %s in all\n\n",
		peak_saturated(st) ? "at least " : "", a, c, b);
	limits_lines(out, st, u.v, u.area, NULL);
	head(ph, sizeof ph, "peak", u.v == u.cell_v ? "" : u.v);
	head(lh, sizeof lh, "last", u.v == u.cell_v ? "" : u.v);
	head(gh, sizeof gh, "growth", u.growth == u.cell_growth ? "" : u.growth);
	cols[1] = ph;
	cols[4] = lh;
	cols[5] = gh;
	md_head(out, cols, "lrrrrrr");
	for (i = 0; i < st->nbands; i++) {
		const struct hp_band_stats *s = &st->band[order[i]];
		const char *bn;

		if (fate_of(l, order[i]) != DRAWN)
			continue;
		bn = hp_model_band_label(m, order[i], &len);
		fputs("| ", out);
		md_name(out, bn, len, 1);
		u.hum(a, sizeof a, (double)s->peak * u.scale, u.cell_v);
		fmt_time(b, sizeof b, s->peak_t);
		u.hum(c, sizeof c, (double)s->last * u.scale, u.cell_v);
		signed_human(d, sizeof d, s->growth * u.scale, u.hum,
			     u.cell_growth);
		fmt_share(pct, sizeof pct, share(st, s->integral));
		fit_text(f, sizeof f, s->fit);
		fprintf(out, " | %s | %s | %s | %s | %s | %s |\n", a, b, pct, c,
			d, f);
	}
	fputc('\n', out);
	snprintf(a, sizeof a, "OTHER (over -m %d)", o->max_bands);
	md_group(out, o->max_bands > 0 ? a : "OTHER", m, st, l, order, MERGED);
	snprintf(a, sizeof a, "dropped (under -t %g%%)", o->trace_pct);
	md_group(out, a, m, st, l, order, DROPPED);
	if (series && (hp_model_has_series(m) || st->has_allocated))
		md_series(out, st);
	if (st->nphases)
		md_phases(out, m, st, &u);
}

/* A ticky report: its counters, ranked by the measure drawn. */
static void
md_counters(FILE *out, const char *name, const hp_model *m)
{
	static const char *const cols[] = { "rank", "counter", "entries",
					    "alloc", "alloc'd" };
	size_t n = hp_model_band_count(m), i, nv, len;
	struct keyed *k = hp_mallocn(n ? n : 1, sizeof *k);
	const hp_band *b;
	const uint64_t *v;
	char e[64], a[64], d[64];

	if (!k)
		return;
	nv = hp_model_sample_count(m) ? hp_model_sample(m, 0, &b, &v) : 0;
	for (i = 0; i < n; i++) {
		k[i].key = 0;
		k[i].b = (hp_band)i;
	}
	for (i = 0; i < nv; i++)
		k[b[i]].key = (double)v[i];
	qsort(k, n, sizeof *k, cmp_keyed);
	md_title(out, name, m);
	fprintf(out, "%zu counter%s, ranked by %s\n\n", n, n == 1 ? "" : "s",
		hp_model_measure(m) == HP_MEASURE_ENTRIES ? "entries"
		: hp_model_measure(m) == HP_MEASURE_ALLOCD ? "alloc'd" : "alloc");
	md_head(out, cols, "rlrrr");
	for (i = 0; i < n && i < MD_ROWS; i++) {
		const struct hp_ticky_row *r = hp_model_band_ticky(m, k[i].b);
		const char *lab = hp_model_band_label(m, k[i].b, &len);

		layout_si(e, sizeof e, r ? (double)r->entries : 0, "");
		layout_si(a, sizeof a, r ? (double)r->alloc : 0, "B");
		layout_si(d, sizeof d, r ? (double)r->allocd : 0, "B");
		fprintf(out, "| %zu | ", i + 1);
		md_name(out, lab, len, 1);
		fprintf(out, " | %s | %s | %s |\n", e, a, d);
	}
	if (n > MD_ROWS)
		fprintf(out, "\n... %zu more counters (--summary=json lists "
			"them all)\n", n - MD_ROWS);
	fputc('\n', out);
	free(k);
}

static void
json_group(struct json_w *w, const char *key, const hp_model *m,
	   const struct hp_stats *st, const struct render_layout *l,
	   const hp_band *order, enum fate f)
{
	size_t i, n = 0, shown = 0;
	double sum = 0;

	for (i = 0; i < st->nbands; i++) {
		if (fate_of(l, order[i]) == f) {
			n++;
			sum += st->band[order[i]].integral;
		}
	}
	json_next_sep(w, ",\n");
	json_key(w, key);
	json_object_sp(w, &inline_);
	json_key(w, "count");
	json_u64(w, n);
	json_key(w, "integral");
	json_num(w, sum);
	json_key(w, "share");
	json_num(w, share(st, sum) / 100);
	json_key(w, "top");
	json_array_sp(w, &inline_);
	for (i = 0; i < st->nbands && shown < 3; i++) {
		if (fate_of(l, order[i]) != f)
			continue;
		shown++;
		jband(w, m, order[i]);
	}
	json_end(w);
	json_end(w);
}

/* "series": {"heap_size": {"points": N, "peak": N, "peak_time": T,
 * "last": N, "last_time": T}, ...} (the ones the log has, {} when none),
 * "allocated": {"bytes": N, "time": T, "rate": B/s} or null. */
static void
json_series(struct json_w *w, const struct hp_stats *st)
{
	size_t s;

	json_next_sep(w, ",\n");
	json_key(w, "series");
	json_object_sp(w, &inline_);
	for (s = 0; s < HP_NSERIES; s++) {
		const struct hp_series_stats *x = &st->series[s];

		if (!x->points)
			continue;
		json_key(w, hp_series_names[s].key);
		json_object_sp(w, &inline_);
		json_key(w, "points");
		json_u64(w, x->points);
		json_key(w, "peak");
		json_u64(w, x->peak);
		json_key(w, "peak_time");
		json_num(w, x->peak_t);
		json_key(w, "last");
		json_u64(w, x->last);
		json_key(w, "last_time");
		json_num(w, x->last_t);
		json_end(w);
	}
	json_end(w);
	json_key(w, "allocated");
	if (!st->has_allocated) {
		json_null(w);
		return;
	}
	json_object_sp(w, &inline_);
	json_key(w, "bytes");
	json_u64(w, st->allocated);
	json_key(w, "time");
	json_num(w, st->allocated_t);
	json_key(w, "rate");
	if (st->allocated_t > 0)
		json_num(w, (double)st->allocated / st->allocated_t);
	else
		json_null(w);
	json_end(w);
}

static void
json_single(FILE *out, const char *name, const hp_model *m,
	    const struct hp_stats *st, const struct render_layout *l,
	    const hp_band *order)
{
	static const char *const fates[] = { "drawn", "other", "dropped" };
	struct json_w w;
	size_t i, k;

	json_begin(&w, out);
	json_object_sp(&w, &inline_);
	json_key(&w, "file");
	json_cstr(&w, name);
	json_key(&w, "kind");	/* --kind's word for this profile */
	json_cstr(&w, hp_part_names[hp_part_of(m)]);
	json_key(&w, "job");
	json_cstr(&w, hp_model_get(m, HP_JOB));
	json_key(&w, "clock");
	json_cstr(&w, clock_of(m, 1));
	summary_facts_json(&w, m);
	json_key(&w, "sample_unit");
	json_cstr(&w, hp_model_get(m, HP_SAMPLE_UNIT));
	/* what peak, last and integral count; times scale, what is drawn
	 * (a time profile's ticks per column as CPU seconds per second) */
	json_key(&w, "value_unit");
	json_cstr(&w, hp_model_count_unit(m));
	json_key(&w, "scale");
	json_num(&w, hp_model_scale(m));
	json_next_sep(&w, ",\n");
	json_key(&w, "samples");
	json_u64(&w, st->nsamples);
	json_key(&w, "bands");
	json_u64(&w, st->nbands);
	json_key(&w, "from");
	json_num(&w, st->t0);
	json_key(&w, "to");
	json_num(&w, st->t1);
	json_key(&w, "end");
	json_num(&w, st->end);
	/* a peak whose sum stopped at 2^64-1 is no value: null, and
	 * "saturated" says why (numbers not computed are null too) */
	json_key(&w, "peak");
	if (peak_saturated(st)) {
		json_null(&w);
		json_key(&w, "peak_saturated");
		json_bool(&w, 1);
	} else {
		json_u64(&w, st->peak);
	}
	json_key(&w, "peak_time");
	json_num(&w, st->peak_t);
	json_key(&w, "integral");
	json_num(&w, st->integral);
	json_next_sep(&w, ",\n");
	json_key(&w, "band");
	json_array_sp(&w, &entries);
	for (i = 0; i < st->nbands; i++) {
		const struct hp_band_stats *s = &st->band[order[i]];

		json_object_sp(&w, &inline_);
		json_key(&w, "name");
		jband(&w, m, order[i]);
		jlabel(&w, m, order[i]);
		json_key(&w, "peak");
		json_u64(&w, s->peak);
		json_key(&w, "peak_time");
		json_num(&w, s->peak_t);
		json_key(&w, "integral");
		json_num(&w, s->integral);
		json_key(&w, "share");
		json_num(&w, share(st, s->integral) / 100);
		json_key(&w, "last");
		json_u64(&w, s->last);
		json_key(&w, "growth");
		json_num(&w, s->growth);
		json_key(&w, "fit");	/* R², null: a flat band */
		json_num(&w, s->fit);
		json_key(&w, "drawn");
		json_cstr(&w, fates[fate_of(l, order[i])]);
		json_end(&w);
	}
	json_end(&w);
	json_group(&w, "other", m, st, l, order, MERGED);
	json_group(&w, "dropped", m, st, l, order, DROPPED);
	json_next_sep(&w, ",\n");
	json_key(&w, "phases");
	json_array_sp(&w, &entries);
	for (i = 0; i < st->nphases; i++) {
		const struct hp_phase *p = &st->phase[i];

		json_object_sp(&w, &inline_);
		json_key(&w, "label");
		json_cstr(&w, p->label);
		json_key(&w, "from");
		json_num(&w, p->from);
		json_key(&w, "to");
		json_num(&w, p->to);
		json_key(&w, "samples");
		json_u64(&w, p->nsamples);
		json_key(&w, "peak");
		json_u64(&w, p->peak);
		json_key(&w, "peak_time");
		json_num(&w, p->peak_t);
		json_key(&w, "top");
		json_array_sp(&w, &inline_);
		for (k = 0; k < p->ntop; k++) {
			json_object_sp(&w, &inline_);
			json_key(&w, "name");
			jband(&w, m, p->top[k]);
			json_key(&w, "bytes");
			json_u64(&w, p->top_bytes[k]);
			json_end(&w);
		}
		json_end(&w);
		json_end(&w);
	}
	json_end(&w);
	json_series(&w, st);
	json_end(&w);
	fputc('\n', out);
}

/* hp_stats_compute on a thread of its own (numbers()). */
struct stats_job {
	struct hp_stats *st;
	const hp_model *m;
	struct hp_err err;
	int rc;
};

static void *
stats_thread(void *arg)
{
	struct stats_job *j = arg;

	j->rc = hp_stats_compute(j->st, j->m, &j->err);
	return NULL;
}

/*
 * m's numbers into st and the layout of d (m or its steps) into l, both
 * or neither (-1, err: the numbers' error first, as one after the other
 * would say).  On two threads at once: each walks every value (the
 * running sums, the column summary), a tenth of reading a large profile
 * each (tests/bench/README.md).  Both only read the models, but for the
 * layout's column summary in d's cache slot, which the numbers do not
 * read; a model that keeps running sums of its own (watch mode's) has
 * them brought up to date by both, so then they take turns.
 */
static int
numbers(struct hp_stats *st, struct render_layout *l, const hp_model *m,
	const hp_model *d, const struct render_opts *o, struct hp_err *err)
{
	struct stats_job j;
	pthread_t tid;
	int lrc;

	memset(st, 0, sizeof *st);	/* the thread's from here on */
	memset(&j, 0, sizeof j);
	j.st = st;
	j.m = m;
	if (hp_model_running(m) || hp_model_running(d) ||
	    pthread_create(&tid, NULL, stats_thread, &j) != 0) {
		if (hp_stats_compute(st, m, err))
			return -1;
		if (layout_compute(l, d, o, NULL, NULL, NULL, err)) {
			hp_stats_release(st);
			return -1;
		}
		return 0;
	}
	lrc = layout_compute(l, d, o, NULL, NULL, NULL, err);
	pthread_join(tid, NULL);
	if (j.rc) {
		if (!lrc)
			layout_release(l);
		*err = j.err;
		return -1;
	}
	if (lrc) {
		hp_stats_release(st);
		return -1;
	}
	return 0;
}

/* One profile; series: its heap-size lines too (text and Markdown). */
static int
single(FILE *out, const char *name, const hp_model *m,
       const struct render_opts *o, int form, int width, int series,
       struct hp_err *err)
{
	int json = form == SUMMARY_JSON;
	struct render_layout l;
	struct hp_stats st;
	hp_model *drawn;
	hp_band *order;
	int rc = -1;

	/* which bands the graph draws: a per-interval profile's graph is
	 * of its steps (hp/steps.h) */
	drawn = hp_model_per_interval(m) ? hp_steps(m, err) : NULL;
	if (hp_model_per_interval(m) && !drawn)
		return -1;
	if (numbers(&st, &l, m, drawn ? drawn : m, o, err)) {
		hp_model_free(drawn);
		return -1;
	}
	order = order_bands(&st);
	if (!order) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	if (form == SUMMARY_MARKDOWN && hp_model_profile(m) == HP_PROFILE_COUNTERS)
		md_counters(out, name, m);
	else if (form == SUMMARY_MARKDOWN)
		md_single(out, name, m, &st, &l, order, o, series);
	else if (!json && hp_model_profile(m) == HP_PROFILE_COUNTERS)
		text_counters(out, name, m, width > 40 ? (size_t)width : 40);
	else if (json)
		json_single(out, name, m, &st, &l, order);
	else
		text_single(out, name, m, &st, &l, order, o,
			    width > 40 ? (size_t)width : 40, series);
	rc = 0;
out:
	free(order);
	layout_release(&l);
	hp_stats_release(&st);
	hp_model_free(drawn);
	return rc;
}

int
summary_print(FILE *out, const char *name, const hp_model *m,
	      const struct render_opts *o, int form, int width,
	      struct hp_err *err)
{
	if (single(out, name, m, o, form, width, 1, err))
		return -1;
	return out_flush(out, err);
}

/*
 * Text: a line naming the parts, then each part under "== PART ==".
 * Markdown: each under its own heading, the file and the part.  JSON:
 * {"file": F, "kinds": [...], "heap": {...}, "time": {...}}, each
 * member what --kind=PART --summary=json writes.  The heap-size lines
 * are the heap-size part's, not repeated in each profile's (text and
 * Markdown; JSON's profiles keep their "series").
 */
int
summary_print_parts(FILE *out, const char *name,
		    const hp_model *const part[HP_NPARTS],
		    const struct render_opts *const ro[HP_NPARTS],
		    int form, int width, struct hp_err *err)
{
	unsigned p, mask = 0, first = 1;
	char list[80], title[600];
	int sizes = part[HP_PART_HEAP_SIZE] != NULL;

	for (p = 0; p < HP_NPARTS; p++)
		if (part[p])
			mask |= 1u << p;
	hp_parts_list(mask, list, sizeof list);
	if (form == SUMMARY_JSON) {
		fputs("{\"file\": ", out);
		json_put_str(out, name, strlen(name), 0);
		fputs(", \"kinds\": [", out);
		for (p = 0; p < HP_NPARTS; p++)
			if (part[p]) {
				fprintf(out, "%s\"%s\"", first ? "" : ", ",
					hp_part_names[p]);
				first = 0;
			}
		fputs("]", out);
	} else if (form == SUMMARY_TEXT) {
		fprintf(out, "%s holds %s (--kind=KIND draws one)\n", name,
			list);
	}
	for (p = 0; p < HP_NPARTS; p++) {
		if (!part[p])
			continue;
		if (form == SUMMARY_JSON)
			fprintf(out, ",\n\"%s\": ", hp_part_names[p]);
		else if (form == SUMMARY_TEXT)
			fprintf(out, "\n== %s ==\n", hp_part_names[p]);
		snprintf(title, sizeof title, "%s (%s)", name, hp_part_names[p]);
		if (single(out, form == SUMMARY_MARKDOWN ? title : name, part[p],
			   ro[p], form, width,
			   !sizes || p == HP_PART_HEAP_SIZE, err))
			return -1;
		if (form == SUMMARY_MARKDOWN)
			fputc('\n', out);
	}
	if (form == SUMMARY_JSON)
		fputs("}\n", out);
	return out_flush(out, err);
}

/* A number for the page's table in printf's FMT; null when not finite
 * (a growth's fit of a flat band). */
static void
json_fmt(struct json_w *w, const char *fmt, double v)
{
	char buf[32];
	int n;

	if (!isfinite(v)) {
		json_null(w);
		return;
	}
	n = snprintf(buf, sizeof buf, fmt, v);
	json_raw(w, buf, (size_t)n);
}

/* A fraction or a rate: six significant digits, twice what the table
 * shows and half the bytes of the exact double (20,000 bands' rows are
 * the page's largest part). */
static void
json_sig(struct json_w *w, double v)
{
	json_fmt(w, "%.6g", v);
}

void
summary_rows(struct json_w *w, const struct hp_stats *st,
	     const struct render_layout *l)
{
	size_t i;

	json_key(w, "rows");
	json_array(w);
	for (i = 0; i < st->nbands; i++) {
		const struct hp_band_stats *s = &st->band[i];

		json_u64(w, s->peak);
		json_num(w, s->peak_t);
		json_sig(w, share(st, s->integral) / 100);
		json_u64(w, s->last);
		json_sig(w, s->growth);
		json_int(w, (int)fate_of(l, (hp_band)i));
		json_fmt(w, "%.2f", s->fit);	/* R²: the table's two digits */
	}
	json_end(w);
}

/* ---- the change between two ---- */

struct change {
	const char *name;
	size_t len;
	const struct hp_band_stats *a, *b;	/* zero_stats: not in that one */
	double d;				/* integral change */
	size_t k;				/* union order, for ties */
};

static const struct hp_band_stats zero_stats;

static int
cmp_change(const void *pa, const void *pb)
{
	const struct change *x = pa, *y = pb;

	if (fabs(x->d) != fabs(y->d))
		return fabs(x->d) < fabs(y->d) ? 1 : -1;
	/* qsort is not stable: equal changes keep the union's order */
	return (x->k > y->k) - (x->k < y->k);
}

/* The union of bands, a's then b's new ones, largest change first;
 * a band of b is a's band it matches (hp/match.h). */
static struct change *
changes(const hp_model *a, const struct hp_stats *sa, const hp_model *b,
	const struct hp_stats *sb, int byid, size_t *n)
{
	size_t na = sa->nbands, nb = sb->nbands, i, k = 0;
	struct change *c = hp_mallocn(na + nb ? na + nb : 1, sizeof *c);
	hp_band *amap = hp_mallocn(na ? na : 1, sizeof *amap);
	hp_band *bmap = hp_mallocn(nb ? nb : 1, sizeof *bmap);

	if (!c || !amap || !bmap || hp_match_bands(a, b, byid, bmap, amap)) {
		free(c);
		free(amap);
		free(bmap);
		return NULL;
	}
	for (i = 0; i < na; i++, k++) {
		c[k].name = hp_model_band_name(a, (hp_band)i, &c[k].len);
		c[k].a = &sa->band[i];
		c[k].b = amap[i] != HP_MATCH_NONE ? &sb->band[amap[i]]
						  : &zero_stats;
	}
	for (i = 0; i < nb; i++) {
		if (bmap[i] != HP_MATCH_NONE)
			continue;
		c[k].name = hp_model_band_name(b, (hp_band)i, &c[k].len);
		c[k].a = &zero_stats;
		c[k].b = &sb->band[i];
		k++;
	}
	free(amap);
	free(bmap);
	for (i = 0; i < k; i++) {
		c[i].d = c[i].b->integral - c[i].a->integral;
		c[i].k = i;
	}
	qsort(c, k, sizeof *c, cmp_change);
	*n = k;
	return c;
}

static void
json_side(struct json_w *w, const struct hp_band_stats *s)
{
	json_object_sp(w, &inline_);
	json_key(w, "peak");
	json_u64(w, s->peak);
	json_key(w, "integral");
	json_num(w, s->integral);
	json_key(w, "last");
	json_u64(w, s->last);
	json_end(w);
}

static void
json_profile(struct json_w *w, const char *name, const struct hp_stats *st)
{
	json_object_sp(w, &inline_);
	json_key(w, "file");
	json_cstr(w, name);
	json_key(w, "samples");
	json_u64(w, st->nsamples);
	json_key(w, "bands");
	json_u64(w, st->nbands);
	json_key(w, "from");
	json_num(w, st->t0);
	json_key(w, "to");
	json_num(w, st->t1);
	json_key(w, "peak");
	json_u64(w, st->peak);
	json_key(w, "integral");
	json_num(w, st->integral);
	json_end(w);
}

static void
json_diff(FILE *out, const char *na, const struct hp_stats *sa,
	  const char *nb, const struct hp_stats *sb, const struct change *c,
	  size_t n, const hp_model *m)
{
	static const struct json_space top = { "", ",\n", "" };
	struct json_w w;
	size_t i;

	json_begin(&w, out);
	json_object_sp(&w, &top);
	/* what the numbers count, as --summary=json says it (one measure
	 * on both sides: compare.c refuses others) */
	json_key(&w, "value_unit");
	json_cstr(&w, hp_model_count_unit(m));
	json_key(&w, "scale");
	json_num(&w, hp_model_scale(m));
	json_key(&w, "a");
	json_profile(&w, na, sa);
	json_key(&w, "b");
	json_profile(&w, nb, sb);
	json_key(&w, "change");
	json_object_sp(&w, &inline_);
	json_key(&w, "peak");
	json_num(&w, (double)sb->peak - (double)sa->peak);
	json_key(&w, "integral");
	json_num(&w, sb->integral - sa->integral);
	json_end(&w);
	json_key(&w, "band");
	json_array_sp(&w, &entries);
	for (i = 0; i < n; i++) {
		json_object_sp(&w, &inline_);
		json_key(&w, "name");
		json_str(&w, c[i].name, c[i].len);
		json_key(&w, "a");
		json_side(&w, c[i].a);
		json_key(&w, "b");
		json_side(&w, c[i].b);
		json_key(&w, "change");
		json_object_sp(&w, &inline_);
		json_key(&w, "peak");
		json_num(&w, (double)c[i].b->peak - (double)c[i].a->peak);
		json_key(&w, "integral");
		json_num(&w, c[i].d);
		json_key(&w, "last");
		json_num(&w, (double)c[i].b->last - (double)c[i].a->last);
		json_end(&w);
		json_end(&w);
	}
	json_end(&w);
	json_end(&w);
	fputc('\n', out);
}

/* "32.3 MB -> 1.2 MB" into buf: a and b times the scale. */
static void
arrow(char *buf, size_t size, double a, double b, const struct units *u,
      const char *unit)
{
	char x[32], y[32];

	u->hum(x, sizeof x, a * u->scale, unit);
	u->hum(y, sizeof y, b * u->scale, unit);
	snprintf(buf, size, "%s -> %s", x, y);
}

static void
text_diff(FILE *out, const char *na, const struct hp_stats *sa,
	  const char *nb, const struct hp_stats *sb, const struct change *c,
	  size_t n, const struct units *u, size_t width)
{
	size_t namew = width > (size_t)3 * 17 + MIN_NAME ? width - (size_t)3 * 17
						       : MIN_NAME;
	size_t i, shown = 0;
	double d = sb->integral - sa->integral;
	char p[96], q[96], r[96], nm[512];

	fit_name(nm, sizeof nm, na, strlen(na), width);
	fprintf(out, "change from %s to ", nm);
	fit_name(nm, sizeof nm, nb, strlen(nb), width);
	fprintf(out, "%s\n", nm);
	arrow(p, sizeof p, (double)sa->peak, (double)sb->peak, u, u->v);
	arrow(q, sizeof q, sa->integral, sb->integral, u, u->area);
	signed_human(r, sizeof r, d * u->scale, u->hum, u->area);
	fprintf(out, "  peak %s%s; %s (%s", peak_saturated(sa) || peak_saturated(sb)
		? "(at least) " : "", p, q, r);
	if (sa->integral > 0 && isfinite(d / sa->integral))
		fprintf(out, ", %+.1f%%", 100 * d / sa->integral);
	fprintf(out, ")\n  %zu -> %zu sample%s, ", sa->nsamples, sb->nsamples,
		sb->nsamples == 1 ? "" : "s");
	put_time(out, sa->t1 - sa->t0);
	fputs(" -> ", out);
	put_time(out, sb->t1 - sb->t0);
	fputs("\n", out);
	limits_lines(out, sa, u->v, u->area, na);
	limits_lines(out, sb, u->v, u->area, nb);
	fputs("\n", out);
	head(p, sizeof p, "peak", u->v);
	head(r, sizeof r, "last", u->v);
	fprintf(out, "%-*s %16s %16s %16s\n", (int)namew, "band", p,
		*u->area ? u->area : "integral", r);
	for (i = 0; i < n && shown < DIFF_ROWS; i++) {
		if (c[i].a->integral == c[i].b->integral &&
		    c[i].a->peak == c[i].b->peak && c[i].a->last == c[i].b->last)
			continue;
		fit_name(nm, sizeof nm, c[i].name, c[i].len, namew);
		arrow(p, sizeof p, (double)c[i].a->peak, (double)c[i].b->peak, u, "");
		arrow(q, sizeof q, c[i].a->integral, c[i].b->integral, u, "");
		arrow(r, sizeof r, (double)c[i].a->last, (double)c[i].b->last, u, "");
		fprintf(out, "%-*s %16s %16s %16s\n", (int)namew, nm, p, q, r);
		shown++;
	}
	for (; i < n; i++)
		if (c[i].d != 0)
			shown++;
	if (shown > DIFF_ROWS)
		fprintf(out, "... %zu more bands changed (--summary=json lists "
			"them all)\n", shown - DIFF_ROWS);
}

static void
md_diff(FILE *out, const char *na, const struct hp_stats *sa,
	const char *nb, const struct hp_stats *sb, const struct change *c,
	size_t n, const struct units *u)
{
	const char *cols[] = { "band", "peak", *u->area ? u->area : "integral",
			       "last" };
	size_t i, shown = 0;
	double d = sb->integral - sa->integral;
	char p[96], q[96], r[96];

	fputs("### change from ", out);
	md_name(out, na, strlen(na), 0);
	fputs(" to ", out);
	md_name(out, nb, strlen(nb), 0);
	arrow(p, sizeof p, (double)sa->peak, (double)sb->peak, u, u->v);
	arrow(q, sizeof q, sa->integral, sb->integral, u, u->area);
	signed_human(r, sizeof r, d * u->scale, u->hum, u->area);
	fprintf(out, "\n\npeak **%s%s**; %s (%s", peak_saturated(sa) ||
		peak_saturated(sb) ? "(at least) " : "", p, q, r);
	if (sa->integral > 0 && isfinite(d / sa->integral))
		fprintf(out, ", %+.1f%%", 100 * d / sa->integral);
	fprintf(out, "); %zu -> %zu sample%s\n\n", sa->nsamples, sb->nsamples,
		sb->nsamples == 1 ? "" : "s");
	limits_lines(out, sa, u->v, u->area, na);
	limits_lines(out, sb, u->v, u->area, nb);
	md_head(out, cols, "lrrr");
	for (i = 0; i < n && shown < DIFF_ROWS; i++) {
		if (c[i].a->integral == c[i].b->integral &&
		    c[i].a->peak == c[i].b->peak && c[i].a->last == c[i].b->last)
			continue;
		fputs("| ", out);
		md_name(out, c[i].name, c[i].len, 1);
		arrow(p, sizeof p, (double)c[i].a->peak, (double)c[i].b->peak, u, u->v);
		arrow(q, sizeof q, c[i].a->integral, c[i].b->integral, u, u->area);
		arrow(r, sizeof r, (double)c[i].a->last, (double)c[i].b->last, u, u->v);
		fprintf(out, " | %s | %s | %s |\n", p, q, r);
		shown++;
	}
	for (; i < n; i++)
		if (c[i].d != 0)
			shown++;
	if (shown > DIFF_ROWS)
		fprintf(out, "\n... %zu more bands changed (--summary=json lists "
			"them all)\n", shown - DIFF_ROWS);
	fputc('\n', out);
}

int
summary_print_diff(FILE *out, const char *name_a, const hp_model *a,
		   const char *name_b, const hp_model *b, int byid, int form,
		   int width, struct hp_err *err)
{
	struct hp_stats sa, sb;
	struct change *c;
	size_t n = 0;
	int rc = -1;

	if (hp_stats_compute(&sa, a, err))
		return -1;
	if (hp_stats_compute(&sb, b, err)) {
		hp_stats_release(&sa);
		return -1;
	}
	c = changes(a, &sa, b, &sb, byid, &n);
	if (!c) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	if (form == SUMMARY_JSON)
		json_diff(out, name_a, &sa, name_b, &sb, c, n, a);
	else {
		/* one measure on both sides (compare.c refuses others) */
		struct units u = units_of(a);

		if (form == SUMMARY_MARKDOWN)
			md_diff(out, name_a, &sa, name_b, &sb, c, n, &u);
		else
			text_diff(out, name_a, &sa, name_b, &sb, c, n, &u,
				  width > 40 ? (size_t)width : 40);
	}
	rc = out_flush(out, err);
out:
	free(c);
	hp_stats_release(&sa);
	hp_stats_release(&sb);
	return rc;
}

void
summary_facts_json(struct json_w *w, const hp_model *m)
{
	size_t i;

	json_key(w, "run");
	json_object_sp(w, &inline_);
	for (i = 0; i < HP_NFACTS; i++) {
		const struct hp_fact *f = &hp_facts[i];
		const char *v = hp_model_get(m, f->field);
		char *e = NULL;
		double x = 0;
		unsigned long long n = 0;

		if (!v)
			continue;
		json_key(w, f->key);
		/* a number the reader wrote (facts.h), else text */
		if (f->kind == HP_FACT_SECONDS)
			x = strtod(v, &e);
		else if (f->kind == HP_FACT_COUNT && *v >= '0' && *v <= '9')
			n = strtoull(v, &e, 10);
		if (f->kind == HP_FACT_SECONDS && e != v && !*e && isfinite(x))
			json_num(w, x);
		else if (f->kind == HP_FACT_COUNT && e && e != v && !*e)
			json_u64(w, n);
		else
			json_cstr(w, v);
	}
	json_end(w);
}
