/*
 * patho-view: the pager's core, with no terminal, on each pathological
 * article.  Each is made in memory, loaded, and opened in a view at 1x1,
 * 20x5, 80x24 and 500x200 (text up to 1000 columns wide).  At each size
 * the reader presses G, g, ], [, types /query and Enter, then n and N,
 * and the view is resized to the next size; after every step the body,
 * the index and the status line are drawn, and the top anchor must stay
 * a line of a block of the document.  g must come back to where the view
 * opened, and a query the article holds must leave a current match.
 * Each input runs in a child process of its own, so that no input's
 * memory counts in the next one's peak; alarm(60) bounds it, and a hang
 * or a crash fails that input's test and lets the others run.  The seconds each took are TAP comments, never
 * checked.  Memory is: the process's peak resident set over an input's
 * load and all its sizes, the peak reset before it (Linux's clear_refs),
 * must stay within the input's bound (patho_bound_kib(), the parser's floor
 * measured here by cmark_parse_document() on the same bytes), unless the
 * build has sanitizers (OLSREAD_PATHO_SANITIZED set), whose shadow memory
 * counts in it.
 */
#include "view.h"

#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmark.h>

#include "diag.h"
#include "doc.h"
#include "inputs.h"
#include "keymap.h"
#include "layout.h"
#include "load.h"
#include "search.h"
#include "tap.h"
#include "util.h"

/* Seconds one input may take, whatever the machine. */
#define PATHO_LIMIT	60

static const struct {
	unsigned int	 cols;
	unsigned int	 lines;
} patho_sizes[] = {
	{ 1, 1 }, { 20, 5 }, { 80, 24 }, { 500, 200 }
};
#define PATHO_NSIZES	(sizeof(patho_sizes) / sizeof(patho_sizes[0]))

/* What went wrong first, for the test's diagnostics. */
struct patho_why {
	char	 s[512];
	bool	 failed;
};

static void
patho_fail(struct patho_why *w, const char *fmt, ...) TAP_PRINTF(2, 3);

static void
patho_fail(struct patho_why *w, const char *fmt, ...)
{
	va_list	 ap;

	if (w->failed)
		return;
	w->failed = true;
	va_start(ap, fmt);
	vsnprintf(w->s, sizeof(w->s), fmt, ap);
	va_end(ap);
}

static double
patho_now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Draw the view as the screen would: the body, the index and the status
 * line.  Then check the anchor: a block of the document (block 0 when
 * there is none), and the body's first row its line.
 */
static void
patho_draw(struct view *v, const struct doc *d, const char *step,
    struct patho_why *w)
{
	const struct view_geom	*g = view_geom(v);
	struct view_anchor	 a = view_anchor(v);
	struct view_row		*rows;
	struct view_side_row	*side;
	struct buf		 left, right;

	rows = xcalloc(g->body_h + 1, sizeof(*rows));
	side = xcalloc(g->body_h + 1, sizeof(*side));
	view_body(v, rows);
	view_sidebar(v, side);
	view_side_release(side, g->body_h);
	buf_init(&left);
	buf_init(&right);
	view_status(v, &left, &right);
	buf_release(&left);
	buf_release(&right);

	if (d->nblocks == 0 ? a.block != 0 : a.block >= d->nblocks)
		patho_fail(w, "after %s: anchor block %zu of %zu", step,
		    a.block, d->nblocks);
	else if (g->body_h > 0 && rows[0].layout != NULL &&
	    (rows[0].layout->block != a.block ||
	    a.line >= rows[0].layout->nlines))
		patho_fail(w, "after %s: anchor block %zu line %zu, the top "
		    "row block %zu line %zu of %zu", step, a.block, a.line,
		    rows[0].layout->block, rows[0].line,
		    rows[0].layout->nlines);
	free(side);
	free(rows);
}

/*
 * Start a new peak: the heap given back first, then the peak resident
 * set made what the process holds now.  False where the system cannot.
 */
