#!/bin/sh
# The command line as a user meets it: errors and their exit status, input
# from a pipe, output to a closed pipe or a full disk, and what reaches the
# terminal.  usage: run.sh OLSREAD SRCDIR
set -u
bin=$1
src=$2
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
sample=$src/data/000-article.md
tmp=$(mktemp -d) || exit 1
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
n=0
failed=0

pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() {
	n=$((n + 1))
	echo "not ok $n - $1"
	shift
	for line in "$@"; do echo "# $line"; done
	failed=$((failed + 1))
}

# expect DESCRIPTION STATUS STDERR-PATTERN COMMAND...: run the command
# (within 10 s), check its exit status and that standard error matches.
expect() {
	what=$1 status=$2 pattern=$3
	shift 3
	timeout 10 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	got=$?
	err=$(cat "$tmp/err")
	if [ "$got" -ne "$status" ]; then
		fail "$what" "exit status $got, want $status" "stderr: $err"
	elif ! printf '%s\n' "$err" | grep -Eq -- "$pattern"; then
		fail "$what" "stderr: $err" "want: $pattern"
	else
		pass "$what"
	fi
}

expect "missing file" 1 \
    "^olsread: $tmp/none.md: No such file or directory\$" \
    "$bin" "$tmp/none.md"
expect "a directory" 1 "^olsread: $tmp: is a directory\$" "$bin" "$tmp"
if python3 -c 'import socket, sys
socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$tmp/sock" 2>/dev/null; then
	expect "a socket" 1 "^olsread: $tmp/sock: is a socket\$" \
	    "$bin" "$tmp/sock"
else
	pass "# SKIP a socket: no python3 to make one"
fi
blk=$(find /dev -maxdepth 1 -type b 2>/dev/null | head -n 1)
if [ -n "$blk" ]; then
	expect "a block device" 1 "^olsread: $blk: is a block device\$" \
	    "$bin" "$blk"
else
	pass "# SKIP a block device: none in /dev"
fi
expect "/dev/null, a character device, is an empty article" 0 "^\$" \
    "$bin" --dump /dev/null
truncate -s 1073741825 "$tmp/huge.md"
expect "a file over 1 GiB" 1 \
    "^olsread: $tmp/huge.md: file too large \(1073741825 bytes; the limit is 1 GiB\)\$" \
    "$bin" "$tmp/huge.md"
rm -f "$tmp/huge.md"
cp "$sample" "$tmp/secret.md"
chmod 000 "$tmp/secret.md"
if [ "$(id -u)" -ne 0 ]; then
	expect "an unreadable file" 1 \
	    "^olsread: $tmp/secret.md: Permission denied\$" \
	    "$bin" "$tmp/secret.md"
elif command -v setpriv >/dev/null 2>&1; then
	chmod 755 "$tmp"
	expect "an unreadable file (as an unprivileged user)" 1 \
	    "^olsread: $tmp/secret.md: Permission denied\$" \
	    setpriv --reuid=65534 --regid=65534 --clear-groups \
	    "$bin" "$tmp/secret.md"
else
	n=$((n + 1))
	echo "ok $n # SKIP unreadable file: root, and no setpriv to drop it"
fi

expect "an unknown option" 2 "^usage: olsread" "$bin" --bogus "$sample"
expect "a width too small" 2 "width must be a number from 10 to 1000" \
    "$bin" -w 5 "$sample"
expect "a width that is no number" 2 "width must be a number" \
    "$bin" -w 8O "$sample"
expect "two files with --dump" 2 "take one file" "$bin" --dump "$sample" \
    "$sample"
"$bin" "$sample" "$sample" >"$tmp/two" 2>&1
if [ "$(grep -c "^By corbet" "$tmp/two")" -eq 2 ]; then
	pass "two files into a pipe: both printed, in turn"
else
	fail "two files into a pipe: both printed, in turn"
fi
# More articles than descriptors, each too large to be read at once: an
# article not being read holds none.
mkdir "$tmp/many"
awk 'BEGIN {
	for (i = 0; i < 2400; i++)
		print "Line " i " of a long article.\n"
}' >"$tmp/many/0.md"
i=1
while [ $i -lt 40 ]; do
	cp "$tmp/many/0.md" "$tmp/many/$i.md"
	i=$((i + 1))
