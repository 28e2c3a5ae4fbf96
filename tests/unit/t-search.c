/*
 * t-search: the search module and the folding under it.  Folding: the
 * folded text of crafted strings, the way back from folded offsets to
 * the source's on multi-byte, expanding and vanishing folds, and a fold
 * fed in two pieces at every cut matching the fold of the whole.  Search:
 * smart case, accents, ligatures, phrases across line breaks, regular
 * expressions, bad and empty queries, 10,000 matches, the counts per
 * section and the scope on the sample, search_next() and
 * search_within(), a doc searched as it loads, and the layout: every
 * match drawn exactly, at every width, wrapped or not.
 */
#include "search.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "layout.h"
#include "load.h"
#include "tap.h"
#include "testdoc.h"
#include "text.h"
#include "util.h"

#define NONE	((size_t)-1)

static void
sample_path(char *path, size_t size)
{
	const char	*srcdir = getenv("OLSREAD_SRCDIR");

	snprintf(path, size, "%s/data/000-article.md",
	    srcdir != NULL ? srcdir : ".");
}

static struct doc *
load_sample(void)
{
	struct diag	 dg;
	struct doc	*d;
	char		 path[4096], err[256];

	sample_path(path, sizeof(path));
	diag_init(&dg);
	d = load_file(path, 0, &dg, err, sizeof(err));
	diag_release(&dg);
	if (d == NULL)
		tap_diag("%s: %s", path, err);
	return d;
}

/* Run `q` over the whole of `d` with a fresh index; returns its status. */
static int
run(struct search *s, const struct doc *d, const char *q, int flags)
{
	struct search_index	*ix = search_index_new(d);
	char			 err[256];
	int			 rc;

	rc = search_run(s, ix, d, q, flags, 0, 0, err, sizeof(err));
	search_index_free(ix);
	return rc;
}

/* Matches sorted, apart, never empty, each inside the text searched. */
static bool
is_well_formed(const struct search *s)
{
	size_t	 i, sum = 0;

	for (i = 0; i < s->n; i++) {
		if (s->m[i].len == 0 || s->m[i].off < s->first ||
		    s->m[i].off + s->m[i].len > s->end)
			return false;
		if (i > 0 && s->m[i].off < s->m[i - 1].off + s->m[i - 1].len)
			return false;
	}
	for (i = 0; i < s->nsections; i++)
		sum += s->count[i];
	return sum == s->n;
}

/* Folding. */

static const struct {
	const char	*in;
	bool		 icase;
	const char	*want;
} fold_cases[] = {
	{ "Jos\xc3\xa9", true, "jose" },
	{ "Jos\xc3\xa9", false, "Jose" },
	{ "Jose\xcc\x81", true, "jose" },
	{ "\xc3\x85ngstr\xc3\xb6m", true, "angstrom" },
	{ "\xe2\x84\xab", false, "A" },			/* ANGSTROM SIGN */
	{ "Stra\xc3\x9f" "e", true, "strasse" },
	{ "Stra\xc3\x9f" "e", false, "Stra\xc3\x9f" "e" },
	{ "STRASSE", true, "strasse" },
	{ "\xef\xac\x81le", false, "file" },		/* the fi ligature */
	{ "\xef\xac\x83", true, "ffi" },
	{ "\xce\xa3\xce\xb9", true, "\xcf\x83\xce\xb9" },	/* Greek */
	{ "a \t\n\n b", false, "a b" },
	{ "a\xc2\xa0\xe2\x80\x83" "b", false, "a b" },	/* NBSP, EM SPACE */
	{ "\xcc\x81" "a\xcc\x81\xcc\xa3", false, "a" },	/* marks only */
	{ "\xe4\xb8\xad\xe6\x96\x87", true, "\xe4\xb8\xad\xe6\x96\x87" },
	{ "\xc3\x9f\xc3\x9f\xc3\x9f", true, "ssssss" },	/* from the cache */
	{ "\xe3\x8e\x92 \xe3\x8e\x92", true, "mhz mhz" },	/* U+3392 */
	{ "\xef\xb7\xba\xef\xb7\xba", false,		/* too long to cache */
	    "\xd8\xb5\xd9\x84\xd9\x89\x20\xd8\xa7\xd9\x84\xd9\x84\xd9\x87\x20"
	    "\xd8\xb9\xd9\x84\xd9\x8a\xd9\x87\x20\xd9\x88\xd8\xb3\xd9\x84\xd9\x85"
	    "\xd8\xb5\xd9\x84\xd9\x89\x20\xd8\xa7\xd9\x84\xd9\x84\xd9\x87\x20"
	    "\xd8\xb9\xd9\x84\xd9\x8a\xd9\x87\x20\xd9\x88\xd8\xb3\xd9\x84\xd9\x85" },
	{ "", true, "" },
};

