/*
 * screen: curses.  It draws the view's rows, segment by segment, with the
 * look its theme gives each role and style (a table for each theme and
 * number of colours), clipped to the window; it reads the terminal with
 * poll() and get_wch(), so that olsread sleeps in the kernel when idle; it
 * turns keys, the mouse and resizes into view calls; and it gives the
 * terminal back on every way out: quit, fatal(), a signal.
 * Nothing here decides what to show: that is the view's job.
 */
/* ppoll(2), to wait for input and signals without a race. */
#define _GNU_SOURCE

#include "screen.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <poll.h>
#include <sched.h>
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

/*
 * What the pager draws, each part with its look.  Layout roles map onto
 * these (screen_role_look); the rest are the screen's own.
 */
enum screen_look {
	SCREEN_BODY,
	SCREEN_HEADING,
	SCREEN_NUMBER,		/* talk numbers, in the text and the index */
	SCREEN_DIM,		/* speakers, rules, HTML, the index's edge */
	SCREEN_MARKER,		/* list markers */
	SCREEN_CODE,		/* code blocks and spans */
	SCREEN_LINK,
	SCREEN_LINK_NUMBER,	/* "[3]" after a link */
	SCREEN_QUOTE,		/* quote bars */
	SCREEN_CONTROL,		/* the symbol of a control character */
	SCREEN_MATCH,		/* a match of the search */
	SCREEN_MATCH_CURRENT,	/* the current one */
	SCREEN_COUNT,		/* a talk's count of matches, in the index */
	SCREEN_STATUS,		/* the status line, the help's title */
	SCREEN_SIDE_CURRENT,	/* the index's entry of the talk in view */
	SCREEN_SIDE_CURSOR,	/* the index's cursor, when it has the focus */
	SCREEN_READ_MARK,	/* after a talk read to its end */
	SCREEN_PROMPT,
	SCREEN_LOOK__MAX
};

/* A colour of a look: not one of its own, or the terminal's own. */
#define SCREEN_KEEP	(-2)	/* what is under it shows through */
#define SCREEN_DEFAULT	(-1)	/* the terminal's foreground, background */

/*
 * A look: attributes and colours.  Looks are laid over one another (a
 * link in a heading, a talk number in the index's current entry), each
 * colour kept from below where the one on top is SCREEN_KEEP.
 */
struct screen_ink {
	attr_t		 attr;
	short		 fg;
	short		 bg;
};

#define K	SCREEN_KEEP
#define D	SCREEN_DEFAULT

/*
 * The themes.  None paints the background of the text: the terminal's
 * own stays, so dark is for a dark background and light for a light one.
 * Other matches, and bars where 8 colours have no grey, are reverse
 * video, which is readable whatever the terminal's colours.
 *
 * dark with 256 colours: pale blue headings, orange talk numbers, teal
 * code, sky-blue links, black on gold for the current match, grey bars.
 */
static const struct screen_ink screen_dark256[SCREEN_LOOK__MAX] = {
	[SCREEN_BODY] =			{ A_NORMAL, K, K },
	[SCREEN_HEADING] =		{ A_BOLD, 153, K },
	[SCREEN_NUMBER] =		{ A_BOLD, 214, K },
	[SCREEN_DIM] =			{ A_DIM, K, K },
	[SCREEN_MARKER] =		{ A_BOLD, K, K },
	[SCREEN_CODE] =			{ A_NORMAL, 116, K },
	[SCREEN_LINK] =			{ A_UNDERLINE, 75, K },
	[SCREEN_LINK_NUMBER] =		{ A_DIM, 75, K },
	[SCREEN_QUOTE] =		{ A_NORMAL, 108, K },
	[SCREEN_CONTROL] =		{ A_BOLD, 203, K },
	[SCREEN_MATCH] =		{ A_REVERSE, D, D },
	[SCREEN_MATCH_CURRENT] =	{ A_BOLD, 16, 220 },
	[SCREEN_COUNT] =		{ A_BOLD, 220, K },
	[SCREEN_STATUS] =		{ A_NORMAL, 254, 239 },
	[SCREEN_SIDE_CURRENT] =		{ A_NORMAL, K, 237 },
	[SCREEN_SIDE_CURSOR] =		{ A_BOLD, 231, 25 },
	[SCREEN_READ_MARK] =		{ A_NORMAL, 114, K },
	[SCREEN_PROMPT] =		{ A_BOLD, K, K },
};

