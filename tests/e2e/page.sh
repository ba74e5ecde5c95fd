#!/usr/bin/env bash
# tests/e2e/page.sh - -o FOO.html: the interactive page, in a real
# browser (Debian's chromium-headless-shell, driven by chromedriver through
# python3-selenium; tests/e2e/page.py does the looking).
#
#   samples   for each profile: the page loads from file:// with no
#             console error and no request but itself and its own data:
#             image; the tooltip at three censuses shows exactly the
#             values of -o FOO.json, its total their sum; hiding a band
#             lowers the total by exactly its value; a drag zoom shows
#             the dragged range, y no higher, the window in the address,
#             Esc goes back; the table equals --summary=json, every
#             band; a link with a fragment restores view, window, hidden
#             band and filter; printed (print media) and without
#             JavaScript, hp2x's own graph and the band table show
#             (also a time profile: its values are ticks, scaled on the
#             axis)
#   marks     GHC 9.6's -hT run, whose mark labels collide: every label
#             text in the document, in a lane above the graph or in the
#             note, lanes without overlaps, a cut label whole on hover;
#             at 1,400 and 360 px and zoomed in
#   tree      -hc (.hp and eventlog): every node of the cost-centre tree
#             has the peak of its stacks' sum in -o FOO.json's samples,
#             their share in --summary=json, its own band's colour
#   export    the view an address sets (a window, a hidden band, a
#             filter) saved from the page with no request: the SVG has
#             the title, a path per band shown and no other, the key
#             those bands top first, time labels and marks of the window
#             only; the PNG is it at twice the size, the shown bands'
#             colours in it; the CSV is the table, filtered and sorted,
#             every row, the peaks the table's; the table's order in the
#             address (a link sets it, a click on a head writes it)
#   counters  a ticky report: hp2x's ranked bars, and a row per counter
#             with -o FOO.json's entries, Alloc, per entry, Alloc'd,
#             arity, kinds and closure kind, bytes as bytes (kB, MB),
#             its share of ALLOC_HEAP_tot; no counter black
#   hi        -hi (GHC 9.6.6): the table's info-table column (the
#             table's name) before the IPE fields; a table with no IPE
#             entry says so, in the band's name and that column; the page
#             of the .hp of the same run says, in its note, that an
#             eventlog of the run names the tables; the eventlog's not
#   ticky     a GHC 9.6 ticky eventlog (-finfo-table-map): the same table
#             and its shares of HEAP_ALLOCATED, free variables and the
#             info tables' columns; no band black; each tooltip row on
#             one line; the filter box filters the table; cut to a window,
#             it says its counts are the whole run's
#   many      two inputs: a chart each on one y scale, one colour a band,
#             each tooltip its JSON's values, the crosshair on both, a
#             drag zoom in one zooms both; one table of every band of
#             each input, named by its input, with the numbers of
#             --summary=json of that input alone, filtered by the box,
#             zoomed the window's numbers of each input's samples
#   diff      --diff A B: the difference as a chart, hp2x's difference
#             graph and text table printed and without JavaScript, and a
#             row per band with --diff --summary=json's numbers, in its
#             order
#   diff_live --diff A B as live as a profile's page: the tooltip gives
#             each band's A, B and change as -o FOO.json of A and B; a
#             band hidden in the key, or all but one (Ctrl-click), leave
#             the canvas; a drag zooms to its window; the filter keeps
#             the matches in the key, the canvas and the table; each
#             table swatch is its band's colour on the canvas; saved as
#             SVG, each band a shape a side of the axis, none across it
#   no_marks  -y: the page of a profile with marks, and of --diff, starts
#             without them
#   lines     an eventlog's heap size and live bytes, switched on by the
#             address: the tooltip gives each as -o FOO.json's series
#             have it at the census
#   hostile   band names </script><img src=x onerror=alert(1)>, invalid
#             UTF-8, NUL, U+2028, control characters and 100 KB of text,
#             and a JOB that closes the title: all shown as text, no
#             element made of them, the saved SVG well-formed XML with
#             them as text, nothing fails; so too on the pages of two inputs and
#             of --diff, one of them a file named <img src=x>.hp
#   levels    a profile of 30,000 censuses, more than the page holds:
#             levels (page_samples.c); at full view the coarse one, a
#             zoom of a tenth the finer one (more censuses in the window
#             than the coarse one has there), each tooltip the JSON
#             output's values at its census; zoomed further the page
#             says it has reached the finest level kept, and not before
#   csp       the page with a wrong script hash does not run (the policy
#             is enforced, so the hashes are what allows the script)
#   bytes     the data block holds no '<' and no raw U+2028/9; the page
#             names no http(s) address outside the CSP's words
#   pixels    the graph's canvas read back: see e2e/page_pixels (check
#             does the same at its whole run, hidden band and drag zoom)
set -u
. "$(dirname "$0")/lib.bash"
e2e_init page
: "${HP2X:?}" "${HP2X_SRC:?}"
py=/usr/bin/python3
S=$HP2X_SRC/samples

