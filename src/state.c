/*
 * state: the places and history files, read, merged and replaced whole.
 *
 * Both are text, a header line then a record a line, so that a reader can
 * look at them and a damaged line spoils only itself.  Fields are
 * separated by tabs; in strings, a backslash, tab, line feed and carriage
 * return are written \\, \t, \n and \r.
 *
 *	olsread places 1
 *	WHEN DIGEST BLOCK OFF TAIL READ QFLAGS PATH SECTION QUERY [STAMP]
 *
 *	olsread history 1
 *	QUERY
 *
 * WHEN is seconds since the epoch, DIGEST 16 hex digits, OFF "-" for a
 * line without text, READ the sections read as "3,5,9" or "-", QFLAGS
 * "-" with no search, else the search's flags plus 0x100 when it was
 * highlighted, STAMP 16 hex digits; a record without it, as written
 * before it was, has none.
 */
#include "state.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

#define STATE_PLACES_FILE	"places"
#define STATE_HISTORY_FILE	"history"
#define STATE_PLACES_HEAD	"olsread places 1"
#define STATE_HISTORY_HEAD	"olsread history 1"

/* QFLAGS: the search was highlighted when the article was closed. */
#define STATE_QACTIVE		0x100

#define STATE_NFIELDS		11

void
state_place_release(struct state_place *p)
{
	free(p->path);
	free(p->section);
	free(p->read);
	free(p->query);
	memset(p, 0, sizeof(*p));
}

void
state_list_init(struct state_list *l)
{
	memset(l, 0, sizeof(*l));
}

void
state_list_release(struct state_list *l)
{
	size_t	 i;

	for (i = 0; i < l->n; i++)
		free(l->s[i]);
	free(l->s);
	state_list_init(l);
}

void
state_list_add(struct state_list *l, const char *s)
{
	size_t	 i;

	if (l->n >= STATE_HISTORY || *s == '\0')
		return;
	for (i = 0; i < l->n; i++)
		if (strcmp(l->s[i], s) == 0)
			return;
	l->s = xgrow(l->s, &l->cap, l->n + 1, sizeof(*l->s));
	l->s[l->n++] = xstrdup(s);
}

char *
state_dir(void)
{
	const char	*xdg = getenv("XDG_STATE_HOME");
	const char	*home = getenv("HOME");
	struct buf	 b;

	buf_init(&b);
	/* The XDG spec: a relative path is invalid, and ignored. */
	if (xdg != NULL && xdg[0] == '/')
		buf_printf(&b, "%s/olsread", xdg);
	else if (home != NULL && home[0] == '/')
		buf_printf(&b, "%s/.local/state/olsread", home);
	else {
		buf_release(&b);
		return NULL;
	}
	return b.data;
}

uint64_t
state_digest(const void *p, size_t len)
{
	struct digest	 d;

	digest_init(&d);
	digest_add(&d, p, len);
	return digest_end(&d);
}

/* Fields. */

static void
state_escape(struct buf *b, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '\\':
			buf_adds(b, "\\\\");
			break;
		case '\t':
			buf_adds(b, "\\t");
			break;
		case '\n':
			buf_adds(b, "\\n");
			break;
		case '\r':
			buf_adds(b, "\\r");
			break;
		default:
			buf_addc(b, *s);
			break;
		}
	}
}

/* The string field `s` (`len` bytes), unescaped; NULL when malformed. */
static char *
state_unescape(const char *s, size_t len)
{
	static const char	 from[] = "\\tnr", to[] = "\\\t\n\r";
	const char		*c;
	struct buf		 b;
	size_t			 i;

	buf_init(&b);
	buf_reserve(&b, len + 1);
	for (i = 0; i < len; i++) {
		if (s[i] == '\0')
			break;
		if (s[i] != '\\') {
			buf_addc(&b, s[i]);
			continue;
		}
		/* A backslash: one of four escapes, never the line's end. */
		if (i + 1 == len || s[i + 1] == '\0' ||
		    (c = strchr(from, s[i + 1])) == NULL)
			break;
		buf_addc(&b, to[c - from]);
		i++;
	}
	if (i < len) {
		buf_release(&b);
		return NULL;
	}
	buf_addc(&b, '\0');
	return b.data;
}

/* A decimal number, the whole field; false when it is not one. */
static bool
state_number(const char *s, size_t len, uint64_t max, uint64_t *out)
{
	uint64_t	 n = 0;
	size_t		 i;

	if (len == 0 || len > 20)
		return false;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' ||
		    n > (max - (uint64_t)(s[i] - '0')) / 10)
			return false;
		n = n * 10 + (uint64_t)(s[i] - '0');
	}
	*out = n;
	return true;
}

