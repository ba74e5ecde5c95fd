/*
 * data/out_json.c - a model as one JSON object, for scripts and web
 * viewers.
 *
 *   {
 *   "job": "...", "date": "...", "sample_unit": "...", "value_unit": "...",
 *   "breakdown": "...", "source": "...",          (these two only when set)
 *   "kind": "heap",           (--kind's word: heap, time, ticky, heap-size)
 *   "bands": [{"name": "...", "label": "...", "ipe": {...}}, ...],
 *   "samples": [{"time": 0.1, "values": [[band, bytes], ...]}, ...],
 *   "marks": [{"time": 1.5, "label": null}, ...],
 *   "series": {"heap_size": [[t, v], ...], ...}   (only when present)
 *   "allocated": {"time": t, "bytes": N}          (HEAP_ALLOCATED's last)
 *   "counters": {"ALLOC_HEAP_tot": 123, ...}      (a ticky report's globals)
 *   }
 *
 * A ticky counter's band also has "ticky": {"entries": N, "alloc": N,
 * "allocd": N, "arity": N, "kinds": "...", "fvs": "...", "closure":
 * "function"}, every measure whatever the one drawn (an eventlog's: the
 * sums over its samples); "fvs" (GHC 9.4 on) and "closure" (from the
 * name's flags) are null when unknown, "arity" and "kinds" when the
 * eventlog never defined the counter; a time profile's band "stack": its
 * frames, outermost first.
 *
 * A header field never set is null.  "label" and "ipe" appear on a band
 * only when set; "band" in values is the index into "bands".  Samples are
 * sparse like the model: a band absent from "values" is zero there.
 * Times are numbers that read back as the same double (out_time); a
 * non-finite one is null.  Byte counts are exact integers (a reader with
 * 53-bit numbers may round those above 2^53).
 *
 * Strings are the model's bytes, which need not be UTF-8 (band names come
 * raw from the profile).  Valid UTF-8 is copied; each byte that is not
 * part of a valid sequence is written \u00XX, i.e. read as Latin-1, so
 * the output is always valid JSON, at the price that such a byte cannot
 * be told from a real U+0080..U+00FF afterwards.
 */
#include "dataout.h"

#include <string.h>

#include "../hp/ipe.h"
#include "../hp/parts.h"
#include "../hp/ticky.h"
#include "json.h"

/* The spacing of the file: the object's members one to a line, the
 * elements of the lists of bands, samples, marks and counters too, the
 * rest on the line of its member (json.h). */
static const struct json_space top = { "\n", ",\n", "\n" };
static const struct json_space lines = { "\n", ",\n", "" };
static const struct json_space inline_ = { "", ", ", "" };
static const struct json_space series_ = { "", ",\n", "" };

void
out_json_ipe(struct json_w *w, const struct hp_ipe *p,
	     const struct json_space *sp)
{
	json_object_sp(w, sp);
	json_key(w, "table_name");
	json_cstr(w, p->table_name);
	json_key(w, "closure_desc");
	json_cstr(w, p->closure_desc);
	if (hp_ipe_closure_type(p->closure_desc)) {
		/* GHC gives the closure type as its number: its name too */
		json_key(w, "closure_type");
		json_cstr(w, hp_ipe_closure_type(p->closure_desc));
	}
	json_key(w, "type_desc");
	json_cstr(w, p->type_desc);
	json_key(w, "label");
	json_cstr(w, p->label);
	json_key(w, "module");
	json_cstr(w, p->module);
	json_key(w, "srcloc");
	json_cstr(w, p->srcloc);
	json_end(w);
}

static void
put_ticky(struct json_w *w, const hp_model *m, hp_band b)
{
	const struct hp_ticky_row *r = hp_model_band_ticky(m, b);
	size_t len;
	const char *name = hp_model_band_name(m, b, &len);

	if (!r)
		return;
	json_key(w, "ticky");
	json_object_sp(w, &inline_);
	json_key(w, "entries");
	json_u64(w, r->entries);
	json_key(w, "alloc");
	json_u64(w, r->alloc);
	json_key(w, "allocd");
	json_u64(w, r->allocd);
	json_key(w, "arity");
	if (r->undefined)
		json_null(w);
	else
		json_u64(w, r->arity);
	json_key(w, "kinds");
	if (r->undefined)
		json_null(w);
	else
		json_str(w, r->kinds, r->kinds_len);
	json_key(w, "fvs");
	if (r->fvs)
		json_str(w, r->fvs, r->fvs_len);
	else
		json_null(w);
	json_key(w, "closure");
	json_cstr(w, hp_ticky_closure(name, len));
	json_end(w);
}

static void
put_stack(struct json_w *w, const hp_model *m, hp_band b)
{
	size_t len;
	const char *s = hp_model_band_stack(m, b, &len), *e, *z;

	if (!s)
		return;
	json_key(w, "stack");
	json_array_sp(w, &inline_);
	for (e = s + len; s < e; s = z + 1) {
		if (!(z = memchr(s, '\0', (size_t)(e - s))))
			z = e;
		json_str(w, s, (size_t)(z - s));
	}
	json_end(w);
}

static void
put_counters(struct json_w *w, const hp_model *m)
{
	size_t i, n = hp_model_counter_count(m);

	if (!n)
		return;
	json_key(w, "counters");
	json_object_sp(w, &lines);
	for (i = 0; i < n; i++) {
		uint64_t v;
		const char *name = hp_model_counter(m, i, &v);

		json_key(w, name);
		json_u64(w, v);
	}
	json_end(w);
}

