/*
 * tests/bench/gen.c - makes large, realistic heap profiles for the benchmark.
 *
 * Real profiles that reach gigabytes are not shareable, so this program
 * writes files with the shape GHC gives them: a .hp text file exactly as
 * rts/ProfHeap.c lays it out (empty first and last samples, %f times, one
 * TAB-separated line per non-zero band, zeros omitted), or a big-endian
 * eventlog whose data section is mostly scheduler events in per-capability
 * blocks, with the heap samples (162, 164 or 163, 165) in global blocks
 * (capability 0xffff) among them.  The scheduler bytes per heap byte are a
 * parameter (-r), so one heap profile can be buried in more or fewer other
 * events; garbage collections with their heap-size events (-g per sample)
 * are kept apart from that ratio because they form a series hp2x draws.  Everything comes from one seeded PRNG,
 * so the same arguments give the same bytes on every machine and a run can
 * reuse files made by an earlier one.
 *
 * It is a stand-alone tool, built by tests/bench/run with cc -O2, outside
 * CMake: it is not part of hp2x and links nothing of it.  Next to a whole
 * output file it writes FILE.meta (key=value lines: samples, bands,
 * entries, residency sum) so the runner can print time per entry and the
 * eventlog checker can compare what a decoder finds.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_CAP (2u << 20)	/* GHC's per-capability buffer: 2 MiB */

struct opts {
	int eventlog;
	const char *out;
	unsigned long samples, bands;
	char mode;		/* T, c, y, d as in +RTS -hT/-hc/-hy/-hd */
	uint64_t seed;
	int nospace;		/* no band name holds a space (hp2ps splits them) */
	int running;		/* no final empty sample: a profile being written */
	int spikes;		/* .hp: each sample lists one band, the next in turn */
	unsigned long from, to;	/* .hp records emitted: [from, to) */
	double ratio;		/* eventlog: scheduler bytes per heap-sample byte */
	unsigned long gcs;	/* eventlog: collections (heap size events) per sample */
	unsigned caps;
	double dt;		/* .hp: seconds between samples (0: 10 to 15 ms) */
};

struct rng {
	uint64_t s;
};

