/*
 * convert/job.h - the work one run and every drawing of watch mode share:
 * the files of a run prepared once (names, the overwrite check, the prior
 * .aux, the rendering context), then the outputs of a model written.
 *
 * For convert/ and live/: run.c reads a profile once and writes it
 * through a job; live/watch.c keeps one job for its whole run and writes
 * through it on every change.  Neither calls the other for this.
 */
#ifndef CLI_JOB_H
#define CLI_JOB_H

#include <stddef.h>
#include <stdio.h>

#include "../hp/err.h"
#include "../hp/model.h"
#include "../render/render.h"
#include "cli.h"
#include "inputs.h"

struct cli_tail;

struct cli_job {
	const struct cli_settings *s;
	struct cli_paths p;
	render_aux *prior;	/* -p: the aux read before drawing, or NULL */
	render_ctx *ctx;	/* graph formats and the page only */
	struct cli_tail *tail;	/* watch mode's appended outputs (tail.c),
				 * one per output, or NULL */
	/* every kind of the input's run, for its page (a log of several
	 * profiles: one view a kind), or NULL */
	const struct cli_parts *parts;
};

/* exists() for cli_paths_resolve: only "not there" counts as missing. */
int cli_exists(const char *path, void *ctx);
/* Whether paths a and b are one file (same name or same inode; when one
 * does not exist, the same last component in the same directory); never
 * for "-". */
int cli_same_file(const char *a, const char *b);

/*
 * Resolve the paths (exists as cli_paths_resolve takes it), refuse an
 * output or aux that is the input, read the prior .aux (-p), and make the
 * rendering context of a graph format.  j is zeroed first; after a
 * failure it holds what was done and cli_job_release frees it.
 */
int cli_job_prepare(struct cli_job *j, const struct cli_settings *s,
		    cli_exists_fn exists, struct hp_err *err) HP_MUSTCHECK;
void cli_job_release(struct cli_job *j);

/* Output i of the job (the first is p.output, hp2ps's name when no -o),
 * with its format in *f (when f is not NULL); NULL past the last. */
const char *cli_job_output(const struct cli_job *j, size_t i,
			   const struct cli_format **f);

/*
 * Write every output of one drawing of m: for each -o, the graph (and
 * the aux with the one p.aux_of says), or the data.  Each file goes
 * through cli_out, so a failure leaves the previous one in place; every
 * output is tried, and err names each that failed.
 */
int cli_job_write(const struct cli_job *j, const hp_model *m,
		  struct hp_err *err) HP_MUSTCHECK;

/*
 * Watch mode's .hp and CSV outputs grow by what came since the last
 * writing, appended (tail.c), when the model written is the whole run
 * (not a filter's nor a window's copy): cli_job_tails_on says so (-1
 * when out of memory), cli_job_tails_reset starts them over (a new
 * model: each is written whole next), cli_job_tails_free at the end
 * (cli_job_release frees them too).  cli_job_write_tails writes only
 * those outputs (before the model lets its old censuses go).
 */
int cli_job_tails_on(struct cli_job *j) HP_MUSTCHECK;
void cli_job_tails_reset(struct cli_job *j);
void cli_job_tails_free(struct cli_job *j);
int cli_job_write_tails(const struct cli_job *j, const hp_model *m,
			struct hp_err *err) HP_MUSTCHECK;
/* For job.c: output i appended to (0, -1 with err) or, 1, to be written
 * whole, and then cli_tail_started. */
int cli_tail_write(const struct cli_job *j, const hp_model *m, size_t i,
		   const char *path, const struct cli_format *f,
		   struct hp_err *err) HP_MUSTCHECK;
void cli_tail_started(const struct cli_job *j, const hp_model *m, size_t i,
		      const char *path);

/* Add e's message to err's, "; " between (several outputs' failures,
 * each its own: not hp_err_set's first-one-counts).  Returns -1. */
int cli_err_also(struct hp_err *err, const struct hp_err *e);

/* Print m's warnings from index `from' on (unless -q); returns how many
 * m holds, the next call's `from'. */
size_t cli_print_warnings(const hp_model *m, size_t from,
			  const struct cli_settings *s, FILE *errs);

#endif
