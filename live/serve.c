/*
 * live/serve.c - the HTTP server of --serve (serve.h): listening,
 * who may ask, the fixed routes, and the event streams.
 *
 * GNU libmicrohttpd, in the shape systemd-journal-remote uses it: no
 * thread of its own (no MHD_USE_INTERNAL_POLLING_THREAD), waited on in
 * watch mode's loop (serve-wait.h: its epoll descriptor on Linux, its
 * select sets in the portable build; cli_serve_attach), MHD_run after
 * every wake, the wait bounded by MHD_get_timeout.  An event stream's reader
 * suspends its connection when it has nothing to send (returning 0
 * without suspending would spin, microhttpd.h says) and is resumed when
 * something is published, or every heartbeat.
 *
 * Who may ask: every route is under /t/TOKEN/, TOKEN 128 random bits
 * made at start, compared in constant time; anything else is 404 with
 * the same body as any unknown path.  The Host header (exactly one:
 * RFC 9112 section 3.2 answers two with 400) must name the server as
 * it can be reached: with the port, the bound address, or when bound
 * to a wildcard address any of the machine's, a loopback name or
 * address when it reaches us, the machine's host name; with any port
 * or none, a name given by --serve-name (a proxy's, a DNS name).  A
 * page of another site that rebinds its name to our address sends its
 * own name (DNS rebinding), so it is refused wherever we listen.  An
 * Origin header must be http:// one of those (https:// a given name),
 * and only GET and HEAD are answered (405 otherwise).  Paths are
 * compared as sent, never unescaped, so no "%2e%2e" or "../" reaches
 * anything: there is no file to reach anyway, every answer is made in
 * memory.
 *
 * Limits: SERVE_CONNECTIONS connections.  Opening one needs no token,
 * so whoever reaches the port could hold them all by sending nothing,
 * or a head a byte at a time, and leave the page, its stream and the
 * scrapes waiting in the listen queue behind them: a connection that
 * has not sent a whole head is idle, and a new connection makes room
 * by shutting the oldest idle one of its peer address when that peer
 * holds more than SERVE_PEER_IDLE idle ones, and the oldest idle one of
 * all when more than SERVE_CONNECTIONS are open (itself when every
 * other one is answering).  libmicrohttpd's own limit, SERVE_SPARE
 * above ours, leaves room for the shut ones until its next run closes
 * them, so it never stops accepting while we make room.  A request's
 * head must come within SERVE_DEADLINE seconds of the connection or of
 * the previous answer (libmicrohttpd's own timeout counts idleness,
 * which one byte a second resets); SERVE_POOL bytes per connection
 * bound the head (431 past it); a stream's socket buffer is set to
 * SERVE_SNDBUF, and a stream that takes nothing for SERVE_STALL seconds
 * while it has something to send is dropped: its queue is that buffer
 * and one batch, so it never holds more, and nobody waits for it.
 * Heartbeat comments every SERVE_HEARTBEAT seconds tell a dead peer
 * from a quiet profile.
 * $HP2X_SERVE_DEADLINE, $HP2X_SERVE_STALL and $HP2X_SERVE_HEARTBEAT
 * (seconds) shorten them for the tests; $HP2X_SERVE_TOKEN fixes the
 * token, so a test can stop hp2x and start it again at the same URL
 * under an open page (its event stream resumes with Last-Event-ID).
 *
 * Over 1,000 lines as one server: its answers, event streams, checks of
 * who may ask and limits on connections all work on the one struct
 * cli_serve from libmicrohttpd's callbacks; what needs neither is
 * elsewhere (the live data live.c, /metrics metrics.c, the --serve
 * address convert/hostport.c, the loop loop.c).
 */
#include "serve.h"
#include "live.h"
#include "metrics.h"
#include "random.h"
#include "serve-wait.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <math.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "../hp/grow.h"
#include "../convert/cli.h"
#include "../convert/hostport.h"
#include "../data/dataout.h"
#include "../data/memtext.h"
#include "../page/page.h"
#include "../data/summary.h"

#define SERVE_CONNECTIONS 32
#define SERVE_PEER_IDLE 8
#define SERVE_SPARE 32
#define SERVE_DEADLINE 10.0
#define SERVE_TIMEOUT 60	/* libmicrohttpd's idle timeout, seconds */
#define SERVE_POOL (16 * 1024)
#define SERVE_SNDBUF (64 * 1024)
#define SERVE_STALL 10.0
#define SERVE_HEARTBEAT 15.0
#define TOKEN_BYTES 16

/* Every response's own headers; the page's policy is the file's, but
 * for connect-src 'self' (its event stream and zoom requests). */
static const char *const common_headers[][2] = {
	{ "Cache-Control", "no-store" },
	{ "Referrer-Policy", "no-referrer" },
	{ "X-Content-Type-Options", "nosniff" },
	{ "X-Frame-Options", "DENY" },
};
#define DATA_CSP "default-src 'none'; frame-ancestors 'none'"

/* An address, as its bytes: 4 of IPv4, 16 of IPv6. */
struct addr {
	int family;
	unsigned char b[16];
};

/* One connection, from accept to close. */
struct conn {
	struct conn *next, *prev;
	int fd;
	int in_request;		/* its head came; answering it */
	int shut;		/* shut: closed at libmicrohttpd's next run */
	double since;		/* accepted, or its last answer ended */
	struct addr peer;
};

