/*
 * tests/unit/test_page_embed.c - the interactive page's own bytes as
 * built into hp2x (page/embed.cmake, tools/squeeze.c,
 * page/page.h): the style and the script are their sources
 * without comments, indentation, empty lines and the blanks inside a
 * line that mean nothing, and nothing else changed; a script the
 * order in embed.cmake does not name stops the build.
 *
 * Against a reading of the sources of its own (below): the script and
 * the style hold no comment and no line that starts or ends in a blank,
 * their characters other than blanks are exactly those of the sources
 * outside comments (nothing else dropped or added).  Token by token (a
 * run of identifier characters, a string, or one other character) they
 * are the sources' tokens, and a blank stands between two tokens exactly
 * where the sources have one and it is needed (squeeze.c's top): so a
 * blank that squeezing should remove fails, as does one it must keep
 * (`var x`, `a + +b`, `.tip .tr`) gone.  A line break stands only where
 * the sources have one, and stays there unless it cannot end a
 * statement (in a script after { ( [ , ; = : ? & | ! < > * or before },
 * in a style sheet wherever a blank can go), standing for a blank when
 * one is needed: two lines joined elsewhere fail.  squeeze itself, run on made-up
 * lines, removes comments, indentation and empty lines but leaves
 * regular expressions and strings alone (a comment-like "/" "*" or "//"
 * in one included), and stops, naming the file and line, where a "/"
 * may be either a division or a regular expression and on what it does
 * not read (a backtick, a comment or string that never ends).  The
 * viewer's HTML, CSS and JavaScript together stay under PAGE_BOUND:
 * 60 KB was the aim for the graph view alone (its sources embedded as
 * they are came to 91 KB, without comments and indentation to 66,
 * squeezed to 58); the other views of a run (heap size, the ticky
 * table, the run's facts, ...) add a few KB each, so 80 KB.
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

#include "page/page.h"
#include "testutil.h"

#define PAGE_BOUND (80 * 1024)

/* The lines of an embedded array, checked for the blanks and empty
 * lines stripping removes (same_tokens looks for comments); its
 * characters other than blanks appended to got. */
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
			    p[ls] == ' ' || p[ls] == '\t')
				fail_msg("%s, line %zu: empty, or starts or ends in a "
					 "blank: %.*s", what, lines + 1,
					 (int)(i - ls), p + ls);
			lines++;
			ls = i + 1;
		} else if (p[i] != ' ' && p[i] != '\t') {
			got[(*gn)++] = (char)p[i];
		}
	}
	return lines;
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
	int first;	/* the first on its line */
};

static int
id_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$' || c >= 0x80;
}

/* The tokens of s, comments skipped: a block comment that holds a line
 * break counts as one, any other as a blank; in a script, // outside a
 * string (and not after a backslash, as in /\/\//) to the end of its
 * line.  A regular expression is read as the characters it holds, so
 * one holding slash-star or an unescaped // would be misread: the sources
 * hold none.  *comments: how many were skipped. */
static size_t
tokens_of(const char *s, size_t n, int js, struct tok *t, size_t *comments)
{
	size_t i = 0, k = 0;
	int blank = 0, fresh = 1;	/* fresh: no token yet on the line */

	*comments = 0;
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
			++*comments;
			if (nl)
				fresh = 1, blank = 0;
			else
				blank = 1;
		} else if (js && c == '/' && i + 1 < n && s[i + 1] == '/' &&
			   !(i && s[i - 1] == '\\')) {
			while (i < n && s[i] != '\n')
				i++;
			++*comments;
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
			t[k].first = fresh;
			t[k++].blank = blank && !fresh;
			blank = 0, fresh = 0, i = j;
		}
	}
	return k;
}

/* What a source holds once comments go: the characters of its tokens
 * other than blanks, appended to ref (of room enough), and the number
 * of its lines that hold a token. */
