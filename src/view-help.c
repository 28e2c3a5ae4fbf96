/*
 * view-help: the help, a page of its own that covers the whole screen: a
 * title that says how to scroll it and how to leave it, then an entry for
 * each action (its keys, its name, the one the configuration binds, and
 * what it does) laid out for the width, and a last line that says which
 * of its lines show.  It scrolls as less does (j k Space b d u g G and
 * the keys bound to those actions); q, Escape and h close it.  Nothing
 * under it shows through: the screen draws only view_help_page().
 */
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "view-private.h"

/*
 * From this width, the keys, the name and the description stand side by
 * side, in columns at these places; narrower, the keys come first and the
 * name and description under them, indented.
 */
#define VIEW_HELP_TABLE		64
#define VIEW_HELP_NAME_X	22
#define VIEW_HELP_TEXT_X	40

/* What a key does to the help. */
enum view_help_move {
	VIEW_HELP_NONE,
	VIEW_HELP_LINE_DOWN,
	VIEW_HELP_LINE_UP,
	VIEW_HELP_PAGE_DOWN,
	VIEW_HELP_PAGE_UP,
	VIEW_HELP_HALF_DOWN,
	VIEW_HELP_HALF_UP,
	VIEW_HELP_TOP,
	VIEW_HELP_BOTTOM,
	VIEW_HELP_CLOSE
};

/*
 * The title, the longest that fits first.  Its keys work whatever the
 * configuration binds them to, so that it never lies.
 */
static const char *const view_help_titles[] = {
	("olsread help: j k Space b scroll, g G top and bottom, "
	    "q Escape h close"),
	"Help: j k Space b scroll, g G ends, q closes",
	"Help: j k scroll, q closes",
	"j/k scroll, q closes",
	"q closes"
};

/* The keys that the title names, and those of less. */
static const struct {
	uint32_t		 key;
	enum view_help_move	 move;
} view_help_keys_fixed[] = {
	{ 'j', VIEW_HELP_LINE_DOWN }, { KEYMAP_DOWN, VIEW_HELP_LINE_DOWN },
	{ KEYMAP_ENTER, VIEW_HELP_LINE_DOWN },
	{ 'k', VIEW_HELP_LINE_UP }, { KEYMAP_UP, VIEW_HELP_LINE_UP },
	{ ' ', VIEW_HELP_PAGE_DOWN }, { 'f', VIEW_HELP_PAGE_DOWN },
	{ KEYMAP_PAGE_DOWN, VIEW_HELP_PAGE_DOWN },
	{ 'b', VIEW_HELP_PAGE_UP }, { KEYMAP_PAGE_UP, VIEW_HELP_PAGE_UP },
	{ 'd', VIEW_HELP_HALF_DOWN }, { 'u', VIEW_HELP_HALF_UP },
	{ 'g', VIEW_HELP_TOP }, { '<', VIEW_HELP_TOP },
	{ KEYMAP_HOME, VIEW_HELP_TOP },
	{ 'G', VIEW_HELP_BOTTOM }, { '>', VIEW_HELP_BOTTOM },
	{ KEYMAP_END, VIEW_HELP_BOTTOM },
	{ 'q', VIEW_HELP_CLOSE }, { 'Q', VIEW_HELP_CLOSE },
	{ 'h', VIEW_HELP_CLOSE }, { KEYMAP_ESCAPE, VIEW_HELP_CLOSE },
};

/* A piece of an entry: text wrapped to `width` cells from column `x`. */
struct view_help_cell {
	const char	*text;
	size_t		 x;
	size_t		 width;
};

/* Lines of help that the page has room for, between title and end. */
static size_t
view_help_room(const struct view *v)
{
	return v->geom.lines > 2 ? v->geom.lines - 2 : 0;
}

