/*
 * render/layout/outline.c - each drawn slot's outline: the points
 * render/bands.c fills and strokes, reduced to the output's resolution.
 *
 * The outlines are made column by column from the model's summary of
 * stacked tops (colidx.h): a column's first few samples, its last,
 * and its least, greatest and sum per slot come from O(log samples)
 * runs, so a watch-mode redraw costs the columns, not the profile.  A
 * model the summary does not take (sample totals of 2^50 bytes and more)
 * is walked instead: each sample's sparse entries summed per slot
 * through layout.slot[] by slotsum.c (OTHER merges several model bands
 * into one slot; dropped bands vanish), the cumulative tops handed to
 * outline_add.  The top of the last slot is the total.
 *
 * Reduction to the output's resolution (unless --exact): a million
 * samples across 600 pixels would give cairo polygons of a million
 * zig-zag vertices, which take minutes to fill and stroke and look no
 * better than this.  Per device column (a pixel, or a point for vector
 * output) and slot, a column of more than three samples is
 * stroked through the column's mean, so the black outline stays a line
 * instead of smearing every column, and filled through the points that
 * keep its range: PNG through its first, least, greatest and last point
 * in time order ("M4" decimation: the fill covers exactly the range the
 * full outline covers), vector output through its least and greatest in
 * time order (plus the very first and last sample), runs of points at
 * one height merged into one segment.  Each band's greatest value in
 * each column, and the total's, is drawn either way.  Slot s's reduced
 * tops are slot s+1's reduced lower outline, so stacked bands still meet
 * without gaps.  A column of three samples or fewer keeps them all, so
 * ordinary profiles are drawn exactly either way.  --exact makes every
 * sample its own column.
 */
#include "outline.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../hp/grow.h"
#include "colidx.h"
#include "slotsum.h"

/* What the outlines are made of: the model, its layout, and the value
 * at the top of the graph. */
struct src {
	const hp_model *m;
	const struct render_layout *l;
	double yscale;
};

#define RAW 3		/* samples per column kept as they are */

/* A reduced column of one slot, as flush sees it. */
struct column {
	long long col;		/* column index, -1 before the first */
	size_t k, kmin, kmax;	/* samples seen; which were least, greatest */
	double rx[RAW], ry[RAW];	/* the first samples */
	double x1, y1;		/* the last */
	double xmin, ymin, xmax, ymax;
	double mx, my;		/* the mean point */
};

/*
 * The column being reduced, for all slots at once.  Every slot shares the
 * sample's x, so what depends on x alone is kept once, and what depends
 * on y is kept per slot in arrays the per-sample loop walks in order:
 * that loop runs for every sample and slot of the model on each
 * watch-mode update.
 */
struct colset {
	long long col;		/* column index, -1 before the first */
	size_t k;		/* samples seen */
	double rx[RAW], x1, sx;	/* sx: the sum of x, then (at flush) the
				 * mean; sy likewise */
	double *ymin, *ymax, *xmin, *xmax, *sy, *y1, *ry[RAW];
	size_t *kmin, *kmax;
	/* the walk's exact means (outline_walk): sums of integer tops,
	 * the samples [p, q) and the zero point and step's end */
	render_u128 *isum;
	size_t p, q;
	int zero, step;
};

struct outline {
	size_t nslots;
	struct layout_line *line;
	struct colset cs;
	double *ybuf;		/* the arrays of cs */
	size_t *kbuf;
	double colw;		/* column width in page units; 0: --exact */
	int vector;		/* least and greatest only; flat runs merged
				 * unless --exact */
	int oom;
	const struct src *d;
	double xs, ys;
	int exact;		/* the walk's means as the summary's */
};

static void
pts_release(struct layout_pts *p)
{
	free(p->x);
	free(p->y);
}

static void
lines_free(struct layout_line *line, size_t n)
{
	size_t s;

	for (s = 0; line && s < n; s++) {
		pts_release(&line[s].fill);
		pts_release(&line[s].edge);
	}
	free(line);
}

static void
outline_release(struct outline *ol)
{
	lines_free(ol->line, ol->nslots);
	free(ol->ybuf);
	free(ol->kbuf);
	free(ol->cs.isum);
	memset(ol, 0, sizeof *ol);
}

