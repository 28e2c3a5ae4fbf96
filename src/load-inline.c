/*
 * load-inline: a leaf's inlines to doc text and spans: text (with GFM's
 * strike-through, a task's box, footnote marks), code, emphasis, links
 * and images, line breaks, and inline HTML, never shown as tags.  It
 * works on the leaf and the spans load-leaf.c opens, and marks notes with
 * load-notes.c; it opens no block, and calls nothing above it.
 */
#include "load-convert.h"

#include <stdlib.h>
#include <string.h>

/*
 * A text node's literal with what is next to it in its parent, for GFM's
 * strike-through: its runs of tildes flank as emphasis's do, and that
 * may look at the character before or after the text.
 */
struct load_run {
	const char	*s;
	size_t		 len;
	char		 before;	/* ' ' for a blank, '*' punctuation, */
	char		 after;		/* 'a' anything else */
};

/* What the inline node `sib` next to a text shows on that side. */
static char
load_edge(cmark_node *sib, cmark_node *parent, bool sib_is_before)
{
	const char	*lit;
	size_t		 len;

	if (sib == NULL) {
		/* A block's start or end is blank; an emphasis's or a
		   link's text is within punctuation. */
		cmark_node_type t = cmark_node_get_type(parent);

		return t == CMARK_NODE_PARAGRAPH || t == CMARK_NODE_HEADING ?
		    ' ' : '*';
	}
	switch (cmark_node_get_type(sib)) {
	case CMARK_NODE_SOFTBREAK:
	case CMARK_NODE_LINEBREAK:
		return ' ';
	case CMARK_NODE_TEXT:
		if ((lit = cmark_node_get_literal(sib)) == NULL ||
		    (len = strlen(lit)) == 0)
			return ' ';
		return sib_is_before ? lit[len - 1] : lit[0];
	default:
		return '*';	/* `code`, *emphasis*, [link], <tag> */
	}
}

static void
load_run_of(struct load_run *r, cmark_node *n, const char *lit, size_t len)
{
	cmark_node	*parent = cmark_node_parent(n);

	r->s = lit;
	r->len = len;
	r->before = load_edge(cmark_node_previous(n), parent, true);
	r->after = load_edge(cmark_node_next(n), parent, false);
}

/* The character at `i` of the run, which may be just before or after it. */
static char
load_run_at(const struct load_run *r, size_t i)
{
	if (i == (size_t)-1)
		return r->before;
	return i < r->len ? r->s[i] : r->after;
}

static bool
load_is_blank_at(const struct load_run *r, size_t i)
{
	char	 c = load_run_at(r, i);

	return c == ' ' || c == '\t' || c == '\n';
}

static bool
load_is_punct_at(const struct load_run *r, size_t i)
{
	char	 c = load_run_at(r, i);

	return c > ' ' && c < 0x7f && !((c | 0x20) >= 'a' &&
	    (c | 0x20) <= 'z') && !(c >= '0' && c <= '9');
}

/*
 * The length of the run of tildes at `i`, if it is one (1 or 2).  A run
 * that goes on into the node after, as "`~`~" does, is no delimiter of
 * this text's: how long it is there is not this text's to count.
 */
static size_t
load_tildes_at(const struct load_run *r, size_t i)
{
	size_t	 n = 0;

	if (load_run_at(r, i - 1) == '~')
		return 0;
	while (i + n < r->len && r->s[i + n] == '~')
		n++;
	if (i + n == r->len && r->after == '~')
		return 0;
	return n <= 2 ? n : 0;
}

/* Whether the run of `n` tildes at `i` may open a strike, close one. */
static bool
load_strike_opens(const struct load_run *r, size_t i, size_t n)
{
	return !load_is_blank_at(r, i + n) && (!load_is_punct_at(r, i + n) ||
	    load_is_blank_at(r, i - 1) || load_is_punct_at(r, i - 1));
}

static bool
load_strike_closes(const struct load_run *r, size_t j, size_t n)
{
	return !load_is_blank_at(r, j - 1) && (!load_is_punct_at(r, j - 1) ||
	    load_is_blank_at(r, j + n) || load_is_punct_at(r, j + n));
}

/*
 * Where the run of `n` tildes that closes one opened before `from` is, or
 * r->len.  What makes a closer does not depend on the opener, so once
 * none is found from a place, none is looked for from a later one
 * (`none`, by run length): a paragraph of "~~a " repeated costs one pass,
 * not one a tilde.
 */
