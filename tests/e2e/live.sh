#!/usr/bin/env bash
# tests/e2e/live.sh - hp2x --watch on streams: a pipe (--watch -), a FIFO,
# and a Unix-domain socket (unix:PATH, served as eventlog-socket does),
# and the launcher's eventlog path.
#
# Real eventlogs (tests/data/live/leak-gc.eventlog, with GC events among
# its samples, and samples/leak-hT.eventlog) are sent by tests/replay in
# odd-sized chunks, pausing at byte offsets that fall inside events (each
# checked: a one-shot hp2x of that prefix says "cut short inside an
# event").  At every pause the JSON output must become exactly what a
# one-shot hp2x makes of the bytes sent so far; at the end, exactly the
# one-shot conversion of the whole file, exit 0.  Then: a stream cut
# inside an event keeps its complete samples and says so once (exit 0); a
# socket that drops its connection keeps the graph, says so once, exits
# 3; --reconnect waits and draws the next connection's stream; a socket
# that appears late is waited for, one that never appears fails after
# --idle-exit; SIGINT ends a stream that is still open with exit 0 and
# the samples that came; redrawing happens at most once per --interval.
# The launcher: a stand-in GHC program (tests/standin-ghc) that says it
# is GHC 9.6 is run with -l-agu -ol<fifo> --eventlog-flush-interval and
# its replayed eventlog drawn live (pauses checked too), the FIFO removed
# afterwards; one that says 9.0.2 takes the .hp path.  A program that
# restarts its eventlog is read to its exit; the probe dies with hp2x;
# SIGHUP, SIGPIPE and SIGTERM all remove the FIFO; --reconnect
# gives up after --idle-exit with one message and exit 3.
#
# Nothing sleeps and hopes: every check polls for its condition.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
export LC_ALL=C
unset GHCRTS
LIMIT=60

GC=$SRC/tests/data/live/leak-gc.eventlog
EL=$SRC/samples/leak-hT.eventlog
HP=$SRC/samples/leak-hT.hp
REPLAY=$SRC/tests/replay
STANDIN=$SRC/tests/standin-ghc

. "$SRC/tests/e2e/lib.bash"
e2e_init live
export TMPDIR=$top

gone() { ! kill -0 "$1" 2>/dev/null; }
# Messages other than the status line (written off a terminal at most
# every 10 s).
STATUS_RE='^hp2x: .*: [0-9]+ samples?, [0-9]+ bands?, peak .*, drawn [0-9:]+(; .*)?$'
others() { grep -v -E "$STATUS_RE" "$1"; }
quiet_but_status() { ! others "$1" >/dev/null; }
exists() { [ -e "$1" ]; }

# oneshot FILE BYTES: the JSON hp2x makes of the first BYTES of FILE
oneshot() { head -c "$2" "$1" | "$HP2X" -q --format=json -o - 2>/dev/null; }
same_as() { cmp -s "$3" <(oneshot "$1" "$2"); }
# Polled (every 0.05 s) against the one-shot JSON made once, in want.json:
# a hp2x run a poll cost most of this script's CPU in the sanitizer build.
same_json() { cmp -s want.json "$1"; }
samples_of() { python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["samples"]))' "$1" 2>/dev/null || echo 0; }

# Offsets inside events, spread over the part of the file that holds
# heap samples: GHC 9.0.2 keeps them in its buffer until it is full or
# the program exits, so leak-gc.eventlog has them in its last 15 %.
from_pct() { case $1 in "$GC") echo 86 ;; *) echo 10 ;; esac; }
pauses_for() {
	local size from
	size=$(stat -c %s "$1")
	from=$(from_pct "$1")
	echo "$((size * from / 100 + 3)),$((size * (from + 3) / 100 + 11)),$((size * (from + 8) / 100 + 1)),$((size * 98 / 100 + 7))"
}
# An offset inside the samples, past a fraction N of them.
cut_at() {
	local size from
	size=$(stat -c %s "$1")
	from=$(from_pct "$1")
	echo $((size * (from + (100 - from) * $2 / 100) / 100 + 5))
}

