/*
 * e2e: the end-to-end tests.  They run the real olsread in a pseudo-
 * terminal, type keys into it and read the screen back through libvterm,
 * as a reader would see it: text, attributes, the alternate screen, and
 * what is left when olsread quits, dies of a signal or stops.  Every wait
 * has a deadline, and a child that outstays one is killed, so that a hung
 * pager fails a check instead of hanging the suite.  Nothing here looks
 * inside olsread: only its terminal, its standard error and its status.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <vterm.h>

#include "tap.h"

/* The pager at 100 columns: the index, its rule, then the text. */
#define E2E_COLS	100
#define E2E_ROWS	30
#define E2E_SIDE_W	30
#define E2E_BODY_X	31
/* Room for a row of text: up to 6 characters of 4 bytes a cell. */
#define E2E_LINE	8192
/* A wait's deadline; $OLSREAD_E2E_TIMEOUT (seconds) can lengthen it. */
#define E2E_WAIT_MS	10000
/* No output for this long: the screen has settled. */
#define E2E_QUIET_MS	200
/* How often a wait looks again when no output comes. */
#define E2E_TICK_MS	50

#define E2E_NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * The default theme, dark, at 256 colours: its talk numbers' orange, and
 * the yellow under the current match.
 */
#define E2E_NUMBER_FG	214
#define E2E_CURRENT_BG	220

struct e2e_buf {
	char	*data;		/* owned */
	size_t	 len;
	size_t	 cap;
};

/*
 * What the shell-like parent of a job tells the test: 'P' the job's pid,
 * 'S' stopped (the signal), 'C' continued, 'X' its wait status.
 */
struct e2e_report {
	int	 kind;
	int	 value;
};

struct e2e_opts {
	const char	*term;		/* TERM; NULL: xterm-256color */
	int		 cols;
	int		 rows;
	bool		 err_pipe;	/* standard error apart from the pty */
	bool		 job;		/* in a job of its own, under a shell */
	const char	*state;		/* XDG_STATE_HOME; NULL: one of the
					   run's own, empty */
	const char	*no_color;	/* NO_COLOR; NULL: not set */
};

/* One run of olsread in a pty, and the terminal it draws on. */
struct e2e {
	pid_t		 pid;		/* forkpty's child */
	pid_t		 job;		/* olsread's pid */
	bool		 jobmode;	/* pid is a shell, job its child */
	int		 master;	/* the pty's master side */
	int		 err;		/* standard error's pipe, or -1 */
	int		 report;	/* the shell's reports, or -1 */
	VTerm		*vt;		/* owned */
	VTermScreen	*vs;		/* borrowed: vt */
	int		 cols;
	int		 rows;
	bool		 alt;		/* the alternate screen shows */
	bool		 cursor;	/* the cursor shows */
	bool		 eof;		/* nothing holds the pty's slave */
	bool		 done;		/* olsread ended; status says how */
	int		 status;	/* a wait status, -1: killed by us */
	int		 jobstate;	/* the shell's last report: S, C, X */
	int		 stopsig;
	struct e2e_buf	 out;		/* all that was written to the pty */
	struct e2e_buf	 errout;	/* and to the standard error pipe */
	bool		 blind;		/* keep the output from the emulator */
};

typedef bool	(*e2e_pred)(const struct e2e *, const void *);

/* What to look for on the screen. */
struct e2e_want {
	const char	*text;
	int		 row;		/* -1: any row */
	int		 col;		/* -1: anywhere in the row; else the
					   row from here starts with text */
	bool		 exact;		/* the row from col is text */
	bool		 gone;		/* wait for it to go away */
};

/* Attributes to wait for at a cell; -1: either. */
struct e2e_look {
	int		 row;
	int		 col;
	int		 lit;		/* see e2e_is_lit() */
	int		 bold;
};

/*
 * The sample's talks, as its index shows them at 100 columns: the entry
 * as far as it reads the same once a check mark at the row's end says
 * the talk is read.
 */
static const struct {
	const char	*entry;		/* the start of the index's row */
	const char	*heading;	/* the body's heading */
	const char	*speaker;
} e2e_talks[] = {
	{ "1. Ugly ducklings - resu",
	    "1. Ugly ducklings - resurrecting unmaintained code",
	    "Dave Jone" },
	{ "2. Large projects and bu", "2. Large projects and bugzilla",
	    "Luis Villa" },
	{ "3. Interactive kernel pe", "3. Interactive kernel performance",
	    "Robert Love" },
	{ "4. udev - devfs done right", "4. udev - devfs done right",
	    "Greg Kroah-Hartman" },
	{ "5. Why doesn't my laptop", "5. Why doesn't my laptop suspend?",
	    "Pat Mochel" },
	{ "6. Toward an O(1) VM", "6. Toward an O(1) VM", "Rik van Riel" },
	{ "7. Integrating DMA into ",
	    "7. Integrating DMA into the device model", "James Bottomley" },
};

/*
 * The index row of e2e_talks[talk]: the sample's index has the title, then
 * each talk over its speakers.
 */
static inline int
e2e_entry_row(size_t talk)
{
	return 2 * (int)talk + 1;
}

static const char	*e2e_bin;	/* $OLSREAD_BIN */
static char		 e2e_article[PATH_MAX];
/* Each run remembers into a directory of its own, under this one. */
static char		 e2e_state[PATH_MAX];
/* tests/e2e/escapes.md: every control and escape sequence, everywhere. */
static char		 e2e_escapes[PATH_MAX];

static int64_t
e2e_now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int64_t
e2e_wait_ms(void)
{
	const char	*env = getenv("OLSREAD_E2E_TIMEOUT");
	long		 n = env != NULL ? strtol(env, NULL, 10) : 0;

	return n > 0 ? (int64_t)n * 1000 : E2E_WAIT_MS;
}

static void
e2e_buf_add(struct e2e_buf *b, const char *p, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		if ((b->data = realloc(b->data, b->cap)) == NULL) {
			perror("e2e: realloc");
			exit(99);
		}
	}
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

/* Whether `text` is in `b` from byte `from` on; output may hold NULs. */
static bool
e2e_buf_has(const struct e2e_buf *b, size_t from, const char *text)
{
	size_t	 n = strlen(text), i;

	for (i = from; b->data != NULL && i + n <= b->len; i++)
		if (memcmp(b->data + i, text, n) == 0)
			return true;
	return false;
}

static void
e2e_write(int fd, const char *p, size_t n)
{
	ssize_t	 w;

	while (n > 0) {
		if ((w = write(fd, p, n)) == -1) {
			if (errno == EINTR)
				continue;
			tap_diag("write to the pty: %s", strerror(errno));
			return;
		}
		p += w;
		n -= (size_t)w;
	}
}

/* libvterm says when the program switches screens or hides the cursor. */
static int
e2e_on_prop(VTermProp prop, VTermValue *val, void *user)
{
	struct e2e	*s = user;

	if (prop == VTERM_PROP_ALTSCREEN)
		s->alt = val->boolean != 0;
	else if (prop == VTERM_PROP_CURSORVISIBLE)
		s->cursor = val->boolean != 0;
	return 1;
}

static const VTermScreenCallbacks e2e_callbacks = {
	.settermprop = e2e_on_prop,
};

static void
e2e_vterm_init(struct e2e *s)
{
	s->vt = vterm_new(s->rows, s->cols);
	vterm_set_utf8(s->vt, 1);
	s->vs = vterm_obtain_screen(s->vt);
	vterm_screen_set_callbacks(s->vs, &e2e_callbacks, s);
	/* Like xterm: leaving the alternate screen shows the old one. */
	vterm_screen_enable_altscreen(s->vs, 1);
	vterm_screen_reset(s->vs, 1);
	s->cursor = true;
}

/* Signals as a shell leaves them for a command: all at their default. */
static void
e2e_child_signals(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGPIPE,
	    SIGTERM, SIGCHLD, SIGCONT, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH };
	sigset_t	 none;
	size_t		 i;

	for (i = 0; i < E2E_NELEM(sigs); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

static void __attribute__((noreturn))
e2e_exec(char *const argv[])
{
	execv(argv[0], argv);
	dprintf(STDERR_FILENO, "e2e: %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

static void
e2e_tell(int fd, int kind, int value)
{
	struct e2e_report	 r;

	r.kind = kind;
	r.value = value;
	/* Smaller than PIPE_BUF: the write is whole. */
	if (write(fd, &r, sizeof(r)) != (ssize_t)sizeof(r))
		_exit(124);
}

/*
 * Job control as a shell does it: olsread in a process group of its own,
 * in the foreground, under a parent in the same session that waits for it.
 * Only so does SIGTSTP stop it: forkpty's child leads its session, its
 * group is orphaned, and the kernel drops SIGTSTP there.
 */
static void __attribute__((noreturn))
e2e_shell(char *const argv[], int rep)
{
	pid_t	 job;
	int	 st;

	if ((job = fork()) == -1)
		_exit(126);
	if (job == 0) {
		setpgid(0, 0);
		/* A group not yet in the foreground may not take it else. */
		signal(SIGTTOU, SIG_IGN);
		tcsetpgrp(STDIN_FILENO, getpid());
		signal(SIGTTOU, SIG_DFL);
		e2e_exec(argv);
	}
	setpgid(job, job);
	e2e_tell(rep, 'P', job);
	for (;;) {
		if (waitpid(job, &st, WUNTRACED | WCONTINUED) == -1) {
			if (errno == EINTR)
				continue;
			_exit(125);
		}
		if (WIFSTOPPED(st))
			e2e_tell(rep, 'S', WSTOPSIG(st));
		else if (WIFCONTINUED(st))
			e2e_tell(rep, 'C', 0);
		else {
			e2e_tell(rep, 'X', st);
			_exit(0);
		}
	}
}

static void __attribute__((noreturn))
e2e_child(char *const argv[], const struct e2e_opts *o, int errfd, int rep)
{
	char	 state[PATH_MAX + 32];

	e2e_child_signals();
	setenv("TERM", o->term != NULL ? o->term : "xterm-256color", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	if (o->state != NULL)
		setenv("XDG_STATE_HOME", o->state, 1);
	else {
		/* A run opens where no other left off, whatever came before. */
		snprintf(state, sizeof(state), "%s/run-%ld", e2e_state,
		    (long)getpid());
		setenv("XDG_STATE_HOME", state, 1);
	}
	/* curses would believe these over the pty's size. */
	unsetenv("COLUMNS");
	unsetenv("LINES");
	if (o->no_color != NULL)
		setenv("NO_COLOR", o->no_color, 1);
	else
		unsetenv("NO_COLOR");
	if (errfd != -1 && dup2(errfd, STDERR_FILENO) == -1)
		_exit(126);
	if (o->job)
		e2e_shell(argv, rep);
	e2e_exec(argv);
}

/* A pipe whose ends the child does not keep past exec, but as dup2'd. */
static bool
e2e_pipe(int p[2])
{
	if (pipe(p) == -1) {
		tap_diag("pipe: %s", strerror(errno));
		return false;
	}
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	return true;
}

static void
e2e_close_fd(int *fd)
{
	if (*fd != -1)
		close(*fd);
	*fd = -1;
}

static void
e2e_on_report(struct e2e *s, const struct e2e_report *r)
{
	switch (r->kind) {
	case 'P':
		s->job = r->value;
		break;
	case 'S':
		s->stopsig = r->value;
		/* FALLTHROUGH */
	case 'C':
		s->jobstate = r->kind;
		break;
	case 'X':
		s->jobstate = 'X';
		s->status = r->value;
		break;
	}
}

/* Feed the terminal what olsread wrote, and answer what it asks. */
static void
e2e_feed(struct e2e *s, const char *p, size_t n)
{
	char	 reply[256];
	size_t	 r;

	e2e_buf_add(&s->out, p, n);
	if (s->blind)
		return;
	vterm_input_write(s->vt, p, n);
	while ((r = vterm_output_read(s->vt, reply, sizeof(reply))) > 0)
		e2e_write(s->master, reply, r);
}

/* Read what one descriptor has; at its end, stop watching it. */
static void
e2e_read(struct e2e *s, int *fd)
{
	struct e2e_report	 r;
	char			 buf[4096];
	ssize_t			 n;

	if (fd == &s->report) {
		if ((n = read(*fd, &r, sizeof(r))) == (ssize_t)sizeof(r))
			e2e_on_report(s, &r);
		else if (n != -1 || errno != EINTR)
			e2e_close_fd(fd);
		return;
	}
	if ((n = read(*fd, buf, sizeof(buf))) > 0) {
		if (fd == &s->master)
			e2e_feed(s, buf, (size_t)n);
		else
			e2e_buf_add(&s->errout, buf, (size_t)n);
	} else if (n == 0 || errno != EINTR) {
		/* Linux says EIO once the slave's last holder is gone. */
		if (fd == &s->master)
			s->eof = true;
		else
			e2e_close_fd(fd);
	}
}

/*
 * Wait up to `ms` for output and take it in.  Returns 1 when something
 * came, 0 on a timeout, -1 when there is nothing left to wait for.
 */
static int
e2e_pump(struct e2e *s, int ms)
{
	struct pollfd	 pfd[3];
	int		*fds[3];
	nfds_t		 n = 0, i;

	if (!s->eof)
		fds[n++] = &s->master;
	if (s->err != -1)
		fds[n++] = &s->err;
	if (s->report != -1)
		fds[n++] = &s->report;
	for (i = 0; i < n; i++) {
		pfd[i].fd = *fds[i];
		pfd[i].events = POLLIN;
	}
	if (n == 0)
		return -1;
	if (poll(pfd, n, ms < 0 ? 0 : ms) <= 0)
		return 0;
	for (i = 0; i < n; i++)
		if (pfd[i].revents != 0)
			e2e_read(s, fds[i]);
	return 1;
}

/* Take in output for `ms` milliseconds. */
static void
e2e_pause(struct e2e *s, int ms)
{
	int64_t	 end = e2e_now() + ms, left;

	while ((left = end - e2e_now()) > 0 && e2e_pump(s, (int)left) >= 0)
		continue;
}

/* Take in output until it pauses: a drawing is then complete. */
static void
e2e_settle(struct e2e *s)
{
	int64_t	 end = e2e_now() + e2e_wait_ms();

	while (e2e_now() < end && e2e_pump(s, E2E_QUIET_MS) == 1)
		continue;
}

static bool
e2e_has_job(const struct e2e *s, const void *arg)
{
	(void)arg;
	return s->job != s->pid || s->report == -1;
}

static bool	 e2e_until(struct e2e *, e2e_pred, const void *,
		    const char *);

/*
 * Start argv[0] in a new pty of o->cols x o->rows; false if that failed.
 * Call e2e_close() after, whatever this returns.
 */
static bool
e2e_start(struct e2e *s, char *const argv[], const struct e2e_opts *o)
{
	struct winsize	 ws;
	int		 errp[2] = { -1, -1 }, rep[2] = { -1, -1 };

	memset(s, 0, sizeof(*s));
	s->master = s->err = s->report = -1;
	s->cols = o->cols;
	s->rows = o->rows;
	s->done = true;
	e2e_vterm_init(s);
	if ((o->err_pipe && !e2e_pipe(errp)) || (o->job && !e2e_pipe(rep)))
		return false;
	memset(&ws, 0, sizeof(ws));
	ws.ws_col = (unsigned short)o->cols;
	ws.ws_row = (unsigned short)o->rows;
	fflush(NULL);
	if ((s->pid = forkpty(&s->master, NULL, NULL, &ws)) == 0)
		e2e_child(argv, o, errp[1], rep[1]);
	e2e_close_fd(&errp[1]);
	e2e_close_fd(&rep[1]);
	s->err = errp[0];
	s->report = rep[0];
	if (s->pid == -1) {
		tap_diag("forkpty: %s", strerror(errno));
		return false;
	}
	s->done = false;
	s->job = s->pid;
	s->jobmode = o->job;
	return !o->job || e2e_until(s, e2e_has_job, NULL, "the job's pid");
}

static void
e2e_send(struct e2e *s, const char *keys)
{
	e2e_write(s->master, keys, strlen(keys));
}

static size_t
e2e_utf8(uint32_t c, char *out)
{
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xc0 | c >> 6);
		out[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xe0 | c >> 12);
		out[1] = (char)(0x80 | (c >> 6 & 0x3f));
		out[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | c >> 18);
	out[1] = (char)(0x80 | (c >> 12 & 0x3f));
	out[2] = (char)(0x80 | (c >> 6 & 0x3f));
	out[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

/*
 * Row `row` from column `from` on, as UTF-8 without its trailing blanks,
 * in `buf` (E2E_LINE bytes); `at[i]`, if asked, is the column of byte i.
 */
static char *
e2e_row(const struct e2e *s, int row, int from, char *buf, int *at)
{
	VTermScreenCell	 c;
	VTermPos	 pos;
	size_t		 len = 0, keep = 0, i, n, k;
	char		 u[4];

	pos.row = row;
	for (pos.col = from; pos.col < s->cols; pos.col++) {
		/* libvterm copies a cell's characters up to its first NUL. */
		memset(&c, 0, sizeof(c));
		if (!vterm_screen_get_cell(s->vs, pos, &c))
			break;
		/* The right half of a wide character. */
		if (c.chars[0] == (uint32_t)-1)
			continue;
		for (i = 0; i == 0 || (i < VTERM_MAX_CHARS_PER_CELL &&
		    c.chars[i] != 0); i++) {
			n = e2e_utf8(c.chars[i] == 0 ? ' ' : c.chars[i], u);
			if (len + n >= E2E_LINE)
				break;
			for (k = 0; k < n; k++) {
				if (at != NULL)
					at[len] = pos.col;
				buf[len++] = u[k];
			}
		}
		if (c.chars[0] != 0 && c.chars[0] != ' ')
			keep = len;
	}
	buf[keep] = '\0';
	return buf;
}

/* The first row with `text` between columns `from` and `to`. */
static bool
e2e_find(const struct e2e *s, const char *text, int from, int to, int *row,
    int *col)
{
	static char	 line[E2E_LINE];
	static int	 at[E2E_LINE];
	const char	*p;
	int		 r;

	for (r = 0; r < s->rows; r++) {
		e2e_row(s, r, from, line, at);
		if ((p = strstr(line, text)) == NULL ||
		    at[p - line + (ptrdiff_t)strlen(text) - 1] >= to)
			continue;
		*row = r;
		*col = at[p - line];
		return true;
	}
	return false;
}

static VTermScreenCell
e2e_cell(const struct e2e *s, int row, int col)
{
	VTermScreenCell	 c;
	VTermPos	 pos;

	memset(&c, 0, sizeof(c));
	pos.row = row;
	pos.col = col;
	vterm_screen_get_cell(s->vs, pos, &c);
	return c;
}

static void
e2e_dump(const struct e2e *s)
{
	char	 line[E2E_LINE];
	int	 r;

	tap_diag("the screen, %dx%d%s%s%s:", s->cols, s->rows,
	    s->alt ? ", alternate" : "", s->cursor ? ", cursor on" : "",
	    s->eof ? ", pty closed" : "");
	for (r = 0; r < s->rows; r++)
		tap_diag("%2d|%s", r, e2e_row(s, r, 0, line, NULL));
}

/*
 * Take in output until `pred` holds; at the deadline, or when nothing is
 * left to wait for, say what was awaited, show the screen, return false.
 */
static bool
e2e_until(struct e2e *s, e2e_pred pred, const void *arg, const char *what)
{
	int64_t	 end = e2e_now() + e2e_wait_ms(), left;

	while (!pred(s, arg)) {
		left = end - e2e_now();
		if (left <= 0 || e2e_pump(s, left < E2E_TICK_MS ? (int)left :
		    E2E_TICK_MS) < 0) {
			tap_diag("%s waiting for %s", left <= 0 ?
			    "gave up" : "output ended", what);
			e2e_dump(s);
			return false;
		}
	}
	return true;
}

static bool
e2e_shows(const struct e2e *s, const void *arg)
{
	const struct e2e_want	*w = arg;
	char			 line[E2E_LINE];
	int			 row, col;
	bool			 hit;

	if (w->row < 0)
		hit = e2e_find(s, w->text, 0, s->cols, &row, &col);
	else if (w->col < 0)
		hit = strstr(e2e_row(s, w->row, 0, line, NULL), w->text) !=
		    NULL;
	else if (w->exact)
		hit = strcmp(e2e_row(s, w->row, w->col, line, NULL),
		    w->text) == 0;
	else
		hit = strncmp(e2e_row(s, w->row, w->col, line, NULL), w->text,
		    strlen(w->text)) == 0;
	return hit != w->gone;
}

static bool
e2e_wait(struct e2e *s, const struct e2e_want *w)
{
	char	 what[512];

	if (w->row < 0)
		snprintf(what, sizeof(what), "\"%s\"%s", w->text,
		    w->gone ? " to go" : "");
	else
		snprintf(what, sizeof(what), "row %d, column %d to %s \"%s\"",
		    w->row, w->col, w->gone ? "lose" : w->exact ? "be" :
		    "start with", w->text);
	return e2e_until(s, e2e_shows, w, what);
}

/* Wait for `text` anywhere on the screen. */
static bool
e2e_wait_for(struct e2e *s, const char *text)
{
	struct e2e_want	 w = { text, -1, -1, false, false };

	return e2e_wait(s, &w);
}

static bool
e2e_wait_gone(struct e2e *s, const char *text)
{
	struct e2e_want	 w = { text, -1, -1, false, true };

	return e2e_wait(s, &w);
}

/* Wait for row `row` to start with `text` at column `col`. */
static bool
e2e_wait_at(struct e2e *s, int row, int col, const char *text)
{
	struct e2e_want	 w = { text, row, col, false, false };

	return e2e_wait(s, &w);
}

/* Wait for row `row`, from column `col`, to be `text` and no more. */
static bool
e2e_wait_row(struct e2e *s, int row, int col, const char *text)
{
	struct e2e_want	 w = { text, row, col, true, false };

	return e2e_wait(s, &w);
}

/*
 * Whether a cell stands out as a bar does, the status line or the index's
 * entry of the talk in view: in reverse video, or on a background colour
 * (a theme's grey bar at 256 colours).
 */
static bool
e2e_is_lit(const struct e2e *s, int row, int col)
{
	VTermScreenCell	 c = e2e_cell(s, row, col);

	return c.attrs.reverse || !VTERM_COLOR_IS_DEFAULT_BG(&c.bg);
}

static bool
e2e_looks(const struct e2e *s, const void *arg)
{
	const struct e2e_look	*l = arg;
	VTermScreenCell		 c = e2e_cell(s, l->row, l->col);

	return (l->lit < 0 || (int)e2e_is_lit(s, l->row, l->col) == l->lit) &&
	    (l->bold < 0 || (int)c.attrs.bold == l->bold);
}

/* Wait for the cell at (row, col) to be lit, bold, or not; -1: either. */
static bool
e2e_wait_look(struct e2e *s, int row, int col, int lit, int bold)
{
	struct e2e_look	 l = { row, col, lit, bold };
	char		 what[128];

	snprintf(what, sizeof(what), "the cell at row %d, column %d to be "
	    "%slit, %sbold", row, col, lit == 0 ? "not " : "",
	    bold == 0 ? "not " : "");
	return e2e_until(s, e2e_looks, &l, what);
}

static bool
e2e_alt_is(const struct e2e *s, const void *arg)
{
	return s->alt == *(const bool *)arg;
}

static bool
e2e_wait_alt(struct e2e *s, bool on)
{
	return e2e_until(s, e2e_alt_is, &on, on ? "the alternate screen" :
	    "the normal screen");
}

static bool
e2e_job_is(const struct e2e *s, const void *arg)
{
	return s->jobstate == *(const int *)arg;
}

/*
 * A new size at once: as a terminal window does it, the kernel learns it
 * and sends SIGWINCH to the foreground.  What olsread drew for an older
 * size and has not been read yet goes to the new screen.
 */
static void
e2e_resize_now(struct e2e *s, int cols, int rows)
{
	struct winsize	 ws;

	memset(&ws, 0, sizeof(ws));
	ws.ws_col = (unsigned short)cols;
	ws.ws_row = (unsigned short)rows;
	s->cols = cols;
	s->rows = rows;
	vterm_set_size(s->vt, rows, cols);
	if (ioctl(s->master, TIOCSWINSZ, &ws) == -1)
		tap_diag("TIOCSWINSZ: %s", strerror(errno));
}

/* A new size, once output drawn for the old one went to the old screen. */
static void
e2e_resize(struct e2e *s, int cols, int rows)
{
	e2e_settle(s);
	e2e_resize_now(s, cols, rows);
}

static void
e2e_kill(struct e2e *s)
{
	int	 st;

	if (s->done)
		return;
	kill(s->job, SIGKILL);
	if (s->pid != s->job)
		kill(s->pid, SIGKILL);
	while (waitpid(s->pid, &st, 0) == -1 && errno == EINTR)
		continue;
	s->done = true;
	s->status = -1;
}

/* Whether olsread has ended; s->status then says how. */
static bool
e2e_reap(struct e2e *s)
{
	int	 st;

	if (s->done)
		return true;
	if (s->jobmode) {
		if (s->jobstate != 'X')
			return false;
		/* The shell exits as soon as it has told. */
		while (waitpid(s->pid, &st, 0) == -1 && errno == EINTR)
			continue;
	} else {
		if (waitpid(s->pid, &st, WNOHANG) != s->pid)
			return false;
		s->status = st;
	}
	s->done = true;
	return true;
}

/*
 * Wait for olsread to end, and take in the last of its output.  Returns its
 * wait status, or -1 when it outstayed the deadline and was killed.
 */
static int
e2e_finish(struct e2e *s)
{
	int64_t	 end = e2e_now() + e2e_wait_ms();

	while (!e2e_reap(s)) {
		if (e2e_now() >= end) {
			tap_diag("olsread still runs: killed");
			e2e_dump(s);
			e2e_kill(s);
			return -1;
		}
		if (e2e_pump(s, 50) < 0)
			poll(NULL, 0, 50);
	}
	while (!s->eof && e2e_now() < end && e2e_pump(s, E2E_QUIET_MS) == 1)
		continue;
	return s->status;
}

static void
e2e_close(struct e2e *s)
{
	e2e_kill(s);
	e2e_close_fd(&s->master);
	e2e_close_fd(&s->err);
	e2e_close_fd(&s->report);
	if (s->vt != NULL)
		vterm_free(s->vt);
	free(s->out.data);
	free(s->errout.data);
	memset(s, 0, sizeof(*s));
}

/*
 * The last setting of DEC private mode `mode` (CSI ? Pm h, or l) in the
 * output from byte `from` on: 1 set, 0 reset, -1 neither.
 */
static int
e2e_mode(const struct e2e *s, size_t from, int mode)
{
	const char	*p, *end = s->out.data + s->out.len;
	int		 last = -1, n;
	bool		 hit;

	for (p = s->out.data + from; p != NULL && p + 3 <= end; p++) {
		if (p[0] != '\033' || p[1] != '[' || p[2] != '?')
			continue;
		hit = false;
		n = 0;
		for (p += 3; p < end && ((*p >= '0' && *p <= '9') ||
		    *p == ';'); p++) {
			if (*p == ';') {
				hit = hit || n == mode;
				n = 0;
			} else
				n = n * 10 + (*p - '0');
		}
		hit = hit || n == mode;
		if (p < end && hit && (*p == 'h' || *p == 'l'))
			last = *p == 'h';
	}
	return last;
}

static const char *
e2e_status_name(int st)
{
	static char	 buf[64];

	if (st == -1)
		return "did not end: killed";
	if (WIFEXITED(st))
		snprintf(buf, sizeof(buf), "exit %d", WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		snprintf(buf, sizeof(buf), "killed by signal %d (%s)",
		    WTERMSIG(st), strsignal(WTERMSIG(st)));
	else
		snprintf(buf, sizeof(buf), "status %#x", (unsigned int)st);
	return buf;
}

static bool
e2e_exited(int st, int code, const char *name)
{
	if (tap_ok(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == code,
	    "%s", name))
		return true;
	tap_diag("olsread: %s, want exit %d", e2e_status_name(st), code);
	return false;
}

/* Quit with q; only a failure makes a check, so that counts stay even. */
static void
e2e_quit(struct e2e *s, const char *name)
{
	int	 st;

	e2e_send(s, "q");
	st = e2e_finish(s);
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
		e2e_exited(st, 0, name);
	e2e_close(s);
}

/*
 * olsread on the sample at `cols` x `rows`; true once `text` shows.  A
 * failure is reported as the check `name`.
 */
static bool
e2e_open(struct e2e *s, int cols, int rows, const char *text,
    const char *name)
{
	struct e2e_opts	 o = { NULL, cols, rows, false, false, NULL, NULL };
	char		*argv[] = { (char *)e2e_bin, e2e_article, NULL };

	if (e2e_start(s, argv, &o) && e2e_wait_for(s, text))
		return true;
	tap_ok(false, "%s", name);
	e2e_close(s);
	return false;
}

/* The sample at 100x30, its first screen drawn in full. */
static bool
e2e_open_sample(struct e2e *s, const char *name)
{
	if (!e2e_open(s, E2E_COLS, E2E_ROWS, "By corbet", name))
		return false;
	if (e2e_wait_for(s, e2e_talks[6].speaker) && e2e_wait_for(s, "%")) {
		e2e_settle(s);
		return true;
	}
	tap_ok(false, "%s", name);
	e2e_close(s);
	return false;
}

/* The words of `line` up to `n`, one space apart, into `out`. */
static void
e2e_words(const char *line, int n, char *out, size_t size)
{
	size_t	 len = 0, w;

	out[0] = '\0';
	while (n-- > 0) {
		line += strspn(line, " ");
		if ((w = strcspn(line, " ")) == 0 || len + w + 2 > size)
			break;
		if (len > 0)
			out[len++] = ' ';
		memcpy(out + len, line, w);
		len += w;
		out[len] = '\0';
		line += w;
	}
}

/*
 * Whether every talk is in the index, on its row, its speakers under it:
 * the other tests find the entries there.
 */
static bool
e2e_index_ok(const struct e2e *s)
{
	size_t	 i;
	int	 row, col, srow;
	bool	 ok = true;

	for (i = 0; i < E2E_NELEM(e2e_talks); i++) {
		if (!e2e_find(s, e2e_talks[i].entry, 0, E2E_SIDE_W, &row,
		    &col) || row != e2e_entry_row(i) || col != 1) {
			tap_diag("index: no \"%s\" at row %d, column 1",
			    e2e_talks[i].entry, e2e_entry_row(i));
			ok = false;
		}
		if (!e2e_find(s, e2e_talks[i].speaker, 0, E2E_SIDE_W, &srow,
		    &col) || srow != e2e_entry_row(i) + 1) {
			tap_diag("index: no \"%s\" under \"%s\"",
			    e2e_talks[i].speaker, e2e_talks[i].entry);
			ok = false;
		}
	}
	return ok;
}

/* 1. The first screen: index, title and byline, status line. */
static void
e2e_test_first_screen(void)
{
	struct e2e	 s;
	VTermScreenCell	 c;
	char		 line[E2E_LINE];
	int		 st = E2E_ROWS - 2, row, col, x;
	bool		 lit = true;

	if (!e2e_open_sample(&s, "first screen: the sample opens"))
		return;
	if (!tap_ok(e2e_index_ok(&s), "first screen: the index lists the 7 "
	    "talks, each with its speaker"))
		e2e_dump(&s);
	tap_ok(e2e_find(&s, "Trip report: the Ottawa Linux Symposium",
	    E2E_BODY_X, E2E_COLS, &row, &col) && row == 0 &&
	    col == E2E_BODY_X && e2e_find(&s, "By corbet, 2003-07-28",
	    E2E_BODY_X, E2E_COLS, &row, &col) && row > 0 && row < 5,
	    "first screen: the article starts with its title and byline");
	tap_ok(e2e_cell(&s, 0, E2E_BODY_X).attrs.bold,
	    "first screen: the title is bold");
	c = e2e_cell(&s, 1, 1);
	tap_ok(VTERM_COLOR_IS_INDEXED(&c.fg) && c.fg.indexed.idx ==
	    E2E_NUMBER_FG, "first screen: the index's talk numbers are "
	    "orange");
	for (x = 0; x < E2E_COLS; x++)
		lit = lit && e2e_is_lit(&s, st, x);
	if (!tap_ok(lit && strncmp(e2e_row(&s, st, 0, line, NULL),
	    "Trip report: the Ottawa Linux Symposium", 39) == 0 &&
	    line[strlen(line) - 1] == '%', "first screen: the status line "
	    "is a bar across the screen, with the title and a percentage"))
		e2e_dump(&s);
	tap_ok(!e2e_find(&s, "8.", 0, E2E_SIDE_W, &row, &col) &&
	    e2e_find(&s, "The party", 0, E2E_SIDE_W, &row, &col),
	    "first screen: the index shows \"The party\", unnumbered");
	e2e_quit(&s, "first screen: q exits 0");
}

/* 2. ] four times from the top: talk 4, marked in the index. */
static void
e2e_test_talk_next(void)
{
	struct e2e	 s;
	int		 row = e2e_entry_row(3), row3 = e2e_entry_row(2);

	if (!e2e_open_sample(&s, "]]]]: the sample opens"))
		return;
	e2e_send(&s, "]]]]");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[3].heading),
	    "]]]]: \"4. udev - devfs done right\" is on the body's top row");
	/* The entry and its speakers, and not the entry before. */
	tap_ok(e2e_wait_at(&s, row, 1, e2e_talks[3].entry) &&
	    e2e_wait_look(&s, row, 1, 1, -1) &&
	    e2e_wait_look(&s, row, 20, 1, -1) &&
	    e2e_wait_look(&s, row + 1, 5, 1, -1) &&
	    e2e_wait_look(&s, row3, 1, 0, -1),
	    "]]]]: talk 4's index entry is lit, talk 3's is not");
	tap_ok(e2e_wait_for(&s, "Symposium \xe2\x80\xba 4. udev - devfs done "
	    "right"), "]]]]: the status line names talk 4");
	e2e_quit(&s, "]]]]: q exits 0");
}

/* 3. A digit jumps to that talk. */
static void
e2e_test_digit(void)
{
	struct e2e	 s;

	if (!e2e_open_sample(&s, "5: the sample opens"))
		return;
	e2e_send(&s, "5");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[4].heading),
	    "5: jumps to \"5. Why doesn't my laptop suspend?\"");
	e2e_quit(&s, "5: q exits 0");
}

/* Whether the status line is drawn, with `arg`, or the sample's title. */
static bool
e2e_status_drawn(const struct e2e *s, const void *arg)
{
	const char	*title = arg != NULL ? arg : "Trip report";
	char		 line[E2E_LINE];

	return strncmp(e2e_row(s, s->rows - 2, 0, line, NULL), title,
	    strlen(title)) == 0 && e2e_is_lit(s, s->rows - 2, 0) &&
	    e2e_is_lit(s, s->rows - 2, s->cols - 1);
}

/*
 * Whether the top of the narrow body holds `words`: its top row has the
 * first of them, and the rest follow, maybe on the next row, as the text
 * is reflowed and its top line may now start earlier.
 */
static bool
e2e_top_holds(const struct e2e *s, const char *words)
{
	char	 first[256], top[E2E_LINE], next[E2E_LINE], both[2 * E2E_LINE];

	e2e_words(words, 1, first, sizeof(first));
	e2e_row(s, 0, 0, top, NULL);
	e2e_row(s, 1, 0, next, NULL);
	snprintf(both, sizeof(both), "%s %s", top, next);
	return first[0] != '\0' && strstr(top, first) != NULL &&
	    strstr(both, words) != NULL;
}

/* 4. A resize keeps the place: 100x30 to 60x20 and back. */
static void
e2e_test_resize(void)
{
	struct e2e	 s;
	char		 top[E2E_LINE], words[256], row4[E2E_LINE];
	char		 top60[E2E_LINE];

	if (!e2e_open_sample(&s, "resize: the sample opens"))
		return;
	e2e_send(&s, "]]");
	e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[1].heading);
	/* The status line is drawn last. */
	e2e_wait_for(&s, "\xe2\x80\xba 2. Large projects");
	e2e_settle(&s);
	/* Four lines down: the second line of the talk's first paragraph. */
	e2e_row(&s, 4, E2E_BODY_X, row4, NULL);
	e2e_send(&s, "jjjj");
	e2e_wait_row(&s, 0, E2E_BODY_X, row4);
	e2e_settle(&s);
	e2e_row(&s, 0, E2E_BODY_X, top, NULL);
	e2e_words(top, 3, words, sizeof(words));
	tap_diag("resize: the top row at 100 columns: \"%s\"", top);
	e2e_resize(&s, 60, 20);
	e2e_until(&s, e2e_status_drawn, NULL, "the status line on row 18");
	e2e_settle(&s);
	if (!tap_ok(e2e_top_holds(&s, words),
	    "resize: at 60x20 the top row holds \"%s\"", words))
		e2e_dump(&s);
	tap_diag("resize: the top row at 60 columns: \"%s\"",
	    e2e_row(&s, 0, 0, top60, NULL));
	tap_ok(e2e_cell(&s, 0, 30).chars[0] != 0x2502,
	    "resize: at 60x20 the index is hidden");
	e2e_resize(&s, E2E_COLS, E2E_ROWS);
	tap_ok(e2e_wait_row(&s, 0, E2E_BODY_X, top) &&
	    e2e_until(&s, e2e_status_drawn, NULL, "the status line"),
	    "resize: back at 100x30 the top row is as it was");
	e2e_quit(&s, "resize: q exits 0");
}

/* olsread run by a shell that printed a line first, as a prompt would. */
static bool
e2e_open_after_line(struct e2e *s, const char *name)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	char		 sh[] = "/bin/sh", c[] = "-c";
	char		 script[] = "printf '%s\\n' 'before olsread'; "
			    "exec \"$0\" \"$1\"";
	char		*argv[] = { sh, c, script, (char *)e2e_bin,
			    e2e_article, NULL };

	if (e2e_start(s, argv, &o) && e2e_wait_for(s, "By corbet") &&
	    e2e_wait_alt(s, true))
		return true;
	tap_ok(false, "%s: olsread starts", name);
	e2e_close(s);
	return false;
}

