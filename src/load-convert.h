/*
 * The converter's insides: a cmark tree to doc records, the loader's last
 * stage.  Shared by its files and by the job that hands them each tree,
 * and by nothing else (the lint checks that only the loader's files that
 * use cmark include it).  Its files, from the top down, each calling only
 * those below it:
 *	load-tree.c	the dispatcher over cmark's node kinds: containers,
 *			leaves, block HTML; tables and notes handed on
 *	load-table.c	pipe tables, found in the paragraphs cmark gives
 *	load-notes-list.c  footnotes listed, as blocks
 *	load-inline.c	a leaf's inlines: text, spans, inline HTML
 *	load-notes.c	footnotes: their definitions taken out of the tree,
 *			their references marked
 *	load-leaf.c	leaves, the stack of spans, a text converted again
 *	load-source.c	the source's lines, by cmark's numbering
 * What a file below reads again as blocks (a table's rest, a note's
 * blocks) is converted by the dispatcher, through st->convert.
 */
#ifndef OLSREAD_LOAD_CONVERT_H
#define OLSREAD_LOAD_CONVERT_H

#include <stdbool.h>
#include <stddef.h>

#include <cmark.h>

#include "doc.h"
#include "html.h"
#include "load-private.h"
#include "util.h"

struct load_state;

/* Convert one block of a tree, and all it holds, into doc records. */
typedef void	 load_block_fn(struct load_state *, cmark_node *block);

/* A line of the source: where it starts, and its number. */
struct load_mark {
	size_t			 off;
	int			 line;
};

/*
 * The text cmark parsed, for what its tree does not say (tables, notes).
 * A line is found by walking from the last line found or from the mark
 * before it: marks are kept every few lines (load-source.c says how many),
 * made in one pass the first time a line is asked for.  Any line costs
 * a walk over a few lines, and the marks a small part of the text.
 */
struct load_source {
	const char		*s;		/* borrowed: the piece's text */
	size_t			 len;
	int			 first;		/* cmark's line of s[0] */
	int			 last;		/* and of its last line */
	bool			 pipes;		/* tables are looked for: s
						   holds a '|' */
	struct load_mark	*marks;		/* owned: in order, or NULL
						   till asked */
	size_t			 nmarks;
	struct load_mark	 at;		/* the last line found */
	int			*piped;		/* owned: the lines that hold
						   a '|', in order, or NULL
						   till asked */
	size_t			 npiped;
};

enum load_frame_kind {
	LOAD_FRAME_CONTAINER,	/* a quote or item that made a doc block */
	LOAD_FRAME_FLAT,	/* a container past DOC_MAX_DEPTH */
	LOAD_FRAME_LIST
};

/* One open cmark container. */
struct load_frame {
	enum load_frame_kind	 kind;
	size_t			 parent;	/* doc parent before this one */
	unsigned long		 number;	/* list: next item's number */
	unsigned int		 digits;	/* list: widest number */
	char			 delim;		/* list: '.', ')' or 0 */
	bool			 tight;		/* list */
	bool			 has_leaf;	/* list: a leaf was seen in it */
};

/*
 * What follows a table in a quote or item from a lazy line on: cmark
 * reads the line as the paragraph's, GFM as ending the table and every
 * container the line lacks the prefix of.  It is parsed again from its
 * lines, in the container `anchor` when `inside`, else after `anchor`, a
 * top-level block; cmark's reading of those lines is skipped.
 */
struct load_rest {
	cmark_node	*anchor;	/* borrowed */
	bool		 inside;
	struct buf	 text;		/* definitions, then the lines */
	int		 from_line;	/* the lines' first in text */
};

/* A span an inline HTML start tag opened: its place in the stack, its tag. */
struct load_html {
	size_t		 at;		/* index in load_state.spans */
	char		 name[HTML_NAME_MAX];
};

