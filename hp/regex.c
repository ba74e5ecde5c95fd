/*
 * hp/regex.c - POSIX extended regular expressions as a Thompson NFA,
 * matched by walking the subject once.  See regex.h for why not glibc's.
 *
 * The grammar is POSIX's ERE (XBD 9.4) as glibc reads it with
 * REG_EXTENDED: alternation, concatenation, * + ? {m} {m,} {m,n} {,n},
 * groups, . ^ $ (anchors anywhere, no REG_NEWLINE), bracket expressions
 * with ranges, [:class:], [=c=] and [.c.] of one byte, an unmatched ')'
 * as an ordinary byte, and a repetition with nothing before it refused.
 *
 * Code is emitted into one array with jump targets relative to the
 * instruction, so an atom's code can be copied for {m,n} or moved to let
 * a SPLIT in before it without fixing anything inside it (K. Thompson,
 * "Regular expression search algorithm", CACM 11(6), 1968; R. Cox,
 * "Regular Expression Matching Can Be Simple And Fast", 2007).
 */
#include "regex.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

enum op { OP_SET, OP_SPLIT, OP_JMP, OP_BOL, OP_EOL, OP_MATCH };

struct ins {
	unsigned char op;
	int x, y;		/* SPLIT: both, JMP: x; relative to here */
	unsigned char set[32];	/* OP_SET: the bytes it matches */
};

struct hp_regex {
	struct ins *code;
	size_t n;
	/* scratch for hp_regex_match, sized n */
	size_t *mark;		/* the position + 1 a pc was last added at */
	int *cur, *next, *stack;
};

struct parse {
	const char *p;
	struct ins *code;
	size_t n, cap;
	int depth;
	char *msg;
	size_t msize;
	int failed;
};

static int
bad(struct parse *ps, const char *why)
{
	if (!ps->failed)
		snprintf(ps->msg, ps->msize, "%s", why);
	ps->failed = 1;
	return -1;
}

/* Room for k more instructions. */
static int
room(struct parse *ps, size_t k)
{
	if (k > HP_REGEX_MAX_SIZE || ps->n + k > HP_REGEX_MAX_SIZE) {
		char why[160];

		snprintf(why, sizeof why, "longer than %d steps once {m,n} are "
			 "expanded (repetitions inside repetitions multiply)",
			 HP_REGEX_MAX_SIZE);
		return bad(ps, why);
	}
	if (HP_GROW(ps->code, ps->cap, ps->n + k))
		return bad(ps, "out of memory");
	return 0;
}

static int
emit(struct parse *ps, enum op op, int x, int y)
{
	if (room(ps, 1))
		return -1;
	memset(&ps->code[ps->n], 0, sizeof ps->code[ps->n]);
	ps->code[ps->n].op = (unsigned char)op;
	ps->code[ps->n].x = x;
	ps->code[ps->n].y = y;
	return (int)ps->n++;
}

/* A SPLIT +1, +y put in at s, before the code from s on. */
static int
insert_split(struct parse *ps, size_t s, int y)
{
	if (room(ps, 1))
		return -1;
	memmove(&ps->code[s + 1], &ps->code[s], (ps->n - s) * sizeof *ps->code);
	ps->n++;
	memset(&ps->code[s], 0, sizeof ps->code[s]);
	ps->code[s].op = OP_SPLIT;
	ps->code[s].x = 1;
	ps->code[s].y = y;
	return 0;
}

static void
set_add(unsigned char *set, unsigned c)
{
	set[c >> 3] |= (unsigned char)(1u << (c & 7));
}

static int
set_has(const unsigned char *set, unsigned c)
{
	return set[c >> 3] >> (c & 7) & 1;
}

/* The classes of the C locale, as isalpha() and the rest say there:
 * 1 or 0, or -1 for a name that is no class. */
static int
in_class(const char *name, size_t len, unsigned c)
{
	static const char *const names[] = {
		"alpha", "digit", "alnum", "upper", "lower", "space",
		"blank", "punct", "print", "graph", "cntrl", "xdigit",
	};
	int a = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
	int d = c >= '0' && c <= '9';
	size_t k;

	for (k = 0; k < sizeof names / sizeof *names; k++)
		if (strlen(names[k]) == len && !memcmp(names[k], name, len))
			break;
	switch (k) {
	case 0: return a;
	case 1: return d;
	case 2: return a || d;
	case 3: return c >= 'A' && c <= 'Z';
	case 4: return c >= 'a' && c <= 'z';
	case 5: return c == ' ' || (c >= '\t' && c <= '\r');
	case 6: return c == ' ' || c == '\t';
	case 7: return c >= 0x21 && c <= 0x7e && !a && !d;
	case 8: return c >= 0x20 && c <= 0x7e;
	case 9: return c >= 0x21 && c <= 0x7e;
	case 10: return c < 0x20 || c == 0x7f;
	case 11: return d || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
	default: return -1;
	}
}

