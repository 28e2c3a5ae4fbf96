/*
 * front: front matter, the metadata block a blog post or a page of a
 * static site opens with -- YAML between "---" lines (closed by "---" or
 * "..."), TOML between "+++" lines, or an Elixir map ("%{ title: ... }")
 * closed by a "---" line, as NimblePublisher's sites write it.  It is
 * metadata, never Markdown: the loader takes the title, the authors and
 * the date from it and hands the parser blank lines in its place.  YAML is
 * read with libyaml's event parser, which never expands an alias; TOML
 * needs only "key = value" lines of strings, arrays of strings and dates,
 * and the Elixir map the same with "key: value," entries and sigils
 * (~D[2019-06-06], ~w(a b)).  Nothing here prints, and nothing knows
 * about cmark.
 */
#ifndef OLSREAD_FRONT_H
#define OLSREAD_FRONT_H

#include <stdbool.h>
#include <stddef.h>

/* Front matter longer than this is not looked for: it is Markdown. */
#define FRONT_MAX	(64 * 1024)

/*
 * How far a closing line is looked for: an article that opens with "---"
 * and holds no other within this many bytes opens with a rule, and its
 * first screen need not wait for the whole file to tell.
 */
#define FRONT_SCAN	(1024 * 1024)

enum front_kind {
	FRONT_NONE,		/* the article opens with no front matter */
	FRONT_MORE,		/* it may: more of the article is needed */
	FRONT_YAML,
	FRONT_TOML,
	FRONT_ELIXIR,
	FRONT_LONG		/* any of them, longer than FRONT_MAX: not
				   read */
};

/*
 * Whether the `len` bytes at `s`, the start of the article (all of it if
 * `eof`), open with front matter, and where it ends: after its closing
 * line, in `*end`.  FRONT_MORE asks for more bytes; it is never given
 * past FRONT_SCAN bytes or at the end.  Front matter longer than
 * FRONT_MAX is FRONT_LONG: too long to be read.
 */
enum front_kind	 front_find(const char *s, size_t len, bool eof, size_t *end);

/* What front matter says, each owned and NUL-terminated, or NULL. */
struct front {
	char	*title;
	char	*authors;	/* "Jane Roe", "A, B and C" */
	char	*date;		/* as written, a time of day left out */
	char	 error[160];	/* why it could not be read, or "" */
};

enum front_read {
	FRONT_READ_OK,		/* metadata, perhaps none of the above */
	FRONT_READ_NOT,		/* no mapping of keys: Markdown after all */
	FRONT_READ_BAD		/* malformed: fm->error says why */
};

/*
 * Read the front matter of kind `kind` that front_find() found in the
 * first `end` bytes of `s`.  Values keep no control characters.
 */
enum front_read	 front_read(enum front_kind kind, const char *s, size_t end,
		    struct front *fm);

/* "By Jane Roe, 2003-07-28", "By Jane Roe", "2003-07-28", or NULL. */
char		*front_byline(const struct front *);

void		 front_release(struct front *);

#endif
