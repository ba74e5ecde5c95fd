/*
 * tools/squeeze.c - a build-time tool: the page's template, style
 * sheet or script as it is embedded, its comments and the blanks that
 * mean nothing removed.
 *
 *   squeeze js|css|html IN OUT
 *
 * embed.cmake runs it on each source file (CMakeLists.txt builds it for
 * the host, as SQLite builds its lemon and mkkeywordhash) and embeds OUT;
 * this is the one place the sources are stripped (91 KB became 66
 * without comments and indentation, then 58 without the blanks inside
 * lines; 1.4 KB more went with the line breaks that end nothing).  It
 * reads the text as tokens, so a comment is only a comment
 * outside a '...' or "..." string and a regular expression literal, and
 * nothing inside those is touched.
 *
 * A template loses its <!-- --> comments and nothing else: blanks may
 * matter in its text.
 *
 * A script or a style sheet loses its comments (slash-star to
 * star-slash and, in a script, // to the end of the line), the blanks
 * that start and end each line, its empty lines, and the blanks inside
 * a line that mean nothing, and the line breaks that cannot end a
 * statement (in a script after { ( [ , ; = : ? & | ! < > * and before },
 * see sq_js_joins; in a style sheet wherever a blank may go); the rest
 * stay, as they may end a statement (ECMA-262 "Automatic Semicolon
 * Insertion"), and a comment that held one leaves one (ECMA-262
 * "Comments": it counts as a LineTerminator); one that did not counts
 * as a blank.  OUT ends in a line break.
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
 * an object literal) or after ++ or -- (prefix or postfix) - it stops.
 * It stops too on what it does not read: a backtick (a template literal
 * may span lines and hold ${...} code), a string or a regular
 * expression that does not end on its line (a backslash continuing a
 * string on the next one included), a comment that never ends, and a
 * star-slash outside a comment (a comment nested in another).
 *
 * In a style sheet only blanks after { ; : , and before { } go: a blank
 * elsewhere may be a descendant combinator (`.tip .tr`) or separate
 * values (`1px solid #bbb`, `calc(1px + 2px)`).  A comment with no
 * blank on either side, where a blank would stay, stops it: CSS reads
 * one between two words as a separation and one between `.a` and `.b`
 * as nothing (one selector, `.a.b`), which neither a blank nor its
 * removal keeps both of.
 *
 * On failure it writes "IN:LINE: WHY" and the line to stderr, for the
 * build to show, writes no OUT and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum sq_last { SQ_NONE, SQ_PUNCT, SQ_WORD, SQ_OPERAND, SQ_CLOSE_PAREN,
	       SQ_CLOSE_BRACE };

/* The source: its name (for messages) and its bytes. */
struct sq_src {
	const char *path;
	const char *s;
	size_t n;
};

struct sq_out {
	char *p;
	size_t n;
};

