/*
 * view-move: where the reader is, and moving it without a jump.
 * Positions are (block, line) pairs walked through the layout cache one
 * block at a time, so every movement costs what the screen shows, not
 * what the document holds.  Here are positions, sections and the one in
 * view, scrolling, and the body's rows.  A jump, which the history
 * records, is view-marks.c's, above this file; below it are only the
 * messages and the sections read.
 */
#include "view.h"

#include "doc.h"
#include "layout.h"
#include "view-private.h"

/* Positions in the text. */

/* The layout of block `b`, or NULL past the end and for a container. */
static const struct layout *
view_leaf(struct view *v, size_t b)
{
	if (b >= v->doc->nblocks || !doc_is_leaf(v->doc->blocks[b].kind))
		return NULL;
	return layout_cache_get(v->cache, b);
}

static size_t
view_nlines(struct view *v, size_t b)
{
	const struct layout	*l = view_leaf(v, b);

	return l != NULL ? l->nlines : 0;
}

static bool
view_before(const struct view_anchor *a, const struct view_anchor *b)
{
	return a->block < b->block || (a->block == b->block &&
	    a->line < b->line);
}

bool
view_same(const struct view_anchor *a, const struct view_anchor *b)
{
	return a->block == b->block && a->line == b->line;
}

/*
 * The doc text that line `line` of `l` starts with, or DOC_NONE: a
 * record's header shown again says nothing of where the line is.
 */
static size_t
view_layout_off(const struct layout *l, size_t line)
{
	const struct layout_seg		*s;
	const struct layout_line	*ln;
	size_t				 i;

	if (line >= l->nlines)
		return DOC_NONE;
	ln = &l->lines[line];
	for (i = 0; i < ln->nseg; i++) {
		s = &l->segs[ln->seg + i];
		if (s->kind != LAYOUT_SEG_DECO && !s->repeat)
			return s->off;
	}
	return DOC_NONE;
}

/*
 * Line `line` of the block laid out in `l` (a container's layout has no
 * lines), so that a step from one line to the next asks the cache once.
 */
static struct view_anchor
view_at_layout(const struct layout *l, size_t line)
{
	struct view_anchor	 a;

	a.block = l->block;
	a.line = line;
	a.off = view_layout_off(l, line);
	a.tail = l->nlines - line;
	return a;
}

struct view_anchor
view_at(struct view *v, size_t b, size_t line)
{
	return view_at_layout(layout_cache_get(v->cache, b), line);
}

/* The next position after `a`; false at the end. */
bool
view_next(struct view *v, struct view_anchor *a)
{
	const struct layout	*l;
	size_t			 b;

	l = view_leaf(v, a->block);
	if (l != NULL && a->line + 1 < l->nlines) {
		*a = view_at_layout(l, a->line + 1);
		return true;
	}
	for (b = a->block + 1; b < v->doc->nblocks; b++) {
		if ((l = view_leaf(v, b)) != NULL && l->nlines > 0) {
			*a = view_at_layout(l, 0);
			return true;
		}
	}
	return false;
}

/* The position before `a`; false at the start. */
bool
view_prev(struct view *v, struct view_anchor *a)
{
	const struct layout	*l;
	size_t			 b;

	if (a->line > 0) {
		*a = view_at(v, a->block, a->line - 1);
		return true;
	}
	for (b = a->block; b-- > 0; ) {
		if ((l = view_leaf(v, b)) != NULL && l->nlines > 0) {
			*a = view_at_layout(l, l->nlines - 1);
			return true;
		}
	}
	return false;
}

/* Lines of the block of `a` below it (`down`), or above it. */
static size_t
view_lines_left(struct view *v, const struct view_anchor *a, bool down)
{
	size_t	 n;

	if (!down)
		return a->line;
	n = view_nlines(v, a->block);
	return a->line + 1 < n ? n - 1 - a->line : 0;
}

