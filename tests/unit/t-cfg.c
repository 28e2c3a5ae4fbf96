/*
 * t-cfg: the configuration parser on text made here: every setting, good
 * and bad, with the message and line number of each bad line; comments,
 * blank lines, CR LF and a last line without a line feed; bind lines with
 * every kind of key name; NUL bytes and invalid UTF-8; a file of a
 * million bytes; and reading files: missing, unreadable, a directory, too
 * large.
 */
#include "cfg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "tap.h"
#include "util.h"
#include "view.h"

/* Seconds a million bytes may take: generous, the CPUs are shared. */
#define T_CFG_BOUND	5.0

/* The diagnostics of the last parse, one a line. */
static char	 t_msgs[8192];

static void
t_join(const struct diag *dg)
{
	size_t	 i, len = 0;

	t_msgs[0] = '\0';
	for (i = 0; i < dg->n && len < sizeof(t_msgs); i++)
		len += (size_t)snprintf(t_msgs + len, sizeof(t_msgs) - len,
		    "%s%s", i > 0 ? "\n" : "", dg->msgs[i]);
}

/* Parse `len` bytes at `text`, as the file "f", into `c` made anew. */
static const char *
t_parse_len(struct cfg *c, const char *text, size_t len)
{
	struct diag	 dg;

	cfg_init(c);
	diag_init(&dg);
	cfg_parse(c, "f", text, len, &dg);
	t_join(&dg);
	diag_release(&dg);
	return t_msgs;
}

static const char *
t_parse(struct cfg *c, const char *text)
{
	return t_parse_len(c, text, strlen(text));
}

static double
t_now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
test_defaults(void)
{
	struct cfg	 c;
	int		 s, given = 0;

	cfg_init(&c);
	for (s = 0; s < CFG__MAX; s++)
		given += c.set[s];
	tap_is_int(given, 0, "nothing is given at first");
	tap_ok(c.value[CFG_WIDTH] == 0 && c.value[CFG_SIDEBAR] == 1 &&
	    c.value[CFG_SIDEBAR_WIDTH] == 0 &&
	    c.value[CFG_THEME] == CFG_THEME_DARK &&
	    c.value[CFG_SMART] == 0 && c.value[CFG_MOUSE] == 1 &&
	    c.value[CFG_HYPERLINKS] == 1,
	    "defaults: width by the terminal, sidebar on, dark, not smart, "
	    "mouse on, hyperlinks on");
	tap_ok(keymap_lookup(&c.keys, 'q') == ACTION_QUIT,
	    "the default bindings");
	tap_is_str(t_parse(&c, ""), "", "an empty file says nothing");
}

/* Every setting with each kind of value it takes. */
static void
test_good(void)
{
	static const struct {
		const char		*line;
		enum cfg_setting	 s;
		int			 want;
	} t[] = {
		{ "width = 40", CFG_WIDTH, 40 },
		{ "width=10", CFG_WIDTH, 10 },
		{ "width = 1000", CFG_WIDTH, 1000 },
		{ "width = 072", CFG_WIDTH, 72 },
		{ "  width\t=\t66  ", CFG_WIDTH, 66 },
		{ "sidebar = off", CFG_SIDEBAR, 0 },
		{ "sidebar = on", CFG_SIDEBAR, 1 },
		{ "sidebar = no", CFG_SIDEBAR, 0 },
		{ "sidebar = yes", CFG_SIDEBAR, 1 },
		{ "sidebar = false", CFG_SIDEBAR, 0 },
		{ "sidebar = true", CFG_SIDEBAR, 1 },
		{ "sidebar = Off", CFG_SIDEBAR, 0 },
		{ "sidebar-width = 16", CFG_SIDEBAR_WIDTH, 16 },
		{ "sidebar-width = 60", CFG_SIDEBAR_WIDTH, 60 },
		{ "theme = dark", CFG_THEME, CFG_THEME_DARK },
		{ "theme = light", CFG_THEME, CFG_THEME_LIGHT },
		{ "theme = mono", CFG_THEME, CFG_THEME_MONO },
		{ "smart = on", CFG_SMART, 1 },
		{ "smart = off", CFG_SMART, 0 },
		{ "mouse = off", CFG_MOUSE, 0 },
		{ "mouse = yes", CFG_MOUSE, 1 },
		{ "hyperlinks = off", CFG_HYPERLINKS, 0 },
		{ "hyperlinks = on", CFG_HYPERLINKS, 1 },
	};
	struct cfg	 c;
	const char	*msgs;
	size_t		 i;

	for (i = 0; i < sizeof(t) / sizeof(*t); i++) {
		msgs = t_parse(&c, t[i].line);
		tap_ok(*msgs == '\0' && c.set[t[i].s] &&
		    c.value[t[i].s] == t[i].want, "\"%s\": %s is %d%s%s",
		    t[i].line, cfg_name(t[i].s), t[i].want,
		    *msgs != '\0' ? ", not " : "", msgs);
	}
}

