#!/usr/bin/env bash
# tests/e2e/kinds.sh - one eventlog of several profiles
# (tests/data/kinds/leak-hc-p.eventlog, +RTS -hc -p -l: heap censuses,
# time samples, the heap-size series and marks) and --kind.
#
#   ghc96     the same run by GHC 9.6.6 (ghc96-leak-hc-p.eventlog): its
#             three kinds, the RTS, every tick ghc-events finds
#   default   without --kind the heap profile is drawn and written, with no
#             warning: its CSV is --kind=heap's, 16 censuses of -hc stacks
#   time      --kind=time is the time profile: 1,548 ticks (as ghc-events
#             counts them) in the CSV, GC a band, the title's tick count
#   heapsize  --kind=heap-size is the series alone: CSV rows of heap_size
#             and heap_live, as the heap profile's JSON holds them; its
#             title does not say the log has no heap profile
#   refused   --kind=foo: exit 2 naming the words; --kind=ticky, which the
#             log lacks: exit 1 naming the file and the kinds it holds, no
#             output written; --kind=time of a .hp likewise
#   summary   --summary gives a section per kind (text, Markdown, JSON),
#             each what --kind=K --summary gives; the heap-size lines once
#   data      every CSV row and JSON file says its kind
#   watch     --watch draws the same kind a single run does, default or
#             --kind; a kind the log lacks is refused when it ends
#   page      -o FOO.html holds every kind, one view each behind tabs
#             (tests/e2e/kinds_page.py in headless Chromium: keyboard,
#             the address, one window and time axis, the marks); each
#             view within its own budget; --kind=time's page is one view
set -u
. "$(dirname "$0")/lib.bash"
e2e_init kinds
: "${HP2X:?}" "${HP2X_SRC:?}"
log=$HP2X_SRC/tests/data/kinds/leak-hc-p.eventlog

default() {
	"$HP2X" "$log" -o d.csv 2>err || { bad "hp2x failed: $(cat err)"; return; }
	[ ! -s err ] || bad "warned: $(cat err)"
	"$HP2X" --kind=heap "$log" -o h.csv || { bad "--kind=heap failed"; return; }
	cmp -s d.csv h.csv || bad "the default is not the heap profile"
	py '
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
ok = rows[0] == ["sample", "time", "band", "bytes", "kind"]
ok &= len({r[0] for r in rows[1:]}) == 16
ok &= "growTable.step/growTable/main" in {r[2] for r in rows[1:]}
ok &= {r[4] for r in rows[1:]} == {"heap"}
print("ok" if ok else rows[:3])' d.csv >v
	[ "$(cat v)" = ok ] || bad "heap CSV: $(cat v)"
	"$HP2X" "$log" -o d.ps || { bad "PostScript failed"; return; }
	grep -qF 'by cost-centre stack \(-hc\)' d.ps || bad "the graph's title is not the heap profile's"
}

time_kind() {
	"$HP2X" --kind=time "$log" -o t.csv 2>err && [ ! -s err ] ||
		{ bad "--kind=time: $(cat err)"; return; }
	py '
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
ok = rows[0] == ["sample", "time", "band", "ticks", "kind"]
ok &= sum(int(r[3]) for r in rows[1:]) == 1548
ok &= "GC" in {r[2] for r in rows[1:]}
ok &= {r[4] for r in rows[1:]} == {"time"}
print("ok" if ok else rows[:3])' t.csv >v
	[ "$(cat v)" = ok ] || bad "time CSV: $(cat v)"
	"$HP2X" --kind=time "$log" -o t.ps || { bad "PostScript failed"; return; }
	grep -q '1548 ticks of 1 ms' t.ps || bad "the title is not the time profile's"
}

heapsize() {
	"$HP2X" --kind=heap-size "$log" -o z.csv || { bad "--kind=heap-size failed"; return; }
	"$HP2X" "$log" -o h.json || { bad "JSON failed"; return; }
	py '
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1])))
j = json.load(open(sys.argv[2]))
ok = rows[0] == ["time", "series", "bytes", "kind"]
ok &= {r[3] for r in rows[1:]} == {"heap-size"}
for key in ("heap_size", "heap_live"):
    got = [int(r[2]) for r in rows[1:] if r[1] == key]
    ok &= len(got) > 5 and got == [v for t, v in j["series"][key]]
