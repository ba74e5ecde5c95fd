#!/usr/bin/env bash
# tests/e2e/golden_png.sh - the picture itself: a few real profiles drawn
# as 864 x 576 PNGs and compared with references that a person looked at
# (tests/golden/png/<case>.ref.png). Checks on the file formats
# (formats.sh) cannot see a band drawn in the wrong place, a missing key or
# a mark at the wrong time; this can.
#
# A case named NAME.svg is drawn as SVG and rasterised by librsvg
# (rsvg-convert, 96 dpi: hp2x's 648-pt page becomes 864 px), so the SVG's
# own picture is checked too, and its invisible text layer (<text> over
# the glyphs, fill-opacity 0) must not show: the picture is the same
# with the layer taken out, and another with the layer made visible.
# A case named NAME.ps, NAME.eps or NAME.pdf is drawn in that format and
# rasterised by Ghostscript at 96 dpi (the PostScript on its A4 page,
# turned as hp2ps turns it; the EPS cropped to its bounding box), so the
# vector formats' pictures are checked as well as their structure
# (formats.sh).
#
# The comparison (tests/golden/png/pngcmp.py, Python's zlib only) passes
# identical pictures and pictures within the tolerance of the case's
# format (the table below, one row a format, as cairo's test boilerplate
# gives each target its own). On a failure it writes <case>.out.png (what
# hp2x drew) and <case>.diff.png (changed pixels in red) into
# $HP2X_BUILD/golden-png/ and says so.
#
#   tests/e2e/golden_png.sh --update    rewrites the references and the
#                                        README's pictures; look at every
#                                        one before committing it.
#
# The README's pictures, samples/leak-hT.png, leak-hc.png, fix-diff.png,
# leak-ticky.png and leak-p.png, are five of the cases; the test fails
# when they fall behind the references.
#
# Last line: "N passed, N failed"; exit status non-zero when any failed.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
GOLDEN=$SRC/tests/golden/png
OUTDIR=${HP2X_BUILD:-${TMPDIR:-/tmp}}/golden-png
# The fonts of tests/fonts.conf.in only (ctest sets it; run by hand, as
# for --update, the build tree's beside $HP2X), so a reference never
# holds a glyph of the fonts one machine happens to have.
export FONTCONFIG_FILE=${FONTCONFIG_FILE:-$(cd "$(dirname "$HP2X")" && pwd)/tests/fonts.conf}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}:exitcode=86
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}:halt_on_error=1:exitcode=87

# case name, then hp2x's flags and input; every case adds --size 864x576
# (a later --size wins).  Past hp2ps: a 30-band key beside the graph, a
# 200-band key below it on a taller picture, a key of columns below with
# marks close together and one at t = 0 (the eventlog),
# --colour-by name on a .hp and an eventlog of one run: the bands they
# share have the same colours; five marks 1% of the time axis apart
# (every label in a lane of its own); the 30- and 200-band keys as SVG;
# a --diff graph whose zero line is at the top, labelled (its inputs
# are named relative to the source tree, as the title shows them: hp2x
# runs there); the README's ticky bar chart and time profile; two
# inputs in one picture with -c past 20 bands: each band in one colour
# in both graphs; a plain +RTS -l eventlog (GHC 9.6.6): no heap profile,
# its heap size, blocks size and live bytes as lines, with its marks.
cases() {
	cat <<EOF
leak-hT			$SRC/samples/leak-hT.hp
leak-hc-c		-c $SRC/samples/leak-hc.hp
leak-hT-eventlog-c	-c $SRC/samples/leak-hT.eventlog
Describe2		$SRC/tests/data/hp/Describe2.hp.gz
hp2any-example-e5in	-e5in $SRC/tests/data/hp/hp2any-example.hp
bands-30		-c -t0 -m30 $SRC/samples/leak-hc.hp
bands-200		--size 648x1277 -c -t0 -m200 $SRC/tests/data/hp/hackage-query.hp
bands-40-below		-c -t0 -m40 $SRC/samples/leak-hT.eventlog
by-name-hp		--colour-by=name -t0 -m12 $SRC/samples/leak-hT.hp
by-name-eventlog	--colour-by=name -t0 -m12 $SRC/samples/leak-hT.eventlog
cjk-emoji		-q -c $SRC/tests/data/cjk-emoji.hp
marks-1pct		-c $SRC/tests/data/marks-1pct.eventlog
bands-30.svg		-c -t0 -m30 $SRC/samples/leak-hc.hp
bands-200.svg		-c -t0 -m200 $SRC/tests/data/hp/hackage-query.hp
fix-diff		-c --diff samples/fix-leak.eventlog samples/fix-fixed.eventlog
leak-ticky		-c samples/leak.ticky
leak-p			-c samples/leak-p.eventlog
compare-c		--size 1296x432 -c -t0 -m25 samples/leak-hT.hp samples/leak-hT.eventlog
plain-l			$SRC/tests/data/plain-l/heapsize-ghc-9.6.6.eventlog
leak-hc-c.ps		-c $SRC/samples/leak-hc.hp
leak-hc-c.eps		-c $SRC/samples/leak-hc.hp
leak-hT-eventlog-c.pdf	-c $SRC/samples/leak-hT.eventlog
leak-ticky.pdf		-c samples/leak.ticky
EOF
}

