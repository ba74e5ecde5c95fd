/*
 * hp/diff.h - how each band changed from profile A to profile B.
 *
 * B is put on A's time grid: at each of A's sample times t, B's value is
 * that of its last sample at or before t' (step interpolation; 0 before
 * B's first sample; where A and B have several samples at one time, the
 * k-th of A's takes the k-th of B's, or B's last one at that time), where
 * t' = t with --same-time, else t scaled so
 * that A's first and last samples fall on B's (the runs are compared
 * from start to end even when one took longer).  The change of band x at
 * t is B_x(t') - A_x(t).  Bands are matched by name, without GHC's
 * cost-centre-stack or retainer-set id unless byid (match.h), and keep
 * A's names (ids included); a band only one side has is all growth or
 * all shrinkage.
 *
 * The result is three ordinary models with the same bands (A's in A's
 * order, then B's new ones) and A's sample times, so that band
 * selection, colours and drawing work on them unchanged:
 *   grow    the positive changes,
 *   shrink  the negative changes as positive bytes,
 *   change  their sum, |change|: what decides which bands are drawn.
 * Each has A's header fields and marks.
 */
#ifndef HP_DIFF_H
#define HP_DIFF_H

#include "model.h"

struct hp_diff {
	hp_model *grow, *shrink, *change;
};

int hp_diff_compute(struct hp_diff *d, const hp_model *a, const hp_model *b,
		    int same_time, int byid, struct hp_err *err) HP_MUSTCHECK;
void hp_diff_release(struct hp_diff *d);

#endif
