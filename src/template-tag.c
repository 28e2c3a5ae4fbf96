/*
 * template-tag: the template stage's primitives.  A tag is read where the
 * line walker finds an opener: its delimiters, its name, its arguments,
 * positional or named, quoted or bare.  And what the rules write in place
 * of tags: code spans, fences, links, images, text with its Markdown
 * escaped.  Nothing here knows one generator from another.
 */
/* memmem(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "template.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char tpl_fence_end[] = "~~~~~~~~";

/* The delimiters of each syntax: opener, closer. */
static const struct {
	const char	*open;
	const char	*close;
	enum tpl_syntax	 syn;
} tpl_delims[] = {
	/* Longest openers first: an escaped shortcode's before "{{<",
	   before "{{". */
	{ "{{</*", "*/>}}", TPL_HUGO_ESCAPED },
	{ "{{%/*", "*/%}}", TPL_HUGO_ESCAPED },
	{ "{{<", ">}}", TPL_HUGO },
	{ "{{%", "%}}", TPL_HUGO_MD },
	{ "{{", "}}", TPL_OUTPUT },
	{ "{%", "%}", TPL_LIQUID },
	{ "{:", "}", TPL_KRAMDOWN },
};
#define TPL_NDELIMS	(sizeof(tpl_delims) / sizeof(tpl_delims[0]))
_Static_assert(TPL_NDELIMS == TPL_OPENERS, "an opener's memory each");

static bool
tpl_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

static bool
tpl_is_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

static bool
tpl_is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A name's character as tags compare it: ASCII lower case. */
static char
tpl_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

size_t
tpl_list_marker(const char *s, size_t len)
{
	size_t	 i = 0;

	if (len >= 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') &&
	    (s[1] == ' ' || s[1] == '\t'))
		return 1;
	while (i < len && i < 9 && s[i] >= '0' && s[i] <= '9')
		i++;
	return i > 0 && i + 1 < len && (s[i] == '.' || s[i] == ')') &&
	    (s[i + 1] == ' ' || s[i + 1] == '\t') ? i + 1 : 0;
}

const char *
tpl_strip(const char *s, size_t *len)
{
	while (*len > 0 && tpl_is_space(*s)) {
		s++;
		(*len)--;
	}
	while (*len > 0 && tpl_is_space(s[*len - 1]))
		(*len)--;
	return s;
}

/* `s` (`*len` bytes) with its blanks, and Liquid's '-' marks, taken off. */
static const char *
tpl_trim(const char *s, size_t *len, bool dashes)
{
	s = tpl_strip(s, len);
	if (!dashes)
		return s;
	if (*len > 0 && *s == '-') {
		s++;
		(*len)--;
	}
	if (*len > 0 && s[*len - 1] == '-')
		(*len)--;
	return tpl_strip(s, len);
}

/* The name the body starts with, and its arguments, into the tag. */
static void
tpl_tag_name(struct tpl_tag *tag)
{
	const char	*s = tag->body;
	size_t		 n = 0, len = tag->blen;

	if (len > 0 && *s == '/' && (tag->syn == TPL_HUGO || tag->syn ==
	    TPL_HUGO_MD || tag->syn == TPL_KRAMDOWN)) {
		tag->closing = true;
		s++;
		len--;
		while (len > 0 && tpl_is_space(*s)) {
			s++;
			len--;
		}
	}
	while (n < len && tpl_is_word(s[n]) && n + 1 < TPL_NAME_MAX) {
		tag->name[n] = tpl_lower(s[n]);
		n++;
	}
	tag->name[n] = '\0';
	while (n < len && tpl_is_word(s[n]))
		n++;
	tag->args = s + n;
	tag->alen = len - n;
	tag->args = tpl_trim(tag->args, &tag->alen, false);
	/* A name that is no word is none: the rules drop such a tag. */
	if (n > 0 && !tpl_is_letter(s[0]))
		tag->name[0] = '\0';
}

/* A kramdown tag: "{:", then ':' or '/' or an attribute's start. */
static bool
tpl_kramdown_shape(const char *s, size_t len)
{
	if (len < 3)
		return false;
	return s[2] == ':' || s[2] == '/' || s[2] == '.' || s[2] == '#' ||
	    s[2] == ' ' || (s[2] >= 'a' && s[2] <= 'z') ||
	    (s[2] >= 'A' && s[2] <= 'Z');
}

