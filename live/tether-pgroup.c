/*
 * live/tether-pgroup.c - the portable build's tie between hp2x and a
 * program it starts (tether.h): POSIX has no parent-death signal, so
 * the program runs in a process group of its own (setpgid in both
 * processes, whichever runs first), registered with leftover.c, whose
 * handler signals the group when SIGTERM, SIGINT, SIGHUP or SIGPIPE
 * ends hp2x.  What nothing can catch (SIGKILL, a crash) leaves the
 * program running; the man page says so.  Linux's build has
 * tether-pdeathsig.c instead.
 *
 * Out of hp2x's group, the program is out of the terminal's too: a
 * Ctrl-C reaches hp2x alone, which passes it on (child.c), once, to
 * the whole group, as the terminal would have.  A program that reads
 * the terminal is stopped (SIGTTIN), being in the background.
 */
#include "tether.h"

#include <signal.h>
#include <unistd.h>

#include "../convert/cli.h"

int
cli_tether_child(pid_t parent, int sig)
{
	(void)sig;
	return setpgid(0, 0) != 0 || getppid() != parent ? -1 : 0;
}

void
cli_tether_parent(pid_t child, int sig)
{
	/* EACCES once the child has exec'd: it made its group itself. */
	(void)setpgid(child, child);
	(void)cli_leftover_group(child, sig);
}

void
cli_tether_release(pid_t child)
{
	cli_leftover_ungroup(child);
}

void
cli_tether_signal(pid_t child, int sig)
{
	kill(-child, sig);
}

int
cli_tether_shares_group(void)
{
	return 0;
}
