/*
 * tests/unit/test_regressions.c - every input fuzzing ever broke hp2x
 * with, run again on every build.
 *
 * The crashers live in tests/fuzz/crashers/, named TARGET-HASH.  Each goes
 * through the same checks as its fuzz target (the targets' code is
 * included here with FUZZ_FAIL reporting to cmocka), so the suite holds
 * the whole fuzzing oracle (whole vs chunked reads agree, models are
 * sane, a profile that reads draws, .hp round trips, aux round trips),
 * not just "does not crash".  The plain and sanitizer builds both run
 * them; tests/fuzz/run also seeds its corpora with them.
 *
 * Then, for each bug found, the outcome it must have now, spelt out.
 */
#define _GNU_SOURCE	/* memmem, in fuzz_pipeline.c */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#define FUZZ_FAIL(what, detail) fail_msg("%s: %s", what, detail)
#define FUZZ_NO_ENTRY 1
#include "tests/fuzz/fuzz_aux.c"
#include "tests/fuzz/fuzz_eventlog.c"
#include "tests/fuzz/fuzz_hp.c"
#include "tests/fuzz/fuzz_pipeline.c"
#include "tests/fuzz/fuzz_ticky.c"

#include "convert/cli.h"
#include "hp/diff.h"
#include "hp/reader.h"
#include "testutil.h"

static const struct {
	const char *prefix;
	int (*one)(const uint8_t *, size_t);
} targets[] = {
	{ "fuzz_hp-", fuzz_hp_one },
	{ "fuzz_eventlog-", fuzz_eventlog_one },
	{ "fuzz_ticky-", fuzz_ticky_one },
	{ "fuzz_aux-", fuzz_aux_one },
	{ "fuzz_pipeline-", fuzz_pipeline_one },
};

static char *
crasher(const char *name, size_t *len)
{
	char rel[512];
	char *data;

	snprintf(rel, sizeof rel, "tests/fuzz/crashers/%s", name);
	data = tu_slurp(tu_src(rel), len);
	if (!data)
		fail_msg("cannot read %s", rel);
	return data;
}

static void
every_crasher(void **state)
{
	DIR *d = opendir(tu_src("tests/fuzz/crashers"));
	struct dirent *e;
	size_t n = 0, i;

	(void)state;
	assert_non_null(d);
	while ((e = readdir(d))) {
		size_t len;
		char *data;

		if (e->d_name[0] == '.')
			continue;
		for (i = 0; i < sizeof targets / sizeof *targets; i++)
			if (!strncmp(e->d_name, targets[i].prefix,
				     strlen(targets[i].prefix)))
				break;
		if (i == sizeof targets / sizeof *targets)
			fail_msg("%s: no such fuzz target", e->d_name);
		print_message("%s\n", e->d_name);
		data = crasher(e->d_name, &len);
		assert_int_equal(targets[i].one((const uint8_t *)data, len), 0);
		free(data);
		n++;
	}
	closedir(d);
	assert_true(n >= 5);
}

/* The file of a fuzz_hp crasher, without its chunk schedule, read whole. */
static int
read_hp_crasher(hp_model *m, const char *name, struct hp_err *err)
{
	struct fz_split s;
	size_t len, k;
	char *data = crasher(name, &len);
	int rc;

	k = fz_split_parse(&s, (const uint8_t *)data, len);
	rc = hp_read_mem(m, "t.hp", data + k, len - k, err);
	free(data);
	return rc;
}

/* reader.c used to add a 0 offset to NULL when the input was empty
 * (UBSan: pointer-overflow); it is refused as empty. */
static void
empty_input(void **state)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();

	(void)state;
	assert_int_equal(hp_read_mem(m, "t.hp", "", 0, &err), -1);
	assert_string_equal(err.msg, "t.hp: empty file");
	hp_model_free(m);
	m = hp_model_new();
	hp_err_clear(&err);
	assert_int_equal(read_hp_crasher(m, "fuzz_hp-da39a3ee", &err), -1);
	assert_string_equal(err.msg, "t.hp: empty file");
	hp_model_free(m);
}

/* model.c: the entries of a sample of a model that never had one were
 * NULL + 0.  Now an empty sample gives 0 entries, UBSan-clean. */
static void
sample_without_entries(void **state)
{
	static const char text[] =
		"JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n"
		"BEGIN_SAMPLE 0\nEND_SAMPLE 0\n";
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	const hp_band *b;
	const uint64_t *v;

	(void)state;
	assert_int_equal(hp_read_mem(m, "t.hp", text, sizeof text - 1, &err), 0);
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(hp_model_sample(m, 0, &b, &v), 0);
	assert_int_equal(hp_model_sample_sum(m, 0), 0);
	hp_model_free(m);
}

/* reader.c dropped what inflate produced in the call that then hit
 * corrupt data, so a gzip read whole kept less than the same read in
 * chunks.  Now both keep the samples before the damage, then refuse. */
