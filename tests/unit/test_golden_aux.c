/*
 * tests/unit/test_golden_aux.c - band choice and order against GHC's real
 * hp2ps, through the .aux files it wrote.
 *
 * tests/golden/aux/<stem>.<flagset>.aux was written by hp2ps for the
 * profile <stem>.hp (samples/ or tests/data/hp/, .hp.gz inflated)
 * with the flags the flagset names.  For each one this test reads the
 * profile, computes the layout with the same flags and compares:
 *   - X_RANGE and Y_RANGE as hp2ps prints them (2 decimals);
 *   - the ORDER lines: the same bands kept (OTHER included), in the same
 *     order, except that bands hp2ps could not tell apart may be permuted:
 *     equal totals (its sorts are unstable and start from hash order), and
 *     under -d equal deviations too.
 * Profiles that name a band twice in one sample (old -hd profiles, e.g.
 * hackage-query) are compared like every other: hp2ps's -d counts each
 * occurrence as a data point, and so does layout (the model's parts).
 * Every profile found must have at least one golden (unless make-aux's
 * FAILURES.txt says hp2ps rejects it), so the test cannot pass by finding
 * nothing.  HP2X_GOLDEN_AUX overrides the golden folder.
 */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <zlib.h>

#include "hp/model.h"
#include "hp/reader.h"
#include "render/layout/aux-private.h"
#include "render/layout/layout.h"
#include "render/render.h"
#include "layoututil.h"
#include "testutil.h"

#define MAX_SOURCES 64
#define MAX_GOLDENS 2048

struct source {
	char path[4096];
	char stem[256];
	int ngolden;
};

/* An aux file reduced to what is compared. */
struct auxtext {
	char xr[64], yr[64];
	char **order;		/* names, bottom first */
	size_t n;
};

static int failures;
static int permuted;	/* positions that differ only by a tie */

static void
mismatch(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	failures++;
}

static int
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

static void
add_sources(struct source *src, size_t *n, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		const char *suf = ends_with(e->d_name, ".hp") ? ".hp" :
				  ends_with(e->d_name, ".hp.gz") ? ".hp.gz" : NULL;
		size_t len;

		if (!suf)
			continue;
		assert_true(*n < MAX_SOURCES);
		len = strlen(e->d_name) - strlen(suf);
		assert_true(len < sizeof src[*n].stem);
		memcpy(src[*n].stem, e->d_name, len);
		src[*n].stem[len] = '\0';
		snprintf(src[*n].path, sizeof src[*n].path, "%s/%s", dir, e->d_name);
		src[*n].ngolden = 0;
		(*n)++;
	}
	closedir(d);
}

static void
auxtext_free(struct auxtext *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		free(a->order[i]);
	free(a->order);
	memset(a, 0, sizeof *a);
}

/* hp2ps's aux: "KEY name value" lines; names have no blanks there. */
static int
auxtext_parse(struct auxtext *a, const char *text, const char *what)
{
	const char *p = text;

	memset(a, 0, sizeof *a);
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char line[8192];

		if (len >= sizeof line) {
			mismatch("%s: line too long", what);
			return -1;
		}
		memcpy(line, p, len);
		line[len] = '\0';
		if (strncmp(line, "X_RANGE ", 8) == 0 ||
		    strncmp(line, "Y_RANGE ", 8) == 0) {
			char *r = line[0] == 'X' ? a->xr : a->yr;
			if (len - 8 >= sizeof a->xr) {
				mismatch("%s: range too long", what);
				return -1;
			}
			memcpy(r, line + 8, len - 8 + 1);
		} else if (strncmp(line, "ORDER ", 6) == 0) {
			char *sp = strrchr(line, ' ');
			char **o;
			if (sp == line + 5 || atol(sp + 1) != (long)a->n + 1) {
				mismatch("%s: bad ORDER line '%s'", what, line);
				return -1;
			}
			*sp = '\0';
			o = realloc(a->order, (a->n + 1) * sizeof *o);
			assert_non_null(o);
			a->order = o;
			a->order[a->n] = strdup(line + 6);
			assert_non_null(a->order[a->n]);
			a->n++;
		}
		p += len + (nl != NULL);
	}
	return 0;
}

/* hp2ps's deviation of every band: layout's own, which the order
 * compared here depends on; only ties are judged with it. */
