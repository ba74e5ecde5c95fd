#!/usr/bin/env bash
# tests/e2e/ticky.sh - the two new profile kinds through the command.
#
#   bars      a ticky report as a ranked bar chart: -m N draws the top N
#             counters, largest first (pdftotext finds them in order),
#             --ticky-by changes the measure and so the order; every
#             graph format is written
#   flags     hp2ps's flags on ticky and time samples in eventlogs: -m5
#             -t0 -t5 -c -e5in -i -i- -d -y -s -b, and -p's .aux round trip
#   totals    ticky samples of a real GHC 9.4 log (ghc-events' ticky-new):
#             the title, --summary=json and the JSON's values total the
#             counters to the byte (401,367,408); every output names the
#             counters GHC defined at exit by their names, never <ticky
#             ID>; CSV's header gives the count's unit
#   rows      a GHC 9.6 ticky eventlog of a -finfo-table-map build
#             (tests/data/ticky/ghc96-ticky-ipe.eventlog): -o FOO.json
#             gives every counter its row, its Alloc the sum of its
#             samples (the measure drawn) and its entries those of
#             --ticky-by entries, its arity, kinds, free variables and
#             closure kind, and its info table's provenance; the report
#             of the same build (ghc96-leak.ticky) has the same counters,
#             each with its kinds and closure kind (a report has no free
#             variables)
#   cut       a report cut short: its complete rows, one warning, exit 0
#   bad       a malformed report: FILE:LINE:, exit 1, no output file
set -u
. "$(dirname "$0")/lib.bash"
e2e_init ticky
: "${HP2X:?}" "${HP2X_SRC:?}"
report=$HP2X_SRC/samples/leak.ticky
logs=("$HP2X_SRC/tests/eventlog-ref/gen/ticky-synth.eventlog" "$HP2X_SRC/samples/leak-p.eventlog")

bars() {
	local m f n
	for m in alloc entries; do
		"$HP2X" --ticky-by "$m" -m5 "$report" -o b.pdf || { bad "pdf failed"; return; }
		pdftotext -layout b.pdf b.txt
		n=$(grep -c 'Leak\.' b.txt)
		[ "$n" = 5 ] || bad "$m: $n labels in the chart, want 5: $(head -c 300 b.txt)"
	done
	# alloc and entries rank differently: the first bar differs
	"$HP2X" -m1 "$report" -o a.pdf && "$HP2X" -m1 --ticky-by entries "$report" -o e.pdf ||
		{ bad "hp2x failed"; return; }
	pdftotext a.pdf a.txt; pdftotext e.pdf e.txt
	grep -q "Leak.Strings.makeCorpus2" a.txt || bad "alloc: the top counter is not makeCorpus2"
	grep -q "Leak.Table.\$wgo16 in \$wtableChecksum" e.txt || bad "entries: the top counter is not \$wgo16"
	grep -q "8,387,051 entries, 131 counters" e.txt || bad "entries: no total in the title"
	for f in ps eps pdf svg png; do
		"$HP2X" "$report" -o "r.$f" && [ -s "r.$f" ] || bad "$f not written"
	done
	# every counter in CSV and JSON, with its whole name
	"$HP2X" "$report" -o r.csv && "$HP2X" "$report" -o r.json || { bad "hp2x failed"; return; }
	[ "$(($(wc -l <r.csv) - 1))" = 131 ] || bad "CSV has $(($(wc -l <r.csv) - 1)) counters"
	grep -q '"name": "go9{v scBC} (Leak.Zoo) (fun) in rcaJ", "label": "Leak.Zoo.go9 in \$wlvl"' r.json ||
		bad "JSON lacks a whole name with its readable label"
}

