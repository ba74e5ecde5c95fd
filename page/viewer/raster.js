/* raster.js - the band graph's views drawn pixel by pixel: every
 * device pixel of the plot written into an ImageData, put on the canvas
 * in one call.  Chromium's software canvas took 25-30 ms to fill 200
 * stacked bands as paths (a rectangle a column a band, or polygons),
 * whatever their shape, and 150-350 ms to stroke 200 lines; this costs a
 * step per column and band and a write per pixel, so hiding a band or
 * zooming redraws within the 50 ms a redraw may take (the page's
 * targets: tests/bench/README.md).
 *
 * The picture is the paths': each device column shows the samples the
 * path version did (chart.js's columns(): with more samples than CSS
 * columns, the column's sample of greatest total, held to the next
 * column's; with fewer, the two samples either side of the column's
 * centre, interpolated as the polygon's straight edges are, except that
 * a column holding a sample shows it, so no peak falls between two
 * columns' centres).  Stacked, a band covers the rows between its
 * stacked edges, in device pixels (crisp at any devicePixelRatio); a
 * row an edge cuts gets each band's colour in proportion to the part of
 * it the band covers, as the paths' antialiasing gave a rectangle's
 * edge, so a band thinner than a pixel still tints its row, and two
 * bands meeting inside a row leave no seam.  As lines (each band over
 * its peak), a band's line in a column spans its value there and the
 * halfway points to its neighbours', as wide as the stroke was, and
 * takes in the columns within half the stroke's width either side. */

/* A drawer of the band graph with its own ImageData, kept while the
 * plot's size stays. */