/* One event stream. */
struct sse {
	struct sse *next, *prev;
	cli_serve *sv;
	struct MHD_Connection *c;
	unsigned gen;		/* the model it streams */
	struct live_pos at;	/* what it has */
	char *buf;		/* one event, sent from off */
	size_t len, off;
	int suspended, beat, reload, done;
	unsigned tab_seen;	/* the publish whose table it has */
	double progress;	/* its reader last gave something */
};

struct cli_serve {
	struct MHD_Daemon *d;
	struct cli_serve_wait wait;	/* its registration with the loop */
	FILE *errs;
	char prefix[8 + 2 * TOKEN_BYTES];	/* "/t/TOKEN/" */
	size_t prefix_len;
	struct addr bound;	/* the address listened on */
	unsigned port;
	int loopback, wildcard;	/* bound to a loopback, a wildcard address */
	char hostname[256];	/* the machine's name, lower case, or "" */
	char (*names)[256];	/* --serve-name's, lower case */
	size_t nnames;

	const hp_model *m;	/* published, or NULL */
	const struct render_opts *ro;
	const char *name;
	unsigned gen;
	struct live_pos pub;	/* what was published of m */
	double last_wall;	/* Unix time of the last new sample */
	struct live_table tab;	/* the table's numbers of what was published */
	int has_tab;		/* tab is made, for this publish */
	unsigned tabno;		/* which publish tab is of */
	render_ctx *ctx;	/* for the page, made at its first asking */
	render_colidx *idx;	/* for zooms */

	struct conn *conns;	/* newest first */
	size_t nshut;		/* of conns, shut and not yet closed */
	int respin;		/* runs to make at once: see conn_shut */
	struct sse *streams;
	int kick;		/* published since the last run */
	double deadline, stall, heartbeat, next_beat;
};

static double
mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double
env_seconds(const char *name, double def)
{
	const char *s = getenv(name);
	char *end;
	double v;

	if (!s || !*s)
		return def;
	v = strtod(s, &end);
	return *end || !(v > 0) ? def : v;
}

/* ---- answers ---- */

/* A response queued with every response's headers, then let go. */
static enum MHD_Result
queue(struct MHD_Connection *c, unsigned status, struct MHD_Response *r,
      const char *type, const char *csp)
{
	enum MHD_Result rc;
	size_t i;

	for (i = 0; i < sizeof common_headers / sizeof common_headers[0]; i++)
		MHD_add_response_header(r, common_headers[i][0],
					common_headers[i][1]);
	MHD_add_response_header(r, "Content-Security-Policy", csp);
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	rc = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return rc;
}

static enum MHD_Result
send_body(struct MHD_Connection *c, unsigned status, const char *type,
	  const char *csp, char *body, size_t len, int owned)
{
	struct MHD_Response *r;

	r = MHD_create_response_from_buffer(len, body, owned ?
					    MHD_RESPMEM_MUST_FREE :
					    MHD_RESPMEM_PERSISTENT);
	if (!r) {
		if (owned)
			free(body);
		return MHD_NO;
	}
	return queue(c, status, r, type, csp);
}

static enum MHD_Result
refuse(struct MHD_Connection *c, unsigned status)
{
	static char not_found[] = "not found\n", forbidden[] = "forbidden\n";
	static char bad_method[] = "only GET and HEAD\n";
	static char bad_request[] = "one Host header wanted\n";
	static char unavailable[] = "no sample yet: load again in a moment\n";
	static char failed[] = "hp2x could not make this answer\n";
	char *b = status == MHD_HTTP_NOT_FOUND ? not_found
		: status == MHD_HTTP_FORBIDDEN ? forbidden
		: status == MHD_HTTP_METHOD_NOT_ALLOWED ? bad_method
		: status == MHD_HTTP_BAD_REQUEST ? bad_request
		: status == MHD_HTTP_SERVICE_UNAVAILABLE ? unavailable : failed;

	return send_body(c, status, "text/plain; charset=utf-8", DATA_CSP, b,
			 strlen(b), 0);
}

/* The page's address before the first drawing (a browser opened
 * before the program's first census, or while hp2x starts again): a
 * page that loads itself again every second until the real one comes.
 * A meta refresh, as no script runs under DATA_CSP; 503 with
 * Retry-After, so nothing caches or indexes it. */
static enum MHD_Result
answer_waiting(struct MHD_Connection *c)
{
	static char body[] =
		"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		"<meta http-equiv=\"refresh\" content=\"1\">"
		"<title>hp2x: no sample yet</title></head>\n<body><p>hp2x has "
		"no sample to show yet: this page loads again every second "
		"until it has.</p></body></html>\n";
	struct MHD_Response *r;

	r = MHD_create_response_from_buffer(strlen(body), body,
					    MHD_RESPMEM_PERSISTENT);
	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, "1");
	return queue(c, MHD_HTTP_SERVICE_UNAVAILABLE, r,
		     "text/html; charset=utf-8", DATA_CSP);
}

/* What a writer made in memory, answered; 500 when it failed. */
static enum MHD_Result
send_mem(struct MHD_Connection *c, struct cli_mem *m, int failed,
	 const char *type, const char *csp)
{
	if (cli_mem_close(m, NULL) != 0 || failed) {
		cli_mem_free(m);
		return refuse(c, MHD_HTTP_INTERNAL_SERVER_ERROR);
	}
	return send_body(c, MHD_HTTP_OK, type, csp, m->buf, m->len, 1);
}

