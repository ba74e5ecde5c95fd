#!/usr/bin/env bash
# tests/e2e/package.sh - what hp2x is handed out as: the Debian package
# (`cpack -G DEB`) and the source tarball (the `dist` target).
#
# The .deb: made from the test's build tree by cpack, it holds exactly
# the binary, the man page, the completions and the font; its Depends
# name the package of every library the binary links (dpkg-shlibdeps'
# work, with a lowest version), and apt would install it on this
# machine.  Unpacked anywhere, its hp2x draws with the font it carries.
# (Installed into a brand-new Debian root it draws too, but making the
# root takes a network and minutes, more than CI's budget: HACKING.md
# says how to check it by hand.)
#
# The tarball: the committed tree and nothing else (so nothing of a
# build or a work tree), which builds with the network cut and passes
# the README's first command as written there (but -j2 for -j, the
# machine being shared, in a tree configured without the tests'
# programs).  It needs a git checkout.
#
# Builds and packs its own hp2x, so the sanitizer pass skips it (label
# asan-skip); through ccache when there is one, as tests/e2e/install.sh.
set -u

SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD=${HP2X_BUILD:-$SRC/build}
# shellcheck source=lib.bash
. "$(dirname "$0")/lib.bash"
e2e_init package
unset HP2X_FONTDIR
version=$("$HP2X" --version | awk '{ print $2 }')

# The installed files, as cmake --install lays them out under a prefix.
installed_files="bin/hp2x
share/bash-completion/completions/hp2x
share/fish/vendor_completions.d/hp2x.fish
share/hp2x/fonts/LICENSE
share/hp2x/fonts/LiberationSans-Bold.ttf
share/hp2x/fonts/LiberationSans-Regular.ttf
share/man/man1/hp2x.1
share/zsh/site-functions/_hp2x"

t_deb() {
	local deb lib pkg multiarch
	cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$PWD/out" >cpack.out 2>&1 ||
		{ bad "cpack -G DEB failed: $(tail -5 cpack.out)"; return; }
	deb=$PWD/out/hp2x_${version}_$(dpkg --print-architecture).deb
	[ -s "$deb" ] || { bad "no $deb: $(ls out)"; return; }

	dpkg-deb -c "$deb" | awk '!/^d/ { sub(/^\.\/usr\//, "", $6); print $6 }' | sort >files
	printf '%s\n' "$installed_files" | sort | diff - files >files.diff ||
		bad "the package's files differ from what was wanted: $(cat files.diff)"
	dpkg-deb -f "$deb" Package Version Architecture >fields
	printf 'Package: hp2x\nVersion: %s\nArchitecture: %s\n' "$version" \
		"$(dpkg --print-architecture)" | cmp -s - fields || bad "fields: $(cat fields)"

	# Every library the binary links, by its package, with a lowest
	# version: dpkg-shlibdeps' Depends, not a list written by hand.
	dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ *//' >depends
	multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
	for lib in $(objdump -p "$HP2X" | awk '$1 == "NEEDED" { print $2 }'); do
		pkg=$(dpkg -S "*/$multiarch/$lib" 2>/dev/null | awk -F: 'NR == 1 { print $1 }')
		[ -n "$pkg" ] || { bad "no package holds $lib"; continue; }
		grep -Eq "^$pkg \\(>= [^)]+\\)$" depends ||
			bad "Depends lacks $pkg ($lib): $(tr '\n' ' ' <depends)"
	done
	for pkg in libc6 libcairo2 libpango-1.0-0 zlib1g libmicrohttpd12; do
		grep -q "^$pkg " depends || bad "Depends lacks $pkg: $(tr '\n' ' ' <depends)"
	done
	apt-get install -s "$deb" >apt.out 2>&1 && grep -q '^Inst hp2x ' apt.out ||
		bad "apt would not install it: $(tail -5 apt.out)"

	# Unpacked away from any build, it draws with its own font.
	dpkg-deb -x "$deb" root || { bad "dpkg-deb -x failed"; return; }
	root/usr/bin/hp2x --version >version.out 2>err || bad "--version: $(cat err)"
	root/usr/bin/hp2x "$SRC/samples/leak-hT.hp" -o g.pdf 2>err ||
		bad "the packaged hp2x cannot draw: $(cat err)"
	pdffonts g.pdf 2>/dev/null | grep -q 'LiberationSans.* yes' ||
		bad "the PDF does not embed the packaged font"
	groff -man -Tutf8 -ww -z root/usr/share/man/man1/hp2x.1 >groff.out 2>&1 &&
		[ ! -s groff.out ] || bad "the packaged man page: $(head -3 groff.out)"
}

t_dist() {
	local tarball=$BUILD/hp2x-$version.tar.gz cmd offline
	git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1 ||
		{ bad "$SRC is not a git checkout: the dist target needs one"; return; }
	rm -f "$tarball"
	cmake --build "$BUILD" --target dist >dist.out 2>&1 && [ -s "$tarball" ] ||
		{ bad "the dist target failed: $(tail -5 dist.out)"; return; }

	# The committed tree, under hp2x-VERSION/, and nothing else.
	tar -tzf "$tarball" | grep -v '/$' | sort >entries
	git -C "$SRC" ls-tree -r --name-only HEAD | sed "s|^|hp2x-$version/|" | sort >want
	diff want entries >entries.diff || bad "the tarball is not the committed tree: $(head -20 entries.diff)"
	tar -xzf "$tarball" || { bad "cannot unpack the tarball"; return; }

	# The README's first command, in the unpacked tree, offline.
	cmd=$(awk '/^```sh/ { f = 1; next } /^```/ { if (f) exit } f' "hp2x-$version/README.md")
	case $cmd in
	*"./build/hp2x samples/leak-hT.hp -o leak-hT.pdf"*) ;;
	*) bad "the README's first command is not the one this test knows: $cmd"; return ;;
	esac
	cmd=${cmd// -j / -j2 }
	if command -v ccache >/dev/null; then
		export CMAKE_C_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
	fi
	if unshare -n true 2>/dev/null; then offline=(unshare -n)
	elif unshare -rn true 2>/dev/null; then offline=(unshare -rn)
	else bad "cannot cut the network here (unshare -n)"; return
	fi
	# Configured first without the tests' programs (what is checked here is
	# that hp2x builds and draws from the tarball) and with -Werror, which
	# makes each compile the build tree's (tests/run's), so ccache has it.
	cmd="cmake -S . -B build -DBUILD_TESTING=OFF -DHP2X_WERROR=ON >/dev/null && $cmd"
	(cd "hp2x-$version" && "${offline[@]}" bash -c "$cmd") >readme.out 2>&1 ||
		{ bad "the README's first command failed offline: $(tail -5 readme.out)"; return; }
	pdfinfo "hp2x-$version/leak-hT.pdf" >info 2>&1 && grep -q '^Pages: *1$' info ||
		bad "leak-hT.pdf: $(cat info)"
}

run deb t_deb
run dist t_dist
e2e_done
