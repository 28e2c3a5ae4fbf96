/*
 * viewcheck: the view's invariants, for the tests that drive a view (t-view,
 * and the view fuzz target): each check returns false with the reason in
 * a struct why.  The article's lines are found here by laying out blocks
 * afresh, not through the view, so that they check it.  A struct viewcheck
 * keeps each block's line count between checks, for the doc and width it
 * was counted at: a view driven through thousands of events is checked
 * after each, and laying out every block it shows again at every check
 * would cost far more than the view's own work.
 */
#include "viewcheck.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "layout.h"
#include "text.h"
#include "util.h"

static bool
fail(struct why *w, const char *fmt, ...) VIEWCHECK_PRINTF(2, 3);

/* The doc text line `line` of `l` starts with, or DOC_NONE. */
size_t
line_start(const struct layout *l, size_t line)
{
	const struct layout_line	*ln = &l->lines[line];
	size_t				 i;

	for (i = 0; i < ln->nseg; i++)
		if (l->segs[ln->seg + i].kind != LAYOUT_SEG_DECO)
			return l->segs[ln->seg + i].off;
	return DOC_NONE;
}

/* Does line `line` of `l` draw no text of the article? */
bool
line_is_empty(const struct layout *l, size_t line)
{
	const struct layout_line	*ln = &l->lines[line];
	size_t				 i;

	for (i = 0; i < ln->nseg; i++)
		if (l->segs[ln->seg + i].kind != LAYOUT_SEG_DECO &&
		    l->segs[ln->seg + i].len > 0)
			return false;
	return true;
}

/* Does line `line` of `l` hold doc text offset `off`? */
bool
line_holds(const struct layout *l, size_t line, size_t off)
{
	const struct doc_block	*blk = &l->doc->blocks[l->block];
	size_t			 start = line_start(l, line), i, next;

	if (start == DOC_NONE || start > off || off > blk->off + blk->len)
		return false;
	for (i = line + 1; i < l->nlines; i++)
		if ((next = line_start(l, i)) != DOC_NONE)
			return off < next;
	return true;
}

/*
 * Is `off` on line `line` of `l`, as an anchor's text must be?  A table
 * shows its cells side by side, a cell going on over lines where the next
 * starts with another's text, so that a line's first text says nothing of
 * the rest: text that shows is on the first line that shows it; text that
 * does not (a blank, a gap) on the line whose start it follows.
 */
static bool
anchor_holds(const struct layout *l, size_t line, size_t off)
{
	size_t	 over;

	if (layout_line_over(l, off, &over))
		return line == over;
	return line_holds(l, line, off);
}

void
viewcheck_init(struct viewcheck *vc, const struct doc *d)
{
	memset(vc, 0, sizeof(*vc));
	vc->doc = d;
}

void
viewcheck_release(struct viewcheck *vc)
{
	size_t	 i;

	for (i = 0; i < VIEWCHECK_SLOTS; i++)
		layout_free(vc->slot[i].l);
	free(vc->nlines);
	free(vc->rows);
	free(vc->side);
	memset(vc, 0, sizeof(*vc));
}

void
viewcheck_forget(struct viewcheck *vc)
{
	size_t	 i;

	vc->ncounts = 0;
	vc->has_good = false;
	for (i = 0; i < VIEWCHECK_SLOTS; i++)
		vc->slot[i].valid = false;
}

/* What was kept at another width holds no more. */
static void
viewcheck_width(struct viewcheck *vc, unsigned int width)
{
	if (width == vc->width)
		return;
	viewcheck_forget(vc);
	vc->width = width;
}

/*
 * Room for the body's rows and the index's, `h` of each and one more,
 * cleared.  Memory of another size is given up rather than kept.
 */
static void
viewcheck_rows(struct viewcheck *vc, size_t h)
{
	if (vc->nrows != h + 1) {
		free(vc->rows);
		free(vc->side);
		vc->nrows = h + 1;
		vc->rows = xcalloc(vc->nrows, sizeof(*vc->rows));
		vc->side = xcalloc(vc->nrows, sizeof(*vc->side));
		return;
	}
	memset(vc->rows, 0, vc->nrows * sizeof(*vc->rows));
	memset(vc->side, 0, vc->nrows * sizeof(*vc->side));
}

