/*
 * layout-table: a table block as lines.  Each column is as wide as its
 * widest cell when the table fits; when it does not, every column keeps at
 * least a few cells (its content's, if narrower), words are kept whole
 * where the room allows, and what is left goes to the columns in
 * proportion to what they lack.  Cells are filled inside their column as
 * prose is, link numbers and all, and aligned as the delimiter row says;
 * the header is strong and ruled off.  A table with more columns than fit
 * at LAYOUT_TABLE_MIN cells each is shown as records instead: one block a
 * row, a line "Header: value" for each cell.
 */
#include "layout-private.h"

#include <stdlib.h>
#include <string.h>

#include "table.h"
#include "text.h"

/* Cells a column keeps at the least; fewer for every column: records. */
#define LAYOUT_TABLE_MIN	6

/* What a cell is measured at, as good as no limit. */
#define LAYOUT_TABLE_WIDE	32767

/* Box drawing: the lines between cells, and their meetings. */
#define LAYOUT_H	"\xe2\x94\x80"	/* ─ */
#define LAYOUT_V	"\xe2\x94\x82"	/* │ */

/* Each rule's left end, meeting and right end. */
static const char *const layout_rules[][3] = {
	{ "\xe2\x94\x8c", "\xe2\x94\xac", "\xe2\x94\x90" },	/* ┌ ┬ ┐ */
	{ "\xe2\x94\x9c", "\xe2\x94\xbc", "\xe2\x94\xa4" },	/* ├ ┼ ┤ */
	{ "\xe2\x94\x94", "\xe2\x94\xb4", "\xe2\x94\x98" },	/* └ ┴ ┘ */
};

enum layout_rule_kind {
	LAYOUT_RULE_TOP,
	LAYOUT_RULE_MID,
	LAYOUT_RULE_BOTTOM
};

struct layout_grid {
	size_t		 ncols;
	size_t		 nrows;
	unsigned int	*nat;		/* owned: widest cell, one line */
	unsigned int	*word;		/* owned: widest word */
	unsigned int	*w;		/* owned: the width given */
	struct layout	*sub;		/* owned: a cell of each column */
	unsigned int	 room;		/* cells for the table on a line */
};

/* The spans of a cell: [*first, *first + *n) of the doc's. */
static void
layout_cell_spans(const struct layout_ctx *c, const struct doc_cell *cell,
    size_t *first, size_t *n)
{
	const struct doc_span	*sp = c->d->spans;
	size_t			 lo = c->blk->span, hi = lo + c->blk->nspan, mid;
	size_t			 end = cell->off + cell->len;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (sp[mid].off < cell->off)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	hi = c->blk->span + c->blk->nspan;
	while (lo < hi && sp[lo].off <= end)
		lo++;
	*n = lo - *first;
}

/* Lay out cell `cell` of the table alone, `width` cells wide, into `out`. */
static void
layout_cell(const struct layout_ctx *c, const struct doc_cell *cell,
    unsigned int width, struct layout *out)
{
	struct layout_ctx	 cc;

	out->doc = c->d;
	out->block = c->b;
	out->width = width;
	out->nlines = out->nsegs = 0;
	out->deco.len = 0;
	memset(&cc, 0, sizeof(cc));
	cc.l = out;
	cc.d = c->d;
	cc.blk = c->blk;
	cc.b = c->b;
	cc.width = width;
	cc.text = c->d->text.data + cell->off;
	cc.len = cell->len;
	cc.base = cell->off;
	layout_cell_spans(c, cell, &cc.span, &cc.nspan);
	cc.first = true;
	cc.role = LAYOUT_BODY;
	layout_flow(&cc);
}

static unsigned int
layout_widest_line(const struct layout *l)
{
	unsigned int	 w = 0;
	size_t		 i;

	for (i = 0; i < l->nlines; i++)
		if (l->lines[i].cols > w)
			w = l->lines[i].cols;
	return w;
}

