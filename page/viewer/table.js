/* table.js - every band of the profile, not only the drawn ones: name
 * (a long one cut, whole below the table on a click), its shape, peak,
 * when, share, last, growth and how well its line fits (R²: a steady
 * leak near 1, a sawtooth near 0; --summary=json's numbers, from the
 * same code), a -hi band's info table and its IPE fields, the stack of a
 * time profile (cut and whole likewise).  Sortable by every column,
 * filtered by the same box as the chart.  Only the rows in view are in
 * the DOM, so 20,000 bands scroll smoothly.  Zoomed in, the numbers are those of
 * the window, computed from the samples on the page as hp/stats.c
 * computes them for the run: of every band when the page carries the
 * own values of those merged into OTHER or left out (D.x), else of the
 * drawn ones.  A page of several inputs has one table of every band of
 * each, named by its input in a column of its own (the numbers those of
 * --summary=json of that input alone), the window's numbers each from
 * its input's samples. */

var ROW_H = 26;

/* The inputs' rows in one list, each row knowing its input (D) and
 * where it is in the list of inputs (input). */
function tableRows(Ds, stats) {
  var out = [];
  Ds.forEach(function (d, k) {
    stats[k].forEach(function (r) { r.D = d; r.input = k; out.push(r); });
  });
  return out;
}

