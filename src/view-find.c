/*
 * view-find: the search as the pager runs it.  / and ? open a query line
 * that searches as it is typed, from where the typing began; Enter keeps
 * the matches (highlighted in the body, counted in the index and the
 * status line), Escape goes back.  n and N step from match to match and
 * say when a step wraps round the end or lands in another section.  The
 * matching itself is search.c's; the query line is prompt.c's.  What
 * any prompt shows on its line, scrolled so that its cursor shows, is
 * here too (view_prompt()).
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

static int
view_name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The query line. */

/* The speakers' names, once each, in order, for Tab to complete from. */
static void
view_find_names(struct view *v)
{
	struct view_find	*f = &v->find;
	const struct doc	*d = v->doc;
	struct buf		 b;
	size_t			 i, *at;

	if (f->names != NULL || d->nspeakers == 0)
		return;
	buf_init(&b);
	at = xcalloc(d->nspeakers, sizeof(*at));
	for (i = 0; i < d->nspeakers; i++) {
		at[i] = b.len;
		buf_add(&b, d->text.data + d->speakers[i].off,
		    d->speakers[i].len);
		buf_addc(&b, '\0');
	}
	f->namebuf = b.data;
	f->names = xcalloc(d->nspeakers, sizeof(*f->names));
	for (i = 0; i < d->nspeakers; i++)
		f->names[i] = b.data + at[i];
	free(at);
	qsort(f->names, d->nspeakers, sizeof(*f->names), view_name_cmp);
	for (i = 0; i < d->nspeakers; i++)
		if (f->nnames == 0 ||
		    strcmp(f->names[f->nnames - 1], f->names[i]) != 0)
			f->names[f->nnames++] = f->names[i];
}

/* What the prompt line shows, and where its cursor goes. */
static void
view_find_prompt(struct view *v)
{
	struct view_find	*f = &v->find;

	v->prompt.len = 0;
	buf_addc(&v->prompt, f->how.forward ? '/' : '?');
	buf_add(&v->prompt, f->pr.line.data, f->pr.line.len);
	if (f->how.flags & SEARCH_REGEX)
		buf_adds(&v->prompt, "   [regex]");
	if (f->how.scoped)
		buf_adds(&v->prompt, "   [this section]");
}

/* Cells from the start of the whole prompt to its cursor. */
static size_t
view_prompt_cursor_cols(const struct view *v)
{
	if (v->find.typing)
		return 1 + prompt_cursor_cols(&v->find.pr);
	if (v->speakers.open)
		return view_speakers_prompt_cols(v);
	return text_width(v->prompt.data, v->prompt.len);
}

/*
 * A prompt longer than the line scrolls, as a shell's does: the fewest
 * characters leave on the left that keep its cursor on screen.
 */
static size_t
view_prompt_skip(const struct view *v, size_t *cells)
{
	size_t		 cursor = view_prompt_cursor_cols(v), i = 0, n;
	uint32_t	 cp;

	*cells = 0;
	while (i < v->prompt.len && *cells + v->geom.cols <= cursor) {
		n = text_decode(v->prompt.data + i, v->prompt.len - i, &cp);
		*cells += text_char_width(cp);
		i += n;
	}
	return i;
}

const char *
view_prompt(const struct view *v)
{
	size_t	 cells;

	if (v->prompt.len == 0)
		return NULL;
	return v->prompt.data + view_prompt_skip(v, &cells);
}

size_t
view_prompt_cursor(const struct view *v)
{
	size_t	 cells;

	view_prompt_skip(v, &cells);
	return view_prompt_cursor_cols(v) - cells;
}

/* Matches in the text. */

/* The leaf that holds doc text offset `off`, or the nearest after it. */
static size_t
view_block_at(const struct view *v, size_t off)
{
	const struct doc	*d = v->doc;
	size_t			 b = doc_block_at(d, off);

	if (b == DOC_NONE)
		b = 0;
	/* A container without a leaf of its own has no text to show. */
	while (b + 1 < d->nblocks && !doc_is_leaf(d->blocks[b].kind))
		b++;
	return b;
}

