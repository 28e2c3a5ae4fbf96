/*
 * doc: the document model and the builder the loader fills it with.  The
 * model only grows; once a section's opening is known (its text up to its
 * first sub-heading, or its first paragraphs), its speakers are found by
 * the talks module.  No cmark, no curses.
 */
#include "doc.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "talks.h"
#include "text.h"

/* A byline is short: "By AUTHOR, DATE". */
#define DOC_BYLINE_MAX	120

struct doc *
doc_new(const char *name)
{
	struct doc	*d;
	const char	*base;

	d = xcalloc(1, sizeof(*d));
	d->name = xstrdup(name);
	if (strcmp(name, "-") == 0)
		d->fallback = xstrdup("(standard input)");
	else {
		base = strrchr(name, '/');
		d->fallback = xstrdup(base != NULL && base[1] != '\0' ?
		    base + 1 : name);
	}
	buf_init(&d->text);
	buf_init(&d->urls);
	d->title = DOC_NONE;
	d->byline = DOC_NONE;
	return d;
}

void
doc_free(struct doc *d)
{
	if (d == NULL)
		return;
	free(d->name);
	free(d->fallback);
	buf_release(&d->text);
	buf_release(&d->urls);
	free(d->blocks);
	free(d->spans);
	free(d->sections);
	free(d->speakers);
	free(d->cells);
	free(d);
}

bool
doc_is_leaf(enum doc_kind kind)
{
	return kind != DOC_QUOTE && kind != DOC_ITEM;
}

const char *
doc_block_text(const struct doc *d, size_t b, size_t *len)
{
	*len = d->blocks[b].len;
	return d->text.data + d->blocks[b].off;
}

const char *
doc_title(const struct doc *d, size_t *len)
{
	if (d->title != DOC_NONE)
		return doc_block_text(d, d->title, len);
	*len = strlen(d->fallback);
	return d->fallback;
}

const char *
doc_section_title(const struct doc *d, size_t s, size_t *len)
{
	static const char	 top[] = "(top)";

	if (d->sections[s].heading != DOC_NONE)
		return doc_block_text(d, d->sections[s].heading, len);
	if (d->nsections == 1 && d->complete)
		return doc_title(d, len);
	*len = sizeof(top) - 1;
	return top;
}

const char *
doc_span_url(const struct doc *d, const struct doc_span *sp, size_t *len)
{
	*len = sp->url_len;
	return d->urls.data + sp->url_off;
}

/* Bytes of a name or a heading compared, at the most. */
#define DOC_FOLD_MAX	512

/* Whether `name` is in `s`, both read as lower-case letters and digits. */
static bool
doc_folded_in(const char *name, size_t nlen, const char *s, size_t len)
{
	char	 a[DOC_FOLD_MAX], b[DOC_FOLD_MAX];
	size_t	 na = 0, nb = 0, i;

	for (i = 0; i < nlen && na < sizeof(a) - 1; i++)
		if (isalnum((unsigned char)name[i]) || name[i] & 0x80)
			a[na++] = (char)tolower((unsigned char)name[i]);
	for (i = 0; i < len && nb < sizeof(b) - 1; i++)
		if (isalnum((unsigned char)s[i]) || s[i] & 0x80)
			b[nb++] = (char)tolower((unsigned char)s[i]);
	a[na] = b[nb] = '\0';
	return na > 0 && strstr(b, a) != NULL;
}

/* List depth past which an item's text is a point's detail. */
#define DOC_OPENING_DEPTH	2

/*
 * Whether block `b` is read as part of its section's opening: a paragraph
 * or a sub-heading, but not one in a list nested deeper than
 * DOC_OPENING_DEPTH.  Minutes credit each item of their agenda on its
 * first or second level ("SIG Apps [Jane Roe]") and note what was said
 * below it; the notes would fill the opening before the agenda's end.
 */
static bool
doc_in_opening(const struct doc *d, size_t b)
{
	const struct doc_block	*blk = &d->blocks[b];

	if (blk->kind != DOC_PARAGRAPH && blk->kind != DOC_HEADING)
		return false;
	return blk->parent == DOC_NONE ||
	    d->blocks[blk->parent].kind != DOC_ITEM ||
	    d->blocks[blk->parent].level <= DOC_OPENING_DEPTH;
}

/* Marks of one block talks_find() is given. */
#define DOC_FIND_MARKS	32