function makeRaster() {
  var img = null, buf = null, BLOCK = 64;
  var le = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
  var colours = new Map();

  /* '#rrggbb' as [r, g, b, the opaque pixel as a 32-bit word]. */
  function colour(hex) {
    var c = colours.get(hex);
    if (c) return c;
    var n = parseInt(hex.slice(1, 7), 16), r = n >> 16 & 255, gr = n >> 8 & 255, b = n & 255;
    c = [r, gr, b, rasterWord(r, gr, b, 1, le)];
    colours.set(hex, c);
    return c;
  }

  /* The ImageData for R, cleared; false for an empty R. */
  function begin(g, R) {
    if (R.w <= 0 || R.h <= 0) return false;
    if (!img || img.width !== R.w || img.height !== R.h) {
      img = g.createImageData(R.w, R.h);
      buf = new Uint32Array(img.data.buffer);
    } else buf.fill(0);
    return true;
  }

  /* Which samples device column c of R shows: i0[c], i1[c] and the
   * weight f[c] of i1 (0 for one sample), i0[c] -1 for none.  src: the
   * CSS x of a time (x), the times (tm), the sample range (a, b), each
   * sample's total (sum[i - a]) and chart.js's columns() of the range
   * (cols, null for few samples). */
  function samplesOf(R, dpr, src, i0, i1, f) {
    var c, cols = src.cols;
    if (cols) {
      var n = cols.x.length, gi = 0;
      for (c = 0; c < R.w; c++) {
        var css = Math.floor((R.x + c + 0.5) / dpr);
        while (gi + 1 < n && cols.x[gi + 1] <= css) gi++;
        /* the path's rectangles: from a column to the next, the last
         * one column wide */
        var none = css < cols.x[0] || (gi === n - 1 && css > cols.x[gi]);
        i0[c] = i1[c] = none ? -1 : cols.i[gi]; f[c] = 0;
      }
      return;
    }
    /* The path's polygon: straight from sample to sample.  A column
     * with a sample in it shows that one (the greatest total of those
     * there), so no sample's peak falls between two columns' centres;
     * one between two samples, the two interpolated at its centre. */
    var a = src.a, nx = src.b - a + 1, xs = new Float64Array(nx), k = 0, m;
    for (m = 0; m < nx; m++) xs[m] = src.x(src.tm[a + m]);
    for (c = 0; c < R.w; c++) {
      var xl = (R.x + c) / dpr, xr = (R.x + c + 1) / dpr, best = -1;
      while (k < nx && xs[k] < xl) k++;
      for (m = k; m < nx && xs[m] < xr; m++) if (best < 0 || src.sum[m] > src.sum[best]) best = m;
      f[c] = 0;
      if (best >= 0) i0[c] = i1[c] = a + best;
      else if (k === 0 || k === nx) i0[c] = i1[c] = -1;
      else {
        i0[c] = a + k - 1; i1[c] = a + k;
        f[c] = ((xl + xr) / 2 - xs[k - 1]) / (xs[k] - xs[k - 1]);
      }
    }
  }

  /* The bands into g's canvas, within R (device pixels, whole numbers:
   * {x, y, w, h}), at dpr device pixels a CSS pixel.  Bands bottom first:
   * hex[j] the colour of the j-th, vals[j][i] its height at sample i
   * before stacking, divided by tot[i - src.a] when tot is given (the
   * 100 % view); y(v) the CSS y of a stacked value v.  down (--diff):
   * values below 0 stack down from the axis, drawn as those above it,
   * rows mirrored. */
  function stack(g, R, dpr, src, hex, vals, tot, y, down) {
    if (!begin(g, R)) return;
    var w = R.w, h = R.h, nb = hex.length, a = src.a, j, r, c, k;
    var i0 = new Int32Array(w), i1 = new Int32Array(w), f = new Float64Array(w);
    samplesOf(R, dpr, src, i0, i1, f);
    var cr = new Float64Array(nb), cg = new Float64Array(nb), cb = new Float64Array(nb), cw = new Uint32Array(nb);
    for (j = 0; j < nb; j++) { var q = colour(hex[j]); cr[j] = q[0]; cg[j] = q[1]; cb[j] = q[2]; cw[j] = q[3]; }
    var y0 = y(0) * dpr - R.y, dy = y(1) * dpr - R.y - y0;   /* y is linear */
    /* the axis on a row's edge: no row shared, part covered by each side */
    if (down) y0 = round(y0);
    var line = new Uint32Array(h), hs = new Float64Array(nb), hn = new Float64Array(nb);
    var zr = down ? min(h, y0) : h, zd = min(h, h - y0);
    for (c = 0; c < w; c += n) {
      var p = i0[c], p1 = i1[c], fc = f[c], n = 1;
      /* n columns that show the same samples (a CSS column at a
       * devicePixelRatio of 2, a sample held) are copies of the first */
      while (c + n < w && i0[c + n] === p && i1[c + n] === p1 && f[c + n] === fc) n++;
      if (p < 0) continue;
      var s0 = tot ? tot[p - a] : 1, s1 = tot ? tot[p1 - a] : 1;
      s0 = s0 > 0 ? 1 / s0 : 0; s1 = s1 > 0 ? 1 / s1 : 0;
      if (fc) for (j = 0; j < nb; j++) hs[j] = (1 - fc) * vals[j][p] * s0 + fc * vals[j][p1] * s1;
      else for (j = 0; j < nb; j++) hs[j] = vals[j][p] * s0;
      var top = rasterColumn(hs, nb, y0, dy, h, cr, cg, cb, cw, line, le);
      for (k = c; k < c + n; k++)
        for (r = top; r < zr; r++) buf[r * w + k] = line[r];
      if (!down) continue;
      for (j = 0; j < nb; j++) hn[j] = -hs[j];
      top = rasterColumn(hn, nb, h - y0, dy, h, cr, cg, cb, cw, line, le);
      for (k = c; k < c + n; k++)
        for (r = top; r < zd; r++) buf[(h - 1 - r) * w + k] = line[r];
    }
    g.putImageData(img, R.x, R.y);
  }

  /* One line a band, bands in order (a later one over an earlier one),
   * within R as stack() draws: vals[j][i] * scale[j] the j-th band's
   * value at sample i, y(v) the CSS y of a value, lw the line's width in
   * CSS pixels.  Each device column takes the samples stack() would; in
   * it the line runs from halfway to the last column's value through its
   * own to halfway to the next one's, lw tall, its end rows shaded by
   * the part it covers and laid over what is there. */
  function lines(g, R, dpr, src, hex, vals, scale, y, lw) {
    if (!begin(g, R)) return;
    var w = R.w, h = R.h, j, c;
    var i0 = new Int32Array(w), i1 = new Int32Array(w), f = new Float64Array(w);
    samplesOf(R, dpr, src, i0, i1, f);
    var y0 = y(0) * dpr - R.y, dy = y(1) * dpr - R.y - y0, hw = lw * dpr / 2, wide = Math.floor(hw);
    var qs = hex.map(colour);
    /* BLOCK columns at a time, every band in them: a band drawn across
     * the whole plot at once reads pixels the bands before it left in
     * an image too big for the cache (2.5 MB at 1300 x 480), and the
     * reads, missing, took most of the time.  A column's line needs the
     * values of the columns next to it and, at a devicePixelRatio of 2,
     * those of the columns within the stroke's half width either side:
     * a block's values reach that far beyond it. */
    var pad = wide + 1, ys = new Float64Array(BLOCK + 2 * pad);
    var los = new Float64Array(BLOCK + 2 * pad), his = new Float64Array(BLOCK + 2 * pad);
    for (var c0 = 0; c0 < w; c0 += BLOCK) {
      var ce = c0 + BLOCK < w ? c0 + BLOCK : w;
      var lo = c0 - pad > 0 ? c0 - pad : 0, hi = ce + pad < w ? ce + pad : w;
      for (j = 0; j < hex.length; j++) {
        var vj = vals[j], sj = scale[j];
        for (c = lo; c < hi; c++) {
          var p = i0[c], fc = f[c];
          ys[c - lo] = p < 0 ? NaN : y0 + dy * sj * (fc ? (1 - fc) * vj[p] + fc * vj[i1[c]] : vj[p]);
        }
        /* the line in each column: from halfway to the last column's
         * value through its own to halfway to the next one's */
        for (c = lo; c < hi; c++) {
          var k = c - lo, yc = ys[k], l = yc, u = yc, m;
          if (yc === yc) {   /* not NaN (no sample) */
            if (c > lo && ys[k - 1] === ys[k - 1]) { m = (ys[k - 1] + yc) / 2; if (m < l) l = m; else if (m > u) u = m; }
            if (c + 1 < hi && ys[k + 1] === ys[k + 1]) { m = (ys[k + 1] + yc) / 2; if (m < l) l = m; else if (m > u) u = m; }
          }
          los[k] = l; his[k] = u;
        }
        rasterLine(buf, w, h, los, his, lo, hi, c0, ce, hw, qs[j], le);
      }
    }
    g.putImageData(img, R.x, R.y);
  }

  return { stack: stack, lines: lines };
}

