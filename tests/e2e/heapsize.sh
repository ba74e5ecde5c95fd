#!/usr/bin/env bash
# tests/e2e/heapsize.sh - what each kind of input says of its clock, and
# eventlogs that hold no heap profile (plain +RTS -l).
#
#   clock     --summary=json's "clock" for each input kind: "hp" for a .hp,
#             "eventlog" for an eventlog of every profile kind, "none" for
#             a ticky report (one sample of totals, no time)
#   decode    the plain +RTS -l logs of tests/data/plain-l (GHC 9.0.2 and
#             9.6.6): the CSV's series points, the summary's peak and last
#             of each and the allocation are what ghc-events decodes
#   formats   they are drawn in every graph format, silently; the PDF's
#             text has the title that says it is no heap profile, the
#             legend and the marks; the text summary says the same
#   outputs   .hp is refused with a message and no file; JSON holds the
#             series and the allocation, and no sample; --diff refuses
#   watch     --watch draws one too (a graph at the end, exit 0)
#   page      the page of each opens on the heap view, and the page of a
#             -hT -l log has it as a tab beside the profile
#             (tests/e2e/heapview.py in headless Chromium: lines, scale,
#             tooltip and allocation rate against ghc-events)
#   testdata  the ghc-events logs without heap samples: those with heap
#             size events are drawn and summarised, the others refused
#             by both with the same message
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

logs=("$data/plain-l/heapsize-ghc-9.0.2.eventlog" "$data/plain-l/heapsize-ghc-9.6.6.eventlog")

decode() {
	local log
	for log in "${logs[@]}"; do
		ghc-events show "$log" >ev.txt || { bad "ghc-events cannot read $log"; continue; }
		"$HP2X" "$log" -o s.csv 2>err && "$HP2X" --summary=json "$log" >s.json 2>>err ||
			{ bad "$(basename "$log"): $(cat err)"; continue; }
		[ ! -s err ] || bad "$(basename "$log"): stderr: $(cat err)"
		python3 - ev.txt s.csv s.json <<'PY' || bad "$(basename "$log") disagrees with ghc-events"
import csv, json, re, sys
kinds = {"size of heap": "heap_size", "blocks size of heap": "blocks_size",
         "live data in heap": "heap_live"}
want, alloc = {}, None
for line in open(sys.argv[1]):
    m = re.match(r"\s*(\d+): cap \d+: (size of heap|blocks size of heap|live data in heap) capset \d+: (\d+) bytes", line)
    if m:
        want.setdefault(kinds[m.group(2)], []).append((int(m.group(1)), int(m.group(3))))
    m = re.match(r"\s*(\d+): cap \d+: allocated on heap capset \d+: (\d+) total bytes", line)
    if m:
        alloc = (int(m.group(1)), int(m.group(2)))
got = {}
for row in csv.DictReader(open(sys.argv[2])):
    got.setdefault(row["series"], []).append((round(float(row["time"]) * 1e9), int(row["bytes"])))
ok = got == want and len(want) >= 2
s = json.load(open(sys.argv[3]))
for k, pts in want.items():
    peak = max(v for _, v in pts)
    peak_t = min(t for t, v in pts if v == peak)
    last_t, last = max(pts, key=lambda p: p[0])
    x = s["series"].get(k, {})
    if (x.get("points"), x.get("peak"), x.get("last")) != (len(pts), peak, last) or \
       round(x["peak_time"] * 1e9) != peak_t or round(x["last_time"] * 1e9) != last_t:
        print(k, x, len(pts), peak, peak_t, last, last_t)
        ok = False
a = s["allocated"]
if alloc is None or a is None or a["bytes"] != alloc[1] or round(a["time"] * 1e9) != alloc[0] \
   or abs(a["rate"] - alloc[1] / (alloc[0] / 1e9)) > 1e-6 * a["rate"]:
    print("allocated", a, alloc)
    ok = False
ok = ok and s["samples"] == 0 and s["clock"] == "eventlog"
sys.exit(0 if ok else 1)
PY
	done
	# GHC 9.0.2 logs no BLOCKS_SIZE; 9.6.6 does
	grep -q '"blocks_size"' s.json || bad "the 9.6.6 log has no blocks size"
}