struct load_state {
	struct doc		*doc;		/* borrowed: being built */
	struct load_frame	*frames;	/* owned */
	size_t			 nframes;
	size_t			 capframes;
	size_t			*spans;		/* owned: open spans */
	size_t			 nspans;
	size_t			 capspans;
	struct load_html	*html;		/* owned: spans HTML opened */
	size_t			 nhtml;
	size_t			 caphtml;
	size_t			 parent;	/* innermost doc container */
	size_t			 leaf;		/* open leaf, or DOC_NONE */
	size_t			 tight_with_leaf; /* such lists on the stack */
	unsigned int		 containers;	/* container frames open */
	unsigned int		 lists;		/* list frames open */
	bool			 flattened;
	bool			 any_leaf;
	bool			 smart;		/* CMARK_OPT_SMART */
	bool			 after_html;	/* inline HTML last: a blank
						   may be held back */
	struct load_source	 src;		/* what cmark parsed */
	load_defs_fn		*defs;		/* the definitions a table's
						   cells may use */
	void			*defs_arg;
	/* A strike whose closer is in a later text of its parent. */
	cmark_node		*strike_node;	/* borrowed: the closer's text,
						   or NULL */
	size_t			 strike_left;	/* from the closer to its end */
	size_t			 strike_run;	/* its tildes */
	size_t			 strike_span;	/* the strike on the stack */
	cmark_node		*strike_none[3]; /* borrowed: the parent with
						   no closer of that length
						   left */
	int			 unclosed_line;	/* cmark's line of an HTML
						   comment never closed, or
						   0 */
	struct load_notes	*notes;		/* owned: footnotes, or NULL */
	struct load_rest	*rest;		/* owned: from the last table
						   converted, or NULL */
	cmark_mem		*mem;		/* borrowed: the tree's */
	/*
	 * The dispatcher's load_convert_block(), set by load_state_init():
	 * a table's rest and a note's blocks are blocks again, with tables
	 * and notes in them, and the files that find them are below the
	 * dispatcher, which they must not call by name.
	 */
	load_block_fn		*convert;
};

/* load-source.c, the source's lines. */

/*
 * The text of the next tree to convert: `len` bytes at `src`, which
 * starts on cmark's line `line` (after a prelude of definitions).
 */
void	 load_state_source(struct load_state *, const char *src, size_t len,
	    int line);

/* What was found of the source, let go of. */
void	 load_source_release(struct load_source *);

/* Line `line` of the source, as cmark numbers them, with no newline. */
bool	 load_source_line(struct load_state *, int line, const char **s,
	    size_t *len);

/*
 * The lines of the source that hold `needle` (not empty), in cmark's
 * numbering, each once, in order, into `*lines` (owned by the caller);
 * their count.
 */
size_t	 load_source_lines_with(struct load_state *, const char *needle,
	    int **lines);

/* Whether one of the `n` sorted `lines` is in [from, to]. */
bool	 load_lines_meet(const int *lines, size_t n, int from, int to);

/*
 * Whether node `n` may be a table as far as its lines tell: tables are
 * looked for in this source, and one of its lines holds a '|'.
 */
bool	 load_source_piped(struct load_state *, cmark_node *n);

/* load-leaf.c, the primitives. */

/*
 * A leaf opened as a doc block, for its text, and closed; a heading
 * opened here lists no notes (load-tree.c's do).
 */
void	 load_leaf_open(struct load_state *, enum doc_kind, unsigned int level);
void	 load_leaf_close(struct load_state *);

/* Open a span of `kind` on the stack; a link's or image's URL `url`. */
void	 load_span_push(struct load_state *, enum doc_span_kind,
	    const char *url);
void	 load_span_close(struct load_state *);

/* The strike open across inline nodes ends: the spans opened in it too. */
void	 load_strike_close(struct load_state *);

/* Close the spans inline HTML opened from the stack's index `at` up. */
void	 load_html_close_above(struct load_state *, size_t at);

/*
 * Parse `len` bytes at `text` as an article of their own, and convert its
 * top-level blocks from line `from_line` on (through st->convert), their
 * tables read from the text.
 */
void	 load_convert_text(struct load_state *, const char *text, size_t len,
	    int from_line);

/* load-notes.c, footnotes found and marked. */