static void
put(struct outline *ol, struct layout_pts *p, double x, double y)
{
	/* A third point at the height of the last two only moves the
	 * second along: the same line, one point fewer. */
	if (ol->vector && ol->colw > 0 && p->n >= 2 && p->y[p->n - 1] == (float)y &&
	    p->y[p->n - 2] == (float)y) {
		p->x[p->n - 1] = (float)x;
		return;
	}
	if (HP_GROW(p->x, p->xcap, p->n + 1) ||
	    HP_GROW(p->y, p->ycap, p->n + 1)) {
		ol->oom = 1;
		return;
	}
	p->x[p->n] = (float)x;
	p->y[p->n] = (float)y;
	p->n++;
}

/* Vector output's reduced column: its least and greatest point in time
 * order, after its first when it opens the outline and before its last
 * when it closes it, so the outline spans the whole time axis. */
static void
flush_vector(struct outline *ol, struct layout_line *ln, const struct column *c,
	     int final)
{
	size_t idx[4], n = 0, i, j;
	double px[4], py[4];

	if (ln->fill.n == 0) {
		idx[n] = 0;
		px[n] = c->rx[0];
		py[n++] = c->ry[0];
	}
	for (j = 0; j < 2; j++) {
		int low = (c->kmin < c->kmax) == (j == 0);

		idx[n] = low ? c->kmin : c->kmax;
		px[n] = low ? c->xmin : c->xmax;
		py[n++] = low ? c->ymin : c->ymax;
	}
	if (final) {
		idx[n] = c->k - 1;
		px[n] = c->x1;
		py[n++] = c->y1;
	}
	for (i = 0; i < n; i++)
		if (i == 0 || idx[i] != idx[i - 1])
			put(ol, &ln->fill, px[i], py[i]);
}

/*
 * Emit a column.  Up to RAW samples: all of them, to both outlines.
 * More: the fill gets the points that keep the column's range (see the
 * top of the file); the stroke gets one point, the column's mean, so a
 * dense profile is not drawn as a black smear of vertical outline
 * strokes.  final: the last column of the outline.
 */
static void
flush(struct outline *ol, struct layout_line *ln, const struct column *c, int final)
{
	size_t first = c->kmin < c->kmax ? c->kmin : c->kmax;
	size_t second = c->kmin < c->kmax ? c->kmax : c->kmin, i;

	if (c->col < 0)
		return;
	if (c->k <= RAW) {
		for (i = 0; i < c->k; i++) {
			put(ol, &ln->fill, c->rx[i], c->ry[i]);
			if (ol->colw > 0)
				put(ol, &ln->edge, c->rx[i], c->ry[i]);
		}
		return;
	}
	put(ol, &ln->edge, c->mx, c->my);
	if (ol->vector) {
		flush_vector(ol, ln, c, final);
		return;
	}
	put(ol, &ln->fill, c->rx[0], c->ry[0]);
	if (first != 0 && first != c->k - 1)
		put(ol, &ln->fill, first == c->kmin ? c->xmin : c->xmax,
		    first == c->kmin ? c->ymin : c->ymax);
	if (second != 0 && second != first && second != c->k - 1)
		put(ol, &ln->fill, second == c->kmin ? c->xmin : c->xmax,
		    second == c->kmin ? c->ymin : c->ymax);
	put(ol, &ln->fill, c->x1, c->y1);
}

/* Emit the current column of every slot, its sx and sy being means. */
static void
flush_all(struct outline *ol, int final)
{
	const struct colset *cs = &ol->cs;
	struct column c;
	size_t s, j;

	if (cs->col < 0)
		return;
	c.col = cs->col;
	c.k = cs->k;
	c.x1 = cs->x1;
	c.mx = cs->sx;
	for (j = 0; j < RAW; j++)
		c.rx[j] = cs->rx[j];
	for (s = 0; s < ol->nslots; s++) {
		c.kmin = cs->kmin[s];
		c.kmax = cs->kmax[s];
		c.xmin = cs->xmin[s];
		c.ymin = cs->ymin[s];
		c.xmax = cs->xmax[s];
		c.ymax = cs->ymax[s];
		c.my = cs->sy[s];
		c.y1 = cs->y1[s];
		for (j = 0; j < RAW && j < c.k; j++)
			c.ry[j] = cs->ry[j][s];
		flush(ol, &ol->line[s], &c, final);
	}
}

/* A column's mean point from the exact sum of its tops and the running
 * sum of times (colidx.h), the same double however the column was
 * read: samples [p, q), the zero point first (zero) and the step's end
 * last (step), k points in all. */
