/*
 * The layout's insides, shared by its parts and by nothing else (the lint
 * checks that only src/layout*.c include it).  The parts, top to bottom,
 * each calling only those below it:
 *	layout.c	a block at a width: the dispatch by kind, code kept,
 *			headings, notes and rules; the cache
 *	layout-table.c	a table: columns sized to their cells and to the
 *			width, cells filled inside them; or records
 *	layout-fill.c	prose filled: breaks, inline styles, link numbers
 *	layout-line.c	lines and segments, the prefixes of containers, a
 *			layout's memory
 */
#ifndef OLSREAD_LAYOUT_PRIVATE_H
#define OLSREAD_LAYOUT_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doc.h"
#include "layout.h"

/* A tab stop, every so many cells, in code and in prose alike. */
#define LAYOUT_TAB		8

/* Inline styles from a given offset of the block's text on. */
struct layout_run {
	size_t		 off;
	unsigned char	 style;
};

/*
 * A link number, drawn right after the link's text; or the word that
 * says an image's text is an image's, drawn right before it.
 */
struct layout_ref {
	size_t		 pos;
	size_t		 order;		/* of its span's opening or closing
					   among the article's, as its
					   text has them */
	size_t		 span;		/* its span, in doc->spans */
	unsigned int	 link;
	unsigned int	 cols;
	const char	*mark;		/* static: a word before an image's
					   text, or a strike's tildes, drawn
					   in place of a number */
	bool		 lead;		/* the mark goes with the text after
					   it, to the next line too */
	bool		 struck;	/* the mark is a strike's */
};

/* A span start or end, for the sweep that builds the runs. */
struct layout_event {
	size_t		 pos;
	int		 delta;
	enum doc_span_kind kind;
};

struct layout_scratch {
	char			*brk;
	size_t			 capbrk;
	struct layout_run	*runs;
	size_t			 nruns;
	size_t			 capruns;
	struct layout_ref	*refs;
	size_t			 nrefs;
	size_t			 caprefs;
	struct layout_event	*events;
	size_t			 capevents;
};

/* The block being laid out. */
struct layout_ctx {
	struct layout		*l;
	const struct doc	*d;
	const struct doc_block	*blk;
	size_t			 b;
	const char		*text;		/* the block's text, or a
						   table cell's */
	size_t			 len;
	size_t			 base;		/* its offset in the doc */
	size_t			 span;		/* its spans: d->spans[span..] */
	size_t			 nspan;
	unsigned int		 width;
	size_t			 anc[DOC_MAX_DEPTH + 1]; /* outermost first */
	unsigned int		 nanc;
	bool			 first;		/* next line is the first */
	enum layout_role	 role;
	const char		*lead;		/* first line after the prefix */
	unsigned int		 leadcols;	/* later lines indent as much */
	enum layout_role	 lead_role;
	bool			 ascii;		/* text all printable ASCII,
						   not opening with a blank:
						   a byte a cell, and breaks
						   found as lines need them */
	size_t			 run;		/* cursor in the runs */
	unsigned int		 col0;		/* where the line's text starts */
};

/* layout-line.c */

/*
 * A layout that will not be laid out again keeps only what it draws: its
 * working memory goes, and its arrays are cut to what they hold.
 */
void		 layout_settle(struct layout *l);

/* The memory layout `l` holds, in bytes. */
size_t		 layout_bytes(const struct layout *l);

/* Lines and segments, at the end of layout `l`. */
void		 layout_line_begin(struct layout *l);
unsigned int	 layout_line_cols(const struct layout *l);
void		 layout_text(struct layout *l, enum layout_role role,
		    unsigned char style, size_t off, size_t len,
		    unsigned int cols);

/*
 * A new segment of `cols` cells on the current line, all but its kind and
 * role zero: layout_text() and layout_deco() fill in the rest.
 */
struct layout_seg *layout_seg_add(struct layout *l,
		    enum layout_seg_kind kind, enum layout_role role,
		    unsigned int cols);

/*
 * Decoration, drawn in place of doc text [off, off + len) for SUBST, or on
 * its own for DECO.  `bytes` must be `cols` cells wide.
 */
void		 layout_deco(struct layout *l, enum layout_seg_kind kind,
		    enum layout_role role, const char *bytes, size_t n,
		    unsigned int cols, size_t off, size_t len);

/* `cols` blanks of decoration; `cols` copies of a one-cell character. */
void		 layout_blank(struct layout *l, enum layout_role role,
		    unsigned int cols);
void		 layout_repeat(struct layout *l, enum layout_role role,
		    const char *ch, unsigned int cols);

/* Start a line of the block: container prefix, then the lead or indent. */
void		 layout_new_line(struct layout_ctx *c);

/* Cells left on the current line. */
unsigned int	 layout_room(const struct layout_ctx *c);

/* The blank line before the block, with the bars of shared quotes. */
void		 layout_gap(struct layout_ctx *c);

/*
 * The stand-in for the tab or control character `cp`, `n` bytes at `pos`
 * of the block, `w` cells wide (cut to the room left on the line).
 */
void		 layout_subst(struct layout_ctx *c, uint32_t cp, size_t pos,
		    size_t n, unsigned int w);

/* layout-fill.c: c->text as filled lines, the role set by the caller. */
void		 layout_flow(struct layout_ctx *c);

/* layout-table.c: the block's table, in its layout. */
void		 layout_table(struct layout_ctx *c);

#endif
