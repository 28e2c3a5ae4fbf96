/*
 * search: a query over a doc's visible text, into sorted match ranges and
 * a count per section.  A literal query is folded by the text module and
 * looked for in the index's folded copy of the doc's text, built once per
 * case mode and grown as the doc grows; a regular expression runs over
 * the doc's own text.  Either way a match lies inside one block: blocks
 * are apart in the text, and no match joins two.  No curses and no
 * libunistring here; no printing either: errors come back as strings.
 */

/* memmem(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "search.h"

#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "text.h"
#include "util.h"

struct search_index {
	const struct doc	*doc;		/* borrowed: must outlive it */
	struct text_fold	 fold[2];	/* [icase]: built when true */
	bool			 built[2];
};

struct search_index *
search_index_new(const struct doc *d)
{
	struct search_index	*ix;

	ix = xcalloc(1, sizeof(*ix));
	ix->doc = d;
	return ix;
}

void
search_index_free(struct search_index *ix)
{
	int	 i;

	if (ix == NULL)
		return;
	for (i = 0; i < 2; i++)
		if (ix->built[i])
			text_fold_release(&ix->fold[i]);
	free(ix);
}

/*
 * The folded copy of the doc's text in one case mode, brought up to the
 * text as it is now: a doc still loading has grown since the last search.
 */
static const struct text_fold *
search_index_fold(struct search_index *ix, const struct doc *d, bool icase)
{
	struct text_fold	*tf = &ix->fold[icase];

	if (!ix->built[icase]) {
		text_fold_init(tf, icase);
		ix->built[icase] = true;
	}
	if (tf->src < d->text.len)
		text_fold_add(tf, d->text.data + tf->src,
		    d->text.len - tf->src);
	return tf;
}

void
search_init(struct search *s)
{
	memset(s, 0, sizeof(*s));
}

void
search_release(struct search *s)
{
	free(s->query);
	free(s->m);
	free(s->count);
	memset(s, 0, sizeof(*s));
}

bool
search_is_icase(const char *query, int flags)
{
	size_t		 i, n, len = strlen(query);
	uint32_t	 cp;

	if (flags & SEARCH_ICASE)
		return true;
	if (flags & SEARCH_EXACT)
		return false;
	for (i = 0; i < len; i += n) {
		n = text_decode(query + i, len - i, &cp);
		/* In a regular expression, "\S" or "\W" is no capital. */
		if (cp == '\\' && (flags & SEARCH_REGEX) && i + n < len) {
			i += n;
			n = text_decode(query + i, len - i, &cp);
			continue;
		}
		if (text_is_upper(cp))
			return false;
	}
	return true;
}

/* Empty `s` for a new run of `query`, and fix the text it covers. */
static void
search_reset(struct search *s, const struct doc *d, const char *query,
    int flags, size_t from, size_t to)
{
	char	*copy = xstrdup(query);	/* `query` may be s->query */

	free(s->query);
	s->query = copy;
	s->flags = flags;
	s->icase = search_is_icase(copy, flags);
	s->n = 0;
	free(s->count);
	s->count = NULL;
	s->nsections = d->nsections;
	if (s->nsections > 0)
		s->count = xcalloc(s->nsections, sizeof(*s->count));
	if (to > d->text.len)
		to = d->text.len;
	if (to > from) {
		s->first = from;
		s->end = to;
	} else {
		s->first = 0;
		s->end = d->text.len;
	}
}

/*
 * Record the match [off, off + len) and count it in its section, unless
 * it reaches past its block (into the line that parts two blocks) or
 * overlaps the match before.  Returns whether it was recorded.
 */
static bool
search_add(struct search *s, const struct doc *d, size_t off, size_t len)
{
	const struct doc_block	*blk;
	struct search_match	*m;
	size_t			 b, from, end;

	if (len == 0 || off < s->first || off + len > s->end)
		return false;
	if (s->n > 0 && off < s->m[s->n - 1].off + s->m[s->n - 1].len)
		return false;
	if ((b = doc_block_at(d, off)) == DOC_NONE)
		return false;
	blk = &d->blocks[b];
	if (doc_is_leaf(blk->kind) && off + len > blk->off + blk->len) {
		/* A code block kept in parts is one to a match. */
		doc_block_reach(d, b, off, off + len, &from, &end);
		if (off + len > end)
			return false;
	}
	s->m = xgrow(s->m, &s->capm, s->n + 1, sizeof(*s->m));
	m = &s->m[s->n++];
	m->off = off;
	m->len = len;
	if (blk->section < s->nsections)
		s->count[blk->section]++;
	return true;
}

/*
 * The folded offset where source offset `src` starts: the first whose
 * source is at or after it.  The map only goes from folded to source, and
 * it never goes back, so a binary search over it finds the way.
 */
