/*
 * t-view: the pager's state, with no terminal.  First every action, from
 * every starting state that matters (the top, the bottom, inside a talk,
 * the index focused, the help shown, a key pending) of documents that
 * matter (the sample, empty, one line, no headings, headings but no talks,
 * deep headings, a container alone, 23 talks) on roomy, short, too small
 * and degenerate screens, must keep the view's invariants; so must a long
 * walk of random keys, resizes and clicks.  Then the semantics: scrolling,
 * read-on, talks and talk numbers, the anchor kept across widths 20-200,
 * the jump history, marks, the index's focus, help, quitting, the mouse
 * and keys bound to nothing.
 */
#include "view.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "keymap.h"
#include "search.h"
#include "layout.h"
#include "load.h"
#include "tap.h"
#include "testdoc.h"
#include "text.h"
#include "util.h"
#include "viewcheck.h"

/* The default bindings, set once by main(). */
static struct keymap	 km;

static struct doc *
load_sample(void)
{
	const char	*srcdir = getenv("OLSREAD_SRCDIR");
	struct diag	 dg;
	struct doc	*d;
	char		 path[4096], err[256];

	snprintf(path, sizeof(path), "%s/data/000-article.md",
	    srcdir != NULL ? srcdir : ".");
	diag_init(&dg);
	d = load_file(path, 0, &dg, err, sizeof(err));
	diag_release(&dg);
	if (d == NULL)
		tap_diag("%s: %s", path, err);
	return d;
}

/* 23 talks, each with its own speaker: talk numbers of two digits. */
static struct doc *
load_many_talks(void)
{
	static const char *const first[] = {
		"Alice", "Bruno", "Carla", "David", "Elena", "Frank", "Grace",
		"Henri", "Irene", "Jonas", "Karin", "Lucas", "Maria", "Nadia",
		"Oscar", "Paula", "Quentin", "Rosa", "Simon", "Tanja",
		"Ursula", "Victor", "Wanda"
	};
	static const char *const last[] = {
		"Adams", "Brown", "Clark", "Davis", "Evans", "Foster", "Green",
		"Hughes", "Irving", "Jones", "Keller", "Lewis", "Moore",
		"Nolan", "Owens", "Parker", "Quinn", "Reed", "Smith",
		"Turner", "Upton", "Vance", "Walker"
	};
	struct buf	 md;
	struct doc	*d;
	size_t		 i;

	buf_init(&md);
	buf_adds(&md, "# Many talks\n\nAn introduction.\n\n");
	for (i = 0; i < 23; i++)
		buf_printf(&md, "## Topic %zu\n\n%s %s discussed things at "
		    "some length, and then some more things.\n\n", i + 1,
		    first[i], last[i]);
	d = testdoc_load(md.data);
	buf_release(&md);
	return d;
}

static struct view *
open_view(const struct doc *d, unsigned int cols, unsigned int lines,
    unsigned int measure, bool sidebar)
{
	struct view_opts	 o;

	memset(&o, 0, sizeof(o));
	o.measure = measure;
	o.sidebar = sidebar;
	o.mouse = true;
	return view_new(d, &km, &o, cols, lines);
}

/* Type the keys of `s`, one byte each, or'ing the flags they return. */
static unsigned int
type(struct view *v, const char *s)
{
	unsigned int	 f = 0;

	for (; *s != '\0'; s++)
		f |= view_key(v, (unsigned char)*s);
	return f;
}

static bool
same_place(struct view_anchor a, struct view_anchor b)
{
	return a.block == b.block && a.line == b.line;
}

/* Is the view at `want` (block and line)? */
static bool
is_place(struct view *v, struct view_anchor want, const char *fmt, ...)
    TAP_PRINTF(3, 4);

static bool
is_place(struct view *v, struct view_anchor want, const char *fmt, ...)
{
	struct view_anchor	 a = view_anchor(v);
	va_list			 ap;
	char			 what[256];
	bool			 ok;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	ok = tap_ok(same_place(a, want), "%s", what);
	if (!ok)
		tap_diag("at block %zu line %zu, want block %zu line %zu",
		    a.block, a.line, want.block, want.line);
	return ok;
}

/* Does the message start with `want`? */
static bool
says(struct view *v, const char *want, const char *what)
{
	const char	*m = view_message(v);
	bool		 ok;

	ok = tap_ok(m != NULL && strncmp(m, want, strlen(want)) == 0,
	    "%s: says \"%s\"", what, want);
	if (!ok)
		tap_diag("the message is \"%s\"", m != NULL ? m : "(null)");
	return ok;
}

/* Does line `line` of `l` draw `want` first? */
static bool
row_starts(const struct layout *l, size_t line, const char *want)
{
	const struct layout_line	*ln = &l->lines[line];
	struct buf			 b;
	const char			*p;
	size_t				 i, len;
	bool				 yes;

	buf_init(&b);
	for (i = 0; i < ln->nseg; i++) {
		p = layout_seg_bytes(l, &l->segs[ln->seg + i], &len);
		buf_add(&b, p, len);
	}
	yes = b.len >= strlen(want) && memcmp(b.data, want, strlen(want)) == 0;
	buf_release(&b);
	return yes;
}

/* The last line of the article, as an anchor; block DOC_NONE if none. */
static struct view_anchor
last_line(const struct doc *d, unsigned int width)
{
	struct view_anchor	 a = { DOC_NONE, 0, DOC_NONE, 0 };
	size_t			 b, n;

	for (b = d->nblocks; b-- > 0; ) {
		if ((n = leaf_lines(d, b, width)) > 0) {
			a.block = b;
			a.line = n - 1;
			break;
		}
	}
	return a;
}

/* Display lines of the whole article at `width`. */
static size_t
total_lines(const struct doc *d, unsigned int width)
{
	size_t	 b, n = 0;

	for (b = 0; b < d->nblocks; b++)
		n += leaf_lines(d, b, width);
	return n;
}

/* Where a jump to section `s` should land: its heading's text. */
static struct view_anchor
section_top(const struct doc *d, size_t s, unsigned int width)
{
	struct view_anchor	 a = { 0, 0, DOC_NONE, 0 };
	size_t			 h = d->sections[s].heading;

	if (h == DOC_NONE) {
		a.block = next_leaf(d, 0, width);
		return a;
	}
	a.block = h;
	a.line = d->blocks[h].flags & DOC_NO_GAP ? 0 : 1;
	return a;
}

static size_t
talk_section(const struct doc *d, unsigned int t)
{
	size_t	 s;

	for (s = 0; s < d->nsections; s++)
		if (d->sections[s].talk == t)
			return s;
	return DOC_NONE;
}

/* The body's rows as anchors (block DOC_NONE past the end). */
static struct view_anchor *
snap(struct view *v)
{
	const struct view_geom	*g = view_geom(v);
	struct view_row		*rows = xcalloc(g->body_h + 1, sizeof(*rows));
	struct view_anchor	*a = xcalloc(g->body_h + 1, sizeof(*a));
	size_t			 i;

	view_body(v, rows);
	for (i = 0; i < g->body_h; i++) {
		a[i].block = rows[i].layout != NULL ? rows[i].layout->block :
		    DOC_NONE;
		a[i].line = rows[i].line;
		a[i].off = DOC_NONE;
	}
	free(rows);
	return a;
}

static bool
before(struct view_anchor a, struct view_anchor b)
{
	return a.block < b.block || (a.block == b.block && a.line < b.line);
}

/* Does the last row show the article's last line? */
static bool
at_bottom(struct view *v, const struct doc *d)
{
	const struct view_geom	*g = view_geom(v);
	struct view_anchor	*s = snap(v);
	struct view_anchor	 last = last_line(d, g->body_w);
	bool			 yes;

	yes = g->body_h > 0 && last.block != DOC_NONE &&
	    same_place(s[g->body_h - 1], last);
	free(s);
	return yes;
}

/* Failures of a run of checks: how many, and the first. */
struct tally {
	size_t	 bad;
	char	 first[768];
};

static void
tally(struct tally *t, const char *fmt, ...) TAP_PRINTF(2, 3);

static void
tally(struct tally *t, const char *fmt, ...)
{
	va_list	 ap;

	if (t->bad++ > 0)
		return;
	va_start(ap, fmt);
	vsnprintf(t->first, sizeof(t->first), fmt, ap);
	va_end(ap);
}

/* Check both kinds; a failure is tallied with `what` happened last. */
static bool
check_view(struct viewcheck *vc, struct view *v, struct tally *core,
    struct tally *fit, const char *what)
{
	struct why	 w;

	if (!check_fit(vc, v, &w))
		tally(fit, "%s: %s", what, w.s);
	if (!check_core(vc, v, &w)) {
		tally(core, "%s: %s", what, w.s);
		return false;
	}
	return true;
}

/* Every action from every state. */

static const struct {
	const char	*name;
	const char	*keys;		/* typed once the view opens */
} states[] = {
	{ "top", "" },
	{ "bottom", "G" },
	{ "mid-talk", "3jjj" },
	{ "index focused", "3jjj\t" },
	{ "help shown", "h" },
	{ "mark pending", "jm" },
	{ "talk number pending", "j0" },
	{ "link number pending", "jo1" },
};

static const struct {
	unsigned int	 cols;
	unsigned int	 lines;
} sizes[] = {
	{ 100, 30 }, { 60, 30 }, { 20, 5 }, { 10, 4 }, { 1, 1 }, { 0, 0 },
};

/* After the action, keys that finish what it may have started. */
static const char	 afters[] = "a\x1b" "2\r'";

/*
 * Type the state's keys into `v`, do action `a`, then the keys above,
 * checking the invariants at each step.
 */
static void
run_steps(struct viewcheck *vc, struct view *v, size_t st, enum action a,
    struct tally *core, struct tally *fit)
{
	const char	*state = states[st].name, *keys = states[st].keys;
	unsigned int	 f;
	size_t		 i;
	char		 what[128];

	for (i = 0; keys[i] != '\0'; i++)
		view_key(v, (unsigned char)keys[i]);
	snprintf(what, sizeof(what), "state %s, before %s", state,
	    keymap_action_name(a));
	if (!check_view(vc, v, core, fit, what))
		return;
	f = view_act(v, a);
	snprintf(what, sizeof(what), "state %s, %s", state,
	    keymap_action_name(a));
	if (((f & VIEW_QUIT) != 0) != (a == ACTION_QUIT)) {
		tally(core, "%s: flags 0x%x", what, f);
		return;
	}
	if (!check_view(vc, v, core, fit, what))
		return;
	for (i = 0; afters[i] != '\0'; i++) {
		view_key(v, (unsigned char)afters[i]);
		snprintf(what, sizeof(what), "state %s, %s, key 0x%02x",
		    state, keymap_action_name(a), (unsigned char)afters[i]);
		if (!check_view(vc, v, core, fit, what))
			break;
	}
}

/* The steps above on a new view of `d`. */
static void
run_action(const struct doc *d, unsigned int cols, unsigned int lines,
    size_t st, enum action a, struct tally *core, struct tally *fit)
{
	struct view	*v = open_view(d, cols, lines, 0, true);
	struct viewcheck vc;

	viewcheck_init(&vc, d);
	run_steps(&vc, v, st, a, core, fit);
	viewcheck_release(&vc);
	view_free(v);
}

static void
test_actions(const char *name, const struct doc *d)
{
	struct tally	 core, fit;
	size_t		 st, sz, nst = sizeof(states) / sizeof(*states);
	int		 a;

	for (sz = 0; sz < sizeof(sizes) / sizeof(*sizes); sz++) {
		memset(&core, 0, sizeof(core));
		memset(&fit, 0, sizeof(fit));
		for (st = 0; st < nst; st++)
			for (a = ACTION_NONE + 1; a < ACTION__MAX; a++)
				run_action(d, sizes[sz].cols, sizes[sz].lines,
				    st, (enum action)a, &core, &fit);
		tap_ok(core.bad == 0, "%s at %ux%u: each of %d actions from "
		    "%zu states keeps the anchor, body, section, position "
		    "and focus right", name, sizes[sz].cols,
		    sizes[sz].lines, ACTION__MAX - 1, nst);
		if (core.bad > 0)
			tap_diag("%zu checks failed; the first, %s", core.bad,
			    core.first);
		tap_ok(fit.bad == 0, "%s at %ux%u: and the index and status "
		    "line fit", name, sizes[sz].cols, sizes[sz].lines);
		if (fit.bad > 0)
			tap_diag("%zu checks failed; the first, %s", fit.bad,
			    fit.first);
	}
}

