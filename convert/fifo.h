/*
 * convert/fifo.h - writing an output to a FIFO (atomic.c's in-place
 * target), opened O_NONBLOCK so that watch mode is never held by a
 * reader that does not read: every write waits for room in steps of
 * 0.2 s, and gives up when a SIGINT or SIGTERM waits for watch mode's
 * loop (cli_stop_pending).
 *
 * Internal to convert/.  The stream onto the FIFO is Linux's
 * fopencookie (fifo-cookie.c), whose writes go straight through, or in
 * the portable build a stream in memory written out as it is closed
 * (fifo-buffer.c): POSIX has no stream with writes of one's own.
 */
#ifndef CONVERT_FIFO_H
#define CONVERT_FIFO_H

#include <stdio.h>
#include <sys/types.h>

struct cli_fifo;

/* A stream writing to fd, which it owns from now on: NULL (errno, fd
 * left open) when it cannot be made. */
FILE *cli_fifo_open(int fd, struct cli_fifo **fifo);

/* Close f and its FIFO: 0, or EOF (errno) as fclose(3).  keep: what was
 * written goes to the reader (a buffer is written out now); else it is
 * dropped if it can still be. */
int cli_fifo_close(FILE *f, struct cli_fifo *fifo, int keep);

/* Write n bytes of buf to fd (O_NONBLOCK), waiting for room as above: n,
 * fewer, or -1 (errno; EINTR when a stop came).  fifo.c. */
ssize_t cli_fifo_write(int fd, const char *buf, size_t n);

#endif
