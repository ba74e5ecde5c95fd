#!/usr/bin/env python3
"""tests/e2e/ticklabels.py - the tick labels of a graph, as numbers.

    ticklabels.py ps FILE.ps     hp2ps's PostScript: each label is a string
                                 shown after its 4-pt tick ("0 -4 rlineto"
                                 on the x axis, "-4 0 rlineto" on the y axis)
    ticklabels.py svg FILE.svg   hp2x's SVG: its text layer (<text> over the
                                 glyphs); x labels are the numbers on the
                                 time legend's baseline, y labels the
                                 numbers right-aligned left of the graph

print two lines, "x V V ..." and "y V V ...": each label's value ("1,200M"
is 1200000000; k, M, G, T as hp2ps and hp2x write them).

    ticklabels.py covers [--y-only] NAME PS SVG [NAME PS SVG ...]

checks that hp2x (SVG) labels at least the ticks hp2ps (PS) labels: every
y value of hp2ps's among hp2x's, and as many x labels (both step from the
first sample alike, but hp2ps prints each "%.1f": 0.02 s apart they read
"0.0 0.0 0.0 0.1"); prints a line per failure, exit status 1 if any.
"""
import html
import re
import sys

NUM = re.compile(r'^-?[0-9][0-9,]*(\.[0-9]+)?[kMGT]?$')
MUL = {'k': 1e3, 'M': 1e6, 'G': 1e9, 'T': 1e12}


def value(s):
    m = 1.0
    if s[-1] in MUL:
        m = MUL[s[-1]]
        s = s[:-1]
    return float(s.replace(',', '')) * m


def from_ps(text):
    xs, ys = [], []
    pat = re.compile(r'(0 -4|-4 0) rlineto\nstroke\nHE10 setfont\n\((.*)\)\n')
    for m in pat.finditer(text):
        (xs if m.group(1) == '0 -4' else ys).append(value(m.group(2)))
    return xs, ys


def from_svg(text):
    pat = re.compile(r'<text x="([-0-9.]+)" y="([-0-9.]+)"[^>]*?'
                     r'textLength="([0-9.]+)"[^>]*?(transform="[^"]*")?>'
                     r'([^<]*)</text>')
    texts = [(float(x), float(y), float(w), bool(rot), html.unescape(s))
             for x, y, w, rot, s in pat.findall(text)]
    legend = [t for t in texts if not t[3] and t[4].endswith('seconds') and
              not NUM.match(t[4])]
    base = max(t[1] for t in legend) if legend else None
    xs = [value(t[4]) for t in texts
          if not t[3] and t[1] == base and NUM.match(t[4])]
    ys = [value(t[4]) for t in texts
          if not t[3] and t[1] != base and NUM.match(t[4]) and
          t[0] + t[2] < 80]
    return xs, ys


def labels(kind, path):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    return from_ps(text) if kind == 'ps' else from_svg(text)


def fmt(vs):
    return ' '.join('%.12g' % v for v in vs)


def covers(args):
    y_only = args[:1] == ['--y-only']
    if y_only:
        args = args[1:]
    bad = 0
    for i in range(0, len(args) - 2, 3):
        name, ps, svg = args[i:i + 3]
        (px, py), (sx, sy) = labels('ps', ps), labels('svg', svg)
        have = set(fmt([v]) for v in sy)
        missing = [v for v in py if fmt([v]) not in have]
        if missing:
            print('%s: y axis: hp2ps labels %s, hp2x does not '
                  '(hp2ps: %s; hp2x: %s)' % (name, fmt(missing), fmt(py),
                                             fmt(sy)))
            bad = 1
        if not y_only and len(sx) < len(px):
            print('%s: x axis: hp2ps labels %d ticks, hp2x %d '
                  '(hp2ps: %s; hp2x: %s)' % (name, len(px), len(sx),
                                             fmt(px), fmt(sx)))
            bad = 1
    return bad


def main():
    if sys.argv[1] == 'covers':
        sys.exit(covers(sys.argv[2:]))
    xs, ys = labels(sys.argv[1], sys.argv[2])
    print('x', fmt(xs))
    print('y', fmt(ys))


if __name__ == '__main__':
    main()
