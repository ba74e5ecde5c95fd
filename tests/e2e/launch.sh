#!/usr/bin/env bash
# tests/e2e/launch.sh - `hp2x --watch -o OUT -- PROG ARGS...' on a real
# GHC program.
#
# A ten-line Haskell program (compiled here with ghc -rtsopts; it
# allocates for about a second of CPU and exits with the status it is
# given) is run through hp2x.  The output must be the graph of the whole
# run: the output .hp holds exactly the samples of the program's own
# prog.hp.  hp2x exits with the program's status (3 stays 3; a program
# killed by SIGTERM gives 143), adds +RTS -hT -i0.5 -RTS only when the
# program does not already ask for a heap profile (GHC writes the command
# line into the JOB line, so the .hp shows what ran), ignores a prog.hp an
# earlier run left, forwards SIGTERM and SIGINT to the program, and says
# when the program could not be run or wrote no profile.  A wrapper script
# is run once, as asked, never probed with +RTS --info; an output that is
# the program's profile under another spelling is refused before it runs.
# A quick program's end is seen even while a thread of hp2x's lingers.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
export LC_ALL=C
unset GHCRTS
LIMIT=120	# seconds any one condition may take (a loaded machine)

. "$SRC/tests/e2e/lib.bash"
e2e_init launch

if ! command -v ghc >/dev/null; then
	echo "launch.sh: ghc is needed (.ci/deps installs it)" >&2
	echo "0 passed, 1 failed"
	exit 1
fi

# Arguments: exit status (default 0), CPU seconds to run (default 1).
# It writes its whole command line, RTS options included, to ./args.
cat >"$top/Prog.hs" <<'EOF'
import Control.Monad (when)
import Data.IORef
import System.CPUTime (getCPUTime)
import System.Environment (getArgs)
import System.Exit
import GHC.Environment (getFullArgs)

main :: IO ()
main = do
  getFullArgs >>= writeFile "args" . unwords
  args <- getArgs
  let code = case args of (c:_) -> read c; _ -> 0 :: Int
      secs = case args of (_:s:_) -> read s; _ -> 1 :: Double
  ref <- newIORef ([] :: [Int])
  let go i = do
        modifyIORef' ref (if i `mod` 300000 == 0 then const [] else (i :))
        t <- if i `mod` 1000 == 0 then getCPUTime else return 0
        when (fromIntegral t < secs * 1e12) (go (i + 1))
  go (1 :: Int)
  readIORef ref >>= print . length
  when (code /= 0) (exitWith (ExitFailure code))
EOF
if ! (cd "$top" && ghc -O0 -rtsopts -outputdir o Prog.hs -o prog >ghc.log 2>&1); then
	echo "launch.sh: cannot compile the test program:" >&2
	tail -5 "$top/ghc.log" >&2
	echo "0 passed, 1 failed"
	exit 1
fi

# A stand-in for a busy machine: every thread a process starts lingers
# 5 s after its work is done, with the signal mask it was born with.
# Pango starts a thread when hp2x makes its font map; a descheduled one
# could still be alive, not blocking SIGCHLD, when a quick program ended.
cat >"$top/slowthreads.c" <<'EOF'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

typedef int create_fn(pthread_t *, const pthread_attr_t *,
		      void *(*)(void *), void *);
struct start { void *(*fn)(void *); void *arg; };

static void *
slow(void *p)
{
	struct start s = *(struct start *)p;
	void *r;

	free(p);
	r = s.fn(s.arg);
	sleep(5);
	return r;
}

int
pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *),
	       void *arg)
{
	create_fn *real = (create_fn *)dlsym(RTLD_NEXT, "pthread_create");
	struct start *s = malloc(sizeof *s);

	if (!s)
		return real(t, a, fn, arg);
	s->fn = fn;
	s->arg = arg;
	return real(t, a, slow, s);
}
EOF
if ! cc -shared -fPIC -o "$top/slowthreads.so" "$top/slowthreads.c" -ldl 2>"$top/cc.log"; then
	echo "launch.sh: cannot compile slowthreads.c: $(head -3 "$top/cc.log")" >&2
	echo "0 passed, 1 failed"
	exit 1
