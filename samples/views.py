#!/usr/bin/python3
# samples/views.py - remake views.png, the README's picture of the page's
# views: one run of +RTS -hc -p -l (tests/data/kinds/leak-hc-p.eventlog)
# as its heap view (the pointer at 2.4 s), time view and heap-size view,
# and a ticky eventlog's view (tests/data/ticky/ghc96-ticky-ipe.eventlog)
# with its table, each a headless Chromium screenshot 1,300 px wide, two
# by two.  Run from the repository's root after building build/hp2x;
# needs chromium, chromium-driver and python3-selenium (.ci/deps --test).
import os
import shutil
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(root, "tests", "e2e"))
from chromium import chrome  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402

tmp = tempfile.mkdtemp()
hp2x = os.path.join(root, "build", "hp2x")
pages = {}
for name, rel in (("kinds", "tests/data/kinds/leak-hc-p.eventlog"), ("ticky", "tests/data/ticky/ghc96-ticky-ipe.eventlog")):
    src = os.path.join(root, rel)
    shutil.copy(src, tmp)   # the title names the file, not this machine's path
    subprocess.run([hp2x, os.path.basename(src), "-o", name + ".html"], cwd=tmp, check=True)
    pages[name] = os.path.join(tmp, name + ".html")

tiles = [("kinds", "#v=1", "heap"), ("kinds", "#v=1&k=1", "time"), ("kinds", "#v=1&k=2", "heap-size"), ("ticky", "#v=1", "ticky")]
d = chrome()
try:
    d.set_window_size(1100, 860)
    for i, (page, frag, what) in enumerate(tiles):
        d.get("file://" + pages[page] + frag)
        time.sleep(1)
        if what == "heap":   # the tooltip at 2.4 s, a third of the way up
            c = d.find_element("css selector", ".pane:not([hidden]) .chart")
            w, h = c.size["width"], c.size["height"]
            ActionChains(d).move_to_element_with_offset(c, int(-w / 2 + 66 + (w - 80) * 2.4 / 3.55), int(h / 3)).perform()
            time.sleep(0.3)
        if what == "ticky":   # the table under the graph
            d.execute_script("window.scrollTo(0, document.getElementById('tablesec').offsetTop - 520)")
            time.sleep(0.3)
        d.save_screenshot(os.path.join(tmp, "%d.png" % i))
    grid = os.path.join(tmp, "grid.html")
    with open(grid, "w") as f:
        f.write("<!DOCTYPE html><body style='margin:0;background:#888'><div style='display:grid;"
                "grid-template-columns:1fr 1fr;gap:4px;padding:4px'>" +
                "".join("<img src='%d.png' style='width:100%%;display:block'>" % i for i in range(4)) + "</div></body>")
    d.set_window_size(1300, 780)
    d.get("file://" + grid)
    time.sleep(0.5)
    h = d.execute_script("return document.body.scrollHeight")
    d.set_window_size(1300, h + (780 - d.execute_script("return window.innerHeight")))
    d.save_screenshot(os.path.join(root, "samples", "views.png"))
finally:
    d.quit()
    shutil.rmtree(tmp)
