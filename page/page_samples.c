/*
 * page/page_samples.c - which censuses an interactive page keeps, as
 * levels, and how its data block carries them (out_html.c's "levels").
 *
 * Every census when they fit the room the page's budget leaves them.
 * Else, as the vector outputs reduce a band, per column of the time
 * axis the census of least and the one of greatest total (the first and
 * the last census too), so no peak of the total is lost, at two levels:
 *   0  the whole run in LEVEL0_COLS columns, about a screen's width:
 *      what the viewer draws at full view;
 *   1  the whole run in as many columns as the rest of the room holds
 *      (a multiple of level 0's, so level 0's censuses are among
 *      them): the censuses level 0 lacks.
 * The viewer merges a level with those before it by census index and
 * draws, for a window, the coarsest that has a census a pixel there, or
 * the finest it has.  A served page keeps one level (its live batches
 * extend it).
 *
 * A level is {"n": censuses, "g": divisor, "q": decimals, "d": digits}:
 * "d" a string of numbers, each in base 45, least significant digit
 * first, every digit but the last from the second set of 45 characters
 * (DIGITS: the printable ASCII JSON and the <script> block carry as
 * they are, '<' and '\\' left out).  Per census:
 *   its index less the level's previous census's, less one;
 *   its time less the previous census's, in units of 10^-q s, zigzag
 *   (q the fewest decimals that give every time of the level exactly,
 *   as k / 10^q in double arithmetic, the viewer's; when none up to 9
 *   does, q is -1 and the level's "times" holds its times as numbers);
 *   each drawn slot's value less the previous census's, divided by g
 *   (the values' greatest common divisor: 8 for GHC's bytes), zigzag;
 *   with extra slots ("x"): how many changed, then for each the gap to
 *   the previous changed one's index (from -1), less one, and its
 *   change, zigzag.
 * A census of the 1 GB benchmark profile's 20 drawn slots costs about
 * 175 bytes as JSON arrays of slot and value, and about 72 here.
 */
#include "page.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"
#include "../render/layout/layout.h"
#include "../data/json.h"

/* The whole-run level's columns: a wide screen's plot; two censuses a
 * column at most. */
#define LEVEL0_COLS ((size_t)1024)
/* At most this many censuses in all: the viewer merges and draws a
 * window of them within a frame's time. */
#define PAGE_SAMPLES ((size_t)1 << 17)
#define PAGE_MIN_COLS ((size_t)16)
#define DIGIT_BASE 45u

/* The two sets of digits: a number's last digit from the first, the
 * others from the second. */
static const char DIGITS[] =
	"#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOP"
	"QRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";

/* A growing string of digits. */
struct digits {
	char *s;
	size_t len, cap;
	int oom;
};

/* A zigzag change of two 64-bit values takes 65 bits. */
__extension__ typedef unsigned __int128 wide;

static void
put_wide(struct digits *d, wide v)
{
	/* 45^12 > 2^65: twelve digits at most */
	if (d->oom || HP_GROW(d->s, d->cap, d->len + 14)) {
		d->oom = 1;
		return;
	}
	for (; v >= DIGIT_BASE; v /= DIGIT_BASE)
		d->s[d->len++] = DIGITS[DIGIT_BASE + (size_t)(v % DIGIT_BASE)];
	d->s[d->len++] = DIGITS[(size_t)v];
}

static void
put_num(struct digits *d, uint64_t v)
{
	put_wide(d, v);
}

/* b - a as a zigzag number: 0, -1, 1, -2, ... as 0, 1, 2, 3, ...  (a
 * change past 2^63, which a 64-bit zigzag would wrap, is one too) */
static void
put_change(struct digits *d, uint64_t a, uint64_t b)
{
	put_wide(d, b >= a ? (wide)(b - a) * 2 : (wide)(a - b) * 2 - 1);
}

static uint64_t
gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* What encoding a level needs: the profile, its layout, the extra slots
 * (ext[band]: nbands + j for band x[j], else -1; NULL for none) and
 * rows of the slots' values. */
struct enc {
	const hp_model *m;
	const struct render_layout *l;
	const int32_t *ext;
	size_t nx, nslots;
	uint64_t *row, *prev;
};

