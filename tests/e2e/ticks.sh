#!/usr/bin/env bash
# tests/e2e/ticks.sh - hp2x labels at least the ticks hp2ps labels:
# hp2x's axis legends are longer than hp2ps's ("mutator seconds"
# for "seconds", "bytes per second" for "bytes") and must go where they
# cost no tick.  Every real .hp of tests/data/hp, tests/data/builds and
# samples/ (not tabbed-hc, which hp2ps cannot read: GHC #2071), with every
# hp2ps flag set the golden pictures use and the layouts' other cases
# (-m0, -M, -b), is drawn by /usr/bin/hp2ps and by hp2x as SVG; the tick
# labels of each (ticklabels.py: the strings of hp2ps's PostScript, the
# text layer of hp2x's SVG) are compared: each of hp2ps's y labels must be
# among hp2x's, and hp2x must label as many x ticks (both start at the
# first sample and step alike; hp2ps prints them "%.1f").  Ticky
# eventlogs' y axes ("bytes per second") are checked against hp2ps
# drawing their .hp with the legend "bytes", and a GHC 9.6 time
# profile's ("CPU seconds per second") against hp2ps's rule.
#
# Last line: "N passed, N failed".
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
HP2PS=${HP2PS:-/usr/bin/hp2ps}
LABELS=$SRC/tests/e2e/ticklabels.py
# shellcheck source=tests/e2e/lib.bash
. "$SRC/tests/e2e/lib.bash"
e2e_init ticks

# The flag sets: the golden pictures' hp2ps flags, and the other layouts.
# (-c and the order, -d -i, change no tick.)
FLAGS=("" "-e5in" "-t0 -m30" "-t0 -m200" "-t0 -m12" "-m0" "-M" "-b")
# A sanitizer build draws the same pictures: one flag set runs its code.
[ -n "${HP2X_SANITIZED:-}" ] && FLAGS=("")

# one_file HP: every flag set, drawn by both, then compared at once.
one_file() {
	local hp=$1 f i=0 pairs=()
	case $hp in
	*.gz) gzip -dc "$hp" >in.hp ;;
	*) cp "$hp" in.hp ;;
	esac
	for f in "${FLAGS[@]}"; do
		i=$((i + 1))
		rm -f in.ps in.aux
		# shellcheck disable=SC2086 # flags
		"$HP2PS" $f in.hp >/dev/null 2>&1 || { bad "hp2ps $f failed"; continue; }
		mv in.ps "$i.ps"
		# shellcheck disable=SC2086
		"$HP2X" -q $f in.hp -o "$i.svg" 2>err ||
			{ bad "hp2x $f failed: $(head -1 err)"; continue; }
		pairs+=("$(basename "$hp") $f" "$i.ps" "$i.svg")
	done
	python3 "$LABELS" covers "${pairs[@]}" >out || bad "$(cat out)"
}

for hp in "$SRC"/tests/data/hp/*.hp "$SRC"/tests/data/hp/*.hp.gz \
	  "$SRC"/tests/data/builds/*.hp "$SRC"/samples/*.hp; do
	case $hp in */tabbed-hc.hp) continue ;; esac
	run "$(basename "$hp")" one_file "$hp"
done

# Ticky eventlogs (one made by tests/eventlog-ref/mkticky.hs, one by
# GHC 9.6's RTS): the y legend "bytes per second" against hp2ps's "bytes"
# on the same values (names with blanks, which hp2ps cannot read, get "_"
# for them).
ticky() {
	local log=$1
	"$HP2X" -q "$log" -o t.hp &&
		awk -F '\t' 'BEGIN { OFS = "\t" }
			/^VALUE_UNIT / { print "VALUE_UNIT \"bytes\""; next }
			NF == 2 { gsub(/ /, "_", $1) } { print }' t.hp >in.hp &&
		"$HP2PS" in.hp >/dev/null 2>&1 &&
		"$HP2X" -q "$log" -o out.svg ||
		{ bad "hp2x or hp2ps failed"; return; }
	python3 "$LABELS" covers --y-only "ticky" in.ps out.svg >out || bad "$(cat out)"
}
run "ticky eventlog" ticky "$SRC/tests/eventlog-ref/gen/ticky-synth.eventlog"
run "GHC 9.6 ticky eventlog" ticky "$SRC/tests/data/ghc-9.6/ghc96-leak-ticky.eventlog"

# A GHC 9.6 time profile (+RTS -p -l), CPU seconds per second reaching
# about 1: hp2ps's room for "bytes" leaves the ticks to 0.8 (its .hp of
# tick counts cannot be compared: another scale); "CPU seconds per
# second" up the axis cost 0.8 before.
timeprof() {
	"$HP2X" -q "$SRC/tests/data/ghc-9.6/ghc96-leak-p.eventlog" -o out.svg ||
		{ bad "hp2x failed"; return; }
	python3 "$LABELS" svg out.svg >x.txt
	grep -qx 'y 0 0.2 0.4 0.6 0.8' x.txt || bad "y labels: $(grep '^y' x.txt)"
}
run "GHC 9.6 time profile" timeprof

e2e_done
