#!/bin/sh
# The manual page: clean under mandoc -Tlint, naming every long option the
# program accepts and every action of the pager.
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

# The manual written with its escapes undone: "\-" is a plain hyphen.
plain=$(sed 's/\\-/-/g' man/olsread.1)
for opt in $(sed -n 's/^[[:space:]]*{ "\([a-z-]*\)",.*/\1/p' src/main.c); do
	n=$((n + 1))
	if printf '%s\n' "$plain" | grep -q -- "Fl -$opt\>"; then
		echo "ok $n - --$opt is in the manual"
	else
		echo "not ok $n - --$opt is not in the manual"
		failed=$((failed + 1))
	fi
done

# Every action of the pager, by the name the help and the configuration
# use, is in the manual's KEY BINDINGS.
for act in $(sed -n 's/.*X([A-Z_]*, "\([a-z-]*\)",.*/\1/p' include/keymap.h); do
	n=$((n + 1))
	if printf '%s\n' "$plain" | grep -q "^\.Cm $act\>"; then
		echo "ok $n - action $act is in the manual"
	else
		echo "not ok $n - action $act is not in the manual"
		failed=$((failed + 1))
	fi
done

echo "1..$n"
[ "$failed" -eq 0 ]
