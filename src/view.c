/*
 * view: the pager's state and its actions.  Positions are (block, line)
 * pairs walked through the layout cache one block at a time, so every
 * movement costs what the screen shows, not what the document holds.
 * This file is the core: positions and motion, sections and talks, the
 * panes' geometry, the body and the status line, and a view's birth and
 * end.  The other parts are files of their own, view-*.c, which reach
 * each other through view-private.h (it lists them).  No curses here; see
 * screen.c.
 */
#include "view.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "layout.h"
#include "prompt.h"
#include "search.h"
#include "text.h"
#include "view-private.h"

/*
 * Messages.  A message may have shorter forms, each after the one before
 * and a NUL in v->message; the longest that fits the width shows, so that
 * a narrow screen reads "No talks" rather than "The article has no t".
 */

void
view_say(struct view *v, const char *fmt, ...)
{
	va_list	 ap;

	v->message.len = 0;
	va_start(ap, fmt);
	buf_vprintf(&v->message, fmt, ap);
	va_end(ap);
}

void
view_say_or(struct view *v, const char *fmt, ...)
{
	va_list	 ap;

	if (v->message.len == 0)
		return;
	buf_addc(&v->message, '\0');
	va_start(ap, fmt);
	buf_vprintf(&v->message, fmt, ap);
	va_end(ap);
}

void
view_set_message(struct view *v, const char *msg)
{
	v->message.len = 0;
	buf_adds(&v->message, msg);
}

size_t
view_cut_words(const char *s, size_t width)
{
	size_t		 i = 0, n = 0, cells = 0, blank = 0;
	uint32_t	 cp;

	for (; s[i] != '\0'; i += n) {
		n = text_decode(s + i, strlen(s + i), &cp);
		if (cells + text_char_width(cp) > width)
			break;
		cells += text_char_width(cp);
		if (cp == ' ')
			blank = i;
	}
	if (s[i] == '\0' || s[i] == ' ')
		return i;
	if (blank > 0)
		return blank;
	return i > 0 ? i : n;
}

/*
 * The longest form of the message that fits; else the shortest, cut
 * after a word, or where a single word leaves no choice.
 */
void
view_fit_forms(const char *const *forms, size_t n, unsigned int cols,
    struct buf *out)
{
	size_t	 i;

	for (i = 0; i + 1 < n; i++)
		if (text_width(forms[i], strlen(forms[i])) <= cols)
			break;
	text_fit(forms[i], strlen(forms[i]), cols, out);
	buf_addc(out, '\n');
}

void
view_say_no_talk(struct view *v, unsigned long n)
{
	view_say(v, "No talk %lu: the article has %u", n, v->doc->ntalks);
	view_say_or(v, "No talk %lu of %u", n, v->doc->ntalks);
	view_say_or(v, "No talk %lu", n);
}

void
view_say_no_talks(struct view *v)
{
	view_say(v, "The article has no talks");
	view_say_or(v, "No talks");
}

const char *
view_message(struct view *v)
{
	const char	*p = v->message.data, *end = p + v->message.len;
	const char	*last = p;
	size_t		 cols = v->geom.cols, n;

	if (v->message.len == 0)
		return NULL;
	for (; p < end; p += strlen(p) + 1) {
		if (text_width(p, strlen(p)) <= cols)
			return p;
		last = p;
	}
	v->message_fit.len = 0;
	n = cols > 1 ? view_cut_words(last, cols - 1) : 0;
	/* A first character too wide is all it gives: no room for "…". */
	if (n > 0 && last[n] == ' ' && text_width(last, n) < cols) {
		buf_add(&v->message_fit, last, n);
		buf_adds(&v->message_fit, "\xe2\x80\xa6");
	} else
		text_fit(last, strlen(last), cols, &v->message_fit);
	buf_addc(&v->message_fit, '\0');
	return v->message_fit.data;
}

const char *
view_prompt(const struct view *v)
{
	size_t	 cells;

	if (v->prompt.len == 0)
		return NULL;
	return v->prompt.data + view_prompt_skip(v, &cells);
}

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

