#!/usr/bin/env python3
"""tests/e2e/serve.py - hp2x --serve spoken to over raw sockets, on
loopback only (tests/e2e/serve.sh starts hp2x and says which case).

  serve.py routes URL          every route answers, with its headers; HEAD
  serve.py refused URL         wrong and missing token, evil Host, foreign
                               Origin, POST/PUT/DELETE/OPTIONS, ../ and
                               percent-encoded paths, a 20 KB head: refused
                               as stated, and no other path ever answers
  serve.py crowd URL PID       200 connections at once: hp2x holds at most
                               its limit, and a request after them is
                               answered; then a head sent a byte a second
                               is cut off
  serve.py stall URL FIFO OUT  a never-reading event stream while 10,000
                               samples arrive through FIFO: the reading
                               stream gets every one, OUT (-o) keeps being
                               written, the stalled stream is dropped
  serve.py prompt URL FIFO S  a sample written just before a drawing is
                               due reaches a stream with that drawing
  serve.py resume URL          events: ids count samples; Last-Event-ID
                               resumes where it stopped
  serve.py idle URL [N [MAX]]  behind N (1,000) connections that send
                               nothing, /metrics, the page and an event
                               stream are each answered within 1 s (MAX:
                               how long to wait, for measuring)
  serve.py slowhead URL [N [MAX]]  the same behind N (40) connections
                               sending their heads a byte at a time
  serve.py hosts URL MODE NAME Host and Origin headers: exactly one Host
                               (two: 400), naming the server as it is
                               reached (MODE loopback: bound to
                               127.0.0.1; wildcard: to 0.0.0.0 in a
                               namespace whose lo also has 192.0.2.7),
                               NAME given by --serve-name with any port;
                               every other name refused (403)
Every check that fails prints a line and makes the exit status 1.
"""
import json
import os
import socket
import sys
import time
import urllib.parse

failed = False


def fail(msg):
    global failed
    failed = True
    print("FAIL: " + msg, file=sys.stderr)


def parts(url):
    u = urllib.parse.urlsplit(url)
    return u.hostname, u.port, u.path


def raw(host, port, data, timeout=10):
    """Send data, read the answer until the server closes or timeout."""
    s = socket.create_connection((host, port), timeout=timeout)
    s.sendall(data)
    out = b""
    try:
        while True:
            b = s.recv(65536)
            if not b:
                break
            out += b
    except socket.timeout:
        pass
    s.close()
    return out


def request(url, method="GET", path=None, headers=None, host=None, body=b"", timeout=10):
    h, p, path0 = parts(url)
    hdr = {"Host": host if host is not None else "%s:%d" % (h, p), "Connection": "close"}
    hdr.update(headers or {})
    req = "%s %s HTTP/1.1\r\n" % (method, path if path is not None else path0)
    req += "".join("%s: %s\r\n" % (k, v) for k, v in hdr.items() if v is not None)
    if body:
        req += "Content-Length: %d\r\n" % len(body)
    data = raw(h, p, req.encode("latin-1") + b"\r\n" + body, timeout)
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if not lines or not lines[0].startswith("HTTP/1."):
        return 0, {}, data
    code = int(lines[0].split()[1])
    hs = {}
    for ln in lines[1:]:
        k, _, v = ln.partition(":")
        hs[k.strip().lower()] = v.strip()
    if hs.get("transfer-encoding") == "chunked":
        body, b = b"", rest
        while b:
            n, _, b = b.partition(b"\r\n")
            n = int(n, 16)
            if n == 0:
                break
            body += b[:n]
            b = b[n + 2:]
        rest = body
    return code, hs, rest


COMMON = {"cache-control": "no-store", "referrer-policy": "no-referrer",
          "x-content-type-options": "nosniff"}


