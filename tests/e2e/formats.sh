#!/usr/bin/env bash
# tests/e2e/formats.sh - every graph format hp2x writes, from every real
# profile, under every hp2ps flag, checked by the tools that read them.
#
# In a sanitizer build (HP2X_SANITIZED=1, set by tests/CMakeLists.txt)
# the checkers below look at output only, which the plain build checks,
# so none runs; what stays is each path of hp2x's own code once, not
# their every combination: every input in PS and PDF with no flag (each
# reader and model path, through a vector surface and its text), over
# three inputs that cover the kinds of input (the largest .hp,
# hackage-query.hp; a gzipped one, Describe2.hp.gz; an eventlog with
# cost-centre stacks, leak-hc.eventlog) every flag set in PS (each path
# of the layout), over the first of them in each other format the flag
# sets that change its page (each surface's: a surface sees the layout,
# not the kind of input), and the "done when" commands over every sample.
# A case passes when hp2x exits 0 with no sanitizer report (those exit
# 86 or 87) and writes a non-empty file (and the .aux where it should):
# 174 cases (240 with each other format over all three), not 1803.
#
# The plain build checks:
#
#   PS   GhostScript runs it: gs -dNODISPLAY -dBATCH -dNOPAUSE -dQUIET, as
#        GHC's own test suite checks hp2ps's output.
#   EPS  the same, plus an "EPSF-" header and %%BoundingBox 0 0 W H with
#        hp2ps's rounding of the -e width, W = (int)(w + 0.5) and
#        H = (int)(w * 432 / 648 + 0.5) (648 x 432 without -e); the
#        %%HiResBoundingBox too when there is one.
#   PDF  qpdf --check passes; pdffonts lists LiberationSans and every font
#        is embedded; pdftotext finds the JOB text; with -e the page is the
#        -e width wide (pdfinfo).
#   SVG  well-formed XML (xmllint --noout) with an <svg> root, as wide as
#        -e says.
#   PNG  --size 800x533 gives an 800 x 533, 8-bit RGB(A), non-interlaced
#        image (its IHDR), ending in IEND.
#
# Inputs: samples/*.hp, samples/*.eventlog (heap profiles; the time
# samples of leak-p.eventlog are tests/e2e/ticky.sh's) and tests/data/hp/*
# (Describe2.hp.gz included). Flag sets: none -c -d -i -i- -m5 -m0 -M -t0
# -t5 -b -s -y -e5in -e120mm -g -p; for -p hp2x first runs with --aux to
# write the .aux beside the output, then with -p --aux-in to read it.
#
# The matrix is cut to keep the script quick on two cores.  Every flag
# set goes through every checker over the three inputs above, which cover
# the kinds of input: PS and PDF get every flag set over them, EPS the
# ones that change its page (none -c -M -g -e5in -e120mm -p), SVG and PNG
# none -c -i- -m0 -M -s -e120mm -g -p (the page, the key, the title, the
# aux; the others, -d -i -m5 -t0 -t5 -b -y -e5in, change numbers in the
# layout, not what the checkers look at).  Every other input gets every
# format with -m0 (every band in the key, so that each of its names goes
# through each format's quoting; with no flag as well, the same checks
# passed over a page with fewer names): repeating the other flag sets
# over them ran the same checks, 1,016 cases in all where 345 do (116 s
# of CPU where 40 do).
# HP2X_FORMATS_ALL=1 runs every flag set in every format (about 1800
# runs; in a sanitizer build, over the three inputs above).
#
# Then hp2x's "done when": over every samples/*.hp, exactly
#   hp2x FOO.hp -o FOO.pdf;  hp2x -c -e15cm FOO.hp -o FOO.eps;  hp2x FOO
# with the PDF checked by qpdf, the EPS 425 x 283 points and run by gs,
# and FOO.ps (and FOO.aux) written and run by gs.
#
# Two ctest tests share the matrix, so that each ends well within its
# time limit when the suite's two passes run side by side: this script
# alone does PS, PNG, SVG and the "done when"; tests/e2e/formats_pdf.sh
# runs it with HP2X_FORMATS_PART=pdf for PDF and EPS.
#
# Jobs (one format over one input, all its flag sets) run two at a time
# (xargs -P2, the script calling itself with --worker); each writes one
# line per case to its own result file: "PASS" or "FAIL what: why".
# Last line: "N passed, N failed"; exit status non-zero when any failed.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}:exitcode=86
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}:halt_on_error=1:exitcode=87