# browse CHECK ARGS...: page.py's check in Chromium.  What it looks at
# is output only, which the plain build checks: a sanitizer build
# (HP2X_SANITIZED=1) runs hp2x's code for the same pages and leaves the
# browser out.
browse() {
	[ "${HP2X_SANITIZED:-0}" = 1 ] && return 0
	page_py "$@"
}
[ "${HP2X_SANITIZED:-0}" = 1 ] || page_py_serve

one() { # one PROFILE [OPTIONS...]
	local p=$1
	shift
	"$HP2X" "$p" "$@" -o page.html || { bad "hp2x -o page.html failed on $p"; return; }
	"$HP2X" "$p" "$@" -o data.json || { bad "hp2x -o data.json failed on $p"; return; }
	"$HP2X" "$p" "$@" --summary=json >summary.json || { bad "--summary=json failed on $p"; return; }
	browse check page.html data.json summary.json || bad "$p: see above"
}

samples_hT_hp() { one "$S/leak-hT.hp"; }
samples_hT_eventlog() { one "$S/leak-hT.eventlog"; }
samples_hc_hp() { one "$S/leak-hc.hp"; }
tree() { # the -hc tree, of a .hp (ids, cut names) and an eventlog
	local p
	for p in "$S/leak-hc.hp" "$S/leak-hc.eventlog"; do
		"$HP2X" "$p" -o page.html && "$HP2X" "$p" -o data.json &&
			"$HP2X" "$p" --summary=json >summary.json ||
			{ bad "hp2x failed on $p"; continue; }
		browse tree page.html data.json summary.json || bad "$p: see above"
	done
}
samples_hb_eventlog_many() { one "$S/leak-hb.eventlog" -m 40; }
samples_time_eventlog() { one "$S/leak-p.eventlog"; }
marks() { # every mark label reachable: GHC 9.6's -hT run, whose labels collide
	local el=$HP2X_SRC/tests/data/ghc-9.6/ghc96-leak-hT.eventlog
	"$HP2X" "$el" -o page.html -o data.json || { bad "hp2x failed on $el"; return; }
	browse marks page.html data.json || bad "marks: see above"
}
lines() {
	local el=$HP2X_SRC/tests/data/ghc-events/eventlog2html-ghc.eventlog
	"$HP2X" -q "$el" -o page.html || { bad "hp2x failed on $el"; return; }
	"$HP2X" -q "$el" -o data.json || { bad "hp2x -o data.json failed on $el"; return; }
	browse lines page.html data.json || bad "lines: see above"
}
save_view() { # the view as the address sets it, saved as SVG, PNG and CSV
	"$HP2X" "$S/leak-hT.eventlog" -o page.html || { bad "hp2x failed on leak-hT.eventlog"; return; }
	browse export page.html || bad "export: see above"
}
counters() {
	"$HP2X" "$S/leak.ticky" -o page.html || { bad "hp2x failed on leak.ticky"; return; }
	"$HP2X" "$S/leak.ticky" -o data.json || { bad "hp2x -o data.json failed on leak.ticky"; return; }
	browse counters page.html data.json || bad "leak.ticky: see above"
}

