/*
 * live/follow.h - following a regular file that is still being
 * written: what came since the last look.
 *
 * Internal to live/ (watch-input.c).  The follower holds the open file,
 * where reading stopped, and a check of the bytes already read; each look
 * answers one of three things: new bytes, the file was replaced (start
 * over from byte 0), or nothing.  It knows nothing of readers, models or
 * drawings.
 */
#ifndef LIVE_FOLLOW_H
#define LIVE_FOLLOW_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "../hp/err.h"

struct cli_follow {
	int fd;			/* the file, -1 until one is adopted */
	dev_t dev;
	ino_t ino;
	off_t off;		/* bytes read so far */
	off_t checked;		/* head and tail below are of bytes 0..checked */
	uint64_t head, tail;	/* hashes of the first and last of them */
};

enum cli_follow_news {
	CLI_FOLLOW_NOTHING,	/* no byte past off */
	CLI_FOLLOW_NEW,		/* bytes past off to read */
	CLI_FOLLOW_REPLACED	/* read again from byte 0 (see *why) */
};

/* No file yet. */
void cli_follow_init(struct cli_follow *f);

/* Follow fd (just opened; st its fstat) from byte 0. */
void cli_follow_adopt(struct cli_follow *f, int fd, const struct stat *st);

/*
 * What the file at path holds since the last look, -1 when it cannot be
 * told (err).  CLI_FOLLOW_REPLACED says why in *why: "replaced" (path
 * names another inode: the follower closed its file, fd is -1, and the
 * caller opens the new one), "truncated" (smaller than what was read) or
 * "rewritten" (the bytes already read changed: truncated and written
 * longer between two looks, as cp does); in the last two the same file
 * is read again from byte 0.  With no file adopted: CLI_FOLLOW_NOTHING.
 */
int cli_follow_look(struct cli_follow *f, const char *path, const char **why,
		    struct hp_err *err) HP_MUSTCHECK;

/* Read at most size bytes past off into buf and move off past them: a
 * count, 0 at the end for now, -1 (err names path). */
ssize_t cli_follow_read(struct cli_follow *f, void *buf, size_t size,
			const char *path, struct hp_err *err);

/* After reading: note the bytes read so far, for the next look's
 * "rewritten". */
void cli_follow_remember(struct cli_follow *f);

/* Close the file (if any): back to cli_follow_init's state. */
void cli_follow_close(struct cli_follow *f);

#endif
