#!/usr/bin/env bash
# tests/e2e/fonts.sh - every test draws with the same fonts on every
# machine: those tests/fonts.conf.in lists (the repository's Liberation
# Sans, fonts-noto-cjk's sans faces), never the machine's or its user's.
#
#  - FONTCONFIG_FILE, which tests/CMakeLists.txt gives every test, is the
#    build tree's fonts.conf, and fontconfig sees exactly those files
#    through it, with its cache in the build tree.  (A file fontconfig
#    cannot load makes it fall back, with one line on stderr, to all of
#    the system's fonts: this is where that shows.)  A missing file fails
#    here, so no other font can stand in for it.
#  - A user's fonts and configuration (~/.config/fontconfig/fonts.conf
#    rejecting Noto CJK, fonts of their own in ~/.fonts) change no
#    picture: the golden cjk-emoji picture is the same bytes under such a
#    HOME.  The check must be able to fail: under the system's
#    configuration (FONTCONFIG_FILE unset) the same HOME changes it.
set -u

: "${HP2X:?set HP2X to the hp2x binary}"
SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}

# shellcheck source=lib.bash
. "$(dirname "$0")/lib.bash"
e2e_init fonts

# What tests/fonts.conf.in lists, one file a line, sorted.
want_fonts() {
	printf '%s\n' "$SRC/fonts/LiberationSans-Bold.ttf" \
		"$SRC/fonts/LiberationSans-Regular.ttf" \
		/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc \
		/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc | sort
}

t_exact_set() {
	local f got
	case ${FONTCONFIG_FILE:-} in
	/*/tests/fonts.conf) ;;
	*) bad "FONTCONFIG_FILE is '${FONTCONFIG_FILE:-}', not the build tree's tests/fonts.conf"; return ;;
	esac
	command -v fc-list >/dev/null || { bad "fc-list not found (fontconfig: bash .ci/deps --test)"; return; }
	while read -r f; do
		[ -r "$f" ] || bad "$f is missing (bash .ci/deps --test installs it)"
	done < <(want_fonts)
	got=$(fc-list : file 2>err | sed 's/: *$//' | sort -u)
	[ -s err ] && bad "fontconfig: $(head -3 err)"
	[ "$got" = "$(want_fonts)" ] ||
		bad "fontconfig sees:" "$got" "wanted:" "$(want_fonts)"
	ls "$(dirname "$FONTCONFIG_FILE")"/fontconfig-cache/*.cache-* >/dev/null 2>&1 ||
		bad "no cache in $(dirname "$FONTCONFIG_FILE")/fontconfig-cache"
}

# draw OUT: the golden cjk-emoji case (tests/e2e/golden_png.sh) as a PNG.
draw() {
	"$HP2X" -q -c --size 864x576 "$SRC/tests/data/cjk-emoji.hp" -o "$1" ||
		bad "hp2x failed drawing $1"
}

# A user who set fonts up by hand: CJK rejected, fonts of their own.
hostile_home() {
	mkdir -p home/.config/fontconfig home/.fonts home/.local/share/fonts
	cp "$SRC"/fonts/*.ttf home/.fonts/
	cat >home/.config/fontconfig/fonts.conf <<'EOF'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
	<selectfont><rejectfont><glob>*NotoSansCJK*</glob></rejectfont></selectfont>
</fontconfig>
EOF
}

as_user() {
	HOME=$PWD/home XDG_CONFIG_HOME=$PWD/home/.config \
		XDG_DATA_HOME=$PWD/home/.local/share XDG_CACHE_HOME=$PWD/home/.cache "$@"
}

t_user_fonts_ignored() {
	hostile_home
	draw plain.png
	as_user draw user.png
	cmp -s plain.png user.png ||
		bad "a user's font configuration changes the picture under FONTCONFIG_FILE"
	cmp -s plain.png "$SRC/tests/golden/png/cjk-emoji.ref.png" ||
		python3 "$SRC/tests/golden/png/pngcmp.py" \
			"$SRC/tests/golden/png/cjk-emoji.ref.png" plain.png diff.png >/dev/null ||
		bad "not the golden cjk-emoji picture"
	# The same HOME under the system's configuration: it must show.
	(unset FONTCONFIG_FILE; draw sys.png; as_user draw sys-user.png)
	cmp -s sys.png sys-user.png &&
		bad "the hostile HOME changes nothing even under the system's configuration: the check checks nothing"
	return 0
}

run exact-set t_exact_set
run user-fonts-ignored t_user_fonts_ignored
e2e_done
