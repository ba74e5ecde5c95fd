/*
 * convert/compare.c - what to look at and comparing runs: the band
 * filter and time window every run applies (cli_select), and the runs
 * that are not one profile to one file (cli_compare): several inputs
 * drawn in one file, --diff A B, and --summary.
 *
 * Every input is read whole and cut by the same --include, --exclude,
 * --from and --to before anything is drawn or counted, so a summary
 * describes exactly the graph the same options draw.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/diff.h"
#include "../hp/grow.h"
#include "../hp/reader.h"
#include "../hp/select.h"
#include "../hp/stats.h"
#include "compare.h"
#include "job.h"
#include "summary.h"

int
cli_select(const hp_model *m, const struct cli_settings *s, int lenient,
	   hp_model *prev, hp_model **cut, struct render_opts *ro, char *note,
	   size_t size, struct hp_err *err)
{
	struct hp_select sel = {
		s->include, s->ninclude, s->exclude, s->nexclude,
		s->from, s->to, lenient, prev
	};
	struct hp_window w;

	*cut = NULL;
	*ro = s->render;
	if (size)
		note[0] = '\0';
	if (!hp_select_active(&sel))
		return 0;
	*cut = hp_select_apply(m, &sel, &w, err);
	if (!*cut)
		return -1;
	hp_select_describe(&sel, note, size);
	ro->note = note[0] ? note : NULL;
	ro->has_from = w.has_from;
	ro->from = w.from;
	ro->has_to = w.has_to;
	ro->to = w.to;
	return 0;
}

struct input {
	const char *name;
	hp_model *raw;		/* as read */
	hp_model *cut;		/* filtered and windowed, or NULL */
	struct render_opts ro;
	char note[512];
};

static const hp_model *
model_of(const struct input *in)
{
	return in->cut ? in->cut : in->raw;
}

static int
read_input(struct input *in, const char *name, const struct cli_settings *s,
	   FILE *errs, struct hp_err *err)
{
	int rc;

	in->name = name;
	in->raw = cli_model_new(s);
	if (!in->raw)
		return hp_err_set(err, "out of memory");
	/* what a drawing of it is refused for, a summary is too */
	rc = hp_read_file(in->raw, name, err) ||
	     hp_read_check(in->raw, strcmp(name, "-") ? name : "stdin", err);
	cli_print_warnings(in->raw, 0, s, errs);
	if (rc)
		return -1;
	if (cli_select(in->raw, s, 0, NULL, &in->cut, &in->ro, in->note,
		       sizeof in->note, err)) {
		/* say which input, when there are several */
		if (s->ninputs > 1)
			hp_err_name(err, name);
		return -1;
	}
	return 0;
}

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

	snprintf(buf, size, "%s (%s)", unit && *unit ? unit : "bytes",
		 kind[hp_model_profile(m)]);
}

/* Refuse to compare inputs whose values are not of one measure, naming
 * the first two that differ. */
static int
refuse_mixed(const struct input *in, size_t n, const char *why,
	     struct hp_err *err)
{
	char a[160], b[160];
	size_t i;

	measure_of(model_of(&in[0]), a, sizeof a);
	for (i = 1; i < n; i++) {
		measure_of(model_of(&in[i]), b, sizeof b);
		if (strcmp(a, b) != 0)
			return hp_err_set(err, "%s measures %s, %s measures %s: %s",
					  in[0].name, a, in[i].name, b, why);
	}
	return 0;
}

/* The output must not replace an input. */
static int
refuse_overwrite(const struct cli_settings *s, struct hp_err *err)
{
	size_t i;

	for (i = 0; i < s->ninputs; i++)
		if (cli_same_file(s->inputs[i], s->output))
			return hp_err_set(err, "%s: output would overwrite the input",
					  s->output);
	return 0;
}

static int
draw(const struct cli_settings *s, const struct render_input *ri, size_t n,
     const struct render_opts *ro, struct hp_err *err)
{
	struct cli_out out = { 0 };
	render_ctx *ctx = render_ctx_new(NULL, err);
	int rc = -1;

	if (!ctx)
		return -1;
	if (cli_out_open(&out, s->output, err))
		goto done;
	if (render_graphs(ctx, ri, n, ro, out.f, err)) {
		cli_out_name(&out, err);
		goto done;
	}
	rc = cli_out_commit(&out, err);
done:
	cli_out_abort(&out);
	render_ctx_free(ctx);
	return rc;
}