static double
mean_x(const struct src *d, double xs, size_t p, size_t q, int zero,
       int step, size_t k)
{
	const struct render_layout *l = d->l;
	double tbase = hp_model_sample_time(d->m, 0), x;
	double tsum = render_colidx_tsum(render_colidx_of(d->m), p, q);

	if (zero)
		tsum += l->t0 - tbase;
	if (step)
		tsum += l->t1 - tbase;
	x = (tsum / (double)k + (tbase - l->t0)) * xs;
	return !(x >= 0) ? 0 : x > l->graph_w ? l->graph_w : x;
}

static double
mean_y(render_u128 sum, double ys, size_t k)
{
	return (double)sum * ys / (double)k;
}

/* The walk's sums made means, then the column emitted. */
static void
flush_sums(struct outline *ol, int final)
{
	struct colset *cs = &ol->cs;
	size_t s;

	if (cs->col < 0)
		return;
	if (ol->exact) {
		cs->sx = mean_x(ol->d, ol->xs, cs->p, cs->q, cs->zero,
				cs->step, cs->k);
		for (s = 0; s < ol->nslots; s++)
			cs->sy[s] = mean_y(cs->isum[s], ol->ys, cs->k);
	} else {
		cs->sx /= (double)cs->k;
		for (s = 0; s < ol->nslots; s++)
			cs->sy[s] /= (double)cs->k;
	}
	flush_all(ol, final);
}

/* Which column point i (the zero point, samples, the step's end: see
 * outline_walk) at x belongs to. */
static long long
column_of(const struct outline *ol, double x, size_t i)
{
	return ol->colw > 0 ? (long long)floor(x / ol->colw) : (long long)i;
}

/* The point (x, tops[s]) of every slot; i is its index among the
 * points, si the sample's (or WALK_ZERO, WALK_STEP), itops its tops in
 * integers (with exact means). */
#define WALK_ZERO ((size_t)-2)
#define WALK_STEP ((size_t)-1)

static void
outline_add(struct outline *ol, size_t i, double x, const double *tops,
	    const uint64_t *itops, size_t si)
{
	struct colset *cs = &ol->cs;
	long long col = column_of(ol, x, i);
	size_t s, ns = ol->nslots, k;

	if (col != cs->col) {
		flush_sums(ol, 0);
		cs->col = col;
		cs->k = 0;
		cs->sx = 0;
		cs->zero = cs->step = 0;
		cs->p = cs->q = 0;
		if (ol->exact)
			memset(cs->isum, 0, ns * sizeof *cs->isum);
	}
	if (ol->exact) {
		if (si == WALK_ZERO) {
			cs->zero = 1;
		} else if (si == WALK_STEP) {
			cs->step = 1;
		} else {
			if (cs->p == cs->q)
				cs->p = si;
			cs->q = si + 1;
		}
		for (s = 0; itops && s < ns; s++)
			cs->isum[s] += itops[s];
	}
	k = cs->k;
	if (k == 0) {
		for (s = 0; s < ns; s++) {
			cs->ymin[s] = cs->ymax[s] = tops[s];
			cs->xmin[s] = cs->xmax[s] = x;
			cs->kmin[s] = cs->kmax[s] = 0;
			cs->sy[s] = tops[s];
		}
	} else {
		for (s = 0; s < ns; s++) {
			double y = tops[s];

			if (y < cs->ymin[s]) {
				cs->kmin[s] = k;
				cs->xmin[s] = x;
				cs->ymin[s] = y;
			} else if (y > cs->ymax[s]) {
				cs->kmax[s] = k;
				cs->xmax[s] = x;
				cs->ymax[s] = y;
			}
			cs->sy[s] += y;
		}
	}
	if (k < RAW) {
		cs->rx[k] = x;
		memcpy(cs->ry[k], tops, ns * sizeof *tops);
	}
	memcpy(cs->y1, tops, ns * sizeof *tops);
	cs->x1 = x;
	cs->sx += x;
	cs->k++;
}


/* Sample i's x on the page.  Times span at most xrange, unless the span
 * overflowed (times near +-1e308): keep x on the axis regardless. */
