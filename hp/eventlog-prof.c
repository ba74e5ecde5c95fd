/*
 * hp/eventlog-prof.c - the eventlog's profiling samples: time (167/168) and
 * ticky counters (210-212); this file owns struct el_prof.
 *
 * Besides heap censuses an eventlog may hold two more profiles, each
 * read into a model of its own (eventlog-model.c; +RTS -hc -p -l writes
 * a heap and a time profile; payloads: eventlog.c).
 *
 * Time samples: one per capability per tick, charged to the innermost
 * cost centre's label (a CAF as "Module.CAF") or, by stack, to the
 * stack named as -hc names it.  Ticks are counted in columns of k ticks
 * (k the whole number of ticks nearest TIME_COLUMN_NS, at least 1) by
 * their event time; a column is one model sample at its middle, and the
 * scale 1 / k makes the drawn value CPU seconds per second.  Columns
 * with no tick between two that have some are empty samples, so the
 * graph falls to zero there.
 *
 * A column holds at most k ticks of each capability (the RTS posts one
 * sample per capability per tick, rts/Proftimer.c handleProfTick): an
 * event's time is when the tick was handled, not when it fell, and the
 * ticker's jitter put 51 ticks of 1 ms into a 50 ms column of a
 * one-capability GHC 9.6 run (1.02 CPU).  A tick that finds its column
 * full goes in the next one, where its own time (the ticks before it)
 * puts it; the capabilities are those the samples have named so far.
 *
 * Ticky samples: a 212 opens a sample, its 211s follow.  Logs written
 * before 212 existed have none: there a counter seen twice, or a 211
 * more than TICKY_BURST after the previous one, starts the next sample
 * (the RTS posts a sample's counters in one burst).  The value is the
 * chosen measure's count since the counter's last sample, which the
 * model draws as a rate over the interval since the previous sample
 * (the first: since the start; model.h), so the area is the count.  A
 * counter sampled before its definition is the band "<ticky ID>" until
 * defined (GHC defines counters at exit), then takes the counter's name;
 * every counter's label is its readable name (hp_ticky_readable).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eventlog-private.h"
#include "grow.h"
#include "ticky.h"

#define TIME_COLUMN_NS 50000000	/* 50 ms, in whole ticks */
#define TICKY_BURST 1000000	/* ns */

/* "time by cost centre (stack), 239 ticks of 1 ms" */
static int
time_title(struct el *st, uint64_t off, struct hp_err *err)
{
	char s[160];
	double ms = (double)st->p.interval / 1e6;
	int n = snprintf(s, sizeof s, "CPU time by cost-centre %s, %llu tick%s of %g ms",
			 st->opts.by_stack ? "stack" : "(innermost)",
			 (unsigned long long)st->p.ticks, st->p.ticks == 1 ? "" : "s", ms);

	return el_set_field(st, K_TIME, HP_BREAKDOWN, s, (size_t)n, off, err);
}

/* Commit the open column.  The title is set again at the end and at
 * every power-of-two column: a title per column would cost memory in
 * proportion to the profile. */
int
el_time_close(struct el *st, uint64_t off, int last, struct hp_err *err)
{
	if (st->out[K_TIME].open) {
		if (el_sample_commit(st, K_TIME, off, err))
			return -1;
		st->p.ncols++;
	}
	return last || !(st->p.ncols & (st->p.ncols - 1)) ? time_title(st, off, err) : 0;
}

