/*
 * render/page/squeeze.c - a build-time tool: the blanks of the page's
 * script or style sheet that mean nothing, removed.
 *
 *   squeeze js|css IN OUT
 *
 * embed.cmake runs it (CMakeLists.txt builds it for the host, as SQLite
 * builds its lemon and mkkeywordhash) on what it has already stripped of
 * comments and of the blanks that start and end lines, and embeds OUT.
 * Only blanks (space, tab) inside a line go: line breaks stay where they
 * are, as they may end a statement (ECMA-262 "Automatic Semicolon
 * Insertion").  Nothing inside a '...' or "..." string or a regular
 * expression literal is touched.
 *
 * In a script a run of blanks goes unless what is on either side of it
 * would then read as something else: two identifier or number
 * characters (`var x`, `return a`), `+ +` and `- -` (`a + +b` is not
 * `a++b`), `/ /` (a comment), `< !` and `- >` (Annex B's HTML-like
 * comments "<!--" and "-->"), a digit and a dot (`1 .x` is not `1.x`),
 * `? .` (`a ? .5 : b` is not optional chaining).  A "/" starts a regular
 * expression where an operand is expected (ECMA-262 "Lexical and
 * RegExp Grammars": the syntactic context decides): at the start, after
 * a punctuator other than ) ] }, after a keyword that precedes an
 * expression (return, typeof, ...), after the ) that closes if (...),
 * while (...), for (...).  Where that is unclear - after a } (a block or
 * an object literal) or after ++ or -- (prefix or postfix) - it stops,
 * as does an unterminated string or regular expression (which the
 * sources, stripped by embed.cmake, never hold: no template literal, no
 * line ending in a backslash).
 *
 * In a style sheet only blanks after { ; : , and before { } go: a blank
 * elsewhere may be a descendant combinator (`.tip .tr`) or separate
 * values (`1px solid #bbb`, `calc(1px + 2px)`).
 *
 * On failure it writes "OFFSET WHY" to stderr (OFFSET the byte in IN)
 * for embed.cmake to name the source line, and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum sq_last { SQ_NONE, SQ_PUNCT, SQ_WORD, SQ_OPERAND, SQ_CLOSE_PAREN,
	       SQ_CLOSE_BRACE };

struct sq_out {
	char *p;
	size_t n;
};

static void
sq_fail(size_t at, const char *why)
{
	fprintf(stderr, "%zu %s\n", at, why);
	exit(1);
}

static int
sq_ident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$' || c >= 0x80;
}

static int
sq_blank(int c)
{
	return c == ' ' || c == '\t';
}

static void
sq_put(struct sq_out *o, int c)
{
	o->p[o->n++] = (char)c;
}

/* Whether a blank between a and b (a the last byte kept, b the next one)
 * must stay in a script. */
static int
sq_js_keep(int a, int b)
{
	static const char *const pairs[] = { "++", "--", "//", "/*", "<!",
					     "->", "?.", NULL };
	size_t i;

	if (sq_ident(a) && sq_ident(b))
		return 1;
	if (a >= '0' && a <= '9' && b == '.')
		return 1;
	for (i = 0; pairs[i]; i++)
		if (a == pairs[i][0] && b == pairs[i][1])
			return 1;
	return 0;
}

/* The keywords after which an expression, so a regular expression, may
 * follow (ECMA-262's ReservedWord that ends no expression). */
static int
sq_before_operand(const char *w, size_t n)
{
	static const char *const kw[] = { "return", "typeof", "instanceof",
		"in", "of", "new", "delete", "void", "throw", "case", "do",
		"else", "yield", "await", NULL };
	size_t i;

	for (i = 0; kw[i]; i++)
		if (strlen(kw[i]) == n && !memcmp(kw[i], w, n))
			return 1;
	return 0;
}

/* The parenthesis a statement keyword opens: what follows its ) is a
 * statement, so may start with a regular expression. */
static int
sq_statement_paren(const char *w, size_t n)
{
	return (n == 2 && !memcmp(w, "if", 2)) ||
	       (n == 3 && !memcmp(w, "for", 3)) ||
	       (n == 4 && !memcmp(w, "with", 4)) ||
	       (n == 5 && !memcmp(w, "while", 5));
}

/* Copies a string literal starting at s[i] (its quote); returns the
 * index after it. */
static size_t
sq_string(const char *s, size_t n, size_t i, struct sq_out *o)
{
	char q = s[i];
	size_t start = i;

	sq_put(o, s[i++]);
	while (i < n && s[i] != q) {
		if (s[i] == '\n')
			break;
		if (s[i] == '\\' && i + 1 < n)
			sq_put(o, s[i++]);
		sq_put(o, s[i++]);
	}
	if (i >= n || s[i] != q)
		sq_fail(start, "a string that does not end on its line");
	sq_put(o, s[i++]);
	return i;
}

/* Copies a regular expression literal starting at s[i] (its /), flags
 * included; returns the index after it. */
static size_t
sq_regex(const char *s, size_t n, size_t i, struct sq_out *o)
{
	size_t start = i;
	int cls = 0;

	sq_put(o, s[i++]);
	while (i < n && s[i] != '\n' && (cls || s[i] != '/')) {
		if (s[i] == '\\' && i + 1 < n && s[i + 1] != '\n')
			sq_put(o, s[i++]);
		else if (s[i] == '[')
			cls = 1;
		else if (s[i] == ']')
			cls = 0;
		sq_put(o, s[i++]);
	}
	if (i >= n || s[i] != '/')
		sq_fail(start, "a regular expression that does not end on its line");
	sq_put(o, s[i++]);
	while (i < n && sq_ident((unsigned char)s[i]))
		sq_put(o, s[i++]);
	return i;
}

