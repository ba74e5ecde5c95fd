#!/usr/bin/env bash
# tests/e2e/long_run.sh - watch mode in bounded memory however long the
# run (--keep, hp_model_compact): a generated .hp stream of 30 bands fed
# as fast as it goes into `hp2x -w -`.
#
#  memory_flat: the peak RSS of a stream four times as long is about
#    that of the short one (a ratio, not a figure: the machine and the
#    sanitizers move both alike); every census kept, it grows with the
#    stream (2.2 times at main before --keep).
#  summary_exact: --summary=json of a streamed run, its old censuses
#    long gone into the summary, is byte for byte the one-shot read's of
#    the same file (its name aside): a generated stream, GHC's own .hp
#    and eventlog of samples/ (with --keep=16), and a window
#    (--keep=TIME).
#  status_peak: the status line's peak of a run compacted as it was
#    read is the run's own, a spike long gone into the summary.
#  appended: the .hp and CSV of a streamed run grow by what came, the
#    same file throughout (its inode: not replaced at each drawing, as
#    at main), each look at them a prefix of the one-shot's output that
#    ends at a whole sample (three looks at least: the stream pauses at a
#    quarter, a half and three quarters); at the end they are the
#    one-shot's, byte for byte: every census, though the model kept 100.
#  appended_marks: a stream with marks (MARK lines between samples, as
#    GHC writes them) appended to a .hp as it comes: each later write
#    puts its marks between samples, and the file is one that GHC's
#    hp2ps reads (exit 0, nothing said) and draws every mark of (its
#    PostScript has one more mark than without each MARK line), and
#    that hp2x reads back to the one-shot's .hp of the stream, marks
#    and censuses.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
export LC_ALL=C
LIMIT=60
. "$SRC/tests/e2e/lib.bash"
e2e_init long_run

# gen N: a .hp of N censuses, 0.1 s apart, of 30 bands that rise,
# saw and come and go (bodies from a cycle, so it is made in no time).
gen() {
	/usr/bin/python3 - "$1" <<'PY'
import sys
n = int(sys.argv[1])
out = ['JOB "long"\nDATE "Thu Jan  1 00:00 1970"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n']
bodies = []
for c in range(97):
    bodies.append(''.join('band_%02d\t%d\n' % (b, 8 * (1000 + 100 * b + (c * (b + 1)) % 97 * 50))
                          for b in range(30) if (b + c) % 11 != 0))
rise = ''
for i in range(n):
    t = '%.1f' % (i / 10)
    out.append('BEGIN_SAMPLE %s\n%sleak\t%d\nEND_SAMPLE %s\n' % (t, bodies[i % 97], 8 * i, t))
sys.stdout.write(''.join(out))
PY
}

# peak N: the peak RSS (KiB) of `hp2x -w -` reading gen N's stream.
peak() {
	/usr/bin/python3 - "$HP2X" "s$1.hp" <<'PY'
import resource, subprocess, sys
with open(sys.argv[2], 'rb') as f:
    r = subprocess.run([sys.argv[1], '-q', '-w', '-', '--keep=500', '-o', 'x.pdf'], stdin=f)
if r.returncode:
    sys.exit('hp2x -w - exited %d' % r.returncode)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
}

t_memory_flat() {
	local a b
	gen 16000 >s16000.hp && gen 64000 >s64000.hp || bad "gen failed"
	a=$(peak 16000) || bad "the short stream: $a"
	b=$(peak 64000) || bad "the long stream: $b"
	py 'import sys
a, b = int(sys.argv[1]), int(sys.argv[2])
print("ok" if b <= 1.25 * a else "peak RSS %d KiB for 16,000 censuses, %d KiB for 64,000: grows" % (a, b))' "$a" "$b"
}

# same_summary FILE KEEP: --summary=json of FILE streamed with --keep
# equals the one-shot's.
same_summary() {
	"$HP2X" -q -w - --keep="$2" --summary=json -o x.csv <"$1" >streamed.json ||
		bad "$1 streamed: exit $?"
	"$HP2X" -q --summary=json "$1" >once.json || bad "$1 once: exit $?"
	sed -i "s|^{\"file\": \"[^\"]*\"|{\"file\": \"F\"|" streamed.json once.json
	cmp -s streamed.json once.json ||
		bad "$1 --keep=$2: streamed summary differs: $(diff streamed.json once.json | head -5)"
	grep -q '"band"' once.json || bad "$1: no bands in the summary"
}

t_summary_exact() {
	gen 30000 >s.hp || bad "gen failed"
	same_summary s.hp 1000
	same_summary s.hp 30s
	same_summary "$SRC/samples/leak-hT.hp" 16
	same_summary "$SRC/samples/leak-hT.eventlog" 16
	same_summary "$SRC/samples/leak-hc.hp" 16
}

t_status_peak() {
	gen 3000 | awk '/^END_SAMPLE 100.0$/ { print "spike\t800000000" } { print }' >s.hp
	"$HP2X" -w - --keep=16 -o x.csv <s.hp 2>err || bad "exit $?"
	grep -q 'peak 801 MB at 100 s' err || bad "the status line's peak: $(tail -n 1 err)"
}

