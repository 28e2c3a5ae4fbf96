/*
 * talks-find: the presenters of one section, from everything that opens
 * it -- its heading, the lines of its opening that label presenters
 * ("Speaker: Jane Roe", "Jane Roe - @jroe"), and the sentences of its
 * first paragraphs -- using the grammar of names (talks.h).  A name needs
 * evidence of presenting: a label, a heading's shape, or a verb or talk
 * noun tied to it.  What a heading and labels say is believed first; the
 * sentences are read only when they say nothing, since a section's prose
 * names many people who did not present.  Pure, bounded work over the
 * caller's text: no allocation.
 */
#include "talks.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "text.h"

/* How much of an opening is read: bytes of each block, and of some. */
#define TALKS_FIND_SENTENCES	4	/* blocks whose sentences are read */
#define TALKS_FIND_SUBJECTS	4	/* sentences read for a subject */
#define TALKS_FIND_STARTS	16	/* sentences looked at, all told */
#define TALKS_SENTENCE_BYTES	1024	/* of each block, for sentences */
#define TALKS_BY_BYTES		400	/* of each, for "given by" */
#define TALKS_FIND_BYTES	2048
#define TALKS_HEADING_MAX	400	/* longer headings name nobody */
#define TALKS_CJK_NAME_MAX	36	/* bytes of a name in a CJK label */
#define TALKS_LINKED_NAME_MAX	80	/* bytes of a link's text that names */
#define TALKS_HANDLE_AT		160	/* bytes into a line, its first "@" */

/* The names found so far, without repeats. */
struct talks_found_set {
	struct talks_found	*v;
	size_t			 n;
	size_t			 max;
};

static void	 talks_find_label(const struct talks_block *, size_t bi,
		    size_t p, struct talks_found_set *);

static void
talks_add(struct talks_found_set *set, size_t block, const char *text,
    size_t off, size_t len, const struct talks_block *blocks)
{
	size_t	 i;

	for (i = 0; i < set->n; i++) {
		const struct talks_block	*b = &blocks[set->v[i].block];

		if (set->v[i].len == len &&
		    memcmp(b->text + set->v[i].off, text + off, len) == 0)
			return;
	}
	if (set->n == set->max)
		return;
	set->v[set->n].block = block;
	set->v[set->n].off = off;
	set->v[set->n++].len = len;
}

static void
talks_add_names(struct talks_found_set *set, size_t block,
    const struct talks_block *blocks, const struct talks_name *names,
    size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		talks_add(set, block, blocks[block].text, names[i].off,
		    names[i].len, blocks);
}

static size_t
talks_block_len(const struct talks_block *b)
{
	return b->len < TALKS_FIND_BYTES ? b->len : TALKS_FIND_BYTES;
}

/*
 * The heading's text with code spans hidden under blanks, at the same
 * offsets: "`Foo Bar` - Jane Roe" names no "Foo Bar".  Returns false if the
 * heading is too long to name.
 */
static bool
talks_mask(const struct talks_block *b, char *buf, size_t size)
{
	size_t	 i;

	if (b->len >= size)
		return false;
	memcpy(buf, b->text, b->len);
	for (i = 0; i < b->nmarks; i++)
		if (b->marks[i].kind == TALKS_MARK_HIDDEN &&
		    b->marks[i].off + b->marks[i].len <= b->len)
			memset(buf + b->marks[i].off, ' ', b->marks[i].len);
	buf[b->len] = '\0';
	return true;
}

/* Whether `word` occurs in `b` as a whole word. */
static bool
talks_has_word_in(const struct talks_block *b, const char *word, size_t wlen)
{
	size_t		 len = talks_block_len(b), i;
	const char	*p;

	for (i = 0; i + wlen <= len; i = (size_t)(p - b->text) + 1) {
		p = memchr(b->text + i, word[0], len - i - wlen + 1);
		if (p == NULL)
			return false;
		if (memcmp(p, word, wlen) != 0)
			continue;
		if ((p == b->text || !((unsigned char)p[-1] & 0x80 ||
		    (p[-1] >= 'A' && p[-1] <= 'z'))) &&
		    ((size_t)(p - b->text) + wlen == len ||
		    !((unsigned char)p[wlen] & 0x80 ||
		    (p[wlen] >= 'a' && p[wlen] <= 'z'))))
			return true;
	}
	return false;
}

