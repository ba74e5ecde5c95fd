/*
 * live/live.c - the served page's live data (live.h): what a page
 * lacks of the model, in batches, and the exact columns of a zoom.
 *
 * Samples go by model band index, not by the page's stacking slots: the
 * page maps them as its data block says (a band drawn on its own, merged
 * into OTHER, or left out), and a band the page has never seen comes
 * with its name.  So a batch is the same for every page, whatever order
 * its key was in when it loaded.
 */
#include "live.h"

#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"
#include "../hp/steps.h"
#include "../data/json.h"
#include "../data/summary.h"

void
live_pos_of(const hp_model *m, struct live_pos *p)
{
	int k;

	memset(p, 0, sizeof *p);
	if (!m)
		return;
	p->samples = hp_model_sample_count(m);
	p->bands = hp_model_band_count(m);
	p->marks = hp_model_mark_count(m);
	for (k = 0; k < HP_NSERIES; k++) {
		const double *t;
		const uint64_t *v;

		p->series[k] = hp_model_series(m, (enum hp_series)k, &t, &v);
	}
}

static void
put_sample(struct json_w *w, const hp_model *m, size_t i)
{
	const hp_band *b;
	const uint64_t *v;
	size_t n = hp_model_sample(m, i, &b, &v), k;

	json_array(w);
	for (k = 0; k < n; k++) {
		json_u64(w, (uint64_t)b[k]);
		json_u64(w, v[k]);
	}
	json_end(w);
}

/* Where a batch from `from' ends: never before it (a page made from the
 * model after the last drawing is ahead of what was published). */
static size_t
upto(size_t from, size_t to, size_t cap)
{
	return to <= from ? from : to - from > cap ? from + cap : to;
}

int
live_table_make(struct live_table *t, const hp_model *m,
		const struct render_opts *ro, struct hp_err *err)
{
	memset(t, 0, sizeof *t);
	/* as summary_print: a per-interval profile's graph is of its
	 * steps (hp/steps.h) */
	if (hp_model_per_interval(m) && !(t->steps = hp_steps(m, err)))
		return -1;
	if (hp_stats_compute(&t->st, m, err)) {
		hp_model_free(t->steps);
		return -1;
	}
	if (layout_compute(&t->l, t->steps ? t->steps : m, ro, NULL, NULL,
			   NULL, err)) {
		hp_stats_release(&t->st);
		hp_model_free(t->steps);
		return -1;
	}
	return 0;
}

void
live_table_release(struct live_table *t)
{
	layout_release(&t->l);
	hp_stats_release(&t->st);
	hp_model_free(t->steps);
	memset(t, 0, sizeof *t);
}

int
live_batch(FILE *f, const hp_model *m, struct live_pos *at,
	   const struct live_pos *to, const struct live_table *tab, int tab_due)
{
	struct json_w w;
	size_t i, e, nb, len;
	int k, any = 0;

	/* A thinned series (hp_model_add_point) holds fewer points than
	 * were sent: the page keeps what it has, the next come from here. */
	for (k = 0; k < HP_NSERIES; k++) {
		if (at->series[k] > to->series[k])
			at->series[k] = to->series[k];
		any |= at->series[k] < to->series[k];
	}
	if (!any && at->samples >= to->samples && at->marks >= to->marks
	    && !(tab && tab_due))
		return 0;
	json_init(&w, f, 0);
	json_object(&w);
	e = upto(at->samples, to->samples, LIVE_BATCH);
	json_key(&w, "i");
	json_u64(&w, at->samples);
	json_key(&w, "t");
	json_array(&w);
	for (i = at->samples; i < e; i++)
		json_num(&w, hp_model_sample_time(m, i));
	json_end(&w);
	json_key(&w, "s");
	json_array(&w);
	for (i = at->samples; i < e; i++)
		put_sample(&w, m, i);
	json_end(&w);
	/* Every band these samples name is interned by now. */
	nb = hp_model_band_count(m);
	json_key(&w, "names");
	json_array(&w);
	for (i = at->bands; i < nb && i < to->bands; i++) {
		const char *s = hp_model_band_name(m, (hp_band)i, &len);

		json_array(&w);
		json_u64(&w, i);
		json_str(&w, s, len);
		json_end(&w);
	}
	json_end(&w);
	if (at->bands < to->bands)
		at->bands = to->bands;
	at->samples = e;
	e = upto(at->marks, to->marks, LIVE_BATCH);
	json_key(&w, "mi");
	json_u64(&w, at->marks);
	json_key(&w, "marks");
	json_array(&w);
	for (i = at->marks; i < e; i++) {
		json_array(&w);
		json_num(&w, hp_model_mark_time(m, i));
		json_cstr(&w, hp_model_mark_label(m, i));
		json_end(&w);
	}
	json_end(&w);
	at->marks = e;
	json_key(&w, "series");
	json_object(&w);
	for (k = 0; k < HP_NSERIES; k++) {
		const double *t;
		const uint64_t *v;

		hp_model_series(m, (enum hp_series)k, &t, &v);
		if (at->series[k] >= to->series[k])
			continue;
		e = upto(at->series[k], to->series[k], LIVE_POINTS);
		json_key(&w, hp_series_names[k].key);
		json_array(&w);
		json_u64(&w, at->series[k]);
		json_array(&w);
		for (i = at->series[k]; i < e; i++)
			json_num(&w, t[i]);
		json_end(&w);
		json_array(&w);
		for (i = at->series[k]; i < e; i++)
			json_u64(&w, v[i]);
		json_end(&w);
		json_end(&w);
		at->series[k] = e;
	}
	json_end(&w);
	json_key(&w, "n");
	json_u64(&w, to->samples);
	/* What the page says it holds once it has them all: the censuses,
	 * as every count (a .hp's exit mark is none, model.h). */
	json_key(&w, "c");
	json_u64(&w, (to->samples == hp_model_sample_count(m)
		      ? hp_model_census_count(m) : to->samples) +
		     hp_model_dropped(m));
	if (tab && at->samples == to->samples)
		summary_rows(&w, &tab->st, &tab->l);
	json_end(&w);
	return 1;
}

