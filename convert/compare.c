/*
 * convert/compare.c - comparing inputs: --diff A B (the table of
 * changes, the difference graph) and several inputs drawn on one y
 * scale, refused when their values are not of one measure; as a graph,
 * or (-o FOO.html) as the interactive page.  The inputs
 * come read and cut from run.c (inputs.c).
 */
#include "compare.h"

#include <stdlib.h>
#include <string.h>

#include "../hp/diff.h"
#include "../hp/grow.h"
#include "../hp/stats.h"
#include "job.h"
#include "../page/page.h"
#include "../data/summary.h"

/* What a profile's values measure, "bytes (a heap profile)": its kind
 * and its VALUE_UNIT (a .hp may say "words"; without one, bytes, as the
 * axis says).  Two profiles share a y scale, or are subtracted, only
 * when these are the same: otherwise a number comes out (-520,752,916
 * bytes x seconds for a heap profile minus a time profile) that means
 * nothing. */
static void
measure_of(const hp_model *m, char *buf, size_t size)
{
	static const char *const kind[] = {
		[HP_PROFILE_HEAP] = "a heap profile",
		[HP_PROFILE_TICKY] = "ticky counter samples",
		[HP_PROFILE_TIME] = "time samples",
		[HP_PROFILE_COUNTERS] = "a ticky report",
	};
	const char *unit = hp_model_get(m, HP_VALUE_UNIT);

	/* a time profile's value is ticks: of one length on both sides */
	if (hp_model_profile(m) == HP_PROFILE_TIME)
		snprintf(buf, size, "%s (%s, ticks of %g ms)",
			 unit && *unit ? unit : "bytes",
			 kind[hp_model_profile(m)], hp_model_tick(m) * 1e3);
	else
		snprintf(buf, size, "%s (%s)", unit && *unit ? unit : "bytes",
			 kind[hp_model_profile(m)]);
}

/* Refuse to compare inputs whose values are not of one measure, naming
 * the first two that differ. */
static int
refuse_mixed(const struct cli_input *in, size_t n, const char *why,
	     struct hp_err *err)
{
	char a[160], b[160];
	size_t i;

	measure_of(cli_input_model(&in[0]), a, sizeof a);
	for (i = 1; i < n; i++) {
		measure_of(cli_input_model(&in[i]), b, sizeof b);
		if (strcmp(a, b) != 0)
			return hp_err_set(err, "%s measures %s, %s measures %s: %s",
					  in[0].name, a, in[i].name, b, why);
	}
	return 0;
}

/* What the comparison writes: the inputs (ri the graphs', in the
 * profiles themselves, n of them) as a graph or as the page (page.h). */
struct what {
	const struct render_input *ri;
	const struct cli_input *in;
	size_t n;
	const struct render_diff *diff;
};

static int
write_what(const struct cli_settings *s, const struct cli_format *fmt,
	   render_ctx *ctx, const struct what *w, FILE *f, struct hp_err *err)
{
	const hp_model *m[CLI_MAX_INPUTS];
	const char *name[CLI_MAX_INPUTS];
	struct render_opts ro = w->in[0].ro;
	size_t i;

	if (!fmt->page) {
		ro.format = fmt->surface;
		return render_graphs(ctx, w->ri, w->n, &ro, f, err);
	}
	if (w->diff)
		return out_html_diff(ctx, w->diff, w->in[0].name,
				     cli_input_model(&w->in[0]), w->in[1].name,
				     cli_input_model(&w->in[1]),
				     s->render.match_ids, &w->in[0].ro, f, err);
	for (i = 0; i < w->n; i++) {
		m[i] = cli_input_model(&w->in[i]);
		name[i] = w->in[i].name ? w->in[i].name : "-";
	}
	return out_html_many(ctx, m, name, w->n, &w->in[0].ro, f, err);
}

static int
draw_one(const struct cli_settings *s, size_t i, render_ctx *ctx,
	 const struct what *w, struct hp_err *err)
{
	struct cli_out out = { 0 };
	int rc = -1;

	if (cli_out_open(&out, s->outputs[i], err))
		goto done;
	if (write_what(s, s->formats[i], ctx, w, out.f, err)) {
		cli_out_name(&out, err);
		goto done;
	}
	rc = cli_out_commit(&out, err);
done:
	cli_out_abort(&out);
	return rc;
}

/* Every -o, each on its own as job.c writes them: one that fails does
 * not keep the others from being written, and err says each. */
