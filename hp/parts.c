/*
 * hp/parts.c - the parts of one run: which model is which, which is
 * drawn by default, and the run's facts copied into a new part's
 * model.  See parts.h.
 */
#include "parts.h"

#include <stdio.h>
#include <string.h>

const char *const hp_part_names[HP_NPARTS] = {
	[HP_PART_HEAP] = "heap",
	[HP_PART_TIME] = "time",
	[HP_PART_TICKY] = "ticky",
	[HP_PART_HEAP_SIZE] = "heap-size",
};

enum hp_part
hp_part_of(const hp_model *m)
{
	switch (hp_model_profile(m)) {
	case HP_PROFILE_TIME:
		return HP_PART_TIME;
	case HP_PROFILE_TICKY:
	case HP_PROFILE_COUNTERS:
		return HP_PART_TICKY;
	case HP_PROFILE_HEAP:
		break;
	}
	return hp_model_series_only(m) ? HP_PART_HEAP_SIZE : HP_PART_HEAP;
}

hp_model *
hp_part_get(const hp_model *m, enum hp_part p)
{
	hp_model *o;

	if (hp_part_of(m) == p)
		return (hp_model *)m;	/* the caller's own: as strchr */
	o = hp_model_other(m, (unsigned)p);
	if (!o || hp_part_of(o) != p)
		return NULL;
	return o;
}

unsigned
hp_parts_present(const hp_model *m)
{
	unsigned mask = 0, p;

	for (p = 0; p < HP_NPARTS; p++)
		if (hp_part_get(m, (enum hp_part)p))
			mask |= 1u << p;
	return mask;
}

const hp_model *
hp_part_default(const hp_model *m)
{
	const hp_model *h = hp_part_get(m, HP_PART_HEAP);
	unsigned p;

	if (h && hp_model_sample_count(h))
		return h;
	if (hp_model_sample_count(m))
		return m;
	for (p = 0; p < HP_NPARTS; p++) {
		const hp_model *o = hp_part_get(m, (enum hp_part)p);

		if (o && hp_model_sample_count(o))
			return o;
	}
	return m;
}

void
hp_parts_list(unsigned mask, char *buf, size_t size)
{
	unsigned p, n = 0, total = 0;
	size_t len = 0;

	for (p = 0; p < HP_NPARTS; p++)
		total += mask >> p & 1;
	if (size)
		buf[0] = '\0';
	for (p = 0; p < HP_NPARTS && len < size; p++) {
		int k;

		if (!(mask >> p & 1))
			continue;
		n++;
		k = snprintf(buf + len, size - len, "%s%s",
			     n == 1 ? "" : n == total ? " and " : ", ",
			     hp_part_names[p]);
		if (k < 0)
			break;
		len += (size_t)k;
	}
}

int
hp_part_copy_run(hp_model *dst, const hp_model *src, struct hp_err *err)
{
	static const enum hp_field run[] = {	/* not a profile's own */
		HP_JOB, HP_DATE, HP_SOURCE, HP_SAMPLE_UNIT, HP_PROGRAM,
		HP_ARGS, HP_RTS_OPTS, HP_STARTED, HP_CAPS, HP_END
	};
	const double *ts;
	const uint64_t *vs;
	size_t i, k, n;

	hp_model_set_kind(dst, hp_model_kind(src));
	for (i = 0; i < sizeof run / sizeof *run; i++) {
		const char *s = hp_model_get(src, run[i]);

		if (s && hp_model_set(dst, run[i], s, strlen(s), err))
			return -1;
	}
	for (i = 0; i < hp_model_mark_count(src); i++) {
		const char *l = hp_model_mark_label(src, i);

		if (hp_model_add_mark(dst, hp_model_mark_time(src, i), l,
				      l ? strlen(l) : 0, err))
			return -1;
	}
	for (i = 0; i < HP_NSERIES; i++) {
		n = hp_model_series(src, (enum hp_series)i, &ts, &vs);
		for (k = 0; k < n; k++)
			if (hp_model_add_point(dst, (enum hp_series)i, ts[k],
					       vs[k], err))
				return -1;
	}
	n = hp_model_allocations(src, &ts, &vs);
	for (k = 0; k < n; k++)
		if (hp_model_add_allocated(dst, ts[k], vs[k], err))
			return -1;
	return 0;
}
