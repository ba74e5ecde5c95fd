/*
 * hp/reader.c - format detection, gzip, and dispatch to a frontend.
 *
 * The first bytes decide: 1f 8b is gzip, whose inflated bytes go through
 * detection again (a gzipped eventlog is fine); "hdrb" is an eventlog;
 * a quote or GHC's old first lines a ticky report; anything else is .hp
 * text.  Up to four bytes are held back until the
 * decision can be made, so one-byte chunks work too.
 *
 * A regular .hp file of 8 MiB or more is read in two halves at once, the
 * second by a thread into a model of its own that is then joined to the
 * first (hp_hpfile_join).  Where the join cannot give exactly what one read
 * gives (the first half did not end between samples, the second failed),
 * the second half is read again after the first, as one read would.
 * Files are read, not mapped: a file cut short while mapped kills the
 * reader with SIGBUS, and profiles are often read while being written.
 */
#include "reader.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include <zlib.h>

#include "frontend.h"
#include "grow.h"
#include "hpfile.h"

/* Files smaller than SPLIT_MIN are read in one go: a thread and the join
 * cost more than they save.  Larger ones are read in halves whatever
 * their size.  The join copies the second half's samples: 5 % more CPU
 * for hp-100k-60.hp (175 MB), none to see for the 1 GB hp-600k-60.hp
 * (runs beside a read in one go, load 9 to 11).  On the shared two-core
 * machine of tests/bench both were faster in halves, idle (0.30 -> 0.19
 * s, 1.22 -> 0.94 s) and with two busy loops beside them (0.62 -> 0.49
 * s, 2.35 -> 2.14 s); at load 9 to 11, 175 MB took 0.95 of the time of
 * a read in one go beside it, and 1 GB as long (1.05, quartiles 0.75 and
 * 1.76).  While the model's arrays came in 4 KiB pages, the faults of
 * the second half's own arrays made 175 MB no faster and 1 GB slower in
 * halves (grow.h).  The join gives the second half's memory back as it
 * moves it (hp_model_append_drain), so the halves need one model's
 * memory, not half as much again. */
#define SPLIT_MIN ((off_t)8 << 20)

struct hp_reader {
	hp_model *m;
	char *name;
	struct hp_read_opts opts;
	unsigned char head[4];	/* bytes held before detection */
	size_t nhead;
	int gzip;		/* inflating */
	int gz_end;		/* the last gzip member ended cleanly */
	int gz_junk;		/* non-gzip bytes followed; ignoring the rest */
	z_stream z;
	unsigned long long zin;	/* compressed bytes consumed */
	unsigned char ihead[4];	/* inflated bytes held before detection */
	size_t nihead;
	const struct hp_frontend *fe;
	void *st;
};

hp_reader *
hp_reader_new(hp_model *m, const char *name)
{
	hp_reader *r = hp_callocn(1, sizeof *r);

	if (!r)
		return NULL;
	r->m = m;
	r->name = hp_strdup(name ? name : "stdin");
	if (!r->name) {
		free(r);
		return NULL;
	}
	return r;
}

void
hp_reader_set_opts(hp_reader *r, const struct hp_read_opts *o)
{
	r->opts = *o;
}

void
hp_reader_free(hp_reader *r)
{
	if (!r)
		return;
	if (r->fe)
		r->fe->destroy(r->st);
	if (r->gzip)
		inflateEnd(&r->z);
	free(r->name);
	free(r);
}

/* A ticky report starts with the program's quoted command line (GHC 8
 * and later: "'./prog' '+RTS' ..."), or, before that, with two blank
 * lines and "ALLOCATIONS:"; a .hp starts with a keyword. */
static int
is_ticky(const unsigned char *p, size_t n)
{
	return (n >= 1 && p[0] == '\'') ||
	       (n >= 4 && (!memcmp(p, "\n\nAL", 4) || !memcmp(p, "\nSTA", 4) ||
			   !memcmp(p, "STAC", 4) || !memcmp(p, "ALLO", 4)));
}

