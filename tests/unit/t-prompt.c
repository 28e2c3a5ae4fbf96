/*
 * t-prompt: the query line: typing and moving by characters (UTF-8
 * included), the deleting keys, the history with its draft, completion of
 * speaker names and cycling through them.
 */
#include "prompt.h"

#include <stdio.h>
#include <string.h>

#include "keymap.h"
#include "tap.h"
#include "util.h"

static void
type(struct prompt *p, const char *s)
{
	uint32_t	 cp;
	size_t		 i = 0;

	/* The test strings are ASCII but for one, in UTF-8. */
	while (s[i] != '\0') {
		if ((unsigned char)s[i] == 0xc3) {
			cp = (uint32_t)((s[i] & 0x1f) << 6 | (s[i + 1] & 0x3f));
			i += 2;
		} else
			cp = (unsigned char)s[i++];
		prompt_key(p, cp);
	}
}

static void
test_editing(void)
{
	struct prompt	 p;

	prompt_init(&p, NULL, NULL, 0);
	type(&p, "van riel");
	tap_is_str(p.line.data, "van riel", "typing");
	prompt_key(&p, KEYMAP_LEFT);
	prompt_key(&p, KEYMAP_LEFT);
	prompt_key(&p, 'X');
	tap_is_str(p.line.data, "van riXel", "insert after moving left");
	prompt_key(&p, KEYMAP_BACKSPACE);
	tap_is_str(p.line.data, "van riel", "backspace");
	prompt_key(&p, KEYMAP_HOME);
	prompt_key(&p, KEYMAP_DELETE);
	tap_is_str(p.line.data, "an riel", "delete at home");
	prompt_key(&p, KEYMAP_END);
	prompt_key(&p, KEYMAP_CTRL('w'));
	tap_is_str(p.line.data, "an ", "C-w deletes the word before");
	prompt_key(&p, KEYMAP_CTRL('u'));
	tap_is_str(p.line.data, "", "C-u deletes to the start");
	tap_is_int(prompt_key(&p, KEYMAP_BACKSPACE), PROMPT_CANCEL,
	    "backspace on an empty line cancels");
	type(&p, "jos\xc3\xa9");
	tap_is_int((long long)p.line.len, 5, "UTF-8 typed");
	prompt_key(&p, KEYMAP_LEFT);
	tap_is_int((long long)p.cursor, 3, "left moves by a character");
	tap_is_int((long long)prompt_cursor_cols(&p), 3, "in cells too");
	prompt_key(&p, KEYMAP_RIGHT);
	prompt_key(&p, KEYMAP_BACKSPACE);
	tap_is_str(p.line.data, "jos", "backspace removes the whole é");
	tap_is_int(prompt_key(&p, KEYMAP_ENTER), PROMPT_ENTER, "Enter");
	tap_is_int(prompt_key(&p, KEYMAP_ESCAPE), PROMPT_CANCEL, "Escape");
	tap_is_int(prompt_key(&p, KEYMAP_CTRL('r')), PROMPT_OTHER,
	    "C-r is the caller's");
	prompt_release(&p);
}

static void
test_history(void)
{
	struct prompt_history	 h;
	struct prompt		 p;
	char			 q[16];
	size_t			 i;

	prompt_history_init(&h);
	prompt_history_add(&h, "kroah");
	prompt_history_add(&h, "udev");
	prompt_history_add(&h, "kroah");
	tap_is_int((long long)h.n, 2, "no duplicates");
	tap_is_str(h.q[1], "kroah", "the newest last");
	prompt_init(&p, &h, NULL, 0);
	type(&p, "dra");
	prompt_key(&p, KEYMAP_UP);
	tap_is_str(p.line.data, "kroah", "Up: the newest");
	prompt_key(&p, KEYMAP_UP);
	tap_is_str(p.line.data, "udev", "Up again: older");
	prompt_key(&p, KEYMAP_UP);
	tap_is_str(p.line.data, "udev", "no older");
	prompt_key(&p, KEYMAP_DOWN);
	prompt_key(&p, KEYMAP_DOWN);
	tap_is_str(p.line.data, "dra", "Down back to the draft");
	prompt_release(&p);
	for (i = 0; i < PROMPT_HISTORY + 10; i++) {
		snprintf(q, sizeof(q), "q%zu", i);
		prompt_history_add(&h, q);
	}
	tap_is_int((long long)h.n, PROMPT_HISTORY, "the history is bounded");
	tap_is_str(h.q[0], "q10", "the oldest go first");
	prompt_history_release(&h);
}

static void
test_completion(void)
{
	static const char *const	 names[] = { "Greg Kroah-Hartman",
	    "Rik van Riel", "Robert Love", "Pat Mochel" };
	struct prompt			 p;

	prompt_init(&p, NULL, names, 4);
	type(&p, "kro");
	prompt_key(&p, KEYMAP_TAB);
	tap_is_str(p.line.data, "Kroah-Hartman", "a last name completes");
	prompt_key(&p, KEYMAP_CTRL('u'));
	type(&p, "rik v");
	prompt_key(&p, KEYMAP_TAB);
	tap_is_str(p.line.data, "Rik van Riel", "a name from its start");
	prompt_key(&p, KEYMAP_CTRL('u'));
	type(&p, "about r");
	prompt_key(&p, KEYMAP_TAB);
	tap_is_str(p.line.data, "about Rik van Riel", "the word before only");
	prompt_key(&p, KEYMAP_TAB);
	tap_is_str(p.line.data, "about Robert Love", "Tab again: the next name");
	prompt_key(&p, KEYMAP_TAB);
	tap_is_str(p.line.data, "about Rik van Riel", "and round again");
	prompt_key(&p, KEYMAP_CTRL('u'));
	type(&p, "zz");
	tap_is_int(prompt_key(&p, KEYMAP_TAB), PROMPT_MOVED,
	    "nothing to complete");
	tap_is_str(p.line.data, "zz", "the line stays");
	prompt_release(&p);
}

int
main(void)
{
	tap_plan(0);
	test_editing();
	test_history();
	test_completion();
	return tap_done();
}
