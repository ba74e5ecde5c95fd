/*
 * hp/eventlog-frame.c - the eventlog's byte stream: the header's event-type
 * list, blocks and events cut into chunks, sizes GHC declares wrong, and
 * damage (a cut file, junk, an event that cannot be: one warning, the
 * sample it happened in, then reading resumes at the next block marker).
 *
 * An eventlog is mostly scheduler and GC events that a heap profile does
 * not need, so the reader is shaped around skipping: every event's size
 * is known from a table the header builds, an event without a handler
 * costs a table lookup and an add, and an event wholly inside the fed
 * chunk is read in place.  Only an event cut by a chunk end is copied (at
 * most 65,547 bytes); an event we skip is never copied at all.  The file
 * layout and the events read are documented in eventlog.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "eventlog-private.h"
#include "grow.h"

#define MARKER_BYTES 24		/* a whole BLOCK_MARKER event */

/*
 * Make the item at the front of the input (need bytes) contiguous: in the
 * chunk itself when it is all there and nothing is pending, else gathered
 * in pend.  1: *out holds need bytes; 0: the chunk ran out (kept); -1: no
 * memory.  pend only ever holds the front of the current item.
 */
static int
gather(struct el *st, const unsigned char **p, size_t *n, size_t need,
       const unsigned char **out)
{
	size_t k;

	if (st->npend == 0 && *n >= need) {
		*out = *p;
		return 1;
	}
	if (st->npend < need) {
		if (need > st->pend_cap && HP_GROW(st->pend, st->pend_cap, need))
			return -1;
		k = need - st->npend < *n ? need - st->npend : *n;
		memcpy(st->pend + st->npend, *p, k);
		st->npend += k;
		st->pos += k;
		*p += k;
		*n -= k;
		if (st->npend < need)
			return 0;
	}
	*out = st->pend;
	return 1;
}

/* The item gathered at q is used up.  pend may hold more than it: the
 * next item's first bytes, gathered to check a size (ipe_size). */
static void
consume(struct el *st, const unsigned char **p, size_t *n,
	const unsigned char *q, size_t need)
{
	if (q == st->pend) {
		st->npend -= need;
		memmove(st->pend, st->pend + need, st->npend);
		st->ahead = st->npend > 0;	/* feed: step on them */
	} else {
		*p += need;
		*n -= need;
		st->pos += need;
	}
}

static void
declare(struct el *st, unsigned num, unsigned size, int *bad)
{
	uint32_t e;

	if (num == T_DATA_END)
		return;		/* cannot occur as an event */
	if (num >= st->nev) {
		/* GHC declares about 200 types: one allocation for them all. */
		if (HP_GROW(st->ev, st->ev_cap, num < 256 ? 256 : (size_t)num + 1)) {
			*bad = 1;
			return;
		}
		memset(st->ev + st->nev, 0, ((size_t)num + 1 - st->nev) * sizeof *st->ev);
		st->nev = (size_t)num + 1;
	}
	e = EV_DECLARED | (size == 0xffff ? EV_VAR : size);
	if (num < EL_NHANDLERS && st->handlers[num])
		e |= EV_READ;
	st->ev[num] = e;
}

/* ---- sizes GHC declares wrong (the rules: beside the handler table in
 * eventlog.c) ---- */

/* GHC 6.x: thread ids declared with 8 bytes are written with 4, and
 * STARTUP declared with 0 bytes is written with its u16. */
static void
ghc6_sizes(struct el *st)
{
	static const unsigned char tid_events[] = { 0, 1, 2, 3, 4, 5, 6, 8, 15 };
	const uint32_t m = EV_DECLARED | EV_VAR | EV_SIZE;
	size_t i;

	if (st->nev <= T_STARTUP || (st->ev[T_CREATE_THREAD] & m) != (EV_DECLARED | 8))
		return;
	for (i = 0; i < sizeof tid_events; i++) {
		uint32_t *e = &st->ev[tid_events[i]];

		if ((*e & (EV_DECLARED | EV_VAR)) == EV_DECLARED && (*e & EV_SIZE) >= 8)
			*e -= 4;
	}
	if ((st->ev[T_STARTUP] & m) == EV_DECLARED)
		st->ev[T_STARTUP] |= 2;
}