/* The band a time sample is charged to; -1 when out of memory. */
static int64_t
time_band(struct el *st, unsigned depth, const unsigned char *ids,
	  uint64_t off, struct hp_err *err)
{
	size_t len, flen = 0, before;
	unsigned k;
	int64_t known;
	uint64_t h = 0;
	hp_band b;
	char *frames;
	hp_model *m = st->out[K_TIME].m;

	if (!st->opts.by_stack && depth > 0) {
		known = hp_index_get(&st->p.ccband, be32(ids));
		if (known >= 0)
			return known;
		depth = 1;
	} else {
		h = el_stack_hash(depth, ids);
		known = el_stacks_get(&st->p.stacks, depth, ids, h);
		if (known >= 0)
			return known;
	}
	if (el_stack_label(st, depth, ids, &len, off))
		return el_oom(st, err);
	before = hp_model_band_count(m);
	if (hp_model_intern(m, st->buf, len, &b, merr(st)))
		return el_model_fail(st, off, err);
	if (st->opts.by_stack || depth == 0)
		el_stacks_put(&st->p.stacks, depth, ids, h, b);
	else if (hp_index_put(&st->p.ccband, be32(ids), b))
		return el_oom(st, err);
	if (b < before)
		return b;
	/* Its frames, outermost first, for flame-graph outputs. */
	len = 0;
	for (k = depth; k-- > 0;) {
		const struct cc *p = el_cc_find(st, be32(ids + (size_t)4 * k));
		size_t l0 = len;

		if (len > MAX_LABEL)
			break;
		if (p && el_buf_put(st, &len, st->h.ccstr + p->at, p->label_len))
			return el_oom(st, err);
		if (p && p->label_len == 3 && !memcmp(st->h.ccstr + p->at, "CAF", 3)) {
			len = l0;
			if (el_buf_put(st, &len, st->h.ccstr + p->at + p->module, p->module_len) ||
			    el_buf_put(st, &len, ".CAF", 4))
				return el_oom(st, err);
		} else if (!p) {
			char s[24];
			int n = snprintf(s, sizeof s, "<cc %lu>",
					 (unsigned long)be32(ids + (size_t)4 * k));

			if (el_buf_put(st, &len, s, (size_t)n))
				return el_oom(st, err);
		}
		if (el_buf_room(st, len + 2))
			return el_oom(st, err);
		st->buf[len++] = '\0';
	}
	if (depth == 0 && el_buf_put(st, &len, "MAIN", 5))
		return el_oom(st, err);
	frames = st->buf;
	flen = len;
	if (hp_model_band_set_stack(m, b, frames, flen, merr(st)))
		return el_model_fail(st, off, err);
	return b;
}

int
el_prof_begin(struct el *st, struct ev *e, struct hp_err *err)
{
	uint64_t iv, off = e->off;

	if (get_u64(&e->c, &iv) || iv == 0 || iv > (uint64_t)1 << 40)
		return 0;
	if (el_claim(st, K_TIME, off, err) < 0)
		return -1;
	if (!st->p.interval) {
		hp_model *m = st->out[K_TIME].m;

		st->p.interval = iv;
		st->p.colticks = (TIME_COLUMN_NS + iv / 2) / iv;
		if (st->p.colticks == 0)
			st->p.colticks = 1;
		if (el_set_field(st, K_TIME, HP_VALUE_UNIT, "CPU seconds per second", 22, off, err))
			return -1;
		hp_model_set_scale(m, 1.0 / (double)st->p.colticks);
		hp_model_set_tick(m, (double)iv / 1e9);
		if (el_set_interval(st, K_TIME, iv, off, err))
			return -1;
		return time_title(st, off, err);
	}
	return 0;
}

