/*
 * view-link: links, by the numbers the layout shows after them.  o opens
 * a prompt for a number; Enter on it shows the URL and asks whether to
 * open it ("Open URL ? (y/n)"), or says why it may not be opened.  A yes
 * hands the URL to the screen (VIEW_OPEN), which runs the opener.  Which
 * URLs may be opened is link.c's to say.  A footnote's mark has a number
 * of the same count: Enter on it goes to the note, '' back.
 */
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "link.h"
#include "text.h"
#include "view-private.h"

#define VIEW_URL_MIN	12	/* cells a message gives a URL, at least */

static void
view_link_prompt(struct view *v)
{
	v->prompt.len = 0;
	buf_printf(&v->prompt, "Link: %s", v->digits);
}

/* o: a prompt for the number of a link. */
unsigned int
view_link_start(struct view *v)
{
	view_digits_end(v);
	if (v->doc->complete && v->doc->nlinks == 0) {
		view_say(v, "The article has no links");
		view_say_or(v, "No links");
		return VIEW_REDRAW;
	}
	v->pending = VIEW_PENDING_LINK;
	view_link_prompt(v);
	return VIEW_REDRAW;
}

/*
 * Append to `out` the URL, its controls shown as symbols, cut to what the
 * line leaves it after `out` and `tail`, then `tail`: the URL gives way,
 * never the words about it.  A cell stays free for the prompt's cursor.
 */
static void
view_link_fit(const struct view *v, struct buf *out, const char *url,
    size_t len, const char *tail)
{
	size_t	 used = text_width(out->data, out->len) +
		    text_width(tail, strlen(tail)) + 1;

	text_fit(url, len, v->geom.cols > used + VIEW_URL_MIN ?
	    v->geom.cols - used : VIEW_URL_MIN, out);
	buf_adds(out, tail);
}

/*
 * Why link `n` is not opened: with its URL, cut to leave the reason
 * whole; narrower, the reason alone; narrower still, a word of it.
 */
static void
view_link_refused(struct view *v, unsigned long n, const char *url,
    size_t len, const char *why)
{
	struct buf	 tail;

	buf_init(&tail);
	buf_adds(&tail, " \xc2\xb7 ");
	buf_adds(&tail, why);
	view_say(v, "[%lu] ", n);
	view_link_fit(v, &v->message, url, len, tail.data);
	buf_release(&tail);
	view_say_or(v, "[%lu] %s", n, why);
	view_say_or(v, "[%lu] %s", n, strncmp(why, "no browser", 10) == 0 ?
	    "no $BROWSER" : "not opened");
}

/*
 * Enter on a link's number: the URL, and the question whether to open
 * it; or, for one that may not be opened, the URL and why not.
 */
static unsigned int
view_link_show(struct view *v, unsigned long n)
{
	const struct doc	*d = v->doc;
	const char		*url, *why;
	size_t			 sp, len, note;

	if ((sp = link_find(d, n)) == DOC_NONE &&
	    (note = link_note(d, n)) != DOC_NONE) {
		view_jump(v, view_at(v, note, view_line_at(v, note,
		    d->blocks[note].off)));
		view_say(v, "Note [%lu]: '' goes back", n);
		view_say_or(v, "Note [%lu]", n);
		return VIEW_REDRAW;
	}
	if (sp == DOC_NONE) {
		if (d->nlinks == 0)
			view_say(v, "The article has no links");
		else
			view_say(v, "No link %lu: the article has %u", n,
			    d->nlinks);
		view_say_or(v, d->nlinks == 0 ? "No links" : "No link %lu", n);
		return VIEW_REDRAW;
	}
	url = doc_span_url(d, &d->spans[sp], &len);
	if ((why = link_refusal(url, len)) == NULL && v->opts.opener == NULL)
		why = "no browser: set $BROWSER";
	if (why != NULL) {
		view_link_refused(v, n, url, len, why);
		return VIEW_REDRAW;
	}
	free(v->link_url);
	v->link_url = xstrndup(url, len);
	v->pending = VIEW_PENDING_CONFIRM;
	v->prompt.len = 0;
	buf_adds(&v->prompt, "Open ");
	/* A blank keeps the '?' from reading as part of the URL. */
	if (v->geom.cols >= VIEW_URL_MIN + strlen("Open  ? (y/n)") + 1)
		view_link_fit(v, &v->prompt, url, len, " ? (y/n)");
	else
		buf_printf(&v->prompt, "[%lu]? (y/n)", n);
	return VIEW_REDRAW;
}

/*
 * A key on the link's prompt.  Unlike a talk's, the number is only taken
 * on Enter: an article has many links, and a prefix rarely names one.
 */
unsigned int
view_link_key(struct view *v, uint32_t key)
{
	unsigned long	 n = strtoul(v->digits, NULL, 10);

	if (key != KEYMAP_ENTER) {
		if (view_digits_edit(v, key))
			view_link_prompt(v);
		return VIEW_REDRAW;
	}
	if (v->ndigits == 0) {
		view_digits_end(v);
		return VIEW_REDRAW;
	}
	/* A number past the links loaded may be one of the rest. */
	if (n > v->doc->nlinks && !v->doc->complete)
		return VIEW_LOAD;
	view_digits_end(v);
	return view_link_show(v, n);
}

/* The answer to "Open URL ? (y/n)": y opens, any other key does not. */
unsigned int
view_link_answer(struct view *v, uint32_t key)
{
	view_digits_end(v);
	if (key == 'y' || key == 'Y')
		return VIEW_REDRAW | VIEW_OPEN;
	free(v->link_url);
	v->link_url = NULL;
	return VIEW_REDRAW;
}

const char *
view_link_url(const struct view *v)
{
	return v->pending == VIEW_PENDING_CONFIRM ? NULL : v->link_url;
}
