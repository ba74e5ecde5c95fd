/*
 * page/out_html.c - the interactive report (page.h): the template of
 * page/viewer/ filled with the profile.
 *
 * The template's @NAME@ markers are replaced in one pass: the CSP hashes
 * of the built-in style and script, the title, hp2x's own SVG of the
 * graph (as a data: image, so its text is never markup of the page), a
 * table of the drawn bands for readers without JavaScript, the data
 * block and the script.
 *
 * The data block is JSON (json.h, with the <script> escapes), read by
 * the viewer with JSON.parse:
 *   v          2, this layout's version (1 had the censuses as
 *              arrays "times" and "s")
 *   kind       "heap", "ticky", "time" or "counters"
 *   title, job, date, file, xunit, vunit, scale, t0, t1, zero, step
 *   n          the profile's sample count
 *   levels     the censuses the page keeps (page_samples.c says how
 *              they are chosen and encoded): every one when they fit
 *              the page's budget (PAGE_BUDGET: 1 MB and 100 B a band,
 *              whatever the sample count, plus the bands' text:
 *              band_text), in one level; else, per
 *              column of the time axis the censuses of least and
 *              greatest total (first and last included, so no peak of
 *              the total is lost), level 0 over about a screen's width
 *              of columns, level 1 the censuses that finer columns, as
 *              many as the rest of the room holds, add to it.  Each is
 *              {n, g, q, d}: d one string of base-45 digits, per
 *              census its index, time and each slot's value as changes
 *              from the level's previous census (drawn slots all,
 *              extra slots those that changed); slot indexes "bands",
 *              past those slot nbands + j is band x[j]'s own value
 *   all, of    whether the censuses kept are all of them, of how many
 *              (a per-interval profile's: its steps, two an interval)
 *   x          the model bands merged into OTHER or left out, whose own
 *              values the levels carry too when every census fits with
 *              them (else none: the table has no window numbers for
 *              them)
 *   bands      the drawn bands bottom first, as the static graph draws
 *              them: {c (colour), m (model band, -1 for OTHER)}, OTHER
 *              with its name and label (a model band's are in names
 *              and labels: each name is on the page once)
 *   names      every band of the profile, in the model's order, and
 *   ipe, stack, ticky  what some profiles say of a band, by model index
 *              (ticky: [entries, alloc, allocd, arity, kinds, fvs,
 *              closure], each null when unknown)
 *   whole      a ticky profile's: [bytes, name] of what its counters'
 *              allocation is a share of (HEAP_ALLOCATED, ALLOC_HEAP_tot)
 *   spark      every band's shape over the run: HP_SHAPE_N levels 0..z
 *              of its peak in HP_SHAPE_N equal stretches of time, one
 *              string (band i's from i * HP_SHAPE_N)
 *   marks      [time, label or null], at most one a column of PAGE_MARKS
 *              (nmarks: how many the profile has); series: {heap_size:
 *              [[t], [v]], ...}, each at most SERIES_POINTS points;
 *              alloc: HEAP_ALLOCATED's counts likewise (two at least)
 *   note       what hp2x says of the input (a -hi .hp: where the
 *              names of its info tables are), for the note under the graph
 *   facts      the run's facts: [[label, text], ...] (page_facts.c)
 *   tree       -hc: the cost-centre tree (page_tree.c)
 *   counts, count_unit  a per-interval profile's: each band's count
 *              (ticks) over the run, in the model's order
 *   rows       the table's numbers, seven per band in the model's order,
 *              from the code of --summary=json (summary_rows): peak,
 *              when, share, last, growth, fate, the growth's fit (R²)
 *
 * The keys above are written by short functions here from one layout
 * built once; the censuses kept are page_samples.c's; the pages of
 * several inputs, --diff and -hc's tree are page_many.c, page_diff.c and
 * page_tree.c.
 */
#include "page.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"
#include "../hp/ipe.h"
#include "../hp/stats.h"
#include "../hp/steps.h"
#include "../hp/ticky.h"
#include "../hp/utf8.h"
#include "../render/layout/layout.h"
#include "../data/dataout.h"
#include "../data/json.h"
#include "../data/memtext.h"
#include "../data/summary.h"

/* The page's budget: 1 MB and 100 B a band, whatever the sample count;
 * the samples get what the graph, the tables and the viewer leave. */
