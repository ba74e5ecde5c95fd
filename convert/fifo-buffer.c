/*
 * convert/fifo-buffer.c - the portable build's stream onto a FIFO
 * (fifo.h): POSIX's stdio takes no write function of one's own
 * (Linux's fopencookie, the BSDs' funopen), so the output is made in
 * memory (open_memstream) and written to the FIFO with cli_fifo_write
 * as the stream is closed.  The reader gets the whole drawing at once,
 * and none of one that failed.  Linux's build has fifo-cookie.c.
 */
#include "fifo.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "../hp/grow.h"

struct cli_fifo {
	int fd;
	char *buf;
	size_t len;
};

FILE *
cli_fifo_open(int fd, struct cli_fifo **fifo)
{
	struct cli_fifo *q = hp_callocn(1, sizeof *q);
	FILE *f;

	*fifo = NULL;
	if (!q)
		return NULL;
	f = open_memstream(&q->buf, &q->len);
	if (!f) {
		free(q);
		return NULL;
	}
	q->fd = fd;
	*fifo = q;
	return f;
}

int
cli_fifo_close(FILE *f, struct cli_fifo *fifo, int keep)
{
	int rc = fclose(f), e = errno;

	if (rc == 0 && keep && fifo->len &&
	    cli_fifo_write(fifo->fd, fifo->buf, fifo->len) != (ssize_t)fifo->len) {
		rc = EOF;
		e = errno ? errno : EIO;
	}
	if (close(fifo->fd) != 0 && rc == 0) {
		rc = EOF;
		e = errno;
	}
	free(fifo->buf);
	free(fifo);
	errno = e;
	return rc;
}