static double
sample_x(const struct src *d, size_t i, double xs)
{
	const struct render_layout *l = d->l;
	double x = (hp_model_sample_time(d->m, i) - l->t0) * xs;

	if (!(x >= 0))
		x = 0;
	return x > l->graph_w ? l->graph_w : x;
}

/* Where the step's end is drawn: the last sample held to t1. */
static double
step_x(const struct src *d, double xs)
{
	double x = (d->l->t1 - d->l->t0) * xs;

	return x < d->l->graph_w ? x : d->l->graph_w;
}

/*
 * The walk: every sample's tops through outline_add.  Drawn this way
 * are the models the summary does not take (sample totals of 2^50
 * bytes and more, summed in doubles past 2^64), and with o->walk the
 * reference the summary is tested against: its least and greatest by
 * doubles, the means as the summary's (exact).  The points are: the
 * zero point of an eventlog's ramp (index 0), the samples, the step's
 * end (index nsamp).
 */
static int
outline_walk(struct outline *ol, const struct src *d, size_t nsamp,
	     double *tops, int exact)
{
	const struct render_layout *l = d->l;
	size_t ns = ol->nslots, i;
	uint64_t *itops = NULL;
	render_colidx *x = render_colidx_of(d->m);
	struct slotsum st;

	ol->d = d;
	ol->xs = l->graph_w / l->xrange;
	ol->ys = l->graph_h / d->yscale;
	ol->exact = exact;
	if (exact && (!(itops = hp_callocn(ns, sizeof *itops)) ||
		      !(ol->cs.isum = hp_callocn(ns, sizeof *ol->cs.isum)))) {
		free(itops);
		return -1;
	}
	if (slotsum_init(&st, d->m, l->slot, l->nslot, ns) < 0) {
		free(itops);
		return -1;
	}
	if (l->zero_start) {
		memset(tops, 0, ns * sizeof *tops);
		outline_add(ol, 0, 0, tops, NULL, WALK_ZERO);
	}
	for (i = 0; i < nsamp && !ol->oom; i++) {
		if (exact) {
			size_t s;

			render_colidx_tops(x, d->m, i, itops);
			for (s = 0; s < ns; s++)
				tops[s] = (double)(int64_t)itops[s] * ol->ys;
		} else {
			slotsum_tops(&st, d->m, i, ol->ys, tops);
		}
		outline_add(ol, i + (size_t)l->zero_start,
			    sample_x(d, i, ol->xs), tops, itops, i);
	}
	if (l->step && nsamp)
		outline_add(ol, nsamp, step_x(d, ol->xs), tops, itops,
			    WALK_STEP);
	flush_sums(ol, 1);
	slotsum_release(&st);
	free(itops);
	return 0;
}

/*
 * Columns through the model's summary (colidx.h): the same columns
 * as the walk, each found by a search of the sample times and read as
 * its first few samples, its last, and the least, greatest and sum of
 * every slot's top over the rest, so a redraw costs the columns, not the
 * samples.  Tops are integers until drawn; least and greatest compare
 * as integers, which orders them as their doubles do below 2^50; the
 * mean is the exact sum of tops scaled once, and the mean x comes from
 * the running sum of times.  o->walk draws by outline_walk instead (the
 * reference the summary must match to the byte).
 */
struct cols {
	struct outline *ol;
	const struct src *d;
	render_colidx *x;
	size_t nsamp;
	double xs, ys;
	uint64_t *tops, *last;	/* one sample's tops; the last sample's */
	struct render_colidx_span *span;
};

/* The x of point j of a column made of the zero point (zero), samples
 * p.., and the step's end. */
static double
point_x(const struct cols *c, int zero, size_t p, size_t j)
{
	if (zero && j == 0)
		return 0;
	j -= (size_t)zero;
	return p + j < c->nsamp ? sample_x(c->d, p + j, c->xs) :
		step_x(c->d, c->xs);
}

/* Its tops (NULL: the zero point's, all 0). */
static const uint64_t *
point_tops(struct cols *c, int zero, size_t p, size_t j)
{
	if (zero && j == 0)
		return NULL;
	j -= (size_t)zero;
	if (p + j < c->nsamp) {
		render_colidx_tops(c->x, c->d->m, p + j, c->tops);
		return c->tops;
	}
	return c->last;
}

static double
y_of(const struct cols *c, uint64_t top)
{
	return (double)(int64_t)top * c->ys;
}

/* Make the column col of points: the zero point (zero), samples [p, q),
 * the step's end (step); it becomes ol->cs, the one before emitted. */
