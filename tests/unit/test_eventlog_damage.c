/*
 * tests/unit/test_eventlog_damage.c - damaged real eventlogs: every file
 * in samples/ and tests/data/ghc-events/, cut at every offset through its
 * header and the first KiB after it, then every 7th offset on average
 * to 64 KiB and at 500 offsets beyond; then with single bytes changed,
 * junk appended, and twice in a row.
 *
 * Past that first KiB the step between cuts is random, 1 to 13 bytes, so
 * that the cuts still fall at every place inside a run of events of one
 * size (a fixed step would hit the same few), in a sixth of the time of
 * every offset (21 s of CPU).  HP2X_DAMAGE_STRIDE=N (the sanitizer
 * build's ctest sets 61) makes the average step N, for the slow sanitizer
 * build.
 *
 * A cut must read without error once the header is complete (and fail
 * cleanly, naming the byte, before that), warn at most once, and give a
 * prefix of the whole file's samples.  Feeding the prefix to a fresh
 * frontend is the fast path: no copies, no reader, no file I/O per cut.
 */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hp/frontend.h"
#include "hp/model.h"
#include "tests/eventlog-ref/check.h"
#include "testutil.h"

#define EVERY_OFFSET (64 * 1024)
#define DENSE_AFTER_HEADER 1024	/* every offset this far past the header */
#define MEAN_STEP 7		/* then steps of 1 to 2 * 7 - 1 bytes */
#define RANDOM_CUTS 500
#define MUTATION_BYTES (16u << 20)	/* bytes read by mutations, per file */

static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

struct file {
	char *path;
	const char *name;	/* for messages */
	unsigned char *data;
	size_t len;
	size_t header;		/* bytes up to and including "datb" */
	int has_end;		/* the header declares HEAP_PROF_SAMPLE_END */
	hp_model *full;
};

/* Read data[0..n) fed in two chunks split at split. */
static hp_model *
read_cut(const struct file *f, const unsigned char *data, size_t n,
	 size_t split, int *rc, struct hp_err *err)
{
	const struct hp_frontend *fe = &hp_eventlog_frontend;
	hp_model *m = hp_model_new();
	void *st;

	assert_non_null(m);
	st = fe->create(m, f->name, &(struct hp_read_opts){ 0 });
	assert_non_null(st);
	hp_err_clear(err);
	*rc = fe->feed(st, data, split, err);
	if (!*rc)
		*rc = fe->feed(st, data + split, n - split, err);
	if (!*rc)
		*rc = fe->finish(st, err);
	fe->destroy(st);
	return m;
}

static int
load(struct file *f, const char *path)
{
	struct hp_err err = {{0}};
	const unsigned char *d;
	size_t i;
	int rc;

	memset(f, 0, sizeof *f);
	f->path = strdup(path);
	f->name = strrchr(f->path, '/') ? strrchr(f->path, '/') + 1 : f->path;
	f->data = (unsigned char *)tu_slurp(path, &f->len);
	if (!f->data)
		return -1;
	for (d = f->data; d + 12 <= f->data + f->len; d++)
		if (!memcmp(d, "hetehdredatb", 12))
			break;
	if (d + 12 > f->data + f->len)
		return -1;
	f->header = (size_t)(d - f->data) + 12;
	for (i = 0; i + 6 <= f->header; i++)
		if (!memcmp(f->data + i, "etb\0\0\xa5", 6))
			f->has_end = 1;
	f->full = read_cut(f, f->data, f->len, f->len, &rc, &err);
	if (rc)
		fail_msg("%s: %s", path, err.msg);
	return 0;
}

static void
unload(struct file *f)
{
	hp_model_free(f->full);
	free(f->data);
	free(f->path);
}

/* The cut's samples are a prefix of the whole file's.  Its last sample may
 * be cut itself in a log without 165 (the end of input ends a sample), and
 * a time profile's last column may hold fewer ticks. */