static double *
deviations(const hp_model *m)
{
	double *dev = calloc(hp_model_band_count(m) + 1, sizeof *dev);

	assert_non_null(dev);
	assert_int_equal(layout_deviations(m, dev), 0);
	return dev;
}

/* Could hp2ps have put b where we put a? */
static int
tie(const hp_model *m, const double *dev, int by_dev, const char *a,
    const char *b)
{
	hp_band ba, bb;

	if (!hp_model_lookup(m, a, strlen(a), &ba) ||
	    !hp_model_lookup(m, b, strlen(b), &bb))
		return 0;
	if (hp_model_band_total(m, ba) == hp_model_band_total(m, bb))
		return 1;
	return by_dev && dev[ba] == dev[bb];
}

/* Flag set name (as in tests/golden/make-aux) to options. */
static int
flagset_opts(const char *fs, struct render_opts *o, int *prior)
{
	render_opts_init(o);
	*prior = 0;
	if (strcmp(fs, "none") == 0)
		return 0;
	if (strcmp(fs, "c") == 0)
		o->colour = 1;
	else if (strcmp(fs, "d") == 0)
		o->sort = RENDER_SORT_STDDEV;
	else if (strcmp(fs, "i") == 0)
		o->sort = RENDER_SORT_NAME;
	else if (strcmp(fs, "i-minus") == 0)
		o->sort = RENDER_SORT_NAME_DESC;
	else if (fs[0] == 'm' && fs[1] >= '0' && fs[1] <= '9')
		o->max_bands = atoi(fs + 1);
	else if (strcmp(fs, "M") == 0)
		o->multipage = 1;
	else if (fs[0] == 't' && fs[1] >= '0' && fs[1] <= '9')
		o->trace_pct = atof(fs + 1);
	else if (strcmp(fs, "b") == 0)
		o->title = RENDER_TITLE_BIG;
	else if (strcmp(fs, "s") == 0)
		o->title = RENDER_TITLE_SMALL;
	else if (strcmp(fs, "y") == 0)
		o->no_marks = 1;
	else if (strcmp(fs, "e5in") == 0)
		o->eps_width = 5 * 72;
	else if (strcmp(fs, "e120mm") == 0)
		o->eps_width = 120 * 2.834646;
	else if (strcmp(fs, "g") == 0)
		o->gs = 1;
	else if (strcmp(fs, "p") == 0)
		*prior = 1;
	else
		return -1;
	return 0;
}

static char *
layout_aux_text(const struct render_layout *l)
{
	struct hp_err err = {{0}};
	render_aux *a = render_aux_new();
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	assert_non_null(a);
	assert_int_equal(layout_to_aux(l, a, &err), 0);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(render_aux_write(a, f, &err), 0);
	fclose(f);
	render_aux_free(a);
	return text;
}

/* The -p golden was made from the none golden as the prior aux. */
static render_aux *
prior_for(const char *dir, const char *stem)
{
	char path[8192];
	struct hp_err err = {{0}};
	render_aux *a;
	size_t len;
	char *text;
	int n = snprintf(path, sizeof path, "%s/%s.none.aux", dir, stem);

	assert_true(n > 0 && (size_t)n < sizeof path);
	text = tu_slurp(path, &len);
	if (!text)
		return NULL;
	a = render_aux_new();
	assert_non_null(a);
	if (render_aux_read(a, path, text, len, &err) < 0) {
		mismatch("%s", err.msg);
		render_aux_free(a);
		a = NULL;
	}
	free(text);
	return a;
}

