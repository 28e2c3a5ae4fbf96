/*
 * talks-candidates: the names a section's opening holds, each with the
 * place it stands in -- the heading and its shape, a presenter label, a
 * "Name - @handle" line, a programme's entry, a list item of its own, the
 * subject of a sentence -- read with the grammar of names (talks.h).  The
 * place is the first evidence; what surrounds the name is looked at next
 * (talks-evidence.c).  Pure, bounded work: no allocation.
 */
/* memmem(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "talks-find.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "text.h"
#include "vec16.h"

/* How much of an opening is read. */
#define TALKS_FIND_SENTENCES	4	/* blocks whose sentences are read */
#define TALKS_FIND_SUBJECTS	4	/* sentences read for a subject */
#define TALKS_FIND_STARTS	16	/* sentences looked at, all told */
#define TALKS_SENTENCE_BYTES	1024	/* of each block, for sentences */
#define TALKS_BY_BYTES		400	/* of each, for "given by" */
#define TALKS_NAMES_BLOCKS	4	/* blocks whose every name is read */
#define TALKS_NAMES_BYTES	400	/* of each, for every name in it */
#define TALKS_HEADING_MAX	400	/* longer headings name nobody */
#define TALKS_CJK_NAME_MAX	36	/* bytes of a name in a CJK label */
#define TALKS_LINKED_NAME_MAX	80	/* bytes of a link's text that names */
#define TALKS_HANDLE_AT		160	/* bytes into a line, its first "@" */
#define TALKS_ITEM_MAX		60	/* bytes of an item that is a name */
#define TALKS_POSSESSIVE_AT	200	/* bytes from a list to its "'s" */

static void	 talks_find_label(const struct talks_opening *, size_t bi,
		    size_t p, struct talks_cands *, uint64_t cues);

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

/*
 * Whether a name of two parts or more may start at p, before the grammar
 * is asked: a word, then a blank and a capital (or a letter beyond
 * ASCII), perhaps after a short lower-case particle ("Rik van Riel"), or
 * an initial ("H. Peter Anvin").  Most capitals of a text open no name.
 */
static bool
talks_may_be_name(const char *s, size_t len, size_t p)
{
	const unsigned char	*u = (const unsigned char *)s;
	size_t			 q = p + 1, w;

	/* A letter of either case, a byte beyond ASCII, "-" or "'". */
	while (q < len && ((unsigned)((u[q] | 0x20) - 'a') < 26 ||
	    u[q] >= 0x80 || u[q] == '-' || u[q] == '\''))
		q++;
	if (q < len && s[q] == '.' && q == p + 1)
		q++;
	if (q + 1 >= len || s[q] != ' ')
		return false;
	q++;
	for (w = q; w < len && w - q < 6 && (unsigned)(u[w] - 'a') < 26; w++)
		continue;
	if (w > q && w + 1 < len && s[w] == ' ')
		q = w + 1;
	return talks_may_name(s, len, q);
}

/*
 * What follows the names that open a heading, past its dash or colon: a
 * title set apart as a link or in quotation marks ("Jane Roe — [Title]",
 * "Jane Roe - \"Title\""), as a programme sets its entries.
 */
static bool
talks_title_set_apart(const struct talks_block *h, const char *buf,
    size_t p)
{
	size_t	 i;

	while (p < h->len && strchr(" -:", buf[p]) != NULL)
		p++;
	if (p + 3 <= h->len && (memcmp(buf + p, "\xe2\x80\x94", 3) == 0 ||
	    memcmp(buf + p, "\xe2\x80\x93", 3) == 0))
		p += 3;
	while (p < h->len && buf[p] == ' ')
		p++;
	if (p < h->len && buf[p] == '"')
		return true;
	if (p + 3 <= h->len && memcmp(buf + p, "\xe2\x80\x9c", 3) == 0)
		return true;
	for (i = 0; i < h->nmarks; i++)
		if (h->marks[i].kind == TALKS_MARK_LINK && h->marks[i].off == p)
			return true;
	return false;
}

/*
 * "Storage (report by Jane Roe)": the name a heading's closing
 * parenthesis gives as a report's.  Minutes name who reported on a
 * matter so; a reporter of the whole article is told by the byline.
 */
