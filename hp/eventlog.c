/*
 * hp/eventlog.c - GHC eventlogs into the model, streaming.
 *
 * An eventlog is mostly scheduler and GC events that a heap profile does
 * not need, so the reader is shaped around skipping: every event's size
 * is known from a table the header builds, an event we do not read costs
 * a table lookup and an add, and an event wholly inside the fed chunk is
 * read in place.  Only an event cut by a chunk end is copied (at most
 * 65,547 bytes); an event we skip is never copied at all.  Memory is what
 * the model needs plus the cost-centre and IPE tables, never the file.
 *
 * Damage (a cut file, junk, an event that cannot be) costs one warning and
 * the sample it happened in; reading resumes at the next block marker.
 * Only a file whose header cannot be read is an error.
 *
 * FILE LAYOUT (big-endian throughout)
 *
 *     "hdrb" "hetb" event-type* "hete" "hdre" "datb" event* ff ff
 *
 * The whole log may repeat after its ff ff (an eventlog stopped and
 * restarted into the same stream); it continues the same profile.
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
 * Payloads read here:
 *
 *    TYPE  NAME                  PAYLOAD
 *      18  BLOCK_MARKER          u32 block size, u64 end time, u16 cap
 *      29  RTS_IDENTIFIER        u32 capset, bytes "GHC-9.0.2 rts_p"
 *      30  PROGRAM_ARGS          u32 capset, each argument then NUL
 *                                (argv[0], program args, +RTS ... -RTS)
 *      43  WALL_CLOCK_TIME       u32 capset, u64 unix seconds, u32 ns
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
 *     169  IPE                   u64 info pointer, strings table name,
 *                                closure type, type, label, module, srcloc
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
 * before any block marker, so nothing later could tell.  For IPE the rule keys on the error's signature, not on a
 * version: its six strings end one byte before the declared end, the
 * declared end is no event start (it lands on the second byte of the
 * next event's type, or past the block), and the fields' end is one (a
 * declared type with its size inside the block, ff ff, or the block's
 * end).  A well-formed log always has an event start at the declared
 * end, so a newer GHC's extra trailing byte is still skipped.
 */
#include "frontend.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena.h"
#include "grow.h"
#include "hash.h"
#include "ipe.h"

/* Per event type: declared size and what to do with it. */
enum {
	EV_SIZE = 0xffff,
	EV_DECLARED = 1u << 16,
	EV_VAR = 1u << 17,	/* u16 length before the payload */
	EV_READ = 1u << 18	/* read here; every other type is skipped */
};

enum {
	T_CREATE_THREAD = 0,
	T_STARTUP = 17,
	T_BLOCK_MARKER = 18,
	T_RTS_IDENTIFIER = 29,
	T_PROGRAM_ARGS = 30,
	T_WALL_CLOCK_TIME = 43,
	T_HEAP_ALLOCATED = 49,
	T_HEAP_SIZE = 50,
	T_HEAP_LIVE = 51,
	T_USER_MARKER = 58,
	T_BLOCKS_SIZE = 91,
	T_HEAP_PROF_BEGIN = 160,
	T_HEAP_PROF_COST_CENTRE = 161,
	T_HEAP_PROF_SAMPLE_BEGIN = 162,
	T_HEAP_PROF_SAMPLE_COST_CENTRE = 163,
	T_HEAP_PROF_SAMPLE_STRING = 164,
	T_HEAP_PROF_SAMPLE_END = 165,
	T_HEAP_BIO_PROF_SAMPLE_BEGIN = 166,
	T_IPE = 169,
	T_PROF_SAMPLE_COST_CENTRE = 167,
	T_PROF_BEGIN = 168,
	T_TICKY_COUNTER_DEF = 210,
	T_TICKY_COUNTER_SAMPLE = 211,
	T_TICKY_COUNTER_BEGIN_SAMPLE = 212,
	T_DATA_END = 0xffff
};

enum { BREAKDOWN_INFO_TABLE = 8 };

#define MARKER_BYTES 24		/* a whole BLOCK_MARKER event */
#define MAX_LABEL ((size_t)16 * 1024) /* a rebuilt cost-centre stack, at most */
#define NO_BLOCK UINT64_MAX

enum phase {
	P_HEADER,
	P_DATA,
	P_CHECK,		/* after a jump to a block end: is a marker there? */
	P_SCAN,			/* looking byte by byte for a block marker */
	P_ENDED,		/* after ff ff: nothing, or another header */
	P_JUNK			/* ignoring the rest */
};

enum hstate { H_HDRB, H_HETB, H_ET, H_ETFIELDS, H_EXTRA, H_ETE, H_HDRE, H_DATB };

/* A cost centre: its three strings as one copy of the payload bytes
 * (label NUL module NUL srcloc NUL) in el.ccstr, found by offset. */
struct cc {
	size_t at, len;		/* the copy */
	size_t label_len, module, module_len, srcloc, srcloc_len;
	int caf;
};

#define DIRECT_IDS 65536	/* ids below this are found by indexing */

/* Cost-centre stacks seen, by their raw bytes (depth, ids): a -hc sample
 * names the same stacks again and again, and building a label and hashing
 * it in the model costs far more than finding the ids here.  Emptied when
 * a cost centre is (re)defined, and when it grows past STACK_KEYS bytes. */
struct stacks {
	struct hp_index ix;	/* key hash -> stack */
	struct stack {
		size_t at;	/* key offset in keys */
		hp_band band;
	} *s;
	size_t n, cap;
	unsigned char *keys;
	size_t nkeys, keys_cap;
};

#define STACK_KEYS (16u << 20)

struct el {
	hp_model *m;
	char *name;
	struct hp_arena arena;	/* IPE strings */

	enum phase phase;
	enum hstate hs;
	int headers;		/* complete headers read */
	uint64_t pos;		/* file offset of the next byte fed */
	uint64_t skip;		/* bytes to pass over before the next item */
	unsigned char *pend;	/* the first bytes of an item cut by a chunk end */
	size_t npend, pend_cap;
	int ahead;		/* pend holds bytes past the item just used */
	uint64_t block_end;	/* file offset where the current block ends */

	uint32_t *ev;		/* EV_* per event type, nev of them */
	size_t nev, ev_cap;
	int has_end;		/* the header declares HEAP_PROF_SAMPLE_END */