/*
 * Block `b` laid out at `width` by the checks themselves, not the view's
 * cache: again only when it was not among the last laid out.  Valid
 * until the next call.
 */
static const struct layout *
viewcheck_layout(struct viewcheck *vc, size_t b, unsigned int width)
{
	struct viewcheck_slot	*s = &vc->slot[b % VIEWCHECK_SLOTS];

	if (s->valid && s->block == b && s->width == width)
		return s->l;
	if (s->l == NULL) {
		s->l = xmalloc(sizeof(*s->l));
		layout_init(s->l);
	}
	layout_block(s->l, vc->doc, b, width);
	s->block = b;
	s->width = width;
	s->valid = true;
	return s->l;
}

/* Lines of block `b` at `width`, laid out once while doc and width stay. */
static size_t
viewcheck_lines(struct viewcheck *vc, size_t b, unsigned int width)
{
	const struct doc	*d = vc->doc;
	size_t			 i;

	if (!doc_is_leaf(d->blocks[b].kind))
		return 0;
	viewcheck_width(vc, width);
	if (b >= vc->ncounts) {
		vc->nlines = xgrow(vc->nlines, &vc->capcounts, d->nblocks,
		    sizeof(*vc->nlines));
		for (i = vc->ncounts; i < d->nblocks; i++)
			vc->nlines[i] = VIEWCHECK_UNKNOWN;
		vc->ncounts = d->nblocks;
	}
	if (vc->nlines[b] == VIEWCHECK_UNKNOWN)
		vc->nlines[b] = viewcheck_layout(vc, b, width)->nlines;
	return vc->nlines[b];
}

/* The first leaf with lines at or after `b`, or DOC_NONE. */
static size_t
viewcheck_next_leaf(struct viewcheck *vc, size_t b, unsigned int width)
{
	for (; b < vc->doc->nblocks; b++)
		if (viewcheck_lines(vc, b, width) > 0)
			return b;
	return DOC_NONE;
}

size_t
leaf_lines(const struct doc *d, size_t b, unsigned int width)
{
	struct layout	*l;
	size_t		 n;

	if (!doc_is_leaf(d->blocks[b].kind))
		return 0;
	l = layout_build(d, b, width);
	n = l->nlines;
	layout_free(l);
	return n;
}

/* The first leaf with lines at or after `b`, or DOC_NONE. */
size_t
next_leaf(const struct doc *d, size_t b, unsigned int width)
{
	for (; b < d->nblocks; b++)
		if (leaf_lines(d, b, width) > 0)
			return b;
	return DOC_NONE;
}

static bool
fail(struct why *w, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(w->s, sizeof(w->s), fmt, ap);
	va_end(ap);
	return false;
}

/* The anchor is a line of a leaf at the body's width, holding its text. */
bool
check_anchor(struct viewcheck *vc, struct view *v, struct why *w)
{
	const struct doc	*d = vc->doc;
	const struct view_geom	*g = view_geom(v);
	struct view_anchor	 a = view_anchor(v);
	const struct layout	*l;

	if (viewcheck_next_leaf(vc, 0, g->body_w) == DOC_NONE) {
		if (a.block != 0 || a.line != 0)
			return fail(w, "no text, yet the anchor is block %zu "
			    "line %zu", a.block, a.line);
		return true;
	}
	if (a.block >= d->nblocks || !doc_is_leaf(d->blocks[a.block].kind))
		return fail(w, "anchor block %zu is no leaf", a.block);
	/* The same place of the same doc at the same width is as good. */
	if (vc->has_good && vc->width == g->body_w &&
	    vc->good.block == a.block && vc->good.line == a.line &&
	    vc->good.off == a.off)
		return true;
	l = viewcheck_layout(vc, a.block, g->body_w);
	if (a.line >= l->nlines)
		return fail(w, "anchor line %zu of block %zu, which has %zu",
		    a.line, a.block, l->nlines);
	if (a.off != DOC_NONE && !anchor_holds(l, a.line, a.off))
		return fail(w, "anchor offset %zu is not on line %zu of block "
		    "%zu (it starts at %zu)", a.off, a.line, a.block,
		    line_start(l, a.line));
	vc->good = a;
	vc->has_good = true;
	return true;
}

