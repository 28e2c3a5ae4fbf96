/*
 * dump: prints layout lines, the talk index or search results to a
 * stdio stream, optionally with SGR styling.  It is the pager's twin
 * without a terminal: anything it cannot print from the layout and the doc
 * belongs in those modules, not here.
 */
#include "dump.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "doc.h"
#include "layout.h"
#include "search.h"
#include "speakers.h"
#include "text.h"

/*
 * Bytes of a block looked at on each side of a match for its context:
 * DUMP_CONTEXT columns take fewer, but for runs of white space.
 */
#define DUMP_CONTEXT_BYTES	256

/* An ellipsis, where context is cut. */
#define DUMP_ELLIPSIS		"\xe2\x80\xa6"

/* SGR parameters of each role, and of each inline style. */
static const char *const dump_role_sgr[LAYOUT_ROLE__MAX] = {
	[LAYOUT_BODY] = "",
	[LAYOUT_HEADING] = ";1",
	[LAYOUT_TALK_NUMBER] = ";1;33",
	[LAYOUT_CODE] = ";36",
	[LAYOUT_HTML] = ";2",
	[LAYOUT_RULE] = ";2",
	[LAYOUT_QUOTE] = ";2",
	[LAYOUT_MARKER] = ";1",
	[LAYOUT_LINK_NUMBER] = ";2;34",
	[LAYOUT_CONTROL] = ";7",
	[LAYOUT_CONTINUED] = ";2",
};

static const struct {
	unsigned char	 bit;
	const char	*sgr;
} dump_style_sgr[] = {
	{ LAYOUT_EMPH, ";3" },
	{ LAYOUT_STRONG, ";1" },
	{ LAYOUT_CODE_SPAN, ";36" },
	{ LAYOUT_LINK, ";4;34" },
	{ LAYOUT_IMAGE, ";3" },
	{ LAYOUT_STRIKE, ";9" },
	{ LAYOUT_MARK, ";7" },
	{ LAYOUT_UNDERLINE, ";4" },
};

/*
 * Write `len` bytes of document text on one line, control characters as
 * symbols, tabs and line breaks as spaces.
 */
static void
dump_safe(FILE *fp, const char *s, size_t len)
{
	struct buf	 b;

	buf_init(&b);
	text_fit(s, len, SIZE_MAX, &b);
	fwrite(b.data, 1, b.len, fp);
	buf_release(&b);
}

/* The SGR sequence for a segment, into `out`. */
static void
dump_sgr(const struct layout_seg *seg, char *out, size_t size)
{
	size_t	 i, n;

	n = (size_t)snprintf(out, size, "\033[0%s", dump_role_sgr[seg->role]);
	for (i = 0; i < sizeof(dump_style_sgr) / sizeof(*dump_style_sgr); i++)
		if (seg->style & dump_style_sgr[i].bit && n < size)
			n += (size_t)snprintf(out + n, size - n, "%s",
			    dump_style_sgr[i].sgr);
	if (n < size)
		snprintf(out + n, size - n, "m");
}

static bool
dump_is_blank(const char *s, size_t len)
{
	while (len > 0 && s[len - 1] == ' ')
		len--;
	return len == 0;
}

static void
dump_line(FILE *fp, const struct layout *l, const struct layout_line *ln,
    bool color)
{
	/* A line of no segment may come from a layout that has none. */
	const struct layout_seg	*seg = ln->nseg > 0 ? l->segs + ln->seg :
				    NULL;
	const char		*bytes;
	/* A line starts with plain text, and gets back to it at its end. */
	char			 sgr[64], last[64] = "\033[0m";
	size_t			 i, n, end = ln->nseg;

	/* Blanks at the end of a line are not worth printing. */
	while (end > 0 && (seg[end - 1].kind == LAYOUT_SEG_DECO ||
	    seg[end - 1].len == 0) &&
	    (bytes = layout_seg_bytes(l, &seg[end - 1], &n)) != NULL &&
	    dump_is_blank(bytes, n))
		end--;
	for (i = 0; i < end; i++) {
		if (color) {
			dump_sgr(&seg[i], sgr, sizeof(sgr));
			if (strcmp(sgr, last) != 0)
				fputs(sgr, fp);
			memcpy(last, sgr, sizeof(last));
		}
		bytes = layout_seg_bytes(l, &seg[i], &n);
		fwrite(bytes, 1, n, fp);
	}
	if (color && strcmp(last, "\033[0m") != 0)
		fputs("\033[0m", fp);
	fputc('\n', fp);
}