void
tpl_line_init(struct tpl_line *ln, const char *s, size_t len)
{
	size_t	 i;

	memset(ln, 0, sizeof(*ln));
	ln->s = s;
	ln->len = len;
	for (i = 0; i < TPL_NDELIMS; i++)
		ln->close[i].from = SIZE_MAX;
	ln->nl.from = ln->tick.from = SIZE_MAX;
	ln->anydollar.from = ln->dollar.from = ln->ddollar.from = SIZE_MAX;
	ln->paren.from = ln->bracket.from = SIZE_MAX;
}

void
tpl_line_release(struct tpl_line *ln)
{
	free(ln->ticks);
	ln->ticks = NULL;
}

/*
 * Where the `n` bytes at `p` are first found at or after `from` in `ln`,
 * its length if nowhere: by `m`'s answer when it holds.  Without it, each
 * of a line's openers would look as far as the closer that rejects them.
 */
size_t
tpl_line_find(const struct tpl_line *ln, struct tpl_memo *m, size_t from,
    const char *p, size_t n)
{
	const char	*hit;

	if (m->from <= from && from <= m->at)
		return m->at;
	hit = memmem(ln->s + from, ln->len - from, p, n);
	m->from = from;
	m->at = hit != NULL ? (size_t)(hit - ln->s) : ln->len;
	return m->at;
}

bool
tpl_tag_read(struct tpl_line *ln, size_t at, struct tpl_tag *tag)
{
	const char	*s = ln->s + at;
	size_t		 i, olen, clen, end, len = ln->len - at;

	memset(tag, 0, sizeof(*tag));
	for (i = 0; i < TPL_NDELIMS; i++) {
		olen = strlen(tpl_delims[i].open);
		if (len >= olen && memcmp(s, tpl_delims[i].open, olen) == 0)
			break;
	}
	if (i == TPL_NDELIMS)
		return false;
	tag->syn = tpl_delims[i].syn;
	if (tag->syn == TPL_KRAMDOWN && !tpl_kramdown_shape(s, len))
		return false;
	clen = strlen(tpl_delims[i].close);
	end = tpl_line_find(ln, &ln->close[i], at + olen,
	    tpl_delims[i].close, clen);
	if (end == ln->len)
		return false;
	tag->s = s;
	tag->len = end - at + clen;
	tag->body = s + olen;
	tag->blen = end - at - olen;
	if (tag->syn == TPL_KRAMDOWN && tag->blen > 0 &&
	    tag->body[0] == ':') {
		/* {::name ... /}: an extension, named */
		tag->body++;
		tag->blen--;
	}
	tag->body = tpl_trim(tag->body, &tag->blen, tag->syn == TPL_LIQUID ||
	    tag->syn == TPL_OUTPUT);
	/* An output tag is on one line and holds no backtick, as Liquid's
	   do: other braces may hold Markdown. */
	if (tag->syn == TPL_OUTPUT)
		return tpl_line_find(ln, &ln->nl, at, "\n", 1) >= at +
		    tag->len && tpl_line_find(ln, &ln->tick, at, "`", 1) >=
		    at + tag->len;
	if (tag->syn != TPL_HUGO_ESCAPED)
		tpl_tag_name(tag);
	return true;
}

/* Closing shortcodes ahead. */

/* Blanks inside a closing tag's delimiters, before and after its '/'. */
#define TPL_CLOSER_BLANKS	8

/* Closing tags of other names a shortcode's own is looked past. */
#define TPL_PAIR_CLOSERS	64

/* `p`, past at most TPL_CLOSER_BLANKS blanks before `end`. */
static const char *
tpl_skip_blanks(const char *p, const char *end)
{
	size_t	 n = 0;

	while (p < end && tpl_is_space(*p) && n++ < TPL_CLOSER_BLANKS)
		p++;
	return p;
}

/*
 * Whether a closing shortcode, {{< /name >}} or {{% /name %}}, starts at
 * `p`, its name into `name` as tpl_tag_read() would read it: 1 if so, 0
 * if not, -1 if `end` comes before it tells.
 */
