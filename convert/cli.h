/*
 * convert/cli.h - the hp2x command: settings, output formats, option
 * parsing, file naming, atomic output, and the read -> write pipeline.
 *
 * The command is a thin front end in git's manner: cli_parse turns argv
 * into a plain struct cli_settings and nothing else (no files touched, so
 * it is unit-tested); cli_paths_resolve applies hp2ps's naming rules with
 * the file system behind a callback (also unit-tested); cli_run does the
 * work through a job (job.h, shared with watch mode) and returns the exit
 * status.  A run keeps its state in its own structs, so several runs may
 * coexist (watch mode, tests); the one process-wide table is leftover.c's
 * list of paths to remove (temporary outputs, the launcher's FIFO), which
 * the signal handler unlinks.
 *
 * Exit statuses: 0 success, 1 a run failed (input, output, render),
 * 2 the command line was wrong, CLI_EXIT_BUDGET a budget was breached
 * (budget.h); 3 is watch mode's (watch.h).
 */
#ifndef CLI_H
#define CLI_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "../hp/err.h"
#include "../hp/reader.h"
#include "../render/render.h"

/*
 * An output format: one row of the table in formats.c, which is the only
 * list of formats convert/ has.  A graph row names the render/ surface
 * that draws it; a data row, the function that writes the model.
 */
#define CLI_FORMAT_EXTS 4
struct out_tail;

struct cli_format {
	const char *name;	/* --format NAME; lower case */
	/* Extensions -o recognises (case ignored), with their dot; several
	 * dots are fine (".speedscope.json").  The first is the one hp2ps's
	 * naming gives an output of this format.  NULL after the last. */
	const char *exts[CLI_FORMAT_EXTS];
	int graph;			/* drawn by render_graph, with an .aux */
	enum render_format surface;	/* a graph's surface (graphs only) */
	int whole_stacks;		/* reads time samples by whole
					 * cost-centre stacks (--by stack) */
	int (*write)(const hp_model *m, FILE *f,
		     struct hp_err *err);	/* data: the writer */
	/* a live run's data appended as it comes (dataout.h's
	 * out_*_tail; convert/tail.c), or NULL */
	int (*tail)(const hp_model *m, const struct out_tail *t, FILE *f,
		    struct hp_err *err);
	/* The interactive page (page.h): drawn like a graph, without an
	 * .aux, around the data. */
	int (*page)(render_ctx *ctx, const hp_model *m,
		    const struct render_opts *o, const char *name, FILE *f,
		    struct hp_err *err);
};

enum cli_action { CLI_RUN, CLI_HELP, CLI_VERSION };

/* The run's outputs are written, but a budget was breached. */
#define CLI_EXIT_BUDGET 4

/* A budget (--max-peak, --max-growth, --fail-if-larger): its limit in
 * bytes, bytes per second or percent, and the value as given, for the
 * messages; given is NULL when the option was not used. */
struct cli_budget {
	double limit;
	const char *given;
};

#define CLI_MAX_INPUTS 16
#define CLI_MAX_OUTPUTS 16
#define CLI_MAX_PATTERNS 32

struct cli_settings {
	enum cli_action action;
	const char *input;	/* as given; NULL or "-" = standard input */
	const char *output;	/* -o; NULL = hp2ps naming, "-" = stdout;
				 * the first of several */
	const struct cli_format *format;	/* decided by cli_parse; the
						 * first output's */
	/* Every -o, in order (output is the first), each with the format
	 * cli_parse decided for it: one read writes them all (job.c). */
	const char *outputs[CLI_MAX_OUTPUTS];
	const struct cli_format *formats[CLI_MAX_OUTPUTS];
	size_t noutputs;
	int format_given;	/* --format was used */
	struct render_opts render;	/* render.format follows format */
	int eps_given;		/* -e / --eps */
	int prior;		/* -p: read the .aux first (and write it) */
	int aux;		/* --aux: write the .aux beside -o OUTPUT */
	const char *aux_in;	/* --aux-in FILE: the prior .aux (implies -p) */
	const char *aux_out;	/* --aux-out FILE: where the .aux goes */
	int quiet;		/* -q: no warnings */
	int watch;		/* -w */
	double interval;	/* --interval, seconds; 0 = not given */
	double idle_exit;	/* --idle-exit, seconds; 0 = not given */
	size_t keep_samples;	/* --keep=N: censuses kept exactly */
	double keep_seconds;	/* --keep=DURATION: seconds of them
				 * (0 both: the default, live/watch.h) */
	int reconnect;		/* --reconnect: a dropped socket is waited for */
	int serve;		/* --serve (implies watch) */
	const char *serve_at;	/* its [ADDR:]PORT, or NULL */
	const char *serve_names[CLI_MAX_PATTERNS];	/* --serve-name */
	size_t nserve_names;
	int serve_exit;		/* --exit: stop serving when the input ends */
	char *const *command;	/* --watch -- PROG ARGS...: NULL-terminated,
				 * points into argv; NULL = none */

