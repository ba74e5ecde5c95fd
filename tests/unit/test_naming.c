/*
 * tests/unit/test_naming.c - which files a run reads and writes: hp2ps's
 * naming (GHC's utils/hp2ps/Main.c), hp2x's friendlier input lookup, and
 * where the .aux goes, with a fake file system.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "convert/cli.h"

static void
name(const char *arg, const char *ext, const char *want)
{
	char *got = cli_name_default(arg, ext);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static void
replaced(const char *path, const char *ext, const char *want)
{
	char *got = cli_name_replace_ext(path, ext);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static void
default_names(void **state)
{
	(void)state;
	name("FOO", "ps", "FOO.ps");
	name("FOO.hp", "ps", "FOO.ps");
	name("FOO.hp", "aux", "FOO.aux");
	/* The basename: output goes to the current directory. */
	name("sub/z.hp", "ps", "z.ps");
	name("sub/z.hp", "aux", "z.aux");
	name("/abs/path/z", "ps", "z.ps");
	/* hp2ps looks for .hp at the end only: dir.v2/foo keeps its name. */
	name("dir.v2/foo", "ps", "foo.ps");
	name("dir.hp/foo", "ps", "foo.ps");
	name("FOO.eventlog", "ps", "FOO.ps");
	name("FOO.hp.gz", "ps", "FOO.ps");
	name("FOO.eventlog.gz", "ps", "FOO.ps");
	name("FOO.gz", "ps", "FOO.ps");
	/* Other extensions stay, as hp2ps keeps them. */
	name("FOO.txt", "ps", "FOO.txt.ps");
	name("a.b", "aux", "a.b.aux");
	name("FOO.hp", "pdf", "FOO.pdf");
	/* A name that is nothing but the suffix is not emptied. */
	name(".hp", "ps", ".hp.ps");
	name("x/.gz", "ps", ".gz.ps");
}

static void
replace_ext(void **state)
{
	(void)state;
	replaced("out/graph.pdf", "aux", "out/graph.aux");
	replaced("graph", "aux", "graph.aux");
	replaced("dir.v2/graph", "aux", "dir.v2/graph.aux");
	replaced("a.b.c", "aux", "a.b.aux");
	replaced(".hidden", "aux", ".hidden.aux");
	replaced("d/.hidden", "aux", "d/.hidden.aux");
	replaced("x.PS", "aux", "x.aux");
}

/* ---- resolving with a fake file system ---- */

static int
fake_exists(const char *path, void *ctx)
{
	const char *const *p;

	for (p = ctx; *p; p++)
		if (strcmp(*p, path) == 0)
			return 1;
	return 0;
}

static const char *const files[] = {
	"FOO.hp", "BAR", "sub/z.hp", "dir.v2/foo.hp", "prog.eventlog",
	"Describe2.hp.gz", "notes.txt", "both", "both.hp",
	"prog2", "prog2.hp", "prog3", "prog3.eventlog", "prog4.hp",
	"prog4.eventlog", NULL,
};

static struct cli_paths p;
static struct hp_err err;

static int
resolve(const char *first, ...)
{
	char *argv[32];
	int argc = 0;
	struct cli_settings s;
	const char *a;
	va_list ap;

	argv[argc++] = "hp2x";
	va_start(ap, first);
	for (a = first; a; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc] = NULL;
	cli_settings_init(&s);
	hp_err_clear(&err);
	assert_int_equal(cli_parse(&s, argc, argv, &err), 0);
	cli_paths_release(&p);
	return cli_paths_resolve(&p, &s, fake_exists, (void *)files, &err);
}

#define RESOLVE(...) assert_int_equal(resolve(__VA_ARGS__, NULL), 0)

static void
expect(const char *input, const char *output, const char *aux, int aux_read,
       int aux_write)
{
	assert_string_equal(p.input, input);
	assert_string_equal(p.output, output);
	if (aux)
		assert_string_equal(p.aux, aux);
	else
		assert_null(p.aux);
	assert_int_equal(p.aux_read, aux_read);
	assert_int_equal(p.aux_write, aux_write);
}

