/*
 * broken-view: a view whose body starts a line late once its help is
 * shown, as a bug in the pager might have it.  A build of the view fuzz
 * target over it (linked with -Wl,--wrap=view_body, so that the target
 * and its checks get this body) must abort on a seed whose last event
 * shows the help: else the target's checks are off, or stop before the
 * end of the events.
 */
#include "view.h"

void	 __real_view_body(struct view *, struct view_row *);
void	 __wrap_view_body(struct view *, struct view_row *);

void
__wrap_view_body(struct view *v, struct view_row *rows)
{
	const struct view_geom	*g = view_geom(v);
	size_t			 i;

	__real_view_body(v, rows);
	if (!view_help_shown(v) || g->body_h < 2)
		return;
	for (i = 0; i + 1 < g->body_h; i++)
		rows[i] = rows[i + 1];
	rows[g->body_h - 1].layout = NULL;
	rows[g->body_h - 1].line = 0;
}
