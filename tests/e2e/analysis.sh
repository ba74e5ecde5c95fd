#!/usr/bin/env bash
# tests/e2e/analysis.sh - "what leaks, since when, and did my fix help?"
# on real GHC profiles (samples/): band filters (--include, --exclude,
# before -m and OTHER, said in the title, a pattern matching nothing is an
# error naming it), --sort growth, time windows by seconds and by mark
# label (graphs, .hp, CSV and JSON cut alike; unknown and ambiguous labels
# list the marks), --summary and --summary=json (numbers checked against
# the JSON data output, widths against the terminal's), several inputs in
# one file (pages, side by side, --stack, -o required, one y scale), and
# --diff on the before/after pair made by samples/src/Fix.hs, .hp and
# eventlog mixed.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
S=$SRC/samples

. "$SRC/tests/e2e/lib.bash"
e2e_init analysis

# --- band filters ---

include_exclude() {
	"$HP2X" "$S/leak-hc.hp" --include 'zoo|Corpus' --exclude 'Bools' \
		-o cut.csv || bad "exit $?"
	[ "$(py '
import csv, re, sys
rows = list(csv.reader(open(sys.argv[1])))[1:]
names = {r[2] for r in rows}
ok = names and all(re.search("zoo|Corpus", n) and "Bools" not in n
                   for n in names)
print("ok" if ok else sorted(names))' cut.csv)" = ok ] ||
		bad "bands outside the filter in the CSV"
	# the graph draws and says so in its title
	"$HP2X" "$S/leak-hc.hp" --include 'zoo|Corpus' --exclude Bools \
		-o cut.pdf || bad "pdf exit $?"
	pdftotext cut.pdf - | grep -q "bands matching 'zoo|Corpus', not 'Bools'" ||
		bad "title does not say the filter: $(pdftotext cut.pdf - | head -3)"
	"$HP2X" "$S/leak-hc.hp" -o all.pdf
	pdftotext all.pdf - | grep -q "bands matching" &&
		bad "unfiltered title mentions a filter"
}
run "--include/--exclude keep only matching bands; title says so" include_exclude

filter_before_m() {
	# -m 3 -t0 among the zoo bands only: 2 drawn, the rest in OTHER,
	# and no band outside the filter anywhere.
	"$HP2X" --summary=json -m3 -t0 --include '^\([0-9]+\)zoo' \
		"$S/leak-hc.hp" >s.json || bad "exit $?"
	[ "$(py '
import json, re, sys
d = json.load(open(sys.argv[1]))
b = d["band"]
drawn = [x["name"] for x in b if x["drawn"] == "drawn"]
other = [x for x in b if x["drawn"] == "other"]
ok = (len(drawn) == 2 and len(other) == len(b) - 2 and len(b) > 10
      and all(re.match(r"^\(\d+\)zoo", x["name"]) for x in b)
      and d["other"]["count"] == len(other))
print("ok" if ok else (drawn, len(other), len(b)))' s.json)" = ok ] ||
		bad "filter not applied before -m: $(cat s.json | head -c 300)"
}
run "filters apply before -m and OTHER" filter_before_m

no_match() {
	local err
	err=$("$HP2X" "$S/leak-hc.hp" --include 'zoo' --include 'NoSuchBand' \
		-o x.png 2>&1)
	[ $? -eq 1 ] || bad "exit not 1"
	[ "$err" = "hp2x: --include 'NoSuchBand' matches no band" ] ||
		bad "message: $err"
	[ -e x.png ] && bad "output written"
	err=$("$HP2X" "$S/leak-hc.hp" --exclude 'nothing here' -o x.png 2>&1)
	[ "$err" = "hp2x: --exclude 'nothing here' matches no band" ] ||
		bad "message: $err"
	# a pattern that does not compile is a usage error
	err=$("$HP2X" "$S/leak-hc.hp" --include 'a(' -o x.png 2>&1)
	[ $? -eq 2 ] || bad "bad regex: exit not 2"
	case $err in *"--include 'a('"*) ;; *) bad "bad regex message: $err" ;; esac
}
run "a filter matching nothing is an error naming it" no_match


