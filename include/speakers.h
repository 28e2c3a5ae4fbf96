/*
 * speakers: every speaker of one or more articles, once each, with the
 * talks they gave, sorted by surname as a reader looks a name up ("Rik
 * van Riel" under R, after "Pat Mochel").  Names compare as the articles
 * spell them; sorting and filtering fold case and accents as search does
 * ("jose" finds "José").  For --speakers and the pager's speakers list.
 */
#ifndef OLSREAD_SPEAKERS_H
#define OLSREAD_SPEAKERS_H

#include <stdbool.h>
#include <stddef.h>

struct doc;

/* One talk of a speaker: which of the articles, its number there, its title. */
struct speakers_talk {
	unsigned int	 file;
	unsigned int	 talk;
	char		*title;		/* owned: its section's title */
};

struct speakers_entry {
	char			*name;		/* owned: as spelled */
	char			*key;		/* owned: the sort key */
	char			*folded;	/* owned: for filtering */
	struct speakers_talk	*talks;		/* owned: in order */
	size_t			 ntalks;
};

struct speakers {
	struct speakers_entry	*v;		/* owned */
	size_t			 n;
	size_t			 cap;
	bool			 sorted;
};

void	 speakers_init(struct speakers *);
void	 speakers_release(struct speakers *);

/* Add the speakers of every talk of `d`, article number `file`. */
void	 speakers_add(struct speakers *, const struct doc *d,
	    unsigned int file);

/* Merge each name's talks into one entry and sort; after the adds. */
void	 speakers_finish(struct speakers *);

/*
 * Whether entry `e` holds `folded`, a query folded as search folds it
 * (text_fold_string(), case ignored): "jose" finds "José Valim".
 */
bool	 speakers_match(const struct speakers_entry *e, const char *folded);

/*
 * The cells each talk's title of `e` may take so that its line fits
 * `cols`, after `used` cells of name, numbers and separators: 0 when too
 * few are left for a title to say anything.
 */
size_t	 speakers_title_room(const struct speakers_entry *e, size_t used,
	    size_t cols);

#endif
