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
	struct ref_entry *e;	/* summed per label, first-seen order, no zeros */
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
		if (!v)
			continue;
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

#endif
