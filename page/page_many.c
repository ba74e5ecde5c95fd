/*
 * page/page_many.c - the interactive page of several inputs: one
 * chart each, on one y scale, their zoom and hover linked in the
 * browser (page/viewer/main.js).
 *
 * The layouts are made as render/graph.c makes those of several graphs
 * in one file: each alone, then again with what they share (layout_share:
 * one colour per band name, the largest y range), so a band has one
 * colour in every chart, as in the static graph.  The data block:
 *   v 1, kind "many", title, inputs: [each input's object, as a page of
 *   one profile has it (out_html.c)]
 * Each input keeps its own budget (1 MB and 100 B a band), less its
 * share of the static graph.
 *
 * The page of one run's several kinds (out_html_parts: a log of +RTS -hc
 * -p -l) is made the same way, one input a kind, but its charts are
 * views the viewer shows one at a time, as tabs: each keeps its own
 * colours and y scale (bytes and CPU seconds share none), and "tabs"
 * names the kinds, in hp/parts.h's order, for the tabs.
 */
#include "page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"
#include "../hp/parts.h"
#include "../hp/stats.h"
#include "../hp/steps.h"
#include "../render/layout/layout.h"
#include "../data/json.h"

struct many {
	const hp_model *const *m;
	hp_model **steps;	/* per input: its steps, or NULL */
	const char *const *name;
	size_t n;
	const struct render_opts *o;
	struct render_layout *l;	/* sharing one aux */
	struct render_layout *alone;	/* each alone, as --summary's */
	struct hp_stats *st;
	size_t svg_len;
	const char *const *tabs;	/* a run's kinds, or NULL */
};

static const hp_model *
drawn(const struct many *p, size_t i)
{
	return p->steps[i] ? p->steps[i] : p->m[i];
}

static int
many_part(FILE *f, enum page_part what, void *closure, struct hp_err *err)
{
	const struct many *p = closure;
	struct json_w w;
	size_t i;

	switch (what) {
	case PAGE_SUBTITLE:
		if (p->tabs) {
			fputs("one view a kind:", f);
			for (i = 0; i < p->n; i++)
				fprintf(f, " %s", p->tabs[i]);
			return 0;
		}
		for (i = 0; i < p->n; i++) {
			if (i)
				fputs(" \xc2\xb7 ", f);
			page_put_html(f, p->name[i], strlen(p->name[i]));
		}
		fprintf(f, " \xc2\xb7 one y scale");
		return 0;
	case PAGE_TABLE:
		for (i = 0; i < p->n; i++) {
			fputs("<h2>", f);
			page_put_html(f, p->tabs ? p->tabs[i] : p->name[i],
				      strlen(p->tabs ? p->tabs[i] : p->name[i]));
			fputs("</h2>\n", f);
			page_input_table(f, p->m[i], &p->l[i], &p->st[i]);
		}
		return 0;
	default:
		json_init(&w, f, 1);
		json_object(&w);
		json_key(&w, "v");
		json_int(&w, 1);
		json_key(&w, "kind");
		json_cstr(&w, "many");
		if (p->tabs) {
			json_key(&w, "tabs");
			json_array(&w);
			for (i = 0; i < p->n; i++)
				json_cstr(&w, p->tabs[i]);
			json_end(&w);
		}
		json_key(&w, "inputs");
		json_array(&w);
		for (i = 0; i < p->n; i++)
			if (page_input_data(&w, p->m[i], drawn(p, i), p->o,
					    &p->l[i], &p->alone[i], &p->st[i],
					    p->name[i],
					    p->svg_len / p->n, NULL, err))
				return -1;
		json_end(&w);
		json_end(&w);
		return 0;
	}
}

