/* main.js - the page put together: the data read, the static graph
 * hidden (it stays for print), the parts wired to one state, the keys. */

function main() {
  var B = loadData(), inputs = B.kind === 'many' ? B.inputs : [B], D = inputs[0];
  var S = makeState(D), charts = [], keys = [], table, link = null, live = null;
  var chart = {   /* the charts together: a zoom or a key zooms them all */
    draw: function () {
      if (charts.length < 2) { charts.forEach(function (c) { c.draw(); }); return; }
      var y = Math.max.apply(null, charts.map(function (c) { return c.needY(); }));
      charts.forEach(function (c) { c.draw(y); });
    },
    resized: function () { charts.forEach(function (c) { c.resized(); }); },
    zoomTo: function (a, b) { if (charts.length) charts[0].zoomTo(a, b); },
    zoomBy: function (f) { if (charts.length) charts[0].zoomBy(f); },
    pan: function (f) { if (charts.length) charts[0].pan(f); }
  };
  document.documentElement.classList.add('js');
  $('app').hidden = false;

  /* The table and the address follow after the graph has shown
   * (data-pending meanwhile): the first history.replaceState of a page
   * took 13 ms, in the frame of a hide's redraw. */
  var pending = false;
  function follow() {
    if (pending) return;
    pending = true;
    document.documentElement.setAttribute('data-pending', '1');
    afterFrame(function () {
      pending = false;
      S.write();
      table.refresh();
      document.documentElement.removeAttribute('data-pending');
      var de = document.documentElement;   /* the whole page drawn, once */
      if (!de.hasAttribute('data-idle-ms')) de.setAttribute('data-idle-ms', performance.now().toFixed(1));
    });
  }

  function changed(what) {
    if (what !== 'hl') chart.draw();
    keys.forEach(function (k, i) { k.update(charts[i].hl(), what === 'hl'); });
    if (what !== 'hl') {
      follow();
      document.querySelectorAll('[data-view]').forEach(function (b) { b.setAttribute('aria-pressed', b.getAttribute('data-view') === S.view ? 'true' : 'false'); });
      document.querySelectorAll('[data-line]').forEach(function (b) { b.setAttribute('aria-pressed', S.lines[b.getAttribute('data-line')] ? 'true' : 'false'); });
      $('filter-msg').textContent = S.err;
      $('filter').setAttribute('aria-invalid', S.err ? 'true' : 'false');
      $('reset').disabled = S.x0 === null;
    }
    if (live && (what === 'window' || what === 'state' || what === 'init')) live.zoomed();
  }

  /* A ticky report (one total per counter) and --diff: hp2x's own
   * ranked bars or difference graph stand for the chart, the table
   * holds the numbers. */
  var picture = D.kind === 'counters' || D.kind === 'diff';
  if (D.kind === 'diff') {
    $('tablesec').querySelector('h2').firstChild.textContent = 'Changes ';
    S.read();
  } else if (inputs.length > 1 && !picture) {
    /* Several inputs: a chart each, one time axis, one y scale; the
     * pointer over one puts the crosshair at that time on the others. */
    var lo = Math.min.apply(null, inputs.map(function (d) { return d.lo; }));
    var hi = Math.max.apply(null, inputs.map(function (d) { return d.hi; }));
    var first = document.querySelector('.pane');
    link = {
      hover: function (c, t) { charts.forEach(function (o) { if (o !== c) o.mark(t); }); },
      leave: function (c) { charts.forEach(function (o) { if (o !== c) o.unmark(); }); }
    };
    inputs.forEach(function (d, i) {
      var pane = first;
      if (i) {
        pane = first.cloneNode(true);
        pane.querySelectorAll('[id]').forEach(function (e) { e.removeAttribute('id'); });
        $('panes').appendChild(pane);
      }
      pane.setAttribute('data-input', i);
      var h = pane.querySelector('.pname');
      h.textContent = d.file; h.hidden = false;
      d.lo = lo; d.hi = hi;
      S.pane(i, d);
    });
    S.read();
    inputs.forEach(function (d, i) {
      var pane = document.querySelectorAll('.pane')[i];
      charts.push(makeChart(d, S.panes[i], changed, pane, link));
      keys.push(makeKey(d, S.panes[i], changed, pane));
    });
    link.first = charts[0];
    $('tablesec').querySelector('h2').firstChild.textContent = 'Bands of every input ';
  } else {
    S.read();
    charts.push(makeChart(D, S, changed, document.querySelector('.pane'), null));
    keys.push(makeKey(D, S, changed, document.querySelector('.pane')));
  }
  table = makeTable(inputs.length > 1 && !picture ? inputs : D, S, changed);
  makeTree(D);

  if (picture) {
    $('chart').parentNode.hidden = true; $('overview').hidden = true;
    document.querySelector('.views').hidden = true; $('reset').hidden = true;
    var img = $('graph');
    img.parentNode.removeChild(img);
    $('app').insertBefore(img, $('note'));
  }
  document.querySelectorAll('[data-view]').forEach(function (b) {
    b.addEventListener('click', function () { S.view = b.getAttribute('data-view'); changed('view'); });
  });
  Object.keys(D.series).forEach(function (k) {
    var b = el('button', null, SERIES[k][0]); b.type = 'button';
    b.setAttribute('data-line', k);
    var sw = el('span', 'sw line'); sw.style.borderColor = SERIES[k][1]; b.insertBefore(sw, b.firstChild);
    b.addEventListener('click', function () { S.lines[k] = !S.lines[k]; changed('lines'); });
    document.querySelector('.lines').appendChild(b);
  });
  var f = $('filter');
  f.value = S.filter;
  f.addEventListener('input', function () { S.setFilter(f.value); changed('filter'); });
  $('reset').addEventListener('click', function () { chart.zoomTo(null, null); });
  var help = $('help'), hb = $('help-btn');
  function toggleHelp() { help.hidden = !help.hidden; hb.setAttribute('aria-expanded', help.hidden ? 'false' : 'true'); }
  hb.addEventListener('click', toggleHelp);

  document.addEventListener('keydown', function (e) {
    if (e.target === f) { if (e.key === 'Escape') f.blur(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var k = e.key;
    if (k === 'Escape' || k === '0') chart.zoomTo(null, null);
    else if (k === '+' || k === '=' || k === 'w' || k === 'W') chart.zoomBy(0.5);
    else if (k === '-' || k === 's' || k === 'S') chart.zoomBy(2);
    else if (k === 'ArrowLeft' || k === 'a' || k === 'A') chart.pan(-0.25);
    else if (k === 'ArrowRight' || k === 'd' || k === 'D') chart.pan(0.25);
    else if (k === '1' || k === '2' || k === '3') { S.view = ['stack', 'norm', 'peak'][k - 1]; changed('view'); }
    else if (k === '/') { f.focus(); }
    else if (k === '?') toggleHelp();
    else return;
    e.preventDefault();
  });
  /* Drawn again when the graph's box changes size: a window resized, or
   * a scroll bar come with the table. */
  var rt = null, lastW = -1;
  new ResizeObserver(function () {
    var w = $('chart').clientWidth;
    if (w === lastW) return;
    lastW = w;
    clearTimeout(rt); rt = setTimeout(function () { chart.resized(); chart.draw(); }, 30);
  }).observe($('chart'));
  window.addEventListener('hashchange', function () { S.read(); changed('state'); });
  if (D.live && charts.length === 1) live = makeLive(D, S, changed, charts[0], keys[0]);
  changed('init');
  document.documentElement.setAttribute('data-ready', '1');
  document.documentElement.setAttribute('data-ready-ms', performance.now().toFixed(1));
}

main();
