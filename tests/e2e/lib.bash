# tests/e2e/lib.bash - the harness the e2e scripts share (sourced, so its
# name does not end in .sh: ctest runs every tests/e2e/*.sh as a test).
#
#   e2e_init NAME      scratch directory $top (removed at exit, after the
#                      script's function `e2e_cleanup` if it has one);
#                      a sanitizer finding exits 86 (ASan) or 87 (UBSan),
#                      so it never passes for the exit status 1 of a
#                      refused run
#   run CASE FN ARG... FN ARG... in a subshell, in a new directory under
#                      $top; the case fails when FN calls `bad` (or
#                      exits the subshell non-zero).  A function `case_setup`, if defined, runs
#                      first in that directory.  Whatever the case put in
#                      pids=() is ended when it ends, failed or not.
#   bad WHY...         report a failed check (stderr); the case fails
#   until_true CMD...  poll CMD until it succeeds; 1 after $LIMIT seconds
#   expect_status WANT CMD...  CMD's exit status is WANT (and no signal)
#   py CODE ARGS...    a python3 check; its output is the verdict ("ok")
#   e2e_done           "N passed, N failed", and the exit status
#   page_py_serve      start the script's one tests/e2e/page.py, which
#                      keeps its Chromium from check to check
#   page_py CHECK ARG...  page.py CHECK ARG... (paths relative to the
#                      case's directory) in it: what it prints, its status
#   ONLY=CASE          (environment) run only the case named CASE, or
#                      whose function is CASE; or those whose functions
#                      it lists, separated by spaces (the portable
#                      build's pass: tests/CMakeLists.txt)
#   is_portable        the hp2x under test is the portable build (its
#                      --version says so: live/tether.h and others)
#   E2E_TIMES=1        (environment) each case's wall and CPU seconds on
#                      stderr: which cases compute and which wait
#
# Each script still says what it tests and sets its own environment.
#
# Nothing a script starts outlives it, nor anything a case starts its case,
# on every way out (a failed check, an error, a signal): every process
# carries HP2X_TEST_TAG, extended here for the script and for each case,
# and tests/guard ends what carries a tag when its owner ends.  A process
# left behind would hold ctest's output pipe and hang the whole suite.
# Processes in pids=() get SIGTERM first and time to pass it on.

LIMIT=${LIMIT:-60}
pass=0
fail=0

E2E_GUARD=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/guard

# sweep [DIR]: end every process tagged with this shell's tag or under
# it, and with DIR every process working in DIR (tests/guard).
sweep() {
	env -u HP2X_TEST_TAG bash "$E2E_GUARD" --sweep "$HP2X_TEST_TAG" "$@"
}

e2e_init() {
	top=$(mktemp -d "${TMPDIR:-/tmp}/hp2x-$1.XXXXXX") || exit 1
	# what the test's tools leave in $TMPDIR (a browser's profile, if
	# the test is ended before its script cleans up) goes with $top
	mkdir "$top/tmp" && export TMPDIR=$top/tmp || exit 1
	export HP2X_TEST_TAG=${HP2X_TEST_TAG:-t}:s$$
	trap 'sweep; ! declare -F e2e_cleanup >/dev/null || e2e_cleanup; rm -rf "$top"' EXIT
	trap 'exit 143' TERM INT HUP	# so that the EXIT trap runs
	export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}:exitcode=86
	export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}:halt_on_error=1:exitcode=87
}

