#!/bin/sh
# The manual page: clean under mandoc -Tlint, and naming every long option
# the program accepts.
# usage: manual.sh SRCDIR
set -u
cd "$1" || exit 1
if ! command -v mandoc >/dev/null 2>&1; then
	echo "1..0 # SKIP mandoc is not installed (Debian package mandoc)"
	exit 0
fi
n=0
failed=0

n=$((n + 1))
out=$(mandoc -Tlint -Wwarning man/olsread.1 2>&1)
if [ -z "$out" ]; then
	echo "ok $n - mandoc -Tlint finds nothing"
else
	echo "not ok $n - mandoc -Tlint"
	printf '%s\n' "$out" | sed 's/^/# /'
	failed=$((failed + 1))
fi

for opt in $(sed -n 's/^[[:space:]]*{ "\([a-z-]*\)",.*/\1/p' src/main.c); do
	n=$((n + 1))
	if grep -q "Fl \\\\-$opt\>" man/olsread.1; then
		echo "ok $n - --$opt is in the manual"
	else
		echo "not ok $n - --$opt is not in the manual"
		failed=$((failed + 1))
	fi
done

echo "1..$n"
[ "$failed" -eq 0 ]
