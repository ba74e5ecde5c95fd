/*
 * data/memtext.h - text made in memory: a FILE * over a growing
 * buffer (open_memstream(3)), for what a writer makes to be handed on
 * whole (an HTTP answer of --serve, the page's embedded graph, the
 * fuzzers' outputs).  One place for its three steps, so each user checks
 * the stream's error the same way.
 */
#ifndef DATA_MEMTEXT_H
#define DATA_MEMTEXT_H

#include <stddef.h>
#include <stdio.h>

#include "../hp/err.h"

struct cli_mem {
	char *buf;		/* the text, once closed; the caller frees it */
	size_t len;
	FILE *f;		/* open between cli_mem_open and cli_mem_close */
};

/* An empty text, open for writing: 0, or -1 with err (out of memory). */
int cli_mem_open(struct cli_mem *m, struct hp_err *err);
/* Closed, its text in buf and len: 0, or -1 with err when a write failed
 * (out of memory); closed either way. */
int cli_mem_close(struct cli_mem *m, struct hp_err *err);
/* Closed if open, and its text freed. */
void cli_mem_free(struct cli_mem *m);

#endif
