/*
 * convert/budget.c - heap budgets for CI: --max-peak, --max-growth,
 * --fail-if-larger.  See budget.h.
 *
 * GHC's testsuite guards a performance test's max_bytes_used within a
 * tolerance (testsuite/driver/perf_notes.py); a heap profile can say more:
 * which band grew, and whether one leaks.  The verdicts are worked out
 * here once and shown twice: a line each on stderr for a breach, and
 * a table ahead of --summary=markdown.
 */
#include "budget.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../data/mdtext.h"
#include "../hp/grow.h"
#include "../hp/match.h"
#include "../hp/stats.h"
#include "../render/layout/layout.h"

/* Names in a message: cut to this many bytes in the middle, so the
 * value and the limit after them fit say.c's line. */
#define SAY_NAME_MAX 160

static const char *const option[] = {
	[BUDGET_PEAK] = "--max-peak",
	[BUDGET_GROWTH] = "--max-growth",
	[BUDGET_LARGER] = "--fail-if-larger",
};

static struct budget_verdict *
add(struct budget_report *r, struct hp_err *err)
{
	struct budget_verdict *v;

	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 8;

		v = hp_realloc(r->v, cap * sizeof *v);
		if (!v) {
			hp_err_set(err, "out of memory");
			return NULL;
		}
		r->v = v;
		r->cap = cap;
	}
	v = &r->v[r->n++];
	memset(v, 0, sizeof *v);
	return v;
}

/* Budgets count bytes: a time or ticky profile's values are not. */
static int
refuse_unbudgeted(const char *name, const hp_model *m, struct hp_err *err)
{
	if (hp_model_series_only(m))
		return hp_err_set(err, "%s: holds the heap size alone, no heap profile: budgets judge a heap profile's bands (run with +RTS -hT -l)",
				  name);
	if (hp_model_profile(m) != HP_PROFILE_HEAP ||
	    strcmp(hp_model_count_unit(m), "bytes") != 0)
		return hp_err_set(err, "%s: its values are %s, not bytes: budgets judge heap profiles",
				  name, hp_model_count_unit(m));
	return 0;
}

static void
band_of(struct budget_verdict *v, const hp_model *m, hp_band b)
{
	v->band = hp_model_band_name(m, b, &v->len);
}

static double
band_value(const struct hp_stats *st, enum budget_kind kind, size_t i)
{
	return kind == BUDGET_PEAK ? (double)st->band[i].peak
				   : st->band[i].growth;
}

/* A verdict on band at (none when at is st->nbands). */
static int
band_verdict(struct budget_report *r, enum budget_kind kind,
	     const struct cli_budget *limit, const char *name,
	     const hp_model *m, const struct hp_stats *st, size_t at,
	     int breached, struct hp_err *err)
{
	struct budget_verdict *v = add(r, err);

	if (!v)
		return -1;
	v->kind = kind;
	v->file = name;
	v->limit = limit;
	v->breached = breached;
	if (at == st->nbands) {
		v->none = 1;
		return 0;
	}
	band_of(v, m, (hp_band)at);
	v->value = band_value(st, kind, at);
	v->t = kind == BUDGET_PEAK ? st->band[at].peak_t : st->t0;
	v->t1 = st->t1;
	return 0;
}

/*
 * One budget over the bands: a verdict for each band whose value breaks
 * it, else one for the band nearest to breaking it.  A NAN breaks every
 * limit: a number that cannot be computed is not within one.
 */
static int
per_band(struct budget_report *r, enum budget_kind kind,
	 const struct cli_budget *limit, const char *name, const hp_model *m,
	 const struct hp_stats *st, struct hp_err *err)
{
	size_t i, best = st->nbands, breaches = 0;

	for (i = 0; i < st->nbands; i++) {
		if (!(band_value(st, kind, i) <= limit->limit))
			breaches++;
		else if (best == st->nbands ||
			 band_value(st, kind, i) > band_value(st, kind, best))
			best = i;
	}
	if (!breaches)
		return band_verdict(r, kind, limit, name, m, st, best, 0, err);
	for (i = 0; i < st->nbands; i++)
		if (!(band_value(st, kind, i) <= limit->limit) &&
		    band_verdict(r, kind, limit, name, m, st, i, 1, err))
			return -1;
	return 0;
}

static int
filtered(const struct cli_settings *s)
{
	return s->ninclude || s->nexclude;
}