struct load_note {
	char		*label;		/* owned: as written, after '^' */
	cmark_node	*def;		/* the definition's paragraph, taken
					   out of the tree; or NULL */
	cmark_node	*more;		/* the blocks indented under it, as
					   cmark read them: indented code */
	char		*text;		/* owned: or its text, when cmark read
					   the definition as a link's */
	unsigned int	 number;	/* 0 until a reference names it */
	bool		 listed;
};

/* A note by its label, to look it up: notes[i] is the i-th defined. */
struct load_key {
	const char	*label;		/* borrowed: the note's */
	size_t		 i;
};

struct load_notes {
	struct load_note	*v;		/* owned: in the article's order */
	size_t			 n;
	size_t			 cap;
	struct load_key		*keys;		/* owned: sorted by label, then
						   order */
	size_t			 nkeys;
	size_t			 capkeys;
	size_t			*pending;	/* owned: named, not listed */
	size_t			 npending;
	size_t			 cappending;
	bool			 flushing;	/* listing notes: a heading in
						   a note lists no more */
	bool			 gap;		/* the last note listed had
						   blocks under it */
};

/* The first definition of `label`, `len` bytes, or NULL. */
struct load_note *load_note_find(struct load_notes *, const char *label,
	    size_t len);

/*
 * Take the footnote definitions out of the tree under `root`, before it
 * is converted, when its source holds "[^".
 */
void	 load_notes_find(struct load_state *, cmark_node *root);

/* Text `s`, its references to footnotes made note marks. */
void	 load_notes_text(struct load_state *, const char *s, size_t len);

/*
 * If `link` is a reference to a footnote whose definition cmark read as
 * a link's ("[^label]: URL"), mark it as a note's and return true.
 */
bool	 load_notes_link(struct load_state *, cmark_node *link);

void	 load_notes_free(struct load_state *);

/* load-inline.c, a leaf's inlines. */

/* The inlines of paragraph `para`, not the paragraph: into the open leaf. */
void	 load_inlines(struct load_state *, cmark_node *para);

/* Turn one iterator event on an inline node into doc text and spans. */
void	 load_inline_event(struct load_state *, cmark_node *, cmark_node_type,
	    bool enter);

/*
 * Inline HTML: node `n`'s literal, or a tag `read` from an HTML block, of
 * role `role`.
 */
void	 load_html_inline(struct load_state *, cmark_node *n,
	    const struct html_tag *read, enum html_role role);

/* An end tag closes its element if it is open above the Markdown's spans. */
void	 load_html_end(struct load_state *, const struct html_tag *);

/* The span of an inline element of role `role`, named `name`. */
void	 load_html_push(struct load_state *, enum html_role role,
	    const char *name, const char *href);

/* load-notes-list.c, footnotes listed. */

/* List the notes referred to since the last list, as blocks. */
void	 load_notes_flush(struct load_state *);

/*
 * The tree is done with: with `last` (the article ends with it), list the
 * notes not listed yet, every definition included.
 */
void	 load_notes_end(struct load_state *, bool last);

/* load-table.c, pipe tables. */

/*
 * If paragraph `para` of the tree holds a pipe table (the text at its
 * lines, as cmark-gfm reads it), convert it as a table (with the lines
 * before and after it) and return true; else do nothing.  Lines after it
 * that GFM reads outside its containers are left in st->rest.
 */
bool	 load_table(struct load_state *, cmark_node *para);

/* Convert a table's rest (st->rest, taken) and free it. */
void	 load_table_rest(struct load_state *, struct load_rest *);

/* load-tree.c, the dispatcher. */

/* A state to convert trees into `d`; load_state_release() lets it go. */
void	 load_state_init(struct load_state *, struct doc *);
void	 load_state_release(struct load_state *);

/* Convert one block of a tree, and all it holds, into doc records. */
void	 load_convert_block(struct load_state *, cmark_node *block);

/*
 * Convert the tree under `root` into doc records, from the top-level
 * block that starts on line `from_line` on, freeing each block once
 * converted, and the root last.
 */
void	 load_convert(struct load_state *, cmark_node *root, int from_line);

/* A leaf of the text `s`, not from the parser. */
void	 load_made_leaf(struct load_state *, enum doc_kind, unsigned int level,
	    const char *s);

#endif