print("ok" if ok else rows[:3])' z.csv h.json >v
	[ "$(cat v)" = ok ] || bad "heap-size CSV: $(cat v)"
	# titled as what it is, not as a log with no heap profile
	"$HP2X" --kind=heap-size --summary "$log" >z.txt || { bad "its summary failed"; return; }
	grep -qx '  what: heap size over time' z.txt || bad "what: $(grep what: z.txt)"
}

refused() {
	expect_status 2 "$HP2X" --kind=foo "$log" -o f.csv 2>err
	grep -q "wants heap, time, ticky or heap-size, not 'foo'" err || bad "--kind=foo: $(cat err)"
	[ ! -e f.csv ] || bad "f.csv written"
	expect_status 1 "$HP2X" --kind=ticky "$log" -o k.csv 2>err
	[ "$(cat err)" = "hp2x: $log: holds no ticky profile (--kind=ticky); it holds: heap, time and heap-size" ] ||
		bad "--kind=ticky: $(cat err)"
	[ ! -e k.csv ] || bad "k.csv written"
	expect_status 1 "$HP2X" --kind=ticky --summary "$log" >out 2>err
	[ ! -s out ] || bad "a summary printed"
	expect_status 1 "$HP2X" --kind=time "$HP2X_SRC/samples/leak-hc.hp" -o k.ps 2>err
	grep -q "leak-hc.hp: holds no time profile (--kind=time); it holds: heap$" err ||
		bad ".hp --kind=time: $(cat err)"
	[ ! -e k.ps ] || bad "k.ps written"
	"$HP2X" --kind=heap "$HP2X_SRC/samples/leak-hc.hp" -o k.ps || bad "a .hp's own kind refused"
}

summary() {
	local k
	COLUMNS=100 "$HP2X" --summary "$log" >s.txt 2>err || { bad "--summary: $(cat err)"; return; }
	[ "$(head -1 s.txt)" = "$log holds heap, time and heap-size (--kind=KIND draws one)" ] ||
		bad "first line: $(head -1 s.txt)"
	[ "$(grep '^== ' s.txt | tr '\n' ' ')" = "== heap == == time == == heap-size == " ] ||
		bad "sections: $(grep '^== ' s.txt)"
	# each section is what --kind=K --summary says, but the heap-size
	# lines, which only the heap-size section has
	for k in heap time heap-size; do
		COLUMNS=100 "$HP2X" --kind=$k --summary "$log" >one.txt || { bad "--kind=$k --summary"; continue; }
		awk -v k="== $k ==" '$0 == k { on = 1; next } /^== / { on = 0 } on' s.txt |
			sed '${/^$/d}' >sec.txt
		if [ $k = heap-size ]; then
			cmp -s sec.txt one.txt || bad "$k section differs: $(diff sec.txt one.txt | head -5)"
		else
			grep -v '^\(series \|heap size \|live bytes \|allocated \)' one.txt |
				cat -s >want.txt
			cat -s sec.txt >got.txt
			cmp -s got.txt want.txt || bad "$k section differs: $(diff got.txt want.txt | head -5)"
		fi
	done
	[ "$(grep -c '^heap size ' s.txt)" = 1 ] || bad "heap-size lines not once"
	"$HP2X" --summary=json "$log" >s.json || { bad "--summary=json"; return; }
	for k in heap time heap-size; do
		"$HP2X" --kind=$k --summary=json "$log" >"$k.json" || bad "--kind=$k --summary=json"
	done
	py '
import json, sys
s = json.load(open(sys.argv[1]))
ok = s["file"].endswith("leak-hc-p.eventlog") and s["kinds"] == ["heap", "time", "heap-size"]
for k in s["kinds"]:
    ok &= s[k] == json.load(open(k + ".json")) and s[k]["kind"] == k
ok &= s["heap"]["samples"] == 16 and s["heap-size"]["samples"] == 0
print("ok" if ok else s["kinds"])' s.json >v
	[ "$(cat v)" = ok ] || bad "JSON summary: $(cat v)"
	"$HP2X" --summary=markdown "$log" >s.md || { bad "--summary=markdown"; return; }
	[ "$(grep -c '^### .*leak-hc-p.eventlog (\(heap\|time\|heap-size\))' s.md)" = 3 ] ||
		bad "Markdown headings: $(grep '^###' s.md)"
	# a log of one profile and the heap size is one summary, as before
	"$HP2X" --summary "$HP2X_SRC/tests/data/live/leak-gc.eventlog" >one.txt &&
		! grep -q '^== ' one.txt && grep -q '^heap size ' one.txt ||
		bad "a -hT -l log: $(head -3 one.txt)"
}

