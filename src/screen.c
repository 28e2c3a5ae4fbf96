/*
 * screen: curses.  It draws the view's rows, segment by segment, with the
 * look each role and style has (one table), clipped to the window; it reads
 * the terminal with poll() and get_wch(), so that olsread sleeps in the
 * kernel when idle; it turns keys, the mouse and resizes into view calls;
 * and it gives the terminal back on every way out: quit, fatal(), a signal.
 * Nothing here decides what to show: that is the view's job.
 */
/* ppoll(2), to wait for input and signals without a race. */
#define _GNU_SOURCE

#include "screen.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "doc.h"
#include "keymap.h"
#include "layout.h"
#include "link.h"
#include "load.h"
#include "opener.h"
#include "search.h"
#include "text.h"
#include "util.h"
#include "view.h"

/*
 * Last: term.h defines a macro for every terminfo capability, "lines" and
 * "columns" among them, which the project's headers use as names.
 */
#include <curses.h>
#include <term.h>
#undef lines
#undef columns

enum screen_pair {
	SCREEN_PAIR_NONE,
	SCREEN_PAIR_CODE,
	SCREEN_PAIR_LINK,
	SCREEN_PAIR_NUMBER,
	SCREEN_PAIR_QUOTE,
	SCREEN_PAIR_CURRENT,	/* the current match */
	SCREEN_PAIR__MAX
};

/* The look of each role: attributes, and a colour pair where there is one. */
static const struct {
	attr_t		 attr;
	enum screen_pair pair;
} screen_roles[LAYOUT_ROLE__MAX] = {
	[LAYOUT_BODY] = { A_NORMAL, SCREEN_PAIR_NONE },
	[LAYOUT_HEADING] = { A_BOLD, SCREEN_PAIR_NONE },
	[LAYOUT_TALK_NUMBER] = { A_BOLD, SCREEN_PAIR_NUMBER },
	[LAYOUT_CODE] = { A_NORMAL, SCREEN_PAIR_CODE },
	[LAYOUT_HTML] = { A_DIM, SCREEN_PAIR_NONE },
	[LAYOUT_RULE] = { A_DIM, SCREEN_PAIR_NONE },
	[LAYOUT_QUOTE] = { A_DIM, SCREEN_PAIR_QUOTE },
	[LAYOUT_MARKER] = { A_BOLD, SCREEN_PAIR_NONE },
	[LAYOUT_LINK_NUMBER] = { A_DIM, SCREEN_PAIR_LINK },
	[LAYOUT_CONTROL] = { A_REVERSE, SCREEN_PAIR_NONE },
	[LAYOUT_CONTINUED] = { A_DIM, SCREEN_PAIR_NONE },
};

/* Set by the signal handlers; the main loop acts on them. */
static volatile sig_atomic_t	 screen_signal;
/* Whether curses holds the terminal, for the cleanup hook. */
static bool			 screen_active;
static bool			 screen_colors;
/* Italic where the terminal has it, underline otherwise. */
static attr_t			 screen_italic = A_UNDERLINE;
static SCREEN			*screen_term;
static FILE			*screen_in;	/* owned: keys, maybe /dev/tty */
static const char		*screen_opener;	/* borrowed: opens links */
/*
 * The signals that end olsread, and the resize: blocked but while waiting
 * in ppoll(), so that none can come between a look at screen_signal and
 * the wait, and be missed until the next key.
 */
static sigset_t			 screen_waiting;	/* mask inside ppoll */
static sigset_t			 screen_saved;		/* mask before */
static const int		 screen_ending[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE
};

/*
 * OSC 8 hyperlinks.  curses knows nothing of them, and a terminal marks
 * as a link the cells written while one is open: so once curses has drawn
 * a frame, each piece of a link's text is written again over itself, the
 * same characters with the same attributes, between OSC 8 and OSC 8, and
 * the cursor goes back where curses left it.  The attributes go through
 * vid_puts(), which keeps curses' idea of the terminal right.  A row that
 * had links is written whole by the next frame (wredrawln), so that no
 * cell keeps a link it lost.  The URL and the text must pass link.h, so
 * that no control ever goes out inside the sequence.
 */
struct screen_href {
	int		 y;
	int		 x;
	const char	*text;		/* borrowed: a layout, for the frame */
	size_t		 len;
	attr_t		 attr;
	const char	*url;		/* borrowed: the doc */
	size_t		 url_len;
};