	/* What to look at, and comparing runs (select.h, stats.h, diff.h). */
	const char *inputs[CLI_MAX_INPUTS];	/* every input; input is the
						 * first */
	size_t ninputs;
	const char *include[CLI_MAX_PATTERNS];	/* --include, --exclude */
	size_t ninclude;
	const char *exclude[CLI_MAX_PATTERNS];
	size_t nexclude;
	const char *from, *to;	/* --from, --to as given; NULL = open */
	enum { CLI_SUMMARY_NONE, CLI_SUMMARY_TEXT, CLI_SUMMARY_JSON,
	       CLI_SUMMARY_MARKDOWN } summary;
	int diff;		/* --diff A B */
	struct cli_budget max_peak;	/* --max-peak SIZE */
	struct cli_budget max_growth;	/* --max-growth RATE */
	struct cli_budget fail_if_larger;	/* --fail-if-larger PCT */

	/* What a reader keeps where a profile offers a choice
	 * (hp_read_opts, reader.h). */
	enum hp_measure ticky_by;	/* --ticky-by */
	int kind;		/* --kind: 1 + enum hp_part (parts.h); 0 =
				 * the default part (hp_part_default) */
	int by_stack;		/* --by stack */
};

/* Whether s asks for a budget (--max-peak, --max-growth,
 * --fail-if-larger). */
int cli_budgets_asked(const struct cli_settings *s);

/* The reader's options s asks for (--ticky-by, --by, and whole stacks
 * for a flame graph). */
void cli_read_opts(const struct cli_settings *s, struct hp_read_opts *o);

/* Defaults: stdin to hp2ps naming, hp2ps's render options. */
void cli_settings_init(struct cli_settings *s);

/*
 * Parse argv (argv[0] is skipped) into s, which cli_settings_init
 * prepared.  The strings stored point into argv, which must end with a
 * NULL as main's does (--watch -- PROG ARGS... keeps a pointer to the
 * tail as the command).  On a usage error returns
 * -1 with err saying what is wrong (without the "hp2x: " prefix); the
 * caller prints it with a hint and exits 2.  --help and --version stop
 * parsing and set s->action.
 */
int cli_parse(struct cli_settings *s, int argc, char **argv,
	      struct hp_err *err) HP_MUSTCHECK;

/* cli_parse's last step (settle.c): each output's format settled and
 * the options checked together; -1 with err on a clash. */
int cli_settle(struct cli_settings *s, struct hp_err *err) HP_MUSTCHECK;

/*
 * SOURCE_DATE_EPOCH (env, NULL when unset): the date PDF and PostScript
 * output carries, instead of the profile's DATE.  A value that is not a
 * whole number of seconds from 0 is an error (-1), as the convention
 * (reproducible-builds.org) asks: a build that meant to be reproducible
 * must not quietly stop being so.  Set but empty is unset.
 */
int cli_source_date(struct cli_settings *s, const char *env,
		    struct hp_err *err) HP_MUSTCHECK;

/* The --help text, generated from the option table.  Returns -1 when
 * writing failed. */
int cli_help(FILE *out);

/* The completion script of shell ("bash", "zsh" or "fish") for out,
 * generated from the option table; -1 with err set for another shell,
 * a word the table holds that a script cannot carry, or a failed write.
 * The build writes them (tools/completions.c). */
int cli_completion(FILE *out, const char *shell, struct hp_err *err);

/* Formats by name ("pdf") or by a path's extension ("x.PDF"), case
 * ignored; NULL when none.  A path's longest matching extension wins. */
const struct cli_format *cli_format_by_name(const char *name);
const struct cli_format *cli_format_by_path(const char *path);
/* Row i of the table, NULL past the last. */
const struct cli_format *cli_format_at(size_t i);
int cli_format_is_graph(const struct cli_format *f);	/* 0 for NULL */
/* The formats for --help and messages, from the table, NUL-terminated
 * in buf (cut to size): "ps, eps, ... or json", or ".ps .eps ... .json".
 * Returns the length. */
enum cli_format_list { CLI_LIST_NAMES, CLI_LIST_EXTS };
size_t cli_format_list(char *buf, size_t size, enum cli_format_list what);

/*
 * The files of one run.  With an input named and no -o, hp2ps's naming
 * (output and aux in the current directory, named after the input's
 * basename); with -o, the aux sits beside the output (of several, the
 * first graph, the one aux_of says).  exists(path, ctx)
 * says whether a path exists; tests pass a fake one.
 */
