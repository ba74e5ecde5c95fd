/*
 * tests/unit/test_signals.c - the signals watch mode hears (live/signals.h),
 * in whichever build this is: Linux's signalfd or the portable build's
 * self-pipe.  The contract is the same: a SIGINT or SIGTERM sent to the
 * process makes the descriptor readable and is read once, by number, and
 * is pending for a FIFO's write until then (cli_stop_pending); with a
 * child, its end comes as SIGCHLD; closing consumes what came, and gives
 * the mask and the actions back.
 */
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "convert/cli.h"
#include "live/signals.h"

/* A handler that runs during poll (the self-pipe's) interrupts it. */
static int
readable(int fd, int ms)
{
	struct pollfd pf = { fd, POLLIN, 0 };
	int rc;

	while ((rc = poll(&pf, 1, ms)) < 0 && errno == EINTR)
		;
	return rc == 1;
}

static void
int_and_term_read_once(void **state)
{
	struct cli_sigs s;
	struct hp_err err = {{0}};
	int terminal = -1;

	(void)state;
	cli_sigs_init(&s);
	assert_int_equal(cli_sigs_open(&s, 0, &err), 0);
	assert_false(readable(s.fd, 0));
	assert_false(cli_stop_pending());
	kill(getpid(), SIGINT);
	assert_true(readable(s.fd, 2000));
	assert_true(cli_stop_pending());
	assert_int_equal(cli_sigs_next(&s, &terminal), SIGINT);
	assert_int_equal(terminal, 0);	/* kill(2), not the terminal */
	assert_int_equal(cli_sigs_next(&s, &terminal), 0);
	assert_false(cli_stop_pending());
	kill(getpid(), SIGTERM);
	assert_true(readable(s.fd, 2000));
	assert_int_equal(cli_sigs_next(&s, &terminal), SIGTERM);
	assert_int_equal(cli_sigs_next(&s, &terminal), 0);
	cli_sigs_close(&s);
	assert_int_equal(s.fd, -1);
}

static void
child_end_is_sigchld(void **state)
{
	struct cli_sigs s;
	struct hp_err err = {{0}};
	int terminal, sig, got = 0, st;
	pid_t pid;

	(void)state;
	cli_sigs_init(&s);
	assert_int_equal(cli_sigs_open(&s, 1, &err), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(3);
	assert_true(readable(s.fd, 5000));
	while ((sig = cli_sigs_next(&s, &terminal)) != 0)
		got |= sig == SIGCHLD;
	assert_true(got);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_int_equal(WEXITSTATUS(st), 3);
	cli_sigs_close(&s);
}

/* What came and was never read does not outlive close, and the old
 * actions and mask are back: SIGINT ignored before stays ignored. */
static void
close_gives_back(void **state)
{
	struct cli_sigs s;
	struct hp_err err = {{0}};
	struct sigaction ign, now;
	sigset_t before, after;

	(void)state;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGTERM, &ign, NULL);
	sigprocmask(SIG_SETMASK, NULL, &before);
	cli_sigs_init(&s);
	assert_int_equal(cli_sigs_open(&s, 0, &err), 0);
	kill(getpid(), SIGINT);
	assert_true(readable(s.fd, 2000));
	cli_sigs_close(&s);	/* SIGINT's default would end the test */
	sigprocmask(SIG_SETMASK, NULL, &after);
	assert_int_equal(sigismember(&after, SIGINT), sigismember(&before, SIGINT));
	assert_int_equal(sigismember(&after, SIGTERM), sigismember(&before, SIGTERM));
	sigaction(SIGTERM, NULL, &now);
	assert_true(now.sa_handler == SIG_IGN);
	assert_false(cli_stop_pending());
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(int_and_term_read_once),
		cmocka_unit_test(child_end_is_sigchld),
		cmocka_unit_test(close_gives_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
