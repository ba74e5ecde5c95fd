/*
 * live/child.h - the signals watch mode hears and the program it runs
 * (--watch -- PROG ARGS...), a source of its loop (loop.h).
 *
 * SIGINT, SIGTERM and, with a program, SIGCHLD are read from one
 * descriptor (signals.h: a signalfd on Linux, a self-pipe in the
 * portable build).  Without a program, SIGINT or SIGTERM ends watching
 * (stop); with one, they are passed on to it (tether.h), and its end
 * (reaped here, its status kept) ends watching.
 */
#ifndef LIVE_CHILD_H
#define LIVE_CHILD_H

#include <signal.h>
#include <sys/types.h>

#include "../hp/err.h"
#include "loop.h"
#include "signals.h"

struct cli_child {
	struct cli_sigs sig;
	pid_t pid;		/* the program, 0 when none */
	int running;
	int status;		/* its exit status, 128 + signal when killed */
	int stop;		/* SIGINT or SIGTERM came (no program) */
};

void cli_child_init(struct cli_child *c);
/* Hear the signals (SIGCHLD too with_program): cli_sigs_open. */
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
/* Stop hearing the signals (cli_sigs_close). */
void cli_child_close(struct cli_child *c);

#endif