int
el_prof_sample(struct el *st, struct ev *e, struct hp_err *err)
{
	struct cur *c = &e->c;
	uint64_t tick, width, ns = e->ns, off = e->off;
	uint32_t cap;
	unsigned depth;
	int64_t col, b;

	if (!st->p.interval)
		return 0;	/* no PROF_BEGIN: the tick is unknown */
	if (get_u32(c, &cap) || get_u64(c, &tick) || get_u8(c, &depth))
		return 0;
	if (depth > (unsigned)((c->end - c->p) / 4))
		depth = (unsigned)((c->end - c->p) / 4);
	width = st->p.interval * st->p.colticks;
	col = (int64_t)(ns / width);
	if ((uint64_t)cap >= st->p.ncap)
		st->p.ncap = (uint64_t)cap + 1;
	/* the open column full: the tick is later than its event says */
	if (col <= st->p.col && st->out[K_TIME].open &&
	    st->p.colfill >= st->p.colticks * st->p.ncap)
		col = st->p.col + 1;
	if (col > st->p.col) {
		int64_t prev = st->p.col;

		if (st->p.col >= 0 && el_time_close(st, off, 0, err))
			return -1;
		/* Empty columns between two with ticks: down to zero. */
		if (prev >= 0 && col > prev + 1) {
			if (el_sample_begin_at(st, K_TIME, ((double)(prev + 1) + 0.5) * (double)width / 1e9 + st->tbase, off, err) ||
			    el_sample_commit(st, K_TIME, off, err))
				return -1;
			if (col > prev + 2 &&
			    (el_sample_begin_at(st, K_TIME, ((double)(col - 1) + 0.5) * (double)width / 1e9 + st->tbase, off, err) ||
			     el_sample_commit(st, K_TIME, off, err)))
				return -1;
		}
		if (el_sample_begin_at(st, K_TIME, ((double)col + 0.5) * (double)width / 1e9 + st->tbase, off, err))
			return -1;
		st->p.col = col;
		st->p.colfill = 0;
	} else if (!st->out[K_TIME].open) {
		/* After damage dropped the column: open it again. */
		if (el_sample_begin_at(st, K_TIME, st->out[K_TIME].last_t, off, err))
			return -1;
		st->p.colfill = 0;
	}
	/* An earlier column (a capability's block flushed late) is
	 * counted in the open one. */
	if ((b = time_band(st, depth, c->p, off, err)) < 0)
		return -1;
	st->p.ticks++;
	st->p.colfill++;
	if (hp_model_add(st->out[K_TIME].m, (hp_band)b, 1, merr(st)))
		return el_model_fail(st, off, err);
	return 0;
}

static struct tk *
tk_find(struct el *st, uint64_t id, int add)
{
	int64_t i = hp_index_get(&st->p.tkmap, id);

	if (i >= 0)
		return &st->p.tk[i];
	if (!add || st->p.ntk >= UINT32_MAX - 1 ||
	    HP_GROW(st->p.tk, st->p.tk_cap, st->p.ntk + 1) ||
	    hp_index_put(&st->p.tkmap, id, (uint32_t)st->p.ntk))
		return NULL;
	memset(&st->p.tk[st->p.ntk], 0, sizeof *st->p.tk);
	return &st->p.tk[st->p.ntk++];
}

/* A new ticky sample. */
static int
ticky_begin(struct el *st, uint64_t ns, uint64_t off, struct hp_err *err)
{
	st->p.tk_gen++;
	return el_sample_begin(st, K_TICKY, ns, off, err);
}

/* The ticky profile's model, made and titled at its first event:
 * 0, or -1 on error. */
static int
ticky_claim(struct el *st, uint64_t off, struct hp_err *err)
{
	int first = el_claim(st, K_TICKY, off, err);

	if (first < 0)
		return -1;
	if (first) {
		static const char *const unit[] = {
			[HP_MEASURE_ALLOC] = "bytes per second",
			[HP_MEASURE_ENTRIES] = "entries per second",
			[HP_MEASURE_ALLOCD] = "bytes per second",
		};
		static const char *const by[] = {
			[HP_MEASURE_ALLOC] = "ticky counters: allocation by each",
			[HP_MEASURE_ENTRIES] = "ticky counters: entries",
			[HP_MEASURE_ALLOCD] = "ticky counters: allocation of each (allocd)",
		};
		enum hp_measure mm = st->opts.measure;

		hp_model_set_measure(st->out[K_TICKY].m, mm);
		if (el_set_field(st, K_TICKY, HP_VALUE_UNIT, unit[mm], strlen(unit[mm]), off, err) ||
		    el_set_field(st, K_TICKY, HP_BREAKDOWN, by[mm], strlen(by[mm]), off, err))
			return -1;
	}
	return 0;
}

