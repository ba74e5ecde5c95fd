#!/usr/bin/env python3
"""tests/e2e/serve_page.py - the page hp2x --serve serves, in headless
Chromium (tests/e2e/serve_page.sh starts hp2x and the stream).

  serve_page.py live URL REF.json [SUMMARY.json]   while a stream
      comes: the page's sample count grows in place (the same document,
      a hidden band and the window kept); a window at the end follows it;
      closed and reopened, the page goes on from its own count; at the
      end its data is REF.json's (the one-shot conversion): every time,
      every drawn band's value, OTHER the sum of what it merges; and its
      table's numbers are SUMMARY.json's (--summary=json of the whole)
  serve_page.py reconnect HP2X INPUT REF.json   hp2x --serve INPUT (a
      growing file) stopped and started again at the same URL under the
      open page (HP2X_SERVE_TOKEN and the port fixed): the page's event
      stream resumes by itself, its request carrying Last-Event-ID, the
      page's count; the server's batches after it start there, so no
      sample comes twice; the document is the same; at the end its data
      is REF.json's
  serve_page.py late HP2X DIR REF.json   hp2x --serve DIR/in.hp before
      the file exists: the address answers a page that loads itself
      again until the first drawing, then the real page (its first half
      of the samples); hp2x is stopped and started again at the same URL
      with the file gone, so the page's stream gets a 503 (which the
      browser takes as the end of it): the page asks again by itself,
      and when the whole profile appears it resumes in the same
      document and ends with REF.json's data
  serve_page.py census URL FIFO   ten samples a second into FIFO (hp2x
      --serve --interval 0.5): whenever the page has settled (nothing
      pending for the next frame), every drawn band's row in the table
      shows, as its Last, the value the chart has at its last sample:
      the table and the chart show the same census (the table once
      followed a summary.json asked for at most every 2 s)
  serve_page.py compacted URL FIFO   samples into FIFO (hp2x --serve
      --keep=200, so its old censuses go into the summary every second
      or so, and the page loads again each time): the page's view
      survives a load that a compaction causes: a band hidden by name
      stays hidden (the new page's key orders it elsewhere: a band grows
      past it) and a window at the end goes on following
      the end, its width kept (the address alone held a fixed window
      that the end left behind)
  serve_page.py zoom URL REF.json   a finished profile larger than the
      page holds: a zoom into its middle asks the server for columns and
      then holds exactly REF.json's samples there
"""
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium import chrome  # noqa: E402

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, flush=True)


def browser():
    return chrome([], {"goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"}})


def wait(d, js, limit=60):
    """js's value once true, within limit seconds; a page loading again
    (a served page at a compaction) has no context to run it for a
    moment: tried again."""
    from selenium.common.exceptions import WebDriverException
    end = time.monotonic() + limit
    v = None
    while time.monotonic() < end:
        try:
            v = d.execute_script(js)
        except WebDriverException as e:
            if "execution context" not in str(e):
                raise
            v = None
        if v:
            return v
        time.sleep(0.1)
    return v


def go(k):
    """Let the replay (tests/replay --sync sync) past its pause k: the
    stream waits for the page, however long a busy machine takes to
    start a browser (it once ended before the page opened)."""
    if os.path.isdir("sync"):
        open(os.path.join("sync", "go.%d" % k), "w").close()


def open_page(d, url, frag=""):
    d.get(url + frag)
    if not wait(d, "return document.documentElement.getAttribute('data-ready') === '1'", 30):
        fail("the served page did not start")
        return False
    return True


def count(d):
    return int(d.execute_script("return document.documentElement.getAttribute('data-live-n') || -1"))


def page_data(d):
    return d.execute_script("""var D = document.getElementById('app').hp2xData;
      return {lead: D.lead, T: D.T, n: D.n, tm: Array.from(D.tm), val: D.val.map(function (v) { return Array.from(v); }),
              bands: D.bands.map(function (b) { return b.m; }), fates: D.rows.map(function (r) { return r.drawn; }),
              exact: D.exact};""")


