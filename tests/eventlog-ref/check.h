/*
 * tests/eventlog-ref/check.h - what the eventlog tests share: reading a
 * reference decoding (<name>.txt from dump.hs) and comparing models.
 *
 * Header-only (static inline) because every tests/unit/test_*.c is its own
 * program built from itself and testutil.c alone.  Functions return 0 when
 * equal, else -1 with the first difference written to why.
 */
#ifndef EVENTLOG_CHECK_H
#define EVENTLOG_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hp/model.h"

struct ref_entry {
	char *label;
	uint64_t bytes;
};

struct ref_sample {
	struct ref_entry *e;	/* summed per label, first-seen order, zeros kept */
	size_t n;
};

struct ref {
	struct ref_sample *s;
	size_t n;
	size_t lines;		/* value lines as printed, zeros included */
};

static inline void
ref_free(struct ref *r)
{
	size_t i, k;

	if (!r)
		return;
	for (i = 0; i < r->n; i++) {
		for (k = 0; k < r->s[i].n; k++)
			free(r->s[i].e[k].label);
		free(r->s[i].e);
	}
	free(r->s);
	free(r);
}

/* Parse dump.hs output; NULL when the file is missing or malformed. */
static inline struct ref *
ref_load(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct ref *r;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	if (!f)
		return NULL;
	r = calloc(1, sizeof *r);
	while (r && (len = getline(&line, &cap, f)) > 0) {
		struct ref_sample *s;
		char *tab, *end;
		uint64_t v;
		size_t k;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (!strncmp(line, "SAMPLE ", 7)) {
			struct ref_sample *g = realloc(r->s, (r->n + 1) * sizeof *g);

			if (!g)
				goto bad;
			r->s = g;
			memset(&r->s[r->n++], 0, sizeof *r->s);
			continue;
		}
		tab = strrchr(line, '\t');
		if (!tab || !r->n)
			goto bad;
		*tab = '\0';
		v = strtoull(tab + 1, &end, 10);
		if (*end)
			goto bad;
		r->lines++;
		s = &r->s[r->n - 1];
		for (k = 0; k < s->n; k++)
			if (!strcmp(s->e[k].label, line))
				break;
		if (k == s->n) {
			struct ref_entry *g = realloc(s->e, (s->n + 1) * sizeof *g);

			if (!g)
				goto bad;
			s->e = g;
			s->e[k].label = strdup(line);
			s->e[k].bytes = 0;
			s->n++;
			if (!s->e[k].label)
				goto bad;
		}
		s->e[k].bytes += v;
	}
	free(line);
	fclose(f);
	return r;
bad:
	free(line);
	fclose(f);
	ref_free(r);
	return NULL;
}

/* The model's samples are exactly the reference's. */
static inline int
ref_check(const struct ref *r, const hp_model *m, char *why, size_t whylen)
{
	size_t i, k;

	if (hp_model_sample_count(m) != r->n) {
		snprintf(why, whylen, "%zu samples, reference has %zu",
			 hp_model_sample_count(m), r->n);
		return -1;
	}
	for (i = 0; i < r->n; i++) {
		const hp_band *b;
		const uint64_t *v;
		size_t n = hp_model_sample(m, i, &b, &v);

		if (n != r->s[i].n) {
			snprintf(why, whylen, "sample %zu: %zu values, reference has %zu",
				 i, n, r->s[i].n);
			return -1;
		}
		for (k = 0; k < n; k++) {
			const char *name = hp_model_band_name(m, b[k], NULL);

			if (strcmp(name, r->s[i].e[k].label) || v[k] != r->s[i].e[k].bytes) {
				snprintf(why, whylen, "sample %zu value %zu: \"%s\" %llu, reference \"%s\" %llu",
					 i, k, name, (unsigned long long)v[k],
					 r->s[i].e[k].label,
					 (unsigned long long)r->s[i].e[k].bytes);
				return -1;
			}
		}
	}
	return 0;
}

static inline int
str_same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Sample i of a equals sample j of b (time, bands by name, values, order).
 * With prefix set, a's entries need only be a leading part of b's. */