/* A pixel of colour (r, g, b) (0-255) and opacity a (0-1) as the word
 * an ImageData's bytes R, G, B, A make on this machine (le: little
 * endian). */
function rasterWord(r, g, b, a, le) {
  r = r + 0.5 | 0; g = g + 0.5 | 0; b = b + 0.5 | 0; a = (a < 1 ? a : 1) * 255 + 0.5 | 0;
  return (le ? (a << 24 | b << 16 | g << 8 | r) : (r << 24 | g << 16 | b << 8 | a)) >>> 0;
}

/* One device column of stack(), bottom up, into line[row] (rows from
 * the top): hs[j] the height of the j-th band there (0 or less:
 * not there), y0 and dy the row of 0 and of one more unit, h the rows,
 * cr, cg, cb and cw the bands' colours (raster.js's colour()).  A
 * small function called once a column: V8 throws away the compiled code
 * of what a page has not run for a while (hovering makes garbage, and
 * collecting it ages the code), and then optimises a small function
 * called often sooner than one long loop, which ran slow for most of
 * the first redraw after (a hide 30 ms at 200 bands instead of 12).
 * Returns the top row written. */
function rasterColumn(hs, nb, y0, dy, h, cr, cg, cb, cw, line, le) {
  /* pr: the row an edge cuts, its colours added up (aR, aG, aB) by the
   * part each band covers (their sum aA) */
  var cum = 0, u = y0, pr = -1, aR = 0, aG = 0, aB = 0, aA = 0, j, r;
  for (j = 0; j < nb; j++) {
    var v = hs[j];
    if (!(v > 0)) continue;
    cum += v;
    var t = y0 + dy * cum, bot = u < h ? u : h;
    u = t;
    if (t < 0) t = 0;
    if (!(bot > t)) continue;
    var rb = Math.ceil(bot) - 1, rt = Math.floor(t), cov = rt === rb ? bot - t : bot - rb;
    if (rb !== pr) {
      if (pr >= 0) line[pr] = rasterWord(aR / aA, aG / aA, aB / aA, aA, le);
      pr = rb; aR = aG = aB = aA = 0;
    }
    aR += cov * cr[j]; aG += cov * cg[j]; aB += cov * cb[j]; aA += cov;
    if (rt === rb) continue;
    line[pr] = rasterWord(aR / aA, aG / aA, aB / aA, aA, le);
    for (r = rb - 1; r > rt; r--) line[r] = cw[j];
    pr = rt; cov = rt + 1 - t;
    aR = cov * cr[j]; aG = cov * cg[j]; aB = cov * cb[j]; aA = cov;
  }
  if (pr < 0) return h;
  line[pr] = rasterWord(aR / aA, aG / aA, aB / aA, aA, le);
  return pr;
}