static size_t
search_fold_offset(const struct text_fold *tf, size_t src)
{
	size_t	 lo = 0, hi = tf->out.len, mid;

	if (src == 0)
		return 0;
	if (src >= tf->src)
		return tf->out.len;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (text_fold_source(tf, mid, false) >= src)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/*
 * A literal query: its folded form looked for in the folded text, each
 * find mapped back to whole characters of the doc's text.  A find that
 * cannot be kept (it joins two blocks, or maps into the match before, as
 * "s" twice in the "ss" of "ß") lets the search go on from its next byte.
 */
static void
search_literal(struct search *s, struct search_index *ix,
    const struct doc *d)
{
	const struct text_fold	*tf;
	struct buf		 q;
	const char		*p;
	size_t			 f, fend, at, off, end;

	buf_init(&q);
	text_fold_string(s->query, strlen(s->query), s->icase, &q);
	tf = search_index_fold(ix, d, s->icase);
	f = search_fold_offset(tf, s->first);
	fend = search_fold_offset(tf, s->end);
	while (q.len > 0 && f < fend && fend - f >= q.len &&
	    (p = memmem(tf->out.data + f, fend - f, q.data, q.len)) != NULL) {
		at = (size_t)(p - tf->out.data);
		off = text_fold_source(tf, at, false);
		end = text_fold_source(tf, at + q.len, true);
		f = search_add(s, d, off, end - off) ? at + q.len : at + 1;
	}
	buf_release(&q);
}

/* Where the character at `off` ends. */
static size_t
search_char_end(const struct doc *d, size_t off)
{
	uint32_t	 cp;

	return off + text_decode(d->text.data + off, d->text.len - off, &cp);
}

/*
 * Run a compiled expression over the searched text, in one pass: each
 * regexec() starts where the last match ended, and REG_STARTEND keeps it
 * from measuring the rest of the buffer.  An empty match, or one that
 * cannot be kept, moves the start on by one character.
 */
static void
search_regex_run(struct search *s, const struct doc *d, const regex_t *re)
{
	const char	*text = d->text.data;
	regmatch_t	 pm;
	size_t		 pos, so, eo;
	int		 eflags;

	for (pos = s->first; pos < s->end; ) {
		pm.rm_so = (regoff_t)pos;
		pm.rm_eo = (regoff_t)s->end;
		eflags = REG_STARTEND;
		if (pos > 0 && text[pos - 1] != '\n')
			eflags |= REG_NOTBOL;
		if (s->end < d->text.len && text[s->end] != '\n')
			eflags |= REG_NOTEOL;
		if (regexec(re, text, 1, &pm, eflags) != 0 || pm.rm_so < 0)
			break;
		so = (size_t)pm.rm_so;
		eo = (size_t)pm.rm_eo;
		if (so >= s->end)
			break;
		pos = search_add(s, d, so, eo - so) ? eo :
		    search_char_end(d, so);
	}
}

/*
 * How large, and how slow, glibc's regcomp() may make an expression: it
 * copies what a repetition repeats, so "a{100}" is a hundred atoms and
 * "(((a+)+)+)" doubles three times.  An estimate from the pattern: atoms count one, a group the
 * sum of what it holds, and a repetition multiplies what it repeats by
 * its bound (by SEARCH_REGEX_STAR for *, + and ?).
 */
#define SEARCH_REGEX_COST	20000
/*
 * Repetitions in a row, at the most: "a*+" means no more than "a*", but
 * regcomp()'s closures grow some fivefold with each one added.
 */
#define SEARCH_REGEX_RUN	2
/*
 * What *, + and ? weigh: more than the two copies they make, for the
 * closures regcomp() computes over them grow faster than the copies.
 */
#define SEARCH_REGEX_STAR	8
#define SEARCH_REGEX_DEPTH	64

struct search_cost {
	uint64_t	 sum;		/* of this group so far */
	uint64_t	 last;		/* of the element a repetition takes */
};

static uint64_t
search_cost_mul(uint64_t a, uint64_t b)
{
	return b != 0 && a > UINT64_MAX / 2 / b ? UINT64_MAX / 2 : a * b;
}

/* The end of the bracket expression that opens at `p`. */
static const char *
search_bracket_end(const char *p)
{
	p++;
	if (*p == '^')
		p++;
	if (*p == ']')
		p++;
	for (; *p != '\0' && *p != ']'; p++) {
		/* [:alpha:], [=e=], [.-.] may hold a ']'. */
		if (p[0] == '[' && (p[1] == ':' || p[1] == '=' || p[1] == '.')) {
			const char *close = strchr(p + 2, p[1]);

			while (close != NULL && close[1] != ']')
				close = strchr(close + 1, p[1]);
			if (close == NULL)
				return p + strlen(p);
			p = close + 1;
		}
	}
	return p;
}

/* A repetition's factor at `*pp`, moved past it; 0 when none is there. */
static uint64_t
search_repeat(const char **pp)
{
	const char	*p = *pp;
	unsigned long	 m, n;
	char		*end;

	if (*p == '*' || *p == '+' || *p == '?') {
		*pp = p + 1;
		return SEARCH_REGEX_STAR;
	}
	if (*p != '{' || p[1] < '0' || p[1] > '9')
		return 0;
	m = strtoul(p + 1, &end, 10);
	n = m;
	if (*end == ',')
		n = end[1] >= '0' && end[1] <= '9' ? strtoul(end + 1, &end, 10) :
		    (end++, m + 1);
	if (*end != '}')
		return 0;
	*pp = end + 1;
	return (n > m ? n : m) + 1;
}

static bool
search_regex_too_big(const char *q)
{
	struct search_cost	 lv[SEARCH_REGEX_DEPTH];
	size_t			 d = 0, run = 0;
	uint64_t		 f, g;

	memset(lv, 0, sizeof(lv));
	while (*q != '\0' && lv[d].sum <= SEARCH_REGEX_COST) {
		if ((f = search_repeat(&q)) != 0) {
			if (++run > SEARCH_REGEX_RUN)
				return true;
			g = search_cost_mul(lv[d].last, f);
			lv[d].sum += g - lv[d].last;
			lv[d].last = g;
			continue;
		}
		run = 0;
		if (*q == '(') {
			if (++d == SEARCH_REGEX_DEPTH)
				return true;
			lv[d].sum = lv[d].last = 0;
			q++;
			continue;
		}
		if (*q == ')' && d > 0) {
			g = lv[d].sum > 0 ? lv[d].sum : 1;
			d--;
			lv[d].sum += g;
			lv[d].last = g;
			q++;
			continue;
		}
		if (*q == '[')
			q = search_bracket_end(q);
		else if (*q == '\\' && q[1] != '\0')
			q++;
		lv[d].sum++;
		lv[d].last = *q == '|' ? 0 : 1;
		if (*q != '\0')
			q++;
	}
	while (d > 0) {
		lv[d - 1].sum += lv[d].sum;
		d--;
	}
	return lv[0].sum > SEARCH_REGEX_COST;
}

/* A regular expression, POSIX extended, with the smart case decided. */
static int
search_regex(struct search *s, const struct doc *d, char *err,
    size_t errlen)
{
	regex_t		 re;
	int		 rc, cflags = REG_EXTENDED | REG_NEWLINE;

	/* Refused before regcomp() spends gigabytes on it. */
	if (search_regex_too_big(s->query)) {
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "it repeats too much: more than "
			    "%d repetitions in a row, or past %d copies of its "
			    "parts", SEARCH_REGEX_RUN, SEARCH_REGEX_COST);
		return -1;
	}
	if (s->icase)
		cflags |= REG_ICASE;
	if ((rc = regcomp(&re, s->query, cflags)) != 0) {
		if (err != NULL && errlen > 0)
			regerror(rc, &re, err, errlen);
		return -1;
	}
	/*
	 * One that matches empty text ("a*", "foo|") would match between
	 * every two characters, and cost a regexec() each: refused.
	 */
	if (regexec(&re, "", 0, NULL, 0) == 0) {
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "it matches empty text");
		regfree(&re);
		return -1;
	}
	search_regex_run(s, d, &re);
	regfree(&re);
	return 0;
}

