/*
 * data/memtext.c - text made in memory (memtext.h).
 */
#include "memtext.h"

#include <stdlib.h>

int
cli_mem_open(struct cli_mem *m, struct hp_err *err)
{
	m->buf = NULL;
	m->len = 0;
	m->f = open_memstream(&m->buf, &m->len);
	return m->f ? 0 : hp_err_set(err, "out of memory");
}

int
cli_mem_close(struct cli_mem *m, struct hp_err *err)
{
	int bad = ferror(m->f);

	/* fclose leaves the stream closed even when it fails */
	bad |= fclose(m->f) != 0;
	m->f = NULL;
	return bad ? hp_err_set(err, "out of memory") : 0;
}

void
cli_mem_free(struct cli_mem *m)
{
	if (m->f)
		fclose(m->f);
	m->f = NULL;
	free(m->buf);
	m->buf = NULL;
	m->len = 0;
}
