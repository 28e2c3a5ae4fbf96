/*
 * prescan: a line-by-line pass that follows CommonMark's block structure as
 * cmark 0.30 builds it (the first phase of the spec's parsing strategy):
 * the open block quotes, lists and list items, matched on each line with
 * their indentation, tab stops and lazy continuation lines, and the leaf at
 * their tip: a paragraph, fenced or indented code, or an HTML block of any
 * of the seven kinds.  That is just enough to know where a heading opens at
 * the top level, so the cuts between pieces can go there, and which
 * paragraphs may open with link reference definitions.  Inlines and the
 * definitions themselves are cmark's business, in the loader.
 *
 * Where a definition may hide that no prelude can carry (a paragraph in a
 * quote or a list item, or one that a setext underline may or may not turn
 * into a heading), or the nesting is deeper than the pass follows, it gives
 * up (ps->unsure) rather than guess.
 */
#include "prescan.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text.h"
#include "util.h"

/*
 * Bytes a link label may have, at the most: CommonMark says 999
 * characters, cmark 0.30 takes 1000 bytes.
 */
#define PRESCAN_LABEL_MAX	1000
/* A label read by hand (prescan_def_plain()), well within cmark's limit. */
#define PRESCAN_PLAIN_MAX	200

/* Tab stops, and the indentation that makes a line code. */
#define PRESCAN_TAB		4
#define PRESCAN_CODE		4

/* Containers followed, at the most: deeper, the article is parsed whole. */
#define PRESCAN_DEPTH		64
/* Bytes of a label walked one at a time before memchr takes over. */
#define PRESCAN_LABEL_WALK	32
/* Fewer labels than this are sorted by insertion. */
#define PRESCAN_SORT_SMALL	32

/*
 * The containers: a list is left out, as the items it holds tell all that
 * matters here (it goes on wherever its parent does, and an item that
 * does not match the one before starts a list of its own).
 */
enum prescan_kind {
	PRESCAN_QUOTE,
	PRESCAN_ITEM
};

/* An open container. */
struct prescan_box {
	enum prescan_kind	 kind;
	size_t			 content;	/* item: columns to its text */
	bool			 filled;	/* item: holds a block already */
};

/* The leaf open at the tip of the containers. */
enum prescan_leaf {
	PRESCAN_NONE,
	PRESCAN_PARA,
	PRESCAN_FENCE,
	PRESCAN_INDENTED,	/* indented code */
	PRESCAN_HTML
};

/* Whether a paragraph may open with a definition, as far as it is read. */
enum prescan_label {
	PRESCAN_LABEL_NO,	/* it cannot */
	PRESCAN_LABEL_OPEN,	/* it opens with a label not closed yet */
	PRESCAN_LABEL_YES	/* it opens with "[label]:" */
};

/* What trying to start a block on a line did. */
enum prescan_start {
	PRESCAN_START_NONE,	/* nothing starts there */
	PRESCAN_START_BOX,	/* a container: more may start after it */
	PRESCAN_START_LEAF	/* a leaf takes the rest of the line */
};

/*
 * A line, read up to `at`, as cmark reads it: the column counts tab
 * stops, and may stop inside a tab that a container mark half used.
 */
struct prescan_line {
	const char	*s;		/* the line, without its LF */
	size_t		 len;
	size_t		 off;		/* of its first byte in the article */
	size_t		 at;		/* the next byte to read */
	size_t		 col;		/* the column reading is at */
	size_t		 first;		/* the first byte from `at` not blank */
	size_t		 indent;	/* columns from `at` to `first` */
	bool		 blank;		/* blanks only, from `at` on */
};

struct prescan_scan {
	struct prescan		*ps;
	size_t			 begin;		/* the first line's offset */
	struct prescan_box	 box[PRESCAN_DEPTH];
	size_t			 depth;
	enum prescan_leaf	 leaf;
	int			 html;		/* the HTML block's kind, 1-7 */
	char			 fence;		/* '`' or '~' */
	size_t			 fence_len;
	enum prescan_label	 label;		/* the paragraph's label */
	bool			 in_def;	/* it is ps->defs' last, open */
};

static size_t	 prescan_label_end(const char *, size_t, size_t);
static void	 prescan_add_label(const char *, size_t, bool, uint64_t **,
		    size_t *, size_t *);

/* Tags whose blocks end at </script>, </pre>, </style> or </textarea>. */
static const char *const prescan_raw_tags[] = {
	"pre", "script", "style", "textarea", NULL
};

/* Block tags of HTML blocks of the sixth kind, as cmark 0.30 has them. */
static const char *const prescan_block_tags[] = {
	"address", "article", "aside", "base", "basefont", "blockquote",
	"body", "caption", "center", "col", "colgroup", "dd", "details",
	"dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption",
	"figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3",
	"h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend",
	"li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
	"optgroup", "option", "p", "param", "section", "source", "summary",
	"table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track",
	"ul", NULL
};

void
prescan_init(struct prescan *ps)
{
	memset(ps, 0, sizeof(*ps));
}

void
prescan_release(struct prescan *ps)
{
	free(ps->cuts);
	free(ps->defs);
	free(ps->scan);
	prescan_init(ps);
}

static bool
prescan_is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* cmark's space characters, short of the line's end. */
static bool
prescan_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static size_t
prescan_run_of(const char *s, size_t len, char c)
{
	size_t	 n = 0;

	while (n < len && s[n] == c)
		n++;
	return n;
}

static bool
prescan_only_blanks(const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i < len; i++)
		if (!prescan_is_blank(s[i]))
			return false;
	return true;
}

