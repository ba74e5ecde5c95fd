/*
 * live/watch.h - watch mode (--watch), which runs the program of
 * --watch -- PROG ARGS... through the launcher (launch.h).
 *
 * live/'s entry: main.c calls cli_watch for a --watch run, cli_run
 * (convert/) for any other; both write through a job (convert/job.h).
 */
#ifndef LIVE_WATCH_H
#define LIVE_WATCH_H

#include <stdio.h>

#include "../convert/cli.h"
#include "launch.h"

/* A --watch run (s->watch set, s->command maybe): the exit status. */
int cli_watch(const struct cli_settings *s, FILE *errs);

/* The default --interval, seconds. */
#define CLI_WATCH_INTERVAL 1.0

/* The exit status of a watch whose unix: connection dropped before the
 * eventlog's end (the graph holds what came). */
#define CLI_EXIT_DROPPED 3

#endif
