/*
 * load-table: GFM pipe tables.  cmark has no table extension: a table
 * comes from it as a paragraph, or as the end of one.  So the paragraph's
 * lines are read again from the text cmark parsed, the prefixes of the
 * quotes and items around it taken off, and cut into cells as GFM cuts
 * them (table.c), before any inline markup is read.  The cells are then
 * parsed again, each a paragraph of its own behind a no-break space (no
 * block can start there, and to inline markup it is a blank, as a line's
 * start is), after the definitions their references may use.  The lines
 * before the header stay a paragraph; the lines after the rows that GFM
 * reads as blocks of their own (a list that starts at 2, indented code)
 * are parsed as such, and from a lazy line on (one that lacks a quote's
 * '>' or an item's indent) outside the containers it lacks.  Those
 * blocks, and the rest, go back to the dispatcher through st->convert:
 * this file calls nothing above it by name.
 */
#include "load-convert.h"

#include <stdlib.h>
#include <string.h>

#include "prescan.h"
#include "table.h"

/*
 * Cells parsed again at once, in whole rows (one at least), so that a
 * huge table costs little memory however wide it is: 1,024 rows of 16
 * columns, 64 of 256.
 */
#define LOAD_TABLE_CELLS	(16 * 1024)

/* Containers around a table past this many: it is left a paragraph. */
#define LOAD_TABLE_DEPTH	64

/* U+00A0, before each cell parsed again. */
#define LOAD_NBSP		"\xc2\xa0"

/* A container around the paragraph: what its lines start with. */
struct load_prefix {
	cmark_node	*node;		/* borrowed */
	bool		 quote;		/* "> ", else an item's indent */
	size_t		 col;		/* item: its content's column */
};

/* One line of the paragraph. */
struct load_line {
	const char	*s;		/* past the prefixes it has */
	size_t		 len;
	size_t		 had;		/* prefixes, outermost first: fewer
					   than the containers when lazy */
	bool		 lazy;
};

struct load_tbl {
	struct load_prefix	 prefix[LOAD_TABLE_DEPTH];
	size_t			 nprefix;
	struct load_line	*lines;		/* owned */
	size_t			 nlines;
	size_t			 caplines;
	const char		*raw;		/* borrowed: the paragraph's
						   source, prefixes and all */
	size_t			 rawlen;
	size_t			 header;	/* its line */
	size_t			 end;		/* the first line past the rows */
	size_t			 ncols;
	enum table_align	*align;		/* owned: ncols of them */
	size_t			 capalign;
	struct table_cell	*cells;		/* owned: ncols of them */
	size_t			 capcells;
	struct buf		 again;		/* the text parsed again */
	bool			 open;		/* the table's leaf is open */
	size_t			 emitted;	/* its cells so far */
};

/* The quotes and items around `para`, outermost first. */
static bool
load_table_prefixes(struct load_tbl *t, cmark_node *para)
{
	cmark_node		*n, *first;
	cmark_node_type		 type;
	struct load_prefix	 p;
	size_t			 i;

	for (n = cmark_node_parent(para); n != NULL; n = cmark_node_parent(n)) {
		type = cmark_node_get_type(n);
		if (type != CMARK_NODE_BLOCK_QUOTE && type != CMARK_NODE_ITEM)
			continue;
		if (t->nprefix == LOAD_TABLE_DEPTH)
			return false;
		p.node = n;
		p.quote = type == CMARK_NODE_BLOCK_QUOTE;
		first = cmark_node_first_child(n);
		p.col = first != NULL ?
		    (size_t)cmark_node_get_start_column(first) : 1;
		t->prefix[t->nprefix++] = p;
	}
	for (i = 0; i < t->nprefix / 2; i++) {
		p = t->prefix[i];
		t->prefix[i] = t->prefix[t->nprefix - 1 - i];
		t->prefix[t->nprefix - 1 - i] = p;
	}
	return true;
}

/*
 * Take up to `upto` of the containers' prefixes off a line after the
 * paragraph's first, outermost first: a quote's '>' (and a blank after
 * it), an item's indent.  A lazy line lacks one: what it has is taken.
 */
