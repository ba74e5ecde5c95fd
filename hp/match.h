/*
 * hp/match.h - which band of one profile is which band of another.
 *
 * GHC names a -hc band by its cost-centre stack and a -hr band by its
 * retainer set, each led by the id the RTS gave it in that run:
 * "(764)main/Leak.run" (rts/ProfHeap.c prints ccs->ccsID, rts/
 * RetainerSet.c the set's id, before the names).  The ids are numbered
 * as the program's cost centres happen to be registered, so two builds
 * of one program, or one build after a small change, give the same stack
 * another id.  Bands are therefore matched, and coloured (--colour-by
 * name), by their key: the name without a leading "(digits)".  Names of
 * the other breakdowns have no such prefix and are their own key.
 *
 * Within one profile two stacks may differ only by id (two stacks whose
 * labels GHC cut to the same 25 characters, or one cost centre reached
 * two ways that print alike): they stay two bands.  Matching pairs them
 * in turn: the n-th band of A with a key (in A's first-seen order) is
 * the n-th of B with that key; a band with no partner is A's or B's
 * alone.
 */
#ifndef HP_MATCH_H
#define HP_MATCH_H

#include <stddef.h>

#include "model.h"

#define HP_MATCH_NONE ((hp_band)-1)

/* The key of a band name: s itself, or past its "(digits)" prefix when
 * byid is 0 and there is one (at least one digit, and more name after
 * it).  *klen receives the key's length. */
const char *hp_match_key(const char *s, size_t len, int byid, size_t *klen);

/* hp_match_key of band b's name in m. */
const char *hp_match_band_key(const hp_model *m, hp_band b, int byid,
			      size_t *klen);

/* For every band k of b, the band of a it is (bmap[k]), or
 * HP_MATCH_NONE.  amap, when not NULL, receives the converse.  byid 1
 * matches whole names.  Returns 0, or -1 when out of memory. */
int hp_match_bands(const hp_model *a, const hp_model *b, int byid,
		   hp_band *bmap, hp_band *amap) HP_MUSTCHECK;

/* rank[k] for every band k of m: how many earlier bands of m have band
 * k's key.  Returns 0, or -1 when out of memory. */
int hp_match_ranks(const hp_model *m, int byid, size_t *rank) HP_MUSTCHECK;

#endif