/*
 * Whether the terminal is given back: the normal screen with what was on
 * it before, the cursor shown, and in the output after `from` the
 * sequences that leave the alternate screen and the mouse.
 */
static bool
e2e_restored(struct e2e *s, size_t from)
{
	int	 row, col;
	bool	 ok = true;

	if (s->alt || !e2e_wait_for(s, "before olsread") ||
	    e2e_find(s, "By corbet", 0, s->cols, &row, &col)) {
		tap_diag("the alternate screen still shows");
		ok = false;
	}
	if (!s->cursor || e2e_mode(s, from, 25) != 1) {
		tap_diag("the cursor is hidden (CSI ?25h: %d)",
		    e2e_mode(s, from, 25));
		ok = false;
	}
	if (e2e_mode(s, from, 1049) != 0 || e2e_mode(s, from, 1000) != 0) {
		tap_diag("CSI ?1049l: %d, CSI ?1000l: %d (1 set, 0 reset, "
		    "-1 neither)", e2e_mode(s, from, 1049),
		    e2e_mode(s, from, 1000));
		ok = false;
	}
	if (!ok)
		e2e_dump(s);
	return ok;
}

/* Whether the pty is in canonical mode with echo, as a shell wants it. */
static bool
e2e_cooked(const struct e2e *s)
{
	struct termios	 t;

	return tcgetattr(s->master, &t) == 0 &&
	    (t.c_lflag & (ICANON | ECHO)) == (ICANON | ECHO);
}

/* 5. q exits 0 and gives the terminal back. */
static void
e2e_test_quit(void)
{
	struct e2e	 s;
	size_t		 from;
	int		 st;

	if (!e2e_open_after_line(&s, "q"))
		return;
	tap_ok(e2e_mode(&s, 0, 1049) == 1 && e2e_mode(&s, 0, 1000) == 1 &&
	    !e2e_cooked(&s), "q: the pager took the alternate screen, the "
	    "mouse and the tty's modes");
	from = s.out.len;
	e2e_send(&s, "q");
	st = e2e_finish(&s);
	e2e_exited(st, 0, "q: exits with status 0");
	tap_ok(e2e_restored(&s, from), "q: the normal screen is back, the "
	    "cursor shown, the mouse let go (CSI ?1049l, ?25h, ?1000l)");
	tap_ok(e2e_cooked(&s), "q: the tty is in canonical mode with echo");
	e2e_close(&s);
}

/*
 * Whether olsread catches `sig` now.  curses ignores SIGTSTP while it
 * draws, so that a C-z then is lost: wait for it to be idle.  Without
 * /proc there is nothing to wait for.
 */
static bool
e2e_catches(const struct e2e *s, const void *arg)
{
	unsigned long long	 mask;
	char			 path[64], line[256];
	FILE			*fp;
	int			 sig = *(const int *)arg;
	bool			 yes = false;

	snprintf(path, sizeof(path), "/proc/%ld/status", (long)s->job);
	if ((fp = fopen(path, "r")) == NULL)
		return true;
	while (fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "SigCgt: %llx", &mask) == 1)
			yes = (mask >> (sig - 1) & 1) != 0;
	fclose(fp);
	return yes;
}

/* The sample in a job of its own, idle on its first screen. */
static bool
e2e_open_job(struct e2e *s)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, true,
	    NULL, NULL };
	char		*argv[] = { (char *)e2e_bin, e2e_article, NULL };
	int		 sig = SIGTSTP;

	if (!e2e_start(s, argv, &o) || !e2e_wait_for(s, "By corbet") ||
	    !e2e_wait_for(s, e2e_talks[6].speaker) || !e2e_wait_for(s, "%"))
		return false;
	/* Quiet too: under valgrind, /proc always says SIGTSTP is caught. */
	e2e_settle(s);
	return e2e_until(s, e2e_catches, &sig, "olsread to catch SIGTSTP");
}

/* 6. C-z stops olsread under a shell; SIGCONT brings the pager back. */
static void
e2e_test_suspend(void)
{
	struct e2e	 s;
	int		 want;

	if (!e2e_open_job(&s)) {
		tap_ok(false, "C-z: olsread starts in a job of its own");
		e2e_close(&s);
		return;
	}
	e2e_send(&s, "\032");
	want = 'S';
	tap_ok(e2e_until(&s, e2e_job_is, &want, "olsread to stop") &&
	    s.stopsig == SIGTSTP, "C-z: olsread stops (WIFSTOPPED, SIGTSTP)");
	tap_ok(e2e_wait_alt(&s, false) && e2e_wait_gone(&s, "By corbet") &&
	    s.cursor && e2e_cooked(&s), "C-z: the terminal is given back "
	    "while it is stopped");
	kill(s.job, SIGCONT);
	want = 'C';
	tap_ok(e2e_until(&s, e2e_job_is, &want, "olsread to go on") &&
	    e2e_wait_alt(&s, true) && e2e_wait_for(&s, "By corbet") &&
	    e2e_wait_for(&s, e2e_talks[6].speaker),
	    "SIGCONT: the pager is drawn again");
	e2e_send(&s, "]");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[0].heading),
	    "SIGCONT: keys still work (] opens talk 1)");
	e2e_send(&s, "q");
	e2e_exited(e2e_finish(&s), 0, "SIGCONT: q then exits 0");
	e2e_close(&s);
}

/* 7. The article from a pipe, the keys from /dev/tty. */
static void
e2e_test_pipe(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	struct e2e	 s;
	char		 sh[] = "/bin/sh", c[] = "-c", name[] = "sh";
	char		 script[] = "cat \"$1\" | \"$2\"";
	char		*argv[] = { sh, c, script, name, e2e_article,
			    (char *)e2e_bin, NULL };

	if (!tap_ok(e2e_start(&s, argv, &o) && e2e_wait_for(&s,
	    "By corbet") && e2e_wait_for(&s, e2e_talks[6].speaker),
	    "pipe: the first screen shows")) {
		e2e_close(&s);
		return;
	}
	e2e_send(&s, "]");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[0].heading),
	    "pipe: ] reads from the terminal and opens talk 1");
	e2e_send(&s, "q");
	e2e_exited(e2e_finish(&s), 0, "pipe: q exits 0");
	e2e_close(&s);
}

/*
 * The sample by name through a pipe, as `script` (run by bash, with the
 * sample as $1, olsread as $2 and a FIFO's path as $3) gives it: the
 * first screen, "pipe" on the status line, keys from the terminal.
 */
static void
e2e_test_named_pipe(const char *what, char *script)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	struct e2e	 s;
	char		 sh[] = "/bin/bash", c[] = "-c", name[] = "bash";
	char		 fifo[PATH_MAX + 16];
	char		*argv[] = { sh, c, script, name, e2e_article,
			    (char *)e2e_bin, fifo, NULL };

	snprintf(fifo, sizeof(fifo), "%s/fifo", e2e_state);
	unlink(fifo);
	if (mkfifo(fifo, 0600) == -1)
		tap_diag("mkfifo: %s", strerror(errno));
	if (!tap_ok(e2e_start(&s, argv, &o) && e2e_wait_for(&s,
	    "By corbet") && e2e_wait_for(&s, e2e_talks[6].speaker),
	    "%s: the first screen shows", what)) {
		e2e_close(&s);
		unlink(fifo);
		return;
	}
	tap_ok(e2e_wait_for(&s, " pipe"), "%s: the status line says pipe",
	    what);
	e2e_send(&s, "]");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[0].heading),
	    "%s: ] opens talk 1", what);
	e2e_quit(&s, "named pipe: q exits 0");
	unlink(fifo);
}

/*
 * A pipe among several files: read when :n first shows it, and shown
 * again from memory after :p.
 */
static void
e2e_test_pipe_among(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	struct e2e	 s;
	char		 sh[] = "/bin/bash", c[] = "-c", name[] = "bash";
	char		 script[] = "exec \"$2\" -n \"$1\" <(cat \"$1\")";
	char		*argv[] = { sh, c, script, name, e2e_article,
			    (char *)e2e_bin, NULL };

	if (!tap_ok(e2e_start(&s, argv, &o) && e2e_wait_for(&s,
	    "file 1/2"), "a pipe among files: the first file shows")) {
		e2e_close(&s);
		return;
	}
	e2e_send(&s, ":n");
	tap_ok(e2e_wait_for(&s, "pipe file 2/2") && e2e_wait_for(&s,
	    "By corbet"), "a pipe among files: :n reads and shows it");
	e2e_send(&s, ":p");
	e2e_wait_for(&s, "file 1/2");
	e2e_wait_gone(&s, "pipe file");
	e2e_send(&s, ":n");
	tap_ok(e2e_wait_for(&s, "pipe file 2/2") && e2e_wait_for(&s,
	    "By corbet"), "a pipe among files: :p, :n show it again");
	e2e_quit(&s, "a pipe among files: q exits 0");
}

/*
 * A gzipped copy of the sample, known by its first bytes: its first
 * screen, "gzip" on the status line, G to the end, and the place
 * remembered when it opens again.
 */
static void
e2e_test_gzip(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	struct e2e	 s;
	char		 dir[PATH_MAX + 16], path[PATH_MAX + 16];
	char		 cmd[3 * PATH_MAX], top[E2E_LINE], words[256];
	char		*argv[] = { (char *)e2e_bin, path, NULL };

	snprintf(dir, sizeof(dir), "%s/gzip", e2e_state);
	o.state = dir;
	snprintf(path, sizeof(path), "%s/article.gz", e2e_state);
	snprintf(cmd, sizeof(cmd), "gzip -c '%s' >'%s'", e2e_article, path);
	if (system(cmd) != 0 || !e2e_start(&s, argv, &o) ||
	    !e2e_wait_for(&s, "By corbet")) {
		tap_ok(false, "gzip: the first screen shows");
		e2e_close(&s);
		return;
	}
	tap_ok(e2e_wait_for(&s, " gzip"), "gzip: the status line says gzip");
	e2e_send(&s, "G");
	tap_ok(e2e_wait_for(&s, "a lot of fun was had."),
	    "gzip: G shows the end");
	e2e_send(&s, "3");
	e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[2].heading);
	e2e_send(&s, "jjjjj");
	e2e_settle(&s);
	e2e_row(&s, 0, E2E_BODY_X, top, NULL);
	e2e_words(top, 3, words, sizeof(words));
	e2e_quit(&s, "gzip: q exits 0");
	if (!e2e_start(&s, argv, &o) || !e2e_wait_for(&s, "%")) {
		tap_ok(false, "gzip: opens again");
		e2e_close(&s);
		return;
	}
	e2e_settle(&s);
	if (!tap_ok(e2e_top_holds(&s, words), "gzip: reopened where it was "
	    "left, \"%s\" at the top", words))
		e2e_dump(&s);
	e2e_quit(&s, "gzip: q exits 0 again");
	unlink(path);
}