sort_growth() {
	# The .aux ORDER puts the band of greatest growth on top.
	"$HP2X" --sort growth -t0 -m0 "$S/leak-hc.hp" -o g.ps --aux ||
		bad "exit $?"
	"$HP2X" --summary=json -t0 -m0 "$S/leak-hc.hp" >s.json
	[ "$(py '
import json, sys
d = json.load(open(sys.argv[1]))
top = max(d["band"], key=lambda b: b["growth"])["name"]
low = min(d["band"], key=lambda b: b["growth"])["name"]
order = {}
for line in open(sys.argv[2]):
    if line.startswith("ORDER "):
        name, k = line[6:].rstrip("\n").rsplit(" ", 1)
        order[name] = int(k)
ok = order[top] == max(order.values()) and order[low] == 1
print("ok" if ok else (top, order.get(top), low, order.get(low)))' s.json g.aux)" = ok ] ||
		bad "growth order not in the aux"
	expect_status 2 "$HP2X" --sort fastest "$S/leak-hc.hp" -o x.ps 2>/dev/null
}
run "--sort growth: the steepest rise on top" sort_growth

watch_filtered() {
	# watch mode draws the cut model too (a file that does not grow:
	# one drawing, then --idle-exit)
	"$HP2X" -w --idle-exit 1 --interval 0.1 --include zoo --from 0.3 \
		"$S/leak-hc.hp" -o w.json 2>err.txt || bad "exit $?: $(cat err.txt)"
	[ "$(py '
import json, re, sys
d = json.load(open(sys.argv[1]))
ok = (d["bands"] and all("zoo" in b["name"] for b in d["bands"])
      and all(s["time"] >= 0.3 for s in d["samples"]) and d["samples"])
print("ok" if ok else "not cut")' w.json)" = ok ] || bad "watch output not filtered"
}
run "--watch draws the filtered, windowed model" watch_filtered

# grow FILE N: write a .hp of N samples, one every 0.1 s.
grow() {
	printf 'JOB "grow"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >"$1"
	extend "$1" 1 "$2" 0.1
}

# extend FILE FROM TO PAUSE: append samples FROM..TO, PAUSE s apart (the
# file is not started over: a watcher sees it grow, not truncated)
extend() {
	local i
	for i in $(seq "$2" "$3"); do
		printf 'BEGIN_SAMPLE %d.0\nband\t%d000\nEND_SAMPLE %d.0\n' \
			"$i" "$i" "$i" >>"$1"
		sleep "$4"
	done
}

status_line() {
	local re='^hp2x: g\.hp: [0-9]+ samples?, 1 band, peak [0-9.]+ [kM]?B at [0-9.]+ s, drawn [0-9]{2}:[0-9]{2}:[0-9]{2}(; .*)?$'
	# off a terminal: a line at the first drawing, then none for 10 s
	grow g.hp 2
	{ grow g.hp 25 & } 2>/dev/null
	"$HP2X" -w --interval 0.1 --idle-exit 1 g.hp -o g.png 2>err || bad "exit $?"
	wait
	[ "$(grep -c -E "$re" err)" = 1 ] || bad "not one status line: $(cat err)"
	grep -v -E "$re" err && bad "other messages"
	# -q: nothing
	"$HP2X" -q -w --interval 0.1 --idle-exit 0.5 g.hp -o g.png 2>err
	[ -s err ] && bad "-q wrote: $(cat err)"
	# on a terminal: one line rewritten at every drawing, ended by a newline
	# (the growth starts at the first drawing and appends, a sample every
	# 0.3 s: on a busy machine, or under the sanitizers, hp2x may start
	# after a growth begun with it has ended, and draw once)
	grow g.hp 2
	rm -f g.png
	{ { k=0; until [ -e g.png ] || [ $((k += 1)) -gt 500 ]; do sleep 0.02; done; extend g.hp 3 15 0.3; } & } 2>/dev/null
	script -qec "$HP2X -w --interval 0.1 --idle-exit 2 g.hp -o g.png" /dev/null >tty.txt </dev/null ||
		bad "under script: exit $?"
	wait
	[ "$(grep -o 'drawn [0-9:]*' tty.txt | wc -l)" -ge 3 ] ||
		bad "status not redrawn: $(cat -A tty.txt | head -3)"
	[ "$(tr -cd '\r' <tty.txt | wc -c)" -ge 3 ] || bad "no carriage returns"
	grep -q "$(printf '\033')\[K" tty.txt || bad "no erase to end of line"
	grep -q "15 samples, 1 band, peak 15 kB at 15 s" tty.txt ||
		bad "last status: $(tr '\r' '\n' <tty.txt | tail -2)"
}
run "--watch keeps a status line (terminal, log, -q)" status_line

idle_note() {
	grow g.hp 3
	"$HP2X" -w --interval 0.5 --idle-exit 31.5 g.hp -o g.png 2>err || bad "exit $?"
	[ "$(grep -c 'no new sample for 30 s' err)" = 1 ] ||
		bad "no idle note once: $(cat err)"
	grep -q '^hp2x: g.hp: no new sample for 30 s$' err || bad "note: $(cat err)"
}
run "--watch says once when no sample came for 30 s" idle_note

# --- time windows ---

window_seconds() {
	local f
	for f in hp csv json; do
		"$HP2X" --from 0.3 --to 0.6 "$S/leak-hc.hp" -o "w.$f" ||
			bad "$f exit $?"
	done
	[ "$(py '
import json, sys
d = json.load(open(sys.argv[1]))
ts = [s["time"] for s in d["samples"]]
print("ok" if ts and all(0.3 <= t <= 0.6 for t in ts) else ts)' w.json)" = ok ] ||
		bad "JSON samples outside the window"
	awk -F, 'NR > 1 && ($2 < 0.3 || $2 > 0.6) { bad = 1 } END { exit bad }' w.csv ||
		bad "CSV rows outside the window"
	awk '/^BEGIN_SAMPLE/ && ($2 < 0.3 || $2 > 0.6) { bad = 1 } END { exit bad }' w.hp ||
		bad ".hp samples outside the window"
	# the cut .hp reads back to the same samples, and hp2ps takes it
	"$HP2X" w.hp -o back.json || bad "cut .hp does not read back"
	[ "$(py '
import json, sys
def named(d):
    n = [b["name"] for b in d["bands"]]
    return [(s["time"], sorted((n[k], v) for k, v in s["values"]))
            for s in d["samples"]]
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
print("ok" if named(a) == named(b) else "differ")' w.json back.json)" = ok ] ||
		bad "cut .hp and JSON disagree"
	hp2ps w.hp >/dev/null 2>&1 || bad "hp2ps refuses the cut .hp"
	# the title's bytes x seconds is the window's: the summary's integral
	# (-t0: the title counts drawn bands only, as hp2ps's does)
	"$HP2X" -t0 --from 0.3 --to 0.6 "$S/leak-hc.hp" -o w.pdf
	"$HP2X" --summary=json --from 0.3 --to 0.6 "$S/leak-hc.hp" >s.json
	want=$(py 'import json,sys; print("{:,}".format(int(json.load(open(sys.argv[1]))["integral"])))' s.json)
	pdftotext w.pdf - | grep -q "^$want bytes x seconds" ||
		bad "title area is not the window's ($want): $(pdftotext w.pdf - | head -3)"
}
run "--from/--to seconds cut graphs, .hp, CSV and JSON" window_seconds

window_labels() {
	local err
	"$HP2X" --from 'count keys' --to 'mean' "$S/fix-leak.eventlog" \
		-o w.json || bad "exit $?"
	"$HP2X" "$S/fix-leak.eventlog" -o all.json
	[ "$(py '
import json, sys
w = json.load(open(sys.argv[1])); a = json.load(open(sys.argv[2]))
m = {k["label"]: k["time"] for k in a["marks"]}
lo, hi = m["count keys"], m["mean"]
inside = [s for s in a["samples"] if lo <= s["time"] <= hi]
ok = w["samples"] == inside and len(inside) > 5 and len(inside) < len(a["samples"])
print("ok" if ok else (len(w["samples"]), len(inside)))' w.json all.json)" = ok ] ||
		bad "label window is not the samples between the marks"
	err=$("$HP2X" --from 'phase two' "$S/fix-leak.eventlog" -o x.png 2>&1)
	[ $? -eq 1 ] || bad "unknown label: exit not 1"
	[ "$err" = "hp2x: 'phase two' is neither a time in seconds nor a mark's label; the profile's marks are: 'count keys', 'mean', 'done'" ] ||
		bad "unknown label message: $err"
	err=$("$HP2X" --from 'phase' "$S/leak-hc.eventlog" -o x.png 2>&1)
	case $err in
	"hp2x: 'phase' names more than one mark; the profile's marks are: 'phase 1: build map', "*) ;;
	*) bad "ambiguous label message: $err" ;;
	esac
	err=$("$HP2X" --from 2 --to 1 "$S/leak-hc.hp" -o x.png 2>&1)
	[ $? -eq 1 ] || bad "from after to accepted"
	[ -e x.png ] && bad "output written"
	# a graph of a window: axis from the first mark
	"$HP2X" -c --from 'phase 5' --to 'phase 7' "$S/leak-hc.eventlog" -o w.png ||
		bad "png exit $?"
}
run "--from/--to by mark label; unknown and ambiguous labels" window_labels



# --- summary ---

summary_text() {
	local w out
	out=$(COLUMNS=100 "$HP2X" --summary "$S/leak-hc.eventlog") || bad "exit $?"
	ls | grep -q . && bad "--summary without -o wrote a file: $(ls)"
	for w in "33 samples from" "56 bands" "clock: seconds since the program started" \
		"peak 46.6 MB at 4.123 s" "OTHER (over -m 20): 13 bands" \
		"dropped (under -t 1%): 24 bands" "phases:" \
		"phase 6: zoo of 24 producers" "growTable.step/growTable/main"; do
		case $out in *"$w"*) ;; *) bad "no '$w' in the summary" ;; esac
	done
	for w in 60 80 100 140; do
		COLUMNS=$w "$HP2X" --summary "$S/leak-hc.eventlog" |
			awk -v w="$w" 'length($0) > w { print "line of " length($0) " > " w ": " $0; bad = 1 } END { exit bad }' ||
			bad "lines wider than $w columns"
	done
	# wider terminal, longer names
	[ "$(COLUMNS=140 "$HP2X" --summary "$S/leak-hc.eventlog" | grep -c '\.\.\.')" -lt \
	  "$(COLUMNS=80 "$HP2X" --summary "$S/leak-hc.eventlog" | grep -c '\.\.\.')" ] ||
		bad "names not wider on a wider terminal"
	# with -o, it draws too
	COLUMNS=80 "$HP2X" --summary "$S/leak-hc.hp" -o g.png >/dev/null || bad "exit $?"
	[ -s g.png ] || bad "no graph with --summary -o"
}
run "--summary prints a table fitted to the terminal" summary_text


summary_json() {
	"$HP2X" --summary=json "$S/leak-hc.eventlog" >s.json || bad "exit $?"
	"$HP2X" "$S/leak-hc.eventlog" -o d.json
	[ "$(py '
import json, sys
s = json.load(open(sys.argv[1])); d = json.load(open(sys.argv[2]))
names = [b["name"] for b in d["bands"]]
peak = {}; last = {}
for smp in d["samples"]:
    for k, v in smp["values"]:
        peak[names[k]] = max(peak.get(names[k], 0), v)
lastv = {names[k]: v for k, v in d["samples"][-1]["values"]}
ok = (s["samples"] == len(d["samples"]) and s["bands"] == len(names)
      and all(b["peak"] == peak.get(b["name"], 0) for b in s["band"])
      and all(b["last"] == lastv.get(b["name"], 0) for b in s["band"])
      and abs(sum(b["share"] for b in s["band"]) - 1) < 1e-9
      and [p["label"] for p in s["phases"]] == [m["label"] for m in d["marks"]]
      and s["band"][0]["integral"] >= s["band"][-1]["integral"]
      and s["clock"] == "eventlog")
print("ok" if ok else "mismatch")' s.json d.json)" = ok ] ||
		bad "summary JSON disagrees with the data"
	# a CI script: fail the build if a band grows
	py '
import json, sys
d = json.load(open(sys.argv[1]))
g = [b["growth"] for b in d["band"] if b["name"].startswith("shrinkTable.go.m")]
sys.exit(0 if g and max(g) > 0 else 1)' s.json >/dev/null ||
		bad "growth of the shrinking map's last phase"
}
run "--summary=json has the same numbers as the data" summary_json

# --- several inputs ---

several() {
	local err
	"$HP2X" "$S/fix-leak.hp" "$S/fix-fixed.eventlog" -o both.pdf || bad "pdf exit $?"
	[ "$(pdfinfo both.pdf | awk '/^Pages:/ { print $2 }')" = 2 ] ||
		bad "PDF does not have one page per input"
	"$HP2X" "$S/fix-leak.hp" "$S/fix-fixed.hp" -o both.ps || bad "ps exit $?"
	[ "$(grep -c '^%%Page:' both.ps)" = 2 ] || bad "PS does not have two pages"
	"$HP2X" "$S/fix-leak.hp" "$S/fix-fixed.hp" -o both.png || bad "png exit $?"
	"$HP2X" "$S/fix-leak.hp" "$S/fix-fixed.hp" --stack -o stack.png || bad "exit $?"
	"$HP2X" "$S/fix-leak.hp" -o one.png
	[ "$(py '
import struct, sys
def size(p):
    b = open(p, "rb").read(24)
    return struct.unpack(">II", b[16:24])
(w1, h1), (w2, h2), (w3, h3) = size(sys.argv[1]), size(sys.argv[2]), size(sys.argv[3])
print("ok" if (w2, h2) == (2 * w1, h1) and (w3, h3) == (w1, 2 * h1) else ((w1,h1),(w2,h2),(w3,h3)))' one.png both.png stack.png)" = ok ] ||
		bad "PNG not side by side / stacked"
	"$HP2X" "$S/fix-leak.hp" "$S/fix-fixed.hp" -o both.svg || bad "svg exit $?"
	xmllint --noout both.svg || bad "SVG not well formed"
	err=$("$HP2X" "$S/fix-leak.hp" "$S/fix-fixed.hp" 2>&1)
	[ $? -eq 2 ] || bad "no -o: exit not 2"
	case $err in *"give -o OUTPUT"*) ;; *) bad "no -o message: $err" ;; esac
	expect_status 2 "$HP2X" "$S/fix-leak.hp" "$S/fix-fixed.hp" -o x.csv 2>/dev/null
	# summaries of both, as a JSON array
	"$HP2X" --summary=json "$S/fix-leak.hp" "$S/fix-fixed.hp" >s.json || bad "exit $?"
	[ "$(py 'import json,sys; d=json.load(open(sys.argv[1])); print("ok" if len(d) == 2 else d)' s.json)" = ok ] ||
		bad "no JSON array of two summaries"
}
run "several inputs: pages, side by side, --stack, -o required" several

shared_scale() {
	# The fixed run alone has a y axis of kilobytes; beside the leak it
	# shares the leak's megabytes: its page has the leak's tick labels.
	"$HP2X" "$S/fix-leak.hp" "$S/fix-fixed.hp" -o both.pdf
	"$HP2X" "$S/fix-leak.hp" -o leak.pdf
	"$HP2X" "$S/fix-fixed.hp" -o fixed.pdf
	pdftotext -f 2 -l 2 both.pdf p2.txt
	pdftotext leak.pdf l.txt
	pdftotext fixed.pdf f.txt
	top=$(grep '^[0-9]*M$' l.txt | sort -n | tail -1)
	[ -n "$top" ] || bad "leak graph has no megabyte ticks"
	grep -qx "$top" p2.txt || bad "second graph does not share the y scale ($top)"
	grep -qx "$top" f.txt && bad "fixed graph alone reaches $top"
	# --same-time: the leak's x axis runs past the fixed run's end
	"$HP2X" --same-time "$S/fix-fixed.hp" "$S/fix-leak.hp" -o same.pdf
	pdftotext -f 1 -l 1 same.pdf s1.txt
	pdftotext fixed.pdf f1.txt
	[ "$(grep -c '^0\.[0-9]*$' s1.txt)" -ge "$(grep -c '^0\.[0-9]*$' f1.txt)" ] ||
		bad "--same-time did not widen the shorter run's axis"
	return 0
}
run "several inputs share the y scale (and x with --same-time)" shared_scale

# --- diff ---

diff_graph() {
	"$HP2X" --diff "$S/fix-leak.hp" "$S/fix-fixed.hp" -c -o d.pdf || bad "exit $?"
	"$HP2X" --summary=json --diff "$S/fix-leak.hp" "$S/fix-fixed.hp" >s.json ||
		bad "summary exit $?"
	# the title: both files and the change in bytes x seconds
	local change
	change=$(py 'import json,sys; print("{:,}".format(int(json.load(open(sys.argv[1]))["change"]["integral"])))' s.json)
	case $change in -*) ;; *) bad "the fix did not shrink the profile: $change" ;; esac
	pdftotext d.pdf t.txt
	grep -q "fix-leak.hp → .*fix-fixed.hp" t.txt || bad "title lacks the files: $(head -3 t.txt)"
	grep -q -- "^${change#-}\|^$change" t.txt || bad "title lacks the change $change"
	# shrinkage is drawn below zero: negative tick labels
	grep -q '^-[0-9]*M$' t.txt || bad "no negative y ticks: $(grep M t.txt | head)"
	"$HP2X" --diff "$S/fix-leak.hp" "$S/fix-fixed.eventlog" -o mixed.png ||
		bad "hp vs eventlog exit $?"
	"$HP2X" --diff "$S/fix-leak.eventlog" "$S/fix-fixed.hp" --same-time -o mixed2.svg ||
		bad "eventlog vs hp exit $?"
	expect_status 2 "$HP2X" --diff "$S/fix-leak.hp" -o x.png 2>/dev/null
}
run "--diff: growth above, shrinkage below, title with files and change" diff_graph

