/* tree.js - -hc: the cost-centre tree.  Each stack's frames from the
 * outermost cost centre in; a node's peak is what the stacks under it
 * hold together at one census, its share theirs of the run (both from
 * hp2x, page/page_tree.c); a node whose stack is a band has the
 * colour the graph draws it in (its own, or OTHER's).  Children, largest share first, are built when
 * first opened, so a tree of thousands of stacks costs what is shown. */

function makeTree(D) {
  if (!D.tree) return;
  var N = D.tree, kids = N.map(() => { return []; }), roots = [];
  N.forEach((n, i) => { (n[0] < 0 ? roots : kids[n[0]]).push(i); });
  function byShare(a, b) { return N[b][4] - N[a][4] || a - b; }
  roots.sort(byShare);
  kids.forEach((k) => { k.sort(byShare); });

  function list(ids, depth) {
    var ul = el('ul', 'tlist');
    ids.forEach((i) => { ul.appendChild(item(i, depth)); });
    return ul;
  }

  function item(i, depth) {
    var n = N[i], li = el('li'), row = el('div', 'node'), sub = null;
    attr(li, 'data-node', i);
    var tog = el('button', 'tog');
    tog.type = 'button';
    if (kids[i].length) {
      attr(tog, 'aria-expanded', 'false');
      attr(tog, 'aria-label', 'open ' + cut(n[1]));
      on(tog, 'click', () => {
        var open = tog.getAttribute('aria-expanded') !== 'true';
        if (open && !sub) { sub = list(kids[i], depth + 1); li.appendChild(sub); }
        sub.hidden = !open;
        attr(tog, 'aria-expanded', !!open);
      });
    } else tog.disabled = true;
    row.appendChild(tog);
    var sw = el('span', 'sw');
    if (n[5] >= 0) sw.style.background = D.bands[n[5]].c; else sw.classList.add('none');
    row.appendChild(sw);
    row.appendChild(el('span', 'tn', cut(n[1])));
    var pk = el('span', 'tv', fmtSI(n[2] * D.scale, D.unit));
    attr(pk, 'data-v', n[2]);
    pk.title = 'peak at ' + n[3] + ' s';
    row.appendChild(pk);
    var sh = el('span', 'tv', fmtPct(n[4]));
    attr(sh, 'data-v', n[4]);
    row.appendChild(sh);
    li.appendChild(row);
    /* open what matters at first: nodes of 5 % or more, three deep */
    if (kids[i].length && depth < 3 && n[4] >= 0.05) tog.click();
    return li;
  }

  $('treesec').hidden = false;
  $('tree').appendChild(list(roots, 0));
}
