/*
 * convert/main.c - the hp2x executable: parse, then help, version, a run
 * or watch mode.
 *
 * Kept tiny on purpose; everything testable lives in the libraries: the
 * command's (every other file of convert/) and, above it, live/'s watch
 * mode, which this file is the one to call (so the command's run never
 * calls up into live/).  Usage errors exit 2 with a hint (no arguments
 * at all on a terminal: the usage), failed runs exit 1 (cli_run),
 * success 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cairo.h>
#include <microhttpd.h>
#include <pango/pango.h>
#include <zlib.h>

#include "cli.h"
#include "../live/alloc.h"
#include "../live/watch.h"
#include "../render/exe.h"

#ifndef HP2X_VERSION
#define HP2X_VERSION "unknown"
#endif
/* Which build, as it matters to a bug report: the POSIX-only one
 * (CMakeLists.txt's HP2X_PORTABLE) watches by polling, and more. */
#ifdef HP2X_PORTABLE_BUILD
#define HP2X_BUILD_KIND " (portable build; "
#else
#define HP2X_BUILD_KIND " ("
#endif

/* One line for a bug report: the libraries' versions are those loaded
 * now, asked of each library, not those of the headers it was built
 * with (a distribution upgrades them under the binary). */
static void
print_version(FILE *f)
{
	fprintf(f, "hp2x %s" HP2X_BUILD_KIND "cairo %s, pango %s, zlib %s, libmicrohttpd %s)\n",
	    HP2X_VERSION, cairo_version_string(), pango_version_string(),
	    zlibVersion(), MHD_get_version());
}

static int
finish_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("hp2x: cannot write standard output");
		return 1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct cli_settings s;
	struct hp_err err = {{0}};

	/* every large block a mapping of its own (live/alloc.h), for a
	 * one-shot run too: a read in halves frees the second half's
	 * arrays, and the blocks the layout and the drawing grow after
	 * came from the heap, copied as they grew (reading hp-100k-60.hp
	 * to PNG peaked 2 MB higher, over half the input) */
	cli_alloc_long_run();
	render_exe_note(argv[0]);
	cli_signals_init();
	cli_settings_init(&s);
	/* hp2ps's filter mode waits on standard input; typed alone at a
	 * terminal, that is a silent hang: the usage instead. */
	if (argc == 1 && isatty(STDIN_FILENO)) {
		cli_help(stderr);
		return 2;
	}
	if (cli_parse(&s, argc, argv, &err) ||
	    cli_source_date(&s, getenv("SOURCE_DATE_EPOCH"), &err)) {
		cli_sayf(stderr, "", "%s (see hp2x --help)", err.msg);
		return 2;
	}
	switch (s.action) {
	case CLI_HELP:
		cli_help(stdout);
		return finish_stdout();
	case CLI_VERSION:
		print_version(stdout);
		return finish_stdout();
	case CLI_RUN:
		break;
	}
	return s.watch ? cli_watch(&s, stderr) : cli_run(&s, stderr);
}
