/*
 * link: finding a doc's links, and the one policy on which URLs may leave
 * olsread, for a browser or for an OSC 8 hyperlink.  less had holes in
 * both ways out (an OSC 8 link handing an option to its opener, sequences
 * slipping through its filter), so the rule is narrow: three schemes, no
 * leading '-', nothing but printable, valid UTF-8.  Nothing here spawns,
 * prints or knows about curses.
 */
#include "link.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "doc.h"
#include "text.h"

/* The schemes opened: a browser handles them, and none runs code. */
static const char *const link_schemes[] = { "http", "https", "mailto" };

/* Any C0 (TAB and LF included: a URL has no use for them), DEL or C1. */
static bool
link_is_control(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

/*
 * Why the characters of the URL are unfit, or NULL.  A bad sequence
 * decodes as U+FFFD of one byte; a U+FFFD of its own is a repair load
 * made, and as unfit.
 */
static const char *
link_chars_refusal(const char *s, size_t len)
{
	uint32_t	 cp;
	size_t		 i, n;

	for (i = 0; i < len; i += n) {
		n = text_decode(s + i, len - i, &cp);
		if (cp == 0xfffd)
			return "the URL is not valid UTF-8";
		if (link_is_control(cp))
			return "the URL holds a control character";
		if (text_is_space(cp))
			return "the URL holds a space";
	}
	return NULL;
}

/* Whether the URL's scheme, before its first ':', is one of ours. */
static bool
link_has_scheme(const char *url, size_t len)
{
	const char	*colon = memchr(url, ':', len);
	size_t		 n, i;

	if (colon == NULL)
		return false;
	n = (size_t)(colon - url);
	for (i = 0; i < sizeof(link_schemes) / sizeof(*link_schemes); i++)
		if (strlen(link_schemes[i]) == n &&
		    strncasecmp(url, link_schemes[i], n) == 0)
			return true;
	return false;
}

const char *
link_refusal(const char *url, size_t len)
{
	const char	*why;

	if (len == 0)
		return "the link has no URL";
	/* An opener given "-oProxyCommand=..." would read an option. */
	if (url[0] == '-')
		return "a URL starting with '-' could pass for an option";
	if ((why = link_chars_refusal(url, len)) != NULL)
		return why;
	if (!link_has_scheme(url, len))
		return "only http, https and mailto links are opened";
	return NULL;
}

bool
link_is_openable(const char *url, size_t len)
{
	return link_refusal(url, len) == NULL;
}

bool
link_is_plain_text(const char *s, size_t len)
{
	uint32_t	 cp;
	size_t		 i, n;

	for (i = 0; i < len; i += n) {
		n = text_decode(s + i, len - i, &cp);
		if ((cp == 0xfffd && n == 1) || link_is_control(cp))
			return false;
	}
	return true;
}

static bool
link_is_link(const struct doc_span *sp)
{
	return sp->kind == DOC_SPAN_LINK || sp->kind == DOC_SPAN_IMAGE;
}

size_t
link_find(const struct doc *d, unsigned long n)
{
	size_t	 i;

	if (n == 0 || n > d->nlinks)
		return DOC_NONE;
	/* Once a key: a walk over the spans costs less than a keystroke. */
	for (i = 0; i < d->nspans; i++)
		if (link_is_link(&d->spans[i]) && d->spans[i].link == n)
			return i;
	return DOC_NONE;
}

size_t
link_note(const struct doc *d, unsigned long n)
{
	size_t	 b;

	if (n == 0 || n > d->nlinks)
		return DOC_NONE;
	for (b = 0; b < d->nblocks; b++)
		if (d->blocks[b].kind == DOC_NOTE && d->blocks[b].number == n)
			return b;
	return DOC_NONE;
}

size_t
link_at(const struct doc *d, size_t b, size_t off)
{
	const struct doc_block	*blk = &d->blocks[b];
	const struct doc_span	*sp;
	size_t			 i, found = DOC_NONE;

	/* Spans nest and come by their start: the last that holds it wins. */
	for (i = 0; i < blk->nspan; i++) {
		sp = &d->spans[blk->span + i];
		if (sp->off > off)
			break;
		if (sp->kind == DOC_SPAN_LINK && off < sp->off + sp->len)
			found = blk->span + i;
	}
	return found;
}

bool
link_osc8_url(const char *url, size_t len, struct buf *out)
{
	static const char	 hex[] = "0123456789ABCDEF";
	size_t			 i, start = out->len;
	unsigned char		 c;

	if (!link_is_openable(url, len))
		return false;
	for (i = 0; i < len; i++) {
		c = (unsigned char)url[i];
		if (c < 0x80) {
			buf_addc(out, (char)c);
			continue;
		}
		buf_addc(out, '%');
		buf_addc(out, hex[c >> 4]);
		buf_addc(out, hex[c & 0xf]);
	}
	if (out->len - start <= LINK_OSC8_MAX)
		return true;
	out->len = start;
	out->data[start] = '\0';
	return false;
}
