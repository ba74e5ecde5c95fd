# tests/e2e/page.py - the interactive page (-o FOO.html) in headless
# Chromium, driven through chromedriver by python3-selenium (Debian's).
# Run by tests/e2e/page.sh; prints "FAIL: ..." for each failed check and
# exits 1 when there was one.
#
#   page.py check PAGE.html DATA.json SUMMARY.json   (one profile)
#   page.py tree PAGE.html DATA.json SUMMARY.json    (-hc: the cost-centre tree)
#   page.py hostile PAGE.html TITLE                   (names stay text)
#   page.py inert PAGE.html                          (no name became markup)
#   page.py csp PAGE.html                             (a wrong hash is refused)
#   page.py counters PAGE.html DATA.json              (a ticky report)
#   page.py ticky PAGE.html DATA.json                 (a ticky eventlog)
#   page.py hi PAGE.html HP_PAGE.html                 (-hi: an eventlog, its .hp)
#   page.py diff PAGE.html SUMMARY.json               (--diff's page)
#   page.py diffview PAGE.html A.json B.json          (--diff's chart)
#   page.py many PAGE.html DATA.json SUMMARY.json...  (several inputs)
#   page.py lines PAGE.html DATA.json                 (heap size, live bytes)
#   page.py levels PAGE.html DATA.json                (more censuses than it holds)
#   page.py shot PAGE.html OUT.png [FRAGMENT]         (a screenshot)
#   page.py raster PAGE.html DPR                      (the canvas's pixels)
#   page.py longnames PAGE.html SECONDS               (names of 100 KB)
#   page.py filters PAGE.html CASE...                 (the filter box's patterns)
#   page.py serve FIFO     each line of FIFO a check as above, in one
#                          Chromium kept between them (lib.bash's page_py)
import json, math, os, re, sys, time, traceback, urllib.parse
from chromium import chrome, WIDTH, HEIGHT
from pixels import STATE, check_bands
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, flush=True)


# Serving (page.py serve): the browsers started so far, by their flags,
# each kept for the next check that asks for the same; None otherwise.
shared = None

# The longest a page may take to load before its check fails (within the
# test's time limit, so the failure says where).
PAGE_LOAD_S = 60


def browser(script=True, extra=()):
    """A headless Chromium, new, or when serving the one kept for these
    flags, on about:blank with its logs read.  Its quit() then only
    clears it for the next check (a Chromium started costs ~4 s of CPU,
    most of a check's); one that no longer answers is really ended."""
    key = (script, tuple(extra))
    if shared is not None and key in shared:
        return shared[key]
    # not from a case's directory, whose processes end with the case
    here = os.getcwd()
    os.chdir("/")
    try:
        d = chrome(([] if script else ["--blink-settings=scriptEnabled=false"]) + list(extra),
                   {"goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"}})
    finally:
        os.chdir(here)
    d.set_page_load_timeout(PAGE_LOAD_S)	# (WebDriver's default: 300 s)
    if shared is None:
        return d
    real_quit = d.quit

    def clear():
        try:
            d.set_page_load_timeout(PAGE_LOAD_S)
            d.set_script_timeout(30)
            d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
            d.get("about:blank")
            d.get_log("browser")
            d.get_log("performance")
        except Exception:
            del shared[key]
            try:
                real_quit()
            except Exception:
                pass
    d.quit = clear
    d.real_quit = real_quit
    shared[key] = d
    return d


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
    # two frames later: the tooltip is placed once the browser has laid
    # it out (chart.js place())
    return d.execute_async_script("""
      var done = arguments[arguments.length - 1];
      requestAnimationFrame(function () { requestAnimationFrame(function () {
      var t = document.getElementById('tip');
      if (t.hidden) { done(null); return; }
      var rows = [].map.call(t.querySelectorAll('.tr:not(.line)'), function (r) {
        return {slot: +r.getAttribute('data-slot'), v: +r.querySelector('.tv').getAttribute('data-v'),
                name: r.querySelector('.tn').textContent, hl: r.classList.contains('hl')}; });
      var c = document.getElementById('chart').getBoundingClientRect(), b = t.getBoundingClientRect();
      done({t: +t.getAttribute('data-t'), total: +document.getElementById('tip-total').getAttribute('data-v'),
            rows: rows, more: !!t.querySelector('.more'),
            box: [b.left - c.left, b.top - c.top, b.right - c.left, b.bottom - c.top, c.width, c.height],
            hair: document.getElementById('xhair').getBoundingClientRect().left - c.left});
      }); });""")


# The table's rows in the DOM now: name, peak, at, share, last, growth
# (the values the page carries), graph, a time profile's ticks, and the
# growth's fit (R², None for a flat band: its cell says so, "—").
TABLE_ROWS = """
  return [].map.call(document.querySelectorAll('#tbody tr:not(.pad)'), function (tr) {
    var k = function (c) { return tr.querySelector('[data-k="' + c + '"]'); };
    var v = function (c) { var a = k(c) && k(c).getAttribute('data-v'); return a === null || a === undefined ? null : +a; };
    return [k('label').title, v('peak'), v('peak_time'), v('share'), v('last'), v('growth'), k('drawn').textContent,
      k('count') && v('count'), v('fit'), k('fit') ? k('fit').textContent : 'no Fit column']; });"""


def fit_of(ts, vs):
    """R² of the least-squares line through (ts, vs), as hp/running.c
    computes it; None for values that do not vary."""
    n = len(ts)
    if n < 2:
        return None
    st, sv = sum(ts), sum(vs)
    stt, svv, stv = sum(t * t for t in ts), sum(v * v for v in vs), sum(t * v for t, v in zip(ts, vs))
    sxx, var = stt - st * st / n, svv - sv * sv / n
    if not (var > 4 * n * 2.220446049250313e-16 * svv) or not sxx > 0:
        return None
    g = (n * stv - st * sv) / (n * stt - st * st)
    return min(1, g * g * sxx / var)


def fit_cell(r, want, what):
    """Row r's fit is want (to the two digits the page carries when
    exact is False), its cell two digits or a dash."""
    have, text = r[8], r[9]
    if want is None:
        return None if have is None and text == "\u2014" else "%s: fit %r (%r), want none (a flat band: \u2014)" % (what, have, text)
    if have is None or abs(have - want) > 0.0051 or text != "%.2f" % have:
        return "%s: fit %r (%r), want %.4f" % (what, have, text, want)
    return None


def six(x):
    """x to six significant digits, as the page carries a share and a
    growth (the rest of a row is exact)."""
    return x if x is None else float("%.6g" % x)


def same_row(r, want):
    return r[:3] + r[4:5] + r[6:7] == want[:3] + want[4:5] + want[6:7] and \
        r[3] == six(want[3]) and r[5] == six(want[5])


def all_rows(d, script):
    """Every row of the table (it builds only those in view): scrolled
    through, each position's rows read once drawn; keyed by name."""
    return {r[0]: r for r in _rows_scrolled(d, script)}


def settled(d):
    """Wait for what follows a redraw by a frame: the table and the
    address (main.js's follow())."""
    for _ in range(100):
        if not d.execute_script("return document.documentElement.hasAttribute('data-pending')"):
            return
        time.sleep(0.05)


def _rows_scrolled(d, script):
    """The rows of the table, scrolled through (some more than once)."""
    rows = []
    settled(d)
    d.execute_script("document.getElementById('tscroll').scrollTop = 0")
    for _ in range(2000):
        for _ in range(100):
            if d.execute_script("""var s = document.getElementById('tscroll');
                return +document.getElementById('tbody').getAttribute('data-first') ===
                  Math.max(0, Math.floor(s.scrollTop / 26) - 5);"""):
                break
            time.sleep(0.05)
        rows.extend(d.execute_script(script))
        if d.execute_script("var s = document.getElementById('tscroll'); if (s.scrollTop + s.clientHeight >= s.scrollHeight - 1) return true; s.scrollTop += s.clientHeight / 2; return false;"):
            break
    return rows


def all_rows_keyed(d, script):
    """Every row of the table, each once (all_rows keys by name, which a
    table of several inputs repeats): by the row's whole text."""
    return list({tuple(r): r for r in _rows_scrolled(d, script)}.values())


# A ticky table's rows: the model band, then its cells' numbers (data-v)
# and texts, by column key.
TICKY_ROWS = """
  return [].map.call(document.querySelectorAll('#tbody tr:not(.pad)'), function (tr) {
    var o = {};
    [].forEach.call(tr.children, function (td) {
      var v = td.getAttribute('data-v');
      o[td.getAttribute('data-k')] = [v === null ? null : +v, td.title || td.textContent];
    });
    return [+tr.getAttribute('data-m'), o]; });"""


def ticky_rows(d, path, ref, whole):
    """Every counter a row (by its band), its cells the JSON output's row:
    entries, Alloc, per entry, Alloc'd, arity, kinds, free variables,
    closure kind, share of the whole; bytes written with a unit and
    prefix (the cell's text), never the raw count."""
    rows = {r[0]: r[1] for r in _rows_scrolled(d, TICKY_ROWS)}
    if len(rows) != len(ref["bands"]):
        fail("%s: %d rows for %d counters" % (path, len(rows), len(ref["bands"])))
    for m, b in enumerate(ref["bands"]):
        t, r = b["ticky"], rows.get(m)
        if r is None:
            fail("%s: no row for %s" % (path, b["name"]))
            continue
        want = {"label": b.get("label", b["name"]), "entries": t["entries"], "alloc": t["alloc"],
                "allocd": t["allocd"], "arity": t["arity"], "args": t["kinds"] or "",
                "fvs": t["fvs"] or "", "closure": t["closure"] or "",
                "per": t["alloc"] / t["entries"] if t["entries"] else None,
                "whole": t["alloc"] / whole if whole else None}
        got = {k: r[k][0] if r[k][0] is not None or k in ("per", "whole") else r[k][1] for k in want}
        if got["fvs"] == "" and t["fvs"] is None and r["fvn"][0] is not None:
            fail("%s: %s: free variables unknown, but counted %r" % (path, b["name"], r["fvn"]))
        for k in ("per", "whole"):
            if want[k] is not None and got[k] is not None and abs(got[k] - want[k]) <= 1e-9 * abs(want[k]):
                got[k] = want[k]
        if got != want:
            fail("%s: %s: row %r, the JSON's %r" % (path, b["name"], got, want))
        for k in ("alloc", "allocd", "per"):
            text = r[k][1]
            if r[k][0] is not None and not re.fullmatch(r"-?[0-9.]+ [kMGTPE]?B", text):
                fail("%s: %s: %s written %r, not as bytes" % (path, b["name"], k, text))


