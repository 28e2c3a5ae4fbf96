/*
 * link: the links of a doc, found by their number or by their text, and
 * the policy on which URLs olsread may hand to a browser or write inside
 * an OSC 8 hyperlink.  An article can hold any URL; only those this module
 * allows ever leave olsread, and the same rule serves both ways out.
 * Nothing here spawns, prints or knows about curses: the screen opens and
 * draws what this allows.
 */
#ifndef OLSREAD_LINK_H
#define OLSREAD_LINK_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

struct doc;

/*
 * The longest URL written inside an OSC 8 hyperlink, once encoded: some
 * terminals drop longer ones, or the whole sequence with them.
 */
#define LINK_OSC8_MAX	2048

/*
 * Why the URL of `len` bytes at `url` may not be opened, or NULL when it
 * may: its scheme is http, https or mailto, in any case; it does not start
 * with '-', which an opener could take for an option; and it is valid
 * UTF-8 with no control character (C0, DEL, C1), no U+FFFD and no white
 * space.  The reason is a static string, a phrase for a message.
 */
const char	*link_refusal(const char *url, size_t len);

/* Whether link_refusal() lets the URL through. */
bool		 link_is_openable(const char *url, size_t len);

/*
 * Whether the `len` bytes at `s` are valid UTF-8 with no control character
 * (C0, DEL, C1): text that may be written to a terminal as it is.
 */
bool		 link_is_plain_text(const char *s, size_t len);

/*
 * The span of `d` that is link number `n` (counting links and images from
 * 1, as the layout and the dump number them), or DOC_NONE when there is
 * none, yet.
 */
size_t		 link_find(const struct doc *d, unsigned long n);

/*
 * The block of `d` that is footnote number `n` (footnotes take their
 * numbers from the links'), or DOC_NONE when there is none, yet.
 */
size_t		 link_note(const struct doc *d, unsigned long n);

/*
 * The innermost link span (not an image) of leaf `b` that holds text
 * offset `off`, or DOC_NONE.
 */
size_t		 link_at(const struct doc *d, size_t b, size_t off);

/*
 * Append to `out` the URL as an OSC 8 hyperlink carries it: bytes past
 * ASCII percent-encoded, so that only printable ASCII is written.
 * Returns false, `out` as it was, when the URL may not be opened or its
 * encoding is longer than LINK_OSC8_MAX.
 */
bool		 link_osc8_url(const char *url, size_t len, struct buf *out);

#endif
