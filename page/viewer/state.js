/* state.js - what the reader chose (view, window, hidden bands, filter,
 * lines) kept in the address's fragment, so a copied link reopens the
 * same view: #v=1&view=norm&x=1.5,3.25&hide=0,3&re=Foo&lines=heap_size&sort=-peak
 * (hidden bands by their place in the key, bottom first; the table's
 * order by its column's key, '-' for largest first). */

function makeState(D) {
  var S = { view: 'stack', x0: null, x1: null, hidden: new Set(), filter: '', lines: {}, re: null, err: '', tab: 0, sort: '' };

  S.matches = (name) => { return !S.re || S.re.test(name); };
  /* The bands of Dp drawn now, bottom first. */
  function shownOf(Dp, hidden) {
    var out = [];
    for (var k = 0; k < Dp.bands.length; k++)
      if (!hidden.has(k) && (S.matches(Dp.bands[k].label) || S.matches(Dp.bands[k].name))) out.push(k);
    return out;
  }
  S.shown = () => { return shownOf(D, S.hidden); };

  /* Several inputs: what chart i sees, the page's state but its own
   * hidden bands (hide=... for the first in the address, hideI=... for
   * input I); its window is the page's, so a zoom zooms them all. */
  S.panes = [];
  S.pane = (i, Dp) => {
    var P = Object.create(S);
    ['x0', 'x1'].forEach((k) => {
      Object.defineProperty(P, k, { get: () => { return S[k]; }, set: (v) => { S[k] = v; } });
    });
    P.hidden = new Set(); P.D = Dp;
    P.shown = () => { return shownOf(Dp, P.hidden); };
    S.panes[i] = P;
    return P;
  };
  function hideOf(text, Dp) {
    return new Set((text || '').split(',').filter((s) => { return s !== ''; })
      .map(Number).filter((k) => { return k >= 0 && k < Dp.bands.length; }));
  }
  function hideText(set) { return Array.from(set).sort((a, b) => { return a - b; }).join(','); }
  /* The filter box's text as a pattern (regex.js), tried on every
   * name of the page at once, so one that takes too long is refused
   * before anything is drawn with it (past its steps on names a served
   * page adds later, it keeps them); a refused one keeps the one
   * before, as the box is typed in. */
  S.setFilter = (text) => {
    S.filter = text; S.err = '';
    try {
      var re = text ? reCompile(text) : null;
      if (re) [D].concat(S.panes.map((P) => { return P.D; })).forEach((d) => {
        d.rows.concat(d.bands).forEach((r) => { re.test(r.label); re.test(r.name); });
      });
      if (re && re.over) throw new Error(re.over);
      S.re = re;
    } catch (e) { S.err = 'refused: ' + e.message; }
  };

  /* What an address leaves out is the page's first view (S.write
   * leaves defaults out): going back to #v=1 from #v=1&view=peak shows
   * the stack again. */
  var first;
  S.read = () => {
    var h = location.hash.replace(/^#/, ''), p = new URLSearchParams(h);
    first = first || { view: S.view, tab: S.tab };
    if (p.get('v') !== '1') return;
    var v = p.get('view');
    S.view = (v === 'stack' || v === 'norm' || v === 'peak') && !D.diff ? v : first.view;
    var x = (p.get('x') || '').split(',').map(Number);
    if (x.length === 2 && isFinite(x[0]) && isFinite(x[1]) && x[1] > x[0]) { S.x0 = x[0]; S.x1 = x[1]; } else { S.x0 = S.x1 = null; }
    S.hidden = hideOf(p.get('hide'), D);
    S.panes.forEach((P, i) => { P.hidden = hideOf(p.get(i ? 'hide' + i : 'hide'), P.D); });
    S.setFilter(p.get('re') || '');
    S.sort = p.get('sort') || '';
    var k = +p.get('k');
    S.tab = k > 0 && k < S.panes.length ? k : first.tab;
    (p.get('lines') || '').split(',').forEach((k) => { if (D.series[k]) S.lines[k] = true; });
  };

  S.write = () => {
    var p = new URLSearchParams();
    p.set('v', '1');
    if (S.view !== 'stack') p.set('view', S.view);
    if (S.x0 !== null) p.set('x', S.x0 + ',' + S.x1);
    if (!S.panes.length && S.hidden.size) p.set('hide', hideText(S.hidden));
    S.panes.forEach((P, i) => { if (P.hidden.size) p.set(i ? 'hide' + i : 'hide', hideText(P.hidden)); });
    if (S.filter) p.set('re', S.filter);
    if (S.tab) p.set('k', S.tab);
    if (S.sort) p.set('sort', S.sort);
    var l = Object.keys(S.lines).filter((k) => { return S.lines[k]; });
    if (l.length) p.set('lines', l.join(','));
    var h = '#' + p.toString();
    if (h !== location.hash && !(h === '#v=1' && !location.hash)) history.replaceState(null, '', h);
  };

  return S;
}
