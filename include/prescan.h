/*
 * prescan: one linear pass over a whole article, before it is parsed, that
 * finds where it may be cut into pieces that parse, one by one, exactly as
 * the whole does.  A cut goes before an ATX heading line that starts in
 * column 0 outside fenced code and HTML blocks: nothing else can hold such
 * a line, so every block before it is closed.  Link reference definitions
 * are global in CommonMark, so the pass also finds the paragraphs that may
 * hold them; the loader has cmark say which lines really define, and gives
 * every piece those definitions first.
 *
 * Where the pass cannot be sure of a cut or a definition (a fence or an
 * HTML block that may belong to a list item the pass does not follow, a
 * definition inside a quote or a list), it says so, and the article is
 * parsed whole.  No cmark here: it is plain byte scanning.
 */
#ifndef OLSREAD_PRESCAN_H
#define OLSREAD_PRESCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A byte range of the article. */
struct prescan_range {
	size_t	 off;
	size_t	 len;
};

struct prescan {
	size_t			*cuts;		/* owned: offsets, increasing */
	size_t			 ncuts;
	size_t			 capcuts;
	struct prescan_range	*defs;		/* owned: paragraphs that may
						   open with definitions */
	size_t			 ndefs;
	size_t			 capdefs;
	bool			 unsure;	/* cut nowhere: parse whole */
};

void	 prescan_init(struct prescan *);
void	 prescan_release(struct prescan *);

/*
 * Scan `len` bytes of valid UTF-8 with LF line ends (as the sanitiser
 * leaves them) into `ps`.
 */
void	 prescan_run(struct prescan *ps, const char *s, size_t len);

/*
 * One link reference definition: where it is, and its label, folded and
 * hashed, so that a piece gets only the definitions it may use.
 */
struct prescan_def {
	size_t		 off;
	size_t		 len;
	uint64_t	 label;
	bool		 always;	/* a label the split could not read */
};

/*
 * Split `len` bytes at `s + off`, lines that cmark reads as definitions,
 * into one entry a definition, appended to `*defs`.
 */
void	 prescan_split_defs(const char *s, size_t off, size_t len,
	    struct prescan_def **defs, size_t *n, size_t *cap);

/*
 * The labels `len` bytes at `s` may refer to: the folded hash of the text
 * of every [...] in it, into `*refs`, sorted.  Folding is coarser than
 * cmark's matching of labels, so no label that cmark would match is
 * missed; some it would not match may be kept, which costs nothing.
 */
void	 prescan_refs(const char *s, size_t len, uint64_t **refs, size_t *n,
	    size_t *cap);
bool	 prescan_refs_has(const uint64_t *refs, size_t n, uint64_t label);

#endif
