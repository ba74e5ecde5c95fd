/*
 * convert/stop.c - whether watch mode has a SIGINT or SIGTERM that its
 * loop has not read yet (cli.h), for a write that waits on a FIFO's
 * reader (atomic.c, fifo.c): watch mode's signals are heard only in its
 * loop, so a write that waited on regardless would hold it.
 *
 * Linux's watch mode keeps them blocked (live/signals-signalfd.c):
 * sigpending tells.  The portable build's handler notes them here
 * (live/signals-pipe.c), as a handler can, in a sig_atomic_t: the one
 * process-wide variable of this file, written by that handler and by
 * the loop that reads what the handler sent.
 */
#include "cli.h"

#include <signal.h>

static volatile sig_atomic_t noted;

void
cli_stop_note(int on)
{
	noted = on;
}

int
cli_stop_pending(void)
{
	sigset_t p;

	if (noted)
		return 1;
	return sigpending(&p) == 0 &&
	       (sigismember(&p, SIGINT) == 1 || sigismember(&p, SIGTERM) == 1);
}
