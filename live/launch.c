/*
 * live/launch.c - `hp2x --watch -- PROG ARGS...': run a GHC program
 * with a heap profile and know which file it will write.
 *
 * GHC's RTS takes its options from $GHCRTS first and then from the
 * command line between +RTS and -RTS (or the end; --RTS ends them for
 * good), so a later -po wins.  Any option starting with -h asks for a heap
 * profile (-h, -hT, -hc, -hy, -hcNAME...): the user's choice is kept.
 * Otherwise +RTS -hT -i0.5 -RTS goes right after the program name, where
 * it is read as RTS options whatever the rest of the line holds.  The RTS
 * writes <program>.hp in its current directory (the basename of argv[0]),
 * or <stem>.hp with -po<stem>.
 *
 * A program whose RTS flushes its eventlog on a timer (GHC 9.2 and later)
 * does better: with -l -ol<fifo> --eventlog-flush-interval it sends the
 * heap profile, marks and heap sizes down a FIFO as they happen, and the
 * breakdown's names come with them.  Whether it can is asked of the
 * program itself, `PROG +RTS --info -RTS', which any GHC program answers
 * without running: the GHC version and the RTS way (before 9.4 the
 * eventlog is only in the -eventlog and debug ways).  Only a file that
 * holds a GHC RTS is asked (cli_rts_is_ghc reads it first): a wrapper
 * script would run with those words as its arguments.  A user who gave
 * eventlog options of their own keeps them, and the .hp path.
 *
 * cli_launch_plan puts these together into what a watch runs and reads,
 * and makes the FIFO.  The scanning and argv building are pure
 * (unit-tested); only cli_launch_plan, cli_launch_spawn, cli_rts_is_ghc
 * and cli_rts_probe touch the system.
 * The program and the probe are started by fork and exec, so that they
 * are tied to hp2x between the two (tether.h: on Linux they die with
 * hp2x, even a SIGKILLed hp2x); an exec failure is reported to the
 * caller through a pipe, not printed by the child.
 */
#include "launch.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../hp/grow.h"
#include "../convert/cli.h"
#include "tether.h"

/* One RTS option. */
static void
rts_option(struct cli_rts *rts, const char *opt, size_t len)
{
	if (len >= 2 && opt[0] == '-' && opt[1] == 'h')
		rts->heap = 1;
	else if ((len >= 2 && memcmp(opt, "-l", 2) == 0) ||
		 (len >= 3 && memcmp(opt, "-ol", 3) == 0))
		rts->eventlog = 1;
	else if (len >= 3 && memcmp(opt, "-po", 3) == 0) {
		rts->stem = opt + 3;
		rts->stem_len = len - 3;
	}
}

void
cli_rts_scan(struct cli_rts *rts, char *const *argv, const char *ghcrts)
{
	const char *p = ghcrts;
	int in_rts = 0;
	size_t i;

	memset(rts, 0, sizeof *rts);
	while (p && *p) {
		size_t len;

		while (isspace((unsigned char)*p))
			p++;
		for (len = 0; p[len] && !isspace((unsigned char)p[len]); len++)
			;
		if (len)
			rts_option(rts, p, len);
		p += len;
	}
	for (i = 1; argv[0] && argv[i]; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--RTS") == 0)
			break;
		if (strcmp(a, "+RTS") == 0)
			in_rts = 1;
		else if (strcmp(a, "-RTS") == 0)
			in_rts = 0;
		else if (in_rts)
			rts_option(rts, a, strlen(a));
	}
	/* An empty -po leaves the default name. */
	if (rts->stem && rts->stem_len == 0)
		rts->stem = NULL;
}

/* argv[0], the na strings of added, then argv[1...]: malloc'd and
 * NULL-terminated, or NULL (out of memory, or no argv[0]). */
static char **
splice(char *const *argv, const char *const *added, size_t na)
{
	size_t n = 0, i, k = 0;
	char **out;

	while (argv[n])
		n++;
	if (n == 0)
		return NULL;
	/* n counts pointers already in memory, so n + na cannot overflow
	 * a size_t; the product is checked all the same. */
	if (n + na + 1 > SIZE_MAX / sizeof *out)
		return NULL;
	out = hp_malloc((n + na + 1) * sizeof *out);
	if (!out)
		return NULL;
	out[k++] = argv[0];
	for (i = 0; i < na; i++)
		out[k++] = (char *)added[i];
	for (i = 1; i < n; i++)
		out[k++] = argv[i];
	out[k] = NULL;
	return out;
}

char **
cli_launch_argv(char *const *argv, const struct cli_rts *rts)
{
	static const char *const added[CLI_LAUNCH_NRTS] = CLI_LAUNCH_RTS;

	return splice(argv, added, rts->heap ? 0 : CLI_LAUNCH_NRTS);
}

