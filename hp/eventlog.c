/*
 * hp/eventlog.c - GHC eventlogs into the model, streaming: the entry
 * points, the format, and the one table of the events read (an event is
 * read if and only if it has a row; a new GHC event is one row).  Also
 * how the log's end closes a sample, and the run's facts (JOB, DATE,
 * marks).  The byte stream is in eventlog-frame.c, heap events in
 * eventlog-heap.c, time and ticky samples in eventlog-prof.c, what they
 * all call (the model's samples, messages) in eventlog-model.c, their
 * state and the order they call each other in eventlog-private.h.
 *
 * Memory is what the model needs plus the cost-centre and IPE tables,
 * never the file.  Damage (a cut file, junk, an event that cannot be)
 * costs one warning and the sample it happened in; reading resumes at the
 * next block marker.  Only a file whose header cannot be read is an error.
 *
 * FILE LAYOUT (big-endian throughout)
 *
 *     "hdrb" "hetb" event-type* "hete" "hdre" "datb" event* ff ff
 *
 * The whole log may repeat after its ff ff (an eventlog stopped and
 * restarted into the same stream); it continues the same profile.  GHC
 * 9.0's RTS puts a block marker between the ff ff and the new "hdrb" (its
 * block holds the header), and a forked child's restartEventLogging
 * writes the new header with no ff ff before it: both are a restart too
 * (eventlog-frame.c), no damage (tests/data/restart).
 *
 * An event type declares a number and the size of its payload:
 *
 *     OFFSET   SIZE  DESCRIPTION
 *        0       4   "etb\0"
 *        4       2   event type number
 *        6       2   payload size in bytes; 0xffff: variable, see below
 *        8       4   D, length of the description
 *       12       D   description (free text, differs between GHCs: unused)
 *     12+D       4   X, length of extra data (0 so far; skipped)
 *     16+D       X   extra data
 *   16+D+X       4   "ete\0"
 *
 * An event:
 *
 *     OFFSET   SIZE  DESCRIPTION
 *        0       2   type; 0xffff here is DATA_END, the end of the data
 *        2       8   timestamp: nanoseconds since the RTS started
 *       10       2   L, payload length (variable-size types only)
 *    10|12     S|L   payload (S = the declared size)
 *
 * A type the header did not declare is corruption.  Payloads are read
 * only within their size: missing trailing fields default, extra ones
 * are ignored.  Strings end at a NUL or at the payload end.
 *
 * Events are grouped in blocks, each opened by a BLOCK_MARKER whose size
 * counts from the marker's first byte; since GHC 9.2 the last block also
 * holds the ff ff.  Blocks come per capability and are flushed
 * independently, so file order is not time order, but all heap-profile
 * events (160-169) are in the one global block stream, in order.
 *
 * Payloads read here (each a row of handlers, below):
 *
 *    TYPE  NAME                  PAYLOAD
 *      18  BLOCK_MARKER          u32 block size, u64 end time, u16 cap
 *      29  RTS_IDENTIFIER        u32 capset, bytes "GHC-9.0.2 rts_p"
 *      30  PROGRAM_ARGS          u32 capset, each argument then NUL
 *                                (argv[0], program args, +RTS ... -RTS)
 *      17  STARTUP               u16 capabilities (GHC 7.4 and before)
 *      43  WALL_CLOCK_TIME       u32 capset, u64 unix seconds, u32 ns
 *      45  CAP_CREATE            u16 capability
 *      49  HEAP_ALLOCATED        u32 capset, u64 bytes allocated so far
 *      50  HEAP_SIZE             u32 capset, u64 bytes
 *      51  HEAP_LIVE             u32 capset, u64 bytes
 *      91  BLOCKS_SIZE           u32 capset, u64 bytes
 *      58  USER_MARKER           bytes (no NUL)
 *     160  HEAP_PROF_BEGIN       u8 profile, u64 period ns, u32 breakdown,
 *                                7 selector strings
 *     161  HEAP_PROF_COST_CENTRE u32 id, string label, string module,
 *                                string srcloc, u8 flags (99 'c' or 1 = CAF)
 *     162  HEAP_PROF_SAMPLE_BEGIN       u64 era (not an index: unused)
 *     163  HEAP_PROF_SAMPLE_COST_CENTRE u8 profile, u64 bytes, u8 depth,
 *                                u32 cost-centre id[depth], innermost first,
 *                                MAIN left out (depth 0 = MAIN), at most 255
 *     164  HEAP_PROF_SAMPLE_STRING      u8 profile, u64 bytes, string band
 *     165  HEAP_PROF_SAMPLE_END         u64 era (GHC 8.10 and later)
 *     166  HEAP_BIO_PROF_SAMPLE_BEGIN   u64 era, u64 sample time ns
 *     167  PROF_SAMPLE_COST_CENTRE u32 cap, u64 tick, u8 depth,
 *                                u32 cost-centre id[depth], innermost first
 *     168  PROF_BEGIN            u64 tick interval ns
 *     169  IPE                   u64 info pointer, strings table name,
 *                                closure type, type, label, module, srcloc
 *     210  TICKY_COUNTER_DEF     u64 id, u16 arity, string kinds,
 *                                string name, u64 info table, string json
 *     211  TICKY_COUNTER_SAMPLE  u64 id, u64 entries, u64 alloc, u64 allocd
 *                                (each since the counter's last sample)
 *     212  TICKY_COUNTER_BEGIN_SAMPLE  (empty)
 *
 * A sample is 162 (or 166) ... 165.  Before 8.10 there is no 165 and a
 * sample ends at the next 162/166 or at the end of the log; a log whose
 * header declares 165 and that stops inside a sample loses that sample.
 *
 * SIZES GHC DECLARES WRONG
 *
 * Some GHC releases write events longer or shorter than the header says.
 * ghc-events reads them by their fields; here the declared size is kept
 * (a newer GHC may add fields at an event's end, skipped by that size)
 * except in exactly these cases:
 *
 *    TYPE  GHC             DECLARED        WRITTEN         RULE
 *      17  6.12            0               2 (u16 caps)    2, when the
 *          STARTUP                                         header is 6.x's
 *  0-6, 8, 15  6.12        8 per thread    4 (u32)         declared - 4,
 *          thread events   id (+ the rest)                 likewise
 *     169  9.6 and later   fields + 1      fields          the fields' end,
 *          IPE             (postIPE counts                 when only it is
 *                          a NUL after the                 followed by a
 *                          file of "file:span")            plausible event
 *
 * (GHC 9.6.6 is measured; the extra byte stays for as long as postIPE in
 * rts/eventlog/EventLog.c adds both a NUL after src_file and the colon.)
 *
 * GHC 6.x is recognised as ghc-events 0.17 recognises it (0.18 dropped
 * GHC 6): CREATE_THREAD (0) declared with 8 bytes, where GHC 7.0 and
 * later declare the 4 they write.  STARTUP is the log's first event,
 * before any block marker, so nothing later could tell.
 *
 * For IPE the rule keys on the error's signature, not on a
 * version: its six strings end one byte before the declared end, the
 * declared end is no event start (it lands on the second byte of the
 * next event's type, or past the block), and the fields' end is one (a
 * declared type with its size inside the block, ff ff, or the block's
 * end).  A well-formed log always has an event start at the declared
 * end, so a newer GHC's extra trailing byte is still skipped.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eventlog-private.h"
#include "facts.h"
#include "grow.h"

static el_handler block_marker, rts_identifier, program_args,
	wall_clock_time, user_marker, startup, cap_create;

/* The events read, by number; every other declared event is skipped by
 * its size.  Heap events: eventlog-heap.c; time and ticky:
 * eventlog-prof.c.  The framer finds it in the reader's state. */
