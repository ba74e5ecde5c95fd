# tests/e2e/page.py - the interactive page (-o FOO.html) in headless
# Chromium, driven through chromedriver by python3-selenium (Debian's).
# Run by tests/e2e/page.sh; prints "FAIL: ..." for each failed check and
# exits 1 when there was one.
#
#   page.py check PAGE.html DATA.json SUMMARY.json   (one profile)
#   page.py hostile PAGE.html TITLE                   (names stay text)
#   page.py csp PAGE.html                             (a wrong hash is refused)
#   page.py counters PAGE.html DATA.json              (a ticky report)
#   page.py lines PAGE.html DATA.json                 (heap size, live bytes)
#   page.py shot PAGE.html OUT.png [FRAGMENT]         (a screenshot)
import json, os, sys, time
from chromium import chrome
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, flush=True)


def browser(script=True):
    return chrome([] if script else ["--blink-settings=scriptEnabled=false"],
                  {"goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"}})


def load(d, path, frag=""):
    url = "file://" + os.path.abspath(path)
    d.get(url + frag)
    for _ in range(100):
        if d.execute_script("return document.readyState") == "complete":
            break
        time.sleep(0.05)
    return url


def console_errors(d):
    return [l for l in d.get_log("browser") if l["level"] == "SEVERE"]


def requests(d, url):
    """Every request the page at url made (the browser's own new-tab
    page, before it, made some of its own)."""
    out = []
    for l in d.get_log("performance"):
        m = json.loads(l["message"])["message"]
        if m["method"] == "Network.requestWillBeSent" and \
                m["params"].get("documentURL", "").startswith(url):
            out.append(m["params"]["request"]["url"])
    return out


def started(d, path, settle=0):
    """Load the page at path (and wait settle seconds): whether its
    viewer started.  That it did not, a console error, and a request for
    anything but the page itself are each a failure."""
    url = load(d, path)
    time.sleep(settle)
    ok = d.execute_script("return document.documentElement.getAttribute('data-ready')") == "1"
    if not ok:
        fail(path + ": the viewer did not start")
    for e in console_errors(d):
        fail(path + ": console error: " + e["message"])
    for u in requests(d, url):
        if u != url and not u.startswith("data:"):
            fail(path + ": a request other than the page: " + u)
    return ok


ML, MR, MT, MB = 66, 14, 24, 40   # chart.js's margins


def geometry(d):
    """The graph's box and time window, once the graph is drawn for the
    box's width (it is drawn again when that changes)."""
    for _ in range(100):
        g = d.execute_script("""
          var c = document.getElementById('chart'), r = c.getBoundingClientRect();
          return {w: r.width, h: r.height, x0: +c.getAttribute('data-x0'), x1: +c.getAttribute('data-x1'),
                  drawn: +c.getAttribute('data-w')};""")
        if abs(g["drawn"] - g["w"]) < 1:
            return g
        time.sleep(0.05)
    return g


def x_of(g, t):
    return ML + (t - g["x0"]) / (g["x1"] - g["x0"]) * (g["w"] - ML - MR)


def hover(d, x, y=None):
    g = geometry(d)
    c = d.find_element(By.ID, "chart")
    if y is None:
        y = MT + (g["h"] - MT - MB) * 0.9
    ActionChains(d).move_to_element_with_offset(c, int(round(x - g["w"] / 2)), int(round(y - g["h"] / 2))).perform()
    return d.execute_script("""
      var t = document.getElementById('tip');
      if (t.hidden) return null;
      var rows = [].map.call(t.querySelectorAll('.tr:not(.line)'), function (r) {
        return {slot: +r.getAttribute('data-slot'), v: +r.querySelector('.tv').getAttribute('data-v'),
                name: r.querySelector('.tn').textContent, hl: r.classList.contains('hl')}; });
      return {t: +t.getAttribute('data-t'), total: +document.getElementById('tip-total').getAttribute('data-v'),
              rows: rows, more: !!t.querySelector('.more')};""")


# The table's rows in the DOM now: name, peak, at, share, last, growth
# (exact values), graph.
TABLE_ROWS = """
  return [].map.call(document.querySelectorAll('#tbody tr:not(.pad)'), function (tr) {
    var td = tr.children, v = function (k) { var a = td[k].getAttribute('data-v'); return a === null ? null : +a; };
    return [td[0].title, v(2), v(3), v(4), v(5), v(6), td[7].textContent]; });"""