int
live_columns(FILE *f, const hp_model *m, render_colidx *x, double a, double b,
	     size_t ncols, struct hp_err *err)
{
	size_t n = hp_model_sample_count(m), ia, ib, c, nk = 0, i;
	size_t nb = hp_model_band_count(m);
	size_t *keep = NULL;
	int32_t *slot = NULL;
	struct json_w w;
	int exact, rc = -1;

	if (ncols < 1)
		ncols = 1;
	if (ncols > 8192)
		ncols = 8192;
	ia = hp_model_first_at(m, n, a);
	ib = hp_model_first_at(m, n, b);
	/* one sample beyond each side, as the page draws to the edges */
	if (ia > 0)
		ia--;
	if (ib < n)
		ib++;
	exact = ib - ia <= 2 * ncols;
	keep = hp_mallocn(exact ? (ib - ia) + 1 : 2 * ncols + 2, sizeof *keep);
	if (!keep)
		return hp_err_set(err, "out of memory");
	if (exact) {
		for (i = ia; i < ib; i++)
			keep[nk++] = i;
	} else {
		int s;

		slot = hp_callocn(nb ? nb : 1, sizeof *slot);
		if (!slot) {
			hp_err_set(err, "out of memory");
			goto out;
		}
		s = render_colidx_sync(x, m, slot, nb, 1, n,
				     hp_model_sample_time(m, 0), 0);
		if (s < 0) {
			hp_err_set(err, "out of memory");
			goto out;
		}
		for (c = 0; c < ncols; c++) {
			double t0 = a + (b - a) * (double)c / (double)ncols;
			double t1 = a + (b - a) * (double)(c + 1) / (double)ncols;
			size_t p = c ? hp_model_first_at(m, n, t0) : ia;
			size_t q = c + 1 < ncols ? hp_model_first_at(m, n, t1) : ib;
			struct render_colidx_span sp;
			size_t lo, hi;

			if (p >= q)
				continue;
			if (s == 0) {
				render_colidx_span(x, m, p, q, 0, &sp);
				lo = sp.kmin;
				hi = sp.kmax;
			} else {
				/* not indexable (render_colidx_sync): walked */
				lo = hi = p;
				for (i = p; i < q; i++) {
					if (hp_model_sample_sum(m, i) < hp_model_sample_sum(m, lo))
						lo = i;
					if (hp_model_sample_sum(m, i) > hp_model_sample_sum(m, hi))
						hi = i;
				}
			}
			if (lo > hi) {
				size_t t = lo;

				lo = hi;
				hi = t;
			}
			if (!nk || keep[nk - 1] < lo)
				keep[nk++] = lo;
			if (keep[nk - 1] < hi)
				keep[nk++] = hi;
		}
	}
	json_init(&w, f, 0);
	json_object(&w);
	json_key(&w, "exact");
	json_int(&w, exact);
	json_key(&w, "k");
	json_array(&w);
	for (i = 0; i < nk; i++)
		json_u64(&w, keep[i]);
	json_end(&w);
	json_key(&w, "t");
	json_array(&w);
	for (i = 0; i < nk; i++)
		json_num(&w, hp_model_sample_time(m, keep[i]));
	json_end(&w);
	json_key(&w, "s");
	json_array(&w);
	for (i = 0; i < nk; i++)
		put_sample(&w, m, keep[i]);
	json_end(&w);
	json_end(&w);
	rc = 0;
out:
	free(keep);
	free(slot);
	return rc;
}
