/* export.js - the view shown, as the reader set it (its window, hidden
 * bands, filter, chart and tab), saved from the page itself with no
 * request: as SVG (svgctx.js: the bands as paths, the key beside them),
 * as PNG (the same drawing on a canvas, at twice the size), and the
 * table's rows, filtered and sorted, as CSV.  shown(): the charts in
 * view, each drawn below the one before under its input's name. */

function makeExport(shown, table, title) {
  var box = el('span', 'export');
  attr(box, 'role', 'group'); attr(box, 'aria-label', 'Save');
  /* a ticky report's page, and --diff's: the picture hp2x drew */
  var img = $('graph'), drawn = () => { return decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1)); };
  [['SVG', () => { save(shown().length ? picture(makeSvgCtx()).svg : drawn(), 'image/svg+xml', 'svg'); }],
   ['PNG', png], ['CSV', () => { save(table.csv(), 'text/csv', 'csv'); }]].forEach((b) => {
    var e = el('button', null, b[0]);
    e.type = 'button'; e.title = 'Save ' + (b[0] === 'CSV' ? 'the table' : 'the view') + ' as ' + b[0];
    attr(e, 'data-save', b[0].toLowerCase());
    e.hidden = b[0] === 'CSV' && $('tablesec').hidden;   /* a heap view has no table */
    on(e, 'click', b[1]);
    box.appendChild(e);
  });
  $('help-btn').before(box);

  /* The title, then each chart with its key to the right (top band
   * first, as the graph stacks them), into g; g.svg: the SVG text when g
   * is svgctx.js's; w, h: the size. */
  function picture(g) {
    var y = 34, w = 0;
    g.fillStyle = '#222'; g.textBaseline = 'top'; g.textAlign = 'left';
    g.font = 'bold 16px system-ui, sans-serif';
    g.fillText(cut(title), 10, 8);   /* a JOB of 100 KB stays a line */
    shown().forEach((c) => {
      var D = c.D, kw = 0;
      if (shown().length > 1 && D.file) {
        g.font = 'bold 13px system-ui, sans-serif'; g.fillStyle = '#222'; g.textBaseline = 'top'; g.textAlign = 'left';
        g.fillText(cut(D.file), 10, y); y += 20;
      }
      g.save(); g.translate(0, y);
      var s = c.paint(g), ky = s[0] + 24;
      g.font = '12px system-ui, sans-serif'; g.textBaseline = 'middle'; g.textAlign = 'left';
      c.visible().slice().reverse().map((k) => { return [D.bands[k].c, D.bands[k].label, 12]; })
        .concat(c.lines().map((k) => { return [SERIES[k][1], SERIES[k][0], 2]; })).forEach((b) => {
          var t = cut(b[1]);
          g.fillStyle = b[0]; g.fillRect(s[1] + 8, ky + 6 - b[2] / 2, 12, b[2]);
          g.fillStyle = '#222'; g.fillText(t, s[1] + 26, ky + 6);
          kw = max(kw, g.measureText(t).width); ky += 16;
        });
      g.restore();
      w = max(w, s[1] + (kw ? 36 + kw : 0));
      y += max(s[0] + s[2], ky) + 12;
    });
    return { svg: g.svg && g.svg(w, y), w: w, h: y };
  }

  function png() {
    var pic = !shown().length, size = pic ? { w: img.naturalWidth, h: img.naturalHeight } : picture(makeSvgCtx());
    var cv = document.createElement('canvas'), g = cv.getContext('2d');
    cv.width = round(size.w * 2); cv.height = round(size.h * 2);
    g.scale(2, 2);
    if (pic) g.drawImage(img, 0, 0, size.w, size.h); else picture(g);
    g.globalCompositeOperation = 'destination-over';   /* under the grid lines drawn behind the bands */
    g.fillStyle = '#fff'; g.fillRect(0, 0, size.w, size.h);
    cv.toBlob((b) => { save(b, 'image/png', 'png'); }, 'image/png');
  }

  /* A file of the page's name made here and handed to the browser's
   * downloads: a blob: address, no request. */
  function save(data, type, ext) {
    var a = el('a'), url = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type: type }));
    a.href = url;
    a.download = (title.split('/').pop().replace(/[^\w.-]+/g, '_').slice(0, 60) || 'hp2x') + '.' + ext;
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(() => { URL.revokeObjectURL(url); }, 60000);
    attr(DE, 'data-saved', ext);
  }
}
