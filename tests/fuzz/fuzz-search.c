/*
 * fuzz-search: a query and an article, both from the input, searched
 * literally and as a regular expression, whole and within a scope.  The
 * matches must be sorted, apart, inside the text and the scope, counted
 * right per section; a literal match, folded, must hold the folded query;
 * search_next() and search_within() must agree with the list.
 *
 * Input: byte 0 holds the flags and scope; then the query, up to a LF;
 * then the article.
 */
/* memmem(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "fuzz.h"

#include <locale.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "load.h"
#include "search.h"
#include "text.h"
#include "util.h"

static void
fuzz_matches(const struct doc *d, const struct search *s, size_t from,
    size_t to)
{
	size_t	 i, total = 0, k, n, first;

	for (i = 0; i < s->n; i++) {
		FUZZ_CHECK(s->m[i].len > 0);
		FUZZ_CHECK(s->m[i].off + s->m[i].len <= d->text.len);
		if (to > from)
			FUZZ_CHECK(s->m[i].off >= from &&
			    s->m[i].off + s->m[i].len <= to);
		if (i > 0)
			FUZZ_CHECK(s->m[i - 1].off + s->m[i - 1].len <=
			    s->m[i].off);
	}
	for (k = 0; k < s->nsections; k++)
		total += s->count[k];
	FUZZ_CHECK(total == s->n);
	for (i = 0; i < s->n; i++) {
		FUZZ_CHECK(search_next(s, s->m[i].off, true) <= i);
		first = search_within(s, s->m[i].off, s->m[i].len, &n);
		FUZZ_CHECK(n >= 1 && first <= i && i < first + n);
	}
}

/*
 * The offset map, checked against the document: a literal match, folded
 * as the search folded, holds the folded query, and starts and ends on
 * whole characters of the text.
 */
static void
fuzz_literal(const struct doc *d, const struct search *s, const char *q)
{
	struct buf	 fq, fm;
	size_t		 i;
	uint32_t	 cp;

	buf_init(&fq);
	buf_init(&fm);
	text_fold_string(q, strlen(q), s->icase, &fq);
	for (i = 0; i < s->n && fq.len > 0 && i < 64; i++) {
		fm.len = 0;
		text_fold_string(d->text.data + s->m[i].off, s->m[i].len,
		    s->icase, &fm);
		FUZZ_CHECK(fm.len >= fq.len &&
		    memmem(fm.data, fm.len, fq.data, fq.len) != NULL);
		FUZZ_CHECK(text_decode(d->text.data + s->m[i].off,
		    d->text.len - s->m[i].off, &cp) > 0 &&
		    ((unsigned char)d->text.data[s->m[i].off] & 0xc0) != 0x80);
		FUZZ_CHECK(s->m[i].off + s->m[i].len == d->text.len ||
		    ((unsigned char)d->text.data[s->m[i].off + s->m[i].len] &
		    0xc0) != 0x80);
	}
	buf_release(&fq);
	buf_release(&fm);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct search		 s;
	struct search_index	*ix;
	struct diag		 dg;
	struct doc		*d;
	const uint8_t		*nl;
	char			 q[128], err[256];
	size_t			 qlen, from = 0, to = 0;
	int			 flags, r;

	if (size < 2)
		return 0;
	setlocale(LC_ALL, "C.UTF-8");
	nl = memchr(data + 1, '\n', size - 1);
	qlen = nl != NULL ? (size_t)(nl - data - 1) : size - 1;
	if (qlen >= sizeof(q))
		qlen = sizeof(q) - 1;
	memcpy(q, data + 1, qlen);
	q[qlen] = '\0';
	diag_init(&dg);
	d = load_buffer("fuzz", nl != NULL ? (const char *)nl + 1 : "",
	    nl != NULL ? size - (size_t)(nl + 1 - data) : 0, 0, &dg);
	diag_release(&dg);
	flags = data[0] & (SEARCH_REGEX | SEARCH_ICASE | SEARCH_EXACT);
	if ((data[0] & 0x10) && d->text.len > 0) {
		from = (data[0] >> 5) * d->text.len / 8;
		to = from + d->text.len / 4 + 1;
		if (to > d->text.len)
			to = d->text.len;
	}
	ix = search_index_new(d);
	search_init(&s);
	r = search_run(&s, ix, d, q, flags, from, to, err, sizeof(err));
	if (r == 0) {
		fuzz_matches(d, &s, from, to);
		if (!(flags & SEARCH_REGEX))
			fuzz_literal(d, &s, q);
	} else
		FUZZ_CHECK(flags & SEARCH_REGEX);
	/* The same index serves another query. */
	r = search_run(&s, ix, d, q, flags ^ SEARCH_REGEX, 0, 0, err,
	    sizeof(err));
	if (r == 0)
		fuzz_matches(d, &s, 0, 0);
	search_release(&s);
	search_index_free(ix);
	doc_free(d);
	return 0;
}