static bool
state_hex(const char *s, size_t len, uint64_t *out)
{
	uint64_t	 n = 0;
	size_t		 i;
	int		 d;

	if (len != 16)
		return false;
	for (i = 0; i < len; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			d = s[i] - '0';
		else if (s[i] >= 'a' && s[i] <= 'f')
			d = s[i] - 'a' + 10;
		else
			return false;
		n = n << 4 | (uint64_t)d;
	}
	*out = n;
	return true;
}

static bool
state_size(const char *s, size_t len, size_t *out)
{
	uint64_t	 n;

	if (!state_number(s, len, SIZE_MAX - 1, &n))
		return false;
	*out = (size_t)n;
	return true;
}

/* READ: "-", or section numbers, increasing, separated by commas. */
static bool
state_read_list(const char *s, size_t len, struct state_place *p)
{
	size_t	 i = 0, j, cap = 0, n;

	if (len == 1 && s[0] == '-')
		return true;
	while (i < len) {
		for (j = i; j < len && s[j] != ','; j++)
			continue;
		if (!state_size(s + i, j - i, &n) ||
		    (p->nread > 0 && n <= p->read[p->nread - 1]))
			return false;
		p->read = xgrow(p->read, &cap, p->nread + 1, sizeof(*p->read));
		p->read[p->nread++] = n;
		if (j == len - 1)
			return false;	/* a trailing comma */
		i = j + 1;
	}
	return p->nread > 0;
}

static bool
state_qflags(const char *s, size_t len, struct state_place *p)
{
	uint64_t	 n;

	if (len == 1 && s[0] == '-') {
		p->qflags = -1;
		return true;
	}
	if (!state_number(s, len, 0xfff, &n))
		return false;
	p->qflags = (int)(n & ~(uint64_t)STATE_QACTIVE);
	p->qactive = (n & STATE_QACTIVE) != 0;
	return true;
}

/*
 * Split `line` at tabs into at most `n` fields: how many it has, or 0 when
 * it has more.
 */
static size_t
state_split(const char *line, size_t len, const char **f, size_t *flen,
    size_t n)
{
	const char	*end = line + len, *tab;
	size_t		 i;

	for (i = 0; i < n; i++) {
		tab = memchr(line, '\t', (size_t)(end - line));
		f[i] = line;
		flen[i] = (size_t)((tab != NULL ? tab : end) - line);
		if (tab == NULL)
			return i + 1;
		line = tab + 1;
	}
	return 0;
}

/* One record of the places file; false when it is malformed. */
static bool
state_parse_place(const char *line, size_t len, struct state_place *p)
{
	const char	*f[STATE_NFIELDS];
	size_t		 n[STATE_NFIELDS], nf;
	uint64_t	 when;

	memset(p, 0, sizeof(*p));
	if ((nf = state_split(line, len, f, n, STATE_NFIELDS)) <
	    STATE_NFIELDS - 1 ||
	    (nf == STATE_NFIELDS && !state_hex(f[10], n[10], &p->stamp)) ||
	    !state_number(f[0], n[0], INT64_MAX, &when) ||
	    !state_hex(f[1], n[1], &p->digest) ||
	    !state_size(f[2], n[2], &p->block) ||
	    !(n[3] == 1 && f[3][0] == '-' ? (p->off = SIZE_MAX, true) :
	    state_size(f[3], n[3], &p->off)) ||
	    !state_size(f[4], n[4], &p->tail) ||
	    !state_read_list(f[5], n[5], p) ||
	    !state_qflags(f[6], n[6], p) ||
	    (p->path = state_unescape(f[7], n[7])) == NULL ||
	    p->path[0] != '/' ||
	    (p->section = state_unescape(f[8], n[8])) == NULL ||
	    (p->query = state_unescape(f[9], n[9])) == NULL) {
		state_place_release(p);
		return false;
	}
	p->when = (time_t)when;
	if (p->qflags < 0 || p->query[0] == '\0') {
		free(p->query);
		p->query = NULL;
		p->qflags = 0;
		p->qactive = false;
	}
	return true;
}

static void
state_format_place(struct buf *b, const struct state_place *p)
{
	size_t	 i;

	buf_printf(b, "%lld\t%016" PRIx64 "\t%zu\t", (long long)p->when,
	    p->digest, p->block);
	if (p->off == SIZE_MAX)
		buf_addc(b, '-');
	else
		buf_printf(b, "%zu", p->off);
	buf_printf(b, "\t%zu\t", p->tail);
	for (i = 0; i < p->nread; i++)
		buf_printf(b, "%s%zu", i > 0 ? "," : "", p->read[i]);
	if (p->nread == 0)
		buf_addc(b, '-');
	if (p->query != NULL)
		buf_printf(b, "\t%d\t", p->qflags |
		    (p->qactive ? STATE_QACTIVE : 0));
	else
		buf_adds(b, "\t-\t");
	state_escape(b, p->path);
	buf_addc(b, '\t');
	state_escape(b, p->section != NULL ? p->section : "");
	buf_addc(b, '\t');
	state_escape(b, p->query != NULL ? p->query : "");
	buf_printf(b, "\t%016" PRIx64 "\n", p->stamp);
}

