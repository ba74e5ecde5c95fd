/*
 * hp/reader.h - reading a profile into a model, from bytes in any chunks.
 *
 * The reader decides what the bytes are by content, never by name:
 * gzip (1f 8b) is inflated first; an eventlog starts "hdrb"; a ticky
 * report starts with a quote (its command line); anything else is .hp
 * text.  Bytes may be fed in chunks split anywhere (even inside a
 * number or an event); the model gains each sample as soon as it is
 * complete.  hp_reader_finish says the input has ended: a truncated final
 * sample is dropped with one warning (hp_model_warn), everything complete
 * is kept.
 *
 * Errors name the file and line (.hp) or byte offset (eventlog):
 * "FILE:LINE: what was expected".
 */
#ifndef HP_READER_H
#define HP_READER_H

#include <stddef.h>

#include "err.h"
#include "model.h"

typedef struct hp_reader hp_reader;

/* What a reader keeps where the input offers a choice.  All zero: the
 * defaults (allocation; innermost cost centre). */
struct hp_read_opts {
	enum hp_measure measure;	/* which ticky count becomes the
					 * value (the model records it) */
	int by_stack;		/* a time sample is charged to its whole
				 * stack (named as -hc names it) rather
				 * than to its innermost cost centre */
};

/* name is used in messages only ("stdin" for standard input).  Reads
 * with the default options.  Returns NULL when out of memory. */
hp_reader *hp_reader_new(hp_model *m, const char *name);
/* Other options: before the first byte is fed. */
void hp_reader_set_opts(hp_reader *r, const struct hp_read_opts *o);
void hp_reader_free(hp_reader *r);

int hp_reader_feed(hp_reader *r, const void *data, size_t len,
		   struct hp_err *err) HP_MUSTCHECK;
int hp_reader_finish(hp_reader *r, struct hp_err *err) HP_MUSTCHECK;

/* What the input turned out to be, once enough bytes were seen
 * (HP_KIND_UNKNOWN before); the model is told the same
 * (hp_model_kind). */
enum hp_kind hp_reader_kind(const hp_reader *r);
/* 1 when the input says it is complete (an eventlog's DATA_END). */
int hp_reader_done(const hp_reader *r);

/* Whole inputs.  path "-" reads standard input.  hp_read_file and
 * hp_read_mem read with the default options. */
int hp_read_file(hp_model *m, const char *path, struct hp_err *err) HP_MUSTCHECK;
int hp_read_file_opts(hp_model *m, const char *path,
		      const struct hp_read_opts *o,
		      struct hp_err *err) HP_MUSTCHECK;
int hp_read_mem(hp_model *m, const char *name, const void *data, size_t len,
		struct hp_err *err) HP_MUSTCHECK;

/* Once the input has ended, what the profile lacks for a graph (or a
 * summary: both call this).  No sample: -1 with err saying what the run
 * lacked, the same words for every input and mode.  A .hp file without
 * samples is refused by its reader; an eventlog without them is read
 * (its other events are data): when a profile began, it is refused
 * with what its first sample would have been ("FILE: contains no
 * samples: the program ended before its first heap census ...", or the
 * same for time and ticky samples); when none began, its heap-size
 * series are what is drawn (0), and without those it is refused: "FILE:
 * contains no heap profile and no heap size: run the program with +RTS
 * -h -l ...".  Samples all at one time, or every value 0: a warning
 * (hp_model_warn) each, and 0. */
int hp_read_check(hp_model *m, const char *name,
		  struct hp_err *err) HP_MUSTCHECK;

/* hp_read_file reads a large regular .hp file in two halves at once, the
 * second from the first line start past the middle, with exactly the
 * result of one read.  This does the same with the second half starting
 * at the first line start at or after byte `at`, whatever the size (0:
 * one read); for tests. */
int hp_read_file_split(hp_model *m, const char *path, long long at,
		       struct hp_err *err) HP_MUSTCHECK;

#endif