/* Is `r` the line after `p`, or NULL when `p` is the last one? */
static bool
check_next_row(struct viewcheck *vc, unsigned int width,
    const struct view_row *p, const struct view_row *r)
{
	size_t	 b;

	if (p->layout == NULL)
		return r->layout == NULL;
	if (p->line + 1 < p->layout->nlines)
		return r->layout != NULL && r->layout->block ==
		    p->layout->block && r->line == p->line + 1;
	b = viewcheck_next_leaf(vc, p->layout->block + 1, width);
	if (b == DOC_NONE)
		return r->layout == NULL;
	return r->layout != NULL && r->layout->block == b && r->line == 0;
}

/* The body's rows: the anchor's line, then consecutive lines, then NULLs. */
bool
check_body(struct viewcheck *vc, struct view *v, struct why *w)
{
	const struct view_geom	*g = view_geom(v);
	struct view_anchor	 a = view_anchor(v);
	struct view_row		*rows;
	unsigned int		 lw = g->body_w < LAYOUT_MIN_WIDTH ?
				    LAYOUT_MIN_WIDTH : g->body_w;
	size_t			 i;
	bool			 ok = true, text;

	text = viewcheck_next_leaf(vc, 0, g->body_w) != DOC_NONE;
	viewcheck_rows(vc, g->body_h);
	rows = vc->rows;
	view_body(v, rows);
	for (i = 0; i < g->body_h && ok; i++) {
		if (rows[i].layout != NULL && (rows[i].layout->width != lw ||
		    rows[i].line >= rows[i].layout->nlines))
			ok = fail(w, "row %zu: line %zu of a layout of %zu "
			    "lines at %u, the body being %u wide", i,
			    rows[i].line, rows[i].layout->nlines,
			    rows[i].layout->width, g->body_w);
		else if (i == 0 && !text && rows[0].layout != NULL)
			ok = fail(w, "row 0 shows a line of an empty article");
		else if (i == 0 && text && (rows[0].layout == NULL ||
		    rows[0].layout->block != a.block ||
		    rows[0].line != a.line))
			ok = fail(w, "row 0 is not the anchor's line");
		else if (i > 0 && !check_next_row(vc, g->body_w,
		    &rows[i - 1], &rows[i]))
			ok = fail(w, "row %zu does not follow row %zu", i,
			    i - 1);
	}
	return ok;
}

/*
 * Whether an index row's text ends with the read mark; a title may end
 * with one of its own, so only a row said to be read must.
 */
static bool
ends_with_read_mark(const struct buf *b)
{
	size_t	 n = strlen(VIEW_READ_MARK);

	return b->len >= n && memcmp(b->data + b->len - n, VIEW_READ_MARK,
	    n) == 0;
}

/* Every row of the index fits between its margin and its border. */
bool
check_sidebar(struct viewcheck *vc, struct view *v, struct why *w)
{
	const struct doc	*d = vc->doc;
	const struct view_geom	*g = view_geom(v);
	struct view_side_row	*rows;
	size_t			 i, tw;
	bool			 ok = true;

	viewcheck_rows(vc, g->body_h);
	rows = vc->side;
	view_sidebar(v, rows);
	for (i = 0; i < g->body_h && ok; i++) {
		tw = text_width(rows[i].text.data, rows[i].text.len);
		if (g->side_w == 0 && (rows[i].kind != VIEW_SIDE_EMPTY ||
		    rows[i].text.len > 0))
			ok = fail(w, "index row %zu drawn, the index hidden",
			    i);
		else if (rows[i].kind == VIEW_SIDE_EMPTY)
			continue;
		else if (rows[i].kind == VIEW_SIDE_LOADING && (d->complete ||
		    tw + 2 > g->side_w))
			ok = fail(w, "index row %zu says \"%s\" of %s article",
			    i, rows[i].text.data, d->complete ? "a loaded" :
			    "an unfitting");
		else if (rows[i].kind == VIEW_SIDE_LOADING)
			continue;
		else if (rows[i].section >= d->nsections)
			ok = fail(w, "index row %zu: section %zu of %zu", i,
			    rows[i].section, d->nsections);
		else if (tw + 2 > g->side_w)
			ok = fail(w, "index row %zu is %zu cells wide, the "
			    "index %u (%u for text): \"%s\"", i, tw,
			    g->side_w, g->side_w - 2, rows[i].text.data);
		else if (rows[i].number_len > rows[i].text.len)
			ok = fail(w, "index row %zu: number longer than text",
			    i);
		else if (rows[i].read && !ends_with_read_mark(&rows[i].text))
			ok = fail(w, "index row %zu is read, without the "
			    "mark", i);
		else if (rows[i].cursor && (view_focus(v) !=
		    VIEW_FOCUS_SIDEBAR || rows[i].section != view_cursor(v)))
			ok = fail(w, "index row %zu has a stray cursor", i);
	}
	view_side_release(rows, g->body_h);
	return ok;
}

