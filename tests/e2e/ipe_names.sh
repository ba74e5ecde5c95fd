#!/usr/bin/env bash
# tests/e2e/ipe_names.sh - -hi bands named by their source, on GHC
# 9.6.6's samples/leak-hi.eventlog: the key and --summary show
# "(:) :: [], Table.hs:18:58 (growTable.step)" where GHC writes an address,
# two tables with one description stay two bands (each with its address),
# a table without provenance (the largest band, 0xeb1e50) keeps its
# address and says "(no IPE entry)" in the key, --summary and JSON, JSON
# data carries the address and every IPE field, and CSV and .hp keep the
# addresses (one band each, as many as the eventlog has); --include and
# --exclude match either name.  The .hp of the same run has addresses
# only, and hp2x says once (a note on stderr, none with -q) that an
# eventlog of the same run carries their names; a .hp of names, or of
# addresses and a name, says nothing of it.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
S=$SRC/samples

. "$SRC/tests/e2e/lib.bash"
e2e_init ipe_names

LOG=$S/leak-hi.eventlog
NAMED='(:) :: [], Table.hs:18:58 (growTable.step)'

key_and_summary() {
	"$HP2X" "$LOG" -o hi.svg || bad "svg exit $?"
	grep -qF "$NAMED" hi.svg || bad "key lacks: $NAMED"
	grep -qF '0x40db50' hi.svg && bad "key shows the address of a named band"
	grep -qF '0xeb1e50 (no IPE entry)' hi.svg || bad "a table without IPE does not say so"
	COLUMNS=120 "$HP2X" --summary "$LOG" > sum.txt || bad "summary exit $?"	# room for the names beside the fit column
	grep -qF "$NAMED" sum.txt || bad "summary lacks: $NAMED"
	grep -qE '^0xeb1e50 \(no IPE entry\) ' sum.txt || bad "summary: 0xeb1e50 does not say it has no IPE entry"
	grep -qF '(:) :: [], Table.hs:13:33 (scramble) [0x40db90]' sum.txt &&
		grep -qF '(:) :: [], Table.hs:13:33 (scramble) [0x40db70]' sum.txt ||
		bad "twin tables are not told apart: $(grep scramble sum.txt)"
	"$HP2X" --summary=json "$LOG" > sum.json || bad "summary json exit $?"
	[ "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
b = {x["name"]: x for x in d["band"]}
print("ok" if b["0x40db50"].get("label") == sys.argv[2] and b["0xeb1e50"].get("label") == "0xeb1e50 (no IPE entry)"
      else (b["0x40db50"], b["0xeb1e50"]))' sum.json "$NAMED")" = ok ] ||
		bad "summary JSON label"
}
run "-hi key and --summary name bands by their source" key_and_summary

data_outputs() {
	"$HP2X" "$LOG" -o hi.json || bad "json exit $?"
	[ "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
b = {x["name"]: x for x in d["bands"]}
want = {"table_name": ":_Leak.Table_11_con_info", "closure_desc": "4",
        "closure_type": "CONSTR_2_0",
        "type_desc": "[]", "label": "growTable.step", "module": "Leak.Table",
        "srcloc": "src/Leak/Table.hs:18:58"}
got = b["0x40db50"]
ok = got.get("label") == sys.argv[2] and all(got["ipe"].get(k) == v for k, v in want.items())
print("ok" if ok else got)' hi.json "$NAMED")" = ok ] || bad "JSON band 0x40db50"
	"$HP2X" "$LOG" -o hi.csv || bad "csv exit $?"
	"$HP2X" "$LOG" -o hi.hp || bad "hp exit $?"
	"$HP2X" --summary=json "$LOG" > sum.json
	[ "$(python3 -c '
import csv, json, re, sys
bands = json.load(open(sys.argv[1]))["bands"]
names = {r[2] for r in list(csv.reader(open(sys.argv[2])))[1:]}
hp = set()
for line in open(sys.argv[3]):
    if "\t" in line:
        hp.add(line.split("\t")[0])
addr = re.compile("0x[0-9a-f]+$")
ok = all(addr.match(n) for n in names | hp) and len(hp) == bands
print("ok" if ok else (len(hp), bands, sorted(n for n in names | hp if not addr.match(n))[:5]))
' sum.json hi.csv hi.hp)" = ok ] || bad "CSV/.hp band names are not the addresses, one each"
	# the .hp GHC wrote in the same run: addresses only
	"$HP2X" --summary "$S/leak-hi.hp" | grep -qF '(:) ::' &&
		bad "names in a .hp summary"
	return 0
}
run "JSON gets the address and every IPE field; CSV and .hp keep addresses" data_outputs

filters() {
	# by the name shown (the source) or by the address, alike
	"$HP2X" "$LOG" --include 'growTable\.step' -o step.csv || bad "include exit $?"
	[ "$(cut -d, -f3 step.csv | sort -u | grep -v band)" = 0x40db50 ] ||
		bad "--include by source kept: $(cut -d, -f3 step.csv | sort -u | tr '\n' ' ')"
	"$HP2X" "$LOG" --include '^0x40db50$' -o addr.csv || bad "include by address exit $?"
	cmp -s step.csv addr.csv || bad "by address and by source differ"
	"$HP2X" "$LOG" --exclude 'thunk|function' -o nofun.json || bad "exclude exit $?"
	[ "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print("ok" if d["bands"] and not any("thunk" in b.get("label", "") or "function" in b.get("label", "")
                                    for b in d["bands"]) else "bad")' nofun.json)" = ok ] ||
		bad "--exclude by source left thunks or functions"
}
run "--include/--exclude match the name shown or the address" filters

hp_note() {
	local want="hp2x: note: $S/leak-hi.hp: the bands are info-table addresses (-hi), which a .hp cannot name; an eventlog of the same run (+RTS -hi -l) carries each table's name, type and source"
	"$HP2X" "$S/leak-hi.hp" -o hi.png 2>err || bad "hp2x failed: $(cat err)"
	[ "$(cat err)" = "$want" ] || bad "stderr: $(cat err)"
	"$HP2X" --summary "$S/leak-hi.hp" >/dev/null 2>err || bad "summary failed"
	[ "$(grep -c 'info-table addresses' err)" = 1 ] || bad "--summary: $(cat err)"
	"$HP2X" -q "$S/leak-hi.hp" -o hi.png 2>err && [ ! -s err ] || bad "-q: $(cat err)"
	# a .hp of names, and one of addresses and one name: no note
	"$HP2X" "$S/leak-hT.hp" -o t.png 2>err && [ ! -s err ] || bad "leak-hT.hp: $(cat err)"
	sed 's/^0xb51c08\t/MAIN\t/' "$S/leak-hi.hp" >mixed.hp
	"$HP2X" mixed.hp -o m.png 2>err && [ ! -s err ] || bad "mixed.hp: $(cat err)"
	# the eventlog: no note
	"$HP2X" "$LOG" -o l.png 2>err && [ ! -s err ] || bad "leak-hi.eventlog: $(cat err)"
}
run "a -hi .hp says once that the eventlog of its run names its tables" hp_note

e2e_done
