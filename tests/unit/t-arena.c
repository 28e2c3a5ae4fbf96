/*
 * t-arena: blocks are zeroed, aligned and kept apart; realloc keeps
 * contents, in place when it can; chunks go back when emptied; release
 * frees what is left (the sanitizer build's leak check sees to that).
 */
#include "arena.h"

#include <stdint.h>
#include <string.h>

#include "tap.h"

int
main(void)
{
	struct arena	 a;
	unsigned char	*p[1000], *big, *q;
	size_t		 i, bad = 0;

	tap_plan(0);
	arena_init(&a);
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
	return tap_done();
}