fi

# Every case gets its own copy of the program.
case_setup() { cp "$top/prog" prog; }

samples_in() { grep -c '^BEGIN_SAMPLE' "$1" 2>/dev/null || echo 0; }
gone() { ! kill -0 "$1" 2>/dev/null; }
at_least() { [ "$(samples_in "$1")" -ge "$2" ]; }

# whole_run OUT PROFILE: OUT holds exactly the samples of PROFILE
whole_run() {
	local n
	n=$(samples_in "$2")
	[ "$n" -ge 2 ] || bad "$2 has $n samples; the program ran too short"
	[ "$(samples_in "$1")" -eq "$n" ] ||
		bad "$1 has $(samples_in "$1") samples, $2 has $n"
	cmp -s "$1" <("$HP2X" -q "$2" --format=hp -o -) ||
		bad "$1 differs from $2 read at once"
}

t_whole_run() {
	local rc
	"$HP2X" --watch --interval 0.2 -o out.hp -- ./prog >stdout 2>err
	rc=$?
	[ $rc -eq 0 ] || bad "exit $rc, want 0: $(head -3 err)"
	[ -s prog.hp ] || { bad "the program wrote no prog.hp"; return; }
	whole_run out.hp prog.hp
	[ "$(cat args)" = "./prog +RTS -hT -i0.5 -RTS" ] ||
		bad "not run as ./prog +RTS -hT -i0.5 -RTS: $(cat args)"
	grep -qx '[0-9]*' stdout || bad "the program's output: $(cat stdout)"
	# nothing but the status line (off a terminal, every 10 s at most)
	! grep -v -E '^hp2x: .*: [0-9]+ samples?, [0-9]+ bands?, peak .*, drawn [0-9:]+(; .*)?$' err ||
		bad "messages: $(head -3 err)"
}

t_exit_status() {
	local rc
	"$HP2X" --watch --interval 0.2 -o out.pdf -- ./prog 3 >/dev/null 2>err
	rc=$?
	[ $rc -eq 3 ] || bad "exit $rc, want the program's 3"
	qpdf --check out.pdf >/dev/null 2>&1 || bad "out.pdf fails qpdf --check"
}

t_own_heap_flags() {
	local rc
	# The program asks for its own profile: nothing is added.
	"$HP2X" --watch --interval 0.2 -o out.hp -- ./prog 0 1 +RTS -h -i0.3 -RTS \
		>/dev/null 2>err
	rc=$?
	[ $rc -eq 0 ] || bad "exit $rc: $(head -3 err)"
	[ "$(cat args)" = "./prog 0 1 +RTS -h -i0.3 -RTS" ] ||
		bad "options added: $(cat args)"
	whole_run out.hp prog.hp
	# ... also through GHCRTS.
	rm -f prog.hp out.hp
	GHCRTS='-hT -i0.3' "$HP2X" --watch --interval 0.2 -o out.hp -- ./prog \
		>/dev/null 2>err || bad "GHCRTS run failed: $(head -3 err)"
	[ "$(cat args)" = "./prog" ] || bad "options added to GHCRTS's: $(cat args)"
	whole_run out.hp prog.hp
}

t_stale_profile() {
	local rc
	# An earlier run's profile must not be drawn as this run's.
	cp "$SRC/samples/leak-hT.hp" prog.hp
	"$HP2X" --watch --interval 0.2 -o out.hp -- ./prog >/dev/null 2>err
	rc=$?
	[ $rc -eq 0 ] || bad "exit $rc: $(head -3 err)"
	grep -q '^JOB "prog' prog.hp || bad "prog.hp not rewritten"
	whole_run out.hp prog.hp
	grep -q 'starting over' err && bad "the old profile was read: $(cat err)"
}

