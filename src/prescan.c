/*
 * prescan: a line-by-line pass that follows just enough of CommonMark's
 * block structure to know when a line is inside fenced code or an HTML
 * block, where the cuts between pieces may go, and which paragraphs may
 * open with link reference definitions.  When a line could be read two
 * ways that matter, the pass gives up (ps->unsure) rather than guess.
 */
#include "prescan.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text.h"
#include "util.h"

/* Bytes a link label may have, at the most (CommonMark: 999). */
#define PRESCAN_LABEL_MAX	999

/* What the line before a possible definition was. */
enum prescan_prev {
	PRESCAN_PREV_FRESH,	/* nothing, a blank line, or a block's end:
				   the next line starts a block */
	PRESCAN_PREV_TEXT,	/* paragraph text: the next line continues it */
	PRESCAN_PREV_OTHER	/* anything else: cannot tell */
};

enum prescan_state {
	PRESCAN_NORMAL,
	PRESCAN_FENCE,		/* inside fenced code */
	PRESCAN_HTML_MARKER,	/* an HTML block ending at a marker */
	PRESCAN_HTML_BLANK	/* an HTML block ending at a blank line */
};

struct prescan_line {
	const char	*s;	/* the line, without its LF */
	size_t		 len;
	size_t		 off;	/* of its first byte in the article */
	size_t		 first;	/* bytes of indentation */
	unsigned int	 indent; /* columns of indentation */
	bool		 blank;
};

struct prescan_scan {
	struct prescan		*ps;
	enum prescan_state	 state;
	enum prescan_prev	 prev;
	char			 fence;		/* '`' or '~' */
	size_t			 fence_len;
	unsigned int		 block_indent;	/* of the fence or HTML start */
	const char		*marker;	/* the end of an HTML block */
	bool			 icase;		/* that marker ignores case */
	bool			 in_def;	/* in a paragraph with definitions */
	bool			 maybe_list;	/* a list or quote may be open */
	bool			 after_blank;	/* the line before was blank */
};

static size_t	 prescan_label_end(const char *, size_t, size_t);

/* Block tags of HTML blocks of the sixth kind (CommonMark 0.30, 4.6). */
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
	prescan_init(ps);
}

static void
prescan_line_init(struct prescan_line *ln, const char *s, size_t off,
    size_t len)
{
	size_t	 i;

	ln->s = s + off;
	ln->off = off;
	ln->len = len;
	ln->indent = 0;
	for (i = 0; i < len && (ln->s[i] == ' ' || ln->s[i] == '\t'); i++)
		ln->indent = ln->s[i] == '\t' ? (ln->indent + 4) / 4 * 4 :
		    ln->indent + 1;
	ln->first = i;
	ln->blank = i == len;
}

/* The line's text after its indentation. */
static const char *
prescan_text(const struct prescan_line *ln, size_t *len)
{
	*len = ln->len - ln->first;
	return ln->s + ln->first;
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
		if (s[i] != ' ' && s[i] != '\t')
			return false;
	return true;
}

/* An opening code fence: three or more ` or ~, no ` after backticks. */
static bool
prescan_fence_open(struct prescan_scan *sc, const struct prescan_line *ln)
{
	const char	*t;
	size_t		 len, n;

	if (ln->indent > 3)
		return false;
	t = prescan_text(ln, &len);
	if (len < 3 || (t[0] != '`' && t[0] != '~'))
		return false;
	if ((n = prescan_run_of(t, len, t[0])) < 3)
		return false;
	if (t[0] == '`' && memchr(t + n, '`', len - n) != NULL)
		return false;
	sc->fence = t[0];
	sc->fence_len = n;
	return true;
}

static bool
prescan_fence_close(const struct prescan_scan *sc,
    const struct prescan_line *ln)
{
	const char	*t;
	size_t		 len, n;

	if (ln->indent > 3)
		return false;
	t = prescan_text(ln, &len);
	n = prescan_run_of(t, len, sc->fence);
	return n >= sc->fence_len && prescan_only_blanks(t + n, len - n);
}

