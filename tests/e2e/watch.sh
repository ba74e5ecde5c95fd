#!/usr/bin/env bash
# tests/e2e/watch.sh - hp2x --watch against files written while it runs.
#
# A real .hp (samples/leak-hT.hp) and a real eventlog (leak-hT.eventlog)
# are appended to in chunks of odd sizes, so lines, numbers and events are
# cut anywhere.  After every chunk that completes a sample, the output
# (.hp, so samples can be counted) must be redrawn with exactly the
# complete samples so far: byte for byte what a one-shot hp2x makes of the
# same prefix.  Also: a PDF output stays valid (qpdf --check) through
# updates; a writer killed mid-line leaves a valid output with exactly the
# complete samples; a file replaced (mv over it) or truncated and rewritten
# is read again from the start; SIGTERM and SIGINT end the run with exit 0
# and a valid output; --idle-exit ends it; a file (or directory) that does
# not exist yet is waited for; the polling fallback (no inotify) works;
# every output format works, several -o each drawing (and with --serve).  A dense profile (thousands of samples, many
# to a pixel column, drawn from the model's summary,
# render/layout/colidx.h) grown in steps gives, after each, the PNG a one-shot hp2x makes of
# the same prefix, byte for byte: the summary extended equals one built
# at once; the same with a window (--from), whose view of the profile
# each drawing extends.  Never looping on itself nor blocked: an output
# that is the input under another name (or a link made later) is refused;
# an output that is a FIFO nobody reads fails its drawing, and SIGTERM
# still ends the watch at once; standard input closed is refused at once;
# a view empty at the end (a window, a filter) is refused as the one-shot
# conversion refuses it, leaving no output (an empty view is not drawn).
#
# The machine running this may be loaded: nothing here sleeps for a fixed
# time and hopes, every check polls for its condition with a generous
# timeout.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
export LC_ALL=C

HPSRC=$SRC/samples/leak-hT.hp
ELSRC=$SRC/samples/leak-hT.eventlog
LIMIT=60	# seconds any one condition may take to come true

. "$SRC/tests/e2e/lib.bash"
e2e_init watch

# Messages other than the status line, which is written off a terminal
# at most every 10 s ("FILE: N samples, N bands, peak ... drawn HH:MM:SS").
others() {
	grep -v -E '^hp2x: .*: [0-9]+ samples?, [0-9]+ bands?, peak .*, drawn [0-9:]+(; .*)?$' "$1"
}

samples_in() { grep -c '^BEGIN_SAMPLE' "$1" 2>/dev/null || echo 0; }
has_samples() { [ "$(samples_in "$1")" = "$2" ]; }
gone() { ! kill -0 "$1" 2>/dev/null; }

# append SRC FROM TO FILE: bytes FROM..TO-1 of SRC to the end of FILE
append() {
	tail -c +$(($2 + 1)) "$1" | head -c $(($3 - $2)) >>"$4"
}

# oneshot SRC BYTES FMT: what hp2x makes of the first BYTES of SRC
oneshot() {
	head -c "$2" "$1" | "$HP2X" -q --format="$3" -o - 2>/dev/null
}

# same_as SRC BYTES OUT: OUT is what hp2x makes of the first BYTES of SRC
same_as() {
	cmp -s "$3" <(oneshot "$1" "$2" "${3##*.}")
}

# stop PID SIG: send SIG, expect exit 0 within $LIMIT
stop() {
	local rc
	kill -"$2" "$1"
	until_true gone "$1" || { bad "hp2x ignored SIG$2"; kill -KILL "$1"; }
	wait "$1"
	rc=$?
	[ $rc -eq 0 ] || bad "SIG$2: exit $rc, want 0"
}

# The end offsets of the END_SAMPLE lines of the .hp source.
mapfile -t ENDS < <(awk '{ off += length($0) + 1 } /^END_SAMPLE/ { print off }' "$HPSRC")
# complete_at N: how many samples end within the first N bytes
complete_at() {
	local n=0 e
	for e in "${ENDS[@]}"; do
		[ "$e" -le "$1" ] || break
		n=$((n + 1))
	done
	echo "$n"
}

# Odd chunk sizes: single bytes, primes, a few larger ones.
CHUNKS=(1 7 113 509 2 1021 61 2039 3 311 1499 17 4093 5)

