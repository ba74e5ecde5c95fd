/*
 * tests/unit/test_page_embed.c - the interactive page's own bytes as
 * built into hp2x (render/page/embed.cmake, render/page/squeeze.c,
 * render/page/page.h): the style and the script are their sources
 * without comments, indentation, empty lines and the blanks inside a
 * line that mean nothing, and nothing else changed.
 *
 * Against a reading of the sources of its own (below): the script and
 * the style hold no comment and no line that starts or ends in a blank,
 * their characters other than blanks are exactly those of the sources
 * outside comments (nothing else dropped or added), and they have as
 * many lines as the sources have lines with code (no two lines joined:
 * a line break may end a statement).  Token by token (a run of
 * identifier characters, a string, or one other character) they are
 * the sources' tokens, and a blank stands between two tokens exactly
 * where the sources have one and it is needed (squeeze.c's top): so a
 * blank that squeezing should remove fails, as does one it must keep
 * (`var x`, `a + +b`, `.tip .tr`) gone.  squeeze itself, run on made-up
 * lines, leaves regular expressions and strings alone and stops where
 * a "/" may be either a division or a regular expression.  The viewer's
 * HTML, CSS and JavaScript together stay under PAGE_BOUND, issue 25's
 * 60 KB: the sources embedded as they are came to 91 KB, without
 * comments and indentation to 66.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>
#include <cmocka.h>

#include "render/page/page.h"
#include "testutil.h"

#define PAGE_BOUND (60 * 1024)

/* What a source holds once comments go: its characters other than
 * blanks, appended to ref (of room enough), and the number of its lines
 * that keep something.  A comment is a block comment (slash star to
 * star slash) or, in a script, a line whose first character other than a
 * blank starts "//" (the page's sources hold no other kind: embed.cmake
 * stops the build if they do). */
static size_t
code_of(const char *s, size_t n, int js, char *ref, size_t *rn)
{
	size_t i, lines = 0;
	int in = 0, code = 0;

	for (i = 0; i < n; i++) {
		char c = s[i];

		if (c == '\n') {
			lines += code;
			code = 0;
		} else if (in) {
			if (c == '*' && i + 1 < n && s[i + 1] == '/')
				in = 0, i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			in = 1, i++;
		} else if (c == ' ' || c == '\t') {
			continue;
		} else if (js && !code && c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i + 1 < n && s[i + 1] != '\n')
				i++;
		} else {
			code = 1;
			ref[(*rn)++] = c;
		}
	}
	return lines + code;
}

/* The lines of an embedded array, checked for what stripping removes;
 * its characters other than blanks appended to got. */
static size_t
lines_of(const char *what, const unsigned char *p, size_t n, char *got,
	 size_t *gn)
{
	size_t i, lines = 0, ls = 0;

	assert_int_equal(p[n], 0);
	assert_int_equal(strlen((const char *)p), n);
	assert_non_null(n);
	assert_int_equal(p[n - 1], '\n');
	for (i = 0; i < n; i++) {
		if (p[i] == '\n') {
			if (i == ls || p[i - 1] == ' ' || p[i - 1] == '\t' ||
			    p[ls] == ' ' || p[ls] == '\t' ||
			    (i - ls >= 2 && p[ls] == '/' && p[ls + 1] == '/'))
				fail_msg("%s, line %zu: empty, or starts or ends in a "
					 "blank, or is a // comment: %.*s", what,
					 lines + 1, (int)(i - ls), p + ls);
			lines++;
			ls = i + 1;
		} else if (p[i] != ' ' && p[i] != '\t') {
			got[(*gn)++] = (char)p[i];
		}
		if (i + 1 < n && ((p[i] == '/' && p[i + 1] == '*') ||
				  (p[i] == '*' && p[i + 1] == '/')))
			fail_msg("%s, line %zu: a comment is left", what, lines + 1);
	}
	return lines;
}

static void
same_lines(const char *what, size_t got, size_t want)
{
	if (got != want)
		fail_msg("%s has %zu lines, its sources %zu with code: lines "
			 "were joined or dropped", what, got, want);
}

