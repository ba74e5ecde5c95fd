#!/usr/bin/env bash
# tests/e2e/install.sh - hp2x built and installed the way a distribution
# does it, then used with nothing else left behind.
#
# A copy of the sources is configured for one prefix, without cmocka (a
# pkg-config that cannot find it: configuring must still work, say which
# tests it skips, and build hp2x), built, and installed with
# `cmake --install --prefix` somewhere else.  The copy and its build tree
# are then deleted and the installed tree moved once more.  The installed
# hp2x must still run and draw with its own installed font (a PDF that
# embeds Liberation Sans), and look for that font before any build-tree
# path.  Its man page, the font licence and the completions for bash, zsh
# and fish are installed too.
#
# Builds its own hp2x, so the sanitizer pass skips it (label asan-skip).
# The build goes through ccache when there is one, as tests/run's do
# (paths under the scratch directory hashed relative to it): the same
# compiler output, 1 s of CPU instead of 10 once the cache has it.
set -u

SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
# shellcheck source=lib.bash
. "$(dirname "$0")/lib.bash"
e2e_init install
unset HP2X_FONTDIR
if command -v ccache >/dev/null; then
	export CMAKE_C_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
fi

t_install() {
	local src=$top/src build=$top/build configured=$top/configured
	local prefix=$top/prefix moved=$top/moved

	mkdir -p "$src" "$top/bin"
	cp -r "$SRC"/CMakeLists.txt "$SRC"/hp2x.1 "$SRC"/hp "$SRC"/render \
		"$SRC"/data "$SRC"/page "$SRC"/convert "$SRC"/live "$SRC"/tools \
		"$SRC"/fonts "$SRC"/tests "$src"/ || { bad "copy failed"; return; }
	cat >"$top/bin/pkg-config" <<-'EOF'
	#!/bin/sh
	for a; do case $a in cmocka*) exit 1 ;; esac; done
	exec pkg-config "$@"
	EOF
	chmod +x "$top/bin/pkg-config"

	if ! cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Debug \
		-DCMAKE_INSTALL_PREFIX="$configured" \
		-DPKG_CONFIG_EXECUTABLE="$top/bin/pkg-config" >configure.out 2>&1; then
		bad "configure without cmocka failed: $(tail -5 configure.out)"
		return
	fi
	# The warning names the skipped tests and the reason.
	tr -s ' \n' ' ' <configure.out >configure.flat
	grep -q 'cmocka not found' configure.flat &&
		grep -q 'unit/test_model' configure.flat ||
		bad "configure does not say which tests it skips: $(cat configure.out)"
	cmake --build "$build" -j2 >build.out 2>&1 ||
		{ bad "build without cmocka failed: $(tail -5 build.out)"; return; }
	[ ! -e "$build/tests/test_model" ] || bad "a unit test was built without cmocka"
	cmake --install "$build" --prefix "$prefix" >install.out 2>&1 ||
		{ bad "cmake --install failed: $(tail -5 install.out)"; return; }

	# Nothing of the build is left; the installed tree moves as a whole.
	rm -rf "$src" "$build"
	mv "$prefix" "$moved"
	[ ! -e "$configured" ] || bad "something was installed into the configured prefix"

	"$moved/bin/hp2x" --version >/dev/null 2>err || bad "--version: $(cat err)"
	for f in LiberationSans-Regular.ttf LiberationSans-Bold.ttf LICENSE; do
		[ -s "$moved/share/hp2x/fonts/$f" ] || bad "font file $f is not installed"
	done
	[ -s "$moved/share/man/man1/hp2x.1" ] || bad "the man page is not installed"
	# The completions, where each shell looks under the prefix; bash's
	# completes an option and a choice's words (tests/e2e/completion.sh
	# tries them all on the build's).
	local bash_c=$moved/share/bash-completion/completions/hp2x got
	local zsh_c=$moved/share/zsh/site-functions/_hp2x
	local fish_c=$moved/share/fish/vendor_completions.d/hp2x.fish
	for f in "$bash_c" "$zsh_c" "$fish_c"; do
		[ -s "$f" ] || bad "${f#"$moved"/} is not installed"
	done
	got=$(bash -c '. "$1"; COMP_WORDS=(hp2x --pal); COMP_CWORD=1; _hp2x
		echo "${COMPREPLY[*]}"' _ "$bash_c")
	[ "$got" = --palette= ] || bad "bash completes --pal to '$got'"
	got=$(bash -c '. "$1"; COMP_WORDS=(hp2x --palette = ""); COMP_CWORD=3; _hp2x
		echo "${COMPREPLY[*]}"' _ "$bash_c")
	[ "$got" = "hp2ps grey many" ] || bad "bash completes --palette= to '$got'"
	zsh -n "$zsh_c" || bad "zsh cannot parse _hp2x"
	fish -n "$fish_c" || bad "fish cannot parse hp2x.fish"
	groff -man -Tutf8 -ww -z "$moved/share/man/man1/hp2x.1" >groff.out 2>&1 &&
		[ ! -s groff.out ] || bad "the man page has warnings: $(head -3 groff.out)"

	"$moved/bin/hp2x" "$SRC/samples/leak-hm.hp" -o g.pdf 2>err ||
		bad "the installed hp2x cannot draw: $(cat err)"
	pdffonts g.pdf 2>/dev/null | grep -q 'LiberationSans.* yes' ||
		bad "the PDF does not embed the installed font"

	# Without its fonts, the installed hp2x looked first beside itself,
	# then in the build tree, then in the configured prefix.
	mkdir -p bare/bin
	cp "$moved/bin/hp2x" bare/bin/
	"$PWD/bare/bin/hp2x" "$SRC/samples/leak-hm.hp" -o h.pdf 2>err &&
		bad "hp2x drew without any font"
	grep -qF "(looked in $PWD/bare/bin/../share/hp2x/fonts, $src/fonts, $configured/share/hp2x/fonts)" err ||
		bad "font search order: $(cat err)"
	[ ! -e h.pdf ] || bad "a failed run left h.pdf"
}

run install t_install
e2e_done
