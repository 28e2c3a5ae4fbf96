/*
 * template-pandoc: attributes written right after a span, which show
 * nothing of themselves: Pandoc's (and Python-Markdown's attr_list's)
 * "{#id .class key=value}" after a link, an image or a code span, and
 * after a bracketed span, "[text]{.smallcaps}", which shows its text
 * without its brackets.  A heading's closing attributes, after a blank,
 * are the model's to drop (doc.c).
 */
#include "template.h"

#include <string.h>

static bool
tpl_attr_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A character of an identifier, class or key: "sec-intro", "fig:1". */
static bool
tpl_attr_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '_' || c == ':' ||
	    c == '.';
}

/*
 * One attribute at p: "#id", ".class", "=format" (raw text's), "key=value"
 * or "key=\"a b\"".  Returns its end, or p if none is there.
 */
static size_t
tpl_attr_item(const char *s, size_t p, size_t len)
{
	const char	*close;
	size_t		 q = p;

	/* A name starts with a letter: "{.5}" and "{#1}" are TeX's. */
	if (s[p] == '#' || s[p] == '.' || s[p] == '=') {
		if (++q >= len || !tpl_attr_letter(s[q]))
			return p;
		while (q < len && tpl_attr_char(s[q]))
			q++;
		return q;
	}
	if (!tpl_attr_letter(s[p]))
		return p;
	while (q < len && tpl_attr_char(s[q]))
		q++;
	if (q == p || q + 1 >= len || s[q] != '=')
		return p;
	if (s[++q] == '"') {
		close = memchr(s + q + 1, '"', len - q - 1);
		return close != NULL ? (size_t)(close - s) + 1 : p;
	}
	while (q < len && s[q] != ' ' && s[q] != '}' && s[q] != '{' &&
	    s[q] != '"')
		q++;
	return q;
}

size_t
tpl_attributes_len(const char *s, size_t len)
{
	size_t	 p = 1, q, items = 0;

	if (len < 3 || s[0] != '{')
		return 0;
	for (;;) {
		while (p < len && s[p] == ' ')
			p++;
		if (p < len && s[p] == '}')
			return items > 0 ? p + 1 : 0;
		if ((q = tpl_attr_item(s, p, len)) == p)
			return 0;
		p = q;
		items++;
		if (p < len && s[p] != ' ' && s[p] != '}')
			return 0;
	}
}

/*
 * The '[' that the ']' ending `out` closes, on the output line from
 * `mark`; SIZE_MAX if there is none there, or a code span or an image
 * stands in the way, or the brackets are a reference's ("[a][b]").
 */
static size_t
tpl_span_open(const struct buf *out, size_t mark)
{
	const char	*s = out->data;
	size_t		 i = out->len - 1, depth = 0;

	if (out->len < mark + 2 || (out->len >= 2 && s[out->len - 2] == '\\'))
		return SIZE_MAX;
	while (i-- > mark) {
		if (s[i] == '`')
			return SIZE_MAX;
		if (i > mark && s[i - 1] == '\\')
			continue;
		if (s[i] == ']')
			depth++;
		else if (s[i] == '[' && depth > 0)
			depth--;
		else if (s[i] == '[')
			return (i > mark && (s[i - 1] == '!' ||
			    s[i - 1] == ']')) ? SIZE_MAX : i;
	}
	return SIZE_MAX;
}

size_t
tpl_pandoc_attributes(const char *s, size_t at, size_t len)
{
	if (at == 0 || (s[at - 1] != ']' && s[at - 1] != ')' &&
	    s[at - 1] != '`'))
		return 0;
	return tpl_attributes_len(s + at, len - at);
}

void
tpl_pandoc_span(const struct tpl *t, struct buf *out)
{
	size_t	 open;

	if (out->len == 0 || out->data[out->len - 1] != ']' ||
	    (open = tpl_span_open(out, t->line_mark)) == SIZE_MAX)
		return;
	memmove(out->data + open, out->data + open + 1, out->len - open - 2);
	out->len -= 2;
}
