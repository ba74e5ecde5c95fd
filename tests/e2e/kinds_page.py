# tests/e2e/kinds_page.py - the page of one run's several kinds (an
# eventlog of +RTS -hc -p -l), in headless Chromium, one browser for
# every check (tests/e2e/kinds.sh runs it):
#
#   a tablist of one tab a kind (heap, time, heap-size), the heap view
#   shown first, the others hidden; arrow keys, End and Home move along
#   the tabs, focus follows, the view shown follows, and the arrows do
#   not pan the graph; a click too; the address keeps the view (k=), and
#   a link with k= opens on that view; the views share the window (a zoom
#   in one is the window of the next) and the time axis; each view's
#   chart is drawn for its box when shown; every view has the run's
#   marks; the table is the view's kind's (its rows, its unit), none
#   for the heap view, and the -hc tree the heap profile's view's alone; the heap's lines (bytes) are neither offered nor
#   drawn over the time view; no console error.  Prints the ready time and each switch's
#   time (the page's own clock; figures, not checks: tests/bench).
#
# python3 kinds_page.py PAGE [SHOTS_DIR]: with SHOTS_DIR, a screenshot
# of each view there.
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page import browser, load, fail, failures, console_errors, page_data  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

KINDS = ["heap", "time", "heap-size"]


def state(d):
    return d.execute_script("""
      var t = document.querySelectorAll('[role=tab]'), p = document.querySelectorAll('.pane');
      return {tabs: Array.from(t).map(function (b) { return [b.textContent, b.getAttribute('aria-selected'), b.tabIndex]; }),
              list: document.querySelector('[role=tablist]') !== null,
              panes: Array.from(p).map(function (e) { return [e.hidden, e.getAttribute('role')]; }),
              focus: Array.from(t).indexOf(document.activeElement),
              hash: location.hash,
              charts: Array.from(document.querySelectorAll('.pane .chart')).map(function (c) {
                return {x0: +c.getAttribute('data-x0'), x1: +c.getAttribute('data-x1'),
                        w: +c.getAttribute('data-w'), box: c.getBoundingClientRect().width}; })};""")


def shown(s, i, how):
    want = [[k, "true" if j == i else "false", 0 if j == i else -1] for j, k in enumerate(KINDS)]
    if s["tabs"] != want:
        fail("%s: tabs %s, want %s" % (how, s["tabs"], want))
    if [h for h, _ in s["panes"]] != [j != i for j in range(len(KINDS))]:
        fail("%s: panes hidden %s, want only %d shown" % (how, s["panes"], i))
    if "k=" not in s["hash"] and i or (i and "k=%d" % i not in s["hash"]):
        fail("%s: the address %r does not keep view %d" % (how, s["hash"], i))
    c = s["charts"][i]
    if abs(c["w"] - c["box"]) >= 1 or c["box"] < 100:
        fail("%s: view %d drawn %g wide in a box of %g" % (how, i, c["w"], c["box"]))


def table_follows(d, B, i, how):
    """The table is view i's: its rows are that kind's bands (of the
    names it has, as many as it has), in its unit, with no column of
    inputs and no ticky note; the heap view has none."""
    for _ in range(100):   # the table follows a frame after the view (main.js's follow)
        if not d.execute_script("return document.documentElement.hasAttribute('data-pending')"):
            break
        time.sleep(0.02)
    t = d.execute_script("""
      return {hidden: document.getElementById('tablesec').hidden, tree: !document.getElementById('treesec').hidden,
              csv: document.querySelector('[data-save=csv]').hidden,
              count: document.getElementById('tcount').textContent,
              heads: [].map.call(document.querySelectorAll('#thead th'), function (e) { return e.textContent; }),
              names: [].map.call(document.querySelectorAll('#tbody [data-k=label]'), function (e) { return e.textContent; })};""")
    if t["tree"] != (i == 0):
        fail("%s: the heap view's cost-centre tree %s on the %s view" % (how, "shown" if t["tree"] else "not shown", KINDS[i]))
    if KINDS[i] == "heap-size":
        if not t["hidden"] or not t["csv"]:
            fail("%s: the heap view shows a table (or its CSV button)" % how)
        return
    names = set(B["inputs"][i]["names"]) | set(B["inputs"][i]["labels"].values())
    if t["hidden"] or t["csv"]:
        fail("%s: no table for the %s view" % (how, KINDS[i]))
    if not t["names"] or any(n not in names for n in t["names"]):
        fail("%s: rows %s, not the %s view's bands" % (how, t["names"][:5], KINDS[i]))
    n = len(B["inputs"][i]["names"])
    if not t["count"].startswith("%d of %d" % (n, n)) or "ticked" in t["count"]:
        fail("%s: the table says %r of the %s view's %d bands" % (how, t["count"], KINDS[i], n))
    unit = {"heap": "Peak", "time": "Peak (CPU)"}[KINDS[i]]
    if unit not in t["heads"] or "Input" in t["heads"]:
        fail("%s: heads %s, want %r and no Input" % (how, t["heads"], unit))


