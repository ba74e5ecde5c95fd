/*
 * hp/reader.c - format detection, gzip, and dispatch to a frontend.
 *
 * The first bytes decide: 1f 8b is gzip, whose inflated bytes go through
 * detection again (a gzipped eventlog is fine); "hdrb" is an eventlog;
 * anything else is .hp text.  Up to four bytes are held back until the
 * decision can be made, so one-byte chunks work too.
 */
#include "reader.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "frontend.h"

struct hp_reader {
	hp_model *m;
	char *name;
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
	hp_reader *r = calloc(1, sizeof *r);

	if (!r)
		return NULL;
	r->m = m;
	r->name = strdup(name ? name : "stdin");
	if (!r->name) {
		free(r);
		return NULL;
	}
	return r;
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

static int
start(hp_reader *r, const unsigned char *p, size_t n, struct hp_err *err)
{
	r->fe = n >= 4 && memcmp(p, "hdrb", 4) == 0 ? &hp_eventlog_frontend
						     : &hp_hpfile_frontend;
	r->st = r->fe->create(r->m, r->name);
	if (!r->st)
		return hp_err_set(err, "%s: out of memory", r->name);
	return 0;
}

/* Plain (already inflated) bytes: detect, then pass on. */
static int
plain(hp_reader *r, const unsigned char *p, size_t n, int final,
      struct hp_err *err)
{
	if (!r->fe) {
		size_t k = 4 - r->nihead < n ? 4 - r->nihead : n;

		if (k) {	/* p is NULL at the end of the input */
			memcpy(r->ihead + r->nihead, p, k);
			r->nihead += k;
			p += k;
			n -= k;
		}
		if (r->nihead < 4 && !final)
			return 0;
		if (start(r, r->ihead, r->nihead, err))
			return -1;
		if (r->fe->feed(r->st, r->ihead, r->nihead, err))
			return -1;
	}
	return n ? r->fe->feed(r->st, p, n, err) : 0;
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
	if (!r->fe)
		return HP_KIND_UNKNOWN;
	return r->fe == &hp_eventlog_frontend ? HP_KIND_EVENTLOG : HP_KIND_HP;
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

int
hp_read_file(hp_model *m, const char *path, struct hp_err *err)
{
	int is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "stdin" : path;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	static const size_t bufsize = 1 << 20;
	unsigned char *buf;
	hp_reader *r;
	int rc = 0;

	if (!f)
		return hp_err_set(err, "cannot open %s: %s", path, strerror(errno));
	buf = malloc(bufsize);
	r = hp_reader_new(m, name);
	if (!buf || !r) {
		rc = hp_err_set(err, "%s: out of memory", name);
		goto out;
	}
	for (;;) {
		size_t n = fread(buf, 1, bufsize, f);

		if (n && (rc = hp_reader_feed(r, buf, n, err)))
			goto out;
		if (n < bufsize) {
			if (ferror(f)) {
				rc = hp_err_set(err, "%s: read error: %s", name,
						strerror(errno));
				goto out;
			}
			break;
		}
	}
	rc = hp_reader_finish(r, err);
out:
	hp_reader_free(r);
	free(buf);
	if (!is_stdin)
		fclose(f);
	return rc;
}
