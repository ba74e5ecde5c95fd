# tests/e2e/heapview.py - the heap view of the page in headless Chromium
# (tests/e2e/heapsize.sh runs it): the collector's heap size, blocks size
# and live bytes as lines, a tooltip of each at the pointer, and the
# allocation rate between HEAP_ALLOCATED's counts, every number against
# ghc-events' decoding of the log.
#
#   heapview.py plain PAGE EVENTS [SHOT]   a plain +RTS -l run's page: it
#       opens on the heap view (its series counted in the subtitle, every
#       line on and drawn, y to the greatest, no band controls, no band
#       table, the allocation over the run under the graph); at three
#       times the tooltip holds each series' last value at or before the
#       pointer and the allocation rate of the counts either side
#   heapview.py tab PAGE EVENTS [SHOT]     a profile with the heap series
#       (+RTS -hT -l): the profile first, its lines off; a tab "heap-size"
#       (arrow key and the address's k=1) is the heap view, as above, and
#       back on the profile the band controls are there again
#
# Several WHAT PAGE EVENTS in a row are checked in one browser (SHOT, the
# last's).  EVENTS is `ghc-events show` of the log.  Prints "FAIL: ..." per failed
# check and exits 1 when there was one.
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page import browser, load, fail, failures, console_errors  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

ML, MR = 66, 14   # chart.js's margins
NAMES = {"size of heap": "heap_size", "blocks size of heap": "blocks_size", "live data in heap": "heap_live"}


def decode(path):
    """Each series' points and HEAP_ALLOCATED's counts, (seconds, bytes)
    in time order, as ghc-events shows them."""
    series, alloc = {}, []
    for line in open(path):
        m = re.match(r"\s*(\d+): cap \d+: (size of heap|blocks size of heap|live data in heap) capset \d+: (\d+) bytes", line)
        if m:
            series.setdefault(NAMES[m.group(2)], []).append((int(m.group(1)) / 1e9, int(m.group(3))))
        m = re.match(r"\s*(\d+): cap \d+: allocated on heap capset \d+: (\d+) total bytes", line)
        if m:
            alloc.append((int(m.group(1)) / 1e9, int(m.group(2))))
    for k in series:
        series[k].sort(key=lambda p: p[0])
    alloc.sort(key=lambda p: p[0])
    return series, alloc


def view(d):
    """What the shown view shows: its chart, its tooltip, the toolbar."""
    return d.execute_script("""
      var pane = Array.from(document.querySelectorAll('.pane')).find(function (p) { return !p.hidden; });
      var c = pane.querySelector('.chart'), t = pane.querySelector('.tip'), r = c.getBoundingClientRect();
      return {x0: +c.getAttribute('data-x0'), x1: +c.getAttribute('data-x1'), w: r.width, h: r.height,
              drawn: +c.getAttribute('data-w'), ymax: +c.getAttribute('data-ymax'),
              lines: Array.from(document.querySelectorAll('[data-line]')).map(function (b) {
                return [b.getAttribute('data-line'), b.getAttribute('aria-pressed')]; }),
              views: document.querySelector('.views').hidden, filter: document.querySelector('.filter').hidden,
              table: document.getElementById('tablesec').hidden, note: document.getElementById('note').textContent,
              counts: document.getElementById('counts').textContent, hash: location.hash,
              tabs: Array.from(document.querySelectorAll('[role=tab]')).map(function (b) {
                return [b.textContent, b.getAttribute('aria-selected')]; })};""")


def tip_at(d, v, t):
    """Hover the shown chart at time t: the tooltip's time and rows
    (class, value, text), or None when it is hidden."""
    c = [e for e in d.find_elements("css selector", ".pane .chart") if e.is_displayed()][0]
    x = ML + (t - v["x0"]) / (v["x1"] - v["x0"]) * (v["w"] - ML - MR)
    ActionChains(d).move_to_element_with_offset(c, int(round(x - v["w"] / 2)), 0).perform()
    return d.execute_async_script("""
      var done = arguments[arguments.length - 1];
      requestAnimationFrame(function () { requestAnimationFrame(function () {
        var pane = Array.from(document.querySelectorAll('.pane')).find(function (p) { return !p.hidden; });
        var t = pane.querySelector('.tip');
        if (t.hidden) { done(null); return; }
        done({t: +t.getAttribute('data-t'), rows: Array.from(t.querySelectorAll('.tr')).map(function (r) {
          return [r.className, +r.querySelector('.tv').getAttribute('data-v'), r.querySelector('.tn').textContent]; })});
      }); });""")


def close(a, b):
    return abs(a - b) <= 1e-6 * max(abs(a), abs(b), 1)