static void
test_fold_strings(void)
{
	struct buf	 out;
	size_t		 i;

	buf_init(&out);
	for (i = 0; i < sizeof(fold_cases) / sizeof(*fold_cases); i++) {
		out.len = 0;
		text_fold_string(fold_cases[i].in, strlen(fold_cases[i].in),
		    fold_cases[i].icase, &out);
		tap_is_mem(out.data, out.len, fold_cases[i].want,
		    "fold %zu (%s)", i, fold_cases[i].icase ? "icase" : "exact");
	}
	buf_release(&out);
}

/*
 * The way back, offset by offset: `start` and `end` give the source of
 * each folded offset 0..folded length, as a start and as an end.
 */
static const struct {
	const char	*name;
	const char	*in;
	const char	*folded;
	size_t		 start[10];
	size_t		 end[10];
} map_cases[] = {
	{ "sharp s expands", "Stra\xc3\x9f" "e", "strasse",
	    { 0, 1, 2, 3, 4, 4, 6, 7 }, { 0, 1, 2, 3, 4, 6, 6, 7 } },
	{ "ligature shrinks", "\xef\xac\x81le", "file",
	    { 0, 0, 3, 4, 5 }, { 0, 3, 3, 4, 5 } },
	{ "decomposed mark", "e\xcc\x81x", "ex",
	    { 0, 3, 4 }, { 0, 3, 4 } },
	{ "precomposed", "\xc3\xa9x", "ex",
	    { 0, 2, 3 }, { 0, 2, 3 } },
	{ "blank run", "a \n\t b", "a b",
	    { 0, 1, 5, 6 }, { 0, 1, 5, 6 } },
	{ "leading mark", "\xcc\x81" "ab", "ab",
	    { 2, 3, 4 }, { 0, 3, 4 } },
	{ "two-byte to two-byte", "\xce\xa3x", "\xcf\x83x",
	    { 0, 1, 2, 3 }, { 0, 1, 2, 3 } },
	{ "an expansion twice, the second from the cache",
	    "\xc3\x9f\xc3\x9f", "ssss",
	    { 0, 0, 2, 2, 4 }, { 0, 2, 2, 4, 4 } },
	{ "white space twice, the second from the cache",
	    "a\xc2\xa0" "b\xc2\xa0\xc2\xa0" "c", "a b c",
	    { 0, 1, 3, 4, 8, 9 }, { 0, 1, 3, 4, 8, 9 } },
	{ "marks after an expansion", "\xc3\x9f\xcc\x81\xcc\xa3s", "sss",
	    { 0, 0, 6, 7 }, { 0, 6, 6, 7 } },
};

static void
test_fold_map(void)
{
	struct text_fold	 tf;
	size_t			 i, f;
	bool			 ok;

	for (i = 0; i < sizeof(map_cases) / sizeof(*map_cases); i++) {
		text_fold_init(&tf, true);
		text_fold_add(&tf, map_cases[i].in, strlen(map_cases[i].in));
		tap_is_mem(tf.out.data, tf.out.len, map_cases[i].folded,
		    "map: %s: folded", map_cases[i].name);
		ok = tf.src == strlen(map_cases[i].in);
		for (f = 0; f <= tf.out.len && ok; f++) {
			if (text_fold_source(&tf, f, false) !=
			    map_cases[i].start[f] ||
			    text_fold_source(&tf, f, true) !=
			    map_cases[i].end[f]) {
				tap_diag("offset %zu: %zu/%zu, want %zu/%zu", f,
				    text_fold_source(&tf, f, false),
				    text_fold_source(&tf, f, true),
				    map_cases[i].start[f], map_cases[i].end[f]);
				ok = false;
			}
		}
		tap_ok(ok, "map: %s: every offset back to whole characters",
		    map_cases[i].name);
		text_fold_release(&tf);
	}
}

/* Whether `a` and `b` folded the same and map every offset alike. */
static bool
fold_same(const struct text_fold *a, const struct text_fold *b)
{
	size_t	 f;

	if (a->out.len != b->out.len || a->src != b->src ||
	    memcmp(a->out.data, b->out.data, a->out.len) != 0)
		return false;
	for (f = 0; f <= a->out.len; f++)
		if (text_fold_source(a, f, false) !=
		    text_fold_source(b, f, false) ||
		    text_fold_source(a, f, true) !=
		    text_fold_source(b, f, true))
			return false;
	return true;
}

/*
 * A text that grows is folded a piece at a time: cut anywhere between
 * characters, the fold is the fold of the whole.
 */