/* The URLs of the links in section `s`, after its text. */
static void
dump_links(FILE *fp, const struct doc *d, size_t s, bool color)
{
	const struct doc_section	*sec = &d->sections[s];
	const struct doc_span		*sp;
	const char			*url;
	size_t				 b, i, len;
	bool				 first = true;

	for (b = sec->first; b < sec->end; b++) {
		for (i = 0; i < d->blocks[b].nspan; i++) {
			sp = &d->spans[d->blocks[b].span + i];
			if (sp->kind != DOC_SPAN_LINK &&
			    sp->kind != DOC_SPAN_IMAGE)
				continue;
			if (first)
				fputc('\n', fp);
			first = false;
			url = doc_span_url(d, sp, &len);
			fprintf(fp, color ? "\033[2;34m[%u]\033[0m " : "[%u] ",
			    sp->link);
			dump_safe(fp, url, len);
			fputc('\n', fp);
		}
	}
}

int
dump_article(FILE *fp, const struct doc *d, size_t from, size_t to,
    const struct dump_opts *o)
{
	struct layout	 l;
	size_t		 s, b, i;
	bool		 top = o->trim;

	layout_init(&l);
	l.struck_drawn = o->color;
	for (s = from; s < to && !ferror(fp); s++) {
		for (b = d->sections[s].first; b < d->sections[s].end; b++) {
			layout_block(&l, d, b, o->width);
			i = 0;
			while (top && i < l.nlines && l.lines[i].nseg == 0)
				i++;
			top = false;
			for (; i < l.nlines; i++)
				dump_line(fp, &l, &l.lines[i], o->color);
		}
		dump_links(fp, d, s, o->color);
	}
	layout_release(&l);
	return ferror(fp) ? -1 : 0;
}

/* Speakers of section `s`, joined by `sep`. */
static void
dump_speakers(FILE *fp, const struct doc *d, size_t s, const char *sep)
{
	const struct doc_section	*sec = &d->sections[s];
	const struct doc_range		*r;
	size_t				 i;

	for (i = 0; i < sec->nspeaker; i++) {
		r = &d->speakers[sec->speaker + i];
		if (i > 0)
			fputs(sep, fp);
		dump_safe(fp, d->text.data + r->off, r->len);
	}
}

static void
dump_toc_tsv(FILE *fp, const struct doc *d, size_t s)
{
	const struct doc_section	*sec = &d->sections[s];
	const char			*title;
	size_t				 len;

	fprintf(fp, "%u\t", sec->level);
	if (sec->talk > 0)
		fprintf(fp, "%u\t", sec->talk);
	else
		fputs("-\t", fp);
	title = doc_section_title(d, s, &len);
	dump_safe(fp, title, len);
	fputc('\t', fp);
	if (sec->nspeaker == 0)
		fputc('-', fp);
	dump_speakers(fp, d, s, "; ");
	fputc('\n', fp);
}

/*
 * One index line: indented by depth, then the talk number, the title and
 * the speakers.  Nothing in it depends on sections further on, so the
 * index can be printed as the article loads; the pager's index, which is
 * redrawn, lines titles up instead.
 */
static void
dump_toc_line(FILE *fp, const struct doc *d, size_t s, bool color)
{
	const struct doc_section	*sec = &d->sections[s];
	const char			*title;
	size_t				 len;
	unsigned int			 depth;

	depth = sec->depth < DOC_INDENT_MAX ? sec->depth : DOC_INDENT_MAX;
	fprintf(fp, "%*s", (int)(2 * depth), "");
	if (sec->talk > 0)
		fprintf(fp, color ? "\033[1;33m%u.\033[0m " : "%u. ",
		    sec->talk);
	title = doc_section_title(d, s, &len);
	if (color)
		fputs("\033[1m", fp);
	dump_safe(fp, title, len);
	if (color)
		fputs("\033[0m", fp);
	if (sec->nspeaker > 0) {
		fputs(color ? " \033[2m\xe2\x80\x94 " : " \xe2\x80\x94 ", fp);
		dump_speakers(fp, d, s, ", ");
		if (color)
			fputs("\033[0m", fp);
	}
	fputc('\n', fp);
}

