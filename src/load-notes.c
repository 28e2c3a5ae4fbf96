/*
 * load-notes: GFM footnotes.  cmark has no footnote extension: a
 * definition ("[^label]: text") comes from it as a paragraph that opens
 * with that text, and a reference ("[^label]") as text.  Before a tree is
 * converted, its definitions are taken out of it; a reference to one of
 * them becomes a note mark, numbered as links are (one number space: `o`
 * and the lists at the ends of sections serve both), and the notes that a
 * section refers to are listed at its end, each a block of its own
 * (load-notes-list.c lists them).  A reference to no definition stays
 * text, as in GFM; a definition that no reference names is listed at the
 * article's end, and a label's second definition is none.  As in GFM, the
 * blocks indented under a definition (cmark's indented code) are the
 * note's, read again as Markdown; and a definition cmark took for a
 * link's ("[^label]: word") gets back the lines that went on with it.
 * The loader parses an article that holds "[^" whole (from its first
 * piece that does), so that every definition is in the tree its
 * references are in.  This file finds and marks; it opens no block and
 * converts nothing, and calls nothing of the converter but the source's
 * lines.
 */
#include "load-convert.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A label longer than this is no footnote's (cmark's bound for links). */
#define LOAD_NOTE_LABEL_MAX	999

/*
 * The label of a reference "[^label]" at `s`, `len` bytes on: its length
 * past "[^", which the closing ']' follows; 0 when there is none.
 */
static size_t
load_note_label(const char *s, size_t len)
{
	size_t	 i;

	if (len < 4 || s[0] != '[' || s[1] != '^')
		return 0;
	for (i = 2; i < len && i - 2 < LOAD_NOTE_LABEL_MAX; i++) {
		if (s[i] == ']')
			return i > 2 ? i - 2 : 0;
		if (s[i] == '[' || s[i] == ' ' || s[i] == '\t' ||
		    s[i] == '\n' || s[i] == '\\')
			return 0;
	}
	return 0;
}

