/*
 * view: the pager's state and its actions.  Positions are (block, line)
 * pairs walked through the layout cache one block at a time, so every
 * movement costs what the screen shows, not what the document holds.  The
 * index (sidebar) lists every section, two rows for a talk (title, then
 * speakers), one for other sections.  No curses here; see screen.c.
 */
#include "view.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "layout.h"
#include "link.h"
#include "prompt.h"
#include "search.h"
#include "text.h"

#define VIEW_MARKS	52	/* a-z, A-Z */
#define VIEW_DIGITS	9	/* digits of a talk number, at most */
#define VIEW_URL_MIN	12	/* cells a message gives a URL, at least */

/* A key that waits for the next one. */
enum view_pending {
	VIEW_PENDING_NONE,
	VIEW_PENDING_MARK_SET,	/* after m */
	VIEW_PENDING_MARK_GOTO,	/* after ' */
	VIEW_PENDING_Z,		/* after Z, for ZZ */
	VIEW_PENDING_COLON,	/* after :, for :n and :p */
	VIEW_PENDING_DIGITS,	/* typing a talk number */
	VIEW_PENDING_LINK,	/* typing a link number */
	VIEW_PENDING_CONFIRM	/* asked whether to open a link */
};

/* How a search goes: each prompt starts from the last one's. */
struct view_find_how {
	size_t	 scope;		/* the section, when scoped */
	int	 flags;		/* SEARCH_REGEX */
	bool	 forward;
	bool	 scoped;	/* only the section in view */
};

/*
 * The search: its query line while it is typed, its matches after.  The
 * matches are those of the line being typed; the last query entered is
 * kept apart, for n and N and for Escape to go back to.
 */
struct view_find {
	struct search_index	*ix;		/* owned: built on first use */
	struct search		 s;		/* the matches */
	struct prompt		 pr;		/* the query line */
	struct prompt_history	 hist;
	const char		**names;	/* owned: speakers, to complete;
						   borrowed: the strings */
	size_t			 nnames;
	char			*namebuf;	/* owned: the names' bytes */
	struct view_anchor	 origin;	/* where the typing began */
	enum view_focus		 origin_focus;
	size_t			 cur;		/* the current match, or NONE */
	struct view_find_how	 how;		/* of the matches */
	char			*last;		/* owned: last query entered */
	struct view_find_how	 last_how;
	size_t			 was_cur;	/* cur when the prompt opened */
	bool			 was_active;	/* active then */
	bool			 typing;
	bool			 active;	/* matches highlighted */
	bool			 filter;	/* index only what matches */
};

struct view {
	const struct doc	*doc;		/* borrowed */
	const struct keymap	*km;		/* borrowed */
	struct layout_cache	*cache;		/* owned */
	struct view_opts	 opts;
	struct view_geom	 geom;
	struct view_anchor	 top;		/* the first body row */
	enum view_focus		 focus;
	bool			 sidebar_on;	/* the reader's choice */
	bool			 sidebar_forced; /* shown though narrow */
	bool			 mouse;
	bool			 help;
	size_t			 help_top;	/* first help line shown */
	size_t			 cursor;	/* the index's cursor: a section */
	size_t			 side_top;	/* first section the index shows */
	bool			 side_scrolled;	/* by the wheel: leave it */
	size_t			*counted;	/* owned: lines of each block */
	size_t			 ncounted;	/* blocks counted */
	size_t			 capcounted;
	unsigned int		 counted_width;	/* at this width */
	size_t			 nsections_seen;	/* when last loaded */
	bool			 complete_seen;
	unsigned int		 loading;	/* percent parsed, while the doc
						   is not complete */
	enum view_pending	 pending;
	char			 digits[VIEW_DIGITS + 1];
	size_t			 ndigits;
	struct view_anchor	*hist;		/* owned: places jumped from/to */
	size_t			 nhist;
	size_t			 caphist;
	size_t			 hpos;		/* the entry that is here */
	struct view_anchor	 from;		/* where the last jump started */
	bool			 jumped;
	struct view_anchor	 marks[VIEW_MARKS];
	bool			 marked[VIEW_MARKS];
	bool			*read;		/* owned: each section read to
						   its end */
	size_t			 capread;
	struct buf		 message;
	struct buf		 prompt;
	struct view_find	 find;
	char			*link_url;	/* owned: the link asked about,
						   or said yes to; or NULL */
};

static unsigned int	 view_do(struct view *, enum action);
static unsigned int	 view_find_act(struct view *, enum action);
static unsigned int	 view_find_key(struct view *, uint32_t);

/* Messages. */

static void view_say(struct view *, const char *, ...) UTIL_PRINTF(2, 3);

static void
view_say(struct view *v, const char *fmt, ...)
{
	va_list	 ap;

	v->message.len = 0;
	va_start(ap, fmt);
	buf_vprintf(&v->message, fmt, ap);
	va_end(ap);
}

void
view_set_message(struct view *v, const char *msg)
{
	v->message.len = 0;
	buf_adds(&v->message, msg);
}

const char *
view_message(const struct view *v)
{
	return v->message.len > 0 ? v->message.data : NULL;
}

const char *
view_prompt(const struct view *v)
{
	return v->prompt.len > 0 ? v->prompt.data : NULL;
}

/* Lines of help, under its title, that the overlay has room for. */
static size_t
view_help_room(const struct view *v)
{
	return v->geom.lines > 3 ? v->geom.lines - 3 : 0;
}

/* Positions in the text. */

static size_t
view_nlines(struct view *v, size_t b)
{
	if (b >= v->doc->nblocks || !doc_is_leaf(v->doc->blocks[b].kind))
		return 0;
	return layout_cache_get(v->cache, b)->nlines;
}

static bool
view_before(const struct view_anchor *a, const struct view_anchor *b)
{
	return a->block < b->block || (a->block == b->block &&
	    a->line < b->line);
}

static bool
view_same(const struct view_anchor *a, const struct view_anchor *b)
{
	return a->block == b->block && a->line == b->line;
}

/* The doc text that line `line` of block `b` starts with, or DOC_NONE. */
static size_t
view_line_off(struct view *v, size_t b, size_t line)
{
	const struct layout		*l = layout_cache_get(v->cache, b);
	const struct layout_line	*ln;
	size_t				 i;

	if (line >= l->nlines)
		return DOC_NONE;
	ln = &l->lines[line];
	for (i = 0; i < ln->nseg; i++)
		if (l->segs[ln->seg + i].kind != LAYOUT_SEG_DECO)
			return l->segs[ln->seg + i].off;
	return DOC_NONE;
}

static struct view_anchor
view_at(struct view *v, size_t b, size_t line)
{
	struct view_anchor	 a;

	a.block = b;
	a.line = line;
	a.off = view_line_off(v, b, line);
	a.tail = view_nlines(v, b) - line;
	return a;
}