/* Find the first byte from `at` on that is no blank, and its column. */
static void
prescan_first(struct prescan_line *ln)
{
	size_t	 i, col = ln->col;

	for (i = ln->at; i < ln->len; i++) {
		if (ln->s[i] == ' ')
			col++;
		else if (ln->s[i] == '\t')
			col += PRESCAN_TAB - col % PRESCAN_TAB;
		else
			break;
	}
	ln->first = i;
	ln->indent = col - ln->col;
	ln->blank = i == ln->len;
}

/* Read on `count` bytes, or columns, which may end inside a tab. */
static void
prescan_advance(struct prescan_line *ln, size_t count, bool columns)
{
	size_t	 to_tab, step;

	while (count > 0 && ln->at < ln->len) {
		if (ln->s[ln->at] != '\t' || !columns) {
			to_tab = ln->s[ln->at] == '\t' ?
			    PRESCAN_TAB - ln->col % PRESCAN_TAB : 1;
			ln->col += to_tab;
			ln->at++;
			count--;
			continue;
		}
		to_tab = PRESCAN_TAB - ln->col % PRESCAN_TAB;
		step = to_tab < count ? to_tab : count;
		ln->col += step;
		if (step == to_tab)
			ln->at++;
		count -= step;
	}
}

/*
 * How many of the open containers the line goes on, reading past their
 * marks: a quote's '>', an item's indentation (or a blank line, once the
 * item holds something).
 */
static size_t
prescan_match(const struct prescan_scan *sc, struct prescan_line *ln)
{
	const struct prescan_box	*b;
	size_t				 i;

	for (i = 0; i < sc->depth; i++) {
		b = &sc->box[i];
		prescan_first(ln);
		if (b->kind == PRESCAN_QUOTE) {
			if (ln->indent > 3 || ln->blank ||
			    ln->s[ln->first] != '>')
				break;
			prescan_advance(ln, ln->indent + 1, true);
			if (ln->at < ln->len && prescan_is_blank(ln->s[ln->at]))
				prescan_advance(ln, 1, true);
		} else {
			if (ln->indent >= b->content)
				prescan_advance(ln, b->content, true);
			else if (ln->blank && b->filled)
				prescan_advance(ln, ln->first - ln->at, false);
			else
				break;
		}
	}
	return i;
}

static void
prescan_add_cut(struct prescan *ps, size_t off)
{
	ps->cuts = xgrow(ps->cuts, &ps->capcuts, ps->ncuts + 1,
	    sizeof(*ps->cuts));
	ps->cuts[ps->ncuts++] = off;
}

static void
prescan_add_def(struct prescan *ps, size_t off)
{
	ps->defs = xgrow(ps->defs, &ps->capdefs, ps->ndefs + 1,
	    sizeof(*ps->defs));
	ps->defs[ps->ndefs].off = off;
	ps->defs[ps->ndefs++].len = 0;
}

/* The leaf ends before `off`; so does a definition paragraph's range. */
static void
prescan_end_leaf(struct prescan_scan *sc, size_t off)
{
	struct prescan_range	*r;

	if (sc->in_def) {
		r = &sc->ps->defs[sc->ps->ndefs - 1];
		r->len = off - r->off;
		sc->in_def = false;
	}
	sc->leaf = PRESCAN_NONE;
	sc->label = PRESCAN_LABEL_NO;
}

/*
 * A block starts in the container `n` deep (0: the article itself): the
 * leaf and the containers past that one end.
 */
static void
prescan_add(struct prescan_scan *sc, const struct prescan_line *ln,
    size_t n)
{
	prescan_end_leaf(sc, ln->off);
	sc->depth = n;
	if (n > 0 && sc->box[n - 1].kind == PRESCAN_ITEM)
		sc->box[n - 1].filled = true;
}

/* Open a container; past PRESCAN_DEPTH, give up. */
static bool
prescan_push(struct prescan_scan *sc, enum prescan_kind kind, size_t content)
{
	struct prescan_box	*b;

	if (sc->depth == PRESCAN_DEPTH) {
		sc->ps->unsure = true;
		return false;
	}
	b = &sc->box[sc->depth++];
	b->kind = kind;
	b->content = content;
	b->filled = false;
	return true;
}

/* An ATX heading: one to six #, then a blank or the end of the line. */
static bool
prescan_is_atx(const char *t, size_t len)
{
	size_t	 n = prescan_run_of(t, len, '#');

	return n >= 1 && n <= 6 && (n == len || prescan_is_blank(t[n]));
}

/* An opening code fence: three or more ` or ~, no ` after backticks. */
static size_t
prescan_fence_open(const char *t, size_t len)
{
	size_t	 n;

	if (len < 3 || (t[0] != '`' && t[0] != '~'))
		return 0;
	if ((n = prescan_run_of(t, len, t[0])) < 3)
		return 0;
	if (t[0] == '`' && memchr(t + n, '`', len - n) != NULL)
		return 0;
	return n;
}

/* A setext underline: a run of = or of -, then blanks only. */
static bool
prescan_is_setext(const char *t, size_t len)
{
	size_t	 n;

	if (len == 0 || (t[0] != '=' && t[0] != '-'))
		return false;
	n = prescan_run_of(t, len, t[0]);
	return prescan_only_blanks(t + n, len - n);
}

/* A thematic break: three or more of one of * - _, and blanks. */
static bool
prescan_is_break(const char *t, size_t len)
{
	size_t	 i, n = 0;

	if (len == 0 || (t[0] != '*' && t[0] != '-' && t[0] != '_'))
		return false;
	for (i = 0; i < len; i++) {
		if (t[i] == t[0])
			n++;
		else if (!prescan_is_blank(t[i]))
			return false;
	}
	return n >= 3;
}