def routes(url):
    root = parts(url)[2]
    for r, ctype in (("", "text/html"), ("data.json", "application/json"),
                     ("summary.json", "application/json"), ("metrics", "text/plain; version=0.0.4"),
                     ("columns?a=0&b=5&n=100", "application/json")):
        code, hs, body = request(url, path=root + r)
        if code != 200:
            fail("%s: %d, not 200" % (r or "the page", code))
            continue
        for k, v in COMMON.items():
            if hs.get(k) != v:
                fail("%s: %s is %r, not %r" % (r or "the page", k, hs.get(k), v))
        if not hs.get("content-type", "").startswith(ctype):
            fail("%s: content type %r" % (r, hs.get("content-type")))
        if "frame-ancestors 'none'" not in hs.get("content-security-policy", ""):
            fail("%s: no frame-ancestors 'none' in the policy" % r)
        if r == "":
            csp = hs.get("content-security-policy", "")
            if "connect-src 'self'" not in csp or "default-src 'none'" not in csp:
                fail("the page's policy header: %r" % csp)
            if b"connect-src 'self'" not in body:
                fail("the page's own policy does not allow connect-src 'self'")
        if r.endswith(".json"):
            json.loads(body)
        code, hs, body = request(url, method="HEAD", path=root + r)
        if code != 200 or body:
            fail("HEAD %s: %d with %d bytes" % (r, code, len(body)))


def refused(url):
    h, p, root = parts(url)
    tok = root.split("/")[2]
    bad = tok[:-1] + ("0" if tok[-1] != "0" else "1")
    nf = request(url, path="/nope")[2]
    cases = [
        ("wrong token", "GET", "/t/%s/" % bad, {}, None, 404),
        ("wrong token, data", "GET", "/t/%s/data.json" % bad, {}, None, 404),
        ("no token", "GET", "/", {}, None, 404),
        ("no token, /metrics", "GET", "/metrics", {}, None, 404),
        ("token without /t/", "GET", "/%s/" % tok, {}, None, 404),
        ("a token's prefix", "GET", "/t/%s/" % tok[:16], {}, None, 404),
        ("no trailing route", "GET", root + "events/x", {}, None, 404),
        ("../", "GET", root + "../t/%s/" % tok, {}, None, 404),
        ("../ above", "GET", root + "../../etc/passwd", {}, None, 404),
        ("./", "GET", root + "./data.json", {}, None, 404),
        ("//", "GET", root + "/data.json", {}, None, 404),
        ("%2e%2e", "GET", root + "%2e%2e/%2e%2e/etc/passwd", {}, None, 404),
        ("percent-encoded route", "GET", root + "data%2ejson", {}, None, 404),
        ("percent-encoded token", "GET", "/t/%%%02x%s/" % (ord(tok[0]), tok[1:]), {}, None, 404),
        ("percent-encoded slash", "GET", root[:-1] + "%2fdata.json", {}, None, 404),
        ("evil Host", "GET", root, {}, "evil.example", 403),
        ("evil Host with our port", "GET", root, {}, "evil.example:%d" % p, 403),
        ("no Host", "GET", root, {}, "", 403),
        ("foreign Origin", "GET", root + "data.json", {"Origin": "http://evil.example"}, None, 403),
        ("foreign Origin, events", "GET", root + "events", {"Origin": "https://127.0.0.1:%d" % p}, None, 403),
        ("POST", "POST", root, {}, None, 405),
        ("POST with a body", "POST", root + "data.json", {"Content-Type": "text/plain"}, None, 405),
        ("PUT", "PUT", root + "data.json", {}, None, 405),
        ("DELETE", "DELETE", root, {}, None, 405),
        ("OPTIONS", "OPTIONS", root, {"Origin": "http://evil.example"}, None, 403),
        ("OPTIONS same origin", "OPTIONS", root, {}, None, 405),
        ("POST, wrong token", "POST", "/t/%s/" % bad, {}, None, 404),
    ]
    for name, method, path, hdr, host, want in cases:
        code, hs, body = request(url, method=method, path=path, headers=hdr, host=host,
                                 body=b"x=1" if "body" in name else b"")
        if code != want:
            fail("%s (%s %s): %d, not %d" % (name, method, path, code, want))
        if want == 404 and body != nf:
            fail("%s: the 404 differs from any unknown path's: %r" % (name, body[:80]))
        if tok.encode() in body:
            fail("%s: the answer holds the token" % name)
        for k, v in COMMON.items():
            if code and hs.get(k) != v:
                fail("%s: %s is %r" % (name, k, hs.get(k)))
        if "access-control-allow-origin" in hs:
            fail("%s: a CORS header" % name)
    # same-origin Origin is fine
    code = request(url, path=root + "data.json", headers={"Origin": "http://%s:%d" % (h, p)})[0]
    if code != 200:
        fail("our own Origin: %d" % code)
    code = request(url, path=root + "data.json", host="localhost:%d" % p)[0]
    if code != 200:
        fail("Host localhost:PORT: %d" % code)
    # a head of 20 KB: never answered as a route
    code, _, _ = request(url, path=root, headers={"X-Pad": "a" * 20000})
    if code == 200:
        fail("a 20 KB head was answered 200")
    # nothing but the routes answers 200
    for path in ["", "index.html", "page", "data", "summary", "event", "events/", "metrics/",
                 "columns/", "favicon.ico", "robots.txt", "data.json/", "DATA.JSON", "Metrics",
                 "data.json;x", "data.json%00", "data.json\\..\\x"]:
        code = request(url, path=root + path)[0]
        if code == 200 and path != "":
            fail("%r answered 200" % path)


