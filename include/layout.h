/*
 * layout: one block of a doc, at one width, as display lines.  A line is a
 * list of segments; a segment is either a byte range of the doc's text, a
 * visible stand-in for some of that text (a tab's spaces, a control
 * character's symbol) or decoration the layout draws itself (quote bars,
 * list markers, talk numbers, link numbers, rules).  Nothing here knows
 * about terminals: the screen and dump modules draw the segments.
 */
#ifndef OLSREAD_LAYOUT_H
#define OLSREAD_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

struct doc;
struct layout_scratch;

/*
 * Narrower widths are laid out at this width, the widest a single
 * character's cells or symbol can be.
 */
#define LAYOUT_MIN_WIDTH	4

/* What a segment is, for the drawing code to pick its look. */
enum layout_role {
	LAYOUT_BODY,		/* paragraph text */
	LAYOUT_HEADING,		/* heading text */
	LAYOUT_TALK_NUMBER,	/* "3. " before a talk's heading */
	LAYOUT_CODE,		/* code block text */
	LAYOUT_HTML,		/* HTML block text */
	LAYOUT_RULE,		/* thematic break, heading underline */
	LAYOUT_QUOTE,		/* quote bar */
	LAYOUT_MARKER,		/* list item marker */
	LAYOUT_LINK_NUMBER,	/* "[3]" after a link */
	LAYOUT_CONTROL,		/* the symbol of a control character */
	LAYOUT_CONTINUED,	/* mark of a code line that did not fit */
	LAYOUT_ROLE__MAX
};

/* Inline styles of a text segment, or'ed. */
#define LAYOUT_EMPH		0x01
#define LAYOUT_STRONG		0x02
#define LAYOUT_CODE_SPAN	0x04
#define LAYOUT_LINK		0x08
#define LAYOUT_IMAGE		0x10
#define LAYOUT_STRIKE		0x20
#define LAYOUT_MARK		0x40
#define LAYOUT_UNDERLINE	0x80

enum layout_seg_kind {
	LAYOUT_SEG_TEXT,	/* draws doc text [off, off + len) */
	LAYOUT_SEG_SUBST,	/* draws decoration in place of that text */
	LAYOUT_SEG_DECO		/* draws decoration only; len is 0 */
};

struct layout_seg {
	size_t		 off;	/* doc text it stands for */
	size_t		 len;
	size_t		 doff;	/* SUBST, DECO: in the layout's deco */
	size_t		 dlen;
	unsigned int	 cols;	/* cells it takes */
	unsigned char	 kind;	/* enum layout_seg_kind */
	unsigned char	 role;	/* enum layout_role */
	unsigned char	 style;	/* LAYOUT_EMPH ... */
	/*
	 * A header's text shown again before each record's value: its
	 * line is not where the reader finds that text.
	 */
	bool		 repeat;
};

struct layout_line {
	size_t		 seg;	/* its segments: segs[seg .. seg + nseg) */
	size_t		 nseg;
	unsigned int	 cols;	/* cells it takes, never over the width */
};

struct layout {
	const struct doc	*doc;	/* borrowed: must outlive the layout */
	size_t			 block;
	unsigned int		 width;
	struct layout_line	*lines;	/* owned */
	size_t			 nlines;
	size_t			 caplines;
	struct layout_seg	*segs;	/* owned */
	size_t			 nsegs;
	size_t			 capsegs;
	struct buf		 deco;	/* decoration text */
	struct layout_scratch	*scratch; /* owned: working memory */
	bool			 struck_drawn; /* the output strikes text
					   through: no tildes around it */
};

void	 layout_init(struct layout *);
void	 layout_release(struct layout *);

/*
 * Lay out block `b` of `d` at `width` columns into `l`, replacing what it
 * held, and reusing its memory.  `l` borrows `d`, which must outlive it.  A
 * leaf gives its lines, the blank line that parts it from the block before
 * included; a container gives none (its leaves draw its prefix).  Never
 * fails and never makes a line wider than `width`: over-long words are
 * broken, and code lines continue after a mark.
 */
void	 layout_block(struct layout *l, const struct doc *d, size_t b,
	    unsigned int width);

/* Returns a new layout of block `b` (free with layout_free()). */
struct layout	*layout_build(const struct doc *d, size_t b,
		    unsigned int width);
void		 layout_free(struct layout *);

/*
 * The layouts of a doc's blocks at one width, built when first asked for
 * and kept, up to LAYOUT_CACHE_MAX blocks and LAYOUT_CACHE_BYTES of
 * memory (the oldest go first), so that what a screen shows costs the
 * same whatever the document's size.
 *
 * A caller works in frames: layout_cache_begin() starts one, and no
 * layout asked for since then is freed before the next begins, however
 * many more are asked for (the cache outgrows its bounds rather than free
 * one).  So a screenful of pointers stays good while it is drawn.
 */
#define LAYOUT_CACHE_MAX	4096
#define LAYOUT_CACHE_BYTES	((size_t)16 << 20)

struct layout_cache;

/*
 * Returns a new, empty cache owned by the caller (free with
 * layout_cache_free()).  It borrows `d`, which must outlive it and may
 * grow meanwhile.
 */
struct layout_cache	*layout_cache_new(const struct doc *d,
			    unsigned int width);
void			 layout_cache_free(struct layout_cache *);

/* Change the width; every layout built at the old one is dropped. */
void			 layout_cache_set_width(struct layout_cache *,
			    unsigned int width);
unsigned int		 layout_cache_width(const struct layout_cache *);

/* The memory the cache's layouts hold, in bytes. */
size_t			 layout_cache_bytes(const struct layout_cache *);

/* Start a frame: the layouts asked for before may go from now on. */
void			 layout_cache_begin(struct layout_cache *);

/*
 * Drop the layouts of blocks `from` on, which the doc's growth changed
 * (a heading's talk number); pointers to them go too.
 */
void			 layout_cache_drop(struct layout_cache *, size_t from);

/*
 * The layout of block `b`, built now if it is not in the cache.  The
 * pointer stays valid until the next layout_cache_begin(),
 * layout_cache_drop() or width change.
 */
const struct layout	*layout_cache_get(struct layout_cache *, size_t b);

/*
 * The first line of `l` with a segment over doc text offset `off`, in
 * `*line`; false when none shows it (a blank, a gap).
 */
bool		 layout_line_over(const struct layout *l, size_t off,
		    size_t *line);

/* The bytes that segment `s` of `l` draws, and their length. */
const char	*layout_seg_bytes(const struct layout *l,
		    const struct layout_seg *s, size_t *len);

#endif
