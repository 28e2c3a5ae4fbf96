/*
 * view-key: what the reader's keys do.  A key becomes an action through
 * the key bindings, and an action a change of the view (view_do()); the
 * index, the search prompt and the help take the keys while they have
 * them.  Some keys wait for the next one: m and ' for a mark, Z for ZZ,
 * : for :n and :p, and a digit for the rest of a talk's number (whose
 * digits view-digits.c edits).  While the article loads, an action that
 * needs the rest of it asks for it.  This is the top of the view, with
 * view.c: it calls every part, and no part calls it.
 */
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "layout.h"
#include "view-private.h"

/* Typing a talk number. */

/* How many talks have a number that starts with the digits typed. */
static unsigned long
view_talks_with_prefix(const struct view *v, unsigned long n)
{
	unsigned long	 lo = n, hi = n, count = 0, ntalks = v->doc->ntalks;

	if (n == 0)
		return 0;
	while (lo <= ntalks) {
		count += (hi < ntalks ? hi : ntalks) - lo + 1;
		if (lo > ntalks / 10)
			break;
		lo *= 10;
		hi = hi * 10 + 9;
	}
	return count;
}

static void
view_digits_prompt(struct view *v)
{
	v->prompt.len = 0;
	buf_printf(&v->prompt, "Talk: %s", v->digits);
}

/*
 * A digit, Enter, Backspace or Escape while a talk number is typed: the
 * jump happens as soon as the digits can name only one talk.
 */
static unsigned int
view_digits_key(struct view *v, uint32_t key)
{
	unsigned long	 n = strtoul(v->digits, NULL, 10);

	if (key == KEYMAP_ENTER) {
		view_digits_end(v);
		return v->doc->ntalks == 0 && n == 0 ?
		    (view_say_no_talks(v), VIEW_REDRAW) :
		    view_goto_talk(v, n);
	}
	if (!view_digits_edit(v, key))
		return VIEW_REDRAW;
	if (key >= '0' && key <= '9') {
		n = strtoul(v->digits, NULL, 10);
		if (view_talks_with_prefix(v, n) == 0) {
			view_digits_end(v);
			view_say_no_talk(v, n);
			return VIEW_REDRAW;
		}
		if (view_talks_with_prefix(v, n) == 1 && n <= v->doc->ntalks) {
			view_digits_end(v);
			return view_goto_talk(v, n);
		}
	}
	view_digits_prompt(v);
	return VIEW_REDRAW;
}

/* Actions. */

static unsigned int
view_toggle_mouse(struct view *v)
{
	v->mouse = !v->mouse;
	view_say(v, v->mouse ? "Mouse on: the wheel scrolls, a click opens "
	    "a talk" : "Mouse off: the terminal selects text");
	view_say_or(v, v->mouse ? "Mouse on" : "Mouse off");
	return VIEW_REDRAW | VIEW_MOUSE;
}

/*
 * Lines before the top, and in all.  The whole article is laid out for
 * it, but once a width: the count of each block is kept.
 */
static void
view_count_lines(struct view *v, size_t *before, size_t *total)
{
	struct layout	 l;
	size_t		 b;

	if (v->counted_width != v->geom.body_w) {
		v->ncounted = 0;
		v->counted_width = v->geom.body_w;
	}
	v->counted = xgrow(v->counted, &v->capcounted, v->doc->nblocks,
	    sizeof(*v->counted));
	layout_init(&l);
	for (; v->ncounted < v->doc->nblocks; v->ncounted++) {
		layout_block(&l, v->doc, v->ncounted, v->geom.body_w);
		v->counted[v->ncounted] = l.nlines;
	}
	layout_release(&l);
	*before = *total = 0;
	for (b = 0; b < v->doc->nblocks; b++) {
		if (b == v->top.block)
			*before = *total + v->top.line;
		*total += v->counted[b];
	}
}

static unsigned int
view_info(struct view *v)
{
	const struct doc_section	*sec;
	size_t				 before, total, line;
	size_t				 s = view_section(v);
	char				 talk[64] = "", how[32] = "";

	view_count_lines(v, &before, &total);
	if (v->doc->nsections > 0) {
		sec = &v->doc->sections[s];
		if (sec->talk > 0)
			snprintf(talk, sizeof(talk), " · talk %u of %u",
			    sec->talk, v->doc->ntalks);
	}
	if (v->opts.how != NULL)
		snprintf(how, sizeof(how), " (%s)", v->opts.how);
	line = total > 0 ? before + 1 : 0;
	view_say(v, "%s%s%s · line %zu of %zu · %u%%",
	    strcmp(v->doc->name, "-") == 0 ? "standard input" : v->doc->name,
	    how, talk, line, total, view_percent(v));
	/* Narrower, the file's name goes first, then the words. */
	if (talk[0] != '\0')
		view_say_or(v, "%s · line %zu of %zu · %u%%", talk +
		    strlen(" · "), line, total, view_percent(v));
	view_say_or(v, "line %zu of %zu · %u%%", line, total, view_percent(v));
	view_say_or(v, "%zu/%zu %u%%", line, total, view_percent(v));
	return VIEW_REDRAW;
}

