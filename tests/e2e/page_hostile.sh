#!/usr/bin/env bash
# tests/e2e/page_hostile.sh - the page against names and links chosen to
# stall it, in headless Chromium (tests/e2e/page.py does the looking).
#
#   long_names  five band names of 100 KB of mixed scripts (Latin, CJK,
#               Arabic, combining marks, emoji; the page took 10 s to be
#               ready, a minute elsewhere) and one of 100 KB of "A": the
#               viewer is ready within 5 s; the key, the tooltip and the
#               table show them cut, whole in their titles and, on a
#               click, below the table; each name is on the page once;
#               the static table cuts them, the header its JOB and DATE
#               of 100 KB; the page keeps within 1 MB + 100 bytes a band
#               + its names
#   long_ipe    a -hi eventlog whose three info tables' strings are 30,
#               50 and 60 KB: the same
#   links       a link's #re= on an ordinary page: (.*.*)*### (froze the
#               tab) answers at once and keeps no band; \1 (a
#               back-reference), groups 40 deep and ((a{100}){100}){100}
#               are refused as --include refuses them and every band is
#               kept; ordinary patterns keep what Python's re keeps
#   typed       on the page of long names, typing (A+)+B (froze the tab)
#               takes under 2 s and keeps the names holding "ab", so does
#               the link; a pattern that would take more than the
#               filter's 10,000,000 steps over them is refused
set -u
. "$(dirname "$0")/lib.bash"
e2e_init page_hostile
: "${HP2X:?}" "${HP2X_SRC:?}"
py=/usr/bin/python3
S=$HP2X_SRC/samples

browse() {
	[ "${HP2X_SANITIZED:-0}" = 1 ] && return 0
	page_py "$@"
}
[ "${HP2X_SANITIZED:-0}" = 1 ] || page_py_serve

long_hp() { # long.hp: five names of 100 KB of mixed scripts, one of "A"s,
	# a JOB and a DATE of 100 KB
	"$py" - long.hp <<'PY'
import random, sys
r = random.Random(33)
def name(k):
    out, n = [], 0
    while n < 100000:
        x = r.random()
        out.append(chr(r.randint(0x4e00, 0x9fff)) if x < 0.3 else chr(r.randint(0x300, 0x36f)) if x < 0.45
                   else chr(r.randint(0x1f600, 0x1f64f)) if x < 0.55 else chr(r.randint(0x600, 0x6ff)) if x < 0.65
                   else chr(r.randint(0x21, 0x7e)))
        n += len(out[-1].encode())
    return "%d " % k + "".join(out)
names = [name(k) for k in range(5)] + ["A" * 100000 + "5"] + ["short %d" % k for k in range(4)]
job, date = (name(k).replace('"', "'").replace("\\", "/") for k in (8, 9))
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write('JOB "%s"\nDATE "%s"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' % (job, date))
    for t in range(40):
        f.write("BEGIN_SAMPLE %d.0\n" % t)
        for k, n in enumerate(names):
            f.write("%s\t%d\n" % (n, (k + 1) * 1000 + t * 37 * (k + 1)))
        f.write("END_SAMPLE %d.0\n" % t)
PY
}

long_names() {
	long_hp || { bad "could not write long.hp"; return; }
	"$HP2X" -q long.hp -o page.html || { bad "hp2x failed on long.hp"; return; }
	browse longnames page.html 5 || bad "long names: see above"
}

long_ipe() { # a -hi eventlog with info-table strings of 30-60 KB
	"$py" - "$HP2X_SRC/tests/fuzz" long.eventlog <<'PY' || { bad "could not write long.eventlog"; return; }
import struct, sys
sys.path.insert(0, sys.argv[1])
import mkeventlog as mk
mk.TYPES[169] = mk.VAR   # IPE: u64 info pointer, six strings
out = mk.header(sorted(mk.TYPES.items())) + mk.prof_begin(8)
fields = [("T%d_con_info" % k, "15", "[Char]", "go", "Main", "Main.hs:1:1") for k in range(4)]
fields[0] = fields[0][:2] + ("Maybe " + "(Either Int " * 2700 + ")" * 2700,) + fields[0][3:]
fields[1] = fields[1][:3] + ("b" * 50000,) + fields[1][4:]
fields[2] = fields[2][:5] + ("Main" + "/deep" * 12000 + ".hs:1:1-9",)
for k, f in enumerate(fields):
    out += mk.event(169, 0, struct.pack(">Q", 0x1000 * (k + 1)) + b"".join(s.encode() + b"\0" for s in f))
for t in range(1, 30):
    ns = t * 100000000
    out += mk.event(162, ns, struct.pack(">Q", 0))
    for k in range(4):
        out += mk.sample_string(ns, b"0x%x" % (0x1000 * (k + 1)), (k + 1) * 1000 + t * 50)
    out += mk.event(165, ns, struct.pack(">Q", 0))
open(sys.argv[2], "wb").write(out + mk.END)
PY
	"$HP2X" -q long.eventlog -o page.html || { bad "hp2x failed on long.eventlog"; return; }
	browse longnames page.html 5 || bad "long -hi strings: see above"
}

links() {
	"$HP2X" "$S/leak-hT.hp" -o page.html || { bad "hp2x failed"; return; }
	browse filters page.html \
		'(.*.*)*###' 're:###' \
		'(x*)*\1y' 'refused:\1 is not supported' \
		"$(printf '%.0s(' $(seq 40))a$(printf '%.0s)' $(seq 40))" 'refused:groups nested more than 32 deep' \
		'((a{100}){100}){100}' 'refused:over 10000 steps' \
		'a[' 'refused:unmatched [' \
		'^(ar|th)' 're:^(ar|th)' \
		'[[:upper:]]{3}_' 're:[A-Z]{3}_' \
		'ORDS$' 're:ORDS$' \
		'type:(A|B)+$' 're:(A|B)+$' || bad "links: see above"
}

typed() {
	long_hp || { bad "could not write long.hp"; return; }
	"$HP2X" -q long.hp -o page.html || { bad "hp2x failed on long.hp"; return; }
	browse filters page.html \
		'type:(A+)+B' 're:AB' \
		'(A+)+B' 're:AB' \
		'type:(a|b|c|d|e|f|g|h|i|j|k|l|m|n|o|p|q|r|s|t|u|v|w|x|y|z){40}#' 'refused:over 10,000,000 steps' \
		'type:short [0-3]' 're:short [0-3]' || bad "typed: see above"
}

run long_names long_names
run long_ipe long_ipe
run links links
run typed typed
e2e_done