/* The next position after `a`; false at the end. */
static bool
view_next(struct view *v, struct view_anchor *a)
{
	size_t	 b;

	if (a->line + 1 < view_nlines(v, a->block)) {
		*a = view_at(v, a->block, a->line + 1);
		return true;
	}
	for (b = a->block + 1; b < v->doc->nblocks; b++) {
		if (view_nlines(v, b) > 0) {
			*a = view_at(v, b, 0);
			return true;
		}
	}
	return false;
}

/* The position before `a`; false at the start. */
static bool
view_prev(struct view *v, struct view_anchor *a)
{
	size_t	 b, n;

	if (a->line > 0) {
		*a = view_at(v, a->block, a->line - 1);
		return true;
	}
	for (b = a->block; b-- > 0; ) {
		if ((n = view_nlines(v, b)) > 0) {
			*a = view_at(v, b, n - 1);
			return true;
		}
	}
	return false;
}

/* The first line of the article. */
static struct view_anchor
view_first(struct view *v)
{
	struct view_anchor	 a = { 0, 0, DOC_NONE, 0 };
	size_t			 b;

	for (b = 0; b < v->doc->nblocks; b++)
		if (view_nlines(v, b) > 0)
			return view_at(v, b, 0);
	return a;
}

/* The top that shows the article's last line on the body's last row. */
static struct view_anchor
view_bottom(struct view *v)
{
	struct view_anchor	 a = view_first(v);
	size_t			 b, n, i;

	for (b = v->doc->nblocks; b-- > 0; ) {
		if ((n = view_nlines(v, b)) > 0) {
			a = view_at(v, b, n - 1);
			break;
		}
	}
	for (i = 1; i < v->geom.body_h && view_prev(v, &a); i++)
		continue;
	return a;
}

/* The line of block `b` that shows doc text offset `off`. */
static size_t
view_line_at(struct view *v, size_t b, size_t off)
{
	const struct layout	*l = layout_cache_get(v->cache, b);
	size_t			 i, line = 0, o;

	for (i = 0; i < l->nlines; i++) {
		o = view_line_off(v, b, i);
		if (o != DOC_NONE && o <= off)
			line = i;
		else if (o != DOC_NONE)
			break;
	}
	return line;
}

/*
 * Find the anchor's line again in the block's layout at the current width,
 * from the text it started with.
 */
static void
view_settle(struct view *v, struct view_anchor *a)
{
	const struct layout	*l;

	if (a->block >= v->doc->nblocks || view_nlines(v, a->block) == 0) {
		*a = view_first(v);
		return;
	}
	l = layout_cache_get(v->cache, a->block);
	if (a->off != DOC_NONE)
		a->line = view_line_at(v, a->block, a->off);
	else if (a->line > 0 && a->tail > 0 && a->tail <= l->nlines)
		a->line = l->nlines - a->tail;	/* a rule under a heading */
	if (a->line >= l->nlines)
		a->line = l->nlines - 1;
	a->tail = l->nlines - a->line;
}

/* The top a jump to block `b` gives: its first line past its gap. */
static struct view_anchor
view_block_top(struct view *v, size_t b)
{
	size_t	 n;

	while (b < v->doc->nblocks && (n = view_nlines(v, b)) == 0)
		b++;
	if (b >= v->doc->nblocks)
		return view_bottom(v);
	n = !(v->doc->blocks[b].flags & DOC_NO_GAP) && n > 1 ? 1 : 0;
	return view_at(v, b, n);
}

/* Scroll by `n` lines, down if `down`; never past the last screenful. */
static void
view_scroll(struct view *v, size_t n, bool down)
{
	struct view_anchor	 a = v->top, limit;
	size_t			 i;

	for (i = 0; i < n; i++)
		if (!(down ? view_next(v, &a) : view_prev(v, &a)))
			break;
	if (down) {
		limit = view_bottom(v);
		/* A jump may have left the top further on: stay there. */
		if (view_before(&limit, &v->top))
			limit = v->top;
		if (view_before(&limit, &a))
			a = limit;
	}
	if (i == 0 || view_same(&a, &v->top))
		view_say(v, down ? "End of the article" :
		    "Top of the article");
	v->top = a;
}

/* Sections and talks. */

size_t
view_section(const struct view *v)
{
	if (v->doc->nblocks == 0)
		return 0;
	return v->doc->blocks[v->top.block].section;
}

static struct view_anchor
view_section_top(struct view *v, size_t s)
{
	if (v->doc->sections[s].heading == DOC_NONE)
		return view_first(v);
	return view_block_top(v, v->doc->sections[s].first);
}

/* Go to `to`, recording the place left in the jump history. */
static void
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

/*
 * The next (or previous) section after the top, counting only talks if
 * `talks`.  A section starts at its heading; going back from inside one
 * goes to its own start first.
 */
static size_t
view_find_section(struct view *v, bool talks, bool forward)
{
	const struct doc	*d = v->doc;
	struct view_anchor	 at;
	size_t			 s, cur = view_section(v);

	if (forward) {
		for (s = cur + 1; s < d->nsections; s++)
			if (!talks || d->sections[s].talk > 0)
				return s;
		return DOC_NONE;
	}
	for (s = cur + 1; s-- > 0; ) {
		if (talks && d->sections[s].talk == 0)
			continue;
		at = view_section_top(v, s);
		if (view_before(&at, &v->top))
			return s;
	}
	return DOC_NONE;
}

static unsigned int
view_move_section(struct view *v, bool talks, bool forward)
{
	size_t	 s;

	/* An article without talks moves by sections. */
	if (talks && v->doc->ntalks == 0)
		talks = false;
	s = view_find_section(v, talks, forward);
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
		view_say(v, "No talk %lu: the article has %u", t,
		    v->doc->ntalks);
		return VIEW_REDRAW;
	}
	view_jump(v, view_section_top(v, s));
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

static bool
view_is_read(const struct view *v, size_t s)
{
	return s < v->capread && v->read[s];
}

static void
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
static void
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
static unsigned int
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
		view_jump(v, view_section_top(v, s));
		return VIEW_REDRAW;
	}
	view_say(v, "Every %s is read", talks ? "talk" : "section");
	return VIEW_REDRAW;
}

/*
 * Space: a page down, unless the next section's heading shows below the
 * top, in which case that heading comes to the top, so that each talk
 * starts a screen, as GNU info's SPC moves on to the next node.
 */
static unsigned int
view_read_on(struct view *v)
{
	struct view_anchor	 a = v->top;
	size_t			 i, s = view_section(v);

	for (i = 1; i < v->geom.body_h && view_next(v, &a); i++) {
		if (v->doc->blocks[a.block].section != s &&
		    v->doc->sections[v->doc->blocks[a.block].section].heading ==
		    a.block) {
			v->top = view_block_top(v, a.block);
			return VIEW_REDRAW;
		}
	}
	view_scroll(v, v->geom.body_h > 1 ? v->geom.body_h - 1 : 1, true);
	return VIEW_REDRAW;
}