static void
corrupt_gzip_keeps_what_came_before(void **state)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();

	(void)state;
	assert_int_equal(read_hp_crasher(m, "fuzz_hp-1cdcdd70", &err), -1);
	assert_string_equal(err.msg,
			    "t.hp: byte 890: corrupt gzip data (invalid distance too far back)");
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_string_equal(hp_model_get(m, HP_DATE), "Thu Apr 19 11:59 2012");
	hp_model_free(m);
}

/* A cut gzip used to cost two warnings, the cut and the sample it cut;
 * now one: the sample's, which says what was lost and where. */
static void
cut_gzip_one_warning(void **state)
{
	struct hp_err err = {{0}};
	size_t len;
	char *gz = tu_slurp(tu_data("hp/Describe2.hp.gz"), &len);
	hp_model *m = hp_model_new();

	(void)state;
	assert_non_null(gz);
	assert_int_equal(hp_read_mem(m, "t.hp.gz", gz, len / 2, &err), 0);
	assert_true(hp_model_sample_count(m) > 10);
	assert_int_equal(hp_model_warning_count(m), 1);
	assert_non_null(strstr(hp_model_warning(m, 0), "truncated final sample dropped"));
	hp_model_free(m);
	free(gz);
}

/* diff.c paired every sample of A with B's last sample at or before
 * its time, so a damaged .hp with two samples at 0.30 differed from
 * itself there.  Now samples of one time pair in order: no change. */
static void
diff_of_itself_with_equal_times(void **state)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	struct hp_diff d;
	size_t i, n, len;
	char *data = crasher("fuzz_pipeline-59de3ea0", &len);

	(void)state;
	/* after fuzz_pipeline's three bytes of options, a .hp */
	assert_true(len > 3);
	assert_int_equal(hp_read_mem(m, "t.hp", data + 3, len - 3, &err), 0);
	free(data);
	n = hp_model_sample_count(m);
	assert_true(n > 3);
	assert_int_equal(hp_diff_compute(&d, m, m, 1, 0, &err), 0);
	for (i = 0; i < n; i++) {
		assert_int_equal(hp_model_sample_sum(d.grow, i), 0);
		assert_int_equal(hp_model_sample_sum(d.shrink, i), 0);
	}
	hp_diff_release(&d);
	hp_model_free(m);
}

/* Found by clang-tidy, not fuzzing: cli_out_commit freed the output's
 * name before putting it in the message (a use after free that ASan
 * shows on every failed write).  /dev/full fails every flush. */
static void
failed_commit_names_the_file(void **state)
{
	struct hp_err err = {{0}};
	struct cli_out o;
	char buf[100];

	(void)state;
	assert_int_equal(cli_out_open(&o, "/dev/full", &err), 0);
	memset(buf, 'x', sizeof buf);
	fwrite(buf, 1, sizeof buf, o.f);
	assert_int_equal(cli_out_commit(&o, &err), -1);
	assert_string_equal(err.msg, "cannot write /dev/full: No space left on device");
	assert_null(o.path);
	cli_out_abort(&o);
}

/* fresh-machine: a PDF to /dev/full said "hp2x: /dev/full: cannot write
 * the PDF output: ..." (the renderer saw the failure, its buffer being
 * full) where a short output said "hp2x: cannot write /dev/full: ..."
 * (the final flush saw it).  Whichever layer sees a failed write, the
 * edge names the file the same way; other messages get the name before
 * them, once. */
static void
one_message_for_a_failed_write(void **state)
{
	struct hp_err err = {{0}};

	(void)state;
	assert_int_equal(hp_err_write(&err, ENOSPC), -1);
	hp_err_name(&err, "/dev/full");
	assert_string_equal(err.msg, "cannot write /dev/full: No space left on device");
	hp_err_name(&err, "/dev/full");
	assert_string_equal(err.msg, "cannot write /dev/full: No space left on device");
	hp_err_clear(&err);
	hp_err_write(&err, 0);
	hp_err_name(&err, "standard output");
	assert_string_equal(err.msg, "cannot write standard output: write error");
	hp_err_clear(&err);
	hp_err_set(&err, "image size 0x0 is out of range");
	hp_err_name(&err, "x.png");
	assert_string_equal(err.msg, "x.png: image size 0x0 is out of range");
	hp_err_name(&err, "x.png");
	assert_string_equal(err.msg, "x.png: image size 0x0 is out of range");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(empty_input),
		cmocka_unit_test(sample_without_entries),
		cmocka_unit_test(corrupt_gzip_keeps_what_came_before),
		cmocka_unit_test(cut_gzip_one_warning),
		cmocka_unit_test(failed_commit_names_the_file),
		cmocka_unit_test(one_message_for_a_failed_write),
		cmocka_unit_test(diff_of_itself_with_equal_times),
		/* Last: a sanitizer report stops the whole program. */
		cmocka_unit_test(every_crasher),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