/* A link's URL, for the pieces of its text. */
struct screen_url {
	const char	*url;		/* borrowed: the doc */
	size_t		 len;
};

static bool			 screen_hyperlinks;	/* as asked, and the
							   terminal fit */
static bool			 screen_recording;	/* in this frame */
static struct screen_href	*screen_hrefs;		/* owned */
static size_t			 screen_nhrefs;
static size_t			 screen_caphrefs;
/* Bytes for the terminal, written after curses' own: see screen_out(). */
static struct buf		 screen_extra;

bool
screen_usable(char *why, size_t size)
{
	const char	*term = getenv("TERM");
	int		 err = 0;
	char		*cup;

	if (term == NULL || *term == '\0' || strcmp(term, "dumb") == 0) {
		snprintf(why, size, "the terminal (TERM=%s) cannot show the "
		    "pager", term != NULL ? term : "");
		return false;
	}
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
		snprintf(why, size, "unknown terminal type %s", term);
		return false;
	}
	cup = tigetstr("cup");
	del_curterm(cur_term);
	if (cup == NULL || cup == (char *)-1) {
		snprintf(why, size, "the terminal (TERM=%s) cannot move the "
		    "cursor", term);
		return false;
	}
	return true;
}

/* Give the terminal back; safe to call twice, and from fatal(). */
static void
screen_end(void)
{
	if (!screen_active)
		return;
	screen_active = false;
	mousemask(0, NULL);
	curs_set(1);
	endwin();
	delscreen(screen_term);
	screen_term = NULL;
	if (screen_in != NULL && screen_in != stdin)
		fclose(screen_in);
	screen_in = NULL;
	free(screen_hrefs);
	screen_hrefs = NULL;
	screen_nhrefs = screen_caphrefs = 0;
	buf_release(&screen_extra);
	util_set_cleanup(NULL);
	/* A signal that came meanwhile is handled now, the screen given back. */
	sigprocmask(SIG_SETMASK, &screen_saved, NULL);
}

static void
screen_on_signal(int sig)
{
	screen_signal = sig;
}

/*
 * Without SA_RESTART, so that ppoll() wakes up to see the signal.  A
 * signal ignored already (nohup) stays ignored.
 */
