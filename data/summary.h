/*
 * data/summary.h - --summary: a profile, or the change between two,
 * as a table on standard output or as JSON for scripts.
 *
 * The numbers come from hp/stats.c; which bands the graph would draw,
 * merge into OTHER or drop under -t comes from the layout, with the same
 * options the graph would use, so the table describes the graph.
 */
#ifndef DATA_SUMMARY_H
#define DATA_SUMMARY_H

#include <stdio.h>

#include "../hp/err.h"
#include "../hp/model.h"
#include "../hp/parts.h"
#include "../render/render.h"

/* What a summary is written as: a table for a terminal, JSON for
 * scripts, GitHub-flavoured Markdown for a CI job's summary. */
enum summary_form { SUMMARY_TEXT, SUMMARY_JSON, SUMMARY_MARKDOWN };

/* The columns a table may use: the terminal's width when out is one,
 * else $COLUMNS, else 100. */
int summary_width(FILE *out);

/* One profile.  name is the file as given, for the heading. */
int summary_print(FILE *out, const char *name, const hp_model *m,
		  const struct render_opts *o, int form, int width,
		  struct hp_err *err) HP_MUSTCHECK;

/* Every part of one run (hp/parts.h: an eventlog's heap and time
 * profiles, its heap-size series), each in a section of its own: what
 * summary_print says of it.  part[p] is NULL for a part the run lacks;
 * ro[p] the part's options (its cut's note and window). */
int summary_print_parts(FILE *out, const char *name,
			const hp_model *const part[HP_NPARTS],
			const struct render_opts *const ro[HP_NPARTS],
			int form, int width, struct hp_err *err) HP_MUSTCHECK;

/* The numbers of one profile's table, as --summary=json has them, for
 * the interactive page: key "rows", one array of six numbers per band
 * in the model's order, [peak, peak_time, share, last, growth, fate]
 * (share a fraction; share and growth to six significant digits; fate 0
 * drawn, 1 merged into OTHER, 2 left out), written through w (json.h).
 * st is the profile's hp_stats_compute and l the layout --summary's
 * would be (of its steps when per-interval, hp/steps.h; no -p aux):
 * the page has both already, so they are not made twice. */
struct json_w;
struct hp_stats;
struct render_layout;
void summary_rows(struct json_w *w, const struct hp_stats *st,
		  const struct render_layout *l);

/* The run's facts (hp/facts.h) the model holds, as the object "run":
 * {"rts": "GHC-9.6.6 rts_thr", "interval": 0.05, "capabilities": 4,
 * ...}, a fact the input does not say left out; numbers as numbers. */
void summary_facts_json(struct json_w *w, const hp_model *m);

/* The change from a to b: per band, peak, integral and last value of
 * each and their difference, largest change first.  Bands are matched
 * as --diff matches them (hp/match.h; byid: by whole names). */
int summary_print_diff(FILE *out, const char *name_a, const hp_model *a,
		       const char *name_b, const hp_model *b, int byid,
		       int form, int width, struct hp_err *err) HP_MUSTCHECK;

#endif
