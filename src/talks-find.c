/*
 * talks-find: the presenters of one section, by weighing the evidence for
 * every name its opening holds.  The candidates stage finds the names and
 * their places, the evidence stage what surrounds each; here a name's
 * cues, over every place it was met, are added up with the weights of
 * talks-weights.h, and the names at or above the threshold are kept, in
 * the order they were first met.  Two cues depend on the others' outcome
 * and are given here: prose beside a heading or a label that names
 * presenters, and prose past a paragraph that named one, is the talk's
 * own, not its presenters'.
 */
#include "talks.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "talks-find.h"
#include "talks-weights.h"

/* The cues of a name met in prose: none of them a place's shape. */
#define TALKS_PROSE_CUES	(TALKS_CUE(TALKS_CUE_SUBJECT) |		\
	TALKS_CUE(TALKS_CUE_LATER_SUBJECT) | TALKS_CUE(TALKS_CUE_GIVEN_BY) | \
	TALKS_CUE(TALKS_CUE_PROSE))

/*
 * The cues that are the name's, wherever it stands: the others belong to
 * one place, and a name is as good as its best place.  A quotation's
 * attribution under a talk does not undo its heading's speaker.
 */
#define TALKS_NAME_CUES	(TALKS_CUE(TALKS_CUE_NAMED_AGAIN) |		\
	TALKS_CUE(TALKS_CUE_SURNAME) | TALKS_CUE(TALKS_CUE_AUTHOR) |	\
	TALKS_CUE(TALKS_CUE_FIRST_PERSON) |					\
	TALKS_CUE(TALKS_CUE_BESIDE_STRUCTURE) |				\
	TALKS_CUE(TALKS_CUE_LATER_PARAGRAPH))

/* A name: the first place it was met, and the cues of all of them. */
struct talks_named {
	size_t		 first;		/* candidate index */
	size_t		 para;		/* paragraph of its first place */
	uint64_t	 cues;		/* of every place */
	int		 best;		/* the best place's score */
	int		 score;
};

static int
talks_score(uint64_t cues)
{
	int	 score = 0;
	size_t	 i;

	for (i = 0; i < TALKS_NCUES; i++)
		if (cues & TALKS_CUE(i))
			score += talks_weight[i];
	return score;
}

static void
talks_rescore(struct talks_named *nm)
{
	nm->score = nm->best + talks_score(nm->cues & TALKS_NAME_CUES);
}

/*
 * Paragraphs of the opening before block bi: a list's items count as one,
 * since each may name another presenter ("- Jane Roe, ..., presented").
 */
static size_t
talks_para(const struct talks_opening *op, size_t bi)
{
	const struct talks_block	*b;
	size_t				 i, para = 0;
	bool				 any = false;

	for (i = 1; i <= bi && i < op->nblocks; i++) {
		b = &op->blocks[i];
		if (b->kind == TALKS_BLOCK_HEADING ||
		    b->kind == TALKS_BLOCK_CELL || b->len == 0)
			continue;
		if (any && !(b->kind != TALKS_BLOCK_PARAGRAPH &&
		    op->blocks[i - 1].kind == b->kind))
			para++;
		any = true;
	}
	return para;
}

/* Gather the candidates by name; returns how many names. */
static size_t
talks_gather(const struct talks_opening *op, const struct talks_cands *c,
    struct talks_named *named)
{
	const struct talks_cand	*k, *f;
	size_t			 i, j, n = 0;
	int			 score;

	for (i = 0; i < c->n; i++) {
		k = &c->v[i];
		for (j = 0; j < n; j++) {
			f = &c->v[named[j].first];
			if (f->len == k->len && memcmp(op->blocks[f->block].text +
			    f->off, op->blocks[k->block].text + k->off,
			    k->len) == 0)
				break;
		}
		score = talks_score(k->cues & ~TALKS_NAME_CUES);
		if (j == n) {
			named[n].first = i;
			named[n].para = talks_para(op, k->block);
			named[n].best = score;
			named[n++].cues = 0;
		}
		named[j].cues |= k->cues;
		if (score > named[j].best)
			named[j].best = score;
	}
	for (j = 0; j < n; j++)
		talks_rescore(&named[j]);
	return n;
}

/*
 * The cues that hang on the others' outcome: a name met only in prose,
 * where the structure names presenters, or past the first paragraph that
 * named one.
 */