ALL_FLAGSETS="none c d i i- m5 m0 M t0 t5 b s y e5in e120mm g p"
# the flag sets that change the page of an EPS, and of an SVG or PNG
# (the header)
EPS_FLAGSETS="none c M g e5in e120mm p"
PAGE_FLAGSETS="none c i- m0 M s e120mm g p"

sanitized=${HP2X_SANITIZED:-0}
# The inputs PS and PDF, and a sanitizer build's every format, run under
# every flag set (the header).
WIDE_INPUTS="hackage-query.hp Describe2.hp.gz leak-hc.eventlog"

flagsets_of() {		# flagsets_of FORMAT INPUT
	if [ "$sanitized" = 1 ]; then
		if [[ " $WIDE_INPUTS " != *" $(basename "$2") "* ]]; then
			case $1 in ps | pdf) echo none ;; esac
			return
		fi
		# a surface sees the layout, not the kind of input: the other
		# formats' flag sets over the first of them alone
		if [ "$1" = ps ]; then
			echo "$ALL_FLAGSETS"
		elif [ "$(basename "$2")" != "${WIDE_INPUTS%% *}" ]; then
			[ "$1" != pdf ] || echo none
		elif [ "$1" = eps ]; then
			echo "$EPS_FLAGSETS"
		else
			echo "$PAGE_FLAGSETS"
		fi
		return
	fi
	if [ "${HP2X_FORMATS_ALL:-0}" = 1 ]; then
		echo "$ALL_FLAGSETS"
		return
	fi
	if [[ " $WIDE_INPUTS " != *" $(basename "$2") "* ]]; then
		echo m0
		return
	fi
	case $1 in
	ps | pdf) echo "$ALL_FLAGSETS" ;;
	eps) echo "$EPS_FLAGSETS" ;;
	*) echo "$PAGE_FLAGSETS" ;;
	esac
}

args_of() {		# args_of FLAGSET: hp2x's arguments for it
	case $1 in
	none | p) ;;
	*) echo "-$1" ;;
	esac
}

# The picture width in points a flag set asks for (648 when none).
width_of() {
	case $1 in
	e5in) echo 360 ;;
	e120mm) awk 'BEGIN { printf "%.6f", 120 / 25.4 * 72 }' ;;
	*) echo 648 ;;
	esac
}

# ---- one job: a format over one input ----

# result "PASS" | result "FAIL ..." into this job's result file.
result() {
	echo "$*" >>"$RESULT"
}

# gs_all FILE...: GhostScript runs every file; one gs for all of them
# (its start-up costs more than these files), and only when that fails one
# gs per file, to say which. Prints the names of the failing files.
gs_all() {
	local f any=0
	[ $# -gt 0 ] || return 0
	gs -dNODISPLAY -dBATCH -dNOPAUSE -dQUIET "$@" >gs.out 2>&1 </dev/null && return 0
	for f in "$@"; do
		if ! gs -dNODISPLAY -dBATCH -dNOPAUSE -dQUIET "$f" >"$f.gs" 2>&1 </dev/null; then
			echo "$f"
			any=1
		fi
	done
	# Each file alone passes but not all together: one spoils gs's state.
	[ "$any" = 1 ] || echo "(together: $(head -1 gs.out))"
}

# check_eps FILE FLAGSET: why the EPS is wrong, or nothing.
check_eps() {
	local f=$1 w want hi
	head -1 "$f" | grep -q '^%!PS-Adobe-[0-9.]* EPSF-[0-9.]*$' ||
		{ echo "not EPS: $(head -1 "$f" | cut -c1-40)"; return; }
	w=$(width_of "$2")
	want=$(awk -v w="$w" 'BEGIN { printf "0 0 %d %d", int(w + 0.5), int(w * 432 / 648 + 0.5) }')
	[ "$(grep -a -c '^%%BoundingBox: ' "$f")" = 1 ] ||
		{ echo "not one %%BoundingBox"; return; }
	[ "$(grep -a '^%%BoundingBox: ' "$f")" = "%%BoundingBox: $want" ] ||
		{ echo "$(grep -a '^%%BoundingBox: ' "$f"), wanted $want"; return; }
	hi=$(grep -a '^%%HiResBoundingBox: ' "$f" | head -1)
	if [ -n "$hi" ]; then
		echo "$hi" | awk -v w="$w" '{
			h = w * 432 / 648
			d = ($2 < 0 ? -$2 : $2) + ($3 < 0 ? -$3 : $3)
			d += ($4 > w ? $4 - w : w - $4) + ($5 > h ? $5 - h : h - $5)
			exit !(NF == 5 && d < 0.01) }' ||
			echo "$hi, wanted 0 0 $w (x 2/3)"
	fi
}