	int damaged;		/* the one damage warning was given */
	int long_label;		/* a stack name was cut (warned once) */
	int open;		/* our sample is open in the model */
	int nsample;		/* a sample was begun */
	int restarted;		/* a header followed DATA_END; no sample since */
	double last_t;		/* time of the last sample begun */
	double tbase;		/* added to times after a restarted clock */

	uint32_t breakdown;
	struct cc *cc;
	size_t ncc, cc_cap;
	uint32_t *ccdirect;	/* small cost-centre id -> index in cc + 1 */
	size_t nccdirect, ccdirect_cap;
	struct hp_index ccmap;	/* other cost-centre ids -> index in cc */
	char *ccstr;		/* cost-centre strings */
	size_t nccstr, ccstr_cap;
	struct stacks stacks;
	struct hp_ipe *ipe;
	size_t nipe, ipe_cap;
	struct hp_index ipemap;	/* info pointer -> index in ipe */
	struct hp_index bandmap;	/* info pointer -> -hi band */
	struct hp_ipe_names ipenames;	/* the -hi labels given */

	char *buf;		/* scratch for labels and JOB */
	size_t buf_cap;
	char *args, *rtsid;	/* PROGRAM_ARGS bytes, RTS_IDENTIFIER */
	size_t args_len, rtsid_len;
	struct hp_err merr;	/* what a model call said */

	/* Which profile the model holds: the first kind seen wins. */
	enum { K_NONE, K_HEAP, K_TIME, K_TICKY } kind;
	int other_kind;		/* the warning about another kind was given */
	/* time samples (167/168) */
	uint64_t interval;	/* PROF_BEGIN's tick, ns; 0 = none yet */
	uint64_t colticks;	/* ticks per column */
	int64_t col;		/* the open column, -1 = none */
	uint64_t ticks;		/* time samples read */
	size_t ncols;		/* columns committed */
	struct hp_index ccband;	/* cost-centre id -> innermost band */
	/* ticky samples (210-212) */
	struct tk {
		uint64_t gen;	/* == tk_gen when in the open sample */
		hp_band band;
		int has_band, defined;
	} *tk;
	size_t ntk, tk_cap;
	struct hp_index tkmap;	/* counter id -> index in tk */
	uint64_t tk_gen;
	int has_tk_begin;	/* the header declares 212 */
	uint64_t tk_last_ns;	/* time of the last 211 */
};

static unsigned
be16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static uint64_t
be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

/* ---- payload cursor: every read is bounded by the payload end ---- */

struct cur {
	const unsigned char *p, *end;
};

static int
get_u8(struct cur *c, unsigned *v)
{
	if (c->end - c->p < 1)
		return -1;
	*v = *c->p++;
	return 0;
}

static int
get_u32(struct cur *c, uint32_t *v)
{
	if (c->end - c->p < 4)
		return -1;
	*v = be32(c->p);
	c->p += 4;
	return 0;
}

static int
get_u64(struct cur *c, uint64_t *v)
{
	if (c->end - c->p < 8)
		return -1;
	*v = be64(c->p);
	c->p += 8;
	return 0;
}

/* A string ends at its NUL or, cut short, at the payload end. */
static void
get_str(struct cur *c, const char **s, size_t *len)
{
	const unsigned char *z = memchr(c->p, 0, (size_t)(c->end - c->p));

	*s = (const char *)c->p;
	*len = (size_t)((z ? z : c->end) - c->p);
	c->p = z ? z + 1 : c->end;
}

/* ---- messages ---- */

static int
oom(struct el *st, struct hp_err *err)
{
	return hp_err_set(err, "%s: out of memory", st->name);
}

/* The error slot for a model call.  One per reader, cleared on use: a
 * zeroed 1 KiB struct per event would cost more than the event. */
static struct hp_err *
merr(struct el *st)
{
	st->merr.msg[0] = '\0';
	return &st->merr;
}

/* A model call failed (out of memory, or a sum past 2^64-1): say where. */
static int
model_fail(struct el *st, uint64_t off, struct hp_err *err)
{
	return hp_err_set(err, "%s: byte %llu: %s", st->name,
			  (unsigned long long)off, st->merr.msg);
}

/* Damage is reported once: later damage is usually its consequence. */
static void
damage(struct el *st, uint64_t off, const char *what)
{
	if (st->damaged)
		return;
	st->damaged = 1;
	hp_model_warn(st->m, "%s: byte %llu: %s", st->name,
		      (unsigned long long)off, what);
}

/* ---- samples ---- */

static double
ev_time(const struct el *st, uint64_t ns)
{
	return st->tbase + (double)ns / 1e9;
}

static int time_close(struct el *st, uint64_t off, int last, struct hp_err *err);

static int
sample_commit(struct el *st, uint64_t off, struct hp_err *err)
{

	st->open = 0;
	if (hp_model_commit(st->m, merr(st)))
		return model_fail(st, off, err);
	return 0;
}

static int
sample_begin_at(struct el *st, double t, uint64_t off, struct hp_err *err)
{
	if (st->open && sample_commit(st, off, err))
		return -1;
	if (st->nsample && t < st->last_t) {
		/* A restarted log from another run starts its clock again:
		 * carry on after the last sample.  Otherwise (damage) hold
		 * the time, since the model needs samples in order. */
		if (st->restarted)
			st->tbase += st->last_t - t;
		t = st->last_t;
	}
	st->restarted = 0;
	if (hp_model_begin(st->m, t, merr(st)))
		return model_fail(st, off, err);
	st->open = 1;
	st->nsample = 1;
	st->last_t = t;
	return 0;
}

static int
sample_begin(struct el *st, uint64_t ns, uint64_t off, struct hp_err *err)
{
	return sample_begin_at(st, ev_time(st, ns), off, err);
}

/* The log ends (DATA_END, or the input when cut): close or drop an open
 * sample.  Returns 1 when a sample was dropped.  A time column holds
 * whole events only, so it is kept; a ticky sample is known complete
 * only at DATA_END. */
static int
sample_close_at_end(struct el *st, uint64_t off, int cut, struct hp_err *err)
{
	if (st->kind == K_TIME && st->interval)
		return time_close(st, off, 1, err);
	if (!st->open)
		return 0;
	if (st->kind == K_TICKY ? cut : st->has_end) {
		hp_model_abort(st->m);
		st->open = 0;
		return 1;
	}
	return sample_commit(st, off, err);
}

/* ---- header fields ---- */

static int
set_field(struct el *st, enum hp_field f, const char *s, size_t len,
	  uint64_t off, struct hp_err *err)
{

	if (hp_model_set(st->m, f, s, len, merr(st)))
		return model_fail(st, off, err);
	return 0;
}

