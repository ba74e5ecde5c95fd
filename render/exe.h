/*
 * render/exe.h - the running program's own file, beside which an
 * installed hp2x finds its bundled font (fonts.c): Linux's
 * /proc/self/exe (exe-proc.c), or in the portable build argv[0] as the
 * shell found it (exe-argv0.c).
 */
#ifndef RENDER_EXE_H
#define RENDER_EXE_H

#include <stddef.h>

/* main's argv[0], before anything asks render_exe_path (kept, not
 * copied).  Linux's build has no use for it. */
void render_exe_note(const char *argv0);

/* The running program's path, absolute with no link in it, into buf:
 * 0, or -1 when it cannot be told or does not fit. */
int render_exe_path(char *buf, size_t size);

#endif