def counters(path, data_json):
    """A ticky report: no error, no request, hp2x's bars shown, and a
    row per counter with the JSON output's numbers (ticky_rows), its
    share of the report's ALLOC_HEAP_tot; its swatches are the bars'
    colours, none black."""
    ref = json.load(open(data_json))
    d = browser()
    try:
        if not started(d, path):
            return
        if not d.find_element(By.ID, "graph").is_displayed():
            fail(path + ": the bars are not shown")
        ticky_rows(d, path, ref, ref["counters"]["ALLOC_HEAP_tot"])
        P = page_data(d)
        if any(b["c"] == "#000000" for b in P["bands"]):
            fail(path + ": a counter is black")
    finally:
        d.quit()


def hi(path, hp_path):
    """-hi: the table's info-table column beside type, closure type,
    module and source; a band with no IPE entry says so in its name and
    there; the page of the .hp of the same run says that the eventlog
    names its tables."""
    d = browser()
    try:
        if not started(d, path):
            return
        heads = d.execute_script("return [].map.call(document.querySelectorAll('#thead th'), function (t) { return t.textContent; });")
        heads = [h.rstrip(" \u25be\u25b4") for h in heads]
        want = ["Info table", "Closure type", "Type", "Module", "Source"]
        if "Info table" not in heads or heads[heads.index("Info table"):heads.index("Info table") + 5] != want:
            fail("%s: the IPE columns are %r" % (path, heads))
        rows = {r[0]: r[1] for r in _rows_scrolled(d, TICKY_ROWS)}
        P = page_data(d)
        m = {n: i for i, n in enumerate(P["names"])}
        got = (rows[m["0x40db50"]]["ipe.table_name"][1], rows[m["0x40db50"]]["ipe.closure_desc"][1])
        if got != (":_Leak.Table_11_con_info", "CONSTR_2_0"):
            fail("%s: 0x40db50's info table: %r" % (path, got))
        r = rows[m["0xeb1e50"]]
        if (r["label"][1], r["ipe.table_name"][1], r["ipe.type_desc"][1]) != ("0xeb1e50 (no IPE entry)", "no IPE entry", ""):
            fail("%s: 0xeb1e50: %r" % (path, r))
        d.get("about:blank")
        if not started(d, hp_path):
            return
        note = d.find_element(By.ID, "note").text
        if "an eventlog of the same run (+RTS -hi -l) carries each table's name" not in note:
            fail("%s: the note is %r" % (hp_path, note))
        d.get("about:blank")
        started(d, path)
        if "carries each table" in d.find_element(By.ID, "note").text:
            fail(path + ": the eventlog's page says a .hp's note")
    finally:
        d.quit()


def ticky(path, data_json, window_path=None):
    """A ticky eventlog: its table as a report's (ticky_rows), shares of
    HEAP_ALLOCATED, the columns of its info tables; no band black; the
    tooltip's rows each on one line ("1.3 GB/s", not a unit over three);
    the filter keeps only the counters it matches.  Its page cut to a
    window (window_path) says the counts are the whole run's (a sample
    carries only the measure drawn); the whole run's page does not."""
    ref = json.load(open(data_json))
    d = browser()
    whole = "the whole run's, not the window's"
    try:
        if window_path:
            if not started(d, window_path):
                return
            settled(d)
            if whole not in d.find_element(By.ID, "tcount").text:
                fail("%s: cut to a window, the table does not say its counts are the whole run's: %r" %
                     (window_path, d.find_element(By.ID, "tcount").text))
        if not started(d, path):
            return
        settled(d)
        if whole in d.find_element(By.ID, "tcount").text:
            fail("%s: the whole run's table says it is of a window" % path)
        heads = d.execute_script("return [].map.call(document.querySelectorAll('#thead th'), function (t) { return t.textContent; });")
        for h in ("Closure", "Arity", "FVs", "Entries", "Alloc", "Alloc per entry", "Alloc'd", "Share of HEAP_ALLOCATED", "Type"):
            if not any(x.rstrip(" \u25be\u25b4") == h for x in heads):
                fail("%s: no column %r: %r" % (path, h, heads))
        ticky_rows(d, path, ref, ref["allocated"]["bytes"])
        P = page_data(d)
        if any(b["c"] == "#000000" for b in P["bands"]):
            fail(path + ": a band is black")
        g = geometry(d)
        for f in (0.3, 0.5, 0.75):
            tip = hover(d, ML + (g["w"] - ML - MR) * f)
            hs = d.execute_script("""return [].map.call(document.querySelectorAll('#tip .tr'), function (r) {
                return [r.getBoundingClientRect().height, parseFloat(getComputedStyle(r).lineHeight) || 17,
                  r.querySelector('.tv').textContent]; });""")
            if tip is None or not hs:
                fail("%s: no tooltip at %g of the run" % (path, f))
            for h, lh, text in hs:
                if h > lh * 1.5:
                    fail("%s: a tooltip row %r is %g px high (lines of %g)" % (path, text, h, lh))
        d.find_element(By.ID, "filter").send_keys("Zoo")
        settled(d)
        time.sleep(0.2)
        shown = d.execute_script("return [].map.call(document.querySelectorAll('#tbody tr:not(.pad) [data-k=label]'), function (t) { return t.title; });")
        want = [b for b in ref["bands"] if "Zoo" in b.get("label", b["name"]) or "Zoo" in b["name"]]
        if not shown or any("Zoo" not in x for x in shown) or \
                not d.find_element(By.ID, "tcount").text.startswith("%d of %d" % (len(want), len(ref["bands"]))):
            fail("%s: filtered on Zoo: %r, %r" % (path, shown[:5], d.find_element(By.ID, "tcount").text))
    finally:
        d.quit()


# The table's rows of a page of several inputs: input, then as TABLE_ROWS.
MANY_ROWS = TABLE_ROWS.replace("return [k('label').title", "return [k('file') && k('file').textContent, k('label').title")


def many_table(d, path, P, summs, refs, window=None):
    """One table of every band of every input, each named by its input:
    the numbers of --summary=json of that input alone, or zoomed, the
    peak of the input's own samples in the window."""
    rows = {}
    for r in all_rows_keyed(d, MANY_ROWS):
        rows[(r[0], r[1])] = r[1:]
    want_n = 0
    for inp, summ, ref in zip(P, summs, refs):
        names = [b["name"] for b in ref["bands"]]
        own = {inp["names"][b["m"]] for b in inp["bands"] if b["m"] >= 0} | {inp["names"][m] for m in inp["x"]}
        for b in summ["band"]:
            want_n += 1
            m = inp["names"].index(b["name"])
            lab = inp["labels"].get(str(m), b["name"])
            r = rows.get((inp["file"], lab))
            if r is None:
                fail("%s: the table lacks %r of %s" % (path, lab, inp["file"]))
                continue
            if window is None:
                want = [lab, b["peak"], b["peak_time"], b["share"], b["last"], b["growth"], b["drawn"]]
                if not same_row(r, want):
                    fail("%s: %s's row %r, its --summary=json %r" % (path, inp["file"], r, want))
            else:
                w0, w1 = window
                pk = max([v for s in ref["samples"] if w0 <= s["time"] <= w1 for k, v in s["values"] if names[k] == b["name"]] + [0]) \
                    if b["name"] in own else None
                if r[1] != pk:
                    fail("%s: zoomed to %s..%s, %s's %r peaks at %s in the table, at %s in its JSON" % (path, w0, w1, inp["file"], lab, r[1], pk))
    if len(rows) != want_n:
        fail("%s: the table has %d rows, the inputs' --summary=json %d bands" % (path, len(rows), want_n))


