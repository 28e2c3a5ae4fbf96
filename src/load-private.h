/*
 * What every stage of the loader shares, and no other file sees: no
 * cmark here, for the stages before the parse know nothing of it.
 */
#ifndef OLSREAD_LOAD_PRIVATE_H
#define OLSREAD_LOAD_PRIVATE_H

#include <stddef.h>

struct buf;

/*
 * Append to `out` the link reference definitions that `len` bytes at
 * `text` may use, each a paragraph of its own, in the article's order.
 */
typedef void	 load_defs_fn(void *arg, const char *text, size_t len,
		    struct buf *out);

/* Lines in `len` bytes at `s`: its newlines. */
size_t	 load_count_lines(const char *s, size_t len);

#endif