/*
 * The widest word of a cell, its breaks found again in the scratch of
 * `sub`: filling ASCII finds them only where its lines need them.
 */
static unsigned int
layout_widest_word(struct layout *sub, const char *t, size_t len)
{
	struct layout_scratch	*sc = sub->scratch;
	const char		*brk;
	size_t			 a = 0, i, e;
	unsigned int		 w, best = 0;

	sc->brk = xgrow(sc->brk, &sc->capbrk, len + 1, 1);
	text_linebreaks(t, len, sc->brk);
	brk = sc->brk;

	for (i = 1; i <= len; i++) {
		if (i < len && brk[i] == TEXT_BREAK_NO)
			continue;
		for (e = i; e > a && (t[e - 1] == ' ' || t[e - 1] == '\n'); e--)
			continue;
		w = (unsigned int)text_width(t + a, e - a);
		if (w > best)
			best = w;
		a = i;
	}
	return best;
}

/* Each column's widest cell and widest word. */
static void
layout_grid_measure(const struct layout_ctx *c, struct layout_grid *g)
{
	const struct doc_cell	*cell;
	size_t			 r, k;
	unsigned int		 w;

	for (r = 0; r < g->nrows; r++)
		for (k = 0; k < g->ncols; k++) {
			cell = doc_table_cell(c->d, c->b, r, k);
			layout_cell(c, cell, LAYOUT_TABLE_WIDE, &g->sub[k]);
			if ((w = layout_widest_line(&g->sub[k])) > g->nat[k])
				g->nat[k] = w;
			w = layout_widest_word(&g->sub[k], c->d->text.data +
			    cell->off, cell->len);
			if (w > g->word[k])
				g->word[k] = w;
		}
	for (k = 0; k < g->ncols; k++) {
		if (g->nat[k] == 0)
			g->nat[k] = 1;
		if (g->word[k] > g->nat[k])
			g->word[k] = g->nat[k];
	}
}

/*
 * Give the columns up to `left` cells, in proportion to what each asks
 * for in `ask` and never more; returns how many were given.
 */
static unsigned int
layout_grid_give(struct layout_grid *g, const unsigned int *ask,
    unsigned int left)
{
	unsigned long	 total = 0, given = 0, share;
	size_t		 k;

	for (k = 0; k < g->ncols; k++)
		total += ask[k];
	if (total <= left) {
		for (k = 0; k < g->ncols; k++)
			g->w[k] += ask[k];
		return (unsigned int)total;
	}
	for (k = 0; k < g->ncols; k++) {
		share = (unsigned long)left * ask[k] / total;
		g->w[k] += (unsigned int)share;
		given += share;
	}
	/* What rounding kept back, a cell each to those it was kept from. */
	for (k = 0; k < g->ncols && given < left; k++)
		if ((unsigned long)left * ask[k] % total != 0) {
			g->w[k]++;
			given++;
		}
	return (unsigned int)given;
}

/*
 * Give whole what the columns ask for in `ask`, the least first, while it
 * fits in `left`: a narrow column keeps its longest word whole before a
 * wide one gets more.  What was given is taken off `ask`; returns how
 * much that was.
 */
static unsigned int
layout_grid_give_whole(struct layout_grid *g, unsigned int *ask,
    unsigned int left)
{
	unsigned int	 given = 0;
	size_t		 k, least;

	for (;;) {
		least = g->ncols;
		for (k = 0; k < g->ncols; k++)
			if (ask[k] > 0 && (least == g->ncols ||
			    ask[k] < ask[least]))
				least = k;
		if (least == g->ncols || ask[least] > left - given)
			return given;
		g->w[least] += ask[least];
		given += ask[least];
		ask[least] = 0;
	}
}

/*
 * The columns' widths for `room` cells, borders included.  Returns false
 * when the table is to be shown as records.
 */
