/*
 * tests/unit/test_stream.c - stream inputs for --watch (live/stream.c).
 *
 * How each kind of stream begins, delivers and ends: a pipe ends when its
 * writer closes; a FIFO with no writer yet reads as "nothing now", not as
 * its end, and ends only after a writer came and went; a socket that is
 * not there, or that nobody listens on, is "not yet", a path too long is
 * an error; a connected socket delivers and ends when the peer closes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <cmocka.h>

#include "live/stream.h"

static char dir[] = "/tmp/hp2x-stream.XXXXXX";

static int
setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int
teardown(void **state)
{
	char cmd[64];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static const char *
in_dir(const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof buf, "%s/%s", dir, name);
	return buf;
}

static void
sources(void **state)
{
	(void)state;
	assert_int_equal(cli_source_of("-"), CLI_SOURCE_STDIN);
	assert_int_equal(cli_source_of(NULL), CLI_SOURCE_STDIN);
	assert_int_equal(cli_source_of("unix:/run/x.sock"), CLI_SOURCE_UNIX);
	assert_int_equal(cli_source_of("./unix:x"), CLI_SOURCE_FILE);
	assert_int_equal(cli_source_of("prog.eventlog"), CLI_SOURCE_FILE);
	assert_int_equal(cli_source_of("unix"), CLI_SOURCE_FILE);
}

static void
pipe_ends_when_writer_closes(void **state)
{
	struct cli_stream st = CLI_STREAM_INIT;
	struct hp_err err = {{0}};
	char buf[16];
	int p[2];

	(void)state;
	assert_int_equal(pipe(p), 0);
	assert_int_equal(cli_stream_adopt(&st, p[0], 1, "stdin", &err), 0);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, "stdin", &err),
			 CLI_STREAM_AGAIN);
	assert_int_equal(write(p[1], "hdrb", 4), 4);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, "stdin", &err), 4);
	assert_memory_equal(buf, "hdrb", 4);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, "stdin", &err),
			 CLI_STREAM_AGAIN);
	/* Bytes written just before the close are read before the end. */
	assert_int_equal(write(p[1], "xy", 2), 2);
	close(p[1]);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, "stdin", &err), 2);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, "stdin", &err),
			 CLI_STREAM_END);
	cli_stream_close(&st);
	assert_int_equal(st.fd, -1);
}

static void
fifo_waits_for_its_writer(void **state)
{
	struct cli_stream st = CLI_STREAM_INIT;
	struct hp_err err = {{0}};
	const char *path = in_dir("fifo");
	char buf[16];
	int fd, w, i;

	(void)state;
	assert_int_equal(mkfifo(path, 0600), 0);
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	assert_true(fd >= 0);
	assert_int_equal(cli_stream_adopt(&st, fd, 1, path, &err), 0);
	assert_true(st.fifo);
	/* No writer yet: read(2) says 0, which is not the end. */
	for (i = 0; i < 3; i++)
		assert_int_equal(cli_stream_read(&st, buf, sizeof buf, path, &err),
				 CLI_STREAM_AGAIN);
	w = open(path, O_WRONLY | O_CLOEXEC);
	assert_true(w >= 0);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, path, &err),
			 CLI_STREAM_AGAIN);
	assert_int_equal(write(w, "abc", 3), 3);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, path, &err), 3);
	close(w);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, path, &err),
			 CLI_STREAM_END);
	cli_stream_close(&st);
}

static int
listener(const char *path, int do_listen)
{
	struct sockaddr_un sa;
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	assert_true(fd >= 0);
	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	strcpy(sa.sun_path, path);
	unlink(path);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	if (do_listen)
		assert_int_equal(listen(fd, 4), 0);
	return fd;
}

static void
socket_not_yet(void **state)
{
	struct cli_stream st = CLI_STREAM_INIT;
	struct hp_err err = {{0}};
	char longpath[200];
	int l;

	(void)state;
	assert_int_equal(cli_stream_connect(&st, in_dir("none.sock"), &err), 0);
	assert_int_equal(st.fd, -1);
	/* Bound but not listening: the file of a program not ready yet,
	 * or of one that died. */
	l = listener(in_dir("mute.sock"), 0);
	assert_int_equal(cli_stream_connect(&st, in_dir("mute.sock"), &err), 0);
	assert_int_equal(st.fd, -1);
	close(l);
	memset(longpath, 'a', sizeof longpath - 1);
	longpath[sizeof longpath - 1] = 0;
	assert_int_equal(cli_stream_connect(&st, longpath, &err), -1);
	assert_non_null(strstr(err.msg, "socket path"));
}

static void
socket_delivers_and_ends(void **state)
{
	struct cli_stream st = CLI_STREAM_INIT;
	struct hp_err err = {{0}};
	const char *path = in_dir("live.sock");
	char buf[16];
	int l, c;

	(void)state;
	l = listener(path, 1);
	assert_int_equal(cli_stream_connect(&st, path, &err), 1);
	assert_true(st.fd >= 0);
	/* never blocks watch mode, never goes to the program it runs */
	assert_true(fcntl(st.fd, F_GETFL) & O_NONBLOCK);
	assert_true(fcntl(st.fd, F_GETFD) & FD_CLOEXEC);
	c = accept(l, NULL, NULL);
	assert_true(c >= 0);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, path, &err),
			 CLI_STREAM_AGAIN);
	assert_int_equal(write(c, "hdrbhetb", 8), 8);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, path, &err), 8);
	close(c);
	assert_int_equal(cli_stream_read(&st, buf, sizeof buf, path, &err),
			 CLI_STREAM_END);
	cli_stream_close(&st);
	close(l);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sources),
		cmocka_unit_test(pipe_ends_when_writer_closes),
		cmocka_unit_test(fifo_waits_for_its_writer),
		cmocka_unit_test(socket_not_yet),
		cmocka_unit_test(socket_delivers_and_ends),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