/* A random walk of keys, resizes, wheel turns and clicks. */

static uint32_t
rnd(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(*state >> 33);
}

static const uint32_t walk_keys[] = {
	'j', 'k', 'f', 'b', 'd', 'u', 'e', 'y', 'g', 'G', '<', '>', ']', '[',
	'}', '{', '0', '1', '2', '3', '5', '7', '9', ' ', KEYMAP_TAB,
	KEYMAP_ENTER, KEYMAP_ESCAPE, 'm', 'a', 'B', 'Z', '\'', '+', 'h', '?',
	't', '=', 'M', 'q', 'x', '.', 'o', KEYMAP_BACKSPACE, KEYMAP_UP,
	KEYMAP_DOWN, KEYMAP_PAGE_UP, KEYMAP_PAGE_DOWN, KEYMAP_HOME,
	KEYMAP_END, KEYMAP_F1, KEYMAP_F1 + 4, KEYMAP_CTRL('f'),
	KEYMAP_CTRL('b'), KEYMAP_CTRL('d'), KEYMAP_CTRL('u'),
	KEYMAP_CTRL('l'), 0xe9,
};

static void
test_walk(const char *name, const struct doc *d, uint64_t seed)
{
	struct view	*v = open_view(d, 100, 30, 0, true);
	struct viewcheck vc;
	struct tally	 core, fit;
	struct why	 w;
	uint64_t	 st = seed;
	uint32_t	 r;
	unsigned int	 cols, lines;
	size_t		 i, steps = 3000;
	char		 ev[96];

	viewcheck_init(&vc, d);
	memset(&core, 0, sizeof(core));
	memset(&fit, 0, sizeof(fit));
	for (i = 0; i < steps && core.bad == 0; i++) {
		r = rnd(&st) % 100;
		if (r < 80) {
			r = rnd(&st) % (sizeof(walk_keys) / sizeof(*walk_keys));
			snprintf(ev, sizeof(ev), "step %zu, key 0x%x", i,
			    walk_keys[r]);
			view_key(v, walk_keys[r]);
		} else if (r < 87) {
			/* Mostly usable screens, sometimes silly ones. */
			cols = rnd(&st) % 4 == 0 ? rnd(&st) % 25 :
			    20 + rnd(&st) % 200;
			lines = rnd(&st) % 4 == 0 ? rnd(&st) % 6 :
			    5 + rnd(&st) % 60;
			snprintf(ev, sizeof(ev), "step %zu, resize %ux%u", i,
			    cols, lines);
			view_resize(v, cols, lines);
		} else if (r < 94) {
			cols = rnd(&st) % (view_geom(v)->cols + 1);
			lines = rnd(&st) % (view_geom(v)->lines + 1);
			r = rnd(&st) % 11;
			snprintf(ev, sizeof(ev), "step %zu, wheel %d at %u,%u",
			    i, (int)r - 5, lines, cols);
			view_wheel(v, lines, cols, (int)r - 5);
		} else {
			cols = rnd(&st) % (view_geom(v)->cols + 1);
			lines = rnd(&st) % (view_geom(v)->lines + 1);
			snprintf(ev, sizeof(ev), "step %zu, click at %u,%u", i,
			    lines, cols);
			/* A click hits what was drawn. */
			check_sidebar(&vc, v, &w);
			view_click(v, lines, cols);
		}
		check_view(&vc, v, &core, &fit, ev);
	}
	tap_ok(core.bad == 0, "%s: a walk of %zu random keys, resizes, "
	    "wheel turns and clicks (seed %llu) keeps the anchor, body, "
	    "section, position and focus right", name, i,
	    (unsigned long long)seed);
	if (core.bad > 0)
		tap_diag("%s", core.first);
	tap_ok(fit.bad == 0, "%s: and the index and status line fit", name);
	if (fit.bad > 0)
		tap_diag("%zu steps failed; the first, %s", fit.bad,
		    fit.first);
	viewcheck_release(&vc);
	view_free(v);
}

/* Scrolling. */

static void
test_scroll(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	const struct view_geom	*g = view_geom(v);
	struct view_anchor	*s0, *s, last, prev;
	size_t			 h = g->body_h, i, n, total, bad;
	unsigned int		 f;

	s0 = snap(v);
	tap_is_int(g->body_w, 68, "sample at 100x30: the body is 68 wide");
	tap_is_int(g->body_h, 28, "and 28 rows high");
	is_place(v, s0[0], "the view opens at the first line");
	tap_is_int((long long)view_anchor(v).block, 0, "which is block 0");
	f = type(v, "j");
	tap_ok(f & VIEW_REDRAW, "j asks for a redraw");
	is_place(v, s0[1], "j moves down a line");
	type(v, "k");
	is_place(v, s0[0], "k moves back up");
	type(v, "k");
	is_place(v, s0[0], "k at the top stays");
	says(v, "Top of the article", "k at the top");
	view_key(v, KEYMAP_DOWN);
	is_place(v, s0[1], "Down moves down a line");
	view_key(v, KEYMAP_UP);
	view_key(v, KEYMAP_ENTER);
	is_place(v, s0[1], "Enter in the text moves down a line");
	type(v, "g");
	type(v, "f");
	is_place(v, s0[h - 1], "f moves by body_h - 1: the last row comes "
	    "to the top");
	type(v, "b");
	is_place(v, s0[0], "b moves back by as much");
	view_key(v, KEYMAP_CTRL('f'));
	is_place(v, s0[h - 1], "C-f is page-down too");
	view_key(v, KEYMAP_PAGE_UP);
	view_key(v, KEYMAP_PAGE_DOWN);
	is_place(v, s0[h - 1], "and PageDown");
	type(v, "g");
	type(v, "d");
	is_place(v, s0[h / 2], "d moves half a page");
	type(v, "u");
	is_place(v, s0[0], "u moves back half a page");
	tap_ok(view_percent(v) > 0 && view_percent(v) < 100, "at the top "
	    "the position is past 0%% and short of 100%% (%u%%)",
	    view_percent(v));

	/* The bottom: the last line on the last row. */
	last = last_line(d, g->body_w);
	type(v, "G");
	s = snap(v);
	tap_ok(same_place(s[h - 1], last), "G shows the last line on the "
	    "last row");
	tap_is_int(view_percent(v), 100, "at the bottom it is 100%%");
	prev = view_anchor(v);
	type(v, "f");
	is_place(v, prev, "f at the bottom stays");
	says(v, "End of the article", "f at the bottom");
	type(v, "j");
	is_place(v, prev, "j at the bottom stays");
	says(v, "End of the article", "j at the bottom");
	free(s);
	/* The party's heading shows at the bottom: Space brings it up. */
	type(v, " ");
	is_place(v, section_top(d, d->nsections - 1, g->body_w), "Space at "
	    "the bottom brings the last section's heading to the top");
	prev = view_anchor(v);
	type(v, " ");
	is_place(v, prev, "then Space stays");
	says(v, "End of the article", "then Space");
	type(v, "g");
	is_place(v, s0[0], "G then g: back at the first line");
	tap_ok(view_message(v) == NULL, "with no message");

	/* Line by line, the bottom comes after total - body_h lines. */
	total = total_lines(d, g->body_w);
	for (i = 0; i + h < total; i++)
		type(v, "j");
	s = snap(v);
	tap_ok(same_place(s[h - 1], last) && view_message(v) == NULL,
	    "%zu times j from the top shows the last line on the last row",
	    total - h);
	free(s);
	prev = view_anchor(v);
	type(v, "j");
	is_place(v, prev, "one more j stays");
	says(v, "End of the article", "one more j");

	/* Page by page down, then back up. */
	type(v, "g");
	bad = 0;
	for (n = 0; n < 1000; n++) {
		s = snap(v);
		prev = view_anchor(v);
		type(v, "f");
		if (same_place(view_anchor(v), prev)) {
			free(s);
			break;
		}
		/* Each page moves by body_h - 1, the last one stops short. */
		if (!same_place(view_anchor(v), s[h - 1]) &&
		    !(at_bottom(v, d) && before(view_anchor(v), s[h - 1])))
			bad++;
		free(s);
	}
	tap_ok(bad == 0 && n > 2, "f from the top reaches the bottom in %zu "
	    "pages, each of body_h - 1 lines but the last", n);
	s = snap(v);
	tap_ok(same_place(s[h - 1], last), "and shows the last line last");
	free(s);
	free(s0);
	view_free(v);
}

/*
 * Space: when another section's heading shows below the top it comes to
 * the top; otherwise a page down.  Over the sample, every heading after
 * the title comes to the top once, in order.
 */
static void
test_read_on(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	const struct view_geom	*g = view_geom(v);
	struct view_anchor	*s, prev, want;
	size_t			 h = g->body_h, i, n, sec, head, bad = 0;
	size_t			 seen = 0, last_sec = 0;
	bool			 order = true;

	for (n = 0; n < 500; n++) {
		s = snap(v);
		prev = view_anchor(v);
		head = DOC_NONE;
		for (i = 1; i < h && s[i].block != DOC_NONE; i++) {
			sec = d->blocks[s[i].block].section;
			if (sec != view_section(v) &&
			    d->sections[sec].heading == s[i].block) {
				head = s[i].block;
				break;
			}
		}
		type(v, " ");
		if (same_place(view_anchor(v), prev)) {
			free(s);
			break;
		}
		if (head != DOC_NONE) {
			want = section_top(d, d->blocks[head].section,
			    g->body_w);
			if (!same_place(view_anchor(v), want))
				bad++;
			sec = d->blocks[head].section;
			order = order && sec > last_sec;
			last_sec = sec;
			seen++;
		} else if (!same_place(view_anchor(v), s[h - 1]) &&
		    !(at_bottom(v, d) && before(view_anchor(v), s[h - 1])))
			bad++;
		free(s);
	}
	tap_ok(bad == 0, "Space over the sample (%zu presses): a heading "
	    "on screen comes to the top, else a page down", n);
	tap_ok(seen == d->nsections - 1 && order, "every section after the "
	    "title came to the top, in order (%zu of %zu)", seen,
	    d->nsections - 1);
	says(v, "End of the article", "Space at the end");
	view_free(v);
}

static void
test_read_on_short(void)
{
	struct doc	*d = testdoc_load("## Alpha\n\nJohn Smith discussed a.\n\n"
			    "## Beta\n\nJane Doe discussed b.\n");
	struct view	*v = open_view(d, 100, 30, 0, true);

	type(v, " ");
	is_place(v, section_top(d, 1, view_geom(v)->body_w),
	    "Space with the next talk's heading on screen brings it to "
	    "the top");
	tap_is_int((long long)view_section(v), 1, "and that talk is in view");
	view_free(v);
	doc_free(d);
}

/* Talks and sections: ] [ } { and talk numbers. */

static void
test_talk_place(struct view *v, const struct doc *d, unsigned int t,
    const char *how)
{
	size_t	 s = talk_section(d, t);

	if (s == DOC_NONE) {
		tap_ok(false, "%s: there is a talk %u", how, t);
		return;
	}
	is_place(v, section_top(d, s, view_geom(v)->body_w), "%s: at the "
	    "heading of talk %u", how, t);
	tap_is_int((long long)view_section(v), (long long)s, "%s: talk %u "
	    "is the section in view", how, t);
}

