/*
 * tests/unit/test_eventlog_pairs.c - every samples/X.eventlog against
 * samples/X.hp, written by GHC in the same run: band for band, value for
 * value, and the same JOB and DATE.
 *
 * The .hp is parsed here, independently of hp/hpfile.c, so the test
 * checks the eventlog reader against GHC alone.  Allowed differences (GHC
 * writes them only to the .hp): times (.hp has mutator CPU seconds), the
 * empty first and last samples, the "(ccsID)" prefix and -L truncation of
 * -hc names (compared as GHC truncates: L-4 characters and "..."), and the
 * -hr band MANY.  And the numbers --summary gives (check_numbers): every
 * band's last value and peak are the same from either file.
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

#include "hp/model.h"
#include "hp/reader.h"
#include "hp/stats.h"
#include "testutil.h"

#define MIN_PAIRS 7

struct kv {
	char *key;
	uint64_t v;
};

struct set {
	struct kv *e;
	size_t n;
};

struct hpfile {
	char *job, *date;
	struct set *s;		/* samples, .hp order */
	size_t n;
	int limit;		/* -L from the JOB, or GHC's default 25 */
};

static void
set_add(struct set *s, const char *k, size_t len, uint64_t v)
{
	s->e = realloc(s->e, (s->n + 1) * sizeof *s->e);
	assert_non_null(s->e);
	s->e[s->n].key = strndup(k, len);
	assert_non_null(s->e[s->n].key);
	s->e[s->n++].v = v;
}

static int
kv_cmp(const void *a, const void *b)
{
	return strcmp(((const struct kv *)a)->key, ((const struct kv *)b)->key);
}

/* Sorted by key, equal keys summed, zeros gone. */
static void
set_norm(struct set *s)
{
	size_t i, o = 0;

	qsort(s->e, s->n, sizeof *s->e, kv_cmp);
	for (i = 0; i < s->n; i++) {
		if (o && !strcmp(s->e[o - 1].key, s->e[i].key)) {
			s->e[o - 1].v += s->e[i].v;
			free(s->e[i].key);
			continue;
		}
		s->e[o++] = s->e[i];
	}
	s->n = o;
	for (i = o = 0; i < s->n; i++) {
		if (!s->e[i].v) {
			free(s->e[i].key);
			continue;
		}
		s->e[o++] = s->e[i];
	}
	s->n = o;
}

static void
set_free(struct set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->e[i].key);
	free(s->e);
}

/* The text between the quotes, "" read as ". */
static char *
quoted(const char *p, const char *end)
{
	char *s = malloc((size_t)(end - p) + 1), *o = s;

	assert_non_null(s);
	p = memchr(p, '"', (size_t)(end - p));
	assert_non_null(p);
	for (p++; p < end; p++) {
		if (*p == '"' && p + 1 < end && p[1] == '"')
			p++;
		else if (*p == '"')
			break;
		*o++ = *p;
	}
	*o = '\0';
	return s;
}

static void
hp_parse(struct hpfile *h, const char *text, size_t len, int hc)
{
	const char *p = text, *end = text + len;
	int in = 0;

	memset(h, 0, sizeof *h);
	h->limit = 25;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end, *tab;

		if (e - p >= 4 && !memcmp(p, "JOB ", 4)) {
			h->job = quoted(p, e);
		} else if (e - p >= 5 && !memcmp(p, "DATE ", 5)) {
			h->date = quoted(p, e);
		} else if (e - p >= 13 && !memcmp(p, "BEGIN_SAMPLE ", 13)) {
			h->s = realloc(h->s, (h->n + 1) * sizeof *h->s);
			assert_non_null(h->s);
			memset(&h->s[h->n++], 0, sizeof *h->s);
			in = 1;
		} else if (e - p >= 11 && !memcmp(p, "END_SAMPLE ", 11)) {
			in = 0;
		} else if (in) {
			const char *k = p;

			for (tab = e; tab > p && tab[-1] != '\t'; tab--)
				;
			assert_true(tab > p);
			if (hc && *k == '(') {
				const char *q = k + 1;

				while (q < tab && *q >= '0' && *q <= '9')
					q++;
				if (q < tab && *q == ')' && q > k + 1)
					k = q + 1;
			}
			if (tab - 1 - k != 4 || memcmp(k, "MANY", 4))
				set_add(&h->s[h->n - 1], k, (size_t)(tab - 1 - k),
					strtoull(tab, NULL, 10));
		}
		p = e + 1;
	}
	assert_non_null(h->job);
	if (strstr(h->job, " -L"))
		h->limit = atoi(strstr(h->job, " -L") + 3);
	/* GHC's empty first and last samples */
	if (h->n && !h->s[0].n) {
		memmove(h->s, h->s + 1, (h->n - 1) * sizeof *h->s);
		h->n--;
	}
	if (h->n && !h->s[h->n - 1].n)
		h->n--;
}

