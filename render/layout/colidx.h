/*
 * render/layout/colidx.h - the column index: a summary of a model's
 * stacked sums, from which any column of a graph, or any window, is
 * answered without walking its samples.
 *
 * A graph stacks groups of bands (render/'s slots): group g's top at a
 * sample is the bytes of every band in groups 0..g.  Drawing a column of
 * many samples needs, per group, the least and greatest top (and where
 * each first occurs) and the sum of the tops; watch mode draws every
 * column again after each new sample, so walking the samples made each
 * redraw cost the whole profile.  The least of a stacked sum is not the
 * sum of the least per band, so the summary is kept for one band -> group
 * map at a time: per group, the least, greatest and sum over runs of
 * RENDER_COLIDX_BLOCK samples, and over runs of two, four, ... of those
 * (a pyramid, about two nodes a run), so a range of samples costs its
 * two ragged ends plus O(log n) nodes.  It is extended as samples are
 * appended and built again when the map changes (the band order changed).
 *
 * Everything is exact 64-bit integers (sums of tops in 128 bits), so the
 * index and a walk of the same samples agree to the bit; a model whose
 * sample totals reach 2^50 bytes (or 2^32 samples) is not indexed
 * (render_colidx_sync says so), and its graph is drawn by walking, in
 * doubles, as before.  Memory: about 2 bytes per sample and group, plus
 * 8 per sample for the running sum of times; past 64 groups, only while
 * that stays under the 12 bytes per entry of the samples themselves
 * (samples x groups at most four times the entries), else it is not
 * kept and the caller walks (a sparse profile of thousands of bands).
 *
 * It is kept in the model's cache slot (hp_model_cache), so it lives as
 * long as the samples it describes and a window of watch mode that
 * shares them takes it over; nothing here prints or exits.
 */
#ifndef RENDER_COLIDX_H
#define RENDER_COLIDX_H

#include <stddef.h>
#include <stdint.h>

#include "../../hp/model.h"

#define RENDER_COLIDX_BLOCK 32	/* samples per leaf run */
#define RENDER_COLIDX_LIMIT ((uint64_t)1 << 50)	/* sample totals below */

__extension__ typedef unsigned __int128 render_u128;

typedef struct render_colidx render_colidx;

/* m's summary, made empty and put in m's cache slot the first time;
 * NULL when out of memory. */
render_colidx *render_colidx_of(const hp_model *m);

/* A summary of one's own (the live page's zooms, live/serve.c), for
 * one model at a time; NULL when out of memory. */
render_colidx *render_colidx_new(void);
void render_colidx_free(render_colidx *x);

/*
 * Bring x up to date with the first n samples of m under the map: band b
 * is in group slot[b] when 0 <= slot[b] < ngroups, else (and past nslot)
 * in none.  Only the samples not summarised yet are read, unless the map
 * differs from the last one (then all are).  t0 and zero_start are the
 * area's (render_colidx_area).  Returns 0; 1 when m cannot be indexed (a
 * sample total of 2^50 or more, 2^32 samples or more, too sparse for its
 * groups): walk instead; -1 when out of memory (x is then empty, and
 * still usable).  x NULL: -1.
 */
int render_colidx_sync(render_colidx *x, const hp_model *m, const int32_t *slot,
		     size_t nslot, size_t ngroups, size_t n, double t0,
		     int zero_start) HP_MUSTCHECK;

/* Samples [a, b) per group: the least and greatest top, the first
 * sample holding each, and the sum of the tops. */
struct render_colidx_span {
	uint64_t min, max;
	size_t kmin, kmax;
	render_u128 sum;
};

/*
 * out[0..ngroups-1] for samples a..b-1 (a < b <= n of the last sync).
 * walk: read every sample instead of the summary, as a reference.
 */
void render_colidx_span(render_colidx *x, const hp_model *m, size_t a, size_t b,
		      int walk, struct render_colidx_span *out);

/* Sample i's tops, out[0..ngroups-1] (i < n of the last sync). */
void render_colidx_tops(render_colidx *x, const hp_model *m, size_t i,
		      uint64_t *out);

/* The sum of (time - time of sample 0) over samples a..b-1, added up
 * from sample 0 in order (so the same double however it is asked). */
double render_colidx_tsum(const render_colidx *x, size_t a, size_t b);

/*
 * The trapezoid area under the total of every group (value x seconds,
 * hp2ps's min * base + |delta| * base / 2 form), over the n samples of
 * the last sync, summed in sample order; with zero_start, the ramp from
 * 0 at t0 to the first sample comes first.  A running sum, kept as the
 * samples are summarised: a later sync's area costs its new samples.
 */
double render_colidx_area(const render_colidx *x);

/* The samples the last sync summarised (its n), 0 when it did not take
 * the model (returned 1 or -1): a drawing through the summary reads it,
 * one by walking need not (test_colidx_render checks which). */
size_t render_colidx_count(const render_colidx *x);

#endif