/*
 * dark with 8: the colours that read on black.  Blue text does not, so
 * links are cyan, code green, and blue is left to the quote bar.
 */
static const struct screen_ink screen_dark8[SCREEN_LOOK__MAX] = {
	[SCREEN_BODY] =			{ A_NORMAL, K, K },
	[SCREEN_HEADING] =		{ A_BOLD, K, K },
	[SCREEN_NUMBER] =		{ A_BOLD, COLOR_YELLOW, K },
	[SCREEN_DIM] =			{ A_DIM, K, K },
	[SCREEN_MARKER] =		{ A_BOLD, K, K },
	[SCREEN_CODE] =			{ A_NORMAL, COLOR_GREEN, K },
	[SCREEN_LINK] =			{ A_UNDERLINE, COLOR_CYAN, K },
	[SCREEN_LINK_NUMBER] =		{ A_DIM, COLOR_CYAN, K },
	[SCREEN_QUOTE] =		{ A_NORMAL, COLOR_BLUE, K },
	[SCREEN_CONTROL] =		{ A_BOLD, COLOR_RED, K },
	[SCREEN_MATCH] =		{ A_REVERSE, D, D },
	[SCREEN_MATCH_CURRENT] =	{ A_BOLD, COLOR_BLACK, COLOR_YELLOW },
	[SCREEN_COUNT] =		{ A_BOLD, COLOR_YELLOW, K },
	[SCREEN_STATUS] =		{ A_REVERSE, K, K },
	[SCREEN_SIDE_CURRENT] =		{ A_REVERSE, K, K },
	[SCREEN_SIDE_CURSOR] =		{ A_BOLD, COLOR_WHITE, COLOR_BLUE },
	[SCREEN_READ_MARK] =		{ A_NORMAL, COLOR_GREEN, K },
	[SCREEN_PROMPT] =		{ A_BOLD, K, K },
};

/*
 * light with 256: dark inks for a white page, never yellow text; matches
 * on light blue, the current one on orange, light grey bars, and a light
 * cursor, under which the index's brown numbers still read.
 */
static const struct screen_ink screen_light256[SCREEN_LOOK__MAX] = {
	[SCREEN_BODY] =			{ A_NORMAL, K, K },
	[SCREEN_HEADING] =		{ A_BOLD, 24, K },
	[SCREEN_NUMBER] =		{ A_BOLD, 130, K },
	[SCREEN_DIM] =			{ A_DIM, K, K },
	[SCREEN_MARKER] =		{ A_BOLD, K, K },
	[SCREEN_CODE] =			{ A_NORMAL, 30, K },
	[SCREEN_LINK] =			{ A_UNDERLINE, 25, K },
	[SCREEN_LINK_NUMBER] =		{ A_NORMAL, 67, K },
	[SCREEN_QUOTE] =		{ A_NORMAL, 65, K },
	[SCREEN_CONTROL] =		{ A_BOLD, 160, K },
	[SCREEN_MATCH] =		{ A_NORMAL, 16, 153 },
	[SCREEN_MATCH_CURRENT] =	{ A_BOLD, 16, 214 },
	[SCREEN_COUNT] =		{ A_BOLD, 130, K },
	[SCREEN_STATUS] =		{ A_NORMAL, 16, 250 },
	[SCREEN_SIDE_CURRENT] =		{ A_NORMAL, K, 253 },
	[SCREEN_SIDE_CURSOR] =		{ A_BOLD, 16, 153 },
	[SCREEN_READ_MARK] =		{ A_NORMAL, 28, K },
	[SCREEN_PROMPT] =		{ A_BOLD, K, K },
};

/*
 * light with 8: on white only black, red, blue and magenta read as text;
 * cyan and green serve where a mark needs no reading.
 */
