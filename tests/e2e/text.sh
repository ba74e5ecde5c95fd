#!/usr/bin/env bash
# tests/e2e/text.sh - the words of a graph are text, in full: for every
# real profile and eventlog in the repository, the PDF's text (pdftotext)
# and the SVG's <text> elements hold every key entry (every band drawn,
# OTHER as "OTHER (N bands)") and every mark label whole, even where the
# picture shortens them with an ellipsis. (Cairo draws SVG glyphs as
# outlines, and a shortened name is drawn shortened: without the text
# layer neither could be searched or read by a screen reader.)
set -u
: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
# shellcheck source=tests/e2e/lib.bash
. "$SRC/tests/e2e/lib.bash"
e2e_init text

# A sanitizer build (HP2X_SANITIZED=1) draws what runs code the rest
# does not: each sample's key of columns (hp2ps's key beside the graph,
# and the .hp files of tests/data/hp, are drawn to PDF and SVG by
# formats.sh's sanitizer pass too), and reads no text back (pdftotext
# and the check are output only, as is the check of the check): there
# each drawing must only succeed.  The plain build checks everything.
sanitized=${HP2X_SANITIZED:-0}

# check INPUT FLAGS...: draw the key and mark texts of one drawing into a
# directory of their own (dN, N counting up), for `verify` to read.
ndrawn=0
check() {
	local in=$1 d
	shift
	ndrawn=$((ndrawn + 1))
	d=d$ndrawn
	mkdir "$d" && echo "$in $*" >"$d/name" || { bad "mkdir $d"; return; }
	if ! "$HP2X" "$@" "$in" --aux -o "$d/g.pdf" 2>"$d/g.err"; then
		# nothing drawn, nothing to verify
		grep -q 'contains no heap profile' "$d/g.err" && { rm -r "$d"; return; }
		bad "hp2x $* $in failed: $(cat "$d/g.err")"
		rm -r "$d"
		return
	fi
	"$HP2X" -q "$@" "$in" -o "$d/g.svg" 2>err || { bad "hp2x $* $in -o g.svg failed: $(cat err)"; return; }
	"$HP2X" -q "$in" --format json -o "$d/g.json" 2>err || { bad "json of $in failed"; return; }
}

# verify_all: every drawing of `check` so far, verified at once (one
# python3 for all: its start costs more than a check).
verify_all() {
	[ "$sanitized" = 1 ] && return
	[ "$ndrawn" -gt 0 ] || { bad "nothing drawn"; return; }
	verify d[0-9]* || bad "text missing (above)"
}

# verify DIR...: each DIR's g.aux's key names and g.json's mark labels are
# all in its g.pdf's and g.svg's text (in the SVG's only, for a name
# g.err's warning says no installed font can draw).
verify() {
	local d
	for d; do
		pdftotext -raw -enc UTF-8 "$d/g.pdf" "$d/g.txt" || return 1
	done
	python3 - "$@" <<'PY'
import json, os, re, sys, xml.etree.ElementTree as ET
def norm(s):
    # what the drawing shows for bytes Pango cannot take (fonts.c)
    return "".join("\ufffd" if (ord(c) < 0x20 and c != "\t") or 0x7f <= ord(c) < 0xa0 else c for c in s).replace("\t", " ")
missing = 0
for d in sys.argv[1:]:
    g = lambda f: os.path.join(d, f)
    try:
        name = open(g("name"), encoding="utf-8").read().strip()
    except FileNotFoundError:
        name = d
    want = []
    for line in open(g("g.aux"), encoding="utf-8", errors="replace"):
        if line.startswith("ORDER "):
            want.append(line[6:].rsplit(" ", 1)[0])
    js = json.load(open(g("g.json")))
    marks = [m["label"] for m in js["marks"] if m.get("label")]
    # the key shows a band's label where it has one (ticky counters)
    label = {b["name"]: b["label"] for b in js["bands"] if b.get("label")}
    want = [label.get(w, w) for w in want]
    pdf = open(g("g.txt"), encoding="utf-8").read()
    # names hp2x warned no installed font can draw: boxes, not text, in PDF
    try:
        nofont = set(re.findall(r'no installed font can draw every character of "(.*)"; ', open(g("g.err"), encoding="utf-8").read()))
    except FileNotFoundError:
        nofont = set()
    svg = "\n".join(t.text or "" for t in ET.parse(g("g.svg")).iter("{http://www.w3.org/2000/svg}text"))
    for w in want + marks:
        w = norm(w)
        if w == "OTHER":
            m = re.search(r"OTHER \(\d+ bands?\)", svg)
            if not m or m.group(0) not in pdf:
                print(f"{name}: OTHER (N bands) missing", file=sys.stderr); missing += 1
            continue
        for where, text in (("PDF", pdf), ("SVG", svg)):
            if where == "PDF" and w in nofont:
                continue
            if w not in text:
                print(f"{name}: {where} text lacks {w!r}", file=sys.stderr); missing += 1
sys.exit(1 if missing else 0)
PY
}

