/*
 * load: reads the article whole, sanitises it into valid UTF-8, has the
 * prescan find where it can be cut, then feeds it to cmark a piece at a
 * time and converts each tree into doc records.  This is the only module
 * that includes cmark.h.  A tree is walked with cmark_iter, never by
 * recursion (input can nest tens of thousands of levels deep); its nodes
 * live in an arena, and each top-level block is freed once converted, so
 * no whole tree and whole doc are ever in memory together.
 */
#include "load.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmark.h>

#include "arena.h"
#include "diag.h"
#include "doc.h"
#include "prescan.h"
#include "text.h"
#include "util.h"

#define LOAD_CHUNK	(64 * 1024)
/* Bytes in the first piece, which the first screen waits for, and after. */
#define LOAD_FIRST_PIECE	(16 * 1024)
#define LOAD_PIECE		(256 * 1024)

enum load_frame_kind {
	LOAD_FRAME_CONTAINER,	/* a quote or item that made a doc block */
	LOAD_FRAME_FLAT,	/* a container past DOC_MAX_DEPTH */
	LOAD_FRAME_LIST
};

/* One open cmark container. */
struct load_frame {
	enum load_frame_kind	 kind;
	size_t			 parent;	/* doc parent before this one */
	unsigned long		 number;	/* list: next item's number */
	unsigned int		 digits;	/* list: widest number */
	char			 delim;		/* list: '.', ')' or 0 */
	bool			 tight;		/* list */
	bool			 has_leaf;	/* list: a leaf was seen in it */
};

struct load_state {
	struct doc		*doc;		/* borrowed: being built */
	struct load_frame	*frames;	/* owned */
	size_t			 nframes;
	size_t			 capframes;
	size_t			*spans;		/* owned: open spans */
	size_t			 nspans;
	size_t			 capspans;
	size_t			 parent;	/* innermost doc container */
	size_t			 leaf;		/* open leaf, or DOC_NONE */
	size_t			 tight_with_leaf; /* such lists on the stack */
	unsigned int		 containers;	/* container frames open */
	unsigned int		 lists;		/* list frames open */
	bool			 flattened;
	bool			 any_leaf;
};

/* Bytes sanitised at a time. */
#define LOAD_SANITIZE_STEP	((size_t)1 << 20)

/*
 * cmark allocates a node or a string for every piece of the document, and
 * all of them die together once the doc is built: an arena serves them at
 * a fraction of malloc's cost, and frees them at once.  cmark's allocator
 * callbacks take no context, so the arena of the parse under way is kept
 * here; loads run one at a time.
 */
static struct arena	*load_arena;

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

static cmark_parser *
load_parser(int flags)
{
	/* One parse at a time: a second would take the first's arena. */
	assert(load_arena == NULL);
	load_arena = xmalloc(sizeof(*load_arena));
	arena_init(load_arena);
	return cmark_parser_new_with_mem(CMARK_OPT_DEFAULT |
	    ((flags & LOAD_SMART) ? CMARK_OPT_SMART : 0), &load_mem);
}

/* Free whatever cmark allocated and did not free. */
static void
load_parser_done(void)
{
	arena_release(load_arena);
	free(load_arena);
	load_arena = NULL;
}

static struct load_frame *
load_push(struct load_state *st, enum load_frame_kind kind)
{
	struct load_frame	*f;

	st->frames = xgrow(st->frames, &st->capframes, st->nframes + 1,
	    sizeof(*st->frames));
	f = &st->frames[st->nframes++];
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->parent = st->parent;
	return f;
}

static void
load_pop(struct load_state *st)
{
	struct load_frame	*f;

	if (st->nframes == 0)
		return;
	f = &st->frames[--st->nframes];
	if (f->kind == LOAD_FRAME_CONTAINER)
		st->containers--;
	else if (f->kind == LOAD_FRAME_LIST) {
		st->lists--;
		if (f->tight && f->has_leaf)
			st->tight_with_leaf--;
	}
	st->parent = f->parent;
}

/*
 * Open a quote or an item as a doc container, or flatten it into its
 * parent past the depth limit.  Returns the block, or DOC_NONE.
 */