/* Could an event start at file offset x of the current block, whose
 * first avail bytes are at q? */
static int
event_start(const struct el *st, uint64_t x, const unsigned char *q, size_t avail)
{
	uint32_t e;
	unsigned t;

	if (x == st->block_end)
		return 1;	/* a marker or the end follows: checked there */
	if (x > st->block_end || avail < 2)
		return 0;
	t = be16(q);
	if (t == T_DATA_END)
		return 1;
	e = t < st->nev ? st->ev[t] : 0;
	return (e & EV_DECLARED) &&
	       st->block_end - x >= (e & EV_VAR ? 12 : 10 + (e & EV_SIZE));
}

/*
 * The size of the IPE event at off, declared *total bytes with its
 * header: one less when GHC's extra byte is recognised (the rule in
 * eventlog.c).  Gathers the event and up to two bytes after it, all
 * inside the block.  1: decided; 0: the chunk ran out (kept); -1: no memory.
 */
static int
ipe_size(struct el *st, const unsigned char **p, size_t *n, uint64_t off,
	 size_t *total)
{
	uint64_t end = off + *total, in_block = st->block_end - off;
	size_t want = *total + 2, fe, k;
	const unsigned char *q, *z;
	int r;

	if (in_block < 20)
		return 1;	/* not even its info pointer fits: damage */
	if (want > in_block)
		want = (size_t)in_block;
	if ((r = gather(st, p, n, want, &q)) <= 0)
		return r;
	/* u64 info pointer, then six strings, each with its NUL */
	for (fe = 20, k = 0; k < 6 && fe < want; k++) {
		z = memchr(q + fe, 0, want - fe);
		if (!z)
			return 1;
		fe = (size_t)(z - q) + 1;
	}
	if (k == 6 && fe + 1 == *total &&
	    !event_start(st, end, q + *total, want > *total ? want - *total : 0) &&
	    event_start(st, off + fe, q + fe, want - fe))
		*total = fe;
	return 1;
}

/* The header is wrong.  The first one is the file: an error.  A later one
 * (after a restart) is damage after complete data. */
static int
bad_header(struct el *st, uint64_t off, const char *what, struct hp_err *err)
{
	if (!st->headers)
		return hp_err_set(err, "%s: byte %llu: %s", st->name,
				  (unsigned long long)off, what);
	el_damage(st, off, what);
	st->phase = P_JUNK;
	st->npend = 0;
	return 0;
}

/* Event-type declarations wholly in the chunk, read in place: a header
 * is 200-odd of them, and a slow step per field would dominate short logs.
 * Anything unusual is left to header_step, which reports it. */
static int
header_fast(struct el *st, const unsigned char **p, size_t *n)
{
	const unsigned char *s = *p, *end = *p + *n;
	int bad = 0;

	while ((size_t)(end - s) >= 20 && !memcmp(s, "etb\0", 4)) {
		size_t left = (size_t)(end - s) - 20, dlen = be32(s + 8), xlen;

		if (dlen > left)
			break;
		xlen = be32(s + 12 + dlen);
		if (xlen > left - dlen || memcmp(s + 16 + dlen + xlen, "ete\0", 4) != 0)
			break;
		declare(st, be16(s + 4), be16(s + 6), &bad);
		if (bad)
			return -1;
		s += 20 + dlen + xlen;
	}
	st->pos += (uint64_t)(s - *p);
	*n -= (size_t)(s - *p);
	*p = s;
	return 0;
}

static int
header_step(struct el *st, const unsigned char **p, size_t *n,
	    struct hp_err *err)
{
	static const unsigned char need[] = {
		[H_HDRB] = 4, [H_HETB] = 4, [H_ET] = 4, [H_ETFIELDS] = 8,
		[H_EXTRA] = 4, [H_ETE] = 4, [H_HDRE] = 4, [H_DATB] = 4
	};
	const unsigned char *q;
	size_t k = need[st->hs];
	int r, bad = 0;
	uint64_t off;

