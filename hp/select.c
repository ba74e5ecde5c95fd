/*
 * hp/select.c - band filters and time windows.  See select.h.
 *
 * The cut model is built sample by sample through the ordinary
 * begin/add/commit calls, so its band totals are the model's own and no
 * consumer can tell it from a profile that had only these bands and
 * samples.  The window's first and last samples are found by binary
 * search: a window costs what it holds, not what the profile holds.
 */
#include "select.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "regex.h"

int
hp_select_active(const struct hp_select *s)
{
	return s->ninclude || s->nexclude || s->from || s->to;
}

/* The pattern compiled (hp/regex.c: linear-time matching, its limits),
 * or NULL with err naming the option and the pattern. */
static hp_regex *
compile(const char *opt, const char *pat, struct hp_err *err)
{
	char msg[256];
	hp_regex *re = hp_regex_compile(pat, msg, sizeof msg);

	/* a pattern of thousands of bytes is quoted by its start, so the
	 * reason still fits the message */
	if (!re)
		hp_err_set(err, "%s '%.60s%s': %s", opt, pat,
			   strlen(pat) > 60 ? "..." : "", msg);
	return re;
}

int
hp_select_check(const char *opt, const char *pattern, struct hp_err *err)
{
	hp_regex *re = compile(opt, pattern, err);

	if (!re)
		return -1;
	hp_regex_free(re);
	return 0;
}

/* The labels of m's marks, quoted and comma-separated, into buf. */
static void
list_labels(const hp_model *m, char *buf, size_t size)
{
	size_t i, n = hp_model_mark_count(m), o = 0;

	buf[0] = '\0';
	for (i = 0; i < n && o + 1 < size; i++) {
		const char *l = hp_model_mark_label(m, i);
		int k = snprintf(buf + o, size - o, "%s'%s'", o ? ", " : "",
				 l ? l : "");

		if (k < 0)
			break;
		o += (size_t)k < size - o ? (size_t)k : size - o - 1;
	}
}

int
hp_select_time(const hp_model *m, const char *arg, double *t,
	       struct hp_err *err)
{
	size_t i, n = hp_model_mark_count(m), exact = 0, part = 0;
	size_t exact_i = 0, part_i = 0;
	char *end, labels[700];
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (end != arg && *end == '\0' && errno == 0 && isfinite(v)) {
		*t = v;
		return 0;
	}
	for (i = 0; i < n; i++) {
		const char *l = hp_model_mark_label(m, i);

		if (!l)
			continue;
		if (strcmp(l, arg) == 0) {
			exact++;
			exact_i = i;
		} else if (*arg && strstr(l, arg)) {
			part++;
			part_i = i;
		}
	}
	if (exact == 1 || (exact == 0 && part == 1)) {
		*t = hp_model_mark_time(m, exact ? exact_i : part_i);
		return 0;
	}
	list_labels(m, labels, sizeof labels);
	if (!n)
		return hp_err_set(err, "'%s' is neither a time in seconds nor "
				  "a mark's label: the profile has no marks",
				  arg);
	return hp_err_set(err, "'%s' %s; the profile's marks are: %s", arg,
			  exact + part ? "names more than one mark"
				       : "is neither a time in seconds nor a mark's label",
			  labels);
}

/* Which bands of m pass the patterns: keep[b] = 1 or 0. */
static int
filter_bands(const hp_model *m, const struct hp_select *s, char *keep,
	     struct hp_err *err)
{
	size_t nb = hp_model_band_count(m), np = s->ninclude + s->nexclude;
	hp_regex **re = hp_callocn(np ? np : 1, sizeof(hp_regex *));
	size_t *hits = hp_callocn(np ? np : 1, sizeof *hits);
	size_t i, b, ncomp = 0;
	int rc = -1;

	if (!re || !hits) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	for (i = 0; i < np; i++, ncomp++) {
		int inc = i < s->ninclude;
		const char *p = inc ? s->include[i] : s->exclude[i - s->ninclude];

		if (!(re[i] = compile(inc ? "--include" : "--exclude", p, err)))
			goto out;
	}
	for (b = 0; b < nb; b++) {
		size_t len, llen;
		const char *name = hp_model_band_name(m, (hp_band)b, &len);
		const char *label = hp_model_band_label(m, (hp_band)b, &llen);
		int in = s->ninclude == 0, ex = 0;

		/* every pattern is tried, so each one's hits are known; a band
		 * shown by another name (a -hi band's source) matches by either */
		for (i = 0; i < np; i++) {
			if (!hp_regex_match(re[i], name, len) &&
			    (label == name || !hp_regex_match(re[i], label, llen)))
				continue;
			hits[i]++;
			if (i < s->ninclude)
				in = 1;
			else
				ex = 1;
		}
		keep[b] = in && !ex;
	}
	for (i = 0; i < np && !s->lenient; i++) {
		if (hits[i])
			continue;
		if (i < s->ninclude)
			hp_err_set(err, "--include '%s' matches no band",
				   s->include[i]);
		else
			hp_err_set(err, "--exclude '%s' matches no band",
				   s->exclude[i - s->ninclude]);
		goto out;
	}
	rc = 0;
out:
	for (i = 0; i < ncomp && re; i++)
		hp_regex_free(re[i]);
	free(re);
	free(hits);
	return rc;
}

