/*
 * prescan: one linear pass over a whole article, before it is parsed, that
 * finds where it may be cut into pieces that parse, one by one, exactly as
 * the whole does.  The pass follows the block structure as cmark builds it
 * (quotes, lists and items, lazy lines, fences, indented code, the seven
 * kinds of HTML block), and a cut goes before an ATX heading at the top
 * level: every block before it is closed there.  Link reference
 * definitions are global in CommonMark, so the pass also finds the
 * paragraphs that may open with them; the loader has cmark say which lines
 * really define, and gives every piece those it may use first.
 *
 * Where the pass cannot be sure (a paragraph in a quote or a list item
 * that may open with a definition, one that a setext underline may or may
 * not make a heading, nesting deeper than it follows), it says so, and the
 * article is parsed whole.  No cmark here: it is plain byte scanning.
 */
#ifndef OLSREAD_PRESCAN_H
#define OLSREAD_PRESCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct prescan_scan;

/* A byte range of the article. */
struct prescan_range {
	size_t	 off;
	size_t	 len;
};

struct prescan {
	size_t			*cuts;		/* owned: offsets, increasing */
	size_t			 ncuts;
	size_t			 capcuts;
	struct prescan_range	*defs;		/* owned: paragraphs at the top
						   level that may open with
						   definitions, whole */
	size_t			 ndefs;
	size_t			 capdefs;
	bool			 unsure;	/* no cut or definition past
						   `scanned` is known */
	size_t			 scanned;	/* lines read up to here */
	size_t			 looked;	/* and a line's end looked for */
	bool			 done;		/* to the end */
	struct prescan_scan	*scan;		/* owned: the pass under way */
};

void	 prescan_init(struct prescan *);
void	 prescan_release(struct prescan *);

/*
 * Scan `len` bytes of valid UTF-8 with LF line ends (as the sanitiser
 * leaves them) into `ps`, whole.  Unsure, it finds nothing.
 */
void	 prescan_run(struct prescan *ps, const char *s, size_t len);

/*
 * The same as the article comes in: `s` is all of it so far, `len` bytes,
 * and each call reads on, over the lines that are whole, from where the
 * last stopped (ps->scanned); prescan_finish() reads the rest as the
 * article's end.  Unsure, it stops, and what it found before stands.
 */
void	 prescan_feed(struct prescan *ps, const char *s, size_t len);
void	 prescan_finish(struct prescan *ps, const char *s, size_t len);

/*
 * Whether line `s` (`len` bytes, no newline, its containers' prefixes
 * taken off) opens a block where no paragraph is open to go on: indented
 * code, a quote, an ATX heading, a fence, a thematic break, a list item
 * (even an empty one, or one that starts at 2), an HTML block of the
 * first six kinds.  Such a line ends a table, which a line that only goes
 * on a paragraph does not.
 */
bool	 prescan_opens_block(const char *s, size_t len);

/*
 * Whether line `s` (`len` bytes, no newline, its containers' prefixes
 * taken off) is a setext heading's underline: up to three blanks, a run
 * of '=' or of '-', then blanks only.
 */
bool	 prescan_is_underline(const char *s, size_t len);

/*
 * How many of ps->defs are whole: the last may be a paragraph still
 * open, whose length is not known yet.
 */
size_t	 prescan_defs_closed(const struct prescan *ps);

/*
 * One link reference definition: where it is, and its label, folded and
 * hashed, so that a piece gets only the definitions it may use.
 */
struct prescan_def {
	size_t		 off;
	size_t		 len;
	uint64_t	 label;
	bool		 always;	/* a label the split could not read */
};

/*
 * Split `len` bytes at `s + off`, lines that cmark reads as definitions,
 * into one entry a definition, appended to `*defs`: each line that opens
 * with '[', after any blanks, starts one.  A destination or a title may
 * open a line with '[' too: the caller has cmark check that each entry
 * alone is definitions and nothing else.
 */
void	 prescan_split_defs(const char *s, size_t off, size_t len,
	    struct prescan_def **defs, size_t *n, size_t *cap);

/*
 * Whether the entry of `len` bytes at `s` (of prescan_split_defs()) is
 * surely one definition and nothing else when cmark reads it alone: one
 * line of a plain ASCII label, a plain destination, and maybe a quoted
 * title.  False says only that cmark must be asked.
 */
bool	 prescan_def_plain(const char *s, size_t len);

/*
 * The labels `len` bytes at `s` may refer to: the folded hash of the text
 * of every [...] in it, into `*refs`, sorted.  Folding is coarser than
 * cmark's matching of labels, so no label that cmark would match is
 * missed; some it would not match may be kept, which costs nothing.
 */
void	 prescan_refs(const char *s, size_t len, uint64_t **refs, size_t *n,
	    size_t *cap);

/*
 * The labels that `len` bytes at `s`, text not read by the prescan yet
 * (raw input, even), may define: the folded hash of the text of every
 * "[...]:" in it, wherever it is, appended to `*labels`.  A superset of
 * the labels of the definitions there, found at memchr's pace, so that a
 * label not among them is surely never defined there.  Returns how many
 * bytes at the end may hold a label not closed yet: the caller passes
 * them again in front of what follows, or, with `last`, none are held.
 */
size_t	 prescan_def_labels(const char *s, size_t len, bool last,
	    uint64_t **labels, size_t *n, size_t *cap);

/* Sort labels, as prescan_refs_has() looks them up. */
void	 prescan_sort_labels(uint64_t *labels, size_t n);

/*
 * The lowest bit of a label's hash says whether the label is all ASCII:
 * folding it takes lower case and blanks alone, as cmark's matching does,
 * so two such labels of one hash are one label to cmark too.  Folding
 * other text is coarser, and may meet an ASCII label ("ß" and "ss"): the
 * bit takes no part in whether two labels may match (prescan_refs_has()
 * leaves it out), only in whether they surely do.
 */
#define PRESCAN_EXACT	1u
bool	 prescan_refs_has(const uint64_t *refs, size_t n, uint64_t label);

#endif
