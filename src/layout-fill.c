/*
 * layout-fill: prose filled into lines.  Text is broken at the
 * opportunities of UAX #14 and filled greedily; a word wider than the line
 * is broken between grapheme clusters.  Inline styles become runs, and
 * link numbers, an image's word and a strike's tildes are placed with the
 * text they belong to.  Widths and breaks come from the text module only;
 * lines and segments are made by layout-line.c, nothing here draws.
 */
#include "layout-private.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "text.h"

/* The word before an image's description. */
#define LAYOUT_IMAGE_MARK	"image"

/* Inline styles and link numbers. */

static int
layout_event_cmp(const void *a, const void *b)
{
	const struct layout_event	*x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return x->delta - y->delta;
}

static unsigned char
layout_style_bit(enum doc_span_kind kind)
{
	static const unsigned char	 bits[DOC_SPAN__MAX] = {
		[DOC_SPAN_EMPH] = LAYOUT_EMPH,
		[DOC_SPAN_STRONG] = LAYOUT_STRONG,
		[DOC_SPAN_CODE] = LAYOUT_CODE_SPAN,
		[DOC_SPAN_LINK] = LAYOUT_LINK,
		[DOC_SPAN_IMAGE] = LAYOUT_IMAGE,
		[DOC_SPAN_STRIKE] = LAYOUT_STRIKE,
		[DOC_SPAN_MARK] = LAYOUT_MARK,
		[DOC_SPAN_UNDERLINE] = LAYOUT_UNDERLINE,
	};

	return bits[kind];
}

static void
layout_add_run(struct layout_scratch *sc, size_t off, unsigned char style)
{
	if (sc->nruns > 0 && sc->runs[sc->nruns - 1].style == style)
		return;
	if (sc->nruns > 0 && sc->runs[sc->nruns - 1].off == off) {
		sc->runs[sc->nruns - 1].style = style;
		return;
	}
	sc->runs = xgrow(sc->runs, &sc->capruns, sc->nruns + 1,
	    sizeof(*sc->runs));
	sc->runs[sc->nruns].off = off;
	sc->runs[sc->nruns++].style = style;
}

/*
 * Where the opening (or, `closing`, the closing) of span `g` of the doc
 * comes among all spans' openings and closings, as the text has them: a
 * span opens after the one before it and closes after the spans opened
 * inside it.  Spans that close together share a place; the inner one,
 * opened later, closes first (see layout_ref_cmp()).
 */
static size_t
layout_span_order(const struct doc *d, size_t g, bool closing)
{
	return closing ? 2 * (g + d->spans[g].inner) + 1 : 2 * g;
}

/*
 * A number or mark at the opening (or, `closing`, the closing) of span `g`
 * of the doc: its link number, or `mark`, which stands before the text
 * when the span opens.
 */
static struct layout_ref *
layout_add_ref(struct layout_ctx *c, size_t g, bool closing,
    unsigned int link, const char *mark)
{
	struct layout_scratch	*sc = c->l->scratch;
	const struct doc_span	*sp = &c->d->spans[g];
	struct layout_ref	*r;

	sc->refs = xgrow(sc->refs, &sc->caprefs, sc->nrefs + 1,
	    sizeof(*sc->refs));
	r = &sc->refs[sc->nrefs++];
	r->pos = sp->off - c->base + (closing ? sp->len : 0);
	r->order = layout_span_order(c->d, g, closing);
	r->span = g;
	r->link = link;
	r->mark = mark;
	r->lead = !closing;
	r->struck = false;
	r->cols = mark != NULL ? (unsigned int)strlen(mark) :
	    (unsigned int)snprintf(NULL, 0, "[%u]", link);
	return r;
}

/*
 * Where the output cannot strike text through, a strike's tildes stand
 * around it, as the author wrote them: as many as span `g` says.
 */
static void
layout_add_tildes(struct layout_ctx *c, size_t g)
{
	const char	*tildes = c->d->spans[g].link == 1 ? "~" : "~~";

	layout_add_ref(c, g, false, 0, tildes)->struck = true;
	layout_add_ref(c, g, true, 0, tildes)->struck = true;
}

