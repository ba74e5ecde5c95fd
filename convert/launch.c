/*
 * convert/launch.c - `hp2x --watch -- PROG ARGS...': run a GHC program
 * with a heap profile and know which file it will write.
 *
 * GHC's RTS takes its options from $GHCRTS first and then from the
 * command line between +RTS and -RTS (or the end; --RTS ends them for
 * good), so a later -po wins.  Any option starting with -h asks for a heap
 * profile (-h, -hT, -hc, -hy, -hcNAME...): the user's choice is kept.
 * Otherwise +RTS -hT -i0.5 -RTS goes right after the program name, where
 * it is read as RTS options whatever the rest of the line holds.  The RTS
 * writes <program>.hp in its current directory (the basename of argv[0]),
 * or <stem>.hp with -po<stem>.
 *
 * The scanning and argv building are pure (unit-tested); only
 * cli_launch_spawn touches the system, through posix_spawnp, which
 * reports exec failures to the caller instead of a child that must print
 * them itself.
 */
#include "watch.h"

#include <ctype.h>
#include <errno.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

/* One RTS option. */
static void
rts_option(struct cli_rts *rts, const char *opt, size_t len)
{
	if (len >= 2 && opt[0] == '-' && opt[1] == 'h')
		rts->heap = 1;
	else if (len >= 3 && memcmp(opt, "-po", 3) == 0) {
		rts->stem = opt + 3;
		rts->stem_len = len - 3;
	}
}

void
cli_rts_scan(struct cli_rts *rts, char *const *argv, const char *ghcrts)
{
	const char *p = ghcrts;
	int in_rts = 0;
	size_t i;

	memset(rts, 0, sizeof *rts);
	while (p && *p) {
		size_t len;

		while (isspace((unsigned char)*p))
			p++;
		for (len = 0; p[len] && !isspace((unsigned char)p[len]); len++)
			;
		if (len)
			rts_option(rts, p, len);
		p += len;
	}
	for (i = 1; argv[0] && argv[i]; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--RTS") == 0)
			break;
		if (strcmp(a, "+RTS") == 0)
			in_rts = 1;
		else if (strcmp(a, "-RTS") == 0)
			in_rts = 0;
		else if (in_rts)
			rts_option(rts, a, strlen(a));
	}
	/* An empty -po leaves the default name. */
	if (rts->stem && rts->stem_len == 0)
		rts->stem = NULL;
}

char **
cli_launch_argv(char *const *argv, const struct cli_rts *rts)
{
	static const char *const added[CLI_LAUNCH_NRTS] = CLI_LAUNCH_RTS;
	size_t n = 0, extra = rts->heap ? 0 : CLI_LAUNCH_NRTS, i, k = 0;
	char **out;

	while (argv[n])
		n++;
	if (n == 0)
		return NULL;
	/* n counts pointers already in memory, so n + 5 cannot overflow
	 * a size_t; the product is checked all the same. */
	if (n + extra + 1 > SIZE_MAX / sizeof *out)
		return NULL;
	out = malloc((n + extra + 1) * sizeof *out);
	if (!out)
		return NULL;
	out[k++] = argv[0];
	for (i = 0; i < extra; i++)
		out[k++] = (char *)added[i];
	for (i = 1; i < n; i++)
		out[k++] = argv[i];
	out[k] = NULL;
	return out;
}

char *
cli_launch_profile(const char *argv0, const struct cli_rts *rts)
{
	const char *base;
	size_t len;
	char *s;

	if (rts->stem) {
		base = rts->stem;
		len = rts->stem_len;
	} else {
		const char *slash = strrchr(argv0, '/');

		base = slash ? slash + 1 : argv0;
		len = strlen(base);
	}
	s = malloc(len + sizeof ".hp");
	if (!s)
		return NULL;
	memcpy(s, base, len);
	memcpy(s + len, ".hp", sizeof ".hp");
	return s;
}

int
cli_launch_spawn(pid_t *pid, char *const *argv, const sigset_t *mask,
		 int *exec_errno, struct hp_err *err)
{
	posix_spawnattr_t attr;
	int rc;

	*exec_errno = 0;
	if ((rc = posix_spawnattr_init(&attr)) != 0)
		return hp_err_set(err, "cannot run %s: %s", argv[0],
				  strerror(rc));
	rc = posix_spawnattr_setsigmask(&attr, mask);
	if (!rc)
		rc = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
	if (!rc) {
		rc = posix_spawnp(pid, argv[0], NULL, &attr, argv, environ);
		if (rc)
			*exec_errno = rc;
	}
	posix_spawnattr_destroy(&attr);
	if (rc)
		return hp_err_set(err, "cannot run %s: %s", argv[0],
				  strerror(rc));
	return 0;
}
