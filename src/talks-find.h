/*
 * talks-find: what the three stages of the speakers finder share.  The
 * candidates stage (talks-candidates.c, with talks-credits.c for the
 * lines of programmes and minutes) finds the names a section's
 * opening holds and the place each stands in; the evidence stage
 * (talks-evidence.c) looks around each for what makes a presenter of it
 * or not; talks-find.c weighs what was found (talks-weights.h) and keeps
 * the names above the threshold.
 */
#ifndef OLSREAD_TALKS_FIND_H
#define OLSREAD_TALKS_FIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "talks.h"

/*
 * What may be known of a candidate: its place, and what surrounds it.
 * Each is weighed in talks-weights.h, which says what it stands for.
 */
enum talks_cue {
	/* Places, and the shapes read there. */
	TALKS_CUE_HEADING,		/* "Title - Name", "Title (Name)" */
	TALKS_CUE_HEADING_LEAD,		/* "Name: Title", "Name — Title" */
	TALKS_CUE_HEADING_NAME,		/* the heading is only the name */
	TALKS_CUE_HEADING_REPORT,	/* "Storage (report by Name)" */
	TALKS_CUE_TITLE_SET_APART,	/* after it a linked or quoted title */
	TALKS_CUE_LABEL,		/* "Speaker: Name", "主讲人：" */
	TALKS_CUE_HANDLE,		/* "Name - @handle" */
	TALKS_CUE_ENTRY,		/* "**Name** Title", "Name: [Title]" */
	TALKS_CUE_BY_LINE,		/* "**[Title](...)**" then "by Name" */
	TALKS_CUE_BRACKETED,		/* "Topic [Name]" closing a line */
	TALKS_CUE_LISTING,		/* one of several entries, linked */
	TALKS_CUE_SUBJECT,		/* "Name discussed" opens the text */
	TALKS_CUE_LATER_SUBJECT,	/* "Name presented" later on */
	TALKS_CUE_GIVEN_BY,		/* "The keynote was given by Name" */
	TALKS_CUE_ITEM_ALONE,		/* a list item that is only the name */
	TALKS_CUE_PROSE,		/* a name in the opening's sentences */
	/* What surrounds it. */
	TALKS_CUE_TALK_NEAR,		/* "a talk on X by Name", "Name's talk" */
	TALKS_CUE_PRESENTING,		/* mid-sentence, "Name presented" */
	TALKS_CUE_INTRODUCED,		/* "we heard from Name", "then came" */
	TALKS_CUE_TALKING,		/* after it, "talking about" */
	TALKS_CUE_AFFILIATION,		/* "Name (Acme)", "Name from Acme" */
	TALKS_CUE_LINKED,		/* the name is a link's text */
	TALKS_CUE_NAMED_AGAIN,		/* in full, or its first name as a
					 * subject, elsewhere in the section */
	TALKS_CUE_SURNAME,		/* its last word again, alone */
	TALKS_CUE_FIRST_PERSON,		/* under it, "I gave a talk" */
	/* Against it. */
	TALKS_CUE_THANKED,		/* "thanks to Name" */
	TALKS_CUE_ORGANISER,		/* "organised by Name" */
	TALKS_CUE_ASKING,		/* "Name asked" */
	TALKS_CUE_QUOTED,		/* "said Name", "according to Name" */
	TALKS_CUE_AUTHOR,		/* the article's byline names it */
	TALKS_CUE_QUOTE_BLOCK,		/* it stands in a block quote */
	TALKS_CUE_SHOUTED,		/* a label's word in capitals: "TBD" */
	TALKS_CUE_BESIDE_STRUCTURE,	/* prose, where the heading or a label
					 * names presenters already */
	TALKS_CUE_LATER_PARAGRAPH,	/* prose past a paragraph that names
					 * a presenter */
	TALKS_NCUES
};

#define TALKS_CUE(c)		((uint64_t)1 << (c))

/* The cues of a name's place that are the opening's structure. */
#define TALKS_STRUCTURE	(TALKS_CUE(TALKS_CUE_HEADING) |			\
	TALKS_CUE(TALKS_CUE_HEADING_LEAD) | TALKS_CUE(TALKS_CUE_LABEL) |	\
	TALKS_CUE(TALKS_CUE_HANDLE) | TALKS_CUE(TALKS_CUE_ENTRY) |		\
	TALKS_CUE(TALKS_CUE_BY_LINE) | TALKS_CUE(TALKS_CUE_BRACKETED) |		\
	TALKS_CUE(TALKS_CUE_HEADING_REPORT))

/* Candidates one section may have at the most. */
#define TALKS_CANDS_MAX		64

/* A name found in the opening, and what is known of it. */
struct talks_cand {
	size_t		 block;		/* in the blocks */
	size_t		 off;		/* of the name, in the block's text */
	size_t		 len;
	size_t		 list;		/* where its list of names starts */
	size_t		 end;		/* where that list ends */
	uint64_t	 cues;		/* TALKS_CUE() bits */
	int		 score;
};

