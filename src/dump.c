/*
 * dump: prints layout lines, the talk index or (later) search results to a
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
#include "text.h"

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
	{ LAYOUT_RAW_HTML, ";2" },
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
	const struct layout_seg	*seg = l->segs + ln->seg;
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

	layout_init(&l);
	for (s = from; s < to && !ferror(fp); s++) {
		for (b = d->sections[s].first; b < d->sections[s].end; b++) {
			layout_block(&l, d, b, o->width);
			for (i = 0; i < l.nlines; i++)
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
 * One index line: indented by depth, then the talk number, or as many
 * blanks under a parent so that titles line up, then title and speakers.
 */
static void
dump_toc_line(FILE *fp, const struct doc *d, size_t s, int numw, bool color)
{
	const struct doc_section	*sec = &d->sections[s];
	const char			*title;
	size_t				 len;

	fprintf(fp, "%*s", (int)(2 * sec->depth), "");
	if (sec->talk > 0)
		fprintf(fp, color ? "\033[1;33m%*u.\033[0m " : "%*u. ", numw,
		    sec->talk);
	else if (d->ntalks > 0 && sec->depth > 0)
		fprintf(fp, "%*s  ", numw, "");
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
	int	 numw = snprintf(NULL, 0, "%u", d->ntalks);

	/* While more talks may come, leave room for three digits. */
	if (!d->complete && numw < 3)
		numw = 3;
	for (s = from; s < to && !ferror(fp); s++) {
		if (o->tsv)
			dump_toc_tsv(fp, d, s);
		else
			dump_toc_line(fp, d, s, numw, o->color);
	}
	return ferror(fp) ? -1 : 0;
}
