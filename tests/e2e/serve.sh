#!/usr/bin/env bash
# tests/e2e/serve.sh - hp2x --serve over HTTP, on loopback only
# (tests/e2e/serve.py speaks to it over raw sockets):
#
#   routes    the page, data.json, summary.json, metrics and columns
#             answer 200 with no-store, no-referrer, nosniff and a
#             policy with frame-ancestors 'none' (the page's with
#             connect-src 'self', in its header and its own meta); HEAD
#             answers without a body; data.json equals -o FOO.json of
#             the finished file, summary.json --summary=json
#   refused   wrong and missing token (404, the body of any unknown
#             path, no token in it), Host evil.example (403), a foreign
#             Origin (403), POST/PUT/DELETE/OPTIONS (405), ../, ./, //
#             and percent-encoded paths (404), a 20 KB head (never 200);
#             no path but the routes ever answers
#   crowd     200 connections at once: hp2x holds no more than its 32,
#             and a request behind them is answered; a head sent a byte
#             a second is cut off (HP2X_SERVE_DEADLINE=1)
#   idle      behind 1,000 connections that send nothing, /metrics, the
#             page and an event stream are each answered within 1 s
#   slowhead  the same behind 40 connections sending their heads a byte
#             every 0.2 s
#   hosts     Host and Origin: two Hosts answered 400; bound to
#             127.0.0.1, and to 0.0.0.0 inside a network namespace of
#             its own (unshare -n: nothing outside reaches it, its lo
#             given 192.0.2.7 too), the names the server is reached by
#             are taken (its address, the machine's name and, on
#             0.0.0.0, addresses, loopback names, --serve-name with any
#             port) and every other refused
#   stall     an event stream that never reads while 10,000 samples
#             arrive through a FIFO: a reading stream gets every one,
#             -o FOO.json is written all along and holds them all, the
#             stalled stream is dropped (HP2X_SERVE_STALL=1)
#   prompt    a sample written 0.8 --interval after a drawing reaches
#             an event stream with the next drawing (within 0.7 s at
#             --interval 1), not a look later
#   resume    event ids count samples, Last-Event-ID resumes there, a
#             page ahead of the model is told to reload, the batches
#             carry data.json's samples
#   inputs    standard input and a launched program served as they
#             come; --exit ends with the input (the program's status)
#   bind      127.0.0.1 unless told; another address is said on
#             stderr; [::1]:PORT and localhost:PORT are served; bad
#             --serve and --serve-name values exit 2 naming the value,
#             a port in use exits 1 saying why (Address already in
#             use); --serve with --include is refused; --exit ends with
#             the input; HP2X_SERVE_TOKEN
#             fixes the token only when it looks random (32 hex
#             digits, 8 or more different, no repeated piece)
set -u
. "$(dirname "$0")/lib.bash"
e2e_init serve
: "${HP2X:?}" "${HP2X_SRC:?}"
export LC_ALL=C
py=/usr/bin/python3
serve_py=$HP2X_SRC/tests/e2e/serve.py
S=$HP2X_SRC/samples
LIMIT=60

# start ARGS...: hp2x --serve ARGS... in the background; $url, $pid set
start() {
	: >err.txt
	"$HP2X" --serve=127.0.0.1:0 "$@" 2>err.txt &
	pid=$!
	pids+=("$pid")
	until_true grep -q 'serving http' err.txt || { bad "no URL said: $(cat err.txt)"; return 1; }
	url=$(grep -o 'http://[^ ]*' err.txt | head -n 1)
	case $url in http://127.0.0.1:*/t/????????????????????????????????/) ;;
	*) bad "the URL said is $url"; return 1 ;;
	esac
}

