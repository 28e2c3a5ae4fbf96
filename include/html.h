/*
 * html: one piece of raw HTML as the Markdown parser hands it over inline
 * -- a start tag, an end tag, a comment, a processing instruction, a
 * declaration or a CDATA section -- read for what a reader needs: the tag's
 * name and the few attributes olsread uses (href, src, alt), their
 * character references decoded.  Nothing else of an attribute is kept.
 * Pure and bounded: no allocation beyond the caller's struct.
 */
#ifndef OLSREAD_HTML_H
#define OLSREAD_HTML_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

#define HTML_NAME_MAX	16	/* bytes of a tag name kept, NUL included */
#define HTML_VALUE_MAX	2048	/* bytes of an attribute value kept */
#define HTML_TAG_MAX	4096	/* bytes a tag may span; past it, "<" is text */

enum html_kind {
	HTML_OTHER,		/* a comment, <?...?>, <!...>, CDATA, or no tag */
	HTML_START,		/* <name ...> */
	HTML_EMPTY,		/* <name .../> */
	HTML_END		/* </name> */
};

struct html_tag {
	enum html_kind	 kind;
	char		 name[HTML_NAME_MAX];	/* lower case; "" if too long */
	char		 href[HTML_VALUE_MAX];	/* "" when absent */
	char		 src[HTML_VALUE_MAX];
	char		 alt[HTML_VALUE_MAX];
};

/* What an inline element is to a reader. */
enum html_role {
	HTML_DROP,		/* the tag goes, its text stays: <span>, <p> */
	HTML_CODE,		/* <code> <kbd> <samp> <tt> <var> */
	HTML_STRONG,		/* <b> <strong> */
	HTML_EMPH,		/* <i> <em> <cite> <dfn> <sup> <sub> <small>
				   <q> */
	HTML_STRIKE,		/* <s> <del> <strike> */
	HTML_MARK,		/* <mark> */
	HTML_UNDERLINE,		/* <u> <ins> */
	HTML_LINK,		/* <a href> */
	HTML_IMAGE,		/* <img alt src> */
	HTML_BREAK		/* <br> */
};

/* Read the `len` bytes of raw HTML at `s` into `tag`. */
void		 html_tag(const char *s, size_t len, struct html_tag *tag);

/* The role of the element named `name` (lower case). */
enum html_role	 html_role(const char *name);

/*
 * An HTML block read as a browser reads it, a token at a time: text, a
 * tag, or what is dropped (comments, <?...?>, <!...>, and the content of
 * <script> and <style>).
 */
enum html_token_kind {
	HTML_TOKEN_TEXT,
	HTML_TOKEN_TAG,
	HTML_TOKEN_DROP
};

struct html_token {
	enum html_token_kind	 kind;
	size_t			 off;	/* of the token in the block */
	size_t			 len;
	struct html_tag		 tag;	/* HTML_TOKEN_TAG */
};

/* An HTML block being read. */
struct html_reader {
	const char	*s;		/* borrowed */
	size_t		 len;
	size_t		 p;		/* the next token's */
	size_t		 none[4];	/* no "-->", "]]>", "?>", ">" from
					   here on: each is looked for once */
	size_t		 unclosed;	/* where a comment never closed
					   opens, or `len`: it hides the
					   rest, as in a browser */
};

void		 html_reader_init(struct html_reader *, const char *s,
		    size_t len);

/* The next token; false at the end. */
bool		 html_next(struct html_reader *, struct html_token *);

/*
 * Whether the element named `name` (lower case) breaks the text as a block
 * does: <p>, <div>, <li>, <tr>, ... (headings, <pre> and <hr> aside).
 */
bool		 html_is_block(const char *name);

/*
 * Append the `len` bytes of HTML text at `s` to `out`, its character
 * references decoded; with `collapse`, each run of white space as one
 * blank, given only before more text: `*space` says one is owed (the
 * caller clears it where no blank may come, at a paragraph's start), and
 * is left saying whether the text ended owing one.
 */
void		 html_text(const char *s, size_t len, bool collapse,
		    bool *space, struct buf *out);

#endif
