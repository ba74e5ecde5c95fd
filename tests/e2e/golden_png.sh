#!/usr/bin/env bash
# tests/e2e/golden_png.sh - the picture itself: a few real profiles drawn
# as 864 x 576 PNGs and compared with references that a person looked at
# (tests/golden/png/<case>.ref.png). Checks on the file formats
# (formats.sh) cannot see a band drawn in the wrong place, a missing key or
# a mark at the wrong time; this can.
#
# The comparison (tests/golden/png/pngcmp.py, Python's zlib only) passes
# identical pictures and pictures within cairo-test's kind of tolerance:
# no channel of any pixel more than 24 off, and at most 0.5% of the
# pixels more than 2 off. On a failure it writes <case>.out.png (what hp2x
# drew) and <case>.diff.png (changed pixels in red) into
# $HP2X_BUILD/golden-png/ and says so.
#
#   tests/e2e/golden_png.sh --update    rewrites the references and the
#                                        README's pictures; look at every
#                                        one before committing it.
#
# The README's pictures, samples/leak-hT.png and samples/leak-hc.png, are
# two of the cases; the test fails when they fall behind the references.
#
# Last line: "N passed, N failed"; exit status non-zero when any failed.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
GOLDEN=$SRC/tests/golden/png
OUTDIR=${HP2X_BUILD:-${TMPDIR:-/tmp}}/golden-png
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}:exitcode=86
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}:halt_on_error=1:exitcode=87

# case name, then hp2x's flags and input; every case adds --size 864x576
# (a later --size wins).  Past hp2ps: a 30-band key beside the graph, a
# 200-band key below it on a taller picture, a key of columns below with
# marks close together and one at t = 0 (the eventlog), and
# --colour-by name on a .hp and an eventlog of one run: the bands they
# share have the same colours.
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
EOF
}

# The README's pictures: case, file.
readme_pictures() {
	cat <<EOF
leak-hT-eventlog-c	$SRC/samples/leak-hT.png
leak-hc-c		$SRC/samples/leak-hc.png
EOF
}

update=0
[ "${1:-}" = --update ] && update=1

top=$(mktemp -d "${TMPDIR:-/tmp}/hp2x-golden.XXXXXX")
trap 'rm -rf "$top"' EXIT
pass=0
fail=0
ncases=0

while read -r name args; do
	ncases=$((ncases + 1))
	out=$top/$name.png
	# shellcheck disable=SC2086 # args are flags and a path without blanks
	if ! "$HP2X" -q --size 864x576 $args -o "$out" 2>"$top/err"; then
		echo "FAIL: $name: hp2x $args failed: $(head -1 "$top/err")"
		fail=$((fail + 1))
		continue
	fi
	if [ "$update" = 1 ]; then
		cp "$out" "$GOLDEN/$name.ref.png" && echo "wrote $GOLDEN/$name.ref.png"
		continue
	fi
	if [ ! -f "$GOLDEN/$name.ref.png" ]; then
		echo "FAIL: $name: no reference $GOLDEN/$name.ref.png (golden_png.sh --update)"
		fail=$((fail + 1))
		continue
	fi
	if why=$(python3 "$GOLDEN/pngcmp.py" "$GOLDEN/$name.ref.png" "$out" "$top/$name.diff.png" 2>&1); then
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

[ "$ncases" -eq 11 ] || { echo "FAIL: $ncases cases read, wanted 11"; fail=$((fail + 1)); }
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

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
