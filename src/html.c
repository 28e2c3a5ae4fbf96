/*
 * html: reading one inline piece of raw HTML: its kind, its tag's name, and
 * its href, src and alt attributes, character references decoded as a
 * browser decodes them.
 */
#include "html.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "html-entities.h"
#include "text.h"

static bool
html_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static bool
html_is_name(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '_' || c == ':' ||
	    c == '.';
}

static char
html_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c + 'a' - 'A') : c;
}

/* Append UTF-8 for `cp` to out[*o], within `size`; U+FFFD for no char. */
static void
html_put_cp(char *out, size_t size, size_t *o, uint32_t cp)
{
	char	 u[4];
	size_t	 n;

	n = text_encode(cp == 0 ? 0xfffd : cp, u);
	if (*o + n >= size)
		return;
	memcpy(out + *o, u, n);
	*o += n;
}

/*
 * What a browser makes of numeric reference `cp`: no character, a
 * surrogate or past Unicode is U+FFFD, and 0x80 to 0x9F are read as
 * windows-1252 (the C1 controls are never meant).
 */
static uint32_t
html_numeric(uint32_t cp)
{
	static const uint16_t	 cp1252[32] = {
		0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
		0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
		0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
		0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
	};

	if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0xfffd;
	if (cp >= 0x80 && cp <= 0x9f)
		return cp1252[cp - 0x80];
	return cp;
}

/* "&#233;", "&#xe9;" at s[*p], its ';' owed but not needed. */
static bool
html_numeric_reference(const char *s, size_t len, size_t *p, char *out,
    size_t size, size_t *o)
{
	size_t		 q = *p + 2, n;
	uint32_t	 cp = 0;
	int		 base = 10, d;

	if (q < len && (s[q] == 'x' || s[q] == 'X')) {
		base = 16;
		q++;
	}
	for (n = 0; q < len; q++, n++) {
		d = s[q] >= '0' && s[q] <= '9' ? s[q] - '0' :
		    base == 16 && html_lower(s[q]) >= 'a' &&
		    html_lower(s[q]) <= 'f' ? html_lower(s[q]) - 'a' + 10 : -1;
		if (d < 0)
			break;
		/* Past Unicode it stays past it, whatever follows. */
		if (cp <= 0x10ffff)
			cp = cp * (uint32_t)base + (uint32_t)d;
	}
	if (n == 0)
		return false;
	html_put_cp(out, size, o, html_numeric(cp));
	*p = q < len && s[q] == ';' ? q + 1 : q;
	return true;
}

