#!/usr/bin/env bash
# tests/e2e/budgets.sh - heap budgets for CI: --max-peak,
# --max-growth and --diff --fail-if-larger on real profiles (a run that
# leaks and its fix, samples/fix-*; two builds of one program,
# tests/data/builds/leak-*.hp), the exit status 4 with the outputs
# written, a line per breach on stderr, and --summary=markdown read by
# cmark-gfm (GitHub's own Markdown reader) with names chosen to break it.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
S=$SRC/samples
BUILDS=$SRC/tests/data/builds

. "$SRC/tests/e2e/lib.bash"
e2e_init budgets

# has FILE LINE: FILE holds LINE, whole.
has() {
	grep -qxF -- "$2" "$1" || bad "no line '$2' in: $(cat "$1")"
}

# The run that leaks breaks both budgets, its fix keeps them: the total's
# peak, and the growth of the band that leaks (--summary's slope).
leak_and_fix() {
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --max-peak=50MB --max-growth=1MB/s 2>err
	has err "hp2x: budget: $S/fix-leak.eventlog: total peak 66.6 MB (66583944 B) at 7.540 s is over --max-peak=50MB"
	has err "hp2x: budget: $S/fix-leak.eventlog: band 'samples/main' grows +2.16 MB/s from 0.033 to 7.678 s, faster than --max-growth=1MB/s"
	[ "$(wc -l <err)" -eq 2 ] || bad "not two lines: $(cat err)"
	expect_status 0 "$HP2X" "$S/fix-fixed.eventlog" --max-peak=1MB --max-growth=1kB/s 2>err
	[ -s err ] && bad "a kept budget said: $(cat err)"
	# the .hp of the same run: the same verdict, the .hp's clock
	expect_status 4 "$HP2X" "$S/fix-leak.hp" --max-growth=1MB/s 2>err
	has err "hp2x: budget: $S/fix-leak.hp: band '(305)samples/main' grows +72.2 MB/s from 0.000 to 0.259 s, faster than --max-growth=1MB/s"
	has err "hp2x: budget: $S/fix-leak.hp: band '(303)countKeys.step/countK...' grows +40.2 MB/s from 0.000 to 0.259 s, faster than --max-growth=1MB/s"
	expect_status 0 "$HP2X" "$S/fix-fixed.hp" --max-growth=1kB/s
	# nothing is drawn without -o (as --summary): no hp2ps-named file
	[ "$(ls)" = err ] || bad "files written without -o: $(ls)"
}
run "a leak breaks --max-peak and --max-growth, its fix keeps them" leak_and_fix

# A window by mark labels: the steady phase, not the start-up.
window() {
	expect_status 0 "$HP2X" "$S/fix-leak.eventlog" --max-growth=5MB/s
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --from mean --max-growth=5MB/s 2>err
	has err "hp2x: budget: $S/fix-leak.eventlog: band 'samples/main' grows +11.7 MB/s from 6.442 to 7.678 s, faster than --max-growth=5MB/s"
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --from 'count keys' --to mean --max-growth=1MB/s 2>err
	has err "hp2x: budget: $S/fix-leak.eventlog: band 'countKeys.step/countKeys/main' grows +3.06 MB/s from 0.033 to 6.309 s, faster than --max-growth=1MB/s"
	[ "$(wc -l <err)" -eq 1 ] || bad "samples/main judged outside the window: $(cat err)"
	# the peak within the window
	expect_status 0 "$HP2X" "$S/fix-leak.eventlog" --to mean --max-peak=41MB
}
run "--from/--to (a mark's label) bound what a budget judges" window

# With --include/--exclude each kept band is judged, not the total.
bands() {
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --max-peak=50MB 2>/dev/null
	expect_status 0 "$HP2X" "$S/fix-leak.eventlog" --max-peak=50MB --include countKeys
	expect_status 0 "$HP2X" "$S/fix-leak.eventlog" --max-peak=50MB --exclude samples
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --max-peak=30MB --exclude samples 2>err
	has err "hp2x: budget: $S/fix-leak.eventlog: band 'countKeys.step/countKeys/main' peak 40 MB (39967696 B) at 5.330 s is over --max-peak=30MB"
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --max-peak=100B --include CAF 2>err
	[ "$(wc -l <err)" -eq 3 ] || bad "not one line for each of the 3 CAFs over: $(cat err)"
}
run "--include/--exclude: every kept band's peak" bands

