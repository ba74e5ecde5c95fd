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
ev=$HP2X_SRC/samples/leak-p.eventlog
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

run agree agree
run title title
run as_hp as_hp
e2e_done