int
dump_toc(FILE *fp, const struct doc *d, size_t from, size_t to,
    const struct dump_opts *o)
{
	size_t	 s;

	for (s = from; s < to && !ferror(fp); s++) {
		if (o->tsv)
			dump_toc_tsv(fp, d, s);
		else
			dump_toc_line(fp, d, s, o->color);
	}
	return ferror(fp) ? -1 : 0;
}

/*
 * The talks of one speaker, as dump_speaker_list() prints them, into
 * `out`: each its number, after its file's name where several were read,
 * and its title cut to `room` cells (none when 0).
 */
static void
dump_speaker_talks(const struct speakers_entry *e, const char *const *files,
    size_t nfiles, size_t room, struct buf *out)
{
	const struct speakers_talk	*t;
	const char			*sep = room > 0 ? "; " : ", ";
	size_t				 i;

	for (i = 0; i < e->ntalks; i++) {
		t = &e->talks[i];
		if (nfiles > 1 && (i == 0 || t->file != e->talks[i - 1].file)) {
			buf_adds(out, i > 0 ? "; " : "");
			text_fit(files[t->file], strlen(files[t->file]),
			    SIZE_MAX, out);
			buf_addc(out, ' ');
		} else if (i > 0)
			buf_adds(out, sep);
		buf_printf(out, "%u", t->talk);
		if (room > 0) {
			buf_addc(out, ' ');
			text_fit(t->title, strlen(t->title), room, out);
		}
	}
}

/* The same with --tsv: the talks, then their titles, as two fields. */
static void
dump_speaker_talks_tsv(const struct speakers_entry *e,
    const char *const *files, size_t nfiles, struct buf *out)
{
	size_t	 i;

	for (i = 0; i < e->ntalks; i++) {
		buf_adds(out, i > 0 ? "," : "");
		if (nfiles > 1) {
			text_fit(files[e->talks[i].file],
			    strlen(files[e->talks[i].file]), SIZE_MAX, out);
			buf_addc(out, ':');
		}
		buf_printf(out, "%u", e->talks[i].talk);
	}
	buf_addc(out, '\t');
	for (i = 0; i < e->ntalks; i++) {
		buf_adds(out, i > 0 ? "; " : "");
		text_fit(e->talks[i].title, strlen(e->talks[i].title), SIZE_MAX,
		    out);
	}
}

int
dump_speaker_list(FILE *fp, const struct speakers *sp,
    const char *const *files, size_t nfiles, bool tsv, size_t cols)
{
	const struct speakers_entry	*e;
	struct buf			 line;
	size_t				 i, head, used;

	buf_init(&line);
	for (i = 0; i < sp->n && !ferror(fp); i++) {
		e = &sp->v[i];
		line.len = 0;
		text_fit(e->name, strlen(e->name), SIZE_MAX, &line);
		buf_adds(&line, tsv ? "\t" : "  ");
		if (tsv)
			dump_speaker_talks_tsv(e, files, nfiles, &line);
		else {
			/* Measured without titles, then written with them. */
			head = line.len;
			dump_speaker_talks(e, files, nfiles, 0, &line);
			used = text_width(line.data, line.len);
			line.len = head;
			dump_speaker_talks(e, files, nfiles,
			    speakers_title_room(e, used, cols), &line);
		}
		buf_addc(&line, '\n');
		fwrite(line.data, 1, line.len, fp);
	}
	buf_release(&line);
	return ferror(fp) ? -1 : 0;
}

/* Append `len` bytes of text to `out`, each run of white space as one. */
static void
dump_flat(const char *s, size_t len, struct buf *out)
{
	size_t	 i = 0, run;

	while (i < len) {
		for (run = i; i < len && s[i] != ' ' && s[i] != '\t' &&
		    s[i] != '\n'; i++)
			;
		buf_add(out, s + run, i - run);
		if (i == len)
			break;
		buf_addc(out, ' ');
		while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n'))
			i++;
	}
}

/*
 * The text of a block from `lo` up to a match at `off`: its last
 * DUMP_CONTEXT columns, cut at a grapheme cluster behind an ellipsis.
 */
static void
dump_before(const struct doc *d, size_t lo, size_t off, struct buf *flat,
    struct buf *out)
{
	size_t		 start = lo, i = 0, w, g;

