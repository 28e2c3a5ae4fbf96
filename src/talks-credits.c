/*
 * talks-credits: the lines of programmes and minutes that credit a talk
 * or an agenda's item to its presenters -- "Jane Roe - @jroe", "Demo:
 * warnings [Jane Roe]", a title then "by Jane Roe" -- read for the
 * candidates stage (talks-candidates.c).  Pure, bounded work: no
 * allocation.
 */
/* memrchr(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "talks-find.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Bytes into a line, a credit's "[" at the most. */
#define TALKS_CREDIT_AT		120

/*
 * "Jane Roe - @jroe", "A - @a & B - @b": names each followed by a dash
 * and a handle, opening a line.
 */
void
talks_find_handles(const struct talks_opening *op, size_t bi, size_t p,
    struct talks_cands *c)
{
	const struct talks_block	*b = &op->blocks[bi];
	struct talks_name		 nm;
	size_t				 len = talks_block_len(b), end, q;

	while (talks_names_at(b->text, len, p, &nm, 1, &end) == 1) {
		q = nm.off + nm.len;
		while (q < len && b->text[q] == ' ')
			q++;
		if (q < len && b->text[q] == '-')
			q++;
		else if (q + 3 <= len &&
		    memcmp(b->text + q, "\xe2\x80\x93", 3) == 0)
			q += 3;
		else
			return;
		while (q < len && b->text[q] == ' ')
			q++;
		if (q >= len || b->text[q] != '@')
			return;
		talks_cand_add(c, bi, nm.off, nm.len, nm.off, q,
		    TALKS_CUE(TALKS_CUE_HANDLE));
		/* Past the handle and what parts it from the next name. */
		while (q < len && strchr(" \n,&", b->text[q]) == NULL)
			q++;
		while (q < len && strchr(" \n,&", b->text[q]) != NULL)
			q++;
		if (q + 4 < len && memcmp(b->text + q, "and ", 4) == 0)
			q += 4;
		p = q;
	}
}

/* Whether [a, b) of s holds a letter or a digit. */
static bool
talks_has_alnum(const char *s, size_t a, size_t b)
{
	for (; a < b; a++)
		if ((s[a] >= 'A' && s[a] <= 'Z') || (s[a] >= 'a' &&
		    s[a] <= 'z') || (s[a] >= '0' && s[a] <= '9') ||
		    (unsigned char)s[a] >= 0x80)
			return true;
	return false;
}

/*
 * Whether what follows a credit's closing bracket, [q, e), still lets it
 * close its line: nothing, the item's matter after a colon ("wg-LTS
 * [@tpepper]: slides"), or one word of its state ("[Jane Roe] Confirmed"),
 * letters alone: "[@key]." and "[Text]{.class}" are Pandoc's.
 */
static bool
talks_credit_tail(const char *s, size_t q, size_t e)
{
	while (q < e && s[q] == ' ')
		q++;
	if (q == e || s[q] == ':')
		return true;
	while (q < e && ((s[q] >= 'a' && s[q] <= 'z') ||
	    (s[q] >= 'A' && s[q] <= 'Z')))
		q++;
	while (q < e && (s[q] == ' ' || s[q] == '\n'))
		q++;
	return q == e;
}

/* A handle alone, "@jroe", from q up to `stop`: its end, or q if none. */
static size_t
talks_handle_end(const char *s, size_t q, size_t stop)
{
	size_t	 e;

	if (q >= stop || s[q] != '@')
		return q;
	for (e = q + 1; e < stop && (talks_has_alnum(s, e, e + 1) ||
	    s[e] == '-' || s[e] == '_') && !(s[e] & 0x80); e++)
		continue;
	return e > q + 1 ? e : q;
}

/*
 * One part of a credit's brackets, [q, stop): names, up to a role after
 * " - " or a handle after ", " ("Jane Roe - Release Lead", "Jane Roe,
 * @jroe"), or a handle alone where `handles` allows: in an agenda's item,
 * not in prose, where "[@key]" is a Pandoc citation.  Returns how many
 * were stored, 0 if the part is something else.
 */
static size_t
talks_credit_part(const char *s, size_t q, size_t stop, bool handles,
    struct talks_name *names, size_t max)
{
	size_t	 m, end, h;