/* Whether (b, line) is on the body's rows. */
static bool
view_is_shown(struct view *v, size_t b, size_t line)
{
	struct view_anchor	 a = v->top;
	size_t			 i;

	for (i = 0; i < v->geom.body_h; i++) {
		if (a.block == b && a.line == line)
			return true;
		if (!view_next(v, &a))
			break;
	}
	return false;
}

/* Doc text offset of the top of the screen, or of `a`. */
static size_t
view_anchor_off(const struct view *v, const struct view_anchor *a)
{
	if (a->off != DOC_NONE)
		return a->off;
	return a->block < v->doc->nblocks ? v->doc->blocks[a->block].off : 0;
}

/*
 * Show match `idx`: in the index, move the cursor to its section if the
 * search began there; in the text, leave the screen be if the match is
 * on it, else bring its line a third of the way down, or less, so that
 * the top line is in the match's section, which the status line names.
 */
static void
view_find_show(struct view *v, size_t idx)
{
	struct view_find	*f = &v->find;
	struct view_anchor	 a;
	size_t			 b, line, i;

	f->cur = idx;
	b = view_block_at(v, f->s.m[idx].off);
	if (f->origin_focus == VIEW_FOCUS_SIDEBAR &&
	    v->focus == VIEW_FOCUS_SIDEBAR) {
		v->cursor = v->doc->blocks[b].section;
		v->side_scrolled = false;
		return;
	}
	line = view_line_at(v, b, f->s.m[idx].off);
	if (view_is_shown(v, b, line))
		return;
	/* Context above the match, but from its own section only. */
	a = view_at(v, b, line);
	for (i = 0; i < v->geom.body_h / 3; i++) {
		v->top = a;
		if (!view_prev(v, &a) || v->doc->blocks[a.block].section !=
		    v->doc->blocks[b].section)
			break;
	}
	if (i == v->geom.body_h / 3)
		v->top = a;
	else if (v->top.block == v->doc->sections[
	    v->doc->blocks[b].section].heading)
		v->top = view_section_top(v, v->doc->blocks[b].section);
}

/* Run the query of the prompt, or of the last search, over the doc. */
bool
view_find_run(struct view *v, const char *query)
{
	struct view_find	*f = &v->find;
	size_t			 from = 0, to = 0;
	char			 err[256];

	if (f->ix == NULL)
		f->ix = search_index_new(v->doc);
	if (f->how.scoped && f->how.scope < v->doc->nsections) {
		from = doc_section_start(v->doc, f->how.scope);
		to = doc_section_start(v->doc, f->how.scope + 1);
	}
	if (search_run(&f->s, f->ix, v->doc, query, f->how.flags, from, to, err,
	    sizeof(err)) != 0) {
		view_say(v, "Bad regular expression: %s", err);
		view_say_or(v, "Bad regex: %s", err);
		view_say_or(v, "Bad regex");
		f->active = false;
		return false;
	}
	f->active = f->s.n > 0;
	f->cur = DOC_NONE;
	return f->active;
}

/*
 * The first match from `off` the way the search goes, round the end if
 * need be, with a word when it wraps.
 */
static size_t
view_find_from(struct view *v, size_t off, bool forward)
{
	struct view_find	*f = &v->find;
	size_t			 idx = search_next(&f->s, off, forward);

	if (idx != (size_t)-1)
		return idx;
	view_say(v, forward ? "search hit BOTTOM, continuing at TOP" :
	    "search hit TOP, continuing at BOTTOM");
	view_say_or(v, forward ? "Wrapped to TOP" : "Wrapped to BOTTOM");
	return forward ? 0 : f->s.n - 1;
}

/* Typing, and what ends it. */

static void
view_find_not_found(struct view *v, const char *q)
{
	view_say(v, "Pattern not found: %s", q);
	view_say_or(v, "Not found: %s", q);
	view_say_or(v, "Not found");
}

/* Typing: search again, from where the typing began. */
static void
view_find_incremental(struct view *v)
{
	struct view_find	*f = &v->find;

	v->top = f->origin;
	view_settle(v, &v->top);
	if (f->pr.line.len == 0) {
		f->active = false;
		return;
	}
	if (!view_find_run(v, f->pr.line.data))
		return;
	view_find_show(v, view_find_from(v,
	    view_anchor_off(v, &f->origin), f->how.forward));
	v->message.len = 0;
}

