/*
 * The view's insides, shared by its parts and by nothing else: the state
 * of a pager (struct view), and what each part of it offers the others.
 * include/view.h is the view's one face to the rest of olsread; this
 * header is included only by src/view*.c (tests/lint/boundaries.sh checks
 * it).
 *
 * The files, from the bottom up: each calls only files listed before it,
 * so that none calls back into a file that calls it.
 *	view-say.c	messages, and fitting a line's forms to the width
 *	view-read.c	the sections read to their end
 *	view-digits.c	a number typed at a prompt: its digits, edited
 *	view-move.c	positions (anchors) and motion without a jump,
 *			sections and the one in view, the body's rows
 *	view-marks.c	jumps: the history, marks, and the jumps to a
 *			section, a talk, the next talk not read
 *	view-help.c	the help overlay: its lines, and scrolling them
 *	view-panes.c	the panes' geometry, and a new screen size
 *	view-speakers.c	the speakers list: filtering it, choosing, going
 *			to a speaker's talks in turn
 *	view-link.c	numbered links: the prompt, the URL, "Open? (y/n)"
 *	view-side.c	the index (sidebar): its rows, its cursor, its focus;
 *			and the mouse over the panes
 *	view-find.c	the search as the pager runs it: the query line,
 *			matches shown, n and N, the search's status; how a
 *			prompt scrolls on its line
 *	view-memory.c	what is remembered of an article between runs
 *	view-key.c	keys and actions: the dispatch, keys that wait for
 *			another (marks, ZZ, :n), typing a talk's number
 *	view.c		a view's birth and end, the article as it loads,
 *			the status line
 */
#ifndef OLSREAD_VIEW_PRIVATE_H
#define OLSREAD_VIEW_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "keymap.h"
#include "layout.h"
#include "prompt.h"
#include "search.h"
#include "speakers.h"
#include "util.h"
#include "view.h"

#define VIEW_MARKS	52	/* a-z, A-Z */
#define VIEW_DIGITS	9	/* digits of a talk number, at most */

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

/* The speakers list: every speaker, filtered as typed. */
struct view_speakers {
	struct speakers		 all;		/* of the doc, as loaded */
	size_t			 nspeakers;	/* the doc's, when built */
	struct prompt		 pr;		/* the filter, as typed */
	char			*folded;	/* owned: the filter, folded */
	size_t			*shown;		/* owned: entries that match */
	size_t			 nshown;
	size_t			 cursor;	/* in shown */
	size_t			 top;		/* first of shown on screen */
	bool			 open;
	bool			 ready;		/* pr is initialised */
};

/*
 * The help's lines at one width, made when first asked for at it: the
 * help is drawn, checked and scrolled at every key while it shows.
 */
struct view_help_lines {
	struct buf	 text;		/* '\n'-ended lines */
	size_t		*at;		/* owned: where each line starts */
	size_t		 n, cap;
	size_t		 starts[ACTION__MAX]; /* each action's first line */
	unsigned int	 cols;
	bool		 made;
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
	struct view_help_lines	 help_lines;
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
	struct buf		 message;	/* its forms, each NUL-ended */
	struct buf		 message_fit;	/* the one shown, cut to fit */
	struct buf		 prompt;
	struct view_find	 find;
	struct view_speakers	 speakers;
	char			*link_url;	/* owned: the link asked about,
						   or said yes to; or NULL */
};

/* view-say.c: messages. */
void		 view_say(struct view *, const char *, ...) UTIL_PRINTF(2, 3);
/* A shorter form of the message, for a narrower screen. */
void		 view_say_or(struct view *, const char *, ...)
		    UTIL_PRINTF(2, 3);
/*
 * Bytes of `s` that make a line of at most `width` cells: up to a blank,
 * or as many characters as fit where no blank does (at least one).
 */
size_t		 view_cut_words(const char *s, size_t width);
/*
 * The first of `forms` that fits `cols` cells, or the last cut to fit,
 * into `out` as a line, '\n'-ended.
 */
void		 view_fit_forms(const char *const *forms, size_t n,
		    unsigned int cols, struct buf *out);