flags() {
	local log f
	for log in "${logs[@]}"; do
		for f in -m5 -t0 -t5 -c -i -i- -d -y -s -b; do
			"$HP2X" "$f" "$log" -o x.pdf 2>err && [ -s x.pdf ] || bad "$(basename "$log") $f: $(cat err)"
		done
		"$HP2X" -e5in "$log" -o x.eps && grep -q '^%%BoundingBox: 0 0 360 240' x.eps ||
			bad "$(basename "$log") -e5in: $(grep BoundingBox x.eps)"
		rm -f x.aux
		"$HP2X" --aux "$log" -o x.ps && [ -s x.aux ] || bad "$(basename "$log"): no .aux"
		grep -q '^ORDER ' x.aux || bad "$(basename "$log"): .aux without ORDER"
		"$HP2X" -p --aux-in x.aux "$log" -o x.ps || bad "$(basename "$log") -p failed"
	done
}

# ghc-events' own decoding (test/ticky-new.eventlog.reference): 14858704
# + 126359016 + 130075400 + 130074256 bytes by fib1, 32 by Main.fib.
totals() {
	local log=$HP2X_SRC/tests/data/ticky/ticky-new.eventlog f
	"$HP2X" "$log" -o t.svg && "$HP2X" "$log" -o t.ps && "$HP2X" "$log" -o t.json &&
		"$HP2X" "$log" -o t.csv && "$HP2X" --summary=json "$log" >s.json &&
		"$HP2X" --summary "$log" >s.txt || { bad "hp2x failed"; return; }
	grep -q '401,367,408 bytes' t.ps || bad "title: $(grep -o '[0-9,]* bytes[^)]*' t.ps | head -2)"
	grep -q 'per second x seconds' t.ps && bad "title unit: bytes per second x seconds"
	python3 - t.json s.json t.csv <<'PY' || bad "totals or names differ (above)"
import csv, json, sys
t = json.load(open(sys.argv[1])); s = json.load(open(sys.argv[2]))
total = sum(v for x in t["samples"] for _, v in x["values"])
ok = total == 401367408 and s["integral"] == 401367408
ok &= t["count_unit"] == "bytes"
names = {b["name"] for b in t["bands"]}
ok &= names == {"fib1{v sZs} (Main) (fun) in r1", "Main.fib{v r1} (fun)"}
rows = list(csv.reader(open(sys.argv[3])))
ok &= rows[0] == ["sample", "time", "band", "bytes", "kind"]
ok &= all(r[4] == "ticky" for r in rows[1:])
ok &= {r[2] for r in rows[1:]} == names and sum(int(r[3]) for r in rows[1:]) == 401367408
ok &= {b["name"] for b in s["band"]} == names
if not ok:
    print(total, s["integral"], names, rows[:3], file=sys.stderr)
sys.exit(0 if ok else 1)
PY
	for f in t.svg s.txt t.csv t.json s.json; do
		grep -q '<ticky' "$f" && bad "$f names a counter <ticky ID>"
	done
	grep -q 'Main.fib1' s.txt || bad "--summary lacks the key's name: $(cat s.txt)"
	# ghc-events' ticky-begin-sample: one sample of one counter, a step
	# from the start holding its 120,032 bytes
	"$HP2X" --summary "$HP2X_SRC/tests/data/ticky/ticky-begin-sample.eventlog" >one.txt 2>/dev/null &&
		"$HP2X" "$HP2X_SRC/tests/data/ticky/ticky-begin-sample.eventlog" -o one.ps 2>/dev/null ||
		{ bad "hp2x failed on one sample"; return; }
	grep -q '  1 sample from .*, 1 band$' one.txt || bad "singular: $(sed -n 4p one.txt)"
	grep -q '120 kB in all' one.txt || bad "one sample's total: $(grep 'in all' one.txt)"
	grep -q '120,032 bytes' one.ps || bad "one sample's title: $(grep -o '[0-9,]* bytes[^)]*' one.ps | head -1)"
	# a rate's growth is per second squared, "MB/s²" (not "MB/s2"), and
	# the growth column right-aligned by characters, not bytes
	"$HP2X" --summary "$HP2X_SRC/tests/data/ghc-9.6/ghc96-leak-ticky.eventlog" >g.txt 2>/dev/null ||
		{ bad "hp2x failed on GHC 9.6's ticky eventlog"; return; }
	grep -Eq ' [+-][0-9.]+ [kMG]B/s² +([0-9.]+|-)$' g.txt || bad "growth unit: $(sed -n 8p g.txt)"
	grep -q 'B/s2' g.txt && bad "growth unit is s2: $(grep 'B/s2' g.txt | head -1)"
	[ "$(grep -E ' (growth +fit|[+-][0-9.]+ [kMG]?B/s² +([0-9.]+|-))$' g.txt | sed "s/²/2/" | awk '{ print length($0) }' | sort -u | wc -l)" = 1 ] ||
		bad "growth column not aligned: $(sed -n 7,9p g.txt)"
	# --ticky-by entries: CSV's unit is entries
	"$HP2X" --ticky-by entries "$log" -o e.csv || { bad "hp2x failed"; return; }
	head -1 e.csv | grep -q '^sample,time,band,entries,kind$' || bad "CSV header: $(head -1 e.csv)"
}