static void
load_table_strip(const struct load_tbl *t, struct load_line *ln, size_t upto)
{
	const char	*s = ln->s;
	size_t		 pos = 0, at, sp;

	for (ln->had = 0; ln->had < upto; ln->had++) {
		at = pos;
		if (t->prefix[ln->had].quote) {
			for (sp = 0; sp < 3 && at < ln->len && s[at] == ' ';
			    sp++)
				at++;
			if (at == ln->len || s[at] != '>')
				break;
			at++;
			if (at < ln->len && (s[at] == ' ' || s[at] == '\t'))
				at++;
		} else {
			while (at + 1 < t->prefix[ln->had].col &&
			    at < ln->len && (s[at] == ' ' || s[at] == '\t'))
				at++;
			if (at + 1 < t->prefix[ln->had].col)
				break;
		}
		pos = at;
	}
	ln->s += pos;
	ln->len -= pos;
}

/*
 * The paragraph's lines, from the source; false when they cannot be had
 * or hold no pipe, which every table's delimiter row does.  A setext
 * heading's end as cmark 0.30 gives it may be the line after its
 * underline: its underline is its first line that is one.
 */
static bool
load_table_lines(struct load_state *st, struct load_tbl *t, cmark_node *para)
{
	int		 first = cmark_node_get_start_line(para);
	int		 last = cmark_node_get_end_line(para), line;
	size_t		 col = (size_t)cmark_node_get_start_column(para);
	struct load_line ln;
	bool		 setext = cmark_node_get_type(para) ==
			    CMARK_NODE_HEADING;

	if (last < first)
		return false;
	for (line = first; line <= last; line++) {
		if (!load_source_line(st, line, &ln.s, &ln.len))
			return false;
		if (line == first) {
			t->raw = ln.s;
			if (col < 1 || col - 1 > ln.len)
				return false;
			ln.s += col - 1;
			ln.len -= col - 1;
			ln.had = t->nprefix;
		} else
			load_table_strip(t, &ln, t->nprefix);
		ln.lazy = ln.had < t->nprefix;
		t->rawlen = (size_t)(ln.s + ln.len - t->raw);
		t->lines = xgrow(t->lines, &t->caplines, t->nlines + 1,
		    sizeof(*t->lines));
		t->lines[t->nlines++] = ln;
		if (setext && line > first && !ln.lazy &&
		    prescan_is_underline(ln.s, ln.len))
			break;
	}
	return memchr(t->raw, '|', t->rawlen) != NULL;
}

/*
 * The header: the first line whose next is a delimiter row as wide.
 * cmark-gfm looks for that row after every other block a line may open
 * (a setext underline, a thematic break, a list item), and not in a line
 * indented as code.
 */
static bool
load_table_header(struct load_tbl *t)
{
	const struct load_line	*a, *b;
	size_t			 i;

	for (i = 0; i + 1 < t->nlines; i++) {
		a = &t->lines[i];
		b = &t->lines[i + 1];
		if (b->lazy || memchr(b->s, '-', b->len) == NULL ||
		    prescan_opens_block(b->s, b->len) ||
		    prescan_is_underline(b->s, b->len))
			continue;
		t->ncols = table_delimiter(b->s, b->len, &t->align,
		    &t->capalign);
		if (t->ncols > 0 && table_row(a->s, a->len, NULL, 0) ==
		    t->ncols) {
			t->header = i;
			t->cells = xgrow(t->cells, &t->capcells, t->ncols,
			    sizeof(*t->cells));
			return true;
		}
	}
	return false;
}

/*
 * The rows go on to a line that is lazy, that opens a block, or that is
 * no row; or to where the cells that short rows are filled out with
 * would pass twice the table's bytes: a small file of many short rows
 * under a wide header must not cost gigabytes.
 */
static void
load_table_rows(struct load_tbl *t)
{
	const struct load_line	*ln;
	size_t			 k, bytes = 0;

	for (k = t->header; k < t->header + 2; k++)
		bytes += t->lines[k].len + 1;
	for (k = t->header + 2; k < t->nlines; k++) {
		ln = &t->lines[k];
		bytes += ln->len + 1;
		if (ln->lazy || prescan_opens_block(ln->s, ln->len) ||
		    table_row(ln->s, ln->len, t->cells, 0) == 0 ||
		    (k - t->header) * t->ncols > 2 * bytes + 2 * t->ncols)
			break;
	}
	t->end = k;
}

