/*
 * inputs: the pathological articles, made at run time, and what olsread
 * must do with each.  Both the command-line runner (through patho-gen) and
 * the pager test use this one table, so an input and its expectations are
 * written once.  Nothing here runs olsread.
 */
#ifndef OLSREAD_PATHO_INPUTS_H
#define OLSREAD_PATHO_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

struct buf;

struct patho_input {
	const char	*name;		/* a file name's stem, no spaces */
	const char	*what;		/* one line for the test's description */
	/* Append the article to `out`, `scale` times smaller than named. */
	void		(*gen)(struct buf *out, size_t scale);
	const char	*query;		/* for --search and the pager's / */
	bool		 found;		/* the query matches somewhere */
	bool		 text;		/* the article has visible text */
	const char	*toc;		/* --toc shows this, or NULL */
	const char	*diag;		/* standard error mentions this, or
					   NULL */
};

/* The inputs, in the order they run, and how many there are. */
extern const struct patho_input	 patho_inputs[];
extern const size_t		 patho_ninputs;

/*
 * The most memory, in KiB, that olsread may hold at once on an article of
 * `size` bytes, whatever it is asked to do with it: eight times the
 * article, or twice `parser_kib`, what the cmark program alone held at
 * its peak to parse it (0 when not measured), whichever is more, plus 32
 * MiB for the program, its libraries and their tables.  The article's
 * text, a small record for each block and span, and one piece's tree at
 * a time are what the design keeps.  Where the parser's tree is what
 * costs, the loader holds it and the records made of it at once: twice
 * the parser's need is the floor of a reader built on it.
 */
size_t		 patho_bound_kib(size_t size, size_t parser_kib);

/* The input called `name`, or NULL. */
const struct patho_input	*patho_find(const char *name);

/*
 * How many times smaller than named the inputs are made: 1, unless
 * OLSREAD_PATHO_SCALE says otherwise (a whole number from 1 to 1000).
 */
size_t		 patho_scale(void);

#endif
