/*
 * view-speakers: the speakers list, an overlay over the text: every
 * speaker of the article by surname, with the numbers of their talks.
 * Typing filters it, folded as search folds ("jose" finds "José"); Up and
 * Down choose; Enter goes to the chosen speaker's talk after the one in
 * view, so that S and Enter again step through a speaker's talks; Escape
 * closes it.  The filter and the choice stay for the next time it opens.
 * The screen draws it from view_speakers_lines().
 */
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "text.h"
#include "view-private.h"

#define VIEW_SPEAKERS_PROMPT	"Speaker: "

/* Lines of the list, under its title, that the overlay has room for. */
static size_t
view_speakers_room(const struct view *v)
{
	return v->geom.lines > 3 ? v->geom.lines - 3 : 0;
}

/* The entries the filter lets through, the choice kept in range. */
static void
view_speakers_filter(struct view *v)
{
	struct view_speakers	*sp = &v->speakers;
	struct buf		 q;
	size_t			 i;

	buf_init(&q);
	text_fold_string(sp->pr.line.data, sp->pr.line.len, true, &q);
	buf_addc(&q, '\0');
	free(sp->folded);
	sp->folded = q.data;
	free(sp->shown);
	sp->shown = xcalloc(sp->all.n > 0 ? sp->all.n : 1,
	    sizeof(*sp->shown));
	for (sp->nshown = i = 0; i < sp->all.n; i++)
		if (speakers_match(&sp->all.v[i], sp->folded))
			sp->shown[sp->nshown++] = i;
	if (sp->cursor >= sp->nshown)
		sp->cursor = sp->nshown > 0 ? sp->nshown - 1 : 0;
}

/* The list of the doc's speakers, built again if it found more. */
static void
view_speakers_build(struct view *v)
{
	struct view_speakers	*sp = &v->speakers;

	if (sp->all.sorted && sp->nspeakers == v->doc->nspeakers)
		return;
	speakers_release(&sp->all);
	speakers_add(&sp->all, v->doc, 0);
	speakers_finish(&sp->all);
	sp->nspeakers = v->doc->nspeakers;
	view_speakers_filter(v);
}

static void
view_speakers_prompt(struct view *v)
{
	v->prompt.len = 0;
	buf_adds(&v->prompt, VIEW_SPEAKERS_PROMPT);
	buf_add(&v->prompt, v->speakers.pr.line.data, v->speakers.pr.line.len);
}

size_t
view_speakers_prompt_cols(const struct view *v)
{
	return strlen(VIEW_SPEAKERS_PROMPT) +
	    prompt_cursor_cols(&v->speakers.pr);
}

void
view_speakers_open(struct view *v)
{
	struct view_speakers	*sp = &v->speakers;

	if (!sp->ready) {
		prompt_init(&sp->pr, NULL, NULL, 0);
		sp->ready = true;
	}
	view_speakers_build(v);
	if (sp->all.n == 0) {
		view_say(v, "No speakers found in this article");
		view_say_or(v, "No speakers");
		return;
	}
	sp->open = true;
	view_speakers_prompt(v);
}

static unsigned int
view_speakers_close(struct view *v)
{
	v->speakers.open = false;
	v->prompt.len = 0;
	return VIEW_REDRAW;
}

/*
 * Enter: the chosen speaker's first talk after the section in view, or
 * their first talk again past their last.
 */
static unsigned int
view_speakers_go(struct view *v)
{
	struct view_speakers		*sp = &v->speakers;
	const struct speakers_entry	*e;
	unsigned int			 here, talk;
	size_t				 i, s;

	if (sp->nshown == 0) {
		view_say(v, "No speaker matches");
		return VIEW_REDRAW;
	}
	e = &sp->all.v[sp->shown[sp->cursor]];
	s = view_section(v);
	here = s < v->doc->nsections ? v->doc->sections[s].talk : 0;
	for (i = 0; i < e->ntalks && e->talks[i].talk <= here; i++)
		continue;
	if (i == e->ntalks)
		i = 0;
	talk = e->talks[i].talk;
	view_speakers_close(v);
	view_goto_talk(v, talk);
	if (e->ntalks > 1)
		view_say(v, "%s: talk %u, %zu of %zu; S and Enter for the %s",
		    e->name, talk, i + 1, e->ntalks,
		    i + 1 < e->ntalks ? "next" : "first again");
	if (e->ntalks > 1)
		view_say_or(v, "Talk %u, %zu of %zu", talk, i + 1, e->ntalks);
	return VIEW_REDRAW;
}