/*
 * A gzip bomb in the pager (a member of 1 MiB of zeros, 2048 times over:
 * 1 GiB and more): its first screen, then the load stops with a word,
 * and q still exits 0.
 */
static void
e2e_test_gzip_bomb(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	struct e2e	 s;
	char		 path[PATH_MAX + 16], cmd[2 * PATH_MAX];
	char		*argv[] = { (char *)e2e_bin, (char *)"-n", path, NULL };

	snprintf(path, sizeof(path), "%s/bomb.gz", e2e_state);
	snprintf(cmd, sizeof(cmd), "head -c 1048576 /dev/zero | gzip -c "
	    ">'%s' && for i in 1 2 3 4 5 6 7 8 9 10 11; do "
	    "cat '%s' '%s' >'%s.2' && mv '%s.2' '%s'; done", path, path,
	    path, path, path, path);
	if (system(cmd) != 0 || !e2e_start(&s, argv, &o)) {
		tap_ok(false, "gzip bomb: the pager starts");
		e2e_close(&s);
		unlink(path);
		return;
	}
	if (!tap_ok(e2e_wait_for(&s, "decompresses to more than 1 GiB"),
	    "gzip bomb: the load stops with a word"))
		e2e_dump(&s);
	e2e_quit(&s, "gzip bomb: q exits 0");
	unlink(path);
}

/* 8. A terminal that cannot show the pager: the article is printed. */
static void
e2e_test_print(const char *term, const char *note)
{
	struct e2e_opts	 o = { term, E2E_COLS, E2E_ROWS, true, false,
	    NULL, NULL };
	struct e2e	 s;
	char		*argv[] = { (char *)e2e_bin, e2e_article, NULL };

	if (!e2e_start(&s, argv, &o)) {
		tap_ok(false, "TERM=%s: olsread starts", term);
		e2e_close(&s);
		return;
	}
	e2e_exited(e2e_finish(&s), 0, term[0] == 'd' ? "TERM=dumb: exits 0" :
	    "TERM unknown: exits 0");
	if (!tap_ok(e2e_buf_has(&s.out, 0, "Trip report: the Ottawa Linux "
	    "Symposium") && e2e_buf_has(&s.out, 0, "By corbet, 2003-07-28") &&
	    e2e_buf_has(&s.out, 0, "Integrating DMA into the device model") &&
	    !e2e_buf_has(&s.out, 0, "\033[?1049h"),
	    "TERM=%s: the article is printed, not the pager", term))
		tap_diag("output: %zu bytes", s.out.len);
	/* Styles are for a known terminal; dumb has none. */
	if (strcmp(term, "dumb") == 0)
		tap_ok(!e2e_buf_has(&s.out, 0, "\033"),
		    "TERM=dumb: the text has no escape sequence");
	if (!tap_ok(e2e_buf_has(&s.errout, 0, note),
	    "TERM=%s: standard error says \"%s\"", term, note))
		tap_diag("stderr: \"%s\"", s.errout.data != NULL ?
		    s.errout.data : "");
	e2e_close(&s);
}

/* 9. Too small a terminal: what fits, and a word on it. */
static void
e2e_test_small(void)
{
	struct e2e	 s;

	/* Under 15 columns the message keeps its words, not the size. */
	if (!e2e_open(&s, 10, 4, "too small", "10x4: says it is too small"))
		return;
	tap_ok(true, "10x4: says it is too small");
	tap_ok(e2e_wait_at(&s, 0, 0, "Trip"),
	    "10x4: the article's start shows above");
	e2e_resize(&s, E2E_COLS, E2E_ROWS);
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, "Trip report: the Ottawa") &&
	    e2e_wait_for(&s, e2e_talks[6].speaker) &&
	    e2e_wait_row(&s, E2E_ROWS - 1, 0, ""),
	    "10x4 to 100x30: the whole pager comes back");
	e2e_quit(&s, "10x4: q exits 0");
	if (!e2e_open(&s, 19, 5, "19x5: too small",
	    "19x5: says \"19x5: too small\" in full"))
		return;
	tap_ok(true, "19x5: says \"19x5: too small\" in full");
	e2e_quit(&s, "19x5: q exits 0");
	if (!e2e_open(&s, 1, 1, "t", "1x1: shows what fits"))
		return;
	tap_ok(e2e_wait_row(&s, 0, 0, "t"),
	    "1x1: shows what fits, the t of \"too small\"");
	e2e_send(&s, "q");
	e2e_exited(e2e_finish(&s), 0, "1x1: q exits 0");
	e2e_close(&s);
}

/*
 * 10. A signal: the terminal is restored, olsread dies of the signal.
 * `keys`, if not NULL, are typed first, and `shows` awaited: a prompt or
 * the help open when the signal comes.
 */
static void
e2e_test_signal(int sig, const char *name, const char *keys,
    const char *shows)
{
	struct e2e	 s;
	size_t		 from;
	int		 st;

	if (!e2e_open_after_line(&s, name))
		return;
	/* A prompt shows the cursor: from then on, it is to stay shown. */
	from = s.out.len;
	if (keys != NULL) {
		e2e_send(&s, keys);
		if (!e2e_wait_for(&s, shows)) {
			tap_ok(false, "%s: the pager shows \"%s\"", name, shows);
			e2e_close(&s);
			return;
		}
		e2e_settle(&s);
	}
	if (sig == SIGINT)
		e2e_send(&s, "\003");
	else if (sig == SIGQUIT)
		e2e_send(&s, "\034");
	else
		kill(s.job, sig);
	st = e2e_finish(&s);
	if (!tap_ok(st != -1 && WIFSIGNALED(st) && WTERMSIG(st) == sig,
	    "%s: olsread is killed by %s", name, strsignal(sig)))
		tap_diag("olsread: %s", e2e_status_name(st));
	tap_ok(e2e_restored(&s, from), "%s: the terminal is restored", name);
	e2e_close(&s);
}

/* 11. Talk numbers at once, a wrong one, and the index's cursor. */
static void
e2e_test_index(void)
{
	struct e2e	 s;
	int		 row = e2e_entry_row(0), col = 1;

	if (!e2e_open_sample(&s, "digits: the sample opens"))
		return;
	e2e_send(&s, "7");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[6].heading),
	    "digits: 7 jumps to talk 7 at once");
	e2e_send(&s, "9");
	tap_ok(e2e_wait_row(&s, E2E_ROWS - 1, 0, "No talk 9: the article "
	    "has 7") && e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[6].heading),
	    "digits: 9 says \"No talk 9\" and stays");
	e2e_send(&s, "g");
	e2e_wait_at(&s, 0, E2E_BODY_X, "Trip report");
	e2e_send(&s, "\t");
	if (!e2e_wait_at(&s, row, col, e2e_talks[0].entry) ||
	    !e2e_wait_look(&s, 0, 1, 1, 1)) {
		tap_ok(false, "Tab: the index's cursor is on the title");
		e2e_close(&s);
		return;
	}
	e2e_send(&s, "j");
	tap_ok(e2e_wait_look(&s, row, col, 1, 1) &&
	    e2e_wait_look(&s, 0, 1, 0, -1), "Tab j: the cursor moves from the "
	    "title to talk 1");
	e2e_send(&s, "\r");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[0].heading) &&
	    e2e_wait_look(&s, row, col, 1, 0),
	    "Tab j Enter: opens talk 1 and gives the text the focus");
	e2e_quit(&s, "digits: q exits 0");
}

/* An SGR (mode 1006) or X10 mouse report, 1-based. */
static void
e2e_mouse(struct e2e *s, bool sgr, int button, int col, int row,
    bool press)
{
	char	 seq[64];

	if (sgr)
		snprintf(seq, sizeof(seq), "\033[<%d;%d;%d%c", button, col,
		    row, press ? 'M' : 'm');
	else
		snprintf(seq, sizeof(seq), "\033[M%c%c%c",
		    32 + (press ? button : 3), 32 + col, 32 + row);
	e2e_send(s, seq);
}

/* 12. The wheel scrolls the pane under it; a click opens a talk. */
static void
e2e_test_mouse(void)
{
	struct e2e	 s;
	char		 row3[E2E_LINE];
	size_t		 from;
	int		 row = e2e_entry_row(2);
	bool		 sgr;

	if (!e2e_open_sample(&s, "mouse: the sample opens"))
		return;
	sgr = e2e_mode(&s, 0, 1006) == 1;
	tap_ok(e2e_mode(&s, 0, 1000) == 1, "mouse: reporting is on "
	    "(CSI ?1000h), %s encoding", sgr ? "SGR (1006)" : "X10");
	e2e_row(&s, 3, E2E_BODY_X, row3, NULL);
	e2e_mouse(&s, sgr, 65, 50, 10, true);
	tap_ok(e2e_wait_row(&s, 0, E2E_BODY_X, row3),
	    "mouse: the wheel over the body scrolls it 3 lines");
	/*
	 * curses scrolled whole lines, the index with them, and draws the
	 * index again after: wait for the entry to be back on its row.
	 */
	if (!e2e_wait_at(&s, row, 1, e2e_talks[2].entry))
		tap_ok(false, "mouse: a click on talk 3's entry opens it");
	else {
		e2e_mouse(&s, sgr, 0, 5, row + 1, true);
		e2e_mouse(&s, sgr, 0, 5, row + 1, false);
		tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[2].heading),
		    "mouse: a click on talk 3's entry opens it");
	}
	e2e_mouse(&s, sgr, 65, 10, 10, true);
	tap_ok(e2e_wait_at(&s, 0, 1, e2e_talks[2].entry),
	    "mouse: the wheel over the index scrolls the index");
	from = s.out.len;
	e2e_send(&s, "M");
	tap_ok(e2e_wait_at(&s, E2E_ROWS - 1, 0, "Mouse off") &&
	    e2e_mode(&s, from, 1000) == 0,
	    "M: lets the mouse go (CSI ?1000l) and says so");
	e2e_quit(&s, "mouse: q exits 0");
}

/* A new file under $TMPDIR, its name into `path`, open for writing. */
static FILE *
e2e_new_file(char *path, size_t size)
{
	const char	*dir = getenv("TMPDIR");
	FILE		*fp;
	int		 fd;

	snprintf(path, size, "%s/olsread-e2e-XXXXXX",
	    dir != NULL && *dir != '\0' ? dir : "/tmp");
	if ((fd = mkstemp(path)) == -1 || (fp = fdopen(fd, "w")) == NULL) {
		tap_diag("%s: %s", path, strerror(errno));
		if (fd != -1)
			close(fd);
		return NULL;
	}
	return fp;
}

/* An article of 12 talks, where a 1 can start 1, 10, 11 or 12. */
static bool
e2e_many_talks(char *path, size_t size)
{
	FILE	*fp;
	int	 i;

	if ((fp = e2e_new_file(path, size)) == NULL)
		return false;
	fputs("# Twelve talks\n\nBy someone, 2003-07-28\n", fp);
	for (i = 1; i <= 12; i++)
		fprintf(fp, "\n## Topic number %d\n\nAlice Smith described "
		    "topic %d at length.\n", i, i);
	return fclose(fp) == 0;
}

/* Sections in the large article: about 40 MB, seconds of loading. */
#define E2E_LARGE_TALKS	100000

/*
 * An article called `title` of `talks` numbered talks, some 200 bytes
 * each, into a new file at `path`.
 */
static bool
e2e_numbered(char *path, size_t size, const char *title, int talks)
{
	FILE	*fp;
	int	 i;

	if ((fp = e2e_new_file(path, size)) == NULL)
		return false;
	fprintf(fp, "# %s\n\nBy someone, 2003-07-28\n", title);
	for (i = 1; i <= talks; i++)
		fprintf(fp, "\n## Topic number %d\n\nAlice Smith described "
		    "topic %d at length, in a paragraph long enough to be\n"
		    "reflowed over several lines of the body, and then some "
		    "more words about\nit, so that the article is large.\n",
		    i, i);
	return fclose(fp) == 0;
}

/*
 * A large article shows its first screen while the rest loads, q leaves
 * at once, and G loads the rest to show the last talk.
 */
static void
e2e_test_large(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false, NULL,
			    NULL };
	struct e2e	 s;
	char		 path[PATH_MAX], last[64];
	char		 sh[] = "/bin/sh", c[] = "-c";
	char		 script[] = "printf '%s\\n' 'before olsread'; "
			    "exec \"$0\" \"$1\"";
	char		*after[] = { sh, c, script, (char *)e2e_bin, path,
			    NULL };
	char		*argv[] = { (char *)e2e_bin, path, NULL };
	size_t		 from;
	int		 st;

	if (!e2e_numbered(path, sizeof(path), "A long article",
	    E2E_LARGE_TALKS) || !e2e_start(&s, after, &o) ||
	    !e2e_wait_for(&s, "Topic number 1")) {
		tap_ok(false, "a large article: the first screen comes");
		e2e_close(&s);
		unlink(path);
		return;
	}
	tap_ok(e2e_wait_for(&s, "loading"), "a large article: the first "
	    "screen shows while the rest loads (\"loading\")");
	from = s.out.len;
	e2e_send(&s, "q");
	st = e2e_finish(&s);
	e2e_exited(st, 0, "a large article: q while it loads exits 0");
	tap_ok(e2e_restored(&s, from), "a large article: q while it loads "
	    "gives the terminal back");
	e2e_close(&s);
	snprintf(last, sizeof(last), "Topic number %d", E2E_LARGE_TALKS);
	if (e2e_start(&s, argv, &o) && e2e_wait_for(&s, "Topic number 1")) {
		e2e_send(&s, "G");
		tap_ok(e2e_wait_for(&s, last) && e2e_wait_gone(&s, "loading"),
		    "a large article: G loads the rest and shows the last "
		    "talk");
		e2e_quit(&s, "a large article: q exits 0");
	} else {
		tap_ok(false, "a large article: opens again");
		e2e_close(&s);
	}
	unlink(path);
}

/* More articles than descriptors, and each too long to be read at once. */
#define E2E_MANY_FILES		24
#define E2E_MANY_NOFILE		"16"
#define E2E_MANY_TALKS		400

/*
 * E2E_MANY_FILES long articles, E2E_MANY_NOFILE descriptors: :n goes
 * through them all, each read as it is shown, and the last loads to its
 * end.
 */
static void
e2e_test_many_files(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false, NULL,
			    NULL };
	struct e2e	 s;
	char		 paths[E2E_MANY_FILES][PATH_MAX], want[64], title[32];
	char		 sh[] = "/bin/sh", c[] = "-c";
	char		 script[] = "ulimit -n " E2E_MANY_NOFILE " && exec "
			    "\"$0\" \"$@\"";
	char		*argv[E2E_MANY_FILES + 5];
	int		 i, n = 0;

	argv[0] = sh;
	argv[1] = c;
	argv[2] = script;
	argv[3] = (char *)e2e_bin;
	for (i = 0; i < E2E_MANY_FILES; i++) {
		snprintf(title, sizeof(title), "Article %d", i + 1);
		if (!e2e_numbered(paths[i], sizeof(paths[i]), title,
		    E2E_MANY_TALKS))
			break;
		argv[4 + n++] = paths[i];
	}
	argv[4 + n] = NULL;
	if (n < E2E_MANY_FILES || !e2e_start(&s, argv, &o) ||
	    !e2e_wait_for(&s, "Article 1")) {
		tap_ok(false, "%d long articles: the first opens", n);
		e2e_close(&s);
	} else {
		for (i = 2; i <= n; i++) {
			e2e_send(&s, ":n");
			snprintf(want, sizeof(want), "file %d/%d", i, n);
			if (!e2e_wait_for(&s, want))
				break;
		}
		tap_ok(i > n, "%d long articles, " E2E_MANY_NOFILE
		    " descriptors: :n opens each in turn", n);
		e2e_send(&s, "G");
		snprintf(want, sizeof(want), "Topic number %d",
		    E2E_MANY_TALKS);
		tap_ok(e2e_wait_for(&s, want) && e2e_wait_gone(&s, "loading"),
		    "%d long articles: G loads the last one to its end", n);
		e2e_send(&s, ":p");
		snprintf(want, sizeof(want), "file %d/%d", n - 1, n);
		snprintf(title, sizeof(title), "Article %d", n - 1);
		tap_ok(e2e_wait_for(&s, want) && e2e_wait_for(&s, title),
		    "%d long articles: :p goes back one", n);
		e2e_quit(&s, "many long articles: q exits 0");
	}
	while (n > 0)
		unlink(paths[--n]);
}

/* Two digits to name talk 12; the prompt; Enter; Escape. */
static void
e2e_test_prompt(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	struct e2e	 s;
	char		 path[PATH_MAX];
	char		*argv[] = { (char *)e2e_bin, path, NULL };
	int		 last = E2E_ROWS - 1;

	if (!e2e_many_talks(path, sizeof(path)) || !e2e_start(&s, argv, &o) ||
	    !e2e_wait_for(&s, "12. Topic number 12")) {
		tap_ok(false, "12 talks: the article opens");
		e2e_close(&s);
		unlink(path);
		return;
	}
	e2e_send(&s, "1");
	tap_ok(e2e_wait_row(&s, last, 0, "Talk: 1"),
	    "12 talks: 1 waits for more, the prompt says \"Talk: 1\"");
	e2e_send(&s, "2");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, "12. Topic number 12") &&
	    e2e_wait_row(&s, last, 0, ""), "12 talks: 12 jumps at once");
	e2e_send(&s, "1\r");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, "1. Topic number 1"),
	    "12 talks: 1 Enter opens talk 1");
	e2e_send(&s, "1");
	e2e_wait_row(&s, last, 0, "Talk: 1");
	e2e_send(&s, "\033");
	tap_ok(e2e_wait_row(&s, last, 0, "") &&
	    e2e_wait_at(&s, 0, E2E_BODY_X, "1. Topic number 1"),
	    "12 talks: Escape cancels the number");
	e2e_quit(&s, "12 talks: q exits 0");
	unlink(path);
}

/* The other ways to quit. */
static void
e2e_test_quit_keys(void)
{
	static const char	*keys[] = { "Q", "ZZ" };
	struct e2e		 s;
	size_t			 i;

	for (i = 0; i < E2E_NELEM(keys); i++) {
		if (!e2e_open_sample(&s, keys[i]))
			continue;
		e2e_send(&s, keys[i]);
		e2e_exited(e2e_finish(&s), 0, keys[i][0] == 'Q' ?
		    "Q: exits 0" : "ZZ: exits 0");
		e2e_close(&s);
	}
}

/*
 * C-l: something else wrote over the screen, as wall(1) does; curses
 * cannot know, and draws it all again.
 */
static void
e2e_test_redraw(void)
{
	static const char	 scribble[] = "\033[H\033[2Jwall: scribbled";
	struct e2e		 s;

	if (!e2e_open_sample(&s, "C-l: the sample opens"))
		return;
	vterm_input_write(s.vt, scribble, sizeof(scribble) - 1);
	e2e_send(&s, "\014");
	tap_ok(e2e_wait_gone(&s, "scribbled") &&
	    e2e_wait_for(&s, "By corbet") &&
	    e2e_wait_for(&s, e2e_talks[6].speaker) &&
	    e2e_wait_for(&s, "%"), "C-l: the whole screen is drawn again");
	e2e_quit(&s, "C-l: q exits 0");
}

/*
 * The speakers list: S shows every speaker over the whole screen, typing
 * filters, Enter goes to the talk, Escape closes.
 */
static void
e2e_test_speakers(void)
{
	struct e2e	 s;

	if (!e2e_open_sample(&s, "speakers: the sample opens"))
		return;
	e2e_send(&s, "S");
	tap_ok(e2e_wait_for(&s, "Speakers, 7 of 7") &&
	    e2e_wait_at(&s, 1, 1,
	    "James Bottomley  7 Integrating DMA into the device model") &&
	    e2e_wait_at(&s, 6, 1, "Rik van Riel  6 Toward an O(1) VM"),
	    "speakers: S lists them by surname, van Riel under R");
	tap_ok(e2e_wait_gone(&s, "By corbet") &&
	    e2e_wait_gone(&s, "Trip report") &&
	    e2e_wait_row(&s, 10, 0, ""),
	    "speakers: nothing of the index or the text shows through");
	e2e_send(&s, "RIEL");
	tap_ok(e2e_wait_for(&s, "Speakers, 1 of 7") &&
	    e2e_wait_at(&s, 1, 1, "Rik van Riel") &&
	    e2e_wait_gone(&s, "Bottomley") &&
	    e2e_wait_row(&s, E2E_ROWS - 1, 0, "Speaker: RIEL"),
	    "speakers: typing filters, case folded");
	e2e_send(&s, "\r");
	tap_ok(e2e_wait_gone(&s, "Speakers,") &&
	    e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[5].heading),
	    "speakers: Enter goes to the talk");
	tap_ok(e2e_wait_for(&s, "6. Toward an O(1) VM \xe2\x80\x94 "
	    "Rik van Riel"), "speakers: the status line names the speaker");
	e2e_send(&s, "S");
	tap_ok(e2e_wait_for(&s, "Speakers, 1 of 7"),
	    "speakers: S again keeps the filter");
	e2e_send(&s, "\033");
	tap_ok(e2e_wait_gone(&s, "Speakers,") &&
	    e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[5].heading),
	    "speakers: Escape closes the list, the place kept");
	e2e_quit(&s, "speakers: q exits 0");
}

/* The speakers list: S and Enter again step through one speaker's talks. */
static void
e2e_test_speakers_step(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false, NULL, NULL };
	struct e2e	 s;
	char		 path[PATH_MAX];
	char		*argv[] = { (char *)e2e_bin, path, NULL };

	if (!e2e_many_talks(path, sizeof(path)) || !e2e_start(&s, argv, &o) ||
	    !e2e_wait_for(&s, "By someone")) {
		tap_ok(false, "speakers, stepping: the article opens");
		e2e_close(&s);
		unlink(path);
		return;
	}
	e2e_send(&s, "S");
	tap_ok(e2e_wait_for(&s, "Alice Smith  talks 1, 2, 3, 4, 5"),
	    "speakers, stepping: one speaker, all twelve talks");
	e2e_send(&s, "\r");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, "1. Topic number 1") &&
	    e2e_wait_for(&s, "Alice Smith: talk 1, 1 of 12"),
	    "speakers, stepping: Enter goes to the first talk");
	e2e_send(&s, "S\r");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, "2. Topic number 2") &&
	    e2e_wait_for(&s, "Alice Smith: talk 2, 2 of 12"),
	    "speakers, stepping: S and Enter again, the next one");
	e2e_send(&s, "12");
	e2e_wait_at(&s, 0, E2E_BODY_X, "12. Topic number 12");
	e2e_send(&s, "S\r");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, "1. Topic number 1") &&
	    e2e_wait_for(&s, "talk 1, 1 of 12"),
	    "speakers, stepping: past the last talk, the first again");
	e2e_quit(&s, "speakers, stepping: q exits 0");
	unlink(path);
}

/* Search. */

/* The index shows from this width on. */
#define E2E_SIDE_MIN	70
/* The status line's middle dot, between a query and its counter. */
#define E2E_DOT		" \xc2\xb7 "

/* How a cell shows a match. */
enum e2e_lit {
	E2E_PLAIN,		/* not at all */
	E2E_OTHER,		/* another match: reverse video */
	E2E_CURRENT		/* the current one: bold on yellow */
};

/* The body's rows as one text, a blank where a row ends; each byte's cell. */
#define E2E_TEXT	(64 * 512)
struct e2e_body {
	char	 text[E2E_TEXT];
	int	 row[E2E_TEXT];		/* -1: where a row ends */
	int	 col[E2E_TEXT];
	size_t	 len;
};

