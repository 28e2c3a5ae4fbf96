/*
 * layout: turns one block of a doc into display lines at a given width;
 * the layout's top, which sends each block to what lays out its kind:
 * prose to the fill (layout-fill.c), a table to layout-table.c, headings,
 * code, notes and rules here.  Code is never reflowed, only continued
 * after a mark.  Containers (quotes, list items) draw their prefix on
 * every line of the leaves they hold (layout-line.c).  Widths and breaks
 * come from the text module only; nothing here draws.  Also the cache of
 * a doc's layouts at one width.
 */
#include "layout.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "layout-private.h"
#include "text.h"

#define LAYOUT_CODE_INDENT	4

struct layout *
layout_build(const struct doc *d, size_t b, unsigned int width)
{
	struct layout	*l = xmalloc(sizeof(*l));

	layout_init(l);
	layout_block(l, d, b, width);
	layout_settle(l);
	return l;
}

void
layout_free(struct layout *l)
{
	if (l == NULL)
		return;
	layout_release(l);
	free(l);
}

const char *
layout_seg_bytes(const struct layout *l, const struct layout_seg *s,
    size_t *len)
{
	if (s->kind == LAYOUT_SEG_TEXT) {
		*len = s->len;
		return l->doc->text.data + s->off;
	}
	*len = s->dlen;
	return l->deco.data + s->doff;
}

bool
layout_line_over(const struct layout *l, size_t off, size_t *line)
{
	const struct layout_seg	*s;
	size_t			 i, k;

	for (i = 0; i < l->nlines; i++)
		for (k = 0; k < l->lines[i].nseg; k++) {
			s = &l->segs[l->lines[i].seg + k];
			if (s->kind != LAYOUT_SEG_DECO && s->off <= off &&
			    off < s->off + s->len) {
				*line = i;
				return true;
			}
		}
	return false;
}

/* Block kinds. */

static void
layout_heading(struct layout_ctx *c)
{
	const struct doc_section	*sec = &c->d->sections[c->blk->section];
	struct layout			*l = c->l;
	char				 num[24];
	size_t				 i, first = l->nlines;
	unsigned int			 widest = 0;

	c->role = LAYOUT_HEADING;
	if (sec->heading == c->b && sec->talk > 0) {
		snprintf(num, sizeof(num), "%u. ", sec->talk);
		c->lead = num;
		c->leadcols = (unsigned int)strlen(num);
		c->lead_role = LAYOUT_TALK_NUMBER;
	}
	layout_flow(c);
	c->lead = NULL;
	c->leadcols = 0;
	if (c->blk->level > 2)
		return;
	/* Rule the heading off, as wide as it is. */
	for (i = first; i < l->nlines; i++)
		if (l->lines[i].cols > widest)
			widest = l->lines[i].cols;
	layout_new_line(c);
	if (widest > c->col0)
		layout_repeat(l, LAYOUT_RULE, c->blk->level == 1 ?
		    "\xe2\x94\x81" : "\xe2\x94\x80", widest - c->col0);
}

/*
 * Cells of the grapheme cluster of code at `pos` (a tab: up to the next
 * stop after logical column `lcol`); its length goes to `*n`, its first
 * character to `*cp`.  A cluster wider than the whole line is taken one
 * character at a time, so that it can be broken.
 */
static unsigned int
layout_code_measure(const struct layout_ctx *c, size_t pos, size_t end,
    unsigned int lcol, size_t *n, uint32_t *cp)
{
	const char	*t = c->text + pos;
	size_t		 one;
	unsigned int	 w;

	*cp = (unsigned char)*t;
	if (*cp == '\t') {
		*n = 1;
		return LAYOUT_TAB - lcol % LAYOUT_TAB;
	}
	if (*cp < 0x80 && (end - pos == 1 || (unsigned char)t[1] < 0x80)) {
		*n = 1;
		return text_char_width(*cp);
	}
	one = text_decode(t, end - pos, cp);
	*n = text_grapheme_len(t, end - pos);
	w = (unsigned int)text_width(t, *n);
	if (w > c->width - c->col0) {
		*n = one;
		w = text_char_width(*cp);
	}
	return w;
}

/* Start a continuation of a code line that did not fit. */
static void
layout_code_continue(struct layout_ctx *c, unsigned int indent)
{
	layout_new_line(c);
	if (indent > 0)
		layout_blank(c->l, c->role, indent - 1);
	layout_deco(c->l, LAYOUT_SEG_DECO, LAYOUT_CONTINUED, "\xe2\x86\xaa",
	    3, 1, 0, 0);	/* ↪ */
}

/*
 * One source line of code, [pos, end) of the block, kept as it is: tabs
 * expand to the next multiple of eight, and what does not fit continues on
 * the next line after a mark.
 */
