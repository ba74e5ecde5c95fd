/*
 * live/notify.h - the change notifications of a followed file, a source
 * of watch mode's loop (loop.h): on Linux inotify on the file and on its
 * directory, for a file that appears or replaces it (notify-inotify.c);
 * in the portable build none (notify-poll.c).
 *
 * A notification only says "look now": every decision is the
 * follower's, from stat(2) (follow.h: the file's size and identity).
 * Without notifications (the portable build, or blind, as on network
 * file systems) watch mode looks every --interval, which is all there
 * is then; $HP2X_NO_INOTIFY runs Linux's build that way, to test it.
 */
#ifndef LIVE_NOTIFY_H
#define LIVE_NOTIFY_H

#include "loop.h"

struct cli_notify {
	int fd;			/* inotify, or -1: looks every interval */
	int wd_dir, wd_file;	/* -1: not watched */
	const char *base;	/* the input's name within its directory */
	int hit;		/* an event concerned the input: look now */
};

/* Watch input's directory (and input itself from cli_notify_file on);
 * no notifications when off or when the system gives none. */
void cli_notify_open(struct cli_notify *n, const char *input, int off);
/* input was (re)opened: watch the file now there. */
void cli_notify_file(struct cli_notify *n, const char *input);
/* Its registration: the callback sets hit.  The id, or -1. */
int cli_notify_attach(struct cli_notify *n, struct cli_loop *l);
void cli_notify_close(struct cli_notify *n);

#endif