/* Lines [from, to) of the paragraph, as text of their own. */
static void
load_table_text(struct load_tbl *t, size_t from, size_t to)
{
	size_t	 k;

	for (k = from; k < to; k++) {
		buf_add(&t->again, t->lines[k].s, t->lines[k].len);
		buf_addc(&t->again, '\n');
	}
	buf_addc(&t->again, '\n');
}

/*
 * The cells of one row, each a paragraph to parse again: two lines each,
 * as a cell is one line's part.  Returns the lines added.
 */
static int
load_table_row_text(struct load_tbl *t, size_t line)
{
	const struct load_line	*ln = &t->lines[line];
	size_t			 n, c;

	/* The delimiter row gives no cells. */
	if (line == t->header + 1)
		return 0;
	n = table_row(ln->s, ln->len, t->cells, t->ncols);
	for (c = 0; c < t->ncols; c++) {
		buf_adds(&t->again, LOAD_NBSP);
		if (c < n)
			table_unescape(&t->again, ln->s + t->cells[c].off,
			    t->cells[c].len);
		buf_adds(&t->again, "\n\n");
	}
	return 2 * (int)t->ncols;
}

static void
load_table_open(struct load_state *st, struct load_tbl *t)
{
	if (t->open)
		return;
	load_leaf_open(st, DOC_TABLE, (unsigned int)t->ncols);
	t->open = true;
}

/* The next cell, from cell paragraph `para`, or empty when NULL. */
static void
load_table_cell(struct load_state *st, struct load_tbl *t, cmark_node *para)
{
	cmark_node		*first;
	const char		*lit;

	load_table_open(st, t);
	doc_cell_open(st->doc, t->align[t->emitted++ % t->ncols]);
	if (para != NULL) {
		first = cmark_node_first_child(para);
		if (first != NULL && cmark_node_get_type(first) ==
		    CMARK_NODE_TEXT && (lit = cmark_node_get_literal(first)) !=
		    NULL && strncmp(lit, LOAD_NBSP, 2) == 0)
			cmark_node_set_literal(first, lit + 2);
		load_inlines(st, para);
		/* What inline HTML left open ends with the cell. */
		load_html_close_above(st, 0);
	}
	doc_cell_close(st->doc);
}

/* Cells up to row `rows` of the table: those not there are empty. */
static void
load_table_fill(struct load_state *st, struct load_tbl *t, size_t rows)
{
	while (t->emitted < rows * t->ncols)
		load_table_cell(st, t, NULL);
}

/* A block of the lines before or after the table. */
static void
load_table_block(struct load_state *st, cmark_node *n)
{
	bool	 pipes = st->src.pipes;

	/* Its lines are not the source's: no table is looked for in it. */
	st->src.pipes = false;
	st->convert(st, n);
	st->src.pipes = pipes;
}

/* The definitions that the lines of rows [from, to) may use. */
static void
load_table_defs(struct load_state *st, struct load_tbl *t, size_t from,
    size_t to)
{
	const struct load_line	*a, *b;

	a = &t->lines[from == t->header ? 0 : from];
	b = &t->lines[to == t->end ? t->nlines - 1 : to - 1];
	st->defs(st->defs_arg, a->s, (size_t)(b->s + b->len - a->s),
	    &t->again);
}

/*
 * Parse rows [from, to) of the table again, with the paragraph's lines
 * before the header when `from` is the header and those after the rows
 * when `to` is the end, and convert what that gives.
 */