static size_t
talks_heading_report(const char *buf, size_t len, struct talks_name *names,
    size_t max, size_t *at)
{
	static const char *const	 opens[] = { "(report by ",
					    "(reported by ", "(update by ",
					    "(status by ", NULL };
	const char *const		*o;
	const char			*p;
	size_t				 end, n;

	while (len > 0 && buf[len - 1] == ' ')
		len--;
	if (len == 0 || buf[len - 1] != ')')
		return 0;
	for (o = opens; *o != NULL; o++) {
		if ((p = memmem(buf, len, *o, strlen(*o))) == NULL)
			continue;
		*at = (size_t)(p - buf) + strlen(*o);
		n = talks_names_at(buf, len - 1, *at, names, max, &end);
		if (n > 0 && end == len - 1)
			return n;
	}
	return 0;
}

/* Whether [p, e) is one capitalised word of lower-case ASCII: "Jack". */
static bool
talks_is_first_name(const char *s, size_t p, size_t e)
{
	if (e - p < 2 || s[p] < 'A' || s[p] > 'Z')
		return false;
	for (p++; p < e; p++)
		if (s[p] < 'a' || s[p] > 'z')
			return false;
	return true;
}

/*
 * Minutes' "Legal Team Report - Jilayne/Paul/Steve": after a report's
 * word and a dash, who reported, names or first names apart at "/" or
 * ", ", perhaps closed by "Others".  Two or more, or one and "Others", so
 * that a single word ("Status Update - Done") is none.  Returns how many;
 * *at is where they start.
 */
static size_t
talks_heading_report_dash(const char *buf, size_t len,
    struct talks_name *names, size_t max, size_t *at)
{
	const char	*dash;
	size_t		 q, e, w, n = 0, end;

	while (len > 0 && buf[len - 1] == ' ')
		len--;
	/* The first " - ", after "Report", "Update" or "Updates". */
	if ((dash = memchr(buf, '-', len)) == NULL)
		return 0;
	q = (size_t)(dash - buf);
	if (q < 7 || q + 2 >= len || buf[q - 1] != ' ' || buf[q + 1] != ' ')
		return 0;
	for (w = q - 1; w > 0 && buf[w - 1] != ' '; w--)
		continue;
	if (!(q - 1 - w == 6 && (strncasecmp(buf + w, "report", 6) == 0 ||
	    strncasecmp(buf + w, "update", 6) == 0)) && !(q - 1 - w == 7 &&
	    strncasecmp(buf + w, "updates", 7) == 0))
		return 0;
	*at = q = q + 2;
	while (q < len && n < max) {
		for (e = q; e < len && buf[e] != '/' && buf[e] != ','; e++)
			continue;
		if (e == len && e - q == 6 && (strncmp(buf + q, "Others",
		    6) == 0 || strncmp(buf + q, "others", 6) == 0))
			return n;
		if (talks_is_first_name(buf, q, e)) {
			names[n].off = q;
			names[n++].len = e - q;
		} else if (talks_names_at(buf, e, q, names + n, 1, &end) != 1 ||
		    end != e)
			return 0;
		else
			n++;
		q = e < len ? e + 1 : e;
		while (q < len && buf[q] == ' ')
			q++;
	}
	return n >= 2 ? n : 0;
}