/*
 * The start of the next sentence after p, or len: after ". ", "! ", "? "
 * or a line break, but not after an initial's full stop ("J. Corbet").
 * memchr() finds each candidate, as most bytes are none.
 */
static size_t
talks_next_sentence(const char *s, size_t len, size_t p)
{
	const char	*c, *best;
	size_t		 i = p, k;
	static const char enders[] = ".!?\n";

	while (i < len) {
		best = NULL;
		for (k = 0; k < sizeof(enders) - 1; k++) {
			c = memchr(s + i, enders[k], (best != NULL ?
			    (size_t)(best - s) : len) - i);
			if (c != NULL)
				best = c;
		}
		if (best == NULL)
			return len;
		i = (size_t)(best - s);
		if (*best == '\n')
			return i + 1;
		if (i + 1 < len && s[i + 1] == ' ' && !(*best == '.' && i > 0 &&
		    s[i - 1] >= 'A' && s[i - 1] <= 'Z' &&
		    (i == 1 || s[i - 2] == ' ')))
			return i + 2;
		i++;
	}
	return len;
}

/* The start of the next line after p, or len. */
static size_t
talks_next_line(const char *s, size_t len, size_t p)
{
	const char	*nl;

	if (p >= len)
		return len;
	nl = memchr(s + p, '\n', len - p);
	return nl == NULL ? len : (size_t)(nl - s) + 1;
}

/*
 * Whether a name may start at p: a capital, or any letter beyond ASCII,
 * whose case the grammar decides.  Most sentences fail here, cheaply.
 */
static bool
talks_may_name(const char *s, size_t len, size_t p)
{
	return p < len && ((s[p] >= 'A' && s[p] <= 'Z') ||
	    (unsigned char)s[p] >= 0x80);
}

/*
 * Whether a sentence at p may open with the speakers, before the grammar
 * is asked.  It only turns away what the grammar would: a first word of
 * ASCII letters then a blank and a lower-case word that is no particle
 * nor ends an adverbial, as in "The kernel ..." (but "In his talk, ..."
 * and "This year, ..." may open a subject).
 */
static bool
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

/*
 * The words that open a sentence of `b` as its subject, before a verb of
 * reporting: "Tim describes ...", "Jesse gave a talk".
 */
static size_t
talks_first_names(const struct talks_block *b, struct talks_name *out,
    size_t max)
{
	size_t	 len = talks_block_len(b), p, n = 0;

	for (p = 0; p < len && n < max;
	    p = talks_next_sentence(b->text, len, p)) {
		if (talks_may_name(b->text, len, p) &&
		    talks_given_name(b->text + p, len - p, &out[n]) > 0) {
			out[n].off += p;
			n++;
		}
	}
	return n;
}

/*
 * Whether the body speaks of one of the names the heading opens with: in
 * full, or by its first word as a sentence's subject ("Tim Holy — Image
 * Analysis" over "Tim describes ..."); the second sign a leading name
 * needs.  A word alone would not do: "Getting Started: Installation" over
 * "Getting the tools is easy".
 */
static bool
talks_body_names(const char *heading, const struct talks_name *names,
    size_t n, const struct talks_block *body, size_t nbody)
{
	struct talks_name	 subj[TALKS_FOUND_MAX];
	const char		*s;
	size_t			 i, j, k, m, first;

	for (i = 0; i < n; i++) {
		s = heading + names[i].off;
		first = strcspn(s, " ");
		for (j = 0; j < nbody && j < TALKS_FIND_SENTENCES; j++) {
			if (body[j].kind == TALKS_BLOCK_HEADING)
				continue;
			if (talks_has_word_in(&body[j], s, names[i].len))
				return true;
			m = talks_first_names(&body[j], subj, TALKS_FOUND_MAX);
			for (k = 0; k < m; k++)
				if (subj[k].len == first && memcmp(body[j].text +
				    subj[k].off, s, first) == 0)
					return true;
		}
	}
	return false;
}

