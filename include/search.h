/*
 * search: a query over a doc's visible text, as sorted byte ranges of that
 * text with a count for each section.  Literal queries are smart-case (a
 * capital in the query makes it exact-case) and blind to accents and
 * compatibility forms ("jose" finds "José", "file" finds "ﬁle"), and a
 * blank in the query matches any run of white space, a line break
 * included: both sides are folded by the text module, which keeps the way
 * back from folded offsets to the doc's.  A regular expression is POSIX
 * extended, run by regexec(3) over the doc's text in the UTF-8 locale,
 * with the same smart case.  No curses here: highlighting is the drawing
 * code's job, which intersects these ranges with a line's segments.
 */
#ifndef OLSREAD_SEARCH_H
#define OLSREAD_SEARCH_H

#include <stdbool.h>
#include <stddef.h>

struct doc;

/* Flags of a query. */
#define SEARCH_REGEX	0x01	/* a POSIX extended regular expression */
#define SEARCH_ICASE	0x02	/* ignore case, whatever the query */
#define SEARCH_EXACT	0x04	/* keep case, whatever the query */

/* A match: a byte range of the doc's text, never empty. */
struct search_match {
	size_t	 off;
	size_t	 len;
};

/*
 * The folded copies of a doc's text, built on the first search that needs
 * each (case-folded, and not), and grown as the doc grows: a doc still
 * loading can be searched, and searched again once it has more.
 */
struct search_index;

/* Returns a new, empty index of `d` (free with search_index_free()). */
struct search_index	*search_index_new(const struct doc *d);
void			 search_index_free(struct search_index *);

/* The matches of one query, and their count per section. */
struct search {
	char			*query;		/* owned: as typed */
	int			 flags;		/* SEARCH_*, as run */
	bool			 icase;		/* as decided by smart case */
	struct search_match	*m;		/* owned: sorted, apart */
	size_t			 n;
	size_t			 capm;
	size_t			*count;		/* owned: matches per section */
	size_t			 nsections;	/* of the doc when run */
	size_t			 first;		/* text searched: [first, end) */
	size_t			 end;
};

void	 search_init(struct search *);
void	 search_release(struct search *);

/*
 * Run `query` over the text of `d`, or only over its bytes [from, to) when
 * `to` > `from` (the scope of one section), into `s`, replacing what it
 * held.  Returns 0, or -1 when the query is a regular expression that does
 * not compile, with the reason in `err`.  An empty query matches nothing.
 * One pass over the text; the index's folded copy is built the first time.
 */
int	 search_run(struct search *s, struct search_index *ix,
	    const struct doc *d, const char *query, int flags, size_t from,
	    size_t to, char *err, size_t errlen);

/*
 * The first match that ends after `off` (forward), or the last that
 * starts before it (backward), or (size_t)-1 when there is none.
 */
size_t	 search_next(const struct search *, size_t off, bool forward);

/*
 * The matches that overlap bytes [off, off + len): the first of them is
 * returned, and how many in `*count`.  For drawing: the cost follows the
 * matches on a line, not in the document.
 */
size_t	 search_within(const struct search *, size_t off, size_t len,
	    size_t *count);

/* Whether a query would be matched ignoring case, by smart case. */
bool	 search_is_icase(const char *query, int flags);

#endif
