/*
 * data/out_csv.c - a model as long-form CSV, for spreadsheets, R and
 * pandas.
 *
 * Long form (one row per sample and band) rather than a wide matrix:
 * profiles have up to tens of thousands of bands, most of them zero in
 * most samples, and a row per non-zero value costs what the data costs.
 * RFC 4180 quoting, except that lines end in LF (every CSV reader takes
 * it, and it keeps the file diffable); a field is quoted only when it
 * holds ',', '"', CR or LF.  Band names are written byte for byte (they
 * may not be UTF-8).  Empty samples have no rows, and neither has a zero
 * a profile lists (-hb's "DRAG 0"): .hp and JSON output keep those.
 *
 * A ticky report is a table of counters, not samples over time: one row
 * per counter, every counter, ranked by the measure drawn (largest
 * first), with all three measures: "rank,entries,alloc,allocd,arity,
 * kinds,counter".
 *
 * An eventlog without a heap profile (plain +RTS -l) has no sample, only
 * the heap-size series the GC logs: one row per point, "time,series,
 * bytes", series heap_size, blocks_size, heap_live (the JSON keys).  A
 * heap profile's CSV leaves its series out (JSON holds them).
 *
 * The last column of every form, "kind", says which of a run's profiles
 * the row is of (hp/parts.h: heap, time, ticky, heap-size): one eventlog
 * may hold several, each written by --kind.
 */
#include "dataout.h"

#include "../hp/grow.h"
#include "../hp/parts.h"

#include <stdlib.h>
#include <string.h>

static int
needs_quotes(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] == ',' || s[i] == '"' || s[i] == '\r' || s[i] == '\n')
			return 1;
	return 0;
}

static void
put_field(FILE *f, const char *s, size_t len)
{
	size_t i, start = 0;

	if (!needs_quotes(s, len)) {
		fwrite(s, 1, len, f);
		return;
	}
	putc('"', f);
	for (i = 0; i < len; i++) {
		if (s[i] == '"') {
			fwrite(s + start, 1, i + 1 - start, f);
			start = i;	/* the quote again: doubled */
		}
	}
	fwrite(s + start, 1, len - start, f);
	putc('"', f);
}

struct ranked {
	hp_band b;
	uint64_t v;
};

static int
by_value(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->v != y->v)
		return x->v > y->v ? -1 : 1;
	return (x->b > y->b) - (x->b < y->b);
}

static int
counters_csv(const hp_model *m, FILE *f, struct hp_err *err)
{
	size_t n = hp_model_band_count(m), i;
	struct ranked *r = hp_callocn(n ? n : 1, sizeof *r);
	const hp_band *b;
	const uint64_t *v;
	size_t nv = hp_model_sample_count(m) ? hp_model_sample(m, 0, &b, &v) : 0;

	if (!r)
		return hp_err_set(err, "out of memory");
	for (i = 0; i < n; i++)
		r[i].b = (hp_band)i;
	for (i = 0; i < nv; i++)
		r[b[i]].v = v[i];
	qsort(r, n, sizeof *r, by_value);
	fputs("rank,entries,alloc,allocd,arity,kinds,counter,kind\n", f);
	for (i = 0; i < n; i++) {
		const struct hp_ticky_row *t = hp_model_band_ticky(m, r[i].b);
		size_t len;
		const char *name = hp_model_band_name(m, r[i].b, &len);

		fprintf(f, "%zu,", i + 1);
		if (t) {
			out_u64(f, t->entries);
			putc(',', f);
			out_u64(f, t->alloc);
			putc(',', f);
			out_u64(f, t->allocd);
			putc(',', f);
			out_u64(f, t->arity);
			putc(',', f);
			put_field(f, t->kinds, t->kinds_len);
		} else {
			fputs(",,,,", f);
		}
		putc(',', f);
		put_field(f, name, len);
		fputs(",ticky\n", f);
	}
	free(r);
	return out_flush(f, err);
}

/* An eventlog without a heap profile: its series, one after the other,
 * each in time order. */
static int
series_csv(const hp_model *m, FILE *f, struct hp_err *err)
{
	char t[OUT_TIME_MAX];
	const uint64_t *v;
	const double *ts;
	size_t s, i, n;

	fputs("time,series,bytes,kind\n", f);
	for (s = 0; s < HP_NSERIES; s++) {
		n = hp_model_series(m, (enum hp_series)s, &ts, &v);
		for (i = 0; i < n; i++) {
			out_time(t, ts[i]);
			fprintf(f, "%s,%s,", t, hp_series_names[s].key);
			out_u64(f, v[i]);
			fputs(",heap-size\n", f);
		}
	}
	return out_flush(f, err);
}

