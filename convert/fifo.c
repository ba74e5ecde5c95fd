/*
 * convert/fifo.c - a write to a FIFO that waits for room without
 * holding watch mode (fifo.h), for both of its streams
 * (fifo-cookie.c, fifo-buffer.c).
 */
#include "fifo.h"

#include <errno.h>
#include <poll.h>
#include <unistd.h>

#include "cli.h"

ssize_t
cli_fifo_write(int fd, const char *buf, size_t n)
{
	size_t done = 0;

	while (done < n) {
		ssize_t k = write(fd, buf + done, n - done);
		struct pollfd pf = { fd, POLLOUT, 0 };

		if (k > 0) {
			done += (size_t)k;
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && errno == EAGAIN && !cli_stop_pending()) {
			(void)poll(&pf, 1, 200);
			continue;
		}
		if (k < 0 && errno == EAGAIN)
			errno = EINTR;
		return done ? (ssize_t)done : -1;
	}
	return (ssize_t)done;
}
