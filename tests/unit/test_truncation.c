/*
 * tests/unit/test_truncation.c - a .hp file cut anywhere keeps exactly
 * its complete samples.
 *
 * For every real profile (tests/data/hp/, and the .hp files in samples/),
 * the text is cut at every offset of its last 2 KiB and at 200
 * pseudo-random offsets.
 * The number k of complete samples is counted here, independently of the
 * reader, by scanning for END_SAMPLE lines whose time has begun (the
 * reader ignores END_SAMPLE's time, so "END_SAMPLE 1" closes a sample as
 * well as "END_SAMPLE 1.500000").  Reading the prefix must succeed with
 * exactly the full model's first k samples, and warn once exactly when
 * the cut falls after the start of sample k.
 *
 * Reading a 3 MB prefix 2,000 times is too slow under ASan, so past 16 KiB
 * a cut is read as the header followed by the text from the BEGIN_SAMPLE
 * two samples before the cut: at a sample boundary the reader carries
 * nothing but the header (GHC files have no MARKs or header lines among
 * the samples; files that do are read whole, at fewer offsets), so the
 * result must be samples k-2 .. k-1 of the full model.  A few full
 * prefixes per file still check the whole path.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glob.h>
#include <zlib.h>
#include <cmocka.h>

#include "hp/model.h"
#include "hp/reader.h"
#include "modelcmp.h"
#include "testutil.h"

#define WHOLE_LIMIT (16u << 10)

struct layout {
	size_t *begin;		/* line start of each BEGIN_SAMPLE */
	size_t *done;		/* per END_SAMPLE: shortest prefix holding it */
	size_t nbegin, ndone;
	int plain;		/* no header or MARK line after the first sample */
};

static int
starts(const char *p, const char *e, const char *word)
{
	size_t k = strlen(word);

	return (size_t)(e - p) >= k && memcmp(p, word, k) == 0;
}

static void
scan(const char *text, size_t len, struct layout *l)
{
	const char *p = text, *e = text + len;

	memset(l, 0, sizeof *l);
	l->begin = malloc((len / 8 + 1) * sizeof *l->begin);
	l->done = malloc((len / 8 + 1) * sizeof *l->done);
	assert_non_null(l->begin);
	assert_non_null(l->done);
	l->plain = 1;
	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		const char *le = nl ? nl : e;

		if (starts(p, le, "BEGIN_SAMPLE")) {
			l->begin[l->nbegin++] = (size_t)(p - text);
		} else if (starts(p, le, "END_SAMPLE")) {
			const char *q = p + 10;

			while (q < le && (*q == ' ' || *q == '\t'))
				q++;
			if (q > p + 10 && q < le && *q >= '0' && *q <= '9')
				l->done[l->ndone++] = (size_t)(q + 1 - text);
		} else if (l->nbegin && (starts(p, le, "MARK") || starts(p, le, "JOB") ||
					 starts(p, le, "DATE") || starts(p, le, "SAMPLE_UNIT") ||
					 starts(p, le, "VALUE_UNIT"))) {
			l->plain = 0;
		}
		p = nl ? nl + 1 : e;
	}
}

