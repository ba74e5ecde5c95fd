/*
 * live/serve.h - --serve: the interactive page of the profile being
 * watched, over HTTP, with new samples pushed to it as they come
 * (server-sent events), and /metrics for Prometheus.
 *
 * Internal to convert/: watch.c owns the loop and the model; the server
 * (serve.c) only answers from what was last published to it, inside the
 * same thread: its descriptor joins watch mode's poll(2) and
 * cli_serve_run does the work after each wake.  live.c writes the JSON of
 * sample batches and columns, metrics.c the Prometheus text.
 */
#ifndef LIVE_SERVE_H
#define LIVE_SERVE_H

#include <stddef.h>
#include <stdio.h>

#include "../hp/err.h"
#include "../hp/model.h"
#include "../render/layout/colidx.h"
#include "../render/render.h"

typedef struct cli_serve cli_serve;

/*
 * Listen on spec ("[ADDR:]PORT", or NULL: 127.0.0.1 and a free port) and
 * say the URL (http://ADDR:PORT/t/TOKEN/) on errs; any address but a
 * loopback one is said as such.  interval is watch mode's, the least time
 * between two pushes.  NULL with err when it cannot listen.
 */
cli_serve *cli_serve_open(const char *spec, FILE *errs, struct hp_err *err);
void cli_serve_close(cli_serve *sv);

/* The descriptor to poll for POLLIN, and the longest wait (ms) before
 * cli_serve_run must be called even if it says nothing. */
int cli_serve_fd(const cli_serve *sv);
int cli_serve_wait_ms(cli_serve *sv);

/* Answer what came; push what is due; drop what is stalled.  Call after
 * every poll, whatever it returned. */
void cli_serve_run(cli_serve *sv);

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

/* ---- live.c: the page's live data ---- */

/* How far a page has the model: its counts of samples, bands, marks and
 * each series' points. */
struct live_pos {
	size_t samples, bands, marks, series[HP_NSERIES];
};

/* The counts m holds now. */
void live_pos_of(const hp_model *m, struct live_pos *p);

/*
 * One batch of what m holds past *at, up to *to (at most LIVE_BATCH
 * samples, LIVE_BATCH marks and LIVE_POINTS points a series), as one
 * JSON object to f: {"i":first sample,"t":[times],"s":[[band,value,...]],
 * "names":[[band,name]],"mi":first mark,"marks":[[t,label]],
 * "series":{"heap_size":[first,[t],[v]]},"n":samples,"c":censuses}
 * (c: the count the page shows, hp_model_census_count's once it has all
 * n); *at moves past it.
 * Returns 0 when there was nothing to send (nothing written).
 */
#define LIVE_BATCH 256
#define LIVE_POINTS 1024
int live_batch(FILE *f, const hp_model *m, struct live_pos *at,
	       const struct live_pos *to);

/*
 * The samples of m between times a and b for a graph ncols columns wide:
 * every one when there are at most 2 * ncols, else per column the one of
 * least and the one of greatest total, from the summary x (synced here
 * to every band in one group; O(log n) a column).  JSON to f:
 * {"exact":0|1,"k":[sample indices],"t":[times],"s":[[band,value,...]]}.
 * 0, or -1 with err.
 */
int live_columns(FILE *f, const hp_model *m, render_colidx *x, double a,
		 double b, size_t ncols, struct hp_err *err) HP_MUSTCHECK;

/* ---- metrics.c: Prometheus's text exposition format ---- */

/* What hp2x sees of m (drawn with ro), last_wall the Unix time its last
 * sample came.  0, or -1 with err. */
int metrics_write(FILE *f, const hp_model *m, const struct render_opts *ro,
		  double last_wall, struct hp_err *err) HP_MUSTCHECK;

#endif
