/*
 * hp/ticky.c - the ticky-ticky report (+RTS -rFOO.ticky) into a model,
 * and the readable form of an STG name.
 *
 * The report is free text for people, then two machine-readable parts,
 * which are all we read (GHC's wiki: "its content and format should not
 * be relied upon" above the first row of asterisks):
 *
 *   ... summary (ignored) ...
 *   **************************************************      (when any counter)
 *   HEADER                                                  the counter table
 *   ----------------------------------------------------------------
 *   ROW*
 *   **************************************************
 *   GLOBAL*                                                 "   N NAME" to the end
 *
 * Three layouts of the table, told apart by the header:
 *
 *   GHC 7.8 to 9.2   "    Entries      Alloc    Alloc'd  Non-void Arguments      STG Name"
 *     row: %11d%11d%11d %3u %-20.20s %s   entries alloc allocd arity kinds name
 *   GHC 9.4 on       the same with %12d alloc columns and kinds %-60.60s
 *   GHC 7.6 and before  "    Entries     Allocs  Arity Stack    Kinds      Function"
 *     row: %11d%11d %6u%6u    %-11s%-30s   entries alloc arity stack kinds name
 *
 * The kinds field is padded to its width, so the name starts at a fixed
 * distance after the fourth number: 1 + 20 + 1, 1 + 60 + 1, or 4 + 11;
 * the header says which (where "STG Name" or "Function" starts relative
 * to the kinds heading).  Names keep every byte, spaces included.  The
 * old layout has no Alloc'd: it reads as 0.
 *
 * The model gets one sample at time 0 holding the chosen measure of every
 * counter (hp_read_opts; the model records which, hp_model_measure),
 * each counter's row (hp_model_band_set_ticky)
 * and the global counters (hp_model_add_counter); its profile is
 * HP_PROFILE_COUNTERS.  A report cut short keeps the complete rows with
 * one warning; a report with no table, a line that cannot be a row or
 * a global counter, or a line longer than HP_MAX_LINE (as in a .hp) is
 * refused with "FILE:LINE: ...".
 */
#include "ticky.h"
#include "frontend.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

enum part { T_SUMMARY, T_DASHES, T_ROWS, T_GLOBALS };

struct ticky {
	hp_model *m;
	char *name;
	enum part part;
	unsigned long line;	/* lines read */
	size_t pre, width, post;	/* the kinds field (see the top) */
	size_t end[4];		/* where the header puts each number's end */
	int old;		/* GHC 7.6 layout: no Alloc'd */
	size_t rows;
	char *tail;		/* an unfinished line */
	size_t ntail, tail_cap;
	struct hp_err merr;
};

static int
fail(struct ticky *t, const char *what, struct hp_err *err)
{
	return hp_err_set(err, "%s:%lu: %s", t->name, t->line, what);
}

static int
model_fail(struct ticky *t, struct hp_err *err)
{
	return hp_err_set(err, "%s:%lu: %s", t->name, t->line, t->merr.msg);
}

/* An unsigned decimal at *p (leading blanks skipped); -1 when none or
 * past 2^64-1.  GHC prints signed counters: a minus sign is refused. */
static int
number(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;

	while (s < end && *s == ' ')
		s++;
	if (s == end || *s < '0' || *s > '9')
		return -1;
	for (*v = 0; s < end && *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned)(*s - '0');

		if (*v > (UINT64_MAX - d) / 10)
			return -1;
		*v = *v * 10 + d;
	}
	*p = s;
	return 0;
}

static int
is_stars(const char *s, size_t n)
{
	size_t i;

	if (n < 10)
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] != '*')
			return 0;
	return 1;
}

static const char *
find(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i;

	for (i = 0; i + k <= n; i++)
		if (!memcmp(s + i, w, k))
			return s + i;
	return NULL;
}

