/*
 * hp/grow.h - every allocation of hp2x's own: the growable-array idiom,
 * checked size arithmetic, and the one place a test can make the Nth
 * allocation fail.
 *
 * Inputs are gigabytes and fuzzed, so every n * size goes through a check.
 * HP_GROW keeps an array (pointer, capacity) large enough for `need`
 * elements, growing by half again each time: amortised O(1) appends.
 * An array of megabytes (a model's values) is grown to whole huge pages
 * and asked to have them (hp_grow_cap): a 4 KiB page at a time, the
 * kernel's faults and zeroing were a fifth of reading a large profile.
 * hp2x's own code (hp/, render/, data/, page/, convert/, live/) allocates
 * only through these functions (and free with free()), so its
 * out-of-memory paths can be run on purpose (hp_alloc_fail_at;
 * tests/unit/test_oom.c).
 */
#ifndef HP_GROW_H
#define HP_GROW_H

#include <stddef.h>
#include <stdint.h>

/* malloc, calloc, realloc, strdup and strndup, except that an
 * allocation chosen by hp_alloc_fail_at fails.  hp_mallocn and
 * hp_callocn are NULL when n * size overflows; no size is 0 to them
 * (0 bytes are 1). */
void *hp_malloc(size_t size);
void *hp_mallocn(size_t n, size_t size);
void *hp_callocn(size_t n, size_t size);
void *hp_realloc(void *p, size_t size);
char *hp_strdup(const char *s);
char *hp_strndup(const char *s, size_t n);

/*
 * arr grown to hold at least `need` elements of `size` bytes (the caller
 * checked that it holds fewer).  Returns the array, moved or not, with
 * *cap updated; on failure (overflow or out of memory) returns arr as it
 * was, with *cap unchanged.  HP_GROW assigns the result back, as git's
 * ALLOC_GROW does, and says 0 or -1.
 */
void *hp_grow(void *arr, size_t *cap, size_t need, size_t size);

/*
 * The capacity hp_grow gives an array of cap elements of `size` bytes
 * that needs `need`: half again, at least need; an array of HP_HUGE_MIN
 * bytes or more grown up to where its bytes and HP_MALLOC_SLACK of
 * malloc's fill a whole number of HP_HUGE_PAGE (grow.c: advise_huge).
 * 0 when its bytes overflow.
 */
#define HP_HUGE_PAGE ((size_t)2 << 20)
#define HP_HUGE_MIN ((size_t)2 << 20)
#define HP_MALLOC_SLACK ((size_t)64)
size_t hp_grow_cap(size_t cap, size_t need, size_t size);

/*
 * The whole pages of `page` bytes from the one holding p to the last
 * that ends inside p..p+len: their start in *start and their length,
 * or 0 (*start untouched) when there is none.
 */
size_t hp_huge_range(uintptr_t p, size_t len, size_t page, uintptr_t *start);

#define HP_GROW(arr, cap, need) \
	((need) <= (cap) ? 0 \
	 : ((arr) = hp_grow((arr), &(cap), (need), sizeof *(arr)), \
	    (need) <= (cap) ? 0 : -1))

/*
 * TEST ONLY: make the nth allocation from now fail (1 = the next one,
 * and only that one); 0 turns failing off.  Returns
 * how many allocations were counted since the last call.  This and
 * convert/leftover.c's table of paths to remove (which a signal handler
 * must reach) are the project's only process-wide mutable state; this
 * one is for tests alone: a production run never calls it, and then
 * costs one relaxed atomic load per allocation.
 */
unsigned long hp_alloc_fail_at(unsigned long n);

#endif