/* `s` broken into lines of at most `width` cells, each '\n'-ended. */
static size_t
view_help_wrap(const char *s, size_t width, struct buf *out)
{
	size_t	 n, lines = 0;

	for (;;) {
		s += strspn(s, " ");
		if (*s == '\0' && lines > 0)
			return lines;
		n = view_cut_words(s, width > 0 ? width : 1);
		buf_add(out, s, n);
		buf_addc(out, '\n');
		lines++;
		s += n;
	}
}

/* Line `i` of the '\n'-ended lines at `p`, or NULL. */
static const char *
view_help_nth(const char *p, size_t i, size_t *len)
{
	for (; i > 0 && p != NULL; i--)
		if ((p = strchr(p, '\n')) != NULL)
			p++;
	if (p == NULL || *p == '\0')
		return NULL;
	*len = strcspn(p, "\n");
	return p;
}

/* Cells side by side, each wrapped in its column, into lines of `out`. */
static size_t
view_help_row(const struct view_help_cell *c, size_t n, struct buf *out)
{
	struct buf	 col[3];
	const char	*p;
	size_t		 i, r, rows = 0, len, at;

	for (i = 0; i < n; i++) {
		buf_init(&col[i]);
		r = view_help_wrap(c[i].text, c[i].width, &col[i]);
		rows = r > rows ? r : rows;
	}
	for (r = 0; r < rows; r++) {
		for (at = 0, i = 0; i < n; i++) {
			if ((p = view_help_nth(col[i].data, r, &len)) == NULL ||
			    len == 0)
				continue;
			for (; at < c[i].x; at++)
				buf_addc(out, ' ');
			buf_add(out, p, len);
			at += text_width(p, len);
		}
		buf_addc(out, '\n');
	}
	for (i = 0; i < n; i++)
		buf_release(&col[i]);
	return rows;
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
	case ACTION_FILE_NEXT:
		return ":n";
	case ACTION_FILE_PREV:
		return ":p";
	default:
		return NULL;
	}
}

/* The keys of `a` into `keys`, with a run of all ten digits as "0-9". */
static void
view_help_keys(const struct view *v, enum action a, char *keys, size_t size)
{
	static const char	 digits[] = "0, 1, 2, 3, 4, 5, 6, 7, 8, 9";
	const char		*extra = view_help_extra(a);
	char			*p;
	size_t			 n, len;

	n = keymap_keys_of(v->km, a, keys, size);
	if ((p = strstr(keys, digits)) != NULL) {
		memcpy(p, "0-9", 3);
		memmove(p + 3, p + strlen(digits), strlen(p + strlen(digits)) +
		    1);
	}
	len = strlen(keys);
	if (extra != NULL)
		snprintf(keys + len, size - len, "%s%s", n > 0 ? ", " : "",
		    extra);
}

/* The entry of `a` at `cols`, into lines of `out`; returns how many. */
static size_t
view_help_entry(const struct view *v, enum action a, unsigned int cols,
    struct buf *out)
{
	struct view_help_cell	 c[3];
	char			 keys[256], what[256];
	size_t			 indent = cols >= 40 ? 4 : cols >= 8 ? 2 : 0, n;

	view_help_keys(v, a, keys, sizeof(keys));
	if (cols >= VIEW_HELP_TABLE) {
		c[0] = (struct view_help_cell){ keys, 0, VIEW_HELP_NAME_X - 1 };
		c[1] = (struct view_help_cell){ keymap_action_name(a),
		    VIEW_HELP_NAME_X, VIEW_HELP_TEXT_X - VIEW_HELP_NAME_X - 1 };
		c[2] = (struct view_help_cell){ keymap_action_help(a),
		    VIEW_HELP_TEXT_X, cols - VIEW_HELP_TEXT_X };
		return view_help_row(c, 3, out);
	}
	snprintf(what, sizeof(what), "%s: %s", keymap_action_name(a),
	    keymap_action_help(a));
	c[0] = (struct view_help_cell){ keys, 0, cols };
	n = view_help_row(c, 1, out);
	c[0] = (struct view_help_cell){ what, indent, cols - indent };
	return n + view_help_row(c, 1, out);
}

