#!/bin/sh
# Golden tests: each NAME.md here, and the sample article, is run through
# olsread and compared with the checked-in expected output:
#   NAME.w60.txt    olsread --dump -w 60
#   NAME.toc.txt    olsread --toc
#   NAME.tsv        olsread --toc --tsv
#   NAME.diag       what olsread --dump writes to standard error
# The sample also has sample.w40.txt, sample.w80.txt and sample.color.txt;
# the constructs of real-world Markdown (front-*, html-*, gfm-*.md) have
# NAME.w30.txt and NAME.w100.txt too.
# GENERATE=1 rewrites the expected files; review the diff like code.
# usage: run.sh OLSREAD SRCDIR
set -u
bin=$1
src=$2
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
dir=$src/tests/golden
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0
failed=0

# check NAME-OF-EXPECTED-FILE COMMAND...: compare the command's output.
check() {
	want=$dir/$1
	shift
	n=$((n + 1))
	"$@" >"$tmp/out" 2>"$tmp/err"
	if [ "${GENERATE:-}" = 1 ]; then
		cp "$tmp/out" "$want"
	fi
	if [ -f "$want" ] && cmp -s "$tmp/out" "$want"; then
		echo "ok $n - $(basename "$want")"
	else
		echo "not ok $n - $(basename "$want")"
		diff -u "$want" "$tmp/out" | sed 's/^/# /' | head -60
		failed=$((failed + 1))
	fi
}

# check_diag NAME FILE: what the dump says on standard error.
check_diag() {
	n=$((n + 1))
	(cd "$dir" && "$bin" --dump -w 60 "$2" >/dev/null 2>"$tmp/err")
	if [ "${GENERATE:-}" = 1 ]; then
		cp "$tmp/err" "$dir/$1.diag"
	fi
	if cmp -s "$tmp/err" "$dir/$1.diag"; then
		echo "ok $n - $1.diag"
	else
		echo "not ok $n - $1.diag"
		diff -u "$dir/$1.diag" "$tmp/err" | sed 's/^/# /'
		failed=$((failed + 1))
	fi
}

sample=$src/data/000-article.md
check sample.w40.txt "$bin" --dump -w 40 "$sample"
check sample.w80.txt "$bin" --dump -w 80 "$sample"
check sample.color.txt "$bin" --dump --color=always -w 80 "$sample"
check sample.toc.txt "$bin" --toc "$sample"
check sample.tsv "$bin" --toc --tsv "$sample"

for md in "$dir"/*.md; do
	name=$(basename "$md" .md)
	check "$name.w60.txt" "$bin" --dump -w 60 "$md"
	case $name in
	front-*|html-*|gfm-*|tpl-*)
		check "$name.w30.txt" "$bin" --dump -w 30 "$md"
		check "$name.w100.txt" "$bin" --dump -w 100 "$md"
		;;
	esac
	check "$name.toc.txt" "$bin" --toc "$md"
	check "$name.tsv" "$bin" --toc --tsv "$md"
	check_diag "$name" "$name.md"
done

echo "1..$n"
[ "$failed" -eq 0 ]
