/*
 * live/launch.h - the program launcher of --watch -- PROG ARGS...:
 * which argv to run, which file or FIFO it writes, and starting it.
 *
 * Internal to live/ (watch.c runs what cli_launch_plan decides).  The
 * decisions (does the program already ask for a heap profile, which file
 * will it write, which argv to run) are pure functions so the unit tests
 * check them without running anything.
 */
#ifndef LIVE_LAUNCH_H
#define LIVE_LAUNCH_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#include "../hp/err.h"

/* Seconds `PROG +RTS --info -RTS' may take before the launcher gives up
 * on the eventlog path. */
#define CLI_PROBE_LIMIT 10.0

/* What a GHC program's arguments and $GHCRTS already say about its heap
 * profile. */
struct cli_rts {
	int heap;		/* some RTS option starts with -h */
	int eventlog;		/* some starts with -l or -ol: the user's own */
	const char *stem;	/* -po<stem>: the profile is <stem>.hp */
	size_t stem_len;
};

/*
 * Scan ghcrts (may be NULL: the $GHCRTS words, all RTS options) and then
 * argv (argv[0] the program, NULL-terminated), where RTS options sit
 * between +RTS and -RTS (or the end) and --RTS ends them, as GHC's RTS
 * reads them.
 */
void cli_rts_scan(struct cli_rts *rts, char *const *argv, const char *ghcrts);

/* The options added when the program asks for no heap profile. */
#define CLI_LAUNCH_RTS { "+RTS", "-hT", "-i0.5", "-RTS" }
#define CLI_LAUNCH_NRTS 4

/*
 * The argv to run: argv unchanged when rts->heap, else argv[0], then
 * CLI_LAUNCH_RTS, then argv[1...] (right after the program name, so the
 * options stay RTS options whatever follows, --RTS included).  The array
 * is malloc'd and NULL-terminated; its strings are argv's or static.
 * NULL when out of memory.
 */
char **cli_launch_argv(char *const *argv, const struct cli_rts *rts);

/* The .hp file the program writes in the current directory:
 * "<stem>.hp" with -po, else "<basename of argv0>.hp".  Malloc'd. */
char *cli_launch_profile(const char *argv0, const struct cli_rts *rts);

/*
 * The eventlog path: a program whose RTS flushes its eventlog on a timer
 * (GHC 9.2 and later, with the eventlog in its RTS: always from 9.4, the
 * -eventlog or debug ways before) is run with the added options below and
 * its heap profile read live from a FIFO.  cli_rts_info_streams decides
 * from the text of `PROG +RTS --info -RTS': 1 it can, 0 it cannot (or the
 * text is no RTS's).
 */
#define CLI_LAUNCH_EVENTLOG_CLASSES "-l-agu"	/* GC and user events only */
int cli_rts_info_streams(const char *info);

/* Whether the file that running argv0 would execute (found in $PATH as
 * execvp finds it) holds a GHC RTS: the text of --info's first line (a
 * statically linked RTS) or the name of a libHSrts library.  Read, never
 * run. */
int cli_rts_is_ghc(const char *argv0);

/* When cli_rts_is_ghc: run argv0 +RTS --info -RTS (stdin /dev/null,
 * stderr discarded; killed when hp2x dies, tether.h) and return what
 * cli_rts_info_streams says of its output; 0 when it is no GHC program,
 * cannot be run or says nothing within limit seconds (it is then
 * killed). */
int cli_rts_probe(const char *argv0, double limit);

/*
 * The argv for the eventlog path: argv[0], +RTS, -hT -i0.5 unless the
 * program asks for a heap profile, CLI_LAUNCH_EVENTLOG_CLASSES, -ol<fifo>,
 * --eventlog-flush-interval=<flush>, -RTS, then argv[1...].  The added
 * strings are in *owned (one malloc'd block to free with the array).
 */
char **cli_launch_argv_eventlog(char *const *argv, const struct cli_rts *rts,
				const char *fifo, double flush, char **owned);

/* Start argv (searched in $PATH as a shell would) with the signal mask
 * `mask' (the caller may block signals for its signalfd; the program
 * must not inherit that), tied to hp2x (tether.h).  The program's exec
 * failure is reported here: *exec_errno is set and -1 returned with err
 * filled. */
int cli_launch_spawn(pid_t *pid, char *const *argv, const sigset_t *mask,
		     int *exec_errno, struct hp_err *err) HP_MUSTCHECK;

/*
 * A run's plan: what to run and what to read.  A program that can stream
 * its eventlog (cli_rts_probe) and was given neither an input nor eventlog
 * options of its own writes it to a FIFO in a private directory (both
 * registered in leftover.c, so any ending signal removes them); else it
 * runs with CLI_LAUNCH_RTS unless it asks for a heap profile, and the
 * .hp file it writes is read.
 */
struct cli_launch {
	char **argv;		/* what to run, NULL-terminated */
	char *owned;		/* argv's added strings (eventlog path) */
	const char *input;	/* what to read: the given input, profile
				 * or fifo */
	char *profile;		/* the .hp file or FIFO it writes, or NULL
				 * when an input was given */
	char *alt;		/* -po<stem>: PROG.hp, which GHCs before 9.2
				 * write instead of <stem>.hp (or NULL) */
	char *fifo_dir;		/* the FIFO's private directory, or NULL */
	int fifo_registered;	/* profile is, in leftover.c */
	int dir_registered;	/* fifo_dir is */
};

/*
 * Plan the run of command (argv, NULL-terminated) whose input is input
 * (NULL: the file or FIFO the program writes); flush is the eventlog
 * path's --eventlog-flush-interval.  -1 (err) when it cannot be planned;
 * cli_launch_release is due either way.
 */
int cli_launch_plan(struct cli_launch *l, char *const *command,
		    const char *input, double flush,
		    struct hp_err *err) HP_MUSTCHECK;

/* Remove the FIFO and its directory (if any) and free the plan. */
void cli_launch_release(struct cli_launch *l);

#endif
