/*
 * tests/fuzz/fuzz_aux.c - libFuzzer target: the .aux reader, and the
 * layout that obeys what it read.
 *
 * An aux that reads must write back as text that reads to the same aux
 * (write, read, write gives the same bytes), and must be usable as the
 * prior of a layout: ranges, orders and shades of any value, for band
 * names that exist in the profile or not.  The profile is a fixed small
 * one holding names an aux can refer to; text is measured by byte count,
 * so no fonts are loaded.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "hp/reader.h"
#include "render/layout/layout.h"
#include "render/render.h"

#define AUX_MAX_INPUT (1u << 18)

static const char aux_profile[] =
	"JOB \"fuzz\"\nDATE \"today\"\nSAMPLE_UNIT \"seconds\"\n"
	"VALUE_UNIT \"bytes\"\n"
	"MARK 0.5\n"
	"BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\n"
	"BEGIN_SAMPLE 1.0\nreduce\t100\nmain\t50\nOTHER\t7\nx y\t3\n"
	"a\t1\nb\t1\nc\t1\nd\t1\ne\t1\nf\t1\ng\t1\nh\t1\ni\t1\nj\t1\n"
	"k\t1\nl\t1\nm\t1\nn\t1\no\t1\np\t1\nq\t1\nr\t1\ns\t1\nt\t1\n"
	"END_SAMPLE 1.0\n"
	"BEGIN_SAMPLE 2.5\nreduce\t10\nmain\t500\n1\t2\nEND_SAMPLE 2.5\n";

static double
aux_measure(void *closure, const char *s, size_t len, double size)
{
	(void)closure;
	(void)s;
	return (double)len * size * 0.5;
}

/* The aux as text, malloc'd; NULL when it cannot be written. */
static char *
aux_text(const render_aux *a, size_t *len)
{
	struct hp_err err = {{0}};
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (!f)
		fz_fail("out of memory", NULL);
	if (render_aux_write(a, f, &err))
		fz_fail("aux write failed", err.msg);
	if (fclose(f))
		fz_fail("out of memory", NULL);
	return buf;
}

static void
aux_lay_out(const hp_model *m, const render_aux *prior, int variant)
{
	struct hp_err err = {{0}};
	struct render_opts o;
	struct render_layout l;
	render_aux *used = render_aux_new();
	size_t i;

	if (!used)
		fz_fail("out of memory", NULL);
	render_opts_init(&o);
	o.colour = variant & 1;
	o.max_bands = variant & 2 ? 3 : 20;
	o.sort = (enum render_sort)((variant >> 2) & 3);
	if (layout_compute(&l, m, &o, prior, aux_measure, NULL, &err))
		fz_fail("layout failed", err.msg);
	for (i = 0; i < l.nbands; i++) {
		const double *c = l.bands[i].rgb;

		if (!(c[0] >= 0 && c[0] <= 1 && c[1] >= 0 && c[1] <= 1 &&
		      c[2] >= 0 && c[2] <= 1))
			fz_fail("layout", "colour out of 0..1");
	}
	if (!(l.xrange > 0) || !(l.yrange > 0))
		fz_fail("layout", "range not positive");
	if (l.nxticks > 1000 || l.nyticks > 1000)
		fz_fail("layout", "too many ticks");
	if (layout_to_aux(&l, used, &err))
		fz_fail("layout_to_aux failed", err.msg);
	layout_release(&l);
	render_aux_free(used);
}

int
fuzz_aux_one(const uint8_t *data, size_t size)
{
	static hp_model *m;
	struct hp_err err = {{0}};
	render_aux *a, *b;
	char *t1, *t2;
	size_t n1, n2;

	if (size > AUX_MAX_INPUT)
		return 0;
	if (!m) {
		m = hp_model_new();
		if (!m || hp_read_mem(m, "profile", aux_profile, sizeof aux_profile - 1,
				      &err))
			fz_fail("fixed profile", err.msg);
	}
	a = render_aux_new();
	b = render_aux_new();
	if (!a || !b)
		fz_fail("out of memory", NULL);
	if (render_aux_read(a, "fuzz.aux", data, size, &err)) {
		if (strncmp(err.msg, "fuzz.aux:", 9) != 0)
			fz_fail("aux error without FILE:LINE", err.msg);
		goto out;
	}
	t1 = aux_text(a, &n1);
	if (render_aux_read(b, "again.aux", t1, n1, &err))
		fz_fail("written aux does not read back", err.msg);
	t2 = aux_text(b, &n2);
	if (n1 != n2 || memcmp(t1, t2, n1) != 0)
		fz_fail("aux round trip", "write, read, write differs");
	free(t1);
	free(t2);
	aux_lay_out(m, a, size ? data[0] : 0);
out:
	render_aux_free(a);
	render_aux_free(b);
	return 0;
}

#ifndef FUZZ_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_aux_one(data, size);
}
#endif
