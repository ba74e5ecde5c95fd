/*
 * live/random.h - random bytes from the system, for --serve's token:
 * getrandom(2) on Linux (random-getrandom.c), getentropy in the
 * portable build (random-getentropy.c).
 */
#ifndef LIVE_RANDOM_H
#define LIVE_RANDOM_H

#include <stddef.h>

/* n (at most 256) random bytes into buf: 0, or -1 (errno). */
int cli_random(void *buf, size_t n);

#endif