	if (st->hs == H_ET && !st->npend) {
		if (header_fast(st, p, n))
			return el_oom(st, err);
		if (!*n)
			return 0;
	}
	r = gather(st, p, n, k, &q);
	off = st->pos - st->npend;	/* the item's first byte */
	if (r <= 0)
		return r < 0 ? el_oom(st, err) : 0;
	switch (st->hs) {
	case H_HDRB:
		if (memcmp(q, "hdrb", 4) != 0)
			return bad_header(st, off, "not an eventlog (no \"hdrb\" header marker)", err);
		st->hs = H_HETB;
		break;
	case H_HETB:
		if (memcmp(q, "hetb", 4) != 0)
			return bad_header(st, off, "expected the event type list (\"hetb\")", err);
		st->hs = H_ET;
		break;
	case H_ET:
		if (!memcmp(q, "etb\0", 4))
			st->hs = H_ETFIELDS;
		else if (!memcmp(q, "hete", 4))
			st->hs = H_HDRE;
		else
			return bad_header(st, off, "expected an event type (\"etb\") or the end of the list (\"hete\")", err);
		break;
	case H_ETFIELDS:
		declare(st, be16(q), be16(q + 2), &bad);
		if (bad)
			return el_oom(st, err);
		st->skip = be32(q + 4);		/* the description */
		st->hs = H_EXTRA;
		break;
	case H_EXTRA:
		st->skip = be32(q);
		st->hs = H_ETE;
		break;
	case H_ETE:
		if (memcmp(q, "ete\0", 4) != 0)
			return bad_header(st, off, "expected the end of an event type (\"ete\")", err);
		st->hs = H_ET;
		break;
	case H_HDRE:
		if (memcmp(q, "hdre", 4) != 0)
			return bad_header(st, off, "expected the end of the header (\"hdre\")", err);
		st->hs = H_DATB;
		break;
	case H_DATB:
		if (memcmp(q, "datb", 4) != 0)
			return bad_header(st, off, "expected the start of the data (\"datb\")", err);
		st->phase = P_DATA;
		if (!st->headers++ &&
		    (el_set_field(st, K_NONE, HP_SAMPLE_UNIT, "seconds", 7, off, err) ||
		     el_set_field(st, K_NONE, HP_VALUE_UNIT, "bytes", 5, off, err)))
			return -1;
		st->block_end = NO_BLOCK;
		st->has_end = T_HEAP_PROF_SAMPLE_END < st->nev &&
			      (st->ev[T_HEAP_PROF_SAMPLE_END] & EV_DECLARED);
		st->p.has_tk_begin = T_TICKY_COUNTER_BEGIN_SAMPLE < st->nev &&
			(st->ev[T_TICKY_COUNTER_BEGIN_SAMPLE] & EV_DECLARED);
		ghc6_sizes(st);
		break;
	}
	consume(st, p, n, q, k);
	return 0;
}

/* Could the 24 bytes at q be a block marker? */
static int
plausible_marker(const struct el *st, const unsigned char *q)
{
	uint32_t e, size;
	unsigned cap;

	if (be16(q) != T_BLOCK_MARKER || T_BLOCK_MARKER >= st->nev)
		return 0;
	e = st->ev[T_BLOCK_MARKER];
	if (!(e & EV_DECLARED) || (e & EV_VAR) || (e & EV_SIZE) < 14)
		return 0;
	size = be32(q + 10);
	cap = be16(q + 22);
	return size >= 10 + (e & EV_SIZE) && size <= 1u << 30 &&
	       be64(q + 14) >= be64(q + 2) && (cap < 4096 || cap == 0xffff);
}

/* An event that cannot be: warn once, drop the sample it was in (its rest
 * is lost), and resume at the end of its block, or scan for a marker. */
