/*
 * tools/completions.c - hp2x_completions SHELL FILE: writes hp2x's
 * completion script for bash, zsh or fish (convert/completion.c, from
 * the option table) into FILE.  The build runs it for each shell, and
 * `cmake --install` installs what it wrote; on failure FILE is removed,
 * so the next build runs it again.
 */
#include <stdio.h>

#include "../convert/cli.h"

int
main(int argc, char **argv)
{
	struct hp_err err = {{0}};
	FILE *f;

	if (argc != 3) {
		fputs("usage: hp2x_completions bash|zsh|fish FILE\n", stderr);
		return 2;
	}
	f = fopen(argv[2], "w");
	if (!f) {
		perror(argv[2]);
		return 1;
	}
	if (cli_completion(f, argv[1], &err) != 0) {
		fprintf(stderr, "hp2x_completions: %s: %s\n", argv[2], err.msg);
		fclose(f);
		remove(argv[2]);
		return 1;
	}
	if (fclose(f) != 0) {
		perror(argv[2]);
		remove(argv[2]);
		return 1;
	}
	return 0;
}
