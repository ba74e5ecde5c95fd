#!/usr/bin/env bash
# tests/e2e/bad_input.sh - the bad-input contract of the man page (hp2x.1,
# BAD INPUT; README.md's short table), one case per entry, through the
# hp2x binary.
#
# Every row either is accepted or tolerated (exit 0, at most one warning
# naming the file, and a graph of exactly what is valid: checked in the
# .json output, and the .pdf must pass qpdf --check), or is refused
# (exit 1, one line "hp2x: FILE:LINE: ..." or "hp2x: FILE: byte N: ..."
# or, for what concerns the whole file, "hp2x: FILE: ...", and no output
# file).  Every run is under `timeout 60` and must not die by a signal.
#
# The eventlogs are built by tests/fuzz/mkeventlog.py from the layouts of
# GHC's eventlog layouts (rts/eventlog/EventLog.c); the big inputs are generated here.
#
# A sanitizer build (HP2X_SANITIZED=1) makes every run and checks every
# exit status, message and absent output, but not what only reads an
# output back (the .json's samples, qpdf on the .pdf): the plain build
# checks those.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
MKLOG=$SRC/tests/fuzz/mkeventlog.py

top=$(mktemp -d "${TMPDIR:-/tmp}/hp2x-bad.XXXXXX")
trap 'rm -rf "$top"' EXIT
cd "$top" || exit 1
pass=0
fail=0
sanitized=${HP2X_SANITIZED:-0}
HDR='JOB "j"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'

# hp2x IN OUT: run under timeout, keep stderr in err, status in rc.
run_hp2x() {
	rm -f "$2" err
	timeout 60 "$HP2X" "$1" -o "$2" 2>err
	rc=$?
}

# The samples of a .json output, one line each: "TIME name=value ...".
samples() {
	python3 - "$1" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
def show(n):
    if len(n) >= 64:
        return "<%d bytes>" % len(n)
    return "".join(c if c.isprintable() else "\\x%02x" % ord(c) for c in n)
names = [show(b["name"]) for b in d["bands"]]
for s in d["samples"]:
    vals = " ".join("%s=%d" % (names[i], v) for i, v in s["values"])
    print(("%g %s" % (s["time"], vals)).rstrip())
EOF
}

check() {
	local name=$1 why=$2
	if [ -z "$why" ]; then
		pass=$((pass + 1))
	else
		echo "FAIL: $name: $why"
		fail=$((fail + 1))
	fi
}

# summary_agrees IN: --summary IN exits as the drawing did ($rc), and
# says on stderr what it said (in err).  Prints why not.
summary_agrees() {
	local drawn=$rc
	timeout 60 "$HP2X" --summary "$1" >/dev/null 2>serr
	rc=$?
	if [ "$rc" -ne "$drawn" ]; then
		echo "--summary exits $rc, the drawing $drawn: $(head -c 300 serr)"
	elif ! cmp -s err serr; then
		echo "--summary says $(head -c 300 serr), the drawing $(head -c 300 err)"
	fi
	rc=$drawn
}

# refused NAME IN REGEX: exit 1, one line of stderr matching
# ^hp2x: IN(:LINE| : byte N)?: REGEX$, no output written; --summary
# refuses it with the same line.
refused() {
	local name=$1 in=$2 want=$3 why=
	run_hp2x "$in" out.pdf
	why=$(summary_agrees "$in")
	if [ -n "$why" ]; then
		:
	elif [ "$rc" -ne 1 ]; then
		why="exit $rc, wanted 1"
	elif [ "$(wc -l <err)" -ne 1 ] && ! { [ "$(grep -vc '^hp2x: warning: ' err)" -eq 1 ] &&
		[ "$(wc -l <err)" -eq 2 ]; }; then
		why="stderr: $(head -c 300 err)"
	elif ! grep -v '^hp2x: warning: ' err | grep -Eq "^hp2x: $in(:[0-9]+| : byte [0-9]+|: byte [0-9]+)?: $want\$"; then
		why="message: $(head -c 300 err)"
	elif [ -e out.pdf ]; then
		why="out.pdf written"
	fi
	check "$name" "$why"
}

