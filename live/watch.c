/*
 * live/watch.c - --watch: keep the output drawn from a profile that is
 * still being written, and (with -- PROG ARGS...) run the program that
 * writes it.
 *
 One loop (loop.c) waits on every source, each of which registers its
 * descriptor there: the signals and the program (child.c), the file's
 * change notifications (notify.c), a stream, the server (serve.c).  The
 * notifications only say "look now": every decision comes from stat(2)
 * (follow.c).  The file stays open and is read from where the last look stopped, into the
 * same hp_reader, which holds a partial line or event until it is
 * complete; so an update costs the new bytes plus one drawing from the
 * model (one render_ctx for the whole run), never a re-read of the file.
 * The same look also runs every --interval, which is all there is
 * without notifications.
 *
 * The launcher's FIFO stays open for writing by hp2x itself as well, so
 * it has no end while the program runs: a program that ends and restarts
 * its eventlog (GHC's endEventLogging and startEventLogging reopen the
 * -ol path and write a new log after the first's DATA_END) is read on
 * into the same model, and never blocks on a pipe nobody reads.  Its
 * exit ends the stream.
 *
 * A file that the follower (follow.c) finds replaced, truncated or
 * rewritten starts a new model and reader, with one notice.  Drawings
 * are debounced to one per --interval and made only when what they show
 * changed (samples, marks, series, header); each goes through cli_out,
 * so a viewer never opens a partial file.  The launcher's plan (which
 * argv, which file or FIFO) is launch.c's.
 */
#include "watch.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../hp/grow.h"
#include "../hp/hash.h"
#include "../hp/reader.h"
#include "child.h"
#include "follow.h"
#include "live.h"
#include "loop.h"
#include "notify.h"
#include "../convert/inputs.h"
#include "../convert/job.h"
#include "serve.h"
#include "status.h"
#include "stream.h"

#define READ_CHUNK ((size_t)1 << 20)
/* Bytes read in one look before signals are checked again: a first look
 * at a large file must not make Ctrl-C wait for all of it. */
#define READ_BUDGET ((size_t)64 << 20)

/* What a drawing shows; another is drawn only when this changes.  Band
 * count is in: a band first seen in a sample not yet complete changes no
 * graph, but the data outputs list every band the model holds. */
struct shown {
	struct live_pos pos;	/* the counts, as --serve's pages have them */
	uint64_t header;	/* a hash of the header fields */
};

struct watcher {
	const struct cli_settings *s;
	FILE *errs;
	/* --include/--exclude/--from/--to: each drawing is of the model cut
	 * by cli_select from the settings as given (base) into the job's
	 * render options (ro), with the title's note kept here. */
	struct cli_settings given;
	struct render_opts *ro;
	char note[512];
	struct cli_status *status;	/* the status line on stderr */
	struct cli_job job;	/* paths, prior aux, rendering context */
	const char *input;	/* job.p.input */
	double interval;

	hp_model *m;
	hp_reader *r;
	size_t nwarn;		/* warnings of m already printed */
	hp_model *cut;		/* the last drawing's view of m (a window)
				 * or NULL: the next one takes over what
				 * it summarised, then frees it */

	struct cli_follow file;	/* the input as a file (follow.h) */
	off_t fed;		/* bytes fed to r */
	unsigned char *buf;
	int more;		/* the last look stopped before the end */
	int broken;		/* the reader failed on this file */
	int finished;		/* the input ended and passed hp_read_check */
	int ended;		/* the input says it is complete */
	int said_waiting;

	/* A stream (standard input, a FIFO, unix:PATH): read as it comes,
	 * never stat'ed nor re-read (stream.h). */
	enum cli_source source;
	struct cli_stream st;
	int streaming;		/* the input is read through st */
	int opened;		/* bytes may have come: finish the reader */
	int dropped;		/* the socket closed before DATA_END */
	double give_up;		/* a socket not there by then: failure */
	struct cli_launch launch;	/* with a program: what it runs and
					 * writes (launch.h) */
	const char *fifo_dir;	/* launch.fifo_dir: the program's eventlog
				 * is read from a FIFO there */
	int fifo_keep;		/* our own write end of it, or -1: the
				 * program may close and open it again
				 * (endEventLogging, startEventLogging),
				 * so its stream ends when it exits, not
				 * at a close nor at an eventlog's end */

