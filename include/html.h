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

#include <stddef.h>

#define HTML_NAME_MAX	16	/* bytes of a tag name kept, NUL included */
#define HTML_VALUE_MAX	2048	/* bytes of an attribute value kept */

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
	HTML_EMPH,		/* <i> <em> <cite> <dfn> <u> <ins> <mark> <sup>
				   <sub> <small> <s> <del> <strike> <q> */
	HTML_LINK,		/* <a href> */
	HTML_IMAGE,		/* <img alt src> */
	HTML_BREAK		/* <br> */
};

/* Read the `len` bytes of raw HTML at `s` into `tag`. */
void		 html_tag(const char *s, size_t len, struct html_tag *tag);

/* The role of the element named `name` (lower case). */
enum html_role	 html_role(const char *name);

#endif
