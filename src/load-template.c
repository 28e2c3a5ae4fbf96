/*
 * load-template: the loader's template stage, between sanitising and
 * cutting.  The sanitised text comes in whole lines; each is given on to
 * the cut stage as the Markdown its site's generator would have made of
 * it: Liquid tags, Hugo shortcodes, kramdown's and Pandoc's attributes,
 * MDX's imports and TeX math replaced by the Markdown that shows what
 * they mean (template-liquid.c, template-hugo.c, template-kramdown.c,
 * template-pandoc.c, template-mdx.c, template-math.c say how).  Code is
 * left as it is: fenced and indented code blocks, code spans.  A tag may go on over a few lines, and a
 * block a tag opens (raw text, highlighted code, a comment, a notice)
 * over any number: a line waits until what it needs has come, so the
 * text given on is the same however the input is cut into steps.  Front
 * matter is given on untouched, for the front stage to read.
 */
/* memmem(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "load-template.h"

#include <string.h>
#include <strings.h>

#include "front.h"
#include "load-private.h"
#include "load.h"

/* A tag may go on over this many lines, and this many bytes, at most. */
#define TPL_JOIN_LINES		16
#define TPL_JOIN_BYTES		65536

void
load_template_init(struct load_template *lt)
{
	memset(lt, 0, sizeof(*lt));
	lt->tpl.blank = true;
}

/* Whether `len` bytes at `s` are blanks only. */
static bool
tpl_blank(const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return false;
	return true;
}

/* What the innermost block a tag opened is; TPL_BLOCK_NONE outside any. */
static enum tpl_block
tpl_top(const struct tpl *t)
{
	return t->nopen > 0 ? t->open[t->nopen - 1].block : TPL_BLOCK_NONE;
}

/* Whether the lines are taken as they are, or dropped, up to a closing tag. */
static bool
tpl_in_raw(const struct tpl *t)
{
	return tpl_top(t) == TPL_BLOCK_VERBATIM || tpl_top(t) == TPL_BLOCK_DROP;
}

/*
 * `len` bytes of a shortcode's content as text, as Hugo gives it to the
 * page: its Markdown escaped, so that none of it is read as a block's or
 * a span's mark, its lines kept as lines, its HTML read as HTML.
 */
static void
tpl_as_text(struct tpl *t, const char *s, size_t len, struct buf *out)
{
	const char	*nl;
	size_t		 n;

	while (len > 0) {
		if (out->len == t->line_mark) {
			while (len > 0 && (*s == ' ' || *s == '\t')) {
				s++;
				len--;
			}
			/* A setext underline, a rule, a list item. */
			if (len > 0 && strchr("-+=", *s) != NULL)
				buf_addc(out, '\\');
			else if ((n = tpl_list_marker(s, len)) > 1) {
				buf_add(out, s, n - 1);
				buf_addc(out, '\\');
				s += n - 1;
				len -= n - 1;
			}
		}
		nl = memchr(s, '\n', len);
		n = nl != NULL ? (size_t)(nl - s) : len;
		tpl_text_html(out, s, n);
		t->as_text = t->as_text || n > 0;
		s += n;
		len -= n;
		if (nl != NULL) {
			buf_adds(out, "  ");
			tpl_newline(t, out);
			s++;
			len--;
		}
	}
}

/* Whether a line ends in HTML's <br>, <br/> or <br />: it breaks there. */
static bool
tpl_ends_in_break(const char *s, size_t len)
{
	size_t	 i;

	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (len < 4 || s[len - 1] != '>')
		return false;
	i = len - 1;
	while (i > 0 && (s[i - 1] == '/' || s[i - 1] == ' '))
		i--;
	return i >= 3 && strncasecmp(s + i - 3, "<br", 3) == 0;
}

/* Text between tags, copied, or as text in an unknown shortcode's pair. */
static void
tpl_run(struct tpl *t, const char *s, size_t len, struct buf *out)
{
	if (tpl_top(t) == TPL_BLOCK_TEXT)
		tpl_as_text(t, s, len, out);
	else
		buf_add(out, s, len);
}

/* Markdown's own code, left alone. */