	struct stat stale;	/* with a program: the profile of an earlier run */
	int has_stale;
	const char *alt;	/* launch.alt until read instead (or NULL) */
	struct stat alt_stale;	/* what alt was before the program ran */
	int has_alt_stale;

	/* The sources of the one loop, each with its own state. */
	struct cli_loop loop;
	struct cli_child child;		/* the signals and the program */
	struct cli_notify notify;	/* the file's notifications */
	int notify_id, stream_id, serve_id;	/* their registrations */

	struct shown drawn;
	int has_drawn;		/* this model was drawn at least once */
	int held;		/* its view held nothing: not drawn */
	int view_ok;		/* its view held something once (and so
				 * always will: samples and bands are only
				 * added) */
	int drawn_ok;		/* the last drawing was written */
	char draw_err[sizeof ((struct hp_err *)0)->msg];	/* said once */
	int force;		/* a new file: draw even if it looks the same */
	double last_draw, last_growth, next_look;
	double gap;		/* between drawings: --interval, or more */

	cli_serve *serve;	/* --serve, or NULL */
};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void HP_PRINTF(2, 3)
note(const struct watcher *w, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;

	if (w->s->quiet)
		return;
	cli_status_clear(w->status);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	cli_say(w->errs, "", msg);
	fflush(w->errs);
}

static void
report(const struct watcher *w, const struct hp_err *err)
{
	cli_status_clear(w->status);
	cli_say(w->errs, "", err->msg[0] ? err->msg : "failed");
	fflush(w->errs);
}

/* The reader's new warnings, under the status line's place. */
static size_t
warnings(const struct watcher *w)
{
	if (hp_model_warning_count(w->m) > w->nwarn && !w->s->quiet)
		cli_status_clear(w->status);
	return cli_print_warnings(w->m, w->nwarn, w->s, w->errs);
}

static void
shown_of(const hp_model *m, struct shown *sh)
{
	uint64_t h = 0;
	int k;

	memset(sh, 0, sizeof *sh);
	live_pos_of(m, &sh->pos);
	for (k = 0; k < HP_NFIELDS; k++) {
		const char *f = hp_model_get(m, (enum hp_field)k);

		/* An absent field differs from an empty one. */
		h = hp_hash_mix(h ^ (f ? hp_hash_bytes(f, strlen(f)) : 1));
	}
	sh->header = h;
}

/* Something new to draw.  Nothing is drawn before the first complete
 * sample: a graph needs one, and the data outputs would claim an empty
 * profile.  A log where no profile began (plain +RTS -l) is drawn as
 * its heap-size series once it has ended: not before, as a live -h -l
 * log looks the same until GHC 9.0 flushes the buffer that holds its
 * HEAP_PROF_BEGIN and first censuses (tests/data/live). */
static int
pending(const struct watcher *w)
{
	struct shown sh;

	if (!w->m || (hp_model_sample_count(w->m) == 0 &&
		      !(w->finished && hp_model_series_only(w->m))))
		return 0;
	if ((!w->has_drawn && !w->held) || w->force)
		return 1;
	shown_of(w->m, &sh);
	return memcmp(&sh, &w->drawn, sizeof sh) != 0;
}

/* The view of a profile that has samples holds none of them, or no
 * band (--from past the samples so far, a filter nothing matches yet):
 * such a view is not drawn, so a run whose input ends so, refused then
 * as the one-shot refuses it, leaves no output behind (wind_up); nor
 * does a view ever drawn empty before it holds something. */
static int
view_empty(struct watcher *w, const hp_model *cut)
{
	const hp_band *b;
	const uint64_t *v;
	size_t i, n;

	if (w->view_ok || !cut || hp_model_sample_count(w->m) == 0)
		return 0;
	n = hp_model_sample_count(cut);
	for (i = 0; i < n; i++)
		if (hp_model_sample(cut, i, &b, &v) > 0) {
			w->view_ok = 1;
			return 0;
		}
	return 1;
}

