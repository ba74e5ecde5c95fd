/*
 * tests/fuzz/fuzz.h - what the libFuzzer targets share: reading an input
 * in chunks the input itself chooses, and comparing two models exactly.
 *
 * A reader must give the same result however its bytes are split, so the
 * reader targets read every input twice, whole and in chunks, and stop
 * the fuzzer (abort) when the outcomes differ: a crash is not the only
 * bug worth finding; a wrong graph drawn silently is another.
 *
 * The chunk schedule is the first byte of the input, then up to seven
 * pattern bytes (see fz_split); the rest is the file.  Header-only, as
 * each target is one program.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hp/frontend.h"
#include "hp/model.h"

/* How an input is cut: chunk j has 1 + pat[j % npat] times scale bytes;
 * npat == 0 means one chunk. */
struct fz_split {
	const unsigned char *pat;
	size_t npat;
	size_t scale;
};

/* byte 0: bits 0-2 the pattern length, bits 3-4 the scale (1, 7, 61,
 * 509: primes, so chunk ends drift across every alignment).  Returns
 * the number of bytes the schedule took. */
static inline size_t
fz_split_parse(struct fz_split *s, const uint8_t *data, size_t size)
{
	static const size_t scales[] = { 1, 7, 61, 509 };
	size_t k;

	memset(s, 0, sizeof *s);
	if (size == 0)
		return 0;
	k = data[0] & 7u;
	if (k > size - 1)
		k = size - 1;
	s->pat = data + 1;
	s->npat = k;
	s->scale = scales[(data[0] >> 3) & 3u];
	return 1 + k;
}

static inline size_t
fz_split_next(const struct fz_split *s, size_t j, size_t left)
{
	size_t n;

	if (s->npat == 0)
		return left;
	n = (1 + (size_t)s->pat[j % s->npat]) * s->scale;
	return n < left ? n : left;
}

/* Stop the fuzzer with a message: the two routes disagree.  A program
 * that runs the targets as tests (tests/unit/test_regressions.c) defines
 * FUZZ_FAIL to report through its own framework instead. */
#ifndef FUZZ_FAIL
#define FUZZ_FAIL(what, detail) \
	(fprintf(stderr, "fuzz: %s: %s\n", what, detail), abort())
#endif

static inline void
fz_fail(const char *what, const char *detail)
{
	FUZZ_FAIL(what, detail ? detail : "");
}

/* The targets, one input each: 0, or the process stops in fz_fail. */
int fuzz_hp_one(const uint8_t *data, size_t size);
int fuzz_eventlog_one(const uint8_t *data, size_t size);
int fuzz_ticky_one(const uint8_t *data, size_t size);
int fuzz_aux_one(const uint8_t *data, size_t size);
int fuzz_pipeline_one(const uint8_t *data, size_t size);

static inline int
fz_str_eq(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && (alen == 0 || memcmp(a, b, alen) == 0);
}

/* NULL when a and b hold the same profile, band for band (same indices:
 * both were read from the same bytes), else what differs. */
static inline const char *
fz_model_diff(const hp_model *a, const hp_model *b)
{
	size_t i, j, n, la, lb;
	int f, s;

	for (f = 0; f < HP_NFIELDS; f++) {
		const char *x = hp_model_get(a, (enum hp_field)f);
		const char *y = hp_model_get(b, (enum hp_field)f);

		if ((x == NULL) != (y == NULL) || (x && strcmp(x, y) != 0))
			return "header field";
	}
	n = hp_model_band_count(a);
	if (n != hp_model_band_count(b))
		return "band count";
	for (i = 0; i < n; i++) {
		const char *x = hp_model_band_name(a, (hp_band)i, &la);
		const char *y = hp_model_band_name(b, (hp_band)i, &lb);

		if (!fz_str_eq(x, la, y, lb))
			return "band name";
		x = hp_model_band_label(a, (hp_band)i, &la);
		y = hp_model_band_label(b, (hp_band)i, &lb);
		if (!fz_str_eq(x, la, y, lb))
			return "band label";
		if ((hp_model_band_ipe(a, (hp_band)i) == NULL) !=
		    (hp_model_band_ipe(b, (hp_band)i) == NULL))
			return "band ipe";
	}
	n = hp_model_sample_count(a);
	if (n != hp_model_sample_count(b))
		return "sample count";
	for (i = 0; i < n; i++) {
		const hp_band *ba, *bb;
		const uint64_t *va, *vb;
		size_t na = hp_model_sample(a, i, &ba, &va);
		size_t nb = hp_model_sample(b, i, &bb, &vb);

		if (hp_model_sample_time(a, i) != hp_model_sample_time(b, i))
			return "sample time";
		if (na != nb)
			return "sample entries";
		for (j = 0; j < na; j++)
			if (ba[j] != bb[j] || va[j] != vb[j])
				return "sample entry";
	}
	n = hp_model_mark_count(a);
	if (n != hp_model_mark_count(b))
		return "mark count";
	for (i = 0; i < n; i++) {
		const char *x = hp_model_mark_label(a, i);
		const char *y = hp_model_mark_label(b, i);

		if (hp_model_mark_time(a, i) != hp_model_mark_time(b, i))
			return "mark time";
		if ((x == NULL) != (y == NULL) || (x && strcmp(x, y) != 0))
			return "mark label";
	}
	for (s = 0; s < HP_NSERIES; s++) {
		const double *ta, *tb;
		const uint64_t *va, *vb;

		n = hp_model_series(a, (enum hp_series)s, &ta, &va);
		if (n != hp_model_series(b, (enum hp_series)s, &tb, &vb))
			return "series length";
		for (i = 0; i < n; i++)
			if (ta[i] != tb[i] || va[i] != vb[i])
				return "series point";
	}
	n = hp_model_warning_count(a);
	if (n != hp_model_warning_count(b))
		return "warning count";
	for (i = 0; i < n; i++)
		if (strcmp(hp_model_warning(a, i), hp_model_warning(b, i)) != 0)
			return "warning text";
	return NULL;
}