/* Up, Down, PageUp, PageDown: the choice moves. */
static bool
view_speakers_move(struct view *v, uint32_t key)
{
	struct view_speakers	*sp = &v->speakers;
	size_t			 room = view_speakers_room(v), step;

	step = key == KEYMAP_PAGE_UP || key == KEYMAP_PAGE_DOWN ?
	    (room > 1 ? room - 1 : 1) : 1;
	if (key == KEYMAP_UP || key == KEYMAP_CTRL('p') ||
	    key == KEYMAP_PAGE_UP)
		sp->cursor = sp->cursor > step ? sp->cursor - step : 0;
	else if (key == KEYMAP_DOWN || key == KEYMAP_CTRL('n') ||
	    key == KEYMAP_PAGE_DOWN)
		sp->cursor = sp->cursor + step < sp->nshown ?
		    sp->cursor + step : (sp->nshown > 0 ? sp->nshown - 1 : 0);
	else
		return false;
	return true;
}

unsigned int
view_speakers_key(struct view *v, uint32_t key)
{
	struct view_speakers	*sp = &v->speakers;

	if (view_speakers_move(v, key))
		return VIEW_REDRAW;
	if (key == KEYMAP_ENTER)
		return view_speakers_go(v);
	switch (prompt_key(&sp->pr, key)) {
	case PROMPT_EDITED:
		sp->cursor = sp->top = 0;
		view_speakers_filter(v);
		break;
	case PROMPT_CANCEL:
		return view_speakers_close(v);
	default:
		break;
	}
	view_speakers_prompt(v);
	return VIEW_REDRAW;
}

/* The first entry shown, so that the choice is on screen. */
static void
view_speakers_scroll(struct view *v)
{
	struct view_speakers	*sp = &v->speakers;
	size_t			 room = view_speakers_room(v);

	if (room == 0)
		return;
	if (sp->cursor < sp->top)
		sp->top = sp->cursor;
	else if (sp->cursor >= sp->top + room)
		sp->top = sp->cursor - room + 1;
	if (sp->top + room > sp->nshown)
		sp->top = sp->nshown > room ? sp->nshown - room : 0;
}

/*
 * One entry: the name, then its talks, each its number and its title cut
 * to fit the `cols` the list has; where no title fits, the numbers after
 * the word "talk", and without it where that is too wide.
 */
static void
view_speakers_line(const struct speakers_entry *e, size_t cols,
    struct buf *out)
{
	size_t	 i, room, used = text_width(e->name, strlen(e->name)) + 2;
	bool	 words;

	for (i = 0; i < e->ntalks; i++)
		used += (size_t)snprintf(NULL, 0, "%u", e->talks[i].talk) +
		    (i > 0 ? 2 : 0);
	room = speakers_title_room(e, used, cols);
	words = room == 0 && used + strlen("talks ") <= cols;
	buf_printf(out, "%s  %s", e->name, !words ? "" : e->ntalks > 1 ?
	    "talks " : "talk ");
	for (i = 0; i < e->ntalks; i++) {
		buf_printf(out, "%s%u", i == 0 ? "" : room > 0 ? "; " : ", ",
		    e->talks[i].talk);
		if (room > 0) {
			buf_addc(out, ' ');
			text_fit(e->talks[i].title, strlen(e->talks[i].title),
			    room, out);
		}
	}
	buf_addc(out, '\n');
}

/* The title, in the longest form that fits `cols`. */
static void
view_speakers_title(const struct view_speakers *sp, size_t cols,
    struct buf *out)
{
	char		 f[3][128];
	const char	*forms[] = { f[0], f[1], f[2], "Speakers" };

	snprintf(f[0], sizeof(f[0]), "Speakers, %zu of %zu: type to filter, "
	    "Up and Down to choose, Enter to go, Escape to close", sp->nshown,
	    sp->all.n);
	snprintf(f[1], sizeof(f[1]), "Speakers, %zu of %zu: type to filter, "
	    "Enter goes", sp->nshown, sp->all.n);
	snprintf(f[2], sizeof(f[2]), "Speakers, %zu of %zu", sp->nshown,
	    sp->all.n);
	view_fit_forms(forms, 4, (unsigned int)cols, out);
}

void
view_speakers_lines(struct view *v, struct buf *out, size_t *chosen)
{
	struct view_speakers	*sp = &v->speakers;
	size_t			 room = view_speakers_room(v), i;
	/* The screen draws the list a cell in from either side. */
	size_t			 cols = v->geom.cols > 2 ? v->geom.cols - 2 : 0;

	view_speakers_scroll(v);
	view_speakers_title(sp, cols, out);
	*chosen = (size_t)-1;
	for (i = sp->top; i < sp->nshown && i < sp->top + room; i++) {
		if (i == sp->cursor)
			*chosen = i - sp->top;
		view_speakers_line(&sp->all.v[sp->shown[i]], cols, out);
	}
	if (sp->nshown == 0)
		buf_adds(out, "No speaker matches\n");
}

bool
view_speakers_shown(const struct view *v)
{
	return v->speakers.open;
}

void
view_speakers_release(struct view *v)
{
	struct view_speakers	*sp = &v->speakers;

	speakers_release(&sp->all);
	if (sp->ready)
		prompt_release(&sp->pr);
	free(sp->folded);
	free(sp->shown);
	memset(sp, 0, sizeof(*sp));
}
