/*
 * layout: turns one block of a doc into display lines at a given width.
 * Prose is broken at the opportunities of UAX #14 and filled greedily; a
 * word wider than the line is broken between grapheme clusters; code is
 * never reflowed, only continued after a mark.  Containers (quotes, list
 * items) draw their prefix on every line of the leaves they hold.  Widths
 * and breaks come from the text module only; nothing here draws.
 */
#include "layout.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "layout-private.h"
#include "text.h"

#define LAYOUT_TAB		8
#define LAYOUT_CODE_INDENT	4

/* The word before an image's description. */
#define LAYOUT_IMAGE_MARK	"image"

/* How far back to look for the leaf before a block, past containers. */
#define LAYOUT_SCAN_BACK	64

static const char *const layout_bullets[] = { "\xe2\x80\xa2", /* • */
	"\xe2\x97\xa6", /* ◦ */ "\xe2\x96\xaa" /* ▪ */ };

void
layout_init(struct layout *l)
{
	memset(l, 0, sizeof(*l));
	buf_init(&l->deco);
	l->scratch = xcalloc(1, sizeof(*l->scratch));
}

void
layout_release(struct layout *l)
{
	if (l->scratch != NULL) {
		free(l->scratch->brk);
		free(l->scratch->runs);
		free(l->scratch->refs);
		free(l->scratch->events);
		free(l->scratch);
	}
	free(l->lines);
	free(l->segs);
	buf_release(&l->deco);
	memset(l, 0, sizeof(*l));
}

struct layout *
layout_build(const struct doc *d, size_t b, unsigned int width)
{
	struct layout	*l = xmalloc(sizeof(*l));

	layout_init(l);
	layout_block(l, d, b, width);
	return l;
}

void
layout_free(struct layout *l)
{
	if (l == NULL)
		return;
	layout_release(l);
	free(l);
}

const char *
layout_seg_bytes(const struct layout *l, const struct layout_seg *s,
    size_t *len)
{
	if (s->kind == LAYOUT_SEG_TEXT) {
		*len = s->len;
		return l->doc->text.data + s->off;
	}
	*len = s->dlen;
	return l->deco.data + s->doff;
}

bool
layout_line_over(const struct layout *l, size_t off, size_t *line)
{
	const struct layout_seg	*s;
	size_t			 i, k;

	for (i = 0; i < l->nlines; i++)
		for (k = 0; k < l->lines[i].nseg; k++) {
			s = &l->segs[l->lines[i].seg + k];
			if (s->kind != LAYOUT_SEG_DECO && s->off <= off &&
			    off < s->off + s->len) {
				*line = i;
				return true;
			}
		}
	return false;
}

/* Lines and segments. */

void
layout_line_begin(struct layout *l)
{
	struct layout_line	*ln;

	l->lines = xgrow(l->lines, &l->caplines, l->nlines + 1,
	    sizeof(*l->lines));
	ln = &l->lines[l->nlines++];
	ln->seg = l->nsegs;
	ln->nseg = 0;
	ln->cols = 0;
}

unsigned int
layout_line_cols(const struct layout *l)
{
	return l->lines[l->nlines - 1].cols;
}

static struct layout_seg *
layout_seg_add(struct layout *l, enum layout_seg_kind kind,
    enum layout_role role, unsigned int cols)
{
	struct layout_seg	*s;

	l->segs = xgrow(l->segs, &l->capsegs, l->nsegs + 1, sizeof(*l->segs));
	s = &l->segs[l->nsegs++];
	memset(s, 0, sizeof(*s));
	s->kind = (unsigned char)kind;
	s->role = (unsigned char)role;
	s->cols = cols;
	l->lines[l->nlines - 1].nseg++;
	l->lines[l->nlines - 1].cols += cols;
	return s;
}

void
layout_text(struct layout *l, enum layout_role role, unsigned char style,
    size_t off, size_t len, unsigned int cols)
{
	struct layout_seg	*s;

	if (len == 0)
		return;
	s = layout_seg_add(l, LAYOUT_SEG_TEXT, role, cols);
	s->off = off;
	s->len = len;
	s->style = style;
}

void
layout_deco(struct layout *l, enum layout_seg_kind kind, enum layout_role role,
    const char *bytes, size_t n, unsigned int cols, size_t off, size_t len)
{
	struct layout_seg	*s;

	/* One that draws nothing is kept only for the text it stands for. */
	if (n == 0 && len == 0)
		return;
	s = layout_seg_add(l, kind, role, cols);
	s->doff = l->deco.len;
	s->dlen = n;
	s->off = off;
	s->len = len;
	buf_add(&l->deco, bytes, n);
}

