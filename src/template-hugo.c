/*
 * template-hugo: Hugo's shortcodes, {{< name args >}} and
 * {{% name args %}}, as the page shows them.  figure is an image with its
 * caption; the embeds (youtube, vimeo, tweet and x, instagram, gist) are
 * numbered links to what they embed; highlight is code of its language;
 * ref and relref stand for their paths; details shows its summary; the
 * notices (notice, note, tip, warning, alert, callout, admonition, hint)
 * quote their text under their kind's word; comment drops its text; a
 * tab shows its title, or is code when it names a language.  Any
 * other shortcode shows nothing, and what a pair of one encloses stays:
 * as text between {{< >}}, as Markdown between {{% %}}.  Arguments are
 * named (src="...") or come in order.
 */
#include "template.h"

#include <stdio.h>
#include <string.h>

/* Named argument `key`, else argument `pos` in order (SIZE_MAX: none). */
static bool
tpl_hugo_arg(const struct tpl_tag *tag, const char *key, size_t pos,
    const char **v, size_t *n)
{
	if (key != NULL && tpl_tag_arg(tag, 0, key, v, n))
		return true;
	return pos != (size_t)-1 && tpl_tag_arg(tag, pos, NULL, v, n);
}

/* {{< figure src="..." alt="..." caption="..." link="..." >}} */
static void
tpl_hugo_figure(const struct tpl_tag *tag, struct buf *out)
{
	const char	*src, *alt, *cap, *link;
	size_t		 slen, alen, clen, llen;
	bool		 has_cap;

	if (!tpl_hugo_arg(tag, "src", 0, &src, &slen))
		return;
	has_cap = tpl_hugo_arg(tag, "caption", (size_t)-1, &cap, &clen) &&
	    clen > 0;
	if (!tpl_hugo_arg(tag, "alt", (size_t)-1, &alt, &alen) &&
	    !tpl_hugo_arg(tag, "title", (size_t)-1, &alt, &alen)) {
		alt = has_cap ? cap : "";
		alen = has_cap ? clen : 0;
		has_cap = false;
	}
	if (!tpl_hugo_arg(tag, "link", (size_t)-1, &link, &llen))
		link = NULL;
	tpl_image(out, alt, alen, src, slen, link, link != NULL ? llen : 0);
	/* A caption is Markdown, and may hold HTML, as Hugo renders it. */
	if (has_cap) {
		buf_adds(out, " *");
		tpl_inline(out, cap, clen);
		buf_addc(out, '*');
	}
}

/* The embeds: a numbered link to the page of what they show. */
static bool
tpl_hugo_embed(const struct tpl_tag *tag, struct buf *out)
{
	struct buf	 url;
	const char	*id, *user, *what;
	size_t		 ilen, ulen;

	if (!tpl_hugo_arg(tag, "id", 0, &id, &ilen))
		ilen = 0;
	buf_init(&url);
	if (tpl_tag_is(tag, "youtube")) {
		what = "YouTube video";
		buf_adds(&url, "https://www.youtube.com/watch?v=");
	} else if (tpl_tag_is(tag, "vimeo")) {
		what = "Vimeo video";
		buf_adds(&url, "https://vimeo.com/");
	} else if (tpl_tag_is(tag, "tweet") || tpl_tag_is(tag, "x")) {
		what = "Post";
		buf_adds(&url, "https://x.com/");
		if (tpl_hugo_arg(tag, "user", (size_t)-1, &user, &ulen))
			buf_add(&url, user, ulen);
		else
			buf_addc(&url, 'i');
		buf_adds(&url, "/status/");
	} else if (tpl_tag_is(tag, "instagram")) {
		what = "Instagram post";
		buf_adds(&url, "https://www.instagram.com/p/");
	} else if (tpl_tag_is(tag, "gist")) {
		what = "GitHub gist";
		buf_adds(&url, "https://gist.github.com/");
		if (tpl_hugo_arg(tag, "user", 0, &user, &ulen)) {
			buf_add(&url, user, ulen);
			buf_addc(&url, '/');
		}
		if (!tpl_hugo_arg(tag, "id", 1, &id, &ilen))
			ilen = 0;
	} else {
		buf_release(&url);
		return false;
	}
	if (ilen > 0) {
		buf_add(&url, id, ilen);
		tpl_link(out, what, id, ilen, url.data, url.len);
	}
	buf_release(&url);
	return true;
}

static const char *const tpl_notices[] = { "notice", "note", "tip",
	"warning", "alert", "callout", "admonition", "hint", "info",
	"caution", "important", "danger", NULL };

/* Those whose kind is their first argument, not their name. */
static const char *const tpl_notices_kinded[] = { "notice", "alert",
	"callout", "admonition", NULL };

