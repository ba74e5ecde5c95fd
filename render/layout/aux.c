/*
 * render/layout/aux.c - the .aux file of hp2ps -p: reading, writing, lookups.
 *
 * The format, as hp2ps writes it, one record per line:
 *
 *	X_RANGE 2.82
 *	Y_RANGE 348.00
 *	ORDER reduce 1		(one per band, 1 = bottom)
 *	SHADE reduce 0.00	(one per band, same order)
 *
 * hp2ps reads it with a token lexer that treats any digit as the start of
 * a number, so a band name starting with a digit breaks its reader, and a
 * name with a space cannot be told from two tokens.  Here the file is read
 * by lines instead: the first word is the keyword, the value is the LAST
 * word of the line, and the name is everything between, less the one
 * separating blank on each side.  Every file hp2ps wrote reads the same
 * way, and every name without a line break survives a round trip, the
 * empty name too ("ORDER  1", two blanks).
 *
 * Deviations, on purpose: numbers may omit the '.', carry a sign or an
 * exponent (hp2ps demands a '.'); non-finite numbers are refused.  For a
 * name given twice the first entry wins (hp2ps's rule); for a range given
 * twice the last one wins (also hp2ps's rule).  Numbers are read and
 * written with a '.' whatever the C locale says.
 *
 * Writing follows hp2ps (ranges "%.2f", ORDER 1..n, SHADE per band) except
 * that a shade is written with as many decimals as it takes to read back
 * exactly: hp2ps's "%.2f" turns every colour code into black or red.
 * Names containing a line break cannot be written and are left out.
 *
 * Past hp2ps: a SHADE may be a colour "#rrggbb" (hp2x's many-band and
 * by-name colours, which hp2ps's one-digit-per-tenth codes cannot hold),
 * so -p keeps those colours too.
 */
#include "aux-private.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../hp/arena.h"
#include "../../hp/cpoint.h"
#include "../../hp/grow.h"
#include "../../hp/hash.h"

struct entry {
	const char *name;	/* in the aux's arena */
	size_t len;
	long long order;	/* ORDER map */
	double shade;		/* SHADE map */
	int has_colour;		/* SHADE given as #rrggbb: colour */
	uint32_t colour;
};

/* Entries in insertion order (the order they are written back in), plus
 * a hash index of their names. */
struct map {
	struct entry *e;
	size_t n, cap;
	struct hp_index names;
};

struct render_aux {
	int has_x, has_y;
	double x_range, y_range;
	struct map order, shade;
	struct hp_arena arena;
};

render_aux *
render_aux_new(void)
{
	render_aux *a = hp_callocn(1, sizeof *a);

	return a;
}

static void
map_release(struct map *m)
{
	free(m->e);
	hp_index_free(&m->names);
	memset(m, 0, sizeof *m);
}

void
render_aux_clear(render_aux *a)
{
	map_release(&a->order);
	map_release(&a->shade);
	hp_arena_release(&a->arena);
	memset(a, 0, sizeof *a);
}

void
render_aux_free(render_aux *a)
{
	if (!a)
		return;
	render_aux_clear(a);
	free(a);
}

static const struct entry *
map_find(const struct map *m, const char *name, size_t len, uint64_t h)
{
	size_t slot = hp_index_start(&m->names, h);
	int64_t i;

	while ((i = hp_index_next(&m->names, h, &slot)) >= 0)
		if (m->e[i].len == len && memcmp(m->e[i].name, name, len) == 0)
			return &m->e[i];
	return NULL;
}

/* Add name unless present (the first entry for a name wins).  Returns -1
 * when out of memory or past 2^31 entries. */
static int
map_add(render_aux *a, struct map *m, const char *name, size_t len,
	long long order, double shade, struct hp_err *err)
{
	uint64_t h = hp_hash_bytes(name, len);
	struct entry *e;

	if (map_find(m, name, len, h))
		return 0;
	if (m->n >= INT32_MAX)
		return hp_err_set(err, "aux: too many entries");
	if (HP_GROW(m->e, m->cap, m->n + 1) < 0)
		return hp_err_set(err, "aux: out of memory");
	e = &m->e[m->n];
	e->name = hp_arena_dup(&a->arena, name, len);
	if (!e->name ||
	    hp_index_add(&m->names, h, (uint32_t)m->n) < 0)
		return hp_err_set(err, "aux: out of memory");
	e->len = len;
	e->order = order;
	e->shade = shade;
	e->has_colour = 0;
	m->n++;
	return 0;
}

double
render_aux_x_range(const render_aux *a)
{
	return a->has_x ? a->x_range : 0;
}

double
render_aux_y_range(const render_aux *a)
{
	return a->has_y ? a->y_range : 0;
}

int
render_aux_order(const render_aux *a, const char *name, size_t len,
		 long long *out)
{
	const struct entry *e = map_find(&a->order, name, len,
					 hp_hash_bytes(name, len));

	if (!e)
		return 0;
	*out = e->order;
	return 1;
}

