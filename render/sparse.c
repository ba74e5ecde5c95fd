/*
 * render/sparse.c - sparse profiles drawn by their entries (-m0).
 *
 * bands.c draws every slot at every column; a -hi or -hc profile with
 * thousands of bands listed in few samples each would cost bands x
 * columns that way.  Here the cost follows the entries.
 */
#include "draw.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "../hp/grow.h"

/*
 * Sparse profiles: most bands listed in few samples (-hi and -hc profiles
 * with thousands of bands, drawn with -m0).  A band is drawn where it has
 * thickness: on each segment between two samples of which one lists it.
 * Where it lists in neither, its top is the top of the highest band below
 * it that does, which that band draws, so nothing visible is lost; and
 * the cost follows the entries, not bands x columns.
 *
 * Each sample's listed slots are summed per slot, sorted, and stacked; a
 * band's vertex at sample i exists when sample i-1, i or i+1 lists it,
 * with its top and bottom there.  The vertices, made in sample order, are
 * then grouped by slot (a stable counting sort), and each run of
 * consecutive samples is one polygon, filled and outlined, bottom band
 * first.  Every vertex is drawn (no reduction to columns): sparse means
 * few of them.
 */

#define MAX_COLOURS 64	/* fills by colour; bands past them one each */

struct slotval {
	uint32_t slot;
	double v;
};

struct vert {
	uint32_t slot, i;	/* slot, sample */
	float up, lo;		/* top and bottom, page units */
};

/* The sample's listed slots, summed per slot, in slot order. */
static int
listed(const struct draw *d, size_t i, struct slotval **sv, size_t *cap,
       size_t *n)
{
	const struct render_layout *l = d->l;
	const hp_band *bands;
	const uint64_t *bytes;
	size_t ne = hp_model_sample(d->m, i, &bands, &bytes), k, j;

	*n = 0;
	if (HP_GROW(*sv, *cap, ne + 1) || !*sv)
		return -1;
	for (k = 0; k < ne; k++) {
		int32_t s = bands[k] < l->nslot ? l->slot[bands[k]] : LAYOUT_DROPPED;

		if (s < 0 || (size_t)s >= l->nbands)
			continue;
		(*sv)[*n].slot = (uint32_t)s;
		(*sv)[(*n)++].v = (double)bytes[k];
	}
	/* insertion sort: a sparse sample lists few bands, mostly in order */
	for (k = 1; k < *n; k++) {
		struct slotval t = (*sv)[k];

		for (j = k; j > 0 && (*sv)[j - 1].slot > t.slot; j--)
			(*sv)[j] = (*sv)[j - 1];
		(*sv)[j] = t;
	}
	for (k = j = 0; k < *n; k++) {
		if (j && (*sv)[j - 1].slot == (*sv)[k].slot)
			(*sv)[j - 1].v += (*sv)[k].v;	/* OTHER's bands */
		else
			(*sv)[j++] = (*sv)[k];
	}
	*n = j;
	return 0;
}

/* Is the profile sparse enough to draw by entries?  Eight times the drawn
 * entries against what the outlines would cost: every slot at every
 * column (or every sample, whichever is fewer). */
int
draw_sparse_profile(const struct draw *d, size_t nsamp)
{
	const struct render_layout *l = d->l;
	size_t ns = l->nbands, i, k, drawn = 0, cols, dense;
	double colw = d->o->exact ? 0 : d->colw;

	if (ns < 64 || nsamp < 3 || l->step)
		return 0;
	cols = colw > 0 ? (size_t)(l->graph_w / colw) * 2 + 2 : nsamp;
	dense = ns * (cols < nsamp ? cols : nsamp);
	for (i = 0; i < nsamp; i++) {
		const hp_band *bands;
		size_t ne = hp_model_sample(d->m, i, &bands, NULL);

		for (k = 0; k < ne; k++)
			drawn += bands[k] < l->nslot && l->slot[bands[k]] >= 0;
		if (drawn > dense / 8)
			return 0;
	}
	return 1;
}

/* A coordinate to 1/16 point, far below what any output shows: vector
 * files print it in a few digits ("123.0625"), not seventeen. */
static float
snap(double v)
{
	return (float)(nearbyint(v * 16) / 16);
}

/* Append slot s's vertex at sample i, the stack's cumulative sums there
 * being lo (under it) and lo + v. */
