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
	f->fds = NULL;
	f->data = data;
	f->ready = 0;
	return (int)l->n++;
}

int
cli_loop_add_set(struct cli_loop *l, cli_loop_fds_fn *fds, unsigned when,
		 cli_loop_fn *fn, cli_loop_wait_fn *wait, void *data)
{
	int id = cli_loop_add(l, 0, when, fn, wait, data);

	if (id >= 0)
		l->f[id].fds = fds;
	return id;
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
	struct pollfd pf[CLI_LOOP_FDS];
	size_t at[CLI_LOOP_MAX], from[CLI_LOOP_MAX + 1], i, k, n = 0, npf = 0;
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
		from[n] = npf;
		if (f->fds) {
			npf += f->fds(f->data, pf + npf, CLI_LOOP_FDS - npf);
		} else if (npf < CLI_LOOP_FDS) {
			pf[npf].fd = f->fd;
			pf[npf++].events = POLLIN;
		}
		at[n++] = i;
	}
	from[n] = npf;
	for (k = 0; k < npf; k++)
		pf[k].revents = 0;
	rc = poll(pf, npf, ms);
	if (rc < 0 && errno != EINTR)
		return hp_err_set(err, "poll: %s", strerror(errno));
	for (i = 0; i < n; i++)
		for (k = from[i]; rc > 0 && k < from[i + 1]; k++)
			if (pf[k].revents != 0)
				l->f[at[i]].ready = 1;
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