static int
buf_room(struct el *st, size_t need)
{
	return need > st->buf_cap ? HP_GROW(st->buf, st->buf_cap, need) : 0;
}

static int
buf_put(struct el *st, size_t *len, const char *s, size_t n)
{
	if (n > SIZE_MAX - *len - 1 || buf_room(st, *len + n + 1))
		return -1;
	memcpy(st->buf + *len, s, n);
	*len += n;
	return 0;
}

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

		if (pass == 1 && buf_put(st, &len, " +RTS", 5))
			return oom(st, err);
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
				if (buf_put(st, &len, s, (size_t)(arg + n - s)))
					return oom(st, err);
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
			if (buf_put(st, &len, " ", 1) || buf_put(st, &len, arg, n))
				return oom(st, err);
		}
		first = 0;
	}
	return set_field(st, HP_JOB, st->buf ? st->buf : "", len, off, err);
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
	return set_field(st, HP_DATE, s, (size_t)n, off, err);
}

/* ---- cost centres, stacks, info tables ---- */

/* A stack's key is its id count d (0-255) and its 4*d id bytes; the
 * hash covers the bytes, and their count d. */
static uint64_t
stack_hash(unsigned d, const unsigned char *ids)
{
	return hp_hash_bytes(ids, 4 * (size_t)d);
}

static void
stacks_clear(struct stacks *c)
{
	hp_index_clear(&c->ix);
	c->n = 0;
	c->nkeys = 0;
}

static void
stacks_free(struct stacks *c)
{
	hp_index_free(&c->ix);
	free(c->s);
	free(c->keys);
}

/* The band of the stack, or -1. */
static int64_t
stacks_get(const struct stacks *c, unsigned d, const unsigned char *ids,
	   uint64_t h)
{
	size_t slot = hp_index_start(&c->ix, h);
	int64_t i;

	while ((i = hp_index_next(&c->ix, h, &slot)) >= 0)
		if (c->keys[c->s[i].at] == d &&
		    !memcmp(c->keys + c->s[i].at + 1, ids, 4 * (size_t)d))
			return (int64_t)c->s[i].band;
	return -1;
}

/* Remember a stack's band.  Failure (no memory) only costs speed. */
static void
stacks_put(struct stacks *c, unsigned d, const unsigned char *ids, uint64_t h,
	   hp_band b)
{
	size_t len = 1 + 4 * (size_t)d;

	if (c->nkeys + len > STACK_KEYS)
		stacks_clear(c);
	if (HP_GROW(c->keys, c->keys_cap, c->nkeys + len) ||
	    HP_GROW(c->s, c->cap, c->n + 1) ||
	    hp_index_add(&c->ix, h, (uint32_t)c->n))
		return;
	c->keys[c->nkeys] = (unsigned char)d;
	memcpy(c->keys + c->nkeys + 1, ids, len - 1);
	c->s[c->n].at = c->nkeys;
	c->s[c->n].band = b;
	c->nkeys += len;
	c->n++;
}

static struct cc *
cc_find(const struct el *st, uint32_t id)
{
	int64_t i;

	if (id < DIRECT_IDS)
		return id < st->nccdirect && st->ccdirect[id]
		       ? &st->cc[st->ccdirect[id] - 1] : NULL;
	i = hp_index_get(&st->ccmap, id);
	return i < 0 ? NULL : &st->cc[i];
}

/* Profiled logs define 100-2,000 cost centres before any sample, so this
 * is one copy and an array store each. */
static int
cost_centre(struct el *st, struct cur *c)
{
	const char *label, *module, *srcloc;
	const unsigned char *start;
	size_t llen, mlen, slen, len;
	unsigned flags = 0;
	struct cc *p;
	uint32_t id;

	if (get_u32(c, &id))
		return 0;
	start = c->p;
	get_str(c, &label, &llen);
	get_str(c, &module, &mlen);
	get_str(c, &srcloc, &slen);
	len = (size_t)(c->p - start);
	(void)get_u8(c, &flags);
	stacks_clear(&st->stacks);	/* names may change */
	if (!(p = cc_find(st, id))) {
		if (st->ncc >= UINT32_MAX - 1 ||
		    HP_GROW(st->cc, st->cc_cap, st->ncc + 1))
			return -1;
		if (id < DIRECT_IDS) {
			if (id >= st->nccdirect) {
				if (HP_GROW(st->ccdirect, st->ccdirect_cap, (size_t)id + 1))
					return -1;
				memset(st->ccdirect + st->nccdirect, 0,
				       ((size_t)id + 1 - st->nccdirect) * sizeof *st->ccdirect);
				st->nccdirect = (size_t)id + 1;
			}
			st->ccdirect[id] = (uint32_t)st->ncc + 1;
		} else if (hp_index_put(&st->ccmap, id, (uint32_t)st->ncc)) {
			return -1;
		}
		p = &st->cc[st->ncc++];
		p->len = SIZE_MAX;
	}
	/* A restarted log posts every cost centre again: keep the copy. */
	if (p->len != len || (len && memcmp(st->ccstr + p->at, start, len) != 0)) {
		if (len > SIZE_MAX - st->nccstr ||
		    HP_GROW(st->ccstr, st->ccstr_cap, st->nccstr + len))
			return -1;
		if (len)	/* ccstr is still NULL before the first string */
			memcpy(st->ccstr + st->nccstr, start, len);
		p->at = st->nccstr;
		p->len = len;
		st->nccstr += len;
	}
	p->label_len = llen;
	p->module = (size_t)((const unsigned char *)module - start);
	p->module_len = mlen;
	p->srcloc = (size_t)((const unsigned char *)srcloc - start);
	p->srcloc_len = slen;
	p->caf = flags == 99 || flags == 1 || (llen == 3 && !memcmp(label, "CAF", 3));
	return 0;
}

/*
 * The band of a cost-centre stack, named as GHC's .hp names it (fprint_ccs)
 * but untruncated and without the "(ccsID)" prefix: labels innermost
 * first joined by "/", a component labelled CAF written "Module.CAF" with
 * no "/" after it, and MAIN for the empty stack.  An id never defined
 * (code loaded later) shows as "<cc N>".
 *
 * A name past MAX_LABEL bytes (only hostile or very deep stacks: 255
 * cost centres of 64 bytes) keeps its first MAX_LABEL bytes, cut at a
 * UTF-8 boundary, then "...(ccs " and every id of the stack, innermost
 * first, then ")": memory stays proportional to the event, and two
 * different stacks still name two bands.  The first one gets a warning.
 */