static void
compare(const char *what, const char *got, size_t gn, const char *ref,
	size_t rn)
{
	size_t i;

	for (i = 0; i < gn && i < rn && got[i] == ref[i]; i++)
		;
	if (i < gn || i < rn)
		fail_msg("%s differs from its sources outside comments and "
			 "blanks at character %zu: \"%.40s\" where the sources "
			 "have \"%.40s\"", what, i, got + i, ref + i);
}

/* A token of the page's sources or of what is embedded: a run of
 * identifier characters, a '...' or "..." string (backslash escapes; to
 * its quote or its line's end), or one other character that is not a
 * blank.  blank: a blank stands between it and the token before it on
 * its line. */
struct tok {
	const char *p;
	size_t n;
	int blank;
};

static int
id_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$' || c >= 0x80;
}

/* The tokens of s, comments skipped as code_of skips them: a block
 * comment that holds a line break counts as one, any other as a blank. */
static size_t
tokens_of(const char *s, size_t n, int js, struct tok *t)
{
	size_t i = 0, k = 0;
	int blank = 0, fresh = 1;	/* fresh: no token yet on the line */

	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\n') {
			fresh = 1, blank = 0, i++;
		} else if (c == ' ' || c == '\t') {
			blank = 1, i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			int nl = 0;

			for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
				nl |= s[i] == '\n';
			i += 2;
			if (nl)
				fresh = 1, blank = 0;
			else
				blank = 1;
		} else if (js && fresh && c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
		} else {
			size_t j = i + 1;

			if (id_char(c)) {
				while (j < n && id_char((unsigned char)s[j]))
					j++;
			} else if (c == '\'' || c == '"') {
				while (j < n && s[j] != (char)c && s[j] != '\n')
					j += s[j] == '\\' && j + 1 < n ? 2 : 1;
				if (j < n && s[j] == (char)c)
					j++;
			}
			t[k].p = s + i;
			t[k].n = j - i;
			t[k++].blank = blank && !fresh;
			blank = 0, fresh = 0, i = j;
		}
	}
	return k;
}

/* Whether a blank between a and b (the last character of a token and
 * the first of the next) must stay: in a script, where the two would
 * read as one token or as another operator or a comment (squeeze.c's
 * top); in a style sheet, unless it follows { ; : , or comes before
 * { }. */
static int
blank_needed(int js, int a, int b)
{
	static const char *const pairs[] = { "++", "--", "//", "/*", "<!",
					     "->", "?.", NULL };
	size_t i;

	if (!js)
		return !strchr("{;:,", a) && b != '{' && b != '}';
	if ((id_char(a) && id_char(b)) || (a >= '0' && a <= '9' && b == '.'))
		return 1;
	for (i = 0; pairs[i]; i++)
		if (a == pairs[i][0] && b == pairs[i][1])
			return 1;
	return 0;
}

/* The embedded bytes p against the sources src, token by token, and
 * their blanks: one where the sources have one that is needed, none
 * elsewhere. */
static void
same_tokens(const char *what, int js, const char *src, size_t sn,
	    const unsigned char *p, size_t n)
{
	struct tok *a = malloc((sn + 1) * sizeof *a);
	struct tok *b = malloc((n + 1) * sizeof *b);
	size_t an, bn, k;

	assert_non_null(a);
	assert_non_null(b);
	an = tokens_of(src, sn, js, a);
	bn = tokens_of((const char *)p, n, js, b);
	for (k = 0; k < an && k < bn; k++) {
		int need;

		if (a[k].n != b[k].n || memcmp(a[k].p, b[k].p, a[k].n))
			fail_msg("%s, token %zu: \"%.*s\" where the sources have "
				 "\"%.*s\"", what, k, (int)b[k].n, b[k].p,
				 (int)a[k].n, a[k].p);
		if (!k)
			continue;
		need = blank_needed(js, (unsigned char)a[k - 1].p[a[k - 1].n - 1],
				    (unsigned char)a[k].p[0]);
		if (b[k].blank && !(need && a[k].blank))
			fail_msg("%s: a blank left before token %zu: \"%.*s %.*s\"",
				 what, k, (int)a[k - 1].n, a[k - 1].p,
				 (int)a[k].n, a[k].p);
		if (a[k].blank && need && !b[k].blank)
			fail_msg("%s: a needed blank dropped before token %zu: "
				 "\"%.*s%.*s\"", what, k, (int)a[k - 1].n,
				 a[k - 1].p, (int)a[k].n, a[k].p);
	}
	if (an != bn)
		fail_msg("%s has %zu tokens, its sources %zu", what, bn, an);
	free(a);
	free(b);
}