/* The jump history and marks. */

static unsigned int
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
static unsigned int
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

static unsigned int
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

/* Typing a talk number. */

/* Backspace, as any of the codes a terminal may send for it. */
static bool
view_is_erase(uint32_t key)
{
	return key == KEYMAP_BACKSPACE || key == 0x7f ||
	    key == KEYMAP_CTRL('h');
}

/* A key that a number's prompt takes: a digit, Enter, Escape, Backspace. */
static bool
view_is_number_key(uint32_t key)
{
	return (key >= '0' && key <= '9') || key == KEYMAP_ENTER ||
	    key == KEYMAP_ESCAPE || view_is_erase(key);
}

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

static void
view_digits_end(struct view *v)
{
	v->pending = VIEW_PENDING_NONE;
	v->ndigits = 0;
	v->digits[0] = '\0';
	v->prompt.len = 0;
}

/*
 * A digit, Backspace or Escape on a number's prompt: the digits edited.
 * Returns false when the prompt was given up (Escape, or Backspace on the
 * last digit).
 */
static bool
view_digits_edit(struct view *v, uint32_t key)
{
	if (key == KEYMAP_ESCAPE || (view_is_erase(key) && v->ndigits <= 1)) {
		view_digits_end(v);
		return false;
	}
	if (view_is_erase(key))
		v->digits[--v->ndigits] = '\0';
	else if (key >= '0' && key <= '9' && v->ndigits < VIEW_DIGITS) {
		v->digits[v->ndigits++] = (char)key;
		v->digits[v->ndigits] = '\0';
	}
	return true;
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
		    (view_say(v, "The article has no talks"), VIEW_REDRAW) :
		    view_goto_talk(v, n);
	}
	if (!view_digits_edit(v, key))
		return VIEW_REDRAW;
	if (key >= '0' && key <= '9') {
		n = strtoul(v->digits, NULL, 10);
		if (view_talks_with_prefix(v, n) == 0) {
			view_digits_end(v);
			view_say(v, "No talk %lu: the article has %u", n,
			    v->doc->ntalks);
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

/* Links, by the numbers the layout shows after them. */

static void
view_link_prompt(struct view *v)
{
	v->prompt.len = 0;
	buf_printf(&v->prompt, "Link: %s", v->digits);
}

/* o: a prompt for the number of a link. */
static unsigned int
view_link_start(struct view *v)
{
	view_digits_end(v);
	if (v->doc->complete && v->doc->nlinks == 0) {
		view_say(v, "The article has no links");
		return VIEW_REDRAW;
	}
	v->pending = VIEW_PENDING_LINK;
	view_link_prompt(v);
	return VIEW_REDRAW;
}

/*
 * Append to `out` the URL, its controls shown as symbols, cut to what the
 * line leaves it after `out` and `tail`, then `tail`: the URL gives way,
 * never the words about it.  A cell stays free for the prompt's cursor.
 */
static void
view_link_fit(const struct view *v, struct buf *out, const char *url,
    size_t len, const char *tail)
{
	size_t	 used = text_width(out->data, out->len) +
		    text_width(tail, strlen(tail)) + 1;

	text_fit(url, len, v->geom.cols > used + VIEW_URL_MIN ?
	    v->geom.cols - used : VIEW_URL_MIN, out);
	buf_adds(out, tail);
}

/*
 * Enter on a link's number: the URL, and the question whether to open
 * it; or, for one that may not be opened, the URL and why not.
 */
static unsigned int
view_link_show(struct view *v, unsigned long n)
{
	const struct doc	*d = v->doc;
	const char		*url, *why;
	size_t			 sp, len;

	if ((sp = link_find(d, n)) == DOC_NONE) {
		if (d->nlinks == 0)
			view_say(v, "The article has no links");
		else
			view_say(v, "No link %lu: the article has %u", n,
			    d->nlinks);
		return VIEW_REDRAW;
	}
	url = doc_span_url(d, &d->spans[sp], &len);
	if ((why = link_refusal(url, len)) == NULL && v->opts.opener == NULL)
		why = "no browser: set $BROWSER";
	if (why != NULL) {
		view_say(v, "[%lu] ", n);
		view_link_fit(v, &v->message, url, len, " \xc2\xb7 ");
		buf_adds(&v->message, why);
		return VIEW_REDRAW;
	}
	free(v->link_url);
	v->link_url = xstrndup(url, len);
	v->pending = VIEW_PENDING_CONFIRM;
	v->prompt.len = 0;
	buf_adds(&v->prompt, "Open ");
	/* A blank keeps the '?' from reading as part of the URL. */
	view_link_fit(v, &v->prompt, url, len, " ? (y/n)");
	return VIEW_REDRAW;
}

/*
 * A key on the link's prompt.  Unlike a talk's, the number is only taken
 * on Enter: an article has many links, and a prefix rarely names one.
 */
static unsigned int
view_link_key(struct view *v, uint32_t key)
{
	unsigned long	 n = strtoul(v->digits, NULL, 10);

	if (key != KEYMAP_ENTER) {
		if (view_digits_edit(v, key))
			view_link_prompt(v);
		return VIEW_REDRAW;
	}
	if (v->ndigits == 0) {
		view_digits_end(v);
		return VIEW_REDRAW;
	}
	/* A number past the links loaded may be one of the rest. */
	if (n > v->doc->nlinks && !v->doc->complete)
		return VIEW_LOAD;
	view_digits_end(v);
	return view_link_show(v, n);
}

/* The answer to "Open URL ? (y/n)": y opens, any other key does not. */
static unsigned int
view_link_answer(struct view *v, uint32_t key)
{
	view_digits_end(v);
	if (key == 'y' || key == 'Y')
		return VIEW_REDRAW | VIEW_OPEN;
	free(v->link_url);
	v->link_url = NULL;
	return VIEW_REDRAW;
}

const char *
view_link_url(const struct view *v)
{
	return v->pending == VIEW_PENDING_CONFIRM ? NULL : v->link_url;
}

/* The index. */

static bool
view_sidebar_shown(const struct view *v)
{
	return v->geom.side_w > 0;
}

/* Matches in section `s`, or NONE when no search is active. */
static size_t
view_side_matches(const struct view *v, size_t s)
{
	const struct view_find	*f = &v->find;

	if (!f->active)
		return DOC_NONE;
	return s < f->s.nsections ? f->s.count[s] : 0;
}

/* Rows the index gives section `s`: none when filtered out. */
static size_t
view_side_height(const struct view *v, size_t s)
{
	if (v->find.filter && view_side_matches(v, s) == 0)
		return 0;
	return v->doc->sections[s].nspeaker > 0 ? 2 : 1;
}

/* Keep section `s` in the index's view, a third of the way down. */
static void
view_side_show(struct view *v, size_t s)
{
	size_t	 rows = 0, t;

	if (s < v->side_top) {
		v->side_top = s;
		return;
	}
	for (t = v->side_top; t <= s && t < v->doc->nsections; t++)
		rows += view_side_height(v, t);
	if (rows <= v->geom.body_h)
		return;
	rows = 0;
	for (t = s; t > 0 && rows + view_side_height(v, t - 1) <=
	    v->geom.body_h / 3; t--)
		rows += view_side_height(v, t - 1);
	v->side_top = t;
}

/* Move the index's cursor by `delta` entries that show. */
static unsigned int
view_cursor_move(struct view *v, long delta)
{
	size_t	 c = v->cursor, n = v->doc->nsections;

	for (; delta > 0 && c + 1 < n; delta--)
		for (c++; c + 1 < n && view_side_height(v, c) == 0; c++)
			continue;
	for (; delta < 0 && c > 0; delta++)
		for (c--; c > 0 && view_side_height(v, c) == 0; c--)
			continue;
	if (c < n && view_side_height(v, c) > 0)
		v->cursor = c;
	v->side_scrolled = false;
	return VIEW_REDRAW;
}

/* Motions in the index, when it has the focus. */
static unsigned int
view_side_act(struct view *v, enum action a)
{
	long	 page = v->geom.body_h > 2 ? (long)v->geom.body_h / 2 : 1;

	switch (a) {
	case ACTION_LINE_DOWN:
		return view_cursor_move(v, 1);
	case ACTION_LINE_UP:
		return view_cursor_move(v, -1);
	case ACTION_PAGE_DOWN:
	case ACTION_HALF_DOWN:
	case ACTION_READ_ON:
		return view_cursor_move(v, page);
	case ACTION_PAGE_UP:
	case ACTION_HALF_UP:
		return view_cursor_move(v, -page);
	case ACTION_TOP:
		return view_cursor_move(v, -(long)v->cursor);
	case ACTION_BOTTOM:
		return view_cursor_move(v, (long)v->doc->nsections);
	case ACTION_OPEN:
		v->focus = VIEW_FOCUS_BODY;
		view_jump(v, view_section_top(v, v->cursor));
		return VIEW_REDRAW;
	default:
		return view_do(v, a);
	}
}

static unsigned int
view_toggle_focus(struct view *v)
{
	if (v->focus == VIEW_FOCUS_SIDEBAR) {
		v->focus = VIEW_FOCUS_BODY;
		return VIEW_REDRAW;
	}
	if (!view_sidebar_shown(v)) {
		view_say(v, "The index is hidden: t shows it");
		return VIEW_REDRAW;
	}
	v->focus = VIEW_FOCUS_SIDEBAR;
	v->cursor = view_section(v);
	return VIEW_REDRAW;
}

/* Geometry. */

static unsigned int
view_side_width(const struct view *v)
{
	return v->opts.side_width != 0 ? v->opts.side_width :
	    VIEW_SIDEBAR_WIDTH;
}

/*
 * Columns from which the index shows itself: those that leave the text as
 * much room as the default index leaves it at VIEW_SIDEBAR_COLS.
 */
static unsigned int
view_side_cols(const struct view *v)
{
	return view_side_width(v) + VIEW_SIDEBAR_COLS - VIEW_SIDEBAR_WIDTH;
}

static void
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
	layout_cache_begin(v->cache);
	v->geom.cols = cols;
	v->geom.lines = lines;
	view_layout_panes(v);
	layout_cache_set_width(v->cache, v->geom.body_w);
	view_settle(v, &v->top);
	if (v->help_top + view_help_room(v) > ACTION__MAX - 1)
		v->help_top = ACTION__MAX - 1 > view_help_room(v) ?
		    ACTION__MAX - 1 - view_help_room(v) : 0;
	return VIEW_REDRAW;
}

/* Actions. */

static unsigned int
view_toggle_sidebar(struct view *v)
{
	if (view_sidebar_shown(v)) {
		v->sidebar_on = false;
		v->sidebar_forced = false;
	} else {
		v->sidebar_on = true;
		v->sidebar_forced = v->geom.cols < view_side_cols(v);
	}
	view_resize(v, v->geom.cols, v->geom.lines);
	if (v->sidebar_on && !view_sidebar_shown(v))
		view_say(v, "No room for the index");
	return VIEW_REDRAW;
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
	size_t				 before, total, s = view_section(v);
	char				 talk[64] = "";

	view_count_lines(v, &before, &total);
	if (v->doc->nsections > 0) {
		sec = &v->doc->sections[s];
		if (sec->talk > 0)
			snprintf(talk, sizeof(talk), " · talk %u of %u",
			    sec->talk, v->doc->ntalks);
	}
	view_say(v, "%s%s · line %zu of %zu · %u%%",
	    strcmp(v->doc->name, "-") == 0 ? "standard input" : v->doc->name, talk,
	    total > 0 ? before + 1 : 0, total, view_percent(v));
	return VIEW_REDRAW;
}

static unsigned int
view_toggle_mouse(struct view *v)
{
	v->mouse = !v->mouse;
	view_say(v, v->mouse ? "Mouse on: the wheel scrolls, a click opens "
	    "a talk" : "Mouse off: the terminal selects text");
	return VIEW_REDRAW | VIEW_MOUSE;
}

static unsigned int
view_page(struct view *v, bool down, bool half)
{
	size_t	 h = v->geom.body_h;

	h = half ? (h > 1 ? h / 2 : 1) : (h > 1 ? h - 1 : 1);
	view_scroll(v, h, down);
	return VIEW_REDRAW;
}

/* Searching. */

static int
view_name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The speakers' names, once each, in order, for Tab to complete from. */
static void
view_find_names(struct view *v)
{
	struct view_find	*f = &v->find;
	const struct doc	*d = v->doc;
	struct buf		 b;
	size_t			 i, *at;

	if (f->names != NULL || d->nspeakers == 0)
		return;
	buf_init(&b);
	at = xcalloc(d->nspeakers, sizeof(*at));
	for (i = 0; i < d->nspeakers; i++) {
		at[i] = b.len;
		buf_add(&b, d->text.data + d->speakers[i].off,
		    d->speakers[i].len);
		buf_addc(&b, '\0');
	}
	f->namebuf = b.data;
	f->names = xcalloc(d->nspeakers, sizeof(*f->names));
	for (i = 0; i < d->nspeakers; i++)
		f->names[i] = b.data + at[i];
	free(at);
	qsort(f->names, d->nspeakers, sizeof(*f->names), view_name_cmp);
	for (i = 0; i < d->nspeakers; i++)
		if (f->nnames == 0 ||
		    strcmp(f->names[f->nnames - 1], f->names[i]) != 0)
			f->names[f->nnames++] = f->names[i];
}

/* What the prompt line shows, and where its cursor goes. */
static void
view_find_prompt(struct view *v)
{
	struct view_find	*f = &v->find;

	v->prompt.len = 0;
	buf_addc(&v->prompt, f->how.forward ? '/' : '?');
	buf_add(&v->prompt, f->pr.line.data, f->pr.line.len);
	if (f->how.flags & SEARCH_REGEX)
		buf_adds(&v->prompt, "   [regex]");
	if (f->how.scoped)
		buf_adds(&v->prompt, "   [this section]");
}

size_t
view_prompt_cursor(const struct view *v)
{
	if (v->find.typing)
		return 1 + prompt_cursor_cols(&v->find.pr);
	return text_width(v->prompt.data, v->prompt.len);
}

/* The leaf that holds doc text offset `off`, or the nearest after it. */
static size_t
view_block_at(const struct view *v, size_t off)
{
	const struct doc	*d = v->doc;
	size_t			 b = doc_block_at(d, off);

	if (b == DOC_NONE)
		b = 0;
	/* A container without a leaf of its own has no text to show. */
	while (b + 1 < d->nblocks && !doc_is_leaf(d->blocks[b].kind))
		b++;
	return b;
}

/* Whether (b, line) is on the body's rows. */
static bool
view_is_shown(struct view *v, size_t b, size_t line)
{
	struct view_anchor	 a = v->top;
	size_t			 i;

	for (i = 0; i < v->geom.body_h; i++) {
		if (a.block == b && a.line == line)
			return true;
		if (!view_next(v, &a))
			break;
	}
	return false;
}

/*
 * Show match `idx`: in the index, move the cursor to its section if the
 * search began there; in the text, leave the screen be if the match is
 * on it, else bring its line a third of the way down, or less, so that
 * the top line is in the match's section, which the status line names.
 */
static void
view_find_show(struct view *v, size_t idx)
{
	struct view_find	*f = &v->find;
	struct view_anchor	 a;
	size_t			 b, line, i;

	f->cur = idx;
	b = view_block_at(v, f->s.m[idx].off);
	if (f->origin_focus == VIEW_FOCUS_SIDEBAR &&
	    v->focus == VIEW_FOCUS_SIDEBAR) {
		v->cursor = v->doc->blocks[b].section;
		v->side_scrolled = false;
		return;
	}
	line = view_line_at(v, b, f->s.m[idx].off);
	if (view_is_shown(v, b, line))
		return;
	/* Context above the match, but from its own section only. */
	a = view_at(v, b, line);
	for (i = 0; i < v->geom.body_h / 3; i++) {
		v->top = a;
		if (!view_prev(v, &a) || v->doc->blocks[a.block].section !=
		    v->doc->blocks[b].section)
			break;
	}
	if (i == v->geom.body_h / 3)
		v->top = a;
	else if (v->top.block == v->doc->sections[
	    v->doc->blocks[b].section].heading)
		v->top = view_section_top(v, v->doc->blocks[b].section);
}

/* Doc text offset of the top of the screen, or of `a`. */
static size_t
view_anchor_off(const struct view *v, const struct view_anchor *a)
{
	if (a->off != DOC_NONE)
		return a->off;
	return a->block < v->doc->nblocks ? v->doc->blocks[a->block].off : 0;
}

/* Run the query of the prompt, or of the last search, over the doc. */
static bool
view_find_run(struct view *v, const char *query)
{
	struct view_find	*f = &v->find;
	size_t			 from = 0, to = 0;
	char			 err[256];

	if (f->ix == NULL)
		f->ix = search_index_new(v->doc);
	if (f->how.scoped && f->how.scope < v->doc->nsections) {
		from = doc_section_start(v->doc, f->how.scope);
		to = doc_section_start(v->doc, f->how.scope + 1);
	}
	if (search_run(&f->s, f->ix, v->doc, query, f->how.flags, from, to, err,
	    sizeof(err)) != 0) {
		view_say(v, "Bad regular expression: %s", err);
		f->active = false;
		return false;
	}
	f->active = f->s.n > 0;
	f->cur = DOC_NONE;
	return f->active;
}

/*
 * The first match from `off` the way the search goes, round the end if
 * need be, with a word when it wraps.
 */
static size_t
view_find_from(struct view *v, size_t off, bool forward)
{
	struct view_find	*f = &v->find;
	size_t			 idx = search_next(&f->s, off, forward);

	if (idx != (size_t)-1)
		return idx;
	view_say(v, forward ? "search hit BOTTOM, continuing at TOP" :
	    "search hit TOP, continuing at BOTTOM");
	return forward ? 0 : f->s.n - 1;
}

/* Typing: search again, from where the typing began. */
static void
view_find_incremental(struct view *v)
{
	struct view_find	*f = &v->find;

	v->top = f->origin;
	view_settle(v, &v->top);
	if (f->pr.line.len == 0) {
		f->active = false;
		return;
	}
	if (!view_find_run(v, f->pr.line.data))
		return;
	view_find_show(v, view_find_from(v,
	    view_anchor_off(v, &f->origin), f->how.forward));
	v->message.len = 0;
}

static unsigned int
view_find_start(struct view *v, bool forward)
{
	struct view_find	*f = &v->find;

	view_find_names(v);
	prompt_release(&f->pr);
	prompt_init(&f->pr, &f->hist, f->names, f->nnames);
	f->typing = true;
	f->was_active = f->active;
	f->was_cur = f->cur;
	f->how.forward = forward;
	f->origin = v->top;
	f->origin_focus = v->focus;
	f->how.scope = view_section(v);
	view_find_prompt(v);
	return VIEW_REDRAW;
}

/* Enter: keep the search, or say it found nothing and stay. */
static unsigned int
view_find_enter(struct view *v)
{
	struct view_find	*f = &v->find;
	struct view_anchor	 to;
	char			*q;

	f->typing = false;
	v->prompt.len = 0;
	/* An empty query searches again for the last. */
	if (f->pr.line.len == 0 && f->hist.n > 0)
		prompt_set(&f->pr, f->hist.q[f->hist.n - 1]);
	if (f->pr.line.len == 0) {
		v->top = f->origin;
		view_settle(v, &v->top);
		return VIEW_REDRAW;
	}
	q = xstrdup(f->pr.line.data);
	prompt_history_add(&f->hist, q);
	free(f->last);
	f->last = xstrdup(q);
	f->last_how = f->how;
	view_find_incremental(v);
	to = v->top;
	v->top = f->origin;
	view_settle(v, &v->top);
	if (!f->active) {
		if (v->message.len == 0)
			view_say(v, "Pattern not found: %s", q);
	} else if (!view_same(&to, &f->origin))
		view_jump(v, to);
	free(q);
	return VIEW_REDRAW;
}

/* Escape: back where the typing began, with the last search's matches. */
static void
view_find_cancel(struct view *v)
{
	struct view_find	*f = &v->find;

	f->typing = false;
	v->prompt.len = 0;
	v->top = f->origin;
	view_settle(v, &v->top);
	f->how = f->last_how;
	f->active = false;
	if (f->was_active && f->last != NULL && view_find_run(v, f->last))
		f->cur = f->was_cur < f->s.n ? f->was_cur : DOC_NONE;
}

/* Say so when a step lands in another section than it left. */
static void
view_find_crossed(struct view *v, size_t before)
{
	const struct doc_section	*sec;
	const char			*title;
	size_t				 now, len;

	now = v->doc->blocks[view_block_at(v,
	    v->find.s.m[v->find.cur].off)].section;
	if (now == before || v->message.len > 0)
		return;
	sec = &v->doc->sections[now];
	title = doc_section_title(v->doc, now, &len);
	v->message.len = 0;
	if (sec->talk > 0)
		buf_printf(&v->message, "Now in talk %u: ", sec->talk);
	else
		buf_adds(&v->message, "Now in: ");
	text_fit(title, len, 200, &v->message);
}

/*
 * n, N: the next match, from the current one if it shows, else from the
 * top of the screen.
 */
static unsigned int
view_find_step(struct view *v, bool same)
{
	struct view_find	*f = &v->find;
	struct view_anchor	 was = v->top;
	size_t			 off, idx, before, b;
	bool			 forward = f->how.forward == same, shown;

	if (f->last == NULL) {
		view_say(v, "No search yet: / starts one");
		return VIEW_REDRAW;
	}
	if (!f->active && !view_find_run(v, f->last)) {
		if (v->message.len == 0)
			view_say(v, "Pattern not found: %s", f->last);
		return VIEW_REDRAW;
	}
	before = view_section(v);
	shown = false;
	if (f->cur != DOC_NONE) {
		b = view_block_at(v, f->s.m[f->cur].off);
		before = v->doc->blocks[b].section;
		shown = view_is_shown(v, b, view_line_at(v, b,
		    f->s.m[f->cur].off));
	}
	/* Matches never overlap: the next ends after this one's end. */
	off = !shown ? view_anchor_off(v, &v->top) : forward ?
	    f->s.m[f->cur].off + f->s.m[f->cur].len : f->s.m[f->cur].off;
	f->origin_focus = v->focus;
	idx = view_find_from(v, off, forward);
	view_find_show(v, idx);
	if (!view_same(&v->top, &was)) {
		struct view_anchor	 to = v->top;

		v->top = was;
		view_jump(v, to);
	}
	view_find_crossed(v, before);
	return VIEW_REDRAW;
}

/* A key while the query is typed. */
static unsigned int
view_find_key(struct view *v, uint32_t key)
{
	struct view_find	*f = &v->find;

	/* C-r: a regular expression or not; C-t: here or everywhere. */
	if (key == KEYMAP_CTRL('r') || key == KEYMAP_CTRL('t')) {
		if (key == KEYMAP_CTRL('r'))
			f->how.flags ^= SEARCH_REGEX;
		else
			f->how.scoped = !f->how.scoped;
		view_find_incremental(v);
		view_find_prompt(v);
		return VIEW_REDRAW;
	}
	switch (prompt_key(&f->pr, key)) {
	case PROMPT_EDITED:
		view_find_incremental(v);
		break;
	case PROMPT_ENTER:
		return view_find_enter(v);
	case PROMPT_CANCEL:
		view_find_cancel(v);
		return VIEW_REDRAW;
	default:
		break;
	}
	view_find_prompt(v);
	return VIEW_REDRAW;
}

/* The search actions outside the prompt. */
static unsigned int
view_find_act(struct view *v, enum action a)
{
	struct view_find	*f = &v->find;

	switch (a) {
	case ACTION_SEARCH_FORWARD:
	case ACTION_SEARCH_BACKWARD:
		return view_find_start(v, a == ACTION_SEARCH_FORWARD);
	case ACTION_SEARCH_NEXT:
	case ACTION_SEARCH_PREV:
		return view_find_step(v, a == ACTION_SEARCH_NEXT);
	case ACTION_SEARCH_CLEAR:
		f->active = false;
		f->filter = false;
		return VIEW_REDRAW;
	case ACTION_FILTER:
		if (!f->active) {
			view_say(v, "No search to filter the index by");
			return VIEW_REDRAW;
		}
		f->filter = !f->filter;
		v->side_top = 0;
		if (f->filter && view_side_height(v, v->cursor) == 0)
			view_cursor_move(v, 1);
		view_say(v, f->filter ? "The index shows the sections that "
		    "match" : "The index shows every section");
		return VIEW_REDRAW;
	default:
		return 0;
	}
}

/* "match 3/17 · talk 5 (2 of 4 here)", for the status line. */
static void
view_find_status(struct view *v, struct buf *out)
{
	struct view_find		*f = &v->find;
	const struct doc_section	*sec;
	size_t				 s, first, here;

	buf_printf(out, " %c%s", f->how.forward ? '/' : '?', f->s.query);
	if (f->cur == DOC_NONE) {
		buf_printf(out, " \xc2\xb7 %zu match%s", f->s.n,
		    f->s.n == 1 ? "" : "es");
		return;
	}
	s = v->doc->blocks[view_block_at(v, f->s.m[f->cur].off)].section;
	sec = &v->doc->sections[s];
	first = search_next(&f->s, doc_section_start(v->doc, s), true);
	here = s < f->s.nsections ? f->s.count[s] : 0;
	buf_printf(out, " \xc2\xb7 match %zu/%zu", f->cur + 1, f->s.n);
	if (sec->talk > 0)
		buf_printf(out, " \xc2\xb7 talk %u", sec->talk);
	buf_printf(out, " (%zu of %zu here)", first != (size_t)-1 &&
	    f->cur >= first ? f->cur - first + 1 : 1, here);
}

const struct search *
view_matches(const struct view *v, size_t *current)
{
	*current = v->find.cur;
	return v->find.active ? &v->find.s : NULL;
}

unsigned int
view_search(struct view *v, const char *query, int flags)
{
	struct view_find	*f = &v->find;

	layout_cache_begin(v->cache);
	view_find_start(v, true);
	f->how.flags = flags;
	prompt_set(&f->pr, query);
	return view_find_enter(v);
}

static void
view_find_release(struct view_find *f)
{
	search_index_free(f->ix);
	search_release(&f->s);
	free(f->last);
	prompt_release(&f->pr);
	prompt_history_release(&f->hist);
	free(f->names);
	free(f->namebuf);
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
		return view_find_section(v, v->doc->ntalks > 0, true) ==
		    DOC_NONE;
	case ACTION_UNREAD:
		return true;
	case ACTION_SECTION_NEXT:
		return view_find_section(v, false, true) == DOC_NONE;
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

/* Files. */

static unsigned int
view_file_step(struct view *v, bool next)
{
	if (v->opts.nfiles <= 1)
		view_say(v, "One file only");
	else if (next && v->opts.file + 1 >= v->opts.nfiles)
		view_say(v, "The last file: no next one");
	else if (!next && v->opts.file == 0)
		view_say(v, "The first file: no previous one");
	else
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
		return VIEW_REDRAW;
	}
}

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
		return view_toggle_focus(v);
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
		return view_toggle_sidebar(v);
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
		v->help = true;
		v->help_top = 0;
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
	layout_cache_begin(v->cache);
	if (view_needs_all(v, a))
		return VIEW_LOAD;
	if (v->focus == VIEW_FOCUS_SIDEBAR)
		return view_side_act(v, a);
	return view_do(v, a);
}

