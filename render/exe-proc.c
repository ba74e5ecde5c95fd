/*
 * render/exe-proc.c - Linux's path of the running program (exe.h):
 * /proc/self/exe, the kernel's own answer.  The portable build has
 * exe-argv0.c instead.
 */
#include "exe.h"

#include <unistd.h>

void
render_exe_note(const char *argv0)
{
	(void)argv0;
}

int
render_exe_path(char *buf, size_t size)
{
	ssize_t n = size ? readlink("/proc/self/exe", buf, size - 1) : -1;

	if (n <= 0 || (size_t)n >= size - 1)
		return -1;
	buf[n] = '\0';
	return 0;
}