static bool
layout_grid_widths(struct layout_grid *g)
{
	unsigned int	*ask = xcalloc(g->ncols, sizeof(*ask));
	unsigned long	 borders = 3 * (unsigned long)g->ncols + 1, natural = 0,
			 given = 0;
	unsigned int	 left;
	size_t		 k;

	for (k = 0; k < g->ncols; k++)
		natural += g->nat[k];
	if (natural + borders <= g->room) {
		memcpy(g->w, g->nat, g->ncols * sizeof(*g->w));
		free(ask);
		return true;
	}
	if ((unsigned long)LAYOUT_TABLE_MIN * g->ncols + borders > g->room) {
		free(ask);
		return false;
	}
	for (k = 0; k < g->ncols; k++) {
		g->w[k] = g->nat[k] < LAYOUT_TABLE_MIN ? g->nat[k] :
		    LAYOUT_TABLE_MIN;
		given += g->w[k];
	}
	left = (unsigned int)(g->room - borders - given);
	/* Whole words first, then the rest to the columns that want more. */
	for (k = 0; k < g->ncols; k++)
		ask[k] = g->word[k] > g->w[k] ? g->word[k] - g->w[k] : 0;
	left -= layout_grid_give_whole(g, ask, left);
	left -= layout_grid_give(g, ask, left);
	/* A narrow column whole, before the wide ones share the rest. */
	for (k = 0; k < g->ncols; k++)
		ask[k] = g->nat[k] <= (g->room - borders) / g->ncols ?
		    g->nat[k] - g->w[k] : 0;
	left -= layout_grid_give_whole(g, ask, left);
	for (k = 0; k < g->ncols; k++)
		ask[k] = g->nat[k] - g->w[k];
	layout_grid_give(g, ask, left);
	free(ask);
	return true;
}

/* Cells the container prefix leaves the table on each of its lines. */
static unsigned int
layout_table_room(struct layout_ctx *c)
{
	struct layout	*l = c->l;
	size_t		 segs = l->nsegs, deco = l->deco.len;
	bool		 first = c->first;
	unsigned int	 room;

	/* A line begun and taken back: only its width is wanted. */
	layout_new_line(c);
	room = layout_room(c);
	l->nlines--;
	l->nsegs = segs;
	l->deco.len = deco;
	c->first = first;
	return room;
}

static void
layout_table_rule(struct layout_ctx *c, const struct layout_grid *g,
    enum layout_rule_kind kind)
{
	size_t	 k;

	layout_new_line(c);
	layout_deco(c->l, LAYOUT_SEG_DECO, LAYOUT_RULE, layout_rules[kind][0],
	    3, 1, 0, 0);
	for (k = 0; k < g->ncols; k++) {
		layout_repeat(c->l, LAYOUT_RULE, LAYOUT_H, g->w[k] + 2);
		layout_deco(c->l, LAYOUT_SEG_DECO, LAYOUT_RULE,
		    layout_rules[kind][k + 1 < g->ncols ? 1 : 2], 3, 1, 0, 0);
	}
}

/* Line `i` of a cell laid out into `sub`, its styles or'ed with `style`. */
static void
layout_copy_line(struct layout *l, const struct layout *sub, size_t i,
    unsigned char style)
{
	const struct layout_seg	*s;
	size_t			 k;

	if (i >= sub->nlines)
		return;
	for (k = 0; k < sub->lines[i].nseg; k++) {
		s = &sub->segs[sub->lines[i].seg + k];
		if (s->kind == LAYOUT_SEG_TEXT)
			layout_text(l, (enum layout_role)s->role,
			    s->style | style, s->off, s->len, s->cols);
		else {
			layout_deco(l, (enum layout_seg_kind)s->kind,
			    (enum layout_role)s->role, sub->deco.data + s->doff,
			    s->dlen, s->cols, s->off, s->len);
			/* A strike's tildes keep their look. */
			if (s->style != 0 && l->nsegs > 0)
				l->segs[l->nsegs - 1].style = s->style | style;
		}
	}
}