def all_rows(d, script):
    """Every row of the table (it builds only those in view): scrolled
    through, each position's rows read once drawn; keyed by name."""
    rows = {}
    d.execute_script("document.getElementById('tscroll').scrollTop = 0")
    for _ in range(2000):
        for _ in range(100):
            if d.execute_script("""var s = document.getElementById('tscroll');
                return +document.getElementById('tbody').getAttribute('data-first') ===
                  Math.max(0, Math.floor(s.scrollTop / 26) - 5);"""):
                break
            time.sleep(0.05)
        for r in d.execute_script(script):
            rows[r[0]] = r
        if d.execute_script("var s = document.getElementById('tscroll'); if (s.scrollTop + s.clientHeight >= s.scrollHeight - 1) return true; s.scrollTop += s.clientHeight / 2; return false;"):
            break
    return rows


def counters(path, data_json):
    """A ticky report: no error, no request, hp2x's bars shown, and a
    row per counter with the JSON output's entries, allocs and alloc'd."""
    ref = json.load(open(data_json))
    d = browser()
    try:
        if not started(d, path):
            return
        if not d.find_element(By.ID, "graph").is_displayed():
            fail(path + ": the bars are not shown")
        rows = all_rows(d, """return [].map.call(document.querySelectorAll('#tbody tr:not(.pad)'), function (tr) {
            var td = tr.children; return [td[0].title, +td[3].getAttribute('data-v'), +td[4].getAttribute('data-v'),
              +td[5].getAttribute('data-v')]; });""")
        for b in ref["bands"]:
            t = b["ticky"]
            want = [b.get("label", b["name"]), t["entries"], t["alloc"], t["allocd"]]
            if rows.get(want[0]) != want:
                fail("%s: row %r, the JSON %r" % (path, rows.get(want[0]), want))
        if len(rows) != len(ref["bands"]):
            fail("%s: %d rows for %d counters" % (path, len(rows), len(ref["bands"])))
    finally:
        d.quit()


