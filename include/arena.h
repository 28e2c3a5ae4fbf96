/*
 * arena: a bump allocator for many small blocks that die at about the same
 * time, such as the nodes of a parse tree.  Memory goes back a chunk at a
 * time, once every block in the chunk is freed, and all of it in
 * arena_release().  Large blocks, and blocks that grow large (a parser's
 * string buffers, which come through arena_realloc(): most stay small),
 * are passed to malloc and freed one by one, since malloc can reuse what
 * they leave behind.  Out of memory is fatal, as with xmalloc().
 */
#ifndef OLSREAD_ARENA_H
#define OLSREAD_ARENA_H

#include <stddef.h>

struct arena_chunk;
struct arena_large;

struct arena {
	struct arena_chunk	*chunks;	/* owned, newest first */
	struct arena_large	*large;		/* owned: blocks from malloc */
};

void	 arena_init(struct arena *);
/* Free every block, whether its user freed it or not. */
void	 arena_release(struct arena *);

/* A block of `size` bytes, zeroed, aligned for any type. */
void	*arena_alloc(struct arena *, size_t size);
/*
 * Resize a block from this arena, keeping its contents, as realloc(); with
 * NULL, a new block that may grow.  Not zeroed.
 */
void	*arena_realloc(struct arena *, void *, size_t size);
void	 arena_free(struct arena *, void *);

#endif
