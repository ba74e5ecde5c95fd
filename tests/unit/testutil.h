/*
 * tests/unit/testutil.h - small helpers shared by the cmocka tests.
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <stddef.h>

/* Read a whole file into a malloc'd buffer (NUL-terminated); NULL on error. */
char *tu_slurp(const char *path, size_t *len);

/* Path under the source tree, or under tests/data/, in a static buffer. */
const char *tu_src(const char *rel);
const char *tu_data(const char *rel);

#endif
