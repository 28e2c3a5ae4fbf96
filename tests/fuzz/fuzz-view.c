/*
 * fuzz-view: the pager without a terminal.  An article and a stream of
 * keys, resizes, wheel turns and clicks, all from the input, drive a view
 * while the article loads a piece between events, as the pager does.  The
 * body and index are drawn after each event as the screen would ask for
 * them; every invariant the view tests assert (the anchor, the body's
 * rows, the section, the index and status fitting) must hold at the start,
 * after every FUZZ_CHECK_EVERY-th event or piece, and at the end.  Checked
 * at every step, the checks cost several times the view's own work; the
 * fuzzer, moving and dropping events, brings any state it reaches to a
 * checked step as well.
 *
 * Input: bytes 0 and 1 the first size; byte 2 the number of event bytes
 * that follow; then the events; the rest is the article.  An event byte
 * below 0xf0 is a key (0x80-0xef: special keys and C- keys); 0xf0-0xf7 a
 * resize to the next two bytes; 0xf8-0xfb a wheel turn; 0xfc-0xff a
 * click at the next two bytes.
 */
#include "fuzz.h"

#include <locale.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "keymap.h"
#include "load.h"
#include "util.h"
#include "view.h"
#include "viewcheck.h"

/*
 * Events and pieces between checks: odd, so that the state after a piece
 * and the state after an event are each checked in turn.
 */
#define FUZZ_CHECK_EVERY	3

/* Screens as small as 1x1 and as large as 300x120. */
static unsigned int
fuzz_cols(uint8_t b)
{
	return 1 + b % 300;
}

static unsigned int
fuzz_lines(uint8_t b)
{
	return 1 + b % 120;
}

/* The key an event byte below 0xf0 stands for. */
static uint32_t
fuzz_key(uint8_t b)
{
	static const uint32_t	 special[] = {
		KEYMAP_UP, KEYMAP_DOWN, KEYMAP_LEFT, KEYMAP_RIGHT,
		KEYMAP_PAGE_UP, KEYMAP_PAGE_DOWN, KEYMAP_HOME, KEYMAP_END,
		KEYMAP_INSERT, KEYMAP_DELETE, KEYMAP_BACKSPACE, KEYMAP_F1,
		KEYMAP_F1 + 4, KEYMAP_ENTER, KEYMAP_TAB, KEYMAP_ESCAPE,
		0x7f, 0xe9, 0x4e2d
	};
	size_t	 n = sizeof(special) / sizeof(*special);

	if (b < 0x80)
		return b;
	if (b - 0x80u < n)
		return special[b - 0x80];
	return KEYMAP_CTRL('a' + (b - 0x80 - n) % 26);
}

/*
 * Every invariant, or abort with the reason.  Checking them asks the view
 * for its body, index and status line, as drawing them would.
 */
static void
fuzz_check(struct viewcheck *vc, struct view *v)
{
	struct why	 w = { "" };

	if (!check_core(vc, v, &w) || !check_fit(vc, v, &w)) {
		fprintf(stderr, "view invariant: %s\n", w.s);
		abort();
	}
}

/* The check of a step, when it is its turn. */
static void
fuzz_step(struct viewcheck *vc, struct view *v, unsigned int *steps)
{
	if (++*steps % FUZZ_CHECK_EVERY == 0)
		fuzz_check(vc, v);
}

/* What else the screen asks of a view to draw it. */
static void
fuzz_draw(struct view *v)
{
	struct buf	 help;

	buf_init(&help);
	if (view_help_shown(v))
		view_help_page(v, &help);
	(void)view_prompt_cursor(v);
	buf_release(&help);
}

/* One event at `ev[*i]`; returns the view's flags. */
static unsigned int
fuzz_event(struct view *v, const uint8_t *ev, size_t n, size_t *i)
{
	uint8_t		 b = ev[(*i)++];
	uint8_t		 x = *i < n ? ev[*i] : 0, y = *i + 1 < n ? ev[*i + 1] : 0;

	if (b < 0xf0)
		return view_key(v, fuzz_key(b));
	*i += 2;
	if (b < 0xf8)
		return view_resize(v, fuzz_cols(x), fuzz_lines(y));
	if (b < 0xfc)
		return view_wheel(v, y, x, b & 1 ? 1 : -1);
	return view_click(v, y, x);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct keymap	 km;
	static bool		 ready;
	struct view_opts	 o;
	struct viewcheck	 vc;
	struct diag		 dg;
	struct load_job		*job;
	struct view		*v;
	const uint8_t		*ev;
	size_t			 nev, i = 0, at;
	unsigned int		 flags, steps = 0;

	if (size < 3)
		return 0;
	if (!ready) {
		setlocale(LC_ALL, "C.UTF-8");
		keymap_init(&km);
		ready = true;
	}
	ev = data + 3;
	nev = data[2] < size - 3 ? data[2] : size - 3;
	diag_init(&dg);
	job = load_start_buffer("fuzz", (const char *)ev + nev,
	    size - 3 - nev, LOAD_PIECES, &dg);
	load_first(job);
	memset(&o, 0, sizeof(o));
	o.measure = 80;
	o.sidebar = true;
	v = view_new(load_doc(job), &km, &o, fuzz_cols(data[0]),
	    fuzz_lines(data[1]));
	view_set_loading(v, load_percent(job));
	viewcheck_init(&vc, load_doc(job));
	fuzz_check(&vc, v);
	while (i < nev) {
		at = i;
		flags = fuzz_event(v, ev, nev, &i);
		if (flags & VIEW_LOAD) {
			/* The pager loads the rest, then asks again. */
			FUZZ_CHECK(!load_doc(job)->complete);
			while (load_next(job))
				continue;
			view_set_loading(v, load_percent(job));
			viewcheck_forget(&vc);
			i = at;
			continue;
		}
		fuzz_draw(v);
		if (flags & VIEW_QUIT)
			break;
		fuzz_step(&vc, v, &steps);
		/*
		 * Between events, a piece, as the pager loads it while no key
		 * comes; once all is in, it only waits for keys.
		 */
		if (load_doc(job)->complete)
			continue;
		load_next(job);
		view_set_loading(v, load_percent(job));
		viewcheck_forget(&vc);
		fuzz_step(&vc, v, &steps);
	}
	fuzz_check(&vc, v);
	viewcheck_release(&vc);
	view_free(v);
	doc_free(load_end(job));
	diag_release(&dg);
	return 0;
}