function makeTable(Din, S, changed) {
  var Ds = Array.isArray(Din) ? Din : [Din], D = Ds[0];
  var head = $('thead'), body = $('tbody'), scroll = $('tscroll');
  /* A rate (a time profile's CPU seconds per second, a ticky profile's
     bytes or entries per second) has its unit once, in the columns'
     heads, and plain numbers in the cells (as --summary's table): not
     "0.76 CPU seconds per second" in every one.  Its growth is per
     second squared.  Bytes stay in the cells, with their prefixes. */
  var RATE = { CPU: ['CPU', 'CPU/s'], 'B/s': ['B/s', 'B/s\u00b2'], '/s': ['/s', '/s\u00b2'] };
  var rate = RATE[Ds[0].unit] && Ds.every(function (d) { return d.unit === Ds[0].unit; }) ? RATE[Ds[0].unit] : null;
  /* a row's numbers in its own input's unit */
  function bytes(v, r) { return fmtSI(v * r.D.scale, rate ? '' : r.D.unit); }
  var cols = [
    { k: 'label', t: 'Band', s: 1 },
    { k: 'spark', t: 'Shape', nosort: true },
    { k: 'peak', t: rate ? 'Peak (' + rate[0] + ')' : 'Peak', n: 1, f: bytes, x: 1 },
    { k: 'peak_time', t: 'At', n: 1, f: function (v) { return v === null ? '' : v.toFixed(3) + ' s'; } },
    { k: 'share', t: 'Share', n: 1, f: fmtPct },
    { k: 'last', t: rate ? 'Last (' + rate[0] + ')' : 'Last', n: 1, f: bytes, x: 1 },
    { k: 'growth', t: rate ? 'Growth (' + rate[1] + ')' : 'Growth', n: 1, x: 1, u: '/s',
      f: function (v, r) { return fmtSigned(v * r.D.scale, rate ? '' : r.D.unit) + (rate ? '' : '/s'); } },
    { k: 'fit', t: 'Fit (R\u00b2)', n: 1, f: function (v) { return v.toFixed(2); },
      h: "How well the growth's straight line fits the band: near 1 a steady growth, near 0 noise or a sawtooth; \u2014 a flat band" },
    { k: 'drawn', t: 'Graph', s: 1 }
  ];
  D = { hasIpe: Ds.some(function (d) { return d.hasIpe; }), hasStack: Ds.some(function (d) { return d.hasStack; }),
    kind: D.kind, counts: D.counts, count_unit: D.count_unit, vunit: D.vunit, rows: D.rows,
    scale: D.scale, unit: D.unit, areaUnit: D.areaUnit, whole: D.whole, window: D.window };
  /* the info table's name (xs_s3mu_info), then what IPE says of it;
   * a table the eventlog has no IPE event for (the RTS's, a library's
   * built without -finfo-table-map) says so */
  if (D.hasIpe) ['table_name', 'closure_desc', 'type_desc', 'module', 'srcloc'].forEach(function (f, j) {
    /* GHC gives the closure type as a number; hp2x adds its name */
    cols.push({ k: 'ipe.' + f, t: ['Info table', 'Closure type', 'Type', 'Module', 'Source'][j], s: 1, get: function (r) {
      return r.ipe ? (f === 'closure_desc' && r.ipe.closure_type) || r.ipe[f] || '' : j ? '' : 'no IPE entry';
    } });
  });
  if (D.hasStack) cols.push({ k: 'stack', t: 'Stack', s: 1, get: function (r) { return r.stack ? r.stack.join(' / ') : ''; } });
  var sortKey = 'share', desc = true, rows = [], T = null;
  var every = tableRows(Ds, Ds.map(function (d) { return d.rows; })), stats = every;
  /* a per-interval profile's counts: a time profile's ticks */
  if (D.counts) cols.splice(5, 0, { k: 'count', t: D.count_unit.charAt(0).toUpperCase() + D.count_unit.slice(1), n: 1, f: String });
  if (D.kind === 'counters' || D.kind === 'ticky') { cols = tickyCols(D, cols); sortKey = 'alloc'; }
  if (D.kind === 'diff') {   /* --diff: the table of changes */
    /* a rate's unit once, in the heads, as a profile's table has it */
    var hu = rate ? ' (' + rate[0] + ')' : '';
    var value = function (v) { return fmtSI(v * D.scale, rate ? '' : D.unit); };
    var signed = function (u) { return function (v) { return fmtSigned(v * D.scale, rate ? '' : u); }; };
    cols = [{ k: 'rank', t: '#', n: 1, f: String }, cols[0]];
    [['pa', 'Peak A' + hu, value], ['pb', 'Peak B' + hu, value], ['dp', 'Peak change' + hu, signed(D.unit)],
     ['di', 'Change (' + D.areaUnit + ')', signed(D.areaUnit)], ['la', 'Last A' + hu, value], ['lb', 'Last B' + hu, value]].forEach(function (c) {
      cols.push({ k: c[0], t: c[1], n: 1, f: c[2], x: 1 });
    });
    sortKey = 'rank'; desc = false;
  }

  if (Ds.length > 1) cols.splice(1, 0, { k: 'file', t: 'Input', s: 1, get: function (r) { return r.D.file; } });
  /* The order the address asks for (#sort=-peak: by peak, largest
   * first), if it names a column; else the table's own. */
  var first = [sortKey, desc];
  function ordered() {
    var k = S.sort.replace(/^-/, ''), ok = cols.some(function (c) { return c.k === k && !c.nosort; });
    sortKey = ok ? k : first[0]; desc = ok ? S.sort[0] === '-' : first[1];
  }

  cols.forEach(function (c) {
    var th = el('th', c.n ? 'num' : null);
    th.scope = 'col';
    if (c.h) th.title = c.h;
    if (c.nosort) th.textContent = c.t;
    else {
      var b = el('button', 'sort', c.t); b.type = 'button';
      on(b, 'click', function () {
        if (sortKey === c.k) desc = !desc; else { sortKey = c.k; desc = !!c.n; }
        S.sort = (desc ? '-' : '') + sortKey;   /* the address keeps it (state.js) */
        T.refresh();
        S.write();
      });
      th.appendChild(b);
    }
    c.th = th;
    head.appendChild(th);
  });

  function val(r, c) { return c.get ? c.get(r) : r[c.k]; }

  /* The numbers of one drawn band over samples a..b of the page, as
   * hp/stats.c computes them for the run: trapezoid integral, the
   * first time of the peak, the last value, the least-squares slope and
   * its fit (R², null for a band that does not vary: hp/running.c). */
  function windowStats(V, v, a, b) {
    var peak = 0, pt = null, integ = 0, n = 0, st = 0, sv = 0, stt = 0, stv = 0, svv = 0, i;
    for (i = a; i <= b; i++) {
      var t = V.tm[i], x = v[i];
      if (pt === null || x > peak) { peak = x; pt = t; }
      if (i > a) integ += (t - V.tm[i - 1]) * (x + v[i - 1]) / 2;
      n++; st += t; sv += x; stt += t * t; stv += t * x; svv += x * x;
    }
    var den = n * stt - st * st, g = n > 1 && den > 0 ? (n * stv - st * sv) / den : 0;
    var sxx = n ? stt - st * st / n : 0, vv = n ? svv - sv * sv / n : 0;
    var fit = vv > 4 * n * Number.EPSILON * svv && sxx > 0 ? min(1, g * g * sxx / vv) : null;
    return { peak: peak, peak_time: pt, integral: integ, last: v[b], growth: g, fit: fit };
  }

  /* Input D's rows with the numbers of window [x0, x1], from the
   * samples the page has there: its finest view (data.js), whichever
   * the chart draws, or a served page's samples as they grow. */
  function windowRows(D, x0, x1) {
    var V = D.views && !D.live ? D.views[D.views.length - 1] : D;
    var a = lowerIdx(V.tm, x0), b = lowerIdx(V.tm, x1);
    if (V.tm[a] < x0 && a < b) a++;
    if (V.lead && a === 0) a = min(1, b);
    /* the share's whole: the drawn slots (OTHER holds what it
     * merged) and the bands left out */
    var all = 0, per = V.val.map(function (v, k) {
      var s = windowStats(V, v, a, b);
      if (k < D.bands.length || D.rows[D.x[k - D.bands.length]].drawn === 'dropped') all += s.integral;
      return s;
    });
    return D.rows.map(function (r) {
      var k = D.valOf.has(r.m) ? D.valOf.get(r.m) : -1, o = Object.create(r);
      o.count = null;   /* a count is the run's */
      if (k < 0) { o.peak = o.peak_time = o.share = o.last = o.growth = o.fit = null; return o; }
      var s = per[k];
      o.peak = s.peak; o.peak_time = s.peak_time; o.last = s.last; o.growth = s.growth; o.fit = s.fit;
      o.share = all > 0 ? s.integral / all : 0;
      return o;
    });
  }

  T = {
    refresh: function () {
      /* again each time: a served page's rows grow (live.js) */
      stats = every = tableRows(Ds, Ds.map(function (d) { return d.rows; }));
      /* --diff's numbers are the runs' (--diff --summary=json's) */
      var zoomed = S.x0 !== null && D.kind !== 'diff';
      if (zoomed) stats = tableRows(Ds, Ds.map(function (d) { return windowRows(d, S.x0, S.x1); }));
      rows = stats.filter(function (r) { return S.matches(r.label) || S.matches(r.name); });
      ordered();
      var c = cols.find(function (x) { return x.k === sortKey; });
      rows.sort(function (p, q) {
        var x = val(p, c), y = val(q, c), d;
        if (x === null || x === undefined) return 1;
        if (y === null || y === undefined) return -1;
        d = c.n ? x - y : String(x).localeCompare(String(y));
        return desc ? -d : d;
      });
      cols.forEach(function (x) { attr(x.th, 'aria-sort', x.k === sortKey ? (desc ? 'descending' : 'ascending') : 'none'); });
      $('tcount').textContent = rows.length + ' of ' + every.length + (Ds.length > 1 ? ' (' + Ds.length + ' inputs)' : '') +
        (zoomed ? ' · numbers for ' + S.x0.toFixed(3) + '–' + S.x1.toFixed(3) + ' s' +
          (Ds.every(function (d) { return d.exact; }) ? '' : ' (from the samples kept)') +
          (Ds.every(function (d) { return d.x.length || d.rows.every(function (r) { return r.drawn === 'drawn'; }); }) ? '' :
            '; bands merged into OTHER or left out have none there (too many for the page)') : '') +
        (D.kind === 'ticky' || D.kind === 'counters' ? tickyNote(D) : '');
      T.render(true);
    },
    /* The rows as filtered and sorted, every one, as CSV (RFC 4180, as
     * data/out_csv.c writes it): names whole, numbers whole, in the
     * input's own units (a column of bytes says B in its head). */
    csv: function () {
      var use = cols.filter(function (c) { return c.k !== 'spark'; });
      function q(v) { v = v === null || v === undefined ? '' : String(v); return /[\x22,\r\n]/.test(v) ? '"' + v.replace(/\x22/g, '""') + '"' : v; }
      return [use.map(function (c) { return q(c.x && c.t.indexOf('(') < 0 ? c.t + ' (' + D.unit + (c.u || '') + ')' : c.t); })].concat(rows.map(function (r) {
        return use.map(function (c) { var v = val(r, c); return q(c.x && v !== null ? v * r.D.scale : v); });
      })).map(function (l) { return l.join(',') + '\n'; }).join('');
    },
    render: function (force) {
      var first = max(0, Math.floor(scroll.scrollTop / ROW_H) - 5);
      /* as many rows as the box shows at its greatest height (it may
       * not have its height yet, drawn before the layout settles), or
       * the window if that is less: every row more is work at every
       * frame (the browser sorts each row's clips and sparkline into
       * layers again whenever anything on the page changes) */
      var h = min(window.innerHeight, parseFloat(getComputedStyle(scroll).maxHeight) || Infinity);
      var last = min(rows.length, first + Math.ceil(h / ROW_H) + 10);
      if (!force && first === T.first && last === T.last) return;
      T.first = first; T.last = last;
      attr(body, 'data-first', first);
      body.textContent = '';
      var top = el('tr', 'pad'); top.style.height = first * ROW_H + 'px'; body.appendChild(top);
      for (var i = first; i < last; i++) body.appendChild(row(rows[i]));
      var bot = el('tr', 'pad'); bot.style.height = (rows.length - last) * ROW_H + 'px'; body.appendChild(bot);
    }
  };

  function row(r) {
    var tr = el('tr'), D = r.D;
    attr(tr, 'data-m', r.m);
    attr(tr, 'data-input', r.input);
    cols.forEach(function (c) {
      var td = el('td', c.n ? 'num' : c.k === 'spark' ? null : 'txt'), v = val(r, c);
      attr(td, 'data-k', c.k);
      if (c.k === 'label') {
        var k = D.slotOf.has(r.m) ? D.slotOf.get(r.m) : -1;
        var sw = el('span', 'sw'), cell = el('div', 'cell');
        if (k >= 0) sw.style.background = D.bands[k].c; else sw.classList.add('none');
        cell.appendChild(sw);
        cell.appendChild(el('span', 'tn', cut(v)));
        td.appendChild(cell);
      } else if (c.k === 'spark') td.appendChild(spark(v));
      else if (c.n) {
        td.textContent = v === null || v === undefined ? '—' : c.f(v, r);
        if (v !== null && v !== undefined) attr(td, 'data-v', v);
      } else td.textContent = cut(v);
      if (!c.n && v && c.k !== 'spark') {
        td.title = v;
        if (cut(v) !== v) td.className += ' cut';   /* a click gives it whole */
      }
      tr.appendChild(td);
    });
    return tr;
  }

  function spark(s) {
    var ns = 'http://www.w3.org/2000/svg', svg = document.createElementNS(ns, 'svg');
    attr(svg, 'width', '72'); attr(svg, 'height', '18');
    attr(svg, 'viewBox', '0 0 ' + (s.length * 3) + ' 36');
    attr(svg, 'aria-hidden', 'true');
    var pts = [];
    for (var i = 0; i < s.length; i++) pts.push(i * 3 + 1.5 + ',' + (36 - parseInt(s[i], 36)));
    var pl = document.createElementNS(ns, 'polyline');
    attr(pl, 'points', pts.join(' '));
    attr(pl, 'fill', 'none'); attr(pl, 'stroke', '#446'); attr(pl, 'stroke-width', '2');
    svg.appendChild(pl);
    return svg;
  }

  /* The page's listeners, once: a run's kinds make a table a tab on
   * the same elements (main.js), and the scroll renders the last made. */
  scroll.T = T;
  if (scroll.on) return T;
  scroll.on = 1;
  /* The whole text of a cut cell, below the table, laid out only when
   * asked for. */
  on(body, 'click', function (e) {
    var td = e.target.closest('td.cut');
    if (td) { $('whole-t').textContent = td.title; $('whole').hidden = false; }
  });
  on($('whole-x'), 'click', function () { $('whole').hidden = true; });

  var pending = false;
  on(scroll, 'scroll', function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; scroll.T.render(false); });
  });
  return T;
}