/* Line `i` of the cell in `sub`, padded to `w` cells as `align` says. */
static void
layout_cell_line(struct layout *l, const struct layout *sub, size_t i,
    unsigned int w, unsigned char align, unsigned char style)
{
	unsigned int	 cols = i < sub->nlines ? sub->lines[i].cols : 0;
	unsigned int	 pad = w > cols ? w - cols : 0, before = 0;

	if (align == TABLE_ALIGN_RIGHT)
		before = pad;
	else if (align == TABLE_ALIGN_CENTER)
		before = pad / 2;
	layout_blank(l, LAYOUT_BODY, before);
	layout_copy_line(l, sub, i, style);
	layout_blank(l, LAYOUT_BODY, pad - before);
}

/* Row `r` of the grid; returns how many lines it took. */
static size_t
layout_grid_row(struct layout_ctx *c, struct layout_grid *g, size_t r)
{
	const struct doc_cell	*cell;
	size_t			 k, i, n = 1;

	for (k = 0; k < g->ncols; k++) {
		layout_cell(c, doc_table_cell(c->d, c->b, r, k), g->w[k],
		    &g->sub[k]);
		if (g->sub[k].nlines > n)
			n = g->sub[k].nlines;
	}
	for (i = 0; i < n; i++) {
		layout_new_line(c);
		layout_deco(c->l, LAYOUT_SEG_DECO, LAYOUT_RULE, LAYOUT_V, 3,
		    1, 0, 0);
		for (k = 0; k < g->ncols; k++) {
			cell = doc_table_cell(c->d, c->b, r, k);
			layout_blank(c->l, LAYOUT_BODY, 1);
			layout_cell_line(c->l, &g->sub[k], i, g->w[k],
			    cell->align, r == 0 ? LAYOUT_STRONG : 0);
			layout_blank(c->l, LAYOUT_BODY, 1);
			layout_deco(c->l, LAYOUT_SEG_DECO, LAYOUT_RULE,
			    LAYOUT_V, 3, 1, 0, 0);
		}
	}
	return n;
}

/*
 * The grid: ruled round, the header ruled off, and the body rows ruled
 * apart only when one of them takes more than a line, where they would
 * run together.
 */
static void
layout_grid(struct layout_ctx *c, struct layout_grid *g)
{
	struct layout	*l = c->l;
	size_t		 r, mark;
	bool		 tall = false;

	layout_table_rule(c, g, LAYOUT_RULE_TOP);
	layout_grid_row(c, g, 0);
	if (g->nrows > 1)
		layout_table_rule(c, g, LAYOUT_RULE_MID);
	mark = l->nlines;
	for (r = 1; r < g->nrows && !tall; r++)
		tall = layout_grid_row(c, g, r) > 1;
	if (tall) {
		/* Again, ruled apart. */
		l->nlines = mark;
		l->nsegs = l->lines[mark - 1].seg + l->lines[mark - 1].nseg;
		for (r = 1; r < g->nrows; r++) {
			if (r > 1)
				layout_table_rule(c, g, LAYOUT_RULE_MID);
			layout_grid_row(c, g, r);
		}
	}
	layout_table_rule(c, g, LAYOUT_RULE_BOTTOM);
}

/* Line `i` of the label `sub`, a header's text shown again: see repeat. */
static void
layout_copy_label(struct layout *l, const struct layout *sub, size_t i)
{
	size_t	 k = l->nsegs;

	layout_copy_line(l, sub, i, LAYOUT_STRONG);
	for (; k < l->nsegs; k++)
		l->segs[k].repeat = true;
}

/*
 * One record's line for cell `cell`: "Header: value", the value's later
 * lines under its first; a header too wide for that goes on lines of its
 * own, the value indented under it.
 */
