#!/usr/bin/env bash
# tests/e2e/latex.sh - hp2x's graphs inside LaTeX documents, the way people
# use hp2ps's -e: `hp2x -c -e15cm FOO.hp -o FOO.eps` included with
# graphicx's \includegraphics and compiled by latex + dvips, and the same
# graph as FOO.pdf compiled by pdflatex.
#
# Each case checks that TeX read the graph's size (the box \includegraphics
# makes is 15 cm wide and two thirds as high, from the EPS's BoundingBox or
# the PDF's page, within a point) and that the result holds the graph: the
# dvips PostScript, turned into PDF by ps2pdf (GhostScript), and pdflatex's
# PDF both give pdftotext the JOB text and the "bytes x seconds" of the
# title.
#
# Inputs: samples/leak-hc.hp (the issue's FOO.hp), samples/leak-hT.eventlog
# and a small profile whose JOB holds PostScript's and TeX's special
# characters ( ) \ % { } $ #.
#
# Last line: "N passed, N failed"; exit status non-zero when any failed.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}

. "$SRC/tests/e2e/lib.bash"
e2e_init latex

for tool in latex dvips pdflatex ps2pdf pdftotext kpsewhich; do
	command -v "$tool" >/dev/null || { echo "FAIL: $tool not found"; fail=$((fail + 1)); }
done
kpsewhich graphicx.sty >/dev/null || { echo "FAIL: graphicx.sty not found"; fail=$((fail + 1)); }
if [ "$fail" -ne 0 ]; then
	echo "0 passed, $fail failed"
	exit 1
fi

# A document holding only the graph, which reports the size TeX gave it.
document() {		# document GRAPHICS-FILE
	cat <<EOF
\\documentclass{article}
\\usepackage{graphicx}
\\begin{document}
\\setbox0=\\hbox{\\includegraphics{$1}}
\\typeout{GRAPH-WIDTH \\the\\wd0}
\\typeout{GRAPH-HEIGHT \\the\\ht0}
\\noindent\\box0
\\end{document}
EOF
}

# check_size LOG: TeX's box is 15 cm (426.79 TeX points) wide and 2/3 of
# that high, within a point (an EPS bounding box is in whole big points).
check_size() {
	local w h
	w=$(sed -n 's/^GRAPH-WIDTH \([0-9.]*\)pt$/\1/p' "$1")
	h=$(sed -n 's/^GRAPH-HEIGHT \([0-9.]*\)pt$/\1/p' "$1")
	awk -v w="$w" -v h="$h" 'BEGIN { W = 15 / 2.54 * 72.27; H = W * 2 / 3
		exit !(w != "" && h != "" && w - W < 1 && W - w < 1 && h - H < 1 && H - h < 1) }' ||
		bad "graph is ${w}pt x ${h}pt in TeX, wanted 15cm x 10cm"
}

# check_text PDF JOB: pdftotext finds the JOB and the title's area text.
check_text() {
	local text job
	pdftotext "$1" text.out 2>/dev/null || { bad "pdftotext $1 failed"; return 1; }
	text=$(tr -d ' \t\r\n\f' <text.out)
	job=$(printf '%s' "$2" | tr -d ' \t')
	case $text in
	*"$job"*) ;;
	*) bad "$1: pdftotext lacks the JOB text '$2'" ;;
	esac
	case $text in
	*bytesxseconds*) ;;
	*) bad "$1: pdftotext lacks 'bytes x seconds'" ;;
	esac
}

t_eps() {		# t_eps INPUT JOB
	"$HP2X" -c -e15cm "$1" -o FOO.eps 2>err || { bad "hp2x -c -e15cm: $(head -1 err)"; return 1; }
	document FOO.eps >doc.tex
	latex -interaction=nonstopmode -halt-on-error doc.tex >latex.out 2>&1 ||
		{ bad "latex failed: $(grep -m1 '^!' doc.log)"; return 1; }
	check_size doc.log
	dvips -q -o doc.ps doc.dvi >dvips.out 2>&1 || { bad "dvips failed: $(head -1 dvips.out)"; return 1; }
	ps2pdf doc.ps doc.pdf >ps2pdf.out 2>&1 || { bad "ps2pdf failed: $(head -1 ps2pdf.out)"; return 1; }
	check_text doc.pdf "$2"
}

t_pdf() {		# t_pdf INPUT JOB
	"$HP2X" -c -e15cm "$1" -o FOO.pdf 2>err || { bad "hp2x -c -e15cm: $(head -1 err)"; return 1; }
	document FOO.pdf >doc.tex
	pdflatex -interaction=nonstopmode -halt-on-error doc.tex >pdflatex.out 2>&1 ||
		{ bad "pdflatex failed: $(grep -m1 '^!' doc.log)"; return 1; }
	check_size doc.log
	check_text doc.pdf "$2"
}

special=$top/special.hp
cat >"$special" <<'EOF'
JOB "odd (job) \ 100% {x} $y #z"
DATE "Thu Jan  1 00:00 2026"
SAMPLE_UNIT "seconds"
VALUE_UNIT "bytes"
BEGIN_SAMPLE 0.00
END_SAMPLE 0.00
BEGIN_SAMPLE 0.50
(1)main	1000
(2)foo (bar)	2000
END_SAMPLE 0.50
MARK 0.75
BEGIN_SAMPLE 1.00
(1)main	3000
(2)foo (bar)	500
END_SAMPLE 1.00
EOF

run "latex+dvips: leak-hc.hp" t_eps "$SRC/samples/leak-hc.hp" "leak +RTS -hc -l-au -i0.05"
run "pdflatex: leak-hc.hp" t_pdf "$SRC/samples/leak-hc.hp" "leak +RTS -hc -l-au -i0.05"
run "latex+dvips: leak-hT.eventlog" t_eps "$SRC/samples/leak-hT.eventlog" "leak"
run "pdflatex: leak-hT.eventlog" t_pdf "$SRC/samples/leak-hT.eventlog" "leak"
# shellcheck disable=SC2016 # the dollar is part of the JOB text
run "latex+dvips: special characters" t_eps "$special" 'odd (job) \ 100% {x} $y #z'
# shellcheck disable=SC2016
run "pdflatex: special characters" t_pdf "$special" 'odd (job) \ 100% {x} $y #z'

e2e_done
