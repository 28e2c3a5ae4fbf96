/*
 * view-say: the message line.  An action says what it did, or why it did
 * nothing, through view_say() and view_say_or(), and the screen shows the
 * form that fits; the overlays fit their titles the same way.  It is the
 * bottom of the view: every part may say something, and it calls no other.
 */
#include "view.h"

#include <stdarg.h>
#include <string.h>

#include "doc.h"
#include "text.h"
#include "view-private.h"

/*
 * Messages.  A message may have shorter forms, each after the one before
 * and a NUL in v->message; the longest that fits the width shows, so that
 * a narrow screen reads "No talks" rather than "The article has no t".
 */

void
view_say(struct view *v, const char *fmt, ...)
{
	va_list	 ap;

	v->message.len = 0;
	va_start(ap, fmt);
	buf_vprintf(&v->message, fmt, ap);
	va_end(ap);
}

void
view_say_or(struct view *v, const char *fmt, ...)
{
	va_list	 ap;

	if (v->message.len == 0)
		return;
	buf_addc(&v->message, '\0');
	va_start(ap, fmt);
	buf_vprintf(&v->message, fmt, ap);
	va_end(ap);
}

void
view_set_message(struct view *v, const char *msg)
{
	v->message.len = 0;
	buf_adds(&v->message, msg);
}

size_t
view_cut_words(const char *s, size_t width)
{
	size_t		 i = 0, n = 0, cells = 0, blank = 0;
	uint32_t	 cp;

	for (; s[i] != '\0'; i += n) {
		n = text_decode(s + i, strlen(s + i), &cp);
		if (cells + text_char_width(cp) > width)
			break;
		cells += text_char_width(cp);
		if (cp == ' ')
			blank = i;
	}
	if (s[i] == '\0' || s[i] == ' ')
		return i;
	if (blank > 0)
		return blank;
	return i > 0 ? i : n;
}

/*
 * The longest form of the message that fits; else the shortest, cut
 * after a word, or where a single word leaves no choice.
 */
void
view_fit_forms(const char *const *forms, size_t n, unsigned int cols,
    struct buf *out)
{
	size_t	 i;

	for (i = 0; i + 1 < n; i++)
		if (text_width(forms[i], strlen(forms[i])) <= cols)
			break;
	text_fit(forms[i], strlen(forms[i]), cols, out);
	buf_addc(out, '\n');
}

void
view_say_no_talk(struct view *v, unsigned long n)
{
	view_say(v, "No talk %lu: the article has %u", n, v->doc->ntalks);
	view_say_or(v, "No talk %lu of %u", n, v->doc->ntalks);
	view_say_or(v, "No talk %lu", n);
}

void
view_say_no_talks(struct view *v)
{
	view_say(v, "The article has no talks");
	view_say_or(v, "No talks");
}

const char *
view_message(struct view *v)
{
	const char	*p = v->message.data, *end = p + v->message.len;
	const char	*last = p;
	size_t		 cols = v->geom.cols, n;

	if (v->message.len == 0)
		return NULL;
	for (; p < end; p += strlen(p) + 1) {
		if (text_width(p, strlen(p)) <= cols)
			return p;
		last = p;
	}
	v->message_fit.len = 0;
	n = cols > 1 ? view_cut_words(last, cols - 1) : 0;
	/* A first character too wide is all it gives: no room for "…". */
	if (n > 0 && last[n] == ' ' && text_width(last, n) < cols) {
		buf_add(&v->message_fit, last, n);
		buf_adds(&v->message_fit, "\xe2\x80\xa6");
	} else
		text_fit(last, strlen(last), cols, &v->message_fit);
	buf_addc(&v->message_fit, '\0');
	return v->message_fit.data;
}
