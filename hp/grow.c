/*
 * hp/grow.c - checked allocation and array growth, and the test hook
 * that fails a chosen allocation.  See grow.h.
 */
#include "grow.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * TEST ONLY (hp_alloc_fail_at): fail_at is 0 except in tests; only then
 * are allocations counted.  Atomic because the reader may run a thread
 * (reader.c), not because tests need ordering.
 */
static atomic_ulong fail_at;
static atomic_ulong counted;

static int
injected(void)
{
	unsigned long at = atomic_load_explicit(&fail_at, memory_order_relaxed);
	unsigned long n;

	if (__builtin_expect(at == 0, 1))
		return 0;
	n = atomic_fetch_add_explicit(&counted, 1, memory_order_relaxed) + 1;
	return n == at;
}

unsigned long
hp_alloc_fail_at(unsigned long n)
{
	unsigned long was = atomic_exchange(&counted, 0);

	atomic_store(&fail_at, n);
	return was;
}

void *
hp_malloc(size_t size)
{
	return injected() ? NULL : malloc(size ? size : 1);
}

void *
hp_mallocn(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	return hp_malloc(n * size);
}

void *
hp_callocn(size_t n, size_t size)
{
	if (injected())
		return NULL;
	return n && size ? calloc(n, size) : calloc(1, 1);
}

void *
hp_realloc(void *p, size_t size)
{
	/* realloc(p, 0) may free p. */
	return injected() ? NULL : realloc(p, size ? size : 1);
}

static char *
copy(const char *s, size_t len)
{
	char *d = hp_malloc(len + 1);

	if (d) {
		memcpy(d, s, len);
		d[len] = '\0';
	}
	return d;
}

char *
hp_strndup(const char *s, size_t n)
{
	return copy(s, strnlen(s, n));
}

char *
hp_strdup(const char *s)
{
	return copy(s, strlen(s));
}

void *
hp_grow(void *arr, size_t *cap, size_t need, size_t size)
{
	size_t n;
	void *q;

	if (need <= *cap)
		return arr;
	n = *cap + *cap / 2 + 16;
	if (n < need)
		n = need;
	if (size && n > SIZE_MAX / size)
		return arr;
	q = hp_realloc(arr, n * size);
	if (!q)
		return arr;
	*cap = n;
	return q;
}