static el_handler *const handlers[EL_NHANDLERS] = {
	[T_STARTUP] = startup,
	[T_BLOCK_MARKER] = block_marker,
	[T_RTS_IDENTIFIER] = rts_identifier,
	[T_PROGRAM_ARGS] = program_args,
	[T_WALL_CLOCK_TIME] = wall_clock_time,
	[T_CAP_CREATE] = cap_create,
	[T_HEAP_ALLOCATED] = el_heap_allocated,
	[T_HEAP_SIZE] = el_heap_size,
	[T_HEAP_LIVE] = el_heap_live,
	[T_USER_MARKER] = user_marker,
	[T_BLOCKS_SIZE] = el_blocks_size,
	[T_HEAP_PROF_BEGIN] = el_heap_prof_begin,
	[T_HEAP_PROF_COST_CENTRE] = el_cost_centre,
	[T_HEAP_PROF_SAMPLE_BEGIN] = el_heap_sample_begin,
	[T_HEAP_PROF_SAMPLE_COST_CENTRE] = el_heap_sample_cc,
	[T_HEAP_PROF_SAMPLE_STRING] = el_heap_sample_string,
	[T_HEAP_PROF_SAMPLE_END] = el_heap_sample_end,
	[T_HEAP_BIO_PROF_SAMPLE_BEGIN] = el_bio_sample_begin,
	[T_PROF_SAMPLE_COST_CENTRE] = el_prof_sample,
	[T_PROF_BEGIN] = el_prof_begin,
	[T_IPE] = el_ipe,
	[T_TICKY_COUNTER_DEF] = el_ticky_def,
	[T_TICKY_COUNTER_SAMPLE] = el_ticky_sample,
	[T_TICKY_COUNTER_BEGIN_SAMPLE] = el_ticky_begin_sample,
};

