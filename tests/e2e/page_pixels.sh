#!/usr/bin/env bash
# tests/e2e/page_pixels.sh - the interactive page's band graph read back
# pixel by pixel (tests/e2e/pixels.py, through page.py raster) against
# the page's own data block: page/viewer/raster.js draws the graph a
# device pixel at a time, and this holds it to the picture the paths
# drew.
#
#   raster    at devicePixelRatio 1 and 2, in columns showing one
#             sample, each band is its own colour on every device row
#             its stacked edges cover whole, and the plot is empty above
#             the stack; in the view of each band over its peak, a
#             line with no other near is its colour through its middle;
#             the whole run, two bands hidden, 100 %, over the peaks
#             (also a band hidden and zoomed), zoomed to a fifth and to
#             a hundredth; samples/leak-hT.hp (fewer
#             samples than columns: straight edges between samples) and
#             a profile of 30,000 samples with spikes (more: each column
#             the sample of greatest total, no spike lost; two levels,
#             the finer one drawn zoomed to a hundredth)
set -u
. "$(dirname "$0")/lib.bash"
e2e_init page_pixels
: "${HP2X:?}" "${HP2X_SRC:?}"
S=$HP2X_SRC/samples

raster() {
	# 30,000 samples x 16 bands, every 97th a spike: more samples than
	# the graph has columns, and than the page holds (two levels: the
	# whole run's columns, the finer ones a zoom to a hundredth draws)
	awk 'BEGIN {
		print "JOB \"dense\""; print "DATE \"d\""; print "SAMPLE_UNIT \"seconds\""; print "VALUE_UNIT \"bytes\""
		print "BEGIN_SAMPLE 0.00"; print "END_SAMPLE 0.00"
		for (i = 1; i <= 30000; i++) {
			printf "BEGIN_SAMPLE %.3f\n", i / 1000
			for (k = 0; k < 16; k++)
				printf "band_%d\t%d\n", k, 1000 * (k + 1) * (1.5 + sin(i * 0.0013 * (k + 1))) * (i % 97 == k ? 4 : 1) + i % 13
			printf "END_SAMPLE %.3f\n", i / 1000
		}
	}' >dense.hp
	"$HP2X" dense.hp -o dense.html && "$HP2X" "$S/leak-hT.hp" -o page.html ||
		{ bad "hp2x -o FOO.html failed"; return; }
	# what it looks at is output only: a sanitizer build (HP2X_SANITIZED=1)
	# makes the pages and leaves the browser out, as e2e/page does
	[ "${HP2X_SANITIZED:-0}" = 1 ] && return 0
	local p r
	for p in page.html dense.html; do
		for r in 1 2; do
			page_py raster "$p" "$r" ||
				bad "raster $p at $r: see above"
		done
	done
}

[ "${HP2X_SANITIZED:-0}" = 1 ] || page_py_serve
run raster raster
e2e_done
