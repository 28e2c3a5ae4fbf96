/*
 * The template stage's insides, shared by its files and by nothing else.
 * Static sites keep in their Markdown what their generator replaces
 * before the Markdown is read: Liquid tags (Jekyll, Octopress), Hugo
 * shortcodes, kramdown's attribute lists, MDX's imports and JSX,
 * MkDocs's admonitions.  The
 * stage (load-template.c) gives the parser the Markdown the published
 * page was made from: each construct replaced by the Markdown that shows
 * what it means, its line count kept, so that lines are numbered as in
 * the file.  Its files, top to bottom, each calling only those below:
 *	load-template.c		the stage: whole lines from the sanitised
 *				text, code left alone, tags found, the
 *				blocks a tag opens followed to their end
 *	template-liquid.c	Liquid's and Octopress's tags
 *	template-hugo.c		Hugo's shortcodes
 *	template-kramdown.c	kramdown's attribute lists and extensions
 *	template-mdx.c		MDX's imports, exports and tabs
 *	template-mkdocs.c	MkDocs's admonitions ("!!! note")
 *	template-tag.c		a tag read: its name and arguments; what the
 *				rules write (code spans, links, fences)
 * No cmark here: the stage comes before the cut.
 */
#ifndef OLSREAD_TEMPLATE_H
#define OLSREAD_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* The kinds of opener a tag starts with ("{{<", "{%", ...). */
#define TPL_OPENERS		7

/* A tag's name, lower-cased, cut to this. */
#define TPL_NAME_MAX		32

/* Quotes and notices nested deeper than this are drawn at this depth. */
#define TPL_DEPTH_MAX		8

enum tpl_syntax {
	TPL_LIQUID,		/* {% name args %} */
	TPL_OUTPUT,		/* {{ expression }} */
	TPL_HUGO,		/* {{< name args >}} */
	TPL_HUGO_MD,		/* {{% name args %}} */
	TPL_HUGO_ESCAPED,	/* a shortcode escaped with comment marks
				   inside its delimiters */
	TPL_KRAMDOWN,		/* {: attributes }, {::name ... /} */
	TPL_MKDOCS		/* !!! kind "Title", its body indented:
				   no tag closes it, its indent does */
};

/* A tag found in a line. */
struct tpl_tag {
	enum tpl_syntax	 syn;
	const char	*s;		/* the whole tag */
	size_t		 len;
	const char	*body;		/* inside its delimiters, trimmed */
	size_t		 blen;
	char		 name[TPL_NAME_MAX]; /* its first word, lower case */
	const char	*args;		/* the rest of the body */
	size_t		 alen;
	bool		 closing;	/* Hugo's {{< /name >}}, kramdown's
					   {:/name} */
};

/* What a block opened by a tag is, until its closing tag. */
enum tpl_block {
	TPL_BLOCK_NONE,
	TPL_BLOCK_VERBATIM,	/* raw, highlight: lines as they are */
	TPL_BLOCK_DROP,		/* comment: lines dropped */
	TPL_BLOCK_QUOTE,	/* notice, blockquote: lines quoted */
	TPL_BLOCK_TEXT		/* a paired {{< >}} no rule knows: its
				   content as text, its tags read */
};

/* A block a tag opened: what closes it and what its end writes. */
struct tpl_open {
	enum tpl_syntax	 syn;		/* of the closing tag */
	char		 close[TPL_NAME_MAX]; /* its name */
	enum tpl_block	 block;
	char		 end[256];	/* written in place of the closing
					   tag: a fence, an attribution */
};

/* A closing shortcode ahead: where it starts in the text, its name. */
struct tpl_closer {
	size_t		 at;
	char		 name[TPL_NAME_MAX];
};

/*
 * The stage's input not yet given on, from the start of the line being
 * rewritten: where a shortcode's closing tag is looked for.  The closing
 * shortcodes in it are found once each and kept in order.
 */
struct tpl_ahead {
	const char	*s;		/* NULL: none to look in */
	size_t		 len;
	size_t		 base;		/* s[0]'s offset in the whole text */
	bool		 all;		/* it goes on to the text's end */
	struct tpl_closer *closer;	/* owned */
	size_t		 nclosers;
	size_t		 cap;
	size_t		 first;		/* the first not behind the walk */
	size_t		 scanned;	/* offset closers are found up to */
	size_t		 md_from;	/* Markdown's marks looked for from */
	size_t		 md_at;		/* up to here: the first, if found */
	bool		 md_found;
};

/* Bytes after a shortcode in which its closing tag is looked for. */
#define TPL_PAIR_BYTES		65536

