/*
 * talks-opening: reading the blocks of a section's opening, as the stages
 * of the speakers finder all do -- where its lines and sentences start,
 * where a name may, which stretches are links -- and the list of
 * candidates they fill.  Pure, bounded work over the caller's text.
 */
#include "talks-find.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "vec16.h"

size_t
talks_block_len(const struct talks_block *b)
{
	return b->len < TALKS_FIND_BYTES ? b->len : TALKS_FIND_BYTES;
}

/* Whether byte c may be part of a word: a letter, or UTF-8. */
static bool
talks_is_word_byte(char c)
{
	return (unsigned char)c & 0x80 || (c >= 'A' && c <= 'Z') ||
	    (c >= 'a' && c <= 'z');
}

size_t
talks_word_in(const struct talks_block *b, size_t from, const char *word,
    size_t wlen)
{
	size_t		 len = talks_block_len(b), i;
	const char	*p;

	if (wlen == 0)
		return (size_t)-1;
	for (i = from; i + wlen <= len; i = (size_t)(p - b->text) + 1) {
		p = memchr(b->text + i, word[0], len - i - wlen + 1);
		if (p == NULL)
			break;
		if (memcmp(p, word, wlen) != 0)
			continue;
		if ((p == b->text || !talks_is_word_byte(p[-1])) &&
		    ((size_t)(p - b->text) + wlen == len ||
		    !(talks_is_word_byte(p[wlen]) && !(p[wlen] >= 'A' &&
		    p[wlen] <= 'Z'))))
			return (size_t)(p - b->text);
	}
	return (size_t)-1;
}

/* The first of ".", "!", "?" and a line break from i on, or len. */
static size_t
talks_next_ender(const char *s, size_t i, size_t len)
{
	vec16	 v;
	size_t	 k;

	for (; i + 16 <= len; i += 16) {
		v = vec16_load(s + i);
		k = vec16_first((vec16)((v == vec16_all('.')) |
		    (v == vec16_all('!')) | (v == vec16_all('?')) |
		    (v == vec16_all('\n'))));
		if (k < 16)
			return i + k;
	}
	for (; i < len; i++)
		if (s[i] == '.' || s[i] == '!' || s[i] == '?' || s[i] == '\n')
			return i;
	return len;
}

/*
 * The start of the next sentence after p, or len: after ". ", "! ", "? "
 * or a line break, but not after an initial's full stop ("J. Corbet").
 */
size_t
talks_next_sentence(const char *s, size_t len, size_t p)
{
	size_t	 i;

	for (i = p; (i = talks_next_ender(s, i, len)) < len; i++) {
		if (s[i] == '\n')
			return i + 1;
		if (i + 1 < len && s[i + 1] == ' ' && !(s[i] == '.' && i > 0 &&
		    s[i - 1] >= 'A' && s[i - 1] <= 'Z' &&
		    (i == 1 || s[i - 2] == ' ')))
			return i + 2;
	}
	return len;
}

size_t
talks_next_line(const char *s, size_t len, size_t p)
{
	const char	*nl;

	if (p >= len)
		return len;
	nl = memchr(s + p, '\n', len - p);
	return nl == NULL ? len : (size_t)(nl - s) + 1;
}

/*
 * A capital, or any letter beyond ASCII, whose case the grammar decides.
 * Most words fail here, cheaply.
 */
bool
talks_may_name(const char *s, size_t len, size_t p)
{
	return p < len && ((s[p] >= 'A' && s[p] <= 'Z') ||
	    (unsigned char)s[p] >= 0x80);
}

/*
 * It only turns away what the grammar would: a first word of ASCII
 * letters then a blank and a lower-case word that is no particle nor ends
 * an adverbial, as in "The kernel ..." (but "In his talk, ..." and "This
 * year, ..." may open a subject).
 */
bool
talks_may_subject(const char *s, size_t len, size_t p)
{
	size_t	 w = p, q;

	if (!talks_may_name(s, len, p))
		return false;
	while (w < len && ((s[w] >= 'a' && s[w] <= 'z') ||
	    (s[w] >= 'A' && s[w] <= 'Z')))
		w++;
	if (w >= len || s[w] != ' ' || w + 1 >= len ||
	    s[w + 1] < 'a' || s[w + 1] > 'z')
		return true;
	if ((w - p == 2 && memcmp(s + p, "In", 2) == 0) ||
	    (w - p == 6 && memcmp(s + p, "During", 6) == 0))
		return true;
	/*
	 * A particle: short, lower case, then a blank ("Rik van Riel"); or
	 * the end of a short adverbial ("This year, Jane Roe ...").
	 */
	for (q = w + 1; q < len && s[q] >= 'a' && s[q] <= 'z'; q++)
		continue;
	return q >= len || s[q] == ',' || (q - w <= 6 && s[q] == ' ');
}

/* Whether a mark of `kind` overlaps [p, e) of block `b`. */
static bool
talks_is_marked(const struct talks_block *b, enum talks_mark_kind kind,
    size_t p, size_t e)
{
	size_t	 i;

	for (i = 0; i < b->nmarks; i++)
		if (b->marks[i].kind == kind &&
		    b->marks[i].off < e && b->marks[i].off + b->marks[i].len > p)
			return true;
	return false;
}

const struct talks_mark *
talks_link_at(const struct talks_block *b, size_t p)
{
	size_t	 i;

	for (i = 0; i < b->nmarks; i++)
		if (b->marks[i].kind == TALKS_MARK_LINK && b->marks[i].off == p)
			return &b->marks[i];
	return NULL;
}

size_t
talks_line_end(const char *s, size_t p, size_t e)
{
	while (e > p && (s[e - 1] == ' ' || s[e - 1] == '\n'))
		e--;
	return e;
}

bool
talks_is_linked(const struct talks_block *b, size_t p, size_t e)
{
	return talks_is_marked(b, TALKS_MARK_LINK, p, e);
}

bool
talks_is_code(const struct talks_block *b, size_t p, size_t e)
{
	return talks_is_marked(b, TALKS_MARK_HIDDEN, p, e);
}

/*
 * Each place a name was met is kept apart, since what surrounds it there
 * is its own evidence; talks_find() adds up a name's places.  The same
 * place met twice (a label read from its line and from its bold) takes
 * both sets of cues.
 */
struct talks_cand *
talks_cand_add(struct talks_cands *c, size_t block, size_t off,
    size_t len, size_t list, size_t end, uint64_t cues)
{
	struct talks_cand	*k;
	size_t			 i;

	for (i = 0; i < c->n; i++) {
		k = &c->v[i];
		if (k->block == block && k->off == off && k->len == len) {
			k->cues |= cues;
			return k;
		}
	}
	if (c->n == TALKS_CANDS_MAX)
		return NULL;
	k = &c->v[c->n++];
	memset(k, 0, sizeof(*k));
	k->block = block;
	k->off = off;
	k->len = len;
	k->list = list;
	k->end = end;
	k->cues = cues;
	return k;
}

/* Add names found in block bi, a list [list, end), with `cues`. */
void
talks_add_names(struct talks_cands *c, size_t bi,
    const struct talks_name *names, size_t n, size_t list, size_t end,
    uint64_t cues)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		talks_cand_add(c, bi, names[i].off, names[i].len, list, end,
		    cues);
}