static size_t
code_of(const char *s, size_t n, int js, char *ref, size_t *rn)
{
	struct tok *t = malloc((n + 1) * sizeof *t);
	size_t k, tn, i, lines = 0, comments;

	assert_non_null(t);
	tn = tokens_of(s, n, js, t, &comments);
	for (k = 0; k < tn; k++) {
		for (i = 0; i < t[k].n; i++)
			if (t[k].p[i] != ' ' && t[k].p[i] != '\t')
				ref[(*rn)++] = t[k].p[i];
		lines += t[k].first;
	}
	free(t);
	return lines;
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
		return !strchr("{;:,}", a) && b != '{' && b != '}';
	if ((id_char(a) && id_char(b)) || (a >= '0' && a <= '9' && b == '.'))
		return 1;
	for (i = 0; pairs[i]; i++)
		if (a == pairs[i][0] && b == pairs[i][1])
			return 1;
	return 0;
}

/* Whether a line break between a and b can go (squeeze.c's
 * sq_js_joins; in a style sheet, where no blank is needed). */
static int
line_joins(int js, int a, int b)
{
	if (!js)
		return !blank_needed(0, a, b);
	return strchr("{([,;=:?&|!<>*", a) || b == '}';
}

/* The embedded bytes p against the sources src, token by token, and
 * what stands between two: a line break where the sources have one
 * that cannot go, a blank where they have a blank or a line break that
 * went and one is needed, nothing elsewhere.  files[0..nf-1]: where in
 * src each file squeezed on its own starts (the line break ending the
 * one before stays). */
static void
same_tokens(const char *what, int js, const char *src, size_t sn,
	    const unsigned char *p, size_t n, const size_t *files, size_t nf)
{
	struct tok *a = malloc((sn + 1) * sizeof *a);
	struct tok *b = malloc((n + 1) * sizeof *b);
	size_t an, bn, k, i, comments;

	assert_non_null(a);
	assert_non_null(b);
	an = tokens_of(src, sn, js, a, &comments);
	bn = tokens_of((const char *)p, n, js, b, &comments);
	if (comments)
		fail_msg("%s: %zu comments left", what, comments);
	for (k = 0; k < an && k < bn; k++) {
		static const char *const gaps[] = { "nothing", "a blank",
						    "a line break" };
		int need, want, got, last;

		if (a[k].n != b[k].n || memcmp(a[k].p, b[k].p, a[k].n))
			fail_msg("%s, token %zu: \"%.*s\" where the sources have "
				 "\"%.*s\"", what, k, (int)b[k].n, b[k].p,
				 (int)a[k].n, a[k].p);
		if (!k)
			continue;
		last = (unsigned char)a[k - 1].p[a[k - 1].n - 1];
		need = blank_needed(js, last, (unsigned char)a[k].p[0]);
		want = a[k].first && !line_joins(js, last, (unsigned char)a[k].p[0]) ? 2 :
		       (a[k].first || a[k].blank) && need;
		got = b[k].first ? 2 : b[k].blank;
		for (i = 0; i < nf; i++)
			if (a[k - 1].p < src + files[i] && a[k].p >= src + files[i])
				want = 2;
		if (got != want)
			fail_msg("%s, before token %zu (\"%.*s\" \"%.*s\"): %s "
				 "where the sources want %s", what, k,
				 (int)a[k - 1].n, a[k - 1].p, (int)a[k].n, a[k].p,
				 gaps[got], gaps[want]);
	}
	if (an != bn)
		fail_msg("%s has %zu tokens, its sources %zu", what, bn, an);
	free(a);
	free(b);
}

static void
style(void **state)
{
	size_t n, rn = 0, gn = 0;
	char *src = tu_slurp(tu_src("page/viewer/page.css"), &n);
	char *ref = malloc(n + 1), *got = malloc(page_css_len + 1);

	(void)state;
	assert_non_null(src);
	code_of(src, n, 0, ref, &rn);
	lines_of("page_css", page_css, page_css_len, got, &gn);
	compare("page_css", got, gn, ref, rn);
	same_tokens("page_css", 0, src, n, page_css, page_css_len, NULL, 0);
	free(src);
	free(ref);
	free(got);
}