static void
style(void **state)
{
	size_t n, rn = 0, gn = 0, want;
	char *src = tu_slurp(tu_src("render/page/page.css"), &n);
	char *ref = malloc(n + 1), *got = malloc(page_css_len + 1);

	(void)state;
	assert_non_null(src);
	want = code_of(src, n, 0, ref, &rn);
	same_lines("page_css", lines_of("page_css", page_css, page_css_len, got, &gn), want);
	compare("page_css", got, gn, ref, rn);
	same_tokens("page_css", 0, src, n, page_css, page_css_len);
	free(src);
	free(ref);
	free(got);
}

/* The scripts in embed.cmake's order (its `set(scripts ...)`), each of
 * render/page/'s .js files once. */
static size_t
scripts(char names[][64], size_t max)
{
	char *cm = tu_slurp(tu_src("render/page/embed.cmake"), NULL), *p, *e;
	size_t k = 0, seen = 0, i;
	DIR *d;
	struct dirent *de;

	assert_non_null(cm);
	p = strstr(cm, "\nset(scripts ");
	assert_non_null(p);
	p += strlen("\nset(scripts ");
	e = strchr(p, ')');
	assert_non_null(e);
	while (p < e) {
		size_t l = strcspn(p, " )");

		assert_true(k < max && l > 0 && l < 64);
		memcpy(names[k], p, l);
		names[k++][l] = '\0';
		p += l + (p[l] == ' ');
	}
	free(cm);
	d = opendir(tu_src("render/page"));
	assert_non_null(d);
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);

		if (l < 4 || strcmp(de->d_name + l - 3, ".js"))
			continue;
		seen++;
		for (i = 0; i < k && strcmp(names[i], de->d_name); i++)
			;
		if (i == k)
			fail_msg("render/page/%s is not in embed.cmake's scripts",
				 de->d_name);
	}
	closedir(d);
	assert_int_equal(seen, k);
	return k;
}

static void
script(void **state)
{
	static const char head[] = "(function(){\n'use strict';\n";
	static const char tail[] = "}());\n";
	char names[32][64];
	size_t k = scripts(names, 32), i, want, rn = 0, gn = 0, cap = 1 << 20;
	char *ref = malloc(cap), *got = malloc(page_js_len + 1);
	char *all = malloc(cap);
	size_t an;

	(void)state;
	assert_non_null(all);
	want = code_of(head, strlen(head), 1, ref, &rn);
	memcpy(all, head, an = strlen(head));
	for (i = 0; i < k; i++) {
		char path[128];
		size_t n;
		char *src;

		snprintf(path, sizeof path, "render/page/%s", names[i]);
		src = tu_slurp(tu_src(path), &n);
		assert_non_null(src);
		assert_true(rn + n < cap && an + n + 64 < cap);
		want += code_of(src, n, 1, ref, &rn);
		/* A line break between files, as embed.cmake ends each. */
		memcpy(all + an, src, n);
		an += n;
		all[an++] = '\n';
		free(src);
	}
	want += code_of(tail, strlen(tail), 1, ref, &rn);
	memcpy(all + an, tail, strlen(tail));
	an += strlen(tail);
	same_lines("page_js", lines_of("page_js", page_js, page_js_len, got, &gn), want);
	compare("page_js", got, gn, ref, rn);
	same_tokens("page_js", 1, all, an, page_js, page_js_len);
	free(all);
	free(ref);
	free(got);
}

/* The template is embedded as it is (it has no comment). */
static void
template(void **state)
{
	size_t n;
	char *src = tu_slurp(tu_src("render/page/page.html"), &n);

	(void)state;
	assert_non_null(src);
	assert_null(strstr(src, "<!--"));
	assert_int_equal(page_html_len, n);
	assert_memory_equal(page_html, src, n);
	free(src);
}

