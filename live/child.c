/*
 * live/child.c - the signals watch mode hears, through a signalfd, and
 * the program it runs (child.h).
 */
#include "child.h"

#include <errno.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launch.h"

void
cli_child_init(struct cli_child *c)
{
	memset(c, 0, sizeof *c);
	c->fd = -1;
}

int
cli_child_signals(struct cli_child *c, int with_program, struct hp_err *err)
{
	sigset_t block;

	/* Blocked before setup, whose font map starts a thread (pango's):
	 * threads inherit the mask, and one born with these unblocked
	 * takes them while it lives, dropping SIGCHLD (its action is the
	 * default) or running leftover.c's handler, so a program's end would
	 * go unseen and hp2x wait forever.  It lives a moment, longer on a
	 * busy machine: a quick program's end was lost once in a while. */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	if (with_program)
		sigaddset(&block, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &block, &c->old) != 0)
		return hp_err_set(err, "cannot block signals: %s",
				  strerror(errno));
	c->blocked = 1;
	c->fd = signalfd(-1, &block, SFD_NONBLOCK | SFD_CLOEXEC);
	if (c->fd < 0)
		return hp_err_set(err, "signalfd: %s", strerror(errno));
	return 0;
}

int
cli_child_early(struct cli_child *c)
{
	struct signalfd_siginfo si;
	int sig = 0;

	while (read(c->fd, &si, sizeof si) == (ssize_t)sizeof si)
		if (si.ssi_signo != SIGCHLD)
			sig = (int)si.ssi_signo;
	return sig;
}

int
cli_child_spawn(struct cli_child *c, char *const *argv, int *exec_errno,
		struct hp_err *err)
{
	if (cli_launch_spawn(&c->pid, argv, &c->old, exec_errno, err))
		return -1;
	c->running = 1;
	return 0;
}

void
cli_child_reap(struct cli_child *c)
{
	int st;

	if (!c->running || waitpid(c->pid, &st, WNOHANG) != c->pid)
		return;
	c->running = 0;
	c->status = WIFEXITED(st) ? WEXITSTATUS(st)
		: WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 1;
}

static void
signals(void *data)
{
	struct cli_child *c = data;
	struct signalfd_siginfo si;

	while (read(c->fd, &si, sizeof si) == (ssize_t)sizeof si) {
		if (si.ssi_signo == SIGCHLD)
			continue;
		if (!c->running) {
			c->stop = 1;
			continue;
		}
		/* A Ctrl-C from the terminal (SI_KERNEL) reached the program
		 * too, being in our process group; sending it again would be
		 * a second ^C, which GHC's RTS takes as "die now". */
		if (si.ssi_code != SI_KERNEL)
			kill(c->pid, (int)si.ssi_signo);
	}
	cli_child_reap(c);
}

int
cli_child_attach(struct cli_child *c, struct cli_loop *l)
{
	return cli_loop_add(l, c->fd, CLI_LOOP_READ, signals, NULL, c);
}

void
cli_child_close(struct cli_child *c)
{
	if (c->fd >= 0) {
		struct signalfd_siginfo si;

		/* Signals that came after the loop would kill us on
		 * unblocking: they are consumed first. */
		while (read(c->fd, &si, sizeof si) > 0)
			;
		close(c->fd);
		c->fd = -1;
	}
	if (c->blocked)
		sigprocmask(SIG_SETMASK, &c->old, NULL);
	c->blocked = 0;
}