char *
cli_launch_profile(const char *argv0, const struct cli_rts *rts)
{
	const char *base;
	size_t len;
	char *s;

	if (rts->stem) {
		base = rts->stem;
		len = rts->stem_len;
	} else {
		const char *slash = strrchr(argv0, '/');

		base = slash ? slash + 1 : argv0;
		len = strlen(base);
	}
	s = hp_malloc(len + sizeof ".hp");
	if (!s)
		return NULL;
	memcpy(s, base, len);
	memcpy(s + len, ".hp", sizeof ".hp");
	return s;
}

/*
 * fork and exec rather than posix_spawnp: a child must be tied to hp2x
 * (tether.h, in the child between the two), or hp2x's end would leave
 * it running.  An exec failure comes back through a
 * close-on-exec pipe: nothing read means exec succeeded.  io[k] >= 0
 * becomes descriptor k of the child.
 */
static int
spawn(pid_t *pid, char *const *argv, const sigset_t *mask, int deathsig,
      const int io[3], int *exec_errno, struct hp_err *err)
{
	pid_t parent = getpid(), c;
	int p[2], e = 0;
	ssize_t n;

	*exec_errno = 0;
	if (pipe(p) != 0)
		return hp_err_set(err, "cannot run %s: %s", argv[0],
				  strerror(errno));
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	c = fork();
	if (c < 0) {
		e = errno;
		close(p[0]);
		close(p[1]);
		return hp_err_set(err, "cannot run %s: %s", argv[0],
				  strerror(e));
	}
	if (c == 0) {
		static const int caught[] = { SIGTERM, SIGINT, SIGHUP, SIGPIPE };
		struct sigaction dfl, old;
		size_t k;

		close(p[0]);
		/* hp2x's handlers (leftover.c) are not the child's, not even
		 * until exec resets them; what hp2x ignores stays ignored */
		memset(&dfl, 0, sizeof dfl);
		dfl.sa_handler = SIG_DFL;
		for (k = 0; k < sizeof caught / sizeof *caught; k++)
			if (sigaction(caught[k], NULL, &old) == 0 &&
			    old.sa_handler != SIG_IGN)
				sigaction(caught[k], &dfl, NULL);
		if (cli_tether_child(parent, deathsig) != 0)
			_exit(127);
		for (k = 0; k < 3; k++)
			if (io[k] >= 0 && (io[k] == (int)k ?
					   fcntl(io[k], F_SETFD, 0) :
					   dup2(io[k], (int)k)) < 0)
				_exit(127);
		sigprocmask(SIG_SETMASK, mask, NULL);
		execvp(argv[0], argv);
		e = errno;
		n = write(p[1], &e, sizeof e);
		(void)n;
		_exit(127);
	}
	close(p[1]);
	cli_tether_parent(c, deathsig);
	do
		n = read(p[0], &e, sizeof e);
	while (n < 0 && errno == EINTR);
	close(p[0]);
	if (n == (ssize_t)sizeof e) {
		while (waitpid(c, NULL, 0) < 0 && errno == EINTR)
			;
		cli_tether_release(c);
		*exec_errno = e;
		return hp_err_set(err, "cannot run %s: %s", argv[0],
				  strerror(e));
	}
	*pid = c;
	return 0;
}

int
cli_launch_spawn(pid_t *pid, char *const *argv, const sigset_t *mask,
		 int *exec_errno, struct hp_err *err)
{
	static const int inherit[3] = { -1, -1, -1 };

	/* SIGTERM: the program may still write what it has (GHC's RTS
	 * ends its eventlog and .hp on it). */
	return spawn(pid, argv, mask, SIGTERM, inherit, exec_errno, err);
}

/*
 * Whether the file execvp would run for argv0 holds a GHC RTS: a
 * statically linked one holds the first line printRtsInfo
 * (rts/RtsUtils.c) prints for --info, a dynamically linked one names its
 * libHSrts shared library.  Only such a program is asked `+RTS --info
 * -RTS': anything else (a shell script around a GHC program, a program
 * of another language) would run with those words as its arguments.
 */
static const char *const rts_marks[] = { " [(\"GHC RTS\", \"YES\")", "libHSrts" };

