#!/usr/bin/env bash
# tests/e2e/crisp.sh - PNG lines on whole pixels, and a frame no format
# clips.  hp2ps strokes 0.5 pt lines: 0.67 px in an 864-px PNG, which
# drawn where it falls is a two-pixel grey smear.  Here every line along
# an axis must be exactly w dark pixels wide, w being 0.5 pt rounded to
# whole pixels (at least 1), with the colours on either side unmixed: the
# frame, the axes and their ticks, the key's boxes (hp2ps's key beside
# the graph and the key of columns), the bands' level and upright
# outlines (also where -m0 draws a profile by its entries), and a ticky
# report's bars.  The profile is made here: 30 bands, each the same all along
# (level tops), the first sample already full (upright ends).
#
# The frame is checked at the page's edges in the PNG, and in the PDF
# and EPS rasterised at 144 dpi (pdftoppm, gs -dEPSCrop): drawn on the
# edge, half of it would be cut off and the outer pixel only half dark.
set -u
: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
# shellcheck source=tests/e2e/lib.bash
. "$SRC/tests/e2e/lib.bash"
e2e_init crisp

# 30 bands of 1000 + 10 k bytes, 11 samples.
{
	printf 'JOB "crisp"\nDATE "Tue Nov 24 07:00 2026"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
	for t in 0 1 2 3 4 5 6 7 8 9 10; do
		printf 'BEGIN_SAMPLE %s.0\n' "$t"
		for k in $(seq 1 30); do
			printf 'band%02d\t%d\n' "$k" $((1000 + 10 * k))
		done
		printf 'END_SAMPLE %s.0\n' "$t"
	done
} >"$top/level.hp"

# In a sanitizer build (HP2X_SANITIZED=1) hp2x draws and nothing looks:
# the pixels are the plain build's to check, and looking at them was most
# of this test's CPU there.
sanitized=${HP2X_SANITIZED:-0}