/* The entity named by the `n` bytes at `name`, or NULL. */
static const struct html_entity *
html_entity_find(const char *name, size_t n)
{
	size_t	 lo = 0, hi = html_nentities, mid;
	int	 c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = strncmp(html_entities[mid].name, name, n);
		if (c == 0 && html_entities[mid].name[n] != '\0')
			c = 1;
		if (c == 0)
			return &html_entities[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/*
 * A character reference at s[*p] ("&amp;", "&eacute;", "&#233;"): decoded
 * into out as a browser decodes it, *p moved past it; false, *p unmoved,
 * if there is none.  A name from before HTML5 needs no ';' ("&copy 2003"),
 * but in an attribute's value (`attr`) not before a letter, a digit or
 * '=', where it may be a URL's query ("?a=1&copy=2").
 */
static bool
html_reference(const char *s, size_t len, size_t *p, char *out, size_t size,
    size_t *o, bool attr)
{
	const struct html_entity	*e = NULL;
	size_t				 q = *p + 1, n = 0, k;
	char				 after;

	if (q < len && s[q] == '#')
		return html_numeric_reference(s, len, p, out, size, o);
	while (q + n < len && n <= HTML_ENTITY_NAME_MAX && ((s[q + n] >= 'a' &&
	    s[q + n] <= 'z') || (s[q + n] >= 'A' && s[q + n] <= 'Z') ||
	    (s[q + n] >= '0' && s[q + n] <= '9')))
		n++;
	if (n == 0)
		return false;
	if (q + n < len && s[q + n] == ';' && (e = html_entity_find(s + q,
	    n)) != NULL)
		k = n + 1;
	else
		for (k = n; k > 0; k--) {
			after = q + k < len ? s[q + k] : '\0';
			if ((e = html_entity_find(s + q, k)) != NULL &&
			    e->legacy && !(attr && (html_is_name(after) ||
			    after == '=')))
				break;
			e = NULL;
		}
	if (e == NULL)
		return false;
	n = strlen(e->utf8);
	if (*o + n < size) {
		memcpy(out + *o, e->utf8, n);
		*o += n;
	}
	*p = q + k;
	return true;
}

/*
 * A value as read, references decoded, made what it stands for: text a
 * reader is shown (`prose`) has each run of white space as one blank, and
 * none at its ends, as a browser lays alt text out ("a chart of\nthe
 * results"); a URL loses its tabs and line breaks and the blanks at its
 * ends, as a browser's URL parser does.
 */
static size_t
html_value_tidy(char *v, size_t n, bool prose)
{
	size_t	 i, o = 0;

	for (i = 0; i < n; i++) {
		if (!html_is_space(v[i]))
			v[o++] = v[i];
		else if (prose && o > 0 && v[o - 1] != ' ')
			v[o++] = ' ';
		else if (!prose && v[i] == ' ')
			v[o++] = ' ';
	}
	while (o > 0 && v[o - 1] == ' ')
		o--;
	for (i = 0; i < o && v[i] == ' '; i++)
		continue;
	memmove(v, v + i, o - i);
	return o - i;
}

/*
 * An attribute's value at s[*p], into out (NULL: passed over), tidied as
 * html_value_tidy() says.  White space is squeezed as it is read, so that
 * a value cut at `size` is cut where its tidy form would be; a control
 * character written as it is never reaches the value.
 */
static void
html_value(const char *s, size_t len, size_t *p, char *out, size_t size,
    bool prose)
{
	size_t	 o = 0;
	char	 quote = 0;

	if (*p < len && (s[*p] == '"' || s[*p] == '\''))
		quote = s[(*p)++];
	while (*p < len && (quote != 0 ? s[*p] != quote :
	    !html_is_space(s[*p]) && s[*p] != '>')) {
		if (out != NULL && s[*p] == '&' &&
		    html_reference(s, len, p, out, size, &o, true))
			continue;
		if (out != NULL && html_is_space(s[*p])) {
			if ((prose ? o > 0 && out[o - 1] != ' ' :
			    s[*p] == ' ') && o + 1 < size)
				out[o++] = ' ';
		} else if (out != NULL && o + 1 < size &&
		    (unsigned char)s[*p] >= 0x20 && s[*p] != 0x7f)
			out[o++] = s[*p];
		(*p)++;
	}
	if (quote != 0 && *p < len)
		(*p)++;
	if (out != NULL)
		out[html_value_tidy(out, o, prose)] = '\0';
}

/* The attributes of a start tag from s[p]; href, src and alt kept. */
static void
html_attributes(const char *s, size_t len, size_t p, struct html_tag *tag)
{
	size_t	 from;
	char	*out;
	bool	 prose;

	for (;;) {
		while (p < len && html_is_space(s[p]))
			p++;
		if (p >= len || s[p] == '>')
			return;
		if (s[p] == '/') {
			if (p + 1 < len && s[p + 1] == '>')
				tag->kind = HTML_EMPTY;
			p++;
			continue;
		}
		from = p;
		while (p < len && html_is_name(s[p]))
			p++;
		if (p == from) {
			p++;		/* not HTML cmark lets by: skip */
			continue;
		}
		out = NULL;
		if (p - from == 4 && strncasecmp(s + from, "href", 4) == 0)
			out = tag->href;
		else if (p - from == 3 && strncasecmp(s + from, "src", 3) == 0)
			out = tag->src;
		else if (p - from == 3 && strncasecmp(s + from, "alt", 3) == 0)
			out = tag->alt;
		prose = out == tag->alt;
		while (p < len && html_is_space(s[p]))
			p++;
		if (p < len && s[p] == '=') {
			p++;
			while (p < len && html_is_space(s[p]))
				p++;
			html_value(s, len, &p, out, HTML_VALUE_MAX, prose);
		}
	}
}

void
html_tag(const char *s, size_t len, struct html_tag *tag)
{
	size_t	 p = 1, n = 0;

	memset(tag, 0, sizeof(*tag));
	tag->kind = HTML_OTHER;
	if (len < 3 || s[0] != '<')
		return;
	if (s[1] == '/') {
		tag->kind = HTML_END;
		p = 2;
	} else if (!((s[1] >= 'a' && s[1] <= 'z') ||
	    (s[1] >= 'A' && s[1] <= 'Z')))
		return;		/* a comment, <?, <! or CDATA */
	else
		tag->kind = HTML_START;
	while (p < len && html_is_name(s[p])) {
		if (n + 1 < sizeof(tag->name))
			tag->name[n++] = html_lower(s[p]);
		else
			n = sizeof(tag->name);	/* too long: no name */
		p++;
	}
	tag->name[n < sizeof(tag->name) ? n : 0] = '\0';
	if (tag->kind == HTML_START)
		html_attributes(s, len, p, tag);
}

enum html_role
html_role(const char *name)
{
	static const struct {
		const char	*name;
		enum html_role	 role;
	} roles[] = {
		{ "a", HTML_LINK }, { "b", HTML_STRONG }, { "br", HTML_BREAK },
		{ "cite", HTML_EMPH }, { "code", HTML_CODE },
		{ "del", HTML_STRIKE }, { "dfn", HTML_EMPH }, { "em", HTML_EMPH },
		{ "i", HTML_EMPH }, { "img", HTML_IMAGE },
		{ "ins", HTML_UNDERLINE },
		{ "kbd", HTML_CODE }, { "mark", HTML_MARK }, { "q", HTML_EMPH },
		{ "s", HTML_STRIKE }, { "samp", HTML_CODE },
		{ "small", HTML_EMPH }, { "strike", HTML_STRIKE },
		{ "strong", HTML_STRONG }, { "sub", HTML_EMPH },
		{ "sup", HTML_EMPH }, { "tt", HTML_CODE }, { "u", HTML_UNDERLINE },
		{ "var", HTML_CODE },
	};
	size_t	 i;

	for (i = 0; i < sizeof(roles) / sizeof(*roles); i++)
		if (strcmp(name, roles[i].name) == 0)
			return roles[i].role;
	return HTML_DROP;
}

/* Where the tag opening at s[p] ends, after its ">"; 0 if it does not. */
static size_t
html_tag_end(const char *s, size_t len, size_t p)
{
	size_t	 bound = len - p > HTML_TAG_MAX ? p + HTML_TAG_MAX : len;
	char	 quote = 0;

	for (p++; p < bound; p++) {
		if (quote != 0) {
			if (s[p] == quote)
				quote = 0;
		} else if (s[p] == '"' || s[p] == '\'')
			quote = s[p];
		else if (s[p] == '>')
			return p + 1;
	}
	return 0;
}

/* Where `what` first occurs in s[p, len) ignoring ASCII case, or len. */
static size_t
html_find(const char *s, size_t len, size_t p, const char *what)
{
	size_t	 n = strlen(what);

	for (; p + n <= len; p++)
		if (strncasecmp(s + p, what, n) == 0)
			return p;
	return len;
}

void
html_reader_init(struct html_reader *r, const char *s, size_t len)
{
	size_t	 i;

	r->s = s;
	r->len = len;
	r->p = 0;
	for (i = 0; i < sizeof(r->none) / sizeof(*r->none); i++)
		r->none[i] = len;
	r->unclosed = len;
}

/*
 * Where `closer` (kind k of r->none) ends, looked for from q, or 0.  Once
 * it is not found from some place, it is not looked for again from any
 * later one: a block of 50,000 "<!--" costs one pass, not 50,000.
 */
static size_t
html_closed_at(struct html_reader *r, size_t k, size_t q, const char *closer)
{
	size_t	 e;

	if (q >= r->none[k])
		return 0;
	if ((e = html_find(r->s, r->len, q, closer)) >= r->len) {
		r->none[k] = q;
		return 0;
	}
	return e + strlen(closer);
}

/* A comment, <?...?>, <!...> or CDATA at r->p: where it ends, or 0. */
static size_t
html_other_end(struct html_reader *r)
{
	const char	*s = r->s + r->p;
	size_t		 left = r->len - r->p;

	if (left >= 4 && memcmp(s, "<!--", 4) == 0)
		return html_closed_at(r, 0, r->p + 4, "-->");
	if (left >= 9 && memcmp(s, "<![CDATA[", 9) == 0)
		return html_closed_at(r, 1, r->p + 9, "]]>");
	if (s[1] == '?')
		return html_closed_at(r, 2, r->p + 2, "?>");
	return html_closed_at(r, 3, r->p + 2, ">");
}

bool
html_next(struct html_reader *r, struct html_token *t)
{
	const char	*s = r->s, *lt;
	size_t		 len = r->len, e;
	char		 close[16];

	if (r->p >= len)
		return false;
	t->off = r->p;
	if (s[r->p] == '<' && r->p + 1 < len) {
		/* A comment never closed runs to the end, as in a browser. */
		if (len - r->p >= 4 && memcmp(s + r->p, "<!--", 4) == 0 &&
		    html_other_end(r) == 0) {
			r->unclosed = r->p;
			t->kind = HTML_TOKEN_DROP;
			t->len = len - r->p;
			r->p = len;
			return true;
		}
		if ((s[r->p + 1] == '!' || s[r->p + 1] == '?') &&
		    (e = html_other_end(r)) != 0) {
			t->kind = HTML_TOKEN_DROP;
			t->len = e - r->p;
			r->p = e;
			return true;
		}
		if ((s[r->p + 1] == '/' || (s[r->p + 1] | 0x20) >= 'a') &&
		    (e = html_tag_end(s, len, r->p)) != 0) {
			t->kind = HTML_TOKEN_TAG;
			t->len = e - r->p;
			html_tag(s + r->p, e - r->p, &t->tag);
			r->p = e;
			/* The content of <script> and <style> is never text. */
			if (t->tag.kind == HTML_START &&
			    (strcmp(t->tag.name, "script") == 0 ||
			    strcmp(t->tag.name, "style") == 0)) {
				snprintf(close, sizeof(close), "</%s",
				    t->tag.name);
				e = html_find(s, len, r->p, close);
				if ((e = html_find(s, len, e, ">")) < len)
					e++;
				t->kind = HTML_TOKEN_DROP;
				t->len = e - t->off;
				r->p = e;
			}
			return true;
		}
	}
	/* Text, to the next "<" after this one. */
	lt = memchr(s + r->p + 1, '<', len - r->p - 1);
	e = lt != NULL ? (size_t)(lt - s) : len;
	t->kind = HTML_TOKEN_TEXT;
	t->len = e - r->p;
	r->p = e;
	return true;
}

bool
html_is_block(const char *name)
{
	static const char *const	 blocks[] = {
		"address", "article", "aside", "blockquote", "center", "dd",
		"details", "dialog", "div", "dl", "dt", "fieldset",
		"figcaption", "figure", "footer", "form", "header", "li",
		"main", "nav", "ol", "p", "section", "summary", "table",
		"tbody", "tfoot", "thead", "tr", "ul",
	};
	size_t				 i;

	for (i = 0; i < sizeof(blocks) / sizeof(*blocks); i++)
		if (strcmp(name, blocks[i]) == 0)
			return true;
	return false;
}

void
html_text(const char *s, size_t len, bool collapse, bool *space,
    struct buf *out)
{
	char	 ref[8];
	size_t	 p = 0, o;

	while (p < len) {
		if (collapse && html_is_space(s[p])) {
			*space = true;
			p++;
			continue;
		}
		if (collapse && *space)
			buf_addc(out, ' ');
		*space = false;
		o = 0;
		if (s[p] == '&' && html_reference(s, len, &p, ref, sizeof(ref),
		    &o, false)) {
			buf_add(out, ref, o);
			continue;
		}
		buf_addc(out, s[p++]);
	}
}
