/*
 * convert/watch.h - watch mode (--watch), which runs the program of
 * --watch -- PROG ARGS... through the launcher (launch.h).
 *
 * Internal to convert/: the public entry stays cli_run, which hands
 * --watch runs to cli_watch; both write through a job (job.h).
 */
#ifndef CLI_WATCH_H
#define CLI_WATCH_H

#include <stdio.h>

#include "cli.h"
#include "launch.h"

/* A --watch run (s->watch set, s->command maybe): the exit status. */
int cli_watch(const struct cli_settings *s, FILE *errs);

/* The default --interval, seconds. */
#define CLI_WATCH_INTERVAL 1.0

/* The exit status of a watch whose unix: connection dropped before the
 * eventlog's end (the graph holds what came). */
#define CLI_EXIT_DROPPED 3

#endif