/* The line with its indentation and quote marks taken off; its indent. */
static const char *
tpl_content(const char *s, size_t *len, size_t *indent)
{
	size_t	 i = 0, lead = 0;

	for (;;) {
		lead = 0;
		while (i < *len && (s[i] == ' ' || s[i] == '\t')) {
			lead += s[i] == '\t' ? 4 : 1;
			i++;
		}
		if (i < *len && s[i] == '>' && lead < 4) {
			i++;
			continue;
		}
		break;
	}
	*indent = lead;
	*len -= i;
	return s + i;
}

/* A fence's run at the start of `s`, or 0. */
static size_t
tpl_fence_run(const char *s, size_t len, char *c)
{
	size_t	 n = 0;

	if (len == 0 || (s[0] != '`' && s[0] != '~'))
		return 0;
	while (n < len && s[n] == s[0])
		n++;
	if (n < 3 || (s[0] == '`' && memchr(s + n, '`', len - n) != NULL))
		return 0;
	*c = s[0];
	return n;
}

/*
 * Whether line `s` is Markdown's code (a fence, a line in one, or indented
 * code), which tags are not looked for in; the state of fences and lists
 * moves on with it.
 */
static bool
tpl_markdown_code(struct tpl *t, const char *s, size_t len)
{
	const char	*c;
	size_t		 clen = len, indent, run;
	char		 ch = 0;
	bool		 blank = t->blank, was_code = t->code;

	t->after_blank = blank;
	c = tpl_content(s, &clen, &indent);
	t->blank = tpl_blank(c, clen);
	t->code = false;
	if (t->fence != 0) {
		run = tpl_fence_run(c, clen, &ch);
		if (ch == t->fence && run >= t->fence_len &&
		    tpl_blank(c + run, clen - run))
			t->fence = 0;
		return true;
	}
	/* At any indent: in a list item, a fence is indented as its text
	   is, and this stage does not follow items as cmark does. */
	if ((run = tpl_fence_run(c, clen, &ch)) > 0) {
		t->fence = ch;
		t->fence_len = run;
		return true;
	}
	if (t->blank) {
		t->html = false;
		return false;
	}
	if (indent < 4 && clen > 1 && c[0] == '<' && (c[1] == '/' ||
	    c[1] == '!' || c[1] == '?' ||
	    (unsigned int)((c[1] | 0x20) - 'a') < 26))
		t->html = true;
	if (indent >= 4 && (blank || was_code) && !t->list) {
		t->code = true;
		return true;
	}
	if (indent < 4 && tpl_list_marker(c, clen) > 0)
		t->list = true;
	else if (indent == 0 && blank)
		t->list = false;
	return false;
}

/* Tags. */

/* Whether `tag` closes the block `o`. */
static bool
tpl_closes(const struct tpl_open *o, const struct tpl_tag *tag)
{
	if (o->syn == TPL_LIQUID)
		return tag->syn == TPL_LIQUID && strcmp(tag->name,
		    o->close) == 0;
	if (o->syn == TPL_KRAMDOWN)
		return tag->syn == TPL_KRAMDOWN && tag->closing &&
		    (tag->name[0] == '\0' || strcmp(tag->name, o->close) == 0);
	return (tag->syn == TPL_HUGO || tag->syn == TPL_HUGO_MD) &&
	    tag->closing && strcmp(tag->name, o->close) == 0;
}

/* The block `o` ends: what it writes in place of its closing tag. */
static void
tpl_close(struct tpl *t, struct buf *out, const char *rest, size_t rlen)
{
	struct tpl_open	*o = &t->open[--t->nopen];
	bool		 fence = strcmp(o->end, tpl_fence_end) == 0;

	if (o->block == TPL_BLOCK_QUOTE && t->nquote > 0)
		t->nquote--;
	if (fence && out->len != t->line_mark)
		tpl_newline(t, out);
	buf_adds(out, o->end);
	if (fence && !tpl_blank(rest, rlen))
		tpl_newline(t, out);
}

/*
 * In a block of raw text, code or a comment: the line from `at` up to the
 * block's closing tag kept or dropped; returns where the walk goes on.
 */