struct talks_cands {
	struct talks_cand	 v[TALKS_CANDS_MAX];
	size_t			 n;
};

/* What the stages read: the section's blocks, and the article's byline. */
struct talks_opening {
	const struct talks_block	*blocks;
	size_t				 nblocks;
	const char			*byline;	/* or NULL */
	size_t				 bylen;
};

/* Bytes of a block read, at the most. */
#define TALKS_FIND_BYTES	2048

/* talks-opening.c: reading the blocks of an opening. */

/* How much of a block is read. */
size_t	 talks_block_len(const struct talks_block *);
/* The start of the next sentence after p, or len. */
size_t	 talks_next_sentence(const char *s, size_t len, size_t p);
/* The start of the next line after p, or len. */
size_t	 talks_next_line(const char *s, size_t len, size_t p);
/* Whether a name may start at p: a capital, or a letter beyond ASCII. */
bool	 talks_may_name(const char *s, size_t len, size_t p);
/* Whether a sentence at p may open with the speakers, before the grammar
 * is asked. */
bool	 talks_may_subject(const char *s, size_t len, size_t p);
/* Whether a link's text overlaps [p, e) of block `b`. */
bool	 talks_is_linked(const struct talks_block *b, size_t p, size_t e);
/* Add the names found in block bi, a list [list, end), with `cues`. */
void	 talks_add_names(struct talks_cands *, size_t bi,
	    const struct talks_name *names, size_t n, size_t list, size_t end,
	    uint64_t cues);
/* The link whose text starts at p of block `b`, or NULL. */
const struct talks_mark *talks_link_at(const struct talks_block *b, size_t p);
/* The end of the line [p, e) of `s` without its trailing blanks and newline. */
size_t	 talks_line_end(const char *s, size_t p, size_t e);
/* Whether code, which names nobody, overlaps [p, e) of block `b`. */
bool	 talks_is_code(const struct talks_block *b, size_t p, size_t e);
/* Whether `word` occurs in `b` as a whole word, at or after `from`;
 * where, or (size_t)-1. */
size_t	 talks_word_in(const struct talks_block *b, size_t from,
	    const char *word, size_t wlen);

/*
 * Add the name [off, off + len) of block `block`, in a list [list, end),
 * with `cues`.  Returns it, or NULL when the candidates are full.
 */
struct talks_cand *talks_cand_add(struct talks_cands *, size_t block,
	    size_t off, size_t len, size_t list, size_t end, uint64_t cues);

/*
 * talks-credits.c: lines that credit a talk to its presenters, from p in
 * block bi (to e, the line's end): "Jane Roe - @jroe", "Demo [Jane Roe]",
 * a title then "by Jane Roe".
 */
void	 talks_find_handles(const struct talks_opening *, size_t bi, size_t p,
	    struct talks_cands *);
void	 talks_find_bracketed(const struct talks_opening *, size_t bi,
	    size_t p, size_t e, struct talks_cands *);
void	 talks_find_by_line(const struct talks_opening *, size_t bi, size_t p,
	    struct talks_cands *);
/*
 * A line [p, eol) of block `b` that is one link, "[Title - Jane Roe, Acme
 * and John Doe, Initech](...)": a programme's entry.  Returns how many
 * names it credits, stored in `names`.
 */
size_t	 talks_linked_credit(const struct talks_block *b, size_t p,
	    size_t eol, struct talks_name *names, size_t max);
/*
 * An item's line [p, eol) that is a title, then its presenters in a
 * parenthesis, then perhaps its links: "Closing Loops (Jane Roe) -
 * [MP4](...)"; *vouched when a link follows.  Returns how many names.
 */
size_t	 talks_paren_credit(const struct talks_block *b, size_t p,
	    size_t eol, struct talks_name *names, size_t max, bool *vouched);

/* talks-candidates.c: the names of the opening, with their places. */
void	 talks_candidates(const struct talks_opening *, struct talks_cands *);

/*
 * The presenters read at a list of names, kept while the candidates of
 * that list are weighed one after another: a programme's list of ten
 * names is read once, not once a name.  block is SIZE_MAX when empty.
 */
struct talks_presenters {
	size_t			 block;
	size_t			 list;
	size_t			 n;
	struct talks_name	 names[TALKS_FOUND_MAX];
};

/* talks-evidence.c: the cues of a candidate's place, what surrounds it. */
void	 talks_evidence_around(const struct talks_opening *,
	    struct talks_cand *, struct talks_presenters *);
/* The cues of the name wherever it stands: met again, the byline's. */
void	 talks_evidence_name(const struct talks_opening *,
	    struct talks_cand *);
/* Whether the opening tells of the writer's own talk: "I presented my
 * paper at the workshop". */
bool	 talks_evidence_own_talk(const struct talks_opening *);

#endif
