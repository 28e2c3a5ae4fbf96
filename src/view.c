/*
 * view: the pager's state, with view-key.c the top of the module.  Here
 * are a view's birth and end, which reach every part to set it up and to
 * release it; the article growing under the view as it loads; the status
 * line, which asks the search for its place; and what the screen and the
 * tests ask of the state.  The other files, view-*.c, are the module's
 * layers below, which reach each other through view-private.h (it lists
 * them from the bottom up).  No curses here; see screen.c.
 */
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "layout.h"
#include "prompt.h"
#include "search.h"
#include "text.h"
#include "view-private.h"

/* The article as it loads. */

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

/* The status line. */

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
