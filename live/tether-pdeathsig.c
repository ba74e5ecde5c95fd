/*
 * live/tether-pdeathsig.c - Linux's tie between hp2x and a program it
 * starts (tether.h): PR_SET_PDEATHSIG, so the program gets its signal
 * when hp2x dies, even a SIGKILLed hp2x.  The program stays in hp2x's
 * process group.  The portable build has tether-pgroup.c instead.
 */
#include "tether.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

int
cli_tether_child(pid_t parent, int sig)
{
	/* getppid: hp2x died before the prctl */
	return prctl(PR_SET_PDEATHSIG, sig) != 0 || getppid() != parent
	       ? -1 : 0;
}

void
cli_tether_parent(pid_t child, int sig)
{
	(void)child;
	(void)sig;
}

void
cli_tether_release(pid_t child)
{
	(void)child;
}

void
cli_tether_signal(pid_t child, int sig)
{
	kill(child, sig);
}

int
cli_tether_shares_group(void)
{
	return 1;
}
