/*
 * state: what olsread remembers between runs, in files of its own under
 * $XDG_STATE_HOME/olsread (~/.local/state/olsread): where the reader was
 * in each article, with its last search and the talks read ("places"),
 * and the search history ("history").
 *
 * A file is never written in place: it is written whole to a temporary
 * file in the same directory, flushed to the disk, and renamed over the
 * old one, so that a crash or a full disk leaves the old file or the new,
 * never half of one.  Two olsreads that save at once each read the file
 * again just before writing it: the last one's entry wins, and the other
 * articles' entries stay.  A file that cannot be read or understood is
 * ignored with one warning: what olsread remembers is a comfort, never a
 * reason not to show the article.  No terminal, no cmark here.
 */
#ifndef OLSREAD_STATE_H
#define OLSREAD_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct diag;

/* Articles the places file keeps, the most recently read. */
#define STATE_PLACES	1000
/* Queries the history keeps, the newest. */
#define STATE_HISTORY	100
/* A state file larger than this is not read. */
#define STATE_MAX_SIZE	((size_t)16 << 20)

/* Where the reader was in one article, and what they did there. */
struct state_place {
	char		*path;		/* owned: the article's real path */
	uint64_t	 digest;	/* of its bytes: changed or not;
					   0 when not read through */
	uint64_t	 stamp;		/* its file as it was opened
					   (load_stamp()), or 0 */
	time_t		 when;		/* when it was last closed */
	size_t		 block;		/* the anchor of the view */
	size_t		 off;		/* SIZE_MAX: a line without text */
	size_t		 tail;
	char		*section;	/* owned: the title of its section */
	size_t		*read;		/* owned: the sections read, sorted */
	size_t		 nread;
	char		*query;		/* owned: the last search, or NULL */
	int		 qflags;	/* its SEARCH_* flags */
	bool		 qactive;	/* highlighted when closed */
};

/* Queries, the newest first. */
struct state_list {
	char	**s;		/* owned, each owned */
	size_t	  n;
	size_t	  cap;
};

void	 state_place_release(struct state_place *);
void	 state_list_init(struct state_list *);
void	 state_list_release(struct state_list *);
/* Append a copy of `s`, unless the list holds it or is full. */
void	 state_list_add(struct state_list *, const char *s);

/*
 * The directory, as a new string: $XDG_STATE_HOME/olsread when that is
 * an absolute path, ~/.local/state/olsread otherwise.  NULL when neither
 * can be known (no HOME).
 */
char	*state_dir(void);

/*
 * A digest of `len` bytes: equal for equal bytes, and almost never for
 * others.  Not cryptographic: it tells a changed article from the same.
 */
uint64_t state_digest(const void *, size_t len);

/*
 * The place remembered for the article at real path `path`, into `*p`.
 * Returns false when there is none; a file that cannot be read or
 * understood adds a warning to `dg`.
 */
bool	 state_load_place(const char *dir, const char *path,
	    struct state_place *p, struct diag *dg);

/*
 * Remember `p`, in place of what the file held for its path.  Returns
 * false, and says why in `err`, when the file could not be written; the
 * old file is then as it was.
 */
bool	 state_save_place(const char *dir, const struct state_place *p,
	    char *err, size_t errlen);

/* The search history, newest first, into `l` (initialised). */
void	 state_load_history(const char *dir, struct state_list *l,
	    struct diag *dg);

/*
 * Save `recent` (newest first: the queries of this run) in front of the
 * history the file holds now, each query once, the newest STATE_HISTORY.
 */
bool	 state_save_history(const char *dir, const struct state_list *recent,
	    char *err, size_t errlen);

#endif
