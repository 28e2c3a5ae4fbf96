/*
 * recall: the pager's memory of one article, between the state files and
 * the view.  Opening an article looks up its place by real path; the
 * digest of its bytes tells whether it is as it was (then the place, the
 * sections read and the last search come back) or changed (then only
 * the section of the same title, if it still has one, and the search).
 * The search history is shared by all articles.
 */
#ifndef OLSREAD_RECALL_H
#define OLSREAD_RECALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "view.h"

struct diag;

struct recall {
	char			*dir;		/* owned: the state directory */
	char			*path;		/* owned: the real path */
	uint64_t		 digest;	/* of the article's bytes */
	struct view_memory	 mem;		/* for the view, and from it */
};

/*
 * Recall what is remembered of the article at `path` whose bytes are
 * `text`, into `rc->mem`.  Returns false when nothing can be remembered
 * for it (no state directory, a path that does not resolve); warnings
 * about damaged state files go to `dg`.
 */
bool	 recall_open(struct recall *rc, const char *path, const char *text,
	    size_t len, struct diag *dg);

/*
 * Save `rc->mem`, as view_remember() left it, and the search history.
 * Returns false, with the reason in `err`, when nothing could be saved.
 */
bool	 recall_save(struct recall *rc, char *err, size_t errlen);

void	 recall_release(struct recall *rc);

#endif