static void
screen_catch(int sig)
{
	struct sigaction	 sa;

	if (sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = screen_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* Block the signals the main loop waits for, but while it waits. */
static void
screen_block(void)
{
	sigset_t	 set;
	size_t		 i;

	sigemptyset(&set);
	for (i = 0; i < sizeof(screen_ending) / sizeof(*screen_ending); i++)
		sigaddset(&set, screen_ending[i]);
	sigaddset(&set, SIGWINCH);
	sigprocmask(SIG_BLOCK, &set, &screen_saved);
	screen_waiting = screen_saved;
	for (i = 0; i < sizeof(screen_ending) / sizeof(*screen_ending); i++)
		sigdelset(&screen_waiting, screen_ending[i]);
	sigdelset(&screen_waiting, SIGWINCH);
}

/*
 * Take the signals that came while blocked, in a long job between keys:
 * their handlers run now.
 */
static bool
screen_interrupted(void)
{
	sigset_t	 mask;

	sigprocmask(SIG_SETMASK, &screen_waiting, &mask);
	sigprocmask(SIG_SETMASK, &mask, NULL);
	return screen_signal != 0;
}

static void
screen_set_mouse(bool on)
{
	mousemask(on ? BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED :
	    0, NULL);
}

static void
screen_colors_init(void)
{
	const char	*nc = getenv("NO_COLOR");
	char		*sitm;

	sitm = tigetstr("sitm");
	if (sitm != NULL && sitm != (char *)-1)
		screen_italic = A_ITALIC;
	screen_colors = has_colors() && (nc == NULL || *nc == '\0');
	if (!screen_colors)
		return;
	start_color();
	use_default_colors();
	init_pair(SCREEN_PAIR_CODE, COLOR_CYAN, -1);
	init_pair(SCREEN_PAIR_LINK, COLOR_BLUE, -1);
	init_pair(SCREEN_PAIR_NUMBER, COLOR_YELLOW, -1);
	init_pair(SCREEN_PAIR_QUOTE, COLOR_GREEN, -1);
	init_pair(SCREEN_PAIR_CURRENT, COLOR_BLACK, COLOR_YELLOW);
}

/*
 * Take the terminal: keys from standard input, or from /dev/tty when the
 * article came through standard input, as less does.
 */
static bool
screen_begin(bool mouse)
{
	size_t	 i;

	screen_in = stdin;
	if (!isatty(STDIN_FILENO) && (screen_in = fopen("/dev/tty", "r")) ==
	    NULL)
		return false;
	/* A link's opener gets it as its standard input, and no copy. */
	if (screen_in != stdin)
		fcntl(fileno(screen_in), F_SETFD, FD_CLOEXEC);
	for (i = 0; i < sizeof(screen_ending) / sizeof(*screen_ending); i++)
		screen_catch(screen_ending[i]);
	screen_block();
	if ((screen_term = newterm(NULL, stdout, screen_in)) == NULL) {
		sigprocmask(SIG_SETMASK, &screen_saved, NULL);
		if (screen_in != stdin)
			fclose(screen_in);
		return false;
	}
	screen_active = true;
	util_set_cleanup(screen_end);
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	/* Escape alone is a key here: wait for more only briefly. */
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(25);
	curs_set(0);
	mouseinterval(0);
	screen_set_mouse(mouse);
	screen_colors_init();
	return true;
}

/* Attributes for a role and inline styles. */
static attr_t
screen_attr(unsigned int role, unsigned int style)
{
	attr_t		 a = screen_roles[role].attr;
	enum screen_pair p = screen_roles[role].pair;

	if (style & (LAYOUT_EMPH | LAYOUT_IMAGE))
		a |= screen_italic;
	if (style & LAYOUT_STRONG)
		a |= A_BOLD;
	if (style & LAYOUT_LINK) {
		a |= A_UNDERLINE;
		p = SCREEN_PAIR_LINK;
	}
	if (style & LAYOUT_CODE_SPAN)
		p = SCREEN_PAIR_CODE;
	if (style & LAYOUT_RAW_HTML)
		a |= A_DIM;
	if (!screen_colors) {
		/* Without colour, code is told apart by being dim. */
		if (p == SCREEN_PAIR_CODE)
			a |= A_DIM;
		return a;
	}
	return p != SCREEN_PAIR_NONE ? a | COLOR_PAIR(p) : a;
}

/*
 * Draw `len` bytes of UTF-8 at (y, *x), never past column `maxx`, and
 * advance *x by the cells drawn.  Text that does not fit is cut at a
 * character.  Returns the bytes drawn.
 */
static size_t
screen_put(int y, int *x, const char *s, size_t len, int maxx, attr_t a)
{
	size_t		 i = 0, n;
	unsigned int	 w, total = (unsigned int)text_width(s, len);
	uint32_t	 cp;

	if (*x >= maxx)
		return 0;
	attrset(a);
	if (*x + (int)total <= maxx) {
		mvaddnstr(y, *x, s, (int)len);
		*x += (int)total;
		return len;
	}
	for (move(y, *x); i < len; i += n) {
		n = text_decode(s + i, len - i, &cp);
		w = text_char_width(cp);
		if (*x + (int)w > maxx)
			break;
		addnstr(s + i, (int)n);
		*x += (int)w;
	}
	return i;
}

/* Draw as screen_put() does; a piece of a link's text is remembered. */
static void
screen_put_text(int y, int *x, const char *s, size_t len, int maxx,
    attr_t a, const struct screen_url *u)
{
	struct screen_href	*h;
	int			 x0 = *x;
	size_t			 n = screen_put(y, x, s, len, maxx, a);

	if (u == NULL || n == 0 || !screen_recording)
		return;
	screen_hrefs = xgrow(screen_hrefs, &screen_caphrefs, screen_nhrefs + 1,
	    sizeof(*screen_hrefs));
	h = &screen_hrefs[screen_nhrefs++];
	h->y = y;
	h->x = x0;
	h->text = s;
	h->len = n;
	h->attr = a;
	h->url = u->url;
	h->url_len = u->len;
}

/* What a match looks like: the current one apart from the others. */
static attr_t
screen_match_attr(attr_t a, bool current)
{
	if (!current)
		return (a & ~(attr_t)A_COLOR) | A_REVERSE;
	if (screen_colors)
		return (a & ~(attr_t)(A_COLOR | A_REVERSE)) | A_BOLD |
		    COLOR_PAIR(SCREEN_PAIR_CURRENT);
	return a | A_REVERSE | A_BOLD | A_UNDERLINE;
}

/*
 * Draw segment `seg`, its parts inside matches highlighted.  A stand-in
 * (a tab, a control's symbol) is all in or all out.
 */
static void
screen_draw_seg(int y, int *x, int maxx, const struct layout *l,
    const struct layout_seg *seg, const struct search *s, size_t cur,
    const struct screen_url *u)
{
	const char	*bytes;
	attr_t		 a = screen_attr(seg->role, seg->style);
	size_t		 n, first, count = 0, i, at, from, to;

	bytes = layout_seg_bytes(l, seg, &n);
	if (s != NULL && seg->kind != LAYOUT_SEG_DECO && seg->len > 0)
		first = search_within(s, seg->off, seg->len, &count);
	if (count == 0) {
		screen_put_text(y, x, bytes, n, maxx, a, u);
		return;
	}
	if (seg->kind == LAYOUT_SEG_SUBST) {
		screen_put_text(y, x, bytes, n, maxx, screen_match_attr(a,
		    first <= cur && cur < first + count), u);
		return;
	}
	for (at = seg->off, i = first; i < first + count; i++) {
		from = s->m[i].off > at ? s->m[i].off : at;
		to = s->m[i].off + s->m[i].len;
		if (to > seg->off + seg->len)
			to = seg->off + seg->len;
		screen_put_text(y, x, bytes + (at - seg->off), from - at, maxx,
		    a, u);
		screen_put_text(y, x, bytes + (from - seg->off), to - from,
		    maxx, screen_match_attr(a, i == cur), u);
		at = to;
	}
	screen_put_text(y, x, bytes + (at - seg->off), seg->off + seg->len -
	    at, maxx, a, u);
}

/*
 * The URL of segment `seg`, when it is a link's text that may become a
 * hyperlink; false otherwise.
 */
static bool
screen_seg_url(const struct layout *l, const struct layout_seg *seg,
    struct screen_url *u)
{
	size_t	 sp;

	if (!screen_recording || !(seg->style & LAYOUT_LINK) ||
	    seg->kind == LAYOUT_SEG_DECO)
		return false;
	if ((sp = link_at(l->doc, l->block, seg->off)) == DOC_NONE)
		return false;
	u->url = doc_span_url(l->doc, &l->doc->spans[sp], &u->len);
	return link_is_openable(u->url, u->len);
}

static void
screen_draw_line(struct view *v, int y, int x, int maxx,
    const struct layout *l, size_t line)
{
	const struct layout_line	*ln = &l->lines[line];
	const struct layout_seg		*seg;
	const struct search		*s;
	struct screen_url		 u;
	size_t				 i, cur;

	s = view_matches(v, &cur);
	for (i = 0; i < ln->nseg; i++) {
		seg = &l->segs[ln->seg + i];
		screen_draw_seg(y, &x, maxx, l, seg, s, cur,
		    screen_seg_url(l, seg, &u) ? &u : NULL);
	}
}

static void
screen_draw_body(struct view *v, const struct view_geom *g)
{
	struct view_row	*rows;
	unsigned int	 y;
	int		 maxx = (int)g->cols;

	if (g->body_h == 0)
		return;
	rows = xcalloc(g->body_h, sizeof(*rows));
	view_body(v, rows);
	for (y = 0; y < g->body_h; y++)
		if (rows[y].layout != NULL)
			screen_draw_line(v, (int)y, (int)g->body_x, maxx,
			    rows[y].layout, rows[y].line);
	free(rows);
}

/* A search's count of matches, at the end of an index entry's title. */
static void
screen_draw_count(const struct view_side_row *r, int y, int side_w, attr_t a)
{
	char	 num[24];
	int	 n, x;

	if (r->kind != VIEW_SIDE_TITLE || r->matches == (size_t)-1 ||
	    side_w < 12)
		return;
	n = snprintf(num, sizeof(num), "%zu", r->matches);
	x = side_w - 1 - n;
	screen_put(y, &x, num, (size_t)n, side_w - 1, r->matches > 0 ?
	    (a & ~(attr_t)A_DIM) | A_BOLD : a);
}

static void
screen_draw_sidebar(struct view *v, const struct view_geom *g)
{
	struct view_side_row	*rows;
	unsigned int		 y;
	int			 x;
	attr_t			 a;

	if (g->side_w == 0 || g->body_h == 0)
		return;
	rows = xcalloc(g->body_h, sizeof(*rows));
	view_sidebar(v, rows);
	for (y = 0; y < g->body_h; y++) {
		a = rows[y].kind == VIEW_SIDE_SPEAKERS ||
		    rows[y].kind == VIEW_SIDE_LOADING ||
		    rows[y].matches == 0 ? A_DIM : A_NORMAL;
		if (rows[y].current)
			a |= view_focus(v) == VIEW_FOCUS_SIDEBAR ? A_BOLD :
			    A_REVERSE;
		if (rows[y].cursor)
			a |= A_REVERSE | A_BOLD;
		if (a & A_REVERSE) {
			attrset(a);
			mvhline((int)y, 0, ' ', (int)g->side_w - 1);
		}
		x = 1;
		screen_put((int)y, &x, rows[y].text.data, rows[y].number_len,
		    (int)g->side_w - 1, a | (screen_colors ?
		    COLOR_PAIR(SCREEN_PAIR_NUMBER) : 0));
		screen_put((int)y, &x, rows[y].text.data + rows[y].number_len,
		    rows[y].text.len - rows[y].number_len, (int)g->side_w - 1,
		    a);
		screen_draw_count(&rows[y], (int)y, (int)g->side_w, a);
	}
	view_side_release(rows, g->body_h);
	free(rows);
	attrset(A_DIM);
	mvvline(0, (int)g->side_w - 1, ACS_VLINE, (int)g->body_h);
}

static void
screen_draw_status(struct view *v, const struct view_geom *g)
{
	struct buf	 left, right;
	int		 x = 0, rx;

	if (g->status_y < 0)
		return;
	buf_init(&left);
	buf_init(&right);
	view_status(v, &left, &right);
	attrset(A_REVERSE);
	mvhline(g->status_y, 0, ' ', (int)g->cols);
	screen_put(g->status_y, &x, left.data, left.len, (int)g->cols,
	    A_REVERSE | A_BOLD);
	rx = (int)g->cols - (int)text_width(right.data, right.len);
	if (rx >= x)
		screen_put(g->status_y, &rx, right.data, right.len,
		    (int)g->cols, A_REVERSE);
	buf_release(&left);
	buf_release(&right);
}

/* The message line; returns the column for the cursor of a prompt, or -1. */
static int
screen_draw_prompt(struct view *v, const struct view_geom *g)
{
	const char	*p = view_prompt(v), *msg = view_message(v);
	char		 small[64];
	int		 x = 0;

	if (g->prompt_y < 0)
		return -1;
	attrset(A_NORMAL);
	move(g->prompt_y, 0);
	clrtoeol();
	if (g->too_small && p == NULL && msg == NULL) {
		/* Narrow, the words matter more than the numbers. */
		if (g->cols < 15)
			snprintf(small, sizeof(small), "too small");
		else
			snprintf(small, sizeof(small), "%ux%u: too small",
			    g->cols, g->lines);
		msg = small;
	}
	if (p != NULL) {
		screen_put(g->prompt_y, &x, p, strlen(p), (int)g->cols - 1,
		    A_BOLD);
		x = (int)view_prompt_cursor(v);
		return x < (int)g->cols ? x : (int)g->cols - 1;
	}
	if (msg != NULL)
		screen_put(g->prompt_y, &x, msg, strlen(msg), (int)g->cols,
		    A_NORMAL);
	return -1;
}

/*
 * The help overlay: a box over the text, its title first, then as many
 * lines of help as fit from view_help_top().
 */
static void
screen_draw_help(struct view *v, const struct view_geom *g)
{
	struct buf	 help;
	const char	*p, *nl;
	int		 w, h, left, y, x, i;
	size_t		 skip = view_help_top(v);

	if (g->cols < 8 || g->lines < 5)
		return;
	buf_init(&help);
	view_help_lines(v, &help);
	w = (int)g->cols - 2 < 90 ? (int)g->cols - 2 : 90;
	h = (int)g->lines - 1;
	left = ((int)g->cols - w) / 2;
	attrset(A_NORMAL);
	for (i = 0; i < h; i++)
		mvhline(i, left, ' ', w);
	attrset(A_DIM);
	mvhline(h - 1, left, ACS_HLINE, w);
	for (p = help.data, y = 0; *p != '\0' && y < h - 1; p = nl + 1) {
		nl = strchr(p, '\n');
		if (y > 0 && skip > 0) {
			skip--;
			continue;
		}
		x = left + 1;
		screen_put(y, &x, p, (size_t)(nl - p), left + w - 1,
		    y == 0 ? A_REVERSE | A_BOLD : A_NORMAL);
		y++;
	}
	buf_release(&help);
}

/*
 * Whether the terminal is one to write OSC 8 to.  Those that know it make
 * links of it; the others, nearly all, skip the sequence, as ECMA-48 has
 * them parse it.  The Linux console has no links, and an older one may
 * print the sequence's text: it is left out.
 */
static bool
screen_osc8_fits(void)
{
	const char	*term = getenv("TERM");

	return term != NULL && strncmp(term, "linux", 5) != 0;
}

/* A byte from tputs() or vid_puts(), into screen_extra. */
static int
screen_outc(int c)
{
	buf_addc(&screen_extra, (char)c);
	return c;
}

/* Move the cursor, as the terminal's description says to. */
static void
screen_goto(int y, int x)
{
	tputs(tiparm(cursor_address, y, x), 1, screen_outc);
}

/*
 * Write screen_extra to the terminal.  curses has sent all of its own by
 * then (doupdate() ends so), and sends nothing meanwhile: so the bytes go
 * out in order without going through putp(), which would read "$<5>" in a
 * URL as a delay, and writes through stdio besides.
 */
static void
screen_out(void)
{
	const char	*p = screen_extra.data;
	size_t		 left = screen_extra.len;
	ssize_t		 n;

	while (left > 0) {
		if ((n = write(STDOUT_FILENO, p, left)) == -1) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			break;
		}
		p += n;
		left -= (size_t)n;
	}
	screen_extra.len = 0;
}

/* Whether the piece of text may be written again, inside a hyperlink. */
static bool
screen_href_ok(const struct screen_href *h)
{
	uint32_t	 cp;

	if (!link_is_plain_text(h->text, h->len))
		return false;
	/* A mark first would go on the cell before, twice. */
	text_decode(h->text, h->len, &cp);
	return text_char_width(cp) > 0;
}

/*
 * Write one piece of a link's text again, as a hyperlink.  The attributes
 * go through vid_puts(), so that curses knows what the terminal has.
 */
static void
screen_href_write(const struct screen_href *h, struct buf *url)
{
	url->len = 0;
	if (!screen_href_ok(h) || !link_osc8_url(h->url, h->url_len, url))
		return;
	screen_goto(h->y, h->x);
	vid_puts(h->attr & ~(attr_t)A_COLOR, (short)PAIR_NUMBER(h->attr), NULL,
	    screen_outc);
	buf_adds(&screen_extra, "\033]8;;");
	buf_add(&screen_extra, url->data, url->len);
	buf_adds(&screen_extra, "\033\\");
	buf_add(&screen_extra, h->text, h->len);
	buf_adds(&screen_extra, "\033]8;;\033\\");
}

/*
 * After curses has drawn the frame: its links as hyperlinks, then the
 * attributes and the cursor back as curses left them.
 */
static void
screen_href_flush(void)
{
	struct buf	 url;
	size_t		 i;
	int		 cy, cx;

	if (screen_nhrefs == 0)
		return;
	getyx(curscr, cy, cx);
	buf_init(&url);
	for (i = 0; i < screen_nhrefs; i++)
		screen_href_write(&screen_hrefs[i], &url);
	buf_release(&url);
	vid_puts(A_NORMAL, 0, NULL, screen_outc);
	screen_goto(cy, cx);
	screen_out();
}

/*
 * A new frame: the rows that had links are written whole, and this
 * frame's links are gathered, unless the help covers them.
 */
static void
screen_href_begin(bool help)
{
	size_t	 i;

	for (i = 0; i < screen_nhrefs; i++)
		if (i == 0 || screen_hrefs[i].y != screen_hrefs[i - 1].y)
			wredrawln(stdscr, screen_hrefs[i].y, 1);
	screen_nhrefs = 0;
	screen_recording = screen_hyperlinks && !help;
}

static void
screen_draw(struct view *v, bool repaint)
{
	const struct view_geom	*g = view_geom(v);
	int			 cx;

	if (repaint)
		clearok(curscr, TRUE);
	screen_href_begin(view_help_shown(v));
	erase();
	screen_draw_sidebar(v, g);
	screen_draw_body(v, g);
	screen_draw_status(v, g);
	cx = screen_draw_prompt(v, g);
	if (view_help_shown(v))
		screen_draw_help(v, g);
	attrset(A_NORMAL);
	if (cx >= 0) {
		move(g->prompt_y, cx);
		curs_set(1);
	} else
		curs_set(0);
	refresh();
	screen_href_flush();
}

/* A curses key as olsread's key code, or 0 for none. */
static uint32_t
screen_key(int r, wint_t wch)
{
	static const struct {
		int		 curses;
		uint32_t	 key;
	} keys[] = {
		{ KEY_UP, KEYMAP_UP }, { KEY_DOWN, KEYMAP_DOWN },
		{ KEY_LEFT, KEYMAP_LEFT }, { KEY_RIGHT, KEYMAP_RIGHT },
		{ KEY_PPAGE, KEYMAP_PAGE_UP }, { KEY_NPAGE, KEYMAP_PAGE_DOWN },
		{ KEY_HOME, KEYMAP_HOME }, { KEY_END, KEYMAP_END },
		{ KEY_IC, KEYMAP_INSERT }, { KEY_DC, KEYMAP_DELETE },
		{ KEY_BACKSPACE, KEYMAP_BACKSPACE }, { KEY_ENTER, KEYMAP_ENTER },
	};
	size_t	 i;

	if (r == OK) {
		if (wch == '\n' || wch == '\r')
			return KEYMAP_ENTER;
		if (wch == 0x7f || wch == 0x08)
			return KEYMAP_BACKSPACE;
		return (uint32_t)wch;
	}
	for (i = 0; i < sizeof(keys) / sizeof(*keys); i++)
		if ((int)wch == keys[i].curses)
			return keys[i].key;
	if ((int)wch >= KEY_F(1) && (int)wch <= KEY_F(12))
		return KEYMAP_F1 + (uint32_t)((int)wch - KEY_F(1));
	return 0;
}

static unsigned int
screen_mouse(struct view *v)
{
	MEVENT	 ev;

	if (getmouse(&ev) != OK || ev.x < 0 || ev.y < 0)
		return 0;
	if (ev.bstate & BUTTON4_PRESSED)
		return view_wheel(v, (unsigned int)ev.y, (unsigned int)ev.x,
		    -VIEW_WHEEL_LINES);
	if (ev.bstate & BUTTON5_PRESSED)
		return view_wheel(v, (unsigned int)ev.y, (unsigned int)ev.x,
		    VIEW_WHEEL_LINES);
	if (ev.bstate & BUTTON1_PRESSED)
		return view_click(v, (unsigned int)ev.y, (unsigned int)ev.x);
	return 0;
}

/*
 * Load what is left of the article, saying so while it takes; false when
 * a signal stops it.
 */
static bool
screen_load_all(struct view *v, struct load_job *job)
{
	if (load_doc(job)->complete)
		return true;
	view_set_message(v, "Loading the rest of the article...");
	screen_draw(v, false);
	while (!screen_interrupted() && load_next(job))
		continue;
	view_set_loading(v, load_percent(job));
	view_set_message(v, "");
	return screen_signal == 0;
}

/*
 * C-c while a prompt is open gives up the prompt, as Escape does, rather
 * than end olsread: one may well press it for that.
 */
static bool
screen_cancel_prompt(struct view *v)
{
	if (screen_signal != SIGINT || view_prompt(v) == NULL)
		return false;
	screen_signal = 0;
	view_key(v, KEYMAP_ESCAPE);
	return true;
}

/* One input event; returns VIEW_* flags. */
static unsigned int
screen_input(struct view *v, struct load_job *job, int r, wint_t wch)
{
	unsigned int	 flags;
	uint32_t	 key;

	if (r == KEY_CODE_YES && wch == KEY_RESIZE)
		return view_resize(v, (unsigned int)COLS, (unsigned int)LINES);
	if (r == KEY_CODE_YES && wch == KEY_MOUSE)
		return screen_mouse(v);
	if ((key = screen_key(r, wch)) == 0)
		return 0;
	flags = view_key(v, key);
	if (flags & VIEW_LOAD) {
		/* The key needs the whole article: load it, then ask again. */
		if (!screen_load_all(v, job))
			return VIEW_QUIT;
		flags = view_key(v, key) & ~(unsigned int)VIEW_LOAD;
	}
	return flags;
}

/*
 * Whether input waits, now (`timeout` 0) or after as long as it takes
 * (-1); false when a signal says to stop.
 */
static bool
screen_poll(int timeout, bool *ready)
{
	static const struct timespec	 zero = { 0, 0 };
	struct pollfd			 pfd;
	int				 n;

	pfd.fd = fileno(screen_in);
	pfd.events = POLLIN;
	*ready = false;
	if (screen_signal != 0)
		return false;
	n = ppoll(&pfd, 1, timeout < 0 ? NULL : &zero, &screen_waiting);
	if (n == -1 && errno != EINTR)
		fatal("ppoll: %s", strerror(errno));
	if (n > 0 && (pfd.revents & (POLLHUP | POLLERR | POLLNVAL)))
		screen_signal = SIGHUP;
	/* Interrupted: a resize may wait inside curses. */
	*ready = n != 0;
	return screen_signal == 0;
}

/*
 * The reader said yes to opening a link.  The opener gets the terminal as
 * the shell left it, for a terminal browser (w3m) needs it, and a
 * graphical one returns at once; then the screen is drawn anew, with what
 * came of it on the message line.
 */
static unsigned int
screen_open_link(struct view *v)
{
	const char	*url = view_link_url(v);
	char		 msg[256];

	if (url == NULL || screen_opener == NULL)
		return 0;
	def_prog_mode();
	endwin();
	opener_run(screen_opener, url, screen_in != stdin ?
	    fileno(screen_in) : -1, &screen_saved, msg, sizeof(msg));
	view_set_message(v, msg);
	return VIEW_REPAINT;
}

/* Read and handle what the terminal sent; false when the reader quits. */
static bool
screen_events(struct view *v, struct load_job *job, unsigned int *flags)
{
	wint_t		 wch;
	int		 r;

	while ((r = get_wch(&wch)) != ERR) {
		*flags |= screen_input(v, job, r, wch);
		if (*flags & VIEW_QUIT)
			return false;
		if (*flags & VIEW_MOUSE) {
			screen_set_mouse(view_mouse(v));
			*flags &= ~(unsigned int)VIEW_MOUSE;
		}
		if (*flags & VIEW_OPEN) {
			*flags &= ~(unsigned int)VIEW_OPEN;
			*flags |= screen_open_link(v);
		}
	}
	return true;
}

void
screen_die(int sig)
{
	signal(sig, SIG_DFL);
	raise(sig);
	/* Blocked, or not deadly after all: end as a shell would say. */
	_exit(128 + sig);
}

/* Go back to where the reader was, the article loaded as far as need be. */
static void
screen_restore(struct view *v, struct load_job *job,
    const struct view_memory *m)
{
	if (!view_memory_wants_all(v, m) || screen_load_all(v, job))
		view_restore(v, m);
}

int
screen_run(struct load_job *job, const struct keymap *km,
    const struct view_opts *o, const struct diag *dg, int *sig)
{
	struct view	*v;
	unsigned int	 flags = VIEW_REDRAW;
	bool		 ready;

	if (!screen_begin(o->mouse))
		return 1;
	screen_opener = o->opener;
	screen_hyperlinks = o->hyperlinks && screen_osc8_fits();
	load_next(job);
	v = view_new(load_doc(job), km, o, (unsigned int)COLS,
	    (unsigned int)LINES);
	view_set_loading(v, load_percent(job));
	if (dg->n > 0)
		view_set_message(v, dg->msgs[0]);
	if (o->memory != NULL)
		screen_restore(v, job, o->memory);
	/* +/query searches the whole article. */
	if (o->search != NULL && screen_load_all(v, job))
		view_search(v, o->search, 0);
	while (screen_signal == 0) {
		if (flags & (VIEW_REDRAW | VIEW_REPAINT))
			screen_draw(v, (flags & VIEW_REPAINT) != 0);
		flags = 0;
		if (!screen_poll(load_doc(job)->complete ? -1 : 0, &ready)) {
			if (!screen_cancel_prompt(v))
				break;
			flags = VIEW_REDRAW;
			continue;
		}
		if (!ready) {
			/* Between keys, a piece: nobody waits for more. */
			load_next(job);
			view_set_loading(v, load_percent(job));
			flags = VIEW_REDRAW;
			continue;
		}
		if (!screen_events(v, job, &flags))
			break;
	}
	if (o->memory != NULL)
		view_remember(v, o->memory);
	view_free(v);
	screen_end();
	*sig = screen_signal;
	return 0;
}