/* The scripts in embed.cmake's order (its `set(scripts ...)`), each of
 * page/viewer/'s .js files once. */
static size_t
scripts(char names[][64], size_t max)
{
	char *cm = tu_slurp(tu_src("page/embed.cmake"), NULL), *p, *e;
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
	d = opendir(tu_src("page/viewer"));
	assert_non_null(d);
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);

		if (l < 4 || strcmp(de->d_name + l - 3, ".js"))
			continue;
		seen++;
		for (i = 0; i < k && strcmp(names[i], de->d_name); i++)
			;
		if (i == k)
			fail_msg("page/viewer/%s is not in embed.cmake's scripts",
				 de->d_name);
	}
	closedir(d);
	assert_int_equal(seen, k);
	return k;
}

static void
script(void **state)
{
	static const char head[] = "(function(){'use strict';\n";
	static const char tail[] = "}());\n";
	char names[32][64];
	size_t k = scripts(names, 32), i, rn = 0, gn = 0, cap = 1 << 20;
	size_t files[34];
	char *ref = malloc(cap), *got = malloc(page_js_len + 1);
	char *all = malloc(cap);
	size_t an;

	(void)state;
	assert_non_null(all);
	code_of(head, strlen(head), 1, ref, &rn);
	memcpy(all, head, an = strlen(head));
	for (i = 0; i < k; i++) {
		char path[128];
		size_t n;
		char *src;

		snprintf(path, sizeof path, "page/viewer/%.63s", names[i]);
		src = tu_slurp(tu_src(path), &n);
		assert_non_null(src);
		assert_true(rn + n < cap && an + n + 64 < cap);
		code_of(src, n, 1, ref, &rn);
		/* A line break between files, as squeeze ends each. */
		files[i] = an;
		memcpy(all + an, src, n);
		an += n;
		all[an++] = '\n';
		free(src);
	}
	code_of(tail, strlen(tail), 1, ref, &rn);
	files[k] = an;
	memcpy(all + an, tail, strlen(tail));
	an += strlen(tail);
	lines_of("page_js", page_js, page_js_len, got, &gn);
	compare("page_js", got, gn, ref, rn);
	same_tokens("page_js", 1, all, an, page_js, page_js_len, files, k + 1);
	free(all);
	free(ref);
	free(got);
}

/* The template is embedded as it is (it has no comment). */
static void
template(void **state)
{
	size_t n;
	char *src = tu_slurp(tu_src("page/viewer/page.html"), &n);

	(void)state;
	assert_non_null(src);
	assert_null(strstr(src, "<!--"));
	assert_int_equal(page_html_len, n);
	assert_memory_equal(page_html, src, n);
	free(src);
}

/* Reads what file `path` holds into out (of room cap) and removes it. */
static void
take(const char *path, char *out, size_t cap)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	assert_non_null(f);
	n = fread(out, 1, cap - 1, f);
	out[n] = '\0';
	fclose(f);
	remove(path);
}

/* Runs squeeze (HP2X_SQUEEZE, the build's) on in; returns its exit
 * status and, when 0, what it wrote in out (of room enough), else what
 * it said in out. */
static int
run_squeeze(const char *kind, const char *in, char *out, size_t cap)
{
	char dir[] = "/tmp/test_page_embed.XXXXXX", ip[64], op[64], ep[64];
	char cmd[512];
	FILE *f;
	int rc;

	assert_non_null(mkdtemp(dir));
	snprintf(ip, sizeof ip, "%s/in", dir);
	snprintf(op, sizeof op, "%s/out", dir);
	snprintf(ep, sizeof ep, "%s/err", dir);
	f = fopen(ip, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(in, 1, strlen(in), f), strlen(in));
	assert_int_equal(fclose(f), 0);
	snprintf(cmd, sizeof cmd, "'%s' %s %s %s 2>%s", HP2X_SQUEEZE, kind,
		 ip, op, ep);
	rc = system(cmd);
	assert_true(rc != -1 && WIFEXITED(rc));
	rc = WEXITSTATUS(rc);
	take(ep, out, cap);
	if (!rc)
		take(op, out, cap);
	else if (!access(op, F_OK))
		fail_msg("squeeze failed on \"%s\" but wrote its output", in);
	remove(ip);
	assert_int_equal(rmdir(dir), 0);
	return rc;
}

