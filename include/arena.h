/*
 * arena: a bump allocator for many small blocks that die at about the same
 * time, such as the nodes of a parse tree.  Memory goes back a chunk at a
 * time, once every block in the chunk is freed, and all of it in
 * arena_release().  Large blocks, and blocks that grow large (a parser's
 * string buffers, which come through arena_realloc(): most stay small),
 * are passed to malloc and freed one by one, since malloc can reuse what
 * they leave behind.  Blocks of one size may be kept apart, in chunks of
 * their own (see arena_init()).  Out of memory is fatal, as with xmalloc().
 */
#ifndef OLSREAD_ARENA_H
#define OLSREAD_ARENA_H

#include <stddef.h>

struct arena_chunk;
struct arena_large;

struct arena {
	struct arena_chunk	*chunks;	/* owned, newest first */
	struct arena_chunk	*fill[2];	/* the chunks being filled:
						   other blocks, blocks apart */
	struct arena_large	*large;		/* owned: blocks from malloc */
	size_t			 apart;		/* the size kept apart, or 0 */
};

/*
 * An empty arena.  Blocks of `apart` bytes (0: none) from arena_alloc()
 * are kept apart from others: the nodes of a tree, so kept, lie in the
 * order they were made, which a walk over the tree reads at memory's
 * pace, where nodes strewn among strings would cost a cache miss each.
 */
void	 arena_init(struct arena *, size_t apart);
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
