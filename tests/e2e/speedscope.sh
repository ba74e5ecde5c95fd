#!/usr/bin/env bash
# tests/e2e/speedscope.sh - -o FOO.speedscope.json: speedscope's file
# format for a time profile.
#
#   valid    the output validates against speedscope's published JSON
#            schema (tests/data/speedscope/file-format-schema.json), with
#            Debian's python3-jsonschema
#   agrees   per cost-centre stack, the weights sum to the ticks that
#            ghc-events decodes (tests/eventlog-ref/NAME.ticks.txt) times
#            the tick, for time-prof.eventlog (GHC 8.9) and
#            samples/leak-p.eventlog (GHC 9.0.2); stacks outermost first
#   refuses  a heap profile or a ticky report: an error, no file
set -u
. "$(dirname "$0")/lib.bash"
e2e_init speedscope
: "${HP2X:?}" "${HP2X_SRC:?}"
py=/usr/bin/python3
[ -x "$py" ] || py=python3
schema=$HP2X_SRC/tests/data/speedscope/file-format-schema.json

check() { # check EVENTLOG TICKS.txt
	"$HP2X" "$1" -o out.speedscope.json || { bad "hp2x failed on $1"; return; }
	"$py" - out.speedscope.json "$schema" "$2" <<'PY' || bad "$1: see above"
import json, sys, collections
import jsonschema
out, schema, ref = sys.argv[1:]
d = json.load(open(out))
jsonschema.validate(d, json.load(open(schema)))
p = d["profiles"][0]
assert p["type"] == "sampled" and p["unit"] == "seconds"
assert len(p["samples"]) == len(p["weights"])
names = [f["name"] for f in d["shared"]["frames"]]
tick = None
want = collections.Counter()
for line in open(ref):
    if line.startswith("PROF_BEGIN "):
        tick = int(line.split()[1]) / 1e9
    elif line.startswith("TICK "):
        want[line.rstrip("\n").split("\t")[1]] += 1
got = collections.Counter()
for stack, w in zip(p["samples"], p["weights"]):
    # -hc's name: innermost first, "/" between, none after Module.CAF
    label = ""
    inner = [names[i] for i in reversed(stack)]
    for k, n in enumerate(inner):
        label += n
        if k + 1 < len(inner) and not n.endswith(".CAF"):
            label += "/"
    got[label] += w / tick
bad = [(s, want[s], got[s]) for s in set(want) | set(got) if abs(want[s] - got[s]) > 1e-6]
if bad:
    print("stacks differ:", bad[:5], file=sys.stderr)
    sys.exit(1)
assert abs(p["endValue"] - sum(want.values()) * tick) < 1e-9
print("  %s: %d stacks, %d ticks agree" % (out, len(want), sum(want.values())))
PY
}

valid_time_prof() {
	check "$HP2X_SRC/tests/data/ghc-events/time-prof.eventlog" \
		"$HP2X_SRC/tests/eventlog-ref/time-prof.ticks.txt"
}

valid_leak_p() {
	check "$HP2X_SRC/samples/leak-p.eventlog" \
		"$HP2X_SRC/tests/eventlog-ref/leak-p.ticks.txt"
}

refuses() {
	local f
	for f in "$HP2X_SRC/samples/leak-hc.eventlog" "$HP2X_SRC/samples/leak.ticky"; do
		if "$HP2X" "$f" -o x.speedscope.json 2>err; then
			bad "$f: accepted"
		fi
		grep -q "needs time samples" err || bad "$f: $(cat err)"
		[ ! -e x.speedscope.json ] || bad "$f: x.speedscope.json written"
	done
}

run valid_time_prof valid_time_prof
run valid_leak_p valid_leak_p
run refuses refuses
e2e_done
