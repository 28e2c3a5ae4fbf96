/*
 * cfg: the configuration file, $XDG_CONFIG_HOME/olsread/config, and the
 * settings it shares with the command line.  It turns text into settings
 * and key bindings, and each bad line into one diagnostic; it never prints
 * and nothing it reads is fatal.  No curses here.
 */
#ifndef OLSREAD_CFG_H
#define OLSREAD_CFG_H

#include <stdbool.h>
#include <stddef.h>

#include "keymap.h"

struct diag;

/* The settings, by the names of the file and the long options. */
enum cfg_setting {
	CFG_WIDTH,		/* "width": text width, 0 when not given */
	CFG_SIDEBAR,		/* "sidebar": the index shown at start */
	CFG_SIDEBAR_WIDTH,	/* "sidebar-width": 0 when not given */
	CFG_THEME,		/* "theme": an enum cfg_theme */
	CFG_SMART,		/* "smart": curly quotes and dashes */
	CFG_MOUSE,		/* "mouse": the pager takes the mouse */
	CFG_HYPERLINKS,		/* "hyperlinks": links as OSC 8 */
	CFG__MAX
};

enum cfg_theme {
	CFG_THEME_DARK,
	CFG_THEME_LIGHT,
	CFG_THEME_MONO
};

/* The bounds of the numbers: those of -w, and an index that stays usable. */
#define CFG_WIDTH_MIN		10
#define CFG_WIDTH_MAX		1000
#define CFG_SIDEBAR_WIDTH_MIN	16
#define CFG_SIDEBAR_WIDTH_MAX	60

/*
 * A larger file is refused unread: a configuration is a few hundred bytes,
 * and a file this size is something else put there by mistake.
 */
#define CFG_MAX_SIZE		((size_t)1 << 20)

/* Bad lines reported at the most; one more line counts the rest. */
#define CFG_MAX_WARNINGS	100

struct cfg {
	int		 value[CFG__MAX];
	bool		 set[CFG__MAX];	/* given, not a default */
	struct keymap	 keys;		/* the defaults, then each bind line */
};

/* Every setting at its default, and the default key bindings. */
void	 cfg_init(struct cfg *);

/* The setting's name, as the file and the long options spell it. */
const char	*cfg_name(enum cfg_setting);

/*
 * Set `s` from the text `value` ("40", "on", "light") and mark it given.
 * Returns false, the setting left as it was, when the value is not one
 * `s` takes; `err` then says what it takes ("width must be a number from
 * 10 to 1000").
 */
bool	 cfg_set(struct cfg *, enum cfg_setting s, const char *value,
	    char *err, size_t errlen);

/* Copy into `c` each setting given in `over`: the command line wins. */
void	 cfg_merge(struct cfg *c, const struct cfg *over);

/*
 * Apply `len` bytes of configuration text, read from the file `file`.  A
 * line is a setting ("width = 72"), "bind KEY ACTION", blank, or a comment
 * (a # opening the line, or after a blank); CR LF ends lines too.  Each
 * bad line is skipped with one diagnostic "FILE:LINE: what is wrong" in
 * `dg`, CFG_MAX_WARNINGS at the most; the lines after it still count.
 */
void	 cfg_parse(struct cfg *, const char *file, const char *text,
	    size_t len, struct diag *dg);

/*
 * Read the file at `path` and apply it with cfg_parse().  A missing file
 * is no error when `missing_ok`; one that cannot be read, is not a regular
 * file or is larger than CFG_MAX_SIZE is one diagnostic in `dg`, and
 * leaves `c` as it was.  Returns whether the file was read.
 */
bool	 cfg_read(struct cfg *c, const char *path, bool missing_ok,
	    struct diag *dg);

/*
 * Where the configuration is, after the XDG base directory spec: under
 * `xdg_config_home` when it is absolute, else under `home`/.config.
 * Returns a new string owned by the caller, or NULL without either.
 */
char	*cfg_path(const char *xdg_config_home, const char *home);

#endif
