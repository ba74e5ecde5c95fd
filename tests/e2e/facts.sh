#!/usr/bin/env bash
# tests/e2e/facts.sh - the run's facts (hp/facts.h: the RTS, the program,
# its arguments and RTS options, the breakdown, the sampling interval,
# when the run started, the capabilities, the log's end) in --summary's
# lines, --summary=json's "run" and the page's panel "The run".
#
#   eventlog  the plain -l log of GHC 9.6.6: each fact as ghc-events
#             decodes it (RTS version, args, the wall clock less its
#             event's time, the capabilities created), in the text and
#             the JSON; the end "complete", and "cut" for its first
#             20,000 bytes
#   parts     the -hc -p -l log: the heap profile's interval is
#             HEAP_PROF_BEGIN's period and its breakdown -hc, the time
#             profile's the tick of PROF_BEGIN
#   hp        a .hp: the program, arguments and RTS options from JOB,
#             the start from DATE, the end "complete" (GHC's exit mark),
#             and "cut" for a copy cut inside a sample
#   hostile   facts that hold a terminal escape, a line feed, markup and
#             quotes (tests/fuzz/mkeventlog.py facts): no control byte in
#             the text nor the Markdown, the JSON says them whole, the
#             page as text
#   page      in headless Chromium (tests/e2e/facts.py): the panel is
#             reached by Tab and opened by Enter, and lists the facts of
#             --summary=json, of the view shown (the -hc -p -l page's
#             tabs), the hostile ones as text
set -u
. "$(dirname "$0")/lib.bash"
e2e_init facts
: "${HP2X:?}" "${HP2X_SRC:?}"
data=$HP2X_SRC/tests/data
plain=$data/plain-l/heapsize-ghc-9.6.6.eventlog
kinds=$data/kinds/leak-hc-p.eventlog

eventlog() {
	ghc-events show "$plain" >ev.txt || { bad "ghc-events cannot read the log"; return; }
	"$HP2X" --summary "$plain" >s.txt && "$HP2X" --summary=json "$plain" >s.json ||
		{ bad "--summary failed"; return; }
	python3 - ev.txt s.txt s.json <<'PY' || bad "the facts differ from ghc-events"
import datetime, json, re, sys
ev = open(sys.argv[1]).read()
rts = re.search(r'RTS version "([^"]*)"', ev).group(1)
args = json.loads(re.search(r"args: (\[.*\])", ev).group(1))
ns, sec, nsec = map(int, re.search(r"(\d+): capset \d+: wall clock time (\d+)s (\d+)ns", ev).groups())
start = datetime.datetime.fromtimestamp((sec * 10**9 + nsec - ns) // 10**9, datetime.timezone.utc)
caps = len(set(re.findall(r"\d+: created cap (\d+)", ev)))
rtsopts = args[args.index("+RTS") + 1:args.index("-RTS")]
want = {"rts": rts, "program": args[0], "rts_options": " ".join(rtsopts),
        "started": start.strftime("%Y-%m-%dT%H:%M:%SZ"), "capabilities": caps, "end": "complete"}
got = json.load(open(sys.argv[3]))["run"]
ok = got == want
if not ok:
    print("JSON", got, "want", want)
text = open(sys.argv[2]).read()
for label, k in (("RTS", "rts"), ("program", "program"), ("RTS options", "rts_options"),
                 ("started", "started"), ("capabilities", "capabilities"), ("end of the log", "end")):
    if "\n  %s: %s\n" % (label, want[k]) not in text:
        print("text lacks", label, want[k])
        ok = False
sys.exit(0 if ok else 1)
PY
	head -c 20000 "$plain" >cut.eventlog
	"$HP2X" -q --summary cut.eventlog >c.txt && "$HP2X" -q --summary=json cut.eventlog >c.json ||
		{ bad "the cut log's summary failed"; return; }
	grep -qx '  end of the log: cut' c.txt || bad "text: $(grep end c.txt)"
	py 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["run"]["end"] != "cut")' c.json ||
		bad "JSON: the cut log's end is not cut"
}

