/*
 * live/live.h - the served page's live data (live.c): what a page lacks
 * of the model, in batches, and the exact columns of a zoom, as the
 * JSON --serve sends (serve.c).
 */
#ifndef LIVE_LIVE_H
#define LIVE_LIVE_H

#include <stddef.h>
#include <stdio.h>

#include "../hp/err.h"
#include "../hp/model.h"
#include "../hp/stats.h"
#include "../render/layout/colidx.h"
#include "../render/layout/layout.h"
#include "../render/render.h"

/* How far a page has the model: its counts of samples, bands, marks and
 * each series' points. */
struct live_pos {
	size_t samples, bands, marks, series[HP_NSERIES];
};

/* The counts m holds now. */
void live_pos_of(const hp_model *m, struct live_pos *p);

/* The table's numbers of a model as drawn (data/summary.h's
 * summary_rows): its stats, and the layout --summary's would be. */
struct live_table {
	struct hp_stats st;
	struct render_layout l;
	hp_model *steps;	/* a per-interval profile's, which l is of */
};
/* 0, or -1 with err (and nothing to release). */
int live_table_make(struct live_table *t, const hp_model *m,
		    const struct render_opts *ro, struct hp_err *err) HP_MUSTCHECK;
void live_table_release(struct live_table *t);

/*
 * One batch of what m holds past *at, up to *to (at most LIVE_BATCH
 * samples, LIVE_BATCH marks and LIVE_POINTS points a series), as one
 * JSON object to f: {"i":first sample,"t":[times],"s":[[band,value,...]],
 * "names":[[band,name]],"mi":first mark,"marks":[[t,label]],
 * "series":{"heap_size":[first,[t],[v]]},"n":samples,"c":censuses}
 * (c: the count the page shows, hp_model_census_count's once it has all
 * n, plus those a long run's model keeps only in its summary,
 * hp_model_dropped); *at moves past it.  The batch that takes *at to *to's samples
 * also carries tab's numbers when tab is not NULL ("rows", as the page's
 * data block has them), so the page's table shows the census its chart
 * shows.  Returns 0 when there was nothing to send (nothing written);
 * with tab_due, the table is something to send: a publish that brought
 * no sample (the run's end, say) may still change the run's numbers.
 */
#define LIVE_BATCH 256
#define LIVE_POINTS 1024
int live_batch(FILE *f, const hp_model *m, struct live_pos *at,
	       const struct live_pos *to, const struct live_table *tab,
	       int tab_due);

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

#endif
