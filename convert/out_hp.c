/*
 * convert/out_hp.c - a model written as .hp text, and the number
 * formatting the three data writers share.
 *
 * The output is what GHC's RTS writes (rts/ProfHeap.c layout), so hp2ps
 * and every other .hp tool read it, and it reads back into the same
 * model: hp2x X.hp -o Y.hp is lossless.  Two things make that true:
 * times are written with as many decimals as it takes to read back the
 * same double (GHC's own "%.6f" whenever that suffices), and bands are
 * written by name, byte for byte, with the TAB that hp/hpfile.c splits at.
 *
 * What .hp cannot hold is changed as little as possible: a LF in a band
 * name becomes a space, a leading blank or LF becomes '_', an empty name
 * is written "_"; mark labels and eventlog-only data (series, IPE, labels,
 * BREAKDOWN) are left out.  A "" in a header string stands for '"', as
 * GHC >= 8.8 writes it.
 */
#include "dataout.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int
out_time(char *buf, double t)
{
	const char *dp = localeconv()->decimal_point;
	int prec, n = 0;
	char *p;

	if (!isfinite(t)) {
		strcpy(buf, "0");
		return -1;
	}
	if (t == 0)
		t = 0;		/* no "-0.000000": readers take no sign */
	/* 17 significant digits always round-trip, so prec stays below 6 +
	 * 17 + 324 (leading zeros of the smallest double). */
	for (prec = 6; prec < 360; prec++) {
		n = snprintf(buf, OUT_TIME_MAX, "%.*f", prec, t);
		if (n < 0 || n >= OUT_TIME_MAX) {
			n = snprintf(buf, OUT_TIME_MAX, "%.6f", t);
			break;
		}
		if (strtod(buf, NULL) == t)
			break;
	}
	/* printf spoke the current locale; the formats want '.'. */
	if (dp && strcmp(dp, ".") != 0 && *dp && (p = strstr(buf, dp))) {
		size_t k = strlen(dp);

		*p = '.';
		memmove(p + 1, p + k, strlen(p + k) + 1);
		n -= (int)k - 1;
	}
	return n;
}

void
out_u64(FILE *f, uint64_t v)
{
	char buf[24], *p = buf + sizeof buf;

	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	fwrite(p, 1, (size_t)(buf + sizeof buf - p), f);
}

int
out_flush(FILE *f, struct hp_err *err)
{
	if (fflush(f) != 0 || ferror(f))
		return hp_err_set(err, "write error: %s", strerror(errno));
	return 0;
}

static void
put_string(FILE *f, const char *key, const char *s)
{
	const char *q;

	fprintf(f, "%s \"", key);
	while ((q = strchr(s, '"'))) {
		fwrite(s, 1, (size_t)(q - s + 1), f);
		putc('"', f);
		s = q + 1;
	}
	fputs(s, f);
	fputs("\"\n", f);
}

static void
put_name(FILE *f, const char *s, size_t len)
{
	size_t i = 0, start;

	if (len == 0) {
		putc('_', f);
		return;
	}
	/* readers skip leading blanks */
	for (; i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n'); i++)
		putc('_', f);
	for (start = i; i < len; i++) {
		if (s[i] == '\n') {
			fwrite(s + start, 1, i - start, f);
			putc(' ', f);
			start = i + 1;
		}
	}
	fwrite(s + start, 1, len - start, f);
}

int
out_hp(const hp_model *m, FILE *f, struct hp_err *err)
{
	static const char *const def[] = { "", "", "seconds", "bytes" };
	static const char *const key[] = { "JOB", "DATE", "SAMPLE_UNIT", "VALUE_UNIT" };
	char t[OUT_TIME_MAX];
	size_t i, j, n;
	int k;

	for (k = 0; k < 4; k++) {
		const char *s = hp_model_get(m, (enum hp_field)k);

		put_string(f, key[k], s ? s : def[k]);
	}
	/* hp2ps refuses MARK inside a sample; before them all is fine */
	for (i = 0; i < hp_model_mark_count(m); i++) {
		if (out_time(t, hp_model_mark_time(m, i)) < 0)
			continue;
		fprintf(f, "MARK %s\n", t);
	}
	n = hp_model_sample_count(m);
	for (i = 0; i < n; i++) {
		const hp_band *b;
		const uint64_t *v;
		size_t ne = hp_model_sample(m, i, &b, &v);

		out_time(t, hp_model_sample_time(m, i));
		fprintf(f, "BEGIN_SAMPLE %s\n", t);
		for (j = 0; j < ne; j++) {
			size_t len;
			const char *name = hp_model_band_name(m, b[j], &len);

			put_name(f, name, len);
			putc('\t', f);
			out_u64(f, v[j]);
			putc('\n', f);
		}
		fprintf(f, "END_SAMPLE %s\n", t);
	}
	return out_flush(f, err);
}