/* What the occurrences of a phrase on screen look like. */
struct e2e_hits {
	int	 n;		/* on screen */
	int	 wrapped;	/* over a line break */
	int	 plain;		/* not highlighted at all */
	int	 other;		/* all in another match's look */
	int	 current;	/* all in the current match's look */
	int	 bad;		/* part lit, looks mixed, or a lit neighbour */
};

/* Which occurrences of `phrase` to wait for in the body, from `from` on. */
struct e2e_phrase {
	const char	*phrase;
	int		 from;
	int		 n;		/* how many on screen; -1: any */
	bool		 lit;		/* one current, the rest others; or
					   none highlighted */
};

/* Cells after `anchor` in the body, from `from` on, to show `lit`. */
struct e2e_span {
	const char	*anchor;
	int		 from;
	int		 off;
	int		 len;
	enum e2e_lit	 lit;
};

/*
 * "/talk" in the sample: the matches under each index entry, the title's
 * first, then the 7 talks' and the party's.
 */
static const int	 e2e_talk_counts[] = { 5, 1, 1, 1, 0, 1, 2, 1, 0 };

static int
e2e_count_row(size_t entry)
{
	return entry == 0 ? 0 : e2e_entry_row(entry - 1);
}

static int
e2e_talk_total(void)
{
	size_t	 i;
	int	 n = 0;

	for (i = 0; i < E2E_NELEM(e2e_talk_counts); i++)
		n += e2e_talk_counts[i];
	return n;
}

static enum e2e_lit
e2e_lit_at(const struct e2e *s, int row, int col)
{
	VTermScreenCell	 c = e2e_cell(s, row, col);

	if (c.attrs.bold && !c.attrs.reverse &&
	    VTERM_COLOR_IS_INDEXED(&c.bg) &&
	    c.bg.indexed.idx == E2E_CURRENT_BG)
		return E2E_CURRENT;
	return c.attrs.reverse ? E2E_OTHER : E2E_PLAIN;
}

/* Whether the cell is as body text is: not bold, not reverse, no colour. */
static bool
e2e_is_plain(const struct e2e *s, int row, int col)
{
	VTermScreenCell	 c = e2e_cell(s, row, col);

	return !c.attrs.bold && !c.attrs.reverse &&
	    VTERM_COLOR_IS_DEFAULT_BG(&c.bg) &&
	    VTERM_COLOR_IS_DEFAULT_FG(&c.fg);
}

/* The rows above the status line, from column `from` on. */
static void
e2e_body_read(const struct e2e *s, int from, struct e2e_body *b)
{
	static char	 line[E2E_LINE];
	static int	 at[E2E_LINE];
	size_t		 n, i;
	int		 r;

	b->len = 0;
	for (r = 0; r < s->rows - 2; r++) {
		e2e_row(s, r, from, line, at);
		if (b->len + (n = strlen(line)) + 2 > E2E_TEXT)
			break;
		for (i = 0; i < n; i++, b->len++) {
			b->text[b->len] = line[i];
			b->row[b->len] = r;
			b->col[b->len] = at[i];
		}
		b->text[b->len] = ' ';
		b->row[b->len] = b->col[b->len] = -1;
		b->len++;
	}
	b->text[b->len] = '\0';
}

/* Whether the cell before or after bytes [i, j) of the body is lit. */
static bool
e2e_hits_spill(const struct e2e *s, const struct e2e_body *b, size_t i,
    size_t j)
{
	if (i > 0 && b->row[i - 1] >= 0 &&
	    e2e_lit_at(s, b->row[i - 1], b->col[i - 1]) != E2E_PLAIN)
		return true;
	return j < b->len && b->row[j] >= 0 &&
	    e2e_lit_at(s, b->row[j], b->col[j]) != E2E_PLAIN;
}

/*
 * Find each `phrase` in the body, its words maybe on two rows, and say
 * how its cells look: all of them, the blank between words included
 * when the words share a row.
 */
static void
e2e_hits_scan(const struct e2e *s, int from, const char *phrase,
    struct e2e_hits *h)
{
	static struct e2e_body	 b;
	const char		*p;
	size_t			 n = strlen(phrase), i, off;
	int			 look, first;
	bool			 wrap, mixed;

	memset(h, 0, sizeof(*h));
	e2e_body_read(s, from, &b);
	for (p = b.text; (p = strstr(p, phrase)) != NULL; p += n) {
		off = (size_t)(p - b.text);
		first = -1;
		wrap = mixed = false;
		for (i = off; i < off + n; i++) {
			if (b.row[i] < 0) {
				wrap = true;
				continue;
			}
			look = (int)e2e_lit_at(s, b.row[i], b.col[i]);
			if (first == -1)
				first = look;
			else if (look != first)
				mixed = true;
		}
		h->n++;
		h->wrapped += wrap;
		if (mixed || e2e_hits_spill(s, &b, off, off + n))
			h->bad++;
		else if (first == E2E_CURRENT)
			h->current++;
		else if (first == E2E_OTHER)
			h->other++;
		else
			h->plain++;
	}
}

static bool
e2e_phrase_is(const struct e2e *s, const void *arg)
{
	const struct e2e_phrase	*w = arg;
	struct e2e_hits		 h;

	e2e_hits_scan(s, w->from, w->phrase, &h);
	if ((w->n >= 0 && h.n != w->n) || h.bad != 0)
		return false;
	return w->lit ? h.n > 0 && h.current == 1 && h.plain == 0 :
	    h.plain == h.n;
}

/*
 * Wait for every `phrase` in the body to be highlighted, one of them as
 * the current match (`lit`), or none of them to be; `n` of them on
 * screen, or any number if -1.  Says what it saw in `h`.
 */
static bool
e2e_wait_phrase(struct e2e *s, const char *phrase, int n, bool lit,
    struct e2e_hits *h)
{
	struct e2e_phrase	 w;
	char			 what[256];
	bool			 ok;

	w.phrase = phrase;
	w.from = s->cols >= E2E_SIDE_MIN ? E2E_BODY_X : 0;
	w.n = n;
	w.lit = lit;
	snprintf(what, sizeof(what), "\"%s\" in the body to be %s", phrase,
	    lit ? "highlighted" : "plain");
	ok = e2e_until(s, e2e_phrase_is, &w, what);
	e2e_hits_scan(s, w.from, phrase, h);
	if (!ok)
		tap_diag("\"%s\": %d on screen, %d over a line break, %d "
		    "current, %d others, %d plain, %d half lit", phrase, h->n,
		    h->wrapped, h->current, h->other, h->plain, h->bad);
	return ok;
}

static bool
e2e_span_is(const struct e2e *s, const void *arg)
{
	const struct e2e_span	*w = arg;
	int			 row, col, i;

	if (!e2e_find(s, w->anchor, w->from, s->cols, &row, &col))
		return false;
	for (i = 0; i < w->len; i++)
		if (e2e_lit_at(s, row, col + w->off + i) != w->lit)
			return false;
	return true;
}

/* Wait for `len` cells from `off` after `anchor`, in the body, to be `lit`. */
static bool
e2e_wait_span(struct e2e *s, const char *anchor, int off, int len,
    enum e2e_lit lit)
{
	static const char	*name[] = { "plain", "another match",
				    "the current match" };
	struct e2e_span		 w = { anchor, s->cols >= E2E_SIDE_MIN ?
				    E2E_BODY_X : 0, off, len, lit };
	char			 what[256];

	snprintf(what, sizeof(what), "%d cells at %d in \"%s\" to look like "
	    "%s", len, off, anchor, name[lit]);
	return e2e_until(s, e2e_span_is, &w, what);
}

/* Wait for row `row` to hold `text` somewhere, or (`gone`) not to. */
static bool
e2e_wait_in_row(struct e2e *s, int row, const char *text, bool gone)
{
	struct e2e_want	 w = { text, row, -1, false, gone };

	return e2e_wait(s, &w);
}

static bool
e2e_wait_status(struct e2e *s, const char *text)
{
	return e2e_wait_in_row(s, s->rows - 2, text, false);
}

/* "match k/n" as the status line shows it, a blank after. */
static bool
e2e_wait_match(struct e2e *s, int k, int n)
{
	char	 want[64];

	snprintf(want, sizeof(want), "match %d/%d ", k, n);
	return e2e_wait_status(s, want);
}

/* The count at the end of index row `row`, or -1 if none shows. */
static int
e2e_count_at(const struct e2e *s, int row)
{
	VTermScreenCell	 c;
	int		 col, n = -1, unit = 1;

	for (col = E2E_SIDE_W - 2; col > 0; col--, unit *= 10) {
		c = e2e_cell(s, row, col);
		if (c.chars[0] < '0' || c.chars[0] > '9')
			break;
		n = (n < 0 ? 0 : n) + unit * (int)(c.chars[0] - '0');
	}
	return n;
}

static bool
e2e_counts_are(const struct e2e *s, const void *arg)
{
	size_t	 i;

	(void)arg;
	for (i = 0; i < E2E_NELEM(e2e_talk_counts); i++)
		if (e2e_count_at(s, e2e_count_row(i)) != e2e_talk_counts[i])
			return false;
	return true;
}

/*
 * One SGR's parameters, `p` for `n` bytes, with faint (2) written as
 * struck out (9), and normal intensity (22) as 22;29; a colour's own
 * numbers, as in 38;5;2, stay.
 */
static void
e2e_sgr_unfaint(const char *p, size_t n, struct e2e_buf *out)
{
	size_t	 i, j;
	long	 v;
	int	 skip = 0;		/* a colour's numbers yet to come */

	e2e_buf_add(out, "\033[", 2);
	for (i = 0; i <= n; i = j + 1) {
		for (j = i, v = 0; j < n && p[j] != ';'; j++)
			v = v * 10 + (p[j] - '0');
		if (i > 0)
			e2e_buf_add(out, ";", 1);
		if (skip == -1)
			/* After 38 or 48: 5;index or 2;r;g;b. */
			skip = v == 5 ? 1 : v == 2 ? 3 : 0;
		else if (skip > 0)
			skip--;
		else if (v == 38 || v == 48)
			skip = -1;
		else if (j > i && v == 2) {
			e2e_buf_add(out, "9", 1);
			continue;
		} else if (v == 22) {
			e2e_buf_add(out, "22;29", 5);
			continue;
		}
		e2e_buf_add(out, p + i, j - i);
	}
	e2e_buf_add(out, "m", 1);
}

/*
 * libvterm 0.1 keeps no faint attribute.  To see SGR 2, play all of the
 * output again into a terminal of its own, with faint as struck out,
 * which olsread never draws.  Good only while the size never changed.
 * Returns a terminal owned by the caller (vterm_free).
 */
static VTerm *
e2e_faint_replay(const struct e2e *s)
{
	struct e2e_buf	 b = { NULL, 0, 0 };
	const char	*d = s->out.data;
	VTerm		*vt;
	VTermScreen	*vs;
	size_t		 i = 0, j, len = s->out.len;

	while (i < len) {
		if (d[i] == '\033' && i + 1 < len && d[i + 1] == '[') {
			for (j = i + 2; j < len && ((d[j] >= '0' &&
			    d[j] <= '9') || d[j] == ';'); j++)
				continue;
			if (j < len && d[j] == 'm') {
				e2e_sgr_unfaint(d + i + 2, j - i - 2, &b);
				i = j + 1;
				continue;
			}
		}
		e2e_buf_add(&b, d + i++, 1);
	}
	vt = vterm_new(s->rows, s->cols);
	vterm_set_utf8(vt, 1);
	vs = vterm_obtain_screen(vt);
	vterm_screen_enable_altscreen(vs, 1);
	vterm_screen_reset(vs, 1);
	if (b.len > 0)
		vterm_input_write(vt, b.data, b.len);
	free(b.data);
	return vt;
}

static bool
e2e_faint_at(VTerm *vt, int row, int col)
{
	VTermScreenCell	 c;
	VTermPos	 pos;

	memset(&c, 0, sizeof(c));
	pos.row = row;
	pos.col = col;
	vterm_screen_get_cell(vterm_obtain_screen(vt), pos, &c);
	return c.attrs.strike != 0;
}

/* olsread with `args` and `o`; true once `text` shows. */
static bool
e2e_open_opts(struct e2e *s, const struct e2e_opts *o, char *const args[],
    const char *text, const char *name)
{
	char	*argv[8];
	size_t	 i;

	argv[0] = (char *)e2e_bin;
	for (i = 0; args[i] != NULL && i + 2 < E2E_NELEM(argv); i++)
		argv[i + 1] = args[i];
	argv[i + 1] = NULL;
	if (e2e_start(s, argv, o) && e2e_wait_for(s, text) &&
	    e2e_wait_for(s, "%")) {
		e2e_settle(s);
		return true;
	}
	tap_ok(false, "%s", name);
	e2e_close(s);
	return false;
}

/* olsread with `args` at `cols` x `rows`; true once `text` shows. */
static bool
e2e_open_args(struct e2e *s, int cols, int rows, char *const args[],
    const char *text, const char *name)
{
	struct e2e_opts	 o = { NULL, cols, rows, false, false, NULL, NULL };

	return e2e_open_opts(s, &o, args, text, name);
}

/* /Kroah Enter: the udev talk, Kroah as the current match; Escape. */
static void
e2e_test_search_find(void)
{
	struct e2e	 s;
	struct e2e_hits	 h;
	int		 row, col;

	if (!e2e_open_sample(&s, "/Kroah: the sample opens"))
		return;
	e2e_send(&s, "/Kroah");
	tap_ok(e2e_wait_row(&s, E2E_ROWS - 1, 0, "/Kroah"),
	    "/Kroah: the prompt on the last line says \"/Kroah\"");
	e2e_send(&s, "\r");
	tap_ok(e2e_wait_for(&s, "Greg Kroah-Hartman described udev") &&
	    e2e_find(&s, "Greg Kroah-Hartman described udev", E2E_BODY_X,
	    E2E_COLS, &row, &col), "/Kroah Enter: the udev talk shows");
	tap_ok(e2e_wait_span(&s, "Greg Kroah-Hartman described", 5, 5,
	    E2E_CURRENT) && e2e_wait_span(&s, "Greg Kroah-Hartman described",
	    4, 1, E2E_PLAIN) && e2e_wait_span(&s,
	    "Greg Kroah-Hartman described", 10, 1, E2E_PLAIN),
	    "/Kroah Enter: the 5 cells of \"Kroah\" are bold on yellow, the "
	    "cells around them plain");
	tap_ok(e2e_wait_phrase(&s, "Kroah", 1, true, &h),
	    "/Kroah Enter: the body's one \"Kroah\" is the current match");
	tap_ok(e2e_wait_status(&s, "/Kroah" E2E_DOT "match 1/1" E2E_DOT
	    "talk 4 (1 of 1 here)") && e2e_wait_match(&s, 1, 1),
	    "/Kroah Enter: the status line says \"/Kroah · match 1/1 · talk 4 "
	    "(1 of 1 here)\"");
	e2e_send(&s, "\033");
	tap_ok(e2e_wait_phrase(&s, "Kroah", 1, false, &h) &&
	    e2e_find(&s, "Greg Kroah-Hartman described", E2E_BODY_X,
	    E2E_COLS, &row, &col) && e2e_is_plain(&s, row, col + 5) &&
	    e2e_is_plain(&s, row, col + 9),
	    "/Kroah Enter Escape: \"Kroah\" is plain again");
	tap_ok(e2e_wait_in_row(&s, E2E_ROWS - 2, "match", true) &&
	    e2e_wait_in_row(&s, E2E_ROWS - 2, "/Kroah", true),
	    "/Kroah Enter Escape: the status line no longer shows the search");
	tap_ok(e2e_wait_for(&s, "Greg Kroah-Hartman described udev"),
	    "/Kroah Enter Escape: the view stays on the udev talk");
	e2e_quit(&s, "/Kroah: q exits 0");
}

/* /talk Enter, then n: the counter follows over the sections. */
static void
e2e_test_search_next(void)
{
	struct e2e	 s;
	char		 msg[E2E_LINE];
	int		 n = e2e_talk_total(), k, crossed = 0;
	bool		 ok;

	if (!e2e_open_sample(&s, "/talk n: the sample opens"))
		return;
	e2e_send(&s, "/talk\r");
	tap_ok(e2e_wait_status(&s, "/talk" E2E_DOT) &&
	    e2e_wait_match(&s, 1, n), "/talk Enter: match 1/%d", n);
	for (k = 2; k <= n; k++) {
		e2e_send(&s, "n");
		ok = e2e_wait_match(&s, k, n);
		e2e_settle(&s);
		e2e_row(&s, E2E_ROWS - 1, 0, msg, NULL);
		if (strncmp(msg, "Now in talk ", 12) == 0) {
			crossed++;
			tap_diag("n to match %d/%d: \"%s\"", k, n, msg);
		}
		if (k <= 6)
			tap_ok(ok, "/talk Enter, n x%d: match %d/%d", k - 1, k,
			    n);
		else if (!ok)
			tap_ok(false, "/talk Enter, n x%d: match %d/%d", k - 1,
			    k, n);
		if (k == 6)
			tap_ok(crossed > 0, "/talk Enter, n x5: the message "
			    "said \"Now in talk\" on the way");
	}
	tap_ok(crossed >= 6, "/talk: n said \"Now in talk\" on entering each "
	    "of the talks with matches (%d times)", crossed);
	e2e_send(&s, "n");
	tap_ok(e2e_wait_at(&s, E2E_ROWS - 1, 0, "search hit BOTTOM, "
	    "continuing at TOP") && e2e_wait_match(&s, 1, n),
	    "/talk: n after the last match wraps to match 1/%d and says so",
	    n);
	e2e_send(&s, "N");
	tap_ok(e2e_wait_at(&s, E2E_ROWS - 1, 0, "search hit TOP, "
	    "continuing at BOTTOM") && e2e_wait_match(&s, n, n),
	    "/talk: N from the first match wraps to match %d/%d and says so",
	    n, n);
	e2e_quit(&s, "/talk n: q exits 0");
}

/*
 * Whether the index holds each talk of e2e_talks but `skip`, in order, a
 * row for its speakers under each.  A count cuts the titles shorter:
 * look for their first 15 bytes.
 */
static bool
e2e_index_without(const struct e2e *s, size_t skip)
{
	char	 head[16];
	size_t	 i;
	int	 row, col, want = e2e_entry_row(0);
	bool	 ok = true, found;

	for (i = 0; i < E2E_NELEM(e2e_talks); i++) {
		snprintf(head, sizeof(head), "%s", e2e_talks[i].entry);
		found = e2e_find(s, head, 0, E2E_SIDE_W, &row, &col);
		if (i == skip) {
			if (found) {
				tap_diag("index: \"%s\" still on row %d", head,
				    row);
				ok = false;
			}
			continue;
		}
		if (!found || row != want || col != 1) {
			tap_diag("index: no \"%s\" at row %d, column 1", head,
			    want);
			ok = false;
		}
		want += 2;
	}
	return ok;
}

/* The index's faint cells: talk 4 and the party for "/talk". */
static void
e2e_search_faint(const struct e2e *s, bool before)
{
	VTerm	*vt = e2e_faint_replay(s);
	int	 r4 = e2e_entry_row(3), r6 = e2e_entry_row(5);

	if (before) {
		tap_ok(!e2e_faint_at(vt, r4, 4) && e2e_faint_at(vt, r4 + 1, 8),
		    "index: before a search, talk 4's entry is not dimmed "
		    "(its speaker is)");
		vterm_free(vt);
		return;
	}
	tap_ok(e2e_faint_at(vt, r4, 4) && e2e_faint_at(vt, r4, 20) &&
	    e2e_faint_at(vt, r4, E2E_SIDE_W - 2) &&
	    e2e_faint_at(vt, e2e_count_row(8), 4),
	    "/talk: talk 4's entry and the party's, with 0, are dimmed");
	tap_ok(!e2e_faint_at(vt, r6, 4) &&
	    !e2e_faint_at(vt, r6, E2E_SIDE_W - 2) &&
	    e2e_cell(s, r6, E2E_SIDE_W - 2).attrs.bold &&
	    !e2e_cell(s, r4, E2E_SIDE_W - 2).attrs.bold,
	    "/talk: talk 6's entry is not dimmed, its count 2 is bold; "
	    "talk 4's 0 is not");
	vterm_free(vt);
}

/* The index's counts for /talk, and & to list only sections that match. */
static void
e2e_test_search_index(void)
{
	struct e2e	 s;
	size_t		 i;

	if (!e2e_open_sample(&s, "index counts: the sample opens"))
		return;
	e2e_search_faint(&s, true);
	tap_ok(e2e_count_at(&s, e2e_entry_row(3)) == -1,
	    "index: before a search, no count shows");
	e2e_send(&s, "/talk\r");
	e2e_wait_match(&s, 1, e2e_talk_total());
	if (!tap_ok(e2e_until(&s, e2e_counts_are, NULL, "the index's counts"),
	    "/talk: the index shows the counts 5 1 1 1 0 1 2 1 0 at the end "
	    "of each title row"))
		for (i = 0; i < E2E_NELEM(e2e_talk_counts); i++)
			tap_diag("row %d: count %d, want %d", e2e_count_row(i),
			    e2e_count_at(&s, e2e_count_row(i)),
			    e2e_talk_counts[i]);
	tap_ok(e2e_count_at(&s, e2e_entry_row(3) + 1) == -1,
	    "/talk: a speaker row shows no count");
	e2e_settle(&s);
	e2e_search_faint(&s, false);
	e2e_send(&s, "&");
	tap_ok(e2e_wait_row(&s, E2E_ROWS - 1, 0, "The index shows the "
	    "sections that match") && e2e_wait_gone(&s, "The party") &&
	    e2e_index_without(&s, 3),
	    "&: the index drops talk 4 and the party, which have 0; talk 5 "
	    "moves up to row %d", e2e_entry_row(3));
	tap_ok(e2e_count_at(&s, e2e_entry_row(3)) == 1 &&
	    e2e_count_at(&s, e2e_entry_row(4)) == 2,
	    "&: the counts move with their entries");
	e2e_send(&s, "&");
	tap_ok(e2e_wait_row(&s, E2E_ROWS - 1, 0, "The index shows every "
	    "section") && e2e_wait_at(&s, e2e_entry_row(3), 1,
	    e2e_talks[3].entry) && e2e_index_without(&s, (size_t)-1) &&
	    e2e_wait_at(&s, e2e_count_row(8), 4, "The party"),
	    "& again: every section is back");
	e2e_quit(&s, "index counts: q exits 0");
}

/* A talk whose paragraph says "Rik van Riel" 12 times, between words. */
static bool
e2e_names_article(char *path, size_t size)
{
	static const char	*fill[] = { "a", "bb", "ccc", "dddd", "eeeee",
				    "ffffff", "ggggggg", "hhhhhhhh",
				    "iiiiiiiii", "jjjjjjjjjj", "kkkkkkkkkkk",
				    "llllllllllll" };
	const char		*dir = getenv("TMPDIR");
	FILE			*fp;
	size_t			 i;
	int			 fd;

	snprintf(path, size, "%s/olsread-e2e-XXXXXX",
	    dir != NULL && *dir != '\0' ? dir : "/tmp");
	if ((fd = mkstemp(path)) == -1 || (fp = fdopen(fd, "w")) == NULL) {
		tap_diag("%s: %s", path, strerror(errno));
		if (fd != -1)
			close(fd);
		return false;
	}
	fputs("# Names\n\nBy someone, 2003-07-28\n\n## One talk\n\n", fp);
	for (i = 0; i < E2E_NELEM(fill); i++)
		fprintf(fp, "%sRik van Riel %s", i > 0 ? " " : "", fill[i]);
	fputs(".\n", fp);
	return fclose(fp) == 0;
}

/* Whether olsread wrote more than `*arg` bytes in all. */
static bool
e2e_grew(const struct e2e *s, const void *arg)
{
	return s->out.len > *(const size_t *)arg;
}

/*
 * "/van Riel" at each of `widths`, by resizing: every cell of each
 * "van Riel" on screen is highlighted.  Returns how many wrapped.
 */
