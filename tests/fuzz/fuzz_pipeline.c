/*
 * tests/fuzz/fuzz_pipeline.c - libFuzzer target: the whole of hp2x but
 * the command line: read (any format, gzip too), lay out, draw, and
 * write the data outputs, all in memory.
 *
 * Input: three option bytes (format, colour, sort, -m, -t, -M, -y, -g,
 * -e, --heap-size, --exact, a -p round trip), then the profile.  Inputs
 * are capped and big models are not drawn, so that one run stays in
 * milliseconds: what fuzzing finds here is in the paths, not in the size.
 *
 * Checked besides "no crash": a profile that reads always draws; the
 * output starts as its format says; the .aux of a graph, written and
 * read back as -p, draws again; a .hp input written back as .hp reads
 * back to the same samples; the interactive page's data block holds no
 * '<' whatever the names.  And the analysis: every band's
 * peak in the summary is the model's; a window over all the samples
 * keeps them all; a profile compared with itself changed nothing, and
 * its difference graph draws; --summary prints, as text and JSON.
 */
#define _GNU_SOURCE	/* memmem */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/dataout.h"
#include "data/memtext.h"
#include "page/page.h"
#include "data/summary.h"
#include "fuzz.h"
#include "hp/diff.h"
#include "hp/reader.h"
#include "hp/select.h"
#include "hp/stats.h"
#include "hp/steps.h"
#include "render/render.h"

#define PIPE_MAX_INPUT ((size_t)64 * 1024)
#define MAX_ENTRIES 20000
#define MAX_BANDS 2000

/* Text made in memory (data/memtext.h); out of memory ends the run. */
static void
mem_open(struct cli_mem *mm)
{
	if (cli_mem_open(mm, NULL))
		fz_fail("out of memory", NULL);
}

static void
mem_close(struct cli_mem *mm)
{
	if (cli_mem_close(mm, NULL))
		fz_fail("out of memory", NULL);
}

static size_t
entries(const hp_model *m)
{
	const hp_band *b;
	const uint64_t *v;
	size_t i, n = 0;

	for (i = 0; i < hp_model_sample_count(m); i++)
		n += hp_model_sample(m, i, &b, &v);
	return n;
}

static void
options(struct render_opts *o, const uint8_t *c)
{
	static const enum render_format formats[] = {
		RENDER_PDF, RENDER_PDF, RENDER_EPS, RENDER_SVG
	};
	static const int maxb[] = { 20, 0, 1, 2, 5, 21, 40, 100 };
	static const double trace[] = { 1.0, 0, 5, 2.5 };

	render_opts_init(o);
	o->format = formats[c[0] & 3];
	o->colour = (c[0] >> 2) & 1;
	o->sort = (enum render_sort)((c[0] >> 3) & 3);
	o->multipage = (c[0] >> 5) & 1;
	o->no_marks = (c[0] >> 6) & 1;
	o->heap_size = (c[0] >> 7) & 1;
	o->max_bands = maxb[c[1] & 7];
	o->trace_pct = trace[(c[1] >> 3) & 3];
	o->title = (enum render_title)(((c[1] >> 5) & 3) % 3);
	o->exact = (c[1] >> 7) & 1;
	o->gs = c[2] & 1;
	if (c[2] & 2)
		o->eps_width = 200;
	if (c[2] & 8)
		o->format = RENDER_PS;
}

static void
check_output(const struct render_opts *o, const struct cli_mem *mm)
{
	const char *want;

	switch (o->format) {
	case RENDER_PDF:
		want = "%PDF-";
		if (mm->len < 32 || !memmem(mm->buf + mm->len - 32, 32, "%%EOF", 5))
			fz_fail("pdf", "no %%EOF at the end");
		break;
	case RENDER_SVG:
		want = "<?xml";
		break;
	default:
		want = "%!PS-Adobe";
		break;
	}
	if (mm->len < strlen(want) || memcmp(mm->buf, want, strlen(want)) != 0)
		fz_fail("graph output", "wrong start");
}

/* The interactive page: written, and its data block, whatever the
 * names, holds no '<' (so no name ends the block or starts a tag) and
 * is followed by the page's own script. */