/* Each kind of bad line: one message, the setting left alone. */
static void
test_bad(void)
{
	static const struct {
		const char	*line;
		const char	*want;
	} t[] = {
		{ "width = 9",
		    "width must be a number from 10 to 1000: \"9\"" },
		{ "width = 1001",
		    "width must be a number from 10 to 1000: \"1001\"" },
		{ "width = -40",
		    "width must be a number from 10 to 1000: \"-40\"" },
		{ "width = 4O",
		    "width must be a number from 10 to 1000: \"4O\"" },
		{ "width = 99999999999999999999999",
		    "width must be a number from 10 to 1000: "
		    "\"99999999999999999999999\"" },
		{ "width =",
		    "width must be a number from 10 to 1000: \"\"" },
		{ "width = 40 50",
		    "width must be a number from 10 to 1000: \"40 50\"" },
		{ "sidebar = maybe", "sidebar must be on or off: \"maybe\"" },
		{ "sidebar = 1", "sidebar must be on or off: \"1\"" },
		{ "sidebar-width = 15",
		    "sidebar-width must be a number from 16 to 60: \"15\"" },
		{ "sidebar-width = 61",
		    "sidebar-width must be a number from 16 to 60: \"61\"" },
		{ "theme = pink",
		    "theme must be dark, light or mono: \"pink\"" },
		{ "theme = dark#x",
		    "theme must be dark, light or mono: \"dark#x\"" },
		{ "smart = curly", "smart must be on or off: \"curly\"" },
		{ "mouse = enabled", "mouse must be on or off: \"enabled\"" },
		{ "hyperlinks = auto",
		    "hyperlinks must be on or off: \"auto\"" },
		{ "colour = dark", "unknown setting \"colour\"" },
		{ "Width = 40", "unknown setting \"Width\"" },
		{ "= 40", "unknown setting \"\"" },
		{ "width 40", "expected \"setting = value\" or "
		    "\"bind KEY ACTION\": \"width 40\"" },
		{ "binding j quit", "expected \"setting = value\" or "
		    "\"bind KEY ACTION\": \"binding j quit\"" },
	};
	struct cfg	 c;
	char		 want[256];
	size_t		 i;
	int		 s, given;

	for (i = 0; i < sizeof(t) / sizeof(*t); i++) {
		snprintf(want, sizeof(want), "f:1: %s", t[i].want);
		tap_is_str(t_parse(&c, t[i].line), want, "\"%s\"", t[i].line);
		for (given = 0, s = 0; s < CFG__MAX; s++)
			given += c.set[s];
		tap_is_int(given, 0, "and sets nothing");
	}
}

/* Line numbers, and the lines after a bad one. */
static void
test_lines(void)
{
	struct cfg	 c;

	tap_is_str(t_parse(&c, "width = 40\ntheme = pink\n\n# note\n"
	    "mouse = sometimes\nsmart = on\n"),
	    "f:2: theme must be dark, light or mono: \"pink\"\n"
	    "f:5: mouse must be on or off: \"sometimes\"",
	    "bad lines 2 and 5 by their numbers");
	tap_ok(c.value[CFG_WIDTH] == 40 && c.value[CFG_SMART] == 1 &&
	    !c.set[CFG_THEME] && !c.set[CFG_MOUSE],
	    "the lines around them are applied");
	tap_is_str(t_parse(&c, "width = 30\nwidth = 50\n"), "",
	    "a setting given twice");
	tap_is_int(c.value[CFG_WIDTH], 50, "the last one wins");
	tap_is_str(t_parse(&c, "width = 30\nwidth = 5\n"),
	    "f:2: width must be a number from 10 to 1000: \"5\"",
	    "a bad value after a good one");
	tap_is_int(c.value[CFG_WIDTH], 30, "keeps the good one");
}