#define PAGE_BUDGET(bands) ((size_t)1000000 + (size_t)100 * (bands))
#define PAGE_MARKS ((size_t)1000)	/* marks, one a column past that */
#define SERIES_POINTS ((size_t)4096)
#define NAME_CUT ((size_t)240)	/* a name in the static table, bytes */

/* The SVG as the body of a data: URL inside a double-quoted attribute:
 * what would end the attribute or start a reference, what a URL drops or
 * reads as its fragment, and every byte past ASCII as %XX; the rest (most
 * of it) as it is, so the graph costs little more than its own size. */
static int
url_plain(unsigned char c)
{
	return c == ' ' || (c > 0x20 && c < 0x7f && c != '"' && c != '%' &&
			    c != '#' && c != '&' && c != '\'' && c != '<' &&
			    c != '>');
}

static void
put_data_url(FILE *f, const unsigned char *s, size_t len)
{
	size_t i, start = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (url_plain(c))
			continue;
		fwrite(s + start, 1, i - start, f);
		fprintf(f, "%%%02X", c);
		start = i + 1;
	}
	fwrite(s + start, 1, len - start, f);
}

/* The bytes of svg[0..len-1] on the page, as put_data_url puts it. */
size_t
page_url_len(const char *svg, size_t len)
{
	size_t i, n = len;

	for (i = 0; i < len; i++)
		if (!url_plain((unsigned char)svg[i]))
			n += 2;
	return n;
}

/* Text as HTML character data or attribute value: markup characters as
 * references; valid UTF-8 as it is; a control character or a byte that
 * is not UTF-8 as U+FFFD (HTML has no reference for NUL). */
void
page_put_html(FILE *f, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, k;
	unsigned cp;

	while (i < len) {
		unsigned char c = s[i];

		if (c >= 0x80) {
			k = hp_utf8_decode(s + i, len - i, &cp);
			if (k && !(cp >= 0x80 && cp < 0xa0)) {
				fwrite(s + i, 1, k, f);
				i += k;
			} else {
				fputs("\xef\xbf\xbd", f);
				i++;
			}
			continue;
		}
		switch (c) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		case '\t': case '\n': putc(c, f); break;
		default:
			if (c < 0x20 || c == 0x7f)
				fputs("\xef\xbf\xbd", f);
			else
				putc(c, f);
		}
		i++;
	}
}

/* A name as the static table shows it, and the job, the date and the
 * file in the page's title and header: whole up to NAME_CUT bytes, else
 * its start and end around an ellipsis, and its length (a printed 100
 * KB name fills thirty pages; laid out before the viewer starts, it
 * held the page up for seconds).  The viewer's table gives a name
 * whole, the data block the job and the date. */
static void
put_html_cut(FILE *f, const char *s, size_t len)
{
	size_t a = NAME_CUT * 2 / 3, b = len - NAME_CUT / 3;

	if (len <= NAME_CUT) {
		page_put_html(f, s, len);
		return;
	}
	while (a > 0 && (s[a] & 0xc0) == 0x80)	/* not inside a character */
		a--;
	while (b < len && (s[b] & 0xc0) == 0x80)
		b++;
	page_put_html(f, s, a);
	fputs(" \xe2\x80\xa6 ", f);
	page_put_html(f, s + b, len - b);
	fprintf(f, " (%zu bytes)", len);
}

static void
put_html_c(FILE *f, const char *s)
{
	if (s)
		put_html_cut(f, s, strlen(s));
}

static const char *
kind_of(const hp_model *m)
{
	switch (hp_model_profile(m)) {
	case HP_PROFILE_TICKY: return "ticky";
	case HP_PROFILE_TIME: return "time";
	case HP_PROFILE_COUNTERS: return "counters";
	default: return "heap";
	}
}