data() {
	"$HP2X" --kind=time "$log" -o t.json && "$HP2X" --kind=heap-size "$log" -o z.json &&
		"$HP2X" "$HP2X_SRC/samples/leak.ticky" -o r.csv ||
		{ bad "outputs failed"; return; }
	py '
import csv, json, sys
ok = json.load(open("t.json"))["kind"] == "time" and json.load(open("z.json"))["kind"] == "heap-size"
rows = list(csv.reader(open("r.csv")))
ok &= rows[0][-1] == "kind" and {r[-1] for r in rows[1:]} == {"ticky"}
print("ok" if ok else rows[:2])' >v
	[ "$(cat v)" = ok ] || bad "kinds: $(cat v)"
}

watch_kind() {
	"$HP2X" "$log" -o h.csv && "$HP2X" --kind=time "$log" -o t.csv || { bad "single runs failed"; return; }
	"$HP2X" -q -w "$log" -o wh.csv && "$HP2X" -q -w --kind=time "$log" -o wt.csv ||
		{ bad "--watch failed"; return; }
	cmp -s h.csv wh.csv || bad "--watch drew another kind than the heap profile"
	cmp -s t.csv wt.csv || bad "--watch --kind=time drew another kind"
	expect_status 1 "$HP2X" -q -w --kind=ticky "$log" -o wk.csv 2>err
	grep -q "holds no ticky profile" err || bad "--watch --kind=ticky: $(cat err)"
	[ ! -e wk.csv ] || bad "wk.csv written"
}

page() {
	"$HP2X" "$log" -o k.html && "$HP2X" --kind=time "$log" -o t.html || { bad "pages failed"; return; }
	grep -q '"tabs":\["heap","time","heap-size"\]' k.html || bad "the page's data names no tabs"
	grep -q '"tabs":' t.html && bad "--kind=time's page has tabs"
	# the browser looks at output only: not in a sanitizer build, as e2e/page
	[ "${HP2X_SANITIZED:-0}" = 1 ] && return
	mkdir tmp
	TMPDIR=$PWD/tmp /usr/bin/python3 "$HP2X_SRC/tests/e2e/kinds_page.py" k.html >out 2>&1 || bad "$(cat out)"
	# the browser's profile goes with the script (tests/e2e/chromium.py)
	[ -z "$(ls tmp)" ] || bad "left in TMPDIR: $(ls tmp)"
	cat out >&2
}

ghc96() { # the same run by GHC 9.6.6: every kind read, the ticks ghc-events finds
	local l96=$HP2X_SRC/tests/data/kinds/ghc96-leak-hc-p.eventlog
	"$HP2X" "$l96" --summary=json >s.json 2>err && "$HP2X" --kind=time "$l96" -o t.csv ||
		{ bad "hp2x failed on $l96: $(cat err)"; return; }
	py '
import csv, json, sys
s = json.load(open(sys.argv[1]))
ticks = sum(int(r[3]) for r in list(csv.reader(open(sys.argv[2])))[1:])
want = sum(1 for l in open(sys.argv[3]) if l.startswith("TICK "))
ok = s["kinds"] == ["heap", "time", "heap-size"] and s["heap"]["run"]["rts"] == "GHC-9.6.6 rts_p"
print("ok" if ok and ticks == want else (s["kinds"], s["heap"]["run"].get("rts"), ticks, want))' \
		s.json t.csv "$HP2X_SRC/tests/eventlog-ref/ghc96-leak-hc-p.ticks.txt" >v
	[ "$(cat v)" = ok ] || bad "GHC 9.6's log: $(cat v)"
}

run default default
run ghc96 ghc96
run time time_kind
run heapsize heapsize
run refused refused
run summary summary
run data data
run watch watch_kind
run page page
e2e_done
