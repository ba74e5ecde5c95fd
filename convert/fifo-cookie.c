/*
 * convert/fifo-cookie.c - Linux's stream onto a FIFO (fifo.h): glibc's
 * fopencookie, every write of the stream's buffer going through
 * cli_fifo_write as it is made.  The portable build has fifo-buffer.c
 * instead.
 */
#define _GNU_SOURCE	/* fopencookie */
#include "fifo.h"

#include <stdlib.h>
#include <unistd.h>

#include "../hp/grow.h"

struct cli_fifo {
	int fd;
};

static ssize_t
cookie_write(void *cookie, const char *buf, size_t n)
{
	return cli_fifo_write(((struct cli_fifo *)cookie)->fd, buf, n);
}

static int
cookie_close(void *cookie)
{
	return close(((struct cli_fifo *)cookie)->fd);
}

FILE *
cli_fifo_open(int fd, struct cli_fifo **fifo)
{
	static const cookie_io_functions_t io = {
		NULL, cookie_write, NULL, cookie_close
	};
	struct cli_fifo *q = hp_callocn(1, sizeof *q);
	FILE *f;

	*fifo = NULL;
	if (!q)
		return NULL;
	q->fd = fd;
	f = fopencookie(q, "wb", io);
	if (!f)
		free(q);
	else
		*fifo = q;
	return f;
}

int
cli_fifo_close(FILE *f, struct cli_fifo *fifo, int keep)
{
	int rc;

	(void)keep;	/* what was written has gone through already */
	rc = fclose(f);
	free(fifo);
	return rc;
}