# How far each format's picture may stray from its reference: no channel
# of any pixel more than TOL off, and at most FRAC of the pixels more than
# SMALL off (pngcmp.py's --tol, --small, --frac).  A format's picture is
# made by a rasteriser of its own, and what another version of it may
# move is that rasteriser's: PNG is hp2x's own drawing (cairo's image
# surface, pixman, FreeType: another version moves antialiased edges and
# glyph outlines); SVG goes through librsvg, PS, EPS and PDF through
# Ghostscript (-dTextAlphaBits=4 -dGraphicsAlphaBits=4), each with its own
# antialiasing.  Every reference matches its picture exactly on the
# machine that made it; each row is the margin that format had when all
# shared one (24, 2, 0.5%), so a format's can now change alone.
# FORMAT TOL SMALL FRAC
tolerances() {
	cat <<EOF
png	24	2	0.005
svg	24	2	0.005
ps	24	2	0.005
eps	24	2	0.005
pdf	24	2	0.005
EOF
}

# tolerance NAME: pngcmp.py's flags for case NAME, by its format (a name
# without a format's suffix is a PNG); none for a format not in the table.
tolerance() {
	local fmt=png
	case $1 in
	*.svg | *.ps | *.eps | *.pdf) fmt=${1##*.} ;;
	esac
	tolerances | awk -v f="$fmt" '$1 == f { print "--tol", $2, "--small", $3, "--frac", $4; found = 1 }
		END { exit !found }'
}

# The README's pictures: case, file.
readme_pictures() {
	cat <<EOF
leak-hT-eventlog-c	$SRC/samples/leak-hT.png
leak-hc-c		$SRC/samples/leak-hc.png
fix-diff		$SRC/samples/fix-diff.png
leak-ticky		$SRC/samples/leak-ticky.png
leak-p			$SRC/samples/leak-p.png
EOF
}

update=0
[ "${1:-}" = --update ] && update=1

top=$(mktemp -d "${TMPDIR:-/tmp}/hp2x-golden.XXXXXX")
trap 'rm -rf "$top"' EXIT
pass=0
fail=0
ncases=0

[ -f "$FONTCONFIG_FILE" ] ||
	{ echo "FAIL: no $FONTCONFIG_FILE (configure the build: cmake -S . -B build)"; echo "0 passed, 1 failed"; exit 1; }
command -v rsvg-convert >/dev/null ||
	{ echo "FAIL: rsvg-convert not found (librsvg2-bin, bash .ci/deps --test)"; echo "0 passed, 1 failed"; exit 1; }
command -v gs >/dev/null ||
	{ echo "FAIL: gs not found (ghostscript, bash .ci/deps --test)"; echo "0 passed, 1 failed"; exit 1; }

