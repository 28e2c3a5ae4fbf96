/*
 * t-arena: blocks are zeroed, aligned and kept apart; realloc keeps
 * contents, in place when it can; chunks go back when emptied; blocks of
 * the size kept apart lie one after another, among others; release
 * frees what is left (the sanitizer build's leak check sees to that).
 */
#include "arena.h"

#include <stdint.h>
#include <string.h>

#include "tap.h"

/*
 * Blocks of the size kept apart, made among others that grow and move,
 * come one after another, and freeing the two kinds in any order is fine.
 */
static void
arena_apart(struct arena *a)
{
	unsigned char	*node[3000], *str[3000];
	size_t		 i, gaps = 0, bad = 0;

	arena_init(a, 112);
	for (i = 0; i < 3000; i++) {
		node[i] = arena_alloc(a, 112);
		str[i] = arena_realloc(a, NULL, 8);
		str[i] = arena_realloc(a, str[i], 40 + i % 300);
		bad += node[i][111] != 0;
		memset(node[i], 'n', 112);
		memset(str[i], 's', 40 + i % 300);
		if (i > 0 && node[i] - node[i - 1] != 112 + 16)
			gaps++;
	}
	tap_ok(bad == 0 && gaps < 30, "blocks kept apart come one after "
	    "another (%zu gaps, at new chunks)", gaps);
	for (i = 0, bad = 0; i < 3000; i++)
		bad += node[i][0] != 'n' || node[i][111] != 'n' ||
		    str[i][39 + i % 300] != 's';
	tap_is_int((long long)bad, 0, "and neither kind overlaps the other");
	for (i = 0; i < 3000; i++) {
		arena_free(a, node[i]);
		arena_free(a, str[2999 - i]);
	}
	/* The sanitizer build sees to it that no chunk went back early. */
	tap_ok(a->chunks == a->fill[0] || a->chunks == a->fill[1],
	    "freeing both kinds, in any order, is fine");
	arena_release(a);
	tap_ok(a->chunks == NULL && a->apart == 112, "release empties it, "
	    "and it keeps its size apart");
}

int
main(void)
{
	struct arena	 a;
	unsigned char	*p[1000], *big, *q;
	size_t		 i, bad = 0;

	tap_plan(0);
	arena_init(&a, 0);
	for (i = 0; i < 1000; i++) {
		p[i] = arena_alloc(&a, 1 + i % 200);
		bad += (uintptr_t)p[i] % 16 != 0 || p[i][0] != 0 ||
		    p[i][i % 200] != 0;
		memset(p[i], (int)(i & 0xff), 1 + i % 200);
	}
	tap_is_int((long long)bad, 0, "blocks are aligned and zeroed");
	for (i = 0, bad = 0; i < 1000; i++)
		bad += p[i][i % 200] != (unsigned char)(i & 0xff);
	tap_is_int((long long)bad, 0, "blocks do not overlap");

	q = arena_realloc(&a, NULL, 10);
	memcpy(q, "0123456789", 10);
	q = arena_realloc(&a, q, 100000);
	tap_ok(memcmp(q, "0123456789", 10) == 0, "a growing block keeps its "
	    "contents");
	p[0] = arena_realloc(&a, p[0], 300);
	tap_ok(p[0][0] == 0, "an arena block moved by realloc keeps its "
	    "contents");
	q = arena_realloc(&a, NULL, 20);
	memcpy(q, "abcdefghijklmnopqrst", 20);
	p[1] = arena_realloc(&a, q, 60);
	tap_ok(p[1] == q && memcmp(q, "abcdefghijklmnopqrst", 20) == 0,
	    "the newest block grows where it is");
	p[2] = arena_alloc(&a, 8);
	q = arena_realloc(&a, q, 200);
	tap_ok(q != p[1] && memcmp(q, "abcdefghijklmnopqrst", 20) == 0 &&
	    p[2][0] == 0, "a block with another after it moves, and keeps "
	    "its contents");
	p[3] = arena_realloc(&a, q, 5);
	tap_ok(p[3] == q && memcmp(q, "abcde", 5) == 0, "a block that "
	    "shrinks stays");
	big = arena_alloc(&a, 1 << 20);
	tap_ok(big[0] == 0 && big[(1 << 20) - 1] == 0, "a large block is "
	    "zeroed");
	arena_free(&a, big);
	for (i = 4; i < 500; i++)
		arena_free(&a, p[i]);
	arena_free(&a, NULL);
	tap_ok(true, "freeing half, and NULL, is fine");
	/* q and the rest are left for arena_release(). */
	arena_release(&a);
	tap_ok(a.chunks == NULL && a.large == NULL, "release empties it");
	arena_apart(&a);
	return tap_done();
}