static void
draw(struct watcher *w)
{
	struct hp_err err = {{0}};
	hp_model *cut = NULL;
	double start = now();
	int sel;

	shown_of(w->m, &w->drawn);
	w->force = 0;
	sel = cli_select(w->m, &w->given, 1, w->cut, &cut, w->ro, w->note,
			 sizeof w->note, &err);
	w->held = sel == 0 && view_empty(w, cut);
	if (!w->held) {
		w->has_drawn = 1;
		w->drawn_ok = sel == 0 &&
			/* --serve without -o: the page is the output */
			((w->s->serve && !w->s->output) ||
			 cli_job_write(&w->job, cut ? cut : w->m, &err) == 0);
	}
	if (w->serve)
		cli_serve_publish(w->serve, w->m, w->ro, w->input);
	hp_model_free(w->cut);
	/* Kept for the next drawing when it costs nothing to keep: a view
	 * sharing m's samples; a filtered copy would double the memory. */
	w->cut = cut && hp_model_shares(cut) ? cut : NULL;
	if (!w->cut)
		hp_model_free(cut);
	if (w->held) {
		w->last_draw = now();
		return;
	}
	/* An output that cannot be written (its directory removed, say)
	 * is said once; later drawings keep trying, silently, until one
	 * is written or fails another way. */
	if (!w->drawn_ok && strcmp(err.msg, w->draw_err) != 0) {
		report(w, &err);
		snprintf(w->draw_err, sizeof w->draw_err, "%s", err.msg);
	}
	if (w->drawn_ok)
		w->draw_err[0] = '\0';
	w->last_draw = now();
	/* A day-long stream makes a drawing slow (each walks every
	 * sample): drawings are then spaced to four times what the last
	 * one took, so watching keeps to a fifth of a core. */
	w->gap = 4 * (w->last_draw - start);
	if (w->gap < w->interval)
		w->gap = w->interval;
	if (w->drawn_ok)
		cli_status_drawn(w->status, w->input, w->m, w->last_draw,
				 time(NULL));
}

/* A new model and reader: the first file, or one that replaced it. */
static int
fresh_model(struct watcher *w, struct hp_err *err)
{
	if (w->serve)
		cli_serve_forget(w->serve);
	hp_reader_free(w->r);
	hp_model_free(w->cut);
	hp_model_free(w->m);
	w->cut = NULL;
	w->r = NULL;
	w->m = hp_model_new();
	if (w->m)
		w->r = hp_reader_new(w->m, w->input);
	if (!w->m || !w->r)
		return hp_err_set(err, "out of memory");
	{
		struct hp_read_opts o;

		cli_read_opts(w->s, &o);
		hp_reader_set_opts(w->r, &o);
	}
	w->nwarn = 0;
	w->fed = 0;
	w->more = w->broken = w->ended = 0;
	w->has_drawn = w->held = w->view_ok = 0;
	w->force = 1;
	return 0;
}

static int
same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

static void
say_waiting(struct watcher *w)
{
	/* A program just started has not written its profile yet: no
	 * news. */
	if (!w->said_waiting && !w->child.pid)
		note(w, "waiting for %s", w->input);
	w->said_waiting = 1;
}

/* Open the input: 1 opened, 0 not there yet, -1 failed (err). */
/* The program wrote PROG.hp in this run: it is there, and not as an
 * earlier run left it. */
static int
alt_written(const struct watcher *w)
{
	struct stat st;

	return stat(w->alt, &st) == 0 &&
	       !(w->has_alt_stale && same_stat(&st, &w->alt_stale));
}

/* The input (just opened: it appeared, or replaced what was there) is
 * one of the outputs under another name, a link, or a path spelled
 * otherwise: drawing would replace the profile being read. */
static int
is_an_output(const struct watcher *w, const struct stat *in)
{
	const char *out;
	size_t i;

	for (i = 0; i <= CLI_MAX_OUTPUTS; i++) {
		struct stat st;

		out = cli_job_output(&w->job, i, NULL);
		if (!out) {	/* after the outputs, their aux */
			out = w->job.p.aux_write ? w->job.p.aux : NULL;
			i = CLI_MAX_OUTPUTS;
		}
		if (out && strcmp(out, "-") != 0 &&
		    stat(out, &st) == 0 && st.st_dev == in->st_dev &&
		    st.st_ino == in->st_ino)
			return 1;
	}
	return 0;
}