# draw NAME ARGS OUT: hp2x's picture of case NAME as a PNG in OUT.  In a
# sanitizer build (HP2X_SANITIZED=1) hp2x's output alone: the picture is
# the plain build's to compare, and rasterising and comparing it were
# most of this test's CPU there.
sanitized=${HP2X_SANITIZED:-0}
draw() {
	local name=$1 args=$2 out=$3
	case $sanitized/$name in
	1/*.svg | 1/*.ps | 1/*.eps | 1/*.pdf)
		# shellcheck disable=SC2086
		(cd "$SRC" && "$HP2X" -q $args -o "$top/$name") 2>"$top/err" ;;
	*.svg)
		# shellcheck disable=SC2086 # flags and a path without blanks
		(cd "$SRC" && "$HP2X" -q $args -o "$top/$name") 2>"$top/err" &&
			rsvg-convert "$top/$name" -o "$out" 2>>"$top/err" ;;
	*.ps | *.eps | *.pdf)
		# shellcheck disable=SC2086
		(cd "$SRC" && "$HP2X" -q $args -o "$top/$name") 2>"$top/err" &&
			gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r96 \
				-dTextAlphaBits=4 -dGraphicsAlphaBits=4 \
				$([ "${name##*.}" = eps ] && echo -dEPSCrop) \
				-sOutputFile="$out" "$top/$name" >>"$top/err" 2>&1 ;;
	*)
		# shellcheck disable=SC2086
		(cd "$SRC" && "$HP2X" -q --size 864x576 $args -o "$out") 2>"$top/err" ;;
	esac
}

while read -r name args; do
	ncases=$((ncases + 1))
	out=$top/$name.png
	if ! draw "$name" "$args" "$out"; then
		echo "FAIL: $name: hp2x $args failed: $(head -1 "$top/err")"
		fail=$((fail + 1))
		continue
	fi
	if [ "$update" = 1 ]; then
		cp "$out" "$GOLDEN/$name.ref.png" && echo "wrote $GOLDEN/$name.ref.png"
		continue
	fi
	[ "$sanitized" = 1 ] && { pass=$((pass + 1)); continue; }
	if [ ! -f "$GOLDEN/$name.ref.png" ]; then
		echo "FAIL: $name: no reference $GOLDEN/$name.ref.png (golden_png.sh --update)"
		fail=$((fail + 1))
		continue
	fi
	if ! tol=$(tolerance "$name"); then
		echo "FAIL: $name: its format has no row in tolerances()"
		fail=$((fail + 1))
		continue
	fi
	# shellcheck disable=SC2086 # the flags are words
	if why=$(python3 "$GOLDEN/pngcmp.py" $tol "$GOLDEN/$name.ref.png" "$out" "$top/$name.diff.png" 2>&1); then
		pass=$((pass + 1))
	else
		mkdir -p "$OUTDIR"
		cp "$out" "$OUTDIR/$name.out.png"
		[ -f "$top/$name.diff.png" ] && cp "$top/$name.diff.png" "$OUTDIR/$name.diff.png"
		echo "FAIL: $name (hp2x $args): $why"
		echo "  see $OUTDIR/$name.out.png and $name.diff.png; reference $GOLDEN/$name.ref.png"
		fail=$((fail + 1))
	fi
done < <(cases)

while read -r name file; do
	if [ "$update" = 1 ]; then
		cp "$GOLDEN/$name.ref.png" "$file" && echo "wrote $file"
	elif cmp -s "$GOLDEN/$name.ref.png" "$file"; then
		pass=$((pass + 1))
	else
		echo "FAIL: $file is not $GOLDEN/$name.ref.png (golden_png.sh --update)"
		fail=$((fail + 1))
	fi
done < <(readme_pictures)

[ "$ncases" -eq 23 ] || { echo "FAIL: $ncases cases read, wanted 23"; fail=$((fail + 1)); }
# The comparison itself must tell pictures apart: hp2x's own -c against
# the grey picture of the same profile differs.
if [ "$update" = 0 ] && [ -f "$GOLDEN/leak-hT.ref.png" ]; then
	"$HP2X" -q --size 864x576 -c "$SRC/samples/leak-hT.hp" -o "$top/colour.png" 2>/dev/null
	python3 "$GOLDEN/pngcmp.py" "$GOLDEN/leak-hT.ref.png" "$top/colour.png" "$top/x.png" >/dev/null 2>&1
	if [ $? -eq 1 ] && [ -s "$top/x.png" ]; then
		pass=$((pass + 1))
	else
		echo "FAIL: pngcmp.py does not tell the colour picture from the grey one"
		fail=$((fail + 1))
	fi
fi

# The SVG's text layer does not show: the picture is the same bytes with
# the layer taken out, and not with it made visible (its words would be
# drawn twice, once as glyph outlines and once as <text>).
if [ "$update" = 0 ] && [ -f "$top/bands-30.svg.png" ]; then
	svg=$top/bands-30.svg
	sed '/^<g id="text" fill="black" fill-opacity="0"/,/^<\/g>$/d' "$svg" >"$top/none.svg"
	sed 's/^<g id="text" fill="black" fill-opacity="0"/<g id="text" fill="black" fill-opacity="1"/' \
		"$svg" >"$top/shown.svg"
	rsvg-convert "$top/none.svg" -o "$top/none.png"
	rsvg-convert "$top/shown.svg" -o "$top/shown.png"
	if cmp -s "$svg" "$top/none.svg" || ! grep -q '<text ' "$svg" || grep -q '<text ' "$top/none.svg"; then
		echo "FAIL: bands-30.svg has no <g id=\"text\" fill-opacity=\"0\"> layer of <text>"
		fail=$((fail + 1))
	elif ! cmp -s "$top/bands-30.svg.png" "$top/none.png"; then
		echo "FAIL: bands-30.svg's invisible text layer changes its picture (rsvg-convert)"
		fail=$((fail + 1))
	elif cmp -s "$top/bands-30.svg.png" "$top/shown.png"; then
		echo "FAIL: bands-30.svg's text layer made visible does not change the picture"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