static void
test_talks(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	unsigned int		 w = view_geom(v)->body_w;
	struct view_anchor	 prev;
	const char		*title;
	size_t			 len, s;

	tap_is_int(d->ntalks, 7, "the sample has 7 talks");
	tap_is_int((long long)d->nsections, 9, "and 9 sections");
	type(v, "]");
	test_talk_place(v, d, 1, "] from the top");
	type(v, "]]]");
	test_talk_place(v, d, 4, "] four times");
	title = doc_section_title(d, view_section(v), &len);
	tap_is_mem(title, len, "udev - devfs done right", "talk 4 is udev");
	type(v, "[");
	test_talk_place(v, d, 3, "[ from talk 4");
	type(v, "jjj");
	tap_is_int((long long)view_section(v), (long long)talk_section(d, 3),
	    "three lines on, still in talk 3");
	type(v, "[");
	test_talk_place(v, d, 3, "[ inside talk 3 goes to its start");
	type(v, "[");
	test_talk_place(v, d, 2, "[ again");
	type(v, "g[");
	is_place(v, section_top(d, 0, w), "[ at the top stays");
	says(v, "No previous talk", "[ at the top");
	type(v, "}");
	is_place(v, section_top(d, 1, w), "} from the top: section 1");
	type(v, "}");
	is_place(v, section_top(d, 2, w), "} again: section 2");
	type(v, "{");
	is_place(v, section_top(d, 1, w), "{ back to section 1");
	type(v, "{");
	is_place(v, section_top(d, 0, w), "{ back to the title");
	type(v, "{");
	says(v, "No previous section", "{ at the top");
	type(v, "7");
	test_talk_place(v, d, 7, "7");
	prev = view_anchor(v);
	type(v, "]");
	is_place(v, prev, "] from the last talk stays");
	says(v, "No next talk", "] from the last talk");
	type(v, "}");
	s = d->nsections - 1;
	is_place(v, section_top(d, s, w), "} from the last talk: the "
	    "party, a section but no talk");
	title = doc_section_title(d, view_section(v), &len);
	tap_is_mem(title, len, "The party", "the last section is the party");
	type(v, "}");
	says(v, "No next section", "} from the last section");
	type(v, "]");
	says(v, "No next talk", "] from the last section");
	type(v, "[");
	test_talk_place(v, d, 7, "[ from the party");

	/* Seven talks: a digit is a whole number. */
	type(v, "g");
	type(v, "5");
	test_talk_place(v, d, 5, "5 with seven talks jumps at once");
	tap_ok(view_prompt(v) == NULL, "with no prompt left");
	prev = view_anchor(v);
	type(v, "9");
	is_place(v, prev, "9 with seven talks stays");
	says(v, "No talk 9", "9 with seven talks");
	tap_ok(view_prompt(v) == NULL, "and prompts no more");
	type(v, "0");
	says(v, "No talk 0", "0");
	view_free(v);
}

/* More than ten talks: a digit may wait for another. */
static void
test_talk_numbers(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	struct view_anchor	*s0 = snap(v);

	tap_is_int(d->ntalks, 23, "the synthetic article has 23 talks");
	type(v, "2");
	tap_is_str(view_prompt(v), "Talk: 2", "2 of 23 talks waits");
	is_place(v, s0[0], "and does not move yet");
	type(v, "3");
	test_talk_place(v, d, 23, "then 3");
	tap_ok(view_prompt(v) == NULL, "the prompt is gone");
	type(v, "g2\r");
	test_talk_place(v, d, 2, "2 then Enter");
	type(v, "g2\x1b");
	is_place(v, s0[0], "2 then Escape does not move");
	tap_ok(view_prompt(v) == NULL && view_message(v) == NULL,
	    "and leaves no prompt or message");
	type(v, "2");
	view_key(v, KEYMAP_BACKSPACE);
	tap_ok(view_prompt(v) == NULL, "2 then Backspace gives up");
	is_place(v, s0[0], "without moving");
	type(v, "2j");
	tap_ok(view_prompt(v) == NULL, "2 then j gives up the number");
	is_place(v, s0[1], "and j moves a line");
	type(v, "g1");
	tap_is_str(view_prompt(v), "Talk: 1", "1 of 23 talks waits");
	type(v, "9");
	test_talk_place(v, d, 19, "1 then 9");
	type(v, "g24");
	is_place(v, s0[0], "2 then 4 stays");
	says(v, "No talk 24", "2 then 4");
	type(v, "7");
	test_talk_place(v, d, 7, "7 of 23 talks jumps at once");
	type(v, "g1\r");
	test_talk_place(v, d, 1, "1 then Enter");
	free(s0);
	view_free(v);
}

/* Without talks, ] and [ move by sections. */
static void
test_no_talks(void)
{
	struct doc		*d = testdoc_load("# Title\n\nAn introduction.\n\n"
				    "## Alpha\n\nSome text about alpha.\n\n"
				    "## Beta\n\nMore text.\n\n### Beta one\n\n"
				    "Deeper.\n");
	struct view		*v = open_view(d, 100, 30, 0, true);
	unsigned int		 w = view_geom(v)->body_w;

	tap_is_int(d->ntalks, 0, "no talks in the talk-less article");
	type(v, "]");
	is_place(v, section_top(d, 1, w), "] goes to the next section");
	type(v, "]]");
	is_place(v, section_top(d, 3, w), "] twice more: the subsection");
	type(v, "]");
	says(v, "No next section", "] at the last section");
	type(v, "[");
	is_place(v, section_top(d, 2, w), "[ goes to the previous section");
	type(v, "1");
	says(v, "No talk 1", "1 without talks");
	type(v, "o");
	says(v, "The article has no links", "o without links");
	view_resize(v, 20, 5);
	says(v, "No links", "at 20 columns, in short");
	type(v, "x");
	says(v, "x does nothing", "at 20 columns an unbound key");
	type(v, "\x1b" "jjx");
	view_resize(v, 12, 5);
	says(v, "x does\xe2\x80\xa6", "at 12 columns, cut after a word");
	view_resize(v, 2, 5);
	view_set_message(v, "\xe4\xb8\xad is wide");
	tap_ok(text_width(view_message(v), strlen(view_message(v))) <= 2,
	    "at 2 columns a wide first word leaves no room for \"...\": %s",
	    view_message(v));
	view_free(v);
	doc_free(d);
}

/* The anchor kept across widths. */

/* The longest paragraph in the first 60% of the article. */
static size_t
long_paragraph(const struct doc *d)
{
	size_t	 b, best = DOC_NONE;

	for (b = 0; b < d->nblocks * 6 / 10; b++)
		if (d->blocks[b].kind == DOC_PARAGRAPH && (best == DOC_NONE ||
		    d->blocks[b].len > d->blocks[best].len))
			best = b;
	return best;
}

/* Scroll line by line to line `line` of block `b`. */
static bool
go_to_line(struct view *v, size_t b, size_t line)
{
	struct view_anchor	 a;
	size_t			 i;

	for (i = 0; i < 5000; i++) {
		a = view_anchor(v);
		if (a.block == b && a.line == line)
			return true;
		view_act(v, ACTION_LINE_DOWN);
	}
	return false;
}

/* Does the top row show the line of block `b` that holds `off`? */
static bool
top_holds(struct view *v, size_t b, size_t off)
{
	const struct view_geom	*g = view_geom(v);
	struct view_row		*rows = xcalloc(g->body_h + 1, sizeof(*rows));
	bool			 ok;

	view_body(v, rows);
	ok = g->body_h > 0 && rows[0].layout != NULL &&
	    rows[0].layout->block == b &&
	    line_holds(rows[0].layout, rows[0].line, off);
	free(rows);
	return ok;
}

/*
 * With a measure of 200 and no index, the body is cols - 1 wide: from the
 * middle of a long paragraph at width `start`, resize to every width from
 * 20 to 200 and back; the top row must always hold the text it started
 * with, and back at `start` the very same line must be at the top.
 */
static void
test_widths(const struct doc *d, unsigned int start)
{
	struct view		*v = open_view(d, start + 1, 30, 200, false);
	struct view_anchor	 a0;
	size_t			 b = long_paragraph(d), bad = 0;
	unsigned int		 w, badw = 0, pass;

	if (!tap_ok(b != DOC_NONE && go_to_line(v, b, leaf_lines(d, b,
	    start) / 2), "width %u: to the middle of paragraph %zu", start,
	    b)) {
		view_free(v);
		return;
	}
	a0 = view_anchor(v);
	tap_ok(a0.off != DOC_NONE && a0.line > 0, "width %u: that line "
	    "starts at offset %zu, line %zu", start, a0.off, a0.line);
	for (pass = 0; pass < 2; pass++) {
		for (w = 20; w <= 200; w++) {
			view_resize(v, (pass == 0 ? w : 220 - w) + 1, 30);
			if (view_geom(v)->body_w != (pass == 0 ? w : 220 - w) ||
			    !top_holds(v, b, a0.off)) {
				if (bad++ == 0)
					badw = view_geom(v)->body_w;
			}
		}
	}
	tap_ok(bad == 0, "from width %u, at every width 20-200 and back the "
	    "top row holds offset %zu", start, a0.off);
	if (bad > 0)
		tap_diag("%zu widths wrong, the first %u: top at block %zu "
		    "line %zu", bad, badw, view_anchor(v).block,
		    view_anchor(v).line);
	view_resize(v, start + 1, 30);
	is_place(v, a0, "back at width %u, the same line is at the top",
	    start);
	view_resize(v, start + 1, 10);
	tap_ok(top_holds(v, b, a0.off), "a shorter screen keeps it");
	view_resize(v, start + 1, 60);
	tap_ok(top_holds(v, b, a0.off), "a taller one too");
	view_free(v);
}

/* The default measure, 80, with the index where it fits. */
static void
test_widths_default(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	struct view_anchor	 a0;
	size_t			 b = long_paragraph(d), bad = 0;
	unsigned int		 cols, w, badc = 0;
	bool			 seen[256];

	memset(seen, 0, sizeof(seen));
	go_to_line(v, b, leaf_lines(d, b, view_geom(v)->body_w) / 2);
	a0 = view_anchor(v);
	for (cols = 20; cols <= 240; cols++) {
		view_resize(v, cols, 30);
		w = view_geom(v)->body_w;
		seen[w < 256 ? w : 255] = true;
		if (!top_holds(v, b, a0.off) && bad++ == 0)
			badc = cols;
	}
	for (w = 20; w <= 80 && seen[w]; w++)
		continue;
	tap_ok(w == 81, "measure 80: the body takes every width 20-80");
	for (w = 81; w < 256 && !seen[w]; w++)
		continue;
	tap_ok(w == 256, "and none wider");
	tap_ok(bad == 0, "measure 80: at 20-240 columns the top row holds "
	    "offset %zu", a0.off);
	if (bad > 0)
		tap_diag("%zu wrong, the first at %u columns", bad, badc);
	view_resize(v, 100, 30);
	is_place(v, a0, "back at 100 columns, the same line");
	type(v, "t");
	tap_is_int(view_geom(v)->body_w, 80, "t hides the index: the body "
	    "grows to 80");
	tap_ok(top_holds(v, b, a0.off), "and the top row holds the text");
	type(v, "t");
	is_place(v, a0, "t again: the same line as before");
	view_free(v);
}

/* The jump history. */