static int
tpl_closer_read(const char *p, const char *end, char *name)
{
	size_t	 n = 0;

	p = tpl_skip_blanks(p + 3, end);
	if (p == end)
		return -1;
	if (*p++ != '/')
		return 0;
	if (p == end)
		return -1;
	if (*p == '*')
		return 0;
	p = tpl_skip_blanks(p, end);
	if (p < end && !tpl_is_letter(*p))
		return 0;
	for (; p < end && tpl_is_word(*p) && n + 1 < TPL_NAME_MAX; p++)
		name[n++] = tpl_lower(*p);
	if (p == end)
		return -1;
	name[n] = '\0';
	return 1;
}

static void
tpl_closer_add(struct tpl_ahead *a, size_t at, const char *name)
{
	if (a->first > 1024 && a->first > a->nclosers / 2) {
		memmove(a->closer, a->closer + a->first, (a->nclosers -
		    a->first) * sizeof(*a->closer));
		a->nclosers -= a->first;
		a->first = 0;
	}
	if (a->nclosers == a->cap) {
		a->cap = a->cap == 0 ? 64 : a->cap * 2;
		a->closer = xreallocarray(a->closer, a->cap,
		    sizeof(*a->closer));
	}
	a->closer[a->nclosers].at = at;
	memcpy(a->closer[a->nclosers].name, name, TPL_NAME_MAX);
	a->nclosers++;
}

/*
 * The closing shortcodes from offset `from` of the text up to `until`
 * found and kept, each once: a search from an offset looked at before
 * goes on where the last one stopped.
 */
static void
tpl_closers_find(struct tpl_ahead *a, size_t from, size_t until)
{
	const char	*s = a->s, *p;
	char		 name[TPL_NAME_MAX];
	size_t		 i, end = until - a->base;
	int		 r;

	i = (a->scanned > from ? a->scanned : from) - a->base;
	while (i + 2 < end) {
		if ((p = memmem(s + i, end - i, "{{", 2)) == NULL) {
			i = end - 2;
			break;
		}
		i = (size_t)(p - s);
		if (i + 2 >= end)
			break;
		if (s[i + 2] == '<' || s[i + 2] == '%') {
			memset(name, 0, sizeof(name));
			if ((r = tpl_closer_read(s + i, s + end, name)) < 0)
				break;
			if (r > 0)
				tpl_closer_add(a, a->base + i, name);
		}
		i++;
	}
	a->scanned = a->base + i;
}

bool
tpl_paired(struct tpl *t, const struct tpl_tag *tag, size_t *at)
{
	struct tpl_ahead	*a = &t->ahead;
	size_t			 from, until, k, seen;

	if (a->s == NULL || tag->s < a->s || tag->s + tag->len > a->s + a->len)
		return false;
	from = a->base + (size_t)(tag->s - a->s) + tag->len;
	until = from + TPL_PAIR_BYTES;
	if (until > a->base + a->len)
		until = a->base + a->len;
	tpl_closers_find(a, from, until);
	while (a->first < a->nclosers && a->closer[a->first].at < from)
		a->first++;
	for (k = a->first, seen = 0; k < a->nclosers && seen <
	    TPL_PAIR_CLOSERS && a->closer[k].at < until; k++, seen++)
		if (strcmp(a->closer[k].name, tag->name) == 0) {
			*at = a->closer[k].at;
			return true;
		}
	return false;
}

/* Whether a Markdown mark starts at `i` of `s`, which ends at `end`. */
static bool
tpl_markdown_mark(const char *s, size_t i, size_t end)
{
	size_t	 j = i, d;

	if (s[i - 1] == '\n') {
		/* A blank line, a quote, a heading, a list item. */
		while (j < end && (s[j] == ' ' || s[j] == '\t'))
			j++;
		if (j < end && (s[j] == '\n' || s[j] == '>'))
			return true;
		if (tpl_list_marker(s + j, end - j) > 0)
			return true;
		for (d = j; d < end && s[d] == '#' && d - j < 6; d++)
			continue;
		if (d > j && d < end && (s[d] == ' ' || s[d] == '\t'))
			return true;
	}
	/* Strong emphasis, a link, a code span. */
	if (i + 1 < end && ((s[i] == '*' && s[i + 1] == '*') ||
	    (s[i] == '_' && s[i + 1] == '_') || (s[i] == ']' &&
	    s[i + 1] == '(')))
		return true;
	return s[i] == '`';
}