/* The log ends (DATA_END, or the input when cut): close or drop each
 * profile's open sample.  Returns 1 when a sample was dropped.  A time column holds
 * whole events only, so it is kept; a ticky sample is known complete
 * only at DATA_END.  The framer calls it through the reader's state. */
static int
close_at_end(struct el *st, uint64_t off, int cut, struct hp_err *err)
{
	int dropped = 0;
	unsigned k;

	for (k = K_HEAP; k < K_NKINDS; k++) {
		struct el_out *o = &st->out[k];

		if (k == K_TIME && o->m && st->p.interval) {
			if (el_time_close(st, off, 1, err))
				return -1;
		} else if (!o->open) {
			continue;
		} else if (k == K_TICKY ? cut : st->has_end) {
			if (k == K_TICKY)
				el_ticky_drop_open(st);
			hp_model_abort(o->m);
			o->open = 0;
			dropped = 1;
		} else if (el_sample_commit(st, (enum el_kind)k, off, err)) {
			return -1;
		}
	}
	return dropped;
}

/* The input ends: the run's log is whole when its (last) log ended with
 * DATA_END, else it was cut (a killed program, a copy taken while it
 * ran, a damaged file). */
static int
run_end(struct el *st, int whole, struct hp_err *err)
{
	const char *s = whole ? "complete" : "cut";

	return el_set_field(st, K_NONE, HP_END, s, strlen(s), st->pos, err);
}

/* ---- the run: JOB and DATE ---- */

/* Is this a profiling RTS ("GHC-9.0.2 rts_thr_p": a way component "p")? */
static int
profiled_rts(const char *id, size_t len)
{
	const char *w = id, *end = id + len, *p;

	for (p = id; p < end; p++)
		if (*p == ' ')
			w = p + 1;
	while (w < end) {
		const char *u = memchr(w, '_', (size_t)(end - w));

		if (!u)
			u = end;
		if (u - w == 1 && *w == 'p')
			return 1;
		w = u + 1;
	}
	return 0;
}

/*
 * JOB as GHC writes it into the .hp: the program's base name, then, in a
 * profiling RTS only, the program arguments, " +RTS" (always) and the RTS
 * arguments.  +RTS/-RTS themselves are not echoed; --RTS makes the rest
 * program arguments.  Without an RTS_IDENTIFIER we show everything.
 */