parts() {
	ghc-events show "$kinds" >ev.txt && "$HP2X" --summary=json "$kinds" >s.json ||
		{ bad "--summary=json failed"; return; }
	python3 - ev.txt s.json <<'PY' || bad "the parts' facts"
import json, re, sys
ev = open(sys.argv[1]).read()
period = int(re.search(r"start heap profiling \d+ at sampling period (\d+)", ev).group(1))
tick = int(re.search(r"start time profiling, tick interval (\d+)", ev).group(1))
s = json.load(open(sys.argv[2]))
h, t, z = s["heap"]["run"], s["time"]["run"], s["heap-size"]["run"]
ok = abs(h["interval"] - period / 1e9) < 1e-12 and abs(t["interval"] - tick / 1e9) < 1e-12
ok &= h["breakdown"] == "by cost-centre stack (-hc)" and "interval" not in z
ok &= h["args"] == "15000" and h["rts_options"] == "-hc -p -l -i0.05"
ok &= all(h[k] == t[k] == z[k] for k in ("rts", "program", "args", "started", "capabilities", "end"))
if not ok:
    print(h, t, z)
sys.exit(0 if ok else 1)
PY
}

hp() {
	local hpf=$HP2X_SRC/samples/leak-hc.hp
	"$HP2X" --summary "$hpf" >s.txt && "$HP2X" --summary=json "$hpf" >s.json ||
		{ bad "--summary failed"; return; }
	python3 - "$hpf" s.txt s.json <<'PY' || bad "the .hp's facts"
import json, re, sys
hp = open(sys.argv[1]).read()
job = re.search(r'^JOB "(.*)"$', hp, re.M).group(1).split()
date = re.search(r'^DATE "(.*)"$', hp, re.M).group(1)
r = json.load(open(sys.argv[3]))["run"]
want = {"program": job[0], "rts_options": " ".join(job[job.index("+RTS") + 1:]),
        "started": date, "end": "complete"}
ok = r == want
text = open(sys.argv[2]).read()
ok &= "\n  started: %s\n" % date in text and "\n  end of the log: complete\n" in text
if not ok:
    print(r, want)
sys.exit(0 if ok else 1)
PY
	# cut inside its third sample: the sample is dropped, the end is cut
	awk '/^BEGIN_SAMPLE/ { n++ } n == 3 && /^END_SAMPLE/ { exit } { print }' "$hpf" >cut.hp
	"$HP2X" -q --summary=json cut.hp >c.json || { bad "the cut .hp's summary failed"; return; }
	py 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["run"]["end"] != "cut")' c.json ||
		bad "the cut .hp's end is not cut"
}

hostile() {
	python3 "$HP2X_SRC/tests/fuzz/mkeventlog.py" facts f.eventlog || { bad "mkeventlog"; return; }
	"$HP2X" --summary f.eventlog >s.txt && "$HP2X" --summary=json f.eventlog >s.json ||
		{ bad "--summary failed"; return; }
	if LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' s.txt; then bad "a control byte in the text"; fi
	"$HP2X" --summary=markdown f.eventlog >s.md || { bad "--summary=markdown failed"; return; }
	if LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' s.md; then bad "a control byte in the Markdown"; fi
	grep -qxF 'RTS options: `-N4 -hT`  ' s.md && grep -qxF 'capabilities: `4`  ' s.md ||
		bad "Markdown: $(head -12 s.md)"
	grep -qx "  arguments: 'two lines' '</script><b>x</b>' 'it'\\\\''s'" s.txt ||
		bad "text: $(grep arguments s.txt)"
	py '
import json, sys
r = json.load(open(sys.argv[1]))["run"]
want = {"rts": "GHC-9.14.1 rts_thr\x1b[31m", "program": "./prog",
        "args": "'"'"'two\nlines'"'"' '"'"'</script><b>x</b>'"'"' '"'"'it'"'"'\\'"'"''"'"'s'"'"'",
        "rts_options": "-N4 -hT", "breakdown": "by closure type (-hT)", "interval": 0.1,
        "started": "2026-11-26T10:50:18Z", "capabilities": 4, "end": "complete"}
sys.exit(0 if r == want else print(r) or 1)' s.json || bad "JSON: $(head -c 600 s.json)"
}

page() {
	python3 "$HP2X_SRC/tests/fuzz/mkeventlog.py" facts f.eventlog &&
		"$HP2X" f.eventlog -o f.html && "$HP2X" --summary=json f.eventlog >f.json &&
		"$HP2X" "$plain" -o p.html && "$HP2X" --summary=json "$plain" >p.json &&
		"$HP2X" "$kinds" -o k.html && "$HP2X" --summary=json "$kinds" >k.json ||
		{ bad "hp2x failed"; return; }
	# the browser looks at output only: not in a sanitizer build, as e2e/page
	[ "${HP2X_SANITIZED:-0}" = 1 ] && return
	/usr/bin/python3 "$HP2X_SRC/tests/e2e/facts.py" p.html p.json f.html f.json k.html k.json \
		>out 2>&1 || bad "$(cat out)"
}

run eventlog eventlog
run parts parts
run hp hp
run hostile hostile
run page page
e2e_done