def heap_view(d, series, alloc, how):
    """The heap view shown: lines, scale, controls, note and tooltips."""
    for _ in range(100):
        v = view(d)
        if abs(v["drawn"] - v["w"]) < 1:
            break
        time.sleep(0.05)
    if sorted(v["lines"]) != sorted([k, "true"] for k in series):
        fail("%s: the lines on are %s, want every one of %s" % (how, v["lines"], sorted(series)))
    top = max(b for pts in series.values() for _, b in pts)
    if not top <= v["ymax"] <= top * 1.05:
        fail("%s: y goes to %g, the greatest point is %d" % (how, v["ymax"], top))
    if not (v["views"] and v["filter"]):
        fail("%s: the band controls are shown (views hidden %s, filter hidden %s)" % (how, v["views"], v["filter"]))
    total = alloc[-1][1]
    want = "Allocated %s by" % fmt_si(total)
    if want not in v["note"]:
        fail("%s: the note %r does not say %r" % (how, v["note"], want))
    lo, hi = v["x0"], v["x1"]
    for f in (0.3, 0.55, 0.8):
        got = tip_at(d, v, lo + f * (hi - lo))
        if got is None:
            fail("%s: no tooltip at %g of the run" % (how, f))
            continue
        t, rows = got["t"], got["rows"]
        want = []
        for k in ("heap_size", "blocks_size", "heap_live"):
            pts = [p for p in series.get(k, []) if p[0] <= t]
            if pts:
                want.append(("line", pts[-1][1]))
        after = [i for i, p in enumerate(alloc) if p[0] > t]
        if after:
            i = after[0]
            (t0, v0), (t1, v1) = alloc[i - 1] if i else (0.0, 0), alloc[i]
            want.append(("alloc", (v1 - v0) / (t1 - t0)))
        have = [(r[0].split()[-1], r[1]) for r in rows]
        if len(have) != len(want) or not all(a[0] == b[0] and close(a[1], b[1]) for a, b in zip(have, want)):
            fail("%s: at %g s the tooltip has %s, ghc-events says %s" % (how, t, have, want))
    return v


def fmt_si(v):
    """util.js's fmtSI for bytes: three digits and a prefix."""
    i = 0
    while v >= 999.5 and i < 4:
        v /= 1000
        i += 1
    return "%g %sB" % (float("%.3g" % v), ["", "k", "M", "G", "T"][i])


def started(d, path, frag=""):
    load(d, path, frag)
    for _ in range(100):
        if d.execute_script("return document.documentElement.getAttribute('data-ready')") == "1":
            break
        time.sleep(0.05)
    for e in console_errors(d):
        fail("console error: " + e["message"])


def plain(d, page, events, shot):
    series, alloc = decode(events)
    started(d, page)
    v = view(d)
    n = sum(len(p) for p in series.values())
    if v["counts"] != "%d points in %d series" % (n, len(series)):
        fail("the subtitle says %r, not %d points in %d series" % (v["counts"], n, len(series)))
    if v["tabs"]:
        fail("a page of no profile has tabs %s" % v["tabs"])
    if not v["table"]:
        fail("the band table is shown, with no band")
    heap_view(d, series, alloc, "plain -l")
    if shot:
        d.save_screenshot(shot)


def tab(d, page, events, shot):
    series, alloc = decode(events)
    started(d, page)
    v = view(d)
    if v["tabs"] != [["heap", "true"], ["heap-size", "false"]]:
        fail("tabs %s, want heap then heap-size, heap shown" % v["tabs"])
        return
    if any(p != "false" for _, p in v["lines"]) or v["views"] or v["filter"] or v["table"]:
        fail("the profile's view: lines %s, band controls hidden %s %s, table hidden %s"
             % (v["lines"], v["views"], v["filter"], v["table"]))
    d.find_elements("css selector", "[role=tab]")[0].click()
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    v = heap_view(d, series, alloc, "the heap-size tab")
    if "k=1" not in view(d)["hash"]:
        fail("the address %r does not keep the heap view" % view(d)["hash"])
    if shot:
        d.save_screenshot(shot)
    d.find_elements("css selector", "[role=tab]")[0].click()
    v = view(d)
    if v["views"] or v["filter"] or any(p != "false" for _, p in v["lines"]):
        fail("back on the profile: band controls hidden %s %s, lines %s" % (v["views"], v["filter"], v["lines"]))
    # a link to the heap view opens on it
    started(d, page, "#v=1&k=1")
    if view(d)["tabs"] != [["heap", "false"], ["heap-size", "true"]]:
        fail("#k=1 opens on %s" % view(d)["tabs"])
    heap_view(d, series, alloc, "the heap-size tab from the address")


def main():
    # WHAT PAGE EVENTS, as many as given, in one browser (a Chromium
    # started costs more than a page's checks); a last lone SHOT
    args = sys.argv[1:]
    shot = args.pop() if len(args) % 3 == 1 else None
    d = browser()
    try:
        for k in range(0, len(args), 3):
            what, page, events = args[k:k + 3]
            {"plain": plain, "tab": tab}[what](d, page, events, shot if k + 3 == len(args) else None)
    finally:
        d.quit()
    sys.exit(1 if failures else 0)


main()
