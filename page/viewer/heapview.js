/* heapview.js - the heap view: the collector's heap size, blocks size
 * and live bytes (HEAP_SIZE, BLOCKS_SIZE, HEAP_LIVE) as lines, and the
 * allocation rate read between HEAP_ALLOCATED's counts (D.alloc).  It
 * is the page of a plain +RTS -l run, and a tab of its own beside a
 * profile (whose chart has the same lines as overlays).  A chart
 * (chart.js) of a heap view asks here for its lines, its tooltip and
 * its note. */

/* Whether input D is a heap view: no census, some series (a served
 * page's censuses are yet to come). */
function isHeap(D) { return !D.n && !D.live && D.kind !== 'diff' && Object.keys(D.series).length > 0; }

/* The same run as D, without its bands: the heap view beside a profile. */
function heapOf(D) {
  var H = Object.create(D);
  Object.assign(H, { n: 0, bands: [], x: [], peak: [], all: true, scale: 1, unit: 'B',
    views: [{ tm: new Float64Array(0), val: [], T: 0, lead: 0, kept: 0 }] });
  useView(H, 0);
  return H;
}

/* A heap view's state P: its lines on, always stacked (they are bytes;
 * the keys 1-3 choose for band graphs). */
function heapPane(P, D) {
  P.lines = {};
  Object.keys(D.series).forEach((k) => { P.lines[k] = 1; });
  Object.defineProperty(P, 'view', { get: () => { return 'stack'; }, set: () => {} });
}

/* The lines shown, through x(t) and y(v); dashed over bands. */
function heapLines(g, D, S, x, y, dash) {
  Object.keys(D.series).forEach((k) => {
    if (!S.lines[k]) return;
    var t = D.series[k][0], v = D.series[k][1];
    g.beginPath();
    /* alone, each value held until the next, as the tooltip reads them */
    for (var j = 0; j < t.length; j++) {
      if (!j) g.moveTo(x(t[j]), y(v[j]));
      else { if (!dash) g.lineTo(x(t[j]), y(v[j - 1])); g.lineTo(x(t[j]), y(v[j])); }
    }
    g.strokeStyle = SERIES[k][1]; g.lineWidth = dash ? 1.5 : 2; g.setLineDash(dash ? [6, 3] : []); g.stroke(); g.setLineDash([]);
  });
}

/* The overview of a heap view: its lines over the whole run. */
function heapOverview(g, D, S, x, h) {
  var m = 0;
  Object.keys(D.series).forEach((k) => { if (S.lines[k]) D.series[k][1].forEach((v) => { m = max(m, v); }); });
  heapLines(g, D, S, x, (v) => { return 2 + (1 - v / (m || 1)) * (h - 4); }, false);
}

/* Bytes allocated by time t: HEAP_ALLOCATED's counts, straight between
 * them and from 0 when the program started; null past the last. */
function allocAt(D, t) {
  var A = D.alloc, ts = A[0], vs = A[1], j = lowerIdx(ts, t), n = ts.length - 1;
  if (t < ts[0]) return t > 0 ? vs[0] * t / ts[0] : 0;
  if (t > ts[n]) return null;
  return j === n ? vs[n] : vs[j] + (vs[j + 1] - vs[j]) * (t - ts[j]) / (ts[j + 1] - ts[j]);
}

/* The allocation rate around t, between the counts either side of it,
 * [bytes per second, from, to]; null past the last count. */
function allocRate(D, t) {
  var ts = D.alloc[0], vs = D.alloc[1], j = lowerIdx(ts, t);
  if (t < ts[0]) return [vs[0] / ts[0], 0, ts[0]];
  if (j >= ts.length - 1) return null;
  return [(vs[j + 1] - vs[j]) / (ts[j + 1] - ts[j]), ts[j], ts[j + 1]];
}

/* A row of the tooltip: a swatch (a line's colour, or none), the value
 * with the exact number in data-v, what it is. */
function tipRow(tip, cls, colour, v, text, unit) {
  var row = el('div', 'tr ' + cls), sw = el('span', 'sw line');
  /* solid, as the view draws its lines (overlays are dashed) */
  if (colour) { sw.style.borderColor = colour; sw.style.borderTopStyle = 'solid'; } else sw.style.visibility = 'hidden';
  row.appendChild(sw);
  var e = el('span', 'tv', fmtSI(v, unit));
  attr(e, 'data-v', v);
  row.appendChild(e);
  row.appendChild(el('span', 'tn', text));
  tip.appendChild(row);
}

/* The tooltip of a heap view at time t (span: the window's): each line
 * shown, its last point at or before t, and the allocation rate there.
 * Whether there was anything to show. */
function heapTip(tip, D, S, t, span) {
  tip.textContent = '';
  attr(tip, 'data-t', t);
  tip.appendChild(el('div', 'th', fmtTime(t, span) + ' s'));
  var any = false;
  Object.keys(D.series).forEach((s) => {
    var ts = D.series[s][0], j = lowerIdx(ts, t);
    if (!S.lines[s] || !ts.length || ts[j] > t) return;
    any = true;
    tipRow(tip, 'line', SERIES[s][1], D.series[s][1][j], SERIES[s][0] + ' at ' + fmtTime(ts[j], span) + ' s', 'B');
  });
  var r = D.alloc && allocRate(D, t);
  if (r) {
    any = true;
    tipRow(tip, 'alloc', null, r[0], 'allocation rate, ' + fmtTime(r[1], span) + '-' + fmtTime(r[2], span) + ' s', 'B/s');
  }
  tip.hidden = !any;
  return any;
}

/* What a heap view says under it: the bytes allocated over the run and
 * in the window [a, b], and their rates. */
function heapNote(D, a, b) {
  if (!D.alloc) return '';
  var ts = D.alloc[0], n = ts.length - 1, all = D.alloc[1][n];
  var s = 'Allocated ' + fmtSI(all, 'B') + ' by ' + fmtTime(ts[n], ts[n]) + ' s, ' + fmtSI(all / ts[n], 'B/s') + '.';
  b = min(b, ts[n]);
  if ((a > D.lo || b < D.hi) && b > a) {
    var w = allocAt(D, b) - allocAt(D, a);
    s += ' In this window: ' + fmtSI(w, 'B') + ', ' + fmtSI(w / (b - a), 'B/s') + '.';
  }
  return s;
}
