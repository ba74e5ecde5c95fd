/*
 * tests/unit/test_fifo.c - an output written to a FIFO (convert/atomic.c
 * through convert/fifo.h), in whichever build this is (Linux's
 * fopencookie, the portable build's stream in memory): a reader gets
 * every byte, more than a pipe holds; a reader that reads nothing holds
 * the write only until a stop is noted (watch mode's SIGINT or SIGTERM),
 * and the output then fails instead of waiting on.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "convert/cli.h"

#define BIG (1 << 20)	/* more than any pipe holds */

static char dir[] = "/tmp/hp2x-fifo.XXXXXX", path[64];

static int
setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof path, "%s/f", dir);
	return mkfifo(path, 0600);
}

static int
teardown(void **state)
{
	(void)state;
	unlink(path);
	return rmdir(dir);
}

static unsigned char
byte_at(size_t i)
{
	return (unsigned char)(i * 7 + i / 251);
}

static void
reader_gets_every_byte(void **state)
{
	struct cli_out o;
	struct hp_err err = {{0}};
	size_t i;
	pid_t pid;
	int st;

	(void)state;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open(path, O_RDONLY);
		size_t got = 0, bad = 0;
		unsigned char b[4096];
		ssize_t n;

		while (fd >= 0 && (n = read(fd, b, sizeof b)) > 0)
			for (i = 0; i < (size_t)n; i++, got++)
				bad += b[i] != byte_at(got);
		_exit(fd >= 0 && got == BIG && bad == 0 ? 0 : 1);
	}
	assert_int_equal(cli_out_open(&o, path, &err), 0);
	for (i = 0; i < BIG; i++)
		assert_int_equal(fputc(byte_at(i), o.f), byte_at(i));
	assert_int_equal(cli_out_commit(&o, &err), 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	/* written in place: the FIFO is still one */
	{
		struct stat sb;

		assert_int_equal(stat(path, &sb), 0);
		assert_true(S_ISFIFO(sb.st_mode));
	}
}

static void
stalled_reader_gives_way_to_a_stop(void **state)
{
	struct cli_out o;
	struct hp_err err = {{0}};
	int rfd, rc = 0;
	size_t i;

	(void)state;
	/* a reader that never reads */
	rfd = open(path, O_RDONLY | O_NONBLOCK);
	assert_true(rfd >= 0);
	assert_int_equal(cli_out_open_flags(&o, path, CLI_OUT_NOWAIT, &err), 0);
	cli_stop_note(1);
	for (i = 0; i < BIG && rc != EOF; i++)
		rc = fputc('x', o.f);
	if (rc != EOF)
		rc = cli_out_commit(&o, &err);
	else
		cli_out_abort(&o);
	cli_stop_note(0);
	assert_int_not_equal(rc, 0);
	close(rfd);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reader_gets_every_byte),
		cmocka_unit_test(stalled_reader_gives_way_to_a_stop),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, setup, teardown);
}
