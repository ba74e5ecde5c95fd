/*
 * live/loop.c - watch mode's one event loop (loop.h): poll(2) over the
 * registered descriptors, then each due callback in the order of
 * registration.
 */
#include "loop.h"

#include <errno.h>
#include <poll.h>
#include <string.h>

void
cli_loop_init(struct cli_loop *l)
{
	memset(l, 0, sizeof *l);
}

int
cli_loop_add(struct cli_loop *l, int fd, unsigned when, cli_loop_fn *fn,
	     cli_loop_wait_fn *wait, void *data)
{
	struct cli_loop_file *f;

	if (l->n == CLI_LOOP_MAX)
		return -1;
	f = &l->f[l->n];
	f->fd = fd;
	f->when = when;
	f->fn = fn;
	f->wait = wait;
	f->data = data;
	f->ready = 0;
	return (int)l->n++;
}

void
cli_loop_set_fd(struct cli_loop *l, int id, int fd)
{
	if (id >= 0 && (size_t)id < l->n)
		l->f[id].fd = fd;
}

int
cli_loop_once(struct cli_loop *l, int ms, struct hp_err *err)
{
	struct pollfd pf[CLI_LOOP_MAX];
	size_t at[CLI_LOOP_MAX], i, n = 0;
	int rc;

	for (i = 0; i < l->n; i++) {
		struct cli_loop_file *f = &l->f[i];

		f->ready = 0;
		if (f->fd < 0)
			continue;
		if (f->wait) {
			int w = f->wait(f->data);

			if (w >= 0 && (ms < 0 || w < ms))
				ms = w;
		}
		pf[n].fd = f->fd;
		pf[n].events = POLLIN;
		pf[n].revents = 0;
		at[n++] = i;
	}
	rc = poll(pf, n, ms);
	if (rc < 0 && errno != EINTR)
		return hp_err_set(err, "poll: %s", strerror(errno));
	for (i = 0; i < n; i++)
		l->f[at[i]].ready = rc > 0 && pf[i].revents != 0;
	/* A callback may change another's descriptor (a stream closed):
	 * what was waited on decides who is called. */
	for (i = 0; i < n; i++) {
		struct cli_loop_file *f = &l->f[at[i]];

		if (((f->when & CLI_LOOP_READ) && f->ready) ||
		    (f->when & CLI_LOOP_WAKE))
			f->fn(f->data);
	}
	return 0;
}