/* The frontend for input that starts p..n; NULL when out of memory. */
static const struct hp_frontend *
start(hp_reader *r, const unsigned char *p, size_t n, struct hp_err *err)
{
	enum hp_kind k = n >= 4 && memcmp(p, "hdrb", 4) == 0 ? HP_KIND_EVENTLOG
			 : is_ticky(p, n)			    ? HP_KIND_TICKY
								    : HP_KIND_HP;
	const struct hp_frontend *fe =
		k == HP_KIND_EVENTLOG ? &hp_eventlog_frontend
		: k == HP_KIND_TICKY  ? &hp_ticky_frontend
				      : &hp_hpfile_frontend;

	hp_model_set_kind(r->m, k);
	r->st = fe->create(r->m, r->name, &r->opts);
	if (!r->st) {
		hp_err_set(err, "%s: out of memory", r->name);
		return NULL;
	}
	r->fe = fe;
	return fe;
}

/* Plain (already inflated) bytes: detect, then pass on. */
static int
plain(hp_reader *r, const unsigned char *p, size_t n, int final,
      struct hp_err *err)
{
	const struct hp_frontend *fe = r->fe;

	if (!fe) {
		size_t k = 4 - r->nihead < n ? 4 - r->nihead : n;

		if (k) {	/* p is NULL at the end of the input */
			memcpy(r->ihead + r->nihead, p, k);
			r->nihead += k;
			p += k;
			n -= k;
		}
		if (r->nihead < 4 && !final)
			return 0;
		if (!(fe = start(r, r->ihead, r->nihead, err)))
			return -1;
		if (fe->feed(r->st, r->ihead, r->nihead, err))
			return -1;
	}
	return n ? fe->feed(r->st, p, n, err) : 0;
}

/* zlib's memory comes from grow.c too, so its failures are tested. */
static voidpf
z_alloc(voidpf opaque, uInt n, uInt size)
{
	(void)opaque;
	return hp_mallocn(n, size);
}

static void
z_free(voidpf opaque, voidpf p)
{
	(void)opaque;
	free(p);
}

static int
inflate_some(hp_reader *r, const unsigned char *p, size_t n, struct hp_err *err)
{
	unsigned char out[64 * 1024];

	while (n && !r->gz_junk) {
		uInt chunk = n > (1u << 30) ? 1u << 30 : (uInt)n;
		size_t used;
		int rc;

		if (r->gz_end) {
			/* Another member may follow (as in `cat a.gz b.gz`);
			 * anything else is trailing junk, which gzip(1) ignores too. */
			if (p[0] != 0x1f) {
				hp_model_warn(r->m, "%s: byte %llu: trailing data after gzip stream ignored",
					      r->name, r->zin);
				r->gz_junk = 1;
				break;
			}
			if (inflateReset(&r->z) != Z_OK)
				return hp_err_set(err, "%s: gzip: cannot restart", r->name);
			r->gz_end = 0;
		}
		r->z.next_in = (unsigned char *)p;
		r->z.avail_in = chunk;
		do {
			r->z.next_out = out;
			r->z.avail_out = sizeof out;
			rc = inflate(&r->z, Z_NO_FLUSH);
			/* What inflated before damage is read first, so the
			 * model does not depend on where the chunks ended. */
			if (plain(r, out, sizeof out - r->z.avail_out, 0, err))
				return -1;
			if (rc == Z_MEM_ERROR)
				return hp_err_set(err, "%s: out of memory", r->name);
			if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
				return hp_err_set(err, "%s: byte %llu: corrupt gzip data (%s)",
						  r->name,
						  r->zin + (chunk - r->z.avail_in),
						  r->z.msg ? r->z.msg : "inflate failed");
		} while (rc == Z_OK && r->z.avail_out == 0);
		used = chunk - r->z.avail_in;
		r->zin += used;
		p += used;
		n -= used;
		if (rc == Z_STREAM_END)
			r->gz_end = 1;
		else if (used == 0)
			break;	/* no progress: wait for more input */
	}
	return 0;
}

