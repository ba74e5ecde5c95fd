/*
 * tests/unit/test_follow.c - the file follower of --watch (live/follow.c):
 * its three answers, new bytes, replaced (and why) and nothing, on a real
 * file written, truncated, rewritten in place and replaced by rename.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "live/follow.h"

static char dir[64], path[96], other[96];

static int
make_dir(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/hp2x-test_follow.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof path, "%s/p.hp", dir);
	snprintf(other, sizeof other, "%s/q.hp", dir);
	return 0;
}

static int
remove_dir(void **state)
{
	(void)state;
	unlink(path);
	unlink(other);
	return rmdir(dir);
}

/* Write text to file f: appended, or the file truncated first. */
static void
put(const char *f, const char *text, int append)
{
	FILE *fp = fopen(f, append ? "a" : "w");

	assert_non_null(fp);
	assert_int_equal(fputs(text, fp) >= 0, 1);
	assert_int_equal(fclose(fp), 0);
}

/* Open path and follow it from byte 0. */
static void
adopt(struct cli_follow *f)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	cli_follow_adopt(f, fd, &st);
}

/* Look, expecting `want' (and, when replaced, why). */
static void
expect(struct cli_follow *f, int want, const char *why_want)
{
	struct hp_err err = {{0}};
	const char *why = "unset";
	int got = cli_follow_look(f, path, &why, &err);

	assert_int_equal(got, want);
	if (why_want)
		assert_string_equal(why, why_want);
	else
		assert_null(why);
}

/* Read everything there is now, as a string; then remember it. */
static void
read_all(struct cli_follow *f, const char *want)
{
	struct hp_err err = {{0}};
	char buf[4096];
	size_t got = 0;
	ssize_t n;

	/* a small buffer: reads go on from where the last stopped */
	while ((n = cli_follow_read(f, buf + got, 3, path, &err)) > 0)
		got += (size_t)n;
	assert_int_equal(n, 0);
	buf[got] = '\0';
	assert_string_equal(buf, want);
	cli_follow_remember(f);
}

static void
no_file_says_nothing(void **state)
{
	struct cli_follow f;

	(void)state;
	cli_follow_init(&f);
	assert_int_equal(f.fd, -1);
	expect(&f, CLI_FOLLOW_NOTHING, NULL);
}

static void
growth_is_new_bytes(void **state)
{
	struct cli_follow f;

	(void)state;
	put(path, "JOB \"a\"\n", 0);
	adopt(&f);
	expect(&f, CLI_FOLLOW_NEW, NULL);
	read_all(&f, "JOB \"a\"\n");
	expect(&f, CLI_FOLLOW_NOTHING, NULL);
	expect(&f, CLI_FOLLOW_NOTHING, NULL);
	put(path, "DATE \"b\"\n", 1);
	expect(&f, CLI_FOLLOW_NEW, NULL);
	read_all(&f, "DATE \"b\"\n");
	assert_int_equal(f.off, 17);
	expect(&f, CLI_FOLLOW_NOTHING, NULL);
	cli_follow_close(&f);
	assert_int_equal(f.fd, -1);
}

static void
truncation_starts_over(void **state)
{
	struct cli_follow f;
	int fd;

	(void)state;
	put(path, "0123456789\n", 0);
	adopt(&f);
	fd = f.fd;
	read_all(&f, "0123456789\n");
	put(path, "abc\n", 0);	/* shorter than what was read */
	expect(&f, CLI_FOLLOW_REPLACED, "truncated");
	/* the same file, read again from its start */
	assert_int_equal(f.fd, fd);
	assert_int_equal(f.off, 0);
	read_all(&f, "abc\n");
	expect(&f, CLI_FOLLOW_NOTHING, NULL);
	cli_follow_close(&f);
}

static void
rewrite_in_place_starts_over(void **state)
{
	struct cli_follow f;
	char big[3000];

	(void)state;
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	put(path, big, 0);
	adopt(&f);
	read_all(&f, big);
	/* written again, longer, other bytes at the start (as cp does) */
	big[0] = 'y';
	put(path, big, 0);
	put(path, "more\n", 1);
	expect(&f, CLI_FOLLOW_REPLACED, "rewritten");
	assert_int_equal(f.off, 0);
	cli_follow_close(&f);

	/* the same with other bytes at the end of what was read */
	big[0] = 'x';
	put(path, big, 0);
	adopt(&f);
	read_all(&f, big);
	big[sizeof big - 2] = 'z';
	put(path, big, 0);
	put(path, "more\n", 1);
	expect(&f, CLI_FOLLOW_REPLACED, "rewritten");
	cli_follow_close(&f);

	/* the same bytes written again and more after them: growth */
	put(path, "abc\n", 0);
	adopt(&f);
	read_all(&f, "abc\n");
	put(path, "abc\ndef\n", 0);
	expect(&f, CLI_FOLLOW_NEW, NULL);
	read_all(&f, "def\n");
	cli_follow_close(&f);
}

static void
rename_over_is_replaced(void **state)
{
	struct cli_follow f;

	(void)state;
	put(path, "old\n", 0);
	adopt(&f);
	read_all(&f, "old\n");
	put(other, "new, longer\n", 0);
	assert_int_equal(rename(other, path), 0);
	expect(&f, CLI_FOLLOW_REPLACED, "replaced");
	/* closed: the caller opens the new file */
	assert_int_equal(f.fd, -1);
	expect(&f, CLI_FOLLOW_NOTHING, NULL);
	adopt(&f);
	expect(&f, CLI_FOLLOW_NEW, NULL);
	read_all(&f, "new, longer\n");
	cli_follow_close(&f);
}

static void
removed_file_keeps_being_read(void **state)
{
	struct cli_follow f;

	(void)state;
	put(path, "abc\n", 0);
	adopt(&f);
	read_all(&f, "abc\n");
	/* gone from its directory, still open: no other inode to name */
	assert_int_equal(unlink(path), 0);
	expect(&f, CLI_FOLLOW_NOTHING, NULL);
	cli_follow_close(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(no_file_says_nothing),
		cmocka_unit_test(growth_is_new_bytes),
		cmocka_unit_test(truncation_starts_over),
		cmocka_unit_test(rewrite_in_place_starts_over),
		cmocka_unit_test(rename_over_is_replaced),
		cmocka_unit_test(removed_file_keeps_being_read),
	};

	return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