/* Whether `t` holds `needle`, which has no letters. */
static bool
prescan_holds(const char *t, size_t len, const char *needle)
{
	const char	*p;
	size_t		 n = strlen(needle), i = 0;

	while (i + n <= len && (p = memchr(t + i, needle[0], len - i)) != NULL) {
		i = (size_t)(p - t);
		if (i + n <= len && memcmp(p, needle, n) == 0)
			return true;
		i++;
	}
	return false;
}

/* The name of a tag at `t` (after < or </), and its length. */
static size_t
prescan_tag_name(const char *t, size_t len)
{
	size_t	 n = 0;

	if (len == 0 || !((t[0] | 0x20) >= 'a' && (t[0] | 0x20) <= 'z'))
		return 0;
	while (n < len && (((t[n] | 0x20) >= 'a' && (t[n] | 0x20) <= 'z') ||
	    (t[n] >= '0' && t[n] <= '9') || t[n] == '-'))
		n++;
	return n;
}

/* Whether the `n` bytes at `t` are one of `tags`, in any case. */
static bool
prescan_is_tag(const char *t, size_t n, const char *const *tags)
{
	size_t	 k;

	for (k = 0; tags[k] != NULL; k++)
		if (strlen(tags[k]) == n && strncasecmp(t, tags[k], n) == 0)
			return true;
	return false;
}

/*
 * A tag named in `tags` at `t` (after < or </), then a space, the end of
 * the line, > or, if `slash`, />: how HTML blocks of kinds 1 and 6 open.
 */
static bool
prescan_named(const char *t, size_t len, const char *const *tags,
    bool slash)
{
	size_t	 n = prescan_tag_name(t, len);

	if (n == 0 || !(n == len || prescan_is_space(t[n]) || t[n] == '>' ||
	    (slash && t[n] == '/' && n + 1 < len && t[n + 1] == '>')))
		return false;
	return prescan_is_tag(t, n, tags);
}

static size_t
prescan_skip_spaces(const char *t, size_t len, size_t i)
{
	while (i < len && prescan_is_space(t[i]))
		i++;
	return i;
}

/* An attribute's value at t[i]: quoted, or unquoted; returns its end. */
static size_t
prescan_attr_value(const char *t, size_t len, size_t i)
{
	const char	*q;

	if (i < len && (t[i] == '"' || t[i] == '\'')) {
		q = memchr(t + i + 1, t[i], len - i - 1);
		return q != NULL ? (size_t)(q - t) + 1 : 0;
	}
	while (i < len && !prescan_is_space(t[i]) &&
	    strchr("\"'=<>`", t[i]) == NULL)
		i++;
	return i;
}

static bool
prescan_is_attr_char(char c, bool start)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' ||
	    c == ':' || (!start && ((c >= '0' && c <= '9') || c == '.' ||
	    c == '-'));
}

/*
 * The end of a tag whose name has been read: attributes, then > or />
 * (for a closing tag, spaces then >).  Returns the length through the >,
 * or 0 when it is no complete tag.
 */
static size_t
prescan_tag_end(const char *t, size_t len, bool closing)
{
	size_t	 i = 0, v;

	for (;;) {
		v = prescan_skip_spaces(t, len, i);
		if (v < len && t[v] == '>')
			return v + 1;
		if (!closing && v + 1 < len && t[v] == '/' && t[v + 1] == '>')
			return v + 2;
		/* An attribute, after one space or more. */
		if (closing || v == i || v >= len ||
		    !prescan_is_attr_char(t[v], true))
			return 0;
		for (i = v + 1; i < len && prescan_is_attr_char(t[i], false);
		    i++)
			continue;
		v = prescan_skip_spaces(t, len, i);
		if (v < len && t[v] == '=') {
			v = prescan_skip_spaces(t, len, v + 1);
			if ((i = prescan_attr_value(t, len, v)) <= v)
				return 0;
		}
	}
}

/* The seventh kind: one complete open or closing tag, alone on its line. */
static bool
prescan_is_tag_line(const char *t, size_t len)
{
	size_t	 i = t[1] == '/' ? 2 : 1, n;

	if ((n = prescan_tag_name(t + i, len - i)) == 0)
		return false;
	i += n;
	if ((n = prescan_tag_end(t + i, len - i, t[1] == '/')) == 0)
		return false;
	for (i += n; i < len; i++)
		if (t[i] != ' ' && t[i] != '\t' && t[i] != '\f')
			return false;
	return true;
}

/*
 * The kind of HTML block a line opening with `t` starts (CommonMark 4.6),
 * or 0.  The seventh cannot interrupt a paragraph: only if `seven`.
 */
static int
prescan_html_start(const char *t, size_t len, bool seven)
{
	if (len < 2 || t[0] != '<')
		return 0;
	if (prescan_named(t + 1, len - 1, prescan_raw_tags, false))
		return 1;
	if (len >= 4 && memcmp(t, "<!--", 4) == 0)
		return 2;
	if (t[1] == '?')
		return 3;
	if (len >= 3 && t[1] == '!' && t[2] >= 'A' && t[2] <= 'Z')
		return 4;
	if (len >= 9 && strncasecmp(t, "<![CDATA[", 9) == 0)
		return 5;
	if (t[1] == '/' ? prescan_named(t + 2, len - 2, prescan_block_tags,
	    true) : prescan_named(t + 1, len - 1, prescan_block_tags, true))
		return 6;
	return seven && prescan_is_tag_line(t, len) ? 7 : 0;
}

