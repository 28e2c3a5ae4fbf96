/*
 * layout-line: lines and segments, the primitives that the block layout,
 * the fill of prose and the table layout all build with: a layout's
 * memory; a line begun with the prefix its containers draw (quote bars,
 * list markers), and the blank line before a block; text, decoration and
 * the stand-ins of tabs and controls put on it.  It calls nothing else of
 * the layout's, and draws nothing.
 */
#include "layout-private.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "text.h"

/* How far back to look for the leaf before a block, past containers. */
#define LAYOUT_SCAN_BACK	64

static const char *const layout_bullets[] = { "\xe2\x80\xa2", /* • */
	"\xe2\x97\xa6", /* ◦ */ "\xe2\x96\xaa" /* ▪ */ };

void
layout_init(struct layout *l)
{
	memset(l, 0, sizeof(*l));
	buf_init(&l->deco);
	l->scratch = xcalloc(1, sizeof(*l->scratch));
}

static void
layout_scratch_free(struct layout *l)
{
	if (l->scratch == NULL)
		return;
	free(l->scratch->brk);
	free(l->scratch->runs);
	free(l->scratch->refs);
	free(l->scratch->events);
	free(l->scratch);
	l->scratch = NULL;
}

void
layout_release(struct layout *l)
{
	layout_scratch_free(l);
	free(l->lines);
	free(l->segs);
	buf_release(&l->deco);
	memset(l, 0, sizeof(*l));
}

/* An array of `n` elements of `size` bytes, its room cut to them. */
static void *
layout_trim(void *a, size_t n, size_t size, size_t *cap)
{
	if (n == *cap)
		return a;
	*cap = n;
	if (n == 0) {
		free(a);
		return NULL;
	}
	return xreallocarray(a, n, size);
}

void
layout_settle(struct layout *l)
{
	layout_scratch_free(l);
	l->lines = layout_trim(l->lines, l->nlines, sizeof(*l->lines),
	    &l->caplines);
	l->segs = layout_trim(l->segs, l->nsegs, sizeof(*l->segs),
	    &l->capsegs);
}

size_t
layout_bytes(const struct layout *l)
{
	return sizeof(*l) + l->caplines * sizeof(*l->lines) +
	    l->capsegs * sizeof(*l->segs) + l->deco.cap;
}

/* Lines and segments. */

void
layout_line_begin(struct layout *l)
{
	struct layout_line	*ln;

	l->lines = xgrow(l->lines, &l->caplines, l->nlines + 1,
	    sizeof(*l->lines));
	ln = &l->lines[l->nlines++];
	ln->seg = l->nsegs;
	ln->nseg = 0;
	ln->cols = 0;
}

unsigned int
layout_line_cols(const struct layout *l)
{
	return l->lines[l->nlines - 1].cols;
}

struct layout_seg *
layout_seg_add(struct layout *l, enum layout_seg_kind kind,
    enum layout_role role, unsigned int cols)
{
	struct layout_seg	*s;

	l->segs = xgrow(l->segs, &l->capsegs, l->nsegs + 1, sizeof(*l->segs));
	s = &l->segs[l->nsegs++];
	memset(s, 0, sizeof(*s));
	s->kind = (unsigned char)kind;
	s->role = (unsigned char)role;
	s->cols = cols;
	l->lines[l->nlines - 1].nseg++;
	l->lines[l->nlines - 1].cols += cols;
	return s;
}

void
layout_text(struct layout *l, enum layout_role role, unsigned char style,
    size_t off, size_t len, unsigned int cols)
{
	struct layout_seg	*s;

	if (len == 0)
		return;
	s = layout_seg_add(l, LAYOUT_SEG_TEXT, role, cols);
	s->off = off;
	s->len = len;
	s->style = style;
}

void
layout_deco(struct layout *l, enum layout_seg_kind kind, enum layout_role role,
    const char *bytes, size_t n, unsigned int cols, size_t off, size_t len)
{
	struct layout_seg	*s;

	/* One that draws nothing is kept only for the text it stands for. */
	if (n == 0 && len == 0)
		return;
	s = layout_seg_add(l, kind, role, cols);
	s->doff = l->deco.len;
	s->dlen = n;
	s->off = off;
	s->len = len;
	buf_add(&l->deco, bytes, n);
}

void
layout_blank(struct layout *l, enum layout_role role, unsigned int cols)
{
	static const char	 spaces[] = "                ";
	unsigned int		 n;

	while (cols > 0) {
		n = cols < sizeof(spaces) - 1 ? cols : sizeof(spaces) - 1;
		layout_deco(l, LAYOUT_SEG_DECO, role, spaces, n, n, 0, 0);
		cols -= n;
	}
}

void
layout_repeat(struct layout *l, enum layout_role role, const char *ch,
    unsigned int cols)
{
	struct buf	 tmp;
	unsigned int	 i;

	buf_init(&tmp);
	for (i = 0; i < cols; i++)
		buf_adds(&tmp, ch);
	layout_deco(l, LAYOUT_SEG_DECO, role, tmp.data, tmp.len, cols, 0, 0);
	buf_release(&tmp);
}

/* Prefixes drawn by containers. */

