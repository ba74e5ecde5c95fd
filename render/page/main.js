/* main.js - the page put together: the data read, the static graph
 * hidden (it stays for print), the parts wired to one state, the keys. */

function main() {
  var D = loadData(), S = makeState(D), chart, key, table, live = null;
  document.documentElement.classList.add('js');
  $('app').hidden = false;
  S.read();

  function changed(what) {
    if (what !== 'hl') { chart.draw(); S.write(); }
    key.update(chart.hl());
    if (what !== 'hl') {
      table.refresh();
      document.querySelectorAll('[data-view]').forEach(function (b) { b.setAttribute('aria-pressed', b.getAttribute('data-view') === S.view ? 'true' : 'false'); });
      document.querySelectorAll('[data-line]').forEach(function (b) { b.setAttribute('aria-pressed', S.lines[b.getAttribute('data-line')] ? 'true' : 'false'); });
      $('filter-msg').textContent = S.err;
      $('filter').setAttribute('aria-invalid', S.err ? 'true' : 'false');
      $('reset').disabled = S.x0 === null;
    }
    if (live && (what === 'window' || what === 'state' || what === 'init')) live.zoomed();
  }

  chart = makeChart(D, S, changed);
  key = makeKey(D, S, changed);
  table = makeTable(D, S, changed);

  if (D.kind === 'counters') {   /* one total per counter: the table says it */
    /* hp2x's own ranked bars stand for the graph */
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
  if (D.live) live = makeLive(D, S, changed, chart, key);
  changed('init');
  document.documentElement.setAttribute('data-ready', '1');
  document.documentElement.setAttribute('data-ready-ms', performance.now().toFixed(1));
}

main();
