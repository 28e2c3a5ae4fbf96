/*
 * view-side: the index, the pane on the left that lists every section:
 * two rows for a talk (number and title, then its speakers), one for any
 * other section, indented by nesting; a check mark on a section read to
 * its end, and each section's count of matches while a search is active
 * (only the sections that match, when filtered).  It has a cursor of its
 * own when Tab gives it the focus; it follows the body otherwise.  The
 * mouse is here too: the wheel scrolls the pane under it, a click on the
 * index opens a section.
 */
#include "view.h"

#include <stdio.h>

#include "doc.h"
#include "layout.h"
#include "text.h"
#include "view-private.h"

/* The index as it moves. */

static bool
view_side_shown(const struct view *v)
{
	return v->geom.side_w > 0;
}

/* Matches in section `s`, or NONE when no search is active. */
static size_t
view_side_matches(const struct view *v, size_t s)
{
	const struct view_find	*f = &v->find;

	if (!f->active)
		return DOC_NONE;
	return s < f->s.nsections ? f->s.count[s] : 0;
}

/* Rows the index gives section `s`: none when filtered out. */
size_t
view_side_height(const struct view *v, size_t s)
{
	if (v->find.filter && view_side_matches(v, s) == 0)
		return 0;
	return v->doc->sections[s].nspeaker > 0 ? 2 : 1;
}

/* Keep section `s` in the index's view, a third of the way down. */
static void
view_side_show(struct view *v, size_t s)
{
	size_t	 rows = 0, t;

	if (s < v->side_top) {
		v->side_top = s;
		return;
	}
	for (t = v->side_top; t <= s && t < v->doc->nsections; t++)
		rows += view_side_height(v, t);
	if (rows <= v->geom.body_h)
		return;
	rows = 0;
	for (t = s; t > 0 && rows + view_side_height(v, t - 1) <=
	    v->geom.body_h / 3; t--)
		rows += view_side_height(v, t - 1);
	v->side_top = t;
}

/* Move the index's cursor by `delta` entries that show. */
unsigned int
view_side_move(struct view *v, long delta)
{
	size_t	 c = v->cursor, n = v->doc->nsections;

	for (; delta > 0 && c + 1 < n; delta--)
		for (c++; c + 1 < n && view_side_height(v, c) == 0; c++)
			continue;
	for (; delta < 0 && c > 0; delta++)
		for (c--; c > 0 && view_side_height(v, c) == 0; c--)
			continue;
	if (c < n && view_side_height(v, c) > 0)
		v->cursor = c;
	v->side_scrolled = false;
	return VIEW_REDRAW;
}

/*
 * Motions in the index, when it has the focus; 0 for any other action,
 * which is the body's, for the caller to do.
 */
unsigned int
view_side_act(struct view *v, enum action a)
{
	long	 page = v->geom.body_h > 2 ? (long)v->geom.body_h / 2 : 1;

	switch (a) {
	case ACTION_LINE_DOWN:
		return view_side_move(v, 1);
	case ACTION_LINE_UP:
		return view_side_move(v, -1);
	case ACTION_PAGE_DOWN:
	case ACTION_HALF_DOWN:
	case ACTION_READ_ON:
		return view_side_move(v, page);
	case ACTION_PAGE_UP:
	case ACTION_HALF_UP:
		return view_side_move(v, -page);
	case ACTION_TOP:
		return view_side_move(v, -(long)v->cursor);
	case ACTION_BOTTOM:
		return view_side_move(v, (long)v->doc->nsections);
	case ACTION_OPEN:
		v->focus = VIEW_FOCUS_BODY;
		view_jump(v, view_section_top(v, v->cursor));
		return VIEW_REDRAW;
	default:
		return 0;
	}
}