static void
layout_record_field(struct layout_ctx *c, struct layout_grid *g,
    const struct doc_cell *head, const struct doc_cell *cell)
{
	struct layout	*label = &g->sub[0], *value = &g->sub[1];
	unsigned int	 hw, indent;
	size_t		 i;

	layout_cell(c, head, g->room, label);
	hw = layout_widest_line(label);
	if (hw == 0) {
		indent = 0;
		layout_cell(c, cell, g->room, value);
		label->nlines = 0;
	} else if (label->nlines == 1 && hw + 2 <= g->room / 3 &&
	    g->room - hw - 2 >= LAYOUT_MIN_WIDTH) {
		indent = hw + 2;
		layout_cell(c, cell, g->room - indent, value);
	} else {
		/* A cell is never laid out narrower than any layout is. */
		indent = g->room >= LAYOUT_MIN_WIDTH + 2 ? 2 : 0;
		layout_cell(c, cell, g->room - indent, value);
		for (i = 0; i < label->nlines; i++) {
			layout_new_line(c);
			layout_copy_label(c->l, label, i);
			if (i + 1 == label->nlines && layout_room(c) > 0)
				layout_deco(c->l, LAYOUT_SEG_DECO, LAYOUT_BODY,
				    ":", 1, 1, 0, 0);
		}
		label->nlines = 0;
	}
	for (i = 0; i < value->nlines || i == 0; i++) {
		layout_new_line(c);
		if (i == 0 && label->nlines == 1) {
			layout_copy_label(c->l, label, 0);
			layout_deco(c->l, LAYOUT_SEG_DECO, LAYOUT_BODY, ": ",
			    2, 2, 0, 0);
		} else
			layout_blank(c->l, LAYOUT_BODY, indent);
		layout_copy_line(c->l, value, i, 0);
	}
}

/* Records: a block a body row, apart by a blank line. */
static void
layout_records(struct layout_ctx *c, struct layout_grid *g)
{
	struct layout	*label = &g->sub[0];
	size_t		 r, k, i;

	/* A header and no rows: the header's names, a line each. */
	for (k = 0; g->nrows == 1 && k < g->ncols; k++) {
		layout_cell(c, doc_table_cell(c->d, c->b, 0, k), g->room,
		    label);
		for (i = 0; i < label->nlines; i++) {
			layout_new_line(c);
			layout_copy_line(c->l, label, i, LAYOUT_STRONG);
		}
	}
	for (r = 1; r < g->nrows; r++) {
		if (r > 1)
			layout_new_line(c);
		for (k = 0; k < g->ncols; k++)
			layout_record_field(c, g, doc_table_cell(c->d, c->b,
			    0, k), doc_table_cell(c->d, c->b, r, k));
	}
}

void
layout_table(struct layout_ctx *c)
{
	struct layout_grid	 g;
	size_t			 k, nsub;

	memset(&g, 0, sizeof(g));
	g.ncols = c->blk->level;
	g.nrows = c->blk->number;
	if (g.ncols == 0 || g.nrows == 0)
		return;
	c->role = LAYOUT_BODY;
	g.room = layout_table_room(c);
	g.nat = xcalloc(g.ncols, sizeof(*g.nat));
	g.word = xcalloc(g.ncols, sizeof(*g.word));
	g.w = xcalloc(g.ncols, sizeof(*g.w));
	nsub = g.ncols < 2 ? 2 : g.ncols;
	g.sub = xcalloc(nsub, sizeof(*g.sub));
	for (k = 0; k < nsub; k++) {
		layout_init(&g.sub[k]);
		g.sub[k].struck_drawn = c->l->struck_drawn;
	}
	layout_grid_measure(c, &g);
	if (layout_grid_widths(&g))
		layout_grid(c, &g);
	else
		layout_records(c, &g);
	for (k = 0; k < nsub; k++)
		layout_release(&g.sub[k]);
	free(g.sub);
	free(g.w);
	free(g.word);
	free(g.nat);
}
