/* live.js - the page as hp2x --serve serves it (its data block has
 * "live"): new samples, marks and heap-size points come as server-sent
 * events, one batch per drawing at most, each batch's id the count of
 * samples the page then has, so a page that reconnects is sent only
 * what it missed.  The chart grows in place: the window and the hidden
 * bands stay, and a window that reaches the last sample moves with the
 * end.  A zoom into a part of which the page holds fewer samples than
 * the run has asks the server for that part's columns.
 *
 * Batches name samples by the profile's band (live.c); a band goes to
 * its place in the key, to OTHER when the page merged it, or nowhere
 * when the page leaves it out.  A band the page has never seen goes to
 * OTHER, or, when the page has no OTHER, on top of the key in a colour
 * of its own (the static graph's order and colours come with the next
 * load).  A model other than the page's (the file was replaced, or a
 * long run's old censuses went into its summary) makes the page load
 * again, keeping its view: the address's fragment holds it, and what
 * the address cannot say survives in the tab's sessionStorage: the
 * hidden bands by name (the new page's key may be in another order)
 * and a window that followed the end, as its width.  The table's numbers are the whole run's (--summary=json's):
 * the batch that brings the page to a drawing's census carries them
 * for that census ("rows", as the data block has them), so the table
 * shows the census the chart shows, redrawn with it. */

/* Colours for bands that came after the page (hp2ps's -c colours). */
var LIVE_COLOURS = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff', '#ff00ff', '#808080',
  '#800000', '#008000', '#000080', '#808000', '#008080', '#800080', '#c08040', '#4080c0'];