/*
 * Sweep the block's spans into runs of constant style, and collect the
 * link numbers at the links' ends.  Spans nest arbitrarily deep, so the
 * sweep counts open spans of each kind rather than walking the nesting.
 */
static void
layout_styles(struct layout_ctx *c)
{
	struct layout_scratch	*sc = c->l->scratch;
	const struct doc_span	*sp;
	size_t			 i, n = 0, count[DOC_SPAN__MAX] = { 0 };
	unsigned char		 style;
	int			 k;

	sc->nruns = sc->nrefs = 0;
	sc->events = xgrow(sc->events, &sc->capevents, 2 * c->nspan + 1,
	    sizeof(*sc->events));
	for (i = 0; i < c->nspan; i++) {
		sp = &c->d->spans[c->span + i];
		sc->events[n++] = (struct layout_event){ sp->off - c->base,
		    1, sp->kind };
		sc->events[n++] = (struct layout_event){ sp->off + sp->len -
		    c->base, -1, sp->kind };
		/* An image's text is a description: it says so first. */
		if (sp->kind == DOC_SPAN_IMAGE)
			layout_add_ref(c, c->span + i, false, sp->link,
			    sp->len > 0 ? LAYOUT_IMAGE_MARK ": " :
			    LAYOUT_IMAGE_MARK);
		if (sp->kind == DOC_SPAN_LINK || sp->kind == DOC_SPAN_IMAGE ||
		    sp->kind == DOC_SPAN_NOTE)
			layout_add_ref(c, c->span + i, true, sp->link, NULL);
		if (sp->kind == DOC_SPAN_STRIKE && !c->l->struck_drawn)
			layout_add_tildes(c, c->span + i);
	}
	if (n > 1)
		qsort(sc->events, n, sizeof(*sc->events), layout_event_cmp);
	layout_add_run(sc, 0, 0);
	for (i = 0; i < n; i++) {
		count[sc->events[i].kind] += (size_t)sc->events[i].delta;
		if (i + 1 < n && sc->events[i + 1].pos == sc->events[i].pos)
			continue;
		style = 0;
		for (k = 0; k < DOC_SPAN__MAX; k++)
			if (count[k] > 0)
				style |= layout_style_bit((enum doc_span_kind)k);
		layout_add_run(sc, sc->events[i].pos, style);
	}
	c->run = 0;
}

static int
layout_ref_cmp(const void *a, const void *b)
{
	const struct layout_ref	*x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	/* As the text has them: "[![a](a.png)](x)[![b](b.png)](y)", a's
	   numbers before b's word; an empty image's word before its number,
	   and both inside a strike that ends there. */
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	/* Closing together, the inner span first: "[~~a~~](u)" is
	   "~~a~~[1]"; one span gives one closing. */
	return x->span > y->span ? -1 : x->span < y->span;
}

/* Style at offset `pos`; calls come with offsets that never decrease. */
static unsigned char
layout_style_at(struct layout_ctx *c, size_t pos, size_t *until)
{
	struct layout_scratch	*sc = c->l->scratch;

	while (c->run + 1 < sc->nruns && sc->runs[c->run + 1].off <= pos)
		c->run++;
	*until = c->run + 1 < sc->nruns ? sc->runs[c->run + 1].off : c->len;
	return sc->runs[c->run].style;
}

/* Drawing one line of flowed text. */

/*
 * Emit text [pos, end) of the block as segments of one style, splitting
 * out control characters and tabs as stand-ins.
 */