static inline int
sample_same(const hp_model *a, size_t i, const hp_model *b, size_t j,
	    int prefix)
{
	const hp_band *ba, *bb;
	const uint64_t *va, *vb;
	size_t na = hp_model_sample(a, i, &ba, &va);
	size_t nb = hp_model_sample(b, j, &bb, &vb), k;

	if (hp_model_sample_time(a, i) != hp_model_sample_time(b, j))
		return 0;
	if (prefix ? na > nb : na != nb)
		return 0;
	for (k = 0; k < na; k++) {
		size_t la, lb;
		const char *sa = hp_model_band_name(a, ba[k], &la);
		const char *sb = hp_model_band_name(b, bb[k], &lb);

		if (va[k] != vb[k] || la != lb || memcmp(sa, sb, la))
			return 0;
	}
	return 1;
}

/* Sample i of a is sample j of b or a part of it: same time, and each of
 * its values at most b's for the same band, in b's order. */
static inline int
sample_within(const hp_model *a, size_t i, const hp_model *b, size_t j)
{
	const hp_band *ba, *bb;
	const uint64_t *va, *vb;
	size_t na = hp_model_sample(a, i, &ba, &va);
	size_t nb = hp_model_sample(b, j, &bb, &vb), k;

	if (hp_model_sample_time(a, i) != hp_model_sample_time(b, j) || na > nb)
		return 0;
	for (k = 0; k < na; k++) {
		size_t la, lb;
		const char *sa = hp_model_band_name(a, ba[k], &la);
		const char *sb = hp_model_band_name(b, bb[k], &lb);

		if (va[k] > vb[k] || la != lb || memcmp(sa, sb, la))
			return 0;
	}
	return 1;
}

/* Everything a reader puts in a model is the same in a and b. */
static inline int
model_same(const hp_model *a, const hp_model *b, char *why, size_t whylen)
{
	size_t i, n;
	int f, s;

	for (f = 0; f < HP_NFIELDS; f++)
		if (!str_same(hp_model_get(a, f), hp_model_get(b, f))) {
			snprintf(why, whylen, "field %d differs", f);
			return -1;
		}
	if ((n = hp_model_band_count(a)) != hp_model_band_count(b)) {
		snprintf(why, whylen, "%zu bands vs %zu", n, hp_model_band_count(b));
		return -1;
	}
	for (i = 0; i < n; i++) {
		size_t la, lb;
		const char *sa = hp_model_band_label(a, (hp_band)i, &la);
		const char *sb = hp_model_band_label(b, (hp_band)i, &lb);
		const struct hp_ipe *pa = hp_model_band_ipe(a, (hp_band)i);
		const struct hp_ipe *pb = hp_model_band_ipe(b, (hp_band)i);

		size_t ln, mn;
		const char *na = hp_model_band_name(a, (hp_band)i, &ln);
		const char *nb = hp_model_band_name(b, (hp_band)i, &mn);

		if (la != lb || memcmp(sa, sb, la) || ln != mn ||
		    memcmp(na, nb, ln) || !pa != !pb ||
		    (pa && (!str_same(pa->table_name, pb->table_name) ||
			    !str_same(pa->closure_desc, pb->closure_desc) ||
			    !str_same(pa->type_desc, pb->type_desc) ||
			    !str_same(pa->label, pb->label) ||
			    !str_same(pa->module, pb->module) ||
			    !str_same(pa->srcloc, pb->srcloc)))) {
			snprintf(why, whylen, "band %zu differs", i);
			return -1;
		}
	}
	if ((n = hp_model_sample_count(a)) != hp_model_sample_count(b)) {
		snprintf(why, whylen, "%zu samples vs %zu", n, hp_model_sample_count(b));
		return -1;
	}
	for (i = 0; i < n; i++)
		if (!sample_same(a, i, b, i, 0)) {
			snprintf(why, whylen, "sample %zu differs", i);
			return -1;
		}
	if ((n = hp_model_mark_count(a)) != hp_model_mark_count(b)) {
		snprintf(why, whylen, "%zu marks vs %zu", n, hp_model_mark_count(b));
		return -1;
	}
	for (i = 0; i < n; i++)
		if (hp_model_mark_time(a, i) != hp_model_mark_time(b, i) ||
		    !str_same(hp_model_mark_label(a, i), hp_model_mark_label(b, i))) {
			snprintf(why, whylen, "mark %zu differs", i);
			return -1;
		}
	for (s = 0; s < HP_NSERIES; s++) {
		const double *ta, *tb;
		const uint64_t *va, *vb;

		n = hp_model_series(a, s, &ta, &va);
		if (n != hp_model_series(b, s, &tb, &vb) ||
		    (n && (memcmp(ta, tb, n * sizeof *ta) ||
			   memcmp(va, vb, n * sizeof *va)))) {
			snprintf(why, whylen, "series %d differs", s);
			return -1;
		}
	}
	if ((n = hp_model_warning_count(a)) != hp_model_warning_count(b)) {
		snprintf(why, whylen, "%zu warnings vs %zu", n, hp_model_warning_count(b));
		return -1;
	}
	for (i = 0; i < n; i++)
		if (strcmp(hp_model_warning(a, i), hp_model_warning(b, i))) {
			snprintf(why, whylen, "warning %zu: \"%s\" vs \"%s\"", i,
				 hp_model_warning(a, i), hp_model_warning(b, i));
			return -1;
		}
	return 0;
}

