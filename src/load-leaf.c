/*
 * load-leaf: the converter's primitives, which every part of it builds
 * with: leaves opened and closed, the stack of open spans, the spans
 * inline HTML opened, a strike that ends in a later text, and a text
 * parsed again whose blocks the dispatcher converts.  It calls nothing
 * of the converter by name but the source's lines: the text parsed again
 * holds any kind of block, so its blocks go to the dispatcher through the
 * pointer st->convert, which the dispatcher set (load_state_init()).
 * That is the one way back up, and it is a hand-over, not a call the
 * linker sees: tests/lint/layers.sh cannot check it.
 */
#include "load-convert.h"

#include <stdlib.h>
#include <string.h>

/*
 * A leaf gets a blank line before it unless it is the article's first, or
 * a tight list around it already holds an earlier leaf.  (A heading at
 * the top lists its section's notes first: load-tree.c does that, before
 * it opens one.)
 */
void
load_leaf_open(struct load_state *st, enum doc_kind kind, unsigned int level)
{
	struct doc_block	*blk;
	size_t			 i;
	bool			 no_gap;

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

/* Open a span of `kind` on the stack; a link's or image's URL `url`. */
void
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

void
load_span_close(struct load_state *st)
{
	if (st->nspans > 0)
		doc_span_close(st->doc, st->spans[--st->nspans]);
}

/* The strike open across inline nodes ends: the spans opened in it too. */
void
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
			st->convert(st, n);
	load_source_release(&st->src);
	st->src = saved;
	cmark_node_free(root);
}
