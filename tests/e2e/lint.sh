#!/usr/bin/env bash
# tests/e2e/lint.sh - cppcheck and clang-tidy over hp2x's own code (hp/,
# render/, data/, page/, convert/, live/, tools/); fails on any finding.
# (Two parts: see "files" below.)
#
# clang-tidy's checks are in .clang-tidy (with why some are left out).
# It needs a compilation database, so a throw-away build directory is
# configured (not built) with CMAKE_EXPORT_COMPILE_COMMANDS.
#
# Both tools take minutes over the whole tree, so what came out clean is
# remembered in $HP2X_LINT_CACHE (default ~/.cache/hp2x-lint; empty: no
# cache): cppcheck in its own build directory, clang-tidy as one marker
# per file, keyed by the file and everything else its findings depend on
# (the project headers it includes, directly or through another,
# .clang-tidy, CMakeLists.txt, the tool's and the libraries' versions).
# A file with a finding is never remembered, so it is checked, and fails,
# every time.  (Keyed on every header and the page's scripts, any change
# to one made clang-tidy go over the whole tree again: 90 s of CPU.)
set -u

SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$SRC" || exit 1

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hp2x-lint.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

tool() {
	local t
	for t in "$@"; do
		command -v "$t" >/dev/null && { command -v "$t"; return 0; }
	done
	return 1
}

# findings FILE: "path check" per finding, from "path:line:col: ... [check]"
# (clang-tidy) or "path:line:col: severity: ... [id]" (cppcheck).
findings() {
	sed -n 's#^\(/[^:]*/\)\{0,1\}\([a-z]*/[^/:]*\.[ch]\):[0-9]*:[0-9]*: \(warning\|error\|style\|portability\|performance\): .*\[\([^],]*\)[],].*#\2 \4#p' "$1" |
		sed "s#^$SRC/##" | sort -u
}

# judge NAME FILE: fail on any finding.
judge() {
	local name=$1 out=$2 f
	findings "$out" >"$tmp/found"
	if [ -s "$tmp/found" ]; then
		echo "FAIL: $name:"
		while read -r f; do
			grep -F "${f%% *}" "$out" | grep -F "${f##* }" | head -5
		done <"$tmp/found"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
}