cut() {
	head -c 6000 "$report" >cut.ticky
	"$HP2X" cut.ticky -o c.csv 2>err || { bad "cut report refused: $(cat err)"; return; }
	[ "$(grep -c warning err)" = 1 ] || bad "want one warning: $(cat err)"
	grep -q "cut short in its counter table" err || bad "$(cat err)"
	rows=$(($(wc -l <c.csv) - 1))
	[ "$rows" -gt 0 ] && [ "$rows" -lt 131 ] || bad "$rows rows from a cut report"
}

rows() {
	local el=$HP2X_SRC/tests/data/ticky/ghc96-ticky-ipe.eventlog
	local rep=$HP2X_SRC/tests/data/ticky/ghc96-leak.ticky
	"$HP2X" "$el" -o a.json && "$HP2X" --ticky-by entries "$el" -o e.json &&
		"$HP2X" "$rep" -o r.json || { bad "hp2x failed"; return; }
	python3 - a.json e.json r.json <<'EOF' || bad "rows: see above"
import json, sys
a, e, r = (json.load(open(f)) for f in sys.argv[1:])
bad = []
def sums(d):
    s = [0] * len(d["bands"])
    for x in d["samples"]:
        for b, v in x["values"]:
            s[b] += v
    return s
sa, se = sums(a), sums(e)
for i, b in enumerate(a["bands"]):
    t = b.get("ticky")
    if not t:
        bad.append("%s: no ticky row" % b["name"]); continue
    if t["alloc"] != sa[i] or t["entries"] != se[i]:
        bad.append("%s: alloc %d entries %d, its samples %d %d" % (b["name"], t["alloc"], t["entries"], sa[i], se[i]))
    if t["arity"] is None or t["kinds"] is None or t["fvs"] is None or t["closure"] is None:
        bad.append("%s: %r" % (b["name"], t))
    if not b.get("ipe", {}).get("table_name", "").endswith("_info"):
        bad.append("%s: no info table: %r" % (b["name"], b.get("ipe")))
t = {b["name"]: b["ticky"] for b in a["bands"]}["lvl{v s2sy} (Leak.Table) (fun) in r2gp"]
if (t["arity"], t["kinds"], t["fvs"], t["closure"]) != (3, "I>M", "I", "function"):
    bad.append("lvl: %r" % t)
if {b["name"] for b in a["bands"]} != {b["name"] for b in r["bands"]}:
    bad.append("the report's counters differ from the eventlog's")
for b in r["bands"]:
    t = b["ticky"]
    if t["fvs"] is not None or t["closure"] is None or t["kinds"] is None:
        bad.append("report: %s: %r" % (b["name"], t))
for m in bad[:10]:
    print(m)
sys.exit(1 if bad else 0)
EOF
}

bad_report() {
	sed '50s/^ *[0-9]*/  12x/' "$report" >bad.ticky
	if "$HP2X" bad.ticky -o b.png 2>err; then bad "accepted"; fi
	grep -q '^hp2x: bad.ticky:50: expected a counter row' err || bad "$(cat err)"
	[ ! -e b.png ] || bad "b.png written"
}

run bars bars
run totals totals
run flags flags
run rows rows
run cut cut
run bad bad_report
e2e_done