	if (off - lo > DUMP_CONTEXT_BYTES)
		start = off - DUMP_CONTEXT_BYTES;
	while (start < off && ((unsigned char)d->text.data[start] & 0xc0) ==
	    0x80)
		start++;
	flat->len = 0;
	dump_flat(d->text.data + start, off - start, flat);
	w = text_width(flat->data, flat->len);
	/* What starts the bytes looked at may be half a cluster: cut it. */
	if (flat->len > 0 && (start > lo || w > DUMP_CONTEXT)) {
		do {
			g = text_grapheme_len(flat->data + i, flat->len - i);
			w -= text_width(flat->data + i, g);
			i += g;
		} while (i < flat->len && w > DUMP_CONTEXT - 1);
		buf_adds(out, DUMP_ELLIPSIS);
	}
	text_fit(flat->data + i, flat->len - i, SIZE_MAX, out);
}

/*
 * The text of a block after a match, from `end` up to `hi`: its first
 * DUMP_CONTEXT columns, an ellipsis where cut.
 */
static void
dump_after(const struct doc *d, size_t end, size_t hi, struct buf *flat,
    struct buf *out)
{
	size_t		 stop = hi;

	if (hi - end > DUMP_CONTEXT_BYTES) {
		stop = end + DUMP_CONTEXT_BYTES;
		while (stop > end &&
		    ((unsigned char)d->text.data[stop] & 0xc0) == 0x80)
			stop--;
	}
	flat->len = 0;
	dump_flat(d->text.data + end, stop - end, flat);
	if (stop < hi && text_width(flat->data, flat->len) <= DUMP_CONTEXT) {
		text_fit(flat->data, flat->len, SIZE_MAX, out);
		buf_adds(out, DUMP_ELLIPSIS);
	} else
		text_fit(flat->data, flat->len, DUMP_CONTEXT, out);
}

/* The match itself, on one line, between its marks. */
static void
dump_marked(const struct doc *d, const struct search_match *m, bool color,
    struct buf *flat, struct buf *out)
{
	flat->len = 0;
	dump_flat(d->text.data + m->off, m->len, flat);
	buf_adds(out, color ? "\033[7m" : "[");
	text_fit(flat->data, flat->len, SIZE_MAX, out);
	buf_adds(out, color ? "\033[0m" : "]");
}

/*
 * One match: talk, title, and the match in its context.  `line` and
 * `flat` are scratch, kept from match to match so that a long list of
 * matches costs no allocation each.
 */
static void
dump_match(FILE *fp, const struct doc *d, const struct search_match *m,
    bool color, struct buf *line, struct buf *flat)
{
	const struct doc_block	*blk;
	const char		*title;
	size_t			 b, len, end = m->off + m->len, lo, hi;

	if ((b = doc_block_at(d, m->off)) == DOC_NONE)
		return;
	blk = &d->blocks[b];
	/* Context reaches over the parts of a code block kept in parts. */
	doc_block_reach(d, b, m->off > DUMP_CONTEXT_BYTES ?
	    m->off - DUMP_CONTEXT_BYTES : 0, end + DUMP_CONTEXT_BYTES, &lo,
	    &hi);
	if (hi < end)
		hi = end;
	line->len = 0;
	if (d->sections[blk->section].talk > 0)
		buf_printf(line, "%u\t", d->sections[blk->section].talk);
	else
		buf_adds(line, "-\t");
	title = doc_section_title(d, blk->section, &len);
	text_fit(title, len, SIZE_MAX, line);
	buf_addc(line, '\t');
	dump_before(d, lo, m->off, flat, line);
	dump_marked(d, m, color, flat, line);
	dump_after(d, end, hi, flat, line);
	buf_addc(line, '\n');
	fwrite(line->data, 1, line->len, fp);
}

int
dump_matches(FILE *fp, const struct doc *d, const struct search *s,
    const struct dump_opts *o)
{
	struct buf	 line, flat;
	size_t		 i;

	buf_init(&line);
	buf_init(&flat);
	for (i = 0; i < s->n && !ferror(fp); i++)
		dump_match(fp, d, &s->m[i], o->color, &line, &flat);
	buf_release(&line);
	buf_release(&flat);
	return ferror(fp) ? -1 : 0;
}
