/*
 * recall: the pager's memory of one article, between the state files and
 * the view.  Opening an article looks up its place by real path; the
 * file's stamp, or failing that the digest of its bytes, tells whether it
 * is as it was (then the place, the sections read and the last search
 * come back) or changed (then only the section of the same title, if it
 * still has one, and the search).
 * The search history is shared by all articles.
 */
#ifndef OLSREAD_RECALL_H
#define OLSREAD_RECALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "view.h"

struct diag;
struct state_place;

struct recall {
	char			*dir;		/* owned: the state directory */
	char			*path;		/* owned: the real path */
	uint64_t		 digest;	/* of the article's bytes, or 0
						   when not known */
	uint64_t		 stamp;		/* of its file (load_stamp()), or
						   0 */
	struct state_place	*saved;		/* owned: the place on file, not
						   settled yet; or NULL */
	struct view_memory	 mem;		/* for the view, and from it */
};

/*
 * Recall what is remembered of the article at `path`: the search history
 * into `rc->mem`, and its place on file, if any, for recall_settle().
 * Returns false when nothing can be remembered for it (no state
 * directory, a path that does not resolve); warnings about damaged state
 * files go to `dg`.
 */
bool	 recall_open(struct recall *rc, const char *path, struct diag *dg);

/* Whether a place is on file: recall_settle() needs the digest then. */
bool	 recall_has_place(const struct recall *rc);

/*
 * The article's file has `stamp` (0: none).  When the place on file was
 * saved with the same, the file is as it was then, and the place is
 * settled now, as if by the digest: true.  Else false, and
 * recall_settle() still needs the digest.
 */
bool	 recall_settle_stamp(struct recall *rc, uint64_t stamp);

/*
 * The article's bytes have `digest`: the place on file comes back into
 * `rc->mem` whole when it is the same, else only its section's title and
 * the search.
 */
void	 recall_settle(struct recall *rc, uint64_t digest);

/*
 * Save `rc->mem`, as view_remember() left it, and the search history.
 * Returns false, with the reason in `err`, when nothing could be saved.
 */
bool	 recall_save(struct recall *rc, char *err, size_t errlen);

void	 recall_release(struct recall *rc);

#endif
