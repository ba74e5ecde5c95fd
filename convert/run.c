/*
 * convert/run.c - one run of hp2x: prepare the job, read the profile,
 * write the outputs, report.
 *
 * A --watch run goes to watch.c instead, and several inputs, --diff and
 * --summary to compare.c.  What is printed here: "hp2x: MESSAGE" for the
 * error that stopped the run (exit 1), and through cli_print_warnings
 * "hp2x: warning: MESSAGE" for what a reader tolerated (unless -q).
 * Below convert/ nothing prints.
 */
#include "cli.h"

#include <string.h>

#include "../hp/reader.h"
#include "compare.h"
#include "job.h"
#include "watch.h"

int
cli_run(const struct cli_settings *s, FILE *errs)
{
	struct hp_err err = {{0}};
	struct cli_job job;
	struct cli_settings s1 = *s;	/* the job's: with the filter's note
					 * and the window once read */
	hp_model *m = NULL, *cut = NULL;
	char note[512];
	int status = 1;

	if (s->watch)
		return cli_watch(s, errs);
	if (s->ninputs > 1 || s->diff || s->summary)
		return cli_compare(s, errs);
	if (cli_job_prepare(&job, &s1, cli_exists, &err))
		goto fail;
	if (s->prior && cli_format_is_graph(s->format) && !job.p.aux_read &&
	    !s->quiet)
		fprintf(errs, "hp2x: warning: -p has no effect when writing to standard output\n");
	m = cli_model_new(s);
	if (!m) {
		hp_err_set(&err, "out of memory");
		goto fail;
	}
	if (hp_read_file(m, job.p.input, &err) ||
	    hp_read_check(m, strcmp(job.p.input, "-") ? job.p.input : "stdin",
			  &err)) {
		cli_print_warnings(m, 0, s, errs);
		goto fail;
	}
	cli_print_warnings(m, 0, s, errs);
	if (cli_select(m, s, 0, NULL, &cut, &s1.render, note, sizeof note, &err) ||
	    cli_job_write(&job, cut ? cut : m, &err))
		goto fail;
	status = 0;
	goto done;
fail:
	cli_say(errs, "", err.msg[0] ? err.msg : "failed");
done:
	cli_job_release(&job);
	hp_model_free(cut);
	hp_model_free(m);
	return status;
}
