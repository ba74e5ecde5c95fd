/*
 * page/page_diff.c - --diff A B's interactive page: the difference
 * graph as the viewer draws a profile's (what grew above the axis, what
 * shrank below, hover, key, zoom, filter), and the table of changes,
 * every band of either profile, sortable and filtered in the browser.
 *
 * The graph's bands, OTHER and colours are the static difference
 * graph's (the layout of hp/diff.h's change model); its censuses carry,
 * per drawn band, A's value and B's on A's time grid (B's as hp/diff.c
 * puts it there), from which the viewer takes the change.  The table's
 * numbers are --diff --summary=json's, written by the same code
 * (summary_print_diff) into the data block as "changes"; readers
 * without JavaScript, and print, get the graph and --diff --summary's
 * text table.  The data block:
 *   v 1, kind "diff", title, a, b (the files as given), vunit, scale,
 *   aunit, changes, and as one profile's (out_html.c): xunit, t0, t1,
 *   zero, step, n, levels, all, of, x, bands, names (those of the
 *   change model), marks; a level's slots are the drawn bands' A values,
 *   then their B values (2 x bands)
 */
#include "page.h"

#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"
#include "../render/layout/layout.h"
#include "../data/json.h"
#include "../data/summary.h"

struct diff_page {
	const char *name_a, *name_b, *title;
	const hp_model *a, *b;
	const struct render_diff *d;
	const struct render_opts *o;
	int byid;
	const struct render_layout *l;	/* the change model's */
	hp_model *ab;			/* A's and B's values, a slot each */
	struct render_layout lab;	/* ab's slots, as drawn */
	char *json, *text;		/* --diff --summary's */
	size_t json_len, text_len, svg_len;
};

/* --diff --summary's JSON or text of the two, in a new buffer. */
static int
summary_text(const struct diff_page *p, int json, char **buf, size_t *len,
	     struct hp_err *err)
{
	FILE *f = open_memstream(buf, len);
	int bad;

	*buf = NULL;
	if (!f)
		return hp_err_set(err, "out of memory");
	bad = summary_print_diff(f, p->name_a, p->a, p->name_b, p->b,
				 p->byid, json, 100, err);
	if (fclose(f) != 0 && !bad)
		bad = hp_err_set(err, "out of memory");
	if (bad) {
		free(*buf);
		*buf = NULL;
	}
	return bad ? -1 : 0;
}

/* Sample i of m into row (a slot each, slot[b] for band b, those of
 * nslot and past not drawn), sums stopping at 2^64-1 as the model's. */
static void
add_sample(uint64_t *row, const hp_model *m, size_t i, const int32_t *slot,
	   size_t nslot)
{
	const hp_band *b;
	const uint64_t *v;
	size_t n = hp_model_sample(m, i, &b, &v), k;

	for (k = 0; k < n; k++) {
		int32_t s = b[k] < nslot ? slot[b[k]] : LAYOUT_DROPPED;

		if (s >= 0)
			row[s] = row[s] > UINT64_MAX - v[k] ? UINT64_MAX
			       : row[s] + v[k];
	}
}

/* p->ab: at each of A's censuses, per drawn slot of the change model's
 * layout, A's value as band s and B's (A's, plus what grew, less what
 * shrank: hp/diff.h) as band nbands + s; and p->lab, the layout that
 * draws ab's band k in slot k. */
static int
ab_make(struct diff_page *p, struct hp_err *err)
{
	const struct render_layout *l = p->l;
	size_t nb = l->nbands, ns = hp_model_sample_count(p->a), i, k, len;
	size_t nba = hp_model_band_count(p->a);
	hp_model *ab = hp_model_new();
	int32_t *aslot = hp_mallocn(nba ? nba : 1, sizeof *aslot);
	uint64_t *row = hp_callocn(3 * nb + 1, sizeof *row);
	char name[24];
	hp_band x;
	int rc = -1;

	p->ab = ab;
	p->lab.bands = hp_callocn(2 * nb + 1, sizeof *p->lab.bands);
	p->lab.slot = hp_mallocn(2 * nb + 1, sizeof *p->lab.slot);
	if (!ab || !aslot || !row || !p->lab.bands || !p->lab.slot) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	p->lab.nbands = p->lab.nslot = 2 * nb;
	for (k = 0; k < 2 * nb; k++) {
		p->lab.bands[k].band = (hp_band)k;
		p->lab.slot[k] = (int32_t)k;
		snprintf(name, sizeof name, "%zu", k);
		if (hp_model_intern(ab, name, strlen(name), &x, err))
			goto out;
	}
	for (k = 0; k < nba; k++) {	/* A's bands by the change model's */
		const char *nm = hp_model_band_name(p->a, (hp_band)k, &len);

		aslot[k] = hp_model_lookup(p->d->change, nm, len, &x) &&
			   x < l->nslot ? l->slot[x] : LAYOUT_DROPPED;
	}
	for (i = 0; i < ns && i < hp_model_sample_count(p->d->grow); i++) {
		uint64_t *grew = row + nb, *shrank = row + 2 * nb;

		memset(row, 0, 3 * nb * sizeof *row);
		add_sample(row, p->a, i, aslot, nba);
		add_sample(grew, p->d->grow, i, l->slot, l->nslot);
		add_sample(shrank, p->d->shrink, i, l->slot, l->nslot);
		if (hp_model_begin(ab, hp_model_sample_time(p->a, i), err))
			goto out;
		for (k = 0; k < nb; k++) {
			uint64_t b = row[k] > UINT64_MAX - grew[k] ? UINT64_MAX
				     : row[k] + grew[k];

			b = b > shrank[k] ? b - shrank[k] : 0;
			if ((row[k] && hp_model_add(ab, (hp_band)k, row[k], err)) ||
			    (b && hp_model_add(ab, (hp_band)(nb + k), b, err)))
				goto out;
		}
		if (hp_model_commit(ab, err))
			goto out;
	}
	rc = 0;
out:
	free(aslot);
	free(row);
	return rc;
}