static size_t
load_strike_end(const struct load_run *r, size_t from, size_t n,
    size_t none[3])
{
	const char	*p;
	size_t		 j;

	for (j = from; j < none[n]; j++) {
		if ((p = memchr(r->s + j, '~', none[n] - j)) == NULL)
			break;
		j = (size_t)(p - r->s);
		if (load_tildes_at(r, j) == n && load_strike_closes(r, j, n))
			return j;
	}
	if (from < none[n])
		none[n] = from;
	return r->len;
}

/*
 * The closer of a strike of `n` tildes opened in text node `n`, in a later
 * text of the same parent, or NULL.  `*left` is how far the closer is
 * from the end of that text's literal: the end, for what load_text()
 * takes off the literal's start (blanks held after HTML) moves its
 * start.  A parent with none left for that length is not looked through
 * again.
 */
static cmark_node *
load_strike_end_after(struct load_state *st, cmark_node *text, size_t n,
    size_t *left)
{
	cmark_node	*m, *parent = cmark_node_parent(text);
	struct load_run	 r;
	const char	*lit;
	size_t		 none[3], at;

	if (st->strike_none[n] == parent)
		return NULL;
	for (m = cmark_node_next(text); m != NULL; m = cmark_node_next(m)) {
		if (cmark_node_get_type(m) != CMARK_NODE_TEXT ||
		    (lit = cmark_node_get_literal(m)) == NULL)
			continue;
		load_run_of(&r, m, lit, strlen(lit));
		none[0] = none[1] = none[2] = r.len;
		if ((at = load_strike_end(&r, 0, n, none)) < r.len) {
			*left = r.len - at;
			return m;
		}
	}
	st->strike_none[n] = parent;
	return NULL;
}

/* Text as it is, but for its footnote marks. */
static void
load_text_plain(struct load_state *st, const char *s, size_t len)
{
	if (st->notes != NULL)
		load_notes_text(st, s, len);
	else
		doc_add_text(st->doc, s, len);
}

/*
 * Text node `n`'s literal, with each "~~struck~~" (or "~struck~") a
 * span of its text, the number of its tildes the span's `link`: the
 * layout puts them back where the output cannot strike text through
 * (the pager's curses, plain text).  A strike may end in a later text of
 * the same parent, "~~a *b* c~~"; it is then a span on the stack until
 * its closer.
 */
static void
load_text_struck(struct load_state *st, cmark_node *n, const char *s,
    size_t len)
{
	struct load_run	 r;
	cmark_node	*end;
	size_t		 i, e, k, from = 0, sp, none[3] = { len, len, len };

	/* Most texts hold no tilde: they need no look at their neighbours. */
	if (st->strike_node != n && memchr(s, '~', len) == NULL) {
		load_text_plain(st, s, len);
		return;
	}
	load_run_of(&r, n, s, len);
	if (st->strike_node == n) {
		/* The closer's byte before it is no blank: none went. */
		from = st->strike_left < len ? len - st->strike_left : 0;
		load_text_plain(st, s, from);
		load_strike_close(st);
		from += st->strike_run;
	}
	for (i = from; i < len; i++) {
		if (s[i] != '~' || (k = load_tildes_at(&r, i)) == 0 ||
		    !load_strike_opens(&r, i, k)) {
			i += s[i] == '~' ? strspn(s + i, "~") - 1 : 0;
			continue;
		}
		if ((e = load_strike_end(&r, i + k + 1, k, none)) < len) {
			load_text_plain(st, s + from, i - from);
			sp = doc_span_open(st->doc, DOC_SPAN_STRIKE);
			doc_span_set_link(st->doc, sp, (unsigned int)k);
			load_text_plain(st, s + i + k, e - i - k);
			doc_span_close(st->doc, sp);
			from = e + k;
			i = from - 1;
			continue;
		}
		if (st->strike_node != NULL ||
		    (end = load_strike_end_after(st, n, k, &e)) == NULL) {
			i += k - 1;
			continue;
		}
		load_text_plain(st, s + from, i - from);
		from = i + k;
		load_span_push(st, DOC_SPAN_STRIKE, NULL);
		doc_span_set_link(st->doc, st->spans[st->nspans - 1],
		    (unsigned int)k);
		st->strike_span = st->nspans - 1;
		st->strike_node = end;
		st->strike_left = e;
		st->strike_run = k;
		break;
	}
	load_text_plain(st, s + from, len - from);
}