# Two ctest tests share the work, so that each ends within its time
# limit with a cold cache (a fresh checkout on a new machine: clang-tidy
# over the whole tree was 350 s of CPU): this script alone runs cppcheck
# over everything and clang-tidy over hp/; tests/e2e/lint_render.sh runs
# it with HP2X_LINT_PART=render, clang-tidy over render/ (in a fresh
# Debian root, cold and beside the rest of the suite, hp/ and render/
# together passed the 270 s a test may take); tests/e2e/lint_tidy.sh
# with HP2X_LINT_PART=tidy, clang-tidy over data/, page/, convert/ and
# live/.
case ${HP2X_LINT_PART:-} in
"") files=(hp/*.c) ;;
render) files=(render/*.c render/layout/*.c) ;;
tidy) files=(data/*.c page/*.c convert/*.c live/*.c) ;;
*) echo "FAIL: HP2X_LINT_PART=$HP2X_LINT_PART: render, tidy or nothing"; echo "0 passed, 1 failed"; exit 1 ;;
esac
cache=${HP2X_LINT_CACHE-${XDG_CACHE_HOME:-$HOME/.cache}/hp2x-lint}
[ -z "$cache" ] || mkdir -p "$cache/cppcheck" "$cache/tidy" || cache=

if [ -n "${HP2X_LINT_PART:-}" ]; then
	:	# cppcheck is the other part's
elif cppcheck=$(tool cppcheck); then
	"$cppcheck" --enable=warning,performance,portability --error-exitcode=1 \
		${cache:+--cppcheck-build-dir="$cache/cppcheck"} \
		--inline-suppr --quiet -I. hp render data page convert live tools >"$tmp/cppcheck" 2>&1
	rc=$?
	if [ "$rc" -ne 0 ] && [ ! -s "$tmp/cppcheck" ]; then
		echo "FAIL: cppcheck exit $rc"
		fail=$((fail + 1))
	else
		judge cppcheck "$tmp/cppcheck"
	fi
else
	echo "FAIL: cppcheck not installed (.ci/deps)"
	fail=$((fail + 1))
fi

if tidy=$(tool clang-tidy clang-tidy-19 clang-tidy-18 clang-tidy-17 clang-tidy-16 clang-tidy-15 clang-tidy-14); then
	if ! cmake -S . -B "$tmp/build" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$tmp/cmake" 2>&1; then
		echo "FAIL: cmake: $(tail -5 "$tmp/cmake")"
		fail=$((fail + 1))
	else
		# the files not remembered clean (see the top)
		common=$({ "$tidy" --version; cat .clang-tidy
			pkg-config --modversion cairo pangocairo 2>&1; } | sha256sum)
		declare -A key=()
		todo=()
		while read -r f k; do
			key[$f]=$k
			[ -n "$cache" ] && [ -e "$cache/tidy/$k" ] || todo+=("$f")
		done < <(python3 - "$common" "$SRC" "$tmp/build" "${files[@]}" <<'PY'
# FILE KEY per file: a hash of COMMON, the file's compile command (its
# flags, from the compilation database, the checkout's and the build
# directory's paths taken out), the file, and every project header it
# includes ("x.h" beside the includer, else from the top: -I.), with the
# headers those include, each once.
import hashlib, json, os, re, sys
src, build = sys.argv[2], sys.argv[3]
flags = {}
for e in json.load(open(os.path.join(build, "compile_commands.json"))):
    f = os.path.relpath(e["file"], src)
    flags.setdefault(f, e["command"].replace(build, "@B").replace(src, "@S"))
inc = re.compile(rb'^\s*#\s*include\s*"([^"]+)"', re.M)
def deps(f, seen):
    for name in inc.findall(open(f, "rb").read()):
        name = name.decode()
        for d in (os.path.normpath(os.path.join(os.path.dirname(f), name)), os.path.normpath(name)):
            if os.path.isfile(d):
                if d not in seen:
                    seen.add(d)
                    deps(d, seen)
                break
for f in sys.argv[4:]:
    h = hashlib.sha256(sys.argv[1].encode())
    h.update(flags.get(f, "?").encode() + b"\0")
    seen = set()
    deps(f, seen)
    for d in [f] + sorted(seen):
        h.update(d.encode() + b"\0" + open(d, "rb").read() + b"\0")
    print(f, h.hexdigest()[:40])
PY
)
		echo "clang-tidy: ${#todo[@]} of ${#files[@]} files to check"
		# Two at a time: the machine (and CI) has two cores.  Each
		# batch of four whose output is clean is remembered as it
		# ends, so that a run cut short (by the test's time limit on
		# a busy machine) keeps what it did for the next.
		mkdir "$tmp/out"
		for f in "${todo[@]}"; do echo "$f ${key[$f]}"; done >"$tmp/keys"
		[ ${#todo[@]} -eq 0 ] || printf '%s\n' "${todo[@]}" |
			T=$tidy B=$tmp/build O=$tmp/out K=$tmp/keys C=$cache \
			xargs -P2 -n4 bash -c '
				out=$(mktemp "$O/batch.XXXXXX")
				"$T" -p "$B" --quiet "$@" >"$out" 2>&1 || exit 0
				[ -n "$C" ] || exit 0
				grep -q ": \(warning\|error\): \|Error while processing" "$out" && exit 0
				for f in "$@"; do
					k=$(awk -v f="$f" "\$1 == f { print \$2 }" "$K")
					[ -z "$k" ] || : >"$C/tidy/$k"
				done' batch
		cat "$tmp"/out/batch.* >"$tmp/tidy" 2>/dev/null || : >"$tmp/tidy"
		if grep -q "error: .*\(no such file\|unknown argument\|Error while processing\)" "$tmp/tidy"; then
			echo "FAIL: clang-tidy could not run:"
			grep "Error while processing\|no such file\|unknown argument" "$tmp/tidy" | head -5
			fail=$((fail + 1))
		else
			judge clang-tidy "$tmp/tidy"
			# a finding in a header may come from any file: then
			# remember none
			if [ -n "$cache" ] && ! grep -q '\.h ' "$tmp/found"; then
				for f in "${todo[@]}"; do
					grep -q "^$f " "$tmp/found" ||
						: >"$cache/tidy/${key[$f]}"
				done
			fi
		fi
	fi
else
	echo "FAIL: clang-tidy not installed (.ci/deps)"
	fail=$((fail + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
