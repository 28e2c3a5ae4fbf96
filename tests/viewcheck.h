/*
 * viewcheck: the view's invariants, shared by the tests that drive a view.
 */
#ifndef OLSREAD_VIEWCHECK_H
#define OLSREAD_VIEWCHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "view.h"

#define VIEWCHECK_PRINTF(f, a) __attribute__((format(printf, f, a)))

struct doc;
struct layout;

/* Why a check failed. */
struct why {
	char	 s[512];
};

/* The doc text line `line` of `l` starts with, or DOC_NONE. */
size_t	 line_start(const struct layout *l, size_t line);
/* Does line `line` of `l` draw no text of the article? */
bool	 line_is_empty(const struct layout *l, size_t line);
/* Does line `line` of `l` hold doc text offset `off`? */
bool	 line_holds(const struct layout *l, size_t line, size_t off);
/* Lines of block `b` at `width`: none for a container. */
size_t	 leaf_lines(const struct doc *d, size_t b, unsigned int width);
/* The first leaf with lines at or after `b`, or DOC_NONE. */
size_t	 next_leaf(const struct doc *d, size_t b, unsigned int width);

/* The anchor is a line of a leaf at the body's width, holding its text. */
bool	 check_anchor(struct view *, const struct doc *, struct why *);
/* The body's rows: the anchor's line, then consecutive lines, then none. */
bool	 check_body(struct view *, const struct doc *, struct why *);
/* Every row of the index fits between its margin and its border. */
bool	 check_sidebar(struct view *, const struct doc *, struct why *);
/* The status line's parts fit in the screen's width. */
bool	 check_status(struct view *, struct why *);
/* The anchor, the body, the section, the position, the focus. */
bool	 check_core(struct view *, const struct doc *, struct why *);
/* What the index and the status line draw fits where they draw it. */
bool	 check_fit(struct view *, const struct doc *, struct why *);

#endif