/* Any of </script> </pre> </style> </textarea>, in any case, in `t`. */
static bool
prescan_raw_end(const char *t, size_t len)
{
	const char	*p;
	size_t		 i = 0, n;

	while (i < len && (p = memchr(t + i, '<', len - i)) != NULL) {
		i = (size_t)(p - t) + 1;
		if (i + 1 >= len || t[i] != '/')
			continue;
		n = prescan_tag_name(t + i + 1, len - i - 1);
		if (n > 0 && i + 1 + n < len && t[i + 1 + n] == '>' &&
		    prescan_is_tag(t + i + 1, n, prescan_raw_tags))
			return true;
	}
	return false;
}

/* Whether the rest of a line, `t`, ends an HTML block of kind 1 to 5. */
static bool
prescan_html_ends(int kind, const char *t, size_t len)
{
	switch (kind) {
	case 1:
		return prescan_raw_end(t, len);
	case 2:
		return prescan_holds(t, len, "-->");
	case 3:
		return prescan_holds(t, len, "?>");
	case 4:
		return memchr(t, '>', len) != NULL;
	case 5:
		return prescan_holds(t, len, "]]>");
	default:
		return false;
	}
}

/*
 * A list marker at the start of `t`, followed by a space or the end of the
 * line: its length, or 0.  One that interrupts a paragraph must be a
 * bullet or start at 1, with text after it.
 */
static size_t
prescan_list_marker(const char *t, size_t len, bool interrupts)
{
	size_t		 n = 0;
	unsigned long	 start = 0;

	if (len > 0 && (t[0] == '*' || t[0] == '+' || t[0] == '-'))
		n = 1;
	else {
		for (; n < len && n < 9 && t[n] >= '0' && t[n] <= '9'; n++)
			start = start * 10 + (unsigned long)(t[n] - '0');
		if (n == 0 || n == len || (t[n] != '.' && t[n] != ')') ||
		    (interrupts && start != 1))
			return 0;
		n++;
	}
	if (n < len && !prescan_is_space(t[n]))
		return 0;
	if (interrupts && prescan_only_blanks(t + n, len - n))
		return 0;
	return n;
}

/*
 * Read on a paragraph's opening label from t[i]: it ends at its first ']'
 * and holds no bare '[', as cmark reads labels, so this never says no
 * where cmark could find a definition.
 */
static enum prescan_label
prescan_label_scan(const char *t, size_t len, size_t i)
{
	for (; i < len; i++) {
		if (t[i] == '\\')
			i++;
		else if (t[i] == '[')
			return PRESCAN_LABEL_NO;
		else if (t[i] == ']')
			return i + 1 < len && t[i + 1] == ':' ?
			    PRESCAN_LABEL_YES : PRESCAN_LABEL_NO;
	}
	return PRESCAN_LABEL_OPEN;
}

/*
 * What the paragraph's label now says.  A definition at the top level
 * goes to the loader, unless it turns out to be none; in a container,
 * the pass gives up.
 */
static void
prescan_label_verdict(struct prescan_scan *sc)
{
	if (sc->label == PRESCAN_LABEL_YES && sc->depth > 0)
		sc->ps->unsure = true;
	else if (sc->label == PRESCAN_LABEL_NO && sc->in_def) {
		sc->ps->ndefs--;
		sc->in_def = false;
	}
}

/* A paragraph starts; keep the top-level ones that may define. */
static void
prescan_paragraph(struct prescan_scan *sc, const struct prescan_line *ln)
{
	const char	*t = ln->s + ln->first;
	size_t		 len = ln->len - ln->first;

	sc->leaf = PRESCAN_PARA;
	sc->label = len > 0 && t[0] == '[' ? prescan_label_scan(t, len, 1) :
	    PRESCAN_LABEL_NO;
	if (sc->label == PRESCAN_LABEL_NO)
		return;
	if (sc->depth == 0) {
		prescan_add_def(sc->ps, ln->off);
		sc->in_def = true;
	}
	prescan_label_verdict(sc);
}

/* The paragraph goes on with `t`: so may a label it opens with. */
static void
prescan_paragraph_more(struct prescan_scan *sc, const char *t, size_t len)
{
	if (sc->label != PRESCAN_LABEL_OPEN)
		return;
	sc->label = prescan_label_scan(t, len, 0);
	prescan_label_verdict(sc);
}

/*
 * A list item at `t`, in the container `*n` deep: its marker, then one to
 * four columns of blanks up to its text (one when there are more, or no
 * text); the item's text goes on at that indentation.
 */
static enum prescan_start
prescan_start_item(struct prescan_scan *sc, struct prescan_line *ln,
    size_t *n, bool *para)
{
	const char	*t = ln->s + ln->first;
	size_t		 m, pad, at, col, indent = ln->indent;

	if ((m = prescan_list_marker(t, ln->len - ln->first, *para)) == 0)
		return PRESCAN_START_NONE;
	prescan_advance(ln, ln->first + m - ln->at, false);
	at = ln->at;
	col = ln->col;
	while (ln->col - col <= 5 && ln->at < ln->len &&
	    prescan_is_blank(ln->s[ln->at]))
		prescan_advance(ln, 1, true);
	pad = ln->col - col;
	if (pad >= 5 || pad < 1 || ln->at == ln->len) {
		ln->at = at;
		ln->col = col;
		if (pad > 0)
			prescan_advance(ln, 1, true);
		pad = 1;
	}
	prescan_add(sc, ln, *n);
	if (!prescan_push(sc, PRESCAN_ITEM, indent + m + pad))
		return PRESCAN_START_LEAF;
	*n = sc->depth;
	*para = false;
	return PRESCAN_START_BOX;
}

/* A block quote: '>', then one blank, which may be part of a tab. */
static enum prescan_start
prescan_start_quote(struct prescan_scan *sc, struct prescan_line *ln,
    size_t *n, bool *para)
{
	prescan_add(sc, ln, *n);
	prescan_advance(ln, ln->first + 1 - ln->at, false);
	if (ln->at < ln->len && prescan_is_blank(ln->s[ln->at]))
		prescan_advance(ln, 1, true);
	if (!prescan_push(sc, PRESCAN_QUOTE, 0))
		return PRESCAN_START_LEAF;
	*n = sc->depth;
	*para = false;
	return PRESCAN_START_BOX;
}