/* "Sat Nov 21 16:56 2026" -> minutes into the day. */
static int
date_minutes(const char *d)
{
	const char *c = strchr(d, ':');

	return c && c - d >= 2 ? atoi(c - 2) * 60 + atoi(c + 1) : -1;
}

static void
check_pair(const char *ev, const char *hp, int *bad)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	struct hpfile h;
	const char *bd;
	size_t len, i, k;
	char *text;
	int hc, dm;

	if (hp_read_file(m, ev, &err)) {
		print_error("%s: %s\n", ev, err.msg);
		*bad = 1;
		goto out;
	}
	bd = hp_model_get(m, HP_BREAKDOWN);
	hc = bd && strstr(bd, "(-hc)");
	text = tu_slurp(hp, &len);
	assert_non_null(text);
	hp_parse(&h, text, len, hc);
	free(text);
	if (hp_model_warning_count(m)) {
		print_error("%s: warning %s\n", ev, hp_model_warning(m, 0));
		*bad = 1;
	}
	if (strcmp(hp_model_get(m, HP_JOB), h.job)) {
		print_error("%s: JOB \"%s\", GHC's .hp has \"%s\"\n", ev,
			    hp_model_get(m, HP_JOB), h.job);
		*bad = 1;
	}
	/* Both are taken at startup; allow a minute boundary between. */
	dm = date_minutes(hp_model_get(m, HP_DATE)) - date_minutes(h.date);
	if (strcmp(hp_model_get(m, HP_DATE), h.date) && (dm < -1 || dm > 1)) {
		print_error("%s: DATE \"%s\", GHC's .hp has \"%s\"\n", ev,
			    hp_model_get(m, HP_DATE), h.date);
		*bad = 1;
	}
	if (hp_model_sample_count(m) != h.n) {
		print_error("%s: %zu samples, GHC's .hp has %zu (without the empty first and last)\n",
			    ev, hp_model_sample_count(m), h.n);
		*bad = 1;
	}
	for (i = 0; i < h.n && i < hp_model_sample_count(m); i++) {
		struct set s = { NULL, 0 };
		const hp_band *b;
		const uint64_t *v;
		size_t n = hp_model_sample(m, i, &b, &v);

		for (k = 0; k < n; k++) {
			size_t l;
			const char *name = hp_model_band_name(m, b[k], &l);

			if (hc && l > (size_t)h.limit) {
				char cut[4096];

				assert_true(h.limit >= 4 && h.limit < 4000);
				memcpy(cut, name, (size_t)h.limit - 4);
				memcpy(cut + h.limit - 4, "...", 3);
				set_add(&s, cut, (size_t)h.limit - 1, v[k]);
			} else {
				set_add(&s, name, l, v[k]);
			}
		}
		set_norm(&s);
		set_norm(&h.s[i]);
		if (s.n != h.s[i].n) {
			print_error("%s: sample %zu: %zu bands, GHC's .hp has %zu\n",
				    ev, i, s.n, h.s[i].n);
			*bad = 1;
		}
		for (k = 0; k < s.n && k < h.s[i].n; k++) {
			if (strcmp(s.e[k].key, h.s[i].e[k].key) ||
			    s.e[k].v != h.s[i].e[k].v) {
				print_error("%s: sample %zu: \"%s\" %llu, GHC's .hp has \"%s\" %llu\n",
					    ev, i, s.e[k].key,
					    (unsigned long long)s.e[k].v,
					    h.s[i].e[k].key,
					    (unsigned long long)h.s[i].e[k].v);
				*bad = 1;
				break;
			}
		}
		set_free(&s);
	}
	for (i = 0; i < h.n; i++)
		set_free(&h.s[i]);
	free(h.s);
	free(h.job);
	free(h.date);
