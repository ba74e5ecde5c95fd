/*
 * live/notify-inotify.c - Linux's change notifications (notify.h):
 * inotify on a followed file and on its directory.  The portable build
 * has notify-poll.c instead.
 */
#include "notify.h"

#include <string.h>
#include <stdlib.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "../hp/grow.h"

#define FILE_EVENTS (IN_MODIFY | IN_CLOSE_WRITE | IN_MOVE_SELF | \
		     IN_DELETE_SELF | IN_ATTRIB)
#define DIR_EVENTS (IN_CREATE | IN_MOVED_TO | IN_MODIFY | IN_CLOSE_WRITE | \
		    IN_ATTRIB | IN_DELETE | IN_MOVED_FROM)

void
cli_notify_file(struct cli_notify *n, const char *input)
{
	if (n->fd < 0)
		return;
	/* The old file's watch may be gone already (IN_IGNORED). */
	if (n->wd_file >= 0)
		inotify_rm_watch(n->fd, n->wd_file);
	n->wd_file = inotify_add_watch(n->fd, input, FILE_EVENTS);
}

void
cli_notify_open(struct cli_notify *n, const char *input, int off)
{
	const char *slash = strrchr(input, '/');
	char *dir;

	n->fd = n->wd_dir = n->wd_file = -1;
	n->hit = 0;
	n->base = slash ? slash + 1 : input;
	if (!off)
		n->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (n->fd < 0)
		return;
	if (!slash) {
		n->wd_dir = inotify_add_watch(n->fd, ".", DIR_EVENTS);
		return;
	}
	dir = hp_strndup(input, slash == input ? 1 : (size_t)(slash - input));
	/* A directory that is not there (yet) leaves the polling. */
	if (dir)
		n->wd_dir = inotify_add_watch(n->fd, dir, DIR_EVENTS);
	free(dir);
}

/* Reads every event waiting; hit when one concerns the input. */
static void
drain(void *data)
{
	struct cli_notify *n = data;
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));

	for (;;) {
		ssize_t got = read(n->fd, buf, sizeof buf);
		char *p;

		if (got <= 0)
			break;
		for (p = buf; p < buf + got;) {
			const struct inotify_event *ev = (const void *)p;

			if ((ev->mask & IN_Q_OVERFLOW) ||
			    (ev->wd == n->wd_file && n->wd_file >= 0) ||
			    (ev->wd == n->wd_dir && ev->len &&
			     strcmp(ev->name, n->base) == 0))
				n->hit = 1;
			if (ev->wd == n->wd_file && (ev->mask & IN_IGNORED))
				n->wd_file = -1;
			p += sizeof *ev + ev->len;
		}
	}
}

int
cli_notify_attach(struct cli_notify *n, struct cli_loop *l)
{
	return cli_loop_add(l, n->fd, CLI_LOOP_READ, drain, NULL, n);
}

void
cli_notify_close(struct cli_notify *n)
{
	if (n->fd >= 0)
		close(n->fd);
	n->fd = -1;
}