bool
tpl_markdown_until(struct tpl *t, const struct tpl_tag *tag, size_t to)
{
	struct tpl_ahead	*a = &t->ahead;
	size_t			 from, i, end = to - a->base;

	if (a->s == NULL)
		return false;
	from = a->base + (size_t)(tag->s - a->s) + tag->len;
	/* The walk goes forward: what was looked at is not looked at again. */
	if (from < a->md_from || from > a->md_at) {
		a->md_from = a->md_at = from;
		a->md_found = false;
	}
	for (i = a->md_at - a->base; !a->md_found && i < end; i++) {
		a->md_found = tpl_markdown_mark(a->s, i, end);
		a->md_at = a->base + i + !a->md_found;
	}
	return a->md_found && a->md_at < to;
}

void
tpl_ahead_release(struct tpl_ahead *a)
{
	free(a->closer);
	memset(a, 0, sizeof(*a));
}

bool
tpl_tag_is(const struct tpl_tag *tag, const char *name)
{
	return strcmp(tag->name, name) == 0;
}

bool
tpl_name_in(const char *name, const char *const *names)
{
	for (; *names != NULL; names++)
		if (strcmp(name, *names) == 0)
			return true;
	return false;
}

/*
 * The next argument of `s` (`*len` bytes), its value and its name if it
 * has one ("key=value", "key: value"); `*len` and `*s` move past it.
 */
static bool
tpl_next_arg(const char **s, size_t *len, const char **key, size_t *klen,
    const char **v, size_t *vlen)
{
	const char	*p = *s, *e = *s + *len, *q;
	char		 quote;

	while (p < e && (tpl_is_space(*p) || *p == ','))
		p++;
	if (p == e)
		return false;
	*key = NULL;
	*klen = 0;
	for (q = p; q < e && tpl_is_word(*q); q++)
		continue;
	if (q > p && q < e && (*q == '=' || (*q == ':' && q + 1 < e &&
	    tpl_is_space(q[1])))) {
		*key = p;
		*klen = (size_t)(q - p);
		p = q + 1;
		while (p < e && tpl_is_space(*p))
			p++;
	}
	if (p < e && (*p == '"' || *p == '\'' || *p == '`')) {
		quote = *p++;
		for (q = p; q < e && *q != quote; q++)
			if (*q == '\\' && q + 1 < e)
				q++;
		*v = p;
		*vlen = (size_t)(q - p);
		p = q < e ? q + 1 : q;
	} else {
		for (q = p; q < e && !tpl_is_space(*q); q++)
			continue;
		*v = p;
		*vlen = (size_t)(q - p);
		p = q;
	}
	*len = (size_t)(e - p);
	*s = p;
	return true;
}

bool
tpl_tag_arg(const struct tpl_tag *tag, size_t pos, const char *key,
    const char **v, size_t *vlen)
{
	const char	*s = tag->args, *k;
	size_t		 len = tag->alen, klen, n = 0;

	while (tpl_next_arg(&s, &len, &k, &klen, v, vlen)) {
		if (key != NULL) {
			if (k != NULL && klen == strlen(key) &&
			    strncmp(k, key, klen) == 0)
				return true;
			continue;
		}
		if (k == NULL && n++ == pos)
			return true;
	}
	return false;
}

bool
tpl_push(struct tpl *t, enum tpl_syntax syn, const char *name,
    enum tpl_block block, const char *end)
{
	struct tpl_open	*o;

	if (t->nopen == TPL_DEPTH_MAX)
		return false;
	o = &t->open[t->nopen++];
	o->syn = syn;
	strncpy(o->close, name, sizeof(o->close) - 1);
	o->close[sizeof(o->close) - 1] = '\0';
	o->block = block;
	strncpy(o->end, end, sizeof(o->end) - 1);
	o->end[sizeof(o->end) - 1] = '\0';
	if (block == TPL_BLOCK_QUOTE)
		t->nquote++;
	return true;
}

void
tpl_prefix(const struct tpl *t, struct buf *out)
{
	size_t	 i;

	for (i = 0; i < t->nquote && i < TPL_DEPTH_MAX; i++)
		buf_adds(out, "> ");
}