static int
e2e_search_widths(struct e2e *s, const char *name, const int *widths,
    size_t nwidths, int n)
{
	struct e2e_hits	 h;
	size_t		 i, from;
	int		 wrapped = 0;
	bool		 ok;

	for (i = 0; i < nwidths; i++) {
		if (widths[i] != s->cols) {
			e2e_resize(s, widths[i], E2E_ROWS);
			/* Drawn again at the new size: not the old screen. */
			from = s->out.len;
			e2e_until(s, e2e_grew, &from, "a drawing at the new "
			    "size");
			e2e_wait_status(s, "match 1/");
			e2e_settle(s);
		}
		ok = e2e_wait_phrase(s, "van Riel", n, true, &h);
		tap_diag("%s at %d columns: %d \"van Riel\" on screen, %d over "
		    "a line break", name, widths[i], h.n, h.wrapped);
		tap_ok(ok, "%s at %d columns: every cell of every \"van Riel\" "
		    "is highlighted, one as the current match%s", name,
		    widths[i], h.wrapped > 0 ? ", over line breaks too" : "");
		wrapped += h.wrapped;
	}
	return wrapped;
}

/* /van Riel at 100, 60 and 40 columns, the name wrapped or not. */
static void
e2e_test_search_wrap(void)
{
	static const int	 down[] = { 100, 60, 40 };
	static const int	 up[] = { 40, 60, 100 };
	struct e2e		 s;
	char			 path[PATH_MAX];
	char			 w[] = "-w", ten[] = "10";
	char			*narrow[] = { w, ten, e2e_article, NULL };
	char			*names[] = { path, NULL };
	int			 wrapped;

	if (e2e_open_sample(&s, "/van Riel: the sample opens")) {
		e2e_send(&s, "/van Riel\r");
		e2e_wait_match(&s, 1, 1);
		wrapped = e2e_search_widths(&s, "sample, /van Riel", down, 3,
		    1);
		/* "Rik van Riel" opens its paragraph: it never wraps. */
		tap_diag("sample, /van Riel: wrapped %d times at 100, 60 and "
		    "40 columns", wrapped);
		e2e_quit(&s, "/van Riel: q exits 0");
	}
	if (e2e_open_args(&s, 40, E2E_ROWS, narrow, "Trip",
	    "-w 10: the sample opens")) {
		e2e_send(&s, "/van Riel\r");
		e2e_wait_match(&s, 1, 1);
		wrapped = e2e_search_widths(&s, "sample -w 10, /van Riel", up,
		    3, 1);
		tap_ok(wrapped == 3, "sample -w 10: \"Rik van\" and \"Riel\" "
		    "are on two rows at each width");
		e2e_quit(&s, "-w 10: q exits 0");
	}
	if (!e2e_names_article(path, sizeof(path)))
		tap_ok(false, "12 names: the article is written");
	else if (e2e_open_args(&s, E2E_COLS, E2E_ROWS, names, "One talk",
	    "12 names: the article opens")) {
		e2e_send(&s, "/van Riel\r");
		e2e_wait_match(&s, 1, 12);
		wrapped = e2e_search_widths(&s, "12 names, /van Riel", down, 3,
		    12);
		tap_ok(wrapped >= 3, "12 names: some \"van Riel\" wraps at the "
		    "widths tried (%d in all)", wrapped);
		e2e_quit(&s, "12 names: q exits 0");
	}
	unlink(path);
}

/* Escape in the prompt: back where the reader was. */
static void
e2e_test_search_cancel(void)
{
	struct e2e	 s;
	struct e2e_hits	 h;
	char		 top[E2E_LINE];

	if (!e2e_open_sample(&s, "/ Escape: the sample opens"))
		return;
	e2e_send(&s, "]]");
	e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[1].heading);
	e2e_settle(&s);
	/* Not at a heading: the paragraph under talk 2's. */
	e2e_row(&s, 3, E2E_BODY_X, top, NULL);
	e2e_send(&s, "jjj");
	e2e_wait_row(&s, 0, E2E_BODY_X, top);
	e2e_settle(&s);
	e2e_send(&s, "/Kroah");
	tap_ok(e2e_wait_for(&s, "Greg Kroah-Hartman described udev") &&
	    e2e_wait_span(&s, "Greg Kroah-Hartman described", 5, 5,
	    E2E_CURRENT), "/Kroah, typed: the view goes to the match at once");
	e2e_send(&s, "\033");
	tap_ok(e2e_wait_row(&s, 0, E2E_BODY_X, top) &&
	    e2e_wait_row(&s, E2E_ROWS - 1, 0, ""),
	    "/Kroah Escape: the top row is again \"%s\", the prompt gone",
	    top);
	tap_ok(e2e_wait_in_row(&s, E2E_ROWS - 2, "match", true) &&
	    e2e_wait_phrase(&s, "Kroah", -1, false, &h),
	    "/Kroah Escape: no search shows");
	e2e_quit(&s, "/ Escape: q exits 0");
}

/* C-c in the prompt gives it up, as Escape does; olsread stays. */
static void
e2e_test_search_interrupt(void)
{
	struct e2e	 s;

	if (!e2e_open_sample(&s, "/ C-c: the sample opens"))
		return;
	e2e_send(&s, "/Kroah");
	e2e_wait_row(&s, E2E_ROWS - 1, 0, "/Kroah");
	e2e_send(&s, "\003");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, "Trip report") &&
	    e2e_wait_row(&s, E2E_ROWS - 1, 0, ""),
	    "/Kroah C-c: back at the top, the prompt gone");
	e2e_quit(&s, "/ C-c: olsread stays, and q exits 0");
}

/* A query that matches nothing. */
static void
e2e_test_search_none(void)
{
	struct e2e	 s;

	if (!e2e_open_sample(&s, "/zzzz: the sample opens"))
		return;
	e2e_send(&s, "]]]");
	e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[2].heading);
	e2e_settle(&s);
	e2e_send(&s, "/zzzz\r");
	tap_ok(e2e_wait_row(&s, E2E_ROWS - 1, 0, "Pattern not found: zzzz"),
	    "/zzzz Enter: says \"Pattern not found: zzzz\"");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[2].heading) &&
	    e2e_wait_in_row(&s, E2E_ROWS - 2, "match", true),
	    "/zzzz Enter: the view stays on talk 3");
	e2e_quit(&s, "/zzzz: q exits 0");
}

/* olsread +/kroah FILE: opens at the match. */
static void
e2e_test_search_arg(void)
{
	struct e2e	 s;
	struct e2e_hits	 h;
	char		 q[] = "+/kroah";
	char		*args[] = { q, e2e_article, NULL };

	if (!e2e_open_args(&s, E2E_COLS, E2E_ROWS, args, "Greg Kroah-Hartman "
	    "described udev", "+/kroah: opens with the udev talk in view"))
		return;
	tap_ok(true, "+/kroah: opens with the udev talk in view");
	tap_ok(e2e_wait_phrase(&s, "Kroah", 1, true, &h),
	    "+/kroah: the udev talk shows, \"Kroah\" the current match");
	tap_ok(e2e_wait_status(&s, "/kroah" E2E_DOT "match 1/1 "),
	    "+/kroah: the status line says \"/kroah · match 1/1\"");
	e2e_quit(&s, "+/kroah: q exits 0");
}

/* ? from the bottom: the last match. */
static void
e2e_test_search_backward(void)
{
	struct e2e	 s;
	int		 n = e2e_talk_total();

	if (!e2e_open_sample(&s, "?talk: the sample opens"))
		return;
	e2e_send(&s, "G");
	e2e_wait_for(&s, "a lot of fun was had.");
	e2e_settle(&s);
	e2e_send(&s, "?talk");
	tap_ok(e2e_wait_row(&s, E2E_ROWS - 1, 0, "?talk"),
	    "?talk: the prompt says \"?talk\"");
	e2e_send(&s, "\r");
	tap_ok(e2e_wait_status(&s, "?talk" E2E_DOT) &&
	    e2e_wait_match(&s, n, n) && e2e_wait_status(&s, "talk 7"),
	    "G ?talk Enter: match %d/%d, in talk 7", n, n);
	tap_ok(e2e_wait_span(&s, "this talk is James", 5, 4, E2E_CURRENT),
	    "G ?talk Enter: the last \"talk\" (\"this talk is James's\") is "
	    "the current match");
	e2e_quit(&s, "?talk: q exits 0");
}

/* Tab completes a speaker; Up and Down recall queries. */
static void
e2e_test_search_complete(void)
{
	struct e2e	 s;
	int		 last = E2E_ROWS - 1;

	if (!e2e_open_sample(&s, "/kro Tab: the sample opens"))
		return;
	e2e_send(&s, "/kro");
	e2e_wait_row(&s, last, 0, "/kro");
	e2e_send(&s, "\t");
	tap_ok(e2e_wait_row(&s, last, 0, "/Kroah-Hartman"),
	    "/kro Tab: the prompt says \"/Kroah-Hartman\"");
	e2e_send(&s, "\r");
	tap_ok(e2e_wait_status(&s, "/Kroah-Hartman" E2E_DOT "match 1/1 ") &&
	    e2e_wait_span(&s, "Greg Kroah-Hartman described", 5, 13,
	    E2E_CURRENT), "/kro Tab Enter: finds \"Kroah-Hartman\", all of "
	    "it the current match");
	e2e_send(&s, "/");
	e2e_wait_row(&s, last, 0, "/");
	e2e_send(&s, "\033OA");
	tap_ok(e2e_wait_row(&s, last, 0, "/Kroah-Hartman"),
	    "/ Up: recalls \"Kroah-Hartman\"");
	e2e_send(&s, "\033OB");
	tap_ok(e2e_wait_row(&s, last, 0, "/"), "/ Up Down: back to the "
	    "empty line");
	e2e_send(&s, "\033");
	e2e_wait_row(&s, last, 0, "");
	e2e_quit(&s, "/kro Tab: q exits 0");
}

/* C-r: a regular expression; C-t: this section only. */
static void
e2e_test_search_regex(void)
{
	struct e2e	 s;
	int		 last = E2E_ROWS - 1;

	if (!e2e_open_sample(&s, "C-r: the sample opens"))
		return;
	e2e_send(&s, "/");
	e2e_wait_row(&s, last, 0, "/");
	e2e_send(&s, "\022");
	tap_ok(e2e_wait_in_row(&s, last, "[regex]", false),
	    "/ C-r: the prompt shows \"[regex]\"");
	e2e_send(&s, "Ro.ert\r");
	tap_ok(e2e_wait_status(&s, "/Ro.ert" E2E_DOT "match 1/2 ") &&
	    e2e_wait_span(&s, "Robert Love's talk", 0, 6, E2E_CURRENT),
	    "/ C-r Ro.ert Enter: finds \"Robert\", match 1/2");
	e2e_send(&s, "6");
	e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[5].heading);
	e2e_settle(&s);
	/* The regex flag may stay: the prompt may say "/   [regex]". */
	e2e_send(&s, "/");
	e2e_wait_at(&s, last, 0, "/");
	e2e_send(&s, "\024");
	tap_ok(e2e_wait_in_row(&s, last, "[this section]", false),
	    "/ C-t: the prompt shows \"[this section]\"");
	e2e_send(&s, "talk\r");
	tap_ok(e2e_wait_status(&s, "/talk" E2E_DOT "match 1/2 "),
	    "in talk 6, / C-t talk Enter: only talk 6's 2 matches count");
	e2e_quit(&s, "C-r: q exits 0");
}

/* A search from the index moves the index's cursor. */
static void
e2e_test_search_focus(void)
{
	struct e2e	 s;
	int		 row = e2e_entry_row(3);

	if (!e2e_open_sample(&s, "Tab /Kroah: the sample opens"))
		return;
	e2e_send(&s, "\t");
	if (!e2e_wait_look(&s, 0, 1, 1, 1)) {
		tap_ok(false, "Tab /Kroah: the index has the focus");
		e2e_close(&s);
		return;
	}
	e2e_send(&s, "/Kroah\r");
	tap_ok(e2e_wait_match(&s, 1, 1) && e2e_wait_look(&s, row, 1, 1, 1) &&
	    e2e_wait_look(&s, row, 20, 1, 1) &&
	    e2e_wait_look(&s, 0, 1, 0, -1),
	    "Tab /Kroah Enter: the index's cursor moves to talk 4");
	e2e_quit(&s, "Tab /Kroah: q exits 0");
}

/* Themes. */

typedef bool	(*e2e_cell_test)(const VTermScreenCell *);

/* The first cell of the screen that `t` holds for, in *row, *col. */
static bool
e2e_any_cell(const struct e2e *s, e2e_cell_test t, int *row, int *col)
{
	VTermScreenCell	 c;

	for (*row = 0; *row < s->rows; (*row)++)
		for (*col = 0; *col < s->cols; (*col)++) {
			c = e2e_cell(s, *row, *col);
			if (t(&c))
				return true;
		}
	return false;
}

static bool
e2e_has_colour(const VTermScreenCell *c)
{
	return !VTERM_COLOR_IS_DEFAULT_FG(&c->fg) ||
	    !VTERM_COLOR_IS_DEFAULT_BG(&c->bg);
}

/* A colour past the 8 that TERM=xterm has. */
static bool
e2e_past_8(const VTermColor *c, bool fg)
{
	if (fg ? VTERM_COLOR_IS_DEFAULT_FG(c) : VTERM_COLOR_IS_DEFAULT_BG(c))
		return false;
	return !VTERM_COLOR_IS_INDEXED(c) || c->indexed.idx >= 8;
}

static bool
e2e_has_colour_past_8(const VTermScreenCell *c)
{
	return e2e_past_8(&c->fg, true) || e2e_past_8(&c->bg, false);
}

/*
 * Text that would not read on a white terminal: yellow (3, 11, or a
 * colour of the 6x6x6 cube with much red and green, little blue) on the
 * terminal's own background.
 */
static bool
e2e_yellow_text(const VTermScreenCell *c)
{
	int	 i = c->fg.indexed.idx, r, g, b;

	if (!VTERM_COLOR_IS_DEFAULT_BG(&c->bg) ||
	    !VTERM_COLOR_IS_INDEXED(&c->fg))
		return false;
	if (i == 3 || i == 11)
		return true;
	if (i < 16 || i > 231)
		return false;
	r = (i - 16) / 36;
	g = (i - 16) / 6 % 6;
	b = (i - 16) % 6;
	return r >= 4 && g >= 4 && b <= 3;
}

/*
 * The sample with `args`, /Riel searched: true once the first match, in
 * "Rik van Riel discussed", is current, its first cell in *row, *col.
 */
static bool
e2e_open_riel(struct e2e *s, const struct e2e_opts *o, char *const args[],
    const char *name, int *row, int *col)
{
	if (!e2e_open_opts(s, o, args, "Trip report", name))
		return false;
	e2e_send(s, "/Riel\r");
	if (e2e_wait_status(s, "match 1/") && e2e_wait_for(s,
	    "van Riel discussed") && e2e_find(s, "van Riel discussed",
	    E2E_BODY_X, E2E_COLS, row, col)) {
		e2e_settle(s);
		*col += 4;
		return true;
	}
	tap_ok(false, "%s: /Riel finds Rik van Riel", name);
	e2e_dump(s);
	e2e_close(s);
	return false;
}

/*
 * The pager without colour, as `what` asks for it (NO_COLOR `no_color`,
 * an option `arg`): not one cell has a colour, with a search highlighted
 * and the index's cursor out; the current match shows by its attributes.
 */
static void
e2e_test_colourless(const char *what, const char *no_color,
    const char *arg)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false, NULL,
	    no_color };
	char		*args[] = { (char *)arg, e2e_article, NULL };
	char		 name[128];
	struct e2e	 s;
	VTermScreenCell	 c;
	int		 row, col, r, k;

	snprintf(name, sizeof(name), "%s: the sample opens", what);
	if (!e2e_open_riel(&s, &o, arg != NULL ? args : args + 1, name, &row,
	    &col))
		return;
	c = e2e_cell(&s, row, col);
	tap_ok(c.attrs.reverse && c.attrs.bold && c.attrs.underline,
	    "%s: the current match is reverse, bold and underlined", what);
	e2e_send(&s, "\t");
	e2e_settle(&s);
	if (!tap_ok(!e2e_any_cell(&s, e2e_has_colour, &r, &k), "%s: no cell "
	    "on the screen has a colour, a search and the index's cursor "
	    "shown", what)) {
		tap_diag("a colour at row %d, column %d", r, k);
		e2e_dump(&s);
	}
	snprintf(name, sizeof(name), "%s: q exits 0", what);
	e2e_quit(&s, name);
}

/*
 * --theme=light beside the default dark: the current match in another
 * colour, and no yellow text, which a white background would swallow.
 */
static void
e2e_test_light(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false, NULL,
	    NULL };
	char		*dark[] = { e2e_article, NULL };
	char		*light[] = { (char *)"--theme=light", e2e_article,
	    NULL };
	struct e2e	 s;
	VTermScreenCell	 d, l;
	int		 row, col, r, k;

	if (!e2e_open_riel(&s, &o, dark, "dark: the sample opens", &row, &col))
		return;
	d = e2e_cell(&s, row, col);
	e2e_quit(&s, "dark: q exits 0");
	if (!e2e_open_riel(&s, &o, light, "--theme=light: the sample opens",
	    &row, &col))
		return;
	l = e2e_cell(&s, row, col);
	tap_ok(VTERM_COLOR_IS_INDEXED(&d.bg) && VTERM_COLOR_IS_INDEXED(&l.bg) &&
	    d.bg.indexed.idx == E2E_CURRENT_BG && l.bg.indexed.idx !=
	    d.bg.indexed.idx, "--theme=light: the current match is on a "
	    "colour of its own, not dark's yellow");
	if (!tap_ok(!e2e_any_cell(&s, e2e_yellow_text, &r, &k),
	    "--theme=light: no yellow text on the terminal's background"))
		tap_diag("yellow at row %d, column %d", r, k);
	e2e_quit(&s, "--theme=light: q exits 0");
}

/* A terminal of 8 colours gets the 8-colour dark, not 256 cut down. */
static void
e2e_test_8_colours(void)
{
	struct e2e_opts	 o = { "xterm", E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	char		*args[] = { e2e_article, NULL };
	struct e2e	 s;
	VTermScreenCell	 c, n;
	int		 row, col, r, k;

	if (!e2e_open_riel(&s, &o, args, "TERM=xterm: the sample opens", &row,
	    &col))
		return;
	c = e2e_cell(&s, row, col);
	n = e2e_cell(&s, 1, 1);
	tap_ok(VTERM_COLOR_IS_INDEXED(&c.bg) && c.bg.indexed.idx == 3 &&
	    VTERM_COLOR_IS_INDEXED(&n.fg) && n.fg.indexed.idx == 3,
	    "TERM=xterm: the current match is on yellow, talk numbers yellow");
	if (!tap_ok(!e2e_any_cell(&s, e2e_has_colour_past_8, &r, &k),
	    "TERM=xterm: every colour on the screen is one of the 8"))
		tap_diag("another colour at row %d, column %d", r, k);
	e2e_quit(&s, "TERM=xterm: q exits 0");
}

static void
e2e_test_themes(void)
{
	e2e_test_colourless("--theme=mono", NULL, "--theme=mono");
	e2e_test_colourless("NO_COLOR=1", "1", NULL);
	e2e_test_colourless("--color=never", NULL, "--color=never");
	e2e_test_light();
	e2e_test_8_colours();
}

/* Terminal safety, sizes, signals in every state, a read-only article. */

/*
 * No number in a sequence curses draws with is larger: a DEC mode such as
 * 1049, a row or a column up to 500; in an SGR, a colour up to 255.  The
 * crafted article's own SGR sequences carry 4242, so that one of them
 * getting through is seen.
 */
#define E2E_PARAM_MAX	9999
#define E2E_SGR_MAX	255

/* Up to 24 bytes at `p` for a diagnostic, controls as \xNN, into `out`. */
static const char *
e2e_bytes(const unsigned char *p, size_t n, char out[128])
{
	size_t	 i, len = 0;

	for (i = 0; i < n && i < 24; i++) {
		if (p[i] >= 0x20 && p[i] < 0x7f)
			out[len++] = (char)p[i];
		else
			len += (size_t)snprintf(out + len, 5, "\\x%02x", p[i]);
	}
	out[len] = '\0';
	return out;
}

/* The longest URL olsread may write in a hyperlink, as link.h has it. */
#define E2E_OSC8_MAX	2048

/*
 * The OSC 8 hyperlink at `p` (`n` bytes, ESC ] first), if it is one that
 * olsread may write: ESC ] 8 ; ; then nothing (the end of a link) or an
 * http, https or mailto URL (any case) of printable ASCII, no blank, up
 * to E2E_OSC8_MAX bytes, then ESC \.  Returns its length, or 0 and what
 * is wrong with it in `why`.
 */
static size_t
e2e_osc8_len(const unsigned char *p, size_t n, const char **why)
{
	static const char *const schemes[] = { "http:", "https:", "mailto:" };
	size_t	 i, k, len;
	bool	 known = false;

	if (n < 5 || memcmp(p, "\033]8;;", 5) != 0) {
		*why = "OSC, and not OSC 8 without parameters";
		return 0;
	}
	for (i = 5; i < n && p[i] > 0x20 && p[i] < 0x7f; i++)
		continue;
	len = i - 5;
	for (k = 0; k < E2E_NELEM(schemes); k++)
		known = known || (len > strlen(schemes[k]) &&
		    strncasecmp((const char *)p + 5, schemes[k],
		    strlen(schemes[k])) == 0);
	if (i + 1 >= n || p[i] != 0x1b || p[i + 1] != '\\')
		*why = "OSC 8 with a byte that is not printable ASCII in its "
		    "URL, or not ended by ST";
	else if (len > 0 && !known)
		*why = "OSC 8 with a URL of a scheme never opened";
	else if (len > E2E_OSC8_MAX)
		*why = "OSC 8 with a URL too long";
	else
		return i + 2;
	return 0;
}

/*
 * The escape sequence at `p` (`n` bytes, ESC first), if it is one curses
 * writes for xterm-256color: CSI with numbers up to E2E_PARAM_MAX (an SGR,
 * E2E_SGR_MAX), a character set (ESC ( B), or ESC = > 7 8 M; or an OSC 8
 * hyperlink that e2e_osc8_len() allows.  Returns its length, or 0 and what
 * is wrong with it in `why`.
 */
static size_t
e2e_esc_len(const unsigned char *p, size_t n, const char **why)
{
	size_t	 i;
	long	 v = 0, max = 0;

	if (n >= 2 && p[1] == ']')
		return e2e_osc8_len(p, n, why);

	if (n >= 2 && p[1] == '[') {
		for (i = 2; i < n && p[i] >= 0x30 && p[i] <= 0x3f; i++) {
			v = p[i] <= '9' ? v * 10 + (p[i] - '0') : 0;
			/* Past any limit: no long run of digits overflows. */
			if ((max = v > max ? v : max) > E2E_PARAM_MAX)
				break;
		}
		while (i < n && p[i] >= 0x20 && p[i] <= 0x2f)
			i++;
		if (i >= n || p[i] < 0x40 || p[i] > 0x7e)
			*why = "a CSI broken off, or with a number no drawing "
			    "needs";
		else if (p[i] == 'm' && max > E2E_SGR_MAX)
			*why = "an SGR with a number no colour has";
		else
			return i + 1;
		return 0;
	}
	if (n >= 3 && memchr("()*+", p[1], 4) != NULL)
		return 3;
	if (n >= 2 && memchr("=>78M", p[1], 5) != NULL)
		return 2;
	*why = n < 2 ? "ESC at the end" : p[1] == 'P' ? "DCS" :
	    p[1] == '_' ? "APC" : p[1] == '^' ? "PM" : p[1] == 'X' ? "SOS" :
	    "an escape sequence curses does not send";
	return 0;
}

/* The UTF-8 character at `p` in `*cp`: its length, or 0 if invalid. */
static size_t
e2e_utf8_decode(const unsigned char *p, size_t n, uint32_t *cp)
{
	uint32_t	 min;
	size_t		 len, i;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2;
		min = 0x80;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		min = 0x800;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		min = 0x10000;
	} else
		return 0;
	if (len > n)
		return 0;
	*cp = p[0] & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		*cp = *cp << 6 | (p[i] & 0x3f);
	}
	if (*cp < min || *cp > 0x10ffff || (*cp >= 0xd800 && *cp <= 0xdfff))
		return 0;
	return len;
}

