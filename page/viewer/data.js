/* data.js - the data block read once into typed arrays: the drawn
 * bands' values at every kept sample (dense, so stacking is one pass),
 * every band's row for the table, the marks and heap series.  prepare()
 * takes the block's object, wherever it comes from. */

function loadData() {
  return prepare(JSON.parse($('hp2x-data').textContent));
}

/* --diff's page: its censuses are A's and B's values of each drawn
 * band (page_diff.c), the graph draws the change; the table is of
 * changes, --diff --summary=json's rows in its order (largest change
 * first), each by its name the band of the change model it is. */
function prepareDiff(D) {
  var at = new Map(D.names.map(function (n, m) { return [n, m]; }));
  D.rows = D.changes.band.map(function (b, r) {
    return { name: b.name, label: b.name, m: at.has(b.name) ? at.get(b.name) : -1 - r, rank: r + 1, pa: b.a.peak, pb: b.b.peak,
      dp: b.change.peak, di: b.change.integral, la: b.a.last, lb: b.b.last };
  });
  D.slotOf = new Map();
  D.bands.forEach(function (b, j) { if (b.m >= 0) { D.slotOf.set(b.m, j); b.name = b.label = D.names[b.m]; } });
  D.series = {};
  D.unit = UNIT[D.vunit] || D.vunit;   /* as a profile's page: "CPU", its rate's name once in the table's heads */
  /* the integral's unit: a heap profile's byte-seconds, or what a
   * per-interval profile counts (CPU seconds, entries, bytes) */
  D.areaUnit = D.aunit ? D.aunit : D.unit === 'B' ? 'B·s' : D.unit + '·s';
  return D;
}

/* ---- the kept censuses: levels (page/page_samples.c) ---- */

/* The digits of a level: 90 printable characters, the first 45 a
 * number's last digit, the others the digits before it. */
var DIGIT = (function () {
  var t = new Int8Array(128).fill(-1), k = 0;
  for (var c = 35; c < 127; c++) if (c !== 60 && c !== 92) t[c] = k++;
  return t;
}());
var POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/* Level L's censuses: index, time and every slot's value (nb drawn,
 * nx extra). */
function decodeLevel(L, nb, nx) {
  var str = L.d, p = 0, n = L.n, g = L.g, q = L.q, i, k;
  function num() {
    var v = 0, mul = 1, d;
    for (;;) {
      d = DIGIT[str.charCodeAt(p++)];
      if (d < 45) return v + d * mul;
      v += (d - 45) * mul; mul *= 45;
    }
  }
  function change() { var z = num(); return z % 2 ? -(z + 1) / 2 : z / 2; }
  var idx = new Float64Array(n), tm = new Float64Array(n), val = [], cur = new Float64Array(nb + nx);
  for (k = 0; k < nb + nx; k++) val.push(new Float64Array(n));
  var last = -1, tk = 0;
  for (i = 0; i < n; i++) {
    last += num() + 1; idx[i] = last;
    if (q >= 0) { tk += change(); tm[i] = tk / POW10[q]; } else tm[i] = L.times[i];
    for (k = 0; k < nb; k++) cur[k] += change();
    if (nx) for (var c = num(), at = -1; c > 0; c--) { at += num() + 1; cur[nb + at] += change(); }
    for (k = 0; k < nb + nx; k++) val[k][i] = cur[k] * g;
  }
  return { idx: idx, tm: tm, val: val, n: n };
}

/* Two levels' censuses merged in index order (b holds none of a's). */
function mergeLevels(a, b) {
  var n = a.n + b.n, idx = new Float64Array(n), tm = new Float64Array(n), val = [], i = 0, j = 0, o, k;
  for (k = 0; k < a.val.length; k++) val.push(new Float64Array(n));
  for (o = 0; o < n; o++) {
    var fromA = j >= b.n || (i < a.n && a.idx[i] < b.idx[j]), src = fromA ? a : b, s = fromA ? i++ : j++;
    idx[o] = src.idx[s]; tm[o] = src.tm[s];
    for (k = 0; k < val.length; k++) val[k][o] = src.val[k][s];
  }
  return { idx: idx, tm: tm, val: val, n: n };
}

/* What the chart draws of censuses c: the zero at t0 before them (an
 * eventlog's bands rise from 0) and one time held to t1 (steps). */
function viewOf(D, c) {
  var lead = D.zero && c.n && c.tm[0] > D.t0 ? 1 : 0, held = D.step && c.n ? 1 : 0;
  var T = c.n + lead + held, tm = new Float64Array(T), val = [];
  tm.set(c.tm, lead);
  if (lead) tm[0] = D.t0;
  c.val.forEach(function (v) { var a = new Float64Array(T); a.set(v, lead); if (held) a[T - 1] = a[T - 2]; val.push(a); });
  if (held) tm[T - 1] = D.t1;
  /* --diff: each band's change (B less A), then A's, then B's */
  if (D.diff) {
    var nb = val.length / 2;
    val = val.slice(0, nb).map(function (a, k) { return a.map(function (x, i) { return val[nb + k][i] - x; }); }).concat(val);
  }
  return { tm: tm, val: val, T: T, lead: lead, kept: c.n };
}

/* The views, coarsest first: level 0, then each with the levels before
 * it merged in. */
