/*
 * arena: bump allocation in chunks.  Each block carries a header with its
 * size and its chunk (none for a block from malloc), so that realloc can
 * copy it and free can find what to give back.  A chunk counts its live
 * blocks and goes back to malloc when the last one is freed, so a tree
 * freed part by part returns its memory as it goes, for the next user of
 * malloc to take.
 */
#include "arena.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define ARENA_FIRST	(8 * 1024)
/*
 * Below glibc's 128 KiB: a larger block is a mapping of its own, whose
 * pages go back to the kernel when it is freed, and are faulted in again
 * by the next chunk.
 */
#define ARENA_CHUNK	(96 * 1024)
/* Blocks at least this large come from malloc. */
#define ARENA_LARGE	(16 * 1024)
#define ARENA_ALIGN	16

struct arena_chunk {
	struct arena_chunk	*next;		/* older */
	struct arena_chunk	*prev;		/* newer */
	size_t			 size;		/* bytes of data */
	size_t			 used;		/* bytes handed out */
	size_t			 live;		/* blocks not freed */
	_Alignas(ARENA_ALIGN) unsigned char data[];
};

/* Before each block. */
struct arena_head {
	struct arena_chunk	*chunk;		/* NULL: from malloc */
	size_t			 size;
	_Alignas(ARENA_ALIGN) unsigned char block[];
};

#define ARENA_HEAD	sizeof(struct arena_head)

/*
 * Before the head of a block from malloc: its place on the arena's list of
 * such blocks, so that arena_release() frees whatever its user did not.
 */
struct arena_large {
	struct arena_large	*next;
	struct arena_large	*prev;
};

#define ARENA_LINK	sizeof(struct arena_large)

void
arena_init(struct arena *a, size_t apart)
{
	a->chunks = NULL;
	a->fill[0] = a->fill[1] = NULL;
	a->large = NULL;
	a->apart = apart;
}