/* The table header: which layout. */
static int
header(struct ticky *t, const char *line, size_t len)
{
	const char *kinds, *name, *a, *b, *s = line;
	size_t n = len;

	while (n && s[0] == ' ')
		s++, n--;
	if (n < 7 || memcmp(s, "Entries", 7) != 0)
		return 0;

	if ((kinds = find(s, n, "Non-void Arguments")) &&
	    (name = find(s, n, "STG Name")) && name > kinds + 4 &&
	    (a = find(line, len, " Alloc ")) && (b = find(line, len, "Alloc'd"))) {
		/* %11s%11s%11s (or %12s): numbers end where the words do */
		t->end[0] = (size_t)(s + 7 - line);
		t->end[1] = (size_t)(a + 6 - line);
		t->end[2] = (size_t)(b + 7 - line);
		t->end[3] = t->end[2] + 4;	/* " %3lu" */
		/* "%-23s %s" or "%-63s %s": the field is 3 narrower */
		t->pre = 1;
		t->width = (size_t)(name - kinds) - 4;
		t->post = 1;
		t->old = 0;
		return 1;
	}
	if ((kinds = find(s, n, "Kinds")) && (name = find(s, n, "Function")) &&
	    name > kinds && (a = find(line, len, "Allocs")) &&
	    (b = find(line, len, "Arity")) && find(line, len, "Stack")) {
		t->end[0] = (size_t)(s + 7 - line);
		t->end[1] = (size_t)(a + 6 - line);
		t->end[2] = (size_t)(b + 5 - line);
		t->end[3] = (size_t)(find(line, len, "Stack") + 5 - line);
		t->pre = 4;
		t->width = (size_t)(name - kinds);
		t->post = 0;
		t->old = 1;
		return 1;
	}
	return 0;
}

/* The four numbers in the header's columns: GHC's %11d%12d%12d leaves
 * no space between a full field and the one before it.  0 when the row
 * does not fit them (a number wider than its column pushes the rest on;
 * then blanks separate them). */
static int
fixed(const struct ticky *t, const char *s, size_t n, uint64_t *v)
{
	size_t k, from = 0;

	if (n < t->end[3])
		return 0;
	for (k = 0; k < 4; k++) {
		const char *p = s + from, *e = s + t->end[k];

		if (number(&p, e, &v[k]) || p != e)
			return 0;
		from = t->end[k];
	}
	return 1;
}

/* The key shows the readable name; data outputs keep the whole. */
static int
label(struct ticky *t, hp_band b, const char *name, size_t len,
      struct hp_err *err)
{
	char buf[512];
	size_t n = hp_ticky_readable(name, len, buf, sizeof buf);

	if (n && n <= sizeof buf && (n != len || memcmp(buf, name, n) != 0) &&
	    hp_model_band_set_label(t->m, b, buf, n, &t->merr))
		return model_fail(t, err);
	return 0;
}

static int
row(struct ticky *t, const char *s, size_t n, struct hp_err *err)
{
	const char *p = s, *end = s + n, *kinds, *name;
	uint64_t v[4];
	struct hp_ticky_row r;
	size_t klen, i;
	hp_band b;
	int k;

	if (fixed(t, s, n, v)) {
		p = s + t->end[3];
	} else for (k = 0; k < 4; k++)
		if (number(&p, end, &v[k]))
			return fail(t, t->old ? "expected a counter row: Entries Allocs Arity Stack Kinds Function"
					      : "expected a counter row: Entries Alloc Alloc'd Arity Kinds STG Name",
				    err);
	kinds = p + t->pre;
	name = kinds + t->width + t->post;
	if (name >= end || (p < end && *p != ' '))
		return fail(t, "expected a counter row: no STG name after the numbers", err);
	for (klen = 0; klen < t->width && kinds[klen] != ' '; klen++)
		;
	for (i = klen; i < t->width + t->post; i++)
		if (kinds[i] != ' ')
			return fail(t, "expected a counter row: the argument kinds run into the name", err);
	memset(&r, 0, sizeof r);
	r.entries = v[0];
	r.alloc = v[1];
	r.allocd = t->old ? 0 : v[2];
	r.arity = t->old ? v[2] : v[3];
	hp_ticky_kinds(kinds, klen, NULL, 0, &r);
	if (hp_model_intern(t->m, name, (size_t)(end - name), &b, &t->merr) ||
	    hp_model_band_set_ticky(t->m, b, &r, &t->merr))
		return model_fail(t, err);
	if (hp_model_add(t->m, b, hp_model_measure(t->m) == HP_MEASURE_ENTRIES ? r.entries
			 : hp_model_measure(t->m) == HP_MEASURE_ALLOCD ? r.allocd : r.alloc,
			 &t->merr))
		return model_fail(t, err);
	if (label(t, b, name, (size_t)(end - name), err))
		return -1;
	t->rows++;
	return 0;
}