/*
 * Down (`down`) or up `n` lines from `a`, or to the last (first) line;
 * returns how many.  The lines within a block are passed at once, so that
 * a screenful costs what its blocks do, not its rows.
 */
static size_t
view_move(struct view *v, struct view_anchor *a, size_t n, bool down)
{
	size_t	 moved = 0, left, step;

	while (moved < n) {
		if ((left = view_lines_left(v, a, down)) == 0) {
			/* Into the next block, or no further. */
			if (!(down ? view_next(v, a) : view_prev(v, a)))
				break;
			moved++;
			continue;
		}
		step = left < n - moved ? left : n - moved;
		a->line = down ? a->line + step : a->line - step;
		moved += step;
	}
	if (moved > 0)
		*a = view_at(v, a->block, a->line);
	return moved;
}

/* The first line of the article. */
struct view_anchor
view_first(struct view *v)
{
	struct view_anchor	 a = { 0, 0, DOC_NONE, 0 };
	size_t			 b;

	for (b = 0; b < v->doc->nblocks; b++)
		if (view_nlines(v, b) > 0)
			return view_at(v, b, 0);
	return a;
}

/* The top that shows the article's last line on the body's last row. */
struct view_anchor
view_bottom(struct view *v)
{
	struct view_anchor	 a = view_first(v);
	size_t			 b, n;

	for (b = v->doc->nblocks; b-- > 0; ) {
		if ((n = view_nlines(v, b)) > 0) {
			a = view_at(v, b, n - 1);
			break;
		}
	}
	if (v->geom.body_h > 1)
		view_move(v, &a, v->geom.body_h - 1, false);
	return a;
}

/*
 * The line of block `b` that shows doc text offset `off`: the one with a
 * segment over it, else (a blank a line ends with, a gap) the last that
 * starts before it.  A table's lines show their cells side by side, so
 * only the first way finds a cell's text in them.
 */
size_t
view_line_at(struct view *v, size_t b, size_t off)
{
	const struct layout	*l = layout_cache_get(v->cache, b);
	size_t			 i, line = 0, o;

	if (layout_line_over(l, off, &line))
		return line;
	for (i = 0; i < l->nlines; i++) {
		o = view_layout_off(l, i);
		if (o != DOC_NONE && o <= off)
			line = i;
		else if (o != DOC_NONE)
			break;
	}
	return line;
}

/*
 * Find the anchor's line again in the block's layout at the current width,
 * from the text it started with.
 */
void
view_settle(struct view *v, struct view_anchor *a)
{
	const struct layout	*l;

	if (a->block >= v->doc->nblocks || view_nlines(v, a->block) == 0) {
		*a = view_first(v);
		return;
	}
	l = layout_cache_get(v->cache, a->block);
	if (a->off != DOC_NONE)
		a->line = view_line_at(v, a->block, a->off);
	else if (a->line > 0 && a->tail > 0 && a->tail <= l->nlines)
		a->line = l->nlines - a->tail;	/* a rule under a heading */
	if (a->line >= l->nlines)
		a->line = l->nlines - 1;
	a->tail = l->nlines - a->line;
}

/* The top a jump to block `b` gives: its first line past its gap. */
static struct view_anchor
view_block_top(struct view *v, size_t b)
{
	size_t	 n;

	while (b < v->doc->nblocks && (n = view_nlines(v, b)) == 0)
		b++;
	if (b >= v->doc->nblocks)
		return view_bottom(v);
	n = !(v->doc->blocks[b].flags & DOC_NO_GAP) && n > 1 ? 1 : 0;
	return view_at(v, b, n);
}

/* Motion. */

/* Scroll by `n` lines, down if `down`; never past the last screenful. */
void
view_scroll(struct view *v, size_t n, bool down)
{
	struct view_anchor	 a = v->top, limit;
	size_t			 i;

	i = view_move(v, &a, n, down);
	if (down) {
		limit = view_bottom(v);
		/* A jump may have left the top further on: stay there. */
		if (view_before(&limit, &v->top))
			limit = v->top;
		if (view_before(&limit, &a))
			a = limit;
	}
	if (i == 0 || view_same(&a, &v->top))
		view_say(v, down ? "End of the article" :
		    "Top of the article");
	v->top = a;
}

