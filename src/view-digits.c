/*
 * view-digits: a number typed at a prompt, a talk's or a link's: its
 * digits, and the keys that edit them.  What the number names is the
 * caller's to say: view-key.c goes to a talk, view-link.c to a link.  It
 * calls nothing else of the view.
 */
#include "view.h"

#include "view-private.h"

/* Backspace, as any of the codes a terminal may send for it. */
static bool
view_is_erase(uint32_t key)
{
	return key == KEYMAP_BACKSPACE || key == 0x7f ||
	    key == KEYMAP_CTRL('h');
}

/* A key that a number's prompt takes: a digit, Enter, Escape, Backspace. */
bool
view_is_number_key(uint32_t key)
{
	return (key >= '0' && key <= '9') || key == KEYMAP_ENTER ||
	    key == KEYMAP_ESCAPE || view_is_erase(key);
}

void
view_digits_end(struct view *v)
{
	v->pending = VIEW_PENDING_NONE;
	v->ndigits = 0;
	v->digits[0] = '\0';
	v->prompt.len = 0;
}

/*
 * A digit, Backspace or Escape on a number's prompt: the digits edited.
 * Returns false when the prompt was given up (Escape, or Backspace on the
 * last digit).
 */
bool
view_digits_edit(struct view *v, uint32_t key)
{
	if (key == KEYMAP_ESCAPE || (view_is_erase(key) && v->ndigits <= 1)) {
		view_digits_end(v);
		return false;
	}
	if (view_is_erase(key))
		v->digits[--v->ndigits] = '\0';
	else if (key >= '0' && key <= '9' && v->ndigits < VIEW_DIGITS) {
		v->digits[v->ndigits++] = (char)key;
		v->digits[v->ndigits] = '\0';
	}
	return true;
}
