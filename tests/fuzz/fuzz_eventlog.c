/*
 * tests/fuzz/fuzz_eventlog.c - libFuzzer target: the eventlog frontend
 * fed in chunks the input chooses.
 *
 * The frontend is driven directly, not through format detection, so
 * every mutation lands in the eventlog reader.  Input: a chunk schedule
 * (fuzz.h), then the eventlog.  It is read whole and again in chunks;
 * both must give the same status, message and model, and the model
 * must be sane.  Anything else aborts.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz.h"

#define EL_MAX_INPUT (1u << 20)

int
fuzz_eventlog_one(const uint8_t *data, size_t size)
{
	return fz_frontend_target(&hp_eventlog_frontend, "fuzz.eventlog",
				  EL_MAX_INPUT, NULL, data, size);
}

#ifndef FUZZ_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_eventlog_one(data, size);
}
#endif
