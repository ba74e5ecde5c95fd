/*
 * convert/tail.c - the outputs a live run appends to: watch mode's .hp
 * and CSV grow by the censuses that came since the last drawing, as
 * GHC's own .hp grows, instead of being written whole at every drawing
 * (the model of a long run holds its old censuses only as a summary,
 * hp_model_compact, and writing all of them at each drawing would cost
 * the run's length).
 *
 * The first writing of such an output is whole, through cli_out (a
 * temporary renamed into place).  Later ones open the file to append
 * and give it what came in one write(2): whole samples, so a reader
 * sees a valid .hp or CSV (a prefix of the run's) between writes (Linux
 * lets a read that overlaps a write see part of it).  The
 * file is appended to only while it is the one written (same device
 * and inode, a regular file); replaced, removed, or its censuses gone
 * into the summary before they were written (a failed write), it is
 * written whole again.
 */
#include "job.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../data/dataout.h"
#include "../hp/grow.h"

struct cli_tail {
	int started;		/* written whole once */
	size_t serial;		/* the run's census written next */
	size_t marks;		/* marks written */
	dev_t dev;		/* the file written */
	ino_t ino;
};

int
cli_job_tails_on(struct cli_job *j)
{
	if (!j->tail && !(j->tail = hp_callocn(CLI_MAX_OUTPUTS, sizeof *j->tail)))
		return -1;
	return 0;
}

void
cli_job_tails_reset(struct cli_job *j)
{
	if (j->tail)
		memset(j->tail, 0, CLI_MAX_OUTPUTS * sizeof *j->tail);
}

void
cli_job_tails_free(struct cli_job *j)
{
	free(j->tail);
	j->tail = NULL;
}

/* Output i (path, format f) written whole just now: appended to from
 * here on. */
void
cli_tail_started(const struct cli_job *j, const hp_model *m, size_t i,
		 const char *path)
{
	struct cli_tail *t = &j->tail[i];
	struct stat st;

	t->started = stat(path, &st) == 0 && S_ISREG(st.st_mode);
	if (!t->started)
		return;
	t->dev = st.st_dev;
	t->ino = st.st_ino;
	t->serial = hp_model_dropped(m) + hp_model_sample_count(m);
	t->marks = hp_model_mark_count(m);
}

static int
same_file(const struct cli_tail *t, const struct stat *st)
{
	return S_ISREG(st->st_mode) && st->st_dev == t->dev &&
	       st->st_ino == t->ino;
}

/* All of buf to fd: a short write goes on with the rest. */
static int
write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t k = write(fd, buf, len);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		buf += k;
		len -= (size_t)k;
	}
	return 0;
}

int
cli_tail_write(const struct cli_job *j, const hp_model *m, size_t i,
	       const char *path, const struct cli_format *f,
	       struct hp_err *err)
{
	struct cli_tail *t = &j->tail[i];
	size_t n = hp_model_sample_count(m), dropped = hp_model_dropped(m);
	struct out_tail tl;
	struct stat st;
	char *buf = NULL;
	size_t len = 0;
	FILE *mf;
	int fd, rc;

	/* censuses gone into the summary unwritten, or another model:
	 * written whole */
	if (!t->started || t->serial < dropped + hp_model_summarised(m) ||
	    t->serial > dropped + n || stat(path, &st) || !same_file(t, &st))
		return 1;
	if (t->serial == dropped + n && t->marks == hp_model_mark_count(m))
		return 0;
	tl.sample = t->serial - dropped;
	tl.mark = t->marks;
	tl.serial = t->serial;
	tl.header = 0;
	if (!(mf = open_memstream(&buf, &len)))
		return hp_err_set(err, "out of memory");
	rc = f->tail(m, &tl, mf, err);
	if (fclose(mf) && rc == 0)
		rc = hp_err_set(err, "out of memory");
	if (rc) {
		free(buf);
		return rc;
	}
	fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY);
	if (fd < 0 || fstat(fd, &st) || !same_file(t, &st)) {
		if (fd >= 0)
			close(fd);
		free(buf);
		return 1;
	}
	rc = write_all(fd, buf, len);
	if (close(fd))
		rc = -1;
	free(buf);
	if (rc) {
		/* what the file holds now is not known: whole next time */
		t->started = 0;
		hp_err_write(err, errno);
		hp_err_name(err, path);
		return -1;
	}
	t->serial = dropped + n;
	t->marks = hp_model_mark_count(m);
	return 0;
}
