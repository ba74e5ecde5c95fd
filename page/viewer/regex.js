/* regex.js - the filter box's patterns, read as --include and --exclude
 * read them (hp/regex.c: POSIX extended, as grep -E; no back-references,
 * groups nested at most 32 deep, at most 10,000 steps once {m,n} are
 * expanded), case ignored, UTF-16 code units where hp/regex.c has bytes.
 * A pattern is a Thompson NFA matched by walking the name once with the
 * set of live steps in hand: time at most the name's length times the
 * pattern's size, where JavaScript's RegExp backtracks (a link's
 * #re=(.*.*)*### froze the tab over ordinary names).  The steps one
 * filter takes over all the page's names are bounded too (10,000,000):
 * past that it is refused, and the page stays usable. */

/* the C locale's classes, as pairs of ends (a set: a string of them) */
var RE_CLASS = { alpha: 'AZaz', digit: '09', alnum: '09AZaz', upper: 'AZ', lower: 'az', space: '\t\r  ',
  blank: '\t\t  ', punct: '!/:@[`{~', print: ' ~', graph: '!~', cntrl: '\0\x1f\x7f\x7f', xdigit: '09AFaf' };

/* Pattern P as {test(name)}, or throws why it is refused.  test keeps
 * each name's answer; once the steps it took over the names it was
 * given pass 10,000,000, it says why in over and keeps every name. */