/* ---- time and ticky samples (NAME.ticks.txt from dump.hs --ticks) ----
 *
 * tref_expect builds, from ghc-events' decoding, the model the reader
 * must give, by the rules hp/eventlog-prof.c states: time samples counted in
 * columns of the whole number of ticks nearest 50 ms by event time, each column a sample at its middle,
 * one empty sample after and before a gap, a tick that finds its column
 * holding that many ticks of each capability seen so far in the next; ticky samples opened by
 * TICKY_BEGIN (or, without any, by a counter seen again or a sample
 * more than 1 ms after the previous one), each value the measure's
 * count as the sample gives it (the model draws it as a rate); a
 * counter sampled before its definition named "<ticky ID>" until it is
 * defined, then by its name.  NULL when the file is missing or
 * malformed. */

#define TREF_COLUMN_NS 50000000ull

struct tref_ctr {
	unsigned long long id;
	char *name;		/* NULL until defined */
	hp_band band;
	int has_band;
	unsigned long long gen;
};

static inline struct tref_ctr *
tref_ctr(struct tref_ctr **c, size_t *n, unsigned long long id)
{
	size_t i;
	struct tref_ctr *g;

	for (i = 0; i < *n; i++)
		if ((*c)[i].id == id)
			return &(*c)[i];
	g = realloc(*c, (*n + 1) * sizeof *g);
	if (!g)
		return NULL;
	*c = g;
	memset(&g[*n], 0, sizeof *g);
	g[*n].id = id;
	return &g[(*n)++];
}