def same_as(P, ref, what, lo=None, hi=None):
    """The page's samples (all, or those between lo and hi) against the
    one-shot JSON's."""
    other = P["bands"].index(-1) if -1 in P["bands"] else -1
    slot = {m: j for j, m in enumerate(P["bands"]) if m >= 0}
    times = P["tm"][P["lead"]:]
    refs = ref["samples"]
    if lo is not None:
        times = [t for t in times if lo <= t <= hi]
        refs = [s for s in refs if lo <= s["time"] <= hi]
    if [s["time"] for s in refs] != times:
        fail("%s: the page's %d times are not the JSON's %d" % (what, len(times), len(refs)))
        return
    first = P["tm"].index(times[0]) if times else 0
    for i, s in enumerate(refs):
        want = [0] * len(P["bands"])
        for b, v in s["values"]:
            if b in slot:
                want[slot[b]] += v
            elif other >= 0 and (b >= len(P["fates"]) or P["fates"][b] == "other"):
                want[other] += v
        got = [P["val"][k][first + i] for k in range(len(P["bands"]))]
        if got != want:
            fail("%s: sample %d (t=%s): the page has %s, the JSON %s" % (what, i, s["time"], got, want))
            return


def requests(d):
    out = []
    for entry in d.get_log("performance"):
        m = json.loads(entry["message"])["message"]
        if m["method"] == "Network.requestWillBeSent":
            out.append(m["params"]["request"]["url"])
    return out


def stream_log(d):
    """From the performance log: the event-stream requests (their URL
    and headers, as sent) and the batches that came ((i, samples) of
    each 'samples' event, in order)."""
    reqs, batches = {}, []
    for entry in d.get_log("performance"):
        m = json.loads(entry["message"])["message"]
        p = m.get("params", {})
        if m["method"] == "Network.requestWillBeSent" and "/events?" in p["request"]["url"]:
            reqs.setdefault(p["requestId"], {}).update(url=p["request"]["url"], headers=dict(p["request"]["headers"]))
        elif m["method"] == "Network.requestWillBeSentExtraInfo":
            reqs.setdefault(p["requestId"], {}).setdefault("sent", {}).update(p["headers"])
        elif m["method"] == "Network.eventSourceMessageReceived" and p["eventName"] == "samples":
            b = json.loads(p["data"])
            batches.append((b["i"], len(b["t"])))
    return [r for r in reqs.values() if "url" in r], batches


def start_hp2x(procs, argv, env, err_path, also=None):
    """hp2x --serve started (added to procs): (its URL, its port) once it
    says them (and `also`, when given), else (None, None) and a failure."""
    # read through a description of its own: one shared with hp2x's
    # stderr moves hp2x's writing offset with each read (a line came
    # out torn: "/t/9f7aarving http://...")
    with open(err_path, "w") as err:
        p = subprocess.Popen(argv, env=env, stderr=err)
    procs.append(p)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        with open(err_path) as err:
            text = err.read()
        m = re.search(r"serving (http://127\.0\.0\.1:(\d+)/t/[0-9a-f]+/)", text)
        if m and (also is None or also in text):
            return m.group(1), int(m.group(2))
        if p.poll() is not None:
            break
        time.sleep(0.05)
    with open(err_path) as err:
        fail("hp2x said no URL%s: %s" % (" or not %r" % also if also else "", err.read()))
    return None, None


def stop_all(procs):
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait()


def token():
    """A token as hp2x makes one (and as HP2X_SERVE_TOKEN takes it)."""
    while True:
        t = secrets.token_hex(16)
        if len(set(t)) >= 8:
            return t