static void
layout_emit_text(struct layout_ctx *c, size_t pos, size_t end,
    unsigned char style)
{
	struct layout	*l = c->l;
	const char	*t = c->text;
	size_t		 seg = pos, base = c->base, n;
	unsigned int	 cols = 0;
	uint32_t	 cp;

	if (c->ascii) {
		layout_text(l, c->role, style, base + pos, end - pos,
		    (unsigned int)(end - pos));
		return;
	}
	while (pos < end) {
		unsigned char	 ch = (unsigned char)t[pos];

		if (ch >= 0x20 && ch < 0x7f) {
			cols++;
			pos++;
			continue;
		}
		n = text_decode(t + pos, end - pos, &cp);
		if (cp != '\t' && !text_is_control(cp)) {
			cols += text_char_width(cp);
			pos += n;
			continue;
		}
		layout_text(l, c->role, style, base + seg, pos - seg, cols);
		layout_subst(c, cp, pos, n, cp != '\t' ? text_char_width(cp) :
		    LAYOUT_TAB - (layout_line_cols(l) - c->col0) % LAYOUT_TAB);
		pos += n;
		seg = pos;
		cols = 0;
	}
	layout_text(l, c->role, style, base + seg, pos - seg, cols);
}

static void
layout_emit_ref(struct layout_ctx *c, const struct layout_ref *r)
{
	char		 num[24];
	unsigned int	 cols = r->cols, room = layout_room(c);

	if (r->mark != NULL)
		snprintf(num, sizeof(num), "%s", r->mark);
	else
		snprintf(num, sizeof(num), "[%u]", r->link);
	/* Only a line narrower than the number itself cuts it. */
	if (cols > room)
		cols = room;
	layout_deco(c->l, LAYOUT_SEG_DECO, r->struck ? c->role :
	    LAYOUT_LINK_NUMBER, num, cols, cols, 0, 0);
	/* Tildes look as the struck text does. */
	if (r->struck && cols > 0)
		c->l->segs[c->l->nsegs - 1].style = LAYOUT_STRIKE;
}

/*
 * Draw flowed text [start, end) with link numbers [rf, re) on the current
 * line.  Trailing blanks are not drawn.
 */
static void
layout_flow_line(struct layout_ctx *c, size_t start, size_t end, size_t rf,
    size_t re)
{
	const struct layout_ref	*refs = c->l->scratch->refs;
	size_t			 lim = re > rf ? refs[re - 1].pos : start;
	size_t			 pos = start, until, stop;
	unsigned char		 style;

	while (end > lim && end > start &&
	    (c->text[end - 1] == ' ' || c->text[end - 1] == '\t'))
		end--;
	for (;;) {
		while (rf < re && refs[rf].pos <= pos)
			layout_emit_ref(c, &refs[rf++]);
		if (pos >= end)
			break;
		style = layout_style_at(c, pos, &until);
		stop = until < end ? until : end;
		if (rf < re && refs[rf].pos < stop)
			stop = refs[rf].pos;
		layout_emit_text(c, pos, stop, style);
		pos = stop;
	}
}


/* Filling lines: the first pass decides where each line ends. */

struct layout_fill {
	size_t		 pos;		/* next byte to measure */
	size_t		 start;		/* first byte of the line */
	size_t		 ref;		/* next link number */
	size_t		 rstart;	/* first link number of the line */
	size_t		 bpos;		/* last break opportunity, or NONE */
	size_t		 bref;		/* link numbers before it */
	unsigned int	 cols;		/* cells of the line so far */
	unsigned int	 avail;		/* cells for text on the line */
};

/*
 * Draw the line being filled up to `end`, with the link numbers before
 * `ref`, and start the next line at `next`.
 */
static void
layout_fill_break(struct layout_ctx *c, struct layout_fill *f, size_t end,
    size_t ref, size_t next)
{
	layout_flow_line(c, f->start, end, f->rstart, ref);
	layout_new_line(c);
	f->start = f->pos = next;
	f->rstart = f->ref = ref;
	f->bpos = DOC_NONE;
	f->cols = 0;
	f->avail = layout_room(c);
}

/*
 * Make room for what does not fit: break at the last opportunity, else
 * right here if the line holds something.  Returns false when the thing
 * must go on this line anyway, being alone on it.
 */
static bool
layout_fill_overflow(struct layout_ctx *c, struct layout_fill *f)
{
	if (f->bpos != DOC_NONE) {
		layout_fill_break(c, f, f->bpos, f->bref, f->bpos);
		return true;
	}
	if (f->cols > 0) {
		layout_fill_break(c, f, f->pos, f->ref, f->pos);
		return true;
	}
	return false;
}

