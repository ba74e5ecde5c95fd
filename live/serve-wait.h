/*
 * live/serve-wait.h - how watch mode's loop (loop.h) waits on --serve's
 * libmicrohttpd, which runs in that loop with no thread of its own:
 * on Linux through its one epoll descriptor (serve-epoll.c), in the
 * portable build through the sets of descriptors it would select(2) on
 * (serve-fdset.c).  Internal to serve.c.
 */
#ifndef LIVE_SERVE_WAIT_H
#define LIVE_SERVE_WAIT_H

#include <microhttpd.h>

#include "loop.h"

/* The flag libmicrohttpd starts with for this wait (or'ed with the
 * rest): MHD_USE_EPOLL, or 0 for select's sets. */
extern const unsigned int cli_serve_wait_flag;

struct cli_serve_wait {
	struct MHD_Daemon *d;
	cli_loop_fn *fn;	/* after every wait (MHD_run and more) */
	cli_loop_wait_fn *wait;	/* the longest wait */
	void *data;		/* theirs */
};

/* Register w (kept alive by the caller) with l: the id, or -1. */
int cli_serve_wait_attach(struct cli_serve_wait *w, struct cli_loop *l);

#endif