static int
is_class_name(const char *name, size_t len)
{
	return in_class(name, len, 'a') >= 0;
}

/* One end of a range or a lone byte in a bracket: c, [.c.] or [=c=]. */
static int
bracket_byte(struct parse *ps, unsigned *c)
{
	const char *p = ps->p;

	if (p[0] == '[' && (p[1] == '.' || p[1] == '=')) {
		char kind = p[1];

		if (!p[2] || p[3] != kind || p[4] != ']')
			return bad(ps, "[.x.] and [=x=] of more than one byte are not supported");
		*c = (unsigned char)p[2];
		ps->p = p + 5;
		return 0;
	}
	*c = (unsigned char)*p;
	ps->p = p + 1;
	return 0;
}

/* At the byte after '['. */
static int
bracket(struct parse *ps, unsigned char *set)
{
	int neg = 0, first = 1;
	unsigned c, d, i;

	memset(set, 0, 32);
	if (*ps->p == '^') {
		neg = 1;
		ps->p++;
	}
	for (;; first = 0) {
		const char *p = ps->p;

		if (!*p)
			return bad(ps, "unmatched [");
		if (*p == ']' && !first)
			break;
		if (p[0] == '[' && p[1] == ':') {
			const char *e = strstr(p + 2, ":]");

			if (!e || !is_class_name(p + 2, (size_t)(e - p - 2)))
				return bad(ps, "unknown character class in [: :]");
			for (i = 0; i < 256; i++)
				if (in_class(p + 2, (size_t)(e - p - 2), i) == 1)
					set_add(set, i);
			ps->p = e + 2;
			continue;
		}
		if (bracket_byte(ps, &c))
			return -1;
		if (ps->p[0] == '-' && ps->p[1] && ps->p[1] != ']') {
			ps->p++;
			if (ps->p[0] == '[' && ps->p[1] == ':')
				return bad(ps, "a range cannot end in a [: :] class");
			if (bracket_byte(ps, &d))
				return -1;
			if (d < c)
				return bad(ps, "a range whose end comes before its start");
			for (i = c; i <= d; i++)
				set_add(set, i);
			continue;
		}
		set_add(set, c);
	}
	ps->p++;
	if (neg)
		for (i = 0; i < 32; i++)
			set[i] = (unsigned char)~set[i];
	return 0;
}

static int parse_alt(struct parse *ps);

static int
emit_set(struct parse *ps, const unsigned char *set)
{
	int at = emit(ps, OP_SET, 0, 0);

	if (at < 0)
		return -1;
	memcpy(ps->code[at].set, set, 32);
	return 0;
}

static int
escape(struct parse *ps)
{
	unsigned char set[32];
	unsigned c = (unsigned char)*ps->p, i;
	char why[120];

	if (!c)
		return bad(ps, "a backslash at the end");
	ps->p++;
	if (c >= '1' && c <= '9') {
		snprintf(why, sizeof why, "back-references (\\%c) are not supported: "
			 "matching them takes time exponential in the name", c);
		return bad(ps, why);
	}
	if (strchr("bB<>`'", (int)c)) {
		snprintf(why, sizeof why, "\\%c is not supported", c);
		return bad(ps, why);
	}
	memset(set, 0, sizeof set);
	if (c == 'w' || c == 'W' || c == 's' || c == 'S') {
		for (i = 0; i < 256; i++) {
			int in = c == 'w' || c == 'W'
				? in_class("alnum", 5, i) == 1 || i == '_'
				: in_class("space", 5, i) == 1;

			if (in == (c == 'w' || c == 's'))
				set_add(set, i);
		}
	} else {
		set_add(set, c);
	}
	return emit_set(ps, set);
}

