/*
 * load: reads the article, sanitises it into valid UTF-8 chunk by chunk,
 * feeds it to cmark and converts the tree into a doc.  This is the only
 * module that includes cmark.h.  The tree is walked with cmark_iter, never
 * by recursion (input can nest tens of thousands of levels deep), and each
 * top-level block is freed as soon as it is converted, so the tree and the
 * doc are never both whole in memory.
 */
#include "load.h"

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
#include "text.h"
#include "util.h"

#define LOAD_CHUNK	(64 * 1024)

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
	struct load_frame	*list = NULL;
	struct doc_block	*blk;
	size_t			 b;

	if (st->nframes > 0 &&
	    st->frames[st->nframes - 1].kind == LOAD_FRAME_LIST)
		list = &st->frames[st->nframes - 1];
	if ((b = load_container(st, DOC_ITEM)) != DOC_NONE && list != NULL) {
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

/* Sanitise one chunk and hand it to the parser. */
static void
load_feed(cmark_parser *p, struct text_sanitizer *san, struct buf *tmp,
    const char *s, size_t len)
{
	if (text_sanitize_is_clean(san, s, len)) {
		cmark_parser_feed(p, s, len);
		return;
	}
	tmp->len = 0;
	text_sanitize_feed(san, s, len, tmp);
	if (tmp->len > 0)
		cmark_parser_feed(p, tmp->data, tmp->len);
}

/* Finish the parse and build the doc; reports repairs in `diag`. */
static struct doc *
load_finish(const char *name, cmark_parser *p, struct text_sanitizer *san,
    struct buf *tmp, struct diag *diag)
{
	struct load_state	 st;
	cmark_node		*root;

	tmp->len = 0;
	text_sanitize_finish(san, tmp);
	if (tmp->len > 0)
		cmark_parser_feed(p, tmp->data, tmp->len);
	buf_release(tmp);
	root = cmark_parser_finish(p);
	cmark_parser_free(p);

	memset(&st, 0, sizeof(st));
	st.doc = doc_new(name);
	st.parent = DOC_NONE;
	st.leaf = DOC_NONE;
	load_convert(&st, root);
	free(st.frames);
	free(st.spans);
	doc_finish(st.doc);

	if (san->invalid > 0)
		diag_add(diag, "%s: %zu invalid UTF-8 sequence%s shown as U+FFFD",
		    name, san->invalid, san->invalid == 1 ? "" : "s");
	if (san->nul > 0)
		diag_add(diag, "%s: %zu NUL byte%s shown as U+FFFD", name,
		    san->nul, san->nul == 1 ? "" : "s");
	if (st.flattened)
		diag_add(diag, "%s: blocks nested deeper than %d levels are "
		    "shown at level %d", name, DOC_MAX_DEPTH, DOC_MAX_DEPTH);
	return st.doc;
}

struct doc *
load_buffer(const char *name, const char *s, size_t len, int flags,
    struct diag *diag)
{
	struct text_sanitizer	 san;
	struct buf		 tmp;
	cmark_parser		*p = load_parser(flags);
	size_t			 off, n;

	text_sanitize_init(&san);
	buf_init(&tmp);
	for (off = 0; off < len; off += n) {
		n = len - off < LOAD_CHUNK ? len - off : LOAD_CHUNK;
		load_feed(p, &san, &tmp, s + off, n);
	}
	return load_finish(name, p, &san, &tmp, diag);
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

/* What the parser sink needs between chunks. */
struct load_stream {
	cmark_parser		*parser;	/* owned */
	struct text_sanitizer	 san;
	struct buf		 tmp;
};

static void
load_stream_sink(void *arg, const char *s, size_t len)
{
	struct load_stream	*ls = arg;

	load_feed(ls->parser, &ls->san, &ls->tmp, s, len);
}

static void
load_buf_sink(void *arg, const char *s, size_t len)
{
	buf_add(arg, s, len);
}

/*
 * Standard input may be a pipe of unknown length: it is read whole, within
 * the size limit, before parsing starts, so that an input over the limit
 * costs no parse.
 */
static struct doc *
load_stdin(int flags, struct diag *diag, char *err, size_t errlen)
{
	struct buf	 raw;
	struct doc	*d = NULL;

	buf_init(&raw);
	if (load_read(STDIN_FILENO, load_buf_sink, &raw, err, errlen))
		d = load_buffer("-", raw.data, raw.len, flags, diag);
	buf_release(&raw);
	return d;
}

struct doc *
load_file(const char *path, int flags, struct diag *diag, char *err,
    size_t errlen)
{
	struct load_stream	 ls;
	bool			 ok;
	int			 fd;

	if (strcmp(path, "-") == 0)
		return load_stdin(flags, diag, err, errlen);
	if ((fd = load_open(path, err, errlen)) == -1)
		return NULL;
	/* A regular file's size was checked: stream it into the parser. */
	ls.parser = load_parser(flags);
	text_sanitize_init(&ls.san);
	buf_init(&ls.tmp);
	ok = load_read(fd, load_stream_sink, &ls, err, errlen);
	close(fd);
	if (!ok) {
		buf_release(&ls.tmp);
		cmark_parser_free(ls.parser);
		load_parser_done();
		return NULL;
	}
	return load_finish(path, ls.parser, &ls.san, &ls.tmp, diag);
}
