/*
 * view-help: the help overlay, a line for each action: its keys, its
 * name (the one the configuration binds), what it does.  Taller than the
 * screen, it scrolls with the keys that scroll the text; any other key
 * closes it.  The screen draws it from view_help_lines().
 */
#include "view.h"

#include <stdio.h>
#include <string.h>

#include "view-private.h"

/* Lines of help, under its title, that the overlay has room for. */
static size_t
view_help_room(const struct view *v)
{
	return v->geom.lines > 3 ? v->geom.lines - 3 : 0;
}

void
view_help_open(struct view *v)
{
	v->help = true;
	v->help_top = 0;
}

/* No room left empty below the last line, where all would fit. */
void
view_help_fit(struct view *v)
{
	size_t	 room = view_help_room(v), n = ACTION__MAX - 1;

	if (v->help_top + room > n)
		v->help_top = n > room ? n - room : 0;
}

/*
 * Any key closes the help, but where it is taller than the screen, the
 * keys that scroll the text scroll it instead.
 */
unsigned int
view_help_key(struct view *v, uint32_t key)
{
	enum action	 a = keymap_lookup(v->km, key);
	size_t		 room = view_help_room(v), n = ACTION__MAX - 1;
	size_t		 last = n > room ? n - room : 0;
	bool		 down = a == ACTION_LINE_DOWN || a == ACTION_PAGE_DOWN ||
			    a == ACTION_READ_ON || a == ACTION_HALF_DOWN;
	bool		 up = a == ACTION_LINE_UP || a == ACTION_PAGE_UP ||
			    a == ACTION_HALF_UP;

	if (last > 0 && down && v->help_top < last) {
		v->help_top += a == ACTION_LINE_DOWN ? 1 : room;
		if (v->help_top > last)
			v->help_top = last;
		return VIEW_REDRAW;
	}
	if (last > 0 && up && v->help_top > 0) {
		v->help_top = a == ACTION_LINE_UP || v->help_top < room ?
		    v->help_top - (a == ACTION_LINE_UP ? 1 : v->help_top) :
		    v->help_top - room;
		return VIEW_REDRAW;
	}
	v->help = false;
	return VIEW_REDRAW;
}

/* Keys that are not single bindings, to show beside the bound ones. */
static const char *
view_help_extra(enum action a)
{
	switch (a) {
	case ACTION_OPEN:
		return "Enter (index)";
	case ACTION_FOCUS:
		return "Escape (index)";
	case ACTION_JUMP_BACK:
		return "''";
	case ACTION_QUIT:
		return "ZZ";
	case ACTION_SEARCH_CLEAR:
		return "Escape";
	default:
		return NULL;
	}
}

/* The keys of `a` into `keys`, with a run of all ten digits as "0-9". */
static void
view_help_keys(const struct view *v, enum action a, char *keys, size_t size)
{
	const char	*extra = view_help_extra(a);
	size_t		 n, len;

	n = keymap_keys_of(v->km, a, keys, size);
	if (strstr(keys, "0, 1, 2, 3, 4, 5, 6, 7, 8, 9") != NULL) {
		len = strlen("0, 1, 2, 3, 4, 5, 6, 7, 8, 9");
		memmove(strstr(keys, "0, 1"), "0-9", 3);
		memmove(strstr(keys, "0-9") + 3, strstr(keys, "0-9") + len,
		    strlen(strstr(keys, "0-9") + len) + 1);
	}
	len = strlen(keys);
	if (extra != NULL)
		snprintf(keys + len, size - len, "%s%s", n > 0 ? ", " : "",
		    extra);
}

void
view_help_lines(const struct view *v, struct buf *out)
{
	char	 keys[256];
	int	 a;

	buf_adds(out, "olsread keys: any key closes this help\n");
	for (a = ACTION_NONE + 1; a < ACTION__MAX; a++) {
		view_help_keys(v, (enum action)a, keys, sizeof(keys));
		buf_printf(out, "%-22s %-17s %s\n", keys,
		    keymap_action_name((enum action)a),
		    keymap_action_help((enum action)a));
	}
}

size_t
view_help_top(const struct view *v)
{
	return v->help_top;
}

bool
view_help_shown(const struct view *v)
{
	return v->help;
}
