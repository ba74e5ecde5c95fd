/* chart.js - the band graph on a canvas: stacked (hp2ps's), 100 %, or
 * each band divided by its own peak (drawn a device pixel at a time by
 * raster.js; the band under the pointer as a path); marks as labelled
 * rules; the heap
 * series as lines; hover (a crosshair and a tooltip in the DOM, and the
 * band under the pointer outlined on a canvas of its own above the
 * plot, so moving the pointer never repaints the plot); drag to zoom;
 * the overview strip below, drawn again only when what is shown
 * changes, not for a zoom. */

var M = { l: 66, r: 14, t: 24, b: 40 };
var SERIES = { heap_size: ['heap size', '#d62728'], blocks_size: ['blocks size', '#7f7f7f'], heap_live: ['live bytes', '#1f3fbf'] };

function makeChart(D, S, changed, root, link) {
  function q(c) { return root.querySelector('.' + c); }
  var cv = q('cv'), hv = q('hilite'), ov = q('ovc'), box = q('chart');
  var xhair = q('xhair'), tip = q('tip'), sel = q('sel'), ovwin = q('ovwin');
  var W = 0, H = 0, hl = -1, vis = [], yMax = 1, yMin = 0, drag = null, ovKey = '', heap = isHeap(D);
  var C = { hl: function () { return hl; } };
  var ras = makeRaster(), ovRas = makeRaster();

  function win() { return [S.x0 === null ? D.lo : S.x0, S.x1 === null ? D.hi : S.x1]; }
  function px(t, w) { var r = win(); return M.l + (t - r[0]) / (r[1] - r[0]) * (w - M.l - M.r); }
  function tOf(x) { var r = win(); return r[0] + (x - M.l) / (W - M.l - M.r) * (r[1] - r[0]); }
  function py(v) { return M.t + (yMax - v) / (yMax - yMin) * (H - M.t - M.b); }

  /* Sample range to draw for the window: one sample beyond each side,
   * of the view that has the detail the window needs (data.js). */
  var inWin = 0;
  function range() {
    var r = win();
    inWin = pickView(D, r[0], r[1], W ? W - M.l - M.r : 1000);
    var a = lowerIdx(D.tm, r[0]), b = lowerIdx(D.tm, r[1]);
    return [max(0, a), min(D.T - 1, b + 1)];
  }

  function total(i) { var s = 0; for (var j = 0; j < vis.length; j++) s += D.val[vis[j]][i]; return s; }

  /* Each sample's total of the bands shown, samples a..b (at i - a),
   * added up once for y's range, the columns and the 100 % view; and
   * on the way each band's top edge, the total of it and the bands
   * under it (sum.cum[j * n + i - a] for vis[j], n samples), so the
   * band under the pointer is outlined at a hover without adding up
   * the bands under it again (at 200 bands, 5-7 ms of a hover's
   * handler before V8 has compiled the loop).  Float32: a picture's
   * edges; as many as the values in the range, which the page holds
   * as Float64.  The graph and the overview keep one each (their
   * ranges differ when zoomed).  A --diff page's bands go below the
   * axis where they shrank: those stack down from it, their total in
   * sum.neg, each column's extent (up less down) in sum.ext, and at
   * each band's edge the other side's total in sum.opp. */
  function makeSums() {
    var key = '', val = null, sum = null;
    var f = function (a, b) {
      var k = [a, b, D.T, vis.join(',')].join(' ');
      if (k !== key || val !== D.val) {   /* D.val: the view data.js picked */
        var n = b - a + 1, cum = new Float32Array(vis.length * n);
        key = k; val = D.val; sum = new Float64Array(n);
        var neg = new Float64Array(n), opp = D.diff ? new Float32Array(vis.length * n) : null;
        for (var j = 0; j < vis.length; j++) {
          var v = D.val[vis[j]], o = j * n - a;
          for (var i = a; i <= b; i++) {
            cum[o + i] = v[i] < 0 ? neg[i - a] += v[i] : sum[i - a] += v[i];
            if (opp) opp[o + i] = v[i] < 0 ? sum[i - a] : neg[i - a];
          }
        }
        sum.cum = cum; sum.neg = neg; sum.opp = opp;
        sum.ext = D.diff ? sum.map(function (s, i) { return s - neg[i]; }) : sum;
      }
      return sum;
    };
    f.reset = function () { key = ''; };
    return f;
  }
  var sums = makeSums(), ovSums = makeSums();

  /* The heap series (bytes) switched on, over a graph of bytes only: a
   * run's time view shares the page's lines but not their axis. */
  function lineOn(k) { return D.unit === 'B' && (k === undefined || S.lines[k]); }

  function computeY(a, b) {
    yMin = 0;
    if (S.view !== 'stack') return 1;
    var m = 0, i, sum = sums(a, b);
    for (i = a; i <= b; i++) { m = max(m, sum[i - a]); yMin = min(yMin, sum.neg[i - a] * 1.04); }
    var r = win();
    Object.keys(D.series).forEach(function (k) {
      if (!lineOn(k)) return;
      var t = D.series[k][0], v = D.series[k][1];
      for (var j = 0; j < t.length; j++) if (t[j] >= r[0] && t[j] <= r[1] && v[j] > m) m = v[j];
    });
    return m > 0 ? m * 1.04 : yMin < 0 ? 0 : 1;
  }

  /* The boxes' widths, read once and again on a resize only: reading
   * one after the table changed would lay the page out there and then. */
  var widths = new Map();
  C.resized = function () { widths.clear(); };
  function widthOf(e) {
    if (!widths.has(e)) widths.set(e, e.clientWidth);
    return widths.get(e);
  }

  /* The canvas sized to its box (its bitmap made again only when that
   * changes), cleared, in CSS pixels. */
  function dpr() { return window.devicePixelRatio || 1; }
  function setup(c, h) {
    var d = dpr(), w = widthOf(c.parentNode);
    var pw = round(w * d), ph = round(h * d);
    if (c.width !== pw || c.height !== ph) {
      c.width = pw; c.height = ph;
      c.style.width = w + 'px'; c.style.height = h + 'px';
    }
    var g = c.getContext('2d');
    g.setTransform(d, 0, 0, d, 0, 0);
    g.clearRect(0, 0, w, h);
    return [g, w];
  }

  /* The CSS box from (x0, y0) to (x1, y1) in device pixels. */
  function devRect(x0, y0, x1, y1) {
    var d = dpr(), X = round(x0 * d), Y = round(y0 * d);
    return { x: X, y: Y, w: round(x1 * d) - X, h: round(y1 * d) - Y };
  }

  /* The value drawn for band k at sample i, before stacking. */
  function shown(k, i, tot) {
    var v = D.val[k][i];
    if (S.view === 'norm') return tot > 0 ? v / tot : 0;
    if (S.view === 'peak') return D.peak[k] > 0 ? v / D.peak[k] : 0;
    return v;
  }

  /* Samples a..b by pixel column when there are more samples than
   * columns (uPlot's rule): in each column the sample of greatest total
   * shown, so the total's peaks stay and every column is one real
   * sample, drawn as a rectangle to the next column.  null: few enough
   * samples to draw as they are.  sum: sums(a, b) or ovSums(a, b). */
  function columns(a, b, x, sum) {
    if (b - a + 1 <= (W - M.l - M.r)) return null;
    var cx = [], si = [], best = -1, i;
    for (i = a; i <= b; i++) {
      var c = Math.floor(x(D.tm[i])), s = sum.ext[i - a];
      if (!cx.length || c !== cx[cx.length - 1]) { cx.push(c); si.push(i); best = s; }
      else if (s > best) { si[si.length - 1] = i; best = s; }
    }
    return { x: cx, i: si };
  }

  /* The shown bands over samples a..b, stacked or as lines, pixel by
   * pixel (raster.js, into R, the plot's box in device pixels: x, y map
   * time and value to the canvas): Chromium's canvas took 25-30 ms to
   * fill 200 bands' paths, and 150-350 ms to stroke 200 lines. */
  function plot(g, a, b, x, y, lineW, ras, R, sum) {
    var src = { cols: columns(a, b, x, sum), x: x, tm: D.tm, a: a, b: b, sum: sum.ext };
    var hex = vis.map(function (k) { return D.bands[k].c; }), vals = vis.map(function (k) { return D.val[k]; });
    if (S.view === 'peak')
      ras.lines(g, R, dpr(), src, hex, vals, vis.map(function (k) { return D.peak[k] > 0 ? 1 / D.peak[k] : 0; }), y, lineW);
    else ras.stack(g, R, dpr(), src, hex, vals, S.view === 'norm' ? sum : null, y, D.diff);
  }

  /* The edge under band vis[e] (-1: the axis) at sample i, of the
   * sums of samples a..b. */
  function edge(sum, a, b, e, i) {
    var s = i - a, v = e < 0 ? 0 : sum.cum[e * (b - a + 1) + s];
    return S.view === 'norm' ? (sum[s] > 0 ? v / sum[s] : 0) : v;
  }
  /* Band vis[j]'s edges at sample i, [top, bottom]; on a --diff page
   * those of its part on side `down` of the axis (where what shrank
   * stacks down): none, at that side's total, where it is on the other. */
  function edges(sum, a, b, j, i, down) {
    if (!D.diff) return [edge(sum, a, b, j, i), edge(sum, a, b, j - 1, i)];
    var k = j * (b - a + 1) + i - a, v = D.val[vis[j]][i], own = v < 0 === down, t = own ? sum.cum[k] : sum.opp[k];
    return [t, own ? t - v : t];
  }

  /* Band vis[j] as a path in g over points 0..n-1 (at(i) the sample,
   * X(i) its x): a closed shape a side of the axis it reaches. */
  function bandPath(g, sum, a, b, j, n, at, X) {
    (D.diff ? [false, true] : [false]).forEach(function (down) {
      var e = [], i;
      for (i = 0; i < n; i++) e.push(edges(sum, a, b, j, at(i), down));
      if (!e.some(function (q) { return q[0] !== q[1]; })) return;
      for (i = 0; i < n; i++) g[i ? 'lineTo' : 'moveTo'](X(i), py(e[i][0]));
      for (i = n - 1; i >= 0; i--) g.lineTo(X(i), py(e[i][1]));
      g.closePath();
    });
  }

  /* The band under the pointer, outlined over the plot: the rest
   * veiled, the band drawn as the graph shows it (a rectangle a column:
   * a browser fills a few thousand in a few milliseconds, where a
   * polygon of thousands of jagged vertices takes it a second; with
   * few samples a polygon edged in black; over its peak, its line
   * thicker), its edges the ones sums() kept. */
  function outline() {
    var g = setup(hv, H)[0], j = vis.indexOf(hl);
    if (j < 0) return;
    var ab = range(), a = ab[0], b = ab[1], sum = sums(a, b), i, X;
    var x = function (t) { return px(t, W); }, cols = columns(a, b, x, sum);
    var n = cols ? cols.i.length : b - a + 1, v = D.val[hl], pk = D.peak[hl];
    function at(i) { return cols ? cols.i[i] : a + i; }
    g.save(); g.beginPath(); g.rect(M.l, M.t - 2, W - M.l - M.r, H - M.t - M.b + 2); g.clip();
    g.globalAlpha = 0.35; g.fillStyle = '#fff';
    g.fillRect(M.l, M.t - 2, W - M.l - M.r, H - M.t - M.b + 2);
    g.globalAlpha = 1;
    g.fillStyle = g.strokeStyle = D.bands[hl].c;
    g.beginPath();
    if (S.view === 'peak') {
      for (i = 0; i < n; i++) {
        X = cols ? cols.x[i] + 0.5 : x(D.tm[at(i)]);
        var Y = py(pk > 0 ? v[at(i)] / pk : 0);
        if (i) g.lineTo(X, Y); else g.moveTo(X, Y);
      }
      g.lineWidth = 3;
      g.stroke();
    } else if (cols) {
      for (i = 0; i < n; i++) {
        var x0 = cols.x[i], x1 = i + 1 < n ? cols.x[i + 1] : x0 + 1, e = edges(sum, a, b, j, at(i), v[at(i)] < 0), yt = py(e[0]);
        g.fillRect(x0, yt, x1 - x0, py(e[1]) - yt);
      }
    } else {
      bandPath(g, sum, a, b, j, n, at, function (i) { return x(D.tm[at(i)]); });
      g.fill();
      g.strokeStyle = '#000'; g.lineWidth = 1.5; g.stroke();
    }
    g.restore();
  }

  function axes(g, w, h) {
    var r = win(), span = r[1] - r[0], xs = niceStep(span, max(2, (w - M.l - M.r) / 90));
    g.fillStyle = '#222'; g.strokeStyle = '#222'; g.lineWidth = 1;
    g.font = '12px system-ui, sans-serif';
    g.textAlign = 'center'; g.textBaseline = 'top';
    var bottom = h - M.b;
    g.beginPath(); g.moveTo(M.l, M.t); g.lineTo(M.l, bottom + 0.5); g.lineTo(w - M.r, bottom + 0.5); g.stroke();
    for (var t = Math.ceil(r[0] / xs) * xs; t <= r[1] + xs * 1e-9; t += xs) {
      var X = round(px(t, w)) + 0.5;
      g.beginPath(); g.moveTo(X, bottom); g.lineTo(X, bottom + 4); g.stroke();
      g.fillText(fmtTime(t, xs * 10), X, bottom + 6);
    }
    g.fillText(D.xunit, M.l + (w - M.l - M.r) / 2, bottom + 22);
    g.textAlign = 'right'; g.textBaseline = 'middle';
    var ys = S.view === 'stack' ? niceStep(yMax - yMin, 5) : 0.2;
    for (var k = Math.ceil(yMin / ys - 1e-9); k * ys <= yMax * 1.0001; k++) {
      var v = k * ys, Y = round(py(v)) + 0.5;
      /* behind what is drawn: a grid line shows where no band is */
      g.save(); g.globalCompositeOperation = 'destination-over';
      g.strokeStyle = '#e4e4e4'; g.beginPath(); g.moveTo(M.l + 1, Y); g.lineTo(w - M.r, Y); g.stroke();
      g.restore();
      /* a tick; --diff's zero, a line across */
      g.strokeStyle = '#222'; g.beginPath(); g.moveTo(k || !D.diff ? M.l - 4 : w - M.r, Y); g.lineTo(M.l, Y); g.stroke();
      g.fillText(S.view === 'stack' ? fmtSI(v * D.scale, '').replace(' ', '') : round(v * 100) + ' %', M.l - 6, Y);
    }
    g.save(); g.translate(14, M.t + (h - M.t - M.b) / 2); g.rotate(-Math.PI / 2);
    g.textAlign = 'center';
    g.fillText(S.view === 'stack' ? D.vunit : S.view === 'norm' ? 'share of the total shown' : "of the band's peak", 0, 0);
    g.restore();
  }

  /* The marks' dashed lines; their labels in the lanes above the
   * graph (marklanes.js), those with no room listed in the note.  A
   * mark a little past an end of the run (within MARK_SLACK of its
   * length, as render/layout/markplace.c allows: GHC 9.6's last
   * traceMarker, "done", comes after the last census) is drawn at that
   * end, meaning "by then". */
  var unplaced = [], MARK_SLACK = 0.05;
  function markLines(g, w, h) {
    var r = win(), shown = [], slack = MARK_SLACK * (D.hi - D.lo);
    g.font = '11px system-ui, sans-serif';
    g.strokeStyle = 'rgba(0,0,0,0.55)'; g.setLineDash([3, 3]);
    D.marks.forEach(function (mk) {
      var t = mk[0] > D.hi && mk[0] <= D.hi + slack ? D.hi : mk[0] < D.lo && mk[0] >= D.lo - slack ? D.lo : mk[0];
      if (t < r[0] || t > r[1]) return;
      var X = round(px(t, w)) + 0.5;
      g.beginPath(); g.moveTo(X, mk[1] === null ? M.t - 4 : 0); g.lineTo(X, h - M.b); g.stroke();
      shown.push([X, mk[1], mk[0]]);
    });
    g.setLineDash([]);
    return shown;
  }
  function marks(g, w, h) {
    var r = win();
    unplaced = drawMarkLanes(q('mlanes'), markLines(g, w, h), function (s) { return g.measureText(s).width; }, M.l, w - M.r, r[1] - r[0]);
  }

  /* The view as drawn, into g (svgctx.js's: the export), the bands as
   * paths: the plot, its lines, axes and marks, and the marks' labels in
   * lanes above it, as marklanes.js places them.  Returns the lanes'
   * height; the plot is W by H below it. */
  C.paint = function (g) {
    var ab = range(), a = ab[0], b = ab[1], sum = sums(a, b), i, lane = 0;
    var x = function (t) { return px(t, W); }, cols = columns(a, b, x, sum);
    var n = cols ? cols.i.length : b - a + 1, X = function (i) { return cols ? cols.x[i] + 0.5 : x(D.tm[at(i)]); };
    function at(i) { return cols ? cols.i[i] : a + i; }
    var shownMarks = markLines(makeSvgCtx(), W, H);
    g.font = '11px system-ui, sans-serif';
    var p = placeMarkLabels(shownMarks, function (s) { return g.measureText(s).width; }, M.l, W - M.r);
    g.save(); g.translate(0, lane = p.lanes * LANE_H);
    g.save(); g.beginPath(); g.rect(M.l, M.t - 2, W - M.l - M.r, H - M.t - M.b + 2); g.clip();
    vis.forEach(function (k, j) {
      g.beginPath(); g.fillStyle = g.strokeStyle = D.bands[k].c;
      if (S.view === 'peak') {
        for (i = 0; i < n; i++) g.lineTo(X(i), py(shown(k, at(i), 0)));
        g.lineWidth = 1.5; g.stroke();
        return;
      }
      bandPath(g, sum, a, b, j, n, at, X);
      g.fill();
    });
    series(g, W);
    g.restore();
    axes(g, W, H);
    markLines(g, W, H);
    g.restore();
    g.fillStyle = '#222'; g.textBaseline = 'top'; g.textAlign = 'left';
    g.strokeStyle = 'rgba(0,0,0,0.55)'; g.setLineDash([3, 3]);
    p.placed.forEach(function (q) {
      var mk = shownMarks[q[0]], s = mk[1], y = lane - (q[1] + 1) * LANE_H, cut = q[3] < q[4] - 0.5;
      while (cut && s.length > 1 && g.measureText(s + '…').width > q[3]) s = s.slice(0, -1);
      g.fillText(cut ? s + '…' : s, q[2], y);
      g.beginPath(); g.moveTo(mk[0], y + LANE_H / 2); g.lineTo(mk[0], lane); g.stroke();
    });
    g.setLineDash([]);
    return [lane, W, H];
  };
  C.D = D;

  function series(g, w) {
    if (S.view === 'stack' && lineOn()) heapLines(g, D, S, function (t) { return px(t, w); }, py, !heap);
  }

  C.visible = function () { return vis; };
  /* The heap series drawn as lines (export.js's key). */
  C.lines = function () { return S.view === 'stack' ? Object.keys(SERIES).filter(function (k) { return lineOn(k) && D.series[k]; }) : []; };
  /* New samples (live.js): the overview is drawn again. */
  C.dataChanged = function () { ovKey = ''; sums.reset(); ovSums.reset(); };
  C.width = function () { return W - M.l - M.r; };

  /* The y range this chart needs for the window (several inputs share
   * the greatest). */
  C.needY = function () { vis = S.shown(); var ab = range(); return computeY(ab[0], ab[1]); };

  C.draw = function (yShared) {
    vis = S.shown();
    H = round(max(link ? 200 : 260, min(520, window.innerHeight * (link ? 0.4 : 0.55))));
    var gw = setup(cv, H), g = gw[0];
    W = gw[1];
    var ab = range();
    yMax = yShared || computeY(ab[0], ab[1]);
    g.save(); g.beginPath(); g.rect(M.l, M.t - 2, W - M.l - M.r, H - M.t - M.b + 2); g.clip();
    plot(g, ab[0], ab[1], function (t) { return px(t, W); }, py, 1.5, ras, devRect(M.l, M.t - 2, W - M.r, H - M.b), sums(ab[0], ab[1]));
    series(g, W);
    g.restore();
    axes(g, W, H);
    marks(g, W, H);
    outline();
    C.drawOverview();
    var r = win();
    var note = [];
    if (!D.all) note.push(keptNote(D, inWin, W - M.l - M.r));
    if (D.live && r[0] < D.live.exact_from)
      note.push('Before ' + fmtTime(D.live.exact_from, r[1] - r[0]) + ' s: the run\'s summary.');
    if (D.window) note.push('The profile was cut to a window (--from/--to).');
    if (heap) note.push(heapNote(D, r[0], r[1]));
    if (D.note) note.push(D.note.charAt(0).toUpperCase() + D.note.slice(1) + '.');   /* what hp2x says of the input (out_html.c) */
    if (unplaced.length) note.push('Marks with no room above the graph at this zoom: ' + unplaced.join(' · ') + '.');
    if (D.nmarks > D.marks.length) note.push('Marks: ' + D.marks.length + ' of ' + D.nmarks + ', the first in each of 1,000 stretches of the run.');
    if (!link || link.first === C) $('note').textContent = note.join(' ');
    attr(box, 'data-x0', r[0]); attr(box, 'data-x1', r[1]); attr(box, 'data-ymax', yMax);
    attr(box, 'data-w', W);
    attr(box, 'data-level', D.view); attr(box, 'data-in-window', inWin);
  };

  C.drawOverview = function () {
    var w = widthOf(ov.parentNode), h = 56;
    var x = function (t) { return M.l + (t - D.lo) / (D.hi - D.lo) * (w - M.l - M.r); };
    var key = [w, S.view, vis.join(','), heap && JSON.stringify(S.lines)].join(' ');
    if (key !== ovKey) {   /* the whole run: again only when it changes, after the graph shows */
      ovKey = key;
      afterFrame(function () {
        if (ovKey !== key) return;   /* changed again since */
        var g = setup(ov, h)[0], m = 0, lo = 0, sum;
        vis = S.shown();
        sum = ovSums(0, D.T - 1);
        for (var i = 0; i < D.T; i++) { m = max(m, sum[i]); lo = min(lo, sum.neg[i]); }
        if (S.view !== 'stack') m = 1;
        var y = function (v) { return 2 + (m - v) / (m - lo || 1) * (h - 4); };
        plot(g, 0, D.T - 1, x, y, 1, ovRas, devRect(0, 0, w, h), sum);
        if (heap) heapOverview(g, D, S, x, h);
      });
    }
    var r = win(), a = x(r[0]), b = x(r[1]);
    ovwin.style.left = a + 'px'; ovwin.style.width = max(2, b - a) + 'px';
    ovwin.hidden = S.x0 === null && S.x1 === null;
  };

  /* ---- hover ---- */

  function bandAt(i, yv) {
    if (S.view === 'peak') {
      var best = -1, bd = Infinity;
      vis.forEach(function (k) { var d = Math.abs(shown(k, i, 0) - yv); if (d < bd) { bd = d; best = k; } });
      return bd < 0.05 ? best : -1;
    }
    var tot = S.view === 'norm' ? total(i) : 0, c = 0, d = 0;
    for (var j = 0; j < vis.length; j++) {
      var v = shown(vis[j], i, tot);
      var lo = v < 0 ? d += v : c, hi = v < 0 ? d - v : c += v;
      if (yv >= lo && yv < hi) return vis[j];
    }
    return -1;
  }

  C.hover = function (x, y) {
    if ((!D.T && !heap) || x < M.l || x > W - M.r || y < M.t || y > H - M.b) { C.leave(); return; }
    var r = win();
    /* a heap view: the lines at the pointer's time */
    if (heap) { if (heapTip(tip, D, S, tOf(x), r[1] - r[0])) { C.mark(tOf(x)); place(x, y); } else C.leave(); return; }
    var i = nearestIdx(D.tm, tOf(x));
    if (D.tm[i] < r[0] || D.tm[i] > r[1]) { C.leave(); return; }
    var X = px(D.tm[i], W), yv = yMax - (y - M.t) / (H - M.t - M.b) * (yMax - yMin);
    var k = bandAt(i, yv);
    C.mark(D.tm[i]);
    C.tooltip(i, k);
    place(X, y);
    if (k !== hl) { hl = k; outline(); changed('hl'); }
    if (link) link.hover(C, D.tm[i]);
  };

  /* Several inputs: the crosshair at time t, hovered in another chart. */
  C.mark = function (t) {
    var r = win();
    if (!(t >= r[0] && t <= r[1])) { xhair.hidden = true; return; }
    xhair.hidden = false; xhair.style.left = round(px(t, W)) + 'px';
    xhair.style.top = M.t + 'px'; xhair.style.height = (H - M.t - M.b) + 'px';
  };

  /* The tooltip beside the crosshair, on the side with room, its
   * middle at the pointer but inside the chart.  Its size is the one
   * the browser found when it last laid the tooltip out (a
   * ResizeObserver tells, and it is placed again then): reading it
   * here would lay the page out in the middle of every hover. */
  var tipAt = null, tipW = 0, tipH = 0;
  function place(X, y) {
    tipAt = [X, y];
    tip.style.left = (X + 14 + tipW > W ? max(0, X - 14 - tipW) : X + 14) + 'px';
    tip.style.top = max(0, min(H - tipH, y - tipH / 2)) + 'px';
  }
  new ResizeObserver(function () {
    if (tip.hidden || (tip.offsetWidth === tipW && tip.offsetHeight === tipH)) return;
    tipW = tip.offsetWidth; tipH = tip.offsetHeight;
    if (tipAt) place(tipAt[0], tipAt[1]);
  }).observe(tip);

  /* What the tooltip shows depends on: built again only when one of
   * these changed (a pointer moving within a census's column). */
  var tipFor = [];
  C.tooltip = function (i, k) {
    var r = win(), now = [i, k, vis, D.val, S.view, r[0], r[1]].concat(Object.keys(SERIES).map(function (s) { return !!S.lines[s]; }));
    if (!tip.hidden && now.every(function (x, j) { return x === tipFor[j]; })) return;
    tipFor = now;
    /* --diff: each band's change, largest either way first, and its
     * values in A and B (data.js keeps them after the changes) */
    var nb = D.bands.length, mag = D.diff ? Math.abs : Number, fmt = D.diff ? fmtSigned : fmtSI;
    function ab(b) { return D.diff ? [D.val[nb + b][i], D.val[2 * nb + b][i]] : [0, 0]; }
    var rows = vis.map(function (b) { return [b, D.val[b][i]]; });
    rows.sort(function (p, q) { return mag(q[1]) - mag(p[1]) || q[0] - p[0]; });
    var tot = 0; rows.forEach(function (p) { tot += p[1]; });
    tip.textContent = '';
    attr(tip, 'data-i', i);
    attr(tip, 'data-t', D.tm[i]);
    var head = el('div', 'th');
    head.appendChild(el('span', 'tt', fmtTime(D.tm[i], (win()[1] - win()[0])) + ' s'));
    var totEl = el('span', 'tv', fmt(tot * D.scale, D.unit));
    attr(totEl, 'data-v', tot);
    totEl.id = 'tip-total';
    head.appendChild(el('span', null, D.diff ? ' change ' : ' total '));
    head.appendChild(totEl);
    tip.appendChild(head);
    var shownRows = 0, rest = 0;
    rows.forEach(function (p) {
      var x = ab(p[0]);
      if (!(p[1] || x[0] || x[1]) && p[0] !== k) return;
      if (shownRows >= 30 && p[0] !== k) { rest++; return; }
      shownRows++;
      var row = el('div', 'tr' + (p[0] === k ? ' hl' : ''));
      var sw = el('span', 'sw'); sw.style.background = D.bands[p[0]].c;
      row.appendChild(sw);
      var v = el('span', 'tv', fmt(p[1] * D.scale, D.unit)); attr(v, 'data-v', p[1]);
      row.appendChild(v);
      if (D.diff) {
        v = el('span', 'tv', fmtSI(x[0] * D.scale, D.unit) + ' \u2192 ' + fmtSI(x[1] * D.scale, D.unit));
        attr(v, 'data-a', x[0]); attr(v, 'data-b', x[1]);
        row.appendChild(v);
      }
      row.appendChild(el('span', 'tn', cut(D.bands[p[0]].label)));
      attr(row, 'data-slot', p[0]);
      tip.appendChild(row);
    });
    if (rest) tip.appendChild(el('div', 'more', rest + ' more'));
    /* the lines shown: each one's last point at or before the time */
    Object.keys(D.series).forEach(function (s) {
      var ts = D.series[s][0], j = lowerIdx(ts, D.tm[i]);
      if (!lineOn(s) || S.view !== 'stack' || !ts.length || ts[j] > D.tm[i]) return;
      var row = el('div', 'tr line'), sw = el('span', 'sw line');
      sw.style.borderColor = SERIES[s][1];
      row.appendChild(sw);
      var v = el('span', 'tv', fmtSI(D.series[s][1][j], 'B'));
      attr(v, 'data-v', D.series[s][1][j]);
      row.appendChild(v);
      row.appendChild(el('span', 'tn', SERIES[s][0] + ' at ' + fmtTime(ts[j], win()[1] - win()[0]) + ' s'));
      tip.appendChild(row);
    });
    tip.hidden = false;
  };

  C.leave = function () {
    xhair.hidden = true; tip.hidden = true;
    if (hl !== -1) { hl = -1; outline(); changed('hl'); }
    if (link) link.leave(C);
  };
  C.unmark = function () { xhair.hidden = true; };

  /* ---- drag to zoom ---- */

  function localX(e, elm) { var b = elm.getBoundingClientRect(); return [e.clientX - b.left, e.clientY - b.top]; }

  on(box, 'pointermove', function (e) {
    var p = localX(e, box);
    if (drag) {
      var a = max(M.l, min(drag, p[0])), b = min(W - M.r, max(drag, p[0]));
      sel.hidden = false; sel.style.left = a + 'px'; sel.style.width = (b - a) + 'px';
      sel.style.top = M.t + 'px'; sel.style.height = (H - M.t - M.b) + 'px';
    }
    C.hover(p[0], p[1]);
  });
  on(box, 'pointerleave', function () { if (!drag) C.leave(); });
  on(box, 'pointerdown', function (e) {
    if (e.button !== 0) return;
    var p = localX(e, box);
    if (p[0] < M.l || p[0] > W - M.r) return;
    drag = p[0]; box.setPointerCapture(e.pointerId); e.preventDefault();
  });
  on(box, 'pointerup', function (e) {
    if (drag === null) return;
    var p = localX(e, box), a = min(drag, p[0]), b = max(drag, p[0]);
    drag = null; sel.hidden = true;
    if (b - a >= 4) C.zoomTo(tOf(max(a, M.l)), tOf(min(b, W - M.r)));
  });
  on(box, 'dblclick', function () { C.zoomTo(null, null); });

  C.zoomTo = function (a, b) {
    if (a !== null && b !== null) {
      a = max(D.lo, a); b = min(D.hi, b);
      if (!(b > a)) return;
      if (a <= D.lo && b >= D.hi) a = b = null;
    }
    S.x0 = a; S.x1 = b;
    changed('window');
  };

  C.zoomBy = function (f) {
    var r = win(), c = (r[0] + r[1]) / 2, h = (r[1] - r[0]) * f / 2;
    C.zoomTo(c - h, c + h);
  };
  C.pan = function (f) {
    var r = win(), d = (r[1] - r[0]) * f;
    if (r[0] + d < D.lo) d = D.lo - r[0];
    if (r[1] + d > D.hi) d = D.hi - r[1];
    C.zoomTo(r[0] + d, r[1] + d);
  };

  /* The overview: drag there picks the window too. */
  var odrag = null;
  var ovbox = q('overview');
  function otime(x) { var w = widthOf(ovbox); return D.lo + (x - M.l) / (w - M.l - M.r) * (D.hi - D.lo); }
  on(ovbox, 'pointerdown', function (e) { odrag = localX(e, ovbox)[0]; ovbox.setPointerCapture(e.pointerId); e.preventDefault(); });
  on(ovbox, 'pointerup', function (e) {
    if (odrag === null) return;
    var x = localX(e, ovbox)[0], a = min(odrag, x), b = max(odrag, x);
    odrag = null;
    if (b - a >= 3) C.zoomTo(otime(a), otime(b));
    else { var r = win(), h = (r[1] - r[0]) / 2, c = otime(x); if (S.x0 !== null) C.zoomTo(c - h, c + h); }
  });

  return C;
}