# accepted NAME IN NWARN EXPECTED: exit 0, NWARN warnings naming IN, the
# .json's samples are EXPECTED (a string, or @FILE), the .pdf passes qpdf;
# --summary exits 0 with the same warnings.
# A profile of one sample counts one warning ("only one sample").
accepted() {
	local name=$1 in=$2 nwarn=$3 want=$4 why= got
	run_hp2x "$in" out.json
	why=$(summary_agrees "$in")
	if [ -n "$why" ]; then
		:
	elif [ "$rc" -ne 0 ]; then
		why="exit $rc: $(head -c 300 err)"
	elif [ "$(wc -l <err)" -ne "$nwarn" ]; then
		why="$(wc -l <err) lines on stderr, wanted $nwarn: $(head -c 300 err)"
	elif [ "$nwarn" -gt 0 ] && ! grep -Eq "^hp2x: warning: $in(:[0-9]+|: byte [0-9]+)?: " err; then
		why="warning does not name the file: $(head -c 300 err)"
	elif [ "$sanitized" != 1 ]; then
		got=$(samples out.json)
		case $want in
		@*) want=$(cat "${want#@}") ;;
		esac
		if [ "$got" != "$want" ]; then
			why="samples: $(printf '%s' "$got" | head -c 300) wanted $(printf '%s' "$want" | head -c 300)"
		fi
	fi
	if [ -z "$why" ]; then
		run_hp2x "$in" out.pdf
		if [ "$rc" -ne 0 ]; then
			why="pdf: exit $rc: $(head -c 300 err)"
		elif [ "$sanitized" != 1 ] && ! qpdf --check out.pdf >qpdf.txt 2>&1; then
			why="qpdf --check: $(tail -3 qpdf.txt)"
		fi
	fi
	check "$name" "$why"
}

# --- .hp text ---------------------------------------------------------------

: >empty.hp
refused "empty file" empty.hp "empty file"

printf "$HDR" >header.hp
refused "only a header" header.hp "contains no samples: the program ended before its first heap census \\(a smaller \\+RTS -i takes one sooner\\)"

# Fixed pseudo-random bytes, not starting as gzip or an eventlog does.
python3 -c '
import random, sys
r = random.Random(2071)
sys.stdout.buffer.write(b"\xff" + bytes(r.randrange(256) for _ in range(65535)))' >garbage.hp
refused "binary garbage" garbage.hp \
	"not a heap profile \\(\\.hp\\) or eventlog"

head -c 4096 /dev/zero >nuls.hp
printf '\n' >>nuls.hp
refused "NUL bytes for a file" nuls.hp "not a heap profile \\(\\.hp\\) or eventlog"
# An executable (hp2x prog with no prog.hp), a .prof, a source file.
cp "$(type -P true)" elf
refused "an executable" elf "not a heap profile \\(\\.hp\\) or eventlog"
printf '\tTue Nov 24 05:00 2026 Time and Allocation Profiling Report  (Final)\n\n\t   leak +RTS -p -RTS\n' >leak.prof
refused "a .prof" leak.prof "not a heap profile \\(\\.hp\\) or eventlog"

printf "$HDR"'BEGIN_SAMPLE 1\na\000b\t5\nEND_SAMPLE 1\n' >nulname.hp
accepted "a NUL byte in a band name" nulname.hp 1 '1 a\x00b=5'

{
	printf "$HDR"'BEGIN_SAMPLE 1\n'
	head -c 10485760 /dev/zero | tr '\0' x
	printf '\t7\nshort\t3\nEND_SAMPLE 1\n'
} >longline.hp
accepted "a 10 MB line (one band name)" longline.hp 1 "1 <10485760 bytes>=7 short=3"

{
	printf "$HDR"'BEGIN_SAMPLE 1\n'
	head -c 10485760 /dev/zero | tr '\0' x
	printf '\n'
} >longjunk.hp
refused "a 10 MB line of junk" longjunk.hp "integer value must follow band name"

