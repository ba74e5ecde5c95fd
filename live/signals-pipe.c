/*
 * live/signals-pipe.c - the portable build's signals of watch mode
 * (signals.h): a handler writes each signal's number down a self-pipe,
 * whose read end is the loop's descriptor.  Linux's build has
 * signals-signalfd.c instead.
 *
 * The handler may run in any thread (pango's font map starts one, and
 * nothing here blocks the signals), which is why all it does is write
 * a byte and note a stop for a write waiting on a FIFO's reader
 * (cli_stop_note, convert/stop.c): both are async-signal-safe.  A full
 * pipe drops the byte, which changes nothing: bytes already wait to
 * wake the loop, and a stop is noted all the same.  SA_RESTART: other
 * system calls carry on; poll(2) returns early, which the loop expects.
 *
 * The write end is the one process-wide variable of live/: a handler
 * has no other way to reach it.  It is set while the handlers are, so
 * one watch at a time (there is only ever one).
 */
#include "signals.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "../convert/cli.h"

static const int heard[CLI_SIGS_N] = { SIGINT, SIGTERM, SIGCHLD };

static volatile sig_atomic_t pipe_w = -1;

static void
on_signal(int sig)
{
	unsigned char b = (unsigned char)sig;
	int e = errno;

	if (sig != SIGCHLD)
		cli_stop_note(1);
	if (pipe_w >= 0)
		(void)!write(pipe_w, &b, 1);
	errno = e;
}

void
cli_sigs_init(struct cli_sigs *s)
{
	memset(s, 0, sizeof *s);
	s->fd = s->wfd = -1;
}

static int
nonblocking_cloexec(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) != 0 ||
	       fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 ? -1 : 0;
}

int
cli_sigs_open(struct cli_sigs *s, int with_child, struct hp_err *err)
{
	struct sigaction sa;
	int p[2], i;

	if (sigprocmask(SIG_SETMASK, NULL, &s->old) != 0 || pipe(p) != 0)
		return hp_err_set(err, "cannot hear signals: %s",
				  strerror(errno));
	s->fd = p[0];
	s->wfd = p[1];
	if (nonblocking_cloexec(p[0]) || nonblocking_cloexec(p[1]))
		return hp_err_set(err, "cannot hear signals: %s",
				  strerror(errno));
	pipe_w = p[1];
	cli_stop_note(0);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < CLI_SIGS_N; i++)
		sigaddset(&sa.sa_mask, heard[i]);
	for (i = 0; i < CLI_SIGS_N; i++) {
		if (heard[i] == SIGCHLD && !with_child)
			continue;
		if (sigaction(heard[i], &sa, &s->was[i]) != 0)
			return hp_err_set(err, "cannot hear signals: %s",
					  strerror(errno));
		s->handled |= 1 << i;
	}
	return 0;
}

int
cli_sigs_next(struct cli_sigs *s, int *terminal)
{
	unsigned char b;

	/* A handler cannot tell the terminal's Ctrl-C from a kill(2)'s
	 * (POSIX has no such si_code); the program runs in a process
	 * group of its own anyway (tether-pgroup.c), out of the
	 * terminal's reach. */
	*terminal = 0;
	/* Cleared before the read: a stop noted after it has its byte
	 * still to come. */
	cli_stop_note(0);
	if (s->fd < 0 || read(s->fd, &b, 1) != 1)
		return 0;
	return b;
}

void
cli_sigs_close(struct cli_sigs *s)
{
	unsigned char b;
	int i;

	for (i = 0; i < CLI_SIGS_N; i++)
		if (s->handled & (1 << i))
			sigaction(heard[i], &s->was[i], NULL);
	s->handled = 0;
	pipe_w = -1;
	cli_stop_note(0);
	if (s->fd >= 0) {
		while (read(s->fd, &b, 1) > 0)
			;
		close(s->fd);
	}
	if (s->wfd >= 0)
		close(s->wfd);
	s->fd = s->wfd = -1;
}
