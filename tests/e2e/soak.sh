#!/usr/bin/env bash
# tests/e2e/soak.sh - watch mode's memory stays flat over many drawings,
# in every output format.
#
# tests/soak grows a .hp by one sample per drawing (a Chinese band name,
# so text goes through the system font the bundled one lacks: cairo 1.16
# leaked 128 KB per PostScript or EPS drawing of such text) and reads
# hp2x's resident memory along the way.  Over each quarter of the
# second half of the drawings it may grow by at most 4 KB a drawing on
# average, in one of them at least (tests/soak: a leak grows in both, the
# allocator's one step in one): the model's new samples and allocator
# noise, a thirtieth of that leak.  The
# drawings per format are fewer where one costs more (PDF subsets the CJK
# font every time, about 0.2 s); SOAK_SCALE multiplies them all
# (SOAK_SCALE=4 for the figures of thousands of drawings).  The figures
# are printed.  (speedscope needs time samples, not a heap profile; it
# writes through the same job as the other data formats.)  In the
# sanitizer build memory is the sanitizer's (freed blocks are held back),
# so there the drawings must only all be made.
#
# The formats soak side by side, each in its own directory with its own
# hp2x (memory is read per process): each drawing waits for the next
# sample and the one after it, so one after another they took 57 s for
# 13 s of CPU, the longest test of the suite on a busy machine.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
export LC_ALL=C.UTF-8

. "$SRC/tests/e2e/lib.bash"
e2e_init soak

scale=${SOAK_SCALE:-1}
sanitized=${HP2X_SANITIZED:-}
# cairo's PS/PDF font subsetting keeps a few hundred bytes of a CJK font
# to the end (text.sh says which): not hp2x's, and not per drawing.
[ -n "$sanitized" ] && export ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0

# start FORMAT DRAWINGS [HP2X-OPTIONS...]: its soak, in the background,
# in the directory FORMAT.
start() {
	local fmt=$1 n=$(($2 * scale))
	shift 2
	[ -n "$sanitized" ] && n=$((n / 5))
	mkdir "$fmt" || return
	(cd "$fmt" && exec python3 "$SRC/tests/soak" "$HP2X" "out.$fmt" "$n" -- "$@" >line 2>err) &
	pids+=($!)
}

# judge FORMAT PID: its soak went through, and memory stayed flat.
judge() {
	local fmt=$1 line grown
	wait "$2" || { bad "$fmt: $(cat "$fmt/err")"; return; }
	line=$(cat "$fmt/line")
	echo "  $line" >&2
	[ -n "$sanitized" ] && return
	grown=$(echo "$line" | sed -n 's/.* per_drawing_b \([0-9-]*\) .*/\1/p')
	[ -n "$grown" ] || { bad "$fmt: no figures: $line"; return; }
	[ "$grown" -le 4096 ] ||
		bad "$fmt: memory grew by $grown bytes a drawing: $line"
}

soak_all() {
	local fmts=(ps eps pdf svg png hp csv json) i
	start ps 300
	start eps 300
	start pdf 100
	start svg 200
	start png 200 --size 240x160
	start hp 200
	start csv 200
	start json 200
	for i in "${!fmts[@]}"; do
		judge "${fmts[$i]}" "${pids[$i]}"
	done
}

run soak soak_all

e2e_done