/*
 * Any key closes the help, but where it is taller than the screen, the
 * keys that scroll the text scroll it instead.
 */
static unsigned int
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
		return view_toggle_focus(v);
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

/* The mouse. */

unsigned int
view_wheel(struct view *v, unsigned int row, unsigned int col, int delta)
{
	long	 top;

	layout_cache_begin(v->cache);
	(void)row;
	if (view_sidebar_shown(v) && col < v->geom.side_w) {
		top = (long)v->side_top + delta;
		if (top > (long)v->doc->nsections - 1)
			top = (long)v->doc->nsections - 1;
		v->side_top = top < 0 ? 0 : (size_t)top;
		v->side_scrolled = true;
		return VIEW_REDRAW;
	}
	view_scroll(v, (size_t)(delta < 0 ? -delta : delta), delta > 0);
	v->message.len = 0;
	return VIEW_REDRAW;
}

/* The section whose index entry shows on body row `row`, or DOC_NONE. */
static size_t
view_side_section_at(struct view *v, unsigned int row)
{
	size_t	 s, y = 0;

	for (s = v->side_top; s < v->doc->nsections; s++) {
		y += view_side_height(v, s);
		if (row < y)
			return s;
	}
	return DOC_NONE;
}

unsigned int
view_click(struct view *v, unsigned int row, unsigned int col)
{
	size_t	 s;

	layout_cache_begin(v->cache);
	v->message.len = 0;
	if (!view_sidebar_shown(v) || col >= v->geom.side_w ||
	    row >= v->geom.body_h)
		return 0;
	if ((s = view_side_section_at(v, row)) == DOC_NONE)
		return 0;
	v->cursor = s;
	v->focus = VIEW_FOCUS_BODY;
	view_jump(v, view_section_top(v, s));
	return VIEW_REDRAW;
}

