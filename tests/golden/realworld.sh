#!/bin/sh
# Real-world Markdown as a reader sees it: each article of the corpus and
# of the labelled event reports, printed by --dump --color=always at widths
# 40, 80 and 120, shows no HTML tag outside code (code blocks and spans,
# which are printed in their own colour and left out here) and no front
# matter line at its top.  Skipped where the shared articles are absent.
# usage: realworld.sh OLSREAD DIR...
set -u
bin=$1
shift
n=0
failed=0
esc=$(printf '\033')
tags='<\/?(a|b|br|code|del|details|div|em|h[1-6]|i|img|kbd|li|ol|p|pre|small|span|strong|sub|summary|sup|table|td|th|tr|u|ul)( [^>]*)?\/?>'

for dir in "$@"; do
	[ -d "$dir" ] || continue
	for md in "$dir"/*.md; do
		[ -f "$md" ] || continue
		for w in 40 80 120; do
			n=$((n + 1))
			# Code is ESC[0;36m ... ESC[0m: out, then every SGR.
			shown=$("$bin" --dump --color=always -w "$w" "$md" \
			    2>/dev/null | sed -E "s/$esc\[0;36m[^$esc]*//g;
			    s/$esc\[[0-9;]*m//g")
			bad=$(printf '%s\n' "$shown" | grep -nE "$tags" | head -3)
			top=$(printf '%s\n' "$shown" | head -3 |
			    grep -nE '^(---|\+\+\+|title: |title = )')
			if [ -z "$bad$top" ]; then
				echo "ok $n - $(basename "$md") at width $w"
			else
				echo "not ok $n - $(basename "$md") at width $w"
				printf '%s\n' "$bad" "$top" | sed 's/^/# /'
				failed=$((failed + 1))
			fi
		done
	done
done
[ "$n" -eq 0 ] && echo "1..0 # SKIP no shared articles" && exit 0
echo "1..$n"
[ "$failed" -eq 0 ]
