/*
 * live/serve-fdset.c - the portable build's wait on libmicrohttpd
 * (serve-wait.h): no epoll (macOS and the BSDs have none), so
 * libmicrohttpd runs in its select mode, and before each wait the loop
 * takes the descriptors of its read and write sets as a set of its own
 * (cli_loop_add_set): a listening socket, its connections, the pipe its
 * resumes wake it by.  Linux's build has serve-epoll.c instead.
 */
#include "serve-wait.h"

#include <sys/select.h>

const unsigned int cli_serve_wait_flag = 0;

static size_t
fds(void *data, struct pollfd *pf, size_t max)
{
	struct cli_serve_wait *w = data;
	fd_set rs, ws, es;
	MHD_socket top = 0;
	size_t n = 0;
	int fd;

	FD_ZERO(&rs);
	FD_ZERO(&ws);
	FD_ZERO(&es);
	/* It fails only past FD_SETSIZE: the wait is then bounded by
	 * libmicrohttpd's timeout alone (serve.c's wait). */
	if (MHD_get_fdset2(w->d, &rs, &ws, &es, &top, FD_SETSIZE) != MHD_YES)
		return 0;
	for (fd = 0; fd <= top && n < max; fd++) {
		short ev = (short)((FD_ISSET(fd, &rs) ? POLLIN : 0) |
				   (FD_ISSET(fd, &ws) ? POLLOUT : 0));

		if (!ev)
			continue;
		pf[n].fd = fd;
		pf[n++].events = ev;
	}
	return n;
}

static void
woke(void *data)
{
	struct cli_serve_wait *w = data;

	w->fn(w->data);
}

static int
wait_ms(void *data)
{
	struct cli_serve_wait *w = data;

	return w->wait(w->data);
}

int
cli_serve_wait_attach(struct cli_serve_wait *w, struct cli_loop *l)
{
	return cli_loop_add_set(l, fds, CLI_LOOP_WAKE, woke, wait_ms, w);
}