/* No talk `n`; no talks at all. */
void		 view_say_no_talk(struct view *, unsigned long n);
void		 view_say_no_talks(struct view *);

/* view-read.c */
bool		 view_is_read(const struct view *, size_t s);
void		 view_read_mark(struct view *, size_t s);
/* The last line of block `b` is on screen. */
void		 view_read_to(struct view *, size_t b);

/* view-digits.c: the digits typed after a number's prompt. */
/* A digit, Enter, Escape or Backspace: what a number's prompt takes. */
bool		 view_is_number_key(uint32_t key);
void		 view_digits_end(struct view *);
bool		 view_digits_edit(struct view *, uint32_t key);

/* view-move.c: positions, each a (block, line) of the layout. */
bool		 view_same(const struct view_anchor *,
		    const struct view_anchor *);
struct view_anchor view_at(struct view *, size_t b, size_t line);
/* The position after (before) `a`; false at the end (start). */
bool		 view_next(struct view *, struct view_anchor *a);
bool		 view_prev(struct view *, struct view_anchor *a);
struct view_anchor view_first(struct view *);
/* The top that shows the article's last line on the body's last row. */
struct view_anchor view_bottom(struct view *);
/* The line of block `b` that shows doc text offset `off`. */
size_t		 view_line_at(struct view *, size_t b, size_t off);
/* Find the anchor's line again in the layout at the current width. */
void		 view_settle(struct view *, struct view_anchor *);

/* view-move.c: motion. */
void		 view_scroll(struct view *, size_t n, bool down);
unsigned int	 view_page(struct view *, bool down, bool half);
unsigned int	 view_read_on(struct view *);
struct view_anchor view_section_top(struct view *, size_t s);
/* The next (or previous) section from the top; talks only if `talks`. */
size_t		 view_next_section(struct view *, bool talks, bool forward);

/* view-marks.c */
/* Go to `to`, recording the place left in the jump history. */
void		 view_jump(struct view *, struct view_anchor to);
unsigned int	 view_history(struct view *, bool back);
unsigned int	 view_jump_back(struct view *);
unsigned int	 view_mark(struct view *, uint32_t key, bool set);
unsigned int	 view_move_section(struct view *, bool talks, bool forward);
unsigned int	 view_next_unread(struct view *);

/* view-help.c */
void		 view_help_open(struct view *);
void		 view_help_release(struct view *);
/* After a resize from `old_cols`: the entry at the top stays there. */
void		 view_help_fit(struct view *, unsigned int old_cols);
/* The mouse wheel over the help: `delta` lines, down > 0. */
unsigned int	 view_help_wheel(struct view *, int delta);
unsigned int	 view_help_key(struct view *, uint32_t key);

/* view-panes.c */
/* Where each pane goes, for the screen's size and the index's choice. */
void		 view_layout_panes(struct view *);
unsigned int	 view_side_width(const struct view *);
unsigned int	 view_side_cols(const struct view *);

/* view-speakers.c */
void		 view_speakers_open(struct view *);
unsigned int	 view_speakers_key(struct view *, uint32_t key);
void		 view_speakers_release(struct view *);
/* Cells from the start of the prompt line to its cursor. */
size_t		 view_speakers_prompt_cols(const struct view *);

/* view-link.c */
unsigned int	 view_link_start(struct view *);
unsigned int	 view_link_key(struct view *, uint32_t key);
unsigned int	 view_link_answer(struct view *, uint32_t key);

/* view-side.c */
/* Rows the index gives section `s`: none when filtered out. */
size_t		 view_side_height(const struct view *, size_t s);
unsigned int	 view_side_move(struct view *, long delta);
/*
 * An action while the index has the focus; 0 when it is not one of the
 * index's, for the caller to do in the body.
 */
unsigned int	 view_side_act(struct view *, enum action);
unsigned int	 view_side_focus(struct view *);
unsigned int	 view_side_toggle(struct view *);

/* view-find.c */
bool		 view_find_run(struct view *, const char *query);
unsigned int	 view_find_key(struct view *, uint32_t key);
unsigned int	 view_find_act(struct view *, enum action);
void		 view_find_status(struct view *, struct buf *out);
void		 view_find_release(struct view_find *);

#endif
