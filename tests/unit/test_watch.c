/*
 * tests/unit/test_watch.c - the pure parts of watch mode and the
 * launcher, and whole watch runs in-process.
 *
 * The launcher's decisions: which RTS options ask for a heap profile
 * (GHC's +RTS/-RTS/--RTS rules and $GHCRTS), which argv is run, which
 * file the program writes.  Then cli_watch on every sample profile, as
 * .hp and as JSON: a watch over a finished file (ended by --idle-exit, or
 * by an eventlog's DATA_END) must write exactly what a one-shot run writes,
 * and a damaged or empty file must fail with the reader's message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "convert/cli.h"
#include "live/watch.h"
#include "testutil.h"

/* ---- RTS options ---- */

static struct cli_rts
scan(const char *ghcrts, ...)
{
	char *argv[32];
	struct cli_rts rts;
	va_list ap;
	int n = 0;
	char *a;

	argv[n++] = "./prog";
	va_start(ap, ghcrts);
	while ((a = va_arg(ap, char *)) != NULL) {
		assert_true(n < 31);
		argv[n++] = a;
	}
	va_end(ap);
	argv[n] = NULL;
	cli_rts_scan(&rts, argv, ghcrts);
	return rts;
}

#define HEAP(...) scan(__VA_ARGS__, (char *)NULL).heap

static void
rts_heap_flags(void **state)
{
	(void)state;
	assert_int_equal(HEAP(NULL), 0);
	assert_int_equal(HEAP(NULL, "+RTS", "-hT", "-RTS"), 1);
	assert_int_equal(HEAP(NULL, "+RTS", "-h", "-RTS"), 1);
	assert_int_equal(HEAP(NULL, "+RTS", "-hc", "-L50"), 1);
	assert_int_equal(HEAP(NULL, "a", "+RTS", "-s", "-hy", "-RTS", "b"), 1);
	assert_int_equal(HEAP(NULL, "+RTS", "-s", "-RTS", "+RTS", "-hd"), 1);
	/* Program arguments, not RTS options. */
	assert_int_equal(HEAP(NULL, "-hT"), 0);
	assert_int_equal(HEAP(NULL, "+RTS", "-s", "-RTS", "-hT"), 0);
	assert_int_equal(HEAP(NULL, "--RTS", "+RTS", "-hT"), 0);
	assert_int_equal(HEAP(NULL, "+RTS", "-s", "--RTS", "-hT"), 0);
	/* -H is the heap size, -i the interval: no profile. */
	assert_int_equal(HEAP(NULL, "+RTS", "-H64m", "-i0.1", "-RTS"), 0);
	assert_int_equal(HEAP(NULL, "+RTS", "-RTS"), 0);
	assert_int_equal(HEAP(NULL, "+RTS"), 0);
	/* $GHCRTS holds RTS options only, space-separated. */
	assert_int_equal(HEAP("-hT"), 1);
	assert_int_equal(HEAP("  -s\t-hy -i0.2  "), 1);
	assert_int_equal(HEAP("-H1m -s"), 0);
	assert_int_equal(HEAP(""), 0);
	assert_int_equal(HEAP("-s", "+RTS", "-A1m", "-RTS"), 0);
}

static void
rts_stem(void **state)
{
	struct cli_rts r;

	(void)state;
	r = scan(NULL, "+RTS", "-pofoo", "-RTS", (char *)NULL);
	assert_non_null(r.stem);
	assert_int_equal(r.stem_len, 3);
	assert_memory_equal(r.stem, "foo", 3);
	/* The command line comes after $GHCRTS and wins. */
	r = scan("-pobar -s", "+RTS", "-pobaz", (char *)NULL);
	assert_int_equal(r.stem_len, 3);
	assert_memory_equal(r.stem, "baz", 3);
	r = scan("-pobar -s", (char *)NULL);
	assert_int_equal(r.stem_len, 3);
	assert_memory_equal(r.stem, "bar", 3);
	r = scan(NULL, "-pofoo", (char *)NULL);
	assert_null(r.stem);
	r = scan(NULL, "+RTS", "-po", (char *)NULL);
	assert_null(r.stem);
}

