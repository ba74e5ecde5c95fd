/*
 * live/child.c - the signals watch mode hears (signals.h) and the
 * program it runs (child.h).
 */
#include "child.h"

#include <errno.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launch.h"
#include "tether.h"

void
cli_child_init(struct cli_child *c)
{
	memset(c, 0, sizeof *c);
	cli_sigs_init(&c->sig);
}

int
cli_child_signals(struct cli_child *c, int with_program, struct hp_err *err)
{
	return cli_sigs_open(&c->sig, with_program, err);
}

int
cli_child_early(struct cli_child *c)
{
	int sig, got = 0, terminal;

	while ((sig = cli_sigs_next(&c->sig, &terminal)) != 0)
		if (sig != SIGCHLD)
			got = sig;
	return got;
}

int
cli_child_spawn(struct cli_child *c, char *const *argv, int *exec_errno,
		struct hp_err *err)
{
	if (cli_launch_spawn(&c->pid, argv, &c->sig.old, exec_errno, err))
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
	cli_tether_release(c->pid);
	c->status = WIFEXITED(st) ? WEXITSTATUS(st)
		: WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 1;
}

static void
signals(void *data)
{
	struct cli_child *c = data;
	int sig, terminal;

	while ((sig = cli_sigs_next(&c->sig, &terminal)) != 0) {
		if (sig == SIGCHLD)
			continue;
		if (!c->running) {
			c->stop = 1;
			continue;
		}
		/* A Ctrl-C from the terminal reached a program in our
		 * process group too; sending it again would be a second ^C,
		 * which GHC's RTS takes as "die now". */
		if (!(terminal && cli_tether_shares_group()))
			cli_tether_signal(c->pid, sig);
	}
	cli_child_reap(c);
}

int
cli_child_attach(struct cli_child *c, struct cli_loop *l)
{
	return cli_loop_add(l, c->sig.fd, CLI_LOOP_READ, signals, NULL, c);
}

void
cli_child_close(struct cli_child *c)
{
	cli_sigs_close(&c->sig);
}