# SIZE, RATE and PCT: units, and a bad value is a usage error naming
# the option (exit 2).
values() {
	# the peak is 66,583,944 bytes = 63.499... MiB
	expect_status 0 "$HP2X" "$S/fix-leak.eventlog" --max-peak=66583944
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --max-peak=66583943 2>/dev/null
	expect_status 0 "$HP2X" "$S/fix-leak.eventlog" --max-peak=63.5MiB
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --max-peak=63.4MiB 2>/dev/null
	expect_status 0 "$HP2X" "$S/fix-leak.eventlog" --max-peak 0.07GB
	expect_status 0 "$HP2X" "$S/fix-leak.eventlog" --max-peak=66584kB
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --max-peak=66583kB 2>/dev/null
	expect_status 0 "$HP2X" "$S/fix-leak.eventlog" --max-growth=2200KiB/s
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --max-growth=2000KiB/s 2>/dev/null
	local a
	for a in --max-peak=10mb --max-peak=-1MB --max-peak=MB --max-peak= \
		 --max-peak=1e30 --max-peak=nan --max-peak='5 MB' \
		 --max-growth=5MB --max-growth=5MB/min --max-growth=x/s \
		 --fail-if-larger=5pct --fail-if-larger=-1 --fail-if-larger=%; do
		"$HP2X" --diff "$S/fix-fixed.eventlog" "$S/fix-leak.eventlog" "$a" 2>err
		[ $? -eq 2 ] || bad "$a: exit not 2"
		grep -qF "option '${a%%=*}' wants" err || bad "$a: $(cat err)"
	done
	expect_status 2 "$HP2X" "$S/fix-leak.eventlog" --fail-if-larger=5 2>/dev/null
	expect_status 2 "$HP2X" -w "$S/fix-leak.eventlog" --max-peak=1MB -o x.png 2>/dev/null
	# bytes are what a budget counts: a time profile's ticks are refused
	expect_status 1 "$HP2X" "$S/leak-p.eventlog" --max-peak=1MB 2>err
	grep -qF "its values are ticks, not bytes" err || bad "time profile: $(cat err)"
}
run "SIZE, RATE and PCT: units, and bad values exit 2" values

# A breached budget still writes what -o asks for (each -o), then exits 4.
outputs() {
	expect_status 4 "$HP2X" "$S/fix-leak.hp" --max-peak=1MB -o g.png 2>err
	file g.png | grep -q "PNG image" || bad "no PNG written"
	[ "$(wc -l <err)" -eq 1 ] || bad "not one line: $(cat err)"
	expect_status 4 "$HP2X" "$S/fix-leak.hp" --max-peak=1MB --summary -o g.csv >sum 2>/dev/null
	head -1 g.csv | grep -q "^sample,time,band,bytes,kind" || bad "no CSV written"
	grep -q "^band " sum || bad "no summary printed"
	expect_status 4 "$HP2X" --diff "$S/fix-fixed.hp" "$S/fix-leak.hp" --fail-if-larger=5 -o d.svg -o d.pdf 2>/dev/null
	xmllint --noout d.svg || bad "no SVG written"
	qpdf --check d.pdf >/dev/null || bad "no PDF written"
	# every -o given
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --max-growth=1MB/s -o a.png -o a.json 2>/dev/null
	file a.png | grep -q "PNG image" || bad "-o a.png -o a.json: no PNG"
	python3 -c 'import json; json.load(open("a.json"))' || bad "-o a.png -o a.json: no JSON"
}
run "a breach writes the -o outputs and exits 4" outputs

# Two builds of one program (leak-b has one cost centre more, so the
# ids after it moved): NEW's peak against BASE's, bands matched by name.
two_builds() {
	# leak-b -> leak-a: the total's peak 46.7 -> 47.8 MB, +2.2 %
	expect_status 0 "$HP2X" --diff "$BUILDS/leak-b.hp" "$BUILDS/leak-a.hp" --fail-if-larger=3
	expect_status 4 "$HP2X" --diff "$BUILDS/leak-b.hp" "$BUILDS/leak-a.hp" --fail-if-larger=2% 2>err
	has err "hp2x: budget: $BUILDS/leak-a.hp: total peak 47.8 MB (47757160 B) at 0.667 s is +2.2% on $BUILDS/leak-b.hp's 46.7 MB (46744352 B) at 0.775 s, over --fail-if-larger=2%"
	expect_status 0 "$HP2X" --diff "$BUILDS/leak-a.hp" "$BUILDS/leak-b.hp" --fail-if-larger=0
	# one band: (422) in leak-b is (421) in leak-a, +44.6 %
	expect_status 0 "$HP2X" --diff "$BUILDS/leak-b.hp" "$BUILDS/leak-a.hp" --fail-if-larger=50 --include lazyCounters
	expect_status 4 "$HP2X" --diff "$BUILDS/leak-b.hp" "$BUILDS/leak-a.hp" --fail-if-larger=40 --include lazyCounters 2>err
	has err "hp2x: budget: $BUILDS/leak-a.hp: band '(421)lazyCounters.bump/laz...' peak 11.5 MB (11465888 B) at 0.104 s is +44.6% on $BUILDS/leak-b.hp's 7.93 MB (7929312 B) at 0.101 s, over --fail-if-larger=40"
	# --match-ids: by whole names, so no partner in BASE
	expect_status 4 "$HP2X" --diff "$BUILDS/leak-b.hp" "$BUILDS/leak-a.hp" --fail-if-larger=50 --include lazyCounters --match-ids 2>err
	grep -qF "not in $BUILDS/leak-b.hp" err || bad "--match-ids: $(cat err)"
	# a band new in NEW breaks any PCT; (410)growTable, smaller, does not
	expect_status 4 "$HP2X" --diff "$BUILDS/leak-a.hp" "$BUILDS/leak-b.hp" --fail-if-larger=1000 --include 'wrap|growTable' 2>err
	has err "hp2x: budget: $BUILDS/leak-b.hp: band '(413)wrap/scramble/growTab...' peak 956 kB (955904 B) at 0.062 s, not in $BUILDS/leak-a.hp, is over --fail-if-larger=1000"
	# --max-peak and --max-growth judge NEW, not BASE
	expect_status 0 "$HP2X" --diff "$S/fix-leak.hp" "$S/fix-fixed.hp" --max-peak=1MB --max-growth=1MB/s
	expect_status 4 "$HP2X" --diff "$S/fix-fixed.hp" "$S/fix-leak.hp" --max-peak=1MB 2>/dev/null
}
run "--diff BASE NEW --fail-if-larger: two builds of one program" two_builds

