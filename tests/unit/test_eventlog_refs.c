/*
 * tests/unit/test_eventlog_refs.c - every eventlog the repository holds
 * against its ghc-events decoding (tests/eventlog-ref/make): the heap
 * samples value for value (NAME.txt), the time or ticky samples
 * (NAME.ticks.txt), and each -hi band's info-table provenance
 * (NAME.ipe.txt); and no warning on any of them but the one log that is
 * cut on purpose.  The logs come from GHC 6.12 to 9.6, including those
 * whose RTS declares some event sizes wrong (hp/eventlog.c, SIZES GHC
 * DECLARES WRONG).
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hp/model.h"
#include "hp/parts.h"
#include "hp/reader.h"
#include "tests/eventlog-ref/check.h"
#include "testutil.h"

/* Where make looks for eventlogs, in its order. */
static const char *const log_dirs[] = {
	"tests/data/ghc-events", "tests/data/ghc-9.6", "samples", "tests/eventlog-ref/gen",
	"tests/data/kinds",
};

/* Damaged on purpose: the warnings each must give. */
static size_t
expected_warnings(const char *name)
{
	return !strcmp(name, "testlog-part");	/* cut at 10 KiB */
}

static int
find_log(const char *name, char *path, size_t len)
{
	size_t i;
	FILE *f;

	for (i = 0; i < sizeof log_dirs / sizeof *log_dirs; i++) {
		snprintf(path, len, "%s/%s.eventlog", tu_src(log_dirs[i]), name);
		if ((f = fopen(path, "rb"))) {
			fclose(f);
			return 0;
		}
	}
	return -1;
}

static int
file_exists(const char *path)
{
	FILE *f = fopen(path, "rb");

	if (f)
		fclose(f);
	return f != NULL;
}

