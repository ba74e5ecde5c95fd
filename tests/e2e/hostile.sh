#!/usr/bin/env bash
# tests/e2e/hostile.sh - inputs and options chosen to hurt, through the
# hp2x binary: patterns whose cost glibc's regex does not bound, profile
# text holding terminal controls, profiles of
# different measures compared, 100,000 marks, and sums a summary cannot
# compute.  (The key past a page is bad_input.sh's; ticky reports'
# limits are test_ticky's and bad_input.sh's.)
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
S=$SRC/samples

. "$SRC/tests/e2e/lib.bash"
e2e_init hostile

# Patterns whose cost has no bound in glibc's regex (hp/regex.h): usage
# errors before anything is read, and hostile names matched in linear
# time (glibc: a SIGSEGV for the nesting, minutes and 4 GB for the
# back-reference, minutes for x|[ab]*c on a 1 MB name).
costly_patterns() {
	local err deep
	{
		printf 'JOB "j"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
		printf 'BEGIN_SAMPLE 0\n'
		head -c 2000 /dev/zero | tr '\0' x
		printf '\t10\n'
		python3 -c 'print("ab" * 500000, end="")'
		printf '\t20\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n'
	} >names.hp
	deep=$(python3 -c 'print("(" * 30000 + "a" + ")" * 30000)')
	err=$(timeout 20 "$HP2X" names.hp --include "$deep" -o x.png 2>&1)
	[ $? -eq 2 ] || bad "30,000 nested groups: exit not 2"
	case $err in *"groups nested more than 32 deep"*) ;; *) bad "nesting: ${err:0:200}" ;; esac
	err=$(timeout 20 "$HP2X" names.hp --include '(x*)*\1y' -o x.png 2>&1)
	[ $? -eq 2 ] || bad "a back-reference: exit not 2"
	case $err in *"back-references (\1) are not supported"*) ;; *) bad "back-reference: $err" ;; esac
	timeout 20 "$HP2X" names.hp --exclude 'x|[ab]*c' -o x.csv 2>err
	[ $? -eq 0 ] || bad "x|[ab]*c on a 1 MB name: exit $?: $(head -c 200 err)"
	[ "$(wc -l <x.csv)" -eq 2 ] || bad "x|[ab]*c: the 1 MB band not kept alone"
}
run "costly patterns are usage errors; hostile names match in linear time" costly_patterns

# A hostile eventlog's mark labels hold ESC sequences, a line feed and
# U+009B (CSI): the message listing them writes each escaped, on one line.
hostile_labels() {
	python3 "$SRC/tests/fuzz/mkeventlog.py" hostilemarks m.eventlog || { bad "mkeventlog"; return; }
	"$HP2X" m.eventlog --from nomatch -o x.png 2>err
	[ $? -eq 1 ] || bad "exit not 1"
	[ "$(wc -l <err)" -eq 1 ] || bad "not one line: $(od -c err | head -5)"
	LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]' err &&
		bad "control characters on stderr: $(od -c err | head -5)"
	grep -qF "'red\x1b[31m', 'two\x0alines', 'csi\u009b2J'" err || bad "labels: $(cat err)"
}
run "messages quoting profile text escape control characters" hostile_labels

# terminal_text FILE: FILE is well-formed UTF-8 with no control character
# but line feeds (what may reach a terminal as it is).
terminal_text() {
	python3 -c '
import sys
t = open(sys.argv[1], "rb").read().decode("utf-8")
sys.exit(any((ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) <= 0x9f for c in t))' "$1" 2>/dev/null
}

# Band names and mark labels that are not UTF-8 (a lone 0xff, a cut
# sequence, a bare 8-bit CSI 0x9b, a surrogate): every path
# to a terminal writes them escaped or replaced, never raw: a message
# (each byte as \xNN), the watch status line, --summary's table.
not_utf8_names() {
	python3 "$SRC/tests/fuzz/mkeventlog.py" badutf8 b.eventlog || { bad "mkeventlog"; return; }
	"$HP2X" b.eventlog --from nomatch -o x.png 2>err
	[ $? -eq 1 ] || bad "exit not 1"
	terminal_text err || bad "message: $(od -c err | head -8)"
	grep -qF "'ff\xff', 'lone\xc2', 'cut\xe2\x80', 'csi\x9b2J', 'surrogate\xed\xa0\x80'" err ||
		bad "labels: $(cat err)"
	"$HP2X" --summary b.eventlog >out 2>err || bad "--summary: exit $?"
	terminal_text out || bad "--summary: $(od -c out | grep -m3 '[0-9][0-9][0-9]')"
	grep -q '^band  2J ' out || bad "--summary's band: $(grep '^band' out)"
	timeout 60 "$HP2X" --watch --idle-exit 0.3 b.eventlog -o x.csv 2>err || bad "--watch: exit $?"
	terminal_text err || bad "status line: $(od -c err | head -8)"
	grep -q "top band??2J 900 B; mark 'surrogate???'" err || bad "status line: $(cat err)"
}
run "names that are not UTF-8 reach no terminal raw" not_utf8_names

