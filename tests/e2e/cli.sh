#!/usr/bin/env bash
# tests/e2e/cli.sh - the hp2x command through its binary ($HP2X): help and
# version, usage errors (exit 2), hp2ps's naming (FOO -> ./FOO.ps and
# ./FOO.aux), every output format by its magic bytes, standard input and
# output, warnings and -q, malformed input (exit 1, "FILE:LINE:", no file
# left, an older output kept), several -o from one read (each written,
# one failing not keeping the others), the exact .hp round trip of every
# real profile, and GHC's hp2ps accepting what hp2x writes.
#
# Each case runs in a fresh directory; a failed check prints FAIL and the
# script ends with "N passed, N failed" and a non-zero exit when any failed.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
HPDATA=$SRC/tests/data/hp
EVDATA=$SRC/tests/data/ghc-events

. "$SRC/tests/e2e/lib.bash"
e2e_init cli

# A small, complete profile and a truncated and a malformed one.
small_hp() {
	cat <<'EOF'
JOB "FOO +RTS -hT"
DATE "Thu Jan  1 00:00 2026"
SAMPLE_UNIT "seconds"
VALUE_UNIT "bytes"
BEGIN_SAMPLE 0.00
END_SAMPLE 0.00
BEGIN_SAMPLE 0.50
(1)main	1000
(2)foo bar	2000
END_SAMPLE 0.50
MARK 0.75
BEGIN_SAMPLE 1.00
(1)main	3000
(2)foo bar	500
END_SAMPLE 1.00
EOF
}

truncated_hp() {
	small_hp
	printf 'BEGIN_SAMPLE 1.50\n(1)main\t10\n'
}

malformed_hp() {
	small_hp | sed '7s/.*/BEGIN_SAMPLE soon/'
}

magic() {	# magic FILE N: the first N bytes in hex
	head -c "$2" "$1" | od -An -tx1 | tr -d ' \n'
}

# ---- help, version, usage errors ----

t_help() {
	local opt
	"$HP2X" --help >out 2>err || bad "--help failed"
	[ ! -s err ] || bad "--help wrote to stderr"
	for opt in -b --big-title -s --small-title -c --colour --color -d \
		-i --sort= -e --eps= -g --gs -m --bands= -M --multipage \
		-p --prior -t --trace= -y --no-marks -o --output= --format= \
		--aux --size= --dpi= --heap-size --exact -q --quiet -w \
		--watch --interval= --idle-exit= -h --help --version; do
		grep -q -e "$opt" out || bad "--help lacks $opt"
	done
	grep -q 'hp2x FOO.hp -o FOO.pdf' out || bad "--help lacks examples"
	"$HP2X" -h | cmp -s - out || bad "-h differs from --help"
}

# One line for a bug report: hp2x's version and those of the libraries
# it runs with, as the libraries themselves say them (here, those
# pkg-config knows: the machine runs what it builds with).  A zlib put in
# front of the real one (LD_PRELOAD) must show: the versions are asked at
# run time, not taken from the headers at build time.
t_version() {
	local want
	"$HP2X" --version >out 2>err || bad "--version failed"
	[ ! -s err ] || bad "--version wrote to stderr: $(cat err)"
	want="hp2x [0-9]+\.[0-9]+\.[0-9]+ \(cairo $(pkg-config --modversion cairo), pango $(pkg-config --modversion pango), zlib $(pkg-config --modversion zlib), libmicrohttpd $(pkg-config --modversion libmicrohttpd)\)"
	[ "$(wc -l <out)" -eq 1 ] && grep -Eqx "$want" out ||
		bad "version: $(cat out) (wanted $want)"
	printf 'const char *zlibVersion(void) { return "9.8.7-shim"; }\n' >shim.c
	${CC:-cc} -shared -fPIC -o shim.so shim.c || { bad "cannot build the shim"; return; }
	LD_PRELOAD=$PWD/shim.so ASAN_OPTIONS=$ASAN_OPTIONS:verify_asan_link_order=0 \
		"$HP2X" --version >out 2>err || bad "--version with the shim: $(cat err)"
	grep -q ', zlib 9\.8\.7-shim,' out || bad "zlib's version is not the one loaded: $(cat out)"
}

