/*
 * view: the pager's state, and what turns keys and actions into new state.
 * It knows where the reader is (an anchor: a block and a line of it, never
 * a global line number, so that a resize keeps the place and costs only the
 * lines on screen), the geometry of the panes, the index's cursor, the jump
 * history, the marks, and what the status and prompt lines say.  It owns
 * the layout cache.  No curses here: the screen module draws what the view
 * describes, and turns terminal input into calls below.  The view is one
 * module in several files, src/view.c and src/view-*.c, in layers: its
 * primitives (messages, positions and motion, jumps) under its parts
 * (index, search, links, help, speakers, memory), and the keys' dispatch
 * on top; this header is its whole interface, and src/view-private.h is
 * for those files alone.
 */
#ifndef OLSREAD_VIEW_H
#define OLSREAD_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"
#include "keymap.h"
#include "util.h"

struct doc;
struct layout;
struct search;

/* What a call asks of the screen, or'ed. */
#define VIEW_REDRAW	0x01	/* draw the view again */
#define VIEW_REPAINT	0x02	/* clear the terminal, then draw it all */
#define VIEW_QUIT	0x04	/* the reader is done */
#define VIEW_MOUSE	0x08	/* mouse capture was turned on or off */
#define VIEW_LOAD	0x10	/* nothing done: load the rest of the
				   article, then ask again */
#define VIEW_FILE_NEXT	0x20	/* open the next file given */
#define VIEW_FILE_PREV	0x40	/* or the previous one */
#define VIEW_OPEN	0x80	/* the reader said yes: open the URL of
				   view_link_url() */

/* Below these sizes the view shows what fits and says so. */
#define VIEW_MIN_COLS		20
#define VIEW_MIN_LINES		5
/*
 * The index is VIEW_SIDEBAR_WIDTH columns wide unless asked otherwise, and
 * shows itself from VIEW_SIDEBAR_COLS on; a wider one needs as many more.
 */
#define VIEW_SIDEBAR_COLS	70
#define VIEW_SIDEBAR_WIDTH	30
/* In the index, after the number of a talk read to its end. */
#define VIEW_READ_MARK		"\xe2\x9c\x93"	/* U+2713 CHECK MARK */
/* Lines the mouse wheel scrolls. */
#define VIEW_WHEEL_LINES	3

/* A place in the text: the top line of the body. */
struct view_anchor {
	size_t	 block;		/* a leaf */
	size_t	 line;		/* a line of its layout */
	size_t	 off;		/* doc text at the start of that line, or
				   DOC_NONE; finds the line again after a
				   resize */
	size_t	 tail;		/* lines from the line to the block's end,
				   which find a line without text again */
};

/*
 * What the pager remembers of an article between runs: where the reader
 * was, the last search, the sections read to their end, and the search
 * history.  view_restore() goes back to it; view_remember() fills it
 * again at the end.  Strings and arrays are owned.
 */
struct view_memory {
	bool		 has_place;	/* the article is as it was */
	struct view_anchor place;
	char		*title;		/* else, a section of this title */
	char		*query;		/* the last search, or NULL */
	int		 qflags;	/* its SEARCH_* flags */
	bool		 qactive;	/* highlighted */
	size_t		*read;		/* sections read, increasing */
	size_t		 nread;
	char		**history;	/* queries, the newest first */
	size_t		 nhistory;
};

struct view_opts {
	unsigned int	 measure;	/* widest text, in columns */
	bool		 sidebar;	/* show the index where it fits */
	unsigned int	 side_width;	/* the index's columns; 0: the
					   default, VIEW_SIDEBAR_WIDTH */
	enum cfg_theme	 theme;		/* for the screen's colours; the view
					   has none */
	bool		 mouse;		/* capture the mouse */
	bool		 hyperlinks;	/* links as OSC 8 hyperlinks, for the
					   screen; the view draws none */
	const char	*opener;	/* borrowed: what opens a link, for
					   its messages; NULL: nothing */
	const char	*search;	/* a first search, or NULL */
	struct view_memory *memory;	/* where to go back to, and what
					   to remember at the end; or NULL */
	unsigned int	 talk;		/* open at this talk, or 0 */
	const char	*how;		/* static: how the article is read
					   ("gzip", "pipe"), or NULL */
	unsigned int	 file;		/* which of the files given, from 0 */
	unsigned int	 nfiles;	/* how many: "file 1/2" */
};

enum view_focus {
	VIEW_FOCUS_BODY,
	VIEW_FOCUS_SIDEBAR
};

/* Where each part of the screen is. */
struct view_geom {
	unsigned int	 cols;
	unsigned int	 lines;
	unsigned int	 side_w;	/* 0 when the index is hidden */
	unsigned int	 body_x;
	unsigned int	 body_w;
	unsigned int	 body_h;	/* rows of text, from row 0 */
	int		 status_y;	/* -1 when there is no room */
	int		 prompt_y;	/* the message and prompt line */
	bool		 too_small;
};

/* One body row: a line of a block's layout, or nothing past the end. */
struct view_row {
	const struct layout	*layout;	/* NULL: past the end */
	size_t			 line;
};

/* What one row of the index shows. */
enum view_side_kind {
	VIEW_SIDE_TITLE,	/* number and title */
	VIEW_SIDE_SPEAKERS,	/* the speakers, under the title */
	VIEW_SIDE_LOADING,	/* how much is loaded, under the last */
	VIEW_SIDE_EMPTY
};

