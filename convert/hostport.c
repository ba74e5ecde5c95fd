/*
 * convert/hostport.c - hosts and ports as people and browsers write
 * them (hostport.h): --serve's [ADDR:]PORT, --serve-name's NAME, and
 * the NAME[:PORT] of a Host header or an Origin.
 *
 * Strict on purpose: an address in full (inet_pton, so no "127.1"), a
 * port of digits only, a name of the characters DNS names and address
 * literals use; so what the command line takes is what the server will
 * compare, and a value that is neither is refused with its reason.
 */
#include "hostport.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

int
cli_host_split(const char *h, size_t n, char *name, size_t size, long *port)
{
	const char *end = h + n, *nm = h, *ne, *colon;
	size_t i, len;

	if (n && h[0] == '[') {
		nm = h + 1;
		if (!(ne = memchr(nm, ']', n - 1)))
			return -1;
		colon = ne + 1 < end ? ne + 1 : NULL;
		if (colon && *colon != ':')
			return -1;
	} else {
		colon = memchr(h, ':', n);
		ne = colon ? colon : end;
	}
	len = (size_t)(ne - nm);
	if (len == 0 || len >= size)
		return -1;
	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)nm[i];

		if (!isalnum(ch) && ch != '.' && ch != '-' && ch != '_' &&
		    !(ch == ':' && nm != h))
			return -1;
		name[i] = (char)tolower(ch);
	}
	name[len] = '\0';
	*port = -1;
	if (colon) {
		const char *d = colon + 1;

		if (d == end || end - d > 5)
			return -1;
		for (*port = 0; d < end; d++) {
			if (*d < '0' || *d > '9')
				return -1;
			*port = *port * 10 + (*d - '0');
		}
		if (*port > 65535)
			return -1;
	}
	return 0;
}

int
cli_serve_parse(const char *spec, struct cli_serve_at *at, struct hp_err *err)
{
	const char *colon, *port;
	struct sockaddr_in *v4 = (struct sockaddr_in *)(void *)&at->sa;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)(void *)&at->sa;
	char addr[INET6_ADDRSTRLEN];
	unsigned long p = 0;
	size_t i;

	memset(at, 0, sizeof *at);
	v4->sin_family = AF_INET;
	v4->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	at->len = sizeof *v4;
	if (!spec || !*spec)
		return 0;
	colon = spec[0] == '[' ? strstr(spec, "]:") : strrchr(spec, ':');
	if (spec[0] == '[' && !colon)
		return hp_err_set(err, "--serve=%s: [IPv6]:PORT wanted, as [::1]:8080", spec);
	port = colon ? colon + 1 + (spec[0] == '[') : spec;
	if (colon) {
		const char *a = spec + (spec[0] == '['), *e = colon;
		size_t n = (size_t)(e - a);

		if (n == 0 || n >= sizeof addr)
			return hp_err_set(err, "--serve=%s: no address before the port: ADDR:PORT, as 127.0.0.1:8080, [::1]:8080 or localhost:8080", spec);
		memcpy(addr, a, n);
		addr[n] = '\0';
		if (spec[0] == '[') {
			v6->sin6_family = AF_INET6;
			at->len = sizeof *v6;
			if (inet_pton(AF_INET6, addr, &v6->sin6_addr) != 1)
				return hp_err_set(err, "--serve=%s: '%s' is no IPv6 address", spec, addr);
		} else if (strcmp(addr, "localhost") != 0 &&
			   inet_pton(AF_INET, addr, &v4->sin_addr) != 1) {
			return hp_err_set(err, "--serve=%s: '%s' is no address: an IPv4 address in full (127.0.0.1), an IPv6 one in brackets ([::1]) or localhost",
					  spec, addr);
		}
	}
	for (i = 0; port[i]; i++)
		if (port[i] < '0' || port[i] > '9' || i == 5)
			break;
	if (i == 0 || port[i] || (p = strtoul(port, NULL, 10)) > 65535)
		return hp_err_set(err, "--serve=%s: '%s' is no port: a number, 0 to 65535 (0: any free one)",
				  spec, port);
	if (v6->sin6_family == AF_INET6)
		v6->sin6_port = htons((unsigned short)p);
	else
		v4->sin_port = htons((unsigned short)p);
	return 0;
}

int
cli_serve_name_check(const char *opt, const char *name, struct hp_err *err)
{
	char buf[256];
	long port;

	if (cli_host_split(name, strlen(name), buf, sizeof buf, &port) ||
	    port >= 0)
		return hp_err_set(err, "%s=%s: a host name or an address wanted (letters, digits, '.', '-'; [IPv6] in brackets), without a port",
				  opt, name);
	return 0;
}