static size_t
load_container(struct load_state *st, enum doc_kind kind)
{
	if (st->containers >= DOC_MAX_DEPTH) {
		load_push(st, LOAD_FRAME_FLAT);
		st->flattened = true;
		return DOC_NONE;
	}
	load_push(st, LOAD_FRAME_CONTAINER);
	st->containers++;
	st->parent = doc_open(st->doc, kind, st->parent,
	    kind == DOC_ITEM ? st->lists : 0);
	return st->parent;
}

static unsigned int
load_digits(unsigned long n)
{
	unsigned int	 d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

static void
load_list(struct load_state *st, cmark_node *list)
{
	struct load_frame	*f;
	cmark_node		*it;
	unsigned long		 count = 0;

	for (it = cmark_node_first_child(list); it; it = cmark_node_next(it))
		count++;
	f = load_push(st, LOAD_FRAME_LIST);
	st->lists++;
	f->tight = cmark_node_get_list_tight(list);
	if (cmark_node_get_list_type(list) == CMARK_ORDERED_LIST) {
		f->number = (unsigned long)cmark_node_get_list_start(list);
		f->delim = cmark_node_get_list_delim(list) ==
		    CMARK_PAREN_DELIM ? ')' : '.';
		f->digits = load_digits(f->number + (count ? count - 1 : 0));
	}
}

/*
 * A leaf gets a blank line before it unless it is the article's first, or
 * a tight list around it already holds an earlier leaf.
 */
static void
load_leaf_open(struct load_state *st, enum doc_kind kind, unsigned int level)
{
	struct doc_block	*blk;
	size_t			 i;
	bool			 no_gap;

	no_gap = st->tight_with_leaf > 0 || !st->any_leaf;
	st->any_leaf = true;
	st->leaf = doc_open(st->doc, kind, st->parent, level);
	blk = &st->doc->blocks[st->leaf];
	if (no_gap)
		blk->flags |= DOC_NO_GAP;
	/* Lists that had no leaf yet form the top of the stack. */
	for (i = st->nframes; i-- > 0; ) {
		struct load_frame	*f = &st->frames[i];

		if (f->kind != LOAD_FRAME_LIST)
			continue;
		if (f->has_leaf)
			break;
		f->has_leaf = true;
		if (f->tight)
			st->tight_with_leaf++;
	}
}

static void
load_leaf_close(struct load_state *st)
{
	if (st->leaf == DOC_NONE)
		return;
	doc_close(st->doc, st->leaf);
	st->leaf = DOC_NONE;
}

static void
load_item(struct load_state *st, cmark_node *item)
{
	struct load_frame	*list;
	struct doc_block	*blk;
	size_t			 b, at = DOC_NONE;

	/* An index: opening the item may move the frames. */
	if (st->nframes > 0 &&
	    st->frames[st->nframes - 1].kind == LOAD_FRAME_LIST)
		at = st->nframes - 1;
	if ((b = load_container(st, DOC_ITEM)) != DOC_NONE && at != DOC_NONE) {
		list = &st->frames[at];
		blk = &st->doc->blocks[b];
		if (list->delim != 0) {
			blk->flags |= DOC_ORDERED;
			blk->number = list->number++;
			blk->delim = list->delim;
			blk->marker_digits = list->digits;
		}
	}
	/* An empty item still shows its marker. */
	if (cmark_node_first_child(item) == NULL) {
		load_leaf_open(st, DOC_PARAGRAPH, 0);
		load_leaf_close(st);
	}
}

/* A leaf whose whole text is the node's literal, less its final newline. */
static void
load_literal_leaf(struct load_state *st, cmark_node *n, enum doc_kind kind)
{
	const char	*lit = cmark_node_get_literal(n);
	size_t		 len = lit != NULL ? strlen(lit) : 0;

	if (len > 0 && lit[len - 1] == '\n')
		len--;
	load_leaf_open(st, kind, 0);
	doc_add_text(st->doc, lit, len);
	load_leaf_close(st);
}

static void
load_text(struct load_state *st, cmark_node *n)
{
	const char	*lit = cmark_node_get_literal(n);

	if (lit != NULL)
		doc_add_text(st->doc, lit, strlen(lit));
}

static void
load_span_open(struct load_state *st, enum doc_span_kind kind, cmark_node *n)
{
	const char	*url;
	size_t		 sp;

	sp = doc_span_open(st->doc, kind);
	if (kind == DOC_SPAN_LINK || kind == DOC_SPAN_IMAGE) {
		url = cmark_node_get_url(n);
		if (url != NULL)
			doc_span_set_url(st->doc, sp, url, strlen(url));
	}
	st->spans = xgrow(st->spans, &st->capspans, st->nspans + 1,
	    sizeof(*st->spans));
	st->spans[st->nspans++] = sp;
}

static void
load_span_close(struct load_state *st)
{
	if (st->nspans > 0)
		doc_span_close(st->doc, st->spans[--st->nspans]);
}

/* A span whose whole text is the node's literal: code, inline HTML. */
static void
load_literal_span(struct load_state *st, cmark_node *n, enum doc_span_kind k)
{
	load_span_open(st, k, n);
	load_text(st, n);
	load_span_close(st);
}

static enum doc_span_kind
load_span_kind(cmark_node_type type)
{
	switch (type) {
	case CMARK_NODE_EMPH:
		return DOC_SPAN_EMPH;
	case CMARK_NODE_STRONG:
		return DOC_SPAN_STRONG;
	case CMARK_NODE_LINK:
		return DOC_SPAN_LINK;
	default:
		return DOC_SPAN_IMAGE;
	}
}

/* Turn one iterator event into doc records. */
static void
load_event(struct load_state *st, cmark_node *n, cmark_event_type ev)
{
	cmark_node_type	 type = cmark_node_get_type(n);
	bool		 enter = ev == CMARK_EVENT_ENTER;

	switch (type) {
	case CMARK_NODE_BLOCK_QUOTE:
		if (enter)
			load_container(st, DOC_QUOTE);
		else
			load_pop(st);
		break;
	case CMARK_NODE_LIST:
		if (enter)
			load_list(st, n);
		else
			load_pop(st);
		break;
	case CMARK_NODE_ITEM:
		if (enter)
			load_item(st, n);
		else
			load_pop(st);
		break;
	case CMARK_NODE_PARAGRAPH:
	case CMARK_NODE_HEADING:
		if (!enter)
			load_leaf_close(st);
		else if (type == CMARK_NODE_PARAGRAPH)
			load_leaf_open(st, DOC_PARAGRAPH, 0);
		else
			load_leaf_open(st, DOC_HEADING,
			    (unsigned int)cmark_node_get_heading_level(n));
		break;
	case CMARK_NODE_CODE_BLOCK:
		load_literal_leaf(st, n, DOC_CODE);
		break;
	case CMARK_NODE_HTML_BLOCK:
		load_literal_leaf(st, n, DOC_HTML);
		break;
	case CMARK_NODE_THEMATIC_BREAK:
		load_leaf_open(st, DOC_RULE, 0);
		load_leaf_close(st);
		break;
	case CMARK_NODE_TEXT:
		load_text(st, n);
		break;
	case CMARK_NODE_SOFTBREAK:
		doc_add_text(st->doc, " ", 1);
		break;
	case CMARK_NODE_LINEBREAK:
		doc_add_text(st->doc, "\n", 1);
		break;
	case CMARK_NODE_CODE:
		load_literal_span(st, n, DOC_SPAN_CODE);
		break;
	case CMARK_NODE_HTML_INLINE:
		load_literal_span(st, n, DOC_SPAN_HTML);
		break;
	case CMARK_NODE_EMPH:
	case CMARK_NODE_STRONG:
	case CMARK_NODE_LINK:
	case CMARK_NODE_IMAGE:
		if (enter)
			load_span_open(st, load_span_kind(type), n);
		else
			load_span_close(st);
		break;
	default:
		/* The document node, and custom nodes the parser never makes. */
		break;
	}
}

/*
 * Convert the tree under `root` into doc records, freeing each top-level
 * block once converted: its arena chunks go back to malloc as they empty,
 * for the growing doc to reuse, so the whole tree and the whole doc are
 * never in memory together.
 */
static void
load_convert(struct load_state *st, cmark_node *root)
{
	cmark_node		*child, *next;
	cmark_iter		*it;
	cmark_event_type	 ev;

	for (child = cmark_node_first_child(root); child; child = next) {
		next = cmark_node_next(child);
		it = cmark_iter_new(child);
		while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE)
			load_event(st, cmark_iter_get_node(it), ev);
		cmark_iter_free(it);
		cmark_node_free(child);
	}
	cmark_node_free(root);
	load_parser_done();
}

