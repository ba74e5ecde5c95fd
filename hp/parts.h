/*
 * hp/parts.h - the kinds of profile one run may hold, and which is
 * drawn.
 *
 * A profiled program run with +RTS -hc -p -l writes a heap profile, a
 * time profile, the heap-size series and its marks into one eventlog.
 * The reader reads each profile into a model of its own: the first it
 * meets into the model it was given, each other into a model that one
 * holds (hp_model_set_other, model.h), in the slot of its part here;
 * once a profile began, the heap-size series have a model of their own
 * too (series only, drawn as a plain -l run's).  Every one of them holds
 * the run's facts: JOB, DATE, marks and the series, on one time axis.
 * A .hp file, a ticky report or a log of one profile is one part.
 */
#ifndef HP_PARTS_H
#define HP_PARTS_H

#include <stddef.h>

#include "err.h"
#include "model.h"

/* The parts, in the order the summary and the page list them; their
 * names are --kind's words. */
enum hp_part {
	HP_PART_HEAP,		/* heap censuses (-h) */
	HP_PART_TIME,		/* time samples (-p) */
	HP_PART_TICKY,		/* ticky counters (samples or a report) */
	HP_PART_HEAP_SIZE,	/* the heap-size series alone */
	HP_NPARTS
};
extern const char *const hp_part_names[HP_NPARTS];

/* Which part model m is. */
enum hp_part hp_part_of(const hp_model *m);

/* The model of part p of the run m was read into (m itself when it is
 * that part, else one m holds), or NULL when the run has none: no such
 * profile, or for HP_PART_HEAP_SIZE no series point. */
hp_model *hp_part_get(const hp_model *m, enum hp_part p);

/* The parts the run holds: bit p set for each hp_part_get finds. */
unsigned hp_parts_present(const hp_model *m);

/* What is drawn when no part is asked for: the heap profile when it has
 * a sample (hp2x replaces hp2ps), else the first part read that has
 * one, else m. */
const hp_model *hp_part_default(const hp_model *m);

/* The parts of mask as words, "heap, time and heap-size". */
void hp_parts_list(unsigned mask, char *buf, size_t size);

/* The run's facts of src into dst, a new model of the same run: its
 * kind, JOB, DATE, SOURCE and SAMPLE_UNIT, marks, series and the bytes
 * allocated.  -1 when out of memory. */
int hp_part_copy_run(hp_model *dst, const hp_model *src,
		     struct hp_err *err) HP_MUSTCHECK;

#endif