def fd_sockets(pid):
    n = 0
    for f in os.listdir("/proc/%s/fd" % pid):
        try:
            if os.readlink("/proc/%s/fd/%s" % (pid, f)).startswith("socket:"):
                n += 1
        except OSError:
            pass
    return n


def crowd(url, pid):
    h, p, root = parts(url)
    socks = []
    for _ in range(200):
        s = socket.create_connection((h, p), timeout=5)
        socks.append(s)
    time.sleep(1.0)
    n = fd_sockets(pid)
    if n > 32 + 4:
        fail("200 connections: hp2x holds %d sockets (limit 32)" % n)
    t0 = time.monotonic()
    code = request(url, path=root + "data.json", timeout=40)[0]
    took = time.monotonic() - t0
    if code != 200:
        fail("a request behind 200 idle connections: %d after %.1f s" % (code, took))
    for s in socks:
        s.close()
    print("crowd: %d sockets held, a request behind 200 idle ones took %.1f s" % (n, took))
    # a head a byte a second: cut off before it is whole
    s = socket.create_connection((h, p), timeout=2)
    req = ("GET %s HTTP/1.1\r\nHost: %s:%d\r\nX-Slow: %s\r\n\r\n" % (root, h, p, "a" * 40)).encode()
    t0 = time.monotonic()
    cut = False
    for i in range(len(req)):
        try:
            s.send(req[i:i + 1])
        except OSError:
            cut = True
            break
        try:
            s.settimeout(1.0)
            b = s.recv(1)
            if b == b"":
                cut = True
                break
            fail("a slow head got an answer")
            break
        except socket.timeout:
            pass
        if time.monotonic() - t0 > 15:
            break
    took = time.monotonic() - t0
    if not cut:
        fail("a head sent a byte a second was not cut off within %.0f s" % took)
    print("slowloris: cut off after %.1f s" % took)
    code = request(url, path=root + "data.json")[0]
    if code != 200:
        fail("after the slow head: %d" % code)