def many(path, *args):
    """Several inputs: a chart each, one y scale, a band one colour in
    all; the tooltip of each at one of its censuses shows its JSON's
    values; the pointer over one puts the crosshair on the others at
    that time; a drag zoom in one zooms all; one table of every input's
    bands, each with its own --summary=json's numbers (the window's when
    zoomed), filtered by the box."""
    refs = [json.load(open(j)) for j in args[0::2]]
    summs = [json.load(open(j)) for j in args[1::2]]
    d = browser()
    try:
        if not started(d, path):
            return
        charts = d.find_elements(By.CSS_SELECTOR, ".chart")
        if len(charts) != len(refs):
            fail("%s: %d charts for %d inputs" % (path, len(charts), len(refs)))
            return
        P = page_data(d)["inputs"]
        ys = {c.get_attribute("data-ymax") for c in charts}
        if len(ys) != 1:
            fail("%s: the charts' y scales differ: %s" % (path, ys))
        colour = {}
        for inp in P:
            for b in inp["bands"]:
                if b["m"] >= 0 and colour.setdefault(inp["names"][b["m"]], b["c"]) != b["c"]:
                    fail("%s: %r has two colours" % (path, inp["names"][b["m"]]))
        for k, (c, ref, inp) in enumerate(zip(charts, refs, P)):
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", c)
            r = c.rect
            x0, x1 = float(c.get_attribute("data-x0")), float(c.get_attribute("data-x1"))
            s = [x for x in ref["samples"] if x["values"]][len(ref["samples"]) // 3]
            x = ML + (s["time"] - x0) / (x1 - x0) * (r["width"] - ML - MR)
            ActionChains(d).move_to_element_with_offset(c, int(round(x - r["width"] / 2)),
                                                        int(round((MT + (r["height"] - MT - MB) * 0.9) - r["height"] / 2))).perform()
            got = d.execute_script("""var c = arguments[0], t = c.querySelector('.tip');
              if (t.hidden) return null;
              return {t: +t.getAttribute('data-t'), rows: [].map.call(t.querySelectorAll('.tr:not(.line)'), function (r) {
                return [+r.getAttribute('data-slot'), +r.querySelector('.tv').getAttribute('data-v')]; }),
                hairs: [].map.call(document.querySelectorAll('.xhair'), function (h) { return h.hidden ? null : h.style.left; })};""", c)
            if not got or got["t"] != s["time"]:
                fail("%s: input %d: no tooltip at its census at %s s: %r" % (path, k, s["time"], got))
                continue
            names = [b["name"] for b in ref["bands"]]
            want = {names[b]: v for b, v in s["values"]}
            for slot, v in got["rows"]:
                m = inp["bands"][slot]["m"]
                if m >= 0 and want.get(inp["names"][m], 0) != v:
                    fail("%s: input %d at %s s: %s for %r, the JSON %s" % (path, k, s["time"], v, inp["names"][m], want.get(inp["names"][m])))
            if None in got["hairs"] or len(set(got["hairs"])) != 1:
                fail("%s: hovering input %d, the crosshairs are at %r" % (path, k, got["hairs"]))
        # a drag in the first zooms all
        c = charts[0]
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", c)
        r = c.rect
        a, b = ML + (r["width"] - ML - MR) * 0.2, ML + (r["width"] - ML - MR) * 0.5
        ActionChains(d).move_to_element_with_offset(c, int(a - r["width"] / 2), 0).click_and_hold() \
            .move_by_offset(int(b - a), 0).release().perform()
        settled(d)
        wins = {(x.get_attribute("data-x0"), x.get_attribute("data-x1")) for x in charts}
        if len(wins) != 1 or "x=" not in d.execute_script("return location.hash"):
            fail("%s: after a drag zoom the windows are %r" % (path, wins))
        ys = {x.get_attribute("data-ymax") for x in charts}
        if len(ys) != 1:
            fail("%s: zoomed, the charts' y scales differ: %s" % (path, ys))
        # the table: every input's bands, the window's numbers
        if all(p["all"] for p in P):
            many_table(d, path, P, summs, refs, (float(c.get_attribute("data-x0")), float(c.get_attribute("data-x1"))))
        d.find_element(By.TAG_NAME, "body").send_keys("\ue00c")   # Esc
        many_table(d, path, P, summs, refs)
        # the box filters the rows of every input
        f = d.find_element(By.ID, "filter")
        f.send_keys("Bin$")
        got = {(r[0], r[1]) for r in all_rows_keyed(d, MANY_ROWS)}
        want = {(p["file"], p["labels"].get(str(m), n)) for p in P for m, n in enumerate(p["names"])
                if re.search("Bin$", p["labels"].get(str(m), n), re.I) or re.search("Bin$", n, re.I)}
        if got != want or len({i for i, _ in got}) != len(P):
            fail("%s: filtered by Bin$, the table has %r, the inputs %r" % (path, sorted(got), sorted(want)))
    finally:
        d.quit()


def diff(path, summary_json, unit="B", area="B·s", head=""):
    """--diff's page: no error, no request, the difference drawn as a
    chart, hp2x's own difference graph kept for print and readers
    without JavaScript, and a row per band with --diff
    --summary=json's numbers, in its order, shown in the profiles' unit
    (a peak's) and area unit (the change of the integral's); a rate's
    (head: a time profile's CPU) once, in the heads, not in each cell."""
    ref = json.load(open(summary_json))
    d = browser()
    try:
        if not started(d, path):
            return
        if not d.find_element(By.ID, "canvas").is_displayed() or d.find_element(By.ID, "graph").is_displayed():
            fail(path + ": the difference is not drawn as a chart (or hp2x's picture shows beside it)")
        rows = all_rows(d, """return [].map.call(document.querySelectorAll('#tbody tr:not(.pad)'), function (tr) {
            var td = tr.children, v = function (k) { return +td[k].getAttribute('data-v'); };
            return [td[1].title, v(0), v(2), v(3), v(4), v(5), v(6), v(7)]; });""")
        for k, b in enumerate(ref["band"]):
            want = [b["name"], k + 1, b["a"]["peak"], b["b"]["peak"], b["change"]["peak"],
                    b["change"]["integral"], b["a"]["last"], b["b"]["last"]]
            if rows.get(b["name"]) != want:
                fail("%s: row %r, --diff --summary=json %r" % (path, rows.get(b["name"]), want))
        if len(rows) != len(ref["band"]):
            fail("%s: %d rows for %d bands" % (path, len(rows), len(ref["band"])))
        shown = d.execute_script("""var tr = document.querySelector('#tbody tr:not(.pad)'), th = document.querySelectorAll('#thead th');
            return [tr.children[2].textContent, th[5].textContent, th[2].textContent, tr.children[5].textContent];""")
        if not re.fullmatch(r"-?[0-9.]+ ?[kMGT]?" + re.escape(unit), shown[0]) or "(" + area + ")" not in shown[1] or \
                (head and ("(" + head + ")" not in shown[2] or not re.fullmatch(r"[-+]?[0-9.]+", shown[3]))):
            fail("%s: a peak shown as %r under %r and the change %r under %r, not in %s (heads: %s) and %s" %
                 (path, shown[0], shown[2], shown[3], shown[1], unit or "plain numbers", head or "none", area))
        # printed: hp2x's own difference graph and the text table
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        shown = d.execute_script("""
          var st = function (id) { return getComputedStyle(document.getElementById(id)).display; };
          return [st('static'), st('app'), document.getElementById('graph').naturalWidth,
                  document.querySelector('#static pre.stable').textContent];""")
        if shown[0] == "none" or shown[1] != "none" or not shown[2] or not shown[3].startswith("change from "):
            fail("%s: printed, static %s, viewer %s, graph %s px wide, table %r" % (path, *shown[:3], shown[3][:200]))
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    finally:
        d.quit()
    d = browser(script=False)
    try:
        load(d, path)
        if not int(d.find_element(By.ID, "graph").get_attribute("naturalWidth") or 0) or \
                not d.find_element(By.CSS_SELECTOR, "pre.stable").is_displayed():
            fail(path + ": without JavaScript, hp2x's difference graph and its table do not show")
    finally:
        d.quit()


# The tooltip of a --diff page: its time, its change, and per row the
# band's slot, name, change, A's value and B's.
DIFF_TIP = """
  var t = document.getElementById('tip');
  if (t.hidden) return null;
  return {t: +t.getAttribute('data-t'), total: +document.getElementById('tip-total').getAttribute('data-v'),
    rows: [].map.call(t.querySelectorAll('.tr'), function (r) {
      var v = r.querySelectorAll('.tv');
      return {slot: +r.getAttribute('data-slot'), name: r.querySelector('.tn').textContent, hl: r.classList.contains('hl'),
        ch: +v[0].getAttribute('data-v'), a: v[1] ? +v[1].getAttribute('data-a') : null,
        b: v[1] ? +v[1].getAttribute('data-b') : null, text: r.textContent}; })};"""

# How many opaque pixels of each colour the graph's canvas has.
COLOURS = """
  var cv = document.getElementById('canvas'), im = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data, n = {};
  for (var i = 0; i < im.length; i += 4) if (im[i + 3] === 255) {
    var k = '#' + ((1 << 24) | (im[i] << 16) | (im[i + 1] << 8) | im[i + 2]).toString(16).slice(1);
    n[k] = (n[k] || 0) + 1; }
  return n;"""

# The table's rows: name and the computed colour of its swatch ('' for
# a band not drawn: hatched).
SWATCHES = """
  return [].map.call(document.querySelectorAll('#tbody tr:not(.pad)'), function (tr) {
    var sw = tr.querySelector('[data-k="label"] .sw');
    return [tr.querySelector('[data-k="label"]').title, sw.classList.contains('none') ? '' : getComputedStyle(sw).backgroundColor]; });"""


def rgb(hexc):
    return "rgb(%d, %d, %d)" % tuple(int(hexc[i:i + 2], 16) for i in (1, 3, 5))


def diffview(path, a_json, b_json):
    """--diff's page as live as a profile's, on two runs of the same
    census times (B's value at A's census is B's own): the tooltip gives
    each band's A, B and change at its census as -o FOO.json of A and B
    have them; a band hidden in the key leaves the drawing, Ctrl-click
    keeps one band only; a drag zooms to the dragged window (the
    overview shows it, the address keeps it); the filter keeps the
    matching bands in the key, the drawing and the table; each drawn
    band's table swatch is its colour on the canvas (the pixel under the
    pointer is the colour of the band the tooltip names); saved as SVG,
    each band is a path in its colour, a shape a side of the axis (new,
    which only grew, above it; shrinks below it; grows, which changed
    sign, a shape each side)."""
    refs = []
    for j in (a_json, b_json):
        r = json.load(open(j))
        names = [b["name"] for b in r["bands"]]
        refs.append({round(x["time"], 6): {names[b]: v for b, v in x["values"]} for x in r["samples"]})
    d = browser()
    try:
        if not started(d, path):
            return
        P = page_data(d)
        if not P.get("bands"):
            fail(path + ": the page has no bands to draw")
            return
        drawn = {b["name"]: b["c"] for b in P["bands"]}
        g = geometry(d)
        dpr = d.execute_script("return window.devicePixelRatio")
        # hover: every band with a value at the census, A, B, change
        for fx in (0.2, 0.45, 0.7, 0.95):
            hover(d, ML + (g["w"] - ML - MR) * fx, MT + (g["h"] - MT - MB) * 0.5)
            tip = d.execute_script(DIFF_TIP)
            if not tip:
                fail("%s: no tooltip at %.0f %% of the graph" % (path, fx * 100))
                continue
            A, B = refs[0].get(round(tip["t"], 6)), refs[1].get(round(tip["t"], 6))
            if A is None or B is None:
                fail("%s: the tooltip's time %r is no census of A and B" % (path, tip["t"]))
                continue
            want = {n: (A.get(n, 0), B.get(n, 0)) for n in drawn if A.get(n, 0) or B.get(n, 0)}
            got = {r["name"]: (r["a"], r["b"]) for r in tip["rows"]}
            if got != want or any(r["ch"] != r["b"] - r["a"] for r in tip["rows"]) or \
                    tip["total"] != sum(b - a for a, b in want.values()):
                fail("%s: at %r s the tooltip has %r (change %r), A and B %r" % (path, tip["t"], tip["rows"], tip["total"], want))
        key = {b.get_attribute("title"): b for b in d.find_elements(By.CSS_SELECTOR, "#key .kb")}
        n0 = d.execute_script(COLOURS)
        if any(not n0.get(c) for c in drawn.values()):
            fail("%s: bands %r not drawn" % (path, [n for n, c in drawn.items() if not n0.get(c)]))
        # hide one band, then show it again
        key["grows"].click()
        n1 = d.execute_script(COLOURS)
        if n1.get(drawn["grows"]) or any(not n1.get(c) for n, c in drawn.items() if n != "grows"):
            fail("%s: grows hidden, the canvas has %r" % (path, {n: n1.get(c) for n, c in drawn.items()}))
        key["grows"].click()
        # keep only one, then all again
        ActionChains(d).key_down(Keys.CONTROL).click(key["shrinks"]).key_up(Keys.CONTROL).perform()
        n2 = d.execute_script(COLOURS)
        pressed = {n: b.get_attribute("aria-pressed") for n, b in key.items()}
        if not n2.get(drawn["shrinks"]) or any(n2.get(c) for n, c in drawn.items() if n != "shrinks") or \
                pressed != {n: "true" if n == "shrinks" else "false" for n in key}:
            fail("%s: shrinks kept alone, the canvas has %r, the key %r" % (path, {n: n2.get(c) for n, c in drawn.items()}, pressed))
        ActionChains(d).key_down(Keys.CONTROL).click(key["shrinks"]).key_up(Keys.CONTROL).perform()
        if d.execute_script(COLOURS) != n0:
            fail(path + ": every band shown again, the drawing is not what it was")
        # drag from 30 % to 60 % of the plot: that window
        c = d.find_element(By.ID, "chart")
        xa, xb = ML + (g["w"] - ML - MR) * 0.3, ML + (g["w"] - ML - MR) * 0.6
        ta, tb = g["x0"] + 0.3 * (g["x1"] - g["x0"]), g["x0"] + 0.6 * (g["x1"] - g["x0"])
        y = MT + (g["h"] - MT - MB) / 2
        ActionChains(d).move_to_element_with_offset(c, int(xa - g["w"] / 2), int(y - g["h"] / 2)).click_and_hold() \
            .move_by_offset(int(xb - xa), 0).release().perform()
        g2 = geometry(d)
        px = (g["x1"] - g["x0"]) / (g["w"] - ML - MR) * 2
        settled(d)
        if abs(g2["x0"] - ta) > px or abs(g2["x1"] - tb) > px or "x=" not in d.current_url or \
                not d.find_element(By.ID, "ovwin").is_displayed():
            fail("%s: dragged over %r..%r, the window is %r..%r, the address %s" % (path, ta, tb, g2["x0"], g2["x1"], d.current_url))
        d.find_element(By.TAG_NAME, "body").send_keys("\ue00c")   # Esc
        g3 = geometry(d)
        if (g3["x0"], g3["x1"]) != (g["x0"], g["x1"]):
            fail("%s: Esc left the window at %r..%r" % (path, g3["x0"], g3["x1"]))
        # the filter: the key, the drawing and the table keep the matches
        d.find_element(By.ID, "filter").send_keys("^(grows|new)$")
        settled(d)
        n3 = d.execute_script(COLOURS)
        out = {n for n, b in key.items() if "out" in b.get_attribute("class")}
        rows = {r[0] for r in _rows_scrolled(d, SWATCHES)}
        if out != set(key) - {"grows", "new"} or rows != {"grows", "new"} or \
                any(bool(n3.get(c)) != (n in ("grows", "new")) for n, c in drawn.items()):
            fail("%s: filtered to grows and new, the key greys %r, the table has %r, the canvas %r" %
                 (path, sorted(out), sorted(rows), {n: n3.get(c) for n, c in drawn.items()}))
        d.execute_script("var f = document.getElementById('filter'); f.value = ''; f.dispatchEvent(new Event('input'));")
        settled(d)
        # the table's swatches: each drawn band's colour, drawn
        sw = dict(_rows_scrolled(d, SWATCHES))
        for n, col in drawn.items():
            if sw.get(n) != rgb(col):
                fail("%s: %s's swatch in the table is %r, the band is drawn %s" % (path, n, sw.get(n), col))
        if any(v for n, v in sw.items() if n not in drawn):
            fail("%s: a band not drawn has a colour in the table: %r" % (path, sw))
        # under the pointer, in the middle of a band's run of its colour
        # down a column, the band the tooltip names; its swatch that colour
        X = int(round((ML + (g["w"] - ML - MR) * 0.8) * dpr))
        cand = [r for r in runs(d.execute_script(COLUMN, "canvas", X)) if r[0] in drawn.values() and r[2] - r[1] >= 6 * dpr]
        if not cand:
            fail("%s: no band drawn at 80 %% of the graph" % path)
        for colour, r0, r1 in cand:
            hover(d, X / dpr, (r0 + r1) / 2 / dpr)
            hl = [r for r in (d.execute_script(DIFF_TIP) or {"rows": []})["rows"] if r["hl"]]
            if len(hl) != 1 or rgb(colour) != sw.get(hl[0]["name"]):
                fail("%s: the pointer on %s, the tooltip names %r, whose swatch is %r" %
                     (path, colour, hl, hl and sw.get(hl[0]["name"])))
        # saved as SVG: each band's shapes, their y down the picture
        dl = os.path.abspath("saved")
        os.makedirs(dl, exist_ok=True)
        d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": dl})
        shapes, svg = {}, saved(d, dl, "svg")[1].decode()
        for dd, fill in re.findall(r'<path d="([^"]*)" fill="(#[0-9a-f]{6})"', svg):
            if "h12v12" in dd:   # the key's swatch (export.js)
                continue
            shapes.setdefault(fill, []).extend([float(y) for y in re.findall(r"[ML]-?[0-9.]+ (-?[0-9.]+)", "M" + sub)]
                                               for sub in dd.split("M") if sub)
        got = {n: shapes.get(c) for n, c in drawn.items()}
        if not all(got.values()):
            fail("%s: saved as SVG, bands %r have no path" % (path, [n for n in drawn if not got[n]]))
        else:
            # the axis: its label's row (chart.js: a tick's y, rounded, + 0.5)
            axis = float(re.search(r'<text[^>]* y="(-?[0-9.]+)"[^>]*>0</text>', svg).group(1))
            side = {n: sorted({(min(y) >= axis - 1.1) - (max(y) <= axis + 1.1) for y in got[n]}) for n in drawn}
            if side["new"] != [-1] or side["shrinks"] != [1] or side["grows"] != [-1, 1] or 0 in sum(side.values(), []):
                fail("%s: saved as SVG, the bands' shapes lie %r of the axis (-1 above, 1 below, 0 across it)" % (path, side))
        for e in console_errors(d):
            fail(path + ": console error: " + e["message"])
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


def levels(path, data_json):
    """A page of more censuses than it holds: at full view it draws
    level 0, zoomed to a tenth of the run level 1 (more censuses in the
    window than level 0 has there); each tooltip shows exactly the JSON
    output's values at its census; the page says when a zoom has reached
    the finest level kept, and only then."""
    ref = json.load(open(data_json))
    at = {s["time"]: s for s in ref["samples"]}
    names = [b["name"] for b in ref["bands"]]
    d = browser()
    try:
        if not started(d, path):
            return
        P = page_data(d)
        if P["all"] or len(P["levels"]) < 2:
            fail("%s: %d levels, all=%s: the profile should not fit in one" % (path, len(P["levels"]), P["all"]))
            return

        def state():
            return d.execute_script("""var c = document.getElementById('chart');
              return [+c.getAttribute('data-level'), +c.getAttribute('data-in-window'), document.getElementById('note').textContent];""")

        def tips(what):
            g = geometry(d)
            for f in (0.21, 0.5, 0.77):
                tip = hover(d, ML + (g["w"] - ML - MR) * f)
                if not tip:
                    fail("%s: %s: no tooltip" % (path, what))
                    continue
                s = at.get(tip["t"])
                if s is None:
                    fail("%s: %s: the tooltip's time %r is no census of the JSON" % (path, what, tip["t"]))
                    continue
                want = {names[b]: v for b, v in s["values"]}
                for r in tip["rows"]:
                    nm = P["names"][P["bands"][r["slot"]]["m"]]
                    if want.get(nm, 0) != r["v"]:
                        fail("%s: %s: at %s s the tooltip says %s for %r, the JSON %s" % (path, what, tip["t"], r["v"], nm, want.get(nm, 0)))
        lvl, n0, note = state()
        if lvl != 0 or "finest level" in note:
            fail("%s: at full view level %s, note %r" % (path, lvl, note))
        tips("full view")
        t0, t1 = P["t0"], P["t1"]
        a = t0 + (t1 - t0) * 0.45
        for frac, finest in ((0.1, False), (0.002, True)):
            d.get("about:blank")
            load(d, path, "#v=1&x=%r,%r" % (a, a + (t1 - t0) * frac))
            lvl, n, note = state()
            if lvl != len(P["levels"]) - 1:
                fail("%s: zoomed to %s of the run, level %s drawn" % (path, frac, lvl))
            if ("finest level kept" in note) != finest:
                fail("%s: zoomed to %s of the run (%d censuses in the window): the note %r" % (path, frac, n, note))
            if not finest and n <= n0 * frac * 2:
                fail("%s: zoomed to %s of the run, %d censuses in the window (level 0 has %d in all)" % (path, frac, n, n0))
            tips("zoomed to %s of the run" % frac)
    finally:
        d.quit()


# A device column of a canvas of the graph: [[r, g, b, a], ...] top down.
COLUMN = """
  var c = document.getElementById(arguments[0]), X = arguments[1];
  var p = c.getContext('2d').getImageData(X, 0, 1, c.height).data, out = [];
  for (var i = 0; i < p.length; i += 4) out.push([p[i], p[i + 1], p[i + 2], p[i + 3]]);
  return out;"""


def runs(col):
    """The opaque runs of one colour in a column, [(colour, top, bottom)]."""
    out, i = [], 0
    while i < len(col):
        j = i
        while j + 1 < len(col) and col[j + 1] == col[i]:
            j += 1
        if col[i][3] == 255:
            out.append(("#%02x%02x%02x" % tuple(col[i][:3]), i, j))
        i = j + 1
    return out


def outlined(d, P, what):
    """The band under the pointer is outlined where the graph draws it:
    at the pointer's column the outline canvas has the band's colour on
    the rows the graph has it (so on the bands under it, stacked), give
    or take the slope of its edges there.  A band in the middle of the
    stack is taken, at three places across the graph; False when none
    could be (no band tall enough there)."""
    g = geometry(d)
    dpr = d.execute_script("return window.devicePixelRatio")
    colours = {b["c"] for b in P["bands"]}
    for fx in (0.5, 0.3, 0.7):
        x = ML + (g["w"] - ML - MR) * fx
        X = int(round(x * dpr))
        main = d.execute_script(COLUMN, "canvas", X)
        near = [runs(d.execute_script(COLUMN, "canvas", X + e)) for e in (-1, 1)]
        # a band with a band under it, and not at the top of a 100 %
        # stack (whose top edge is the plot's whatever is wrong)
        cands = [r for r in runs(main) if r[0] in colours and r[2] - r[1] >= 6 * dpr and
                 r[2] < len(main) - MB * dpr - 2 and r[1] > (MT + 2) * dpr]
        for colour, r0, r1 in sorted(cands, key=lambda r: r[1] - r[2]):
            tip = hover(d, x, (r0 + r1) / 2 / dpr)
            hl = [r for r in (tip or {}).get("rows", []) if r["hl"]]
            if not hl or P["bands"][hl[0]["slot"]]["c"] != colour:
                continue   # the census under the pointer is not the column's (columns of several)
            lit = [r for r in runs(d.execute_script(COLUMN, "hilite", X)) if r[0] == colour]
            # the edges' slope: how far they move a column either side
            slope = max([abs(q[1] - r0) + abs(q[2] - r1) for n in near for q in n if q[0] == colour] or [0])
            tol = 2 * dpr + slope
            if not lit or abs(min(r[1] for r in lit) - r0) > tol or abs(max(r[2] for r in lit) - r1) > tol:
                fail("%s: the band under the pointer (%s) is outlined on rows %s at device column %d, the graph has it on %d-%d"
                     % (what, colour, [(r[1], r[2]) for r in lit], X, r0, r1))
            return True
    return False



def page_data(d):
    """The data block, each drawn band with its name and label (the
    block has a model band's in "names" and "labels" only)."""
    D = d.execute_script("return JSON.parse(document.getElementById('hp2x-data').textContent)")
    for P in D.get("inputs", [D]):
        for b in P.get("bands", []):
            if b["m"] >= 0:
                b["name"] = P["names"][b["m"]]
                b["label"] = P["labels"].get(str(b["m"]), b["name"])
    return D


def sparks(P, ref, what):
    """Each band's sparkline in the data block is its greatest value in
    each of 16 equal stretches of the run, as a level 0..35 (0-9a-z) of
    its peak: worked out here from the JSON output's samples."""
    times = [x["time"] for x in ref["samples"]]
    if not times:
        return
    # the run's end: a .hp's last, empty census (the JSON's "end")
    t0, t1 = times[0], max(times[-1], ref.get("end") or times[-1])
    names = [b["name"] for b in ref["bands"]]
    mx = {}
    for x in ref["samples"]:
        c = min(15, int((x["time"] - t0) / (t1 - t0) * 16)) if t1 > t0 else 0
        for b, v in x["values"]:
            m = mx.setdefault(names[b], [0] * 16)
            m[c] = max(m[c], v)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    for i, n in enumerate(P["names"]):
        m = mx.get(n, [0] * 16)
        pk = max(m)
        want = "".join(digits[int(v / pk * 35 + 0.5) if pk else 0] for v in m)
        got = P["spark"][16 * i:16 * i + 16]
        if got != want:
            fail("%s: band %r's sparkline is %r, the JSON's samples give %r" % (what, n, got, want))


def check(path, data_json, summary_json):
    ref = json.load(open(data_json))
    summ = json.load(open(summary_json))
    d = browser()
    try:
        if not started(d, path):
            return
        P = page_data(d)
        for m in check_bands(d, P, path + ", the whole run"):
            fail(m)
        sparks(P, ref, path)
        names = [b["name"] for b in ref["bands"]]
        # The table's box, scrolled to, is filled with rows (it once
        # drew the rows of a box not yet laid out, a dozen, and no more).
        shown, fits, total = d.execute_script("""
            var b = document.getElementById('tscroll');
            b.scrollIntoView();
            var r = [document.querySelectorAll('#tbody tr:not(.pad)').length,
                     Math.floor(b.clientHeight / 26),
                     parseInt(document.getElementById('tcount').textContent, 10)];
            window.scrollTo(0, 0);
            return r;""")
        if shown < min(total, fits):
            fail("%s: the table shows %d rows in a box for %d (of %d)" % (path, shown, fits, total))
        # A rate's unit once, in the heads (its growth per second
        # squared); plain numbers in the cells, not "0.76 CPU seconds per
        # second" in every one.
        heads, cells = d.execute_script("""
            return [Array.prototype.map.call(document.querySelectorAll('#thead th'), function (t) { return t.textContent; }),
                    Array.prototype.map.call(document.querySelectorAll('#tbody tr:not(.pad) td.num'), function (t) { return t.textContent; })];""")
        want_heads = {"time": ["Peak (CPU)", "Last (CPU)", "Growth (CPU/s)"],
                      "ticky": ["Peak (B/s)", "Last (B/s)", "Growth (B/s\u00b2)"]}.get(P["kind"], [])
        for h in want_heads:
            if h not in heads:
                fail("%s: the table's heads %r lack %r" % (path, heads, h))
        if want_heads:
            for c in cells:
                if "CPU" in c or "/s" in c or "second" in c:
                    fail("%s: a cell of the table repeats the unit: %r" % (path, c))
                    break
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
            # beside the crosshair, inside the chart (as high as it when
            # taller)
            l, tp, r, b, w, h = tip["box"]
            if l < -0.5 or r > w + 0.5 or (l < tip["hair"] < r) or (b - tp <= h and (tp < -0.5 or b > h + 0.5)):
                fail("%s: at %s s the tooltip at %r covers the crosshair at %s or leaves the chart %sx%s" % (path, t, tip["box"][:4], tip["hair"], w, h))
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
        outlined(d, P, path + ", stacked")
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
            for m in check_bands(d, P, "%s, %r hidden" % (path, top["name"])):
                fail(m)
            d.find_element(By.CSS_SELECTOR, '#key [data-slot="%d"]' % top["slot"]).click()
            # Shown again from the keyboard, the pointer still on the
            # census: the tooltip, built again only when what it shows
            # changed, has the band back.
            tip = hover(d, x_of(g, t))
            if tip and len(tip["rows"]) > 1 and not tip["more"]:
                b = d.find_element(By.CSS_SELECTOR, '#key [data-slot="%d"]' % tip["rows"][0]["slot"])
                d.execute_script("arguments[0].focus()", b)
                b.send_keys(Keys.ENTER)
                tip2 = hover(d, x_of(g, t), MT + (g["h"] - MT - MB) * 0.9 - 2)
                if not tip2 or tip2["t"] != tip["t"] or tip["rows"][0]["slot"] in [r["slot"] for r in tip2["rows"]] or \
                        tip2["total"] != tip["total"] - tip["rows"][0]["v"]:
                    fail("%s: hidden from the keyboard under the pointer, band %s stays in the tooltip: %r" % (path, tip["rows"][0]["slot"], tip2))
                d.execute_script("arguments[0].focus()", b)
                b.send_keys(Keys.ENTER)
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
        settled(d)
        if "x=" not in d.execute_script("return location.hash"):
            fail(path + ": the window is not in the address")
        if float(c.get_attribute("data-ymax")) > ymax0:
            fail(path + ": zoomed in, y grew")
        for m in check_bands(d, P, "%s, zoomed to %s..%s" % (path, g2["x0"], g2["x1"])):
            fail(m)
        # Zoomed, the table's peaks are the window's, every band's (those
        # merged into OTHER or left out too, when the page carries them).
        if P["all"]:
            w0, w1 = g2["x0"], g2["x1"]
            # a per-interval profile is drawn as steps, each interval's
            # value at its start and its end (the JSON's time is its
            # middle): an interval with an end in the window counts
            inwin = [s for s in samples if any(w0 <= t <= w1 for t in (s["time"] - half, s["time"] + half))]
            rows = all_rows(d, TABLE_ROWS)
            own = {P["names"][b["m"]] for b in P["bands"] if b["m"] >= 0} | {P["names"][m] for m in P["x"]}
            for m, name in enumerate(P["names"]):
                lab = P["labels"].get(str(m), name)
                want = max([v for s in inwin for b, v in s["values"] if names[b] == name] + [0]) if name in own else None
                if rows.get(lab) is None or rows[lab][1] != want:
                    fail("%s: zoomed to %s..%s, %r peaks at %s in the table, at %s in the JSON" %
                         (path, w0, w1, lab, rows.get(lab) and rows[lab][1], want))
                # the growth's fit is the window's too (a heap profile:
                # its censuses are the samples the page holds)
                elif name in own and not half and P.get("exact", True):
                    vals = {s["time"]: dict((names[b], v) for b, v in s["values"]) for s in inwin}
                    ts = sorted(vals)
                    e = fit_cell(rows[lab], fit_of(ts, [vals[t].get(name, 0) for t in ts]),
                                 "%s: zoomed to %s..%s, %r" % (path, w0, w1, lab))
                    if e:
                        fail(e)
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
            if not same_row(r, want):
                fail("%s: table row %r, --summary=json %r" % (path, r, want))
            # the fit beside the growth, --summary=json's to two digits
            e = fit_cell(r, b["fit"], "%s: %r" % (path, lab))
            if e or (r[8] is not None and r[8] != float("%.2f" % b["fit"])):
                fail(e or "%s: %r's fit %r, --summary=json %r" % (path, lab, r[8], b["fit"]))
        if len(rows) != len(summ["band"]):
            fail("%s: the table has %d rows, --summary=json %d bands" % (path, len(rows), len(summ["band"])))
        # A time profile's ticks: each band's, the sum of the JSON's.
        if ref.get("count_unit") == "ticks":
            ticks = {}
            for s in samples:
                for b, v in s["values"]:
                    ticks[names[b]] = ticks.get(names[b], 0) + v
            for m, name in enumerate(P["names"]):
                r = rows.get(P["labels"].get(str(m), name))
                if r and r[7] != ticks.get(name, 0):
                    fail("%s: %r has %s ticks in the table, %s in the JSON" % (path, name, r[7], ticks.get(name, 0)))
        # Roles and labels: what a keyboard and a screen reader use.
        roles = d.execute_script("""
          var q = function (s) { return document.querySelectorAll(s); }, bad = [];
          if (document.getElementById('tip').getAttribute('role') !== 'tooltip') bad.push('tooltip role');
          if (document.getElementById('table').tagName !== 'TABLE' || !q('#table th[scope=col]').length) bad.push('table');
          if (!q('#table th[aria-sort]').length) bad.push('aria-sort');
          [].forEach.call(q('#key button, [data-view]'), function (b) {
            if (b.type !== 'button' || !/^(true|false)$/.test(b.getAttribute('aria-pressed'))) bad.push('pressed: ' + b.textContent); });
          [].forEach.call(q('canvas[role=img]'), function (c) { if (!c.getAttribute('aria-label')) bad.push('canvas label'); });
          if (!document.getElementById('filter').closest('label')) bad.push('filter label');
          var h = document.getElementById('help-btn'), was = h.getAttribute('aria-expanded');
          document.dispatchEvent(new KeyboardEvent('keydown', {key: '?', bubbles: true}));
          if (h.getAttribute('aria-expanded') === was || document.getElementById('help').hidden === (was === 'false')) bad.push('? key');
          document.dispatchEvent(new KeyboardEvent('keydown', {key: '?', bubbles: true}));
          return bad;""")
        for r in roles:
            fail("%s: roles and labels: %s" % (path, r))
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


# The marks' labels the page shows, each [text, lane, left, right, top,
# bottom, cut, title] in the page's pixels, and the chart's box.
MARK_LABELS = """
  var c = document.getElementById('chart').getBoundingClientRect();
  return [[].map.call(document.querySelectorAll('.mlanes .mk'), function (s) {
    var b = s.getBoundingClientRect();
    return [s.textContent, +s.getAttribute('data-lane'), b.left, b.right, b.top, b.bottom,
            s.classList.contains('cut'), s.title, s.scrollWidth, s.clientWidth]; }),
    [c.left, c.right, c.top], document.getElementById('note').textContent];"""


def marks(path, data_json):
    """Every mark label reachable (GHC 9.6's -hT run lost "phase 4" and
    "phase 8: done"; the PNG puts them in lanes): at full width and at a
    narrow one, and zoomed in, every label of a mark in the window is
    text in the document, in a lane above the graph or, with no room
    there, in the note; labels of a lane never overlap, none leaves the
    graph's width or comes down into it; a label cut short says the rest
    in its title and shows it under the pointer."""
    ref = json.load(open(data_json))
    labels = [m["label"] for m in ref["marks"] if m.get("label")]
    d = browser()
    try:
        if not started(d, path):
            return
        for width in (1400, 360):
            d.set_window_size(width, HEIGHT)
            for _ in range(100):   # the resize reached the graph (a busy machine)
                g = geometry(d)
                if (g["w"] < 340) == (width < 1000):
                    break
                time.sleep(0.05)
            got, box, note = d.execute_script(MARK_LABELS)
            what = "%s at %d px" % (path, width)
            shown = [m[0] for m in got]
            for lab in labels:
                if lab not in shown and lab not in note:
                    fail("%s: mark %r is neither above the graph %r nor in the note %r" % (what, lab, shown, note))
            for m in got:
                if m[2] < box[0] + ML - 0.5 or m[3] > box[1] - MR + 0.5 or m[5] > box[2] + 0.5:
                    fail("%s: label %r at %r leaves the graph's width %r or comes down into it" % (what, m[0], m[2:6], box))
                if m[6] != (m[8] > m[9]) or (m[6] and m[7] != m[0]):
                    fail("%s: label %r cut %s (%s of %s px), title %r" % (what, m[0], m[6], m[9], m[8], m[7]))
                for o in got:
                    if o is not m and o[1] == m[1] and o[2] < m[3] and m[2] < o[3]:
                        fail("%s: labels %r and %r overlap in lane %d" % (what, m[0], o[0], m[1]))
            if width == 1400 and len(got) != len(labels):
                fail("%s: %d of %d labels above the graph (room for all)" % (what, len(got), len(labels)))
            if width == 360:
                cut = [m for m in got if m[6]]
                if not cut and not any(lab in note for lab in labels):
                    fail("%s: no label is cut or left to the note: the narrow case tests nothing (graph %s px wide, labels %r)" %
                         (what, g["w"], [m[:4] for m in got]))
                for s in d.find_elements(By.CSS_SELECTOR, ".mlanes .mk.cut")[:1]:
                    ActionChains(d).move_to_element(s).perform()
                    time.sleep(0.1)
                    w = d.execute_script("var s = arguments[0]; return [s.scrollWidth, s.getBoundingClientRect().width];", s)
                    if w[1] + 0.5 < w[0]:
                        fail("%s: under the pointer, cut label %r shows %s of %s px" % (what, s.text, w[1], w[0]))
        # zoomed in on the first marks: theirs in the lanes, the rest out
        d.set_window_size(WIDTH, HEIGHT)
        t = [m["time"] for m in ref["marks"]]
        frag = "#v=1&x=%r,%r" % (0.0, t[2] + (t[3] - t[2]) / 2)
        d.get("about:blank")
        load(d, path, frag)
        got, box, note = d.execute_script(MARK_LABELS)
        want = [m["label"] for m in ref["marks"][:3]]
        if sorted(m[0] for m in got) != sorted(want):
            fail("%s zoomed to %s: labels %r above the graph, want %r" % (path, frag, [m[0] for m in got], want))
        for e in console_errors(d):
            fail(path + ": console error: " + e["message"])
    finally:
        d.set_window_size(WIDTH, HEIGHT)
        d.quit()


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


def frames(name):
    """A -hc band's stack, outermost frame first, without GHC's id."""
    import re
    return list(reversed(re.sub(r"^\(\d+\)(?=.)", "", name).split("/")))


def tree(path, data_json, summary_json):
    """-hc: every node of the cost-centre tree, opened, has the peak of
    its stacks' sum at one census of -o FOO.json, their share of
    --summary=json, and its own stack's band's colour."""
    ref = json.load(open(data_json))
    summ = json.load(open(summary_json))
    names = [b["name"] for b in ref["bands"]]
    peak, share = {}, {}
    for s in ref["samples"]:
        now = {}
        for b, v in s["values"]:
            f = frames(names[b])
            for k in range(1, len(f) + 1):
                now[tuple(f[:k])] = now.get(tuple(f[:k]), 0) + v
        for p, v in now.items():
            peak[p] = max(peak.get(p, 0), v)
    for b in summ["band"]:
        f = frames(b["name"])
        for k in range(1, len(f) + 1):
            share[tuple(f[:k])] = share.get(tuple(f[:k]), 0) + b["share"]
    d = browser()
    try:
        load(d, path)
        P = page_data(d)
        colour = {}
        for b in P["bands"]:
            if b["m"] >= 0:
                colour[tuple(frames(P["names"][b["m"]]))] = b["c"]
        other = [b["c"] for b in P["bands"] if b["m"] < 0]
        for r in summ["band"]:
            if r["drawn"] == "other":
                colour.setdefault(tuple(frames(r["name"])), other[0])
        # open every node, then read them all with their paths
        for _ in range(50):
            if not d.execute_script("""var b = document.querySelectorAll('#tree .tog[aria-expanded="false"]');
                b.forEach(function (x) { x.click(); }); return b.length;"""):
                break
        got = d.execute_script("""
          var rgb = function (s) { var m = s.match(/\d+/g); return m && m.length >= 3 && s.indexOf('rgb') === 0 ?
            '#' + m.slice(0, 3).map(function (x) { return (+x).toString(16).padStart(2, '0'); }).join('') : null; };
          return [].map.call(document.querySelectorAll('#tree li'), function (li) {
            var path = [], e = li;
            for (; e && e.tagName === 'LI'; e = e.parentNode.parentNode) path.unshift(e.querySelector(':scope > .node .tn').textContent);
            var tv = li.querySelectorAll(':scope > .node .tv'), sw = li.querySelector(':scope > .node .sw');
            return [path, +tv[0].getAttribute('data-v'), +tv[1].getAttribute('data-v'), rgb(sw.style.background)]; });""")
        if len(got) != len(share):
            fail("%s: the tree has %d nodes, the stacks %d" % (path, len(got), len(share)))
        for p, pk, sh, c in got:
            p = tuple(p)
            if pk != peak.get(p, 0):
                fail("%s: %s peaks at %s, the JSON's samples at %s" % (path, "/".join(p), pk, peak.get(p)))
            if p not in share or abs(sh - share[p]) > 1e-9 * max(1, share[p]):
                fail("%s: %s has share %s, --summary=json %s" % (path, "/".join(p), sh, share.get(p)))
            if c != colour.get(p):
                fail("%s: %s is coloured %s, its band %s" % (path, "/".join(p), c, colour.get(p)))
        if not got:
            fail(path + ": no cost-centre tree")
    finally:
        d.quit()


def cut_of(shown, whole):
    """Whether shown is whole as the page shows a name (util.js cut):
    whole up to 160 characters, else its first 106 and last 53 around an
    ellipsis (less half of a surrogate pair at the cuts)."""
    def n(s):   # in UTF-16 code units, as JavaScript counts
        return len(s.encode("utf-16-le", "surrogatepass")) // 2
    if n(whole) <= 160:
        return shown == whole
    head, _, tail = shown.partition(" \u2026 ")
    if tail[:1] == "\ufffd" or "\udc00" <= tail[:1] <= "\udfff":   # half a pair
        tail = tail[1:]
    return n(shown) <= 162 and whole.startswith(head) and whole.endswith(tail) and \
        n(head) >= 105 and n(tail) >= 52


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
        titles = d.execute_script("return [].map.call(document.querySelectorAll('#key .kb'), function (e) { return e.title; })")
        if titles != want or any(not cut_of(k, w) for k, w in zip(keys, want)):
            fail("%s: the key's names are not the data's" % path)
        if not any("</script><img src=x onerror=alert(1)>" in k for k in keys):
            fail(path + ": the </script> name is not shown as text")
        if len(keys) != len(want):
            fail(path + ": %d names in the key for %d bands" % (len(keys), len(want)))
        if not any("\u2028" in k for k in keys):
            fail(path + ": the U+2028 name is not shown")
        # saved as SVG, every name is text in well-formed XML
        import xml.etree.ElementTree as ET
        dl = os.path.abspath("saved")
        os.makedirs(dl, exist_ok=True)
        d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": dl})
        _, svg = saved(d, dl, "svg")
        try:
            texts = ["".join(t.itertext()) for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
            if not any("</script><img src=x onerror=alert(1)>" in t for t in texts):
                fail(path + ": the </script> name is not text in the saved SVG")
            if not any("ctl\ufffd" in t for t in texts):
                fail(path + ": the name with control characters is not in the saved SVG")
        except ET.ParseError as e:
            fail("%s: the saved SVG is not XML: %s" % (path, e))
    finally:
        d.quit()


def saved(d, dl, what):
    """Click the page's button that saves what (svg, png, csv): the file
    the browser downloaded into dl (empty first), its bytes."""
    for f in os.listdir(dl):
        os.remove(os.path.join(dl, f))
    d.execute_script("document.querySelector('[data-save=%s]').click()" % what)
    for _ in range(200):
        names = os.listdir(dl)
        done = [f for f in names if f.endswith("." + what)]
        if done and not any(f.endswith(".crdownload") for f in names):
            with open(os.path.join(dl, done[0]), "rb") as f:
                data = f.read()
            if data:
                return done[0], data
        time.sleep(0.05)
    fail("%s: nothing saved" % what)
    return None, b""


def png_pixels(data):
    """A PNG's width, height and rows of (r, g, b, a) (8-bit RGBA or
    RGB, not interlaced: what Chromium's canvas writes)."""
    import struct
    import zlib
    pos, idat, w, h, ch = 8, b"", 0, 0, 4
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, _, colour = struct.unpack(">IIBB", body[:10])
            ch = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, rows, prev, stride = zlib.decompress(idat), [], bytearray(w * ch), w * ch
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - ch] if i >= ch else 0
            b, c = prev[i], prev[i - ch] if i >= ch else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + ch]) for i in range(0, stride, ch)])
        prev = line
    return w, h, rows


