# bash completion for olsread(1)
#
# Installed as "olsread" in bash-completion's completions directory, which
# loads it the first time olsread is completed; or source it from
# ~/.bashrc.  It needs bash alone, none of bash-completion's helpers.
#
# It completes the options, their values (--color=WHEN, --theme NAME,
# --config FILE), Markdown files, and after --section the talk numbers of
# the article already on the command line, which olsread --toc --tsv
# lists.

# The options, as olsread --help lists them: tests/lint/completion.sh
# checks that none is missing.  An option taking a value is also offered
# as "--option=" where the value may be attached.
_olsread_options()
{
	local long=(
		--color --color= --config --dump --help --hyperlinks --ignore-case
		--mouse --no-config --no-hyperlinks --no-mouse --no-remember
		--no-sidebar
		--no-smart --regex --search --section --sidebar --sidebar-width
		--smart --speakers --theme --theme= --toc --tsv --version --width
	)
	local short=(-h -i -I -n -V -w)

	printf '%s\n' "${long[@]}" "${short[@]}"
}

# Whether option $1 takes the next word as its value.  --color does not:
# its value, optional, must be attached with "=".
_olsread_takes_value()
{
	case $1 in
	--config|--search|--section|--sidebar-width|--theme|--width|-w)
		return 0 ;;
	esac
	return 1
}

# The article on the command line: the first word that is neither an
# option nor an option's value, the word under the cursor left out.
# Standard input ("-") is no article to read twice.
_olsread_article()
{
	local i word skip=0 ended=0

	for ((i = 1; i < ${#COMP_WORDS[@]}; i++)); do
		word=${COMP_WORDS[i]}
		if ((i == COMP_CWORD || skip)); then
			skip=0
			continue
		fi
		if ((!ended)); then
			case $word in
			--)	ended=1; continue ;;
			# The value comes after the "=" the shell split off.
			=)	skip=1; continue ;;
			-?*|+*)	[[ ${COMP_WORDS[i + 1]-} != = ]] &&
				    _olsread_takes_value "$word" && skip=1
				continue ;;
			esac
		fi
		[[ $word == - ]] && return 1
		# As the shell would expand it: ~ alone is all that is
		# expanded, so that nothing on the line is run.
		[[ $word == "~/"* ]] && word=$HOME/${word#"~/"}
		printf '%s\n' "$word"
		return 0
	done
	return 1
}

# The talk numbers of article $2, as olsread $1 numbers them.
_olsread_talks()
{
	"$1" --no-config --toc --tsv -- "$2" </dev/null 2>/dev/null |
	    while IFS=$'\t' read -r _ talk _; do
		[[ $talk == [0-9]* ]] && printf '%s\n' "$talk"
	    done
}

# Markdown files and directories matching $1; any file if none is one.
_olsread_files()
{
	local IFS=$'\n' ext found=()

	for ext in md markdown mdown mkd MD; do
		found+=($(compgen -f -X "!*.$ext" -- "$1"))
	done
	((${#found[@]})) || found=($(compgen -f -- "$1"))
	COMPREPLY+=($(compgen -d -- "$1") "${found[@]}")
	compopt -o filenames 2>/dev/null
}

# What option $2 takes, matching $3, for olsread $1.
_olsread_values()
{
	local article

	case $2 in
	--color|--colour)
		COMPREPLY=($(compgen -W 'auto always never' -- "$3")) ;;
	--theme)
		COMPREPLY=($(compgen -W 'dark light mono' -- "$3")) ;;
	--config)
		# One file a line: a name may hold blanks.
		local IFS=$'\n'
		COMPREPLY=($(compgen -f -- "$3"))
		compopt -o filenames 2>/dev/null ;;
	--section)
		article=$(_olsread_article) &&
		    COMPREPLY=($(compgen -W "$(_olsread_talks "$1" \
		    "$article")" -- "$3")) ;;
	esac
}

_olsread()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev= opt=

	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	COMPREPLY=()
	# "--theme=li": the shell splits at "=" unless COMP_WORDBREAKS
	# has none, when the whole word is in cur.
	if [[ $cur == = ]]; then
		opt=$prev cur=
	elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == --*=* ]]; then
		opt=${cur%%=*} cur=${cur#*=}
		_olsread_values "$1" "$opt" "$cur"
		COMPREPLY=("${COMPREPLY[@]/#/$opt=}")
		return 0
	elif _olsread_takes_value "$prev"; then
		opt=$prev
	fi
	if [[ -n $opt ]]; then
		_olsread_values "$1" "$opt" "$cur"
	elif [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_olsread_options)" -- "$cur"))
		# "--theme=" waits for its value, not for a blank.
		[[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == *= ]] &&
		    compopt -o nospace 2>/dev/null
	else
		_olsread_files "$cur"
	fi
	return 0
}

complete -F _olsread olsread
