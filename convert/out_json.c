/*
 * convert/out_json.c - a model as one JSON object, for scripts and web
 * viewers.
 *
 *   {
 *   "job": "...", "date": "...", "sample_unit": "...", "value_unit": "...",
 *   "breakdown": "...", "source": "...",          (these two only when set)
 *   "bands": [{"name": "...", "label": "...", "ipe": {...}}, ...],
 *   "samples": [{"time": 0.1, "values": [[band, bytes], ...]}, ...],
 *   "marks": [{"time": 1.5, "label": null}, ...],
 *   "series": {"heap_size": [[t, v], ...], ...}   (only when present)
 *   "allocated": {"time": t, "bytes": N}          (HEAP_ALLOCATED's last)
 *   "counters": {"ALLOC_HEAP_tot": 123, ...}      (a ticky report's globals)
 *   }
 *
 * A ticky report's band also has "ticky": {"entries": N, "alloc": N,
 * "allocd": N, "arity": N, "kinds": "..."}, every measure whatever the
 * one drawn; a time profile's band "stack": its frames, outermost first.
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
#include "json.h"

void
out_json_str(FILE *f, const char *str, size_t len)
{
	json_put_str(f, str, len, 0);
}

void
out_json_cstr(FILE *f, const char *s)
{
	if (s)
		out_json_str(f, s, strlen(s));
	else
		fputs("null", f);
}

void
out_json_num(FILE *f, double t)
{
	char buf[OUT_TIME_MAX];

	if (out_time(buf, t) < 0)
		fputs("null", f);
	else
		fputs(buf, f);
}

static void
put_ipe(FILE *f, const struct hp_ipe *p)
{
	fputs(", \"ipe\": {\"table_name\": ", f);
	out_json_cstr(f, p->table_name);
	fputs(", \"closure_desc\": ", f);
	out_json_cstr(f, p->closure_desc);
	if (hp_ipe_closure_type(p->closure_desc)) {
		/* GHC gives the closure type as its number: its name too */
		fputs(", \"closure_type\": ", f);
		out_json_cstr(f, hp_ipe_closure_type(p->closure_desc));
	}
	fputs(", \"type_desc\": ", f);
	out_json_cstr(f, p->type_desc);
	fputs(", \"label\": ", f);
	out_json_cstr(f, p->label);
	fputs(", \"module\": ", f);
	out_json_cstr(f, p->module);
	fputs(", \"srcloc\": ", f);
	out_json_cstr(f, p->srcloc);
	putc('}', f);
}

static void
put_ticky(FILE *f, const struct hp_ticky_row *r)
{
	if (!r)
		return;
	fputs(", \"ticky\": {\"entries\": ", f);
	out_u64(f, r->entries);
	fputs(", \"alloc\": ", f);
	out_u64(f, r->alloc);
	fputs(", \"allocd\": ", f);
	out_u64(f, r->allocd);
	fputs(", \"arity\": ", f);
	out_u64(f, r->arity);
	fputs(", \"kinds\": ", f);
	out_json_str(f, r->kinds, r->kinds_len);
	putc('}', f);
}

static void
put_stack(FILE *f, const hp_model *m, hp_band b)
{
	size_t len;
	const char *s = hp_model_band_stack(m, b, &len), *e, *z;

	if (!s)
		return;
	fputs(", \"stack\": [", f);
	for (e = s + len; s < e; s = z + 1) {
		if (!(z = memchr(s, '\0', (size_t)(e - s))))
			z = e;
		out_json_str(f, s, (size_t)(z - s));
		if (z + 1 < e)
			fputs(", ", f);
	}
	putc(']', f);
}

static void
put_counters(FILE *f, const hp_model *m)
{
	size_t i, n = hp_model_counter_count(m);

	if (!n)
		return;
	fputs(",\n\"counters\": {", f);
	for (i = 0; i < n; i++) {
		uint64_t v;
		const char *name = hp_model_counter(m, i, &v);

		fputs(i ? ",\n" : "\n", f);
		out_json_str(f, name, strlen(name));
		fputs(": ", f);
		out_u64(f, v);
	}
	putc('}', f);
}