static void
test_history(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	unsigned int		 w = view_geom(v)->body_w;
	struct view_anchor	 t[4], moved;
	unsigned int		 i;
	size_t			 b, off;

	t[0] = section_top(d, 0, w);
	for (i = 1; i < 4; i++)
		t[i] = section_top(d, talk_section(d, i), w);
	type(v, "''");
	says(v, "No jump yet", "'' before any jump");
	view_key(v, KEYMAP_BACKSPACE);
	says(v, "No earlier place", "Backspace before any jump");
	type(v, "]]]");
	is_place(v, t[3], "three talks on");
	type(v, "''");
	is_place(v, t[2], "'' returns to where the last jump started");
	type(v, "''");
	is_place(v, t[3], "'' again toggles back");
	type(v, "''");
	is_place(v, t[2], "and again");
	view_key(v, KEYMAP_BACKSPACE);
	is_place(v, t[1], "'' then Backspace goes further back, to talk 1");
	type(v, "+");
	is_place(v, t[2], "and + forward again, to talk 2");
	type(v, "''");
	is_place(v, t[1], "'' after +: back where + started");

	view_free(v);
	v = open_view(d, 100, 30, 0, true);
	type(v, "]]]");
	for (i = 3; i-- > 0; ) {
		view_key(v, KEYMAP_BACKSPACE);
		is_place(v, t[i], "Backspace: back to place %u", i);
	}
	view_key(v, KEYMAP_BACKSPACE);
	is_place(v, t[0], "Backspace at the oldest place stays");
	says(v, "No earlier place", "Backspace at the oldest place");
	for (i = 1; i < 4; i++) {
		type(v, "+");
		is_place(v, t[i], "+: forward to place %u", i);
	}
	type(v, "+");
	is_place(v, t[3], "+ at the newest place stays");
	says(v, "No later place", "+ at the newest place");

	/* The history keeps where the reader was, not where he landed. */
	view_free(v);
	v = open_view(d, 100, 30, 0, true);
	type(v, "]jjj");
	moved = view_anchor(v);
	view_key(v, KEYMAP_BACKSPACE);
	is_place(v, t[0], "] then jjj then Backspace: the top");
	type(v, "+");
	is_place(v, moved, "+ returns three lines into talk 1, as left");

	/* Top, bottom and marks are jumps too. */
	view_free(v);
	v = open_view(d, 100, 30, 0, true);
	type(v, "3");
	type(v, "G");
	tap_ok(at_bottom(v, d), "G went to the bottom");
	view_key(v, KEYMAP_BACKSPACE);
	is_place(v, t[3], "G is recorded: Backspace returns to talk 3");
	type(v, "g");
	is_place(v, t[0], "g goes to the top");
	type(v, "''");
	is_place(v, t[3], "g is recorded: '' returns to talk 3");
	type(v, "ma");
	type(v, "1");
	is_place(v, section_top(d, talk_section(d, 1), w), "1: talk 1");
	type(v, "'a");
	is_place(v, t[3], "'a: the mark, talk 3");
	type(v, "''");
	is_place(v, section_top(d, talk_section(d, 1), w), "a mark is a "
	    "jump: '' returns to talk 1");
	type(v, "''");
	view_key(v, KEYMAP_BACKSPACE);
	type(v, "+");
	is_place(v, t[3], "Backspace and + through a mark's jump");
	view_free(v);

	/* A history entry keeps its text across a resize. */
	v = open_view(d, 100, 30, 0, true);
	b = long_paragraph(d);
	go_to_line(v, b, leaf_lines(d, b, view_geom(v)->body_w) / 2);
	off = view_anchor(v).off;
	type(v, "G");
	view_resize(v, 40, 30);
	view_key(v, KEYMAP_BACKSPACE);
	tap_ok(top_holds(v, b, off), "Backspace after a resize returns to "
	    "the text left, at the new width");
	view_free(v);

	/* '' after Backspace: there were jumps. */
	v = open_view(d, 100, 30, 0, true);
	type(v, "]");
	view_key(v, KEYMAP_BACKSPACE);
	type(v, "''");
	tap_ok(view_message(v) == NULL || strcmp(view_message(v),
	    "No jump yet") != 0, "] then Backspace then '': not \"No jump "
	    "yet\"");
	if (view_message(v) != NULL)
		tap_diag("the message is \"%s\", at block %zu line %zu",
		    view_message(v), view_anchor(v).block,
		    view_anchor(v).line);
	view_free(v);
}

/* Marks. */

static void
test_marks(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	struct view_anchor	 m, here;
	size_t			 b = long_paragraph(d), off;

	type(v, "3jj");
	m = view_anchor(v);
	type(v, "ma");
	tap_is_str(view_message(v), "Mark a set", "m a sets mark a");
	is_place(v, m, "without moving");
	type(v, "g'a");
	is_place(v, m, "' a returns to it");
	here = view_anchor(v);
	type(v, "'b");
	is_place(v, here, "' b, unset, stays");
	says(v, "Mark b is not set", "' b");
	type(v, "m1");
	says(v, "Marks are letters", "m 1");
	type(v, "'1");
	says(v, "Marks are letters", "' 1");
	type(v, "mZ");
	tap_is_str(view_message(v), "Mark Z set", "capitals are marks too");
	type(v, "G'Z");
	is_place(v, m, "' Z returns to it");
	type(v, "m\x1b");
	tap_ok(view_message(v) == NULL, "m Escape sets nothing and says "
	    "nothing");
	type(v, "j");
	tap_ok(view_anchor(v).line == m.line + 1, "and the next j scrolls");
	view_key(v, 'm');
	view_key(v, KEYMAP_DOWN);
	says(v, "Marks are letters", "m Down");

	/* A mark keeps its text across a resize. */
	type(v, "g");
	go_to_line(v, b, leaf_lines(d, b, view_geom(v)->body_w) / 2);
	off = view_anchor(v).off;
	type(v, "mc");
	view_resize(v, 40, 30);
	type(v, "g'c");
	tap_ok(top_holds(v, b, off), "a mark set at width 68 returns to its "
	    "text at width 39");
	view_free(v);
}

/* Draw the body, as the screen does: what it shows counts as read. */
static void
draw(struct view *v)
{
	struct view_row	*rows;

	rows = xcalloc(view_geom(v)->body_h + 1, sizeof(*rows));
	view_body(v, rows);
	free(rows);
}

/*
 * Whether the index row of section `s` ends with the read mark, and says
 * so for the screen to draw it apart.
 */
static bool
side_marked(struct view *v, size_t s)
{
	struct view_side_row	*rows;
	size_t			 n = view_geom(v)->body_h, i;
	bool			 marked = false;

	rows = xcalloc(n + 1, sizeof(*rows));
	view_sidebar(v, rows);
	for (i = 0; i < n; i++)
		if (rows[i].kind == VIEW_SIDE_TITLE && rows[i].section == s)
			marked = rows[i].read && rows[i].text.len >= 3 &&
			    memcmp(rows[i].text.data + rows[i].text.len - 3,
			    VIEW_READ_MARK, 3) == 0;
	view_side_release(rows, n);
	free(rows);
	return marked;
}

static bool
remembers_read(const struct view_memory *m, size_t s)
{
	size_t	 i;

	for (i = 0; i < m->nread; i++)
		if (m->read[i] == s)
			return true;
	return false;
}

/*
 * Memory between runs: what view_remember() keeps, view_restore() goes
 * back to, at another size; a talk shown to its end is read, marked in
 * the index, and U skips it.
 */
static void
test_memory(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true), *w;
	struct view_memory	 m;
	struct view_anchor	 here;
	const struct search	*ms;
	size_t			 t1 = talk_section(d, 1), t2 = talk_section(d, 2);
	size_t			 t4 = talk_section(d, 4), cur, unread;

	memset(&m, 0, sizeof(m));
	draw(v);
	tap_ok(!side_marked(v, t1), "memory: talk 1 is not read at first");
	type(v, "U");
	is_place(v, section_top(d, t1, view_geom(v)->body_w),
	    "memory: U goes to talk 1, the first not read");
	type(v, "2");
	draw(v);
	tap_ok(side_marked(v, t2) && !side_marked(v, t1),
	    "memory: talk 2 shown to its end is marked read, talk 1 not");
	type(v, "1jjj");
	draw(v);
	here = view_anchor(v);
	type(v, "/Kroah\r");
	type(v, "1jjj");
	view_remember(v, &m);
	tap_ok(m.has_place && m.place.block == here.block &&
	    m.place.off == here.off, "memory: the place is the top line's");
	tap_ok(remembers_read(&m, t2) && !remembers_read(&m, t4),
	    "memory: talk 2 is remembered read, talk 4 not");
	tap_ok(m.query != NULL && strcmp(m.query, "Kroah") == 0 && m.qactive,
	    "memory: the search, highlighted");
	tap_ok(m.nhistory == 1 && strcmp(m.history[0], "Kroah") == 0,
	    "memory: the history");
	view_free(v);

	w = open_view(d, 80, 24, 0, true);
	view_restore(w, &m);
	tap_ok(top_holds(w, here.block, here.off),
	    "memory: restored at 80x24, the same text at the top");
	ms = view_matches(w, &cur);
	tap_ok(ms != NULL && ms->n == 1, "memory: the search is highlighted");
	tap_ok(side_marked(w, t2), "memory: talk 2 is marked read");
	for (unread = 0; unread < d->nsections; unread++)
		if (d->sections[unread].talk > 0 && !remembers_read(&m, unread))
			break;
	type(w, "gU");
	is_place(w, section_top(d, unread, view_geom(w)->body_w),
	    "memory: U from the top goes to the first talk not read");
	tap_ok(unread != t2, "memory: and so skips talk 2, read");
	view_free(w);

	/* A block index of another cut of the same text: the offset wins. */
	m.place.block = here.block > 0 ? here.block - 1 : here.block + 1;
	w = open_view(d, 80, 24, 0, true);
	view_restore(w, &m);
	tap_ok(top_holds(w, here.block, here.off),
	    "memory: a stale block index, the top found by its text");
	view_free(w);

	/* The article changed: the section of the same title. */
	m.has_place = false;
	free(m.title);
	m.title = xstrdup("udev - devfs done right");
	w = open_view(d, 100, 30, 0, true);
	view_restore(w, &m);
	is_place(w, section_top(d, t4, view_geom(w)->body_w),
	    "memory: changed, it opens at the section of the same title");
	view_free(w);
	free(m.title);
	m.title = xstrdup("A title no section has");
	w = open_view(d, 100, 30, 0, true);
	view_restore(w, &m);
	is_place(w, section_top(d, 0, view_geom(w)->body_w),
	    "memory: changed, no such section: the top");
	view_free(w);
	view_memory_release(&m);
}

/* :n and :p, and what the view says of the files. */
static void
test_files(const struct doc *d)
{
	struct view_opts	 o;
	struct view		*v;

	memset(&o, 0, sizeof(o));
	o.sidebar = true;
	o.nfiles = 1;
	v = view_new(d, &km, &o, 100, 30);
	tap_ok(!(type(v, ":n") & VIEW_FILE_NEXT), ":n with one file: stays");
	says(v, "One file only", ":n with one file");
	view_free(v);
	o.nfiles = 3;
	o.file = 1;
	v = view_new(d, &km, &o, 100, 30);
	tap_ok(type(v, ":") && view_prompt(v) != NULL &&
	    strcmp(view_prompt(v), ":") == 0, ": shows the prompt \":\"");
	tap_ok(type(v, "n") & VIEW_FILE_NEXT, ":n asks for the next file");
	tap_ok(type(v, ":p") & VIEW_FILE_PREV, ":p asks for the previous one");
	type(v, ":x");
	says(v, ":x is no command", ":x");
	tap_ok(type(v, ":q") & VIEW_QUIT, ":q quits");
	view_free(v);
	o.file = 2;
	v = view_new(d, &km, &o, 100, 30);
	tap_ok(!(type(v, ":n") & VIEW_FILE_NEXT), ":n at the last file stays");
	says(v, "The last file", ":n at the last file");
	view_free(v);
}

/* The index's focus, and showing or hiding the index. */

/* The section of the index row with the cursor, or DOC_NONE. */
static size_t
cursor_row_section(struct view *v)
{
	const struct view_geom	*g = view_geom(v);
	struct view_side_row	*rows = xcalloc(g->body_h + 1, sizeof(*rows));
	size_t			 i, s = DOC_NONE;

	view_sidebar(v, rows);
	for (i = 0; i < g->body_h; i++)
		if (rows[i].cursor && s == DOC_NONE)
			s = rows[i].section;
	view_side_release(rows, g->body_h);
	free(rows);
	return s;
}

