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
 * A FIFO is opened without blocking: open(2) would wait for a reader,
 * and watch mode, whose SIGINT and SIGTERM wait for its loop to read
 * them, would hear neither.  With no reader, watch mode's drawing fails
 * (CLI_OUT_NOWAIT) and the next one tries again; a single run waits for
 * a reader, in steps a signal can end.  Writes wait for room in the pipe
 * the same way (fifo.h), and give up when SIGINT or SIGTERM is pending:
 * a reader that stops reading cannot hold watch mode.
 *
 * A temporary must not outlive a run cut short by a signal either: each
 * is registered with leftover.c while it exists.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../hp/grow.h"
#include "fifo.h"

static const char tmp_suffix[] = ".XXXXXX";

/* A temporary is registered for removal by a signal while it exists
 * (leftover.c); a full table only means a signal could leave it. */
static void
track(char *tmp, int on)
{
	if (on)
		(void)cli_leftover_add(tmp, 0);
	else
		cli_leftover_drop(tmp);
}

/* An existing target that is not a regular file, written in place. */
static int
open_in_place(struct cli_out *o, const char *path, const struct stat *st,
	      int flags, struct hp_err *err)
{
	int fd, e;

	if (S_ISDIR(st->st_mode)) {
		cli_out_abort(o);
		return hp_err_set(err, "cannot write %s: Is a directory", path);
	}
	while ((fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0 &&
	       errno == ENXIO && !(flags & CLI_OUT_NOWAIT))
		nanosleep(&(struct timespec){ 0, 50000000 }, NULL);
	if (fd < 0) {
		e = errno;
		cli_out_abort(o);
		if (e == ENXIO)
			return hp_err_set(err, "cannot write %s: no process reads this FIFO",
					  path);
		return hp_err_set(err, "cannot write %s: %s", path, strerror(e));
	}
	if (S_ISFIFO(st->st_mode)) {
		o->f = cli_fifo_open(fd, &o->fifo);
	} else {
		/* a device: plain blocking writes, as before */
		int fl = fcntl(fd, F_GETFL);

		if (fl >= 0)
			(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
		o->f = fdopen(fd, "wb");
	}
	if (!o->f) {
		e = errno;
		close(fd);
		cli_out_abort(o);
		return hp_err_set(err, "cannot write %s: %s", path, strerror(e));
	}
	return 0;
}

int
cli_out_open(struct cli_out *o, const char *path, struct hp_err *err)
{
	return cli_out_open_flags(o, path, 0, err);
}

int
cli_out_open_flags(struct cli_out *o, const char *path, int flags,
		   struct hp_err *err)
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
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return open_in_place(o, path, &st, flags, err);
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
		if ((o->fifo ? cli_fifo_close(o->f, o->fifo, !bad)
			     : fclose(o->f)) != 0 && !bad) {
			bad = 1;
			e = errno;
		}
		o->f = NULL;
		o->fifo = NULL;
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
	if (o->f && o->fifo)
		(void)cli_fifo_close(o->f, o->fifo, 0);
	else if (o->f && !o->is_stdout)
		fclose(o->f);
	if (o->tmp) {
		unlink(o->tmp);
		track(o->tmp, 0);
	}
	free(o->tmp);
	free(o->path);
	memset(o, 0, sizeof *o);
}
