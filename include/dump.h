/*
 * dump: the second backend.  It prints what the pager shows, without a
 * pager, for pipes and scripts: the laid-out article, or the talk index.
 * Every byte from the document goes through the same sanitising as the
 * layout, so nothing the article holds can reach the terminal raw.
 */
#ifndef OLSREAD_DUMP_H
#define OLSREAD_DUMP_H

#include <stdbool.h>
#include <stdio.h>

struct doc;

struct dump_opts {
	unsigned int	 width;		/* columns of text */
	bool		 color;		/* SGR styling */
	bool		 tsv;		/* --toc: tab-separated fields */
};

/*
 * Print sections [from, to) of the article, laid out at opts->width, each
 * followed by the URLs of its links.  Returns 0, or -1 on a write error
 * (errno says which).  A doc still loading can be printed in steps, as its
 * sections complete.
 */
int	 dump_article(FILE *, const struct doc *, size_t from, size_t to,
	    const struct dump_opts *);

/*
 * Print the talk index of sections [from, to): one line a section, with
 * talk number, title and speakers, nesting shown by indent; with
 * opts->tsv, four tab-separated fields: level, talk number or "-", title,
 * speakers joined by "; " or "-".  Returns 0, or -1 on a write error.
 */
int	 dump_toc(FILE *, const struct doc *, size_t from, size_t to,
	    const struct dump_opts *);

#endif