int
hp_reader_feed(hp_reader *r, const void *data, size_t len, struct hp_err *err)
{
	const unsigned char *p = data;

	if (!r->gzip && !r->fe && r->nihead == 0) {
		/* Still deciding whether the raw bytes are gzip. */
		size_t k = 2 - r->nhead < len ? 2 - r->nhead : len;

		memcpy(r->head + r->nhead, p, k);
		r->nhead += k;
		p += k;
		len -= k;
		if (r->nhead < 2)
			return 0;
		if (r->head[0] == 0x1f && r->head[1] == 0x8b) {
			r->z.zalloc = z_alloc;
			r->z.zfree = z_free;
			if (inflateInit2(&r->z, 15 + 16) != Z_OK)
				return hp_err_set(err, "%s: out of memory", r->name);
			r->gzip = 1;
			if (inflate_some(r, r->head, 2, err))
				return -1;
		} else if (plain(r, r->head, 2, 0, err)) {
			return -1;
		}
	}
	if (!len)
		return 0;
	return r->gzip ? inflate_some(r, p, len, err) : plain(r, p, len, 0, err);
}

int
hp_reader_finish(hp_reader *r, struct hp_err *err)
{
	size_t nwarn = hp_model_warning_count(r->m);
	int rc;

	if (!r->gzip && !r->fe && r->nihead == 0 && r->nhead) {
		/* A one-byte input: not gzip. */
		if (plain(r, r->head, r->nhead, 0, err))
			return -1;
	}
	if (plain(r, NULL, 0, 1, err))
		return -1;
	rc = r->fe->finish(r->st, err);
	/* One cause, one warning: when the profile itself says what the cut
	 * lost (a dropped sample), the gzip cut is not reported again. */
	if (r->gzip && !r->gz_end && !r->gz_junk &&
	    hp_model_warning_count(r->m) == nwarn)
		hp_model_warn(r->m, "%s: byte %llu: gzip data is truncated; reading what it holds",
			      r->name, r->zin);
	return rc;
}

enum hp_kind
hp_reader_kind(const hp_reader *r)
{
	return r->fe ? hp_model_kind(r->m) : HP_KIND_UNKNOWN;
}

int
hp_reader_done(const hp_reader *r)
{
	return r->fe && r->fe->done && r->fe->done(r->st);
}

int
hp_read_mem(hp_model *m, const char *name, const void *data, size_t len,
	    struct hp_err *err)
{
	hp_reader *r = hp_reader_new(m, name);
	int rc;

	if (!r)
		return hp_err_set(err, "%s: out of memory", name);
	rc = hp_reader_feed(r, data, len, err);
	if (!rc)
		rc = hp_reader_finish(r, err);
	hp_reader_free(r);
	return rc;
}

/* Reads of 128 KiB: the buffer stays in the core's cache between the
 * kernel's copy and the parse.  With 1 MiB reads the copy went to memory
 * and back, and reading hp-100k-60.hp (tests/bench) cost a third more CPU
 * (0.36 s against 0.25); 64 KiB and 256 KiB were no better. */
enum { BUFSIZE = 1 << 17, PAGE = 4096 };

/* A read buffer placed so that the bytes at file offset `from` land at
 * the same offset within a page as in the file: the kernel's copy out of
 * its page cache then runs at full speed.  Misplaced by 16 bytes (where
 * malloc put it), the copy of hp-100k-60.hp cost 0.13 s more CPU, a
 * quarter of reading it. */
struct rbuf {
	unsigned char *mem;
	unsigned char *page;	/* page-aligned, BUFSIZE + PAGE bytes after */
};

static int
rbuf_init(struct rbuf *b)
{
	b->mem = hp_malloc(BUFSIZE + 2 * PAGE);
	b->page = b->mem ? b->mem + (PAGE - (uintptr_t)b->mem % PAGE) % PAGE
			 : NULL;
	return b->mem ? 0 : -1;
}

static unsigned char *
rbuf_at(const struct rbuf *b, off_t from)
{
	return b->page + (size_t)(from % PAGE);
}

/* Feed bytes from..to of fd (to -1: up to the end, however far the file
 * has grown by then) to r.  0, or -1 with err filled. */
static int
feed_range(hp_reader *r, int fd, const char *name, off_t from, off_t to,
	   const struct rbuf *rb, struct hp_err *err)
{
	while (to < 0 || from < to) {
		size_t want = to < 0 || to - from > BUFSIZE ? BUFSIZE
							    : (size_t)(to - from);
		unsigned char *buf = rbuf_at(rb, from);
		ssize_t n = pread(fd, buf, want, from);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return hp_err_set(err, "%s: read error: %s", name,
					  strerror(errno));
		if (n == 0)
			break;
		if (hp_reader_feed(r, buf, (size_t)n, err))
			return -1;
		from += n;
	}
	return 0;
}