static void
test_fold_pieces(void)
{
	static const char *const	 texts[] = {
		"a  \n b\xc2\xa0 \xc3\x9f\xcc\x81 \xef\xac\x81 e\xcc\x81\xcc\xa3 Z",
		"\xcc\x81\xcc\x81 x\t\t\xe2\x80\x83y\xc3\x85\xe2\x84\xab",
	};
	struct text_fold		 whole, cut;
	size_t				 i, at, len, bad;
	int				 icase;

	for (i = 0; i < sizeof(texts) / sizeof(*texts); i++) {
		len = strlen(texts[i]);
		for (icase = 0; icase < 2; icase++) {
			text_fold_init(&whole, icase);
			text_fold_add(&whole, texts[i], len);
			bad = NONE;
			for (at = 0; at <= len && bad == NONE; at++) {
				if (at < len &&
				    ((unsigned char)texts[i][at] & 0xc0) == 0x80)
					continue;
				text_fold_init(&cut, icase);
				text_fold_add(&cut, texts[i], at);
				text_fold_add(&cut, texts[i] + at, len - at);
				if (!fold_same(&whole, &cut))
					bad = at;
				text_fold_release(&cut);
			}
			tap_ok(bad == NONE, "text %zu (%s) folded in two "
			    "pieces, cut anywhere, is folded as a whole", i,
			    icase ? "icase" : "exact");
			if (bad != NONE)
				tap_diag("cut at %zu", bad);
			text_fold_release(&whole);
		}
	}
}

/* Literal and regular queries over crafted docs. */

/* The count of a query that search_run() refuses. */
#define REFUSED	((size_t)-1)