def hosts(url, mode, name):
    h, p, root = parts(url)
    me = socket.gethostname().lower()
    other = p + 1 if p < 65535 else p - 1
    ok = ["%s:%d" % (h, p), "localhost:%d" % p, "LocalHost:%d" % p, "[::1]:%d" % p,
          "127.0.0.2:%d" % p, "%s:%d" % (me, p), "%s:%d" % (me.upper(), p),
          name, "%s:%d" % (name, p), "%s:8443" % name, name.upper()]
    bad = ["evil.example:%d" % p, "evil.example", "%s:%d" % (h, other), h, "localhost",
           "192.0.2.99:%d" % p, "%s.evil.example:%d" % (me, p), "%s.evil.example:%d" % (name, p),
           "evil-%s:%d" % (name, p), "%s:%d:%d" % (h, p, p), "[::1]x:%d" % p, "[::1:%d" % p,
           "%s:%d " % (h, p), "%s:+%d" % (h, p), "%s:0%d" % (h, p), "%s:" % h, "%s@evil.example:%d" % (h, p),
           "%s/x:%d" % (h, p), "%s%%2e:%d" % (name, p)]
    if mode == "wildcard":
        ok += ["192.0.2.7:%d" % p, "0.0.0.0:%d" % p]
    else:
        bad += ["192.0.2.7:%d" % p, "0.0.0.0:%d" % p]
    for host in ok:
        code = request(url, path=root + "metrics", host=host)[0]
        if code != 200:
            fail("Host %r (%s): %d, not 200" % (host, mode, code))
    for host in bad:
        code = request(url, path=root + "metrics", host=host)[0]
        if code != 403:
            fail("Host %r (%s): %d, not 403" % (host, mode, code))
    for origin, want in (("http://%s:%d" % (h, p), 200), ("http://localhost:%d" % p, 200),
                         ("https://%s" % name, 200), ("http://%s:8443" % name, 200),
                         ("http://%s:%d" % (me, p), 200),
                         ("https://%s:%d" % (h, p), 403), ("http://evil.example:%d" % p, 403),
                         ("http://%s:%d" % (h, other), 403), ("null", 403), ("%s:%d" % (h, p), 403),
                         ("http://%s:%d/" % (h, p), 403)):
        code = request(url, path=root + "data.json", headers={"Origin": origin})[0]
        if code != want:
            fail("Origin %r (%s): %d, not %d" % (origin, mode, code, want))
    # RFC 9112 section 3.2: more than one Host is answered 400, whatever
    # they say
    good = "%s:%d" % (h, p)
    for pair in ((good, good), (good, "evil.example"), ("evil.example", good), (good, "")):
        req = "GET %smetrics HTTP/1.1\r\nHost: %s\r\nhost: %s\r\nConnection: close\r\n\r\n" % ((root,) + pair)
        data = raw(h, p, req.encode())
        if not data.startswith(b"HTTP/1.1 400"):
            fail("two Host headers %r: %r" % (pair, data[:40]))
    print("hosts (%s): %d names taken, %d refused, two Hosts 400" % (mode, len(ok), len(bad)))


def fd_room(n):
    """Room for n more descriptors: the soft limit raised as far as the
    hard one allows (never past it)."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = n + 200
    if soft < want:
        if hard != resource.RLIM_INFINITY and hard < want:
            fail("the descriptor limit (%d) leaves no room for %d connections" % (hard, n))
            return False
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return True


def served(url, route, wait):
    """Seconds until route's answer began, or None after wait seconds."""
    h, p, root = parts(url)
    t0 = time.monotonic()
    s = socket.create_connection((h, p), timeout=wait)
    req = "GET %s%s HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n" % (root, route, h, p)
    s.sendall(req.encode())
    got = b""
    try:
        while b"\r\n" not in got and time.monotonic() - t0 < wait:
            s.settimeout(max(0.01, wait - (time.monotonic() - t0)))
            b = s.recv(4096)
            if not b:
                break
            got += b
    except OSError:
        pass
    took = time.monotonic() - t0
    s.close()
    return took if got.startswith(b"HTTP/1.1 200") else None


ROUTES = (("metrics", "/metrics"), ("", "the page"), ("events", "an event stream"))


def idle(url, n="1000", wait="5"):
    """Behind n connections that send nothing (a new crowd for each
    route), the route is answered within 1 s."""
    n, wait = int(n), float(wait)
    h, p, root = parts(url)
    if not fd_room(n):
        return
    worst = 0
    for route, what in ROUTES:
        socks = [socket.create_connection((h, p), timeout=5) for _ in range(n)]
        took = served(url, route, wait)
        for s in socks:
            s.close()
        if took is None or took > 1.0:
            fail("%s behind %d idle connections: %s" % (what, n, "not answered in %g s" % wait if took is None else "%.2f s" % took))
        worst = max(worst, took if took is not None else wait)
    print("idle: behind %d idle connections each route answered within %.3f s" % (n, worst))


def slowhead(url, n="40", wait="15"):
    """Behind n connections sending their heads a byte every 0.2 s, the
    route is answered within 1 s."""
    import threading
    n, wait = int(n), float(wait)
    h, p, root = parts(url)
    if not fd_room(n):
        return
    worst = 0
    for route, what in ROUTES:
        stop = threading.Event()
        socks = [socket.create_connection((h, p), timeout=5) for _ in range(n)]
        head = ("GET %s HTTP/1.1\r\nHost: %s:%d\r\nX-Slow: %s\r\n\r\n" % (root, h, p, "a" * 400)).encode()

        def trickle():
            k = 0
            while not stop.is_set() and k < len(head):
                for s in socks:
                    try:
                        s.send(head[k:k + 1])
                    except OSError:
                        pass
                k += 1
                stop.wait(0.2)
        th = threading.Thread(target=trickle)
        th.start()
        time.sleep(1.0)   # every one of them has begun its head
        took = served(url, route, wait)
        stop.set()
        th.join()
        for s in socks:
            s.close()
        if took is None or took > 1.0:
            fail("%s behind %d slow heads: %s" % (what, n, "not answered in %g s" % wait if took is None else "%.2f s" % took))
        worst = max(worst, took if took is not None else wait)
    print("slowhead: behind %d slow heads each route answered within %.3f s" % (n, worst))


