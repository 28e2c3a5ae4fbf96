/*
 * doc: the document model.  One UTF-8 buffer holds the visible text of every
 * block (markup removed), so that search runs over one buffer; blocks, style
 * spans, sections and speaker names refer into it by offset and length.
 *
 * A doc is built in document order by the loader through the builder
 * functions below and only grows: a block or span once closed never
 * changes, so readers may start before the whole document is loaded.  A
 * section's speakers and talk number are found once its opening is known
 * (everything up to the next heading, or its first paragraphs), and then
 * never change; until then they read as none.
 * Nothing here knows about cmark or curses.
 */
#ifndef OLSREAD_DOC_H
#define OLSREAD_DOC_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* "No such block/section/span". */
#define DOC_NONE		((size_t)-1)

/*
 * Containers nested deeper than this are flattened into the deepest one
 * kept, so that the prefix a line draws stays bounded.
 */
#define DOC_MAX_DEPTH		32

/*
 * A paragraph is kept in parts of about this many bytes, cut at a blank
 * outside its spans, so that what lays one out is bounded whatever its
 * length.  Each part starts a line of its own: one paragraph of megabytes
 * is no prose a person wrote, and no real paragraph comes near this size.
 */
#define DOC_PART_MAX		65536

/* Speakers kept for one section at the most. */
#define DOC_MAX_SPEAKERS	32

enum doc_kind {
	/* Leaves: they hold text and are laid out into lines. */
	DOC_PARAGRAPH,
	DOC_HEADING,
	DOC_CODE,		/* fenced or indented code, never reflowed */
	DOC_HTML,		/* an HTML block, shown as text */
	DOC_RULE,		/* a thematic break, no text */
	DOC_TABLE,		/* a pipe table: its text is its cells' */
	DOC_NOTE,		/* a footnote, listed after its section */
	/* Containers: they hold blocks and draw a prefix. */
	DOC_QUOTE,
	DOC_ITEM,		/* a list item and its marker */
	DOC_KIND__MAX
};

/* Block flags. */
#define DOC_NO_GAP	0x01	/* leaf: no blank line before it */
#define DOC_ORDERED	0x02	/* item: in an ordered list */
#define DOC_CONTINUED	0x04	/* code, paragraph: goes on with the leaf
				   before it, a block kept in parts */

struct doc_block {
	size_t		 off;		/* leaf: visible text in doc->text */
	size_t		 len;
	size_t		 parent;	/* innermost container, or DOC_NONE */
	size_t		 span;		/* leaf: its first style span */
	size_t		 nspan;
	size_t		 section;	/* the section it belongs to */
	size_t		 first_leaf;	/* container: its first leaf */
	size_t		 cell;		/* table: its first in doc->cells */
	unsigned long	 number;	/* ordered item: its number;
					   table: its rows, header included;
					   note: its number, as links have */
	unsigned int	 depth;		/* containers around it */
	unsigned int	 level;		/* heading: 1-6; item: list depth;
					   table: its columns */
	unsigned int	 flags;
	unsigned int	 marker_digits;	/* ordered item: widest number */
	char		 delim;		/* item: '.' or ')', or the bullet */
	enum doc_kind	 kind;
};

enum doc_span_kind {
	DOC_SPAN_EMPH,
	DOC_SPAN_STRONG,
	DOC_SPAN_CODE,
	DOC_SPAN_LINK,
	DOC_SPAN_IMAGE,		/* its text is the image's description */
	DOC_SPAN_STRIKE,	/* ~~struck through~~ */
	DOC_SPAN_MARK,		/* <mark>: highlighted */
	DOC_SPAN_UNDERLINE,	/* <u>, <ins> */
	DOC_SPAN_NOTE,		/* a footnote's mark: empty, numbered */
	DOC_SPAN__MAX
};

/* Spans of a block are sorted by start; they nest, never overlap. */
struct doc_span {
	size_t			 off;		/* in doc->text */
	size_t			 len;
	size_t			 url_off;	/* link, image: in doc->urls */
	unsigned int		 url_len;	/* less than an article's
						   LOAD_MAX_SIZE bytes */
	unsigned int		 link;		/* link, image, note: number
						   from 1; strike: its
						   tildes, 0 from HTML */
	enum doc_span_kind	 kind;
	unsigned int		 inner;		/* spans opened inside it:
						   the ones right after it */
};

/*
 * A table's cell: its text in doc->text, and its column's alignment
 * (enum table_align).  A table's cells are stored row by row, the header
 * first, every row as wide as the header; cells are apart in the text.
 */
struct doc_cell {
	size_t		 off;
	unsigned int	 len;
	unsigned char	 align;
};

/* A byte range of doc->text. */
struct doc_range {
	size_t	 off;
	size_t	 len;
};

/*
 * Every heading outside containers opens a section.  Content before the
 * first heading forms an implicit section with no heading.
 */
struct doc_section {
	size_t		 heading;	/* heading block, or DOC_NONE */
	size_t		 parent;	/* enclosing section, or DOC_NONE */
	size_t		 first;		/* blocks [first, end) */
	size_t		 end;
	size_t		 speaker;	/* doc->speakers[speaker..+nspeaker) */
	size_t		 nspeaker;
	unsigned int	 level;		/* 1-6; 1 for the implicit section */
	unsigned int	 depth;		/* ancestors in the section tree */
	unsigned int	 talk;		/* talk number from 1, or 0 */
	size_t		 nparagraphs;	/* opened in it so far */
	bool		 known;		/* speakers and talk are final */
};

