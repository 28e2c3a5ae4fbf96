/*
 * The loader's parsing stage (load-parse.c): cmark's parser, its arena,
 * and the questions the cut stage asks it about definitions.  Shared by
 * the loader's files that use cmark, and by nothing else.
 */
#ifndef OLSREAD_LOAD_PARSE_H
#define OLSREAD_LOAD_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include <cmark.h>

/*
 * Parse `len` bytes at `s` after the `prelen` bytes at `pre` (the
 * definitions a piece may use), with LOAD_SMART of `flags`.  The tree's
 * nodes are in an arena: free the tree, then call load_parser_done().
 */
cmark_node	*load_parse(int flags, const char *pre, size_t prelen,
		    const char *s, size_t len);
void		 load_parser_done(void);

/* The allocator of the tree under way, for nodes added to it. */
cmark_mem	*load_parse_mem(void);

/* Whether `len` bytes parse into nothing at all: only definitions. */
bool		 load_defines_only(int flags, const char *s, size_t len);

/*
 * The line that each top-level block of `len` bytes at `s` starts on, in
 * order, into `*lines` (owned by the caller); their count.
 */
size_t		 load_block_lines(int flags, const char *s, size_t len,
		    size_t **lines);

#endif