static int
load_key_cmp(const void *a, const void *b)
{
	const struct load_key	*x = a, *y = b;
	int			 c = strcasecmp(x->label, y->label);

	if (c != 0)
		return c;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Where the first key of `label`, `len` bytes, is or would go. */
static size_t
load_key_at(const struct load_notes *ns, const char *label, size_t len)
{
	size_t	 lo = 0, hi = ns->nkeys, mid;
	int	 c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = strncasecmp(ns->keys[mid].label, label, len);
		if (c == 0 && ns->keys[mid].label[len] != '\0')
			c = 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The first definition of `label`, `len` bytes, or NULL. */
struct load_note *
load_note_find(struct load_notes *ns, const char *label, size_t len)
{
	size_t	 k = load_key_at(ns, label, len);

	if (k < ns->nkeys && strncasecmp(ns->keys[k].label, label, len) == 0 &&
	    ns->keys[k].label[len] == '\0')
		return &ns->v[ns->keys[k].i];
	return NULL;
}

static struct load_notes *
load_notes_of(struct load_state *st)
{
	if (st->notes == NULL)
		st->notes = xcalloc(1, sizeof(*st->notes));
	return st->notes;
}

static struct load_note *
load_note_add(struct load_notes *ns, const char *label, size_t len)
{
	struct load_note	*note;

	ns->v = xgrow(ns->v, &ns->cap, ns->n + 1, sizeof(*ns->v));
	note = &ns->v[ns->n++];
	memset(note, 0, sizeof(*note));
	note->label = xstrndup(label, len);
	return note;
}

/* Whether text `lit` opens with "[^label]:", and how long the label is. */
static size_t
load_note_opens(const char *lit, size_t len)
{
	size_t	 n = load_note_label(lit, len);

	if (n == 0 || n + 3 >= len || lit[n + 3] != ':' ||
	    (n + 4 < len && lit[n + 4] != ' ' && lit[n + 4] != '\t'))
		return 0;
	return n;
}

/*
 * A definition starts a block of its own, even in a paragraph's midst:
 * cut paragraph `p` before each line that opens with one, each such line
 * and those after it up to the next a new paragraph after it.  One pass:
 * a paragraph of many definitions costs no more than its lines.
 */
static void
load_note_split(struct load_state *st, cmark_node *p)
{
	cmark_node	*n, *next, *cur = NULL, *last = p;
	const char	*lit;

	for (n = cmark_node_first_child(p); n != NULL; n = next) {
		next = cmark_node_next(n);
		if (cmark_node_get_type(n) == CMARK_NODE_SOFTBREAK &&
		    next != NULL && cmark_node_get_type(next) ==
		    CMARK_NODE_TEXT && (lit = cmark_node_get_literal(next)) !=
		    NULL && load_note_opens(lit, strlen(lit)) > 0) {
			/* The tree frees its nodes with its own allocator. */
			cur = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH,
			    st->mem);
			cmark_node_insert_after(last, cur);
			last = cur;
			cmark_node_free(n);
			continue;
		}
		if (cur != NULL)
			cmark_node_append_child(cur, n);
	}
}

/* Line `line` of the source, a quote's '>' and an item's indent off. */
static bool
load_note_line(struct load_state *st, int line, const char **s, size_t *len)
{
	if (!load_source_line(st, line, s, len))
		return false;
	while (*len > 0 && (**s == ' ' || **s == '\t' || **s == '>')) {
		(*s)++;
		(*len)--;
	}
	return true;
}

/* The first line of block `b` in the source, from where `b` starts. */
static bool
load_note_start(struct load_state *st, cmark_node *b, const char **s,
    size_t *len)
{
	size_t	 col = (size_t)cmark_node_get_start_column(b);

	if (!load_source_line(st, cmark_node_get_start_line(b), s, len) ||
	    col < 1 || col - 1 > *len)
		return false;
	*s += col - 1;
	*len -= col - 1;
	return true;
}

/* A text node of the `len` bytes at `s`, in the tree's memory. */
static cmark_node *
load_note_text(struct load_state *st, const char *s, size_t len)
{
	cmark_node	*text = cmark_node_new_with_mem(CMARK_NODE_TEXT, st->mem);
	char		*lit = xstrndup(s, len);

	cmark_node_set_literal(text, lit);
	free(lit);
	return text;
}

/*
 * cmark reads "[^label]: word" as a link's definition, and takes it off
 * the paragraph it opens: the lines that go on with the note are left a
 * paragraph of their own.  When paragraph `p` lost such lines (its text
 * does not open with its first line's), the last of them is put back
 * before what is left, to be the note's first line.
 */
static void
load_note_rejoin(struct load_state *st, cmark_node *p)
{
	cmark_node	*first = cmark_node_first_child(p), *br;
	const char	*s, *lit, *at = NULL;
	size_t		 len, atlen = 0;
	int		 line = cmark_node_get_start_line(p);
	int		 last = cmark_node_get_end_line(p);
	bool		 opener = false;

	if (first == NULL || !load_note_start(st, p, &s, &len) || len == 0 ||
	    s[0] != '[' || (cmark_node_get_type(first) == CMARK_NODE_TEXT &&
	    (lit = cmark_node_get_literal(first)) != NULL && lit[0] != '\0' &&
	    strncmp(lit, s, strlen(lit) < len ? strlen(lit) : len) == 0))
		return;
	/* The lines taken: those that open with '[', up to what is left. */
	do {
		if ((opener = load_note_opens(s, len) > 0)) {
			at = s;
			atlen = len;
		}
	} while (++line < last && load_note_line(st, line, &s, &len) &&
	    len > 0 && s[0] == '[');
	if (!opener)
		return;
	br = cmark_node_new_with_mem(CMARK_NODE_SOFTBREAK, st->mem);
	cmark_node_prepend_child(p, br);
	cmark_node_prepend_child(p, load_note_text(st, at, atlen));
}

/*
 * Whether node `n` is indented code: a block indented under a note.
 * cmark does not say, but a fenced block starts at its fence, and an
 * indented one at its text, past the indent.
 */
static bool
load_is_indented_code(struct load_state *st, cmark_node *n)
{
	const char	*s, *lit;
	size_t		 len;

	if (cmark_node_get_type(n) != CMARK_NODE_CODE_BLOCK ||
	    (lit = cmark_node_get_literal(n)) == NULL ||
	    !load_note_start(st, n, &s, &len))
		return false;
	return (len < 3 || (memcmp(s, "```", 3) != 0 &&
	    memcmp(s, "~~~", 3) != 0) || strncmp(lit, s, len) == 0);
}

/*
 * Indented code `code` with no definition's paragraph before it: when the
 * last line above it, blank lines aside, is a definition that cmark took
 * for a link's, and no block holds that line, the definition is made a
 * paragraph again, for the code to be its note's.
 */
/*
 * The last line above block `b` that is none of the lines that may hold
 * what cmark took from before it: its previous block's last, or the line
 * before its container's.
 */
static int
load_note_floor(cmark_node *b)
{
	cmark_node	*prev = cmark_node_previous(b);
	cmark_node	*up = cmark_node_parent(b);

	return prev != NULL ? cmark_node_get_end_line(prev) :
	    cmark_node_get_type(up) == CMARK_NODE_DOCUMENT ? 0 :
	    cmark_node_get_start_line(up) - 1;
}

static cmark_node *
load_note_taken(struct load_state *st, cmark_node *code)
{
	cmark_node	*p;
	int		 line = cmark_node_get_start_line(code) - 1;
	int		 floor = load_note_floor(code);
	const char	*s;
	size_t		 len = 0;

	while (line > floor && load_note_line(st, line, &s, &len) && len == 0)
		line--;
	if (line <= floor || len == 0 || load_note_opens(s, len) == 0)
		return NULL;
	p = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, st->mem);
	cmark_node_append_child(p, load_note_text(st, s, len));
	return p;
}

