/*
 * tests/bench/meas.c - runs one command and writes what the kernel measured.
 *
 * /usr/bin/time prints wall time to 10 ms, too coarse for the small
 * inputs; this wrapper takes the wall clock around fork/wait4 in
 * nanoseconds and the child's user and system time and peak resident set
 * (ru_maxrss, KiB) from wait4's rusage, so every memory figure of the
 * benchmark is the kernel's, not an estimate.  The command's own output
 * passes through untouched; the figures go to a separate file.
 *
 *   meas RESULT CMD [ARG...]   RESULT gets "wall user sys maxrss_kib status"
 *
 * Exit status: the command's, or 128 + signal.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
tv(struct timeval t)
{
	return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	int status, code;
	pid_t pid;
	FILE *f;

	if (argc < 3) {
		fputs("usage: meas RESULT CMD [ARG...]\n", stderr);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid < 0) {
		perror("meas: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "meas: cannot run %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			perror("meas: wait4");
			return 2;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	f = fopen(argv[1], "w");
	if (!f) {
		fprintf(stderr, "meas: cannot open %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	fprintf(f, "%.6f %.6f %.6f %ld %d\n",
		(double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
		tv(ru.ru_utime), tv(ru.ru_stime), ru.ru_maxrss, code);
	if (fclose(f)) {
		fprintf(stderr, "meas: write %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	return code;
}