	if ((h = talks_handle_end(s, q, stop)) > q) {
		if (!handles)
			return 0;
		while (h < stop && s[h] == ' ')
			h++;
		if (h != stop)
			return 0;
		names[0].off = q;
		names[0].len = talks_handle_end(s, q, stop) - q;
		return 1;
	}
	m = talks_names_at(s, stop, q, names, max, &end);
	if (m == 0)
		return 0;
	while (end < stop && s[end] == ' ')
		end++;
	if (end + 1 < stop && (s[end] == '-' || s[end] == ',') &&
	    s[end + 1] == ' ') {
		if (s[end] == '-' || talks_handle_end(s, end + 2, stop) > end + 2)
			return m;
	}
	return talks_has_alnum(s, end, stop) ? 0 : m;
}

/*
 * The names in square brackets that close the line [p, e), after a
 * topic, as minutes credit each item: "Demo -- Helpful warnings [Jordan
 * Liggitt]", "SIG Windows [Mark Rossetti + Michael Michael]", "Release
 * [Jeremy Rickard | @jerickar] Confirmed".  Each part of the brackets,
 * apart at "+" or "/" (or a list's "," and "and"), is names up to a "|",
 * "(" or its end (talks_credit_part()); any other part makes them none.
 */
void
talks_find_bracketed(const struct talks_opening *op, size_t bi, size_t p,
    size_t e, struct talks_cands *c)
{
	const struct talks_block	*b = &op->blocks[bi];
	struct talks_name		 names[TALKS_FOUND_MAX];
	const char			*open;
	size_t				 close = e, q, stop, n = 0, m;

	/* The last "]" whose tail lets it close the line; most lines have none. */
	while ((open = memrchr(b->text + p, ']', close - p)) != NULL) {
		close = (size_t)(open - b->text);
		if (talks_credit_tail(b->text, close + 1, e))
			break;
	}
	if (open == NULL)
		return;
	close++;
	if (close <= p + 2 ||
	    (open = memrchr(b->text + p, '[', close - p)) == NULL ||
	    !talks_has_alnum(b->text, p, (size_t)(open - b->text)))
		return;
	/*
	 * A topic's, not a sentence's ("... as shown [@key]"); not "[Text]
	 * [Label]", a link's source, nor code's brackets.
	 */
	if ((size_t)(open - b->text) - p > TALKS_CREDIT_AT ||
	    open[-1] == ']' || talks_is_code(b, (size_t)(open - b->text),
	    close))
		return;
	close--;
	for (q = (size_t)(open - b->text) + 1; q < close; q = stop + 1) {
		while (q < close && b->text[q] == ' ')
			q++;
		for (stop = q; stop < close && strchr("+/|(", b->text[stop]) ==
		    NULL; stop++)
			continue;
		m = talks_credit_part(b->text, q, stop,
		    b->kind == TALKS_BLOCK_ITEM, names + n, TALKS_FOUND_MAX - n);
		if (m == 0)
			return;
		n += m;
		if (n == TALKS_FOUND_MAX || (stop < close &&
		    (b->text[stop] == '|' || b->text[stop] == '(')))
			break;
	}
	talks_add_names(c, bi, names, n, (size_t)(open - b->text) + 1, close,
	    TALKS_CUE(TALKS_CUE_BRACKETED));
}

/*
 * The end of the last dash in [p, e) that parts a title from its credit
 * -- " - ", " -- ", " – ", " — " -- or p if none.
 */
static size_t
talks_credit_dash(const char *s, size_t p, size_t e)
{
	size_t	 q, at = p;

	for (q = p + 1; q + 2 < e; q++) {
		if (s[q - 1] != ' ')
			continue;
		if (s[q] == '-' && s[q + 1] == ' ')
			at = q + 2;
		else if (s[q] == '-' && s[q + 1] == '-' && s[q + 2] == ' ')
			at = q + 3;
		else if (q + 3 < e && (memcmp(s + q, "\xe2\x80\x93 ", 4) == 0 ||
		    memcmp(s + q, "\xe2\x80\x94 ", 4) == 0))
			at = q + 4;
	}
	return at;
}

/*
 * Past an affiliation at q, after a name and ", ": capitalised words, up to
 * " and ", " & " or e.  Returns where the next name may start (or e), or
 * q if none is there.
 */
static size_t
talks_skip_affiliation(const char *s, size_t q, size_t e)
{
	size_t	 w;

	if (q >= e || !talks_may_name(s, e, q))
		return q;
	for (w = q; w < e; w++) {
		if (s[w] == '&' && s[w - 1] == ' ')
			return w + 1 < e ? w + 1 : e;
		if (s[w] == ' ' && e - w > 5 && memcmp(s + w, " and ", 5) == 0)
			return w + 5;
	}
	return e;
}

/*
 * The credit [q, e): names, each with an affiliation after a comma, apart
 * at "and" or "&" ("Jane Roe, Acme & John Doe, Initech"), to e.  Returns
 * how many names, stored in `names`; 0 if anything else is there.
 */