/*
 * The names a styled part at the heading's end holds on their own, after
 * a dash or "by": "Title <small>- Jane Roe, John Doe</small>", "Title
 * *by Jane Roe*".  The style that parts them from the title is the sign.
 */
static size_t
talks_heading_element(const struct talks_block *h, const char *buf,
    struct talks_name *names, size_t max)
{
	const struct talks_mark	*m;
	size_t			 i, a, b, end, n;

	for (i = 0; i < h->nmarks; i++) {
		m = &h->marks[i];
		if ((m->kind != TALKS_MARK_EMPH && m->kind != TALKS_MARK_STRONG) ||
		    m->off == 0 || m->off + m->len > h->len)
			continue;
		a = m->off;
		b = m->off + m->len;
		/* At the heading's end, and opening with "-" or "by". */
		for (end = b; end < h->len && buf[end] == ' '; end++)
			continue;
		while (a < b && buf[a] == ' ')
			a++;
		if (end != h->len || !(a < b && (buf[a] == '-' ||
		    (b - a > 3 && strncmp(buf + a, "by ", 3) == 0))))
			continue;
		a += buf[a] == '-' ? 1 : 3;
		while (a < b && buf[a] == ' ')
			a++;
		while (b > a && buf[b - 1] == ' ')
			b--;
		if (a == b)
			continue;
		n = talks_names_at(buf, b, a, names, max, &end);
		if (n > 0 && end == b)
			return n;
	}
	return 0;
}

static void
talks_find_heading(const struct talks_block *blocks, size_t nblocks,
    struct talks_found_set *set)
{
	char			 buf[TALKS_HEADING_MAX + 1];
	struct talks_name	 names[TALKS_FOUND_MAX];
	size_t			 n;
	bool			 leading;

	if (blocks[0].len == 0 ||
	    !talks_mask(&blocks[0], buf, sizeof(buf)))
		return;
	n = talks_heading_element(&blocks[0], buf, names, TALKS_FOUND_MAX);
	if (n > 0) {
		talks_add_names(set, 0, blocks, names, n);
		return;
	}
	n = talks_heading(buf, blocks[0].len, names, TALKS_FOUND_MAX,
	    &leading);
	if (n == 0) {
		/* "Speaker: Jane Roe, CEO of Acme", as a label line reads. */
		talks_find_label(blocks, 0, 0, set);
		return;
	}
	if (leading && memchr(buf + names[n - 1].off + names[n - 1].len, '@',
	    blocks[0].len - names[n - 1].off - names[n - 1].len) == NULL &&
	    !talks_body_names(buf, names, n, blocks + 1, nblocks - 1))
		return;
	talks_add_names(set, 0, blocks, names, n);
}

/* Whether a CJK label's value starts at p: a letter without case. */
static bool
talks_is_uncased_at(const char *s, size_t len, size_t p)
{
	uint32_t	 cp;

	return p < len && (unsigned char)s[p] >= 0x80 &&
	    text_decode(s + p, len - p, &cp) > 0 && text_is_alpha(cp) &&
	    !text_is_upper(cp) && !text_is_lower(cp);
}

/*
 * Endings of organisations' names in Chinese and Japanese: a label's
 * value "蚂蚁集团 田洪亮" is an affiliation, then a name.
 */
