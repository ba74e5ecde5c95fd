/*
 * hp/facts.h - the run's facts: which RTS ran which program with which
 * arguments and options, what the profile breaks the heap down by, how
 * often it sampled, when the run started, on how many capabilities, and
 * whether its log is whole.  One table, which --summary (text and JSON)
 * and the page read; the readers put each fact in its model field
 * (model.h), from an eventlog's RTS_IDENTIFIER, PROGRAM_ARGS,
 * WALL_CLOCK_TIME, CAP_CREATE, HEAP_PROF_BEGIN and PROF_BEGIN events and
 * its end, or a .hp's JOB and DATE.  Every value is the program's data:
 * whoever shows it escapes it.
 */
#ifndef HP_FACTS_H
#define HP_FACTS_H

#include <stddef.h>

#include "err.h"
#include "model.h"

/* How a fact's text reads: as it is, a number of seconds, a count
 * (JSON writes the last two as numbers). */
enum hp_fact_kind { HP_FACT_TEXT, HP_FACT_SECONDS, HP_FACT_COUNT };

struct hp_fact {
	enum hp_field field;	/* where the model holds it */
	const char *key;	/* in JSON and the page: "rts_options" */
	const char *label;	/* for people: "RTS options" */
	enum hp_fact_kind kind;
};

#define HP_NFACTS 9
extern const struct hp_fact hp_facts[HP_NFACTS];

/* Whether m holds any fact. */
int hp_facts_any(const hp_model *m);

/*
 * A command line as the RTS reads it (rts/RtsFlags.c): argv is n bytes,
 * each argument ended by a NUL (the last one's may be missing).  Its
 * program, the program's arguments and the RTS's (those between +RTS
 * and -RTS or the end; after --RTS every one is the program's), each
 * list as one line, an argument quoted as a POSIX shell would need it,
 * are set as HP_PROGRAM, HP_ARGS and HP_RTS_OPTS of m.  -1 when out of
 * memory.
 */
int hp_facts_set_argv(hp_model *m, const char *argv, size_t n,
		      struct hp_err *err) HP_MUSTCHECK;

/* A .hp's JOB ("leak 15000 +RTS -hc -RTS"; the RTS writes a profiled
 * program's arguments and options into it) as its command line, and its
 * DATE as when it started, where the model has neither yet. */
int hp_facts_from_job(hp_model *m, struct hp_err *err) HP_MUSTCHECK;

#endif