int
render_aux_shade(const render_aux *a, const char *name, size_t len,
		 double *out)
{
	const struct entry *e = map_find(&a->shade, name, len,
					 hp_hash_bytes(name, len));

	if (!e)
		return 0;
	*out = e->shade;
	return 1;
}

int
render_aux_colour(const render_aux *a, const char *name, size_t len,
		  uint32_t *out)
{
	const struct entry *e = map_find(&a->shade, name, len,
					 hp_hash_bytes(name, len));

	if (!e || !e->has_colour)
		return 0;
	*out = e->colour;
	return 1;
}

size_t
render_aux_order_count(const render_aux *a)
{
	return a->order.n;
}

size_t
render_aux_shade_count(const render_aux *a)
{
	return a->shade.n;
}

void
render_aux_set_ranges(render_aux *a, double x, double y)
{
	a->has_x = a->has_y = 1;
	a->x_range = x;
	a->y_range = y;
}

int
render_aux_add_order(render_aux *a, const char *name, size_t len,
		     long long k, struct hp_err *err)
{
	return map_add(a, &a->order, name, len, k, 0, err);
}

int
render_aux_add_shade(render_aux *a, const char *name, size_t len,
		     double shade, struct hp_err *err)
{
	return map_add(a, &a->shade, name, len, 0, shade, err);
}

int
render_aux_add_colour(render_aux *a, const char *name, size_t len,
		      uint32_t rgb, struct hp_err *err)
{
	size_t n = a->shade.n;

	if (map_add(a, &a->shade, name, len, 0, 0, err) < 0)
		return -1;
	if (a->shade.n > n) {
		a->shade.e[n].has_colour = 1;
		a->shade.e[n].colour = rgb & 0xFFFFFF;
	}
	return 0;
}

/* "#rrggbb", exactly. */
static int
parse_colour(const char *s, size_t len, uint32_t *out)
{
	uint32_t v = 0;
	size_t i;

	if (len != 7 || s[0] != '#')
		return -1;
	for (i = 1; i < 7; i++) {
		char c = s[i];
		unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0') :
			c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) :
			c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16;
		if (d > 15)
			return -1;
		v = v << 4 | d;
	}
	*out = v;
	return 0;
}

