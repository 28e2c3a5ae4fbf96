#!/bin/sh
# Pathological articles through the command line.  For each input that
# patho-gen lists, make the article in a temporary directory, then run
#   olsread --dump -w 80, olsread --toc and olsread --search QUERY
# on it.  Each run must exit as documented (0 when shown; --search 1 when
# nothing matches), print text when the article has some (and nothing
# for --dump when it has none), write nothing to standard error but
# "olsread: " diagnostics and --search's count (so no sanitizer report,
# which is also looked for by name), and end within the hang bound:
# `timeout 60` kills a run that takes longer.  The seconds each run took
# are TAP comments, never checked: machines are shared and noisy.  Memory
# is steadier: each run's peak must stay within the input's bound
# (patho-gen --bound prints it: see patho_bound_kib() in inputs.h), unless
# the build has sanitizers (B_SANITIZE), whose shadow memory and
# quarantine count in it.  Without the cmark program, the bound is the
# article's alone.
# usage: run.sh OLSREAD PATHO-GEN PEAK [B_SANITIZE]
set -u
bin=$1
gen=$2
peak=$3
sanitized=${4:-none}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
case $peak in /*) ;; *) peak=$(pwd)/$peak ;; esac
limit=60
# What standard error may say: diagnostics, and --search's count.
quiet='^olsread: |^[0-9]+ match(es)? in [0-9]+ sections?$'
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0
failed=0

pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() {
	n=$((n + 1))
	echo "not ok $n - $1"
	shift
	[ $# -gt 0 ] && printf '%s\n' "$@" | sed 's/^/# /'
	failed=$((failed + 1))
}

# Seconds since the epoch, to the nanosecond where date(1) can.
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# run NAME MODE STATUS OUTPUT [WANT] -- ARGS...: run olsread ARGS on
# NAME's article; want exit STATUS, output OUTPUT ("text", "none" or
# "any") and, when given, the fixed string WANT in it.
run() {
	name=$1 mode=$2 status=$3 output=$4 want=$5
	shift 6
	what="$name ($desc): $mode exits $status within $limit s"
	# A run that measured nothing must not find the last run's figure.
	rm -f "$tmp/peak"
	t0=$(now)
	"$peak" "$tmp/peak" timeout "$limit" "$bin" "$@" "$tmp/$name.md" \
	    >"$tmp/out" 2>"$tmp/err" </dev/null
	got=$?
	t1=$(now)
	echo "# $name $mode: $(seconds "$t0" "$t1") s"
	if [ "$got" -eq 124 ]; then
		fail "$what" "killed after $limit s: a hang" \
		    "repeat: patho-gen $name >$name.md; olsread $* $name.md"
	elif grep -Eq 'Sanitizer|runtime error' "$tmp/err"; then
		fail "$what" "a sanitizer report:" \
		    "$(head -20 "$tmp/err" | sed 's/^/  /')"
	elif grep -Evq "$quiet" "$tmp/err"; then
		fail "$what" "standard error: $(head -5 "$tmp/err")"
	elif [ "$got" -ne "$status" ]; then
		fail "$what" "exit status $got, want $status" \
		    "standard error: $(head -5 "$tmp/err")"
	elif [ "$output" = text ] && [ ! -s "$tmp/out" ]; then
		fail "$what" "printed nothing"
	elif [ "$output" = none ] && [ -s "$tmp/out" ]; then
		fail "$what" "printed text, the article having none:" \
		    "$(head -3 "$tmp/out")"
	elif [ -n "$want" ] && ! grep -Fq -- "$want" "$tmp/out"; then
		fail "$what" "\"$want\" is not in what it printed"
	else
		pass "$what"
	fi
}

scale=${OLSREAD_PATHO_SCALE:-1}
if [ "$scale" != 1 ]; then
	echo "# the inputs are $scale times smaller than named" \
	    "(OLSREAD_PATHO_SCALE=$scale)"
fi
"$gen" --list >"$tmp/list" || exit 1
tab=$(printf '\t')
start=$(now)
# bounded NAME MODE KIB: the peak of the run just made within KIB.
bounded() {
	kib=$(cat "$tmp/peak" 2>/dev/null) || kib=
	what="$1 ($desc): $2 takes at most $(($3 / 1024)) MiB"
	if [ "$sanitized" != none ]; then
		echo "# $1: $2 took $kib KiB, not bounded under $sanitized"
	elif [ -z "$kib" ]; then
		fail "$what" "its peak was not measured"
	elif [ "$kib" -gt "$3" ]; then
		fail "$what" "it took $((kib / 1024)) MiB" \
		    "repeat: patho-gen $1 >$1.md; olsread $2 $1.md"
	else
		pass "$what (it took $((kib / 1024)) MiB)"
	fi
}

# parser_kib NAME: what the cmark program takes at its peak to parse the
# article, in KiB; 0 where there is no cmark program.
parser_kib() {
	if ! command -v cmark >/dev/null 2>&1; then
		echo 0
		return
	fi
	rm -f "$tmp/peak"
	"$peak" "$tmp/peak" cmark "$tmp/$1.md" >/dev/null 2>&1
	cat "$tmp/peak" 2>/dev/null || echo 0
}
command -v cmark >/dev/null 2>&1 ||
	echo "# no cmark program: each bound is the article's alone"

while IFS=$tab read -r name found text query toc diag desc; do
	if ! "$gen" "$name" >"$tmp/$name.md"; then
		fail "$name ($desc): patho-gen makes it"
		continue
	fi
	size=$(wc -c <"$tmp/$name.md")
	cmark_kib=$(parser_kib "$name")
	bound=$("$gen" --bound "$size" "$cmark_kib")
	echo "# $name: $size bytes; cmark took $cmark_kib KiB"
	[ "$toc" = - ] && toc=
	[ "$diag" = - ] && diag=
	if [ "$text" = 1 ]; then output=text; else output=none; fi
	run "$name" "--dump -w 80" 0 "$output" "" -- --dump -w 80
	bounded "$name" "--dump -w 80" "$bound"
	if [ -z "$diag" ]; then
		:
	elif grep -Fq -- "$diag" "$tmp/err"; then
		pass "$name ($desc): --dump reports $diag"
	else
		fail "$name ($desc): --dump reports $diag" \
		    "standard error: $(head -5 "$tmp/err")"
	fi
	run "$name" "--toc" 0 text "$toc" -- --toc
	bounded "$name" --toc "$bound"
	if [ "$found" = 1 ]; then
		run "$name" "--search '$query'" 0 text "" -- --search "$query"
	else
		run "$name" "--search '$query'" 1 none "" -- --search "$query"
	fi
	bounded "$name" "--search '$query'" "$bound"
	rm -f "$tmp/$name.md"
done <"$tmp/list"
echo "# all runs: $(seconds "$start" "$(now)") s"

echo "1..$n"
[ "$failed" -eq 0 ]