# gzbomb PREFIX N SUFFIX: a .gz of the file PREFIX, N x's, the file
# SUFFIX, on stdout, written without compressing N bytes: one MiB of x's
# deflated once after a full flush (nothing after it refers back), the
# same bytes repeated.  (gzip -1 on 270 MB took 1.5 s of CPU a run.)
gzbomb() {
	python3 - "$@" <<'PY'
import struct, sys, zlib
pre = open(sys.argv[1], "rb").read()
n = int(sys.argv[2])
suf = open(sys.argv[3], "rb").read()
chunk = b"x" * (1 << 20)
c = zlib.compressobj(1, zlib.DEFLATED, -15)
out = sys.stdout.buffer
out.write(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff")
out.write(c.compress(pre) + c.flush(zlib.Z_FULL_FLUSH))
crc = zlib.crc32(pre)
block = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
q, r = divmod(n, len(chunk))
for _ in range(q):
    out.write(block)
    crc = zlib.crc32(chunk, crc)
tail = b"x" * r + suf
out.write(c.compress(tail) + c.flush())
crc = zlib.crc32(tail, crc)
out.write(struct.pack("<II", crc, (len(pre) + q * len(chunk) + len(tail)) & 0xffffffff))
PY
}

# A gzip bomb: 900 KB of .gz holding one 200 MB line.  Refused where the
# line passes 64 MiB, in bounded memory: under ulimit -v 400 MB (not under
# AddressSanitizer, which reserves terabytes of address space).
printf "$HDR"'BEGIN_SAMPLE 1\n' >pre
printf '\t5\nEND_SAMPLE 1\n' >suf
gzbomb pre 200000000 suf >bomb.hp.gz
if grep -q __asan_init "$HP2X"; then
	refused "a gzip bomb of one 200 MB line" bomb.hp.gz "line longer than 64 MiB"
else
	(ulimit -v 400000 && refused "a gzip bomb of one 200 MB line (ulimit -v 400 MB)" bomb.hp.gz \
		"line longer than 64 MiB" && echo "$pass $fail" >counts)
	read -r pass fail <counts
fi

# The same bomb in a ticky report: a counter row whose name is 70 MB.
{
	printf "'p' \n    Entries      Alloc    Alloc'd  Non-void Arguments      STG Name\n"
	printf -- '----------------------------------------\n'
	printf '         1          2          3   0                      '
} >pre
printf '\n' >suf
gzbomb pre 70000000 suf >bomb.ticky.gz
if grep -q __asan_init "$HP2X"; then
	refused "a ticky report's 70 MB counter name" bomb.ticky.gz "line longer than 64 MiB"
else
	(ulimit -v 400000 && refused "a ticky report's 70 MB counter name (ulimit -v 400 MB)" \
		bomb.ticky.gz "line longer than 64 MiB" && echo "$pass $fail" >counts)
	read -r pass fail <counts
fi

# Old Mac OS line ends (CR alone) are read as line ends.
printf "$HDR"'BEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na b\t5\nEND_SAMPLE 1\n' | tr '\n' '\r' >mac.hp
accepted "CR-only line ends" mac.hp 0 "0
1 a b=5"

python3 -c '
import sys
w = sys.stdout.write
w("JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n")
w("BEGIN_SAMPLE 1\n")
w("".join("b%d\t%d\n" % (i, i + 1) for i in range(1000000)))
w("END_SAMPLE 1\n")' >million.hp
run_hp2x million.hp out.json
check "a million bands (all kept in data)" "$([ "$rc" -eq 0 ] && { [ "$sanitized" = 1 ] || python3 -c '
import json, sys
d = json.load(open("out.json"))
v = d["samples"][0]["values"]
ok = len(d["bands"]) == 1000000 and len(v) == 1000000 and d["bands"][999999]["name"] == "b999999" and v[999999] == [999999, 1000000]
sys.exit(0 if ok else 1)'; } || echo "exit $rc: $(head -c 200 err)")"
run_hp2x million.hp out.pdf
check "a million bands (graph)" "$([ "$rc" -eq 0 ] && ! grep -v "only one sample" err &&
	{ [ "$sanitized" = 1 ] || qpdf --check out.pdf >/dev/null 2>&1; } || echo "exit $rc: $(head -c 200 err)")"
