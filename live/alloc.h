/*
 * live/alloc.h - the allocator of a process that runs for months:
 * watch mode asks it, once at start, to give back what it frees.
 * glibc's is told so (alloc-mallopt.c); the portable build leaves its
 * system's allocator as it is (alloc-default.c).  The hp2x command asks
 * it too (convert/main.c), for any run: a one-shot read of a large .hp
 * in halves frees blocks of megabytes (hp/reader.c) before the layout
 * and the drawing grow theirs.
 */
#ifndef LIVE_ALLOC_H
#define LIVE_ALLOC_H

void cli_alloc_long_run(void);

#endif