static int
stack_label(struct el *st, unsigned depth, const unsigned char *ids,
	    size_t *len, uint64_t off)
{
	unsigned k;

	*len = 0;
	if (depth == 0)
		return buf_put(st, len, "MAIN", 4);
	for (k = 0; k < depth && *len <= MAX_LABEL; k++) {
		uint32_t id = be32(ids + (size_t)4 * k);
		const struct cc *p = cc_find(st, id);
		const char *label = p ? st->ccstr + p->at : NULL;

		if (!p) {
			char s[24];
			int n = snprintf(s, sizeof s, "<cc %lu>", (unsigned long)id);

			if (buf_put(st, len, s, (size_t)n))
				return -1;
		} else if (p->label_len == 3 && !memcmp(label, "CAF", 3)) {
			if (buf_put(st, len, label + p->module, p->module_len) ||
			    buf_put(st, len, ".CAF", 4))
				return -1;
			continue;
		} else if (buf_put(st, len, label, p->label_len)) {
			return -1;
		}
		if (k + 1 < depth && buf_put(st, len, "/", 1))
			return -1;
	}
	if (*len > MAX_LABEL) {
		*len = MAX_LABEL;
		while (*len > 0 && ((unsigned char)st->buf[*len] & 0xc0) == 0x80)
			--*len;
		if (buf_put(st, len, "...(ccs", 7))
			return -1;
		for (k = 0; k < depth; k++) {
			char s[24];
			int n = snprintf(s, sizeof s, " %lu",
					 (unsigned long)be32(ids + (size_t)4 * k));

			if (buf_put(st, len, s, (size_t)n))
				return -1;
		}
		if (buf_put(st, len, ")", 1))
			return -1;
		if (!st->long_label) {
			st->long_label = 1;
			hp_model_warn(st->m, "%s: byte %llu: a cost-centre stack's "
				      "name passes %zu KiB; such names are cut and "
				      "end with the stack's cost-centre ids",
				      st->name, (unsigned long long)off,
				      MAX_LABEL / 1024);
		}
	}
	return 0;
}

/* A -hi band gets its provenance and the label made of it (ipe.c). */
static int
apply_ipe(struct el *st, hp_band b, const struct hp_ipe *ipe, uint64_t off,
	  struct hp_err *err)
{
	if (hp_ipe_name_band(&st->ipenames, st->m, b, ipe, merr(st)))
		return model_fail(st, off, err);
	return 0;
}

/* "0x4c9b58" (glibc %p; other libcs may leave out the 0x). */
static int
parse_ptr(const char *s, size_t len, uint64_t *v)
{
	size_t i = 0;

	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		i = 2;
	if (i == len || len - i > 16)
		return -1;
	for (*v = 0; i < len; i++) {
		char ch = s[i];
		unsigned d;

		if (ch >= '0' && ch <= '9')
			d = (unsigned)(ch - '0');
		else if (ch >= 'a' && ch <= 'f')
			d = (unsigned)(ch - 'a' + 10);
		else if (ch >= 'A' && ch <= 'F')
			d = (unsigned)(ch - 'A' + 10);
		else
			return -1;
		*v = *v << 4 | d;
	}
	return 0;
}

/* A new band of a -hi profile: remember its info pointer, apply a known IPE. */
static int
info_band(struct el *st, hp_band b, const char *s, size_t len, uint64_t off,
	  struct hp_err *err)
{
	uint64_t ptr;
	int64_t i;

	if (parse_ptr(s, len, &ptr))
		return 0;
	if (hp_index_put(&st->bandmap, ptr, b))
		return oom(st, err);
	i = hp_index_get(&st->ipemap, ptr);
	return i < 0 ? 0 : apply_ipe(st, b, &st->ipe[i], off, err);
}

static int
info_entry(struct el *st, struct cur *c, uint64_t off, struct hp_err *err)
{
	const char *s[6];
	size_t len[6];
	struct hp_ipe *ipe;
	uint64_t ptr;
	int64_t i, b;
	int k;

	if (get_u64(c, &ptr))
		return 0;
	for (k = 0; k < 6; k++)
		get_str(c, &s[k], &len[k]);
	i = hp_index_get(&st->ipemap, ptr);
	if (i < 0) {
		if (st->nipe >= UINT32_MAX - 1 ||
		    HP_GROW(st->ipe, st->ipe_cap, st->nipe + 1) ||
		    hp_index_put(&st->ipemap, ptr, (uint32_t)st->nipe))
			return oom(st, err);
		i = (int64_t)st->nipe++;
	}
	ipe = &st->ipe[i];
	if (!(ipe->table_name = hp_arena_dup(&st->arena, s[0], len[0])) ||
	    !(ipe->closure_desc = hp_arena_dup(&st->arena, s[1], len[1])) ||
	    !(ipe->type_desc = hp_arena_dup(&st->arena, s[2], len[2])) ||
	    !(ipe->label = hp_arena_dup(&st->arena, s[3], len[3])) ||
	    !(ipe->module = hp_arena_dup(&st->arena, s[4], len[4])) ||
	    !(ipe->srcloc = hp_arena_dup(&st->arena, s[5], len[5])))
		return oom(st, err);
	b = hp_index_get(&st->bandmap, ptr);
	return b < 0 ? 0 : apply_ipe(st, (hp_band)b, ipe, off, err);
}

static const char *const breakdown_name[] = {
	[1] = "by cost-centre stack (-hc)",
	[2] = "by module (-hm)",
	[3] = "by closure description (-hd)",
	[4] = "by type description (-hy)",
	[5] = "by retainer set (-hr)",
	[6] = "by biography (-hb)",
	[7] = "by closure type (-hT)",
	[8] = "by info table (-hi)",
	[9] = "by era (-he)",
};

static int
prof_begin(struct el *st, struct cur *c, uint64_t off, struct hp_err *err)
{
	unsigned profile;
	uint64_t period;
	uint32_t bd;
	char s[32];
	const char *name;
	int n;

	if (get_u8(c, &profile) || get_u64(c, &period) || get_u32(c, &bd))
		return 0;
	st->breakdown = bd;
	if (bd < sizeof breakdown_name / sizeof *breakdown_name &&
	    breakdown_name[bd]) {
		name = breakdown_name[bd];
		n = (int)strlen(name);
	} else {
		n = snprintf(s, sizeof s, "by breakdown %lu", (unsigned long)bd);
		name = s;
	}
	return set_field(st, HP_BREAKDOWN, name, (size_t)n, off, err);
}