static bool
patho_peak_reset(void)
{
	FILE	*f;
	bool	 ok;

	malloc_trim(0);
	if ((f = fopen("/proc/self/clear_refs", "w")) == NULL)
		return false;
	ok = fputs("5", f) != EOF;
	return fclose(f) == 0 && ok;
}

/* The peak resident set since the last reset, in KiB; 0 if unknown. */
static size_t
patho_peak_kib(void)
{
	char		 line[128];
	FILE		*f;
	size_t		 kib = 0;

	if ((f = fopen("/proc/self/status", "r")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "VmHWM: %zu kB", &kib) == 1)
			break;
	fclose(f);
	return kib;
}

/* The peak of cmark alone parsing `md`, in KiB; 0 if unknown. */
static size_t
patho_parser_kib(const struct buf *md)
{
	cmark_node	*root;

	if (!patho_peak_reset())
		return 0;
	root = cmark_parse_document(md->data, md->len, CMARK_OPT_DEFAULT);
	cmark_node_free(root);
	return patho_peak_kib();
}

/* Type the query after `/`, then Enter. */
static void
patho_search(struct view *v, const char *query)
{
	view_key(v, '/');
	for (; *query != '\0'; query++)
		view_key(v, (unsigned char)*query);
	view_key(v, KEYMAP_ENTER);
}

/* The keys of the test at one size, then a resize to `next`. */
static void
patho_drive(struct view *v, const struct doc *d,
    const struct patho_input *in, size_t next, struct patho_why *w)
{
	static const char	 keys[] = "Gg][";
	struct view_anchor	 top = view_anchor(v), a;
	const struct search	*s;
	size_t			 cur, i;
	char			 step[8];

	patho_draw(v, d, "opening", w);
	for (i = 0; keys[i] != '\0'; i++) {
		view_key(v, (unsigned char)keys[i]);
		snprintf(step, sizeof(step), "%c", keys[i]);
		patho_draw(v, d, step, w);
		a = view_anchor(v);
		if (keys[i] == 'g' && (a.block != top.block ||
		    a.line != top.line))
			patho_fail(w, "g went to block %zu line %zu, not "
			    "back to block %zu line %zu", a.block, a.line,
			    top.block, top.line);
	}
	patho_search(v, in->query);
	patho_draw(v, d, "/query Enter", w);
	s = view_matches(v, &cur);
	if (in->found && (s == NULL || s->n == 0 || cur >= s->n))
		patho_fail(w, "/%s found no current match (%s)", in->query,
		    view_message(v) != NULL ? view_message(v) : "no message");
	view_key(v, 'n');
	patho_draw(v, d, "n", w);
	view_key(v, 'N');
	patho_draw(v, d, "N", w);
	view_resize(v, patho_sizes[next].cols, patho_sizes[next].lines);
	patho_draw(v, d, "a resize", w);
}

static struct doc *
patho_load(const struct patho_input *in, const struct buf *md)
{
	struct diag	 dg;
	struct doc	*d;
	char		 name[64];

	snprintf(name, sizeof(name), "%s.md", in->name);
	diag_init(&dg);
	d = load_buffer(name, md->data, md->len, 0, &dg);
	diag_release(&dg);
	return d;
}

/* The keys of the test at each size in turn, on the loaded doc `d`. */
static void
patho_sizes_all(const struct patho_input *in, const struct doc *d,
    const struct keymap *km)
{
	struct view_opts	 o;
	struct patho_why	 w;
	struct view		*v;
	double			 t;
	size_t			 i, next;

	memset(&o, 0, sizeof(o));
	o.measure = 1000;
	o.sidebar = true;
	for (i = 0; i < PATHO_NSIZES; i++) {
		memset(&w, 0, sizeof(w));
		t = patho_now();
		v = view_new(d, km, &o, patho_sizes[i].cols,
		    patho_sizes[i].lines);
		next = (i + 1) % PATHO_NSIZES;
		patho_drive(v, d, in, next, &w);
		view_free(v);
		printf("# %s at %ux%u: %.2f s\n", in->name,
		    patho_sizes[i].cols, patho_sizes[i].lines,
		    patho_now() - t);
		if (!tap_ok(!w.failed, "%s (%s) at %ux%u: G g ] [ /%s n N "
		    "and a resize to %ux%u keep the anchor in the document",
		    in->name, in->what, patho_sizes[i].cols,
		    patho_sizes[i].lines, in->query, patho_sizes[next].cols,
		    patho_sizes[next].lines))
			tap_diag("%s", w.s);
	}
}