/*
 * Whether every byte olsread wrote to the terminal is one curses draws
 * with, and none an article could have brought: text in valid UTF-8
 * without C1 controls; of C0, only BS, TAB, LF, CR and ESC (no BEL);
 * escape sequences only as e2e_esc_len() allows, so never OSC but an
 * OSC 8 hyperlink to a URL olsread may open (never a title or the
 * clipboard), nor DCS, APC, PM or SOS.  Only the bytes from `from` to
 * `to` are looked at, which must start and end between sequences.
 * Returns what is wrong with the first fault, at `*at`, or NULL.
 */
static const char *
e2e_output_fault(const struct e2e *s, size_t from, size_t to, size_t *at)
{
	const unsigned char	*p = (const unsigned char *)s->out.data;
	const char		*why = NULL;
	size_t			 i = from, n = to, k = 0;
	uint32_t		 cp;

	while (i < n && why == NULL) {
		if (p[i] == 0x1b)
			k = e2e_esc_len(p + i, n - i, &why);
		else if (p[i] == 0x7f || (p[i] < 0x20 && p[i] != '\b' &&
		    p[i] != '\t' && p[i] != '\n' && p[i] != '\r'))
			why = "a C0 control or DEL";
		else if ((k = e2e_utf8_decode(p + i, n - i, &cp)) == 0)
			why = "invalid UTF-8";
		else if (cp >= 0x80 && cp < 0xa0)
			why = "a C1 control";
		if (why == NULL)
			i += k;
	}
	*at = i;
	return why;
}

/* Whether e2e_output_fault() finds none; the first fault is shown. */
static bool
e2e_output_clean_in(const struct e2e *s, size_t from, size_t to)
{
	const char	*why;
	char		 show[128];
	size_t		 i;

	if ((why = e2e_output_fault(s, from, to, &i)) == NULL)
		return true;
	tap_diag("output byte %zu of %zu: %s: \"%s\"", i, to, why,
	    e2e_bytes((const unsigned char *)s->out.data + i, to - i, show));
	return false;
}

/* All that olsread wrote, as e2e_output_clean_in() has it. */
static bool
e2e_output_clean(const struct e2e *s)
{
	return e2e_output_clean_in(s, 0, s->out.len);
}

/*
 * The check above on crafted output: OSC 8 passes only to a URL that may
 * be opened, in printable ASCII, ended by ST; no other OSC passes.
 */
static void
e2e_test_checker(void)
{
	static const struct {
		const char	*out;
		bool		 clean;
	} cases[] = {
		{ "a\033]8;;https://x.org/a?b=1\033\\b\033]8;;\033\\c", true },
		{ "\033]8;;HTTP://x.org/\033\\\033]8;;mailto:a@b\033\\", true },
		{ "\033]8;;javascript:alert(1)\033\\", false },
		{ "\033]8;;-oProxyCommand=x\033\\", false },
		{ "\033]8;;file:///etc/passwd\033\\", false },
		{ "\033]8;;http://x.org/\033[31m\033\\", false },
		{ "\033]8;;http://x.org/ a\033\\", false },
		{ "\033]8;;http://x.org/\xc3\xa9\033\\", false },
		{ "\033]8;;http://x.org/\a", false },
		{ "\033]8;;http://x.org/", false },
		{ "\033]8;id=1;http://x.org/\033\\", false },
		{ "\033]8;;http:\033\\", false },
		{ "\033]0;pwned\a", false },
		{ "\033]52;c;cHduZWQ=\a", false },
	};
	struct e2e	 s;
	size_t		 i, at;
	bool		 ok = true;

	memset(&s, 0, sizeof(s));
	for (i = 0; i < E2E_NELEM(cases); i++) {
		s.out.data = (char *)cases[i].out;
		s.out.len = strlen(cases[i].out);
		if ((e2e_output_fault(&s, 0, s.out.len, &at) == NULL) !=
		    cases[i].clean) {
			tap_diag("case %zu: \"%s\" is %s", i, cases[i].out,
			    cases[i].clean ? "refused" : "let through");
			ok = false;
		}
	}
	tap_ok(ok, "the output check lets OSC 8 through only to a URL that "
	    "may be opened, and no other OSC");
}

/* A new directory of the test's own, under $TMPDIR or /tmp. */
static bool
e2e_mkdtemp(char *dir, size_t size)
{
	const char	*tmp = getenv("TMPDIR");

	snprintf(dir, size, "%s/olsread-e2e-XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(dir) != NULL)
		return true;
	tap_diag("mkdtemp %s: %s", dir, strerror(errno));
	return false;
}

/* All of the file `path`, added to `b`; false if it cannot be read. */
static bool
e2e_slurp(const char *path, struct e2e_buf *b)
{
	char	 buf[8192];
	ssize_t	 n;
	int	 fd;

	if ((fd = open(path, O_RDONLY)) == -1) {
		tap_diag("%s: %s", path, strerror(errno));
		return false;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		e2e_buf_add(b, buf, (size_t)n);
	close(fd);
	return n == 0;
}

/* A copy of the file `from` as the new file `to`. */
static bool
e2e_copy(const char *from, const char *to)
{
	struct e2e_buf	 b = { NULL, 0, 0 };
	const char	*p;
	ssize_t		 w = 0;
	size_t		 left;
	int		 fd = -1;

	if (e2e_slurp(from, &b) && (fd = open(to, O_WRONLY | O_CREAT |
	    O_EXCL, 0644)) != -1)
		for (p = b.data, left = b.len; left > 0 && (w = write(fd, p,
		    left)) > 0; p += w, left -= (size_t)w)
			continue;
	if (fd == -1 || w < 0 || close(fd) == -1)
		tap_diag("copy to %s: %s", to, strerror(errno));
	free(b.data);
	return fd != -1 && w >= 0;
}

static int
e2e_not_dots(const struct dirent *d)
{
	return strcmp(d->d_name, ".") != 0 && strcmp(d->d_name, "..") != 0;
}

/* The names in directory `dir`, sorted, each after a slash, into `b`. */
static bool
e2e_list(const char *dir, struct e2e_buf *b)
{
	struct dirent	**names;
	int		  n, i;

	if ((n = scandir(dir, &names, e2e_not_dots, alphasort)) == -1) {
		tap_diag("%s: %s", dir, strerror(errno));
		return false;
	}
	for (i = 0; i < n; i++) {
		e2e_buf_add(b, "/", 1);
		e2e_buf_add(b, names[i]->d_name, strlen(names[i]->d_name));
		free(names[i]);
	}
	free(names);
	return true;
}

static int
e2e_remove(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	(void)f;
	remove(path);
	return 0;
}

/* Remove `dir` and all it holds. */
static void
e2e_rmtree(const char *dir)
{
	nftw(dir, e2e_remove, 16, FTW_DEPTH | FTW_PHYS);
}


/*
 * The crafted article in the pager, under a file name with escape
 * sequences of its own: every control shows as a symbol, in the text, the
 * headings, the index's speakers, code, quotes, lists and the status
 * line; and, whatever the pager is made to show, none of the article's
 * sequences reaches the terminal.
 */
static void
e2e_test_escapes(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	struct e2e	 s;
	char		 dir[PATH_MAX], path[PATH_MAX];
	char		*argv[] = { (char *)e2e_bin, path, NULL };
	int		 row, col, st;

	if (!e2e_mkdtemp(dir, sizeof(dir))) {
		tap_ok(false, "escapes: a copy of escapes.md");
		return;
	}
	snprintf(path, sizeof(path), "%s/esc\033]2;pwned\a\302\233.md", dir);
	if (!e2e_copy(e2e_escapes, path) || !e2e_start(&s, argv, &o) ||
	    !e2e_wait_for(&s, "%")) {
		tap_ok(false, "escapes: the crafted article opens");
		e2e_close(&s);
		e2e_rmtree(dir);
		return;
	}
	tap_ok(e2e_wait_for(&s, "Body: CSI \xe2\x90\x9b[4242m, OSC 52 "
	    "\xe2\x90\x9b]52;c;cHduZWQ=\xe2\x90\x87") &&
	    e2e_wait_for(&s, "8-bit CSI <9B>4242m, 8-bit OSC <9D>0;pwned<9C>") &&
	    e2e_wait_for(&s, "Every C0: \xe2\x90\x81 \xe2\x90\x82 "
	    "\xe2\x90\x83 \xe2\x90\x84 \xe2\x90\x85 \xe2\x90\x86 \xe2\x90\x87 "
	    "\xe2\x90\x88 \xe2\x90\x8b \xe2\x90\x8c \xe2\x90\x8e \xe2\x90\x8f "
	    "\xe2\x90\x90 \xe2\x90\x91 \xe2\x90\x92 \xe2\x90\x93 \xe2\x90\x94 "
	    "\xe2\x90\x95 \xe2\x90\x96 \xe2\x90\x97 \xe2\x90\x98 \xe2\x90\x99 "
	    "\xe2\x90\x9a \xe2\x90\x9b \xe2\x90\x9c \xe2\x90\x9d \xe2\x90\x9e "
	    "\xe2\x90\x9f") && e2e_wait_for(&s, "DEL \xe2\x90\xa1 end.") &&
	    e2e_wait_for(&s, "<9A> <9B> <9C> <9D> <9E> <9F> end."),
	    "escapes: the text shows ESC as \xe2\x90\x9b, every C0 and DEL "
	    "as its symbol, C1 as <9B>");
	tap_ok(e2e_wait_at(&s, s.rows - 2, 0, "Escapes \xe2\x90\x9b]0;pwned"
	    "\xe2\x90\x87 and \xe2\x90\x9b[4242m in the title"),
	    "escapes: the status line shows the title's OSC 0 and CSI");
	if (!tap_ok(e2e_find(&s, "Mallory\xe2\x90\x8b" "Evil", 0, E2E_SIDE_W,
	    &row, &col) && e2e_find(&s, "Eve<85>Sneaky", 0, E2E_SIDE_W, &row,
	    &col) && e2e_find(&s, "Bob\xe2\x90\x8cJones", 0, E2E_SIDE_W, &row,
	    &col) && e2e_find(&s, "1. Heading \xe2\x90\x9b[4242m with", 0,
	    E2E_SIDE_W, &row, &col), "escapes: the index shows headings and "
	    "speakers with VT, FF and NEL as \xe2\x90\x8b, \xe2\x90\x8c, <85>"))
		e2e_dump(&s);
	e2e_send(&s, "3");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, "3. Spans and blocks (Bob"
	    "\xe2\x90\x8cJones)") &&
	    e2e_wait_for(&s, "Code span \xe2\x90\x9b]52;c;Y29kZQ==\xe2\x90\x87 "
	    "\xe2\x90\x9b[4242m") &&
	    e2e_wait_for(&s, "\xe2\x90\x9b]0;pwned\xe2\x90\x87 fenced "
	    "\xe2\x90\x9b[4242m code <9B>4242m") &&
	    e2e_wait_for(&s, "\xe2\x90\x9bP1$qm\xe2\x90\x9b\\ \xe2\x90\x9b_pwned"
	    "\xe2\x90\x9b\\") &&
	    e2e_wait_for(&s, "indented \xe2\x90\x9b]52;c;aW5k\xe2\x90\x87 code") &&
	    e2e_wait_for(&s, "quoted \xe2\x90\x9b]0;pwned\xe2\x90\x87 text") &&
	    e2e_wait_for(&s, "nested \xe2\x90\x9bP1$qm\xe2\x90\x9b\\ quote") &&
	    e2e_wait_for(&s, "item \xe2\x90\x9b]0;pwned\xe2\x90\x87 one") &&
	    e2e_wait_for(&s, "item <9B>4242m two") &&
	    e2e_wait_for(&s, "nested \xe2\x90\x9b_pwned\xe2\x90\x9b\\ item") &&
	    e2e_wait_for(&s, "\xe2\x90\x9b]52;c;aHRtbA==\xe2\x90\x87 html block"),
	    "escapes: code spans and blocks, quotes, list items and HTML show "
	    "their sequences as symbols");
	e2e_send(&s, "G");
	tap_ok(e2e_wait_for(&s, "A link \xe2\x90\x9b]8;;http://evil.example/"
	    "\xe2\x90\x9b\\text\xe2\x90\x9b]8;;\xe2\x90\x9b\\[1]") &&
	    e2e_wait_for(&s, "image: alt \xe2\x90\x9b]0;pwned\xe2\x90\x87[6]"),
	    "escapes: link text and an image's text show OSC 8 and OSC 0 as "
	    "symbols");
	/* The file's name on the message line, matches, help, a resize. */
	e2e_send(&s, "=");
	e2e_wait_for(&s, " of ");
	e2e_send(&s, "/pwned\r");
	e2e_wait_status(&s, "/pwned" E2E_DOT "match ");
	e2e_send(&s, "nnN");
	e2e_send(&s, "h");
	e2e_wait_for(&s, "olsread help");
	e2e_send(&s, "q");
	e2e_resize(&s, 40, 10);
	e2e_wait_status(&s, "/pwned");
	e2e_resize(&s, E2E_COLS, E2E_ROWS);
	e2e_until(&s, e2e_status_drawn, "Escapes", "the status line");
	e2e_send(&s, "q");
	st = e2e_finish(&s);
	e2e_exited(st, 0, "escapes: q exits 0");
	tap_ok(e2e_output_clean(&s), "escapes: of all olsread wrote to the "
	    "terminal (%zu bytes), no OSC, DCS, APC, PM, SOS, C1 or BEL: only "
	    "text, curses' CSI, and OSC 8 to a URL that may be opened",
	    s.out.len);
	tap_ok(e2e_buf_has(&s.out, 0, "\033]8;;http://example.org/ok\033\\"
	    "titled one\033]8;;\033\\") &&
	    !e2e_buf_has(&s.out, 0, "\033]8;;http://example.org/\xe2"),
	    "escapes: the one clean link is a hyperlink, and none of those "
	    "with controls in their URL");
	e2e_close(&s);
	e2e_rmtree(dir);
}

/*
 * Whether every cursor address in the output from byte `from` on (CUP,
 * HPA, VPA) is within `cols` x `rows`: nothing is drawn outside the
 * window, which libvterm would clip and never show.
 */
static bool
e2e_addresses_in(const struct e2e *s, size_t from, int cols, int rows)
{
	const char	*p = s->out.data, *end = s->out.data + s->out.len;
	long		 a, b;
	char		*q;

	for (p = p != NULL ? p + from : NULL; p != NULL && p + 2 < end; p++) {
		if (p[0] != '\033' || p[1] != '[')
			continue;
		a = strtol(p + 2, &q, 10);
		b = *q == ';' ? strtol(q + 1, &q, 10) : 1;
		if ((*q == 'H' && (a > rows || b > cols)) ||
		    (*q == 'G' && a > cols) || (*q == 'd' && a > rows)) {
			tap_diag("at %dx%d, CSI %ld;%ld%c at byte %zu", cols,
			    rows, a, b, *q, (size_t)(p - s->out.data));
			return false;
		}
	}
	return true;
}

/*
 * Whether the pager is drawn sanely for its size.  From 20x5 up, the
 * status line on the row before the last, the message line empty, and
 * from 70 columns on the index, its rule and the title beside it, or
 * narrower the title's first word at the left; below 20x5, the title's
 * start above and "too small" on the last row, cut to fit.
 */
static bool
e2e_sane(const struct e2e *s, const void *arg)
{
	static const char	 small[] = "too small";
	char			 line[E2E_LINE], want[32];
	const char		*title = "Trip report";
	size_t			 n;

	(void)arg;
	if (s->cols >= 20 && s->rows >= 5) {
		/* At 20 columns, the status line says "Trip re…". */
		if (!e2e_status_drawn(s, "Trip re") ||
		    e2e_row(s, s->rows - 1, 0, line, NULL)[0] != '\0')
			return false;
		if (s->cols >= E2E_SIDE_MIN)
			return e2e_cell(s, 0, E2E_SIDE_W - 1).chars[0] ==
			    0x2502 && strncmp(e2e_row(s, 0, E2E_BODY_X, line,
			    NULL), title, 4) == 0;
		return strncmp(e2e_row(s, 0, 0, line, NULL), title, 4) == 0;
	}
	if (s->cols < 15)
		snprintf(want, sizeof(want), "%.*s", s->cols, small);
	else
		snprintf(want, sizeof(want), "%dx%d: %s", s->cols, s->rows,
		    small);
	if (strcmp(e2e_row(s, s->rows - 1, 0, line, NULL), want) != 0)
		return false;
	n = s->cols < 4 ? (size_t)s->cols : 4;
	return s->rows < 2 ||
	    strncmp(e2e_row(s, 0, 0, line, NULL), title, n) == 0;
}

/*
 * The sample opened at sizes from one cell to 500x200: drawn sanely for
 * the size, nothing addressed outside it, keys taken, q exits 0.
 */
static void
e2e_test_sizes(void)
{
	static const int	 sizes[][2] = { { 1, 1 }, { 2, 2 }, { 10, 3 },
				    { 19, 5 }, { 20, 4 }, { 20, 5 }, { 40, 10 },
				    { 69, 20 }, { 70, 20 }, { 100, 30 },
				    { 200, 60 }, { 500, 200 } };
	struct e2e_opts		 o = { NULL, 0, 0, false, false, NULL, NULL };
	struct e2e		 s;
	char			*argv[] = { (char *)e2e_bin, e2e_article,
				    NULL };
	size_t			 i;
	int			 st;
	bool			 ok;

	for (i = 0; i < E2E_NELEM(sizes); i++) {
		o.cols = sizes[i][0];
		o.rows = sizes[i][1];
		ok = e2e_start(&s, argv, &o) &&
		    e2e_until(&s, e2e_sane, NULL, "a sane screen");
		e2e_send(&s, "]G>g");
		e2e_settle(&s);
		ok = ok && e2e_until(&s, e2e_sane, NULL, "a sane screen");
		e2e_send(&s, "q");
		st = e2e_finish(&s);
		tap_ok(ok && st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0 &&
		    e2e_addresses_in(&s, 0, o.cols, o.rows),
		    "%dx%d: drawn for the size, nothing outside it, q exits 0",
		    o.cols, o.rows);
		if (st != 0)
			tap_diag("olsread: %s", e2e_status_name(st));
		e2e_close(&s);
	}
}

/*
 * A storm of 1,000 resizes, to sizes from 1x1 to 300x100 drawn from a
 * fixed seed, with a SIGWINCH of no new size now and then, as fast as
 * olsread takes them; then the first size again: olsread lives, and the
 * text it had at the top is at the top again.  (Where the index is
 * scrolled to is not checked: it stays as a short window left it.)
 */
static void
e2e_test_storm(void)
{
	struct e2e	 s;
	uint32_t	 seed = 2003;
	int		 i, cols, rows, st, row, col;

	if (!e2e_open_sample(&s, "storm: the sample opens"))
		return;
	e2e_send(&s, "4");
	e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[3].heading);
	e2e_settle(&s);
	/*
	 * Output drawn for a size that is gone by the time it arrives can
	 * make libvterm 0.3 memmove a negative length: during the storm the
	 * output is read, and kept for the escape scan, but not emulated;
	 * after it, C-l has olsread draw all of the screen again.
	 */
	s.blind = true;
	for (i = 0; i < 1000 && !e2e_reap(&s); i++) {
		seed = seed * 1103515245 + 12345;
		cols = 1 + (int)(seed >> 8 & 0xffff) % 300;
		rows = 1 + (int)(seed >> 4 & 0xfff) % 100;
		e2e_resize_now(&s, cols, rows);
		if (i % 10 == 0)
			kill(s.job, SIGWINCH);
		while (e2e_pump(&s, i % 4 == 0) == 1)
			continue;
	}
	tap_ok(!e2e_reap(&s), "storm: olsread lives through 1,000 resizes");
	e2e_resize(&s, E2E_COLS, E2E_ROWS);
	e2e_pause(&s, 100);
	s.blind = false;
	vterm_screen_reset(s.vs, 1);
	e2e_send(&s, "\f");
	if (!tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[3].heading) &&
	    e2e_until(&s, e2e_status_drawn, NULL, "the status line") &&
	    e2e_find(&s, e2e_talks[3].entry, 0, E2E_SIDE_W, &row, &col) &&
	    e2e_is_lit(&s, row, col), "storm: back at 100x30, "
	    "talk 4's heading is on the top row again, its index entry "
	    "marked, the status line drawn"))
		e2e_dump(&s);
	e2e_send(&s, "q");
	st = e2e_finish(&s);
	e2e_exited(st, 0, "storm: q exits 0");
	e2e_close(&s);
}

/*
 * SIGTSTP sent by kill(1), as a job control shell or a script may, rather
 * than typed: the terminal is given back; the window is resized while
 * olsread is stopped; SIGCONT draws the pager for the new size, at the
 * same place.
 */
static void
e2e_test_stop_resize(void)
{
	struct e2e	 s;
	int		 want, sig = SIGTSTP, row, col;

	if (!e2e_open_job(&s)) {
		tap_ok(false, "SIGTSTP: olsread starts in a job of its own");
		e2e_close(&s);
		return;
	}
	e2e_send(&s, "4");
	e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[3].heading);
	e2e_settle(&s);
	e2e_until(&s, e2e_catches, &sig, "olsread to catch SIGTSTP");
	kill(s.job, SIGTSTP);
	want = 'S';
	tap_ok(e2e_until(&s, e2e_job_is, &want, "olsread to stop") &&
	    e2e_wait_alt(&s, false) && s.cursor && e2e_cooked(&s),
	    "SIGTSTP: olsread stops and gives the terminal back");
	e2e_resize(&s, 80, 24);
	kill(s.job, SIGCONT);
	want = 'C';
	tap_ok(e2e_until(&s, e2e_job_is, &want, "olsread to go on") &&
	    e2e_wait_alt(&s, true) &&
	    e2e_until(&s, e2e_status_drawn, NULL, "the status line on row 22") &&
	    e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[3].heading) &&
	    e2e_find(&s, e2e_talks[6].speaker, 0, E2E_SIDE_W, &row, &col),
	    "SIGTSTP, a resize to 80x24, SIGCONT: drawn at 80x24, talk 4 "
	    "still at the top");
	e2e_send(&s, "q");
	e2e_exited(e2e_finish(&s), 0, "SIGTSTP, SIGCONT: q then exits 0");
	e2e_close(&s);
}

/*
 * SIGPIPE, sent to the pager, ends it as it ends any program, once the
 * terminal is given back, as SIGINT, SIGTERM, SIGHUP and SIGQUIT do.
 */
static void
e2e_test_sigpipe(void)
{
	struct e2e	 s;
	size_t		 from;
	int		 st;

	if (!e2e_open_after_line(&s, "SIGPIPE"))
		return;
	from = s.out.len;
	kill(s.job, SIGPIPE);
	st = e2e_finish(&s);
	if (!tap_ok(st != -1 && WIFSIGNALED(st) && WTERMSIG(st) == SIGPIPE,
	    "SIGPIPE: olsread is killed by %s", strsignal(SIGPIPE)))
		tap_diag("olsread: %s", e2e_status_name(st));
	tap_ok(e2e_restored(&s, from), "SIGPIPE: the terminal is restored");
	e2e_close(&s);
}

/*
 * A state directory that cannot be made, as in a read-only home: the
 * pager works, and says once, on standard error, that nothing is kept.
 */
static void
e2e_test_remember_nowhere(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, true, false,
	    "/proc/olsread-e2e-state", NULL };
	struct e2e	 s;
	char		*argv[] = { (char *)e2e_bin, e2e_article, NULL };
	const char	*err, *first;

	if (!e2e_start(&s, argv, &o) || !e2e_wait_for(&s, "By corbet")) {
		tap_ok(false, "read-only state: the sample opens");
		e2e_close(&s);
		return;
	}
	e2e_send(&s, "]");
	e2e_send(&s, "q");
	e2e_exited(e2e_finish(&s), 0, "read-only state: q exits 0");
	err = s.errout.data != NULL ? s.errout.data : "";
	first = strstr(err, "olsread: the place is not remembered: ");
	tap_ok(first != NULL && strstr(first + 1, "olsread:") == NULL,
	    "read-only state: one warning, and nothing else");
	if (first == NULL)
		tap_diag("stderr: \"%s\"", err);
	e2e_close(&s);
}

/*
 * Memory between runs: quit in talk 3 after a search, reopen at 60x20:
 * the same text at the top, the search highlighted again, and its query
 * in the history; -n opens at the top and leaves the memory alone.
 */
