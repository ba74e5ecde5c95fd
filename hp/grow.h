/*
 * hp/grow.h - the one growable-array idiom and checked size arithmetic.
 *
 * Inputs are gigabytes and fuzzed, so every n * size goes through a check.
 * hp_grow keeps an array (pointer, capacity) large enough for `need`
 * elements, growing by half again each time: amortised O(1) appends.
 */
#ifndef HP_GROW_H
#define HP_GROW_H

#include <stddef.h>

/* Make *arr hold at least `need` elements of `size` bytes.  On failure
 * (overflow or out of memory) *arr is untouched and -1 is returned. */
int hp_grow(void *arr, size_t *cap, size_t need, size_t size);

/* Like malloc(n * size) / calloc, but NULL on overflow. */
void *hp_mallocn(size_t n, size_t size);

#define HP_GROW(arr, cap, need) hp_grow(&(arr), &(cap), (need), sizeof *(arr))

#endif
