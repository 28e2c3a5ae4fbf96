/*
 * prompt: a one-line editor over a UTF-8 buffer, by characters, with a
 * history and completion.  Pure state: the view turns its line into a
 * query, and the screen draws it.
 */
#include "prompt.h"

#include <stdlib.h>
#include <string.h>

#include "keymap.h"
#include "text.h"

void
prompt_history_init(struct prompt_history *h)
{
	memset(h, 0, sizeof(*h));
}

void
prompt_history_release(struct prompt_history *h)
{
	size_t	 i;

	for (i = 0; i < h->n; i++)
		free(h->q[i]);
	prompt_history_init(h);
}

void
prompt_history_add(struct prompt_history *h, const char *q)
{
	size_t	 i;

	if (*q == '\0')
		return;
	for (i = 0; i < h->n; i++) {
		if (strcmp(h->q[i], q) == 0) {
			free(h->q[i]);
			memmove(h->q + i, h->q + i + 1,
			    (h->n - i - 1) * sizeof(*h->q));
			h->n--;
			break;
		}
	}
	if (h->n == PROMPT_HISTORY) {
		free(h->q[0]);
		memmove(h->q, h->q + 1, (h->n - 1) * sizeof(*h->q));
		h->n--;
	}
	h->q[h->n++] = xstrdup(q);
}

void
prompt_init(struct prompt *p, struct prompt_history *h,
    const char *const *words, size_t nwords)
{
	memset(p, 0, sizeof(*p));
	buf_init(&p->line);
	p->hist = h;
	p->hpos = h != NULL ? h->n : 0;
	p->words = words;
	p->nwords = nwords;
}

/* Forget a completion under way. */
static void
prompt_untab(struct prompt *p)
{
	free(p->tab_head);
	free(p->tab_tail);
	p->tab_head = p->tab_tail = NULL;
}

void
prompt_release(struct prompt *p)
{
	buf_release(&p->line);
	free(p->draft);
	p->draft = NULL;
	prompt_untab(p);
}

void
prompt_set(struct prompt *p, const char *s)
{
	p->line.len = 0;
	buf_adds(&p->line, s);
	p->cursor = p->line.len;
}

/* The start of the character before `off`. */
static size_t
prompt_back(const struct prompt *p, size_t off)
{
	while (off > 0 && ((unsigned char)p->line.data[--off] & 0xc0) == 0x80)
		continue;
	return off;
}

/* The end of the character at `off`. */
static size_t
prompt_forward(const struct prompt *p, size_t off)
{
	uint32_t	 cp;

	if (off >= p->line.len)
		return off;
	return off + text_decode(p->line.data + off, p->line.len - off, &cp);
}

/* Delete bytes [from, to) of the line. */
static void
prompt_cut(struct prompt *p, size_t from, size_t to)
{
	memmove(p->line.data + from, p->line.data + to, p->line.len - to + 1);
	p->line.len -= to - from;
	p->cursor = from;
}

static void
prompt_insert(struct prompt *p, uint32_t cp)
{
	char	 enc[4];
	size_t	 n = text_encode(cp, enc);

	buf_reserve(&p->line, n);
	memmove(p->line.data + p->cursor + n, p->line.data + p->cursor,
	    p->line.len - p->cursor + 1);
	memcpy(p->line.data + p->cursor, enc, n);
	p->line.len += n;
	p->cursor += n;
}

/* The start of the word before the cursor, blanks before it included. */
static size_t
prompt_word_start(const struct prompt *p)
{
	size_t	 off = p->cursor;

	while (off > 0 && p->line.data[off - 1] == ' ')
		off--;
	while (off > 0 && p->line.data[off - 1] != ' ')
		off--;
	return off;
}

/* Up (older) or Down (newer) through the history. */
static enum prompt_result
prompt_history_step(struct prompt *p, bool older)
{
	if (p->hist == NULL || (older ? p->hpos == 0 : p->hpos >= p->hist->n))
		return PROMPT_MOVED;
	if (p->hpos == p->hist->n) {
		free(p->draft);
		p->draft = xstrdup(p->line.data);
	}
	p->hpos += older ? (size_t)-1 : 1;
	prompt_set(p, p->hpos < p->hist->n ? p->hist->q[p->hpos] :
	    p->draft != NULL ? p->draft : "");
	return PROMPT_EDITED;
}

static bool
prompt_prefix_ci(const char *s, const char *prefix, size_t n)
{
	size_t		 i;
	unsigned char	 a, b;

	for (i = 0; i < n; i++) {
		a = (unsigned char)s[i];
		b = (unsigned char)prefix[i];
		if (a == '\0')
			return false;
		if (a < 0x80 && b < 0x80 && (a | 0x20) >= 'a' &&
		    (a | 0x20) <= 'z')
			a |= 0x20, b |= 0x20;
		if (a != b)
			return false;
	}
	return true;
}