/* The load under way: the whole article, and how far it is parsed. */
struct load_job {
	char			*owned;		/* owned: the article, if copied */
	const char		*text;		/* the sanitised article */
	size_t			 len;
	int			 flags;
	struct diag		*diag;		/* borrowed */
	struct prescan		 ps;
	struct prescan_def	*defs;		/* owned: every definition */
	size_t			 ndefs;
	size_t			 capdefs;
	size_t			 defbytes;	/* their size, all together */
	uint64_t		*refs;		/* owned: a piece's labels */
	size_t			 nrefs;
	size_t			 caprefs;
	struct buf		 prelude;	/* definitions for a piece */
	struct load_state	 st;
	size_t			 pos;		/* the next piece starts here */
	size_t			 cut;		/* the next cut to look at */
	size_t			 piece;		/* bytes a piece should have */
};

/* The last piece is in: the doc is complete. */
static void
load_done(struct load_job *j)
{
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
 * the run might go on past what is tried.
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
	if (end < r->len && best == end)
		return -1;
	return (long)best;
}

/* Lines in `len` bytes at `s`. */
static size_t
load_count_lines(const char *s, size_t len)
{
	const char	*p, *end = s + len;
	size_t		 n = 0;

	for (p = s; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		n++;
	return n;
}

/*
 * Mark in `mixed` the paragraphs that may hold definitions but hold
 * something else too: one parse of them all, each apart, and the line
 * each block it gives starts on says which paragraph it came from.
 */
static void
load_find_mixed(const struct load_job *j, bool *mixed)
{
	struct buf	 all;
	size_t		*first, i, line;
	cmark_node	*root, *n;

	buf_init(&all);
	first = xcalloc(j->ps.ndefs + 1, sizeof(*first));
	for (i = 0, line = 1; i < j->ps.ndefs; i++) {
		first[i] = line;
		buf_add(&all, j->text + j->ps.defs[i].off, j->ps.defs[i].len);
		buf_adds(&all, "\n\n");
		line += load_count_lines(j->text + j->ps.defs[i].off,
		    j->ps.defs[i].len) + 2;
	}
	root = load_parse(j->flags, NULL, 0, all.data, all.len);
	for (n = cmark_node_first_child(root); n; n = cmark_node_next(n)) {
		line = (size_t)cmark_node_get_start_line(n);
		for (i = j->ps.ndefs; i-- > 0; )
			if (first[i] <= line) {
				mixed[i] = true;
				break;
			}
	}
	cmark_node_free(root);
	load_parser_done();
	free(first);
	buf_release(&all);
}

/*
 * Whether every definition the split found is definitions alone, as cmark
 * reads it by itself: a line that opens with '[' may carry a destination
 * or a title rather than start a definition, and then an entry would be
 * one by halves.
 */
static bool
load_defs_whole(const struct load_job *j)
{
	struct buf	 all;
	size_t		 i;
	bool		 ok;

	buf_init(&all);
	for (i = 0; i < j->ndefs; i++) {
		buf_add(&all, j->text + j->defs[i].off, j->defs[i].len);
		buf_adds(&all, "\n\n");
	}
	ok = all.len == 0 || load_defines_only(j->flags, all.data, all.len);
	buf_release(&all);
	return ok;
}

/*
 * Find every definition of the article, as cmark reads them, so that
 * each piece can start with those it may use: a paragraph that holds
 * only definitions gives them all; one that holds more is asked about
 * one run of lines at a time.  Returns false when it cannot be sure.
 */
static bool
load_prelude(struct load_job *j)
{
	const struct prescan_range	*r;
	bool				*mixed;
	size_t				 i;
	long				 n = 0;

	if (j->ps.ndefs == 0)
		return true;
	mixed = xcalloc(j->ps.ndefs, sizeof(*mixed));
	load_find_mixed(j, mixed);
	for (i = 0; i < j->ps.ndefs && n >= 0; i++) {
		r = &j->ps.defs[i];
		n = mixed[i] ? load_def_run(j->flags, j->text, r) :
		    (long)r->len;
		if (n > 0) {
			prescan_split_defs(j->text, r->off, (size_t)n,
			    &j->defs, &j->ndefs, &j->capdefs);
			j->defbytes += (size_t)n;
		}
	}
	free(mixed);
	return n >= 0 && load_defs_whole(j);
}

/*
 * A piece's prelude: the definitions whose labels its text may use, in
 * the article's order, so that a reference resolves as in a whole parse
 * (where the first definition of a label wins, as here).
 */
static void
load_piece_prelude(struct load_job *j, const char *s, size_t len)
{
	const struct prescan_def	*d;
	size_t				 i;

	j->prelude.len = 0;
	if (j->ndefs == 0)
		return;
	prescan_refs(s, len, &j->refs, &j->nrefs, &j->caprefs);
	for (i = 0; i < j->ndefs; i++) {
		d = &j->defs[i];
		if (!d->always && !prescan_refs_has(j->refs, j->nrefs,
		    d->label))
			continue;
		buf_add(&j->prelude, j->text + d->off, d->len);
		/* Each its own paragraph, whatever ends it. */
		buf_adds(&j->prelude, "\n\n");
	}
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

/* Where the piece that starts at j->pos ends. */
static size_t
load_piece_end(struct load_job *j)
{
	size_t	 want = j->pos + j->piece;

	if (j->flags & LOAD_WHOLE)
		return j->len;
	while (j->cut < j->ps.ncuts && j->ps.cuts[j->cut] <= j->pos)
		j->cut++;
	while (j->cut < j->ps.ncuts && j->ps.cuts[j->cut] < want &&
	    !(j->flags & LOAD_PIECES))
		j->cut++;
	return j->cut < j->ps.ncuts ? j->ps.cuts[j->cut] : j->len;
}

bool
load_next(struct load_job *j)
{
	cmark_node	*root;
	size_t		 end;

	if (j->pos >= j->len) {
		if (!j->st.doc->complete)
			load_done(j);
		return false;
	}
	end = load_piece_end(j);
	load_piece_prelude(j, j->text + j->pos, end - j->pos);
	root = load_parse(j->flags, j->prelude.data, j->prelude.len,
	    j->text + j->pos, end - j->pos);
	load_convert(&j->st, root);
	j->pos = end;
	/* After the first, pieces are larger: the prelude costs less. */
	j->piece = LOAD_PIECE > 4 * j->defbytes ? LOAD_PIECE :
	    4 * j->defbytes;
	if (j->pos >= j->len)
		load_done(j);
	return j->pos < j->len;
}
/*
 * Open `path` for reading without blocking on a FIFO, and refuse anything
 * but a regular file of at most LOAD_MAX_SIZE bytes.  Returns the
 * descriptor or -1 with the reason in `err`.
 */
static int
load_open(const char *path, char *err, size_t errlen)
{
	struct stat	 sb;
	int		 fd;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &sb) == -1)
		snprintf(err, errlen, "%s", strerror(errno));
	else if (S_ISDIR(sb.st_mode))
		snprintf(err, errlen, "is a directory");
	else if (!S_ISREG(sb.st_mode))
		snprintf(err, errlen, "not a regular file");
	else if ((unsigned long long)sb.st_size > LOAD_MAX_SIZE)
		snprintf(err, errlen, "file too large (%lld bytes; the limit "
		    "is 1 GiB)", (long long)sb.st_size);
	else if (fcntl(fd, F_SETFL, 0) == -1)
		snprintf(err, errlen, "%s", strerror(errno));
	else
		return fd;
	close(fd);
	return -1;
}