/*
 * Space: a page down, unless the next section's heading shows below the
 * top, in which case that heading comes to the top, so that each talk
 * starts a screen, as GNU info's SPC moves on to the next node.
 */
unsigned int
view_read_on(struct view *v)
{
	struct view_anchor	 a = v->top;
	size_t			 i, s = view_section(v);

	for (i = 1; i < v->geom.body_h && view_next(v, &a); i++) {
		if (v->doc->blocks[a.block].section != s &&
		    v->doc->sections[v->doc->blocks[a.block].section].heading ==
		    a.block) {
			v->top = view_block_top(v, a.block);
			return VIEW_REDRAW;
		}
	}
	view_scroll(v, v->geom.body_h > 1 ? v->geom.body_h - 1 : 1, true);
	return VIEW_REDRAW;
}

unsigned int
view_page(struct view *v, bool down, bool half)
{
	size_t	 h = v->geom.body_h;

	h = half ? (h > 1 ? h / 2 : 1) : (h > 1 ? h - 1 : 1);
	view_scroll(v, h, down);
	return VIEW_REDRAW;
}

/* Sections and talks. */

size_t
view_section(const struct view *v)
{
	if (v->doc->nblocks == 0)
		return 0;
	return v->doc->blocks[v->top.block].section;
}

struct view_anchor
view_section_top(struct view *v, size_t s)
{
	if (v->doc->sections[s].heading == DOC_NONE)
		return view_first(v);
	return view_block_top(v, v->doc->sections[s].first);
}

/*
 * The next (or previous) section after the top, counting only talks if
 * `talks`.  A section starts at its heading; going back from inside one
 * goes to its own start first.
 */
size_t
view_next_section(struct view *v, bool talks, bool forward)
{
	const struct doc	*d = v->doc;
	struct view_anchor	 at;
	size_t			 s, cur = view_section(v);

	if (forward) {
		for (s = cur + 1; s < d->nsections; s++)
			if (!talks || d->sections[s].talk > 0)
				return s;
		return DOC_NONE;
	}
	for (s = cur + 1; s-- > 0; ) {
		if (talks && d->sections[s].talk == 0)
			continue;
		at = view_section_top(v, s);
		if (view_before(&at, &v->top))
			return s;
	}
	return DOC_NONE;
}

/* What to draw. */

void
view_body(struct view *v, struct view_row *rows)
{
	struct view_anchor	 a = v->top;
	size_t			 i;
	bool			 more;

	/* The rows' layouts stay in the cache until the next frame. */
	layout_cache_begin(v->cache);
	more = v->doc->nblocks > 0 && view_nlines(v, a.block) > 0;
	for (i = 0; i < v->geom.body_h; i++) {
		rows[i].layout = NULL;
		rows[i].line = 0;
		if (!more)
			continue;
		rows[i].layout = layout_cache_get(v->cache, a.block);
		rows[i].line = a.line;
		/* What the reader is shown, the reader has read. */
		if (a.line + 1 == rows[i].layout->nlines)
			view_read_to(v, a.block);
		more = view_next(v, &a);
	}
}

unsigned int
view_percent(struct view *v)
{
	struct view_anchor	 a = v->top;
	size_t			 n, off, end;

	if (v->doc->text.len == 0)
		return 100;
	/* The text at the start of the line after the last row shown. */
	n = v->geom.body_h > 1 ? v->geom.body_h : 1;
	if (view_move(v, &a, n, true) < n)
		return 100;
	off = a.off != DOC_NONE ? a.off : v->doc->blocks[a.block].off;
	end = v->doc->text.len;
	return (unsigned int)(off >= end ? 100 : off * 100 / end);
}
