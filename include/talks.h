/*
 * talks: finds the speakers of a talk from the words that open its section.
 * Pure functions from text to byte ranges of that text; no allocation, no
 * global state.  A wrong name is worse than none: when a sentence does not
 * clearly open with speakers, no speaker is returned.
 */
#ifndef OLSREAD_TALKS_H
#define OLSREAD_TALKS_H

#include <stdbool.h>
#include <stddef.h>

/* A name, as a byte range of the text it was found in. */
struct talks_name {
	size_t	 off;
	size_t	 len;
};

/*
 * Find the speakers named at the start of `text` (`len` bytes of UTF-8), the
 * first paragraph of a section: "Rik van Riel discussed ...", "Robert Love's
 * talk covered ...", "X and Y presented ...".  Stores at most `max` names in
 * `out`, as written in the text (without a possessive "'s"), and returns how
 * many it stored: 0 when the opening is not clearly a speaker's.
 */
size_t	 talks_from_sentence(const char *text, size_t len,
	    struct talks_name *out, size_t max);

/*
 * Find the speakers named by a section heading of a recognised shape, such
 * as "Title (Name)", "Title - Name" or "Name: Title".  A heading that names
 * a reporter rather than a speaker ("(report by Name)") gives none.  Same
 * conventions as talks_from_sentence().
 */
size_t	 talks_from_heading(const char *text, size_t len,
	    struct talks_name *out, size_t max);

/*
 * For the tests: whether the module's word tables are in the order its
 * binary searches need.
 */
bool	 talks_tables_ok(void);

#endif
