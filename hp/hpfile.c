/*
 * hp/hpfile.c - the .hp text frontend: GHC heap-profile text into a model.
 *
 * The reader is line-based, not token-based like hp2ps: GHC writes one
 * record per line and separates a band name from its value with a TAB,
 * and only a line view can keep names with spaces (GHC #2071).  Bytes come
 * in arbitrary chunks; complete lines are parsed straight out of the chunk
 * and only an unfinished tail is copied, into one growable buffer.
 *
 * It is over 1,000 lines as one reader: the grammar and semantics below,
 * the chunked line assembly and the recovery from a cut last sample are
 * one state machine over one struct, and split they would share it all.
 *
 * GRAMMAR (as accepted)
 *
 *   file    := BOM? line*
 *   line    := blank* record? blank* EOL        EOL := LF | CR LF | end of input
 *                                               (CR in a file of CR-only lines)
 *   record  := JOB string | DATE string | SAMPLE_UNIT string | VALUE_UNIT string
 *            | MARK time | BEGIN_SAMPLE time | END_SAMPLE time
 *            | band
 *   string  := blank* '"' (any byte except '"' | '""' | EOL)* '"'
 *   time    := blank+ digit+ (('.' | ',') digit*)?
 *   band    := name TAB blank* value              the LAST tab of the line splits
 *            | name blank+ value                  only when the line has no TAB
 *   value   := digit+                             0 .. 2^64-1, exact
 *   blank   := ' ' | TAB
 *
 * - Keywords are case-sensitive whole words; any other first word starts a
 *   band.  Inside a sample, a line whose last TAB is followed by an integer
 *   is a band whatever its first word, so a -hd constructor called MARK or
 *   JOB (written "MARK\t48" by GHC, which puts a space after keywords)
 *   stays readable.
 * - A string may span lines (each line end becomes one LF in the value);
 *   "" stands for one '"'; a backslash is an ordinary byte.  Only blanks
 *   may follow the closing quote.
 * - A time may use ',' as its decimal separator (RTSes before 2020 in
 *   comma locales), and any number of decimals, none included.
 * - A band name is every byte from the first non-blank of the line up to
 *   the separator, kept exactly: spaces, quotes, parentheses, backslashes,
 *   NUL and non-UTF-8 bytes included.  Names cannot start with a blank or
 *   hold a LF.
 *
 * SEMANTICS
 *
 * - Header keys may come in any order, anywhere, any number of times; the
 *   last one wins.  Missing keys are left unset with one warning (hp2ps
 *   refuses such files; renderers have defaults).
 * - BEGIN_SAMPLE t opens a sample; t must not be below the previous
 *   sample's time.  END_SAMPLE t closes it (its t is checked for syntax
 *   only, as hp2ps does).  Empty samples, such as the first and last ones
 *   GHC writes, are real samples; the last, written at exit
 *   (endHeapProfiling in rts/ProfHeap.c), is the end of the run and
 *   not a census (hp_model_census_count).  Duplicate names in a sample are summed.
 * - Band lines belong inside a sample.  MARK t may appear anywhere.
 * - Lines end in LF (or CR LF).  A file with no LF in its first 64 KiB
 *   but a CR there is a file of CR-only lines (classic Mac OS), read so.
 * - A line, or a header string, longer than HP_MAX_LINE (64 MiB) is
 *   refused, "FILE:LINE: line longer than 64 MiB": no band name or header
 *   is that long, and a gzip bomb of one line must not take the memory.
 * - Input that ends inside a sample or in the middle of a line (a profile
 *   still being written, or a killed program) loses only that unfinished
 *   part, with one warning; a last line without its LF is still read.
 * - Empty input, and input without one complete sample, are errors.
 *   Every other error is "FILE:LINE: what was expected".
 */
#include "hpfile.h"
#include "facts.h"
#include "frontend.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpoint.h"
#include "grow.h"

enum key {
	K_JOB, K_DATE, K_SAMPLE_UNIT, K_VALUE_UNIT,	/* == enum hp_field */
	K_MARK, K_BEGIN, K_END, K_NONE
};
_Static_assert((int)K_JOB == (int)HP_JOB && (int)K_DATE == (int)HP_DATE &&
	       (int)K_SAMPLE_UNIT == (int)HP_SAMPLE_UNIT &&
	       (int)K_VALUE_UNIT == (int)HP_VALUE_UNIT,
	       "header keywords index enum hp_field");

static const struct {
	const char *word;
	size_t len;
} keys[] = {
	[K_JOB] = { "JOB", 3 },
	[K_DATE] = { "DATE", 4 },
	[K_SAMPLE_UNIT] = { "SAMPLE_UNIT", 11 },
	[K_VALUE_UNIT] = { "VALUE_UNIT", 10 },
	[K_MARK] = { "MARK", 4 },
	[K_BEGIN] = { "BEGIN_SAMPLE", 12 },
	[K_END] = { "END_SAMPLE", 10 },
};

#define EOL_PROBE ((size_t)64 << 10)	/* bytes that decide CR-only lines */

/* What a line parse can end in besides success. */
enum { OK = 0, FAIL = -1, BAD = 1 };

#define NOBAND UINT32_MAX	/* the model never gives out this index */