/* Cells the marker of item `it` takes, its trailing space included. */
static unsigned int
layout_marker_cols(const struct doc_block *it)
{
	if (it->flags & DOC_ORDERED)
		return it->marker_digits + 2;
	return 2;
}

/*
 * Prefix budget: the text keeps at least half the line, and never less
 * than LAYOUT_MIN_WIDTH cells, so that any character or symbol fits.
 */
static unsigned int
layout_prefix_budget(unsigned int width)
{
	unsigned int	 half = width / 2;

	return width - half < LAYOUT_MIN_WIDTH ? width - LAYOUT_MIN_WIDTH :
	    half;
}

static void
layout_marker(struct layout *l, const struct doc_block *it)
{
	char	 num[32];
	int	 n;

	if (it->flags & DOC_ORDERED) {
		n = snprintf(num, sizeof(num), "%*lu%c ",
		    (int)it->marker_digits, it->number, it->delim);
		if (n > 0 && (size_t)n < sizeof(num))
			layout_deco(l, LAYOUT_SEG_DECO, LAYOUT_MARKER, num,
			    (size_t)n, (unsigned int)n, 0, 0);
		return;
	}
	layout_deco(l, LAYOUT_SEG_DECO, LAYOUT_MARKER,
	    layout_bullets[(it->level - 1) % 3], 3, 1, 0, 0);
	layout_blank(l, LAYOUT_MARKER, 1);
}

/*
 * Draw the prefix of the containers around the block on a new line: a bar
 * for each quote, and for each item its marker on the first line of its
 * first leaf, blanks otherwise.  Past the budget, deeper levels are left
 * out.  With `blank`, only containers that also hold the previous leaf
 * draw, and trailing blanks are left out.
 */
static void
layout_prefix(struct layout_ctx *c, size_t upto, bool blank)
{
	struct layout		*l = c->l;
	const struct doc_block	*a;
	unsigned int		 i, need, budget, pending = 0;

	budget = layout_prefix_budget(c->width);
	for (i = 0; i < c->nanc && c->anc[i] < upto; i++) {
		a = &c->d->blocks[c->anc[i]];
		need = a->kind == DOC_QUOTE ? 2 : layout_marker_cols(a);
		if (layout_line_cols(l) + pending + need > budget)
			break;
		if (a->kind == DOC_ITEM && c->first && !blank &&
		    a->first_leaf == c->b) {
			layout_blank(l, LAYOUT_MARKER, pending);
			pending = 0;
			layout_marker(l, a);
		} else if (a->kind == DOC_QUOTE) {
			layout_blank(l, LAYOUT_QUOTE, pending);
			layout_deco(l, LAYOUT_SEG_DECO, LAYOUT_QUOTE,
			    "\xe2\x94\x82", 3, 1, 0, 0);	/* │ */
			pending = 1;
		} else
			pending += need;
	}
	if (!blank)
		layout_blank(l, LAYOUT_MARKER, pending);
}

void
layout_new_line(struct layout_ctx *c)
{
	unsigned int	 room;

	layout_line_begin(c->l);
	layout_prefix(c, c->b, false);
	room = c->width - layout_line_cols(c->l);
	if (c->leadcols > 0 && c->leadcols + LAYOUT_MIN_WIDTH <= room) {
		if (c->first && c->lead != NULL)
			layout_deco(c->l, LAYOUT_SEG_DECO, c->lead_role,
			    c->lead, strlen(c->lead), c->leadcols, 0, 0);
		else
			layout_blank(c->l, LAYOUT_BODY, c->leadcols);
	}
	c->first = false;
	c->col0 = layout_line_cols(c->l);
}

unsigned int
layout_room(const struct layout_ctx *c)
{
	return c->width - layout_line_cols(c->l);
}

/* The blank line before a block, with the bars of shared quotes. */
void
layout_gap(struct layout_ctx *c)
{
	size_t	 prev = c->b, steps = 0;

	while (prev > 0 && steps++ < LAYOUT_SCAN_BACK) {
		prev--;
		if (doc_is_leaf(c->d->blocks[prev].kind))
			break;
	}
	layout_line_begin(c->l);
	/* Containers before the previous leaf that hold this one hold both. */
	if (prev < c->b && doc_is_leaf(c->d->blocks[prev].kind))
		layout_prefix(c, prev, true);
}

/* Tabs and control characters, shown by what stands for them. */

/*
 * What stands for the tab or control character `cp`, `n` bytes at `pos`
 * of the block, `w` cells wide: blanks, or the control's symbol, cut to
 * the room left on the line, so that a narrow line never draws wider.
 * The segment stays, even with no cells, for the text it stands for.
 */
void
layout_subst(struct layout_ctx *c, uint32_t cp, size_t pos, size_t n,
    unsigned int w)
{
	char	 sym[8];
	size_t	 len;

	if (w > layout_room(c))
		w = layout_room(c);
	if (cp == '\t') {
		layout_deco(c->l, LAYOUT_SEG_SUBST, c->role, "        ", w, w,
		    c->base + pos, n);
		return;
	}
	len = text_control_symbol(cp, sym);
	/* Only the symbols of ASCII, one byte a cell, are wider than one. */
	if (w < text_char_width(cp))
		len = w;
	layout_deco(c->l, LAYOUT_SEG_SUBST, LAYOUT_CONTROL, sym, len, w,
	    c->base + pos, n);
}