static int
draw(const struct cli_settings *s, const struct what *w, struct hp_err *err)
{
	render_ctx *ctx = render_ctx_new(NULL, err);
	size_t i;
	int rc = 0;

	if (!ctx)
		return -1;
	for (i = 0; i < s->noutputs; i++) {
		struct hp_err e = { { 0 } };

		if (draw_one(s, i, ctx, w, &e))
			rc = cli_err_also(err, &e);
	}
	render_ctx_free(ctx);
	return rc;
}

int
cli_summary_form(const struct cli_settings *s)
{
	return s->summary == CLI_SUMMARY_JSON ? SUMMARY_JSON
	       : s->summary == CLI_SUMMARY_MARKDOWN ? SUMMARY_MARKDOWN
	       : SUMMARY_TEXT;
}

int
cli_compare_diff(const struct cli_settings *s, const struct cli_input *in,
		 struct hp_err *err)
{
	const hp_model *a = cli_input_model(&in[0]), *b = cli_input_model(&in[1]);
	struct hp_stats sa, sb;
	struct hp_diff d;
	struct render_diff rd;
	struct render_input ri = { 0 };
	struct what w;
	char *title;
	size_t n, i;
	int rc = -1;

	/* cli_parse takes --diff with two inputs only. */
	if (!in[0].name || !in[1].name)
		return hp_err_set(err, "--diff compares two profiles");
	for (i = 0; i < 2; i++)	/* series are not bands to subtract */
		if (hp_model_series_only(cli_input_model(&in[i])))
			return hp_err_set(err, "%s: contains no heap profile, "
					  "only the heap size over time: --diff "
					  "compares heap profiles", in[i].name);
	if (refuse_mixed(in, 2, "--diff cannot subtract one from the other", err))
		return -1;
	if (s->summary &&
	    summary_print_diff(stdout, in[0].name, a, in[1].name, b,
			       s->render.match_ids, cli_summary_form(s),
			       summary_width(stdout), err)) {
		hp_err_name(err, "standard output");
		return -1;
	}
	if (!s->output)
		return 0;
	if (hp_diff_compute(&d, a, b, s->render.same_time,
			    s->render.match_ids, err))
		return -1;
	if (hp_stats_compute(&sa, a, err)) {
		hp_diff_release(&d);
		return -1;
	}
	if (hp_stats_compute(&sb, b, err)) {
		hp_stats_release(&sa);
		hp_diff_release(&d);
		return -1;
	}
	n = strlen(in[0].name) + strlen(in[1].name) + 64;
	title = hp_malloc(n);
	if (!title) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	snprintf(title, n, "%s \u2192 %s: change", in[0].name, in[1].name);
	if (hp_model_set(d.change, HP_JOB, title, strlen(title), err))
		goto out;
	rd.grow = d.grow;
	rd.shrink = d.shrink;
	rd.change = d.change;
	rd.area = sb.integral - sa.integral;
	ri.diff = &rd;
	w.ri = &ri;
	w.in = in;
	w.n = 1;
	w.diff = &rd;
	rc = draw(s, &w, err);
out:
	free(title);
	hp_stats_release(&sa);
	hp_stats_release(&sb);
	hp_diff_release(&d);
	return rc;
}

int
cli_compare_many(const struct cli_settings *s, const struct cli_input *in,
		 size_t n, struct hp_err *err)
{
	struct render_input ri[CLI_MAX_INPUTS];
	struct what w;
	int form = cli_summary_form(s), json = form == SUMMARY_JSON;
	size_t i;

	for (i = 0; s->summary && i < n; i++) {
		if (json)
			fputs(i ? ",\n" : "[\n", stdout);
		else if (i)
			fputs("\n", stdout);
		if (summary_print(stdout, in[i].name, cli_input_model(&in[i]),
				  &in[i].ro, form, summary_width(stdout), err)) {
			hp_err_name(err, "standard output");
			return -1;
		}
		if (json && i + 1 == n)
			fputs("]\n", stdout);
	}
	if (!s->output)
		return 0;
	if (refuse_mixed(in, n, "one y scale cannot show both (draw each to a file of its own)", err))
		return -1;
	memset(ri, 0, sizeof ri);
	for (i = 0; i < n; i++)
		ri[i].m = cli_input_model(&in[i]);
	w.ri = ri;
	w.in = in;
	w.n = n;
	w.diff = NULL;
	return draw(s, &w, err);
}