function makeLive(D, S, changed, chart, key) {
  var other = -1, cap = 0, buf = null, reloading = false;
  var fates = D.rows.map(function (r) { return r.drawn; });
  var have = { nb: D.live.nb, nm: D.live.nm, ns: D.live.ns.slice() };
  var keys = ['heap_size', 'blocks_size', 'heap_live'];
  var fetched = [], fetchTimer = null;
  D.bands.forEach(function (b, j) { if (b.m < 0) other = j; });
  $('app').hp2xData = D;   /* read by the tests, never written */

  function mark(text) { $('live').hidden = false; $('live').textContent = text; }

  var KEPT = 'hp2x-view:' + location.pathname;
  function atEnd() { return S.x1 !== null && S.x1 >= D.hi - (D.hi - D.lo) * 1e-9; }
  function reload() {
    if (reloading) return;
    reloading = true;
    try {
      sessionStorage.setItem(KEPT, JSON.stringify({
        hidden: Array.from(S.hidden, function (k) { return D.bands[k].name; }),
        follow: atEnd() ? S.x1 - S.x0 : 0 }));
    } catch (e) { /* no storage: the address's view alone */ }
    setTimeout(function () { location.reload(); }, 300);
  }

  /* What the page before this load kept for it, once. */
  function restore() {
    var v = null;
    try { v = JSON.parse(sessionStorage.getItem(KEPT)); sessionStorage.removeItem(KEPT); } catch (e) { return; }
    if (!v || !Array.isArray(v.hidden)) return;
    var names = new Set(v.hidden);
    S.hidden = new Set();
    D.bands.forEach(function (b, k) { if (names.has(b.name)) S.hidden.add(k); });
    if (v.follow > 0 && v.follow < D.hi - D.lo) { S.x1 = D.hi; S.x0 = D.hi - v.follow; }
  }

  /* Where model band b is drawn: a slot, or -1. */
  function slotOf(b) {
    var s = D.slotOf.get(b);
    if (s !== undefined) return s;
    if (b < fates.length) return fates[b] === 'other' ? other : -1;
    return other;
  }

  /* Room for T samples: typed arrays that double, seen through views
   * as long as the data (the binary searches read .length). */
  function grow(T) {
    if (T > cap) {
      cap = max(T, cap * 2, 1024);
      var tm = new Float64Array(cap); tm.set(D.tm);
      var vals = D.val.map(function (v) { var a = new Float64Array(cap); a.set(v); return a; });
      buf = { tm: tm, val: vals };
    }
    D.tm = buf.tm.subarray(0, T);
    D.val = buf.val.map(function (v) { return v.subarray(0, T); });
  }

  /* Samples times[j], rows[j] ([band, value, ...]) into the page's
   * arrays at index at, replacing the `drop' samples there. */
  function splice(at, drop, times, rows) {
    var T = D.T - drop + times.length, nb = D.bands.length, j, k;
    var keepTm = D.tm.slice(at + drop), keepVal = D.val.map(function (v) { return v.slice(at + drop); });
    grow(T);
    for (j = 0; j < times.length; j++) {
      D.tm[at + j] = times[j];
      for (k = 0; k < nb; k++) D.val[k][at + j] = 0;
      var r = rows[j];
      for (var q = 0; q + 1 < r.length; q += 2) {
        var s = slotOf(r[q]);
        if (s >= 0) D.val[s][at + j] += r[q + 1];
      }
    }
    D.tm.set(keepTm, at + times.length);
    for (k = 0; k < nb; k++) D.val[k].set(keepVal[k], at + times.length);
    D.T = T;
    for (k = 0; k < nb; k++) {
      for (j = at; j < at + times.length; j++) if (D.val[k][j] > D.peak[k]) D.peak[k] = D.val[k][j];
    }
  }

  /* A band first seen now, with no OTHER to take it: a slot on top. */
  function newBand(b, name) {
    var k = D.bands.length;
    D.bands.push({ name: name, label: name, c: LIVE_COLOURS[k % LIVE_COLOURS.length], m: b });
    D.val.push(new Float64Array(D.T));
    if (buf) { var a = new Float64Array(cap); a.set(D.val[k]); buf.val.push(a); D.val[k] = a.subarray(0, D.T); }
    D.peak.push(0);
    D.slotOf.set(b, k);
    key.add(k);
  }

  /* ---- the table's numbers, the run's ---- */

  var nameOf = new Map(), rowOf = new Map();
  D.rows.forEach(function (r) { rowOf.set(r.m, r); });

  /* R: seven numbers a band in the model's order (summary_rows), of the
   * census the page now holds. */
  function takeRows(R) {
    for (var m = 0; 7 * m + 6 < R.length; m++) {
      var r = rowOf.get(m), k = 7 * m;
      if (!r) {   /* a band that came after the page */
        var name = nameOf.get(m), s;
        if (name === undefined) continue;
        s = slotOf(m);
        r = { name: name, m: m, label: name, spark: '', count: null,
          drawn: s < 0 ? 'dropped' : s === other ? 'other' : 'drawn' };
        D.rows.push(r); rowOf.set(m, r);
      }
      r.peak = R[k]; r.peak_time = R[k + 1]; r.share = R[k + 2]; r.last = R[k + 3]; r.growth = R[k + 4]; r.fit = R[k + 6];
    }
  }

  function batch(m) {
    if (m.i > D.n) { reload(); return; }
    if (D.step && D.T) {   /* one time held to t1: the held copy goes */
      grow(D.T - 1); D.T -= 1; D.step = false;
    }
    var t = m.t, s = m.s, skip = D.n - m.i;
    m.names.forEach(function (p) {
      nameOf.set(p[0], p[1]);
      if (p[0] < have.nb) return;
      if (other < 0) newBand(p[0], p[1]);
      have.nb = p[0] + 1;
    });
    var end = atEnd();
    if (skip < t.length) {
      t = t.slice(skip); s = s.slice(skip);
      splice(D.T, 0, t, s);
      for (var j = 0; j < t.length; j++) D.times.push(t[j]);
      D.n += t.length;
      D.t1 = max(D.t1, t[t.length - 1]);
      D.hi = max(D.hi, D.t1);
    }
    for (var i = 0; i < m.marks.length; i++) {
      if (m.mi + i < have.nm) continue;
      D.marks.push(m.marks[i]); D.nmarks++; have.nm = m.mi + i + 1;
    }
    keys.forEach(function (key, k) {
      var p = m.series[key];
      if (!p) return;
      if (!D.series[key]) D.series[key] = [[], []];
      /* The model holds a series in time order, a late point (from
         another capability's block) inserted before ones already sent:
         each point goes to its place, so the line never turns back. */
      var s = D.series[key];
      for (var i = 0; i < p[1].length; i++) {
        if (p[0] + i < have.ns[k]) continue;
        var at = s[0].length, lo = 0;
        while (lo < at) {
          var mid = (lo + at) >> 1;
          if (s[0][mid] > p[1][i]) at = mid; else lo = mid + 1;
        }
        s[0].splice(at, 0, p[1][i]); s[1].splice(at, 0, p[2][i]);
        have.ns[k] = p[0] + i + 1;
      }
    });
    if (end) {   /* the window pinned to now follows it */
      var w = S.x1 - S.x0;
      S.x1 = D.hi; S.x0 = D.hi - w;
    }
    if (m.rows && m.n === D.n) takeRows(m.rows);
    chart.dataChanged();
    changed('data');
    attr(DE, 'data-live-n', D.n);
    $('counts').textContent = (D.n < m.n ? D.n : m.c) + ' samples, ' + max(have.nb, D.names.length) + ' bands';
    mark('live · ' + new Date().toLocaleTimeString());
  }

  /* The browser reconnects a stream by itself while the server cannot
   * be reached, and gives it up for good on an answer that is not a
   * stream: hp2x's 503 while it starts again, before its first drawing.
   * Then the page asks again itself, each wait twice the last, up to
   * RETRY_MAX ms, from its own count. */
  var RETRY_MIN = 1000, RETRY_MAX = 10000, retry = RETRY_MIN;

  function start() {
    var url = 'events?g=' + D.live.gen + '&from=' + D.n + '&nb=' + have.nb + '&nm=' + have.nm + '&ns=' + have.ns.join(',');
    var es = new EventSource(url);
    on(es, 'samples', function (e) { batch(JSON.parse(e.data)); });
    on(es, 'reload', function () { es.close(); reload(); });
    on(es, 'open', function () { retry = RETRY_MIN; mark('live'); });
    on(es, 'error', function () {
      if (es.readyState !== 2) { mark('reconnecting…'); return; }
      mark('not live: the server does not answer; trying again in ' + retry / 1000 + ' s');
      setTimeout(start, retry);
      retry = min(retry * 2, RETRY_MAX);
    });
    attr(DE, 'data-live-n', D.n);
  }

  /* ---- a zoom finer than the page's samples ---- */

  function covered(a, b) {
    return fetched.some(function (r) { return r[0] <= a && r[1] >= b; });
  }

  function columns(a, b) {
    var w = max(100, round(chart.width()));
    fetch('columns?a=' + a + '&b=' + b + '&n=' + w).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    }).then(function (res) {
      if (!res.t.length) return;
      var lo = res.t[0], hi = res.t[res.t.length - 1];
      var i0 = D.lead, at = max(i0, lowerIdx(D.tm, lo)), e;
      if (D.tm[at] < lo) at++;
      for (e = at; e < D.T && D.tm[e] <= hi; e++) ;
      if (D.step) return;
      splice(at, e - at, res.t, res.s);
      if (res.exact) fetched.push([lo, hi]);
      var n = Number($('chart').getAttribute('data-columns') || 0) + 1;
      attr($('chart'), 'data-columns', n);
      chart.dataChanged();
      changed('data');
    }).catch(function () { /* the server is gone: the page keeps what it has */ });
  }

  /* Called after every change of the window. */
  function zoomed() {
    if (D.exact || S.x0 === null) return;
    var a = S.x0, b = S.x1;
    if (covered(a, b)) return;
    clearTimeout(fetchTimer);
    fetchTimer = setTimeout(function () { columns(a, b); }, 120);
  }

  restore();
  start();
  return { zoomed: zoomed };
}