static int
corrupt(struct el *st, uint64_t off, const char *what)
{
	char msg[200];

	snprintf(msg, sizeof msg, "corrupt eventlog (%s); skipping to the next block",
		 what);
	el_damage(st, off, msg);
	el_abort_open(st);
	if (st->block_end != NO_BLOCK && st->block_end > off &&
	    st->block_end - off <= (uint64_t)1 << 31) {
		if (st->block_end >= st->pos) {
			st->skip = st->block_end - st->pos;
			st->npend = 0;
		} else {
			/* Bytes past the block end are already pending. */
			size_t k = (size_t)(st->block_end - off);

			memmove(st->pend, st->pend + k, st->npend - k);
			st->npend -= k;
		}
		st->phase = P_CHECK;
	} else {
		/* Look for a marker from the byte after the bad one. */
		if (st->npend) {
			memmove(st->pend, st->pend + 1, st->npend - 1);
			st->npend--;
		} else {
			st->skip = 1;
		}
		st->phase = P_SCAN;
	}
	st->block_end = NO_BLOCK;
	return 0;
}

/* Skip, in place, every event we do not read that lies wholly in the
 * chunk and in its block: the hot loop. */
static void
fast_skip(struct el *st, const unsigned char **pp, size_t *np)
{
	const unsigned char *p = *pp, *s = p, *end = p + *np;
	const uint32_t *ev = st->ev;
	size_t nev = st->nev;
	uint64_t room = st->block_end - st->pos;

	/* Byte reads written out: this loop must be fast unoptimised too. */
	while (end - s >= 12) {
		unsigned t = (unsigned)s[0] << 8 | s[1];
		uint32_t e = t < nev ? ev[t] : 0;
		size_t total;

		if ((e & (EV_DECLARED | EV_READ)) != EV_DECLARED)
			break;
		total = e & EV_VAR ? 12 + ((size_t)s[10] << 8 | s[11])
				   : 10 + (e & EV_SIZE);
		if (total > (size_t)(end - s) || total > room)
			break;
		s += total;
		room -= total;
	}
	st->pos += (uint64_t)(s - p);
	*pp = s;
	*np = (size_t)(end - s);
}

/* A new log's "hdrb" at q: the program restarted its eventlog into the
 * same stream (endEventLogging and startEventLogging, or a forked
 * child's restartEventLogging, rts/eventlog/EventLog.c): its header is
 * read and its samples go on into the same profile.  No damage. */
static void
restart(struct el *st, const unsigned char **p, size_t *n,
	const unsigned char *q)
{
	consume(st, p, n, q, 4);
	st->phase = P_HEADER;
	st->hs = H_HETB;
	st->nev = 0;
	st->restarted = 1;
	st->p.col = -1;		/* the clock starts again */
}

static int
data_end(struct el *st, uint64_t off, struct hp_err *err)
{
	int r = st->close_at_end(st, off, 0, err);

	if (r < 0)
		return -1;
	if (r)
		el_damage(st, off, "the data ends inside a sample; dropped that sample");
	st->phase = P_ENDED;
	st->block_end = NO_BLOCK;
	return 0;
}