/* Tab: the focus into the index, or back to the text. */
unsigned int
view_side_focus(struct view *v)
{
	if (v->focus == VIEW_FOCUS_SIDEBAR) {
		v->focus = VIEW_FOCUS_BODY;
		return VIEW_REDRAW;
	}
	if (!view_side_shown(v)) {
		view_say(v, "The index is hidden: t shows it");
		view_say_or(v, "Index hidden");
		return VIEW_REDRAW;
	}
	v->focus = VIEW_FOCUS_SIDEBAR;
	v->cursor = view_section(v);
	return VIEW_REDRAW;
}

/* t: the index shown, or hidden. */
unsigned int
view_side_toggle(struct view *v)
{
	if (view_side_shown(v)) {
		v->sidebar_on = false;
		v->sidebar_forced = false;
	} else {
		v->sidebar_on = true;
		v->sidebar_forced = v->geom.cols < view_side_cols(v);
	}
	view_resize(v, v->geom.cols, v->geom.lines);
	if (v->sidebar_on && !view_side_shown(v)) {
		view_say(v, "No room for the index");
		view_say_or(v, "No room");
	}
	return VIEW_REDRAW;
}

/* Its rows. */

/* Columns of the index's talk numbers: as wide as the highest. */
static size_t
view_side_number_width(const struct view *v)
{
	return v->doc->ntalks == 0 ? 0 :
	    (size_t)snprintf(NULL, 0, "%u", v->doc->ntalks) + 2;
}

/*
 * The title in `width` cells; a section read to its end has a check mark
 * at the end of the row, where it stays out of the way of the title.
 */
static void
view_side_title(const struct view *v, struct view_side_row *r, size_t s,
    const char *title, size_t len, size_t width)
{
	size_t	 used;

	if (!view_is_read(v, s) || width < 4) {
		text_fit(title, len, width, &r->text);
		return;
	}
	used = text_fit(title, len, width - 2, &r->text);
	buf_printf(&r->text, "%*s" VIEW_READ_MARK, (int)(width - 1 - used),
	    "");
	r->read = true;
}

/* Fill one index row for section `s`. */
static void
view_side_fill(struct view *v, struct view_side_row *r, size_t s,
    enum view_side_kind kind)
{
	const struct doc_section	*sec = &v->doc->sections[s];
	const struct doc_range		*sp;
	size_t				 numw = view_side_number_width(v), i, len;
	size_t				 indent, width = v->geom.side_w - 2, used;
	const char			*title;

	r->kind = kind;
	r->section = s;
	r->matches = view_side_matches(v, s);
	r->current = s == view_section(v);
	r->cursor = v->focus == VIEW_FOCUS_SIDEBAR && s == v->cursor;
	indent = 2 * doc_section_indent(v->doc, s);
	/* A narrow index keeps room for a few cells of title. */
	if (indent + numw + 4 > width)
		indent = width > numw + 4 ? width - numw - 4 : 0;
	buf_printf(&r->text, "%*s", (int)indent, "");
	if (kind == VIEW_SIDE_TITLE && sec->talk > 0) {
		buf_printf(&r->text, "%*u. ", (int)numw - 2, sec->talk);
		r->number_len = r->text.len;
	} else
		buf_printf(&r->text, "%*s", (int)numw, "");
	/* A search's count takes the end of the title's row. */
	if (kind == VIEW_SIDE_TITLE && r->matches != DOC_NONE)
		width -= width > 8 ? (size_t)snprintf(NULL, 0, " %zu",
		    r->matches) : 0;
	used = text_width(r->text.data, r->text.len);
	if (used >= width) {
		/* Not even the number fits: show what does. */
		r->text.len = 0;
		r->number_len = 0;
		used = 0;
		if (kind == VIEW_SIDE_SPEAKERS)
			return;
	}
	if (kind == VIEW_SIDE_TITLE) {
		title = doc_section_title(v->doc, s, &len);
		view_side_title(v, r, s, title, len, width - used);
		return;
	}
	for (i = 0; i < sec->nspeaker && used < width; i++) {
		sp = &v->doc->speakers[sec->speaker + i];
		if (i > 0)
			used += text_fit(", ", 2, width - used, &r->text);
		used += text_fit(v->doc->text.data + sp->off, sp->len,
		    width - used, &r->text);
	}
}