static const struct {
	const char	*name;
	const char	*md;
	const char	*query;
	int		 flags;
	size_t		 n;
	const char	*first;		/* the first match's bytes */
	const char	*last;		/* the last's, or NULL */
} cases[] = {
	{ "smart case: lower finds all", "Linux, linux, LINUX.", "linux", 0,
	    3, "Linux", "LINUX" },
	{ "smart case: a capital is exact", "Linux, linux, LINUX.", "Linux",
	    0, 1, "Linux", NULL },
	{ "SEARCH_EXACT", "Linux, linux, LINUX.", "linux", SEARCH_EXACT, 1,
	    "linux", NULL },
	{ "SEARCH_ICASE", "Linux, linux, LINUX.", "LINUX", SEARCH_ICASE, 3,
	    "Linux", "LINUX" },
	{ "jose finds Jose, Jos\xc3\xa9 and JOS\xc3\x89",
	    "Jose and Jos\xc3\xa9 and JOS\xc3\x89.", "jose", 0, 3, "Jose",
	    "JOS\xc3\x89" },
	{ "Jos\xc3\xa9 is exact but blind to accents",
	    "Jose and Jos\xc3\xa9 and JOS\xc3\x89.", "Jos\xc3\xa9", 0, 2,
	    "Jose", "Jos\xc3\xa9" },
	{ "angstrom", "The \xc3\xa5ngstr\xc3\xb6m, the \xc3\x85ngstr\xc3\xb6m.",
	    "angstrom", 0, 2, "\xc3\xa5ngstr\xc3\xb6m",
	    "\xc3\x85ngstr\xc3\xb6m" },
	{ "the Angstrom sign is an A", "\xc3\xa5, \xc3\x85, \xe2\x84\xab.",
	    "\xc3\x85", 0, 2, "\xc3\x85", "\xe2\x84\xab" },
	{ "strasse finds Stra\xc3\x9f" "e and STRASSE",
	    "Die Stra\xc3\x9f" "e, die STRASSE.", "strasse", 0, 2,
	    "Stra\xc3\x9f" "e", "STRASSE" },
	{ "stra\xc3\x9f" "e folds to strasse",
	    "Die Stra\xc3\x9f" "e, die STRASSE.", "stra\xc3\x9f" "e", 0, 2,
	    "Stra\xc3\x9f" "e", "STRASSE" },
	{ "STRASSE is exact", "Die Stra\xc3\x9f" "e, die STRASSE.", "STRASSE",
	    0, 1, "STRASSE", NULL },
	{ "STRASSE ignoring case", "Die Stra\xc3\x9f" "e, die STRASSE.",
	    "STRASSE", SEARCH_ICASE, 2, "Stra\xc3\x9f" "e", "STRASSE" },
	{ "Stra\xc3\x9f" "e is exact", "Die Stra\xc3\x9f" "e, die STRASSE.",
	    "Stra\xc3\x9f" "e", 0, 1, "Stra\xc3\x9f" "e", NULL },
	{ "a match ending inside an expansion", "Die Stra\xc3\x9f" "e.",
	    "stras", 0, 1, "Stra\xc3\x9f", NULL },
	{ "a match starting inside an expansion", "Die Stra\xc3\x9f" "e.",
	    "se", 0, 1, "\xc3\x9f" "e", NULL },
	{ "s twice in the ss of \xc3\x9f is one match", "Die Stra\xc3\x9f" "e.",
	    "s", 0, 2, "S", "\xc3\x9f" },
	{ "file finds the ligature", "A \xef\xac\x81le, a file.", "file", 0,
	    2, "\xef\xac\x81le", "file" },
	{ "the ligature finds file", "A \xef\xac\x81le, a file.",
	    "\xef\xac\x81le", 0, 2, "\xef\xac\x81le", "file" },
	{ "a match starting inside the ligature", "A \xef\xac\x81le, a file.",
	    "ile", 0, 2, "\xef\xac\x81le", "ile" },
	{ "e finds precomposed and decomposed \xc3\xa9",
	    "Caf\xc3\xa9 or cafe\xcc\x81.", "e", 0, 2, "\xc3\xa9",
	    "e\xcc\x81" },
	{ "cafe keeps the mark", "Caf\xc3\xa9 or cafe\xcc\x81.", "cafe", 0, 2,
	    "Caf\xc3\xa9", "cafe\xcc\x81" },
	{ "a phrase across a soft break", "Rik van\nRiel discussed.",
	    "van riel", 0, 1, "van Riel", NULL },
	{ "a phrase across a hard break", "Rik van\\\nRiel discussed.",
	    "van riel", 0, 1, "van\nRiel", NULL },
	{ "a phrase across a hard break of spaces", "Rik van  \nRiel did.",
	    "van riel", 0, 1, "van\nRiel", NULL },
	{ "blanks in the query are any run", "Rik van\\\nRiel discussed.",
	    "van \t riel", 0, 1, "van\nRiel", NULL },
	{ "no match joins two blocks", "The end.\n\nStart here.",
	    "end. start", 0, 0, NULL, NULL },
	{ "regex: smart case ignores", "Linux, linux, LINUX.", "l[a-z]+x",
	    SEARCH_REGEX, 3, "Linux", "LINUX" },
	{ "regex: a capital is exact", "Linux, linux, LINUX.", "L[a-z]+x",
	    SEARCH_REGEX, 1, "Linux", NULL },
	{ "regex: SEARCH_ICASE", "Linux, linux, LINUX.", "L.nux",
	    SEARCH_REGEX | SEARCH_ICASE, 3, "Linux", "LINUX" },
	{ "regex: SEARCH_EXACT", "Linux, linux, LINUX.", "l.nux",
	    SEARCH_REGEX | SEARCH_EXACT, 1, "linux", NULL },
	{ "regex: an escape is no capital", "Linux, linux, LINUX.",
	    "\\Binux", SEARCH_REGEX, 3, "inux", "INUX" },
	{ "regex: a character is one", "Caf\xc3\xa9 au lait.", "caf.",
	    SEARCH_REGEX, 1, "Caf\xc3\xa9", NULL },
	{ "regex: ^ at each block and line", "foo a foo\n\nfoo b\\\nfoo",
	    "^foo", SEARCH_REGEX, 3, "foo", "foo" },
	{ "regex: $ at each line end", "a foo\n\nb foo c", "foo$",
	    SEARCH_REGEX, 1, "foo", NULL },
	{ "regex: empty matches are skipped", "xx ab x", "\\<x*",
	    SEARCH_REGEX, 2, "xx", "x" },
	{ "regex: one that matches empty text is refused", "axxbx", "x*",
	    SEARCH_REGEX, REFUSED, NULL, NULL },
	{ "regex: repetitions of repetitions are refused", "sss",
	    "s+++++++++++++++++++++++++++++++++++++++++", SEARCH_REGEX,
	    REFUSED, NULL, NULL },
	{ "regex: nested counts past 20000 copies are refused", "aaa",
	    "((a{100}){100}){100}", SEARCH_REGEX, REFUSED, NULL, NULL },
	{ "regex: three repetitions in a row are refused", "aaa",
	    "\\<[a-z]*+++", SEARCH_REGEX, REFUSED, NULL, NULL },
	{ "regex: two in a row work", "aaa b", "[a-z]*+ ", SEARCH_REGEX, 1,
	    "aaa ", NULL },
	{ "regex: nested counts within the bound work", "aaa",
	    "(a{1,10}){1,10}", SEARCH_REGEX, 1, "aaa", NULL },
	{ "regex: a bracket with ] and a class", "a]b",
	    "[]a[:alpha:]]+", SEARCH_REGEX, 1, "a]b", NULL },
	{ "regex: no match joins two blocks", "The end\n\nstart here.",
	    "end[[:space:]]+start", SEARCH_REGEX, 0, NULL, NULL },
	{ "regex: the whole text of a block", "One.\n\nTwo.", ".+",
	    SEARCH_REGEX, 2, "One.", "Two." },
	{ "an empty query", "Anything.", "", 0, 0, NULL, NULL },
	{ "an empty regex", "Anything.", "", SEARCH_REGEX, 0, NULL, NULL },
	{ "a query longer than the doc", "Hi.", "hi there, how are you", 0,
	    0, NULL, NULL },
	{ "a query of marks alone", "Caf\xc3\xa9.", "\xcc\x81", 0, 0, NULL,
	    NULL },
	{ "the first and last byte", "xyz middle xyz", "xyz", 0, 2, "xyz",
	    "xyz" },
};

