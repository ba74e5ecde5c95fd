/*
 * convert/inputs.h - reading an input and cutting it to what the options
 * ask for (inputs.c): the band filter and time window every run applies.
 * For convert/ and live/ (watch mode cuts each drawing the same way).
 */
#ifndef CONVERT_INPUTS_H
#define CONVERT_INPUTS_H

#include <stddef.h>
#include <stdio.h>

#include "cli.h"
#include "../hp/parts.h"

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

/* One input of a run, read whole and cut. */
struct cli_input {
	const char *name;
	hp_model *raw;		/* as read: its first profile, holding the
				 * run's other parts (hp/parts.h) */
	hp_model *part;		/* the part drawn (--kind), raw's own */
	hp_model *cut;		/* part filtered and windowed, or NULL */
	struct render_opts ro;	/* s->render with the cut's note and window */
	char note[512];
};

/* The part of raw (hp/parts.h) s asks to draw: --kind's, else
 * hp_part_default's.  -1 with err naming the file (name) and the kinds
 * it holds, *part NULL, when raw lacks the kind asked for. */
int cli_pick_part(const hp_model *raw, const struct cli_settings *s,
		  const char *name, hp_model **part,
		  struct hp_err *err) HP_MUSTCHECK;

/* What is drawn or counted: the cut, or the part as read. */
const hp_model *cli_input_model(const struct cli_input *in);

/*
 * Read name ("-": standard input) into in, pick the part to draw (--kind,
 * else hp_part_default; a part the input lacks is refused, naming those
 * it has), print the reader's warnings on errs, and cut it by
 * cli_select.  When s has several inputs, a
 * refusal of the cut names the input.  Returns 0, or -1 with err set;
 * in is released by cli_input_release either way.
 */
int cli_input_read(struct cli_input *in, const char *name,
		   const struct cli_settings *s, FILE *errs,
		   struct hp_err *err) HP_MUSTCHECK;

void cli_input_release(struct cli_input *in);

/* Every part of an input's run (hp/parts.h) with something to draw, for
 * the summary and the page of a log of several profiles: the part drawn
 * as in has it, each other cut by the same window and filter,
 * leniently (a pattern for the heap's bands need not match a time
 * profile's).  m[p] NULL for a part the run lacks; nprof counts the
 * profiles (heap, time, ticky) among them. */
struct cli_parts {
	const hp_model *m[HP_NPARTS];
	const struct render_opts *ro[HP_NPARTS];
	unsigned nprof;
	hp_model *cut[HP_NPARTS];
	struct render_opts own[HP_NPARTS];
	char note[HP_NPARTS][512];
};
void cli_parts_make(struct cli_parts *p, const struct cli_input *in,
		    const struct cli_settings *s);
void cli_parts_release(struct cli_parts *p);

#endif