static void
test_comments(void)
{
	struct cfg	 c;

	tap_is_str(t_parse(&c, "# a comment\n   # indented\n\t#\n"
	    "width = 50 # after a value\n"
	    "theme = light\t# after a tab\n"
	    "sidebar = off#not a comment\n"
	    "mouse = # no value\n"),
	    "f:6: sidebar must be on or off: \"off#not a comment\"\n"
	    "f:7: mouse must be on or off: \"\"",
	    "# opens a comment at the start or after a blank only");
	tap_ok(c.value[CFG_WIDTH] == 50 && c.value[CFG_THEME] ==
	    CFG_THEME_LIGHT, "values before a comment are read");
	tap_is_str(t_parse(&c, "width = 44 # = 55\n"), "",
	    "an = in a comment");
	tap_is_int(c.value[CFG_WIDTH], 44, "is no part of the line");
	tap_is_str(t_parse(&c, "\n\n   \n\t\n\n\nbogus = 1\n\n"),
	    "f:7: unknown setting \"bogus\"", "blank lines count as lines");
}

static void
test_line_ends(void)
{
	struct cfg	 c;

	tap_is_str(t_parse(&c, "width = 40\r\ntheme = light\r\n"
	    "# a comment\r\n\r\nmouse = off # why\r\n"), "", "CR LF");
	tap_ok(c.value[CFG_WIDTH] == 40 && c.value[CFG_THEME] ==
	    CFG_THEME_LIGHT && c.value[CFG_MOUSE] == 0,
	    "CR LF lines are read as LF lines");
	tap_is_str(t_parse(&c, "\r\ntheme = pink\r\n"),
	    "f:2: theme must be dark, light or mono: \"pink\"",
	    "the CR is not part of the value");
	tap_is_str(t_parse(&c, "width = 40\ntheme = light"), "",
	    "a last line without a line feed");
	tap_is_int(c.value[CFG_THEME], CFG_THEME_LIGHT, "is read");
	tap_is_str(t_parse(&c, "width = 40\nbind x"),
	    "f:2: expected \"bind KEY ACTION\"",
	    "and counted when it is bad");
	tap_is_str(t_parse(&c, "bind x quit\r"), "", "a CR at the very end");
	tap_ok(keymap_lookup(&c.keys, 'x') == ACTION_QUIT, "is no part of "
	    "the action");
}

/* Key names of every kind: a character, C-, names, function keys. */
static void
test_bind(void)
{
	static const struct {
		const char	*key;
		uint32_t	 code;
	} t[] = {
		{ "x", 'x' }, { "#", '#' }, { "=", '=' }, { "\xc3\xa9", 0xe9 },
		{ "\xe4\xb8\xad", 0x4e2d }, { "C-g", KEYMAP_CTRL('g') },
		{ "C-]", KEYMAP_CTRL(']') }, { "Space", ' ' },
		{ "Enter", KEYMAP_ENTER }, { "Tab", KEYMAP_TAB },
		{ "Escape", KEYMAP_ESCAPE }, { "BSpace", KEYMAP_BACKSPACE },
		{ "Up", KEYMAP_UP }, { "Down", KEYMAP_DOWN },
		{ "Left", KEYMAP_LEFT }, { "Right", KEYMAP_RIGHT },
		{ "PageUp", KEYMAP_PAGE_UP }, { "NPage", KEYMAP_PAGE_DOWN },
		{ "Home", KEYMAP_HOME }, { "End", KEYMAP_END },
		{ "Insert", KEYMAP_INSERT }, { "Delete", KEYMAP_DELETE },
		{ "F1", KEYMAP_F1 }, { "F12", KEYMAP_F12 },
	};
	struct cfg	 c;
	char		 line[64];
	size_t		 i;

	for (i = 0; i < sizeof(t) / sizeof(*t); i++) {
		snprintf(line, sizeof(line), "bind %s redraw # why", t[i].key);
		tap_is_str(t_parse(&c, line), "", "%s", line);
		tap_ok(keymap_lookup(&c.keys, t[i].code) == ACTION_REDRAW,
		    "binds 0x%x", (unsigned int)t[i].code);
	}
	tap_is_str(t_parse(&c, "bind j page-down\nbind\tq\tnone\n"
	    "bind PageDown none\n"), "", "rebinding and unbinding");
	tap_ok(keymap_lookup(&c.keys, 'j') == ACTION_PAGE_DOWN &&
	    keymap_lookup(&c.keys, 'q') == ACTION_NONE &&
	    keymap_lookup(&c.keys, KEYMAP_PAGE_DOWN) == ACTION_NONE &&
	    keymap_lookup(&c.keys, 'Q') == ACTION_QUIT,
	    "j pages down, q and PageDown do nothing, Q still quits");
	tap_is_str(t_parse(&c, "bind x none\n"), "",
	    "unbinding a key that is not bound");
}