t_hp_grows() {
	local size pos=0 i=0 next k=0 k2 pid
	size=$(stat -c %s "$HPSRC")
	: >w.hp
	"$HP2X" --watch --interval 0.1 w.hp -o out.hp 2>err &
	pid=$!
	pids+=("$pid")
	while [ $pos -lt "$size" ]; do
		next=$((pos + CHUNKS[i % ${#CHUNKS[@]}]))
		[ $next -gt "$size" ] && next=$size
		append "$HPSRC" $pos $next w.hp
		pos=$next
		i=$((i + 1))
		k2=$(complete_at $pos)
		if [ "$k2" -ne "$k" ]; then
			until_true has_samples out.hp "$k2" ||
				{ bad "after $pos bytes: $(samples_in out.hp) samples, want $k2"; break; }
			same_as "$HPSRC" "${ENDS[k2 - 1]}" out.hp ||
				{ bad "after $pos bytes: output differs from the $k2-sample prefix"; break; }
			k=$k2
		elif [ "$k" -gt 0 ] && ! has_samples out.hp "$k"; then
			bad "after $pos bytes: $(samples_in out.hp) samples, want $k"
			break
		fi
	done
	[ "$k" -eq "${#ENDS[@]}" ] || bad "only $k of ${#ENDS[@]} samples seen"
	stop "$pid" TERM
	same_as "$HPSRC" "$size" out.hp || bad "final output differs from the whole file"
	[ -z "$(others err)" ] || bad "messages for a clean file: $(others err | head -3)"
}

t_eventlog_grows() {
	local size pos=0 i=0 next want got pid rc k=0
	size=$(stat -c %s "$ELSRC")
	: >w.eventlog
	"$HP2X" --watch --interval 0.1 w.eventlog -o out.hp 2>err &
	pid=$!
	pids+=("$pid")
	while [ $pos -lt "$size" ]; do
		next=$((pos + 3 * CHUNKS[i % ${#CHUNKS[@]}]))
		[ $next -gt "$size" ] && next=$size
		append "$ELSRC" $pos $next w.eventlog
		pos=$next
		i=$((i + 1))
		[ $pos -eq "$size" ] && break
		# hp2x on the prefix drops an unfinished sample as watch
		# mode does before the end; its count is the one to reach.
		want=$(oneshot w.eventlog $pos hp | grep -c '^BEGIN_SAMPLE')
		if [ "$want" -gt 0 ]; then
			until_true has_samples out.hp "$want" ||
				{ bad "after $pos bytes: $(samples_in out.hp) samples, want $want"; break; }
			k=$want
		fi
	done
	[ "$k" -gt 20 ] || bad "too few intermediate drawings checked ($k samples)"
	# DATA_END: the run ends by itself, with the whole profile.
	until_true gone "$pid" || { bad "no exit at the eventlog's end"; kill "$pid"; }
	wait "$pid"
	rc=$?
	[ $rc -eq 0 ] || bad "exit $rc at the eventlog's end"
	same_as "$ELSRC" "$size" out.hp || bad "final output differs from the whole eventlog"
	got=$(samples_in out.hp)
	[ "$got" -gt 50 ] || bad "final output has $got samples"
	[ -z "$(others err)" ] || bad "messages for a clean eventlog: $(others err | head -3)"
}

pdf_ok() { [ -s "$1" ] && qpdf --check "$1" >/dev/null 2>&1; }
changed() { ! cmp -s "$1" "$2"; }

t_pdf_updates() {
	local pid
	head -c "${ENDS[9]}" "$HPSRC" >w.hp
	"$HP2X" --watch --interval 0.1 w.hp -o out.pdf 2>err &
	pid=$!
	pids+=("$pid")
	until_true pdf_ok out.pdf || bad "no valid first PDF"
	cp out.pdf first.pdf
	append "$HPSRC" "${ENDS[9]}" $((ENDS[29] + 5)) w.hp
	until_true changed out.pdf first.pdf || bad "PDF not redrawn after 20 more samples"
	pdf_ok out.pdf || bad "redrawn PDF fails qpdf --check"
	cp out.pdf second.pdf
	append "$HPSRC" $((ENDS[29] + 5)) "$(stat -c %s "$HPSRC")" w.hp
	until_true changed out.pdf second.pdf || bad "PDF not redrawn at the end"
	stop "$pid" INT
	pdf_ok out.pdf || bad "final PDF fails qpdf --check"
	ls out.pdf.* >/dev/null 2>&1 && bad "temporary files left: $(ls)"
	[ -z "$(others err)" ] || bad "messages: $(others err | head -3)"
}

t_writer_killed_mid_line() {
	local pid wpid cut
	# 30 samples and a cut inside the next sample's third line.
	cut=$(awk -v s="${ENDS[29]}" '{ off += length($0) + 1 } off > s { n++ } n == 3 { print off - 4; exit }' "$HPSRC")
	"$HP2X" --watch --interval 0.1 w.hp -o out.hp 2>err &
	pid=$!
	pids+=("$pid")
	(head -c "$cut" "$HPSRC"; exec sleep 600) >w.hp &
	wpid=$!
	pids+=("$wpid")
	until_true has_samples out.hp 30 || bad "$(samples_in out.hp) samples, want 30"
	kill -KILL "$wpid"
	wait "$wpid" 2>/dev/null
	[ "$(stat -c %s w.hp)" -eq "$cut" ] || bad "writer wrote $(stat -c %s w.hp) bytes"
	stop "$pid" TERM
	has_samples out.hp 30 || bad "final: $(samples_in out.hp) samples, want 30"
	same_as "$HPSRC" "${ENDS[29]}" out.hp || bad "final output is not the 30 complete samples"
	"$HP2X" out.hp -o check.csv 2>/dev/null || bad "the output does not parse"
	# hp_reader_finish ran: the cut sample is reported, once.
	[ "$(grep -c 'warning: .*w.hp' err)" -eq 1 ] ||
		bad "want one warning about the cut sample: $(cat err)"
}

t_replaced_and_truncated() {
	local pid b=$SRC/samples/leak-hy.hp c=$SRC/samples/leak-hc.hp
	head -c "${ENDS[19]}" "$HPSRC" >w.hp
	"$HP2X" --watch --interval 0.1 w.hp -o out.hp 2>err &
	pid=$!
	pids+=("$pid")
	until_true has_samples out.hp 20 || bad "first file: $(samples_in out.hp) samples, want 20"
	# Replaced: a new file moved over the watched one.
	cp "$b" w.hp.new
	mv w.hp.new w.hp
	until_true same_as "$b" "$(stat -c %s "$b")" out.hp ||
		bad "output does not follow the file moved over the first"
	grep -q 'w.hp was replaced; starting over' err || bad "no replaced message: $(cat err)"
	# Truncated and rewritten in place, as a program run again does;
	# the new start is shorter than what was read.
	head -c 3000 "$c" >w.hp
	until_true grep -q 'w.hp was truncated; starting over' err ||
		bad "no truncated message: $(cat err)"
	append "$c" 3000 "$(stat -c %s "$c")" w.hp
	until_true same_as "$c" "$(stat -c %s "$c")" out.hp ||
		bad "output does not follow the rewritten file"
	stop "$pid" TERM
	same_as "$c" "$(stat -c %s "$c")" out.hp || bad "final output is not the last file"
}

t_idle_exit() {
	local pid rc t0
	cp "$HPSRC" w.hp
	t0=$SECONDS
	"$HP2X" --watch --idle-exit 1 --interval 0.1 w.hp -o out.json 2>err &
	pid=$!
	pids+=("$pid")
	until_true gone "$pid" || { bad "--idle-exit 1 did not end the run"; kill "$pid"; }
	wait "$pid"
	rc=$?
	[ $rc -eq 0 ] || bad "exit $rc after --idle-exit"
	[ $((SECONDS - t0)) -ge 1 ] || bad "ended before a second without growth"
	same_as "$HPSRC" "$(stat -c %s "$HPSRC")" out.json || bad "JSON output differs"
	[ -z "$(others err)" ] || bad "messages: $(others err | head -3)"
}

t_waits_for_file() {
	local pid
	"$HP2X" --watch --interval 0.1 w.hp -o out.hp 2>err &
	pid=$!
	pids+=("$pid")
	until_true grep -q '^hp2x: waiting for w.hp$' err || bad "no waiting message: $(cat err)"
	[ ! -e out.hp ] || bad "output before the input exists"
	kill -0 "$pid" 2>/dev/null || bad "hp2x did not wait"
	cp "$HPSRC" w.hp
	until_true same_as "$HPSRC" "$(stat -c %s "$HPSRC")" out.hp ||
		bad "output does not follow the file that appeared"
	stop "$pid" TERM
	[ "$(grep -c waiting err)" -eq 1 ] || bad "waiting said more than once: $(cat err)"
}

t_waits_for_directory() {
	local pid
	# Neither the file nor its directory exist: only polling sees them.
	"$HP2X" --watch --interval 0.1 later/w.hp -o out.csv 2>err &
	pid=$!
	pids+=("$pid")
	until_true grep -q 'waiting for later/w.hp' err || bad "no waiting message: $(cat err)"
	mkdir later
	head -c "${ENDS[4]}" "$HPSRC" >later/w.hp
	until_true same_as "$HPSRC" "${ENDS[4]}" out.csv || bad "CSV does not follow later/w.hp"
	stop "$pid" TERM
}

t_never_appears() {
	local rc
	"$HP2X" --watch --idle-exit 0.5 --interval 0.1 none.hp -o out.pdf 2>err
	rc=$?
	[ $rc -eq 1 ] || bad "exit $rc when the file never appeared, want 1"
	grep -q 'none.hp did not appear' err || bad "message: $(cat err)"
	[ ! -e out.pdf ] || bad "output written"
}

t_polling_fallback() {
	local pid
	head -c "${ENDS[2]}" "$HPSRC" >w.hp
	HP2X_NO_INOTIFY=1 "$HP2X" --watch --interval 0.1 w.hp -o out.hp 2>err &
	pid=$!
	pids+=("$pid")
	until_true has_samples out.hp 3 || bad "$(samples_in out.hp) samples, want 3"
	append "$HPSRC" "${ENDS[2]}" $((ENDS[40] + 7)) w.hp
	until_true has_samples out.hp 41 || bad "$(samples_in out.hp) samples, want 41"
	same_as "$HPSRC" "${ENDS[40]}" out.hp || bad "output differs from 41 samples"
	stop "$pid" TERM
}

png_ok() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }

# dense N: a .hp of N samples x 8 bands in bursts (250 samples
# 0.1 ms apart, then a pause of 0.5 s: a hundred samples to a pixel
# column), values from a few levels (ties) and bands left out.
dense() {
	awk -v n="$1" 'BEGIN {
		print "JOB \"dense\""; print "DATE \"x\""
		print "SAMPLE_UNIT \"seconds\""; print "VALUE_UNIT \"bytes\""
		s = 12345; t = 0
		for (i = 0; i < n; i++) {
			s = (s * 1103515245 + 12345) % 2147483648
			t += (i % 250 == 249) ? 0.5 : 0.0001
			printf "BEGIN_SAMPLE %.6f\n", t
			for (b = 0; b < 8; b++) {
				s = (s * 1103515245 + 12345) % 2147483648
				if (s % 7 == 0) continue
				printf "band%d\t%d\n", b, (int(s / 7) % 4) * (b + 1) * 1000
			}
			printf "END_SAMPLE %.6f\n", t
		}
	}'
}

t_dense_grows() {
	local pid n cut win
	dense 3000 >src.hp
	mapfile -t cut < <(awk '{ off += length($0) + 1 } /^END_SAMPLE/ { k++ }
		/^END_SAMPLE/ && (k == 700 || k == 2100 || k == 3000) { print off }' src.hp)
	# the whole profile, then a window from 0.6 s on, which grows with it
	# (each drawing extends the last one's view, hp_model_share_range)
	for win in "" "--from 0.6"; do
		for n in "${cut[@]}"; do
			head -c "$n" src.hp | "$HP2X" -q $win --format=png -o - >"want-$n.png" 2>/dev/null
		done
		: >w.hp
		"$HP2X" --watch --interval 0.05 $win w.hp -o out.png 2>err &
		pid=$!
		pids+=("$pid")
		for n in "${cut[@]}"; do
			append src.hp "$(stat -c %s w.hp)" "$n" w.hp
			until_true cmp -s out.png "want-$n.png" ||
				{ bad "${win:-whole}: after $n bytes: the redraw differs from the one-shot drawing"; break; }
		done
		stop "$pid" TERM
	done
}

t_every_format() {
	local f pid rc
	head -c "${ENDS[11]}" "$HPSRC" >w.hp
	for f in ps eps pdf svg png hp csv json; do
		"$HP2X" --watch --idle-exit 0.3 --interval 0.1 w.hp -o "out.$f" 2>err
		rc=$?
		[ $rc -eq 0 ] || { bad "$f: exit $rc: $(head -2 err)"; continue; }
		case $f in
		ps) head -c 4 out.ps | grep -q '%!PS' || bad "ps: not PostScript" ;;
		eps) head -1 out.eps | grep -q 'EPSF' || bad "eps: not EPS" ;;
		pdf) pdf_ok out.pdf || bad "pdf: qpdf --check fails" ;;
		svg) xmllint --noout out.svg 2>/dev/null || bad "svg: not XML" ;;
		png) png_ok out.png || bad "png: not a PNG" ;;
		*) same_as "$HPSRC" "${ENDS[11]}" "out.$f" || bad "$f: differs from the one-shot output" ;;
		esac
	done
	# hp2ps naming with no -o: FOO.ps and FOO.aux here.
	"$HP2X" --watch --idle-exit 0.3 w -o w.pdf --aux 2>err || bad "--aux: $(cat err)"
	[ -s w.aux ] || bad "--aux wrote no w.aux"
	mkdir sub && cd sub || return
	"$HP2X" --watch --idle-exit 0.3 ../w 2>err || bad "naming: $(cat err)"
	[ -s w.ps ] && [ -s w.aux ] || bad "hp2ps naming: $(ls)"
}

# Several -o: every drawing writes each, as the one-shot
# makes it of the same prefix; --serve writes them too.
t_several_outputs() {
	local pid size k
	size=$(stat -c %s "$HPSRC")
	head -c "${ENDS[9]}" "$HPSRC" >w.hp
	"$HP2X" --watch --interval 0.1 w.hp -o out.hp -o out.csv -o out.pdf 2>err &
	pid=$!
	pids+=("$pid")
	for k in 10 20 30; do
		[ "$k" -gt 10 ] && append "$HPSRC" "${ENDS[k - 11]}" "${ENDS[k - 1]}" w.hp
		until_true has_samples out.hp "$k" || bad "$k samples: out.hp has $(samples_in out.hp)"
		until_true same_as "$HPSRC" "${ENDS[k - 1]}" out.csv ||
			bad "$k samples: out.csv is not the one-shot's"
	done
	stop "$pid" TERM
	pdf_ok out.pdf || bad "out.pdf: qpdf --check fails"
	cp "$HPSRC" in.hp
	timeout 60 "$HP2X" --serve --exit --idle-exit 0.3 --interval 0.1 in.hp -o s.json -o s.hp 2>err ||
		bad "--serve with two -o: $(cat err)"
	same_as "$HPSRC" "$size" s.json && same_as "$HPSRC" "$size" s.hp ||
		bad "--serve's outputs: $(ls -l s.*)"
}

# One count everywhere: a .hp ending in GHC's empty exit
# census (leak-hT.hp: 60 samples, the last that mark) has 59 censuses
# in --summary, the JSON, the watch status line, the served page's
# header and /metrics' hp2x_samples_total, whose latest census is the
# JSON's last, not the exit mark.
t_one_count() {
	local n pid url last gen
	cp "$HPSRC" in.hp
	[ "$(tail -2 in.hp | cut -d' ' -f1 | tr '\n' ' ')" = "BEGIN_SAMPLE END_SAMPLE " ] ||
		{ bad "test data: $HPSRC does not end in an exit census"; return; }
	"$HP2X" in.hp -o want.json || { bad "one-shot"; return; }
	n=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["samples"]))' want.json)
	last=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["samples"][-1]["time"])' want.json)
	[ "$n" = $(($(samples_in in.hp) - 1)) ] || bad "the JSON has $n samples of $(samples_in in.hp)"
	"$HP2X" --summary in.hp | grep -q "^  $n samples " || bad "--summary: $("$HP2X" --summary in.hp | sed -n 3p)"
	timeout 60 "$HP2X" --watch --idle-exit 0.3 in.hp -o w.json 2>err || bad "watch: $(cat err)"
	grep -q "^hp2x: in.hp: $n samples, " err || bad "status line: $(cat err)"
	"$HP2X" --serve=127.0.0.1:0 --interval 0.1 in.hp -o s.json 2>err &
	pid=$!
	pids+=("$pid")
	until_true grep -q 'serving http' err || { bad "no URL: $(cat err)"; return; }
	until_true test -s s.json || bad "no drawing"
	url=$(grep -o 'http://[^ ]*' err | head -n 1)
	curl -sf "${url}metrics" >metrics || bad "no /metrics"
	grep -qx "hp2x_samples_total{job=\"[^\"]*\"} $n" metrics ||
		bad "metrics: $(grep samples_total metrics)"
	grep -q "^hp2x_last_sample_seconds{job=\"[^\"]*\"} $last\$" metrics ||
		bad "metrics: $(grep last_sample_seconds metrics), the JSON's last census at $last"
	curl -sf "$url" >page.html || bad "no page"
	grep -q "id=\"counts\">$n samples," page.html || bad "the page's header: $(grep -o 'id="counts">[^<]*' page.html)"
	# the live page's count, from its last batch (live.js shows c)
	gen=$(grep -o '"live":{"gen":[0-9]*' page.html | grep -o '[0-9]*$')
	curl -sN --max-time 2 "${url}events?g=$gen&from=0&nb=0&nm=0&ns=0,0,0" >events
	grep -q "\"n\":$((n + 1)),\"c\":$n}" events || bad "events: $(grep -o '"n":[0-9]*,"c":[0-9]*' events)"
	kill -TERM "$pid"
	until_true gone "$pid" || kill -KILL "$pid"
	wait "$pid"
}