static int
atom(struct parse *ps)
{
	unsigned char set[32];
	char c = *ps->p;

	switch (c) {
	case '(':
		if (++ps->depth > HP_REGEX_MAX_DEPTH) {
			char why[80];

			snprintf(why, sizeof why, "groups nested more than %d deep",
				 HP_REGEX_MAX_DEPTH);
			return bad(ps, why);
		}
		ps->p++;
		if (parse_alt(ps))
			return -1;
		if (*ps->p != ')')
			return bad(ps, "unmatched (");
		ps->p++;
		ps->depth--;
		return 0;
	case '*': case '+': case '?': case '{':
		return bad(ps, "a repetition (* + ? {}) with nothing before it");
	case '.':
		ps->p++;
		memset(set, 0xff, sizeof set);
		return emit_set(ps, set);
	case '^':
		ps->p++;
		return emit(ps, OP_BOL, 0, 0) < 0 ? -1 : 0;
	case '$':
		ps->p++;
		return emit(ps, OP_EOL, 0, 0) < 0 ? -1 : 0;
	case '[':
		ps->p++;
		if (bracket(ps, set))
			return -1;
		return emit_set(ps, set);
	case '\\':
		ps->p++;
		return escape(ps);
	default:
		ps->p++;
		memset(set, 0, sizeof set);
		set_add(set, (unsigned char)c);
		return emit_set(ps, set);
	}
}

/* Digits at *p, as a number up to 32768 (past RE_DUP_MAX, refused), or
 * -1 when there are none. */
static long
bound(const char **p)
{
	long v = -1;

	for (; **p >= '0' && **p <= '9'; (*p)++) {
		v = (v < 0 ? 0 : v) * 10 + (**p - '0');
		if (v > 32768)
			v = 32768;
	}
	return v;
}

/* "{m}", "{m,}", "{m,n}", "{,n}" or "{,}" (glibc's {0,}) at ps->p, after
 * the '{'. */
static int
interval(struct parse *ps, long *min, long *max)
{
	const char *p = ps->p;
	long v = bound(&p);

	*min = v < 0 ? 0 : v;
	*max = v;
	if (*p == ',') {
		p++;
		*max = bound(&p);
	} else if (v < 0) {
		return bad(ps, "an interval { } with no number");
	}
	if (*p != '}')
		return bad(ps, "an interval not closed by }");
	if (*min > 32767 || *max > 32767 || (*max >= 0 && *max < *min))
		return bad(ps, "an interval {m,n} with n below m, or past 32767");
	ps->p = p + 1;
	return 0;
}

/* len instructions of a appended. */
static int
put_copy(struct parse *ps, const struct ins *a, size_t len)
{
	if (!len)
		return 0;
	if (room(ps, len))
		return -1;
	memcpy(&ps->code[ps->n], a, len * sizeof *a);
	ps->n += len;
	return 0;
}

/* The atom's code at s..n, repeated min to max times (max -1: no end). */
static int
repeat(struct parse *ps, size_t s, long min, long max)
{
	size_t len = ps->n - s, k, copies;
	struct ins *a;
	long i;

	if (max == 1 && min == 1)
		return 0;
	copies = (size_t)(max < 0 ? min + 1 : max);
	if (copies && (len + 2) > (HP_REGEX_MAX_SIZE + 2) / copies)
		return room(ps, HP_REGEX_MAX_SIZE + 1);
	if (!(a = hp_mallocn(len ? len : 1, sizeof *a)))
		return bad(ps, "out of memory");
	if (len)
		memcpy(a, &ps->code[s], len * sizeof *a);
	ps->n = s;
	for (i = 0; i < min; i++) {
		if (put_copy(ps, a, len))
			goto fail;
	}
	if (max < 0) {
		/* L: SPLIT +1, +len+2; atom; JMP L */
		k = ps->n;
		if (emit(ps, OP_SPLIT, 1, (int)len + 2) < 0 || put_copy(ps, a, len))
			goto fail;
		if (emit(ps, OP_JMP, (int)k - (int)ps->n, 0) < 0)
			goto fail;
	} else {
		/* each optional copy skips to the end past all the others */
		long rest = max - min;

		for (i = 0; i < rest; i++) {
			if (emit(ps, OP_SPLIT, 1, (int)((rest - i) * ((long)len + 1))) < 0 ||
			    put_copy(ps, a, len))
				goto fail;
		}
	}
	free(a);
	return 0;
fail:
	free(a);
	return -1;
}

static int
piece(struct parse *ps)
{
	size_t s = ps->n;
	long min, max;
	int anchor = *ps->p == '^' || *ps->p == '$';

	if (atom(ps))
		return -1;
	for (;;) {
		if (anchor && *ps->p && strchr("*+?{", *ps->p))
			return bad(ps, "a repetition of ^ or $");
		switch (*ps->p) {
		case '*':
			min = 0, max = -1;
			ps->p++;
			break;
		case '+':
			min = 1, max = -1;
			ps->p++;
			break;
		case '?':
			min = 0, max = 1;
			ps->p++;
			break;
		case '{':
			ps->p++;
			if (interval(ps, &min, &max))
				return -1;
			break;
		default:
			return 0;
		}
		if (repeat(ps, s, min, max))
			return -1;
	}
}

