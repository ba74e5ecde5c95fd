/*
 * live/stream.h - the inputs --watch reads as a stream, not a file:
 * standard input, a FIFO, and a Unix-domain stream socket (unix:PATH, as
 * Well-Typed's eventlog-socket serves a program's eventlog).
 *
 * A stream has no size to stat and no offset to pread from: it is read
 * once, as it comes, without blocking, and it ends.  How it ends is the
 * point of this file: a FIFO that no writer has opened yet reads as
 * empty, not as ended; a socket that is not there yet (or refuses) is
 * not an error but something to wait for.
 */
#ifndef LIVE_STREAM_H
#define LIVE_STREAM_H

#include <stddef.h>
#include <sys/types.h>

#include "../hp/err.h"

enum cli_source {
	CLI_SOURCE_FILE,	/* a path, followed as a file (or a FIFO, once
				 * it is seen to be one) */
	CLI_SOURCE_STDIN,	/* "-" */
	CLI_SOURCE_UNIX		/* "unix:PATH" */
};

/* The prefix that names a socket; "./unix:x" is the file "unix:x". */
#define CLI_UNIX_PREFIX "unix:"

/* How long a missing socket is waited for, seconds, unless --idle-exit
 * says otherwise. */
#define CLI_SOCKET_WAIT 60.0

enum cli_source cli_source_of(const char *input);

struct cli_stream {
	int fd;			/* -1: not open */
	int fifo;		/* a FIFO or pipe: read 0 is an end only
				 * after POLLHUP (a writer came and went) */
	int close_fd;		/* ours to close (not standard input) */
	int is_socket;
};

#define CLI_STREAM_INIT { -1, 0, 0, 0 }

/* Take fd (standard input, or a FIFO the caller opened with O_NONBLOCK)
 * as a stream; close_fd says whether cli_stream_close closes it.  fd is
 * made non-blocking.  -1 (err) when fstat fails. */
int cli_stream_adopt(struct cli_stream *st, int fd, int close_fd,
		     const char *name, struct hp_err *err) HP_MUSTCHECK;

/* Connect to the Unix-domain stream socket at path: 1 connected, 0 not
 * there yet (no such file, nobody listening, backlog full), -1 failed
 * (err: a path too long, not a socket, no permission...). */
int cli_stream_connect(struct cli_stream *st, const char *path,
		       struct hp_err *err) HP_MUSTCHECK;

/* What cli_stream_read returns besides a byte count. */
#define CLI_STREAM_AGAIN 0	/* nothing now: poll and come back */
#define CLI_STREAM_END (-2)	/* the writer closed (or the peer hung up) */

/* Read up to n bytes without blocking: a count, CLI_STREAM_AGAIN,
 * CLI_STREAM_END, or -1 (err, naming `name`). */
ssize_t cli_stream_read(struct cli_stream *st, void *buf, size_t n,
			const char *name, struct hp_err *err);

void cli_stream_close(struct cli_stream *st);

#endif