/* "   N NAME": GHC's global counters, NAME possibly with spaces (a
 * counter that needs +RTS -Z says so in its name). */
static int
global(struct ticky *t, const char *s, size_t n, struct hp_err *err)
{
	const char *p = s, *end = s + n;
	uint64_t v;

	if (number(&p, end, &v) || p == end || *p != ' ' || p + 1 == end)
		return fail(t, "expected a global counter: a number, a space and its name", err);
	p++;
	if (hp_model_add_counter(t->m, p, (size_t)(end - p), v, &t->merr))
		return model_fail(t, err);
	return 0;
}

/* JOB from the command line GHC puts first: "'./leak' '30000' +RTS
 * '-rleak.ticky'" -> "leak 30000 +RTS -rleak.ticky", as a .hp's JOB. */
static int
job(struct ticky *t, const char *s, size_t n, struct hp_err *err)
{
	char *buf = hp_malloc(n + 1);
	size_t o = 0, i;
	int space = 0;

	if (!buf)
		return hp_err_set(err, "%s: out of memory", t->name);
	for (i = 0; i < n; i++) {
		if (s[i] == '\'')
			continue;
		if (s[i] == '/' && !space) {
			o = 0;	/* the program's directory */
			continue;
		}
		space |= s[i] == ' ';
		buf[o++] = s[i];
	}
	while (o && buf[o - 1] == ' ')
		o--;
	if (hp_model_set(t->m, HP_JOB, buf, o, &t->merr)) {
		free(buf);
		return model_fail(t, err);
	}
	free(buf);
	return 0;
}

static int
line(struct ticky *t, const char *s, size_t n, struct hp_err *err)
{
	t->line++;
	if (n && s[n - 1] == '\r')
		n--;
	if (t->line == 1 && n && s[0] == '\'' && job(t, s, n, err))
		return -1;
	switch (t->part) {
	case T_SUMMARY:
		if (header(t, s, n))
			t->part = T_DASHES;
		return 0;
	case T_DASHES:
		if (n < 10 || s[0] != '-')
			return fail(t, "expected a line of dashes under the counter table's header", err);
		t->part = T_ROWS;
		return 0;
	case T_ROWS:
		if (n == 0)
			return 0;
		if (is_stars(s, n)) {
			t->part = T_GLOBALS;
			return 0;
		}
		return row(t, s, n, err);
	case T_GLOBALS:
		return n == 0 ? 0 : global(t, s, n, err);
	}
	return 0;
}

/* As the .hp reader: no counter name is 64 MiB long, and a gzip bomb of
 * one line must not take the memory.  The line is the one not yet
 * counted. */
static int
too_long(struct ticky *t, struct hp_err *err)
{
	return hp_err_set(err, "%s:%lu: line longer than %zu MiB", t->name,
			  t->line + 1, HP_MAX_LINE >> 20);
}