/* The most text one leaf of `d` holds. */
static size_t
patho_longest_block(const struct doc *d)
{
	size_t	 b, most = 0;

	for (b = 0; b < d->nblocks; b++)
		if (d->blocks[b].len > most)
			most = d->blocks[b].len;
	return most;
}

/* The peak just measured, `kib`, within the bound for `md`. */
static void
patho_bounded(const struct patho_input *in, const struct buf *md,
    size_t parser_kib, size_t kib)
{
	size_t	 bound = patho_bound_kib(md->len, parser_kib);

	if (getenv("OLSREAD_PATHO_SANITIZED") != NULL) {
		printf("# %s: the pager took %zu KiB, not bounded under the "
		    "sanitizers\n", in->name, kib);
		return;
	}
	if (kib == 0) {
		tap_skip(1, "%s: the peak resident set cannot be read here",
		    in->name);
		return;
	}
	if (!tap_ok(kib <= bound, "%s (%s): the pager takes at most %zu MiB "
	    "(it took %zu MiB; cmark alone %zu MiB)", in->name, in->what,
	    bound / 1024, kib / 1024, parser_kib / 1024))
		tap_diag("repeat: patho-view %s", in->name);
}

static void
patho_input(const struct patho_input *in, const struct keymap *km,
    size_t scale)
{
	struct doc	*d;
	struct buf	 md;
	double		 t0, t;
	size_t		 parser_kib, kib, longest;
	bool		 measured;

	printf("# %s: loading\n", in->name);
	fflush(stdout);
	alarm(PATHO_LIMIT);
	buf_init(&md);
	in->gen(&md, scale);
	parser_kib = patho_parser_kib(&md);
	measured = patho_peak_reset();
	t0 = patho_now();
	d = patho_load(in, &md);
	t = patho_now();
	printf("# %s: %zu blocks, %zu sections, loaded in %.2f s\n", in->name,
	    d->nblocks, d->nsections, t - t0);
	patho_sizes_all(in, d, km);
	kib = measured ? patho_peak_kib() : 0;
	longest = patho_longest_block(d);
	printf("# %s: its longest block holds %zu bytes\n", in->name, longest);
	doc_free(d);
	patho_bounded(in, &md, parser_kib, kib);
	buf_release(&md);
	alarm(0);
	printf("# %s: %.2f s in all\n", in->name, patho_now() - t0);
}

struct patho_job {
	const struct patho_input	*in;
	const struct keymap		*km;
	size_t				 scale;
};

static void
patho_job_run(void *arg)
{
	const struct patho_job	*job = arg;

	patho_input(job->in, job->km, job->scale);
}

static void
patho_run(const struct patho_input *in, const struct keymap *km,
    size_t scale)
{
	struct patho_job	 job = { in, km, scale };

	tap_in_child(in->name, patho_job_run, &job);
}

int
main(int argc, char *argv[])
{
	const struct patho_input	*in;
	struct keymap			 km;
	size_t				 i, scale = patho_scale();

	tap_plan(0);
	keymap_init(&km);
	if (scale != 1)
		printf("# the inputs are %zu times smaller than named "
		    "(OLSREAD_PATHO_SCALE=%zu)\n", scale, scale);
	/* An input's name as an argument runs that one alone. */
	if (argc > 1) {
		for (i = 1; i < (size_t)argc; i++) {
			if ((in = patho_find(argv[i])) == NULL)
				tap_ok(false, "%s is an input", argv[i]);
			else
				patho_run(in, &km, scale);
		}
		return tap_done();
	}
	for (i = 0; i < patho_ninputs; i++)
		patho_run(&patho_inputs[i], &km, scale);
	return tap_done();
}
