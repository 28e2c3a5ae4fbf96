/*
 * keymap: the pager's actions, olsread's own key codes, key names, and the
 * bindings from keys to actions.  Nothing here knows about curses: the
 * screen module translates what the terminal sends into these codes.
 */
#ifndef OLSREAD_KEYMAP_H
#define OLSREAD_KEYMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Every action of the pager: its enum name, the name users see (in the
 * configuration, the help overlay and the manual) and a line of help.
 */
#define ACTION_LIST(X)							\
	X(LINE_DOWN, "line-down", "scroll down a line")			\
	X(LINE_UP, "line-up", "scroll up a line")			\
	X(PAGE_DOWN, "page-down", "scroll down a page")			\
	X(PAGE_UP, "page-up", "scroll up a page")			\
	X(READ_ON, "read-on",						\
	    "page down; at a talk's end, on to the next talk")		\
	X(HALF_DOWN, "half-page-down", "scroll down half a page")	\
	X(HALF_UP, "half-page-up", "scroll up half a page")		\
	X(TOP, "top", "go to the top")					\
	X(BOTTOM, "bottom", "go to the bottom")				\
	X(TALK_NEXT, "talk-next", "next talk")				\
	X(TALK_PREV, "talk-previous", "previous talk")			\
	X(SECTION_NEXT, "section-next", "next section, at any level")	\
	X(SECTION_PREV, "section-previous",				\
	    "previous section, at any level")				\
	X(UNREAD, "talk-unread", "the next talk not read to its end")	\
	X(TALK_NUMBER, "talk-number", "go to the talk of that number")	\
	X(FOCUS, "focus", "move between the text and the index")	\
	X(OPEN, "open", "in the index: open the talk under the cursor")	\
	X(JUMP_BACK, "jump-back",					\
	    "back to where the last jump started")			\
	X(HISTORY_BACK, "history-back", "further back through jumps")	\
	X(HISTORY_FORWARD, "history-forward", "forward through jumps")	\
	X(MARK_SET, "mark-set", "set a mark: then a letter")		\
	X(MARK_GOTO, "mark-goto",					\
	    "go to a mark: then a letter, or ' for jump-back")		\
	X(LINK_OPEN, "link-open",					\
	    "show a link's URL by number, offer to open it")		\
	X(SEARCH_FORWARD, "search-forward",				\
	    "search forward from here: type the query")			\
	X(SEARCH_BACKWARD, "search-backward",				\
	    "search backward from here")				\
	X(SEARCH_NEXT, "search-next", "the next match, the same way")	\
	X(SEARCH_PREV, "search-previous",				\
	    "the next match, the other way")				\
	X(SEARCH_CLEAR, "search-clear", "stop highlighting the matches") \
	X(FILTER, "filter", "index only the sections that match")	\
	X(SPEAKERS, "speakers",						\
	    "every speaker, by surname: type to filter, Enter to go")	\
	X(SIDEBAR, "sidebar", "show or hide the talk index")		\
	X(MOUSE, "mouse", "capture the mouse, or leave it to the "	\
	    "terminal")							\
	X(INFO, "info", "show the file, talk, line and position")	\
	X(COMMAND, "command", "then n or p: the next or previous file")	\
	X(FILE_NEXT, "file-next", "the next file of those given")	\
	X(FILE_PREV, "file-previous", "the previous file")		\
	X(REDRAW, "redraw", "redraw the screen")			\
	X(HELP, "help", "show this help")				\
	X(QUIT, "quit", "quit")

enum action {
	ACTION_NONE,
#define ACTION_ENUM(e, name, help) ACTION_##e,
	ACTION_LIST(ACTION_ENUM)
#undef ACTION_ENUM
	ACTION__MAX
};

/*
 * Key codes: a Unicode scalar for a text key (a control key is its C0
 * code: Ctrl-F is 0x06), and the values below, above Unicode, for keys
 * that send no text.
 */
#define KEYMAP_SPECIAL	0x110000
enum keymap_key {
	KEYMAP_UP = KEYMAP_SPECIAL,
	KEYMAP_DOWN,
	KEYMAP_LEFT,
	KEYMAP_RIGHT,
	KEYMAP_PAGE_UP,
	KEYMAP_PAGE_DOWN,
	KEYMAP_HOME,
	KEYMAP_END,
	KEYMAP_INSERT,
	KEYMAP_DELETE,
	KEYMAP_BACKSPACE,
	KEYMAP_F1,		/* F1 to F12 follow */
	KEYMAP_F12 = KEYMAP_F1 + 11,
	KEYMAP_KEY__MAX
};

#define KEYMAP_CTRL(c)	((uint32_t)((c) & 0x1f))
#define KEYMAP_ENTER	((uint32_t)'\r')
#define KEYMAP_TAB	((uint32_t)'\t')
#define KEYMAP_ESCAPE	((uint32_t)0x1b)

/* Keys bound at the most. */
#define KEYMAP_MAX	256

struct keymap_binding {
	uint32_t	 key;
	enum action	 action;
};

struct keymap {
	struct keymap_binding	 b[KEYMAP_MAX];
	size_t			 n;
};

/* A keymap with the default bindings. */
void		 keymap_init(struct keymap *);

/* The action bound to `key`, or ACTION_NONE. */
enum action	 keymap_lookup(const struct keymap *, uint32_t key);

/*
 * Bind `key` to `action` (ACTION_NONE unbinds it).  Returns false when
 * the map is full.
 */
bool		 keymap_bind(struct keymap *, uint32_t key, enum action);

/* What binding a key to an action by their names came to. */
enum keymap_bind_result {
	KEYMAP_BOUND,
	KEYMAP_BAD_KEY,		/* no key has that name */
	KEYMAP_BAD_ACTION,	/* no action has that name */
	KEYMAP_FULL		/* KEYMAP_MAX keys are bound already */
};

/*
 * Bind the key named `key` to the action named `action`, or unbind it when
 * the action is "none": the words of a "bind KEY ACTION" line, for the
 * built-in bindings and the configuration alike.
 */
enum keymap_bind_result
		 keymap_bind_names(struct keymap *, const char *key,
		    const char *action);

/*
 * Parse a key name: a character ("j", "]", "é"), "C-f", "Space", "Enter",
 * "Tab", "Escape", "BSpace", "Up", "PageDown", "F1" ...  Returns false
 * when the name is none of them.
 */
bool		 keymap_key_parse(const char *name, uint32_t *key);

/* Write the name of `key` into `out` (at least 16 bytes). */
void		 keymap_key_name(uint32_t key, char *out, size_t size);

/* Action by user-visible name, or ACTION_NONE. */
enum action	 keymap_action_parse(const char *name);
const char	*keymap_action_name(enum action);
const char	*keymap_action_help(enum action);

/*
 * The keys bound to `action`, as names joined by ", ", into `out`.
 * Returns the number of keys.
 */
size_t		 keymap_keys_of(const struct keymap *, enum action, char *out,
		    size_t size);

#endif