# check_pauses FILE SYNCDIR OUT PAUSES: at each pause of the replayer,
# OUT must come to equal the one-shot conversion of the bytes sent.
check_pauses() {
	local file=$1 sync=$2 out=$3 i=0 at off
	IFS=, read -ra at <<<"$4"
	for off in "${at[@]}"; do
		until_true exists "$sync/at.$i" || { bad "replayer never reached pause $i"; return 1; }
		[ "$(cat "$sync/at.$i")" -eq "$off" ] || bad "pause $i at $(cat "$sync/at.$i"), want $off"
		head -c "$off" "$file" | "$HP2X" --format=json -o /dev/null - 2>&1 |
			grep -q "cut short inside an event" || bad "offset $off is not inside an event"
		oneshot "$file" "$off" >want.json
		[ "$(samples_of want.json)" -gt 0 ] ||
			bad "no sample before offset $off: a weak check"
		until_true same_json "$out" ||
			bad "after $off bytes: the output is not exactly the samples of the prefix"
		touch "$sync/go.$i"
		i=$((i + 1))
	done
}

# finish PID WANT: wait for PID to exit by itself with status WANT
finish() {
	local rc
	until_true gone "$1" || { bad "hp2x did not end"; kill -KILL "$1"; }
	wait "$1"
	rc=$?
	[ $rc -eq "$2" ] || bad "exit $rc, want $2"
}

t_pipe() {
	local p pid size
	p=$(pauses_for "$GC")
	size=$(stat -c %s "$GC")
	mkdir sync
	python3 "$REPLAY" "$GC" --chunks 1,7,113,509,2,1021,61 --pace 0.001 \
		--sync sync --pause-at "$p" |
		"$HP2X" --watch - --interval 0.1 -o out.json 2>err &
	pid=$!
	pids+=("$pid")
	check_pauses "$GC" sync out.json "$p"
	finish "$pid" 0
	same_as "$GC" "$size" out.json || bad "final output is not the one-shot conversion"
	quiet_but_status err || bad "messages: $(others err | head -3)"
}

t_fifo() {
	local p pid size
	p=$(pauses_for "$GC")
	size=$(stat -c %s "$GC")
	mkdir sync
	mkfifo f
	# hp2x first: the FIFO has no writer yet, which is not its end.
	"$HP2X" --watch f --interval 0.1 -o out.json 2>err &
	pid=$!
	pids+=("$pid")
	python3 "$REPLAY" "$GC" --to fifo:f --chunks 3,1021,17,4093 --pace 0.001 \
		--late 0.5 --sync sync --pause-at "$p" &
	pids+=($!)
	check_pauses "$GC" sync out.json "$p"
	finish "$pid" 0
	same_as "$GC" "$size" out.json || bad "final output is not the one-shot conversion"
	quiet_but_status err || bad "messages: $(others err | head -3)"
}

t_socket_late() {
	local p pid size
	p=$(pauses_for "$EL")
	size=$(stat -c %s "$EL")
	mkdir sync
	"$HP2X" --watch "unix:$PWD/el.sock" --interval 0.1 -o out.json 2>err &
	pid=$!
	pids+=("$pid")
	python3 "$REPLAY" "$EL" --to "unix:$PWD/el.sock" --late 1.5 \
		--chunks 5,331,2039,1 --pace 0.001 --sync sync --pause-at "$p" &
	pids+=($!)
	check_pauses "$EL" sync out.json "$p"
	finish "$pid" 0
	same_as "$EL" "$size" out.json || bad "final output is not the one-shot conversion"
	[ "$(grep -c 'waiting for the socket' err)" -eq 1 ] || bad "want one 'waiting' note: $(cat err)"
	[ "$(others err | wc -l)" -eq 1 ] || bad "messages: $(cat err)"
}

t_pipe_cut() {
	local pid cut
	cut=$(cut_at "$GC" 50)
	python3 "$REPLAY" "$GC" --stop-at "$cut" --chunks 4093,7 |
		"$HP2X" --watch - --interval 0.1 -o out.json 2>err &
	pid=$!
	pids+=("$pid")
	finish "$pid" 0
	same_as "$GC" "$cut" out.json || bad "output is not the complete samples of the prefix"
	[ "$(samples_of out.json)" -gt 5 ] || bad "only $(samples_of out.json) samples"
	[ "$(grep -c 'cut short inside an event' err)" -eq 1 ] || bad "want the cut said once: $(cat err)"
}