ticky() {
	local el=$HP2X_SRC/tests/data/ticky/ghc96-ticky-ipe.eventlog
	"$HP2X" "$el" -o page.html && "$HP2X" "$el" -o data.json &&
		"$HP2X" "$el" --from 0.3 --to 0.6 -o window.html || { bad "hp2x failed on $el"; return; }
	browse ticky page.html data.json window.html || bad "ticky: see above"
}

hi() {
	"$HP2X" "$S/leak-hi.eventlog" -o page.html && "$HP2X" -q "$S/leak-hi.hp" -o hp.html ||
		{ bad "hp2x failed on leak-hi"; return; }
	browse hi page.html hp.html || bad "hi: see above"
}

no_white() { # the chart fills bands with no outline: none is white, the
	# background (hp2ps's 8th colour and its grey 1.0), one input or two
	local a=$S/leak-hT.hp b=$S/leak-hT.eventlog
	"$HP2X" -c "$a" -o c.html && "$HP2X" -c "$a" "$b" -o cc.html &&
		"$HP2X" --palette=grey "$a" -o g.html || { bad "hp2x failed"; return; }
	for f in c.html cc.html g.html; do
		grep -o '"c":"#[0-9a-f]*"' "$f" | grep -q '"c":"#ffffff"' && bad "$f: a band is white"
		[ "$(grep -o '"c":"#[0-9a-f]*"' "$f" | wc -l)" -gt 12 ] || bad "$f: fewer bands than the palette's white"
	done
}

many() { # several inputs: a chart each, one y scale, linked zoom and hover
	local a=$S/leak-hT.hp b=$S/leak-hT.eventlog
	"$HP2X" "$a" "$b" -o page.html || { bad "hp2x A B -o page.html failed"; return; }
	"$HP2X" "$a" -o a.json && "$HP2X" "$b" -o b.json || { bad "hp2x -o json failed"; return; }
	"$HP2X" "$a" --summary=json >a.summary.json && "$HP2X" "$b" --summary=json >b.summary.json ||
		{ bad "hp2x --summary=json failed"; return; }
	browse many page.html a.json a.summary.json b.json b.summary.json || bad "many: see above"
}

diff() { # --diff's page: its graph, and the table --diff --summary=json has
	"$HP2X" --diff "$S/fix-leak.hp" "$S/fix-fixed.eventlog" -o page.html ||
		{ bad "hp2x --diff -o page.html failed"; return; }
	"$HP2X" --diff "$S/fix-leak.hp" "$S/fix-fixed.eventlog" --summary=json >summary.json ||
		{ bad "hp2x --diff --summary=json failed"; return; }
	browse diff page.html summary.json || bad "diff: see above"
	# of time profiles: CPU seconds per second and CPU seconds, not bytes,
	# once in the heads (CPU), plain numbers in the cells
	"$HP2X" --diff "$S/leak-p.eventlog" "$S/leak-p.eventlog" -o time.html ||
		{ bad "hp2x --diff of time profiles failed"; return; }
	"$HP2X" --diff "$S/leak-p.eventlog" "$S/leak-p.eventlog" --summary=json >time.json ||
		{ bad "hp2x --diff --summary=json of time profiles failed"; return; }
	browse diff time.html time.json "" "CPU seconds" CPU || bad "diff of time profiles: see above"
}

diff_live() { # --diff's page as live as a profile's
	# two runs on the same census times, so that B's value at A's census
	# is B's own: bands that grew, shrank, did both, only B has, and one
	# unchanged (not drawn)
	local t w v
	printf 'JOB "mix"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' | tee A.hp >B.hp
	for t in $(seq 0 40); do
		w=$((t % 10 < 5 ? t % 10 : 10 - t % 10))
		printf 'BEGIN_SAMPLE %s.%s\ngrows\t8000\nshrinks\t%s\nwobbles\t%s\nsame\t800\nEND_SAMPLE %s.%s\n' \
			$((t / 10)) $((t % 10)) $((8000 + 800 * t)) $((4000 + 600 * w)) $((t / 10)) $((t % 10)) >>A.hp
		v=$((t < 20 ? 0 : 200 * (t - 20)))
		printf 'BEGIN_SAMPLE %s.%s\ngrows\t%s\nshrinks\t8000\nwobbles\t%s\nsame\t800\nnew\t%s\nEND_SAMPLE %s.%s\n' \
			$((t / 10)) $((t % 10)) $((1000 + 600 * t)) $((5200 - 300 * w)) "$v" $((t / 10)) $((t % 10)) >>B.hp
	done
	"$HP2X" --diff A.hp B.hp -o mix.html && "$HP2X" A.hp -o a.json && "$HP2X" B.hp -o b.json ||
		{ bad "hp2x --diff A.hp B.hp -o mix.html, or -o FOO.json, failed"; return; }
	browse diffview mix.html a.json b.json || bad "diff_live: see above"
}

no_marks() { # -y: a page without marks starts (a profile's and --diff's)
	"$HP2X" -y "$S/leak-hT.eventlog" -o one.html &&
		"$HP2X" -y --diff "$S/fix-leak.eventlog" "$S/fix-fixed.eventlog" -o diff.html ||
		{ bad "hp2x -y -o FOO.html failed"; return; }
	browse inert one.html || bad "-y: see above"
	browse inert diff.html || bad "-y --diff: see above"
}

hostile() {
	local big
	big=$(head -c 100000 /dev/zero | tr '\0' 'x')
	{
		printf 'JOB "</title><script>alert(1)</script>"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
		printf 'BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\n'
		for t in 1 2 3; do
			printf 'BEGIN_SAMPLE %s.0\n' $t
			printf '</script><img src=x onerror=alert(1)>\t%d\n' $((t * 1000))
			printf 'bad\377\376utf8\t%d\n' $((t * 900))
			printf 'nul\000inside\t%d\n' $((t * 800))
			printf 'line\342\200\250sep\t%d\n' $((t * 700))
			printf 'ctl\001\033[31mred\t%d\n' $((t * 650))
			printf '%s\t%d\n' "$big" $((t * 600))
			printf 'END_SAMPLE %s.0\n' $t
		done
	} >hostile.hp
	"$HP2X" hostile.hp -o hostile.html || { bad "hp2x failed on hostile names"; return; }
	browse hostile hostile.html '</title><script>alert(1)</script>' || bad "hostile: see above"
	# several inputs and --diff, of the same names and a file named as
	# markup
	cp hostile.hp '<img src=x>.hp'
	"$HP2X" hostile.hp '<img src=x>.hp' -o hostile2.html &&
		"$HP2X" --diff hostile.hp '<img src=x>.hp' -o hostile3.html ||
		{ bad "hp2x failed on two hostile profiles"; return; }
	browse inert hostile2.html || bad "hostile, two inputs: see above"
	browse inert hostile3.html || bad "hostile, --diff: see above"
	# The data block: no '<', no raw U+2028/2029 (JSON escapes them).
	"$py" - hostile.html <<'PY' || bad "hostile: the data block is not script-safe"
import sys
t = open(sys.argv[1], "rb").read()
a = t.index(b'<script type="application/json" id="hp2x-data">') + 47
b = t.index(b"</script>", a)
block = t[a:b]
assert b"<" not in block, "a '<' in the data block"
assert b"\xe2\x80\xa8" not in block and b"\xe2\x80\xa9" not in block, "raw U+2028/9"
assert b"http://" not in t.replace(b"http://www.w3.org/", b"") and b"https://" not in t, "an address in the page"
PY
}

levels() { # more censuses than the page holds: coarse and finer levels
	"$py" - levels.hp <<'PY' || { bad "could not write levels.hp"; return; }
import random, sys
r = random.Random(25)
base = [r.randrange(1 << 12, 1 << 22) for _ in range(12)]
v = list(base)
with open(sys.argv[1], "w") as f:
    f.write('JOB "levels"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n')
    for i in range(30000):
        t = "%.6f" % (i * 0.01 + r.random() * 0.005)
        f.write("BEGIN_SAMPLE %s\n" % t)
        for b in range(12):
            v[b] = max(8, int(v[b] * (1 + (r.random() - 0.5) * 0.08 + (base[b] - v[b]) / base[b] * 0.01)))
            f.write("band_%d\t%d\n" % (b, v[b] // 8 * 8))
        f.write("END_SAMPLE %s\n" % t)
PY
	"$HP2X" levels.hp -o page.html && "$HP2X" levels.hp -o data.json ||
		{ bad "hp2x failed on levels.hp"; return; }
	browse levels page.html data.json || bad "levels: see above"
}

csp() {
	"$HP2X" "$S/leak-hT.hp" -o page.html || { bad "hp2x failed"; return; }
	browse csp page.html || bad "csp: see above"
}

# Values past 2^63 (an absurd profile): the data block's changes from
# census to census take 65 bits (a 64-bit zigzag wrapped
# 18000000000000000001 to 8776627963145224193), decoded exactly as
# pixels.py decodes them, against the JSON output.  (The viewer adds up
# changes in doubles: past 2^53 its values are not exact.)
huge() {
	printf 'JOB "huge"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >huge.hp
	local t v
	for t in 0 1 2 3 4 5; do
		case $t in 2|3) v=18000000000000000001 ;; *) v=$((t * 2 + 1)) ;; esac
		printf 'BEGIN_SAMPLE %s\na\t%s\nb\t7\nEND_SAMPLE %s\n' "$t" "$v" "$t" >>huge.hp
	done
	"$HP2X" huge.hp -o page.html && "$HP2X" huge.hp -o data.json || { bad "hp2x failed"; return; }
	"$py" - "$HP2X_SRC/tests/e2e" <<'PY' || bad "the data block's values are not the JSON's"
import json, re, sys
sys.path.insert(0, sys.argv[1])
import pixels
D = json.loads(re.search(r'id="hp2x-data">(.*?)</script>', open("page.html").read(), re.S).group(1))
a = [b["m"] for b in D["bands"]].index(0)   # band a's slot
want = [dict(s["values"])[0] for s in json.load(open("data.json"))["samples"]]
got = [vals[a] for L in D["levels"] for _, _, vals in pixels.decode_level(L, len(D["bands"]), len(D["x"]))]
print("data block", got, "JSON", want)
sys.exit(got != want)
PY
}

# Two halves, each a ctest test of its own (page_more.sh runs the second),
# so that both end well within a test's time limit.
if [ "${HP2X_PAGE_PART:-}" != more ]; then
	run samples_hT_hp samples_hT_hp
	run samples_hT_eventlog samples_hT_eventlog
	run samples_hc_hp samples_hc_hp
	run tree tree
	run samples_hb_eventlog_many samples_hb_eventlog_many
	run samples_time_eventlog samples_time_eventlog
	run marks marks
	run counters counters
	run export save_view
else
	run ticky ticky
	run hi hi
	run no_white no_white
	run many many
	run diff diff
	run diff_live diff_live
	run no_marks no_marks
	run lines lines
	run hostile hostile
	run levels levels
	run huge huge
	run csp csp
fi
e2e_done