static void
page(render_ctx *ctx, const hp_model *m, const struct render_opts *o)
{
	static const char open[] = "<script type=\"application/json\" id=\"hp2x-data\">";
	struct hp_err err = {{0}};
	struct cli_mem mm;
	const char *a, *z;

	mem_open(&mm);
	if (out_html(ctx, m, o, "fuzz", mm.f, &err))
		fz_fail("a profile that reads must make a page", err.msg);
	mem_close(&mm);
	a = memmem(mm.buf, mm.len, open, sizeof open - 1);
	if (strncmp(mm.buf, "<!DOCTYPE html>", 15) != 0 || !a)
		fz_fail("html output", "no page or no data block");
	a += sizeof open - 1;
	z = memmem(a, mm.len - (size_t)(a - mm.buf), "</script>\n<script>", 18);
	if (!z || memchr(a, '<', (size_t)(z - a)))
		fz_fail("html output", "a '<' in the data block");
	free(mm.buf);
}

static void
draw(render_ctx *ctx, const hp_model *m, const uint8_t *c)
{
	struct hp_err err = {{0}};
	struct render_opts o;
	render_aux *used = render_aux_new(), *prior = render_aux_new();
	struct cli_mem g, a;

	if (!used || !prior)
		fz_fail("out of memory", NULL);
	options(&o, c);
	mem_open(&g);
	if (render_graph(ctx, m, &o, NULL, used, g.f, &err))
		fz_fail("a profile that reads must draw", err.msg);
	mem_close(&g);
	check_output(&o, &g);
	free(g.buf);
	if (c[2] & 4) {
		mem_open(&a);
		if (render_aux_write(used, a.f, &err))
			fz_fail("aux write", err.msg);
		mem_close(&a);
		if (render_aux_read(prior, "used.aux", a.buf, a.len, &err))
			fz_fail("written aux does not read", err.msg);
		free(a.buf);
		mem_open(&g);
		if (render_graph(ctx, m, &o, prior, NULL, g.f, &err))
			fz_fail("a profile that reads must draw with -p", err.msg);
		mem_close(&g);
		check_output(&o, &g);
		free(g.buf);
	}
	render_aux_free(used);
	render_aux_free(prior);
	page(ctx, m, &o);
}

/* .hp in, .hp out, .hp in again: the same samples, names and values.
 * An eventlog's names may be escaped on the way, but two bands never
 * become one: the same samples and values.  A per-interval profile is
 * written as it is drawn, its steps (hp/steps.h): those come back. */
static void
data_outputs(const hp_model *in, int hp_input)
{
	struct hp_err err = {{0}};
	struct cli_mem mm;
	hp_model *back, *steps = NULL;
	const hp_model *m = in;
	const char *d;
	size_t i;

	mem_open(&mm);
	if (out_csv(m, mm.f, &err) || out_json(m, mm.f, &err))
		fz_fail("csv/json output", err.msg);
	mem_close(&mm);
	free(mm.buf);

	if (hp_model_per_interval(in)) {
		if (!(steps = hp_steps(in, &err)))
			fz_fail("steps", err.msg);
		m = steps;
	}
	mem_open(&mm);
	if (out_hp(in, mm.f, &err))
		fz_fail("hp output", err.msg);
	mem_close(&mm);
	back = hp_model_new();
	if (!back)
		fz_fail("out of memory", NULL);
	if (hp_read_mem(back, "out.hp", mm.buf, mm.len, &err)) {
		if (hp_input || hp_model_sample_count(m))
			fz_fail("written .hp does not read back", err.msg);
	} else {
		if (hp_model_sample_count(back) != hp_model_sample_count(m))
			fz_fail(".hp round trip", "sample count");
		for (i = 0; i < hp_model_sample_count(m); i++) {
			const hp_band *ba, *bb;
			const uint64_t *va, *vb;
			size_t na = hp_model_sample(m, i, &ba, &va);
			size_t nb = hp_model_sample(back, i, &bb, &vb), j, la, lb;

			if (hp_model_sample_time(m, i) !=
			    hp_model_sample_time(back, i))
				fz_fail(".hp round trip", "sample time");
			if (na != nb)
				fz_fail(".hp round trip", "entries");
			for (j = 0; j < na; j++) {
				const char *x = hp_model_band_name(m, ba[j], &la);
				const char *y = hp_model_band_name(back, bb[j], &lb);

				if (va[j] != vb[j] ||
				    (hp_input && !fz_str_eq(x, la, y, lb)))
					fz_fail(".hp round trip", "entry");
			}
		}
		if (hp_model_mark_count(back) != hp_model_mark_count(m))
			fz_fail(".hp round trip", "marks");
	}
	if ((d = fz_model_check(back)))
		fz_fail("model read back", d);
	hp_model_free(back);
	hp_model_free(steps);
	free(mm.buf);
}