done
(ulimit -n 16 && "$bin" "$tmp"/many/*.md >"$tmp/many.out" 2>"$tmp/many.err")
got=$?
if [ "$(wc -c <"$tmp/many/0.md")" -gt 65536 ] && [ $got -eq 0 ] &&
    [ "$(grep -c '^Line 2399 of' "$tmp/many.out")" -eq 40 ] &&
    [ ! -s "$tmp/many.err" ]; then
	pass "40 long articles, 16 descriptors: all printed, exit 0"
else
	fail "40 long articles, 16 descriptors: all printed" \
	    "status $got" "$(head -3 "$tmp/many.err")"
fi
expect "two files, one missing: the other shown, exit 1" 1 \
    "^olsread: $tmp/none.md: No such file or directory\$" \
    "$bin" "$tmp/none.md" "$sample"
expect "--tsv without --toc" 2 "--tsv goes with --toc or --speakers" \
    "$bin" --tsv "$sample"
expect "--color=sometimes" 2 "--color takes auto, always or never" \
    "$bin" --color=sometimes "$sample"
expect "--help" 0 "^\$" "$bin" --help
grep -q "^usage: olsread" "$tmp/out" && pass "--help shows the usage" ||
    fail "--help shows the usage"
expect "--version" 0 "^\$" "$bin" --version
grep -Eq "^olsread [0-9]+\.[0-9]+" "$tmp/out" && pass "--version" ||
    fail "--version prints the version" "$(cat "$tmp/out")"
: > "$tmp/empty.md"
expect "an empty file" 0 "^\$" "$bin" --dump "$tmp/empty.md"

# Standard input.
"$bin" --toc "$sample" >"$tmp/toc-file"
"$bin" --toc - <"$sample" >"$tmp/toc-dash"
cat "$sample" | "$bin" --toc >"$tmp/toc-pipe"
if cmp -s "$tmp/toc-file" "$tmp/toc-dash" &&
    cmp -s "$tmp/toc-file" "$tmp/toc-pipe"; then
	pass "standard input, as - or as a pipe, reads the same"
else
	fail "standard input reads the same" "$(diff "$tmp/toc-file" "$tmp/toc-pipe")"
fi

# A pipe by name (process substitution) and a FIFO: read as standard input.
if command -v bash >/dev/null; then
	timeout 10 bash -c '"$0" --toc <(cat "$1")' "$bin" "$sample" \
	    >"$tmp/toc-subst" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq 0 ] && cmp -s "$tmp/toc-file" "$tmp/toc-subst"; then
		pass "--toc of <(cat article): the sample's index, exit 0"
	else
		fail "--toc of a process substitution" "exit status $got" \
		    "$(cat "$tmp/err")"
	fi
else
	pass "# SKIP process substitution: no bash"
fi
mkfifo "$tmp/fifo"
cat "$sample" >"$tmp/fifo" &
timeout 10 "$bin" --toc "$tmp/fifo" >"$tmp/toc-fifo" 2>"$tmp/err"
got=$?
wait
if [ "$got" -eq 0 ] && cmp -s "$tmp/toc-file" "$tmp/toc-fifo"; then
	pass "--toc of a FIFO: the sample's index, exit 0"
else
	fail "--toc of a FIFO" "exit status $got" "$(cat "$tmp/err")"
fi
rm -f "$tmp/fifo"

# gzip articles, known by their first bytes: the same output as the plain
# file; a truncated stream shown as far as it decoded, then exit 1; a bomb
# (a member of 1 MiB of zeros, 2048 times over) refused before any output.
medium=$src/../shared/corpus/medium.md
[ -f "$medium" ] || medium=$sample
"$bin" --dump -w 80 "$medium" >"$tmp/plain.out" 2>/dev/null
gzip -c "$medium" >"$tmp/medium"
timeout 20 "$bin" --dump -w 80 "$tmp/medium" >"$tmp/gz.out" 2>"$tmp/err"
got=$?
if [ "$got" -eq 0 ] && cmp -s "$tmp/plain.out" "$tmp/gz.out"; then
	pass "--dump of a gzipped article prints what the plain file prints"
else
	fail "--dump of a gzipped article" "exit status $got" "$(cat "$tmp/err")"
fi
timeout 20 "$bin" --dump -w 80 - <"$tmp/medium" >"$tmp/gz.out" 2>"$tmp/err"
if cmp -s "$tmp/plain.out" "$tmp/gz.out"; then
	pass "a gzipped article on standard input reads the same"
else
	fail "a gzipped article on standard input" "$(cat "$tmp/err")"
fi
size=$(wc -c <"$tmp/medium")
head -c $((size / 2)) "$tmp/medium" >"$tmp/cut.gz"
expect "a truncated gzip stream: exit 1, where it stopped" 1 \
    "^olsread: $tmp/cut.gz: gzip data truncated at byte $((size / 2)); shown as far as it was read\$" \
    "$bin" --dump "$tmp/cut.gz"
if [ -s "$tmp/out" ]; then
	pass "a truncated gzip stream shows what decoded"
else
	fail "a truncated gzip stream shows what decoded"
fi
head -c 1048576 /dev/zero | gzip -c >"$tmp/bomb.gz"
for i in 1 2 3 4 5 6 7 8 9 10 11; do
	cat "$tmp/bomb.gz" "$tmp/bomb.gz" >"$tmp/bomb2.gz"
	mv "$tmp/bomb2.gz" "$tmp/bomb.gz"
done
expect "a gzip bomb is refused" 1 \
    "^olsread: $tmp/bomb.gz: decompresses to more than 1 GiB\$" \
    "$bin" --dump "$tmp/bomb.gz"
if [ -s "$tmp/out" ]; then
	fail "a gzip bomb prints nothing" "$(wc -c <"$tmp/out") bytes out"
else
	pass "a gzip bomb prints nothing"
fi
rm -f "$tmp/bomb.gz" "$tmp/medium" "$tmp/cut.gz"

# An article long enough to load in pieces: its index, printed as it
# loads, has its talks numbered as in one piece, nested under the title.
awk 'BEGIN {
	print "# Many talks\n"
	for (t = 1; t <= 12; t++) {
		printf "## Talk %d\n\nAnne Speaker%c talked.\n\n", t, 96 + t
		for (p = 0; p < 60; p++)
			print "Filler words to make each talk some five kilobytes.\n"
	}
}' >"$tmp/long.md"
"$bin" --toc "$tmp/long.md" >"$tmp/long-toc"
if [ "$(wc -c <"$tmp/long.md")" -gt 32768 ] &&
    [ "$(head -1 "$tmp/long-toc")" = "Many talks" ] &&
    [ "$(grep -c '^  \([1-9]\|1[0-2]\)\. Talk \1 — Anne Speaker' \
    "$tmp/long-toc")" = 12 ] && [ "$(wc -l <"$tmp/long-toc")" = 13 ]
then
	pass "--toc of a long article: twelve talks, numbered in order"
else
	fail "--toc of a long article numbers its talks" "$(cat "$tmp/long-toc")"
fi

# Output that is not a terminal gets the dump, 80 columns by default.
COLUMNS= "$bin" "$sample" >"$tmp/default"
COLUMNS= "$bin" --dump -w 80 "$sample" >"$tmp/w80"
cmp -s "$tmp/default" "$tmp/w80" && pass "not a terminal: --dump at 80" ||
    fail "not a terminal: --dump at 80"
COLUMNS=50 "$bin" "$sample" >"$tmp/c50"
"$bin" --dump -w 50 "$sample" >"$tmp/w50"
cmp -s "$tmp/c50" "$tmp/w50" && pass "COLUMNS sets the width" ||
    fail "COLUMNS sets the width"
COLUMNS=300 "$bin" "$sample" >"$tmp/c300"
"$bin" --dump -w 100 "$sample" >"$tmp/w100"
cmp -s "$tmp/c300" "$tmp/w100" && pass "capped at a measure of 100" ||
    fail "capped at a measure of 100"

# Colour.
esc=$(printf '\033')
"$bin" --dump "$sample" | grep -q "$esc" && fail "auto: no colour in a pipe" ||
    pass "auto: no colour in a pipe"
"$bin" --dump --color=always "$sample" | grep -q "$esc\[" &&
    pass "--color=always styles" || fail "--color=always styles"
NO_COLOR=1 "$bin" --dump --color=always "$sample" | grep -q "$esc\[" &&
    pass "--color=always wins over NO_COLOR" ||
    fail "--color=always wins over NO_COLOR"
printf 'A ~~struck~~ word.\n' >"$tmp/struck.md"
[ "$("$bin" --dump --color=never "$tmp/struck.md")" = "A ~~struck~~ word." ] &&
    pass "struck through in plain text: its tildes" ||
    fail "struck through in plain text: its tildes"
[ "$("$bin" --dump --color=always "$tmp/struck.md")" = \
    "A ${esc}[0;9mstruck${esc}[0m word." ] &&
    pass "struck through in colour: SGR 9, no tildes" ||
    fail "struck through in colour: SGR 9, no tildes"

# Nothing from the article reaches the terminal raw: the only escape
# sequences in the output are olsread's own SGR ones, whose parameters
# are all among those dump.c writes (the articles' own sequences carry
# others: 2J, 31, 4242, OSC, DCS, ...).
sgr_param='\(0\|1\|2\|3\|4\|7\|33\|34\|36\)'
sgr="$esc\\[$sgr_param\\(;$sgr_param\\)*m"
for md in "$src/tests/golden/controls.md" "$src/tests/e2e/escapes.md"; do
	for args in "--dump" "--dump --color=always" "--toc" \
	    "--toc --color=always" "--toc --tsv" "--search e" \
	    "--search e --color=always"; do
		# shellcheck disable=SC2086
		"$bin" $args -w 60 "$md" >"$tmp/ctl" 2>&1
		left=$(sed "s/$sgr//g" "$tmp/ctl" | tr -d '\n' |
		    LC_ALL=C tr -d '\t -~\200-\377' | od -An -c | head -3)
		what="$(basename "$md") $args"
		if [ -z "$left" ]; then
			pass "$what: no control byte but olsread's SGR"
		else
			fail "$what: stray bytes" "$left"
		fi
	done
done

# --search: one line a match, the count on standard error, and the exit
# status says whether anything matched.
tab=$(printf '\t')
expect "--search van riel" 0 "^1 match in 1 section\$" \
    "$bin" --search "van riel" "$sample"
if [ "$(wc -l <"$tmp/out")" -eq 1 ] &&
    grep -q "^6${tab}Toward an O(1) VM${tab}Rik \[van Riel\] discussed " \
    "$tmp/out"; then
	pass "--search: talk, section and the match in its context"
else
	fail "--search: talk, section and the match in its context" \
	    "$(cat "$tmp/out")"
fi
grep -q "$(printf '\342\200\246')\$" "$tmp/out" &&
    pass "--search: an ellipsis where the context is cut" ||
    fail "--search: an ellipsis where the context is cut" "$(cat "$tmp/out")"
expect "--search talk" 0 "^12 matches in 7 sections\$" \
    "$bin" --search talk "$sample"
grep -q "^-${tab}Trip report: the Ottawa Linux Symposium${tab}" "$tmp/out" &&
    pass "--search: - for a section that is no talk" ||
    fail "--search: - for a section that is no talk" "$(cat "$tmp/out")"
expect "--search with no match" 1 "^0 matches in 0 sections\$" \
    "$bin" --search zebra "$sample"
[ -s "$tmp/out" ] && fail "--search with no match prints nothing" ||
    pass "--search with no match prints nothing"
expect "--regex" 0 "^3 matches in 2 sections\$" \
    "$bin" --search "(Rik|Greg) " --regex "$sample"
expect "--regex, smart case" 0 "^2 matches in 2 sections\$" \
    "$bin" --search "o\(1\)" --regex "$sample"
expect "a bad regex" 2 "^olsread: bad regular expression: .+" \
    "$bin" --search "o(1" --regex "$sample"
expect "a regex that matches empty text" 2 \
    "^olsread: bad regular expression: it matches empty text\$" \
    "$bin" --search "Love|" --regex "$sample"
[ -s "$tmp/out" ] && fail "a bad regex prints nothing" ||
    pass "a bad regex prints nothing"
expect "smart case: a capital is exact" 1 "^0 matches" \
    "$bin" --search "KROAH" "$sample"
expect "-i ignores case" 0 "^1 match in 1 section\$" \
    "$bin" -i --search "KROAH" "$sample"
expect "--ignore-case" 0 "^1 match in 1 section\$" \
    "$bin" --ignore-case --search "KROAH" "$sample"
expect "-I keeps case" 1 "^0 matches" "$bin" -I --search "kroah" "$sample"
expect "the last of -i and -I wins" 0 "^1 match" \
    "$bin" -I -i --search "kroah" "$sample"
expect "an empty query" 2 "--search needs a query" \
    "$bin" --search "" "$sample"
expect "--regex without --search" 2 "--regex, -i and -I go with --search" \
    "$bin" --regex "$sample"
"$bin" --search "van riel" --color=always "$sample" 2>/dev/null |
    grep -q "Rik $esc\[7mvan Riel$esc\[0m discussed" &&
    pass "--search --color=always: the match in reverse video" ||
    fail "--search --color=always: the match in reverse video"
"$bin" --search "van riel" "$sample" 2>/dev/null | grep -q "$esc" &&
    fail "--search: no colour in a pipe" || pass "--search: no colour in a pipe"
printf 'Some\ttext with\001a van  and\nmore\n' |
    "$bin" --search "van and" >"$tmp/out" 2>/dev/null
if [ "$(cat "$tmp/out")" = "-${tab}(standard input)${tab}Some text with$(printf '\342\220\201')a [van and] more" ]; then
	pass "--search: context on one line, controls as symbols"
else
	fail "--search: context on one line, controls as symbols" \
	    "$(cat "$tmp/out")"
fi

# The configuration file: under the command line; a bad line is a warning
# with its file and line, never an error.
conf=$tmp/xdg/olsread
mkdir -p "$conf" "$tmp/home/.config/olsread"
printf 'width = 40\n' >"$conf/config"
cp "$conf/config" "$tmp/home/.config/olsread/config"
"$bin" --dump -w 40 "$sample" >"$tmp/w40"
"$bin" --dump -w 50 "$sample" >"$tmp/w50"
"$bin" --dump -w 60 "$sample" >"$tmp/w60"
# same DESCRIPTION FILE: the last output is FILE's, and stderr was empty.
same() {
	if cmp -s "$tmp/out" "$2" && [ ! -s "$tmp/err" ]; then
		pass "$1"
	else
		fail "$1" "$(diff "$tmp/out" "$2" | head -5)" \
		    "stderr: $(cat "$tmp/err")"
	fi
}
XDG_CONFIG_HOME=$tmp/xdg "$bin" --dump "$sample" >"$tmp/out" 2>"$tmp/err"
same "width = 40 in the configuration: --dump at 40" "$tmp/w40"
XDG_CONFIG_HOME=$tmp/xdg "$bin" --dump -w 60 "$sample" >"$tmp/out" \
    2>"$tmp/err"
same "-w 60 on the command line wins" "$tmp/w60"
env -u XDG_CONFIG_HOME HOME="$tmp/home" "$bin" --dump "$sample" \
    >"$tmp/out" 2>"$tmp/err"
same "without XDG_CONFIG_HOME, ~/.config/olsread/config" "$tmp/w40"
XDG_CONFIG_HOME=xdg HOME="$tmp/home" "$bin" --dump "$sample" >"$tmp/out" \
    2>"$tmp/err"
same "a relative XDG_CONFIG_HOME is ignored" "$tmp/w40"
printf 'width = 50 # narrower\r\n' >"$tmp/other.conf"
XDG_CONFIG_HOME=$tmp/xdg "$bin" --config "$tmp/other.conf" --dump \
    "$sample" >"$tmp/out" 2>"$tmp/err"
same "--config FILE reads FILE instead" "$tmp/w50"
XDG_CONFIG_HOME=$tmp/xdg "$bin" --no-config --dump -w 60 "$sample" \
    >"$tmp/out" 2>"$tmp/err"
same "--no-config reads none" "$tmp/w60"
COLUMNS=70 XDG_CONFIG_HOME=$tmp/xdg "$bin" --no-config --dump "$sample" \
    >"$tmp/out" 2>"$tmp/err"
COLUMNS=70 XDG_CONFIG_HOME=$tmp/none "$bin" --dump "$sample" >"$tmp/w70"
same "--no-config: the defaults" "$tmp/w70"
printf 'width = 40\ncolour = dark\nbind x leave\n' >"$conf/config"
expect "a bad line: FILE:LINE on standard error, exit 0" 0 \
    "^olsread: $conf/config:2: unknown setting \"colour\"\$" \
    env XDG_CONFIG_HOME="$tmp/xdg" "$bin" --dump "$sample"
grep -q "^olsread: $conf/config:3: bind: no action is named \"leave\"\$" \
    "$tmp/err" && cmp -s "$tmp/out" "$tmp/w40" &&
    pass "each bad line once, the good ones applied" ||
    fail "each bad line once, the good ones applied" "$(cat "$tmp/err")"
expect "--config naming a missing file: a warning" 0 \
    "^olsread: $tmp/none.conf: No such file or directory\$" \
    "$bin" --config "$tmp/none.conf" --dump "$sample"
expect "a configuration that is a directory: a warning" 0 \
    "^olsread: $tmp/xdg: is a directory\$" \
    "$bin" --config "$tmp/xdg" --dump "$sample"
expect "--theme pink" 2 "^olsread: theme must be dark, light or mono: pink\$" \
    "$bin" --theme pink "$sample"
expect "--sidebar-width 61" 2 \
    "^olsread: sidebar-width must be a number from 16 to 60: 61\$" \
    "$bin" --sidebar-width 61 "$sample"
expect "--theme light --sidebar-width 20 --sidebar" 0 "^\$" \
    "$bin" --theme light --sidebar-width 20 --sidebar --dump "$sample"
curly=$(printf '\342\200\231')
"$bin" --dump "$sample" | grep -q "$curly" &&
    fail "no curly quotes by default" || pass "no curly quotes by default"
"$bin" --dump --smart "$sample" | grep -q "Jone${curly}s talk" &&
    pass "--smart: curly quotes" || fail "--smart: curly quotes"
printf 'smart = on\n' >"$conf/config"
XDG_CONFIG_HOME=$tmp/xdg "$bin" --dump "$sample" | grep -q "$curly" &&
    pass "smart = on: curly quotes" || fail "smart = on: curly quotes"
XDG_CONFIG_HOME=$tmp/xdg "$bin" --dump --no-smart "$sample" |
    grep -q "$curly" && fail "--no-smart wins over smart = on" ||
    pass "--no-smart wins over smart = on"

# --section: one talk, and what is within it.
"$bin" --dump -w 80 --section 4 "$sample" >"$tmp/sec" 2>&1
if [ "$(head -1 "$tmp/sec")" = "4. udev - devfs done right" ] &&
    grep -q "Greg Kroah-Hartman described udev" "$tmp/sec" &&
    ! grep -q "Pat Mochel\|Robert Love" "$tmp/sec"; then
	pass "--section 4 --dump: talk 4 alone, from its heading"
else
	fail "--section 4 --dump: talk 4 alone, from its heading" \
	    "$(head -3 "$tmp/sec")"
fi
printf '# T\n\n## A\n\nx\n\n### A1\n\nJohn Smith talked.\n\n#### Deeper\n\n'\
'z\n\n### A2\n\nJane Doe talked.\n' >"$tmp/nest.md"
if "$bin" --dump --section 1 "$tmp/nest.md" | grep -q "^Deeper" &&
    ! "$bin" --dump --section 1 "$tmp/nest.md" | grep -q "Jane Doe"; then
	pass "--section: the talk's subsections, not the next talk"
else
	fail "--section: the talk's subsections, not the next talk"
fi
expect "--section 9 of 7 talks" 1 \
    "^olsread: .*000-article.md: no talk 9: the article has 7\$" \
    "$bin" --dump --section 9 "$sample"
expect "--section 0" 2 "talk number, from 1" "$bin" --dump --section 0 \
    "$sample"
expect "--section x" 2 "talk number, from 1" "$bin" --dump --section x \
    "$sample"
expect "--section with --toc" 2 "goes with the pager or --dump" \
    "$bin" --toc --section 2 "$sample"

# --speakers: every speaker once, by surname, with their talks.
expect "--speakers" 0 "^\$" "$bin" --speakers "$sample"
if [ "$(sed -n '1p;6p' "$tmp/out" | tr '\n' '|')" = \
    "James Bottomley  7 Integrating DMA into the device model|Rik van Riel  6 Toward an O(1) VM|" ] &&
    [ "$(wc -l <"$tmp/out")" -eq 7 ]; then
	pass "--speakers: by surname, 'van Riel' under R"
else
	fail "--speakers: by surname" "$(cat "$tmp/out")"
fi
expect "--speakers --tsv" 0 "^\$" "$bin" --speakers --tsv "$sample"
grep -q "^Greg Kroah-Hartman	4	udev - devfs done right\$" "$tmp/out" &&
    pass "--speakers --tsv: name, tab, talk, tab, title" ||
    fail "--speakers --tsv: name, tab, talk, tab, title" "$(cat "$tmp/out")"
expect "--speakers -w 40" 0 "^\$" "$bin" --speakers -w 40 "$sample"
if grep -q "^James Bottomley  7 Integrating DMA into…\$" "$tmp/out" &&
    [ "$(wc -L <"$tmp/out")" -le 40 ]; then
	pass "--speakers -w 40: titles cut to fit"
else
	fail "--speakers -w 40: titles cut to fit" "$(cat "$tmp/out")"
fi
expect "--speakers -w 20" 0 "^\$" "$bin" --speakers -w 20 "$sample"
grep -q "^Greg Kroah-Hartman  4\$" "$tmp/out" &&
    pass "--speakers -w 20: no room, no title" ||
    fail "--speakers -w 20: no room, no title" "$(cat "$tmp/out")"
printf '# Two\n\n## Again\n\nRobert Love talked about preemption.\n\n## More\n\nRobert Love discussed latency.\n' \
    >"$tmp/two.md"
expect "--speakers, two files" 0 "^\$" "$bin" --speakers --tsv "$sample" \
    "$tmp/two.md"
if [ "$(grep -c '^Robert Love	' "$tmp/out")" -eq 1 ] &&
    grep -q "^Robert Love	$sample:3,$tmp/two.md:1,$tmp/two.md:2	Interactive kernel performance; Again; More\$" \
    "$tmp/out"; then
	pass "--speakers, two files: one line a speaker, FILE:N talks"
else
	fail "--speakers, two files: one line a speaker" "$(cat "$tmp/out")"
fi
expect "--speakers, two files, one missing: exit 1" 1 \
    "^olsread: $tmp/none.md: No such file or directory\$" \
    "$bin" --speakers "$tmp/none.md" "$sample"
grep -q "^Luis Villa  $sample 2 Large projects and bugzilla\$" "$tmp/out" &&
    pass "--speakers, one file missing: the other listed" ||
    fail "--speakers, one file missing: the other listed" "$(cat "$tmp/out")"
expect "--speakers with --section" 2 "goes with the pager or --dump" \
    "$bin" --speakers --section 2 "$sample"

# Output errors.
i=0
while [ $i -lt 200 ]; do cat "$sample"; i=$((i + 1)); done >"$tmp/big.md"
first=$("$bin" --dump -w 80 "$tmp/big.md" 2>"$tmp/pipe-err" | head -1)
if [ "$first" = "Trip report: the Ottawa Linux Symposium" ] &&
    [ ! -s "$tmp/pipe-err" ]; then
	pass "--dump | head -1 ends quietly"
else
	fail "--dump | head -1 ends quietly" "first: $first" \
	    "stderr: $(cat "$tmp/pipe-err")"
fi
if [ -w /dev/full ]; then
	expect "a full disk" 1 "^olsread: write error: No space left on device\$" \
	    sh -c '"$0" --dump "$1" >/dev/full' "$bin" "$tmp/big.md"
fi
expect "a closed standard output" 1 "^olsread: write error: " \
    sh -c '"$0" --dump "$1" >&-' "$bin" "$sample"

echo "1..$n"
[ "$failed" -eq 0 ]
