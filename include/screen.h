/*
 * screen: the terminal.  The only module that includes curses.h: it draws a
 * view, turns what the terminal sends (keys, the mouse, a resize) into view
 * calls, and gives the terminal back as it found it on every way out.
 */
#ifndef OLSREAD_SCREEN_H
#define OLSREAD_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "view.h"

struct diag;
struct keymap;
struct load_job;

/*
 * Whether the terminal can run the pager: it must be a terminal that
 * curses knows and that can move the cursor.  If not, `why` says so.
 */
bool	 screen_usable(char *why, size_t size);

/* One of the articles given, loading, and how to show it. */
struct screen_article {
	struct load_job		*job;
	struct view_opts	 opts;		/* opts.memory is filled again
						   when the reader leaves it */
	/*
	 * Or NULL: called once, before the article is first shown, to fill
	 * opts.memory; what it may take long over, it gives up when `stop`
	 * says so (a signal came).
	 */
	void			(*prepare)(void *arg, bool (*stop)(void));
	void			*arg;
};

/*
 * Run the pager on the articles `arts[0..n)`, from the first, until the
 * reader quits; :n and :p move between them.  An article's first piece
 * shows at once, and the rest loads between keys.  The first message
 * shown is the first of `dg`, if any.  With opts.memory, an article opens
 * where it says, and it is filled again when the reader leaves it.
 * Returns 0, or 1 when the terminal could not be set up.  A signal that
 * ends olsread (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE) gives the
 * terminal back and ends the pager as q does, the signal in `*sig`: the
 * caller then dies of it with screen_die(), as a shell expects.
 */
int	 screen_run(struct screen_article *arts, size_t n,
	    const struct keymap *km, const struct diag *dg, int *sig);

/* End olsread by signal `sig`, as if it had not been caught. */
void	 screen_die(int sig) __attribute__((noreturn));

#endif