/* One line of lines() into buf (the image's pixels as words, w by h),
 * in columns c0 to ce - 1: in column c it spans los[c - lo] to
 * his[c - lo] (device rows; given for columns lo to hi - 1), hw more
 * either side, and takes in the columns within hw either side (so a
 * steep stretch is as wide as the stroke was: 1 at 2 device pixels a
 * CSS pixel); its end rows are shaded by the part it covers and laid
 * over what is there.  q: its colour (raster.js's colour()).  A
 * function of its own for the reason rasterColumn() is. */
function rasterLine(buf, w, h, los, his, lo, hi, c0, ce, hw, q, le) {
  var wide = Math.floor(hw), c, e, r;
  for (c = c0; c < ce; c++) {
    var up = los[c - lo], dn = his[c - lo];
    for (e = c - wide; e <= c + wide; e++)
      if (e >= lo && e < hi && e !== c) {
        if (los[e - lo] < up || up !== up) up = los[e - lo];
        if (his[e - lo] > dn || dn !== dn) dn = his[e - lo];
      }
    if (up !== up) continue;   /* no sample here or near */
    var t = up - hw, b = dn + hw;
    if (t < 0) t = 0;
    if (b > h) b = h;
    if (!(b > t)) continue;
    /* the rows from r0 to r1: the two ends shaded by the part covered,
     * the rows between the line's colour */
    var r0 = Math.floor(t), r1 = Math.ceil(b) - 1;
    if (r0 === r1) { rasterOver(buf, r0 * w + c, q, b - t, le); continue; }
    rasterOver(buf, r0 * w + c, q, r0 + 1 - t, le);
    for (r = r0 + 1; r < r1; r++) buf[r * w + c] = q[3];
    rasterOver(buf, r1 * w + c, q, b - r1, le);
  }
}

/* Colour q (raster.js's colour()) over buf[o], covering the part a of
 * it (0-1): source over, unpremultiplied. */
function rasterOver(buf, o, q, a, le) {
  var was = buf[o];
  if (a >= 1) { buf[o] = q[3]; return; }
  if (was === 0) { buf[o] = rasterWord(q[0], q[1], q[2], a, le); return; }
  var pr = le ? was & 255 : was >>> 24, pg = le ? was >>> 8 & 255 : was >>> 16 & 255;
  var pb = le ? was >>> 16 & 255 : was >>> 8 & 255, pa = le ? was >>> 24 : was & 255;
  var da = pa / 255 * (1 - a), oa = a + da;
  buf[o] = rasterWord((q[0] * a + pr * da) / oa, (q[1] * a + pg * da) / oa, (q[2] * a + pb * da) / oa, oa, le);
}
