/*
 * data/out_hp.c - a model written as .hp text, and the number
 * formatting the four data writers share.
 *
 * The output is what GHC's RTS writes (rts/ProfHeap.c layout), so hp2ps
 * and every other .hp tool read it, and it reads back into the same
 * model: hp2x X.hp -o Y.hp is lossless.  Two things make that true:
 * times are written with as many decimals as it takes to read back the
 * same double (GHC's own "%.6f" whenever that suffices), and bands are
 * written by name, byte for byte, with the TAB that hp/hpfile.c splits at.
 *
 * A band name .hp cannot hold (one with a LF, one that starts with a
 * blank, the empty name: eventlogs have them) is written escaped, and
 * distinct bands always get distinct names: \n for a LF, \t and \x20 for
 * a leading TAB or space, \\ for a backslash; the empty name as "".  Should
 * that equal another band's name, " (2)", " (3)", ... is added.  Names
 * .hp can hold are never changed, so a .hp file still round-trips byte
 * for byte.  Mark labels and eventlog-only data (series, IPE, labels,
 * BREAKDOWN) are left out.  A "" in a header string stands for '"', as
 * GHC >= 8.8 writes it.
 */
#include "dataout.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/cpoint.h"
#include "../hp/grow.h"
#include "../hp/steps.h"

int
out_time(char *buf, double t)
{
	int prec, n = 0;

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
	n -= (int)hp_c_point(buf);
	return n;
}

void
out_u64(FILE *f, uint64_t v)
{
	char buf[24], *p = out_u64_digits(buf + sizeof buf, v);

	fwrite(p, 1, (size_t)(buf + sizeof buf - p), f);
}

char *
out_u64_digits(char *end, uint64_t v)
{
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return end;
}