static void
sq_js(const char *s, size_t n, struct sq_out *o)
{
	enum sq_last last = SQ_NONE;
	const char *word = NULL;
	size_t wn = 0, i = 0, depth = 0;
	int last_punct = 0, twice = 0, close_stmt = 0;
	unsigned char stmt[256];

	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		if (sq_blank(c)) {
			size_t j = i;

			while (j < n && sq_blank((unsigned char)s[j]))
				j++;
			if (o->n && o->p[o->n - 1] != '\n' && j < n && s[j] != '\n' &&
			    sq_js_keep((unsigned char)o->p[o->n - 1],
				       (unsigned char)s[j]))
				sq_put(o, ' ');
			i = j;
		} else if (c == '\n') {
			sq_put(o, s[i++]);
		} else if (c == '\'' || c == '"') {
			i = sq_string(s, n, i, o);
			last = SQ_OPERAND;
		} else if (sq_ident(c)) {
			word = s + i;
			while (i < n && sq_ident((unsigned char)s[i]))
				sq_put(o, s[i++]);
			wn = (size_t)(s + i - word);
			last = SQ_WORD;
		} else if (c == '/') {
			int re;

			if (i + 1 < n && (s[i + 1] == '/' || s[i + 1] == '*'))
				sq_fail(i, "a comment left by embed.cmake");
			switch (last) {
			case SQ_NONE:
				re = 1;
				break;
			case SQ_PUNCT:
				if ((last_punct == '+' || last_punct == '-') && twice)
					sq_fail(i, "a / after ++ or -- (a division "
						"or a regular expression?)");
				re = 1;
				break;
			case SQ_WORD:
				re = sq_before_operand(word, wn);
				break;
			case SQ_CLOSE_PAREN:
				re = close_stmt;
				break;
			case SQ_CLOSE_BRACE:
				sq_fail(i, "a / after } (a division or a regular "
					"expression?)");
				return;
			default:
				re = 0;
			}
			if (re) {
				i = sq_regex(s, n, i, o);
				last = SQ_OPERAND;
			} else {
				sq_put(o, s[i++]);
				twice = 0;
				last = SQ_PUNCT;
				last_punct = '/';
			}
		} else {
			if (c == '(') {
				if (depth == sizeof stmt)
					sq_fail(i, "parentheses nested too deep");
				stmt[depth++] = last == SQ_WORD &&
						sq_statement_paren(word, wn);
			}
			if (c == ')') {
				if (!depth)
					sq_fail(i, "a ) that closes nothing");
				close_stmt = stmt[--depth];
				last = SQ_CLOSE_PAREN;
			} else if (c == ']') {
				last = SQ_OPERAND;
			} else if (c == '}') {
				last = SQ_CLOSE_BRACE;
			} else {
				/* ++ or -- written together: a / after it is
				 * unclear (see the top). */
				twice = last == SQ_PUNCT && last_punct == c &&
					o->n && o->p[o->n - 1] == (char)c;
				last = SQ_PUNCT;
				last_punct = c;
			}
			sq_put(o, s[i++]);
		}
	}
	if (depth)
		sq_fail(n, "a ( never closed");
}

static void
sq_css(const char *s, size_t n, struct sq_out *o)
{
	size_t i = 0;

	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		if (sq_blank(c)) {
			size_t j = i;
			int a = o->n ? (unsigned char)o->p[o->n - 1] : '\n';

			while (j < n && sq_blank((unsigned char)s[j]))
				j++;
			if (!(j == n || s[j] == '\n' || s[j] == '{' ||
			      s[j] == '}' || strchr("\n{;:,", a)))
				sq_put(o, ' ');
			i = j;
		} else if (c == '\'' || c == '"') {
			i = sq_string(s, n, i, o);
		} else {
			sq_put(o, s[i++]);
		}
	}
}

int
main(int argc, char **argv)
{
	FILE *f;
	char *s;
	size_t n = 0, cap = 1 << 16, r;
	struct sq_out o;
	int js;

	if (argc != 4 || (strcmp(argv[1], "js") && strcmp(argv[1], "css"))) {
		fprintf(stderr, "usage: squeeze js|css IN OUT\n");
		return 2;
	}
	js = !strcmp(argv[1], "js");
	if (!(f = fopen(argv[2], "rb"))) {
		perror(argv[2]);
		return 2;
	}
	s = malloc(cap);
	while (s && (r = fread(s + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap)
			s = realloc(s, cap *= 2);
	}
	fclose(f);
	o.p = malloc(n + 1);
	o.n = 0;
	if (!s || !o.p) {
		fprintf(stderr, "squeeze: out of memory\n");
		return 2;
	}
	if (js)
		sq_js(s, n, &o);
	else
		sq_css(s, n, &o);
	if (!(f = fopen(argv[3], "wb")) || fwrite(o.p, 1, o.n, f) != o.n ||
	    fclose(f)) {
		perror(argv[3]);
		return 2;
	}
	free(s);
	free(o.p);
	return 0;
}