void
layout_blank(struct layout *l, enum layout_role role, unsigned int cols)
{
	static const char	 spaces[] = "                ";
	unsigned int		 n;

	while (cols > 0) {
		n = cols < sizeof(spaces) - 1 ? cols : sizeof(spaces) - 1;
		layout_deco(l, LAYOUT_SEG_DECO, role, spaces, n, n, 0, 0);
		cols -= n;
	}
}

void
layout_repeat(struct layout *l, enum layout_role role, const char *ch,
    unsigned int cols)
{
	struct buf	 tmp;
	unsigned int	 i;

	buf_init(&tmp);
	for (i = 0; i < cols; i++)
		buf_adds(&tmp, ch);
	layout_deco(l, LAYOUT_SEG_DECO, role, tmp.data, tmp.len, cols, 0, 0);
	buf_release(&tmp);
}

/* Prefixes drawn by containers. */

/* Cells the marker of item `it` takes, its trailing space included. */
static unsigned int
layout_marker_cols(const struct doc_block *it)
{
	if (it->flags & DOC_ORDERED)
		return it->marker_digits + 2;
	return 2;
}

/*
 * Prefix budget: the text keeps at least half the line, and never less
 * than LAYOUT_MIN_WIDTH cells, so that any character or symbol fits.
 */
static unsigned int
layout_prefix_budget(unsigned int width)
{
	unsigned int	 half = width / 2;

	return width - half < LAYOUT_MIN_WIDTH ? width - LAYOUT_MIN_WIDTH :
	    half;
}

static void
layout_marker(struct layout *l, const struct doc_block *it)
{
	char	 num[32];
	int	 n;

	if (it->flags & DOC_ORDERED) {
		n = snprintf(num, sizeof(num), "%*lu%c ",
		    (int)it->marker_digits, it->number, it->delim);
		if (n > 0 && (size_t)n < sizeof(num))
			layout_deco(l, LAYOUT_SEG_DECO, LAYOUT_MARKER, num,
			    (size_t)n, (unsigned int)n, 0, 0);
		return;
	}
	layout_deco(l, LAYOUT_SEG_DECO, LAYOUT_MARKER,
	    layout_bullets[(it->level - 1) % 3], 3, 1, 0, 0);
	layout_blank(l, LAYOUT_MARKER, 1);
}

/*
 * Draw the prefix of the containers around the block on a new line: a bar
 * for each quote, and for each item its marker on the first line of its
 * first leaf, blanks otherwise.  Past the budget, deeper levels are left
 * out.  With `blank`, only containers that also hold the previous leaf
 * draw, and trailing blanks are left out.
 */
static void
layout_prefix(struct layout_ctx *c, size_t upto, bool blank)
{
	struct layout		*l = c->l;
	const struct doc_block	*a;
	unsigned int		 i, need, budget, pending = 0;

	budget = layout_prefix_budget(c->width);
	for (i = 0; i < c->nanc && c->anc[i] < upto; i++) {
		a = &c->d->blocks[c->anc[i]];
		need = a->kind == DOC_QUOTE ? 2 : layout_marker_cols(a);
		if (layout_line_cols(l) + pending + need > budget)
			break;
		if (a->kind == DOC_ITEM && c->first && !blank &&
		    a->first_leaf == c->b) {
			layout_blank(l, LAYOUT_MARKER, pending);
			pending = 0;
			layout_marker(l, a);
		} else if (a->kind == DOC_QUOTE) {
			layout_blank(l, LAYOUT_QUOTE, pending);
			layout_deco(l, LAYOUT_SEG_DECO, LAYOUT_QUOTE,
			    "\xe2\x94\x82", 3, 1, 0, 0);	/* │ */
			pending = 1;
		} else
			pending += need;
	}
	if (!blank)
		layout_blank(l, LAYOUT_MARKER, pending);
}