int
budget_check(struct budget_report *r, const struct cli_settings *s,
	     const char *name, const hp_model *m, struct hp_err *err)
{
	struct hp_stats st;
	struct budget_verdict *v;
	int rc = 0;

	if (!s->max_peak.given && !s->max_growth.given)
		return 0;
	if (refuse_unbudgeted(name, m, err) || hp_stats_compute(&st, m, err))
		return -1;
	if (s->max_peak.given && filtered(s)) {
		rc = per_band(r, BUDGET_PEAK, &s->max_peak, name, m, &st, err);
	} else if (s->max_peak.given) {
		if (!(v = add(r, err))) {
			rc = -1;
			goto out;
		}
		v->kind = BUDGET_PEAK;
		v->file = name;
		v->limit = &s->max_peak;
		/* a total that reached 2^64-1 is at least that (stats.h) */
		v->value = (double)st.peak;
		v->t = st.peak_t;
		v->breached = !(v->value <= s->max_peak.limit);
	}
	if (rc == 0 && s->max_growth.given)
		rc = per_band(r, BUDGET_GROWTH, &s->max_growth, name, m, &st,
			      err);
out:
	hp_stats_release(&st);
	return rc;
}

/* Whether new is larger than base by more than pct percent: a band new
 * in NEW (base 0) is, whatever its size. */
static int
larger(double base, double new, double pct)
{
	return new > base * (1 + pct / 100) || (base == 0 && new > 0);
}

/* NEW's change on BASE as a percentage (INFINITY from nothing). */
static double
growth_pct(const struct budget_verdict *v)
{
	if (v->base_value == 0)
		return v->value > 0 ? INFINITY : 0;
	return 100 * (v->value - v->base_value) / v->base_value;
}

int
budget_check_diff(struct budget_report *r, const struct cli_settings *s,
		  const char *name_a, const hp_model *a, const char *name_b,
		  const hp_model *b, struct hp_err *err)
{
	const struct cli_budget *lim = &s->fail_if_larger;
	struct hp_stats sa, sb;
	struct budget_verdict *v, best = { 0 };
	hp_band *bmap = NULL;
	size_t k, breaches = 0;
	int rc = -1, have_best = 0;

	if (!lim->given)
		return 0;
	if (refuse_unbudgeted(name_a, a, err) ||
	    refuse_unbudgeted(name_b, b, err) ||
	    hp_stats_compute(&sa, a, err))
		return -1;
	if (hp_stats_compute(&sb, b, err)) {
		hp_stats_release(&sa);
		return -1;
	}
	best.kind = BUDGET_LARGER;
	best.file = name_b;
	best.base = name_a;
	best.limit = lim;
	if (!filtered(s)) {
		if (!(v = add(r, err)))
			goto out;
		*v = best;
		v->value = (double)sb.peak;
		v->t = sb.peak_t;
		v->base_value = (double)sa.peak;
		v->base_t = sa.peak_t;
		v->breached = larger(v->base_value, v->value, lim->limit);
		rc = 0;
		goto out;
	}
	bmap = hp_mallocn(sb.nbands ? sb.nbands : 1, sizeof *bmap);
	if (!bmap || hp_match_bands(a, b, s->render.match_ids, bmap, NULL)) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	for (k = 0; k < sb.nbands; k++) {
		struct budget_verdict w = best;

		band_of(&w, b, (hp_band)k);
		w.value = (double)sb.band[k].peak;
		w.t = sb.band[k].peak_t;
		if (bmap[k] == HP_MATCH_NONE) {
			w.base_missing = 1;
		} else {
			w.base_value = (double)sa.band[bmap[k]].peak;
			w.base_t = sa.band[bmap[k]].peak_t;
		}
		w.breached = larger(w.base_value, w.value, lim->limit);
		if (w.breached) {
			if (!(v = add(r, err)))
				goto out;
			*v = w;
			breaches++;
		} else if (!have_best || growth_pct(&w) > growth_pct(&best)) {
			/* the kept band nearest to its limit */
			best = w;
			have_best = 1;
		}
	}
	if (!breaches) {
		if (!(v = add(r, err)))
			goto out;
		*v = best;
		v->none = !have_best;
	}
	rc = 0;
out:
	free(bmap);
	hp_stats_release(&sa);
	hp_stats_release(&sb);
	return rc;
}

int
budget_breached(const struct budget_report *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (r->v[i].breached)
			return 1;
	return 0;
}

/* "66.6 MB (66,571,040 B)": the exact bytes too, so a value just over
 * its limit does not read as equal to it. */
static void
fmt_bytes(char *buf, size_t size, double v)
{
	char si[32];

	if (!isfinite(v)) {
		snprintf(buf, size, "n/a");
		return;
	}
	layout_si(si, sizeof si, v, "B");
	if (v < 1000)
		snprintf(buf, size, "%s", si);
	else
		snprintf(buf, size, "%s (%.0f B)", si, v);
}

static void
fmt_rate(char *buf, size_t size, double v)
{
	if (!isfinite(v)) {
		snprintf(buf, size, "n/a (times too large to compute it)");
		return;
	}
	layout_si(buf + 1, size - 1, fabs(v), "B/s");
	buf[0] = v < 0 ? '-' : '+';
}