static void
test_cases(void)
{
	struct search			 s;
	struct doc			*d;
	const struct search_match	*m;
	size_t				 i;
	int				 rc;

	search_init(&s);
	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		d = testdoc_load(cases[i].md);
		rc = run(&s, d, cases[i].query, cases[i].flags);
		if (cases[i].n == REFUSED) {
			tap_ok(rc != 0, "%s", cases[i].name);
			doc_free(d);
			continue;
		}
		if (rc != 0 ||
		    !tap_is_int((long long)s.n, (long long)cases[i].n,
		    "%s: %zu matches", cases[i].name, cases[i].n)) {
			doc_free(d);
			continue;
		}
		if (s.n > 0) {
			m = &s.m[0];
			tap_is_mem(d->text.data + m->off, m->len,
			    cases[i].first, "%s: first match", cases[i].name);
		}
		if (s.n > 1 && cases[i].last != NULL) {
			m = &s.m[s.n - 1];
			tap_is_mem(d->text.data + m->off, m->len,
			    cases[i].last, "%s: last match", cases[i].name);
		}
		if (!is_well_formed(&s))
			tap_ok(false, "%s: matches well formed", cases[i].name);
		doc_free(d);
	}
	search_release(&s);
}

static void
test_edges(void)
{
	struct search	 s;
	struct doc	*d;
	struct buf	 md;
	char		 err[256] = "";
	size_t		 i;
	int		 rc;

	search_init(&s);
	d = testdoc_load("xyz middle xyz");
	run(&s, d, "xyz", 0);
	tap_ok(s.n == 2 && s.m[0].off == 0 && s.m[1].off + s.m[1].len ==
	    d->text.len - 1, "matches at the first and the last byte of the "
	    "text (%zu bytes and a block's line end)", d->text.len - 1);
	doc_free(d);

	d = testdoc_load("Some (text.");
	rc = search_run(&s, NULL, d, "(text", SEARCH_REGEX, 0, 0, err,
	    sizeof(err));
	tap_ok(rc == -1 && s.n == 0 && err[0] != '\0',
	    "an invalid regex fails with the reason: %s", err);
	rc = search_run(&s, NULL, d, "a{2", SEARCH_REGEX, 0, 0, err,
	    sizeof(err));
	tap_ok(rc == -1, "an unclosed brace fails too: %s", err);
	doc_free(d);

	buf_init(&md);
	for (i = 0; i < 10000; i++)
		buf_adds(&md, "ab ");
	d = testdoc_load(md.data);
	run(&s, d, "ab", 0);
	tap_ok(s.n == 10000 && s.nsections == 1 && s.count[0] == 10000 &&
	    is_well_formed(&s), "10,000 matches, all counted");
	run(&s, d, "b a", 0);
	tap_is_int((long long)s.n, 9999, "9,999 matches across blanks");
	run(&s, d, "ab", SEARCH_REGEX);
	tap_ok(s.n == 10000 && is_well_formed(&s), "10,000 regex matches");
	run(&s, d, "\\<[ab]*", SEARCH_REGEX);
	tap_ok(s.n == 10000 && s.m[9999].len == 2,
	    "10,000 regex matches at word starts");
	doc_free(d);
	buf_release(&md);
	search_release(&s);
}

/* The sample: counts per section, and the scope of one section. */

static size_t
talk_section(const struct doc *d, unsigned int talk)
{
	size_t	 i;

	for (i = 0; i < d->nsections; i++)
		if (d->sections[i].talk == talk)
			return i;
	return NONE;
}

/* The section of the block that holds `off`, by a plain walk. */
static size_t
section_of(const struct doc *d, size_t off)
{
	size_t	 b, sec = NONE;

	for (b = 0; b < d->nblocks; b++)
		if (doc_is_leaf(d->blocks[b].kind) && d->blocks[b].off <= off)
			sec = d->blocks[b].section;
	return sec;
}