t_usage_errors() {
	small_hp >FOO.hp
	expect_status 2 "$HP2X" --bogus FOO.hp 2>err >out
	grep -qx "hp2x: unknown option '--bogus' (see hp2x --help)" err ||
		bad "message: $(cat err)"
	[ ! -s out ] || bad "stdout not empty"
	expect_status 2 "$HP2X" -l FOO.hp 2>err
	grep -q "^hp2x: unknown option '-l'" err || bad "-l: $(cat err)"
	expect_status 2 "$HP2X" -t6 FOO.hp 2>err
	grep -q "^hp2x: .*'-t'.*(see hp2x --help)$" err || bad "-t6: $(cat err)"
	expect_status 2 "$HP2X" -e2in FOO.hp 2>/dev/null
	expect_status 2 "$HP2X" -m-1 FOO.hp 2>/dev/null
	expect_status 2 "$HP2X" FOO.hp -o FOO.txt 2>err
	grep -q "FOO.txt" err || bad "unknown extension: $(cat err)"
	expect_status 2 "$HP2X" FOO.hp other.hp 2>/dev/null
	expect_status 2 "$HP2X" --format=gif FOO.hp 2>/dev/null
	expect_status 2 "$HP2X" FOO.hp -o 2>/dev/null
	# Nothing may have been written by a refused command line.
	[ "$(ls)" = "$(printf 'FOO.hp\nerr\nout')" ] || bad "files: $(ls)"
}

t_watch_usage() {
	small_hp >FOO.hp
	# Watch mode itself is tested by watch.sh; here only its usage errors.
	expect_status 2 "$HP2X" -w <FOO.hp 2>err
	grep -q "needs a file to watch" err || bad "$(cat err)"
	expect_status 2 "$HP2X" -w - <FOO.hp 2>err
	grep -q "needs -o FILE" err || bad "$(cat err)"
	expect_status 2 "$HP2X" -w FOO.hp -o - 2>err
	grep -q "standard output" err || bad "$(cat err)"
	expect_status 2 "$HP2X" FOO.hp --interval=1 -o x.pdf 2>err
	grep -q "only with --watch" err || bad "$(cat err)"
	[ ! -e x.pdf ] || bad "x.pdf written"
}

t_manpage() {
	local opt
	groff -man -Tutf8 -ww -z "$SRC/hp2x.1" >out 2>&1 || bad "groff failed"
	[ ! -s out ] || bad "groff warns: $(head -3 out)"
	# Every long option of --help is documented.
	sed 's/\\-/-/g' "$SRC/hp2x.1" >page
	for opt in $("$HP2X" --help | grep -o -e '--[a-z][a-z-]*' | sort -u); do
		grep -q -e "$opt" page || bad "hp2x.1 lacks $opt"
	done
	# So is every format of the table (convert/formats.c), which --help
	# lists by extension.
	for opt in $("$HP2X" --help | tr ' ();,' '\n\n\n\n\n' |
		     grep -x -e '\.[a-z][a-z.]*' | sort -u); do
		grep -q -e "^\.BR\? $opt\b" page || bad "hp2x.1 lacks $opt"
	done
	grep -q '^\.B sample,time,band,bytes,kind$' page || bad "hp2x.1 lacks the CSV header"
}

# ---- hp2ps's naming ----

