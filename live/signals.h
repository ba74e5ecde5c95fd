/*
 * live/signals.h - the signals watch mode hears (SIGINT, SIGTERM and,
 * with a program, SIGCHLD), read from one descriptor in its loop
 * (loop.h) instead of acted on where they land: no handler decides
 * anything, and nothing but a descriptor is shared with one.
 *
 * Linux's build reads them from a signalfd, the signals blocked in every
 * thread (signals-signalfd.c); the portable build gives them a handler
 * that writes each one's number down a self-pipe (signals-pipe.c).
 * child.c reads them and decides.
 */
#ifndef LIVE_SIGNALS_H
#define LIVE_SIGNALS_H

#include <signal.h>

#include "../hp/err.h"

#define CLI_SIGS_N 3		/* SIGINT, SIGTERM, SIGCHLD */

struct cli_sigs {
	int fd;			/* what the loop reads, -1 until open */
	int wfd;		/* the self-pipe's write end, or -1 */
	sigset_t old;		/* the mask before: the program's */
	int blocked;		/* the signalfd's: the signals are blocked */
	int handled;		/* the self-pipe's: the handlers are set */
	struct sigaction was[CLI_SIGS_N];	/* ... and the actions before */
};

/* Nothing open yet (fd and wfd -1). */
void cli_sigs_init(struct cli_sigs *s);

/* Hear SIGINT and SIGTERM (SIGCHLD too with_child) from s->fd: 0, or -1
 * with err.  Before anything starts a thread: see signals-signalfd.c. */
int cli_sigs_open(struct cli_sigs *s, int with_child,
		     struct hp_err *err) HP_MUSTCHECK;

/* The next signal that came, or 0 when none is waiting.  *terminal: it
 * came from the terminal (Ctrl-C), so a program in hp2x's process group
 * had it too (0 when it cannot be told). */
int cli_sigs_next(struct cli_sigs *s, int *terminal);

/* Stop hearing them: what came is consumed (it would end the process
 * once the signals go back to their old actions), the descriptors
 * closed, the mask and actions given back. */
void cli_sigs_close(struct cli_sigs *s);

#endif
