/*
 * convert/settle.c - the settings made whole once every option is read:
 * each output's format settled (--format, else its extension, else
 * PostScript; hp2ps's -e making PostScript EPS), and what goes with what
 * checked (watch mode, serving, several inputs and --diff, --summary,
 * budgets), each refusal naming the options that clash.  cli_parse's
 * last step, and as pure: it touches no file.
 */
#include "cli.h"

#include <string.h>

int
cli_budgets_asked(const struct cli_settings *s)
{
	return s->max_peak.given || s->max_growth.given ||
	       s->fail_if_larger.given;
}

/* Several inputs, --diff and --summary: what goes with what. */
static int
finish_compare(struct cli_settings *s, struct hp_err *err)
{
	size_t i;

	if (s->diff && s->ninputs != 2)
		return hp_err_set(err, "--diff wants two input files, A and B (got %zu)",
				  s->ninputs);
	for (i = 0; s->ninputs > 1 && i < s->ninputs; i++)
		if (strcmp(s->inputs[i], "-") == 0)
			return hp_err_set(err, "standard input can only be the one input");
	if (s->ninputs < 2)
		return 0;
	if (s->watch)
		return hp_err_set(err, "--watch follows one input file");
	if (s->prior)
		return hp_err_set(err, "-p works with one input file");
	if (s->aux)
		return hp_err_set(err, "--aux works with one input file");
	/* hp2ps's naming is for one file: several need -o. */
	if (!s->output && !s->summary && !cli_budgets_asked(s))
		return hp_err_set(err, "with %zu input files, give -o OUTPUT (hp2ps's naming is for one)",
				  s->ninputs);
	return 0;
}

/* The format of output (NULL: hp2ps's naming): --format, else its
 * extension, else PostScript; hp2ps's -e makes PostScript EPS (other
 * graph formats take it as the width). */
static int
output_format(struct cli_settings *s, const char *output,
	      const struct cli_format **f, struct hp_err *err)
{
	*f = s->format;
	if (!s->format_given) {
		if (output && strcmp(output, "-") != 0) {
			*f = cli_format_by_path(output);
			if (!*f) {
				char exts[256];

				cli_format_list(exts, sizeof exts, CLI_LIST_EXTS);
				return hp_err_set(err, "cannot tell the format of '%s' from its extension (%s; or use --format=FMT)",
						  output, exts);
			}
		} else {
			*f = cli_format_by_name("ps");
		}
	}
	if ((*f)->graph && (*f)->surface == RENDER_PS && s->eps_given)
		*f = cli_format_by_name("eps");
	return 0;
}

/* Settle each output's format.  Several -o are told apart by their
 * extensions, so --format, which names one format, and standard output,
 * which has no extension, go only with a single -o. */
static int
finish_outputs(struct cli_settings *s, struct hp_err *err)
{
	size_t i;

	if (s->noutputs > 1 && s->format_given)
		return hp_err_set(err, "--format names the format of one output: with several -o, each file's extension picks its format");
	for (i = 0; s->noutputs > 1 && i < s->noutputs; i++)
		if (strcmp(s->outputs[i], "-") == 0)
			return hp_err_set(err, "standard output (-o -) can only be the one output");
	for (i = 0; i < s->noutputs; i++)
		if (output_format(s, s->outputs[i], &s->formats[i], err))
			return -1;
	return 0;
}

int
cli_settle(struct cli_settings *s, struct hp_err *err)
{
	const struct cli_format *f;
	size_t i;

	if (s->aux_in)
		s->prior = 1;	/* --aux-in FILE is -p reading FILE */
	if (finish_outputs(s, err) || output_format(s, s->output, &f, err))
		return -1;
	if (!s->watch && (s->interval > 0 || s->idle_exit > 0))
		return hp_err_set(err, "option '%s' works only with --watch",
				  s->interval > 0 ? "--interval" : "--idle-exit");
	if (s->watch && s->output && strcmp(s->output, "-") == 0)
		return hp_err_set(err, "--watch cannot write to standard output; give -o FILE");
	if (s->watch && !s->input && !s->command)
		return hp_err_set(err, "--watch needs a file to watch, - for standard input, unix:PATH, or -- PROG ARGS...");
	if (s->serve_exit && !s->serve)
		return hp_err_set(err, "option '--exit' works only with --serve");
	if (s->nserve_names && !s->serve)
		return hp_err_set(err, "option '--serve-name' works only with --serve");
	if (s->serve && (s->ninclude || s->nexclude || s->from || s->to))
		return hp_err_set(err, "--serve shows the whole profile: --include, --exclude, --from and --to are for the page's own filter and zoom");
	if (s->watch && s->input && strcmp(s->input, "-") == 0 && !s->output &&
	    !s->serve)
		return hp_err_set(err, "--watch - (standard input) needs -o FILE");
	if (s->reconnect && !(s->watch && s->input &&
			      strncmp(s->input, "unix:", 5) == 0))
		return hp_err_set(err, "--reconnect works only with --watch unix:PATH");
	if (finish_compare(s, err))
		return -1;
	if ((s->keep_samples || s->keep_seconds > 0) && !s->watch)
		return hp_err_set(err, "--keep is for --watch and --serve: a file read once keeps every census");
	if (cli_budgets_asked(s) && s->watch)
		return hp_err_set(err, "budgets (--max-peak, --max-growth, --fail-if-larger) judge a finished run: not with --watch or --serve");
	if (s->fail_if_larger.given && !s->diff)
		return hp_err_set(err, "--fail-if-larger compares two runs: use it with --diff BASE NEW");
	if (s->summary && s->output && strcmp(s->output, "-") == 0)
		return hp_err_set(err, "--summary prints on standard output: give -o FILE for the graph");
	if (s->command && s->idle_exit > 0)
		return hp_err_set(err, "--idle-exit does not go with a command: hp2x stops when the program exits");
	s->format = f;
	if (f->graph)
		s->render.format = f->surface;
	for (i = 0; (s->ninputs > 1 || s->diff) && i < s->noutputs; i++)
		if (!s->formats[i]->graph && !s->formats[i]->page)
			return hp_err_set(err, "%s holds one profile: %s draws graphs only",
					  s->formats[i]->name,
					  s->diff ? "--diff" : "several inputs");
	return 0;
}
