/*
 * load-tree: a cmark tree to doc records.  A tree is walked with
 * cmark_iter, never by recursion (input can nest tens of thousands of
 * levels deep): containers become quotes and items (flattened past
 * DOC_MAX_DEPTH), leaves get their text and inline spans, raw HTML is
 * read for what a reader needs and never shown as tags, and a paragraph
 * that holds a pipe table is handed to load-table.c.
 */

/* memrchr(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "load-private.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * Lines of code in one leaf.  The layout builds a leaf's lines at once,
 * and the pager and the dump hold them while it is shown: a code block
 * of millions of lines, as one leaf, would hold every line (64 bytes
 * each) to show a screenful.  As leaves of this many lines it costs what
 * is shown, and draws the same.
 */
#define LOAD_CODE_LINES		256

static struct load_frame *
load_push(struct load_state *st, enum load_frame_kind kind)
{
	struct load_frame	*f;

	st->frames = xgrow(st->frames, &st->capframes, st->nframes + 1,
	    sizeof(*st->frames));
	f = &st->frames[st->nframes++];
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->parent = st->parent;
	return f;
}

static void
load_pop(struct load_state *st)
{
	struct load_frame	*f;

	if (st->nframes == 0)
		return;
	f = &st->frames[--st->nframes];
	if (f->kind == LOAD_FRAME_CONTAINER)
		st->containers--;
	else if (f->kind == LOAD_FRAME_LIST) {
		st->lists--;
		if (f->tight && f->has_leaf)
			st->tight_with_leaf--;
	}
	st->parent = f->parent;
}

/*
 * Open a quote or an item as a doc container, or flatten it into its
 * parent past the depth limit.  Returns the block, or DOC_NONE.
 */
static size_t
load_container(struct load_state *st, enum doc_kind kind)
{
	if (st->containers >= DOC_MAX_DEPTH) {
		load_push(st, LOAD_FRAME_FLAT);
		st->flattened = true;
		return DOC_NONE;
	}
	load_push(st, LOAD_FRAME_CONTAINER);
	st->containers++;
	st->parent = doc_open(st->doc, kind, st->parent,
	    kind == DOC_ITEM ? st->lists : 0);
	return st->parent;
}