/* One band value of the open sample (163/164). */
static int
sample_value(struct el *st, unsigned t, struct cur *c, uint64_t off,
	     struct hp_err *err)
{
	const char *name;
	size_t len, before;
	uint64_t bytes, h = 0;
	unsigned profile, depth = 0;
	int64_t known;
	hp_band b;

	if (!st->open || st->kind != K_HEAP || get_u8(c, &profile) ||
	    get_u64(c, &bytes))
		return 0;
	if (t == T_HEAP_PROF_SAMPLE_COST_CENTRE) {
		if (!get_u8(c, &depth) && depth > (unsigned)((c->end - c->p) / 4))
			depth = (unsigned)((c->end - c->p) / 4);
		h = stack_hash(depth, c->p);
		known = stacks_get(&st->stacks, depth, c->p, h);
		if (known >= 0) {
			if (hp_model_add(st->m, (hp_band)known, bytes, merr(st)))
				return model_fail(st, off, err);
			return 0;
		}
		if (stack_label(st, depth, c->p, &len, off))
			return oom(st, err);
		name = st->buf;
	} else {
		get_str(c, &name, &len);
	}
	before = hp_model_band_count(st->m);
	if (hp_model_intern(st->m, name, len, &b, merr(st)) ||
	    hp_model_add(st->m, b, bytes, merr(st)))
		return model_fail(st, off, err);
	if (t == T_HEAP_PROF_SAMPLE_COST_CENTRE)
		stacks_put(&st->stacks, depth, c->p, h, b);
	if (b >= before && st->breakdown == BREAKDOWN_INFO_TABLE &&
	    t == T_HEAP_PROF_SAMPLE_STRING)
		return info_band(st, b, name, len, off, err);
	return 0;
}

static int
series_point(struct el *st, enum hp_series s, uint64_t ns, struct cur *c,
	     uint64_t off, struct hp_err *err)
{
	uint32_t capset;
	uint64_t v;

	if (get_u32(c, &capset) || get_u64(c, &v))
		return 0;
	if (hp_model_add_point(st->m, s, ev_time(st, ns), v, merr(st)))
		return model_fail(st, off, err);
	return 0;
}

/* ==== time samples and ticky counters ====
 *
 * Besides heap censuses an eventlog may hold two more profiles, read
 * into the same model (the first kind seen wins; a log holding two is
 * drawn as the first, with one warning):
 *
 *    TYPE  NAME                     PAYLOAD
 *     168  PROF_BEGIN               u64 tick interval ns
 *     167  PROF_SAMPLE_COST_CENTRE  u32 cap, u64 tick, u8 depth,
 *                                   u32 cost-centre id[depth], innermost first
 *     210  TICKY_COUNTER_DEF        u64 id, u16 arity, string kinds,
 *                                   string name, u64 info table, string json
 *     211  TICKY_COUNTER_SAMPLE     u64 id, u64 entries, u64 alloc, u64 allocd
 *                                   (each since the counter's last sample)
 *     212  TICKY_COUNTER_BEGIN_SAMPLE  (empty)
 *
 * Time samples: one per capability per tick, charged to the innermost
 * cost centre's label (a CAF as "Module.CAF") or, by stack, to the
 * stack named as -hc names it.  Ticks are counted in columns of k ticks
 * (k the whole number of ticks nearest TIME_COLUMN_NS, at least 1) by
 * their event time; a column is one model sample at its middle, and the
 * scale 1 / k makes the drawn value CPU seconds per second.  Columns with no tick between two
 * that have some are empty samples, so the graph falls to zero there.
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

#define TIME_COLUMN_NS 50000000	/* 50 ms, in whole ticks */
#define TICKY_BURST 1000000	/* ns */

static int
claim(struct el *st, int kind)
{
	static const char *const what[] = { "", "heap", "time", "ticky" };
	static const enum hp_profile profile[] = {
		HP_PROFILE_HEAP, HP_PROFILE_HEAP, HP_PROFILE_TIME, HP_PROFILE_TICKY
	};

	if (st->kind == K_NONE) {
		st->kind = kind;
		hp_model_set_profile(st->m, profile[kind]);
		return 1;
	}
	if ((int)st->kind == kind)
		return 1;
	if (!st->other_kind) {
		st->other_kind = 1;
		hp_model_warn(st->m, "%s: the eventlog also holds %s samples; only its %s profile is read",
			      st->name, what[kind], what[st->kind]);
	}
	return 0;
}

/* "time by cost centre (stack), 239 ticks of 1 ms" */
static int
time_title(struct el *st, uint64_t off, struct hp_err *err)
{
	char s[160];
	double ms = (double)st->interval / 1e6;
	int n = snprintf(s, sizeof s, "CPU time by cost-centre %s, %llu tick%s of %g ms",
			 hp_model_by_stack(st->m) ? "stack" : "(innermost)",
			 (unsigned long long)st->ticks, st->ticks == 1 ? "" : "s", ms);

	return set_field(st, HP_BREAKDOWN, s, (size_t)n, off, err);
}

/* Commit the open column.  The title is set again at the end and at
 * every power-of-two column: a title per column would cost memory in
 * proportion to the profile. */
