/*
 * render/layout/markplace.c - which marks the graph draws, and where
 * their labels go: in lanes above the graph, each label beside its
 * dashed line, as many as there is room for (markplace.h).  layout.c
 * asks for the lanes each round it settles the graph's height.
 */
#include "markplace.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../hp/grow.h"

#define MARK_GAP	4.0		/* between two labels of a lane */
#define MARK_PAD	2.0		/* line to its label */
#define MARK_SLACK	0.05		/* share of the axis a mark may lie
					 * beyond it and still be drawn */
#define MARK_RULE_GAP	3.0		/* labelled marks' lines, apart: most
					 * of the dash's period (closer ones share) */
#define MARK_RETRY_GAP	2.0		/* a label that found no lane: the
					 * next try, this much further on */
#define MARK_CARET_GAP	8.0		/* unlabelled carets, apart: a caret's
					 * width */

/* "1,234" */
static void
thousands(char *buf, size_t size, size_t v)
{
	char d[32];
	size_t n, i, o = 0;

	n = (size_t)snprintf(d, sizeof d, "%zu", v);
	for (i = 0; i < n && o + 2 < size; i++) {
		if (i && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = d[i];
	}
	buf[o] = '\0';
}

/* What layout_place_marks left out, said in the title (and, by graph.c, in a
 * warning): "72 of 1,000 marks labelled, 96 drawn". */
int
layout_marks_note(struct render_layout *l)
{
	size_t labelled = 0, i, n, k;
	char a[32], b[32], c[32];
	char *t;

	l->marks_note[0] = '\0';
	for (i = 0; i < l->nmarks; i++)
		labelled += l->marks[i].lane >= 0;
	if (l->nmarks == l->marks_in && labelled == l->marks_labels)
		return 0;
	thousands(a, sizeof a, labelled);
	thousands(b, sizeof b, l->marks_in);
	thousands(c, sizeof c, l->nmarks);
	snprintf(l->marks_note, sizeof l->marks_note,
		 "%s of %s marks labelled, %s drawn", a, b, c);
	k = strlen(l->title);
	n = k + sizeof " \u2014 " + strlen(l->marks_note);
	if (!(t = hp_realloc(l->title, n)))
		return -1;
	snprintf(t + k, n - k, "%s%s", k ? " \u2014 " : "", l->marks_note);
	l->title = t;
	return 0;
}

static int
by_mark_time(const void *a, const void *b)
{
	const struct layout_mark *p = a, *q = b;

	if (p->t != q->t)
		return p->t < q->t ? -1 : 1;
	return (p->x > q->x) - (p->x < q->x);	/* x holds the index here */
}

/*
 * The marks to draw, in time order.  A mark a little outside the time
 * range (within MARK_SLACK of it: the first traceMarker usually comes
 * before the first sample, the last after the last) is drawn at that end
 * of the axis, meaning "by then"; marks further out are not drawn.
 */
int
layout_collect_marks(struct render_layout *l, const hp_model *m,
	      const struct render_opts *o)
{
	size_t n = hp_model_mark_count(m), i;

	if (o->no_marks || n == 0)
		return 0;
	l->marks = hp_mallocn(n, sizeof *l->marks);
	if (!l->marks)
		return -1;
	for (i = 0; i < n; i++) {
		struct layout_mark *k = &l->marks[i];
		const char *label = hp_model_mark_label(m, i);

		memset(k, 0, sizeof *k);
		k->t = hp_model_mark_time(m, i);
		k->x = (double)i;
		k->lane = -1;
		if (label && *label) {
			k->label = label;
			k->label_len = strlen(label);
		}
	}
	qsort(l->marks, n, sizeof *l->marks, by_mark_time);
	l->nmarks = n;
	return 0;
}

/*
 * Place the marks on a graph_w wide axis and their labels in lanes:
 * each label starts just right of its line (or ends at the graph's right
 * edge), in the first lane where it clears the label before it.
 *
 * Marks never hide the data nor cost more than the samples: a label
 * that finds no lane among max_lanes (at most MAX_LANES) is left out,
 * not squeezed in, so labelled marks are at most MAX_LANES to a label's
 * width; dashed lines are one to MARK_RULE_GAP, a line closer than that
 * to the one before being that one, drawn up to both labels (1,000
 * marks no longer paint the bands over in dashes); a caret without a
 * label comes at least
 * MARK_CARET_GAP from the caret before.  A label is measured only when
 * a lane is free at its line, and after one that found none only
 * MARK_RETRY_GAP further on, so 100,000 marks cost a sort and a pass,
 * not 100,000 text measurements.  What was left out is counted
 * (marks_in, marks_labels) for the note on the graph.  Returns the
 * lanes used.
 *
 * The page lays its labels out by the same rule (page/viewer/marklanes.js,
 * placeMarkLabels, in the browser's font; a label with no lane is listed
 * under its graph there): a change here is a change there.
 */
size_t
layout_place_marks(struct render_layout *l, layout_measure_fn measure,
	    void *closure, size_t max_lanes)
{
	double end[MAX_LANES], right = l->graph_x + l->graph_w;
	double last_fail = -INFINITY, last_caret = -INFINITY;
	size_t i, j, lanes = 0, n = 0, ruled = SIZE_MAX;

	l->marks_in = 0;
	l->marks_labels = 0;
	for (i = 0; i < l->nmarks; i++) {
		struct layout_mark *k = &l->marks[i];
		double off = (k->t - l->t0) / l->xrange * l->graph_w, w, x0;
		int free_lane;

		if (!(off >= -MARK_SLACK * l->graph_w &&
		      off <= (1 + MARK_SLACK) * l->graph_w))
			continue;
		k->x = l->graph_x + (off < 0 ? 0 : off > l->graph_w ?
				     l->graph_w : off);
		k->lane = -1;
		k->rule_lane = -1;
		l->marks_in++;
		l->marks_labels += k->label != NULL;
		/* a lane free where its label would start (right of the
		 * line, or, near the right edge, ending left of it) */
		for (j = 0, free_lane = lanes < max_lanes; j < lanes && !free_lane; j++)
			free_lane = end[j] + MARK_GAP <= k->x;
		if (!k->label || k->x - last_fail < MARK_RETRY_GAP || !free_lane)
			goto caret_only;
		w = measure ? measure(closure, k->label, k->label_len,
				      MARK_FONT) : 0;
		if (!(w > 0 && isfinite(w)))
			w = 0;
		w = fmin(w, l->graph_w);
		/* right of its line; left of it when it does not fit there;
		 * else on the wider side, shortened */
		if (k->x + MARK_PAD + w <= right) {
			x0 = k->x + MARK_PAD;
		} else if (k->x - MARK_PAD - w >= l->graph_x) {
			x0 = k->x - MARK_PAD - w;
		} else if (right - k->x > k->x - l->graph_x) {
			x0 = k->x + MARK_PAD;
			w = right - x0;
		} else {
			x0 = l->graph_x;
			w = k->x - MARK_PAD - x0;
		}
		for (j = 0; j < lanes && end[j] + MARK_GAP > x0; j++)
			;
		if (j == max_lanes) {
			/* none: the next try a little further on (near the
			 * right edge, where labels go left of their lines,
			 * each mark after would be measured and fail too) */
			last_fail = k->x;
			goto caret_only;
		}
		if (j == lanes)
			lanes++;
		k->lane = (int)j;
		k->label_x = x0;
		k->label_w = w;
		end[j] = x0 + w;
		last_caret = k->x;
		/* one rule to a column: a line close to the last one is
		 * that one, drawn up to this label's lane too */
		if (ruled != SIZE_MAX && k->x - l->marks[ruled].x < MARK_RULE_GAP) {
			k->rule_lane = -1;
			if (l->marks[ruled].rule_lane < (int)j)
				l->marks[ruled].rule_lane = (int)j;
		} else {
			k->rule_lane = (int)j;
			ruled = n;
		}
		l->marks[n++] = *k;
		continue;
caret_only:
		if (k->x - last_caret < MARK_CARET_GAP)
			continue;
		last_caret = k->x;
		l->marks[n++] = *k;
	}
	l->nmarks = n;
	return lanes;
}