static void
test_focus(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	unsigned int		 w = view_geom(v)->body_w;
	struct view_anchor	 here;
	size_t			 t3 = talk_section(d, 3);

	tap_is_int(view_geom(v)->side_w, 30, "at 100 columns the index is "
	    "30 wide");
	type(v, "3jj");
	here = view_anchor(v);
	type(v, "\t");
	tap_is_int(view_focus(v), VIEW_FOCUS_SIDEBAR, "Tab: the index has "
	    "the focus");
	tap_is_int((long long)view_cursor(v), (long long)t3, "with the "
	    "cursor on the section in view");
	tap_is_int((long long)cursor_row_section(v), (long long)t3,
	    "and the index draws it there");
	type(v, "j");
	tap_is_int((long long)view_cursor(v), (long long)t3 + 1, "j moves "
	    "the cursor down");
	is_place(v, here, "not the text");
	type(v, "kk");
	tap_is_int((long long)view_cursor(v), (long long)t3 - 1, "k k moves "
	    "it up twice");
	type(v, "\r");
	tap_is_int(view_focus(v), VIEW_FOCUS_BODY, "Enter gives the focus "
	    "back");
	is_place(v, section_top(d, t3 - 1, w), "and opens that section");
	here = view_anchor(v);
	type(v, "\tG");
	tap_is_int((long long)view_cursor(v), (long long)d->nsections - 1,
	    "G in the index: the last section");
	type(v, "g");
	tap_is_int((long long)view_cursor(v), 0, "g: the first");
	type(v, "\x1b");
	tap_is_int(view_focus(v), VIEW_FOCUS_BODY, "Escape leaves the index");
	is_place(v, here, "where the text was");
	type(v, "\t\t");
	tap_is_int(view_focus(v), VIEW_FOCUS_BODY, "Tab twice: back in the "
	    "text");
	tap_ok(cursor_row_section(v) == DOC_NONE, "with no cursor drawn");
	type(v, "t");
	tap_is_int(view_geom(v)->side_w, 0, "t hides the index");
	type(v, "t");
	tap_is_int(view_geom(v)->side_w, 30, "t shows it again");
	type(v, "\tt");
	tap_is_int(view_geom(v)->side_w, 0, "t from the index hides it");
	tap_is_int(view_focus(v), VIEW_FOCUS_BODY, "and the text takes the "
	    "focus");
	view_free(v);

	v = open_view(d, 60, 30, 0, true);
	tap_is_int(view_geom(v)->side_w, 0, "at 60 columns the index hides");
	type(v, "\t");
	tap_is_int(view_focus(v), VIEW_FOCUS_BODY, "Tab with the index "
	    "hidden stays in the text");
	says(v, "The index is hidden: t shows it", "Tab with the index "
	    "hidden");
	type(v, "t");
	tap_is_int(view_geom(v)->side_w, 30, "t shows it anyway, on half "
	    "the screen");
	type(v, "\t");
	tap_is_int(view_focus(v), VIEW_FOCUS_SIDEBAR, "and Tab focuses it");
	view_free(v);

	v = open_view(d, 10, 4, 0, true);
	type(v, "t");
	tap_is_int(view_geom(v)->side_w, 0, "at 10x4 t cannot show the index");
	says(v, "No room", "t at 10x4, in the words that fit");
	view_free(v);
}

/* An index of another width: where it shows, and how wide. */
static void
test_side_width(const struct doc *d)
{
	static const struct {
		unsigned int	 width, cols, want;
		const char	*what;
	} t[] = {
		{ 16, 100, 16, "a 16-column index at 100 columns" },
		{ 16, 56, 16, "shows from 56 columns" },
		{ 16, 55, 0, "and hides at 55" },
		{ 60, 100, 60, "a 60-column index shows at 100" },
		{ 60, 99, 0, "and hides at 99" },
	};
	struct view_opts	 o;
	struct view		*v;
	size_t			 i;

	memset(&o, 0, sizeof(o));
	o.sidebar = true;
	for (i = 0; i < sizeof(t) / sizeof(*t); i++) {
		o.side_width = t[i].width;
		v = view_new(d, &km, &o, t[i].cols, 30);
		tap_is_int(view_geom(v)->side_w, t[i].want, "%s", t[i].what);
		if (t[i].want == 0) {
			type(v, "t");
			tap_is_int(view_geom(v)->side_w, t[i].width < t[i].cols / 2 ?
			    t[i].width : t[i].cols / 2, "t shows it, no wider "
			    "than asked nor than half the screen");
		}
		view_free(v);
	}
}

/* Help. */

/* The help's page: one line a screen row, none wider than the screen. */
static bool
help_page_fits(struct view *v, unsigned int cols, unsigned int lines,
    struct buf *page)
{
	const char	*p, *nl;
	size_t		 n = 0;
	bool		 ok = true;

	page->len = 0;
	view_help_page(v, page);
	buf_addc(page, '\0');
	for (p = page->data; (nl = strchr(p, '\n')) != NULL; p = nl + 1, n++)
		if (text_width(p, (size_t)(nl - p)) > cols) {
			tap_diag("line %zu is wider than %u: %.*s", n, cols,
			    (int)(nl - p), p);
			ok = false;
		}
	if (n != lines)
		tap_diag("%zu lines for a screen of %u", n, lines);
	return ok && n == lines && *p == '\0';
}

/*
 * At each size the help fills the screen, no line too wide; its first
 * line says how to leave it; scrolled to its end, it has named every
 * action, and its last line says so.
 */
static void
test_help_sizes(const struct doc *d)
{
	static const unsigned int sz[][2] = { { 100, 30 }, { 60, 20 },
	    { 20, 5 }, { 64, 10 }, { 63, 10 }, { 39, 8 } };
	struct buf	 page, all;
	struct view	*v;
	size_t		 i, k;
	int		 a;
	bool		 fits, named;

	buf_init(&page);
	for (i = 0; i < sizeof(sz) / sizeof(*sz); i++) {
		buf_init(&all);
		v = open_view(d, sz[i][0], sz[i][1], 0, true);
		type(v, "h");
		fits = help_page_fits(v, sz[i][0], sz[i][1], &page);
		tap_ok(fits && strstr(page.data, "q") != NULL &&
		    strncmp(page.data, "lines", 5) != 0, "help at %ux%u: a "
		    "page of the screen's size, a title that says q", sz[i][0],
		    sz[i][1]);
		for (k = 0; k < 400 && fits; k++) {
			buf_adds(&all, page.data);
			view_key(v, 'j');
			fits = help_page_fits(v, sz[i][0], sz[i][1], &page);
		}
		buf_addc(&all, '\0');
		for (named = true, a = ACTION_NONE + 1; a < ACTION__MAX; a++)
			named = named && strstr(all.data,
			    keymap_action_name((enum action)a)) != NULL;
		tap_ok(fits && named, "help at %ux%u: every page fits, every "
		    "action is named", sz[i][0], sz[i][1]);
		view_free(v);
		buf_release(&all);
	}
	buf_release(&page);
}