static void
layout_code_line(struct layout_ctx *c, size_t pos, size_t end)
{
	struct layout	*l = c->l;
	size_t		 seg = pos, n, base = c->base;
	unsigned int	 cols = 0, w, lcol = 0;
	uint32_t	 cp;
	bool		 fresh = true;	/* nothing placed on the line yet */
	unsigned int	 indent;

	layout_new_line(c);
	/* The indent gives way on narrow lines. */
	indent = layout_room(c) >= 24 ? LAYOUT_CODE_INDENT :
	    layout_room(c) >= 10 ? 2 : 0;
	layout_blank(l, c->role, indent);
	if (pos == end) {
		/* An empty line still says where it is in the text. */
		layout_seg_add(l, LAYOUT_SEG_TEXT, c->role, 0)->off = base + pos;
		return;
	}
	while (pos < end) {
		w = layout_code_measure(c, pos, end, lcol, &n, &cp);
		if (cols + w > layout_room(c) && !fresh) {
			layout_text(l, c->role, 0, base + seg, pos - seg, cols);
			layout_code_continue(c, indent);
			seg = pos;
			cols = 0;
			fresh = true;
			continue;
		}
		if (cp == '\t' || text_is_control(cp)) {
			layout_text(l, c->role, 0, base + seg, pos - seg, cols);
			layout_subst(c, cp, pos, n, w);
			seg = pos + n;
			cols = 0;
		} else
			cols += w;
		fresh = false;
		lcol += w;
		pos += n;
	}
	layout_text(l, c->role, 0, base + seg, pos - seg, cols);
}

static void
layout_code(struct layout_ctx *c, enum layout_role role)
{
	size_t		 pos = 0, eol;
	const char	*nl;

	c->role = role;
	for (;;) {
		nl = memchr(c->text + pos, '\n', c->len - pos);
		eol = nl != NULL ? (size_t)(nl - c->text) : c->len;
		layout_code_line(c, pos, eol);
		if (eol >= c->len)
			break;
		pos = eol + 1;
	}
}

/* A footnote: its number, then its text, hanging under the first line. */
static void
layout_note(struct layout_ctx *c)
{
	char	 num[24];

	snprintf(num, sizeof(num), "[%lu] ", c->blk->number);
	c->lead = num;
	c->leadcols = (unsigned int)strlen(num);
	c->lead_role = LAYOUT_LINK_NUMBER;
	c->role = LAYOUT_BODY;
	layout_flow(c);
	c->lead = NULL;
	c->leadcols = 0;
}

static void
layout_rule(struct layout_ctx *c)
{
	layout_new_line(c);
	layout_repeat(c->l, LAYOUT_RULE, "\xe2\x94\x80", layout_room(c));
}

void
layout_block(struct layout *l, const struct doc *d, size_t b,
    unsigned int width)
{
	struct layout_ctx	 c;
	size_t			 p;
	unsigned int		 i;

	if (width < LAYOUT_MIN_WIDTH)
		width = LAYOUT_MIN_WIDTH;
	l->doc = d;
	l->block = b;
	l->width = width;
	l->nlines = l->nsegs = 0;
	l->deco.len = 0;
	if (!doc_is_leaf(d->blocks[b].kind))
		return;
	if (l->scratch == NULL)		/* settled before */
		l->scratch = xcalloc(1, sizeof(*l->scratch));
	memset(&c, 0, sizeof(c));
	c.l = l;
	c.d = d;
	c.b = b;
	c.blk = &d->blocks[b];
	c.width = width;
	c.text = doc_block_text(d, b, &c.len);
	c.base = c.blk->off;
	c.span = c.blk->span;
	c.nspan = c.blk->nspan;
	c.first = true;
	for (p = c.blk->parent; p != DOC_NONE && c.nanc <= DOC_MAX_DEPTH;
	    p = d->blocks[p].parent)
		c.anc[c.nanc++] = p;
	for (i = 0; i < c.nanc / 2; i++) {
		p = c.anc[i];
		c.anc[i] = c.anc[c.nanc - 1 - i];
		c.anc[c.nanc - 1 - i] = p;
	}
	if (!(c.blk->flags & DOC_NO_GAP))
		layout_gap(&c);
	switch (c.blk->kind) {
	case DOC_HEADING:
		layout_heading(&c);
		break;
	case DOC_CODE:
		layout_code(&c, LAYOUT_CODE);
		break;
	case DOC_HTML:
		layout_code(&c, LAYOUT_HTML);
		break;
	case DOC_RULE:
		layout_rule(&c);
		break;
	case DOC_TABLE:
		layout_table(&c);
		break;
	case DOC_NOTE:
		layout_note(&c);
		break;
	default:
		c.role = LAYOUT_BODY;
		layout_flow(&c);
		break;
	}
}

