# tests/e2e/pixels.py - the band graph's canvas read back pixel by pixel
# and held against the page's own data block, for page.py: in columns
# that show one sample (page/viewer/raster.js: a column holding samples
# shows the one of greatest total; with more samples than CSS columns,
# chart.js's columns group them by CSS column), each band drawn at least
# a device pixel tall is its own colour, opaque, on every row its stacked
# edges cover whole (so an edge drawn more than a pixel off fails), a
# grid line's rows included (the grid is behind the bands), and the plot
# is empty two rows above the stack (off the grid lines); in the view of each band
# over its peak, a line with no other near is its colour on the row
# through its middle.
import math

ML, MR, MT, MB = 66, 14, 24, 40   # chart.js's margins

STATE = """
  var c = document.getElementById('chart'), cv = document.getElementById('canvas');
  var view = document.querySelector('[data-view][aria-pressed="true"]').getAttribute('data-view');
  var shown = [].filter.call(document.querySelectorAll('#key .kb'), function (b) {
    return b.getAttribute('aria-pressed') === 'true' && !b.classList.contains('out'); })
    .map(function (b) { return +b.getAttribute('data-slot'); }).sort(function (a, b) { return a - b; });
  return {dpr: window.devicePixelRatio || 1, W: +c.getAttribute('data-w'), H: parseFloat(cv.style.height),
    x0: +c.getAttribute('data-x0'), x1: +c.getAttribute('data-x1'), ymax: +c.getAttribute('data-ymax'),
    view: view, shown: shown, level: +c.getAttribute('data-level')};"""

PIXELS = """
  var cv = document.getElementById('canvas'), g = cv.getContext('2d');
  var im = g.getImageData(0, 0, cv.width, cv.height).data, out = [];
  arguments[0].forEach(function (p) { var i = (p[1] * cv.width + p[0]) * 4; out.push([im[i], im[i + 1], im[i + 2], im[i + 3]]); });
  return out;"""


# data.js's digits: 90 printable characters, the first 45 a number's
# last digit, the others the digits before it
DIGIT = {}
for _c in range(35, 127):
    if _c not in (60, 92):
        DIGIT[chr(_c)] = len(DIGIT)


def decode_level(L, nb, nx):
    """A level of the data block (page/page_samples.c): its censuses'
    indexes, times and drawn slots' values, as data.js decodes them."""
    s, p = L["d"], 0

    def num():
        nonlocal p
        v, mul = 0, 1
        while True:
            d = DIGIT[s[p]]
            p += 1
            if d < 45:
                return v + d * mul
            v += (d - 45) * mul
            mul *= 45

    def change():
        z = num()
        return -(z + 1) // 2 if z % 2 else z // 2

    out, cur, last, tk = [], [0] * (nb + nx), -1, 0
    for i in range(L["n"]):
        last += num() + 1
        if L["q"] >= 0:
            tk += change()
            t = tk / 10 ** L["q"]
        else:
            t = L["times"][i]
        for k in range(nb):
            cur[k] += change()
        if nx:
            at = -1
            for _ in range(num()):
                at += num() + 1
                cur[nb + at] += change()
        out.append((last, t, [v * L["g"] for v in cur[:nb]]))
    return out


# The page's data last asked about, and its levels' values: a check
# looks at one page in many views, and decoding and merging its levels
# again for each (30,000 censuses in page_pixels' dense page) was most
# of page_pixels' CPU.
_values_of = [None, {}]


def values(P, level):
    """The times and each drawn band's value (by slot) of the view the
    chart draws (data-level: levels 0 to it merged), as data.js makes it:
    a zero census at t0 first when the profile starts later, the last one
    held to t1 for a stepped one.  (Shared: not to be changed.)"""
    if _values_of[0] is not P:
        _values_of[:] = [P, {}]
    if level not in _values_of[1]:
        _values_of[1][level] = _values(P, level)
    return _values_of[1][level]


def _values(P, level):
    nb, nx = len(P["bands"]), len(P["x"])
    cs = sorted(c for L in P["levels"][:level + 1] for c in decode_level(L, nb, nx))
    times, rows = [c[1] for c in cs], [c[2] for c in cs]
    if P["zero"] and times and times[0] > P["t0"]:
        times.insert(0, P["t0"])
        rows.insert(0, [0.0] * nb)
    if P["step"] and times:
        times.append(P["t1"])
        rows.append(list(rows[-1]))
    return times, rows


def lower_idx(times, t):
    """util.js's lowerIdx: the last time <= t, 0 before the first."""
    if not times or t <= times[0]:
        return 0
    lo, hi = 0, len(times) - 1
    if t >= times[hi]:
        return hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if times[mid] <= t:
            lo = mid
        else:
            hi = mid
    return lo


def nice_step(span, n):
    raw = span / n
    p = 10 ** math.floor(math.log10(raw))
    f = raw / p
    return p * (1 if f < 1.5 else 2 if f < 3.5 else 5 if f < 7.5 else 10)


