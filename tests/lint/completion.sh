#!/bin/sh
# The bash completion keeps up with the program: every option that
# `olsread --help` lists, long or short, is one data/olsread.bash offers.
# usage: completion.sh OLSREAD SRCDIR
set -u
bin=$1
file=$2/data/olsread.bash
n=0
failed=0

help=$("$bin" --help) || {
	echo "not ok 1 - olsread --help runs"
	echo "1..1"
	exit 1
}
# The words of the completion's lists, long=( ... ) and short=( ... ),
# one a line, without the "=" that waits for a value.
offered=$(awk '/^[[:space:]]*local (long|short)=\(/ { on = 1 }
	on { print } on && /\)/ { on = 0 }' "$file" |
    sed 's/^[[:space:]]*local [a-z]*=(//; s/)$//' | tr -s ' \t' '\n\n' |
    sed -n 's/=$//; /^-/p')

# Long options anywhere in the help; short ones where a line of the list
# of options starts with one.
listed=$( { printf '%s\n' "$help" | grep -oE -- '--[a-z][a-z-]*'
    printf '%s\n' "$help" | sed -n 's/^  \(-[A-Za-z]\)[, ].*/\1/p'; } |
    sort -u)

for opt in $listed; do
	n=$((n + 1))
	if printf '%s\n' "$offered" | grep -qxF -- "$opt"; then
		echo "ok $n - $opt is completed"
	else
		echo "not ok $n - $opt is in olsread --help, not in" \
		    "data/olsread.bash"
		failed=$((failed + 1))
	fi
done

echo "1..$n"
[ "$n" -gt 0 ] && [ "$failed" -eq 0 ]