/* The cache. */

struct layout_cache_entry {
	struct layout		*layout;	/* owned, or NULL */
	unsigned long		 used;		/* frame last asked for in */
};

struct layout_cache {
	const struct doc		*doc;		/* borrowed */
	unsigned int			 width;
	struct layout_cache_entry	*blocks;	/* owned: per block */
	size_t				 nblocks;
	size_t				 capblocks;
	size_t				*ring;		/* owned: built blocks,
							   the oldest at `next`,
							   the newest before */
	size_t				 nring;
	size_t				 capring;
	size_t				 next;
	size_t				 bytes;		/* their layouts' */
	unsigned long			 frame;
};

struct layout_cache *
layout_cache_new(const struct doc *d, unsigned int width)
{
	struct layout_cache	*lc = xcalloc(1, sizeof(*lc));

	lc->doc = d;
	lc->width = width;
	lc->frame = 1;
	return lc;
}

/* Keeps the tables' memory. */
void
layout_cache_drop(struct layout_cache *lc, size_t from)
{
	size_t	 i, kept = 0, b;

	for (i = 0; i < lc->nring; i++) {
		b = lc->ring[i];
		if (b < from) {
			lc->ring[kept++] = b;
			continue;
		}
		lc->bytes -= layout_bytes(lc->blocks[b].layout);
		layout_free(lc->blocks[b].layout);
		lc->blocks[b].layout = NULL;
	}
	lc->nring = kept;
	lc->next = 0;
}

void
layout_cache_free(struct layout_cache *lc)
{
	if (lc == NULL)
		return;
	layout_cache_drop(lc, 0);
	free(lc->blocks);
	free(lc->ring);
	free(lc);
}

void
layout_cache_set_width(struct layout_cache *lc, unsigned int width)
{
	if (width == lc->width)
		return;
	layout_cache_drop(lc, 0);
	lc->width = width;
}

unsigned int
layout_cache_width(const struct layout_cache *lc)
{
	return lc->width;
}

size_t
layout_cache_bytes(const struct layout_cache *lc)
{
	return lc->bytes;
}

void
layout_cache_begin(struct layout_cache *lc)
{
	lc->frame++;
}

static bool
layout_cache_full(const struct layout_cache *lc, size_t live)
{
	return live >= LAYOUT_CACHE_MAX || lc->bytes > LAYOUT_CACHE_BYTES;
}

/*
 * Room for a new layout: the oldest not asked for in this frame freed
 * while the cache is full, and the ring closed up.  Returns the new one's
 * place in the ring, the newest's, just before the oldest.
 */
static size_t
layout_cache_room(struct layout_cache *lc)
{
	size_t	 i, n = lc->nring, live = n, old, kept, at;

	for (i = 0; i < n && layout_cache_full(lc, live); i++) {
		old = lc->ring[lc->next];
		if (lc->blocks[old].used != lc->frame) {
			lc->bytes -= layout_bytes(lc->blocks[old].layout);
			layout_free(lc->blocks[old].layout);
			lc->blocks[old].layout = NULL;
			lc->ring[lc->next] = DOC_NONE;
			live--;
		}
		lc->next = (lc->next + 1) % n;
	}
	at = live;
	for (i = kept = 0; i < n; i++) {
		if (i == lc->next)
			at = kept;
		if (lc->ring[i] != DOC_NONE)
			lc->ring[kept++] = lc->ring[i];
	}
	lc->ring = xgrow(lc->ring, &lc->capring, live + 1,
	    sizeof(*lc->ring));
	memmove(lc->ring + at + 1, lc->ring + at,
	    (live - at) * sizeof(*lc->ring));
	lc->nring = live + 1;
	lc->next = (at + 1) % lc->nring;
	return at;
}

const struct layout *
layout_cache_get(struct layout_cache *lc, size_t b)
{
	size_t	 at;

	if (b >= lc->nblocks) {
		/* The doc grew: make room for its new blocks. */
		lc->blocks = xgrow(lc->blocks, &lc->capblocks, b + 1,
		    sizeof(*lc->blocks));
		memset(lc->blocks + lc->nblocks, 0,
		    (lc->capblocks - lc->nblocks) * sizeof(*lc->blocks));
		lc->nblocks = lc->capblocks;
	}
	lc->blocks[b].used = lc->frame;
	if (lc->blocks[b].layout == NULL) {
		at = layout_cache_room(lc);	/* may move the ring */
		lc->ring[at] = b;
		lc->blocks[b].layout = layout_build(lc->doc, b, lc->width);
		lc->bytes += layout_bytes(lc->blocks[b].layout);
	}
	return lc->blocks[b].layout;
}