/* Cells of the grapheme cluster at f->pos; its length goes to `*n`. */
static unsigned int
layout_fill_measure(const struct layout_ctx *c, const struct layout_fill *f,
    size_t *n, bool *blank)
{
	const char	*t = c->text + f->pos;
	size_t		 left = c->len - f->pos, one;
	unsigned int	 w;
	uint32_t	 cp;

	*blank = *t == ' ' || *t == '\t';
	if (*t == '\t') {
		*n = 1;
		return LAYOUT_TAB - f->cols % LAYOUT_TAB;
	}
	if ((unsigned char)*t < 0x80 && (left == 1 ||
	    (unsigned char)t[1] < 0x80)) {
		*n = 1;
		return (unsigned char)*t < 0x20 || *t == 0x7f ?
		    text_char_width((unsigned char)*t) : 1;
	}
	one = text_decode(t, left, &cp);
	*n = text_grapheme_len(t, left);
	if (*n == one)
		return text_char_width(cp);
	w = (unsigned int)text_width(t, *n);
	/* A cluster wider than the line is broken between its characters. */
	if (w > f->avail) {
		*n = one;
		w = text_char_width(cp);
	}
	return w;
}

/*
 * The break opportunity before byte `pos` of the text being filled.  At
 * its end, before an empty image's word, there is one after a blank.
 */
static enum text_break
layout_brk(const struct layout_ctx *c, size_t pos)
{
	if (pos >= c->len)
		return c->len > 0 && (c->text[c->len - 1] == ' ' ||
		    c->text[c->len - 1] == '\t') ? TEXT_BREAK_ALLOWED :
		    TEXT_BREAK_NO;
	if (c->ascii)
		return text_break_ascii_at(c->text, pos);
	return (enum text_break)c->l->scratch->brk[pos];
}

/*
 * Place the link numbers that end at the current position, glued to the
 * text before them.  Returns true when that broke the line.
 */
static bool
layout_fill_refs(struct layout_ctx *c, struct layout_fill *f)
{
	const struct layout_scratch	*sc = c->l->scratch;
	unsigned int			 w;

	while (f->ref < sc->nrefs && sc->refs[f->ref].pos <= f->pos) {
		/* An image's word goes with its text, to the next line too. */
		if (sc->refs[f->ref].lead && f->pos > f->start &&
		    layout_brk(c, f->pos) == TEXT_BREAK_ALLOWED &&
		    f->bpos != f->pos) {
			f->bpos = f->pos;
			f->bref = f->ref;
		}
		w = sc->refs[f->ref].cols;
		if (f->cols + w > f->avail && layout_fill_overflow(c, f))
			return true;
		f->cols += w;
		f->ref++;
	}
	return false;
}

/*
 * The common case, quickly: printable ASCII that fits and the spaces after
 * it, up to the next break opportunity, link number or anything else.
 * Returns true when it placed something.
 */
static bool
layout_fill_word(const struct layout_ctx *c, struct layout_fill *f)
{
	const struct layout_scratch	*sc = c->l->scratch;
	const unsigned char		*t = (const unsigned char *)c->text;
	size_t				 end = c->len, start = f->pos;

	if (f->ref < sc->nrefs && sc->refs[f->ref].pos < end)
		end = sc->refs[f->ref].pos;
	while (f->pos < end) {
		if (t[f->pos] == ' ') {
			/* Blanks never overflow: they end up trailing. */
			f->cols++;
		} else if (t[f->pos] > ' ' && t[f->pos] < 0x7f &&
		    f->cols < f->avail && (f->pos == start ||
		    sc->brk[f->pos] == TEXT_BREAK_NO)) {
			/* A combining mark goes with the byte before it. */
			if (f->pos + 1 < c->len && t[f->pos + 1] >= 0x80)
				break;
			f->cols++;
		} else
			break;
		f->pos++;
	}
	return f->pos > start;
}

/*
 * The last break opportunity of ASCII text in [lo, hi], after the line's
 * first byte, or DOC_NONE.
 */
