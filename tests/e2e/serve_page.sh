#!/usr/bin/env bash
# tests/e2e/serve_page.sh - the page hp2x --serve serves, in a real
# browser (headless Chromium through python3-selenium, as e2e/page.sh;
# tests/e2e/serve_page.py does the looking), on loopback only.
#
#   live   samples/leak-hT.eventlog replayed into hp2x --serve - (a pipe,
#          tests/replay, a few seconds long): the open page's sample count
#          grows in steps in the same document, keeping a hidden band; a
#          window at the end follows the end; closed and reopened, the
#          page asks for the samples after its own; at the end its data
#          is -o FOO.json's of the whole file, sample for sample, and its
#          table's numbers --summary=json's
#   reconnect  the eventlog replayed into a growing file that hp2x
#          --serve follows; hp2x is stopped and started again at the
#          same URL (HP2X_SERVE_TOKEN, the same port) under the open page:
#          its stream resumes by itself with Last-Event-ID, the server
#          sends only what the page missed (no batch repeats a sample),
#          and at the end its data is -o FOO.json's of the whole file
#   late   hp2x --serve on a .hp not there yet: the address answers a
#          page that loads itself again until the first drawing; hp2x
#          started again with the file gone (its stream refused, 503):
#          the open page asks again by itself and resumes when the whole
#          file comes (serve_page.py late)
#   census ten samples a second through a FIFO at --interval 0.5:
#          whenever the page has settled, the table's Last of each drawn
#          band is the chart's last sample (serve_page.py census)
#   zoom   a finished .hp of 60,000 samples (more than the page keeps): a
#          zoom into the middle asks the server for columns, after which
#          the page holds exactly the file's samples there
#   compacted  samples through a FIFO into hp2x --serve --keep=200: the
#          page that loads again at each compaction keeps its hidden band
#          (by name) and its window at the end following the end
#          (serve_page.py compacted)
#   summarised  3,000 samples served with --keep=200: the page says
#          where the run's summary ends (and not once zoomed into the
#          censuses kept); its table is --summary=json's of the file
set -u
. "$(dirname "$0")/lib.bash"
e2e_init serve_page
: "${HP2X:?}" "${HP2X_SRC:?}"
export LC_ALL=C
py=/usr/bin/python3
page_py=$HP2X_SRC/tests/e2e/serve_page.py
LIMIT=60

# serve ARGS...: hp2x --serve=127.0.0.1:0 ARGS... in the background, $url
serve() {
	"$HP2X" -q --serve=127.0.0.1:0 "$@" 2>err.txt &
	pids+=($!)
	until_true grep -q 'serving http' err.txt || { bad "no URL: $(cat err.txt)"; return 1; }
	url=$(grep -o 'http://[^ ]*' err.txt | head -n 1)
	until_true curl -sf "${url}data.json" -o /dev/null || { bad "no data"; return 1; }
}

live() {
	local el=$HP2X_SRC/samples/leak-hT.eventlog
	"$HP2X" "$el" -o ref.json || { bad "hp2x -o ref.json"; return; }
	"$HP2X" --summary=json "$el" >sum.json || { bad "hp2x --summary=json"; return; }
	mkfifo in.fifo
	# the first samples at once, then the rest over about 12 s
	# (paused at a fifth of it until the page has opened: serve_page.py's
	# go)
	mkdir sync
	"$py" "$HP2X_SRC/tests/replay" "$el" --to fifo:in.fifo --chunks 500 --pace 0.08 \
		--sync sync --pause-at 15000 &
	pids+=($!)
	serve --interval 0.3 in.fifo || return
	"$py" "$page_py" live "$url" ref.json sum.json || bad "live: see above"
}

reconnect() {
	local el=$HP2X_SRC/samples/leak-hT.eventlog
	"$HP2X" "$el" -o ref.json || { bad "hp2x -o ref.json"; return; }
	# the first samples at once, then the rest over about 12 s
	# (paused at a fifth of it until the page has opened, and at three
	# fifths until hp2x is back: serve_page.py's go)
	mkdir sync
	"$py" "$HP2X_SRC/tests/replay" "$el" --to - --chunks 500 --pace 0.08 \
		--sync sync --pause-at 15000,45000 >grow.eventlog &
	pids+=($!)
	"$py" "$page_py" reconnect "$HP2X" grow.eventlog ref.json || bad "reconnect: see above"
}

late() {
	local hp=$HP2X_SRC/samples/leak-hT.hp
	awk '/^END_SAMPLE/ { n++ } { print } n == 30 { exit }' "$hp" >half.hp
	cp "$hp" whole.hp
	"$HP2X" whole.hp -o ref.json || { bad "hp2x -o ref.json"; return; }
	"$py" "$page_py" late "$HP2X" "$PWD" ref.json || bad "late: see above"
}

zoom() {
	"$py" - <<'PY' >big.hp
import sys
w = sys.stdout.write
w('JOB "big"\nDATE "now"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n')
for k in range(60000):
    t = k * 0.01
    w("BEGIN_SAMPLE %.2f\n" % t)
    for b in range(6):
        w("band%d\t%d\n" % (b, 1000 * (b + 1) + (k * 7919 + b * 104729) % 9973))
    w("END_SAMPLE %.2f\n" % t)
PY
	"$HP2X" big.hp -o ref.json || { bad "hp2x -o ref.json"; return; }
	# every census kept (--keep): more than the page carries
	serve --keep=100000 big.hp || return
	"$py" "$page_py" zoom "$url" ref.json || bad "zoom: see above"
}

run live live
run reconnect reconnect
run late late
census() {
	mkfifo in.hp
	"$HP2X" -q --serve=127.0.0.1:0 --interval 0.5 in.hp 2>err.txt &
	pids+=($!)
	until_true grep -q 'serving http' err.txt || { bad "no URL: $(cat err.txt)"; return; }
	url=$(grep -o 'http://[^ ]*' err.txt | head -n 1)
	"$py" "$page_py" census "$url" in.hp || bad "census: see above"
}

compacted() {
	mkfifo in.hp
	"$HP2X" -q --serve=127.0.0.1:0 --interval 0.3 --keep=200 in.hp 2>err.txt &
	pids+=($!)
	until_true grep -q 'serving http' err.txt || { bad "no URL: $(cat err.txt)"; return; }
	url=$(grep -o 'http://[^ ]*' err.txt | head -n 1)
	"$py" "$page_py" compacted "$url" in.hp || bad "compacted: see above"
}

summarised() {
	"$py" - <<'PY' >long.hp
import sys
w = sys.stdout.write
w('JOB "long"\nDATE "now"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n')
for k in range(3000):
    t = k * 0.1
    w("BEGIN_SAMPLE %.1f\n" % t)
    for b in range(6):
        w("band%d\t%d\n" % (b, 1000 * (b + 1) + 8 * k * b + (k * 7919 + b * 104729) % 9973))
    w("END_SAMPLE %.1f\n" % t)
PY
	"$HP2X" --summary=json long.hp >sum.json || { bad "hp2x --summary=json"; return; }
	serve --keep=200 long.hp || return
	"$py" "$page_py" summarised "$url" sum.json || bad "summarised: see above"
}

run census census
run zoom zoom
run summarised summarised
run compacted compacted
e2e_done