/*
 * Read `fd` to its end in chunks, handing each to `sink` (the parser, or a
 * buffer).  Returns false with the reason in `err` on a read error or when
 * the input grows past LOAD_MAX_SIZE.
 */
static bool
load_read(int fd, void (*sink)(void *, const char *, size_t), void *arg,
    char *err, size_t errlen)
{
	char	*chunk = xmalloc(LOAD_CHUNK);
	size_t	 total = 0;
	ssize_t	 n;
	bool	 ok = true;

	for (;;) {
		n = read(fd, chunk, LOAD_CHUNK);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			snprintf(err, errlen, "%s", strerror(errno));
			ok = false;
			break;
		}
		if (n == 0)
			break;
		if ((total += (size_t)n) > LOAD_MAX_SIZE) {
			snprintf(err, errlen, "input too large (the limit is "
			    "1 GiB)");
			ok = false;
			break;
		}
		sink(arg, chunk, (size_t)n);
	}
	free(chunk);
	return ok;
}

static void
load_buf_sink(void *arg, const char *s, size_t len)
{
	buf_add(arg, s, len);
}

/* The article's bytes, sanitised; owned by the job unless borrowed. */
static void
load_take_text(struct load_job *j, char *raw, const char *s, size_t len)
{
	struct text_sanitizer	 san;
	struct buf		 out;
	size_t			 i, step;

	if (text_is_plain(s, len)) {
		j->owned = raw;
		j->text = s;
		j->len = len;
		return;
	}
	text_sanitize_init(&san);
	buf_init(&out);
	/* In steps, to give up once past the limit rather than at 3 GiB. */
	for (i = 0; i < len && out.len <= LOAD_MAX_SIZE; i += step) {
		step = len - i < LOAD_SANITIZE_STEP ? len - i :
		    LOAD_SANITIZE_STEP;
		text_sanitize_feed(&san, s + i, step, &out);
	}
	text_sanitize_finish(&san, &out);
	free(raw);
	j->owned = out.data;
	j->text = out.data;
	j->len = out.len;
	if (san.invalid > 0)
		diag_add(j->diag, "%s: %zu invalid UTF-8 sequence%s shown as "
		    "U+FFFD", j->st.doc->name, san.invalid,
		    san.invalid == 1 ? "" : "s");
	if (san.nul > 0)
		diag_add(j->diag, "%s: %zu NUL byte%s shown as U+FFFD",
		    j->st.doc->name, san.nul, san.nul == 1 ? "" : "s");
}

