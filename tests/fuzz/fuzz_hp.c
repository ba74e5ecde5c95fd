/*
 * tests/fuzz/fuzz_hp.c - libFuzzer target: the reader (format detection,
 * gzip, the .hp text frontend) fed in chunks the input chooses.
 *
 * Input: a chunk schedule (fuzz.h), then the file.  The file is read
 * whole and again in chunks; both must give the same status, message
 * and model, and the model must be sane.  Anything else aborts.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz.h"
#include "hp/reader.h"

#define HP_MAX_INPUT (1u << 20)

static int
hp_chunked(hp_model *m, const struct fz_split *s, const uint8_t *p,
	     size_t n, struct hp_err *err)
{
	hp_reader *r = hp_reader_new(m, "fuzz.hp");
	size_t j, k;
	int rc = 0;

	if (!r)
		fz_fail("out of memory", NULL);
	for (j = 0; n && !rc; j++, p += k, n -= k) {
		k = fz_split_next(s, j, n);
		rc = hp_reader_feed(r, p, k, err);
	}
	if (!rc)
		rc = hp_reader_finish(r, err);
	hp_reader_free(r);
	return rc;
}

int
fuzz_hp_one(const uint8_t *data, size_t size)
{
	struct hp_err e1 = {{0}}, e2 = {{0}};
	struct fz_split s;
	hp_model *a, *b;
	size_t k;
	int r1, r2;

	if (size > HP_MAX_INPUT)
		return 0;
	k = fz_split_parse(&s, data, size);
	data += k;
	size -= k;
	a = hp_model_new();
	b = hp_model_new();
	if (!a || !b)
		fz_fail("out of memory", NULL);
	r1 = hp_read_mem(a, "fuzz.hp", data, size, &e1);
	r2 = hp_chunked(b, &s, data, size, &e2);
	fz_judge_reads(r1, &e1, a, r2, &e2, b);
	return 0;
}

#ifndef FUZZ_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_hp_one(data, size);
}
#endif