/*
 * Whether text node `n` opens a task list item, "[ ] " or "[x] ": the
 * first text of the first paragraph of a list item.  Its box in `*done`.
 */
static bool
load_is_task(cmark_node *n, const char *lit, bool *done)
{
	cmark_node	*para = cmark_node_parent(n), *item;

	if (para == NULL || cmark_node_first_child(para) != n ||
	    cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH ||
	    (item = cmark_node_parent(para)) == NULL ||
	    cmark_node_get_type(item) != CMARK_NODE_ITEM ||
	    cmark_node_first_child(item) != para)
		return false;
	if (lit[0] != '[' || (lit[1] != ' ' && lit[1] != 'x' &&
	    lit[1] != 'X') || lit[2] != ']' || (lit[3] != ' ' &&
	    lit[3] != '\t'))
		return false;
	*done = lit[1] != ' ';
	return true;
}

/*
 * Whether a blank is held back: after inline HTML, where the text already
 * ends with a blank or a line break ("<br>" at a line's end, a comment
 * between two words), as a browser collapses the blanks around tags.
 */
static bool
load_blank_held(struct load_state *st)
{
	const struct buf	*t = &st->doc->text;

	if (!st->after_html)
		return false;
	return st->leaf == DOC_NONE || t->len <= st->doc->blocks[st->leaf].off ||
	    t->data[t->len - 1] == ' ' || t->data[t->len - 1] == '\n';
}

static void
load_text(struct load_state *st, cmark_node *n)
{
	const char	*lit = cmark_node_get_literal(n);
	bool		 done;

	if (lit == NULL)
		return;
	if (load_blank_held(st))
		lit += strspn(lit, " \t");
	if (load_is_task(n, lit, &done)) {
		/* U+2611 BALLOT BOX WITH CHECK, U+2610 BALLOT BOX */
		doc_add_text(st->doc, done ? "\xe2\x98\x91 " : "\xe2\x98\x90 ",
		    4);
		lit += 4;
	}
	load_text_struck(st, n, lit, strlen(lit));
}

static void
load_span_open(struct load_state *st, enum doc_span_kind kind, cmark_node *n)
{
	load_span_push(st, kind, kind == DOC_SPAN_LINK ||
	    kind == DOC_SPAN_IMAGE ? cmark_node_get_url(n) : NULL);
}

/*
 * A span whose whole text is the node's literal, as it is: in code, "~~"
 * strikes nothing and "[^1]" is no footnote mark.
 */
static void
load_literal_span(struct load_state *st, cmark_node *n, enum doc_span_kind k)
{
	const char	*lit = cmark_node_get_literal(n);

	load_span_open(st, k, n);
	if (lit != NULL) {
		if (load_blank_held(st))
			lit += strspn(lit, " \t");
		doc_add_text(st->doc, lit, strlen(lit));
	}
	load_span_close(st);
}

static enum doc_span_kind
load_span_kind(cmark_node_type type)
{
	switch (type) {
	case CMARK_NODE_EMPH:
		return DOC_SPAN_EMPH;
	case CMARK_NODE_STRONG:
		return DOC_SPAN_STRONG;
	case CMARK_NODE_LINK:
		return DOC_SPAN_LINK;
	default:
		return DOC_SPAN_IMAGE;
	}
}

/* An end tag closes its element if it is open above the Markdown's spans. */
void
load_html_end(struct load_state *st, const struct html_tag *tag)
{
	size_t	 k, top = st->nspans;

	for (k = st->nhtml; k-- > 0 && st->html[k].at + 1 == top; top--)
		if (strcmp(st->html[k].name, tag->name) == 0) {
			load_html_close_above(st, st->html[k].at);
			return;
		}
}