t_hp2ps_naming() {
	small_hp >FOO.hp
	"$HP2X" FOO 2>err || bad "hp2x FOO failed: $(cat err)"
	[ "$(head -c 10 FOO.ps)" = "%!PS-Adobe" ] || bad "FOO.ps is not PostScript"
	grep -q '^X_RANGE ' FOO.aux || bad "FOO.aux lacks X_RANGE"
	grep -q '^ORDER (1)main ' FOO.aux || bad "FOO.aux lacks ORDER"
	rm FOO.ps FOO.aux
	"$HP2X" FOO.hp 2>err || bad "hp2x FOO.hp failed: $(cat err)"
	[ -s FOO.ps ] && [ -s FOO.aux ] || bad "FOO.hp: no FOO.ps/FOO.aux"
	# Into the current directory, named after the basename.
	mkdir -p sub dir.v2 here
	small_hp >sub/z.hp
	small_hp >dir.v2/foo.hp
	(cd here && "$HP2X" ../sub/z.hp && "$HP2X" ../dir.v2/foo) ||
		bad "sub/z.hp or dir.v2/foo failed"
	[ "$(cd here && ls | tr '\n' ' ')" = "foo.aux foo.ps z.aux z.ps " ] ||
		bad "here holds: $(ls here)"
	[ ! -e sub/z.ps ] || bad "z.ps written beside the input"
	# Friendlier than hp2ps: a name that exists is read as is.
	small_hp >notes.txt
	"$HP2X" notes.txt || bad "notes.txt failed"
	[ -s notes.txt.ps ] || bad "notes.txt: no notes.txt.ps"
	expect_status 1 "$HP2X" NOPE 2>err
	grep -q "NOPE.hp" err || bad "missing input: $(cat err)"
	[ ! -e NOPE.ps ] || bad "NOPE.ps written"
}

t_prior_aux() {
	small_hp >FOO.hp
	# -p without an aux: hp2ps's error, exit 1, nothing written.
	expect_status 1 "$HP2X" -p FOO 2>err
	grep -q "^hp2x: cannot open FOO.aux" err || bad "$(cat err)"
	[ ! -e FOO.ps ] || bad "FOO.ps written without its aux"
	"$HP2X" FOO || bad "first run"
	cp FOO.aux BAR.aux
	small_hp | sed 's/(2)foo bar\t500/(3)baz\t9000/' >BAR.hp
	"$HP2X" -pc BAR 2>err || bad "-pc BAR: $(cat err)"
	[ -s BAR.ps ] || bad "no BAR.ps"
	grep -q '^ORDER (1)main ' BAR.aux || bad "BAR.aux lost the prior order"
	# With -o the aux is written only when asked for, beside OUTPUT.
	"$HP2X" FOO.hp -o out.pdf || bad "-o out.pdf"
	[ ! -e out.aux ] || bad "out.aux written without --aux"
	"$HP2X" --aux FOO.hp -o out.pdf || bad "--aux"
	grep -q '^Y_RANGE ' out.aux || bad "out.aux not written"
	"$HP2X" -p FOO.hp -o out.pdf || bad "-p -o out.pdf"
	# -p with -o: the prior .aux is the input's, as hp2ps names it
	# (BAR.aux here), read and rewritten; none beside the output.
	rm -f tp.aux
	cp FOO.aux BAR.aux
	"$HP2X" -p -c BAR -o tp.png 2>err || bad "-p -c BAR -o tp.png: $(cat err)"
	[ ! -e tp.aux ] || bad "-p -o tp.png read or wrote tp.aux"
	grep -q '^ORDER (1)main ' BAR.aux || bad "BAR.aux not the one read and rewritten"
	# --aux-in and --aux-out name the files.
	"$HP2X" --aux-in BAR.aux --aux-out new.aux BAR.hp -o x.pdf 2>err ||
		bad "--aux-in/--aux-out: $(cat err)"
	grep -q '^ORDER (1)main ' new.aux || bad "new.aux: $(head -3 new.aux)"
	# Data formats and standard output never touch an aux.
	rm out.aux
	"$HP2X" -p FOO.hp -o - >/dev/null 2>&1 || bad "-p -o -"
	[ ! -e out.aux ] && [ ! -e -.aux ] || bad "aux for stdout"
}

# ---- formats ----