# Text without white space (pdftotext places its own), so that the JOB
# text is found in the text of a PDF whatever its line breaks.
squeeze() {
	tr -d ' \t\r\n\f'
}

check_pdf() {		# check_pdf FILE FLAGSET JOBFILE
	local f=$1 fs=$2 size w
	qpdf --check "$f" >qpdf.out 2>&1 ||
		{ echo "qpdf --check: $(grep -v -i '^checking\|^PDF Version\|^File is not' qpdf.out | head -1)"; return; }
	pdffonts "$f" >fonts.out 2>&1 || { echo "pdffonts failed"; return; }
	grep -q 'LiberationSans' fonts.out || { echo "no LiberationSans font"; return; }
	# Columns from the end: emb sub uni object-number generation.
	awk 'NR > 2 && $(NF - 4) != "yes" { bad = 1 } END { exit bad }' fonts.out ||
		{ echo "font not embedded: $(awk 'NR > 2' fonts.out | head -2)"; return; }
	pdftotext "$f" text.out 2>/dev/null || { echo "pdftotext failed"; return; }
	squeeze <text.out | grep -qF "$(cat "$3")" ||
		{ echo "pdftotext lacks the JOB text $(cat "$3")"; return; }
	case $fs in
	e*)
		size=$(pdfinfo "$f" 2>/dev/null | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p')
		w=$(width_of "$fs")
		echo "$size" | awk -v w="$w" '{ h = w * 432 / 648
			exit !(NF == 2 && $1 - w < 0.01 && w - $1 < 0.01 && $2 - h < 0.01 && h - $2 < 0.01) }' ||
			echo "page size '$size', wanted $w wide"
		;;
	esac
}

check_svg() {		# check_svg FILE FLAGSET
	local f=$1 w got
	xmllint --noout "$f" 2>xml.out || { echo "not XML: $(head -1 xml.out)"; return; }
	grep -q '<svg[ >]' "$f" || { echo "no <svg> root"; return; }
	case $2 in
	e*)
		w=$(width_of "$2")
		got=$(grep -o -m1 '<svg [^>]*width="[0-9.]*pt"' "$f" | sed 's/.*width="\([0-9.]*\)pt"/\1/')
		awk -v w="$w" -v g="$got" 'BEGIN { exit !(g != "" && g - w < 0.01 && w - g < 0.01) }' ||
			echo "width '$got', wanted ${w}pt"
		;;
	esac
}

# The PNG's IHDR: width, height, bit depth, colour type, interlace.
check_png() {		# check_png FILE WIDTH HEIGHT
	local f=$1 hdr
	[ "$(head -c 16 "$f" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a0000000d49484452 ] ||
		{ echo "no PNG signature and IHDR"; return; }
	hdr=$(od -An -tu1 -j16 -N13 "$f" | tr -s ' \n' ' ' | awk '{
		printf "%d %d %d %d %d", (($1 * 256 + $2) * 256 + $3) * 256 + $4,
			(($5 * 256 + $6) * 256 + $7) * 256 + $8, $9, $10, $13 }')
	case $hdr in
	"$2 $3 8 2 0" | "$2 $3 8 6 0") ;;
	*) echo "IHDR width height depth type interlace: $hdr, wanted $2 $3 8 2|6 0"; return ;;
	esac
	[ "$(tail -c 8 "$f" | od -An -tx1 | tr -d ' \n')" = 49454e44ae426082 ] ||
		echo "does not end in IEND"
}

