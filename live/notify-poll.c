/*
 * live/notify-poll.c - the portable build's change notifications
 * (notify.h): none.  POSIX has no way to be told that a file changed,
 * so watch mode looks every --interval (watch.c), and each look asks
 * stat(2) whether the file grew, shrank or was replaced (follow.c).
 * A kqueue (macOS, the BSDs) could say "look now" sooner; it would go
 * in a file of its own beside this one.
 */
#include "notify.h"

void
cli_notify_open(struct cli_notify *n, const char *input, int off)
{
	(void)input;
	(void)off;
	n->fd = n->wd_dir = n->wd_file = -1;
	n->base = NULL;
	n->hit = 0;
}

void
cli_notify_file(struct cli_notify *n, const char *input)
{
	(void)n;
	(void)input;
}

/* Registered all the same, with no descriptor (never waited on, never
 * called), so that watch mode's sources are the same in every build. */
static void
nothing(void *data)
{
	(void)data;
}

int
cli_notify_attach(struct cli_notify *n, struct cli_loop *l)
{
	return cli_loop_add(l, -1, CLI_LOOP_READ, nothing, NULL, n);
}

void
cli_notify_close(struct cli_notify *n)
{
	n->fd = -1;
}
