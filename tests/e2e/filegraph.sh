#!/usr/bin/env bash
# tests/e2e/filegraph.sh - the C files call each other in one direction:
# no file calls one that calls it back, directly or round a loop, and no
# library one that calls it back (the order CMakeLists.txt lists them
# in).  Inside a library a family of files has an order of its own
# (hp/eventlog-private.h states the eventlog reader's).  A loop means two
# files are one concern split in two.
#
# The graph is read from the built libraries, not the sources: nm names
# what each object file defines and what it takes from elsewhere, so a
# call through a table or a pointer set up by a third file is no edge,
# and a call by name always is.
set -u

SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD=${HP2X_BUILD:-$SRC/build}
# shellcheck source=lib.bash
. "$(dirname "$0")/lib.bash"
e2e_init filegraph

# edges ARCHIVE...: "FROM TO SYMBOL", one per symbol an object file takes
# from another object file of the archives given; files are named
# LIBRARY:FILE (hp2x_hp:eventlog.c).
edges() {
	local a lib
	for a in "$@"; do
		lib=$(basename "$a" .a)
		lib=${lib#lib}
		nm -A "$a" | awk -v lib="$lib" '{
			n = split($1, f, ":")
			if (n < 3) next
			o = f[n - 1]; sub(/\.o$/, "", o)
			if ($(NF - 1) == "U") print "U", lib ":" o, $NF
			else if ($(NF - 1) ~ /^[BDGRSTVW]$/) print "D", lib ":" o, $NF
		}' || return 1
	done | awk '
		$1 == "D" { def[$3] = $2; next }
		{ use[++n] = $2 " " $3 }
		END {
			for (i = 1; i <= n; i++) {
				split(use[i], u, " ")
				if ((u[2] in def) && def[u[2]] != u[1])
					print u[1], def[u[2]], u[2]
			}
		}' | sort -u
}

# between_libraries EDGES: the calls from one library into another, as
# edges between the libraries.
between_libraries() {
	awk '{ split($1, a, ":"); split($2, b, ":"); if (a[1] != b[1]) print a[1], b[1], $3 }' "$1"
}

# loops EDGES: each loop tsort finds, once, its files on one line in
# the order they call each other (the last calls the first).
loops() {
	cut -d' ' -f1,2 "$1" | tsort 2>&1 >/dev/null | awk '
		/input contains a loop/ { if (l != "") print l; l = ""; next }
		{ sub(/^tsort: /, ""); l = l (l == "" ? "" : " ") $0 }
		END { if (l != "") print l }' | awk '!seen[$0]++'
}

# check_none EDGES WHAT: no loop; else each loop of WHAT (files,
# libraries) and a few of the calls that make each of its steps.
check_none() {
	local l
	loops "$1" >found
	[ -s found ] || return 0
	while read -r l; do
		bad "these $2 call each other round a loop: $l"
		awk -v l="$l" '
			BEGIN { n = split(l, f, " "); for (i = 1; i <= n; i++) next_of[f[i]] = f[i % n + 1] }
			($1 in next_of) && next_of[$1] == $2 && k[$1 FS $2]++ < 3 { print "  " $1 " -> " $2 ": " $3 }' "$1" >&2
	done <found
}

# The check itself: a made-up pair of files that call each other is a
# loop, a chain is not (so a broken nm or tsort cannot pass in silence).
t_finds_a_loop() {
	printf 'int b(int);\nint a(int x) { return x ? b(x - 1) : 0; }\n' >a.c
	printf 'int a(int);\nint b(int x) { return a(x); }\n' >b.c
	printf 'int a(int);\nint c(int x) { return a(x); }\n' >c.c
	cc -c a.c b.c c.c || { bad "cc failed"; return; }
	ar rc libloop.a a.o b.o c.o
	edges libloop.a >edges || { bad "nm failed"; return; }
	loops edges >found
	[ "$(wc -l <found)" = 1 ] && grep -qx 'loop:a loop:b\|loop:b loop:a' found ||
		bad "the loop a.c <-> b.c not found alone: $(cat found)"
	grep -qx 'loop:c loop:a a' edges || bad "the call c.c -> a.c not seen: $(cat edges)"
	# two libraries that call each other, though no two files do
	printf 'int p(int);\nint q(int x) { return p(x); }\n' >q.c
	printf 'int s(int x) { return x; }\n' >s.c
	printf 'int s(int);\nint p(int x) { return s(x); }\n' >p.c
	cc -c q.c s.c p.c || { bad "cc failed"; return; }
	ar rc libone.a q.o s.o
	ar rc libtwo.a p.o
	edges libone.a libtwo.a >edges || { bad "nm failed"; return; }
	loops edges >found
	[ -s found ] && bad "a file loop where there is none: $(cat found)"
	between_libraries edges >libedges
	loops libedges >found
	grep -qx 'one two\|two one' found || bad "the loop between libone and libtwo not found: $(cat found)"
}

t_no_loop() {
	local libs
	mapfile -t libs < <(find "$BUILD" -name 'libhp2x_*.a' -not -path '*/tests/*' | sort)
	[ "${#libs[@]}" -ge 4 ] || { bad "hp2x's libraries not found under $BUILD: ${libs[*]}"; return; }
	edges "${libs[@]}" >edges || { bad "nm failed"; return; }
	[ "$(wc -l <edges)" -gt 200 ] || bad "only $(wc -l <edges) calls between files: nm read little"
	check_none edges files
	between_libraries edges >libedges
	[ -s libedges ] || bad "no calls between libraries seen"
	check_none libedges libraries
}

run finds_a_loop t_finds_a_loop
run no_loop t_no_loop
e2e_done
