/* tabs.js - one run's kinds (an eventlog of +RTS -hc -p -l: heap, time,
 * heap size) as tabs, one view shown at a time, as WAI-ARIA's tabs
 * pattern has them: arrow keys, Home and End move along the tabs.  The
 * views share the page's window, marks and time axis; the address keeps
 * the view (state.js's k).  Returns what shows S.tab's view. */

function makeTabs(names, S, panes, changed) {
  var bar = el('div', 'tabs'), n = names.length;
  var tabs = names.map((name, i) => {
    var b = el('button', null, name);
    attr(b, 'role', 'tab');
    on(b, 'click', () => { S.tab = i; changed('tab'); });
    bar.appendChild(b);
    attr(panes[i], 'role', 'tabpanel');
    return b;
  });
  attr(bar, 'role', 'tablist');
  on(bar, 'keydown', (e) => {
    var k = e.key, i = k === 'ArrowRight' ? S.tab + 1 : k === 'ArrowLeft' ? S.tab + n - 1 : k === 'Home' ? 0 : k === 'End' ? n - 1 : -1;
    if (i < 0) return;
    e.preventDefault(); e.stopPropagation();   /* not the page's pan */
    S.tab = i % n; changed('tab'); tabs[S.tab].focus();
  });
  $('panes').before(bar);
  return () => {
    tabs.forEach((b, i) => {
      attr(b, 'aria-selected', i === S.tab);
      b.tabIndex = i === S.tab ? 0 : -1;
      panes[i].hidden = i !== S.tab;
    });
  };
}