static int32_t
slot_of(const struct render_layout *l, hp_band b)
{
	return b < l->nslot ? l->slot[b] : LAYOUT_DROPPED;
}

/* Census i's value of every slot into e->row (OTHER sums what it
 * merges). */
static void
census_row(struct enc *e, size_t i)
{
	const hp_band *b;
	const uint64_t *v;
	size_t ne = hp_model_sample(e->m, i, &b, &v), k;

	memset(e->row, 0, e->nslots * sizeof *e->row);
	for (k = 0; k < ne; k++) {
		int32_t s = slot_of(e->l, b[k]);

		if (s >= 0)	/* sums stop at 2^64-1, as the model's */
			e->row[s] = e->row[s] > UINT64_MAX - v[k] ? UINT64_MAX
				    : e->row[s] + v[k];
		if (e->ext && e->ext[b[k]] >= 0)
			e->row[e->ext[b[k]]] = v[k];
	}
}

/* The decimals q (0..9) that give every time of idx[0..n-1] as k / 10^q
 * exactly, or -1. */
static int
time_decimals(const hp_model *m, const size_t *idx, size_t n)
{
	static const double p10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
				      1e8, 1e9 };
	int q;
	size_t i;

	for (q = 0; q < 10; q++) {
		for (i = 0; i < n; i++) {
			double t = hp_model_sample_time(m, idx[i]), k = t * p10[q];

			if (!(fabs(k) < 9007199254740992.0) ||
			    nearbyint(k) / p10[q] != t)
				break;
		}
		if (i == n)
			return q;
	}
	return -1;
}

static double
pow10_of(int q)
{
	double p = 1;

	while (q-- > 0)
		p *= 10;
	return p;
}

/* The greatest common divisor of every value of censuses idx[0..n-1]
 * (1 when all are zero). */
static uint64_t
value_divisor(const hp_model *m, const size_t *idx, size_t n)
{
	uint64_t g = 0;
	size_t i, k;

	for (i = 0; i < n && g != 1; i++) {
		const hp_band *b;
		const uint64_t *v;
		size_t ne = hp_model_sample(m, idx[i], &b, &v);

		for (k = 0; k < ne && g != 1; k++)
			g = gcd(v[k], g);
	}
	return g ? g : 1;
}

/* The digits of censuses idx[0..n-1] into d (emptied first), the time
 * in units of 10^-q s, values divided by g. */
static void
encode(struct enc *e, const size_t *idx, size_t n, int q, uint64_t g,
       struct digits *d)
{
	double p = pow10_of(q);
	long long tprev = 0;
	size_t i, s, last = (size_t)-1;

	d->len = 0;
	memset(e->prev, 0, e->nslots * sizeof *e->prev);
	for (i = 0; i < n; i++) {
		size_t changed = 0, nb = e->l->nbands;

		put_num(d, idx[i] - last - 1);
		last = idx[i];
		if (q >= 0) {
			long long t = (long long)nearbyint(
				hp_model_sample_time(e->m, idx[i]) * p);

			put_change(d, (uint64_t)tprev, (uint64_t)t);
			tprev = t;
		}
		census_row(e, idx[i]);
		for (s = 0; s < e->nslots; s++)
			e->row[s] /= g;
		for (s = 0; s < nb; s++)
			put_change(d, e->prev[s], e->row[s]);
		if (e->nx) {
			size_t at = (size_t)-1;

			for (s = nb; s < e->nslots; s++)
				changed += e->row[s] != e->prev[s];
			put_num(d, changed);
			for (s = nb; s < e->nslots; s++) {
				if (e->row[s] == e->prev[s])
					continue;
				put_num(d, s - nb - at - 1);
				at = s - nb;
				put_change(d, e->prev[s], e->row[s]);
			}
		}
		memcpy(e->prev, e->row, e->nslots * sizeof *e->prev);
	}
}

/* A level's digits, with what decodes them. */
struct level {
	size_t *idx, n;
	int q;
	uint64_t g;
	struct digits d;
};

static void
level_free(struct level *v)
{
	free(v->idx);
	free(v->d.s);
	memset(v, 0, sizeof *v);
}

/* The level of censuses idx[0..n-1] (taken over) encoded: 0, or -1 when
 * out of memory. */