/*
 * Try to start a block where the line is read to, in the container `*n`
 * deep, or, when `*para`, in the paragraph that goes on there.  Neither
 * indented code nor the seventh kind of HTML block can interrupt a
 * paragraph, not even one that the line would go on lazily: `lazy`.
 */
static enum prescan_start
prescan_start(struct prescan_scan *sc, struct prescan_line *ln, size_t *n,
    bool *para, bool lazy)
{
	const char	*t;
	size_t		 len, f;
	int		 kind;

	prescan_first(ln);
	t = ln->s + ln->first;
	len = ln->len - ln->first;
	if (ln->indent >= PRESCAN_CODE) {
		if (lazy || ln->blank)
			return PRESCAN_START_NONE;
		prescan_add(sc, ln, *n);
		sc->leaf = PRESCAN_INDENTED;
		return PRESCAN_START_LEAF;
	}
	if (len == 0)
		return PRESCAN_START_NONE;
	if (t[0] == '>')
		return prescan_start_quote(sc, ln, n, para);
	if (prescan_is_atx(t, len)) {
		prescan_add(sc, ln, *n);
		if (sc->depth == 0 && ln->off > sc->begin)
			prescan_add_cut(sc->ps, ln->off);
	} else if ((f = prescan_fence_open(t, len)) > 0) {
		prescan_add(sc, ln, *n);
		sc->leaf = PRESCAN_FENCE;
		sc->fence = t[0];
		sc->fence_len = f;
	} else if ((kind = prescan_html_start(t, len, !*para && !lazy)) != 0) {
		prescan_add(sc, ln, *n);
		if (!prescan_html_ends(kind, t, len)) {
			sc->leaf = PRESCAN_HTML;
			sc->html = kind;
		}
	} else if (*para && prescan_is_setext(t, len)) {
		/*
		 * cmark takes the definitions out first: if nothing is left,
		 * the underline is paragraph text.  Only cmark can tell.
		 */
		if (sc->label == PRESCAN_LABEL_YES)
			sc->ps->unsure = true;
		prescan_end_leaf(sc, ln->off);
	} else if (prescan_is_break(t, len))
		prescan_add(sc, ln, *n);
	else
		return prescan_start_item(sc, ln, n, para);
	return PRESCAN_START_LEAF;
}

/*
 * The line goes on the open leaf, `n` containers having matched: fenced
 * code (which it may close), indented code, an HTML block (which it may
 * end).  Returns false when the leaf does not take it; `*para` says
 * whether it is a paragraph's next line, unless something interrupts.
 */
static bool
prescan_leaf_takes(struct prescan_scan *sc, struct prescan_line *ln,
    bool *para)
{
	const char	*t;
	size_t		 len, f;

	prescan_first(ln);
	t = ln->s + ln->first;
	len = ln->len - ln->first;
	switch (sc->leaf) {
	case PRESCAN_FENCE:
		f = prescan_run_of(t, len, sc->fence);
		if (ln->indent <= 3 && f >= sc->fence_len &&
		    prescan_only_blanks(t + f, len - f))
			prescan_end_leaf(sc, ln->off);
		return true;
	case PRESCAN_INDENTED:
		return ln->indent >= PRESCAN_CODE || ln->blank;
	case PRESCAN_HTML:
		if (sc->html >= 6 && ln->blank)
			return false;
		if (prescan_html_ends(sc->html, t, len))
			prescan_end_leaf(sc, ln->off);
		return true;
	case PRESCAN_PARA:
		*para = !ln->blank;
		return false;
	default:
		return false;
	}
}

/*
 * The rest of the line is text, `n` containers deep after what started:
 * a lazy continuation line, the paragraph's next line, or a new one.
 */
static void
prescan_text(struct prescan_scan *sc, const struct prescan_line *ln,
    size_t n, bool para, bool opened)
{
	if (para || (!opened && sc->leaf == PRESCAN_PARA && !ln->blank)) {
		prescan_paragraph_more(sc, ln->s + ln->first,
		    ln->len - ln->first);
		return;
	}
	if (ln->blank) {
		prescan_end_leaf(sc, ln->off);
		sc->depth = n;
		return;
	}
	prescan_add(sc, ln, n);
	prescan_paragraph(sc, ln);
}

static void
prescan_line(struct prescan_scan *sc, struct prescan_line *ln)
{
	enum prescan_start	 st = PRESCAN_START_NONE;
	size_t			 n;
	bool			 para = false, lazy, opened = false;

	/* Most lines: text from column 0, at the top, which starts nothing. */
	if (sc->depth == 0 && sc->leaf != PRESCAN_FENCE &&
	    sc->leaf != PRESCAN_HTML && ln->len > 0 &&
	    (ln->s[0] | 0x20) >= 'a' && (ln->s[0] | 0x20) <= 'z') {
		if (sc->leaf != PRESCAN_PARA) {
			prescan_end_leaf(sc, ln->off);
			sc->leaf = PRESCAN_PARA;
		} else
			prescan_paragraph_more(sc, ln->s, ln->len);
		return;
	}
	n = prescan_match(sc, ln);
	if (n == sc->depth && prescan_leaf_takes(sc, ln, &para))
		return;
	lazy = sc->leaf == PRESCAN_PARA;
	while ((st = prescan_start(sc, ln, &n, &para, lazy)) ==
	    PRESCAN_START_BOX) {
		opened = true;
		lazy = false;
	}
	if (st == PRESCAN_START_NONE)
		prescan_text(sc, ln, n, para, opened);
}