function reCompile(P) {
  /* C: the program, each step {o, x, y}: o 's' a set of chars (x:
   * negated, y: its pairs of ends), 'f' a split to +x and +y, 'j' a jump to
   * +x, '^' '$' the anchors, 'm' the match; relative, so an atom's code
   * copied for {m,n} needs no fixing.  p: where P is read, d: groups
   * open, n: steps taken matching. */
  var p = 0, C = [], d = 0, G = 0, n = 0, seen = new Map(), R = {};
  function bad(why) { throw new Error(why); }
  function room(k) { if (C.length + k > 1e4) bad('over 10000 steps once {m,n} are expanded'); }
  function emit(o, x, y) { room(1); C.push({ o: o, x: x, y: y }); }
  function one() {   /* c, [.c.] or [=c=] in a bracket */
    var m = /^\[([.=])([^])\1\]/.exec(P.substr(p, 5));
    if (m) { p += 5; return m[2]; }
    if (/^\[[.=]/.test(P.substr(p, 2))) bad('[.x.] or [=x=] of more than one character');
    return P[p++];
  }
  function bracket() {
    var neg = P[p] === '^', r = '', a, e;
    if (neg) p++;
    for (var first = 1; P[p] !== ']' || first; first = 0) {
      if (p >= P.length) bad('unmatched [');
      if (P.startsWith('[:', p)) {
        e = P.indexOf(':]', p + 2);
        if (e < 0 || !RE_CLASS.hasOwnProperty(P.slice(p + 2, e))) bad('unknown class in [: :]');
        r += RE_CLASS[P.slice(p + 2, e)];
        p = e + 2;
      } else {
        r += a = one();
        if (P[p] === '-' && p + 1 < P.length && P[p + 1] !== ']') {
          p++;
          if (P.startsWith('[:', p)) bad('a range ending in [: :]');
          if ((e = one()) < a) bad('a range ending before its start');
          r += e;
        } else r += a;
      }
    }
    p++;
    emit('s', neg, r);
  }
  function atom() {
    var c = P[p++], k;
    if (c === '(') {
      if (++d > 32) bad('groups nested more than 32 deep');
      alt();
      if (P[p++] !== ')') bad('unmatched (');
      d--;
    } else if ('*+?{'.indexOf(c) >= 0) bad('a repetition of nothing');
    else if (c === '^' || c === '$') emit(c);
    else if (c === '[') bracket();
    else if (c !== '\\') emit('s', c === '.', c === '.' ? '' : c + c);
    else {
      c = P[p++]; k = 'wWsS'.indexOf(c);
      if (c === undefined) bad('a backslash at the end');
      /* \1 to \9: back-references, exponential to match */
      if ('123456789bB<>`\''.indexOf(c) >= 0) bad('\\' + c + ' is not supported');
      emit('s', k % 2 > 0, k < 0 ? c + c : k < 2 ? '09AZ__az' : RE_CLASS.space);
    }
  }
  function num() {
    var v = -1;
    while (P[p] >= '0' && P[p] <= '9') v = Math.min(32768, Math.max(v, 0) * 10 + +P[p++]);
    return v;
  }
  /* an atom, from C[s] on, and its * + ? {m} {m,} {m,n} {,n} {,} */
  function piece() {
    var s = C.length, anchor = /[$^]/.test(P[p]), c, min, max, a, i, k;
    atom();
    while ((c = P[p]) && '*+?{'.indexOf(c) >= 0) {
      if (anchor) bad('a repetition of ^ or $');
      p++;
      min = c === '+' ? 1 : 0; max = c === '?' ? 1 : -1;
      if (c === '{') {
        max = min = num();
        if (P[p] === ',') { p++; max = num(); } else if (min < 0) bad('{ } with no number');
        if (P[p++] !== '}') bad('{ not closed by }');
        min = Math.max(min, 0);
        if (min > 32767 || max > 32767 || (max >= 0 && max < min)) bad('{m,n} with n below m, or past 32767');
      }
      if (min === 1 && max === 1) continue;
      a = C.splice(s); k = a.length + 1;
      room(k * (max < 0 ? min + 1 : max) + 2);
      for (i = 0; i < min; i++) C.push.apply(C, a);
      if (max < 0) { emit('f', 1, k + 1); C.push.apply(C, a); emit('j', -k); }
      else for (i = min; i < max; i++) { emit('f', 1, (max - i) * k); C.push.apply(C, a); }
    }
  }
  function alt() {   /* branch (| branch)*: split +1, next; branch; jump end; ... */
    var jumps = [], s;
    for (;;) {
      s = C.length;
      while (p < P.length && P[p] !== '|' && !(P[p] === ')' && d)) piece();
      if (P[p] !== '|') break;
      p++;
      room(2);
      C.splice(s, 0, { o: 'f', x: 1, y: C.length - s + 2 });
      jumps.push(C.length);
      emit('j');
    }
    jumps.forEach(function (j) { C[j].x = C.length - j; });
  }
  alt();
  emit('m');

  var N = C.length, mark = new Float64Array(N), cur = new Int32Array(N), nxt = new Int32Array(N), K = new Int32Array(2 * N + 2);
  /* pc and what it reaches without reading a char put on list L (k
   * there), at pos (mark g); -1 when that reaches the match */
  function add(L, k, pc, pos, len, g) {
    var sp = 1, I, o;
    K[0] = pc;
    while (sp) {
      pc = K[--sp];
      if (mark[pc] === g) continue;
      mark[pc] = g; n++;
      I = C[pc]; o = I.o;
      if (o === 'j') K[sp++] = pc + I.x;
      else if (o === 'f') { K[sp++] = pc + I.y; K[sp++] = pc + I.x; }
      else if (o === 'm') return -1;
      else if (o === 's') L[k++] = pc;
      else if (o === '^' ? pos === 0 : pos === len) K[sp++] = pc + 1;
    }
    return k;
  }
  /* case ignored: the name lowered (c), a set matching it or its
   * upper case (u: where upper casing keeps the length) */
  function inSet(I, c, u) {
    for (var r = I.y, i = 0, a, b; i < r.length; i += 2) {
      a = r.charCodeAt(i); b = r.charCodeAt(i + 1);
      if ((c >= a && c <= b) || (u >= a && u <= b)) return !I.x;
    }
    return I.x;
  }
  function run(s) {
    s = s.toLowerCase();
    var len = s.length, g = G, nc = 0, U = s.toUpperCase(), pos, i, nn, t, c, u;
    if (U.length !== len) U = s;
    G += len + 2;
    for (pos = 0; ; pos++) {   /* unanchored: a thread starts at every char */
      if ((nc = add(cur, nc, 0, pos, len, g + pos + 1)) < 0) return true;
      if (pos === len) return false;
      if ((n += nc) > 1e7) return !!(R.over = 'over 10,000,000 steps to match these names');
      c = s.charCodeAt(pos); u = U.charCodeAt(pos);
      for (i = nn = 0; i < nc; i++)
        if (inSet(C[cur[i]], c, u) && (nn = add(nxt, nn, cur[i] + 1, pos + 1, len, g + pos + 2)) < 0) return true;
      t = cur; cur = nxt; nxt = t; nc = nn;
    }
  }
  R.test = function (s) {
    var v = R.over || seen.get(s);
    if (v === undefined) seen.set(s, v = run(s));
    return !!v;
  };
  return R;
}
