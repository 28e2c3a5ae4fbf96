#!/bin/sh
# Tables checked against an independent implementation: for every
# Markdown file given (and every one in each directory given), the cells
# of each table, row by row, as olsread reads them and as cmark-gfm's
# table extension does.  Skipped where the cmark-gfm program (Debian
# package cmark-gfm) is not installed.
# usage: tables-oracle.sh OLSREAD-CELLS FILE|DIR...
set -u
cells=$1
shift
if ! command -v cmark-gfm >/dev/null 2>&1; then
	echo "1..0 # SKIP cmark-gfm is not installed (Debian package cmark-gfm)"
	exit 0
fi
n=0
failed=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

check() {
	n=$((n + 1))
	cmark-gfm -e table -e strikethrough -t xml "$1" | "$cells" --xml >"$tmp/theirs"
	"$cells" "$1" >"$tmp/ours" 2>&1
	tables=$(grep -c '^table ' "$tmp/theirs")
	if cmp -s "$tmp/theirs" "$tmp/ours"; then
		echo "ok $n - $(basename "$1"): $tables tables as cmark-gfm reads them"
	else
		echo "not ok $n - $(basename "$1"): tables differ from cmark-gfm's"
		diff "$tmp/theirs" "$tmp/ours" | head -20 | sed 's/^/# /'
		failed=$((failed + 1))
	fi
}

for arg in "$@"; do
	if [ -d "$arg" ]; then
		for md in "$arg"/*.md; do
			[ -f "$md" ] && check "$md"
		done
	elif [ -f "$arg" ]; then
		check "$arg"
	fi
done
echo "1..$n"
[ "$failed" -eq 0 ]
