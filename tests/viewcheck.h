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

/*
 * Blocks the checks laid out lately, by block number: a screen's worth,
 * for the checks lay out the same few blocks event after event.
 */
#define VIEWCHECK_SLOTS		64

struct viewcheck_slot {
	struct layout		*l;		/* owned, or NULL */
	size_t			 block;
	unsigned int		 width;
	bool			 valid;
};

/*
 * What the checks keep from one to the next, so that each block is laid
 * out once and not at every row of every check: its line count at one
 * width, from a layout of its own, never the view's, and the last anchor
 * found good.  What is kept holds for the doc as it was; after the doc
 * changes (a piece loaded) call viewcheck_forget() before checking again.
 */
struct viewcheck {
	const struct doc	*doc;		/* borrowed */
	struct viewcheck_slot	 slot[VIEWCHECK_SLOTS];
	unsigned int		 width;		/* of what is kept */
	size_t			*nlines;	/* owned: per block, or
						   VIEWCHECK_UNKNOWN */
	size_t			 ncounts;
	size_t			 capcounts;
	struct view_anchor	 good;		/* if has_good */
	bool			 has_good;
	/*
	 * The rows the view fills, sized to the body each time, so that
	 * one it writes past the end of is still caught.
	 */
	struct view_row		*rows;		/* owned */
	struct view_side_row	*side;		/* owned */
	size_t			 nrows;
};

#define VIEWCHECK_UNKNOWN	((size_t)-1)

/* Start checking views of `d`, which must outlive `vc`. */
void	 viewcheck_init(struct viewcheck *vc, const struct doc *d);
void	 viewcheck_release(struct viewcheck *vc);
/* The doc may have changed: count every block again. */
void	 viewcheck_forget(struct viewcheck *vc);

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
bool	 check_anchor(struct viewcheck *, struct view *, struct why *);
/* The body's rows: the anchor's line, then consecutive lines, then none. */
bool	 check_body(struct viewcheck *, struct view *, struct why *);
/* Every row of the index fits between its margin and its border. */
bool	 check_sidebar(struct viewcheck *, struct view *, struct why *);
/* The status line's parts fit in the screen's width. */
bool	 check_status(struct view *, struct why *);
/* The anchor, the body, the section, the position, the focus. */
bool	 check_core(struct viewcheck *, struct view *, struct why *);
/*
 * What the index, the status line, the help and the message draw fits
 * where they draw it.
 */
bool	 check_fit(struct viewcheck *, struct view *, struct why *);

#endif
