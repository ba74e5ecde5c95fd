/*
 * hp/eventlog-private.h - what the eventlog reader's files share: the
 * reader's state (framing in struct el, heap events in struct el_heap,
 * time and ticky samples in struct el_prof), the payload cursor, the
 * handler's type and the calls between the files.  Private to the family,
 * which calls downward only:
 *
 *   hp/eventlog.c        entry points, the handler table, event layouts
 *   hp/eventlog-frame.c  byte stream, header, damage
 *   hp/eventlog-heap.c   censuses, cost centres, IPE, heap series
 *   hp/eventlog-prof.c   time and ticky samples
 *   hp/eventlog-model.c  the model of each profile, samples begun and
 *                        committed, header fields, scratch, messages:
 *                        what the others share
 *
 * eventlog.c calls the three in the middle; they call eventlog-model.c
 * (and eventlog-prof.c eventlog-heap.c's cost centres).  The framer
 * reaches the handlers and the end-of-log close through the reader's
 * state, set by eventlog.c, and names nothing above it.
 */
#ifndef HP_EVENTLOG_PRIVATE_H
#define HP_EVENTLOG_PRIVATE_H

#include <stdint.h>
#include <string.h>

#include "arena.h"
#include "frontend.h"
#include "hash.h"
#include "ipe.h"

/* Per event type: declared size and what to do with it. */
enum {
	EV_SIZE = 0xffff,
	EV_DECLARED = 1u << 16,
	EV_VAR = 1u << 17,	/* u16 length before the payload */
	EV_READ = 1u << 18	/* it has a handler; every other type is skipped */
};

/* Event numbers named where the code needs them, as GHC names them
 * (rts/include/rts/EventLogFormat.h). */
enum {
	T_CREATE_THREAD = 0,
	T_STARTUP = 17,
	T_BLOCK_MARKER = 18,
	T_RTS_IDENTIFIER = 29,
	T_PROGRAM_ARGS = 30,
	T_WALL_CLOCK_TIME = 43,
	T_CAP_CREATE = 45,
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
	T_PROF_SAMPLE_COST_CENTRE = 167,
	T_PROF_BEGIN = 168,
	T_IPE = 169,
	T_TICKY_COUNTER_DEF = 210,
	T_TICKY_COUNTER_SAMPLE = 211,
	T_TICKY_COUNTER_BEGIN_SAMPLE = 212,
	T_DATA_END = 0xffff
};

#define EL_NHANDLERS 256	/* event numbers the handler table covers */
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

struct el;
struct ev;

/* An event's handler (eventlog.c's table). */
typedef int el_handler(struct el *st, struct ev *e, struct hp_err *err);

enum hstate { H_HDRB, H_HETB, H_ET, H_ETFIELDS, H_EXTRA, H_ETE, H_HDRE, H_DATB };

/* The profiles one log may hold, each read into a model of its own
 * (eventlog-model.c): +RTS -hc -p -l writes a heap and a time profile. */
enum el_kind { K_NONE, K_HEAP, K_TIME, K_TICKY, K_NKINDS };

/* One profile's model and its open sample.  m is NULL until the
 * profile's first event; the first profile seen is read into the model
 * the reader was given, each other into one of its own that the given
 * model holds (hp/parts.h). */
struct el_out {
	hp_model *m;
	int open;		/* its sample is open in m */
	int nsample;		/* a sample was begun */
	double last_t;		/* time of the last sample begun */
};

/* A cost centre: its three strings as one copy of the payload bytes
 * (label NUL module NUL srcloc NUL) in el_heap.ccstr, found by offset. */
struct cc {
	size_t at, len;		/* the copy */
	size_t label_len, module, module_len, srcloc, srcloc_len;
	int caf;
};

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

/* Heap events (eventlog-heap.c): cost centres (time samples name them too),
 * stacks, info tables. */
struct el_heap {
	uint32_t breakdown;
	int long_label;		/* a stack name was cut (warned once) */
	struct cc *cc;
	size_t ncc, cc_cap;
	uint32_t *ccdirect;	/* small cost-centre id -> index in cc + 1 */
	size_t nccdirect, ccdirect_cap;
	struct hp_index ccmap;	/* other cost-centre ids -> index in cc */
	char *ccstr;		/* cost-centre strings */
	size_t nccstr, ccstr_cap;
	struct stacks stacks;
	struct hp_arena arena;	/* IPE strings */
	struct hp_ipe *ipe;
	size_t nipe, ipe_cap;
	struct hp_index ipemap;	/* info pointer -> index in ipe */
	struct hp_index bandmap;	/* info pointer -> -hi band */
	struct hp_ipe_names ipenames;	/* the -hi labels given */
};