static size_t
tpl_in_block(struct tpl *t, struct tpl_line *ln, size_t at, struct buf *out)
{
	const struct tpl_open	*o = &t->open[t->nopen - 1];
	struct tpl_tag		 tag;
	const char		*p;
	size_t			 i = at;

	while ((p = memchr(ln->s + i, '{', ln->len - i)) != NULL) {
		i = (size_t)(p - ln->s);
		if (tpl_tag_read(ln, i, &tag) && tpl_closes(o, &tag))
			break;
		i++;
	}
	if (p == NULL)
		i = ln->len;
	if (o->block == TPL_BLOCK_VERBATIM)
		buf_add(out, ln->s + at, i - at);
	if (p == NULL)
		return i;
	i += tag.len;
	tpl_close(t, out, ln->s + i, ln->len - i);
	return i;
}

/*
 * A shortcode escaped with comment marks inside its delimiters, as the
 * page shows it: the shortcode, as text.
 */
static void
tpl_escaped(const struct tpl_tag *tag, char kind, struct buf *out)
{
	const char	*b = tag->body;
	size_t		 n = tag->blen;

	if (n >= 2 && b[n - 2] == '*' && b[n - 1] == '/')
		n -= 2;
	if (n >= 2 && b[0] == '/' && b[1] == '*') {
		b += 2;
		n -= 2;
	}
	buf_adds(out, kind == '<' ? "{{< " : "{{% ");
	while (n > 0 && (b[n - 1] == ' ' || b[n - 1] == '*'))
		n--;
	while (n > 0 && *b == ' ') {
		b++;
		n--;
	}
	buf_add(out, b, n);
	buf_adds(out, kind == '<' ? " >}}" : " %}}");
}

/* Tag `tag` at `at` of the line, written by its syntax's rules. */
static bool
tpl_dispatch(struct tpl *t, const struct tpl_line *ln, size_t at,
    const struct tpl_tag *tag, bool in_dest, struct buf *out)
{
	switch (tag->syn) {
	case TPL_LIQUID:
	case TPL_OUTPUT:
		return tpl_liquid(t, tag, in_dest, out);
	case TPL_HUGO:
	case TPL_HUGO_MD:
		return tpl_hugo(t, tag, in_dest, out);
	case TPL_HUGO_ESCAPED:
		tpl_escaped(tag, ln->s[at + 2], out);
		return true;
	case TPL_KRAMDOWN:
		return tpl_kramdown(t, tag, in_dest, out);
	case TPL_MKDOCS:
		break;		/* a line, never a tag */
	}
	return false;
}

/*
 * Where the last run of each length starts after `from`, a search for a
 * closing run from there having found none: a later opener whose length
 * has no run after it is no code span, and nothing is looked at again.
 */
static void
tpl_ticks_index(struct tpl_line *ln, size_t from)
{
	const char	*s = ln->s;
	size_t		 i, m, most = 0, pass;

	for (pass = 0; pass < 2; pass++) {
		for (i = from; i < ln->len; i += m) {
			for (m = 0; i + m < ln->len && s[i + m] == '`'; m++)
				continue;
			if (m == 0)
				m = 1;
			else if (pass == 0 && m > most)
				most = m;
			else if (pass == 1 && s[i] == '`' && m < ln->nticks)
				ln->ticks[m] = i;
		}
		if (pass == 0) {
			ln->nticks = (most < TPL_TICKS_MAX ? most :
			    TPL_TICKS_MAX) + 1;
			ln->ticks = xcalloc(ln->nticks, sizeof(*ln->ticks));
		}
	}
}

/*
 * A code span from `at`, copied whole; returns its end.  A run longer
 * than cmark's longest opens none, as in cmark, whose parser this feeds.
 */