/* The text of section `sec`: its first block to the next's. */
static void
section_range(const struct doc *d, size_t sec, size_t *from, size_t *to)
{
	*from = d->blocks[d->sections[sec].first].off;
	*to = sec + 1 < d->nsections ?
	    d->blocks[d->sections[sec + 1].first].off : d->text.len;
}

static void
test_sample_counts(const struct doc *d)
{
	struct search	 s;
	size_t		 i, sec = talk_section(d, 4), nsec = 0;
	bool		 ok = true;

	search_init(&s);
	run(&s, d, "Kroah", 0);
	tap_ok(s.n == 1 && sec != NONE && s.count[sec] == 1 &&
	    section_of(d, s.m[0].off) == sec,
	    "Kroah: one match, in talk 4's section");
	run(&s, d, "talk", 0);
	for (i = 0; i < s.nsections; i++)
		nsec += s.count[i] > 0;
	for (i = 0; i < s.n; i++)
		if (section_of(d, s.m[i].off) == NONE ||
		    s.count[section_of(d, s.m[i].off)] == 0)
			ok = false;
	tap_ok(s.n >= 8 && nsec >= 4 && ok && is_well_formed(&s),
	    "talk: %zu matches in %zu sections, each counted in its own",
	    s.n, nsec);
	search_release(&s);
}

static void
test_sample_scope(const struct doc *d)
{
	struct search		 all, one;
	struct search_index	*ix = search_index_new(d);
	size_t			 sec = talk_section(d, 3), from, to, i, j = 0;
	bool			 ok = true;

	search_init(&all);
	search_init(&one);
	search_run(&all, ix, d, "the", 0, 0, 0, NULL, 0);
	section_range(d, sec, &from, &to);
	search_run(&one, ix, d, "the", 0, from, to, NULL, 0);
	while (j < all.n && all.m[j].off < from)
		j++;
	for (i = 0; i < one.n && ok; i++, j++)
		ok = j < all.n && all.m[j].off == one.m[i].off &&
		    all.m[j].len == one.m[i].len;
	ok = ok && (j == all.n || all.m[j].off >= to);
	tap_ok(ok && one.n > 0 && one.n == one.count[sec] &&
	    one.first == from && one.end == to,
	    "scope: talk 3's section alone gives its %zu matches of the "
	    "whole run's %zu", one.n, all.n);
	search_run(&one, ix, d, "the", SEARCH_REGEX, from, to, NULL, 0);
	tap_is_int((long long)one.n, (long long)all.count[sec],
	    "scope: the same with a regex");
	search_run(&one, ix, d, "Kroah", 0, from, to, NULL, 0);
	tap_is_int((long long)one.n, 0, "scope: Kroah is not in talk 3");
	search_release(&all);
	search_release(&one);
	search_index_free(ix);
}

/* search_next() and search_within() on "ab" in "ab ab ab ab". */
static void
test_next_within(void)
{
	struct search	 s;
	struct doc	*d = testdoc_load("ab ab ab ab");
	size_t		 n, first;

	search_init(&s);
	run(&s, d, "ab", 0);
	tap_ok(s.n == 4 && s.m[1].off == 3, "four matches, 3 bytes apart");
	tap_is_int((long long)search_next(&s, 0, true), 0,
	    "forward from 0: the first");
	tap_is_int((long long)search_next(&s, 1, true), 0,
	    "forward from inside a match: that match");
	tap_is_int((long long)search_next(&s, 2, true), 1,
	    "forward from a match's end: the next");
	tap_is_int((long long)search_next(&s, 10, true), 3,
	    "forward from inside the last: the last");
	tap_is_int((long long)search_next(&s, 11, true), -1,
	    "forward past the last: none, so the caller wraps to 0");
	tap_is_int((long long)search_next(&s, 0, false), -1,
	    "backward from 0: none, so the caller wraps to the end");
	tap_is_int((long long)search_next(&s, 3, false), 0,
	    "backward from a match's start: the one before");
	tap_is_int((long long)search_next(&s, 4, false), 1,
	    "backward from inside a match: that match");
	tap_is_int((long long)search_next(&s, d->text.len, false), 3,
	    "backward from the end: the last");
	first = search_within(&s, 1, 6, &n);
	tap_ok(first == 0 && n == 3, "within [1, 7): matches 0 to 2");
	first = search_within(&s, 2, 1, &n);
	tap_ok(first == NONE && n == 0, "within a blank: none");
	first = search_within(&s, 4, 1, &n);
	tap_ok(first == 1 && n == 1, "within one byte of a match: it");
	first = search_within(&s, 0, d->text.len, &n);
	tap_ok(first == 0 && n == 4, "within the whole text: all");
	first = search_within(&s, 5, 0, &n);
	tap_ok(first == NONE && n == 0, "within nothing: none");
	search_release(&s);
	doc_free(d);
	d = testdoc_load("nothing here");
	run(&s, d, "ab", 0);
	tap_ok(search_next(&s, 0, true) == NONE &&
	    search_next(&s, 5, false) == NONE &&
	    search_within(&s, 0, 5, &n) == NONE && n == 0,
	    "no matches: none every way");
	search_release(&s);
	doc_free(d);
}

