/*
 * hp/match.c - bands matched by name without GHC's id.  See match.h.
 *
 * Both steps go through one hash index of (key, rank): the ranks need,
 * per distinct key, how many bands had it so far; the matching needs,
 * per (key, rank) of A, which band it is.  Linear in the bands.
 */
#include "match.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "hash.h"

const char *
hp_match_key(const char *s, size_t len, int byid, size_t *klen)
{
	size_t i = 1;

	*klen = len;
	if (byid || len < 3 || s[0] != '(')
		return s;
	while (i < len && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == 1 || i + 1 >= len || s[i] != ')')
		return s;
	*klen = len - (i + 1);
	return s + i + 1;
}

const char *
hp_match_band_key(const hp_model *m, hp_band b, int byid, size_t *klen)
{
	size_t len;
	const char *s = hp_model_band_name(m, b, &len);

	return hp_match_key(s, len, byid, klen);
}

static uint64_t
key_hash(const char *k, size_t klen, size_t rank)
{
	return hp_hash_mix(hp_hash_bytes(k, klen) ^
			   ((uint64_t)rank * 0x9e3779b97f4a7c15ull));
}

static int
same_key(const hp_model *m, hp_band b, int byid, const char *k, size_t klen)
{
	size_t l2;
	const char *k2 = hp_match_band_key(m, b, byid, &l2);

	return l2 == klen && memcmp(k2, k, klen) == 0;
}

int
hp_match_ranks(const hp_model *m, int byid, size_t *rank)
{
	size_t n = hp_model_band_count(m), k;
	struct hp_index ix = { 0 };
	/* per distinct key: its first band; its count is in count[] */
	hp_band *first = hp_mallocn(n ? n : 1, sizeof *first);
	size_t *count = hp_mallocn(n ? n : 1, sizeof *count), nd = 0;
	int rc = -1;

	if (!first || !count)
		goto out;
	for (k = 0; k < n; k++) {
		size_t klen, s;
		const char *key = hp_match_band_key(m, (hp_band)k, byid, &klen);
		uint64_t h = key_hash(key, klen, 0);
		int64_t d;

		for (s = hp_index_start(&ix, h);
		     (d = hp_index_next(&ix, h, &s)) >= 0;)
			if (same_key(m, first[d], byid, key, klen))
				break;
		if (d < 0) {
			if (hp_index_add(&ix, h, (uint32_t)nd) < 0)
				goto out;
			first[nd] = (hp_band)k;
			count[nd] = 0;
			d = (int64_t)nd++;
		}
		rank[k] = count[d]++;
	}
	rc = 0;
out:
	hp_index_free(&ix);
	free(first);
	free(count);
	return rc;
}

int
hp_match_bands(const hp_model *a, const hp_model *b, int byid,
	       hp_band *bmap, hp_band *amap)
{
	size_t na = hp_model_band_count(a), nb = hp_model_band_count(b), k;
	size_t *ra = hp_mallocn(na ? na : 1, sizeof *ra);
	size_t *rb = hp_mallocn(nb ? nb : 1, sizeof *rb);
	struct hp_index ix = { 0 };
	int rc = -1;

	if (!ra || !rb || hp_match_ranks(a, byid, ra) < 0 ||
	    hp_match_ranks(b, byid, rb) < 0)
		goto out;
	for (k = 0; k < na; k++) {
		size_t klen;
		const char *key = hp_match_band_key(a, (hp_band)k, byid, &klen);

		if (amap)
			amap[k] = HP_MATCH_NONE;
		if (hp_index_add(&ix, key_hash(key, klen, ra[k]),
				 (uint32_t)k) < 0)
			goto out;
	}
	for (k = 0; k < nb; k++) {
		size_t klen, s;
		const char *key = hp_match_band_key(b, (hp_band)k, byid, &klen);
		uint64_t h = key_hash(key, klen, rb[k]);
		int64_t c;

		bmap[k] = HP_MATCH_NONE;
		for (s = hp_index_start(&ix, h);
		     (c = hp_index_next(&ix, h, &s)) >= 0;) {
			if (ra[c] == rb[k] &&
			    same_key(a, (hp_band)c, byid, key, klen)) {
				bmap[k] = (hp_band)c;
				if (amap)
					amap[c] = (hp_band)k;
				break;
			}
		}
	}
	rc = 0;
out:
	hp_index_free(&ix);
	free(ra);
	free(rb);
	return rc;
}