/*
 * Whether link span `sp` leads to a place in this article ("#storage",
 * "this-page.html#storage"): an entry of its contents, which names a
 * section, not a talk's page or a person's.
 */
static bool
doc_links_within(const struct doc *d, const struct doc_span *sp)
{
	const char	*url = d->urls.data + sp->url_off;

	return sp->url_len > 0 && memchr(url, '#', sp->url_len) != NULL &&
	    memchr(url, ':', sp->url_len) == NULL &&
	    (url[0] == '#' || memchr(url, '/', sp->url_len) == NULL);
}

/* The marks talks_find() reads, from block `b`'s style spans. */
static size_t
doc_talks_marks(const struct doc *d, size_t b, struct talks_mark *m)
{
	const struct doc_block	*blk = &d->blocks[b];
	const struct doc_span	*sp;
	size_t			 i, n = 0;

	for (i = 0; i < blk->nspan && n < DOC_FIND_MARKS; i++) {
		sp = &d->spans[blk->span + i];
		if (sp->kind == DOC_SPAN_LINK && doc_links_within(d, sp))
			continue;
		if (sp->kind == DOC_SPAN_LINK)
			m[n].kind = TALKS_MARK_LINK;
		else if (sp->kind == DOC_SPAN_STRONG)
			m[n].kind = TALKS_MARK_STRONG;
		else if (sp->kind == DOC_SPAN_EMPH)
			m[n].kind = TALKS_MARK_EMPH;
		else if (sp->kind == DOC_SPAN_CODE)
			m[n].kind = TALKS_MARK_HIDDEN;
		else
			continue;
		m[n].off = sp->off - blk->off;
		m[n++].len = sp->len;
	}
	return n;
}

static void
doc_talks_block(const struct doc *d, size_t b, struct talks_block *tb,
    struct talks_mark *marks)
{
	const struct doc_block	*blk = &d->blocks[b];

	tb->text = d->text.data + blk->off;
	tb->len = blk->len;
	tb->marks = marks;
	tb->nmarks = doc_talks_marks(d, b, marks);
	if (blk->kind == DOC_HEADING)
		tb->kind = TALKS_BLOCK_HEADING;
	else if (blk->parent == DOC_NONE)
		tb->kind = TALKS_BLOCK_PARAGRAPH;
	else
		tb->kind = d->blocks[blk->parent].kind == DOC_QUOTE ?
		    TALKS_BLOCK_QUOTE : TALKS_BLOCK_ITEM;
}

/*
 * The cells of table `b` under a header that names presenters
 * ("Speaker"), each a block of the opening from tb[n] on.  Returns the
 * new count of blocks.
 */
static size_t
doc_talks_cells(const struct doc *d, size_t b, struct talks_block *tb,
    struct talks_mark (*marks)[DOC_FIND_MARKS], size_t *from, size_t n)
{
	const struct doc_block	*blk = &d->blocks[b];
	const struct doc_cell	*c;
	size_t			 col, row;

	for (col = 0; col < blk->level; col++) {
		c = doc_table_cell(d, b, 0, col);
		if (talks_is_presenter_header(d->text.data + c->off, c->len))
			break;
	}
	if (col == blk->level)
		return n;
	for (row = 1; row < blk->number && n < TALKS_FIND_BLOCKS + 1; row++) {
		c = doc_table_cell(d, b, row, col);
		from[n] = b;
		memset(&tb[n], 0, sizeof(tb[n]));
		tb[n].text = d->text.data + c->off;
		tb[n].len = c->len;
		tb[n].marks = marks[n];
		tb[n++].kind = TALKS_BLOCK_CELL;
	}
	return n;
}

/*
 * The opening of section `s` as talks_find() reads it: its heading, then
 * its paragraphs and the presenters' cells of its tables, up to
 * TALKS_FIND_BLOCKS; from[i] is tb[i]'s block.  A section with no text of its
 * own, a talk's title over "#### Speaker: Jane Roe", is opened by its
 * first sub-heading.
 */
static size_t
doc_talks_opening(const struct doc *d, size_t s, struct talks_block *tb,
    struct talks_mark (*marks)[DOC_FIND_MARKS], size_t *from)
{
	const struct doc_section	*sec = &d->sections[s];
	size_t				 b, n = 1;

