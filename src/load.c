/*
 * load: reads the article a step at a time, sanitises it into valid
 * UTF-8, has the prescan find where it can be cut, and feeds it to cmark
 * a piece at a time, handing each tree to load-tree.c to become doc
 * records.  The loader's files are the only ones that include cmark.h.
 * A tree's nodes live in an arena, and each top-level block is freed once
 * converted, so no whole tree and whole doc are ever in memory together.
 */
#include "load.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmark.h>

#include "arena.h"
#include "diag.h"
#include "doc.h"
#include "front.h"
#include "load-gzip.h"
#include "load-convert.h"
#include "prescan.h"
#include "text.h"
#include "util.h"

/* Bytes in the first piece, which the first screen waits for, and after. */
#define LOAD_FIRST_PIECE	(16 * 1024)
#define LOAD_PIECE		(256 * 1024)
/* Seconds a file's clock may not tell apart: see load_stamp_racy(). */
#define LOAD_STAMP_TICK		2

/*
 * Bytes of input read at a step until the first piece is in, and after;
 * with LOAD_PIECES, an odd few, to cut lines and characters anywhere.
 */
#define LOAD_FIRST_STEP		(64 * 1024)
#define LOAD_STEP		(1024 * 1024)
#define LOAD_TEST_STEP		997

/*
 * Input larger than this is read and sanitised whole at the start: its
 * invalid bytes, each shown as three, could take it past LOAD_MAX_SIZE,
 * and that refusal must come before anything is shown.
 */
#define LOAD_STREAM_MAX		(LOAD_MAX_SIZE / 3)

/*
 * What references may expand to in a parse before cmark 0.30 stops
 * resolving them, when the input is smaller (its max_ref_size): a guard
 * against quadratic output that pieces must not trip where the whole
 * parse does not, or the other way round.
 */
#define LOAD_REF_BUDGET		100000


/*
 * cmark allocates a node or a string for every piece of the document, and
 * all of them die together once the doc is built: an arena serves them at
 * a fraction of malloc's cost, and frees them at once.  cmark's allocator
 * callbacks take no context, so the arena of the parse under way is kept
 * here; loads run one at a time.
 */
static struct arena	*load_arena;
/* And the one of a parse it interrupts: see load_parser(). */
static struct arena	*load_arena_outer;

static void *
load_mem_calloc(size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		fatal("cmark: %zu * %zu bytes overflow", n, size);
	return arena_alloc(load_arena, n * size);
}

static void *
load_mem_realloc(void *p, size_t size)
{
	return arena_realloc(load_arena, p, size);
}

static void
load_mem_free(void *p)
{
	arena_free(load_arena, p);
}

static cmark_mem load_mem = {
	load_mem_calloc,
	load_mem_realloc,
	load_mem_free
};

/* What cmark asks for first on making a node: the node. */
static size_t	 load_probed;

static void *
load_probe_calloc(size_t n, size_t size)
{
	if (load_probed == 0)
		load_probed = n * size;
	return xcalloc(n, size);
}

static void *
load_probe_realloc(void *p, size_t size)
{
	return xreallocarray(p, 1, size);
}

/*
 * The size of cmark's nodes, which cmark.h keeps to itself: the arena
 * keeps them apart, for the walks over the tree (cmark's own, for inlines
 * and text, and the conversion's) to read them in order.
 */
static size_t
load_node_size(void)
{
	static size_t	 size;
	cmark_mem	 probe = { load_probe_calloc, load_probe_realloc,
			    free };

	if (size == 0) {
		load_probed = 0;
		cmark_node_free(cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH,
		    &probe));
		size = load_probed;
	}
	return size;
}

static cmark_parser *
load_parser(int flags)
{
	/*
	 * One parse at a time, but for the checks of definitions that a
	 * whole parse's cells ask for while its tree is converted: that
	 * tree's arena waits aside till the check is done.
	 */
	assert(load_arena_outer == NULL);
	load_arena_outer = load_arena;
	load_arena = xmalloc(sizeof(*load_arena));
	arena_init(load_arena, load_node_size());
	return cmark_parser_new_with_mem(CMARK_OPT_DEFAULT |
	    ((flags & LOAD_SMART) ? CMARK_OPT_SMART : 0), &load_mem);
}

/* Free whatever cmark allocated and did not free. */
static void
load_parser_done(void)
{
	arena_release(load_arena);
	free(load_arena);
	load_arena = load_arena_outer;
	load_arena_outer = NULL;
}


/*
 * A label that a definition paragraph may define, as far as the split of
 * its lines tells before cmark is asked: ps.defs[para].
 */
struct load_cand {
	uint64_t	 label;		/* the ASCII bit left out */
	size_t		 para;
};

/* The longest definition of a label, for cmark's reference budget. */
struct load_longest {
	uint64_t	 label;		/* its hash, the ASCII bit left out */
	size_t		 len;
};

/*
 * The load under way.  The article comes in a step at a time: read,
 * sanitised and prescanned as far as it has come (the horizon), with its
 * definitions checked by cmark as their paragraphs close.  A piece before
 * the horizon is parsed at once when nothing after it can change it: each
 * label it may use is defined already, and the first definition of a
 * label wins.  Others wait for the whole article.
 */
struct load_job {
	int			 fd;		/* the file, read as it loads;
						   or -1 */
	char			*path;		/* owned: the file's, to open it
						   again after load_park() */
	dev_t			 dev;		/* and what it was */
	ino_t			 ino;
	uint64_t		 stamp;		/* what it was: load_stamp_of() */
	bool			 racy;		/* changed too lately to tell by
						   the stamp */
	const char		*src;		/* else the input, in memory */
	size_t			 srclen;
	char			*srcowned;	/* owned: `src`, when read whole */
	char			*chunk;		/* owned: a step read from `fd` */
	int			 stream_fd;	/* a pipe, FIFO or device, read
						   whole when first needed; or
						   -1 */
	bool			 stream_owned;	/* closed once read */
	bool			 pipe;		/* read whole from a stream:
						   it cannot be read again */
	struct load_gzip	*gz;		/* owned: decoding the input, or
						   NULL */
	bool			 wait;		/* no input at this step, but
						   more to come */
	size_t			 taken;		/* input bytes sanitised */
	size_t			 expect;	/* input bytes in all, if known */
	bool			 advised;	/* huge pages asked for `text` */
	bool			 eof;		/* all of it is in `text` */
	int			 read_errno;	/* a read error cut it short */
	bool			 started;	/* the caller has the job */
	bool			 too_large;	/* sanitised, past the limit */
	struct text_sanitizer	 san;
	struct digest		 digest;	/* of `text` */
	struct buf		 text;		/* the sanitised article */
	int			 flags;
	struct diag		*diag;		/* borrowed */
	struct prescan		 ps;
	size_t			 ndefs_asked;	/* ps.defs that cmark saw */
	bool			 unsure;	/* no cut past `pos` holds */
	size_t			 expansion;	/* what references in the pieces
						   may have cost cmark, at most */
	bool			 tail;		/* the rest: one whole parse,
						   converted from `pos` on */
	bool			 rest_one;	/* the rest: one piece, for its
						   footnotes */
	struct prescan_def	*defs;		/* owned: every definition */
	size_t			 ndefs;
	size_t			 capdefs;
	size_t			 defbytes;	/* their size, all together */
	uint64_t		*labels;	/* owned: defs' labels, sorted */
	size_t			 nlabels;	/* of the first this many defs */
	size_t			 nsorted;	/* labels in `labels` */
	struct load_longest	*longest;	/* owned: sorted by label */
	size_t			 nlongest;
	size_t			 caplongest;
	size_t			 always_len;	/* the longest unread label's */
	size_t			 piece_cost;	/* load_piece_expansion() of the
						   piece load_ready() gave */
	size_t			 caplabels;
	uint64_t		*refs;		/* owned: a piece's labels */
	size_t			 nrefs;
	size_t			 caprefs;
	size_t			 refs_end;	/* of the piece they are of */
	uint64_t		*ahead;		/* owned: the labels the text
						   past the prescan's may
						   define, sorted */
	size_t			 nahead;
	size_t			 capahead;
	bool			 ahead_tried;	/* looked for, once */
	bool			 ahead_known;	/* and all of them found */
	struct buf		 prelude;	/* definitions for a piece */
	uint64_t		*cell_refs;	/* owned: a table's labels */
	size_t			 ncell_refs;
	size_t			 capcell_refs;
	bool			 cell_cands;	/* parsed whole: `cands` are
						   found, see load_cell_take() */
	struct load_cand	*cands;		/* owned: sorted by label */
	size_t			 ncands;
	size_t			 capcands;
	bool			*cand_taken;	/* owned: for each of ps.defs,
						   whether it is in `defs` */
	struct load_state	 st;
	size_t			 pos;		/* the next piece starts here */
	size_t			 cut;		/* the next cut to look at */
	size_t			 piece;		/* bytes a piece should have */
	size_t			 wait_end;	/* a piece that must wait for */
	size_t			 wait_ndefs;	/* definitions past these */
	bool			 front_known;	/* whether front matter opens
						   the article is decided */
	bool			 front_shown;	/* its blocks are in the doc */
	bool			 unclosed_said;	/* an HTML comment never closed
						   is told of */
	struct front		 front;		/* what it says */
	char			*front_raw;	/* owned: front matter that
						   could not be read, as it is */
};