static int
set_job(struct el *st, uint64_t off, struct hp_err *err)
{
	const char *a, *end;
	int prof = !st->rtsid || profiled_rts(st->rtsid, st->rtsid_len);
	size_t len = 0;
	int pass, first = 1;

	if (!st->args)
		return 0;
	end = st->args + st->args_len;
	for (pass = 0; pass < (prof ? 2 : 1); pass++) {
		int rts = 0, literal = 0;

		if (pass == 1 && el_buf_put(st, &len, " +RTS", 5))
			return el_oom(st, err);
		for (a = st->args; a < end;) {
			const char *z = memchr(a, 0, (size_t)(end - a));
			size_t n = (size_t)((z ? z : end) - a);
			const char *arg = a;

			a = z ? z + 1 : end;
			if (first) {
				const char *s;

				first = 0;
				for (s = arg + n; s > arg && s[-1] != '/'; s--)
					;
				if (el_buf_put(st, &len, s, (size_t)(arg + n - s)))
					return el_oom(st, err);
				continue;
			}
			if (pass == 0 && !prof)
				break;
			if (!literal && n == 4 && !memcmp(arg, "+RTS", 4)) {
				rts = 1;
				continue;
			}
			if (!literal && n == 4 && !memcmp(arg, "-RTS", 4)) {
				rts = 0;
				continue;
			}
			if (!literal && n == 5 && !memcmp(arg, "--RTS", 5)) {
				rts = 0;
				literal = 1;
				continue;
			}
			if (rts != pass)
				continue;
			if (el_buf_put(st, &len, " ", 1) || el_buf_put(st, &len, arg, n))
				return el_oom(st, err);
		}
		first = 0;
	}
	return el_set_field(st, K_NONE, HP_JOB, st->buf ? st->buf : "", len, off, err);
}

static int
keep_bytes(char **dst, size_t *dlen, const char *s, size_t len)
{
	char *p = hp_malloc(len + 1);

	if (!p)
		return -1;
	memcpy(p, s, len);
	p[len] = '\0';
	free(*dst);
	*dst = p;
	*dlen = len;
	return 0;
}

/* DATE as GHC's .hp has it: ctime() in local time, seconds cut out. */
static int
set_date(struct el *st, uint64_t sec, uint64_t off, struct hp_err *err)
{
	static const char wday[7][4] = {
		"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"
	};
	static const char mon[12][4] = {
		"Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
	};
	char s[64];
	struct tm tm;
	time_t t;
	int n;

	if (sec > (uint64_t)1 << 40)
		return 0;	/* not a date anyone ran a program on */
	t = (time_t)sec;
	if (!localtime_r(&t, &tm) || tm.tm_wday < 0 || tm.tm_wday > 6 ||
	    tm.tm_mon < 0 || tm.tm_mon > 11)
		return 0;
	n = snprintf(s, sizeof s, "%s %s%3d %02d:%02d %lld", wday[tm.tm_wday],
		     mon[tm.tm_mon], tm.tm_mday, tm.tm_hour, tm.tm_min,
		     (long long)tm.tm_year + 1900);
	if (n < 0 || (size_t)n >= sizeof s)
		return 0;
	return el_set_field(st, K_NONE, HP_DATE, s, (size_t)n, off, err);
}

/* ---- the run's events ---- */

static int
block_marker(struct el *st, struct ev *e, struct hp_err *err)
{
	uint32_t u;

	(void)err;
	if (get_u32(&e->c, &u))
		return 0;
	/* A block smaller than its own marker is no block. */
	st->block_end = u >= e->total ? e->off + u : NO_BLOCK;
	return 0;
}

static int
rts_identifier(struct el *st, struct ev *e, struct hp_err *err)
{
	const char *s;
	uint32_t u;
	size_t len;

	if (get_u32(&e->c, &u))
		return 0;
	get_str(&e->c, &s, &len);
	if (keep_bytes(&st->rtsid, &st->rtsid_len, s, len))
		return el_oom(st, err);
	if (el_set_field(st, K_NONE, HP_SOURCE, s, len, e->off, err))
		return -1;
	return set_job(st, e->off, err);
}

static int
program_args(struct el *st, struct ev *e, struct hp_err *err)
{
	struct cur *c = &e->c;
	uint32_t u;
	size_t len, i;

	if (get_u32(c, &u))
		return 0;
	len = (size_t)(c->end - c->p);
	/* The last argument's NUL is a terminator, not an empty arg. */
	if (len && c->p[len - 1] == 0)
		len--;
	if (keep_bytes(&st->args, &st->args_len, (const char *)c->p, len))
		return el_oom(st, err);
	for (i = 0; i < st->nall; i++)
		if (hp_facts_set_argv(st->all[i], st->args, st->args_len, merr(st)))
			return el_model_fail(st, e->off, err);
	return set_job(st, e->off, err);
}

