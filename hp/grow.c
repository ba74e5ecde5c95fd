/*
 * hp/grow.c - checked allocation and array growth, and the test hook
 * that fails a chosen allocation.  See grow.h.
 */
#include "grow.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef MADV_HUGEPAGE
#include <malloc.h>
#endif

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

size_t
hp_grow_cap(size_t cap, size_t need, size_t size)
{
	size_t n = cap + cap / 2 + 16, bytes;

	if (n < cap || n < need)
		n = need;
	if (size && n > SIZE_MAX / size)
		return 0;
	bytes = n * size;
	/* a large array's bytes and malloc's header fill its mapping's
	 * huge pages to the last (advise_huge) */
	if (size && bytes >= HP_HUGE_MIN &&
	    bytes <= SIZE_MAX - 2 * HP_HUGE_PAGE)
		n = ((bytes + HP_MALLOC_SLACK + HP_HUGE_PAGE - 1) / HP_HUGE_PAGE *
		     HP_HUGE_PAGE - HP_MALLOC_SLACK) / size;
	return n;
}

size_t
hp_huge_range(uintptr_t p, size_t len, size_t page, uintptr_t *start)
{
	uintptr_t a = p - p % page, e;

	if (p > UINTPTR_MAX - len)
		return 0;
	e = p + len - (p + len) % page;
	if (e <= a)
		return 0;
	*start = a;
	return e - a;
}

/*
 * A large array's block marked for the kernel's huge pages, where it
 * gives them only when asked (transparent_hugepage "madvise", Debian's
 * default): the 72 MB model of hp-100k-60.hp filled by 4 KiB pages took
 * 18,000 faults, a fifth of its reading (tests/bench/README.md).  A
 * huge page backs only a whole aligned 2 MiB inside one mapping, so
 * each part of the mapping has to be asked for, and the mapping has to
 * end on a huge page: hp_grow_cap sizes the array so that malloc's own
 * mapping of it (glibc maps a block of 128 KiB or more apart, its
 * header 16 bytes before it) is a number of huge pages, which Linux
 * also places on a huge page's boundary.  The advice covers the whole
 * block as malloc gave it (malloc_usable_size): one mapping, one
 * advice, which realloc can still grow or move without copying
 * (mremap takes one mapping; a part advised apart splits it, and
 * realloc copied).  Linux's alone (MADV_HUGEPAGE); advice, so a libc
 * that lays blocks out otherwise, or a failure, changes nothing but the
 * speed.
 */
static void
advise_huge(void *q, size_t len)
{
#ifdef MADV_HUGEPAGE
	uintptr_t a;
	long page = sysconf(_SC_PAGESIZE);
	size_t n;

	if (len < HP_HUGE_MIN || page <= 0)
		return;
	n = hp_huge_range((uintptr_t)q, malloc_usable_size(q), (size_t)page, &a);
	if (n)
		(void)madvise((void *)a, n, MADV_HUGEPAGE);
#else
	(void)q;
	(void)len;
#endif
}

void *
hp_grow(void *arr, size_t *cap, size_t need, size_t size)
{
	size_t n;
	void *q;

	if (need <= *cap)
		return arr;
	n = hp_grow_cap(*cap, need, size);
	if (n < need)
		return arr;
	q = hp_realloc(arr, n * size);
	if (!q)
		return arr;
	advise_huge(q, n * size);
	*cap = n;
	return q;
}