/* Files. */

/*
 * The file `name` in `dir`, whole, into `b`: false when there is none,
 * or when it cannot be read (a warning then, in `dg`).
 */
static bool
state_read_file(const char *dir, const char *name, struct buf *b,
    struct diag *dg)
{
	struct stat	 st;
	const char	*why = NULL;
	char		 path[PATH_MAX], chunk[65536];
	ssize_t		 n;
	int		 fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK)) == -1) {
		if (errno != ENOENT && errno != ENOTDIR && dg != NULL)
			diag_add(dg, "%s: %s; not used", path,
			    strerror(errno));
		return false;
	}
	if (fstat(fd, &st) == -1)
		why = strerror(errno);
	else if (!S_ISREG(st.st_mode))
		why = "not a regular file";
	else if ((uintmax_t)st.st_size > STATE_MAX_SIZE)
		why = "too large";
	if (why != NULL) {
		if (dg != NULL)
			diag_add(dg, "%s: %s; not used", path, why);
		close(fd);
		return false;
	}
	while ((n = read(fd, chunk, sizeof(chunk))) > 0 &&
	    b->len + (size_t)n <= STATE_MAX_SIZE)
		buf_add(b, chunk, (size_t)n);
	close(fd);
	if (n != 0) {
		if (dg != NULL)
			diag_add(dg, "%s: %s; not used", path, n < 0 ?
			    strerror(errno) : "too large");
		return false;
	}
	buf_addc(b, '\0');
	b->len--;
	return true;
}

/*
 * The lines of `b` after the header `head`, each handed to `fn`, which
 * says whether it understood it.  One warning when the header is not
 * there, one for all the lines not understood.
 */
static void
state_each_line(const char *path, const struct buf *b, const char *head,
    bool (*fn)(const char *, size_t, void *), void *arg, struct diag *dg)
{
	const char	*s = b->data, *end = b->data + b->len, *nl;
	size_t		 bad = 0, hl = strlen(head);

	if (b->len < hl + 1 || memcmp(s, head, hl) != 0 || s[hl] != '\n') {
		if (dg != NULL && b->len > 0)
			diag_add(dg, "%s: not a state file of this olsread; "
			    "not used", path);
		return;
	}
	for (s += hl + 1; s < end; s = nl + 1) {
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL) {
			bad++;		/* cut short: a line without its end */
			break;
		}
		if (!fn(s, (size_t)(nl - s), arg))
			bad++;
	}
	if (bad > 0 && dg != NULL)
		diag_add(dg, "%s: %zu damaged line%s ignored", path, bad,
		    bad == 1 ? "" : "s");
}

/* The records of the file `name` in `dir`, each handed to `fn`. */
static void
state_read_records(const char *dir, const char *name, const char *head,
    bool (*fn)(const char *, size_t, void *), void *arg, struct diag *dg)
{
	struct buf	 b;
	char		 path[PATH_MAX];

	buf_init(&b);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (state_read_file(dir, name, &b, dg))
		state_each_line(path, &b, head, fn, arg, dg);
	buf_release(&b);
}

/* mkdir -p, each new directory 0700, as the XDG spec asks. */
static bool
state_mkdirs(const char *dir, char *err, size_t errlen)
{
	char	 path[PATH_MAX], *p, c;

	if (snprintf(path, sizeof(path), "%s", dir) >= (int)sizeof(path)) {
		snprintf(err, errlen, "%s: path too long", dir);
		return false;
	}
	for (p = path + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		c = *p;
		*p = '\0';
		if (mkdir(path, 0700) == -1 && errno != EEXIST) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return false;
		}
		if (c == '\0')
			return true;
		*p = c;
	}
}

static bool
state_write_all(int fd, const char *s, size_t len)
{
	ssize_t	 n;

	while (len > 0) {
		if ((n = write(fd, s, len)) == -1) {
			if (errno == EINTR)
				continue;
			return false;
		}
		s += n;
		len -= (size_t)n;
	}
	return true;
}

/*
 * Replace the file `name` in `dir` with `b`: written to a new file beside
 * it, flushed, then renamed over it.  On failure the new file goes, the
 * old stays, and `err` says why.
 */