static size_t
tpl_code_span_copy(struct tpl_line *ln, size_t at, struct buf *out)
{
	const char	*s = ln->s;
	size_t		 n = 0, i;

	while (at + n < ln->len && s[at + n] == '`')
		n++;
	if (n > TPL_TICKS_MAX || (ln->ticks != NULL && (n >= ln->nticks ||
	    ln->ticks[n] <= at)))
		i = ln->len;
	else
		i = at + n;
	while (i < ln->len) {
		const char	*p = memchr(s + i, '`', ln->len - i);
		size_t		 m = 0;

		if (p == NULL)
			break;
		i = (size_t)(p - s);
		while (i + m < ln->len && s[i + m] == '`')
			m++;
		if (m == n) {
			buf_add(out, s + at, i + m - at);
			return i + m;
		}
		i += m;
	}
	if (ln->ticks == NULL && n <= TPL_TICKS_MAX)
		tpl_ticks_index(ln, at + n);
	buf_add(out, s + at, n);
	return at + n;
}

/* Where a link definition's destination starts in line `s`, or 0. */
static size_t
tpl_definition_dest(const char *s, size_t len)
{
	size_t	 i = 0;
	const char *close;

	while (i < len && i < 3 && s[i] == ' ')
		i++;
	if (i >= len || s[i] != '[' ||
	    (close = memchr(s + i, ']', len - i)) == NULL)
		return 0;
	i = (size_t)(close - s) + 1;
	if (i >= len || s[i] != ':')
		return 0;
	for (i++; i < len && s[i] == ' '; i++)
		continue;
	return i;
}

/*
 * Whether the walk at `i` is in a destination: a link's or image's, an
 * href or src attribute's, a definition's.  `*dest` holds what closes it.
 */
static void
tpl_dest_track(const char *s, size_t i, size_t len, char *dest)
{
	if (*dest != 0) {
		if (s[i] == *dest || (*dest == ')' && s[i] == ' ') ||
		    (*dest == ' ' && s[i] == ' '))
			*dest = 0;
		return;
	}
	if (s[i] == '(' && i > 0 && s[i - 1] == ']')
		*dest = ')';
	else if (s[i] == '"' && i >= 5 && (memcmp(s + i - 5, "href=", 5) ==
	    0 || memcmp(s + i - 4, "src=", 4) == 0))
		*dest = '"';
	(void)len;
}

/*
 * Tag `tag` at `at` of the line: the end of the block open, or what its
 * rules write; false if they take it for no tag.
 */
static bool
tpl_tag(struct tpl *t, const struct tpl_line *ln, size_t at,
    const struct tpl_tag *tag, bool in_dest, struct buf *out)
{
	const char	*rest = ln->s + at + tag->len;
	size_t		 rlen = ln->len - at - tag->len, depth = t->nopen, d;

	if (t->nopen > 0 && tpl_closes(&t->open[t->nopen - 1], tag)) {
		tpl_close(t, out, rest, rlen);
		return true;
	}
	if (!tpl_dispatch(t, ln, at, tag, in_dest, out))
		return false;
	/* The lines the tag went on over stay lines. */
	for (d = 0; d < tag->len; d++)
		if (tag->s[d] == '\n')
			buf_addc(out, '\n');
	/* Code opened after text: it starts a line. */
	if (t->nopen > depth && strcmp(t->open[t->nopen - 1].end,
	    tpl_fence_end) == 0 && !tpl_blank(rest, rlen))
		tpl_newline(t, out);
	return true;
}

/*
 * Where the last of what the walk acts on in `s` ends, or 0 if it holds
 * none, as most lines do: a brace (a tag, attributes), a dollar or a
 * backslash (math).
 */
static size_t
tpl_work_end(const char *s, size_t len)
{
	const char	*last[3];
	size_t		 i, end = 0;

	last[0] = memrchr(s, '{', len);
	last[1] = memrchr(s, '$', len);
	last[2] = memrchr(s, '\\', len);
	for (i = 0; i < 3; i++)
		if (last[i] != NULL && (size_t)(last[i] - s) + 1 > end)
			end = (size_t)(last[i] - s) + 1;
	return end;
}

/*
 * The tags of a line, in Markdown: each replaced as its rules say.  The
 * text between them is copied in runs, and none after the last '{'.
 */
