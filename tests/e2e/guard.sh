#!/usr/bin/env bash
# tests/e2e/guard.sh - no test can hang the suite.  tests/guard (which
# ctest runs every test under) ends a test at its time limit, and ends
# every process a test leaves behind, even one double-forked away from
# it, so the output pipe ctest reads closes; tests/e2e/lib.bash ends what
# a case started when the case ends, failed or not.  Each check reads the
# guarded command's output to its end, as ctest does, under a timeout of
# its own: a regression shows as a failure, not as a hang.
#
# Runs no hp2x code: the sanitizer pass skips it (label asan-skip).
set -u

SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
GUARD=$SRC/tests/guard
# shellcheck source=lib.bash
. "$(dirname "$0")/lib.bash"
e2e_init guard

# alive NAME: a process runs with exactly this command line.
alive() {
	pgrep -fx "$1" >/dev/null
}

# guarded OUT SECONDS CMD...: tests/guard SECONDS CMD..., its stdout and
# stderr read to the end into OUT; sets rc and took (seconds).
guarded() {
	local out=$1 start=$SECONDS
	shift
	timeout 60 bash -c '"$@" 2>&1 | cat; exit "${PIPESTATUS[0]}"' - \
		bash "$GUARD" "$@" >"$out"
	rc=$?
	took=$((SECONDS - start))
}

t_leftover_ended() {
	local mark="sleep 300.$BASHPID"
	guarded out 60 bash -c "($mark &); (exec $mark) & echo started; exit 3"
	[ "$took" -lt 15 ] || bad "the output stayed open for $took s"
	grep -q started out || bad "the output was lost: $(cat out)"
	alive "$mark" && bad "a leftover process is still running"
	[ "$rc" -eq 3 ] || bad "status $rc, wanted the test's 3"
}

t_status_passed_on() {
	bash "$GUARD" 60 bash -c 'exit 3'
	[ $? -eq 3 ] || bad "exit status not passed on"
	bash "$GUARD" 60 true || bad "success not passed on"
}

t_time_limit() {
	local mark="sleep 301.$BASHPID" start=$SECONDS
	bash "$GUARD" 1 bash -c "$mark & exec $mark" 2>err
	rc=$?
	[ "$rc" -eq 124 ] || bad "status $rc at the time limit, wanted 124"
	[ $((SECONDS - start)) -lt 10 ] || bad "the limit of 1 s took $((SECONDS - start)) s"
	grep -q 'did not end within 1 s' err || bad "stderr: $(cat err)"
	alive "$mark" && bad "a process outlived the time limit"
}

# A script using lib.bash whose cases leave processes behind and fail
# in different ways; each case's processes must be gone when the next
# case starts, and the script must end with the failures counted.
t_lib_cases() {
	cat >leaky.sh <<-EOF
	. "$SRC/tests/e2e/lib.bash"
	e2e_init leaky
	m=\$1
	c_fifo() {	# a hang seen in this suite: a reader whose writer failed
		mkfifo pipe.\$m
		(cat pipe.\$m >got &)
		false || { bad "the writer failed"; return; }
	}
	c_error() { (exec sleep 302.\$m) & pids+=(\$!); exit 2; }
	c_fork() {	# a forked shell that execs only after its case ended
		mkfifo never
		(read -rt 1 <>never; exec sleep 303.\$m) &
	}
	c_check() {
		sleep 1.5	# c_fork's shell would have exec'd by now
		pgrep -fx "cat pipe.\$m" >/dev/null && bad "c_fifo's reader outlived its case"
		pgrep -fx "sleep 302.\$m" >/dev/null && bad "c_error's sleep outlived its case"
		pgrep -fx "sleep 303.\$m" >/dev/null && bad "c_fork's shell outlived its case"
		return 0
	}
	run fifo c_fifo
	run error c_error
	run fork c_fork
	run check c_check
	e2e_done
	EOF
	guarded out 60 bash leaky.sh "$BASHPID"
	[ "$took" -lt 20 ] || bad "the script's output stayed open for $took s"
	grep -q '^FAIL: fifo$' out && grep -q '^FAIL: error$' out &&
		grep -q '^2 passed, 2 failed$' out || bad "the failures were not reported: $(cat out)"
	alive "sleep 302.$BASHPID" && bad "a case's process outlived the script"
	alive "cat pipe.$BASHPID" && bad "a case's reader outlived the script"
	alive "sleep 303.$BASHPID" && bad "a case's forked shell outlived the script"
}

run leftover-ended t_leftover_ended
run status-passed-on t_status_passed_on
run time-limit t_time_limit
run lib-cases t_lib_cases
e2e_done