/* The stage's state from line to line. */
struct tpl {
	struct tpl_open	 open[TPL_DEPTH_MAX]; /* blocks opened by tags */
	size_t		 nopen;
	size_t		 nquote;	/* TPL_BLOCK_QUOTE among them */
	char		 fence;		/* a Markdown fence open: '`', '~' */
	size_t		 fence_len;
	bool		 blank;		/* the line was blank */
	bool		 after_blank;	/* and the one before it */
	bool		 code;		/* the line was indented code */
	bool		 list;		/* a list item is open */
	bool		 html;		/* in a block of HTML, shown as
					   written: from a line that opens
					   with a tag up to a blank one */
	bool		 esm;		/* in an MDX import or export */
	size_t		 line;		/* lines done, from 0 */
	size_t		 line_mark;	/* where the output line's text
					   starts, past its quote marks */
	bool		 as_text;	/* the line holds a shortcode's
					   content as text */
	struct tpl_ahead ahead;
};

/* template-liquid.c */

/*
 * Liquid tag `tag` (TPL_LIQUID or TPL_OUTPUT) written to `out` as what it
 * shows; `in_dest` when it stands in a link's or image's destination.
 */
bool	 tpl_liquid(struct tpl *, const struct tpl_tag *tag, bool in_dest,
	    struct buf *out);

/* template-hugo.c */

bool	 tpl_hugo(struct tpl *, const struct tpl_tag *tag, bool in_dest,
	    struct buf *out);

/* template-kramdown.c */

/* A kramdown tag: attribute lists and comments go, nomarkdown's text stays. */
bool	 tpl_kramdown(struct tpl *, const struct tpl_tag *tag, bool in_dest,
	    struct buf *out);

/* template-pandoc.c */

/* The length of the attributes "{#id .class key=value}" `s` opens, or 0. */
size_t	 tpl_attributes_len(const char *s, size_t len);
/*
 * Attributes at `at` of line `s`, right after a span, a link, an image or
 * a code span: their length, to be left out, or 0 if none are there.
 */
size_t	 tpl_pandoc_attributes(const char *s, size_t at, size_t len);
/*
 * A bracketed span's brackets taken off the end of `out`, written up to
 * the attributes that follow it.
 */
void	 tpl_pandoc_span(const struct tpl *, struct buf *out);

/* template-mdx.c */

/*
 * Whether line `s` (`len` bytes, no newline) at the top level opens or
 * goes on with an MDX import or export, which the page does not show.
 */
bool	 tpl_mdx_esm(struct tpl *, const char *s, size_t len);

/* An MDX <Tabs>, <TabItem label="..."> or its end, rewritten; false if none. */
bool	 tpl_mdx_tabs(const char *s, size_t len, struct buf *out);

/* template-mkdocs.c */

/*
 * Line `s` (`*len` bytes) inside the admonitions open, their body's
 * indent taken off; those it is indented less than have ended.
 */
const char	*tpl_mkdocs_body(struct tpl *, const char *s, size_t *len);

/*
 * Whether the line that `s` starts (`len` bytes of input from it) may be
 * rewritten: a blank one in an admonition waits for the next line that is
 * not blank, which says whether the admonition goes on.
 */
bool	 tpl_mkdocs_ready(const struct tpl *, const char *s, size_t len,
	    bool eof);

/* An admonition opened by line `s`, its title written; false if none. */
bool	 tpl_mkdocs_open(struct tpl *, const char *s, size_t len,
	    struct buf *out);

/* template-tag.c */

/* Backtick runs longer than this open no code span, as in cmark. */
#define TPL_TICKS_MAX		1000

/*
 * Where something is first found at or after offset `from` of a line:
 * `at`, or the line's length if nowhere.  The walk goes forward, so a
 * later search from before `at` has its answer here, and each byte is
 * looked at about once.
 */
struct tpl_memo {
	size_t		 from;		/* SIZE_MAX: nothing looked for */
	size_t		 at;
};

/*
 * A line, or lines a tag goes on over, that tags are read in; for each
 * kind of opener, where its closer was last found, and where a newline
 * and a backtick were, so that openers further on do not look again.
 */
struct tpl_line {
	const char	*s;
	size_t		 len;
	struct tpl_memo	 close[TPL_OPENERS];
	struct tpl_memo	 nl;
	struct tpl_memo	 tick;
	struct tpl_memo	 anydollar;	/* math's closers: "$", */
	struct tpl_memo	 dollar;	/* a "$" that may close "$...$", */
	struct tpl_memo	 ddollar;	/* "$$", "\)", "\]" */
	struct tpl_memo	 paren;
	struct tpl_memo	 bracket;
	size_t		*ticks;		/* owned: where the last run of each
					   length up to TPL_TICKS_MAX starts,
					   once a code span's search found
					   no closer; NULL before */
	size_t		 nticks;
};

