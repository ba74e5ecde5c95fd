#!/usr/bin/env bash
# tests/e2e/completion.sh - the shells' completions the build writes from
# the option table (convert/completion.c) into build/completions/.
#
# bash's is driven as bash drives it: the script sourced, COMP_WORDS and
# COMP_CWORD set, _hp2x called, COMPREPLY read; both ways bash may hand
# over --opt=value (one word, or three when COMP_WORDBREAKS splits at the
# '=', its default).  Every long option --help lists completes, and every
# choice --help shows as --NAME=a|b|c completes to exactly its words, so a
# new option or word that the scripts missed fails here.  fish's is
# asked the same through `complete -C`; zsh's is parsed (zsh -n).
set -u

SRC=${HP2X_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD=${HP2X_BUILD:-$SRC/build}
# shellcheck source=lib.bash
. "$(dirname "$0")/lib.bash"
e2e_init completion
scripts=$BUILD/completions

# comp WORD...: what bash's completion offers for `hp2x WORD...`, the
# last word being completed; one a line, sorted.
comp() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_hp2x; printf "%s\n" "${COMPREPLY[@]}"' _ "$scripts/hp2x" hp2x "$@" |
		sed '/^$/d' | sort
}

# want WHAT LINES... : the lines of $got, sorted, are LINES.
want() {
	local what=$1
	shift
	[ "$got" = "$(printf '%s\n' "$@" | sed '/^$/d' | sort)" ] ||
		bad "$what: got [$(echo $got)], wanted [$*]"
}

t_bash() {
	local got name words w
	bash -n "$scripts/hp2x" || { bad "bash cannot parse it"; return; }
	got=$(comp --pal); want "--pal" --palette=
	got=$(comp --palette=); want "--palette= (one word)" \
		--palette=hp2ps --palette=grey --palette=many
	got=$(comp --palette = ""); want "--palette = (split)" hp2ps grey many
	got=$(comp --palette =); want "--palette = (cursor after =)" hp2ps grey many
	got=$(comp --palette = g); want "--palette = g" grey
	got=$(comp --palette ""); want "--palette WORD" hp2ps grey many
	got=$(comp --colo); want "--colo" --colour --colour-by= --color --color-by=
	got=$(comp --format=s); want "--format=s" --format=svg --format=speedscope
	got=$(comp --bands=); want "--bands= (a number or all)" --bands=all
	got=$(comp --summ); want "--summ (an optional value)" --summary --summary=
	touch x.hp; got=$(comp --summary ""); want "--summary FILE: its value only after =" x.hp
	got=$(comp -); echo "$got" | grep -qx -- -o && echo "$got" | grep -qx -- --output= ||
		bad "- offers no -o and --output="
	# nothing where a number, a pattern or a label is wanted
	for w in --dpi= --interval= --trace= --include= --from= --max-peak=; do
		got=$(comp "$w"); want "$w" ""
		got=$(comp "${w%=}" ""); want "${w%=} WORD" ""
	done

	# every long option of --help, and each choice's words
	"$HP2X" --help >help || { bad "--help failed"; return; }
	for name in $(grep -oE -- '--[a-z][a-z-]*' help | sort -u); do
		got=$(comp "$name")
		echo "$got" | grep -qxE -- "$name=?" || bad "$name is not offered: [$(echo $got)]"
	done
	grep -oE -- '--[a-z-]+\[?=[a-z0-9+-]+(\|[a-z0-9+-]+)+' help | sort -u >choices
	[ "$(wc -l <choices)" -ge 3 ] || bad "--help shows few choices: $(cat choices)"
	while IFS= read -r w; do
		name=${w%%=*} name=${name%[} words=${w#*=}
		got=$(comp "$name" = "")
		want "$name=" $(echo "$words" | tr '|' ' ')
	done <choices
	words=$(sed -n '/whatever the file is called: /{N;s/.*called: //;p}' help |
		tr -d ',\n' | sed 's/ or / /; s/  */ /g')
	case " $words " in *" pdf "*" html "*) ;; *) bad "--help's formats: $words" ;; esac
	got=$(comp --format = ""); want "--format=" $words
}

t_bash_files() {
	local got
	mkdir -p sub && touch a.hp b.eventlog c.hp.gz 'my prof.hp' notes.txt
	got=$(comp ""); want "profiles first" a.hp b.eventlog c.hp.gz 'my prof.hp' sub
	got=$(comp my); want "a name with a space" 'my prof.hp'
	got=$(comp n); want "any file when no profile matches" notes.txt
	got=$(comp -o ""); want "-o FILE: any file" a.hp b.eventlog c.hp.gz 'my prof.hp' notes.txt sub
	got=$(comp --aux-in=n); want "--aux-in=FILE" --aux-in=notes.txt
	got=$(comp -w -o g.pdf -- bas); echo "$got" | grep -qx bash || bad "after --, no program: [$(echo $got)]"
	got=$(comp -w -o g.pdf -- prog a); want "after -- PROG, files" a.hp
}

t_fish() {
	local got
	fish -n "$scripts/hp2x.fish" || { bad "fish cannot parse it"; return; }
	got=$(fish -c "source '$scripts/hp2x.fish'; complete -C'hp2x --palette='" | cut -f1 | sort)
	want "fish --palette=" --palette=hp2ps --palette=grey --palette=many
	got=$(fish -c "source '$scripts/hp2x.fish'; complete -C'hp2x --dpi '" | cut -f1)
	want "fish --dpi" ""
}

t_zsh() {
	zsh -n "$scripts/_hp2x" || bad "zsh cannot parse it"
	head -1 "$scripts/_hp2x" | grep -qx '#compdef hp2x' || bad "no #compdef line"
	grep -q "'\*--palette=\[band colours\]:value:(hp2ps grey many)'" "$scripts/_hp2x" ||
		bad "zsh's --palette: $(grep -e --palette "$scripts/_hp2x")"
}

run bash t_bash
run bash-files t_bash_files
run fish t_fish
run zsh t_zsh
e2e_done