unsigned int
view_move_section(struct view *v, bool talks, bool forward)
{
	size_t	 s;

	/* An article without talks moves by sections. */
	if (talks && v->doc->ntalks == 0)
		talks = false;
	s = view_next_section(v, talks, forward);
	if (s == DOC_NONE) {
		view_say(v, "No %s %s", forward ? "next" : "previous",
		    talks ? "talk" : "section");
		return VIEW_REDRAW;
	}
	view_jump(v, view_section_top(v, s));
	return VIEW_REDRAW;
}

unsigned int
view_goto_talk(struct view *v, unsigned long t)
{
	size_t	 s = doc_talk_section(v->doc, t);

	if (s == DOC_NONE) {
		view_say_no_talk(v, t);
		return VIEW_REDRAW;
	}
	view_jump(v, view_section_top(v, s));
	return VIEW_REDRAW;
}

/* Geometry. */

static void
view_layout_panes(struct view *v)
{
	struct view_geom	*g = &v->geom;
	unsigned int		 avail;
	bool			 side;

	g->too_small = g->cols < VIEW_MIN_COLS || g->lines < VIEW_MIN_LINES;
	g->prompt_y = g->lines > 0 ? (int)g->lines - 1 : -1;
	g->status_y = g->lines >= VIEW_MIN_LINES ? (int)g->lines - 2 : -1;
	g->body_h = g->lines >= VIEW_MIN_LINES ? g->lines - 2 :
	    g->lines > 1 ? g->lines - 1 : 0;
	side = v->sidebar_on && !g->too_small && v->doc->nsections > 0 &&
	    (g->cols >= view_side_cols(v) || v->sidebar_forced);
	g->side_w = side ? view_side_width(v) : 0;
	/* Shown though narrow: on half the screen at the most. */
	if (side && g->cols < view_side_cols(v) && g->side_w > g->cols / 2)
		g->side_w = g->cols / 2;
	/* A column apart from the index, and one on the right. */
	g->body_x = side ? g->side_w + 1 : 0;
	avail = g->cols > g->body_x + 1 ? g->cols - g->body_x - 1 : 1;
	if (!side && g->cols > 1)
		avail = g->cols - (g->too_small ? 0 : 1);
	g->body_w = avail < v->opts.measure ? avail : v->opts.measure;
	if (g->body_w == 0)
		g->body_w = 1;
	if (!side && v->focus == VIEW_FOCUS_SIDEBAR)
		v->focus = VIEW_FOCUS_BODY;
}

/* The same text stays at the top, whatever the new width makes of it. */
unsigned int
view_resize(struct view *v, unsigned int cols, unsigned int lines)
{
	unsigned int	 old_cols = v->geom.cols;

	layout_cache_begin(v->cache);
	v->geom.cols = cols;
	v->geom.lines = lines;
	view_layout_panes(v);
	layout_cache_set_width(v->cache, v->geom.body_w);
	view_settle(v, &v->top);
	view_help_fit(v, old_cols);
	return VIEW_REDRAW;
}

/* What to draw. */

const struct view_geom *
view_geom(const struct view *v)
{
	return &v->geom;
}

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

/*
 * The doc grew by a piece.  The section that was last may have got its
 * talk number only now.
 */
static void
view_doc_grew(struct view *v)
{
	const struct doc	*d = v->doc;
	size_t			 first;

	if (d->nsections == v->nsections_seen && d->complete == v->complete_seen)
		return;
	if (v->nsections_seen > 0) {
		first = d->sections[v->nsections_seen - 1].first;
		layout_cache_drop(v->cache, first);
		if (v->ncounted > first)
			v->ncounted = first;
	}
	v->nsections_seen = d->nsections;
	v->complete_seen = d->complete;
	view_settle(v, &v->top);
}