static void	 load_all_in(struct load_job *);
static bool	 load_parked(const struct load_job *);
static bool	 load_unpark(struct load_job *);
static void	 load_read_stream(struct load_job *);
static void	 load_front_blocks(struct load_job *, cmark_node *);

/* The last piece is in: the doc is complete. */
static void
load_done(struct load_job *j)
{
	if (!j->front_shown)
		load_front_blocks(j, NULL);
	load_notes_end(&j->st, true);
	doc_finish(j->st.doc);
	if (j->st.flattened)
		diag_add(j->diag, "%s: blocks nested deeper than %d levels are "
		    "shown at level %d", j->st.doc->name, DOC_MAX_DEPTH,
		    DOC_MAX_DEPTH);
}

static cmark_node *
load_parse(int flags, const char *pre, size_t prelen, const char *s,
    size_t len)
{
	cmark_parser	*p = load_parser(flags);
	cmark_node	*root;

	if (prelen > 0) {
		/* cmark skips a byte order mark only at the very start. */
		if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
			cmark_parser_feed(p, s, 3);
			s += 3;
			len -= 3;
		}
		cmark_parser_feed(p, pre, prelen);
	}
	cmark_parser_feed(p, s, len);
	root = cmark_parser_finish(p);
	cmark_parser_free(p);
	return root;
}

/* Whether `len` bytes parse into nothing at all: only definitions. */
static bool
load_defines_only(int flags, const char *s, size_t len)
{
	cmark_node	*root = load_parse(flags, NULL, 0, s, len);
	bool		 empty = cmark_node_first_child(root) == NULL;

	cmark_node_free(root);
	load_parser_done();
	return empty;
}

/* Lines of a definition paragraph that cmark reads as definitions. */
#define LOAD_DEF_LINES	32

/*
 * The first lines of paragraph `r` that are all definitions, as cmark
 * reads them: the whole paragraph when it parses into nothing (a block of
 * definitions, the usual case), else the longest run of its first lines
 * that does (a title may span lines, so a shorter run can parse into text
 * where a longer one does not).  Returns its length in bytes, or -1 when
 * the paragraph is longer than what is tried.
 */
static long
load_def_run(int flags, const char *text, const struct prescan_range *r)
{
	const char	*s = text + r->off, *nl;
	size_t		 end = 0, best = 0, lines = 0;

	if (load_defines_only(flags, s, r->len))
		return (long)r->len;
	while (end < r->len && lines < LOAD_DEF_LINES) {
		nl = memchr(s + end, '\n', r->len - end);
		end = nl != NULL ? (size_t)(nl - s) + 1 : r->len;
		lines++;
		if (load_defines_only(flags, s, end))
			best = end;
	}
	/* A title may close on a line past those tried: only cmark knows. */
	if (end < r->len)
		return -1;
	return (long)best;
}

/*
 * Mark in `suspect` those of the paragraphs ps.defs[from..to) whose split
 * (prescan_split_defs(), at each line that opens with '[') has an entry
 * that cmark, reading it alone, finds more in than definitions: one parse
 * of all the entries, each apart, and the line each block it gives starts
 * on says which entry it came from.  An entry is one paragraph to cmark,
 * as its lines were in the article, so no block runs on from one entry
 * into the next.  A paragraph none of whose entries is marked holds only
 * definitions, split where cmark ends them: each entry's last ends with
 * it, for the '[' that opens the next can start no title.
 */
static void
load_find_suspects(struct load_job *j, size_t from, size_t to,
    bool *suspect)
{
	const struct prescan_def	*d;
	struct buf			 all;
	size_t				*first, *para, had = j->ndefs, i, k, n;
	size_t				 lo, hi, mid, line = 1;
	cmark_node			*root, *node;

	for (i = from; i < to; i++)
		prescan_split_defs(j->text.data, j->ps.defs[i].off,
		    j->ps.defs[i].len, &j->defs, &j->ndefs, &j->capdefs);
	first = xcalloc(j->ndefs - had + 1, sizeof(*first));
	para = xcalloc(j->ndefs - had + 1, sizeof(*para));
	buf_init(&all);
	for (i = from, k = had, n = 0; k < j->ndefs; k++) {
		d = &j->defs[k];
		/* Most are of the plain shape: cmark need not be asked. */
		if (prescan_def_plain(j->text.data + d->off, d->len))
			continue;
		while (i + 1 < to && d->off >= j->ps.defs[i + 1].off)
			i++;
		para[n] = i - from;
		first[n++] = line;
		buf_add(&all, j->text.data + d->off, d->len);
		buf_adds(&all, "\n\n");
		line += load_count_lines(j->text.data + d->off, d->len) + 2;
	}
	j->ndefs = had;
	if (n == 0) {
		free(first);
		free(para);
		buf_release(&all);
		return;
	}
	root = load_parse(j->flags, NULL, 0, all.data, all.len);
	for (node = cmark_node_first_child(root); node != NULL && n > 0;
	    node = cmark_node_next(node)) {
		line = (size_t)cmark_node_get_start_line(node);
		/* The last entry that starts on or before the line. */
		for (lo = 0, hi = n; hi - lo > 1; ) {
			mid = lo + (hi - lo) / 2;
			if (first[mid] <= line)
				lo = mid;
			else
				hi = mid;
		}
		suspect[para[lo]] = true;
	}
	cmark_node_free(root);
	load_parser_done();
	free(first);
	free(para);
	buf_release(&all);
}

/*
 * Whether the entries j->defs[from..] split from one paragraph are each
 * definitions alone, as cmark reads them by themselves: a line that opens
 * with '[' may carry a destination or a title rather than start a
 * definition, and then an entry would be one by halves.
 */
static bool
load_split_whole(const struct load_job *j, size_t from)
{
	struct buf	 all;
	size_t		 i;
	bool		 ok;

	buf_init(&all);
	for (i = from; i < j->ndefs; i++) {
		buf_add(&all, j->text.data + j->defs[i].off, j->defs[i].len);
		buf_adds(&all, "\n\n");
	}
	ok = all.len == 0 || load_defines_only(j->flags, all.data, all.len);
	buf_release(&all);
	return ok;
}

/*
 * Take the definitions of paragraphs ps.defs[from..to), as cmark reads
 * them, so that each piece can start with those it may use: a paragraph
 * that holds only definitions gives them all; one that holds more is
 * asked about one run of lines at a time, and its split checked.  A run
 * that cmark reads otherwise than its split is kept whole, one entry that
 * any label may use.  Returns false when it cannot be sure.
 */
static bool
load_take_defs(struct load_job *j, size_t from, size_t to)
{
	const struct prescan_range	*r;
	struct prescan_def		*d;
	bool				*suspect, ok = true;
	size_t				 i, k;
	long				 n = 0;

	if (from == to)
		return true;
	suspect = xcalloc(to - from, sizeof(*suspect));
	load_find_suspects(j, from, to, suspect);
	for (i = from; i < to && n >= 0; i++) {
		r = &j->ps.defs[i];
		k = j->ndefs;
		n = suspect[i - from] ? load_def_run(j->flags, j->text.data, r) :
		    (long)r->len;
		if (n <= 0)
			continue;
		prescan_split_defs(j->text.data, r->off, (size_t)n, &j->defs,
		    &j->ndefs, &j->capdefs);
		j->defbytes += (size_t)n;
		if (!suspect[i - from] || k == j->ndefs ||
		    load_split_whole(j, k))
			continue;
		d = &j->defs[k];
		d->len = r->off + (size_t)n - d->off;
		d->label = 0;
		d->always = true;
		j->ndefs = k + 1;
		ok = false;
	}
	free(suspect);
	return ok && n >= 0;
}