out:
	hp_model_free(m);
}

static int
u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The numbers of one run agree whichever file is read: --summary's
 * last and peak of every band, through hp/reader.c and hp/stats.c.  The
 * .hp's last sample is GHC's exit mark, not a census; its first (empty,
 * at 0) is one more census than the eventlog has.  Bands of one name
 * must agree; -hc and -hr names differ between the two files (ids,
 * -L), so there the values are compared as sorted lists. */
static void
check_numbers(const char *ev, const char *hp, int *bad)
{
	hp_model *me = hp_model_new(), *mh = hp_model_new();
	struct hp_err err = {{0}};
	struct hp_stats se, sh;
	uint64_t *le, *lh;
	size_t i, n;
	hp_band x;

	assert_non_null(me);
	assert_non_null(mh);
	if (hp_read_file(me, ev, &err) || hp_read_file(mh, hp, &err))
		fail_msg("%s: %s", ev, err.msg);
	assert_int_equal(hp_stats_compute(&se, me, &err), 0);
	assert_int_equal(hp_stats_compute(&sh, mh, &err), 0);
	if (sh.nsamples != se.nsamples + 1) {
		print_error("%s: %zu censuses, its .hp %zu (with the first, at 0)\n",
			    ev, se.nsamples, sh.nsamples);
		*bad = 1;
	}
	n = se.nbands;
	assert_int_equal(sh.nbands, n);
	le = calloc(n + 1, sizeof *le);
	lh = calloc(n + 1, sizeof *lh);
	assert_non_null(le);
	assert_non_null(lh);
	for (i = 0; i < n; i++) {
		size_t len;
		const char *name = hp_model_band_name(me, (hp_band)i, &len);

		le[i] = se.band[i].last;
		lh[i] = sh.band[i].last;
		if (!hp_model_lookup(mh, name, len, &x))
			continue;
		if (se.band[i].last != sh.band[x].last ||
		    se.band[i].peak != sh.band[x].peak) {
			print_error("%s: %s: last %llu, peak %llu; its .hp says last %llu, peak %llu\n",
				    ev, name,
				    (unsigned long long)se.band[i].last,
				    (unsigned long long)se.band[i].peak,
				    (unsigned long long)sh.band[x].last,
				    (unsigned long long)sh.band[x].peak);
			*bad = 1;
		}
	}
	qsort(le, n, sizeof *le, u64_cmp);
	qsort(lh, n, sizeof *lh, u64_cmp);
	if (memcmp(le, lh, n * sizeof *le)) {
		print_error("%s: the bands' last values differ from its .hp's\n", ev);
		*bad = 1;
	}
	if (n && !le[n - 1]) {
		print_error("%s: every band's last value is 0\n", ev);
		*bad = 1;
	}
	free(le);
	free(lh);
	hp_stats_release(&se);
	hp_stats_release(&sh);
	hp_model_free(me);
	hp_model_free(mh);
}

static void
eventlog_agrees_with_ghc_hp(void **state)
{
	char pattern[4200], hp[4200];
	size_t i, pairs = 0;
	glob_t g;
	int bad = 0;

	(void)state;
	snprintf(pattern, sizeof pattern, "%s", tu_src("samples/*.eventlog"));
	if (glob(pattern, 0, NULL, &g))
		fail_msg("no %s: the GHC sample profiles are missing (samples/regenerate makes them)",
			 pattern);
	for (i = 0; i < g.gl_pathc; i++) {
		size_t n = strlen(g.gl_pathv[i]);
		FILE *f;

		snprintf(hp, sizeof hp, "%.*s.hp", (int)(n - 9), g.gl_pathv[i]);
		if (!(f = fopen(hp, "rb")))
			continue;
		fclose(f);
		pairs++;
		check_pair(g.gl_pathv[i], hp, &bad);
		check_numbers(g.gl_pathv[i], hp, &bad);
	}
	globfree(&g);
	if (pairs < MIN_PAIRS)
		fail_msg("only %zu samples/X.hp + X.eventlog pairs, expected at least %d: samples are missing",
			 pairs, MIN_PAIRS);
	if (bad)
		fail_msg("eventlogs disagree with GHC's .hp files (see above)");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(eventlog_agrees_with_ghc_hp),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
