/*
 * load-tree: a cmark tree to doc records, the converter's dispatcher over
 * cmark's node kinds, on top of the files that do the work.  A tree is
 * walked with cmark_iter, never by recursion (input can nest tens of
 * thousands of levels deep): containers become quotes and items
 * (flattened past DOC_MAX_DEPTH), leaves get their text and inline spans
 * (load-inline.c), raw HTML blocks are read for what a reader needs and
 * never shown as tags, a paragraph that holds a pipe table is handed to
 * load-table.c, and a section's footnotes are listed before the next
 * heading (load-notes-list.c).  The files below call nothing here: what
 * they read again as blocks comes back through st->convert, set here.
 */
#include "load-convert.h"

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
 * A leaf of the article's own: a heading at the top lists the notes of
 * the section it ends first, for a section's notes are listed before the
 * next one starts.
 */
static void
load_block_open(struct load_state *st, enum doc_kind kind, unsigned int level)
{
	if (kind == DOC_HEADING && st->parent == DOC_NONE)
		load_notes_flush(st);
	load_leaf_open(st, kind, level);
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
		load_block_open(st, DOC_HEADING, hb->heading);
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

/*
 * A block's event, into doc records: false for any other node's, which
 * load-inline.c turns into text and spans.
 */
static bool
load_event_block(struct load_state *st, cmark_node *n, cmark_node_type type,
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
			load_block_open(st, DOC_HEADING,
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
	default:
		return false;
	}
	return true;
}

/* Turn one iterator event into doc records. */
static void
load_event(struct load_state *st, cmark_node *n, cmark_event_type ev)
{
	cmark_node_type	 type = cmark_node_get_type(n);
	bool		 enter = ev == CMARK_EVENT_ENTER;

	if (load_event_block(st, n, type, enter))
		st->after_html = false;
	else
		load_inline_event(st, n, type, enter);
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
	load_block_open(st, kind, level);
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
	st->convert = load_convert_block;
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