static const struct screen_ink screen_light8[SCREEN_LOOK__MAX] = {
	[SCREEN_BODY] =			{ A_NORMAL, K, K },
	[SCREEN_HEADING] =		{ A_BOLD, K, K },
	[SCREEN_NUMBER] =		{ A_BOLD, COLOR_MAGENTA, K },
	[SCREEN_DIM] =			{ A_DIM, K, K },
	[SCREEN_MARKER] =		{ A_BOLD, K, K },
	[SCREEN_CODE] =			{ A_NORMAL, COLOR_RED, K },
	[SCREEN_LINK] =			{ A_UNDERLINE, COLOR_BLUE, K },
	[SCREEN_LINK_NUMBER] =		{ A_NORMAL, COLOR_BLUE, K },
	[SCREEN_QUOTE] =		{ A_NORMAL, COLOR_CYAN, K },
	[SCREEN_CONTROL] =		{ A_BOLD, COLOR_WHITE, COLOR_RED },
	[SCREEN_MATCH] =		{ A_NORMAL, COLOR_BLACK, COLOR_CYAN },
	[SCREEN_MATCH_CURRENT] =	{ A_BOLD, COLOR_WHITE, COLOR_BLUE },
	[SCREEN_COUNT] =		{ A_BOLD, COLOR_MAGENTA, K },
	[SCREEN_STATUS] =		{ A_REVERSE, K, K },
	[SCREEN_SIDE_CURRENT] =		{ A_REVERSE, K, K },
	[SCREEN_SIDE_CURSOR] =		{ A_BOLD | A_REVERSE, K, K },
	[SCREEN_READ_MARK] =		{ A_NORMAL, COLOR_GREEN, K },
	[SCREEN_PROMPT] =		{ A_BOLD, K, K },
};

/*
 * mono: attributes only, for NO_COLOR, --color=never, and terminals
 * without colour.  Code is dim, to be told from the text.
 */
static const struct screen_ink screen_mono[SCREEN_LOOK__MAX] = {
	[SCREEN_BODY] =			{ A_NORMAL, K, K },
	[SCREEN_HEADING] =		{ A_BOLD, K, K },
	[SCREEN_NUMBER] =		{ A_BOLD, K, K },
	[SCREEN_DIM] =			{ A_DIM, K, K },
	[SCREEN_MARKER] =		{ A_BOLD, K, K },
	[SCREEN_CODE] =			{ A_DIM, K, K },
	[SCREEN_LINK] =			{ A_UNDERLINE, K, K },
	[SCREEN_LINK_NUMBER] =		{ A_DIM, K, K },
	[SCREEN_QUOTE] =		{ A_DIM, K, K },
	[SCREEN_CONTROL] =		{ A_REVERSE, K, K },
	[SCREEN_MATCH] =		{ A_REVERSE, K, K },
	[SCREEN_MATCH_CURRENT] =	{ A_REVERSE | A_BOLD | A_UNDERLINE,
					    K, K },
	[SCREEN_COUNT] =		{ A_BOLD, K, K },
	[SCREEN_STATUS] =		{ A_REVERSE, K, K },
	[SCREEN_SIDE_CURRENT] =		{ A_REVERSE, K, K },
	[SCREEN_SIDE_CURSOR] =		{ A_REVERSE | A_BOLD, K, K },
	[SCREEN_READ_MARK] =		{ A_NORMAL, K, K },
	[SCREEN_PROMPT] =		{ A_BOLD, K, K },
};

#undef K
#undef D

/* The look of each role of the layout. */
static const enum screen_look screen_role_look[LAYOUT_ROLE__MAX] = {
	[LAYOUT_BODY] = SCREEN_BODY,
	[LAYOUT_HEADING] = SCREEN_HEADING,
	[LAYOUT_TALK_NUMBER] = SCREEN_NUMBER,
	[LAYOUT_CODE] = SCREEN_CODE,
	[LAYOUT_HTML] = SCREEN_DIM,
	[LAYOUT_RULE] = SCREEN_DIM,
	[LAYOUT_QUOTE] = SCREEN_QUOTE,
	[LAYOUT_MARKER] = SCREEN_MARKER,
	[LAYOUT_LINK_NUMBER] = SCREEN_LINK_NUMBER,
	[LAYOUT_CONTROL] = SCREEN_CONTROL,
	[LAYOUT_CONTINUED] = SCREEN_DIM,
};

/*
 * Colour pairs, made as the looks ask for them: looks laid over one
 * another make more than the tables show, and a handful in all.
 */
#define SCREEN_PAIRS_MAX	64