	memset(&tb[0], 0, sizeof(tb[0]));
	from[0] = sec->heading;
	if (sec->heading != DOC_NONE)
		doc_talks_block(d, sec->heading, &tb[0], marks[0]);
	for (b = sec->first; b < sec->end && n < TALKS_FIND_BLOCKS + 1; b++) {
		if (d->blocks[b].kind == DOC_TABLE) {
			n = doc_talks_cells(d, b, tb, marks, from, n);
			continue;
		}
		if (b == sec->heading || !doc_in_opening(d, b))
			continue;
		from[n] = b;
		doc_talks_block(d, b, &tb[n], marks[n]);
		n++;
	}
	if (n == 1 && sec->end - sec->first <= 1 && s + 1 < d->nsections &&
	    d->sections[s + 1].parent == s &&
	    d->sections[s + 1].heading != DOC_NONE) {
		from[n] = d->sections[s + 1].heading;
		doc_talks_block(d, from[n], &tb[n], marks[n]);
		n++;
	}
	return n;
}

/*
 * Whether the name at `off`, in block `b`, is the topic rather than a
 * speaker: the whole text of a link ("[Docker Hub](...), the registry,
 * offers ...") that the heading names too ("Create a repository on
 * Docker Hub").
 */
static bool
doc_name_is_topic(const struct doc *d, const struct doc_section *sec,
    size_t b, size_t off, size_t len)
{
	const struct doc_block	*blk = &d->blocks[b];
	const struct doc_span	*sp;
	const char		*h;
	size_t			 i, hlen;

	if (sec->heading == DOC_NONE || b == sec->heading)
		return false;
	for (i = 0; i < blk->nspan; i++) {
		sp = &d->spans[blk->span + i];
		if (sp->off > off)
			return false;
		if (sp->kind == DOC_SPAN_LINK && sp->off == off &&
		    sp->len == len)
			break;
	}
	if (i == blk->nspan)
		return false;
	h = doc_block_text(d, sec->heading, &hlen);
	return doc_folded_in(d->text.data + off, len, h, hlen);
}

/*
 * A sub-heading that is only a name, spelling out one the parent section
 * gave its talk: "# Swear and Strum" / "Jesse gave a talk ..." / "## Jesse
 * Keane", a presenter's profile.  The name in `out`; false if not so.
 */
static bool
doc_heading_names_parent(const struct doc *d, size_t s, struct doc_range *out)
{
	const struct doc_section	*sec = &d->sections[s], *par;
	const struct doc_range		*r;
	struct talks_name		 nm;
	const char			*h;
	size_t				 hlen, end, i;

	if (sec->heading == DOC_NONE || sec->parent == DOC_NONE)
		return false;
	par = &d->sections[sec->parent];
	h = doc_block_text(d, sec->heading, &hlen);
	if (par->nspeaker == 0 || talks_names_at(h, hlen, 0, &nm, 1, &end) != 1 ||
	    end != hlen || nm.off != 0)
		return false;
	for (i = 0; i < par->nspeaker; i++) {
		r = &d->speakers[par->speaker + i];
		/* The parent's name is the first word of this one. */
		if (r->len < hlen && h[r->len] == ' ' &&
		    memcmp(d->text.data + r->off, h, r->len) == 0) {
			out->off = (size_t)(h - d->text.data);
			out->len = hlen;
			return true;
		}
	}
	return false;
}

size_t
doc_find_speakers(const struct doc *d, size_t s, struct doc_range *out,
    size_t max)
{
	const struct doc_section *sec = &d->sections[s];
	struct talks_block	 tb[TALKS_FIND_BLOCKS + 1];
	struct talks_mark	 marks[TALKS_FIND_BLOCKS + 1][DOC_FIND_MARKS];
	struct talks_found	 found[TALKS_FOUND_MAX];
	size_t			 from[TALKS_FIND_BLOCKS + 1];
	size_t			 i, n, nb, off, kept = 0, bylen = 0;
	const char		*byline = NULL;

	nb = doc_talks_opening(d, s, tb, marks, from);
	if (d->byline != DOC_NONE)
		byline = doc_block_text(d, d->byline, &bylen);
	n = talks_find(tb, nb, byline, bylen, found, max < TALKS_FOUND_MAX ? max :
	    TALKS_FOUND_MAX);
	for (i = 0; i < n; i++) {
		if (found[i].block == TALKS_FOUND_BYLINE) {
			off = (size_t)(byline - d->text.data) + found[i].off;
		} else {
			off = (size_t)(tb[found[i].block].text - d->text.data) +
			    found[i].off;
			if (doc_name_is_topic(d, sec, from[found[i].block], off,
			    found[i].len))
				continue;
		}
		out[kept].off = off;
		out[kept++].len = found[i].len;
	}
	if (kept == 0 && max > 0 && doc_heading_names_parent(d, s, &out[0]))
		kept = 1;
	return kept;
}