static void
talks_find_heading(const struct talks_opening *op, struct talks_cands *c)
{
	const struct talks_block	*h = &op->blocks[0];
	char				 buf[TALKS_HEADING_MAX + 1];
	struct talks_name		 names[TALKS_FOUND_MAX];
	size_t				 n, end, after, at;
	uint64_t			 cues;
	bool				 leading;

	if (h->len == 0 || !talks_mask(h, buf, sizeof(buf)))
		return;
	n = talks_heading_element(h, buf, names, TALKS_FOUND_MAX);
	if (n > 0) {
		talks_add_names(c, 0, names, n, names[0].off, h->len,
		    TALKS_CUE(TALKS_CUE_HEADING));
		return;
	}
	n = talks_heading(buf, h->len, names, TALKS_FOUND_MAX, &leading);
	if (n > 0) {
		after = names[n - 1].off + names[n - 1].len;
		cues = TALKS_CUE(TALKS_CUE_HEADING);
		/* "Jane Roe - @jroe" is as good as a label. */
		if (leading && memchr(buf + after, '@', h->len - after) == NULL)
			cues = TALKS_CUE(TALKS_CUE_HEADING_LEAD);
		if (leading && talks_title_set_apart(h, buf, after))
			cues |= TALKS_CUE(TALKS_CUE_TITLE_SET_APART);
		talks_add_names(c, 0, names, n, names[0].off, after, cues);
		return;
	}
	if ((n = talks_heading_report(buf, h->len, names, TALKS_FOUND_MAX,
	    &at)) > 0 || (n = talks_heading_report_dash(buf, h->len, names,
	    TALKS_FOUND_MAX, &at)) > 0) {
		talks_add_names(c, 0, names, n, at, h->len,
		    TALKS_CUE(TALKS_CUE_HEADING_REPORT));
		return;
	}
	/* "Jane Roe" alone, over what she told or what was told of her. */
	n = talks_may_be_name(buf, h->len, 0) ? talks_names_at(buf, h->len, 0,
	    names, TALKS_FOUND_MAX, &end) : 0;
	if (n > 0 && names[0].off == 0 && end == h->len) {
		talks_add_names(c, 0, names, n, 0, end,
		    TALKS_CUE(TALKS_CUE_HEADING_NAME));
		return;
	}
	/* "Speaker: Jane Roe, CEO of Acme", as a label line reads. */
	talks_find_label(op, 0, 0, c, 0);
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
    bool uncased_label, bool *shouted)
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
	/*
	 * "CRLF0710", a handle, may be a name; a word in capitals, "TBD" or
	 * "BEKAH", only if the section spells it otherwise too.
	 */
	*shouted = lower == 0 && digits == 0;
	if (e - v < 2 || e - v > TALKS_CJK_NAME_MAX ||
	    (upper == 0 && !uncased_label))
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
/*
 * Past a symbol that adorns a label at p, "🎤 Speaker:", "☞ Speaker:": an
 * emoji (four bytes of UTF-8, and a variation selector) or a sign of
 * U+2000 to U+2FFF, and the blanks after it; or p.
 */
static size_t
talks_past_symbol(const char *s, size_t len, size_t p)
{
	size_t	 q = p;

	if (q < len && (unsigned char)s[q] >= 0xf0)
		q += 4;
	else if (q < len && (unsigned char)s[q] == 0xe2)
		q += 3;
	else
		return p;
	if (q + 3 <= len && memcmp(s + q, "\xef\xb8\x8f", 3) == 0)
		q += 3;
	if (q >= len || s[q] != ' ')
		return p;
	while (q < len && s[q] == ' ')
		q++;
	return q;
}

static void
talks_find_label(const struct talks_opening *op, size_t bi, size_t p,
    struct talks_cands *c, uint64_t cues)
{
	const struct talks_block	*b = &op->blocks[bi];
	struct talks_name		 names[TALKS_FOUND_MAX];
	size_t				 len = talks_block_len(b), v, n, end;
	bool				 shouted;

	if ((v = talks_label_at(b->text, len, talks_past_symbol(b->text, len,
	    p))) == 0)
		return;
	cues |= TALKS_CUE(TALKS_CUE_LABEL);
	while (v < len && b->text[v] == ' ')
		v++;
	n = talks_names_at(b->text, talks_stop(b, v, len), v, names,
	    TALKS_FOUND_MAX, &end);
	if (n > 0) {
		talks_add_names(c, bi, names, n, v, end, cues);
		return;
	}
	if (talks_is_uncased_at(b->text, len, v) &&
	    (n = talks_uncased_name(b, v, talks_stop(b, v, len), &v)) > 0) {
		talks_cand_add(c, bi, v, n, v, v + n, cues);
		return;
	}
	if ((n = talks_label_word(b, v, talks_stop(b, v, len),
	    (unsigned char)b->text[p] >= 0x80, &shouted)) > 0)
		talks_cand_add(c, bi, v, n, v, v + n, cues | (shouted ?
		    TALKS_CUE(TALKS_CUE_SHOUTED) : 0));
}

/* Whether a link starts at e, after blanks and a comma or dash. */
static bool
talks_link_follows(const struct talks_block *b, size_t e)
{
	while (e < b->len && strchr(" ,-:", b->text[e]) != NULL)
		e++;
	return talks_link_at(b, e) != NULL;
}

/*
 * "**Topic** (Jane Roe, @jroe)": a bold title, then its presenters in a
 * parenthesis, vouched for by a link or a handle beside them there.
 */
static size_t
talks_bold_paren(const struct talks_block *b, size_t e,
    struct talks_name *names, size_t max, bool *vouched)
{
	size_t		 len = talks_block_len(b), q = e, end, n;
	const char	*close;

