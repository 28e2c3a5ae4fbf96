#!/bin/sh
# Valgrind memcheck over what olsread prints: the sample and every real
# document in the corpus, as --dump, --toc and --search, and the golden
# articles as --dump.  No error and no definite leak.  Where valgrind is
# not installed, a reported skip.
# usage: run.sh OLSREAD SRCDIR CORPUS [B_SANITIZE]
set -u
bin=$1
src=$2
corpus=$3
sanitize=${4:-none}
if [ "$sanitize" != none ]; then
	echo "1..0 # SKIP built with -Db_sanitize=$sanitize, which valgrind" \
	    "cannot run; the plain build runs this"
	exit 0
fi
if ! command -v valgrind >/dev/null 2>&1; then
	echo "1..0 # SKIP valgrind is not installed (apt-get install valgrind)"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0
failed=0

# memcheck NAME ARGS...: olsread under valgrind, its output thrown away.
memcheck() {
	name=$1
	shift
	n=$((n + 1))
	valgrind --tool=memcheck --error-exitcode=99 --leak-check=full \
	    --errors-for-leak-kinds=definite --quiet "$bin" "$@" \
	    >/dev/null 2>"$tmp/log"
	status=$?
	if [ $status -eq 99 ] || grep -q '^==[0-9]*==' "$tmp/log"; then
		echo "not ok $n - $name"
		sed 's/^/# /' "$tmp/log" | head -40
		failed=$((failed + 1))
	else
		echo "ok $n - $name (exit $status)"
	fi
}

files=$src/data/000-article.md
for f in "$corpus"/*.md; do
	[ -f "$f" ] && files="$files $f"
done
for f in $files; do
	memcheck "--dump $(basename "$f")" --dump -w 72 "$f"
	memcheck "--toc $(basename "$f")" --toc "$f"
	memcheck "--search $(basename "$f")" --search the --color=always "$f"
done
# The golden articles, each a few constructs that are hard to lay out,
# narrow: a byte read before it is written shows here.
for f in "$src"/tests/golden/*.md; do
	memcheck "--dump -w 30 $(basename "$f")" --dump -w 30 "$f"
done
echo "1..$n"
[ $failed -eq 0 ]