void
layout_new_line(struct layout_ctx *c)
{
	unsigned int	 room;

	layout_line_begin(c->l);
	layout_prefix(c, c->b, false);
	room = c->width - layout_line_cols(c->l);
	if (c->leadcols > 0 && c->leadcols + LAYOUT_MIN_WIDTH <= room) {
		if (c->first && c->lead != NULL)
			layout_deco(c->l, LAYOUT_SEG_DECO, c->lead_role,
			    c->lead, strlen(c->lead), c->leadcols, 0, 0);
		else
			layout_blank(c->l, LAYOUT_BODY, c->leadcols);
	}
	c->first = false;
	c->col0 = layout_line_cols(c->l);
}

unsigned int
layout_room(const struct layout_ctx *c)
{
	return c->width - layout_line_cols(c->l);
}

/* The blank line before a block, with the bars of shared quotes. */
static void
layout_gap(struct layout_ctx *c)
{
	size_t	 prev = c->b, steps = 0;

	while (prev > 0 && steps++ < LAYOUT_SCAN_BACK) {
		prev--;
		if (doc_is_leaf(c->d->blocks[prev].kind))
			break;
	}
	layout_line_begin(c->l);
	/* Containers before the previous leaf that hold this one hold both. */
	if (prev < c->b && doc_is_leaf(c->d->blocks[prev].kind))
		layout_prefix(c, prev, true);
}

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
 * What stands for the tab or control character `cp`, `n` bytes at `pos`
 * of the block, `w` cells wide: blanks, or the control's symbol, cut to
 * the room left on the line, so that a narrow line never draws wider.
 * The segment stays, even with no cells, for the text it stands for.
 */
static void
layout_subst(struct layout_ctx *c, uint32_t cp, size_t pos, size_t n,
    unsigned int w)
{
	char	 sym[8];
	size_t	 len;

	if (w > layout_room(c))
		w = layout_room(c);
	if (cp == '\t') {
		layout_deco(c->l, LAYOUT_SEG_SUBST, c->role, "        ", w, w,
		    c->base + pos, n);
		return;
	}
	len = text_control_symbol(cp, sym);
	/* Only the symbols of ASCII, one byte a cell, are wider than one. */
	if (w < text_char_width(cp))
		len = w;
	layout_deco(c->l, LAYOUT_SEG_SUBST, LAYOUT_CONTROL, sym, len, w,
	    c->base + pos, n);
}

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

/* Block kinds. */

static void
layout_heading(struct layout_ctx *c)
{
	const struct doc_section	*sec = &c->d->sections[c->blk->section];
	struct layout			*l = c->l;
	char				 num[24];
	size_t				 i, first = l->nlines;
	unsigned int			 widest = 0;

	c->role = LAYOUT_HEADING;
	if (sec->heading == c->b && sec->talk > 0) {
		snprintf(num, sizeof(num), "%u. ", sec->talk);
		c->lead = num;
		c->leadcols = (unsigned int)strlen(num);
		c->lead_role = LAYOUT_TALK_NUMBER;
	}
	layout_flow(c);
	c->lead = NULL;
	c->leadcols = 0;
	if (c->blk->level > 2)
		return;
	/* Rule the heading off, as wide as it is. */
	for (i = first; i < l->nlines; i++)
		if (l->lines[i].cols > widest)
			widest = l->lines[i].cols;
	layout_new_line(c);
	if (widest > c->col0)
		layout_repeat(l, LAYOUT_RULE, c->blk->level == 1 ?
		    "\xe2\x94\x81" : "\xe2\x94\x80", widest - c->col0);
}

/*
 * Cells of the grapheme cluster of code at `pos` (a tab: up to the next
 * stop after logical column `lcol`); its length goes to `*n`, its first
 * character to `*cp`.  A cluster wider than the whole line is taken one
 * character at a time, so that it can be broken.
 */
static unsigned int
layout_code_measure(const struct layout_ctx *c, size_t pos, size_t end,
    unsigned int lcol, size_t *n, uint32_t *cp)
{
	const char	*t = c->text + pos;
	size_t		 one;
	unsigned int	 w;

	*cp = (unsigned char)*t;
	if (*cp == '\t') {
		*n = 1;
		return LAYOUT_TAB - lcol % LAYOUT_TAB;
	}
	if (*cp < 0x80 && (end - pos == 1 || (unsigned char)t[1] < 0x80)) {
		*n = 1;
		return text_char_width(*cp);
	}
	one = text_decode(t, end - pos, cp);
	*n = text_grapheme_len(t, end - pos);
	w = (unsigned int)text_width(t, *n);
	if (w > c->width - c->col0) {
		*n = one;
		w = text_char_width(*cp);
	}
	return w;
}

