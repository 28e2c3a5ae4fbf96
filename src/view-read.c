/*
 * view-read: the sections read.  A section whose end has been on screen
 * is read: the index shows a check mark on it, U passes it by, and the
 * article's memory keeps it.  It calls nothing else of the view: the body
 * marks what it shows, and the parts above ask.
 */
#include "view.h"

#include <string.h>

#include "doc.h"
#include "view-private.h"

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