static const char *const talks_cjk_orgs[] = {
	"\xe9\x9b\x86\xe5\x9b\xa2",		/* 集团 group */
	"\xe7\xa7\x91\xe6\x8a\x80",		/* 科技 technology */
	"\xe5\x85\xac\xe5\x8f\xb8",		/* 公司 company */
	"\xe5\xa4\xa7\xe5\xad\xa6",		/* 大学 university */
	"\xe5\xad\xa6\xe9\x99\xa2",		/* 学院 college */
	"\xe7\xa0\x94\xe7\xa9\xb6\xe9\x99\xa2",	/* 研究院 institute */
	"\xe5\xae\x9e\xe9\xaa\x8c\xe5\xae\xa4",	/* 实验室 laboratory */
	"\xe5\x9f\xba\xe9\x87\x91\xe4\xbc\x9a",	/* 基金会 foundation */
	"\xe7\xa4\xbe\xe5\x8c\xba",		/* 社区 community */
	"\xe5\x9b\xa2\xe9\x98\x9f",		/* 团队 team */
	"\xe4\xbc\x9a\xe7\xa4\xbe",		/* 会社 company */
	NULL
};

/* Whether [p, e) ends with an organisation's ending. */
static bool
talks_is_cjk_org(const char *s, size_t p, size_t e)
{
	const char *const	*o;
	size_t			 n;

	for (o = talks_cjk_orgs; *o != NULL; o++) {
		n = strlen(*o);
		if (e - p >= n && memcmp(s + e - n, *o, n) == 0)
			return true;
	}
	return false;
}

/*
 * The name after a label in a script without capitals: up to the end of
 * the line, the next bold label, an "@" or a bracket, and short; past an
 * organisation that comes first.  Sets *start; returns its length, or 0.
 */
static size_t
talks_uncased_name(const struct talks_block *b, size_t p, size_t stop,
    size_t *start)
{
	const char	*sp;
	size_t		 e = p;

	while (e < stop && b->text[e] != '\n' && b->text[e] != '@' &&
	    b->text[e] != '(' && b->text[e] != ',' &&
	    strncmp(b->text + e, "\xef\xbc\x88", 3) != 0 &&	/* （ */
	    strncmp(b->text + e, "\xef\xbc\x8c", 3) != 0 &&	/* ， */
	    strncmp(b->text + e, "\xe3\x80\x81", 3) != 0)	/* 、 */
		e++;
	while (e > p && b->text[e - 1] == ' ')
		e--;
	sp = memchr(b->text + p, ' ', e - p);
	if (sp != NULL && talks_is_cjk_org(b->text, p, (size_t)(sp - b->text)))
		p = (size_t)(sp - b->text) + 1;
	else if (talks_is_cjk_org(b->text, p, e))
		return 0;
	*start = p;
	return e - p <= TALKS_CJK_NAME_MAX ? e - p : 0;
}

/* Where the line or bold stretch holding p ends. */
static size_t
talks_stop(const struct talks_block *b, size_t p, size_t len)
{
	size_t	 i, stop = len;

	for (i = 0; i < b->nmarks; i++)
		if (b->marks[i].kind == TALKS_MARK_STRONG &&
		    b->marks[i].off > p && b->marks[i].off < stop)
			stop = b->marks[i].off;
	return stop;
}

/*
 * A label's value that is one word or handle, alone up to the line's end
 * or an aside: "Speaker: Koichi", "主持人：MikeTang", "嘉宾：jolestar".
 * Evidence enough after a label, but a word in capitals ("TBD") is no
 * name, and one in lower case only follows a label in a script without
 * capitals, whose writers keep their handles' case.
 */
static size_t
talks_label_word(const struct talks_block *b, size_t v, size_t stop,
    bool uncased_label)
{
	size_t	 e = v, lower = 0, upper = 0, digits = 0;
	char	 c;

	while (e < stop && e - v <= TALKS_CJK_NAME_MAX) {
		c = b->text[e];
		if (c >= 'a' && c <= 'z')
			lower++;
		else if (c >= 'A' && c <= 'Z')
			upper++;
		else if (c >= '0' && c <= '9')
			digits++;
		else if (c != '_' && c != '-')
			break;
		e++;
	}
	/* "TBD" is no name; "CRLF0710", a handle, may be. */
	if (e - v < 2 || e - v > TALKS_CJK_NAME_MAX ||
	    (lower == 0 && digits == 0) || (upper == 0 && !uncased_label))
		return 0;
	if (b->text[v] >= 'a' && b->text[v] <= 'z' && !uncased_label)
		return 0;
	/* Nothing after it on its line but an aside. */
	if (e < stop && b->text[e] != '\n' && b->text[e] != ' ')
		return 0;
	if (e < stop && b->text[e] == ' ' && e + 1 < stop &&
	    strchr("(@\n", b->text[e + 1]) == NULL)
		return 0;
	return e - v;
}