/*
 * While the article is still loading, whether `a` needs the rest of it:
 * the bottom, a talk by number, the line count, or a move that would run
 * past what is loaded.
 */
static bool
view_needs_all(struct view *v, enum action a)
{
	struct view_anchor	 at = v->top;
	size_t			 i, reach = 2 * v->geom.body_h + 1;

	if (v->doc->complete)
		return false;
	switch (a) {
	case ACTION_BOTTOM:
	case ACTION_TALK_NUMBER:
	case ACTION_INFO:
	case ACTION_SEARCH_FORWARD:
	case ACTION_SEARCH_BACKWARD:
	case ACTION_SEARCH_NEXT:
	case ACTION_SEARCH_PREV:
		return true;
	case ACTION_TALK_NEXT:
		return view_next_section(v, v->doc->ntalks > 0, true) ==
		    DOC_NONE;
	case ACTION_UNREAD:
	case ACTION_SPEAKERS:
		return true;
	case ACTION_SECTION_NEXT:
		return view_next_section(v, false, true) == DOC_NONE;
	case ACTION_LINE_DOWN:
	case ACTION_PAGE_DOWN:
	case ACTION_HALF_DOWN:
	case ACTION_READ_ON:
		if (v->focus == VIEW_FOCUS_SIDEBAR)
			return false;
		for (i = 0; i < reach; i++)
			if (!view_next(v, &at))
				return true;
		return false;
	default:
		return false;
	}
}

static unsigned int
view_file_step(struct view *v, bool next)
{
	if (v->opts.nfiles <= 1)
		view_say(v, "One file only");
	else if (next && v->opts.file + 1 >= v->opts.nfiles) {
		view_say(v, "The last file: no next one");
		view_say_or(v, "Last file");
	} else if (!next && v->opts.file == 0) {
		view_say(v, "The first file: no previous one");
		view_say_or(v, "First file");
	} else
		return next ? VIEW_FILE_NEXT : VIEW_FILE_PREV;
	return VIEW_REDRAW;
}

/* The key after :, as less reads :n, :p and :q. */
static unsigned int
view_colon_key(struct view *v, uint32_t key)
{
	char	 name[32];

	v->prompt.len = 0;
	switch (key) {
	case 'n':
		return view_file_step(v, true);
	case 'p':
		return view_file_step(v, false);
	case 'q':
	case 'Q':
		return VIEW_QUIT;
	default:
		keymap_key_name(key, name, sizeof(name));
		view_say(v, ":%s is no command: :n, :p or :q", name);
		view_say_or(v, ":%s is no command", name);
		return VIEW_REDRAW;
	}
}

/* An action in the body, whatever the focus. */
static unsigned int
view_do(struct view *v, enum action a)
{
	switch (a) {
	case ACTION_LINE_DOWN:
	case ACTION_LINE_UP:
		view_scroll(v, 1, a == ACTION_LINE_DOWN);
		return VIEW_REDRAW;
	case ACTION_PAGE_DOWN:
	case ACTION_PAGE_UP:
		return view_page(v, a == ACTION_PAGE_DOWN, false);
	case ACTION_HALF_DOWN:
	case ACTION_HALF_UP:
		return view_page(v, a == ACTION_HALF_DOWN, true);
	case ACTION_READ_ON:
		return view_read_on(v);
	case ACTION_TOP:
		view_jump(v, view_first(v));
		return VIEW_REDRAW;
	case ACTION_BOTTOM:
		view_jump(v, view_bottom(v));
		return VIEW_REDRAW;
	case ACTION_TALK_NEXT:
	case ACTION_TALK_PREV:
		return view_move_section(v, true, a == ACTION_TALK_NEXT);
	case ACTION_SECTION_NEXT:
	case ACTION_SECTION_PREV:
		return view_move_section(v, false, a == ACTION_SECTION_NEXT);
	case ACTION_UNREAD:
		return view_next_unread(v);
	case ACTION_TALK_NUMBER:
		v->pending = VIEW_PENDING_DIGITS;
		view_digits_prompt(v);
		return VIEW_REDRAW;
	case ACTION_FOCUS:
		return view_side_focus(v);
	case ACTION_OPEN:
		return VIEW_REDRAW;
	case ACTION_JUMP_BACK:
		return view_jump_back(v);
	case ACTION_HISTORY_BACK:
	case ACTION_HISTORY_FORWARD:
		return view_history(v, a == ACTION_HISTORY_BACK);
	case ACTION_MARK_SET:
	case ACTION_MARK_GOTO:
		v->pending = a == ACTION_MARK_SET ? VIEW_PENDING_MARK_SET :
		    VIEW_PENDING_MARK_GOTO;
		return VIEW_REDRAW;
	case ACTION_LINK_OPEN:
		return view_link_start(v);
	case ACTION_SEARCH_FORWARD:
	case ACTION_SEARCH_BACKWARD:
	case ACTION_SEARCH_NEXT:
	case ACTION_SEARCH_PREV:
	case ACTION_SEARCH_CLEAR:
	case ACTION_FILTER:
		return view_find_act(v, a);
	case ACTION_SIDEBAR:
		return view_side_toggle(v);
	case ACTION_MOUSE:
		return view_toggle_mouse(v);
	case ACTION_INFO:
		return view_info(v);
	case ACTION_COMMAND:
		v->pending = VIEW_PENDING_COLON;
		v->prompt.len = 0;
		buf_adds(&v->prompt, ":");
		return VIEW_REDRAW;
	case ACTION_FILE_NEXT:
	case ACTION_FILE_PREV:
		return view_file_step(v, a == ACTION_FILE_NEXT);
	case ACTION_REDRAW:
		return VIEW_REPAINT;
	case ACTION_HELP:
		view_help_open(v);
		return VIEW_REDRAW;
	case ACTION_SPEAKERS:
		view_speakers_open(v);
		return VIEW_REDRAW;
	case ACTION_QUIT:
		return VIEW_QUIT;
	default:
		return 0;
	}
}

