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
	static const struct fz_split whole = { NULL, 0, 1 };
	struct hp_err e1 = {{0}}, e2 = {{0}};
	struct fz_split s;
	hp_model *a, *b;
	size_t k;
	int r1, r2;

	if (size > EL_MAX_INPUT)
		return 0;
	k = fz_split_parse(&s, data, size);
	data += k;
	size -= k;
	a = hp_model_new();
	b = hp_model_new();
	if (!a || !b)
		fz_fail("out of memory", NULL);
	r1 = fz_frontend_chunked(&hp_eventlog_frontend, "fuzz.eventlog", a,
				 &whole, data, size, &e1);
	r2 = fz_frontend_chunked(&hp_eventlog_frontend, "fuzz.eventlog", b,
				 &s, data, size, &e2);
	fz_judge_reads(r1, &e1, a, r2, &e2, b);
	return 0;
}

#ifndef FUZZ_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_eventlog_one(data, size);
}
#endif