static void
tpl_walk(struct tpl *t, const char *s, size_t len, struct buf *out)
{
	struct tpl_line	 ln;
	struct tpl_tag	 tag;
	size_t		 i = 0, run = 0, def, n, a, b, work;
	char		 dest = 0;
	bool		 text, markdown;

	work = tpl_work_end(s, len);
	if (!tpl_in_raw(t) && work == 0) {
		tpl_run(t, s, len, out);
		return;
	}
	tpl_line_init(&ln, s, len);
	def = tpl_definition_dest(s, len);
	while (i < len) {
		if (tpl_in_raw(t)) {
			tpl_run(t, s + run, i - run, out);
			run = i = tpl_in_block(t, &ln, i, out);
			continue;
		}
		if (i == run && i >= work)
			break;
		if (def != 0 && i == def)
			dest = ' ';
		text = tpl_top(t) == TPL_BLOCK_TEXT;
		/* Math and attributes are Markdown's, not HTML's. */
		markdown = !text && !t->html && dest == 0;
		if (markdown && (s[i] == '$' || s[i] == '\\') &&
		    (n = tpl_math(&ln, i, &a, &b)) > 0) {
			tpl_run(t, s + run, i - run, out);
			tpl_code_span(out, s + a, b - a);
			run = i += n;
			continue;
		}
		if (markdown && s[i] == '{' &&
		    (n = tpl_pandoc_attributes(s, i, len)) > 0) {
			tpl_run(t, s + run, i - run, out);
			if (s[i - 1] == ']')
				tpl_pandoc_span(t, out);
			run = i += n;
			continue;
		}
		if ((!text && (s[i] == '`' || (s[i] == '\\' && i + 1 < len))) ||
		    (s[i] == '{' && tpl_tag_read(&ln, i, &tag))) {
			tpl_run(t, s + run, i - run, out);
			if (s[i] == '`')
				i = tpl_code_span_copy(&ln, i, out);
			else if (s[i] == '\\') {
				buf_add(out, s + i, 2);
				i += 2;
			} else if (tpl_tag(t, &ln, i, &tag, dest != 0, out))
				i += tag.len;
			else
				buf_addc(out, s[i++]);
			run = i;
			continue;
		}
		tpl_dest_track(s, i, len, &dest);
		i++;
	}
	tpl_run(t, s + run, len - run, out);
	tpl_line_release(&ln);
}

/* A line, or the lines a tag goes on over, without its newline. */
static void
tpl_unit(struct tpl *t, const char *s, size_t len, struct buf *out)
{
	size_t	 mark, quotes;

	s = tpl_mkdocs_body(t, s, &len);
	mark = out->len;
	quotes = t->nquote;
	tpl_prefix(t, out);
	t->line_mark = out->len;
	t->as_text = false;
	if (tpl_in_raw(t) || tpl_top(t) == TPL_BLOCK_TEXT) {
		tpl_walk(t, s, len, out);
	} else if (tpl_markdown_code(t, s, len)) {
		buf_add(out, s, len);
	} else if (t->nquote == 0 && tpl_mdx_esm(t, s, len)) {
		/* Imports and exports show nothing. */
	} else if (tpl_mkdocs_open(t, s, len, out)) {
		/* Its title is written; its body follows. */
	} else if (!tpl_mdx_tabs(s, len, out)) {
		tpl_walk(t, s, len, out);
	}
	/* A line that only closed a notice is no line of it. */
	if (t->nquote < quotes && out->len == t->line_mark)
		out->len = mark;
	/* Text's lines stay lines. */
	if (tpl_top(t) == TPL_BLOCK_TEXT && t->as_text &&
	    !tpl_ends_in_break(out->data + t->line_mark, out->len -
	    t->line_mark))
		buf_adds(out, "  ");
	t->line++;
}

/*
 * Whether the line from `from` is one the walk has no work in (no brace,
 * dollar or backslash), outside the blocks tags open and MDX's
 * statements, starting with no letter of MDX's, with
 * a next line that starts with no brace (so it is no "* TOC" over
 * "{:toc}"): most lines.  Such a line is given on as it is, once
 * Markdown's code has moved on with it.  Returns where the next line
 * starts; `from` if this is no such line.
 */
