/* main.js - the page put together: the data read, the static graph
 * hidden (it stays for print), the parts wired to one state, the keys. */

function main() {
  var B = loadData(), inputs = B.kind === 'many' ? B.inputs : [B], D = inputs[0];
  var S = makeState(D), charts = [], keys = [], table, link = null, live = null, show = null, facts = makeFacts();
  var chart = {   /* the charts together: a zoom or a key zooms them all */
    draw: () => {
      if (show) { charts[S.tab].draw(); return; }   /* a run's kinds: the one shown */
      if (charts.length < 2) { charts.forEach((c) => { c.draw(); }); return; }
      var y = Math.max.apply(null, charts.map((c) => { return c.needY(); }));
      charts.forEach((c) => { c.draw(y); });
    },
    resized: () => { charts.forEach((c) => { c.resized(); }); },
    zoomTo: (a, b) => { if (charts.length) charts[0].zoomTo(a, b); },
    zoomBy: (f) => { if (charts.length) charts[0].zoomBy(f); },
    pan: (f) => { if (charts.length) charts[0].pan(f); }
  };
  DE.classList.add('js');
  $('app').hidden = false;

  /* The table and the address follow after the graph has shown
   * (data-pending meanwhile): the first history.replaceState of a page
   * took 13 ms, in the frame of a hide's redraw. */
  var pending = false;
  function follow() {
    if (pending) return;
    pending = true;
    attr(DE, 'data-pending', '1');
    afterFrame(() => {
      pending = false;
      S.write();
      table.refresh();
      DE.removeAttribute('data-pending');
      var de = DE;   /* the whole page drawn, once */
      if (!de.hasAttribute('data-idle-ms')) attr(de, 'data-idle-ms', performance.now().toFixed(1));
    });
  }

  /* The state of the view shown (of its tab, with tabs). */
  function cur() { return show ? S.panes[S.tab] : S; }

  function changed(what) {
    if (show && what !== 'hl') { show(); if (table && table.show) table.show(); charts[S.tab].resized(); }
    if (what !== 'hl') chart.draw();
    keys.forEach((k, i) => { k.update(charts[i].hl(), what === 'hl'); });
    if (what !== 'hl') {
      follow();
      document.querySelectorAll('[data-view]').forEach((b) => { attr(b, 'aria-pressed', b.getAttribute('data-view') === S.view); });
      document.querySelectorAll('[data-line]').forEach((b) => { attr(b, 'aria-pressed', !!cur().lines[b.getAttribute('data-line')]); });
      /* a heap view has no bands to stack or filter */
      facts(cur().D || D);
      if (!picture) document.querySelector('.views').hidden = document.querySelector('.filter').hidden = isHeap(cur().D || D);
      document.querySelector('.lines').hidden = (cur().D || D).unit !== 'B';   /* bytes: not over a time profile's axis */
      if (D.diff) document.querySelector('.views').hidden = true;   /* its graph is stacked only */
      $('filter-msg').textContent = S.err;
      attr($('filter'), 'aria-invalid', !!S.err);
      $('reset').disabled = S.x0 === null;
    }
    if (live && (what === 'window' || what === 'state' || what === 'init')) live.zoomed();
  }

  /* A ticky report (one total per counter): hp2x's own ranked bars
   * stand for the chart, the table holds the numbers. */
  var picture = D.kind === 'counters';
  if (D.diff) $('tablesec').querySelector('h2').firstChild.textContent = 'Changes ';
  if (inputs.length > 1 && !picture) {
    /* Several inputs: a chart each, one time axis, one y scale; the
     * pointer over one puts the crosshair at that time on the others. */
    var lo = Math.min.apply(null, inputs.map((d) => { return d.lo; }));
    var hi = Math.max.apply(null, inputs.map((d) => { return d.hi; }));
    var first = document.querySelector('.pane');
    link = {
      hover: (c, t) => { charts.forEach((o) => { if (o !== c) o.mark(t); }); },
      leave: (c) => { charts.forEach((o) => { if (o !== c) o.unmark(); }); }
    };
    inputs.forEach((d, i) => {
      var pane = first;
      if (i) {
        pane = first.cloneNode(true);
        pane.querySelectorAll('[id]').forEach((e) => { e.removeAttribute('id'); });
        $('panes').appendChild(pane);
      }
      attr(pane, 'data-input', i);
      var h = pane.querySelector('.pname');
      h.textContent = d.file; h.hidden = false;
      d.lo = lo; d.hi = hi;
      var P = S.pane(i, d);
      if (isHeap(d)) heapPane(P, d);
    });
    if (B.tabs) show = makeTabs(B.tabs, S, document.querySelectorAll('.pane'), changed);
    S.read();
    inputs.forEach((d, i) => {
      var pane = document.querySelectorAll('.pane')[i];
      charts.push(makeChart(d, S.panes[i], changed, pane, link));
      keys.push(makeKey(d, S.panes[i], changed, pane));
    });
    link.first = charts[0];
    if (!B.tabs) $('tablesec').querySelector('h2').firstChild.textContent = 'Bands of every input ';
  } else {
    /* A profile with the heap series: the heap view is a tab beside it;
     * a plain -l run's page is the heap view alone. */
    var H = !picture && !D.live && D.n && Object.keys(D.series).length ? heapOf(D) : null, panes = [document.querySelector('.pane')];
    if (isHeap(D)) { heapPane(S, D); $('tablesec').hidden = true; }
    if (H) {
      panes.push(panes[0].cloneNode(true));
      panes[1].querySelectorAll('[id]').forEach((e) => { e.removeAttribute('id'); });
      $('panes').appendChild(panes[1]);
      S.D = D; S.panes.push(S);
      heapPane(S.pane(1, H), H);
      show = makeTabs([D.kind, 'heap-size'], S, panes, changed);
    }
    S.read();
    [D, H].forEach((d, i) => {
      if (!d) return;
      var P = i ? S.panes[1] : S;
      charts.push(makeChart(d, P, changed, panes[i], null));
      keys.push(makeKey(d, P, changed, panes[i]));
    });
  }
  /* A run's kinds: the table of the kind shown (its units, its rows),
   * made again at a change of tab; none for the heap view. */
  var tabT = null;
  table = B.tabs ? {
    /* what is under the graph, before it is drawn (a scroll bar that
     * comes or goes changes its width) */
    show: () => {
      var none = isHeap(inputs[S.tab]);
      $('tablesec').hidden = none;
      if (S.tab) $('treesec').hidden = true;   /* shown after the graph: laying it out took the switch past 50 ms */
      document.querySelector('[data-save=csv]').hidden = none;
      return none;
    },
    refresh: () => {
      var d = inputs[S.tab];
      $('treesec').hidden = !inputs[0].tree || S.tab > 0;   /* the heap view's -hc stacks */
      if (table.show()) return;
      if (!tabT || tabT.k !== S.tab) { $('thead').textContent = ''; tabT = makeTable(d, S, changed); tabT.k = S.tab; }
      tabT.refresh();
    },
    csv: () => { return tabT.csv(); }
  } : makeTable(inputs.length > 1 && !picture ? inputs : D, S, changed);
  makeExport(() => { return picture ? [] : show ? [charts[S.tab]] : charts; }, table, $('title').textContent);
  makeTree(D);

  if (picture) {
    $('chart').parentNode.hidden = true; $('overview').hidden = true;
    document.querySelector('.views').hidden = true; $('reset').hidden = true;
    var img = $('graph');
    img.parentNode.removeChild(img);
    $('app').insertBefore(img, $('note'));
  }
  document.querySelectorAll('[data-view]').forEach((b) => {
    on(b, 'click', () => { S.view = b.getAttribute('data-view'); changed('view'); });
  });
  Object.keys(D.series).forEach((k) => {
    var b = el('button', null, SERIES[k][0]); b.type = 'button';
    attr(b, 'data-line', k);
    var sw = el('span', 'sw line'); sw.style.borderColor = SERIES[k][1]; b.insertBefore(sw, b.firstChild);
    on(b, 'click', () => { var L = cur().lines; L[k] = !L[k]; changed('lines'); });
    document.querySelector('.lines').appendChild(b);
  });
  var f = $('filter');
  f.value = S.filter;
  on(f, 'input', () => { S.setFilter(f.value); changed('filter'); });
  on($('reset'), 'click', () => { chart.zoomTo(null, null); });
  var help = $('help'), hb = $('help-btn');
  function toggleHelp() { help.hidden = !help.hidden; attr(hb, 'aria-expanded', !help.hidden); }
  on(hb, 'click', toggleHelp);

  on(document, 'keydown', (e) => {
    if (e.target === f) { if (e.key === 'Escape') f.blur(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var k = e.key;
    if (k === 'Escape' || k === '0') chart.zoomTo(null, null);
    else if (k === '+' || k === '=' || k === 'w' || k === 'W') chart.zoomBy(0.5);
    else if (k === '-' || k === 's' || k === 'S') chart.zoomBy(2);
    else if (k === 'ArrowLeft' || k === 'a' || k === 'A') chart.pan(-0.25);
    else if (k === 'ArrowRight' || k === 'd' || k === 'D') chart.pan(0.25);
    else if ((k === '1' || k === '2' || k === '3') && !D.diff) { S.view = ['stack', 'norm', 'peak'][k - 1]; changed('view'); }
    else if (k === '/') { f.focus(); }
    else if (k === '?') toggleHelp();
    else return;
    e.preventDefault();
  });
  /* Drawn again when the graph's box changes size: a window resized, or
   * a scroll bar come with the table. */
  var rt = null, lastW = '', boxes = document.querySelectorAll('.chart');   /* each tab's: the one shown */
  var ro = new ResizeObserver(() => {
    var w = Array.from(boxes, (b) => { return b.clientWidth; }).join();
    if (w === lastW) return;
    lastW = w;
    clearTimeout(rt); rt = setTimeout(() => { chart.resized(); chart.draw(); }, 30);
  });
  boxes.forEach((b) => { ro.observe(b); });
  on(window, 'hashchange', () => { S.read(); changed('state'); });
  if (D.live && charts.length === 1) live = makeLive(D, S, changed, charts[0], keys[0]);
  changed('init');
  attr(DE, 'data-ready', '1');
  attr(DE, 'data-ready-ms', performance.now().toFixed(1));
}

main();