t_formats() {
	local f
	small_hp >FOO.hp
	for f in ps eps pdf svg png hp csv json PDF; do
		"$HP2X" FOO.hp -o "out.$f" 2>err || bad "-o out.$f: $(cat err)"
	done
	[ "$(head -c 10 out.ps)" = "%!PS-Adobe" ] || bad "ps magic"
	head -1 out.eps | grep -q '^%!PS-Adobe-[0-9.]* EPSF-' || bad "eps magic"
	grep -q '^%%BoundingBox: ' out.eps || bad "eps bounding box"
	[ "$(head -c 5 out.pdf)" = "%PDF-" ] || bad "pdf magic"
	[ "$(head -c 5 out.PDF)" = "%PDF-" ] || bad "PDF magic"
	grep -q '<svg' out.svg || bad "svg root"
	xmllint --noout out.svg 2>/dev/null || bad "svg is not XML"
	[ "$(magic out.png 8)" = 89504e470d0a1a0a ] || bad "png magic"
	[ "$(head -1 out.hp)" = 'JOB "FOO +RTS -hT"' ] || bad "hp: $(head -1 out.hp)"
	[ "$(head -1 out.csv)" = "sample,time,band,bytes,kind" ] || bad "csv header"
	grep -q '"foo bar"\|foo bar' out.csv || bad "csv lacks a band"
	[ "$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
		print scalar(@{$j->{samples}}), " ", scalar(@{$j->{bands}})' <out.json)" = "3 2" ] ||
		bad "json does not parse, or lacks samples and bands"
	# --format overrides the extension; -e makes PostScript EPS.
	"$HP2X" FOO.hp -o weird.bin --format=pdf || bad "--format=pdf"
	[ "$(head -c 5 weird.bin)" = "%PDF-" ] || bad "--format=pdf magic"
	"$HP2X" -e15cm FOO.hp -o e.ps || bad "-e15cm -o e.ps"
	head -1 e.ps | grep -q 'EPSF-' || bad "-e did not make EPS"
	"$HP2X" -c -e15cm FOO.hp -o e.eps || bad "-c -e15cm"
	grep -q '^%%BoundingBox: 0 0 425 ' e.eps ||
		bad "15cm box: $(grep BoundingBox e.eps)"
	"$HP2X" -e5in FOO.hp -o e.pdf || bad "-e5in -o e.pdf"
	[ "$(head -c 5 e.pdf)" = "%PDF-" ] || bad "-e changed a pdf"
	gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=nullpage out.ps >/dev/null 2>&1 ||
		bad "gs refuses out.ps"
	# Output files get the mode a new file gets (0666 & ~umask).
	(umask 022 && "$HP2X" FOO.hp -o m1.pdf) && (umask 077 && "$HP2X" FOO.hp -o m2.pdf)
	[ "$(stat -c %a m1.pdf m2.pdf | tr '\n' ' ')" = "644 600 " ] ||
		bad "modes: $(stat -c %a m1.pdf m2.pdf)"
}

# Several -o: every file written from one read, each in
# its extension's format and as the run with that -o alone writes it;
# the .aux goes with the first graph; one output that cannot be written
# does not keep the others, the run says which and exits 1; what names
# no format, - and --format among several, and one file named twice,
# are refused before anything is written.
t_several_outputs() {
	local f
	small_hp >FOO.hp
	small_hp | sed 's/foo bar/baz/' >BAR.hp
	"$HP2X" FOO.hp -o a.html -o a.json -o a.svg -o a.ps -o a.csv --aux 2>err ||
		bad "five outputs: $(cat err)"
	for f in html json ps csv; do
		"$HP2X" FOO.hp -o "one.$f" 2>/dev/null
		cmp -s "a.$f" "one.$f" || bad "a.$f differs from -o one.$f alone"
	done
	grep -q '<svg' a.svg && xmllint --noout a.svg 2>/dev/null || bad "a.svg"
	"$HP2X" FOO.hp -o one.svg --aux 2>/dev/null
	cmp -s a.aux one.aux || bad "a.aux (the first graph's) differs from -o one.svg --aux's"
	# One output failing: the others written, each failure named, exit 1.
	expect_status 1 "$HP2X" FOO.hp -o ok.json -o nodir/x.svg -o ok.csv -o nodir/y.pdf 2>err
	cmp -s ok.json one.json && cmp -s ok.csv one.csv ||
		bad "the outputs that could be written were not"
	grep -q 'nodir/x.svg' err && grep -q 'nodir/y.pdf' err || bad "failures not named: $(cat err)"
	ls -a | grep -q 'XXXXXX\|\.tmp' && bad "a temporary left: $(ls -a)"
	# -p: the prior .aux read once, for every graph, rewritten once.
	cp one.aux FOO.aux
	"$HP2X" -p FOO.hp -o p.pdf -o p.png -o p.json 2>err || bad "-p: $(cat err)"
	[ -s p.pdf ] && [ -s p.png ] && [ -s p.json ] && [ ! -e p.aux ] ||
		bad "-p with three -o: $(ls)"
	# --summary, several inputs and --diff draw each -o too.
	"$HP2X" --summary FOO.hp -o s.json -o s.hp >/dev/null 2>err || bad "--summary: $(cat err)"
	cmp -s s.json one.json && [ -s s.hp ] || bad "--summary's outputs"
	"$HP2X" FOO.hp BAR.hp -o m.pdf -o m.html 2>err || bad "several inputs: $(cat err)"
	[ "$(head -c 5 m.pdf)" = "%PDF-" ] && grep -q '<html' m.html || bad "several inputs' outputs"
	"$HP2X" --diff FOO.hp BAR.hp -o d.svg -o d.png 2>err || bad "--diff: $(cat err)"
	[ -s d.svg ] && [ -s d.png ] || bad "--diff's outputs"
	# Refused (exit 2, nothing written): a name without a format, -
	# or --format among several, a name given twice; and (exit 1) one
	# file under two names.
	rm -f r.*
	expect_status 2 "$HP2X" FOO.hp -o r.json -o r.txt 2>err
	grep -q "r.txt" err || bad "$(cat err)"
	expect_status 2 "$HP2X" FOO.hp -o r.json -o - 2>err
	grep -q "standard output" err || bad "$(cat err)"
	expect_status 2 "$HP2X" FOO.hp -o r.json -o r.pdf --format=svg 2>err
	grep -q -- "--format" err || bad "$(cat err)"
	expect_status 2 "$HP2X" FOO.hp -o r.json -o r.json 2>err
	grep -q "twice" err || bad "$(cat err)"
	expect_status 1 "$HP2X" FOO.hp -o r.json -o ./r.json 2>err
	grep -q "same file" err || bad "$(cat err)"
	expect_status 1 "$HP2X" FOO.hp -o r.json -o FOO.hp 2>err
	grep -q "overwrite the input" err || bad "$(cat err)"
	[ -z "$(ls r.* 2>/dev/null)" ] || bad "a refused run wrote $(ls r.*)"
	cmp -s FOO.hp <(small_hp) || bad "the input was replaced"
}

t_stdout_stdin() {
	small_hp >FOO.hp
	"$HP2X" FOO.hp -o - >out 2>err || bad "-o -"
	[ "$(head -c 10 out)" = "%!PS-Adobe" ] || bad "-o - is not PostScript"
	"$HP2X" FOO.hp -o - --format=pdf >out || bad "-o - --format=pdf"
	[ "$(head -c 5 out)" = "%PDF-" ] || bad "-o - --format=pdf magic"
	"$HP2X" --format=csv FOO.hp -o - | head -1 | grep -qx 'sample,time,band,bytes,kind' ||
		bad "csv to stdout"
	# hp2ps's filter mode: stdin to stdout, no files.
	"$HP2X" <FOO.hp >out 2>err || bad "filter mode: $(cat err)"
	[ "$(head -c 10 out)" = "%!PS-Adobe" ] || bad "filter mode output"
	"$HP2X" - -o x.csv <FOO.hp || bad "- -o x.csv"
	[ "$(head -1 x.csv)" = "sample,time,band,bytes,kind" ] || bad "stdin to csv"
	[ "$(ls | tr '\n' ' ')" = "FOO.hp err out x.csv " ] || bad "files: $(ls)"
	# Errors name stdin.
	malformed_hp >M.hp
	expect_status 1 "$HP2X" -o x.pdf <M.hp 2>err
	grep -q '^hp2x: stdin:7:' err || bad "stdin error: $(cat err)"
}

# ---- warnings and errors ----

t_truncated() {
	truncated_hp >T.hp
	"$HP2X" T.hp -o t.pdf 2>err || bad "truncated file failed: $(cat err)"
	[ "$(grep -c '^hp2x: warning: T.hp:16: ' err)" = 1 ] || bad "warnings: $(cat err)"
	[ "$(grep -c '^hp2x: ' err)" = 1 ] || bad "stderr: $(cat err)"
	[ "$(head -c 5 t.pdf)" = "%PDF-" ] || bad "no pdf"
	"$HP2X" -q T.hp -o t2.pdf 2>err || bad "-q failed"
	! grep -q '^hp2x:' err || bad "-q printed: $(cat err)"
	# A real profile cut anywhere still reads, with one warning.
	head -c 500000 "$HPDATA/hackage-query.hp" >cut.hp
	"$HP2X" cut.hp -o cut.csv 2>err || bad "cut profile failed: $(cat err)"
	[ "$(grep -c '^hp2x: warning: cut.hp:' err)" = 1 ] || bad "cut: $(cat err)"
}

t_malformed() {
	malformed_hp >M.hp
	expect_status 1 "$HP2X" M.hp -o m.pdf 2>err
	grep -q '^hp2x: M.hp:7: ' err || bad "message: $(cat err)"
	[ "$(ls | tr '\n' ' ')" = "M.hp err " ] || bad "left behind: $(ls)"
	# hp2ps would have truncated FOO.ps; hp2x keeps the older outputs.
	echo old >M.ps
	echo old-aux >M.aux
	echo old >m.pdf
	expect_status 1 "$HP2X" M 2>/dev/null
	expect_status 1 "$HP2X" M.hp -o m.pdf 2>/dev/null
	[ "$(cat M.ps M.aux m.pdf | tr '\n' ' ')" = "old old-aux old " ] ||
		bad "older output clobbered"
	[ "$(ls | wc -l)" = 5 ] || bad "temporaries left: $(ls)"
	: >empty.hp
	expect_status 1 "$HP2X" empty.hp -o e.pdf 2>err
	grep -q '^hp2x: empty.hp' err || bad "empty: $(cat err)"
	[ ! -e e.pdf ] || bad "e.pdf written"
	expect_status 1 "$HP2X" missing.hp -o e.pdf 2>err
	grep -q '^hp2x: cannot open missing.hp' err || bad "missing: $(cat err)"
}

# ---- real profiles ----

# Canonical content of a .hp file: "S i time", "V i name<TAB>bytes" for
# every complete sample (duplicates summed, zeros dropped), "M time" for
# marks, sorted.  Times are compared as doubles.
canon() {
	awk '
	function num(s) { gsub(/,/, ".", s); return sprintf("%.17g", s + 0) }
	{ sub(/\r$/, "") }
	!ins && /^MARK[ \t]/ { print "M " num($2); next }
	/^BEGIN_SAMPLE[ \t]/ && !ins { ins = 1; t = $2; nb = 0; split("", val); split("", ord); next }
	/^END_SAMPLE[ \t]/ && ins {
		print "S " n " " num(t)
		for (k = 1; k <= nb; k++)
			if (val[ord[k]] != 0)
				print "V " n " " ord[k] "\t" val[ord[k]]
		n++; ins = 0; next
	}
	ins {
		line = $0; sub(/^[ \t]+/, "", line)
		if (match(line, /\t[ \t]*[0-9]+[ \t]*$/) || match(line, /[ \t]+[0-9]+[ \t]*$/)) {
			name = substr(line, 1, RSTART - 1); v = substr(line, RSTART)
			gsub(/[ \t]/, "", v)
			if (!(name in val)) { ord[++nb] = name; val[name] = v }
			else val[name] = sprintf("%.0f", val[name] + v)
		}
	}' "$1" | LC_ALL=C sort
}

roundtrip_one() {	# roundtrip_one SOURCE NAME
	local src=$1 x=$2
	case $src in
	*.gz) gzip -dc "$src" >"$x.hp" ;;
	*) cp "$src" "$x.hp" ;;
	esac
	"$HP2X" -q "$src" -o "$x.y.hp" || { bad "$x: reading failed"; return 1; }
	"$HP2X" -q "$x.y.hp" -o "$x.z.hp" || { bad "$x: rereading failed"; return 1; }
	cmp -s "$x.y.hp" "$x.z.hp" || bad "$x: .hp -> .hp is not idempotent"
	canon "$x.hp" >"$x.want"
	canon "$x.y.hp" >"$x.got"
	[ -s "$x.want" ] || bad "$x: canon found nothing"
	cmp -s "$x.want" "$x.got" ||
		bad "$x: samples differ: $(diff "$x.want" "$x.got" | head -5)"
	[ "$(grep -c '^JOB ' "$x.y.hp")" = 1 ] || bad "$x: JOB lines"
	# GHC's hp2ps reads what hp2x writes, and gs reads what hp2ps writes,
	# whenever hp2ps reads the original (it cannot read TABs in names,
	# samples/tabbed-*.hp, and neither hp2x's copy).
	mkdir "gh-$x" "orig-$x" && cp "$x.y.hp" "gh-$x/p.hp" && cp "$x.hp" "orig-$x/p.hp"
	(cd "orig-$x" && hp2ps p.hp >/dev/null 2>&1) || return 0
	(cd "gh-$x" && hp2ps p.hp >/dev/null 2>&1) || bad "$x: hp2ps refused it"
	gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=nullpage "gh-$x/p.ps" >/dev/null 2>&1 ||
		bad "$x: gs refused hp2ps's output"
	hp2ps_checked=$((hp2ps_checked + 1))
}