t_sigterm_forwarded() {
	local pid rc child
	"$HP2X" --watch --interval 0.2 -o out.hp -- ./prog 0 60 >/dev/null 2>err &
	pid=$!
	pids+=("$pid")
	until_true at_least out.hp 2 || bad "no drawing while running"
	# This case's program by its parent, not by its command line: the
	# other passes of tests/run run the same ./prog at the same time.
	child=$(pgrep -P "$pid" | head -1)
	[ -n "$child" ] || { bad "no program under hp2x"; return; }
	kill -TERM "$pid"
	until_true gone "$pid" || { bad "SIGTERM did not end the run"; return; }
	wait "$pid"
	rc=$?
	[ $rc -eq 143 ] || bad "exit $rc, want 143 (the program killed by SIGTERM)"
	until_true gone "$child" || { bad "the program still runs"; kill "$child"; }
	"$HP2X" -q out.hp -o check.csv || bad "the output does not parse"
}

# hp2x killed outright (SIGKILL: no chance to forward anything): the
# program dies with it (PR_SET_PDEATHSIG), instead of running on.
# The portable build has no parent-death signal (live/tether.h): the
# program runs in a process group of its own, which hp2x ends when a
# signal it can catch (SIGHUP here) ends it.
t_sigkill_takes_program() {
	local pid child sig=KILL
	! is_portable || sig=HUP
	"$HP2X" --watch --interval 0.2 -o out.hp -- ./prog 0 60 >/dev/null 2>err &
	pid=$!
	pids+=("$pid")
	until_true at_least out.hp 2 || bad "no drawing while running"
	child=$(pgrep -P "$pid" | head -1)
	[ -n "$child" ] || { bad "no program under hp2x"; return; }
	if is_portable && [ "$(ps -o pgid= -p "$child" | tr -d ' ')" != "$child" ]; then
		bad "the program is not in a process group of its own"
	fi
	kill -"$sig" "$pid"
	wait "$pid" 2>/dev/null
	until_true gone "$child" || { bad "the program still runs"; kill "$child"; }
}

t_sigint_forwarded() {
	local pid rc
	"$HP2X" --watch --interval 0.2 -o out.hp -- ./prog 0 60 >/dev/null 2>err &
	pid=$!
	pids+=("$pid")
	until_true at_least out.hp 2 || bad "no drawing while running"
	kill -INT "$pid"
	until_true gone "$pid" || { bad "SIGINT did not end the run"; return; }
	wait "$pid"
	rc=$?
	# GHC's RTS ends a program interrupted by SIGINT by SIGINT.
	[ $rc -eq 130 ] || bad "exit $rc, want 130"
	"$HP2X" -q out.hp -o check.csv || bad "the output does not parse"
}

t_not_found() {
	local rc
	"$HP2X" --watch -o out.pdf -- ./no-such-prog 2>err
	rc=$?
	[ $rc -eq 127 ] || bad "exit $rc, want 127"
	grep -q 'cannot run ./no-such-prog: No such file or directory' err ||
		bad "message: $(cat err)"
}

t_no_profile() {
	local rc
	# Not a GHC program: it writes no notghc.hp, and its status is kept.
	printf '#!/bin/sh\nexit 4\n' >notghc
	chmod +x notghc
	# (timeout: a lost end of the program, t_thread_before_block, is a
	# failure here, not a test that hangs until tests/guard ends it)
	timeout 60 "$HP2X" --watch --interval 0.1 -o out.pdf -- ./notghc 2>err
	rc=$?
	[ $rc -eq 4 ] || bad "exit $rc, want 4"
	grep -q 'notghc.hp did not appear' err || bad "message: $(cat err)"
	timeout 60 "$HP2X" --watch --interval 0.1 -o out.pdf -- true 2>err
	rc=$?
	[ $rc -eq 1 ] || bad "no profile and status 0: exit $rc, want 1"
}

