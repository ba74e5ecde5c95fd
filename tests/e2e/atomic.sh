#!/usr/bin/env bash
# tests/e2e/atomic.sh - a failed write changes nothing.  For each way an
# output can fail (missing directory, a path under a file, no permission,
# a full disk, a directory as target, the input as output) hp2x must say
# which file, exit 1 (not by a signal), leave no partial or temporary
# file, keep the input, and keep an older output.  Also: a successful run
# replaces the older output, and device targets (/dev/null) are written in
# place, never renamed over.
#
# Permission and disk-full need care when running as root (CI containers,
# this sandbox): root ignores file modes, so the permission case drops to
# the user nobody with setpriv; a full disk is a 64 KiB tmpfs mounted here
# (the package mount: .ci/deps).  Without root, chmod stops us, and there
# is no tmpfs.  Root or not, /dev/full (ENOSPC on every write) is written
# with outputs small and large: one message for one failure, whichever
# layer sees it.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
HPDATA=$SRC/tests/data/hp

# shellcheck source=lib.bash
. "$(dirname "$0")/lib.bash"
e2e_init atomic
chmod 755 "$top"
# The user nobody must reach each case's directory.
case_setup() { chmod 755 .; }
# A failed disk-full case may leave its tmpfs mounted.
e2e_cleanup() {
	local m
	for m in $(awk -v t="$top/" 'index($2, t) == 1 { print $2 }' /proc/mounts); do
		umount "$m"
	done
}

# fails_with MESSAGE CMD...: exit 1 and exactly MESSAGE on stderr (kept
# outside the case's directory, whose contents the cases check).
fails_with() {
	local want=$1 rc
	shift
	"$@" 2>"$top/err"
	rc=$?
	[ "$rc" -eq 1 ] || bad "exit $rc, wanted 1: $*"
	[ "$(grep '^hp2x' "$top/err")" = "$want" ] ||
		bad "stderr: '$(cat "$top/err")', wanted '$want'"
}

# fails_like REGEX CMD...: exit 1 and one line matching REGEX on stderr,
# for messages whose middle comes from the renderer.
fails_like() {
	local want=$1 rc
	shift
	"$@" 2>"$top/err"
	rc=$?
	[ "$rc" -eq 1 ] || bad "exit $rc, wanted 1: $*"
	[ "$(grep -c '^hp2x' "$top/err")" = 1 ] && grep -Eq "$want" "$top/err" ||
		bad "stderr: '$(cat "$top/err")', wanted /$want/"
}

# The input, an older output, and a record of both to compare with.
setup() {
	cp "$HPDATA/hackage-query.hp" in.hp
	chmod 644 in.hp
	sum_in=$(md5sum <in.hp)
}

input_untouched() {
	[ "$(md5sum <in.hp)" = "$sum_in" ] || bad "the input changed"
}

