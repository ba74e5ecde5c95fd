/*
 * tests/unit/test_oom.c - every allocation of ours fails once, and hp2x
 * still ends cleanly.
 *
 * A whole run (cli_run: read -> layout -> render -> write, with its .aux)
 * is repeated with the Nth allocation failing (hp_alloc_fail_at), for N
 * = 1, 2, ... until a run makes fewer than N allocations.  Each run must
 * end either in a clean error (status 1, "hp2x: ...out of memory", the
 * outputs as they were before: absent or whole) or, where a failure only
 * costs speed (eventlog-heap.c's stack cache), in the very output of a run
 * without failures.  Under the ASan build a leak on any of these paths
 * fails the test at exit.  Cairo's and Pango's own allocations cannot be
 * failed; everything hp2x's own code allocates is.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "convert/cli.h"
#include "hp/grow.h"
#include "testutil.h"

static char dir[] = "/tmp/hp2x-oom-XXXXXX";
static unsigned long tried;	/* N values, over all walks */

static char *
path_in(const char *name)
{
	static char buf[4][512];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
	return buf[k];
}

/* One run of hp2x with argv; its messages in *msgs (malloc'd).  With
 * fail_n, the fail_n-th allocation of the run fails: of cli_run, not of
 * cli_parse, whose failures are usage errors (exit 2) of another path. */
static int
run(char **msgs, char **argv, unsigned long fail_n)
{
	struct cli_settings s;
	struct hp_err err = {{0}};
	size_t len, argc = 0;
	FILE *errs;
	int rc;

	while (argv[argc])
		argc++;
	cli_settings_init(&s);
	if (cli_parse(&s, (int)argc, argv, &err))
		fail_msg("%s", err.msg);
	errs = open_memstream(msgs, &len);
	assert_non_null(errs);
	if (fail_n)
		hp_alloc_fail_at(fail_n);
	rc = cli_run(&s, errs);
	fclose(errs);
	return rc;
}

/* The file's bytes, or NULL when it is not there. */
static char *
contents(const char *path, size_t *len)
{
	return access(path, F_OK) == 0 ? tu_slurp(path, len) : NULL;
}

static void
put(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* The directory holds only the files named (no temporary left). */
static void
only_files(const char *a, const char *b)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (strcmp(e->d_name, a) != 0 && (!b || strcmp(e->d_name, b) != 0))
			fail_msg("left behind: %s", e->d_name);
	}
	closedir(d);
}

static void
same_or_absent(const char *path, const char *want, size_t want_len,
	       int must_exist, unsigned long n)
{
	size_t len = 0;
	char *got = contents(path, &len);

	if (!got) {
		if (must_exist)
			fail_msg("N=%lu: %s missing", n, path);
		return;
	}
	if (len != want_len || memcmp(got, want, len) != 0)
		fail_msg("N=%lu: %s differs from a run without failures", n,
			 path);
	free(got);
}

/*
 * Walk N over one command: args are its arguments before -o, an argument
 * starting with '@' a file under the source tree; out and aux name files
 * in the scratch directory.  With aux, a first run writes it (--aux) and
 * the walk reads and rewrites it (--aux-in and --aux-out: -p's).
 */