static void
test_bind_bad(void)
{
	static const struct {
		const char	*line;
		const char	*want;
	} t[] = {
		{ "bind Hyper-x quit", "bind: no key is named \"Hyper-x\"" },
		{ "bind F13 quit", "bind: no key is named \"F13\"" },
		{ "bind C- quit", "bind: no key is named \"C-\"" },
		{ "bind xy quit", "bind: no key is named \"xy\"" },
		{ "bind space quit", "bind: no key is named \"space\"" },
		{ "bind x leave", "bind: no action is named \"leave\"" },
		{ "bind x Quit", "bind: no action is named \"Quit\"" },
		{ "bind x quit-now-please-and-do-not-ask-me-again",
		    "bind: no action is named "
		    "\"quit-now-please-and-do-not-ask-me-again\"" },
		{ "bind", "expected \"bind KEY ACTION\"" },
		{ "bind x", "expected \"bind KEY ACTION\"" },
		{ "bind x # quit", "expected \"bind KEY ACTION\"" },
		{ "bind x quit now", "expected \"bind KEY ACTION\"" },
		{ "bind = quit = x", "expected \"bind KEY ACTION\"" },
	};
	struct cfg	 c;
	char		 want[256];
	size_t		 i;

	for (i = 0; i < sizeof(t) / sizeof(*t); i++) {
		snprintf(want, sizeof(want), "f:1: %s", t[i].want);
		tap_is_str(t_parse(&c, t[i].line), want, "\"%s\"", t[i].line);
	}
	tap_ok(keymap_lookup(&c.keys, '=') == ACTION_INFO,
	    "a bad bind line leaves the key as it was");
	tap_is_str(t_parse(&c, "bind xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxx quit"),
	    "f:1: bind: no key is named "
	    "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xe2\x80\xa6\"",
	    "a long name is cut in the message");
}

/* More keys than a map holds: the line that overflows says so. */
static void
test_bind_full(void)
{
	struct cfg	 c;
	struct buf	 text;
	char		 want[128];
	uint32_t	 cp;
	size_t		 line = 0, first = 0;
	int		 i;

	cfg_init(&c);
	buf_init(&text);
	for (cp = 0x4e00; cp < 0x4e00 + KEYMAP_MAX; cp++) {
		line++;
		if (first == 0 && c.keys.n + line > KEYMAP_MAX)
			first = line;
		/* U+4E00 to U+4EFF: three bytes each. */
		buf_printf(&text, "bind %c%c%c quit\n", 0xe4,
		    0xb8 + (int)((cp >> 6) & 0x3), 0x80 + (int)(cp & 0x3f));
	}
	t_parse_len(&c, text.data, text.len);
	snprintf(want, sizeof(want), "f:%zu: bind: %d keys are bound already",
	    first, KEYMAP_MAX);
	tap_ok(strncmp(t_msgs, want, strlen(want)) == 0,
	    "the first key past %d: %s", KEYMAP_MAX, want);
	tap_is_int((long long)c.keys.n, KEYMAP_MAX, "the map is full");
	for (i = 0; i < 3; i++)
		buf_adds(&text, "bind q help\n");
	t_parse_len(&c, text.data, text.len);
	tap_ok(keymap_lookup(&c.keys, 'q') == ACTION_HELP,
	    "a full map still rebinds a key it has");
	buf_release(&text);
}

