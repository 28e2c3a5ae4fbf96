#!/bin/sh
# Run the libFuzzer targets of a build made with -Dfuzz=true, one after the
# other, each for SECONDS, from the seeds here and slices of the real
# documents in CORPUS (when it exists).  What a run finds is left in
# BUILDDIR/fuzz-artifacts; the status is 1 when anything was found.
# usage: run.sh BUILDDIR SECONDS [CORPUS [TARGET...]]
set -u
build=$1
seconds=$2
corpus=${3:-}
[ $# -ge 3 ] && shift 3 || shift $#
targets=${*:-load search view}
here=$(cd "$(dirname "$0")" && pwd)
work=$build/fuzz-corpus
artifacts=$build/fuzz-artifacts
mkdir -p "$artifacts" || exit 1

# slices FILE PREFIX DIR: 4 KiB pieces of FILE from 32 places, each after
# the target's PREFIX of control bytes (given as printf escapes).
slices() {
	size=$(wc -c <"$1")
	[ "$size" -gt 0 ] || return 0
	i=0
	while [ $i -lt 32 ]; do
		printf "$2" >"$3/slice-$(basename "$1")-$i"
		dd if="$1" bs=4096 count=1 skip=$((size / 4096 * i / 32)) \
		    2>/dev/null >>"$3/slice-$(basename "$1")-$i"
		i=$((i + 1))
	done
}

failed=0
for t in $targets; do
	mkdir -p "$work/$t" || exit 1
	cp "$here/seeds/$t"/* "$work/$t/"
	if [ -n "$corpus" ] && [ -d "$corpus" ]; then
		case $t in
		load)	prefix='\117\002' ;;		# 80 columns, in pieces
		search)	prefix='\000the\n' ;;		# "the", literal
		view)	prefix='\143\035\010G]]/the\rn' ;; # 100x30, 8 keys
		esac
		for f in "$corpus"/*.md; do
			[ -f "$f" ] && slices "$f" "$prefix" "$work/$t"
		done
	fi
	echo "fuzz-$t: $seconds s from $(ls "$work/$t" | wc -l) inputs"
	"$build/tests/fuzz/fuzz-$t" "$work/$t" -max_total_time="$seconds" \
	    -max_len=8192 -timeout=20 -rss_limit_mb=4096 \
	    -print_final_stats=1 -artifact_prefix="$artifacts/$t-" \
	    >"$build/fuzz-$t.log" 2>&1
	status=$?
	grep -E '^(#[0-9]+.*(DONE|pulse)|stat::number_of_executed_units|stat::peak_rss_mb)' \
	    "$build/fuzz-$t.log" | tail -3
	grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$build/fuzz-$t.log" | tail -1
	if [ $status -ne 0 ]; then
		echo "fuzz-$t FOUND something (status $status): see" \
		    "$build/fuzz-$t.log and $artifacts"
		# The report and its stack, then each input found, in base64:
		# a CI machine does not outlive its log.
		sed -n '/ERROR\|invariant/,$p' "$build/fuzz-$t.log" |
		    grep -E 'ERROR|SUMMARY|invariant|#[0-9]+ 0x' | head -30
		for f in "$artifacts/$t-"*; do
			[ -f "$f" ] || continue
			echo "$f, $(wc -c <"$f") bytes, in base64:"
			head -c 16384 "$f" | base64
		done
		failed=1
	fi
done
exit $failed