/*
 * A piece's prelude: the definitions whose labels its text may use (the
 * refs of load_piece_refs()), in the article's order, so that a
 * reference resolves as in a whole parse (where the first definition of
 * a label wins, as here).  The last piece, `end` the article's, leaves out
 * those it holds itself: the parse finds them where they are, and none
 * comes after them that could win over them from the prelude.
 */
static void
load_piece_prelude(struct load_job *j, size_t end)
{
	const struct prescan_def	*d;
	size_t				 i;
	bool				 last = j->eof && end == j->text.len;

	j->prelude.len = 0;
	for (i = 0; i < j->ndefs; i++) {
		d = &j->defs[i];
		if ((last && d->off >= j->pos) || (!d->always &&
		    !prescan_refs_has(j->refs, j->nrefs, d->label)))
			continue;
		buf_add(&j->prelude, j->text.data + d->off, d->len);
		/* Each its own paragraph, whatever ends it. */
		buf_adds(&j->prelude, "\n\n");
	}
}

static int
load_cand_cmp(const void *a, const void *b)
{
	const struct load_cand	*x = a, *y = b;

	if (x->label != y->label)
		return x->label < y->label ? -1 : 1;
	return x->para < y->para ? -1 : x->para > y->para;
}

static int
load_def_off_cmp(const void *a, const void *b)
{
	const struct prescan_def	*x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/* Ask cmark about definition paragraph ps.defs[para], once. */
static void
load_cell_take_para(struct load_job *j, size_t para)
{
	if (j->cand_taken[para])
		return;
	j->cand_taken[para] = true;
	load_take_defs(j, para, para + 1);
}

/*
 * The labels each definition paragraph may define, split as the prescan
 * splits them, for load_cell_take(); and the paragraphs with a label the
 * split cannot read, which any cell may use, taken at once.
 */
static void
load_cell_cands(struct load_job *j)
{
	const struct prescan_range	*r;
	struct prescan_def		*split = NULL;
	size_t				 i, k, n, cap = 0, nparas;

	j->cell_cands = true;
	/* Unsure, the prescan keeps what it found before. */
	if (!j->ps.done)
		prescan_finish(&j->ps, j->text.data, j->text.len);
	j->ndefs = 0;
	nparas = prescan_defs_closed(&j->ps);
	j->cand_taken = xcalloc(nparas + 1, sizeof(*j->cand_taken));
	for (i = 0; i < nparas; i++) {
		r = &j->ps.defs[i];
		n = 0;
		prescan_split_defs(j->text.data, r->off, r->len, &split, &n,
		    &cap);
		for (k = 0; k < n; k++) {
			if (split[k].always) {
				load_cell_take_para(j, i);
				continue;
			}
			j->cands = xgrow(j->cands, &j->capcands, j->ncands + 1,
			    sizeof(*j->cands));
			j->cands[j->ncands].label = split[k].label &
			    ~(uint64_t)PRESCAN_EXACT;
			j->cands[j->ncands++].para = i;
		}
	}
	free(split);
	if (j->ncands > 1)
		qsort(j->cands, j->ncands, sizeof(*j->cands), load_cand_cmp);
}

/*
 * A whole parse takes no definitions out, but a table's cells are parsed
 * again, each alone, with those they may use: the paragraphs that may
 * define a label of the cell's (in j->cell_refs) are asked about as a
 * cell first needs them, rather than all of them for any table.  They
 * stay in the article's order, for the first definition of a label wins.
 */
static void
load_cell_take(struct load_job *j)
{
	uint64_t	 want;
	size_t		 i, lo, hi, mid, had;

	if (!j->cell_cands)
		load_cell_cands(j);
	had = j->ndefs;
	for (i = 0; i < j->ncell_refs; i++) {
		want = j->cell_refs[i] & ~(uint64_t)PRESCAN_EXACT;
		for (lo = 0, hi = j->ncands; lo < hi; ) {
			mid = lo + (hi - lo) / 2;
			if (j->cands[mid].label < want)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < j->ncands && j->cands[lo].label == want; lo++)
			load_cell_take_para(j, j->cands[lo].para);
	}
	if (j->ndefs > had)
		qsort(j->defs, j->ndefs, sizeof(*j->defs), load_def_off_cmp);
}

/*
 * The definitions a table's cells may use, for load-table.c, which parses
 * the cells again, each alone: those the cells' labels may name, wherever
 * they are.  A cell with no label can use none.
 */
static void
load_cell_defs(void *arg, const char *text, size_t len, struct buf *out)
{
	struct load_job			*j = arg;
	const struct prescan_def	*d;
	size_t				 i;

	if (memchr(text, '[', len) == NULL)
		return;
	prescan_refs(text, len, &j->cell_refs, &j->ncell_refs,
	    &j->capcell_refs);
	if (j->ncell_refs == 0)
		return;
	if (j->flags & LOAD_WHOLE)
		load_cell_take(j);
	for (i = 0; i < j->ndefs; i++) {
		d = &j->defs[i];
		if (!d->always && !prescan_refs_has(j->cell_refs,
		    j->ncell_refs, d->label))
			continue;
		buf_add(out, j->text.data + d->off, d->len);
		buf_adds(out, "\n\n");
	}
}

static int
load_longest_cmp(const void *a, const void *b)
{
	const struct load_longest	*x = a, *y = b;

	return x->label < y->label ? -1 : x->label > y->label;
}

/*
 * The labels of the definitions known, sorted, to look refs up in; and
 * for each label, with the ASCII bit left out, its longest definition.
 */
static void
load_sort_labels(struct load_job *j)
{
	size_t	 i, n = 0, m = 0;

	if (j->nlabels == j->ndefs && j->labels != NULL)
		return;
	j->labels = xgrow(j->labels, &j->caplabels, j->ndefs + 1,
	    sizeof(*j->labels));
	j->longest = xgrow(j->longest, &j->caplongest, j->ndefs + 1,
	    sizeof(*j->longest));
	j->always_len = 0;
	for (i = 0; i < j->ndefs; i++) {
		if (j->defs[i].always) {
			if (j->defs[i].len > j->always_len)
				j->always_len = j->defs[i].len;
			continue;
		}
		j->labels[n++] = j->defs[i].label;
		j->longest[m].label = j->defs[i].label &
		    ~(uint64_t)PRESCAN_EXACT;
		j->longest[m++].len = j->defs[i].len;
	}
	prescan_sort_labels(j->labels, n);
	j->nsorted = n;
	qsort(j->longest, m, sizeof(*j->longest), load_longest_cmp);
	/* One entry a label, the longest. */
	for (i = 0, n = 0; i < m; i++) {
		if (n > 0 && j->longest[n - 1].label == j->longest[i].label) {
			if (j->longest[i].len > j->longest[n - 1].len)
				j->longest[n - 1].len = j->longest[i].len;
		} else
			j->longest[n++] = j->longest[i];
	}
	j->nlongest = n;
	j->nlabels = j->ndefs;
}

/*
 * Bytes of input looked through at a time for labels to come: few, in
 * the step buffer's first pages, which the first step has touched, for a
 * page touched anew costs more than the bytes read into it.
 */
#define LOAD_AHEAD_STEP		LOAD_FIRST_STEP

/*
 * Up to `max` bytes of the input from `off` on, into `to`, without moving
 * where the load reads next; 0 at its end, -1 on an error.
 */
static ssize_t
load_peek(struct load_job *j, size_t off, char *to, size_t max)
{
	ssize_t	 n;

	if (j->fd == -1) {
		n = off < j->srclen ? (ssize_t)(j->srclen - off < max ?
		    j->srclen - off : max) : 0;
		memcpy(to, j->src + off, (size_t)n);
		return n;
	}
	while ((n = pread(j->fd, to, max, (off_t)off)) == -1 && errno == EINTR)
		continue;
	return n;
}

/*
 * The labels that the rest of the article may define, found once (see
 * prescan_def_labels()): in the text the prescan has not closed yet, and
 * in the input not read yet, read ahead of the load at memchr's pace.  A
 * piece that refers to a label not defined yet and none of these need
 * not wait for the end: no definition of it is to come.  A file that
 * grows meanwhile may define more; one that changes is refused anyway.
 */
static void
load_ahead(struct load_job *j)
{
	size_t		 closed = prescan_defs_closed(&j->ps), off, len, keep;
	ssize_t		 n;
	char		*b;

	if (j->ahead_tried || j->eof || j->unsure)
		return;
	j->ahead_tried = true;
	/*
	 * gzip input cannot be looked through undecoded: a piece that may
	 * use a label defined further on waits for the end.
	 */
	if (j->gz != NULL)
		return;
	if (load_parked(j) && !load_unpark(j))
		return;
	off = closed < j->ps.ndefs ? j->ps.defs[closed].off : j->ps.scanned;
	len = prescan_def_labels(j->text.data + off, j->text.len - off, false,
	    &j->ahead, &j->nahead, &j->capahead);
	if (j->chunk == NULL)
		j->chunk = xmalloc(LOAD_STEP);
	b = j->chunk;
	/* What may be a label's start, and what the sanitiser holds back. */
	memcpy(b, j->text.data + j->text.len - len, len);
	memcpy(b + len, j->san.pend, j->san.npend);
	len += j->san.npend;
	for (off = j->taken; ; off += (size_t)n) {
		if ((n = load_peek(j, off, b + len, LOAD_AHEAD_STEP - len)) ==
		    -1)
			return;
		len += (size_t)n;
		keep = prescan_def_labels(b, len, n == 0, &j->ahead,
		    &j->nahead, &j->capahead);
		if (n == 0)
			break;
		memmove(b, b + len - keep, keep);
		len = keep;
	}
	prescan_sort_labels(j->ahead, j->nahead);
	j->ahead_known = true;
}

/* Whether no definition of `label` can come past what is known. */
static bool
load_never_defined(struct load_job *j, uint64_t label)
{
	load_ahead(j);
	return j->ahead_known && !prescan_refs_has(j->ahead, j->nahead,
	    label);
}

/* Whether `len` bytes at `s` hold "[^", which may be a footnote's. */
static bool
load_holds_note(const char *s, size_t len)
{
	const char	*p = s, *end = s + len;

	while ((p = memchr(p, '[', (size_t)(end - p))) != NULL) {
		if (++p < end && *p == '^')
			return true;
	}
	return false;
}

/* What load_settled() says of a piece. */
enum load_settle {
	LOAD_SETTLED,		/* nothing to come can change it */
	LOAD_UNSETTLED,		/* a definition to come may */
	LOAD_NEVER		/* only cmark can tell: wait for the end */
};

/*
 * Whether the rest of the article can change nothing in the piece whose
 * refs are in j->refs: every label it may use is all ASCII (matched as
 * cmark matches it) and defined already, so that no definition to come
 * is the first of it; or no definition of it is to come at all.
 */
static enum load_settle
load_settled(struct load_job *j)
{
	enum load_settle	 r = LOAD_SETTLED;
	size_t			 i, k = 0;

	if (j->nrefs == 0)
		return LOAD_SETTLED;
	load_sort_labels(j);
	/*
	 * Both are sorted: one walk down the two.  The whole hash must be
	 * equal: a definition whose label is not all ASCII may fold to an
	 * ASCII label that cmark does not match ("é" to "e").
	 */
	for (i = 0; i < j->nrefs; i++) {
		while (k < j->nsorted && j->labels[k] < j->refs[i])
			k++;
		if ((j->refs[i] & PRESCAN_EXACT) && k < j->nsorted &&
		    j->labels[k] == j->refs[i])
			continue;
		if (load_never_defined(j, j->refs[i]))
			continue;
		if (!(j->refs[i] & PRESCAN_EXACT))
			return LOAD_NEVER;
		r = LOAD_UNSETTLED;
	}
	return r;
}

/*
 * What the references of the piece in j->refs may cost cmark at most:
 * for each, the longest definition it may resolve to, whose bytes bound
 * the destination and title cmark counts.
 */
static size_t
load_piece_expansion(struct load_job *j)
{
	size_t	 i, k = 0, cost = 0, longest;

	load_sort_labels(j);
	for (i = 0; i < j->nrefs && cost <= j->text.len + LOAD_REF_BUDGET;
	    i++) {
		while (k < j->nlongest && j->longest[k].label <
		    (j->refs[i] & ~(uint64_t)PRESCAN_EXACT))
			k++;
		longest = j->always_len;
		if (k < j->nlongest && j->longest[k].label ==
		    (j->refs[i] & ~(uint64_t)PRESCAN_EXACT) &&
		    j->longest[k].len > longest)
			longest = j->longest[k].len;
		cost += longest;
	}
	return cost;
}

/*
 * Whether the article is one piece: then it is parsed as it is, with no
 * prelude, which could only change what it means.
 */
static bool
load_is_one_piece(const struct load_job *j)
{
	if (j->ps.ncuts == 0)
		return true;
	return !(j->flags & LOAD_PIECES) &&
	    j->ps.cuts[j->ps.ncuts - 1] < LOAD_FIRST_PIECE;
}

/*
 * Where the piece that starts at j->pos ends: at a cut the prescan has
 * found, or at the end once the article is all in; 0 when not known yet.
 */
static size_t
load_piece_end(struct load_job *j)
{
	size_t	 want = j->pos + j->piece;

	if ((j->flags & LOAD_WHOLE) || (j->rest_one && j->eof))
		return j->eof ? j->text.len : 0;
	while (j->cut < j->ps.ncuts && j->ps.cuts[j->cut] <= j->pos)
		j->cut++;
	while (j->cut < j->ps.ncuts && j->ps.cuts[j->cut] < want &&
	    !(j->flags & LOAD_PIECES))
		j->cut++;
	if (j->cut < j->ps.ncuts && !j->unsure)
		return j->ps.cuts[j->cut];
	return j->eof ? j->text.len : 0;
}

/* The labels the piece [pos, end) may use, into j->refs, once. */
static void
load_piece_refs(struct load_job *j, size_t end)
{
	if (j->refs_end == end)
		return;
	prescan_refs(j->text.data + j->pos, end - j->pos, &j->refs, &j->nrefs,
	    &j->caprefs);
	j->refs_end = end;
}

/*
 * Whether cmark's budget for references may run out by `end`, the end of
 * the piece whose refs are in j->refs.  cmark stops resolving references
 * once what they expand to passes the larger of its input's size and
 * LOAD_REF_BUDGET: a piece has a budget of its own, the whole parse one
 * for all.  While the piece's references stay within its own, and all
 * the pieces' so far within the whole parse's (whose input is at least
 * what is read), every one resolves either way.
 */
static bool
load_over_budget(struct load_job *j, size_t end)
{
	size_t	 whole = j->text.len, own = end - j->pos;

	if (whole < LOAD_REF_BUDGET)
		whole = LOAD_REF_BUDGET;
	if (own < LOAD_REF_BUDGET)
		own = LOAD_REF_BUDGET;
	j->piece_cost = load_piece_expansion(j);
	if (j->piece_cost <= own && j->expansion + j->piece_cost <= whole)
		return false;
	j->unsure = true;
	if (j->eof)
		load_all_in(j);
	return true;
}

/*
 * The end of the next piece if it can be parsed now, else 0: once the
 * article is all in, always; before, only a piece nothing to come can
 * change.  A piece that must wait is not asked about again until more
 * definitions are known.
 */
static size_t
load_ready(struct load_job *j)
{
	size_t	 end;

	if ((j->pos >= j->text.len && j->eof) || !j->front_known)
		return 0;
	if ((end = load_piece_end(j)) == 0 || (j->flags & LOAD_WHOLE))
		return end;
	if (!j->eof && end == j->wait_end && j->ndefs <= j->wait_ndefs)
		return 0;
	load_piece_refs(j, end);
	if (j->eof)
		return load_over_budget(j, end) ? 0 : end;
	/*
	 * A footnote's definition may come after any cut, and one that
	 * cmark reads as a link's goes on in the lines after it: a piece
	 * that may hold either waits for the end, and for the rest of the
	 * article parsed as one piece with it.
	 */
	switch (load_holds_note(j->text.data + j->pos, end - j->pos) ?
	    LOAD_NEVER : load_settled(j)) {
	case LOAD_SETTLED:
		return load_over_budget(j, end) ? 0 : end;
	case LOAD_UNSETTLED:
		j->wait_ndefs = j->ndefs;
		break;
	case LOAD_NEVER:
		j->wait_ndefs = SIZE_MAX;
		break;
	}
	j->wait_end = end;
	return 0;
}

/* The line `off` is on, as cmark counts them. */
static int
load_line_of(const struct load_job *j, size_t off)
{
	return (int)load_count_lines(j->text.data, off) + 1;
}

/*
 * The blocks front matter gives, before the article's own: its title as
 * a heading when the article opens with no title heading of its own, and
 * the byline under the title; or, when it could not be read, the block
 * as it is written.  `root` is the tree of the first piece that holds a
 * block (or NULL at the end of an article that holds nothing else), whose
 * first block may be the title.
 */
static void
load_front_blocks(struct load_job *j, cmark_node *root)
{
	cmark_node	*first = root != NULL ? cmark_node_first_child(root) :
			    NULL;
	char		*byline;

	j->front_shown = true;
	if (j->front_raw != NULL) {
		load_made_leaf(&j->st, DOC_CODE, 0, j->front_raw);
		return;
	}
	if (first != NULL && cmark_node_get_type(first) ==
	    CMARK_NODE_HEADING && cmark_node_get_heading_level(first) == 1) {
		load_convert_block(&j->st, first);
		cmark_node_free(first);
	} else if (j->front.title != NULL)
		load_made_leaf(&j->st, DOC_HEADING, 1, j->front.title);
	if ((byline = front_byline(&j->front)) != NULL) {
		load_made_leaf(&j->st, DOC_PARAGRAPH, 0, byline);
		free(byline);
	}
}

/*
 * An HTML comment never closed hides the rest of its HTML block (in a
 * browser, the rest of the page): once, where it opens, in the file's
 * lines.
 */
static void
load_unclosed_said(struct load_job *j)
{
	struct load_state	*st = &j->st;

	if (st->unclosed_line == 0 || j->unclosed_said)
		return;
	j->unclosed_said = true;
	diag_add(j->diag, "%s: line %d: an HTML comment is never closed; the "
	    "rest of its HTML block is hidden, as a browser hides it",
	    st->doc->name, load_line_of(j, (size_t)(st->src.s - j->text.data)) +
	    st->unclosed_line - st->src.first);
}

static void
load_piece(struct load_job *j, size_t end)
{
	cmark_node	*root;

	/* The rest: the whole article parsed, what pieces gave left out. */
	if (j->tail) {
		root = load_parse(j->flags, NULL, 0, j->text.data, end);
		load_state_source(&j->st, j->text.data, end, 1);
		load_notes_find(&j->st, root);
		/* Pieces before held no block, if the front is not shown. */
		if (!j->front_shown && cmark_node_first_child(root) != NULL)
			load_front_blocks(j, root);
		load_convert(&j->st, root, load_line_of(j, j->pos));
		load_unclosed_said(j);
		load_notes_end(&j->st, j->eof && end == j->text.len);
		load_parser_done();
		j->pos = end;
		return;
	}
	if (!(j->flags & LOAD_WHOLE)) {
		load_piece_refs(j, end);
		load_piece_prelude(j, end);
		j->expansion += j->piece_cost;
	}
	root = load_parse(j->flags, j->prelude.data, j->prelude.len,
	    j->text.data + j->pos, end - j->pos);
	load_state_source(&j->st, j->text.data + j->pos, end - j->pos,
	    (int)load_count_lines(j->prelude.data, j->prelude.len) + 1);
	load_notes_find(&j->st, root);
	/* The first block decides: a piece of blank lines holds none. */
	if (!j->front_shown && cmark_node_first_child(root) != NULL)
		load_front_blocks(j, root);
	load_convert(&j->st, root, 0);
	load_unclosed_said(j);
	load_notes_end(&j->st, j->eof && end == j->text.len);
	load_parser_done();
	j->pos = end;
	/* After the first, pieces are larger: the prelude costs less. */
	j->piece = LOAD_PIECE > 4 * j->defbytes ? LOAD_PIECE :
	    4 * j->defbytes;
}

/*
 * The article is all in.  Cut up nowhere, too small to cut, with
 * definitions no prelude can carry, or with references that may exhaust
 * cmark's budget, what is not parsed yet is parsed as one piece: the
 * article as it is, when nothing is; else the whole article again, of
 * which only what the pieces have not given is taken (the pieces before
 * stand as the whole parse has them: doubt and the budget stop the
 * pieces before they can differ).
 */
/*
 * (The rest of an article that holds "[^" is one piece too, with its
 * prelude: a footnote's definition may come after any cut.)
 */
static void
load_all_in(struct load_job *j)
{
	/* A footnote's definition must be in its references' tree. */
	if (load_holds_note(j->text.data + j->pos, j->text.len - j->pos))
		j->rest_one = true;
	if (j->pos == 0 && j->rest_one) {
		j->flags |= LOAD_WHOLE;
		j->ndefs = 0;
	}
	if (j->pos == 0 && (j->unsure || load_is_one_piece(j))) {
		j->flags |= LOAD_WHOLE;
		j->ndefs = 0;
	} else if (j->unsure) {
		j->flags |= LOAD_WHOLE;
		j->tail = true;
	}
}

/* Ask cmark about the definition paragraphs the prescan has closed. */
static void
load_ask_defs(struct load_job *j)
{
	size_t	 closed = prescan_defs_closed(&j->ps);

	if (j->ps.unsure)
		j->unsure = true;
	if (j->unsure || (j->flags & LOAD_WHOLE))
		return;
	if (!load_take_defs(j, j->ndefs_asked, closed))
		j->unsure = true;
	j->ndefs_asked = closed;
}

/*
 * Bytes read at a step: few for the first screen, more after, or once
 * the first piece is known to wait for the end anyway.
 */
static size_t
load_step(const struct load_job *j)
{
	if (j->flags & LOAD_PIECES)
		return LOAD_TEST_STEP;
	return j->pos == 0 && j->wait_end == 0 ? LOAD_FIRST_STEP : LOAD_STEP;
}

/* Why the input stopped short, for a reader. */
static const char *
load_stop_reason(const struct load_job *j, int e)
{
	if (e == EFBIG && j->gz != NULL)
		return "it decompresses to more than 1 GiB";
	if (e == EBADMSG && j->gz != NULL)
		return load_gzip_why(j->gz);
	if (e == EFBIG)
		return j->pipe ? "longer than 1 GiB" :
		    "the file grew past 1 GiB";
	if (e == ESTALE)
		return "the file changed as it was read";
	return strerror(e);
}

/* Where and why the input stopped short. */
static void
load_say_stop(const struct load_job *j)
{
	diag_add(j->diag, "%s: %s; shown as far as it was read",
	    j->st.doc->name, load_stop_reason(j, j->read_errno));
}

/* The input is at its end: what the sanitiser held back, and the news. */
static void
load_input_end(struct load_job *j)
{
	size_t	 had = j->text.len;

	text_sanitize_finish(&j->san, &j->text);
	digest_add(&j->digest, j->text.data + had, j->text.len - had);
	j->eof = true;
	/* Once the caller has the job; before, load_start() says it. */
	if (j->read_errno != 0 && j->started)
		load_say_stop(j);
	if (j->fd != -1)
		close(j->fd);
	j->fd = -1;
	free(j->chunk);
	j->chunk = NULL;
	if (j->san.invalid > 0)
		diag_add(j->diag, "%s: %zu invalid UTF-8 sequence%s shown as "
		    "U+FFFD", j->st.doc->name, j->san.invalid,
		    j->san.invalid == 1 ? "" : "s");
	if (j->san.nul > 0)
		diag_add(j->diag, "%s: %zu NUL byte%s shown as U+FFFD",
		    j->st.doc->name, j->san.nul, j->san.nul == 1 ? "" : "s");
}

/*
 * The sanitised article grew past LOAD_MAX_SIZE, its invalid bytes each
 * shown as three: it ends at the last whole character before the limit.
 */
static void
load_too_large(struct load_job *j)
{
	size_t	 end = LOAD_MAX_SIZE, invalid, nul;

	while (end > 0 && ((unsigned char)j->text.data[end] & 0xc0) == 0x80)
		end--;
	j->text.len = end;
	j->too_large = true;
	/*
	 * What the prescan found past the end is gone: no piece is cut
	 * there, and the rest is parsed whole, after the definitions
	 * before it.
	 */
	j->unsure = true;
	diag_add(j->diag, "%s: longer than 1 GiB once its invalid bytes are "
	    "shown as U+FFFD; shown up to there", j->st.doc->name);
	/* The digest of what is shown: a later run finds the same. */
	digest_init(&j->digest);
	digest_add(&j->digest, j->text.data, j->text.len);
	/* Nothing held back is wanted; what was repaired is still told. */
	invalid = j->san.invalid;
	nul = j->san.nul;
	text_sanitize_init(&j->san);
	j->san.invalid = invalid;
	j->san.nul = nul;
	load_input_end(j);
}

/* Why a file of mode `mode` cannot be an article, or NULL when it can. */
static const char *
load_refusal(mode_t mode)
{
	if (S_ISDIR(mode))
		return "is a directory";
	if (S_ISSOCK(mode))
		return "is a socket";
	if (S_ISBLK(mode))
		return "is a block device";
	if (!S_ISREG(mode) && !S_ISFIFO(mode) && !S_ISCHR(mode))
		return "not a file that can be read";
	return NULL;
}

/*
 * A FIFO opened without blocking reads as empty until a writer comes:
 * wait for its first bytes, or for a writer to come and go, as cat does.
 * The descriptor is kept, never opened again: a writer that wrote all and
 * left while it was open has left its bytes in it, and a FIFO opened anew
 * would lose them and wait for a writer that never comes.  (A pipe,
 * /dev/fd/N, has its writer already and does not wait.)
 */
static bool
load_wait_fifo(int fd)
{
	struct pollfd	 p = { .fd = fd, .events = POLLIN };
	int		 n;

	while ((n = poll(&p, 1, -1)) == -1 && errno == EINTR)
		continue;
	return n != -1;
}

/*
 * Open `path` for reading without blocking, and refuse what cannot be an
 * article: with `streams`, a regular file of at most LOAD_MAX_SIZE bytes,
 * a FIFO, a pipe or a character device; else a regular file only.  Its
 * status goes to `sb`.  Returns the descriptor or -1 with the reason in
 * `err`.
 */
static int
load_open(const char *path, bool streams, struct stat *sb, char *err,
    size_t errlen)
{
	const char	*why;
	int		 fd;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1) {
		/* A socket cannot be opened: say what it is. */
		if (errno == ENXIO && stat(path, sb) == 0 &&
		    S_ISSOCK(sb->st_mode))
			snprintf(err, errlen, "is a socket");
		else
			snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	if (fstat(fd, sb) == -1)
		snprintf(err, errlen, "%s", strerror(errno));
	else if ((why = load_refusal(sb->st_mode)) != NULL)
		snprintf(err, errlen, "%s", why);
	else if (!S_ISREG(sb->st_mode) && !streams)
		snprintf(err, errlen, "not a regular file");
	else if (S_ISREG(sb->st_mode) &&
	    (unsigned long long)sb->st_size > LOAD_MAX_SIZE)
		snprintf(err, errlen, "file too large (%lld bytes; the limit "
		    "is 1 GiB)", (long long)sb->st_size);
	else if (S_ISFIFO(sb->st_mode) && !load_wait_fifo(fd))
		snprintf(err, errlen, "%s", strerror(errno));
	else if (fcntl(fd, F_SETFL, 0) == -1)
		snprintf(err, errlen, "%s", strerror(errno));
	else
		return fd;
	close(fd);
	return -1;
}

/*
 * What tells this file as it is from any other, or from itself changed:
 * device and inode, size, and the times of its last change of contents
 * and of status, which no one can set back (as git tells a file
 * unchanged).
 */
static uint64_t
load_stamp_of(const struct stat *sb)
{
	struct digest	 dg;
	long long	 f[] = { (long long)sb->st_dev, (long long)sb->st_ino,
			    (long long)sb->st_size,
			    (long long)sb->st_mtim.tv_sec, sb->st_mtim.tv_nsec,
			    (long long)sb->st_ctim.tv_sec, sb->st_ctim.tv_nsec };
	uint64_t	 stamp;

	digest_init(&dg);
	digest_add(&dg, f, sizeof(f));
	stamp = digest_end(&dg);
	/* 0 is no stamp. */
	return stamp != 0 ? stamp : 1;
}

/*
 * Whether the file changed so lately that it could change again within
 * the same tick of its clock (a second or two on some file systems), the
 * stamp staying the same: git calls such a file racily clean.
 */
static bool
load_stamp_racy(const struct stat *sb)
{
	time_t	 now = time(NULL), last = sb->st_mtim.tv_sec;

	if (sb->st_ctim.tv_sec > last)
		last = sb->st_ctim.tv_sec;
	return last >= now - LOAD_STAMP_TICK;
}

/* Take the file of `sb` as the job's. */
static void
load_take_file(struct load_job *j, const struct stat *sb)
{
	j->dev = sb->st_dev;
	j->ino = sb->st_ino;
	j->stamp = load_stamp_of(sb);
	j->racy = load_stamp_racy(sb);
	j->expect = (size_t)sb->st_size;
	buf_reserve(&j->text, j->expect + 1);
}

/*
 * Whether the job let go of its file (load_park()): a file not read
 * through, nor stopped by an error, and no descriptor.
 */
static bool
load_parked(const struct load_job *j)
{
	return j->path != NULL && j->fd == -1 && !j->eof && j->read_errno == 0;
}

/*
 * Open the file let go of by load_park() again, where it was left.  Not
 * read from yet, it is taken as it is now, as if opened now: a file saved
 * meanwhile is read new.  Read from, it must be the same file unchanged.
 * False, with the reason in j->read_errno, when that cannot be: what was
 * read is all there is.
 */
static bool
load_unpark(struct load_job *j)
{
	struct stat	 sb;
	char		 err[8];
	int		 fd;

	errno = 0;
	memset(&sb, 0, sizeof(sb));
	if ((fd = load_open(j->path, false, &sb, err, sizeof(err))) == -1) {
		/* Not a regular file, or too large: it set no errno. */
		j->read_errno = errno != 0 ? errno : S_ISREG(sb.st_mode) ?
		    EFBIG : ESTALE;
		return false;
	}
	/*
	 * A change within one tick of the file's clock cannot show here.
	 * gzip or not was decided on the file as it was: it must stay.
	 */
	if (j->taken == 0 && j->gz == NULL)
		load_take_file(j, &sb);
	else if (sb.st_dev != j->dev || sb.st_ino != j->ino ||
	    load_stamp_of(&sb) != j->stamp) {
		j->read_errno = ESTALE;
		close(fd);
		return false;
	}
	if (j->gz != NULL)
		load_gzip_set_fd(j->gz, fd);
	else if (lseek(fd, (off_t)j->taken, SEEK_SET) == -1) {
		j->read_errno = errno;
		close(fd);
		return false;
	}
	j->fd = fd;
	return true;
}

/*
 * Up to `max` bytes more of the gzip input, decoded into j->chunk; 0 at
 * its end, or with j->wait while its size is checked.
 */
static size_t
load_input_gzip(struct load_job *j, size_t max, const char **at)
{
	uint64_t	 size;
	size_t		 n;

	if (j->chunk == NULL)
		j->chunk = xmalloc(LOAD_STEP);
	*at = j->chunk;
	switch (load_gzip_read(j->gz, j->chunk, max, &n)) {
	case LOAD_GZIP_OK:
	case LOAD_GZIP_END:
		break;
	case LOAD_GZIP_WAIT:
		j->wait = true;
		break;
	case LOAD_GZIP_BAD:
		j->read_errno = EBADMSG;
		break;
	case LOAD_GZIP_BIG:
		j->read_errno = EFBIG;
		break;
	}
	/* Known once checked: the progress shown counts decoded bytes. */
	if ((size = load_gzip_size(j->gz)) != 0)
		j->expect = (size_t)size;
	return n;
}

/*
 * Up to `max` bytes more of the input, into j->chunk or in place; 0 at
 * its end.  A read error ends it early, with a word in the diagnostics.
 */
static size_t
load_input(struct load_job *j, size_t max, const char **at)
{
	ssize_t	 n;

	if (load_parked(j) && !load_unpark(j))
		return 0;
	j->wait = false;
	if (j->stream_fd != -1)
		load_read_stream(j);
	if (j->gz != NULL)
		return load_input_gzip(j, max, at);
	if (j->fd == -1) {
		*at = j->src + j->taken;
		return j->srclen - j->taken < max ? j->srclen - j->taken : max;
	}
	if (j->chunk == NULL)
		j->chunk = xmalloc(LOAD_STEP);
	*at = j->chunk;
	while ((n = read(j->fd, j->chunk, max)) == -1 && errno == EINTR)
		continue;
	if (n == -1 || j->taken + (size_t)n > LOAD_MAX_SIZE) {
		j->read_errno = n == -1 ? errno : EFBIG;
		return 0;
	}
	return (size_t)n;
}

/* Front matter of `end` bytes that cannot be read: shown as written. */
static void
load_front_raw(struct load_job *j, size_t end)
{
	diag_add(j->diag, "%s: front matter not read (%s); shown as written",
	    j->st.doc->name, j->front.error);
	j->front_raw = xstrndup(j->text.data, end > 0 &&
	    j->text.data[end - 1] == '\n' ? end - 1 : end);
}

/*
 * Whether the article opens with front matter is known: once decided, its
 * block is read, and then blanked in the text, so that the parser (in
 * pieces or whole) sees blank lines in its place and counts lines as the
 * file does.  Decided before any piece is cut; false while undecided.
 */
static bool
load_front(struct load_job *j)
{
	enum front_kind	 kind;
	size_t		 end = 0, i;

	if ((kind = front_find(j->text.data, j->text.len, j->eof, &end)) ==
	    FRONT_MORE)
		return false;
	j->front_known = true;
	if (kind == FRONT_NONE)
		return true;
	if (kind == FRONT_LONG) {
		snprintf(j->front.error, sizeof(j->front.error), "longer than "
		    "%d KiB", FRONT_MAX / 1024);
		load_front_raw(j, end);
	} else switch (front_read(kind, j->text.data, end, &j->front)) {
	case FRONT_READ_NOT:
		return true;
	case FRONT_READ_BAD:
		load_front_raw(j, end);
		break;
	case FRONT_READ_OK:
		break;
	}
	for (i = 0; i < end; i++)
		if (j->text.data[i] != '\n')
			j->text.data[i] = ' ';
	return true;
}

/* A step of the input: read, sanitise, prescan, definitions. */
static void
load_take(struct load_job *j)
{
	const char	*at;
	size_t		 n, had = j->text.len;

	/*
	 * The room for the rest of a file of known size, in huge pages: from
	 * the second step on, so that the first screen does not wait for
	 * the system call.
	 */
	if (j->taken > 0 && !j->advised && j->expect > j->taken) {
		buf_advise_huge(&j->text, j->expect - j->taken);
		j->advised = true;
	}
	if ((n = load_input(j, load_step(j), &at)) > 0) {
		text_sanitize_feed(&j->san, at, n, &j->text);
		j->taken += n;
		digest_add(&j->digest, j->text.data + had, j->text.len - had);
	}
	/* Grown past the limit, it stops there: cmark's sizes are 32-bit. */
	if (j->text.len > LOAD_MAX_SIZE)
		load_too_large(j);
	else if (n == 0 && !j->wait)
		load_input_end(j);
	if (!j->front_known && !load_front(j))
		return;
	if (!(j->flags & LOAD_WHOLE)) {
		if (j->eof)
			prescan_finish(&j->ps, j->text.data, j->text.len);
		else
			prescan_feed(&j->ps, j->text.data, j->text.len);
		load_ask_defs(j);
	}
	if (j->eof)
		load_all_in(j);
}

bool
load_next(struct load_job *j)
{
	size_t	 end;

	if (j->st.doc->complete)
		return false;
	if ((end = load_ready(j)) != 0)
		load_piece(j, end);
	else if (!j->eof)
		load_take(j);
	if (j->eof && j->pos >= j->text.len)
		load_done(j);
	return !j->st.doc->complete;
}

void
load_park(struct load_job *j)
{
	if (j->fd == -1 || j->eof)
		return;
	close(j->fd);
	j->fd = -1;
	free(j->chunk);
	j->chunk = NULL;
}

bool
load_has_first(const struct load_job *j)
{
	return j->pos > 0 || j->st.doc->complete;
}

int
load_each_final(struct load_job *j, load_sections_fn *fn, void *arg)
{
	size_t	 done = 0, upto;
	bool	 more;
	int	 r;

	do {
		more = load_next(j);
		upto = doc_sections_final(j->st.doc);
		if ((r = fn(j->st.doc, done, upto, arg)) != 0)
			return r;
		done = upto;
	} while (more);
	return 0;
}

void
load_first(struct load_job *j)
{
	while (!load_has_first(j) && load_next(j))
		continue;
}

bool
load_read_all(struct load_job *j, bool (*stop)(void))
{
	while (!j->eof && (stop == NULL || !stop()))
		load_take(j);
	return j->eof;
}

bool
load_digest(const struct load_job *j, uint64_t *digest)
{
	if (!j->eof)
		return false;
	*digest = digest_end(&j->digest);
	return true;
}

bool
load_stamp(struct load_job *j, uint64_t *stamp)
{
	/* The file that will be read: opened again if let go of unread. */
	if (load_parked(j) && j->taken == 0)
		load_unpark(j);
	*stamp = j->path == NULL || j->racy || j->read_errno != 0 ? 0 :
	    j->stamp;
	return *stamp != 0;
}

bool
load_is_pipe(const struct load_job *j)
{
	return j->pipe;
}

const char *
load_how(const struct load_job *j)
{
	if (j->gz != NULL)
		return j->pipe ? "gzip, pipe" : "gzip";
	return j->pipe ? "pipe" : NULL;
}

bool
load_failed(const struct load_job *j)
{
	return j->read_errno != 0 || j->too_large;
}

/*
 * Read `fd` to its end into `raw`, or to LOAD_MAX_SIZE bytes.  Returns 0,
 * or the errno of a read error, or EFBIG when there is more than that;
 * `raw` holds what was read all the same.
 */
static int
load_slurp(int fd, struct buf *raw)
{
	ssize_t	 n;

	for (;;) {
		buf_reserve(raw, LOAD_FIRST_STEP);
		n = read(fd, raw->data + raw->len, LOAD_FIRST_STEP);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return errno;
		if (n == 0)
			return 0;
		if ((raw->len += (size_t)n) > LOAD_MAX_SIZE) {
			raw->len = LOAD_MAX_SIZE;
			return EFBIG;
		}
	}
}

/*
 * Read the stream whole, now that it is wanted, and take it as the input
 * in memory; a read error ends it where it stopped.
 */
static void
load_read_stream(struct load_job *j)
{
	struct buf	 raw;

	buf_init(&raw);
	buf_reserve(&raw, 1);
	j->read_errno = load_slurp(j->stream_fd, &raw);
	if (j->stream_owned)
		close(j->stream_fd);
	j->stream_fd = -1;
	j->src = j->srcowned = raw.data;
	j->srclen = j->expect = raw.len;
	buf_reserve(&j->text, raw.len + 1);
	if (load_gzip_is(raw.data, raw.len)) {
		j->gz = load_gzip_new(-1, raw.data, raw.len);
		j->expect = 0;
	}
}

/* Free memory at the top of the heap kept for reuse. */
#define LOAD_HEAP_KEEP		((size_t)512 << 20)

/*
 * Trees are built and freed piece after piece, and article after
 * article, while the doc grows.  glibc by default gives the top of the
 * heap back to the kernel once a little of it is free, and the next
 * tree then has each of its pages faulted in anew, which costs more than
 * what the parse does in them.  Kept, the heap is reused; its peak is what
 * it was.  (The arena's chunks are below the size glibc would map on
 * their own, which this setting fixes at its default.)
 */
static void
load_keep_heap(void)
{
#ifdef M_TRIM_THRESHOLD
	static bool	 kept;

	if (kept)
		return;
	kept = true;
	mallopt(M_TRIM_THRESHOLD, (int)LOAD_HEAP_KEEP);
#endif
}

static struct load_job *
load_new(const char *name, int flags, struct diag *diag)
{
	struct load_job	*j = xcalloc(1, sizeof(*j));

	load_keep_heap();

	j->fd = -1;
	j->stream_fd = -1;
	j->flags = flags;
	j->diag = diag;
	load_state_init(&j->st, doc_new(name));
	j->st.mem = &load_mem;
	j->st.smart = (flags & LOAD_SMART) != 0;
	j->st.defs = load_cell_defs;
	j->st.defs_arg = j;
	text_sanitize_init(&j->san);
	digest_init(&j->digest);
	buf_init(&j->text);
	buf_init(&j->prelude);
	prescan_init(&j->ps);
	j->piece = LOAD_FIRST_PIECE;
	return j;
}

/*
 * Input that is in memory whole may be sanitised at once: refused, then,
 * when each byte that is not UTF-8 becomes a U+FFFD of three and cmark,
 * whose sizes are 32-bit, would see it grow past the limit.
 */
static bool
load_whole_fits(struct load_job *j, char *err, size_t errlen)
{
	load_read_all(j, NULL);
	if (!j->too_large)
		return true;
	snprintf(err, errlen, "too large once its invalid bytes are shown as "
	    "U+FFFD (more than 1 GiB)");
	return false;
}

struct load_job *
load_start_buffer(const char *name, const char *s, size_t len, int flags,
    struct diag *diag)
{
	struct load_job	*j = load_new(name, flags, diag);
	char		 err[128];

	j->src = s;
	j->srclen = j->expect = len;
	if (load_gzip_is(s, len)) {
		j->gz = load_gzip_new(-1, s, len);
		j->expect = 0;
	}
	if (len > LOAD_STREAM_MAX && !load_whole_fits(j, err, sizeof(err)))
		fatal("%s: %s", name, err);
	buf_reserve(&j->text, len + 1);
	j->started = true;
	return j;
}

/* Why the input could not be read, for load_start(). */
static void
load_start_error(const struct load_job *j, char *err, size_t errlen)
{
	if (j->read_errno == EFBIG && j->gz != NULL)
		snprintf(err, errlen, "decompresses to more than 1 GiB");
	else if (j->read_errno == EFBIG)
		snprintf(err, errlen, "input too large (the limit is 1 GiB)");
	else
		snprintf(err, errlen, "%s", strerror(j->read_errno));
}

/*
 * Whether the input read at the start stopped short so that it is
 * refused: a corrupt gzip stream is not, but shown as far as it decoded.
 */
static bool
load_start_failed(struct load_job *j, char *err, size_t errlen)
{
	if (j->read_errno == 0 && j->gz != NULL && (j->flags & LOAD_CHECK) &&
	    !load_gzip_check(j->gz))
		j->read_errno = EFBIG;
	if (j->read_errno == 0)
		return false;
	if (j->read_errno == EBADMSG && j->gz != NULL) {
		load_say_stop(j);
		return false;
	}
	load_start_error(j, err, errlen);
	return true;
}

/*
 * Standard input, a pipe, a FIFO or a character device `fd`, closed with
 * the job when `owned`: read whole before anything is shown, or with
 * LOAD_LATER when first needed.
 */
static struct load_job *
load_start_stream(const char *name, int fd, bool owned, int flags,
    struct diag *diag, char *err, size_t errlen)
{
	struct load_job	*j = load_new(name, flags, diag);

	j->stream_fd = fd;
	j->stream_owned = owned;
	j->pipe = true;
	if (!(flags & LOAD_LATER)) {
		load_read_stream(j);
		if (load_start_failed(j, err, errlen)) {
			load_free(j);
			return NULL;
		}
		if (j->srclen > LOAD_STREAM_MAX &&
		    !load_whole_fits(j, err, errlen)) {
			load_free(j);
			return NULL;
		}
	}
	j->started = true;
	return j;
}

/* Whether the file of `size` bytes at `fd` opens with gzip's magic. */
static bool
load_file_is_gzip(int fd, size_t size)
{
	unsigned char	 magic[2];

	return size >= sizeof(magic) && pread(fd, magic, sizeof(magic), 0) ==
	    (ssize_t)sizeof(magic) && load_gzip_is(magic, sizeof(magic));
}

struct load_job *
load_start(const char *path, int flags, struct diag *diag, char *err,
    size_t errlen)
{
	struct load_job	*j;
	struct stat	 sb;
	size_t		 size;
	int		 fd;

	if (strcmp(path, "-") == 0)
		return load_start_stream("-", STDIN_FILENO, false, flags, diag,
		    err, errlen);
	if ((fd = load_open(path, true, &sb, err, errlen)) == -1)
		return NULL;
	if (!S_ISREG(sb.st_mode))
		return load_start_stream(path, fd, true, flags, diag, err,
		    errlen);
	size = (size_t)sb.st_size;
	j = load_new(path, flags, diag);
	j->fd = fd;
	j->path = xstrdup(path);
	load_take_file(j, &sb);
	if (load_file_is_gzip(fd, size)) {
		j->gz = load_gzip_new(fd, NULL, size);
		j->expect = 0;
	}
	/*
	 * A small file is read now, and let go; one so large that its
	 * invalid bytes could take it past the limit is read whole now too,
	 * so that a refusal comes before anything is shown.
	 */
	if (size <= LOAD_FIRST_STEP)
		load_read_all(j, NULL);
	else if (size > LOAD_STREAM_MAX && !load_whole_fits(j, err, errlen)) {
		load_free(j);
		return NULL;
	}
	if (load_start_failed(j, err, errlen)) {
		load_free(j);
		return NULL;
	}
	j->started = true;
	return j;
}

struct doc *
load_doc(const struct load_job *j)
{
	return j->st.doc;
}

unsigned int
load_percent(const struct load_job *j)
{
	size_t	 in, parsed;

	if (j->st.doc->complete)
		return 100;
	/* Reading is about a tenth of the work, parsing the rest. */
	in = j->eof || j->expect == 0 ? 100 : j->taken >= j->expect ? 99 :
	    (size_t)((double)j->taken * 100 / (double)j->expect);
	parsed = j->text.len == 0 ? 0 : (size_t)((double)j->pos * 100 /
	    (double)(j->eof || j->text.len > j->expect ? j->text.len :
	    j->expect));
	in = (in + 9 * parsed) / 10;
	return in > 99 ? 99 : (unsigned int)in;
}

static void
load_job_free(struct load_job *j)
{
	if (j->fd != -1)
		close(j->fd);
	if (j->stream_fd != -1 && j->stream_owned)
		close(j->stream_fd);
	free(j->path);
	load_gzip_free(j->gz);
	free(j->srcowned);
	free(j->chunk);
	buf_release(&j->text);
	load_state_release(&j->st);
	free(j->cell_refs);
	free(j->cands);
	free(j->cand_taken);
	prescan_release(&j->ps);
	free(j->defs);
	free(j->labels);
	free(j->longest);
	free(j->refs);
	free(j->ahead);
	buf_release(&j->prelude);
	front_release(&j->front);
	free(j->front_raw);
	free(j);
}

void
load_free(struct load_job *j)
{
	if (j == NULL)
		return;
	doc_free(j->st.doc);
	load_job_free(j);
}

struct doc *
load_end(struct load_job *j)
{
	struct doc	*d;

	while (load_next(j))
		continue;
	d = j->st.doc;
	load_job_free(j);
	return d;
}

struct doc *
load_buffer(const char *name, const char *s, size_t len, int flags,
    struct diag *diag)
{
	return load_end(load_start_buffer(name, s, len, flags, diag));
}

struct doc *
load_file(const char *path, int flags, struct diag *diag, char *err,
    size_t errlen)
{
	struct load_job	*j = load_start(path, flags, diag, err, errlen);

	return j != NULL ? load_end(j) : NULL;
}
