/*
 * live/watch.c - --watch: keep the output drawn from a profile that is
 * still being written, and (with -- PROG ARGS...) run the program that
 * writes it.
 *
 * One loop (loop.c) waits on every source, each of which registers its
 * descriptor there: the signals and the program (child.c), the file's
 * change notifications (notify.c), a stream, the server (serve.c).  The
 * notifications only say "look now": each look (watch-input.c) reads
 * what came into the same hp_reader, which holds a partial line or event
 * until it is complete; so an update costs the new bytes plus one
 * drawing from the model (watch-draw.c; one render_ctx for the whole
 * run), never a re-read of the file.  The same look also runs every
 * --interval, which is all there is without notifications.
 *
 * Drawings are debounced to one per --interval (or more, when they grow
 * slow) and made only when what they show changed (samples, marks,
 * series, header); each goes through cli_out, so a viewer never opens a
 * partial file.  The launcher's plan (which argv, which file or FIFO) is
 * launch.c's.
 */
#include "watch.h"
#include "watch-private.h"
#include "alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../convert/compare.h"
#include "../convert/inputs.h"
#include "../data/summary.h"

/* Whether --idle-exit's "no growth for so long" applies now: not while a
 * socket is waited for, which has its own deadline
 * (watch_reconnect_wait). */
static int
idle_clock(const struct watcher *w)
{
	return w->s->idle_exit > 0 &&
	       !(w->in.source == CLI_SOURCE_UNIX && w->in.st.fd < 0);
}

/* Whether the loop is over: a signal, the program gone, the input
 * complete, or --idle-exit. */
static int
finished(const struct watcher *w, double t)
{
	if (w->child.pid)
		return !w->child.running;
	/* A stream whose reader failed cannot be read again. */
	if (w->child.stop || w->in.ended || (w->in.streaming && w->in.broken))
		return 1;
	return idle_clock(w) && t - w->last_growth >= w->s->idle_exit;
}

static int
wait_ms(const struct watcher *w, double t)
{
	double wait = w->in.more ? 0 : w->next_look - t;

	if (watch_pending(w) && w->drawing.last_draw + w->drawing.gap - t < wait)
		wait = w->drawing.last_draw + w->drawing.gap - t;
	if (!w->child.pid && idle_clock(w) &&
	    w->last_growth + w->s->idle_exit - t < wait)
		wait = w->last_growth + w->s->idle_exit - t;
	if (cli_status_due(w->status, t) < wait)
		wait = cli_status_due(w->status, t);
	if (!(wait > 0))
		return 0;
	/* Rounded up: waking early would only spin until the due time. */
	wait = ceil(wait * 1000);
	return wait > INT_MAX ? INT_MAX : (int)wait;
}

/* A stream says itself when bytes (or its end) came: look now. */
static void
stream_ready(void *data)
{
	struct watcher *w = data;

	w->next_look = 0;
}

/* Each source's registration with the one loop. */
static int
attach(struct watcher *w, struct hp_err *err)
{
	w->notify_id = w->stream_id = w->serve_id = -1;
	if (cli_child_attach(&w->child, &w->loop) < 0 ||
	    (w->notify_id = cli_notify_attach(&w->notify, &w->loop)) < 0 ||
	    (w->stream_id = cli_loop_add(&w->loop, -1, CLI_LOOP_READ,
					 stream_ready, NULL, w)) < 0 ||
	    (w->serve && (w->serve_id = cli_serve_attach(w->serve,
							 &w->loop)) < 0))
		return hp_err_set(err, "too many sources for one loop");
	return 0;
}

static void
loop(struct watcher *w, struct hp_err *err, int *fatal)
{
	for (;;) {
		double t = watch_now();

		if (w->in.more || t >= w->next_look) {
			if (watch_look(w, err)) {
				*fatal = 1;
				return;
			}
			t = watch_now();
			w->next_look = t + w->interval;
			cli_status_update(w->status, watch_part(w) ? watch_part(w) : w->m, t);
		}
		if (finished(w, t))
			return;
		cli_status_idle(w->status, w->input, t);
		/* No drawing while catching up with a large file. */
		if (!w->in.more && watch_pending(w) && t >= w->drawing.last_draw + w->drawing.gap)
			watch_draw(w);
		cli_loop_set_fd(&w->loop, w->stream_id,
				w->in.streaming && !w->in.more && !w->in.ended &&
				!w->in.broken ? w->in.st.fd : -1);
		if (cli_loop_once(&w->loop, wait_ms(w, watch_now()), err)) {
			*fatal = 1;
			return;
		}
		if (w->notify.hit)
			w->next_look = 0;
		w->notify.hit = 0;
	}
}

/* --serve: the input has ended (or its program), the page stays until
 * Ctrl-C, unless --exit.  Only the signals and the server are heard. */
