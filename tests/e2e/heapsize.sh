#!/usr/bin/env bash
# tests/e2e/heapsize.sh - what each kind of input says of its clock, and
# eventlogs that hold no heap profile (plain +RTS -l).
#
#   clock     --summary=json's "clock" for each input kind: "hp" for a .hp,
#             "eventlog" for an eventlog of every profile kind, "none" for
#             a ticky report (one sample of totals, no time)
set -u
. "$(dirname "$0")/lib.bash"
e2e_init heapsize
: "${HP2X:?}" "${HP2X_SRC:?}"
data=$HP2X_SRC/tests/data

# json_clock FILE WANT: --summary=json of FILE says "clock": WANT.
json_clock() {
	local got
	"$HP2X" -q --summary=json "$1" >s.json 2>err || { bad "$1: $(cat err)"; return; }
	got=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["clock"])' s.json)
	[ "$got" = "$2" ] || bad "$(basename "$1"): clock $got, want $2"
}

clock() {
	json_clock "$data/hp/hp2any-example.hp" hp
	json_clock "$data/ghc-events/stop.hT.eventlog" eventlog
	json_clock "$data/ghc-events/time-prof.eventlog" eventlog
	json_clock "$data/ghc-events/ticky-ticky.eventlog" eventlog
	json_clock "$HP2X_SRC/samples/leak.ticky" none
	# the text of an eventlog says its clock in words
	"$HP2X" -q --summary "$data/ghc-events/stop.hT.eventlog" >s.txt 2>err || bad "$(cat err)"
	grep -q '^  clock: seconds since the program started (eventlog)$' s.txt ||
		bad "text clock: $(grep clock s.txt)"
}

run clock clock
e2e_done