static bool
same_matches(const struct search *a, const struct search *b)
{
	return a->n == b->n && (a->n == 0 ||
	    memcmp(a->m, b->m, a->n * sizeof(*a->m)) == 0) &&
	    a->nsections == b->nsections && (a->nsections == 0 ||
	    memcmp(a->count, b->count, a->nsections * sizeof(*a->count)) == 0);
}

/*
 * Search for `q` after each piece of a load, with one index; returns
 * whether the last run gave `want`.
 */
static bool
search_loading(const char *q, const struct search *want, size_t *steps)
{
	struct search		 s;
	struct search_index	*ix;
	struct load_job		*job;
	struct diag		 dg;
	char			 path[4096], err[256];
	bool			 more, ok;

	sample_path(path, sizeof(path));
	diag_init(&dg);
	if ((job = load_start(path, LOAD_PIECES, &dg, err,
	    sizeof(err))) == NULL) {
		diag_release(&dg);
		return false;
	}
	search_init(&s);
	ix = search_index_new(load_doc(job));
	do {
		more = load_next(job);
		search_run(&s, ix, load_doc(job), q, 0, 0, 0, NULL, 0);
		(*steps)++;
	} while (more);
	ok = same_matches(&s, want);
	search_index_free(ix);
	search_release(&s);
	load_free(job);
	diag_release(&dg);
	return ok;
}

/*
 * A doc searched while it loads, a piece at a time, with one index: once
 * loaded, the results are those of a fresh index on the whole doc.
 */
static void
test_loading(const struct doc *whole)
{
	static const char *const	 queries[] = { "the", "van riel",
					    "O(1) VM" };
	struct search			 want;
	size_t				 q, steps = 0;
	bool				 ok = true;

	search_init(&want);
	for (q = 0; q < sizeof(queries) / sizeof(*queries); q++) {
		run(&want, whole, queries[q], 0);
		if (!search_loading(queries[q], &want, &steps)) {
			tap_diag("%s: not the whole doc's matches", queries[q]);
			ok = false;
		}
	}
	tap_ok(ok && steps > 3 * 3, "a doc searched as it loads (%zu steps) "
	    "ends with the matches of the whole", steps);
	search_release(&want);
}

/* The leaf that holds `off`, by a plain walk. */
static size_t
block_of(const struct doc *d, size_t off)
{
	size_t	 b, found = NONE;

	for (b = 0; b < d->nblocks; b++)
		if (doc_is_leaf(d->blocks[b].kind) && d->blocks[b].off <= off)
			found = b;
	return found;
}

/*
 * The layout draws each match exactly: the bytes of the TEXT and SUBST
 * segments that meet the match, put together, are the match's bytes, but
 * for blanks the layout leaves out at the end of a line it wraps.  Counts
 * the lines the match is drawn on into `*lines`.
 */
static bool
drawn_exactly(const struct layout *l, const struct doc *d,
    const struct search_match *m, size_t *lines, char *why, size_t whylen)
{
	const struct layout_seg	*sg;
	unsigned char		*seen = xcalloc(m->len, 1);
	size_t			 i, j, lo, hi, k;
	bool			 ok = true, on;

	*lines = 0;
	for (i = 0; i < l->nlines; i++) {
		on = false;
		for (j = 0; j < l->lines[i].nseg; j++) {
			sg = &l->segs[l->lines[i].seg + j];
			if (sg->kind == LAYOUT_SEG_DECO ||
			    sg->off >= m->off + m->len ||
			    sg->off + sg->len <= m->off)
				continue;
			lo = sg->off > m->off ? sg->off : m->off;
			hi = sg->off + sg->len < m->off + m->len ?
			    sg->off + sg->len : m->off + m->len;
			for (k = lo; k < hi; k++)
				seen[k - m->off]++;
			on = true;
		}
		*lines += on;
	}
	for (k = 0; k < m->len && ok; k++) {
		if (seen[k] == 1 || (seen[k] == 0 && *lines > 1 &&
		    (d->text.data[m->off + k] == ' ' ||
		    d->text.data[m->off + k] == '\t')))
			continue;
		snprintf(why, whylen, "byte %zu of the match drawn %u times",
		    k, seen[k]);
		ok = false;
	}
	free(seen);
	return ok;
}

