/*
 * live/status.h - what watch mode tells about what it sees: one status
 * line on stderr ("FOO.hp: 412 samples, 38 bands, peak 1.2 GB at 31.5 s,
 * drawn 10:04:05"), rewritten in place on a terminal at each drawing,
 * written as a line of its own at most every 10 s otherwise, nothing
 * with -q; and, once, "no new sample for 30 s" when the profile stops
 * growing.
 *
 * Times are passed in (monotonic seconds, and the wall-clock time of a
 * drawing), so the behaviour is unit-tested without waiting.  The peak
 * is kept up to date from the samples added since the last call: a
 * status costs the new samples, not the profile.  Internal to live/.
 */
#ifndef LIVE_STATUS_H
#define LIVE_STATUS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "../hp/model.h"

#define CLI_STATUS_EVERY 10.0	/* seconds between lines off a terminal */
#define CLI_STATUS_IDLE 30.0	/* seconds without a sample before saying so */

struct cli_status {
	FILE *out;
	int tty;		/* out is a terminal: one line, rewritten */
	int quiet;		/* -q: nothing at all */
	const hp_model *m;	/* the model scanned so far */
	size_t scanned;		/* its samples already looked at */
	size_t dropped;		/* its hp_model_dropped then: a model
				 * compacted since is looked at again */
	uint64_t peak;		/* largest sample total, and when */
	double peak_t;
	double last_new;	/* when a sample last arrived */
	double last_line;	/* when a line was last written */
	int idle_said;		/* "no new sample" said since the last one */
	int shown;		/* a status line is on the terminal */
};

void cli_status_init(struct cli_status *st, FILE *out, int tty, int quiet,
		     double t);
/* Count the samples m has gained by time t (a new model starts over). */
void cli_status_update(struct cli_status *st, const hp_model *m, double t);
/* After a drawing at time t (wall: the clock time shown). */
void cli_status_drawn(struct cli_status *st, const char *name,
		      const hp_model *m, double t, time_t wall);
/* What the line says of the program now, after the drawing's time:
 * "; heap 1.5 GB, live 900 MB, allocated 52 GB; now 1.1 GB, top THUNK
 * 420 MB; mark 'phase 2'", each part only when m has it ("" when none). */
void cli_status_live(char *buf, size_t size, const hp_model *m);
/* Say once that no sample came for CLI_STATUS_IDLE seconds. */
void cli_status_idle(struct cli_status *st, const char *name, double t);
/* Seconds from t until cli_status_idle has something to say (a large
 * number when nothing is due). */
double cli_status_due(const struct cli_status *st, double t);
/* Before any other message: take the status line off the terminal. */
void cli_status_clear(struct cli_status *st);
/* At the end: leave the last status line where it is. */
void cli_status_end(struct cli_status *st);

#endif