/* What to draw. */

const struct view_geom *
view_geom(const struct view *v)
{
	return &v->geom;
}

void
view_body(struct view *v, struct view_row *rows)
{
	struct view_anchor	 a = v->top;
	size_t			 i;
	bool			 more;

	/* The rows' layouts stay in the cache until the next frame. */
	layout_cache_begin(v->cache);
	more = v->doc->nblocks > 0 && view_nlines(v, a.block) > 0;
	for (i = 0; i < v->geom.body_h; i++) {
		rows[i].layout = NULL;
		rows[i].line = 0;
		if (!more)
			continue;
		rows[i].layout = layout_cache_get(v->cache, a.block);
		rows[i].line = a.line;
		/* What the reader is shown, the reader has read. */
		if (a.line + 1 == rows[i].layout->nlines)
			view_read_to(v, a.block);
		more = view_next(v, &a);
	}
}

/* Columns of the index's talk numbers: as wide as the highest. */
static size_t
view_number_width(const struct view *v)
{
	return v->doc->ntalks == 0 ? 0 :
	    (size_t)snprintf(NULL, 0, "%u", v->doc->ntalks) + 2;
}

/*
 * The title in `width` cells; a section read to its end has a check mark
 * at the end of the row, where it stays out of the way of the title.
 */