static int
feed(void *st, const unsigned char *data, size_t n, struct hp_err *err)
{
	struct ticky *t = st;
	const char *p = (const char *)data, *end = p + n, *nl;

	while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
		if ((size_t)(nl - p) > HP_MAX_LINE - t->ntail)
			return too_long(t, err);
		if (t->ntail) {
			size_t k = (size_t)(nl - p);

			if (HP_GROW(t->tail, t->tail_cap, t->ntail + k + 1))
				return hp_err_set(err, "%s: out of memory", t->name);
			memcpy(t->tail + t->ntail, p, k);
			if (line(t, t->tail, t->ntail + k, err))
				return -1;
			t->ntail = 0;
		} else if (line(t, p, (size_t)(nl - p), err)) {
			return -1;
		}
		p = nl + 1;
	}
	if (p < end) {
		size_t k = (size_t)(end - p);

		if (k > HP_MAX_LINE - t->ntail)
			return too_long(t, err);
		if (HP_GROW(t->tail, t->tail_cap, t->ntail + k + 1))
			return hp_err_set(err, "%s: out of memory", t->name);
		memcpy(t->tail + t->ntail, p, k);
		t->ntail += k;
	}
	return 0;
}

/* "go9{v scBC} (Leak.Zoo) (fun) in rcaJ": the parent is the counter
 * whose unique is rcaJ ("Leak.Zoo.$wlvl{v rcaJ} (fun)").  Each band's
 * unique, sorted, finds it. */
struct uniq {
	const char *u;
	size_t len;
	hp_band band;
};

static int
by_uniq(const void *a, const void *b)
{
	const struct uniq *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->u, y->u, n);

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* The unique in "{v r2Hj}", or NULL. */
static const char *
uniq_of(const char *s, size_t n, size_t *len)
{
	const char *b = memchr(s, '{', n), *e, *u;

	if (!b || (size_t)(s + n - b) < 4 || memcmp(b, "{v ", 3) != 0)
		return NULL;
	u = b + 3;
	if (!(e = memchr(u, '}', (size_t)(s + n - u))) || e == u)
		return NULL;
	*len = (size_t)(e - u);
	return u;
}

static int
parents(struct ticky *t, struct hp_err *err)
{
	size_t nb = hp_model_band_count(t->m), i, nu = 0;
	struct uniq *u = hp_mallocn(nb ? nb : 1, sizeof *u);
	char buf[1024];

	if (!u)
		return hp_err_set(err, "%s: out of memory", t->name);
	for (i = 0; i < nb; i++) {
		size_t len;
		const char *s = hp_model_band_name(t->m, (hp_band)i, &len);

		if ((u[nu].u = uniq_of(s, len, &u[nu].len)))
			u[nu++].band = (hp_band)i;
	}
	qsort(u, nu, sizeof *u, by_uniq);
	for (i = 0; i < nb; i++) {
		size_t len, llen, plen, k;
		const char *s = hp_model_band_name(t->m, (hp_band)i, &len);
		const char *in = NULL, *p, *lab, *pl;
		struct uniq key = { NULL, 0, 0 }, *hit;

		for (p = s; p + 4 <= s + len; p++)
			if (!memcmp(p, " in ", 4))
				in = p;
		if (!in)
			continue;
		key.u = in + 4;
		key.len = (size_t)(s + len - key.u);
		if (!(hit = bsearch(&key, u, nu, sizeof *u, by_uniq)))
			continue;
		lab = hp_model_band_label(t->m, (hp_band)i, &llen);
		pl = hp_model_band_label(t->m, hit->band, &plen);
		/* the parent's own parent is not repeated */
		for (p = pl; p + 4 <= pl + plen; p++)
			if (!memcmp(p, " in ", 4)) {
				plen = (size_t)(p - pl);
				break;
			}
		/* "Leak.Zoo.go9 in $wlvl": the parent's module once */
		for (k = 0; k < llen && k < plen && lab[k] == pl[k]; k++)
			;
		while (k && pl[k - 1] != '.')
			k--;
		if (llen + 4 + plen - k + 1 > sizeof buf)
			continue;
		memcpy(buf, lab, llen);
		memcpy(buf + llen, " in ", 4);
		memcpy(buf + llen + 4, pl + k, plen - k);
		buf[llen + 4 + plen - k] = '\0';
		if (hp_model_band_set_label(t->m, (hp_band)i, buf, llen + 4 + plen - k, &t->merr)) {
			free(u);
			return model_fail(t, err);
		}
	}
	free(u);
	return 0;
}

