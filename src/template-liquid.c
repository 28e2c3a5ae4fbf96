/*
 * template-liquid: Liquid's tags as Jekyll and Octopress publish them.
 * Code ({% highlight %}, {% codeblock %}) becomes a fenced block of its
 * language; {% raw %} keeps its text as written and {% comment %} drops
 * its own; {% link %} and {% post_url %} stand for their paths; the
 * Octopress tags that embed (img, youtube, vimeo, gist) become images
 * and numbered links (Eleventy's image too), and {% blockquote %} a quote signed by its author.
 * Every other tag (control flow, include, assign, seo, ...) shows
 * nothing, and what a control tag encloses stays.  An output tag,
 * {{ ... }}, shows as written in the code look, except in a destination,
 * where it goes (a quoted path before its filters stays), so that the
 * path after it stands.
 */
#include "template.h"

#include <stdio.h>
#include <string.h>

/* An output tag in a destination: its quoted path, if it starts with one. */
static void
tpl_output_dest(const struct tpl_tag *tag, struct buf *out)
{
	const char	*b = tag->body, *q;
	size_t		 n = tag->blen;

	if (n < 2 || (b[0] != '"' && b[0] != '\''))
		return;
	if ((q = memchr(b + 1, b[0], n - 1)) == NULL)
		return;
	buf_add(out, b + 1, (size_t)(q - b - 1));
}

/* {% post_url 2010-07-21-name %}: the path Jekyll gives that post. */
static void
tpl_post_url(const char *v, size_t n, bool in_dest, struct buf *out)
{
	struct buf	 path;
	const char	*slash;

	/* A post in a folder is named by its file alone. */
	while ((slash = memchr(v, '/', n)) != NULL) {
		n -= (size_t)(slash - v) + 1;
		v = slash + 1;
	}
	buf_init(&path);
	if (n > 11 && v[4] == '-' && v[7] == '-' && v[10] == '-') {
		buf_addc(&path, '/');
		buf_add(&path, v, 4);
		buf_addc(&path, '/');
		buf_add(&path, v + 5, 2);
		buf_addc(&path, '/');
		buf_add(&path, v + 8, 2);
		buf_addc(&path, '/');
		buf_add(&path, v + 11, n - 11);
		buf_adds(&path, ".html");
	} else
		buf_add(&path, v, n);
	if (in_dest)
		buf_add(out, path.data, path.len);
	else
		tpl_text(out, path.data, path.len);
	buf_release(&path);
}

/* Whether argument `v` of {% img %} is where the image is. */
static bool
tpl_is_url(const char *v, size_t n)
{
	return memchr(v, '/', n) != NULL || memchr(v, '.', n) != NULL;
}

/* {% img [class] URL [width [height]] ["title" ["alt"]] %}. */
static void
tpl_octopress_img(const struct tpl_tag *tag, struct buf *out)
{
	const char	*v, *src = NULL, *title = NULL, *alt = NULL;
	size_t		 n, slen = 0, tlen = 0, alen = 0, i;

	for (i = 0; tpl_tag_arg(tag, i, NULL, &v, &n); i++) {
		if (src == NULL) {
			if (tpl_is_url(v, n)) {
				src = v;
				slen = n;
			}
		} else if (n > 0 && v[0] >= '0' && v[0] <= '9' &&
		    strspn(v, "0123456789%px") >= n && title == NULL)
			continue;
		else if (title == NULL) {
			title = v;
			tlen = n;
		} else if (alt == NULL) {
			alt = v;
			alen = n;
		}
	}
	if (src == NULL)
		return;
	if (alt == NULL) {
		alt = title;
		alen = tlen;
	}
	tpl_image(out, alt != NULL ? alt : "", alen, src, slen, NULL, 0);
}