static void
talks_weigh_prose(struct talks_named *named, size_t n)
{
	size_t	 i, first = SIZE_MAX;
	bool	 structure = false;

	for (i = 0; i < n; i++) {
		if (named[i].score < TALKS_THRESHOLD)
			continue;
		if (named[i].cues & TALKS_STRUCTURE)
			structure = true;
		else if (named[i].cues & TALKS_PROSE_CUES &&
		    named[i].para < first)
			first = named[i].para;
	}
	for (i = 0; i < n; i++) {
		if (named[i].cues & ~TALKS_PROSE_CUES & (TALKS_STRUCTURE |
		    TALKS_CUE(TALKS_CUE_ITEM_ALONE) |
		    TALKS_CUE(TALKS_CUE_HEADING_NAME)))
			continue;
		if (structure)
			named[i].cues |= TALKS_CUE(TALKS_CUE_BESIDE_STRUCTURE);
		/* A link to a person's page marks a speaker anywhere. */
		if (named[i].para > first &&
		    !(named[i].cues & TALKS_CUE(TALKS_CUE_LINKED)))
			named[i].cues |= TALKS_CUE(TALKS_CUE_LATER_PARAGRAPH);
		talks_rescore(&named[i]);
	}
}

/*
 * The evidence for each candidate: what surrounds its place, then, only
 * where that leaves it within reach of the threshold, what is the name's
 * wherever it stands -- the costlier look through the opening for it.
 */
static void
talks_weigh_evidence(const struct talks_opening *op, struct talks_cands *c)
{
	struct talks_presenters	 pr = { .block = SIZE_MAX };
	struct talks_cand	*k;
	size_t			 i;
	int			 reach;

	for (i = 0; i < c->n; i++) {
		k = &c->v[i];
		talks_evidence_around(op, k, &pr);
		reach = talks_weight[TALKS_CUE_NAMED_AGAIN] +
		    talks_weight[TALKS_CUE_SURNAME];
		if (k->cues & TALKS_CUE(TALKS_CUE_HEADING_NAME))
			reach += talks_weight[TALKS_CUE_FIRST_PERSON];
		if (talks_score(k->cues & ~TALKS_NAME_CUES) + reach >=
		    TALKS_THRESHOLD)
			talks_evidence_name(op, k);
	}
}

/*
 * The writer of the byline, "By Jane Roe, 2024-12-18", as the presenter
 * of their own talk: one name, or none where it names several.
 */
static size_t
talks_writer(const struct talks_opening *op, struct talks_found *out)
{
	struct talks_name	 names[2];
	size_t			 end;

	if (op->byline == NULL || op->bylen < 4 ||
	    memcmp(op->byline, "By ", 3) != 0 ||
	    talks_names_at(op->byline, op->bylen, 3, names, 2, &end) != 1 ||
	    !talks_evidence_own_talk(op))
		return 0;
	out->block = TALKS_FOUND_BYLINE;
	out->off = names[0].off;
	out->len = names[0].len;
	return 1;
}

size_t
talks_find(const struct talks_block *blocks, size_t nblocks,
    const char *byline, size_t bylen, struct talks_found *out, size_t max)
{
	struct talks_opening	 op;
	struct talks_cands	 c;
	struct talks_named	 named[TALKS_CANDS_MAX];
	const struct talks_cand	*k;
	size_t			 i, n, kept = 0;

	if (blocks == NULL || nblocks == 0 || out == NULL || max == 0)
		return 0;
	op.blocks = blocks;
	op.nblocks = nblocks < TALKS_FIND_BLOCKS + 1 ? nblocks :
	    TALKS_FIND_BLOCKS + 1;
	op.byline = byline;
	op.bylen = byline != NULL ? bylen : 0;
	talks_candidates(&op, &c);
	talks_weigh_evidence(&op, &c);
	n = talks_gather(&op, &c, named);
	talks_weigh_prose(named, n);
	for (i = 0; i < n && kept < max; i++) {
		if (named[i].score < TALKS_THRESHOLD)
			continue;
		k = &c.v[named[i].first];
		out[kept].block = k->block;
		out[kept].off = k->off;
		out[kept++].len = k->len;
	}
	return kept > 0 ? kept : talks_writer(&op, out);
}
