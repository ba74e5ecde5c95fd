/*
 * convert/out_csv.c - a model as long-form CSV, for spreadsheets, R and
 * pandas.
 *
 * Long form (one row per sample and band) rather than a wide matrix:
 * profiles have up to tens of thousands of bands, most of them zero in
 * most samples, and a row per non-zero value costs what the data costs.
 * RFC 4180 quoting, except that lines end in LF (every CSV reader takes
 * it, and it keeps the file diffable); a field is quoted only when it
 * holds ',', '"', CR or LF.  Band names are written byte for byte (they
 * may not be UTF-8).  Empty samples have no rows.
 */
#include "dataout.h"

#include <string.h>

static void
put_field(FILE *f, const char *s, size_t len)
{
	size_t i, start = 0;

	for (i = 0; i < len; i++)
		if (s[i] == ',' || s[i] == '"' || s[i] == '\r' || s[i] == '\n')
			break;
	if (i == len) {
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

int
out_csv(const hp_model *m, FILE *f, struct hp_err *err)
{
	size_t i, j, n = hp_model_sample_count(m);
	char t[OUT_TIME_MAX];
	char idx[24];

	fputs("sample,time,band,bytes\n", f);
	for (i = 0; i < n; i++) {
		const hp_band *b;
		const uint64_t *v;
		size_t ne = hp_model_sample(m, i, &b, &v), ni;

		if (!ne)
			continue;
		out_time(t, hp_model_sample_time(m, i));
		ni = (size_t)snprintf(idx, sizeof idx, "%zu,", i);
		for (j = 0; j < ne; j++) {
			size_t len;
			const char *name = hp_model_band_name(m, b[j], &len);

			fwrite(idx, 1, ni, f);
			fputs(t, f);
			putc(',', f);
			put_field(f, name, len);
			putc(',', f);
			out_u64(f, v[j]);
			putc('\n', f);
		}
	}
	return out_flush(f, err);
}