/* dump.hs writes \\, \t and \n for a backslash, TAB, newline. */
static void
unescape(char *s)
{
	char *o = s;

	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			*o++ = *s == 't' ? '\t' : *s == 'n' ? '\n' : *s;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

/* NAME.ipe.txt: every line's info table, where the profile has a band for
 * it, carries exactly those fields.  Returns the bands checked. */
static size_t
ipe_agrees(const char *name, const char *ref, const hp_model *m)
{
	FILE *f = fopen(ref, "rb");
	char *line = NULL;
	size_t cap = 0, checked = 0;
	ssize_t len;

	assert_non_null(f);
	while ((len = getline(&line, &cap, f)) > 0) {
		char *field[7], *p = line + 4;
		const struct hp_ipe *ipe;
		hp_band b;
		int k;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		assert_memory_equal(line, "IPE ", 4);
		for (k = 0; k < 7; k++) {
			field[k] = p;
			p = strchr(p, '\t');
			if (k < 6) {
				if (!p)
					fail_msg("%s: short line", ref);
				*p++ = '\0';
			}
			unescape(field[k]);
		}
		if (!hp_model_lookup(m, field[0], strlen(field[0]), &b))
			continue;
		ipe = hp_model_band_ipe(m, b);
		if (!ipe)
			fail_msg("%s: band %s has no IPE", name, field[0]);
		assert_string_equal(ipe->table_name, field[1]);
		assert_string_equal(ipe->closure_desc, field[2]);
		assert_string_equal(ipe->type_desc, field[3]);
		assert_string_equal(ipe->label, field[4]);
		assert_string_equal(ipe->module, field[5]);
		assert_string_equal(ipe->srcloc, field[6]);
		checked++;
	}
	free(line);
	fclose(f);
	return checked;
}

static void
every_log_agrees(void **state)
{
	char dirp[4096], ref[4400], logp[4400], why[512];
	size_t logs = 0, samples = 0, values = 0, ticks = 0, ipes = 0;
	struct dirent *d;
	DIR *dp;

	(void)state;
	snprintf(dirp, sizeof dirp, "%s", tu_src("tests/eventlog-ref"));
	dp = opendir(dirp);
	assert_non_null(dp);
	while ((d = readdir(dp))) {
		size_t n = strlen(d->d_name), i;
		char name[256];
		struct hp_err err = {{0}};
		struct ref *r;
		hp_model *m;
		const hp_model *heap, *prof;

		/* NAME.txt, not NAME.ticks.txt or NAME.ipe.txt */
		if (n < 5 || n - 4 >= sizeof name || strcmp(d->d_name + n - 4, ".txt") ||
		    (n > 10 && !strcmp(d->d_name + n - 10, ".ticks.txt")) ||
		    (n > 8 && !strcmp(d->d_name + n - 8, ".ipe.txt")))
			continue;
		memcpy(name, d->d_name, n - 4);
		name[n - 4] = '\0';
		if (!strcmp(name, "eventlog2html-ghc"))
			continue;	/* read in test_eventlog.c; slow under ASan */
		if (find_log(name, logp, sizeof logp))
			fail_msg("%s: no eventlog for this reference", name);
		m = hp_model_new();
		assert_non_null(m);
		if (hp_read_file(m, logp, &err))
			fail_msg("%s: %s", logp, err.msg);
		if (hp_model_warning_count(m) != expected_warnings(name))
			fail_msg("%s: %zu warnings (%s)", name, hp_model_warning_count(m),
				 hp_model_warning_count(m) ? hp_model_warning(m, 0) : "");
		snprintf(ref, sizeof ref, "%s/%s.txt", dirp, name);
		r = ref_load(ref);
		if (!r)
			fail_msg("cannot read %s", ref);
		/* a log of several profiles (tests/data/kinds): its heap
		 * part against the heap samples, its time or ticky part
		 * against the ticks (hp/parts.h) */
		heap = hp_part_get(m, HP_PART_HEAP);
		prof = hp_part_get(m, HP_PART_TIME);
		if (!prof)
			prof = hp_part_get(m, HP_PART_TICKY);
		if (!heap)
			heap = m;
		if (!prof)
			prof = m;
		if (hp_model_profile(heap) == HP_PROFILE_HEAP || r->n) {
			if (ref_check(r, heap, why, sizeof why))
				fail_msg("%s: %s", name, why);
			samples += r->n;
			for (i = 0; i < r->n; i++)
				values += r->s[i].n;
		}
		ref_free(r);
		snprintf(ref, sizeof ref, "%s/%s.ticks.txt", dirp, name);
		if (file_exists(ref)) {
			hp_model *want = tref_expect(ref, HP_MEASURE_ALLOC, 0);

			if (!want)
				fail_msg("cannot read %s", ref);
			if (tref_same(want, prof, why, sizeof why))
				fail_msg("%s: %s", name, why);
			ticks += hp_model_sample_count(prof);
			hp_model_free(want);
		}
		snprintf(ref, sizeof ref, "%s/%s.ipe.txt", dirp, name);
		if (file_exists(ref))
			ipes += ipe_agrees(name, ref, m);
		hp_model_free(m);
		logs++;
	}
	closedir(dp);
	printf("%zu logs agree with ghc-events: %zu heap samples (%zu values), "
	       "%zu time/ticky columns, %zu -hi bands' IPE\n",
	       logs, samples, values, ticks, ipes);
	assert_true(logs >= 30);
	assert_true(ipes >= 50);
}

/* Every eventlog in those folders has a reference: none is left out
 * because ghc-events could not read it (make lists such in FAILED). */
static void
every_log_has_a_reference(void **state)
{
	char path[4400];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof log_dirs / sizeof *log_dirs; i++) {
		DIR *dp = opendir(tu_src(log_dirs[i]));
		struct dirent *d;

		assert_non_null(dp);
		while ((d = readdir(dp))) {
			size_t n = strlen(d->d_name);

			if (n < 10 || strcmp(d->d_name + n - 9, ".eventlog"))
				continue;
			snprintf(path, sizeof path, "%s/%.*s.txt", tu_src("tests/eventlog-ref"),
				 (int)(n - 9), d->d_name);
			if (!file_exists(path))
				fail_msg("%s/%s has no reference %s", log_dirs[i], d->d_name, path);
		}
		closedir(dp);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_log_agrees),
		cmocka_unit_test(every_log_has_a_reference),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