static unsigned int
view_find_start(struct view *v, bool forward)
{
	struct view_find	*f = &v->find;

	view_find_names(v);
	prompt_release(&f->pr);
	prompt_init(&f->pr, &f->hist, f->names, f->nnames);
	f->typing = true;
	f->was_active = f->active;
	f->was_cur = f->cur;
	f->how.forward = forward;
	f->origin = v->top;
	f->origin_focus = v->focus;
	f->how.scope = view_section(v);
	view_find_prompt(v);
	return VIEW_REDRAW;
}

/* Enter: keep the search, or say it found nothing and stay. */
static unsigned int
view_find_enter(struct view *v)
{
	struct view_find	*f = &v->find;
	struct view_anchor	 to;
	char			*q;

	f->typing = false;
	v->prompt.len = 0;
	/* An empty query searches again for the last. */
	if (f->pr.line.len == 0 && f->hist.n > 0)
		prompt_set(&f->pr, f->hist.q[f->hist.n - 1]);
	if (f->pr.line.len == 0) {
		v->top = f->origin;
		view_settle(v, &v->top);
		return VIEW_REDRAW;
	}
	q = xstrdup(f->pr.line.data);
	prompt_history_add(&f->hist, q);
	free(f->last);
	f->last = xstrdup(q);
	f->last_how = f->how;
	view_find_incremental(v);
	to = v->top;
	v->top = f->origin;
	view_settle(v, &v->top);
	if (!f->active) {
		if (v->message.len == 0)
			view_find_not_found(v, q);
	} else if (!view_same(&to, &f->origin))
		view_jump(v, to);
	free(q);
	return VIEW_REDRAW;
}

/* Escape: back where the typing began, with the last search's matches. */
static void
view_find_cancel(struct view *v)
{
	struct view_find	*f = &v->find;

	f->typing = false;
	v->prompt.len = 0;
	v->top = f->origin;
	view_settle(v, &v->top);
	f->how = f->last_how;
	f->active = false;
	if (f->was_active && f->last != NULL && view_find_run(v, f->last))
		f->cur = f->was_cur < f->s.n ? f->was_cur : DOC_NONE;
}

/* A key while the query is typed. */
unsigned int
view_find_key(struct view *v, uint32_t key)
{
	struct view_find	*f = &v->find;

	/* C-r: a regular expression or not; C-t: here or everywhere. */
	if (key == KEYMAP_CTRL('r') || key == KEYMAP_CTRL('t')) {
		if (key == KEYMAP_CTRL('r'))
			f->how.flags ^= SEARCH_REGEX;
		else
			f->how.scoped = !f->how.scoped;
		view_find_incremental(v);
		view_find_prompt(v);
		return VIEW_REDRAW;
	}
	switch (prompt_key(&f->pr, key)) {
	case PROMPT_EDITED:
		view_find_incremental(v);
		break;
	case PROMPT_ENTER:
		return view_find_enter(v);
	case PROMPT_CANCEL:
		view_find_cancel(v);
		return VIEW_REDRAW;
	default:
		break;
	}
	view_find_prompt(v);
	return VIEW_REDRAW;
}

/* n and N, and the other actions. */

/* Say so when a step lands in another section than it left. */
static void
view_find_crossed(struct view *v, size_t before)
{
	const struct doc_section	*sec;
	const char			*title;
	size_t				 now, len;

	now = v->doc->blocks[view_block_at(v,
	    v->find.s.m[v->find.cur].off)].section;
	if (now == before || v->message.len > 0)
		return;
	sec = &v->doc->sections[now];
	title = doc_section_title(v->doc, now, &len);
	v->message.len = 0;
	if (sec->talk > 0)
		buf_printf(&v->message, "Now in talk %u: ", sec->talk);
	else
		buf_adds(&v->message, "Now in: ");
	text_fit(title, len, 200, &v->message);
}

/*
 * n, N: the next match, from the current one if it shows, else from the
 * top of the screen.
 */