static const char *
arg(struct MHD_Connection *c, const char *key)
{
	return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, key);
}

static size_t
arg_size(const char *s, size_t def)
{
	char *end;
	unsigned long long v;

	if (!s || !*s)
		return def;
	errno = 0;
	v = strtoull(s, &end, 10);
	return *end || errno || s[0] == '-' ? def : (size_t)v;
}

static enum MHD_Result
answer_page(cli_serve *sv, struct MHD_Connection *c)
{
	struct hp_err err = {{0}};
	struct cli_mem mm;
	char csp[512];
	int failed;

	if (!sv->ctx && !(sv->ctx = render_ctx_new(NULL, &err)))
		return refuse(c, MHD_HTTP_INTERNAL_SERVER_ERROR);
	if (cli_mem_open(&mm, NULL))
		return refuse(c, MHD_HTTP_INTERNAL_SERVER_ERROR);
	failed = out_html_served(sv->ctx, sv->m, sv->ro, sv->name, sv->gen,
				 mm.f, &err) != 0;
	/* the page's own policy, as its meta element has it, with
	 * frame-ancestors, which only a header can say */
	snprintf(csp, sizeof csp, "default-src 'none'; script-src %s; style-src %s; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
		 page_js_hash, page_css_hash);
	return send_mem(c, &mm, failed, "text/html; charset=utf-8", csp);
}

static enum MHD_Result
answer_data(cli_serve *sv, struct MHD_Connection *c, int which)
{
	struct hp_err err = {{0}};
	struct cli_mem mm;
	int failed;

	if (cli_mem_open(&mm, NULL))
		return refuse(c, MHD_HTTP_INTERNAL_SERVER_ERROR);
	if (which == 0)
		failed = out_json(sv->m, mm.f, &err) != 0;
	else if (which == 1)
		failed = summary_print(mm.f, sv->name, sv->m, sv->ro, 1, 100,
				       &err) != 0;
	else if (which == 2)
		failed = metrics_write(mm.f, sv->m, sv->ro, sv->last_wall,
				       &err) != 0;
	else {
		const char *a = arg(c, "a"), *b = arg(c, "b");
		double ta = a ? strtod(a, NULL) : NAN, tb = b ? strtod(b, NULL) : NAN;

		if (!(tb > ta) || !isfinite(ta) || !isfinite(tb)) {
			cli_mem_free(&mm);
			return refuse(c, MHD_HTTP_NOT_FOUND);
		}
		if (!sv->idx && !(sv->idx = render_colidx_new()))
			failed = 1;
		else
			failed = live_columns(mm.f, sv->m, sv->idx, ta, tb,
					      arg_size(arg(c, "n"), 1000),
					      &err) != 0;
	}
	return send_mem(c, &mm, failed, which == 2 ?
			"text/plain; version=0.0.4; charset=utf-8" :
			"application/json", DATA_CSP);
}

/* ---- event streams ---- */

static void
sse_drop(struct sse *s)
{
	if (s->prev)
		s->prev->next = s->next;
	else
		s->sv->streams = s->next;
	if (s->next)
		s->next->prev = s->prev;
	s->prev = s->next = NULL;
}

static void
sse_free(void *cls)
{
	struct sse *s = cls;

	sse_drop(s);
	free(s->buf);
	free(s);
}

/* The next event into s->buf: 1, or 0 when there is none now. */
static int
sse_next(struct sse *s)
{
	cli_serve *sv = s->sv;
	struct cli_mem mm;
	int any = 0;

	free(s->buf);
	s->buf = NULL;
	s->len = s->off = 0;
	if (s->done || cli_mem_open(&mm, NULL))
		return 0;
	if (s->reload || s->gen != sv->gen || !sv->m) {
		/* another model: the page loads again (and with it its
		 * data); this stream ends */
		fputs("event: reload\ndata: \n\n", mm.f);
		s->done = any = 1;
	} else {
		fputs("event: samples\ndata: ", mm.f);
		if (live_batch(mm.f, sv->m, &s->at, &sv->pub,
			       sv->has_tab ? &sv->tab : NULL,
			       s->tab_seen != sv->tabno)) {
			if (s->at.samples == sv->pub.samples)
				s->tab_seen = sv->tabno;
			/* id: how many samples the page has, where a
			 * reconnection goes on (Last-Event-ID) */
			fprintf(mm.f, "\nid: %zu\n\n", s->at.samples);
			any = 1;
		}
	}
	if (!any && s->beat) {
		/* a comment: keeps proxies and the browser from giving up,
		 * and a write to a dead peer fails */
		cli_mem_free(&mm);
		if (cli_mem_open(&mm, NULL))
			return 0;
		fputs(":\n\n", mm.f);
		any = 1;
	}
	s->beat = 0;
	if (cli_mem_close(&mm, NULL) != 0 || !any) {
		cli_mem_free(&mm);
		return 0;
	}
	s->buf = mm.buf;
	s->len = mm.len;
	return 1;
}

static ssize_t
sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct sse *s = cls;
	size_t n;

	(void)pos;
	s->progress = mono();
	if (s->off >= s->len && !sse_next(s)) {
		if (s->done)
			return MHD_CONTENT_READER_END_OF_STREAM;
		MHD_suspend_connection(s->c);
		s->suspended = 1;
		return 0;
	}
	n = s->len - s->off < max ? s->len - s->off : max;
	memcpy(buf, s->buf + s->off, n);
	s->off += n;
	return (ssize_t)n;
}