/* The span of an inline element of role `role`, named `name`. */
void
load_html_push(struct load_state *st, enum html_role role, const char *name,
    const char *href)
{
	static const enum doc_span_kind	 kinds[] = {
		[HTML_CODE] = DOC_SPAN_CODE, [HTML_STRONG] = DOC_SPAN_STRONG,
		[HTML_EMPH] = DOC_SPAN_EMPH, [HTML_LINK] = DOC_SPAN_LINK,
		[HTML_STRIKE] = DOC_SPAN_STRIKE, [HTML_MARK] = DOC_SPAN_MARK,
		[HTML_UNDERLINE] = DOC_SPAN_UNDERLINE,
	};

	load_span_push(st, kinds[role], href);
	st->html = xgrow(st->html, &st->caphtml, st->nhtml + 1,
	    sizeof(*st->html));
	st->html[st->nhtml].at = st->nspans - 1;
	memcpy(st->html[st->nhtml++].name, name, HTML_NAME_MAX);
}

/* <img>: its alt text, a numbered image when it has a source. */
static void
load_html_image(struct load_state *st, const struct html_tag *tag)
{
	if (tag->src[0] == '\0') {
		doc_add_text(st->doc, tag->alt, strlen(tag->alt));
		return;
	}
	load_span_push(st, DOC_SPAN_IMAGE, tag->src);
	doc_add_text(st->doc, tag->alt, strlen(tag->alt));
	load_span_close(st);
}

/*
 * Inline HTML is never shown as tags: an element a reader knows gets its
 * look (code, strong, emphasis, a numbered link or image, a line break),
 * any other tag goes and its text stays, and comments, processing
 * instructions and declarations go.  The tag is node `n`'s literal, or,
 * from an HTML block, `read`, already read, of role `role`.
 */
void
load_html_inline(struct load_state *st, cmark_node *n,
    const struct html_tag *read, enum html_role role)
{
	const char			*lit = cmark_node_get_literal(n);
	struct html_tag			*tag, *own = NULL;

	if (read == NULL) {
		if (lit == NULL)
			return;
		/* Three attribute buffers: too much for the stack of an
		   event handler, once for each tag. */
		read = tag = own = xmalloc(sizeof(*own));
		html_tag(lit, strlen(lit), tag);
		role = html_role(read->name);
	}
	if (read->kind == HTML_OTHER || read->name[0] == '\0')
		;
	else if (read->kind == HTML_END)
		load_html_end(st, read);
	else if (role == HTML_BREAK)
		doc_add_text(st->doc, "\n", 1);
	else if (role == HTML_IMAGE)
		load_html_image(st, read);
	else if (read->kind == HTML_START && role != HTML_DROP &&
	    (role != HTML_LINK || read->href[0] != '\0'))
		load_html_push(st, role, read->name, read->href);
	free(own);
}

static void
load_inline_kind(struct load_state *st, cmark_node *n, cmark_node_type type,
    bool enter)
{
	switch (type) {
	case CMARK_NODE_TEXT:
		load_text(st, n);
		break;
	case CMARK_NODE_SOFTBREAK:
		if (!load_blank_held(st))
			doc_add_text(st->doc, " ", 1);
		break;
	case CMARK_NODE_LINEBREAK:
		doc_add_text(st->doc, "\n", 1);
		break;
	case CMARK_NODE_CODE:
		load_literal_span(st, n, DOC_SPAN_CODE);
		break;
	case CMARK_NODE_HTML_INLINE:
		load_html_inline(st, n, NULL, HTML_DROP);
		st->after_html = true;
		break;
	case CMARK_NODE_EMPH:
	case CMARK_NODE_STRONG:
	case CMARK_NODE_LINK:
	case CMARK_NODE_IMAGE:
		if (enter)
			load_span_open(st, load_span_kind(type), n);
		else {
			load_html_close_above(st, 0);
			load_span_close(st);
		}
		break;
	default:
		/* The document node, and custom nodes the parser never makes. */
		break;
	}
}

void
load_inline_event(struct load_state *st, cmark_node *n, cmark_node_type type,
    bool enter)
{
	load_inline_kind(st, n, type, enter);
	/* A blank after inline HTML is held back only up to other text. */
	if (type != CMARK_NODE_HTML_INLINE && (type != CMARK_NODE_SOFTBREAK ||
	    !st->after_html))
		st->after_html = false;
}

void
load_inlines(struct load_state *st, cmark_node *para)
{
	cmark_iter		*it;
	cmark_event_type	 ev;
	cmark_node		*n;

	it = cmark_iter_new(para);
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE)
		if ((n = cmark_iter_get_node(it)) != para)
			load_inline_event(st, n, cmark_node_get_type(n),
			    ev == CMARK_EVENT_ENTER);
	cmark_iter_free(it);
}
