/*
 * load: the job that steps the loader's stages, and nothing else: each
 * step reads and sanitises more of the article (load-read.c,
 * load-sanitise.c) and has its templates' tags rewritten
 * (load-template.c), has the cut stage (load-cut.c) say whether the next
 * piece can be parsed, and if it can, has cmark parse it (load-parse.c)
 * and the converter (load-tree.c) turn its tree into doc records; with
 * the article's front matter, and the doc finished at the end.  Each
 * stage is called here in turn, and none calls a later one; the job
 * does none of their work itself.  A tree's nodes live in an arena, and
 * each top-level block is freed once converted, so no whole tree and
 * whole doc are ever in memory together.
 */
#include "load.h"

#include <errno.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "doc.h"
#include "front.h"
#include "load-convert.h"
#include "load-job.h"
#include "load-parse.h"
#include "util.h"

/*
 * Input larger than this is read and sanitised whole at the start: its
 * invalid bytes, each shown as three, could take it past LOAD_MAX_SIZE,
 * and that refusal must come before anything is shown.
 */
#define LOAD_STREAM_MAX		(LOAD_MAX_SIZE / 3)

static void	 load_front_blocks(struct load_job *, cmark_node *);

/* The last piece is in: the doc is complete. */
static void
load_done(struct load_job *j)
{
	if (!j->front_shown)
		load_front_blocks(j, NULL);
	load_notes_end(j->st, true);
	doc_finish(j->st->doc);
	if (j->st->flattened)
		diag_add(j->diag, "%s: blocks nested deeper than %d levels are "
		    "shown at level %d", j->st->doc->name, DOC_MAX_DEPTH,
		    DOC_MAX_DEPTH);
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
		load_made_leaf(j->st, DOC_CODE, 0, j->front_raw);
		return;
	}
	if (first != NULL && cmark_node_get_type(first) ==
	    CMARK_NODE_HEADING && cmark_node_get_heading_level(first) == 1) {
		load_convert_block(j->st, first);
		cmark_node_free(first);
	} else if (j->front.title != NULL)
		load_made_leaf(j->st, DOC_HEADING, 1, j->front.title);
	if ((byline = front_byline(&j->front)) != NULL) {
		load_made_leaf(j->st, DOC_PARAGRAPH, 0, byline);
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
	struct load_state	*st = j->st;

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
		load_state_source(j->st, j->text.data, end, 1);
		load_notes_find(j->st, root);
		/* Pieces before held no block, if the front is not shown. */
		if (!j->front_shown && cmark_node_first_child(root) != NULL)
			load_front_blocks(j, root);
		load_convert(j->st, root, load_line_of(j, j->pos));
		load_unclosed_said(j);
		load_notes_end(j->st, j->in.eof && end == j->text.len);
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
	load_state_source(j->st, j->text.data + j->pos, end - j->pos,
	    (int)load_count_lines(j->prelude.data, j->prelude.len) + 1);
	load_notes_find(j->st, root);
	/* The first block decides: a piece of blank lines holds none. */
	if (!j->front_shown && cmark_node_first_child(root) != NULL)
		load_front_blocks(j, root);
	load_convert(j->st, root, 0);
	load_unclosed_said(j);
	load_notes_end(j->st, j->in.eof && end == j->text.len);
	load_parser_done();
	j->pos = end;
	/* After the first, pieces are larger: the prelude costs less. */
	j->piece = LOAD_PIECE > 4 * j->defbytes ? LOAD_PIECE :
	    4 * j->defbytes;
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

/* Where and why the input stopped short. */
static void
load_say_stop(const struct load_job *j)
{
	diag_add(j->diag, "%s: %s; shown as far as it was read",
	    j->st->doc->name, load_stop_reason(&j->in, j->in.read_errno));
}

/* The input is at its end: what the sanitiser held back, and the news. */
static void
load_input_end(struct load_job *j)
{
	load_read_end(&j->in);
	/* Once the caller has the job; before, load_start() says it. */
	if (j->in.read_errno != 0 && j->started)
		load_say_stop(j);
	load_sanitise_end(&j->sn, &j->raw, j->diag, j->st->doc->name);
	load_template_feed(&j->tpl, &j->raw, &j->text, true);
}

/* The sanitised article grew past LOAD_MAX_SIZE: it ends there. */
static void
load_too_large(struct load_job *j)
{
	load_template_feed(&j->tpl, &j->raw, &j->text, true);
	load_sanitise_cut(&j->sn, &j->text, j->diag, j->st->doc->name);
	j->too_large = true;
	/*
	 * What the prescan found past the end is gone: no piece is cut
	 * there, and the rest is parsed whole, after the definitions
	 * before it.
	 */
	j->unsure = true;
	load_input_end(j);
}

/* Front matter of `end` bytes that cannot be read: shown as written. */
static void
load_front_raw(struct load_job *j, size_t end)
{
	diag_add(j->diag, "%s: front matter not read (%s); shown as written",
	    j->st->doc->name, j->front.error);
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

	if ((kind = front_find(j->text.data, j->text.len, j->in.eof, &end)) ==
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
	size_t		 n;

	/*
	 * The room for the rest of a file of known size, in huge pages: from
	 * the second step on, so that the first screen does not wait for
	 * the system call.
	 */
	if (j->in.taken > 0 && !j->advised && j->in.expect > j->in.taken) {
		buf_advise_huge(&j->text, j->in.expect - j->in.taken);
		j->advised = true;
	}
	n = load_input(&j->in, load_step(j), &at);
	/* Room for all of the text, once the input's size is known. */
	if (j->in.room != 0) {
		buf_reserve(&j->text, j->in.room);
		j->in.room = 0;
	}
	if (n > 0) {
		load_sanitise_feed(&j->sn, at, n, &j->raw);
		j->in.taken += n;
		load_template_feed(&j->tpl, &j->raw, &j->text, false);
	}
	/* Grown past the limit, it stops there: cmark's sizes are 32-bit. */
	if (j->text.len + j->raw.len > LOAD_MAX_SIZE)
		load_too_large(j);
	else if (n == 0 && !j->in.wait)
		load_input_end(j);
	if (!j->front_known && !load_front(j))
		return;
	if (!(j->flags & LOAD_WHOLE))
		load_cut_grow(j);
	if (j->in.eof)
		load_all_in(j);
}

bool
load_next(struct load_job *j)
{
	size_t	 end;

	if (j->st->doc->complete)
		return false;
	if ((end = load_ready(j)) != 0)
		load_piece(j, end);
	else if (!j->in.eof)
		load_take(j);
	if (j->in.eof && j->pos >= j->text.len)
		load_done(j);
	return !j->st->doc->complete;
}

void
load_park(struct load_job *j)
{
	load_read_park(&j->in);
}

bool
load_has_first(const struct load_job *j)
{
	return j->pos > 0 || j->st->doc->complete;
}

int
load_each_final(struct load_job *j, load_sections_fn *fn, void *arg)
{
	size_t	 done = 0, upto;
	bool	 more;
	int	 r;

	do {
		more = load_next(j);
		upto = doc_sections_final(j->st->doc);
		if ((r = fn(j->st->doc, done, upto, arg)) != 0)
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
	while (!j->in.eof && (stop == NULL || !stop()))
		load_take(j);
	return j->in.eof;
}

bool
load_digest(const struct load_job *j, uint64_t *digest)
{
	if (!j->in.eof)
		return false;
	*digest = digest_end(&j->sn.digest);
	return true;
}

bool
load_stamp(struct load_job *j, uint64_t *stamp)
{
	return load_read_stamp(&j->in, stamp);
}

bool
load_is_pipe(const struct load_job *j)
{
	return j->in.pipe;
}

const char *
load_how(const struct load_job *j)
{
	if (j->in.gz != NULL)
		return j->in.pipe ? "gzip, pipe" : "gzip";
	return j->in.pipe ? "pipe" : NULL;
}

bool
load_failed(const struct load_job *j)
{
	return j->in.read_errno != 0 || j->too_large;
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

	load_read_init(&j->in);
	j->flags = flags;
	j->diag = diag;
	j->defines_only = load_defines_only;
	j->block_lines = load_block_lines;
	j->st = xmalloc(sizeof(*j->st));
	load_state_init(j->st, doc_new(name));
	j->st->mem = load_parse_mem();
	j->st->smart = (flags & LOAD_SMART) != 0;
	j->st->defs = load_cell_defs;
	j->st->defs_arg = j;
	load_sanitise_init(&j->sn);
	buf_init(&j->raw);
	load_template_init(&j->tpl);
	buf_init(&j->text);
	load_cut_init(j);
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

	load_read_buffer(&j->in, s, len);
	if (len > LOAD_STREAM_MAX && !load_whole_fits(j, err, sizeof(err)))
		fatal("%s: %s", name, err);
	j->started = true;
	return j;
}

/*
 * Whether the input read at the start stopped short so that it is
 * refused: a corrupt gzip stream is not, but shown as far as it decoded.
 */
static bool
load_start_failed(struct load_job *j, char *err, size_t errlen)
{
	if (j->flags & LOAD_CHECK)
		load_read_check(&j->in);
	if (j->in.read_errno == 0)
		return false;
	if (j->in.read_errno == EBADMSG && j->in.gz != NULL) {
		load_say_stop(j);
		return false;
	}
	load_start_error(&j->in, err, errlen);
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

	load_read_from_stream(&j->in, fd, owned);
	if (!(flags & LOAD_LATER)) {
		load_read_stream(&j->in);
		if (load_start_failed(j, err, errlen)) {
			load_free(j);
			return NULL;
		}
		if (j->in.srclen > LOAD_STREAM_MAX &&
		    !load_whole_fits(j, err, errlen)) {
			load_free(j);
			return NULL;
		}
	}
	j->started = true;
	return j;
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
	load_read_file(&j->in, fd, path, &sb);
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
	return j->st->doc;
}

unsigned int
load_percent(const struct load_job *j)
{
	size_t	 in, parsed;

	if (j->st->doc->complete)
		return 100;
	/* Reading is about a tenth of the work, parsing the rest. */
	in = j->in.eof || j->in.expect == 0 ? 100 :
	    j->in.taken >= j->in.expect ? 99 :
	    (size_t)((double)j->in.taken * 100 / (double)j->in.expect);
	parsed = j->text.len == 0 ? 0 : (size_t)((double)j->pos * 100 /
	    (double)(j->in.eof || j->text.len > j->in.expect ? j->text.len :
	    j->in.expect));
	in = (in + 9 * parsed) / 10;
	return in > 99 ? 99 : (unsigned int)in;
}

static void
load_job_free(struct load_job *j)
{
	load_read_release(&j->in);
	buf_release(&j->raw);
	load_template_release(&j->tpl);
	buf_release(&j->text);
	load_state_release(j->st);
	free(j->st);
	load_cut_release(j);
	front_release(&j->front);
	free(j->front_raw);
	free(j);
}

void
load_free(struct load_job *j)
{
	if (j == NULL)
		return;
	doc_free(j->st->doc);
	load_job_free(j);
}

struct doc *
load_end(struct load_job *j)
{
	struct doc	*d;

	while (load_next(j))
		continue;
	d = j->st->doc;
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