struct view_side_row {
	enum view_side_kind	 kind;
	size_t			 section;
	bool			 current;	/* the section in view */
	bool			 cursor;	/* the index's cursor, focused */
	size_t			 matches;	/* of a search, or (size_t)-1 */
	struct buf		 text;		/* what to draw, fitted */
	size_t			 number_len;	/* bytes of text that are the
						   talk number */
	bool			 read;		/* text ends with
						   VIEW_READ_MARK */
};

struct view;

/*
 * Returns a new view of `d` owned by the caller (free with view_free()),
 * at the top, for a screen of `cols` x `lines`.  It borrows `d`, which must
 * outlive it, and `km`, its key bindings.
 */
struct view	*view_new(const struct doc *d, const struct keymap *km,
		    const struct view_opts *, unsigned int cols,
		    unsigned int lines);
void		 view_free(struct view *);

void		 view_memory_release(struct view_memory *);

/*
 * Whether view_restore() needs more of the article than is loaded: a
 * place or a read section past it, a section to find by title, a search
 * to highlight.
 */
bool		 view_memory_wants_all(const struct view *,
		    const struct view_memory *);

/*
 * Go back to what `m` remembers: the place, or the top of the section of
 * its title, or the top; the last search, for n and N and highlighted if
 * it was; the sections read; the search history.  Not a jump.
 */
void		 view_restore(struct view *, const struct view_memory *m);

/* What to remember of this reading, into `m` (released first). */
void		 view_remember(const struct view *, struct view_memory *m);

/* A new screen size: the panes are laid out again, the anchor kept. */
unsigned int	 view_resize(struct view *, unsigned int cols,
		    unsigned int lines);

/*
 * Open talk `t`, as if its number was typed: a jump, or a message when
 * there is no such talk.  Returns VIEW_* flags.
 */
unsigned int	 view_goto_talk(struct view *, unsigned long t);

/* A key typed by the reader. Returns VIEW_* flags. */
unsigned int	 view_key(struct view *, uint32_t key);

/* Do `action` as if its key was typed. Returns VIEW_* flags. */
unsigned int	 view_act(struct view *, enum action);

/* The mouse: a wheel turn (delta lines, down > 0), a click. */
unsigned int	 view_wheel(struct view *, unsigned int row, unsigned int col,
		    int delta);
unsigned int	 view_click(struct view *, unsigned int row, unsigned int col);

/* What to draw. */
const struct view_geom	*view_geom(const struct view *);
/* Fill `rows[0..geom.body_h)`. */
void		 view_body(struct view *, struct view_row *rows);
/*
 * Fill `rows[0..geom.body_h)` with the index as it shows, each row's text
 * fitted to the index's width.  Call view_side_release() on them after.
 */
void		 view_sidebar(struct view *, struct view_side_row *rows);
void		 view_side_release(struct view_side_row *rows, size_t n);
/* The status line, fitted to the width: left part and right part. */
void		 view_status(struct view *, struct buf *left,
		    struct buf *right);
/*
 * How much of the article is loaded, while it loads: the index and the
 * status line say so.  Actions that need the rest return VIEW_LOAD.
 */
void		 view_set_loading(struct view *, unsigned int percent);

/* Show `msg` on the message line until the next key. */
void		 view_set_message(struct view *, const char *msg);
/*
 * The message of the last action, or NULL: the longest of its forms that
 * fits the width, else the shortest cut after a word.  Valid until the
 * next call.
 */
const char	*view_message(struct view *);
/*
 * The prompt being typed into ("Talk: 1", "/kroah"), or NULL.  Longer
 * than the line, it is scrolled so that its cursor shows: what is left of
 * it from the line's first cell.
 */
const char	*view_prompt(const struct view *);
/* Cells from the start of the prompt, as scrolled, to its cursor. */
size_t		 view_prompt_cursor(const struct view *);

/*
 * The URL the reader last said yes to opening, which VIEW_OPEN asks the
 * screen to open, or NULL.  It has passed link_refusal().  Valid until the
 * next key.
 */
const char	*view_link_url(const struct view *);

/*
 * The matches of the search to highlight, or NULL when none is; and the
 * index of the current one, or (size_t)-1.
 */
const struct search	*view_matches(const struct view *, size_t *current);

/*
 * Search for `query` (SEARCH_* flags) as if typed after /, and go to its
 * first match after the top, for "+/query" on the command line.
 */
unsigned int	 view_search(struct view *, const char *query, int flags);
bool		 view_help_shown(const struct view *);
/*
 * The speakers list, while it shows: a title line, then a line a speaker
 * on screen ("Jane Roe  talks 2, 5"); *chosen is the line, from 0 under
 * the title, of the speaker Enter goes to, or (size_t)-1.
 */
bool		 view_speakers_shown(const struct view *);
void		 view_speakers_lines(struct view *, struct buf *out,
		    size_t *chosen);
enum view_focus	 view_focus(const struct view *);
bool		 view_mouse(const struct view *);

/* The place, and the section it is in; for tests and the status line. */
struct view_anchor	 view_anchor(const struct view *);
size_t			 view_section(const struct view *);
unsigned int		 view_percent(struct view *);
size_t			 view_cursor(const struct view *);

/*
 * The help, while it shows: a page of geom.lines lines, each fitted to
 * geom.cols and '\n'-ended, into `out`.  Its first line says how to scroll
 * and leave it, its last which of its lines show; those between are the
 * keys of every action, from view_help_top(), laid out for the width.
 */
void		 view_help_page(struct view *, struct buf *out);
/* The first of the help's lines that shows, under its title. */
size_t		 view_help_top(const struct view *);

#endif
