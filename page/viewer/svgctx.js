/* svgctx.js - the canvas calls the charts draw with (paths, text,
 * dashes, a clip, translate and rotate), written as SVG instead of
 * pixels: the page's export of a view (export.js), a picture to scale,
 * print or edit.  A name is data: text is escaped, and what XML
 * refuses (control characters, a lone half of a surrogate pair) becomes
 * U+FFFD, so a hostile name cannot break the picture. */

function makeSvgCtx() {
  var out = [], under = [], defs = [], stack = [], d = '', clips = 0, meter = el('canvas').getContext('2d');
  var g = { fillStyle: '#000', strokeStyle: '#000', lineWidth: 1, font: '10px sans-serif', textAlign: 'start',
    textBaseline: 'alphabetic', globalCompositeOperation: '', dash: '', tf: '', clipId: '' };
  function n(v) { return round(v * 100) / 100; }
  function text(s) {
    s = String(s);
    return (s.toWellFormed ? s.toWellFormed() : s).replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff&<>\x22]/g,
      (c) => { return c < ' ' || c > '\ufffd' ? '\ufffd' : '&#' + c.charCodeAt(0) + ';'; });
  }
  function put(tag, a, body) {
    (g.globalCompositeOperation === 'destination-over' ? under : out).push('<' + tag + a +
      (g.tf ? ' transform="' + g.tf + '"' : '') + (g.clipId ? ' clip-path="url(#' + g.clipId + ')"' : '') +
      (body === undefined ? '/>' : '>' + text(body) + '</' + tag + '>'));
  }
  function paint(how) { put('path', ' d="' + d + '" ' + how); }
  Object.assign(g, {
    save: () => { stack.push(Object.assign({}, g)); },
    restore: () => { Object.assign(g, stack.pop()); },
    beginPath: () => { d = ''; },
    moveTo: (x, y) => { d += 'M' + n(x) + ' ' + n(y); },
    lineTo: (x, y) => { d += (d ? 'L' : 'M') + n(x) + ' ' + n(y); },
    closePath: () => { d += 'Z'; },
    rect: (x, y, w, h) => { g.moveTo(x, y); d += 'h' + n(w) + 'v' + n(h) + 'h' + n(-w) + 'Z'; },
    clip: () => { g.clipId = 'c' + ++clips; defs.push('<clipPath id="' + g.clipId + '"><path d="' + d + '"/></clipPath>'); },
    fill: () => { paint('fill="' + g.fillStyle + '"'); },
    stroke: () => {
      paint('fill="none" stroke="' + g.strokeStyle + '" stroke-width="' + g.lineWidth + '"' + (g.dash ? ' stroke-dasharray="' + g.dash + '"' : ''));
    },
    fillRect: (x, y, w, h) => { g.beginPath(); g.rect(x, y, w, h); g.fill(); },
    setLineDash: (a) => { g.dash = a.join(' '); },
    translate: (x, y) => { g.tf += ' translate(' + n(x) + ' ' + n(y) + ')'; },
    rotate: (r) => { g.tf += ' rotate(' + n(r * 180 / Math.PI) + ')'; },
    measureText: (s) => { meter.font = g.font; return meter.measureText(s); },
    fillText: (s, x, y) => {
      var a = g.textAlign, dy = { top: '.8em', middle: '.35em' }[g.textBaseline];
      put('text', ' x="' + n(x) + '" y="' + n(y) + '"' + (dy ? ' dy="' + dy + '"' : '') + ' text-anchor="' +
        (a === 'center' ? 'middle' : a === 'right' ? 'end' : 'start') + '" style="font:' + g.font + '" fill="' + g.fillStyle + '"', s);
    },
    /* The picture, w by h CSS pixels, on white. */
    svg: (w, h) => {
      return '<svg xmlns="http://www.w3.org/2000/svg" width="' + n(w) + '" height="' + n(h) + '" viewBox="0 0 ' + n(w) + ' ' + n(h) + '">' +
        '<defs>' + defs.join('') + '</defs><rect width="100%" height="100%" fill="#fff"/>' + under.join('') + out.join('') + '</svg>\n';
    }
  });
  return g;
}