static int
open_input(struct watcher *w, struct hp_err *err)
{
	struct stat st;
	int fd = open(w->input, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0 && errno == ENOENT && w->alt && alt_written(w)) {
		note(w, "%s did not appear but %s did, written by this run "
		     "(its GHC ignores -po for the heap profile): reading that",
		     w->input, w->alt);
		w->input = w->alt;
		w->alt = NULL;	/* still owned by w->launch */
		w->has_stale = w->has_alt_stale;
		w->stale = w->alt_stale;
		return open_input(w, err);
	}
	if (fd < 0) {
		if (errno == ENOENT || errno == ENOTDIR) {
			say_waiting(w);
			return 0;
		}
		if (errno == ENXIO)
			return hp_err_set(err, "%s is a socket: --watch %s%s connects to it",
					  w->input, CLI_UNIX_PREFIX, w->input);
		return hp_err_set(err, "cannot open %s: %s", w->input,
				  strerror(errno));
	}
	if (fstat(fd, &st) != 0) {
		int e = errno;

		close(fd);
		return hp_err_set(err, "cannot read %s: %s", w->input,
				  strerror(e));
	}
	if (S_ISFIFO(st.st_mode)) {
		/* Opened without blocking, before any writer: the writer
		 * (a GHC RTS's fopen) does not block either. */
		if (cli_stream_adopt(&w->st, fd, 1, w->input, err)) {
			close(fd);
			return -1;
		}
		w->streaming = 1;
		w->opened = 1;
		/* Never a writer-less FIFO while the program runs: no end
		 * of stream, no POLLHUP, between its closing and reopening
		 * the path.  A reader is there, so this open succeeds. */
		if (w->fifo_dir)
			w->fifo_keep = open(w->input, O_WRONLY | O_NONBLOCK |
						      O_CLOEXEC);
		return 1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return hp_err_set(err, "%s is not a regular file, a FIFO nor a socket",
				  w->input);
	}
	if (w->has_stale) {
		if (same_stat(&st, &w->stale)) {
			close(fd);
			say_waiting(w);
			return 0;
		}
		w->has_stale = 0;
	}
	if (is_an_output(w, &st)) {
		close(fd);
		return hp_err_set(err, "%s: output would overwrite the input",
				  w->input);
	}
	cli_follow_adopt(&w->file, fd, &st);
	cli_notify_file(&w->notify, w->input);
	return 1;
}

/* n new bytes in w->buf to the reader. */
static void
take(struct watcher *w, size_t n)
{
	struct hp_err rerr = {{0}};

	w->fed += (off_t)n;
	if (hp_reader_feed(w->r, w->buf, n, &rerr)) {
		w->nwarn = warnings(w);
		report(w, &rerr);
		w->broken = 1;
	} else if (hp_reader_done(w->r) && w->fifo_keep < 0) {
		w->ended = 1;
	}
}

/* Seconds a socket is waited for, first or again (--reconnect): the
 * --idle-exit time, else CLI_SOCKET_WAIT.  While it is waited for, this
 * is the only clock: --idle-exit's "no growth" does not run besides. */
static double
reconnect_wait(const struct watcher *w)
{
	return w->s->idle_exit > 0 ? w->s->idle_exit : CLI_SOCKET_WAIT;
}

/* Connect (unix:PATH) or take standard input: 1 open, 0 not yet. */
static int
open_stream(struct watcher *w, struct hp_err *err)
{
	const char *path = w->input + sizeof CLI_UNIX_PREFIX - 1;
	int rc;

	if (w->source == CLI_SOURCE_STDIN) {
		if (cli_stream_adopt(&w->st, 0, 0, "standard input", err))
			return -1;
		w->opened = 1;
		return 1;
	}
	rc = cli_stream_connect(&w->st, path, err);
	if (rc > 0) {
		w->opened = 1;
		w->said_waiting = 0;
		return 1;
	}
	if (rc < 0)
		return -1;
	if (now() >= w->give_up && w->has_drawn) {
		/* --reconnect, and it did not come back: said once, and the
		 * run ends as a dropped connection does (exit 3). */
		note(w, "%s: the connection dropped and did not come back within %g s; the graph keeps what came",
		     w->input, reconnect_wait(w));
		w->dropped = w->ended = 1;
		return 0;
	}
	if (now() >= w->give_up)
		return hp_err_set(err, "no eventlog socket at %s after %g s",
				  path, reconnect_wait(w));
	if (!w->said_waiting)
		note(w, "waiting for the socket %s", path);
	w->said_waiting = 1;
	return 0;
}