formats() {
	local log f
	for log in "${logs[@]}"; do
		for f in ps eps pdf svg png; do
			"$HP2X" "$log" -o "g.$f" 2>err && [ -s "g.$f" ] && [ ! -s err ] ||
				bad "$(basename "$log") .$f: $(cat err)"
		done
		pdftotext -raw g.pdf g.txt
		for w in "heap size over time (no heap profile in this eventlog)" "heap size" \
			"live bytes" "grow a map" "garbage only" "allocated"; do
			grep -qF "$w" g.txt || bad "$(basename "$log"): no '$w' in the PDF"
		done
		if grep -q "bytes x seconds" g.txt; then bad "an area in the title"; fi
		"$HP2X" --summary "$log" >s.txt 2>err || bad "summary: $(cat err)"
		grep -q '^  what: heap size over time (no heap profile in this eventlog)$' s.txt &&
			grep -q '^heap size ' s.txt && grep -q '^live bytes ' s.txt &&
			grep -q '^allocated .* by .* s, .*B/s$' s.txt ||
			bad "text summary: $(cat s.txt)"
	done
	grep -q "blocks size" g.txt || bad "the 9.6.6 legend has no blocks size"
}

outputs() {
	local log=${logs[1]}
	if "$HP2X" "$log" -o g.hp 2>err; then bad ".hp written"; fi
	grep -q "^hp2x: g.hp: a .hp output needs heap samples: this eventlog holds no heap profile" err ||
		bad ".hp: $(cat err)"
	[ ! -e g.hp ] || bad "g.hp left behind"
	"$HP2X" "$log" -o g.json || { bad "json"; return; }
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
ok = d["samples"] == [] and d["bands"] == [] and len(d["series"]["heap_size"]) > 10 \
     and d["allocated"]["bytes"] > 0 and len(d["marks"]) == 4
sys.exit(0 if ok else 1)' g.json || bad "JSON: $(head -c 300 g.json)"
	"$HP2X" "$log" -o g.csv && [ "$(head -1 g.csv)" = "time,series,bytes,kind" ] || bad "CSV header"
	if "$HP2X" --diff "$HP2X_SRC/samples/fix-leak.eventlog" "$log" -o d.png 2>err; then
		bad "--diff accepted a log without a heap profile"
	fi
	grep -q "contains no heap profile, only the heap size over time: --diff compares heap profiles" err ||
		bad "--diff: $(cat err)"
}

page() {
	local log k=0 args=()
	for log in "${logs[@]}" "$data/live/leak-gc.eventlog"; do
		k=$((k + 1))
		ghc-events show "$log" >ev$k.txt && "$HP2X" "$log" -o p$k.html 2>err ||
			{ bad "$(basename "$log"): $(cat err)"; continue; }
		args+=("$([ "$log" = "$data/live/leak-gc.eventlog" ] && echo tab || echo plain)" p$k.html ev$k.txt)
	done
	# the browser looks at output only: not in a sanitizer build, as e2e/page
	[ "${HP2X_SANITIZED:-0}" = 1 ] && return
	/usr/bin/python3 "$HP2X_SRC/tests/e2e/heapview.py" "${args[@]}" >out 2>&1 || bad "$(cat out)"
}

watch() {
	timeout 60 "$HP2X" -q --watch "${logs[1]}" -o w.png 2>err || bad "exit $?: $(cat err)"
	[ -s w.png ] || bad "--watch drew nothing"
}

# The ghc-events logs without heap samples: what each gives now.
testdata() {
	local f why
	for f in hello-ghc-8.6.5 unicode trace-binary-nonutf ghc-9.2-events; do
		"$HP2X" "$data/ghc-events/$f.eventlog" -o t.pdf 2>err && [ ! -s err ] ||
			bad "$f not drawn: $(cat err)"
		"$HP2X" --summary "$data/ghc-events/$f.eventlog" >t.txt 2>err &&
			grep -q "^heap size " t.txt || bad "$f not summarised: $(cat err)"
	done
	for f in testlog testlog-part queens-ghc-6.12.1 nonmoving-gc-census-T23340; do
		why="contains no heap profile and no heap size: run the program with +RTS -h -l (or -hT, -hc, ... with -l) for a heap profile, or with +RTS -l for its heap size over time"
		rm -f t.pdf
		if "$HP2X" "$data/ghc-events/$f.eventlog" -o t.pdf 2>err; then bad "$f drawn"; fi
		# (testlog-part is cut short too: a warning first)
		[ "$(grep -v '^hp2x: warning: ' err)" = "hp2x: $data/ghc-events/$f.eventlog: $why" ] ||
			bad "$f: $(cat err)"
		[ ! -e t.pdf ] || bad "$f: t.pdf written"
		if "$HP2X" --summary "$data/ghc-events/$f.eventlog" >/dev/null 2>serr; then
			bad "$f summarised"
		fi
		cmp -s err serr || bad "$f: the summary says $(cat serr)"
	done
}

run clock clock
run decode decode
run formats formats
run outputs outputs
run page page
run watch watch
run testdata testdata
e2e_done