def switch_ms(d, i):
    """A click on tab i until the frame after it is drawn, by the page's
    clock."""
    return d.execute_async_script("""
      var done = arguments[1], t = performance.now();
      document.querySelectorAll('[role=tab]')[arguments[0]].click();
      requestAnimationFrame(function () { setTimeout(function () { done(performance.now() - t); }, 0); });""", i)


def main(path, shots=None):
    d = browser()
    try:
        load(d, path)
        for _ in range(100):
            if d.execute_script("return document.documentElement.getAttribute('data-ready')") == "1":
                break
            time.sleep(0.05)
        ready = d.execute_script("return document.documentElement.getAttribute('data-ready-ms')")
        if ready is None:
            fail("the viewer did not start")
            return
        for e in console_errors(d):
            fail("console error: " + e["message"])
        s = state(d)
        if not s["list"] or [r for _, r in s["panes"]] != ["tabpanel"] * 3:
            fail("no tablist, or panes not tabpanels: %s" % s["panes"])
        shown(s, 0, "opened")
        # every view has the run's marks, on one time axis
        B = page_data(d)
        if B.get("tabs") != KINDS:
            fail("data tabs %s" % B.get("tabs"))
        marks = [json.dumps(x["marks"]) for x in B["inputs"]]
        if len(set(marks)) != 1 or len(B["inputs"][0]["marks"]) != 8:
            fail("the views' marks differ or are not the run's 8")
        table_follows(d, B, 0, "opened")
        if shots:
            d.save_screenshot(os.path.join(shots, "kind-heap.png"))
        # keyboard: focus the first tab, arrows along, End, Home
        tabs = d.find_elements("css selector", "[role=tab]")
        tabs[0].send_keys(Keys.ARROW_RIGHT)
        s = state(d)
        shown(s, 1, "ArrowRight")
        if s["focus"] != 1:
            fail("focus after ArrowRight on tab %d" % s["focus"])
        if s["charts"][1]["x0"] != s["charts"][0]["x0"] or s["charts"][1]["x1"] != s["charts"][0]["x1"]:
            fail("the views' time axes differ: %s" % s["charts"][:2])
        table_follows(d, B, 1, "ArrowRight")
        if shots:
            d.save_screenshot(os.path.join(shots, "kind-time.png"))
        d.switch_to.active_element.send_keys(Keys.END)
        shown(state(d), 2, "End")
        table_follows(d, B, 2, "End")
        if shots:
            d.save_screenshot(os.path.join(shots, "kind-heap-size.png"))
        d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        shown(state(d), 0, "ArrowRight past the last")
        d.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        shown(state(d), 2, "ArrowLeft before the first")
        d.switch_to.active_element.send_keys(Keys.HOME)
        s = state(d)
        shown(s, 0, "Home")
        table_follows(d, B, 0, "Home")
        if "x=" in s["hash"]:
            fail("the tabs' arrows panned the graph: %s" % s["hash"])
        # one window: zoom in the heap view, then look at the time view
        d.find_element("tag name", "body").send_keys("+")
        time.sleep(0.1)
        z = state(d)["charts"][0]
        tabs[1].click()
        s = state(d)
        shown(s, 1, "click")
        t = s["charts"][1]
        if abs(t["x0"] - z["x0"]) > 1e-9 or abs(t["x1"] - z["x1"]) > 1e-9 or "x=" not in s["hash"]:
            fail("the zoom window is not shared: heap %s, time %s, %s" % (z, t, s["hash"]))
        # the address keeps the view: a link with k=2 opens there
        load(d, path, "#v=1&k=2")
        time.sleep(0.3)
        shown(state(d), 2, "link with k=2")
        # the heap's lines are bytes: not drawn over the time view's axis
        ymax = []
        for frag in ("#v=1&k=1", "#v=1&k=1&lines=heap_size,heap_live"):
            load(d, path, frag)
            time.sleep(0.3)
            ymax.append(d.execute_script("""return [+document.querySelectorAll('.pane .chart')[1].getAttribute('data-ymax'),
              document.querySelector('.lines').hidden]"""))
        if ymax[0] != ymax[1] or not ymax[1][1]:
            fail("the time view with the heap's lines on: y up to %g (off: %g), line buttons hidden %s" %
                 (ymax[1][0], ymax[0][0], ymax[1][1]))
        # figures
        ms = [switch_ms(d, i) for i in (0, 1, 2, 1, 0)]
        print("kinds page: ready %s ms, switch %s ms" % (ready, ", ".join("%.1f" % x for x in ms)))
    finally:
        d.quit()


if __name__ == "__main__":
    main(*sys.argv[1:])
    sys.exit(1 if failures else 0)