/* Set by the signal handlers; the main loop acts on them. */
static volatile sig_atomic_t	 screen_signal;
/* Whether curses holds the terminal, for the cleanup hook. */
static bool			 screen_active;
/* The theme's looks; colour pairs, once curses has colours. */
static const struct screen_ink	*screen_looks = screen_mono;
static bool			 screen_colors;
static struct {
	short	 fg;
	short	 bg;
}				 screen_pairs[SCREEN_PAIRS_MAX];
static int			 screen_npairs;
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

/*
 * The looks of `theme`, in the colours the terminal has: 256, or 8, or
 * none (mono).  A terminal that cannot keep its own colours under ours
 * gets mono too, rather than text painted on a background not its own.
 */
static void
screen_colors_init(enum cfg_theme theme)
{
	char	*sitm;
	bool	 many;

	sitm = tigetstr("sitm");
	if (sitm != NULL && sitm != (char *)-1)
		screen_italic = A_ITALIC;
	screen_looks = screen_mono;
	screen_colors = false;
	screen_npairs = 0;
	if (theme == CFG_THEME_MONO || !has_colors() || start_color() != OK ||
	    use_default_colors() != OK || COLORS < 8 || COLOR_PAIRS < 2)
		return;
	screen_colors = true;
	many = COLORS >= 256;
	if (theme == CFG_THEME_LIGHT)
		screen_looks = many ? screen_light256 : screen_light8;
	else
		screen_looks = many ? screen_dark256 : screen_dark8;
}

/*
 * The colour pair of `fg` on `bg`, made the first time it is asked for;
 * 0, the terminal's colours, when there is no room for more.
 */
static short
screen_pair(short fg, short bg)
{
	int	 i;

	for (i = 0; i < screen_npairs; i++)
		if (screen_pairs[i].fg == fg && screen_pairs[i].bg == bg)
			return (short)(i + 1);
	if (screen_npairs == SCREEN_PAIRS_MAX ||
	    screen_npairs + 1 >= COLOR_PAIRS ||
	    init_pair((short)(screen_npairs + 1), fg, bg) != OK)
		return 0;
	screen_pairs[screen_npairs].fg = fg;
	screen_pairs[screen_npairs].bg = bg;
	return (short)++screen_npairs;
}

/* The attributes that draw `ink`, its colours as a pair. */
static attr_t
screen_ink_attr(const struct screen_ink *ink)
{
	short	 fg = ink->fg < 0 ? -1 : ink->fg;
	short	 bg = ink->bg < 0 ? -1 : ink->bg;

	if (!screen_colors || (fg == -1 && bg == -1))
		return ink->attr;
	return ink->attr | COLOR_PAIR(screen_pair(fg, bg));
}

/* Lay look `l` over `ink`: its attributes added, its own colours set. */
static void
screen_over(struct screen_ink *ink, enum screen_look l)
{
	const struct screen_ink	*o = &screen_looks[l];

	ink->attr |= o->attr;
	if (o->fg != SCREEN_KEEP)
		ink->fg = o->fg;
	if (o->bg != SCREEN_KEEP)
		ink->bg = o->bg;
}

/* Lay only the colours of look `l` over `ink`. */
static void
screen_tint(struct screen_ink *ink, enum screen_look l)
{
	attr_t	 attr = ink->attr;

	screen_over(ink, l);
	ink->attr = attr;
}

static attr_t
screen_look_attr(enum screen_look l)
{
	return screen_ink_attr(&screen_looks[l]);
}

/*
 * Until a program has once left curses and come back, ncurses writes its
 * output at every move of the cursor (it cannot tell its own moves from a
 * terminfo program's): a screen went out in some forty writes, each a
 * wake-up of the terminal on the other side.  Leaving and coming back
 * before anything is drawn, as a return from ^Z does, lets a frame go out
 * in one or two.
 */
static void
screen_settle(void)
{
	endwin();
	doupdate();
}

/*
 * Take the terminal: keys from standard input, or from /dev/tty when the
 * article came through standard input, as less does.
 */
static bool
screen_begin(const struct view_opts *o)
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
	/* Before colours: coming back resets the palette of a colour screen. */
	screen_settle();
	screen_set_mouse(o->mouse);
	screen_colors_init(o->theme);
	return true;
}

