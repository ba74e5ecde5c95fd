# tests/e2e/facts.py - the page's panel "The run" in headless Chromium
# (tests/e2e/facts.sh runs it): reached from the page's start by Tab,
# opened by Enter, it lists the run's facts of --summary=json (labels as
# --summary's, seconds with their unit) as text, markup and controls
# included; on a page of several kinds, those of the view shown.
#
#   facts.py PLAIN.html PLAIN.json HOSTILE.html HOSTILE.json KINDS.html KINDS.json
#
# Prints "FAIL: ..." per failed check and exits 1 when there was one.
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page import browser, load, fail, failures, console_errors  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

# hp/facts.c's table: JSON key, label
LABELS = [("rts", "RTS"), ("program", "program"), ("args", "arguments"),
          ("rts_options", "RTS options"), ("breakdown", "breakdown"),
          ("interval", "sampling interval"), ("started", "started"),
          ("capabilities", "capabilities"), ("end", "end of the log")]


def want_of(run):
    out = []
    for k, label in LABELS:
        if k in run:
            v = run[k]
            out.append([label, "%.9g s" % v if k == "interval" else str(v)])
    return out


def shown(d):
    return d.execute_script("""
      var f = document.getElementById('facts'), dl = document.getElementById('facts-list');
      var dt = dl.querySelectorAll('dt'), dd = dl.querySelectorAll('dd');
      return {hidden: f.hidden, open: f.open, elements: dl.querySelectorAll('*').length,
              pairs: Array.from(dt).map(function (e, i) { return [e.textContent, dd[i].textContent]; })};""")


def open_by_keyboard(d, how):
    """Tab from the page's start to the panel's summary, Enter: whether
    it opened."""
    d.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
    body = d.find_element("css selector", "body")
    body.send_keys(Keys.TAB)
    for _ in range(300):
        if d.execute_script("return document.activeElement === document.querySelector('#facts summary')"):
            d.switch_to.active_element.send_keys(Keys.ENTER)
            time.sleep(0.1)
            return shown(d)["open"]
        d.switch_to.active_element.send_keys(Keys.TAB)
    fail("%s: Tab never reaches the panel" % how)
    return False


def started(d, path):
    load(d, path)
    for _ in range(100):
        if d.execute_script("return document.documentElement.getAttribute('data-ready')") == "1":
            break
        time.sleep(0.05)
    for e in console_errors(d):
        fail("%s: console error: %s" % (path, e["message"]))


def check(d, page, summary, hostile=False):
    started(d, page)
    run = json.load(open(summary))["run"]
    s = shown(d)
    if s["hidden"] or s["open"]:
        fail("%s: the panel is hidden (%s) or open (%s) at the start" % (page, s["hidden"], s["open"]))
    if not open_by_keyboard(d, page):
        fail("%s: Enter did not open the panel" % page)
    s = shown(d)
    if s["pairs"] != want_of(run):
        fail("%s: the panel lists %s, --summary=json %s" % (page, s["pairs"], want_of(run)))
    if s["elements"] != 2 * len(s["pairs"]):
        fail("%s: markup in the panel: %d elements for %d facts" % (page, s["elements"], len(s["pairs"])))
    if hostile and not any("\x1b" in v for _, v in s["pairs"]):
        fail("%s: the escape is not kept as text" % page)


def kinds(d, page, summary):
    started(d, page)
    s = json.load(open(summary))
    tabs = d.find_elements("css selector", "[role=tab]")
    for i, k in enumerate(s["kinds"]):
        tabs[i].click()
        time.sleep(0.1)
        got = shown(d)["pairs"]
        if got != want_of(s[k]["run"]):
            fail("%s: view %s lists %s, --summary=json %s" % (page, k, got, want_of(s[k]["run"])))


def main():
    plain, plain_json, hostile, hostile_json, kinds_page, kinds_json = sys.argv[1:7]
    d = browser()
    try:
        check(d, plain, plain_json)
        check(d, hostile, hostile_json, True)
        kinds(d, kinds_page, kinds_json)
    finally:
        d.quit()
    sys.exit(1 if failures else 0)


main()