/* What every model must satisfy whatever the input: times in order,
 * entries non-zero, each band once per sample, sums right, indices in
 * range.  NULL when it holds. */
static inline const char *
fz_model_check(const hp_model *m)
{
	size_t i, j, k, n = hp_model_sample_count(m), nb = hp_model_band_count(m);

	for (i = 0; i < n; i++) {
		const hp_band *b;
		const uint64_t *v;
		size_t ne = hp_model_sample(m, i, &b, &v);
		uint64_t sum = 0;

		if (i && hp_model_sample_time(m, i) < hp_model_sample_time(m, i - 1))
			return "sample times out of order";
		if (hp_model_sample_time(m, i) != hp_model_sample_time(m, i))
			return "sample time is NaN";
		for (j = 0; j < ne; j++) {
			if (b[j] >= nb)
				return "entry band out of range";
			sum = sum > UINT64_MAX - v[j] ? UINT64_MAX : sum + v[j];
			for (k = 0; k < j && ne <= 64; k++)
				if (b[k] == b[j])
					return "band twice in a sample";
		}
		if (sum != hp_model_sample_sum(m, i))
			return "sample sum";
	}
	{
		const size_t *pe;
		const uint64_t *pv;
		size_t np = hp_model_parts(m, &pe, &pv), ntot;
		const hp_band *b;
		const uint64_t *v;

		ntot = n ? hp_model_sample_first(m, n - 1) +
			   hp_model_sample(m, n - 1, NULL, NULL) : 0;
		for (i = 0, k = 0; i < np; i = k) {
			uint64_t sum = 0;
			size_t s = 0, first;

			if (pe[i] >= ntot || (i && pe[i] <= pe[i - 1]))
				return "parts out of order";
			for (k = i; k < np && pe[k] == pe[i]; k++)
				sum += pv[k];
			if (k - i < 2)
				return "an entry with one part";
			while (s + 1 < n && hp_model_sample_first(m, s + 1) <= pe[i])
				s++;
			first = hp_model_sample_first(m, s);
			hp_model_sample(m, s, &b, &v);
			if (sum != v[pe[i] - first])
				return "parts do not sum to their entry";
		}
	}
	for (i = 0; i < nb; i++) {
		size_t len;
		const char *s = hp_model_band_name(m, (hp_band)i, &len);

		if (!s || s[len] != '\0')
			return "band name not terminated";
	}
	return NULL;
}

/* Read p[0..n) into m through a frontend, in the chunks s gives: the
 * eventlog and ticky targets' chunked read. */
static inline int
fz_frontend_chunked(const struct hp_frontend *fe, const char *name,
		    hp_model *m, const struct fz_split *s, const uint8_t *p,
		    size_t n, struct hp_err *err)
{
	void *st = fe->create(m, name, &(struct hp_read_opts){ 0 });
	size_t j, k;
	int rc = 0;

	if (!st)
		fz_fail("out of memory", NULL);
	for (j = 0; n && !rc; j++, p += k, n -= k) {
		k = fz_split_next(s, j, n);
		rc = fe->feed(st, p, k, err);
	}
	if (!rc)
		rc = fe->finish(st, err);
	fe->destroy(st);
	return rc;
}

/* The reader targets' common verdict: reading whole (r1, e1, a) and in
 * chunks (r2, e2, b) must agree in status, message and model, a failure
 * must say why, and the model must hold its invariants.  Frees a and b. */
static inline void
fz_judge_reads(int r1, const struct hp_err *e1, hp_model *a, int r2,
	       const struct hp_err *e2, hp_model *b)
{
	const char *d;

	if (r1 != r2 || strcmp(e1->msg, e2->msg) != 0) {
		fprintf(stderr, "whole: %d '%s'\nchunked: %d '%s'\n", r1,
			e1->msg, r2, e2->msg);
		fz_fail("whole and chunked reads differ", "status or message");
	}
	if (r1 && !e1->msg[0])
		fz_fail("failed without a message", NULL);
	if ((d = fz_model_diff(a, b)))
		fz_fail("whole and chunked models differ", d);
	if ((d = fz_model_check(a)))
		fz_fail("model", d);
	hp_model_free(a);
	hp_model_free(b);
}

/*
 * A frontend target whole: an input (its chunk schedule, then at most max
 * bytes of file) read by fe whole and in the schedule's chunks, then
 * judged.  check (may be NULL) looks at a successful whole read's model
 * first, for what only this frontend promises.
 */
static inline int
fz_frontend_target(const struct hp_frontend *fe, const char *name,
		   size_t max, void (*check)(const hp_model *m),
		   const uint8_t *data, size_t size)
{
	static const struct fz_split whole = { NULL, 0, 1 };
	struct hp_err e1 = {{0}}, e2 = {{0}};
	struct fz_split s;
	hp_model *a, *b;
	size_t k;
	int r1, r2;

	if (size > max)
		return 0;
	k = fz_split_parse(&s, data, size);
	data += k;
	size -= k;
	a = hp_model_new();
	b = hp_model_new();
	if (!a || !b)
		fz_fail("out of memory", NULL);
	r1 = fz_frontend_chunked(fe, name, a, &whole, data, size, &e1);
	r2 = fz_frontend_chunked(fe, name, b, &s, data, size, &e2);
	if (!r1 && check)
		check(a);
	fz_judge_reads(r1, &e1, a, r2, &e2, b);
	return 0;
}

#endif
