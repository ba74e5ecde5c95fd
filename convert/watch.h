/*
 * convert/watch.h - watch mode (--watch) and the program launcher
 * (--watch -- PROG ARGS...).
 *
 * Internal to convert/: the public entry stays cli_run, which hands
 * --watch runs to cli_watch; both write through a job (job.h).  The
 * launcher's decisions (does the program already ask for a heap profile,
 * which file will it write, which argv to run) are pure functions so the
 * unit tests check them without running anything.
 */
#ifndef CLI_WATCH_H
#define CLI_WATCH_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "../hp/err.h"
#include "cli.h"

/* ---- watch ---- */

/* A --watch run (s->watch set, s->command maybe): the exit status. */
int cli_watch(const struct cli_settings *s, FILE *errs);

/* The default --interval, seconds. */
#define CLI_WATCH_INTERVAL 1.0

/* The exit status of a watch whose unix: connection dropped before the
 * eventlog's end (the graph holds what came). */
#define CLI_EXIT_DROPPED 3

/* Seconds `PROG +RTS --info -RTS' may take before the launcher gives up
 * on the eventlog path. */
#define CLI_PROBE_LIMIT 10.0

/* ---- the launcher ---- */

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
 * stderr discarded; killed by the kernel if hp2x dies) and return what
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
 * `mask' (the caller blocks signals for its signalfd; the program must not
 * inherit that).  The program's exec failure is reported here:
 * *exec_errno is set and -1 returned with err filled. */
int cli_launch_spawn(pid_t *pid, char *const *argv, const sigset_t *mask,
		     int *exec_errno, struct hp_err *err) HP_MUSTCHECK;

#endif