/* The first sample at or after t, or (after) the first after t. */
static size_t
first_sample(const hp_model *m, double t, int after)
{
	size_t lo = 0, hi = hp_model_sample_count(m);

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		double tm = hp_model_sample_time(m, mid);

		if (tm < t || (after && tm == t))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
copy_header(hp_model *out, const hp_model *m, struct hp_err *err)
{
	size_t i, n;
	int f;

	for (f = 0; f < HP_NFIELDS; f++) {
		const char *v = hp_model_get(m, (enum hp_field)f);

		if (v && hp_model_set(out, (enum hp_field)f, v, strlen(v), err))
			return -1;
	}
	hp_model_set_kind(out, hp_model_kind(m));
	hp_model_set_beside(out, hp_model_beside(m));
	hp_model_set_profile(out, hp_model_profile(m));
	hp_model_set_scale(out, hp_model_scale(m));
	hp_model_set_tick(out, hp_model_tick(m));
	hp_model_set_measure(out, hp_model_measure(m));
	hp_model_set_origin(out, hp_model_origin(m));
	n = hp_model_counter_count(m);
	for (i = 0; i < n; i++) {
		uint64_t v;
		const char *c = hp_model_counter(m, i, &v);

		if (hp_model_add_counter(out, c, strlen(c), v, err))
			return -1;
	}
	return 0;
}

static int
copy_bands(hp_model *out, const hp_model *m, const char *keep, hp_band *map,
	   struct hp_err *err)
{
	size_t b, nb = hp_model_band_count(m), len, llen;

	for (b = 0; b < nb; b++) {
		const char *name, *label, *stack;
		const struct hp_ipe *ipe;
		const struct hp_ticky_row *ticky;
		size_t slen;

		if (!keep[b])
			continue;
		name = hp_model_band_name(m, (hp_band)b, &len);
		if (hp_model_intern(out, name, len, &map[b], err))
			return -1;
		label = hp_model_band_label(m, (hp_band)b, &llen);
		if (label != name &&
		    hp_model_band_set_label(out, map[b], label, llen, err))
			return -1;
		ipe = hp_model_band_ipe(m, (hp_band)b);
		if (ipe && hp_model_band_set_ipe(out, map[b], ipe, err))
			return -1;
		ticky = hp_model_band_ticky(m, (hp_band)b);
		if (ticky && hp_model_band_set_ticky(out, map[b], ticky, err))
			return -1;
		stack = hp_model_band_stack(m, (hp_band)b, &slen);
		if (stack && hp_model_band_set_stack(out, map[b], stack, slen, err))
			return -1;
	}
	return 0;
}

static int
copy_extras(hp_model *out, const hp_model *m, const struct hp_window *w,
	    struct hp_err *err)
{
	size_t i, n = hp_model_mark_count(m);
	const uint64_t *bytes;
	const double *at;
	int s;

	for (i = 0; i < n; i++) {
		double t = hp_model_mark_time(m, i);
		const char *l = hp_model_mark_label(m, i);

		if (t >= w->from && t <= w->to &&
		    hp_model_add_mark(out, t, l, l ? strlen(l) : 0, err))
			return -1;
	}
	for (s = 0; s < HP_NSERIES; s++) {
		const double *ts;
		const uint64_t *vs;
		size_t np = hp_model_series(m, (enum hp_series)s, &ts, &vs);

		for (i = 0; i < np; i++)
			if (ts[i] >= w->from && ts[i] <= w->to &&
			    hp_model_add_point(out, (enum hp_series)s, ts[i],
					       vs[i], err))
				return -1;
	}
	/* the counts taken inside it */
	n = hp_model_allocations(m, &at, &bytes);
	for (i = 0; i < n; i++)
		if (at[i] >= w->from && at[i] <= w->to &&
		    hp_model_add_allocated(out, at[i], bytes[i], err))
			return -1;
	return 0;
}

int
hp_select_copy_frame(hp_model *out, const hp_model *m, struct hp_err *err)
{
	size_t nb = hp_model_band_count(m);
	struct hp_window w = { -INFINITY, INFINITY, 0, 0 };
	char *keep = hp_malloc(nb ? nb : 1);
	hp_band *map = hp_mallocn(nb ? nb : 1, sizeof *map);
	int rc = -1;

	if (!keep || !map)
		hp_err_set(err, "out of memory");
	else {
		memset(keep, 1, nb);
		rc = copy_header(out, m, err) || copy_bands(out, m, keep, map, err) ||
		     copy_extras(out, m, &w, err) ? -1 : 0;
	}
	free(keep);
	free(map);
	return rc;
}

hp_model *
hp_select_apply(const hp_model *m, const struct hp_select *s,
		struct hp_window *win, struct hp_err *err)
{
	size_t nb = hp_model_band_count(m), ns = hp_model_sample_count(m);
	size_t lo = 0, hi = ns, b;
	int shared = 1;		/* every band kept, as it was numbered */
	struct hp_window w = { -INFINITY, INFINITY, 0, 0 };
	char *keep = hp_malloc(nb ? nb : 1);
	hp_band *map = hp_mallocn(nb ? nb : 1, sizeof *map);
	hp_model *out = NULL;

	if (!keep || !map) {
		hp_err_set(err, "out of memory");
		goto fail;
	}
	if (s->from && hp_select_time(m, s->from, &w.from, err))
		goto fail;
	if (s->to && hp_select_time(m, s->to, &w.to, err))
		goto fail;
	w.has_from = s->from != NULL;
	w.has_to = s->to != NULL;
	if (w.from > w.to) {
		hp_err_set(err, "--from %s (%g s) is after --to %s (%g s)",
			   s->from, w.from, s->to, w.to);
		goto fail;
	}
	if (s->from)
		lo = first_sample(m, w.from, 0);
	if (s->to)
		hi = first_sample(m, w.to, 1);
	if (lo >= hi && ns && !s->lenient) {
		hp_err_set(err, "no sample between %g and %g s (the profile's "
			   "samples span %g to %g s)", w.has_from ? w.from : 0,
			   w.has_to ? w.to : hp_model_sample_time(m, ns - 1),
			   hp_model_sample_time(m, 0),
			   hp_model_sample_time(m, ns - 1));
		goto fail;
	}
	if (s->ninclude + s->nexclude) {
		if (filter_bands(m, s, keep, err))
			goto fail;
	} else {
		for (b = 0; b < nb; b++)
			keep[b] = 1;
	}
	out = hp_model_new();
	if (!out) {
		hp_err_set(err, "out of memory");
		goto fail;
	}
	if (copy_header(out, m, err) || copy_bands(out, m, keep, map, err))
		goto fail;
	/* a ticky window's first interval began at the sample before it */
	hp_model_set_origin(out, lo ? hp_model_sample_time(m, lo - 1)
			    : hp_model_origin(m));
	/* the exit mark stays one only in a view that holds it */
	hp_model_set_exit_sample(out, hi == ns &&
				 hp_model_census_count(m) < ns);
	for (b = 0; b < nb; b++)
		shared &= keep[b] && map[b] == b;
	if ((shared ? hp_model_share_range(out, m, lo, hi, s->prev, err) :
	     hp_model_append_range(out, m, lo, hi, map, keep, err)) ||
	    copy_extras(out, m, &w, err))
		goto fail;
	if (win)
		*win = w;
	free(keep);
	free(map);
	return out;
fail:
	hp_model_free(out);
	free(keep);
	free(map);
	return NULL;
}

void
hp_select_describe(const struct hp_select *s, char *buf, size_t size)
{
	size_t i, o = 0;
	int k;

	if (!size)
		return;
	buf[0] = '\0';
	for (i = 0; i < s->ninclude + s->nexclude; i++) {
		int inc = i < s->ninclude;
		const char *p = inc ? s->include[i] : s->exclude[i - s->ninclude];
		const char *lead;

		if (i == 0)
			lead = inc ? "bands matching '" : "bands not matching '";
		else if (i == s->ninclude)
			lead = "', not '";
		else
			lead = "' or '";
		k = snprintf(buf + o, size - o, "%s%s", lead, p);
		if (k < 0 || (size_t)k >= size - o)
			return;
		o += (size_t)k;
	}
	if (o)
		snprintf(buf + o, size - o, "'");
}