static void
serve_on(struct watcher *w)
{
	struct hp_err ignored = {{0}};

	cli_loop_set_fd(&w->loop, w->notify_id, -1);
	cli_loop_set_fd(&w->loop, w->stream_id, -1);
	while (!w->child.stop)
		if (cli_loop_once(&w->loop, -1, &ignored))
			break;
}

/* Watching failed; the program goes on, but hp2x waits for it to report
 * its status, still passing SIGINT and SIGTERM on (they are still heard
 * in the loop, signals.h). */
static void
wait_program(struct watcher *w)
{
	struct hp_err ignored = {{0}};

	cli_loop_set_fd(&w->loop, w->notify_id, -1);
	cli_loop_set_fd(&w->loop, w->stream_id, -1);
	cli_loop_set_fd(&w->loop, w->serve_id, -1);
	while (w->child.running) {
		if (cli_loop_once(&w->loop, 200, &ignored) == 0 &&
		    !w->child.running)
			break;	/* its end was heard */
		cli_child_reap(&w->child);	/* or it went unheard */
	}
}

/* cli_select as a single run calls it: -1 (err) when it refuses. */
static int
final_view_empty(const struct watcher *w, struct hp_err *err)
{
	struct render_opts ro;
	hp_model *cut = NULL;
	char note[512];
	int rc;
	hp_model *m = NULL;

	if (cli_pick_part(w->m, w->s, w->input, &m, err))
		return -1;
	rc = cli_select(m, &w->given, 0, NULL, &cut, &ro, note,
			sizeof note, err);
	hp_model_free(cut);
	return rc;
}

/* The last look, the reader's finish (a cut final sample gets its
 * warning), and the last drawing if it would differ. */
static void
wind_up(struct watcher *w, struct hp_err *err, int *fatal)
{
	do {
		if (watch_look(w, err)) {
			*fatal = 1;
			return;
		}
	} while (w->in.more);
	/* The launcher's FIFO: a program that never wrote to it (it failed
	 * before, or refused the options) has no profile to finish. */
	if (w->in.fifo_dir && w->in.fed == 0 && !w->drawing.has_drawn) {
		hp_err_set(err, "%s wrote no eventlog", w->s->command[0]);
		return;
	}
	if (w->in.opened && !w->in.broken) {
		struct hp_err ferr = {{0}};

		hp_model *m = NULL;

		if (hp_reader_finish(w->r, &ferr) ||
		    cli_pick_part(w->m, w->s, w->input, &m, &ferr) ||
		    hp_read_check(m, w->input, &ferr)) {
			watch_report(w, &ferr);
			w->in.broken = 1;
		} else {
			w->in.finished = 1;
		}
		w->nwarn = watch_warnings(w);
		/* The input is complete: its view is judged as a single
		 * run judges it (a window or filter that holds nothing is
		 * refused), not leniently as while it grew. */
		if (!w->in.broken && final_view_empty(w, &ferr)) {
			watch_report(w, &ferr);
			w->in.broken = 1;
			return;
		}
		/* ... and one it takes is drawn, empty or not (--exclude
		 * of every band draws the frame, as the one-shot does). */
		w->drawing.view_ok = !w->in.broken;
	}
	if (watch_pending(w) || (w->drawing.has_drawn && !w->drawing.drawn_ok) || w->drawing.held)
		watch_draw(w);
	if (!w->in.opened && !w->drawing.has_drawn && !err->msg[0])
		hp_err_set(err, "%s did not appear", w->input);
}

/* --summary: the whole run's, once its input has ended, as a one-shot
 * read of it prints it (the numbers exact, hp_model_compact). */
static int
print_summary(const struct watcher *w, struct hp_err *err)
{
	struct render_opts ro;
	hp_model *cut = NULL;
	char note[512];
	int rc;

	hp_model *m = watch_part(w);

	if (!w->in.finished || w->in.broken || !m)
		return 0;
	rc = cli_select(m, &w->given, 0, NULL, &cut, &ro, note,
			sizeof note, err);
	if (rc == 0 && (rc = summary_print(stdout, w->input, cut ? cut : m,
					   &ro, cli_summary_form(w->s),
					   summary_width(stdout), err)))
		hp_err_name(err, "standard output");
	hp_model_free(cut);
	fflush(stdout);
	return rc;
}

/* The watcher's state before anything is opened. */
static void
init(struct watcher *w, const struct cli_settings *s,
     struct cli_settings *run, struct cli_status *line, FILE *errs)
{
	memset(w, 0, sizeof *w);
	w->in.st = (struct cli_stream)CLI_STREAM_INIT;
	w->s = run;
	w->given = *s;
	w->ro = &run->render;
	w->errs = errs;
	w->status = line;
	cli_status_init(line, errs, isatty(fileno(errs)), s->quiet, watch_now());
	cli_follow_init(&w->in.file);
	cli_child_init(&w->child);
	cli_loop_init(&w->loop);
	w->notify.fd = w->notify.wd_dir = w->notify.wd_file = -1;
	w->in.fifo_keep = -1;
	w->notify_id = w->stream_id = w->serve_id = -1;
	w->interval = s->interval > 0 ? s->interval : CLI_WATCH_INTERVAL;
	w->drawing.last_draw = -INFINITY;
	w->drawing.gap = w->interval;
}

