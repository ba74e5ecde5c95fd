/*
 * render/layout/ticks.c - the axes: ticks, their labels, the units and
 * the legends, as hp2ps places them (ticks.h; render/axes.c draws them).
 *
 * X values are t0 + i * step by index (hp2ps adds repeatedly, which can
 * loop forever on a huge t0), labels "%.1f", or more decimals when the
 * step is below 0.1 so the labels differ.  Y labels get "k", "M" and,
 * past hp2ps, "G" (step >= 1e9) and "T" (step >= 1e12).  At most
 * MAX_TICKS per axis, so no input can make the loops long.
 */
#include "ticks.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../hp/cpoint.h"
#include "../../hp/grow.h"

#define N_MARKS		7.0
#define AXIS_FUDGE	15.0
#define ZERO_ROOM	4.0		/* a zero label to the legend below it */
#define UNIT_GAP	4.0		/* a legend to the label beside it */
#define GLYPH_UP	0.8		/* tallest glyph above the baseline,
					 * and lowest below, of the size */
#define GLYPH_DOWN	0.22
#define PAGE_EDGE	1.0		/* least room from a legend to the
					 * page's edge */
#define MAX_TICKS	64

double
layout_text_width(layout_measure_fn measure, void *closure, const char *s,
	   size_t len)
{
	double w;

	if (!measure || !s)
		return 0;
	w = measure(closure, s, len, LAYOUT_FONT);
	return isfinite(w) && w > 0 ? w : 0;
}

double
layout_round_step(double y)
{
	int i;

	if (!(y > 0) || !isfinite(y))
		return 1;
	if (y > 10.0) {
		for (i = 0; y > 10.0; i++)
			y /= 10.0;
	} else if (y < 1.0) {
		for (i = 0; y < 1.0; i--)
			y *= 10.0;
	} else {
		i = 0;
	}
	y = y > 4.0 ? 5.0 : y > 1.0 ? 2.0 : 1.0;
	for (; i > 0; i--)
		y *= 10.0;
	for (; i < 0; i++)
		y /= 10.0;
	return y;
}

static void
x_label(char *buf, size_t size, double v, int decimals)
{
	int n = snprintf(buf, size, "%.*f", decimals, v);

	if (n < 0 || (size_t)n >= size)
		snprintf(buf, size, "%.6g", v);
	hp_c_point(buf);	/* labels always use '.' */
}

/* hp2ps's CommaPrint((long)(v / div + 0.5)) and a unit suffix, done in
 * doubles so no value overflows. */