static int
holds_mark(const char *path)
{
	char buf[65536 + 64];
	size_t keep = 0, i, k;
	int fd = open(path, O_RDONLY | O_CLOEXEC), found = 0;
	struct stat st;

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return 0;
	}
	for (;;) {
		ssize_t n = read(fd, buf + keep, sizeof buf - 64 - keep);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		n += (ssize_t)keep;
		for (k = 0; k < sizeof rts_marks / sizeof *rts_marks && !found; k++) {
			size_t ml = strlen(rts_marks[k]);

			for (i = 0; i + ml <= (size_t)n && !found; i++) {
				const char *q = memchr(buf + i, rts_marks[k][0],
						       (size_t)n - i);

				if (!q)
					break;
				i = (size_t)(q - buf);
				found = i + ml <= (size_t)n &&
					memcmp(q, rts_marks[k], ml) == 0;
			}
		}
		if (found)
			break;
		/* A mark cut by the chunk's end is found with the next. */
		keep = (size_t)n < 63 ? (size_t)n : 63;
		memmove(buf, buf + n - (ssize_t)keep, keep);
	}
	close(fd);
	return found;
}

int
cli_rts_is_ghc(const char *argv0)
{
	const char *p = getenv("PATH");

	if (strchr(argv0, '/'))
		return holds_mark(argv0);
	/* execvp's search: the first executable regular file in $PATH (an
	 * empty entry is the current directory) */
	if (!p)
		p = "/bin:/usr/bin";
	for (;;) {
		const char *e = strchr(p, ':');
		size_t dl = e ? (size_t)(e - p) : strlen(p);
		size_t n = dl + strlen(argv0) + 3;
		char *full = hp_malloc(n);
		struct stat st;
		int found;

		if (!full)
			return 0;
		snprintf(full, n, "%.*s/%s", dl ? (int)dl : 1, dl ? p : ".",
			 argv0);
		found = stat(full, &st) == 0 && S_ISREG(st.st_mode) &&
			access(full, X_OK) == 0;
		if (found)
			found = holds_mark(full) ? 1 : -1;
		free(full);
		if (found || !e)
			return found == 1;
		p = e + 1;
	}
}

/* The value of ("key", "value") in --info text, copied to out. */
static int
info_field(const char *info, const char *key, char *out, size_t size)
{
	char pat[64];
	const char *p, *e;

	snprintf(pat, sizeof pat, "(\"%s\", \"", key);
	p = strstr(info, pat);
	if (!p)
		return 0;
	p += strlen(pat);
	e = strchr(p, '"');
	if (!e || (size_t)(e - p) >= size)
		return 0;
	memcpy(out, p, (size_t)(e - p));
	out[e - p] = 0;
	return 1;
}

int
cli_rts_info_streams(const char *info)
{
	char ver[32], way[64];
	int major = 0, minor = 0;

	if (!info_field(info, "GHC RTS", ver, sizeof ver) ||
	    strcmp(ver, "YES") != 0 ||
	    !info_field(info, "GHC version", ver, sizeof ver) ||
	    sscanf(ver, "%d.%d", &major, &minor) != 2)
		return 0;
	if (major > 9 || (major == 9 && minor >= 4))
		return 1;
	if (major < 9 || minor < 2 ||
	    !info_field(info, "RTS way", way, sizeof way))
		return 0;
	/* rts_l, rts_thr_l, rts_p_l..., rts_debug, rts_thr_debug... */
	return strstr(way, "_l") != NULL || strstr(way, "debug") != NULL;
}