static void
load_table_chunk(struct load_state *st, struct load_tbl *t, size_t from,
    size_t to)
{
	cmark_parser	*p;
	cmark_node	*root, *n, *next;
	size_t		 k, rows_before;
	int		 cells = 0, after = 0, line;

	t->again.len = 0;
	load_table_defs(st, t, from, to);
	if (from == t->header && t->header > 0)
		load_table_text(t, 0, t->header);
	cells = (int)load_count_lines(t->again.data, t->again.len) + 1;
	after = cells;
	for (k = from; k < to; k++)
		after += load_table_row_text(t, k);
	if (to == t->end && t->end < t->nlines && !t->lines[t->end].lazy)
		load_table_text(t, t->end, t->nlines);
	p = cmark_parser_new(CMARK_OPT_DEFAULT |
	    (st->smart ? CMARK_OPT_SMART : 0));
	cmark_parser_feed(p, t->again.data, t->again.len);
	root = cmark_parser_finish(p);
	cmark_parser_free(p);
	/* Rows of the table before these: the header is one, the delimiter
	   row none. */
	rows_before = from == t->header ? 0 : from - t->header - 1;
	for (n = cmark_node_first_child(root); n != NULL; n = next) {
		next = cmark_node_next(n);
		line = cmark_node_get_start_line(n);
		if (line < cells)
			load_table_block(st, n);
		else if (line < after) {
			load_table_fill(st, t, rows_before);
			while (t->emitted < rows_before * t->ncols +
			    (size_t)(line - cells) / 2)
				load_table_cell(st, t, NULL);
			load_table_cell(st, t, cmark_node_get_type(n) ==
			    CMARK_NODE_PARAGRAPH ? n : NULL);
		} else {
			load_table_fill(st, t, to - t->header - 1);
			if (t->open)
				load_leaf_close(st);
			t->open = false;
			load_table_block(st, n);
		}
	}
	cmark_node_free(root);
}

/*
 * A lazy line past the rows: GFM reads it, and what follows, in the
 * containers it has the prefixes of only (cmark-gfm's table is no
 * paragraph that a line may continue lazily).  Those lines, to the end
 * of the innermost of these containers, or of the top-level block when
 * it has none, are left as st->rest.
 */
static void
load_table_rest_of(struct load_state *st, struct load_tbl *t, cmark_node *para)
{
	struct load_rest	*rest = xcalloc(1, sizeof(*rest));
	struct load_line	 ln, last;
	cmark_node		*n;
	size_t			 had = t->lines[t->end].had;
	int			 line, from, to;

	buf_init(&rest->text);
	if (had > 0) {
		rest->anchor = t->prefix[had - 1].node;
		rest->inside = true;
	} else {
		for (n = para; cmark_node_parent(cmark_node_parent(n)) != NULL;
		    n = cmark_node_parent(n))
			;
		rest->anchor = n;
	}
	from = cmark_node_get_start_line(para) + (int)t->end;
	to = cmark_node_get_end_line(rest->anchor);
	if (load_source_line(st, to, &last.s, &last.len) &&
	    load_source_line(st, from, &ln.s, &ln.len) && last.s >= ln.s)
		st->defs(st->defs_arg, ln.s, (size_t)(last.s + last.len - ln.s),
		    &rest->text);
	rest->from_line = (int)load_count_lines(rest->text.data,
	    rest->text.len) + 1;
	for (line = from; line <= to; line++) {
		if (!load_source_line(st, line, &ln.s, &ln.len))
			break;
		load_table_strip(t, &ln, had);
		buf_add(&rest->text, ln.s, ln.len);
		buf_addc(&rest->text, '\n');
	}
	st->rest = rest;
}

void
load_table_rest(struct load_state *st, struct load_rest *rest)
{
	load_convert_text(st, rest->text.data, rest->text.len,
	    rest->from_line);
	buf_release(&rest->text);
	free(rest);
}

bool
load_table(struct load_state *st, cmark_node *para)
{
	struct load_tbl	*t = xcalloc(1, sizeof(*t));
	size_t		 from, to, rows, step;
	bool		 found;

	buf_init(&t->again);
	found = load_table_prefixes(t, para) && load_table_lines(st, t, para) &&
	    load_table_header(t);
	if (found) {
		load_table_rows(t);
		step = t->ncols > 0 && t->ncols < LOAD_TABLE_CELLS ?
		    LOAD_TABLE_CELLS / t->ncols : 1;
		for (from = t->header; from < t->end; from = to) {
			to = t->end - from > step ? from + step : t->end;
			load_table_chunk(st, t, from, to);
		}
		/* Every row as wide as the header, even the last ones. */
		rows = t->end - t->header - 1;
		if (t->open || t->emitted < rows * t->ncols) {
			load_table_fill(st, t, rows);
			load_leaf_close(st);
		}
		if (t->end < t->nlines && t->lines[t->end].lazy)
			load_table_rest_of(st, t, para);
	}
	free(t->lines);
	free(t->align);
	free(t->cells);
	buf_release(&t->again);
	free(t);
	return found;
}