/* The second half, read by a thread into a .hp parser of its own. */
struct half {
	int fd;
	off_t from;
	void *st;		/* hp_hpfile_frontend state */
	atomic_int stop;	/* the first half failed: give up */
	int ok;			/* read to the end and parsed without error */
};

static void *
read_half(void *arg)
{
	struct half *h = arg;
	struct rbuf rb;
	struct hp_err e;
	off_t at = h->from;

	e.msg[0] = '\0';
	h->ok = 0;
	if (rbuf_init(&rb))
		return NULL;
	while (!atomic_load(&h->stop)) {
		unsigned char *buf = rbuf_at(&rb, at);
		ssize_t n = pread(h->fd, buf, BUFSIZE, at);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			h->ok = n == 0;
			break;
		}
		if (hp_hpfile_frontend.feed(h->st, buf, (size_t)n, &e))
			break;
		at += n;
	}
	free(rb.mem);
	return NULL;
}

/* Where the second half starts: the first line start at or after `at`,
 * with begin the first that starts "BEGIN_SAMPLE" (where the first half
 * most likely ends between samples), within a buffer's length.  0 when
 * there is none, or the file is not plain .hp text. */
static off_t
split_point(int fd, off_t at, off_t size, int begin, unsigned char *buf)
{
	static const char word[] = "\nBEGIN_SAMPLE";
	const unsigned char *p, *e;
	ssize_t n;

	if (at <= 0 || at >= size)
		return 0;
	if (pread(fd, buf, 4, 0) != 4 || (buf[0] == 0x1f && buf[1] == 0x8b) ||
	    memcmp(buf, "hdrb", 4) == 0)
		return 0;
	n = pread(fd, buf, BUFSIZE, at - 1);
	if (n <= 0)
		return 0;
	for (p = buf, e = buf + n; (p = memchr(p, '\n', (size_t)(e - p))); p++) {
		if (!begin)
			return at + (p - buf);
		if ((size_t)(e - p) >= sizeof word - 1 &&
		    memcmp(p, word, sizeof word - 1) == 0)
			return at + (p - buf);
	}
	return 0;
}

/* Bytes 0..split by r, split.. by a thread; then join, or read the
 * second half with r when the join cannot be exact. */
static int
read_halves(hp_reader *r, int fd, const char *name, off_t split,
	    const struct rbuf *rb, struct hp_err *err)
{
	struct half h;
	hp_model *m2 = hp_model_new();
	pthread_t tid;
	int rc, joined = 0;

	h.fd = fd;
	h.from = split;
	h.st = m2 ? hp_hpfile_frontend.create(m2, name, &r->opts) : NULL;
	atomic_init(&h.stop, 0);
	h.ok = 0;
	if (!h.st || pthread_create(&tid, NULL, read_half, &h) != 0) {
		if (h.st)
			hp_hpfile_frontend.destroy(h.st);
		hp_model_free(m2);
		return feed_range(r, fd, name, 0, -1, rb, err);
	}
	rc = feed_range(r, fd, name, 0, split, rb, err);
	if (rc)
		atomic_store(&h.stop, 1);
	pthread_join(tid, NULL);
	if (!rc && h.ok && hp_reader_kind(r) == HP_KIND_HP && !r->gzip) {
		joined = hp_hpfile_join(r->st, h.st, err);
		if (joined < 0)
			rc = -1;
	}
	hp_hpfile_frontend.destroy(h.st);
	hp_model_free(m2);
	if (!rc && !joined)
		rc = feed_range(r, fd, name, split, -1, rb, err);
	return rc;
}