static void
put_bands(struct json_w *w, const hp_model *m)
{
	size_t i, n = hp_model_band_count(m);

	json_key(w, "bands");
	json_array_sp(w, &lines);
	for (i = 0; i < n; i++) {
		size_t len, llen;
		const char *name = hp_model_band_name(m, (hp_band)i, &len);
		const char *label = hp_model_band_label(m, (hp_band)i, &llen);
		const struct hp_ipe *ipe = hp_model_band_ipe(m, (hp_band)i);

		json_object_sp(w, &inline_);
		json_key(w, "name");
		json_str(w, name, len);
		if (label != name) {
			json_key(w, "label");
			json_str(w, label, llen);
		}
		if (ipe) {
			json_key(w, "ipe");
			out_json_ipe(w, ipe, &inline_);
		}
		put_ticky(w, m, (hp_band)i);
		put_stack(w, m, (hp_band)i);
		json_end(w);
	}
	json_end(w);
}

/* [a, b] */
static void
put_pair(struct json_w *w, uint64_t a, uint64_t b)
{
	json_array_sp(w, &inline_);
	json_u64(w, a);
	json_u64(w, b);
	json_end(w);
}

static void
put_samples(struct json_w *w, const hp_model *m)
{
	/* the censuses: GHC's exit mark is "end", not a sample of 0 bytes */
	size_t i, j, n = hp_model_census_count(m);

	/* a per-interval profile's values are counts over an interval,
	 * in this unit (value_unit is the graph's rate) */
	if (hp_model_per_interval(m)) {
		json_key(w, "count_unit");
		json_cstr(w, hp_model_count_unit(m));
	}
	json_key(w, "end");
	json_num(w, hp_model_end_time(m));
	json_key(w, "samples");
	json_array_sp(w, &lines);
	for (i = 0; i < n; i++) {
		const hp_band *b;
		const uint64_t *v;
		size_t ne = hp_model_sample(m, i, &b, &v);

		json_object_sp(w, &inline_);
		json_key(w, "time");
		json_num(w, hp_model_sample_time(m, i));
		json_key(w, "values");
		json_array_sp(w, &inline_);
		for (j = 0; j < ne; j++)
			put_pair(w, b[j], v[j]);
		json_end(w);
		json_end(w);
	}
	json_end(w);
}

static void
put_marks(struct json_w *w, const hp_model *m)
{
	size_t i, n = hp_model_mark_count(m);

	json_key(w, "marks");
	json_array_sp(w, &lines);
	for (i = 0; i < n; i++) {
		json_object_sp(w, &inline_);
		json_key(w, "time");
		json_num(w, hp_model_mark_time(m, i));
		json_key(w, "label");
		json_cstr(w, hp_model_mark_label(m, i));
		json_end(w);
	}
	json_end(w);
}

static void
put_series(struct json_w *w, const hp_model *m)
{
	int s, first = 1;
	uint64_t bytes;
	double at;

	for (s = 0; s < HP_NSERIES; s++) {
		const double *t;
		const uint64_t *v;
		size_t i, n = hp_model_series(m, (enum hp_series)s, &t, &v);

		if (!n)
			continue;
		if (first) {
			json_key(w, "series");
			json_object_sp(w, &series_);
		}
		first = 0;
		json_key(w, hp_series_names[s].key);
		json_array_sp(w, &inline_);
		for (i = 0; i < n; i++) {
			json_array_sp(w, &inline_);
			json_num(w, t[i]);
			json_u64(w, v[i]);
			json_end(w);
		}
		json_end(w);
	}
	if (!first)
		json_end(w);
	if (hp_model_allocated(m, &at, &bytes)) {
		json_key(w, "allocated");
		json_object_sp(w, &inline_);
		json_key(w, "time");
		json_num(w, at);
		json_key(w, "bytes");
		json_u64(w, bytes);
		json_end(w);
	}
}

int
out_json(const hp_model *m, FILE *f, struct hp_err *err)
{
	static const char *const keys[HP_NFIELDS] = {
		[HP_JOB] = "job",
		[HP_DATE] = "date",
		[HP_SAMPLE_UNIT] = "sample_unit",
		[HP_VALUE_UNIT] = "value_unit",
		[HP_BREAKDOWN] = "breakdown",
		[HP_SOURCE] = "source",
	};
	struct json_w w;
	int k;

	json_init(&w, f, 0);
	w.colon = ": ";
	json_object_sp(&w, &top);
	for (k = 0; k <= HP_SOURCE; k++) {	/* the rest: --summary=json's "run" */
		const char *s = hp_model_get(m, (enum hp_field)k);

		if (!s && k > HP_VALUE_UNIT)
			continue;
		json_key(&w, keys[k]);
		json_cstr(&w, s);
	}
	/* which of a run's profiles this is (hp/parts.h): the samples'
	 * kind, or heap-size for the series alone */
	json_key(&w, "kind");
	json_cstr(&w, hp_part_names[hp_part_of(m)]);
	put_bands(&w, m);
	put_samples(&w, m);
	put_marks(&w, m);
	put_series(&w, m);
	put_counters(&w, m);
	json_end(&w);
	putc('\n', f);
	return out_flush(f, err);
}
