/*
 * convert/compare.h - band filters and time windows for every run, and
 * the runs that compare or summarise (compare.c).  Internal to convert/.
 */
#ifndef CONVERT_COMPARE_H
#define CONVERT_COMPARE_H

#include <stddef.h>

#include "cli.h"

/*
 * Apply s's --include, --exclude, --from and --to to m.  *cut is the new
 * model, or NULL when s asks for none (use m).  *ro becomes s->render
 * with the title's note (the filter, written into note) and the window.
 * lenient: a pattern that matches no band yet, or a window without a
 * sample yet, is no error (watch mode).  prev: watch mode's *cut of the
 * last drawing, or NULL (hp_select.prev).  Returns 0, or -1 with err
 * set.
 */
int cli_select(const hp_model *m, const struct cli_settings *s, int lenient,
	       hp_model *prev, hp_model **cut, struct render_opts *ro,
	       char *note, size_t size, struct hp_err *err) HP_MUSTCHECK;

/* Several inputs, --diff or --summary: the whole run; returns the exit
 * status. */
int cli_compare(const struct cli_settings *s, FILE *errs);

#endif