/* A label at p and the names after it. */
static void
talks_find_label(const struct talks_block *blocks, size_t bi, size_t p,
    struct talks_found_set *set)
{
	const struct talks_block	*b = &blocks[bi];
	struct talks_name		 names[TALKS_FOUND_MAX];
	size_t				 len = talks_block_len(b), v, n, end;

	if ((v = talks_label_at(b->text, len, p)) == 0)
		return;
	while (v < len && b->text[v] == ' ')
		v++;
	n = talks_names_at(b->text, talks_stop(b, v, len), v, names,
	    TALKS_FOUND_MAX, &end);
	if (n > 0) {
		talks_add_names(set, bi, blocks, names, n);
		return;
	}
	if (talks_is_uncased_at(b->text, len, v) &&
	    (n = talks_uncased_name(b, v, talks_stop(b, v, len), &v)) > 0) {
		talks_add(set, bi, b->text, v, n, blocks);
		return;
	}
	if ((n = talks_label_word(b, v, talks_stop(b, v, len),
	    (unsigned char)b->text[p] >= 0x80)) > 0)
		talks_add(set, bi, b->text, v, n, blocks);
}

/*
 * "Jane Roe - @jroe", "A - @a & B - @b": names each followed by a dash
 * and a handle, opening a line.
 */
static void
talks_find_handles(const struct talks_block *blocks, size_t bi, size_t p,
    struct talks_found_set *set)
{
	const struct talks_block	*b = &blocks[bi];
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
		talks_add(set, bi, b->text, nm.off, nm.len, blocks);
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

/* Whether a link's text overlaps [p, e): "[**Jane Roe**](/authors/jroe)". */
static bool
talks_is_linked(const struct talks_block *b, size_t p, size_t e)
{
	size_t	 i;

	for (i = 0; i < b->nmarks; i++)
		if (b->marks[i].kind == TALKS_MARK_LINK &&
		    b->marks[i].off < e && b->marks[i].off + b->marks[i].len > p)
			return true;
	return false;
}

/* Whether a link starts at e, after blanks and a comma or dash. */
static bool
talks_link_follows(const struct talks_block *b, size_t e)
{
	size_t	 i;

	while (e < b->len && strchr(" ,-:", b->text[e]) != NULL)
		e++;
	for (i = 0; i < b->nmarks; i++)
		if (b->marks[i].kind == TALKS_MARK_LINK && b->marks[i].off == e)
			return true;
	return false;
}

/*
 * The names a bold stretch at a line's start holds, as an entry.  A bold
 * term opens a glossary's entries as well ("**Const Functions** let you
 * ..."), so a name in capitals is vouched for (*vouched) only by a link,
 * to its author's page or, after it, to the talk.
 */
static size_t
talks_bold_entry(const struct talks_block *b, const struct talks_mark *m,
    struct talks_name *names, size_t max, bool *vouched)
{
	size_t	 len = talks_block_len(b), p = m->off, e, end, n, st;