/* The writer closed, or the peer hung up.  A socket that closes before
 * the eventlog's end is a dropped connection: said once, the last graph
 * kept; with --reconnect the socket is waited for again and the stream
 * read from its header into a new graph. */
static int
stream_end(struct watcher *w, struct hp_err *err)
{
	if (!w->st.is_socket || hp_reader_done(w->r)) {
		w->ended = 1;
		return 0;
	}
	if (!w->s->reconnect) {
		note(w, "%s: the connection dropped before the end of the eventlog; the graph keeps what came",
		     w->input);
		w->dropped = 1;
		w->ended = 1;
		return 0;
	}
	/* This stream's last samples are drawn before a new one starts,
	 * and before saying so: whoever reads the note finds them drawn.
	 * A connection that sent nothing has nothing to finish. */
	if (!w->broken && w->fed > 0) {
		struct hp_err ferr = {{0}};

		if (hp_reader_finish(w->r, &ferr))
			report(w, &ferr);
		w->nwarn = cli_print_warnings(w->m, w->nwarn, w->s, w->errs);
	}
	if (pending(w))
		draw(w);
	note(w, "%s: the connection dropped; waiting to reconnect", w->input);
	cli_stream_close(&w->st);
	w->opened = 0;
	w->said_waiting = 1;
	w->give_up = now() + reconnect_wait(w);
	/* The graph drawn stays until the new stream has a sample. */
	{
		int has_drawn = w->has_drawn, drawn_ok = w->drawn_ok;

		if (fresh_model(w, err))
			return -1;
		w->has_drawn = has_drawn;
		w->drawn_ok = drawn_ok;
	}
	return 0;
}

/* The next bytes of the input into w->buf: a count, 0 when there is
 * nothing more now, CLI_STREAM_END when a stream ended, -1 (err). */
static ssize_t
read_some(struct watcher *w, struct hp_err *err)
{
	if (w->streaming)
		return cli_stream_read(&w->st, w->buf, READ_CHUNK, w->input, err);
	return cli_follow_read(&w->file, w->buf, READ_CHUNK, w->input, err);
}

/* The launcher's program must never block on a full FIFO, even once its
 * eventlog could not be read: what it writes then is read and dropped. */
static void
drain(struct watcher *w)
{
	struct hp_err ignored = {{0}};

	while (cli_stream_read(&w->st, w->buf, READ_CHUNK, w->input,
			       &ignored) > 0)
		;
}

/* Feed the reader what the input has now, at most READ_BUDGET bytes. */
static int
pump(struct watcher *w, struct hp_err *err)
{
	size_t budget = READ_BUDGET;
	int grew = 0;

	w->more = 0;
	if (w->broken && w->fifo_keep >= 0)
		drain(w);
	while (!w->broken && !w->ended && (!w->streaming || w->st.fd >= 0)) {
		ssize_t n;

		if (budget == 0) {
			w->more = 1;
			break;
		}
		n = read_some(w, err);
		if (n == 0)
			break;
		if (n == CLI_STREAM_END) {
			if (stream_end(w, err))
				return -1;
			break;
		}
		if (n < 0)
			return -1;
		grew = 1;
		budget -= (size_t)n < budget ? (size_t)n : budget;
		take(w, (size_t)n);
	}
	if (grew)
		w->last_growth = now();
	w->nwarn = warnings(w);
	return 0;
}

/* Read what the input gained since the last look (at most READ_BUDGET
 * bytes).  -1 only for what watching cannot go on after (err). */
