/*
 * view-marks: the jumps, and the places the reader may go back to.  Every
 * jump is recorded in a history that BSpace and + walk and '' toggles, as
 * in less; m and ' set and go to marks, a letter each.  The jumps to the
 * next or previous section or talk, to a talk by its number, and U's to
 * the next talk not read (which sections are read is view-read.c's) are
 * here too.  Moving without a jump is view-move.c's, below this file.
 */
#include "view.h"

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

/* Jumps to sections and talks. */

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
