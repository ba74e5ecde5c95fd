/*
 * live/serve.h - --serve: the interactive page of the profile being
 * watched, over HTTP, with new samples pushed to it as they come
 * (server-sent events), and /metrics for Prometheus.
 *
 * Internal to live/: watch.c owns the loop and the model; the server
 * (serve.c) only answers from what was last published to it, inside the
 * same thread: it registers its descriptor with watch mode's loop
 * (loop.h) and does its work after each wake.  live.c writes the JSON of
 * sample batches and columns (live.h), metrics.c the Prometheus text
 * (metrics.h).
 */
#ifndef LIVE_SERVE_H
#define LIVE_SERVE_H

#include <stddef.h>
#include <stdio.h>

#include "../hp/err.h"
#include "../hp/model.h"
#include "../render/render.h"
#include "loop.h"

typedef struct cli_serve cli_serve;

/*
 * Listen where spec says (cli_serve_parse, convert/hostport.h) and say the URL
 * (http://ADDR:PORT/t/TOKEN/) on errs; any address but a loopback one is
 * said as such.  names (nnames of them, kept by the caller) are more
 * names a Host header may give (--serve-name).  NULL with err when it
 * cannot listen, saying why.
 */
cli_serve *cli_serve_open(const char *spec, const char *const *names,
			  size_t nnames, FILE *errs, struct hp_err *err);
void cli_serve_close(cli_serve *sv);

/* Its registration with watch mode's loop: its descriptor, the longest
 * it may wait, and its work (answer what came, push what is due, drop
 * what is stalled) after every wait.  The id, or -1. */
int cli_serve_attach(cli_serve *sv, struct cli_loop *l);

/*
 * What the server shows from now on: m as drawn with ro (both kept by
 * the caller until the next publish or cli_serve_forget), name the input
 * as given.  The samples, marks and series points m holds now are sent to
 * every open page.  A model other than the last one published tells
 * every page to load again.
 */
void cli_serve_publish(cli_serve *sv, const hp_model *m,
		       const struct render_opts *ro, const char *name);
/* The published model is about to be freed. */
void cli_serve_forget(cli_serve *sv);

#endif
