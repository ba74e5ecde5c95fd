/*
 * live/watch-input.c - watch mode's input as it grows: a file followed
 * (follow.c) and opened when it appears, replaced or truncated; a FIFO,
 * standard input or a socket read as a stream (stream.c), reconnected
 * with --reconnect; the launcher's FIFO kept open for writing while the
 * program runs.  Each look feeds the reader what came, at most
 * READ_BUDGET bytes, so signals are heard between.  The loop, the
 * drawing and the run are watch.c's.
 *
 * The file stays open and is read from where the last look stopped;
 * inotify only says "look now", every decision comes from stat(2).  A
 * file that the follower finds replaced, truncated or rewritten starts
 * a new model and reader, with one notice.
 *
 * The launcher's FIFO stays open for writing by hp2x itself as well, so
 * it has no end while the program runs: a program that ends and restarts
 * its eventlog (GHC's endEventLogging and startEventLogging reopen the
 * -ol path and write a new log after the first's DATA_END) is read on
 * into the same model, and never blocks on a pipe nobody reads.  Its
 * exit ends the stream.
 */
#include "watch-private.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../hp/grow.h"

/* The modification time, POSIX.1-2008's st_mtim, which macOS's
 * sys/stat.h names st_mtime and st_mtimensec under strict POSIX (the
 * portable build's; untested there). */
#ifdef __APPLE__
#define MTIME_S(st) ((st)->st_mtime)
#define MTIME_NS(st) ((st)->st_mtimensec)
#else
#define MTIME_S(st) ((st)->st_mtim.tv_sec)
#define MTIME_NS(st) ((st)->st_mtim.tv_nsec)
#endif

static int
same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size &&
	       MTIME_S(a) == MTIME_S(b) && MTIME_NS(a) == MTIME_NS(b);
}

static void
say_waiting(struct watcher *w)
{
	/* A program just started has not written its profile yet: no
	 * news. */
	if (!w->in.said_waiting && !w->child.pid)
		watch_note(w, "waiting for %s", w->input);
	w->in.said_waiting = 1;
}

/* The program wrote PROG.hp in this run: it is there, and not as an
 * earlier run left it. */