static size_t
talks_credit_names(const char *s, size_t q, size_t e,
    struct talks_name *names, size_t max)
{
	size_t	 m, n = 0, end;

	while (q < e && n < max) {
		while (q < e && s[q] == ' ')
			q++;
		if ((m = talks_names_at(s, e, q, names + n, max - n,
		    &end)) == 0)
			return 0;
		n += m;
		while (end < e && s[end] == ' ')
			end++;
		if (end == e)
			return n;
		if (s[end] != ',' || (q = talks_skip_affiliation(s, end + 1 +
		    (end + 1 < e && s[end + 1] == ' '), e)) == end + 2)
			return 0;
	}
	return n;
}

size_t
talks_linked_credit(const struct talks_block *b, size_t p, size_t eol,
    struct talks_name *names, size_t max)
{
	const struct talks_mark	*link = talks_link_at(b, p);
	size_t			 i, e = talks_line_end(b->text, p, eol), q, m;

	if (link == NULL || link->len != e - p ||
	    (q = talks_credit_dash(b->text, p, e)) == p)
		return 0;
	/* A title of two words or more: "UVA - Beloved Sons" is a problem's. */
	for (i = p, m = 0; i < q && m < 3; i++)
		m += b->text[i] == ' ';
	if (m < 3)
		return 0;
	return talks_credit_names(b->text, q, e, names, max);
}

/*
 * "by Jane Roe, Acme" opening a line under a title set in bold or as a
 * link: a programme's entry, "**[Title](...)**" then its presenters.
 */
void
talks_find_by_line(const struct talks_opening *op, size_t bi, size_t p,
    struct talks_cands *c)
{
	const struct talks_block	*b = &op->blocks[bi];
	struct talks_name		 names[TALKS_FOUND_MAX];
	size_t				 len = talks_block_len(b), i, e, n, end;

	if (p < 2 || len - p < 4 || memcmp(b->text + p, "by ", 3) != 0)
		return;
	for (e = p - 1; e > 0 && b->text[e - 1] == ' '; e--)
		continue;
	for (i = 0; i < b->nmarks; i++)
		if ((b->marks[i].kind == TALKS_MARK_STRONG ||
		    b->marks[i].kind == TALKS_MARK_LINK) &&
		    b->marks[i].off + b->marks[i].len == e)
			break;
	if (i == b->nmarks)
		return;
	/* "by Jane Roe, Acme & John Doe, Initech", to the line's end. */
	end = talks_line_end(b->text, p, talks_next_line(b->text, len, p));
	if ((n = talks_credit_names(b->text, p + 3, end, names,
	    TALKS_FOUND_MAX)) == 0 && (n = talks_names_at(b->text, len, p + 3,
	    names, TALKS_FOUND_MAX, &end)) == 0)
		return;
	talks_add_names(c, bi, names, n, p + 3, end,
	    TALKS_CUE(TALKS_CUE_BY_LINE));
}

/*
 * An item's line [p, eol) of block `b` crediting a title to the names in
 * a parenthesis after it, then its links: "Closing Loops (Jane Roe) -
 * [MP4](...)".  *vouched is set when a link follows the names.  Returns
 * how many names, stored in `names`.
 */
size_t
talks_paren_credit(const struct talks_block *b, size_t p, size_t eol,
    struct talks_name *names, size_t max, bool *vouched)
{
	const char	*open, *s = b->text;
	size_t		 n, end, q, i;

	if (b->kind != TALKS_BLOCK_ITEM || (open = memchr(s + p, '(',
	    eol - p < TALKS_CREDIT_AT ? eol - p : TALKS_CREDIT_AT)) == NULL)
		return 0;
	q = (size_t)(open - s);
	if (q < p + 4 || s[q - 1] != ' ' || !talks_has_alnum(s, p, q) ||
	    (n = talks_names_at(s, eol, q + 1, names, max, &end)) == 0 ||
	    names[0].off != q + 1 || end >= eol || s[end] != ')')
		return 0;
	for (q = end + 1; q < eol && s[q] == ' '; q++)
		continue;
	if (q < eol && s[q] != '-' && s[q] != ':' && s[q] != '\n' &&
	    (eol - q < 3 || memcmp(s + q, "\xe2\x80\x93", 3) != 0))
		return 0;
	*vouched = false;
	for (i = 0; i < b->nmarks; i++)
		if (b->marks[i].kind == TALKS_MARK_LINK &&
		    b->marks[i].off > end && b->marks[i].off < eol)
			*vouched = true;
	return n;
}