	while (q < len && b->text[q] == ' ')
		q++;
	if (q >= len || b->text[q] != '(' ||
	    (n = talks_names_at(b->text, len, q + 1, names, max, &end)) == 0 ||
	    names[0].off != q + 1 || (end < len &&
	    strchr(" ),", b->text[end]) == NULL))
		return 0;
	close = memchr(b->text + end, ')', len - end);
	*vouched = close != NULL && (talks_is_linked(b, end,
	    (size_t)(close - b->text)) || memchr(b->text + end, '@',
	    (size_t)(close - b->text) - end) != NULL);
	return n;
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
	return talks_bold_paren(b, e, names, max, vouched);
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
 * labels in each bold stretch).  Entries are a listing when the opening
 * holds two or more, a third of them vouched for by a link: one could be
 * anything, and bold terms open a glossary's entries too.
 */
static void
talks_find_labels(const struct talks_opening *op, struct talks_cands *c)
{
	struct talks_name	 names[TALKS_FOUND_MAX];
	const struct talks_block *b;
	size_t			 bi, i, p, e, n, len, first = c->n;
	size_t			 nentries = 0, nvouched = 0;
	bool			 vouched = false;

	for (bi = 1; bi < op->nblocks; bi++) {
		b = &op->blocks[bi];
		len = talks_block_len(b);
		for (p = 0; p < len; p = e) {
			e = talks_next_line(b->text, len, p);
			talks_find_label(op, bi, p, c, 0);
			if (b->text[p] == 'b')
				talks_find_by_line(op, bi, p, c);
			if (b->kind != TALKS_BLOCK_CELL)
				talks_find_bracketed(op, bi, p, e, c);
			if (!talks_may_name(b->text, len, p))
				continue;
			/* A handle line has an "@" soon after the first name. */
			if (memchr(b->text + p, '@', e - p < TALKS_HANDLE_AT ?
			    e - p : TALKS_HANDLE_AT) != NULL)
				talks_find_handles(op, bi, p, c);
			if (b->kind == TALKS_BLOCK_HEADING ||
			    b->kind == TALKS_BLOCK_CELL)
				continue;
			if ((n = talks_entry(b, p, e, names, TALKS_FOUND_MAX,
			    &vouched)) == 0 && (n = talks_linked_credit(b, p, e,
			    names, TALKS_FOUND_MAX)) > 0)
				vouched = true;
			if (n == 0)
				n = talks_paren_credit(b, p, e, names,
				    TALKS_FOUND_MAX, &vouched);
			if (n == 0)
				continue;
			talks_add_names(c, bi, names, n, p, e,
			    TALKS_CUE(TALKS_CUE_ENTRY));
			nentries++;
			nvouched += vouched;
		}
		for (i = 0; i < b->nmarks; i++)
			if (b->marks[i].kind == TALKS_MARK_STRONG &&
			    b->marks[i].off > 0 && b->marks[i].off < len)
				talks_find_label(op, bi, b->marks[i].off, c, 0);
	}
	/* A listing: two entries or more, a third of them linked. */
	if (nentries < 2 || 3 * nvouched < nentries)
		return;
	for (i = first; i < c->n; i++)
		if (c->v[i].cues & TALKS_CUE(TALKS_CUE_ENTRY))
			c->v[i].cues |= TALKS_CUE(TALKS_CUE_LISTING);
}

/*
 * The subjects of the opening's sentences, and "given by" phrases.
 * Within a paragraph, reading stops at the first sentence that names
 * someone; past that paragraph (or the list its item opens), the rest is
 * the talk's, and talks-find.c would weigh its subjects down, so it is
 * not read.
 */
static void
talks_find_sentences(const struct talks_opening *op, struct talks_cands *c)
{
	struct talks_name	 names[TALKS_FOUND_MAX];
	const struct talks_block *b;
	size_t			 bi, p, i, n, len, read = 0, tried = 0, seen = 0;
	uint64_t		 cue;
	bool			 named = false;

	for (bi = 1; bi < op->nblocks && read < TALKS_FIND_SENTENCES; bi++) {
		b = &op->blocks[bi];
		if (b->kind == TALKS_BLOCK_HEADING ||
		    b->kind == TALKS_BLOCK_CELL || b->len == 0)
			continue;
		if (named && (b->kind != TALKS_BLOCK_ITEM ||
		    op->blocks[bi - 1].kind != TALKS_BLOCK_ITEM))
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
			if (read == 0 && p == 0) {
				n = talks_from_sentence(b->text, len, names,
				    TALKS_FOUND_MAX);
				cue = TALKS_CUE(TALKS_CUE_SUBJECT);
			} else {
				n = talks_from_later_sentence(b->text + p,
				    len - p, names, TALKS_FOUND_MAX);
				cue = TALKS_CUE(TALKS_CUE_LATER_SUBJECT);
			}
			for (i = 0; i < n; i++)
				talks_cand_add(c, bi, names[i].off + p,
				    names[i].len, names[0].off + p,
				    names[n - 1].off + names[n - 1].len + p,
				    cue);
			if (n > 0) {
				named = true;
				break;
			}
		}
		/* "The keynote was given by ..." opens a paragraph. */
		n = talks_by(b->text, len < TALKS_BY_BYTES ? len :
		    TALKS_BY_BYTES, names, TALKS_FOUND_MAX);
		if (n > 0) {
			talks_add_names(c, bi, names, n, names[0].off,
			    names[n - 1].off + names[n - 1].len,
			    TALKS_CUE(TALKS_CUE_GIVEN_BY));
			named = true;
		}
		read++;
	}
}