static void
sse_wake(struct sse *s)
{
	if (s->suspended) {
		/* it took all it had: its stall clock starts now */
		s->progress = mono();
		s->suspended = 0;
		MHD_resume_connection(s->c);
	}
}

static enum MHD_Result
answer_events(cli_serve *sv, struct MHD_Connection *c, int head)
{
	const char *last = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
							"Last-Event-ID");
	struct MHD_Response *r;
	struct sse *s;
	const char *ns;
	int k;

	if (head)
		return send_body(c, MHD_HTTP_OK, "text/event-stream", DATA_CSP,
				 (char *)"", 0, 0);
	s = hp_callocn(1, sizeof *s);
	if (!s)
		return MHD_NO;
	s->sv = sv;
	s->c = c;
	s->gen = (unsigned)arg_size(arg(c, "g"), sv->gen);
	s->at.samples = arg_size(last ? last : arg(c, "from"), 0);
	s->at.bands = arg_size(arg(c, "nb"), 0);
	s->at.marks = arg_size(arg(c, "nm"), 0);
	ns = arg(c, "ns");
	for (k = 0; k < HP_NSERIES; k++) {
		s->at.series[k] = ns ? strtoull(ns, NULL, 10) : 0;
		if (ns && (ns = strchr(ns, ',')))
			ns++;
	}
	/* a page of a later model than this (a stale Last-Event-ID after
	 * the input was replaced), or of an earlier one: it loads again.
	 * Not a page ahead of what was published: the page is made from
	 * the model as it is, which may have grown since the last drawing. */
	if (s->at.samples > hp_model_sample_count(sv->m))
		s->reload = 1;
	s->progress = mono();
	r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 8192, sse_read,
					      s, sse_free);
	if (!r) {
		free(s);
		return MHD_NO;
	}
	s->next = sv->streams;
	if (sv->streams)
		sv->streams->prev = s;
	sv->streams = s;
	return queue(c, MHD_HTTP_OK, r, "text/event-stream", DATA_CSP);
}

/* ---- who may ask ---- */

static int
addr_of(const struct sockaddr *sa, struct addr *a)
{
	memset(a, 0, sizeof *a);
	a->family = sa->sa_family;
	if (sa->sa_family == AF_INET)
		memcpy(a->b, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
	else if (sa->sa_family == AF_INET6)
		memcpy(a->b, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, 16);
	else
		return -1;
	return 0;
}

static int
addr_eq(const struct addr *a, const struct addr *b)
{
	return a->family == b->family && memcmp(a->b, b->b, sizeof a->b) == 0;
}

static int
addr_loopback(const struct addr *a)
{
	static const unsigned char v6[16] = { [15] = 1 };

	return a->family == AF_INET ? a->b[0] == 127
		: memcmp(a->b, v6, sizeof v6) == 0;
}

static int
addr_wildcard(const struct addr *a)
{
	static const unsigned char zero[16];

	return memcmp(a->b, zero, sizeof zero) == 0;
}

/* name, an address as written in a URL's host (dotted IPv4, or IPv6
 * without its brackets): 0, or -1 when it is none. */
static int
addr_parse(const char *name, struct addr *a)
{
	memset(a, 0, sizeof *a);
	a->family = strchr(name, ':') ? AF_INET6 : AF_INET;
	return inet_pton(a->family, name, a->b) == 1 ? 0 : -1;
}

/* One of the machine's addresses, as its interfaces have them now. */
static int
addr_local(const struct addr *a)
{
	struct ifaddrs *ifs, *i;
	struct addr b;
	int found = 0;

	if (getifaddrs(&ifs) != 0)
		return 0;
	for (i = ifs; i && !found; i = i->ifa_next)
		found = i->ifa_addr && addr_of(i->ifa_addr, &b) == 0 &&
			addr_eq(a, &b);
	freeifaddrs(ifs);
	return found;
}

/* h[0..n) names this server (see the top of the file); https: as an
 * Origin's https://, which only a given name may be. */
static int
host_ok(const cli_serve *sv, const char *h, size_t n, int https)
{
	char name[256];
	long port;
	size_t i;
	struct addr a;

	if (cli_host_split(h, n, name, sizeof name, &port))
		return 0;
	for (i = 0; i < sv->nnames; i++)
		if (strcmp(name, sv->names[i]) == 0)
			return 1;
	if (https || (port < 0 ? sv->port != 80 : (unsigned long)port != sv->port))
		return 0;
	if (strcmp(name, "localhost") == 0)
		return sv->loopback || sv->wildcard;
	if (sv->hostname[0] && strcmp(name, sv->hostname) == 0)
		return 1;
	if (addr_parse(name, &a))
		return 0;
	return addr_eq(&a, &sv->bound) ||
		(addr_loopback(&a) && (sv->loopback || sv->wildcard)) ||
		(sv->wildcard && addr_local(&a));
}

/* An Origin, when sent, is http://HOST of a Host we take (or https://
 * a given name, behind a proxy that speaks TLS). */
static int
origin_ok(const cli_serve *sv, const char *origin)
{
	if (!origin)
		return 1;
	if (strncmp(origin, "http://", 7) == 0)
		return host_ok(sv, origin + 7, strlen(origin + 7), 0);
	if (strncmp(origin, "https://", 8) == 0)
		return host_ok(sv, origin + 8, strlen(origin + 8), 1);
	return 0;
}

static enum MHD_Result
count_host(void *cls, enum MHD_ValueKind kind, const char *key,
	   const char *value)
{
	(void)kind, (void)value;
	if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0)
		++*(int *)cls;
	return MHD_YES;
}