t_samples() {
	local f
	for f in "$SRC"/samples/*.hp "$SRC"/samples/*.eventlog; do
		[ "$sanitized" = 1 ] || check "$f" -c
		check "$f" -c -t0 -m40		# a key of columns: names shortened
	done
	verify_all
}

t_testdata() {
	local f hp=("$SRC"/tests/data/hp/*.hp*)
	[ "$sanitized" = 1 ] && hp=()
	for f in "${hp[@]}" "$SRC"/tests/data/ghc-events/*.eventlog \
		"$SRC"/tests/data/marks-1pct.eventlog; do
		check "$f"
	done
	verify_all
}

# The check itself must fail when names are missing: drawings without a
# key (-m0) against the key names of -m20.
t_check_fails() {
	local in=$SRC/samples/leak-hc.hp
	# Each drawing must succeed: a failed hp2x would leave no text and
	# make the check fail for the wrong reason.
	"$HP2X" -q -m20 "$in" --aux -o g.pdf &&
		"$HP2X" -q -m0 "$in" -o g.pdf &&
		"$HP2X" -q -m0 "$in" -o g.svg &&
		"$HP2X" -q "$in" --format json -o g.json ||
		{ bad "hp2x failed to draw $in"; return; }
	if verify . 2>g.verr; then
		bad "verify passes drawings without a key"
	elif ! grep -q "PDF text lacks" g.verr || ! grep -q "SVG text lacks" g.verr; then
		bad "verify failed, but not for the missing key names: $(head -3 g.verr)"
	fi
}

# Chinese and Japanese names are drawn (fonts-noto-cjk, through
# fontconfig after the bundled font) and are text; an emoji no installed
# font has draws as a box, with one warning naming it.
t_cjk() {
	local in=$SRC/tests/data/cjk-emoji.hp
	# Cairo's PS/PDF font subsetting keeps 768 bytes of a CJK (CFF)
	# font to the end (a realloc inside libcairo, not ours: PNG and SVG
	# of the same names free everything); the sanitizer build would
	# report it as a leak of hp2x's, so leak checks are off here only.
	export ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
	check "$in" -c
	verify_all
	"$HP2X" -c "$in" -o g.pdf 2>err || bad "hp2x failed: $(cat err)"
	pdftotext -raw -enc UTF-8 g.pdf g.txt
	grep -q 'Main\.文字列' g.txt || bad "PDF text lacks Main.文字列"
	grep -q 'Data\.マップ\.insert' g.txt || bad "PDF text lacks Data.マップ.insert"
	[ "$(grep -c 'warning: .*emoji' err)" = 1 ] || bad "not one warning for the emoji: $(cat err)"
	grep -q '文字列' err && bad "a warning for a name a font has: $(cat err)"
	"$HP2X" -q -c "$in" -o g.pdf 2>err
	[ -s err ] && bad "-q still warns: $(cat err)"
	return 0
}

run samples t_samples
run cjk t_cjk
run testdata t_testdata
[ "$sanitized" = 1 ] || run check-fails t_check_fails
e2e_done
