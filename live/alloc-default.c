/*
 * live/alloc-default.c - the portable build's allocator for a long run
 * (alloc.h): the system's, as it is; POSIX has no way to tune one.
 * Linux's build has alloc-mallopt.c.
 */
#include "alloc.h"

void
cli_alloc_long_run(void)
{
}