# --bands all: a key of 30,000 names needs a picture taller than any
# viewer opens (was a PNG refused by cairo; a million ticky counters made
# a PDF page 3.7 million points tall): refused, saying how to cut it.
head -n 30005 million.hp >keys.hp
printf 'END_SAMPLE 1\n' >>keys.hp
rm -f out.png
timeout 60 "$HP2X" --bands=all keys.hp -o out.png 2>err
rc=$?
check "30,000 bands, --bands all, to PNG" "$([ "$rc" -eq 1 ] && [ ! -e out.png ] &&
	grep -v 'only one sample' err | grep -q '^hp2x: out.png: a key of [0-9]* bands needs a picture at least [0-9]* points tall, more than a viewer opens (14400): keep fewer bands (--bands N), filter them (--include, --exclude), or draw to PDF or PostScript, whose key goes on pages of its own$' err ||
	echo "exit $rc: $(head -c 300 err)")"

printf "$HDR"'BEGIN_SAMPLE 1\na\t5\nb\t-5\nEND_SAMPLE 1\n' >negative.hp
refused "negative value" negative.hp "negative value"
printf "$HDR"'BEGIN_SAMPLE 1\na\tfive\nEND_SAMPLE 1\n' >nonnum.hp
refused "non-numeric value" nonnum.hp "integer value must follow band name"
printf "$HDR"'BEGIN_SAMPLE x1\nEND_SAMPLE 1\n' >nonnumtime.hp
refused "non-numeric time" nonnumtime.hp "time must follow BEGIN_SAMPLE"

printf "$HDR"'BEGIN_SAMPLE 2\na\t5\nEND_SAMPLE 2\nBEGIN_SAMPLE 1\na\t6\nEND_SAMPLE 1\n' >backwards.hp
refused "times going backwards" backwards.hp "samples out of sequence \\(1 after 2\\)"
grep -q '^hp2x: backwards.hp:8: ' err || check "backwards: line 8" "$(cat err)"

printf "$HDR"'BEGIN_SAMPLE 1\na\t5\nBEGIN_SAMPLE 2\nEND_SAMPLE 2\n' >nested.hp
refused "nested BEGIN_SAMPLE" nested.hp "BEGIN_SAMPLE inside a sample \\(begun at line 5\\)"

printf "$HDR"'BEGIN_SAMPLE 1\nEND_SAMPLE 1\nEND_SAMPLE 1\n' >endonly.hp
refused "END_SAMPLE without BEGIN_SAMPLE" endonly.hp "END_SAMPLE without BEGIN_SAMPLE"

printf "$HDR"'BEGIN_SAMPLE 1\na\t9223372036854775808\nb\t18446744073709551615\nEND_SAMPLE 1\n' >big.hp
accepted "values from 2^63 to 2^64-1" big.hp 1 "1 a=9223372036854775808 b=18446744073709551615"
printf "$HDR"'BEGIN_SAMPLE 1\na\t18446744073709551616\nEND_SAMPLE 1\n' >over.hp
refused "a value above 2^64-1" over.hp "value greater than 2\\^64-1"
printf "$HDR"'BEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na\t5\nb\t1\na\t7\nEND_SAMPLE 1\n' >twice.hp
accepted "a band listed twice in a sample" twice.hp 0 "0
1 a=12 b=1"
printf "$HDR"'BEGIN_SAMPLE 1\na\t18446744073709551615\na\t1\nEND_SAMPLE 1\n' >sum.hp
refused "one band's sum in a sample above 2^64-1" sum.hp "value of band in one sample passes 2\\^64-1"

printf "$HDR"'BEGIN_SAMPLE 1\na\t5\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\na\t6\nb\t' >cut.hp
accepted "truncated last sample" cut.hp 2 "1 a=5"

