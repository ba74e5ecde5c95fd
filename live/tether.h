/*
 * live/tether.h - a program hp2x starts (the launched program, the
 * --info probe) ends when hp2x does, and hears the signals hp2x passes
 * on to it.
 *
 * Linux's build asks the kernel (tether-pdeathsig.c): the program gets
 * a signal when hp2x dies, however it dies, SIGKILL included.  The
 * portable build has no such call (tether-pgroup.c): the program runs in
 * a process group of its own, which hp2x signals when a signal ends it
 * (convert/leftover.c); a SIGKILLed or crashed hp2x leaves it running.
 */
#ifndef LIVE_TETHER_H
#define LIVE_TETHER_H

#include <sys/types.h>

/* In the child, between fork and exec (parent: hp2x's pid; sig: what
 * the program gets when hp2x goes): 0, or -1 when it must not run
 * (hp2x is gone already, or the tie failed). */
int cli_tether_child(pid_t parent, int sig);
/* In hp2x, once forked: child is tied (sig as above). */
void cli_tether_parent(pid_t child, int sig);
/* child was reaped: nothing more to end. */
void cli_tether_release(pid_t child);
/* Pass sig on to the program (and, in a group of its own, to the
 * processes it started). */
void cli_tether_signal(pid_t child, int sig);
/* Whether the program shares hp2x's process group, and so the
 * terminal's signals. */
int cli_tether_shares_group(void);

#endif
