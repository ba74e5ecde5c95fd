/*
 * tests/unit/modelcmp.h - comparing two models the way a reader test
 * needs: header, marks, and samples (time and entries by band NAME, in
 * order), so that models built by different routes compare equal even
 * when band indices differ.  Header-only (static functions) so that each
 * test program can include it without a shared object.
 *
 * Returns NULL when equal, else a static description of the first
 * difference, for the test to print.
 */
#ifndef MODELCMP_H
#define MODELCMP_H

#include <stdio.h>
#include <string.h>

#include "hp/model.h"

/* Compare samples a0.. of a with b0.. of b, n of them. */
static inline const char *
mc_samples_diff(const hp_model *a, size_t a0, const hp_model *b, size_t b0,
		size_t n)
{
	static char why[512];
	size_t i, j;

	if (hp_model_sample_count(a) < a0 + n || hp_model_sample_count(b) < b0 + n) {
		snprintf(why, sizeof why, "%zu and %zu samples, wanted %zu",
			 hp_model_sample_count(a), hp_model_sample_count(b), n);
		return why;
	}
	for (i = 0; i < n; i++) {
		const hp_band *ba, *bb;
		const uint64_t *va, *vb;
		size_t na = hp_model_sample(a, a0 + i, &ba, &va);
		size_t nb = hp_model_sample(b, b0 + i, &bb, &vb);

		if (hp_model_sample_time(a, a0 + i) != hp_model_sample_time(b, b0 + i)) {
			snprintf(why, sizeof why, "sample %zu: time %.17g vs %.17g", i,
				 hp_model_sample_time(a, a0 + i),
				 hp_model_sample_time(b, b0 + i));
			return why;
		}
		if (na != nb) {
			snprintf(why, sizeof why, "sample %zu: %zu entries vs %zu", i, na, nb);
			return why;
		}
		for (j = 0; j < na; j++) {
			size_t la, lb;
			const char *sa = hp_model_band_name(a, ba[j], &la);
			const char *sb = hp_model_band_name(b, bb[j], &lb);

			if (la != lb || memcmp(sa, sb, la) != 0 || va[j] != vb[j]) {
				snprintf(why, sizeof why, "sample %zu entry %zu: %.*s=%llu vs %.*s=%llu",
					 i, j, (int)(la > 100 ? 100 : la), sa,
					 (unsigned long long)va[j], (int)(lb > 100 ? 100 : lb),
					 sb, (unsigned long long)vb[j]);
				return why;
			}
		}
	}
	return NULL;
}

/* Header fields and marks.  Not the run's facts past HP_SOURCE
 * (hp/facts.h): a .hp's reader makes them of the whole input (its JOB,
 * how it ends), so the halves of a file, or a model written out and read
 * back, need not have them; tests of their own check them. */
static inline const char *
mc_header_diff(const hp_model *a, const hp_model *b)
{
	static char why[512];
	size_t i;
	int f;

	for (f = 0; f <= HP_SOURCE; f++) {
		const char *x = hp_model_get(a, (enum hp_field)f);
		const char *y = hp_model_get(b, (enum hp_field)f);

		if ((x == NULL) != (y == NULL) || (x && strcmp(x, y) != 0)) {
			snprintf(why, sizeof why, "header field %d: \"%s\" vs \"%s\"",
				 f, x ? x : "(unset)", y ? y : "(unset)");
			return why;
		}
	}
	if (hp_model_mark_count(a) != hp_model_mark_count(b)) {
		snprintf(why, sizeof why, "%zu marks vs %zu",
			 hp_model_mark_count(a), hp_model_mark_count(b));
		return why;
	}
	for (i = 0; i < hp_model_mark_count(a); i++) {
		if (hp_model_mark_time(a, i) != hp_model_mark_time(b, i)) {
			snprintf(why, sizeof why, "mark %zu time", i);
			return why;
		}
	}
	return NULL;
}

/* Compare the header, the marks and the first k samples (all of b's
 * when k == (size_t)-1; then the counts must match too). */
static inline const char *
mc_diff(const hp_model *a, const hp_model *b, size_t k)
{
	static char why[512];
	const char *d = mc_header_diff(a, b);

	if (d)
		return d;
	if (k == (size_t)-1) {
		if (hp_model_sample_count(a) != hp_model_sample_count(b)) {
			snprintf(why, sizeof why, "%zu samples vs %zu",
				 hp_model_sample_count(a), hp_model_sample_count(b));
			return why;
		}
		k = hp_model_sample_count(b);
	}
	return mc_samples_diff(a, 0, b, 0, k);
}

#endif