diff_summary() {
	"$HP2X" --summary=json --diff "$S/fix-leak.hp" "$S/fix-fixed.hp" >s.json
	"$HP2X" --summary=json "$S/fix-leak.hp" >a.json
	"$HP2X" --summary=json "$S/fix-fixed.hp" >b.json
	[ "$(py '
import json, sys
s, a, b = (json.load(open(p)) for p in sys.argv[1:4])
A = {x["name"]: x for x in a["band"]}; B = {x["name"]: x for x in b["band"]}
ok = abs(s["change"]["integral"] - (b["integral"] - a["integral"])) < 1e-6 * a["integral"]
for x in s["band"]:
    for side, src in (("a", A), ("b", B)):
        y = src.get(x["name"])
        ok = ok and x[side]["peak"] == (y["peak"] if y else 0)
        ok = ok and x[side]["last"] == (y["last"] if y else 0)
    ok = ok and x["change"]["peak"] == x["b"]["peak"] - x["a"]["peak"]
print("ok" if ok else "mismatch")' s.json a.json b.json)" = ok ] ||
		bad "diff summary disagrees with the two summaries"
	COLUMNS=100 "$HP2X" --summary --diff "$S/fix-leak.hp" "$S/fix-fixed.hp" >t.txt ||
		bad "text exit $?"
	grep -q "^change from .*fix-leak.hp to .*fix-fixed.hp" t.txt || bad "no heading"
	grep -q "^(303)countKey" t.txt || bad "no per-band row: $(cat t.txt)"
	ls | grep -qv '\(s\|a\|b\)\.json\|t\.txt' && bad "files written without -o"
	return 0
}
run "--summary --diff: the table of changes" diff_summary


# compare.c's runs refuse to write over an input, as one run does
# (cli_same_file: by name or by inode).
no_overwrite() {
	local err
	cp "$S/fix-leak.hp" a.hp && cp "$S/fix-fixed.hp" b.hp || bad "cp"
	ln -s b.hp link.hp
	err=$("$HP2X" --diff a.hp b.hp -o b.hp --format=png 2>&1)
	[ $? -eq 1 ] || bad "--diff over B: exit not 1"
	[ "$err" = "hp2x: b.hp: output would overwrite the input" ] ||
		bad "message: $err"
	"$HP2X" a.hp link.hp -o b.hp --format=png 2>/dev/null &&
		bad "two inputs over the second, through a link: accepted"
	cmp -s b.hp "$S/fix-fixed.hp" || bad "b.hp changed"
	return 0
}
run "several inputs or --diff never overwrite an input" no_overwrite

e2e_done