/*
 * The help's lines at `cols` into `out`, '\n'-ended; starts[a], if asked,
 * the first line of action a's entry.  Returns the count.
 */
static size_t
view_help_text(const struct view *v, unsigned int cols, struct buf *out,
    size_t *starts)
{
	size_t	 n = 0;
	int	 a;

	for (a = ACTION_NONE + 1; a < ACTION__MAX; a++) {
		if (starts != NULL)
			starts[a] = n;
		n += view_help_entry(v, (enum action)a, cols > 0 ? cols : 1,
		    out);
	}
	return n;
}

/*
 * The help's lines at `cols`, each fitted to it, as the page shows them:
 * made again only when the width changed.
 */
static const struct view_help_lines *
view_help_lines(struct view *v, unsigned int cols)
{
	struct view_help_lines	*hl = &v->help_lines;
	struct buf		 raw;
	const char		*p, *nl;
	size_t			 i;

	if (hl->made && hl->cols == cols)
		return hl;
	if (!hl->made)
		buf_init(&hl->text);
	buf_init(&raw);
	hl->n = view_help_text(v, cols, &raw, hl->starts);
	hl->at = xgrow(hl->at, &hl->cap, hl->n + 1, sizeof(*hl->at));
	hl->text.len = 0;
	for (i = 0, p = raw.data; i < hl->n; i++, p = nl + 1) {
		nl = strchr(p, '\n');
		hl->at[i] = hl->text.len;
		/* Fitted, for a screen too narrow for even a word. */
		text_fit(p, (size_t)(nl - p), cols, &hl->text);
		buf_addc(&hl->text, '\n');
	}
	hl->at[hl->n] = hl->text.len;
	buf_release(&raw);
	hl->cols = cols;
	hl->made = true;
	return hl;
}

void
view_help_release(struct view *v)
{
	if (v->help_lines.made)
		buf_release(&v->help_lines.text);
	free(v->help_lines.at);
	memset(&v->help_lines, 0, sizeof(v->help_lines));
}

/* The first line to show at most: the last page is full. */
static size_t
view_help_last(struct view *v)
{
	size_t	 n = view_help_lines(v, v->geom.cols)->n;
	size_t	 room = view_help_room(v);

	return n > room ? n - room : 0;
}

void
view_help_open(struct view *v)
{
	v->help = true;
	v->help_top = 0;
}

/*
 * The screen is `old_cols` wide no longer: the entry at the top stays
 * there, from its first line, and no room is left empty below the last.
 */
void
view_help_fit(struct view *v, unsigned int old_cols)
{
	const struct view_help_lines	*hl;
	size_t				 last;
	int				 a, top = ACTION_NONE + 1;

	if (!v->help)
		return;
	hl = view_help_lines(v, old_cols);
	for (a = ACTION_NONE + 1; a < ACTION__MAX; a++)
		if (hl->starts[a] <= v->help_top)
			top = a;
	v->help_top = view_help_lines(v, v->geom.cols)->starts[top];
	if (v->help_top > (last = view_help_last(v)))
		v->help_top = last;
}

