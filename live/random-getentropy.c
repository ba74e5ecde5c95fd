/*
 * live/random-getentropy.c - the portable build's random bytes
 * (random.h): getentropy, which glibc, musl, macOS and the BSDs all
 * have, though only POSIX.1-2024 names it, so strict POSIX.1-2008 hides
 * it.  This file alone asks for more: glibc and musl show it with
 * _DEFAULT_SOURCE; macOS and the BSDs show everything when no standard
 * is asked for, so the build's two are taken back here (their
 * _DARWIN_C_SOURCE or __BSD_VISIBLE would do the same, but the latter
 * is FreeBSD's own sys/cdefs.h's to set).  macOS declares it in
 * <sys/random.h>.  Linux's build has random-getrandom.c.
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE
#else
#undef _POSIX_C_SOURCE
#undef _XOPEN_SOURCE
#endif
#include "random.h"

#include <unistd.h>
#ifdef __APPLE__
#include <sys/types.h>
#include <sys/random.h>
#endif

int
cli_random(void *buf, size_t n)
{
	return getentropy(buf, n);
}