# check PNG KEYKIND: the pixels (python3, the golden comparer's reader).
check() {
	[ "$sanitized" = 0 ] || return 0
	python3 - "$SRC/tests/golden/png" "$@" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import pngcmp
path, keykind = sys.argv[2], sys.argv[3]
W, H, rows = pngcmp.rgba(path)
px = lambda x, y: tuple(rows[y][4 * x:4 * x + 3])
dark = lambda p: max(p) <= 0x40
w = max(1, int(0.5 * W / 648 + 0.5))	# the line width, pixels
bad = 0

def fail(msg):
    global bad
    print(f"{path}: {msg}", file=sys.stderr)
    bad += 1

def runs(line, what, want_min, dark_fills=False):
    """Every run of dark pixels in line is w long, its neighbours
    unmixed (the same as the pixel past them, or another line).  With
    dark_fills, a run much longer than a line is a dark area (a black
    bar) and is passed over."""
    n, i = 0, 0
    while i < len(line):
        if not dark(line[i]):
            i += 1
            continue
        j = i
        while j < len(line) and dark(line[j]):
            j += 1
        if dark_fills and j - i > 3 * w:
            i = j
            continue
        n += 1
        if j - i != w:
            fail(f"{what}: a line {j - i} px wide at {i}, not {w}")
        for a, b in ((i - 1, i - 2), (j, j + 1)):
            if 0 <= b < len(line) and not dark(line[b]) and line[a] != line[b]:
                fail(f"{what}: pixel {a} beside the line at {i} is mixed "
                     f"({line[a]} next to {line[b]}): a smear")
        i = j
    if n < want_min:
        fail(f"{what}: {n} lines, wanted at least {want_min}")

# the frame: w dark pixels at every edge, the next one not
for name, line in (("top", [px(x, 0) for x in range(W)]),
                   ("bottom", [px(x, H - 1) for x in range(W)])):
    if not all(dark(p) for p in line):
        fail(f"the frame's {name} edge is not dark all along")
for name, edge, inner in (("left", 0, w), ("right", W - 1, W - 1 - w)):
    if not dark(px(edge, H // 2)) or dark(px(inner, H // 2)):
        fail(f"the frame's {name} edge is not {w} px")

if keykind == "bars":
    # a ticky report's bars: the value axis is the longest dark row
    # of the lower half, the bars start at its left end
    def row_run(y):
        best, x = (0, 0), 0
        while x < W:
            if dark(px(x, y)):
                x0 = x
                while x < W and dark(px(x, y)):
                    x += 1
                best = max(best, (x - x0, x0))
            x += 1
        return best
    ay = max(range(H // 2, H - 2), key=lambda y: row_run(y)[0])
    length, bx = row_run(ay)
    ay += w - 1			# the axis' last row
    col = [px(bx + 3 * w, y) for y in range(H // 6, ay - w + 1)]
    runs(col, "bars", 20, dark_fills=True)
    runs([px(x, ay + 3) for x in range(bx - 2, bx + length)], "bar axis ticks", 3)
    ys = [H // 6 + i for i, p in enumerate(col) if dark(p)]
    mid = next(y for y in range(ys[-1], 0, -1) if not dark(px(bx + 3 * w, y)))
    runs([px(x, mid) for x in range(bx - 4 * w, bx + 4 * w)], "bar's left edge", 1)
    sys.exit(1 if bad else 0)

# the y axis: the longest dark column in the left fifth
best = (0, 0, 0)
for x in range(W // 5):
    if not dark(px(x, H // 2)):	# the axis crosses the middle row
        continue
    y = 0
    while y < H:
        if dark(px(x, y)):
            y0 = y
            while y < H and dark(px(x, y)):
                y += 1
            if y - y0 > best[0] and y - y0 < H - 2:
                best = (y - y0, x, y0)
        y += 1
_, ax0, ytop = best			# the y axis' first column
ax = ax0 + w - 1			# and its last

def rightwards(y):
    x = ax
    while x + 1 < W and dark(px(x + 1, y)):
        x += 1
    return x

# the x axis' last row: the longest dark row from the y axis (the run
# down the y axis goes on through the tick at 0)
ybot = max(range(ytop, ytop + best[0]), key=lambda y: (rightwards(y), y))
xr = rightwards(ybot)
if xr - ax < W // 3:
    fail(f"no x axis found (y axis at x {ax}, rows {ytop}..{ybot})")
    sys.exit(1)

# the ticks: crossed a little away from the axes
runs([px(ax0 - 3, y) for y in range(ytop, ybot + 1)], "y ticks", 3)
runs([px(x, ybot + 3) for x in range(ax + 1, xr + 1)], "x ticks", 3)
# the bands' level outlines, crossed upright in the graph's middle, and
# an upright end, crossed level in the top band
# (sparse: in the middle of a run of samples that list the same bands)
mid = ax + (xr - ax) * (104.5 / 199 if keykind == "sparse" else 0.5)
mid = int(mid)
col = [px(mid, y) for y in range(ytop - 2, ybot - w + 1)]
runs(col, "band outlines", 4 if keykind == "sparse" else 10)
if keykind == "sparse":		# no key (-m0); slanted ends
    sys.exit(1 if bad else 0)
first = next(i for i, p in enumerate(col) if dark(p))
y = ytop - 2 + first + 3 * w
runs([px(x, y) for x in range(mid, xr + 3 * w)], "band's right end", 1)
# the key: the first dark column right of the graph, then a column
# inside its boxes, and a row across a box's left edge
kx = next((x for x in range(xr + 2 * w, W)
           if any(dark(px(x, y)) for y in range(ytop, ybot))), None)
if kx is None:
    fail("no key")
    sys.exit(1)
boxes = [px(kx + 3 * w, y) for y in range(ytop, ybot + 1)]
runs(boxes, f"{keykind} key boxes", 20)
top = next(i for i, p in enumerate(boxes) if dark(p))
y = ytop + top + 3 * w
runs([px(x, y) for x in range(xr + w + 1, kx + 4 * w)], f"{keykind} key box edge", 1)
sys.exit(1 if bad else 0)
PY
}

# frame_at_edges PNG: dark pixels in the middle of each edge of a
# rasterised page.
frame_at_edges() {
	python3 - "$SRC/tests/golden/png" "$1" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import pngcmp
W, H, rows = pngcmp.rgba(sys.argv[2])
px = lambda x, y: tuple(rows[y][4 * x:4 * x + 3])
bad = 0
for name, (x, y) in (("top", (W // 2, 0)), ("bottom", (W // 2, H - 1)),
                     ("left", (0, H // 2)), ("right", (W - 1, H // 2))):
    if max(px(x, y)) > 0x40:
        print(f"{sys.argv[2]}: the frame's {name} edge pixel is {px(x, y)}: "
              "cut at the page's edge", file=sys.stderr)
        bad = 1
sys.exit(bad)
PY
}

t_beside() {
	"$HP2X" -q --palette many -t0 --size 864x576 "$top/level.hp" -o g.png || bad "hp2x failed"
	check g.png beside || bad "not crisp (above)"
}

t_columns() {
	"$HP2X" -q --palette many -t0 --bands all --size 864x576 "$top/level.hp" -o g.png || bad "hp2x failed"
	check g.png columns || bad "not crisp (above)"
}

# 0.5 pt is 1.5 px here: lines two pixels wide, on pixel edges.
t_two_pixels() {
	"$HP2X" -q --palette many -t0 --size 2000x1333 "$top/level.hp" -o g.png || bad "hp2x failed"
	check g.png beside || bad "not crisp (above)"
}

# -m0 over a profile whose bands come and go (100 bands, five at a
# time): drawn by its entries (bands.c's sparse drawing).
t_sparse() {
	{
		printf 'JOB "sparse"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
		for t in $(seq 0 199); do
			printf 'BEGIN_SAMPLE %s.0\n' "$t"
			for k in 1 2 3 4 5; do
				printf 'blk%02d_%d\t%d\n' $((t / 10)) "$k" $((1000 * k))
			done
			printf 'END_SAMPLE %s.0\n' "$t"
		done
	} >sparse.hp
	"$HP2X" -q --palette many -m0 -t0 --size 864x576 sparse.hp -o g.png || bad "hp2x failed"
	check g.png sparse || bad "not crisp (above)"
}

# A ticky report's bar chart.
t_bars() {
	"$HP2X" -q -c "$SRC/samples/leak.ticky" --size 864x576 -o g.png || bad "hp2x failed"
	check g.png bars || bad "not crisp (above)"
}

t_vector_frame() {
	"$HP2X" -q "$top/level.hp" -o g.pdf || bad "hp2x -o g.pdf failed"
	[ "$sanitized" = 0 ] || { "$HP2X" -q "$top/level.hp" -o g.eps || bad "hp2x -o g.eps failed"; return; }
	pdftoppm -r 144 -png -singlefile g.pdf pdf || bad "pdftoppm failed"
	frame_at_edges pdf.png || bad "PDF frame clipped"
	"$HP2X" -q "$top/level.hp" -o g.eps || bad "hp2x -o g.eps failed"
	gs -q -dSAFER -dBATCH -dNOPAUSE -dEPSCrop -r144 -dGraphicsAlphaBits=4 \
		-sDEVICE=png16m -sOutputFile=eps.png g.eps || bad "gs failed"
	frame_at_edges eps.png || bad "EPS frame clipped"
}

run beside t_beside
run columns t_columns
run two-pixels t_two_pixels
run sparse t_sparse
run bars t_bars
run vector-frame t_vector_frame
e2e_done