static void
launch_argv(void **state)
{
	char *argv[] = { "./prog", "x", "--RTS", "-hT", NULL };
	char *one[] = { "prog", NULL };
	char *none[] = { NULL };
	struct cli_rts rts;
	char **a;

	(void)state;
	memset(&rts, 0, sizeof rts);
	a = cli_launch_argv(argv, &rts);
	assert_non_null(a);
	/* Right after the program name: still RTS options with --RTS
	 * later on the line. */
	assert_string_equal(a[0], "./prog");
	assert_string_equal(a[1], "+RTS");
	assert_string_equal(a[2], "-hT");
	assert_string_equal(a[3], "-i0.5");
	assert_string_equal(a[4], "-RTS");
	assert_string_equal(a[5], "x");
	assert_string_equal(a[6], "--RTS");
	assert_string_equal(a[7], "-hT");
	assert_null(a[8]);
	free(a);
	a = cli_launch_argv(one, &rts);
	assert_string_equal(a[0], "prog");
	assert_string_equal(a[4], "-RTS");
	assert_null(a[5]);
	free(a);
	/* The program asks for a profile itself: its argv as it is. */
	rts.heap = 1;
	a = cli_launch_argv(argv, &rts);
	assert_string_equal(a[0], "./prog");
	assert_string_equal(a[1], "x");
	assert_string_equal(a[3], "-hT");
	assert_null(a[4]);
	free(a);
	assert_null(cli_launch_argv(none, &rts));
}

static void
launch_profile(void **state)
{
	struct cli_rts rts;
	char *p;

	(void)state;
	memset(&rts, 0, sizeof rts);
	p = cli_launch_profile("./prog", &rts);
	assert_string_equal(p, "prog.hp");
	free(p);
	p = cli_launch_profile("/usr/local/bin/server", &rts);
	assert_string_equal(p, "server.hp");
	free(p);
	p = cli_launch_profile("leak", &rts);
	assert_string_equal(p, "leak.hp");
	free(p);
	rts.stem = "out/run1 -s";
	rts.stem_len = 8;
	p = cli_launch_profile("./prog", &rts);
	assert_string_equal(p, "out/run1.hp");
	free(p);
}

/* ---- whole runs ---- */

static char dir[64];

