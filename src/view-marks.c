/*
 * view-marks: the places the reader may go back to, and the sections
 * read.  Every jump is recorded in a history that BSpace and + walk and
 * '' toggles, as in less; m and ' set and go to marks, a letter each.  A
 * section whose end has been on screen is read (a check mark in the
 * index), and U goes to the next talk not read.
 */
#include "view.h"

#include <string.h>

#include "doc.h"
#include "view-private.h"

/* The jump history and marks. */

/* Go to `to`, recording the place left in the jump history. */
void
view_jump(struct view *v, struct view_anchor to)
{
	v->hist = xgrow(v->hist, &v->caphist, v->hpos + 3, sizeof(*v->hist));
	if (v->nhist == 0)
		v->hist[v->hpos = 0] = v->top;
	else
		v->hist[v->hpos] = v->top;
	v->hist[++v->hpos] = to;
	v->nhist = v->hpos + 1;
	v->from = v->top;
	v->jumped = true;
	v->top = to;
	view_settle(v, &v->top);
	v->side_scrolled = false;
}

unsigned int
view_history(struct view *v, bool back)
{
	if (v->nhist == 0 || (back ? v->hpos == 0 : v->hpos + 1 >= v->nhist)) {
		view_say(v, back ? "No earlier place" : "No later place");
		return VIEW_REDRAW;
	}
	v->hist[v->hpos] = v->top;
	v->hpos = back ? v->hpos - 1 : v->hpos + 1;
	v->from = v->top;
	v->jumped = true;
	v->top = v->hist[v->hpos];
	view_settle(v, &v->top);
	return VIEW_REDRAW;
}

/*
 * '': back to where the last jump (or move through the history) started.
 * Where the reader has not moved since, that is a step through the
 * history, so that BSpace then goes further back, and '' again comes
 * back here, as in less.
 */
unsigned int
view_jump_back(struct view *v)
{
	bool	 still;

	if (!v->jumped) {
		view_say(v, "No jump yet");
		return VIEW_REDRAW;
	}
	still = v->nhist > 0 && view_same(&v->top, &v->hist[v->hpos]);
	if (still && v->hpos + 1 < v->nhist &&
	    view_same(&v->from, &v->hist[v->hpos + 1]))
		return view_history(v, false);
	if (still && v->hpos > 0 && view_same(&v->from, &v->hist[v->hpos - 1]))
		return view_history(v, true);
	view_jump(v, v->from);
	return VIEW_REDRAW;
}

static int
view_mark_index(uint32_t key)
{
	if (key >= 'a' && key <= 'z')
		return (int)(key - 'a');
	if (key >= 'A' && key <= 'Z')
		return (int)(key - 'A') + 26;
	return -1;
}

unsigned int
view_mark(struct view *v, uint32_t key, bool set)
{
	int	 i = view_mark_index(key);

	if (!set && key == '\'')
		return view_jump_back(v);
	if (i < 0) {
		view_say(v, "Marks are letters");
		return VIEW_REDRAW;
	}
	if (set) {
		v->marks[i] = v->top;
		v->marked[i] = true;
		view_say(v, "Mark %c set", (char)key);
	} else if (!v->marked[i])
		view_say(v, "Mark %c is not set", (char)key);
	else
		view_jump(v, v->marks[i]);
	return VIEW_REDRAW;
}

/* Reading progress. */

/* Whether section `a` is `s` or lies within it. */
static bool
view_section_within(const struct doc *d, size_t a, size_t s)
{
	for (; a != DOC_NONE; a = d->sections[a].parent)
		if (a == s)
			return true;
	return false;
}

bool
view_is_read(const struct view *v, size_t s)
{
	return s < v->capread && v->read[s];
}

void
view_read_mark(struct view *v, size_t s)
{
	size_t	 had = v->capread;

	if (s >= v->capread) {
		v->read = xgrow(v->read, &v->capread, s + 1, sizeof(*v->read));
		memset(v->read + had, 0, (v->capread - had) * sizeof(*v->read));
	}
	v->read[s] = true;
}

/*
 * The last line of block `b` is on screen: every section whose text, its
 * subsections' included, ends with `b` has been read to its end.
 */
void
view_read_to(struct view *v, size_t b)
{
	const struct doc	*d = v->doc;
	size_t			 s, next = DOC_NONE;

	if (b + 1 < d->nblocks)
		next = d->blocks[b + 1].section;
	else if (!d->complete)
		return;
	for (s = d->blocks[b].section; s != DOC_NONE; s = d->sections[s].parent) {
		if (next != DOC_NONE && view_section_within(d, next, s))
			break;
		if (!view_is_read(v, s))
			view_read_mark(v, s);
	}
}

/* The next talk not read yet, round the end if need be. */
unsigned int
view_next_unread(struct view *v)
{
	const struct doc	*d = v->doc;
	size_t			 here = view_section(v), i, s;
	bool			 talks = d->ntalks > 0;

	for (i = 1; i <= d->nsections; i++) {
		s = (here + i) % d->nsections;
		if ((talks && d->sections[s].talk == 0) || view_is_read(v, s))
			continue;
		if (s <= here)
			view_say(v, "No unread %s below: back to the top",
			    talks ? "talk" : "section");
		if (s <= here)
			view_say_or(v, "Back to the top");
		view_jump(v, view_section_top(v, s));
		return VIEW_REDRAW;
	}
	view_say(v, "Every %s is read", talks ? "talk" : "section");
	view_say_or(v, "All read");
	return VIEW_REDRAW;
}