static void
squeezes(const char *kind, const char *in, const char *want)
{
	char out[1024];

	assert_int_equal(run_squeeze(kind, in, out, sizeof out), 0);
	assert_string_equal(out, want);
}

/* squeeze stops on in, naming its line `line` of IN and saying `why`. */
static void
refuses(const char *kind, const char *in, int line, const char *why)
{
	char out[1024], want[128];

	if (run_squeeze(kind, in, out, sizeof out) != 1)
		fail_msg("squeeze %s did not stop on: %s", kind, in);
	snprintf(want, sizeof want, "/in:%d: %s", line, why);
	if (!strstr(out, want))
		fail_msg("squeeze %s on \"%s\" said \"%s\", not \"%s\"", kind,
			 in, out, want);
}

/* embed.cmake (run as the build runs it, by HP2X_CMAKE) on a copy of
 * page/viewer/ changed by `change`, a shell command run in the copy;
 * returns its exit status, what it said in out. */
static int
run_embed(const char *change, char *out, size_t cap)
{
	char dir[] = "/tmp/test_page_embed.XXXXXX", cmd[2048], viewer[1024];
	int rc;

	assert_non_null(mkdtemp(dir));
	snprintf(viewer, sizeof viewer, "%s", tu_src("page/viewer"));
	snprintf(cmd, sizeof cmd,
		 "cd %s && cp '%s'/* . && %s && '%s' -DOUT=%s/out.c -DDIR=%s "
		 "-DSQUEEZE='%s' -P '%s' >err 2>&1", dir, viewer, change,
		 HP2X_CMAKE, dir, dir, HP2X_SQUEEZE,
		 tu_src("page/embed.cmake"));
	rc = system(cmd);
	assert_true(rc != -1 && WIFEXITED(rc));
	rc = WEXITSTATUS(rc);
	snprintf(cmd, sizeof cmd, "%s/err", dir);
	take(cmd, out, cap);
	snprintf(cmd, sizeof cmd, "rm -r %s", dir);
	assert_int_equal(system(cmd), 0);
	return rc;
}

/* A script the order in embed.cmake does not name stops the build,
 * naming it (it was left out of the page without a word), as does one
 * the order names that is not there; the viewer as it is embeds. */
static void
embed_every_script(void **state)
{
	char out[4096];

	(void)state;
	assert_int_equal(run_embed("true", out, sizeof out), 0);
	if (run_embed("echo 'var x = 1' >stray.js", out, sizeof out) == 0)
		fail_msg("embed.cmake left stray.js out of the page and went on");
	assert_non_null(strstr(out, "stray.js"));
	assert_non_null(strstr(out, "does not"));
	if (run_embed("rm key.js", out, sizeof out) == 0)
		fail_msg("embed.cmake went on without key.js");
	assert_non_null(strstr(out, "key.js"));
}

/* squeeze on lines the page's sources do not hold (yet). */
static void
squeeze_tool(void **state)
{
	static const char *const unclear[] = {
		"x = {} / 2\n",		/* a block or an object literal */
		"a++ / 2\n",		/* ++ postfix or prefix */
	};
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
		 ".tip .tr > b{content:\" \\25BE\";border:1px solid #bbb ;}"
		 "q{quotes:'a; {b}' \"c, d\"}"
		 "a,b:hover{width:calc(1px + 2em)}\n");
	/* a line break goes where it cannot end a statement, and stays
	 * where it may (after ) ] } + - / . and a word) */
	squeezes("js", "a = [\n1,\n2\n]\nb = a\n(c)\nx++\ny = {\nz: 1\n}\nw = 1.\n5 + /r/\ng\n"
		 "if (a <\n!b) c\n",
		 "a=[1,2\n]\nb=a\n(c)\nx++\ny={z:1}\nw=1.\n5+/r/\ng\nif(a< !b)c\n");
	for (i = 0; i < sizeof unclear / sizeof *unclear; i++)
		refuses("js", unclear[i], 1, "a / after");
}