static bool
state_replace(const char *dir, const char *name, const struct buf *b,
    char *err, size_t errlen)
{
	char	 path[PATH_MAX], tmp[PATH_MAX];
	int	 fd, e;

	if (!state_mkdirs(dir, err, errlen))
		return false;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", dir, name);
	if ((fd = mkstemp(tmp)) == -1) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return false;
	}
	if (fchmod(fd, 0600) == -1 || !state_write_all(fd, b->data, b->len) ||
	    fsync(fd) == -1) {
		e = errno;
		close(fd);
		unlink(tmp);
		snprintf(err, errlen, "%s: %s", tmp, strerror(e));
		return false;
	}
	if (close(fd) == -1 || rename(tmp, path) == -1) {
		e = errno;
		unlink(tmp);
		snprintf(err, errlen, "%s: %s", path, strerror(e));
		return false;
	}
	return true;
}

/* Places. */

struct state_places {
	struct state_place	*p;
	size_t			 n;
	size_t			 cap;
	const char		*want;	/* only this path, or NULL for all */
};

static bool
state_take_place(const char *line, size_t len, void *arg)
{
	struct state_places	*ps = arg;
	struct state_place	 p;

	if (!state_parse_place(line, len, &p))
		return false;
	if (ps->want != NULL && strcmp(p.path, ps->want) != 0) {
		state_place_release(&p);
		return true;
	}
	ps->p = xgrow(ps->p, &ps->cap, ps->n + 1, sizeof(*ps->p));
	ps->p[ps->n++] = p;
	return true;
}

static void
state_read_places(const char *dir, struct state_places *ps, struct diag *dg)
{
	state_read_records(dir, STATE_PLACES_FILE, STATE_PLACES_HEAD,
	    state_take_place, ps, dg);
}

static void
state_places_release(struct state_places *ps)
{
	size_t	 i;

	for (i = 0; i < ps->n; i++)
		state_place_release(&ps->p[i]);
	free(ps->p);
}

bool
state_load_place(const char *dir, const char *path, struct state_place *p,
    struct diag *dg)
{
	struct state_places	 ps;
	size_t			 i, newest = 0;

	memset(&ps, 0, sizeof(ps));
	ps.want = path;
	state_read_places(dir, &ps, dg);
	/* Should the file hold the path twice, the newest counts. */
	for (i = 1; i < ps.n; i++)
		if (ps.p[i].when >= ps.p[newest].when)
			newest = i;
	if (ps.n > 0) {
		*p = ps.p[newest];
		memset(&ps.p[newest], 0, sizeof(ps.p[newest]));
	}
	state_places_release(&ps);
	return ps.n > 0;
}

/* The newest first. */
static int
state_place_cmp(const void *a, const void *b)
{
	const struct state_place	*pa = a, *pb = b;

	return pa->when < pb->when ? 1 : pa->when > pb->when ? -1 : 0;
}

bool
state_save_place(const char *dir, const struct state_place *p, char *err,
    size_t errlen)
{
	struct state_places	 ps;
	struct buf		 b;
	size_t			 i;
	bool			 ok;

	/* What another olsread saved meanwhile stays; damage goes. */
	memset(&ps, 0, sizeof(ps));
	state_read_places(dir, &ps, NULL);
	if (ps.n > 1)
		qsort(ps.p, ps.n, sizeof(*ps.p), state_place_cmp);
	buf_init(&b);
	buf_adds(&b, STATE_PLACES_HEAD "\n");
	state_format_place(&b, p);
	for (i = 0; i < ps.n && i < STATE_PLACES - 1; i++)
		if (strcmp(ps.p[i].path, p->path) != 0)
			state_format_place(&b, &ps.p[i]);
	ok = state_replace(dir, STATE_PLACES_FILE, &b, err, errlen);
	buf_release(&b);
	state_places_release(&ps);
	return ok;
}

/* History. */

static bool
state_take_query(const char *line, size_t len, void *arg)
{
	char	*q;

	if ((q = state_unescape(line, len)) == NULL)
		return false;
	state_list_add(arg, q);
	free(q);
	return true;
}

void
state_load_history(const char *dir, struct state_list *l, struct diag *dg)
{
	state_read_records(dir, STATE_HISTORY_FILE, STATE_HISTORY_HEAD,
	    state_take_query, l, dg);
}

bool
state_save_history(const char *dir, const struct state_list *recent,
    char *err, size_t errlen)
{
	struct state_list	 all, old;
	struct buf		 b;
	size_t			 i;
	bool			 ok;

	state_list_init(&all);
	state_list_init(&old);
	state_load_history(dir, &old, NULL);
	for (i = 0; i < recent->n; i++)
		state_list_add(&all, recent->s[i]);
	for (i = 0; i < old.n; i++)
		state_list_add(&all, old.s[i]);
	buf_init(&b);
	buf_adds(&b, STATE_HISTORY_HEAD "\n");
	for (i = 0; i < all.n; i++) {
		state_escape(&b, all.s[i]);
		buf_addc(&b, '\n');
	}
	ok = state_replace(dir, STATE_HISTORY_FILE, &b, err, errlen);
	buf_release(&b);
	state_list_release(&all);
	state_list_release(&old);
	return ok;
}
