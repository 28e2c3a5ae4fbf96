/*
 * cfg: settings from the configuration file and the command line, and key
 * bindings from the file.  The settings are one table (name, type, default,
 * bounds), so that the file, the options and the messages agree.  A bad
 * line is one diagnostic and is skipped; nothing here prints or exits, and
 * no input is fatal.
 */
#include "cfg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "text.h"
#include "util.h"

/* Columns of a word quoted in a message: enough to know it again. */
#define CFG_QUOTE_COLS	40

enum cfg_type {
	CFG_NUMBER,
	CFG_BOOL,
	CFG_CHOICE
};

/* The words of a boolean, each false one before its true one. */
static const char *const cfg_bools[] = {
	"off", "on", "no", "yes", "false", "true", NULL
};

/* In the order of enum cfg_theme. */
static const char *const cfg_themes[] = { "dark", "light", "mono", NULL };

static const struct cfg_option {
	const char		*name;
	enum cfg_type		 type;
	int			 def;
	int			 min;		/* CFG_NUMBER */
	int			 max;
	const char *const	*choices;	/* CFG_CHOICE, NULL-ended */
} cfg_options[CFG__MAX] = {
	/* Widths default to 0: main and view choose by the terminal. */
	[CFG_WIDTH] = { "width", CFG_NUMBER, 0, CFG_WIDTH_MIN,
	    CFG_WIDTH_MAX, NULL },
	[CFG_SIDEBAR] = { "sidebar", CFG_BOOL, 1, 0, 0, NULL },
	[CFG_SIDEBAR_WIDTH] = { "sidebar-width", CFG_NUMBER, 0,
	    CFG_SIDEBAR_WIDTH_MIN, CFG_SIDEBAR_WIDTH_MAX, NULL },
	[CFG_THEME] = { "theme", CFG_CHOICE, CFG_THEME_DARK, 0, 0,
	    cfg_themes },
	[CFG_SMART] = { "smart", CFG_BOOL, 0, 0, 0, NULL },
	[CFG_MOUSE] = { "mouse", CFG_BOOL, 1, 0, 0, NULL },
	[CFG_HYPERLINKS] = { "hyperlinks", CFG_BOOL, 1, 0, 0, NULL },
};

/* The line being read, for its messages. */
struct cfg_ctx {
	struct cfg	*c;		/* borrowed */
	const char	*file;		/* borrowed */
	size_t		 line;
	struct diag	*dg;		/* borrowed */
	size_t		 warnings;
};

void
cfg_init(struct cfg *c)
{
	int	 s;

	for (s = 0; s < CFG__MAX; s++) {
		c->value[s] = cfg_options[s].def;
		c->set[s] = false;
	}
	keymap_init(&c->keys);
}

const char *
cfg_name(enum cfg_setting s)
{
	return cfg_options[s].name;
}

/* Values. */

/* The index in `list` of the `len` bytes at `s`, in any case; or -1. */
static int
cfg_choose(const char *const *list, const char *s, size_t len)
{
	int	 i;

	for (i = 0; list[i] != NULL; i++)
		if (strlen(list[i]) == len && strncasecmp(list[i], s, len) == 0)
			return i;
	return -1;
}

/* The decimal number at `s` if it is from `min` (>= 0) to `max`; or -1. */
static int
cfg_number(const char *s, size_t len, int min, int max)
{
	long	 n = 0;
	size_t	 i;

	if (len == 0)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		/* Stopping here keeps a long run of digits from overflowing. */
		if ((n = n * 10 + (s[i] - '0')) > max)
			return -1;
	}
	return n < min ? -1 : (int)n;
}