static unsigned int
load_digits(unsigned long n)
{
	unsigned int	 d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

static void
load_list(struct load_state *st, cmark_node *list)
{
	struct load_frame	*f;
	cmark_node		*it;
	unsigned long		 count = 0;

	for (it = cmark_node_first_child(list); it; it = cmark_node_next(it))
		count++;
	f = load_push(st, LOAD_FRAME_LIST);
	st->lists++;
	f->tight = cmark_node_get_list_tight(list);
	if (cmark_node_get_list_type(list) == CMARK_ORDERED_LIST) {
		f->number = (unsigned long)cmark_node_get_list_start(list);
		f->delim = cmark_node_get_list_delim(list) ==
		    CMARK_PAREN_DELIM ? ')' : '.';
		f->digits = load_digits(f->number + (count ? count - 1 : 0));
	}
}

/*
 * A leaf gets a blank line before it unless it is the article's first, or
 * a tight list around it already holds an earlier leaf.
 */
static void	 load_strike_close(struct load_state *);

void
load_leaf_open(struct load_state *st, enum doc_kind kind, unsigned int level)
{
	struct doc_block	*blk;
	size_t			 i;
	bool			 no_gap;

	/* A section's notes are listed before the next one starts. */
	if (kind == DOC_HEADING && st->parent == DOC_NONE)
		load_notes_flush(st);
	/* A parent's strikes are looked for within its block only: the
	   next block's nodes may come at the same addresses. */
	memset(st->strike_none, 0, sizeof(st->strike_none));
	no_gap = st->tight_with_leaf > 0 || !st->any_leaf;
	st->any_leaf = true;
	st->leaf = doc_open(st->doc, kind, st->parent, level);
	blk = &st->doc->blocks[st->leaf];
	if (no_gap)
		blk->flags |= DOC_NO_GAP;
	/* Lists that had no leaf yet form the top of the stack. */
	for (i = st->nframes; i-- > 0; ) {
		struct load_frame	*f = &st->frames[i];

		if (f->kind != LOAD_FRAME_LIST)
			continue;
		if (f->has_leaf)
			break;
		f->has_leaf = true;
		if (f->tight)
			st->tight_with_leaf++;
	}
}

void
load_leaf_close(struct load_state *st)
{
	/* What inline HTML left open ends with its block, and a strike
	   whose closer was not reached. */
	load_strike_close(st);
	load_html_close_above(st, 0);
	if (st->leaf == DOC_NONE)
		return;
	doc_close(st->doc, st->leaf);
	st->leaf = DOC_NONE;
}

static void
load_item(struct load_state *st, cmark_node *item)
{
	struct load_frame	*list;
	struct doc_block	*blk;
	size_t			 b, at = DOC_NONE;

	/* An index: opening the item may move the frames. */
	if (st->nframes > 0 &&
	    st->frames[st->nframes - 1].kind == LOAD_FRAME_LIST)
		at = st->nframes - 1;
	if ((b = load_container(st, DOC_ITEM)) != DOC_NONE && at != DOC_NONE) {
		list = &st->frames[at];
		blk = &st->doc->blocks[b];
		if (list->delim != 0) {
			blk->flags |= DOC_ORDERED;
			blk->number = list->number++;
			blk->delim = list->delim;
			blk->marker_digits = list->digits;
		}
	}
	/* An empty item still shows its marker. */
	if (cmark_node_first_child(item) == NULL) {
		load_leaf_open(st, DOC_PARAGRAPH, 0);
		load_leaf_close(st);
	}
}

/*
 * Where the leaf of code from `from` of the `len` bytes at `s` ends: at
 * the newline that ends its LOAD_CODE_LINES-th line, or at `len`.
 */
static size_t
load_code_cut(const char *s, size_t from, size_t len)
{
	const char	*nl = s + from;
	size_t		 k;

	for (k = 0; k < LOAD_CODE_LINES; k++) {
		if ((nl = memchr(nl, '\n', (size_t)(s + len - nl))) == NULL)
			return len;
		nl++;
	}
	return (size_t)(nl - s) - 1;
}

/*
 * A leaf whose whole text is the node's literal, less its final newline;
 * code in leaves of LOAD_CODE_LINES lines, the later ones with no gap
 * before them, so that they draw as the one block they are.
 */
static void
load_literal_leaf(struct load_state *st, cmark_node *n, enum doc_kind kind)
{
	const char	*lit = cmark_node_get_literal(n);
	size_t		 len, from = 0, to;

	if (lit == NULL)
		lit = "";
	len = strlen(lit);
	if (len > 0 && lit[len - 1] == '\n')
		len--;
	do {
		to = kind == DOC_CODE ? load_code_cut(lit, from, len) : len;
		load_leaf_open(st, kind, 0);
		if (from > 0)
			st->doc->blocks[st->leaf].flags |= DOC_NO_GAP |
			    DOC_CONTINUED;
		doc_add_text(st->doc, lit + from, to - from);
		load_leaf_close(st);
		from = to + 1;
	} while (to < len);
}

/* Open a span of `kind` on the stack; a link's or image's URL `url`. */
static void
load_span_push(struct load_state *st, enum doc_span_kind kind,
    const char *url)
{
	size_t	 sp;

	sp = doc_span_open(st->doc, kind);
	if ((kind == DOC_SPAN_LINK || kind == DOC_SPAN_IMAGE) && url != NULL)
		doc_span_set_url(st->doc, sp, url, strlen(url));
	st->spans = xgrow(st->spans, &st->capspans, st->nspans + 1,
	    sizeof(*st->spans));
	st->spans[st->nspans++] = sp;
}

static void
load_span_close(struct load_state *st)
{
	if (st->nspans > 0)
		doc_span_close(st->doc, st->spans[--st->nspans]);
}

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

/* The strike open across inline nodes ends: the spans opened in it too. */
static void
load_strike_close(struct load_state *st)
{
	if (st->strike_node == NULL)
		return;
	load_html_close_above(st, st->strike_span + 1);
	while (st->nspans > st->strike_span)
		load_span_close(st);
	st->strike_node = NULL;
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

/*
 * Close the spans inline HTML opened from the stack's index `at` up: a
 * span of the Markdown that ends, or the block's end, closes the HTML
 * elements left open inside it, as a browser does.
 */
void
load_html_close_above(struct load_state *st, size_t at)
{
	while (st->nhtml > 0 && st->html[st->nhtml - 1].at >= at &&
	    st->html[st->nhtml - 1].at + 1 == st->nspans) {
		load_span_close(st);
		st->nhtml--;
	}
}

/* An end tag closes its element if it is open above the Markdown's spans. */
static void
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
static void
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
static void
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

/*
 * An inline element opened where its block has no text yet: it opens with
 * the text, so that an element with none, "<h1><b></b></h1>", makes no
 * block at all.  Past LOAD_HTML_PENDING_MAX of them, the rest are plain.
 */
#define LOAD_HTML_PENDING_MAX	16

struct load_html_pending {
	enum html_role	 role;
	char		 name[HTML_NAME_MAX];
	char		*href;
};

/* How an HTML block is being read. */
struct load_html_block {
	struct load_html_pending pending[LOAD_HTML_PENDING_MAX];
	size_t		 npending;
	struct buf	 text;		/* decoded text, before it goes */
	unsigned int	 pre;		/* <pre> elements open */
	size_t		 newlines;	/* in <pre>: held back, as the last
					   ones are no text */
	bool		 pre_start;	/* just after <pre>: a newline first
					   is no text */
	bool		 space;		/* a blank is owed before more text */
	bool		 line_start;	/* after <br>: no blank owed */
	bool		 summary;	/* in <summary> */
	unsigned int	 heading;	/* in <h1> to <h6>: its level */
};

/* A paragraph (in <pre>, code) for text or an element, unless one is open. */
static bool
load_html_leaf(struct load_state *st, struct load_html_block *hb)
{
	struct load_html_pending	*p;
	size_t				 i;

	if (st->leaf != DOC_NONE)
		return false;
	/* A heading only once it has text: <h1></h1> makes no section. */
	if (hb->heading > 0)
		load_leaf_open(st, DOC_HEADING, hb->heading);
	else
		load_leaf_open(st, hb->pre > 0 ? DOC_CODE : DOC_PARAGRAPH, 0);
	if (hb->summary)
		doc_add_text(st->doc, "\xe2\x96\xb8 ", 4);	/* ▸ */
	for (i = 0; i < hb->npending; i++) {
		p = &hb->pending[i];
		load_html_push(st, p->role, p->name, p->href);
		free(p->href);
	}
	hb->npending = 0;
	return true;
}

/* Drop the elements waiting for text from the `from`th up. */
static void
load_html_unpend(struct load_html_block *hb, size_t from)
{
	while (hb->npending > from)
		free(hb->pending[--hb->npending].href);
}

/* An element waiting for text that `tag` ends goes, with those in it. */
static bool
load_html_pending_end(struct load_html_block *hb, const struct html_tag *tag)
{
	size_t	 k;

	for (k = hb->npending; k-- > 0; )
		if (strcmp(hb->pending[k].name, tag->name) == 0) {
			load_html_unpend(hb, k);
			return true;
		}
	return false;
}

/* Text in <pre>: as it is, but for the newlines that end it. */
static void
load_html_pre_text(struct load_state *st, struct load_html_block *hb,
    const char *s, size_t len)
{
	size_t	 n = 0;

	if (hb->pre_start && len > 0 && s[0] == '\n') {
		s++;
		len--;
	}
	hb->pre_start = false;
	hb->text.len = 0;
	html_text(s, len, false, &hb->space, &hb->text);
	while (n < hb->text.len && hb->text.data[hb->text.len - 1 - n] == '\n')
		n++;
	if (n == hb->text.len) {
		hb->newlines += n;
		return;
	}
	load_html_leaf(st, hb);
	for (; hb->newlines > 0; hb->newlines--)
		doc_add_text(st->doc, "\n", 1);
	doc_add_text(st->doc, hb->text.data, hb->text.len - n);
	hb->newlines = n;
}

static void
load_html_text(struct load_state *st, struct load_html_block *hb,
    const char *s, size_t len)
{
	if (hb->pre > 0) {
		load_html_pre_text(st, hb, s, len);
		return;
	}
	/* No blank opens a paragraph or a line. */
	if (st->leaf == DOC_NONE || hb->line_start)
		while (len > 0 && (*s == ' ' || *s == '\t' || *s == '\n' ||
		    *s == '\r' || *s == '\f')) {
			s++;
			len--;
		}
	hb->text.len = 0;
	html_text(s, len, true, &hb->space, &hb->text);
	if (hb->text.len == 0)
		return;
	hb->line_start = false;
	load_html_leaf(st, hb);
	doc_add_text(st->doc, hb->text.data, hb->text.len);
}

/*
 * An inline element's start: its span, after the blank owed before it,
 * or, where its block has no text yet, a wait for the text.
 */
static void
load_html_element(struct load_state *st, struct load_html_block *hb,
    const struct html_tag *tag, cmark_node *n, enum html_role role)
{
	struct load_html_pending	*p;

	/* What shows nothing opens nothing: <b/>, <a> with no href. */
	if (role == HTML_IMAGE ? tag->src[0] == '\0' && tag->alt[0] == '\0' :
	    tag->kind != HTML_START || (role == HTML_LINK &&
	    tag->href[0] == '\0'))
		return;
	if (st->leaf == DOC_NONE && role != HTML_IMAGE) {
		hb->space = false;
		if (hb->npending == LOAD_HTML_PENDING_MAX)
			return;
		p = &hb->pending[hb->npending++];
		p->role = role;
		memcpy(p->name, tag->name, sizeof(p->name));
		p->href = xstrdup(tag->href);
		return;
	}
	if (load_html_leaf(st, hb))
		hb->space = false;
	if (hb->space && hb->pre == 0)
		doc_add_text(st->doc, " ", 1);
	hb->space = false;
	load_html_inline(st, n, tag, role);
}

/* The end of a leaf in an HTML block: what it held back goes. */
static void
load_html_close(struct load_state *st, struct load_html_block *hb)
{
	load_leaf_close(st);
	hb->newlines = 0;
	hb->space = false;
}

/* A tag of an HTML block: what it breaks, opens or styles. */
static void
load_html_block_tag(struct load_state *st, struct load_html_block *hb,
    const struct html_tag *tag, cmark_node *n)
{
	const char	*name = tag->name;
	enum html_role	 role = html_role(name);
	bool		 start = tag->kind != HTML_END;

	if (name[0] == 'h' && name[1] >= '1' && name[1] <= '6' &&
	    name[2] == '\0') {
		load_html_close(st, hb);
		hb->heading = start ? (unsigned int)(name[1] - '0') : 0;
	} else if (strcmp(name, "pre") == 0) {
		load_html_close(st, hb);
		if (start)
			hb->pre++;
		else if (hb->pre > 0)
			hb->pre--;
		hb->pre_start = start;
	} else if (strcmp(name, "hr") == 0) {
		load_html_close(st, hb);
		load_leaf_open(st, DOC_RULE, 0);
		load_leaf_close(st);
	} else if (html_is_block(name)) {
		load_html_close(st, hb);
		hb->heading = 0;
		hb->summary = start && strcmp(name, "summary") == 0;
	} else if (strcmp(name, "td") == 0 || strcmp(name, "th") == 0)
		hb->space = st->leaf != DOC_NONE;	/* cells apart */
	else if (role == HTML_BREAK) {
		if (st->leaf != DOC_NONE)
			doc_add_text(st->doc, "\n", 1);
		hb->space = false;
		hb->line_start = true;
	} else if (start && role != HTML_DROP)
		load_html_element(st, hb, tag, n, role);
	else if (!start && !load_html_pending_end(hb, tag))
		load_html_end(st, tag);
}

/*
 * An HTML block is laid out as a browser would: its text as paragraphs
 * broken where block elements are, <h1> to <h6> as headings of the
 * section tree, <pre> verbatim, <hr> a rule, <summary> a line of its own,
 * inline elements styled as inline HTML is, and comments, scripts and
 * styles dropped with their content.
 */
static void
load_html_block(struct load_state *st, cmark_node *n)
{
	const char		*lit = cmark_node_get_literal(n);
	struct load_html_block	 hb = { .space = false };
	struct html_token	*t = xmalloc(sizeof(*t));
	struct html_reader	 r;

	html_reader_init(&r, lit != NULL ? lit : "", lit != NULL ?
	    strlen(lit) : 0);
	buf_init(&hb.text);
	while (html_next(&r, t)) {
		if (t->kind == HTML_TOKEN_TEXT)
			load_html_text(st, &hb, lit + t->off, t->len);
		else if (t->kind == HTML_TOKEN_TAG && t->tag.name[0] != '\0')
			load_html_block_tag(st, &hb, &t->tag, n);
	}
	if (r.unclosed < r.len && st->unclosed_line == 0)
		st->unclosed_line = cmark_node_get_start_line(n) +
		    (int)load_count_lines(lit, r.unclosed);
	load_html_close(st, &hb);
	load_html_unpend(&hb, 0);
	buf_release(&hb.text);
	free(t);
}

static void	 load_event_kind(struct load_state *, cmark_node *,
		    cmark_node_type, bool);

void
load_event(struct load_state *st, cmark_node *n, cmark_event_type ev)
{
	cmark_node_type	 type = cmark_node_get_type(n);
	bool		 enter = ev == CMARK_EVENT_ENTER;

	load_event_kind(st, n, type, enter);
	/* A blank after inline HTML is held back only up to other text. */
	if (type != CMARK_NODE_HTML_INLINE && (type != CMARK_NODE_SOFTBREAK ||
	    !st->after_html))
		st->after_html = false;
}

static void
load_event_kind(struct load_state *st, cmark_node *n, cmark_node_type type,
    bool enter)
{
	switch (type) {
	case CMARK_NODE_BLOCK_QUOTE:
		if (enter)
			load_container(st, DOC_QUOTE);
		else
			load_pop(st);
		break;
	case CMARK_NODE_LIST:
		if (enter)
			load_list(st, n);
		else
			load_pop(st);
		break;
	case CMARK_NODE_ITEM:
		if (enter)
			load_item(st, n);
		else
			load_pop(st);
		break;
	case CMARK_NODE_PARAGRAPH:
	case CMARK_NODE_HEADING:
		if (!enter)
			load_leaf_close(st);
		else if (type == CMARK_NODE_PARAGRAPH)
			load_leaf_open(st, DOC_PARAGRAPH, 0);
		else
			load_leaf_open(st, DOC_HEADING,
			    (unsigned int)cmark_node_get_heading_level(n));
		break;
	case CMARK_NODE_CODE_BLOCK:
		load_literal_leaf(st, n, DOC_CODE);
		break;
	case CMARK_NODE_HTML_BLOCK:
		load_html_block(st, n);
		break;
	case CMARK_NODE_THEMATIC_BREAK:
		load_leaf_open(st, DOC_RULE, 0);
		load_leaf_close(st);
		break;
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
load_inlines(struct load_state *st, cmark_node *para)
{
	cmark_iter		*it;
	cmark_event_type	 ev;
	cmark_node		*n;

	it = cmark_iter_new(para);
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE)
		if ((n = cmark_iter_get_node(it)) != para)
			load_event(st, n, ev);
	cmark_iter_free(it);
}

/*
 * Whether node `n` may be a table, or end with one: a paragraph, or a
 * setext heading, which is one whose last line cmark took for an
 * underline: a table's rows end at "---", a rule, and "===" is a row.
 */
static bool
load_may_be_table(cmark_node *n)
{
	cmark_node_type	 type = cmark_node_get_type(n);

	return type == CMARK_NODE_PARAGRAPH || (type == CMARK_NODE_HEADING &&
	    cmark_node_get_end_line(n) > cmark_node_get_start_line(n));
}

/*
 * Whether event `ev` on `n` is one of cmark's reading of a table's rest:
 * a block entered inside the rest's anchor, which is skipped, what it
 * holds and its end too.
 */
static bool
load_in_rest(cmark_iter *it, const struct load_rest *rest, cmark_node *n,
    cmark_event_type ev)
{
	if (rest == NULL || ev != CMARK_EVENT_ENTER)
		return false;
	cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
	return true;
}

void
load_convert_block(struct load_state *st, cmark_node *block)
{
	cmark_iter		*it;
	cmark_event_type	 ev;
	cmark_node		*n;
	struct load_rest	*rest = NULL;

	it = cmark_iter_new(block);
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		n = cmark_iter_get_node(it);
		if (load_in_rest(it, rest, n, ev))
			continue;
		if (ev == CMARK_EVENT_ENTER && ((load_may_be_table(n) &&
		    load_source_piped(st, n) && load_table(st, n)) ||
		    (st->notes != NULL &&
		    cmark_node_get_type(n) == CMARK_NODE_LINK &&
		    load_notes_link(st, n)))) {
			/* Done with, what it holds and its end too. */
			cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
			rest = st->rest;
			st->rest = NULL;
			continue;
		}
		if (rest != NULL && n == rest->anchor && rest->inside) {
			load_table_rest(st, rest);
			rest = NULL;
		}
		load_event(st, n, ev);
		if (rest != NULL && n == rest->anchor) {
			load_table_rest(st, rest);
			rest = NULL;
		}
	}
	cmark_iter_free(it);
	/* Its anchor outside the block: it comes after. */
	if (rest != NULL)
		load_table_rest(st, rest);
}

/* Let go of what was found of the source. */
static void
load_source_release(struct load_source *src)
{
	free(src->marks);
	free(src->piped);
	memset(src, 0, sizeof(*src));
}

void
load_convert_text(struct load_state *st, const char *text, size_t len,
    int from_line)
{
	struct load_source	 saved = st->src;
	cmark_node		*root, *n;

	root = cmark_parse_document(text, len, CMARK_OPT_DEFAULT |
	    (st->smart ? CMARK_OPT_SMART : 0));
	/* The outer source's, kept aside, are not this one's to free. */
	memset(&st->src, 0, sizeof(st->src));
	load_state_source(st, text, len, 1);
	for (n = cmark_node_first_child(root); n != NULL; n =
	    cmark_node_next(n))
		if (cmark_node_get_start_line(n) >= from_line)
			load_convert_block(st, n);
	load_source_release(&st->src);
	st->src = saved;
	cmark_node_free(root);
}

/*
 * Convert the tree under `root` into doc records, from the top-level
 * block that starts on line `from_line` on, freeing each block once
 * converted: its arena chunks go back to malloc as they empty,
 * for the growing doc to reuse, so the whole tree and the whole doc are
 * never in memory together.
 */
void
load_convert(struct load_state *st, cmark_node *root, int from_line)
{
	cmark_node		*child, *next;

	for (child = cmark_node_first_child(root); child; child = next) {
		next = cmark_node_next(child);
		/* Blocks the doc has already, from pieces. */
		if (cmark_node_get_start_line(child) >= from_line)
			load_convert_block(st, child);
		cmark_node_free(child);
	}
	cmark_node_free(root);
}

void
load_made_leaf(struct load_state *st, enum doc_kind kind, unsigned int level,
    const char *s)
{
	load_leaf_open(st, kind, level);
	doc_add_text(st->doc, s, strlen(s));
	load_leaf_close(st);
}


void
load_state_init(struct load_state *st, struct doc *d)
{
	memset(st, 0, sizeof(*st));
	st->doc = d;
	st->parent = DOC_NONE;
	st->leaf = DOC_NONE;
}

void
load_state_release(struct load_state *st)
{
	free(st->frames);
	free(st->spans);
	free(st->html);
	load_notes_free(st);
	load_source_release(&st->src);
}

/*
 * A mark at the first line that starts LOAD_SOURCE_BYTES or more past the
 * one before: a line is found from the mark before it, walking the lines
 * of that many bytes and one more, and the marks (16 bytes each) stay a
 * small part of the text however short its lines.  A line found from the
 * last one found walks at most LOAD_SOURCE_LINES.
 */
#define LOAD_SOURCE_BYTES	512
#define LOAD_SOURCE_LINES	16

/*
 * The marks of the source: a memchr() finds each, and the lines between
 * two are counted at the pace of load_count_lines(), where a memchr() a
 * line would cost a call each.
 */
static void
load_source_index(struct load_source *src)
{
	struct load_mark	 m = { 0, src->first };
	const char		*nl;
	size_t			 cap = 0, from;

	if (src->marks != NULL)
		return;
	src->marks = xgrow(src->marks, &cap, 1, sizeof(*src->marks));
	src->marks[src->nmarks++] = m;
	while (src->len - m.off > LOAD_SOURCE_BYTES) {
		from = m.off + LOAD_SOURCE_BYTES - 1;
		if ((nl = memchr(src->s + from, '\n', src->len - from)) ==
		    NULL)
			break;
		from = m.off;
		m.off = (size_t)(nl - src->s) + 1;
		m.line += (int)load_count_lines(src->s + from, m.off - from);
		src->marks = xgrow(src->marks, &cap, src->nmarks + 1,
		    sizeof(*src->marks));
		src->marks[src->nmarks++] = m;
	}
	src->last = m.line + (int)load_count_lines(src->s + m.off,
	    src->len - m.off);
	src->at = src->marks[0];
}

/*
 * The last mark at or before both line `line` and offset `off` (marks go
 * up in both): pass INT_MAX or SIZE_MAX for the one that does not matter.
 */
static struct load_mark
load_source_mark(const struct load_source *src, int line, size_t off)
{
	size_t	 lo = 0, hi = src->nmarks, mid;

	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (src->marks[mid].line <= line && src->marks[mid].off <= off)
			lo = mid;
		else
			hi = mid;
	}
	return src->marks[lo];
}

bool
load_source_line(struct load_state *st, int line, const char **s,
    size_t *len)
{
	struct load_source	*src = &st->src;
	struct load_mark	 m;
	const char		*nl;

	if (line < src->first)
		return false;
	load_source_index(src);
	if (line > src->last)
		return false;
	/* From the line found last, when it is on the way. */
	if (src->at.line <= line && line - src->at.line < LOAD_SOURCE_LINES)
		m = src->at;
	else if ((m = load_source_mark(src, line, SIZE_MAX)).line <
	    src->at.line && src->at.line <= line)
		m = src->at;
	for (; m.line < line; m.line++) {
		nl = memchr(src->s + m.off, '\n', src->len - m.off);
		m.off = (size_t)(nl - src->s) + 1;
	}
	src->at = m;
	*s = src->s + m.off;
	nl = memchr(*s, '\n', src->len - m.off);
	*len = nl != NULL ? (size_t)(nl - *s) : src->len - m.off;
	return true;
}

/* The line, in cmark's numbering, that offset `off` of the source is on. */
static int
load_source_line_of(struct load_source *src, size_t off)
{
	struct load_mark	 m;

	load_source_index(src);
	m = load_source_mark(src, INT_MAX, off);
	return m.line + (int)load_count_lines(src->s + m.off, off - m.off);
}

/*
 * The needle is looked for by its last byte: "[^" by its '^', rarer in
 * prose and code than its '['.
 */
size_t
load_source_lines_with(struct load_state *st, const char *needle,
    int **lines)
{
	struct load_source	*src = &st->src;
	const char		*p, *end = src->s + src->len, *nl;
	size_t			 n = 0, cap = 0, nlen = strlen(needle);

	*lines = NULL;
	if (nlen == 0 || src->len < nlen)
		return 0;
	p = src->s + nlen - 1;
	while ((p = memchr(p, needle[nlen - 1], (size_t)(end - p))) != NULL) {
		if (memcmp(p - (nlen - 1), needle, nlen - 1) != 0) {
			p++;
			continue;
		}
		*lines = xgrow(*lines, &cap, n + 1, sizeof(**lines));
		(*lines)[n++] = load_source_line_of(src, (size_t)(p - src->s));
		/* Each line once: on from the next. */
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL ||
		    (size_t)(end - nl) <= nlen)
			break;
		p = nl + nlen;
	}
	return n;
}

bool
load_lines_meet(const int *lines, size_t n, int from, int to)
{
	size_t	 lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (lines[mid] < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && lines[lo] <= to;
}

/*
 * Whether a line of paragraph `n` holds a '|': the source's lines that
 * do are found once, in one memchr() pass, and each paragraph's looked up
 * among them.
 */
bool
load_source_piped(struct load_state *st, cmark_node *n)
{
	struct load_source	*src = &st->src;
	int			 from = cmark_node_get_start_line(n);
	int			 to = cmark_node_get_end_line(n);

	if (!src->pipes)
		return false;
	/* A '|' is there: a source asked once has a line with one. */
	if (src->piped == NULL)
		src->npiped = load_source_lines_with(st, "|", &src->piped);
	return from >= src->first && to <= src->last &&
	    load_lines_meet(src->piped, src->npiped, from, to);
}

void
load_state_source(struct load_state *st, const char *src, size_t len,
    int line)
{
	load_source_release(&st->src);
	st->src.s = src;
	st->src.len = len;
	st->src.first = line;
	st->src.pipes = memchr(src, '|', len) != NULL;
}