def reconnect(hp2x, inp, ref_path):
    ref = json.load(open(ref_path))
    total = len(ref["samples"])
    env = dict(os.environ, HP2X_SERVE_TOKEN=token())
    procs = []

    def start(port):
        return start_hp2x(procs, [hp2x, "-q", "--serve=127.0.0.1:%d" % port, "--interval", "0.3", inp], env, "err-%d.txt" % len(procs))

    d = browser()
    try:
        url, port = start(0)
        if not url or not open_page(d, url):
            return
        # the count it loaded with (batches may have come since)
        n0 = d.execute_script("return JSON.parse(document.getElementById('hp2x-data').textContent).n")
        go(0)
        d.execute_script("document.documentElement.setAttribute('data-mark', 'same document');")
        if not wait(d, "return +document.documentElement.getAttribute('data-live-n') > %d" % n0, 30):
            fail("the page did not grow from %d samples" % n0)
            return
        # cut: hp2x goes (its sockets with it) while the file grows on
        procs[0].send_signal(signal.SIGTERM)
        procs[0].wait(30)
        cut = count(d)
        if not wait(d, "return document.getElementById('live').textContent.indexOf('reconnecting') >= 0", 10):
            fail("the page did not see its stream cut: %r" % d.execute_script("return document.getElementById('live').textContent"))
        time.sleep(1.0)
        if count(d) != cut:
            fail("the page grew from %d to %d with no server" % (cut, count(d)))
        again, _ = start(port)
        go(1)
        if again != url:
            fail("hp2x came back at %s, not %s" % (again, url))
            return
        if not wait(d, "return +document.documentElement.getAttribute('data-live-n') >= %d" % total, 60):
            fail("the page ended with %d samples, the profile has %d" % (count(d), total))
        if cut >= total:
            fail("the stream had ended before the cut (%d samples): nothing was missed" % cut)
        if d.execute_script("return document.documentElement.getAttribute('data-mark')") != "same document":
            fail("the page was loaded again instead of resuming its stream")
        reqs, batches = stream_log(d)
        if len(reqs) != 2:
            fail("%d event-stream requests, not the first and one reconnection: %s" % (len(reqs), reqs))
        else:
            sent = {k.lower(): v for k, v in reqs[1].get("sent", reqs[1]["headers"]).items()}
            if sent.get("last-event-id") != str(cut):
                fail("the reconnection carried Last-Event-ID %r, not the page's %d" % (sent.get("last-event-id"), cut))
        # the batches follow each other: none repeats a sample, the
        # first after the cut starts at the cut
        at, after = n0, None
        for i, k in batches:
            if i != at:
                fail("a batch of %d samples from %d, where the page had %d" % (k, i, at))
                break
            if i == cut:
                after = i
            at = i + k
        if after is None:
            fail("no batch started at the cut (%d): %s" % (cut, batches))
        if at != total:
            fail("the batches brought the page to %d samples, not %d" % (at, total))
        same_as(page_data(d), ref, "after the reconnection")
        # the stream and the table's numbers are asked for while hp2x is down
        errs = [e for e in d.get_log("browser") if e["level"] == "SEVERE"
                and "/events?" not in e["message"] and "/summary.json" not in e["message"]]
        for e in errs:
            fail("console error: " + e["message"])
        print("reconnect: %d samples at load, cut at %d, resumed with Last-Event-ID %d, %d batches, %d samples at the end"
              % (n0, cut, cut, len(batches), count(d)))
    finally:
        d.quit()
        stop_all(procs)


def late(hp2x, where, ref_path):
    ref = json.load(open(ref_path))
    total = len(ref["samples"])
    inp = os.path.join(where, "in.hp")
    env = dict(os.environ, HP2X_SERVE_TOKEN=token())
    procs = []

    def start(port):
        return start_hp2x(procs, [hp2x, "--serve=127.0.0.1:%d" % port, "--interval", "0.2", inp], env,
                          os.path.join(where, "late-err-%d.txt" % len(procs)), "waiting for")

    d = browser()
    try:
        url, port = start(0)
        if not url:
            return
        d.get(url)
        title = d.execute_script("return document.title")
        if "no sample yet" not in title:
            fail("before the first drawing the address answered %r, not the waiting page" % title)
        # the first half appears: the waiting page becomes the real one
        os.rename(os.path.join(where, "half.hp"), inp)
        if not wait(d, "return document.documentElement.getAttribute('data-ready') === '1'", 20):
            fail("the waiting page did not turn into the profile's page: %r" % d.execute_script("return document.title"))
            return
        n0 = count(d)
        if not 0 < n0 < total:
            fail("the page began with %d samples, not the first half of %d" % (n0, total))
        d.execute_script("document.documentElement.setAttribute('data-mark', 'same document');")
        # hp2x stops; it starts again at the same URL with no file yet
        procs[0].send_signal(signal.SIGTERM)
        procs[0].wait(30)
        os.rename(inp, os.path.join(where, "gone.hp"))
        again, _ = start(port)
        go(1)
        if again != url:
            fail("hp2x came back at %s, not %s" % (again, url))
            return
        if not wait(d, "return document.getElementById('live').textContent.indexOf('not live') >= 0", 20):
            fail("the page's stream was not refused (503) while hp2x had no sample: %r"
                 % d.execute_script("return document.getElementById('live').textContent"))
        os.rename(os.path.join(where, "whole.hp"), inp)
        if not wait(d, "return +document.documentElement.getAttribute('data-live-n') >= %d" % total, 40):
            fail("after the 503 the page stayed at %d samples (%r); the profile has %d"
                 % (count(d), d.execute_script("return document.getElementById('live').textContent"), total))
            return
        if d.execute_script("return document.documentElement.getAttribute('data-mark')") != "same document":
            fail("the page was loaded again instead of resuming its stream")
        # the page draws GHC's exit mark (the empty last sample of a .hp),
        # which the JSON output, a list of censuses, leaves out
        P = page_data(d)
        last = len(P["tm"]) - 1
        if len(P["tm"]) - P["lead"] != total + 1 or any(v[last] for v in P["val"]):
            fail("the page does not end with the .hp's exit mark after its %d censuses" % total)
        else:
            P["tm"] = P["tm"][:last]
            P["val"] = [v[:last] for v in P["val"]]
        same_as(P, ref, "after the 503")
        reqs, _ = stream_log(d)
        print("late: waiting page, then %d samples; %d event-stream requests; %d samples at the end"
              % (n0, len(reqs), count(d)))
    finally:
        d.quit()
        stop_all(procs)


