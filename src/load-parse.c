/*
 * load-parse: the loader's parsing stage, cmark's own: its parser, fed a
 * piece after the definitions it may use, with its nodes in an arena;
 * and the parses that ask cmark about link reference definitions, for
 * the cut stage, which the job hands them to (it must not call them: it
 * comes before).  It knows nothing of how the text is read, nor of what
 * the trees become: the converter takes them from the job.
 */
#include "load-parse.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "load.h"
#include "util.h"

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
void
load_parser_done(void)
{
	arena_release(load_arena);
	free(load_arena);
	load_arena = load_arena_outer;
	load_arena_outer = NULL;
}

cmark_node *
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

bool
load_defines_only(int flags, const char *s, size_t len)
{
	cmark_node	*root = load_parse(flags, NULL, 0, s, len);
	bool		 empty = cmark_node_first_child(root) == NULL;

	cmark_node_free(root);
	load_parser_done();
	return empty;
}

cmark_mem *
load_parse_mem(void)
{
	return &load_mem;
}

size_t
load_block_lines(int flags, const char *s, size_t len, size_t **lines)
{
	cmark_node	*root = load_parse(flags, NULL, 0, s, len), *node;
	size_t		 n = 0, cap = 0;

	*lines = NULL;
	for (node = cmark_node_first_child(root); node != NULL;
	    node = cmark_node_next(node)) {
		*lines = xgrow(*lines, &cap, n + 1, sizeof(**lines));
		(*lines)[n++] = (size_t)cmark_node_get_start_line(node);
	}
	cmark_node_free(root);
	load_parser_done();
	return n;
}