/* Set `s` from `len` bytes at `v`; false if `s` takes no such value. */
static bool
cfg_set_value(struct cfg *c, enum cfg_setting s, const char *v, size_t len)
{
	const struct cfg_option	*o = &cfg_options[s];
	int			 n;

	switch (o->type) {
	case CFG_NUMBER:
		n = cfg_number(v, len, o->min, o->max);
		break;
	case CFG_BOOL:
		if ((n = cfg_choose(cfg_bools, v, len)) != -1)
			n %= 2;
		break;
	default:
		n = cfg_choose(o->choices, v, len);
		break;
	}
	if (n == -1)
		return false;
	c->value[s] = n;
	c->set[s] = true;
	return true;
}

/* What `s` takes, said as "theme must be dark, light or mono". */
static void
cfg_expect(enum cfg_setting s, struct buf *out)
{
	const struct cfg_option	*o = &cfg_options[s];
	size_t			 i;

	buf_printf(out, "%s must be ", o->name);
	if (o->type == CFG_NUMBER)
		buf_printf(out, "a number from %d to %d", o->min, o->max);
	else if (o->type == CFG_BOOL)
		buf_adds(out, "on or off");
	else {
		for (i = 0; o->choices[i] != NULL; i++)
			buf_printf(out, "%s%s", i == 0 ? "" :
			    o->choices[i + 1] == NULL ? " or " : ", ",
			    o->choices[i]);
	}
}

bool
cfg_set(struct cfg *c, enum cfg_setting s, const char *value, char *err,
    size_t errlen)
{
	struct buf	 msg;

	if (cfg_set_value(c, s, value, strlen(value)))
		return true;
	buf_init(&msg);
	cfg_expect(s, &msg);
	snprintf(err, errlen, "%s", msg.data);
	buf_release(&msg);
	return false;
}

void
cfg_merge(struct cfg *c, const struct cfg *over)
{
	int	 s;

	for (s = 0; s < CFG__MAX; s++) {
		if (over->set[s]) {
			c->value[s] = over->value[s];
			c->set[s] = true;
		}
	}
}

/* Messages. */

static void cfg_warn(struct cfg_ctx *, const char *, ...) UTIL_PRINTF(2, 3);

/* One diagnostic for the line, "FILE:LINE: what", while there is room. */
static void
cfg_warn(struct cfg_ctx *x, const char *fmt, ...)
{
	struct buf	 msg;
	va_list		 ap;

	if (x->warnings++ >= CFG_MAX_WARNINGS)
		return;
	buf_init(&msg);
	va_start(ap, fmt);
	buf_vprintf(&msg, fmt, ap);
	va_end(ap);
	diag_add(x->dg, "%s:%zu: %s", x->file, x->line, msg.data);
	buf_release(&msg);
}

/*
 * `what` and then the `len` bytes at `s` quoted, as they can safely be
 * shown: the file may hold anything, and the message goes to a terminal.
 */
static void
cfg_warn_word(struct cfg_ctx *x, const char *what, const char *s,
    size_t len)
{
	struct text_sanitizer	 ts;
	struct buf		 clean, quoted;

	buf_init(&clean);
	buf_init(&quoted);
	text_sanitize_init(&ts);
	text_sanitize_feed(&ts, s, len, &clean);
	text_sanitize_finish(&ts, &clean);
	text_fit(clean.data, clean.len, CFG_QUOTE_COLS, &quoted);
	cfg_warn(x, "%s \"%s\"", what, quoted.data);
	buf_release(&quoted);
	buf_release(&clean);
}

/* Lines. */

static bool
cfg_is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* [s, end) without blanks at either end: its start, its length in *len. */
static const char *
cfg_trim(const char *s, const char *end, size_t *len)
{
	while (s < end && cfg_is_blank(*s))
		s++;
	while (end > s && cfg_is_blank(end[-1]))
		end--;
	*len = (size_t)(end - s);
	return s;
}

/* The next word from *p on: its start, its length in *len (0 at the end). */
static const char *
cfg_word(const char **p, const char *end, size_t *len)
{
	const char	*w;

	while (*p < end && cfg_is_blank(**p))
		(*p)++;
	for (w = *p; *p < end && !cfg_is_blank(**p); (*p)++)
		continue;
	*len = (size_t)(*p - w);
	return w;
}