void
tpl_newline(struct tpl *t, struct buf *out)
{
	buf_addc(out, '\n');
	tpl_prefix(t, out);
	t->line_mark = out->len;
}

void
tpl_code_open(struct tpl *t, enum tpl_syntax syn, const char *close,
    const char *lang, size_t llen, struct buf *out)
{
	if (!tpl_push(t, syn, close, TPL_BLOCK_VERBATIM, tpl_fence_end))
		return;
	if (out->len != t->line_mark)
		tpl_newline(t, out);
	tpl_fence(out, lang, llen);
}

void
tpl_code_span(struct buf *out, const char *s, size_t len)
{
	size_t	 i, run = 0, most = 0, n;

	for (i = 0; i < len; i++) {
		run = s[i] == '`' ? run + 1 : 0;
		if (run > most)
			most = run;
	}
	for (n = 0; n <= most; n++)
		buf_addc(out, '`');
	/* A blank apart from a backtick at either end, which CommonMark
	   takes off again. */
	if (len > 0 && (s[0] == '`' || s[len - 1] == '`'))
		buf_addc(out, ' ');
	buf_add(out, s, len);
	if (len > 0 && (s[0] == '`' || s[len - 1] == '`'))
		buf_addc(out, ' ');
	for (n = 0; n <= most; n++)
		buf_addc(out, '`');
}

void
tpl_fence(struct buf *out, const char *lang, size_t llen)
{
	size_t	 i;

	buf_adds(out, tpl_fence_end);
	for (i = 0; i < llen && !tpl_is_space(lang[i]) && lang[i] != '`';
	    i++)
		buf_addc(out, lang[i]);
}

/* `len` bytes at `s`, each of `marks` escaped, newlines made blanks. */
static void
tpl_escape(struct buf *out, const char *s, size_t len, const char *marks)
{
	size_t	 i;

	for (i = 0; i < len; i++) {
		if (s[i] == '\n')
			buf_addc(out, ' ');
		else {
			if (strchr(marks, s[i]) != NULL)
				buf_addc(out, '\\');
			buf_addc(out, s[i]);
		}
	}
}

void
tpl_text(struct buf *out, const char *s, size_t len)
{
	tpl_escape(out, s, len, "\\`*_[]()<>#!|~{}");
}

void
tpl_text_html(struct buf *out, const char *s, size_t len)
{
	tpl_escape(out, s, len, "\\`*_[]()#!|~{}");
}

void
tpl_inline(struct buf *out, const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i < len; i++)
		buf_addc(out, s[i] == '\n' ? ' ' : s[i]);
}

void
tpl_title(struct buf *out, const char *s, size_t len)
{
	buf_adds(out, "**");
	tpl_text(out, s, len);
	/* Two blanks: the line breaks there, unless the paragraph ends. */
	buf_adds(out, "**  ");
}

/* A destination in angle brackets, which may hold blanks. */
static void
tpl_dest(struct buf *out, const char *url, size_t ulen)
{
	size_t	 i;

	buf_addc(out, '<');
	for (i = 0; i < ulen; i++) {
		if (url[i] == '<' || url[i] == '>' || url[i] == '\\')
			buf_addc(out, '\\');
		if (url[i] != '\n')
			buf_addc(out, url[i]);
	}
	buf_addc(out, '>');
}

void
tpl_link(struct buf *out, const char *what, const char *name, size_t nlen,
    const char *url, size_t ulen)
{
	buf_addc(out, '[');
	buf_adds(out, what);
	if (nlen > 0) {
		buf_addc(out, ' ');
		tpl_text(out, name, nlen);
	}
	buf_adds(out, "](");
	tpl_dest(out, url, ulen);
	buf_addc(out, ')');
}

void
tpl_image(struct buf *out, const char *alt, size_t alen, const char *src,
    size_t slen, const char *href, size_t hlen)
{
	if (href != NULL)
		buf_addc(out, '[');
	buf_adds(out, "![");
	tpl_text(out, alt, alen);
	buf_adds(out, "](");
	tpl_dest(out, src, slen);
	buf_addc(out, ')');
	if (href != NULL) {
		buf_adds(out, "](");
		tpl_dest(out, href, hlen);
		buf_addc(out, ')');
	}
}