# 100,000 marks (a 2.3 MB eventlog): thinned to what the graph shows, said
# once on stderr and in the title; small outputs (main: 6.2 s and 426 MB
# to PDF, an 88 MB SVG); -y draws none and says nothing.
many_marks() {
	local f
	python3 "$SRC/tests/fuzz/mkeventlog.py" marks:100000 m.eventlog || { bad "mkeventlog"; return; }
	for f in pdf svg; do
		"$HP2X" m.eventlog -o "m.$f" 2>err || { bad "$f: exit $?"; continue; }
		[ "$(grep -c 'of 100,000 marks labelled, .* drawn: the others are too close together to show (-y draws none)' err)" -eq 1 ] ||
			bad "$f: warning: $(cat err)"
		[ "$(stat -c %s "m.$f")" -lt 500000 ] || bad "$f: $(stat -c %s "m.$f") bytes"
	done
	pdftotext m.pdf - | grep -q "of 100,000 marks labelled" || bad "no note in the title"
	"$HP2X" -y m.eventlog -o y.pdf 2>err || bad "-y: exit $?"
	[ -s err ] && bad "-y: $(cat err)"
	pdftotext y.pdf - | grep -q "mark 1" && bad "-y drew marks"
}
run "100,000 marks are thinned to what the graph can show" many_marks

# Times past a double's sums and totals past 2^64-1: the summary says what
# it cannot compute, never "-nan%" nor a sum stopped at 2^64-1 as a value.
summary_limits() {
	local hdr='JOB "j"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' t
	t=1$(printf '0%.0s' $(seq 305))
	printf "$hdr"'BEGIN_SAMPLE 0\na\t5000000\nb\t7000000\nEND_SAMPLE 0\nBEGIN_SAMPLE %s\na\t9000000\nb\t3000000\nEND_SAMPLE %s\n' "$t" "$t" >absurd.hp
	"$HP2X" --summary absurd.hp >out 2>&1 || bad "absurd times: exit $?"
	grep -qi nan out && bad "nan in the summary: $(grep -i nan out | head -2)"
	grep -q "cannot compute: the B x s in all, and so the shares" out || bad "no word on the integral: $(cat out)"
	grep -q "cannot compute: the growth of 2 bands" out || bad "no word on the growth"
	grep -q "to 1e+305 s" out || bad "the span: $(sed -n 3p out)"
	"$HP2X" --summary --diff absurd.hp absurd.hp >out 2>&1 || bad "--diff absurd times: exit $?"
	grep -qi nan out && bad "nan in the diff summary: $(grep -i nan out | head -2)"
	grep -q "cannot compute in absurd.hp: the B x s in all" out || bad "--diff: no word on the integral: $(cat out)"
	printf "$hdr"'BEGIN_SAMPLE 0\na\t18000000000000000000\nb\t17000000000000000000\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n' >big.hp
	"$HP2X" --summary big.hp >out 2>&1 || bad "big totals: exit $?"
	grep -q "peak at least 18.4 EB" out || bad "peak: $(sed -n 5p out)"
	grep -q "cannot compute: the peak (a sample's total passes 2^64-1 B" out || bad "no word on the peak"
	"$HP2X" --summary=json big.hp >out.json || bad "json: exit $?"
	[ "$(py 'import json, sys; d = json.load(open(sys.argv[1])); print("ok" if d["peak"] is None and d["peak_saturated"] else d["peak"])' out.json)" = ok ] ||
		bad "json peak: $(head -c 300 out.json)"
}
run "--summary says what it cannot compute" summary_limits

# Profiles of different measures are never subtracted nor put on one y
# scale: a message naming both, exit 1, nothing written (main drew
# "-520,752,916 bytes x seconds" and "1e+06 CPU seconds per second").
mixed_measures() {
	local a b want
	sed 's/^VALUE_UNIT "bytes"/VALUE_UNIT "words"/' "$S/fix-fixed.hp" >words.hp
	while IFS='|' read -r a b want; do
		for args in "--diff $a $b -o d.png" "--summary --diff $a $b" "$a $b -o d.pdf"; do
			# shellcheck disable=SC2086
			"$HP2X" $args >out 2>err
			[ $? -eq 1 ] || bad "$args: exit not 1"
			grep -qF "$want" err || bad "$args: $(cat err)"
			[ -e d.png ] || [ -e d.pdf ] && bad "$args: output written"
			[ -s out ] && bad "$args: a summary printed"
		done
	done <<EOF2
$S/leak-hc.hp|$S/leak-p.eventlog|$S/leak-hc.hp measures bytes (a heap profile), $S/leak-p.eventlog measures CPU seconds per second (time samples, ticks of 1 ms)
$S/fix-leak.hp|words.hp|$S/fix-leak.hp measures bytes (a heap profile), words.hp measures words (a heap profile)
$S/leak-hc.eventlog|$S/leak.ticky|$S/leak-hc.eventlog measures bytes (a heap profile), $S/leak.ticky measures bytes (a ticky report)
EOF2
	# one measure, two formats: still compared
	"$HP2X" --diff "$S/fix-leak.hp" "$S/fix-fixed.eventlog" -o d.png || bad "same measure refused"
}
run "profiles of different measures are not compared" mixed_measures

# A .hp's own VALUE_UNIT heads the CSV's value column: data, quoted as
# any field, so a comma or a line end in it adds no column and no row.
unit_as_data() {
	printf 'JOB "j"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "a,b\n=c"\nBEGIN_SAMPLE 0\nx\t1\nEND_SAMPLE 0\n' >u.hp
	"$HP2X" u.hp -o u.csv || { bad "hp2x failed"; return; }
	python3 - <<'EOF2' || bad "CSV: $(cat u.csv)"
import csv, sys
rows = list(csv.reader(open("u.csv", newline="")))
sys.exit(not (rows == [["sample", "time", "band", "a,b\n=c", "kind"], ["0", "0.000000", "x", "1", "heap"]]))
EOF2
}
run "a .hp's VALUE_UNIT is a quoted field of the CSV" unit_as_data

e2e_done