/* splitmix64: tiny, fast, and good enough for shapes, not for secrets. */
static uint64_t
rnd(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static double
unif(struct rng *r)
{
	return (double)(rnd(r) >> 11) * (1.0 / 9007199254740992.0);
}

static unsigned long
below(struct rng *r, unsigned long n)
{
	return n ? (unsigned long)(rnd(r) % n) : 0;
}

static void
die(const char *fmt, ...)
{
	va_list ap;

	fputs("gen: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

/* Output through one large buffer: printf per line would dominate. */
struct out {
	FILE *f;
	char *buf;
	size_t n;
	uint64_t total;
};

static void
out_flush(struct out *o)
{
	if (o->n && fwrite(o->buf, 1, o->n, o->f) != o->n)
		die("write: %s", strerror(errno));
	o->total += o->n;
	o->n = 0;
}

static void
out_bytes(struct out *o, const void *p, size_t len)
{
	if (o->n + len > (8u << 20))
		out_flush(o);
	if (len > (8u << 20)) {
		if (fwrite(p, 1, len, o->f) != len)
			die("write: %s", strerror(errno));
		o->total += len;
		return;
	}
	memcpy(o->buf + o->n, p, len);
	o->n += len;
}

static void
out_str(struct out *o, const char *s)
{
	out_bytes(o, s, strlen(s));
}

static void
out_u64(struct out *o, uint64_t v)
{
	char tmp[24];
	int i = sizeof tmp;

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	out_bytes(o, tmp + i, sizeof tmp - (size_t)i);
}

/* ---------------------------------------------------------------- names */

static const char *const closure_types[] = {
	"THUNK", "THUNK_1_0", "THUNK_2_0", "THUNK_0_1", "THUNK_1_1",
	"FUN", "FUN_1_0", "FUN_2_0", "PAP", "AP", "ARR_WORDS", "STACK",
	"TSO", "BLACKHOLE", "MUT_VAR_CLEAN", "MUT_VAR_DIRTY", "WEAK",
	"MUT_ARR_PTRS_CLEAN", "MUT_ARR_PTRS_FROZEN_CLEAN", "SMALL_MUT_ARR_PTRS_CLEAN",
	"ghc-prim:GHC.Types.:", "ghc-prim:GHC.Types.I#", "ghc-prim:GHC.Types.C#",
	"ghc-prim:GHC.Tuple.(,)", "base:GHC.Maybe.Just", "base:GHC.Word.W64#",
	"base:GHC.ForeignPtr.PlainPtr", "base:GHC.IORef.IORef", "base:GHC.STRef.STRef",
	"containers-0.6.4.1:Data.Map.Internal.Bin", "containers-0.6.4.1:Data.Set.Internal.Bin",
	"containers-0.6.4.1:Data.IntMap.Internal.Tip",
	"bytestring-0.10.12.1:Data.ByteString.Internal.PS",
	"text-1.2.5.0:Data.Text.Internal.Text", "integer-gmp:GHC.Integer.Type.S#",
	"unordered-containers-0.2.16.0:Data.HashMap.Internal.Leaf",
	"main:Main.Record", "main:Main.Node",
};

static const char *const packages[] = {
	"main", "base", "containers-0.6.4.1", "aeson-2.0.3.0",
	"vector-0.12.3.1", "text-1.2.5.0", "9Kgekc2NIO1HB6EVbrtfZN",
	"unordered-containers-0.2.16.0", "bytestring-0.10.12.1",
};

static const char *const modules[] = {
	"Main", "Data.Map.Internal", "Data.Aeson.Types.Internal", "Data.Vector.Mutable",
	"Bench.Parser", "Bench.Store.Index", "GHC.IO.Handle.Types", "Control.Monad.State",
};

static const char *const cons[] = {
	"Record", "Node", "Leaf", "Entry", "Cell", "Token",
};

static const char *const cc_labels[] = {
	"go", "main", "loop", "step", "insertWith", "parse", "render", "fold.go",
	"decode", "run", "alloc", "lookup", "update", "fromList", "main.n",
	"hot loop", "my label",	/* {-# SCC "..." #-} names may hold spaces */
};

static const char *const type_descs[] = {
	"->>(#,#)", "[]", "Int32", "MUT_ARR_PTRS_FROZEN", "->IO", "Map", "Text",
	"Maybe", "ByteString", "(,)", "Vector", "IORef", "stg_ap_2_upd_info",
};

/* One name per band, unique, in the style of the chosen -h mode. */
static char *
band_name(struct rng *r, char mode, unsigned long i, int nospace)
{
	char buf[512], path[512];
	size_t n = 0;

	switch (mode) {
	case 'c': {
		/* (ccsID)lab/lab/...: the -L25 cut keeps n-4 chars + "..." */
		unsigned depth = 1 + (unsigned)below(r, 5);
		size_t nl = sizeof cc_labels / sizeof *cc_labels;

		path[0] = 0;
		for (unsigned d = 0; d < depth; d++) {
			const char *l = cc_labels[below(r, nospace ? nl - 2 : nl)];
			n += (size_t)snprintf(path + n, sizeof path - n, "%s%s", d ? "/" : "", l);
		}
		if (below(r, 3) == 0)
			n += (size_t)snprintf(path + n, sizeof path - n, "/%s.CAF",
					      modules[below(r, 8)]);
		if (n > 24)
			memcpy(path + 21, "...", 4);
		snprintf(buf, sizeof buf, "(%lu)%s", 100 + i * 7 + below(r, 7), path);
		break;
	}
	case 'y':
		if (i < sizeof type_descs / sizeof *type_descs)
			snprintf(buf, sizeof buf, "%s", type_descs[i]);
		else
			snprintf(buf, sizeof buf, "%s%lu", type_descs[below(r, 13)], i);
		break;
	case 'd':
		snprintf(buf, sizeof buf, "<%s.sat_s%lx>", modules[below(r, 8)], 0x1000 + i);
		break;
	default:
		/* half closure types and well-known constructors, half
		 * constructors of the program's own (longer) modules */
		if (i % 2 == 0 && i / 2 < sizeof closure_types / sizeof *closure_types)
			snprintf(buf, sizeof buf, "%s", closure_types[i / 2]);
		else
			snprintf(buf, sizeof buf, "%s:%s.%s%lu", packages[below(r, 9)],
				 modules[below(r, 8)], cons[below(r, 6)], i);
		break;
	}
	n = strlen(buf);
	char *s = xmalloc(n + 1);
	memcpy(s, buf, n + 1);
	return s;
}

/* ------------------------------------------------------------ residency */

/* A band lives from birth to death (some for the whole run, some briefly:
 * bands appear and disappear) and follows a multiplicative random walk
 * that now and then touches zero, which GHC omits from the sample. */
struct band {
	char *name;
	size_t len;
	double v;		/* current residency, bytes */
	double scale;		/* typical size: a few bands dominate */
	unsigned long birth, death;
	unsigned gap;		/* samples left at zero */
};

static void
bands_init(struct band *b, unsigned long nb, unsigned long ns, char mode,
	   int nospace, struct rng *r)
{
	for (unsigned long i = 0; i < nb; i++) {
		b[i].name = band_name(r, mode, i, nospace);
		b[i].len = strlen(b[i].name);
		b[i].scale = 1024.0 * exp(unif(r) * 10.0);	/* 1 KiB .. 22 MiB */
		b[i].v = b[i].scale * (0.2 + unif(r));
		if (below(r, 10) < 9) {
			b[i].birth = 1;
			b[i].death = ns + 1;
		} else {
			b[i].birth = 1 + below(r, ns);
			b[i].death = b[i].birth + 1 + below(r, ns - b[i].birth + 1);
		}
		b[i].gap = 0;
	}
}

/* The residency of band b in data sample s (1-based), 0 if absent. */
static uint64_t
band_step(struct band *b, unsigned long s, struct rng *r)
{
	if (s < b->birth || s >= b->death)
		return 0;
	if (b->gap) {
		b->gap--;
		return 0;
	}
	if (below(r, 200) == 0) {
		b->gap = 1 + (unsigned)below(r, 20);
		return 0;
	}
	b->v *= 1.0 + (unif(r) - 0.5) * 0.08 + (b->scale - b->v) / b->scale * 0.01;
	if (b->v < 8)
		b->v = 8;
	return ((uint64_t)b->v + 7) & ~(uint64_t)7;	/* words of 8 bytes */
}

/* ------------------------------------------------------------------ .hp */

struct stats {
	uint64_t samples, entries, sum;
};

static void
put_time(struct out *o, const char *kw, double t)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%s %f\n", kw, t);
	out_str(o, buf);
}

static void
gen_hp(const struct opts *op, struct out *o, struct stats *st)
{
	struct rng r = { op->seed };
	struct band *b = xmalloc(op->bands * sizeof *b);
	unsigned long *order = xmalloc(op->bands * sizeof *order);
	unsigned long last = op->samples + 1;	/* index of the final empty sample */
	double t = 0;

	bands_init(b, op->bands, op->samples, op->mode, op->nospace, &r);
	/* GHC prints bands in its hash-table order, the same in every sample */
	for (unsigned long i = 0; i < op->bands; i++)
		order[i] = i;
	for (unsigned long i = op->bands; i > 1; i--) {
		unsigned long j = below(&r, i), x = order[i - 1];
		order[i - 1] = order[j];
		order[j] = x;
	}

	if (op->from == 0) {
		out_str(o, "JOB \"bench-prog 300000 x\"\"y +RTS -h");
		out_bytes(o, &op->mode, 1);
		out_str(o, " -i0.01 -L25\"\n");
		out_str(o, "DATE \"Sat Nov 21 16:56 2026\"\n");
		out_str(o, "SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n");
		put_time(o, "BEGIN_SAMPLE", 0);
		put_time(o, "END_SAMPLE", 0);
		st->samples++;
	}
	for (unsigned long s = 1; s <= op->samples; s++) {
		int on = s >= op->from && s < op->to;

		t = op->dt > 0 ? (double)s * op->dt : t + 0.01 + unif(&r) * 0.005;
		if (on)
			put_time(o, "BEGIN_SAMPLE", t);
		for (unsigned long k = 0; k < op->bands; k++) {
			struct band *x = &b[order[k]];
			uint64_t v;

			/* --spikes: the shape of a -hi profile with -m0, a band
			 * per sample (sample s lists band (s - 1) mod bands) */
			if (op->spikes)
				v = k == (s - 1) % op->bands ?
				    ((uint64_t)(x->scale * (0.2 + unif(&r))) + 8) & ~(uint64_t)7 : 0;
			else
				v = band_step(x, s, &r);
			if (!v || !on)
				continue;
			out_bytes(o, x->name, x->len);
			out_bytes(o, "\t", 1);
			out_u64(o, v);
			out_bytes(o, "\n", 1);
			st->entries++;
			st->sum += v;
		}
		if (on) {
			put_time(o, "END_SAMPLE", t);
			st->samples++;
		}
	}
	if (!op->running && last >= op->from && last < op->to) {
		t += 0.003;
		put_time(o, "BEGIN_SAMPLE", t);
		put_time(o, "END_SAMPLE", t);
		st->samples++;
	}
	for (unsigned long i = 0; i < op->bands; i++)
		free(b[i].name);
	free(b);
	free(order);
}

/* ------------------------------------------------------------- eventlog */

enum {
	EV_CREATE_THREAD = 0, EV_RUN_THREAD = 1, EV_STOP_THREAD = 2,
	EV_THREAD_RUNNABLE = 3, EV_GC_START = 9, EV_GC_END = 10,
	EV_BLOCK_MARKER = 18, EV_CAPSET_CREATE = 25, EV_CAPSET_ASSIGN_CAP = 27,
	EV_RTS_IDENTIFIER = 29, EV_PROGRAM_ARGS = 30, EV_WALL_CLOCK_TIME = 43,
	EV_CAP_CREATE = 45, EV_HEAP_SIZE = 50, EV_HEAP_LIVE = 51,
	EV_USER_MARKER = 58, EV_HEAP_PROF_BEGIN = 160, EV_HEAP_PROF_CC = 161,
	EV_SAMPLE_BEGIN = 162, EV_SAMPLE_CC = 163, EV_SAMPLE_STRING = 164,
	EV_SAMPLE_END = 165, EV_PROF_SAMPLE_CC = 167, EV_PROF_BEGIN = 168,
};

#define VAR 0xffff

/* The event types GHC 8.10/9.0 declare, with the payload sizes their
 * headers give (variable = 0xffff).  Descriptions are free text. */
static const struct {
	uint16_t num, size;
	const char *desc;
} ev_types[] = {
	{ 0, 4, "Create thread" }, { 1, 4, "Run thread" }, { 2, 10, "Stop thread" },
	{ 3, 4, "Thread runnable" }, { 4, 6, "Migrate thread" }, { 8, 6, "Wakeup thread" },
	{ 9, 0, "Starting GC" }, { 10, 0, "Finished GC" }, { 11, 0, "Request sequential GC" },
	{ 12, 0, "Request parallel GC" }, { 15, 4, "Create spark thread" },
	{ 16, VAR, "Log message" }, { 18, 14, "Block marker" }, { 19, VAR, "User message" },
	{ 20, 0, "GC idle" }, { 21, 0, "GC working" }, { 22, 0, "GC done" },
	{ 25, 6, "Create capability set" }, { 26, 4, "Delete capability set" },
	{ 27, 6, "Add capability to capability set" },
	{ 28, 6, "Remove capability from capability set" },
	{ 29, VAR, "RTS name and version" }, { 30, VAR, "Program arguments" },
	{ 31, VAR, "Program environment variables" }, { 32, 8, "Process ID" },
	{ 33, 8, "Parent process ID" }, { 34, 56, "Spark counters" }, { 35, 0, "Spark create" },
	{ 36, 0, "Spark dud" }, { 37, 0, "Spark overflow" }, { 38, 0, "Spark run" },
	{ 39, 2, "Spark steal" }, { 40, 0, "Spark fizzle" }, { 41, 0, "Spark GC" },
	{ 43, 16, "Wall clock time" }, { 44, VAR, "Thread label" },
	{ 45, 2, "Create capability" }, { 46, 2, "Delete capability" },
	{ 47, 2, "Disable capability" }, { 48, 2, "Enable capability" },
	{ 49, 12, "Total heap mem ever allocated" }, { 50, 12, "Current heap size" },
	{ 51, 12, "Current heap live data" }, { 52, 38, "Heap static parameters" },
	{ 53, 58, "GC statistics" }, { 54, 0, "Synchronise stop-the-world GC" },
	{ 55, 18, "Task create" }, { 56, 12, "Task migrate" }, { 57, 8, "Task delete" },
	{ 58, VAR, "User marker" }, { 59, 0, "Empty event for bug #9003" },
	{ 160, VAR, "Start of heap profile" }, { 161, VAR, "Cost center definition" },
	{ 162, 8, "Start of heap profile sample" },
	{ 163, VAR, "Heap profile cost-centre sample" },
	{ 164, VAR, "Heap profile string sample" }, { 165, 8, "End of heap profile sample" },
	{ 166, 16, "Start of heap profile (biographical) sample" },
	{ 167, VAR, "Time profile cost-centre stack" }, { 168, 8, "Start of a time profile" },
	{ 181, VAR, "User binary message" },
};

struct ebuf {
	uint8_t *p;
	size_t n;
	uint16_t cap;
	uint64_t first, last;	/* timestamps of first and last event */
};

static void
be16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void
be32(uint8_t *p, uint32_t v)
{
	be16(p, (uint16_t)(v >> 16));
	be16(p + 2, (uint16_t)v);
}

static void
be64(uint8_t *p, uint64_t v)
{
	be32(p, (uint32_t)(v >> 32));
	be32(p + 4, (uint32_t)v);
}

/* A block on disk: BLOCK_MARKER (u32 size from the marker's own start,
 * u64 end time, u16 cap) followed by the buffered events. */
static void
eb_flush(struct ebuf *b, struct out *o)
{
	uint8_t m[24];

	if (!b->n)
		return;
	be16(m, EV_BLOCK_MARKER);
	be64(m + 2, b->first);
	be32(m + 10, (uint32_t)(24 + b->n));
	be64(m + 14, b->last);
	be16(m + 22, b->cap);
	out_bytes(o, m, sizeof m);
	out_bytes(o, b->p, b->n);
	b->n = 0;
}

/* Room for one event of the given payload; flushes a full block first.
 * Returns where the payload goes. */
static uint8_t *
eb_event(struct ebuf *b, struct out *o, uint16_t type, uint64_t ts,
	 size_t payload, int variable)
{
	size_t need = 10 + (variable ? 2 : 0) + payload;
	uint8_t *p;

	if (b->n + 24 + need > BLOCK_CAP)
		eb_flush(b, o);
	if (!b->n)
		b->first = ts;
	b->last = ts;
	p = b->p + b->n;
	be16(p, type);
	be64(p + 2, ts);
	p += 10;
	if (variable) {
		be16(p, (uint16_t)payload);
		p += 2;
	}
	b->n += need;
	return p;
}

static void
ev_bytes(struct ebuf *b, struct out *o, uint16_t type, uint64_t ts,
	 uint32_t capset, const char *s, size_t len)
{
	size_t pre = capset != UINT32_MAX ? 4 : 0;
	uint8_t *p = eb_event(b, o, type, ts, pre + len, 1);

	if (pre)
		be32(p, capset);
	memcpy(p + pre, s, len);
}

/* One scheduler event on capability b; returns its size on disk.  Only
 * events hp2x has no use for: heap sizes and user markers are drawn, so
 * their number is set apart (gc_events, one marker every 50 samples) and
 * does not grow with the ratio. */
static size_t
noise_event(struct ebuf *b, struct out *o, uint64_t ts, struct rng *r,
	    uint32_t *threads)
{
	unsigned k = (unsigned)below(r, 100);
	uint8_t *p;

	if (k < 38) {
		p = eb_event(b, o, EV_RUN_THREAD, ts, 4, 0);
		be32(p, 1 + (uint32_t)below(r, *threads));
		return 14;
	}
	if (k < 76) {
		static const uint16_t status[] = { 1, 2, 3, 5 };

		p = eb_event(b, o, EV_STOP_THREAD, ts, 10, 0);
		be32(p, 1 + (uint32_t)below(r, *threads));
		be16(p + 4, status[below(r, 4)]);
		be32(p + 6, 0);
		return 20;
	}
	if (k < 96) {
		p = eb_event(b, o, EV_THREAD_RUNNABLE, ts, 4, 0);
		be32(p, 1 + (uint32_t)below(r, *threads));
		return 14;
	}
	p = eb_event(b, o, EV_CREATE_THREAD, ts, 4, 0);
	be32(p, ++*threads);
	return 14;
}

/* One garbage collection on capability b: GC start and end, then the heap
 * size and live bytes the RTS posts after it. */
static void
gc_events(struct ebuf *b, struct out *o, uint64_t ts, struct rng *r)
{
	uint8_t *p;

	eb_event(b, o, EV_GC_START, ts, 0, 0);
	eb_event(b, o, EV_GC_END, ts + 1, 0, 0);
	p = eb_event(b, o, EV_HEAP_SIZE, ts + 2, 12, 0);
	be32(p, 0);
	be64(p + 4, (uint64_t)(64 + below(r, 8)) << 20);
	p = eb_event(b, o, EV_HEAP_LIVE, ts + 2, 12, 0);
	be32(p, 0);
	be64(p + 4, (uint64_t)(16 + below(r, 32)) << 20);
}

static void
gen_eventlog(const struct opts *op, struct out *o, struct stats *st)
{
	/* two streams: the heap samples are the same whatever -r and -g */
	struct rng r = { op->seed }, nr = { op->seed ^ 0x5ca1ab1e0ddba11ull };
	struct band *b = xmalloc(op->bands * sizeof *b);
	unsigned ncaps = op->caps;
	struct ebuf *cap = xmalloc(ncaps * sizeof *cap);
	struct ebuf glob = { xmalloc(BLOCK_CAP), 0, 0xffff, 0, 0 };
	uint32_t threads = 1;
	uint64_t t = 1000000, tprev;
	double budget = 0;
	int tp = op->mode == 'p';	/* time samples, one tick per sample */
	int cc = op->mode == 'c' || tp;
	/* -hc: cost centres 1..ncc, and each band is a stack of their ids */
	unsigned long ncc = 64 + op->bands / 4;
	uint32_t (*stack)[6] = NULL;
	uint8_t *depth = NULL;
	uint8_t hdr[16];
	uint8_t *p;

	bands_init(b, op->bands, op->samples, cc ? 'T' : op->mode, 1, &r);
	if (cc) {
		stack = xmalloc(op->bands * sizeof *stack);
		depth = xmalloc(op->bands);
		for (unsigned long i = 0; i < op->bands; i++) {
			depth[i] = (uint8_t)(below(&r, 7));	/* 0 = MAIN */
			for (unsigned d = 0; d < depth[i]; d++)
				stack[i][d] = 1 + (uint32_t)below(&r, ncc);
		}
	}
	for (unsigned c = 0; c < ncaps; c++) {
		cap[c].p = xmalloc(BLOCK_CAP);
		cap[c].n = 0;
		cap[c].cap = (uint16_t)c;
	}

	out_str(o, "hdrbhetb");
	for (size_t i = 0; i < sizeof ev_types / sizeof *ev_types; i++) {
		size_t dl = strlen(ev_types[i].desc);

		memcpy(hdr, "etb", 4);
		be16(hdr + 4, ev_types[i].num);
		be16(hdr + 6, ev_types[i].size);
		be32(hdr + 8, (uint32_t)dl);
		out_bytes(o, hdr, 12);
		out_bytes(o, ev_types[i].desc, dl);
		be32(hdr, 0);			/* no extra info */
		memcpy(hdr + 4, "ete", 4);
		out_bytes(o, hdr, 8);
	}
	out_str(o, "hetehdredatb");

	/* start-up events, as the RTS posts them before the first census */
	p = eb_event(&glob, o, EV_CAPSET_CREATE, t, 6, 0);
	be32(p, 0);
	be16(p + 4, 2);
	ev_bytes(&glob, o, EV_RTS_IDENTIFIER, t, 0, "GHC-9.0.2 rts_thr_l", 19);
	{
		static const char args[] = "bench-prog\0" "300000\0" "+RTS\0" "-hT\0" "-l\0";

		ev_bytes(&glob, o, EV_PROGRAM_ARGS, t, 0, args, sizeof args - 1);
	}
	p = eb_event(&glob, o, EV_WALL_CLOCK_TIME, t, 16, 0);
	be32(p, 0);
	be64(p + 4, 1795000000);
	be32(p + 12, 0);
	for (unsigned c = 0; c < ncaps; c++) {
		p = eb_event(&cap[c], o, EV_CAP_CREATE, t, 2, 0);
		be16(p, (uint16_t)c);
		p = eb_event(&cap[c], o, EV_CAPSET_ASSIGN_CAP, t, 6, 0);
		be32(p, 0);
		be16(p + 4, (uint16_t)c);
	}
	if (tp) {
		p = eb_event(&glob, o, EV_PROF_BEGIN, t, 8, 0);
		be64(p, 1000000);	/* 1 ms ticks */
	} else {
		p = eb_event(&glob, o, EV_HEAP_PROF_BEGIN, t, 13 + 7, 1);
		p[0] = 0;
		be64(p + 1, 10000000);
		be32(p + 9, cc ? 1 : 7);
		memset(p + 13, 0, 7);
	}
	for (unsigned long i = 1; cc && i <= ncc; i++) {
		char lab[64], mod[64], loc[96];
		int a = snprintf(lab, sizeof lab, "%s%lu", cc_labels[below(&r, 15)], i);
		int m = snprintf(mod, sizeof mod, "%s", modules[below(&r, 8)]);
		int l = snprintf(loc, sizeof loc, "src/Bench.hs:%lu:1-20", i);
		size_t len = 4 + (size_t)a + 1 + (size_t)m + 1 + (size_t)l + 1 + 1;

		p = eb_event(&glob, o, EV_HEAP_PROF_CC, t, len, 1);
		be32(p, (uint32_t)i);
		p += 4;
		memcpy(p, lab, (size_t)a + 1);
		p += a + 1;
		memcpy(p, mod, (size_t)m + 1);
		p += m + 1;
		memcpy(p, loc, (size_t)l + 1);
		p += l + 1;
		*p = below(&r, 10) == 0 ? 99 : 0;
	}

	for (unsigned long s = 1; s <= op->samples; s++) {
		size_t heap = 0;
		uint64_t ts;

		if (tp) {
			/* one tick: a stack of a band chosen by the band's
			 * share, as a profiled program's ticks fall */
			unsigned long k = (unsigned long)below(&r, op->bands);
			size_t len = 13 + 4 * (size_t)depth[k];

			tprev = t;
			t += 1000000;
			p = eb_event(&glob, o, EV_PROF_SAMPLE_CC, t, len, 1);
			be32(p, 0);
			be64(p + 4, s);
			p[12] = depth[k];
			for (unsigned d = 0; d < depth[k]; d++)
				be32(p + 13 + 4 * d, stack[k][d]);
			heap += 12 + len;
			st->entries++;
			st->sum++;
			st->samples++;
			if (s % 50000 == 0) {
				char text[32];
				int n = snprintf(text, sizeof text, "phase %lu", s / 50000);

				ev_bytes(&cap[0], o, EV_USER_MARKER, tprev + 2, UINT32_MAX,
					 text, (size_t)n);
			}
			budget += op->ratio * (double)heap;
			while (budget > 0) {
				struct ebuf *cb = &cap[below(&nr, ncaps)];
				uint64_t nts = tprev + 1 + below(&nr, 999000);

				if (nts < cb->last)
					nts = cb->last;
				budget -= (double)noise_event(cb, o, nts, &nr, &threads);
			}
			continue;
		}
		tprev = t;
		t += 10000000 + below(&r, 5000000);
		ts = t;
		p = eb_event(&glob, o, EV_SAMPLE_BEGIN, ts, 8, 0);
		be64(p, 0);
		heap += 18;
		for (unsigned long k = 0; k < op->bands; k++) {
			uint64_t v = band_step(&b[k], s, &r);

			if (!v)
				continue;
			ts++;
			if (cc) {
				size_t len = 10 + 4 * (size_t)depth[k];

				p = eb_event(&glob, o, EV_SAMPLE_CC, ts, len, 1);
				p[0] = 0;
				be64(p + 1, v);
				p[9] = depth[k];
				for (unsigned d = 0; d < depth[k]; d++)
					be32(p + 10 + 4 * d, stack[k][d]);
				heap += 12 + len;
			} else {
				size_t len = 9 + b[k].len + 1;

				p = eb_event(&glob, o, EV_SAMPLE_STRING, ts, len, 1);
				p[0] = 0;
				be64(p + 1, v);
				memcpy(p + 9, b[k].name, b[k].len + 1);
				heap += 12 + len;
			}
			st->entries++;
			st->sum += v;
		}
		p = eb_event(&glob, o, EV_SAMPLE_END, ts, 8, 0);
		be64(p, 0);
		heap += 18;
		st->samples++;
		if (s % 50 == 0) {
			char text[32];
			int n = snprintf(text, sizeof text, "phase %lu", s / 50);

			ev_bytes(&cap[0], o, EV_USER_MARKER, tprev + 2, UINT32_MAX, text,
				 (size_t)n);
		}

		/* the events of the interval that led up to this census,
		 * spread over the capabilities in time order: a fixed number
		 * of collections, and scheduler events in proportion */
		budget += op->ratio * (double)heap;
		{
			double want = budget;
			unsigned long g = 0;

			while (budget > 0 || g < op->gcs) {
				double frac = want > 0 ? 1.0 - budget / want : (double)g / (double)op->gcs;

				if (frac > 1)
					frac = 1;
				uint64_t nts = tprev + 1 + (uint64_t)(frac * (double)(t - tprev - 8));
				struct ebuf *cb = &cap[below(&nr, ncaps)];

				if (nts < cb->last)
					nts = cb->last;
				if (g < op->gcs && (budget <= 0 || frac * (double)op->gcs >= (double)g)) {
					gc_events(cb, o, nts, &nr);
					g++;
				} else {
					budget -= (double)noise_event(cb, o, nts, &nr, &threads);
				}
			}
		}
	}
	for (unsigned c = 0; c < ncaps; c++) {
		eb_flush(&cap[c], o);
		free(cap[c].p);
	}
	eb_flush(&glob, o);
	free(glob.p);
	out_bytes(o, "\xff\xff", 2);
	for (unsigned long i = 0; i < op->bands; i++)
		free(b[i].name);
	free(b);
	free(cap);
	free(stack);
	free(depth);
}

/* ----------------------------------------------------------------- main */

static void
usage(void)
{
	fputs("usage: gen hp OUT [-n samples] [-b bands] [-m T|c|y|d] [-s seed]\n"
	      "                  [--nospace] [--running] [--range A:B] [--spikes]\n"
	      "                  [--dt SECONDS between samples]\n"
	      "       gen eventlog OUT [-n samples] [-b bands] [-m T|c|p] [-s seed]\n"
	      "                  [-r scheduler-bytes-per-heap-byte] [-g gcs-per-sample] [-c caps]\n"
	      "OUT - writes to standard output.  .hp records are numbered 0 (the\n"
	      "empty first sample) .. n+1 (the empty last one); --range A:B writes\n"
	      "records A..B-1 only (the header with record 0), to grow a file.\n",
	      stderr);
	exit(2);
}

static unsigned long
num(const char *s)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end)
		die("not a number: %s", s);
	return v;
}