def export(path):
    """The view set by the address (a window, a band hidden, a filter)
    saved from the page (export.js) with no request: the SVG is XML
    with the title, a path for each band shown and only for those, the
    key's names those bands' (top first), time labels inside the
    window only, the labels of the marks in it only; the PNG is that
    picture at twice its size, the shown bands' colours in it and not
    the hidden one's; the CSV is the table, filtered and sorted, every
    row, names and numbers whole."""
    import csv
    import io
    import xml.etree.ElementTree as ET
    d = browser()
    dl = os.path.abspath("saved")
    os.makedirs(dl, exist_ok=True)
    try:
        d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": dl})
        url = load(d, path)
        P = page_data(d)
        labels = [b["label"] for b in P["bands"]]
        types = [k for k, l in enumerate(labels) if "Types" in l]
        hide = types[1]
        frag = "#v=1&x=2,6&hide=%d&re=Types" % hide
        to_hash(d, frag)
        settled(d)
        shown = [k for k in types if k != hide]
        name, svg = saved(d, dl, "svg")
        root = ET.fromstring(svg)
        ns = "{http://www.w3.org/2000/svg}"
        texts = ["".join(t.itertext()) for t in root.iter(ns + "text")]
        if P["title"] not in texts:
            fail("svg: no title %r" % P["title"])
        key = [t for t in texts if t in labels]
        if key != [labels[k] for k in reversed(shown)]:
            fail("svg: the key reads %r, not the bands shown top first %r" % (key, [labels[k] for k in reversed(shown)]))
        bands = [p for p in root.iter(ns + "path") if p.get("fill") not in (None, "none") and "h12v12" not in p.get("d")]
        if sorted(p.get("fill") for p in bands) != sorted(P["bands"][k]["c"] for k in shown):
            fail("svg: band paths in %r, not the shown bands' colours" % [p.get("fill") for p in bands])
        times = [float(t) for t in texts if re.fullmatch(r"\d+\.\d+", t)]
        if len(times) < 3 or min(times) < 2 or max(times) > 6:
            fail("svg: time labels %r, not within the window [2, 6]" % times)
        for t, label in P["marks"]:
            if label and (label in texts) != (2 <= t <= 6):
                fail("svg: mark %r at %g %s" % (label, t, "missing" if 2 <= t <= 6 else "outside the window, drawn"))
        w, h = float(root.get("width")), float(root.get("height"))
        _, png = saved(d, dl, "png")
        if png[:8] != b"\x89PNG\r\n\x1a\n":
            fail("png: not a PNG")
        else:
            pw, ph, rows = png_pixels(png)
            if (pw, ph) != (round(2 * w), round(2 * h)):
                fail("png: %dx%d, not twice the SVG's %gx%g" % (pw, ph, w, h))
            seen = {px[:3] for r in rows[::4] for px in r[::2]}
            rgb = lambda c: tuple(int(c[i:i + 2], 16) for i in (1, 3, 5))
            for k in shown:
                if rgb(P["bands"][k]["c"]) not in seen:
                    fail("png: no pixel of %s's colour %s" % (labels[k], P["bands"][k]["c"]))
            if rgb(P["bands"][hide]["c"]) in seen and all(P["bands"][hide]["c"] != P["bands"][k]["c"] for k in shown):
                fail("png: the hidden band's colour is drawn")
        _, data = saved(d, dl, "csv")
        rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
        head, body = rows[0], rows[1:]
        table = all_rows(d, TABLE_ROWS)
        if head[0] != "Band" or "Peak (B)" not in head:
            fail("csv: head %r" % head)
        if sorted(r[0] for r in body) != sorted(table):
            fail("csv: names %r, not the table's %r" % (sorted(r[0] for r in body), sorted(table)))
        pk = head.index("Peak (B)")
        for r in body:
            want = table.get(r[0])
            if want and not math.isclose(float(r[pk]), want[1] * P["scale"], rel_tol=1e-9):
                fail("csv: %s's peak %s, the table's %r" % (r[0], r[pk], want[1]))
        shares = [float(r[head.index("Share")]) for r in body]
        if shares != sorted(shares, reverse=True):
            fail("csv: not in the table's order (share, largest first)")
        # the table's order is in the address: a link sets it, a click
        # on a column's head writes it (a served page's reload keeps it)
        to_hash(d, "#v=1&sort=peak")
        settled(d)
        peaks = d.execute_script("return [].map.call(document.querySelectorAll('#tbody [data-k=peak]'), function (t) { return +t.getAttribute('data-v'); })")
        if len(peaks) < 2 or peaks != sorted(peaks):
            fail("#sort=peak: the peaks in the table %r are not in ascending order" % peaks[:8])
        d.execute_script("[].find.call(document.querySelectorAll('#thead button'), function (b) { return b.textContent === 'Share'; }).click()")
        settled(d)
        if "sort=-share" not in d.execute_script("return location.hash"):
            fail("a click on Share: the address %r does not say sort=-share" % d.execute_script("return location.hash"))
        for u in requests(d, url):
            if u != url and not u.startswith("data:"):
                fail("a request other than the page: " + u)
        for e in console_errors(d):
            fail("console error: " + e["message"])
    finally:
        d.quit()


