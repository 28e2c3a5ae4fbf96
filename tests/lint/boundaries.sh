#!/bin/sh
# The seams of the design, checked on the source: which file may include
# curses, cmark, libyaml and libunistring, that core modules never print
# or exit, and that the parts of the view reach each other only through
# their private header.
# usage: boundaries.sh SRCDIR
set -u
. "$(dirname "$0")/tap.sh"
cd "$1" || exit 1

# includes HEADER-REGEX ALLOWED-FILE: files other than ALLOWED including it.
includes() {
	grep -lE "^[[:space:]]*#[[:space:]]*include[[:space:]]*<($1)>" \
	    src/*.c src/*.h include/*.h 2>/dev/null | grep -vx "$2"
}

ok "curses only in src/screen.c" \
    "$(includes 'n?curses\.h|ncursesw/n?curses\.h|term\.h' src/screen.c)"
# The loader is one module in several files (src/load.c, src/load-*.c,
# and their private headers src/load-*.h).
load_parts=$(ls src/load.c src/load-*.c src/load-*.h)
ok "cmark.h only in the loader's own files" \
    "$(includes 'cmark\.h' "$load_parts")"
# Of those, the stages before the parse see no cmark: neither cmark.h nor
# the parse's and the converter's headers, which include it.
found=""
for f in src/load-read.c src/load-read.h src/load-sanitise.c \
    src/load-sanitise.h src/load-cut.c src/load-job.h src/load-lines.c \
    src/load-private.h src/load-gzip.c src/load-gzip.h src/prescan.c \
    include/prescan.h src/load-template.c src/load-template.h \
    src/template.h src/template-*.c; do
	if [ ! -f "$f" ]; then
		found="$found$f: missing
"
	elif grep -qE '^[[:space:]]*#[[:space:]]*include[[:space:]]*(<cmark\.h>|"(src/)?load-(convert|parse)\.h")' "$f"; then
		found="$found$f
"
	fi
done
ok "the read, sanitise, template and cut stages of the loader see no cmark" \
    "$found"
ok "yaml.h only in src/front.c" "$(includes 'yaml\.h' src/front.c)"
ok "zlib.h only in src/load-gzip.c" "$(includes 'zlib\.h' src/load-gzip.c)"
# Named one by one: a uni*.h glob would also match unistd.h.
uni='unistr\.h|uniwidth\.h|unilbrk\.h|unicase\.h|uninorm\.h|unictype\.h'
uni="$uni|unigbrk\.h|uniwbrk\.h|uniconv\.h|unistdio\.h|uniname\.h"
uni="$uni|unitypes\.h|unistring/[a-z]+\.h"
ok "libunistring headers only in src/text.c" "$(includes "$uni" src/text.c)"

# The model and its helpers report through return values and struct diag.
core="src/doc.c src/load.c src/load-*.c src/front.c src/layout*.c src/text.c"
core="$core src/talks-*.c src/table.c"
core="$core src/html.c src/diag.c"
core="$core src/search.c src/view.c src/view-*.c src/keymap.c src/cfg.c"
found=""
for f in $core; do
	[ -f "$f" ] || continue
	hits=$(grep -nE '\<(printf|fprintf|puts|fputs|putchar|perror|exit|abort|err|errx|warn|warnx)[[:space:]]*\(' "$f" |
	    grep -v '^\s*/\?\*')
	[ -n "$hits" ] && found="$found$f: $hits
"
done
ok "core modules never print or exit" "$found"

# The speakers finder is read a file at a time: the grammar's private
# header is the grammar's (talks-words, -names, -sentence, -heading), and
# no file of it outgrows a sitting.
talks_private=$(grep -lE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"talks-private\.h"' \
    src/*.c src/*.h include/*.h tests/*/*.c 2>/dev/null |
    grep -vxE 'src/talks-(words|names|sentence|heading)\.c|src/talks-private\.h')
ok "talks-private.h only in the grammar's files" "$talks_private"
long=$(wc -l src/talks*.c src/talks*.h | awk '$2 != "total" && $1 > 1000')
ok "no file of the speakers finder over 1,000 lines" "$long"

# The view is one module in several files (src/view.c, src/view-*.c).
# Their private header is theirs alone: not the screen's, not main's, not
# a test's; include/view.h is the view's one public face.
view_parts=$(ls src/view.c src/view-*.c)
private=$(grep -lE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"(src/)?view-private\.h"' \
    src/*.c src/*.h include/*.h tests/*.c tests/*.h tests/*/*.c \
    tests/*/*.h 2>/dev/null | grep -vxF "$view_parts")
ok "view-private.h only in the view's own files" "$private"

# The template stage is text in, text out, and its unit test drives it
# through its own header, as the cut stage's prescan is driven.
private=$(grep -lE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"(src/)?load-[a-z]+\.h"' \
    src/*.c src/*.h include/*.h tests/*.c tests/*.h tests/*/*.c \
    tests/*/*.h 2>/dev/null | grep -vxF "$load_parts" |
    grep -vxF tests/unit/t-template.c)
ok "the loader's private headers (load-*.h) only in its own files" "$private"

layout_parts=$(ls src/layout.c src/layout-*.c src/layout-private.h)
private=$(grep -lE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"(src/)?layout-private\.h"' \
    src/*.c src/*.h include/*.h tests/*.c tests/*.h tests/*/*.c \
    tests/*/*.h 2>/dev/null | grep -vxF "$layout_parts")
ok "layout-private.h only in the layout's own files" "$private"

# A part reaches another only through the headers: no extern declaration
# of its own, no source file included, and each function it does not keep
# static is declared in include/view.h or src/view-private.h.
found=""
for f in $view_parts; do
	hits=$(grep -nE '^[[:space:]]*extern[[:space:]]|#[[:space:]]*include[[:space:]]*"[^"]*\.c"' "$f")
	[ -n "$hits" ] && found="$found$f: $hits
"
	for fn in $(awk '/^[a-z_][a-z0-9_]*\(/ && prev !~ /^static/ {
		sub(/\(.*/, ""); print } { prev = $0 }' "$f"); do
		grep -qE "[[:space:]*]$fn\(" include/view.h src/view-private.h ||
		    found="$found$f: $fn is neither static nor in a header
"
	done
done
ok "the view's parts reach each other through its headers" "$found"

# Each part stays small enough to read whole.
found=""
for f in $view_parts src/view-private.h; do
	lines=$(wc -l <"$f")
	[ "$lines" -gt 1000 ] && found="$found$f: $lines lines
"
done
ok "no file of the view over 1000 lines" "$found"

tap_end
