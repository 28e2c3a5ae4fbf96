/*
 * view-panes: where each part of the screen goes (struct view_geom): the
 * index on the left where it is wanted and fits, the body at its measure,
 * the status and message lines under them; and a new screen size, which
 * lays them out again with the same text at the top and the help's entry
 * at the help's top.  It calls the help, and the parts that change the
 * panes (the index shown or hidden) call it.
 */
#include "view.h"

#include "doc.h"
#include "layout.h"
#include "view-private.h"

/* The index's width. */

unsigned int
view_side_width(const struct view *v)
{
	return v->opts.side_width != 0 ? v->opts.side_width :
	    VIEW_SIDEBAR_WIDTH;
}

/*
 * Columns from which the index shows itself: those that leave the text as
 * much room as the default index leaves it at VIEW_SIDEBAR_COLS.
 */
unsigned int
view_side_cols(const struct view *v)
{
	return view_side_width(v) + VIEW_SIDEBAR_COLS - VIEW_SIDEBAR_WIDTH;
}

/* Geometry. */

void
view_layout_panes(struct view *v)
{
	struct view_geom	*g = &v->geom;
	unsigned int		 avail;
	bool			 side;

	g->too_small = g->cols < VIEW_MIN_COLS || g->lines < VIEW_MIN_LINES;
	g->prompt_y = g->lines > 0 ? (int)g->lines - 1 : -1;
	g->status_y = g->lines >= VIEW_MIN_LINES ? (int)g->lines - 2 : -1;
	g->body_h = g->lines >= VIEW_MIN_LINES ? g->lines - 2 :
	    g->lines > 1 ? g->lines - 1 : 0;
	side = v->sidebar_on && !g->too_small && v->doc->nsections > 0 &&
	    (g->cols >= view_side_cols(v) || v->sidebar_forced);
	g->side_w = side ? view_side_width(v) : 0;
	/* Shown though narrow: on half the screen at the most. */
	if (side && g->cols < view_side_cols(v) && g->side_w > g->cols / 2)
		g->side_w = g->cols / 2;
	/* A column apart from the index, and one on the right. */
	g->body_x = side ? g->side_w + 1 : 0;
	avail = g->cols > g->body_x + 1 ? g->cols - g->body_x - 1 : 1;
	if (!side && g->cols > 1)
		avail = g->cols - (g->too_small ? 0 : 1);
	g->body_w = avail < v->opts.measure ? avail : v->opts.measure;
	if (g->body_w == 0)
		g->body_w = 1;
	if (!side && v->focus == VIEW_FOCUS_SIDEBAR)
		v->focus = VIEW_FOCUS_BODY;
}

/* The same text stays at the top, whatever the new width makes of it. */
unsigned int
view_resize(struct view *v, unsigned int cols, unsigned int lines)
{
	unsigned int	 old_cols = v->geom.cols;

	layout_cache_begin(v->cache);
	v->geom.cols = cols;
	v->geom.lines = lines;
	view_layout_panes(v);
	layout_cache_set_width(v->cache, v->geom.body_w);
	view_settle(v, &v->top);
	view_help_fit(v, old_cols);
	return VIEW_REDRAW;
}

/* What to draw. */

const struct view_geom *
view_geom(const struct view *v)
{
	return &v->geom;
}