/* The pass starts once it can tell whether a byte order mark opens it. */
static bool
prescan_begin(struct prescan *ps, const char *s, size_t len, bool last)
{
	if (ps->scan != NULL)
		return true;
	if (len < 3 && !last)
		return false;
	ps->scan = xcalloc(1, sizeof(*ps->scan));
	ps->scan->ps = ps;
	/* cmark skips a byte order mark, so the first line starts after it. */
	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		ps->scanned = ps->scan->begin = 3;
	return true;
}

/* The line of `s` from ps->scanned to `end`, its LF left out. */
static void
prescan_one(struct prescan *ps, const char *s, size_t end)
{
	struct prescan_line	 ln;

	memset(&ln, 0, sizeof(ln));
	ln.s = s + ps->scanned;
	ln.len = end - ps->scanned;
	ln.off = ps->scanned;
	prescan_line(ps->scan, &ln);
}

void
prescan_feed(struct prescan *ps, const char *s, size_t len)
{
	const char	*nl;
	size_t		 end;

	if (ps->done || !prescan_begin(ps, s, len, false))
		return;
	while (ps->scanned < len && !ps->unsure) {
		/* A line that is not whole yet is not searched twice. */
		if (ps->looked < ps->scanned)
			ps->looked = ps->scanned;
		if ((nl = memchr(s + ps->looked, '\n', len - ps->looked)) ==
		    NULL) {
			ps->looked = len;
			break;
		}
		end = (size_t)(nl - s);
		prescan_one(ps, s, end);
		ps->scanned = end + 1;
	}
}

void
prescan_finish(struct prescan *ps, const char *s, size_t len)
{
	if (ps->done)
		return;
	prescan_begin(ps, s, len, true);
	prescan_feed(ps, s, len);
	if (!ps->unsure && ps->scanned < len) {
		prescan_one(ps, s, len);
		ps->scanned = len;
	}
	if (!ps->unsure)
		prescan_end_leaf(ps->scan, len);
	ps->done = true;
}

bool
prescan_opens_block(const char *s, size_t len)
{
	size_t	 i, col = 0;

	for (i = 0; i < len && prescan_is_blank(s[i]); i++)
		col += s[i] == '\t' ? PRESCAN_TAB - col % PRESCAN_TAB : 1;
	if (i == len)
		return false;
	if (col >= PRESCAN_CODE)
		return true;
	s += i;
	len -= i;
	return s[0] == '>' || prescan_is_atx(s, len) ||
	    prescan_fence_open(s, len) > 0 || prescan_is_break(s, len) ||
	    prescan_html_start(s, len, false) != 0 ||
	    prescan_list_marker(s, len, false) > 0;
}

bool
prescan_is_underline(const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i < 3 && i < len && s[i] == ' '; i++)
		continue;
	return prescan_is_setext(s + i, len - i);
}

size_t
prescan_defs_closed(const struct prescan *ps)
{
	return ps->scan != NULL && ps->scan->in_def ? ps->ndefs - 1 :
	    ps->ndefs;
}

void
prescan_run(struct prescan *ps, const char *s, size_t len)
{
	prescan_finish(ps, s, len);
	if (ps->unsure) {
		ps->ncuts = 0;
		ps->ndefs = 0;
	}
}

#define PRESCAN_FNV_BASIS	14695981039346656037ULL
#define PRESCAN_FNV_PRIME	1099511628211ULL

/*
 * The hash of an ASCII label, folded as text_fold_string() folds ASCII
 * (lower case, each run of blanks one space) and trimmed, without making
 * the folded copy: nearly every label takes this path.  Returns false for
 * a label that is not all ASCII.
 */
static bool
prescan_label_hash_ascii(const char *s, size_t len, uint64_t *out)
{
	uint64_t	 h = PRESCAN_FNV_BASIS;
	size_t		 i;
	unsigned char	 c;
	bool		 blank = false, any = false;

	for (i = 0; i < len; i++) {
		if ((c = (unsigned char)s[i]) >= 0x80)
			return false;
		if (c == ' ' || (c >= '\t' && c <= '\r')) {
			blank = any;
			continue;
		}
		if (blank) {
			h ^= ' ';
			h *= PRESCAN_FNV_PRIME;
			blank = false;
		}
		h ^= c >= 'A' && c <= 'Z' ? c | 0x20 : c;
		h *= PRESCAN_FNV_PRIME;
		any = true;
	}
	*out = h;
	return true;
}

/*
 * FNV-1a, over the label folded and trimmed of blanks; the lowest bit says
 * whether the label is all ASCII (PRESCAN_EXACT), folded then just as
 * cmark folds it.
 */
static uint64_t
prescan_label_hash(const char *s, size_t len)
{
	struct buf	 f;
	uint64_t	 h = PRESCAN_FNV_BASIS;
	size_t		 a = 0, b;

	if (prescan_label_hash_ascii(s, len, &h))
		return (h & ~(uint64_t)PRESCAN_EXACT) | PRESCAN_EXACT;
	buf_init(&f);
	text_fold_string(s, len, true, &f);
	b = f.len;
	while (a < b && f.data[a] == ' ')
		a++;
	while (b > a && f.data[b - 1] == ' ')
		b--;
	for (; a < b; a++) {
		h ^= (unsigned char)f.data[a];
		h *= PRESCAN_FNV_PRIME;
	}
	buf_release(&f);
	return h & ~(uint64_t)PRESCAN_EXACT;
}

/* Whether a backslash escapes s[k], counting from s[from] on. */
static bool
prescan_escaped(const char *s, size_t from, size_t k)
{
	size_t	 run = 0;

	while (k > from + run && s[k - run - 1] == '\\')
		run++;
	return run % 2 == 1;
}

