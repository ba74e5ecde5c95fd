/*
 * tests/unit/testutil.h - small helpers shared by the cmocka tests.
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

/* Read a whole file into a malloc'd buffer (NUL-terminated); NULL on error. */
char *tu_slurp(const char *path, size_t *len);

/* Path under the source tree, or under tests/data/, in a static buffer. */
const char *tu_src(const char *rel);
const char *tu_data(const char *rel);

/* The next of a seeded sequence (splitmix64): random data that is the
 * same on every run and machine. */
uint64_t tu_rand(uint64_t *state);

#endif
