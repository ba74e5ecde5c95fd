/*
 * live/watch-private.h - what the files of watch mode share: the one
 * struct watcher of a --watch run, and the functions each calls of the
 * one below it.  watch.c (the loop and the run) calls watch-input.c
 * (reading the input as it grows), and both call watch-draw.c (the
 * model and its drawings), which calls neither.  Not for use outside
 * these three files.
 */
#ifndef LIVE_WATCH_PRIVATE_H
#define LIVE_WATCH_PRIVATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "../hp/err.h"
#include "../hp/model.h"
#include "../hp/reader.h"
#include "../convert/cli.h"
#include "../convert/job.h"
#include "child.h"
#include "follow.h"
#include "launch.h"
#include "live.h"
#include "loop.h"
#include "notify.h"
#include "serve.h"
#include "status.h"
#include "stream.h"

/* --keep's default: censuses kept exactly (at 10 a second, GHC's
 * default -i0.1, half an hour); past the window, at most WATCH_BUCKETS
 * buckets of summary, four censuses each; a compaction once this many
 * (or half the window) have aged. */
#define WATCH_KEEP ((size_t)20000)
#define WATCH_BUCKETS ((size_t)2048)
#define WATCH_AGED ((size_t)16)

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

/* The input as it grows: what watch-input.c keeps of it between looks
 * (the loop and the drawing read the flags). */
struct watch_input {
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
};

/* What was drawn and when: the drawing's own state (watch-draw.c; the
 * loop reads when the next is due). */
struct watch_drawing {
	char note[512];		/* the title's note of the last cut */
	hp_model *cut;		/* the last drawing's view of m (a window)
				 * or NULL: the next one takes over what
				 * it summarised, then frees it */
	struct shown drawn;
	int has_drawn;		/* this model was drawn at least once */
	int held;		/* its view held nothing: not drawn */
	int view_ok;		/* its view held something once (and so
				 * always will: samples and bands are only
				 * added) */
	int drawn_ok;		/* the last drawing was written */
	char draw_err[sizeof ((struct hp_err *)0)->msg];	/* said once */
	int force;		/* a new file: draw even if it looks the same */
	double last_draw;
	double gap;		/* between drawings: --interval, or more */
};

struct watcher {
	const struct cli_settings *s;
	FILE *errs;
	/* --include/--exclude/--from/--to: each drawing is of the model cut
	 * by cli_select from the settings as given (given) into the job's
	 * render options (ro). */
	struct cli_settings given;
	struct render_opts *ro;
	struct cli_status *status;	/* the status line on stderr */
	struct cli_job job;	/* paths, prior aux, rendering context */
	const char *input;	/* job.p.input */
	double interval;

	hp_model *m;
	hp_reader *r;
	size_t nwarn;		/* warnings of m already printed */

	struct cli_launch launch;	/* with a program: what it runs and
					 * writes (launch.h) */
	struct watch_input in;	/* the input (watch-input.c) */

	/* The sources of the one loop, each with its own state. */
	struct cli_loop loop;
	struct cli_child child;		/* the signals and the program */
	struct cli_notify notify;	/* the file's notifications */
	int notify_id, stream_id, serve_id;	/* their registrations */

	struct watch_drawing drawing;	/* its drawings (watch-draw.c) */
	double last_growth, next_look;

	cli_serve *serve;	/* --serve, or NULL */
};

/* ---- watch-draw.c ---- */

/* The monotonic clock, seconds. */
double watch_now(void);
/* A message on the errors' stream, under the status line's place
 * (none with -q); err's message, or "failed". */
void watch_note(const struct watcher *w, const char *fmt, ...) HP_PRINTF(2, 3);
void watch_report(const struct watcher *w, const struct hp_err *err);
/* The reader's new warnings printed: the count printed so far. */
size_t watch_warnings(const struct watcher *w);
/* What is drawn of the model read so far: the part --kind asks for,
 * else the default one (hp/parts.h); NULL while the log holds no such
 * part. */
hp_model *watch_part(const struct watcher *w);

/* Something new to draw; the drawing. */
int watch_pending(const struct watcher *w);
void watch_draw(struct watcher *w);
/* Keep the model's size bounded (--keep): once enough censuses have
 * aged past the window, they go into its summary (hp_model_compact);
 * the last drawing's view and the served pages let go of it first.
 * -1 (err) only when out of memory. */
int watch_bound(struct watcher *w, struct hp_err *err) HP_MUSTCHECK;
/* A new model and reader: the first file, or one that replaced it. */
int watch_fresh_model(struct watcher *w, struct hp_err *err) HP_MUSTCHECK;

/* ---- watch-input.c ---- */

/* The job's paths resolved, the model made, the input's kind known (a
 * file's notifications opened). */
int watch_setup(struct watcher *w, struct hp_err *err) HP_MUSTCHECK;
/* Read what the input gained since the last look (at most READ_BUDGET
 * bytes).  -1 only for what watching cannot go on after (err). */
int watch_look(struct watcher *w, struct hp_err *err) HP_MUSTCHECK;
/* Seconds a socket is waited for, first or again (--reconnect). */
double watch_reconnect_wait(const struct watcher *w);

#endif
