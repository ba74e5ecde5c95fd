/*
 * live/signals-signalfd.c - Linux's signals of watch mode (signals.h):
 * blocked, and read from a signalfd.  The portable build has
 * signals-pipe.c instead.
 *
 * Blocked before setup, whose font map starts a thread (pango's):
 * threads inherit the mask, and one born with these unblocked takes
 * them while it lives, dropping SIGCHLD (its action is the default) or
 * running leftover.c's handler, so a program's end would go unseen and
 * hp2x wait forever.  It lives a moment, longer on a busy machine: a
 * quick program's end was lost once in a while.  Blocked and pending,
 * SIGINT and SIGTERM also tell a write that waits for a FIFO's reader
 * to give up (cli_stop_pending, convert/stop.c).
 */
#include "signals.h"

#include <errno.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

void
cli_sigs_init(struct cli_sigs *s)
{
	memset(s, 0, sizeof *s);
	s->fd = s->wfd = -1;
}

int
cli_sigs_open(struct cli_sigs *s, int with_child, struct hp_err *err)
{
	sigset_t block;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	if (with_child)
		sigaddset(&block, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &block, &s->old) != 0)
		return hp_err_set(err, "cannot block signals: %s",
				  strerror(errno));
	s->blocked = 1;
	s->fd = signalfd(-1, &block, SFD_NONBLOCK | SFD_CLOEXEC);
	if (s->fd < 0)
		return hp_err_set(err, "signalfd: %s", strerror(errno));
	return 0;
}

int
cli_sigs_next(struct cli_sigs *s, int *terminal)
{
	struct signalfd_siginfo si;

	*terminal = 0;
	if (s->fd < 0 || read(s->fd, &si, sizeof si) != (ssize_t)sizeof si)
		return 0;
	*terminal = si.ssi_code == SI_KERNEL;
	return (int)si.ssi_signo;
}

void
cli_sigs_close(struct cli_sigs *s)
{
	if (s->fd >= 0) {
		struct signalfd_siginfo si;

		/* Signals that came after the loop would kill us on
		 * unblocking: they are consumed first. */
		while (read(s->fd, &si, sizeof si) > 0)
			;
		close(s->fd);
		s->fd = -1;
	}
	if (s->blocked)
		sigprocmask(SIG_SETMASK, &s->old, NULL);
	s->blocked = 0;
}