static void
y_label(char *buf, size_t size, double v, double div, const char *suffix)
{
	char digits[64];
	double q = floor(v / div + 0.5);
	size_t nd, i, o = 0;
	int n = snprintf(digits, sizeof digits, "%.0f", q);

	if (n < 0 || (size_t)n > 20 || q < 0) {
		snprintf(buf, size, "%.3g%s", q, suffix);
		hp_c_point(buf);
		return;
	}
	nd = (size_t)n;
	for (i = 0; i < nd; i++) {
		if (i > 0 && (nd - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
	snprintf(buf + o, size - o, "%s", suffix);
}

/* See layout.h. */
void
layout_si(char *buf, size_t size, double v, const char *unit)
{
	static const char *const pre[] = { "", "k", "M", "G", "T", "P", "E" };
	double a = fabs(v);
	size_t i = 0;

	if (!isfinite(v)) {	/* a sum past a double (summary.c) */
		snprintf(buf, size, "n/a");
		return;
	}
	while (a >= 999.5 && i + 1 < sizeof pre / sizeof pre[0]) {
		a /= 1000;
		v /= 1000;
		i++;
	}
	if (!*unit)	/* compact: "75.7k" */
		snprintf(buf, size, i ? "%.3g%s" : "%.0f", v, pre[i]);
	else if (i == 0)
		snprintf(buf, size, "%.0f %s", v, unit);
	else
		snprintf(buf, size, "%.3g %s%s", v, pre[i], unit);
	hp_c_point(buf);
}

/*
 * The time axis names its clock.  GHC's .hp counts the mutator's CPU
 * time: heapCensus stamps each census with mut_user_time_until (rts/
 * ProfHeap.c), user CPU time less GC and profiling.  An eventlog's
 * events carry elapsed time, nanoseconds since the program started (the
 * eventlog format's timestamp).  One run's two files can span 0.9 s and
 * 204 s.  Other units (a ticky or hand-made file's) stay as they are.
 */
void
layout_x_unit(struct render_layout *l, const hp_model *m)
{
	const char *su = hp_model_get(m, HP_SAMPLE_UNIT);

	if (!su)
		su = "seconds";
	if (strcmp(su, "seconds") == 0)
		snprintf(l->xunit, sizeof l->xunit, "%s",
			 hp_model_kind(m) == HP_KIND_EVENTLOG ?
			 "elapsed seconds" : "mutator seconds");
	else
		snprintf(l->xunit, sizeof l->xunit, "%s", su);
}

/* Units per byte 0x20..0x7e, hp2ps's fonttab (utils/hp2ps/Dimensions.c). */
static const char hp2ps_units[] =
	"3113333133231313"		/* space ! " # $ % & ' ( ) * + , - . / */
	"4444444444"			/* digits */
	"1133323"			/* : ; < = > ? @ */
	"55555555155555555555555555"	/* A..Z (I is narrow) */
	"232131"			/* [ \ ] ^ _ ` */
	"33333333123153333232333333"	/* a..z */
	"2122";				/* { | } ~ */

double
layout_hp2ps_width(const char *s, size_t len)
{
	double units = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		units += c >= 0x20 && c <= 0x7e ? hp2ps_units[c - 0x20] - '0'
						: 3;
	}
	return units * (2.834646 * 0.6);
}

/* The share of an axis hp2ps keeps clear of ticks for its legend: the
 * file's own unit ("seconds", "bytes" in every GHC .hp) by its width
 * estimate, and 15 pt (XFUDGE, YFUDGE in utils/hp2ps/Axes.c), on its
 * graph `along` points long.  Ours may be longer ("mutator seconds") and
 * is placed clear of the labels instead (x_legend, y_legend), so it
 * costs no tick hp2ps labels; a shorter one (a hand-made file's "s")
 * keeps its own room. */
static double
legend_share(layout_measure_fn measure, void *closure, const char *ours,
	     const char *hp2ps, double along)
{
	return fmin(layout_text_width(measure, closure, ours, strlen(ours)),
		    layout_hp2ps_width(hp2ps, strlen(hp2ps))) / along +
	       AXIS_FUDGE / along;
}

/* Where the time legend ends: at the graph's right end, or past the
 * last label when that is in its way, as far as the page's edge; where
 * even that is short (no key beside the graph), the graph narrows. */
static void
x_legend(struct render_layout *l, layout_measure_fn measure, void *closure)
{
	double uw = layout_text_width(measure, closure, l->xunit, strlen(l->xunit));
	double room = l->page_w - BORDER_SPACE - l->graph_x, frac, lw, w;
	const struct layout_tick *t;

	l->xunit_end = l->graph_w;
	if (l->nxticks == 0)
		return;
	t = &l->xticks[l->nxticks - 1];
	frac = (t->value - l->t0) / l->xrange;
	lw = layout_text_width(measure, closure, t->label, strlen(t->label)) / 2 +
	     UNIT_GAP + uw;
	if (frac * l->graph_w + lw > room && frac > 0) {
		w = (room - lw) / frac;
		l->graph_w = fmax(w, l->graph_w / 2);
	}
	l->xunit_end = fmax(l->graph_w, frac * l->graph_w + lw);
}

/* The x ticks hp2ps labels: from t0 by the rounded step, short of its
 * legend on its graph (ref_w wide); then the legend's place, which may
 * narrow the graph, and the ticks' positions on it. */
int
layout_x_ticks(struct render_layout *l, const hp_model *m,
	       layout_measure_fn measure, void *closure)
{
	const char *su = hp_model_get(m, HP_SAMPLE_UNIT);
	double limit = 1 - legend_share(measure, closure, l->xunit,
					su ? su : "seconds", l->ref_w);
	int decimals = 0;
	double p = 1;
	size_t i;

	free(l->xticks);
	l->nxticks = 0;
	l->xstep = layout_round_step(l->xrange / N_MARKS);
	/* As many decimals as the step has ("20 40", "0.5 1.0"), and one
	 * at least for a start between whole steps, as hp2ps shows it. */
	while (decimals < 15 &&
	       fabs(l->xstep * p - floor(l->xstep * p + 0.5)) > 1e-6) {
		decimals++;
		p *= 10;
	}
	if (decimals == 0 && fabs(l->t0 - floor(l->t0 + 0.5)) > 1e-9)
		decimals = 1;
	l->xticks = hp_mallocn(MAX_TICKS, sizeof *l->xticks);
	if (!l->xticks)
		return -1;
	for (i = 0; (l->nsamples > 0 || l->series_only) && i < MAX_TICKS; i++) {
		double v = l->t0 + (double)i * l->xstep;
		double x = (v - l->t0) / l->xrange;
		struct layout_tick *t;

		if (!(v < l->t1) || !(x < limit))
			break;
		t = &l->xticks[l->nxticks++];
		t->value = v;
		x_label(t->label, sizeof t->label, v, decimals);
	}
	x_legend(l, measure, closure);
	for (i = 0; i < l->nxticks; i++)
		l->xticks[i].pos = (l->xticks[i].value - l->t0) *
				   (l->graph_w / l->xrange);
	return 0;
}

/* Where the value legend goes: up the labels' column, ending at the
 * axis' top (less yunit_drop), unless a label lies in its way; then in
 * a column of its own left of the widest such label.  may_move: the
 * graph may move right (and narrow) to give that column room on the
 * page; else it stays (a difference graph's second y axis) and the
 * legend keeps to the page as far as it can. */
static void
y_legend(struct render_layout *l, const hp_model *m,
	 layout_measure_fn measure, void *closure, int may_move)
{
	const char *vu = hp_model_get(m, HP_VALUE_UNIT);
	double top = l->graph_h - l->yunit_drop, widest = -1, bottom, left;
	size_t i;

	if (!vu)
		vu = "bytes";
	/* the drawing shortens a legend longer than half the axis */
	bottom = top - fmin(layout_text_width(measure, closure, vu, strlen(vu)),
			    l->graph_h / 2) - UNIT_GAP;
	for (i = 0; i < l->nyticks; i++) {
		const struct layout_tick *t = &l->yticks[i];

		if (t->pos + GLYPH_UP * LAYOUT_FONT >= bottom &&
		    t->pos - GLYPH_DOWN * LAYOUT_FONT <= top)
			widest = fmax(widest, layout_text_width(measure, closure,
							 t->label,
							 strlen(t->label)));
	}
	l->yunit_gap = LAYOUT_YLABEL_GAP;
	if (widest < 0)
		return;
	l->yunit_gap += widest + UNIT_GAP + GLYPH_DOWN * LAYOUT_FONT;
	left = l->graph_x - l->yunit_gap - GLYPH_UP * LAYOUT_FONT;
	if (left < PAGE_EDGE && may_move) {
		l->graph_x += PAGE_EDGE - left;
		l->graph_w -= PAGE_EDGE - left;
	} else if (left < PAGE_EDGE) {
		l->yunit_gap = l->graph_x - PAGE_EDGE - GLYPH_UP * LAYOUT_FONT;
	}
}

/* The unit of y labels for a tick step: k, M and, past hp2ps, G and T. */
static void
y_unit(double step, double *div, const char **suffix)
{
	static const struct {
		double div;
		const char *suffix;
	} units[] = { { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" } };
	size_t i;

	*div = 1;
	*suffix = "";
	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (step >= units[i].div) {
			*div = units[i].div;
			*suffix = units[i].suffix;
			return;
		}
	}
}

/* A model whose value v means v * scale (a time profile's ticks per
 * column, drawn as CPU seconds per second): ticks at round steps of the
 * scaled value, which may be below 1, labelled as such ("0.25"). */
static int
scaled_y_ticks(struct render_layout *l, const hp_model *m, double limit)
{
	double scale = hp_model_scale(m), per = l->graph_h / l->yrange;
	double range = l->yrange * scale, step = layout_round_step(range / N_MARKS);
	size_t i;

	l->ystep = step / scale;
	l->yticks = hp_mallocn(MAX_TICKS, sizeof *l->yticks);
	if (!l->yticks)
		return -1;
	for (i = 0; i < MAX_TICKS; i++) {
		double v = (double)i * step;
		double y = v / scale * per;
		struct layout_tick *t;

		if (!(v <= range * (1 + 1e-12)) || !(y < limit))
			break;
		t = &l->yticks[l->nyticks++];
		t->value = v / scale;
		t->pos = y;
		snprintf(t->label, sizeof t->label, "%.4g", v);
		hp_c_point(t->label);
	}
	return 0;
}

/* The share of the y axis hp2ps keeps clear for its legend, "bytes"
 * (a .hp's VALUE_UNIT; ticky and time profiles' longer units are ours). */
static double
y_share(const struct render_layout *l, const hp_model *m,
	layout_measure_fn measure, void *closure)
{
	const char *vu = hp_model_get(m, HP_VALUE_UNIT);

	return legend_share(measure, closure, vu ? vu : "bytes", "bytes",
			    l->ref_h);
}

int
layout_y_ticks(struct render_layout *l, const hp_model *m,
	       layout_measure_fn measure, void *closure)
{
	double per = l->graph_h / l->yrange;
	double limit = l->graph_h * (1 - y_share(l, m, measure, closure));
	double div = 1;
	const char *suffix = "";
	size_t i;

	free(l->yticks);
	l->yticks = NULL;
	l->nyticks = 0;
	l->yunit_drop = 0;
	if (hp_model_scale(m) != 1) {
		if (scaled_y_ticks(l, m, limit) < 0)
			return -1;
		y_legend(l, m, measure, closure, 1);
		return 0;
	}
	l->ystep = layout_round_step(fmax(l->yrange / N_MARKS, 1.0));
	y_unit(l->ystep, &div, &suffix);
	l->yticks = hp_mallocn(MAX_TICKS, sizeof *l->yticks);
	if (!l->yticks)
		return -1;
	for (i = 0; i < MAX_TICKS; i++) {
		double v = (double)i * l->ystep;
		double y = v * per;
		struct layout_tick *t;

		if (!(v <= l->yrange) || !(y < limit))
			break;
		t = &l->yticks[l->nyticks++];
		t->value = v;
		t->pos = y;
		y_label(t->label, sizeof t->label, v, div, suffix);
	}
	y_legend(l, m, measure, closure, 1);
	return 0;
}

int
layout_signed_y(struct render_layout *l, const hp_model *m, double below,
		double above, layout_measure_fn measure, void *closure)
{
	double per, zero, limit, div = 1, room, scale = hp_model_scale(m);
	const char *suffix = "";
	long long k;

	if (!(below >= 0) || !isfinite(below))
		below = 0;
	if (!(above >= 0) || !isfinite(above))
		above = 0;
	l->yrange = below + above > 0 ? below + above : 1;
	per = l->graph_h / l->yrange;
	zero = below * per;
	room = l->graph_h * y_share(l, m, measure, closure);
	limit = l->graph_h - room;
	l->yunit_drop = 0;
	free(l->yticks);
	l->yticks = NULL;
	l->nyticks = 0;
	/* Zero's label would meet the legend: the legend goes below it. */
	if (zero >= limit) {
		l->yunit_drop = l->graph_h - zero + ZERO_ROOM;
		limit = zero - ZERO_ROOM - room;
	}
	if (scale != 1)		/* round steps of the scaled value */
		l->ystep = layout_round_step(l->yrange * scale / N_MARKS) / scale;
	else
		l->ystep = layout_round_step(fmax(l->yrange / N_MARKS, 1.0));
	y_unit(l->ystep, &div, &suffix);
	l->yticks = hp_mallocn(MAX_TICKS, sizeof *l->yticks);
	if (!l->yticks)
		return -1;
	for (k = -(long long)floor(below / l->ystep);
	     l->nyticks < MAX_TICKS; k++) {
		double v = (double)k * l->ystep, y = zero + v * per;
		struct layout_tick *t;

		if (!(v <= above))
			break;
		if (k != 0 && !(y < limit)) {
			if (k > 0)
				break;
			continue;	/* under the legend */
		}
		t = &l->yticks[l->nyticks++];
		t->value = v;
		t->pos = y;
		if (scale != 1) {	/* "-0.25", as scaled_y_ticks labels */
			snprintf(t->label, sizeof t->label, "%.4g",
				 (double)k * (l->ystep * scale));
			hp_c_point(t->label);
		} else if (v < 0) {
			t->label[0] = '-';
			y_label(t->label + 1, sizeof t->label - 1, -v, div,
				suffix);
		} else {
			y_label(t->label, sizeof t->label, v, div, suffix);
		}
	}
	y_legend(l, m, measure, closure, 0);
	return 0;
}