# One sample is drawn as a step, all zeros as flat bands: each with a word.
printf "$HDR"'BEGIN_SAMPLE 0.5\na\t500\nb\t300\nEND_SAMPLE 0.5\n' >one.hp
accepted "one sample" one.hp 1 "0.5 a=500 b=300"
grep -q '^hp2x: warning: one.hp: only one sample (at 0.5 s): a graph draws it as a step$' err ||
	check "one sample: the warning" "$(cat err)"
printf "$HDR"'BEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nDRAG\t0\nEND_SAMPLE 1\n' >zeros.hp
accepted "every value 0" zeros.hp 1 "0
1 DRAG=0"
grep -q '^hp2x: warning: zeros.hp: every value is 0: a graph draws its bands flat on the axis$' err ||
	check "every value 0: the warning" "$(cat err)"

# --- eventlogs --------------------------------------------------------------

for c in good types65535 pastend depth255 breakdown badheader heapbegun timebegun \
	tickydefs; do
	python3 "$MKLOG" "$c" "$c.eventlog" || check "mkeventlog $c" "failed"
done
# A profile that began and had no sample: what it lacked, by its kind.
refused "an eventlog whose heap profile has no sample" heapbegun.eventlog \
	"contains no samples: the program ended before its first heap census \\(a smaller \\+RTS -i takes one sooner\\)"
refused "an eventlog whose time profile has no sample" timebegun.eventlog \
	"contains no time samples: the program ended before its first profiling tick"
refused "a ticky eventlog with counter definitions only" tickydefs.eventlog \
	"contains ticky counters but no ticky sample: the program ended before its first one \\(a smaller \\+RTS -i takes one sooner\\)"

accepted "a well-formed eventlog (control)" good.eventlog 0 "1 THUNK=100 ARR_WORDS=50
2 THUNK=300"
accepted "an eventlog declaring 65,535 event types" types65535.eventlog 0 "1 THUNK=100 ARR_WORDS=50
2 THUNK=300"
accepted "an event length running past the end" pastend.eventlog 1 "1 THUNK=100 ARR_WORDS=50
2 THUNK=300"
# The name is longer than samples() prints, so it is checked apart.
accepted "a stack of depth 255" depth255.eventlog 1 "1 <1419 bytes>=4096"
check "depth 255: the whole stack names the band" "$(python3 -c '
import json, sys
d = json.load(open("out.json"))
sys.exit(0 if d["bands"][0]["name"] == "/".join("cc%d" % i for i in range(255)) else 1)' || echo "band name: $(head -c 200 out.json)")"
python3 "$MKLOG" longstack longstack.eventlog || check "mkeventlog longstack" "failed"
accepted "stack names past 16 KiB (two stacks, two bands)" longstack.eventlog 2 "1 <16792 bytes>=5 <16792 bytes>=6"
grep -q "^hp2x: warning: longstack.eventlog: byte [0-9]*: a cost-centre stack's name passes 16 KiB; " err ||
	check "stack names past 16 KiB: the warning" "$(cat err)"
python3 "$MKLOG" oddnames oddnames.eventlog || check "mkeventlog oddnames" "failed"
accepted "band names .hp cannot hold" oddnames.eventlog 1 '1 a\x0ab=1 a b=2  lead=3 =4 a\nb=5'
run_hp2x oddnames.eventlog odd.hp
check "band names .hp cannot hold: escaped, none merged" "$(printf 'a\\nb (2)\t1\na b\t2\n\\x20lead\t3\n""\t4\na\\nb\t5\n' >odd.want
	sed -n '/^BEGIN_SAMPLE 1/,/^END_SAMPLE/p' odd.hp | sed '1d;$d' | cmp - odd.want 2>&1 ||
	true)"
run_hp2x odd.hp odd.json
check "band names .hp cannot hold: five bands read back" "$(python3 -c '
import json, sys
d = json.load(open("odd.json"))
sys.exit(0 if len(d["bands"]) == 5 and len(d["samples"][0]["values"]) == 5 else 1)' || echo "bands: $(head -c 300 odd.json)")"
accepted "an unknown breakdown" breakdown.eventlog 0 "1 THUNK=100 ARR_WORDS=50
2 THUNK=300"
check "an unknown breakdown is kept as a number" \
	"$(grep -q '"breakdown": "by breakdown 99"' out.json || head -c 300 out.json)"