static void
hp2ps_naming(void **state)
{
	(void)state;
	/* hp2x FOO reads FOO.hp, writes FOO.ps and FOO.aux. */
	RESOLVE("FOO");
	expect("FOO.hp", "FOO.ps", "FOO.aux", 0, 1);
	RESOLVE("FOO.hp");
	expect("FOO.hp", "FOO.ps", "FOO.aux", 0, 1);
	RESOLVE("-p", "FOO");
	expect("FOO.hp", "FOO.ps", "FOO.aux", 1, 1);
	RESOLVE("sub/z.hp");
	expect("sub/z.hp", "z.ps", "z.aux", 0, 1);
	RESOLVE("sub/z");
	expect("sub/z.hp", "z.ps", "z.aux", 0, 1);
	RESOLVE("dir.v2/foo");
	expect("dir.v2/foo.hp", "foo.ps", "foo.aux", 0, 1);
	/* -e gives EPS, still named .ps as in hp2ps. */
	RESOLVE("-e5in", "FOO");
	expect("FOO.hp", "FOO.ps", "FOO.aux", 0, 1);
}

static void
friendlier_input(void **state)
{
	(void)state;
	/* A file that exists as given is read as is. */
	RESOLVE("BAR");
	expect("BAR", "BAR.ps", "BAR.aux", 0, 1);
	RESOLVE("prog.eventlog");
	expect("prog.eventlog", "prog.ps", "prog.aux", 0, 1);
	RESOLVE("Describe2.hp.gz");
	expect("Describe2.hp.gz", "Describe2.ps", "Describe2.aux", 0, 1);
	RESOLVE("notes.txt");
	expect("notes.txt", "notes.txt.ps", "notes.txt.aux", 0, 1);
	/* Both exist: FOO.hp wins, as in hp2ps (`hp2x prog' in a build
	 * directory is the profile, not the executable). */
	RESOLVE("both");
	expect("both.hp", "both.ps", "both.aux", 0, 1);
	RESOLVE("prog2");
	expect("prog2.hp", "prog2.ps", "prog2.aux", 0, 1);
	/* Only the eventlog of prog3: that. */
	RESOLVE("prog3");
	expect("prog3.eventlog", "prog3.ps", "prog3.aux", 0, 1);
	RESOLVE("prog4");
	expect("prog4.hp", "prog4.ps", "prog4.aux", 0, 1);
}

static void
missing_input(void **state)
{
	(void)state;
	/* Neither NOPE nor NOPE.hp nor NOPE.eventlog: the message names
	 * all three. */
	assert_int_equal(resolve("NOPE", NULL), -1);
	assert_non_null(strstr(err.msg, "NOPE.hp"));
	assert_non_null(strstr(err.msg, "NOPE.eventlog"));
	assert_non_null(strstr(err.msg, "cannot open NOPE"));
	assert_null(p.input);
	/* A name with a known extension is left for the reader to refuse. */
	RESOLVE("NOPE.hp");
	expect("NOPE.hp", "NOPE.ps", "NOPE.aux", 0, 1);
	RESOLVE("nope.eventlog");
	expect("nope.eventlog", "nope.ps", "nope.aux", 0, 1);
	RESOLVE("nope.hp.gz");
	expect("nope.hp.gz", "nope.ps", "nope.aux", 0, 1);
}

static void
format_without_output(void **state)
{
	(void)state;
	RESOLVE("FOO", "--format=pdf");
	expect("FOO.hp", "FOO.pdf", "FOO.aux", 0, 1);
	RESOLVE("FOO", "--format=eps");
	expect("FOO.hp", "FOO.eps", "FOO.aux", 0, 1);
	/* Data formats have no aux. */
	RESOLVE("-p", "FOO", "--format=csv");
	expect("FOO.hp", "FOO.csv", NULL, 0, 0);
	RESOLVE("FOO", "--format=hp");
	expect("FOO.hp", "FOO.hp", NULL, 0, 0);
}