void	 tpl_line_init(struct tpl_line *, const char *s, size_t len);
void	 tpl_line_release(struct tpl_line *);
/*
 * Where the `n` bytes at `p` are first found at or after `from` in `ln`,
 * or its length: by the memo `m` when it knows.
 */
size_t	 tpl_line_find(const struct tpl_line *ln, struct tpl_memo *m,
	    size_t from, const char *p, size_t n);
/*
 * template-math.c: TeX math at `at` of `ln` ("$", "$$", "\(" or "\["):
 * its length in the line, the TeX in [*a, *b), or 0 if no math starts
 * there.
 */
size_t	 tpl_math(struct tpl_line *ln, size_t at, size_t *a, size_t *b);

/*
 * The tag at offset `at` of `ln`, into `*tag`; false if none starts there
 * or it does not end in the line.  A tag's name is empty when its body
 * starts with no word.
 */
bool	 tpl_tag_read(struct tpl_line *ln, size_t at, struct tpl_tag *tag);

/*
 * Argument `pos` of `tag` counted from 0 (named ones not counted), or the
 * one named `key` when `key` is not NULL, its quotes taken off: false if
 * it has none such.
 */
bool	 tpl_tag_arg(const struct tpl_tag *tag, size_t pos, const char *key,
	    const char **v, size_t *vlen);

/*
 * The length of the list item's marker that `s` starts with ("-", "12."),
 * a blank after it; 0 if none.
 */
size_t	 tpl_list_marker(const char *s, size_t len);

/* `s` (`*len` bytes) with its blanks and newlines taken off both ends. */
const char	*tpl_strip(const char *s, size_t *len);

/* Whether `tag` is named `name`. */
bool	 tpl_tag_is(const struct tpl_tag *tag, const char *name);

/* Whether `name` is one of the NULL-ended `names`. */
bool	 tpl_name_in(const char *name, const char *const *names);

/* The quote marks a line inside notices and quotes opened by tags takes. */
void	 tpl_prefix(const struct tpl *, struct buf *out);

/* End the output's line, and start the next one's quote marks. */
void	 tpl_newline(struct tpl *, struct buf *out);

/* Open code in `lang` at the start of a line, until tag `close` of `syn`. */
void	 tpl_code_open(struct tpl *, enum tpl_syntax syn, const char *close,
	    const char *lang, size_t llen, struct buf *out);

/*
 * Whether a closing tag of the shortcode `tag` follows it within
 * TPL_PAIR_BYTES (of what `t->ahead` holds, which the stage makes sure
 * reaches that far, or to the end), past at most a few closing tags of
 * other names; `*at`, its offset in the text.
 */
bool	 tpl_paired(struct tpl *t, const struct tpl_tag *tag, size_t *at);

/*
 * Whether the text from the end of `tag` to offset `to` is written in
 * Markdown: it has a blank line, a heading's, list item's or quote's
 * mark at a line's start, strong emphasis, a link or a code span.
 */
bool	 tpl_markdown_until(struct tpl *t, const struct tpl_tag *tag,
	    size_t to);

void	 tpl_ahead_release(struct tpl_ahead *);

/* Open a block that tag `name` of `syn` closes; false when too deep. */
bool	 tpl_push(struct tpl *, enum tpl_syntax syn, const char *name,
	    enum tpl_block block, const char *end);

/* `len` bytes at `s` as a code span, fenced by more backticks than it holds. */
void	 tpl_code_span(struct buf *out, const char *s, size_t len);

/* A fence that opens code in `lang` (`llen` bytes, may be 0). */
void	 tpl_fence(struct buf *out, const char *lang, size_t llen);

/* The fence that closes it. */
extern const char tpl_fence_end[];

/*
 * A link to `url` named `name` and `what` ("YouTube video"), its brackets
 * and parentheses escaped.
 */
void	 tpl_link(struct buf *out, const char *what, const char *name,
	    size_t nlen, const char *url, size_t ulen);

/* An image of `src` with `alt`, in a link to `href` unless it is NULL. */
void	 tpl_image(struct buf *out, const char *alt, size_t alen,
	    const char *src, size_t slen, const char *href, size_t hlen);

/* `len` bytes of Markdown on one line: its newlines made blanks. */
void	 tpl_inline(struct buf *out, const char *s, size_t len);

/* A title over the text after it: bold, the line broken after it. */
void	 tpl_title(struct buf *out, const char *s, size_t len);

/* `len` bytes of text, its Markdown punctuation escaped. */
void	 tpl_text(struct buf *out, const char *s, size_t len);

/* The same, its HTML's tags and entities left to be read as HTML. */
void	 tpl_text_html(struct buf *out, const char *s, size_t len);

#endif