static int
alt_written(const struct watcher *w)
{
	struct stat st;

	return stat(w->in.alt, &st) == 0 &&
	       !(w->in.has_alt_stale && same_stat(&st, &w->in.alt_stale));
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

/* Open the input: 1 opened, 0 not there yet, -1 failed (err). */
static int
open_input(struct watcher *w, struct hp_err *err)
{
	struct stat st;
	int fd = open(w->input, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0 && errno == ENOENT && w->in.alt && alt_written(w)) {
		watch_note(w, "%s did not appear but %s did, written by this run "
		     "(its GHC ignores -po for the heap profile): reading that",
		     w->input, w->in.alt);
		w->input = w->in.alt;
		w->in.alt = NULL;	/* still owned by w->launch */
		w->in.has_stale = w->in.has_alt_stale;
		w->in.stale = w->in.alt_stale;
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
		if (cli_stream_adopt(&w->in.st, fd, 1, w->input, err)) {
			close(fd);
			return -1;
		}
		w->in.streaming = 1;
		w->in.opened = 1;
		/* Never a writer-less FIFO while the program runs: no end
		 * of stream, no POLLHUP, between its closing and reopening
		 * the path.  A reader is there, so this open succeeds. */
		if (w->in.fifo_dir)
			w->in.fifo_keep = open(w->input, O_WRONLY | O_NONBLOCK |
						      O_CLOEXEC);
		return 1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return hp_err_set(err, "%s is not a regular file, a FIFO nor a socket",
				  w->input);
	}
	if (w->in.has_stale) {
		if (same_stat(&st, &w->in.stale)) {
			close(fd);
			say_waiting(w);
			return 0;
		}
		w->in.has_stale = 0;
	}
	if (is_an_output(w, &st)) {
		close(fd);
		return hp_err_set(err, "%s: output would overwrite the input",
				  w->input);
	}
	cli_follow_adopt(&w->in.file, fd, &st);
	cli_notify_file(&w->notify, w->input);
	return 1;
}

/* n new bytes in w->in.buf to the reader. */
static void
take(struct watcher *w, size_t n)
{
	struct hp_err rerr = {{0}};

	w->in.fed += (off_t)n;
	if (hp_reader_feed(w->r, w->in.buf, n, &rerr)) {
		w->nwarn = watch_warnings(w);
		watch_report(w, &rerr);
		w->in.broken = 1;
	} else if (hp_reader_done(w->r) && w->in.fifo_keep < 0) {
		w->in.ended = 1;
	}
}

/* Seconds a socket is waited for, first or again (--reconnect): the
 * --idle-exit time, else CLI_SOCKET_WAIT.  While it is waited for, this
 * is the only clock: --idle-exit's "no growth" does not run besides. */
double
watch_reconnect_wait(const struct watcher *w)
{
	return w->s->idle_exit > 0 ? w->s->idle_exit : CLI_SOCKET_WAIT;
}

/* Connect (unix:PATH) or take standard input: 1 open, 0 not yet. */
static int
open_stream(struct watcher *w, struct hp_err *err)
{
	const char *path = w->input + sizeof CLI_UNIX_PREFIX - 1;
	int rc;

	if (w->in.source == CLI_SOURCE_STDIN) {
		if (cli_stream_adopt(&w->in.st, 0, 0, "standard input", err))
			return -1;
		w->in.opened = 1;
		return 1;
	}
	rc = cli_stream_connect(&w->in.st, path, err);
	if (rc > 0) {
		w->in.opened = 1;
		w->in.said_waiting = 0;
		return 1;
	}
	if (rc < 0)
		return -1;
	if (watch_now() >= w->in.give_up && w->drawing.has_drawn) {
		/* --reconnect, and it did not come back: said once, and the
		 * run ends as a dropped connection does (exit 3). */
		watch_note(w, "%s: the connection dropped and did not come back within %g s; the graph keeps what came",
		     w->input, watch_reconnect_wait(w));
		w->in.dropped = w->in.ended = 1;
		return 0;
	}
	if (watch_now() >= w->in.give_up)
		return hp_err_set(err, "no eventlog socket at %s after %g s",
				  path, watch_reconnect_wait(w));
	if (!w->in.said_waiting)
		watch_note(w, "waiting for the socket %s", path);
	w->in.said_waiting = 1;
	return 0;
}

/* The writer closed, or the peer hung up.  A socket that closes before
 * the eventlog's end is a dropped connection: said once, the last graph
 * kept; with --reconnect the socket is waited for again and the stream
 * read from its header into a new graph. */
static int
stream_end(struct watcher *w, struct hp_err *err)
{
	if (!w->in.st.is_socket || hp_reader_done(w->r)) {
		w->in.ended = 1;
		return 0;
	}
	if (!w->s->reconnect) {
		watch_note(w, "%s: the connection dropped before the end of the eventlog; the graph keeps what came",
		     w->input);
		w->in.dropped = 1;
		w->in.ended = 1;
		return 0;
	}
	/* This stream's last samples are drawn before a new one starts,
	 * and before saying so: whoever reads the note finds them drawn.
	 * A connection that sent nothing has nothing to finish. */
	if (!w->in.broken && w->in.fed > 0) {
		struct hp_err ferr = {{0}};

		if (hp_reader_finish(w->r, &ferr))
			watch_report(w, &ferr);
		w->nwarn = cli_print_warnings(w->m, w->nwarn, w->s, w->errs);
	}
	if (watch_pending(w))
		watch_draw(w);
	watch_note(w, "%s: the connection dropped; waiting to reconnect", w->input);
	cli_stream_close(&w->in.st);
	w->in.opened = 0;
	w->in.said_waiting = 1;
	w->in.give_up = watch_now() + watch_reconnect_wait(w);
	/* The graph drawn stays until the new stream has a sample. */
	{
		int has_drawn = w->drawing.has_drawn, drawn_ok = w->drawing.drawn_ok;

		if (watch_fresh_model(w, err))
			return -1;
		w->drawing.has_drawn = has_drawn;
		w->drawing.drawn_ok = drawn_ok;
	}
	return 0;
}

/* The next bytes of the input into w->in.buf: a count, 0 when there is
 * nothing more now, CLI_STREAM_END when a stream ended, -1 (err). */
static ssize_t
read_some(struct watcher *w, struct hp_err *err)
{
	if (w->in.streaming)
		return cli_stream_read(&w->in.st, w->in.buf, READ_CHUNK, w->input, err);
	return cli_follow_read(&w->in.file, w->in.buf, READ_CHUNK, w->input, err);
}

/* The launcher's program must never block on a full FIFO, even once its
 * eventlog could not be read: what it writes then is read and dropped. */
static void
drain(struct watcher *w)
{
	struct hp_err ignored = {{0}};

	while (cli_stream_read(&w->in.st, w->in.buf, READ_CHUNK, w->input,
			       &ignored) > 0)
		;
}

/* Feed the reader what the input has now, at most READ_BUDGET bytes. */
static int
pump(struct watcher *w, struct hp_err *err)
{
	size_t budget = READ_BUDGET;
	int grew = 0;

	w->in.more = 0;
	if (w->in.broken && w->in.fifo_keep >= 0)
		drain(w);
	while (!w->in.broken && !w->in.ended && (!w->in.streaming || w->in.st.fd >= 0)) {
		ssize_t n;

		if (budget == 0) {
			w->in.more = 1;
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
		/* the model kept bounded as it grows, not only between
		 * looks: a look may read READ_BUDGET of censuses */
		if (watch_bound(w, err))
			return -1;
	}
	if (grew)
		w->last_growth = watch_now();
	w->nwarn = watch_warnings(w);
	return 0;
}

/* Read what the input gained since the last look (at most READ_BUDGET
 * bytes).  -1 only for what watching cannot go on after (err). */
int
watch_look(struct watcher *w, struct hp_err *err)
{
	const char *why;
	int news;

	if (w->in.streaming) {
		if (w->in.st.fd < 0) {
			int rc;

			if (w->in.ended)	/* given up on: no second try */
				return 0;
			rc = open_stream(w, err);

			if (rc <= 0)
				return rc;
		}
		return pump(w, err);
	}
	news = cli_follow_look(&w->in.file, w->input, &why, err);
	if (news < 0)
		return -1;
	if (news == CLI_FOLLOW_REPLACED) {
		watch_note(w, "%s was %s; starting over", w->input, why);
		if (watch_fresh_model(w, err))
			return -1;
	}
	if (w->in.file.fd < 0) {
		int rc = open_input(w, err);

		if (rc <= 0)
			return rc;
		if (w->in.streaming)
			return pump(w, err);
		w->in.opened = 1;
		news = CLI_FOLLOW_NEW;
	}
	if (news == CLI_FOLLOW_NOTHING) {
		w->in.more = 0;
		return 0;
	}
	if (pump(w, err))
		return -1;
	cli_follow_remember(&w->in.file);
	return 0;
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

int
watch_setup(struct watcher *w, struct hp_err *err)
{
	if (cli_job_prepare(&w->job, w->s, watch_exists, err))
		return -1;
	/* .hp and CSV grow by what comes when each drawing is of the
	 * whole run, not a filter's or a window's copy of it */
	if (!w->given.ninclude && !w->given.nexclude && !w->given.from &&
	    !w->given.to && cli_job_tails_on(&w->job))
		return hp_err_set(err, "out of memory");
	w->input = w->job.p.input;
	w->in.buf = hp_malloc(READ_CHUNK);
	if (!w->in.buf)
		return hp_err_set(err, "out of memory");
	if (watch_fresh_model(w, err))
		return -1;
	w->in.source = cli_source_of(w->input);
	if (w->in.source != CLI_SOURCE_FILE) {
		w->in.streaming = 1;
		w->in.give_up = watch_now() + watch_reconnect_wait(w);
		return 0;
	}
	cli_notify_open(&w->notify, w->input, getenv("HP2X_NO_INOTIFY") != NULL);
	return 0;
}
