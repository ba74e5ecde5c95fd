#!/usr/bin/env bash
# tests/e2e/timeprof.sh - time samples against the .prof GHC wrote in the
# same run (samples/leak-p.eventlog and samples/leak-p.prof, GHC 9.0.2,
# +RTS -P -l-au).
#
# Per cost centre, the ticks hp2x finds in the eventlog (CSV, innermost
# cost centre, summed over the columns) agree with the .prof's individual
# ticks (-P's "ticks" column, summed over every place the cost centre
# appears in the tree, CAFs as Module.CAF) within TOLERANCE ticks.  GC,
# SYSTEM and the profiler's own OVERHEAD_of, IDLE, DONT_CARE are sampled
# by the eventlog only.  The .prof's total time minus the eventlog's
# non-.prof ticks also agrees.  Prints the largest difference seen.
set -u
. "$(dirname "$0")/lib.bash"
e2e_init timeprof
: "${HP2X:?}" "${HP2X_SRC:?}"
TOLERANCE=${TOLERANCE:-2}
py=/usr/bin/python3
ev=$HP2X_SRC/samples/leak-p.eventlog
ev96=$HP2X_SRC/tests/data/ghc-9.6/ghc96-leak-p.eventlog
prof=$HP2X_SRC/samples/leak-p.prof

# "label ticks" per cost centre from the .prof's tree
prof_ticks() {
	awk '
		/^COST CENTRE .* no\. / { tree = 1; next }
		tree && NF >= 11 {
			lab = $1; if (lab == "CAF") lab = $2 ".CAF"
			t[lab] += $(NF - 1)
		}
		END { for (k in t) print k, t[k] }' "$prof" | sort
}

agree() {
	"$HP2X" "$ev" -o el.csv || { bad "hp2x failed"; return; }
	awk -F, 'NR > 1 { t[$3] += $4 } END { for (k in t) print k, t[k] }' el.csv |
		sort >el.txt
	prof_ticks >prof.txt
	[ -s prof.txt ] || { bad "no ticks in $prof (not a -P report?)"; return; }
	join -a1 -a2 -e0 -o 0,1.2,2.2 el.txt prof.txt >both.txt
	awk -v tol="$TOLERANCE" '
		$1 ~ /^(GC|SYSTEM|OVERHEAD_of|IDLE|DONT_CARE)$/ { extra += $2; next }
		{
			d = $2 - $3; if (d < 0) d = -d
			if (d > max) { max = d; at = $1 }
			n++; el += $2; pr += $3
			if (d > tol) { print "  " $1 ": eventlog " $2 ", .prof " $3 > "/dev/stderr"; badn++ }
		}
		END {
			printf "  %d cost centres; eventlog %d ticks (+%d GC/SYSTEM/overhead), .prof %d; largest difference %d (%s)\n", n, el, extra, pr, max, at
			exit badn > 0
		}' both.txt || bad "ticks differ by more than $TOLERANCE"
	total=$(sed -n 's/.*(\([0-9]*\) ticks @.*/\1/p' "$prof")
	sum=$(awk '{ s += $3 } END { print s }' both.txt)
	[ "$total" = "$sum" ] || bad ".prof total $total but its tree sums to $sum"
}

# The title and the summary say ticks and interval; GC is a band of its own.
title() {
	"$HP2X" "$ev" -o t.json || { bad "hp2x failed"; return; }
	grep -q '"breakdown": "CPU time by cost-centre (innermost), [0-9]* ticks of 1 ms"' t.json ||
		bad "no tick count in the title: $(grep breakdown t.json)"
	grep -q '{"name": "GC"[,}]' t.json || bad "no GC band"
	"$HP2X" --summary "$ev" >sum.txt || { bad "--summary failed"; return; }
	grep -q '^  what: CPU time by cost-centre (innermost), [0-9]* ticks of 1 ms' sum.txt ||
		bad "--summary does not say ticks and interval: $(head -4 sum.txt)"
	# the table's columns line up: its rows as long as its header (a
	# growth of "-0.0314 CPU/s" was wider than its column)
	awk '/^band / { w = length($0); on = 1; next } on && /^$/ { exit }
		on && length($0) != w { print; bad = 1 } END { exit bad }' sum.txt >ragged.txt ||
		bad "--summary's rows are not as wide as its header: $(head -3 ragged.txt)"
	# the unit once, in the columns' heads; plain numbers in the cells
	# (not "0.76 CPU" in every one), in the text and Markdown tables
	grep -Eq '^band +peak \(CPU\) +at +share +last \(CPU\) +growth \(CPU/s\) +fit$' sum.txt ||
		bad "--summary's head does not carry the unit: $(grep '^band' sum.txt)"
	awk '/^band / { on = 1; next } on && /^$/ { exit } on && / CPU/ { print; bad = 1 } END { exit bad }' \
		sum.txt >cells.txt || bad "a cell repeats the unit: $(head -2 cells.txt)"
	"$HP2X" --summary=markdown "$ev" >sum.md || { bad "--summary=markdown failed"; return; }
	grep -q '^| band | peak (CPU) | at | share | last (CPU) | growth (CPU/s) | fit |$' sum.md ||
		bad "Markdown head: $(grep '^| band' sum.md)"
	awk '/^\| band / { on = 1; next } on && /^$/ { exit } on && / CPU/ { print; bad = 1 } END { exit bad }' \
		sum.md >cells.md || bad "a Markdown cell repeats the unit: $(head -2 cells.md)"
}