/* --diff A B: the table of changes and/or the difference graph. */
static int
run_diff(const struct cli_settings *s, struct input *in, struct hp_err *err)
{
	const hp_model *a = model_of(&in[0]), *b = model_of(&in[1]);
	struct hp_stats sa, sb;
	struct hp_diff d;
	struct render_diff rd;
	struct render_input ri = { 0 };
	char *title;
	size_t n, i;
	int rc = -1;

	/* cli_parse takes --diff with two inputs only. */
	if (!in[0].name || !in[1].name)
		return hp_err_set(err, "--diff compares two profiles");
	for (i = 0; i < 2; i++)	/* series are not bands to subtract */
		if (hp_model_series_only(model_of(&in[i])))
			return hp_err_set(err, "%s: contains no heap profile, "
					  "only the heap size over time: --diff "
					  "compares heap profiles", in[i].name);
	if (refuse_mixed(in, 2, "--diff cannot subtract one from the other", err))
		return -1;
	if (s->summary &&
	    summary_print_diff(stdout, in[0].name, a, in[1].name, b,
			       s->render.match_ids,
			       s->summary == CLI_SUMMARY_JSON,
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
	rc = draw(s, &ri, 1, &in[0].ro, err);
out:
	free(title);
	hp_stats_release(&sa);
	hp_stats_release(&sb);
	hp_diff_release(&d);
	return rc;
}

/* One input: the summary, then (with -o) its graph or data. */
static int
run_one(const struct cli_settings *s, struct input *in, struct hp_err *err)
{
	struct cli_settings s1 = *s;
	struct cli_job job;
	int rc = -1;

	if (summary_print(stdout, in->name, model_of(in), &in->ro,
			  s->summary == CLI_SUMMARY_JSON,
			  summary_width(stdout), err)) {
		hp_err_name(err, "standard output");
		return -1;
	}
	if (!s->output)
		return 0;
	s1.render = in->ro;
	s1.prior = 0;
	s1.aux = 0;
	if (cli_job_prepare(&job, &s1, cli_exists, err) == 0)
		rc = cli_job_write(&job, model_of(in), err);
	cli_job_release(&job);
	return rc;
}

/* Several inputs: summaries (a JSON array with --summary=json), then
 * (with -o) their graphs in one file. */
static int
run_many(const struct cli_settings *s, struct input *in, size_t n,
	 struct hp_err *err)
{
	struct render_input ri[CLI_MAX_INPUTS];
	int json = s->summary == CLI_SUMMARY_JSON;
	size_t i;

	for (i = 0; s->summary && i < n; i++) {
		if (json)
			fputs(i ? ",\n" : "[\n", stdout);
		else if (i)
			fputs("\n", stdout);
		if (summary_print(stdout, in[i].name, model_of(&in[i]),
				  &in[i].ro, json, summary_width(stdout), err)) {
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
		ri[i].m = model_of(&in[i]);
	return draw(s, ri, n, &in[0].ro, err);
}

int
cli_compare(const struct cli_settings *s, FILE *errs)
{
	struct input in[CLI_MAX_INPUTS];
	struct hp_err err = { { 0 } };
	size_t i, n = s->ninputs ? s->ninputs : 1;
	int rc = -1;

	memset(in, 0, sizeof in);
	if (s->output && refuse_overwrite(s, &err))
		goto out;
	for (i = 0; i < n; i++)
		if (read_input(&in[i], s->ninputs ? s->inputs[i] : "-", s,
			       errs, &err))
			goto out;
	if (s->diff)
		rc = run_diff(s, in, &err);
	else if (n == 1)
		rc = run_one(s, &in[0], &err);
	else
		rc = run_many(s, in, n, &err);
	if (rc == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
		rc = hp_err_write(&err, errno);
		hp_err_name(&err, "standard output");
	}
out:
	if (rc)
		cli_say(errs, "", err.msg[0] ? err.msg : "failed");
	for (i = 0; i < n; i++) {
		hp_model_free(in[i].cut);
		hp_model_free(in[i].raw);
	}
	return rc ? 1 : 0;
}