/* Bytes that are not text: never a crash, never raw in a message. */
static void
test_bytes(void)
{
	static const char	 nul[] = "width = 40\n\0\0\0\0\0\ntheme = li\0ght\n"
				    "mouse = off";
	char			 zeros[1000];
	struct cfg		 c;

	tap_is_str(t_parse_len(&c, nul, sizeof(nul) - 1),
	    "f:2: a NUL byte\nf:3: a NUL byte", "lines with NUL bytes");
	tap_ok(c.value[CFG_WIDTH] == 40 && c.value[CFG_MOUSE] == 0 &&
	    !c.set[CFG_THEME], "are skipped, the others read");
	memset(zeros, 0, sizeof(zeros));
	tap_is_str(t_parse_len(&c, zeros, sizeof(zeros)), "f:1: a NUL byte",
	    "a file of NUL bytes: one line, one message");
	tap_is_str(t_parse(&c, "theme = \xff\xfe\n"),
	    "f:1: theme must be dark, light or mono: "
	    "\"\xef\xbf\xbd\xef\xbf\xbd\"", "invalid UTF-8 is quoted as U+FFFD");
	tap_is_str(t_parse(&c, "\xc3\n"),
	    "f:1: expected \"setting = value\" or \"bind KEY ACTION\": "
	    "\"\xef\xbf\xbd\"", "a line of a truncated sequence");
	tap_is_str(t_parse(&c, "bind \xe9 quit\n"),
	    "f:1: bind: no key is named \"\xef\xbf\xbd\"",
	    "a key name of invalid UTF-8");
	tap_is_str(t_parse(&c, "theme = \x1b]0;owned\x07\n"),
	    "f:1: theme must be dark, light or mono: "
	    "\"\xe2\x90\x9b]0;owned\xe2\x90\x87\"",
	    "control characters are quoted as symbols, never raw");
}

/* A million bytes of lines, good or bad, in bounded time. */
static void
test_large(void)
{
	struct cfg	 c;
	struct buf	 text;
	double		 t0, dt;
	size_t		 n;
	char		 tail[64];

	buf_init(&text);
	while (text.len < 1000000 - 64)
		buf_adds(&text, "width = 72 # a comment\nbind j line-down\n"
		    "\n# a whole line of comment\ntheme = light\n");
	buf_adds(&text, "width = 64\n");
	t0 = t_now();
	t_parse_len(&c, text.data, text.len);
	dt = t_now() - t0;
	tap_ok(*t_msgs == '\0' && c.value[CFG_WIDTH] == 64,
	    "%zu bytes of good lines, the last applied", text.len);
	tap_ok(dt < T_CFG_BOUND, "in %.3f s", dt);

	text.len = 0;
	for (n = 0; text.len < 1000000 - 16; n++)
		buf_adds(&text, "bogus = value\n");
	t0 = t_now();
	t_parse_len(&c, text.data, text.len);
	dt = t_now() - t0;
	snprintf(tail, sizeof(tail), "f: %zu more bad lines not shown",
	    n - CFG_MAX_WARNINGS);
	tap_ok(strstr(t_msgs, "f:100: unknown setting \"bogus\"\n") != NULL &&
	    strstr(t_msgs, "f:101:") == NULL &&
	    strcmp(strrchr(t_msgs, '\n') + 1, tail) == 0,
	    "%zu bad lines: %d messages, then \"%s\"", n, CFG_MAX_WARNINGS,
	    tail);
	tap_ok(dt < T_CFG_BOUND, "in %.3f s", dt);

	text.len = 0;
	buf_reserve(&text, 1000000);
	memset(text.data, 'x', 1000000);
	text.len = 1000000;
	t0 = t_now();
	t_parse_len(&c, text.data, text.len);
	dt = t_now() - t0;
	tap_ok(strncmp(t_msgs, "f:1: expected", 13) == 0 && dt < T_CFG_BOUND,
	    "one line of a million bytes: one message, in %.3f s", dt);
	buf_release(&text);
}

