/*
 * hp/hash.h - the one hash function and the one hash index of hp2x.
 *
 * hp_hash_bytes hashes names and byte keys (8 bytes a step, for long
 * band names); hp_hash_mix scatters a 64-bit integer.  struct hp_index
 * is an open-addressing index from a 64-bit hash to a 32-bit value (an
 * entry number in the caller's array): the caller keeps its keys and
 * compares them, the index only finds candidates by hash.  A key that
 * is itself a 64-bit integer (an id, a pointer) is its own hash, and
 * then the first value found is the answer.
 */
#ifndef HP_HASH_H
#define HP_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t hp_hash_bytes(const void *p, size_t len);

static inline uint64_t
hp_hash_mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdull;
	k ^= k >> 33;
	return k;
}

struct hp_index {
	uint64_t *hash;		/* per slot */
	uint32_t *val;		/* per slot: value + 1, 0 = empty */
	size_t cap, n;		/* cap 0 or a power of two, over 2 n */
};

/* An empty index is all zeros; hp_index_free leaves it so. */
void hp_index_free(struct hp_index *ix);
/* Forget every value, keeping the memory. */
void hp_index_clear(struct hp_index *ix);

/* Store v under h (another value under h stays; the caller has looked
 * first).  -1 when out of memory, the index unchanged. */
int hp_index_add(struct hp_index *ix, uint64_t h, uint32_t v);

/*
 * The values stored under h, one a call: set *slot with hp_index_start,
 * then call hp_index_next until it returns -1.  Used as
 *
 *	for (s = hp_index_start(ix, h); (v = hp_index_next(ix, h, &s)) >= 0;)
 *		if (the key of entry v is the one looked for) ...
 */
static inline size_t
hp_index_start(const struct hp_index *ix, uint64_t h)
{
	return ix->cap ? (size_t)hp_hash_mix(h) & (ix->cap - 1) : SIZE_MAX;
}

static inline int64_t
hp_index_next(const struct hp_index *ix, uint64_t h, size_t *slot)
{
	size_t i = *slot, mask = ix->cap - 1;

	if (i == SIZE_MAX)
		return -1;
	for (; ix->val[i]; i = (i + 1) & mask) {
		if (ix->hash[i] == h) {
			*slot = (i + 1) & mask;
			return (int64_t)ix->val[i] - 1;
		}
	}
	*slot = SIZE_MAX;
	return -1;
}

/* For integer keys: the value stored under k, or -1. */
static inline int64_t
hp_index_get(const struct hp_index *ix, uint64_t k)
{
	size_t s = hp_index_start(ix, k);

	return hp_index_next(ix, k, &s);
}

/* For integer keys: store v under k, replacing what k had.  -1 when out
 * of memory. */
int hp_index_put(struct hp_index *ix, uint64_t k, uint32_t v);

#endif
