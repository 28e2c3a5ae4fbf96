/*
 * prompt: the line the reader types a query into, with the editing a
 * shell's line gives (left and right, Backspace and Delete, Ctrl-U, Ctrl-W,
 * Home and End), a history to go back through, and completion of a word
 * from a list (speaker names).  Keys are keymap codes; nothing here draws.
 */
#ifndef OLSREAD_PROMPT_H
#define OLSREAD_PROMPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* Queries a history keeps, the oldest going first. */
#define PROMPT_HISTORY	100

/* What a key did to the line. */
enum prompt_result {
	PROMPT_EDITED,		/* the line changed */
	PROMPT_MOVED,		/* only the cursor moved, or nothing */
	PROMPT_ENTER,		/* the reader is done: use the line */
	PROMPT_CANCEL,		/* the reader gave up */
	PROMPT_OTHER		/* not an editing key: the caller's */
};

/* Past queries, newest last; no two the same. */
struct prompt_history {
	char	*q[PROMPT_HISTORY];	/* owned */
	size_t	 n;
};

struct prompt {
	struct buf		 line;		/* what is typed, UTF-8 */
	size_t			 cursor;	/* byte offset in line */
	struct prompt_history	*hist;		/* borrowed, or NULL */
	size_t			 hpos;		/* history entry shown, or n */
	char			*draft;		/* owned: the line before Up */
	const char *const	*words;		/* borrowed: to complete from */
	size_t			 nwords;
	size_t			 cycle;		/* next candidate for Tab */
	char			*tab_head;	/* owned: the line before the
						   cursor at the first Tab */
	char			*tab_tail;	/* owned: and after it */
};

void	 prompt_history_init(struct prompt_history *);
void	 prompt_history_release(struct prompt_history *);
/* Remember `q` as the newest, once: an older copy goes. */
void	 prompt_history_add(struct prompt_history *, const char *q);

/*
 * An empty line with history `h` (may be NULL) and completion from
 * `words[0..nwords)` (may be NULL), both borrowed.
 */
void	 prompt_init(struct prompt *, struct prompt_history *h,
	    const char *const *words, size_t nwords);
void	 prompt_release(struct prompt *);

/* Replace the line with `s`, the cursor at its end. */
void	 prompt_set(struct prompt *, const char *s);

/*
 * Apply `key`: a character is inserted at the cursor; Left, Right, Home,
 * End (and C-a, C-e) move; Backspace deletes before the cursor (on an
 * empty line it cancels, as in less); Delete after it; C-u deletes to the
 * start, C-w the word before; Up and Down go through the history; Tab
 * completes the word before the cursor from the list, and again to the
 * next candidate; Enter is done; Escape and C-c give up.
 */
enum prompt_result	 prompt_key(struct prompt *, uint32_t key);

/* Cells from the start of the line to the cursor. */
size_t		 prompt_cursor_cols(const struct prompt *);

#endif
