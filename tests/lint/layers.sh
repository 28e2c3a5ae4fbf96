#!/bin/sh
# Layers: no source file calls back into a file that calls it.  The graph
# of which file calls which is read from the object files themselves, as
# the linker sees them: each object's undefined names (nm's U) joined to
# the object that defines them.  A loop in that graph is a strongly
# connected set of two or more files; the test names its files and, for
# each call inside it, the names that tie them.
#
# Before the project's own objects, the checker is tried on two planted
# graphs compiled here, so that it is seen to fail on a loop and to pass
# on a chain: a checker that could not fail would prove nothing.
#
# usage: layers.sh CC ARCHIVE-OR-OBJECT...
set -u
cc=$1
shift
. "$(dirname "$0")/tap.sh"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# loops OBJECT...: every loop among the objects' files, one report of a
# few lines each; nothing when there is none.  nm -A prefixes each line
# with "archive:member:" or "object:"; the file is the member's name less
# meson's directory prefix and the ".o".
loops() {
	nm -A "$@" 2>"$tmp/nm.err" | awk '
	function file(s,    i) {
		sub(/:[^:]*$/, "", s)
		if ((i = match(s, /:[^:]*$/)) > 0)
			s = substr(s, i + 1)
		sub(/^.*\//, "", s)
		sub(/\.o(bj)?$/, "", s)
		sub(/^src_/, "src/", s)
		return s
	}
	{
		f = file($1)
		if (!(f in id)) {
			id[f] = ++nf
			name[nf] = f
		}
		sym = $NF
		type = $(NF - 1)
		if (type == "U")
			need[id[f], ++needs[id[f]]] = sym
		else if (type ~ /^[TDBRCGSVW]$/)
			owner[sym] = id[f]
	}
	END {
		for (a = 1; a <= nf; a++)
			for (k = 1; k <= needs[a]; k++) {
				sym = need[a, k]
				if (!(sym in owner) || (b = owner[sym]) == a)
					continue
				edge[a, b] = 1
				reach[a, b] = 1
				if (!((a, b, sym) in seen)) {
					seen[a, b, sym] = 1
					if (count[a, b]++ < 4)
						why[a, b] = why[a, b] \
						    (count[a, b] > 1 ? ", " : "") sym
				}
			}
		# Which file reaches which (Warshall): a file that reaches
		# another which reaches it back is in a loop with it.
		for (k = 1; k <= nf; k++)
			for (a = 1; a <= nf; a++)
				if ((a, k) in reach)
					for (b = 1; b <= nf; b++)
						if ((k, b) in reach)
							reach[a, b] = 1
		for (a = 1; a <= nf; a++) {
			if (done[a] || !((a, a) in reach))
				continue
			members = ""
			for (b = 1; b <= nf; b++)
				if (b == a || ((a, b) in reach && (b, a) in reach)) {
					done[b] = 1
					in_loop[b] = a
					members = members " " name[b]
				}
			print "loop of" members ":"
			for (b = 1; b <= nf; b++)
				for (c = 1; c <= nf; c++)
					if (in_loop[b] == a && in_loop[c] == a &&
					    (b, c) in edge) {
						more = count[b, c] > 4 ? \
						    ", ... (" count[b, c] " names)" : ""
						print "  " name[b] " calls " name[c] \
						    ": " why[b, c] more
					}
		}
	}'
}

# plant NAME CALLS...: an object NAME.o defining NAME_fn, which calls
# CALLEE_fn for each CALLEE.
plant() {
	self=$1
	shift
	{
		for c in "$@"; do
			echo "void ${c}_fn(void);"
		done
		echo "void ${self}_fn(void);"
		echo "void ${self}_fn(void) {"
		for c in "$@"; do
			echo "	${c}_fn();"
		done
		echo "}"
	} >"$tmp/$self.c"
	"$cc" -c -o "$tmp/$self.o" "$tmp/$self.c"
}

if plant top mid && plant mid low && plant low &&
    plant ring1 ring2 && plant ring2 ring3 low && plant ring3 ring1; then
	got=$(loops "$tmp/top.o" "$tmp/mid.o" "$tmp/low.o")
	ok "a planted chain (top calls mid calls low) has no loop" "$got"
	got=$(loops "$tmp/top.o" "$tmp/mid.o" "$tmp/low.o" \
	    "$tmp/ring1.o" "$tmp/ring2.o" "$tmp/ring3.o")
	want="loop of ring1 ring2 ring3:
  ring1 calls ring2: ring2_fn
  ring2 calls ring3: ring3_fn
  ring3 calls ring1: ring1_fn"
	if [ "$got" = "$want" ]; then
		ok "a planted loop (ring1, ring2, ring3) is found and named" ""
	else
		ok "a planted loop (ring1, ring2, ring3) is found and named" \
		    "got:
$got
want:
$want"
	fi
else
	ok "the planted objects compile with $cc" "$cc failed"
fi

got=$(loops "$@")
if [ -s "$tmp/nm.err" ]; then
	got="$got
nm: $(head -3 "$tmp/nm.err")"
fi
ok "no loop among the source files of $(echo "$@" | sed 's|.*/||g')" "$got"

tap_end