static size_t
tpl_plain(struct tpl *t, const struct buf *raw, size_t from)
{
	const char	*s = raw->data + from, *nl;
	size_t		 len = raw->len - from, i = 0;

	if (t->nopen > 0 || t->esm || (nl = memchr(s, '\n', len)) == NULL)
		return from;
	len = (size_t)(nl - s);
	if (tpl_work_end(s, len) > 0)
		return from;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i < len && (s[i] == 'i' || s[i] == 'e' || s[i] == '<'))
		return from;
	/* An admonition's "!!!" or "???". */
	if (i + 2 < len && (s[i] == '!' || s[i] == '?') &&
	    s[i + 1] == s[i] && s[i + 2] == s[i])
		return from;
	for (i = len + 1; i < raw->len - from && (s[i] == ' ' || s[i] == '\t');
	    i++)
		continue;
	if (i == raw->len - from || s[i] == '{')
		return from;
	tpl_markdown_code(t, s, len);
	t->line++;
	return from + len + 1;
}

/* Reading whole lines. */

/*
 * An opener and its closer, and whether the lines joined so far hold an
 * opener that no closer follows.  Kept as each line is joined, so that
 * the lines a tag might go on over are each looked at once, not once for
 * each line joined after them.  No opener or closer holds a newline, so
 * none goes on from one line to the next.
 */
struct tpl_pair {
	const char	*open;
	const char	*close;
	bool		 opened;	/* an opener was seen */
	bool		 closed;	/* a closer follows the last one */
};

/* The line `s` joined to what `p` has seen; whether an opener is left open. */
static bool
tpl_pair_add(struct tpl_pair *p, const char *s, size_t len)
{
	const char	*q, *last = NULL;
	size_t		 olen = strlen(p->open), clen = strlen(p->close);

	for (q = s; (q = memmem(q, len - (size_t)(q - s), p->open, olen)) !=
	    NULL; q += olen)
		last = q;
	if (last != NULL) {
		p->opened = true;
		p->closed = memmem(last, len - (size_t)(last - s), p->close,
		    clen) != NULL;
	} else if (p->opened && !p->closed)
		p->closed = memmem(s, len, p->close, clen) != NULL;
	return p->opened && !p->closed;
}

/* Liquid's tags and its output tags: whether either is left open. */
static bool
tpl_pairs_add(struct tpl_pair *pairs, const char *s, size_t len)
{
	bool	 liquid;

	/* Most lines open nothing, and close nothing opened before. */
	if (!pairs[0].opened && !pairs[1].opened &&
	    memchr(s, '{', len) == NULL)
		return false;
	liquid = tpl_pair_add(&pairs[0], s, len);
	return tpl_pair_add(&pairs[1], s, len) || liquid;
}

/* Where the line from `from` ends, past its newline; 0 if not yet come. */
static size_t
tpl_line_end(const struct buf *raw, size_t from, bool eof)
{
	const char	*nl = memchr(raw->data + from, '\n', raw->len - from);

	if (nl != NULL)
		return (size_t)(nl - raw->data) + 1;
	return eof && from < raw->len ? raw->len : 0;
}

/*
 * Where the unit from `from` ends: its line's end, or a later line's when
 * a tag opened on it closes there.  0 while the lines that tell have not
 * all come.
 */
static size_t
tpl_unit_end(const struct tpl *t, const struct buf *raw, size_t from,
    bool eof)
{
	struct tpl_pair	 pairs[2] = {
		{ "{%", "%}", false, false },
		{ "{{", "}}", false, false },
	};
	size_t		 end, more, next, k;

	if ((end = tpl_line_end(raw, from, eof)) == 0)
		return 0;
	if (tpl_in_raw(t) || t->fence != 0 || !tpl_pairs_add(pairs, raw->data + from,
	    end - from))
		return end;
	for (more = end, k = 1; k < TPL_JOIN_LINES; k++) {
		if (more - from > TPL_JOIN_BYTES || more == raw->len) {
			if (!eof && more == raw->len)
				return 0;
			break;
		}
		if ((next = tpl_line_end(raw, more, eof)) == 0)
			return 0;
		if (!tpl_pairs_add(pairs, raw->data + more, next - more))
			return next;
		more = next;
	}
	return end;
}

/*
 * The line of a "* TOC" list, which a {:toc} line under it makes the
 * table of contents: the index is the article's.
 */