static void
test_set_merge(void)
{
	struct cfg	 file, cli;
	char		 err[128];

	cfg_init(&file);
	cfg_init(&cli);
	tap_ok(cfg_set(&cli, CFG_THEME, "mono", err, sizeof(err)) &&
	    cfg_set(&cli, CFG_WIDTH, "60", err, sizeof(err)),
	    "cfg_set takes good values");
	tap_ok(!cfg_set(&cli, CFG_SIDEBAR_WIDTH, "100", err, sizeof(err)),
	    "and refuses bad ones");
	tap_is_str(err, "sidebar-width must be a number from 16 to 60",
	    "saying what the setting takes");
	tap_ok(!cli.set[CFG_SIDEBAR_WIDTH], "the setting is not given");
	t_parse(&file, "width = 40\nmouse = off\ntheme = light\n");
	cfg_merge(&file, &cli);
	tap_ok(file.value[CFG_WIDTH] == 60 && file.value[CFG_THEME] ==
	    CFG_THEME_MONO && file.value[CFG_MOUSE] == 0 &&
	    file.set[CFG_MOUSE] && !file.set[CFG_SMART],
	    "merged: the command line wins, the file's others stay");
}

static void
test_path(void)
{
	char	*p;

	p = cfg_path("/x/conf", "/home/a");
	tap_is_str(p, "/x/conf/olsread/config", "XDG_CONFIG_HOME");
	free(p);
	p = cfg_path("conf", "/home/a");
	tap_is_str(p, "/home/a/.config/olsread/config",
	    "a relative XDG_CONFIG_HOME is ignored");
	free(p);
	p = cfg_path("", "/home/a");
	tap_is_str(p, "/home/a/.config/olsread/config",
	    "an empty one too");
	free(p);
	p = cfg_path(NULL, "/home/a");
	tap_is_str(p, "/home/a/.config/olsread/config", "HOME");
	free(p);
	tap_ok(cfg_path(NULL, NULL) == NULL && cfg_path("rel", "") == NULL,
	    "neither: no configuration");
}

/* Read `path` into a fresh `c`; its diagnostics in t_msgs. */
static bool
t_read(struct cfg *c, const char *path, bool missing_ok)
{
	struct diag	 dg;
	bool		 ok;

	cfg_init(c);
	diag_init(&dg);
	ok = cfg_read(c, path, missing_ok, &dg);
	t_join(&dg);
	diag_release(&dg);
	return ok;
}

static void
t_write(const char *path, const char *s, size_t len)
{
	FILE	*fp;

	if ((fp = fopen(path, "w")) == NULL || fwrite(s, 1, len, fp) != len ||
	    fclose(fp) != 0)
		fatal("%s: %s", path, strerror(errno));
}

/*
 * Whether reading the file `path` of mode 000 says "Permission denied" and
 * leaves the defaults.  Root reads anything, so then an unprivileged
 * child process tries it.
 */