static int
diff_part(FILE *f, enum page_part what, void *closure, struct hp_err *err)
{
	const struct diff_page *p = closure;
	struct json_w w;

	switch (what) {
	case PAGE_SUBTITLE:
		page_put_html(f, p->name_a, strlen(p->name_a));
		fputs(" \xe2\x86\x92 ", f);
		page_put_html(f, p->name_b, strlen(p->name_b));
		return 0;
	case PAGE_TABLE:
		fputs("<pre class=\"stable\">", f);
		page_put_html(f, p->text, p->text_len);
		fputs("</pre>", f);
		return 0;
	default:
		json_init(&w, f, 1);
		json_object(&w);
		json_key(&w, "v");
		json_int(&w, 1);
		json_key(&w, "kind");
		json_cstr(&w, "diff");
		json_key(&w, "title");
		json_cstr(&w, p->title);
		json_key(&w, "a");
		json_cstr(&w, p->name_a);
		json_key(&w, "b");
		json_cstr(&w, p->name_b);
		/* what the numbers are, as one profile's page says it (one
		 * measure on both sides: compare.c refuses others) */
		json_key(&w, "vunit");
		json_cstr(&w, hp_model_get(p->a, HP_VALUE_UNIT) ?
			  hp_model_get(p->a, HP_VALUE_UNIT) : "bytes");
		json_key(&w, "scale");
		json_num(&w, hp_model_scale(p->a));
		json_key(&w, "aunit");
		json_cstr(&w, hp_model_profile(p->a) == HP_PROFILE_HEAP ? ""
			  : hp_model_amount_unit(p->a));
		json_key(&w, "changes");
		json_raw(&w, p->json, p->json_len);
		/* the graph, as one profile's page has it */
		json_key(&w, "xunit");
		json_cstr(&w, p->l->xunit);
		json_key(&w, "t0");
		json_num(&w, p->l->t0);
		json_key(&w, "t1");
		json_num(&w, p->l->t1);
		json_key(&w, "zero");
		json_bool(&w, p->l->zero_start);
		json_key(&w, "step");
		json_bool(&w, p->l->step);
		json_key(&w, "n");
		json_u64(&w, hp_model_sample_count(p->ab));
		/* the room: the budget of the change model's bands, less the
		 * two tables of changes (the text one escaped, at most) */
		if (page_samples(&w, p->ab, &p->lab,
				 page_room(p->d->change, p->svg_len,
					   p->json_len + 2 * p->text_len + 2000),
				 0, err))
			return -1;
		page_put_bands(&w, p->l);
		page_put_names(&w, p->d->change);
		if (!p->o->no_marks)
			page_put_marks(&w, p->d->change, p->l);
		json_end(&w);
		return 0;
	}
}

int
out_html_diff(render_ctx *ctx, const struct render_diff *d,
	      const char *name_a, const hp_model *a, const char *name_b,
	      const hp_model *b, int byid, const struct render_opts *o,
	      FILE *f, struct hp_err *err)
{
	struct render_input in = { NULL, d, NULL, NULL };
	struct render_opts so;
	struct render_layout l;
	struct diff_page p;
	char *svg = NULL;
	size_t svg_len = 0;
	int rc = -1, have_layout = 0;

	memset(&p, 0, sizeof p);
	page_opts(&so, o);
	if (page_svg(ctx, &in, 1, &so, page_budget(d->change), &svg, &svg_len,
		     err))
		goto out;
	/* the bands, OTHER and colours the static graph has
	 * (render/graph.c lays a difference graph out by its change) */
	if (layout_compute(&l, d->change, &so, NULL, NULL, NULL, err))
		goto out;
	have_layout = 1;
	p.name_a = name_a;
	p.name_b = name_b;
	p.a = a;
	p.b = b;
	p.d = d;
	p.o = &so;
	p.l = &l;
	p.byid = byid;
	p.title = hp_model_get(d->change, HP_JOB);
	p.svg_len = page_url_len(svg, svg_len);
	if (summary_text(&p, 1, &p.json, &p.json_len, err) ||
	    summary_text(&p, 0, &p.text, &p.text_len, err) || ab_make(&p, err))
		goto out;
	rc = page_fill(f, p.title, svg, svg_len, 0, diff_part, &p, err);
out:
	hp_model_free(p.ab);
	free(p.lab.bands);
	free(p.lab.slot);
	free(p.json);
	free(p.text);
	if (have_layout)
		layout_release(&l);
	free(svg);
	return rc;
}
