/*
 * hp/frontend.h - what a format reader provides to hp/reader.c.
 *
 * Each frontend is a designated-initializer table of these functions
 * (hp_hpfile_frontend in hpfile.c, hp_eventlog_frontend in eventlog.c).
 * feed gets decompressed bytes in arbitrary chunks and must keep any
 * incomplete tail itself; finish is called once at end of input.
 */
#ifndef HP_FRONTEND_H
#define HP_FRONTEND_H

#include <stddef.h>

#include "err.h"
#include "model.h"
#include "reader.h"

struct hp_frontend {
	const char *name;
	/* NULL when out of memory.  name is for messages; o the
	 * reader's options (reader.h). */
	void *(*create)(hp_model *m, const char *name,
			const struct hp_read_opts *o);
	int (*feed)(void *st, const unsigned char *p, size_t n,
		    struct hp_err *err);
	int (*finish)(void *st, struct hp_err *err);
	int (*done)(const void *st);	/* may be NULL: never done early */
	void (*destroy)(void *st);
};

/* The longest line (or .hp header string) a text reader keeps: no band
 * or counter name is that long, and a gzip bomb of one line must not
 * take the memory.  Refused as "FILE:LINE: line longer than 64 MiB". */
#define HP_MAX_LINE ((size_t)64 << 20)

extern const struct hp_frontend hp_hpfile_frontend;
extern const struct hp_frontend hp_eventlog_frontend;
extern const struct hp_frontend hp_ticky_frontend;

#endif