/* The path's route under the token, or NULL: compared as sent, the
 * token in constant time. */
static const char *
route_of(const cli_serve *sv, const char *url)
{
	size_t n = strlen(url), i;
	unsigned char diff = 0;

	if (n < sv->prefix_len)
		return NULL;
	for (i = 0; i < sv->prefix_len; i++)
		diff |= (unsigned char)(url[i] ^ sv->prefix[i]);
	return diff ? NULL : url + sv->prefix_len;
}

static enum MHD_Result
answer(void *cls, struct MHD_Connection *c, const char *url,
       const char *method, const char *version, const char *upload,
       size_t *upload_size, void **req)
{
	cli_serve *sv = cls;
	const union MHD_ConnectionInfo *ci;
	const char *route, *host;
	int head = strcmp(method, MHD_HTTP_METHOD_HEAD) == 0, nhost;

	(void)version, (void)upload;
	ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	if (*req && *upload_size) {
		/* a body of a refused request: read and dropped, the
		 * connection idle meanwhile (a body a byte at a time holds
		 * no room) */
		if (ci && ci->socket_context)
			((struct conn *)ci->socket_context)->in_request = 0;
		*upload_size = 0;
		return MHD_YES;
	}
	if (ci && ci->socket_context)
		((struct conn *)ci->socket_context)->in_request = 1;
	*req = sv;
	nhost = 0;
	MHD_get_connection_values(c, MHD_HEADER_KIND, count_host, &nhost);
	if (nhost > 1)
		return refuse(c, MHD_HTTP_BAD_REQUEST);
	host = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
					   MHD_HTTP_HEADER_HOST);
	if (!host || !host_ok(sv, host, strlen(host), 0) ||
	    !origin_ok(sv, MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						       "Origin")))
		return refuse(c, MHD_HTTP_FORBIDDEN);
	if (!(route = route_of(sv, url)))
		return refuse(c, MHD_HTTP_NOT_FOUND);
	if (strcmp(route, "") != 0 && strcmp(route, "data.json") != 0 &&
	    strcmp(route, "summary.json") != 0 &&
	    strcmp(route, "events") != 0 && strcmp(route, "columns") != 0 &&
	    strcmp(route, "metrics") != 0)
		return refuse(c, MHD_HTTP_NOT_FOUND);
	if (!head && strcmp(method, MHD_HTTP_METHOD_GET) != 0)
		return refuse(c, MHD_HTTP_METHOD_NOT_ALLOWED);
	/* before the first drawing /metrics says what is known (no
	 * sample yet), so a scraper keeps the target up while the
	 * program starts */
	if (!sv->m && strcmp(route, "metrics") != 0)
		return strcmp(route, "") == 0 ? answer_waiting(c)
			: refuse(c, MHD_HTTP_SERVICE_UNAVAILABLE);
	if (strcmp(route, "") == 0)
		return answer_page(sv, c);
	if (strcmp(route, "events") == 0)
		return answer_events(sv, c, head);
	return answer_data(sv, c, strcmp(route, "data.json") == 0 ? 0 :
			   strcmp(route, "summary.json") == 0 ? 1 :
			   strcmp(route, "metrics") == 0 ? 2 : 3);
}

/* Paths are taken as sent: nothing is unescaped. */
static size_t
no_unescape(void *cls, struct MHD_Connection *c, char *s)
{
	(void)cls, (void)c;
	return strlen(s);
}

static void
completed(void *cls, struct MHD_Connection *c, void **req,
	  enum MHD_RequestTerminationCode toe)
{
	const union MHD_ConnectionInfo *ci;

	(void)cls, (void)req, (void)toe;
	ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	if (ci && ci->socket_context) {
		struct conn *cn = ci->socket_context;

		cn->in_request = 0;
		cn->since = mono();
	}
}

/* Shut cn's socket: libmicrohttpd sees it at its next run and closes
 * it.  Should that run find its own limit reached meanwhile, it takes
 * the listening socket out of its poll set until a later run: so the
 * next two runs come at once. */
static void
conn_shut(cli_serve *sv, struct conn *cn)
{
	if (cn->shut)
		return;
	if (cn->fd >= 0)
		shutdown(cn->fd, SHUT_RDWR);
	cn->shut = 1;
	sv->nshut++;
	sv->respin = 2;
}

/*
 * After cn came: while its peer holds more than SERVE_PEER_IDLE idle
 * connections, or more than SERVE_CONNECTIONS are open, the oldest idle
 * one (of the peer, of all) is shut.  cn itself is idle, so there is
 * always one.
 */
static void
make_room(cli_serve *sv, const struct conn *cn)
{
	for (;;) {
		struct conn *p, *old = NULL, *old_peer = NULL;
		size_t open = 0, peer_idle = 0;

		for (p = sv->conns; p; p = p->next) {
			if (p->shut)
				continue;
			open++;
			if (p->in_request)
				continue;
			if (!old || p->since <= old->since)
				old = p;
			if (addr_eq(&p->peer, &cn->peer)) {
				peer_idle++;
				if (!old_peer || p->since <= old_peer->since)
					old_peer = p;
			}
		}
		if (peer_idle > SERVE_PEER_IDLE)
			conn_shut(sv, old_peer);
		else if (open > SERVE_CONNECTIONS && old)
			conn_shut(sv, old);
		else
			return;
	}
}