static int
time_close(struct el *st, uint64_t off, int last, struct hp_err *err)
{
	if (st->open) {
		if (sample_commit(st, off, err))
			return -1;
		st->ncols++;
	}
	return last || !(st->ncols & (st->ncols - 1)) ? time_title(st, off, err) : 0;
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

	if (!hp_model_by_stack(st->m) && depth > 0) {
		known = hp_index_get(&st->ccband, be32(ids));
		if (known >= 0)
			return known;
		depth = 1;
	} else {
		h = stack_hash(depth, ids);
		known = stacks_get(&st->stacks, depth, ids, h);
		if (known >= 0)
			return known;
	}
	if (stack_label(st, depth, ids, &len, off))
		return oom(st, err);
	before = hp_model_band_count(st->m);
	if (hp_model_intern(st->m, st->buf, len, &b, merr(st)))
		return model_fail(st, off, err);
	if (hp_model_by_stack(st->m) || depth == 0)
		stacks_put(&st->stacks, depth, ids, h, b);
	else if (hp_index_put(&st->ccband, be32(ids), b))
		return oom(st, err);
	if (b < before)
		return b;
	/* Its frames, outermost first, for flame-graph outputs. */
	len = 0;
	for (k = depth; k-- > 0;) {
		const struct cc *p = cc_find(st, be32(ids + (size_t)4 * k));
		size_t l0 = len;

		if (len > MAX_LABEL)
			break;
		if (p && buf_put(st, &len, st->ccstr + p->at, p->label_len))
			return oom(st, err);
		if (p && p->label_len == 3 && !memcmp(st->ccstr + p->at, "CAF", 3)) {
			len = l0;
			if (buf_put(st, &len, st->ccstr + p->at + p->module, p->module_len) ||
			    buf_put(st, &len, ".CAF", 4))
				return oom(st, err);
		} else if (!p) {
			char s[24];
			int n = snprintf(s, sizeof s, "<cc %lu>",
					 (unsigned long)be32(ids + (size_t)4 * k));

			if (buf_put(st, &len, s, (size_t)n))
				return oom(st, err);
		}
		if (buf_room(st, len + 2))
			return oom(st, err);
		st->buf[len++] = '\0';
	}
	if (depth == 0 && buf_put(st, &len, "MAIN", 5))
		return oom(st, err);
	frames = st->buf;
	flen = len;
	if (hp_model_band_set_stack(st->m, b, frames, flen, merr(st)))
		return model_fail(st, off, err);
	return b;
}

static int
time_event(struct el *st, unsigned t, uint64_t ns, struct cur *c,
	   uint64_t off, struct hp_err *err)
{
	uint64_t tick, width;
	uint32_t cap;
	unsigned depth;
	int64_t col, b;

	if (t == T_PROF_BEGIN) {
		uint64_t iv;

		if (get_u64(c, &iv) || iv == 0 || iv > (uint64_t)1 << 40)
			return 0;
		if (!claim(st, K_TIME))
			return 0;
		if (!st->interval) {
			st->interval = iv;
			st->colticks = (TIME_COLUMN_NS + iv / 2) / iv;
			if (st->colticks == 0)
				st->colticks = 1;
			if (set_field(st, HP_VALUE_UNIT, "CPU seconds per second", 22, off, err))
				return -1;
			hp_model_set_scale(st->m, 1.0 / (double)st->colticks);
			hp_model_set_tick(st->m, (double)iv / 1e9);
			return time_title(st, off, err);
		}
		return 0;
	}
	if (!st->interval || st->kind != K_TIME)
		return 0;	/* no PROF_BEGIN: the tick is unknown */
	if (get_u32(c, &cap) || get_u64(c, &tick) || get_u8(c, &depth))
		return 0;
	if (depth > (unsigned)((c->end - c->p) / 4))
		depth = (unsigned)((c->end - c->p) / 4);
	width = st->interval * st->colticks;
	col = (int64_t)(ns / width);
	if (col > st->col) {
		int64_t prev = st->col;

		if (st->col >= 0 && time_close(st, off, 0, err))
			return -1;
		/* Empty columns between two with ticks: down to zero. */
		if (prev >= 0 && col > prev + 1) {
			if (sample_begin_at(st, ((double)(prev + 1) + 0.5) * (double)width / 1e9 + st->tbase, off, err) ||
			    sample_commit(st, off, err))
				return -1;
			if (col > prev + 2 &&
			    (sample_begin_at(st, ((double)(col - 1) + 0.5) * (double)width / 1e9 + st->tbase, off, err) ||
			     sample_commit(st, off, err)))
				return -1;
		}
		if (sample_begin_at(st, ((double)col + 0.5) * (double)width / 1e9 + st->tbase, off, err))
			return -1;
		st->col = col;
	} else if (!st->open) {
		/* After damage dropped the column: open it again. */
		if (sample_begin_at(st, st->last_t, off, err))
			return -1;
	}
	/* An earlier column (a capability's block flushed late) is
	 * counted in the open one. */
	if ((b = time_band(st, depth, c->p, off, err)) < 0)
		return -1;
	st->ticks++;
	if (hp_model_add(st->m, (hp_band)b, 1, merr(st)))
		return model_fail(st, off, err);
	return 0;
}

static struct tk *
tk_find(struct el *st, uint64_t id, int add)
{
	int64_t i = hp_index_get(&st->tkmap, id);

	if (i >= 0)
		return &st->tk[i];
	if (!add || st->ntk >= UINT32_MAX - 1 ||
	    HP_GROW(st->tk, st->tk_cap, st->ntk + 1) ||
	    hp_index_put(&st->tkmap, id, (uint32_t)st->ntk))
		return NULL;
	memset(&st->tk[st->ntk], 0, sizeof *st->tk);
	return &st->tk[st->ntk++];
}

/* A new ticky sample. */
static int
ticky_begin(struct el *st, uint64_t ns, uint64_t off, struct hp_err *err)
{
	st->tk_gen++;
	return sample_begin(st, ns, off, err);
}