# A program that ends at once, while a thread hp2x started before it
# blocked SIGCHLD, SIGINT and SIGTERM still lives (slowthreads.so): the
# kernel could hand SIGCHLD to that thread, which dropped it, and hp2x
# waited for a profile forever (tests/guard ended e2e/launch at 180 s,
# once in a while, on a busy machine).  That thread and hp2x's signalfd
# raced for the signal, so eight runs: with the thread unblocked, all
# eight ending is a 1 in 256 chance.
t_thread_before_block() {
	local i rc
	printf '#!/bin/sh\nexit 4\n' >quick
	chmod +x quick
	for i in 1 2 3 4 5 6 7 8; do
		LD_PRELOAD=$top/slowthreads.so \
			ASAN_OPTIONS=$ASAN_OPTIONS:verify_asan_link_order=0 \
			timeout 30 "$HP2X" --watch --interval 0.1 -o out.pdf -- ./quick 2>err
		rc=$?
		[ $rc -ne 124 ] || { bad "run $i: hp2x still waited 30 s after the program ended"; return; }
		[ $rc -eq 4 ] || bad "run $i: exit $rc, want the program's 4: $(head -3 err)"
		grep -q 'quick.hp did not appear' err || bad "run $i: message: $(cat err)"
	done
}

# The RTS output-naming flag the launcher reads, -po<stem>, against the
# GHC installed (Debian's 9.0.2 writes prog.hp for the heap profile all
# the same; later GHCs write stem.hp): whichever this run writes is read.
t_po_stem() {
	local rc hp
	# -po needs a profiled program (GHC 9.0)
	if [ ! -x "$top/prog-p" ] && ! (cd "$top" && ghc -O0 -prof -rtsopts \
		-outputdir op Prog.hs -o prog-p >ghc-p.log 2>&1); then
		bad "cannot compile the profiled program: $(tail -3 "$top/ghc-p.log")"
		return
	fi
	cp "$top/prog-p" prog
	"$HP2X" --watch --interval 0.2 -o out.hp -- ./prog 0 1 +RTS -hT -i0.3 -postem -RTS \
		>/dev/null 2>err
	rc=$?
	[ $rc -eq 0 ] || bad "exit $rc: $(head -3 err)"
	if [ -s stem.hp ]; then hp=stem.hp; else hp=prog.hp; fi
	[ -s "$hp" ] || { bad "the program wrote neither stem.hp nor prog.hp"; return; }
	whole_run out.hp "$hp"
	if [ "$hp" = prog.hp ]; then
		grep -q 'stem.hp did not appear but prog.hp did' err ||
			bad "no word on reading prog.hp: $(head -3 err)"
	fi
}

# A wrapper script is not a GHC program: it is run once, as asked, never
# first with `+RTS --info -RTS' as its arguments (the probe reads a file
# before running it, and runs only what holds a GHC RTS).
t_wrapper_not_probed() {
	local rc
	printf '#!/bin/sh\necho "$*" >>calls\nexec ./prog "$@"\n' >wrapper
	chmod +x wrapper
	"$HP2X" --watch --interval 0.2 -o out.hp -- ./wrapper 0 0.5 >/dev/null 2>err
	rc=$?
	[ $rc -eq 1 ] || bad "exit $rc, want 1 (wrapper.hp never appears): $(head -3 err)"
	[ "$(cat calls)" = "+RTS -hT -i0.5 -RTS 0 0.5" ] ||
		bad "the wrapper was run as: $(cat calls)"
}

# The output is the program's own profile under another spelling: refused
# before the program runs, as a one-shot run refuses it.
t_output_is_profile() {
	local rc
	"$HP2X" --watch --interval 0.2 -o "$PWD/prog.hp" -- ./prog >/dev/null 2>err
	rc=$?
	[ $rc -eq 1 ] || bad "exit $rc, want 1"
	grep -q 'output would overwrite the input' err || bad "message: $(cat err)"
	[ ! -e args ] || bad "the program ran"
}

run whole-run t_whole_run
run exit-status t_exit_status
run own-heap-flags t_own_heap_flags
run po-stem t_po_stem
run stale-profile t_stale_profile
run sigterm-forwarded t_sigterm_forwarded
run sigkill-takes-program t_sigkill_takes_program
run sigint-forwarded t_sigint_forwarded
run not-found t_not_found
run no-profile t_no_profile
run wrapper-not-probed t_wrapper_not_probed
run output-is-profile t_output_is_profile
run thread-before-block t_thread_before_block

e2e_done