/*
 * If paragraph `p` is a definition, take it: out of the tree, its
 * "[^label]:" off its text.
 */
static bool
load_note_def(struct load_notes *ns, cmark_node *p)
{
	cmark_node	*first = cmark_node_first_child(p);
	const char	*lit;
	size_t		 n, len, i;

	if (first == NULL || cmark_node_get_type(first) != CMARK_NODE_TEXT ||
	    (lit = cmark_node_get_literal(first)) == NULL)
		return false;
	len = strlen(lit);
	if ((n = load_note_opens(lit, len)) == 0)
		return false;
	i = n + 4;
	load_note_add(ns, lit + 2, n)->def = p;
	while (i < len && (lit[i] == ' ' || lit[i] == '\t'))
		i++;
	cmark_node_set_literal(first, lit + i);
	return true;
}

/*
 * Whether paragraph `p` may matter to notes: one of the `n` `lines` of
 * the source that hold "[^" is in its lines, or it is new, cut off
 * another by load_note_split() (cmark gives such a node no lines).  One
 * with none can neither be a definition, nor hold one, nor have lost one
 * to cmark: the walk leaves it alone without looking at its text.
 */
static bool
load_note_may(cmark_node *p, const int *lines, size_t n)
{
	int	 from = cmark_node_get_start_line(p);

	return from == 0 || load_lines_meet(lines, n, from,
	    cmark_node_get_end_line(p));
}

/*
 * Whether code block `n` may be a note's: it follows a definition's
 * paragraph, `last`, or a line above it holds "[^" (of the `n` `lines`),
 * which load_note_taken() may find a definition on.  Most code is none,
 * and is told so without looking at its text.
 */
static bool
load_note_code_may(cmark_node *n, cmark_node *last, const int *lines,
    size_t nlines)
{
	if (cmark_node_get_type(n) != CMARK_NODE_CODE_BLOCK)
		return false;
	return (last != NULL && cmark_node_previous(n) == last) ||
	    load_lines_meet(lines, nlines, load_note_floor(n) + 1,
	    cmark_node_get_start_line(n) - 1);
}

/*
 * Whether container `n` (a quote, a list, an item) may hold what the walk
 * looks for: one of the `n` `lines` is among its lines.  All it looks
 * for, and the lines above its code it looks at, are inside it.
 */
static bool
load_note_container_may(cmark_node *n, const int *lines, size_t nlines)
{
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_BLOCK_QUOTE:
	case CMARK_NODE_LIST:
	case CMARK_NODE_ITEM:
		return load_lines_meet(lines, nlines,
		    cmark_node_get_start_line(n), cmark_node_get_end_line(n));
	default:
		return true;
	}
}

