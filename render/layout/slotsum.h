/*
 * render/layout/slotsum.h - one sample's bytes, summed per drawn slot
 * (private).
 *
 * The layout (height and area of the stacked total) and outline.c (each
 * slot's top) both turn a sample's sparse entries into sums through the
 * layout's band -> slot map when they walk the samples, which they do
 * for the models the summary (render/layout/colidx.h) does not take:
 * those whose sums may pass 2^64.
 *
 * Sums are taken in 64-bit integers: exact, and about half the
 * instructions of converting every entry to a double first.  They cannot
 * wrap while the sample's whole total fits in 64 bits, which the model
 * says (its sample sum saturates); a sample whose total does not fit is
 * summed in doubles instead, as a picture of exabytes needs.
 */
#ifndef RENDER_LAYOUT_SLOTSUM_H
#define RENDER_LAYOUT_SLOTSUM_H

#include <stddef.h>
#include <stdint.h>

#include "../../hp/model.h"

struct slotsum {
	size_t nband;		/* model bands when made */
	size_t nslots;		/* drawn slots */
	uint32_t *slot;		/* band -> slot; nslots: not drawn */
	uint64_t *mask;		/* band -> all ones if drawn, else 0 */
	uint64_t *acc;		/* nslots + 1 sums; the last, the undrawn */
	double *dacc;		/* the same in doubles, for huge samples */
};

/*
 * Make the map for model m from a layout's slot[0..nslot-1] (a slot, or
 * anything outside 0..nslots-1 for a band not drawn; bands past nslot
 * are not drawn).  Returns 0, or -1 when out of memory.
 */
int slotsum_init(struct slotsum *st, const hp_model *m, const int32_t *slot,
	       size_t nslot, size_t nslots) HP_MUSTCHECK;
void slotsum_release(struct slotsum *st);

/* Sample i's stacked tops: out[s] is the drawn bytes of slots 0..s,
 * times scale. */
void slotsum_tops(struct slotsum *st, const hp_model *m, size_t i, double scale,
		double *out);

/* Sample i's drawn bytes, every slot together. */
double slotsum_total(const struct slotsum *st, const hp_model *m, size_t i);

#endif
