/*
 * load-notes-list: footnotes listed, as blocks: those a section refers
 * to at its end, the rest at the article's.  A note's text is its
 * definition's inlines (load-inline.c), and the blocks indented under it
 * are read again as Markdown (load_convert_text()).  What load-notes.c
 * found and numbered is listed here; nothing here finds or marks one.
 */
#include "load-convert.h"

#include <stdlib.h>
#include <string.h>

/*
 * The blocks indented under a note, code block `code` to cmark, read as
 * what they are: the note's further paragraphs, lists, code, tables.
 */
static void
load_note_more(struct load_state *st, cmark_node *code)
{
	const char	*lit = cmark_node_get_literal(code);

	load_convert_text(st, lit != NULL ? lit : "", lit != NULL ?
	    strlen(lit) : 0, 1);
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
	/* Notes are a list, but blocks under a note end it. */
	if (!first && !st->notes->gap)
		st->doc->blocks[st->leaf].flags |= DOC_NO_GAP;
	st->notes->gap = note->more != NULL;
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
	if (note->more != NULL)
		load_note_more(st, note->more);
}

void
load_notes_flush(struct load_state *st)
{
	struct load_notes	*ns = st->notes;
	size_t			 i;

	if (ns == NULL || ns->flushing)
		return;
	ns->flushing = true;
	/* A note's text may name notes not listed yet: they come after. */
	for (i = 0; i < ns->npending; i++)
		if (!ns->v[ns->pending[i]].listed)
			load_note_block(st, &ns->v[ns->pending[i]], i == 0);
	ns->npending = 0;
	ns->flushing = false;
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
			/* A label's second definition is none, as in GFM. */
			if (ns->v[i].listed || ns->v[i].def == NULL ||
			    load_note_find(ns, ns->v[i].label,
			    strlen(ns->v[i].label)) != &ns->v[i])
				continue;
			load_note_block(st, &ns->v[i], first);
			first = false;
		}
	}
	/* The tree goes with its parse: its definitions too. */
	for (i = 0; i < ns->n; i++) {
		if (ns->v[i].def != NULL)
			cmark_node_free(ns->v[i].def);
		if (ns->v[i].more != NULL)
			cmark_node_free(ns->v[i].more);
		ns->v[i].def = ns->v[i].more = NULL;
	}
}