static int
look(struct watcher *w, struct hp_err *err)
{
	const char *why;
	int news;

	if (w->streaming) {
		if (w->st.fd < 0) {
			int rc;

			if (w->ended)	/* given up on: no second try */
				return 0;
			rc = open_stream(w, err);

			if (rc <= 0)
				return rc;
		}
		return pump(w, err);
	}
	news = cli_follow_look(&w->file, w->input, &why, err);
	if (news < 0)
		return -1;
	if (news == CLI_FOLLOW_REPLACED) {
		note(w, "%s was %s; starting over", w->input, why);
		if (fresh_model(w, err))
			return -1;
	}
	if (w->file.fd < 0) {
		int rc = open_input(w, err);

		if (rc <= 0)
			return rc;
		if (w->streaming)
			return pump(w, err);
		w->opened = 1;
		news = CLI_FOLLOW_NEW;
	}
	if (news == CLI_FOLLOW_NOTHING) {
		w->more = 0;
		return 0;
	}
	if (pump(w, err))
		return -1;
	cli_follow_remember(&w->file);
	return 0;
}

/* Whether --idle-exit's "no growth for so long" applies now: not while a
 * socket is waited for, which has its own deadline (reconnect_wait). */
static int
idle_clock(const struct watcher *w)
{
	return w->s->idle_exit > 0 &&
	       !(w->source == CLI_SOURCE_UNIX && w->st.fd < 0);
}

/* Whether the loop is over: a signal, the program gone, the input
 * complete, or --idle-exit. */
static int
finished(const struct watcher *w, double t)
{
	if (w->child.pid)
		return !w->child.running;
	/* A stream whose reader failed cannot be read again. */
	if (w->child.stop || w->ended || (w->streaming && w->broken))
		return 1;
	return idle_clock(w) && t - w->last_growth >= w->s->idle_exit;
}