unsigned int
view_act(struct view *v, enum action a)
{
	unsigned int	 flags;

	layout_cache_begin(v->cache);
	if (view_needs_all(v, a))
		return VIEW_LOAD;
	/* What the index does not do with the focus, the body does. */
	if (v->focus == VIEW_FOCUS_SIDEBAR &&
	    (flags = view_side_act(v, a)) != 0)
		return flags;
	return view_do(v, a);
}

/* Keys. */

/* The key after m, ', Z, : or a digit. */
static unsigned int
view_pending_key(struct view *v, uint32_t key, bool *used)
{
	enum view_pending	 p = v->pending;

	*used = true;
	if (p == VIEW_PENDING_DIGITS || p == VIEW_PENDING_LINK) {
		if (view_is_number_key(key))
			return p == VIEW_PENDING_DIGITS ?
			    view_digits_key(v, key) : view_link_key(v, key);
		/* Anything else gives up the number and does its own job. */
		view_digits_end(v);
		*used = false;
		return VIEW_REDRAW;
	}
	if (p == VIEW_PENDING_CONFIRM)
		return view_link_answer(v, key);
	v->pending = VIEW_PENDING_NONE;
	if (p == VIEW_PENDING_COLON)
		v->prompt.len = 0;
	if (key == KEYMAP_ESCAPE)
		return VIEW_REDRAW;
	if (p == VIEW_PENDING_Z)
		return key == 'Z' ? VIEW_QUIT : (*used = false, 0);
	if (p == VIEW_PENDING_COLON)
		return view_colon_key(v, key);
	return view_mark(v, key, p == VIEW_PENDING_MARK_SET);
}

unsigned int
view_key(struct view *v, uint32_t key)
{
	enum action	 a;
	unsigned int	 flags;
	bool		 used;
	char		 name[32];

	layout_cache_begin(v->cache);
	v->message.len = 0;
	if (v->help)
		return view_help_key(v, key);
	if (v->speakers.open)
		return view_speakers_key(v, key);
	if (v->find.typing)
		return view_find_key(v, key);
	if (v->pending != VIEW_PENDING_NONE) {
		flags = view_pending_key(v, key, &used);
		if (used)
			return flags | VIEW_REDRAW;
	}
	if (v->focus == VIEW_FOCUS_SIDEBAR && key == KEYMAP_ENTER)
		return view_side_act(v, ACTION_OPEN);
	if (v->focus == VIEW_FOCUS_SIDEBAR && key == KEYMAP_ESCAPE)
		return view_side_focus(v);
	if (key == 'Z' && keymap_lookup(v->km, key) == ACTION_NONE) {
		v->pending = VIEW_PENDING_Z;
		return VIEW_REDRAW;
	}
	if ((a = keymap_lookup(v->km, key)) == ACTION_NONE) {
		/* Escape clears a search's highlight, as in less. */
		if (key == KEYMAP_ESCAPE)
			return v->find.active ?
			    view_find_act(v, ACTION_SEARCH_CLEAR) : VIEW_REDRAW;
		keymap_key_name(key, name, sizeof(name));
		view_say(v, "%s does nothing: h shows the keys", name);
		view_say_or(v, "%s does nothing", name);
		return VIEW_REDRAW;
	}
	if (a == ACTION_TALK_NUMBER && key >= '0' && key <= '9') {
		if (view_needs_all(v, a))
			return VIEW_LOAD;
		v->pending = VIEW_PENDING_DIGITS;
		return view_digits_key(v, key);
	}
	return view_act(v, a);
}
