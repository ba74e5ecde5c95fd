/*
 * live/follow.c - following a regular file that is still being
 * written (follow.h).
 *
 * Every answer comes from stat(2) and the bytes themselves, never from
 * an inotify event, which only says "look now" (watch.c).  A file that
 * shrinks was truncated; one whose path now names another inode was
 * replaced (by mv, or by a new run of the program); a rewrite in place
 * keeps the inode and need not shrink the file, so the bytes already
 * read are checked: the first and the last CHECK of them, hashed after
 * each read and compared at the next look (two preads of 1 KiB).  A
 * change in the middle alone is not seen; a program that writes its
 * profile anew starts at its beginning.
 */
#include "follow.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "../hp/hash.h"

#define CHECK 1024

void
cli_follow_init(struct cli_follow *f)
{
	memset(f, 0, sizeof *f);
	f->fd = -1;
}

void
cli_follow_adopt(struct cli_follow *f, int fd, const struct stat *st)
{
	cli_follow_init(f);
	f->fd = fd;
	f->dev = st->st_dev;
	f->ino = st->st_ino;
}

void
cli_follow_close(struct cli_follow *f)
{
	if (f->fd >= 0)
		close(f->fd);
	cli_follow_init(f);
}

static int
region_hash(int fd, off_t from, off_t to, uint64_t *h)
{
	unsigned char b[CHECK];
	ssize_t n = pread(fd, b, (size_t)(to - from), from);

	if (n != (ssize_t)(to - from))
		return -1;
	*h = hp_hash_bytes(b, (size_t)n);
	return 0;
}

void
cli_follow_remember(struct cli_follow *f)
{
	off_t c = f->off, h = c < CHECK ? c : CHECK;

	if (f->fd < 0 || region_hash(f->fd, 0, h, &f->head) ||
	    region_hash(f->fd, c - h, c, &f->tail))
		c = 0;
	f->checked = c;
}

static int
consumed_same(const struct cli_follow *f)
{
	off_t c = f->checked, h = c < CHECK ? c : CHECK;
	uint64_t a, b;

	if (c == 0)
		return 1;
	return !region_hash(f->fd, 0, h, &a) && a == f->head &&
	       !region_hash(f->fd, c - h, c, &b) && b == f->tail;
}

int
cli_follow_look(struct cli_follow *f, const char *path, const char **why,
		struct hp_err *err)
{
	struct stat st;

	*why = NULL;
	if (f->fd < 0)
		return CLI_FOLLOW_NOTHING;
	if (stat(path, &st) == 0 &&
	    (st.st_dev != f->dev || st.st_ino != f->ino)) {
		cli_follow_close(f);
		*why = "replaced";
		return CLI_FOLLOW_REPLACED;
	}
	if (fstat(f->fd, &st) != 0)
		return hp_err_set(err, "cannot read %s: %s", path,
				  strerror(errno));
	if (st.st_size < f->off)
		*why = "truncated";
	else if (!consumed_same(f))
		/* truncated and written again past the old size between two
		 * looks (cp, an editor): the same inode, a larger size, other
		 * bytes where the ones already read were */
		*why = "rewritten";
	if (*why) {
		f->off = f->checked = 0;
		return CLI_FOLLOW_REPLACED;
	}
	return st.st_size > f->off ? CLI_FOLLOW_NEW : CLI_FOLLOW_NOTHING;
}

ssize_t
cli_follow_read(struct cli_follow *f, void *buf, size_t size,
		const char *path, struct hp_err *err)
{
	ssize_t n;

	while ((n = pread(f->fd, buf, size, f->off)) < 0 && errno == EINTR)
		;
	if (n < 0)
		return hp_err_set(err, "%s: read error: %s", path,
				  strerror(errno));
	f->off += n;
	return n;
}
