#!/usr/bin/env bash
# tests/e2e/page_hostile.sh - the page against names and links chosen to
# stall it, in headless Chromium (tests/e2e/page.py does the looking).
#
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
page_py=$HP2X_SRC/tests/e2e/page.py
S=$HP2X_SRC/samples

browse() {
	[ "${HP2X_SANITIZED:-0}" = 1 ] && return 0
	"$py" "$page_py" "$@"
}

long_hp() { # long.hp: five names of 100 KB of mixed scripts, one of "A"s
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
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write('JOB "long"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n')
    for t in range(40):
        f.write("BEGIN_SAMPLE %d.0\n" % t)
        for k, n in enumerate(names):
            f.write("%s\t%d\n" % (n, (k + 1) * 1000 + t * 37 * (k + 1)))
        f.write("END_SAMPLE %d.0\n" % t)
PY
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

run links links
run typed typed
e2e_done