# Written as .hp, the ticks per column say so: hp2ps's axis and hp2x
# reading the file back must not call them bytes or CPU seconds per
# second.  --summary=json names its values' unit and scale.
as_hp() {
	"$HP2X" "$ev" -o t.hp || { bad "hp2x failed"; return; }
	grep -qx 'VALUE_UNIT "ticks of 1 ms per 50 ms"' t.hp ||
		bad "VALUE_UNIT: $(grep VALUE_UNIT t.hp)"
	"$HP2X" --summary t.hp >back.txt || { bad "--summary of the .hp failed"; return; }
	grep -qx '  values: ticks of 1 ms per 50 ms' back.txt ||
		bad "no unit line: $(head -4 back.txt)"
	! grep -Eq '[0-9] [kMG]?B( |$)' back.txt || bad "ticks shown as bytes: $(grep -E '[0-9] [kMG]?B' back.txt | head -2)"
	"$HP2X" --summary=json "$ev" >s.json || { bad "--summary=json failed"; return; }
	grep -q '"value_unit": "ticks", "scale": 0.020000,' s.json ||
		bad "value_unit/scale: $(head -c 200 s.json)"
	"$HP2X" --summary=json t.hp >b.json || { bad "--summary=json of the .hp failed"; return; }
	grep -q '"value_unit": "ticks of 1 ms per 50 ms", "scale": 1.000000,' b.json ||
		bad "value_unit of the .hp: $(head -c 200 b.json)"
}

# --diff of two time profiles: its summary in CPU seconds per second and
# CPU seconds, never bytes; its JSON names the unit and scale; its graph
# (GHC 9.0's run against GHC 9.6's) is labelled so about its zero line.  Ticks of
# another length (the same eventlog with PROF_BEGIN's interval, event
# 168, made 2 ms) are refused, as a graph of both on one y scale is: a
# tick would count 1 ms on one side and 2 ms on the other.
diff_units() {
	"$HP2X" --diff "$ev" "$ev" --summary >d.txt || { bad "--diff --summary failed"; return; }
	grep -Eq '^  peak 0\.[0-9]+ CPU -> 0\.[0-9]+ CPU; [0-9.]+ CPU s -> [0-9.]+ CPU s \(0 CPU s' d.txt ||
		bad "--diff --summary's units: $(sed -n 2p d.txt)"
	! grep -Eq '[0-9] [kMG]?B( |$)|B x s|\(B\)' d.txt || bad "ticks shown as bytes: $(grep -E '[0-9] [kMG]?B|B x s|\(B\)' d.txt | head -2)"
	"$HP2X" --diff "$ev" "$ev" --summary=json >d.json || { bad "--diff --summary=json failed"; return; }
	grep -q '^{"value_unit": "ticks",' d.json && grep -q '"scale": 0.020000,' d.json ||
		bad "--diff --summary=json's unit and scale: $(head -c 200 d.json)"
	"$py" - "$ev" <<'PY' >ev2.eventlog || { bad "could not patch the tick"; return; }
import struct, sys
b = open(sys.argv[1], "rb").read()
i = 0
while True:
    i = b.find(struct.pack(">H", 168), i)
    assert i >= 0, "no PROF_BEGIN"
    if b[i + 10:i + 18] == struct.pack(">Q", 1000000):
        break
    i += 1
sys.stdout.buffer.write(b[:i + 10] + struct.pack(">Q", 2000000) + b[i + 18:])
PY
	# the graph of a change: its y axis in CPU seconds per second
	# either side of zero, its title's area in CPU seconds
	"$HP2X" --diff "$ev" "$ev96" -o d.pdf || { bad "--diff of two time profiles failed"; return; }
	pdftotext d.pdf d.txt
	# the y labels come first, top down, then the x axis's from 0.0
	[ "$(grep -E '^-?[0-9.]+$' d.txt | sed '/^0\.0$/,$d' | tr '\n' ' ')" = "0.8 0.6 0.4 0.2 0 -0.2 -0.4 " ] ||
		bad "the change's y axis is not in CPU seconds per second about 0: $(grep -E '^-?[0-9.]+$' d.txt | head -9 | tr '\n' ' ')"
	grep -Eq '^-?[0-9.]+ CPU seconds$' d.txt || bad "the change's title: $(grep 'CPU seconds' d.txt | head -2)"
	"$HP2X" --summary ev2.eventlog | grep -q 'ticks of 2 ms' || bad "the patched eventlog does not count ticks of 2 ms"
	local args
	for args in "--diff $ev ev2.eventlog -o d.png" "$ev ev2.eventlog -o m.png"; do
		# shellcheck disable=SC2086
		if "$HP2X" $args 2>err.txt; then
			bad "hp2x $args: ticks of 1 and 2 ms were compared"
		elif ! grep -q 'ticks of 1 ms.*ticks of 2 ms' err.txt; then
			bad "hp2x $args: the refusal does not name the ticks: $(cat err.txt)"
		fi
	done
	[ ! -e d.png ] && [ ! -e m.png ] || bad "a refused comparison left a file"
}

run agree agree
run title title
run as_hp as_hp
run diff_units diff_units
e2e_done
