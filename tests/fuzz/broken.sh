#!/bin/sh
# The view fuzz target built over tests/fuzz/broken-view.c must abort on
# SEED, whose last event breaks the view's body, and say why: a target
# whose checks were off, or skipped the end, would pass it.
# usage: broken.sh REPLAY SEED
echo 1..1
out=$("$1" "$2" 2>&1 >/dev/null)
status=$?
want="view invariant: row 0 is not the anchor's line"
case $out in
*"$want"*)
	if [ $status -ne 0 ]; then
		echo "ok 1 - a body broken by the last event is caught"
		exit 0
	fi
	;;
esac
echo "not ok 1 - a body broken by the last event passed (status $status)"
printf '%s\n' "$out" | sed 's/^/# /'
exit 1
