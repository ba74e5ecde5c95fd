/*
 * page/page_diff.c - --diff A B's interactive page: hp2x's
 * difference graph (what grew above the axis, what shrank below) and
 * the table of changes, every band of either profile, sortable and
 * filtered in the browser.
 *
 * The table's numbers are --diff --summary=json's, written by the same
 * code (summary_print_diff) into the data block as "changes"; readers
 * without JavaScript, and print, get the graph and --diff --summary's
 * text table.  The data block:
 *   v 1, kind "diff", title, a, b (the files as given), changes
 */
#include "page.h"

#include <stdlib.h>
#include <string.h>

#include "../data/json.h"
#include "../data/summary.h"

struct diff_page {
	const char *name_a, *name_b, *title;
	const hp_model *a, *b;
	int byid;
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

static int
diff_part(FILE *f, enum page_part what, void *closure, struct hp_err *err)
{
	const struct diff_page *p = closure;
	struct json_w w;
	char *text;
	size_t len;

	switch (what) {
	case PAGE_SUBTITLE:
		page_put_html(f, p->name_a, strlen(p->name_a));
		fputs(" \xe2\x86\x92 ", f);
		page_put_html(f, p->name_b, strlen(p->name_b));
		return 0;
	case PAGE_TABLE:
		if (summary_text(p, 0, &text, &len, err))
			return -1;
		fputs("<pre class=\"stable\">", f);
		page_put_html(f, text, len);
		fputs("</pre>", f);
		free(text);
		return 0;
	default:
		if (summary_text(p, 1, &text, &len, err))
			return -1;
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
		json_raw(&w, text, len);
		json_end(&w);
		free(text);
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
	struct diff_page p;
	char *svg = NULL;
	size_t svg_len = 0;
	int rc;

	page_opts(&so, o);
	if (page_svg(ctx, &in, 1, &so, page_budget(a) + page_budget(b), &svg,
		     &svg_len, err))
		return -1;
	p.name_a = name_a;
	p.name_b = name_b;
	p.a = a;
	p.b = b;
	p.byid = byid;
	p.title = hp_model_get(d->change, HP_JOB);
	rc = page_fill(f, p.title, svg, svg_len, 0, diff_part, &p, err);
	free(svg);
	return rc;
}