/* A band's colour as "#rrggbb" in hex (8 bytes with the NUL). */
static void
colour_hex(char *hex, const struct layout_band *b)
{
	unsigned c[3];
	size_t i;

	for (i = 0; i < 3; i++) {
		double v = b->rgb[i] < 0 ? 0 : b->rgb[i] > 1 ? 1 : b->rgb[i];

		c[i] = (unsigned)lround(v * 255);
	}
	snprintf(hex, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
}

void
page_put_bands(struct json_w *w, const struct render_layout *l)
{
	char hex[8];
	size_t i;

	json_key(w, "bands");
	json_array(w);
	for (i = 0; i < l->nbands; i++) {
		const struct layout_band *b = &l->bands[i];

		json_object(w);
		if (b->band == LAYOUT_OTHER) {	/* a model band's: "names" */
			json_key(w, "name");
			json_str(w, b->name, b->name_len);
			json_key(w, "label");
			if (l->other_label)
				json_cstr(w, l->other_label);
			else
				json_str(w, b->label, b->label_len);
		}
		json_key(w, "c");
		colour_hex(hex, b);
		json_str(w, hex, 7);
		json_key(w, "m");
		json_int(w, b->band == LAYOUT_OTHER ? -1 : (long long)b->band);
		json_end(w);
	}
	json_end(w);
}

/* What a ticky counter's allocation is a share of: all the run
 * allocated (HEAP_ALLOCATED's last value, an eventlog's), else a
 * report's ALLOC_HEAP_tot (what the ticky code allocated, in bytes):
 * "whole": [bytes, its name]; none without either. */
static void
put_ticky_whole(struct json_w *w, const hp_model *m)
{
	uint64_t v;
	double t;
	size_t i;

	if (hp_model_allocated(m, &t, &v)) {
		json_key(w, "whole");
		json_array(w);
		json_u64(w, v);
		json_cstr(w, "HEAP_ALLOCATED");
		json_end(w);
		return;
	}
	for (i = 0; i < hp_model_counter_count(m); i++) {
		const char *name = hp_model_counter(m, i, &v);

		if (strcmp(name, "ALLOC_HEAP_tot") == 0) {
			json_key(w, "whole");
			json_array(w);
			json_u64(w, v);
			json_cstr(w, name);
			json_end(w);
			return;
		}
	}
}

/* Every band's name, and what some profiles say of it, by model index
 * (objects keyed by the index, only for bands that have it). */
void
page_put_names(struct json_w *w, const hp_model *m)
{
	size_t i, n = hp_model_band_count(m), len;
	char idx[24];

	json_key(w, "names");
	json_array(w);
	for (i = 0; i < n; i++) {
		const char *s = hp_model_band_name(m, (hp_band)i, &len);

		json_str(w, s, len);
	}
	json_end(w);
	json_key(w, "labels");
	json_object(w);
	for (i = 0; i < n; i++) {
		const char *nm = hp_model_band_name(m, (hp_band)i, &len);
		size_t ll;
		const char *lb = hp_model_band_label(m, (hp_band)i, &ll);

		if (lb == nm || (ll == len && memcmp(lb, nm, len) == 0))
			continue;
		snprintf(idx, sizeof idx, "%zu", i);
		json_key(w, idx);
		json_str(w, lb, ll);
	}
	json_end(w);
	json_key(w, "ipe");
	json_object(w);
	for (i = 0; i < n; i++) {
		const struct hp_ipe *p = hp_model_band_ipe(m, (hp_band)i);

		if (!p)
			continue;
		snprintf(idx, sizeof idx, "%zu", i);
		json_key(w, idx);
		out_json_ipe(w, p, NULL);
	}
	json_end(w);
	json_key(w, "stack");
	json_object(w);
	for (i = 0; i < n; i++) {
		const char *s = hp_model_band_stack(m, (hp_band)i, &len), *e, *z;

		if (!s)
			continue;
		snprintf(idx, sizeof idx, "%zu", i);
		json_key(w, idx);
		json_array(w);
		for (e = s + len; s < e; s = z + 1) {
			if (!(z = memchr(s, '\0', (size_t)(e - s))))
				z = e;
			json_str(w, s, (size_t)(z - s));
		}
		json_end(w);
	}
	json_end(w);
	json_key(w, "ticky");
	json_object(w);
	for (i = 0; i < n; i++) {
		const struct hp_ticky_row *r = hp_model_band_ticky(m, (hp_band)i);
		const char *nm;

		if (!r)
			continue;
		snprintf(idx, sizeof idx, "%zu", i);
		json_key(w, idx);
		json_array(w);
		json_u64(w, r->entries);
		json_u64(w, r->alloc);
		json_u64(w, r->allocd);
		if (r->undefined) {
			json_null(w);
			json_null(w);
		} else {
			json_u64(w, r->arity);
			json_str(w, r->kinds, r->kinds_len);
		}
		if (r->fvs)
			json_str(w, r->fvs, r->fvs_len);
		else
			json_null(w);
		nm = hp_model_band_name(m, (hp_band)i, &len);
		json_cstr(w, hp_ticky_closure(nm, len));
		json_end(w);
	}
	json_end(w);
	put_ticky_whole(w, m);
}

/* Each band's shape (hp/stats.h): its greatest value in each stretch of
 * the run as a level 0..35 of its peak, one character each; the
 * bands' in one string (band i's at i * HP_SHAPE_N), which costs 20,000
 * bands 60 KB less than a string each. */
static int
put_sparks(struct json_w *w, const struct hp_stats *st, struct hp_err *err)
{
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	size_t nb = st->nbands, i, k;
	char *s = hp_mallocn(nb ? nb * HP_SHAPE_N : 1, 1);

	if (!s)
		return hp_err_set(err, "out of memory");
	for (i = 0; i < nb; i++) {
		const uint64_t *mx = st->band[i].shape;
		uint64_t peak = 0;

		/* every sample is in some stretch: the greatest of them is
		 * the band's peak */
		for (k = 0; k < HP_SHAPE_N; k++)
			if (mx[k] > peak)
				peak = mx[k];
		for (k = 0; k < HP_SHAPE_N; k++)
			s[i * HP_SHAPE_N + k] =
				digits[peak ? (size_t)lround((double)mx[k] /
							     (double)peak * 35) : 0];
	}
	json_key(w, "spark");
	json_str(w, s, nb * HP_SHAPE_N);
	free(s);
	return 0;
}

/* A per-interval profile's counts (ticks of a time profile): every
 * band's sum over its samples, in the model's order, as "counts", and
 * their unit as "count_unit", for the table. */
static int
put_counts(struct json_w *w, const hp_model *m, struct hp_err *err)
{
	size_t nb = hp_model_band_count(m), ns = hp_model_sample_count(m), i, k;
	uint64_t *sum = hp_callocn(nb ? nb : 1, sizeof *sum);

	if (!sum)
		return hp_err_set(err, "out of memory");
	for (i = 0; i < ns; i++) {
		const hp_band *b;
		const uint64_t *v;
		size_t n = hp_model_sample(m, i, &b, &v);

		for (k = 0; k < n; k++)	/* stopping at 2^64-1 */
			sum[b[k]] = sum[b[k]] > UINT64_MAX - v[k] ? UINT64_MAX
				    : sum[b[k]] + v[k];
	}
	json_key(w, "count_unit");
	json_cstr(w, hp_model_count_unit(m));
	json_key(w, "counts");
	json_array(w);
	for (i = 0; i < nb; i++)
		json_u64(w, sum[i]);
	json_end(w);
	free(sum);
	return 0;
}

/* Points t, v (n of them) as [[t...], [v...]]; past SERIES_POINTS,
 * each run of `step` points as its least and greatest, in time order. */
static void
put_points(struct json_w *w, const double *t, const uint64_t *v, size_t n)
{
	size_t step = n > SERIES_POINTS ? (n + SERIES_POINTS - 1) /
					  SERIES_POINTS : 1;
	int pass;

	json_array(w);
	for (pass = 0; pass < 2; pass++) {
		size_t i;

		json_array(w);
		for (i = 0; i < n; i += step) {
			size_t j, lo = i, hi = i, a, b;

			for (j = i; j < i + step && j < n; j++) {
				if (v[j] < v[lo])
					lo = j;
				if (v[j] > v[hi])
					hi = j;
			}
			a = lo < hi ? lo : hi;
			b = lo < hi ? hi : lo;
			if (pass == 0)
				json_num(w, t[a]);
			else
				json_u64(w, v[a]);
			if (a != b && pass == 0)
				json_num(w, t[b]);
			else if (a != b)
				json_u64(w, v[b]);
		}
		json_end(w);
	}
	json_end(w);
}

/* The heap series, and HEAP_ALLOCATED's counts as "alloc" (the heap
 * view reads the allocation rate between them). */
static void
put_series(struct json_w *w, const hp_model *m)
{
	const double *t;
	const uint64_t *v;
	size_t n;
	int s;

	json_key(w, "series");
	json_object(w);
	for (s = 0; s < HP_NSERIES; s++) {
		if (!(n = hp_model_series(m, (enum hp_series)s, &t, &v)))
			continue;
		json_key(w, hp_series_names[s].key);
		put_points(w, t, v, n);
	}
	json_end(w);
	if ((n = hp_model_allocations(m, &t, &v)) > 1) {
		json_key(w, "alloc");
		put_points(w, t, v, n);
	}
}

/* The marks; past PAGE_MARKS, the first in each of PAGE_MARKS columns
 * of the time axis (the static graph thins its marks too). */
void
page_put_marks(struct json_w *w, const hp_model *m,
	       const struct render_layout *l)
{
	size_t i, n = hp_model_mark_count(m);
	double span = l->t1 > l->t0 ? l->t1 - l->t0 : 1;
	long long last = -1;

	json_key(w, "marks");
	json_array(w);
	for (i = 0; i < n; i++) {
		double t = hp_model_mark_time(m, i);
		long long c = (long long)((t - l->t0) / span * (double)PAGE_MARKS);

		if (n > PAGE_MARKS && c == last)
			continue;
		last = c;
		json_array(w);
		json_num(w, t);
		json_cstr(w, hp_model_mark_label(m, i));
		json_end(w);
	}
	json_end(w);
	json_key(w, "nmarks");
	json_u64(w, n);
}

static size_t
len_of(const char *s)
{
	return s ? strlen(s) : 0;
}

/* The text the profile gives its bands, each on the page once in full:
 * names, labels, -hi's info-table fields, a time profile's stacks, and
 * a -hc profile's cost centres again in its tree (at most its names
 * once more).  The page's budget is on top of it: a long name costs no
 * samples, and the page holds every name whole. */
static size_t
band_text(const hp_model *m)
{
	size_t i, n = hp_model_band_count(m), len, ll, sum = 0;

	for (i = 0; i < n; i++) {
		const char *nm = hp_model_band_name(m, (hp_band)i, &len);
		const char *lb = hp_model_band_label(m, (hp_band)i, &ll);
		const struct hp_ipe *p = hp_model_band_ipe(m, (hp_band)i);

		sum += len * (page_is_hc(m) ? 2 : 1);
		if (lb != nm)
			sum += ll;
		if (p)
			sum += len_of(p->table_name) + len_of(p->closure_desc) +
			       len_of(p->type_desc) + len_of(p->label) +
			       len_of(p->module) + len_of(p->srcloc);
		if (hp_model_band_stack(m, (hp_band)i, &len))
			sum += len;
	}
	return sum;
}

/* Bytes the other parts of the page take, about: the viewer, the
 * static graph (as its data: URL), 8 kB for the page's own words, the
 * data block's few keys, the bands' text, and per band its shape (16),
 * six numbers (50 as they usually are) and the tree's (60 for -hc). */
static size_t
page_fixed(const hp_model *m, size_t svg_len)
{
	size_t n = hp_model_band_count(m);
	size_t sum = page_html_len + page_css_len + page_js_len + 8000 + svg_len;

	sum += band_text(m) + n * (page_is_hc(m) ? 132 : 72);
	return sum + hp_model_mark_count(m) * 8;
}

size_t
page_room(const hp_model *m, size_t svg_len, size_t more)
{
	size_t budget = PAGE_BUDGET(hp_model_band_count(m)) + band_text(m);
	size_t fixed = page_fixed(m, svg_len) + more;

	return budget > fixed ? budget - fixed : 0;
}

/* The served page (out_html_served): the generation of the model it
 * shows and the counts live batches go on from (live/serve.h). */
static void
put_live(struct json_w *w, const hp_model *m, unsigned gen)
{
	int k;

	json_key(w, "live");
	json_object(w);
	json_key(w, "gen");
	json_u64(w, gen);
	json_key(w, "nb");
	json_u64(w, hp_model_band_count(m));
	json_key(w, "nm");
	json_u64(w, hp_model_mark_count(m));
	json_key(w, "ns");
	json_array(w);
	for (k = 0; k < HP_NSERIES; k++) {
		const double *t;
		const uint64_t *v;

		json_u64(w, hp_model_series(m, (enum hp_series)k, &t, &v));
	}
	json_end(w);
	/* a long run's model holds its old censuses only as a summary
	 * (hp_model_compact): where its exact ones start */
	if (hp_model_summarised(m) && hp_model_summarised(m) < hp_model_sample_count(m)) {
		json_key(w, "exact_from");
		json_num(w, hp_model_sample_time(m, hp_model_summarised(m)));
	}
	json_end(w);
}

int
page_input_data(struct json_w *w, const hp_model *m, const hp_model *drawn,
		const struct render_opts *o, const struct render_layout *l,
		const struct render_layout *alone, const struct hp_stats *st,
		const char *name, size_t svg_len, const unsigned *live,
		struct hp_err *err)
{
	/* the job, the date, the title and the run's facts are in the
	 * data block whole, as the bands' text: on top of the budget, so
	 * they cost the censuses nothing; the header's three (cut) do */
	size_t more = 3 * NAME_CUT, i;

	/* and per drawn band its row of the static table (its name cut:
	 * put_html_cut) and its entry of "bands", at most */
	for (i = 0; i < l->nbands; i++)
		more += 250 + (l->bands[i].label_len < NAME_CUT ?
			       l->bands[i].label_len : NAME_CUT);
	json_object(w);
	json_key(w, "v");
	json_int(w, 2);
	json_key(w, "kind");
	json_cstr(w, kind_of(m));
	json_key(w, "title");
	json_cstr(w, l->title);
	json_key(w, "job");
	json_cstr(w, hp_model_get(m, HP_JOB));
	json_key(w, "date");
	json_cstr(w, hp_model_get(m, HP_DATE));
	json_key(w, "file");
	json_cstr(w, name);
	json_key(w, "xunit");
	json_cstr(w, l->xunit);
	json_key(w, "vunit");
	json_cstr(w, hp_model_get(m, HP_VALUE_UNIT) ?
		  hp_model_get(m, HP_VALUE_UNIT) : "bytes");
	json_key(w, "scale");
	json_num(w, hp_model_scale(m));
	json_key(w, "t0");
	json_num(w, l->t0);
	json_key(w, "t1");
	json_num(w, l->t1);
	json_key(w, "zero");
	json_bool(w, l->zero_start);
	json_key(w, "step");
	json_bool(w, l->step);
	json_key(w, "window");
	json_bool(w, o->has_from || o->has_to);
	json_key(w, "n");
	json_u64(w, hp_model_sample_count(m));
	if (page_samples(w, drawn, l, page_room(m, svg_len, more),
			 live != NULL, err))
		return -1;
	page_put_bands(w, l);
	page_put_names(w, m);
	if (put_sparks(w, st, err))
		return -1;
	if (!o->no_marks)
		page_put_marks(w, m, l);
	put_series(w, m);
	if (hp_ipe_hp_note(m)) {
		json_key(w, "note");
		json_cstr(w, hp_ipe_hp_note(m));
	}
	page_facts(w, m);
	if (hp_model_per_interval(m) && put_counts(w, m, err))
		return -1;
	if (page_is_hc(m) && page_tree(w, m, l, err))
		return -1;
	summary_rows(w, st, alone);
	if (live)
		put_live(w, m, *live);
	json_end(w);
	return 0;
}

static void
put_bytes(FILE *f, double v, const char *unit)
{
	char buf[64];

	layout_si(buf, sizeof buf, v, unit);
	put_html_c(f, buf);
}

/* The drawn bands, top first, for a reader without JavaScript and for
 * print: the key's colour, the name (a long one cut), peak and share. */
void
page_input_table(FILE *f, const hp_model *m, const struct render_layout *l,
		 const struct hp_stats *st)
{
	const char *vu = hp_model_get(m, HP_VALUE_UNIT);
	double scale = hp_model_scale(m);
	size_t i;

	if (!vu)
		vu = "bytes";
	if (strcmp(vu, "bytes") == 0)
		vu = "B";
	fputs("<table class=\"stable\"><caption>", f);
	fprintf(f, "%zu bands", hp_model_band_count(m));
	if (l->nbands < hp_model_band_count(m))
		fprintf(f, "; the graph draws %zu", l->nbands);
	fputs("</caption>\n<thead><tr><th>Band</th><th>Peak</th>"
	      "<th>Share</th></tr></thead><tbody>\n", f);
	for (i = l->nbands; i-- > 0;) {
		const struct layout_band *b = &l->bands[i];
		double peak = 0, integral = 0;
		char hex[8];
		size_t k;

		if (b->band == LAYOUT_OTHER) {
			for (k = 0; k < l->nslot; k++)
				if (l->slot[k] == (int32_t)i) {
					integral += st->band[k].integral;
					if ((double)st->band[k].peak > peak)
						peak = (double)st->band[k].peak;
				}
		} else {
			peak = (double)st->band[b->band].peak;
			integral = st->band[b->band].integral;
		}
		colour_hex(hex, b);
		fprintf(f, "<tr><td><svg width=\"10\" height=\"10\" aria-hidden=\"true\"><rect width=\"10\" height=\"10\" fill=\"%s\"/></svg> ",
			hex);
		if (b->band == LAYOUT_OTHER && l->other_label)
			put_html_c(f, l->other_label);
		else
			put_html_cut(f, b->label, b->label_len);
		fputs(b->band == LAYOUT_OTHER ? "</td><td>&le; " : "</td><td>", f);
		put_bytes(f, peak * scale, vu);
		fprintf(f, "</td><td>%.1f %%</td></tr>\n",
			st->integral > 0 ? 100 * integral / st->integral : 0.0);
	}
	fputs("</tbody></table>", f);
}

static int
put_subtitle(FILE *f, const hp_model *m, const char *name)
{
	const char *date = hp_model_get(m, HP_DATE);

	put_html_c(f, name && strcmp(name, "-") != 0 ? name : "standard input");
	if (date && *date) {
		fputs(" \xc2\xb7 ", f);
		put_html_c(f, date);
	}
	if (hp_model_series_only(m)) {	/* no census: what there is */
		size_t s, n = 0, k = 0;

		for (s = 0; s < HP_NSERIES; s++) {
			size_t p = hp_model_series(m, (enum hp_series)s, NULL, NULL);

			n += p;
			k += p > 0;
		}
		fprintf(f, " \xc2\xb7 <span id=\"counts\">%zu points in %zu series</span>",
			n, k);
		return 0;
	}
	/* every census of the run, those a long run's model keeps only in
	 * its summary included (hp_model_compact) */
	fprintf(f, " \xc2\xb7 <span id=\"counts\">%zu samples, %zu bands</span>",
		hp_model_census_count(m) + hp_model_dropped(m),
		hp_model_band_count(m));
	return 0;
}

size_t
page_budget(const hp_model *m)
{
	return PAGE_BUDGET(hp_model_band_count(m));
}

/*
 * The static graph, hp2x's SVG of in[0..n-1], for print and readers
 * without JavaScript: 2 pt columns halve its size against -o svg's 1 pt,
 * and coarser ones (to 16 pt) keep it within half the page's budget
 * when many bands are drawn.  o is the page's options (SVG, in colour).
 */
int
page_svg(render_ctx *ctx, const struct render_input *in, size_t n,
	 const struct render_opts *o, size_t budget, char **buf, size_t *len,
	 struct hp_err *err)
{
	struct render_opts so = *o;
	struct cli_mem svg = { 0 };

	for (so.column = 2;; so.column *= 2) {
		if (cli_mem_open(&svg, err) ||
		    render_graphs(ctx, in, n, &so, svg.f, err) ||
		    cli_mem_close(&svg, err)) {
			cli_mem_free(&svg);
			return -1;
		}
		if (svg.len <= budget / 2 || so.column >= 16)
			break;
		cli_mem_free(&svg);
	}
	*buf = svg.buf;
	*len = svg.len;
	return 0;
}

/* The page's options: an SVG graph, in colour unless a palette was
 * asked for (hp2ps's greys are for paper); the layout and the static
 * graph both see them. */
void
page_opts(struct render_opts *so, const struct render_opts *o)
{
	*so = *o;
	if (so->palette == RENDER_PALETTE_AUTO)
		so->colour = 1;
	so->format = RENDER_SVG;
	/* the chart fills its bands with no outline */
	so->unoutlined = 1;
	/* an <img>'s text is found by nothing, and laying out a long name
	 * there held the page up (the table has the names) */
	so->no_text_layer = 1;
}

/* The template of page/viewer/ with its @NAME@ markers filled: the
 * hashes, style and script built in, the title and graph given, the
 * policy's connect-src 'self' for a served page (else 'none'), the rest
 * by `part`. */
int
page_fill(FILE *f, const char *title, const char *svg, size_t svg_len,
	  int connect_self, page_part_fn part, void *closure,
	  struct hp_err *err)
{
	const char *t = (const char *)page_html, *end = t + page_html_len;

	while (t < end) {
		const char *at = memchr(t, '@', (size_t)(end - t)), *z;
		size_t k;

		if (!at) {
			fwrite(t, 1, (size_t)(end - t), f);
			break;
		}
		fwrite(t, 1, (size_t)(at - t), f);
		for (z = at + 1; z < end && ((*z >= 'A' && *z <= 'Z') || *z == '_'); z++)
			;
		k = (size_t)(z - at - 1);
		if (z >= end || *z != '@' || k == 0) {
			putc('@', f);
			t = at + 1;
			continue;
		}
#define IS(s) (k == sizeof(s) - 1 && memcmp(at + 1, (s), k) == 0)
		if (IS("SCRIPT_HASH"))
			fputs(page_js_hash, f);
		else if (IS("STYLE_HASH"))
			fputs(page_css_hash, f);
		else if (IS("TITLE"))
			put_html_c(f, title);
		else if (IS("CONNECT"))
			fputs(connect_self ? "'self'" : "'none'", f);
		else if (IS("STYLE"))
			fwrite(page_css, 1, page_css_len, f);
		else if (IS("SCRIPT"))
			fwrite(page_js, 1, page_js_len, f);
		else if (IS("SVG"))
			put_data_url(f, (const unsigned char *)svg, svg_len);
		else if (IS("SUBTITLE") || IS("TABLE") || IS("DATA")) {
			if (part(f, IS("SUBTITLE") ? PAGE_SUBTITLE :
				 IS("TABLE") ? PAGE_TABLE : PAGE_DATA,
				 closure, err))
				return -1;
		} else {
			fwrite(at, 1, k + 2, f);
		}
#undef IS
		t = z + 1;
	}
	return out_flush(f, err);
}

/* One profile's page: what page_fill asks for. */
struct one {
	const hp_model *m, *drawn;
	const struct render_opts *o;
	const struct render_layout *l;
	const char *name;
	size_t svg_len;
	const struct hp_stats *st;
	const unsigned *live;	/* served: the model's generation */
};

static int
one_part(FILE *f, enum page_part what, void *closure, struct hp_err *err)
{
	const struct one *p = closure;
	struct json_w w;

	switch (what) {
	case PAGE_SUBTITLE:
		return put_subtitle(f, p->m, p->name);
	case PAGE_TABLE:
		page_input_table(f, p->m, p->l, p->st);
		return 0;
	default:
		json_init(&w, f, 1);
		return page_input_data(&w, p->m, p->drawn, p->o, p->l, p->l,
				       p->st, p->name ? p->name : "-", p->svg_len,
				       p->live, err);
	}
}

static int
page(render_ctx *ctx, const hp_model *m, const struct render_opts *o,
     const char *name, const unsigned *live, FILE *f, struct hp_err *err)
{
	struct render_input in = { m, NULL, NULL, NULL };
	struct render_opts so;
	struct render_layout l;
	struct hp_stats st;
	hp_model *steps = NULL;
	struct one p;
	char *svg = NULL;
	size_t svg_len = 0;
	int rc = -1, have_layout = 0, have_stats = 0;

	page_opts(&so, o);
	if (page_svg(ctx, &in, 1, &so, page_budget(m), &svg, &svg_len, err))
		goto out;
	/* the viewer draws what the static graph draws: a per-interval
	 * profile's steps (hp/steps.h); the table's numbers are the
	 * profile's own */
	if (hp_model_per_interval(m) && !(steps = hp_steps(m, err)))
		goto out;
	if (layout_compute(&l, steps ? steps : m, &so, NULL, NULL, NULL, err))
		goto out;
	have_layout = 1;
	/* the static table's numbers and the data block's rows (those of
	 * --summary=json: the layout above is the one it makes) */
	if (hp_stats_compute(&st, m, err))
		goto out;
	have_stats = 1;
	p.m = m;
	p.drawn = steps ? steps : m;
	p.o = &so;
	p.l = &l;
	p.name = name;
	p.svg_len = page_url_len(svg, svg_len);
	p.st = &st;
	p.live = live;
	rc = page_fill(f, l.title, svg, svg_len, live != NULL, one_part, &p,
		       err);
out:
	if (have_stats)
		hp_stats_release(&st);
	if (have_layout)
		layout_release(&l);
	hp_model_free(steps);
	free(svg);
	return rc;
}

int
out_html(render_ctx *ctx, const hp_model *m, const struct render_opts *o,
	 const char *name, FILE *f, struct hp_err *err)
{
	return page(ctx, m, o, name, NULL, f, err);
}

int
out_html_served(render_ctx *ctx, const hp_model *m,
		const struct render_opts *o, const char *name, unsigned gen,
		FILE *f, struct hp_err *err)
{
	return page(ctx, m, o, name, &gen, f, err);
}
