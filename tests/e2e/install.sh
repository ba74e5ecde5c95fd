#!/usr/bin/env bash
# tests/e2e/install.sh - `cmake --install` puts hp2x, its man page and its
# fonts (with their licence) where they belong, and the installed hp2x
# draws with the bundled font: a PDF it writes embeds Liberation Sans.
set -u

: "${HP2X_BUILD:?set HP2X_BUILD to the build directory}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}

top=$(mktemp -d "${TMPDIR:-/tmp}/hp2x-install.XXXXXX")
trap 'rm -rf "$top"' EXIT
pass=0
fail=0
check() {	# check DESCRIPTION COMMAND...
	local what=$1
	shift
	if "$@" >/dev/null 2>"$top/err"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $what"
		sed 's/^/  /' "$top/err"
	fi
}

prefix=$top/prefix
check "cmake --install succeeds" cmake --install "$HP2X_BUILD" --prefix "$prefix"
check "hp2x is installed and runs" "$prefix/bin/hp2x" --version
for f in LiberationSans-Regular.ttf LiberationSans-Bold.ttf LICENSE; do
	check "font file $f is installed" test -s "$prefix/share/hp2x/fonts/$f"
done
check "the man page is installed" test -s "$prefix/share/man/man1/hp2x.1"
check "the man page renders without warnings" \
	sh -c "groff -man -Tutf8 -ww -z '$prefix/share/man/man1/hp2x.1' 2>&1 | (! grep .)"
check "the installed hp2x draws a PDF" \
	"$prefix/bin/hp2x" "$SRC/samples/leak-hm.hp" -o "$top/g.pdf"
check "the PDF embeds the bundled font" \
	sh -c "pdffonts '$top/g.pdf' | grep -q 'LiberationSans.* yes'"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
