/*
 * convert/atomic.c - writing an output so that a failed run changes
 * nothing.
 *
 * hp2ps truncates its .ps before parsing, so any error leaves an empty
 * file over the previous graph.  hp2x writes to a temporary file in the
 * target's own directory (so the final rename(2) stays within one file
 * system and is atomic), gives it the mode a new file would get
 * (0666 & ~umask; mkstemp makes 0600), and renames it over the target
 * only once every byte is written and the close succeeded.  Any failure
 * removes the temporary.  No fsync: the point is never to leave a
 * half-written file after an error, not surviving a power cut.
 *
 * Standard output and targets that exist but are not regular files
 * (/dev/null, a named pipe) are written in place: renaming over a device
 * node would replace it.  A symbolic link to a regular file is replaced
 * by the new file, as most editors do.
 *
 * Signals.  A temporary must not outlive a run cut short by SIGTERM,
 * SIGINT, SIGHUP or SIGPIPE either.  cli_signals_init installs one
 * handler for them that removes the temporaries being written, then
 * lets the signal end the process as it would have (so the exit status
 * says which signal).  A handler has no other way to find them than a
 * table of its own: `live', the one piece of process-wide mutable state
 * of convert/, written only by cli_out_open and cli_out_abort (and read
 * by the handler, which only unlinks).
 */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../hp/grow.h"

static const char tmp_suffix[] = ".XXXXXX";

#define MAX_LIVE 8		/* outputs open at once: a graph and its aux */
static char *volatile live[MAX_LIVE];

static void
track(char *tmp, int on)
{
	int i;

	for (i = 0; i < MAX_LIVE; i++) {
		if (on && !live[i]) {
			live[i] = tmp;
			return;
		}
		if (!on && live[i] == tmp) {
			live[i] = NULL;
			return;
		}
	}
}

static void
on_signal(int sig)
{
	int i, e = errno;

	for (i = 0; i < MAX_LIVE; i++)
		if (live[i])
			unlink(live[i]);
	errno = e;
	/* SA_RESETHAND made the action the default again: raised now, it
	 * is delivered as the handler returns, and ends the process. */
	raise(sig);
}

void
cli_signals_init(void)
{
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP, SIGPIPE };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof *sigs; i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	for (i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction old;

		/* a signal ignored by whoever started us stays ignored */
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

int
cli_out_open(struct cli_out *o, const char *path, struct hp_err *err)
{
	struct stat st;
	size_t len = strlen(path);
	mode_t mask;
	int fd;

	memset(o, 0, sizeof *o);
	if (strcmp(path, "-") == 0) {
		o->f = stdout;
		o->is_stdout = 1;
		return 0;
	}
	o->path = hp_strdup(path);
	if (!o->path)
		return hp_err_set(err, "out of memory");
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode)) {
			cli_out_abort(o);
			return hp_err_set(err, "cannot write %s: Is a directory",
					  path);
		}
		o->f = fopen(path, "wb");
		if (!o->f) {
			int e = errno;

			cli_out_abort(o);
			return hp_err_set(err, "cannot write %s: %s", path,
					  strerror(e));
		}
		return 0;
	}
	o->tmp = hp_malloc(len + sizeof tmp_suffix);
	if (!o->tmp) {
		cli_out_abort(o);
		return hp_err_set(err, "out of memory");
	}
	memcpy(o->tmp, path, len);
	memcpy(o->tmp + len, tmp_suffix, sizeof tmp_suffix);
	fd = mkstemp(o->tmp);
	if (fd >= 0)
		track(o->tmp, 1);
	if (fd < 0) {
		int e = errno;

		free(o->tmp);
		o->tmp = NULL;
		cli_out_abort(o);
		return hp_err_set(err, "cannot create %s: %s", path,
				  strerror(e));
	}
	/* umask can only be read by setting it; put it straight back. */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 || !(o->f = fdopen(fd, "wb"))) {
		int e = errno;

		close(fd);
		cli_out_abort(o);
		return hp_err_set(err, "cannot create %s: %s", path,
				  strerror(e));
	}
	return 0;
}

int
cli_out_finish(struct cli_out *o, struct hp_err *err)
{
	const char *name = o->is_stdout ? "standard output" : o->path;
	int bad, e;

	if (o->done)
		return 0;
	errno = 0;
	bad = fflush(o->f) != 0 || ferror(o->f);
	e = errno;
	if (!o->is_stdout) {
		if (fclose(o->f) != 0 && !bad) {
			bad = 1;
			e = errno;
		}
		o->f = NULL;
	}
	/* name may be o->path, which cli_out_abort frees: the message
	 * is made first. */
	if (bad) {
		hp_err_write(err, e);
		hp_err_name(err, name);
		cli_out_abort(o);
		return -1;
	}
	o->done = 1;
	return 0;
}

int
cli_out_commit(struct cli_out *o, struct hp_err *err)
{
	const char *name = o->is_stdout ? "standard output" : o->path;
	int e;

	if (cli_out_finish(o, err))
		return -1;
	if (o->tmp && rename(o->tmp, o->path) != 0) {
		e = errno;
		hp_err_set(err, "cannot write %s: %s", name, strerror(e));
		cli_out_abort(o);
		return -1;
	}
	if (o->tmp)
		track(o->tmp, 0);
	free(o->tmp);
	o->tmp = NULL;
	cli_out_abort(o);	/* releases the rest */
	return 0;
}

void
cli_out_name(const struct cli_out *o, struct hp_err *err)
{
	hp_err_name(err, o->is_stdout ? "standard output" : o->path);
}

void
cli_out_abort(struct cli_out *o)
{
	if (o->f && !o->is_stdout)
		fclose(o->f);
	if (o->tmp) {
		unlink(o->tmp);
		track(o->tmp, 0);
	}
	free(o->tmp);
	free(o->path);
	memset(o, 0, sizeof *o);
}