t_sigint_while_waiting() {
	local pid rc
	"$HP2X" --watch w.hp -o out.pdf 2>err &
	pid=$!
	pids+=("$pid")
	until_true grep -q 'waiting for w.hp' err || bad "no waiting message"
	kill -INT "$pid"
	until_true gone "$pid" || { bad "SIGINT ignored"; kill -KILL "$pid"; }
	wait "$pid"
	rc=$?
	# Stopped before anything was drawn: no output, so not a success.
	[ $rc -eq 1 ] || bad "exit $rc, want 1"
	grep -q 'did not appear' err || bad "message: $(cat err)"
}

# The output's directory removed while watching: said once, the watch
# goes on (each update tries again), and drawings resume once the
# directory is back.
t_output_dir_removed() {
	local pid size rc
	size=$(stat -c %s "$HPSRC")
	mkdir out
	head -c $((size / 3)) "$HPSRC" >w.hp
	"$HP2X" --watch --interval 0.1 w.hp -o out/w.hp 2>err &
	pid=$!
	pids+=("$pid")
	until_true test -s out/w.hp || bad "no first drawing"
	rm -rf out
	append "$HPSRC" $((size / 3)) $((size / 2)) w.hp
	sleep 0.5
	append "$HPSRC" $((size / 2)) $((2 * size / 3)) w.hp
	sleep 0.5
	[ "$(grep -c 'out/w.hp' err)" -eq 1 ] || bad "said $(grep -c 'out/w.hp' err) times: $(cat err)"
	mkdir out
	append "$HPSRC" $((2 * size / 3)) "$size" w.hp
	until_true same_as "$HPSRC" "$size" out/w.hp || bad "no drawing once out/ is back"
	kill -TERM "$pid"
	until_true gone "$pid" || kill -KILL "$pid"
	wait "$pid"
	rc=$?
	[ $rc -eq 0 ] || bad "exit $rc after the drawings resumed"
	[ "$(grep -c 'out/w.hp' err)" -eq 1 ] || bad "said $(grep -c 'out/w.hp' err) times: $(cat err)"
}