static unsigned int
view_find_step(struct view *v, bool same)
{
	struct view_find	*f = &v->find;
	struct view_anchor	 was = v->top;
	size_t			 off, idx, before, b;
	bool			 forward = f->how.forward == same, shown;

	if (f->last == NULL) {
		view_say(v, "No search yet: / starts one");
		view_say_or(v, "No search yet");
		return VIEW_REDRAW;
	}
	if (!f->active && !view_find_run(v, f->last)) {
		if (v->message.len == 0)
			view_find_not_found(v, f->last);
		return VIEW_REDRAW;
	}
	before = view_section(v);
	shown = false;
	if (f->cur != DOC_NONE) {
		b = view_block_at(v, f->s.m[f->cur].off);
		before = v->doc->blocks[b].section;
		shown = view_is_shown(v, b, view_line_at(v, b,
		    f->s.m[f->cur].off));
	}
	/* Matches never overlap: the next ends after this one's end. */
	off = !shown ? view_anchor_off(v, &v->top) : forward ?
	    f->s.m[f->cur].off + f->s.m[f->cur].len : f->s.m[f->cur].off;
	f->origin_focus = v->focus;
	idx = view_find_from(v, off, forward);
	view_find_show(v, idx);
	if (!view_same(&v->top, &was)) {
		struct view_anchor	 to = v->top;

		v->top = was;
		view_jump(v, to);
	}
	view_find_crossed(v, before);
	return VIEW_REDRAW;
}

/* The search actions outside the prompt. */
unsigned int
view_find_act(struct view *v, enum action a)
{
	struct view_find	*f = &v->find;

	switch (a) {
	case ACTION_SEARCH_FORWARD:
	case ACTION_SEARCH_BACKWARD:
		return view_find_start(v, a == ACTION_SEARCH_FORWARD);
	case ACTION_SEARCH_NEXT:
	case ACTION_SEARCH_PREV:
		return view_find_step(v, a == ACTION_SEARCH_NEXT);
	case ACTION_SEARCH_CLEAR:
		f->active = false;
		f->filter = false;
		return VIEW_REDRAW;
	case ACTION_FILTER:
		if (!f->active) {
			view_say(v, "No search to filter the index by");
			view_say_or(v, "No search");
			return VIEW_REDRAW;
		}
		f->filter = !f->filter;
		v->side_top = 0;
		if (f->filter && view_side_height(v, v->cursor) == 0)
			view_side_move(v, 1);
		view_say(v, f->filter ? "The index shows the sections that "
		    "match" : "The index shows every section");
		view_say_or(v, f->filter ? "Index: matches only" :
		    "Index: every section");
		return VIEW_REDRAW;
	default:
		return 0;
	}
}

/* What the rest of the pager asks. */

/* "match 3/17 · talk 5 (2 of 4 here)", for the status line. */
void
view_find_status(struct view *v, struct buf *out)
{
	struct view_find		*f = &v->find;
	const struct doc_section	*sec;
	size_t				 s, first, here;

	buf_printf(out, " %c%s", f->how.forward ? '/' : '?', f->s.query);
	if (f->cur == DOC_NONE) {
		buf_printf(out, " \xc2\xb7 %zu match%s", f->s.n,
		    f->s.n == 1 ? "" : "es");
		return;
	}
	s = v->doc->blocks[view_block_at(v, f->s.m[f->cur].off)].section;
	sec = &v->doc->sections[s];
	first = search_next(&f->s, doc_section_start(v->doc, s), true);
	here = s < f->s.nsections ? f->s.count[s] : 0;
	buf_printf(out, " \xc2\xb7 match %zu/%zu", f->cur + 1, f->s.n);
	if (sec->talk > 0)
		buf_printf(out, " \xc2\xb7 talk %u", sec->talk);
	buf_printf(out, " (%zu of %zu here)", first != (size_t)-1 &&
	    f->cur >= first ? f->cur - first + 1 : 1, here);
}

const struct search *
view_matches(const struct view *v, size_t *current)
{
	*current = v->find.cur;
	return v->find.active ? &v->find.s : NULL;
}

unsigned int
view_search(struct view *v, const char *query, int flags)
{
	struct view_find	*f = &v->find;

	layout_cache_begin(v->cache);
	view_find_start(v, true);
	f->how.flags = flags;
	prompt_set(&f->pr, query);
	return view_find_enter(v);
}

void
view_find_release(struct view_find *f)
{
	search_index_free(f->ix);
	search_release(&f->s);
	free(f->last);
	prompt_release(&f->pr);
	prompt_history_release(&f->hist);
	free(f->names);
	free(f->namebuf);
}