	e = m->off + m->len;
	if (e >= len || b->text[e] == '\n')
		return 0;
	/* "**Time**: 20:30" is a field, "[**Jane Roe**](...): Title" not. */
	if ((b->text[e] == ':' || strncmp(b->text + e, "\xef\xbc\x9a", 3) ==
	    0) && !talks_is_linked(b, p, e))
		return 0;
	n = talks_names_at(b->text, e, p, names, max, &end);
	if (n > 0 && end == e) {
		*vouched = talks_is_linked(b, p, e) || talks_link_follows(b, e);
		return n;
	}
	if (talks_is_uncased_at(b->text, e, p) &&
	    (n = talks_uncased_name(b, p, e, &st)) == e - p) {
		names[0].off = st;
		names[0].len = n;
		*vouched = true;
		return 1;
	}
	return 0;
}

/*
 * A programme's entry at p: names set apart at a line's start, in bold
 * ("**Jane Roe** Rethinking page tables", "- **田洪亮**, 标题") or before
 * a colon and a linked title ("* Jane Roe: [Rethinking page tables](...)").
 * The marks are looked at first: most lines are neither.
 */
static size_t
talks_entry(const struct talks_block *b, size_t p, size_t eol,
    struct talks_name *names, size_t max, bool *vouched)
{
	size_t	 i, e, end, n;

	for (i = 0; i < b->nmarks; i++) {
		if (b->marks[i].off >= eol)
			break;
		e = b->marks[i].off;
		if (b->marks[i].kind == TALKS_MARK_STRONG && e == p)
			return talks_bold_entry(b, &b->marks[i], names, max,
			    vouched);
		/* "Jane Roe: [Title](...)": a link after ": ". */
		if (b->marks[i].kind != TALKS_MARK_LINK || e < p + 4 ||
		    b->text[e - 2] != ':' || b->text[e - 1] != ' ' ||
		    memchr(b->text + p, ':', e - 2 - p) != NULL)
			continue;
		n = talks_names_at(b->text, e - 2, p, names, max, &end);
		*vouched = true;
		return n > 0 && end == e - 2 ? n : 0;
	}
	return 0;
}

/*
 * Labels, handles and a programme's entries, at each line start (and
 * labels in each bold stretch).  Entries count only when the opening
 * holds two or more, a third of them vouched for by a link: one could be
 * anything, and bold terms open a glossary's entries too.
 */
static void
talks_find_labels(const struct talks_block *blocks, size_t nblocks,
    struct talks_found_set *set)
{
	struct talks_found	 ev[TALKS_FOUND_MAX];
	struct talks_found_set	 entries = { ev, 0, TALKS_FOUND_MAX };
	struct talks_name	 names[TALKS_FOUND_MAX];
	const struct talks_block *b;
	size_t			 bi, i, p, e, n, len, nentries = 0;
	size_t			 nvouched = 0;
	bool			 vouched = false;

	for (bi = 1; bi < nblocks; bi++) {
		b = &blocks[bi];
		len = talks_block_len(b);
		for (p = 0; p < len; p = e) {
			e = talks_next_line(b->text, len, p);
			talks_find_label(blocks, bi, p, set);
			if (!talks_may_name(b->text, len, p))
				continue;
			/* A handle line has an "@" soon after the first name. */
			if (memchr(b->text + p, '@', e - p < TALKS_HANDLE_AT ?
			    e - p : TALKS_HANDLE_AT) != NULL)
				talks_find_handles(blocks, bi, p, set);
			if (b->kind == TALKS_BLOCK_HEADING || (n = talks_entry(b,
			    p, e, names, TALKS_FOUND_MAX, &vouched)) == 0)
				continue;
			talks_add_names(&entries, bi, blocks, names, n);
			nentries++;
			nvouched += vouched;
		}
		for (i = 0; i < b->nmarks; i++)
			if (b->marks[i].kind == TALKS_MARK_STRONG &&
			    b->marks[i].off > 0 && b->marks[i].off < len)
				talks_find_label(blocks, bi, b->marks[i].off,
				    set);
	}
	/* A listing: two entries or more, a third of them linked. */
	if (nentries < 2 || 3 * nvouched < nentries)
		return;
	for (i = 0; i < entries.n; i++)
		talks_add(set, ev[i].block, blocks[ev[i].block].text, ev[i].off,
		    ev[i].len, blocks);
}

/* The subjects of the opening's sentences, and "given by" phrases. */
static void
talks_find_sentences(const struct talks_block *blocks, size_t nblocks,
    struct talks_found_set *set)
{
	struct talks_name	 names[TALKS_FOUND_MAX];
	const struct talks_block *b;
	size_t			 bi, p, i, n, len, read = 0, tried = 0;
	size_t			 seen = 0;