/* Where a comment starts in [p, end): a # first or after a blank. */
static const char *
cfg_uncomment(const char *p, const char *end)
{
	const char	*q;

	for (q = p; q < end; q++)
		if (*q == '#' && (q == p || cfg_is_blank(q[-1])))
			return q;
	return end;
}

/* The setting named by `len` bytes at `s`, or -1. */
static int
cfg_find(const char *s, size_t len)
{
	int	 i;

	for (i = 0; i < CFG__MAX; i++)
		if (strlen(cfg_options[i].name) == len &&
		    memcmp(cfg_options[i].name, s, len) == 0)
			return i;
	return -1;
}

/* "setting = value", its comment already cut off at `end`. */
static void
cfg_setting_line(struct cfg_ctx *x, const char *p, const char *end)
{
	const char	*eq, *k, *v;
	size_t		 klen, vlen;
	struct buf	 msg;
	int		 s;

	if ((eq = memchr(p, '=', (size_t)(end - p))) == NULL) {
		k = cfg_trim(p, end, &klen);
		cfg_warn_word(x, "expected \"setting = value\" or "
		    "\"bind KEY ACTION\":", k, klen);
		return;
	}
	k = cfg_trim(p, eq, &klen);
	if ((s = cfg_find(k, klen)) == -1) {
		cfg_warn_word(x, "unknown setting", k, klen);
		return;
	}
	v = cfg_trim(eq + 1, end, &vlen);
	if (cfg_set_value(x->c, (enum cfg_setting)s, v, vlen))
		return;
	buf_init(&msg);
	cfg_expect((enum cfg_setting)s, &msg);
	buf_addc(&msg, ':');
	cfg_warn_word(x, msg.data, v, vlen);
	buf_release(&msg);
}

/* Copy the `len` bytes at `s` into `out` as a string, if they fit. */
static bool
cfg_copy(char *out, size_t size, const char *s, size_t len)
{
	if (len >= size)
		return false;
	memcpy(out, s, len);
	out[len] = '\0';
	return true;
}

/*
 * What follows "bind" on a line: a key and an action, then at most a
 * comment.  The key is taken as it is, so that "bind # quit" binds #.
 */
static void
cfg_bind_line(struct cfg_ctx *x, const char *p, const char *end)
{
	char			 key[32], act[32];
	const char		*k, *a, *more;
	size_t			 klen, alen, mlen;
	enum keymap_bind_result	 r;

	k = cfg_word(&p, end, &klen);
	a = cfg_word(&p, end, &alen);
	more = cfg_word(&p, end, &mlen);
	if (klen == 0 || alen == 0 || *a == '#' ||
	    (mlen > 0 && *more != '#')) {
		cfg_warn(x, "expected \"bind KEY ACTION\"");
		return;
	}
	/* A name too long for the buffers is no key's and no action's. */
	if (!cfg_copy(key, sizeof(key), k, klen))
		r = KEYMAP_BAD_KEY;
	else if (!cfg_copy(act, sizeof(act), a, alen))
		r = KEYMAP_BAD_ACTION;
	else
		r = keymap_bind_names(&x->c->keys, key, act);
	if (r == KEYMAP_BAD_KEY)
		cfg_warn_word(x, "bind: no key is named", k, klen);
	else if (r == KEYMAP_BAD_ACTION)
		cfg_warn_word(x, "bind: no action is named", a, alen);
	else if (r == KEYMAP_FULL)
		cfg_warn(x, "bind: %d keys are bound already", KEYMAP_MAX);
}

/* One line, without its line feed. */
static void
cfg_line(struct cfg_ctx *x, const char *p, const char *end)
{
	const char	*w, *rest = p;
	size_t		 len;

	if (end > p && end[-1] == '\r')
		end--;
	/* Past a NUL the words could not be handed on as strings. */
	if (memchr(p, '\0', (size_t)(end - p)) != NULL) {
		cfg_warn(x, "a NUL byte");
		return;
	}
	w = cfg_word(&rest, end, &len);
	if (len == 0 || *w == '#')
		return;
	if (len == 4 && memcmp(w, "bind", 4) == 0)
		cfg_bind_line(x, rest, end);
	else
		cfg_setting_line(x, p, cfg_uncomment(p, end));
}