static void
e2e_test_remember(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	struct e2e	 s;
	char		 dir[PATH_MAX + 16], top[E2E_LINE], words[256];
	char		*argv[] = { (char *)e2e_bin, e2e_article, NULL };
	char		*argn[] = { (char *)e2e_bin, (char *)"-n", e2e_article,
	    NULL };
	int		 row, col;

	snprintf(dir, sizeof(dir), "%s/remember", e2e_state);
	o.state = dir;
	if (!e2e_start(&s, argv, &o) || !e2e_wait_for(&s, "By corbet")) {
		tap_ok(false, "remember: the sample opens");
		e2e_close(&s);
		return;
	}
	e2e_send(&s, "/Kroah\r");
	e2e_wait_for(&s, "match 1/");
	e2e_send(&s, "3");
	e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[2].heading);
	e2e_send(&s, "jjjjj");
	e2e_settle(&s);
	e2e_row(&s, 0, E2E_BODY_X, top, NULL);
	e2e_words(top, 3, words, sizeof(words));
	e2e_quit(&s, "remember: q exits 0");

	o.cols = 60;
	o.rows = 20;
	if (!e2e_start(&s, argv, &o) || !e2e_wait_for(&s, "%")) {
		tap_ok(false, "remember: the sample opens again");
		e2e_close(&s);
		return;
	}
	e2e_settle(&s);
	if (!tap_ok(e2e_top_holds(&s, words), "remember: reopened at 60x20, "
	    "the top row holds \"%s\" again", words))
		e2e_dump(&s);
	tap_ok(e2e_wait_for(&s, "/Kroah") && e2e_wait_for(&s, "match"),
	    "remember: the search for Kroah is back, its matches counted");
	e2e_send(&s, "/\033OA");
	tap_ok(e2e_wait_row(&s, o.rows - 1, 0, "/Kroah"),
	    "remember: / Up recalls the last run's query");
	e2e_send(&s, "\033");
	e2e_quit(&s, "remember: q exits 0 again");

	if (!e2e_start(&s, argn, &o) || !e2e_wait_for(&s, "By corbet")) {
		tap_ok(false, "remember: -n opens the sample");
		e2e_close(&s);
		return;
	}
	e2e_settle(&s);
	tap_ok(e2e_find(&s, "By corbet", 0, o.cols, &row, &col) &&
	    !e2e_find(&s, "/Kroah", 0, o.cols, &row, &col),
	    "remember: -n opens at the top, with no search");
	e2e_send(&s, "G");
	e2e_quit(&s, "remember: -n, q exits 0");
	if (!e2e_start(&s, argv, &o) || !e2e_wait_for(&s, "%")) {
		tap_ok(false, "remember: the sample opens after -n");
		e2e_close(&s);
		return;
	}
	e2e_settle(&s);
	tap_ok(e2e_top_holds(&s, words),
	    "remember: -n left the memory as it was");
	e2e_quit(&s, "remember: after -n, q exits 0");
	e2e_test_remember_nowhere();
}

/* --section 5 opens the pager at talk 5; --section 9 says there is none. */
static void
e2e_test_section(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false, NULL, NULL };
	struct e2e	 s;
	char		*argv[] = { (char *)e2e_bin, (char *)"--section",
	    (char *)"5", e2e_article, NULL };
	int		 row, col;

	if (!e2e_start(&s, argv, &o)) {
		tap_ok(false, "--section 5: the pager starts");
		e2e_close(&s);
		return;
	}
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[4].heading),
	    "--section 5: the pager opens at talk 5");
	e2e_quit(&s, "--section 5: q exits 0");
	argv[2] = (char *)"9";
	if (!e2e_start(&s, argv, &o)) {
		tap_ok(false, "--section 9: the pager starts");
		e2e_close(&s);
		return;
	}
	tap_ok(e2e_wait_for(&s, "No talk 9: the article has 7") &&
	    e2e_find(&s, "By corbet", 0, E2E_COLS, &row, &col),
	    "--section 9: says there is no talk 9, at the top");
	e2e_quit(&s, "--section 9: q exits 0");
}

/*
 * Two files: the first opens, "file 1/2"; :n opens the second, :p comes
 * back to the first where it was left; :n at the last one says so.
 */
static void
e2e_test_files(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false, NULL, NULL };
	struct e2e	 s;
	char		 path[PATH_MAX];
	char		*argv[] = { (char *)e2e_bin, e2e_article, path, NULL };

	if (!e2e_many_talks(path, sizeof(path)) || !e2e_start(&s, argv, &o) ||
	    !e2e_wait_for(&s, "By corbet")) {
		tap_ok(false, "two files: the first opens");
		e2e_close(&s);
		unlink(path);
		return;
	}
	tap_ok(e2e_wait_for(&s, "file 1/2"), "two files: \"file 1/2\"");
	e2e_send(&s, "3");
	e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[2].heading);
	e2e_send(&s, ":n");
	tap_ok(e2e_wait_for(&s, "Twelve talks") && e2e_wait_for(&s,
	    "file 2/2"), "two files: :n opens the second, \"file 2/2\"");
	e2e_send(&s, ":n");
	tap_ok(e2e_wait_for(&s, "The last file: no next one"),
	    "two files: :n at the last says so");
	e2e_send(&s, ":p");
	tap_ok(e2e_wait_at(&s, 0, E2E_BODY_X, e2e_talks[2].heading) &&
	    e2e_wait_for(&s, "file 1/2"),
	    "two files: :p comes back to the first, at talk 3 as left");
	e2e_quit(&s, "two files: q exits 0");
	unlink(path);
}

/* No file, and a terminal on standard input: the built-in article. */
static void
e2e_test_builtin(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false, NULL, NULL };
	struct e2e	 s;
	char		*argv[] = { (char *)e2e_bin, NULL };

	if (!e2e_start(&s, argv, &o)) {
		tap_ok(false, "no file: the pager starts");
		e2e_close(&s);
		return;
	}
	tap_ok(e2e_wait_for(&s, "By corbet, 2003-07-28") &&
	    e2e_wait_for(&s, e2e_talks[6].speaker),
	    "no file: the built-in OLS 2003 report opens, its index drawn");
	e2e_quit(&s, "no file: q exits 0");
}

/* What a file is, as far as writing to it would change that. */
struct e2e_file {
	struct stat	 st;
	struct e2e_buf	 bytes;
	struct e2e_buf	 dir;		/* the names beside it */
};

static bool
e2e_file_get(const char *dir, const char *path, struct e2e_file *f)
{
	memset(f, 0, sizeof(*f));
	if (stat(path, &f->st) == -1) {
		tap_diag("%s: %s", path, strerror(errno));
		return false;
	}
	return e2e_slurp(path, &f->bytes) && e2e_list(dir, &f->dir);
}

static void
e2e_file_release(struct e2e_file *f)
{
	free(f->bytes.data);
	free(f->dir.data);
}

/* Every default binding and prompt key, in groups, and what each shows. */
static const struct {
	const char	*keys;
	const char	*shows;		/* NULL: let it settle */
} e2e_every_key[] = {
	/* line-down, line-up, read-on, the page keys, top and bottom */
	{ "j\033OB\re\005\016", NULL },
	{ "k\033OAy\031\020", NULL },
	{ " f\033[6~\006\026b\033[5~\002d\004u\025", NULL },
	{ "G\033OF>g\033OH<", NULL },
	/* talks and sections, digits, the index */
	{ "]][}{", NULL },
	{ "7", "7. Integrating DMA" },
	{ "0", NULL },
	{ "\tjk\r", NULL },
	{ "\t\033", NULL },
	/* marks and history */
	{ "ma3'a''\177+", NULL },
	/* the index, the mouse, where am I, redraw */
	{ "tt", NULL },
	{ "MM", "Mouse on" },
	{ "=", " of " },
	{ "\014", NULL },
	/* the search prompt and its editing keys */
	{ "/kro", "/kro" },
	{ "\033OD\033OC\033OH\033OF\001\005\177\033[3~\025\027", NULL },
	{ "\033OA\033OB\tx\022\024\022\024\025talk\r", "match" },
	{ "nNn&&", NULL },
	{ "\033", NULL },
	{ "?Kroah\r", "match 1/1" },
	{ "/\003", NULL },
	{ "/zzzz\r", "Pattern not found" },
	/* help, with either key */
	{ "h", "olsread help" },
	{ "q", NULL },
	{ "\033OP", "olsread help" },
	{ "jGgq", NULL },
};

/*
 * Nothing olsread does writes to the article: every bound key, the
 * prompts, marks, the mouse, C-l and resizes, then q; the file's bytes,
 * its times and inode are as they were, and no file has appeared beside
 * it.
 */
static void
e2e_test_read_only(void)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false,
	    NULL, NULL };
	struct e2e_file	 before, after;
	struct e2e	 s;
	char		 dir[PATH_MAX], path[PATH_MAX];
	char		*argv[] = { (char *)e2e_bin, path, NULL };
	size_t		 i;
	int		 st;
	bool		 same;

	if (!e2e_mkdtemp(dir, sizeof(dir))) {
		tap_ok(false, "read-only: a copy of the sample");
		return;
	}
	snprintf(path, sizeof(path), "%s/article.md", dir);
	if (!e2e_copy(e2e_article, path) || !e2e_file_get(dir, path,
	    &before) || !e2e_start(&s, argv, &o) || !e2e_wait_for(&s,
	    e2e_talks[6].speaker) || !e2e_wait_for(&s, "%")) {
		tap_ok(false, "read-only: the copy opens");
		e2e_close(&s);
		e2e_rmtree(dir);
		return;
	}
	for (i = 0; i < E2E_NELEM(e2e_every_key); i++) {
		e2e_send(&s, e2e_every_key[i].keys);
		if (e2e_every_key[i].shows != NULL)
			e2e_wait_for(&s, e2e_every_key[i].shows);
		/* Longer than ESCDELAY: an Escape last is a key of its own. */
		e2e_pause(&s, 60);
	}
	e2e_mouse(&s, e2e_mode(&s, 0, 1006) == 1, 65, 50, 10, true);
	e2e_mouse(&s, e2e_mode(&s, 0, 1006) == 1, 0, 5, 4, true);
	e2e_resize(&s, 40, 10);
	e2e_resize(&s, E2E_COLS, E2E_ROWS);
	e2e_settle(&s);
	e2e_send(&s, "q");
	st = e2e_finish(&s);
	e2e_exited(st, 0, "read-only: every key, then q exits 0");
	if (!e2e_file_get(dir, path, &after)) {
		tap_ok(false, "read-only: the article is still there");
		e2e_close(&s);
		e2e_rmtree(dir);
		return;
	}
	same = after.bytes.len == before.bytes.len &&
	    memcmp(after.bytes.data, before.bytes.data, before.bytes.len) == 0;
	tap_ok(same && after.st.st_ino == before.st.st_ino &&
	    after.st.st_mtim.tv_sec == before.st.st_mtim.tv_sec &&
	    after.st.st_mtim.tv_nsec == before.st.st_mtim.tv_nsec &&
	    after.st.st_ctim.tv_sec == before.st.st_ctim.tv_sec &&
	    after.st.st_ctim.tv_nsec == before.st.st_ctim.tv_nsec,
	    "read-only: the article's bytes, inode, mtime and ctime are as "
	    "they were");
	if (!tap_ok(strcmp(after.dir.data, before.dir.data) == 0,
	    "read-only: no file has appeared beside the article"))
		tap_diag("before: %s; after: %s", before.dir.data,
		    after.dir.data);
	e2e_file_release(&before);
	e2e_file_release(&after);
	e2e_close(&s);
	e2e_rmtree(dir);
}

/*
 * A configuration file: a narrower index, a key rebound and one unbound,
 * and a bad line, warned about on the message line and again on standard
 * error once the pager ends.
 */
static void
e2e_test_config(void)
{
	static const char	 text[] = "sidebar-width = 20\n"
				    "bind x talk-next\nbind ] none\n"
				    "colour = dark\n";
	struct e2e_opts		 o = { NULL, E2E_COLS, E2E_ROWS, true, false,
	    NULL, NULL };
	struct e2e		 s;
	char			 path[] = "/tmp/olsread-e2e-config.XXXXXX";
	char			 warning[128];
	char			*argv[] = { (char *)e2e_bin,
				    (char *)"--config", path, e2e_article,
				    NULL };
	int			 fd;

	if ((fd = mkstemp(path)) == -1 || write(fd, text, sizeof(text) - 1) !=
	    (ssize_t)sizeof(text) - 1) {
		tap_ok(false, "config: a configuration file is written");
		return;
	}
	close(fd);
	snprintf(warning, sizeof(warning), "%s:4: unknown setting \"colour\"",
	    path);
	if (e2e_start(&s, argv, &o) && e2e_wait_for(&s, "By corbet")) {
		tap_ok(e2e_wait_for(&s, warning), "config: the message line "
		    "has the warning");
		tap_ok(e2e_wait_at(&s, 0, 21, "Trip report"), "config: "
		    "sidebar-width = 20: the text starts at column 21");
		e2e_send(&s, "]");
		tap_ok(e2e_wait_for(&s, "] does nothing"), "config: "
		    "bind ] none: ] does nothing");
		e2e_send(&s, "x");
		tap_ok(e2e_wait_at(&s, 0, 21, e2e_talks[0].heading), "config: "
		    "bind x talk-next: x goes to talk 1");
		e2e_send(&s, "q");
		e2e_exited(e2e_finish(&s), 0, "config: q exits 0");
		if (!tap_ok(e2e_buf_has(&s.errout, 0, warning), "config: "
		    "standard error has the warning once the pager ends"))
			tap_diag("stderr: \"%s\"", s.errout.data != NULL ?
			    s.errout.data : "");
	} else
		tap_ok(false, "config: the sample opens");
	e2e_close(&s);
	unlink(path);
}

/* Front matter: the title and byline it gives, none of its lines. */
static void
e2e_test_front(void)
{
	static const char	 text[] = "---\ntitle: Notes from the summit\n"
				    "author: [Jane Roe, John Doe]\n"
				    "date: 2023-05-01\ntags: [a, b]\n---\n\n"
				    "## Folios\n\nJane Roe presented folios.\n";
	struct e2e_opts		 o = { NULL, E2E_COLS, E2E_ROWS, true, false,
	    NULL, NULL };
	struct e2e		 s;
	char			 path[] = "/tmp/olsread-e2e-front.XXXXXX";
	char			*argv[] = { (char *)e2e_bin, path, NULL };
	int			 fd, row, col;

	if ((fd = mkstemp(path)) == -1 || write(fd, text, sizeof(text) - 1) !=
	    (ssize_t)sizeof(text) - 1) {
		tap_ok(false, "front matter: an article is written");
		return;
	}
	close(fd);
	if (e2e_start(&s, argv, &o) && e2e_wait_for(&s,
	    "By Jane Roe and John Doe, 2023-05-01")) {
		tap_ok(e2e_find(&s, "Notes from the summit", 0, E2E_COLS, &row,
		    &col) && row == 0, "front matter: its title heads the "
		    "index");
		tap_ok(e2e_find(&s, "Notes from the summit", col + 1, E2E_COLS,
		    &row, &col), "front matter: and the article");
		tap_ok(e2e_find(&s, "1. Folios", 0, E2E_COLS, &row, &col),
		    "front matter: the talk under it is numbered");
		tap_ok(!e2e_find(&s, "title:", 0, E2E_COLS, &row, &col) &&
		    !e2e_find(&s, "tags", 0, E2E_COLS, &row, &col) &&
		    !e2e_find(&s, "---", 0, E2E_COLS, &row, &col),
		    "front matter: none of its lines is shown");
		e2e_send(&s, "q");
		e2e_exited(e2e_finish(&s), 0, "front matter: q exits 0");
	} else
		tap_ok(false, "front matter: the title and byline show");
	e2e_close(&s);
	unlink(path);
}

/*
 * A table in the pager: ruled, its header bold, a cell's text wrapped in
 * its column, and a search that finds a word in a cell highlights it
 * there, in the cell.
 */
static void
e2e_test_table(void)
{
	static const char	 text[] = "# Programme\n\n"
				    "| Time | Talk | Speaker |\n"
				    "|-----:|------|:-------:|\n"
				    "| 9:00 | Opening words | Jane Roe |\n"
				    "| 10:30 | A talk whose title is long enough "
				    "to wrap inside its column on a screen of "
				    "a hundred columns with the index beside "
				    "it | John Wombat |\n\nAfter the table.\n";
	struct e2e_opts		 o = { NULL, E2E_COLS, E2E_ROWS, true, false,
	    NULL, NULL };
	struct e2e		 s;
	struct e2e_hits		 h;
	char			 path[] = "/tmp/olsread-e2e-table.XXXXXX";
	char			*argv[] = { (char *)e2e_bin, path, NULL };
	int			 fd, row, col, r2, c2;

	if ((fd = mkstemp(path)) == -1 || write(fd, text, sizeof(text) - 1) !=
	    (ssize_t)sizeof(text) - 1) {
		tap_ok(false, "table: an article is written");
		return;
	}
	close(fd);
	if (e2e_start(&s, argv, &o) && e2e_wait_for(&s, "After the table.")) {
		tap_ok(e2e_find(&s, "\xe2\x94\x8c", E2E_BODY_X, E2E_COLS, &row,
		    &col) && e2e_find(&s, "\xe2\x94\x94", E2E_BODY_X, E2E_COLS,
		    &r2, &c2) && r2 > row, "table: ruled round");
		tap_ok(e2e_find(&s, "Speaker", E2E_BODY_X, E2E_COLS, &row,
		    &col) && e2e_wait_look(&s, row, col, 0, 1),
		    "table: the header is bold");
		tap_ok(e2e_find(&s, "A talk whose", E2E_BODY_X, E2E_COLS, &row,
		    &col) && e2e_find(&s, "John", E2E_BODY_X, E2E_COLS,
		    &r2, &c2) && r2 == row && c2 > col &&
		    !e2e_find(&s, "|", E2E_BODY_X, E2E_COLS, &r2, &c2),
		    "table: cells side by side, no pipe shown");
		e2e_send(&s, "/wombat\r");
		tap_ok(e2e_wait_phrase(&s, "Wombat", 1, true, &h),
		    "table: a search highlights its match in the cell");
		e2e_send(&s, "q");
		e2e_exited(e2e_finish(&s), 0, "table: q exits 0");
	} else
		tap_ok(false, "table: the article shows");
	e2e_close(&s);
	unlink(path);
}

/*
 * A footnote in the pager: its mark after the text, the note listed at
 * the end of its section, and o with its number goes to the note.
 */
static void
e2e_test_note(void)
{
	struct e2e_opts		 o = { NULL, E2E_COLS, E2E_ROWS, true, false,
	    NULL, NULL };
	struct e2e		 s;
	static char		 text[4096];
	char			 path[] = "/tmp/olsread-e2e-note.XXXXXX";
	char			*argv[] = { (char *)e2e_bin, path, NULL };
	int			 fd, row, col, r2, c2, i;
	size_t			 len;
	bool			 ok;

	len = (size_t)snprintf(text, sizeof(text), "# Notes\n\nThe speaker "
	    "thanked the committee[^thanks].\n\n");
	for (i = 0; i < 40; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len,
		    "Filler paragraph %d.\n\n", i);
	len += (size_t)snprintf(text + len, sizeof(text) - len, "## Next\n\n"
	    "More.\n\n[^thanks]: Everyone who sent a talk.\n");
	if ((fd = mkstemp(path)) == -1 || write(fd, text, len) !=
	    (ssize_t)len) {
		tap_ok(false, "note: an article is written");
		return;
	}
	close(fd);
	if (e2e_start(&s, argv, &o) && e2e_wait_for(&s, "committee[1]")) {
		tap_ok(!e2e_find(&s, "[^thanks]", 0, E2E_COLS, &row, &col),
		    "note: the reference is a mark, not its source");
		e2e_send(&s, "o1\r");
		ok = e2e_wait_for(&s, "[1] Everyone who sent a talk.");
		e2e_settle(&s);
		ok = ok && e2e_find(&s, "[1] Everyone", E2E_BODY_X, E2E_COLS,
		    &row, &col) && e2e_find(&s, "Next", E2E_BODY_X, E2E_COLS,
		    &r2, &c2) && r2 > row;
		tap_ok(ok, "note: o 1 goes to the note, listed before the "
		    "next section");
		if (!ok)
			e2e_dump(&s);
		e2e_send(&s, "q");
		e2e_exited(e2e_finish(&s), 0, "note: q exits 0");
	} else
		tap_ok(false, "note: the article shows its mark");
	e2e_close(&s);
	unlink(path);
}

/* Links. */

/* Five links: one to open, three to refuse, a mailto the browser fails. */
static const char	 e2e_links_md[] = "# Links\n\n"
    "A [plain link](https://example.org/a?b=1&c=2), a "
    "[script](javascript:alert(1)), an [option](-oProxyCommand=x) and an "
    "[escape](<http://example.org/\033[31m>).\n\n"
    "Last, [mail](mailto:ann@example.org).\n";

/*
 * The fake browser: its arguments, one a line, into the file beside it
 * named after it with ".argv", and whether its standard input is a
 * terminal into ".stdin"; it fails on a mailto URL.
 */
static const char	 e2e_browser_sh[] = "#!/bin/sh\n"
    "for a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$0.argv\"\n"
    "if [ -t 0 ]; then echo tty; else echo no; fi > \"$0.stdin\"\n"
    "case $1 in mailto:*) exit 3;; esac\n";

/* A new file `path` holding the string `text`, of mode `mode`. */
static bool
e2e_put(const char *path, const char *text, mode_t mode)
{
	size_t	 len = strlen(text);
	int	 fd;
	bool	 ok;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)) == -1) {
		tap_diag("%s: %s", path, strerror(errno));
		return false;
	}
	ok = write(fd, text, len) == (ssize_t)len;
	return close(fd) == 0 && ok;
}

/* Whether the fake browser's record is `want` (NULL: it has not run). */
static bool
e2e_record_is(const char *record, const char *want)
{
	struct e2e_buf	 b = { NULL, 0, 0 };
	bool		 ok;

	if (want == NULL)
		return access(record, F_OK) == -1 && errno == ENOENT;
	ok = e2e_slurp(record, &b) && b.len == strlen(want) &&
	    memcmp(b.data, want, b.len) == 0;
	if (!ok)
		tap_diag("the browser's argv: \"%.*s\"", (int)b.len,
		    b.data != NULL ? b.data : "");
	free(b.data);
	return ok;
}

/*
 * olsread on `article`, or on it through a pipe, with $BROWSER `browser`
 * (NULL: unset).
 */
static bool
e2e_open_links(struct e2e *s, char *article, const char *browser, bool pipe)
{
	struct e2e_opts	 o = { NULL, E2E_COLS, E2E_ROWS, false, false, NULL, NULL };
	char		 sh[] = "/bin/sh", c[] = "-c", name[] = "sh";
	char		 script[] = "cat \"$1\" | \"$2\"";
	char		*argv[] = { (char *)e2e_bin, article, NULL };
	char		*piped[] = { sh, c, script, name, article,
			    (char *)e2e_bin, NULL };
	bool		 ok;

	if (browser != NULL)
		setenv("BROWSER", browser, 1);
	ok = e2e_start(s, pipe ? piped : argv, &o);
	unsetenv("BROWSER");
	return ok && e2e_wait_for(s, "plain link[1]");
}

/*
 * The links that may be opened are OSC 8 hyperlinks around the very text
 * curses drew, which the screen still shows as it was; the others are not.
 */
static void
e2e_links_osc8(struct e2e *s)
{
	e2e_settle(s);
	tap_ok(e2e_buf_has(&s->out, 0, "\033]8;;https://example.org/a?b=1&c=2"
	    "\033\\plain link\033]8;;\033\\") &&
	    e2e_buf_has(&s->out, 0, "\033]8;;mailto:ann@example.org\033\\"
	    "mail\033]8;;\033\\"), "links: the http and mailto links are "
	    "OSC 8 hyperlinks");
	tap_ok(!e2e_buf_has(&s->out, 0, "\033]8;;javascript") &&
	    !e2e_buf_has(&s->out, 0, "\033]8;;-") &&
	    !e2e_buf_has(&s->out, 0, "\033]8;;http://example.org/\033") &&
	    !e2e_buf_has(&s->out, 0, "\033]8;;http://example.org/\xe2"),
	    "links: the refused ones are not");
	tap_ok(e2e_wait_row(s, 3, E2E_BODY_X, "A plain link[1], a script[2], "
	    "an option[3] and an escape[4].") && e2e_wait_row(s, 5,
	    E2E_BODY_X, "Last, mail[5]."), "links: the text shows as curses "
	    "drew it");
}

