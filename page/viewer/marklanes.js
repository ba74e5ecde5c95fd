/* marklanes.js - the marks' labels above the graph, as text in the
 * document (find-in-page and screen readers have them; the canvas
 * draws only the dashed lines): in lanes, each label beside its line,
 * by the rule the PNG, PDF and SVG follow (render/layout/markplace.c,
 * layout_place_marks; the two must agree): right of its line, else
 * left of it, else on the wider side, shortened; in the first lane
 * where it clears the label before it by MARK_GAP; lane 0 next to the
 * graph.  Where the C leaves out a label that finds no lane among
 * MARK_LANES, the page lists it under the graph, so none is lost at any
 * zoom; a shortened label shows the rest on hover. */

var MARK_GAP = 4, MARK_PAD = 2, MARK_LANES = 6, MARK_RETRY = 2, LANE_H = 14;

/* marks: [x, label] in time order (x: the line, in the strip's
 * pixels); measure(text): its width; the labels kept within
 * [left, right].  Each label placed: [mark, lane, x0, width, whole
 * width]; out: the marks whose labels found no lane. */
function placeMarkLabels(marks, measure, left, right) {
  var end = [], lanes = 0, lastFail = -Infinity, placed = [], out = [], j;
  marks.forEach(function (k, i) {
    var x = k[0], free = lanes < MARK_LANES;
    if (k[1] === null) return;
    for (j = 0; j < lanes && !free; j++) free = end[j] + MARK_GAP <= x;
    if (x - lastFail < MARK_RETRY || !free) { out.push(i); return; }
    var whole = measure(k[1]), w = min(whole, right - left), x0;
    if (x + MARK_PAD + w <= right) x0 = x + MARK_PAD;
    else if (x - MARK_PAD - w >= left) x0 = x - MARK_PAD - w;
    else if (right - x > x - left) { x0 = x + MARK_PAD; w = right - x0; }
    else { x0 = left; w = x - MARK_PAD - x0; }
    for (j = 0; j < lanes && end[j] + MARK_GAP > x0; j++);
    if (j === MARK_LANES) { lastFail = x; out.push(i); return; }
    if (j === lanes) lanes++;
    end[j] = x0 + w;
    placed.push([i, j, x0, w, whole]);
  });
  return { lanes: lanes, placed: placed, out: out };
}

/* The strip above chart box `box` (its .mlanes sibling) filled with the
 * labels of marks (as placeMarkLabels takes them, and each mark's time
 * as k[2]); returns the labels that found no lane, as "0.52 s: done". */
function drawMarkLanes(strip, marks, measure, left, right, span) {
  var p = placeMarkLabels(marks, measure, left, right), h = p.lanes * LANE_H;
  strip.textContent = '';
  strip.style.height = h + 'px';
  p.placed.forEach(function (q) {
    var k = marks[q[0]], top = h - (q[1] + 1) * LANE_H;
    var rule = el('div', 'mrule');   /* the line, up to its label */
    rule.style.left = round(k[0]) + 'px'; rule.style.top = top + LANE_H / 2 + 'px';
    strip.appendChild(rule);
    var s = el('span', 'mk', k[1]);
    s.style.left = q[2] + 'px'; s.style.top = top + 'px'; s.style.width = q[3] + 'px';
    attr(s, 'data-t', k[2]); attr(s, 'data-lane', q[1]);
    if (q[3] < q[4] - 0.5) { s.className += ' cut'; s.title = k[1]; }
    strip.appendChild(s);
  });
  return p.out.map(function (i) { return fmtTime(marks[i][2], span) + ' s: ' + marks[i][1]; });
}
