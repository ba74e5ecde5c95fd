/*
 * live/serve-epoll.c - Linux's wait on libmicrohttpd (serve-wait.h):
 * MHD_USE_EPOLL, its one epoll descriptor registered with the loop as
 * any other source's, as systemd-journal-remote runs it.  The portable
 * build has serve-fdset.c instead.
 */
#include "serve-wait.h"

const unsigned int cli_serve_wait_flag = MHD_USE_EPOLL;

int
cli_serve_wait_attach(struct cli_serve_wait *w, struct cli_loop *l)
{
	const union MHD_DaemonInfo *di =
		MHD_get_daemon_info(w->d, MHD_DAEMON_INFO_EPOLL_FD);

	return cli_loop_add(l, di ? di->epoll_fd : -1, CLI_LOOP_WAKE, w->fn,
			    w->wait, w->data);
}