/* With --no-hyperlinks, or on the Linux console, no OSC 8 at all. */
static void
e2e_links_no_osc8(char *md, const char *term, const char *name)
{
	struct e2e_opts	 o = { term, E2E_COLS, E2E_ROWS, false, false, NULL, NULL };
	char		 no[] = "--no-hyperlinks", nomouse[] = "--no-mouse";
	char		*argv[] = { (char *)e2e_bin, md, NULL, NULL };
	struct e2e	 s;

	/*
	 * With TERM=linux, curses takes the mouse through libgpm, which
	 * leaks a few bytes that LeakSanitizer would report: not ours.
	 */
	argv[1] = term == NULL ? no : nomouse;
	argv[2] = md;
	if (!e2e_start(&s, argv, &o) || !e2e_wait_for(&s, "plain link")) {
		tap_ok(false, "links: %s: the article opens", name);
		e2e_close(&s);
		return;
	}
	e2e_settle(&s);
	tap_ok(!e2e_buf_has(&s.out, 0, "\033]8"), "links: %s: no OSC 8",
	    name);
	e2e_quit(&s, "links: without hyperlinks, q exits 0");
}

/* Refused links are shown, with why, and never offered. */
static void
e2e_links_refused(struct e2e *s)
{
	e2e_send(s, "o2\r");
	tap_ok(e2e_wait_at(s, s->rows - 1, 0, "[2] javascript:alert(1)"
	    E2E_DOT "only http, https and mailto links are opened"),
	    "links: a javascript: link is shown, not offered");
	e2e_send(s, "y");
	e2e_send(s, "o3\r");
	tap_ok(e2e_wait_at(s, s->rows - 1, 0, "[3] -oProxyCommand=x" E2E_DOT
	    "a URL starting with '-' could pass for an option"),
	    "links: a URL starting with '-' is refused");
	e2e_send(s, "o4\r");
	tap_ok(e2e_wait_at(s, s->rows - 1, 0, "[4] http://example.org/"
	    "\xe2\x90\x9b[31m" E2E_DOT "the URL holds a control character"),
	    "links: one with ESC shows it as \xe2\x90\x9b, and is refused");
	e2e_send(s, "o9\r");
	tap_ok(e2e_wait_at(s, s->rows - 1, 0, "No link 9: the article has 5"),
	    "links: a number with no link says so");
	e2e_send(s, "o1\r");
	e2e_wait_at(s, s->rows - 1, 0, "Open https://");
	e2e_send(s, "n");
	tap_ok(e2e_wait_row(s, s->rows - 1, 0, ""), "links: n declines");
}

/* The article through a pipe: the browser still gets the terminal. */
static void
e2e_links_piped(char *md, const char *sh, const char *input)
{
	struct e2e	 s;

	unlink(input);
	if (e2e_open_links(&s, md, sh, true)) {
		e2e_send(&s, "o1\r");
		e2e_wait_at(&s, s.rows - 1, 0, "Open https://");
		e2e_send(&s, "y");
		tap_ok(e2e_wait_at(&s, s.rows - 1, 0, "Opened with ") &&
		    e2e_record_is(input, "tty\n"), "links: the article "
		    "through a pipe, the browser's input is the terminal");
		e2e_quit(&s, "links: through a pipe, q exits 0");
		return;
	}
	tap_ok(false, "links: the article opens through a pipe");
	e2e_close(&s);
}

/*
 * o, a number and Enter show the URL and ask; y runs $BROWSER with the
 * URL as its one argument, and says how it went; refused links, and a
 * link declined, never run it.  Without a browser, the URL and a hint.
 */
static void
e2e_test_links(void)
{
	struct e2e	 s;
	char		 dir[PATH_MAX], md[PATH_MAX], sh[PATH_MAX];
	char		 record[PATH_MAX + 8], input[PATH_MAX + 8], *path;
	size_t		 from, back;

	if (!e2e_mkdtemp(dir, sizeof(dir))) {
		tap_ok(false, "links: a directory of the test's");
		return;
	}
	snprintf(md, sizeof(md), "%s/links.md", dir);
	snprintf(sh, sizeof(sh), "%s/browser", dir);
	snprintf(record, sizeof(record), "%s.argv", sh);
	snprintf(input, sizeof(input), "%s.stdin", sh);
	if (!e2e_put(md, e2e_links_md, 0644) ||
	    !e2e_put(sh, e2e_browser_sh, 0755) ||
	    !e2e_open_links(&s, md, sh, false)) {
		tap_ok(false, "links: the article opens");
		e2e_close(&s);
		e2e_rmtree(dir);
		return;
	}
	e2e_links_osc8(&s);
	e2e_send(&s, "o");
	tap_ok(e2e_wait_row(&s, s.rows - 1, 0, "Link:"), "links: o asks for "
	    "a number");
	e2e_send(&s, "1");
	tap_ok(e2e_wait_row(&s, s.rows - 1, 0, "Link: 1"), "links: the digit "
	    "shows, and waits for Enter");
	e2e_send(&s, "\r");
	tap_ok(e2e_wait_row(&s, s.rows - 1, 0, "Open https://example.org/"
	    "a?b=1&c=2 ? (y/n)") && e2e_record_is(record, NULL), "links: Enter "
	    "shows the URL and asks, and runs nothing yet");
	from = s.out.len;
	e2e_send(&s, "y");
	tap_ok(e2e_wait_at(&s, s.rows - 1, 0, "Opened with ") &&
	    e2e_wait_for(&s, "plain link[1]") && e2e_wait_alt(&s, true),
	    "links: y opens it, and the pager comes back");
	tap_ok(e2e_buf_has(&s.out, from, "\033[?1049l") &&
	    e2e_buf_has(&s.out, from, "1000l") &&
	    e2e_mode(&s, from, 1049) == 1 && e2e_mode(&s, from, 1000) == 1,
	    "links: the browser had the terminal as the shell has it: the "
	    "alternate screen and the mouse went, and came back");
	tap_ok(e2e_record_is(record, "https://example.org/a?b=1&c=2\n") &&
	    e2e_record_is(input, "tty\n"), "links: the browser got the URL "
	    "as its one argument, and the terminal");
	unlink(record);
	e2e_settle(&s);
	back = s.out.len;
	e2e_links_refused(&s);
	e2e_settle(&s);
	/* Not the handing over of the terminal: curses resets colours. */
	tap_ok(e2e_output_clean_in(&s, 0, from) &&
	    e2e_output_clean_in(&s, back, s.out.len), "links: no escape "
	    "sequence but curses' and OSC 8 to the URLs that may be opened");
	tap_ok(e2e_record_is(record, NULL), "links: refused and declined "
	    "links never run the browser");
	e2e_send(&s, "o5\ry");
	tap_ok(e2e_wait_for(&s, "browser failed: exit status 3") &&
	    e2e_record_is(record, "mailto:ann@example.org\n"), "links: a "
	    "mailto link runs it too, and its failure is told");
	e2e_quit(&s, "links: q exits 0");
	e2e_links_no_osc8(md, NULL, "--no-hyperlinks");
	e2e_links_no_osc8(md, "linux", "TERM=linux");
	e2e_links_piped(md, sh, input);
	/* No $BROWSER, and no xdg-open on PATH. */
	path = getenv("PATH") != NULL ? strdup(getenv("PATH")) : NULL;
	setenv("PATH", dir, 1);
	if (e2e_open_links(&s, md, NULL, false)) {
		e2e_send(&s, "o1\r");
		tap_ok(e2e_wait_at(&s, s.rows - 1, 0, "[1] https://example.org/"
		    "a?b=1&c=2" E2E_DOT "no browser: set $BROWSER"),
		    "links: without a browser, the URL and a hint");
		e2e_quit(&s, "links: without a browser, q exits 0");
	} else {
		tap_ok(false, "links: the article opens without a browser");
		e2e_close(&s);
	}
	if (path != NULL)
		setenv("PATH", path, 1);
	free(path);
	e2e_rmtree(dir);
}

/* The help. */

/* The whole screen, cell by cell, to compare one with another. */
struct e2e_shot {
	int		 cols;
	int		 rows;
	VTermScreenCell	*cells;		/* owned: rows x cols */
};

static void
e2e_shoot(const struct e2e *s, struct e2e_shot *shot)
{
	int	 r, c;

	shot->cols = s->cols;
	shot->rows = s->rows;
	shot->cells = calloc((size_t)s->rows * (size_t)s->cols,
	    sizeof(*shot->cells));
	if (shot->cells == NULL) {
		perror("e2e: calloc");
		exit(99);
	}
	for (r = 0; r < s->rows; r++)
		for (c = 0; c < s->cols; c++)
			shot->cells[r * s->cols + c] = e2e_cell(s, r, c);
}

/*
 * Whether two cells look the same: characters, attributes, colours.  A
 * cell erased and one that had a blank written to it do.
 */
static bool
e2e_same_cell(const VTermScreenCell *a, const VTermScreenCell *b)
{
	bool	 blank = (a->chars[0] == 0 || a->chars[0] == ' ') &&
		    (b->chars[0] == 0 || b->chars[0] == ' ');

	return (blank || memcmp(a->chars, b->chars, sizeof(a->chars)) == 0) &&
	    a->width == b->width && a->attrs.bold == b->attrs.bold &&
	    a->attrs.underline == b->attrs.underline &&
	    a->attrs.italic == b->attrs.italic &&
	    a->attrs.reverse == b->attrs.reverse &&
	    vterm_color_is_equal(&a->fg, &b->fg) &&
	    vterm_color_is_equal(&a->bg, &b->bg);
}

/* Whether `s` shows `shot`, each cell; the first that differs is told. */
static bool
e2e_shows_shot(const struct e2e *s, const struct e2e_shot *shot)
{
	char			 line[E2E_LINE];
	VTermScreenCell		 c, *want;
	int			 r, col;

	if (s->cols != shot->cols || s->rows != shot->rows)
		return false;
	for (r = 0; r < s->rows; r++)
		for (col = 0; col < s->cols; col++) {
			c = e2e_cell(s, r, col);
			want = &shot->cells[r * s->cols + col];
			if (e2e_same_cell(&c, want))
				continue;
			tap_diag("row %d, column %d differs: U+%04X here, "
			    "U+%04X over an article with no text", r, col,
			    (unsigned int)c.chars[0],
			    (unsigned int)want->chars[0]);
			tap_diag("row %d here: %s", r, e2e_row(s, r, 0, line,
			    NULL));
			return false;
		}
	return true;
}

/* The help's title at each size, and how its last line ends at its end. */
static const struct {
	int		 cols;
	int		 rows;
	const char	*title;
	const char	*end;
} e2e_help_sizes[] = {
	{ 100, 30, "olsread help: j k Space b scroll, g G top and bottom, "
	    "q Escape h close", "(END)" },
	{ 60, 20, "Help: j k Space b scroll, g G ends, q closes", "(END)" },
	{ 20, 5, "j/k scroll, q closes", "/" },
};

/* olsread on `article` at the size of e2e_help_sizes[i], its help drawn. */
static bool
e2e_open_help(struct e2e *s, char *article, size_t i)
{
	struct e2e_opts	 o = { NULL, e2e_help_sizes[i].cols,
			    e2e_help_sizes[i].rows, false, false, NULL, NULL };
	char		*argv[] = { (char *)e2e_bin, article, NULL };

	if (!e2e_start(s, argv, &o) || !e2e_wait_for(s, "%"))
		return false;
	e2e_settle(s);
	e2e_send(s, "h");
	if (!e2e_wait_for(s, "j, Down"))
		return false;
	e2e_settle(s);
	return true;
}

/*
 * The help at one size: a page of its own, the same over the sample as
 * over an article with no text, cell for cell, so that nothing of the
 * pager shows through; G and g go to its end and back, q closes it.
 */
static void
e2e_help_at(size_t i, char *blank)
{
	struct e2e	 s;
	struct e2e_shot	 shot = { 0, 0, NULL };
	int		 cols = e2e_help_sizes[i].cols;
	int		 rows = e2e_help_sizes[i].rows;

	if (!e2e_open_help(&s, blank, i)) {
		tap_ok(false, "help at %dx%d: shows over an empty article",
		    cols, rows);
		e2e_close(&s);
		return;
	}
	e2e_shoot(&s, &shot);
	e2e_send(&s, "q");
	e2e_quit(&s, "help: q closes it, q again exits 0");
	if (!e2e_open_help(&s, e2e_article, i)) {
		tap_ok(false, "help at %dx%d: shows over the sample", cols,
		    rows);
		e2e_close(&s);
		free(shot.cells);
		return;
	}
	tap_ok(e2e_shows_shot(&s, &shot), "help at %dx%d: every cell is the "
	    "help's, as over an article with no text", cols, rows);
	tap_ok(e2e_wait_at(&s, 0, 0, e2e_help_sizes[i].title), "help at "
	    "%dx%d: its first line says how to scroll it and leave it", cols,
	    rows);
	e2e_send(&s, "G");
	tap_ok(e2e_wait_in_row(&s, rows - 1, e2e_help_sizes[i].end, false) &&
	    e2e_wait_in_row(&s, rows - 2, "quit", false),
	    "help at %dx%d: G goes to its end", cols, rows);
	e2e_send(&s, "g");
	tap_ok(e2e_wait_at(&s, 1, 0, "j, Down, Enter"), "help at %dx%d: g "
	    "goes back to its top", cols, rows);
	e2e_send(&s, "q");
	tap_ok(e2e_wait_gone(&s, e2e_help_sizes[i].title) &&
	    e2e_wait_in_row(&s, rows - 2, "%", false), "help at %dx%d: q "
	    "closes it", cols, rows);
	e2e_quit(&s, "help: q exits 0");
	free(shot.cells);
}

/* The help, at three sizes down to the smallest the pager draws. */
static void
e2e_test_help(void)
{
	char	 dir[PATH_MAX], blank[PATH_MAX];
	size_t	 i;

	if (!e2e_mkdtemp(dir, sizeof(dir))) {
		tap_ok(false, "help: a directory of the test's");
		return;
	}
	snprintf(blank, sizeof(blank), "%s/blank.md", dir);
	if (!e2e_put(blank, "\n", 0644)) {
		tap_ok(false, "help: an article with no text");
		e2e_rmtree(dir);
		return;
	}
	for (i = 0; i < E2E_NELEM(e2e_help_sizes); i++)
		e2e_help_at(i, blank);
	e2e_rmtree(dir);
}

/* Prompts and messages at 20x5, the smallest size the pager draws. */

/*
 * At 20x5: the question whether to open a link keeps its "(y/n)", a
 * refused link says so in words that fit, a long query scrolls so that
 * its end and the cursor show, and a message takes its short form.
 */
static void
e2e_test_narrow(void)
{
	struct e2e_opts	 o = { NULL, 20, 5, false, false, NULL, NULL };
	struct e2e	 s;
	char		 dir[PATH_MAX], md[PATH_MAX];
	char		*argv[] = { (char *)e2e_bin, md, NULL };
	VTermPos	 pos;

	if (!e2e_mkdtemp(dir, sizeof(dir))) {
		tap_ok(false, "narrow: a directory of the test's");
		return;
	}
	snprintf(md, sizeof(md), "%s/links.md", dir);
	setenv("BROWSER", "/bin/true", 1);
	if (!e2e_put(md, e2e_links_md, 0644) || !e2e_start(&s, argv, &o) ||
	    !e2e_wait_for(&s, "%")) {
		unsetenv("BROWSER");
		tap_ok(false, "narrow: the links article opens at 20x5");
		e2e_close(&s);
		e2e_rmtree(dir);
		return;
	}
	unsetenv("BROWSER");
	e2e_send(&s, "o1\r");
	tap_ok(e2e_wait_row(&s, 4, 0, "Open [1]? (y/n)"), "narrow: o 1 Enter "
	    "asks in words that fit, (y/n) shown");
	e2e_send(&s, "n");
	e2e_send(&s, "o2\r");
	tap_ok(e2e_wait_row(&s, 4, 0, "[2] not opened"), "narrow: a refused "
	    "link says so in short");
	e2e_send(&s, "/abcdefghijklmnopqrstuvwxyz");
	tap_ok(e2e_wait_row(&s, 4, 0, "hijklmnopqrstuvwxyz"), "narrow: a long "
	    "query scrolls, its end shown");
	vterm_state_get_cursorpos(vterm_obtain_state(s.vt), &pos);
	tap_ok(pos.row == 4 && pos.col == 19, "narrow: the cursor after its "
	    "last letter, at row %d, column %d", pos.row, pos.col);
	e2e_send(&s, "\033");
	e2e_pause(&s, 60);
	e2e_send(&s, "x");
	tap_ok(e2e_wait_row(&s, 4, 0, "x does nothing"), "narrow: a message "
	    "takes its short form");
	e2e_quit(&s, "narrow: q exits 0");
	e2e_rmtree(dir);
}

/*
 * Whether the last row holds a whole message of `=`: a line count and the
 * percentage it ends with, so that nothing of it was cut.
 */
static bool
e2e_info_whole(const struct e2e *s, const void *arg)
{
	char	 line[E2E_LINE];
	size_t	 n;

	(void)arg;
	e2e_row(s, s->rows - 1, 0, line, NULL);
	n = strlen(line);
	return n > 0 && line[n - 1] == '%' &&
	    (strstr(line, " of ") != NULL || strchr(line, '/') != NULL);
}

/* Whether the last row ends with the text `arg`. */
static bool
e2e_row_ends(const struct e2e *s, const void *arg)
{
	char		 line[E2E_LINE];
	const char	*want = arg;
	size_t		 n, m = strlen(want);

	e2e_row(s, s->rows - 1, 0, line, NULL);
	n = strlen(line);
	return n >= m && strcmp(line + n - m, want) == 0;
}

/*
 * The overlays of the last row at one size: the message of = whole, the
 * question to open a link with its "(y/n)", a query longer than the row
 * with its end and the cursor shown.
 */
static void
e2e_overlays_at(int cols, int rows, const char *md)
{
	static const char	 query[] = "/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN";
	struct e2e_opts		 o = { NULL, cols, rows, false, false, NULL,
				    NULL };
	struct e2e		 s;
	char			*argv[] = { (char *)e2e_bin, (char *)md, NULL };
	VTermPos		 pos;

	/* A browser to ask about, which opens nothing. */
	setenv("BROWSER", "/bin/true", 1);
	if (!e2e_start(&s, argv, &o) || !e2e_wait_for(&s, "%")) {
		unsetenv("BROWSER");
		tap_ok(false, "overlays at %dx%d: the links article opens",
		    cols, rows);
		e2e_close(&s);
		return;
	}
	unsetenv("BROWSER");
	e2e_settle(&s);
	e2e_send(&s, "=");
	tap_ok(e2e_until(&s, e2e_info_whole, NULL, "= whole"), "overlays at "
	    "%dx%d: = says the line and ends with its percentage", cols, rows);
	e2e_send(&s, "o1\r");
	tap_ok(e2e_wait_in_row(&s, rows - 1, "(y/n)", false), "overlays at "
	    "%dx%d: the question to open a link shows its (y/n)", cols, rows);
	e2e_send(&s, "n");
	e2e_send(&s, query);
	tap_ok(e2e_until(&s, e2e_row_ends, "EFGHIJKLMN", "query end"),
	    "overlays at %dx%d: a long query shows its end", cols, rows);
	vterm_state_get_cursorpos(vterm_obtain_state(s.vt), &pos);
	tap_ok(pos.row == rows - 1 && pos.col < cols, "overlays at %dx%d: the "
	    "cursor on the prompt's row, at column %d", cols, rows, pos.col);
	e2e_send(&s, "\033");
	e2e_pause(&s, 60);
	e2e_quit(&s, "overlays: q exits 0");
}

/* The overlays at 100x30, 60x20 and 20x5. */
static void
e2e_test_overlays(void)
{
	char	 dir[PATH_MAX], md[PATH_MAX];

	if (!e2e_mkdtemp(dir, sizeof(dir))) {
		tap_ok(false, "overlays: a directory of the test's");
		return;
	}
	snprintf(md, sizeof(md), "%s/links.md", dir);
	if (!e2e_put(md, e2e_links_md, 0644)) {
		tap_ok(false, "overlays: the links article");
		e2e_rmtree(dir);
		return;
	}
	e2e_overlays_at(100, 30, md);
	e2e_overlays_at(60, 20, md);
	e2e_overlays_at(20, 5, md);
	e2e_rmtree(dir);
}

int
main(void)
{
	const char	*src = getenv("OLSREAD_SRCDIR");

	tap_plan(0);
	e2e_bin = getenv("OLSREAD_BIN");
	if (e2e_bin == NULL || src == NULL) {
		tap_ok(false, "OLSREAD_BIN and OLSREAD_SRCDIR are set");
		return tap_done();
	}
	snprintf(e2e_article, sizeof(e2e_article), "%s/data/000-article.md",
	    src);
	snprintf(e2e_escapes, sizeof(e2e_escapes), "%s/tests/e2e/escapes.md",
	    src);
	/* A child gone before a write is an error to see, not a signal. */
	signal(SIGPIPE, SIG_IGN);
	/* No test may open the developer's own browser. */
	unsetenv("BROWSER");
	if (!e2e_mkdtemp(e2e_state, sizeof(e2e_state))) {
		tap_ok(false, "a directory for the runs' memory");
		return tap_done();
	}
	e2e_test_first_screen();
	e2e_test_talk_next();
	e2e_test_digit();
	e2e_test_resize();
	e2e_test_quit();
	e2e_test_quit_keys();
	e2e_test_redraw();
	e2e_test_suspend();
	e2e_test_pipe();
	e2e_test_named_pipe("process substitution",
	    (char *)"exec \"$2\" <(cat \"$1\")");
	e2e_test_named_pipe("a FIFO",
	    (char *)"cat \"$1\" >\"$3\" & exec \"$2\" \"$3\"");
	e2e_test_pipe_among();
	e2e_test_gzip();
	e2e_test_gzip_bomb();
	e2e_test_print("dumb", "olsread: the terminal (TERM=dumb) cannot show "
	    "the pager; printing the article");
	e2e_test_print("olsread-e2e-unknown", "olsread: unknown terminal type "
	    "olsread-e2e-unknown; printing the article");
	e2e_test_small();
	e2e_test_signal(SIGTERM, "SIGTERM", NULL, NULL);
	e2e_test_signal(SIGINT, "C-c", NULL, NULL);
	e2e_test_signal(SIGHUP, "SIGHUP", NULL, NULL);
	e2e_test_signal(SIGQUIT, "C-\\", NULL, NULL);
	e2e_test_signal(SIGTERM, "SIGTERM in the search prompt", "/van",
	    "/van");
	e2e_test_signal(SIGHUP, "SIGHUP in the help", "h", "olsread help");
	e2e_test_sigpipe();
	e2e_test_index();
	e2e_test_mouse();
	e2e_test_prompt();
	e2e_test_help();
	e2e_test_speakers();
	e2e_test_speakers_step();
	e2e_test_search_find();
	e2e_test_search_next();
	e2e_test_search_index();
	e2e_test_search_wrap();
	e2e_test_search_cancel();
	e2e_test_search_interrupt();
	e2e_test_search_none();
	e2e_test_search_arg();
	e2e_test_search_backward();
	e2e_test_search_complete();
	e2e_test_search_regex();
	e2e_test_search_focus();
	e2e_test_checker();
	e2e_test_escapes();
	e2e_test_sizes();
	e2e_test_storm();
	e2e_test_stop_resize();
	e2e_test_read_only();
	e2e_test_remember();
	e2e_test_section();
	e2e_test_builtin();
	e2e_test_files();
	e2e_test_large();
	e2e_test_many_files();
	e2e_test_config();
	e2e_test_front();
	e2e_test_table();
	e2e_test_note();
	e2e_test_themes();
	e2e_test_links();
	e2e_test_narrow();
	e2e_test_overlays();
	e2e_rmtree(e2e_state);
	return tap_done();
}