static size_t
layout_last_break(const struct layout_ctx *c, const struct layout_fill *f,
    size_t lo, size_t hi)
{
	size_t	 r;

	if (lo <= f->start)
		lo = f->start + 1;
	for (r = hi + 1; r-- > lo; )
		if (text_break_ascii_at(c->text, r) == TEXT_BREAK_ALLOWED)
			return r;
	return DOC_NONE;
}

/*
 * Keep the last break opportunity in [lo, hi] as the line's, unless it is
 * already: an image's word placed there broke before itself.
 */
static void
layout_fill_keep_break(const struct layout_ctx *c, struct layout_fill *f,
    size_t lo, size_t hi)
{
	size_t	 b = layout_last_break(c, f, lo, hi);

	if (b != DOC_NONE && b != f->bpos) {
		f->bpos = b;
		f->bref = f->ref;
	}
}

/*
 * Fill printable ASCII up to the next link number, a line at a time
 * rather than a byte at a time, as the loop of layout_flow() would: each
 * byte is a cell, blanks never overflow, and the first byte that is no
 * blank and finds the line full breaks it at the last opportunity before
 * it, or right there, or goes alone on a line with no room at all.
 */
static void
layout_fill_ascii(struct layout_ctx *c, struct layout_fill *f)
{
	const struct layout_scratch	*sc = c->l->scratch;
	const char			*t = c->text;
	size_t				 end = c->len, q;

	if (f->ref < sc->nrefs && sc->refs[f->ref].pos < end)
		end = sc->refs[f->ref].pos;
	/* The first byte that would not fit, if it is no blank. */
	q = f->pos + (f->cols < f->avail ? f->avail - f->cols : 0);
	while (q < end && t[q] == ' ')
		q++;
	if (q >= end) {
		layout_fill_keep_break(c, f, f->pos, end - 1);
		f->cols += (unsigned int)(end - f->pos);
		f->pos = end;
		return;
	}
	layout_fill_keep_break(c, f, f->pos, q);
	f->cols += (unsigned int)(q - f->pos);
	f->pos = q;
	if (!layout_fill_overflow(c, f)) {
		f->cols++;
		f->pos++;
	}
}

void
layout_flow(struct layout_ctx *c)
{
	struct layout_scratch	*sc = c->l->scratch;
	struct layout_fill	 f;
	size_t			 n;
	unsigned int		 w;
	bool			 blank;
	uint32_t		 cp;

	c->ascii = c->len > 0 && c->text[0] != ' ' &&
	    text_is_printable_ascii(c->text, c->len);
	if (!c->ascii) {
		sc->brk = xgrow(sc->brk, &sc->capbrk, c->len + 1, 1);
		text_linebreaks(c->text, c->len, sc->brk);
	}
	layout_styles(c);
	if (sc->nrefs > 1)
		qsort(sc->refs, sc->nrefs, sizeof(*sc->refs), layout_ref_cmp);
	memset(&f, 0, sizeof(f));
	f.bpos = DOC_NONE;
	layout_new_line(c);
	f.avail = layout_room(c);
	for (;;) {
		if (layout_fill_refs(c, &f))
			continue;
		if (f.pos >= c->len)
			break;
		if (c->ascii) {
			layout_fill_ascii(c, &f);
			continue;
		}
		if (sc->brk[f.pos] == TEXT_BREAK_MANDATORY) {
			n = text_decode(c->text + f.pos, c->len - f.pos, &cp);
			layout_fill_break(c, &f, f.pos, f.ref, f.pos + n);
			continue;
		}
		if (sc->brk[f.pos] == TEXT_BREAK_ALLOWED && f.pos > f.start &&
		    f.bpos != f.pos) {
			f.bpos = f.pos;
			f.bref = f.ref;
		}
		if (layout_fill_word(c, &f))
			continue;
		w = layout_fill_measure(c, &f, &n, &blank);
		if (!blank && f.cols + w > f.avail &&
		    layout_fill_overflow(c, &f))
			continue;
		f.cols += w;
		f.pos += n;
	}
	layout_flow_line(c, f.start, c->len, f.rstart, f.ref);
}