/* The row under the talks found so far, cut to the index like the rest. */
static void
view_side_loading(const struct view *v, struct view_side_row *r)
{
	struct buf	 mark;

	buf_init(&mark);
	buf_printf(&mark, "%*sloading %u%%", (int)view_side_number_width(v), "",
	    v->loading);
	r->kind = VIEW_SIDE_LOADING;
	text_fit(mark.data, mark.len, v->geom.side_w - 2, &r->text);
	buf_release(&mark);
}

void
view_sidebar(struct view *v, struct view_side_row *rows)
{
	size_t	 s, y = 0;

	if (!v->side_scrolled && v->doc->nsections > 0)
		view_side_show(v, v->focus == VIEW_FOCUS_SIDEBAR ? v->cursor :
		    view_section(v));
	for (y = 0; y < v->geom.body_h; y++) {
		buf_init(&rows[y].text);
		rows[y].matches = DOC_NONE;
		rows[y].kind = VIEW_SIDE_EMPTY;
		rows[y].section = DOC_NONE;
		rows[y].current = rows[y].cursor = rows[y].read = false;
		rows[y].number_len = 0;
	}
	if (!view_side_shown(v))
		return;
	for (s = v->side_top, y = 0; s < v->doc->nsections &&
	    y < v->geom.body_h; s++) {
		if (view_side_height(v, s) == 0)
			continue;
		view_side_fill(v, &rows[y++], s, VIEW_SIDE_TITLE);
		if (v->doc->sections[s].nspeaker > 0 && y < v->geom.body_h)
			view_side_fill(v, &rows[y++], s, VIEW_SIDE_SPEAKERS);
	}
	/* More talks are on their way. */
	if (!v->doc->complete && y < v->geom.body_h)
		view_side_loading(v, &rows[y]);
}

void
view_side_release(struct view_side_row *rows, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		buf_release(&rows[i].text);
}

/* The mouse. */

unsigned int
view_wheel(struct view *v, unsigned int row, unsigned int col, int delta)
{
	long	 top;

	layout_cache_begin(v->cache);
	(void)row;
	if (v->help)
		return view_help_wheel(v, delta);
	if (view_side_shown(v) && col < v->geom.side_w) {
		top = (long)v->side_top + delta;
		if (top > (long)v->doc->nsections - 1)
			top = (long)v->doc->nsections - 1;
		v->side_top = top < 0 ? 0 : (size_t)top;
		v->side_scrolled = true;
		return VIEW_REDRAW;
	}
	view_scroll(v, (size_t)(delta < 0 ? -delta : delta), delta > 0);
	v->message.len = 0;
	return VIEW_REDRAW;
}

/* The section whose index entry shows on body row `row`, or DOC_NONE. */
static size_t
view_side_section_at(struct view *v, unsigned int row)
{
	size_t	 s, y = 0;

	for (s = v->side_top; s < v->doc->nsections; s++) {
		y += view_side_height(v, s);
		if (row < y)
			return s;
	}
	return DOC_NONE;
}

unsigned int
view_click(struct view *v, unsigned int row, unsigned int col)
{
	size_t	 s;

	layout_cache_begin(v->cache);
	v->message.len = 0;
	/* The help covers the index: a click there is on neither. */
	if (v->help || !view_side_shown(v) || col >= v->geom.side_w ||
	    row >= v->geom.body_h)
		return 0;
	if ((s = view_side_section_at(v, row)) == DOC_NONE)
		return 0;
	v->cursor = s;
	v->focus = VIEW_FOCUS_BODY;
	view_jump(v, view_section_top(v, s));
	return VIEW_REDRAW;
}