routes() {
	start -q "$S/leak-hT.eventlog" || return
	"$py" "$serve_py" routes "$url" || bad "routes: see above"
	"$HP2X" "$S/leak-hT.eventlog" -o ref.json || bad "hp2x -o ref.json"
	"$HP2X" "$S/leak-hT.eventlog" --summary=json >ref-summary.json || bad "--summary=json"
	until_true curl -sf "${url}data.json" -o got.json || bad "data.json"
	cmp -s ref.json got.json || bad "data.json differs from -o FOO.json"
	curl -sf "${url}summary.json" -o got-summary.json || bad "summary.json"
	cmp -s ref-summary.json got-summary.json || bad "summary.json differs from --summary=json"
}

refused() {
	start -q "$S/leak-hT.hp" || return
	until_true curl -sf "${url}data.json" -o /dev/null || bad "data.json never answered"
	"$py" "$serve_py" refused "$url" || bad "refused: see above"
}

crowd() {
	HP2X_SERVE_DEADLINE=1 start -q "$S/leak-hT.hp" || return
	until_true curl -sf "${url}data.json" -o /dev/null || bad "data.json never answered"
	"$py" "$serve_py" crowd "$url" "$pid" || bad "crowd: see above"
	kill -0 "$pid" || bad "hp2x died"
}

stall() {
	mkfifo in.hp
	HP2X_SERVE_STALL=1 start -q --interval 0.2 in.hp -o out.json || return
	"$py" "$serve_py" stall "$url" in.hp out.json || bad "stall: see above"
}

prompt() {
	mkfifo in.hp
	start -q --interval 1 in.hp || return
	"$py" "$serve_py" prompt "$url" in.hp 1 || bad "prompt: see above"
}

idle() {
	start -q "$S/leak-hT.hp" || return
	until_true curl -sf "${url}data.json" -o /dev/null || bad "data.json never answered"
	"$py" "$serve_py" idle "$url" 1000 5 || bad "idle: see above"
	kill -0 "$pid" || bad "hp2x died"
}

slowhead() {
	start -q "$S/leak-hT.hp" || return
	until_true curl -sf "${url}data.json" -o /dev/null || bad "data.json never answered"
	"$py" "$serve_py" slowhead "$url" 40 5 || bad "slowhead: see above"
	kill -0 "$pid" || bad "hp2x died"
}

hosts() {
	start -q --serve-name=hp2x.example "$S/leak-hT.hp" || return
	until_true curl -sf "${url}data.json" -o /dev/null || bad "data.json never answered"
	"$py" "$serve_py" hosts "$url" loopback hp2x.example || bad "hosts (loopback): see above"
	kill "$pid"
	# 0.0.0.0 only where nothing else can reach it
	# (root: unshare -n; anyone else maps themself to root in a user
	# namespace first, -r, which Linux refuses inside a chroot)
	local ns=(unshare -rn)
	[ "$(id -u)" = 0 ] && ns=(unshare -n)
	"${ns[@]}" true 2>/dev/null || { bad "${ns[*]} (a network namespace of one's own) is refused here"; return; }
	HP2X=$HP2X py=$py serve_py=$serve_py S=$S "${ns[@]}" bash -c '
		ip link set lo up && ip addr add 192.0.2.7/32 dev lo || exit 1
		"$HP2X" -q --serve=0.0.0.0:0 --serve-name=hp2x.example "$S/leak-hT.hp" 2>err.txt &
		pid=$!
		for i in $(seq 600); do grep -q "serving http" err.txt && break; sleep 0.1; done
		url=$(grep -o "http://[^ ]*" err.txt | head -n 1)
		[ -n "$url" ] || { echo "FAIL: 0.0.0.0: no URL: $(cat err.txt)"; kill $pid; exit 1; }
		for i in $(seq 600); do curl -sf "${url}data.json" -o /dev/null && break; sleep 0.1; done
		"$py" "$serve_py" hosts "$url" wildcard hp2x.example
		rc=$?
		kill $pid
		wait $pid
		exit $rc' || bad "hosts (wildcard): see above"
}

resume() {
	start -q "$S/leak-hT.eventlog" || return
	until_true curl -sf "${url}data.json" -o /dev/null || bad "data.json never answered"
	"$py" "$serve_py" resume "$url" || bad "resume: see above"
}

