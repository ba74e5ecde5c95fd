/* state.js - what the reader chose (view, window, hidden bands, filter,
 * lines) kept in the address's fragment, so a copied link reopens the
 * same view: #v=1&view=norm&x=1.5,3.25&hide=0,3&re=Foo&lines=heap_size
 * (hidden bands by their place in the key, bottom first). */

function makeState(D) {
  var S = { view: 'stack', x0: null, x1: null, hidden: new Set(), filter: '', lines: {}, re: null, err: '' };

  S.matches = function (name) { return !S.re || S.re.test(name); };
  /* The bands drawn now, bottom first. */
  S.shown = function () {
    var out = [];
    for (var k = 0; k < D.bands.length; k++)
      if (!S.hidden.has(k) && (S.matches(D.bands[k].label) || S.matches(D.bands[k].name))) out.push(k);
    return out;
  };
  S.setFilter = function (text) {
    var f = compileFilter(text);
    S.filter = text; S.err = f.err;
    if (!f.bad) S.re = f.re;
  };

  S.read = function () {
    var h = location.hash.replace(/^#/, ''), p = new URLSearchParams(h);
    if (p.get('v') !== '1') return;
    var v = p.get('view');
    if (v === 'stack' || v === 'norm' || v === 'peak') S.view = v;
    var x = (p.get('x') || '').split(',').map(Number);
    if (x.length === 2 && isFinite(x[0]) && isFinite(x[1]) && x[1] > x[0]) { S.x0 = x[0]; S.x1 = x[1]; }
    S.hidden = new Set((p.get('hide') || '').split(',').filter(function (s) { return s !== ''; })
      .map(Number).filter(function (k) { return k >= 0 && k < D.bands.length; }));
    S.setFilter(p.get('re') || '');
    (p.get('lines') || '').split(',').forEach(function (k) { if (D.series[k]) S.lines[k] = true; });
  };

  S.write = function () {
    var p = new URLSearchParams();
    p.set('v', '1');
    if (S.view !== 'stack') p.set('view', S.view);
    if (S.x0 !== null) p.set('x', S.x0 + ',' + S.x1);
    if (S.hidden.size) p.set('hide', Array.from(S.hidden).sort(function (a, b) { return a - b; }).join(','));
    if (S.filter) p.set('re', S.filter);
    var l = Object.keys(S.lines).filter(function (k) { return S.lines[k]; });
    if (l.length) p.set('lines', l.join(','));
    var h = '#' + p.toString();
    if (h !== location.hash && !(h === '#v=1' && !location.hash)) history.replaceState(null, '', h);
  };

  return S;
}
