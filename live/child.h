/*
 * live/child.h - the signals watch mode hears and the program it runs
 * (--watch -- PROG ARGS...), a source of its loop (loop.h).
 *
 * SIGINT, SIGTERM and, with a program, SIGCHLD are blocked and read
 * from a signalfd, so no signal handler runs and nothing lives in
 * globals.  Without a program, SIGINT or SIGTERM ends watching (stop);
 * with one, they are passed on to it, and its end (reaped here, its
 * status kept) ends watching.  A portable build gives this source a
 * self-pipe instead of the signalfd.
 */
#ifndef LIVE_CHILD_H
#define LIVE_CHILD_H

#include <signal.h>
#include <sys/types.h>

#include "../hp/err.h"
#include "loop.h"

struct cli_child {
	int fd;			/* the signalfd, -1 until open */
	sigset_t old;		/* the mask before, given back at close */
	int blocked;		/* the signals are blocked */
	pid_t pid;		/* the program, 0 when none */
	int running;
	int status;		/* its exit status, 128 + signal when killed */
	int stop;		/* SIGINT or SIGTERM came (no program) */
};

void cli_child_init(struct cli_child *c);
/* Block the signals (SIGCHLD too with_program) and open the signalfd. */
int cli_child_signals(struct cli_child *c, int with_program,
		      struct hp_err *err) HP_MUSTCHECK;
/* The last SIGINT or SIGTERM that came so far, or 0: one before the
 * program was started means none is started. */
int cli_child_early(struct cli_child *c);
/* Start argv (cli_launch_spawn): 0, or -1 with err and *exec_errno. */
int cli_child_spawn(struct cli_child *c, char *const *argv, int *exec_errno,
		    struct hp_err *err) HP_MUSTCHECK;
/* The program's status if it has ended. */
void cli_child_reap(struct cli_child *c);
/* Its registration: the callback reads the signals, passes them on or
 * sets stop, and reaps.  The id, or -1. */
int cli_child_attach(struct cli_child *c, struct cli_loop *l);
/* Signals that came are consumed (they would end the process once
 * unblocked), the signalfd closed, the mask given back. */
void cli_child_close(struct cli_child *c);

#endif