/* Several inputs, or with tabs a run's kinds (each its own scale). */
static int
many(render_ctx *ctx, const hp_model *const *m, const char *const *name,
     size_t n, const struct render_opts *o, const char *const *tabs,
     FILE *f, struct hp_err *err)
{
	struct render_input *in = hp_callocn(n, sizeof *in);
	struct render_layout *l = hp_callocn(n, sizeof *l);
	struct render_layout *alone = hp_callocn(n, sizeof *alone);
	struct hp_stats *st = hp_callocn(n, sizeof *st);
	/* an array of model pointers, one per input (not of models) */
	hp_model **steps = hp_callocn(n, sizeof(hp_model *)); /* NOLINT(bugprone-sizeof-expression) */
	render_aux *shared = NULL;
	struct render_opts so;
	struct many p;
	char *svg = NULL, *title = NULL;
	size_t svg_len = 0, budget = 0, done = 0, nalone = 0, nst = 0, i;
	size_t tlen = 1;
	int rc = -1;

	if (!in || !l || !alone || !st || !steps) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	page_opts(&so, o);
	for (i = 0; i < n; i++) {
		in[i].m = m[i];
		budget += page_budget(m[i]);
		tlen += strlen(name[i]) + 4;
		if (hp_model_per_interval(m[i]) && !(steps[i] = hp_steps(m[i], err)))
			goto out;
	}
	if (page_svg(ctx, in, n, &so, budget, &svg, &svg_len, err))
		goto out;
	/* each alone (kept: the table's fates are those of --summary on
	 * the input by itself), then again sharing colours and scale */
	for (; nalone < n; nalone++)
		if (layout_compute(&alone[nalone],
				   steps[nalone] ? steps[nalone] : m[nalone],
				   &so, NULL, NULL, NULL, err))
			goto out;
	if (!tabs && !(shared = layout_share(alone, n, &so, err)))
		goto out;
	for (; done < n; done++)
		if (layout_compute(&l[done], steps[done] ? steps[done] : m[done],
				   &so, shared, NULL, NULL, err))
			goto out;
	for (; nst < n; nst++)
		if (hp_stats_compute(&st[nst], m[nst], err))
			goto out;
	if (!(title = hp_malloc(tlen))) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	for (*title = 0, i = 0; i < (tabs ? 1 : n); i++) {
		if (i)
			strcat(title, " \xc2\xb7 ");
		strcat(title, name[i]);
	}
	if (tabs)	/* the file, not its first view */
		strrchr(title, '(')[-1] = '\0';
	p.m = m;
	p.steps = steps;
	p.name = name;
	p.n = n;
	p.o = &so;
	p.l = l;
	p.alone = alone;
	p.st = st;
	p.svg_len = page_url_len(svg, svg_len);
	p.tabs = tabs;
	rc = page_fill(f, title, svg, svg_len, 0, many_part, &p, err);
out:
	for (i = 0; i < done; i++)
		layout_release(&l[i]);
	for (i = 0; i < nalone; i++)
		layout_release(&alone[i]);
	for (i = 0; i < nst; i++)
		hp_stats_release(&st[i]);
	for (i = 0; steps && i < n; i++)
		hp_model_free(steps[i]);
	render_aux_free(shared);
	free(title);
	free(svg);
	free(in);
	free(l);
	free(alone);
	free(st);
	free(steps);
	return rc;
}

int
out_html_many(render_ctx *ctx, const hp_model *const *m,
	      const char *const *name, size_t n, const struct render_opts *o,
	      FILE *f, struct hp_err *err)
{
	return many(ctx, m, name, n, o, NULL, f, err);
}

int
out_html_parts(render_ctx *ctx, const hp_model *const part[HP_NPARTS],
	       const struct render_opts *o, const char *name, FILE *f,
	       struct hp_err *err)
{
	const hp_model *m[HP_NPARTS];
	const char *names[HP_NPARTS], *tabs[HP_NPARTS];
	char *own[HP_NPARTS];
	size_t n = 0, i;
	unsigned k;
	int rc = -1;

	/* each view's charts and table rows name the file and its kind */
	for (k = 0; k < HP_NPARTS; k++)
		if (part[k]) {
			size_t len = strlen(name) + strlen(hp_part_names[k]) + 4;

			if (!(own[n] = hp_malloc(len))) {
				hp_err_set(err, "out of memory");
				goto out;
			}
			snprintf(own[n], len, "%s (%s)", name, hp_part_names[k]);
			m[n] = part[k];
			names[n] = own[n];
			tabs[n++] = hp_part_names[k];
		}
	rc = many(ctx, m, names, n, o, tabs, f, err);
out:
	for (i = 0; i < n; i++)
		free(own[i]);
	return rc;
}
