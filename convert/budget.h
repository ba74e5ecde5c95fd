/*
 * convert/budget.h - heap budgets for CI (budget.c): --max-peak,
 * --max-growth and, with --diff, --fail-if-larger, judged on the
 * profiles as cut by --include, --exclude, --from and --to.  Internal to
 * convert/.
 *
 * A budget's numbers are --summary's (hp/stats.h): a peak is the
 * largest census value, growth the least-squares slope of a band's bytes
 * against time.  Each budget gives verdicts: one per breach (the total,
 * or every kept band over its limit), or when none, one that passes with
 * the value nearest its limit, for --summary=markdown to show.
 */
#ifndef CONVERT_BUDGET_H
#define CONVERT_BUDGET_H

#include <stddef.h>
#include <stdio.h>

#include "../hp/model.h"
#include "cli.h"

enum budget_kind { BUDGET_PEAK, BUDGET_GROWTH, BUDGET_LARGER };

struct budget_verdict {
	enum budget_kind kind;
	int breached;
	const char *file;	/* the profile judged (NEW for --diff) */
	const char *band;	/* NULL: the total; points into the model */
	size_t len;
	int none;		/* no band to judge: nothing else is set */
	double value;		/* bytes, or bytes per second */
	double t, t1;		/* the peak's time; growth: its window */
	const char *base;	/* --fail-if-larger: BASE's file */
	double base_value;	/* BASE's peak (0: not in BASE) */
	double base_t;
	int base_missing;	/* the band is not in BASE */
	const struct cli_budget *limit;
};

struct budget_report {
	struct budget_verdict *v;
	size_t n, cap;
};

/*
 * Judge profile m (the file name) by s's --max-peak and --max-growth,
 * adding verdicts to r.  A profile whose values are not bytes (a time
 * or ticky profile, an eventlog's heap size alone) is refused.  Returns
 * 0, or -1 with err set.
 */
int budget_check(struct budget_report *r, const struct cli_settings *s,
		 const char *name, const hp_model *m,
		 struct hp_err *err) HP_MUSTCHECK;

/* --fail-if-larger: NEW (name_b, b) against BASE (name_a, a), bands
 * matched as --diff matches them (hp/match.h). */
int budget_check_diff(struct budget_report *r, const struct cli_settings *s,
		      const char *name_a, const hp_model *a,
		      const char *name_b, const hp_model *b,
		      struct hp_err *err) HP_MUSTCHECK;

/* Whether a verdict of r is a breach. */
int budget_breached(const struct budget_report *r);

/* One line on errs per breach ("hp2x: budget: ..."): the band or the
 * total, its value and when, the limit. */
void budget_say(const struct budget_report *r, FILE *errs);

/* The verdicts as a GitHub Markdown table, breaches first. */
void budget_markdown(const struct budget_report *r, FILE *out);

void budget_release(struct budget_report *r);

#endif