# Truncated and written again past the old size between two looks (cp
# over the file, an editor's save): the same inode, a larger size, other
# bytes.  hp2x is stopped meanwhile, so that no look falls in between.
t_truncated_then_longer() {
	local pid b=$SRC/samples/leak-hc.hp
	head -c "${ENDS[19]}" "$HPSRC" >w.hp
	"$HP2X" --watch --interval 0.1 w.hp -o out.hp 2>err &
	pid=$!
	pids+=("$pid")
	until_true has_samples out.hp 20 || bad "first file: $(samples_in out.hp) samples, want 20"
	[ "$(stat -c %s "$b")" -gt "$(stat -c %s w.hp)" ] || bad "test data: $b is not longer"
	kill -STOP "$pid"
	cat "$b" >w.hp
	kill -CONT "$pid"
	until_true same_as "$b" "$(stat -c %s "$b")" out.hp ||
		bad "output is not the rewritten file ($(samples_in out.hp) samples)"
	grep -q 'w.hp was rewritten; starting over' err || bad "no rewritten message: $(cat err)"
	stop "$pid" TERM
	same_as "$b" "$(stat -c %s "$b")" out.hp || bad "final output is not the rewritten file"
}

# The output is the input under another name: refused at once
# when the names say so, though the file is not there yet; and when the
# input appears as the output (a link to it), refused then, instead of
# each drawing replacing the profile it reads.
t_output_is_input() {
	local pid rc
	timeout 20 "$HP2X" --watch same.hp -o ./same.hp --idle-exit 2 2>err
	rc=$?
	[ $rc -eq 1 ] || bad "same name: exit $rc, want 1: $(cat err)"
	grep -q 'output would overwrite the input' err || bad "message: $(cat err)"
	[ ! -e same.hp ] || bad "an output was written"
	cp "$HPSRC" out.hp
	"$HP2X" --watch in.hp -o out.hp --interval 0.1 --idle-exit 20 2>err &
	pid=$!
	pids+=("$pid")
	until_true grep -q 'waiting for in.hp' err || bad "not waiting: $(cat err)"
	ln out.hp in.hp
	LIMIT=10 until_true gone "$pid" || { bad "the link to the output is watched"; return; }
	wait "$pid"
	rc=$?
	[ $rc -eq 1 ] || bad "link: exit $rc, want 1"
	grep -q 'in.hp: output would overwrite the input' err || bad "message: $(cat err)"
	cmp -s out.hp "$HPSRC" || bad "the input was replaced"
}

