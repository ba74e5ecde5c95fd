/*
 * live/random-getrandom.c - Linux's random bytes (random.h):
 * getrandom(2).  The portable build has random-getentropy.c.
 */
#include "random.h"

#include <sys/random.h>
#include <sys/types.h>

int
cli_random(void *buf, size_t n)
{
	return getrandom(buf, n, 0) == (ssize_t)n ? 0 : -1;
}
