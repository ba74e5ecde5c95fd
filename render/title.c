/*
 * render/title.c - the border and hp2ps's title box.
 *
 * Small title (20 pt): JOB on the left, the area below the curve in the
 * middle ("N bytes x seconds"), DATE on the right, all on one baseline.
 * Big title (40 pt, two rows): JOB alone above; area left and DATE right
 * below.  hp2ps cuts JOB at 35 or 80 characters; here every text is
 * shortened to the room it has, so nothing overlaps whatever its length.
 */
#include "draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"

#define BORDER 5.0
#define INSET 6.0
#define GAP 8.0		/* least room between two texts of a row */

const char *
draw_field(const struct draw *d, enum hp_field f, const char *dflt)
{
	const char *s = hp_model_get(d->m, f);

	return s ? s : dflt;
}

void
draw_border(struct draw *d)
{
	double w = d->l->page_w, h = d->l->page_h, in = DRAW_LINE / 2;
	double x0 = in, y0 = in, x1 = w - in, y1 = h - in;

	/* Inside the page by half a line, so no format clips its outer
	 * half; on whole pixels in PNG. */
	cairo_save(d->cr);
	draw_crisp(d, &x0, &y0);
	draw_crisp(d, &x1, &y1);
	cairo_rectangle(d->cr, x0, y0, x1 - x0, y1 - y0);
	cairo_stroke(d->cr);
	cairo_restore(d->cr);
}

/* v as an integer with thousands commas ("216,037,506,172"), truncated
 * as hp2ps truncates the area. */
static void
comma_number(char *buf, size_t size, double v)
{
	char digits[400];
	size_t n, i, o = 0, lead;

	if (!isfinite(v) || fabs(v) >= 1e300) {
		snprintf(buf, size, "%g", v);
		return;
	}
	if (v < 0 && size > 1) {
		buf[o++] = '-';
		v = -v;
	}
	snprintf(digits, sizeof digits, "%.0f", floor(v));
	n = strlen(digits);
	lead = n % 3 ? n % 3 : 3;
	for (i = 0; i < n && o + 2 < size; i++) {
		if (i >= lead && (i - lead) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
}

/* The title's box, and with two rows the line between them. */
static void
title_box(struct draw *d, double box_y, double box_w)
{
	const struct render_layout *l = d->l;
	struct draw_snap snap;
	double x = BORDER, y = box_y, w = box_w, h = l->title_h;
	double mx0 = BORDER, my0 = box_y + h / 2, mx1 = BORDER + box_w,
		my1 = my0;

	cairo_save(d->cr);
	draw_snap_begin(d, &snap);
	draw_snap_rect(&snap, &x, &y, &w, &h);
	cairo_rectangle(d->cr, x, y, w, h);
	cairo_stroke(d->cr);
	if (l->big_title) {
		draw_snap_point(&snap, &mx0, &my0);
		draw_snap_point(&snap, &mx1, &my1);
		cairo_move_to(d->cr, mx0, my0);
		cairo_line_to(d->cr, mx1, my1);
		cairo_stroke(d->cr);
	}
	cairo_restore(d->cr);
}

void
draw_title(struct draw *d)
{
	const struct render_layout *l = d->l;
	const char *job = l->title;
	const char *date = draw_field(d, HP_DATE, "");
	const char *vu = draw_field(d, HP_VALUE_UNIT, "bytes");
	const char *su = draw_field(d, HP_SAMPLE_UNIT, "seconds");
	double box_w = l->page_w - 2 * BORDER, box_y = l->page_h - BORDER -
		l->title_h, left = BORDER + INSET, right = l->page_w - BORDER -
		INSET, row = box_y + INSET, aw;
	struct draw_text t = {
		.size = LAYOUT_TITLE_FONT,
		.ellipsize = PANGO_ELLIPSIZE_END,
	};
	char num[520], *area;
	size_t n;

	title_box(d, box_y, box_w);

	n = strlen(vu) + strlen(su) + sizeof num + sizeof " x , 18446744073709551615 counters";
	area = hp_malloc(n);
	if (!area) {
		d->oom = 1;
		return;
	}
	if (hp_model_profile(d->m) == HP_PROFILE_COUNTERS) {
		/* a ticky report: its total over every counter */
		comma_number(num, sizeof num, hp_model_sample_count(d->m)
			     ? (double)hp_model_sample_sum(d->m, 0) : 0);
		snprintf(area, n, "%s %s, %zu counter%s", num, vu,
			 hp_model_band_count(d->m),
			 hp_model_band_count(d->m) == 1 ? "" : "s");
	} else if (l->series_only) {
		/* no band, no area: what the program allocated instead */
		snprintf(area, n, "%s", l->alloc_note);
	} else if (hp_model_per_interval(d->m)) {
		/* what was counted (the steps' area, hp/steps.h), in its
		 * own unit: CPU seconds, not CPU seconds per second x
		 * seconds */
		const char *u = hp_model_amount_unit(d->m);
		double a = l->area * hp_model_scale(d->m);

		if (hp_model_scale(d->m) != 1)
			snprintf(area, n, "%.4g %s", a, u);
		else {
			comma_number(num, sizeof num, a);
			snprintf(area, n, "%s %s", num, u);
		}
	} else if (hp_model_scale(d->m) != 1) {
		/* scaled values (CPU seconds per second): the area in the
		 * scaled unit, not floored to an integer */
		snprintf(area, n, "%.4g %s x %s", l->area * hp_model_scale(d->m), vu, su);
	} else {
		comma_number(num, sizeof num, l->area);
		snprintf(area, n, "%s %s x %s", num, vu, su);
	}
	aw = fmin(draw_width(d, area, strlen(area), t.size), box_w / 2);

	if (l->big_title) {
		double mid = box_y + l->title_h / 2;

		t.max_w = right - left;
		draw_show(d, left, mid + INSET, job, strlen(job), &t);
		t.max_w = aw;
		draw_show(d, left, row, area, strlen(area), &t);
		t.halign = DRAW_RIGHT;
		t.max_w = fmax(right - left - aw - GAP, 1);
		draw_show(d, right, row, date, strlen(date), &t);
	} else {
		/* hp2ps centres on 638 / 2, ignoring the border. */
		double centre = box_w / 2;

		t.max_w = fmax(centre - aw / 2 - GAP - left, 1);
		draw_show(d, left, row, job, strlen(job), &t);
		t.halign = DRAW_CENTRE;
		t.max_w = aw;
		draw_show(d, centre, row, area, strlen(area), &t);
		t.halign = DRAW_RIGHT;
		t.max_w = fmax(right - (centre + aw / 2) - GAP, 1);
		draw_show(d, right, row, date, strlen(date), &t);
	}
	free(area);
}
