/*
 * table: the rows of a GFM pipe table, read from its source lines as the
 * GFM specification and its reference implementation (cmark-gfm) read
 * them.  A row is cut into cells at every pipe that no backslash comes
 * right before, before any inline markup is read, so that "`a|b`" is two
 * cells; one leading and one trailing pipe are optional; each cell is
 * trimmed of blanks.  The delimiter row under the header says how many
 * columns the table has and how each is aligned.  Pure functions over
 * bytes: the loader strips container prefixes first and parses each
 * cell's inlines after.
 */
#ifndef OLSREAD_TABLE_H
#define OLSREAD_TABLE_H

#include <stddef.h>

#include "util.h"

/*
 * A delimiter row with more columns than this makes no table (cmark-gfm
 * reads tables of tens of thousands).  What the short rows under a wide
 * header cost is bounded by the loader, which ends the rows before they
 * are filled out to more than twice the table's bytes.
 */
#define TABLE_MAX_COLUMNS	65535

enum table_align {
	TABLE_ALIGN_NONE,
	TABLE_ALIGN_LEFT,	/* :--- */
	TABLE_ALIGN_CENTER,	/* :---: */
	TABLE_ALIGN_RIGHT	/* ---: */
};

/* A cell: bytes [off, off + len) of its row, trimmed, escapes kept. */
struct table_cell {
	size_t	 off;
	size_t	 len;
};

/*
 * Cut row `s`, `len` bytes with no newline, into its cells, the first
 * `max` of them into `cells`.  Returns how many cells the row has, which
 * may be more than `max`; 0 for a line that is no row ("|" alone).
 */
size_t	 table_row(const char *s, size_t len, struct table_cell *cells,
	    size_t max);

/*
 * Whether `s` is a delimiter row: cells of one or more '-' with an
 * optional ':' at either end.  Returns its columns, their alignments in
 * `*align` (grown as need be, `*cap` its room), or 0 when it is none or
 * has more than TABLE_MAX_COLUMNS.
 */
size_t	 table_delimiter(const char *s, size_t len, enum table_align **align,
	    size_t *cap);

/* Append the cell text `s` to `out`, each "\|" as "|". */
void	 table_unescape(struct buf *out, const char *s, size_t len);

#endif