static int
read_file(hp_model *m, const char *path, off_t at, int auto_split,
	  const struct hp_read_opts *o, struct hp_err *err)
{
	int is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "stdin" : path;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	struct rbuf rb;
	hp_reader *r;
	struct stat st;
	off_t split = 0;
	int rc = 0;

	if (!f)
		return hp_err_set(err, "cannot open %s: %s", path, strerror(errno));
	rbuf_init(&rb);
	r = hp_reader_new(m, name);
	if (!rb.mem || !r) {
		rc = hp_err_set(err, "%s: out of memory", name);
		goto out;
	}
	if (o)
		hp_reader_set_opts(r, o);
	if (!is_stdin && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
		if (auto_split)
			at = st.st_size >= SPLIT_MIN &&
			     sysconf(_SC_NPROCESSORS_ONLN) > 1 ? st.st_size / 2 : 0;
		split = split_point(fileno(f), at, st.st_size, auto_split,
				    rb.page);
	}
	if (split) {
		rc = read_halves(r, fileno(f), name, split, &rb, err);
		if (rc)
			goto out;
	} else {
		for (;;) {
			/* from offset 0 in BUFSIZE steps: rb.page stays placed */
			size_t n = fread(rb.page, 1, BUFSIZE, f);

			if (n && (rc = hp_reader_feed(r, rb.page, n, err)))
				goto out;
			if (n < BUFSIZE) {
				if (ferror(f)) {
					rc = hp_err_set(err, "%s: read error: %s", name,
							strerror(errno));
					goto out;
				}
				break;
			}
		}
	}
	rc = hp_reader_finish(r, err);
out:
	hp_reader_free(r);
	free(rb.mem);
	if (!is_stdin)
		fclose(f);
	return rc;
}

/* An input without a sample: only an eventlog gets here (a .hp or a
 * ticky report without one is refused by its reader), and what it
 * lacked depends on what began.  A profile that began and ended before
 * its first sample is refused, whatever else the log holds: the run was
 * asked for that profile.  A log where none began is drawn from its
 * heap-size series, if it has any (plain +RTS -l: the GC's HEAP_SIZE,
 * HEAP_LIVE and BLOCKS_SIZE events; render/layout/layout.c, series_only). */
static int
no_samples(const hp_model *m, const char *name, struct hp_err *err)
{
	if (hp_model_profile(m) == HP_PROFILE_TICKY)
		/* GHC takes a ticky sample every heap-profile interval
		 * (rts/Proftimer.c, ticks_to_ticky_sample) */
		return hp_err_set(err, "%s: contains ticky counters but no ticky "
				  "sample: the program ended before its first "
				  "one (a smaller +RTS -i takes one sooner)", name);
	if (hp_model_profile(m) == HP_PROFILE_TIME)
		return hp_err_set(err, "%s: contains no time samples: the "
				  "program ended before its first profiling "
				  "tick", name);
	if (hp_model_get(m, HP_BREAKDOWN))	/* HEAP_PROF_BEGIN came */
		return hp_err_set(err, "%s: contains no samples: the program "
				  "ended before its first heap census (a smaller "
				  "+RTS -i takes one sooner)", name);
	if (hp_model_series_only(m))
		return 0;
	return hp_err_set(err, "%s: contains no heap profile and no heap "
			  "size: run the program with +RTS -h -l (or -hT, -hc, "
			  "... with -l) for a heap profile, or with +RTS -l "
			  "for its heap size over time", name);
}

int
hp_read_check(hp_model *m, const char *name, struct hp_err *err)
{
	size_t n = hp_model_sample_count(m), i;
	double t;

	if (n == 0)
		return no_samples(m, name, err);
	t = hp_model_sample_time(m, 0);
	/* a ticky report's one sample is drawn as bars, not over time */
	if (hp_model_sample_time(m, n - 1) == t &&
	    hp_model_profile(m) != HP_PROFILE_COUNTERS)
		hp_model_warn(m, n == 1 ? "%s: only one sample (at %g s): a graph "
			      "draws it as a step" : "%s: every sample is at %g "
			      "s: a graph draws them as a step", name, t);
	for (i = 0; i < n && hp_model_sample_sum(m, i) == 0; i++)
		;
	if (i == n)
		hp_model_warn(m, "%s: every value is 0: a graph draws its bands "
			      "flat on the axis", name);
	return 0;
}

int
hp_read_file(hp_model *m, const char *path, struct hp_err *err)
{
	return read_file(m, path, 0, 1, NULL, err);
}

int
hp_read_file_opts(hp_model *m, const char *path,
		  const struct hp_read_opts *o, struct hp_err *err)
{
	return read_file(m, path, 0, 1, o, err);
}

int
hp_read_file_split(hp_model *m, const char *path, long long at,
		   struct hp_err *err)
{
	return read_file(m, path, (off_t)at, 0, NULL, err);
}