/* squeeze's comments, indentation and empty lines: gone, but for a
 * comment-like "/" "*" or "//" inside a string or a regular expression. */
static void
squeeze_comments(void **state)
{
	(void)state;
	/* Indentation, blanks ending a line, empty lines (at the start
	 * too) go; the last line gets its line break. */
	squeezes("js", "\n\n  if (a) {\n\n\t  b()  \n  }\n\n\n  c = 1",
		 "if(a){b()}\nc=1\n");
	squeezes("js", "\t  a = 1\n  b = 2\n", "a=1\nb=2\n");
	squeezes("css", "\n  a {\n\n\tb: c  \n  }\n\n", "a{b:c}\n");
	squeezes("css", "a\nb {}\n", "a\nb{}\n");
	squeezes("css", "  a {}\n", "a{}\n");
	/* Comments go, whole-line and after code; one holding a line
	 * break leaves one, any other counts as a blank. */
	squeezes("js", "  // a\nx = 1; // b\n/* c\n d */ y = 2 /* e\n */ z = 3\n"
		 "var /* f */ w = 4 /* g */ ;\n/**/\n",
		 "x=1;y=2\nz=3\nvar w=4;\n");
	squeezes("css", "/* a */\na { /* b; } */ c: d; /* e\n */ f: g }\n"
		 "h{/* i */j:k}\n",
		 "a{c:d;f:g}h{j:k}\n");
	/* Inside strings and regular expressions they stay. */
	squeezes("js", "s = '/* a */ // b' + \"c // */\" // d\n"
		 "r = /\\/*x\\/\\//g.test(s) /* e */ + /[/*]/.source\n",
		 "s='/* a */ // b'+\"c // */\"\n"
		 "r=/\\/*x\\/\\//g.test(s)+/[/*]/.source\n");
	squeezes("css", "a::after { content: \"/* b */ // c\" }\n",
		 "a::after{content:\"/* b */ // c\"}\n");
	/* A template loses its comments and nothing else. */
	squeezes("html", "<p>\n  <!-- a\n b --> x <!---->y</p>\n  <i> </i>",
		 "<p>\n   x y</p>\n  <i> </i>");
}

/* What squeeze does not read safely stops it, naming file and line. */
static void
squeeze_refuses(void **state)
{
	(void)state;
	refuses("js", "a = 1\nb = `c`\n", 2, "a backtick");
	refuses("js", "a = 1\nb = 2 /* c\n", 2, "a comment that never ends");
	refuses("js", "a = 1\n\ns = 'abc\n", 3, "a string that does not end");
	refuses("js", "s = 'a\\\nb'\n", 1, "a string that does not end");
	refuses("js", "if (a) /x\n", 1, "a regular expression that does not end");
	refuses("js", "/* a /* b */ c */\n", 1, "a star-slash outside a comment");
	refuses("js", "f(a\n", 1, "a ( never closed");
	refuses("css", "a {}\n.b/**/.c {}\n", 2, "a comment with no blank");
	refuses("css", "a { b: c }\n/* d\n", 2, "a comment that never ends");
	refuses("html", "<p>\n<!-- a -- >\n", 2, "a comment that never ends");
}

static void
bound(void **state)
{
	size_t sum = page_html_len + page_css_len + page_js_len;

	(void)state;
	print_message("the viewer's own bytes: HTML %zu + CSS %zu + JS %zu = "
		      "%zu (bound %d)\n", page_html_len,
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
		cmocka_unit_test(squeeze_comments),
		cmocka_unit_test(squeeze_refuses),
		cmocka_unit_test(embed_every_script),
		cmocka_unit_test(bound),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