bind() {
	local p e u v
	start -q "$S/leak-hT.hp" || return
	p=${url#http://127.0.0.1:}
	p=${p%%/*}
	grep -q "127.0.0.1:$p " <(ss -Hltn) || bad "not listening on 127.0.0.1:$p: $(ss -Hltn)"
	grep -q "not only this machine" err.txt && bad "loopback said as another address"
	# a named address is said; 127.0.0.2 is still loopback, never
	# anything a test exposes
	"$HP2X" -q --serve=127.0.0.2:0 "$S/leak-hT.hp" 2>err2.txt &
	pids+=($!)
	until_true grep -q 'serving http' err2.txt || bad "--serve=127.0.0.2:0: $(cat err2.txt)"
	grep -q 'serving http://127.0.0.2:' err2.txt || bad "the URL does not name 127.0.0.2"
	# IPv6 loopback is loopback; localhost is 127.0.0.1
	# (a file each: the shell opens it in the child, after the parent's
	# first look, which could otherwise read the server before's URL)
	for v in '[::1]:0' localhost:0; do
		e=err-${v//[^a-z0-9]/}.txt
		"$HP2X" -q --serve="$v" "$S/leak-hT.hp" 2>"$e" &
		pids+=($!)
		until_true grep -q 'serving http' "$e" 2>/dev/null || { bad "--serve=$v: $(cat "$e")"; continue; }
		grep -q "not only this machine" "$e" && bad "--serve=$v said as another address"
		u=$(grep -o 'http://[^ ]*' "$e" | head -n 1)
		case $v in '['*) case $u in 'http://[::1]:'*) ;; *) bad "--serve=$v: the URL is $u" ;; esac ;; esac
		until_true curl -sf "${u}metrics" -o /dev/null || bad "--serve=$v: $u does not answer"
		kill "${pids[-1]}"
	done
	# a bad value: status 2 and the value named
	for v in 70000 99999 -1 +80 ' 80' abc 1.2.3:80 127.1:8080 :80 '127.0.0.1:' '[::1]' '[::1]:' \
		'[zz]:80' '::1:80' 'localhost' 'localhost:abc' 'example.com:80' '127.0.0.1:80:80' 123456; do
		expect_status 2 "$HP2X" --serve="$v" "$S/leak-hT.hp" 2>bad.txt || bad "--serve=$v: status"
		grep -qF -- "--serve=$v:" bad.txt || bad "--serve=$v: $(cat bad.txt)"
	done
	for v in 'a b' 'x:80' 'evil/x' '' '[::1'; do
		expect_status 2 "$HP2X" --serve=127.0.0.1:0 --serve-name="$v" "$S/leak-hT.hp" 2>bad.txt ||
			bad "--serve-name='$v': status"
		grep -qF -- "--serve-name=$v:" bad.txt || bad "--serve-name='$v': $(cat bad.txt)"
	done
	expect_status 2 "$HP2X" --serve-name=x "$S/leak-hT.hp" 2>bad.txt || bad "--serve-name without --serve"
	# a port in use: status 1, and why
	expect_status 1 "$HP2X" --serve="127.0.0.1:$p" "$S/leak-hT.hp" 2>bad.txt || bad "a port in use: status"
	grep -q "cannot listen on 127.0.0.1:$p: Address already in use" bad.txt || bad "a port in use: $(cat bad.txt)"
	kill "$pid"
	"$HP2X" --serve --include=THUNK "$S/leak-hT.hp" 2>bad.txt && bad "--serve --include accepted"
	for v in '' abc 0123456789abcdef0123456789abcdef 11111111111111112222222222222222 \
		aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab 7F3A9C1E5B2D4F6A8C0E1D3B5A7C9E2F \
		7f3a9c1e5b2d4f6a8c0e1d3b5a7c9e2 7f3a9c1e5b2d4f6a8c0e1d3b5a7c9e2f0; do
		HP2X_SERVE_TOKEN=$v "$HP2X" --serve=127.0.0.1:0 --exit "$S/leak-hT.hp" 2>bad.txt &&
			bad "HP2X_SERVE_TOKEN=$v accepted"
		grep -q 'HP2X_SERVE_TOKEN' bad.txt || bad "HP2X_SERVE_TOKEN=$v: $(cat bad.txt)"
	done
	HP2X_SERVE_TOKEN=7f3a9c1e5b2d4f6a8c0e1d3b5a7c9e2f timeout 60 "$HP2X" -q --serve=127.0.0.1:0 \
		--exit "$S/leak-hT.eventlog" 2>tok.txt || bad "HP2X_SERVE_TOKEN refused: $(cat tok.txt)"
	grep -q 'serving http://127.0.0.1:[0-9]*/t/7f3a9c1e5b2d4f6a8c0e1d3b5a7c9e2f/' tok.txt ||
		bad "HP2X_SERVE_TOKEN not the URL's: $(cat tok.txt)"
	"$HP2X" --exit "$S/leak-hT.hp" 2>bad.txt && bad "--exit without --serve accepted"
	# --exit: over when the eventlog ends
	timeout 60 "$HP2X" -q --serve=127.0.0.1:0 --exit "$S/leak-hT.eventlog" -o out.svg 2>err3.txt ||
		bad "--serve --exit did not end with the eventlog (status $?)"
	[ -s out.svg ] || bad "--serve -o out.svg wrote nothing"
}

# inputs: standard input and a launched program (tests/standin-ghc, which
# says it is GHC 9.6 and replays an eventlog into the launcher's FIFO)
# are served as they come; with --exit hp2x ends with the input (the
# program's status), data.json and -o FOO.json then both the one-shot
# conversion.
inputs() {
	local el=$S/leak-hT.eventlog rc
	"$HP2X" "$el" -o ref.json || { bad "hp2x -o ref.json"; return; }
	: >err.txt >err2.txt
	"$py" "$HP2X_SRC/tests/replay" "$el" --chunks 2000 --pace 0.05 |
		"$HP2X" -q --serve=127.0.0.1:0 --exit --interval 0.2 -o out.json - 2>err.txt &
	pids+=($!)
	until_true grep -q 'serving http' err.txt || { bad "stdin: no URL: $(cat err.txt)"; return; }
	url=$(grep -o 'http://[^ ]*' err.txt | head -n 1)
	until_true curl -sf "${url}data.json" -o got.json || bad "stdin: no data.json"
	wait "${pids[-1]}" || bad "stdin: --exit status $?"
	cmp -s ref.json out.json || bad "stdin: -o out.json is not the one-shot conversion"
	STANDIN_GHC=9.6.6 STANDIN_EVENTLOG=$el STANDIN_PACE=0.01 STANDIN_EXIT=4 \
		"$HP2X" -q --serve=127.0.0.1:0 --exit --interval 0.2 -o prog.json \
		-- "$HP2X_SRC/tests/standin-ghc" 2>err2.txt &
	pids+=($!)
	until_true grep -q 'serving http' err2.txt || { bad "program: no URL: $(cat err2.txt)"; return; }
	url=$(grep -o 'http://[^ ]*' err2.txt | head -n 1)
	until_true curl -sf "${url}data.json" -o got2.json || bad "program: no data.json"
	wait "${pids[-1]}"
	rc=$?
	[ "$rc" = 4 ] || bad "program: hp2x --exit gave $rc, not the program's 4"
	cmp -s ref.json prog.json || bad "program: -o prog.json is not the one-shot conversion"
	"$py" -c 'import json, sys; a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2])); sys.exit(not (a["samples"] == b["samples"][:len(a["samples"])] and a["samples"]))' got2.json ref.json ||
		bad "program: the served data.json is not a prefix of the profile"
}

run routes routes
run refused refused
run crowd crowd
run stall stall
run prompt prompt
run idle idle
run slowhead slowhead
run hosts hosts
run resume resume
run bind bind
run inputs inputs
e2e_done