/* What `key` does to the help: by its binding first, else as less. */
static enum view_help_move
view_help_move_of(const struct view *v, uint32_t key)
{
	size_t	 i;

	switch (keymap_lookup(v->km, key)) {
	case ACTION_LINE_DOWN:
		return VIEW_HELP_LINE_DOWN;
	case ACTION_LINE_UP:
		return VIEW_HELP_LINE_UP;
	case ACTION_PAGE_DOWN:
	case ACTION_READ_ON:
		return VIEW_HELP_PAGE_DOWN;
	case ACTION_PAGE_UP:
		return VIEW_HELP_PAGE_UP;
	case ACTION_HALF_DOWN:
		return VIEW_HELP_HALF_DOWN;
	case ACTION_HALF_UP:
		return VIEW_HELP_HALF_UP;
	case ACTION_TOP:
		return VIEW_HELP_TOP;
	case ACTION_BOTTOM:
		return VIEW_HELP_BOTTOM;
	case ACTION_HELP:
	case ACTION_QUIT:
		return VIEW_HELP_CLOSE;
	default:
		break;
	}
	for (i = 0; i < sizeof(view_help_keys_fixed) /
	    sizeof(*view_help_keys_fixed); i++)
		if (view_help_keys_fixed[i].key == key)
			return view_help_keys_fixed[i].move;
	return VIEW_HELP_NONE;
}

/* Scroll the help by `n` lines, within its first and last pages. */
static void
view_help_scroll(struct view *v, size_t n, bool down)
{
	size_t	 last = view_help_last(v);

	if (down)
		v->help_top = v->help_top + n < last ? v->help_top + n : last;
	else
		v->help_top = v->help_top > n ? v->help_top - n : 0;
}

unsigned int
view_help_wheel(struct view *v, int delta)
{
	view_help_scroll(v, (size_t)(delta < 0 ? -delta : delta), delta > 0);
	return VIEW_REDRAW;
}

/* A key while the help shows: it scrolls it, closes it, or does nothing. */
unsigned int
view_help_key(struct view *v, uint32_t key)
{
	size_t			 room = view_help_room(v);
	size_t			 half = room > 1 ? room / 2 : 1;
	enum view_help_move	 m = view_help_move_of(v, key);

	switch (m) {
	case VIEW_HELP_NONE:
		return 0;
	case VIEW_HELP_CLOSE:
		v->help = false;
		return VIEW_REDRAW;
	case VIEW_HELP_TOP:
		v->help_top = 0;
		return VIEW_REDRAW;
	case VIEW_HELP_BOTTOM:
		v->help_top = view_help_last(v);
		return VIEW_REDRAW;
	default:
		break;
	}
	view_help_scroll(v, m == VIEW_HELP_LINE_DOWN || m == VIEW_HELP_LINE_UP ?
	    1 : m == VIEW_HELP_HALF_DOWN || m == VIEW_HELP_HALF_UP ? half :
	    (room > 0 ? room : 1), m == VIEW_HELP_LINE_DOWN ||
	    m == VIEW_HELP_PAGE_DOWN || m == VIEW_HELP_HALF_DOWN);
	return VIEW_REDRAW;
}

/* The last line: which lines show, of how many. */
static void
view_help_where(const struct view *v, size_t n, struct buf *out)
{
	char		 lng[64], shrt[64];
	const char	*forms[] = { lng, shrt };
	size_t		 room = view_help_room(v), last;

	last = v->help_top + room < n ? v->help_top + room : n;
	snprintf(lng, sizeof(lng), "lines %zu-%zu of %zu%s", v->help_top + 1,
	    last, n, last == n ? " (END)" : "");
	snprintf(shrt, sizeof(shrt), "%zu-%zu/%zu", v->help_top + 1, last,
	    n);
	view_fit_forms(forms, 2, v->geom.cols, out);
}

void
view_help_page(struct view *v, struct buf *out)
{
	const struct view_help_lines	*hl;
	size_t				 i, k, room = view_help_room(v);

	if (v->geom.lines == 0)
		return;
	view_fit_forms(view_help_titles, sizeof(view_help_titles) /
	    sizeof(*view_help_titles), v->geom.cols, out);
	hl = view_help_lines(v, v->geom.cols);
	for (i = 0; i < room; i++)
		if ((k = v->help_top + i) < hl->n)
			buf_add(out, hl->text.data + hl->at[k], hl->at[k + 1] -
			    hl->at[k]);
		else
			buf_addc(out, '\n');
	if (v->geom.lines >= 2)
		view_help_where(v, hl->n, out);
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