int
el_ticky_begin_sample(struct el *st, struct ev *e, struct hp_err *err)
{
	if (ticky_claim(st, e->off, err))
		return -1;
	if (st->out[K_TICKY].open) {
		if (el_sample_commit(st, K_TICKY, e->off, err))
			return -1;
	}
	return ticky_begin(st, e->ns, e->off, err);
}

/* A ticky event's counter id, first in both of its events: 1 read,
 * 0 an event cut short (ignored), -1 error. */
static int
ticky_id(struct el *st, struct ev *e, uint64_t *id, struct hp_err *err)
{
	if (ticky_claim(st, e->off, err))
		return -1;
	return get_u64(&e->c, id) ? 0 : 1;
}

int
el_ticky_def(struct el *st, struct ev *e, struct hp_err *err)
{
	struct cur *c = &e->c;
	uint64_t id, off = e->off;
	const char *kinds, *name, *json = NULL;
	size_t klen, nlen, jlen = 0;
	unsigned a0, a1;
	struct tk *k;
	struct hp_ticky_row row;
	int r = ticky_id(st, e, &id, err);
	hp_model *m = st->out[K_TICKY].m;

	if (r <= 0)
		return r;
	if (get_u8(c, &a0) || get_u8(c, &a1))
		return 0;
	memset(&row, 0, sizeof row);
	row.arity = (uint64_t)a0 << 8 | a1;
	get_str(c, &kinds, &klen);
	get_str(c, &name, &nlen);
	/* GHC 9.4 on: the info table, GHC 9.6 on: the JSON after it */
	if (!get_u64(c, &row.info) && c->p < c->end)
		get_str(c, &json, &jlen);
	hp_ticky_kinds(kinds, klen, json, jlen, &row);
	if (!(k = tk_find(st, id, 1)))
		return el_oom(st, err);
	if (k->has_band && k->defined)
		return 0;
	if (!k->has_band) {
		if (hp_model_intern(m, name, nlen, &k->band, merr(st)))
			return el_model_fail(st, off, err);
		k->has_band = 1;
	} else if (hp_model_band_rename(m, k->band, name, nlen,
					merr(st)) < 0) {
		/* sampled before its definition (GHC defines counters
		 * at exit): "<ticky ID>" takes the counter's name, so
		 * every output names it (a name another band has
		 * already leaves it "<ticky ID>") */
		return el_model_fail(st, off, err);
	}
	k->defined = 1;
	if (hp_model_band_set_ticky(m, k->band, &row, merr(st)))
		return el_model_fail(st, off, err);
	/* The key shows the readable name ("Main.go in f"); a band
	 * sampled before its definition is named by it this way. */
	{
		char rd[512];
		size_t n = hp_ticky_readable(name, nlen, rd, sizeof rd);
		size_t blen;
		const char *bn = hp_model_band_name(m, k->band, &blen);

		if (n > sizeof rd) {
			rd[0] = '\0';
			n = 0;
		}
		if (!n || (n == blen && !memcmp(rd, bn, n))) {
			if (blen == nlen && !memcmp(bn, name, nlen))
				return 0;
			memcpy(rd, name, nlen < sizeof rd ? nlen : sizeof rd);
			n = nlen < sizeof rd ? nlen : sizeof rd;
		}
		if (hp_model_band_set_label(m, k->band, rd, n, merr(st)))
			return el_model_fail(st, off, err);
	}
	return 0;
}