/* What the reader remembers of a band it has met, by band index. */
struct known {
	const char *name;	/* the model's copy of the bytes, or NULL */
	size_t len;
	hp_band next;		/* the band that followed it last time */
};

struct hpfile {
	hp_model *m;
	char *name;
	char *tail;		/* unfinished line carried between chunks */
	size_t ntail, tail_cap;
	char *str;		/* header string being read, possibly over lines */
	size_t nstr, str_cap;
	int instr;		/* the current line continues a string */
	enum key strkey;
	size_t strline;		/* where that string began */
	char *num;		/* scratch for times the fast path cannot do */
	size_t num_cap;
	size_t lineno;		/* the line being parsed, from 1 */
	unsigned long long nbytes;
	int insample;
	size_t sample_line;	/* where the open sample began */
	size_t nsample;		/* committed by this input */
	struct known *known;
	size_t nknown, known_cap;
	hp_band first;		/* first band of the last sample */
	hp_band prev;		/* last band of the open sample, or NOBAND */
	hp_band *pred;		/* band of each line of the last samples */
	uint64_t *vals;		/* and the open sample's values */
	size_t npred, pred_cap, vals_cap;
	size_t nline_in_sample;	/* band lines so far in the open sample */
	size_t nflushed;	/* of them, given to the model */
	size_t flush_line;	/* the line of the first one not given */
	unsigned seen;		/* 1 << K_JOB .. K_VALUE_UNIT */
	int began;		/* a BEGIN_SAMPLE was accepted ... */
	double first_begin;	/* ... the first one at this time */
	char eol;		/* '\n', '\r' (CR-only lines), 0: not known yet */
	int cut;		/* the last line, without its LF, was cut */
	size_t cutline;
	int failed;		/* an error was returned: refuse more */
	int any;		/* a record was read: this is .hp text */
	int foreign;		/* the BAD line is not .hp at all */
	char why[320];		/* the message of a BAD parse */
};

static void *
create(hp_model *m, const char *name, const struct hp_read_opts *o)
{
	struct hpfile *h = hp_callocn(1, sizeof *h);

	(void)o;	/* a .hp offers no choice */

	if (!h)
		return NULL;
	h->m = m;
	/* GHC's last sample is its exit mark, not a census (model.h) */
	hp_model_set_exit_sample(m, 1);
	h->name = hp_strdup(name ? name : "stdin");
	if (!h->name) {
		free(h);
		return NULL;
	}
	h->lineno = 1;
	h->first = h->prev = NOBAND;
	return h;
}

static void
destroy(void *st)
{
	struct hpfile *h = st;

	if (!h)
		return;
	free(h->name);
	free(h->tail);
	free(h->str);
	free(h->num);
	free(h->pred);
	free(h->vals);
	free(h->known);
	free(h);
}

/* Record a parse failure for the current line; the caller adds FILE:LINE
 * (or, at the very end of the input, treats it as truncation). */
HP_PRINTF(2, 3) static int
bad(struct hpfile *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(h->why, sizeof h->why, fmt, ap);
	va_end(ap);
	return BAD;
}

/* A model refusal (out of memory, a sum passing 2^64-1), located. */
static int
model_failed(struct hpfile *h, const struct hp_err *e, struct hp_err *err)
{
	hp_err_set(err, "%s:%zu: %s", h->name, h->lineno, e->msg);
	return FAIL;
}

static int
isdig(char c)
{
	return c >= '0' && c <= '9';
}

static int
isblank_(char c)
{
	return c == ' ' || c == '\t';
}

/* The shortest %g that reads back as t, for messages. */
static void
fmt_time(char *buf, size_t size, double t)
{
	int prec;

	for (prec = 1; prec < 17; prec++) {
		snprintf(buf, size, "%.*g", prec, t);
		if (strtod(buf, NULL) == t)
			return;
	}
	snprintf(buf, size, "%.17g", t);
}

/* Digits only, exact, refusing anything past 2^64-1.  Nineteen digits
 * cannot pass it, so only longer runs pay for the check.
 * Returns 0, 1 (not a plain run of digits) or 2 (too large). */
