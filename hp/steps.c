/*
 * hp/steps.c - per-interval profiles as steps.  See steps.h.
 */
#include "steps.h"

#include <math.h>

#include "select.h"

static int
put(hp_model *out, const hp_model *m, size_t i, double t,
    struct hp_err *err)
{
	const hp_band *b;
	const uint64_t *v;
	size_t n = hp_model_sample(m, i, &b, &v), k;

	if (hp_model_begin(out, t, err))
		return -1;
	for (k = 0; k < n; k++) {
		double r = hp_model_rate(m, i, v[k]);
		uint64_t u = r >= 18446744073709549568.0 ? UINT64_MAX
			     : (uint64_t)(r + 0.5);

		if (hp_model_add(out, b[k], u, err))
			return -1;
	}
	return hp_model_commit(out, err);
}

hp_model *
hp_steps(const hp_model *m, struct hp_err *err)
{
	hp_model *out = hp_model_new();
	size_t i, ns = hp_model_sample_count(m);
	double a, b, end = -INFINITY;

	if (!out) {
		hp_err_set(err, "out of memory");
		return NULL;
	}
	if (hp_select_copy_frame(out, m, err))
		goto fail;
	for (i = 0; i < ns; i++) {
		hp_model_interval(m, i, &a, &b);
		/* columns meet; a rounding apart must not reorder them */
		a = fmax(a, end);
		b = fmax(b, a);
		if (i == 0 && (hp_model_begin(out, a, err) ||
			       hp_model_commit(out, err)))
			goto fail;
		if (put(out, m, i, a, err) || put(out, m, i, b, err))
			goto fail;
		end = b;
	}
	if (ns && (hp_model_begin(out, end, err) || hp_model_commit(out, err)))
		goto fail;
	return out;
fail:
	hp_model_free(out);
	return NULL;
}

double
hp_steps_total(const hp_model *m)
{
	size_t i, ns = hp_model_sample_count(m);
	double s = 0;

	for (i = 0; i < ns; i++)
		s += hp_model_amount(m, i, hp_model_sample_sum(m, i));
	return s;
}