/* A notice: its text quoted, under its title or its kind's word. */
static void
tpl_hugo_notice(struct tpl *t, const struct tpl_tag *tag, struct buf *out)
{
	char		 word[TPL_NAME_MAX];
	const char	*kind = tag->name, *title;
	size_t		 klen = strlen(tag->name), tlen, i;
	bool		 kinded = tpl_name_in(tag->name, tpl_notices_kinded);

	if (kinded && !tpl_hugo_arg(tag, "type", 0, &kind, &klen) &&
	    !tpl_hugo_arg(tag, "style", (size_t)-1, &kind, &klen)) {
		kind = "note";
		klen = 4;
	}
	if (klen == 0 || klen >= sizeof(word)) {
		kind = "note";
		klen = 4;
	}
	for (i = 0; i < klen; i++)
		word[i] = i == 0 && kind[i] >= 'a' && kind[i] <= 'z' ?
		    (char)(kind[i] - 'a' + 'A') : kind[i];
	word[klen] = '\0';
	if (!tpl_hugo_arg(tag, "title", kinded ? 1 : 0, &title, &tlen) ||
	    tlen == 0) {
		title = word;
		tlen = klen;
	}
	if (!tpl_push(t, tag->syn, tag->name, TPL_BLOCK_QUOTE, ""))
		return;
	/* A heading in a quote, which no section opens at. */
	buf_adds(out, "> ##### ");
	tpl_text(out, title, tlen);
}

/*
 * A tab of a tab pane: its code, when it names a language, else its title
 * over its text, so that the tabs read one after another.
 */
static void
tpl_hugo_tab(struct tpl *t, const struct tpl_tag *tag, struct buf *out)
{
	const char	*v;
	size_t		 n;

	if (tpl_hugo_arg(tag, "lang", (size_t)-1, &v, &n) && n > 0) {
		tpl_code_open(t, tag->syn, "tab", v, n, out);
		return;
	}
	if (tpl_hugo_arg(tag, "header", (size_t)-1, &v, &n) ||
	    tpl_hugo_arg(tag, "title", (size_t)-1, &v, &n) ||
	    tpl_hugo_arg(tag, "name", 0, &v, &n)) {
		tpl_title(out, v, n);
	}
}

/*
 * A shortcode no rule knows shows nothing.  A pair of {{< >}} ones shows
 * what it encloses as text, since Hugo gives it to the shortcode as
 * written, not made HTML; unless it is written in Markdown, which a
 * theme given Markdown renders (a transcript in an accordion, a card's
 * paragraphs).  A {{% %}} pair's stays Markdown, as Hugo renders it.
 */
static void
tpl_hugo_other(struct tpl *t, const struct tpl_tag *tag)
{
	size_t	 close;

	if (tag->syn != TPL_HUGO || tag->name[0] == '\0' ||
	    (tag->alen > 0 && tag->args[tag->alen - 1] == '/'))
		return;
	if (tpl_paired(t, tag, &close) && !tpl_markdown_until(t, tag, close))
		tpl_push(t, TPL_HUGO, tag->name, TPL_BLOCK_TEXT, "");
}

bool
tpl_hugo(struct tpl *t, const struct tpl_tag *tag, bool in_dest,
    struct buf *out)
{
	const char	*v;
	size_t		 n;

	if (tag->closing)
		return true;
	if (tpl_tag_is(tag, "comment"))
		tpl_push(t, tag->syn, "comment", TPL_BLOCK_DROP, "");
	else if (tpl_tag_is(tag, "figure"))
		tpl_hugo_figure(tag, out);
	else if (tpl_tag_is(tag, "highlight")) {
		if (!tpl_hugo_arg(tag, NULL, 0, &v, &n))
			n = 0;
		tpl_code_open(t, tag->syn, "highlight", v, n, out);
	} else if (tpl_tag_is(tag, "ref") || tpl_tag_is(tag, "relref")) {
		if (!tpl_hugo_arg(tag, "path", 0, &v, &n))
			return true;
		if (in_dest)
			buf_add(out, v, n);
		else
			tpl_text(out, v, n);
	} else if (tpl_tag_is(tag, "tab")) {
		tpl_hugo_tab(t, tag, out);
	} else if (tpl_tag_is(tag, "details")) {
		if (!tpl_hugo_arg(tag, "summary", 0, &v, &n)) {
			v = "Details";
			n = 7;
		}
		tpl_title(out, v, n);
	} else if (tpl_name_in(tag->name, tpl_notices))
		tpl_hugo_notice(t, tag, out);
	else if (!tpl_hugo_embed(tag, out))
		tpl_hugo_other(t, tag);
	return true;
}
