/*
 * hp/grow.c - checked array growth.  See grow.h.
 */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int
hp_grow(void *arr, size_t *cap, size_t need, size_t size)
{
	void **p = arr;
	size_t n, bytes;
	void *q;

	if (need <= *cap)
		return 0;
	n = *cap + *cap / 2 + 16;
	if (n < need)
		n = need;
	if (size && n > SIZE_MAX / size)
		return -1;
	bytes = n * size;
	q = realloc(*p, bytes ? bytes : 1);	/* realloc(p, 0) may free p */
	if (!q)
		return -1;
	*p = q;
	*cap = n;
	return 0;
}

void *
hp_mallocn(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	n *= size;
	return malloc(n ? n : 1);
}
