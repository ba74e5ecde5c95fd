/* data.js - the data block read once into typed arrays: the drawn
 * bands' values at every kept sample (dense, so stacking is one pass),
 * every band's row for the table, the marks and heap series.  prepare()
 * takes the block's object, wherever it comes from. */

function loadData() {
  return prepare(JSON.parse($('hp2x-data').textContent));
}

/* --diff's page: the table of changes, --diff --summary=json's rows in
 * its order (largest change first). */
function prepareDiff(D) {
  D.rows = D.changes.band.map(function (b, m) {
    return { name: b.name, label: b.name, m: m, rank: m + 1, pa: b.a.peak, pb: b.b.peak, dp: b.change.peak,
      di: b.change.integral, la: b.a.last, lb: b.b.last };
  });
  D.slotOf = new Map();
  D.bands = []; D.series = {};
  D.unit = D.vunit === 'bytes' ? 'B' : D.vunit;
  /* the integral's unit: a heap profile's byte-seconds, or what a
   * per-interval profile counts (CPU seconds, entries, bytes) */
  D.areaUnit = D.aunit ? D.aunit : D.unit === 'B' ? 'B·s' : D.unit + '·s';
  return D;
}

/* The data block's object made ready for the viewer. */
function prepare(D) {
  if (D.kind === 'diff') return prepareDiff(D);
  if (D.kind === 'many') { D.inputs = D.inputs.map(prepare); return D; }
  /* the drawn slots, then the own values of bands merged into OTHER or
   * left out (D.x), when the page carries them */
  if (D.live) D.x = [];   /* live batches carry the drawn slots only */
  var nb = D.bands.length + D.x.length, src = D.times, s = D.s;
  var lead = D.zero && src.length && src[0] > D.t0 ? 1 : 0;
  var T = src.length + lead + (D.step && src.length ? 1 : 0);
  var times = new Float64Array(T), i, k;
  D.val = [];
  for (k = 0; k < nb; k++) D.val.push(new Float64Array(T));
  if (lead) times[0] = D.t0;
  for (i = 0; i < src.length; i++) {
    times[i + lead] = src[i];
    var row = s[i];
    for (k = 0; k + 1 < row.length; k += 2) if (row[k] < nb) D.val[row[k]][i + lead] = row[k + 1];
  }
  if (D.step && src.length) {   /* one time: held to t1, as the graph */
    times[T - 1] = D.t1;
    for (k = 0; k < nb; k++) D.val[k][T - 1] = D.val[k][T - 2];
  }
  D.T = T;
  D.lead = lead;
  D.tm = times;
  D.exact = D.all;
  D.peak = D.val.map(function (v) { var m = 0; for (var j = 0; j < v.length; j++) if (v[j] > m) m = v[j]; return m; });
  D.lo = Math.min(D.t0, T ? times[0] : D.t0);
  D.hi = Math.max(D.t1, T ? times[T - 1] : D.t1);
  if (D.hi <= D.lo) D.hi = D.lo + 1;
  /* Table rows: every band, with --summary=json's numbers. */
  var fates = ['drawn', 'other', 'dropped'];
  var R = D.rows, SN = D.names.length ? D.spark.length / D.names.length : 0;
  D.rows = D.names.map(function (n, m) {
    var r = 6 * m;
    return { name: n, m: m, label: D.labels[m] !== undefined ? D.labels[m] : n,
      peak: R[r], peak_time: R[r + 1], share: R[r + 2], last: R[r + 3], growth: R[r + 4], drawn: fates[R[r + 5]],
      spark: D.spark.substr(m * SN, SN), ipe: D.ipe[m], stack: D.stack[m], ticky: D.ticky[m],
      count: D.counts ? D.counts[m] : null };
  });
  /* slot of each model band drawn on its own */
  D.slotOf = new Map();
  D.bands.forEach(function (b, j) { if (b.m >= 0) D.slotOf.set(b.m, j); });
  /* where each band's own values are: its slot, or its extra one */
  D.valOf = new Map(D.slotOf);
  D.x.forEach(function (m, j) { D.valOf.set(m, D.bands.length + j); });
  D.hasIpe = Object.keys(D.ipe).length > 0;
  D.hasStack = Object.keys(D.stack).length > 0;
  D.unit = D.vunit === 'bytes' ? 'B' : D.vunit;
  return D;
}