/* Time samples (167/168) and ticky samples (210-212), eventlog-prof.c. */
struct el_prof {
	uint64_t interval;	/* PROF_BEGIN's tick, ns; 0 = none yet */
	uint64_t colticks;	/* ticks per column */
	int64_t col;		/* the open column, -1 = none */
	uint64_t colfill;	/* ticks in it */
	uint64_t ncap;		/* capabilities the ticks named (1 + the
				 * highest number) */
	uint64_t ticks;		/* time samples read */
	size_t ncols;		/* columns committed */
	struct hp_index ccband;	/* cost-centre id -> innermost band */
	struct tk {
		uint64_t gen;	/* == tk_gen when in the open sample */
		hp_band band;
		int has_band, defined;
		/* entries, alloc, allocd: sums over its samples, and
		 * those of the open sample (dropped with it) */
		uint64_t sum[3], open[3];
	} *tk;
	size_t ntk, tk_cap;
	struct hp_index tkmap;	/* counter id -> index in tk */
	uint64_t tk_gen;
	int has_tk_begin;	/* the header declares 212 */
	uint64_t tk_last_ns;	/* time of the last 211 */
	struct stacks stacks;	/* stack -> band of the time model (the
				 * heap's are el_heap's: other bands) */
};

struct el {
	hp_model *m;
	char *name;
	struct hp_read_opts opts;	/* the reader's (reader.h) */

	/* given by eventlog.c (create): the framer calls up through them */
	el_handler *const *handlers;	/* by event number, EL_NHANDLERS */
	/* the log ends: close or drop an open sample; 1 when dropped */
	int (*close_at_end)(struct el *st, uint64_t off, int cut,
			    struct hp_err *err);
	/* the input ends: whole (its last log ended by DATA_END) or not */
	int (*run_end)(struct el *st, int whole, struct hp_err *err);

	/* framing (eventlog-frame.c) */
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
	int damaged;		/* the one damage warning was given */

	/* the models (eventlog-model.c): the run's facts (JOB, DATE,
	 * marks, series) go to each of all[]; a profile's samples to its
	 * out[kind].m.  all[0] is m; once a profile began, the heap-size
	 * part's model is among them (hp/parts.h). */
	hp_model *all[K_NKINDS + 1];
	size_t nall;
	struct el_out out[K_NKINDS];	/* by kind; out[K_NONE] unused */
	int has_end;		/* the header declares HEAP_PROF_SAMPLE_END */
	int restarted;		/* a header followed DATA_END; no sample since */
	double tbase;		/* added to times after a restarted clock */

	/* the run: JOB, DATE (eventlog.c) */
	char *buf;		/* scratch for labels and JOB */
	size_t buf_cap;
	char *args, *rtsid;	/* PROGRAM_ARGS bytes, RTS_IDENTIFIER */
	size_t args_len, rtsid_len;
	unsigned ncaps;		/* capabilities: the greatest number + 1 */
	struct hp_err merr;	/* what a model call said */

	struct el_heap h;
	struct el_prof p;
};

static inline unsigned
be16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static inline uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static inline uint64_t
be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

/* ---- payload cursor: every read is bounded by the payload end ---- */

struct cur {
	const unsigned char *p, *end;
};

static inline int
get_u8(struct cur *c, unsigned *v)
{
	if (c->end - c->p < 1)
		return -1;
	*v = *c->p++;
	return 0;
}

static inline int
get_u32(struct cur *c, uint32_t *v)
{
	if (c->end - c->p < 4)
		return -1;
	*v = be32(c->p);
	c->p += 4;
	return 0;
}

static inline int
get_u64(struct cur *c, uint64_t *v)
{
	if (c->end - c->p < 8)
		return -1;
	*v = be64(c->p);
	c->p += 8;
	return 0;
}

