/*
 * hp/hash.c - hashing bytes, and growing and filling struct hp_index.
 * See hash.h.
 */
#include "hash.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"

/* Good enough for names and fast on long ones: 8 bytes per step,
 * multiply-xorshift mixing, the length in the seed. */
uint64_t
hp_hash_bytes(const void *p, size_t len)
{
	const uint64_t k = 0x9e3779b97f4a7c15ull;
	const unsigned char *s = p;
	uint64_t h = len * k, w;

	while (len >= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * k;
		h ^= h >> 29;
		s += 8;
		len -= 8;
	}
	w = 0;
	memcpy(&w, s, len);
	h = (h ^ w) * k;
	h ^= h >> 32;
	h *= k;
	return h ^ (h >> 29);
}

void
hp_index_free(struct hp_index *ix)
{
	free(ix->hash);
	free(ix->val);
	memset(ix, 0, sizeof *ix);
}

void
hp_index_clear(struct hp_index *ix)
{
	if (ix->n)
		memset(ix->val, 0, ix->cap * sizeof *ix->val);
	ix->n = 0;
}

static void
place(struct hp_index *ix, uint64_t h, uint32_t v1)
{
	size_t mask = ix->cap - 1, i = (size_t)hp_hash_mix(h) & mask;

	while (ix->val[i])
		i = (i + 1) & mask;
	ix->hash[i] = h;
	ix->val[i] = v1;
	ix->n++;
}

/* Double the slots (64 at first), keeping every value. */
static int
grow(struct hp_index *ix)
{
	struct hp_index g = { NULL, NULL, ix->cap ? ix->cap * 2 : 64, 0 };
	size_t i;

	if (g.cap < ix->cap)
		return -1;
	g.hash = hp_mallocn(g.cap, sizeof *g.hash);
	g.val = hp_callocn(g.cap, sizeof *g.val);
	if (!g.hash || !g.val) {
		free(g.hash);
		free(g.val);
		return -1;
	}
	for (i = 0; i < ix->cap; i++)
		if (ix->val[i])
			place(&g, ix->hash[i], ix->val[i]);
	free(ix->hash);
	free(ix->val);
	ix->hash = g.hash;
	ix->val = g.val;
	ix->cap = g.cap;
	return 0;
}

int
hp_index_add(struct hp_index *ix, uint64_t h, uint32_t v)
{
	if (v == UINT32_MAX || ((ix->n + 1) * 2 > ix->cap && grow(ix)))
		return -1;
	place(ix, h, v + 1);
	return 0;
}

int
hp_index_put(struct hp_index *ix, uint64_t k, uint32_t v)
{
	size_t i;

	if (ix->cap) {
		for (i = (size_t)hp_hash_mix(k) & (ix->cap - 1); ix->val[i];
		     i = (i + 1) & (ix->cap - 1)) {
			if (ix->hash[i] == k) {
				if (v == UINT32_MAX)
					return -1;
				ix->val[i] = v + 1;
				return 0;
			}
		}
	}
	return hp_index_add(ix, k, v);
}
