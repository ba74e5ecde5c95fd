/*
 * render/layout/slotsum.c - one sample's bytes, summed per drawn slot.
 *
 * Both loops are branch-free per entry: an undrawn band goes to a sink
 * slot (slotsum_tops) or is masked to 0 (slotsum_total), because profiles
 * drop a few bands everywhere and a mispredicted branch costs more than
 * the add.  slotsum_total keeps its sum in a register: one slot summed
 * through memory would make every add wait for the previous store.
 */
#include "slotsum.h"

#include <stdlib.h>
#include <string.h>

#include "../../hp/grow.h"

int
slotsum_init(struct slotsum *st, const hp_model *m, const int32_t *slot,
	   size_t nslot, size_t nslots)
{
	size_t b, nb = hp_model_band_count(m);

	memset(st, 0, sizeof *st);
	st->nband = nb;
	st->nslots = nslots;
	st->slot = hp_mallocn(nb ? nb : 1, sizeof *st->slot);
	st->mask = hp_mallocn(nb ? nb : 1, sizeof *st->mask);
	st->acc = hp_mallocn(nslots + 1, sizeof *st->acc);
	st->dacc = hp_mallocn(nslots + 1, sizeof *st->dacc);
	if (!st->slot || !st->mask || !st->acc || !st->dacc) {
		slotsum_release(st);
		return -1;
	}
	for (b = 0; b < nb; b++) {
		int drawn = b < nslot && slot[b] >= 0 &&
			(size_t)slot[b] < nslots;

		st->slot[b] = drawn ? (uint32_t)slot[b] : (uint32_t)nslots;
		st->mask[b] = drawn ? UINT64_MAX : 0;
	}
	return 0;
}

void
slotsum_release(struct slotsum *st)
{
	free(st->slot);
	free(st->mask);
	free(st->acc);
	free(st->dacc);
	memset(st, 0, sizeof *st);
}

/* Whether a sample of this total can be summed in integers.  Its entries
 * name bands the model had when the map was made (the model does not
 * change while it is drawn); should it have grown, the careful sum below
 * skips the bands the map does not know instead of reading past it. */
static int
fits(const struct slotsum *st, const hp_model *m, uint64_t total)
{
	return total < UINT64_MAX && hp_model_band_count(m) <= st->nband;
}

void
slotsum_tops(struct slotsum *st, const hp_model *m, size_t i, double scale,
	   double *out)
{
	const hp_band *bands;
	const uint64_t *bytes;
	size_t ns = st->nslots, k, n = hp_model_sample(m, i, &bands, &bytes);
	uint64_t total = hp_model_sample_sum(m, i);
	double d = 0;

	if (fits(st, m, total)) {
		uint64_t *acc = st->acc, top = 0;
		const uint32_t *slot = st->slot;

		memset(acc, 0, (ns + 1) * sizeof *acc);
		for (k = 0; k < n; k++)
			acc[slot[bands[k]]] += bytes[k];
		/* Below 2^63 a top converts in one instruction. */
		if (total < UINT64_C(1) << 63) {
			for (k = 0; k < ns; k++) {
				top += acc[k];
				out[k] = (double)(int64_t)top * scale;
			}
		} else {
			for (k = 0; k < ns; k++) {
				top += acc[k];
				out[k] = (double)top * scale;
			}
		}
		return;
	}
	memset(st->dacc, 0, (ns + 1) * sizeof *st->dacc);
	for (k = 0; k < n; k++)
		if (bands[k] < st->nband)
			st->dacc[st->slot[bands[k]]] += (double)bytes[k];
	for (k = 0; k < ns; k++) {
		d += st->dacc[k];
		out[k] = d * scale;
	}
}

double
slotsum_total(const struct slotsum *st, const hp_model *m, size_t i)
{
	const hp_band *bands;
	const uint64_t *bytes;
	size_t k, n = hp_model_sample(m, i, &bands, &bytes);
	double d = 0;

	if (fits(st, m, hp_model_sample_sum(m, i))) {
		const uint64_t *mask = st->mask;
		uint64_t sum = 0;

		for (k = 0; k < n; k++)
			sum += bytes[k] & mask[bands[k]];
		return (double)sum;
	}
	for (k = 0; k < n; k++)
		if (bands[k] < st->nband && st->mask[bands[k]])
			d += (double)bytes[k];
	return d;
}