static void
analysis(render_ctx *ctx, const hp_model *m, const uint8_t *c, int draw_ok)
{
	struct hp_err err = {{0}};
	size_t ns = hp_model_sample_count(m), nb = hp_model_band_count(m), i;
	struct hp_stats st;
	struct hp_diff d;
	struct render_opts o;
	struct cli_mem mm;

	if (hp_stats_compute(&st, m, &err))
		fz_fail("stats", err.msg);
	/* each band's peak is its greatest value, a per-interval
	 * profile's as a rate rounded to a whole number (hp/stats.c) */
	for (i = 0; i < nb; i++) {
		uint64_t peak = 0;
		size_t k, e;

		for (k = 0; k < ns; k++) {
			const hp_band *bb;
			const uint64_t *vv;
			size_t n = hp_model_sample(m, k, &bb, &vv);

			for (e = 0; e < n; e++) {
				double r = hp_model_per_interval(m) ?
					hp_model_rate(m, k, vv[e]) : 0;
				uint64_t v = !hp_model_per_interval(m) ? vv[e]
					: r >= 18446744073709549568.0 ? UINT64_MAX
					: (uint64_t)(r + 0.5);

				if (bb[e] == (hp_band)i && v > peak)
					peak = v;
			}
		}
		if (st.band[i].peak != peak)
			fz_fail("stats", "band peak differs from the samples'");
	}
	hp_stats_release(&st);
	if (ns) {
		char from[64], to[64];
		const char *pat[1] = { "." };
		struct hp_select sel = { pat, 1, NULL, 0, from, to, 1, NULL };
		hp_model *cut;

		snprintf(from, sizeof from, "%.17g", hp_model_sample_time(m, 0));
		snprintf(to, sizeof to, "%.17g", hp_model_sample_time(m, ns - 1));
		cut = hp_select_apply(m, &sel, NULL, &err);
		if (!cut)
			fz_fail("select", err.msg);
		if (hp_model_sample_count(cut) != ns)
			fz_fail("select", "a window over every sample lost some");
		hp_model_free(cut);
	}
	if (hp_diff_compute(&d, m, m, (c[2] >> 4) & 1, 0, &err))
		fz_fail("diff", err.msg);
	for (i = 0; i < ns; i++)
		if ((c[2] >> 4) & 1 && (hp_model_sample_sum(d.grow, i) ||
					hp_model_sample_sum(d.shrink, i)))
			fz_fail("diff", "a profile changed from itself");
	options(&o, c);
	if (draw_ok) {
		struct render_diff rd = { d.grow, d.shrink, d.change, 0 };
		struct render_input in[2] = { { m, NULL, NULL, NULL },
					      { NULL, &rd, NULL, NULL } };

		o.stack = (c[2] >> 5) & 1;
		mem_open(&mm);
		if (render_graphs(ctx, in, 2, &o, mm.f, &err))
			fz_fail("a profile and its difference must draw", err.msg);
		mem_close(&mm);
		free(mm.buf);
	}
	hp_diff_release(&d);
	mem_open(&mm);
	if (summary_print(mm.f, "fuzz", m, &o, 0, 80, &err) ||
	    summary_print(mm.f, "fuzz", m, &o, 1, 80, &err) ||
	    summary_print(mm.f, "fuzz", m, &o, SUMMARY_MARKDOWN, 80, &err) ||
	    summary_print_diff(mm.f, "a", m, "b", m, 0, c[2] >> 6 & 1, 80, &err))
		fz_fail("summary", err.msg);
	mem_close(&mm);
	free(mm.buf);
}

int
fuzz_pipeline_one(const uint8_t *data, size_t size)
{
	static render_ctx *ctx;
	struct hp_err err = {{0}};
	const uint8_t *c = data;
	hp_reader *r;
	hp_model *m;
	int hp_input;

	if (size < 3 || size > PIPE_MAX_INPUT)
		return 0;
	data += 3;
	size -= 3;
	if (!ctx && !(ctx = render_ctx_new(NULL, &err)))
		fz_fail("render_ctx_new", err.msg);
	m = hp_model_new();
	r = hp_reader_new(m, "fuzz");
	if (!m || !r)
		fz_fail("out of memory", NULL);
	if (hp_reader_feed(r, data, size, &err) == 0 &&
	    hp_reader_finish(r, &err) == 0) {
		hp_input = hp_reader_kind(r) == HP_KIND_HP;
		int small = hp_model_band_count(m) <= MAX_BANDS &&
			    entries(m) <= MAX_ENTRIES;

		if (small)
			draw(ctx, m, c);
		data_outputs(m, hp_input);
		analysis(ctx, m, c, small);
	}
	hp_reader_free(r);
	hp_model_free(m);
	return 0;
}

#ifndef FUZZ_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_pipeline_one(data, size);
}
#endif