/* Whether block bi is a list item and only one name: "- Jane Roe". */
static size_t
talks_item_name(const struct talks_opening *op, size_t bi,
    struct talks_name *nm)
{
	const struct talks_block	*b = &op->blocks[bi];
	size_t				 end;

	if (b->kind != TALKS_BLOCK_ITEM || b->len > TALKS_ITEM_MAX ||
	    !talks_may_name(b->text, b->len, 0))
		return 0;
	if (talks_names_at(b->text, b->len, 0, nm, 1, &end) != 1 ||
	    nm->off != 0)
		return 0;
	while (end < b->len && (b->text[end] == ' ' || b->text[end] == '.'))
		end++;
	return end == b->len ? end : 0;
}

/*
 * A list item that is only a person's name, among items that are not
 * names ("- 45 minutes", "- English", "- Jane Roe"): a talk's facts,
 * one of them its presenter.
 */
static void
talks_find_items(const struct talks_opening *op, struct talks_cands *c)
{
	struct talks_name	 nm, one;
	size_t			 a, z, end, oneend = 0, oneb = 0, named;

	for (a = 1; a < op->nblocks; a = z > a ? z : a + 1) {
		/* Each run of items once: one name among two items or more. */
		for (z = a, named = 0; z < op->nblocks &&
		    op->blocks[z].kind == TALKS_BLOCK_ITEM; z++) {
			if (named > 1 || (end = talks_item_name(op, z, &nm)) == 0)
				continue;
			if (named++ == 0) {
				one = nm;
				oneb = z;
				oneend = end;
			}
		}
		if (named == 1 && z - a > 1)
			talks_cand_add(c, oneb, one.off, one.len, 0, oneend,
			    TALKS_CUE(TALKS_CUE_ITEM_ALONE));
	}
}

/* Whether [p, e) of block b is a link's whole text of a name's length. */
static bool
talks_is_link_at(const struct talks_block *b, size_t p)
{
	const struct talks_mark	*m = talks_link_at(b, p);

	return m != NULL && m->len <= TALKS_LINKED_NAME_MAX &&
	    memchr(b->text + p, ' ', m->len) != NULL;
}

/*
 * The names at p of block bi, a presenter's where a talk is named beside
 * them ("Jane Roe's talk", a list with a possessive) or else any names;
 * each a candidate.  Returns where they end, or p if none starts there.
 */
static size_t
talks_names_here(const struct talks_opening *op, size_t bi, size_t p,
    size_t len, struct talks_cands *c)
{
	const struct talks_block	*b = &op->blocks[bi];
	struct talks_name		 names[TALKS_FOUND_MAX];
	size_t				 n, end, w;

	if (!talks_may_be_name(b->text, len, p))
		return p;
	/*
	 * A list with a possessive is read only as a presenter's, and needs
	 * an apostrophe, typed or typeset, soon after its start.
	 */
	if ((n = talks_names_at(b->text, len, p, names, TALKS_FOUND_MAX,
	    &end)) == 0) {
		w = len - p < TALKS_POSSESSIVE_AT ? len - p :
		    TALKS_POSSESSIVE_AT;
		if (!talks_has_apostrophe(b->text + p, w))
			return p;
		n = talks_presenter_at(b->text, len, p, names,
		    TALKS_FOUND_MAX);
		if (n == 0)
			return p;
		end = names[n - 1].off + names[n - 1].len;
	}
	talks_add_names(c, bi, names, n, p, end, TALKS_CUE(TALKS_CUE_PROSE));
	return end;
}