static int
make_dir(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/hp2x-test_watch.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int
remove_dir(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Run hp2x with these arguments in-process; messages to *msgs. */
static int
hp2x(char **msgs, const char *first, ...)
{
	char *argv[16];
	struct cli_settings s;
	struct hp_err err = {{0}};
	size_t len;
	FILE *errs;
	va_list ap;
	int argc = 0, rc;
	const char *a;

	argv[argc++] = "hp2x";
	va_start(ap, first);
	for (a = first; a; a = va_arg(ap, const char *)) {
		assert_true(argc < 15);
		argv[argc++] = (char *)a;
	}
	va_end(ap);
	argv[argc] = NULL;
	cli_settings_init(&s);
	assert_int_equal(cli_parse(&s, argc, argv, &err), 0);
	errs = open_memstream(msgs, &len);
	assert_non_null(errs);
	rc = s.watch ? cli_watch(&s, errs) : cli_run(&s, errs);
	fclose(errs);
	return rc;
}

static void
same_files(const char *a, const char *b)
{
	size_t na, nb;
	char *x = tu_slurp(a, &na), *y = tu_slurp(b, &nb);

	assert_non_null(x);
	assert_non_null(y);
	if (na != nb || memcmp(x, y, na) != 0)
		fail_msg("%s and %s differ", a, b);
	free(x);
	free(y);
}

/* Remove watch mode's status lines ("hp2x: F: N samples, N bands, peak
 * ..., drawn HH:MM:SS") from the messages s. */
static void
strip_status(char *s)
{
	char *r = s, *w = s;

	while (*r) {
		char *nl = strchr(r, '\n');
		size_t n = nl ? (size_t)(nl - r) + 1 : strlen(r);
		char line[4096];
		size_t k = n < sizeof line ? n : sizeof line - 1;

		memcpy(line, r, k);
		line[k] = '\0';
		if (!(strstr(line, " samples, ") && strstr(line, " bands, peak ") &&
		      strstr(line, ", drawn "))) {
			memmove(w, r, n);
			w += n;
		}
		r += n;
	}
	*w = '\0';
}

static void
watch_equals_oneshot(void **state)
{
	static const char *const samples[] = {
		"leak-hT", "leak-hb", "leak-hc", "leak-hd", "leak-hm",
		"leak-hr", "leak-hy", "tabbed-hc",
	};
	static const char *const kinds[] = { "hp", "eventlog" };
	static const char *const fmts[] = { "hp", "json" };
	size_t i, k, f;

	(void)state;
	for (i = 0; i < sizeof samples / sizeof samples[0]; i++)
	for (k = 0; k < 2; k++)
	for (f = 0; f < 2; f++) {
		char in[256], want[256], got[256];
		char *m1 = NULL, *m2 = NULL;
		time_t t0;
		int rc;

		snprintf(in, sizeof in, "samples/%s.%s", samples[i], kinds[k]);
		snprintf(want, sizeof want, "%s/want.%s", dir, fmts[f]);
		snprintf(got, sizeof got, "%s/got.%s", dir, fmts[f]);
		rc = hp2x(&m1, tu_src(in), "-o", want, NULL);
		assert_int_equal(rc, 0);
		/* .hp: ends after 50 ms without growth; eventlog: at its
		 * DATA_END, whatever --idle-exit says. */
		t0 = time(NULL);
		rc = hp2x(&m2, "--watch", "--interval=0.01",
			  k ? "--idle-exit=30" : "--idle-exit=0.05",
			  tu_src(in), "-o", got, NULL);
		if (rc != 0)
			fail_msg("%s: watch exit %d: %s", in, rc, m2);
		if (k && time(NULL) - t0 >= 30)
			fail_msg("%s: DATA_END did not end the watch", in);
		same_files(want, got);
		/* Warnings once each, the same as a one-shot run's (the
		 * status line aside). */
		strip_status(m2);
		assert_string_equal(m1, m2);
		free(m1);
		free(m2);
	}
}

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void
watch_failures(void **state)
{
	char in[256], out[256];
	char *m = NULL;
	int rc;

	(void)state;
	snprintf(in, sizeof in, "%s/bad.hp", dir);
	snprintf(out, sizeof out, "%s/bad.hp.out.hp", dir);
	write_file(in, "JOB \"x\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\n"
		   "VALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\n"
		   "BEGIN_SAMPLE 1.0\nA\t10\nEND_SAMPLE 1.0\n"
		   "BEGIN_SAMPLE 0.5\nEND_SAMPLE 0.5\n");
	rc = hp2x(&m, "-w", "--idle-exit=0.05", "--interval=0.01", in,
		  "-o", out, NULL);
	assert_int_equal(rc, 1);
	assert_non_null(strstr(m, "bad.hp:10: "));
	/* What came before the damage is drawn. */
	free(m);
	m = tu_slurp(out, NULL);
	assert_non_null(m);
	assert_non_null(strstr(m, "BEGIN_SAMPLE 1.0"));
	assert_null(strstr(m, "BEGIN_SAMPLE 0.5"));
	free(m);

	snprintf(in, sizeof in, "%s/empty.hp", dir);
	snprintf(out, sizeof out, "%s/empty.pdf", dir);
	write_file(in, "");
	m = NULL;
	rc = hp2x(&m, "-w", "--idle-exit=0.05", "--interval=0.01", in,
		  "-o", out, NULL);
	assert_int_equal(rc, 1);
	assert_non_null(strstr(m, "empty.hp"));
	assert_int_equal(access(out, F_OK), -1);
	free(m);

	/* The output may not be the input, even before the input exists. */
	snprintf(in, sizeof in, "%s/later.hp", dir);
	m = NULL;
	rc = hp2x(&m, "-w", "--format=hp", in, "-o", in, NULL);
	assert_int_equal(rc, 1);
	assert_non_null(strstr(m, "would overwrite the input"));
	free(m);
}

/* ---- the eventlog path ---- */

static const char info_902[] =
	" [(\"GHC RTS\", \"YES\")\n ,(\"GHC version\", \"9.0.2\")\n"
	" ,(\"RTS way\", \"rts_v\")\n ,(\"Build platform\", \"x86_64-unknown-linux\")\n"
	" ,(\"Flag -with-rtsopts\", \"\")\n ]\n";

static char *
info(const char *version, const char *way)
{
	static char buf[512];

	snprintf(buf, sizeof buf,
		 " [(\"GHC RTS\", \"YES\")\n ,(\"GHC version\", \"%s\")\n"
		 " ,(\"RTS way\", \"%s\")\n ]\n", version, way);
	return buf;
}

static void
rts_info_decides(void **state)
{
	(void)state;
	/* Debian's GHC: no --eventlog-flush-interval. */
	assert_int_equal(cli_rts_info_streams(info_902), 0);
	assert_int_equal(cli_rts_info_streams(info("9.0.2", "rts_thr_l")), 0);
	assert_int_equal(cli_rts_info_streams(info("8.10.7", "rts_l")), 0);
	/* 9.2 and 9.3: only with the eventlog in the RTS way. */
	assert_int_equal(cli_rts_info_streams(info("9.2.8", "rts_thr")), 0);
	assert_int_equal(cli_rts_info_streams(info("9.2.8", "rts_v")), 0);
	assert_int_equal(cli_rts_info_streams(info("9.2.8", "rts_thr_l")), 1);
	assert_int_equal(cli_rts_info_streams(info("9.2.1", "rts_l")), 1);
	assert_int_equal(cli_rts_info_streams(info("9.2.8", "rts_thr_debug")), 1);
	/* From 9.4 the eventlog is always there. */
	assert_int_equal(cli_rts_info_streams(info("9.4.7", "rts_thr")), 1);
	assert_int_equal(cli_rts_info_streams(info("9.10.1", "rts_v")), 1);
	assert_int_equal(cli_rts_info_streams(info("10.0.1", "rts_v")), 1);
	/* Not an RTS's answer. */
	assert_int_equal(cli_rts_info_streams(""), 0);
	assert_int_equal(cli_rts_info_streams("usage: prog [options]\n"), 0);
	assert_int_equal(cli_rts_info_streams(info("nine", "rts_v")), 0);
	assert_int_equal(cli_rts_info_streams(
		" [(\"GHC RTS\", \"NO\")\n ,(\"GHC version\", \"9.6.1\")\n ]\n"), 0);
}

static void
rts_eventlog_options(void **state)
{
	(void)state;
	assert_int_equal(scan(NULL, (char *)NULL).eventlog, 0);
	assert_int_equal(scan(NULL, "+RTS", "-hT", "-RTS", (char *)NULL).eventlog, 0);
	assert_int_equal(scan(NULL, "+RTS", "-l", "-RTS", (char *)NULL).eventlog, 1);
	assert_int_equal(scan(NULL, "+RTS", "-l-au", (char *)NULL).eventlog, 1);
	assert_int_equal(scan(NULL, "+RTS", "-ol/tmp/x", (char *)NULL).eventlog, 1);
	assert_int_equal(scan("-l", (char *)NULL).eventlog, 1);
	/* A program argument, not an RTS option. */
	assert_int_equal(scan(NULL, "-l", (char *)NULL).eventlog, 0);
}

static void
launch_argv_eventlog(void **state)
{
	char *argv[] = { "./prog", "a", "+RTS", "-N2", "-RTS", NULL };
	struct cli_rts rts;
	char *owned;
	char **out;
	size_t i;
	const char *want[] = { "./prog", "+RTS", "-hT", "-i0.5", "-l-agu",
		"-ol/tmp/d/prog.eventlog", "--eventlog-flush-interval=0.5",
		"-RTS", "a", "+RTS", "-N2", "-RTS", NULL };
	const char *want_h[] = { "./prog", "+RTS", "-l-agu",
		"-ol/tmp/d/prog.eventlog", "--eventlog-flush-interval=1",
		"-RTS", "+RTS", "-hy", NULL };

	(void)state;
	cli_rts_scan(&rts, argv, NULL);
	out = cli_launch_argv_eventlog(argv, &rts, "/tmp/d/prog.eventlog",
				       0.5, &owned);
	assert_non_null(out);
	for (i = 0; want[i]; i++)
		assert_string_equal(out[i], want[i]);
	assert_null(out[i]);
	free(out);
	free(owned);
	{
		char *argv2[] = { "./prog", "+RTS", "-hy", NULL };

		cli_rts_scan(&rts, argv2, NULL);
		out = cli_launch_argv_eventlog(argv2, &rts,
					       "/tmp/d/prog.eventlog", 1, &owned);
		assert_non_null(out);
		for (i = 0; want_h[i]; i++)
			assert_string_equal(out[i], want_h[i]);
		assert_null(out[i]);
		free(out);
		free(owned);
	}
}

static void
rts_probe_runs_the_program(void **state)
{
	char cmd[1024];
	struct timespec a, b;

	(void)state;
	snprintf(cmd, sizeof cmd, "%s", tu_src("tests/standin-ghc"));
	setenv("STANDIN_GHC", "9.6.6", 1);
	assert_int_equal(cli_rts_probe(cmd, 10), 1);
	setenv("STANDIN_GHC", "9.0.2", 1);
	assert_int_equal(cli_rts_probe(cmd, 10), 0);
	setenv("STANDIN_GHC", "9.2.8", 1);
	setenv("STANDIN_WAY", "rts_thr_l", 1);
	assert_int_equal(cli_rts_probe(cmd, 10), 1);
	unsetenv("STANDIN_GHC");
	unsetenv("STANDIN_WAY");
	/* Not a GHC program, not a program at all. */
	assert_int_equal(cli_rts_probe("true", 10), 0);
	assert_int_equal(cli_rts_probe("/nonexistent/prog", 10), 0);
	/* One that does not answer is given up on (and killed) in time. */
	setenv("STANDIN_INFO_HANG", "1", 1);
	clock_gettime(CLOCK_MONOTONIC, &a);
	assert_int_equal(cli_rts_probe(cmd, 0.3), 0);
	clock_gettime(CLOCK_MONOTONIC, &b);
	unsetenv("STANDIN_INFO_HANG");
	assert_true((double)(b.tv_sec - a.tv_sec) +
		    (double)(b.tv_nsec - a.tv_nsec) / 1e9 < 5);
}

/* Only a file holding a GHC RTS is ever run to ask it: read, not run. */
static void
rts_is_ghc_reads_the_file(void **state)
{
	char tmpd[] = "/tmp/hp2x-isghc.XXXXXX", path[256], *old;
	const char *mark = " [(\"GHC RTS\", \"YES\")";
	FILE *f;
	size_t i;

	(void)state;
	assert_non_null(mkdtemp(tmpd));
	assert_int_equal(cli_rts_is_ghc(tu_src("tests/standin-ghc")), 1);
	assert_int_equal(cli_rts_is_ghc("/nonexistent/prog"), 0);
	assert_int_equal(cli_rts_is_ghc("true"), 0);	/* found in $PATH */
	assert_int_equal(cli_rts_is_ghc(tmpd), 0);	/* a directory */
	/* the static RTS's mark across the reader's 64 KiB chunks */
	snprintf(path, sizeof path, "%s/static", tmpd);
	assert_non_null(f = fopen(path, "wb"));
	for (i = 0; i < 65536 - 7; i++)
		fputc('x', f);
	fputs(mark, f);
	fclose(f);
	assert_int_equal(cli_rts_is_ghc(path), 1);
	/* a dynamic one names its RTS library */
	snprintf(path, sizeof path, "%s/dynamic", tmpd);
	assert_non_null(f = fopen(path, "wb"));
	fputs("\177ELF...libHSrts-1.0.2_thr-ghc9.6.6.so", f);
	fclose(f);
	assert_int_equal(cli_rts_is_ghc(path), 1);
	/* a wrapper script is not one, found in $PATH or not */
	snprintf(path, sizeof path, "%s/wrapper", tmpd);
	assert_non_null(f = fopen(path, "wb"));
	fputs("#!/bin/sh\nexec ./prog \"$@\"\n", f);
	fclose(f);
	chmod(path, 0755);
	assert_int_equal(cli_rts_is_ghc(path), 0);
	old = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
	setenv("PATH", tmpd, 1);
	assert_int_equal(cli_rts_is_ghc("wrapper"), 0);
	chmod(path, 0644);	/* not executable: the search goes on */
	snprintf(path, sizeof path, "%s/static", tmpd);
	chmod(path, 0755);
	assert_int_equal(cli_rts_is_ghc("static"), 1);
	if (old) {
		setenv("PATH", old, 1);
		free(old);
	}
	for (i = 0; i < 3; i++) {
		static const char *const names[] = { "static", "dynamic", "wrapper" };

		snprintf(path, sizeof path, "%s/%s", tmpd, names[i]);
		unlink(path);
	}
	rmdir(tmpd);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rts_heap_flags),
		cmocka_unit_test(rts_stem),
		cmocka_unit_test(launch_argv),
		cmocka_unit_test(launch_profile),
		cmocka_unit_test(rts_info_decides),
		cmocka_unit_test(rts_eventlog_options),
		cmocka_unit_test(launch_argv_eventlog),
		cmocka_unit_test(rts_probe_runs_the_program),
		cmocka_unit_test(rts_is_ghc_reads_the_file),
		cmocka_unit_test(watch_equals_oneshot),
		cmocka_unit_test(watch_failures),
	};

	return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