static int
ticky_event(struct el *st, unsigned t, uint64_t ns, struct cur *c,
	    uint64_t off, struct hp_err *err)
{
	uint64_t id, v[3];
	struct tk *k;
	int first = st->kind == K_NONE;

	if (!claim(st, K_TICKY))
		return 0;
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
		enum hp_measure mm = hp_model_measure(st->m);

		if (set_field(st, HP_VALUE_UNIT, unit[mm], strlen(unit[mm]), off, err) ||
		    set_field(st, HP_BREAKDOWN, by[mm], strlen(by[mm]), off, err))
			return -1;
	}
	if (t == T_TICKY_COUNTER_BEGIN_SAMPLE) {
		if (st->open) {
			if (sample_commit(st, off, err))
				return -1;
		}
		return ticky_begin(st, ns, off, err);
	}
	if (get_u64(c, &id))
		return 0;
	if (t == T_TICKY_COUNTER_DEF) {
		const char *kinds, *name;
		size_t klen, nlen;
		unsigned a0, a1;

		if (get_u8(c, &a0) || get_u8(c, &a1))
			return 0;
		get_str(c, &kinds, &klen);
		get_str(c, &name, &nlen);
		if (!(k = tk_find(st, id, 1)))
			return oom(st, err);
		if (k->has_band && k->defined)
			return 0;
		if (!k->has_band) {
			if (hp_model_intern(st->m, name, nlen, &k->band, merr(st)))
				return model_fail(st, off, err);
			k->has_band = 1;
		} else if (hp_model_band_rename(st->m, k->band, name, nlen,
						merr(st)) < 0) {
			/* sampled before its definition (GHC defines counters
			 * at exit): "<ticky ID>" takes the counter's name, so
			 * every output names it (a name another band has
			 * already leaves it "<ticky ID>") */
			return model_fail(st, off, err);
		}
		k->defined = 1;
		/* The key shows the readable name ("Main.go in f"); a band
		 * sampled before its definition is named by it this way. */
		{
			char rd[512];
			size_t n = hp_ticky_readable(name, nlen, rd, sizeof rd);
			size_t blen;
			const char *bn = hp_model_band_name(st->m, k->band, &blen);

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
			if (hp_model_band_set_label(st->m, k->band, rd, n, merr(st)))
				return model_fail(st, off, err);
		}
		return 0;
	}
	/* T_TICKY_COUNTER_SAMPLE */
	if (get_u64(c, &v[0]) || get_u64(c, &v[1]) || get_u64(c, &v[2]))
		return 0;
	if (!(k = tk_find(st, id, 1)))
		return oom(st, err);
	if (!k->has_band) {
		char s[32];
		int n = snprintf(s, sizeof s, "<ticky %llu>", (unsigned long long)id);

		if (hp_model_intern(st->m, s, (size_t)n, &k->band, merr(st)))
			return model_fail(st, off, err);
		k->has_band = 1;
	}
	if (!st->open || (!st->has_tk_begin &&
			  (k->gen == st->tk_gen || ns > st->tk_last_ns + TICKY_BURST))) {
		if (st->open) {
			if (sample_commit(st, off, err))
				return -1;
		}
		if (ticky_begin(st, ns, off, err))
			return -1;
	}
	k->gen = st->tk_gen;
	st->tk_last_ns = ns;
	/* the count itself, since the counter's last sample: the model
	 * draws it as a rate over its interval (model.h), exactly */
	if (hp_model_add(st->m, k->band,
			 v[hp_model_measure(st->m) == HP_MEASURE_ENTRIES ? 0
			   : hp_model_measure(st->m) == HP_MEASURE_ALLOCD ? 2 : 1],
			 merr(st)))
		return model_fail(st, off, err);
	return 0;
}

/* ==== end of time samples and ticky counters ==== */

/* An event we read, whole at q (total bytes, starting at file offset off). */
static int
handle(struct el *st, unsigned t, const unsigned char *q, size_t total,
       uint64_t off, struct hp_err *err)
{
	uint64_t ns = be64(q + 2), v;
	size_t hdr = st->ev[t] & EV_VAR ? 12 : 10;
	struct cur c = { q + hdr, q + total };
	const char *s;
	uint32_t u;
	size_t len;

	switch (t) {
	case T_BLOCK_MARKER:
		if (get_u32(&c, &u))
			return 0;
		/* A block smaller than its own marker is no block. */
		st->block_end = u >= total ? off + u : NO_BLOCK;
		return 0;
	case T_RTS_IDENTIFIER:
		if (get_u32(&c, &u))
			return 0;
		get_str(&c, &s, &len);
		if (keep_bytes(&st->rtsid, &st->rtsid_len, s, len))
			return oom(st, err);
		if (set_field(st, HP_SOURCE, s, len, off, err))
			return -1;
		return set_job(st, off, err);
	case T_PROGRAM_ARGS:
		if (get_u32(&c, &u))
			return 0;
		len = (size_t)(c.end - c.p);
		/* The last argument's NUL is a terminator, not an empty arg. */
		if (len && c.p[len - 1] == 0)
			len--;
		if (keep_bytes(&st->args, &st->args_len, (const char *)c.p, len))
			return oom(st, err);
		return set_job(st, off, err);
	case T_WALL_CLOCK_TIME:
		if (get_u32(&c, &u) || get_u64(&c, &v))
			return 0;
		return set_date(st, v, off, err);
	case T_HEAP_ALLOCATED:
		/* A counter, not a series: only its newest value is kept. */
		if (!get_u32(&c, &u) && !get_u64(&c, &v))
			hp_model_set_allocated(st->m, ev_time(st, ns), v);
		return 0;
	case T_HEAP_SIZE:
		return series_point(st, HP_HEAP_SIZE, ns, &c, off, err);
	case T_HEAP_LIVE:
		return series_point(st, HP_HEAP_LIVE, ns, &c, off, err);
	case T_BLOCKS_SIZE:
		return series_point(st, HP_BLOCKS_SIZE, ns, &c, off, err);
	case T_USER_MARKER:
		get_str(&c, &s, &len);
		if (hp_model_add_mark(st->m, ev_time(st, ns), s, len, merr(st)))
			return model_fail(st, off, err);
		return 0;
	case T_HEAP_PROF_BEGIN:
		if (!claim(st, K_HEAP))
			return 0;
		return prof_begin(st, &c, off, err);
	case T_HEAP_PROF_COST_CENTRE:
		return cost_centre(st, &c) ? oom(st, err) : 0;
	case T_HEAP_PROF_SAMPLE_BEGIN:
		if (!claim(st, K_HEAP))
			return 0;
		return sample_begin(st, ns, off, err);
	case T_HEAP_BIO_PROF_SAMPLE_BEGIN:
		/* Bio samples are all posted at exit: the census time is in
		 * the payload. */
		if (!claim(st, K_HEAP))
			return 0;
		if (!get_u64(&c, &v) && !get_u64(&c, &v))
			ns = v;
		return sample_begin(st, ns, off, err);
	case T_HEAP_PROF_SAMPLE_COST_CENTRE:
	case T_HEAP_PROF_SAMPLE_STRING:
		return sample_value(st, t, &c, off, err);
	case T_HEAP_PROF_SAMPLE_END:
		return st->open && st->kind == K_HEAP ? sample_commit(st, off, err) : 0;
	case T_PROF_BEGIN:
	case T_PROF_SAMPLE_COST_CENTRE:
		return time_event(st, t, ns, &c, off, err);
	case T_TICKY_COUNTER_DEF:
	case T_TICKY_COUNTER_SAMPLE:
	case T_TICKY_COUNTER_BEGIN_SAMPLE:
		return ticky_event(st, t, ns, &c, off, err);
	case T_IPE:
		return info_entry(st, &c, off, err);
	}
	return 0;
}