void
arena_release(struct arena *a)
{
	struct arena_chunk	*c, *next;
	struct arena_large	*l, *lnext;

	for (c = a->chunks; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	for (l = a->large; l != NULL; l = lnext) {
		lnext = l->next;
		free(l);
	}
	arena_init(a, a->apart);
}

static size_t
arena_round(size_t n)
{
	if (n > SIZE_MAX - ARENA_LINK - ARENA_HEAD - ARENA_ALIGN)
		fatal("arena: %zu bytes overflow", n);
	return (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
}

static struct arena_head *
arena_head(void *p)
{
	return (struct arena_head *)((unsigned char *)p - ARENA_HEAD);
}

static struct arena_large *
arena_large_of(struct arena_head *h)
{
	return (struct arena_large *)((unsigned char *)h - ARENA_LINK);
}

static struct arena_head *
arena_link(struct arena *a, struct arena_large *l)
{
	l->prev = NULL;
	l->next = a->large;
	if (a->large != NULL)
		a->large->prev = l;
	a->large = l;
	return (struct arena_head *)((unsigned char *)l + ARENA_LINK);
}

static struct arena_large *
arena_unlink(struct arena *a, struct arena_head *h)
{
	struct arena_large	*l = arena_large_of(h);

	if (l->prev != NULL)
		l->prev->next = l->next;
	else
		a->large = l->next;
	if (l->next != NULL)
		l->next->prev = l->prev;
	return l;
}

/* A block from malloc, freed on its own; zeroed only if asked. */
static void *
arena_alloc_large(struct arena *a, size_t size, bool zero)
{
	struct arena_head	*h;

	h = arena_link(a, xmalloc(ARENA_LINK + ARENA_HEAD + arena_round(size)));
	if (zero)
		memset(h->block, 0, size);
	h->chunk = NULL;
	h->size = size;
	return h->block;
}

/*
 * A new chunk to fill with the blocks of `lane` (1: those kept apart),
 * twice the size of its last up to ARENA_CHUNK, so that a small parse
 * takes little memory and a large one few chunks.
 */
static struct arena_chunk *
arena_chunk_new(struct arena *a, int lane)
{
	struct arena_chunk	*c;
	size_t			 size = a->fill[lane] == NULL ? ARENA_FIRST :
				    a->fill[lane]->size * 2;

	if (size > ARENA_CHUNK)
		size = ARENA_CHUNK;
	c = xmalloc(sizeof(*c) + size);
	c->size = size;
	c->used = 0;
	c->live = 0;
	c->prev = NULL;
	c->next = a->chunks;
	if (a->chunks != NULL)
		a->chunks->prev = c;
	a->chunks = c;
	a->fill[lane] = c;
	return c;
}

/* A block of `size` bytes in the lane's chunk, or a new one; not zeroed. */
static void *
arena_bump(struct arena *a, int lane, size_t size)
{
	struct arena_chunk	*c = a->fill[lane];
	struct arena_head	*h;
	size_t			 need = ARENA_HEAD + arena_round(size);

	if (c == NULL || c->size - c->used < need)
		c = arena_chunk_new(a, lane);
	h = (struct arena_head *)(c->data + c->used);
	h->chunk = c;
	h->size = size;
	c->used += need;
	c->live++;
	return h->block;
}

void *
arena_alloc(struct arena *a, size_t size)
{
	void	*p;

	if (size >= ARENA_LARGE)
		return arena_alloc_large(a, size, true);
	/*
	 * Zero what is handed out, not the whole chunk: a chunk often comes
	 * back from an earlier piece's arena, and calloc would zero it all.
	 */
	p = arena_bump(a, size == a->apart, size);
	memset(p, 0, size);
	return p;
}

/* Whether block `h` is the last handed out of a chunk being filled. */
static bool
arena_is_last(const struct arena *a, const struct arena_head *h)
{
	const struct arena_chunk	*c = h->chunk;

	return (c == a->fill[0] || c == a->fill[1]) &&
	    (const unsigned char *)h + ARENA_HEAD + arena_round(h->size) ==
	    c->data + c->used;
}

void *
arena_realloc(struct arena *a, void *p, size_t size)
{
	struct arena_head	*h;
	struct arena_chunk	*c;
	void			*n;

	/*
	 * Most buffers that may grow never do (a parser's string of a
	 * block, of a text): they start in a chunk.  One that grows past
	 * ARENA_LARGE goes to malloc, which reuses the room such buffers
	 * leave behind, where the arena would waste it.
	 */
	if (p == NULL)
		return size < ARENA_LARGE ? arena_bump(a, 0, size) :
		    arena_alloc_large(a, size, false);
	h = arena_head(p);
	if (h->chunk == NULL) {
		h = arena_link(a, xreallocarray(arena_unlink(a, h), 1,
		    ARENA_LINK + ARENA_HEAD + arena_round(size)));
		h->size = size;
		return h->block;
	}
	/* Smaller, it stays; the last block of the newest chunk grows
	   where it is. */
	c = h->chunk;
	if (arena_round(size) <= arena_round(h->size)) {
		if (arena_is_last(a, h))
			c->used -= arena_round(h->size) - arena_round(size);
		h->size = size;
		return p;
	}
	if (size < ARENA_LARGE && arena_is_last(a, h) &&
	    arena_round(size) - arena_round(h->size) <= c->size - c->used) {
		c->used += arena_round(size) - arena_round(h->size);
		h->size = size;
		return p;
	}
	n = size < ARENA_LARGE ? arena_bump(a, 0, size) :
	    arena_alloc_large(a, size, false);
	memcpy(n, p, h->size < size ? h->size : size);
	arena_free(a, p);
	return n;
}

void
arena_free(struct arena *a, void *p)
{
	struct arena_chunk	*c;
	struct arena_head	*h;

	if (p == NULL)
		return;
	h = arena_head(p);
	if ((c = h->chunk) == NULL) {
		free(arena_unlink(a, h));
		return;
	}
	/* A chunk being filled stays. */
	if (--c->live > 0 || c == a->fill[0] || c == a->fill[1])
		return;
	c->prev->next = c->next;
	if (c->next != NULL)
		c->next->prev = c->prev;
	free(c);
}