/* Start a continuation of a code line that did not fit. */
static void
layout_code_continue(struct layout_ctx *c, unsigned int indent)
{
	layout_new_line(c);
	if (indent > 0)
		layout_blank(c->l, c->role, indent - 1);
	layout_deco(c->l, LAYOUT_SEG_DECO, LAYOUT_CONTINUED, "\xe2\x86\xaa",
	    3, 1, 0, 0);	/* ↪ */
}

/*
 * One source line of code, [pos, end) of the block, kept as it is: tabs
 * expand to the next multiple of eight, and what does not fit continues on
 * the next line after a mark.
 */
static void
layout_code_line(struct layout_ctx *c, size_t pos, size_t end)
{
	struct layout	*l = c->l;
	size_t		 seg = pos, n, base = c->base;
	unsigned int	 cols = 0, w, lcol = 0;
	uint32_t	 cp;
	bool		 fresh = true;	/* nothing placed on the line yet */
	unsigned int	 indent;

	layout_new_line(c);
	/* The indent gives way on narrow lines. */
	indent = layout_room(c) >= 24 ? LAYOUT_CODE_INDENT :
	    layout_room(c) >= 10 ? 2 : 0;
	layout_blank(l, c->role, indent);
	if (pos == end) {
		/* An empty line still says where it is in the text. */
		layout_seg_add(l, LAYOUT_SEG_TEXT, c->role, 0)->off = base + pos;
		return;
	}
	while (pos < end) {
		w = layout_code_measure(c, pos, end, lcol, &n, &cp);
		if (cols + w > layout_room(c) && !fresh) {
			layout_text(l, c->role, 0, base + seg, pos - seg, cols);
			layout_code_continue(c, indent);
			seg = pos;
			cols = 0;
			fresh = true;
			continue;
		}
		if (cp == '\t' || text_is_control(cp)) {
			layout_text(l, c->role, 0, base + seg, pos - seg, cols);
			layout_subst(c, cp, pos, n, w);
			seg = pos + n;
			cols = 0;
		} else
			cols += w;
		fresh = false;
		lcol += w;
		pos += n;
	}
	layout_text(l, c->role, 0, base + seg, pos - seg, cols);
}

static void
layout_code(struct layout_ctx *c, enum layout_role role)
{
	size_t		 pos = 0, eol;
	const char	*nl;

	c->role = role;
	for (;;) {
		nl = memchr(c->text + pos, '\n', c->len - pos);
		eol = nl != NULL ? (size_t)(nl - c->text) : c->len;
		layout_code_line(c, pos, eol);
		if (eol >= c->len)
			break;
		pos = eol + 1;
	}
}

/* A footnote: its number, then its text, hanging under the first line. */
static void
layout_note(struct layout_ctx *c)
{
	char	 num[24];

	snprintf(num, sizeof(num), "[%lu] ", c->blk->number);
	c->lead = num;
	c->leadcols = (unsigned int)strlen(num);
	c->lead_role = LAYOUT_LINK_NUMBER;
	c->role = LAYOUT_BODY;
	layout_flow(c);
	c->lead = NULL;
	c->leadcols = 0;
}

static void
layout_rule(struct layout_ctx *c)
{
	layout_new_line(c);
	layout_repeat(c->l, LAYOUT_RULE, "\xe2\x94\x80", layout_room(c));
}

void
layout_block(struct layout *l, const struct doc *d, size_t b,
    unsigned int width)
{
	struct layout_ctx	 c;
	size_t			 p;
	unsigned int		 i;

	if (width < LAYOUT_MIN_WIDTH)
		width = LAYOUT_MIN_WIDTH;
	l->doc = d;
	l->block = b;
	l->width = width;
	l->nlines = l->nsegs = 0;
	l->deco.len = 0;
	if (!doc_is_leaf(d->blocks[b].kind))
		return;
	memset(&c, 0, sizeof(c));
	c.l = l;
	c.d = d;
	c.b = b;
	c.blk = &d->blocks[b];
	c.width = width;
	c.text = doc_block_text(d, b, &c.len);
	c.base = c.blk->off;
	c.span = c.blk->span;
	c.nspan = c.blk->nspan;
	c.first = true;
	for (p = c.blk->parent; p != DOC_NONE && c.nanc <= DOC_MAX_DEPTH;
	    p = d->blocks[p].parent)
		c.anc[c.nanc++] = p;
	for (i = 0; i < c.nanc / 2; i++) {
		p = c.anc[i];
		c.anc[i] = c.anc[c.nanc - 1 - i];
		c.anc[c.nanc - 1 - i] = p;
	}
	if (!(c.blk->flags & DOC_NO_GAP))
		layout_gap(&c);
	switch (c.blk->kind) {
	case DOC_HEADING:
		layout_heading(&c);
		break;
	case DOC_CODE:
		layout_code(&c, LAYOUT_CODE);
		break;
	case DOC_HTML:
		layout_code(&c, LAYOUT_HTML);
		break;
	case DOC_RULE:
		layout_rule(&c);
		break;
	case DOC_TABLE:
		layout_table(&c);
		break;
	case DOC_NOTE:
		layout_note(&c);
		break;
	default:
		c.role = LAYOUT_BODY;
		layout_flow(&c);
		break;
	}
}