static void
check_prefix(const struct file *f, const hp_model *m, size_t cut)
{
	size_t n = hp_model_sample_count(m), i;

	if (n > hp_model_sample_count(f->full))
		fail_msg("%s cut at %zu: %zu samples, whole file %zu", f->name,
			 cut, n, hp_model_sample_count(f->full));
	for (i = 0; i < n; i++) {
		int last = i + 1 == n;

		if (!sample_same(m, i, f->full, i, 0) &&
		    !(last && !f->has_end && sample_same(m, i, f->full, i, 1)) &&
		    !(last && hp_model_profile(m) == HP_PROFILE_TIME &&
		      sample_within(m, i, f->full, i)))
			fail_msg("%s cut at %zu: sample %zu differs from the whole file's",
				 f->name, cut, i);
	}
	if (hp_model_warning_count(m) > 1)
		fail_msg("%s cut at %zu: %zu warnings", f->name, cut,
			 hp_model_warning_count(m));
}

static void
cut_one(const struct file *f, size_t cut, uint64_t *seed)
{
	struct hp_err err = {{0}};
	size_t split = cut ? (size_t)(rnd(seed) % (cut + 1)) : 0;
	hp_model *m;
	char want[300];
	int rc;

	m = read_cut(f, f->data, cut, split, &rc, &err);
	if (cut < f->header) {
		snprintf(want, sizeof want, "%s: byte ", f->name);
		if (rc != -1 || strncmp(err.msg, want, strlen(want)))
			fail_msg("%s cut at %zu (in the header): rc %d, \"%s\"",
				 f->name, cut, rc, err.msg);
	} else {
		if (rc)
			fail_msg("%s cut at %zu: %s", f->name, cut, err.msg);
		check_prefix(f, m, cut);
	}
	hp_model_free(m);
}

static size_t
files(glob_t *g)
{
	char pattern[4200];
	int flags = 0;

	snprintf(pattern, sizeof pattern, "%s", tu_data("ghc-events/*.eventlog"));
	if (glob(pattern, flags, NULL, g))
		fail_msg("no %s", pattern);
	flags |= GLOB_APPEND;
	snprintf(pattern, sizeof pattern, "%s", tu_src("samples/*.eventlog"));
	if (glob(pattern, flags, NULL, g) == GLOB_NOMATCH)
		fail_msg("no %s: the GHC sample profiles are missing (samples/regenerate makes them)",
			 pattern);
	return g->gl_pathc;
}

/* The mean step between cuts past the dense part: MEAN_STEP unless
 * HP2X_DAMAGE_STRIDE. */
static size_t
stride(void)
{
	const char *s = getenv("HP2X_DAMAGE_STRIDE");
	long v = s ? strtol(s, NULL, 10) : MEAN_STEP;

	return v > 1 ? (size_t)v : 1;
}

/* The cut after cut: the next offset while in the header or its first
 * DENSE_AFTER_HEADER bytes after, else 1 to 2 * mean - 1 bytes on. */
static size_t
next_cut(const struct file *f, size_t cut, size_t mean, uint64_t *seed)
{
	if (cut < f->header + DENSE_AFTER_HEADER || mean == 1)
		return cut + 1;
	return cut + 1 + (size_t)(rnd(seed) % (2 * mean - 1));
}

static void
cut_everywhere(void **state)
{
	size_t i, cut, k, n, step = stride();
	glob_t g;

	(void)state;
	for (i = 0, n = files(&g); i < n; i++) {
		uint64_t seed = 0x9e3779b97f4a7c15ull + i;
		struct file f;

		if (load(&f, g.gl_pathv[i]))
			fail_msg("%s: cannot read, or no header", g.gl_pathv[i]);
		for (cut = 0; cut < f.len && cut <= EVERY_OFFSET;
		     cut = next_cut(&f, cut, step, &seed))
			cut_one(&f, cut, &seed);
		for (k = 0; f.len > EVERY_OFFSET + 1 && k < RANDOM_CUTS; k++) {
			cut = EVERY_OFFSET + 1 +
			      (size_t)(rnd(&seed) % (f.len - EVERY_OFFSET - 1));
			cut_one(&f, cut, &seed);
		}
		unload(&f);
	}
	globfree(&g);
}

/* One byte changed anywhere after the header: no error, at most one
 * warning, and nothing the sanitizers object to. */