void
cfg_parse(struct cfg *c, const char *file, const char *text, size_t len,
    struct diag *dg)
{
	struct cfg_ctx	 x;
	const char	*p = text, *end = text + len, *nl;

	memset(&x, 0, sizeof(x));
	x.c = c;
	x.file = file;
	x.dg = dg;
	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		x.line++;
		cfg_line(&x, p, nl);
	}
	if (x.warnings > CFG_MAX_WARNINGS)
		diag_add(dg, "%s: %zu more bad lines not shown", file,
		    x.warnings - CFG_MAX_WARNINGS);
}

/* Files. */

/* Read the rest of `fd` into `out`; -1 past CFG_MAX_SIZE or on an error. */
static int
cfg_read_all(int fd, struct buf *out)
{
	ssize_t	 n;

	for (;;) {
		buf_reserve(out, 4096);
		n = read(fd, out->data + out->len, out->cap - out->len - 1);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return (int)n;
		out->len += (size_t)n;
		out->data[out->len] = '\0';
		if (out->len > CFG_MAX_SIZE) {
			errno = EFBIG;
			return -1;
		}
	}
}

/*
 * The whole of the open file `fd` into `out`, if it is a regular file of
 * CFG_MAX_SIZE bytes at the most; else one diagnostic and false.
 */
static bool
cfg_slurp(int fd, const char *path, struct buf *out, struct diag *dg)
{
	struct stat	 st;

	if (fstat(fd, &st) == -1)
		diag_add(dg, "%s: %s", path, strerror(errno));
	else if (S_ISDIR(st.st_mode))
		diag_add(dg, "%s: is a directory", path);
	else if (!S_ISREG(st.st_mode))
		diag_add(dg, "%s: not a regular file", path);
	else if ((uintmax_t)st.st_size > CFG_MAX_SIZE)
		diag_add(dg, "%s: file too large (%jd bytes; the limit is "
		    "1 MiB)", path, (intmax_t)st.st_size);
	else if (cfg_read_all(fd, out) == 0)
		return true;
	else if (errno == EFBIG)
		/* It grew since fstat(). */
		diag_add(dg, "%s: file too large (the limit is 1 MiB)", path);
	else
		diag_add(dg, "%s: %s", path, strerror(errno));
	return false;
}

bool
cfg_read(struct cfg *c, const char *path, bool missing_ok, struct diag *dg)
{
	struct buf	 text;
	int		 fd;
	bool		 ok;

	/* O_NONBLOCK: a FIFO put there must not hang the start. */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY |
	    O_NONBLOCK)) == -1) {
		/* ENOTDIR: a file stands where a directory of the path would. */
		if (!missing_ok || (errno != ENOENT && errno != ENOTDIR))
			diag_add(dg, "%s: %s", path, strerror(errno));
		return false;
	}
	buf_init(&text);
	if ((ok = cfg_slurp(fd, path, &text, dg)))
		cfg_parse(c, path, text.data, text.len, dg);
	close(fd);
	buf_release(&text);
	return ok;
}

char *
cfg_path(const char *xdg_config_home, const char *home)
{
	struct buf	 b;

	buf_init(&b);
	/* The spec: a relative XDG_CONFIG_HOME is invalid, and ignored. */
	if (xdg_config_home != NULL && xdg_config_home[0] == '/')
		buf_printf(&b, "%s/olsread/config", xdg_config_home);
	else if (home != NULL && home[0] != '\0')
		buf_printf(&b, "%s/.config/olsread/config", home);
	else {
		buf_release(&b);
		return NULL;
	}
	return b.data;
}