/*
 * Where the label opened by the '[' at s[i] stops: at the first '[' or
 * ']' after it that no backslash escapes, or at `end` when none comes
 * before.  Most labels are short, and are walked a byte at a time; past
 * PRESCAN_LABEL_WALK bytes (a '[' in code, say, far from any ']'),
 * memchr finds the brackets, and a bracket is escaped when an odd run of
 * backslashes comes before it, as the walk has it.
 */
static size_t
prescan_label_stop(const char *s, size_t i, size_t end)
{
	const char	*close = NULL, *open;
	size_t		 j, k;

	for (j = i + 1; j < end && j <= i + PRESCAN_LABEL_WALK; j++) {
		if (s[j] == '\\')
			j++;
		else if (s[j] == '[' || s[j] == ']')
			return j;
	}
	while (j < end) {
		if (close == NULL || close < s + j)
			close = memchr(s + j, ']', end - j);
		open = memchr(s + j, '[', (close != NULL ? (size_t)(close - s) :
		    end) - j);
		if (open == NULL && close == NULL)
			break;
		k = (size_t)((open != NULL ? open : close) - s);
		if (!prescan_escaped(s, i + 1, k))
			return k;
		j = k + 1;
	}
	return end;
}

/* How far a label that opens at s[i] may reach: its ']' comes before. */
static size_t
prescan_label_reach(size_t len, size_t i)
{
	return len - i > PRESCAN_LABEL_MAX + 2 ? i + PRESCAN_LABEL_MAX + 2 :
	    len;
}

/*
 * The end of the label that opens at s[i] ('['): the offset of its ']',
 * past escapes, or 0 when there is none in reach or another '[' comes
 * first (labels hold no bare brackets).
 */
static size_t
prescan_label_end(const char *s, size_t len, size_t i)
{
	size_t	 end = prescan_label_reach(len, i), k;

	k = prescan_label_stop(s, i, end);
	return k < end && s[k] == ']' ? k : 0;
}

void
prescan_split_defs(const char *s, size_t off, size_t len,
    struct prescan_def **defs, size_t *n, size_t *cap)
{
	struct prescan_def	*d = NULL;
	const char		*nl;
	size_t			 at = off, end = off + len, next, i, close;

	for (; at < end; at = next) {
		nl = memchr(s + at, '\n', end - at);
		next = nl != NULL ? (size_t)(nl - s) + 1 : end;
		/*
		 * cmark drops all the blanks before a paragraph's line, so a
		 * definition may start on any line that opens with '['.
		 */
		for (i = at; i < next && prescan_is_blank(s[i]); i++)
			continue;
		if (d == NULL || (i < next && s[i] == '[')) {
			*defs = xgrow(*defs, cap, *n + 1, sizeof(**defs));
			d = &(*defs)[(*n)++];
			d->off = i;
			close = i < next && s[i] == '[' ?
			    prescan_label_end(s, end, i) : 0;
			d->always = close == 0;
			d->label = close == 0 ? 0 :
			    prescan_label_hash(s + i + 1, close - i - 1);
		}
		d->len = next - d->off;
	}
}

/*
 * Whether `c` is a letter or digit of ASCII, or of the punctuation
 * `extra`: what a label or a destination read by hand may hold.
 */
static bool
prescan_plain_char(unsigned char c, const char *extra)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
	    (c >= 'a' && c <= 'z') || (c != '\0' && strchr(extra, c) != NULL);
}

/* The punctuation of a plain label, and of a plain destination. */
#define PRESCAN_PLAIN_LABEL	" -_.,:;/#@+&%=~!?"
#define PRESCAN_PLAIN_DEST	"-._~:/?#@!$&*+,;=%"

/*
 * The common shape, read by hand: "[label]:", blanks, a destination with
 * no brackets, parentheses, quotes or backslashes, then the line's end or
 * blanks and a title in quotes with no quote or backslash in it.  Labels
 * and destinations of other shapes, and anything over lines, go to cmark.
 */
bool
prescan_def_plain(const char *s, size_t len)
{
	size_t	 i = 1, from;
	bool	 word = false;
	char	 q;

	if (len > 0 && s[len - 1] == '\n')
		len--;
	if (len == 0 || s[0] != '[' || memchr(s, '\n', len) != NULL)
		return false;
	for (; i < len && i <= PRESCAN_PLAIN_MAX && s[i] != ']'; i++) {
		if (!prescan_plain_char((unsigned char)s[i],
		    PRESCAN_PLAIN_LABEL))
			return false;
		word = word || s[i] != ' ';
	}
	if (!word || i + 1 >= len || s[i] != ']' || s[i + 1] != ':')
		return false;
	for (i += 2; i < len && prescan_is_blank(s[i]); i++)
		continue;
	for (from = i; i < len && prescan_plain_char((unsigned char)s[i],
	    PRESCAN_PLAIN_DEST); i++)
		continue;
	if (i == from || (i < len && !prescan_is_blank(s[i])))
		return false;
	for (from = i; i < len && prescan_is_blank(s[i]); i++)
		continue;
	if (i == len)
		return true;
	if (i == from || (s[i] != '"' && s[i] != '\''))
		return false;
	for (q = s[i++]; i < len && s[i] != q; i++)
		if (s[i] == '\\' || (unsigned char)s[i] < ' ')
			return false;
	if (i == len)
		return false;
	for (i++; i < len && prescan_is_blank(s[i]); i++)
		continue;
	return i == len;
}

/*
 * A label over lines in a quote: its lines after the first open with the
 * quote's '>' too (and a quote's in a quote with more), which are no part
 * of it.  The label without them goes to `bare`; false when it has none.
 */