static void
col_make(struct cols *c, long long col, int zero, size_t p, size_t q,
	 int step)
{
	struct outline *ol = c->ol;
	struct colset *cs = &ol->cs;
	size_t ns = ol->nslots, k = (size_t)zero + (q - p) + (size_t)step;
	size_t j, s, off = (size_t)zero;
	const uint64_t *t;

	flush_all(ol, 0);
	cs->col = col;
	cs->k = k;
	for (j = 0; j < RAW && j < k; j++) {
		t = point_tops(c, zero, p, j);
		cs->rx[j] = point_x(c, zero, p, j);
		for (s = 0; s < ns; s++)
			cs->ry[j][s] = t ? y_of(c, t[s]) : 0;
	}
	t = point_tops(c, zero, p, k - 1);
	cs->x1 = point_x(c, zero, p, k - 1);
	for (s = 0; s < ns; s++)
		cs->y1[s] = t ? y_of(c, t[s]) : 0;
	if (k <= RAW)
		return;	/* drawn as its points; more means q - p >= 2 */
	render_colidx_span(c->x, c->d->m, p, q, 0, c->span);
	for (s = 0; s < ns; s++) {
		const struct render_colidx_span *sp = &c->span[s];
		uint64_t mn = sp->min, mx = sp->max;
		size_t kmn = sp->kmin - p + off, kmx = sp->kmax - p + off;
		render_u128 sum = sp->sum;

		if (zero) {	/* the zero point's 0 comes first */
			if (mx == 0)
				kmx = 0;
			mn = 0;
			kmn = 0;
		}
		if (step) {	/* the step's end comes last */
			if (c->last[s] < mn) {
				mn = c->last[s];
				kmn = k - 1;
			}
			if (c->last[s] > mx) {
				mx = c->last[s];
				kmx = k - 1;
			}
			sum += c->last[s];
		}
		cs->kmin[s] = kmn;
		cs->kmax[s] = kmx;
		cs->ymin[s] = y_of(c, mn);
		cs->ymax[s] = y_of(c, mx);
		cs->xmin[s] = point_x(c, zero, p, kmn);
		cs->xmax[s] = point_x(c, zero, p, kmx);
		cs->sy[s] = mean_y(sum, c->ys, k);
	}
	cs->sx = mean_x(c->d, c->xs, p, q, zero, step, k);
}