/* Everything opened before the loop: the signals, the input, the
 * server, and each one's registration with the loop. */
static int
open_all(struct watcher *w, const struct cli_settings *s,
	 struct cli_settings *run, struct hp_err *err)
{
	/* Standard input closed (hp2x -w - <&-): the next descriptor made
	 * would be 0 and read as the stream.  Refused before any is made,
	 * in the one-shot's words. */
	if (!s->command && cli_source_of(s->input) == CLI_SOURCE_STDIN &&
	    fcntl(STDIN_FILENO, F_GETFD) < 0)
		return hp_err_set(err, "stdin: read error: %s", strerror(errno));
	if (s->command) {
		if (cli_launch_plan(&w->launch, s->command, run->input,
				    w->interval, err))
			return -1;
		run->input = w->launch.input;
		w->in.alt = w->launch.alt;
		w->in.fifo_dir = w->launch.fifo_dir;
	}
	/* Before setup: see cli_child_signals. */
	if (cli_child_signals(&w->child, s->command != NULL, err) ||
	    watch_setup(w, err))
		return -1;
	if (s->serve && !(w->serve = cli_serve_open(s->serve_at, s->serve_names,
						     s->nserve_names, w->errs,
						     err)))
		return -1;
	return attach(w, err);
}

/* --watch -- PROG: start it.  0, or the exit status when it was not
 * started (a signal came first, or it could not be run). */
static int
start_program(struct watcher *w)
{
	struct hp_err err = {{0}};
	int eno, sig = cli_child_early(&w->child);

	/* Interrupted while setting up: no program to pass it on to, so
	 * none is started. */
	if (sig)
		return 128 + sig;
	/* The program truncates or replaces what an earlier run left;
	 * until then that file is not this run's. */
	if (!w->in.fifo_dir && stat(w->input, &w->in.stale) == 0)
		w->in.has_stale = 1;
	if (w->in.alt && stat(w->in.alt, &w->in.alt_stale) == 0)
		w->in.has_alt_stale = 1;
	fflush(w->errs);
	if (cli_child_spawn(&w->child, w->launch.argv, &eno, &err)) {
		watch_report(w, &err);
		return eno == ENOENT ? 127 : 126;
	}
	return 0;
}

/* Watch until the input or the program ends, then (--serve) serve on:
 * the exit status. */
static int
run(struct watcher *w, const struct cli_settings *s)
{
	struct hp_err err = {{0}};
	int fatal = 0, ok, status;

	w->last_growth = watch_now();
	loop(w, &err, &fatal);
	if (!fatal)
		wind_up(w, &err, &fatal);
	if (!fatal && !err.msg[0] && s->summary && print_summary(w, &err))
		fatal = 1;
	if (err.msg[0])
		watch_report(w, &err);
	if (w->serve && !s->serve_exit && !fatal)
		serve_on(w);
	ok = !fatal && !err.msg[0] && !w->in.broken && w->drawing.has_drawn &&
	     w->drawing.drawn_ok;
	if (s->command)
		status = w->child.status ? w->child.status : !ok;
	else
		status = ok && w->in.dropped ? CLI_EXIT_DROPPED : !ok;
	if (fatal && w->child.running) {
		wait_program(w);
		status = w->child.status ? w->child.status : 1;
	}
	return status;
}

static void
release(struct watcher *w)
{
	cli_serve_close(w->serve);
	cli_status_end(w->status);
	cli_child_close(&w->child);
	cli_notify_close(&w->notify);
	cli_follow_close(&w->in.file);
	cli_stream_close(&w->in.st);
	if (w->in.fifo_keep >= 0)
		close(w->in.fifo_keep);
	hp_reader_free(w->r);
	hp_model_free(w->drawing.cut);
	hp_model_free(w->m);
	free(w->in.buf);
	cli_job_release(&w->job);
	cli_launch_release(&w->launch);
}

int
cli_watch(const struct cli_settings *s, FILE *errs)
{
	struct cli_settings run_s = *s;
	struct watcher w;
	struct cli_status line;
	struct hp_err err = {{0}};
	int status = 1;

	cli_alloc_long_run();
	init(&w, s, &run_s, &line, errs);
	if (open_all(&w, s, &run_s, &err))
		watch_report(&w, &err);
	else if (!s->command || (status = start_program(&w)) == 0)
		status = run(&w, s);
	release(&w);
	return status;
}