static int
level_make(struct enc *e, size_t *idx, size_t n, struct level *v)
{
	v->idx = idx;
	v->n = n;
	v->q = time_decimals(e->m, idx, n);
	v->g = value_divisor(e->m, idx, n);
	encode(e, idx, n, v->q, v->g, &v->d);
	return v->d.oom ? -1 : 0;
}

/* Its bytes in the data block, about (the times as numbers when q is
 * -1: 12 bytes each). */
static size_t
level_bytes(const struct level *v)
{
	return v->d.len + 40 + (v->q < 0 ? 12 * v->n : 0);
}

/*
 * Per column of `cols` over the run, the census of least and the one of
 * greatest total, the first and the last census too, in order: every
 * census when that is no fewer.  *out gets them; their count, or
 * (size_t)-1 when out of memory.
 */
static size_t
pick_columns(const hp_model *m, size_t cols, size_t **out)
{
	size_t n = hp_model_sample_count(m), i, k = 0, c;
	size_t *lo, *hi, *keep;
	double t0, t1;

	*out = NULL;
	keep = hp_mallocn(n < 2 * cols + 2 ? n + 1 : 2 * cols + 3, sizeof *keep);
	if (!keep)
		return (size_t)-1;
	if (n <= 2 * cols + 2) {
		for (i = 0; i < n; i++)
			keep[i] = i;
		*out = keep;
		return n;
	}
	lo = hp_mallocn(cols, sizeof *lo);
	hi = hp_mallocn(cols, sizeof *hi);
	if (!lo || !hi) {
		free(lo);
		free(hi);
		free(keep);
		return (size_t)-1;
	}
	for (c = 0; c < cols; c++)
		lo[c] = hi[c] = (size_t)-1;
	t0 = hp_model_sample_time(m, 0);
	t1 = hp_model_sample_time(m, n - 1);
	for (i = 0; i < n; i++) {
		double t = hp_model_sample_time(m, i);
		uint64_t s = hp_model_sample_sum(m, i);

		c = t1 > t0 ? (size_t)((t - t0) / (t1 - t0) * (double)cols) : 0;
		if (c >= cols)
			c = cols - 1;
		if (lo[c] == (size_t)-1 || s < hp_model_sample_sum(m, lo[c]))
			lo[c] = i;
		if (hi[c] == (size_t)-1 || s > hp_model_sample_sum(m, hi[c]))
			hi[c] = i;
	}
	keep[k++] = 0;
	for (c = 0; c < cols; c++) {
		size_t a = lo[c], b = hi[c];

		if (a == (size_t)-1)
			continue;
		if (a > b) {
			size_t x = a;

			a = b;
			b = x;
		}
		if (a > keep[k - 1])
			keep[k++] = a;
		if (b > keep[k - 1])
			keep[k++] = b;
	}
	if (keep[k - 1] != n - 1)
		keep[k++] = n - 1;
	free(lo);
	free(hi);
	*out = keep;
	return k;
}

/* a[0..na-1] less b[0..nb-1], both ascending, in place in a: its new
 * count. */
static size_t
minus(size_t *a, size_t na, const size_t *b, size_t nb)
{
	size_t i, j = 0, k = 0;

	for (i = 0; i < na; i++) {
		while (j < nb && b[j] < a[i])
			j++;
		if (j < nb && b[j] == a[i])
			continue;
		a[k++] = a[i];
	}
	return k;
}

/* The level of `cols` columns (less the censuses of `before`, when
 * given) into v: 0, or -1 when out of memory. */
static int
columns_level(struct enc *e, size_t cols, const struct level *before,
	      struct level *v)
{
	size_t *idx, n = pick_columns(e->m, cols, &idx);

	if (n == (size_t)-1)
		return -1;
	if (before)
		n = minus(idx, n, before->idx, before->n);
	return level_make(e, idx, n, v);
}

/* The finest columns whose censuses past level 0's fit in `room`: a
 * few tries, each scaled by what the one before cost a census.  v empty
 * when not even twice level 0's columns fit.  (Level 0's censuses are
 * not all among a finer level's unless its columns divide theirs; the
 * two merged hold each finer column's least and greatest either way.) */
