/*
 * live/stream.c - standard input, FIFOs and Unix-domain sockets read
 * as streams for --watch (see stream.h).
 *
 * Everything is non-blocking, so the watch loop's poll(2) stays the only
 * place that waits and Ctrl-C is always heard.  The one subtlety is the
 * FIFO: opened for reading with O_NONBLOCK before any writer, read(2)
 * returns 0 exactly as it does after the last writer left.  Linux's poll
 * tells the two apart: POLLHUP is raised only once a writer has come and
 * gone (and a FIFO with no writer yet raises nothing, so polling it does
 * not spin).  A pipe is the same object and follows the same rule.
 */
#include "stream.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

enum cli_source
cli_source_of(const char *input)
{
	if (!input || strcmp(input, "-") == 0)
		return CLI_SOURCE_STDIN;
	if (strncmp(input, CLI_UNIX_PREFIX, sizeof CLI_UNIX_PREFIX - 1) == 0)
		return CLI_SOURCE_UNIX;
	return CLI_SOURCE_FILE;
}

int
cli_stream_adopt(struct cli_stream *st, int fd, int close_fd,
		 const char *name, struct hp_err *err)
{
	struct stat sb;
	int fl;

	if (fstat(fd, &sb) != 0)
		return hp_err_set(err, "cannot read %s: %s", name,
				  strerror(errno));
	fl = fcntl(fd, F_GETFL);
	if (fl >= 0 && !(fl & O_NONBLOCK))
		fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	st->fd = fd;
	st->fifo = S_ISFIFO(sb.st_mode);
	st->is_socket = S_ISSOCK(sb.st_mode);
	st->close_fd = close_fd;
	return 0;
}

int
cli_stream_connect(struct cli_stream *st, const char *path, struct hp_err *err)
{
	struct sockaddr_un sa;
	size_t len = strlen(path);
	int fd;

	if (len == 0 || len >= sizeof sa.sun_path)
		return hp_err_set(err, "%s%s: a socket path must be 1 to %zu bytes long",
				  CLI_UNIX_PREFIX, path, sizeof sa.sun_path - 1);
	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	memcpy(sa.sun_path, path, len);
	/* The flags set apart, as POSIX has no SOCK_CLOEXEC nor
	 * SOCK_NONBLOCK: hp2x starts its program from this thread. */
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd >= 0 && (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 ||
			fcntl(fd, F_SETFL, O_NONBLOCK) != 0)) {
		int e = errno;

		close(fd);
		fd = -1;
		errno = e;
	}
	if (fd < 0)
		return hp_err_set(err, "socket: %s", strerror(errno));
	while (connect(fd, (const struct sockaddr *)&sa, sizeof sa) != 0) {
		int e = errno;

		if (e == EINTR)
			continue;
		close(fd);
		/* Not there yet, not listening yet (a stale file of an
		 * earlier run), or busy: all worth waiting for. */
		if (e == ENOENT || e == ECONNREFUSED || e == EAGAIN)
			return 0;
		return hp_err_set(err, "cannot connect to %s%s: %s",
				  CLI_UNIX_PREFIX, path, strerror(e));
	}
	st->fd = fd;
	st->fifo = 0;
	st->is_socket = 1;
	st->close_fd = 1;
	return 1;
}

ssize_t
cli_stream_read(struct cli_stream *st, void *buf, size_t n, const char *name,
		struct hp_err *err)
{
	for (;;) {
		ssize_t got = read(st->fd, buf, n);
		struct pollfd pf;

		if (got > 0)
			return got;
		if (got < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				return CLI_STREAM_AGAIN;
			/* A peer that went away without a clean close. */
			if (st->is_socket &&
			    (errno == ECONNRESET || errno == EPIPE))
				return CLI_STREAM_END;
			return hp_err_set(err, "%s: read error: %s", name,
					  strerror(errno));
		}
		if (!st->fifo)
			return CLI_STREAM_END;
		pf.fd = st->fd;
		pf.events = POLLIN;
		pf.revents = 0;
		if (poll(&pf, 1, 0) < 0 && errno == EINTR)
			continue;
		/* A writer that came, wrote and left since the read. */
		if (pf.revents & POLLIN)
			continue;
		return pf.revents & POLLHUP ? CLI_STREAM_END : CLI_STREAM_AGAIN;
	}
}

void
cli_stream_close(struct cli_stream *st)
{
	if (st->fd >= 0 && st->close_fd)
		close(st->fd);
	st->fd = -1;
}
