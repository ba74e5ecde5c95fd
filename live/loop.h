/*
 * live/loop.h - watch mode's one event loop.
 *
 * As Redis's ae lets a source register a file event with its callback
 * and data, each source of watch mode registers its descriptor here:
 * the signals and the program (child.c), the file's change
 * notifications (notify.c), a stream (watch.c's, stream.h) and the
 * server (serve.c).  One wait serves them all, in watch mode's main
 * loop, in --serve's staying on after the input ended, and while a
 * program is waited for.  A source owns its state; the loop holds only
 * the descriptor, when to call, the callback and its data.
 *
 * Where Linux gives more than POSIX (signalfd, inotify, epoll), the
 * portable build brings a source of its own behind the same
 * registration (HP2X_VARIANTS in CMakeLists.txt); the loop itself is
 * poll(2), which every POSIX system has.  A source with several
 * descriptors (libmicrohttpd's without epoll) registers a set.
 */
#ifndef LIVE_LOOP_H
#define LIVE_LOOP_H

#include <poll.h>
#include <stddef.h>

#include "../hp/err.h"

/* When a registration's callback is called (or'ed). */
#define CLI_LOOP_READ 1	/* its descriptor is readable or hung up */
#define CLI_LOOP_WAKE 2	/* after every wait, whatever came */

typedef void cli_loop_fn(void *data);
/* The longest a source may be left before its callback runs, in ms
 * (0: now); a negative value sets no bound. */
typedef int cli_loop_wait_fn(void *data);
/* A set's descriptors for the next wait, at most max of them into pf
 * (fd and events): how many. */
typedef size_t cli_loop_fds_fn(void *data, struct pollfd *pf, size_t max);

#define CLI_LOOP_MAX 8
#define CLI_LOOP_FDS 128	/* descriptors in one wait, sets' included */
struct cli_loop {
	struct cli_loop_file {
		int fd;			/* -1: not waited on, not called */
		unsigned when;		/* CLI_LOOP_READ, CLI_LOOP_WAKE */
		cli_loop_fn *fn;
		cli_loop_wait_fn *wait;	/* or NULL: no bound of its own */
		cli_loop_fds_fn *fds;	/* a set's, or NULL: fd alone */
		void *data;
		int ready;		/* set by the last wait */
	} f[CLI_LOOP_MAX];
	size_t n;
};

void cli_loop_init(struct cli_loop *l);

/* Register fd (or -1, to be set later) with its callback, its wait (or
 * NULL) and data: the registration's id, -1 when the loop is full.
 * Callbacks run in the order of registration. */
int cli_loop_add(struct cli_loop *l, int fd, unsigned when, cli_loop_fn *fn,
		 cli_loop_wait_fn *wait, void *data);

/* Register a set of descriptors, fds telling which before each wait
 * (CLI_LOOP_READ: any of them is ready); cli_loop_set_fd(id, -1) leaves
 * the set out, any other value puts it back.  The id, or -1. */
int cli_loop_add_set(struct cli_loop *l, cli_loop_fds_fn *fds, unsigned when,
		     cli_loop_fn *fn, cli_loop_wait_fn *wait, void *data);

/* Registration id's descriptor from now on; -1 leaves it out (neither
 * waited on nor called) until set again.  An id of -1 is ignored. */
void cli_loop_set_fd(struct cli_loop *l, int id, int fd);

/* Wait at most ms (negative: no bound but the sources') for any
 * registered descriptor, then run the callbacks due, in order.  0, or
 * -1 with err when the wait itself failed (an interrupted wait is not a
 * failure: the CLI_LOOP_WAKE callbacks run as after any other). */
int cli_loop_once(struct cli_loop *l, int ms, struct hp_err *err) HP_MUSTCHECK;

#endif