static void
put_bands(FILE *f, const hp_model *m)
{
	size_t i, n = hp_model_band_count(m);

	fputs("\"bands\": [", f);
	for (i = 0; i < n; i++) {
		size_t len, llen;
		const char *name = hp_model_band_name(m, (hp_band)i, &len);
		const char *label = hp_model_band_label(m, (hp_band)i, &llen);
		const struct hp_ipe *ipe = hp_model_band_ipe(m, (hp_band)i);

		fputs(i ? ",\n{\"name\": " : "\n{\"name\": ", f);
		out_json_str(f, name, len);
		if (label != name) {
			fputs(", \"label\": ", f);
			out_json_str(f, label, llen);
		}
		if (ipe)
			put_ipe(f, ipe);
		put_ticky(f, hp_model_band_ticky(m, (hp_band)i));
		put_stack(f, m, (hp_band)i);
		putc('}', f);
	}
	fputs("],\n", f);
}

static void
put_samples(FILE *f, const hp_model *m)
{
	/* the censuses: GHC's exit mark is "end", not a sample of 0 bytes */
	size_t i, j, n = hp_model_census_count(m);

	/* a per-interval profile's values are counts over an interval,
	 * in this unit (value_unit is the graph's rate) */
	if (hp_model_per_interval(m)) {
		fputs("\"count_unit\": ", f);
		out_json_cstr(f, hp_model_count_unit(m));
		fputs(",\n", f);
	}
	fputs("\"end\": ", f);
	out_json_num(f, hp_model_end_time(m));
	fputs(",\n\"samples\": [", f);
	for (i = 0; i < n; i++) {
		const hp_band *b;
		const uint64_t *v;
		size_t ne = hp_model_sample(m, i, &b, &v);

		fputs(i ? ",\n{\"time\": " : "\n{\"time\": ", f);
		out_json_num(f, hp_model_sample_time(m, i));
		fputs(", \"values\": [", f);
		for (j = 0; j < ne; j++) {
			fputs(j ? ", [" : "[", f);
			out_u64(f, b[j]);
			fputs(", ", f);
			out_u64(f, v[j]);
			putc(']', f);
		}
		fputs("]}", f);
	}
	fputs("],\n", f);
}

static void
put_marks(FILE *f, const hp_model *m)
{
	size_t i, n = hp_model_mark_count(m);

	fputs("\"marks\": [", f);
	for (i = 0; i < n; i++) {
		fputs(i ? ",\n{\"time\": " : "\n{\"time\": ", f);
		out_json_num(f, hp_model_mark_time(m, i));
		fputs(", \"label\": ", f);
		out_json_cstr(f, hp_model_mark_label(m, i));
		putc('}', f);
	}
	putc(']', f);
}

static void
put_series(FILE *f, const hp_model *m)
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
		fprintf(f, "%s\"%s\": [", first ? ",\n\"series\": {" : ",\n", hp_series_names[s].key);
		first = 0;
		for (i = 0; i < n; i++) {
			fputs(i ? ", [" : "[", f);
			out_json_num(f, t[i]);
			fputs(", ", f);
			out_u64(f, v[i]);
			putc(']', f);
		}
		putc(']', f);
	}
	if (!first)
		putc('}', f);
	if (hp_model_allocated(m, &at, &bytes)) {
		fputs(",\n\"allocated\": {\"time\": ", f);
		out_json_num(f, at);
		fputs(", \"bytes\": ", f);
		out_u64(f, bytes);
		putc('}', f);
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
	int k;

	fputs("{\n", f);
	for (k = 0; k < HP_NFIELDS; k++) {
		const char *s = hp_model_get(m, (enum hp_field)k);

		if (!s && k > HP_VALUE_UNIT)
			continue;
		fprintf(f, "\"%s\": ", keys[k]);
		out_json_cstr(f, s);
		fputs(",\n", f);
	}
	put_bands(f, m);
	put_samples(f, m);
	put_marks(f, m);
	put_series(f, m);
	put_counters(f, m);
	fputs("\n}\n", f);
	return out_flush(f, err);
}