static int
wait_ms(const struct watcher *w, double t)
{
	double wait = w->more ? 0 : w->next_look - t;

	if (pending(w) && w->last_draw + w->gap - t < wait)
		wait = w->last_draw + w->gap - t;
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

/* hp2ps's naming tries FOO.hp first; a watched profile need not exist
 * yet, and is then waited for under its .hp name, unless FOO itself is
 * something to read now (a FIFO, a profile without an extension).  An
 * executable FOO is the program that will write FOO.hp, not a profile. */
static int
watch_exists(const char *path, void *ctx)
{
	size_t n = strlen(path);
	struct stat st;
	char *bare;
	int pending;

	if (cli_source_of(path) == CLI_SOURCE_UNIX)
		/* taken as typed: no .hp or .eventlog tried after it */
		return !(n > 3 && strcmp(path + n - 3, ".hp") == 0) &&
		       !(n > 9 && strcmp(path + n - 9, ".eventlog") == 0);
	if (cli_exists(path, ctx))
		return 1;
	if (n <= 3 || strcmp(path + n - 3, ".hp") != 0)
		return 0;
	bare = hp_strndup(path, n - 3);
	if (!bare)
		return 1;	/* the reader then says what is missing */
	pending = stat(bare, &st) != 0 ||
		  (S_ISREG(st.st_mode) && (st.st_mode & 0111));
	free(bare);
	return pending;
}

static int
setup(struct watcher *w, struct hp_err *err)
{
	if (cli_job_prepare(&w->job, w->s, watch_exists, err))
		return -1;
	w->input = w->job.p.input;
	w->buf = hp_malloc(READ_CHUNK);
	if (!w->buf)
		return hp_err_set(err, "out of memory");
	if (fresh_model(w, err))
		return -1;
	w->source = cli_source_of(w->input);
	if (w->source != CLI_SOURCE_FILE) {
		w->streaming = 1;
		w->give_up = now() + reconnect_wait(w);
		return 0;
	}
	cli_notify_open(&w->notify, w->input, getenv("HP2X_NO_INOTIFY") != NULL);
	return 0;
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
		double t = now();

		if (w->more || t >= w->next_look) {
			if (look(w, err)) {
				*fatal = 1;
				return;
			}
			t = now();
			w->next_look = t + w->interval;
			cli_status_update(w->status, w->m, t);
		}
		if (finished(w, t))
			return;
		cli_status_idle(w->status, w->input, t);
		/* No drawing while catching up with a large file. */
		if (!w->more && pending(w) && t >= w->last_draw + w->gap)
			draw(w);
		cli_loop_set_fd(&w->loop, w->stream_id,
				w->streaming && !w->more && !w->ended &&
				!w->broken ? w->st.fd : -1);
		if (cli_loop_once(&w->loop, wait_ms(w, now()), err)) {
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
 * its status, still passing SIGINT and SIGTERM on (they stay blocked
 * for the signalfd). */
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

	rc = cli_select(w->m, &w->given, 0, NULL, &cut, &ro, note,
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
		if (look(w, err)) {
			*fatal = 1;
			return;
		}
	} while (w->more);
	/* The launcher's FIFO: a program that never wrote to it (it failed
	 * before, or refused the options) has no profile to finish. */
	if (w->fifo_dir && w->fed == 0 && !w->has_drawn) {
		hp_err_set(err, "%s wrote no eventlog", w->s->command[0]);
		return;
	}
	if (w->opened && !w->broken) {
		struct hp_err ferr = {{0}};

		if (hp_reader_finish(w->r, &ferr) ||
		    hp_read_check(w->m, w->input, &ferr)) {
			report(w, &ferr);
			w->broken = 1;
		} else {
			w->finished = 1;
		}
		w->nwarn = warnings(w);
		/* The input is complete: its view is judged as a single
		 * run judges it (a window or filter that holds nothing is
		 * refused), not leniently as while it grew. */
		if (!w->broken && final_view_empty(w, &ferr)) {
			report(w, &ferr);
			w->broken = 1;
			return;
		}
		/* ... and one it takes is drawn, empty or not (--exclude
		 * of every band draws the frame, as the one-shot does). */
		w->view_ok = !w->broken;
	}
	if (pending(w) || (w->has_drawn && !w->drawn_ok) || w->held)
		draw(w);
	if (!w->opened && !w->has_drawn && !err->msg[0])
		hp_err_set(err, "%s did not appear", w->input);
}

/* The watcher's state before anything is opened. */
static void
init(struct watcher *w, const struct cli_settings *s,
     struct cli_settings *run, struct cli_status *line, FILE *errs)
{
	memset(w, 0, sizeof *w);
	w->st = (struct cli_stream)CLI_STREAM_INIT;
	w->s = run;
	w->given = *s;
	w->ro = &run->render;
	w->errs = errs;
	w->status = line;
	cli_status_init(line, errs, isatty(fileno(errs)), s->quiet, now());
	cli_follow_init(&w->file);
	cli_child_init(&w->child);
	cli_loop_init(&w->loop);
	w->notify.fd = w->notify.wd_dir = w->notify.wd_file = -1;
	w->fifo_keep = -1;
	w->notify_id = w->stream_id = w->serve_id = -1;
	w->interval = s->interval > 0 ? s->interval : CLI_WATCH_INTERVAL;
	w->last_draw = -INFINITY;
	w->gap = w->interval;
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
		w->alt = w->launch.alt;
		w->fifo_dir = w->launch.fifo_dir;
	}
	/* Before setup: see cli_child_signals. */
	if (cli_child_signals(&w->child, s->command != NULL, err) ||
	    setup(w, err))
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
	if (!w->fifo_dir && stat(w->input, &w->stale) == 0)
		w->has_stale = 1;
	if (w->alt && stat(w->alt, &w->alt_stale) == 0)
		w->has_alt_stale = 1;
	fflush(w->errs);
	if (cli_child_spawn(&w->child, w->launch.argv, &eno, &err)) {
		report(w, &err);
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

	w->last_growth = now();
	loop(w, &err, &fatal);
	if (!fatal)
		wind_up(w, &err, &fatal);
	if (err.msg[0])
		report(w, &err);
	if (w->serve && !s->serve_exit && !fatal)
		serve_on(w);
	ok = !fatal && !err.msg[0] && !w->broken && w->has_drawn &&
	     w->drawn_ok;
	if (s->command)
		status = w->child.status ? w->child.status : !ok;
	else
		status = ok && w->dropped ? CLI_EXIT_DROPPED : !ok;
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
	cli_follow_close(&w->file);
	cli_stream_close(&w->st);
	if (w->fifo_keep >= 0)
		close(w->fifo_keep);
	hp_reader_free(w->r);
	hp_model_free(w->cut);
	hp_model_free(w->m);
	free(w->buf);
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

	init(&w, s, &run_s, &line, errs);
	if (open_all(&w, s, &run_s, &err))
		report(&w, &err);
	else if (!s->command || (status = start_program(&w)) == 0)
		status = run(&w, s);
	release(&w);
	return status;
}