static void
compare_one(const hp_model *m, const double *dev, const char *dir,
	    const char *stem, const char *flagset, const char *golden_text)
{
	char what[512];
	struct render_opts o;
	struct render_layout l;
	struct hp_err err = {{0}};
	struct auxtext want, got;
	render_aux *prior = NULL;
	int use_prior;
	char *text;
	size_t i;

	snprintf(what, sizeof what, "%s.%s", stem, flagset);
	if (flagset_opts(flagset, &o, &use_prior) < 0) {
		mismatch("%s: unknown flag set", what);
		return;
	}
	if (use_prior && !(prior = prior_for(dir, stem))) {
		mismatch("%s: no %s.none.aux to use as the prior", what, stem);
		return;
	}
	if (layout_compute(&l, m, &o, prior, lu_hp2ps_measure, NULL, &err) < 0) {
		mismatch("%s: %s", what, err.msg);
		render_aux_free(prior);
		return;
	}
	text = layout_aux_text(&l);
	layout_release(&l);
	render_aux_free(prior);
	if (auxtext_parse(&want, golden_text, what) < 0 ||
	    auxtext_parse(&got, text, what) < 0) {
		free(text);
		return;
	}
	free(text);
	if (strcmp(want.xr, got.xr) != 0)
		mismatch("%s: X_RANGE %s, hp2ps %s", what, got.xr, want.xr);
	if (strcmp(want.yr, got.yr) != 0)
		mismatch("%s: Y_RANGE %s, hp2ps %s", what, got.yr, want.yr);
	if (want.n != got.n) {
		mismatch("%s: %zu bands kept, hp2ps %zu", what, got.n, want.n);
	} else {
		for (i = 0; i < want.n; i++) {
			if (strcmp(want.order[i], got.order[i]) == 0)
				continue;
			if (tie(m, dev, o.sort == RENDER_SORT_STDDEV,
				want.order[i], got.order[i])) {
				permuted++;
				continue;
			}
			mismatch("%s: ORDER %zu is '%s', hp2ps '%s'", what, i + 1,
			     got.order[i], want.order[i]);
			break;
		}
	}
	auxtext_free(&want);
	auxtext_free(&got);
}

/* Did make-aux record that hp2ps rejects this profile (FAILURES.txt,
 * "stem flagset status message" lines)?  Those need no golden. */
static int
hp2ps_failed(const char *dir, const char *stem)
{
	char path[8192], *text, *p;
	size_t sl = strlen(stem);
	int n = snprintf(path, sizeof path, "%s/FAILURES.txt", dir), found = 0;

	assert_true(n > 0 && (size_t)n < sizeof path);
	text = tu_slurp(path, NULL);
	if (!text)
		return 0;
	for (p = text; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p))
		if (strncmp(p, stem, sl) == 0 && p[sl] == ' ')
			found = 1;
	free(text);
	return found;
}

static void
golden_aux(void **state)
{
	static struct source src[MAX_SOURCES];
	const char *env = getenv("HP2X_GOLDEN_AUX");
	char dir[4096], path[8192];
	size_t nsrc = 0, ngold = 0, i;
	DIR *d;
	struct dirent *e;

	(void)state;
	snprintf(dir, sizeof dir, "%s", env && *env ? env : tu_src("tests/golden/aux"));
	add_sources(src, &nsrc, tu_src("samples"));
	add_sources(src, &nsrc, tu_data("hp"));
	assert_true(nsrc > 0);

	for (i = 0; i < nsrc; i++) {
		struct hp_err err = {{0}};
		hp_model *m = hp_model_new();
		double *dev;

		assert_non_null(m);
		d = opendir(dir);
		if (!d) {
			mismatch("no golden folder %s", dir);
			hp_model_free(m);
			break;
		}
		if (hp_read_file(m, src[i].path, &err) < 0) {
			mismatch("%s: %s", src[i].path, err.msg);
			closedir(d);
			hp_model_free(m);
			continue;
		}
		dev = deviations(m);
		while ((e = readdir(d))) {
			size_t sl = strlen(src[i].stem);
			char flagset[64], *text;
			const char *rest;

			if (!ends_with(e->d_name, ".aux") ||
			    strncmp(e->d_name, src[i].stem, sl) != 0 ||
			    e->d_name[sl] != '.')
				continue;
			rest = e->d_name + sl + 1;
			if (strchr(rest, '.') != strrchr(rest, '.') ||
			    strlen(rest) - 4 >= sizeof flagset)
				continue;	/* a longer stem sharing a prefix */
			memcpy(flagset, rest, strlen(rest) - 4);
			flagset[strlen(rest) - 4] = '\0';
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			text = tu_slurp(path, NULL);
			assert_non_null(text);
			compare_one(m, dev, dir, src[i].stem, flagset, text);
			free(text);
			src[i].ngolden++;
			ngold++;
		}
		closedir(d);
		free(dev);
		hp_model_free(m);
	}
	for (i = 0; i < nsrc; i++)
		if (src[i].ngolden == 0 && !hp2ps_failed(dir, src[i].stem))
			mismatch("%s: no golden aux in %s", src[i].path, dir);
	printf("compared %zu golden aux files for %zu profiles: %d failures, "
	       "%d positions equal up to a tie\n", ngold, nsrc, failures, permuted);
	assert_true(ngold > 0);
	assert_int_equal(failures, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(golden_aux),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