/* Whether `t` (len bytes) holds `needle`, ignoring ASCII case if asked. */
static bool
prescan_holds(const char *t, size_t len, const char *needle, bool icase)
{
	size_t	 n = strlen(needle), i;

	for (i = 0; i + n <= len; i++)
		if (icase ? strncasecmp(t + i, needle, n) == 0 :
		    memcmp(t + i, needle, n) == 0)
			return true;
	return false;
}

static bool
prescan_is_tag_end(const char *t, size_t len, size_t n)
{
	return n == len || t[n] == ' ' || t[n] == '\t' || t[n] == '>' ||
	    (t[n] == '/' && n + 1 < len && t[n + 1] == '>');
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

static size_t
prescan_skip_blanks(const char *t, size_t len, size_t i)
{
	while (i < len && (t[i] == ' ' || t[i] == '\t'))
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
	while (i < len && strchr(" \t\"'=<>`", t[i]) == NULL)
		i++;
	return i;
}

/*
 * The end of a tag whose name has been read: attributes, then > or />
 * (for a closing tag, blanks then >).  Returns the length through the >,
 * or 0 when it is no complete tag.
 */
static size_t
prescan_tag_end(const char *t, size_t len, bool closing)
{
	size_t	 i = 0, v;

	for (;;) {
		v = prescan_skip_blanks(t, len, i);
		if (v < len && t[v] == '>')
			return v + 1;
		if (!closing && v + 1 < len && t[v] == '/' && t[v + 1] == '>')
			return v + 2;
		if (closing || v == i || v >= len ||
		    !(((t[v] | 0x20) >= 'a' && (t[v] | 0x20) <= 'z') ||
		    t[v] == '_' || t[v] == ':'))
			return 0;
		for (i = v; i < len && (((t[i] | 0x20) >= 'a' &&
		    (t[i] | 0x20) <= 'z') || (t[i] >= '0' && t[i] <= '9') ||
		    strchr("_.:-", t[i]) != NULL); i++)
			continue;
		v = prescan_skip_blanks(t, len, i);
		if (v < len && t[v] == '=') {
			v = prescan_skip_blanks(t, len, v + 1);
			if ((i = prescan_attr_value(t, len, v)) <= v)
				return 0;
		}
	}
}

/*
 * HTML blocks that end at a marker: script, pre, style and textarea (1),
 * comments (2), processing instructions (3), declarations (4), CDATA (5).
 */
static bool
prescan_html_marker(struct prescan_scan *sc, const char *t, size_t len)
{
	static const struct {
		const char	*start;
		const char	*end;
		bool		 tag;	/* start is a tag name to end */
	} kinds[] = {
		{ "<script", "</script>", true }, { "<pre", "</pre>", true },
		{ "<style", "</style>", true },
		{ "<textarea", "</textarea>", true },
		{ "<!--", "-->", false }, { "<?", "?>", false },
		{ "<![CDATA[", "]]>", false },
	};
	size_t	 i, n;

	for (i = 0; i < sizeof(kinds) / sizeof(*kinds); i++) {
		n = strlen(kinds[i].start);
		if (len < n || strncasecmp(t, kinds[i].start, n) != 0)
			continue;
		if (kinds[i].tag && !(n == len || t[n] == ' ' || t[n] == '\t' ||
		    t[n] == '>'))
			continue;
		sc->marker = kinds[i].end;
		sc->icase = kinds[i].tag;
		return true;
	}
	if (len >= 3 && t[0] == '<' && t[1] == '!' &&
	    ((t[2] | 0x20) >= 'a' && (t[2] | 0x20) <= 'z')) {
		sc->marker = ">";
		sc->icase = false;
		return true;
	}
	return false;
}

/*
 * HTML blocks that end at a blank line: a block-level tag (6), or any tag
 * (7).  The seventh kind cannot interrupt a paragraph; taking it for a
 * block anyway only costs cuts, never a wrong one.
 */
static bool
prescan_html_blank(const char *t, size_t len)
{
	size_t	 i = 1, n, k;

	if (len < 2 || t[0] != '<')
		return false;
	if (t[1] == '/')
		i = 2;
	if ((n = prescan_tag_name(t + i, len - i)) == 0)
		return false;
	for (k = 0; prescan_block_tags[k] != NULL; k++)
		if (strlen(prescan_block_tags[k]) == n &&
		    strncasecmp(t + i, prescan_block_tags[k], n) == 0 &&
		    prescan_is_tag_end(t + i, len - i, n))
			return true;
	/* Any other tag, complete, with nothing after it on the line. */
	i += n;
	n = prescan_tag_end(t + i, len - i, t[1] == '/');
	return n > 0 && prescan_only_blanks(t + i + n, len - i - n);
}

/* Does the line start an HTML block?  Sets the state if so. */
static bool
prescan_html_open(struct prescan_scan *sc, const struct prescan_line *ln)
{
	const char	*t;
	size_t		 len;

	if (ln->indent > 3)
		return false;
	t = prescan_text(ln, &len);
	if (prescan_html_marker(sc, t, len)) {
		/* The end marker may be on the same line. */
		sc->state = prescan_holds(t + 1, len - 1, sc->marker,
		    sc->icase) ? PRESCAN_NORMAL : PRESCAN_HTML_MARKER;
		return true;
	}
	if (prescan_html_blank(t, len)) {
		sc->state = PRESCAN_HTML_BLANK;
		return true;
	}
	return false;
}

/* An ATX heading in column 0: one to six #, then a blank or the end. */
static bool
prescan_is_atx(const struct prescan_line *ln)
{
	size_t	 n;

	if (ln->first != 0 || ln->len == 0 || ln->s[0] != '#')
		return false;
	n = prescan_run_of(ln->s, ln->len, '#');
	return n <= 6 && (n == ln->len || ln->s[n] == ' ' || ln->s[n] == '\t');
}

/* A thematic break: three or more of one of * - _, with blanks. */
static bool
prescan_is_break(const struct prescan_line *ln)
{
	const char	*t;
	size_t		 len, i, n = 0;

	if (ln->indent > 3)
		return false;
	t = prescan_text(ln, &len);
	if (len == 0 || (t[0] != '*' && t[0] != '-' && t[0] != '_'))
		return false;
	for (i = 0; i < len; i++) {
		if (t[i] == t[0])
			n++;
		else if (t[i] != ' ' && t[i] != '\t')
			return false;
	}
	return n >= 3;
}

/* Skip container markers (> and list markers) at the start of `t`. */
static size_t
prescan_skip_containers(const char *t, size_t len)
{
	size_t	 i = 0, d;

	for (;;) {
		while (i < len && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i < len && t[i] == '>') {
			i++;
			continue;
		}
		if (i + 1 < len && strchr("-+*", t[i]) != NULL &&
		    (t[i + 1] == ' ' || t[i + 1] == '\t')) {
			i += 2;
			continue;
		}
		for (d = i; d < len && t[d] >= '0' && t[d] <= '9'; d++)
			continue;
		if (d > i && d - i <= 9 && d + 1 < len &&
		    (t[d] == '.' || t[d] == ')') &&
		    (t[d + 1] == ' ' || t[d + 1] == '\t')) {
			i = d + 2;
			continue;
		}
		return i;
	}
}

static void
prescan_add_cut(struct prescan *ps, size_t off)
{
	if (off == 0)
		return;
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

/* "[label]:" on one line: what a definition in a container looks like. */
static bool
prescan_looks_defined(const char *t, size_t len)
{
	const char	*close;

	if (len < 4 || t[0] != '[')
		return false;
	close = memchr(t, ']', len);
	return close != NULL && (size_t)(close - t) + 1 < len &&
	    close[1] == ':';
}

/* A run of one character, then blanks only: "===", "--". */
static bool
prescan_is_run(const char *t, size_t len, char c)
{
	size_t	 n = prescan_run_of(t, len, c);

	return n > 0 && prescan_only_blanks(t + n, len - n);
}

/*
 * Whether a line's text, past its indentation and container markers, can
 * only be paragraph text: it starts no heading, fence, HTML block,
 * thematic break or underline, and no definition.
 */
static bool
prescan_starts_text(const char *t, size_t len)
{
	struct prescan_scan	 probe;
	size_t			 n;

	memset(&probe, 0, sizeof(probe));
	switch (t[0]) {
	case '#':
		n = prescan_run_of(t, len, '#');
		return !(n <= 6 && (n == len || t[n] == ' ' || t[n] == '\t'));
	case '`':
	case '~':
		return prescan_run_of(t, len, t[0]) < 3;
	case '<':
		return !prescan_html_marker(&probe, t, len) &&
		    !prescan_html_blank(t, len);
	case '=':
	case '-':
		return !prescan_is_run(t, len, t[0]);
	case '[':
		/* A link, unless it looks like a definition. */
		return !prescan_looks_defined(t, len);
	case '>':
		return false;
	default:
		return true;
	}
}

/* What a line that starts no special block leaves for the next one. */
static enum prescan_prev
prescan_classify(const struct prescan_scan *sc, const struct prescan_line *ln)
{
	const char	*t;
	size_t		 len, i;

	if (ln->blank || prescan_is_atx(ln) || prescan_is_break(ln))
		return PRESCAN_PREV_FRESH;
	t = prescan_text(ln, &len);
	/* An underline ends the paragraph it follows. */
	if (sc->prev == PRESCAN_PREV_TEXT && ln->indent <= 3 &&
	    (prescan_is_run(t, len, '=') || prescan_is_run(t, len, '-')))
		return PRESCAN_PREV_FRESH;
	if (ln->indent > 3)
		return sc->prev == PRESCAN_PREV_TEXT ? PRESCAN_PREV_TEXT :
		    PRESCAN_PREV_OTHER;
	/* A quote or list item holding paragraph text, or plain text. */
	i = prescan_skip_containers(t, len);
	if (i == len)
		return PRESCAN_PREV_OTHER;
	return prescan_starts_text(t + i, len - i) ? PRESCAN_PREV_TEXT :
	    PRESCAN_PREV_OTHER;
}

/*
 * A line that may open with a definition, in normal text.  Returns what
 * it leaves for the next line.
 */
static enum prescan_prev
prescan_definition(struct prescan_scan *sc, const struct prescan_line *ln)
{
	const char	*t;
	size_t		 len, i, close;

	t = prescan_text(ln, &len);
	if (ln->indent <= 3 && len > 0 && t[0] == '[' && !sc->in_def &&
	    (close = prescan_label_end(t, len, 0)) != 0 &&
	    (close + 1 == len || t[close + 1] != ':'))
		return PRESCAN_PREV_TEXT;	/* a link, not "[label]:" */
	if (ln->indent <= 3 && len > 0 && t[0] == '[') {
		if (sc->in_def)
			return PRESCAN_PREV_OTHER;
		if (sc->prev == PRESCAN_PREV_TEXT)
			return PRESCAN_PREV_TEXT;	/* it goes on */
		if (sc->prev == PRESCAN_PREV_OTHER) {
			sc->ps->unsure = true;
			return PRESCAN_PREV_OTHER;
		}
		prescan_add_def(sc->ps, ln->off);
		sc->in_def = true;
		return PRESCAN_PREV_OTHER;
	}
	/* Definitions in quotes and list items are global too. */
	i = prescan_skip_containers(t, len);
	if (i > 0 && prescan_looks_defined(t + i, len - i))
		sc->ps->unsure = true;
	return prescan_classify(sc, ln);
}

/*
 * Inside fenced code or an HTML block that began indented, a line less
 * indented than its start is either still in it (at top level) or ends
 * the list item that held it: the pass cannot tell.
 */
static void
prescan_check_indent(struct prescan_scan *sc, const struct prescan_line *ln)
{
	if (sc->block_indent > 0 && !ln->blank &&
	    ln->indent < sc->block_indent)
		sc->ps->unsure = true;
}

/*
 * Follow whether a list or quote may be open: a line that starts with a
 * container marker opens one; a blank line, then a line in column 0 that
 * starts none, closes them all (no laziness after a blank line).
 */
static void
prescan_containers(struct prescan_scan *sc, const struct prescan_line *ln)
{
	const char	*t;
	size_t		 len;

	if (ln->blank) {
		sc->after_blank = true;
		return;
	}
	t = prescan_text(ln, &len);
	if (ln->indent <= 3 && prescan_skip_containers(t, len) > 0)
		sc->maybe_list = true;
	else if (ln->indent == 0 && (sc->after_blank || prescan_is_atx(ln)))
		sc->maybe_list = false;
	sc->after_blank = false;
}

/*
 * Fenced code or an HTML block begins.  Indented, it may be in a list item
 * that a less indented line would end; at the top level, its lines may be
 * less indented.  Only the first needs watching, and only if a list or a
 * quote may be open.
 */
static void
prescan_block_start(struct prescan_scan *sc, const struct prescan_line *ln)
{
	sc->block_indent = sc->maybe_list ? ln->indent : 0;
	sc->in_def = false;
	sc->prev = PRESCAN_PREV_FRESH;
}

static void
prescan_block_end(struct prescan_scan *sc)
{
	sc->state = PRESCAN_NORMAL;
	sc->prev = PRESCAN_PREV_FRESH;
}

/* A line inside fenced code or an HTML block. */
static void
prescan_inside(struct prescan_scan *sc, const struct prescan_line *ln)
{
	prescan_check_indent(sc, ln);
	if (sc->state == PRESCAN_FENCE && prescan_fence_close(sc, ln))
		prescan_block_end(sc);
	else if (sc->state == PRESCAN_HTML_MARKER &&
	    prescan_holds(ln->s, ln->len, sc->marker, sc->icase))
		prescan_block_end(sc);
	else if (sc->state == PRESCAN_HTML_BLANK && ln->blank)
		prescan_block_end(sc);
}

static void
prescan_line(struct prescan_scan *sc, const struct prescan_line *ln)
{
	if (sc->state != PRESCAN_NORMAL) {
		prescan_inside(sc, ln);
		return;
	}
	/* Most lines: paragraph text from column 0, which starts nothing. */
	if (ln->first == 0 && ln->len > 0 && ((ln->s[0] | 0x20) >= 'a' &&
	    (ln->s[0] | 0x20) <= 'z')) {
		if (sc->after_blank)
			sc->maybe_list = false;
		sc->after_blank = false;
		sc->prev = PRESCAN_PREV_TEXT;
		return;
	}
	prescan_containers(sc, ln);
	if (ln->blank)
		sc->in_def = false;
	if (prescan_is_atx(ln)) {
		prescan_add_cut(sc->ps, ln->off);
		sc->in_def = false;
		sc->prev = PRESCAN_PREV_FRESH;
	} else if (prescan_fence_open(sc, ln)) {
		sc->state = PRESCAN_FENCE;
		prescan_block_start(sc, ln);
	} else if (prescan_html_open(sc, ln))
		prescan_block_start(sc, ln);	/* it set the state */
	else
		sc->prev = prescan_definition(sc, ln);
}

/*
 * Keep only the paragraphs that open with "[label]:", the label closed
 * within the paragraph: a bracketed remark over lines is no definition.
 */
static void
prescan_def_keep(struct prescan *ps, const char *s)
{
	const char	*t;
	size_t		 i, n = 0, close, len;

	for (i = 0; i < ps->ndefs; i++) {
		t = s + ps->defs[i].off;
		len = ps->defs[i].len;
		while (len > 0 && *t != '[') {
			t++;
			len--;
		}
		close = prescan_label_end(t, len, 0);
		if (close != 0 && close + 1 < len && t[close + 1] == ':')
			ps->defs[n++] = ps->defs[i];
	}
	ps->ndefs = n;
}

/* Close the definition paragraphs: each runs to its blank line or cut. */
static void
prescan_def_ends(struct prescan *ps, const char *s, size_t len)
{
	size_t		 i, c = 0, end;
	const char	*p;

	for (i = 0; i < ps->ndefs; i++) {
		while (c < ps->ncuts && ps->cuts[c] <= ps->defs[i].off)
			c++;
		end = c < ps->ncuts ? ps->cuts[c] : len;
		for (p = s + ps->defs[i].off; (p = memchr(p, '\n',
		    (size_t)(s + end - p))) != NULL; p++) {
			/* A blank line: nothing but blanks up to its LF. */
			const char	*q = p + 1;

			while (q < s + end && (*q == ' ' || *q == '\t'))
				q++;
			if (q == s + end || *q == '\n') {
				end = (size_t)(p - s) + 1;
				break;
			}
		}
		ps->defs[i].len = end - ps->defs[i].off;
	}
	prescan_def_keep(ps, s);
}

void
prescan_run(struct prescan *ps, const char *s, size_t len)
{
	struct prescan_scan	 sc;
	struct prescan_line	 ln;
	const char		*nl;
	size_t			 off = 0, end;

	memset(&sc, 0, sizeof(sc));
	sc.ps = ps;
	sc.prev = PRESCAN_PREV_FRESH;
	while (off < len && !ps->unsure) {
		nl = memchr(s + off, '\n', len - off);
		end = nl != NULL ? (size_t)(nl - s) : len;
		prescan_line_init(&ln, s, off, end - off);
		prescan_line(&sc, &ln);
		off = end + 1;
	}
	if (ps->unsure) {
		ps->ncuts = 0;
		ps->ndefs = 0;
		return;
	}
	prescan_def_ends(ps, s, len);
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

/* FNV-1a, over the label folded and trimmed of blanks. */
static uint64_t
prescan_label_hash(const char *s, size_t len)
{
	struct buf	 f;
	uint64_t	 h = PRESCAN_FNV_BASIS;
	size_t		 a = 0, b;

	if (prescan_label_hash_ascii(s, len, &h))
		return h;
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
	return h;
}

/*
 * The end of the label that opens at s[i] ('['): the offset of its ']',
 * past escapes, or 0 when there is none in reach or another '[' comes
 * first (labels hold no bare brackets).
 */
static size_t
prescan_label_end(const char *s, size_t len, size_t i)
{
	size_t	 j;

	for (j = i + 1; j < len && j - i <= PRESCAN_LABEL_MAX + 1; j++) {
		if (s[j] == '\\') {
			j++;
			continue;
		}
		if (s[j] == '[')
			return 0;
		if (s[j] == ']')
			return j;
	}
	return 0;
}

static bool
prescan_opens_def(const char *s, size_t start, size_t end)
{
	size_t	 i = start, k = 0;

	while (i < end && s[i] == ' ' && k++ < 3)
		i++;
	return i < end && s[i] == '[';
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
		if (d == NULL || prescan_opens_def(s, at, next)) {
			*defs = xgrow(*defs, cap, *n + 1, sizeof(**defs));
			d = &(*defs)[(*n)++];
			d->off = at;
			i = at;
			while (s[i] != '[')
				i++;
			close = prescan_label_end(s, end, i);
			d->always = close == 0;
			d->label = close == 0 ? 0 :
			    prescan_label_hash(s + i + 1, close - i - 1);
		}
		d->len = next - d->off;
	}
}

static int
prescan_hash_cmp(const void *a, const void *b)
{
	uint64_t	 x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
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
		if ((close = prescan_label_end(s, len, i)) != 0) {
			*refs = xgrow(*refs, cap, *n + 1, sizeof(**refs));
			(*refs)[(*n)++] = prescan_label_hash(s + i + 1,
			    close - i - 1);
		}
		i++;
	}
	if (*n > 1)
		qsort(*refs, *n, sizeof(**refs), prescan_hash_cmp);
}

bool
prescan_refs_has(const uint64_t *refs, size_t n, uint64_t label)
{
	size_t	 lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (refs[mid] == label)
			return true;
		if (refs[mid] < label)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}