/* {% blockquote [author[, source]] [link] [link title] %}: a quote. */
static void
tpl_octopress_quote(struct tpl *t, const struct tpl_tag *tag)
{
	char		 end[256];
	const char	*a = tag->args;
	size_t		 n = 0, len = tag->alen;

	/* The signature: its words up to a link, if any. */
	while (n < len && !(len - n > 4 && strncmp(a + n, "http", 4) == 0 &&
	    (n == 0 || a[n - 1] == ' ')))
		n++;
	while (n > 0 && a[n - 1] == ' ')
		n--;
	if (n > sizeof(end) - 8)
		n = sizeof(end) - 8;
	if (n > 0)
		snprintf(end, sizeof(end), "\xe2\x80\x94 %.*s", (int)n, a);
	else
		end[0] = '\0';
	tpl_push(t, TPL_LIQUID, "endblockquote", TPL_BLOCK_QUOTE, end);
}

/* {% youtube ID %}, {% vimeo ID %}, {% gist ID %}: numbered links. */
static bool
tpl_embed(const struct tpl_tag *tag, struct buf *out)
{
	static const struct {
		const char	*name;
		const char	*what;
		const char	*url;
	} embeds[] = {
		{ "youtube", "YouTube video", "https://www.youtube.com/watch?v=" },
		{ "vimeo", "Vimeo video", "https://vimeo.com/" },
		{ "gist", "GitHub gist", "https://gist.github.com/" },
	};
	struct buf	 url;
	const char	*v;
	size_t		 i, n;

	for (i = 0; i < sizeof(embeds) / sizeof(embeds[0]); i++)
		if (tpl_tag_is(tag, embeds[i].name))
			break;
	if (i == sizeof(embeds) / sizeof(embeds[0]) ||
	    !tpl_tag_arg(tag, 0, NULL, &v, &n))
		return false;
	buf_init(&url);
	if (n < 8 || strncmp(v, "http", 4) != 0)
		buf_adds(&url, embeds[i].url);
	buf_add(&url, v, n);
	tpl_link(out, embeds[i].what, v, n, url.data, url.len);
	buf_release(&url);
	return true;
}

/* Octopress's {% codeblock [title] [lang:x] [url] %}: its language. */
static void
tpl_codeblock(struct tpl *t, const struct tpl_tag *tag, struct buf *out)
{
	const char	*v, *lang = NULL;
	size_t		 n, i, llen = 0;

	for (i = 0; tpl_tag_arg(tag, i, NULL, &v, &n); i++)
		if (n > 5 && strncmp(v, "lang:", 5) == 0) {
			lang = v + 5;
			llen = n - 5;
		}
	tpl_code_open(t, TPL_LIQUID, "endcodeblock", lang, llen, out);
}

bool
tpl_liquid(struct tpl *t, const struct tpl_tag *tag, bool in_dest,
    struct buf *out)
{
	const char	*v;
	size_t		 n;

	if (tag->syn == TPL_OUTPUT) {
		if (in_dest)
			tpl_output_dest(tag, out);
		else
			tpl_code_span(out, tag->s, tag->len);
		return true;
	}
	if (tpl_tag_is(tag, "highlight")) {
		if (!tpl_tag_arg(tag, 0, NULL, &v, &n))
			n = 0;
		tpl_code_open(t, TPL_LIQUID, "endhighlight", v, n, out);
	} else if (tpl_tag_is(tag, "codeblock"))
		tpl_codeblock(t, tag, out);
	else if (tpl_tag_is(tag, "raw"))
		tpl_push(t, TPL_LIQUID, "endraw", TPL_BLOCK_VERBATIM, "");
	else if (tpl_tag_is(tag, "comment"))
		tpl_push(t, TPL_LIQUID, "endcomment", TPL_BLOCK_DROP, "");
	else if (tpl_tag_is(tag, "blockquote"))
		tpl_octopress_quote(t, tag);
	else if (tpl_tag_is(tag, "img") || tpl_tag_is(tag, "image"))
		tpl_octopress_img(tag, out);
	else if (tpl_tag_is(tag, "post_url")) {
		if (tpl_tag_arg(tag, 0, NULL, &v, &n))
			tpl_post_url(v, n, in_dest, out);
	} else if (tpl_tag_is(tag, "link")) {
		if (!tpl_tag_arg(tag, 0, NULL, &v, &n))
			return true;
		if (in_dest)
			buf_add(out, v, n);
		else
			tpl_text(out, v, n);
	} else
		tpl_embed(tag, out);
	return true;
}