/* Runs squeeze (HP2X_SQUEEZE, the build's) on in; returns its exit
 * status and, when 0, what it wrote in out (of room enough). */
static int
run_squeeze(const char *kind, const char *in, char *out, size_t cap)
{
	char dir[] = "/tmp/test_page_embed.XXXXXX", ip[64], op[64], cmd[512];
	FILE *f;
	int rc;
	size_t n;

	assert_non_null(mkdtemp(dir));
	snprintf(ip, sizeof ip, "%s/in", dir);
	snprintf(op, sizeof op, "%s/out", dir);
	f = fopen(ip, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(in, 1, strlen(in), f), strlen(in));
	assert_int_equal(fclose(f), 0);
	snprintf(cmd, sizeof cmd, "'%s' %s %s %s 2>/dev/null", HP2X_SQUEEZE,
		 kind, ip, op);
	rc = system(cmd);
	assert_true(rc != -1 && WIFEXITED(rc));
	rc = WEXITSTATUS(rc);
	out[0] = '\0';
	if (!rc) {
		f = fopen(op, "rb");
		assert_non_null(f);
		n = fread(out, 1, cap - 1, f);
		out[n] = '\0';
		fclose(f);
	}
	remove(ip);
	remove(op);
	rmdir(dir);
	return rc;
}

static void
squeezes(const char *kind, const char *in, const char *want)
{
	char out[1024];

	assert_int_equal(run_squeeze(kind, in, out, sizeof out), 0);
	assert_string_equal(out, want);
}

/* squeeze on lines the page's sources do not hold (yet). */
static void
squeeze_tool(void **state)
{
	static const char *const unclear[] = {
		"x = {} / 2\n",		/* a block or an object literal */
		"a++ / 2\n",		/* ++ postfix or prefix */
		"s = 'abc\n",		/* a string not ended on its line */
		"if (a) /x\n",		/* a regular expression not ended */
		"f(a\n",
	};
	char out[64];
	size_t i;

	(void)state;
	squeezes("js", "if (a) /x y/.test(s)\nreturn /'/.test(s) + ' a  b'\n",
		 "if(a)/x y/.test(s)\nreturn/'/.test(s)+' a  b'\n");
	squeezes("js", "x = a + +b - -c + ++d - --e\nvar q = 1 .toString()\n",
		 "x=a+ +b- -c+ ++d- --e\nvar q=1 .toString()\n");
	squeezes("js", "y = (a + b) / 2 / /=[/ ]/.source.length; z = [1] / f(x) / 3\n",
		 "y=(a+b)/2/ /=[/ ]/.source.length;z=[1]/f(x)/3\n");
	squeezes("js", "if (a < !--b) c = d-- > e ? .5 : typeof /\\/ /\n",
		 "if(a< !--b)c=d-- >e? .5:typeof/\\/ /\n");
	squeezes("css", ".tip .tr > b { content: \" \\25BE\"; border: 1px solid #bbb ; }\n"
		 "q { quotes: 'a; {b}' \"c, d\" }\n"
		 "a, b:hover { width: calc(1px + 2em) }\n",
		 ".tip .tr > b{content:\" \\25BE\";border:1px solid #bbb ;}\n"
		 "q{quotes:'a; {b}' \"c, d\"}\n"
		 "a,b:hover{width:calc(1px + 2em)}\n");
	for (i = 0; i < sizeof unclear / sizeof *unclear; i++)
		if (run_squeeze("js", unclear[i], out, sizeof out) != 1)
			fail_msg("squeeze did not stop on: %s", unclear[i]);
}

static void
bound(void **state)
{
	size_t sum = page_html_len + page_css_len + page_js_len;

	(void)state;
	print_message("the viewer's own bytes: HTML %zu + CSS %zu + JS %zu = "
		      "%zu (bound %d; aim 60 KB)\n", page_html_len,
		      page_css_len, page_js_len, sum, PAGE_BOUND);
	assert_true(sum < PAGE_BOUND);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(style),
		cmocka_unit_test(script),
		cmocka_unit_test(template),
		cmocka_unit_test(squeeze_tool),
		cmocka_unit_test(bound),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
