/*
 * convert/hostport.h - hosts and ports as --serve, --serve-name and a
 * request's Host and Origin headers write them; read by the options
 * (a bad value is a usage error) and by the server (live/serve.c).
 */
#ifndef CONVERT_HOSTPORT_H
#define CONVERT_HOSTPORT_H

#include <stddef.h>
#include <sys/socket.h>

#include "../hp/err.h"

/*
 * Where to listen, from a --serve value "[ADDR:]PORT": ADDR a dotted
 * IPv4 address, [IPv6] in brackets or localhost (127.0.0.1), PORT 0 to
 * 65535 (0: any free one); NULL or "": 127.0.0.1 and a free port.  0, or
 * -1 with err saying what is wrong with it.
 */
struct cli_serve_at {
	struct sockaddr_storage sa;
	socklen_t len;
};
int cli_serve_parse(const char *spec, struct cli_serve_at *at,
		    struct hp_err *err) HP_MUSTCHECK;

/* A --serve-name value (a host name, a dotted IPv4 address or [IPv6],
 * without a port): 0, or -1 with err. */
int cli_serve_name_check(const char *opt, const char *name,
			 struct hp_err *err) HP_MUSTCHECK;

/*
 * A host as a Host header or an Origin has it, h[0..n): NAME[:PORT] or
 * [IPV6][:PORT].  Its name into name (lower case, without brackets) and
 * its port into *port (-1 when none): 0, or -1 when it is neither, or
 * the name is longer than size allows.
 */
int cli_host_split(const char *h, size_t n, char *name, size_t size,
		   long *port);

#endif
