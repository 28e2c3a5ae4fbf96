/*
 * load-cut: the loader's cutting stage, which decides where the text can
 * be cut into pieces that cmark parses each alone as the whole parse
 * would: over the prescan (prescan.c), which finds the safe places to cut
 * and the paragraphs that may hold link reference definitions, it takes
 * those definitions as cmark reads them, looks ahead in the input for
 * labels still to be defined, and gives each piece its end and the
 * prelude of definitions it may use; and, for a whole parse, the
 * definitions a table's cells may use, found by their candidate labels.
 *
 * What cmark reads as a definition only cmark can tell, and this stage
 * asks it run by run: whether a paragraph's first lines are definitions
 * alone decides which lines are tried next.  The answers cannot be
 * gathered before the cut starts, so the job hands this stage the parse
 * stage's two questions as pointers (j->defines_only, j->block_lines),
 * and this file calls nothing of the parse or of the converter: it sees
 * no cmark.  It reads the input ahead through the reading stage, which
 * comes before it.
 */
#include "load-job.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

/*
 * What references may expand to in a parse before cmark 0.30 stops
 * resolving them, when the input is smaller (its max_ref_size): a guard
 * against quadratic output that pieces must not trip where the whole
 * parse does not, or the other way round.
 */
#define LOAD_REF_BUDGET		100000

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
load_def_run(const struct load_job *j, const struct prescan_range *r)
{
	const char	*s = j->text.data + r->off, *nl;
	size_t		 end = 0, best = 0, lines = 0;

	if (j->defines_only(j->flags, s, r->len))
		return (long)r->len;
	while (end < r->len && lines < LOAD_DEF_LINES) {
		nl = memchr(s + end, '\n', r->len - end);
		end = nl != NULL ? (size_t)(nl - s) + 1 : r->len;
		lines++;
		if (j->defines_only(j->flags, s, end))
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
	size_t				 lo, hi, mid, line = 1, *starts, b, nb;

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
	nb = j->block_lines(j->flags, all.data, all.len, &starts);
	for (b = 0; b < nb; b++) {
		line = starts[b];
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
	free(starts);
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
	ok = all.len == 0 || j->defines_only(j->flags, all.data, all.len);
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
		n = suspect[i - from] ? load_def_run(j, r) :
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
void
load_piece_prelude(struct load_job *j, size_t end)
{
	const struct prescan_def	*d;
	size_t				 i;
	bool				 last = j->in.eof && end == j->text.len;

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
void
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
 * The labels that the rest of the article may define, found once (see
 * prescan_def_labels()): in the text the prescan has not closed yet, and
 * in the input not read yet, read ahead of the load at memchr's pace.  A
 * piece that refers to a label not defined yet and none of these need
 * not wait for the end: no definition of it is to come.  A file that
 * grows meanwhile may define more; one that changes is refused anyway.
 */
/*
 * The labels the text the template stage holds may define, after the
 * `len` bytes the text ended with that may start one; returns how many
 * bytes of its end may start one.
 */
static size_t
load_ahead_raw(struct load_job *j, size_t len)
{
	struct buf	 both;
	size_t		 keep;

	buf_init(&both);
	buf_add(&both, j->text.data + j->text.len - len, len);
	buf_add(&both, j->raw.data, j->raw.len);
	keep = prescan_def_labels(both.data, both.len, false, &j->ahead,
	    &j->nahead, &j->capahead);
	buf_release(&both);
	return keep < j->raw.len ? keep : j->raw.len;
}

static void
load_ahead(struct load_job *j)
{
	size_t		 closed = prescan_defs_closed(&j->ps), off, len, keep;
	ssize_t		 n;
	char		*b;

	if (j->ahead_tried || j->in.eof || j->unsure)
		return;
	j->ahead_tried = true;
	/*
	 * gzip input cannot be looked through undecoded: a piece that may
	 * use a label defined further on waits for the end.
	 */
	if (j->in.gz != NULL)
		return;
	if (load_parked(&j->in) && !load_unpark(&j->in))
		return;
	off = closed < j->ps.ndefs ? j->ps.defs[closed].off : j->ps.scanned;
	len = prescan_def_labels(j->text.data + off, j->text.len - off, false,
	    &j->ahead, &j->nahead, &j->capahead);
	if (j->raw.len > 0)
		len = load_ahead_raw(j, len);
	if (j->in.chunk == NULL)
		j->in.chunk = xmalloc(LOAD_STEP);
	b = j->in.chunk;
	/* What may be a label's start, and what the sanitiser holds back. */
	memcpy(b, j->raw.len > 0 ? j->raw.data + j->raw.len - len :
	    j->text.data + j->text.len - len, len);
	memcpy(b + len, j->sn.san.pend, j->sn.san.npend);
	len += j->sn.san.npend;
	for (off = j->in.taken; ; off += (size_t)n) {
		if ((n = load_peek(&j->in, off, b + len,
		    LOAD_AHEAD_STEP - len)) == -1)
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

	if ((j->flags & LOAD_WHOLE) || (j->rest_one && j->in.eof))
		return j->in.eof ? j->text.len : 0;
	while (j->cut < j->ps.ncuts && j->ps.cuts[j->cut] <= j->pos)
		j->cut++;
	while (j->cut < j->ps.ncuts && j->ps.cuts[j->cut] < want &&
	    !(j->flags & LOAD_PIECES))
		j->cut++;
	if (j->cut < j->ps.ncuts && !j->unsure)
		return j->ps.cuts[j->cut];
	return j->in.eof ? j->text.len : 0;
}

/* The labels the piece [pos, end) may use, into j->refs, once. */
void
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
	if (j->in.eof)
		load_all_in(j);
	return true;
}

/*
 * The end of the next piece if it can be parsed now, else 0: once the
 * article is all in, always; before, only a piece nothing to come can
 * change.  A piece that must wait is not asked about again until more
 * definitions are known.
 */
size_t
load_ready(struct load_job *j)
{
	size_t	 end;

	if ((j->pos >= j->text.len && j->in.eof) || !j->front_known)
		return 0;
	if ((end = load_piece_end(j)) == 0 || (j->flags & LOAD_WHOLE))
		return end;
	if (!j->in.eof && end == j->wait_end && j->ndefs <= j->wait_ndefs)
		return 0;
	load_piece_refs(j, end);
	if (j->in.eof)
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
void
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

void
load_cut_init(struct load_job *j)
{
	buf_init(&j->prelude);
	prescan_init(&j->ps);
	j->piece = LOAD_FIRST_PIECE;
}

void
load_cut_grow(struct load_job *j)
{
	if (j->in.eof)
		prescan_finish(&j->ps, j->text.data, j->text.len);
	else
		prescan_feed(&j->ps, j->text.data, j->text.len);
	load_ask_defs(j);
}

void
load_cut_release(struct load_job *j)
{
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
}
