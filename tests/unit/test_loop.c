/*
 * tests/unit/test_loop.c - watch mode's event loop (live/loop.c): a
 * source with one descriptor is called when it is readable, a source
 * that registers a set (the portable build's libmicrohttpd,
 * live/serve-fdset.c) when any of its descriptors is ready for what it
 * asked (reading or writing), a wake source after every wait; a source
 * left out (-1) is neither waited on nor called; the sources' waits
 * bound the wait.
 */
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "live/loop.h"

struct src {
	int calls;
	int fds[2];		/* a set's: descriptors */
	short events[2];
	int wait;		/* its bound, ms */
};

static void
called(void *data)
{
	((struct src *)data)->calls++;
}

static size_t
set_fds(void *data, struct pollfd *pf, size_t max)
{
	struct src *s = data;
	size_t i;

	for (i = 0; i < 2 && i < max; i++) {
		pf[i].fd = s->fds[i];
		pf[i].events = s->events[i];
	}
	return i;
}

static int
bound(void *data)
{
	return ((struct src *)data)->wait;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
one_descriptor_and_wake(void **state)
{
	struct cli_loop l;
	struct src a = { 0 }, w = { 0 };
	struct hp_err err = {{0}};
	int p[2], id;

	(void)state;
	assert_int_equal(pipe(p), 0);
	cli_loop_init(&l);
	id = cli_loop_add(&l, p[0], CLI_LOOP_READ, called, NULL, &a);
	assert_true(id >= 0);
	assert_true(cli_loop_add(&l, -1, CLI_LOOP_WAKE, called, NULL, &w) >= 0);
	assert_int_equal(cli_loop_once(&l, 0, &err), 0);
	assert_int_equal(a.calls, 0);
	assert_int_equal(w.calls, 0);	/* left out: not called either */
	cli_loop_set_fd(&l, 1, p[0]);
	assert_int_equal(write(p[1], "x", 1), 1);
	assert_int_equal(cli_loop_once(&l, 1000, &err), 0);
	assert_int_equal(a.calls, 1);
	assert_int_equal(w.calls, 1);
	cli_loop_set_fd(&l, id, -1);
	assert_int_equal(cli_loop_once(&l, 0, &err), 0);
	assert_int_equal(a.calls, 1);
	close(p[0]);
	close(p[1]);
}

static void
set_ready_for_what_it_asked(void **state)
{
	struct cli_loop l;
	struct src s = { 0 };
	struct hp_err err = {{0}};
	int p[2], q[2], id;

	(void)state;
	assert_int_equal(pipe(p), 0);
	assert_int_equal(pipe(q), 0);
	cli_loop_init(&l);
	/* read from p (empty), read from q (empty): nothing ready */
	s.fds[0] = p[0];
	s.fds[1] = q[0];
	s.events[0] = s.events[1] = POLLIN;
	id = cli_loop_add_set(&l, set_fds, CLI_LOOP_READ, called, NULL, &s);
	assert_true(id >= 0);
	assert_int_equal(cli_loop_once(&l, 0, &err), 0);
	assert_int_equal(s.calls, 0);
	/* the second of the set becomes readable */
	assert_int_equal(write(q[1], "x", 1), 1);
	assert_int_equal(cli_loop_once(&l, 1000, &err), 0);
	assert_int_equal(s.calls, 1);
	/* asked to write to p: a pipe with room is ready at once */
	s.fds[1] = p[1];
	s.events[1] = POLLOUT;
	assert_int_equal(cli_loop_once(&l, 1000, &err), 0);
	assert_int_equal(s.calls, 2);
	/* left out, the set is neither waited on nor called */
	cli_loop_set_fd(&l, id, -1);
	assert_int_equal(cli_loop_once(&l, 0, &err), 0);
	assert_int_equal(s.calls, 2);
	cli_loop_set_fd(&l, id, 0);
	assert_int_equal(cli_loop_once(&l, 0, &err), 0);
	assert_int_equal(s.calls, 3);
	close(p[0]);
	close(p[1]);
	close(q[0]);
	close(q[1]);
}

/* A set's own bound ends a wait nothing else ends. */
static void
set_bounds_the_wait(void **state)
{
	struct cli_loop l;
	struct src s = { 0 };
	struct hp_err err = {{0}};
	int p[2];
	double t;

	(void)state;
	assert_int_equal(pipe(p), 0);
	cli_loop_init(&l);
	s.fds[0] = s.fds[1] = p[0];
	s.events[0] = s.events[1] = POLLIN;
	s.wait = 50;
	assert_true(cli_loop_add_set(&l, set_fds, CLI_LOOP_WAKE, called, bound,
				     &s) >= 0);
	t = now();
	assert_int_equal(cli_loop_once(&l, -1, &err), 0);
	assert_true(now() - t < 10);
	assert_int_equal(s.calls, 1);
	close(p[0]);
	close(p[1]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_descriptor_and_wake),
		cmocka_unit_test(set_ready_for_what_it_asked),
		cmocka_unit_test(set_bounds_the_wait),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
