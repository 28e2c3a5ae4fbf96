/*
 * talks: finds the presenters of a talk from what opens its section: the
 * grammar of names (talks-words.c, talks-names.c, talks-sentence.c,
 * talks-heading.c) and the policy that reads a section's
 * heading, labels and sentences with it (talks-find.c, talks_find()).
 * Pure functions from text to byte ranges of that text; no allocation, no
 * global state.  A wrong name is worse than none: where nothing clearly
 * names a presenter, no speaker is returned.
 */
#ifndef OLSREAD_TALKS_H
#define OLSREAD_TALKS_H

#include <stdbool.h>
#include <stddef.h>

/* A name, as a byte range of the text it was found in. */
struct talks_name {
	size_t	 off;
	size_t	 len;
};

/*
 * Find the speakers named at the start of `text` (`len` bytes of UTF-8), the
 * first paragraph of a section: "Rik van Riel discussed ...", "Robert Love's
 * talk covered ...", "X and Y presented ...".  Stores at most `max` names in
 * `out`, as written in the text (without a possessive "'s"), and returns how
 * many it stored: 0 when the opening is not clearly a speaker's.
 */
size_t	 talks_from_sentence(const char *text, size_t len,
	    struct talks_name *out, size_t max);

/*
 * Find the speakers named by a section heading of a recognised shape, such
 * as "Title (Name)", "Title - Name" or "Name: Title".  A heading that names
 * a reporter rather than a speaker ("(report by Name)") gives none.  Same
 * conventions as talks_from_sentence().
 */
size_t	 talks_from_heading(const char *text, size_t len,
	    struct talks_name *out, size_t max);

/*
 * As talks_from_heading(), and sets *leading when the names open the
 * heading ("Jane Roe: Title", "Jane Roe — Title"): a shape that titles
 * take too ("Typed Ember: Strong Types"), so the names want a second sign
 * from the section before they are believed.
 */
size_t	 talks_heading(const char *text, size_t len, struct talks_name *out,
	    size_t max, bool *leading);

/*
 * As talks_from_sentence(), for a sentence later in a section's opening:
 * only a verb of presenting counts ("presented", "gave", "talked"), since
 * there "Jane Roe asked" is more often someone in the audience.
 */
size_t	 talks_from_later_sentence(const char *text, size_t len,
	    struct talks_name *out, size_t max);

/*
 * The names at byte `pos`, in the middle of a sentence, when the sentence
 * makes presenters of them: a talk just before ("a keynote from Jane
 * Roe", "the talk by A, B, and C"), or after them a possessive and a talk
 * noun ("Jane Roe's talk") or a verb of presenting ("Jane Roe and John
 * Doe shared", "..., Jane Roe, who discussed").  0 otherwise.
 */
size_t	 talks_presenter_at(const char *text, size_t len, size_t pos,
	    struct talks_name *out, size_t max);

/*
 * One capitalised word opening `text` as the subject of a reporting verb:
 * "Tim describes ...", "Jesse gave ...".  Too weak alone to name a
 * speaker; a sign that a name met elsewhere is a person.  Returns 1 and
 * sets *out, or 0.
 */
size_t	 talks_given_name(const char *text, size_t len,
	    struct talks_name *out);

/*
 * The list of names at byte `pos` of `text` ("Jane Roe", "A, B and C",
 * "Jane Roe (Acme)"), whatever follows; its end in *end.  0 if no name
 * starts there.
 */
size_t	 talks_names_at(const char *text, size_t len, size_t pos,
	    struct talks_name *out, size_t max, size_t *end);

/*
 * Whether a presenter label starts at byte `pos`: "Speaker:",
 * "Presenters:", "Presented by", "主讲人：".  Returns where its value
 * starts, or 0.
 */
size_t	 talks_label_at(const char *text, size_t len, size_t pos);

/*
 * Whether a table's header cell names a column of presenters: "Speaker",
 * "Speaker(s)", "Presenters", "主讲人" -- a label of talks_label_at(),
 * whole, without its colon.
 */
bool	 talks_is_presenter_header(const char *text, size_t len);

/*
 * The names after the first "given by", "presented by", "led by" (and
 * such) in `text` that is followed by names: "The keynote was given by
 * Jane Roe."
 */
size_t	 talks_by(const char *text, size_t len, struct talks_name *out,
	    size_t max);

/*
 * Whether `s` holds an apostrophe, typed or typeset ("Roe's", "Roe’s"):
 * every possessive needs one, and most text has none.
 */
bool	 talks_has_apostrophe(const char *s, size_t len);

/* Names one section may have at the most. */
#define TALKS_FOUND_MAX		32

/* Blocks of a section's opening read, after its heading, at the most. */
#define TALKS_FIND_BLOCKS	32

/* What a stretch of a block's text is, as talks_find() reads it. */
enum talks_mark_kind {
	TALKS_MARK_LINK,	/* a link's text */
	TALKS_MARK_STRONG,	/* bold: "**Speaker:**" */
	TALKS_MARK_HIDDEN,	/* code: no name in it */
	TALKS_MARK_EMPH		/* emphasis, <small> or <em> in HTML */
};

struct talks_mark {
	size_t			 off;	/* in the block's text */
	size_t			 len;
	enum talks_mark_kind	 kind;
};

enum talks_block_kind {
	TALKS_BLOCK_PARAGRAPH,
	TALKS_BLOCK_ITEM,	/* in a list */
	TALKS_BLOCK_QUOTE,	/* in a block quote */
	TALKS_BLOCK_CELL,	/* a table's cell in a column of presenters,
				 * under a header such as "Speaker" */
	TALKS_BLOCK_HEADING	/* a heading: the section's own, or its first
				 * sub-heading when the section has no text */
};

/* One block of a section's opening: its visible text and its marks. */
struct talks_block {
	const char			*text;
	size_t				 len;
	const struct talks_mark		*marks;		/* sorted by off */
	size_t				 nmarks;
	enum talks_block_kind		 kind;
};

/*
 * A name found, as a byte range of blocks[block].text, or of the byline's
 * text where block is TALKS_FOUND_BYLINE.
 */
struct talks_found {
	size_t	 block;
	size_t	 off;
	size_t	 len;
};

#define TALKS_FOUND_BYLINE	((size_t)-1)

/*
 * The presenters of one section: blocks[0] is its heading (len 0 if it has
 * none), blocks[1..nblocks) its opening, up to its first sub-heading;
 * `byline` the article's byline (NULL if none), whose names are its
 * writers'.  Every name of the heading and opening is a candidate, weighed
 * on its place and what surrounds it (talks-weights.h).  Where none is
 * kept and the opening tells of the writer's own talk ("I presented my
 * paper at the workshop"), the byline's one author is the presenter.
 * Stores at most `max` names, each once, in the order they were first met,
 * and returns how many.
 */
size_t	 talks_find(const struct talks_block *blocks, size_t nblocks,
	    const char *byline, size_t bylen, struct talks_found *out,
	    size_t max);

/*
 * For the tests: whether the module's word tables are in order, without
 * repeats, and small enough for their hashes.
 */
bool	 talks_tables_ok(void);

#endif