static void
view_side_title(const struct view *v, struct view_side_row *r, size_t s,
    const char *title, size_t len, size_t width)
{
	size_t	 used;

	if (!view_is_read(v, s) || width < 4) {
		text_fit(title, len, width, &r->text);
		return;
	}
	used = text_fit(title, len, width - 2, &r->text);
	buf_printf(&r->text, "%*s" VIEW_READ_MARK, (int)(width - 1 - used),
	    "");
	r->read = true;
}

/* Fill one index row for section `s`. */
static void
view_side_fill(struct view *v, struct view_side_row *r, size_t s,
    enum view_side_kind kind)
{
	const struct doc_section	*sec = &v->doc->sections[s];
	const struct doc_range		*sp;
	size_t				 numw = view_number_width(v), i, len;
	size_t				 indent, width = v->geom.side_w - 2, used;
	const char			*title;

	r->kind = kind;
	r->section = s;
	r->matches = view_side_matches(v, s);
	r->current = s == view_section(v);
	r->cursor = v->focus == VIEW_FOCUS_SIDEBAR && s == v->cursor;
	indent = 2 * doc_section_indent(v->doc, s);
	/* A narrow index keeps room for a few cells of title. */
	if (indent + numw + 4 > width)
		indent = width > numw + 4 ? width - numw - 4 : 0;
	buf_printf(&r->text, "%*s", (int)indent, "");
	if (kind == VIEW_SIDE_TITLE && sec->talk > 0) {
		buf_printf(&r->text, "%*u. ", (int)numw - 2, sec->talk);
		r->number_len = r->text.len;
	} else
		buf_printf(&r->text, "%*s", (int)numw, "");
	/* A search's count takes the end of the title's row. */
	if (kind == VIEW_SIDE_TITLE && r->matches != DOC_NONE)
		width -= width > 8 ? (size_t)snprintf(NULL, 0, " %zu",
		    r->matches) : 0;
	used = text_width(r->text.data, r->text.len);
	if (used >= width) {
		/* Not even the number fits: show what does. */
		r->text.len = 0;
		r->number_len = 0;
		used = 0;
		if (kind == VIEW_SIDE_SPEAKERS)
			return;
	}
	if (kind == VIEW_SIDE_TITLE) {
		title = doc_section_title(v->doc, s, &len);
		view_side_title(v, r, s, title, len, width - used);
		return;
	}
	for (i = 0; i < sec->nspeaker && used < width; i++) {
		sp = &v->doc->speakers[sec->speaker + i];
		if (i > 0)
			used += text_fit(", ", 2, width - used, &r->text);
		used += text_fit(v->doc->text.data + sp->off, sp->len,
		    width - used, &r->text);
	}
}