/* "band 'NAME'" or "total", cut for a message. */
static void
subject(char *buf, size_t size, const struct budget_verdict *v)
{
	size_t half = SAY_NAME_MAX / 2;

	if (!v->band)
		snprintf(buf, size, "total");
	else if (v->len <= SAY_NAME_MAX)
		snprintf(buf, size, "band '%.*s'", (int)v->len, v->band);
	else
		snprintf(buf, size, "band '%.*s...%.*s'", (int)half, v->band,
			 (int)half, v->band + v->len - half);
}

void
budget_say(const struct budget_report *r, FILE *errs)
{
	char who[SAY_NAME_MAX + 32], x[64], y[64];
	size_t i;

	for (i = 0; i < r->n; i++) {
		const struct budget_verdict *v = &r->v[i];

		if (!v->breached)
			continue;
		subject(who, sizeof who, v);
		switch (v->kind) {
		case BUDGET_PEAK:
			fmt_bytes(x, sizeof x, v->value);
			cli_sayf(errs, "budget: ", "%s: %s peak %s at %.3f s is over %s=%s",
				 v->file, who, x, v->t, option[v->kind],
				 v->limit->given);
			break;
		case BUDGET_GROWTH:
			fmt_rate(x, sizeof x, v->value);
			cli_sayf(errs, "budget: ", "%s: %s grows %s from %.3f to %.3f s, faster than %s=%s",
				 v->file, who, x, v->t, v->t1, option[v->kind],
				 v->limit->given);
			break;
		case BUDGET_LARGER:
			fmt_bytes(x, sizeof x, v->value);
			fmt_bytes(y, sizeof y, v->base_value);
			if (v->base_missing)
				cli_sayf(errs, "budget: ", "%s: %s peak %s at %.3f s, not in %s, is over %s=%s",
					 v->file, who, x, v->t, v->base,
					 option[v->kind], v->limit->given);
			else
				cli_sayf(errs, "budget: ", "%s: %s peak %s at %.3f s is %+.1f%% on %s's %s at %.3f s, over %s=%s",
					 v->file, who, x, v->t, growth_pct(v),
					 v->base, y, v->base_t, option[v->kind],
					 v->limit->given);
			break;
		}
	}
}

/* A verdict's value and when, as a table's cells. */
static void
md_value(FILE *out, const struct budget_verdict *v)
{
	char x[64], y[64];

	switch (v->kind) {
	case BUDGET_PEAK:
		layout_si(x, sizeof x, v->value, "B");
		fprintf(out, "%s | at %.3f s", x, v->t);
		break;
	case BUDGET_GROWTH:
		fmt_rate(x, sizeof x, v->value);
		fprintf(out, "%s | %.3f\xe2\x80\x93%.3f s", x, v->t, v->t1);
		break;
	case BUDGET_LARGER:
		layout_si(x, sizeof x, v->value, "B");
		layout_si(y, sizeof y, v->base_value, "B");
		if (v->base_missing)
			fprintf(out, "%s, not in BASE | at %.3f s", x, v->t);
		else if (isfinite(growth_pct(v)))
			fprintf(out, "%s, %+.1f%% on %s | at %.3f s", x,
				growth_pct(v), y, v->t);
		else
			fprintf(out, "%s, from %s | at %.3f s", x, y, v->t);
		break;
	}
}

void
budget_markdown(const struct budget_report *r, FILE *out)
{
	size_t i, pass;
	int files = 0;

	if (!r->n)
		return;
	for (i = 1; i < r->n; i++)
		files |= strcmp(r->v[i].file, r->v[0].file) != 0;
	fprintf(out, "**Budgets: %s**\n\n| | budget | %sband | value | when | limit |\n"
		"|:-:|:--|%s:--|--:|--:|--:|\n",
		budget_breached(r) ? "\xe2\x9d\x8c breached" : "\xe2\x9c\x85 kept",
		files ? "profile | " : "", files ? ":--|" : "");
	/* breaches first, then what was kept, each in the order asked */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < r->n; i++) {
			const struct budget_verdict *v = &r->v[i];

			if (v->breached != !pass)
				continue;
			fprintf(out, "| %s | `%s` | ",
				v->breached ? "\xe2\x9d\x8c" : "\xe2\x9c\x85",
				option[v->kind]);
			if (files) {
				md_name(out, v->file, strlen(v->file), 1);
				fputs(" | ", out);
			}
			if (v->none) {
				fputs("no band | | ", out);
			} else {
				if (v->band)
					md_name(out, v->band, v->len, 1);
				else
					fputs("total", out);
				fputs(" | ", out);
				md_value(out, v);
			}
			/* a limit parsed well is digits and a unit: no markup */
			fprintf(out, " | %s%s |\n", v->limit->given,
				v->kind == BUDGET_LARGER &&
				!strchr(v->limit->given, '%') ? "%" : "");
		}
	}
	fputc('\n', out);
}

void
budget_release(struct budget_report *r)
{
	free(r->v);
	memset(r, 0, sizeof *r);
}