static int
vert_put(struct vert **vs, size_t *cap, size_t *n, uint32_t s, size_t i,
	 double lo, double v, double ys)
{
	if (HP_GROW(*vs, *cap, *n + 1))
		return -1;
	(*vs)[*n].slot = s;
	(*vs)[*n].i = (uint32_t)i;
	(*vs)[*n].lo = snap(lo * ys);
	(*vs)[(*n)++].up = snap((lo + v) * ys);
	return 0;
}

/* Where the run of slot vertices starting at a ends: the next vertex of
 * another slot, or not at the next sample. */
static size_t
run_end(const struct vert *v, size_t a, size_t n)
{
	size_t b;

	for (b = a + 1; b < n && v[b].slot == v[a].slot &&
	     v[b].i == v[b - 1].i + 1; b++)
		;
	return b;
}

/* One run of slot vertices v[0..n) (consecutive samples) as a polygon:
 * tops left to right, bottoms back; a bottom equal to its top at either
 * end is the same point.  snap: PNG, every vertex on the pixel grid. */
static void
run_path(cairo_t *cr, const struct draw_snap *snap, const struct vert *v,
	 size_t n, const float *x, double gx, double gy)
{
	double x0 = gx + x[v[0].i], y0 = gy + v[0].up;
	size_t k;

	if (snap)
		draw_snap_point(snap, &x0, &y0);
	cairo_move_to(cr, x0, y0);
	for (k = 1; k < n; k++)
		draw_snap_line_to(cr, snap, gx + x[v[k].i], gy + v[k].up);
	for (k = n; k-- > 0;) {
		if ((k == n - 1 || k == 0) && v[k].lo == v[k].up && n > 1)
			continue;
		draw_snap_line_to(cr, snap, gx + x[v[k].i], gy + v[k].lo);
	}
	cairo_close_path(cr);
}

/* What of a run's outline no other run strokes: its top, from its
 * bottom at the first vertex to its bottom at the last (a bottom is the
 * top of the band under it where that band is drawn, or the axis). */
static void
run_top(cairo_t *cr, const struct vert *v, size_t n, const float *x,
	double gx, double gy)
{
	size_t k;

	cairo_move_to(cr, gx + x[v[0].i], gy + v[0].lo);
	for (k = 0; k < n; k++)
		if (k || v[0].up != v[0].lo)
			cairo_line_to(cr, gx + x[v[k].i], gy + v[k].up);
	if (v[n - 1].up != v[n - 1].lo)
		cairo_line_to(cr, gx + x[v[n - 1].i], gy + v[n - 1].lo);
}

/*
 * Vector output: one fill per colour (bands never overlap, so a colour's
 * runs make one path), then every run's top in one stroke: the picture
 * of a fill and an outline per run, as each outline's bottom is another
 * run's top, in a file of a few paths instead of two per run.  (PNG
 * draws run by run: cairo's rasteriser is slow on a path of thousands
 * of pieces, and the files are a matter of pixels.)
 */
