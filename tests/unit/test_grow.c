/*
 * tests/unit/test_grow.c - hp_grow's capacities (hp/grow.c): half again
 * for small arrays, and for large ones a size whose bytes, with malloc's
 * header, fill whole huge pages; the pages a block's advice covers; and,
 * where glibc maps a large block apart and Linux gives huge pages when
 * asked, that a grown array is one mapping ending on a huge page's
 * boundary, advised whole (an advice over part of it split the mapping,
 * and every realloc after copied the array).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sys/mman.h>

#include "hp/grow.h"

#define MiB ((size_t)1 << 20)

static void
test_cap_small(void **state)
{
	(void)state;
	/* half again and 16, as before the huge pages */
	assert_int_equal(hp_grow_cap(0, 1, 8), 16);
	assert_int_equal(hp_grow_cap(16, 17, 8), 40);
	assert_int_equal(hp_grow_cap(1000, 1001, 4), 1516);
	/* at least what is needed */
	assert_int_equal(hp_grow_cap(10, 5000, 8), 5000);
	/* bytes past SIZE_MAX */
	assert_int_equal(hp_grow_cap(0, SIZE_MAX / 8 + 1, 8), 0);
	assert_int_equal(hp_grow_cap(SIZE_MAX / 8, SIZE_MAX / 8 + 1, 8), 0);
	assert_int_equal(hp_grow_cap(SIZE_MAX - 1, SIZE_MAX, 1), SIZE_MAX);
}

/* Every size from just under HP_HUGE_MIN to 200 MiB: at least half again
 * and at least need, and bytes + slack within one element of a whole
 * number of huge pages. */
static void
test_cap_huge(void **state)
{
	static const size_t sizes[] = { 1, 4, 8, 12, 16, 24, 40 };
	size_t s, cap;

	(void)state;
	for (s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		size_t size = sizes[s];

		for (cap = HP_HUGE_MIN / size - 1000; cap < 200 * MiB / size;
		     cap += cap / 7 + 1) {
			size_t n = hp_grow_cap(cap, cap + 1, size);
			size_t bytes = n * size, end;

			assert_true(n >= cap + cap / 2 + 16);
			end = (bytes + HP_MALLOC_SLACK + HP_HUGE_PAGE - 1) /
			      HP_HUGE_PAGE * HP_HUGE_PAGE;
			assert_true(bytes >= HP_HUGE_MIN);
			assert_true(bytes + HP_MALLOC_SLACK <= end);
			assert_true(bytes + HP_MALLOC_SLACK + size > end);
			/* no more than a huge page beyond half again */
			assert_true(bytes <= (cap + cap / 2 + 16) * size + HP_HUGE_PAGE);
		}
	}
}

static void
test_range(void **state)
{
	uintptr_t a = 7;

	(void)state;
	/* a block 16 bytes into a page, ending on a page: all its pages */
	assert_int_equal(hp_huge_range(0x10010, 0x3ff0, 0x1000, &a), 0x4000);
	assert_int_equal(a, 0x10000);
	/* ending inside a page: not that page */
	assert_int_equal(hp_huge_range(0x10010, 0x3000, 0x1000, &a), 0x3000);
	assert_int_equal(a, 0x10000);
	/* inside one page: none, a untouched */
	a = 7;
	assert_int_equal(hp_huge_range(0x10010, 0x100, 0x1000, &a), 0);
	assert_int_equal(a, 7);
	/* past the top of the address space: none */
	assert_int_equal(hp_huge_range(UINTPTR_MAX - 0x100, 0x1000, 0x1000, &a), 0);
	assert_int_equal(a, 7);
}

#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(__GLIBC__) && \
	!defined(__SANITIZE_ADDRESS__)
/* The mapping of /proc/self/smaps holding p: its bounds and whether it
 * is advised for huge pages ("hg" in VmFlags).  0 when found. */
static int
mapping_of(uintptr_t p, uintptr_t *lo, uintptr_t *hi, int *hg)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	int in = 0, found = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f)) {
		unsigned long a, b;

		/* a mapping's first line; its fields' names are not hex */
		if (sscanf(line, "%lx-%lx ", &a, &b) == 2) {
			in = p >= a && p < b;
			if (in) {
				*lo = a;
				*hi = b;
			}
		} else if (in && !strncmp(line, "VmFlags:", 8)) {
			*hg = strstr(line, " hg") != NULL;
			found = 0;
			in = 0;
		}
	}
	fclose(f);
	return found;
}

/* Does this kernel take the advice at all (built with huge pages)? */
static int
kernel_advises(void)
{
	size_t len = 4 * MiB;
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int ok;

	if (p == MAP_FAILED)
		return 0;
	ok = madvise(p, len, MADV_HUGEPAGE) == 0;
	munmap(p, len);
	return ok;
}

/* v of cap elements: malloc's own mapping (from its header on), of
 * whole huge pages, advised as one when the kernel takes advice. */
static void
one_mapping(const uint64_t *v, size_t cap, int advises)
{
	uintptr_t lo, hi;
	int hg = 0;

	assert_int_equal(mapping_of((uintptr_t)v, &lo, &hi, &hg), 0);
	assert_true(lo <= (uintptr_t)v && (uintptr_t)v - lo <= HP_MALLOC_SLACK);
	assert_true(hi >= (uintptr_t)(v + cap));
	assert_int_equal((hi - lo) % HP_HUGE_PAGE, 0);
	assert_int_equal(hg, advises);
}

static void
test_mapping(void **state)
{
	uint64_t *v = NULL;
	size_t cap = 0, need, grows = 0, n = 40 * MiB / sizeof *v;
	int advises = kernel_advises();

	(void)state;
	/* grown through the sizes a model's values go through, written as
	 * they come (a realloc that copies or moves keeps them) */
	for (need = 1; need <= n; need++) {
		if (need > cap) {
			assert_int_equal(HP_GROW(v, cap, need), 0);
			grows++;
			if (cap * sizeof *v >= HP_HUGE_MIN)
				one_mapping(v, cap, advises);
		}
		v[need - 1] = need;
	}
	for (need = 0; need < n; need++)
		if (v[need] != need + 1)
			fail_msg("value %zu lost in a move", need);
	assert_true(grows > 10);
	free(v);
}
#endif

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cap_small),
		cmocka_unit_test(test_cap_huge),
		cmocka_unit_test(test_range),
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(__GLIBC__) && \
	!defined(__SANITIZE_ADDRESS__)
		cmocka_unit_test(test_mapping),
#endif
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
