/*
 * tests/unit/test_regex.c - the --include/--exclude patterns (hp/regex.c):
 * they agree with glibc's regexec wherever both accept a pattern, refuse
 * what would cost without bound (back-references, deep nesting, {m,n}
 * inside {m,n}), and match hostile names in time linear in the name.
 */
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "hp/regex.h"
#include "testutil.h"

/* Random patterns over ERE's special bytes and a few others, random
 * subjects: where glibc and hp_regex_compile both accept a pattern,
 * they match the same subjects.  (Subjects hold no LF: glibc's ^ and $
 * match around one even without REG_NEWLINE, which POSIX does not ask.)
 * Most patterns either refuses are \b and the like; a few must be
 * accepted by both, so the comparison is not empty. */
static void
agrees_with_glibc(void **state)
{
	static const char al[] = "ab()|*+?{}[]^$.\\,12-:w";
	unsigned long both = 0;
	char msg[200];
	int it, k, i;

	(void)state;
	uint64_t rs = 7;
	for (it = 0; it < 40000; it++) {
		char pat[16];
		int pl = (int)(tu_rand(&rs) % 10), gok;
		regex_t g;
		hp_regex *m;

		for (i = 0; i < pl; i++)
			pat[i] = al[tu_rand(&rs) % (sizeof al - 1)];
		pat[pl] = '\0';
		gok = regcomp(&g, pat, REG_EXTENDED | REG_NOSUB) == 0;
		m = hp_regex_compile(pat, msg, sizeof msg);
		if (gok && m) {
			both++;
			for (k = 0; k < 20; k++) {
				char s[12];
				int sl = (int)(tu_rand(&rs) % 8), a, b;

				for (i = 0; i < sl; i++)
					s[i] = "ab-{"[tu_rand(&rs) % 4];
				s[sl] = '\0';
				a = regexec(&g, s, 0, NULL, 0) == 0;
				b = hp_regex_match(m, s, (size_t)sl);
				if (a != b)
					fail_msg("'%s' on '%s': glibc %d, hp_regex %d", pat, s, a, b);
			}
		}
		if (gok)
			regfree(&g);
		hp_regex_free(m);
	}
	assert_true(both > 10000);
}

static void
cases(void **state)
{
	static const struct {
		const char *pat, *s;
		int want;
	} c[] = {
		{ "Map|Set", "Data.Map.Internal", 1 },
		{ "^(GC|SYSTEM)$", "GC", 1 },
		{ "^(GC|SYSTEM)$", "GCx", 0 },
		{ "a{2,3}b", "xaab", 1 },
		{ "a{2,3}b", "xab", 0 },
		{ "[[:digit:]]+\\.", "v12.", 1 },
		{ "[^a-z]", "abc", 0 },
		{ "\\w+\\s", "ab c", 1 },
		{ "a)", "a)", 1 },
		{ "x\\|y", "x|y", 1 },
		{ "", "", 1 },
	};
	char msg[200];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof c / sizeof *c; i++) {
		hp_regex *re = hp_regex_compile(c[i].pat, msg, sizeof msg);

		if (!re)
			fail_msg("'%s' refused: %s", c[i].pat, msg);
		if (hp_regex_match(re, c[i].s, strlen(c[i].s)) != c[i].want)
			fail_msg("'%s' on '%s': want %d", c[i].pat, c[i].s, c[i].want);
		hp_regex_free(re);
	}
	/* a NUL in a name is part of it */
	{
		hp_regex *re = hp_regex_compile("a.b", msg, sizeof msg);

		assert_non_null(re);
		assert_int_equal(hp_regex_match(re, "a\0b", 3), 1);
		hp_regex_free(re);
	}
}

/* What glibc's regcomp took the stack or gigabytes for, or its regexec
 * minutes: refused, with a reason. */
static void
refused(void **state)
{
	static const struct {
		const char *pat, *why;
	} c[] = {
		{ "(x*)*\\1y", "back-references (\\1) are not supported" },
		{ "((a{255}){255}){255}", "longer than 10000 steps" },
		{ "(a{1000}){1000}", "longer than 10000 steps" },
		{ "a{40000}", "past 32767" },
		{ "*a", "nothing before it" },
		{ "(a", "unmatched (" },
		{ "[a", "unmatched [" },
		{ "a\\", "a backslash at the end" },
		{ "\\bword", "\\b is not supported" },
		{ "[[:nope:]]", "unknown character class" },
		{ "[z-a]", "end comes before its start" },
		{ "^*", "a repetition of ^ or $" },
	};
	char msg[200], *deep;
	size_t i, n = 30000;
	hp_regex *re;

	(void)state;
	for (i = 0; i < sizeof c / sizeof *c; i++) {
		re = hp_regex_compile(c[i].pat, msg, sizeof msg);
		if (re)
			fail_msg("'%s' accepted", c[i].pat);
		if (!strstr(msg, c[i].why))
			fail_msg("'%s': '%s', want '%s'", c[i].pat, msg, c[i].why);
	}
	/* 30,000 nested groups (glibc: SIGSEGV); 32 are fine, 33 not */
	deep = malloc(2 * n + 2);
	assert_non_null(deep);
	for (i = 0; i < n; i++) {
		deep[i] = '(';
		deep[n + 1 + i] = ')';
	}
	deep[n] = 'a';
	deep[2 * n + 1] = '\0';
	assert_null(hp_regex_compile(deep, msg, sizeof msg));
	assert_non_null(strstr(msg, "groups nested more than 32 deep"));
	re = hp_regex_compile(deep + n - 32, msg, sizeof msg);
	assert_null(re);	/* unmatched ')' are ordinary, but 32 '(' pass */
	deep[n + 1 + 32] = '\0';
	assert_non_null(re = hp_regex_compile(deep + n - 32, msg, sizeof msg));
	assert_int_equal(hp_regex_match(re, "a", 1), 1);
	hp_regex_free(re);
	assert_null(hp_regex_compile(deep + n - 33, msg, sizeof msg));
	free(deep);
}

/* Patterns glibc takes minutes or gigabytes on, on names a hostile
 * profile chooses: each matched in well under a second of CPU (linear:
 * a few ms to a few tens; glibc: x|[ab]*c 0.8 s on 20 kB and minutes on
 * 200 kB, a.{200}c past a minute and 350 MB on 100 kB).  CPU time is not
 * stretched by a busy machine; a sanitizer build has room. */
static void
linear(void **state)
{
	static const char *const pats[] = {
		"x|[ab]*c", "a.{200}c", "([ab]*a){100}c", "(((a*)*)*)*c", "(a|aa)*(a|aa)*c",
	};
	size_t len = 100000, i;
	char *s = malloc(len), msg[200];

	(void)state;
	assert_non_null(s);
	uint64_t rs = 1;
	for (i = 0; i < len; i++)
		s[i] = "ab"[tu_rand(&rs) % 2];
	for (i = 0; i < sizeof pats / sizeof *pats; i++) {
		hp_regex *re = hp_regex_compile(pats[i], msg, sizeof msg);
		clock_t t0 = clock();
		double cpu;

		assert_non_null(re);
		assert_int_equal(hp_regex_match(re, s, len), 0);
		cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
		if (cpu > 2.0)
			fail_msg("'%s' on %zu bytes: %.2f s of CPU", pats[i], len, cpu);
		hp_regex_free(re);
	}
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(agrees_with_glibc),
		cmocka_unit_test(cases),
		cmocka_unit_test(refused),
		cmocka_unit_test(linear),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