class Stream:
    """An event stream read as a browser reads it."""

    def __init__(self, url, query="", rcvbuf=None, last=None):
        h, p, root = parts(url)
        self.s = socket.socket()
        if rcvbuf:
            self.s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.s.settimeout(10)
        self.s.connect((h, p))
        hdr = "GET %sevents%s HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\n" % (root, query, h, p)
        if last is not None:
            hdr += "Last-Event-ID: %s\r\n" % last
        self.s.sendall((hdr + "\r\n").encode())
        self.buf = b""
        self.events = []
        self.closed = False
        self.head = None
        self.samples = 0
        self.nbytes = 0

    def pump(self, until=None, limit=10.0):
        """Read until until(self) or limit seconds or the end."""
        end = time.monotonic() + limit
        while not self.closed and not (until and until(self)) and time.monotonic() < end:
            self.s.settimeout(max(0.01, min(0.5, end - time.monotonic())))
            try:
                b = self.s.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                self.closed = True
                break
            if not b:
                self.closed = True
                break
            self.nbytes += len(b)
            self.buf += b
            self.parse()

    def parse(self):
        if self.head is None:
            if b"\r\n\r\n" not in self.buf:
                return
            self.head, _, self.buf = self.buf.partition(b"\r\n\r\n")
        # chunked: strip the chunk framing as it comes
        out = b""
        while True:
            n, sep, rest = self.buf.partition(b"\r\n")
            if not sep:
                break
            size = int(n, 16) if n.strip() else 0
            if len(rest) < size + 2:
                break
            out += rest[:size]
            self.buf = rest[size + 2:]
        self.text = getattr(self, "text", b"") + out
        while b"\n\n" in self.text:
            ev, _, self.text = self.text.partition(b"\n\n")
            e = {}
            for ln in ev.decode().split("\n"):
                k, _, v = ln.partition(":")
                e[k] = e.get(k, "") + v.lstrip(" ")
            self.events.append(e)
            if e.get("event") == "samples":
                d = json.loads(e["data"])
                if d["i"] != self.samples:
                    fail("a batch starts at %d, the stream had %d" % (d["i"], self.samples))
                self.samples = d["i"] + len(d["t"])
                if int(e["id"]) != self.samples:
                    fail("id %s after %d samples" % (e["id"], self.samples))


def hp_sample(t, k):
    s = "BEGIN_SAMPLE %.2f\n" % t
    for b in range(5):
        s += "band%d\t%d\n" % (b, 1000 * (b + 1) + (k * 7 + b) % 997)
    return s + "END_SAMPLE %.2f\n" % t


def first_sample(url, fifo, job):
    """A .hp header and one sample into fifo; returns the open fifo and
    parts(url) once the server has drawn it."""
    f = open(fifo, "w")
    f.write('JOB "%s"\nDATE "now"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' % job + hp_sample(0, 0))
    f.flush()
    h, p, root = parts(url)
    for _ in range(100):
        if request(url, path=root + "data.json")[0] == 200:
            break
        time.sleep(0.1)
    return (f, h, p, root)


