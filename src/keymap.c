/*
 * keymap: action names and help, key names, and the binding table.  The
 * default bindings are written as configuration lines and read by the same
 * parser a configuration file will use, so that the two cannot drift.  No
 * curses here.
 */
#include "keymap.h"

#include <stdio.h>
#include <string.h>

#include "text.h"
#include "util.h"

static const char *const keymap_action_names[ACTION__MAX] = {
	[ACTION_NONE] = "none",
#define ACTION_NAME(e, name, help) [ACTION_##e] = name,
	ACTION_LIST(ACTION_NAME)
#undef ACTION_NAME
};

static const char *const keymap_action_helps[ACTION__MAX] = {
	[ACTION_NONE] = "do nothing",
#define ACTION_HELP(e, name, help) [ACTION_##e] = help,
	ACTION_LIST(ACTION_HELP)
#undef ACTION_HELP
};

/* Names of keys that send no text, or send something unprintable. */
static const struct {
	const char	*name;
	uint32_t	 key;
} keymap_names[] = {
	{ "Space", ' ' },
	{ "Enter", KEYMAP_ENTER },
	{ "Tab", KEYMAP_TAB },
	{ "Escape", KEYMAP_ESCAPE },
	{ "BSpace", KEYMAP_BACKSPACE },
	{ "Up", KEYMAP_UP },
	{ "Down", KEYMAP_DOWN },
	{ "Left", KEYMAP_LEFT },
	{ "Right", KEYMAP_RIGHT },
	{ "PageUp", KEYMAP_PAGE_UP },
	{ "PageDown", KEYMAP_PAGE_DOWN },
	{ "PPage", KEYMAP_PAGE_UP },
	{ "NPage", KEYMAP_PAGE_DOWN },
	{ "Home", KEYMAP_HOME },
	{ "End", KEYMAP_END },
	{ "Insert", KEYMAP_INSERT },
	{ "Delete", KEYMAP_DELETE },
};

/*
 * The default bindings, less- and vi-like.  Digits start a talk number;
 * ZZ quits; in the index, Enter opens and Escape leaves; Escape clears a
 * search's highlight (see view-key.c).
 */
static const char keymap_defaults[] =
	"bind j line-down\n" "bind Down line-down\n" "bind Enter line-down\n"
	"bind e line-down\n" "bind C-e line-down\n" "bind C-n line-down\n"
	"bind k line-up\n" "bind Up line-up\n" "bind y line-up\n"
	"bind C-y line-up\n" "bind C-p line-up\n"
	"bind Space read-on\n"
	"bind f page-down\n" "bind PageDown page-down\n"
	"bind C-f page-down\n" "bind C-v page-down\n"
	"bind b page-up\n" "bind PageUp page-up\n" "bind C-b page-up\n"
	"bind d half-page-down\n" "bind C-d half-page-down\n"
	"bind u half-page-up\n" "bind C-u half-page-up\n"
	"bind g top\n" "bind Home top\n" "bind < top\n"
	"bind G bottom\n" "bind End bottom\n" "bind > bottom\n"
	"bind ] talk-next\n" "bind [ talk-previous\n"
	"bind } section-next\n" "bind { section-previous\n"
	"bind U talk-unread\n"
	"bind : command\n"
	"bind 0 talk-number\n" "bind 1 talk-number\n" "bind 2 talk-number\n"
	"bind 3 talk-number\n" "bind 4 talk-number\n" "bind 5 talk-number\n"
	"bind 6 talk-number\n" "bind 7 talk-number\n" "bind 8 talk-number\n"
	"bind 9 talk-number\n"
	"bind Tab focus\n"
	"bind BSpace history-back\n" "bind + history-forward\n"
	"bind m mark-set\n" "bind ' mark-goto\n"
	"bind o link-open\n"
	"bind t sidebar\n" "bind M mouse\n" "bind = info\n"
	"bind C-l redraw\n"
	"bind / search-forward\n" "bind ? search-backward\n"
	"bind n search-next\n" "bind N search-previous\n"
	"bind & filter\n" "bind S speakers\n"
	"bind h help\n" "bind F1 help\n"
	"bind q quit\n" "bind Q quit\n";

/* One "bind KEY ACTION" line of `len` bytes; false if it is not one. */
static bool
keymap_bind_line(struct keymap *km, const char *line, size_t len)
{
	char		 buf[128], *word, *key, *act, *save = NULL;

	if (len >= sizeof(buf))
		return false;
	memcpy(buf, line, len);
	buf[len] = '\0';
	if ((word = strtok_r(buf, " ", &save)) == NULL ||
	    strcmp(word, "bind") != 0 ||
	    (key = strtok_r(NULL, " ", &save)) == NULL ||
	    (act = strtok_r(NULL, " ", &save)) == NULL ||
	    strtok_r(NULL, " ", &save) != NULL)
		return false;
	return keymap_bind_names(km, key, act) == KEYMAP_BOUND;
}