# cmark-gfm reads tables and autolinks as github.com does; check.py reads
# its HTML: every row's cells, and what markup there is.
make_checker() {
	cat >check.py <<'EOF2'
import html.parser, sys

class Tables(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.tags, self.cell, self.code = [], [], None, 0
    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = ""
        elif tag == "code":
            self.code += 1
        elif self.cell is not None and tag != "em":
            raise SystemExit("markup in a cell: <%s>" % tag)
    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.tables[-1][-1].append(self.cell)
            self.cell = None
        elif tag == "code":
            self.code -= 1
    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data

p = Tables()
p.convert_charrefs = True
p.feed(sys.stdin.read())
tables = p.tables
EOF2
}

# The names a terminal or a Markdown page would obey, as say.c and
# data/mdtext.c write them (tests/fuzz/mkeventlog.py HOSTILE_NAMES).
markdown_hostile() {
	command -v cmark-gfm >/dev/null || { bad "cmark-gfm is not installed (.ci/deps --test)"; return; }
	python3 "$SRC/tests/fuzz/mkeventlog.py" hostilenames h.eventlog || { bad "mkeventlog"; return; }
	expect_status 4 "$HP2X" h.eventlog --include . --max-peak=1MB --max-growth=1MB/s --summary=markdown >h.md 2>err
	cmark-gfm -e table -e autolink -e strikethrough -e tagfilter <h.md >h.html || bad "cmark-gfm failed"
	make_checker
	cat >>check.py <<'EOF2'
sys.path.insert(0, sys.argv[1])
from mkeventlog import HOSTILE_NAMES

def shown(raw):
    # \xNN for control characters and bytes that are not UTF-8, \uNNNN
    # for C1, bidirectional and line-separating characters
    out, i = "", 0
    while i < len(raw):
        ch = None
        for k in (1, 2, 3, 4):
            try:
                ch = raw[i:i + k].decode("utf-8")
                break
            except UnicodeDecodeError:
                pass
        if ch is None or len(ch) != 1:
            out += "\\x%02x" % raw[i]
            i += 1
            continue
        c = ord(ch)
        if c < 0x20 or c == 0x7f:
            out += "\\x%02x" % c
        elif 0x80 <= c <= 0x9f or c in (0x61c, 0x200e, 0x200f) or 0x2028 <= c <= 0x202e or 0x2066 <= c <= 0x2069:
            out += "\\u%04x" % c
        else:
            out += ch
        i += k
    return out

verdicts, bands, phases = tables
want = [["", "budget", "band", "value", "when", "limit"],
        ["\u274c", "--max-peak", "leak|pipe", "5 MB", "at 2.000 s", "1MB"],
        ["\u274c", "--max-growth", "leak|pipe", "+4 MB/s", "1.000\u20132.000 s", "1MB/s"]]
if verdicts != want:
    raise SystemExit("verdicts: %r" % verdicts)
if len(bands) != 1 + len(HOSTILE_NAMES):
    raise SystemExit("%d band rows for %d names" % (len(bands) - 1, len(HOSTILE_NAMES)))
names = sorted(r[0] for r in bands[1:])
if names != sorted(shown(n) for n in HOSTILE_NAMES):
    raise SystemExit("names: %r" % names)
for r in bands:
    if len(r) != 7:
        raise SystemExit("a row of %d cells: %r" % (len(r), r))
if [r[0] for r in phases[1:]] != ["(before the first mark)", "mark|`x`\\x0a"]:
    raise SystemExit("phases: %r" % phases)
# (br: the run's facts, a line each, end in a hard break)
bad = set(p.tags) - {"p", "strong", "table", "thead", "tbody", "tr", "th", "td", "code", "h3", "br"}
if bad:
    raise SystemExit("markup made of names: %r" % bad)
print("ok")
EOF2
	local v
	v=$(python3 check.py "$SRC/tests/fuzz" <h.html 2>&1)
	[ "$v" = ok ] || bad "$v"
	# stderr: one line a breach, every control character escaped
	[ "$(wc -l <err)" -eq 2 ] || bad "not two lines: $(od -c err | head)"
	LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]' err &&
		bad "control characters on stderr: $(od -c err | head -5)"
	expect_status 4 "$HP2X" h.eventlog --include 'two|csi' --max-peak=1kB 2>err
	has err "hp2x: budget: h.eventlog: band 'two\x0alines' peak 100 kB (100000 B) at 1.000 s is over --max-peak=1kB"
	has err "hp2x: budget: h.eventlog: band 'csi\u009b2J' peak 100 kB (100000 B) at 1.000 s is over --max-peak=1kB"
}
run "--summary=markdown: hostile names neither break a row nor make markup" markdown_hostile