def table_as(d, want):
    """The table's rows, the run's numbers, against --summary=json of the
    whole profile: the page asks for them again as the run grows."""
    keys = ["peak", "peak_time", "share", "last", "growth", "fit"]
    js = """var D = document.getElementById('app').hp2xData, o = {};
      D.rows.forEach(function (r) { o[r.name] = [%s]; }); return o;""" % ",".join("r." + k for k in keys)

    # a page's own rows give share and growth to 6 significant digits,
    # the growth's fit to two decimals
    def close(a, b, k):
        if k == "fit":
            return a == b or (a is not None and b is not None and abs(a - b) <= 0.0051)
        return a == b or (a is not None and b is not None and abs(a - b) <= 1e-5 * max(abs(a), abs(b)))

    def diff():
        got = d.execute_script(js)
        for b in want["band"]:
            g = got.get(b["name"])
            if g is None:
                return "band %r is not in the table" % b["name"]
            for k, v in zip(keys, g):
                if not close(v, b[k], k):
                    return "band %r: the table's %s is %r, --summary=json's %r" % (b["name"], k, v, b[k])
        return None

    end = time.monotonic() + 15
    while (why := diff()) and time.monotonic() < end:
        time.sleep(0.25)
    if why:
        fail("at the end of the run, " + why)


