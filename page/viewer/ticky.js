/* ticky.js - the table of a ticky profile's counters, an eventlog's
 * (sums over its samples) or a report's (its totals) alike: each one's
 * closure kind, arity, free variables and the kinds of both, entries,
 * the bytes its code allocated (Alloc) and per entry, the bytes of its
 * closures allocated (Alloc'd), and that allocation's share of all the
 * run allocated (D.whole: HEAP_ALLOCATED, else a report's
 * ALLOC_HEAP_tot); then the info-table columns where the build has them
 * (-finfo-table-map).  cols: the band table's (table.js), of which it
 * keeps the name, shape, peak rate and when, the info table and whether
 * drawn.  D.ticky's rows: [entries, alloc, allocd, arity, kinds, fvs,
 * closure], each null when unknown. */

function tickyCols(D, cols) {
  var keep = function (k) { return cols.filter(function (c) { return c.k === k || c.k.indexOf(k + '.') === 0; }); };
  var at = function (j) { return function (r) { return r.ticky ? r.ticky[j] : null; }; };
  var num = function (v) { return fmtSI(v, ''); }, B = function (v) { return fmtSI(v, 'B'); };
  var out = keep('label').concat(D.kind === 'ticky' ? keep('spark') : []);
  [['closure', 'Closure', 6], ['arity', 'Arity', 3, String],
    ['fvn', 'FVs', 5, String, function (r) { var f = at(5)(r); return f === null ? null : f.length; }],
    ['args', 'Argument kinds', 4], ['fvs', 'FV kinds', 5],
    ['entries', 'Entries', 0, num], ['alloc', 'Alloc', 1, B],
    ['per', 'Alloc per entry', 0, B, function (r) { return r.ticky && r.ticky[0] ? r.ticky[1] / r.ticky[0] : null; }],
    ['allocd', "Alloc'd", 2, B],
    ['whole', D.whole ? 'Share of ' + D.whole[1] : 'Share', 1, fmtPct,
      function (r) { return r.ticky && D.whole && D.whole[0] ? r.ticky[1] / D.whole[0] : null; }]
  ].forEach(function (c) {
    var get = c[4] || at(c[2]);
    out.push({ k: c[0], t: c[1], n: c[3] ? 1 : 0, s: c[3] ? 0 : 1, f: c[3],
      get: c[3] ? get : function (r) { var v = get(r); return v === null ? '' : v; } });
  });
  if (D.kind === 'ticky') out = out.concat(keep('peak'), keep('peak_time'));
  return out.concat(keep('ipe'), keep('drawn'));
}

/* How much of all the run allocated the counters ticked: the sum of
 * their Alloc over the whole, as the table's head says it. */
function tickyNote(D) {
  /* a sample carries the measure drawn alone: a window's counts are not known */
  var w = D.window ? " · entries and allocation: the whole run's, not the window's" : '';
  if (!D.whole || !D.whole[0]) return w;
  var a = 0;
  D.rows.forEach(function (r) { if (r.ticky) a += r.ticky[1]; });
  return w + ' · the counters ticked ' + fmtPct(a / D.whole[0]) + ' of the ' + fmtSI(D.whole[0], 'B') + ' allocated (' + D.whole[1] + ')';
}