static int
fine_level(struct enc *e, size_t cols0, const struct level *l0, size_t room,
	   struct level *v)
{
	double per = l0->n ? (double)level_bytes(l0) / (double)l0->n : 1;
	double cols = (double)room / per / 2 + (double)cols0;
	size_t n = hp_model_sample_count(e->m), try, best = 0;

	memset(v, 0, sizeof *v);
	for (try = 0; try < 6; try++) {
		struct level t = { 0 };
		size_t c, cost;

		if (cols * 2 > (double)PAGE_SAMPLES)
			cols = (double)PAGE_SAMPLES / 2;
		if (cols * 2 > (double)n)
			cols = (double)n / 2 + 1;
		c = (size_t)cols;
		if (c < 2 * cols0 || c == best)
			break;
		if (columns_level(e, c, l0, &t)) {
			level_free(&t);
			level_free(v);
			return -1;
		}
		cost = level_bytes(&t);
		if (cost <= room) {
			level_free(v);
			*v = t;
			best = c;
			if ((double)cost > 0.97 * (double)room || 2 * c >= n)
				break;
		} else {
			level_free(&t);
		}
		/* the next try scaled by what this one cost a census */
		cols = (double)cols0 + (cols - (double)cols0) *
		       (double)room * 0.985 / (double)cost;
		if (best && cols <= (double)best)
			break;
	}
	return 0;
}

static void
put_level(struct json_w *w, const hp_model *m, const struct level *v)
{
	size_t i;

	json_object(w);
	json_key(w, "n");
	json_u64(w, v->n);
	json_key(w, "g");
	json_u64(w, v->g);
	json_key(w, "q");
	json_int(w, v->q);
	if (v->q < 0) {
		json_key(w, "times");
		json_array(w);
		for (i = 0; i < v->n; i++)
			json_num(w, hp_model_sample_time(m, v->idx[i]));
		json_end(w);
	}
	json_key(w, "d");
	json_str(w, v->d.s ? v->d.s : "", v->d.len);
	json_end(w);
}

/* Every census, at one level, when it fits: not tried when it cannot
 * (a census costs at least a digit a drawn slot, its index and time) or
 * when the extra slots' values are many times the room (a change costs
 * two digits at least): encoding them would cost more time than the
 * page should. */
static int
all_level(struct enc *e, size_t room, struct level *v, int *fits)
{
	size_t n = hp_model_sample_count(e->m), i, *idx, ent = 0;

	*fits = 0;
	memset(v, 0, sizeof *v);
	if ((double)n * (double)(e->l->nbands + 2) > (double)room)
		return 0;
	for (i = 0; e->nx && i < n; i++) {
		const hp_band *b;
		const uint64_t *x;

		ent += hp_model_sample(e->m, i, &b, &x);
	}
	if (ent > 8 * room)
		return 0;
	if (!(idx = hp_mallocn(n ? n : 1, sizeof *idx)))
		return -1;
	for (i = 0; i < n; i++)
		idx[i] = i;
	if (level_make(e, idx, n, v))
		return -1;
	*fits = level_bytes(v) <= room;
	if (!*fits)
		level_free(v);
	return 0;
}

/* The whole-run level of `cols` columns, or fewer, within cap bytes
 * (PAGE_MIN_COLS at least), into v; *used its columns.  0, or -1 when
 * out of memory. */
static int
coarse_level(struct enc *e, size_t cols, size_t cap, struct level *v,
	     size_t *used)
{
	for (;;) {
		if (columns_level(e, cols, NULL, v))
			return -1;
		if (level_bytes(v) <= cap || cols <= PAGE_MIN_COLS)
			break;
		cols = (size_t)((double)cols * (double)cap * 0.97 /
				(double)level_bytes(v));
		if (cols < PAGE_MIN_COLS)
			cols = PAGE_MIN_COLS;
		level_free(v);
	}
	*used = cols;
	return 0;
}

/* ext[] for the bands merged into OTHER or left out (nbands + j for the
 * j-th of them), *nx their count; NULL when out of memory. */