/*
 * Start a load of `len` bytes at `s`, which `raw` owns (or nobody, when
 * the caller keeps `s` alive until load_end()): sanitise, then prescan
 * for the cuts; without sure cuts, the article is one piece.
 */
static struct load_job *
load_begin(const char *name, char *raw, const char *s, size_t len,
    int flags, struct diag *diag, char *err, size_t errlen)
{
	struct load_job	*j = xcalloc(1, sizeof(*j));

	j->flags = flags;
	j->diag = diag;
	j->st.doc = doc_new(name);
	j->st.parent = DOC_NONE;
	j->st.leaf = DOC_NONE;
	buf_init(&j->prelude);
	prescan_init(&j->ps);
	load_take_text(j, raw, s, len);
	/*
	 * Each byte that is not UTF-8 becomes a U+FFFD of three: cmark, whose
	 * sizes are 32-bit, must not see the article grow past the limit.
	 */
	if (j->len > LOAD_MAX_SIZE) {
		snprintf(err, errlen, "too large once its invalid bytes are "
		    "shown as U+FFFD (%zu bytes; the limit is 1 GiB)", j->len);
		load_free(j);
		return NULL;
	}
	if (!(flags & LOAD_WHOLE)) {
		prescan_run(&j->ps, j->text, j->len);
		if (j->ps.unsure || load_is_one_piece(j) ||
		    !load_prelude(j)) {
			j->flags |= LOAD_WHOLE;
			j->ndefs = 0;
		}
	}
	j->piece = LOAD_FIRST_PIECE;
	return j;
}