static int
same_rgb(const double *a, const double *b)
{
	return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

static int
fill_by_colour(struct draw *d, const struct vert *v, size_t nv,
	       const float *x)
{
	const struct render_layout *l = d->l;
	size_t ns = l->nbands, rep[MAX_COLOURS], ncolour = 0, k, c, a, b;
	size_t *colour = hp_mallocn(ns, sizeof *colour);
	double gx = l->graph_x, gy = l->graph_y;
	cairo_t *cr = d->cr;

	if (!colour)
		return -1;
	for (k = 0; k < ns; k++) {
		for (c = 0; c < ncolour; c++)
			if (same_rgb(l->bands[rep[c]].rgb, l->bands[k].rgb))
				break;
		if (c == ncolour && ncolour < MAX_COLOURS)
			rep[ncolour++] = k;
		colour[k] = c;	/* ncolour when past MAX_COLOURS */
	}
	for (c = 0; c <= ncolour; c++) {
		int any = 0;

		cairo_new_path(cr);
		for (a = 0; a < nv; a = b) {
			const double *rgb = l->bands[v[a].slot].rgb;

			b = run_end(v, a, nv);
			if (colour[v[a].slot] != c)
				continue;
			run_path(cr, NULL, v + a, b - a, x, gx, gy);
			any = 1;
			if (c == ncolour) {	/* a colour of its own */
				cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
				cairo_fill(cr);
				any = 0;
			}
		}
		if (any) {
			const double *rgb = l->bands[rep[c]].rgb;

			cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
			cairo_fill(cr);
		}
	}
	free(colour);
	cairo_new_path(cr);
	for (a = 0; a < nv; a = b) {
		b = run_end(v, a, nv);
		run_top(cr, v + a, b - a, x, gx, gy);
	}
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_stroke(cr);
	return 0;
}

int
draw_sparse(struct draw *d, size_t nsamp)
{
	const struct render_layout *l = d->l;
	size_t ns = l->nbands, nv = 0, vcap = 0, i, k, a, b, c;
	struct slotval *sv[3] = { NULL, NULL, NULL };
	size_t svcap[3] = { 0, 0, 0 }, nsv[3] = { 0, 0, 0 };
	struct vert *vs = NULL, *sorted = NULL;
	size_t *first = NULL;
	float *x = NULL;
	double xs = l->graph_w / l->xrange, ys = l->graph_h / d->yscale;
	double gx = l->graph_x, gy = l->graph_y;
	cairo_t *cr = d->cr;
	struct draw_snap grid;
	int rc = -1;

	x = hp_mallocn(nsamp, sizeof *x);
	first = hp_callocn(ns + 1, sizeof *first);
	if (!x || !first)
		goto out;
	for (i = 0; i < nsamp; i++) {
		double xi = (hp_model_sample_time(d->m, i) - l->t0) * xs;

		x[i] = snap(!(xi >= 0) ? 0 : xi > l->graph_w ? l->graph_w : xi);
	}
	/* sv[0], sv[1], sv[2]: samples i-1, i, i+1 */
	if (listed(d, 0, &sv[1], &svcap[1], &nsv[1]))
		goto out;
	for (i = 0; i < nsamp; i++) {
		struct slotval *t = sv[0];
		size_t tc = svcap[0];
		double acc = 0;

		if (i + 1 < nsamp) {
			if (listed(d, i + 1, &sv[2], &svcap[2], &nsv[2]))
				goto out;
		} else {
			nsv[2] = 0;
		}
		/* the union of the three lists, in slot order, stacked on
		 * sample i's sums */
		a = b = c = 0;
		for (;;) {
			uint32_t s = UINT32_MAX;
			double v = 0;

			if (a < nsv[0] && sv[0][a].slot < s)
				s = sv[0][a].slot;
			if (b < nsv[1] && sv[1][b].slot < s)
				s = sv[1][b].slot;
			if (c < nsv[2] && sv[2][c].slot < s)
				s = sv[2][c].slot;
			if (s == UINT32_MAX)
				break;
			if (a < nsv[0] && sv[0][a].slot == s)
				a++;
			if (c < nsv[2] && sv[2][c].slot == s)
				c++;
			if (b < nsv[1] && sv[1][b].slot == s)
				v = sv[1][b++].v;
			if (vert_put(&vs, &vcap, &nv, s, i, acc, v, ys))
				goto out;
			first[s + 1]++;
			acc += v;
		}
		/* rotate: i becomes i-1, i+1 becomes i */
		sv[0] = sv[1];
		svcap[0] = svcap[1];
		nsv[0] = nsv[1];
		sv[1] = sv[2];
		svcap[1] = svcap[2];
		nsv[1] = nsv[2];
		sv[2] = t;
		svcap[2] = tc;
	}
	/* group by slot, sample order kept */
	for (k = 0; k < ns; k++)
		first[k + 1] += first[k];
	sorted = hp_mallocn(nv ? nv : 1, sizeof *sorted);
	if (!sorted)
		goto out;
	for (k = 0; k < nv; k++)
		sorted[first[vs[k].slot]++] = vs[k];
	cairo_save(cr);
	cairo_rectangle(cr, gx - 1, gy - 1, l->graph_w + 2, l->graph_h + 2);
	cairo_clip(cr);
	draw_snap_begin(d, &grid);
	if (d->vector ? fill_by_colour(d, sorted, nv, x) : 0)
		goto out_restore;
	for (a = 0; !d->vector && a < nv; a = b) {
		const double *rgb = l->bands[sorted[a].slot].rgb;

		b = run_end(sorted, a, nv);
		cairo_new_path(cr);
		run_path(cr, &grid, sorted + a, b - a, x, gx, gy);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_fill_preserve(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_stroke(cr);
	}
	rc = 0;
out_restore:
	cairo_restore(cr);
out:
	if (rc)
		hp_err_set(d->err, "out of memory drawing %zu bands of %zu "
			   "samples", ns, nsamp);
	for (k = 0; k < 3; k++)
		free(sv[k]);
	free(vs);
	free(sorted);
	free(first);
	free(x);
	return rc;
}