static void
bytes_changed(void **state)
{
	size_t i, k, trials, n;
	glob_t g;

	(void)state;
	for (i = 0, n = files(&g); i < n; i++) {
		uint64_t seed = 0x2545f4914f6cdd1dull + i;
		struct hp_err err = {{0}};
		unsigned char *copy;
		struct file f;
		int rc;

		if (load(&f, g.gl_pathv[i]))
			fail_msg("%s: cannot read, or no header", g.gl_pathv[i]);
		copy = malloc(f.len);
		assert_non_null(copy);
		memcpy(copy, f.data, f.len);
		trials = MUTATION_BYTES / f.len;
		if (trials > 200)
			trials = 200;
		for (k = 0; k < trials && f.len > f.header; k++) {
			size_t at = f.header + (size_t)(rnd(&seed) % (f.len - f.header));
			unsigned char was = copy[at];
			hp_model *m;

			copy[at] = (unsigned char)(rnd(&seed) >> 24);
			m = read_cut(&f, copy, f.len, (size_t)(rnd(&seed) % f.len), &rc, &err);
			if (rc || hp_model_warning_count(m) > 1)
				fail_msg("%s with byte %zu = %u: rc %d (%s), %zu warnings",
					 f.name, at, copy[at], rc, err.msg,
					 hp_model_warning_count(m));
			hp_model_free(m);
			copy[at] = was;
		}
		free(copy);
		unload(&f);
	}
	globfree(&g);
}

/* Junk after a complete log: one warning, the same samples.  The same log
 * twice (a restarted eventlog): twice the samples, later in time. */
static void
junk_and_restart(void **state)
{
	size_t i, k, n, nf;
	glob_t g;

	(void)state;
	for (i = 0, nf = files(&g); i < nf; i++) {
		uint64_t seed = 0x853c49e6748fea9bull + i;
		struct hp_err err = {{0}};
		unsigned char *buf;
		struct file f;
		hp_model *m;
		int rc;

		if (load(&f, g.gl_pathv[i]))
			fail_msg("%s: cannot read, or no header", g.gl_pathv[i]);
		if (hp_model_warning_count(f.full)) {
			unload(&f);	/* already damaged (testlog-part) */
			continue;
		}
		buf = malloc(2 * f.len + 1000);
		assert_non_null(buf);
		memcpy(buf, f.data, f.len);
		for (k = 0; k < 1000; k++)
			buf[f.len + k] = (unsigned char)(rnd(&seed) >> 13);
		buf[f.len] = 'x';	/* surely not "hdrb" */
		m = read_cut(&f, buf, f.len + 1000, f.len + 3, &rc, &err);
		assert_int_equal(rc, 0);
		assert_int_equal(hp_model_warning_count(m), 1);
		hp_model_free(m);

		memcpy(buf + f.len, f.data, f.len);
		m = read_cut(&f, buf, 2 * f.len, (size_t)(rnd(&seed) % (2 * f.len)),
			     &rc, &err);
		assert_int_equal(rc, 0);
		n = hp_model_sample_count(f.full);
		if (hp_model_sample_count(m) != 2 * n || hp_model_warning_count(m))
			fail_msg("%s twice: %zu samples (want %zu), %zu warnings",
				 f.name, hp_model_sample_count(m), 2 * n,
				 hp_model_warning_count(m));
		for (k = 0; k < n; k++) {
			const hp_band *b1, *b2;
			const uint64_t *v1, *v2;
			size_t n1 = hp_model_sample(m, k, &b1, &v1);
			size_t n2 = hp_model_sample(m, n + k, &b2, &v2);

			/* (a model with only empty samples has no entry arrays) */
			if (n1 != n2 || (n1 && (memcmp(b1, b2, n1 * sizeof *b1) ||
						memcmp(v1, v2, n1 * sizeof *v1))) ||
			    hp_model_sample_time(m, n + k) < hp_model_sample_time(m, n - 1))
				fail_msg("%s twice: sample %zu differs", f.name, n + k);
		}
		hp_model_free(m);
		free(buf);
		unload(&f);
	}
	globfree(&g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cut_everywhere),
		cmocka_unit_test(bytes_changed),
		cmocka_unit_test(junk_and_restart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