/* The status line's parts fit in the screen's width. */
bool
check_status(struct view *v, struct why *w)
{
	const struct view_geom	*g = view_geom(v);
	struct buf		 left, right;
	size_t			 lw, rw;
	bool			 ok = true;

	buf_init(&left);
	buf_init(&right);
	view_status(v, &left, &right);
	lw = text_width(left.data, left.len);
	rw = text_width(right.data, right.len);
	/* Below 10 columns " 100%" alone may not fit. */
	if (g->cols >= 10 && lw + rw > g->cols)
		ok = fail(w, "status \"%s\" + \"%s\" is %zu cells, the screen "
		    "%u", left.data, right.data, lw + rw, g->cols);
	buf_release(&left);
	buf_release(&right);
	return ok;
}

/*
 * The help, while it shows, is a page of the screen's size: a line a row,
 * none wider than the screen, so that it covers all and nothing else.
 */
static bool
check_help(struct view *v, struct why *w)
{
	const struct view_geom	*g = view_geom(v);
	struct buf		 page;
	const char		*p, *nl;
	size_t			 n = 0;
	bool			 ok = true;

	if (!view_help_shown(v))
		return true;
	buf_init(&page);
	view_help_page(v, &page);
	buf_addc(&page, '\0');
	for (p = page.data; ok && (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		if (text_width(p, (size_t)(nl - p)) > g->cols)
			ok = fail(w, "help line %zu \"%.*s\" is wider than %u",
			    n, (int)(nl - p), p, g->cols);
		else
			n++;
	if (ok && n != g->lines)
		ok = fail(w, "the help has %zu lines, the screen %u", n,
		    g->lines);
	buf_release(&page);
	return ok;
}

/*
 * The message, in whichever form, fits the width; a prompt's cursor is on
 * the screen, however long the prompt.
 */
static bool
check_message(struct view *v, struct why *w)
{
	const char	*m = view_message(v), *p = view_prompt(v);
	unsigned int	 cols = view_geom(v)->cols;

	if (m != NULL && text_width(m, strlen(m)) > cols)
		return fail(w, "the message \"%s\" is wider than %u", m, cols);
	if (p != NULL && cols > 0 && view_prompt_cursor(v) >= cols)
		return fail(w, "the prompt's cursor is at column %zu of %u",
		    view_prompt_cursor(v), cols);
	return true;
}

/* The anchor, the body, the section, the position, the focus. */
bool
check_core(struct viewcheck *vc, struct view *v, struct why *w)
{
	const struct doc	*d = vc->doc;
	const struct view_geom	*g = view_geom(v);
	struct view_anchor	 a = view_anchor(v);
	size_t			 want;
	unsigned int		 p;

	if (!check_anchor(vc, v, w) || !check_body(vc, v, w))
		return false;
	want = d->nblocks > 0 && a.block < d->nblocks ?
	    d->blocks[a.block].section : 0;
	if (view_section(v) != want)
		return fail(w, "section %zu, the anchor's block being in %zu",
		    view_section(v), want);
	if ((p = view_percent(v)) > 100)
		return fail(w, "%u%%", p);
	if (view_focus(v) == VIEW_FOCUS_SIDEBAR && g->side_w == 0)
		return fail(w, "the hidden index has the focus");
	if (d->nsections > 0 && view_cursor(v) >= d->nsections)
		return fail(w, "index cursor %zu of %zu sections",
		    view_cursor(v), d->nsections);
	return true;
}

/* What the index and the status line draw fits where they draw it. */
bool
check_fit(struct viewcheck *vc, struct view *v, struct why *w)
{
	return check_sidebar(vc, v, w) && check_status(v, w) &&
	    check_help(v, w) && check_message(v, w);
}

