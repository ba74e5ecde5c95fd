/*
 * hp/select.h - band filters and time windows: a model cut down to what
 * the user asked to see.
 *
 * --include/--exclude keep the bands whose full name matches a POSIX
 * extended regular expression (hp/regex.h, unanchored, as grep -E,
 * matched in time linear in the name), and
 * --from/--to keep the samples inside a time window given in seconds or
 * by the label of a mark.  The result is a new model with only those
 * bands and samples, so everything downstream (band selection with -m
 * and -t, OTHER, the drawing, the .hp, CSV and JSON writers, the
 * summary) sees the cut profile and needs no option of its own.
 *
 * Everything here is plain computation: no printing, errors through
 * struct hp_err.
 */
#ifndef HP_SELECT_H
#define HP_SELECT_H

#include <stddef.h>

#include "model.h"

struct hp_select {
	const char *const *include;	/* patterns; a band passes when it */
	size_t ninclude;		/* matches any (or there are none) */
	const char *const *exclude;	/* ... and matches none of these */
	size_t nexclude;
	const char *from, *to;	/* seconds or a mark's label; NULL: open */
	int lenient;		/* watch mode: a pattern that matches no
				 * band yet, or a window with no sample
				 * yet, is not an error */
	hp_model *prev;		/* watch mode: the result for this m at the
				 * last drawing (or NULL), whose work is
				 * taken over where it can be (see
				 * hp_model_share_range); only fit to be
				 * freed after */
};

/* out, a new model, gets m's header, profile settings, counters, bands
 * (names, labels, IPE, ticky rows, stacks, in m's order), marks and
 * series: all of m but its samples. */
int hp_select_copy_frame(hp_model *out, const hp_model *m,
			 struct hp_err *err) HP_MUSTCHECK;

/* Whether s asks for anything (else hp_select_apply need not run). */
int hp_select_active(const struct hp_select *s);

/* Whether pattern compiles; err names opt (the option that gave it) and
 * the pattern when not.  For the command line, which checks each pattern
 * before reading anything. */
int hp_select_check(const char *opt, const char *pattern,
		    struct hp_err *err) HP_MUSTCHECK;

/*
 * The time arg names in m: a number of seconds, else the label of
 * exactly one mark (a label equal to arg, else the one label that
 * contains it).  A label that names no mark, or more than one, is an
 * error listing the labels m has.
 */
int hp_select_time(const hp_model *m, const char *arg, double *t,
		   struct hp_err *err) HP_MUSTCHECK;

/* The window as resolved: from and to in seconds (-inf and +inf when
 * open), and whether each end was given. */
struct hp_window {
	double from, to;
	int has_from, has_to;
};

/*
 * A new model holding what s selects from m: header fields, the kept
 * bands in m's order (with labels and provenance), the samples with
 * from <= t <= to restricted to those bands, and the marks and
 * heap-size points inside the window.  Warnings are not copied (the
 * caller has printed m's).  *win (may be NULL) receives the window.
 * Returns NULL with err filled: a bad pattern, a pattern that matches
 * no band, a bad time, from after to, no sample in the window, or out
 * of memory.  With no band filter the samples' entries are m's, shared,
 * not copied (hp_model_share_range): free the result before m.
 */
hp_model *hp_select_apply(const hp_model *m, const struct hp_select *s,
			  struct hp_window *win, struct hp_err *err);

/* A short description of the filter for the graph's title, e.g.
 * "bands matching 'Map|Set', not 'CAF'", into buf (always terminated);
 * empty when s has no pattern. */
void hp_select_describe(const struct hp_select *s, char *buf, size_t size);

#endif