/* branch ('|' branch)*: SPLIT +1, next; branch; JMP end; ... last. */
static int
parse_alt(struct parse *ps)
{
	size_t *jumps = NULL, nj = 0, cap = 0, i;

	for (;;) {
		size_t bs = ps->n;

		while (*ps->p && *ps->p != '|' && !(*ps->p == ')' && ps->depth > 0))
			if (piece(ps))
				goto fail;
		if (*ps->p != '|')
			break;
		ps->p++;
		if (insert_split(ps, bs, (int)(ps->n - bs) + 2))
			goto fail;
		if (HP_GROW(jumps, cap, nj + 1)) {
			bad(ps, "out of memory");
			goto fail;
		}
		jumps[nj++] = ps->n;
		if (emit(ps, OP_JMP, 0, 0) < 0)
			goto fail;
	}
	for (i = 0; i < nj; i++)
		ps->code[jumps[i]].x = (int)ps->n - (int)jumps[i];
	free(jumps);
	return 0;
fail:
	free(jumps);
	return -1;
}

hp_regex *
hp_regex_compile(const char *pat, char *msg, size_t size)
{
	struct parse ps;
	hp_regex *re;

	memset(&ps, 0, sizeof ps);
	ps.p = pat;
	ps.msg = msg;
	ps.msize = size;
	if (parse_alt(&ps) || emit(&ps, OP_MATCH, 0, 0) < 0) {
		free(ps.code);
		return NULL;
	}
	if (!(re = hp_callocn(1, sizeof *re)) ||
	    !(re->mark = hp_callocn(ps.n, sizeof *re->mark)) ||
	    !(re->cur = hp_mallocn(ps.n, sizeof *re->cur)) ||
	    !(re->next = hp_mallocn(ps.n, sizeof *re->next)) ||
	    !(re->stack = hp_mallocn(2 * ps.n + 2, sizeof *re->stack))) {
		snprintf(msg, size, "out of memory");
		free(ps.code);
		hp_regex_free(re);
		return NULL;
	}
	re->code = ps.code;
	re->n = ps.n;
	return re;
}

void
hp_regex_free(hp_regex *re)
{
	if (!re)
		return;
	free(re->code);
	free(re->mark);
	free(re->cur);
	free(re->next);
	free(re->stack);
	free(re);
}

/* Adds pc and what it reaches without reading a byte to list, at pos
 * (mark: pos + 1).  1 when that reaches MATCH. */
static int
add(hp_regex *re, int *list, size_t *nl, int pc, size_t pos, size_t len)
{
	size_t gen = pos + 1;
	size_t sp = 0;

	re->stack[sp++] = pc;
	while (sp) {
		const struct ins *in;

		pc = re->stack[--sp];
		if (re->mark[pc] == gen)
			continue;
		re->mark[pc] = gen;
		in = &re->code[pc];
		switch (in->op) {
		case OP_JMP:
			re->stack[sp++] = pc + in->x;
			break;
		case OP_SPLIT:
			re->stack[sp++] = pc + in->y;
			re->stack[sp++] = pc + in->x;
			break;
		case OP_BOL:
			if (pos == 0)
				re->stack[sp++] = pc + 1;
			break;
		case OP_EOL:
			if (pos == len)
				re->stack[sp++] = pc + 1;
			break;
		case OP_MATCH:
			return 1;
		default:
			list[(*nl)++] = pc;
		}
	}
	return 0;
}

int
hp_regex_match(hp_regex *re, const char *s, size_t len)
{
	size_t pos, nc = 0, nn, i;
	int *t;

	memset(re->mark, 0, re->n * sizeof *re->mark);
	for (pos = 0;; pos++) {
		unsigned c;

		/* unanchored: a thread starts at every position */
		if (add(re, re->cur, &nc, 0, pos, len))
			return 1;
		if (pos == len)
			return 0;
		c = (unsigned char)s[pos];
		nn = 0;
		for (i = 0; i < nc; i++) {
			int pc = re->cur[i];

			if (set_has(re->code[pc].set, c) &&
			    add(re, re->next, &nn, pc + 1, pos + 1, len))
				return 1;
		}
		t = re->cur;
		re->cur = re->next;
		re->next = t;
		nc = nn;
	}
}