worker() {		# worker FORMAT N: one format over input N
	local fmt=$1 n=$2 in name fs out label why f bad rc gsfiles=() extra=()
	in=$(cat "$top/in/$n.path")
	name=$(basename "$in")
	RESULT=$top/res/$fmt.$n
	mkdir -p "$top/run/$fmt.$n" && cd "$top/run/$fmt.$n" || exit 1
	[ "$fmt" = png ] && extra=(--size 800x533)
	for fs in $(flagsets_of "$fmt" "$in"); do
		out=$fs.$fmt
		label="$name $fmt -$fs"
		[ "$fs" = none ] && label="$name $fmt (no flag)"
		if [ "$fs" = p ]; then
			if ! "$HP2X" --aux "${extra[@]}" "$in" -o "$out" 2>"$fs.err" ||
				[ ! -s p.aux ]; then
				result "FAIL $label: the --aux run failed or wrote no p.aux: $(head -1 "$fs.err")"
				continue
			fi
			# -p reads the input's .aux (hp2ps's name); this
			# one was written beside the output: --aux-in
			set -- -p --aux-in p.aux
		else
			# shellcheck disable=SC2046 # args_of prints zero or one word
			set -- $(args_of "$fs")
		fi
		"$HP2X" "$@" "${extra[@]}" "$in" -o "$out" 2>"$fs.err"
		rc=$?
		if [ "$rc" -ne 0 ]; then
			result "FAIL $label: exit $rc: $(grep -m1 -v '^=*$' "$fs.err")"
			continue
		fi
		why=
		if [ "$sanitized" = 1 ]; then
			[ -s "$out" ] || why="wrote no $out"
			result "${why:+FAIL $label: }${why:-PASS}"
			continue
		fi
		case $fmt in
		eps) why=$(check_eps "$out" "$fs") ;;
		pdf) why=$(check_pdf "$out" "$fs" "$top/in/$n.job") ;;
		svg) why=$(check_svg "$out" "$fs") ;;
		png) why=$(check_png "$out" 800 533) ;;
		esac
		if [ -n "$why" ]; then
			result "FAIL $label: $why"
		elif [ "$fmt" = ps ] || [ "$fmt" = eps ]; then
			gsfiles+=("$out")
		else
			result PASS
		fi
	done
	# PostScript cases pass or fail once gs has seen them all.
	[ ${#gsfiles[@]} -gt 0 ] || return 0
	bad=$(gs_all "${gsfiles[@]}")
	for f in "${gsfiles[@]}"; do
		if grep -qxF "$f" <<<"$bad"; then
			result "FAIL $name $fmt -${f%.*}: gs: $(grep -a -m1 -i 'error' "$f.gs")"
		else
			result PASS
		fi
	done
	case $bad in
	"(together"*) result "FAIL $name $fmt: gs fails on all the files at once $bad" ;;
	esac
}

# ---- hp2x's "done when", over one sample ----

# writes FILE... -- ARG...: hp2x ARG... exits 0 and writes each FILE.
writes() {
	local files=() f rc
	while [ "$1" != -- ]; do files+=("$1"); shift; done
	shift
	"$HP2X" "$@" 2>err
	rc=$?
	if [ "$rc" -ne 0 ]; then
		result "FAIL hp2x $*: exit $rc: $(grep -m1 -v '^=*$' err)"
		return
	fi
	for f in "${files[@]}"; do
		[ -s "$f" ] || { result "FAIL hp2x $*: wrote no $f"; return; }
	done
	result PASS
}

done_when() {		# done_when N
	local n=$1 in stem why box
	in=$(cat "$top/in/$n.path")
	stem=$(basename "$in" .hp)
	RESULT=$top/res/when.$n
	mkdir -p "$top/run/when.$n" && cd "$top/run/when.$n" || exit 1
	cp "$in" "$stem.hp"
	if [ "$sanitized" = 1 ]; then
		# The commands alone: exit 0 and the files written.
		writes "$stem.pdf" -- "$stem.hp" -o "$stem.pdf"
		writes "$stem.eps" -- -c -e15cm "$stem.hp" -o "$stem.eps"
		writes "$stem.ps" "$stem.aux" -- "$stem"
		return
	fi
	if "$HP2X" "$stem.hp" -o "$stem.pdf" 2>err; then
		why=$(check_pdf "$stem.pdf" none "$top/in/$n.job")
	else
		why="exit status: $(head -1 err)"
	fi
	if [ -z "$why" ]; then result PASS; else result "FAIL hp2x $stem.hp -o $stem.pdf: $why"; fi
	# 15 cm = 425.2 points; 425.2 * 432 / 648 = 283.5
	if "$HP2X" -c -e15cm "$stem.hp" -o "$stem.eps" 2>err; then
		box=$(grep -a '^%%BoundingBox: ' "$stem.eps")
		why=
		[ "$box" = "%%BoundingBox: 0 0 425 283" ] || why="$box, wanted 0 0 425 283"
		[ -n "$why" ] || why=$(gs_all "$stem.eps")
	else
		why="exit status: $(head -1 err)"
	fi
	if [ -z "$why" ]; then result PASS; else result "FAIL hp2x -c -e15cm $stem.hp -o $stem.eps: $why"; fi
	if "$HP2X" "$stem" 2>err && [ -s "$stem.ps" ] && [ -s "$stem.aux" ]; then
		why=$(gs_all "$stem.ps")
		[ -n "$why" ] && why="gs refuses $stem.ps"
	else
		why="no $stem.ps and $stem.aux: $(head -1 err)"
	fi
	if [ -z "$why" ]; then result PASS; else result "FAIL hp2x $stem: $why"; fi
}

