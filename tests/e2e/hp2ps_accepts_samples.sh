#!/usr/bin/env bash
# Guards the sample profiles themselves: every samples/*.hp must be a file
# GHC's own hp2ps reads (exit 0) into PostScript that Ghostscript runs
# without error, in grey and in colour. Samples with whitespace inside a
# band name (GHC #2071, see samples/README.md) are the exception: they must
# be named in samples/README.md and hp2ps must still REJECT them, so they
# keep showing the bug hp2x fixes. Does not use hp2x.
set -uo pipefail

src=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
hp2ps=${HP2PS:-/usr/bin/hp2ps}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# True when an identifier line has whitespace inside the name: after the
# name the RTS writes exactly one TAB and the value.
has_blank_names() {
	awk '
		/^(BEGIN_SAMPLE|END_SAMPLE|JOB|DATE|SAMPLE_UNIT|VALUE_UNIT|MARK) / { next }
		{ sub(/\t[0-9]+$/, ""); if ($0 ~ /[ \t]/) { found = 1; exit } }
		END { exit !found }' "$1"
}

for tool in "$hp2ps" gs; do
	command -v "$tool" >/dev/null || bad "$tool not found"
done

n=0
for hp in "$src"/samples/*.hp; do
	[ -e "$hp" ] || continue
	n=$((n + 1))
	name=$(basename "$hp" .hp)
	if has_blank_names "$hp"; then
		if grep -q "$name" "$src/samples/README.md"; then
			ok
		else
			bad "$name: band names with whitespace, but samples/README.md does not say so"
		fi
		if (cd "$tmp" && "$hp2ps" "$hp" >/dev/null 2>&1); then
			bad "$name: hp2ps accepted names with whitespace (GHC #2071 fixed?)"
		else
			ok
		fi
		continue
	fi
	for flags in "" "-c"; do
		what="$name ${flags:-(no flags)}"
		rm -f "$tmp/$name.ps"
		# shellcheck disable=SC2086 # flags is zero or one word
		if ! (cd "$tmp" && "$hp2ps" $flags "$hp" >"$tmp/out" 2>&1); then
			bad "$what: hp2ps failed: $(head -n 1 "$tmp/out")"
			continue
		fi
		if [ ! -s "$tmp/$name.ps" ]; then
			bad "$what: hp2ps wrote no PostScript"
			continue
		fi
		if gs -dNODISPLAY -dBATCH -dNOPAUSE -dQUIET -dSAFER "$tmp/$name.ps" </dev/null >"$tmp/gs" 2>&1 &&
			! grep -q 'Error' "$tmp/gs"; then
			ok
		else
			bad "$what: gs rejected the PostScript: $(head -n 3 "$tmp/gs")"
		fi
	done
done
[ "$n" -gt 0 ] || bad "no samples/*.hp found in $src"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