void
load_notes_find(struct load_state *st, cmark_node *root)
{
	struct load_notes	*ns;
	cmark_iter		*it;
	cmark_event_type	 ev;
	cmark_node		*n, *last = NULL, *taken;
	cmark_node_type		 type;
	size_t			 i, had, nlines;
	int			*lines;

	if (st->src.len < 5 || (nlines = load_source_lines_with(st, "[^",
	    &lines)) == 0)
		return;
	ns = load_notes_of(st);
	had = ns->n;
	it = cmark_iter_new(root);
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		n = cmark_iter_get_node(it);
		type = cmark_node_get_type(n);
		if (ev == CMARK_EVENT_ENTER && !load_note_container_may(n,
		    lines, nlines)) {
			cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
			continue;
		}
		/* What is indented under a note is the note's, as in GFM. */
		if (ev == CMARK_EVENT_ENTER && load_note_code_may(n, last,
		    lines, nlines) && load_is_indented_code(st, n) &&
		    ((last != NULL && cmark_node_previous(n) == last) ||
		    ((taken = load_note_taken(st, n)) != NULL &&
		    load_note_def(ns, taken)))) {
			ns->v[ns->n - 1].more = n;
			last = NULL;
		}
		if (ev != CMARK_EVENT_ENTER || (type != CMARK_NODE_PARAGRAPH &&
		    type != CMARK_NODE_HEADING))
			continue;
		if (type == CMARK_NODE_PARAGRAPH && load_note_may(n, lines,
		    nlines)) {
			load_note_rejoin(st, n);
			/* What is cut off comes next in the walk. */
			load_note_split(st, n);
			if (load_note_def(ns, n))
				last = n;
		}
		/* No block in it: its inlines need no walk. */
		cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
	}
	cmark_iter_free(it);
	free(lines);
	/* Out of the tree only now: the walk needed them in it. */
	ns->keys = xgrow(ns->keys, &ns->capkeys, ns->n + 1,
	    sizeof(*ns->keys));
	for (i = had; i < ns->n; i++) {
		cmark_node_unlink(ns->v[i].def);
		if (ns->v[i].more != NULL)
			cmark_node_unlink(ns->v[i].more);
		ns->keys[ns->nkeys++] = (struct load_key){ ns->v[i].label, i };
	}
	qsort(ns->keys, ns->nkeys, sizeof(*ns->keys), load_key_cmp);
}

/* A reference to `note`: its mark; its number, the first time. */
static void
load_note_ref(struct load_state *st, struct load_note *note)
{
	struct load_notes	*ns = st->notes;
	size_t			 sp;

	if (note->number == 0) {
		note->number = doc_link_number(st->doc);
		ns->pending = xgrow(ns->pending, &ns->cappending,
		    ns->npending + 1, sizeof(*ns->pending));
		ns->pending[ns->npending++] = (size_t)(note - ns->v);
	}
	sp = doc_span_open(st->doc, DOC_SPAN_NOTE);
	doc_span_set_link(st->doc, sp, note->number);
	doc_span_close(st->doc, sp);
}

void
load_notes_text(struct load_state *st, const char *s, size_t len)
{
	struct load_note	*note;
	const char		*p;
	size_t			 at = 0, from = 0, n;

	while (st->notes != NULL && st->notes->n > 0 && at < len &&
	    (p = memchr(s + at, '[', len - at)) != NULL) {
		at = (size_t)(p - s);
		if ((n = load_note_label(p, len - at)) == 0 ||
		    (note = load_note_find(st->notes, p + 2, n)) == NULL) {
			at++;
			continue;
		}
		doc_add_text(st->doc, s + from, at - from);
		load_note_ref(st, note);
		at += n + 3;
		from = at;
	}
	doc_add_text(st->doc, s + from, len - from);
}

bool
load_notes_link(struct load_state *st, cmark_node *link)
{
	cmark_node		*text = cmark_node_first_child(link);
	const char		*lit, *url;
	struct load_notes	*ns;
	struct load_note	*note;
	size_t			 len, k;

	if (text == NULL || cmark_node_next(text) != NULL ||
	    cmark_node_get_type(text) != CMARK_NODE_TEXT ||
	    (lit = cmark_node_get_literal(text)) == NULL || lit[0] != '^' ||
	    (len = strlen(lit)) < 2 || len > LOAD_NOTE_LABEL_MAX ||
	    strpbrk(lit, " \t\n[]\\") != NULL)
		return false;
	/* cmark read "[^label]: URL" as a link's definition. */
	ns = load_notes_of(st);
	if ((note = load_note_find(ns, lit + 1, len - 1)) == NULL) {
		note = load_note_add(ns, lit + 1, len - 1);
		url = cmark_node_get_url(link);
		note->text = xstrdup(url != NULL ? url : "");
		k = load_key_at(ns, lit + 1, len - 1);
		ns->keys = xgrow(ns->keys, &ns->capkeys, ns->nkeys + 1,
		    sizeof(*ns->keys));
		memmove(ns->keys + k + 1, ns->keys + k, (ns->nkeys - k) *
		    sizeof(*ns->keys));
		ns->keys[k] = (struct load_key){ note->label, ns->n - 1 };
		ns->nkeys++;
	}
	load_note_ref(st, note);
	return true;
}

void
load_notes_free(struct load_state *st)
{
	struct load_notes	*ns = st->notes;
	size_t			 i;

	if (ns == NULL)
		return;
	for (i = 0; i < ns->n; i++) {
		free(ns->v[i].label);
		free(ns->v[i].text);
	}
	free(ns->v);
	free(ns->keys);
	free(ns->pending);
	free(ns);
	st->notes = NULL;
}
