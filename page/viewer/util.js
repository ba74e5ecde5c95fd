/* util.js - small helpers every part uses: elements built with text
 * only (a profile's names are data, never markup), and numbers as the
 * static graph and --summary write them. */

function $(id) { return document.getElementById(id); }
var DE = document.documentElement, max = Math.max, min = Math.min, round = Math.round;
/* Short for what the page does most (a boolean v reads 'true' or
 * 'false', as ARIA's states are written). */
function attr(e, k, v) { e.setAttribute(k, v); }
function on(e, type, f) { e.addEventListener(type, f); }

/* An element with text content (never innerHTML: names are hostile). */
function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

/* Text as the key, the tooltip, the table and the tree show it: whole
 * up to 160 characters, else its start and its end around an ellipsis,
 * so names that differ only at the end are told apart (a character of
 * two UTF-16 units cut where the end starts shows as an unknown one).  A name is data
 * from the program, up to 64 MiB: the browser measures what it shows
 * over every character at every layout (five names of 100 KB, shown
 * whole, kept the page from being ready for seconds to a minute).  The
 * table gives the whole text on demand. */
function cut(s) {
  return s.length <= 160 ? s : s.slice(0, 106).replace(/[\ud800-\udbff]$/, '') + ' … ' + s.slice(-53);
}

var SI = ['', 'k', 'M', 'G', 'T', 'P', 'E'];

/* v with an SI prefix, three significant digits: "32.3 MB", as
 * --summary's summary_bytes writes it. */
function fmtSI(v, unit) {
  var a = Math.abs(v), i = 0;
  while (a >= 999.5 && i + 1 < SI.length) { a /= 1000; v /= 1000; i++; }
  /* trailing zeros of the decimals only: 400.0001 is "400", not "4" */
  if (i === 0) return (Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(3)))) + (unit ? ' ' + unit : '');
  return Number(v.toPrecision(3)) + ' ' + SI[i] + (unit || '');
}

/* v as fmtSI writes it, with its sign: "+1.2 MB", "-3 kB". */
function fmtSigned(v, unit) { return (v > 0 ? '+' : '') + fmtSI(v, unit); }

/* Seconds, with as many decimals as the span shown needs. */
function fmtTime(t, span) {
  var d = span > 0 ? max(0, min(9, 2 - Math.floor(Math.log10(span)))) : 3;
  return t.toFixed(d);
}

function fmtPct(f) { return (f * 100).toFixed(f >= 0.1 || f === 0 ? 1 : 2) + ' %'; }

/* Index of the last time <= t (0 when t is before the first). */
function lowerIdx(times, t) {
  var lo = 0, hi = times.length - 1;
  if (hi < 0 || t <= times[0]) return 0;
  if (t >= times[hi]) return hi;
  while (hi - lo > 1) {
    var mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid; else hi = mid;
  }
  return lo;
}

/* Index of the time nearest t. */
function nearestIdx(times, t) {
  var i = lowerIdx(times, t);
  if (i + 1 < times.length && t - times[i] > times[i + 1] - t) i++;
  return i;
}

/* 1-2-5 steps: about n ticks over [a, b]. */
function niceStep(span, n) {
  var raw = span / n, p = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / p;
  return p * (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10);
}

/* fn after the next frame is drawn: work the reader does not look at
 * first (the overview, the table below the graph) waits for the graph
 * to show, so a click or a zoom shows within a frame or two. */
function afterFrame(fn) {
  requestAnimationFrame(function () { setTimeout(fn, 0); });
}