int
el_ticky_sample(struct el *st, struct ev *e, struct hp_err *err)
{
	struct cur *c = &e->c;
	uint64_t id, v[3], ns = e->ns, off = e->off;
	struct tk *k;
	int r = ticky_id(st, e, &id, err), i;
	hp_model *m = st->out[K_TICKY].m;

	if (r <= 0)
		return r;
	if (get_u64(c, &v[0]) || get_u64(c, &v[1]) || get_u64(c, &v[2]))
		return 0;
	if (!(k = tk_find(st, id, 1)))
		return el_oom(st, err);
	if (!k->has_band) {
		char s[32];
		int n = snprintf(s, sizeof s, "<ticky %llu>", (unsigned long long)id);

		if (hp_model_intern(m, s, (size_t)n, &k->band, merr(st)))
			return el_model_fail(st, off, err);
		k->has_band = 1;
	}
	if (!st->out[K_TICKY].open || (!st->p.has_tk_begin &&
			  (k->gen == st->p.tk_gen || ns > st->p.tk_last_ns + TICKY_BURST))) {
		if (st->out[K_TICKY].open) {
			if (el_sample_commit(st, K_TICKY, off, err))
				return -1;
		}
		if (ticky_begin(st, ns, off, err))
			return -1;
	}
	if (k->gen != st->p.tk_gen)
		memset(k->open, 0, sizeof k->open);
	k->gen = st->p.tk_gen;
	st->p.tk_last_ns = ns;
	for (i = 0; i < 3; i++) {	/* stopping at 2^64-1 */
		k->sum[i] = k->sum[i] > UINT64_MAX - v[i] ? UINT64_MAX : k->sum[i] + v[i];
		k->open[i] = k->open[i] > UINT64_MAX - v[i] ? UINT64_MAX : k->open[i] + v[i];
	}
	/* the count itself, since the counter's last sample: the model
	 * draws it as a rate over its interval (model.h), exactly */
	if (hp_model_add(m, k->band,
			 v[st->opts.measure == HP_MEASURE_ENTRIES ? 0
			   : st->opts.measure == HP_MEASURE_ALLOCD ? 2 : 1],
			 merr(st)))
		return el_model_fail(st, off, err);
	return 0;
}

void
el_ticky_drop_open(struct el *st)
{
	size_t i, j;

	for (i = 0; i < st->p.ntk; i++) {
		struct tk *k = &st->p.tk[i];

		if (k->gen != st->p.tk_gen)
			continue;
		for (j = 0; j < 3; j++)
			k->sum[j] -= k->sum[j] >= k->open[j] ? k->open[j] : k->sum[j];
		memset(k->open, 0, sizeof k->open);
	}
}

/* Every counter's row: its sums, what its definition said (a counter
 * never defined has a row of sums alone), and its info table's
 * provenance when the log has an IPE event for it (-finfo-table-map). */
int
el_ticky_finish(struct el *st, struct hp_err *err)
{
	hp_model *m = st->out[K_TICKY].m;
	size_t i;

	if (!m)
		return 0;
	for (i = 0; i < st->p.ntk; i++) {
		const struct tk *k = &st->p.tk[i];
		const struct hp_ticky_row *old;
		struct hp_ticky_row row;
		int64_t at;

		if (!k->has_band)
			continue;
		old = hp_model_band_ticky(m, k->band);
		if (old) {
			row = *old;
		} else {
			memset(&row, 0, sizeof row);
			row.undefined = 1;
		}
		row.entries = k->sum[0];
		row.alloc = k->sum[1];
		row.allocd = k->sum[2];
		if (hp_model_band_set_ticky(m, k->band, &row, merr(st)))
			return el_model_fail(st, st->pos, err);
		if (row.info && (at = hp_index_get(&st->h.ipemap, row.info)) >= 0 &&
		    hp_model_band_set_ipe(m, k->band, &st->h.ipe[at], merr(st)))
			return el_model_fail(st, st->pos, err);
	}
	return 0;
}

void
el_prof_free(struct el_prof *p)
{
	hp_index_free(&p->ccband);
	hp_index_free(&p->tkmap);
	el_stacks_free(&p->stacks);
	free(p->tk);
}
