#!/bin/sh
# The seams of the design, checked on the source: which file may include
# curses, cmark and libunistring, and that core modules never print or exit.
# usage: boundaries.sh SRCDIR
set -u
cd "$1" || exit 1
n=0
failed=0

ok() {
	n=$((n + 1))
	if [ -z "$2" ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		printf '%s\n' "$2" | sed 's/^/# /'
		failed=$((failed + 1))
	fi
}

# includes HEADER-REGEX ALLOWED-FILE: files other than ALLOWED including it.
includes() {
	grep -lE "^[[:space:]]*#[[:space:]]*include[[:space:]]*<($1)>" \
	    src/*.c include/*.h 2>/dev/null | grep -vx "$2"
}

ok "curses only in src/screen.c" \
    "$(includes 'n?curses\.h|ncursesw/n?curses\.h|term\.h' src/screen.c)"
ok "cmark.h only in src/load.c" "$(includes 'cmark\.h' src/load.c)"
# Named one by one: a uni*.h glob would also match unistd.h.
uni='unistr\.h|uniwidth\.h|unilbrk\.h|unicase\.h|uninorm\.h|unictype\.h'
uni="$uni|unigbrk\.h|uniwbrk\.h|uniconv\.h|unistdio\.h|uniname\.h"
uni="$uni|unitypes\.h|unistring/[a-z]+\.h"
ok "libunistring headers only in src/text.c" "$(includes "$uni" src/text.c)"

# The model and its helpers report through return values and struct diag.
core="src/doc.c src/load.c src/layout.c src/text.c src/talks.c src/diag.c"
core="$core src/search.c src/view.c src/keymap.c src/cfg.c"
found=""
for f in $core; do
	[ -f "$f" ] || continue
	hits=$(grep -nE '\<(printf|fprintf|puts|fputs|putchar|perror|exit|abort|err|errx|warn|warnx)[[:space:]]*\(' "$f" |
	    grep -v '^\s*/\?\*')
	[ -n "$hits" ] && found="$found$f: $hits
"
done
ok "core modules never print or exit" "$found"

echo "1..$n"
[ "$failed" -eq 0 ]
