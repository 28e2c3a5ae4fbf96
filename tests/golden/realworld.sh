#!/bin/sh
# Real-world Markdown as a reader sees it: each article of the corpus and
# of the labelled event reports, printed by --dump --color=always at widths
# 40, 80 and 120, shows no HTML tag, no table delimiter row and no template
# tag's mark ({%, {{<, {:, ...) outside code (code blocks and spans, which
# are printed in their own colour and left out here), but where the source
# asks for the markup as written, and no front matter line at its top.  And no letter of its
# text is lost: each ASCII letter is printed at least as often as it is in
# cmark's HTML of the article, tags, comments, scripts, styles, front
# matter, heading attributes ("{#id}") and template tags aside.  Skipped where the shared
# articles are absent.
# usage: realworld.sh OLSREAD DIR...
set -u
bin=$1
shift
n=0
failed=0
esc=$(printf '\033')
tags='<\/?(a|b|br|code|del|details|div|em|h[1-6]|i|img|kbd|li|ol|p|pre|small|span|strong|sub|summary|sup|table|td|th|tr|u|ul)( [^>]*)?\/?>'
cell='[[:space:]]*:?-+:?[[:space:]]*'
delim="^[[:space:]]*\\|?$cell(\\|$cell)+\\|?[[:space:]]*\$|^[[:space:]]*\\|$cell\\|[[:space:]]*\$"
# The source without its template tags (untag.pl), which show what they
# mean, not themselves.
untag=$(dirname "$0")/untag.pl
# Checks known to fail on an article, each with why (realworld.todo):
# TAP's TODO, so that one that comes to pass is seen.
known=$(dirname "$0")/realworld.todo

# todo FILE CHECK: why CHECK (letters, shown) fails on FILE, if known.
todo() {
	awk -v f="$(basename "$1")" -v c="$2" '$1 == f && $2 == c {
	    $1 = $2 = ""; sub(/^ +/, ""); print }' "$known"
}

# The marks of template tags, which are to show only where the source
# asks for them as written: in {% raw %} and in escaped shortcodes.
tplmarks='[{]%|%[}]|[{][{]<|>[}][}]|[{][{]%|%[}][}]|[{]:'

# as_written FILE: how many such marks the source asks to be shown.
as_written() {
	awk -v marks="$tplmarks" '
	    function count(s,   n) { n = 0
		while (match(s, marks)) { n++; s = substr(s, RSTART + RLENGTH) }
		return n }
	    { line = $0
	    while (line != "") {
		if (raw) {
			if ((i = index(line, "{% endraw %}")) == 0) {
				n += count(line); line = ""; continue }
			n += count(substr(line, 1, i - 1)); raw = 0
			line = substr(line, i + 12); continue
		}
		if ((i = index(line, "{% raw %}")) == 0) break
		raw = 1; line = substr(line, i + 9)
	    }
	    e = $0; while ((i = index(e, "/*")) > 0) {
		if (i > 3 && (substr(e, i - 3, 3) == "{{<" ||
		    substr(e, i - 3, 3) == "{{%")) n += 2
		e = substr(e, i + 2) } }
	    END { print n + 0 }' "$1"
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# letters FILE: each ASCII letter and how often, one a line, sorted.
letters() {
	tr -cd 'A-Za-z' <"$1" | fold -w1 | sort | uniq -c |
	    awk '{ print $2, $1 }'
}

# The article's text as cmark's HTML has it, into $tmp/theirs.
their_text() {
	awk 'NR == 1 && ($0 == "---" || $0 == "+++") { fm = $0; next }
	    NR == 1 && /^%[{]/ { fm = "%{"; next }
	    fm != "" && ($0 == fm || (fm == "---" && $0 == "...") ||
	    (fm == "%{" && $0 == "---")) {
	    fm = ""; next }
	    fm != "" { next }
	    /^ *#/ { sub(/[ \t]*[{][#\/][^}]*[}][ \t]*$/, "") }
	    { print }' "$1" | perl "$untag" | cmark --unsafe -t html |
	    tr '\n' ' ' |
	    sed -E 's/<(script|style)[^>]*>[^<]*<\/(script|style)>//g;
	    s/<!--([^-]|-[^-])*-->//g; s/<[^>]*>//g; s/&[a-zA-Z0-9#]+;//g' \
	    >"$tmp/theirs"
}

for dir in "$@"; do
	[ -d "$dir" ] || continue
	for md in "$dir"/*.md; do
		[ -f "$md" ] || continue
		case $(basename "$md") in README.md|SOURCES.md) continue ;; esac
		for w in 40 80 120; do
			n=$((n + 1))
			# Code is ESC[0;36m ... ESC[0m: out, then every SGR.
			shown=$("$bin" --dump --color=always -w "$w" "$md" \
			    2>/dev/null | sed -E "s/$esc\[0;36m[^$esc]*//g;
			    s/$esc\[[0-9;]*m//g")
			bad=$(printf '%s\n' "$shown" | grep -nE "$tags" | head -3)
			rows=$(printf '%s\n' "$shown" | grep -nE "$delim" | head -3)
			top=$(printf '%s\n' "$shown" | head -3 |
			    grep -nE '^(---|\+\+\+|title: |title = )')
			marks=$(printf '%s\n' "$shown" | grep -oE "$tplmarks" |
			    wc -l)
			if [ "$marks" -gt "$(as_written "$md")" ]; then
				top="$top
template markup shown: $(printf '%s\n' "$shown" |
				    grep -nE "$tplmarks" | head -3)"
			fi
			why=$(todo "$md" shown)
			if [ -z "$bad$rows$top" ]; then
				echo "ok $n - $(basename "$md") at width $w${why:+ # TODO $why}"
			elif [ -n "$why" ]; then
				echo "not ok $n - $(basename "$md") at width $w # TODO $why"
			else
				echo "not ok $n - $(basename "$md") at width $w"
				printf '%s\n' "$bad" "$rows" "$top" | sed '/^$/d; s/^/# /'
				failed=$((failed + 1))
			fi
		done
		n=$((n + 1))
		their_text "$md"
		# Printed, less the link lists' "[3] URL" lines.
		"$bin" --dump --color=never -w 80 "$md" 2>/dev/null |
		    grep -vE '^ *\[[0-9]+\] [^ ]+$' >"$tmp/ours"
		letters "$tmp/theirs" >"$tmp/want"
		letters "$tmp/ours" >"$tmp/got"
		lost=$(join -a1 -e0 -o 0,1.2,2.2 "$tmp/want" "$tmp/got" |
		    awk '$3 < $2 { printf "%s: %d of %d lost\n", $1, $2 - $3, $2 }')
		todo=$(todo "$md" letters)
		if [ -z "$lost" ]; then
			echo "ok $n - $(basename "$md"): every letter printed${todo:+ # TODO $todo}"
		elif [ -n "$todo" ]; then
			echo "not ok $n - $(basename "$md"): letters lost # TODO $todo"
		else
			echo "not ok $n - $(basename "$md"): letters lost"
			printf '%s\n' "$lost" | head -5 | sed 's/^/# /'
			failed=$((failed + 1))
		fi
	done
done
[ "$n" -eq 0 ] && echo "1..0 # SKIP no shared articles" && exit 0
echo "1..$n"
[ "$failed" -eq 0 ]