# An output that is a FIFO nobody reads blocks nothing: the drawing fails
# (said once), SIGTERM ends the watch at once; a reader that comes gets
# the last drawing.
t_fifo_output() {
	local pid rc
	cp "$HPSRC" in.hp
	mkfifo out.ps
	"$HP2X" --watch in.hp -o out.ps --interval 0.1 2>err &
	pid=$!
	pids+=("$pid")
	until_true grep -q 'out.ps: no process reads this FIFO' err 2>/dev/null ||
		bad "no word on the FIFO: $(cat err)"
	kill -TERM "$pid"
	LIMIT=2 until_true gone "$pid" || { bad "SIGTERM did not end a watch drawing into a FIFO"; return; }
	wait "$pid"
	rc=$?
	[ $rc -eq 1 ] || bad "exit $rc, want 1 (the output was never written)"
	[ "$(grep -c 'no process reads' err)" -eq 1 ] || bad "not said once: $(cat err)"
	# with a reader (its own stderr file: the shell opens it in the
	# child, after the parent's first look, which could see the first
	# run's words and start the reader too soon)
	"$HP2X" --watch in.hp -o out.ps --interval 0.1 2>err2 &
	pid=$!
	pids+=("$pid")
	until_true grep -q 'no process reads' err2 2>/dev/null || bad "no word on the FIFO: $(cat err2)"
	cat out.ps >got.ps &
	pids+=($!)
	sleep 0.2
	kill -TERM "$pid"
	until_true gone "$pid" || { bad "SIGTERM ignored"; return; }
	wait "$pid"
	rc=$?
	[ $rc -eq 0 ] || bad "with a reader: exit $rc, want 0: $(cat err2)"
	until_true grep -q '%%EOF' got.ps || bad "the reader got no PostScript"
}