/* Stops at byte `at` of the source, naming its line. */
static void
sq_fail(const struct sq_src *in, size_t at, const char *why)
{
	size_t i, line = 1, ls = 0, le;

	for (i = 0; i < at && i < in->n; i++)
		if (in->s[i] == '\n')
			line++, ls = i + 1;
	for (le = ls; le < in->n && in->s[le] != '\n'; le++)
		;
	fprintf(stderr, "%s:%zu: %s\n  %.*s\n", in->path, line, why,
		(int)(le - ls), in->s + ls);
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
 * index after it.  A backslash before a line break (the string goes on
 * on the next line) stops it with the rest: a line holds whole tokens. */
static size_t
sq_string(const struct sq_src *in, size_t i, struct sq_out *o)
{
	const char *s = in->s;
	size_t n = in->n, start = i;
	char q = s[i];

	sq_put(o, s[i++]);
	while (i < n && s[i] != q && s[i] != '\n') {
		if (s[i] == '\\' && i + 1 < n && s[i + 1] != '\n')
			sq_put(o, s[i++]);
		sq_put(o, s[i++]);
	}
	if (i >= n || s[i] != q)
		sq_fail(in, start, "a string that does not end on its line");
	sq_put(o, s[i++]);
	return i;
}

/* Copies a regular expression literal starting at s[i] (its /), flags
 * included; returns the index after it. */
static size_t
sq_regex(const struct sq_src *in, size_t i, struct sq_out *o)
{
	const char *s = in->s;
	size_t n = in->n, start = i;
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
		sq_fail(in, start, "a regular expression that does not end on its line");
	sq_put(o, s[i++]);
	while (i < n && sq_ident((unsigned char)s[i]))
		sq_put(o, s[i++]);
	return i;
}

/* Whether s[i] starts a comment, or blanks or a line break: the space
 * between two tokens.  Outside a string and a regular expression a
 * slash-star or // is always a comment (ECMA-262's
 * RegularExpressionFirstChar is neither * nor /). */
static int
sq_at_gap(const struct sq_src *in, size_t i, int js)
{
	const char *s = in->s;

	return sq_blank((unsigned char)s[i]) || s[i] == '\n' ||
	       (s[i] == '/' && i + 1 < in->n &&
		(s[i + 1] == '*' || (js && s[i + 1] == '/')));
}

/* Skips the space between two tokens from s[i]: blanks, line breaks,
 * comments.  Returns where it ends; *nl: whether it holds a line break
 * (one inside a comment counts), *ws: a blank or a line break outside
 * comments. */
static size_t
sq_gap(const struct sq_src *in, size_t i, int js, int *nl, int *ws)
{
	const char *s = in->s;
	size_t n = in->n;

	*nl = *ws = 0;
	while (i < n && sq_at_gap(in, i, js)) {
		if (sq_blank((unsigned char)s[i])) {
			*ws = 1, i++;
		} else if (s[i] == '\n') {
			*nl = *ws = 1, i++;
		} else if (s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
		} else {
			size_t start = i;

			for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
				*nl |= s[i] == '\n';
			if (i + 1 >= n)
				sq_fail(in, start, "a comment that never ends");
			i += 2;
		}
	}
	return i;
}

/* What stands for a gap that sq_gap found (nl, ws) before s[j]: a line
 * break if it held one, else a blank if keep says the two sides need
 * one; nothing at the start or end of a line. */
static void
sq_space(const struct sq_src *in, size_t j, int nl, struct sq_out *o,
	 int (*keep)(int, int))
{
	int a = o->n ? (unsigned char)o->p[o->n - 1] : '\n';

	if (a == '\n')
		return;
	if (nl)
		sq_put(o, '\n');
	else if (j < in->n && keep(a, (unsigned char)in->s[j]))
		sq_put(o, ' ');
}

/* A star-slash outside a comment: what a comment inside another leaves. */
static void
sq_no_close(const struct sq_src *in, size_t i)
{
	if (in->s[i] == '*' && i + 1 < in->n && in->s[i + 1] == '/')
		sq_fail(in, i, "a star-slash outside a comment (a comment "
			"inside a comment?)");
}

/* Whether a line break before s[j] can go: after { ( [ , ; = : ? & | !
 * < > * or before }, it ends no statement (automatic semicolon
 * insertion puts one only where the token after the break cannot go on
 * what is before it, or after return, break, continue, throw, before a
 * postfix ++ or --: none of those is one of these).  After a ) or a }
 * it may (`x = f(a)` then `(b)`), after + or - too (a++), after a / it
 * may end a regular expression whose flags would run on, and after a .
 * a number (`1.` then `5`): those stay. */
static int
sq_js_joins(const struct sq_src *in, size_t j, const struct sq_out *o)
{
	return (o->n && o->p[o->n - 1] &&
		strchr("{([,;=:?&|!<>*", o->p[o->n - 1])) ||
	       (j < in->n && in->s[j] == '}');
}

static void
sq_js(const struct sq_src *in, struct sq_out *o)
{
	const char *s = in->s;
	size_t n = in->n;
	enum sq_last last = SQ_NONE;
	const char *word = NULL;
	size_t wn = 0, i = 0, depth = 0;
	int last_punct = 0, twice = 0, close_stmt = 0;
	unsigned char stmt[256];
	size_t opened[256];	/* where each ( is */

	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		if (sq_at_gap(in, i, 1)) {
			int nl, ws;

			i = sq_gap(in, i, 1, &nl, &ws);
			sq_space(in, i, nl && !sq_js_joins(in, i, o), o,
				 sq_js_keep);
		} else if (c == '`') {
			sq_fail(in, i, "a backtick (a template literal)");
		} else if (c == '\'' || c == '"') {
			i = sq_string(in, i, o);
			last = SQ_OPERAND;
		} else if (sq_ident(c)) {
			word = s + i;
			while (i < n && sq_ident((unsigned char)s[i]))
				sq_put(o, s[i++]);
			wn = (size_t)(s + i - word);
			last = SQ_WORD;
		} else if (c == '/') {
			int re;

			switch (last) {
			case SQ_NONE:
				re = 1;
				break;
			case SQ_PUNCT:
				if ((last_punct == '+' || last_punct == '-') && twice)
					sq_fail(in, i, "a / after ++ or -- (a division "
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
				sq_fail(in, i, "a / after } (a division or a regular "
					"expression?)");
				return;
			default:
				re = 0;
			}
			if (re) {
				i = sq_regex(in, i, o);
				last = SQ_OPERAND;
			} else {
				sq_put(o, s[i++]);
				twice = 0;
				last = SQ_PUNCT;
				last_punct = '/';
			}
		} else {
			sq_no_close(in, i);
			if (c == '(') {
				if (depth == sizeof stmt)
					sq_fail(in, i, "parentheses nested too deep");
				opened[depth] = i;
				stmt[depth++] = last == SQ_WORD &&
						sq_statement_paren(word, wn);
			}
			if (c == ')') {
				if (!depth)
					sq_fail(in, i, "a ) that closes nothing");
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
		sq_fail(in, opened[depth - 1], "a ( never closed");
}

/* Whether a blank between a and b must stay in a style sheet (one
 * after a rule's } is no combinator). */
static int
sq_css_keep(int a, int b)
{
	return a && !strchr("{;:,}", a) && b != '{' && b != '}';
}

static void
sq_css(const struct sq_src *in, struct sq_out *o)
{
	const char *s = in->s;
	size_t i = 0, n = in->n;

	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		if (sq_at_gap(in, i, 0)) {
			size_t from = i;
			int nl, ws;

			i = sq_gap(in, i, 0, &nl, &ws);
			c = i < n ? (unsigned char)s[i] : '\n';
			if (!ws && o->n && o->p[o->n - 1] != '\n' && i < n &&
			    sq_css_keep((unsigned char)o->p[o->n - 1], c))
				sq_fail(in, from, "a comment with no blank on "
					"either side (see squeeze.c's top)");
			/* a line break is a blank there */
			sq_space(in, i, nl && o->n &&
				 sq_css_keep((unsigned char)o->p[o->n - 1], c),
				 o, sq_css_keep);
		} else if (c == '\'' || c == '"') {
			i = sq_string(in, i, o);
		} else {
			sq_no_close(in, i);
			sq_put(o, s[i++]);
		}
	}
}

/* The template: its <!-- --> comments gone, nothing else touched. */
static void
sq_html(const struct sq_src *in, struct sq_out *o)
{
	const char *s = in->s;
	size_t i = 0, n = in->n;

	while (i < n) {
		if (n - i >= 4 && !memcmp(s + i, "<!--", 4)) {
			size_t start = i;

			for (i += 4; n - i >= 3 && memcmp(s + i, "-->", 3); i++)
				;
			if (n - i < 3)
				sq_fail(in, start, "a comment that never ends");
			i += 3;
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
	struct sq_src in;
	struct sq_out o;
	const char *kind = argc == 4 ? argv[1] : "";

	if (strcmp(kind, "js") && strcmp(kind, "css") && strcmp(kind, "html")) {
		fprintf(stderr, "usage: squeeze js|css|html IN OUT\n");
		return 2;
	}
	if (!(f = fopen(argv[2], "rb"))) {
		perror(argv[2]);
		return 2;
	}
	s = malloc(cap);
	while (s && (r = fread(s + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap) {
			char *t = realloc(s, cap *= 2);

			if (!t)
				free(s);
			s = t;
		}
	}
	fclose(f);
	/* Never longer than IN but for the line break it may end with. */
	o.p = malloc(n + 1);
	o.n = 0;
	if (!s || !o.p) {
		fprintf(stderr, "squeeze: out of memory\n");
		free(s);
		free(o.p);
		return 2;
	}
	in.path = argv[2];
	in.s = s;
	in.n = n;
	if (!strcmp(kind, "html")) {
		sq_html(&in, &o);
	} else {
		if (!strcmp(kind, "js"))
			sq_js(&in, &o);
		else
			sq_css(&in, &o);
		if (!o.n || o.p[o.n - 1] != '\n')
			sq_put(&o, '\n');
	}
	if (!(f = fopen(argv[3], "wb")) || fwrite(o.p, 1, o.n, f) != o.n ||
	    fclose(f)) {
		perror(argv[3]);
		return 2;
	}
	free(s);
	free(o.p);
	return 0;
}