/* The first sample after p not in column col. */
static size_t
col_end(struct cols *c, size_t p, long long col)
{
	size_t lo = p + 1, hi, step = 1, zero = (size_t)c->d->l->zero_start;

	/* gallop, then halve: a column holds few samples or many */
	for (;;) {
		hi = lo + step - 1;
		if (hi >= c->nsamp) {
			hi = c->nsamp;
			break;
		}
		if (column_of(c->ol, sample_x(c->d, hi, c->xs), hi + zero) != col)
			break;
		lo = hi + 1;
		step *= 2;
	}
	while (lo < hi) {	/* the answer is in [lo, hi] */
		size_t mid = lo + (hi - lo) / 2;

		if (column_of(c->ol, sample_x(c->d, mid, c->xs), mid + zero) != col)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

static int
outline_columns(struct outline *ol, const struct src *d, size_t nsamp)
{
	const struct render_layout *l = d->l;
	size_t ns = ol->nslots, p = 0, q, zi = (size_t)l->zero_start;
	int zero_left = l->zero_start, step_left = l->step, zero, step;
	long long col, zcol = column_of(ol, 0, 0);
	struct cols c;

	memset(&c, 0, sizeof c);
	c.ol = ol;
	c.d = d;
	c.x = render_colidx_of(d->m);
	c.nsamp = nsamp;
	c.xs = l->graph_w / l->xrange;
	c.ys = l->graph_h / d->yscale;
	c.tops = hp_mallocn(ns, sizeof *c.tops);
	c.last = hp_mallocn(ns, sizeof *c.last);
	c.span = hp_mallocn(ns, sizeof *c.span);
	if (!c.tops || !c.last || !c.span) {
		free(c.tops);
		free(c.last);
		free(c.span);
		return -1;
	}
	render_colidx_tops(c.x, d->m, nsamp - 1, c.last);
	for (; p < nsamp; p = q) {
		col = column_of(ol, sample_x(d, p, c.xs), p + zi);
		zero = zero_left && col == zcol;
		if (zero_left && !zero)	/* the ramp's start alone */
			col_make(&c, zcol, 1, p, p, 0);
		zero_left = 0;
		q = col_end(&c, p, col);
		step = step_left && q == nsamp &&
			column_of(ol, step_x(d, c.xs), nsamp) == col;
		if (step)
			step_left = 0;
		col_make(&c, col, zero, p, q, step);
	}
	if (step_left)
		col_make(&c, column_of(ol, step_x(d, c.xs), nsamp), 0, nsamp,
			 nsamp, 1);
	flush_all(ol, 1);
	free(c.tops);
	free(c.last);
	free(c.span);
	return 0;
}

static int
outline_build(struct outline *ol, const struct src *d, double colw,
	      int vector, int walk)
{
	const struct render_layout *l = d->l;
	size_t nsamp = hp_model_sample_count(d->m), ns = l->nbands, k;
	double *tops, ys = l->graph_h / d->yscale;
	int rc;

	memset(ol, 0, sizeof *ol);
	if (l->nsamples < nsamp)
		nsamp = l->nsamples;
	if (ns == 0 || nsamp == 0)
		return 0;
	ol->nslots = ns;
	ol->colw = colw;
	ol->vector = vector;
	/* Zeroed: outline_release frees every slot's points, also when a
	 * later allocation here fails. */
	ol->line = hp_callocn(ns, sizeof *ol->line);
	ol->ybuf = ns > SIZE_MAX / (6 + RAW) ? NULL :
		hp_mallocn(ns * (6 + RAW), sizeof *ol->ybuf);
	ol->kbuf = hp_mallocn(ns, 2 * sizeof *ol->kbuf);
	tops = hp_mallocn(ns, sizeof *tops);
	if (!ol->line || !ol->ybuf || !ol->kbuf || !tops)
		goto fail;
	ol->cs.col = -1;
	ol->cs.ymin = ol->ybuf;
	ol->cs.ymax = ol->ybuf + ns;
	ol->cs.xmin = ol->ybuf + 2 * ns;
	ol->cs.xmax = ol->ybuf + 3 * ns;
	ol->cs.sy = ol->ybuf + 4 * ns;
	ol->cs.y1 = ol->ybuf + 5 * ns;
	for (k = 0; k < RAW; k++)
		ol->cs.ry[k] = ol->ybuf + (6 + k) * ns;
	ol->cs.kmin = ol->kbuf;
	ol->cs.kmax = ol->kbuf + ns;
	/* The summary orders tops as their doubles only for a normal
	 * scale (colidx.h says which models it takes). */
	rc = ys >= DBL_MIN && ys <= DBL_MAX ?
		render_colidx_sync(render_colidx_of(d->m), d->m, l->slot,
				 l->nslot, ns, nsamp, l->t0, l->zero_start) : 1;
	if (rc < 0 || (rc == 0 && !walk ? outline_columns(ol, d, nsamp) :
		       outline_walk(ol, d, nsamp, tops, rc == 0)) < 0 || ol->oom)
		goto fail;
	free(tops);
	return 0;
fail:
	free(tops);
	outline_release(ol);
	return -1;
}

int
layout_outline(struct layout_outline *out, const hp_model *m,
	       const struct render_layout *l, double yscale, double colw,
	       int vector, int walk, struct hp_err *err)
{
	struct src d = { m, l, yscale };
	struct outline ol;
	size_t nsamp = hp_model_sample_count(m);

	memset(out, 0, sizeof *out);
	if (l->nsamples < nsamp)
		nsamp = l->nsamples;
	if (outline_build(&ol, &d, colw, vector, walk) < 0)
		return hp_err_set(err, "out of memory drawing %zu bands of %zu "
				  "samples", l->nbands, nsamp);
	/* the points are the caller's; the builder's columns go */
	out->nslots = ol.nslots;
	out->line = ol.line;
	out->colw = ol.colw;
	out->vector = ol.vector;
	ol.line = NULL;
	outline_release(&ol);
	return 0;
}

void
layout_outline_release(struct layout_outline *out)
{
	lines_free(out->line, out->nslots);
	memset(out, 0, sizeof *out);
}

const struct layout_pts *
layout_outline_edge(const struct layout_outline *out, size_t s)
{
	return out->colw > 0 ? &out->line[s].edge : &out->line[s].fill;
}