static void
connection(void *cls, struct MHD_Connection *c, void **socket_context,
	   enum MHD_ConnectionNotificationCode code)
{
	cli_serve *sv = cls;
	struct conn *cn = *socket_context;

	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci =
			MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
		const union MHD_ConnectionInfo *pi =
			MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		int sz = SERVE_SNDBUF;

		cn = hp_callocn(1, sizeof *cn);
		if (!cn)
			return;
		cn->fd = ci ? ci->connect_fd : -1;
		cn->since = mono();
		if (!pi || !pi->client_addr ||
		    addr_of(pi->client_addr, &cn->peer))
			memset(&cn->peer, 0, sizeof cn->peer);
		if (cn->fd >= 0)
			setsockopt(cn->fd, SOL_SOCKET, SO_SNDBUF, &sz, sizeof sz);
		cn->next = sv->conns;
		if (sv->conns)
			sv->conns->prev = cn;
		sv->conns = cn;
		*socket_context = cn;
		make_room(sv, cn);
	} else if (cn) {
		if (cn->prev)
			cn->prev->next = cn->next;
		else
			sv->conns = cn->next;
		if (cn->next)
			cn->next->prev = cn->prev;
		if (cn->shut)
			sv->nshut--;
		free(cn);
		*socket_context = NULL;
	}
}

static void
logger(void *cls, const char *fmt, va_list ap)
{
	/* libmicrohttpd's own messages (a refused connection at the
	 * limit, say) are its business, not the user's */
	(void)cls, (void)fmt, (void)ap;
}

/* ---- listening ---- */

/* $HP2X_SERVE_TOKEN, when set, as the token's TOKEN_BYTES bytes: 0, or
 * an error.  Only what a random token looks like is taken (its 32 hex
 * digits, of which at least 8 differ, repeating no shorter piece), so
 * "0000..." or "0123456789abcdef0123456789abcdef" cannot stand in for
 * one: whoever sets it by hand has to make it as hp2x would. */
static int
token_from_env(unsigned char *tok, int *given, struct hp_err *err)
{
	const char *s = getenv("HP2X_SERVE_TOKEN");
	unsigned seen = 0, distinct = 0;
	const size_t digits = (size_t)2 * TOKEN_BYTES;
	size_t i, p;

	*given = 0;
	if (!s)
		return 0;
	for (i = 0; s[i]; i++) {
		int d = s[i] >= '0' && s[i] <= '9' ? s[i] - '0'
			: s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10 : -1;

		if (d < 0 || i >= digits)
			break;
		if (!(seen & 1u << d))
			distinct++;
		seen |= 1u << d;
		if (i % 2)
			tok[i / 2] = (unsigned char)(tok[i / 2] << 4 | d);
		else
			tok[i / 2] = (unsigned char)d;
	}
	if (i != digits || s[i])
		return hp_err_set(err, "HP2X_SERVE_TOKEN: %d lower-case hex digits wanted (a random token, as hp2x makes)",
				  2 * TOKEN_BYTES);
	for (p = 1; p <= TOKEN_BYTES; p++) {
		for (i = 0; i + p < digits && s[i] == s[i + p]; i++)
			;
		if (i + p == digits)
			break;
	}
	if (distinct < 8 || p <= TOKEN_BYTES)
		return hp_err_set(err, "HP2X_SERVE_TOKEN: does not look random (%u different digits%s): make one as hp2x would, from random bytes",
				  distinct, p <= TOKEN_BYTES ? ", a repeated piece" : "");
	*given = 1;
	return 0;
}