static int
finish(void *st, struct hp_err *err)
{
	struct ticky *t = st;
	int cut = t->ntail > 0;

	/* A last line without its LF: whole if the report was complete,
	 * but a cut row would give a wrong number, so it is dropped. */
	if (t->part == T_GLOBALS && cut && t->ntail && line(t, t->tail, t->ntail, err))
		return -1;
	if (t->part == T_SUMMARY || t->part == T_DASHES)
		return hp_err_set(err, "%s:%lu: no ticky counter table (a report cut short, or not a ticky report)",
				  t->name, t->line);
	if (t->part == T_ROWS)
		hp_model_warn(t->m, "%s:%lu: the ticky report is cut short in its counter table; read the %zu complete row%s",
			      t->name, t->line + cut, t->rows, t->rows == 1 ? "" : "s");
	else if (cut && t->part != T_GLOBALS)
		hp_model_warn(t->m, "%s:%lu: the ticky report is cut short", t->name, t->line + 1);
	if (hp_model_commit(t->m, &t->merr))
		return model_fail(t, err);
	return parents(t, err);
}

static void *
create(hp_model *m, const char *name, const struct hp_read_opts *o)
{
	struct ticky *t = hp_callocn(1, sizeof *t);

	if (!t)
		return NULL;
	t->m = m;
	hp_model_set_measure(m, o->measure);
	if (!(t->name = hp_strdup(name ? name : "stdin")) ||
	    hp_model_begin(m, 0, &t->merr)) {
		free(t->name);
		free(t);
		return NULL;
	}
	hp_model_set_profile(m, HP_PROFILE_COUNTERS);
	{
		static const char *const unit[] = {
			[HP_MEASURE_ALLOC] = "bytes", [HP_MEASURE_ENTRIES] = "entries",
			[HP_MEASURE_ALLOCD] = "bytes",
		};
		static const char *const by[] = {
			[HP_MEASURE_ALLOC] = "ticky counters by allocation (Alloc)",
			[HP_MEASURE_ENTRIES] = "ticky counters by entries",
			[HP_MEASURE_ALLOCD] = "ticky counters by allocation of their closures (Alloc'd)",
		};
		enum hp_measure mm = hp_model_measure(m);

		if (hp_model_set(m, HP_VALUE_UNIT, unit[mm], strlen(unit[mm]), &t->merr) ||
		    hp_model_set(m, HP_BREAKDOWN, by[mm], strlen(by[mm]), &t->merr)) {
			hp_model_abort(m);
			free(t->name);
			free(t);
			return NULL;
		}
	}
	return t;
}

static void
destroy(void *st)
{
	struct ticky *t = st;

	if (!t)
		return;
	if (hp_model_is_open(t->m))
		hp_model_abort(t->m);
	free(t->tail);
	free(t->name);
	free(t);
}

const struct hp_frontend hp_ticky_frontend = {
	.name = "ticky",
	.create = create,
	.feed = feed,
	.finish = finish,
	.destroy = destroy,
};

/* ---- readable STG names ---- */

static int
is_flag(const char *s, size_t n)
{
	/* (fun) (thk) (LNE) (fun,se) ...; a module is "(Main)" or
	 * "(main:Main)" */
	return n == 0 || (n == 3 && !memcmp(s, "LNE", 3)) ||
	       (s[0] >= 'a' && s[0] <= 'z' && !memchr(s, ':', n) && !memchr(s, '.', n));
}

