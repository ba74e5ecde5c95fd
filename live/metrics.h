/*
 * live/metrics.h - /metrics of --serve (metrics.c): what hp2x sees of
 * the profile in Prometheus's text exposition format.
 */
#ifndef LIVE_METRICS_H
#define LIVE_METRICS_H

#include <stdio.h>

#include "../hp/err.h"
#include "../hp/model.h"
#include "../render/render.h"

/* What hp2x sees of m (drawn with ro), last_wall the Unix time its last
 * sample came; m NULL before the first drawing (counts of 0).  0, or -1
 * with err. */
int metrics_write(FILE *f, const hp_model *m, const struct render_opts *ro,
		  double last_wall, struct hp_err *err) HP_MUSTCHECK;

#endif