# holds DIR NAMES...: DIR holds exactly NAMES (so no temporary is left).
holds() {
	local dir=$1 got want
	shift
	got=$(cd "$dir" && ls -A | tr '\n' ' ')
	want=$([ $# -eq 0 ] || printf '%s ' "$@")
	[ "$got" = "$want" ] || bad "$dir holds '$got', wanted '$want'"
}

t_missing_directory() {
	setup
	fails_with "hp2x: cannot create nodir/x.pdf: No such file or directory" \
		"$HP2X" in.hp -o nodir/x.pdf
	[ ! -e nodir ] || bad "nodir created"
	holds . in.hp
	input_untouched
}

t_under_a_file() {
	setup
	fails_with "hp2x: cannot create in.hp/x.pdf: Not a directory" \
		"$HP2X" in.hp -o in.hp/x.pdf
	holds . in.hp
	input_untouched
}

t_directory_target() {
	setup
	mkdir d
	fails_with "hp2x: cannot write d: Is a directory" \
		"$HP2X" in.hp -o d --format=pdf
	holds d
	holds . d in.hp
}

t_no_permission() {
	local as=() pub=
	setup
	mkdir ro
	echo old >ro/x.pdf
	chmod 555 ro
	if [ "$(id -u)" = 0 ]; then
		# nobody must reach the font even when the clone sits in a
		# private directory (mktemp -d): a readable copy of it.
		pub=$(mktemp -d "${TMPDIR:-/tmp}/hp2x-fonts.XXXXXX")
		cp "$SRC"/fonts/*.ttf "$pub"/ && chmod 755 "$pub" && chmod 644 "$pub"/*
		as=(env HP2X_FONTDIR="$pub"
		    setpriv --reuid=nobody --regid=nogroup --clear-groups --)
	fi
	fails_with "hp2x: cannot create ro/x.pdf: Permission denied" \
		"${as[@]}" "$HP2X" in.hp -o ro/x.pdf
	holds ro x.pdf
	[ "$(cat ro/x.pdf)" = old ] || bad "older output clobbered"
	# hp2ps naming in a read-only current directory.
	(cd ro && fails_with "hp2x: cannot create in.ps: Permission denied" \
		"${as[@]}" "$HP2X" ../in.hp) || failed=1
	holds ro x.pdf
	chmod 755 ro
	[ -z "$pub" ] || rm -rf "$pub"
	input_untouched
}

t_disk_full() {
	setup
	if [ "$(id -u)" = 0 ] && mkdir full &&
		mount -t tmpfs -o size=64k tmpfs full 2>/dev/null; then
		echo old >full/x.pdf
		echo old >full/x.svg
		# The PNG of hackage-query is far larger than 64 KiB of disk.
		fails_with "hp2x: cannot write full/x.png: No space left on device" \
			"$HP2X" in.hp -o full/x.png --size=4000x3000
		holds full x.pdf x.svg
		# Filling the disk first: even the temporary cannot grow.
		dd if=/dev/zero of=full/filler bs=1k count=200 2>/dev/null
		fails_with "hp2x: cannot write full/x.svg: No space left on device" \
			"$HP2X" in.hp -o full/x.svg
		holds full filler x.pdf x.svg
		[ "$(cat full/x.pdf full/x.svg | tr '\n' ' ')" = "old old " ] ||
			bad "older outputs clobbered"
		umount full
	elif [ "$(id -u)" = 0 ]; then
		bad "cannot mount a tmpfs as root (mount: bash .ci/deps --test)"
	fi
	# A device that is always full, written in place.  One failure, one
	# message, whoever sees it: the final flush for an output that fits
	# in stdio's buffer (4 KiB), the renderer or data writer for a
	# larger one (its buffer fills while it writes).
	local f big small
	printf '%s\n' 'JOB "j"' 'DATE "d"' 'SAMPLE_UNIT "s"' 'VALUE_UNIT "b"' \
		'BEGIN_SAMPLE 0' 'x 1' 'END_SAMPLE 0' 'BEGIN_SAMPLE 1' 'x 2' 'END_SAMPLE 1' >small.hp
	for f in pdf eps ps svg png csv json hp; do
		big=(in.hp --format="$f")
		small=(small.hp --format="$f")
		# a graph that small: a PNG of a few pixels
		case $f in csv | json | hp) ;; *) small=(small.hp --format=png --size=4x3) ;; esac
		"$HP2X" -q "${small[@]}" -o small.out 2>/dev/null &&
			[ "$(stat -c %s small.out)" -lt 4096 ] ||
			bad "$f: the small case is not under 4 KiB"
		"$HP2X" -q "${big[@]}" -o big.out 2>/dev/null &&
			[ "$(stat -c %s big.out)" -gt 32768 ] ||
			bad "$f: the large case is not over 32 KiB"
		rm -f small.out big.out
		fails_with "hp2x: cannot write /dev/full: No space left on device" \
			"$HP2X" -q "${small[@]}" -o /dev/full
		fails_with "hp2x: cannot write /dev/full: No space left on device" \
			"$HP2X" -q "${big[@]}" -o /dev/full
		fails_with "hp2x: cannot write standard output: No space left on device" \
			"$HP2X" -q "${small[@]}" -o - >/dev/full
		fails_with "hp2x: cannot write standard output: No space left on device" \
			"$HP2X" -q "${big[@]}" -o - >/dev/full
	done
	# hp2ps's .aux beside a graph (through a link to the device: the
	# graph is not renamed into place either), and --summary.
	ln -s /dev/full out.aux
	fails_with "hp2x: cannot write out.aux: No space left on device" \
		"$HP2X" -q in.hp -o out.pdf --aux
	rm out.aux
	fails_with "hp2x: cannot write standard output: No space left on device" \
		"$HP2X" --summary in.hp >/dev/full
	fails_with "hp2x: cannot write standard output: No space left on device" \
		"$HP2X" --summary small.hp >/dev/full
	fails_with "hp2x: cannot write standard output: No space left on device" \
		"$HP2X" --help >/dev/full
	if [ -d full ]; then holds . full in.hp small.hp; else holds . in.hp small.hp; fi
	input_untouched
}

t_output_is_input() {
	setup
	fails_with "hp2x: in.hp: output would overwrite the input" \
		"$HP2X" in.hp -o in.hp
	fails_with "hp2x: ./in.hp: output would overwrite the input" \
		"$HP2X" in.hp -o ./in.hp
	ln in.hp hard.hp
	ln -s in.hp soft.hp
	fails_with "hp2x: hard.hp: output would overwrite the input" \
		"$HP2X" in.hp -o hard.hp
	fails_with "hp2x: in.hp: output would overwrite the input" \
		"$HP2X" soft.hp -o in.hp
	# hp2ps naming can aim there too: hp2x in --format=hp writes in.hp.
	fails_with "hp2x: in.hp: output would overwrite the input" \
		"$HP2X" in --format=hp
	holds . hard.hp in.hp soft.hp
	input_untouched
}

t_success_replaces() {
	setup
	echo old >x.pdf
	chmod 600 x.pdf
	"$HP2X" in.hp -o x.pdf || bad "run failed"
	[ "$(head -c 5 x.pdf)" = "%PDF-" ] || bad "x.pdf not replaced"
	holds . in.hp x.pdf
	# Devices are written in place, not renamed over.
	"$HP2X" in.hp -o /dev/null --format=pdf || bad "-o /dev/null failed"
	[ -c /dev/null ] || bad "/dev/null is no longer a device"
	# The reader is in pids: when hp2x fails before opening the FIFO, the
	# reader waits forever, and the case's end must end it.
	mkfifo pipe
	(cat pipe >fromfifo && : >read.done) &
	pids+=($!)
	"$HP2X" in.hp -o pipe --format=csv || { bad "-o FIFO failed"; return; }
	LIMIT=10 until_true test -e read.done || bad "the FIFO was never closed"
	[ -p pipe ] || bad "the FIFO was replaced"
	[ "$(head -1 fromfifo)" = "sample,time,band,bytes,kind" ] || bad "FIFO got nothing"
	input_untouched
}

t_bad_input_keeps_outputs() {
	setup
	echo old >x.pdf
	echo old >in.ps
	echo old >in.aux
	head -c 300000 in.hp | sed '20s/.*/BEGIN_SAMPLE never/' >bad.hp
	"$HP2X" bad.hp -o x.pdf 2>"$top/err"
	[ $? -eq 1 ] || bad "bad.hp did not exit 1"
	grep -q '^hp2x: bad.hp:20: ' "$top/err" || bad "stderr: $(cat "$top/err")"
	cp bad.hp in.hp
	"$HP2X" in 2>/dev/null && bad "hp2x in succeeded on bad input"
	[ "$(cat x.pdf in.ps in.aux | tr '\n' ' ')" = "old old old " ] ||
		bad "older outputs clobbered"
	holds . bad.hp in.aux in.hp in.ps x.pdf
}

# A signal in the middle of writing: the temporary goes, the target stays
# as it was, and the exit status is the signal's.  The run draws a large
# PNG (a few seconds) so that the signal comes while its temporary
# exists.  Background jobs of a script ignore SIGINT, which hp2x keeps
# ignoring; so the signals' default actions are restored for it first.
SLOW=(--exact --size 8000x5333 "$HPDATA/Describe2.hp.gz")
with_default_signals() {	# run in the background: $! is hp2x itself
	exec python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE):
    signal.signal(s, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"
}

# killed_while_writing SIG ARGS...: hp2x ARGS -o x.png, SIG sent once
# x.png's temporary exists.
killed_while_writing() {
	local sig=$1 pid rc n=0 want
	shift
	echo old >x.png
	with_default_signals "$HP2X" "$@" -o x.png 2>/dev/null &
	pid=$!
	until ls x.png.?????? >/dev/null 2>&1 || [ $n -ge 300 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	[ $n -lt 300 ] || bad "no temporary appeared"
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
	want=$((128 + $(kill -l "$sig")))
	[ $rc -eq "$want" ] || bad "SIG$sig: exit $rc, wanted $want"
	[ "$(cat x.png)" = old ] || bad "SIG$sig: x.png replaced"
	holds . x.png
	rm -f x.png
}

t_signals_remove_temporaries() {
	local sig
	for sig in TERM INT HUP PIPE; do
		killed_while_writing "$sig" "${SLOW[@]}"
	done
	# watch mode: SIGHUP (SIGINT and SIGTERM end a watch normally)
	killed_while_writing HUP --watch "${SLOW[@]}"
}

# A graph and its .aux are one result: when the .aux cannot be written,
# the graph is not replaced either; so in hp2ps mode (no -o).
t_graph_and_aux_together() {
	setup
	echo old >out.pdf
	mkdir out.aux
	fails_like "out\\.aux" "$HP2X" in.hp -o out.pdf --aux
	[ "$(cat out.pdf)" = old ] || bad "out.pdf replaced"
	rm -rf out.aux
	cp in.hp g.hp
	echo old >g.ps
	mkdir g.aux
	"$HP2X" g 2>/dev/null && bad "hp2x g succeeded with g.aux a directory"
	[ "$(cat g.ps)" = old ] || bad "g.ps replaced"
	rmdir g.aux
	rm -f g.hp g.ps
	holds . in.hp out.pdf
}

run missing-directory t_missing_directory
run under-a-file t_under_a_file
run directory-target t_directory_target
run no-permission t_no_permission
run disk-full t_disk_full
run output-is-input t_output_is_input
run success-replaces t_success_replaces
run bad-input-keeps-outputs t_bad_input_keeps_outputs
run signals-remove-temporaries t_signals_remove_temporaries
run graph-and-aux-together t_graph_and_aux_together
e2e_done
