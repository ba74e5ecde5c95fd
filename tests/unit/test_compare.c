/*
 * tests/unit/test_compare.c - several graphs in one file (render_graphs):
 * every graph gets the largest y range, the longest time range only with
 * same_time, and one shade per band name whatever each profile's own
 * order would give; the difference graph's axis spans below and above
 * zero.  Read from the .aux each graph used.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hp/diff.h"
#include "hp/reader.h"
#include "render/layout/aux-private.h"
#include "render/render.h"
#include "testutil.h"

static hp_model *
load(const char *text)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();

	assert_non_null(m);
	assert_int_equal(hp_read_mem(m, "t.hp", text, strlen(text), &err), 0);
	return m;
}

/* a: x big, y small, over 2 s; b: y big, z, x small, over 4 s */
static const char a_text[] =
	"BEGIN_SAMPLE 0\nx\t1000\ny\t10\nEND_SAMPLE 0\n"
	"BEGIN_SAMPLE 2\nx\t2000\ny\t10\nEND_SAMPLE 2\n";
static const char b_text[] =
	"BEGIN_SAMPLE 0\nz\t7\ny\t5000\nx\t1\nEND_SAMPLE 0\n"
	"BEGIN_SAMPLE 4\nz\t7\ny\t9000\nx\t1\nEND_SAMPLE 4\n";

static double
shade(const render_aux *a, const char *name)
{
	double s = -1;

	assert_true(render_aux_shade(a, name, strlen(name), &s));
	return s;
}

static void
draw_two(render_ctx *c, const hp_model *a, const hp_model *b,
	 struct render_opts *o, render_aux **used)
{
	struct hp_err err = {{0}};
	struct render_input in[2] = { { a, NULL, NULL, used[0] },
				      { b, NULL, NULL, used[1] } };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	o->trace_pct = 0;
	if (render_graphs(c, in, 2, o, f, &err))
		fail_msg("%s", err.msg);
	fclose(f);
	assert_true(len > 1000);
	free(buf);
}

static void
shared_scales_and_shades(void **state)
{
	struct hp_err err = {{0}};
	render_ctx *c = render_ctx_new(tu_src("fonts"), &err);
	hp_model *a = load(a_text), *b = load(b_text);
	render_aux *used[2] = { render_aux_new(), render_aux_new() };
	struct render_opts o;

	(void)state;
	assert_non_null(c);
	render_opts_init(&o);
	o.format = RENDER_PNG;
	o.dpi = 24;
	draw_two(c, a, b, &o, used);
	/* one y range, the larger (b's 9007); the x ranges are each one's */
	assert_true(render_aux_y_range(used[0]) == render_aux_y_range(used[1]));
	assert_true(render_aux_y_range(used[0]) >= 9007);
	assert_true(render_aux_x_range(used[0]) == 2);
	assert_true(render_aux_x_range(used[1]) == 4);
	/* x is a's top band and b's bottom one: the same shade anyway */
	assert_true(shade(used[0], "x") == shade(used[1], "x"));
	assert_true(shade(used[0], "y") == shade(used[1], "y"));
	assert_true(shade(used[0], "x") != shade(used[0], "y"));
	assert_true(shade(used[1], "z") != shade(used[1], "x"));
	assert_true(shade(used[1], "z") != shade(used[1], "y"));

	/* --same-time: the longer time axis for both; PDF pages too */
	o.same_time = 1;
	o.format = RENDER_PDF;
	draw_two(c, a, b, &o, used);
	assert_true(render_aux_x_range(used[0]) == 4);
	assert_true(render_aux_x_range(used[1]) == 4);

	render_aux_free(used[0]);
	render_aux_free(used[1]);
	hp_model_free(a);
	hp_model_free(b);
	render_ctx_free(c);
}

static void
diff_axis(void **state)
{
	struct hp_err err = {{0}};
	render_ctx *c = render_ctx_new(tu_src("fonts"), &err);
	hp_model *a = load(a_text), *b = load(b_text);
	render_aux *used = render_aux_new();
	struct hp_diff d;
	struct render_diff rd;
	struct render_input in = { NULL, &rd, NULL, used };
	struct render_opts o;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_int_equal(hp_diff_compute(&d, a, b, 0, 0, &err), 0);
	rd.grow = d.grow;
	rd.shrink = d.shrink;
	rd.change = d.change;
	rd.area = -5;
	render_opts_init(&o);
	o.format = RENDER_SVG;
	o.trace_pct = 0;
	if (render_graphs(c, &in, 1, &o, f, &err))
		fail_msg("%s", err.msg);
	fclose(f);
	/* growth: y +4990 then +8990 (with z 7); shrinkage: x -999, -1999:
	 * the axis spans both, 1999 below zero and 8997 above */
	assert_true(render_aux_y_range(used) == 1999 + 8997);
	free(buf);
	hp_diff_release(&d);
	render_aux_free(used);
	hp_model_free(a);
	hp_model_free(b);
	render_ctx_free(c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shared_scales_and_shades),
		cmocka_unit_test(diff_axis),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