struct doc {
	char			*name;		/* owned: the file, for messages */
	char			*fallback;	/* owned: title when there is no H1 */
	struct buf		 text;		/* visible text */
	struct buf		 urls;		/* link destinations */
	struct doc_block	*blocks;	/* owned */
	size_t			 nblocks;
	size_t			 capblocks;
	struct doc_span		*spans;		/* owned */
	size_t			 nspans;
	size_t			 capspans;
	struct doc_section	*sections;	/* owned */
	size_t			 nsections;
	size_t			 capsections;
	struct doc_cell		*cells;		/* owned */
	size_t			 ncells;
	size_t			 capcells;
	struct doc_range	*speakers;	/* owned */
	size_t			 nspeakers;
	size_t			 capspeakers;
	size_t			 title;		/* first H1 block, or DOC_NONE */
	size_t			 byline;	/* byline block, or DOC_NONE */
	size_t			 nroots;	/* sections without a parent */
	unsigned int		 nlinks;
	unsigned int		 ntalks;
	bool			 complete;	/* doc_finish() was called */
};

/*
 * Returns a new, empty doc owned by the caller (free with doc_free()).
 * `name` is the file as the user gave it ("-" for standard input); the
 * title falls back to it when the article has no H1.
 */
struct doc	*doc_new(const char *name);
void		 doc_free(struct doc *);

/* Visible text of leaf `b`. */
const char	*doc_block_text(const struct doc *, size_t b, size_t *len);

/* The article's title: its first H1, else the file's name. */
const char	*doc_title(const struct doc *, size_t *len);

/*
 * The title of section `s`: its heading's text, or for the implicit section
 * the article's title when it is the only section and "(top)" otherwise.
 */
const char	*doc_section_title(const struct doc *, size_t s, size_t *len);

/* An index indents no deeper than this. */
#define DOC_INDENT_MAX	3

/*
 * How many steps the pager's index indents section `s`: its depth, one less
 * when the title is alone at the top and holds every other section, as a
 * trip report's H1 does, and never over DOC_INDENT_MAX.
 */
unsigned int	 doc_section_indent(const struct doc *, size_t s);

/*
 * The block that holds text offset `off`: the last to start at or before
 * it.  A container starts where its first leaf does and comes before it,
 * so this is a leaf wherever there is text.  DOC_NONE before any block.
 */
size_t		 doc_block_at(const struct doc *, size_t off);

/*
 * The text of the block that leaf `b` is part of, as far as [from, to)
 * reaches, into [*off, *end): a code block kept as several leaves
 * (DOC_CONTINUED) is one, its parts before `b` taken while they start
 * after `from`, those after it while they end before `to`.
 */
void		 doc_block_reach(const struct doc *, size_t b, size_t from,
		    size_t to, size_t *off, size_t *end);

/*
 * Where section `s` starts in the text; the text's end for s past the
 * last, so that section s spans [start(s), start(s + 1)).
 */
size_t		 doc_section_start(const struct doc *, size_t s);

/*
 * How many sections are final: all of them once the doc is complete, else
 * all but the last, whose blocks and speakers may still be to come.
 */
size_t		 doc_sections_final(const struct doc *);

/*
 * Find the speakers of section `s` from its opening as it is now, into
 * out[0..max), and return how many: what the doc records for `s` once
 * its opening is known.  For the benchmark, which times it alone.
 */
size_t		 doc_find_speakers(const struct doc *, size_t s,
		    struct doc_range *out, size_t max);

/* The section numbered talk `t`, or DOC_NONE. */
size_t		 doc_talk_section(const struct doc *, unsigned long t);

/* True for leaves, false for containers. */
bool		 doc_is_leaf(enum doc_kind);

/* URL of link or image span `sp`. */
const char	*doc_span_url(const struct doc *, const struct doc_span *,
		    size_t *len);

/*
 * Builder, for the loader.  Blocks are opened in document order and closed
 * in reverse; a leaf's text is appended between its open and its close.
 * doc_open() returns the new block's index; `level` is a heading's level or
 * an item's list depth, 0 otherwise.
 */
size_t		 doc_open(struct doc *, enum doc_kind, size_t parent,
		    unsigned int level);
/*
 * Close block `b`.  A paragraph longer than DOC_PART_MAX is cut into parts
 * there, the later ones new blocks right after it, DOC_NO_GAP and
 * DOC_CONTINUED; so the next block's index is read from the doc.
 */
void		 doc_close(struct doc *, size_t b);
void		 doc_add_text(struct doc *, const char *, size_t);
size_t		 doc_span_open(struct doc *, enum doc_span_kind);
void		 doc_span_close(struct doc *, size_t sp);
void		 doc_span_set_url(struct doc *, size_t sp, const char *,
		    size_t);

/*
 * Links and images are numbered as their spans open; a footnote takes
 * the next number when first referred to, and each of its marks and its
 * note carry it.
 */
unsigned int	 doc_link_number(struct doc *);
void		 doc_span_set_link(struct doc *, size_t sp, unsigned int n);

/*
 * A table is a leaf opened with its columns as `level`, whose text is
 * added a cell at a time: each opened with its column's alignment and
 * closed once its text and spans are in.  Rows are counted as they fill.
 */
void		 doc_cell_open(struct doc *, unsigned int align);
void		 doc_cell_close(struct doc *);

/* Cell `col` of row `row` of table block `b` (row 0 is the header). */
const struct doc_cell *doc_table_cell(const struct doc *, size_t b,
		    size_t row, size_t col);

/*
 * Declare the document complete: the last section is closed and its
 * speakers found.  Called once, after the last block.
 */
void		 doc_finish(struct doc *);

#endif