static int
data_step(struct el *st, const unsigned char **p, size_t *n, struct hp_err *err)
{
	struct ev ev;
	const unsigned char *q;
	uint64_t off;
	size_t total;
	uint32_t e;
	unsigned t;
	int r;

	if (!st->npend) {
		fast_skip(st, p, n);
		if (!*n)
			return 0;
	}
	if ((r = gather(st, p, n, 2, &q)) <= 0)
		return r < 0 ? el_oom(st, err) : 0;
	off = st->pos - st->npend;
	t = be16(q);
	e = t < st->nev ? st->ev[t] : 0;
	if (!(e & EV_DECLARED)) {
		char what[64];

		if (t == T_DATA_END) {
			consume(st, p, n, q, 2);
			return data_end(st, off, err);
		}
		/* A new header where an event would start (after a block
		 * marker that wraps it, or none): the log restarted without
		 * its end marker, as a forked child's restartEventLogging
		 * does; ended as by DATA_END, then read on. */
		if (t == ((unsigned)'h' << 8 | 'd')) {
			if ((r = gather(st, p, n, 4, &q)) <= 0)
				return r < 0 ? el_oom(st, err) : 0;
			if (memcmp(q, "hdrb", 4) == 0) {
				if (data_end(st, off, err))
					return -1;
				restart(st, p, n, q);
				return 0;
			}
		}
		snprintf(what, sizeof what, "undeclared event type %u", t);
		return corrupt(st, off, what);
	}
	if (e & EV_VAR) {
		if ((r = gather(st, p, n, 12, &q)) <= 0)
			return r < 0 ? el_oom(st, err) : 0;
		total = 12 + be16(q + 10);
	} else {
		total = 10 + (e & EV_SIZE);
	}
	if (off == st->block_end)
		st->block_end = NO_BLOCK;	/* left the block: a marker follows */
	if (t == T_IPE && (e & EV_VAR) && st->block_end != NO_BLOCK &&
	    (r = ipe_size(st, p, n, off, &total)) <= 0)
		return r < 0 ? el_oom(st, err) : 0;
	if (off + total > st->block_end) {
		char what[96];

		snprintf(what, sizeof what, "event type %u of %zu bytes runs past its block",
			 t, total);
		return corrupt(st, off, what);
	}
	if (!(e & EV_READ)) {
		st->skip = total - st->npend;
		st->npend = 0;
		return 0;
	}
	if ((r = gather(st, p, n, total, &q)) <= 0)
		return r < 0 ? el_oom(st, err) : 0;
	consume(st, p, n, q, total);
	ev.t = t;
	ev.ns = be64(q + 2);
	ev.off = off;
	ev.total = total;
	ev.c.p = q + (e & EV_VAR ? 12 : 10);
	ev.c.end = q + total;
	return st->handlers[t](st, &ev, err);
}

/* After a jump to a block end: a marker (or the end) must be there. */
static int
check_step(struct el *st, const unsigned char **p, size_t *n, struct hp_err *err)
{
	const unsigned char *q;
	int r;

	if ((r = gather(st, p, n, 2, &q)) <= 0)
		return r < 0 ? el_oom(st, err) : 0;
	if (be16(q) == T_DATA_END) {
		st->phase = P_DATA;
		return 0;
	}
	if (be16(q) == T_BLOCK_MARKER) {
		if ((r = gather(st, p, n, MARKER_BYTES, &q)) <= 0)
			return r < 0 ? el_oom(st, err) : 0;
		if (plausible_marker(st, q)) {
			st->phase = P_DATA;
			return 0;
		}
	}
	st->phase = P_SCAN;
	return 0;
}

static int
scan_step(struct el *st, const unsigned char **pp, size_t *np,
	  struct hp_err *err)
{
	const unsigned char *p = *pp;
	size_t n = *np, i, keep;

	if (st->npend) {
		/* Candidates starting in pend (< 2 markers of bytes) run
		 * on into the chunk. */
		unsigned char w[2 * MARKER_BYTES];
		size_t np0 = st->npend, k = n < MARKER_BYTES ? n : MARKER_BYTES;
		size_t len = np0 + k;

		memcpy(w, st->pend, np0);
		memcpy(w + np0, p, k);
		for (i = 0; i < np0 && i + MARKER_BYTES <= len; i++) {
			if (plausible_marker(st, w + i)) {
				memmove(st->pend, st->pend + i, np0 - i);
				st->npend = np0 - i;
				st->phase = P_DATA;
				return 0;
			}
		}
		if (i < np0) {
			/* The chunk is too short to decide (so k == n). */
			if (len - i > st->pend_cap &&
			    HP_GROW(st->pend, st->pend_cap, len - i))
				return el_oom(st, err);
			memcpy(st->pend, w + i, len - i);
			st->npend = len - i;
			st->pos += n;
			*pp += n;
			*np = 0;
			return 0;
		}
		st->npend = 0;
	}
	for (i = 0; i + MARKER_BYTES <= n; i++) {
		if (p[i] == 0 && p[i + 1] == T_BLOCK_MARKER &&
		    plausible_marker(st, p + i)) {
			st->pos += i;
			*pp += i;
			*np -= i;
			st->phase = P_DATA;
			return 0;
		}
	}
	keep = n < MARKER_BYTES - 1 ? n : MARKER_BYTES - 1;
	if (keep > st->pend_cap && HP_GROW(st->pend, st->pend_cap, MARKER_BYTES))
		return el_oom(st, err);
	memcpy(st->pend, p + n - keep, keep);
	st->npend = keep;
	st->pos += n;
	*pp += n;
	*np = 0;
	return 0;
}