static int32_t *
extra_slots(const hp_model *m, const struct render_layout *l, size_t *nx)
{
	size_t nb = hp_model_band_count(m), i;
	int32_t *ext = hp_mallocn(nb ? nb : 1, sizeof *ext);

	*nx = 0;
	for (i = 0; ext && i < nb; i++) {
		int32_t s = slot_of(l, (hp_band)i);

		ext[i] = s >= 0 && l->bands[s].band != LAYOUT_OTHER
			 ? -1 : (int32_t)(l->nbands + (*nx)++);
	}
	return ext;
}

static int
enc_init(struct enc *e, const hp_model *m, const struct render_layout *l,
	 const int32_t *ext, size_t nx)
{
	e->m = m;
	e->l = l;
	e->ext = nx ? ext : NULL;
	e->nx = nx;
	e->nslots = l->nbands + nx;
	e->row = hp_callocn(e->nslots + 1, sizeof *e->row);
	e->prev = hp_callocn(e->nslots + 1, sizeof *e->prev);
	return e->row && e->prev ? 0 : -1;
}

static void
enc_free(struct enc *e)
{
	free(e->row);
	free(e->prev);
	e->row = e->prev = NULL;
}

/* The levels within room: every census (with the extra slots when they
 * fit too), else level 0 and, unless single, level 1.  *nlev levels in
 * v[0..1]; *with_x whether they carry the extra slots. */
static int
choose_levels(const hp_model *m, const struct render_layout *l,
	      const int32_t *ext, size_t nx, size_t room, int single,
	      struct level v[2], size_t *nlev, int *with_x)
{
	struct enc e = { 0 };
	size_t cols = LEVEL0_COLS, n = hp_model_sample_count(m);
	int fits = 0, rc = -1;

	*nlev = 0;
	*with_x = 0;
	if (nx && (enc_init(&e, m, l, ext, nx) || all_level(&e, room, &v[0], &fits)))
		goto out;
	if (fits) {
		*nlev = 1;
		*with_x = 1;
		rc = 0;
		goto out;
	}
	enc_free(&e);
	if (enc_init(&e, m, l, NULL, 0) || all_level(&e, room, &v[0], &fits))
		goto out;
	if (fits) {
		*nlev = 1;
		rc = 0;
		goto out;
	}
	/* level 0 within half the room, level 1 in the rest; when the
	 * rest holds no finer level (or the page is served), level 0 alone
	 * in the whole room */
	if (!single) {
		if (coarse_level(&e, LEVEL0_COLS, room / 2, &v[0], &cols))
			goto out;
		if (v[0].n < n && fine_level(&e, cols, &v[0],
					     room - level_bytes(&v[0]), &v[1]))
			goto out;
		if (v[1].n) {
			*nlev = 2;
			rc = 0;
			goto out;
		}
		level_free(&v[0]);
	}
	if (coarse_level(&e, PAGE_SAMPLES / 2, room, &v[0], &cols))
		goto out;
	*nlev = 1;
	rc = 0;
out:
	enc_free(&e);
	return rc;
}

int
page_samples(struct json_w *w, const hp_model *m,
	     const struct render_layout *l, size_t room, int single,
	     struct hp_err *err)
{
	size_t nb = hp_model_band_count(m), nx = 0, nlev = 0, kept = 0, i;
	struct level v[2] = { { 0 }, { 0 } };
	int32_t *ext = extra_slots(m, l, &nx);
	int with_x = 0;

	if (!ext ||
	    choose_levels(m, l, ext, nx, room, single, v, &nlev, &with_x)) {
		level_free(&v[0]);
		level_free(&v[1]);
		free(ext);
		return hp_err_set(err, "out of memory");
	}
	json_key(w, "levels");
	json_array(w);
	for (i = 0; i < nlev; i++) {
		put_level(w, m, &v[i]);
		kept += v[i].n;
	}
	json_end(w);
	json_key(w, "all");
	json_bool(w, kept == hp_model_sample_count(m));
	json_key(w, "of");
	json_u64(w, hp_model_sample_count(m));
	json_key(w, "x");
	json_array(w);
	for (i = 0; with_x && i < nb; i++)
		if (ext[i] >= 0)
			json_u64(w, i);
	json_end(w);
	level_free(&v[0]);
	level_free(&v[1]);
	free(ext);
	return 0;
}
