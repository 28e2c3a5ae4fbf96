/*
 * What every stage of the loader shares, and no other file sees: no
 * cmark here, for the stages before the parse know nothing of it.
 *
 * The loader is a pipeline of stages, a file each (and its header), each
 * handing its result to the next and never calling a later one by name.
 * The cut stage must ask cmark how it reads some lines (whether they hold
 * link reference definitions), each answer deciding the next question;
 * the job hands it the parse stage's two functions for that as pointers
 * (load-job.h), so that it knows nothing of cmark:
 *	load-read.c	reading: files, pipes, FIFOs, standard input, gzip
 *			(load-gzip.c), the byte limits, the file's stamp
 *	load-sanitise.c	sanitising: valid UTF-8, no NUL; the digest
 *	load-cut.c	cutting: where the text can be cut into pieces,
 *			and the definitions each piece may use (over
 *			prescan.c)
 *	load-parse.c	parsing: cmark's parser and its arena
 *	load-tree.c	converting: a tree to doc records, over the files
 *			that load-convert.h lists
 * load.c is the job that calls each in turn (load-job.h); load-lines.c,
 * under them all, counts lines as cmark does.
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