size_t
hp_ticky_readable(const char *name, size_t len, char *out, size_t cap)
{
	const char *end = name + len, *brace, *p, *mod = NULL, *fn = name;
	size_t fnlen, modlen = 0, o = 0;
	int thk = 0, lne = 0;

#define PUT(s, n) do { size_t n_ = (n); if (o + n_ <= cap) memcpy(out + o, (s), n_); o += n_; } while (0)
	brace = memchr(name, '{', len);
	if (!brace) {
		PUT(name, len);
		return o;
	}
	fnlen = (size_t)(brace - name);
	/* "main:Main.puzzle" and "main::Main.main": no package */
	for (p = fn; p < fn + fnlen && *p != ':' && *p != '.'; p++)
		;
	if (p < fn + fnlen && *p == ':') {
		fnlen -= (size_t)(p + 1 - fn);
		fn = p + 1;
	}
	for (p = memchr(brace, '}', (size_t)(end - brace)); p && p < end; p++) {
		const char *q;

		if (*p != '(')
			continue;
		/* no ')' after this '(' means none after any later one:
		 * stop, or a name of many '(' is scanned to its end from
		 * each of them (quadratic) */
		if (!(q = memchr(p, ')', (size_t)(end - p))))
			break;
		if (is_flag(p + 1, (size_t)(q - p - 1))) {
			thk |= q - p - 1 == 3 && !memcmp(p + 1, "thk", 3);
			lne |= q - p - 1 == 3 && !memcmp(p + 1, "LNE", 3);
		} else if (!mod) {
			const char *c = memchr(p + 1, ':', (size_t)(q - p - 1));

			mod = c ? c + 1 : p + 1;
			modlen = (size_t)(q - mod);
		}
		p = q;
	}
	if (mod && modlen) {
		PUT(mod, modlen);
		PUT(".", 1);
	}
	PUT(fn, fnlen);
	if (thk)
		PUT(" (thk)", 6);
	if (lne)
		PUT(" (LNE)", 6);
#undef PUT
	return o;
}

/* ---- what a counter's definition says of its closure ---- */

const char *
hp_ticky_closure(const char *name, size_t len)
{
	const char *end = name + len, *p, *q;

	/* the flags follow the unique's braces; a name of many '(' is
	 * scanned once (hp_ticky_readable) */
	if (!(p = memchr(name, '}', len)))
		p = name;
	for (; p < end && (p = memchr(p, '(', (size_t)(end - p))); p = q + 1) {
		size_t n;
		int se;

		if (!(q = memchr(p, ')', (size_t)(end - p))))
			break;
		n = (size_t)(q - p - 1);
		se = find(p + 1, n, ",se") != NULL;
		if (n >= 3 && !memcmp(p + 1, "fun", 3) && (n == 3 || p[4] == ','))
			return se ? "function, single entry" : "function";
		if (n >= 3 && !memcmp(p + 1, "thk", 3) && (n == 3 || p[4] == ','))
			return se ? "thunk, single entry" : "thunk";
		if (n >= 4 && !memcmp(p + 1, "con:", 4))
			return "constructor";
		if (n == 3 && !memcmp(p + 1, "LNE", 3))
			return "let-no-escape";
	}
	return NULL;
}

/* The string value of "key" in GHC's flat JSON of a counter (no nesting,
 * no escapes in it: kinds are letters and signs); NULL when absent, cut
 * short, or escaped. */
static const char *
json_value(const char *s, size_t n, const char *key, size_t *len)
{
	size_t k = strlen(key), i;

	for (i = 0; i + k + 4 <= n; i++) {
		const char *v, *e;

		if (s[i] != '"' || memcmp(s + i + 1, key, k) != 0 ||
		    memcmp(s + i + 1 + k, "\":\"", 3) != 0)
			continue;
		v = s + i + k + 4;
		for (e = v; e < s + n && *e != '"' && *e != '\\'; e++)
			;
		if (e == s + n || *e != '"')
			return NULL;
		*len = (size_t)(e - v);
		return v;
	}
	return NULL;
}

void
hp_ticky_kinds(const char *kinds, size_t klen, const char *json, size_t jlen,
	       struct hp_ticky_row *r)
{
	const char *a;
	size_t alen = 0;

	r->kinds = kinds;
	r->kinds_len = klen;
	r->fvs = NULL;
	r->fvs_len = 0;
	if (klen && kinds[0] == '{') {	/* GHC 9.4: the JSON in their place */
		json = kinds;
		jlen = klen;
		a = json_value(json, jlen, "args", &alen);
		r->kinds = a ? a : "";
		r->kinds_len = a ? alen : 0;
	}
	if (json)
		r->fvs = json_value(json, jlen, "fvs", &r->fvs_len);
}