function prepareViews(D) {
  var nb = D.bands.length * (D.diff ? 2 : 1), nx = D.x.length, acc = null;
  D.views = D.levels.map(function (L) {
    var c = decodeLevel(L, nb, nx);
    acc = acc ? mergeLevels(acc, c) : c;
    return viewOf(D, acc);
  });
  if (!D.views.length) D.views.push(viewOf(D, { idx: [], tm: new Float64Array(0), val: D.bands.concat(D.x, D.diff ? D.bands : []).map(function () { return new Float64Array(0); }), n: 0 }));
  useView(D, 0);
}

/* View k is what the chart, the tooltip and the table read. */
function useView(D, k) {
  var V = D.views[k];
  D.view = k; D.tm = V.tm; D.val = V.val; D.T = V.T; D.lead = V.lead; D.kept = V.kept;
  D.exact = D.all && k === D.views.length - 1;
}

/* The view for window [x0, x1] of a plot w pixels wide: the coarsest
 * with a census a pixel there, else the finest (whose censuses there
 * are all the page has).  Returns how many censuses it has there. */
function pickView(D, x0, x1, w) {
  var k, n = 0;
  /* a served page has one level, grown in place (live.js) */
  if (D.live) return lowerIdx(D.tm, x1) - lowerIdx(D.tm, x0) + 1;
  for (k = 0; k < D.views.length; k++) {
    var tm = D.views[k].tm;
    n = lowerIdx(tm, x1) - lowerIdx(tm, x0) + 1;
    if (n >= w) break;
  }
  k = min(k, D.views.length - 1);
  if (k !== D.view) useView(D, k);
  return n;
}

/* What the page says of the censuses it keeps, n of them in a window of
 * a plot w pixels wide. */
function keptNote(D, n, w) {
  if (D.all) return '';
  var finest = D.view === D.views.length - 1 && n < w / 2;
  var kept = D.live ? D.times.length : D.views[D.views.length - 1].kept;
  return 'This page keeps ' + kept + ' of the ' + D.of + ' censuses' + (D.step ? ' (interval ends)' : '') +
    ', at ' + D.views.length + (D.views.length > 1 ? ' levels' : ' level') +
    ': in each column of the time axis the censuses of least and greatest total (no peak of the total is lost)' +
    (D.views.length > 1 ? ', ' + D.views[0].kept + ' for the whole run, ' + D.views[D.views.length - 1].kept + ' when zoomed in' : '') + '. ' +
    (finest ? 'This zoom has reached the finest level kept: it draws each of the ' + n + ' censuses kept here, and zooming further adds no detail; hp2x --from/--to cuts an exact window (every census in it).'
      : 'Level ' + (D.view + 1) + ' of ' + D.views.length + ' drawn here.');
}

/* A value's unit as the cells and the tooltip write it after a number,
 * short so the two keep to one line ("1.3 GB/s", not "1.3 Gbytes per
 * second" over three); the axis and the heads say it whole. */
var UNIT = { bytes: 'B', 'bytes per second': 'B/s', 'entries per second': '/s', 'CPU seconds per second': 'CPU' };

/* The data block's object made ready for the viewer. */
function prepare(D) {
  if (D.kind === 'many') { D.inputs = D.inputs.map(prepare); return D; }
  D.diff = D.kind === 'diff';
  D.marks = D.marks || [];   /* none with -y */
  /* the drawn slots, then the own values of bands merged into OTHER or
   * left out (D.x), when the page carries them */
  prepareViews(D);
  if (D.live) {   /* live batches carry the drawn slots only */
    D.x = [];
    D.views.forEach(function (V) { V.val.length = D.bands.length; });
  }
  var T = D.T, times = D.tm;
  D.times = Array.from(D.tm.subarray(D.lead, D.lead + D.kept));   /* live.js extends them */
  /* each band's peak over the finest view (the 'of its peak' view) */
  D.peak = D.views[D.views.length - 1].val.map(function (v) { var m = 0; for (var j = 0; j < v.length; j++) if (v[j] > m) m = v[j]; return m; });
  D.lo = min(D.t0, T ? times[0] : D.t0);
  D.hi = max(D.t1, T ? times[T - 1] : D.t1);
  if (D.hi <= D.lo) D.hi = D.lo + 1;
  if (D.diff) return prepareDiff(D);
  /* Table rows: every band, with --summary=json's numbers. */
  var fates = ['drawn', 'other', 'dropped'];
  var R = D.rows, SN = D.names.length ? D.spark.length / D.names.length : 0;
  D.rows = D.names.map(function (n, m) {
    var r = 7 * m;
    return { name: n, m: m, label: D.labels[m] !== undefined ? D.labels[m] : n,
      peak: R[r], peak_time: R[r + 1], share: R[r + 2], last: R[r + 3], growth: R[r + 4], drawn: fates[R[r + 5]], fit: R[r + 6],
      spark: D.spark.substr(m * SN, SN), ipe: D.ipe[m], stack: D.stack[m], ticky: D.ticky[m],
      count: D.counts ? D.counts[m] : null };
  });
  /* slot of each model band drawn on its own; its name and label are
   * its row's (the page carries each name once) */
  D.slotOf = new Map();
  D.bands.forEach(function (b, j) { if (b.m >= 0) { D.slotOf.set(b.m, j); b.name = D.rows[b.m].name; b.label = D.rows[b.m].label; } });
  /* where each band's own values are: its slot, or its extra one */
  D.valOf = new Map(D.slotOf);
  D.x.forEach(function (m, j) { D.valOf.set(m, D.bands.length + j); });
  D.hasIpe = Object.keys(D.ipe).length > 0;
  D.hasStack = Object.keys(D.stack).length > 0;
  D.unit = UNIT[D.vunit] || D.vunit;
  return D;
}
