/*
 * tests/fuzz/fuzz_ticky.c - libFuzzer target: the ticky report frontend
 * fed in chunks the input chooses.
 *
 * The frontend is driven directly, not through format detection, so
 * every mutation lands in the ticky reader.  Input: a chunk schedule
 * (fuzz.h), then the report.  It is read whole and again in chunks;
 * both must give the same status, message and model, and the model
 * must be sane (a ticky model: one sample, every band with its row).
 * Anything else aborts.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz.h"

#define TK_MAX_INPUT (1u << 20)

/* A ticky model: one sample of counters, every band with its row. */
static void
check_ticky(const hp_model *m)
{
	size_t i, n = hp_model_band_count(m);

	if (hp_model_sample_count(m) != 1 ||
	    hp_model_profile(m) != HP_PROFILE_COUNTERS)
		fz_fail("ticky model", "not one sample of counters");
	for (i = 0; i < n; i++)
		if (!hp_model_band_ticky(m, (hp_band)i))
			fz_fail("ticky model", "a counter without its row");
}

int
fuzz_ticky_one(const uint8_t *data, size_t size)
{
	return fz_frontend_target(&hp_ticky_frontend, "fuzz.ticky",
				  TK_MAX_INPUT, check_ticky, data, size);
}

#ifndef FUZZ_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_ticky_one(data, size);
}
#endif