def check_bands(d, P, what, columns=40):
    """Messages for what the canvas draws wrong now (what: the state, for
    the messages); at most `columns` columns are looked at."""
    st = d.execute_script(STATE)
    dpr, W, H, x0, x1, ymax = st["dpr"], st["W"], st["H"], st["x0"], st["x1"], st["ymax"]
    vis = st["shown"]
    times, rows = values(P, st["level"])
    if not times or not vis:
        return []
    plotw = W - ML - MR

    def x(t):
        return ML + (t - x0) / (x1 - x0) * plotw

    def y(v):
        return MT + (1 - v / ymax) * (H - MT - MB)

    a = lower_idx(times, x0)
    b = min(len(times) - 1, lower_idx(times, x1) + 1)
    tot = {i: sum(rows[i][k] for k in vis) for i in range(a, b + 1)}
    dense = b - a + 1 > plotw
    # each column's sample: by CSS column when dense, else by device
    # column; the greatest total, the first of equal ones
    groups, order = {}, []
    for i in range(a, b + 1):
        X = x(times[i])
        if abs(X * dpr - round(X * dpr)) < 1e-6:
            continue   # on a column's edge: either side, by rounding
        col = math.floor(X) if dense else math.floor(X * dpr)
        if col not in groups:
            order.append(col)
            groups[col] = i
        elif tot[i] > tot[groups[col]]:
            groups[col] = i
    marks = [math.floor(x(m[0]) + 0.5) for m in P["marks"] if x0 <= m[0] <= x1]
    ys = nice_step(ymax, 5) if st["view"] == "stack" else 0.2
    grid, v = set(), 0.0
    while v <= ymax * 1.0001:
        Y = math.floor(y(v) + 0.5)
        for r in range(math.floor((Y - 1) * dpr), math.ceil((Y + 2) * dpr)):
            grid.add(r)
        v += ys
    top_row, bottom_row = round((MT - 2) * dpr), round((H - MB) * dpr)
    cands = []
    for n, col in enumerate(order):
        dc = round(col * dpr) if dense else col
        css = dc / dpr
        if css < ML + 1 or css > W - MR - 2 or any(abs(css - m) <= 2 for m in marks):
            continue
        # the samples of the columns either side (a line's reach)
        near = [groups[order[n + e]] for e in (-1, 1) if 0 <= n + e < len(order)]
        cands.append((dc, groups[col], near))
    if len(cands) > columns:
        cands = [cands[k * len(cands) // columns] for k in range(columns)]
    probes, want = [], []
    if st["view"] == "peak":
        # a line a band, each value over the band's peak in the page's
        # data, 1.5 CSS pixels wide: where no other band's line comes
        # within a pixel (its reach: from its least to its greatest
        # value here and either side), the row through the line's
        # middle is its colour, at least half covered (the canvas keeps
        # colours premultiplied: a part-covered one reads back a unit
        # or two off)
        peak = [max(r[k] for r in rows) for k in range(len(P["bands"]))]
        hw = 0.75 * dpr + 1
        for dc, i, near in cands:
            ys = {k: [y(rows[s][k] / peak[k] if peak[k] > 0 else 0) * dpr for s in [i] + near] for k in vis}
            for j in vis:
                yj = ys[j][0]
                if any(k != j and min(ys[k]) - hw <= yj + 1 and max(ys[k]) + hw >= yj - 1 for k in vis):
                    continue
                r = math.floor(yj)
                # (a line covers its row in part: the grid shows there)
                if top_row <= r < bottom_row and r not in grid:
                    probes.append([dc, r])
                    want.append((times[i], P["bands"][j]["label"], P["bands"][j]["c"], r, r))
        cands = []
    for dc, i, near in cands:
        cum = 0.0
        for k in vis:
            v = rows[i][k]
            if st["view"] == "norm":
                v = v / tot[i] if tot[i] > 0 else 0
            if not v > 0:
                continue
            yt, yb = y(cum + v) * dpr, y(cum) * dpr
            cum += v
            r0 = max(math.ceil(yt + 0.01), top_row)
            r1 = min(math.floor(yb - 0.01) - 1, bottom_row - 1)
            # a grid line's row too: the grid is behind the bands
            on_grid = [r for r in range(r0, r1 + 1) if r in grid][:1]
            for r in sorted({r0, (r0 + r1) // 2, r1, *on_grid}):
                if r0 <= r <= r1:
                    probes.append([dc, r])
                    want.append((times[i], P["bands"][k]["label"], P["bands"][k]["c"], r0, r1))
        r = math.floor(y(cum) * dpr) - 2
        if cum > 0 and top_row <= r and r not in grid:
            probes.append([dc, r])
            want.append((times[i], None, None, r, r))
    got = d.execute_script(PIXELS, probes) if probes else []
    bad = []
    for p, w, g in zip(probes, want, got):
        if w[1] is None:
            if g[3] != 0:
                bad.append("%s: at %s s, device pixel (%d, %d) above the stack is rgba%r, not empty" % (what, w[0], p[0], p[1], tuple(g)))
            continue
        c = int(w[2][1:], 16)
        if g != [c >> 16, c >> 8 & 255, c & 255, 255] and not (st["view"] == "peak" and g[3] >= 128 and
                                                          max(abs(a - b) for a, b in zip(g, [c >> 16, c >> 8 & 255, c & 255])) <= 2):
            bad.append("%s: at %s s, device pixel (%d, %d) is rgba%r, not %r's %s (its rows %d..%d)" %
                       (what, w[0], p[0], p[1], tuple(g), w[1][:60], w[2], w[3], w[4]))
    if not probes:
        bad.append("%s: no column to look at" % what)
    if len(bad) > 5:
        bad = bad[:5] + ["%s: and %d more pixels of %d" % (what, len(bad) - 5, len(probes))]
    return bad