/* The cache. */

struct layout_cache_entry {
	struct layout		*layout;	/* owned, or NULL */
	unsigned long		 used;		/* frame last asked for in */
};

struct layout_cache {
	const struct doc		*doc;		/* borrowed */
	unsigned int			 width;
	struct layout_cache_entry	*blocks;	/* owned: per block */
	size_t				 nblocks;
	size_t				 capblocks;
	size_t				*ring;		/* owned: built blocks,
							   next to go at `next` */
	size_t				 nring;
	size_t				 capring;
	size_t				 next;
	unsigned long			 frame;
};

struct layout_cache *
layout_cache_new(const struct doc *d, unsigned int width)
{
	struct layout_cache	*lc = xcalloc(1, sizeof(*lc));

	lc->doc = d;
	lc->width = width;
	lc->frame = 1;
	return lc;
}

/* Keeps the tables' memory. */
void
layout_cache_drop(struct layout_cache *lc, size_t from)
{
	size_t	 i, kept = 0, b;

	for (i = 0; i < lc->nring; i++) {
		b = lc->ring[i];
		if (b < from) {
			lc->ring[kept++] = b;
			continue;
		}
		layout_free(lc->blocks[b].layout);
		lc->blocks[b].layout = NULL;
	}
	lc->nring = kept;
	lc->next = 0;
}

void
layout_cache_free(struct layout_cache *lc)
{
	if (lc == NULL)
		return;
	layout_cache_drop(lc, 0);
	free(lc->blocks);
	free(lc->ring);
	free(lc);
}

void
layout_cache_set_width(struct layout_cache *lc, unsigned int width)
{
	if (width == lc->width)
		return;
	layout_cache_drop(lc, 0);
	lc->width = width;
}

unsigned int
layout_cache_width(const struct layout_cache *lc)
{
	return lc->width;
}

void
layout_cache_begin(struct layout_cache *lc)
{
	lc->frame++;
}

/*
 * A ring slot for a new layout: the oldest whose layout was not asked for
 * in this frame, freed; a new slot when every one was.
 */
static size_t
layout_cache_slot(struct layout_cache *lc)
{
	size_t	 i, at, old;

	for (i = 0; lc->nring >= LAYOUT_CACHE_MAX && i < lc->nring; i++) {
		at = lc->next;
		lc->next = (lc->next + 1) % lc->nring;
		old = lc->ring[at];
		if (lc->blocks[old].used == lc->frame)
			continue;
		layout_free(lc->blocks[old].layout);
		lc->blocks[old].layout = NULL;
		return at;
	}
	lc->ring = xgrow(lc->ring, &lc->capring, lc->nring + 1,
	    sizeof(*lc->ring));
	return lc->nring++;
}

const struct layout *
layout_cache_get(struct layout_cache *lc, size_t b)
{
	size_t	 at;

	if (b >= lc->nblocks) {
		/* The doc grew: make room for its new blocks. */
		lc->blocks = xgrow(lc->blocks, &lc->capblocks, b + 1,
		    sizeof(*lc->blocks));
		memset(lc->blocks + lc->nblocks, 0,
		    (lc->capblocks - lc->nblocks) * sizeof(*lc->blocks));
		lc->nblocks = lc->capblocks;
	}
	lc->blocks[b].used = lc->frame;
	if (lc->blocks[b].layout == NULL) {
		at = layout_cache_slot(lc);	/* may move the ring */
		lc->ring[at] = b;
		lc->blocks[b].layout = layout_build(lc->doc, b, lc->width);
	}
	return lc->blocks[b].layout;
}