t_socket_dropped() {
	local pid cut
	cut=$(cut_at "$GC" 50)
	"$HP2X" --watch "unix:$PWD/s.sock" --interval 0.1 -o out.json 2>err &
	pid=$!
	pids+=("$pid")
	python3 "$REPLAY" "$GC" --to "unix:$PWD/s.sock" --stop-at "$cut" --drop \
		--chunks 4093,7 &
	pids+=($!)
	finish "$pid" 3
	same_as "$GC" "$cut" out.json || bad "output is not the complete samples that came"
	[ "$(grep -c 'connection dropped' err)" -eq 1 ] || bad "want the drop said once: $(cat err)"
}

t_socket_reconnect() {
	local pid cut size
	cut=$(cut_at "$GC" 50)
	size=$(stat -c %s "$EL")
	"$HP2X" --watch "unix:$PWD/s.sock" --reconnect --interval 0.1 -o out.json 2>err &
	pid=$!
	pids+=("$pid")
	python3 "$REPLAY" "$GC" --to "unix:$PWD/s.sock" --stop-at "$cut" --drop \
		--chunks 4093,7
	until_true grep -q 'waiting to reconnect' err || bad "no reconnect note: $(cat err)"
	same_as "$GC" "$cut" out.json || bad "the first stream's graph is not kept"
	python3 "$REPLAY" "$EL" --to "unix:$PWD/s.sock" --late 0.5 --chunks 4093,7 &
	pids+=($!)
	finish "$pid" 0
	same_as "$EL" "$size" out.json || bad "the second stream is not drawn whole"
	[ "$(grep -c 'connection dropped' err)" -eq 1 ] || bad "want the drop said once: $(cat err)"
}

t_socket_never() {
	local pid
	"$HP2X" --watch "unix:$PWD/none.sock" --idle-exit 1 -o out.json 2>err &
	pid=$!
	pids+=("$pid")
	finish "$pid" 1
	grep -q "no eventlog socket at $PWD/none.sock after 1 s" err || bad "$(cat err)"
	[ ! -e out.json ] || bad "an output without a stream"
}

t_sigint_open_stream() {
	local pid cut rc
	cut=$(cut_at "$GC" 40)
	mkdir hold
	# Not a pipeline: bash's wait on its last process would wait for the
	# replayer too, which holds the stream open.
	"$HP2X" --watch - --interval 0.1 -o out.json 2>err \
		< <(exec python3 "$REPLAY" "$GC" --stop-at "$cut" --chunks 1021 --hold hold) &
	pid=$!
	pids+=("$pid")
	oneshot "$GC" "$cut" >want.json
	until_true same_json out.json || bad "not drawn before SIGINT"
	kill -INT "$pid"
	until_true gone "$pid" || bad "SIGINT ignored"
	wait "$pid"
	rc=$?
	touch hold/release
	[ $rc -eq 0 ] || bad "SIGINT: exit $rc, want 0"
	same_as "$GC" "$cut" out.json || bad "output after SIGINT is not the samples that came"
	ls out.json.* >/dev/null 2>&1 && bad "temporary files left: $(ls)"
}

# At most one drawing per --interval: every drawing is a rename, a new
# inode; a watcher that samples the inode cannot see more than there were.
t_interval() {
	local pid n
	python3 "$REPLAY" "$EL" --chunks 509 --pace 0.02 |
		"$HP2X" --watch - --interval 1 -o out.json 2>err &
	pid=$!
	pids+=("$pid")
	local start=$SECONDS
	: >inodes
	while kill -0 "$pid" 2>/dev/null; do
		stat -c %i out.json >>inodes 2>/dev/null
		sleep 0.02
	done
	wait "$pid" || bad "exit $?"
	n=$(sort -u inodes | wc -l)
	# About 3 s of stream: at most one drawing a second, plus the last.
	[ "$n" -ge 2 ] || bad "only $n drawings seen"
	[ "$n" -le $((SECONDS - start + 2)) ] || bad "$n drawings in $((SECONDS - start)) s"
}