int
main(int argc, char **argv)
{
	struct opts op = { 0, NULL, 1000, 60, 'T', 1, 0, 0, 0, 0, (unsigned long)-1, 4.0, 10, 2, 0 };
	struct out o = { NULL, NULL, 0, 0 };
	struct stats st = { 0, 0, 0 };
	int i;

	if (argc < 3)
		usage();
	if (!strcmp(argv[1], "eventlog"))
		op.eventlog = 1;
	else if (strcmp(argv[1], "hp"))
		usage();
	op.out = argv[2];
	for (i = 3; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--nospace"))
			op.nospace = 1;
		else if (!strcmp(a, "--running"))
			op.running = 1;
		else if (!strcmp(a, "--spikes"))
			op.spikes = 1;
		else if (!v)
			usage();
		else if (!strcmp(a, "-n"))
			op.samples = num(v), i++;
		else if (!strcmp(a, "-b"))
			op.bands = num(v), i++;
		else if (!strcmp(a, "-s"))
			op.seed = num(v), i++;
		else if (!strcmp(a, "-g"))
			op.gcs = num(v), i++;
		else if (!strcmp(a, "-c"))
			op.caps = (unsigned)num(v), i++;
		else if (!strcmp(a, "-m") && strlen(v) == 1 && strchr("Tcydp", v[0]))
			op.mode = v[0], i++;
		else if (!strcmp(a, "--dt") && v)
			op.dt = atof(v), i++;
		else if (!strcmp(a, "-r"))
			op.ratio = atof(v), i++;
		else if (!strcmp(a, "--range")) {
			char *colon = strchr(v, ':');

			if (!colon)
				usage();
			*colon = 0;
			op.from = num(v);
			op.to = num(colon + 1);
			i++;
		} else
			usage();
	}
	if (!op.samples || !op.bands || op.bands > 1000000 || !op.caps || op.caps > 256
	    || op.ratio < 0 || op.ratio > 1e6 || op.gcs > 1000000)
		die("samples, bands (<= 1e6), caps (1..256), ratio or gcs out of range");

	o.f = strcmp(op.out, "-") ? fopen(op.out, "wb") : stdout;
	if (!o.f)
		die("cannot open %s: %s", op.out, strerror(errno));
	o.buf = xmalloc(8u << 20);
	if (op.eventlog)
		gen_eventlog(&op, &o, &st);
	else
		gen_hp(&op, &o, &st);
	out_flush(&o);
	if (fflush(o.f) || (o.f != stdout && fclose(o.f)))
		die("write %s: %s", op.out, strerror(errno));
	free(o.buf);

	if (o.f != stdout && op.from == 0 && op.to == (unsigned long)-1) {
		char meta[4096];
		FILE *m;

		snprintf(meta, sizeof meta, "%s.meta", op.out);
		m = fopen(meta, "w");
		if (!m)
			die("cannot open %s: %s", meta, strerror(errno));
		fprintf(m, "kind=%s\nmode=%c\nsamples=%" PRIu64 "\nbands=%lu\n"
			"entries=%" PRIu64 "\nresidency_sum=%" PRIu64 "\nbytes=%" PRIu64 "\n",
			op.eventlog ? "eventlog" : "hp", op.mode, st.samples, op.bands,
			st.entries, st.sum, o.total);
		if (fclose(m))
			die("write %s: %s", meta, strerror(errno));
	}
	return 0;
}