def text_of(P):
    """The bytes of the text the profile gives, as the data block writes
    it: its job, date and title, its bands' names, labels, -hi's
    info-table fields, stacks."""
    def js(x):
        return len(json.dumps(x, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    return js(P["job"]) + js(P["date"]) + js(P["title"]) + \
        sum(js(n) for n in P["names"]) + sum(js(v) for v in P["labels"].values()) + \
        sum(js(v) for f in P["ipe"].values() for v in f.values()) + \
        sum(js(v) for st in P["stack"].values() for v in st)


def longnames(path, ready_s):
    """A profile whose names (or -hi info-table strings) are tens of
    kilobytes: the viewer is ready within ready_s seconds of the page's
    start; the key, the tooltip and the table show each name cut
    (cut_of) and whole in their titles; a click on a cut cell gives its
    whole text below the table; each name is on the page once (the
    data block), the static table's cut, and the title and the header
    (a JOB or a DATE of 100 KB) too; and the page keeps within 1 MB and
    100 bytes a band plus that text."""
    d = browser()
    try:
        d.set_page_load_timeout(PAGE_LOAD_S)
        if not started(d, path):
            return
        ms = float(d.execute_script("return document.documentElement.getAttribute('data-ready-ms')"))
        print("%s: ready after %.0f ms" % (path, ms))
        if ms > float(ready_s) * 1000:
            fail("%s: ready after %.0f ms, more than %s s" % (path, ms, ready_s))
        P = page_data(d)
        want = [b["label"] for b in reversed(P["bands"])]
        keys = d.execute_script("return [].map.call(document.querySelectorAll('#key .kb'), function (e) { return [e.textContent, e.title]; })")
        for (k, t), w in zip(keys, want):
            if t != w or not cut_of(k, w):
                fail("%s: the key shows %r (%d) of a name of %d" % (path, k[:40], len(k), len(w)))
        g = geometry(d)
        tip = hover(d, x_of(g, (g["x0"] + g["x1"]) / 2))
        labels = {j: b["label"] for j, b in enumerate(P["bands"])}
        if not tip or not tip["rows"]:
            fail(path + ": no tooltip")
        for r in (tip or {}).get("rows", []):
            if not cut_of(r["name"], labels[r["slot"]]):
                fail("%s: the tooltip shows %r (%d) of a name of %d" % (path, r["name"][:40], len(r["name"]), len(labels[r["slot"]])))
        cells = d.execute_script("""return [].map.call(document.querySelectorAll('#tbody td.txt'), function (td) {
            return [td.textContent, td.title, td.classList.contains('cut')]; });""")
        cut = [c for c in cells if c[2]]
        if not cut:
            fail(path + ": no cell of the table is cut")
        for shown, whole, _ in cells:
            if not cut_of(shown, whole):
                fail("%s: a cell shows %r (%d) of %d" % (path, shown[:40], len(shown), len(whole)))
        # the whole text of each cut cell, on a click
        for i in range(len(cut)):
            got = d.execute_script("""var td = document.querySelectorAll('#tbody td.cut')[arguments[0]];
                td.click(); var w = document.getElementById('whole');
                return [w.hidden, document.getElementById('whole-t').textContent, td.title];""", i)
            if got[0] or got[1] != got[2]:
                fail("%s: a click on a cut cell gave %d characters of %d" % (path, len(got[1]), len(got[2])))
        d.execute_script("document.getElementById('whole-x').click()")
        if not d.execute_script("return document.getElementById('whole').hidden"):
            fail(path + ": the whole text does not close")
        # each long name once in the data block, and nowhere else
        raw = d.execute_script("return JSON.parse(document.getElementById('hp2x-data').textContent)")
        strings = []
        def walk(x):
            if isinstance(x, str):
                strings.append(x)
            for v in (x.values() if isinstance(x, dict) else x if isinstance(x, list) else ()):
                walk(v)
        walk(raw)
        page = open(path, encoding="utf-8", errors="surrogateescape").read()
        a = page.index('id="hp2x-data">')
        rest = page[:a] + page[page.index("</script>", a):]
        for n in P["names"]:
            if len(n) > 2000 and (strings.count(n) != 1 or n[:1000] in rest):
                fail("%s: a name of %d is %d times in the data block, %s outside it" %
                     (path, len(n), strings.count(n), "whole" if n[:1000] in rest else "not"))
        size, bound = os.path.getsize(path), 1000000 + 100 * len(P["names"]) + text_of(P)
        print("%s: %d bytes, bound %d (1 MB, 100 a band, %d of text)" % (path, size, bound, text_of(P)))
        if size > bound:
            fail("%s: %d bytes, past 1 MB + 100 a band + its names' %d" % (path, size, text_of(P)))
        head = d.execute_script("return [document.title.length, document.getElementById('title').textContent.length, document.querySelector('.sub').textContent.length]")
        if max(head) > 400:
            fail("%s: the title and header are %r characters long" % (path, head))
        for e in console_errors(d):
            fail(path + ": console error: " + e["message"])
    finally:
        d.quit()
    # without JavaScript (before the viewer starts, too) the static
    # table's names are cut
    d = browser(script=False)
    try:
        load(d, path)
        st = d.execute_script("return [].map.call(document.querySelectorAll('.stable td:first-child'), function (e) { return e.textContent.length; })")
        if not st or max(st) > 400:
            fail("%s: the static table's names are %r characters long" % (path, st))
    finally:
        d.quit()


def responsive(d, what):
    """A script run now returns within 2 s (the tab is not busy)."""
    t = time.time()
    d.set_script_timeout(30)
    try:
        d.execute_script("return 1")
    except Exception as e:
        fail("%s: the page does not answer: %s" % (what, str(e).splitlines()[0]))
        return False
    if time.time() - t > 2:
        fail("%s: a script waited %.1f s" % (what, time.time() - t))
        return False
    return True


def filters(path, *cases):
    """The filter box's patterns (regex.js).  cases: PATTERN WANT ...:
    the page opened at #v=1&re=PATTERN answers a script within 2 s of
    loading, and WANT is either the names it keeps (those matching
    Python's re, case ignored, when WANT is "re:PATTERN") or
    "refused:TEXT" (the box says it refused the pattern with TEXT, every
    band is kept, and the page goes on working: a click hides a band).
    "type:PATTERN" types the pattern into the box instead, within 2 s."""
    d = browser()
    try:
        d.set_page_load_timeout(30)
        for pat, want in zip(cases[0::2], cases[1::2]):
            typed = pat.startswith("type:")
            what = "%s, %s %r" % (path, "typed" if typed else "#re=", pat)
            d.get("about:blank")
            t = time.time()
            try:
                load(d, path, "" if typed else "#v=1&re=" + urllib.parse.quote(pat, safe=""))
            except Exception as e:
                fail("%s: the page did not load: %s" % (what, str(e).splitlines()[0]))
                d.quit()
                d = browser()
                d.set_page_load_timeout(30)
                continue
            if not responsive(d, what):
                d.quit()
                d = browser()
                d.set_page_load_timeout(30)
                continue
            if typed:
                pat = pat[5:]
                d.set_script_timeout(30)
                t = time.time()
                try:
                    d.execute_script("var f = document.getElementById('filter'); f.value = arguments[0]; f.dispatchEvent(new Event('input'));", pat)
                except Exception as e:
                    fail("%s: typing it hung: %s" % (what, str(e).splitlines()[0]))
                    d.quit()
                    d = browser()
                    d.set_page_load_timeout(30)
                    continue
                print("%s: applied in %.2f s" % (what, time.time() - t))
                if time.time() - t > 2:
                    fail("%s: typing it took %.1f s" % (what, time.time() - t))
            else:
                print("%s: loaded and answering in %.2f s" % (what, time.time() - t))
            settled(d)
            P = page_data(d)
            st = d.execute_script("""return [document.getElementById('filter').value, document.getElementById('filter-msg').textContent,
                document.getElementById('filter').getAttribute('aria-invalid'),
                [].map.call(document.querySelectorAll('#key .kb:not(.out)'), function (b) { return +b.getAttribute('data-slot'); }),
                document.getElementById('tcount').textContent];""")
            if st[0] != pat:
                fail("%s: the box holds %r" % (what, st[0]))
            if want.startswith("refused:"):
                if not st[1].startswith("refused: " + want[8:]) or st[2] != "true":
                    fail("%s: the box says %r (invalid: %s), not refused: %s" % (what, st[1], st[2], want[8:]))
                if sorted(st[3]) != list(range(len(P["bands"]))) or not st[4].startswith("%d of " % len(P["names"])):
                    fail("%s: refused, yet the key keeps %r, the table %r" % (what, st[3], st[4]))
                # still usable: a click hides a band
                d.execute_script("document.querySelector('#key .kb').click()")
                if d.execute_script("return document.querySelector('#key .kb').getAttribute('aria-pressed')") != "false":
                    fail(what + ": refused, a click on the key does nothing")
            else:
                rx = re.compile(want[3:], re.I)
                keep = [j for j, b in enumerate(P["bands"]) if rx.search(b["label"]) or rx.search(b["name"])]
                rows = sum(1 for m, n in enumerate(P["names"]) if rx.search(P["labels"].get(str(m), n)) or rx.search(n))
                if st[1] or sorted(st[3]) != keep or not st[4].startswith("%d of " % rows):
                    fail("%s: says %r, keeps %r of the key (want %r), the table %r (want %d rows)" % (what, st[1], st[3], keep, st[4], rows))
            for e in console_errors(d):
                fail(what + ": console error: " + e["message"])
    finally:
        d.quit()


def inert(path):
    """A page of hostile names (several inputs, --diff): it starts, and
    no name became an element: one image (hp2x's graph), two scripts."""
    d = browser()
    try:
        if not started(d, path):
            return
        n = d.execute_script("return [document.images.length, document.scripts.length, document.querySelectorAll('iframe, object, embed').length]")
        if n != [1, 2, 0]:
            fail("%s: %d images, %d scripts, %d frames: a name became markup" % (path, *n))
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


def raster(path, dpr):
    """At devicePixelRatio dpr, the canvas holds each band where the
    page's data puts it (pixels.py): the whole run, two bands hidden (the
    bottom one and the top one), the 100 % view, each band over its peak
    (the whole run, and a band hidden in the middle fifth), and zoomed to
    the middle fifth and to a hundredth (fewer samples than columns).
    The page is loaded once; each other view comes through the address
    (hashchange, as back and forward do): a load is most of a view's
    CPU, and loads from an address are page.sh's other checks'."""
    d = browser(extra=["--force-device-scale-factor=" + dpr])
    try:
        if not started(d, path):
            return
        P = page_data(d)
        if d.execute_script("return window.devicePixelRatio") != float(dpr):
            fail("%s: devicePixelRatio is not %s" % (path, dpr))
        g = geometry(d)
        top = len(P["bands"]) - 1
        span = g["x1"] - g["x0"]
        for frag, what in (("", "the whole run"), ("#v=1&hide=0,%d" % top, "bands 0 and %d hidden" % top),
                           ("#v=1&view=norm", "100 %"), ("#v=1&view=peak", "each band over its peak"),
                           ("#v=1&view=peak&hide=1&x=%r,%r" % (g["x0"] + span * 0.4, g["x0"] + span * 0.6),
                            "each band over its peak, band 1 hidden, the middle fifth"),
                           ("#v=1&x=%r,%r" % (g["x0"] + span * 0.4, g["x0"] + span * 0.6), "the middle fifth"),
                           ("#v=1&x=%r,%r" % (g["x0"] + span * 0.5, g["x0"] + span * 0.51), "a hundredth")):
            if frag:
                to_hash(d, frag)
            geometry(d)
            # the view the address asked for (else the canvas would be
            # held to the whole run's state again)
            st = d.execute_script(STATE)
            asked = dict(kv.split("=") for kv in frag[1:].split("&") if kv)
            hidden = {int(k) for k in asked["hide"].split(",")} if "hide" in asked else set()
            if st["view"] != asked.get("view", "stack") or \
                    set(st["shown"]) & hidden or len(st["shown"]) != len(P["bands"]) - len(hidden):
                fail("%s at %sx, %s: the page shows view %s, bands %s" % (path, dpr, what, st["view"], st["shown"]))
            for m in check_bands(d, P, "%s at %sx, %s" % (path, dpr, what)):
                fail(m)
            if frag in ("", "#v=1&view=norm") and not outlined(d, P, "%s at %sx, %s" % (path, dpr, what)):
                fail("%s at %sx, %s: no band to outline" % (path, dpr, what))
    finally:
        d.quit()


def to_hash(d, frag):
    """The address's fragment set to frag in the page loaded, and two
    frames later (the view drawn for it: main.js's hashchange)."""
    d.execute_async_script("""
      var done = arguments[arguments.length - 1];
      location.hash = arguments[0];
      requestAnimationFrame(function () { requestAnimationFrame(function () { done(); }); });""", frag)


def shot(path, png, frag=""):
    d = browser()
    try:
        load(d, path, frag)
        time.sleep(0.2)
        d.save_screenshot(png)
    finally:
        d.quit()


CHECKS = {"export": export, "marks": marks, "longnames": longnames, "filters": filters, "check": check, "tree": tree, "diff": diff, "diffview": diffview, "many": many,
          "inert": inert, "hostile": hostile, "csp": csp, "shot": shot, "counters": counters, "ticky": ticky, "hi": hi, "lines": lines,
          "levels": levels, "raster": raster}


def serve(fifo):
    """Each line of fifo: DIR, RESULT, CHECK and its arguments, split by
    U+001F; CHECK runs in DIR (its arguments are relative to it), all it
    prints goes to the FIFO RESULT, and last a line U+001F "rc N", N 1
    when it failed."""
    global shared
    shared = {}
    with open(fifo, encoding="utf-8", errors="surrogateescape") as f:
        for line in f:
            here, res, name, *args = line.rstrip("\n").split("\x1f")
            with open(res, "w", encoding="utf-8", errors="surrogateescape") as out:
                sys.stdout = out
                failures.clear()
                try:
                    os.chdir(here)
                    CHECKS[name](*args)
                except Exception:
                    traceback.print_exc(file=out)
                    fail("%s: %s" % (name, traceback.format_exc().splitlines()[-1]))
                    # a browser in an unknown state: new ones for the next
                    for d in list(shared.values()):
                        try:
                            d.real_quit()
                        except Exception:
                            pass
                    shared.clear()
                finally:
                    os.chdir("/")
                print("\x1frc %d" % (1 if failures else 0), flush=True)
                sys.stdout = sys.__stdout__
    for d in shared.values():
        d.real_quit()


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2])
        sys.exit(0)
    CHECKS[sys.argv[1]](*sys.argv[2:])
    sys.exit(1 if failures else 0)
