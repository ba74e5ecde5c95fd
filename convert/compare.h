/*
 * convert/compare.h - the runs that compare inputs (compare.c): --diff A
 * B, and several inputs on one y scale.  Internal to convert/.
 */
#ifndef CONVERT_COMPARE_H
#define CONVERT_COMPARE_H

#include <stddef.h>

#include "cli.h"
#include "inputs.h"

/* The summary_print form (summary.h) of s's --summary. */
int cli_summary_form(const struct cli_settings *s);

/* --diff: in[0] and in[1], the table of changes (with --summary) and/or
 * the difference graph (with -o).  Returns 0, or -1 with err set. */
int cli_compare_diff(const struct cli_settings *s, const struct cli_input *in,
		     struct hp_err *err) HP_MUSTCHECK;

/* Several inputs: their summaries (a JSON array with --summary=json),
 * then (with -o) their graphs in one file.  Returns 0, or -1 with err
 * set. */
int cli_compare_many(const struct cli_settings *s, const struct cli_input *in,
		     size_t n, struct hp_err *err) HP_MUSTCHECK;

#endif