/* The head when asked, then a row per non-zero value of samples
 * t->sample on, numbered from t->serial. */
/* A profile's rows are built in a block that is written whole: a stdio
 * call per field, each taking the stream's lock, was most of the CPU of
 * a large profile's CSV. */
struct rows {
	FILE *f;
	size_t n;
	char b[1 << 16];
};

static void
rows_flush(struct rows *r)
{
	if (r->n)
		fwrite(r->b, 1, r->n, r->f);
	r->n = 0;
}

static void
rows_put(struct rows *r, const char *s, size_t len)
{
	if (len > sizeof r->b - r->n) {
		rows_flush(r);
		if (len > sizeof r->b) {
			fwrite(s, 1, len, r->f);
			return;
		}
	}
	memcpy(r->b + r->n, s, len);
	r->n += len;
}

static int
put_rows(const hp_model *m, const struct out_tail *tl, FILE *f,
	 struct hp_err *err)
{
	size_t i, j, n = hp_model_sample_count(m), nb = hp_model_band_count(m);
	char pre[OUT_TIME_MAX + 24], num[24 + 32];	/* digits, ",KIND\n" */
	const char *kind = hp_part_names[hp_part_of(m)];
	size_t kl = strlen(kind), npre;
	int tn;
	struct rows *r = hp_malloc(sizeof *r);
	char *quote = hp_mallocn(nb ? nb : 1, 1);	/* name needs quotes */

	if (!r || !quote) {
		free(r);
		free(quote);
		return hp_err_set(err, "out of memory");
	}
	r->f = f;
	r->n = 0;
	for (i = 0; i < nb; i++) {
		size_t len;
		const char *s = hp_model_band_name(m, (hp_band)i, &len);

		quote[i] = (char)needs_quotes(s, len);
	}
	/* each value's unit: bytes, or a ticky profile's entries, or a
	 * time profile's ticks, or a .hp's own VALUE_UNIT (data: quoted
	 * as any field) */
	if (tl->header) {
		fputs("sample,time,band,", f);
		put_field(f, hp_model_count_unit(m), strlen(hp_model_count_unit(m)));
		fputs(",kind\n", f);
	}
	/* ",KIND\n" after the room for a value's digits */
	snprintf(num + 24, sizeof num - 24, ",%s\n", kind);
	for (i = tl->sample; i < n; i++) {
		const hp_band *b;
		const uint64_t *v;
		size_t ne = hp_model_sample(m, i, &b, &v);

		if (!ne)
			continue;
		npre = (size_t)snprintf(pre, sizeof pre, "%zu,",
					tl->serial + (i - tl->sample));
		tn = out_time(pre + npre, hp_model_sample_time(m, i));
		npre += tn < 0 ? 1 : (size_t)tn;	/* not finite: "0" */
		pre[npre++] = ',';
		for (j = 0; j < ne; j++) {
			size_t len;
			const char *name = hp_model_band_name(m, b[j], &len);
			char *d;

			if (!v[j])
				continue;
			rows_put(r, pre, npre);
			if (quote[b[j]]) {
				rows_flush(r);
				put_field(f, name, len);
			} else {
				rows_put(r, name, len);
			}
			d = out_u64_digits(num + 24, v[j]);
			*--d = ',';
			rows_put(r, d, (size_t)(num + 26 + kl - d));
		}
	}
	rows_flush(r);
	free(r);
	free(quote);
	return out_flush(f, err);
}

int
out_csv_tail(const hp_model *m, const struct out_tail *t, FILE *f,
	     struct hp_err *err)
{
	if (hp_model_profile(m) != HP_PROFILE_HEAP || hp_model_series_only(m))
		return 1;
	return put_rows(m, t, f, err);
}

int
out_csv(const hp_model *m, FILE *f, struct hp_err *err)
{
	struct out_tail all = { 0, 0, 0, 1 };

	if (hp_model_profile(m) == HP_PROFILE_COUNTERS)
		return counters_csv(m, f, err);
	if (hp_model_series_only(m))
		return series_csv(m, f, err);
	return put_rows(m, &all, f, err);
}