/*
 * The `nth` way to complete `typed`, the text before the cursor: the
 * longest end of it, from a word's start, that begins a word of a listed
 * name ("kro" begins "Kroah-Hartman" in "Greg Kroah-Hartman").  Returns
 * what completes it, from that word of the name on, and where the typed
 * end starts; NULL when there are no more.
 */
static const char *
prompt_candidate(const struct prompt *p, const char *typed, size_t nth,
    size_t *from)
{
	const char	*w, *hit;
	size_t		 i, k, j, n, seen, len = strlen(typed);

	for (i = 0; i < len; i++) {
		if (i > 0 && typed[i - 1] != ' ')
			continue;
		n = len - i;
		for (seen = 0, k = 0; k < p->nwords; k++) {
			w = p->words[k];
			for (j = 0, hit = NULL; w[j] != '\0' && hit == NULL; j++)
				if ((j == 0 || w[j - 1] == ' ' ||
				    w[j - 1] == '-') &&
				    prompt_prefix_ci(w + j, typed + i, n))
					hit = w + j;
			if (hit != NULL && seen++ == nth) {
				*from = i;
				return hit;
			}
		}
		if (seen > 0)
			return NULL;
	}
	return NULL;
}

/* Tab: complete the word before the cursor, or go on to the next way. */
static enum prompt_result
prompt_complete(struct prompt *p)
{
	const char	*c;
	size_t		 from;

	if (p->tab_head == NULL) {
		p->tab_head = xstrndup(p->line.data, p->cursor);
		p->tab_tail = xstrdup(p->line.data + p->cursor);
		p->cycle = 0;
	}
	if ((c = prompt_candidate(p, p->tab_head, p->cycle, &from)) == NULL) {
		p->cycle = 0;
		if ((c = prompt_candidate(p, p->tab_head, 0, &from)) == NULL)
			return PROMPT_MOVED;
	}
	p->cycle++;
	p->line.len = 0;
	buf_add(&p->line, p->tab_head, from);
	buf_adds(&p->line, c);
	p->cursor = p->line.len;
	buf_adds(&p->line, p->tab_tail);
	return PROMPT_EDITED;
}

/* Keys that move the cursor. */
static bool
prompt_move(struct prompt *p, uint32_t key)
{
	switch (key) {
	case KEYMAP_LEFT:
		p->cursor = prompt_back(p, p->cursor);
		return true;
	case KEYMAP_RIGHT:
		p->cursor = prompt_forward(p, p->cursor);
		return true;
	case KEYMAP_HOME:
	case KEYMAP_CTRL('a'):
		p->cursor = 0;
		return true;
	case KEYMAP_END:
	case KEYMAP_CTRL('e'):
		p->cursor = p->line.len;
		return true;
	default:
		return false;
	}
}

/* Keys that delete. */
static enum prompt_result
prompt_delete(struct prompt *p, uint32_t key)
{
	switch (key) {
	case KEYMAP_BACKSPACE:
	case KEYMAP_CTRL('h'):
		if (p->line.len == 0)
			return PROMPT_CANCEL;
		if (p->cursor > 0)
			prompt_cut(p, prompt_back(p, p->cursor), p->cursor);
		return PROMPT_EDITED;
	case KEYMAP_DELETE:
		prompt_cut(p, p->cursor, prompt_forward(p, p->cursor));
		return PROMPT_EDITED;
	case KEYMAP_CTRL('u'):
		prompt_cut(p, 0, p->cursor);
		return PROMPT_EDITED;
	case KEYMAP_CTRL('w'):
		prompt_cut(p, prompt_word_start(p), p->cursor);
		return PROMPT_EDITED;
	default:
		return PROMPT_OTHER;
	}
}

enum prompt_result
prompt_key(struct prompt *p, uint32_t key)
{
	enum prompt_result	 r;

	if (key == KEYMAP_TAB)
		return prompt_complete(p);
	prompt_untab(p);
	if (key == KEYMAP_ENTER)
		return PROMPT_ENTER;
	if (key == KEYMAP_ESCAPE || key == KEYMAP_CTRL('c') ||
	    key == KEYMAP_CTRL('g'))
		return PROMPT_CANCEL;
	if (key == KEYMAP_UP || key == KEYMAP_DOWN)
		return prompt_history_step(p, key == KEYMAP_UP);
	if (prompt_move(p, key))
		return PROMPT_MOVED;
	if ((r = prompt_delete(p, key)) != PROMPT_OTHER)
		return r;
	if (key >= KEYMAP_SPECIAL || text_is_control(key) || key < 0x20)
		return PROMPT_OTHER;
	prompt_insert(p, key);
	return PROMPT_EDITED;
}

size_t
prompt_cursor_cols(const struct prompt *p)
{
	return text_width(p->line.data, p->cursor);
}
