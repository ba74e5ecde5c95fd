/*
 * render/bars.c - a ticky report drawn as a ranked horizontal bar chart:
 * the counters with the most of the chosen measure, largest at the top,
 * each with its readable name on the left and its value after the bar,
 * over a value axis.  What goes where is barlayout.c's; this only draws.
 * The border and title box are the band graph's (title.c).  In PNG the
 * bars, the axis and its ticks lie on whole pixels (crisp.c).
 */
#include "draw.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "layout/barlayout.h"

#define TICK 4.0

/* v with thousands commas */
static void
commas(char *buf, size_t size, uint64_t v)
{
	char d[32];
	size_t n = (size_t)snprintf(d, sizeof d, "%llu", (unsigned long long)v), i, o = 0;

	for (i = 0; i < n && o + 2 < size; i++) {
		if (i && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = d[i];
	}
	buf[o] = '\0';
}

/* An axis label: 0, 500k, 1.5M, 2G */
static void
short_number(char *buf, size_t size, double v)
{
	static const char *const suffix[] = { "", "k", "M", "G", "T", "P", "E" };
	int k = 0;

	while (v >= 1000 && k < 6) {
		v /= 1000;
		k++;
	}
	snprintf(buf, size, "%.3g%s", v, suffix[k]);
}

int
draw_bars(struct draw *d)
{
	struct bar_layout bl;
	cairo_t *cr = d->cr;
	struct draw_text t = { .ellipsize = PANGO_ELLIPSIZE_MIDDLE };
	const char *vu = draw_field(d, HP_VALUE_UNIT, "bytes");
	struct draw_snap snap;
	char num[64];
	size_t i, k;
	double v, ax0, ay, ax1, ay1;

	if (layout_bars(&bl, d->m, d->l, d->o, d->l->page_h - 5 - d->l->title_h,
			draw_measure, d->pc, d->err))
		return -1;
	t.size = bl.font;
	cairo_save(cr);
	draw_snap_begin(d, &snap);
	for (i = 0; i < bl.n; i++) {
		const struct bar *b = &bl.bar[i];
		double h = bl.row * 0.7, base = b->y - bl.font * 0.35;

		draw_crisp_box(d, b->rgb, bl.bar_x, b->y - h / 2,
			       fmax(b->len, 0.5), h);
		t.halign = DRAW_RIGHT;
		t.max_w = bl.label_w;
		draw_show(d, bl.bar_x - BARLAYOUT_GAP, base, b->label, b->label_len, &t);
		commas(num, sizeof num, b->value);
		t.halign = DRAW_LEFT;
		t.max_w = 0;
		draw_show(d, bl.bar_x + b->len + 3, base, num, strlen(num), &t);
	}
	/* the value axis */
	ax0 = bl.bar_x;
	ay = bl.y0;
	ax1 = bl.bar_x + bl.bar_w;
	ay1 = bl.y0;
	draw_snap_point(&snap, &ax0, &ay);
	draw_snap_point(&snap, &ax1, &ay1);
	cairo_move_to(cr, ax0, ay);
	cairo_line_to(cr, ax1, ay1);
	cairo_stroke(cr);
	t.size = LAYOUT_FONT;
	t.halign = DRAW_CENTRE;
	for (k = 0; k <= 100 && (v = (double)k * bl.axis_step) <= bl.axis_max * (1 + 1e-9); k++) {
		double x = bl.bar_x + v / bl.axis_max * bl.bar_w;
		double tx = x, ty = bl.y0, tx1 = x, ty1 = bl.y0 - TICK;

		draw_snap_tick(&snap, &tx, &ty, &tx1, &ty1);
		cairo_move_to(cr, tx, ty);
		cairo_line_to(cr, tx1, ty1);
		cairo_stroke(cr);
		short_number(num, sizeof num, v);
		draw_show(d, x, bl.y0 - TICK - LAYOUT_FONT, num, strlen(num), &t);
	}
	t.halign = DRAW_RIGHT;
	t.max_w = bl.label_w + bl.bar_x;
	draw_show(d, bl.bar_x - BARLAYOUT_GAP, bl.y0 - TICK - LAYOUT_FONT, vu, strlen(vu), &t);
	cairo_restore(cr);
	layout_bars_release(&bl);
	return 0;
}
