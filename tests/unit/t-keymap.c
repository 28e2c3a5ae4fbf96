/*
 * t-keymap: key names read back as the keys they name, the default
 * bindings parse, and every action has a name, a help line and a key.
 */
#include "keymap.h"

#include <stdio.h>
#include <string.h>

#include "tap.h"

/* Every key that has a name: its name is read back as the same key. */
static void
test_names(void)
{
	static const uint32_t	 more[] = {
		0xe9, 0x4e2d, KEYMAP_F1, KEYMAP_F12, KEYMAP_ENTER,
		KEYMAP_TAB, KEYMAP_ESCAPE, KEYMAP_BACKSPACE
	};
	char		 name[32], bad[64] = "";
	uint32_t	 key, back;
	size_t		 i, n = 0;

	for (key = 0; key < 0x7f; key++) {
		keymap_key_name(key, name, sizeof(name));
		n++;
		if ((!keymap_key_parse(name, &back) || back != key) &&
		    bad[0] == '\0')
			snprintf(bad, sizeof(bad), "0x%x named %s", key, name);
	}
	for (i = 0; i < sizeof(more) / sizeof(*more); i++) {
		keymap_key_name(more[i], name, sizeof(name));
		n++;
		if ((!keymap_key_parse(name, &back) || back != more[i]) &&
		    bad[0] == '\0')
			snprintf(bad, sizeof(bad), "0x%x named %s", more[i],
			    name);
	}
	tap_ok(bad[0] == '\0', "%zu key names read back as their keys%s%s", n,
	    bad[0] != '\0' ? ": not " : "", bad);
	keymap_key_name(0, name, sizeof(name));
	tap_ok(strcmp(name, "C-@") == 0, "NUL is C-@ (%s)", name);
	keymap_key_name(0x1c, name, sizeof(name));
	tap_ok(strcmp(name, "C-\\") == 0, "0x1c is C-\\ (%s)", name);
	tap_ok(!keymap_key_parse("C-", &back) && !keymap_key_parse("F13",
	    &back) && !keymap_key_parse("", &back) &&
	    !keymap_key_parse("ab", &back), "C-, F13, ab and nothing are no "
	    "keys");
}

/*
 * The defaults: each action has a key, but the three that are reached
 * otherwise (Enter in the index, \'\', Escape), and its words.
 */
static void
test_defaults(void)
{
	struct keymap	 km;
	char		 keys[128], keyless[256] = "";
	size_t		 len = 0;
	int		 a;
	bool		 words = true;

	keymap_init(&km);
	for (a = ACTION_NONE + 1; a < ACTION__MAX; a++) {
		if (keymap_keys_of(&km, (enum action)a, keys, sizeof(keys)) == 0)
			len += (size_t)snprintf(keyless + len,
			    sizeof(keyless) - len, "%s ",
			    keymap_action_name((enum action)a));
		if (keymap_action_parse(keymap_action_name((enum action)a)) !=
		    (enum action)a || *keymap_action_help((enum action)a) == '\0')
			words = false;
	}
	/* '' and Escape do those in the view; :n and :p the files. */
	tap_ok(strcmp(keyless, "open jump-back search-clear file-next "
	    "file-previous ") == 0, "every action has a key but open, "
	    "jump-back, search-clear, file-next and file-previous (%s)",
	    keyless);
	tap_ok(words, "every action's name reads back, and it has help");
	tap_ok(keymap_lookup(&km, 'q') == ACTION_QUIT &&
	    keymap_lookup(&km, '/') == ACTION_SEARCH_FORWARD,
	    "q quits, / searches");
}

/* Binding by names: each way it can go. */
static void
test_bind_names(void)
{
	struct keymap	 km;
	char		 name[16];
	uint32_t	 key;

	keymap_init(&km);
	tap_is_int(keymap_bind_names(&km, "C-x", "quit"), KEYMAP_BOUND,
	    "bind C-x quit");
	tap_ok(keymap_lookup(&km, KEYMAP_CTRL('x')) == ACTION_QUIT,
	    "C-x quits");
	tap_is_int(keymap_bind_names(&km, "q", "none"), KEYMAP_BOUND,
	    "bind q none");
	tap_ok(keymap_lookup(&km, 'q') == ACTION_NONE, "q does nothing");
	tap_is_int(keymap_bind_names(&km, "Hyper-x", "quit"), KEYMAP_BAD_KEY,
	    "no key Hyper-x");
	tap_is_int(keymap_bind_names(&km, "x", "leave"), KEYMAP_BAD_ACTION,
	    "no action leave");
	for (key = 0x4e00; km.n < KEYMAP_MAX; key++) {
		keymap_key_name(key, name, sizeof(name));
		if (keymap_bind_names(&km, name, "quit") != KEYMAP_BOUND)
			break;
	}
	tap_is_int(keymap_bind_names(&km, "\xe4\xb8\x80", "help"),
	    KEYMAP_BOUND, "a full map rebinds a key it has");
	tap_is_int(keymap_bind_names(&km, "Z", "help"), KEYMAP_FULL,
	    "but binds no new key");
}

int
main(void)
{
	tap_plan(0);
	test_names();
	test_defaults();
	test_bind_names();
	return tap_done();
}
