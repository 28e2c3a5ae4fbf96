/*
 * load-source: the text a tree was parsed from, for what the tree does not
 * say (a table's cells, a note's lines): its lines found by cmark's
 * numbering, and those that hold a needle.  The bottom of the converter:
 * it calls nothing of it, and nothing of the stages before it.
 */
#include "load-convert.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * A mark at the first line that starts LOAD_SOURCE_BYTES or more past the
 * one before: a line is found from the mark before it, walking the lines
 * of that many bytes and one more, and the marks (16 bytes each) stay a
 * small part of the text however short its lines.  A line found from the
 * last one found walks at most LOAD_SOURCE_LINES.
 */
#define LOAD_SOURCE_BYTES	512
#define LOAD_SOURCE_LINES	16

/* Let go of what was found of the source. */
void
load_source_release(struct load_source *src)
{
	free(src->marks);
	free(src->piped);
	memset(src, 0, sizeof(*src));
}

void
load_state_source(struct load_state *st, const char *src, size_t len,
    int line)
{
	load_source_release(&st->src);
	st->src.s = src;
	st->src.len = len;
	st->src.first = line;
	st->src.pipes = memchr(src, '|', len) != NULL;
}

/*
 * The marks of the source: a memchr() finds each, and the lines between
 * two are counted at the pace of load_count_lines(), where a memchr() a
 * line would cost a call each.
 */
static void
load_source_index(struct load_source *src)
{
	struct load_mark	 m = { 0, src->first };
	const char		*nl;
	size_t			 cap = 0, from;

	if (src->marks != NULL)
		return;
	src->marks = xgrow(src->marks, &cap, 1, sizeof(*src->marks));
	src->marks[src->nmarks++] = m;
	while (src->len - m.off > LOAD_SOURCE_BYTES) {
		from = m.off + LOAD_SOURCE_BYTES - 1;
		if ((nl = memchr(src->s + from, '\n', src->len - from)) ==
		    NULL)
			break;
		from = m.off;
		m.off = (size_t)(nl - src->s) + 1;
		m.line += (int)load_count_lines(src->s + from, m.off - from);
		src->marks = xgrow(src->marks, &cap, src->nmarks + 1,
		    sizeof(*src->marks));
		src->marks[src->nmarks++] = m;
	}
	src->last = m.line + (int)load_count_lines(src->s + m.off,
	    src->len - m.off);
	src->at = src->marks[0];
}

/*
 * The last mark at or before both line `line` and offset `off` (marks go
 * up in both): pass INT_MAX or SIZE_MAX for the one that does not matter.
 */
static struct load_mark
load_source_mark(const struct load_source *src, int line, size_t off)
{
	size_t	 lo = 0, hi = src->nmarks, mid;

	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (src->marks[mid].line <= line && src->marks[mid].off <= off)
			lo = mid;
		else
			hi = mid;
	}
	return src->marks[lo];
}

bool
load_source_line(struct load_state *st, int line, const char **s,
    size_t *len)
{
	struct load_source	*src = &st->src;
	struct load_mark	 m;
	const char		*nl;

	if (line < src->first)
		return false;
	load_source_index(src);
	if (line > src->last)
		return false;
	/* From the line found last, when it is on the way. */
	if (src->at.line <= line && line - src->at.line < LOAD_SOURCE_LINES)
		m = src->at;
	else if ((m = load_source_mark(src, line, SIZE_MAX)).line <
	    src->at.line && src->at.line <= line)
		m = src->at;
	for (; m.line < line; m.line++) {
		nl = memchr(src->s + m.off, '\n', src->len - m.off);
		m.off = (size_t)(nl - src->s) + 1;
	}
	src->at = m;
	*s = src->s + m.off;
	nl = memchr(*s, '\n', src->len - m.off);
	*len = nl != NULL ? (size_t)(nl - *s) : src->len - m.off;
	return true;
}

/* The line, in cmark's numbering, that offset `off` of the source is on. */
static int
load_source_line_of(struct load_source *src, size_t off)
{
	struct load_mark	 m;

	load_source_index(src);
	m = load_source_mark(src, INT_MAX, off);
	return m.line + (int)load_count_lines(src->s + m.off, off - m.off);
}

/*
 * The needle is looked for by its last byte: "[^" by its '^', rarer in
 * prose and code than its '['.
 */
size_t
load_source_lines_with(struct load_state *st, const char *needle,
    int **lines)
{
	struct load_source	*src = &st->src;
	const char		*p, *end = src->s + src->len, *nl;
	size_t			 n = 0, cap = 0, nlen = strlen(needle);

	*lines = NULL;
	if (nlen == 0 || src->len < nlen)
		return 0;
	p = src->s + nlen - 1;
	while ((p = memchr(p, needle[nlen - 1], (size_t)(end - p))) != NULL) {
		if (memcmp(p - (nlen - 1), needle, nlen - 1) != 0) {
			p++;
			continue;
		}
		*lines = xgrow(*lines, &cap, n + 1, sizeof(**lines));
		(*lines)[n++] = load_source_line_of(src, (size_t)(p - src->s));
		/* Each line once: on from the next. */
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL ||
		    (size_t)(end - nl) <= nlen)
			break;
		p = nl + nlen;
	}
	return n;
}

bool
load_lines_meet(const int *lines, size_t n, int from, int to)
{
	size_t	 lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (lines[mid] < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && lines[lo] <= to;
}

/*
 * Whether a line of paragraph `n` holds a '|': the source's lines that
 * do are found once, in one memchr() pass, and each paragraph's looked up
 * among them.
 */
bool
load_source_piped(struct load_state *st, cmark_node *n)
{
	struct load_source	*src = &st->src;
	int			 from = cmark_node_get_start_line(n);
	int			 to = cmark_node_get_end_line(n);

	if (!src->pipes)
		return false;
	/* A '|' is there: a source asked once has a line with one. */
	if (src->piped == NULL)
		src->npiped = load_source_lines_with(st, "|", &src->piped);
	return from >= src->first && to <= src->last &&
	    load_lines_meet(src->piped, src->npiped, from, to);
}
