# tap.sh: what the lint scripts print, sourced by each of them.
# ok NAME PROBLEMS: a test that passes when PROBLEMS is empty, each of
# its lines a diagnostic when it is not; tap_end: the plan, and the exit
# status saying whether every test passed.
n=0
failed=0

ok() {
	n=$((n + 1))
	if [ -z "$2" ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		printf '%s\n' "$2" | sed '/^$/d; s/^/# /'
		failed=$((failed + 1))
	fi
}

tap_end() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
}