/*
 * Record the speakers of section `s` once its opening is known, and
 * number it as a talk if it has any.
 */
static void
doc_section_find_speakers(struct doc *d, size_t s)
{
	struct doc_section	*sec = &d->sections[s];
	size_t			 n;

	if (sec->known)
		return;
	sec->known = true;
	d->speakers = xgrow(d->speakers, &d->capspeakers,
	    d->nspeakers + DOC_MAX_SPEAKERS, sizeof(*d->speakers));
	n = doc_find_speakers(d, s, d->speakers + d->nspeakers,
	    DOC_MAX_SPEAKERS);
	if (n == 0)
		return;
	sec->speaker = d->nspeakers;
	sec->nspeaker = n;
	d->nspeakers += n;
	sec->talk = ++d->ntalks;
}

/*
 * Whether section `s`'s opening is complete: a section with no text of
 * its own waits for its first sub-heading's title.
 */
static bool
doc_section_waits(const struct doc *d, size_t s, size_t next_heading,
    unsigned int next_level)
{
	const struct doc_section	*sec = &d->sections[s];

	return sec->heading != DOC_NONE && sec->end - sec->first <= 1 &&
	    next_heading != DOC_NONE && next_level > sec->level;
}

size_t
doc_block_at(const struct doc *d, size_t off)
{
	size_t	 lo = 0, hi = d->nblocks, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (d->blocks[mid].off <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 ? lo - 1 : DOC_NONE;
}

void
doc_block_reach(const struct doc *d, size_t b, size_t from, size_t to,
    size_t *off, size_t *end)
{
	size_t	 p = b;

	*off = d->blocks[b].off;
	while ((d->blocks[p].flags & DOC_CONTINUED) && p > 0 && *off > from)
		*off = d->blocks[--p].off;
	p = b;
	*end = d->blocks[b].off + d->blocks[b].len;
	while (p + 1 < d->nblocks && (d->blocks[p + 1].flags &
	    DOC_CONTINUED) && *end < to) {
		p++;
		*end = d->blocks[p].off + d->blocks[p].len;
	}
}

size_t
doc_talk_section(const struct doc *d, unsigned long t)
{
	size_t	 s;

	for (s = 0; t > 0 && s < d->nsections; s++)
		if (d->sections[s].talk == t)
			return s;
	return DOC_NONE;
}

size_t
doc_section_start(const struct doc *d, size_t s)
{
	return s < d->nsections && d->sections[s].first < d->nblocks ?
	    d->blocks[d->sections[s].first].off : d->text.len;
}

size_t
doc_sections_final(const struct doc *d)
{
	if (d->complete || d->nsections == 0)
		return d->nsections;
	return d->nsections - 1;
}

unsigned int
doc_section_indent(const struct doc *d, size_t s)
{
	unsigned int	 depth = d->sections[s].depth;
	bool		 lone = d->nroots == 1 && d->nsections > 1 &&
			    d->title != DOC_NONE &&
			    d->sections[0].heading == d->title;

	if (lone && depth > 0)
		depth--;
	return depth < DOC_INDENT_MAX ? depth : DOC_INDENT_MAX;
}

/* Open a section at block `b`, closing the one before it. */
static void
doc_section_open(struct doc *d, size_t b, size_t heading, unsigned int level)
{
	struct doc_section	*sec;
	size_t			 p;

	if (d->nsections > 0 &&
	    !doc_section_waits(d, d->nsections - 1, heading, level))
		doc_section_find_speakers(d, d->nsections - 1);
	d->sections = xgrow(d->sections, &d->capsections, d->nsections + 1,
	    sizeof(*d->sections));
	sec = &d->sections[d->nsections];
	memset(sec, 0, sizeof(*sec));
	sec->heading = heading;
	sec->first = sec->end = b;
	sec->level = level;
	sec->parent = DOC_NONE;
	sec->speaker = DOC_NONE;
	/*
	 * The parent is the nearest section above of a shallower level, so a
	 * skipped level attaches to it; the implicit section is nobody's.
	 * Walking up the parent chain costs at most one step a level.
	 */
	p = d->nsections > 0 ? d->nsections - 1 : DOC_NONE;
	while (p != DOC_NONE && heading != DOC_NONE &&
	    d->sections[p].heading != DOC_NONE) {
		if (d->sections[p].level < level) {
			sec->parent = p;
			sec->depth = d->sections[p].depth + 1;
			break;
		}
		p = d->sections[p].parent;
	}
	d->nroots += sec->parent == DOC_NONE;
	d->nsections++;
}

size_t
doc_open(struct doc *d, enum doc_kind kind, size_t parent, unsigned int level)
{
	struct doc_block	*blk;
	size_t			 b = d->nblocks;

	d->blocks = xgrow(d->blocks, &d->capblocks, b + 1, sizeof(*d->blocks));
	blk = &d->blocks[b];
	memset(blk, 0, sizeof(*blk));
	blk->kind = kind;
	blk->off = d->text.len;
	blk->parent = parent;
	blk->span = d->nspans;
	blk->first_leaf = DOC_NONE;
	blk->cell = d->ncells;
	blk->level = level;
	if (parent != DOC_NONE)
		blk->depth = d->blocks[parent].depth + 1;
	d->nblocks++;
	if (kind == DOC_HEADING && parent == DOC_NONE)
		doc_section_open(d, b, b, level);
	else if (d->nsections == 0)
		doc_section_open(d, b, DOC_NONE, 1);
	blk->section = d->nsections - 1;
	d->sections[blk->section].end = b + 1;
	d->sections[blk->section].nparagraphs += kind == DOC_PARAGRAPH &&
	    doc_in_opening(d, b);
	return b;
}

/*
 * Leaf `b` has closed: find the speakers of a section whose opening it
 * completes.  A sub-heading completes its parent's when the parent had no
 * text of its own; TALKS_FIND_BLOCKS paragraphs complete any opening, so
 * that a long section is numbered before it ends.
 */
static void
doc_opening_grew(struct doc *d, size_t b)
{
	const struct doc_block	*blk = &d->blocks[b];
	const struct doc_section *sec = &d->sections[blk->section];
	size_t			 s = blk->section;

	if (blk->kind == DOC_HEADING && sec->heading == b) {
		if (s > 0 && !d->sections[s - 1].known)
			doc_section_find_speakers(d, s - 1);
		return;
	}
	if (!sec->known && sec->nparagraphs >= TALKS_FIND_BLOCKS)
		doc_section_find_speakers(d, s);
}

/* A full stop that ends a sentence; an initial's ("J. Corbet") does not. */
static bool
doc_has_sentence_break(const char *s, size_t len)
{
	size_t	 i;

	for (i = 1; i + 1 < len; i++) {
		if ((s[i] != '.' && s[i] != '?' && s[i] != '!') ||
		    s[i + 1] != ' ')
			continue;
		if (s[i] == '.' && s[i - 1] >= 'A' && s[i - 1] <= 'Z' &&
		    (i == 1 || s[i - 2] == ' '))
			continue;
		return true;
	}
	return false;
}

/* A top-level paragraph in the first section shaped "By AUTHOR, DATE". */
static bool
doc_is_byline(const struct doc *d, size_t b)
{
	const struct doc_block	*blk = &d->blocks[b];
	const char		*s = d->text.data + blk->off;

	if (blk->kind != DOC_PARAGRAPH || blk->depth != 0 ||
	    blk->section != 0 || blk->len > DOC_BYLINE_MAX ||
	    blk->len < 4 || strncmp(s, "By ", 3) != 0)
		return false;
	/* One line, one sentence, with a comma before the date. */
	return memchr(s, '\n', blk->len) == NULL &&
	    memchr(s, ',', blk->len) != NULL &&
	    !doc_has_sentence_break(s, blk->len);
}

/*
 * The length of a heading's text without the attributes that close it:
 * "{#id}", "{#id .class}" (Pandoc, kramdown, Hugo) and MDX's comment
 * "{/ *id* /}" without the blanks (read by then as "{/id/}", its stars
 * taken for emphasis).
 * They name the heading for links; no reader is meant to see them.
 */
static size_t
doc_attributes_start(const char *s, size_t len)
{
	size_t	 open, end = len;

	while (end > 0 && s[end - 1] == ' ')
		end--;
	if (end < 3 || s[end - 1] != '}')
		return len;
	for (open = end - 1; open > 0 && s[open - 1] != '{'; open--)
		if (s[open - 1] == '}' || s[open - 1] == '\n')
			return len;
	if (open == 0 || open < 2 || s[open - 2] != ' ')
		return len;
	if (s[open] == '/') {
		if (end - open < 3 || s[end - 2] != '/')
			return len;
	} else if (s[open] != '#' && s[open] != '.')
		return len;
	for (open -= 2; open > 0 && s[open - 1] == ' '; open--)
		continue;
	return open > 0 ? open : len;
}

/* Drop a heading's closing attributes, and the spans inside them. */
static void
doc_drop_attributes(struct doc *d, const struct doc_block *blk)
{
	size_t	 cut, i;

	cut = blk->off + doc_attributes_start(d->text.data + blk->off,
	    d->text.len - blk->off);
	if (cut == d->text.len)
		return;
	d->text.len = cut;
	while (d->nspans > blk->span && d->spans[d->nspans - 1].off >= cut)
		d->nspans--;
	for (i = blk->span; i < d->nspans; i++)
		if (d->spans[i].off + d->spans[i].len > cut)
			d->spans[i].len = cut - d->spans[i].off;
}

/*
 * Where a part of the paragraph's text [.., end) that reaches `from` may
 * end: at the first blank from `from` on that no span covers, which the
 * cut then stands on (`*blank`); failing one within DOC_PART_MAX bytes,
 * between two characters no span covers; or at `end`.  `*sp` walks the
 * paragraph's outermost spans, and is kept from one part to the next.
 */
static size_t
doc_part_end(const struct doc *d, size_t from, size_t end, size_t *sp,
    bool *blank)
{
	const struct doc_span	*s;
	const char		*t = d->text.data, *found;
	size_t			 at = from, upto, lim, cut;

	*blank = false;
	while (at < end) {
		while (*sp < d->nspans && d->spans[*sp].off +
		    d->spans[*sp].len <= at)
			*sp += 1 + d->spans[*sp].inner;
		s = *sp < d->nspans ? &d->spans[*sp] : NULL;
		if (s != NULL && s->off <= at) {
			at = s->off + s->len;
			continue;
		}
		upto = s != NULL && s->off < end ? s->off : end;
		lim = upto < from + DOC_PART_MAX ? upto : from + DOC_PART_MAX;
		if (lim > at && (found = memchr(t + at, ' ', lim - at)) !=
		    NULL) {
			*blank = true;
			return (size_t)(found - t);
		}
		if (upto > from + DOC_PART_MAX) {
			/* No blank for a part's length: cut the word. */
			cut = at > from + DOC_PART_MAX ? at :
			    from + DOC_PART_MAX;
			while (cut > at && ((unsigned char)t[cut] & 0xc0) ==
			    0x80)
				cut--;
			*blank = t[cut] == ' ';
			return cut;
		}
		at = upto;
	}
	return end;
}

/*
 * Cut paragraph `b`, the last block, into parts of DOC_PART_MAX bytes or
 * a little over: each part after the first is a new block, its text from
 * the cut (past the blank it stands on) and its spans the ones that start
 * there.  All but the last part are closed here.
 */
static void
doc_cut_parts(struct doc *d, size_t b)
{
	struct doc_block	*part;
	size_t			 end = d->text.len, sp = d->blocks[b].span;
	size_t			 cut, next;
	bool			 blank;

	while (end - d->blocks[d->nblocks - 1].off > DOC_PART_MAX) {
		part = &d->blocks[d->nblocks - 1];
		cut = doc_part_end(d, part->off + DOC_PART_MAX, end, &sp,
		    &blank);
		if (cut == end)
			break;
		part->len = cut - part->off;
		for (next = part->span; next < d->nspans &&
		    d->spans[next].off <= cut; next++)
			continue;
		part->nspan = next - part->span;
		d->blocks = xgrow(d->blocks, &d->capblocks, d->nblocks + 1,
		    sizeof(*d->blocks));
		part = &d->blocks[d->nblocks];
		*part = d->blocks[d->nblocks - 1];
		part->off = cut + blank;
		part->span = next;
		part->flags |= DOC_NO_GAP | DOC_CONTINUED;
		d->sections[part->section].end = ++d->nblocks;
	}
}

void
doc_close(struct doc *d, size_t b)
{
	struct doc_block	*blk = &d->blocks[b];
	size_t			 p;

	if (!doc_is_leaf(blk->kind))
		return;
	if (blk->kind == DOC_HEADING)
		doc_drop_attributes(d, blk);
	if (blk->kind == DOC_PARAGRAPH && b + 1 == d->nblocks)
		doc_cut_parts(d, b);
	blk = &d->blocks[d->nblocks - 1];
	blk->len = d->text.len - blk->off;
	blk->nspan = d->nspans - blk->span;
	/* Blocks are apart in the text, so no search joins two of them. */
	buf_addc(&d->text, '\n');
	blk = &d->blocks[b];
	for (p = blk->parent; p != DOC_NONE; p = d->blocks[p].parent) {
		if (d->blocks[p].first_leaf != DOC_NONE)
			break;
		d->blocks[p].first_leaf = b;
	}
	if (blk->kind == DOC_HEADING && blk->level == 1 &&
	    d->title == DOC_NONE && blk->parent == DOC_NONE)
		d->title = b;
	if (d->byline == DOC_NONE && doc_is_byline(d, b))
		d->byline = b;
	doc_opening_grew(d, b);
}

void
doc_add_text(struct doc *d, const char *s, size_t len)
{
	buf_add(&d->text, s, len);
}

void
doc_cell_open(struct doc *d, unsigned int align)
{
	struct doc_block	*blk = &d->blocks[d->nblocks - 1];
	struct doc_cell		*c;

	if (d->ncells > blk->cell)
		buf_addc(&d->text, '\n');	/* no search joins two cells */
	d->cells = xgrow(d->cells, &d->capcells, d->ncells + 1,
	    sizeof(*d->cells));
	c = &d->cells[d->ncells++];
	memset(c, 0, sizeof(*c));	/* padding too: docs compare whole */
	c->off = d->text.len;
	c->align = (unsigned char)align;
}

void
doc_cell_close(struct doc *d)
{
	struct doc_block	*blk = &d->blocks[d->nblocks - 1];
	struct doc_cell		*c = &d->cells[d->ncells - 1];
	size_t			 len = d->text.len - c->off;

	c->len = len > UINT_MAX ? UINT_MAX : (unsigned int)len;
	if (blk->level > 0 && (d->ncells - blk->cell) % blk->level == 0)
		blk->number = (d->ncells - blk->cell) / blk->level;
}

const struct doc_cell *
doc_table_cell(const struct doc *d, size_t b, size_t row, size_t col)
{
	const struct doc_block	*blk = &d->blocks[b];

	return &d->cells[blk->cell + row * blk->level + col];
}

size_t
doc_span_open(struct doc *d, enum doc_span_kind kind)
{
	struct doc_span	*sp;

	d->spans = xgrow(d->spans, &d->capspans, d->nspans + 1,
	    sizeof(*d->spans));
	sp = &d->spans[d->nspans];
	memset(sp, 0, sizeof(*sp));
	sp->kind = kind;
	sp->off = d->text.len;
	if (kind == DOC_SPAN_LINK || kind == DOC_SPAN_IMAGE)
		sp->link = ++d->nlinks;
	return d->nspans++;
}

unsigned int
doc_link_number(struct doc *d)
{
	return ++d->nlinks;
}

void
doc_span_set_link(struct doc *d, size_t sp, unsigned int n)
{
	d->spans[sp].link = n;
}

void
doc_span_close(struct doc *d, size_t sp)
{
	d->spans[sp].len = d->text.len - d->spans[sp].off;
	d->spans[sp].inner = (unsigned int)(d->nspans - 1 - sp);
}

void
doc_span_set_url(struct doc *d, size_t sp, const char *url, size_t len)
{
	d->spans[sp].url_off = d->urls.len;
	d->spans[sp].url_len = (unsigned int)len;
	buf_add(&d->urls, url, len);
}

void
doc_finish(struct doc *d)
{
	if (d->complete)
		return;
	/* An empty article still has one, untitled, section. */
	if (d->nsections == 0)
		doc_section_open(d, 0, DOC_NONE, 1);
	doc_section_find_speakers(d, d->nsections - 1);
	d->complete = true;
}