void
keymap_init(struct keymap *km)
{
	const char	*p = keymap_defaults, *nl;

	km->n = 0;
	for (; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		if (!keymap_bind_line(km, p, (size_t)(nl - p)))
			fatal("built-in binding does not parse: %.*s",
			    (int)(nl - p), p);
}

enum action
keymap_lookup(const struct keymap *km, uint32_t key)
{
	size_t	 i;

	for (i = 0; i < km->n; i++)
		if (km->b[i].key == key)
			return km->b[i].action;
	return ACTION_NONE;
}

bool
keymap_bind(struct keymap *km, uint32_t key, enum action a)
{
	size_t	 i;

	for (i = 0; i < km->n; i++) {
		if (km->b[i].key != key)
			continue;
		if (a == ACTION_NONE)
			km->b[i] = km->b[--km->n];
		else
			km->b[i].action = a;
		return true;
	}
	if (a == ACTION_NONE)
		return true;
	if (km->n == KEYMAP_MAX)
		return false;
	km->b[km->n].key = key;
	km->b[km->n++].action = a;
	return true;
}

enum keymap_bind_result
keymap_bind_names(struct keymap *km, const char *key, const char *action)
{
	uint32_t	 code;
	enum action	 a;

	if (!keymap_key_parse(key, &code))
		return KEYMAP_BAD_KEY;
	/* "none" is the one name keymap_action_parse() does not give. */
	if ((a = keymap_action_parse(action)) == ACTION_NONE &&
	    strcmp(action, "none") != 0)
		return KEYMAP_BAD_ACTION;
	return keymap_bind(km, code, a) ? KEYMAP_BOUND : KEYMAP_FULL;
}

bool
keymap_key_parse(const char *name, uint32_t *key)
{
	size_t		 i, len = strlen(name);
	uint32_t	 cp;
	int		 f;

	for (i = 0; i < sizeof(keymap_names) / sizeof(*keymap_names); i++) {
		if (strcmp(name, keymap_names[i].name) == 0) {
			*key = keymap_names[i].key;
			return true;
		}
	}
	if (len == 3 && name[0] == 'C' && name[1] == '-' &&
	    ((name[2] >= 'a' && name[2] <= 'z') || strchr("@[\\]^_", name[2]))) {
		*key = KEYMAP_CTRL(name[2]);
		return true;
	}
	if (name[0] == 'F' && sscanf(name + 1, "%d", &f) == 1 && f >= 1 &&
	    f <= 12 && (size_t)snprintf(NULL, 0, "F%d", f) == len) {
		*key = KEYMAP_F1 + (uint32_t)(f - 1);
		return true;
	}
	/* A single printable character names itself. */
	if (len > 0 && text_decode(name, len, &cp) == len && cp > ' ' &&
	    !text_is_control(cp) && cp != 0xfffd) {
		*key = cp;
		return true;
	}
	return false;
}

void
keymap_key_name(uint32_t key, char *out, size_t size)
{
	char	 enc[4];
	size_t	 i, n;

	for (i = 0; i < sizeof(keymap_names) / sizeof(*keymap_names); i++) {
		if (keymap_names[i].key == key) {
			snprintf(out, size, "%s", keymap_names[i].name);
			return;
		}
	}
	/* C-a to C-z; the others as keymap_key_parse() reads them, C-@... */
	if (key < 0x20)
		snprintf(out, size, "C-%c", (char)(key >= 1 && key <= 26 ?
		    key | 0x60 : key | 0x40));
	else if (key >= KEYMAP_F1 && key <= KEYMAP_F12)
		snprintf(out, size, "F%u", (unsigned int)(key - KEYMAP_F1 + 1));
	else if (key < KEYMAP_SPECIAL && !text_is_control(key)) {
		n = text_encode(key, enc);
		snprintf(out, size, "%.*s", (int)n, enc);
	} else
		snprintf(out, size, "0x%x", (unsigned int)key);
}

enum action
keymap_action_parse(const char *name)
{
	int	 a;

	for (a = ACTION_NONE + 1; a < ACTION__MAX; a++)
		if (strcmp(name, keymap_action_names[a]) == 0)
			return (enum action)a;
	return ACTION_NONE;
}

const char *
keymap_action_name(enum action a)
{
	return keymap_action_names[a];
}

const char *
keymap_action_help(enum action a)
{
	return keymap_action_helps[a];
}

size_t
keymap_keys_of(const struct keymap *km, enum action a, char *out,
    size_t size)
{
	char	 name[32];
	size_t	 i, n = 0, len = 0;

	out[0] = '\0';
	for (i = 0; i < km->n; i++) {
		if (km->b[i].action != a)
			continue;
		keymap_key_name(km->b[i].key, name, sizeof(name));
		len += (size_t)snprintf(out + (len < size ? len : size),
		    len < size ? size - len : 0, "%s%s", n > 0 ? ", " : "",
		    name);
		n++;
	}
	return n;
}