# Standard input closed: refused at once, as the one-shot refuses it.
t_stdin_closed() {
	local rc
	timeout 20 "$HP2X" --watch - -o out.csv <&- 2>err
	rc=$?
	[ $rc -eq 1 ] || bad "exit $rc, want 1: $(cat err)"
	"$HP2X" - -o out.csv <&- 2>want
	cmp -s err want || bad "watch says $(cat err), the one-shot $(cat want)"
}

# A view that is empty at the end of the input is refused as a one-shot
# run refuses it: a window with no sample, a filter matching no band.
t_empty_view_at_end() {
	local rc opt from pid
	for opt in "--from 1e9" "--include no-such-band"; do
		# shellcheck disable=SC2086
		"$HP2X" "$ELSRC" $opt -o want.csv 2>want
		# shellcheck disable=SC2086
		timeout 60 "$HP2X" --watch "$ELSRC" $opt -o out.csv 2>err
		rc=$?
		[ $rc -eq 1 ] || bad "$opt: exit $rc, want 1"
		grep -qF "$(cat want)" err || bad "$opt: $(cat err), want $(cat want)"
	done
	cp "$HPSRC" in.hp
	rm -f out.csv
	timeout 60 "$HP2X" --watch in.hp --from 1e9 --idle-exit 0.5 -o out.csv 2>err
	rc=$?
	[ $rc -eq 1 ] || bad ".hp --from past the end: exit $rc, want 1"
	grep -q 'no sample between' err || bad "message: $(cat err)"
	# Nothing drawn of the empty view meanwhile: no output
	# left, an older one kept, as the one-shot leaves them.
	[ ! -e out.csv ] || bad "--from past the end left out.csv: $(head -c 100 out.csv)"
	echo older >out.csv
	timeout 60 "$HP2X" --watch in.hp --include no-such-band --idle-exit 0.5 -o out.csv 2>err
	rc=$?
	[ $rc -eq 1 ] || bad ".hp --include no-such-band: exit $rc, want 1"
	[ "$(cat out.csv)" = older ] || bad "--include no-such-band replaced out.csv: $(head -c 100 out.csv)"
	# A view that holds something once the profile grows is drawn then;
	# one the one-shot draws empty (every band excluded) is drawn too.
	head -c "${ENDS[9]}" "$HPSRC" >g.hp
	from=$(sed -n "$(grep -n '^BEGIN_SAMPLE' "$HPSRC" | sed -n 20p | cut -d: -f1)p" "$HPSRC" | cut -d' ' -f2)
	"$HP2X" --watch --interval 0.1 g.hp --from "$from" -o g.csv 2>err &
	pid=$!
	pids+=("$pid")
	sleep 1
	[ ! -e g.csv ] || bad "--from $from drawn before a sample was there"
	append "$HPSRC" "${ENDS[9]}" "${ENDS[29]}" g.hp
	head -c "${ENDS[29]}" "$HPSRC" | "$HP2X" -q - --from "$from" -o g-want.csv
	until_true cmp -s g.csv g-want.csv ||
		bad "--from $from: not drawn once it had samples: $(ls -l g.csv; cat err)"
	stop "$pid" TERM
	timeout 60 "$HP2X" --watch in.hp --exclude . --idle-exit 0.5 -o ex.csv 2>err || bad "--exclude .: exit $?: $(cat err)"
	"$HP2X" in.hp --exclude . -o want.csv
	cmp -s ex.csv want.csv || bad "--exclude . differs from the one-shot's"
}

run hp-grows t_hp_grows
run eventlog-grows t_eventlog_grows
run pdf-updates t_pdf_updates
run writer-killed-mid-line t_writer_killed_mid_line
run replaced-and-truncated t_replaced_and_truncated
run truncated-then-longer t_truncated_then_longer
run idle-exit t_idle_exit
run waits-for-file t_waits_for_file
run waits-for-directory t_waits_for_directory
run never-appears t_never_appears
run polling-fallback t_polling_fallback
run every-format t_every_format
run dense-grows t_dense_grows
run several-outputs t_several_outputs
run one-count t_one_count
run sigint-while-waiting t_sigint_while_waiting
run output-dir-removed t_output_dir_removed
run output-is-input t_output_is_input
run fifo-output t_fifo_output
run stdin-closed t_stdin_closed
run empty-view-at-end t_empty_view_at_end

e2e_done