# A long profile makes each drawing slow (a PNG of 100,000 samples: about
# 0.15 s); with a tiny --interval the drawings are then spaced to four
# times their cost, so watching stays well under a core.  100,000 samples
# are sent at once, 10,000 more over a few seconds; the CPU hp2x uses in
# that time is measured (drawing at every new chunk would take it all).
# Every census is kept (--keep), so the last drawing is the one-shot's.
# idle_pid PID: PID used no CPU tick in half a second
idle_pid() { local a; a=$(cpu_ticks "$1"); sleep 0.5; [ "$(cpu_ticks "$1")" = "$a" ]; }
cpu_ticks() { local s; s=$(cat /proc/"$1"/stat) || return 1; s=${s##*) }; set -- $s; echo $(( ${12} + ${13} )); }
t_slow_drawings_spaced() {
	local pid t0 t1 w0 w1 ratio
	python3 -c '
import sys
w = sys.stdout.write
w("JOB \"long\"\nDATE \"\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n")
for i in range(110000):
    w("BEGIN_SAMPLE %d.0\n" % i)
    for b in range(8):
        w("band%d\t%d\n" % (b, 1000 + (i * (b + 7)) % 5000))
    w("END_SAMPLE %d.0\n" % i)
' >long.hp
	split -b "$(( $(stat -c %s long.hp) * 10 / 11 ))" long.hp part.
	mkdir hold
	{ cat part.aa; while [ ! -e hold/go ]; do sleep 0.05; done
	  exec python3 "$REPLAY" part.ab --chunks 8000 --pace 0.02 --hold hold; } |
		"$HP2X" --watch - --keep=200000 --interval 0.01 -o out.png 2>err &
	pid=$!
	pids+=("$pid")
	"$HP2X" -q long.hp -o want.png || bad "one-shot: exit $?"
	until_true exists out.png || bad "no first drawing"
	until_true idle_pid "$pid" || bad "hp2x never idle"
	t0=$(cpu_ticks "$pid") w0=$(date +%s%N)
	touch hold/go
	until_true cmp -s out.png want.png || bad "the last samples are not drawn"
	t1=$(cpu_ticks "$pid") w1=$(date +%s%N)
	touch hold/release
	ratio=$(( (t1 - t0) * 1000000000 / $(getconf CLK_TCK) * 100 / (w1 - w0) ))
	# By construction at most a fifth, plus the reading; without the
	# spacing, 55 % on a loaded two-core machine and all of a core idle.
	[ "$ratio" -lt 35 ] || bad "watching used $ratio % of a core while samples came"
	echo "  (slow drawings: $ratio % of a core over $(( (w1 - w0) / 1000000 )) ms)" >&2
}

t_hp_text_stream() {
	python3 "$REPLAY" "$HP" --chunks 7,113,509 | "$HP2X" --watch - -o out.json 2>err ||
		bad "exit $?"
	same_as "$HP" "$(stat -c %s "$HP")" out.json || bad ".hp text over a pipe differs"
}

# On a terminal, the status line says what the stream says of the
# program now: heap size, live bytes, bytes allocated, the newest
# sample's total and top band, the newest mark.
t_status_line() {
	local n top last
	read -r n top < <("$HP2X" -q "$GC" --format=json -o - | python3 -c '
import json, sys
d = json.load(sys.stdin)
v = d["samples"][-1]["values"]
b = max(v, key=lambda p: p[1])[0]
print(len(d["samples"]), d["bands"][b]["name"])')
	script -qec "python3 $REPLAY $GC --chunks 4093,509 --pace 0.002 | $HP2X --watch - --interval 0.2 -o out.json" \
		/dev/null >tty.txt </dev/null || bad "under script: exit $?"
	last=$(tr '\r' '\n' <tty.txt | grep 'samples,' | tail -1)
	echo "$last" | grep -q -E "^hp2x: -: $n samples?, [0-9]+ bands?, peak .*, drawn [0-9:]+; heap [0-9.]+ [kMG]?B, live [0-9.]+ [kMG]?B, allocated [0-9.]+ [kMG]?B; now [0-9.]+ [kMG]?B, top .+ [0-9.]+ [kMG]?B; mark 'phase 8: done'" ||
		bad "last status: $last"
	echo "$last" | grep -qF ", top $top " || bad "top band: want $top in: $last"
	[ "$(tr -cd '\r' <tty.txt | wc -c)" -ge 2 ] || bad "the line is not rewritten: $(cat -A tty.txt | head -3)"
}

t_launch_eventlog() {
	local p pid size
	p=$(pauses_for "$GC")
	size=$(stat -c %s "$GC")
	mkdir sync
	STANDIN_GHC=9.6.6 STANDIN_ARGS=$PWD/args STANDIN_EVENTLOG=$GC STANDIN_EXIT=5 \
	STANDIN_REPLAY="--sync $PWD/sync --pause-at $p" STANDIN_PACE=0.001 \
		"$HP2X" --watch -o out.json --interval 0.1 -- "$STANDIN" a b 2>err &
	pid=$!
	pids+=("$pid")
	check_pauses "$GC" sync out.json "$p"
	finish "$pid" 5
	same_as "$GC" "$size" out.json || bad "final output is not the one-shot conversion"
	grep -qx -- '-l-agu' args || bad "no -l-agu: $(cat args)"
	grep -qx -- '--eventlog-flush-interval=0.1' args || bad "no flush interval: $(cat args)"
	grep -q -- '^-ol.*/standin-ghc.eventlog$' args || bad "no -ol: $(cat args)"
	[ "$(tail -2 args | tr '\n' ' ')" = "a b " ] || bad "program arguments: $(cat args)"
	[ -z "$(ls "$top" | grep '^hp2x-')" ] || bad "FIFO directory left: $(ls "$top")"
	quiet_but_status err || bad "messages: $(others err | head -3)"
}

# A program that never writes to the FIFO (it failed first): its status,
# one message, no hang, no FIFO left.
t_launch_no_eventlog() {
	local rc
	STANDIN_GHC=9.6.6 STANDIN_EVENTLOG=$PWD/missing.eventlog \
		"$HP2X" --watch -o out.json -- "$STANDIN" 2>err
	rc=$?
	[ $rc -eq 1 ] || bad "exit $rc, want the program's 1"
	grep -q "standin-ghc wrote no eventlog" err || bad "messages: $(cat err)"
	[ ! -e out.json ] || bad "an output without a profile"
	[ -z "$(ls "$top" | grep '^hp2x-')" ] || bad "FIFO directory left: $(ls "$top")"
}

t_launch_hp_path() {
	STANDIN_GHC=9.0.2 STANDIN_ARGS=$PWD/args STANDIN_HP=$HP STANDIN_PACE=0.001 \
		"$HP2X" --watch -o out.json --interval 0.1 -- "$STANDIN" a 2>err ||
		bad "exit $?"
	same_as "$HP" "$(stat -c %s "$HP")" out.json || bad "output is not the one-shot conversion of the .hp"
	[ "$(sed -n 2,5p args | tr '\n' ' ')" = "+RTS -hT -i0.5 -RTS " ] || bad "args: $(cat args)"
	grep -q -- '-ol' args && bad "the .hp path was given -ol: $(cat args)"
	# The user's own eventlog options keep the .hp path too.
	STANDIN_GHC=9.6.6 STANDIN_ARGS=$PWD/args STANDIN_HP=$HP STANDIN_PACE=0.001 \
		"$HP2X" --watch -o out2.json -- "$STANDIN" +RTS -hT -l -RTS 2>err ||
		bad "exit $?"
	grep -q -- '-ol' args && bad "-ol added to the user's -l: $(cat args)"
	cmp -s out.json out2.json || bad "-l: not the .hp's graph"
}

# --reconnect with --idle-exit: one rule.  A connection that drops and
# does not come back within --idle-exit seconds ends the run with one
# message and exit 3, whatever --interval; a connection that closes at
# once (nothing sent) is a drop too, with no "empty file".
t_reconnect_gives_up() {
	local pid cut iv
	cut=$(cut_at "$GC" 50)
	for iv in 0.1 0.3 1; do
		rm -f out.json
		# the socket first: the wait measured is the reconnection's
		python3 "$REPLAY" "$GC" --to "unix:$PWD/s.sock" --stop-at "$cut" \
			--drop --chunks 4093,7 &
		pids+=($!)
		until_true exists s.sock || { bad "no socket"; return; }
		"$HP2X" --watch "unix:$PWD/s.sock" --reconnect --idle-exit 1 \
			--interval "$iv" -o out.json 2>err &
		pid=$!
		pids+=("$pid")
		finish "$pid" 3
		[ "$(grep -c 'did not come back within 1 s' err)" -eq 1 ] ||
			bad "--interval $iv: want one 'did not come back': $(cat err)"
		same_as "$GC" "$cut" out.json || bad "--interval $iv: the graph is not what came"
	done
	python3 "$REPLAY" "$GC" --to "unix:$PWD/s.sock" --stop-at "$cut" --drop \
		--chunks 4093,7 &
	pids+=($!)
	until_true exists s.sock || { bad "no socket"; return; }
	"$HP2X" --watch "unix:$PWD/s.sock" --reconnect --idle-exit 3 --interval 0.1 \
		-o out.json 2>err &
	pid=$!
	pids+=("$pid")
	until_true grep -q 'waiting to reconnect' err || bad "no reconnect note: $(cat err)"
	python3 "$REPLAY" "$GC" --to "unix:$PWD/s.sock" --stop-at 0
	finish "$pid" 3
	grep -q 'empty' err && bad "an empty connection said: $(cat err)"
	[ "$(grep -c 'did not come back' err)" -eq 1 ] || bad "want one 'did not come back': $(cat err)"
	same_as "$GC" "$cut" out.json || bad "the graph is not the first connection's"
}

# A program that ends and restarts its eventlog (endEventLogging,
# startEventLogging: GHC >= 9.2 opens the -ol path again and writes a
# whole eventlog) is read across the reopenings until it exits: no
# deadlock on the full FIFO, and the graph holds every log's samples, as
# the one-shot conversion of the logs one after the other has them.
t_launch_restarts() {
	local pid
	cat "$GC" "$GC" "$GC" >all.eventlog
	STANDIN_GHC=9.6.6 STANDIN_EVENTLOG=$GC STANDIN_RESTARTS=2 STANDIN_EXIT=5 \
	STANDIN_PACE=0.001 \
		"$HP2X" --watch -o out.json --interval 0.1 -- "$STANDIN" 2>err &
	pid=$!
	pids+=("$pid")
	finish "$pid" 5
	same_as all.eventlog "$(stat -c %s all.eventlog)" out.json ||
		bad "not the samples of the three logs: $(samples_of out.json) samples"
	[ -z "$(ls "$top" | grep '^hp2x-')" ] || bad "FIFO directory left: $(ls "$top")"
}

# The bytes a GHC program writes into the FIFO when it restarts its
# eventlog (tests/data/restart: DATA_END, then the block marker that
# wraps the new header) are no damage: no warning, and the
# graph holds both logs' samples, as the one-shot conversion has them.
t_launch_restart_bytes() {
	local pid rs=$SRC/tests/data/restart/ghc90-restart.eventlog
	STANDIN_GHC=9.6.6 STANDIN_EVENTLOG=$rs STANDIN_PACE=0.001 \
		"$HP2X" --watch -o out.json --interval 0.1 -- "$STANDIN" 2>err &
	pid=$!
	pids+=("$pid")
	finish "$pid" 0
	grep -q 'warning' err && bad "warned: $(grep warning err)"
	same_as "$rs" "$(stat -c %s "$rs")" out.json ||
		bad "not the samples of both logs: $(samples_of out.json) samples"
	[ "$(samples_of out.json)" -gt 2 ] || bad "$(samples_of out.json) samples"
}

# The probe (`PROG +RTS --info -RTS`) dies with hp2x, whatever ends it.
t_probe_dies_with_hp2x() {
	local pid probe sig sigs="KILL TERM"
	# The portable build has no parent-death signal (live/tether.h):
	# what hp2x can catch ends the probe, through its process group.
	! is_portable || sigs="HUP TERM"
	for sig in $sigs; do
		STANDIN_INFO_HANG=1 "$HP2X" --watch -o out.json -- "$STANDIN" 2>err &
		pid=$!
		pids+=("$pid")
		until_true pgrep -P "$pid" >/dev/null || { bad "no probe"; return; }
		probe=$(pgrep -P "$pid" | head -1)
		kill -"$sig" "$pid"
		LIMIT=5 until_true gone "$pid" || bad "SIG$sig did not end hp2x during the probe"
		wait "$pid" 2>/dev/null
		LIMIT=5 until_true gone "$probe" || { bad "SIG$sig: the probe outlived hp2x"; kill -KILL "$probe"; }
	done
}

# Every signal that ends hp2x removes the FIFO and its directory.
t_launch_signals_remove_fifo() {
	local p pid sig
	p=$(pauses_for "$GC")
	p=${p%%,*}
	for sig in HUP PIPE TERM; do
		rm -rf sync
		mkdir sync
		STANDIN_GHC=9.6.6 STANDIN_EVENTLOG=$GC STANDIN_PACE=0.001 \
		STANDIN_REPLAY="--sync $PWD/sync --pause-at $p" \
			"$HP2X" --watch -o out.json --interval 0.1 -- "$STANDIN" 2>err &
		pid=$!
		pids+=("$pid")
		until_true exists sync/at.0 || { bad "SIG$sig: the program never wrote"; return; }
		[ -n "$(ls "$top" | grep '^hp2x-')" ] || bad "no FIFO directory to remove"
		kill -"$sig" "$pid"
		until_true gone "$pid" || { bad "SIG$sig did not end hp2x"; return; }
		wait "$pid" 2>/dev/null
		touch sync/go.0
		[ -z "$(ls "$top" | grep '^hp2x-')" ] || bad "SIG$sig: FIFO directory left: $(ls "$top")"
		rm -rf "$top"/hp2x-*
	done
}

# Watching fails while the program runs (its profile replaced by a
# directory): hp2x waits for the program's status, and SIGTERM still
# reaches the program through it.
t_launch_sigterm_after_failure() {
	local pid rc
	STANDIN_GHC=9.0.2 STANDIN_HP=$HP STANDIN_PACE=0.5 \
		"$HP2X" --watch -o out.json --interval 0.1 -- "$STANDIN" 2>err &
	pid=$!
	pids+=("$pid")
	until_true exists standin-ghc.hp || { bad "no profile"; return; }
	rm standin-ghc.hp
	mkdir standin-ghc.hp
	until_true grep -q 'not a regular file' err || { bad "no failure: $(cat err)"; return; }
	kill -TERM "$pid"
	LIMIT=5 until_true gone "$pid" || { bad "SIGTERM not passed on after the failure"; return; }
	wait "$pid"
	rc=$?
	[ $rc -eq 143 ] || bad "exit $rc, want 143 (the program ended by SIGTERM)"
}

# ONLY=t_fifo runs one case (when working on it).
case_() { run "$@"; }
case_ "pipe: each pause exact, final = one-shot" t_pipe
case_ "FIFO opened before its writer: each pause exact" t_fifo
case_ "socket that appears late: each pause exact" t_socket_late
case_ "pipe cut inside an event: complete samples, said once" t_pipe_cut
case_ "socket dropped: graph kept, said once, exit 3" t_socket_dropped
case_ "socket --reconnect" t_socket_reconnect
case_ "socket that never appears" t_socket_never
case_ "SIGINT on an open stream" t_sigint_open_stream
case_ "at most one drawing per --interval" t_interval
case_ ".hp text on a pipe" t_hp_text_stream
case_ "slow drawings spaced" t_slow_drawings_spaced
case_ "status line on a terminal, from the stream" t_status_line
case_ "launcher: eventlog path through a FIFO" t_launch_eventlog
case_ "launcher: a program that writes no eventlog" t_launch_no_eventlog
case_ "launcher: .hp path (GHC 9.0.2, or the user's -l)" t_launch_hp_path
case_ "socket --reconnect that does not come back: one rule" t_reconnect_gives_up
case_ "launcher: eventlog restarted by the program" t_launch_restarts
case_ "launcher: a restart's bytes are no damage" t_launch_restart_bytes
case_ "launcher: the probe dies with hp2x" t_probe_dies_with_hp2x
case_ "launcher: every ending signal removes the FIFO" t_launch_signals_remove_fifo
case_ "launcher: SIGTERM passed on after watching failed" t_launch_sigterm_after_failure
e2e_done