/* ---- the byte stream ---- */

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
	switch (num) {
	case T_BLOCK_MARKER: case T_RTS_IDENTIFIER: case T_PROGRAM_ARGS:
	case T_WALL_CLOCK_TIME: case T_HEAP_SIZE: case T_HEAP_LIVE:
	case T_HEAP_ALLOCATED: case T_USER_MARKER: case T_BLOCKS_SIZE: case T_HEAP_PROF_BEGIN:
	case T_HEAP_PROF_COST_CENTRE: case T_HEAP_PROF_SAMPLE_BEGIN:
	case T_HEAP_PROF_SAMPLE_COST_CENTRE: case T_HEAP_PROF_SAMPLE_STRING:
	case T_HEAP_PROF_SAMPLE_END: case T_HEAP_BIO_PROF_SAMPLE_BEGIN:
	case T_IPE: case T_PROF_SAMPLE_COST_CENTRE: case T_PROF_BEGIN:
	case T_TICKY_COUNTER_DEF: case T_TICKY_COUNTER_SAMPLE:
	case T_TICKY_COUNTER_BEGIN_SAMPLE:
		e |= EV_READ;
	}
	st->ev[num] = e;
}

/* ---- sizes GHC declares wrong (see the top of the file) ---- */

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
 * header: one less when GHC's extra byte is recognised (the rule at the
 * top).  Gathers the event and up to two bytes after it, all inside the
 * block.  1: decided; 0: the chunk ran out (kept); -1: no memory.
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
	damage(st, off, what);
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
			return oom(st, err);
		if (!*n)
			return 0;
	}
	r = gather(st, p, n, k, &q);
	off = st->pos - st->npend;	/* the item's first byte */
	if (r <= 0)
		return r < 0 ? oom(st, err) : 0;
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
			return oom(st, err);
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
		    (set_field(st, HP_SAMPLE_UNIT, "seconds", 7, off, err) ||
		     set_field(st, HP_VALUE_UNIT, "bytes", 5, off, err)))
			return -1;
		st->block_end = NO_BLOCK;
		st->has_end = T_HEAP_PROF_SAMPLE_END < st->nev &&
			      (st->ev[T_HEAP_PROF_SAMPLE_END] & EV_DECLARED);
		st->has_tk_begin = T_TICKY_COUNTER_BEGIN_SAMPLE < st->nev &&
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
	damage(st, off, msg);
	if (st->open) {
		hp_model_abort(st->m);
		st->open = 0;
	}
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

static int
data_end(struct el *st, uint64_t off, struct hp_err *err)
{
	int r = sample_close_at_end(st, off, 0, err);

	if (r < 0)
		return -1;
	if (r)
		damage(st, off, "the data ends inside a sample; dropped that sample");
	st->phase = P_ENDED;
	st->block_end = NO_BLOCK;
	return 0;
}

static int
data_step(struct el *st, const unsigned char **p, size_t *n, struct hp_err *err)
{
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
		return r < 0 ? oom(st, err) : 0;
	off = st->pos - st->npend;
	t = be16(q);
	e = t < st->nev ? st->ev[t] : 0;
	if (!(e & EV_DECLARED)) {
		char what[64];

		if (t == T_DATA_END) {
			consume(st, p, n, q, 2);
			return data_end(st, off, err);
		}
		snprintf(what, sizeof what, "undeclared event type %u", t);
		return corrupt(st, off, what);
	}
	if (e & EV_VAR) {
		if ((r = gather(st, p, n, 12, &q)) <= 0)
			return r < 0 ? oom(st, err) : 0;
		total = 12 + be16(q + 10);
	} else {
		total = 10 + (e & EV_SIZE);
	}
	if (off == st->block_end)
		st->block_end = NO_BLOCK;	/* left the block: a marker follows */
	if (t == T_IPE && (e & EV_VAR) && st->block_end != NO_BLOCK &&
	    (r = ipe_size(st, p, n, off, &total)) <= 0)
		return r < 0 ? oom(st, err) : 0;
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
		return r < 0 ? oom(st, err) : 0;
	consume(st, p, n, q, total);
	return handle(st, t, q, total, off, err);
}

/* After a jump to a block end: a marker (or the end) must be there. */
static int
check_step(struct el *st, const unsigned char **p, size_t *n, struct hp_err *err)
{
	const unsigned char *q;
	int r;

	if ((r = gather(st, p, n, 2, &q)) <= 0)
		return r < 0 ? oom(st, err) : 0;
	if (be16(q) == T_DATA_END) {
		st->phase = P_DATA;
		return 0;
	}
	if (be16(q) == T_BLOCK_MARKER) {
		if ((r = gather(st, p, n, MARKER_BYTES, &q)) <= 0)
			return r < 0 ? oom(st, err) : 0;
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
				return oom(st, err);
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
		return oom(st, err);
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
		return r < 0 ? oom(st, err) : 0;
	if (memcmp(q, "hdrb", 4) != 0) {
		damage(st, off, "data after the end of the eventlog ignored");
		st->phase = P_JUNK;
		st->npend = 0;
		return 0;
	}
	consume(st, p, n, q, 4);
	st->phase = P_HEADER;
	st->hs = H_HETB;
	st->nev = 0;
	st->restarted = 1;
	st->col = -1;		/* the clock starts again */
	return 0;
}

static int
feed(void *vst, const unsigned char *p, size_t n, struct hp_err *err)
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

static int
finish(void *vst, struct hp_err *err)
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
		damage(st, st->pos, "a second eventlog header is cut short");
		break;
	case P_DATA:
		if ((r = sample_close_at_end(st, st->pos, 1, err)) < 0)
			return -1;
		damage(st, st->pos,
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
			damage(st, st->pos - st->npend,
			       "data after the end of the eventlog ignored");
		break;
	case P_JUNK:
		break;
	}
	return 0;
}

static int
done(const void *vst)
{
	const struct el *st = vst;

	return st->phase == P_ENDED || st->phase == P_JUNK;
}

static void *
create(hp_model *m, const char *name)
{
	struct el *st = hp_callocn(1, sizeof *st);

	if (!st)
		return NULL;
	st->m = m;
	st->block_end = NO_BLOCK;
	st->col = -1;
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
	hp_arena_release(&st->arena);
	hp_index_free(&st->ccmap);
	free(st->ccdirect);
	free(st->ccstr);
	stacks_free(&st->stacks);
	hp_index_free(&st->ipemap);
	hp_index_free(&st->bandmap);
	hp_ipe_names_free(&st->ipenames);
	hp_index_free(&st->ccband);
	hp_index_free(&st->tkmap);
	free(st->tk);
	free(st->cc);
	free(st->ipe);
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
	.feed = feed,
	.finish = finish,
	.done = done,
	.destroy = destroy,
};