static size_t
complete_before(const struct layout *l, size_t cut)
{
	size_t lo = 0, hi = l->ndone;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (l->done[mid] <= cut)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Read text[0, head) + text[from, cut) and check it against samples
 * first.. of the full model. */
static void
check_cut(const char *what, const char *text, const struct layout *l,
	  const hp_model *full, size_t cut, size_t head, size_t from,
	  size_t first)
{
	size_t k = complete_before(l, cut), n = head + (cut - from);
	char *buf = malloc(n + 1);
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	size_t want_warn = k < l->nbegin && cut > l->begin[k];
	const char *d;
	int rc;

	assert_non_null(buf);
	memcpy(buf, text, head);
	memcpy(buf + head, text + from, cut - from);
	rc = hp_read_mem(m, "cut.hp", buf, n, &err);
	if (k == 0) {
		if (rc != -1 || (strncmp(err.msg, "cut.hp: contains no samples:", 28) &&
				 strcmp(err.msg, "cut.hp: empty file")))
			fail_msg("%s cut at %zu: rc %d, \"%s\"", what, cut, rc, err.msg);
		goto out;
	}
	if (rc)
		fail_msg("%s cut at %zu: %s", what, cut, err.msg);
	if (hp_model_sample_count(m) != k - first)
		fail_msg("%s cut at %zu: %zu samples, want %zu", what, cut,
			 hp_model_sample_count(m), k - first);
	if ((d = mc_header_diff(m, full)) || (d = mc_samples_diff(m, 0, full, first, k - first)))
		fail_msg("%s cut at %zu: %s", what, cut, d);
	if (hp_model_warning_count(m) != want_warn)
		fail_msg("%s cut at %zu: %zu warnings (%s), want %zu", what, cut,
			 hp_model_warning_count(m),
			 hp_model_warning_count(m) ? hp_model_warning(m, 0) : "", want_warn);
out:
	hp_model_free(m);
	free(buf);
}

static void
check_offset(const char *what, const char *text, size_t len,
	     const struct layout *l, const hp_model *full, size_t cut, int whole)
{
	size_t k = complete_before(l, cut), j;

	(void)len;
	if (whole || k < 2 || !l->plain) {
		check_cut(what, text, l, full, cut, cut, cut, 0);
		return;
	}
	j = k - 2;
	check_cut(what, text, l, full, cut, l->begin[0], l->begin[j], j);
}

static void
check_text(const char *what, const char *text, size_t len)
{
	hp_model *full = hp_model_new();
	struct hp_err err = {{0}};
	struct layout l;
	uint64_t seed = 0x9e3779b97f4a7c15ull ^ len;
	size_t cut, i, from = len > 2048 ? len - 2048 : 0;
	int whole = len <= WHOLE_LIMIT;
	size_t nrandom;

	if (hp_read_mem(full, "full.hp", text, len, &err))
		fail_msg("%s: %s", what, err.msg);
	scan(text, len, &l);
	nrandom = whole || l.plain ? 200 : 20;
	if (l.ndone != hp_model_sample_count(full))
		fail_msg("%s: %zu END_SAMPLE lines, %zu samples read", what, l.ndone,
			 hp_model_sample_count(full));
	if (!whole && !l.plain)
		from = len > 64 ? len - 64 : 0;	/* whole reads only: fewer */
	for (cut = from; cut <= len; cut++)
		check_offset(what, text, len, &l, full, cut, whole);
	for (i = 0; i < nrandom; i++)
		check_offset(what, text, len, &l, full, (size_t)(rnd(&seed) % len), whole);
	/* full prefixes of big files too */
	for (i = 0; i < 4 && !whole; i++)
		check_offset(what, text, len, &l, full, (size_t)(rnd(&seed) % len), 1);
	if (!whole)
		check_offset(what, text, len, &l, full, len - 1000, 1);
	free(l.begin);
	free(l.done);
	hp_model_free(full);
}

static char *
inflate_file(const char *path, size_t *len)
{
	size_t zlen, cap = 1u << 20;
	char *z = tu_slurp(path, &zlen), *out = malloc(cap);
	z_stream s;
	int rc;

	assert_non_null(z);
	assert_non_null(out);
	memset(&s, 0, sizeof s);
	assert_int_equal(inflateInit2(&s, 15 + 16), Z_OK);
	s.next_in = (unsigned char *)z;
	s.avail_in = (uInt)zlen;
	do {
		if (s.total_out == cap) {
			out = realloc(out, cap *= 2);
			assert_non_null(out);
		}
		s.next_out = (unsigned char *)out + s.total_out;
		s.avail_out = (uInt)(cap - s.total_out);
		rc = inflate(&s, Z_NO_FLUSH);
	} while (rc == Z_OK);
	assert_int_equal(rc, Z_STREAM_END);
	*len = s.total_out;
	inflateEnd(&s);
	free(z);
	return out;
}

static void
check_file(const char *path)
{
	size_t len;
	char *text = strstr(path, ".gz") ? inflate_file(path, &len) : tu_slurp(path, &len);

	if (!text)
		fail_msg("cannot read %s", path);
	check_text(path, text, len);
	free(text);
}

static void
testdata(void **state)
{
	static const char *const files[] = {
		"dilcue-Main.hp", "hp2any-example.hp", "startstopfrp-test.hp",
		"hackage-query.hp", "Describe2.hp.gz",
	};
	char rel[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof files / sizeof *files; i++) {
		snprintf(rel, sizeof rel, "hp/%s", files[i]);
		check_file(tu_data(rel));
	}
}

static void
samples_dir(void **state)
{
	glob_t g;
	size_t i;

	(void)state;
	if (glob(tu_src("samples/*.hp"), 0, NULL, &g) != 0)
		return;		/* none generated yet */
	for (i = 0; i < g.gl_pathc; i++)
		check_file(g.gl_pathv[i]);
	globfree(&g);
}

/* The independent count agrees with hand-made cases. */
static void
counting(void **state)
{
	static const char text[] =
		"JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n"
		"BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.5\nx\t1\nEND_SAMPLE 1.5\n";
	struct layout l;
	size_t end2 = sizeof text - 1 - 3;	/* just after "END_SAMPLE 1" */

	(void)state;
	scan(text, sizeof text - 1, &l);
	assert_int_equal(l.nbegin, 2);
	assert_int_equal(l.ndone, 2);
	assert_int_equal(complete_before(&l, end2 - 1), 1);
	assert_int_equal(complete_before(&l, end2), 2);
	free(l.begin);
	free(l.done);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counting),
		cmocka_unit_test(testdata),
		cmocka_unit_test(samples_dir),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