/* Every match of `q` in `d`, `want` of them, at widths 20 to 120. */
static void
test_layout_query(const struct doc *d, const char *name, const char *q,
    size_t want)
{
	struct search		 s;
	struct layout		 l;
	size_t			 i, lines, wrapped = 0;
	unsigned int		 w;
	char			 why[128] = "";
	bool			 ok;

	search_init(&s);
	layout_init(&l);
	run(&s, d, q, 0);
	ok = s.n == want;
	for (w = 20; w <= 120 && ok; w++) {
		for (i = 0; i < s.n && ok; i++) {
			layout_block(&l, d, block_of(d, s.m[i].off), w);
			ok = drawn_exactly(&l, d, &s.m[i], &lines, why,
			    sizeof(why));
			wrapped += lines > 1;
			if (!ok)
				tap_diag("width %u, match %zu: %s", w, i, why);
		}
	}
	tap_ok(ok, "layout: %s: %zu matches drawn exactly at widths 20-120, "
	    "%zu times wrapped", name, s.n, wrapped);
	layout_release(&l);
	search_release(&s);
}

static void
test_layout(const struct doc *sample)
{
	struct doc	*d;

	test_layout_query(sample, "van Riel", "van Riel", 1);
	test_layout_query(sample, "Kroah-Hartman", "Kroah-Hartman", 1);
	test_layout_query(sample, "the", "the", 126);
	/* In the sample both open a line; here they come mid-paragraph. */
	d = testdoc_load("Among the speakers, as every year, were Rik van Riel and "
	    "Greg Kroah-Hartman, who spoke at length; Rik van Riel again "
	    "later, and Greg Kroah-Hartman too.");
	test_layout_query(d, "van Riel, mid-paragraph", "van Riel", 2);
	test_layout_query(d, "Kroah-Hartman, mid-paragraph", "Kroah-Hartman",
	    2);
	test_layout_query(d, "a long phrase", "rik van riel and greg kroah",
	    1);
	doc_free(d);
	d = testdoc_load("Plain words, then *an emphasised phrase inside a span* "
	    "and **strong words** with `code\tspan`, a [link text here]"
	    "(http://example.com) and more plain words to wrap.");
	test_layout_query(d, "inside a span", "emphasised phrase inside", 1);
	test_layout_query(d, "across spans", "span and strong words with co",
	    1);
	test_layout_query(d, "a link and its number", "link text here and",
	    1);
	doc_free(d);
	d = testdoc_load("Tabs\tand\tcontrols\x01 in *a\tspan\x02 that* wraps "
	    "around \x03 a lot.");
	test_layout_query(d, "substitutes", "and\tcontrols\x01 in a", 1);
	test_layout_query(d, "a control in a span", "span\x02 that", 1);
	doc_free(d);
}

/*
 * A code block of 300 lines is kept as two leaves (the first 256 lines,
 * then the rest); to a search it is one block, as to a reader.
 */
static void
test_code_parts(void)
{
	struct search	 s;
	struct doc	*d;
	struct buf	 md;
	size_t		 i;

	buf_init(&md);
	buf_adds(&md, "```\n");
	for (i = 0; i < 300; i++)
		buf_adds(&md, i == 255 ? "foo\n" : i == 256 ? "bar\n" : "x\n");
	buf_adds(&md, "```\n\nbar after.\n");
	d = testdoc_load_with(md.data, md.len, 0);
	search_init(&s);
	tap_ok(d->nblocks == 3 && (d->blocks[1].flags & DOC_CONTINUED),
	    "300 lines of code: two leaves, the second going on");
	tap_ok(run(&s, d, "foo[[:space:]]bar", SEARCH_REGEX) == 0 &&
	    s.n == 1, "a regex matches across the leaves' parting");
	tap_ok(run(&s, d, "x bar", 0) == 0 && s.n == 0,
	    "no match joins the code to the paragraph after");
	search_release(&s);
	doc_free(d);
	buf_release(&md);
}

int
main(void)
{
	struct doc	*sample;

	setlocale(LC_ALL, "");
	tap_plan(0);
	test_fold_strings();
	test_fold_map();
	test_fold_pieces();
	test_cases();
	test_edges();
	test_next_within();
	test_code_parts();
	if ((sample = load_sample()) == NULL)
		tap_ok(false, "the sample loads");
	else {
		test_sample_counts(sample);
		test_sample_scope(sample);
		test_loading(sample);
		test_layout(sample);
		doc_free(sample);
	}
	return tap_done();
}