/*
 * The first byte from p on that starts a word and may start a name: an
 * ASCII capital or a byte beyond ASCII after a byte below "A" (or at 0),
 * or len.  Prose has few, so sixteen bytes are looked at in one step,
 * each beside the byte before it.
 */
static size_t
talks_next_word_capital(const unsigned char *s, size_t p, size_t len)
{
	vec16	 at;
	size_t	 i;

	if (p == 0) {
		if (talks_may_name((const char *)s, len, 0))
			return 0;
		p = 1;
	}
	for (; p + 16 <= len; p += 16) {
		at = vec16_load(s + p);
		i = vec16_first((vec16)(((at >= vec16_all(0x80)) |
		    (at - 'A' < vec16_all(26))) &
		    (vec16_load(s + p - 1) < vec16_all('A'))));
		if (i < 16)
			return p + i;
	}
	for (; p < len; p++)
		if (talks_may_name((const char *)s, len, p) && s[p - 1] < 'A')
			return p;
	return len;
}

/*
 * Every other name of the opening's first paragraphs, and every linked
 * name of the rest: what only its surroundings can make a presenter of
 * ("We heard from Jane Roe about ...", "a talk on X by Jane Roe").
 */
static void
talks_find_names(const struct talks_opening *op, struct talks_cands *c)
{
	const struct talks_block	*b;
	const unsigned char		*s;
	size_t				 bi, p, i, len, read = 0;

	for (bi = 1; bi < op->nblocks; bi++) {
		b = &op->blocks[bi];
		if (b->kind == TALKS_BLOCK_HEADING ||
		    b->kind == TALKS_BLOCK_CELL || b->len == 0)
			continue;
		len = talks_block_len(b);
		if (read++ >= TALKS_NAMES_BLOCKS) {
			for (i = 0; i < b->nmarks; i++)
				if (talks_is_link_at(b, b->marks[i].off))
					talks_names_here(op, bi,
					    b->marks[i].off, len, c);
			continue;
		}
		if (len > TALKS_NAMES_BYTES)
			len = TALKS_NAMES_BYTES;
		s = (const unsigned char *)b->text;
		/* A name starts a word, with a capital or beyond ASCII. */
		for (p = talks_next_word_capital(s, 0, len); p < len;
		    p = talks_next_word_capital(s, p + 1, len))
			p = talks_names_here(op, bi, p, len, c);
	}
}

/* Whether block `b` is only a presenters' label: "**Speakers**", "Hosts:". */
static bool
talks_is_label_alone(const struct talks_block *b)
{
	size_t	 len;

	if (b->kind != TALKS_BLOCK_PARAGRAPH || b->len > 40)
		return false;
	len = talks_line_end(b->text, 0, b->len);
	if (len > 0 && b->text[len - 1] == ':')
		len--;
	else if (len > 3 && memcmp(b->text + len - 3, "\xef\xbc\x9a", 3) == 0)
		len -= 3;
	return talks_is_presenter_header(b->text, len);
}

/*
 * The names under a presenters' header, each a candidate with the label's
 * cue: a table's cells in a column headed "Speaker" ("Kevin Scott
 * (Microsoft)", "A, B and C"), and the items of a list after a paragraph
 * that is only the label ("**Speakers**", then "- **Jane Roe** - Lead").
 */
static void
talks_find_cells(const struct talks_opening *op, struct talks_cands *c)
{
	const struct talks_block	*b;
	struct talks_name		 names[TALKS_FOUND_MAX];
	size_t				 bi, p, n, end;
	bool				 listed = false;

	for (bi = 1; bi < op->nblocks; bi++) {
		b = &op->blocks[bi];
		if (b->kind != TALKS_BLOCK_ITEM)
			listed = talks_is_label_alone(b);
		if (b->kind != TALKS_BLOCK_CELL && (b->kind !=
		    TALKS_BLOCK_ITEM || !listed))
			continue;
		for (p = 0; p < b->len && b->text[p] == ' '; p++)
			continue;
		if ((n = talks_names_at(b->text, b->len, p, names,
		    TALKS_FOUND_MAX, &end)) > 0 && names[0].off == p)
			talks_add_names(c, bi, names, n, p, end,
			    TALKS_CUE(TALKS_CUE_LABEL));
	}
}

void
talks_candidates(const struct talks_opening *op, struct talks_cands *c)
{
	c->n = 0;
	talks_find_heading(op, c);
	talks_find_labels(op, c);
	talks_find_sentences(op, c);
	talks_find_items(op, c);
	talks_find_cells(op, c);
	talks_find_names(op, c);
}