int
out_flush(FILE *f, struct hp_err *err)
{
	if (fflush(f) != 0 || ferror(f))
		return hp_err_write(err, errno);
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

/* Can .hp text hold this name as it is?  The reader takes a line's
 * first non-blank byte as the name's first, and a LF ends the line. */
static int
plain_name(const char *s, size_t len)
{
	return len > 0 && s[0] != ' ' && s[0] != '\t' && !memchr(s, '\n', len);
}

static int
put_bytes(char **buf, size_t *n, size_t *cap, const char *s, size_t len)
{
	if (len > SIZE_MAX - *n || HP_GROW(*buf, *cap, *n + len))
		return -1;
	memcpy(*buf + *n, s, len);
	*n += len;
	return 0;
}

/* A name .hp cannot hold, escaped into buf[0..*n). */
static int
escape_name(const char *s, size_t len, char **buf, size_t *n, size_t *cap)
{
	size_t i;
	int lead = 1, rc = 0;

	*n = 0;
	if (len == 0)
		return put_bytes(buf, n, cap, "\"\"", 2);
	for (i = 0; i < len && !rc; i++) {
		char c = s[i];

		if (c == '\n')
			rc = put_bytes(buf, n, cap, "\\n", 2);
		else if (c == '\\')
			rc = put_bytes(buf, n, cap, "\\\\", 2);
		else if (lead && c == ' ')
			rc = put_bytes(buf, n, cap, "\\x20", 4);
		else if (lead && c == '\t')
			rc = put_bytes(buf, n, cap, "\\t", 2);
		else
			rc = put_bytes(buf, n, cap, &c, 1);
		lead = lead && (c == ' ' || c == '\t');
	}
	return rc;
}

/*
 * The names written for bands .hp cannot hold: interned, in band order,
 * into a scratch model (a set of names), each different from every
 * band's own name and from those chosen before it.  *alias is NULL when
 * every name is plain.  Returns -1 when out of memory.
 */
static int
alias_names(const hp_model *m, hp_model **alias, hp_band **map)
{
	size_t nb = hp_model_band_count(m), b, n, cap = 0, base;
	char *buf = NULL, num[32];
	hp_band got;
	int rc = -1;

	*alias = NULL;
	*map = NULL;
	for (b = 0; b < nb; b++) {
		const char *s = hp_model_band_name(m, (hp_band)b, &n);

		if (!plain_name(s, n))
			break;
	}
	if (b == nb)
		return 0;
	if (!(*alias = hp_model_new()) || !(*map = hp_mallocn(nb, sizeof **map)))
		goto out;
	for (b = 0; b < nb; b++) {
		const char *s = hp_model_band_name(m, (hp_band)b, &n);
		unsigned long k;
		struct hp_err e;

		(*map)[b] = UINT32_MAX;
		if (plain_name(s, n))
			continue;
		if (escape_name(s, n, &buf, &base, &cap))
			goto out;
		for (k = 1, n = base;; k++) {
			if (k > 1) {
				int w = snprintf(num, sizeof num, " (%lu)", k);

				n = base;
				if (put_bytes(&buf, &n, &cap, num, (size_t)w))
					goto out;
			}
			if (!hp_model_lookup(m, buf, n, &got) &&
			    !hp_model_lookup(*alias, buf, n, &got))
				break;
		}
		e.msg[0] = '\0';
		if (hp_model_intern(*alias, buf, n, &(*map)[b], &e))
			goto out;
	}
	rc = 0;
out:
	free(buf);
	return rc;
}

/* v as "%g" does it, with a '.' whatever the locale. */
static void
g_number(char *buf, size_t size, double v)
{
	snprintf(buf, size, "%g", v);
	hp_c_point(buf);
}

/* A .hp holds whole numbers and no scale: a time profile's values are
 * ticks per column (model.h), drawn times the scale as CPU seconds per
 * second.  Its VALUE_UNIT says what the numbers count, so that hp2ps's
 * axis, and hp2x reading the file back, tell the truth. */
static const char *
scaled_unit(char *buf, size_t size, const hp_model *m)
{
	double tick = hp_model_tick(m) * 1e3, col = tick / hp_model_scale(m);
	char a[32], b[32];

	if (hp_model_profile(m) == HP_PROFILE_TIME && tick > 0) {
		g_number(a, sizeof a, tick);
		g_number(b, sizeof b, col);
		snprintf(buf, size, "ticks of %s ms per %s ms", a, b);
	} else {
		g_number(b, sizeof b, hp_model_scale(m));
		snprintf(buf, size, "%s x %s", hp_model_count_unit(m), b);
	}
	return buf;
}

/* The header, the marks from t->mark on and the samples from
 * t->sample on. */
static int
put_tail(const hp_model *m, const struct out_tail *tl, FILE *f,
	 struct hp_err *err)
{
	static const char *const def[] = { "", "", "seconds", "bytes" };
	static const char *const key[] = { "JOB", "DATE", "SAMPLE_UNIT", "VALUE_UNIT" };
	char t[OUT_TIME_MAX], u[96];
	size_t i, j, n;
	hp_model *alias;
	hp_band *map;
	int k;

	if (alias_names(m, &alias, &map)) {
		hp_model_free(alias);
		free(map);
		return hp_err_set(err, "out of memory");
	}
	for (k = 0; tl->header && k < 4; k++) {
		const char *s = hp_model_get(m, (enum hp_field)k);

		if (k == HP_VALUE_UNIT && hp_model_scale(m) != 1)
			s = scaled_unit(u, sizeof u, m);
		put_string(f, key[k], s ? s : def[k]);
	}
	/* hp2ps refuses MARK inside a sample; before them all is fine */
	for (i = tl->mark; i < hp_model_mark_count(m); i++) {
		if (out_time(t, hp_model_mark_time(m, i)) < 0)
			continue;
		fprintf(f, "MARK %s\n", t);
	}
	n = hp_model_sample_count(m);
	for (i = tl->sample; i < n; i++) {
		const hp_band *b;
		const uint64_t *v;
		size_t ne = hp_model_sample(m, i, &b, &v);

		out_time(t, hp_model_sample_time(m, i));
		fprintf(f, "BEGIN_SAMPLE %s\n", t);
		for (j = 0; j < ne; j++) {
			size_t len;
			const char *name = hp_model_band_name(m, b[j], &len);

			if (map && map[b[j]] != UINT32_MAX)
				name = hp_model_band_name(alias, map[b[j]], &len);
			fwrite(name, 1, len, f);
			putc('\t', f);
			out_u64(f, v[j]);
			putc('\n', f);
		}
		fprintf(f, "END_SAMPLE %s\n", t);
	}
	hp_model_free(alias);
	free(map);
	return out_flush(f, err);
}

int
out_hp_tail(const hp_model *m, const struct out_tail *t, FILE *f,
	    struct hp_err *err)
{
	if (hp_model_profile(m) != HP_PROFILE_HEAP || hp_model_series_only(m))
		return 1;
	return put_tail(m, t, f, err);
}

int
out_hp(const hp_model *m, FILE *f, struct hp_err *err)
{
	struct out_tail all = { 0, 0, 0, 1 };
	hp_model *steps = NULL;
	int rc;

	/* A .hp holds samples only: its series would be lost, and a .hp
	 * without samples is refused by every reader, this one included. */
	if (hp_model_series_only(m))
		return hp_err_set(err, "a .hp output needs heap samples: this "
				  "eventlog holds no heap profile, only the heap "
				  "size over time (a graph, CSV or JSON output "
				  "holds it)");
	/* a per-interval profile as drawn: its steps (hp/steps.h), rates
	 * that hp2ps draws as hp2x does */
	if (hp_model_per_interval(m)) {
		if (!(steps = hp_steps(m, err)))
			return -1;
		m = steps;
	}
	rc = put_tail(m, &all, f, err);
	hp_model_free(steps);
	return rc;
}