static double
mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
cli_rts_probe(const char *argv0, double limit)
{
	char *argv[] = { (char *)argv0, "+RTS", "--info", "-RTS", NULL };
	struct hp_err err = {{0}};
	sigset_t mask;
	char buf[8192];
	size_t len = 0;
	double end = mono() + limit;
	int p[2], io[3], st = 0, ok = 0, exited = 0, eno;
	pid_t pid = 0;

	if (!cli_rts_is_ghc(argv0) || pipe(p) != 0)
		return 0;
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	io[0] = io[2] = open("/dev/null", O_RDWR | O_CLOEXEC);
	io[1] = p[1];
	/* SIGKILL: it has nothing to save, and must not outlive hp2x
	 * whatever ends hp2x during these seconds. */
	if (io[0] < 0 || sigprocmask(SIG_SETMASK, NULL, &mask) != 0 ||
	    spawn(&pid, argv, &mask, SIGKILL, io, &eno, &err) || pid <= 0) {
		if (io[0] >= 0)
			close(io[0]);
		close(p[0]);
		close(p[1]);
		return 0;
	}
	close(io[0]);
	close(p[1]);
	for (;;) {
		struct pollfd pf = { p[0], POLLIN, 0 };
		double left = end - mono();
		ssize_t n;

		if (left <= 0 || poll(&pf, 1, (int)(left * 1000) + 1) == 0)
			break;
		n = read(p[0], buf + len, sizeof buf - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
		if (len == sizeof buf - 1)
			break;
	}
	close(p[0]);
	buf[len] = 0;
	/* Whatever it is doing now, it has said all it will. */
	while (mono() < end) {
		pid_t r = waitpid(pid, &st, WNOHANG);

		if (r == pid || (r < 0 && errno != EINTR)) {
			exited = r == pid;
			break;
		}
		nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
	}
	if (!exited) {
		kill(pid, SIGKILL);
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
	}
	cli_tether_release(pid);
	ok = exited && WIFEXITED(st) && WEXITSTATUS(st) == 0 &&
	     cli_rts_info_streams(buf);
	return ok;
}

char **
cli_launch_argv_eventlog(char *const *argv, const struct cli_rts *rts,
			 const char *fifo, double flush, char **owned)
{
	const char *added[8];
	size_t na = 0, olen = strlen(fifo) + 4;
	char **out;
	char *ol, *fl;

	*owned = NULL;
	/* "-ol" fifo NUL, then the flush option. */
	ol = hp_malloc(olen + 64);
	if (!ol)
		return NULL;
	snprintf(ol, olen, "-ol%s", fifo);
	fl = ol + olen;
	snprintf(fl, 64, "--eventlog-flush-interval=%g", flush);
	added[na++] = "+RTS";
	if (!rts->heap) {
		added[na++] = "-hT";
		added[na++] = "-i0.5";
	}
	added[na++] = CLI_LAUNCH_EVENTLOG_CLASSES;
	added[na++] = ol;
	added[na++] = fl;
	added[na++] = "-RTS";
	out = splice(argv, added, na);
	if (!out)
		free(ol);
	else
		*owned = ol;
	return out;
}

/* The eventlog path: a FIFO named after the program in a private
 * directory. */
static int
make_fifo(struct cli_launch *l, const char *argv0, struct hp_err *err)
{
	const char *tmp = getenv("TMPDIR");
	const char *slash = strrchr(argv0, '/');
	const char *base = slash ? slash + 1 : argv0;
	size_t n;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	n = strlen(tmp) + sizeof "/hp2x-XXXXXX";
	l->fifo_dir = hp_malloc(n);
	if (!l->fifo_dir)
		return hp_err_set(err, "out of memory");
	snprintf(l->fifo_dir, n, "%s/hp2x-XXXXXX", tmp);
	if (!mkdtemp(l->fifo_dir)) {
		hp_err_set(err, "cannot make a directory in %s: %s", tmp,
			   strerror(errno));
		free(l->fifo_dir);
		l->fifo_dir = NULL;
		return -1;
	}
	n = strlen(l->fifo_dir) + strlen(base) + sizeof "/.eventlog";
	l->profile = hp_malloc(n);
	if (!l->profile)
		return hp_err_set(err, "out of memory");
	snprintf(l->profile, n, "%s/%s.eventlog", l->fifo_dir, base);
	/* Whatever signal ends hp2x from here on removes both
	 * (leftover.c); cli_launch_release removes them otherwise. */
	if (cli_leftover_add(l->fifo_dir, 1) == 0)
		l->dir_registered = 1;
	if (mkfifo(l->profile, 0600) != 0)
		return hp_err_set(err, "cannot make the FIFO %s: %s",
				  l->profile, strerror(errno));
	if (cli_leftover_add(l->profile, 0) == 0)
		l->fifo_registered = 1;
	l->input = l->profile;
	return 0;
}

int
cli_launch_plan(struct cli_launch *l, char *const *command,
		const char *input, double flush, struct hp_err *err)
{
	struct cli_rts rts;

	memset(l, 0, sizeof *l);
	l->input = input;
	cli_rts_scan(&rts, command, getenv("GHCRTS"));
	if (!input && !rts.eventlog &&
	    cli_rts_probe(command[0], CLI_PROBE_LIMIT)) {
		if (make_fifo(l, command[0], err))
			return -1;
		l->argv = cli_launch_argv_eventlog(command, &rts, l->profile,
						   flush, &l->owned);
	} else {
		l->argv = cli_launch_argv(command, &rts);
		if (!input) {
			struct cli_rts plain = rts;

			l->input = l->profile =
				cli_launch_profile(command[0], &rts);
			plain.stem = NULL;
			if (rts.stem &&
			    !(l->alt = cli_launch_profile(command[0], &plain)))
				l->input = NULL;
		}
	}
	if (!l->argv || !l->input)
		return hp_err_set(err, "out of memory");
	return 0;
}

void
cli_launch_release(struct cli_launch *l)
{
	if (l->fifo_dir) {
		if (l->profile)
			unlink(l->profile);
		rmdir(l->fifo_dir);
		if (l->fifo_registered)
			cli_leftover_drop(l->profile);
		if (l->dir_registered)
			cli_leftover_drop(l->fifo_dir);
		free(l->fifo_dir);
	}
	free(l->owned);
	free(l->argv);
	free(l->profile);
	free(l->alt);
	memset(l, 0, sizeof *l);
}
