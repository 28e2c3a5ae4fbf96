/*
 * fuzz-load: an article from the input, loaded whole and in pieces (which
 * must give the same doc), every block laid out at a width the input
 * picks (no line wider, widths that add up, nothing unprintable drawn),
 * then printed, the index too.
 *
 * Input: byte 0 picks the width, byte 1 the flags, the rest is the
 * article.
 */
#include "fuzz.h"

#include <string.h>

#include "diag.h"
#include "doc.h"
#include "dump.h"
#include "layout.h"
#include "load.h"
#include "text.h"

static FILE	*fuzz_null;

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
	if (fuzz_null == NULL && (fuzz_null = fopen("/dev/null", "w")) == NULL)
		abort();
	width = 1 + data[0] % 200;
	flags = data[1] & 1 ? LOAD_SMART : 0;
	d = fuzz_load(data + 2, size - 2, flags | (data[1] & 2 ? LOAD_PIECES :
	    0));
	whole = fuzz_load(data + 2, size - 2, flags | LOAD_WHOLE);
	fuzz_same_doc(d, whole);
	doc_free(whole);
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
	dump_article(fuzz_null, d, 0, d->nsections, &o);
	dump_toc(fuzz_null, d, 0, d->nsections, &o);
	doc_free(d);
	return 0;
}
