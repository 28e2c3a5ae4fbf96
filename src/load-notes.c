/*
 * load-notes: GFM footnotes.  cmark has no footnote extension: a
 * definition ("[^label]: text") comes from it as a paragraph that opens
 * with that text, and a reference ("[^label]") as text.  Before a tree is
 * converted, its definitions are taken out of it; a reference to one of
 * them becomes a note mark, numbered as links are (one number space: `o`
 * and the lists at the ends of sections serve both), and the notes that a
 * section refers to are listed at its end, each a block of its own.  A
 * reference to no definition stays text, as in GFM; a definition that no
 * reference names is listed at the article's end.  The loader parses an
 * article that holds "[^" whole (from its first piece that does), so
 * that every definition is in the tree its references are in.
 */
#include "load-private.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A label longer than this is no footnote's (cmark's bound for links). */
#define LOAD_NOTE_LABEL_MAX	999

struct load_note {
	char		*label;		/* owned: as written, after '^' */
	cmark_node	*def;		/* the definition's paragraph, taken
					   out of the tree; or NULL */
	char		*text;		/* owned: or its text, when cmark read
					   the definition as a link's */
	unsigned int	 number;	/* 0 until a reference names it */
	bool		 listed;
};

/* A note by its label, to look it up: notes[i] is the i-th defined. */
struct load_key {
	const char	*label;		/* borrowed: the note's */
	size_t		 i;
};

struct load_notes {
	struct load_note	*v;		/* owned: in the article's order */
	size_t			 n;
	size_t			 cap;
	struct load_key		*keys;		/* owned: sorted by label, then
						   order */
	size_t			 nkeys;
	size_t			 capkeys;
	size_t			*pending;	/* owned: named, not listed */
	size_t			 npending;
	size_t			 cappending;
};

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
static struct load_note *
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

void
load_notes_find(struct load_state *st, cmark_node *root)
{
	struct load_notes	*ns;
	cmark_iter		*it;
	cmark_event_type	 ev;
	cmark_node		*n;
	cmark_node_type		 type;
	size_t			 i, had;

	if (st->srclen < 5 || !load_holds_note(st->src, st->srclen))
		return;
	ns = load_notes_of(st);
	had = ns->n;
	it = cmark_iter_new(root);
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		n = cmark_iter_get_node(it);
		type = cmark_node_get_type(n);
		if (ev != CMARK_EVENT_ENTER || (type != CMARK_NODE_PARAGRAPH &&
		    type != CMARK_NODE_HEADING))
			continue;
		if (type == CMARK_NODE_PARAGRAPH) {
			/* What is cut off comes next in the walk. */
			load_note_split(st, n);
			load_note_def(ns, n);
		}
		/* No block in it: its inlines need no walk. */
		cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
	}
	cmark_iter_free(it);
	/* Out of the tree only now: the walk needed them in it. */
	ns->keys = xgrow(ns->keys, &ns->capkeys, ns->n + 1,
	    sizeof(*ns->keys));
	for (i = had; i < ns->n; i++) {
		cmark_node_unlink(ns->v[i].def);
		ns->keys[ns->nkeys++] = (struct load_key){ ns->v[i].label, i };
	}
	qsort(ns->keys, ns->nkeys, sizeof(*ns->keys), load_key_cmp);
}

bool
load_holds_note(const char *s, size_t len)
{
	const char	*p = s, *end = s + len;

	while ((p = memchr(p, '[', (size_t)(end - p))) != NULL) {
		if (++p < end && *p == '^')
			return true;
	}
	return false;
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

/* Note `note` as a block: its mark, then its text. */
static void
load_note_block(struct load_state *st, struct load_note *note, bool first)
{
	cmark_node		*para, *text = NULL;

	note->listed = true;
	if (note->number == 0)
		note->number = doc_link_number(st->doc);
	load_leaf_open(st, DOC_NOTE, 0);
	st->doc->blocks[st->leaf].number = note->number;
	if (!first)
		st->doc->blocks[st->leaf].flags |= DOC_NO_GAP;
	/*
	 * A definition cmark took for a link's has its text as the link's
	 * destination: Markdown still, which GFM reads as a paragraph's.
	 */
	if (note->def == NULL && note->text != NULL) {
		text = cmark_parse_document(note->text, strlen(note->text),
		    CMARK_OPT_DEFAULT | (st->smart ? CMARK_OPT_SMART : 0));
		para = cmark_node_first_child(text);
	} else
		para = note->def;
	if (para != NULL && cmark_node_get_type(para) == CMARK_NODE_PARAGRAPH)
		load_inlines(st, para);
	else if (note->text != NULL)
		doc_add_text(st->doc, note->text, strlen(note->text));
	load_leaf_close(st);
	if (text != NULL)
		cmark_node_free(text);
}

void
load_notes_flush(struct load_state *st)
{
	struct load_notes	*ns = st->notes;
	size_t			 i;

	/* A note's text may name notes not listed yet: they come after. */
	for (i = 0; ns != NULL && i < ns->npending; i++)
		if (!ns->v[ns->pending[i]].listed)
			load_note_block(st, &ns->v[ns->pending[i]], i == 0);
	if (ns != NULL)
		ns->npending = 0;
}

void
load_notes_end(struct load_state *st, bool last)
{
	struct load_notes	*ns = st->notes;
	size_t			 i;
	bool			 first = true;

	if (ns == NULL)
		return;
	if (last) {
		load_notes_flush(st);
		/* Definitions no reference names, in the article's order. */
		for (i = 0; i < ns->n; i++) {
			if (ns->v[i].listed || ns->v[i].def == NULL)
				continue;
			load_note_block(st, &ns->v[i], first);
			first = false;
		}
	}
	/* The tree goes with its parse: its definitions too. */
	for (i = 0; i < ns->n; i++)
		if (ns->v[i].def != NULL) {
			cmark_node_free(ns->v[i].def);
			ns->v[i].def = NULL;
		}
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