if [ "${1:-}" = --worker ]; then
	top=$HP2X_FORMATS_TOP
	if [ "$2" = when ]; then
		done_when "$3"
	else
		worker "$2" "$3"
	fi
	exit 0
fi

# ---- the driver ----

tools="gs qpdf pdffonts pdftotext pdfinfo xmllint od awk xargs"
[ "$sanitized" = 1 ] && tools="xargs"
for tool in $tools; do
	command -v "$tool" >/dev/null || { echo "FAIL: $tool not found"; echo "0 passed, 1 failed"; exit 1; }
done

top=$(mktemp -d "${TMPDIR:-/tmp}/hp2x-formats.XXXXXX")
trap 'rm -rf "$top"' EXIT
mkdir -p "$top/in" "$top/res" "$top/run"

part=${HP2X_FORMATS_PART:-}
case $part in
pdf) fmts="pdf eps" ;;
"") fmts="ps png svg" ;;
*) echo "FAIL: HP2X_FORMATS_PART=$part: pdf or nothing"; echo "0 passed, 1 failed"; exit 1 ;;
esac

# Inputs, numbered, biggest first so that the long jobs start early; the
# JOB text of each (from the file, or from hp2x's .hp of an eventlog).
n=0
nsetup=0
: >"$top/jobs"
while IFS= read -r f; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	echo "$f" >"$top/in/$n.path"
	if [ "$sanitized" = 1 ]; then
		job='JOB "unread: no checker reads it"'
	else
		case $f in
		*.gz) job=$(gzip -dc "$f" | head -1) ;;
		*.eventlog) job=$("$HP2X" -q "$f" -o - --format=hp 2>/dev/null | head -1) ;;
		*) job=$(head -1 "$f") ;;
		esac
	fi
	case $job in
	'JOB "'*'"') ;;
	*) echo "FAIL: $(basename "$f"): no JOB line: $job"; nsetup=$((nsetup + 1)) ;;
	esac
	job=${job#JOB \"}
	# Its first 30 characters: a small title may shorten a longer one.
	printf '%s' "${job%\"}" | squeeze | cut -c1-30 >"$top/in/$n.job"
	for fmt in $fmts; do
		[ -n "$(flagsets_of "$fmt" "$f")" ] && echo "$fmt $n" >>"$top/jobs"
	done
	case $f in
	"$SRC"/samples/*.hp) [ "$part" = pdf ] || echo "when $n" >>"$top/jobs" ;;
	esac
done < <(ls -S "$SRC"/samples/*.hp "$SRC"/samples/*.eventlog "$SRC"/tests/data/hp/* 2>/dev/null |
	 grep -v '/samples/leak-p\.eventlog$')	# time samples: tests/e2e/ticky.sh
nsamples=$(grep -c '^when ' "$top/jobs")
[ "$part" = pdf ] && nsamples=$(ls "$SRC"/samples/*.hp | wc -l)
if [ "$n" -lt 21 ] || [ "$nsamples" -lt 8 ]; then
	echo "FAIL: only $n inputs ($nsamples samples/*.hp) found, wanted 21 (8)"
	nsetup=$((nsetup + 1))
fi

export HP2X_FORMATS_TOP=$top
xargs -P2 -L1 bash "$0" --worker <"$top/jobs"

# Every job must have written its results: a worker that died says nothing.
while read -r fmt i; do
	[ -s "$top/res/$fmt.$i" ] || { echo "FAIL: $fmt job over $(cat "$top/in/$i.path") wrote no result"; nsetup=$((nsetup + 1)); }
done <"$top/jobs"

pass=$(cat "$top"/res/* | grep -c '^PASS$')
fail=$(cat "$top"/res/* | grep -c '^FAIL')
cat "$top"/res/* | grep '^FAIL' | sed 's/^FAIL /FAIL: /'
fail=$((fail + nsetup))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