def stall(url, fifo, out):
    f, h, p, root = first_sample(url, fifo, "stall")
    good = Stream(url, "?from=0")
    stalled = Stream(url, "?from=0", rcvbuf=4096)
    good.pump(lambda s: s.samples >= 1, 5)
    stalled.s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    n = 10000
    t0 = time.monotonic()
    writes = set()
    for k in range(1, n + 1):
        f.write(hp_sample(k * 0.01, k))
        if k % 500 == 0:
            f.flush()
            good.pump(limit=0.05)
            try:
                writes.add(os.stat(out).st_mtime_ns)
            except OSError:
                pass
    f.close()
    total = n + 1
    good.pump(lambda s: s.samples >= total, 30)
    took = time.monotonic() - t0
    if good.samples != total:
        fail("the reading stream got %d of %d samples" % (good.samples, total))
    # the file output is drawn all along, and at the end
    for _ in range(100):
        try:
            writes.add(os.stat(out).st_mtime_ns)
            if len(json.load(open(out))["samples"]) == total:
                break
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    else:
        fail("%s does not hold the %d samples" % (out, total))
    if len(writes) < 3:
        fail("%s was written %d times while the samples came" % (out, len(writes)))
    # the stalled stream was dropped (after HP2X_SERVE_STALL seconds
    # without taking anything): what it reads now ends
    time.sleep(3)
    stalled.pump(limit=15)
    if not stalled.closed:
        fail("the never-reading stream is still open")
    if stalled.samples >= total:
        fail("the stalled stream got everything: it never stalled")
    print("stall: the reading stream had all %d samples %.1f s after the first; the stalled one got %d before it was dropped; %s written %d times"
          % (total, took, stalled.samples, out, len(writes)))


def prompt(url, fifo, interval):
    """A sample written just before a drawing is due (0.8 --interval
    after the last batch came) reaches a stream with that drawing, not
    an interval later (it once waited for watch mode's next look)."""
    interval = float(interval)
    f, h, p, root = first_sample(url, fifo, "prompt")
    st = Stream(url, "?from=1&nb=5&nm=0&ns=0,0,0")
    st.samples = 1
    worst = 0
    for k in (1, 3, 5):
        f.write(hp_sample(k * 0.1, k))
        f.flush()
        st.pump(lambda s: s.samples > k, interval * 3)   # a drawing's batch
        time.sleep(0.8 * interval)
        t = time.monotonic()
        f.write(hp_sample((k + 1) * 0.1, k + 1))
        f.flush()
        st.pump(lambda s: s.samples > k + 1, interval * 3)
        worst = max(worst, time.monotonic() - t)
    if worst > 0.5 * interval + 0.2:
        fail("a sample written 0.8 --interval after a drawing came %.2f s later (--interval %g)" % (worst, interval))
    print("prompt: a sample written 0.8 --interval after a drawing came at most %.2f s later (--interval %g)" % (worst, interval))
    f.close()


def resume(url):
    h, p, root = parts(url)
    total = len(json.loads(request(url, path=root + "data.json")[2])["samples"])
    a = Stream(url, "?from=0")
    a.pump(lambda s: s.samples >= total, 10)
    if a.samples != total:
        fail("a stream from 0 got %d of %d" % (a.samples, total))
    mid = total // 2
    b = Stream(url, "?from=0", last=mid)
    b.samples = mid
    b.pump(lambda s: s.samples >= total, 10)
    first = [json.loads(e["data"])["i"] for e in b.events if e.get("event") == "samples"]
    if not first or first[0] != mid:
        fail("Last-Event-ID %d: the first batch starts at %s" % (mid, first[:1]))
    c = Stream(url, "?from=%d&nb=99999&nm=99999&ns=99999,99999,99999" % total)
    c.samples = total
    c.pump(lambda s: any(e.get("event") == "samples" for e in s.events), 1.5)
    if any(e.get("event") == "samples" for e in c.events):
        fail("a page with every sample was sent some")
    d = Stream(url, "?from=%d" % (total + 5))
    d.pump(lambda s: s.events, 5)
    if not d.events or d.events[0].get("event") != "reload":
        fail("a page ahead of the model was not told to reload: %r" % d.events[:1])
    ref = json.loads(request(url, path=root + "data.json")[2])
    # the batches carry the JSON output's samples
    got_t, got_s = [], []
    for e in a.events:
        if e.get("event") == "samples":
            d = json.loads(e["data"])
            got_t += d["t"]
            got_s += d["s"]
    for i, smp in enumerate(ref["samples"]):
        if got_t[i] != smp["time"] or sorted(zip(got_s[i][::2], got_s[i][1::2])) != sorted(map(tuple, smp["values"])):
            fail("sample %d differs from data.json" % i)
            break


if __name__ == "__main__":
    {"routes": routes, "refused": refused, "crowd": crowd, "stall": stall,
     "resume": resume, "prompt": prompt, "idle": idle, "slowhead": slowhead, "hosts": hosts}[sys.argv[1]](*sys.argv[2:])
    sys.exit(1 if failed else 0)