/* Numbers: the file format always has '.' (hp/cpoint.h). */

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* [+-]digits[.digits][e[+-]digits], at least one mantissa digit, finite. */
static int
parse_double(const char *s, size_t len, double *out)
{
	char buf[512];
	const char *dp = hp_locale_point();
	size_t dplen = strlen(dp), i = 0, o = 0, digits = 0;
	char *end;
	double v;

	if (len == 0 || len > 400)
		return -1;
	if (s[i] == '+' || s[i] == '-')
		i++;
	for (; i < len && is_digit(s[i]); i++)
		digits++;
	if (i < len && s[i] == '.')
		for (i++; i < len && is_digit(s[i]); i++)
			digits++;
	if (digits == 0)
		return -1;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		size_t e0;
		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			i++;
		for (e0 = i; i < len && is_digit(s[i]); i++)
			;
		if (i == e0)
			return -1;
	}
	if (i != len)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] == '.') {
			memcpy(buf + o, dp, dplen);
			o += dplen;
		} else {
			buf[o++] = s[i];
		}
	}
	buf[o] = '\0';
	errno = 0;
	v = strtod(buf, &end);
	if (end != buf + o || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

/* [+-]digits, in the range of long long. */
static int
parse_integer(const char *s, size_t len, long long *out)
{
	unsigned long long v = 0, lim;
	int neg = 0;
	size_t i = 0;

	if (len > 0 && (s[0] == '+' || s[0] == '-'))
		neg = s[i++] == '-';
	if (i == len)
		return -1;
	lim = neg ? (unsigned long long)LLONG_MAX + 1 : (unsigned long long)LLONG_MAX;
	for (; i < len; i++) {
		unsigned d;
		if (!is_digit(s[i]))
			return -1;
		d = (unsigned)(s[i] - '0');
		if (v > (lim - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if (neg)
		*out = v == (unsigned long long)LLONG_MAX + 1 ? LLONG_MIN : -(long long)v;
	else
		*out = (long long)v;
	return 0;
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int
word_is(const char *w, size_t len, const char *kw)
{
	return strlen(kw) == len && memcmp(w, kw, len) == 0;
}

/* One non-empty line, leading and trailing blanks already gone. */
static int
read_line(render_aux *a, const char *fname, size_t lineno, const char *p,
	  const char *end, struct hp_err *err)
{
	const char *kw = p, *kwend, *val, *name, *nameend;
	int is_order;

	for (kwend = kw; kwend < end && !is_blank(*kwend); kwend++)
		;
	/* the value is the last word */
	for (val = end; val > kwend && !is_blank(val[-1]); val--)
		;

	if (word_is(kw, (size_t)(kwend - kw), "X_RANGE") ||
	    word_is(kw, (size_t)(kwend - kw), "Y_RANGE")) {
		const char *q;
		double v;
		for (q = kwend; q < end && is_blank(*q); q++)
			;
		if (q != val || val == end ||
		    parse_double(val, (size_t)(end - val), &v) < 0)
			return hp_err_set(err, "%s:%zu: floating point number "
					  "must follow %.7s", fname, lineno, kw);
		if (kw[0] == 'X') {
			a->has_x = 1;
			a->x_range = v;
		} else {
			a->has_y = 1;
			a->y_range = v;
		}
		return 0;
	}

	is_order = word_is(kw, (size_t)(kwend - kw), "ORDER");
	if (!is_order && !word_is(kw, (size_t)(kwend - kw), "SHADE"))
		return hp_err_set(err, "%s:%zu: expected X_RANGE, Y_RANGE, "
				  "ORDER or SHADE", fname, lineno);
	/* name = between the keyword and the value, one blank off each end;
	 * "ORDER  1" names the empty band (an eventlog may have one) */
	name = kwend + 1;
	nameend = val - 1;
	if (val == kwend || val == end || nameend < name) {
		if (is_order)
			return hp_err_set(err, "%s:%zu: identifier and integer "
					  "must follow ORDER", fname, lineno);
		return hp_err_set(err, "%s:%zu: identifier and floating point "
				  "number must follow SHADE", fname, lineno);
	}
	if (is_order) {
		long long k;
		if (parse_integer(val, (size_t)(end - val), &k) < 0)
			return hp_err_set(err, "%s:%zu: identifier and integer "
					  "must follow ORDER", fname, lineno);
		return render_aux_add_order(a, name, (size_t)(nameend - name),
					    k, err);
	} else {
		double s;
		uint32_t c;
		if (parse_colour(val, (size_t)(end - val), &c) == 0)
			return render_aux_add_colour(a, name,
						     (size_t)(nameend - name),
						     c, err);
		if (parse_double(val, (size_t)(end - val), &s) < 0)
			return hp_err_set(err, "%s:%zu: identifier and floating "
					  "point number must follow SHADE",
					  fname, lineno);
		return render_aux_add_shade(a, name, (size_t)(nameend - name),
					    s, err);
	}
}

int
render_aux_read(render_aux *a, const char *name, const void *data, size_t len,
		struct hp_err *err)
{
	const char *p = data, *end = p + len;
	size_t lineno = 0;

	if (!name)
		name = "aux";
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		const char *next = nl ? nl + 1 : end;

		lineno++;
		while (p < e && is_blank(*p))
			p++;
		while (e > p && is_blank(e[-1]))
			e--;
		if (p < e && read_line(a, name, lineno, p, e, err) < 0)
			return -1;
		p = next;
	}
	return 0;
}

static void
format_fixed(char *buf, size_t size, double v, int prec)
{
	snprintf(buf, size, "%.*f", prec, v);
	hp_c_point(buf);
}

/* The shortest of "%.2f" .. "%.17f" that reads back as v; "%.17g" for
 * what fixed notation cannot hold exactly (tiny or huge values). */
static void
format_shade(char *buf, size_t size, double v)
{
	double back;
	int prec;

	if (!isfinite(v))
		v = 0;
	if (fabs(v) < 1e15) {
		for (prec = 2; prec <= 17; prec++) {
			format_fixed(buf, size, v, prec);
			if (parse_double(buf, strlen(buf), &back) == 0 && back == v)
				return;
		}
	}
	snprintf(buf, size, "%.17g", v);
	hp_c_point(buf);
}

static int
writable(const struct entry *e)
{
	return !memchr(e->name, '\n', e->len) && !memchr(e->name, '\r', e->len);
}

int
render_aux_write(const render_aux *a, FILE *out, struct hp_err *err)
{
	char buf[512];
	size_t i;

	if (a->has_x) {
		format_fixed(buf, sizeof buf, a->x_range, 2);
		fprintf(out, "X_RANGE %s\n", buf);
	}
	if (a->has_y) {
		format_fixed(buf, sizeof buf, a->y_range, 2);
		fprintf(out, "Y_RANGE %s\n", buf);
	}
	for (i = 0; i < a->order.n; i++) {
		const struct entry *e = &a->order.e[i];
		if (!writable(e))
			continue;
		fputs("ORDER ", out);
		fwrite(e->name, 1, e->len, out);
		fprintf(out, " %lld\n", e->order);
	}
	for (i = 0; i < a->shade.n; i++) {
		const struct entry *e = &a->shade.e[i];
		if (!writable(e))
			continue;
		if (e->has_colour)
			snprintf(buf, sizeof buf, "#%06x",
				 (unsigned)e->colour);
		else
			format_shade(buf, sizeof buf, e->shade);
		fputs("SHADE ", out);
		fwrite(e->name, 1, e->len, out);
		fprintf(out, " %s\n", buf);
	}
	if (fflush(out) != 0 || ferror(out))
		return hp_err_write(err, errno);
	return 0;
}