# pid_alive PID: running (a zombie, dead but not yet reaped, is not).
pid_alive() {
	local s
	s=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	s=${s##*) }
	[ "${s%% *}" != Z ]
}

# SIGTERM first (hp2x passes it on to a program it runs), then SIGKILL;
# then reap, so the shell reports nothing.
end_pids() {
	local p k
	for p in "${pids[@]}"; do
		kill -TERM "$p" 2>/dev/null
	done
	for p in "${pids[@]}"; do
		for k in 1 2 3 4 5 6 7 8 9 10; do
			pid_alive "$p" || break
			sleep 0.5
		done
		kill -KILL "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
}

run() {
	local name=$1 dir
	shift
	# ONLY=NAME (a case's name or function) runs that case alone,
	# ONLY="FN FN..." those cases
	[ -n "${ONLY:-}" ] && [ "$name" != "$ONLY" ] && [ "$1" != "$ONLY" ] &&
		[[ " $ONLY " != *" $1 "* ]] && return
	dir=$(mktemp -d "$top/case.XXXXXX")
	local t0=${EPOCHREALTIME/./}
	if (cd "$dir" || exit 1
	    pids=()
	    export HP2X_TEST_TAG=$HP2X_TEST_TAG:c$BASHPID
	    here=$(pwd -P)	# what a process started here works in
	    trap 'end_pids; sweep "$here"; [ -z "${E2E_TIMES:-}" ] || case_times "$name" "$t0"' EXIT
	    trap 'exit 143' TERM INT HUP
	    failed=0
	    if declare -F case_setup >/dev/null; then case_setup || exit 1; fi
	    "$@"
	    exit "$failed"); then
		pass=$((pass + 1))
	else
		echo "FAIL: $name"
		fail=$((fail + 1))
	fi
}

# case_times NAME T0: "time: WALL s wall, CPU s CPU: NAME" on stderr, CPU
# being what the case's processes used (those it waited for; `times` in
# this shell: one in a pipe or $(...) has no children).
case_times() {
	local t f=$top/.times.$BASHPID
	times >"$f"
	t=$(tail -1 "$f")
	rm -f "$f"
	awk -v t="$t" -v w="$(( ${EPOCHREALTIME/./} - $2 ))" -v n="$1" 'BEGIN {
		split(t, f, " "); c = 0
		for (i = 1; i <= 2; i++) { split(f[i], m, /[ms]/); c += m[1] * 60 + m[2] }
		printf "time: %6.1f s wall, %6.1f s CPU: %s\n", w / 1e6, c, n }' >&2
}

is_portable() {
	"$HP2X" --version 2>/dev/null | grep -q '(portable build;'
}

bad() {
	echo "  $*" >&2
	failed=1
	return 1
}

until_true() {
	local end=$((SECONDS + LIMIT))
	until "$@"; do
		[ $SECONDS -ge $end ] && return 1
		sleep 0.05
	done
}

expect_status() {
	local want=$1 rc
	shift
	"$@"
	rc=$?
	[ "$rc" -eq "$want" ] || bad "exit $rc, wanted $want: $*"
}

py() {
	local code=$1
	shift
	python3 -c "$code" "$@" 2>&1
}

# page_py_serve: start the script's page.py (page.py serve), from the
# script and out of any case's directory, so that it and its Chromium
# outlive each case (a Chromium started is ~4 s of CPU, a check on a
# running one a second or two); it ends with the script (the sweep).
page_py_serve() {
	mkfifo "$top/page.in" || return 1
	(cd / && exec /usr/bin/python3 "$HP2X_SRC/tests/e2e/page.py" serve "$top/page.in") &
	PAGE_PY_PID=$!
	exec 9<>"$top/page.in"
}

page_py() {
	local res fd line rc=1 IFS=$'\x1f'
	[ -n "${PAGE_PY_PID:-}" ] || { echo "page_py: no page_py_serve"; return 1; }
	res=$(mktemp -u "$PWD/page-py.XXXXXX") && mkfifo "$res" || return 1
	exec {fd}<>"$res"
	printf '%s\n' "$PWD$IFS$res$IFS$*" >&9
	while :; do
		if IFS= read -r -t 5 line <&"$fd"; then
			case $line in
			$'\x1f'rc\ *) rc=${line#*rc }; break ;;
			*) printf '%s\n' "$line" ;;
			esac
		elif ! pid_alive "$PAGE_PY_PID"; then
			echo "page_py: page.py ended before its verdict"
			break
		fi
	done
	exec {fd}<&-
	rm -f "$res"
	return "$rc"
}

e2e_done() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
