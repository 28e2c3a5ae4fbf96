/*
 * template-mkdocs: the admonitions of Python-Markdown, MkDocs and
 * Material for MkDocs.  A line names the kind and perhaps a title, and the
 * body is the Markdown indented by four columns under it:
 *
 *	!!! warning "Mind the gap"
 *	    The body, *as Markdown*.
 *
 * "???" and "???+" open collapsible ones, shown open here.  Each is
 * written as Hugo's notices are: a quote under its title, or its kind's
 * word, as a heading no section opens at; its body unindented, so that it
 * is read as Markdown and not as code.  A line indented less than the body
 * (blank lines aside) ends it.
 */
#include "template.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* Bytes after a blank line in which the next line is looked for. */
#define TPL_MKDOCS_AHEAD	4096

/*
 * The columns of blanks `s` opens with, a tab to the next multiple of 4,
 * up to `most` of them; *bytes is how many bytes they take.
 */
static size_t
tpl_mkdocs_blanks(const char *s, size_t len, size_t most, size_t *bytes)
{
	size_t	 i, cols = 0;

	for (i = 0; i < len && cols < most && (s[i] == ' ' || s[i] == '\t');
	    i++)
		cols = s[i] == '\t' ? cols + 4 - cols % 4 : cols + 1;
	*bytes = i;
	return cols;
}

/* The columns of blanks `s` opens with. */
static size_t
tpl_mkdocs_indent(const char *s, size_t len, size_t *bytes)
{
	return tpl_mkdocs_blanks(s, len, (size_t)-1, bytes);
}

/* How many admonitions are open. */
static size_t
tpl_mkdocs_depth(const struct tpl *t)
{
	size_t	 i, n = 0;

	for (i = 0; i < t->nopen; i++)
		n += t->open[i].syn == TPL_MKDOCS;
	return n;
}

/* End the innermost admonitions a line indented by `cols` is not in. */
static void
tpl_mkdocs_close(struct tpl *t, size_t cols)
{
	size_t	 depth = tpl_mkdocs_depth(t);

	while (depth > 0 && cols < 4 * depth && t->nopen > 0 &&
	    t->open[t->nopen - 1].syn == TPL_MKDOCS) {
		t->nopen--;
		t->nquote--;
		depth--;
	}
}

/*
 * The indent of the next line that is not blank after the one `s` starts
 * (`len` bytes of input from it): false if it has not come yet or lies past TPL_MKDOCS_AHEAD
 * bytes, or none does.
 */
static bool
tpl_mkdocs_next_indent(const char *s, size_t len, size_t *cols)
{
	const char	*end, *nl;
	size_t		 bytes;

	if (s == NULL)
		return false;
	end = s + (len < TPL_MKDOCS_AHEAD ? len : TPL_MKDOCS_AHEAD);
	if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
		return false;
	for (s = nl + 1; s < end; s = nl + 1) {
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
			return false;
		*cols = tpl_mkdocs_indent(s, (size_t)(nl - s), &bytes);
		if (s + bytes < nl)
			return true;
	}
	return false;
}

bool
tpl_mkdocs_ready(const struct tpl *t, const char *s, size_t len, bool eof)
{
	const char	*nl;
	size_t		 cols, bytes;

	if (eof || len >= TPL_MKDOCS_AHEAD || tpl_mkdocs_depth(t) == 0 ||
	    (nl = memchr(s, '\n', len)) == NULL)
		return true;
	tpl_mkdocs_indent(s, (size_t)(nl - s), &bytes);
	if (s + bytes < nl)
		return true;
	return tpl_mkdocs_next_indent(s, len, &cols);
}

const char *
tpl_mkdocs_body(struct tpl *t, const char *s, size_t *len)
{
	size_t	 cols, bytes;

	if (tpl_mkdocs_depth(t) == 0)
		return s;
	cols = tpl_mkdocs_indent(s, *len, &bytes);
	/*
	 * A blank line belongs to the admonitions the next line is in, so
	 * that one ended by that line is not joined to a quote after it.
	 */
	if (bytes == *len) {
		if (tpl_mkdocs_next_indent(t->ahead.s, t->ahead.len, &cols))
			tpl_mkdocs_close(t, cols);
		return s;
	}
	tpl_mkdocs_close(t, cols);
	tpl_mkdocs_blanks(s, *len, 4 * tpl_mkdocs_depth(t), &bytes);
	*len -= bytes;
	return s + bytes;
}

/* The run of a kind's or class's word at p: letters, digits, "-", "_". */
static size_t
tpl_mkdocs_word(const char *s, size_t len, size_t p)
{
	while (p < len && ((s[p] >= 'a' && s[p] <= 'z') ||
	    (s[p] >= 'A' && s[p] <= 'Z') || (s[p] >= '0' && s[p] <= '9') ||
	    s[p] == '-' || s[p] == '_'))
		p++;
	return p;
}

/*
 * An opener's marker at the start of `s`: "!!!", "???" or "???+", then a
 * blank.  Returns where the kind starts, or 0.
 */
static size_t
tpl_mkdocs_marker(const char *s, size_t len)
{
	size_t	 p;

	if (len < 5 || (memcmp(s, "!!!", 3) != 0 && memcmp(s, "???", 3) != 0))
		return 0;
	p = s[0] == '?' && s[3] == '+' ? 4 : 3;
	if (p >= len || s[p] != ' ')
		return 0;
	while (p < len && s[p] == ' ')
		p++;
	return p;
}

bool
tpl_mkdocs_open(struct tpl *t, const char *s, size_t len, struct buf *out)
{
	const char	*title = NULL;
	size_t		 bytes, p, kind, kend, tlen = 0, i;
	char		 c;

	if (tpl_mkdocs_indent(s, len, &bytes) > 3)
		return false;
	s += bytes;
	len -= bytes;
	if ((kind = p = tpl_mkdocs_marker(s, len)) == 0 ||
	    (kend = p = tpl_mkdocs_word(s, len, p)) == kind)
		return false;
	/* More classes ("!!! danger inline end"), then a title in quotes. */
	while (p < len && s[p] == ' ') {
		while (p < len && s[p] == ' ')
			p++;
		if (p < len && s[p] == '"') {
			title = s + p + 1;
			for (p++; p < len && s[p] != '"'; p++)
				continue;
			if (p == len)
				return false;
			tlen = (size_t)(s + p - title);
			p++;
			break;
		}
		p = tpl_mkdocs_word(s, len, p);
	}
	while (p < len && s[p] == ' ')
		p++;
	if (p < len || !tpl_push(t, TPL_MKDOCS, "", TPL_BLOCK_QUOTE, ""))
		return false;
	buf_adds(out, "> ");
	/* An empty title shows none; no title, the kind's word. */
	if (title != NULL && tlen == 0)
		return true;
	buf_adds(out, "##### ");
	if (title != NULL) {
		tpl_text(out, title, tlen);
		return true;
	}
	for (i = kind; i < kend; i++) {
		c = s[i] == '-' || s[i] == '_' ? ' ' : s[i];
		if (i == kind && c >= 'a' && c <= 'z')
			c = (char)(c - 'a' + 'A');
		tpl_text(out, &c, 1);
	}
	return true;
}
