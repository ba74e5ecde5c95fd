/*
 * tests/unit/testutil.c - see testutil.h.
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>

char *
tu_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, r;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - n < 65536) {
			char *q = realloc(buf, cap = cap * 2 + 65536 + 1);
			if (!q) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = q;
		}
		r = fread(buf + n, 1, cap - n - 1, f);
		n += r;
		if (r == 0)
			break;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

const char *
tu_src(const char *rel)
{
	static char buf[4096];

	snprintf(buf, sizeof buf, "%s/%s", HP2X_SOURCE_DIR, rel);
	return buf;
}

const char *
tu_data(const char *rel)
{
	static char buf[4096];

	snprintf(buf, sizeof buf, "%s/tests/data/%s", HP2X_SOURCE_DIR, rel);
	return buf;
}

uint64_t
tu_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}
