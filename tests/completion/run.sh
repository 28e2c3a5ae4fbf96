#!/bin/sh
# The bash completion, data/olsread.bash, as bash runs it: each check sets
# COMP_WORDS and COMP_CWORD as bash would for a command line, calls the
# completion function and looks at COMPREPLY.
# usage: run.sh OLSREAD SRCDIR
if [ -z "${BASH_VERSION:-}" ]; then
	if ! command -v bash >/dev/null 2>&1; then
		echo "1..0 # SKIP bash is not installed"
		exit 0
	fi
	exec bash "$0" "$@"
fi
set -u
bin=$1
src=$2
[[ $bin == /* ]] || bin=$PWD/$bin
sample=$src/data/000-article.md
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

# shellcheck source=../../data/olsread.bash
. "$src/data/olsread.bash"

# complete [--at N] WORD...: complete word N (by default the last) of
# the command line "olsread WORD...", as bash splits it (at "=" too), in
# $tmp.
complete_words() {
	COMP_CWORD=
	if [[ $1 == --at ]]; then
		COMP_CWORD=$2
		shift 2
	fi
	COMP_WORDS=("$bin" "$@")
	COMP_CWORD=${COMP_CWORD:-$#}
	COMPREPLY=()
	(cd "$tmp" && _olsread "$bin" "${COMP_WORDS[COMP_CWORD]}" \
	    "${COMP_WORDS[COMP_CWORD - 1]}" && printf '%s\n' \
	    "${COMPREPLY[@]}") | sort
}

# is DESCRIPTION WANT WORD...: the completions, one a line, sorted, are
# exactly WANT.
is() {
	local what=$1 want=$2 got
	shift 2
	got=$(complete_words "$@")
	n=$((n + 1))
	if [[ $got == "$want" ]]; then
		echo "ok $n - $what"
	else
		echo "not ok $n - $what"
		printf '%s\n' "$got" | sed 's/^/# got:  /'
		printf '%s\n' "$want" | sed 's/^/# want: /'
		failed=$((failed + 1))
	fi
}

# has DESCRIPTION WANT WORD...: the completions include WANT.
has() {
	local what=$1 want=$2
	shift 2
	n=$((n + 1))
	if complete_words "$@" | grep -qxF -- "$want"; then
		echo "ok $n - $what"
	else
		echo "not ok $n - $what"
		failed=$((failed + 1))
	fi
}

mkdir "$tmp/notes"
: >"$tmp/talks.md"
: >"$tmp/two words.md"
: >"$tmp/readme.txt"
: >"$tmp/my.conf"
cp "$sample" "$tmp/ols.md"

has "--th completes to --theme" --theme --th
has "--th offers --theme=" --theme= --th
has "- offers the short options" -w -
has "- offers the long options" --dump -
is "--no-s: the two --no- options" $'--no-sidebar\n--no-smart' --no-s
is "--theme SPACE: the themes" $'dark\nlight\nmono' --theme ''
is "--theme=l: light" light --theme = l
is "--theme=: the themes" $'dark\nlight\nmono' --theme =
is "--color=: auto, always, never" $'always\nauto\nnever' --color =
is "--colour=n: never" never --colour = n
is "--color=n, not split at =: --color=never" --color=never --color=n
is "--width SPACE: nothing to offer" "" --width ''
is "--search SPACE: nothing to offer" "" --search ''
has "--config SPACE: any file" my.conf --config ''
is "a file: Markdown files and directories" \
    $'notes\nols.md\ntalks.md\ntwo words.md' ''
is "t: a name with a blank is one completion" \
    $'talks.md\ntwo words.md' t
is "r: no Markdown file, so any file" readme.txt r
is "--color SPACE: a file, as --color takes no value apart" \
    $'notes\nols.md\ntalks.md\ntwo words.md' --color ''

talks=$'1\n2\n3\n4\n5\n6\n7'
is "ols.md --section SPACE: the 7 talks" "$talks" ols.md --section ''
is "--section SPACE ols.md: the article after the cursor" "$talks" \
    --at 2 --section '' ols.md
is "--section=: the 7 talks" "$talks" ols.md --section =
is "--section 3 on the line: 3" 3 --dump ols.md --section 3
is "--theme=dark before the article: dark is no article" "$talks" \
    --theme = dark ols.md --section ''
is "-w 60 before the article: 60 is no article" "$talks" \
    -w 60 ols.md --section ''
is "--section without an article: nothing" "" --dump --section ''
is "--section after -: standard input is not read" "" - --section ''
is "--section of an empty article: nothing" "" talks.md --section ''

echo "1..$n"
[ "$failed" -eq 0 ]