static inline hp_model *
tref_expect(const char *path, enum hp_measure mm, int by_stack)
{
	FILE *f = fopen(path, "rb");
	hp_model *m = hp_model_new();
	struct hp_err e = {{0}};
	struct tref_ctr *ctr = NULL;
	size_t nctr = 0, ci;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	unsigned long long interval = 0, gen = 0, last_ns = 0;
	long long col = -1;
	unsigned long long fill = 0, ncap = 0;
	int open = 0, has_begin = 0;
	double last_t = 0;

	if (!f || !m)
		goto bad;
	/* Does the log have TICKY_BEGIN at all? */
	while ((len = getline(&line, &cap, f)) > 0)
		if (!strncmp(line, "TICKY_BEGIN ", 12))
			has_begin = 1;
	rewind(f);
	while ((len = getline(&line, &cap, f)) > 0) {
		unsigned long long ns, id, v[3];
		struct tref_ctr *k;
		hp_band b;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (sscanf(line, "PROF_BEGIN %llu", &interval) == 1) {
			continue;
		} else if (!strncmp(line, "TICK ", 5)) {
			unsigned long long per = interval ? (TREF_COLUMN_NS + interval / 2) / interval : 0;
			unsigned long long width = interval * (per ? per : 1);
			char *lab = strchr(line + 5, ' '), *tab = strchr(line, '\t');
			long long c;
			unsigned long long capno;

			if (!interval || !tab || sscanf(line + 5, "%llu %llu", &ns, &capno) != 2)
				goto bad;
			if (capno + 1 > ncap)
				ncap = capno + 1;
			lab = strchr(lab + 1, ' ');
			lab = lab ? strchr(lab + 1, ' ') : NULL;
			if (!lab)
				goto bad;
			*tab = '\0';
			c = (long long)(ns / width);
			if (c <= col && fill >= (per ? per : 1) * ncap)
				c = col + 1;
			if (c > col) {
				if (col >= 0 && hp_model_commit(m, &e))
					goto bad;
				if (col >= 0 && c > col + 1) {
					if (hp_model_begin(m, ((double)(col + 1) + 0.5) * (double)width / 1e9, &e) ||
					    hp_model_commit(m, &e))
						goto bad;
					if (c > col + 2 &&
					    (hp_model_begin(m, ((double)(c - 1) + 0.5) * (double)width / 1e9, &e) ||
					     hp_model_commit(m, &e)))
						goto bad;
				}
				if (hp_model_begin(m, ((double)c + 0.5) * (double)width / 1e9, &e))
					goto bad;
				col = c;
				fill = 0;
			}
			fill++;
			lab = by_stack ? tab + 1 : lab + 1;
			if (hp_model_intern(m, lab, strlen(lab), &b, &e) ||
			    hp_model_add(m, b, 1, &e))
				goto bad;
		} else if (!strncmp(line, "TICKY_DEF ", 10)) {
			char *tab = strchr(line, '\t');

			if (!tab || sscanf(line + 10, "%llu", &id) != 1 ||
			    !(k = tref_ctr(&ctr, &nctr, id)))
				goto bad;
			if (!k->name && !(k->name = strdup(tab + 1)))
				goto bad;
		} else if (sscanf(line, "TICKY_BEGIN %llu", &ns) == 1) {
			if (open) {
				if (hp_model_commit(m, &e))
					goto bad;
			}
			gen++;
			last_t = (double)ns / 1e9;
			if (hp_model_begin(m, last_t, &e))
				goto bad;
			open = 1;
		} else if (sscanf(line, "TICKY %llu %llu %llu %llu %llu", &ns, &id,
				  &v[0], &v[1], &v[2]) == 5) {
			if (!(k = tref_ctr(&ctr, &nctr, id)))
				goto bad;
			if (!k->has_band) {
				char s[40];

				snprintf(s, sizeof s, "<ticky %llu>", id);
				if (hp_model_intern(m, k->name ? k->name : s,
						    strlen(k->name ? k->name : s),
						    &k->band, &e))
					goto bad;
				k->has_band = 1;
			}
			if (!open || (!has_begin &&
				      (k->gen == gen || ns > last_ns + 1000000))) {
				if (open) {
					if (hp_model_commit(m, &e))
						goto bad;
				}
				gen++;
				last_t = (double)ns / 1e9;
				if (hp_model_begin(m, last_t, &e))
					goto bad;
				open = 1;
			}
			k->gen = gen;
			last_ns = ns;
			if (hp_model_add(m, k->band,
					 v[mm == HP_MEASURE_ENTRIES ? 0 : mm == HP_MEASURE_ALLOCD ? 2 : 1],
					 &e))
				goto bad;
		} else {
			goto bad;
		}
	}
	if ((col >= 0 || open) && hp_model_commit(m, &e))
		goto bad;
	/* counters defined after their samples take their names */
	for (ci = 0; ci < nctr; ci++)
		if (ctr[ci].name && ctr[ci].has_band &&
		    hp_model_band_rename(m, ctr[ci].band, ctr[ci].name,
					 strlen(ctr[ci].name), &e) < 0)
			goto bad;
	goto out;
bad:
	hp_model_free(m);
	m = NULL;
out:
	while (nctr)
		free(ctr[--nctr].name);
	free(ctr);
	free(line);
	if (f)
		fclose(f);
	return m;
}

/* The samples of got are those of want: same times, bands by name in
 * the same order, same values. */
static inline int
tref_same(const hp_model *want, const hp_model *got, char *why, size_t whylen)
{
	size_t i, n = hp_model_sample_count(want);

	if (hp_model_sample_count(got) != n) {
		snprintf(why, whylen, "%zu samples, reference has %zu",
			 hp_model_sample_count(got), n);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (!sample_same(want, i, got, i, 0)) {
			snprintf(why, whylen, "sample %zu (t %.9g) differs", i,
				 hp_model_sample_time(want, i));
			return -1;
		}
	return 0;
}

#endif