/* After DATA_END: the input may end, or start a new log. */
static int
ended_step(struct el *st, const unsigned char **p, size_t *n, struct hp_err *err)
{
	const unsigned char *q;
	uint64_t off = st->pos - st->npend;
	int r;

	if ((r = gather(st, p, n, 4, &q)) <= 0)
		return r < 0 ? el_oom(st, err) : 0;
	if (memcmp(q, "hdrb", 4) == 0) {
		restart(st, p, n, q);
		return 0;
	}
	/* GHC 9.0 (and the releases before startEventLogging dropped it)
	 * writes the new header after the block marker its global buffer
	 * opened when the end marker was flushed, the marker's block
	 * wrapping the header (tests/data/restart): skipped. */
	if (be16(q) == T_BLOCK_MARKER) {
		if ((r = gather(st, p, n, MARKER_BYTES + 4, &q)) <= 0)
			return r < 0 ? el_oom(st, err) : 0;
		if (plausible_marker(st, q) &&
		    memcmp(q + MARKER_BYTES, "hdrb", 4) == 0) {
			consume(st, p, n, q, MARKER_BYTES);
			return 0;
		}
	}
	el_damage(st, off, "data after the end of the eventlog ignored");
	st->phase = P_JUNK;
	st->npend = 0;
	return 0;
}

int
el_feed(void *vst, const unsigned char *p, size_t n, struct hp_err *err)
{
	struct el *st = vst;
	int r = 0;

	while ((n || st->ahead) && !r) {
		st->ahead = 0;
		if (st->skip) {
			size_t k = st->skip < n ? (size_t)st->skip : n;

			p += k;
			n -= k;
			st->pos += k;
			st->skip -= k;
			continue;
		}
		switch (st->phase) {
		case P_HEADER:
			r = header_step(st, &p, &n, err);
			break;
		case P_DATA:
			r = data_step(st, &p, &n, err);
			break;
		case P_CHECK:
			r = check_step(st, &p, &n, err);
			break;
		case P_SCAN:
			r = scan_step(st, &p, &n, err);
			break;
		case P_ENDED:
			r = ended_step(st, &p, &n, err);
			break;
		case P_JUNK:
			st->pos += n;
			n = 0;
			break;
		}
	}
	return r;
}

int
el_finish(void *vst, struct hp_err *err)
{
	struct el *st = vst;
	int cut = st->npend || st->skip, r;

	if (!st->headers)
		return hp_err_set(err, "%s: byte %llu: %s", st->name,
				  (unsigned long long)st->pos,
				  st->pos ? "the eventlog header is cut short"
					  : "empty input");
	switch (st->phase) {
	case P_HEADER:
		el_damage(st, st->pos, "a second eventlog header is cut short");
		break;
	case P_DATA:
		if ((r = st->close_at_end(st, st->pos, 1, err)) < 0)
			return -1;
		el_damage(st, st->pos,
		       r ? (cut ? "the eventlog is cut short inside an event; dropped the unfinished last sample"
				: "the eventlog ends without its end marker; dropped the unfinished last sample")
			 : (cut ? "the eventlog is cut short inside an event"
				: "the eventlog ends without its end marker"));
		break;
	case P_CHECK:
	case P_SCAN:
		break;		/* damage already reported */
	case P_ENDED:
		if (st->npend)
			el_damage(st, st->pos - st->npend,
			       "data after the end of the eventlog ignored");
		break;
	case P_JUNK:
		break;
	}
	if (el_ticky_finish(st, err))
		return -1;
	return st->run_end(st, st->phase == P_ENDED, err);
}