/* The row under the talks found so far, cut to the index like the rest. */
static void
view_side_loading(const struct view *v, struct view_side_row *r)
{
	struct buf	 mark;

	buf_init(&mark);
	buf_printf(&mark, "%*sloading %u%%", (int)view_number_width(v), "",
	    v->loading);
	r->kind = VIEW_SIDE_LOADING;
	text_fit(mark.data, mark.len, v->geom.side_w - 2, &r->text);
	buf_release(&mark);
}

void
view_sidebar(struct view *v, struct view_side_row *rows)
{
	size_t	 s, y = 0;

	if (!v->side_scrolled && v->doc->nsections > 0)
		view_side_show(v, v->focus == VIEW_FOCUS_SIDEBAR ? v->cursor :
		    view_section(v));
	for (y = 0; y < v->geom.body_h; y++) {
		buf_init(&rows[y].text);
		rows[y].matches = DOC_NONE;
		rows[y].kind = VIEW_SIDE_EMPTY;
		rows[y].section = DOC_NONE;
		rows[y].current = rows[y].cursor = rows[y].read = false;
		rows[y].number_len = 0;
	}
	if (!view_sidebar_shown(v))
		return;
	for (s = v->side_top, y = 0; s < v->doc->nsections &&
	    y < v->geom.body_h; s++) {
		if (view_side_height(v, s) == 0)
			continue;
		view_side_fill(v, &rows[y++], s, VIEW_SIDE_TITLE);
		if (v->doc->sections[s].nspeaker > 0 && y < v->geom.body_h)
			view_side_fill(v, &rows[y++], s, VIEW_SIDE_SPEAKERS);
	}
	/* More talks are on their way. */
	if (!v->doc->complete && y < v->geom.body_h)
		view_side_loading(v, &rows[y]);
}