static bool
t_unreadable(const char *dir, const char *path)
{
	struct cfg	 c;
	char		 want[600];
	pid_t		 pid;
	int		 status;
	bool		 ok;

	snprintf(want, sizeof(want), "%s: %s", path, strerror(EACCES));
	if (geteuid() != 0)
		return !t_read(&c, path, true) && strcmp(t_msgs, want) == 0 &&
		    !c.set[CFG_WIDTH];
	chmod(dir, 0755);
	if ((pid = fork()) == 0) {
		if (setgid(65534) != 0 || setuid(65534) != 0)
			_exit(3);
		ok = !t_read(&c, path, true) && strcmp(t_msgs, want) == 0 &&
		    !c.set[CFG_WIDTH];
		_exit(ok ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	chmod(dir, 0700);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static void
test_files(const char *dir)
{
	char		 path[512], want[600], *big;
	struct cfg	 c;
	int		 fd;

	snprintf(path, sizeof(path), "%s/config", dir);
	tap_ok(!t_read(&c, path, true) && *t_msgs == '\0',
	    "a missing file, not asked for: nothing said");
	snprintf(want, sizeof(want), "%s: No such file or directory", path);
	tap_ok(!t_read(&c, path, false) && strcmp(t_msgs, want) == 0,
	    "asked for: %s", t_msgs);
	t_write(path, "width = 44\ntheme = pink\n", 24);
	snprintf(want, sizeof(want), "%s:2: theme must be dark, light or "
	    "mono: \"pink\"", path);
	tap_ok(t_read(&c, path, true) && c.value[CFG_WIDTH] == 44 &&
	    strcmp(t_msgs, want) == 0, "a file: read, its path in messages");
	snprintf(want, sizeof(want), "%s/config/sub", dir);
	tap_ok(!t_read(&c, want, true) && *t_msgs == '\0',
	    "a file where a directory would be: as missing");
	chmod(path, 0);
	tap_ok(t_unreadable(dir, path), "unreadable: one warning, defaults");
	unlink(path);
	snprintf(want, sizeof(want), "%s: is a directory", dir);
	tap_ok(!t_read(&c, dir, true) && strcmp(t_msgs, want) == 0,
	    "a directory: %s", t_msgs);
	mkfifo(path, 0600);
	snprintf(want, sizeof(want), "%s: not a regular file", path);
	tap_ok(!t_read(&c, path, true) && strcmp(t_msgs, want) == 0,
	    "a FIFO, without waiting for a writer");
	unlink(path);

	big = xmalloc(CFG_MAX_SIZE);
	memset(big, '\n', CFG_MAX_SIZE);
	memcpy(big, "width = 33", 10);
	t_write(path, big, CFG_MAX_SIZE);
	tap_ok(t_read(&c, path, false) && c.value[CFG_WIDTH] == 33 &&
	    *t_msgs == '\0', "a file of exactly 1 MiB is read");
	free(big);
	if ((fd = open(path, O_WRONLY)) == -1 ||
	    ftruncate(fd, (off_t)CFG_MAX_SIZE + 1) == -1)
		fatal("%s: %s", path, strerror(errno));
	close(fd);
	snprintf(want, sizeof(want), "%s: file too large (%zu bytes; the "
	    "limit is 1 MiB)", path, CFG_MAX_SIZE + 1);
	tap_ok(!t_read(&c, path, false) && strcmp(t_msgs, want) == 0 &&
	    !c.set[CFG_WIDTH], "one byte more is refused: %s", t_msgs);
	unlink(path);
}

/* The example the project installs: every setting at its default. */
static void
test_example(void)
{
	const char	*srcdir = getenv("OLSREAD_SRCDIR");
	char		 path[4096];
	struct cfg	 c, def;
	bool		 same = true;
	int		 s;

	snprintf(path, sizeof(path), "%s/data/olsread.conf",
	    srcdir != NULL ? srcdir : ".");
	tap_ok(t_read(&c, path, false) && *t_msgs == '\0',
	    "data/olsread.conf reads without a warning%s%s",
	    *t_msgs != '\0' ? ": " : "", t_msgs);
	cfg_init(&def);
	for (s = 0; s < CFG__MAX; s++)
		if (s != CFG_SIDEBAR_WIDTH && c.value[s] != def.value[s])
			same = false;
	tap_ok(same && !c.set[CFG_WIDTH] &&
	    c.value[CFG_SIDEBAR_WIDTH] == VIEW_SIDEBAR_WIDTH &&
	    c.keys.n == def.keys.n && memcmp(c.keys.b, def.keys.b,
	    def.keys.n * sizeof(*def.keys.b)) == 0,
	    "with each setting and binding at its default");
}

int
main(void)
{
	char	 dir[] = "/tmp/t-cfg.XXXXXX";

	tap_plan(0);
	test_defaults();
	test_good();
	test_bad();
	test_lines();
	test_comments();
	test_line_ends();
	test_bind();
	test_bind_bad();
	test_bind_full();
	test_bytes();
	test_large();
	test_set_merge();
	test_path();
	test_example();
	if (mkdtemp(dir) == NULL)
		fatal("mkdtemp: %s", strerror(errno));
	test_files(dir);
	rmdir(dir);
	return tap_done();
}