/* The look of a segment: its role's, its inline styles laid over it. */
static struct screen_ink
screen_seg_ink(unsigned int role, unsigned int style)
{
	struct screen_ink	 ink = screen_looks[screen_role_look[role]];

	if (style & (LAYOUT_EMPH | LAYOUT_IMAGE))
		ink.attr |= screen_italic;
	if (style & LAYOUT_STRONG)
		ink.attr |= A_BOLD;
	if (style & LAYOUT_LINK)
		screen_over(&ink, SCREEN_LINK);
	if (style & LAYOUT_CODE_SPAN)
		screen_over(&ink, SCREEN_CODE);
	/* curses has no strike-through: struck text is dimmed. */
	if (style & LAYOUT_STRIKE)
		screen_over(&ink, SCREEN_DIM);
	/* <mark> looks as a search's match does. */
	if (style & LAYOUT_MARK)
		screen_over(&ink, SCREEN_MATCH);
	if (style & LAYOUT_UNDERLINE)
		ink.attr |= A_UNDERLINE;
	return ink;
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

/*
 * What a match in text of look `ink` looks like, the current one apart
 * from the others.  The match's colours replace the text's: a link's
 * blue on the match's background could be unreadable.
 */
static attr_t
screen_match_attr(struct screen_ink ink, bool current)
{
	const struct screen_ink	*m = &screen_looks[current ?
				    SCREEN_MATCH_CURRENT : SCREEN_MATCH];

	ink.attr = (ink.attr & ~(attr_t)A_REVERSE) | m->attr;
	ink.fg = m->fg;
	ink.bg = m->bg;
	return screen_ink_attr(&ink);
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
	const char		*bytes;
	struct screen_ink	 ink = screen_seg_ink(seg->role, seg->style);
	attr_t			 a = screen_ink_attr(&ink);
	size_t			 n, first, count = 0, i, at, from, to;

	bytes = layout_seg_bytes(l, seg, &n);
	if (s != NULL && seg->kind != LAYOUT_SEG_DECO && seg->len > 0)
		first = search_within(s, seg->off, seg->len, &count);
	if (count == 0) {
		screen_put_text(y, x, bytes, n, maxx, a, u);
		return;
	}
	if (seg->kind == LAYOUT_SEG_SUBST) {
		screen_put_text(y, x, bytes, n, maxx, screen_match_attr(ink,
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
		    maxx, screen_match_attr(ink, i == cur), u);
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

/*
 * A search's count of matches, at the end of an index entry's title: out
 * of the row's dimness when the talk has any.
 */
static void
screen_draw_count(const struct view_side_row *r, int y, int side_w,
    struct screen_ink ink)
{
	char	 num[24];
	int	 n, x;

	if (r->kind != VIEW_SIDE_TITLE || r->matches == (size_t)-1 ||
	    side_w < 12)
		return;
	n = snprintf(num, sizeof(num), "%zu", r->matches);
	x = side_w - 1 - n;
	if (r->matches > 0) {
		ink.attr &= ~(attr_t)A_DIM;
		screen_over(&ink, SCREEN_COUNT);
	}
	screen_put(y, &x, num, (size_t)n, side_w - 1, screen_ink_attr(&ink));
}

/* The look of an index row: dim or not, the talk in view, the cursor. */
static struct screen_ink
screen_side_ink(const struct view *v, const struct view_side_row *r)
{
	struct screen_ink	 ink = screen_looks[SCREEN_BODY];

	if (r->kind == VIEW_SIDE_SPEAKERS || r->kind == VIEW_SIDE_LOADING ||
	    r->matches == 0)
		screen_over(&ink, SCREEN_DIM);
	/* With the focus in the index, the cursor is what stands out. */
	if (r->current && view_focus(v) == VIEW_FOCUS_SIDEBAR)
		ink.attr |= A_BOLD;
	else if (r->current)
		screen_over(&ink, SCREEN_SIDE_CURRENT);
	if (r->cursor)
		screen_over(&ink, SCREEN_SIDE_CURSOR);
	return ink;
}

/*
 * One row of the index: its number, its text, the read mark, the count,
 * each in its look over the row's.
 */
static void
screen_draw_side_row(const struct view *v, const struct view_side_row *r,
    int y, int side_w)
{
	struct screen_ink	 ink = screen_side_ink(v, r), over = ink;
	size_t			 mark = r->read ? strlen(VIEW_READ_MARK) : 0;
	int			 x = 1;

	/* A row that stands out does so from edge to edge. */
	if ((ink.attr & A_REVERSE) || ink.bg >= 0) {
		attrset(screen_ink_attr(&ink));
		mvhline(y, 0, ' ', side_w - 1);
	}
	/* In colour only: bold numbers would crowd the titles. */
	screen_tint(&over, SCREEN_NUMBER);
	screen_put(y, &x, r->text.data, r->number_len, side_w - 1,
	    screen_ink_attr(&over));
	screen_put(y, &x, r->text.data + r->number_len, r->text.len -
	    r->number_len - mark, side_w - 1, screen_ink_attr(&ink));
	over = ink;
	screen_over(&over, SCREEN_READ_MARK);
	screen_put(y, &x, r->text.data + r->text.len - mark, mark,
	    side_w - 1, screen_ink_attr(&over));
	screen_draw_count(r, y, side_w, ink);
}

static void
screen_draw_sidebar(struct view *v, const struct view_geom *g)
{
	struct view_side_row	*rows;
	unsigned int		 y;

	if (g->side_w == 0 || g->body_h == 0)
		return;
	rows = xcalloc(g->body_h, sizeof(*rows));
	view_sidebar(v, rows);
	for (y = 0; y < g->body_h; y++)
		screen_draw_side_row(v, &rows[y], (int)y, (int)g->side_w);
	view_side_release(rows, g->body_h);
	free(rows);
	attrset(screen_look_attr(SCREEN_DIM));
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
	attrset(screen_look_attr(SCREEN_STATUS));
	mvhline(g->status_y, 0, ' ', (int)g->cols);
	screen_put(g->status_y, &x, left.data, left.len, (int)g->cols,
	    screen_look_attr(SCREEN_STATUS) | A_BOLD);
	rx = (int)g->cols - (int)text_width(right.data, right.len);
	if (rx >= x)
		screen_put(g->status_y, &rx, right.data, right.len,
		    (int)g->cols, screen_look_attr(SCREEN_STATUS));
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
		    screen_look_attr(SCREEN_PROMPT));
		x = (int)view_prompt_cursor(v);
		return x < (int)g->cols ? x : (int)g->cols - 1;
	}
	if (msg != NULL)
		screen_put(g->prompt_y, &x, msg, strlen(msg), (int)g->cols,
		    A_NORMAL);
	return -1;
}

/*
 * The help: a page of its own, drawn on a screen erased, so that nothing
 * of the pager shows through.  Its first and last lines are bars, as the
 * status line is.
 */
static void
screen_draw_help(struct view *v, const struct view_geom *g)
{
	struct buf	 page;
	const char	*p, *nl;
	int		 y, x;
	attr_t		 attr;

	buf_init(&page);
	view_help_page(v, &page);
	for (p = page.data, y = 0; p != NULL && *p != '\0' &&
	    y < (int)g->lines; p = nl + 1, y++) {
		nl = strchr(p, '\n');
		attr = y == 0 || y + 1 == (int)g->lines ?
		    screen_look_attr(SCREEN_STATUS) : A_NORMAL;
		attrset(attr);
		mvhline(y, 0, ' ', (int)g->cols);
		x = 0;
		screen_put(y, &x, p, (size_t)(nl - p), (int)g->cols,
		    y == 0 ? attr | A_BOLD : attr);
	}
	buf_release(&page);
}

/*
 * The speakers list: a page over the text and the index, its title first,
 * the chosen speaker in reverse video, a rule under it.
 */
static void
screen_draw_speakers(struct view *v, const struct view_geom *g)
{
	struct buf	 list;
	const char	*p, *nl;
	size_t		 chosen;
	int		 w, h, left, y, x, i;
	attr_t		 attr;

	if (g->cols < 8 || g->lines < 5)
		return;
	buf_init(&list);
	view_speakers_lines(v, &list, &chosen);
	/* Every cell above the prompt line is the list's: none shows through. */
	w = (int)g->cols;
	h = (int)g->lines - 1;
	left = 0;
	attrset(A_NORMAL);
	for (i = 0; i < h; i++)
		mvhline(i, 0, ' ', w);
	attrset(screen_look_attr(SCREEN_DIM));
	mvhline(h - 1, left, ACS_HLINE, w);
	for (p = list.data, y = 0; *p != '\0' && y < h - 1; p = nl + 1, y++) {
		nl = strchr(p, '\n');
		attr = y == 0 ? screen_look_attr(SCREEN_STATUS) | A_BOLD :
		    (size_t)(y - 1) == chosen ? A_REVERSE : A_NORMAL;
		if (attr == A_REVERSE) {
			attrset(A_REVERSE);
			mvhline(y, left, ' ', w);
		}
		x = left + 1;
		screen_put(y, &x, p, (size_t)(nl - p), left + w - 1, attr);
	}
	buf_release(&list);
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
	screen_href_begin(view_help_shown(v) || view_speakers_shown(v));
	erase();
	cx = -1;
	if (view_help_shown(v))
		screen_draw_help(v, g);
	else {
		screen_draw_sidebar(v, g);
		screen_draw_body(v, g);
		screen_draw_status(v, g);
		cx = screen_draw_prompt(v, g);
		if (view_speakers_shown(v))
			screen_draw_speakers(v, g);
	}
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
		if (*flags & (VIEW_QUIT | VIEW_FILE_NEXT | VIEW_FILE_PREV))
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

/* Open article `a` in a new view, where it should start. */
static struct view *
screen_open(struct screen_article *a, const struct keymap *km)
{
	struct view	*v;

	/* The first piece; a signal meanwhile ends the pager once it is up. */
	while (!load_has_first(a->job) && !screen_interrupted() &&
	    load_next(a->job))
		continue;
	v = view_new(load_doc(a->job), km, &a->opts, (unsigned int)COLS,
	    (unsigned int)LINES);
	view_set_loading(v, load_percent(a->job));
	if (a->opts.memory != NULL)
		screen_restore(v, a->job, a->opts.memory);
	/* --section: talk numbers are final once all is loaded. */
	if (a->opts.talk > 0 && screen_load_all(v, a->job))
		view_goto_talk(v, a->opts.talk);
	/* +/query searches the whole article. */
	if (a->opts.search != NULL && screen_load_all(v, a->job))
		view_search(v, a->opts.search, 0);
	/* Back to this file later, it opens where it was left. */
	a->opts.talk = 0;
	a->opts.search = NULL;
	return v;
}

/*
 * Read the article of `v` until the reader quits or asks for another
 * file, or a signal comes: returns the VIEW_* flags that ended it.
 */
static unsigned int
screen_read(struct view *v, struct load_job *job)
{
	unsigned int	 flags = VIEW_REDRAW;
	bool		 ready;

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
			/*
			 * Between keys, a piece: nobody waits for more.  The
			 * terminal that is to show the frame just written
			 * may be waiting for this CPU: it goes first.
			 */
			sched_yield();
			load_next(job);
			view_set_loading(v, load_percent(job));
			flags = VIEW_REDRAW;
			continue;
		}
		if (!screen_events(v, job, &flags))
			return flags;
	}
	return VIEW_QUIT;
}

int
screen_run(struct screen_article *arts, size_t n, const struct keymap *km,
    const struct diag *dg, int *sig)
{
	struct view	*v;
	unsigned int	 end;
	size_t		 i = 0;
	bool		 mouse;

	if (n == 0 || !screen_begin(&arts[0].opts))
		return 1;
	screen_opener = arts[0].opts.opener;
	screen_hyperlinks = arts[0].opts.hyperlinks && screen_osc8_fits();
	for (;;) {
		if (arts[i].prepare != NULL) {
			arts[i].prepare(arts[i].arg, screen_interrupted);
			arts[i].prepare = NULL;
		}
		v = screen_open(&arts[i], km);
		if (i == 0 && dg->n > 0 && view_message(v) == NULL)
			view_set_message(v, dg->msgs[0]);
		end = screen_read(v, arts[i].job);
		if (arts[i].opts.memory != NULL)
			view_remember(v, arts[i].opts.memory);
		/* The mouse stays as the reader left it. */
		mouse = view_mouse(v);
		view_free(v);
		load_park(arts[i].job);
		if (end & VIEW_FILE_NEXT && i + 1 < n)
			i++;
		else if (end & VIEW_FILE_PREV && i > 0)
			i--;
		else
			break;
		arts[i].opts.mouse = mouse;
	}
	screen_end();
	*sig = screen_signal;
	return 0;
}