static void
explicit_output(void **state)
{
	(void)state;
	/* With -o, the aux is written only when asked for. */
	RESOLVE("FOO", "-o", "out/x.pdf");
	expect("FOO.hp", "out/x.pdf", NULL, 0, 0);
	/* -p's prior .aux follows the input, as in hp2ps (FOO.aux here),
	 * read and rewritten, wherever the graph goes. */
	RESOLVE("-p", "FOO", "-o", "out/x.pdf");
	expect("FOO.hp", "out/x.pdf", "FOO.aux", 1, 1);
	RESOLVE("-p", "-c", "sub/z", "-o", "tp.png");
	expect("sub/z.hp", "tp.png", "z.aux", 1, 1);
	/* --aux-in and --aux-out name the files */
	RESOLVE("--aux-in", "old.aux", "FOO", "-o", "x.pdf");
	expect("FOO.hp", "x.pdf", "FOO.aux", 1, 1);
	assert_string_equal(p.aux_in, "old.aux");
	RESOLVE("--aux-in", "old.aux", "--aux-out", "new.aux", "FOO", "-o", "x.pdf");
	expect("FOO.hp", "x.pdf", "new.aux", 1, 1);
	assert_string_equal(p.aux_in, "old.aux");
	/* standard input has no name to give a prior .aux */
	RESOLVE("-p", "-o", "x.pdf");
	expect("-", "x.pdf", NULL, 0, 0);
	RESOLVE("--aux-out", "a/b.aux", "FOO", "-o", "x.pdf");
	expect("FOO.hp", "x.pdf", "a/b.aux", 0, 1);
	assert_null(p.aux_in);
	RESOLVE("--aux", "FOO", "-o", "out/x.pdf");
	expect("FOO.hp", "out/x.pdf", "out/x.aux", 0, 1);
	RESOLVE("--aux", "FOO", "-o", "graph", "--format=svg");
	expect("FOO.hp", "graph", "graph.aux", 0, 1);
	RESOLVE("--aux", "FOO", "-o", "x.json");
	expect("FOO.hp", "x.json", NULL, 0, 0);
	/* Never an aux for standard output. */
	RESOLVE("-p", "FOO", "-o", "-");
	expect("FOO.hp", "-", NULL, 0, 0);
	/* The aux must not be the output. */
	assert_int_equal(resolve("--aux", "FOO", "-o", "x.aux", "--format=pdf",
				 NULL), -1);
	assert_non_null(strstr(err.msg, "x.aux"));
	/* Several -o: one aux, the first graph's. */
	RESOLVE("--aux", "FOO", "-o", "d/x.json", "-o", "g/y.svg", "-o", "z.pdf");
	expect("FOO.hp", "d/x.json", "g/y.aux", 0, 1);
	assert_int_equal(p.aux_of, 1);
	RESOLVE("-p", "FOO", "-o", "x.csv", "-o", "y.png");
	expect("FOO.hp", "x.csv", "FOO.aux", 1, 1);
	assert_int_equal(p.aux_of, 1);
	RESOLVE("--aux", "FOO", "-o", "x.csv", "-o", "y.json");
	expect("FOO.hp", "x.csv", NULL, 0, 0);
	assert_int_equal(resolve("--aux-out", "y.hp", "FOO", "-o", "x.svg",
				 "-o", "y.hp", NULL), -1);
	assert_non_null(strstr(err.msg, "y.hp: the .aux"));
}

static void
standard_input(void **state)
{
	(void)state;
	/* hp2ps's filter mode: stdin to stdout, no aux even with -p. */
	RESOLVE("-p");
	expect("-", "-", NULL, 0, 0);
	RESOLVE("-");
	expect("-", "-", NULL, 0, 0);
	RESOLVE("-", "-o", "x.pdf");
	expect("-", "x.pdf", NULL, 0, 0);
	RESOLVE("-", "-o", "x.pdf", "--aux");
	expect("-", "x.pdf", "x.aux", 0, 1);
	cli_paths_release(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(default_names),
		cmocka_unit_test(replace_ext),
		cmocka_unit_test(hp2ps_naming),
		cmocka_unit_test(friendlier_input),
		cmocka_unit_test(missing_input),
		cmocka_unit_test(format_without_output),
		cmocka_unit_test(explicit_output),
		cmocka_unit_test(standard_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