refused "an eventlog whose header is damaged" badheader.eventlog 'expected the event type list \("hetb"\)'
# Run with -l but no -h: the GC's heap-size events are drawn (no sample
# in the JSON), as tests/e2e/heapsize.sh checks in detail.
cp "$SRC/tests/data/plain-l/heapsize-ghc-9.6.6.eventlog" plain.eventlog
accepted "an eventlog without a heap profile, with heap size (plain +RTS -l)" plain.eventlog 0 ""
# A log with neither (GHC 6.12's, no heap events at all) is refused as a
# .hp without samples is, saying what to add; in --watch too.
cp "$SRC/tests/data/ghc-events/testlog.eventlog" noheap.eventlog
noheap='contains no heap profile and no heap size: run the program with \+RTS -h -l \(or -hT, -hc, \.\.\. with -l\) for a heap profile, or with \+RTS -l for its heap size over time'
refused "an eventlog with neither heap samples nor heap size" noheap.eventlog "$noheap"
watch_refused() {
	local name=$1 in=$2 want=$3 why=
	shift 3
	rm -f out.pdf err
	timeout 60 "$HP2X" --watch "$@" "$in" -o out.pdf 2>err
	rc=$?
	if [ "$rc" -ne 1 ]; then
		why="exit $rc, wanted 1: $(head -c 300 err)"
	elif ! grep -Eq "^hp2x: $in: $want\$" err || [ "$(wc -l <err)" -ne 1 ]; then
		why="message: $(head -c 300 err)"
	elif [ -e out.pdf ]; then
		why="out.pdf written"
	fi
	check "$name (--watch)" "$why"
}
watch_refused "an eventlog with neither heap samples nor heap size" noheap.eventlog "$noheap"
watch_refused "only a header" header.hp "contains no samples: .*" --idle-exit 0.5

# --- gzip -------------------------------------------------------------------

printf "$HDR"'BEGIN_SAMPLE 1\na\t5\nEND_SAMPLE 1\n' >plain.hp.gz
accepted ".gz that is not gzip (read by content)" plain.hp.gz 1 "1 a=5"
printf '\037\213\010\000\000\000\000\000\000\003not deflate data at all' >corrupt.hp.gz
refused ".gz with gzip magic but corrupt data" corrupt.hp.gz "corrupt gzip data \\(.*\\)"
python3 -c '
import gzip, sys
lines = ["JOB \"j\"", "DATE \"d\"", "SAMPLE_UNIT \"seconds\"", "VALUE_UNIT \"bytes\""]
for s in range(1, 2001):
    lines += ["BEGIN_SAMPLE %d" % s] + ["band%d\t%d" % (b, s * 1000 + b) for b in range(1, 6)] + ["END_SAMPLE %d" % s]
sys.stdout.buffer.write(gzip.compress(("\n".join(lines) + "\n").encode(), 9, mtime=0))' >whole.hp.gz
head -c "$(($(stat -c %s whole.hp.gz) / 2))" whole.hp.gz >trunc.hp.gz
python3 -c '
import zlib
d = zlib.decompressobj(31).decompress(open("trunc.hp.gz", "rb").read()).decode()
out, cur = [], None
for line in d.split("\n")[:-1]:
    w = line.split()
    if w[0] == "BEGIN_SAMPLE":
        cur = [w[1]]
    elif w[0] == "END_SAMPLE":
        out.append(" ".join(cur))
    elif cur is not None and w[0].startswith("band"):
        cur.append("%s=%s" % (w[0], w[1]))
print("\n".join(out))' >trunc.want
[ "$(wc -l <trunc.want)" -gt 100 ] || check "truncated .gz: test data" "only $(wc -l <trunc.want) samples"
accepted "a truncated .gz" trunc.hp.gz 1 @trunc.want

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