/* A string ends at its NUL or, cut short, at the payload end. */
static inline void
get_str(struct cur *c, const char **s, size_t *len)
{
	const unsigned char *z = memchr(c->p, 0, (size_t)(c->end - c->p));

	*s = (const char *)c->p;
	*len = (size_t)((z ? z : c->end) - c->p);
	c->p = z ? z + 1 : c->end;
}

/* The error slot for a model call.  One per reader, cleared on use: a
 * zeroed 1 KiB struct per event would cost more than the event. */
static inline struct hp_err *
merr(struct el *st)
{
	st->merr.msg[0] = '\0';
	return &st->merr;
}

static inline double
ev_time(const struct el *st, uint64_t ns)
{
	return st->tbase + (double)ns / 1e9;
}

/* An event being read: whole, its payload at c. */
struct ev {
	unsigned t;
	uint64_t ns;		/* its timestamp */
	uint64_t off;		/* file offset of its first byte */
	size_t total;		/* its bytes, header included */
	struct cur c;		/* its payload */
};

/* ---- eventlog-model.c: messages, the model's samples, the scratch ---- */

int el_oom(struct el *st, struct hp_err *err);
int el_model_fail(struct el *st, uint64_t off, struct hp_err *err);
void el_damage(struct el *st, uint64_t off, const char *what);
/* Field f of kind's model; of every model for K_NONE (the run's). */
int el_set_field(struct el *st, enum el_kind kind, enum hp_field f,
		 const char *s, size_t len, uint64_t off, struct hp_err *err);
/* HP_INTERVAL of kind's model: ns nanoseconds between samples. */
int el_set_interval(struct el *st, enum el_kind kind, uint64_t ns,
		    uint64_t off, struct hp_err *err);
int el_buf_room(struct el *st, size_t need);
int el_buf_put(struct el *st, size_t *len, const char *s, size_t n);
/* The profile's model, made when its first event comes: 1 made now, 0
 * there already, -1 out of memory. */
int el_claim(struct el *st, enum el_kind kind, uint64_t off,
	     struct hp_err *err);
int el_sample_commit(struct el *st, enum el_kind kind, uint64_t off,
		     struct hp_err *err);
int el_sample_begin_at(struct el *st, enum el_kind kind, double t,
		       uint64_t off, struct hp_err *err);
int el_sample_begin(struct el *st, enum el_kind kind, uint64_t ns,
		    uint64_t off, struct hp_err *err);
/* Drop the open sample of every profile (damage; the log cut). */
void el_abort_open(struct el *st);

/* ---- eventlog-frame.c ---- */

int el_feed(void *vst, const unsigned char *p, size_t n, struct hp_err *err);
int el_finish(void *vst, struct hp_err *err);

/* ---- eventlog-heap.c ---- */

uint64_t el_stack_hash(unsigned d, const unsigned char *ids);
int64_t el_stacks_get(const struct stacks *c, unsigned d,
		      const unsigned char *ids, uint64_t h);
void el_stacks_clear(struct stacks *c);
void el_stacks_free(struct stacks *c);
void el_stacks_put(struct stacks *c, unsigned d, const unsigned char *ids,
		   uint64_t h, hp_band b);
struct cc *el_cc_find(const struct el *st, uint32_t id);
int el_stack_label(struct el *st, unsigned depth, const unsigned char *ids,
		   size_t *len, uint64_t off);
void el_heap_free(struct el_heap *h);
el_handler el_heap_allocated, el_heap_size, el_heap_live, el_blocks_size,
	el_heap_prof_begin, el_cost_centre, el_heap_sample_begin,
	el_bio_sample_begin, el_heap_sample_cc, el_heap_sample_string,
	el_heap_sample_end, el_ipe;

/* ---- eventlog-prof.c ---- */

int el_time_close(struct el *st, uint64_t off, int last, struct hp_err *err);
void el_prof_free(struct el_prof *p);
/* The ticky counters' rows (model.h's hp_ticky_row), once the log is
 * read; el_ticky_drop_open takes the open sample's counts back out of
 * them when that sample is dropped. */
int el_ticky_finish(struct el *st, struct hp_err *err);
void el_ticky_drop_open(struct el *st);
el_handler el_prof_begin, el_prof_sample, el_ticky_def, el_ticky_sample,
	el_ticky_begin_sample;

#endif
