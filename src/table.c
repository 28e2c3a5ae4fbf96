/*
 * table: cutting a pipe table's rows into cells.  cmark-gfm is the
 * reference: a pipe is a cell's end unless a backslash is right before it,
 * whatever comes before that backslash, and only that backslash goes when
 * the cell's text is taken.
 */
#include "table.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool
table_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' ||
	    c == '\n';
}

/* The next pipe at or after `i` that ends a cell, or `len`. */
static size_t
table_pipe(const char *s, size_t len, size_t i)
{
	const char	*p;

	while (i < len && (p = memchr(s + i, '|', len - i)) != NULL) {
		i = (size_t)(p - s);
		if (i == 0 || s[i - 1] != '\\')
			return i;
		i++;
	}
	return len;
}

static bool
table_only_spaces(const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i < len; i++)
		if (!table_is_space(s[i]))
			return false;
	return true;
}

size_t
table_row(const char *s, size_t len, struct table_cell *cells, size_t max)
{
	size_t	 i = 0, end, a, b, n = 0;

	while (i < len && table_is_space(s[i]))
		i++;
	if (i < len && s[i] == '|')
		i++;
	while (i < len) {
		end = table_pipe(s, len, i);
		/* What follows the last pipe, blanks only, is no cell. */
		if (end == len && n > 0 && table_only_spaces(s + i, len - i))
			break;
		for (a = i; a < end && table_is_space(s[a]); a++)
			continue;
		for (b = end; b > a && table_is_space(s[b - 1]); b--)
			continue;
		if (n < max)
			cells[n] = (struct table_cell){ a, b - a };
		n++;
		i = end + 1;
	}
	return n;
}

/* The alignment of a delimiter cell, or -1 when it is none. */
static int
table_align_of(const char *s, size_t len)
{
	size_t	 i = 0, dashes = 0;
	bool	 left = false, right = false;

	if (i < len && s[i] == ':') {
		left = true;
		i++;
	}
	while (i < len && s[i] == '-') {
		dashes++;
		i++;
	}
	if (i < len && s[i] == ':') {
		right = true;
		i++;
	}
	if (dashes == 0 || i != len)
		return -1;
	if (left && right)
		return TABLE_ALIGN_CENTER;
	return left ? TABLE_ALIGN_LEFT : right ? TABLE_ALIGN_RIGHT :
	    TABLE_ALIGN_NONE;
}

size_t
table_delimiter(const char *s, size_t len, enum table_align **align,
    size_t *cap)
{
	struct table_cell	*cells;
	size_t			 n, i;
	int			 a = 0;

	/* Anything but these makes it no delimiter row: a quick no. */
	for (i = 0; i < len; i++)
		if (s[i] != '-' && s[i] != ':' && s[i] != '|' &&
		    !table_is_space(s[i]))
			return 0;
	n = table_row(s, len, NULL, 0);
	if (n == 0 || n > TABLE_MAX_COLUMNS)
		return 0;
	cells = xcalloc(n, sizeof(*cells));
	table_row(s, len, cells, n);
	*align = xgrow(*align, cap, n, sizeof(**align));
	for (i = 0; i < n && a >= 0; i++)
		if ((a = table_align_of(s + cells[i].off, cells[i].len)) >= 0)
			(*align)[i] = (enum table_align)a;
	free(cells);
	return a >= 0 ? n : 0;
}

void
table_unescape(struct buf *out, const char *s, size_t len)
{
	size_t	 i, from = 0;

	for (i = 0; i + 1 < len; i++) {
		if (s[i] != '\\' || s[i + 1] != '|')
			continue;
		buf_add(out, s + from, i - from);
		from = i + 1;
	}
	buf_add(out, s + from, len - from);
}