# Real profiles as GitHub shows them: the verdicts first, then the
# summary; a --diff's table of changes; several inputs.
markdown_real() {
	command -v cmark-gfm >/dev/null || { bad "cmark-gfm is not installed (.ci/deps --test)"; return; }
	make_checker
	cat >>check.py <<'EOF2'
want = [int(n) for n in sys.argv[1:]]
got = [len(t) - 1 for t in tables]
if got != want:
    raise SystemExit("rows %r, wanted %r: %r" % (got, want, tables))
for t in tables:
    for r in t:
        if len(r) != len(t[0]):
            raise SystemExit("a row of %d cells under %d heads: %r" % (len(r), len(t[0]), r))
print("ok")
EOF2
	local v
	expect_status 4 "$HP2X" "$S/fix-leak.eventlog" --max-peak=50MB --max-growth=1MB/s --summary=markdown >l.md 2>/dev/null
	head -1 l.md | grep -qxF '**Budgets: ❌ breached**' || bad "verdicts not first: $(head -3 l.md)"
	grep -qxF '| ❌ | `--max-peak` | total | 66.6 MB | at 7.540 s | 50MB |' l.md || bad "peak verdict: $(cat l.md)"
	# verdicts (2), bands drawn (2), phases (3)
	v=$(cmark-gfm -e table <l.md | python3 check.py 2 2 3)
	[ "$v" = ok ] || bad "leak: $v"
	expect_status 0 "$HP2X" "$S/fix-fixed.eventlog" --max-peak=1MB --max-growth=1kB/s --summary=markdown >f.md
	head -1 f.md | grep -qxF '**Budgets: ✅ kept**' || bad "kept: $(head -3 f.md)"
	v=$(cmark-gfm -e table <f.md | python3 check.py 2 3 3)
	[ "$v" = ok ] || bad "fixed: $v"
	expect_status 0 "$HP2X" --summary=markdown --diff "$BUILDS/leak-a.hp" "$BUILDS/leak-b.hp" --fail-if-larger=0 >d.md
	grep -qxF '| ✅ | `--fail-if-larger` | total | 46.7 MB, -2.1% on 47.8 MB | at 0.775 s | 0% |' d.md || bad "diff verdict: $(head -5 d.md)"
	v=$(cmark-gfm -e table <d.md | python3 check.py 1 20)
	[ "$v" = ok ] || bad "diff: $v"
	# without budgets, no verdicts; a summary each for several inputs
	"$HP2X" --summary=markdown "$S/fix-leak.hp" "$S/fix-fixed.hp" >m.md || bad "two inputs failed"
	v=$(cmark-gfm -e table <m.md | python3 check.py 2 3)
	[ "$v" = ok ] || bad "two inputs: $v"
	# a ticky report's counters and an eventlog of the heap size alone
	"$HP2X" --summary=markdown "$S/leak.ticky" >t.md || bad "ticky report failed"
	v=$(cmark-gfm -e table <t.md | python3 check.py 50)
	[ "$v" = ok ] || bad "ticky: $v"
	"$HP2X" --summary=markdown "$SRC/tests/data/plain-l/heapsize-ghc-9.0.2.eventlog" >s.md || bad "heap size failed"
	v=$(cmark-gfm -e table <s.md | python3 check.py 2)
	[ "$v" = ok ] || bad "heap size: $v"
}
run "--summary=markdown of real profiles: verdicts first, whole rows" markdown_real

e2e_done