#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static void
walk(const char *const *args, const char *out, const char *aux)
{
	char *argv[16], *msgs = NULL, *want, *want_aux = NULL, outpath[512];
	char aux_in[560], aux_out[560];
	char paths[8][512];
	size_t want_len, want_aux_len = 0;
	unsigned long n, counted, errors = 0, tolerated = 0;
	int argc = 0, aux_at = -1, k, rc;

	argv[argc++] = "hp2x";
	for (k = 0; args[k]; k++) {
		assert_true(k < 8);
		if (args[k][0] == '@') {
			snprintf(paths[k], sizeof paths[k], "%s",
				 tu_src(args[k] + 1));
			argv[argc++] = paths[k];
		} else {
			argv[argc++] = (char *)args[k];
		}
	}
	argv[argc++] = "-o";
	snprintf(outpath, sizeof outpath, "%s", path_in(out));
	argv[argc++] = outpath;
	if (aux) {
		aux_at = argc;
		argv[argc++] = "--aux";
		argv[argc++] = "--aux";
	}
	argv[argc] = NULL;

	/* The reference: a run without failures (and, with aux, its aux). */
	rc = run(&msgs, argv, 0);
	if (rc != 0)
		fail_msg("reference run for %s failed: %s", out, msgs);
	free(msgs);
	want = contents(path_in(out), &want_len);
	assert_non_null(want);
	/* The same bytes again, or the comparisons below mean nothing. */
	assert_int_equal(run(&msgs, argv, 0), 0);
	free(msgs);
	same_or_absent(path_in(out), want, want_len, 1, 0);
	if (aux) {
		want_aux = contents(path_in(aux), &want_aux_len);
		assert_non_null(want_aux);
		/* -p, with the .aux beside the output rather than the
		 * input's (which -p alone reads) */
		snprintf(aux_in, sizeof aux_in, "--aux-in=%s", path_in(aux));
		snprintf(aux_out, sizeof aux_out, "--aux-out=%s", path_in(aux));
		argv[aux_at] = aux_in;
		argv[aux_at + 1] = aux_out;
	}

	for (n = 1;; n++) {
		unlink(path_in(out));
		if (aux)
			put(path_in(aux), want_aux, want_aux_len);
		msgs = NULL;
		rc = run(&msgs, argv, n);
		counted = hp_alloc_fail_at(0);
		tried++;
		if (counted < n) {
			/* Nothing failed: the walk is over. */
			if (rc != 0)
				fail_msg("N=%lu, past the last allocation: %s",
					 n, msgs);
			same_or_absent(path_in(out), want, want_len, 1, n);
			free(msgs);
			break;
		}
		if (rc == 0) {
			tolerated++;
			same_or_absent(path_in(out), want, want_len, 1, n);
		} else {
			errors++;
			if (rc != 1 || strncmp(msgs, "hp2x: ", 6) != 0 ||
			    !strstr(msgs, "out of memory"))
				fail_msg("N=%lu: status %d, \"%s\"", n, rc, msgs);
			same_or_absent(path_in(out), want, want_len, 0, n);
		}
		if (aux)
			same_or_absent(path_in(aux), want_aux, want_aux_len, 1,
				       n);
		only_files(out, aux);
		free(msgs);
	}
	print_message("%s: %lu allocations walked, %lu clean errors, "
		      "%lu tolerated\n", out, n - 1, errors, tolerated);
	assert_true(errors > 0);
	unlink(path_in(out));
	if (aux)
		unlink(path_in(aux));
	free(want);
	free(want_aux);
}

static void
hp_to_png_with_aux(void **state)
{
	(void)state;
	walk(ARGS("@samples/leak-hb.hp", "-c", "--dpi=24"), "g.png", "g.aux");
}

static void
eventlog_to_png(void **state)
{
	(void)state;
	walk(ARGS("@samples/leak-hc.eventlog", "-M", "--dpi=24"), "e.png",
	     NULL);
}

static void
gzip_to_csv(void **state)
{
	(void)state;
	walk(ARGS("@tests/data/hp/Describe2.hp.gz"), "d.csv", NULL);
}

static void
eventlog_to_json(void **state)
{
	(void)state;
	walk(ARGS("@samples/leak-hb.eventlog"), "d.json", NULL);
}

static void
hp_to_hp(void **state)
{
	(void)state;
	walk(ARGS("@samples/leak-hm.hp"), "d.hp", NULL);
}

/* The ticky report (hp/ticky.c, render/bars.c) and time samples by
 * stack to speedscope (hp/eventlog-prof.c, data/out_speedscope.c). */
static void
ticky_to_png(void **state)
{
	(void)state;
	walk(ARGS("@samples/leak.ticky", "-m5", "--dpi=24"), "t.png", NULL);
}

static void
time_to_speedscope(void **state)
{
	(void)state;
	walk(ARGS("@tests/data/ghc-events/time-prof.eventlog"), "t.speedscope.json",
	     NULL);
}

/* A failed walk leaves the hook set and files behind. */
/* compare.c's runs: --diff (hp/diff.c) and two inputs in one file, cut
 * by a filter and a window (hp/select.c). */
static void
diff_to_png(void **state)
{
	(void)state;
	walk(ARGS("--diff", "@samples/fix-leak.hp", "@samples/fix-fixed.hp",
		  "--dpi=24"), "diff.png", NULL);
}

static void
two_inputs_to_png(void **state)
{
	(void)state;
	walk(ARGS("@samples/fix-leak.hp", "@samples/fix-fixed.eventlog",
		  "--exclude", "^MAIN", "--from", "0.1", "--dpi=24"), "two.png",
	     NULL);
}

static int
reset(void **state)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	(void)state;
	hp_alloc_fail_at(0);
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.')
			unlink(path_in(e->d_name));
	if (d)
		closedir(d);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	print_message("N values tried: %lu\n", tried);
	rmdir(dir);
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(hp_to_png_with_aux, reset),
		cmocka_unit_test_setup(eventlog_to_png, reset),
		cmocka_unit_test_setup(gzip_to_csv, reset),
		cmocka_unit_test_setup(eventlog_to_json, reset),
		cmocka_unit_test_setup(hp_to_hp, reset),
		cmocka_unit_test_setup(diff_to_png, reset),
		cmocka_unit_test_setup(two_inputs_to_png, reset),
		cmocka_unit_test_setup(ticky_to_png, reset),
		cmocka_unit_test_setup(time_to_speedscope, reset),
	};

	if (!mkdtemp(dir))
		return 1;
	return cmocka_run_group_tests(tests, NULL, teardown);
}
