/*
 * render/exe-argv0.c - the portable build's path of the running program
 * (exe.h): POSIX has no call for it, so it is argv[0] found as the shell
 * found it (a path when it holds a slash, else the first executable
 * regular file of that name in $PATH), made absolute and free of links
 * by realpath(3).  A program started with an argv[0] that is not its
 * path is not found: the font is then looked for where the build put it
 * (fonts.c).
 *
 * macOS (_NSGetExecutablePath) and FreeBSD (the kern.proc.pathname
 * sysctl) have calls of their own that would answer better; untested
 * there, they are not used.
 *
 * argv0 is the one process-wide variable of render/: written once, by
 * main, before anything reads it.
 */
#include "exe.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *argv0;

void
render_exe_note(const char *a)
{
	argv0 = a;
}

/* realpath(path) into buf: 0, or -1. */
static int
resolve(const char *path, char *buf, size_t size)
{
	char *r = realpath(path, NULL);
	int ok = r && strlen(r) < size;

	if (ok)
		memcpy(buf, r, strlen(r) + 1);
	free(r);
	return ok ? 0 : -1;
}

int
render_exe_path(char *buf, size_t size)
{
	const char *p = getenv("PATH");

	if (!argv0 || !*argv0)
		return -1;
	if (strchr(argv0, '/'))
		return resolve(argv0, buf, size);
	/* execvp's search: an empty entry is the current directory */
	if (!p)
		p = "/bin:/usr/bin";
	for (;;) {
		const char *e = strchr(p, ':');
		size_t dl = e ? (size_t)(e - p) : strlen(p);
		char full[PATH_MAX];
		struct stat st;

		if ((size_t)snprintf(full, sizeof full, "%.*s/%s",
				     dl ? (int)dl : 1, dl ? p : ".", argv0)
		    < sizeof full &&
		    stat(full, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(full, X_OK) == 0)
			return resolve(full, buf, size);
		if (!e)
			return -1;
		p = e + 1;
	}
}