def lines(path, data_json):
    """An eventlog's heap lines, switched on by the address: the tooltip
    gives each at its last point at or before the census, as the JSON
    output's series have it."""
    ref = json.load(open(data_json))
    d = browser()
    try:
        load(d, path, "#v=1&lines=heap_size,heap_live")
        for b in d.find_elements(By.CSS_SELECTOR, "[data-line]"):
            if b.get_attribute("aria-pressed") != "true":
                fail(path + ": a line asked for in the address is not on")
        g = geometry(d)
        samples = ref["samples"]
        for i in (len(samples) // 4, len(samples) // 2, 3 * len(samples) // 4):
            t = samples[i]["time"]
            hover(d, x_of(g, t))
            got = d.execute_script("""return [].map.call(document.querySelectorAll('#tip .tr.line'), function (r) {
                return [r.querySelector('.tn').textContent, +r.querySelector('.tv').getAttribute('data-v')]; });""")
            want = []
            for k, name in (("heap_size", "heap size"), ("heap_live", "live bytes")):
                pts = [p for p in ref["series"].get(k, []) if p[0] <= t]
                if pts:
                    want.append((name, max(pts, key=lambda p: p[0])[1]))
            if [(n.split(" at ")[0], v) for n, v in got] != want:
                fail("%s: at %s s the tooltip's lines are %r, the JSON's %r" % (path, t, got, want))
    finally:
        d.quit()


def page_data(d):
    return d.execute_script("return JSON.parse(document.getElementById('hp2x-data').textContent)")


def check(path, data_json, summary_json):
    ref = json.load(open(data_json))
    summ = json.load(open(summary_json))
    d = browser()
    try:
        if not started(d, path):
            return
        P = page_data(d)
        names = [b["name"] for b in ref["bands"]]
        # The tooltip at three censuses: each drawn band's value is the
        # JSON output's at that sample, the total their sum.
        samples = ref["samples"]
        nonempty = [i for i, s in enumerate(samples) if s["values"]]
        picks = [nonempty[len(nonempty) // 5], nonempty[len(nonempty) // 2], nonempty[-2 if len(nonempty) > 1 else -1]]
        g = geometry(d)
        # A per-interval profile (time samples) is drawn as steps: the
        # census's values held from its interval's start to its end, so
        # the tooltip's time is one of those (hp/steps.h).
        times = [s["time"] for s in samples]
        half = min((b - a for a, b in zip(times, times[1:]) if b > a), default=0) / 2 \
            if P["kind"] in ("time", "ticky") else 0
        for i in picks:
            t = samples[i]["time"]
            tip = hover(d, x_of(g, t))
            if not tip:
                fail("%s: no tooltip at %s s" % (path, t))
                continue
            if abs(tip["t"] - t) > half + 1e-9:
                fail("%s: the tooltip at %s s shows the census at %s s" % (path, t, tip["t"]))
                continue
            want = {names[b]: v for b, v in samples[i]["values"]}
            got = 0
            for r in tip["rows"]:
                m = P["bands"][r["slot"]]["m"]
                got += r["v"]
                if m >= 0 and want.get(P["names"][m], 0) != r["v"]:
                    fail("%s: at %s s the tooltip says %s for %r, the JSON %s" % (path, t, r["v"], P["names"][m], want.get(P["names"][m], 0)))
                if r["name"] != P["bands"][r["slot"]]["label"]:
                    fail("%s: the tooltip shows %r for %r: not the full name" % (path, r["name"], P["bands"][r["slot"]]["label"]))
            if not tip["more"] and got != tip["total"]:
                fail("%s: at %s s the tooltip's total %s is not the sum of its rows %s" % (path, t, tip["total"], got))
            drawn = {P["names"][b["m"]] for b in P["bands"] if b["m"] >= 0}
            shown_names = {P["names"][P["bands"][r["slot"]]["m"]] for r in tip["rows"] if P["bands"][r["slot"]]["m"] >= 0}
            for n, v in want.items():
                if n in drawn and v and n not in shown_names and not tip["more"]:
                    fail("%s: at %s s the tooltip lacks %r (%s)" % (path, t, n, v))
        # Hiding a band lowers the total by exactly its value.
        i = picks[1]
        t = samples[i]["time"]
        tip = hover(d, x_of(g, t))
        if tip and tip["rows"]:
            top = tip["rows"][0]
            d.find_element(By.CSS_SELECTOR, '#key [data-slot="%d"]' % top["slot"]).click()
            if d.find_element(By.CSS_SELECTOR, '#key [data-slot="%d"]' % top["slot"]).get_attribute("aria-pressed") != "false":
                fail(path + ": a hidden band's key button is not aria-pressed=false")
            g2 = geometry(d)
            tip2 = hover(d, x_of(g2, t), MT + (g2["h"] - MT - MB) * 0.99)
            if not tip2 or tip2["total"] != tip["total"] - top["v"]:
                fail("%s: hiding %r (%s) took the total from %s to %s" % (path, top["name"], top["v"], tip["total"], tip2 and tip2["total"]))
            d.find_element(By.CSS_SELECTOR, '#key [data-slot="%d"]' % top["slot"]).click()
        # A drag zoom shows the dragged range, y rescaled, in the address.
        g = geometry(d)
        c = d.find_element(By.ID, "chart")
        xa, xb = ML + (g["w"] - ML - MR) * 0.3, ML + (g["w"] - ML - MR) * 0.6
        ta, tb = g["x0"] + (g["x1"] - g["x0"]) * 0.3, g["x0"] + (g["x1"] - g["x0"]) * 0.6
        y = g["h"] / 2
        ymax0 = float(c.get_attribute("data-ymax"))
        ActionChains(d).move_to_element_with_offset(c, int(xa - g["w"] / 2), int(y - g["h"] / 2)).click_and_hold() \
            .move_by_offset(int(xb - xa) // 2, 0).move_by_offset(int(xb - xa) - int(xb - xa) // 2, 0).release().perform()
        g2 = geometry(d)
        px = (g["x1"] - g["x0"]) / (g["w"] - ML - MR)
        if abs(g2["x0"] - ta) > 1.5 * px or abs(g2["x1"] - tb) > 1.5 * px:
            fail("%s: dragged %.4f..%.4f, shows %.4f..%.4f" % (path, ta, tb, g2["x0"], g2["x1"]))
        if "x=" not in d.execute_script("return location.hash"):
            fail(path + ": the window is not in the address")
        if float(c.get_attribute("data-ymax")) > ymax0:
            fail(path + ": zoomed in, y grew")
        d.find_element(By.TAG_NAME, "body").send_keys("\ue00c")   # Esc
        if geometry(d)["x0"] != g["x0"] or geometry(d)["x1"] != g["x1"]:
            fail(path + ": Esc did not go back to the whole run")
        # The table equals --summary=json, every band.
        rows = all_rows(d, TABLE_ROWS)
        labels = P["labels"]
        for b in summ["band"]:
            m = P["names"].index(b["name"])
            lab = labels.get(str(m), b["name"])
            r = rows.get(lab)
            if r is None:
                fail("%s: the table lacks %r" % (path, lab))
                continue
            want = [lab, b["peak"], b["peak_time"], b["share"], b["last"], b["growth"], b["drawn"]]
            if r != want:
                fail("%s: table row %r, --summary=json %r" % (path, r, want))
        if len(rows) != len(summ["band"]):
            fail("%s: the table has %d rows, --summary=json %d bands" % (path, len(rows), len(summ["band"])))
        # A link with a fragment restores the view.
        x0 = g["x0"] + (g["x1"] - g["x0"]) * 0.25
        x1 = g["x0"] + (g["x1"] - g["x0"]) * 0.5
        frag = "#v=1&view=norm&x=%r,%r&hide=0&re=a" % (x0, x1)
        d.get("about:blank")
        load(d, path, frag)
        st = d.execute_script("""
          return {view: document.querySelector('[data-view="norm"]').getAttribute('aria-pressed'),
                  hidden: document.querySelector('#key [data-slot="0"]').getAttribute('aria-pressed'),
                  re: document.getElementById('filter').value};""")
        g3 = geometry(d)
        if st != {"view": "true", "hidden": "false", "re": "a"} or abs(g3["x0"] - x0) > 1e-9 or abs(g3["x1"] - x1) > 1e-9:
            fail("%s: %s restored %r, window %s..%s" % (path, frag, st, g3["x0"], g3["x1"]))
        for e in console_errors(d):
            fail(path + ": console error: " + e["message"])
        # Printed: hp2x's own graph and the band table, not the canvas.
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        shown = d.execute_script("""
          var st = function (id) { return getComputedStyle(document.getElementById(id)).display; };
          return [st('static'), st('app'), document.getElementById('graph').naturalWidth];""")
        if shown[0] == "none" or shown[1] != "none" or not shown[2]:
            fail("%s: printed, static %s, viewer %s, graph %s px wide" % (path, *shown))
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    finally:
        d.quit()
    static_view(path, P)


def static_view(path, P):
    """Without JavaScript: the graph (its SVG drawn) and the drawn bands."""
    d = browser(script=False)
    try:
        load(d, path)
        got = d.execute_script("return 0") if False else None
        img = d.find_element(By.ID, "graph")
        if not int(img.get_attribute("naturalWidth") or 0):
            fail(path + ": without JavaScript, the graph is not drawn")
        if not d.find_element(By.ID, "static").is_displayed() or d.find_element(By.ID, "app").is_displayed():
            fail(path + ": without JavaScript, the static part is not what shows")
        rows = d.find_elements(By.CSS_SELECTOR, ".stable tbody tr")
        names = [r.find_element(By.TAG_NAME, "td").text.strip() for r in rows]
        want = [b["label"] for b in reversed(P["bands"])]
        if names != want:
            fail("%s: without JavaScript the table lists %r, the graph draws %r" % (path, names[:5], want[:5]))
    finally:
        d.quit()


def hostile(path, title):
    d = browser()
    try:
        started(d, path, settle=0.2)
        imgs = d.execute_script("return document.images.length")
        if imgs != 1:
            fail("%s: %d images: a name became markup" % (path, imgs))
        if d.execute_script("return document.scripts.length") != 2:
            fail(path + ": a name became a script")
        if d.title != title:
            fail("%s: the title is %r, not %r" % (path, d.title, title))
        P = page_data(d)
        keys = d.execute_script("return [].map.call(document.querySelectorAll('#key .kn'), function (e) { return e.textContent; })")
        want = [b["label"] for b in reversed(P["bands"])]
        if keys != want:
            fail("%s: the key's names are not the data's" % path)
        if not any("</script><img src=x onerror=alert(1)>" in k for k in keys):
            fail(path + ": the </script> name is not shown as text")
        if not any(len(k) >= 100000 for k in keys):
            fail(path + ": the 100 KB name is not shown whole")
        if not any("\u2028" in k for k in keys):
            fail(path + ": the U+2028 name is not shown")
    finally:
        d.quit()


def csp(path):
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    k = text.index("script-src 'sha256-") + len("script-src 'sha256-")
    bad = text[:k] + ("B" if text[k] != "B" else "C") + text[k + 1:]
    out = os.path.join(os.path.dirname(os.path.abspath(path)), "wrong-hash.html")
    open(out, "w", encoding="utf-8", errors="surrogateescape").write(bad)
    d = browser()
    try:
        load(d, out)
        time.sleep(0.2)
        if d.execute_script("return document.documentElement.getAttribute('data-ready')") == "1":
            fail(out + ": the script ran with a wrong hash: the policy is not enforced")
        logs = " ".join(l["message"] for l in d.get_log("browser"))
        if "Content Security Policy" not in logs:
            fail(out + ": no refusal in the console: " + logs[:300])
    finally:
        d.quit()


def shot(path, png, frag=""):
    d = browser()
    try:
        load(d, path, frag)
        time.sleep(0.2)
        d.save_screenshot(png)
    finally:
        d.quit()


if __name__ == "__main__":
    {"check": check, "hostile": hostile, "csp": csp, "shot": shot, "counters": counters, "lines": lines}[sys.argv[1]](*sys.argv[2:])
    sys.exit(1 if failures else 0)