int
search_run(struct search *s, struct search_index *ix, const struct doc *d,
    const char *query, int flags, size_t from, size_t to, char *err,
    size_t errlen)
{
	search_reset(s, d, query, flags, from, to);
	if (flags & SEARCH_REGEX)
		return *query == '\0' ? 0 : search_regex(s, d, err, errlen);
	if (*query != '\0')
		search_literal(s, ix, d);
	return 0;
}

size_t
search_next(const struct search *s, size_t off, bool forward)
{
	size_t	 lo = 0, hi = s->n, mid;

	if (forward) {
		/* The first that ends after `off`: ends are sorted too. */
		while (lo < hi) {
			mid = lo + (hi - lo) / 2;
			if (s->m[mid].off + s->m[mid].len > off)
				hi = mid;
			else
				lo = mid + 1;
		}
		return lo < s->n ? lo : (size_t)-1;
	}
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (s->m[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 ? lo - 1 : (size_t)-1;
}

size_t
search_within(const struct search *s, size_t off, size_t len,
    size_t *count)
{
	size_t	 first, lo, hi, mid;

	*count = 0;
	if (len == 0 || (first = search_next(s, off, true)) == (size_t)-1 ||
	    s->m[first].off >= off + len)
		return (size_t)-1;
	/* The first match from `first` on that starts at or after the end. */
	lo = first + 1;
	hi = s->n;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (s->m[mid].off < off + len)
			lo = mid + 1;
		else
			hi = mid;
	}
	*count = lo - first;
	return first;
}
