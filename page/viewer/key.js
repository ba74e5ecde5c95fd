/* key.js - the key: one button per drawn band, top band first, with
 * its name (wrapped; a long one cut, util.js, whole in the table).  A click hides or shows the band
 * (the rest re-stack and y rescales); Ctrl-, Cmd- or Alt-click keeps
 * only that band, and again shows them all. */

function makeKey(D, S, changed, root) {
  var box = root.querySelector('.key'), btns = [], lastHl = -1;
  for (var k = D.bands.length - 1; k >= 0; k--) add(k, false);

  /* Band k's button: at the bottom while the key is built top first,
   * on top for a band that came later (live.js). */
  function add(k, top) {
    var b = el('button', 'kb');
    b.type = 'button';
    var sw = el('span', 'sw'); sw.style.background = D.bands[k].c;
    b.appendChild(sw);
    b.appendChild(el('span', 'kn', cut(D.bands[k].label)));
    attr(b, 'data-slot', k);
    b.title = D.bands[k].label;
    on(b, 'click', click.bind(null, k));
    if (top) box.insertBefore(b, box.firstChild); else box.appendChild(b);
    btns[k] = b;
  }

  function click(k, e) {
    var all = D.bands.map((_, j) => { return j; });
    if (e.ctrlKey || e.metaKey || e.altKey) {
      var solo = all.every((j) => { return j === k ? !S.hidden.has(j) : S.hidden.has(j); });
      S.hidden = new Set(solo ? [] : all.filter((j) => { return j !== k; }));
    } else if (S.hidden.has(k)) S.hidden.delete(k);
    else S.hidden.add(k);
    changed('bands');
  }

  return {
    add: (k) => { add(k, true); },
    /* Each button as the state says; only what changed is touched (a
     * hide or a hover changes one or two of 200 buttons, and setting
     * the rest again made the browser restyle them all).  hlOnly: only
     * the band under the pointer changed, and only the buttons of the
     * one before and the one now are looked at. */
    update: (hl, hlOnly) => {
      (hlOnly ? [lastHl, hl] : btns.map((_, k) => { return k; })).forEach((k) => {
        var b = btns[k];
        if (!b) return;
        var st = (S.hidden.has(k) ? 1 : 0) | (!S.matches(D.bands[k].label) && !S.matches(D.bands[k].name) ? 2 : 0) | (k === hl ? 4 : 0);
        if (b.st === st) return;
        b.st = st;
        attr(b, 'aria-pressed', !(st & 1));
        b.classList.toggle('out', (st & 2) !== 0);
        b.classList.toggle('hl', (st & 4) !== 0);
      });
      lastHl = hl;
    }
  };
}