def live(url, ref_path, sum_path=None):
    ref = json.load(open(ref_path))
    total = len(ref["samples"])
    d = browser()
    try:
        if not open_page(d, url):
            return
        n0 = count(d)
        go(0)
        if n0 >= total:
            fail("the stream had ended before the page opened (%d samples): nothing to see grow" % n0)
        # hide the top band and keep the window at the end: both stay
        d.execute_script("document.querySelector('#key [data-slot]') && document.querySelector('#key [data-slot]').click();")
        d.execute_script("document.documentElement.setAttribute('data-mark', 'same document');")
        wait(d, "return !document.documentElement.hasAttribute('data-pending')", 5)   # the address follows
        hidden = d.execute_script("return location.hash")
        seen = {n0}
        end = time.monotonic() + 60
        while time.monotonic() < end:
            seen.add(count(d))
            # three counts seen, or three quarters of the run: a page opened
            # late (a busy machine) still has the rest to see grow
            if len(seen) >= 3 or max(seen) >= total - total // 4:
                break
            time.sleep(0.1)
        if len(seen) < 3:
            fail("the page's sample count did not grow in steps: %s" % sorted(seen))
        # a window that ends at the last sample follows it
        x1 = d.execute_script("return +document.getElementById('chart').getAttribute('data-x1')")
        x0 = d.execute_script("return +document.getElementById('chart').getAttribute('data-x0')")
        d.execute_script("var D = document.getElementById('app').hp2xData; location.hash = location.hash + '&x=' + (D.hi - (D.hi - D.lo) / 4) + ',' + D.hi;")
        wait(d, "return document.getElementById('chart').getAttribute('data-x0') !== '%s'" % x0, 5)
        w1 = d.execute_script("return [+document.getElementById('chart').getAttribute('data-x0'), +document.getElementById('chart').getAttribute('data-x1')]")
        grown = wait(d, "return +document.documentElement.getAttribute('data-live-n') > %d" % count(d), 30)
        wait(d, "return +document.getElementById('chart').getAttribute('data-x1') > %r" % w1[1], 10)
        w2 = d.execute_script("return [+document.getElementById('chart').getAttribute('data-x0'), +document.getElementById('chart').getAttribute('data-x1')]")
        if grown and not (w2[1] > w1[1] and abs((w2[1] - w2[0]) - (w1[1] - w1[0])) < 1e-6 * max(1, w1[1])):
            fail("a window at the end did not follow it: %s then %s" % (w1, w2))
        if d.execute_script("return document.documentElement.getAttribute('data-mark')") != "same document":
            fail("the page was loaded again instead of growing in place")
        if "hide=" in hidden and "hide=" not in d.execute_script("return location.hash"):
            fail("the hidden band came back")
        # closed and opened again: it starts from its own count and goes on
        d.get("about:blank")
        time.sleep(1.0)
        d.get_log("performance")
        if not open_page(d, url):
            return
        # the count it loaded with (it may have grown since)
        n1 = d.execute_script("return JSON.parse(document.getElementById('hp2x-data').textContent).n")
        evs = [u for u in requests(d) if "/events?" in u]
        if not evs or ("from=%d&" % n1) not in evs[-1]:
            fail("the reopened page (%d samples) asked for %s" % (n1, evs[-1:]))
        if not wait(d, "return +document.documentElement.getAttribute('data-live-n') >= %d" % total, 60):
            fail("the page ended with %d samples, the profile has %d" % (count(d), total))
        same_as(page_data(d), ref, "at the end")
        if sum_path:
            table_as(d, json.load(open(sum_path)))
        errs = [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
        for e in errs:
            fail("console error: " + e["message"])
        print("live: the page grew through %d counts to %d samples, reopened at %d" % (len(seen), count(d), n1))
    finally:
        d.quit()


CENSUS_JS = """
var de = document.documentElement, D = document.getElementById('app').hp2xData;
if (de.hasAttribute('data-pending') || !D) return null;
var out = {n: D.n, rows: 0, bad: []};
document.querySelectorAll('#tbody tr[data-m]').forEach(function (tr) {
  var m = +tr.getAttribute('data-m'), s = D.slotOf.get(m), td = tr.querySelector('td[data-k="last"]');
  if (s === undefined || !td) return;
  var chart = D.val[s][D.T - 1], table = +td.getAttribute('data-v');
  out.rows++;
  if (chart !== table) out.bad.push([m, chart, table]);
});
return out;
"""


class Feeder:
    """Samples into a FIFO: its header and sample(0..k0-1) at once, then,
    once started, sample(k0..k1-1) `pause' seconds apart, until stopped;
    the FIFO is closed at the end."""

    def __init__(self, fifo, job, sample, k0, k1, pause):
        import threading
        self.f = open(fifo, "w")
        self.f.write('JOB "%s"\nDATE "now"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' % job
                     + "".join(sample(k) for k in range(k0)))
        self.f.flush()
        self.ev = threading.Event()
        self.th = threading.Thread(target=self.feed, args=(sample, k0, k1, pause))

    def feed(self, sample, k, k1, pause):
        while not self.ev.is_set() and k < k1:
            self.f.write(sample(k))
            self.f.flush()
            k += 1
            self.ev.wait(pause)
        self.f.close()

    def start(self):
        self.th.start()

    def stop(self):
        self.ev.set()
        if self.th.ident is not None:
            self.th.join()
        elif not self.f.closed:
            self.f.close()


def census(url, fifo):
    def sample(k):
        s = "BEGIN_SAMPLE %.2f\n" % (k * 0.1)
        for b in range(5):
            s += "band%d\t%d\n" % (b, 1000 * (b + 1) + 10 * k + b)
        return s + "END_SAMPLE %.2f\n" % (k * 0.1)
    feeder = Feeder(fifo, "census", sample, 2, 100, 0.1)
    d = browser()
    try:
        if not open_page(d, url):
            return
        feeder.start()
        seen, checked, bad = set(), 0, []
        end = time.monotonic() + 6
        while time.monotonic() < end:
            c = d.execute_script(CENSUS_JS)
            if c and c["rows"]:
                checked += 1
                seen.add(c["n"])
                if c["bad"]:
                    bad.append(c)
            time.sleep(0.05)
        feeder.stop()
        if checked < 10 or len(seen) < 5:
            fail("census: %d looks at %d counts: the page did not grow as the samples came" % (checked, len(seen)))
        if bad:
            fail("census: in %d of %d looks the table's Last is not the chart's last sample, as %r" % (len(bad), checked, bad[0]))
        print("census: %d looks at %d sample counts, the table's Last the chart's last sample in %d" % (checked, len(seen), checked - len(bad)))
    finally:
        feeder.stop()
        d.quit()


def compacted(url, fifo):
    def sample(k):
        s = "BEGIN_SAMPLE %.2f\n" % (k * 0.1)
        for b in range(5):
            s += "band%d\t%d\n" % (b, 100000 * (b + 1))
        return s + "riser\t%d\nEND_SAMPLE %.2f\n" % (1000 * k, k * 0.1)
    feeder = Feeder(fifo, "compacted", sample, 250, 3000, 0.02)
    d = browser()
    hidden = """return Array.from(document.querySelectorAll('#key [data-slot]'))
      .filter(function (b) { return b.getAttribute('aria-pressed') === 'false'; })
      .map(function (b) { return b.textContent; })"""
    win = """var c = document.getElementById('chart'), D = document.getElementById('app').hp2xData;
      return [+c.getAttribute('data-x0'), +c.getAttribute('data-x1'), D.hi, D.n]"""
    try:
        if not open_page(d, url):
            return
        # the window ends at the run's end while no sample comes: a batch
        # drawn between reading the end and the address reaching the page
        # would leave it a window of its own, not at the end (seen with
        # the sanitizer build's server on a busy machine)
        if not wait(d, "return document.getElementById('app').hp2xData.n >= 250", 20):
            fail("compacted: the page never held the first 250 samples")
        d.execute_script("""Array.from(document.querySelectorAll('#key [data-slot]'))
          .filter(function (b) { return b.textContent === 'band2'; })[0].click()""")
        d.execute_script("var D = document.getElementById('app').hp2xData;"
                         "location.hash = location.hash + '&x=' + (D.hi - 3) + ',' + D.hi;")
        if not wait(d, "return !document.documentElement.hasAttribute('data-pending') && location.hash.indexOf('x=') >= 0", 5):
            fail("compacted: the window did not reach the address")
        slot0 = d.execute_script("return location.hash")
        feeder.start()
        # compactions: the page loads again, at every one; the riser
        # passes band1 and band2 by 700 samples (its mean over the run,
        # 50 n, theirs 200,000 and 300,000), so band2's place in the key
        # changes
        n0 = 0
        end = time.monotonic() + 60
        while n0 < 700 and time.monotonic() < end:
            d.execute_script("document.documentElement.setAttribute('data-mark', 'before')")
            if not wait(d, "var de = document.documentElement; return !de.hasAttribute('data-mark') && de.getAttribute('data-ready') === '1'", 40):
                fail("compacted: the page did not load again (no compaction?)")
                return
            n0 = d.execute_script("return document.getElementById('app').hp2xData.n")
        if not wait(d, "return document.getElementById('app').hp2xData.n > %d + 20" % n0, 20):
            fail("compacted: the loaded page did not grow")
        # no more samples (nor loads at compactions) while the view is
        # read; the window is at the end from the drawing after a batch,
        # which a busy machine may draw a while after the batch came
        feeder.stop()
        wait(d, "var c = document.getElementById('chart'), D = document.getElementById('app').hp2xData;"
             "return !document.documentElement.hasAttribute('data-pending') && D.hi > 0 &&"
             "  Math.abs(+c.getAttribute('data-x1') - D.hi) < 1e-6 * D.hi", 15)
        x0, x1, hi, n = d.execute_script(win)
        if not (abs(x1 - hi) < 1e-6 * hi and abs((x1 - x0) - 3) < 1e-6 * hi):
            fail("compacted: after the load the window is [%r, %r] with the run's end at %r: it did not follow the end, 3 s wide" % (x0, x1, hi))
        h = d.execute_script(hidden)
        if h != ["band2"]:
            fail("compacted: after the load the hidden bands are %r, not band2" % h)
        errs = [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
        for e in errs:
            fail("console error: " + e["message"])
        print("compacted: loaded again at %d samples (address %s, then %s), the window [%g, %g] at the end %g, %r hidden"
              % (n0, slot0, d.execute_script("return location.hash"), x0, x1, hi, h))
    finally:
        feeder.stop()
        d.quit()


def zoom(url, ref_path):
    ref = json.load(open(ref_path))
    d = browser()
    try:
        if not open_page(d, url):
            return
        P = page_data(d)
        if P["exact"]:
            fail("the page holds every sample: no zoom to test")
        t0, t1 = ref["samples"][0]["time"], ref["samples"][-1]["time"]
        a, b = t0 + (t1 - t0) * 0.5, t0 + (t1 - t0) * 0.5 + (t1 - t0) / 200
        d.execute_script("location.hash = '#v=1&x=%r,%r'" % (a, b))
        if not wait(d, "return +document.getElementById('chart').getAttribute('data-columns') >= 1", 20):
            fail("a zoom did not ask the server for columns")
            return
        P = page_data(d)
        same_as(P, ref, "zoomed", a, b)
        inwin = len([t for t in P["tm"] if a <= t <= b])
        if inwin < 10:
            fail("only %d samples in the zoomed window" % inwin)
        cols = [u for u in requests(d) if "/columns?" in u]
        if not cols:
            fail("no request for columns")
        print("zoom: %d exact samples in [%g, %g] after %d column request(s)" % (inwin, a, b, len(cols)))
        errs = [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
        for e in errs:
            fail("console error: " + e["message"])
    finally:
        d.quit()


def summarised(url, sum_path):
    """A run whose old censuses went into the model's summary (--keep):
    seen whole, the note says where the summary ends; zoomed into the
    censuses kept, it does not; the table's numbers are --summary=json's
    of the whole file all the same."""
    d = browser()
    try:
        if not open_page(d, url):
            return
        note = "return document.getElementById('note').textContent"
        ef = d.execute_script("return (document.getElementById('app').hp2xData.live || {}).exact_from")
        if ef is None:
            fail("the served page does not say where its exact censuses start")
            return
        if not wait(d, note + ".indexOf(\"run's summary\") >= 0", 20):
            fail("the whole run's note does not say it shows the summary: %r" % d.execute_script(note))
        if not wait(d, "return document.getElementById('counts').textContent.indexOf('3000 samples') === 0", 10):
            fail("the page does not count the run's 3000 samples: %r"
                 % d.execute_script("return document.getElementById('counts').textContent"))
        table_as(d, json.load(open(sum_path)))
        # band5 grows 400 B/s, not quite a whole number of them: the
        # table once cut its zeros as decimals ("+4 B/s")
        if not wait(d, "return document.body.innerText.indexOf('+400 B/s') >= 0", 10):
            fail("the table does not say band5 grows +400 B/s")
        d.execute_script("location.hash = '#v=1&x=%r,%r'" % (ef + 1, ef + 5))
        if not wait(d, note + ".indexOf(\"run's summary\") < 0", 20):
            fail("zoomed into the censuses kept, the note still says summary: %r" % d.execute_script(note))
        print("summarised: exact from %g s, the note says so, the table --summary's" % ef)
    finally:
        d.quit()


def shot(url, png, at):
    """A screenshot of the served page once it holds `at` samples, the
    pointer on the chart (for the README)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    d = browser()
    try:
        if not open_page(d, url):
            return
        wait(d, "return +document.documentElement.getAttribute('data-live-n') >= %d" % int(at), 60)
        c = d.find_element(By.ID, "chart")
        ActionChains(d).move_to_element_with_offset(c, 120, 60).perform()
        time.sleep(0.3)
        d.save_screenshot(png)
    finally:
        d.quit()


if __name__ == "__main__":
    {"live": live, "zoom": zoom, "shot": shot, "reconnect": reconnect, "late": late,
     "census": census, "summarised": summarised, "compacted": compacted}[sys.argv[1]](*sys.argv[2:])
    sys.exit(1 if failures else 0)