/*
 * The doc grew by a piece.  The section that was last may have got its
 * talk number only now.
 */
static void
view_doc_grew(struct view *v)
{
	const struct doc	*d = v->doc;
	size_t			 first;

	if (d->nsections == v->nsections_seen && d->complete == v->complete_seen)
		return;
	if (v->nsections_seen > 0) {
		first = d->sections[v->nsections_seen - 1].first;
		layout_cache_drop(v->cache, first);
		if (v->ncounted > first)
			v->ncounted = first;
	}
	v->nsections_seen = d->nsections;
	v->complete_seen = d->complete;
	view_settle(v, &v->top);
}

void
view_set_loading(struct view *v, unsigned int percent)
{
	layout_cache_begin(v->cache);
	v->loading = percent;
	view_doc_grew(v);
}

void
view_side_release(struct view_side_row *rows, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		buf_release(&rows[i].text);
}

unsigned int
view_percent(struct view *v)
{
	struct view_anchor	 a = v->top;
	size_t			 i, off, end;

	if (v->doc->text.len == 0)
		return 100;
	for (i = 1; i < v->geom.body_h; i++)
		if (!view_next(v, &a))
			return 100;
	/* The text at the start of the line after the last row shown. */
	if (!view_next(v, &a))
		return 100;
	off = a.off != DOC_NONE ? a.off : v->doc->blocks[a.block].off;
	end = v->doc->text.len;
	return (unsigned int)(off >= end ? 100 : off * 100 / end);
}

void
view_status(struct view *v, struct buf *left, struct buf *right)
{
	const struct doc_section	*sec;
	const char			*title;
	struct buf			 find, pos;
	size_t				 len, used, s, w = v->geom.cols, rw;
	char				 num[24];

	left->len = right->len = 0;
	buf_init(&find);
	buf_init(&pos);
	if (v->opts.nfiles > 1)
		buf_printf(&pos, " file %u/%u", v->opts.file + 1,
		    v->opts.nfiles);
	if (!v->doc->complete)
		buf_printf(&pos, " loading %u%%", v->loading);
	else
		buf_printf(&pos, " %u%%", view_percent(v));
	/* The search's place goes first, fitted to what is left. */
	if (v->find.active && w > pos.len + 2) {
		view_find_status(v, &find);
		text_fit(find.data, find.len, w - pos.len - 1, right);
	}
	if (text_width(right->data, right->len) + pos.len <= w)
		buf_add(right, pos.data, pos.len);
	buf_release(&find);
	buf_release(&pos);
	rw = text_width(right->data, right->len);
	if (w <= rw + 1) {
		buf_reserve(left, 0);
		return;
	}
	w -= rw;
	title = doc_title(v->doc, &len);
	used = text_fit(title, len, w / 2, left);
	if (v->doc->nsections == 0 || used + 3 >= w)
		return;
	s = view_section(v);
	sec = &v->doc->sections[s];
	/* The title's own section is said already. */
	if (sec->heading == DOC_NONE || sec->heading == v->doc->title)
		return;
	used += text_fit(" \xe2\x80\xba ", 5, w - used, left);	/* › */
	if (sec->talk > 0 && used < w) {
		snprintf(num, sizeof(num), "%u. ", sec->talk);
		used += text_fit(num, strlen(num), w - used, left);
	}
	title = doc_section_title(v->doc, s, &len);
	if (used < w)
		text_fit(title, len, w - used, left);
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

enum view_focus
view_focus(const struct view *v)
{
	return v->focus;
}

bool
view_mouse(const struct view *v)
{
	return v->mouse;
}

struct view_anchor
view_anchor(const struct view *v)
{
	return v->top;
}

size_t
view_cursor(const struct view *v)
{
	return v->cursor;
}

/* Memory between runs. */

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
	size_t			 i, s;

	for (i = m->nhistory; i-- > 0; )
		prompt_history_add(&f->hist, m->history[i]);
	if (m->has_place && m->place.block < v->doc->nblocks) {
		v->top = m->place;
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

struct view *
view_new(const struct doc *d, const struct keymap *km,
    const struct view_opts *o, unsigned int cols, unsigned int lines)
{
	struct view	*v = xcalloc(1, sizeof(*v));

	v->doc = d;
	v->km = km;
	v->opts = *o;
	if (v->opts.measure == 0)
		v->opts.measure = 80;
	v->sidebar_on = o->sidebar;
	v->mouse = o->mouse;
	buf_init(&v->message);
	buf_init(&v->prompt);
	v->geom.cols = cols;
	v->geom.lines = lines;
	view_layout_panes(v);
	v->cache = layout_cache_new(d, v->geom.body_w);
	search_init(&v->find.s);
	prompt_init(&v->find.pr, NULL, NULL, 0);
	prompt_history_init(&v->find.hist);
	v->find.cur = DOC_NONE;
	v->find.how.forward = true;
	v->find.last_how.forward = true;
	v->top = view_first(v);
	view_doc_grew(v);
	return v;
}

void
view_free(struct view *v)
{
	if (v == NULL)
		return;
	layout_cache_free(v->cache);
	view_find_release(&v->find);
	free(v->hist);
	free(v->counted);
	free(v->read);
	free(v->link_url);
	buf_release(&v->message);
	buf_release(&v->prompt);
	free(v);
}
