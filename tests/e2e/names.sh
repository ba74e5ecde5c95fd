#!/usr/bin/env bash
# tests/e2e/names.sh - a band is known by its name across graphs and
# builds, checked from the command line on real profiles:
#   - --diff of two builds of one program (tests/data/builds: leak-b is
#     leak-a with one function more, so the -hc stacks after it have other
#     ids) matches 58 of the 59 stacks of each (--summary, which matches
#     as the drawing does, hp/match.c); --match-ids matches whole names
#     (5 of them);
#   - --colour-by name gives each band of leak-hc.hp the same colour in
#     -m5, -m12 and -m25 graphs (.aux colours), and a band of the same
#     name the same colour in both builds' graphs (its id left out).
#
# Last line: "N passed, N failed".
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
# shellcheck source=tests/e2e/lib.bash
. "$SRC/tests/e2e/lib.bash"
e2e_init names
A=$SRC/tests/data/builds/leak-a.hp
B=$SRC/tests/data/builds/leak-b.hp

# both SUMMARY_JSON: how many bands the two profiles share.
both() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(sum(1 for b in d["band"]
          if b["a"]["peak"] > 0 and b["b"]["peak"] > 0))' "$1"
}

diff_builds() {
	local n
	"$HP2X" --diff --summary=json "$A" "$B" >s.json || { bad "hp2x failed"; return; }
	n=$(both s.json)
	[ "$n" = 58 ] || bad "--diff --summary matches $n bands, not 58"
	"$HP2X" --diff --match-ids --summary=json "$A" "$B" >s.json ||
		{ bad "hp2x --match-ids failed"; return; }
	n=$(both s.json)
	[ "$n" = 5 ] || bad "--match-ids matches $n bands, not 5"
}
run "--diff of two builds" diff_builds

# colours FILE.aux: "name colour" lines of its SHADE entries.
colours() {
	sed -n 's/^SHADE \(.*\) \(#[0-9a-f]*\)$/\1 \2/p' "$1" | sort
}

one_colour() {
	local m
	for m in 5 12 25; do
		"$HP2X" -q -c --colour-by=name -t0 -m$m "$SRC/samples/leak-hc.hp" \
			-o m$m.svg --aux-out=m$m.aux || { bad "hp2x -m$m failed"; return; }
		colours m$m.aux | grep -v '^OTHER ' >m$m.txt
	done
	join m5.txt m25.txt | awk '$2 != $3' >clash
	join m12.txt m25.txt | awk '$2 != $3' >>clash
	[ -s clash ] && bad "one band, two colours: $(head -3 clash)"
	# the same stack of two builds, ids apart: one colour
	"$HP2X" -q -c --colour-by=name -t0 -m25 "$A" -o a.svg --aux-out=a.aux &&
		"$HP2X" -q -c --colour-by=name -t0 -m25 "$B" -o b.svg --aux-out=b.aux ||
		{ bad "hp2x failed"; return; }
	colours a.aux | sed 's/^([0-9]*)//' | grep -v '^OTHER ' | sort >a.txt
	colours b.aux | sed 's/^([0-9]*)//' | grep -v '^OTHER ' | sort >b.txt
	join a.txt b.txt >ab
	[ "$(wc -l <ab)" -ge 20 ] || bad "only $(wc -l <ab) names in both builds' graphs"
	awk '$2 != $3' ab >clash
	[ -s clash ] && bad "one name, two colours across builds: $(head -3 clash)"
	return 0
}
run "--colour-by name: one colour per name" one_colour

e2e_done