t_roundtrip() {
	local f n=0
	hp2ps_checked=0
	for f in "$HPDATA"/*.hp "$HPDATA"/*.hp.gz "$SRC"/samples/*.hp; do
		[ -e "$f" ] || continue
		n=$((n + 1))
		roundtrip_one "$f" "r$n" || return 1
	done
	[ "$n" -ge 5 ] || bad "only $n profiles found"
	[ "$hp2ps_checked" -ge 5 ] || bad "hp2ps read only $hp2ps_checked originals"
}

t_gzip_and_eventlog() {
	"$HP2X" "$HPDATA/Describe2.hp.gz" -o d.hp 2>err || bad "Describe2: $(cat err)"
	[ "$(grep -c '^BEGIN_SAMPLE ' d.hp)" = 508 ] || bad "Describe2: wanted 508 samples"
	cp "$HPDATA/Describe2.hp.gz" .
	"$HP2X" -q Describe2.hp.gz || bad "hp2x Describe2.hp.gz"
	[ -s Describe2.ps ] && [ -s Describe2.aux ] || bad "Describe2.ps/.aux: $(ls)"
	cp "$EVDATA/stop.hT.eventlog" prog.eventlog
	"$HP2X" -q prog.eventlog 2>err || bad "eventlog: $(cat err)"
	[ -s prog.ps ] && [ -s prog.aux ] || bad "prog.ps/.aux: $(ls)"
	"$HP2X" -q prog.eventlog -o prog.svg || bad "eventlog to svg"
	# An eventlog written out as .hp is a profile GHC's hp2ps draws.
	local f n=0
	for f in "$SRC"/samples/leak-*.eventlog; do
		[ -e "$f" ] || continue
		n=$((n + 1))
		mkdir "ev$n"
		"$HP2X" -q "$f" -o "ev$n/p.hp" || bad "$f: eventlog to .hp"
		(cd "ev$n" && hp2ps p.hp >/dev/null 2>&1) || bad "$f: hp2ps refused the .hp"
	done
	[ "$n" -ge 1 ] || bad "no samples/leak-*.eventlog"
}

# No arguments: on a terminal the usage (exit 2), not a silent wait on
# standard input; from a pipe, hp2ps's filter mode as before.
t_no_arguments_on_a_terminal() {
	local rc
	timeout 20 script -qec "$HP2X" /dev/null </dev/null >tty.out 2>&1
	rc=$?
	[ $rc -eq 2 ] || bad "on a terminal: exit $rc, want 2: $(head -3 tty.out)"
	grep -q 'usage: hp2x' tty.out || bad "no usage: $(head -3 tty.out)"
	small_hp | "$HP2X" >piped.ps 2>err || bad "from a pipe: $(cat err)"
	head -c 4 piped.ps | grep -q '%!PS' || bad "from a pipe: no PostScript"
}

# -t leaves the smallest bands out, as hp2ps does; --help and the man
# page once said they were merged into OTHER.
t_trace_text() {
	"$HP2X" --help | grep -A2 -- '-t<PCT>' | tr -s ' \n' ' ' |
		grep -q 'they are not drawn, nor in OTHER' || bad "--help's -t is not the truth"
	"$HP2X" --help | grep -A2 -- '-t<PCT>' | grep -qi merge && bad "--help's -t says merge"
	sed -n '/^\.BI \\-t pct/,/^\.TP/p' "$SRC/hp2x.1" | tr '\n' ' ' |
		grep -q 'neither drawn nor part of \.BR OTHER' || bad "hp2x.1's -t is not the truth"
}

# The same profile gives the same PDF, PS and EPS bytes, whenever drawn:
# the date they carry is the profile's DATE (hp2ps's %%CreationDate), or
# SOURCE_DATE_EPOCH; cairo's own stamp (the time of drawing) is replaced.
t_reproducible() {
	local f
	small_hp >in.hp
	for f in pdf ps eps; do
		"$HP2X" in.hp -o "a.$f" || bad "hp2x -o a.$f failed"
	done
	grep -aq '^%%CreationDate: Thu Jan  1 00:00 2026$' a.ps || bad "PS date: $(grep -a CreationDate a.ps)"
	grep -aq '^%%CreationDate: Thu Jan  1 00:00 2026$' a.eps || bad "EPS date: $(grep -a CreationDate a.eps)"
	grep -aq '/CreationDate (20260101000000)' a.pdf || bad "PDF date: $(grep -a CreationDate a.pdf)"
	gs -q -dNOPAUSE -dBATCH -sDEVICE=nullpage a.ps || bad "gs rejects the PS with its date"
	SOURCE_DATE_EPOCH=1700000000 "$HP2X" in.hp -o b.pdf || bad "SOURCE_DATE_EPOCH run failed"
	grep -aq '/CreationDate (20231114221320)' b.pdf || bad "SOURCE_DATE_EPOCH ignored: $(grep -a CreationDate b.pdf)"
	SOURCE_DATE_EPOCH=1700000000 "$HP2X" in.hp -o b.ps || bad "SOURCE_DATE_EPOCH run failed"
	grep -aq '^%%CreationDate: Tue Nov 14 22:13:20 2023$' b.ps || bad "SOURCE_DATE_EPOCH ignored in PS"
	expect_status 2 env SOURCE_DATE_EPOCH=soon "$HP2X" in.hp -o c.pdf 2>err
	grep -q "SOURCE_DATE_EPOCH.*'soon'" err || bad "bad SOURCE_DATE_EPOCH: $(cat err)"
	[ ! -e c.pdf ] || bad "c.pdf written despite the error"
}

run help t_help
run trace-text t_trace_text
run no-arguments-on-a-terminal t_no_arguments_on_a_terminal
run manpage t_manpage
run version t_version
run usage-errors t_usage_errors
run watch-usage t_watch_usage
run hp2ps-naming t_hp2ps_naming
run prior-aux t_prior_aux
run formats t_formats
run several-outputs t_several_outputs
run stdout-stdin t_stdout_stdin
run truncated t_truncated
run malformed t_malformed
run roundtrip t_roundtrip
run gzip-and-eventlog t_gzip_and_eventlog
run reproducible t_reproducible

e2e_done