static bool
tpl_toc_item(const char *s, size_t len)
{
	if (len == 0 || strchr(" -*+0123456789", *s) == NULL)
		return false;
	s = tpl_strip(s, &len);
	if (len < 2 || tpl_list_marker(s, len) == 0)
		return false;
	while (len > 0 && *s != ' ') {
		s++;
		len--;
	}
	s = tpl_strip(s, &len);
	return len > 0;
}

static bool
tpl_toc_mark(const char *s, size_t len)
{
	s = tpl_strip(s, &len);
	return (len == 6 && memcmp(s, "{:toc}", 6) == 0) ||
	    (len == 7 && memcmp(s, "{: toc}", 7) == 0);
}

/* tpl_toc()'s answer while the line that tells has not come. */
#define TPL_NOT_YET	((size_t)-1)

/*
 * A list item over a {:toc} line: both go, as blank lines.  Returns the
 * end of the pair, `from` if there is none, TPL_NOT_YET while the next
 * line has not come.
 */
static size_t
tpl_toc(const struct tpl *t, const struct buf *raw, size_t from, size_t end,
    bool eof)
{
	size_t	 next;

	if (t->fence != 0 || t->nopen > 0 || !tpl_toc_item(raw->data + from,
	    end - from))
		return from;
	if ((next = tpl_line_end(raw, end, eof)) == 0)
		return eof ? from : TPL_NOT_YET;
	return tpl_toc_mark(raw->data + end, next - end) ? next : from;
}

/* Front matter, which the front stage reads, passed on as it is. */
static bool
tpl_front(struct load_template *lt, struct buf *raw, struct buf *text,
    size_t *from, bool eof)
{
	size_t	 end = 0;

	if (lt->front_done)
		return true;
	if (front_find(raw->data, raw->len, eof, &end) == FRONT_MORE)
		return false;
	lt->front_done = true;
	buf_add(text, raw->data, end);
	lt->tpl.line += load_count_lines(raw->data, end);
	*from = end;
	return true;
}

/*
 * Whether the unit from `from` to `end` may be rewritten: one with a
 * shortcode's opener waits until TPL_PAIR_BYTES after it have come, in
 * which its closing tag, if it has one, is looked for.
 */
static bool
tpl_may_pair(const struct buf *raw, size_t from, size_t end, bool eof)
{
	return eof || raw->len - end >= TPL_PAIR_BYTES ||
	    memmem(raw->data + from, end - from, "{{<", 3) == NULL;
}

void
load_template_feed(struct load_template *lt, struct buf *raw,
    struct buf *text, bool eof)
{
	struct tpl	*t = &lt->tpl;
	size_t		 from = 0, end, pair, body, plain, next;

	if (!tpl_front(lt, raw, text, &from, eof))
		return;
	for (;;) {
		/* Plain lines are given on together. */
		plain = from;
		while (from < raw->len && (next = tpl_plain(t, raw, from)) != from)
			from = next;
		buf_add(text, raw->data + plain, from - plain);
		if (from == raw->len)
			break;
		if ((end = tpl_unit_end(t, raw, from, eof)) == 0)
			break;
		if ((pair = tpl_toc(t, raw, from, end, eof)) == TPL_NOT_YET)
			break;
		if (pair != from) {
			buf_adds(text, "\n\n");
			t->line += 2;
			t->blank = true;
			from = pair;
			continue;
		}
		if (!tpl_may_pair(raw, from, end, eof) ||
		    !tpl_mkdocs_ready(t, raw->data + from, raw->len - from,
		    eof))
			break;
		body = end - (raw->data[end - 1] == '\n');
		t->ahead.s = raw->data + from;
		t->ahead.len = raw->len - from;
		t->ahead.base = lt->given + from;
		t->ahead.all = eof;
		tpl_unit(t, raw->data + from, body - from, text);
		t->ahead.s = NULL;
		if (body < end)
			buf_addc(text, '\n');
		from = end;
	}
	memmove(raw->data, raw->data + from, raw->len - from);
	raw->len -= from;
	lt->given += from;
}

void
load_template_release(struct load_template *lt)
{
	tpl_ahead_release(&lt->tpl.ahead);
}