static int
parse_u64(const char *p, const char *e, uint64_t *out)
{
	const char *safe = e - p > 19 ? p + 19 : e;
	uint64_t v = 0;

	if (p == e)
		return 1;
	for (; p < safe; p++) {
		unsigned d = (unsigned char)*p - '0';

		if (d > 9)
			return 1;
		v = v * 10 + d;
	}
	for (; p < e; p++) {
		unsigned d = (unsigned char)*p - '0';

		if (d > 9)
			return 1;
		if (v > (UINT64_MAX - d) / 10)
			return 2;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

/* digit+ ([.,] digit*)?, as the nearest double.  Up to 19 significant
 * digits and 22 decimals (every time GHC writes) divide two exact doubles,
 * which IEEE rounds correctly; longer ones go through strtod, spelled
 * with the current locale's decimal point so that a program that called
 * setlocale still reads "0.5" as a half.
 * Returns 0, 1 (syntax) or 2 (out of range); -1 when out of memory. */
static int
parse_time(struct hpfile *h, const char *p, const char *e, double *out)
{
	static const double pow10[] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
	};
	const char *q, *sep = NULL, *dp;
	uint64_t m = 0;
	int sig = 0, frac = 0;
	size_t n, k, dplen;
	double t;

	if (p == e || !isdig(*p))
		return 1;
	for (q = p; q < e; q++) {
		if (isdig(*q)) {
			if (m || *q != '0')
				sig++;
			if (sig <= 19) {
				m = m * 10 + (uint64_t)(*q - '0');
				if (sep)
					frac++;
			}
		} else if ((*q == '.' || *q == ',') && !sep) {
			sep = q;
		} else {
			return 1;
		}
	}
	if (sig <= 19 && frac <= 22 && m <= (1ull << 53)) {
		*out = (double)m / pow10[frac];
		return 0;
	}
	dp = hp_locale_point();
	dplen = strlen(dp);
	n = (size_t)(e - p);
	if (n > SIZE_MAX - dplen - 1 || HP_GROW(h->num, h->num_cap, n + dplen + 1))
		return -1;
	for (k = 0, q = p; q < e; q++) {
		if (q == sep) {
			memcpy(h->num + k, dp, dplen);
			k += dplen;
		} else {
			h->num[k++] = *q;
		}
	}
	h->num[k] = '\0';
	t = strtod(h->num, NULL);
	if (!isfinite(t))
		return 2;
	*out = t;
	return 0;
}

/* The keyword that is the first word of p..e, or K_NONE.  Each keyword
 * has its own first letter, so one compare decides. */
static enum key
keyword(const char *p, const char *e, const char **after)
{
	enum key k;
	size_t n;

	switch (*p) {
	case 'B': k = K_BEGIN; break;
	case 'D': k = K_DATE; break;
	case 'E': k = K_END; break;
	case 'J': k = K_JOB; break;
	case 'M': k = K_MARK; break;
	case 'S': k = K_SAMPLE_UNIT; break;
	case 'V': k = K_VALUE_UNIT; break;
	default: return K_NONE;
	}
	n = keys[k].len;
	if ((size_t)(e - p) < n || memcmp(p, keys[k].word, n) != 0 ||
	    (p + n < e && !isblank_(p[n])))
		return K_NONE;
	*after = p + n;
	return k;
}

/* Split a band line p..e (no leading or trailing blanks) at its last
 * TAB, or at its last run of blanks when it has no TAB. */
static int
split_band(struct hpfile *h, const char *p, const char *e, const char **nend,
	   uint64_t *v)
{
	const char *t = e, *vp;
	int rc;

	while (t > p && t[-1] != '\t')
		t--;
	if (t > p) {
		*nend = t - 1;
		vp = t;
		while (vp < e && vp[0] == ' ')
			vp++;
	} else {
		t = e;
		while (t > p && t[-1] != ' ')
			t--;
		if (t == p)
			return bad(h, "integer value must follow band name");
		vp = t;
		while (t > p && t[-1] == ' ')
			t--;
		*nend = t;
	}
	if (vp < e && *vp == '-' && vp + 1 < e && isdig(vp[1]))
		return bad(h, "negative value");
	rc = parse_u64(vp, e, v);
	if (rc == 2)
		return bad(h, "value greater than 2^64-1");
	if (rc)
		return bad(h, "integer value must follow band name");
	return OK;
}

/* Interning hashes the name; but a profile lists mostly the same bands
 * in the same order sample after sample, except that a band without
 * bytes has no line.  So the band that followed the previous line's band
 * last time is tried first, then the band at the same line of the last
 * sample, each with one compare of the bytes. */
static hp_band
guess(const struct hpfile *h)
{
	return h->prev == NOBAND ? h->first : h->known[h->prev].next;
}

static hp_band
guess_again(const struct hpfile *h)
{
	return h->nline_in_sample < h->npred ? h->pred[h->nline_in_sample]
					    : NOBAND;
}

#ifdef __GNUC__
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif

static INLINE uint64_t
diff8(const char *a, const char *b)
{
	uint64_t x, y;

	memcpy(&x, a, 8);
	memcpy(&y, b, 8);
	return x ^ y;
}

/* memcmp(a, b, n) == 0 without the call: names are short, so words, the
 * last of each group overlapping the one before.  Names up to 32 bytes
 * take one of three branches, whatever their length: a loop to the
 * length's word mispredicted once a line as lengths vary from band to
 * band. */
static INLINE int
same(const char *a, const char *b, size_t n)
{
	uint64_t d;
	uint32_t x, y, x2, y2;
	size_t i;

	if (n >= 8) {
		d = diff8(a, b) | diff8(a + n - 8, b + n - 8);
		if (n > 16) {
			d |= diff8(a + 8, b + 8) | diff8(a + n - 16, b + n - 16);
			for (i = 16; d == 0 && i + 16 < n; i += 8)
				d = diff8(a + i, b + i);
		}
		return d == 0;
	}
	if (n >= 4) {
		memcpy(&x, a, 4);
		memcpy(&y, b, 4);
		memcpy(&x2, a + n - 4, 4);
		memcpy(&y2, b + n - 4, 4);
		return x == y && x2 == y2;
	}
	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* Does p..end start with band k's name and a TAB? */
static INLINE int
starts(const struct known *k, const char *p, const char *end)
{
	return (size_t)(end - p) > k->len && p[k->len] == '\t' &&
	       same(k->name, p, k->len);
}

static int
is_band(const struct hpfile *h, hp_band b, const char *p, size_t len)
{
	return b != NOBAND && h->known[b].len == len &&
	       same(h->known[b].name, p, len);
}

/* Remember the name of band b (met through the hash). */
static int
learn(struct hpfile *h, hp_band b)
{
	size_t i;

	if (b >= h->nknown) {
		if (HP_GROW(h->known, h->known_cap, (size_t)b + 1))
			return -1;
		for (i = h->nknown; i <= b; i++) {
			h->known[i].name = NULL;
			h->known[i].len = 0;
			h->known[i].next = NOBAND;
		}
		h->nknown = (size_t)b + 1;
	}
	if (!h->known[b].name)
		h->known[b].name = hp_model_band_name(h->m, b, &h->known[b].len);
	return 0;
}

/* Room for line k of the open sample in pred and vals. */
static int
room(struct hpfile *h, size_t k)
{
	if (k < h->npred)
		return 0;
	if (HP_GROW(h->pred, h->pred_cap, k + 1) ||
	    HP_GROW(h->vals, h->vals_cap, k + 1))
		return -1;
	h->npred = k + 1;
	return 0;
}

/* The values the fast path (quick_bands) has read since the last flush,
 * one a line from flush_line on, given to the model at once: before any
 * other line is parsed, so the model sees everything in the file's order
 * and a refusal names its own line. */
static int
flush(struct hpfile *h, struct hp_err *err)
{
	size_t f = h->nflushed, n = h->nline_in_sample - f, done;
	struct hp_err e;

	if (!n)
		return OK;
	e.msg[0] = '\0';	/* not {0}: zeroing 1 KiB per call shows in profiles */
	if (hp_model_add_many(h->m, h->pred + f, h->vals + f, n, &done, &e)) {
		hp_err_set(err, "%s:%zu: %s", h->name, h->flush_line + done,
			   e.msg);
		return FAIL;
	}
	h->nflushed = h->nline_in_sample;
	return OK;
}

/* Add v to band b of the open sample and remember where b was. */
static int
take(struct hpfile *h, hp_band b, uint64_t v, struct hp_err *err)
{
	struct hp_err e;
	size_t k = h->nline_in_sample;

	if (room(h, k)) {
		hp_err_set(err, "%s:%zu: out of memory", h->name, h->lineno);
		return FAIL;
	}
	e.msg[0] = '\0';
	if (hp_model_add(h->m, b, v, &e))
		return model_failed(h, &e, err);
	h->pred[k] = b;
	h->vals[k] = v;
	if (h->prev == NOBAND)
		h->first = b;
	else
		h->known[h->prev].next = b;
	h->prev = b;
	h->nline_in_sample = h->nflushed = k + 1;
	return OK;
}

static int
add_band(struct hpfile *h, const char *p, size_t len, uint64_t v,
	 struct hp_err *err)
{
	struct hp_err e;
	hp_band b = guess(h);

	if (is_band(h, b, p, len))
		return take(h, b, v, err);
	b = guess_again(h);
	if (is_band(h, b, p, len))
		return take(h, b, v, err);
	e.msg[0] = '\0';
	if (hp_model_intern(h->m, p, len, &b, &e))
		return model_failed(h, &e, err);
	if (learn(h, b)) {
		hp_err_set(err, "%s:%zu: out of memory", h->name, h->lineno);
		return FAIL;
	}
	return take(h, b, v, err);
}

static int
set_string(struct hpfile *h, struct hp_err *err)
{
	struct hp_err e;

	e.msg[0] = '\0';
	if (hp_model_set(h->m, (enum hp_field)h->strkey, h->str, h->nstr, &e))
		return model_failed(h, &e, err);
	h->seen |= 1u << h->strkey;
	return OK;
}

/* Take string bytes from p..e up to the closing quote.  Returns the byte
 * after that quote, or NULL when the line ends inside the string. */
static const char *
string_part(struct hpfile *h, const char *p, const char *e, int *oom)
{
	while (p < e) {
		const char *q = memchr(p, '"', (size_t)(e - p));
		int doubled = q && q + 1 < e && q[1] == '"';
		const char *stop = q ? q + doubled : e;
		size_t n = (size_t)(stop - p);

		if (n > HP_MAX_LINE || h->nstr > HP_MAX_LINE - n) {
			*oom = 2;
			return NULL;
		}
		if (HP_GROW(h->str, h->str_cap, h->nstr + n + 1)) {
			*oom = 1;
			return NULL;
		}
		memcpy(h->str + h->nstr, p, n);
		h->nstr += n;
		if (!q)
			return NULL;
		if (!doubled)
			return q + 1;
		p = q + 2;
	}
	return NULL;
}

/* Continue (or start) a string with the line p..e. */
static int
string_line(struct hpfile *h, const char *p, const char *e, struct hp_err *err)
{
	int oom = 0;
	const char *q = string_part(h, p, e, &oom);

	if (oom == 2) {
		hp_err_set(err, "%s:%zu: %s string longer than %zu MiB", h->name,
			   h->strline, keys[h->strkey].word, HP_MAX_LINE >> 20);
		return FAIL;
	}
	if (oom) {
		hp_err_set(err, "%s:%zu: out of memory", h->name, h->lineno);
		return FAIL;
	}
	if (!q) {
		if (HP_GROW(h->str, h->str_cap, h->nstr + 1)) {
			hp_err_set(err, "%s:%zu: out of memory", h->name, h->lineno);
			return FAIL;
		}
		h->str[h->nstr++] = '\n';
		h->instr = 1;
		return OK;
	}
	h->instr = 0;
	while (q < e && isblank_(*q))
		q++;
	if (q < e)
		return bad(h, "unexpected text after %s string", keys[h->strkey].word);
	return set_string(h, err);
}

static int
time_arg(struct hpfile *h, enum key k, const char *p, const char *e, double *t,
	 struct hp_err *err)
{
	const char *q = p;
	int rc;

	while (q < e && isblank_(*q))
		q++;
	if (q == p || q == e || !isdig(*q))
		return bad(h, "time must follow %s", keys[k].word);
	rc = parse_time(h, q, e, t);
	if (rc < 0) {
		hp_err_set(err, "%s:%zu: out of memory", h->name, h->lineno);
		return FAIL;
	}
	if (rc == 2)
		return bad(h, "%s time out of range", keys[k].word);
	if (rc)
		return bad(h, "unexpected text after %s time", keys[k].word);
	return OK;
}

static int
key_record(struct hpfile *h, enum key k, const char *p, const char *e,
	   struct hp_err *err)
{
	struct hp_err me;
	char a[40], b[40];
	double t = 0;
	size_t n;
	int rc;

	me.msg[0] = '\0';
	if (k <= K_VALUE_UNIT) {
		while (p < e && isblank_(*p))
			p++;
		if (p == e || *p != '"')
			return bad(h, "string must follow %s", keys[k].word);
		h->strkey = k;
		h->strline = h->lineno;
		h->nstr = 0;
		return string_line(h, p + 1, e, err);
	}
	if ((rc = time_arg(h, k, p, e, &t, err)) != OK)
		return rc;
	switch (k) {
	case K_MARK:
		if (hp_model_add_mark(h->m, t, NULL, 0, &me))
			return model_failed(h, &me, err);
		return OK;
	case K_BEGIN:
		if (h->insample)
			return bad(h, "BEGIN_SAMPLE inside a sample (begun at line %zu)",
				   h->sample_line);
		n = hp_model_sample_count(h->m);
		if (n && t < hp_model_sample_time(h->m, n - 1)) {
			fmt_time(a, sizeof a, t);
			fmt_time(b, sizeof b, hp_model_sample_time(h->m, n - 1));
			return bad(h, "samples out of sequence (%s after %s)", a, b);
		}
		if (hp_model_begin(h->m, t, &me))
			return model_failed(h, &me, err);
		if (!h->began) {
			h->began = 1;
			h->first_begin = t;
		}
		h->insample = 1;
		h->sample_line = h->lineno;
		h->nline_in_sample = h->nflushed = 0;
		h->prev = NOBAND;
		return OK;
	default:
		if (!h->insample)
			return bad(h, "END_SAMPLE without BEGIN_SAMPLE");
		if (hp_model_commit(h->m, &me))
			return model_failed(h, &me, err);
		h->insample = 0;
		h->nsample++;
		return OK;
	}
}

/* One line, p..e, without its LF. */
static int
parse_line(struct hpfile *h, const char *p, const char *e, struct hp_err *err)
{
	const char *after, *nend = e, *q;
	enum key k;
	uint64_t v = 0;
	int rc;

	if (h->eol != '\r' && e > p && e[-1] == '\r')
		e--;
	if (h->instr)
		return string_line(h, p, e, err);
	if (h->lineno == 1 && e - p >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < e && isblank_(*p))
		p++;
	while (e > p && isblank_(e[-1]))
		e--;
	if (p == e)
		return OK;
	if (h->insample) {
		/* The common shape, "name\tdigits": the digits are read
		 * backwards as they are found, up to the 19 that cannot
		 * overflow; a longer run is read again, checked. */
		uint64_t scale = 1;
		unsigned d;

		for (q = e; q > p && (d = (unsigned char)q[-1] - '0') <= 9 &&
		     e - q < 19; q--) {
			v += d * scale;
			scale *= 10;
		}
		if (q > p && isdig(q[-1])) {
			while (q > p && isdig(q[-1]))
				q--;
			if (q - 1 > p && q[-1] == '\t' &&
			    parse_u64(q, e, &v) == 2)
				return bad(h, "value greater than 2^64-1");
		}
		if (q < e && q - 1 > p && q[-1] == '\t')
			return add_band(h, p, (size_t)(q - 1 - p), v, err);
		if (memchr(p, '\t', (size_t)(e - p))) {
			if ((rc = split_band(h, p, e, &nend, &v)) == OK)
				return add_band(h, p, (size_t)(nend - p), v, err);
			if (keyword(p, e, &after) == K_NONE)
				return rc;
		}
	}
	k = keyword(p, e, &after);
	if (k != K_NONE)
		return key_record(h, k, after, e, err);
	if ((rc = split_band(h, p, e, &nend, &v)) != OK) {
		if (!h->insample) {
			h->foreign = 1;
			return bad(h, "header key, MARK or BEGIN_SAMPLE expected");
		}
		return rc;
	}
	if (!h->insample) {
		h->foreign = 1;
		return bad(h, "band line outside a sample");
	}
	return add_band(h, p, (size_t)(nend - p), v, err);
}

/* Parse a line and count it.  final: the input ended without its LF, so
 * a BAD line is a cut one rather than an error. */
static int
line(struct hpfile *h, const char *p, const char *e, int final,
     struct hp_err *err)
{
	int rc;

	h->foreign = 0;
	if (flush(h, err))
		return FAIL;
	rc = parse_line(h, p, e, err);
	if (rc == BAD && !final && !h->any && h->foreign) {
		/* The first thing in the file is not .hp: an executable, a
		 * .prof, a source file.  Grammar words would only puzzle. */
		hp_err_set(err, "%s: not a heap profile (.hp) or eventlog",
			   h->name);
		rc = FAIL;
	} else if (rc == BAD && !final) {
		hp_err_set(err, "%s:%zu: %s", h->name, h->lineno, h->why);
		rc = FAIL;
	}
	if (rc == OK && (h->seen || h->began || h->insample ||
			 hp_model_mark_count(h->m)))
		h->any = 1;
	h->lineno++;
	return rc;
}

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR_DIGITS 1
#endif

/* The run of digits at q..end as a number, giving up past 19 of them
 * (the caller checks q - start).  Returns the byte after the digits.
 * Where eight bytes are there they are looked at together: which are
 * digits from the high nibbles of each byte and of each byte plus 6,
 * and their value by pairing neighbours, then pairs, then quads. */
static const char *
read_digits(const char *q, const char *end, uint64_t *out)
{
	const char *start = q;
	uint64_t v = 0;
	unsigned d;
#ifdef SWAR_DIGITS
	static const uint64_t pow10[] = {
		1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000
	};
	const uint64_t ones = 0x0101010101010101ull, high = 0xf0 * ones;

	while (end - q >= 8 && q - start <= 19) {
		uint64_t w, t, nondigit;
		unsigned n;

		memcpy(&w, q, 8);
		/* A carry out of a byte only disturbs bytes after it, and
		 * only the first non-digit matters. */
		nondigit = ((w & high) ^ 0x30 * ones) |
			   (((w + 6 * ones) & high) ^ 0x30 * ones);
		n = nondigit ? (unsigned)__builtin_ctzll(nondigit) / 8 : 8;
		if (n == 0)
			break;
		t = (w - 0x30 * ones) << (8 * (8 - n));
		t = (t * 10 + (t >> 8)) & 0x00ff00ff00ff00ffull;
		t = (t * 100 + (t >> 16)) & 0x0000ffff0000ffffull;
		t = (t * 10000 + (t >> 32)) & 0xffffffffull;
		v = v * pow10[n] + t;
		q += n;
		if (n < 8) {
			*out = v;
			return q;
		}
	}
#endif
	while (q < end && q - start <= 19 &&
	       (d = (unsigned char)*q - '0') <= 9) {
		v = v * 10 + d;
		q++;
	}
	*out = v;
	return q;
}

/* read_digits for the common value of one to seven digits, in one
 * word without a loop; other runs, and the last bytes of a chunk, go to
 * read_digits. */
static INLINE const char *
quick_digits(const char *q, const char *end, uint64_t *out)
{
#ifdef SWAR_DIGITS
	const uint64_t ones = 0x0101010101010101ull, high = 0xf0 * ones;
	uint64_t w, t, nondigit;
	unsigned n;

	if (end - q >= 8) {
		memcpy(&w, q, 8);
		nondigit = ((w & high) ^ 0x30 * ones) |
			   (((w + 6 * ones) & high) ^ 0x30 * ones);
		n = nondigit ? (unsigned)__builtin_ctzll(nondigit) / 8 : 8;
		if (n > 0 && n < 8) {
			t = (w - 0x30 * ones) << (8 * (8 - n));
			t = (t * 10 + (t >> 8)) & 0x00ff00ff00ff00ffull;
			t = (t * 100 + (t >> 16)) & 0x0000ffff0000ffffull;
			*out = (t * 10000 + (t >> 32)) & 0xffffffffull;
			return q + n;
		}
	}
#endif
	return read_digits(q, end, out);
}

/* The hot path, for the lines inside a sample from p..end on: while
 * each is a guessed band's name, a TAB, at most 19 digits and its LF
 * (or CR LF), its band and value are noted for the next flush.  Returns
 * the first byte of the first line it did not take, for parse_line to
 * look at (or p, when it took none); NULL when out of memory. */
static const char *
quick_bands(struct hpfile *h, const char *p, const char *end)
{
	/* h's fields in locals: the stores of values could alias them */
	struct known *known = h->known;
	hp_band *pred = h->pred, prev = h->prev, first = h->first, b;
	uint64_t *vals = h->vals, v;
	size_t k = h->nline_in_sample, k0 = k, npred = h->npred;
	const char *q, *digits;
	char eol = h->eol;

	for (;;) {
		b = prev == NOBAND ? first : known[prev].next;
		if (b == NOBAND || !starts(&known[b], p, end)) {
			b = k < npred ? pred[k] : NOBAND;
			if (b == NOBAND || !starts(&known[b], p, end))
				break;
		}
		digits = p + known[b].len + 1;
		q = quick_digits(digits, end, &v);
		if (q == digits || q - digits > 19 || q == end)
			break;
		if (eol == '\n' && *q == '\r' && q + 1 < end)
			q++;
		if (*q != eol)
			break;
		if (k >= npred) {
			if (room(h, k))
				return NULL;
			pred = h->pred;
			vals = h->vals;
			npred = h->npred;
		}
		pred[k] = b;
		vals[k++] = v;
		if (prev == NOBAND)
			first = b;
		else
			known[prev].next = b;
		prev = b;
		p = q + 1;
	}
	/* the lines taken follow those not yet flushed (any other line
	 * flushes first) */
	if (k > k0 && h->nflushed == k0)
		h->flush_line = h->lineno;
	h->lineno += k - k0;
	h->prev = prev;
	h->first = first;
	h->nline_in_sample = k;
	return p;
}

static int
too_long(struct hpfile *h, struct hp_err *err)
{
	return hp_err_set(err, "%s:%zu: line longer than %zu MiB", h->name,
			  h->lineno, HP_MAX_LINE >> 20);
}

static int
keep_tail(struct hpfile *h, const char *p, size_t n, struct hp_err *err)
{
	if (n == 0)
		return 0;
	if (n > HP_MAX_LINE || h->ntail > HP_MAX_LINE - n)
		return too_long(h, err);
	if (HP_GROW(h->tail, h->tail_cap, h->ntail + n))
		return hp_err_set(err, "%s:%zu: out of memory (line of %zu bytes)",
				  h->name, h->lineno, h->ntail);
	memcpy(h->tail + h->ntail, p, n);
	h->ntail += n;
	return 0;
}

/* Lines of p..end, the line ends known. */
static int
feed_lines(struct hpfile *h, const char *p, const char *end,
	   struct hp_err *err)
{
	const char *nl;
	char eol = h->eol;

	if (h->ntail && p < end) {
		nl = memchr(p, eol, (size_t)(end - p));
		if (!nl)
			return keep_tail(h, p, (size_t)(end - p), err);
		if (keep_tail(h, p, (size_t)(nl - p), err) ||
		    line(h, h->tail, h->tail + h->ntail, 0, err))
			return -1;
		h->ntail = 0;
		p = nl + 1;
	}
	while (p < end) {
		if (h->insample && !h->instr) {
			const char *next = quick_bands(h, p, end);

			if (!next)
				return hp_err_set(err, "%s:%zu: out of memory",
						  h->name, h->lineno);
			p = next;
			if (p == end)
				break;
		}
		nl = memchr(p, eol, (size_t)(end - p));
		if (!nl)
			return keep_tail(h, p, (size_t)(end - p), err);
		if ((size_t)(nl - p) > HP_MAX_LINE)
			return too_long(h, err);
		if (line(h, p, nl, 0, err))
			return -1;
		p = nl + 1;
	}
	return 0;
}

/* The line ends are decided (final: the input ended): the bytes kept
 * while they were not are read as lines. */
static int
decide_eol(struct hpfile *h, int final, struct hp_err *err)
{
	char *buf = h->tail;
	size_t n = h->ntail;
	int rc;

	if (!final && n < EOL_PROBE)
		return 0;
	h->eol = memchr(buf, '\r', n) ? '\r' : '\n';
	h->tail = NULL;
	h->ntail = h->tail_cap = 0;
	rc = feed_lines(h, buf, buf + n, err);
	free(buf);
	return rc;
}

static int
feed(void *st, const unsigned char *data, size_t n, struct hp_err *err)
{
	struct hpfile *h = st;
	const char *p = (const char *)data, *end = p + n;

	if (h->failed)
		return hp_err_set(err, "%s: reading already failed", h->name);
	h->nbytes += n;
	if (!h->eol && n) {
		if (memchr(p, '\n', n)) {
			h->eol = '\n';
		} else {
			if (keep_tail(h, p, n, err) || decide_eol(h, 0, err))
				goto fail;
			return 0;
		}
	}
	if (feed_lines(h, p, end, err))
		goto fail;
	return 0;
fail:
	h->failed = 1;
	return -1;
}

/* The input has ended: a last line without its LF is still read, and
 * one that does not parse was cut. */
static int
end_tail(struct hpfile *h, struct hp_err *err)
{
	int rc;

	if (!h->eol && decide_eol(h, 1, err))
		return -1;
	if (!h->ntail)
		return 0;
	h->cutline = h->lineno;
	rc = line(h, h->tail, h->tail + h->ntail, 1, err);
	h->ntail = 0;
	if (rc == FAIL)
		return -1;
	h->cut = rc == BAD;
	return 0;
}

static int
finish(void *st, struct hp_err *err)
{
	struct hpfile *h = st;
	unsigned missing;
	const char *end = NULL;
	struct hp_err e;

	if (h->failed)
		return hp_err_set(err, "%s: reading already failed", h->name);
	h->failed = 1;		/* finish happens once */
	if (h->nbytes == 0)
		return hp_err_set(err, "%s: empty file", h->name);
	if (end_tail(h, err))
		return -1;
	if (h->insample || h->instr || h->cut)
		end = "cut";	/* the run's facts, below */
	if (h->insample) {
		hp_model_abort(h->m);
		h->insample = 0;
		hp_model_warn(h->m, "%s:%zu: truncated final sample dropped",
			      h->name, h->sample_line);
	} else if (h->instr) {
		hp_model_warn(h->m, "%s:%zu: input ends inside the %s string; ignored",
			      h->name, h->strline, keys[h->strkey].word);
	} else if (h->cut) {
		hp_model_warn(h->m, "%s:%zu: truncated final line ignored",
			      h->name, h->cutline);
	}
	if (h->nsample == 0)
		return hp_err_set(err, "%s: contains no samples: the program "
				  "ended before its first heap census (a smaller "
				  "+RTS -i takes one sooner)", h->name);
	missing = ~h->seen & 15u;
	if (missing) {
		char list[64] = "";
		int i;

		for (i = K_JOB; i <= K_VALUE_UNIT; i++) {
			if (missing & (1u << i)) {
				if (*list)
					strcat(list, ", ");
				strcat(list, keys[i].word);
			}
		}
		hp_model_warn(h->m, "%s: header lacks %s", h->name, list);
	}
	/* the run's facts (facts.h): its command line and start from JOB
	 * and DATE; its end cut, or whole when the RTS's exit mark ends it
	 * (a .hp of a killed program has none) */
	if (!end && hp_model_census_count(h->m) < hp_model_sample_count(h->m))
		end = "complete";
	e.msg[0] = '\0';
	if (hp_facts_from_job(h->m, &e) ||
	    (end && hp_model_set(h->m, HP_END, end, strlen(end), &e))) {
		model_failed(h, &e, err);
		return -1;
	}
	return 0;
}

/*
 * Two halves read at once.  Parser b read the input that follows a's, from
 * a line start on, with a fresh state, into its own model.  That is what
 * a would have done itself when a ended between lines, samples and
 * strings, except for comparing b's first sample time with a's last one;
 * b's messages would carry the wrong line numbers, so a b that failed is
 * not used.  Joining then moves b's model into a's: bands interned in
 * b's first-seen order, samples appended in order (hp_model_append: the
 * per-band sums are added in the same order as in one read), header
 * fields b set and b's marks; and a takes over b's end state, its line
 * numbers moved by the lines a read.  b's samples are given back as they
 * are moved (hp_model_append_drain), so the join needs little more
 * memory than the joined model.
 */
int
hp_hpfile_join(void *sa, void *sb, struct hp_err *err)
{
	struct hpfile *a = sa, *b = sb;
	hp_model *ma = a->m, *mb = b->m;
	size_t off = a->lineno - 1, n, i, k, len;
	struct hp_err e;
	hp_band *map = NULL;
	int f;

	e.msg[0] = '\0';
	if (a->failed || a->insample || a->instr || a->ntail || b->failed ||
	    !a->eol || a->eol != b->eol)
		return 0;
	if (end_tail(b, &e))
		return 0;
	n = hp_model_sample_count(ma);
	if (b->began && n && b->first_begin < hp_model_sample_time(ma, n - 1))
		return 0;
	n = hp_model_band_count(mb);
	if (!(map = hp_mallocn(n, sizeof *map)))
		goto oom;
	for (k = 0; k < n; k++) {
		const char *name = hp_model_band_name(mb, (hp_band)k, &len);

		if (hp_model_intern(ma, name, len, &map[k], &e))
			goto oom;
	}
	for (f = K_JOB; f <= K_VALUE_UNIT; f++) {
		const char *v = hp_model_get(mb, (enum hp_field)f);

		if ((b->seen & (1u << f)) &&
		    hp_model_set(ma, (enum hp_field)f, v, strlen(v), &e))
			goto oom;
	}
	for (i = 0; i < hp_model_mark_count(mb); i++)
		if (hp_model_add_mark(ma, hp_model_mark_time(mb, i), NULL, 0, &e))
			goto oom;
	if (hp_model_append_drain(ma, mb, map, &e))
		goto oom;
	free(map);
	a->lineno = off + b->lineno;
	a->insample = b->insample;
	a->sample_line = off + b->sample_line;
	a->instr = b->instr;
	a->strkey = b->strkey;
	a->strline = off + b->strline;
	a->cut = b->cut;
	a->cutline = off + b->cutline;
	a->seen |= b->seen;
	a->nsample += b->nsample;
	a->nbytes += b->nbytes;
	return 1;
oom:
	free(map);
	a->failed = 1;
	return hp_err_set(err, "%s: %s", a->name, e.msg[0] ? e.msg : "out of memory");
}

const struct hp_frontend hp_hpfile_frontend = {
	.name = "hpfile",
	.create = create,
	.feed = feed,
	.finish = finish,
	.done = NULL,
	.destroy = destroy,
};