static bool
prescan_unquote(const char *s, size_t len, struct buf *bare)
{
	size_t	 i;
	bool	 line_start = false, any = false;

	if (memchr(s, '\n', len) == NULL || memchr(s, '>', len) == NULL)
		return false;
	for (i = 0; i < len; i++) {
		if (s[i] == '\n')
			line_start = true;
		else if (line_start && s[i] == '>') {
			any = true;
			continue;
		} else if (s[i] != ' ' && s[i] != '\t')
			line_start = false;
		buf_addc(bare, s[i]);
	}
	return any;
}

void
prescan_refs(const char *s, size_t len, uint64_t **refs, size_t *n,
    size_t *cap)
{
	const char	*p;
	size_t		 i = 0, close;

	*n = 0;
	while ((p = memchr(s + i, '[', len - i)) != NULL) {
		/* Escaped or not: a label too many costs nothing. */
		i = (size_t)(p - s);
		/* A blank label matches nothing: cmark never looks it up. */
		if ((close = prescan_label_end(s, len, i)) != 0 &&
		    !prescan_only_blanks(s + i + 1, close - i - 1))
			prescan_add_label(s + i + 1, close - i - 1, false, refs,
			    n, cap);
		i++;
	}
	prescan_sort_labels(*refs, *n);
}

/*
 * The hash of a label of raw input, as it will be once sanitised: invalid
 * bytes and NULs become U+FFFD, and CR a line feed, there too.
 */
static uint64_t
prescan_raw_label_hash(const char *s, size_t len)
{
	struct text_sanitizer	 san;
	struct buf		 clean;
	uint64_t		 h;

	if (text_is_plain(s, len))
		return prescan_label_hash(s, len);
	text_sanitize_init(&san);
	/* Not the input's start: a byte order mark stays. */
	san.started = true;
	buf_init(&clean);
	text_sanitize_feed(&san, s, len, &clean);
	text_sanitize_finish(&san, &clean);
	h = prescan_label_hash(clean.data, clean.len);
	buf_release(&clean);
	return h;
}

/*
 * Add the label of `len` bytes at `s` to `*labels`, and without the
 * quote's marks over lines in a quote (see prescan_unquote()): of `raw`
 * input, hashed as it will be once sanitised.
 */
static void
prescan_add_label(const char *s, size_t len, bool raw, uint64_t **labels,
    size_t *n, size_t *cap)
{
	uint64_t	(*hash)(const char *, size_t) = raw ?
			    prescan_raw_label_hash : prescan_label_hash;
	struct buf	 bare;

	*labels = xgrow(*labels, cap, *n + 2, sizeof(**labels));
	(*labels)[(*n)++] = hash(s, len);
	buf_init(&bare);
	if (prescan_unquote(s, len, &bare))
		(*labels)[(*n)++] = hash(bare.data, bare.len);
	buf_release(&bare);
}

size_t
prescan_def_labels(const char *s, size_t len, bool last, uint64_t **labels,
    size_t *n, size_t *cap)
{
	const char	*p;
	size_t		 i = 0, j;

	while ((p = memchr(s + i, '[', len - i)) != NULL) {
		i = (size_t)(p - s);
		j = prescan_label_stop(s, i, prescan_label_reach(len, i));
		/* Its end, or the ':' after it, may be in what follows. */
		if (j + 1 >= len && j - i <= PRESCAN_LABEL_MAX + 1 && !last)
			return len - i;
		if (j < len && s[j] == '[') {
			i = j;
			continue;
		}
		if (j + 1 < len && s[j] == ']' && s[j + 1] == ':')
			prescan_add_label(s + i + 1, j - i - 1, true, labels, n,
			    cap);
		i++;
	}
	return 0;
}

/*
 * Sort labels a byte at a time, the least significant first: linear in
 * their number whatever they hold, where qsort() calls a comparison
 * n log n times; the references of a piece run to thousands.  A byte that
 * all of them share takes no pass; a few labels take an insertion sort.
 */
void
prescan_sort_labels(uint64_t *labels, size_t n)
{
	uint64_t	*from = labels, *to, *tmp, *done, v;
	size_t		 count[256], i, k, sum;
	unsigned int	 shift;

	if (n < PRESCAN_SORT_SMALL) {
		for (i = 1; i < n; i++) {
			v = labels[i];
			for (k = i; k > 0 && labels[k - 1] > v; k--)
				labels[k] = labels[k - 1];
			labels[k] = v;
		}
		return;
	}
	to = tmp = xreallocarray(NULL, n, sizeof(*tmp));
	for (shift = 0; shift < 64; shift += 8) {
		memset(count, 0, sizeof(count));
		for (i = 0; i < n; i++)
			count[(from[i] >> shift) & 0xff]++;
		if (count[(from[0] >> shift) & 0xff] == n)
			continue;
		for (i = 0, sum = 0; i < 256; i++) {
			k = count[i];
			count[i] = sum;
			sum += k;
		}
		for (i = 0; i < n; i++)
			to[count[(from[i] >> shift) & 0xff]++] = from[i];
		done = to;
		to = from;
		from = done;
	}
	if (from != labels)
		memcpy(labels, from, n * sizeof(*labels));
	free(tmp);
}

bool
prescan_refs_has(const uint64_t *refs, size_t n, uint64_t label)
{
	uint64_t	 want = label & ~(uint64_t)PRESCAN_EXACT, at;
	size_t		 lo = 0, hi = n, mid;

	/* Sorted by the whole hash, the refs are sorted by the rest too. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((at = refs[mid] & ~(uint64_t)PRESCAN_EXACT) == want)
			return true;
		if (at < want)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}
