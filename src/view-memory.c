/*
 * view-memory: what the pager remembers of an article between runs, as
 * data (struct view_memory, in view.h): the place, or else the title of
 * its section; the last search; the sections read; the search history.
 * Reading and writing it on disk is state.c's and recall.c's.
 */
#include "view.h"

#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "prompt.h"
#include "view-private.h"

void
view_memory_release(struct view_memory *m)
{
	size_t	 i;

	free(m->title);
	free(m->query);
	free(m->read);
	for (i = 0; i < m->nhistory; i++)
		free(m->history[i]);
	free(m->history);
	memset(m, 0, sizeof(*m));
}

bool
view_memory_wants_all(const struct view *v, const struct view_memory *m)
{
	const struct doc	*d = v->doc;

	if (d->complete)
		return false;
	return (m->has_place && m->place.block >= d->nblocks) ||
	    (!m->has_place && m->title != NULL) ||
	    (m->query != NULL && m->qactive) ||
	    (m->nread > 0 && m->read[m->nread - 1] >= d->nsections);
}

/* The first section titled `title`, or DOC_NONE. */
static size_t
view_section_titled(const struct view *v, const char *title)
{
	const char	*t;
	size_t		 s, len;

	for (s = 0; s < v->doc->nsections; s++) {
		if (v->doc->sections[s].heading == DOC_NONE)
			continue;
		t = doc_section_title(v->doc, s, &len);
		if (len == strlen(title) && memcmp(t, title, len) == 0)
			return s;
	}
	return DOC_NONE;
}

void
view_restore(struct view *v, const struct view_memory *m)
{
	struct view_find	*f = &v->find;
	size_t			 i, s, b;

	for (i = m->nhistory; i-- > 0; )
		prompt_history_add(&f->hist, m->history[i]);
	if (m->has_place && m->place.block < v->doc->nblocks) {
		v->top = m->place;
		/*
		 * The text is the same bytes, but a later olsread may keep
		 * them in other blocks (a long code block in parts): where
		 * the place has text, its offset says the block.
		 */
		if (v->top.off != DOC_NONE && v->top.off < v->doc->text.len &&
		    (b = doc_block_at(v->doc, v->top.off)) != DOC_NONE &&
		    doc_is_leaf(v->doc->blocks[b].kind))
			v->top.block = b;
		view_settle(v, &v->top);
	} else if (!m->has_place && m->title != NULL &&
	    (s = view_section_titled(v, m->title)) != DOC_NONE)
		v->top = view_section_top(v, s);
	for (i = 0; i < m->nread; i++)
		if (m->read[i] < v->doc->nsections)
			view_read_mark(v, m->read[i]);
	if (m->query == NULL)
		return;
	free(f->last);
	f->last = xstrdup(m->query);
	f->last_how.flags = m->qflags;
	f->last_how.scoped = false;
	f->how = f->last_how;
	if (m->qactive)
		view_find_run(v, f->last);
}

void
view_remember(const struct view *v, struct view_memory *m)
{
	const struct view_find	*f = &v->find;
	const char		*title;
	size_t			 i, s, len;

	view_memory_release(m);
	m->has_place = v->doc->nblocks > 0;
	m->place = v->top;
	s = view_section(v);
	if (s < v->doc->nsections && v->doc->sections[s].heading != DOC_NONE) {
		title = doc_section_title(v->doc, s, &len);
		m->title = xstrndup(title, len);
	}
	if (f->last != NULL) {
		m->query = xstrdup(f->last);
		m->qflags = f->last_how.flags;
		m->qactive = f->active && !f->typing;
	}
	m->read = xreallocarray(NULL, v->capread + 1, sizeof(*m->read));
	for (s = 0; s < v->capread && s < v->doc->nsections; s++)
		if (v->read[s])
			m->read[m->nread++] = s;
	m->history = xreallocarray(NULL, f->hist.n + 1, sizeof(*m->history));
	for (i = f->hist.n; i-- > 0; )
		m->history[m->nhistory++] = xstrdup(f->hist.q[i]);
}