void
view_set_loading(struct view *v, unsigned int percent)
{
	layout_cache_begin(v->cache);
	v->loading = percent;
	view_doc_grew(v);
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

/*
 * After a talk's title on the status line, its speakers, where they fit
 * whole: " — Rik van Riel".
 */
static void
view_status_speakers(const struct view *v, const struct doc_section *sec,
    struct buf *left, size_t used, size_t w)
{
	const struct doc_range	*r;
	struct buf		 names;
	size_t			 i;

	if (sec->nspeaker == 0)
		return;
	buf_init(&names);
	buf_adds(&names, " \xe2\x80\x94 ");	/* — */
	for (i = 0; i < sec->nspeaker; i++) {
		r = &v->doc->speakers[sec->speaker + i];
		if (i > 0)
			buf_adds(&names, ", ");
		buf_add(&names, v->doc->text.data + r->off, r->len);
	}
	if (used + text_width(names.data, names.len) <= w)
		text_fit(names.data, names.len, w - used, left);
	buf_release(&names);
}

void
view_status(struct view *v, struct buf *left, struct buf *right)
{
	const struct doc_section	*sec;
	const char			*title;
	struct buf			 find, pos;
	size_t				 len, used, s, w = v->geom.cols, rw;
	char				 num[24];

	left->len = right->len = 0;
	buf_init(&find);
	buf_init(&pos);
	if (v->opts.how != NULL)
		buf_printf(&pos, " %s", v->opts.how);
	if (v->opts.nfiles > 1)
		buf_printf(&pos, " file %u/%u", v->opts.file + 1,
		    v->opts.nfiles);
	if (!v->doc->complete)
		buf_printf(&pos, " loading %u%%", v->loading);
	else
		buf_printf(&pos, " %u%%", view_percent(v));
	/* The search's place goes first, fitted to what is left. */
	if (v->find.active && w > pos.len + 2) {
		view_find_status(v, &find);
		text_fit(find.data, find.len, w - pos.len - 1, right);
	}
	if (text_width(right->data, right->len) + pos.len <= w)
		buf_add(right, pos.data, pos.len);
	buf_release(&find);
	buf_release(&pos);
	rw = text_width(right->data, right->len);
	if (w <= rw + 1) {
		buf_reserve(left, 0);
		return;
	}
	w -= rw;
	title = doc_title(v->doc, &len);
	used = text_fit(title, len, w / 2, left);
	if (v->doc->nsections == 0 || used + 3 >= w)
		return;
	s = view_section(v);
	sec = &v->doc->sections[s];
	/* The title's own section is said already. */
	if (sec->heading == DOC_NONE || sec->heading == v->doc->title)
		return;
	used += text_fit(" \xe2\x80\xba ", 5, w - used, left);	/* › */
	if (sec->talk > 0 && used < w) {
		snprintf(num, sizeof(num), "%u. ", sec->talk);
		used += text_fit(num, strlen(num), w - used, left);
	}
	title = doc_section_title(v->doc, s, &len);
	if (used < w)
		used += text_fit(title, len, w - used, left);
	view_status_speakers(v, sec, left, used, w);
}

/* What the tests and the screen ask. */

enum view_focus
view_focus(const struct view *v)
{
	return v->focus;
}

bool
view_mouse(const struct view *v)
{
	return v->mouse;
}

struct view_anchor
view_anchor(const struct view *v)
{
	return v->top;
}

size_t
view_cursor(const struct view *v)
{
	return v->cursor;
}

/* Birth and end. */

struct view *
view_new(const struct doc *d, const struct keymap *km,
    const struct view_opts *o, unsigned int cols, unsigned int lines)
{
	struct view	*v = xcalloc(1, sizeof(*v));

	v->doc = d;
	v->km = km;
	v->opts = *o;
	if (v->opts.measure == 0)
		v->opts.measure = 80;
	v->sidebar_on = o->sidebar;
	v->mouse = o->mouse;
	buf_init(&v->message);
	buf_init(&v->message_fit);
	buf_init(&v->prompt);
	v->geom.cols = cols;
	v->geom.lines = lines;
	view_layout_panes(v);
	v->cache = layout_cache_new(d, v->geom.body_w);
	search_init(&v->find.s);
	prompt_init(&v->find.pr, NULL, NULL, 0);
	prompt_history_init(&v->find.hist);
	v->find.cur = DOC_NONE;
	v->find.how.forward = true;
	v->find.last_how.forward = true;
	v->top = view_first(v);
	view_doc_grew(v);
	return v;
}

void
view_free(struct view *v)
{
	if (v == NULL)
		return;
	layout_cache_free(v->cache);
	view_find_release(&v->find);
	view_speakers_release(v);
	free(v->hist);
	free(v->counted);
	free(v->read);
	free(v->link_url);
	buf_release(&v->message);
	buf_release(&v->message_fit);
	buf_release(&v->prompt);
	view_help_release(v);
	free(v);
}