# snap: out.hp and out.csv now, checked against the one-shot's.
snap() {
	local ino
	ino=$(stat -c %i out.hp 2>/dev/null) || return 0
	[ -z "$first_ino" ] && first_ino=$ino
	[ "$ino" = "$first_ino" ] || bad "out.hp replaced (inode $first_ino, then $ino)"
	# a look while a write is under way is no look: Linux lets a read
	# overlap a write(2) and see part of it (a page at a time), so the
	# copy counts only when the file did not grow while it was made
	local before
	before=$(stat -c %s out.hp out.csv 2>/dev/null | tr '\n' ' ') || return 0
	cp out.hp snap.hp && cp out.csv snap.csv || return 0
	[ "$(stat -c %s out.hp out.csv 2>/dev/null | tr '\n' ' ')" = "$before" ] || return 0
	[ -s snap.hp ] && [ -s snap.csv ] || return 0
	cmp -s snap.hp <(head -c "$(stat -c %s snap.hp)" want.hp) ||
		bad "out.hp is no prefix of the one-shot's"
	cmp -s snap.csv <(head -c "$(stat -c %s snap.csv)" want.csv) ||
		bad "out.csv is no prefix of the one-shot's"
	[ "$(tail -n 1 snap.hp | cut -d' ' -f1)" = END_SAMPLE ] ||
		bad "out.hp ends inside a sample: $(tail -n 1 snap.hp)"
	[ "$(tail -c 1 snap.csv | od -An -c | tr -d ' ')" = '\n' ] ||
		bad "out.csv ends inside a row"
	looks=$((looks + 1))
}

# looked: a look at out.hp and out.csv while the stream is paused at a
# pause of replay's (nothing new comes, so the outputs settle after the
# next drawing): each pause gives one look, however slow the machine
# (or a failure, said once).
looked() {
	local n=$looks
	snap
	[ "$looks" -gt "$n" ] || [ "$failed" = 1 ]
}

t_appended() {
	local pid size k
	gen 3000 >s.hp || bad "gen failed"
	"$HP2X" -q s.hp -o want.hp -o want.csv || bad "one-shot: exit $?"
	size=$(stat -c %s s.hp)
	mkdir sync
	python3 "$SRC/tests/replay" s.hp --chunks 4093 --pace 0.005 --sync sync \
		--pause-at "$((size / 4)),$((size / 2)),$((size * 3 / 4))" |
		"$HP2X" -q -w - --keep=100 --interval 0.05 -o out.hp -o out.csv &
	pid=$!
	pids+=("$pid")
	first_ino= looks=0
	for k in 0 1 2; do
		until_true test -e "sync/at.$k" || { bad "replay did not reach pause $k"; break; }
		# the drawing of what came before the pause, then a look
		until_true looked || bad "no steady look at pause $k"
		touch "sync/go.$k"
		[ "$failed" = 0 ] || break
	done
	touch sync/go.0 sync/go.1 sync/go.2 # (after a failure: no replayer left waiting)
	while pid_alive "$pid" && [ "$failed" = 0 ]; do
		snap
	done
	wait "$pid" || bad "hp2x -w: exit $?"
	snap
	[ "$looks" -ge 3 ] || bad "only $looks looks at the outputs while they grew"
	cmp -s out.hp want.hp || bad "out.hp is not the one-shot's"
	cmp -s out.csv want.csv || bad "out.csv is not the one-shot's"
}

t_appended_marks() {
	local n
	py 'import sys
w = sys.stdout.write
w("JOB \"marks\"\nDATE \"now\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n")
for k in range(1500):
    t = k / 10
    if k % 97 == 50:
        w("MARK %.2f\n" % (t - 0.05))
    w("BEGIN_SAMPLE %.1f\nband_a\t%d\nband_b\t%d\nEND_SAMPLE %.1f\n" % (t, 1000 + 8 * k, 2000 + 8 * (k % 50), t))' >s.hp ||
		bad "gen failed"
	"$HP2X" -q s.hp -o want.hp || bad "one-shot: exit $?"
	python3 "$SRC/tests/replay" s.hp --chunks 4093 --pace 0.01 |
		"$HP2X" -q -w - --keep=100 --interval 0.05 -o out.hp ||
		bad "hp2x -w: exit $?"
	n=$(grep -c '^MARK' s.hp)
	[ "$(grep -c '^MARK' out.hp)" = "$n" ] || bad "out.hp has $(grep -c '^MARK' out.hp) marks, the stream $n"
	# the premise: a later write's marks come after samples
	awk '/^END_SAMPLE/ { s = 1 } /^MARK/ && s { found = 1 } END { exit !found }' out.hp ||
		bad "no MARK line after a sample in out.hp: nothing appended between samples"
	grep -v '^MARK' out.hp >nomark.hp
	/usr/bin/hp2ps out.hp >hp2ps.txt 2>&1 || bad "hp2ps out.hp: exit $?: $(head -n 2 hp2ps.txt)"
	[ -s hp2ps.txt ] && bad "hp2ps out.hp said: $(head -n 2 hp2ps.txt)"
	/usr/bin/hp2ps nomark.hp || bad "hp2ps nomark.hp: exit $?"
	local a b
	a=$(grep -c 'rlineto' out.ps) b=$(grep -c 'rlineto' nomark.ps)
	# a mark is two rlinetos (hp2ps's Marks.c: a small triangle)
	[ $((a - b)) = $((2 * n)) ] || bad "hp2ps drew $(((a - b) / 2)) of the $n marks"
	"$HP2X" -q out.hp -o back.hp || bad "hp2x out.hp: exit $?"
	cmp -s back.hp want.hp || bad "out.hp read back is not the one-shot's: $(diff back.hp want.hp | head -3)"
}

run memory_flat t_memory_flat
run summary_exact t_summary_exact
run status_peak t_status_peak
run appended t_appended
run appended_marks t_appended_marks

e2e_done
