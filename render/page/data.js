/* data.js - the data block read once into typed arrays: the drawn
 * bands' values at every kept sample (dense, so stacking is one pass),
 * every band's row for the table, the marks and heap series. */

function loadData() {
  var D = JSON.parse($('hp2x-data').textContent);
  var nb = D.bands.length, src = D.times, s = D.s;
  var lead = D.zero && src.length && src[0] > D.t0 ? 1 : 0;
  var T = src.length + lead + (D.step && src.length ? 1 : 0);
  var times = new Float64Array(T), i, k;
  D.val = [];
  for (k = 0; k < nb; k++) D.val.push(new Float64Array(T));
  if (lead) times[0] = D.t0;
  for (i = 0; i < src.length; i++) {
    times[i + lead] = src[i];
    var row = s[i];
    for (k = 0; k + 1 < row.length; k += 2) D.val[row[k]][i + lead] = row[k + 1];
  }
  if (D.step && src.length) {   /* one time: held to t1, as the graph */
    times[T - 1] = D.t1;
    for (k = 0; k < nb; k++) D.val[k][T - 1] = D.val[k][T - 2];
  }
  D.T = T;
  D.lead = lead;
  D.tm = times;
  D.exact = src.length === D.n;
  D.peak = D.val.map(function (v) { var m = 0; for (var j = 0; j < v.length; j++) if (v[j] > m) m = v[j]; return m; });
  D.lo = Math.min(D.t0, T ? times[0] : D.t0);
  D.hi = Math.max(D.t1, T ? times[T - 1] : D.t1);
  if (D.hi <= D.lo) D.hi = D.lo + 1;
  /* Table rows: every band, with --summary=json's numbers. */
  var fates = ['drawn', 'other', 'dropped'];
  D.rows = D.names.map(function (n, m) {
    var r = D.rows[m];
    return { name: n, m: m, label: D.labels[m] !== undefined ? D.labels[m] : n,
      peak: r[0], peak_time: r[1], share: r[2], last: r[3], growth: r[4], drawn: fates[r[5]],
      spark: D.spark[m], ipe: D.ipe[m], stack: D.stack[m], ticky: D.ticky[m] };
  });
  /* slot of each model band drawn on its own */
  D.slotOf = new Map();
  D.bands.forEach(function (b, j) { if (b.m >= 0) D.slotOf.set(b.m, j); });
  D.hasIpe = Object.keys(D.ipe).length > 0;
  D.hasStack = Object.keys(D.stack).length > 0;
  D.unit = D.vunit === 'bytes' ? 'B' : D.vunit;
  return D;
}