struct cli_paths {
	char *input;		/* "-" for standard input */
	char *output;		/* "-" for standard output; the first -o
				 * (the others are s->outputs, as typed) */
	size_t aux_of;		/* the output (index) the aux goes with */
	char *aux;		/* NULL when no aux is read nor written */
	char *aux_in;		/* the aux to read, when not aux (--aux-in) */
	int aux_read;		/* -p: read aux before drawing */
	int aux_write;		/* write aux after the graph */
};

typedef int (*cli_exists_fn)(const char *path, void *ctx);

int cli_paths_resolve(struct cli_paths *p, const struct cli_settings *s,
		      cli_exists_fn exists, void *ctx,
		      struct hp_err *err) HP_MUSTCHECK;
void cli_paths_release(struct cli_paths *p);

/* hp2ps's output name for input argument arg: its basename, without a
 * final .gz and then .hp or .eventlog, plus "." ext.  Malloc'd. */
char *cli_name_default(const char *arg, const char *ext);
/* path with the extension of its last component replaced by "." ext (or
 * ext appended when it has none).  Malloc'd. */
char *cli_name_replace_ext(const char *path, const char *ext);

/*
 * Atomic output: bytes go to a temporary file in the target's directory,
 * which replaces the target only on cli_out_commit.  A failed or aborted
 * output leaves the target as it was and no temporary behind.  "-" is
 * standard output; a target that exists and is not a regular file (a
 * device, a pipe) is written in place, since renaming over it would be
 * wrong.
 */
struct cli_out {
	char *path;		/* target, for messages and the rename */
	char *tmp;		/* temporary file, or NULL when in place */
	FILE *f;		/* where to write */
	struct cli_fifo *fifo;	/* f writes to a FIFO (fifo.h), or NULL */
	int is_stdout;
	int done;		/* finished: written and closed, not renamed */
};

int cli_out_open(struct cli_out *o, const char *path,
		 struct hp_err *err) HP_MUSTCHECK;
/* cli_out_open with flags: CLI_OUT_NOWAIT fails at once on a FIFO that
 * nobody reads, where cli_out_open waits for a reader (watch mode must
 * not wait: its signals are heard only in its loop). */
#define CLI_OUT_NOWAIT 1
int cli_out_open_flags(struct cli_out *o, const char *path, int flags,
		       struct hp_err *err) HP_MUSTCHECK;
/* Flush and close, not renaming yet: the outputs of one result (a graph
 * and its aux) are all finished before any is renamed, so that a failure
 * changes neither.  On failure the output is aborted. */
int cli_out_finish(struct cli_out *o, struct hp_err *err) HP_MUSTCHECK;
/* Finish (if not done) and rename.  On failure the output is aborted. */
int cli_out_commit(struct cli_out *o, struct hp_err *err) HP_MUSTCHECK;
/* Say that err is about this output (hp_err_name): what the renderer or
 * a data writer, which see only the FILE, failed with. */
void cli_out_name(const struct cli_out *o, struct hp_err *err);
/* Discard: close and remove the temporary.  Safe to call twice. */
void cli_out_abort(struct cli_out *o);
/* SIGTERM, SIGINT, SIGHUP and SIGPIPE remove the paths registered below
 * (temporaries being written, the launcher's FIFO), then end the process
 * as the signal would have (leftover.c). */
void cli_signals_init(void);
/* Register path (kept alive by the caller) for removal by such a signal:
 * unlink, or rmdir when is_dir (after the files).  -1 when the table is
 * full. */
int cli_leftover_add(const char *path, int is_dir);
void cli_leftover_drop(const char *path);
/* Register the process group pgid to be sent sig by such a signal, before
 * hp2x ends (live/tether-pgroup.c's programs); -1 when the table is
 * full.  ungroup: it was reaped. */
int cli_leftover_group(pid_t pgid, int sig);
void cli_leftover_ungroup(pid_t pgid);

/* Whether watch mode has a SIGINT or SIGTERM its loop has not read yet:
 * a write that waits for a FIFO's reader gives up then (atomic.c).
 * Linux's watch mode keeps them blocked, so pending; the portable
 * build's handler notes them with cli_stop_note(1) (async-signal-safe)
 * and its loop clears the note as it reads them (convert/stop.c). */
int cli_stop_pending(void);
void cli_stop_note(int on);

/* One whole run as s says; messages go to errs.  Returns the exit status.
 * Not --watch: main.c hands that to cli_watch (live/watch.h), above
 * this library. */
int cli_run(const struct cli_settings *s, FILE *errs);

/* "hp2x: " KIND MSG on f, a line: KIND is "" or "warning: "; MSG's
 * control characters, which a profile chooses, written escaped
 * (say.c).  Every message on stderr goes through these. */
void cli_say(FILE *f, const char *kind, const char *msg);
void cli_sayf(FILE *f, const char *kind, const char *fmt, ...) HP_PRINTF(3, 4);

#endif
