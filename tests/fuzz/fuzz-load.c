/*
 * fuzz-load: an article from the input, loaded whole and in pieces (which
 * must give the same doc), every block laid out at a width the input
 * picks (no line wider, widths that add up, nothing unprintable drawn),
 * then printed, the index too: section by section as it loads, as --dump
 * and --toc print, which must give what printing the whole doc gives.
 *
 * Input: byte 0 picks the width, byte 1 the flags, the rest is the
 * article.
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "dump.h"
#include "layout.h"
#include "load.h"
#include "text.h"

static struct doc *
fuzz_load(const uint8_t *s, size_t len, int flags)
{
	struct diag	 dg;
	struct doc	*d;

	diag_init(&dg);
	d = load_buffer("fuzz", (const char *)s, len, flags, &dg);
	diag_release(&dg);
	return d;
}

#define FUZZ_SAME(a, b, n) \
	((n) == 0 || memcmp((a), (b), (n) * sizeof(*(a))) == 0)

/* Pieces must give exactly the doc of one whole parse. */
static void
fuzz_same_doc(const struct doc *a, const struct doc *b)
{
	FUZZ_CHECK(a->text.len == b->text.len &&
	    memcmp(a->text.data, b->text.data, a->text.len) == 0);
	FUZZ_CHECK(a->urls.len == b->urls.len &&
	    memcmp(a->urls.data, b->urls.data, a->urls.len) == 0);
	FUZZ_CHECK(a->nblocks == b->nblocks &&
	    FUZZ_SAME(a->blocks, b->blocks, a->nblocks));
	FUZZ_CHECK(a->nspans == b->nspans &&
	    FUZZ_SAME(a->spans, b->spans, a->nspans));
	FUZZ_CHECK(a->nsections == b->nsections &&
	    FUZZ_SAME(a->sections, b->sections, a->nsections));
	FUZZ_CHECK(a->nspeakers == b->nspeakers &&
	    FUZZ_SAME(a->speakers, b->speakers, a->nspeakers));
	FUZZ_CHECK(a->title == b->title && a->byline == b->byline &&
	    a->nlinks == b->nlinks && a->ntalks == b->ntalks);
}

typedef int	 fuzz_print_fn(FILE *, const struct doc *, size_t, size_t,
		    const struct dump_opts *);

/* Sections printed as they load, by load_each_final(). */
struct fuzz_printing {
	fuzz_print_fn		*print;
	const struct dump_opts	*o;
	FILE			*fp;
};

static int
fuzz_print_step(const struct doc *d, size_t from, size_t to, void *arg)
{
	const struct fuzz_printing	*p = arg;

	return p->print(p->fp, d, from, to, p->o) != 0;
}

/*
 * Print the article with `print` as it loads in pieces, each section once
 * final, and then the whole doc `whole`: the same bytes.
 */
static void
fuzz_same_printed(const uint8_t *s, size_t len, int flags,
    const struct doc *whole, fuzz_print_fn *print, const struct dump_opts *o)
{
	struct fuzz_printing	 p = { print, o, NULL };
	struct diag		 dg;
	struct load_job		*job;
	char			*a = NULL, *b = NULL;
	size_t			 alen = 0, blen = 0;
	FILE			*fb;

	if ((p.fp = open_memstream(&a, &alen)) == NULL ||
	    (fb = open_memstream(&b, &blen)) == NULL)
		abort();
	diag_init(&dg);
	job = load_start_buffer("fuzz", (const char *)s, len, flags, &dg);
	load_each_final(job, fuzz_print_step, &p);
	doc_free(load_end(job));
	print(fb, whole, 0, whole->nsections, o);
	fclose(p.fp);
	fclose(fb);
	FUZZ_CHECK(alen == blen && memcmp(a, b, alen) == 0);
	free(a);
	free(b);
	diag_release(&dg);
}

/* One laid-out line: its cells add up, fit, and draw nothing raw. */
static void
fuzz_line(const struct layout *l, size_t i)
{
	const struct layout_line	*ln = &l->lines[i];
	const struct layout_seg		*seg;
	const char			*bytes;
	size_t				 j, n, k, step, w = 0, cols = 0;
	uint32_t			 cp;

	FUZZ_CHECK(ln->cols <= l->width);
	for (j = 0; j < ln->nseg; j++) {
		seg = &l->segs[ln->seg + j];
		bytes = layout_seg_bytes(l, seg, &n);
		cols += seg->cols;
		w += text_width(bytes, n);
		if (seg->kind != LAYOUT_SEG_DECO)
			FUZZ_CHECK(seg->off + seg->len <= l->doc->text.len);
		for (k = 0; k < n; k += step) {
			step = text_decode(bytes + k, n - k, &cp);
			FUZZ_CHECK(!text_is_control(cp) && cp != '\t' &&
			    cp != '\n');
		}
	}
	FUZZ_CHECK(cols == ln->cols && w == ln->cols);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dump_opts	 o;
	struct layout		 l;
	struct doc		*d, *whole;
	unsigned int		 width;
	size_t			 b, i;
	int			 flags;

	if (size < 2)
		return 0;
	width = 1 + data[0] % 200;
	flags = data[1] & 1 ? LOAD_SMART : 0;
	flags |= data[1] & 2 ? LOAD_PIECES : 0;
	d = fuzz_load(data + 2, size - 2, flags);
	whole = fuzz_load(data + 2, size - 2, LOAD_WHOLE |
	    (flags & LOAD_SMART));
	fuzz_same_doc(d, whole);
	layout_init(&l);
	for (b = 0; b < d->nblocks; b++) {
		layout_block(&l, d, b, width);
		for (i = 0; i < l.nlines; i++)
			fuzz_line(&l, i);
	}
	layout_release(&l);
	memset(&o, 0, sizeof(o));
	o.width = width < 10 ? 10 : width;
	o.color = data[1] & 4;
	o.tsv = data[1] & 8;
	fuzz_same_printed(data + 2, size - 2, flags, whole,
	    data[1] & 16 ? dump_toc : dump_article, &o);
	doc_free(whole);
	doc_free(d);
	return 0;
}
