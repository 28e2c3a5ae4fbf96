/*
 * testdoc: a doc from Markdown in memory, for the unit tests, with its
 * repairs dropped.
 */
#ifndef OLSREAD_TESTDOC_H
#define OLSREAD_TESTDOC_H

#include <stddef.h>

struct doc;

/* `len` bytes at `md`, loaded with the load_buffer() flags `flags`. */
struct doc	*testdoc_load_with(const char *md, size_t len, int flags);

/* The string `md`, loaded as the pager loads it. */
struct doc	*testdoc_load(const char *md);

#endif
