/*
 * dump: the second backend.  It prints what the pager shows, without a
 * pager, for pipes and scripts: the laid-out article, the talk index, or
 * the matches of a search.
 * Every byte from the document goes through the same sanitising as the
 * layout, so nothing the article holds can reach the terminal raw.
 */
#ifndef OLSREAD_DUMP_H
#define OLSREAD_DUMP_H

#include <stdbool.h>
#include <stdio.h>

struct doc;
struct search;
struct speakers;

struct dump_opts {
	unsigned int	 width;		/* columns of text */
	bool		 color;		/* SGR styling */
	bool		 tsv;		/* --toc: tab-separated fields */
	bool		 trim;		/* the first block printed starts at
					   its text, not the gap above it */
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
 * Print the talk index of sections [from, to) of doc `d`: one line a
 * section, with talk number, title and speakers, nesting shown by indent;
 * with opts->tsv, four tab-separated fields: level, talk number or "-",
 * title, speakers joined by "; " or "-".  Either needs only the sections
 * printed to be complete, not the doc.  Returns 0, or -1 on a write error.
 */
int	 dump_toc(FILE *, const struct doc *, size_t from, size_t to,
	    const struct dump_opts *);

/*
 * Print the speakers of `sp` (finished), one line each: the name, then
 * its talks, each its number and its title cut so that the line fits
 * `cols` ("3 Title; 7 Title"; "3, 7" where no title fits), after its
 * file's name where `nfiles` were read (`files` names them as given:
 * "a.md 3 Title; b.md 1 Title; 5 Title").  With `tsv`, three fields: the
 * name, the talks joined by ",", each "FILE:N" where several files were
 * read, and their titles whole, joined by "; ".  Returns 0, or -1 on a
 * write error.
 */
int	 dump_speaker_list(FILE *, const struct speakers *sp,
	    const char *const *files, size_t nfiles, bool tsv, size_t cols);

/* Columns of context shown on each side of a match. */
#define DUMP_CONTEXT	30

/*
 * Print the matches of `s` in `d`, one line each, three tab-separated
 * fields: the talk number of the match's section or "-", the section's
 * title, and the match with about DUMP_CONTEXT columns of its block's
 * text on each side, on one line ("…" where cut).  The match is in
 * reverse video with opts->color, in [brackets] otherwise.  Returns 0, or
 * -1 on a write error.
 */
int	 dump_matches(FILE *, const struct doc *, const struct search *s,
	    const struct dump_opts *);

#endif
