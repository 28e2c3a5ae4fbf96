/*
 * The load under way, shared by the job that steps it (load.c) and the
 * cut stage (load-cut.c), which decides on its pieces, and by no other
 * file: not the reading and sanitising stages, which have their state
 * of their own in it (struct load_input, struct load_sanitise), nor the
 * parse and the converter, which the job hands what they need.  No cmark
 * here: the converter's state is a pointer to a struct this header does
 * not know.
 */
#ifndef OLSREAD_LOAD_JOB_H
#define OLSREAD_LOAD_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "front.h"
#include "load-private.h"
#include "load-read.h"
#include "load-sanitise.h"
#include "load-template.h"
#include "prescan.h"
#include "util.h"

struct diag;
struct load_state;

/* Bytes in the first piece, which the first screen waits for, and after. */
#define LOAD_FIRST_PIECE	(16 * 1024)
#define LOAD_PIECE		(256 * 1024)

/*
 * What the cut stage asks cmark, through the parse stage, which comes
 * after it: whether `len` bytes at `s` parse into definitions alone; and
 * the line each top-level block they parse into starts on, into `*lines`
 * (owned by the caller), and their count.
 */
typedef bool	 load_defines_fn(int flags, const char *s, size_t len);
typedef size_t	 load_lines_fn(int flags, const char *s, size_t len,
		    size_t **lines);

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
	struct load_input	 in;		/* the reading stage's */
	bool			 advised;	/* huge pages asked for `text` */
	bool			 started;	/* the caller has the job */
	bool			 too_large;	/* sanitised, past the limit */
	struct load_sanitise	 sn;		/* the sanitising stage's */
	struct buf		 raw;		/* sanitised, its templates not
						   yet rewritten */
	struct load_template	 tpl;		/* the template stage's */
	struct buf		 text;		/* the article's Markdown */
	int			 flags;
	struct diag		*diag;		/* borrowed */
	struct prescan		 ps;
	size_t			 ndefs_asked;	/* ps.defs that cmark saw */
	/*
	 * The parse stage's load_defines_only() and load_block_lines(),
	 * which the cut stage asks cmark through (load-cut.c says why).
	 */
	load_defines_fn		*defines_only;
	load_lines_fn		*block_lines;
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
	struct load_state	*st;		/* owned: the converter's */
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

/*
 * load-cut.c.  The cut stage's part of the job: set up, and let go of
 * (what it found, the prelude, the prescan).
 */
void	 load_cut_init(struct load_job *);
void	 load_cut_release(struct load_job *);

/*
 * The text grew by a step: prescanned on (to its end, once all is in),
 * and the definition paragraphs the prescan has closed asked about.
 */
void	 load_cut_grow(struct load_job *);

/*
 * The end of the next piece if it can be parsed now, else 0: once the
 * article is all in, always; before, only a piece nothing to come can
 * change.
 */
size_t	 load_ready(struct load_job *);

/* The article is all in: how what is not parsed yet is to be. */
void	 load_all_in(struct load_job *);

/* The labels the piece [pos, end) may use, into j->refs, once. */
void	 load_piece_refs(struct load_job *, size_t end);

/* The piece's prelude, into j->prelude: the definitions it may use. */
void	 load_piece_prelude(struct load_job *, size_t end);

/*
 * The definitions a table's cells may use, for the converter (a
 * load_defs_fn, `arg` the job).
 */
void	 load_cell_defs(void *arg, const char *text, size_t len,
	    struct buf *out);

#endif