struct load_job *
load_start_buffer(const char *name, const char *s, size_t len, int flags,
    struct diag *diag)
{
	struct load_job	*j;
	char		 err[128];

	if ((j = load_begin(name, NULL, s, len, flags, diag, err,
	    sizeof(err))) == NULL)
		fatal("%s: %s", name, err);
	return j;
}

struct load_job *
load_start(const char *path, int flags, struct diag *diag, char *err,
    size_t errlen)
{
	struct buf	 raw;
	int		 fd = STDIN_FILENO;
	bool		 ok;

	if (strcmp(path, "-") != 0 && (fd = load_open(path, err, errlen)) == -1)
		return NULL;
	buf_init(&raw);
	ok = load_read(fd, load_buf_sink, &raw, err, errlen);
	if (fd != STDIN_FILENO)
		close(fd);
	if (!ok) {
		buf_release(&raw);
		return NULL;
	}
	return load_begin(path, raw.data, raw.data, raw.len, flags, diag, err,
	    errlen);
}

const char *
load_source(const struct load_job *j, size_t *len)
{
	*len = j->len;
	return j->text;
}

struct doc *
load_doc(const struct load_job *j)
{
	return j->st.doc;
}

unsigned int
load_percent(const struct load_job *j)
{
	return j->len == 0 ? 100 : (unsigned int)(j->pos * 100 / j->len);
}

static void
load_job_free(struct load_job *j)
{
	free(j->owned);
	free(j->st.frames);
	free(j->st.spans);
	prescan_release(&j->ps);
	free(j->defs);
	free(j->refs);
	buf_release(&j->prelude);
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
