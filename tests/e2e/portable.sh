#!/usr/bin/env bash
# tests/e2e/portable.sh - the portable build (CMakeLists.txt's
# HP2X_PORTABLE) is what it says it is; registered in a portable tree
# only (tests/run's build-portable/).
#
#  - symbols: the binary calls no Linux-only function (nm's list of what
#    it takes from the system's libraries: inotify, signalfd, prctl,
#    epoll, pipe2, accept4, ppoll, fopencookie, getrandom, glibc's
#    mallopt, madvise (POSIX has posix_madvise; hp/grow.c's huge pages
#    and hp/model.c's giving back are Linux's) and their like), while it does call their POSIX stand-ins
#    (poll, pipe, setpgid, getentropy, open_memstream, realpath).
#  - flags: every file of hp2x's libraries was compiled as ISO C11 with
#    _POSIX_C_SOURCE=200809L, without _GNU_SOURCE on the command line or
#    in the file, and Linux's files of HP2X_VARIANTS not at all.
#  - version: --version says the build, as a bug report needs it.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
: "${HP2X_BUILD:?set HP2X_BUILD to the build tree}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}

# shellcheck source=lib.bash
. "$(dirname "$0")/lib.bash"
e2e_init portable

linux_only='inotify_[a-z0-9_]+|signalfd4?|prctl|epoll_[a-z0-9_]+|pipe2|accept4|ppoll|fopencookie|getrandom|dup3|eventfd|timerfd_[a-z_]+|memfd_create|sendfile(64)?|splice|pidfd_[a-z_]+|clone3?|mallopt|malloc_trim|malloc_usable_size|madvise'
stand_ins='poll pipe setpgid getentropy open_memstream realpath'

t_symbols() {
	local got s
	nm -D --undefined-only "$HP2X" | awk '{ print $NF }' | sed 's/@.*//' | sort -u >und ||
		{ bad "nm failed"; return; }
	for s in $stand_ins; do
		grep -qx "$s" und || bad "the portable hp2x does not call $s: is this nm's list?"
	done
	got=$(grep -Ex "$linux_only" und | tr '\n' ' ')
	[ -z "$got" ] || bad "Linux-only calls in the portable hp2x: $got"
}

t_flags() {
	local out
	[ -s "$HP2X_BUILD/compile_commands.json" ] ||
		{ bad "no compile_commands.json in $HP2X_BUILD"; return; }
	out=$(py '
import json, os, re, sys
src, cc, variants = sys.argv[1], sys.argv[2], sys.argv[3]
# Linux files of HP2X_VARIANTS: the first of each pair
pairs = re.search(r"set\(HP2X_VARIANTS(.*?)\)", open(variants).read(), re.S).group(1)
pairs = [w for w in re.sub(r"#[^\n]*", "", pairs).split()]
linux = {os.path.join(src, f) for f in pairs[0::2]}
dirs = [os.path.join(src, d) + "/" for d in ("hp", "render", "data", "page", "convert", "live")]
bad, seen = [], 0
for e in json.load(open(cc)):
    f = os.path.normpath(os.path.join(e["directory"], e["file"]))
    if not any(f.startswith(d) for d in dirs):
        continue
    seen += 1
    cmd = e.get("command") or " ".join(e.get("arguments", []))
    if f in linux:
        bad.append(f + ": a Linux file, compiled")
    if "_GNU_SOURCE" in cmd or "-D_POSIX_C_SOURCE=200809L" not in cmd or "-std=c11" not in cmd:
        bad.append(f + ": " + cmd)
    if re.search(r"^\s*#\s*define\s+_GNU_SOURCE", open(f).read(), re.M):
        bad.append(f + ": defines _GNU_SOURCE")
if seen < 50:
    bad.append("only %d files of hp2x in %s" % (seen, cc))
print("\n".join(bad) or "ok")
' "$SRC" "$HP2X_BUILD/compile_commands.json" "$SRC/CMakeLists.txt")
	[ "$out" = ok ] || bad "not compiled as POSIX.1-2008 alone: $out"
}

t_version() {
	"$HP2X" --version >out 2>err || bad "--version failed: $(cat err)"
	grep -q '^hp2x [0-9.]* (portable build; cairo ' out ||
		bad "--version does not say the portable build: $(cat out)"
}

run symbols t_symbols
run flags t_flags
run version t_version

e2e_done
