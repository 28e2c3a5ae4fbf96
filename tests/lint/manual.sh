#!/bin/sh
# The manual page: clean under mandoc -Tlint, style suggestions included,
# naming every long option the program accepts, every setting of the
# configuration file and every action of the pager.
# usage: manual.sh SRCDIR
set -u
cd "$1" || exit 1
if ! command -v mandoc >/dev/null 2>&1; then
	echo "1..0 # SKIP mandoc is not installed (Debian package mandoc)"
	exit 0
fi
n=0
failed=0

# Every message of mandoc -Tlint is a fault, at any level, but two that
# say nothing of the page: a manual named by .Xr that this machine has
# not installed, and this machine's mandoc.db being out of date.  Its exit
# status above 1 is a warning or worse, even one these lines hide.
n=$((n + 1))
out=$(mandoc -Tlint man/olsread.1 2>&1)
status=$?
faults=$(printf '%s\n' "$out" | grep -v \
    -e ': STYLE: referenced manual not found: Xr ' \
    -e '^mandoc: outdated mandoc\.db lacks ' \
    -e '^$')
if [ "$status" -le 1 ] && [ -z "$faults" ]; then
	echo "ok $n - mandoc -Tlint finds nothing but manuals not installed here"
else
	echo "not ok $n - mandoc -Tlint (exit status $status)"
	printf '%s\n' "$faults" | sed 's/^/# /'
	failed=$((failed + 1))
fi

# The manual written with its escapes undone: "\-" is a plain hyphen.
plain=$(sed 's/\\-/-/g' man/olsread.1)

# in_manual WHAT PATTERN: a check that the manual has a line matching
# PATTERN, which documents WHAT.
in_manual() {
	n=$((n + 1))
	if printf '%s\n' "$plain" | grep -q -- "$2"; then
		echo "ok $n - $1 is in the manual"
	else
		echo "not ok $n - $1 is not in the manual"
		failed=$((failed + 1))
	fi
}

# Every long option that main.c accepts.
for opt in $(sed -n 's/^[[:space:]]*{ "\([a-z-]*\)",.*/\1/p' src/main.c); do
	in_manual "--$opt" "Fl -$opt\>"
done

# Every setting of the configuration file, in the manual's CONFIGURATION.
for set in $(sed -n 's/^[[:space:]]*\[CFG_[A-Z_]*\] = { "\([a-z-]*\)",.*/\1/p' src/cfg.c); do
	in_manual "setting $set" "^\.It Ic $set\$"
done

# Every action of the pager, by the name the help and the configuration
# use, is in the manual's KEY BINDINGS.
for act in $(sed -n 's/.*X([A-Z_]*, "\([a-z-]*\)",.*/\1/p' include/keymap.h); do
	in_manual "action $act" "^\.Cm $act\>"
done

echo "1..$n"
[ "$failed" -eq 0 ]