/* When the run started, in UTC: the wall clock the event was taken at
 * less its own time since the RTS started. */
static int
set_started(struct el *st, uint64_t sec, uint32_t nsec, uint64_t ns,
	    uint64_t off, struct hp_err *err)
{
	uint64_t at;
	struct tm tm;
	time_t t;
	char s[32];

	if (sec > (uint64_t)1 << 40 || nsec >= 1000000000u)
		return 0;
	at = sec * 1000000000u + nsec;
	if (ns > at)
		return 0;
	t = (time_t)((at - ns) / 1000000000u);
	if (!gmtime_r(&t, &tm) || !strftime(s, sizeof s, "%Y-%m-%dT%H:%M:%SZ", &tm))
		return 0;
	return el_set_field(st, K_NONE, HP_STARTED, s, strlen(s), off, err);
}

static int
wall_clock_time(struct el *st, struct ev *e, struct hp_err *err)
{
	uint32_t u, nsec = 0;
	uint64_t v;

	if (get_u32(&e->c, &u) || get_u64(&e->c, &v))
		return 0;
	(void)get_u32(&e->c, &nsec);
	if (set_started(st, v, nsec, e->ns, e->off, err))
		return -1;
	return set_date(st, v, e->off, err);
}

/* The capabilities: their number, the greatest created + 1. */
static int
set_caps(struct el *st, unsigned n, uint64_t off, struct hp_err *err)
{
	char s[16];

	if (n <= st->ncaps)
		return 0;
	st->ncaps = n;
	snprintf(s, sizeof s, "%u", n);
	return el_set_field(st, K_NONE, HP_CAPS, s, strlen(s), off, err);
}

static int
startup(struct el *st, struct ev *e, struct hp_err *err)
{
	if (e->c.end - e->c.p < 2)
		return 0;
	return set_caps(st, be16(e->c.p), e->off, err);
}

static int
cap_create(struct el *st, struct ev *e, struct hp_err *err)
{
	if (e->c.end - e->c.p < 2)
		return 0;
	return set_caps(st, be16(e->c.p) + 1u, e->off, err);
}

static int
user_marker(struct el *st, struct ev *e, struct hp_err *err)
{
	const char *s;
	size_t len;

	size_t i;

	get_str(&e->c, &s, &len);
	for (i = 0; i < st->nall; i++)
		if (hp_model_add_mark(st->all[i], ev_time(st, e->ns), s, len,
				      merr(st)))
			return el_model_fail(st, e->off, err);
	return 0;
}

/* ---- entry points ---- */

static int
done(const void *vst)
{
	const struct el *st = vst;

	return st->phase == P_ENDED || st->phase == P_JUNK;
}

static void *
create(hp_model *m, const char *name, const struct hp_read_opts *o)
{
	struct el *st = hp_callocn(1, sizeof *st);

	if (!st)
		return NULL;
	st->m = m;
	st->all[st->nall++] = m;
	st->opts = *o;
	st->handlers = handlers;
	st->close_at_end = close_at_end;
	st->run_end = run_end;
	st->block_end = NO_BLOCK;
	st->p.col = -1;
	if (!(st->name = hp_strdup(name ? name : "stdin"))) {
		free(st);
		return NULL;
	}
	return st;
}

static void
destroy(void *vst)
{
	struct el *st = vst;

	if (!st)
		return;
	el_heap_free(&st->h);
	el_prof_free(&st->p);
	free(st->ev);
	free(st->pend);
	free(st->buf);
	free(st->args);
	free(st->rtsid);
	free(st->name);
	free(st);
}

const struct hp_frontend hp_eventlog_frontend = {
	.name = "eventlog",
	.create = create,
	.feed = el_feed,
	.finish = el_finish,
	.done = done,
	.destroy = destroy,
};
