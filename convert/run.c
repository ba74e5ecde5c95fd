/*
 * convert/run.c - one run of hp2x: read the inputs (inputs.c), then
 * write one profile to one file, or print its --summary, or hand
 * several inputs and --diff to compare.c.  A --watch run is not one:
 * main.c hands it to live/watch.c instead.
 *
 * What is printed here: "hp2x: MESSAGE" for the error that stopped the
 * run (exit 1), and through cli_print_warnings "hp2x: warning: MESSAGE"
 * for what a reader tolerated (unless -q).  Below convert/ nothing
 * prints.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "compare.h"
#include "inputs.h"
#include "job.h"
#include "../data/summary.h"
#include "../hp/grow.h"

/* Every kind of in's run for the job's page (without --kind). */
static struct cli_parts *
job_parts(struct cli_job *job, const struct cli_settings *s,
	  const struct cli_input *in, struct hp_err *err)
{
	struct cli_parts *p = hp_callocn(1, sizeof *p);

	if (!p) {
		hp_err_set(err, "out of memory");
		return NULL;
	}
	if (!s->kind)
		cli_parts_make(p, in, s);
	job->parts = p;
	return p;
}

/* One profile to one file: the job is prepared (names resolved, the
 * input's overwriting refused) before anything is read. */
static int
run_single(const struct cli_settings *s, FILE *errs)
{
	struct hp_err err = {{0}};
	struct cli_job job;
	struct cli_settings s1 = *s;	/* the job's: with the filter's note
					 * and the window once read */
	struct cli_input in = { 0 };
	struct cli_parts *parts = NULL;
	int status = 1;

	if (cli_job_prepare(&job, &s1, cli_exists, &err))
		goto fail;
	if (s->prior && cli_format_is_graph(s->format) && !job.p.aux_read &&
	    !s->quiet)
		fprintf(errs, "hp2x: warning: -p has no effect when writing to standard output\n");
	if (cli_input_read(&in, job.p.input, s, errs, &err))
		goto fail;
	s1.render = in.ro;
	if (!(parts = job_parts(&job, s, &in, &err)) ||
	    cli_job_write(&job, cli_input_model(&in), &err))
		goto fail;
	status = 0;
	goto done;
fail:
	cli_say(errs, "", err.msg[0] ? err.msg : "failed");
done:
	cli_job_release(&job);
	if (parts)
		cli_parts_release(parts);
	free(parts);
	cli_input_release(&in);
	return status;
}

/* The summary of one input: of its part drawn, or without --kind and
 * when its run holds several profiles (an eventlog of +RTS -hc -p -l:
 * heap and time) of every part, the heap size included (cli_parts).  A
 * log of one profile and the heap size is summarised as before: the
 * profile, its heap-size lines too. */
static int
summary_all(const struct cli_settings *s, const struct cli_input *in,
	    struct hp_err *err)
{
	struct cli_parts *p = hp_callocn(1, sizeof *p);
	int rc;

	if (!p)
		return hp_err_set(err, "out of memory");
	if (!s->kind)
		cli_parts_make(p, in, s);
	if (p->nprof > 1)
		rc = summary_print_parts(stdout, in->name, p->m, p->ro,
					 cli_summary_form(s),
					 summary_width(stdout), err);
	else
		rc = summary_print(stdout, in->name, cli_input_model(in),
				   &in->ro, cli_summary_form(s),
				   summary_width(stdout), err);
	if (rc)
		hp_err_name(err, "standard output");
	cli_parts_release(p);
	free(p);
	return rc;
}

/* One input with --summary or a budget: the summary, then (with -o)
 * its graph or data. */
static int
run_summary(const struct cli_settings *s, const struct cli_input *in,
	    struct hp_err *err)
{
	struct cli_settings s1 = *s;
	struct cli_job job;
	struct cli_parts *parts = NULL;
	int rc = -1;

	if (s->summary && summary_all(s, in, err))
		return -1;
	if (!s->output)
		return 0;
	s1.render = in->ro;
	s1.prior = 0;
	s1.aux = 0;
	if (cli_job_prepare(&job, &s1, cli_exists, err) == 0 &&
	    (parts = job_parts(&job, s, in, err)))
		rc = cli_job_write(&job, cli_input_model(in), err);
	cli_job_release(&job);
	if (parts)
		cli_parts_release(parts);
	free(parts);
	return rc;
}

/* No output may replace an input. */
static int
refuse_overwrite(const struct cli_settings *s, struct hp_err *err)
{
	size_t i, k;

	for (i = 0; i < s->ninputs; i++)
		for (k = 0; k < s->noutputs; k++)
			if (cli_same_file(s->inputs[i], s->outputs[k]))
				return hp_err_set(err, "%s: output would overwrite the input",
						  s->outputs[k]);
	return 0;
}

/* The budgets s asks for, judged on the inputs read: --fail-if-larger
 * on --diff's pair, --max-peak and --max-growth on every input but
 * --diff's BASE. */
static int
judge(const struct cli_settings *s, const struct cli_input *in, size_t n,
      struct budget_report *r, struct hp_err *err)
{
	size_t i;

	if (s->diff && budget_check_diff(r, s, in[0].name ? in[0].name : "-",
					 cli_input_model(&in[0]),
					 in[1].name ? in[1].name : "-",
					 cli_input_model(&in[1]), err))
		return -1;
	for (i = s->diff ? 1 : 0; i < n; i++)
		if (budget_check(r, s, in[i].name ? in[i].name : "-",
				 cli_input_model(&in[i]), err))
			return -1;
	if (s->summary == CLI_SUMMARY_MARKDOWN)
		budget_markdown(r, stdout);
	return 0;
}

/* Several inputs, --diff, --summary or a budget: every input is read
 * and cut, and the budgets judged, before anything is drawn or printed;
 * a breach is said after the outputs are written. */
static int
run_inputs(const struct cli_settings *s, FILE *errs)
{
	struct cli_input in[CLI_MAX_INPUTS];
	struct hp_err err = { { 0 } };
	struct budget_report budgets = { 0 };
	size_t i, n = s->ninputs ? s->ninputs : 1;
	int rc = -1;

	memset(in, 0, sizeof in);
	if (s->output && refuse_overwrite(s, &err))
		goto out;
	for (i = 0; i < n; i++)
		if (cli_input_read(&in[i], s->ninputs ? s->inputs[i] : "-", s,
				   errs, &err))
			goto out;
	if (judge(s, in, n, &budgets, &err))
		goto out;
	if (s->diff)
		rc = cli_compare_diff(s, in, &err);
	else if (n == 1)
		rc = run_summary(s, &in[0], &err);
	else
		rc = cli_compare_many(s, in, n, &err);
	if (rc == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
		rc = hp_err_write(&err, errno);
		hp_err_name(&err, "standard output");
	}
out:
	if (rc)
		cli_say(errs, "", err.msg[0] ? err.msg : "failed");
	else
		budget_say(&budgets, errs);
	for (i = 0; i < n; i++)
		cli_input_release(&in[i]);
	if (rc == 0 && budget_breached(&budgets))
		rc = CLI_EXIT_BUDGET;
	budget_release(&budgets);
	return rc < 0 ? 1 : rc;
}

int
cli_run(const struct cli_settings *s, FILE *errs)
{
	if (s->ninputs > 1 || s->diff || s->summary || cli_budgets_asked(s))
		return run_inputs(s, errs);
	return run_single(s, errs);
}
