/*
 * text: everything olsread knows about Unicode, over libunistring.  Other
 * modules never include a libunistring header: they ask here for character
 * classes, terminal cell widths, line break opportunities, grapheme cluster
 * boundaries and safe symbols for control characters.  All text is UTF-8;
 * the encoding is passed to libunistring explicitly, so nothing here depends
 * on the locale.
 */
#ifndef OLSREAD_TEXT_H
#define OLSREAD_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* The replacement character, U+FFFD, in UTF-8. */
#define TEXT_REPLACEMENT	"\xef\xbf\xbd"

/*
 * Turns arbitrary bytes, fed in chunks of any size, into valid UTF-8: an
 * invalid or truncated sequence and a NUL byte become U+FFFD, a byte order
 * mark at the very start is dropped, and CR LF or a lone CR becomes LF.
 * Every other byte, control characters included, is kept.
 */
struct text_sanitizer {
	unsigned char	 pend[4];	/* start of a sequence split by a chunk */
	size_t		 npend;
	bool		 started;	/* the byte order mark was looked for */
	bool		 after_cr;	/* the last byte seen was CR */
	size_t		 invalid;	/* invalid sequences replaced */
	size_t		 nul;		/* NUL bytes replaced */
};

void	 text_sanitize_init(struct text_sanitizer *);
/* Append the sanitised form of `len` bytes at `in` to `out`. */
void	 text_sanitize_feed(struct text_sanitizer *, const char *in,
	    size_t len, struct buf *out);
/*
 * Whether `len` bytes at `in`, coming next, need no repair at all, so that
 * they may be used as they are instead of through text_sanitize_feed().
 */
bool	 text_sanitize_is_clean(const struct text_sanitizer *, const char *in,
	    size_t len);
/*
 * Whether `len` bytes need no repair because they are plain ASCII, with no
 * NUL or CR.
 */
bool	 text_is_plain(const char *in, size_t len);
/* Flush a sequence left incomplete at the end of the input. */
void	 text_sanitize_finish(struct text_sanitizer *, struct buf *out);

/*
 * Decode the character at `s` (at most `len` bytes, len > 0) into `*cp` and
 * return its length in bytes.  Input is expected to be valid UTF-8; a bad
 * sequence decodes as U+FFFD of length 1, so a loop always advances.
 */
size_t	 text_decode(const char *s, size_t len, uint32_t *cp);
/* Encode `cp` into `out`; returns the length, 1 to 4. */
size_t	 text_encode(uint32_t cp, char out[4]);

bool	 text_is_upper(uint32_t);	/* Lu, or a titlecase letter */
bool	 text_is_lower(uint32_t);
bool	 text_is_alpha(uint32_t);	/* a letter, marks excluded */
bool	 text_is_mark(uint32_t);	/* a combining mark */
bool	 text_is_digit(uint32_t);
bool	 text_is_space(uint32_t);	/* Unicode white space */

/*
 * A control character that must never reach a terminal raw: C0 other than
 * TAB and LF, DEL and C1.
 */
bool	 text_is_control(uint32_t);

/*
 * Write the visible stand-in for control character `cp` into `out` (UTF-8,
 * NUL-terminated) and return its length: a Control Pictures symbol for C0
 * and DEL ("␛" for ESC), and "<9B>"-style hex for C1.  Its width is
 * text_width() of the result.
 */
size_t	 text_control_symbol(uint32_t cp, char out[8]);

/*
 * Cells that `cp` takes in a terminal: 0 for combining marks and other
 * zero-width characters, 2 for wide (East Asian wide, most emoji), 1
 * otherwise.  Control characters return the width of their symbol.
 */
unsigned int	 text_char_width(uint32_t cp);

/* Cells of `len` bytes of UTF-8 text, control characters as symbols. */
size_t	 text_width(const char *s, size_t len);

/*
 * Append the visible form of `len` bytes of UTF-8 to `out`, fitted to
 * `cols` cells: control characters as their symbols, tabs and line breaks
 * as spaces, and cut with an ellipsis ("…") when it is wider.  For text that
 * is shown on one line: titles, names, URLs.  Returns the cells used.
 */
size_t	 text_fit(const char *s, size_t len, size_t cols, struct buf *out);

/*
 * A folded copy of a text, for searching: case-folded if asked, in NFKD
 * with combining marks dropped ("José" folds to "jose", "ﬁ" to "fi",
 * "Straße" to "strasse"), and each run of white space (a line break
 * included) as one space.  The copy keeps the way back from its offsets
 * to the source's.  It is built by appending, so that it can follow a text
 * that grows.
 */
struct text_fold_unit;
struct text_fold_cache;

struct text_fold {
	struct buf		 out;	/* the folded text */
	struct text_fold_unit	*units;	/* owned: where lengths differ */
	size_t			 nunits;
	size_t			 capunits;
	struct text_fold_cache	*cache;	/* owned: folds of recent characters */
	size_t			 src;	/* source bytes folded so far */
	bool			 icase;
	bool			 space;	/* the last output was a blank run */
};

void	 text_fold_init(struct text_fold *, bool icase);
void	 text_fold_release(struct text_fold *);

/* Fold the next `len` bytes of the source (valid UTF-8). */
void	 text_fold_add(struct text_fold *, const char *s, size_t len);

/*
 * The source offset of folded offset `f`: a start goes back to the start
 * of the character it falls in, an end (`end`) on to its end, so that a
 * match never cuts a character or its marks.
 */
size_t	 text_fold_source(const struct text_fold *, size_t f, bool end);

/* Fold a whole string, such as a query, into `out` (appended). */
void	 text_fold_string(const char *s, size_t len, bool icase,
	    struct buf *out);

/* Line break opportunities (UAX #14), one per byte. */
enum text_break {
	TEXT_BREAK_NO,		/* not before this byte */
	TEXT_BREAK_ALLOWED,	/* a line may start at this byte */
	TEXT_BREAK_MANDATORY	/* this byte is a line break character */
};

/*
 * Fill `brk[0..len)` with the break opportunity before each byte of `s`.
 * Bytes inside a character are TEXT_BREAK_NO.
 */
void	 text_linebreaks(const char *s, size_t len, char *brk);

/* Whether `s` is all printable ASCII, space included: a byte a cell. */
bool	 text_is_printable_ascii(const char *s, size_t len);

/*
 * The break opportunity before byte `i` of `s`, printable ASCII that does
 * not start with a space: what text_linebreaks() puts in brk[i], found
 * from the bytes before it alone, for a line filled a line at a time.
 */
enum text_break text_break_ascii_at(const char *s, size_t i);

/*
 * Length in bytes of the extended grapheme cluster that starts at `s`, so
 * that a hard break never splits a character from its combining marks or an
 * emoji sequence.  At least 1 when len > 0.
 */
size_t	 text_grapheme_len(const char *s, size_t len);

#endif