/* The speakers list at 20 columns: its title and entries in words. */
static void
test_speakers_narrow(const struct doc *d)
{
	struct view	*v = open_view(d, 20, 5, 0, true);
	struct buf	 list;
	const char	*p, *nl;
	size_t		 chosen;
	bool		 fits = true;

	buf_init(&list);
	type(v, "S");
	view_speakers_lines(v, &list, &chosen);
	buf_addc(&list, '\0');
	for (p = list.data; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		fits = fits && text_width(p, (size_t)(nl - p)) <= 18;
	tap_ok(strncmp(list.data, "Speakers, 7 of 7\n", 17) == 0 && fits,
	    "speakers at 20x5: a short title, entries within 18 cells");
	buf_release(&list);
	view_free(v);
}

static void
test_help(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	struct view_anchor	 here = view_anchor(v);
	size_t			 i, room, max = 0, top;
	unsigned int		 f;

	type(v, "h");
	tap_ok(view_help_shown(v), "h shows the help");
	f = type(v, "x");
	tap_ok(view_help_shown(v) && f == 0, "x does nothing to it");
	tap_ok(view_message(v) == NULL, "not even a message");
	type(v, "h");
	tap_ok(!view_help_shown(v), "h closes it");
	is_place(v, here, "and the text did not move");
	view_key(v, KEYMAP_F1);
	tap_ok(view_help_shown(v), "F1 shows it");
	f = type(v, "q");
	tap_ok(!view_help_shown(v) && !(f & VIEW_QUIT), "q closes it and "
	    "does not quit");
	type(v, "h\x1b");
	tap_ok(!view_help_shown(v), "Escape closes it");
	view_free(v);

	/* Ten lines: eight for the help between its title and its end. */
	v = open_view(d, 100, 10, 0, true);
	here = view_anchor(v);
	room = 10 - 2;
	type(v, "hj");
	tap_ok(view_help_shown(v), "at 10 lines j keeps the help open");
	tap_is_int((long long)view_help_top(v), 1, "and scrolls it a line");
	view_key(v, KEYMAP_DOWN);
	tap_is_int((long long)view_help_top(v), 2, "Down scrolls it too");
	type(v, "k");
	tap_is_int((long long)view_help_top(v), 1, "k scrolls back");
	type(v, "f");
	tap_is_int((long long)view_help_top(v), 1 + room, "f scrolls a "
	    "page of it");
	type(v, "b");
	tap_is_int((long long)view_help_top(v), 1, "b a page back");
	type(v, "G");
	top = view_help_top(v);
	tap_ok(top > room, "G goes to its last page");
	for (i = 0; i < 300 && view_help_shown(v); i++) {
		if (view_help_top(v) > max)
			max = view_help_top(v);
		type(v, "j");
	}
	tap_is_int((long long)max, (long long)top, "j scrolls it until its "
	    "last line shows, no further");
	type(v, "g");
	tap_is_int((long long)view_help_top(v), 0, "g goes to its top");
	view_key(v, KEYMAP_END);
	tap_is_int((long long)view_help_top(v), (long long)top, "End to its "
	    "bottom");
	view_key(v, KEYMAP_HOME);
	tap_is_int((long long)view_help_top(v), 0, "Home to its top");
	view_wheel(v, 3, 3, 3);
	tap_is_int((long long)view_help_top(v), 3, "the wheel scrolls it");
	view_click(v, 3, 3);
	is_place(v, here, "the text never moved, clicked or not");
	type(v, "q");
	view_free(v);
}

/* Quitting. */

static void
test_quit(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	struct view_anchor	*s0 = snap(v);
	unsigned int		 f;

	f = type(v, "Z");
	tap_ok(!(f & VIEW_QUIT), "Z alone does not quit");
	f = type(v, "Z");
	tap_ok(f & VIEW_QUIT, "ZZ quits");
	tap_ok(type(v, "q") & VIEW_QUIT, "q quits");
	tap_ok(type(v, "Q") & VIEW_QUIT, "Q quits");
	tap_ok(view_act(v, ACTION_QUIT) & VIEW_QUIT, "the quit action "
	    "quits");
	f = type(v, "Zj");
	tap_ok(!(f & VIEW_QUIT), "Z then j does not quit");
	is_place(v, s0[1], "and j moves a line");
	f = type(v, "Z\x1bZ");
	tap_ok(!(f & VIEW_QUIT), "Z Escape Z does not quit");
	f = type(v, "\x1b");
	tap_ok(!(f & VIEW_QUIT), "nor does Escape after it");
	free(s0);
	view_free(v);
}

/* The mouse. */

static void
test_mouse(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	const struct view_geom	*g = view_geom(v);
	struct view_anchor	*s0 = snap(v), here;
	struct view_side_row	*rows;
	size_t			 i, t5 = talk_section(d, 5);
	size_t			 t6 = talk_section(d, 6);
	int			 title = -1, speakers = -1, empty = -1;
	unsigned int		 f;

	f = view_wheel(v, 5, g->body_x + 3, VIEW_WHEEL_LINES);
	tap_ok(f & VIEW_REDRAW, "the wheel asks for a redraw");
	is_place(v, s0[VIEW_WHEEL_LINES], "the wheel over the text scrolls "
	    "it %d lines", VIEW_WHEEL_LINES);
	view_wheel(v, 5, g->body_x + 3, -VIEW_WHEEL_LINES);
	is_place(v, s0[0], "and back up");
	view_wheel(v, 2, 3, VIEW_WHEEL_LINES);
	is_place(v, s0[0], "the wheel over the index leaves the text");
	rows = xcalloc(g->body_h + 1, sizeof(*rows));
	view_sidebar(v, rows);
	tap_is_int((long long)rows[0].section, VIEW_WHEEL_LINES, "and "
	    "scrolls the index: its first row is section %d",
	    VIEW_WHEEL_LINES);
	view_side_release(rows, g->body_h);
	view_wheel(v, 2, 3, -100);

	view_sidebar(v, rows);
	for (i = 0; i < g->body_h; i++) {
		if (rows[i].section == t5 && rows[i].kind == VIEW_SIDE_TITLE)
			title = (int)i;
		if (rows[i].section == t6 &&
		    rows[i].kind == VIEW_SIDE_SPEAKERS)
			speakers = (int)i;
		if (rows[i].kind == VIEW_SIDE_EMPTY && empty < 0)
			empty = (int)i;
	}
	view_side_release(rows, g->body_h);
	tap_ok(title >= 0 && speakers >= 0 && empty >= 0, "the index shows "
	    "talk 5's title, talk 6's speakers and empty rows");
	f = view_click(v, (unsigned int)title, 5);
	tap_ok(f & VIEW_REDRAW, "a click on talk 5 in the index redraws");
	test_talk_place(v, d, 5, "a click on its title");
	tap_is_int((long long)view_cursor(v), (long long)t5, "the cursor "
	    "follows");
	view_sidebar(v, rows);
	view_side_release(rows, g->body_h);
	view_click(v, (unsigned int)speakers, 5);
	test_talk_place(v, d, 6, "a click on talk 6's speakers");
	here = view_anchor(v);
	view_sidebar(v, rows);
	view_side_release(rows, g->body_h);
	f = view_click(v, (unsigned int)empty, 5);
	is_place(v, here, "a click below the index's last entry does "
	    "nothing");
	f = view_click(v, 3, g->body_x + 5);
	tap_is_int(f, 0, "a click on the text returns nothing to do");
	is_place(v, here, "and moves nothing");
	free(rows);
	free(s0);
	view_free(v);

	v = open_view(d, 60, 30, 0, true);
	s0 = snap(v);
	view_wheel(v, 1, 3, VIEW_WHEEL_LINES);
	is_place(v, s0[VIEW_WHEEL_LINES], "with the index hidden, the wheel "
	    "on the left scrolls the text");
	free(s0);
	view_free(v);
}

/* Keys bound to nothing, messages, info, redraw, mouse capture. */

/* The lines = counts, from its message; 0 when it has none. */
static size_t
info_total(struct view *v)
{
	const char	*m;
	size_t		 line, total;

	type(v, "=");
	m = view_message(v);
	if (m == NULL || (m = strstr(m, "line ")) == NULL ||
	    sscanf(m, "line %zu of %zu", &line, &total) != 2)
		return 0;
	return total;
}

/* = counts again at a new width, and the same as before at the old. */
static void
test_info_lines(struct view *v)
{
	size_t	 wide, narrow, again;

	wide = info_total(v);
	view_resize(v, 50, 30);
	narrow = info_total(v);
	view_resize(v, 100, 30);
	again = info_total(v);
	tap_ok(wide > 0 && narrow > wide && again == wide, "= counts %zu "
	    "lines at 100 columns, %zu at 50, %zu at 100 again", wide, narrow,
	    again);
}

static void
test_misc(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	struct view_anchor	 here = view_anchor(v);
	const char		*m;
	unsigned int		 f;

	type(v, "x");
	tap_is_str(view_message(v), "x does nothing: h shows the keys",
	    "an unbound key names itself");
	is_place(v, here, "and does nothing");
	view_key(v, KEYMAP_F1 + 4);
	tap_is_str(view_message(v), "F5 does nothing: h shows the keys",
	    "F5 too");
	view_key(v, 0xe9);
	tap_is_str(view_message(v), "\xc3\xa9 does nothing: h shows the keys",
	    "\xc3\xa9 too");
	view_key(v, KEYMAP_CTRL('k'));
	tap_is_str(view_message(v), "C-k does nothing: h shows the keys",
	    "C-k too");
	type(v, "j");
	tap_ok(view_message(v) == NULL, "the next key clears the message");
	view_set_message(v, "hello");
	tap_is_str(view_message(v), "hello", "view_set_message shows one");
	type(v, "k");
	tap_ok(view_message(v) == NULL, "until the next key");
	type(v, "\x1b");
	tap_ok(view_message(v) == NULL, "Escape alone says nothing");
	type(v, "3=");
	m = view_message(v);
	if (!tap_ok(m != NULL && strstr(m, "talk 3 of 7") != NULL &&
	    strstr(m, "line ") != NULL, "= tells the talk and line"))
		tap_diag("the message is \"%s\"", m != NULL ? m : "(null)");
	test_info_lines(v);
	f = view_key(v, KEYMAP_CTRL('l'));
	tap_ok(f & VIEW_REPAINT, "C-l repaints");
	tap_ok(view_mouse(v), "the mouse is on, as asked");
	f = type(v, "M");
	tap_ok((f & VIEW_MOUSE) && !view_mouse(v), "M turns it off");
	f = type(v, "M");
	tap_ok((f & VIEW_MOUSE) && view_mouse(v), "M turns it on");
	view_free(v);
}

/*
 * Lines with no text of their own (an empty line of code, a heading's
 * rule): the anchor should still stay on them across widths.
 */
static void
test_textless(void)
{
	struct buf		 md;
	struct doc		*d;
	struct view		*v;
	struct layout		*l;
	struct view_row		 rows[40];
	size_t			 i, code = 1, head = 2, next;

	buf_init(&md);
	buf_adds(&md, "Intro.\n\n```\n");
	for (i = 0; i < 48; i++)
		buf_addc(&md, 'a');
	buf_adds(&md, "\n\nb\n```\n\n## A heading long enough to wrap at "
	    "twenty columns\n\nText.\n\n");
	for (i = 0; i < 40; i++)
		buf_printf(&md, "Filler %zu.\n\n", i);
	d = testdoc_load(md.data);
	buf_release(&md);
	v = open_view(d, 81, 30, 200, false);

	/* Line 2 of the code at 80 columns is empty; "b" comes next. */
	l = layout_build(d, code, 80);
	tap_ok(l->nlines == 4 && line_is_empty(l, 2),
	    "the code block's line 2 is empty at 80 columns");
	next = line_start(l, 3);
	layout_free(l);
	go_to_line(v, code, 2);
	view_resize(v, 21, 30);
	view_body(v, rows);
	l = layout_build(d, code, 20);
	tap_ok(rows[0].layout != NULL && rows[0].layout->block == code &&
	    line_is_empty(rows[0].layout, rows[0].line) &&
	    rows[1].layout != NULL &&
	    line_holds(rows[1].layout, rows[1].line, next),
	    "an empty line of code at the top stays there at 20 columns");
	if (rows[0].layout != NULL)
		tap_diag("top: block %zu line %zu of %zu, want line %zu",
		    rows[0].layout->block, rows[0].line,
		    rows[0].layout->nlines, l->nlines - 2);
	layout_free(l);
	view_resize(v, 81, 30);
	tap_ok(view_anchor(v).block == code && view_anchor(v).line == 2,
	    "and is there again at 80");

	/* The heading's rule: its last line, whatever the width. */
	go_to_line(v, head, 2);
	view_resize(v, 21, 30);
	view_body(v, rows);
	l = layout_build(d, head, 20);
	tap_ok(rows[0].layout != NULL && rows[0].layout->block == head &&
	    rows[0].line == l->nlines - 1, "a heading's rule at the top "
	    "stays there when the heading wraps");
	if (rows[0].layout != NULL)
		tap_diag("top: block %zu line %zu, want line %zu",
		    rows[0].layout->block, rows[0].line, l->nlines - 1);
	layout_free(l);
	view_free(v);
	doc_free(d);
}

/* The status line at every narrow width, in every talk. */
static void
test_status_widths(const struct doc *d)
{
	struct view	*v;
	struct buf	 l, r;
	unsigned int	 cols, t, bad = 0;
	size_t		 lw, rw;
	char		 first[512] = "";

	buf_init(&l);
	buf_init(&r);
	v = open_view(d, 14, 30, 0, true);
	type(v, "1");
	view_status(v, &l, &r);
	lw = text_width(l.data, l.len);
	rw = text_width(r.data, r.len);
	if (!tap_ok(lw + rw <= 14, "sample at 14x30 in talk 1: the status "
	    "fits in 14 columns"))
		tap_diag("left \"%s\" (%zu) + right \"%s\" (%zu)", l.data, lw,
		    r.data, rw);
	view_free(v);
	for (cols = 10; cols <= 60; cols++) {
		for (t = 0; t <= d->ntalks; t++) {
			v = open_view(d, cols, 30, 0, true);
			if (t > 0)
				view_key(v, (uint32_t)('0' + t));
			view_status(v, &l, &r);
			lw = text_width(l.data, l.len);
			rw = text_width(r.data, r.len);
			if (lw + rw > cols && bad++ == 0)
				snprintf(first, sizeof(first), "%u columns, "
				    "talk %u: \"%s\" + \"%s\"", cols, t,
				    l.data, r.data);
			view_free(v);
		}
	}
	tap_ok(bad == 0, "at 10-60 columns, at the top and in each talk, "
	    "the status fits");
	if (bad > 0)
		tap_diag("%u too wide; the first at %s", bad, first);
	buf_release(&l);
	buf_release(&r);
}

/* The index's rows on the narrowest index, for deep sections. */
static void
test_side_narrow(void)
{
	struct doc		*d = testdoc_load("# T\n\n## A\n\nJohn Smith discussed "
				    "it.\n\n### B\n\n#### C\n\n##### D\n\n"
				    "###### E\n\nx\n");
	struct view		*v = open_view(d, 20, 30, 0, true);
	const struct view_geom	*g = view_geom(v);
	struct view_side_row	*rows;
	size_t			 i, tw, bad = 0;
	char			 first[256] = "";

	type(v, "t");
	tap_is_int(g->side_w, 10, "at 20 columns t shows a 10-column index");
	rows = xcalloc(g->body_h + 1, sizeof(*rows));
	view_sidebar(v, rows);
	for (i = 0; i < g->body_h; i++) {
		if (rows[i].kind == VIEW_SIDE_EMPTY)
			continue;
		tw = text_width(rows[i].text.data, rows[i].text.len);
		if (tw + 2 > g->side_w && bad++ == 0)
			snprintf(first, sizeof(first), "row %zu, section "
			    "%zu: \"%s\", %zu columns", i, rows[i].section,
			    rows[i].text.data, tw);
	}
	view_side_release(rows, g->body_h);
	tap_ok(bad == 0, "every row fits in the index's 8 columns of text");
	if (bad > 0)
		tap_diag("%zu rows too wide; the first, %s", bad, first);
	free(rows);
	view_free(v);
	doc_free(d);
}

/* The page's line `i`, into `out`. */
static void
help_line(struct view *v, size_t i, char *out, size_t size)
{
	struct buf	 page;
	const char	*p;

	buf_init(&page);
	view_help_page(v, &page);
	buf_addc(&page, '\0');
	for (p = page.data; i > 0 && p != NULL; i--)
		if ((p = strchr(p, '\n')) != NULL)
			p++;
	snprintf(out, size, "%.*s", p != NULL ? (int)strcspn(p, "\n") : 0,
	    p != NULL ? p : "");
	buf_release(&page);
}

/*
 * The help after a resize: the entry at its top stays there, from its
 * first line, and no room is left empty below its last.
 */
static void
test_help_resize(const struct doc *d)
{
	struct view	*v = open_view(d, 60, 10, 0, true);
	char		 line[256];
	size_t		 i;

	type(v, "h");
	for (i = 0; i < 15; i++)
		type(v, "j");
	help_line(v, 1, line, sizeof(line));
	tap_is_str(line, "    top: go to the top", "at 60x10 the help "
	    "scrolled 15 lines, into the entry of top");
	view_resize(v, 100, 10);
	help_line(v, 1, line, sizeof(line));
	tap_ok(strstr(line, "go to the top") != NULL && strncmp(line,
	    "g, Home, <", 10) == 0, "at 100 columns that entry is on top, "
	    "whole: %s", line);
	view_resize(v, 100, 30);
	type(v, "G");
	help_line(v, 28, line, sizeof(line));
	tap_ok(strstr(line, "quit") != NULL, "at 100x30 G shows the last "
	    "entry on the last row of help: %s", line);
	view_resize(v, 100, 50);
	help_line(v, 1, line, sizeof(line));
	tap_ok(strncmp(line, "j, Down", 7) == 0, "at 50 lines, where all "
	    "fit, it shows from its first line: %s", line);
	view_free(v);
}

/* What the status line and the index say. */
static void
test_drawn(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	const struct view_geom	*g = view_geom(v);
	struct view_side_row	*rows;
	struct buf		 l, r;
	size_t			 i, t3 = talk_section(d, 3), cur = 0, t;
	bool			 title = false, speakers = false, shown;

	buf_init(&l);
	buf_init(&r);
	view_status(v, &l, &r);
	tap_is_str(l.data, "Trip report: the Ottawa Linux Symposium",
	    "at the top the status says the title");
	tap_ok(r.len > 2 && r.data[0] == ' ' && r.data[r.len - 1] == '%',
	    "and the position: \"%s\"", r.data);
	type(v, "3");
	view_status(v, &l, &r);
	tap_ok(strstr(l.data, " \xe2\x80\xba 3. Interactive kernel "
	    "performance") != NULL, "in talk 3 it says the talk: \"%s\"",
	    l.data);
	buf_release(&l);
	buf_release(&r);

	rows = xcalloc(g->body_h + 1, sizeof(*rows));
	view_sidebar(v, rows);
	for (i = 0; i < g->body_h; i++) {
		if (!rows[i].current)
			continue;
		cur++;
		if (rows[i].kind == VIEW_SIDE_TITLE)
			title = rows[i].section == t3 &&
			    strcmp(rows[i].text.data, "3. Interactive kernel "
			    "perfo\xe2\x80\xa6") == 0 &&
			    rows[i].number_len == 3;
		if (rows[i].kind == VIEW_SIDE_SPEAKERS)
			speakers = rows[i].section == t3 &&
			    strcmp(rows[i].text.data, "   Robert Love") == 0;
	}
	view_side_release(rows, g->body_h);
	tap_ok(cur == 2 && title && speakers, "the index marks talk 3's "
	    "two rows: number, title cut to 28 columns, speaker");

	/* On a short screen the index follows the talk in view. */
	view_resize(v, 100, 7);
	shown = true;
	for (t = 1; t <= d->ntalks; t++) {
		view_key(v, (uint32_t)('0' + t));
		view_sidebar(v, rows);
		cur = 0;
		for (i = 0; i < g->body_h; i++)
			cur += rows[i].current &&
			    rows[i].kind == VIEW_SIDE_TITLE;
		view_side_release(rows, g->body_h);
		shown = shown && cur == 1;
	}
	tap_ok(shown, "at 7 lines the index shows each talk in view");
	type(v, "\tg");
	shown = true;
	for (t = 0; t < d->nsections; t++) {
		shown = shown && cursor_row_section(v) == t;
		type(v, "j");
	}
	tap_ok(shown, "and the cursor wherever it goes");
	free(rows);
	view_free(v);
}

/* The small documents, on a normal screen. */
static void
test_small(void)
{
	struct doc		*d;
	struct view		*v;
	struct view_anchor	*s;
	struct buf		 l, r;

	d = testdoc_load("");
	v = open_view(d, 100, 30, 0, true);
	tap_ok(!at_bottom(v, d), "empty: no last line to show");
	tap_is_int(view_percent(v), 100, "empty: 100%%");
	type(v, "j");
	says(v, "End of the article", "empty: j");
	type(v, "Gf");
	says(v, "End of the article", "empty: G then f");
	type(v, "]");
	says(v, "No next section", "empty: ]");
	type(v, "[");
	says(v, "No previous section", "empty: [");
	buf_init(&l);
	buf_init(&r);
	view_status(v, &l, &r);
	tap_is_str(l.data, "t.md", "empty: the status names the file");
	tap_is_str(r.data, " 100%", "empty: and says 100%%");
	buf_release(&l);
	buf_release(&r);
	view_free(v);
	doc_free(d);

	d = testdoc_load("Hello.");
	v = open_view(d, 100, 30, 0, true);
	s = snap(v);
	tap_ok(s[0].block == 0 && s[0].line == 0 && s[1].block == DOC_NONE,
	    "one line: shown on the first row, nothing below");
	free(s);
	tap_is_int(view_percent(v), 100, "one line: 100%%");
	type(v, "j");
	says(v, "End of the article", "one line: j");
	type(v, "f");
	says(v, "End of the article", "one line: f");
	type(v, "k");
	says(v, "Top of the article", "one line: k");
	type(v, " ");
	says(v, "End of the article", "one line: Space");
	type(v, "G");
	tap_is_int((long long)view_anchor(v).block, 0, "one line: G stays");
	view_free(v);
	doc_free(d);
}

/*
 * More blocks than the layout cache keeps: a screenful built from the
 * bottom up, after the cache has turned over, still draws what it should.
 */
static void
test_cache_turnover(void)
{
	struct buf	 md;
	struct doc	*d;
	struct view	*v;
	struct viewcheck vc;
	struct why	 w = { "" };
	size_t		 i;
	bool		 ok = true;

	buf_init(&md);
	for (i = 0; i < 3 * LAYOUT_CACHE_MAX; i++)
		buf_printf(&md, "p%zu\n\n", i);
	d = testdoc_load(md.data);
	v = open_view(d, 80, 30, 0, false);
	viewcheck_init(&vc, d);
	type(v, "Gma");
	for (i = 0; i < 2 * LAYOUT_CACHE_MAX / 27 && ok; i++) {
		type(v, "b");
		ok = check_body(&vc, v, &w);
	}
	type(v, "'a");
	ok = ok && check_body(&vc, v, &w);
	type(v, "g");
	ok = ok && check_body(&vc, v, &w);
	tap_ok(ok, "a cache that turned over still draws the screen%s%s",
	    w.s[0] != '\0' ? ": " : "", w.s);
	viewcheck_release(&vc);
	view_free(v);
	doc_free(d);
	buf_release(&md);
}

/*
 * A view opened on the first piece of an article: a talk's heading shows
 * its number at once, and keeps it as the rest loads.
 */
static void
test_loading(void)
{
	struct buf		 md;
	struct diag		 dg;
	struct load_job		*job;
	struct view		*v;
	struct view_row		 rows[30];
	const struct layout	*l;
	size_t			 i;
	bool			 first;

	buf_init(&md);
	buf_adds(&md, "# Title\n\n## Talk one\n\nGreg Kroah-Hartman "
	    "described things at length.\n\n");
	for (i = 0; i < 1000; i++)
		buf_printf(&md, "Filler paragraph %zu, long enough.\n\n", i);
	buf_adds(&md, "## Talk two\n\nAndrew Morton spoke too.\n");
	diag_init(&dg);
	job = load_start_buffer("t", md.data, md.len, 0, &dg);
	load_first(job);
	tap_ok(!load_doc(job)->complete, "the article loads in pieces");
	v = open_view(load_doc(job), 80, 30, 0, false);
	view_set_loading(v, load_percent(job));
	for (first = true; ; first = false) {
		type(v, "g");
		view_body(v, rows);
		for (i = 0; i < 30; i++)
			if ((l = rows[i].layout) != NULL &&
			    l->doc->blocks[l->block].kind == DOC_HEADING &&
			    l->doc->blocks[l->block].level == 2 &&
			    !line_is_empty(l, rows[i].line))
				break;
		tap_ok(i < 30 && row_starts(l, rows[i].line, "1. Talk one"),
		    "%s, the talk's heading has its number", first ?
		    "from the first piece" : "once loaded");
		if (!first)
			break;
		while (load_next(job))
			continue;
		view_set_loading(v, 100);
	}
	view_free(v);
	doc_free(load_end(job));
	diag_release(&dg);
	buf_release(&md);
}

/* n and N repeat the last search entered, not one given up on. */
static void
test_search_last(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	const struct search	*s;
	const char		*p;
	size_t			 cur;

	type(v, "n");
	p = view_message(v);
	tap_ok(p != NULL && strstr(p, "No search yet") != NULL,
	    "n before any search says so");
	type(v, "/Love");
	view_key(v, KEYMAP_ENTER);
	view_key(v, KEYMAP_ESCAPE);
	tap_ok(view_matches(v, &cur) == NULL, "Escape clears the matches");
	type(v, "n");
	s = view_matches(v, &cur);
	tap_ok(s != NULL && s->query != NULL && strcmp(s->query, "Love") == 0
	    && cur != DOC_NONE, "n after Escape finds the last search again");
	type(v, "?Robert");
	s = view_matches(v, &cur);
	tap_ok(s != NULL && strcmp(s->query, "Robert") == 0,
	    "typing shows the new query's matches");
	view_key(v, KEYMAP_ESCAPE);
	s = view_matches(v, &cur);
	tap_ok(s != NULL && strcmp(s->query, "Love") == 0 && cur != DOC_NONE,
	    "Escape in the prompt brings back the last search's matches");
	p = view_prompt(v);
	tap_ok(p == NULL || *p == '\0', "and closes the prompt");
	type(v, "N");
	s = view_matches(v, &cur);
	tap_ok(s != NULL && strcmp(s->query, "Love") == 0,
	    "N repeats the last search entered, not the one given up");
	type(v, "/x");
	view_key(v, KEYMAP_BACKSPACE);
	tap_ok(view_matches(v, &cur) == NULL,
	    "an emptied query shows no matches");
	view_key(v, KEYMAP_ESCAPE);
	type(v, "/");
	view_key(v, KEYMAP_CTRL('r'));
	type(v, "Love|");
	p = view_message(v);
	tap_ok(p != NULL && strstr(p, "Bad regular expression: it matches "
	    "empty text") != NULL, "a regex that matches empty text says so");
	view_key(v, KEYMAP_ESCAPE);
	view_free(v);
}

/* The search prompt's own keys, and the search's state. */
static void
test_search(const struct doc *d)
{
	struct view		*v = open_view(d, 100, 30, 0, true);
	const struct search	*s;
	const char		*p;
	size_t			 cur, n;

	type(v, "/");
	view_key(v, KEYMAP_CTRL('r'));
	p = view_prompt(v);
	tap_ok(p != NULL && strstr(p, "[regex]") != NULL,
	    "C-r in the prompt says [regex]");
	type(v, "Ro.ert");
	view_key(v, KEYMAP_ENTER);
	s = view_matches(v, &cur);
	tap_ok(s != NULL && s->n == 2 && cur == 0, "a regex finds both "
	    "Roberts, the first current");
	view_key(v, KEYMAP_ESCAPE);
	tap_ok(view_matches(v, &cur) == NULL, "Escape clears it");
	/* In talk 6, only its own matches when C-t limits the search. */
	type(v, "6/");
	view_key(v, KEYMAP_CTRL('t'));
	p = view_prompt(v);
	tap_ok(p != NULL && strstr(p, "[this section]") != NULL,
	    "C-t in the prompt says [this section]");
	type(v, "talk");
	view_key(v, KEYMAP_ENTER);
	s = view_matches(v, &cur);
	n = s != NULL ? s->n : 0;
	tap_is_int((long long)n, 2, "scoped, only talk 6's matches");
	type(v, "/zzzz");
	view_key(v, KEYMAP_ENTER);
	p = view_message(v);
	tap_ok(p != NULL && strstr(p, "Pattern not found: zzzz") != NULL,
	    "no match says so");
	type(v, "n");
	p = view_message(v);
	tap_ok(p != NULL && strstr(p, "Pattern not found: zzzz") != NULL,
	    "n after no match says so again");
	view_free(v);
	test_search_last(d);
}

/* Links. */

/* Six links, by number: one to open, four to refuse, and an image. */
static const char links_md[] = "# Links\n\nA [plain](https://example.org/a), "
    "a [script](javascript:alert(1)), an [option](-oProxyCommand=x), an "
    "[escape](<http://example.org/\x1b[31m>) and ![a picture](pic.png).\n\n"
    "## More\n\nWrite [to me](MAILTO:ann@example.org).\n";

static struct view *
open_links(const struct doc *d, unsigned int cols, const char *opener)
{
	struct view_opts	 o;

	memset(&o, 0, sizeof(o));
	o.sidebar = true;
	o.opener = opener;
	return view_new(d, &km, &o, cols, 30);
}

/* Whether the view shows `prompt` (NULL: none) and says `msg` (NULL). */
static bool
shows(struct view *v, const char *prompt, const char *msg, const char *what)
{
	const char	*p = view_prompt(v), *m = view_message(v);
	bool		 ok;

	ok = (prompt == NULL ? p == NULL : p != NULL && strcmp(p, prompt) ==
	    0) && (msg == NULL ? m == NULL : m != NULL && strcmp(m, msg) == 0);
	if (!tap_ok(ok, "%s", what))
		tap_diag("the prompt is \"%s\", the message \"%s\"",
		    p != NULL ? p : "(none)", m != NULL ? m : "(none)");
	return ok;
}

/* The prompt: digits, Backspace, Escape, Enter alone, another key. */
static void
test_link_prompt(const struct doc *d)
{
	struct view	*v = open_links(d, 100, "xdg-open");

	type(v, "o");
	shows(v, "Link: ", NULL, "o asks for a link's number");
	type(v, "12");
	shows(v, "Link: 12", NULL, "the digits show");
	view_key(v, KEYMAP_BACKSPACE);
	shows(v, "Link: 1", NULL, "BSpace deletes one");
	view_key(v, KEYMAP_BACKSPACE);
	shows(v, NULL, NULL, "and on the last, gives up");
	type(v, "o3\x1b");
	shows(v, NULL, NULL, "Escape gives up");
	type(v, "o\r");
	shows(v, NULL, NULL, "Enter with no number gives up");
	type(v, "o1x");
	shows(v, NULL, "x does nothing: h shows the keys", "another key gives "
	    "up the number and does its own job");
	type(v, "o1");
	tap_ok(view_prompt(v) != NULL, "one digit waits for Enter, though "
	    "only link 1 starts with it");
	type(v, "\x1b\to1\r");
	shows(v, "Open https://example.org/a ? (y/n)", NULL, "the index "
	    "focused, o works the same");
	view_free(v);
}

/* Enter: a link to open asks first; y opens it, any other key does not. */
static void
test_link_confirm(const struct doc *d)
{
	struct view	*v = open_links(d, 100, "xdg-open");
	unsigned int	 f;

	f = type(v, "o1\r");
	shows(v, "Open https://example.org/a ? (y/n)", NULL, "Enter shows the "
	    "URL and asks");
	tap_ok(!(f & VIEW_OPEN) && view_link_url(v) == NULL, "nothing is "
	    "opened while it asks");
	f = type(v, "y");
	tap_ok((f & VIEW_OPEN) && view_link_url(v) != NULL &&
	    strcmp(view_link_url(v), "https://example.org/a") == 0,
	    "y asks the screen to open the URL");
	shows(v, NULL, NULL, "and the question goes");
	f = type(v, "o6\rn");
	tap_ok(!(f & VIEW_OPEN) && view_link_url(v) == NULL, "n does not open "
	    "it");
	shows(v, NULL, NULL, "nor says anything");
	f = type(v, "o6\r");
	shows(v, "Open MAILTO:ann@example.org ? (y/n)", NULL, "a mailto link, "
	    "in capitals, in another section");
	f = type(v, "q");
	tap_ok(!(f & (VIEW_OPEN | VIEW_QUIT)), "any other key, q too, only "
	    "says no");
	f = type(v, "o6\r");
	view_key(v, KEYMAP_ESCAPE);
	tap_ok(!(f & VIEW_OPEN) && view_prompt(v) == NULL, "Escape says no");
	view_free(v);
}

/* A refused link is shown with why, and never offered. */
static void
test_link_refused(const struct doc *d)
{
	struct view	*v = open_links(d, 100, "xdg-open");
	unsigned int	 f;

	type(v, "o2\r");
	shows(v, NULL, "[2] javascript:alert(1) \xc2\xb7 only http, https and "
	    "mailto links are opened", "a javascript: link is shown, not "
	    "offered");
	f = type(v, "y");
	tap_ok(!(f & VIEW_OPEN) && view_link_url(v) == NULL, "and y after it "
	    "opens nothing");
	type(v, "o3\r");
	shows(v, NULL, "[3] -oProxyCommand=x \xc2\xb7 a URL starting with '-' "
	    "could pass for an option", "a URL starting with '-' is refused");
	type(v, "o4\r");
	shows(v, NULL, "[4] http://example.org/\xe2\x90\x9b[31m \xc2\xb7 the "
	    "URL holds a control character", "one with ESC is shown with "
	    "\xe2\x90\x9b, refused");
	type(v, "o5\r");
	shows(v, NULL, "[5] pic.png \xc2\xb7 only http, https and mailto links "
	    "are opened", "an image's numbers count too");
	type(v, "o7\r");
	shows(v, NULL, "No link 7: the article has 6", "a number with no link "
	    "says so");
	type(v, "o0\r");
	shows(v, NULL, "No link 0: the article has 6", "0 too");
	view_free(v);
	v = open_links(d, 100, NULL);
	type(v, "o1\r");
	shows(v, NULL, "[1] https://example.org/a \xc2\xb7 no browser: set "
	    "$BROWSER", "without a browser, the URL and what to do");
	view_free(v);
}

/* A long URL is cut to the width, the question kept whole. */
static void
test_link_narrow(void)
{
	struct doc	*d = testdoc_load("[long](https://example.org/a/very/long/path/"
	    "that/goes/on/and/on)\n\nNo [link](x:y) here.\n");
	struct view	*v = open_links(d, 40, "xdg-open");
	const char	*p;

	type(v, "o1\r");
	p = view_prompt(v);
	tap_ok(p != NULL && strncmp(p, "Open https://example.org/", 25) == 0 &&
	    strstr(p, "\xe2\x80\xa6 ? (y/n)") != NULL &&
	    text_width(p, strlen(p)) <= 39, "at 40 columns the URL is cut, "
	    "the question whole (%s)", p != NULL ? p : "none");
	type(v, "n");
	view_free(v);
	doc_free(d);
	d = testdoc_load("No links.\n");
	v = open_links(d, 100, "xdg-open");
	type(v, "o");
	shows(v, NULL, "The article has no links", "o in an article without "
	    "links says so");
	view_free(v);
	doc_free(d);
}

/*
 * While the article loads, a number past the links loaded asks for the
 * rest first, and the prompt is kept for the key to come again.
 */
static void
test_link_loading(void)
{
	struct buf	 md;
	struct diag	 dg;
	struct load_job	*job;
	struct view	*v;
	unsigned int	 f;
	size_t		 i;

	buf_init(&md);
	buf_adds(&md, "# Title\n\nA [first](http://1.example/).\n\n");
	for (i = 0; i < 1000; i++)
		buf_printf(&md, "## S%zu\n\nFiller %zu, long enough.\n\n", i, i);
	buf_adds(&md, "## Last\n\nThe [last](https://2.example/).\n");
	diag_init(&dg);
	job = load_start_buffer("t", md.data, md.len, 0, &dg);
	load_first(job);
	v = open_links(load_doc(job), 100, "xdg-open");
	view_set_loading(v, load_percent(job));
	f = type(v, "o2\r");
	tap_ok(!load_doc(job)->complete && (f & VIEW_LOAD) &&
	    view_prompt(v) != NULL && strcmp(view_prompt(v), "Link: 2") == 0,
	    "link 2, not loaded yet, asks for the rest of the article");
	while (load_next(job))
		continue;
	view_set_loading(v, 100);
	type(v, "\r");
	shows(v, "Open https://2.example/ ? (y/n)", NULL, "once loaded, Enter "
	    "again shows it");
	view_free(v);
	doc_free(load_end(job));
	diag_release(&dg);
	buf_release(&md);
}

static void
test_links(void)
{
	struct doc	*d = testdoc_load(links_md);

	tap_is_int(d->nlinks, 6, "the links' article has 6 links");
	test_link_prompt(d);
	test_link_confirm(d);
	test_link_refused(d);
	test_link_narrow();
	test_link_loading();
	doc_free(d);
}

int
main(void)
{
	static const struct {
		const char	*name;
		const char	*md;
	} docs[] = {
		{ "empty", "" },
		{ "one line", "Hello." },
		{ "no headings", "A first paragraph, long enough to wrap at "
		    "the narrower widths of a small screen.\n\nA second "
		    "one.\n\n- an item\n- another\n  - nested\n\n> a quote\n"
		    ">\n> in two parts\n\n```\ncode\tline\n```\n\n***\n\n"
		    "The end.\n" },
		{ "headings, no talks", "# Title\n\nAn introduction.\n\n"
		    "## Alpha\n\nSome text about alpha.\n\n## Beta\n\nMore "
		    "text.\n\n### Beta one\n\nDeeper.\n" },
		{ "deep headings", "# T\n\n## A\n\nJohn Smith discussed "
		    "it.\n\n### B\n\n#### C\n\n##### D\n\n###### E\n\nx\n" },
		{ "container alone", ">\n" },
	};
	struct doc	*sample, *many, *d;
	size_t		 i;

	tap_plan(0);
	keymap_init(&km);
	if ((sample = load_sample()) == NULL) {
		tap_ok(false, "the sample article loads");
		return tap_done();
	}
	many = load_many_talks();

	test_actions("sample", sample);
	test_cache_turnover();
	test_loading();
	test_actions("23 talks", many);
	for (i = 0; i < sizeof(docs) / sizeof(*docs); i++) {
		d = testdoc_load(docs[i].md);
		test_actions(docs[i].name, d);
		test_walk(docs[i].name, d, 1 + i);
		doc_free(d);
	}
	test_walk("sample", sample, 42);
	test_walk("sample", sample, 4242);
	test_walk("23 talks", many, 7);

	test_scroll(sample);
	test_read_on(sample);
	test_read_on_short();
	test_talks(sample);
	test_talk_numbers(many);
	test_no_talks();
	test_widths(sample, 80);
	test_widths(sample, 20);
	test_widths_default(sample);
	test_history(sample);
	test_marks(sample);
	test_memory(sample);
	test_files(sample);
	test_focus(sample);
	test_side_width(sample);
	test_help(sample);
	test_help_sizes(sample);
	test_speakers_narrow(sample);
	test_quit(sample);
	test_mouse(sample);
	test_misc(sample);
	test_drawn(sample);
	test_help_resize(sample);
	test_status_widths(sample);
	test_side_narrow();
	test_textless();
	test_small();
	test_search(sample);
	test_links();

	doc_free(many);
	doc_free(sample);
	return tap_done();
}
