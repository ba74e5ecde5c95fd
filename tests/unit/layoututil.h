/*
 * tests/unit/layoututil.h - fixtures shared by the layout and aux tests:
 * hp2ps's own text-width estimate as a measure function, and the
 * example profile of hp2ps(1) built by hand.
 */
#ifndef LAYOUTUTIL_H
#define LAYOUTUTIL_H

#include <stdint.h>
#include <string.h>

#include "hp/model.h"
#include "render/layout/layout.h"

/* hp2ps's StringSize estimate (render/layout/layout.h) at any size. */
static inline double
lu_hp2ps_measure(void *closure, const char *s, size_t len, double size)
{
	(void)closure;
	return layout_hp2ps_width(s, len) * size / 10.0;
}

/* Returns 0, or -1 on any model error. */
static inline int
lu_put(hp_model *m, const char *name, uint64_t v, struct hp_err *err)
{
	hp_band b;

	if (hp_model_intern(m, name, strlen(name), &b, err) < 0)
		return -1;
	return hp_model_add(m, b, v, err);
}

static inline int
lu_header(hp_model *m, const char *job, struct hp_err *err)
{
	if (hp_model_set(m, HP_JOB, job, strlen(job), err) < 0 ||
	    hp_model_set(m, HP_DATE, "Fri Apr 17 11:43:45 1992", 24, err) < 0 ||
	    hp_model_set(m, HP_SAMPLE_UNIT, "seconds", 7, err) < 0 ||
	    hp_model_set(m, HP_VALUE_UNIT, "bytes", 5, err) < 0)
		return -1;
	return 0;
}

/* The hp2ps.1 example: 4 samples, 7 bands, 3 marks. */
static inline hp_model *
lu_manpage_model(void)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();

	if (!m || lu_header(m, "a.out -p", &err) < 0 ||
	    hp_model_begin(m, 0.0, &err) < 0 ||
	    lu_put(m, "SYSTEM", 24, &err) < 0 ||
	    hp_model_commit(m, &err) < 0 ||
	    hp_model_begin(m, 1.0, &err) < 0 ||
	    lu_put(m, "elim", 180, &err) < 0 ||
	    lu_put(m, "insert", 24, &err) < 0 ||
	    lu_put(m, "intersect", 12, &err) < 0 ||
	    lu_put(m, "disin", 60, &err) < 0 ||
	    lu_put(m, "main", 12, &err) < 0 ||
	    lu_put(m, "reduce", 20, &err) < 0 ||
	    lu_put(m, "SYSTEM", 12, &err) < 0 ||
	    hp_model_commit(m, &err) < 0 ||
	    hp_model_begin(m, 2.0, &err) < 0 ||
	    lu_put(m, "elim", 192, &err) < 0 ||
	    lu_put(m, "insert", 24, &err) < 0 ||
	    lu_put(m, "intersect", 12, &err) < 0 ||
	    lu_put(m, "disin", 84, &err) < 0 ||
	    lu_put(m, "main", 12, &err) < 0 ||
	    lu_put(m, "SYSTEM", 24, &err) < 0 ||
	    hp_model_commit(m, &err) < 0 ||
	    hp_model_begin(m, 2.82, &err) < 0 ||
	    hp_model_commit(m, &err) < 0 ||
	    hp_model_add_mark(m, 1.50, NULL, 0, &err) < 0 ||
	    hp_model_add_mark(m, 1.75, NULL, 0, &err) < 0 ||
	    hp_model_add_mark(m, 1.80, NULL, 0, &err) < 0) {
		hp_model_free(m);
		return NULL;
	}
	return m;
}

#endif
