/*
 * convert/leftover.c - what a run must not leave behind when a signal
 * ends it: the temporaries of outputs being written (atomic.c) and the
 * launcher's FIFO and its directory (live/launch.c).
 *
 * SIGTERM, SIGINT, SIGHUP and SIGPIPE get one handler, which removes
 * every path registered here (files first, then directories, so a
 * directory is empty when its turn comes) and then lets the signal end
 * the process as it would have, so the exit status says which signal.
 * Watch mode hears SIGINT and SIGTERM in its loop instead (a signalfd,
 * or the portable build's self-pipe: live/signals.h) and cleans up on
 * its way out; SIGHUP and SIGPIPE still come here, at any moment.
 * The portable build's launched program, in a process group of its own
 * (live/tether-pgroup.c), is sent its signal here too, as Linux's
 * kernel sends it when hp2x dies.
 * A handler has no other way to find the paths than a table of its own:
 * `live' and `groups', the process-wide mutable state of convert/ with
 * stop.c's flag, written only through the functions below (and read by
 * the handler, which only unlinks and signals).  A path is a pointer the
 * caller keeps alive until it drops it.
 */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* Paths at once: a graph, its aux, the FIFO and its directory. */
#define MAX_LIVE 8

struct leftover {
	const char *volatile path;
	volatile int is_dir;
};

static struct leftover live[MAX_LIVE];

/* Process groups at once: the program, or the --info probe. */
#define MAX_GROUPS 2

static struct {
	volatile pid_t pgid;	/* 0: free */
	volatile int sig;
} groups[MAX_GROUPS];

int
cli_leftover_group(pid_t pgid, int sig)
{
	int i;

	for (i = 0; i < MAX_GROUPS; i++)
		if (!groups[i].pgid) {
			groups[i].sig = sig;
			groups[i].pgid = pgid;
			return 0;
		}
	return -1;
}

void
cli_leftover_ungroup(pid_t pgid)
{
	int i;

	for (i = 0; i < MAX_GROUPS; i++)
		if (groups[i].pgid == pgid)
			groups[i].pgid = 0;
}

int
cli_leftover_add(const char *path, int is_dir)
{
	int i;

	for (i = 0; i < MAX_LIVE; i++)
		if (!live[i].path) {
			live[i].is_dir = is_dir;
			live[i].path = path;
			return 0;
		}
	return -1;
}

void
cli_leftover_drop(const char *path)
{
	int i;

	for (i = 0; i < MAX_LIVE; i++)
		if (live[i].path == path)
			live[i].path = NULL;
}

static void
on_signal(int sig)
{
	int i, e = errno;

	for (i = 0; i < MAX_LIVE; i++)
		if (live[i].path && !live[i].is_dir)
			unlink(live[i].path);
	for (i = 0; i < MAX_LIVE; i++)
		if (live[i].path && live[i].is_dir)
			rmdir(live[i].path);
	for (i = 0; i < MAX_GROUPS; i++)
		if (groups[i].pgid > 0)
			kill(-groups[i].pgid, groups[i].sig);
	errno = e;
	/* SA_RESETHAND made the action the default again: raised now, it
	 * is delivered as the handler returns, and ends the process. */
	raise(sig);
}

void
cli_signals_init(void)
{
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP, SIGPIPE };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof *sigs; i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	for (i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction old;

		/* a signal ignored by whoever started us stays ignored */
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}