	/*
	 * Past a paragraph that names someone, the rest is the talk's; a
	 * list's items each may name another ("- Jane Roe, ..., presented").
	 */
	for (bi = 1; bi < nblocks && read < TALKS_FIND_SENTENCES; bi++) {
		b = &blocks[bi];
		if (b->kind == TALKS_BLOCK_HEADING || b->len == 0)
			continue;
		if (set->n > 0 && (b->kind != TALKS_BLOCK_ITEM ||
		    blocks[bi - 1].kind != TALKS_BLOCK_ITEM))
			break;
		len = b->len < TALKS_SENTENCE_BYTES ? b->len :
		    TALKS_SENTENCE_BYTES;
		for (p = 0; p < len && tried < TALKS_FIND_SUBJECTS;
		    p = talks_next_sentence(b->text, len, p)) {
			if (++seen > TALKS_FIND_STARTS)
				break;
			if (!talks_may_subject(b->text, len, p))
				continue;
			tried++;
			if (read == 0 && p == 0)
				n = talks_from_sentence(b->text, len, names,
				    TALKS_FOUND_MAX);
			else
				n = talks_from_later_sentence(b->text + p,
				    len - p, names, TALKS_FOUND_MAX);
			for (i = 0; i < n; i++)
				names[i].off += p;
			talks_add_names(set, bi, blocks, names, n);
			if (set->n > 0)
				break;
		}
		/* "The keynote was given by ..." opens a paragraph. */
		n = talks_by(b->text, len < TALKS_BY_BYTES ? len :
		    TALKS_BY_BYTES, names, TALKS_FOUND_MAX);
		talks_add_names(set, bi, blocks, names, n);
		read++;
	}
}

/*
 * The names the opening links to, where the sentence makes presenters of
 * them: "a keynote from [Jane Roe]", "[Jane Roe]'s talk", "[A] and [B]
 * shared ...".  Reports link their people more often than not, and links
 * are few, so every paragraph of the opening is read this way.
 */
static void
talks_find_linked(const struct talks_block *blocks, size_t nblocks,
    struct talks_found_set *set)
{
	struct talks_name		 names[TALKS_FOUND_MAX];
	const struct talks_block	*b;
	size_t				 bi, i, n, len;

	for (bi = 1; bi < nblocks; bi++) {
		b = &blocks[bi];
		if (b->kind == TALKS_BLOCK_HEADING)
			continue;
		len = talks_block_len(b);
		for (i = 0; i < b->nmarks; i++) {
			/* "[Jane Roe]", not "[the book]" nor "[Rust]". */
			if (b->marks[i].kind != TALKS_MARK_LINK ||
			    b->marks[i].len > TALKS_LINKED_NAME_MAX ||
			    memchr(b->text + b->marks[i].off, ' ',
			    b->marks[i].len) == NULL ||
			    !talks_may_subject(b->text, b->marks[i].off +
			    b->marks[i].len, b->marks[i].off))
				continue;
			n = talks_presenter_at(b->text, len, b->marks[i].off,
			    names, TALKS_FOUND_MAX);
			talks_add_names(set, bi, blocks, names, n);
		}
	}
}

size_t
talks_find(const struct talks_block *blocks, size_t nblocks,
    struct talks_found *out, size_t max)
{
	struct talks_found_set	 set = { out, 0, max };

	if (blocks == NULL || nblocks == 0 || out == NULL || max == 0)
		return 0;
	if (nblocks > TALKS_FIND_BLOCKS + 1)
		nblocks = TALKS_FIND_BLOCKS + 1;
	talks_find_heading(blocks, nblocks, &set);
	talks_find_labels(blocks, nblocks, &set);
	if (set.n == 0) {
		talks_find_sentences(blocks, nblocks, &set);
		talks_find_linked(blocks, nblocks, &set);
	}
	return set.n;
}