/* at as a URL has it: ADDR:PORT, [ADDR]:PORT for IPv6. */
static void
at_text(const struct sockaddr *sa, unsigned port, char *buf, size_t size)
{
	char a[INET6_ADDRSTRLEN];
	const void *p = sa->sa_family == AF_INET6 ?
		(const void *)&((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr :
		(const void *)&((const struct sockaddr_in *)(const void *)sa)->sin_addr;

	if (!inet_ntop(sa->sa_family, p, a, sizeof a))
		snprintf(a, sizeof a, "?");
	snprintf(buf, size, sa->sa_family == AF_INET6 ? "[%s]:%u" : "%s:%u",
		 a, port);
}

/* A socket listening at at: 0, or -1 with err saying why not. */
static int
listen_at(const struct cli_serve_at *at, int *fd, struct hp_err *err)
{
	const struct sockaddr *sa = (const struct sockaddr *)&at->sa;
	char where[INET6_ADDRSTRLEN + 16];
	int one = 1, eno;

	at_text(sa, ntohs(sa->sa_family == AF_INET6 ?
			  ((const struct sockaddr_in6 *)(const void *)sa)->sin6_port :
			  ((const struct sockaddr_in *)(const void *)sa)->sin_port),
		where, sizeof where);
	/* close-on-exec set apart, as POSIX has no SOCK_CLOEXEC: hp2x
	 * starts its program from this thread, after this returns */
	*fd = socket(sa->sa_family, SOCK_STREAM, 0);
	if (*fd >= 0 && fcntl(*fd, F_SETFD, FD_CLOEXEC) != 0) {
		close(*fd);
		*fd = -1;
	}
	if (*fd < 0)
		return hp_err_set(err, "--serve: cannot listen on %s: %s",
				  where, strerror(errno));
	if (setsockopt(*fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
	    bind(*fd, sa, at->len) != 0 || listen(*fd, SOMAXCONN) != 0) {
		eno = errno;
		close(*fd);
		*fd = -1;
		return hp_err_set(err, "--serve: cannot listen on %s: %s",
				  where, strerror(eno));
	}
	return 0;
}

cli_serve *
cli_serve_open(const char *spec, const char *const *names, size_t nnames,
	       FILE *errs, struct hp_err *err)
{
	unsigned char tok[TOKEN_BYTES];
	struct cli_serve_at at;
	struct sockaddr_storage got;
	socklen_t got_len = sizeof got;
	char where[INET6_ADDRSTRLEN + 16];
	long port;
	cli_serve *sv;
	size_t i;
	int given, lfd;

	if (cli_serve_parse(spec, &at, err) || token_from_env(tok, &given, err))
		return NULL;
	for (i = 0; i < nnames; i++)
		if (cli_serve_name_check("--serve-name", names[i], err))
			return NULL;
	if (!given && cli_random(tok, sizeof tok) != 0) {
		hp_err_set(err, "--serve: no random bytes for the token: %s",
			   strerror(errno));
		return NULL;
	}
	if (listen_at(&at, &lfd, err))
		return NULL;
	sv = hp_callocn(1, sizeof *sv);
	if (sv && nnames)
		sv->names = hp_callocn(nnames, sizeof *sv->names);
	if (!sv || (nnames && !sv->names)) {
		free(sv);
		close(lfd);
		hp_err_set(err, "out of memory");
		return NULL;
	}
	for (i = 0; i < nnames; i++)
		if (cli_host_split(names[i], strlen(names[i]), sv->names[i],
			       sizeof sv->names[i], &port) == 0)
			sv->nnames++;
	if (getsockname(lfd, (struct sockaddr *)&got, &got_len) != 0 ||
	    addr_of((struct sockaddr *)&got, &sv->bound) != 0) {
		hp_err_set(err, "--serve: getsockname: %s", strerror(errno));
		close(lfd);
		free(sv->names);
		free(sv);
		return NULL;
	}
	sv->port = ntohs(got.ss_family == AF_INET6 ?
			 ((struct sockaddr_in6 *)(void *)&got)->sin6_port :
			 ((struct sockaddr_in *)(void *)&got)->sin_port);
	sv->loopback = addr_loopback(&sv->bound);
	sv->wildcard = addr_wildcard(&sv->bound);
	if (gethostname(sv->hostname, sizeof sv->hostname) != 0)
		sv->hostname[0] = '\0';
	sv->hostname[sizeof sv->hostname - 1] = '\0';
	for (i = 0; sv->hostname[i]; i++)
		sv->hostname[i] = (char)tolower((unsigned char)sv->hostname[i]);
	sv->errs = errs;
	sv->deadline = env_seconds("HP2X_SERVE_DEADLINE", SERVE_DEADLINE);
	sv->stall = env_seconds("HP2X_SERVE_STALL", SERVE_STALL);
	sv->heartbeat = env_seconds("HP2X_SERVE_HEARTBEAT", SERVE_HEARTBEAT);
	sv->next_beat = mono() + sv->heartbeat;
	memcpy(sv->prefix, "/t/", 3);
	for (i = 0; i < TOKEN_BYTES; i++)
		snprintf(sv->prefix + 3 + 2 * i, 3, "%02x", tok[i]);
	strcat(sv->prefix, "/");
	sv->prefix_len = strlen(sv->prefix);
	/* on failure libmicrohttpd may or may not have closed lfd: it is
	 * left, as the run ends */
	sv->d = MHD_start_daemon(cli_serve_wait_flag | MHD_ALLOW_SUSPEND_RESUME |
				 MHD_USE_ERROR_LOG,
				 0, NULL, NULL, answer, sv,
				 MHD_OPTION_LISTEN_SOCKET, lfd,
				 MHD_OPTION_CONNECTION_LIMIT,
				 (unsigned)(SERVE_CONNECTIONS + SERVE_SPARE),
				 MHD_OPTION_CONNECTION_TIMEOUT,
				 (unsigned)SERVE_TIMEOUT,
				 MHD_OPTION_CONNECTION_MEMORY_LIMIT,
				 (size_t)SERVE_POOL,
				 MHD_OPTION_UNESCAPE_CALLBACK, no_unescape, NULL,
				 MHD_OPTION_NOTIFY_COMPLETED, completed, sv,
				 MHD_OPTION_NOTIFY_CONNECTION, connection, sv,
				 MHD_OPTION_EXTERNAL_LOGGER, logger, NULL,
				 MHD_OPTION_END);
	at_text((struct sockaddr *)&got, sv->port, where, sizeof where);
	if (!sv->d) {
		hp_err_set(err, "--serve: cannot serve on %s: libmicrohttpd would not start",
			   where);
		free(sv->names);
		free(sv);
		return NULL;
	}
	if (!sv->loopback)
		cli_sayf(errs, "", "--serve listens on %.*s, not only this machine: whoever reaches it and knows the URL reads the profile",
			 (int)(strrchr(where, ':') - where), where);
	if (sv->wildcard)
		at_text(got.ss_family == AF_INET6 ?
			(struct sockaddr *)&(struct sockaddr_in6){
				.sin6_family = AF_INET6,
				.sin6_addr = IN6ADDR_LOOPBACK_INIT } :
			(struct sockaddr *)&(struct sockaddr_in){
				.sin_family = AF_INET,
				.sin_addr.s_addr = htonl(INADDR_LOOPBACK) },
			sv->port, where, sizeof where);
	cli_sayf(errs, "", "serving http://%s%s", where, sv->prefix);
	fflush(errs);
	return sv;
}

/* What was published is no more: the table's numbers go with it. */
static void
forget_tab(cli_serve *sv)
{
	if (sv->has_tab)
		live_table_release(&sv->tab);
	sv->has_tab = 0;
}

void
cli_serve_close(cli_serve *sv)
{
	struct sse *s;

	if (!sv)
		return;
	/* every stream resumed first: libmicrohttpd asks it before stop */
	for (s = sv->streams; s; s = s->next) {
		s->done = 1;
		sse_wake(s);
	}
	MHD_stop_daemon(sv->d);
	forget_tab(sv);
	free(sv->names);
	render_ctx_free(sv->ctx);
	render_colidx_free(sv->idx);
	free(sv);
}

/* The longest wait (ms) before cli_serve_run must be called even if
 * the descriptor says nothing. */
static int
cli_serve_wait_ms(cli_serve *sv)
{
	MHD_UNSIGNED_LONG_LONG t;
	double w = sv->next_beat - mono();
	long long ms;

	/* what was just published goes out now, not at libmicrohttpd's
	 * next wake: a stream that was not suspended (it was still
	 * sending) is not woken by a resume */
	if (sv->kick || sv->respin)
		return 0;
	/* the deadlines of heads and stalls are checked four times in
	 * the shorter of them, at least each second */
	if (sv->conns && w > fmin(1, fmin(sv->deadline, sv->stall) / 4))
		w = fmin(1, fmin(sv->deadline, sv->stall) / 4);
	ms = w > 0 ? (long long)ceil(w * 1000) : 0;
	if (MHD_get_timeout(sv->d, &t) == MHD_YES && (long long)t < ms)
		ms = (long long)t;
	return ms > 60000 ? 60000 : (int)ms;
}

/* Answer what came; push what is due; drop what is stalled: after
 * every wait of the loop, whatever it returned. */
static void
cli_serve_run(cli_serve *sv)
{
	double t = mono();
	struct conn *cn;
	struct sse *s;

	if (t >= sv->next_beat) {
		sv->next_beat = t + sv->heartbeat;
		for (s = sv->streams; s; s = s->next) {
			s->beat = 1;
			sse_wake(s);
		}
	}
	/* a stream that takes nothing while it has something to take,
	 * and a head that does not come: their sockets are shut, which
	 * libmicrohttpd sees on its next run and closes */
	for (s = sv->streams; s; s = s->next)
		if (!s->suspended && t - s->progress > sv->stall)
			for (cn = sv->conns; cn; cn = cn->next) {
				const union MHD_ConnectionInfo *ci =
					MHD_get_connection_info(s->c, MHD_CONNECTION_INFO_CONNECTION_FD);

				if (ci && ci->connect_fd == cn->fd) {
					conn_shut(sv, cn);
					break;
				}
			}
	for (cn = sv->conns; cn; cn = cn->next)
		if (!cn->in_request && t - cn->since > sv->deadline)
			conn_shut(sv, cn);
	sv->kick = 0;
	if (sv->respin)
		sv->respin--;
	MHD_run(sv->d);
}

static int
serve_wait(void *sv)
{
	return cli_serve_wait_ms(sv);
}

static void
serve_woke(void *sv)
{
	cli_serve_run(sv);
}

int
cli_serve_attach(cli_serve *sv, struct cli_loop *l)
{
	sv->wait.d = sv->d;
	sv->wait.fn = serve_woke;
	sv->wait.wait = serve_wait;
	sv->wait.data = sv;
	return cli_serve_wait_attach(&sv->wait, l);
}

void
cli_serve_publish(cli_serve *sv, const hp_model *m,
		  const struct render_opts *ro, const char *name)
{
	struct live_pos p;
	struct sse *s;

	forget_tab(sv);
	if (m != sv->m) {
		sv->gen++;
		memset(&sv->pub, 0, sizeof sv->pub);
	}
	sv->m = m;
	sv->ro = ro;
	sv->name = name;
	live_pos_of(m, &p);
	if (p.samples != sv->pub.samples)
		sv->last_wall = (double)time(NULL);
	sv->pub = p;
	sv->kick = 1;
	/* the table's numbers of this census, once, while m is as
	 * published (it grows before the next): only when a page is open
	 * to take them (a page loaded later has them in its data) */
	if (sv->streams) {
		struct hp_err err = {{0}};

		sv->has_tab = live_table_make(&sv->tab, m, ro, &err) == 0;
		sv->tabno++;
	}
	for (s = sv->streams; s; s = s->next)
		sse_wake(s);
}

void
cli_serve_forget(cli_serve *sv)
{
	struct sse *s;

	forget_tab(sv);
	sv->m = NULL;
	sv->gen++;
	memset(&sv->pub, 0, sizeof sv->pub);
	render_colidx_free(sv->idx);
	sv->idx = NULL;
	for (s = sv->streams; s; s = s->next)
		sse_wake(s);
}
