/*
 * t-pieces: loading an article a piece at a time gives exactly the doc of
 * one whole parse: the same text, blocks, spans, sections, speakers and
 * links, on the sample, on crafted articles full of traps for the cuts
 * (headings in fences and HTML blocks, definitions before and after their
 * uses), on thousands of random articles made of such traps, and on the
 * corpus when it is there.  Also the prescan's verdicts.
 *
 * usage: t-pieces [--corpus DIR | --file PATH | --random SEED COUNT]
 *
 * --file checks one article, such as one that the random test saved when
 * it failed; --random runs the random test from another seed.
 */
#include "load.h"

#include <sys/stat.h>

#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmark.h>

#include "diag.h"
#include "doc.h"
#include "dump.h"
#include "prescan.h"
#include "tap.h"
#include "testdoc.h"
#include "util.h"

/* Where two docs first differ, or NULL when they are the same. */
static const char *
doc_diff(const struct doc *a, const struct doc *b)
{
	size_t	 i;

	if (a->text.len != b->text.len ||
	    memcmp(a->text.data, b->text.data, a->text.len) != 0)
		return "text";
	if (a->urls.len != b->urls.len ||
	    memcmp(a->urls.data, b->urls.data, a->urls.len) != 0)
		return "link destinations";
	if (a->nblocks != b->nblocks)
		return "number of blocks";
	for (i = 0; i < a->nblocks; i++)
		if (memcmp(&a->blocks[i], &b->blocks[i], sizeof(*a->blocks)))
			return "a block";
	if (a->nspans != b->nspans)
		return "number of spans";
	for (i = 0; i < a->nspans; i++)
		if (memcmp(&a->spans[i], &b->spans[i], sizeof(*a->spans)))
			return "a span";
	if (a->ncells != b->ncells || (a->ncells > 0 && memcmp(a->cells,
	    b->cells, a->ncells * sizeof(*a->cells))))
		return "table cells";
	if (a->nsections != b->nsections)
		return "number of sections";
	for (i = 0; i < a->nsections; i++)
		if (memcmp(&a->sections[i], &b->sections[i],
		    sizeof(*a->sections)))
			return "a section";
	if (a->nspeakers != b->nspeakers || (a->nspeakers > 0 &&
	    memcmp(a->speakers, b->speakers, a->nspeakers *
	    sizeof(*a->speakers))))
		return "speakers";
	if (a->title != b->title || a->byline != b->byline ||
	    a->nlinks != b->nlinks || a->ntalks != b->ntalks)
		return "title, byline or counts";
	return NULL;
}

/*
 * Where the docs of a whole parse and of pieces first differ, or NULL;
 * `how` says which pieces: of the usual sizes, or cut at every cut.  The
 * whole parse's numbers of blocks and sections go to `nb` and `ns`.
 */
static const char *
pieces_diff(const char *md, size_t len, const char **how, size_t *nb,
    size_t *ns)
{
	struct doc	*whole, *pieces, *each;
	const char	*w;

	whole = testdoc_load_with(md, len, LOAD_WHOLE);
	pieces = testdoc_load_with(md, len, 0);
	each = testdoc_load_with(md, len, LOAD_PIECES);
	*how = "in pieces of the usual sizes";
	if ((w = doc_diff(whole, pieces)) == NULL) {
		*how = "cut at every cut";
		w = doc_diff(whole, each);
	}
	*nb = whole->nblocks;
	*ns = whole->nsections;
	doc_free(whole);
	doc_free(pieces);
	doc_free(each);
	return w;
}

/* The doc of a whole parse, against pieces of every size. */
static void
same_both_ways(const char *name, const char *md, size_t len)
{
	const char	*w, *how;
	size_t		 nb, ns;

	w = pieces_diff(md, len, &how, &nb, &ns);
	tap_ok(w == NULL, "%s: pieces give the whole parse's doc (%zu blocks, "
	    "%zu sections)", name, nb, ns);
	if (w != NULL)
		tap_diag("%s, differs in %s", how, w);
}

/* How many cuts the prescan finds, or -1 when it is unsure. */
static long
cuts(const char *md)
{
	struct prescan	 ps;
	long		 n;

	prescan_init(&ps);
	prescan_run(&ps, md, strlen(md));
	n = ps.unsure ? -1 : (long)ps.ncuts;
	prescan_release(&ps);
	return n;
}

static const struct {
	const char	*name;
	const char	*md;
	long		 cuts;		/* -1: unsure, parsed whole */
} traps[] = {
	{ "plain sections", "# A\n\ntext\n\n## B\n\nmore\n\n## C\n", 2 },
	{ "a heading in a backtick fence",
	    "# A\n\n```\n# not\n```\n\n# B\n", 1 },
	{ "a heading in a tilde fence", "~~~~\n# not\n~~~\n# not\n~~~~\n# B\n",
	    1 },
	{ "a longer closing fence", "```\n# not\n``````\n# B\n", 1 },
	{ "a backtick line that does not close", "```\n# not\n``` x\n# not\n",
	    0 },
	{ "an unclosed fence", "# A\n```\n# not\n\n# not\n", 0 },
	{ "a comment", "# A\n<!--\n# not\n-->\n# B\n", 1 },
	{ "a comment closed on its line", "<!-- x -->\n# A\n", 1 },
	{ "script", "<script>\n# not\n</script>\n# A\n", 1 },
	{ "pre, any case", "<PRE>\n# not\n</pre>\n# A\n", 1 },
	{ "style", "<style type=x>\n# not\n</style>\n# A\n", 1 },
	{ "textarea", "<textarea>\n# not\n</textarea>\n# A\n", 1 },
	{ "processing instruction", "<?php\n# not\n?>\n# A\n", 1 },
	{ "declaration", "<!DOCTYPE\n# not\n>\n# A\n", 1 },
	{ "CDATA", "<![CDATA[\n# not\n]]>\n# A\n", 1 },
	{ "a block tag until a blank line", "<div>\n# not\n\n# A\n", 1 },
	{ "any tag until a blank line", "<span>\n# not\n\n# A\n", 1 },
	{ "setext headings", "A\n===\n\nB\n---\n# C\n", 1 },
	{ "a list before a heading", "- a\n- b\n# A\n  - c\n", 1 },
	{ "a quote before a heading", "> a\n> b\n# A\n> c\n", 1 },
	{ "an indented heading is no cut", "- a\n\n  # in the item\n", 0 },
	{ "reference before definition",
	    "# A\n\nSee [x] and [y][].\n\n# B\n\n[x]: /one\n\n"
	    "[y]: <two> 'Title\nover lines'\n", 1 },
	{ "duplicate labels", "# A\n\n[d]\n\n# B\n\n[d]: /first\n\n# C\n\n"
	    "[d]: /second\n", 2 },
	{ "a label defined before the last piece and again in it",
	    "# A\n\n[d]: /first\n\n# B\n\n[d]\n\n[d]: /second\n", 1 },
	{ "a reference over two lines of a quote",
	    "# A\n\n[foo bar]: /first\n\n# B\n\n> [foo\n> bar]\n", 1 },
	{ "a reference over lines of quotes in quotes",
	    "# A\n\n[foo bar baz]: /first\n\n# B\n\n> > [foo\n> > bar\n"
	    "> baz]\n\n# C\n", 2 },
	{ "a label defined in a piece and again after it",
	    "# A\n\n[d]: /first\n\n[d]\n\n# B\n\n[d]: /second\n", 1 },
	{ "the last piece's own definitions, used before them in it",
	    "# A\n\n[e]\n\n# B\n\n[e] [f][]\n\n[f]: /f\n\n[e]: /e\n\n"
	    "[f]: /not\n", 1 },
	{ "definitions in code do not count",
	    "# A\n\n[c]\n\n```\n[c]: /not\n```\n\n    [c]: /not\n\n# B\n", 1 },
	{ "a definition that continues a paragraph does not count",
	    "# A\n\n[e]\n\n# B\n\ntext\n[e]: /not\n", 1 },
	{ "definitions then text", "# A\n\n[f] [g]\n\n# B\n\n[f]: /f\n"
	    "[g]: /g\ntext after\n", 1 },
	{ "a definition in a quote: unsure", "# A\n\n[q]\n\n> [q]: /q\n", -1 },
	{ "a fence in a list item ends with the item",
	    "- a\n\n  ```\n# the item and the fence end\n", 1 },
	{ "a fence in a list item holds an indented heading",
	    "1. a\n\n   ```\n   # in code\n   ```\n# B\n", 1 },
	{ "a fence in a quote ends with the quote",
	    "> ```\n> # in code\n# B\n", 1 },
	{ "a list item's fence after a tab", "-\t```\n\t# in code\n# B\n",
	    1 },
	{ "the seventh kind of HTML block cannot interrupt a paragraph",
	    "Some text\n<br>\n```\ncode\n\n# in code\n```\n# B\n", 1 },
	{ "nor a paragraph it would go on lazily",
	    "   - item\n</script>\n<pre>\n\n## in the pre block\n", 0 },
	{ "the seventh kind after a blank line",
	    "text\n\n<br>\n# in the HTML block\n\n# B\n", 1 },
	{ "a pre block ends at any of the four end tags",
	    "<pre>\n</script>\n</pre>\n# in a block of the seventh kind\n"
	    "\n# B\n", 1 },
	{ "a declaration needs an upper-case letter",
	    "<!doctype html\n# A\n", 1 },
	{ "CDATA in any case", "<![cdata[\n# not\n]]>\n# A\n", 1 },
	{ "a lazy underline is text, and so is the definition after it",
	    "> quote\n===\n[foo]: /url\n\n# A\n\n[foo]\n", 1 },
	{ "a destination that opens with a bracket",
	    "# A\n\n[bar] [baz]\n\n# B\n\n[bar]:\n[baz]\n", 1 },
	{ "a definition on an indented line of a paragraph",
	    "# A\n\n[b]\n\n# B\n\n[a]: /a\n      [b]: /b\n", 1 },
	{ "a label over two lines", "# A\n\n[foo bar]\n\n# B\n\n"
	    "[foo\nbar]: /x\n", 1 },
	{ "a link over two lines in a list item is no definition",
	    "- [a\n  b](/x)\n# A\n", 1 },
	{ "an ordered item other than 1 cannot interrupt a paragraph",
	    "# A\n\n[foo]\n\n# B\n\ntext\n2. [foo]: /x\n", 1 },
	{ "a definition over two lines in a list item: unsure",
	    "# A\n\n[foo bar]\n\n# B\n\n- [foo\n  bar]: /x\n", -1 },
	{ "an item that opens with a blank line ends at the next",
	    "-\n\n  <pre>\n# in the pre block\n", 0 },
	{ "a definition after an HTML closing tag, in a list item: unsure",
	    "[foo]\n</pre>\n* [foo]: /y\n\n[foo]: /url\n", -1 },
	{ "definitions under a setext underline: unsure",
	    "[foo]: /url\n===\n\n# A\n\n[foo]\n", -1 },
	{ "a byte order mark, and a prelude",
	    "\xef\xbb\xbf# T\n\n[a]\n\n# B\n\n[a]: /a\n", 1 },
	{ "CR LF line ends", "# A\r\n\r\n```\r\n# not\r\n```\r\n# B\r\n", 1 },
	{ "one giant piece", "no heading at all\n\njust text\n", 0 },
	{ "a label that folds to an ASCII one (sharp s)",
	    "# A\n\nSee [ss].\n\n# B\n\n[\xc3\x9f]: /sharp\n\n"
	    "[ss]: /ascii\n", 1 },
	{ "a label that folds to an ASCII one (Kelvin sign)",
	    "# A\n\nSee [k].\n\n# B\n\n[\xe2\x84\xaa]: /kelvin\n\n"
	    "[k]: /ascii\n", 1 },
	{ "an ASCII definition, a reference that folds to it",
	    "# A\n\n[ss]: /ascii\n\n# B\n\nSee [\xc3\x9f].\n", 1 },
};

static void
test_traps(void)
{
	size_t	 i;
	long	 n;

	for (i = 0; i < sizeof(traps) / sizeof(*traps); i++) {
		/* CR LF articles are cut after the sanitiser: test that. */
		if (strchr(traps[i].md, '\r') == NULL) {
			n = cuts(traps[i].md);
			if (!tap_is_int(n, traps[i].cuts, "prescan: %s",
			    traps[i].name))
				tap_diag("%s", traps[i].md);
		}
		same_both_ways(traps[i].name, traps[i].md,
		    strlen(traps[i].md));
	}
}

/* Many sections with references across them, in pieces of every size. */
static void
test_many(void)
{
	struct buf	 md;
	size_t		 i;

	buf_init(&md);
	for (i = 0; i < 2000; i++) {
		buf_printf(&md, "## Talk %zu\n\nJane Doe%zu discussed [it][r%zu] "
		    "and [that][r%zu].\n\n", i, i, (i * 7) % 2000, i);
		if (i % 3 == 0)
			buf_printf(&md, "```\n# %zu\n```\n\n", i);
		buf_printf(&md, "[r%zu]: /r/%zu\n\n", i, i);
	}
	same_both_ways("2,000 sections, references across them", md.data,
	    md.len);
	buf_release(&md);
}

/*
 * Tables: next to a cut, before and after a heading, and with references
 * in their cells whose definitions come at the end, at the top level, in
 * a quote and in a list.
 */
static void
test_tables(void)
{
	static const struct {
		const char	*name;
		const char	*md;
	} tables[] = {
		{ "a table before a cut", "| a | b |\n|---|---|\n| 1 | 2 |\n"
		    "# Next\n" },
		{ "a table right after a cut", "# Heading\n| a | b |\n|--|--|\n"
		    "| [r0] | [t][r1] |\n" },
		{ "a table in a quote", "> | a | [r0] |\n> |---|---|\n"
		    "> | [r1][] | ![i][r0] |\n" },
		{ "a table in a list", "- x\n\n  | a | b |\n  |:-:|--:|\n"
		    "  | [r0] | c |\n" },
		{ "a table a paragraph runs into", "Intro [r0].\na | b\n- | -\n"
		    "[r1] | x\n2. after\n" },
		{ "a cell's label defined with its destination on a line "
		    "that opens with '['", "| h1 | h2 |\n|---|---|\n"
		    "| x | [!x] |\n\n# Heading\n\n[Foo]:  !\n[!x]:  /p(q)\n"
		    "[z]\n\n[!x]:\n[z]\n" },
		{ "a cell's label on a line of another definition's title",
		    "| h |\n|---|\n| [c] |\n\n[q]: /u \"t\n[c]: /x\"\n" },
	};
	struct buf	 md;
	size_t		 i, j;

	for (i = 0; i < sizeof(tables) / sizeof(*tables); i++) {
		buf_init(&md);
		buf_adds(&md, tables[i].md);
		same_both_ways(tables[i].name, md.data, md.len);
		for (j = 0; j < 400; j++)
			buf_printf(&md, "## Talk %zu\n\n| Speaker | Talk |\n"
			    "|---|---|\n| Jane Doe%zu | [it][r%zu] |\n\n%s",
			    j, j, j, j % 50 == 0 ? tables[i].md : "");
		buf_adds(&md, "[r0]: /late\n[r1]: /later\n");
		same_both_ways(tables[i].name, md.data, md.len);
		buf_release(&md);
	}
}

/*
 * Footnotes: referred to early and defined at the end, defined first,
 * in quotes and lists, one definition read as a link's, one that no
 * reference names, one never defined.
 */
static void
test_notes(void)
{
	static const struct {
		const char	*name;
		const char	*md;
	} notes[] = {
		{ "a note defined at the end", "# A\n\nSee[^a].\n" },
		{ "a note defined first", "[^f]: First.\n\n# A\n\nSee[^f].\n" },
		{ "a note in a quote", "> Quoted[^q] text.\n>\n> [^q]: In the "
		    "quote.\n" },
		{ "a note in a list", "- Item[^l]\n- [^l]: Listed *note*.\n" },
		{ "a note read as a link's", "# L\n\nA[^u] link note.\n\n"
		    "[^u]: https://example.com/u\n" },
		{ "an undefined note", "# U\n\nNo[^nothing] note.\n" },
		{ "a link's note that goes on", "[^g]: https://example.com/g\n"
		    "    retrieved later.\n\n# G\n\nSee[^g].\n" },
		{ "a note with blocks under it", "# B\n\nSee[^b].\n\n"
		    "[^b]: Has a list:\n\n    - one\n    - two\n\n"
		    "        code\n" },
		{ "a link's note with blocks", "# K\n\nSee[^k].\n\n"
		    "[^k]: word\n\n    More.\n" },
		{ "a second definition", "# D\n\nSee[^d].\n\n[^d]: one\n"
		    "    goes on\n[^d]: two\n" },
	};
	struct buf	 md;
	size_t		 i, j;

	for (i = 0; i < sizeof(notes) / sizeof(*notes); i++) {
		buf_init(&md);
		buf_adds(&md, notes[i].md);
		same_both_ways(notes[i].name, md.data, md.len);
		for (j = 0; j < 400; j++)
			buf_printf(&md, "## Talk %zu\n\nJane Doe%zu spoke[^a]"
			    "[^n%zu].\n\n", j, j, j % 7);
		for (j = 0; j < 7; j++)
			buf_printf(&md, "[^n%zu]: Note %zu,\nover two lines.\n",
			    j, j);
		buf_adds(&md, "[^a]: The last note.\n");
		same_both_ways(notes[i].name, md.data, md.len);
		buf_release(&md);
	}
}

/*
 * Front matter, read and blanked before any cut: in pieces as whole, with
 * the title made a heading or the body's own, a byline, malformed front
 * matter shown as code, and a "---" block that is Markdown after all.
 */
static void
test_front(void)
{
	static const struct {
		const char	*name;
		const char	*md;
	} heads[] = {
		{ "YAML front matter", "---\ntitle: Front\nauthor: Jane Roe\n"
		    "date: 2003-07-28\n---\n" },
		{ "front matter over the body's own title",
		    "---\ntitle: Front\n---\n# Own title\n\n" },
		{ "TOML front matter", "+++\ntitle = \"Front\"\nauthors = "
		    "[\"A B\", \"C D\"]\n+++\n" },
		{ "malformed front matter", "---\ntitle: [bad\n---\n" },
		{ "rules around a paragraph", "---\n\nA paragraph between "
		    "rules.\n\n---\n" },
		{ "empty front matter", "---\n---\n" },
		{ "only front matter", "---\ntitle: Only front matter\n---" },
	};
	struct buf	 md;
	size_t		 i, j;

	for (i = 0; i < sizeof(heads) / sizeof(*heads); i++) {
		buf_init(&md);
		buf_adds(&md, heads[i].md);
		same_both_ways(heads[i].name, md.data, md.len);
		for (j = 0; j < 400; j++)
			buf_printf(&md, "## Talk %zu\n\nJane Doe%zu discussed "
			    "[it][r%zu].\n\n", j, j, j);
		buf_adds(&md, "[r0]: /late\n");
		same_both_ways(heads[i].name, md.data, md.len);
		buf_release(&md);
	}
}

/*
 * The random test.  Articles are made of the constructs the cuts and the
 * preludes must get right: headings, fences of ` and ~ of every length,
 * HTML blocks of the seven kinds with and without their ends, setext
 * underlines, breaks, indented code, definitions over lines, references
 * to them; now and then in a quote or a list item, with lazy lines; some
 * padded past the first piece.  Each is loaded whole and in pieces.
 */
#define GEN_NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* Documents the random test makes, and the seed it starts from. */
#define GEN_COUNT	5000
#define GEN_SEED	20240611ULL

/* Padding, in bytes: past the first piece, which is 16 KiB. */
#define GEN_PADDING	(17 * 1024)

struct gen {
	uint64_t	 state;		/* splitmix64: the same everywhere */
	struct buf	 lines;		/* a construct, a line each */
};

static uint64_t
gen_next(struct gen *g)
{
	uint64_t	 z = (g->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static size_t
gen_below(struct gen *g, size_t n)
{
	return (size_t)(gen_next(g) % n);
}

static const char *
gen_pick(struct gen *g, const char *const *list, size_t n)
{
	return list[gen_below(g, n)];
}

/* Labels that fold together, and one with an escaped bracket. */
static const char *const gen_labels[] = {
	"foo", "Foo", "bar", "BAZ", "a b", "A  b", "\xc3\xbc", "\xc3\x9c",
	"x\\]y"
};

static const char *
gen_label(struct gen *g)
{
	return gen_pick(g, gen_labels, GEN_NELEM(gen_labels));
}

/* A line of the construct; "%L" and "%M" are labels. */
static void
gen_line(struct gen *g, const char *fmt)
{
	const char	*p;

	for (p = fmt; *p != '\0'; p++) {
		if (p[0] == '%' && (p[1] == 'L' || p[1] == 'M')) {
			buf_adds(&g->lines, gen_label(g));
			p++;
		} else
			buf_addc(&g->lines, *p);
	}
	buf_addc(&g->lines, '\n');
}

static void
gen_lines(struct gen *g, const char *const *list, size_t n, size_t most)
{
	size_t	 i, count = gen_below(g, most + 1);

	for (i = 0; i < count; i++)
		gen_line(g, gen_pick(g, list, n));
}

/* What may be inside a fence or an HTML block: the ends of all kinds. */
static const char *const gen_inside[] = {
	"# a heading inside", "[%L]: /inside", "text", "", "<div>",
	"</script>", "</pre>", "</STYLE>", "x </textarea> y", "-->", "?>",
	">", "]]>", "```", "~~~", "````", "  ```", "    ```", "- item",
	"> quote"
};

static void
gen_heading(struct gen *g)
{
	static const char *const indent[] = { "", "", "", " ", "   ", "    ",
	    "\t" };
	static const char *const title[] = { " Title", " Title", "",
	    "nospace", " Title ##", "\tTabbed", " [%L]" };
	char	 line[64];

	snprintf(line, sizeof(line), "%s%.*s%s",
	    gen_pick(g, indent, GEN_NELEM(indent)),
	    (int)(1 + gen_below(g, 7)), "#######",
	    gen_pick(g, title, GEN_NELEM(title)));
	gen_line(g, line);
}

static void
gen_fence(struct gen *g)
{
	static const char *const indent[] = { "", "", " ", "   ", "    " };
	static const char *const info[] = { "", "", " c", " x`y", " ~" };
	static const char *const tail[] = { "", "", "  ", " x" };
	char	 line[64], c = gen_below(g, 2) ? '`' : '~';
	size_t	 n = 3 + gen_below(g, 3), close;

	snprintf(line, sizeof(line), "%s%.*s%s",
	    gen_pick(g, indent, GEN_NELEM(indent)), (int)n,
	    c == '`' ? "`````" : "~~~~~", gen_pick(g, info, GEN_NELEM(info)));
	gen_line(g, line);
	gen_lines(g, gen_inside, GEN_NELEM(gen_inside), 3);
	if (gen_below(g, 5) == 0)
		return;
	close = n - 1 + gen_below(g, 3);
	snprintf(line, sizeof(line), "%s%.*s%s",
	    gen_pick(g, indent, GEN_NELEM(indent)), (int)close,
	    c == '`' ? "``````" : "~~~~~~", gen_pick(g, tail, GEN_NELEM(tail)));
	gen_line(g, line);
}

static void
gen_html(struct gen *g)
{
	static const char *const start[] = {
		"<script>", "<pre class=\"x\">", "<style", "<TEXTAREA>",
		"<pre>one line</pre>", "<!--", "<!-- one line -->", "<?php",
		"<? x ?>", "<!DOCTYPE html", "<!ELEMENT x>", "<!doctype html>",
		"<![CDATA[", "<![cdata[ x ]]>", "<div>", "</div>",
		"<table class=x>", "<p/>", "<DIV", "<div/x", "<span>", "</em>",
		"<a href=\"x\">", "<br/>", "<x y=z w>", "<a b=x !y>",
		"<span> and text", "<a\tb='c'>", " <span>", "  <pre>", "    <div>"
	};

	gen_line(g, gen_pick(g, start, GEN_NELEM(start)));
	gen_lines(g, gen_inside, GEN_NELEM(gen_inside), 3);
}

/* Link reference definitions, some over lines, some not quite. */
static void
gen_definition(struct gen *g)
{
	static const char *const form[] = {
		"[%L]: /url", "[%L]: /url", "[%L]: <u v> \"title\"",
		"[%L]:\n/url", "[%L]: /url\n'title'", "[%L]: /url 'multi\nline'",
		"[%L]:\n[%M]", "[%L]: /url\n      [%M]: /other", "   [%L]: /x",
		"[%L]: /url 'unclosed", "[%L\n%M]: /span", "\\[%L]: /escaped",
		"[%L]: /url\n===", "[%L]: /url\n---", "[%L]: /a\n[%M]: /b",
		"[%L]: /url \"t\" junk", "[%L]:", "[%L]: /url\n\t[%M]: /tab",
		"[%L]: /url\n(title)", "[]: /empty"
	};

	gen_line(g, gen_pick(g, form, GEN_NELEM(form)));
}

static void
gen_construct(struct gen *g)
{
	static const char *const text[] = {
		"Some text here.", "text with [%L] in it", "  indented text",
		"lazy [%L][] text", "<span>inline</span> text",
		"a hard break\\", "    four spaces of text", "1986. A year",
		"See [%L], [text][%M] and ![img][%L].", "[%L] opens this line",
		"[a link\nover lines](/x)", "[%L]\n: no definition",
		"| a | [%L] |", "|---|:-:|", "x | y\n--|--\n[%L] | `z|w`",
		"| [%L] \\| |", "a note[^%L] here", "[^%L]: a note",
		/* Templates, whose blocks a cut may fall in. */
		"{% highlight c %}", "{% endhighlight %}", "{% raw %}",
		"{% endraw %}", "{% comment %}\n# not", "{% endcomment %}",
		"{{< notice tip >}}", "{{< /notice >}}", "{{% note %}}\n# x",
		"{{% /note %}}", "{: .lead}", "[x]({{ site.url }}/%L){:t=\"_b\"}",
		"{{< figure src=\"a.png\"\ncaption=\"[%L]\" >}}",
		"* TOC\n{:toc}", "import X from 'y'", "{{</* x */>}}",
		"{% include x.html\n a=1 %}", "{{< highlight go >}}",
		"{{< /highlight >}}", "{::comment}", "{:/comment}"
	};
	static const char *const under[] = { "===", "---", "  ==  ", "= =",
	    "-", "----  ", "=" };
	static const char *const brk[] = { "***", "- - -", "___", " * * *",
	    "*\t*\t*" };
	static const char *const code[] = { "    code [%L]: /x", "\tcode line",
	    "     # code heading" };
	static const char *const item[] = { "-", "1.", "2)", "- ", "*" };

	/* Weights: a setext underline makes definitions above it unsure. */
	switch (gen_below(g, 24)) {
	case 0:
	case 1:
	case 2:
	case 3:
		gen_heading(g);
		break;
	case 4:
	case 5:
	case 6:
		gen_fence(g);
		break;
	case 7:
	case 8:
	case 9:
		gen_html(g);
		break;
	case 10:
	case 11:
	case 12:
		gen_line(g, "");
		break;
	case 13:
		gen_line(g, gen_pick(g, under, GEN_NELEM(under)));
		break;
	case 14:
		gen_line(g, gen_pick(g, brk, GEN_NELEM(brk)));
		break;
	case 15:
	case 16:
	case 17:
		gen_definition(g);
		break;
	case 18:
		gen_line(g, gen_pick(g, code, GEN_NELEM(code)));
		break;
	case 19:
		gen_line(g, gen_pick(g, item, GEN_NELEM(item)));
		break;
	default:
		gen_lines(g, text, GEN_NELEM(text), 3);
		break;
	}
}

/*
 * A container for a construct: the first line's marks, and what the
 * lines after it take to go on in it.
 */
static const struct {
	const char	*first;
	const char	*more;
} gen_boxes[] = {
	{ "> ", "> " }, { ">", ">" }, { "> > ", "> > " }, { "   > ", "> " },
	{ ">\t", ">\t" }, { "- ", "  " }, { "* ", "  " }, { "+ ", "  " },
	{ "1. ", "   " }, { "2) ", "   " }, { "10. ", "    " },
	{ "-\t", "\t" }, { "-    ", "  " }, { "1.  ", "    " },
	{ "- > ", "  > " }, { "> - ", ">   " }, { " - ", "   " },
	{ "- - ", "    " }, { "1. - ", "     " }, { "    > ", "    > " }
};

/* Add the construct in `g->lines` to `md`, in a container or not. */
static void
gen_place(struct gen *g, struct buf *md)
{
	const char	*line = g->lines.data, *nl, *more;
	size_t		 box = 0, i;
	bool		 boxed;

	/* A definition in a container makes the prescan give up: rarely. */
	boxed = gen_below(g, line[strspn(line, " ")] == '[' ? 12 : 3) == 0;

	if (boxed)
		box = gen_below(g, GEN_NELEM(gen_boxes));
	for (i = 0; (nl = strchr(line, '\n')) != NULL; i++, line = nl + 1) {
		if (boxed && i == 0)
			buf_adds(md, gen_boxes[box].first);
		else if (boxed) {
			/* Mostly the container goes on; or a lazy line. */
			more = gen_boxes[box].more;
			switch (gen_below(g, 6)) {
			case 0:
				break;
			case 1:
				buf_add(md, more, strlen(more) / 2);
				break;
			case 2:
				buf_adds(md, more);
				buf_adds(md, "    ");
				break;
			default:
				buf_adds(md, more);
				break;
			}
		}
		buf_add(md, line, (size_t)(nl - line));
		buf_addc(md, '\n');
	}
	g->lines.len = 0;
	g->lines.data[0] = '\0';
}

/* Paragraphs past the first piece, with headings now and then. */
static void
gen_padding(struct gen *g, struct buf *md)
{
	size_t	 start = md->len, i;
	bool	 headings = gen_below(g, 2) == 0;

	for (i = 0; md->len - start < GEN_PADDING; i++) {
		if (headings && i % 24 == 0)
			buf_printf(md, "## Padding %zu\n\n", i);
		buf_printf(md, "Padding paragraph %zu, a few words to fill the "
		    "first piece, and a reference to [%s].\n\n", i,
		    gen_label(g));
	}
}

/* Article number `i` from `seed`, into `md`. */
static void
gen_article(uint64_t seed, size_t i, struct buf *md)
{
	struct gen	 g;
	size_t		 n, k, pad;

	g.state = seed * 0x100000001b3ULL + i;
	buf_init(&g.lines);
	buf_reserve(&g.lines, 1);
	g.lines.data[0] = '\0';
	md->len = 0;
	if (gen_below(&g, 20) == 0)
		buf_adds(md, "\xef\xbb\xbf");
	n = 3 + gen_below(&g, 40);
	pad = gen_below(&g, 4) == 0 ? gen_below(&g, n) : n;
	for (k = 0; k < n; k++) {
		if (k == pad)
			gen_padding(&g, md);
		gen_construct(&g);
		gen_place(&g, md);
	}
	buf_release(&g.lines);
}

/*
 * Save an article that failed where `meson test` keeps its files, so
 * that `t-pieces --file PATH` can load it again.
 */
static void
gen_save(const struct buf *md, uint64_t seed, size_t i)
{
	char	 path[64], dir[4096];
	FILE	*f;

	snprintf(path, sizeof(path), "t-pieces-%llu-%zu.md",
	    (unsigned long long)seed, i);
	if ((f = fopen(path, "wb")) == NULL ||
	    fwrite(md->data, 1, md->len, f) != md->len) {
		tap_diag("cannot save %s", path);
		if (f != NULL)
			fclose(f);
		return;
	}
	fclose(f);
	tap_diag("saved as %s/%s", getcwd(dir, sizeof(dir)) != NULL ? dir :
	    ".", path);
}

static void
test_random(uint64_t seed, size_t count)
{
	struct buf	 md;
	const char	*w, *how;
	size_t		 i, nb, ns, failed = 0, big = 0, whole = 0;

	buf_init(&md);
	for (i = 0; i < count && failed < 3; i++) {
		gen_article(seed, i, &md);
		big += md.len > GEN_PADDING;
		whole += cuts(md.data) == -1;
		if ((w = pieces_diff(md.data, md.len, &how, &nb, &ns)) == NULL)
			continue;
		failed++;
		tap_diag("seed %llu, article %zu (%zu bytes): %s, differs in "
		    "%s", (unsigned long long)seed, i, md.len, how, w);
		gen_save(&md, seed, i);
	}
	tap_ok(failed == 0, "%zu random articles from seed %llu: pieces give "
	    "the whole parse's doc", i, (unsigned long long)seed);
	tap_diag("%zu of them past the first piece; %zu parsed whole, the "
	    "prescan unsure", big, whole);
	buf_release(&md);
}

/*
 * An article of `filler` sections after `head`, then `tail`: long enough
 * to be read in many steps.
 */
static void
streamed_article(struct buf *md, const char *head, const char *tail,
    size_t filler)
{
	size_t	 i;

	md->len = 0;
	buf_adds(md, head);
	for (i = 0; i < filler; i++)
		buf_printf(md, "## Section %zu\n\nText of section %zu, which "
		    "goes on for a line or two so that the article is long "
		    "enough to take many steps to read.\n\n", i, i);
	buf_adds(md, tail);
}

/*
 * Load `md` and say whether its first piece was in before the input was
 * all read; then whether the whole load is the whole parse's doc.
 */
static bool
first_before_end(const struct buf *md, const char *name)
{
	struct diag	 dg;
	struct load_job	*job;
	struct doc	*whole, *d;
	const char	*w;
	uint64_t	 digest;
	bool		 early;

	diag_init(&dg);
	job = load_start_buffer("t.md", md->data, md->len, 0, &dg);
	load_first(job);
	early = !load_digest(job, &digest) && load_doc(job)->nblocks > 0;
	d = load_end(job);
	whole = testdoc_load_with(md->data, md->len, LOAD_WHOLE);
	w = doc_diff(whole, d);
	tap_ok(w == NULL, "%s: the whole parse's doc", name);
	if (w != NULL)
		tap_diag("differs in %s", w);
	doc_free(whole);
	doc_free(d);
	diag_release(&dg);
	return early;
}

/*
 * The first piece is parsed before the article is all read only when
 * nothing further on can change it.
 */
static void
test_streamed(void)
{
	struct buf	 md;

	buf_init(&md);
	streamed_article(&md, "# T\n\n[ref]: /early\n\nSee [ref] and "
	    "[REF ].\n\n", "", 20000);
	tap_ok(first_before_end(&md, "defined before use"),
	    "a label defined before its use: the first piece comes first");
	streamed_article(&md, "# T\n\nNo brackets here.\n\n", "", 20000);
	tap_ok(first_before_end(&md, "no references"),
	    "no references: the first piece comes first");
	streamed_article(&md, "# T\n\nSee [ref].\n\n", "[ref]: /late\n",
	    20000);
	tap_ok(!first_before_end(&md, "defined at the end"),
	    "a label defined at the end: the first piece waits for it");
	streamed_article(&md, "# T\n\n[Jose]: /ascii\n\nSee [Jos\xc3\xa9]."
	    "\n\n", "[Jos\xc3\xa9]: /accent\n", 20000);
	tap_ok(!first_before_end(&md, "a label not all ASCII"),
	    "a label not all ASCII: its match is cmark's to say, so it waits");
	streamed_article(&md, "# T\n\n[a]: /a\n\nSee [a] and [b].\n\n",
	    "## End\n\n> [b]: /in-a-quote\n\n[b] again.\n", 20000);
	first_before_end(&md, "a definition in a quote, far on");
	streamed_article(&md, "# T\n\n[a]: /a\n\nSee [a].\n\n",
	    "## End\n\n> [b]: /in-a-quote\n\n[b] again.\n", 20000);
	tap_ok(first_before_end(&md, "doubt far on"), "doubt far on: the "
	    "pieces before it stand, the rest is parsed whole");
	buf_release(&md);
}

/*
 * A label never defined further on need not be waited for: what is read
 * ahead says so.  One that may be defined (in a quote, in code, over two
 * lines) is waited for.
 */
static void
test_never_defined(void)
{
	struct buf	 md;

	buf_init(&md);
	streamed_article(&md, "# Talks [1]\n\nSee [x], [Jos\xc3\xa9] and "
	    "[a\nb].\n\n## The first [2]\n\n", "## Last [3]\n\n[2] [3] "
	    "again.\n", 20000);
	tap_ok(first_before_end(&md, "never defined"),
	    "labels never defined: the first piece comes first");
	streamed_article(&md, "# T\n\nSee [ref].\n\n", "```\n[ref]: /in-code"
	    "\n```\n", 20000);
	tap_ok(!first_before_end(&md, "defined in code, far on"),
	    "\"[ref]:\" in code far on: the first piece waits all the same");
	streamed_article(&md, "# T\n\nSee [a  LABEL].\n\n", "> - [a\n> label]:"
	    " /in-a-list\n", 20000);
	tap_ok(!first_before_end(&md, "over two lines, in a list"),
	    "a label over two lines in a list, far on: the first piece waits");
	streamed_article(&md, "# T\n\nSee [\xc3\x9f].\n\n", "[ss]: /folds\n",
	    20000);
	tap_ok(!first_before_end(&md, "folds to another"),
	    "a label that may fold to one far on: the first piece waits");
	buf_release(&md);
}

/* The labels prescan_def_labels() finds in `s`, given whole. */
static size_t
def_labels(const char *s, uint64_t **labels, size_t *n, size_t *cap)
{
	*n = 0;
	return prescan_def_labels(s, strlen(s), true, labels, n, cap);
}

/* Whether `label`, as a reference to it, is among `n` labels. */
static bool
has_label(const uint64_t *labels, size_t n, const char *label)
{
	uint64_t	*refs = NULL;
	size_t		 nrefs = 0, cap = 0;
	bool		 has;

	prescan_refs(label, strlen(label), &refs, &nrefs, &cap);
	has = nrefs == 1 && prescan_refs_has(labels, n, refs[0]);
	free(refs);
	return has;
}

static void
test_def_labels(void)
{
	uint64_t	*l = NULL;
	size_t		 n = 0, cap = 0, keep;
	char		 far[1200];

	def_labels("x [A]: /u [b] [c\nd]: /v \\[e\\]]: /w [f]", &l, &n, &cap);
	prescan_sort_labels(l, n);
	tap_ok(n == 3 && has_label(l, n, "[a]") && has_label(l, n, "[c d]") &&
	    has_label(l, n, "[e\\]]") && !has_label(l, n, "[b]") &&
	    !has_label(l, n, "[f]"), "def labels: every \"[...]:\", "
	    "wherever it is, escapes and all");
	def_labels("[a\\\\]: /x [b\\\\\\]c]: /y [d\\\\]e]: /z", &l, &n, &cap);
	prescan_sort_labels(l, n);
	tap_ok(n == 2 && has_label(l, n, "[a\\\\]") &&
	    has_label(l, n, "[b\\\\\\]c]"), "def labels: a backslash escapes "
	    "a backslash, and a bracket after an odd run of them");
	n = 0;
	keep = prescan_def_labels("text [lab", 9, false, &l, &n, &cap);
	tap_ok(keep == 4 && n == 0, "def labels: a label not closed yet is "
	    "held for what follows");
	keep = prescan_def_labels("text [a]", 8, false, &l, &n, &cap);
	tap_ok(keep == 3 && n == 0, "def labels: so is one whose ':' may come "
	    "next");
	keep = prescan_def_labels("text [a]", 8, true, &l, &n, &cap);
	tap_ok(keep == 0 && n == 0, "def labels: at the end, nothing is held");
	memset(far, 'x', sizeof(far));
	far[0] = '[';
	keep = prescan_def_labels(far, sizeof(far), false, &l, &n, &cap);
	tap_ok(keep == 0, "def labels: a bracket too far from its end to be a "
	    "label's is not held");
	n = 0;
	prescan_def_labels("[a\xff\r\nb\x00]: /x", 13, true, &l, &n, &cap);
	tap_ok(n == 1 && has_label(l, n, "[a\xef\xbf\xbd\nb\xef\xbf\xbd]"),
	    "def labels: raw bytes hash as they read once sanitised");
	def_labels("> - [a\n>   > b]: /x", &l, &n, &cap);
	tap_ok(has_label(l, n, "[a b]"), "def labels: a quote's marks that "
	    "open the lines of a label are no part of it");
	free(l);
}

static int
hash_cmp(const void *a, const void *b)
{
	uint64_t	 x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * prescan_sort_labels() against qsort(), on arrays of every size around
 * the insertion sort's, and larger, with repeats and with bytes that all
 * the labels share (a pass skipped).
 */
static void
test_sort_labels(void)
{
	static const size_t	 sizes[] = { 0, 1, 2, 31, 32, 33, 1000, 6000 };
	uint64_t		*a, *b;
	uint64_t		 x = 88172645463325252ULL;
	size_t			 i, k, bad = 0;

	a = xreallocarray(NULL, 6000, sizeof(*a));
	b = xreallocarray(NULL, 6000, sizeof(*b));
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		for (i = 0; i < sizes[k]; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			/* Every third a repeat; odd sizes share their top bytes. */
			a[i] = i % 3 == 2 ? a[i - 1] : k % 2 == 1 ?
			    x & 0xffffff : x;
		}
		memcpy(b, a, sizes[k] * sizeof(*a));
		prescan_sort_labels(a, sizes[k]);
		if (sizes[k] > 0)
			qsort(b, sizes[k], sizeof(*b), hash_cmp);
		bad += memcmp(a, b, sizes[k] * sizeof(*a)) != 0;
	}
	tap_is_int((long long)bad, 0, "labels sort as qsort() sorts them, "
	    "few or many, repeated or sharing bytes");
	free(a);
	free(b);
}

/* A xorshift step: the random tests' numbers. */
static uint64_t
next_random(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* One of the `n` strings at `v`, at random, appended to `line`. */
static void
add_random(char *line, size_t *len, size_t max, const char *const *v,
    size_t n, uint64_t *x)
{
	const char	*p = v[next_random(x) % n];

	if (*len + strlen(p) < max) {
		memcpy(line + *len, p, strlen(p));
		*len += strlen(p);
	}
}

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * prescan_def_plain() against cmark: each of many random lines that it
 * takes for one definition, cmark reads alone as definitions only.  The
 * lines have the plain shape (a label, a destination, a title) made of
 * bits that keep it or break it: brackets, quotes, parentheses,
 * backslashes, blanks, line feeds, non-ASCII.  And it takes many: the
 * shape is the common one.
 */
static void
test_def_plain(void)
{
	static const char *const label[] = { "a", "Foo", "x-1", " ", "b c",
		"\t", "]", "[", "\\", "\xc3\xa9", ":", "\n", "*", "'" };
	static const char *const dest[] = { "/", "https://example.com/a",
		"?b=c#d", "%20", "(", ")", "<", ">", "\"", "'", "\\", " ",
		"\xc3\xa9", "[", "]", "*", "\n" };
	static const char *const title[] = { "", " \"T\"", " 'T i'",
		" (T)", "\"T\"", " \"T\\\"\"", " \"T\" x", " \"", " 'a\"b'",
		" \"T\"\t", "\t'T'", " \"\n\"", " x" };
	static const char *const end[] = { "", "\n", " \n", "\t", "x" };
	uint64_t	 x = 2463534242ULL;
	char		 line[256];
	size_t		 i, k, len, taken = 0, wrong = 0;
	cmark_node	*root;

	for (i = 0; i < 300000; i++) {
		len = 0;
		line[len++] = '[';
		for (k = 0; k < 1 + next_random(&x) % 3; k++)
			add_random(line, &len, sizeof(line), label,
			    NELEM(label), &x);
		add_random(line, &len, sizeof(line), (const char *const []){
		    "]:", "]: ", "]:\t", "] :", "]" }, 5, &x);
		for (k = 0; k < next_random(&x) % 4; k++)
			add_random(line, &len, sizeof(line), dest,
			    NELEM(dest), &x);
		add_random(line, &len, sizeof(line), title, NELEM(title), &x);
		add_random(line, &len, sizeof(line), end, NELEM(end), &x);
		if (!prescan_def_plain(line, len))
			continue;
		taken++;
		root = cmark_parse_document(line, len, CMARK_OPT_DEFAULT);
		if (cmark_node_first_child(root) != NULL && wrong++ == 0)
			tap_diag("taken for a definition: \"%.*s\"", (int)len,
			    line);
		cmark_node_free(root);
	}
	tap_is_int((long long)wrong, 0, "a line read by hand as a definition "
	    "is one to cmark (%zu of 300000 taken)", taken);
	tap_ok(taken > 1000, "the plain shape is taken");
}

/* How the dump module prints sections [from, to) of a doc. */
typedef int	 print_fn(FILE *, const struct doc *, size_t, size_t,
		    const struct dump_opts *);

/* What `print` writes of `d`'s sections [from, to), onto `out`. */
static void
printed(print_fn *print, const struct doc *d, size_t from, size_t to,
    const struct dump_opts *o, struct buf *out)
{
	char	*s = NULL;
	size_t	 len = 0;
	FILE	*fp;

	if ((fp = open_memstream(&s, &len)) == NULL)
		return;
	print(fp, d, from, to, o);
	fclose(fp);
	buf_add(out, s, len);
	free(s);
}

/* Sections printed as they load, by load_each_final(). */
struct printing {
	print_fn		*print;
	const struct dump_opts	*o;
	struct buf		 out;
	size_t			 runs;		/* of one section or more */
};

static int
printing_step(const struct doc *d, size_t from, size_t to, void *arg)
{
	struct printing	*p = arg;

	printed(p->print, d, from, to, p->o, &p->out);
	p->runs += to > from;
	return 0;
}

/*
 * What `print` writes of `md` as it loads in the smallest pieces, each
 * section once final, and what it writes of the whole parse's doc: the
 * same, or the index and the dump could not be printed as they load.
 */
static void
same_printed(const char *name, print_fn *print, const struct dump_opts *o,
    const struct buf *md)
{
	struct diag	 dg;
	struct load_job	*job;
	struct doc	*whole, *d;
	struct printing	 p = { print, o, { 0 }, 0 };
	struct buf	 once;

	buf_init(&p.out);
	buf_init(&once);
	diag_init(&dg);
	job = load_start_buffer("t.md", md->data, md->len, LOAD_PIECES, &dg);
	load_each_final(job, printing_step, &p);
	d = load_end(job);
	whole = testdoc_load_with(md->data, md->len, LOAD_WHOLE);
	printed(print, whole, 0, whole->nsections, o, &once);
	tap_ok(p.runs > 1 && p.out.len == once.len &&
	    memcmp(p.out.data, once.data, once.len) == 0,
	    "%s, printed in %zu runs of sections as they load: as printed "
	    "whole", name, p.runs);
	doc_free(whole);
	doc_free(d);
	diag_release(&dg);
	buf_release(&p.out);
	buf_release(&once);
}

/*
 * --toc, --toc --tsv and --dump print each section once it is final: a
 * line printed must not depend on sections further on, such as how many
 * talks there are in all.
 */
static void
test_printed_as_loaded(void)
{
	struct dump_opts	 o;
	struct buf		 md;
	struct doc		*d;
	size_t			 i;

	buf_init(&md);
	buf_adds(&md, "Before any heading.\n\n# Talks\n\n");
	for (i = 1; i <= 12; i++)
		buf_printf(&md, "## Talk %zu\n\nAnne Lovelace%c talked about "
		    "engines.\n\n### Part\n\n#### Deeper\n\n##### Deepest"
		    "\n\n", i, (char)('a' + i - 1));
	buf_adds(&md, "# Another root\n\nThe end.\n");
	d = testdoc_load(md.data);
	tap_ok(d->ntalks == 12, "twelve talks to number, past nine");
	doc_free(d);
	memset(&o, 0, sizeof(o));
	o.width = 60;
	same_printed("the index", dump_toc, &o, &md);
	o.color = true;
	same_printed("the index in colour", dump_toc, &o, &md);
	same_printed("the article in colour", dump_article, &o, &md);
	o.color = false;
	o.tsv = true;
	same_printed("the index as TSV", dump_toc, &o, &md);
	buf_release(&md);
}

/* `n` copies of the byte `c` onto `md`. */
static void
add_run(struct buf *md, char c, size_t n)
{
	while (n-- > 0)
		buf_addc(md, c);
}

/*
 * Labels as long as cmark takes, titles longer than the loader tries, and
 * references that exhaust cmark's budget for them (what they expand to,
 * past the larger of 100,000 bytes and the input's size): in the whole
 * parse and in pieces alike.
 */
static void
test_limits(void)
{
	struct buf	 md;
	size_t		 i;

	buf_init(&md);
	buf_adds(&md, "# A\n\n[");
	add_run(&md, 'a', 1000);
	buf_adds(&md, "]\n\n# B\n\n[");
	add_run(&md, 'a', 1000);
	buf_adds(&md, "]: /late\n");
	same_both_ways("a label of 1000 bytes", md.data, md.len);
	md.len = 0;
	buf_adds(&md, "# A\n\n[a]\n\n# B\n\n[a]: /a '\n");
	for (i = 0; i < 40; i++)
		buf_adds(&md, "title line\n");
	buf_adds(&md, "'\ntext after\n");
	same_both_ways("a definition's title over 40 lines, then text",
	    md.data, md.len);
	md.len = 0;
	buf_adds(&md, "# A\n\n[r]: /");
	add_run(&md, 'u', 60000);
	buf_adds(&md, "\n\n[r]\n\n# B\n\n[r]\n");
	same_both_ways("a 60,000-byte definition used twice", md.data,
	    md.len);
	md.len = 0;
	buf_adds(&md, "# T\n\n[r]: /");
	add_run(&md, 'u', 3000);
	buf_adds(&md, "\n\n");
	for (i = 0; i < 60; i++)
		buf_printf(&md, "## S%zu\n\nUses [r] once.\n\n", i);
	same_both_ways("references past the budget, a small article",
	    md.data, md.len);
	for (i = 0; i < 300; i++)
		buf_printf(&md, "## P%zu\n\n%0*d\n\n", i, 1000, 0);
	same_both_ways("references past the budget, a large article",
	    md.data, md.len);
	buf_release(&md);
}

/* Whether `dg` holds a message that ends in `tail`. */
static bool
said(const struct diag *dg, const char *tail)
{
	size_t	 i, n, t = strlen(tail);

	for (i = 0; i < dg->n; i++) {
		n = strlen(dg->msgs[i]);
		if (n >= t && strcmp(dg->msgs[i] + n - t, tail) == 0)
			return true;
	}
	return false;
}

/*
 * Write `md` over the file at `path`, a new one, dated a minute ago: a
 * change made now shows in its times, however coarse the clock.
 */
static void
write_file_at(const char *path, const struct buf *md)
{
	struct timespec	 t[2];
	char		 tmp[PATH_MAX];
	FILE		*f;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if ((f = fopen(tmp, "w")) == NULL)
		return;
	fwrite(md->data, 1, md->len, f);
	fclose(f);
	clock_gettime(CLOCK_REALTIME, &t[0]);
	t[0].tv_sec -= 60;
	t[1] = t[0];
	utimensat(AT_FDCWD, tmp, t, 0);
	rename(tmp, path);
}

/* Write `md` to a new file at `path` (a mkstemp() template). */
static bool
write_temp(char *path, const struct buf *md)
{
	int	 fd;
	bool	 ok;

	if ((fd = mkstemp(path)) == -1)
		return false;
	ok = write(fd, md->data, md->len) == (ssize_t)md->len;
	close(fd);
	return ok;
}

/*
 * Load the file at `path` as far as its first piece, let go of it, do
 * `change` to it, then load the rest: what the doc has of it, in bytes.
 */
static size_t
parked_then(const char *path, void (*change)(const char *),
    struct diag *dg)
{
	struct load_job	*job;
	struct doc	*d;
	char		 err[256];
	size_t		 len;

	if ((job = load_start(path, 0, dg, err, sizeof(err))) == NULL)
		return 0;
	load_first(job);
	load_park(job);
	change(path);
	d = load_end(job);
	len = d->text.len;
	doc_free(d);
	return len;
}

/* What parked_then() does to the file meanwhile. */
static void
change_replace(const char *path)
{
	char	 other[PATH_MAX];
	FILE	*f;

	snprintf(other, sizeof(other), "%s.new", path);
	if ((f = fopen(other, "w")) != NULL) {
		fputs("# Another\n\nArticle.\n", f);
		fclose(f);
	}
	rename(other, path);
}

static void
change_in_place(const char *path)
{
	FILE	*f;

	/* The same size, the same inode: only the times tell. */
	if ((f = fopen(path, "r+")) != NULL) {
		fputs("# Changed", f);
		fclose(f);
	}
}

static void
change_remove(const char *path)
{
	unlink(path);
}

/*
 * A job let go of its file (load_park()) at every step reads on where it
 * was; one whose path names another file by then, or the same changed,
 * or none, ends where it was, saying so.  One let go of before any of it
 * was read reads the file as it is then.
 */
static void
test_parked(void)
{
	char		 path[] = "/tmp/olsread-parked-XXXXXX";
	struct buf	 md;
	struct diag	 dg;
	struct load_job	*job;
	struct doc	*d, *whole;
	const char	*w, *stop = "; shown as far as it was read";
	char		 err[256], why[128];
	size_t		 steps = 0, len, i;
	static const struct {
		void		(*change)(const char *);
		const char	*what;
		const char	*why;
	} changes[] = {
		{ change_replace, "replaced", "the file changed as it was read" },
		{ change_in_place, "changed in place",
		    "the file changed as it was read" },
		{ change_remove, "removed", "No such file or directory" },
	};

	buf_init(&md);
	streamed_article(&md, "# T\n\n[a]: /a\n\nSee [a].\n\n", "", 30000);
	diag_init(&dg);
	whole = testdoc_load_with(md.data, md.len, LOAD_WHOLE);
	if (!write_temp(path, &md) ||
	    (job = load_start(path, 0, &dg, err, sizeof(err))) == NULL) {
		tap_skip(5, "cannot write or read %s", path);
		goto out;
	}
	while (load_next(job)) {
		load_park(job);
		steps++;
	}
	d = load_end(job);
	w = doc_diff(whole, d);
	tap_ok(w == NULL && dg.n == 0, "let go of its file at each of %zu "
	    "steps, the article loads as a whole parse", steps);
	if (w != NULL)
		tap_diag("differs in %s", w);
	doc_free(d);
	for (i = 0; i < sizeof(changes) / sizeof(*changes); i++) {
		diag_release(&dg);
		diag_init(&dg);
		write_file_at(path, &md);
		len = parked_then(path, changes[i].change, &dg);
		snprintf(why, sizeof(why), "%s%s", changes[i].why, stop);
		tap_ok(len > 0 && len < md.len && said(&dg, why), "%s while "
		    "let go of: shown as far as it was read (%zu of %zu "
		    "bytes), and said", changes[i].what, len, md.len);
	}

	/* Let go of before a byte was read: read as it is when read. */
	diag_release(&dg);
	diag_init(&dg);
	write_file_at(path, &md);
	if ((job = load_start(path, 0, &dg, err, sizeof(err))) != NULL) {
		load_park(job);
		change_replace(path);
		d = load_end(job);
		tap_ok(dg.n == 0 && d->text.len > 0 && d->text.len < 64 &&
		    strncmp(d->text.data, "Another", 7) == 0, "replaced "
		    "before a byte was read: the new file, whole, unsaid");
		doc_free(d);
	}
	unlink(path);
out:
	doc_free(whole);
	diag_release(&dg);
	buf_release(&md);
}

/*
 * A file's stamp: none while it changed too lately to tell (git's racily
 * clean file), then the same for every job on it unchanged, one let go
 * of before it was read too.
 */
static void
test_stamp(void)
{
	char		 path[] = "/tmp/olsread-stamp-XXXXXX";
	struct buf	 md;
	struct diag	 dg;
	struct load_job	*a, *b;
	uint64_t	 sa = 0, sb = 0;
	char		 err[256];

	buf_init(&md);
	streamed_article(&md, "# T\n\n", "", 2000);
	diag_init(&dg);
	if (!write_temp(path, &md) ||
	    (a = load_start(path, 0, &dg, err, sizeof(err))) == NULL) {
		tap_skip(2, "cannot write or read %s", path);
		buf_release(&md);
		return;
	}
	tap_ok(!load_stamp(a, &sa), "a file just written has no stamp");
	load_free(a);
	sleep(3);
	a = load_start(path, 0, &dg, err, sizeof(err));
	b = load_start(path, 0, &dg, err, sizeof(err));
	if (a != NULL)
		load_park(a);
	tap_ok(a != NULL && b != NULL && load_stamp(a, &sa) &&
	    load_stamp(b, &sb) && sa == sb && md.len > 65536, "seconds "
	    "later, a stamp, the same for two opens of it, one let go of");
	load_free(a);
	load_free(b);
	unlink(path);
	diag_release(&dg);
	buf_release(&md);
}

/*
 * A file read ahead for labels: the first piece comes before the end when
 * none is defined further on, also once the job let go of the file, and
 * waits when a label with a bad byte is defined at the end; the doc is
 * the whole parse's either way.
 */
static void
test_ahead_file(void)
{
	static const char *const tail[] = { "", "[a\xff]: /late\r\n" };
	char		 path[32];
	struct buf	 md;
	struct diag	 dg;
	struct load_job	*job;
	struct doc	*whole, *d;
	const char	*w;
	uint64_t	 digest;
	char		 err[256];
	size_t		 i;
	bool		 early;

	buf_init(&md);
	diag_init(&dg);
	for (i = 0; i < 2; i++) {
		streamed_article(&md, "# T [1]\r\n\r\nSee [a\xff].\r\n\r\n",
		    tail[i], 30000);
		snprintf(path, sizeof(path), "/tmp/olsread-ahead-XXXXXX");
		if (!write_temp(path, &md) ||
		    (job = load_start(path, 0, &dg, err, sizeof(err))) == NULL) {
			tap_skip(2, "cannot write or read %s", path);
			break;
		}
		load_park(job);
		load_first(job);
		early = !load_digest(job, &digest);
		tap_ok(early == (i == 0), "a file, let go of: the first piece %s",
		    i == 0 ? "comes before the end, no label defined further on" :
		    "waits for a label with a bad byte defined at the end");
		d = load_end(job);
		whole = testdoc_load_with(md.data, md.len, LOAD_WHOLE);
		w = doc_diff(whole, d);
		tap_ok(w == NULL, "read ahead: the whole parse's doc");
		if (w != NULL)
			tap_diag("differs in %s", w);
		doc_free(whole);
		doc_free(d);
		unlink(path);
	}
	diag_release(&dg);
	buf_release(&md);
}

/* A file is read as it loads, and loads as the same bytes in memory do. */
static void
test_streamed_file(void)
{
	char		 path[] = "/tmp/olsread-pieces-XXXXXX";
	struct buf	 md;
	struct diag	 dg;
	struct doc	*f, *whole;
	const char	*w;
	char		 err[256];
	int		 fd;

	buf_init(&md);
	streamed_article(&md, "\xef\xbb\xbf# T\r\n\r\nSee [ref] \xff.\r\n"
	    "\r\n", "[ref]: /late\r\n", 30000);
	if ((fd = mkstemp(path)) == -1 || write(fd, md.data, md.len) !=
	    (ssize_t)md.len) {
		tap_skip(1, "cannot write %s", path);
		buf_release(&md);
		return;
	}
	close(fd);
	diag_init(&dg);
	f = load_file(path, 0, &dg, err, sizeof(err));
	whole = testdoc_load_with(md.data, md.len, LOAD_WHOLE);
	w = f == NULL ? err : doc_diff(whole, f);
	tap_ok(w == NULL, "a %zu-byte file with CR LF, a BOM and a bad byte, "
	    "read as it loads: the whole parse's doc", md.len);
	if (w != NULL)
		tap_diag("differs in %s", w);
	doc_free(f);
	doc_free(whole);
	diag_release(&dg);
	unlink(path);
	buf_release(&md);
}

static char *
slurp(const char *path, size_t *len)
{
	FILE	*f = fopen(path, "rb");
	char	*s;
	long	 n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = xmalloc((size_t)n + 1);
	*len = fread(s, 1, (size_t)n, f);
	fclose(f);
	return s;
}

static void
test_file(const char *name, const char *path)
{
	size_t	 len;
	char	*s = slurp(path, &len);

	if (s == NULL) {
		tap_skip(1, "%s: not found at %s", name, path);
		return;
	}
	same_both_ways(name, s, len);
	{
		struct prescan	 ps;

		prescan_init(&ps);
		prescan_run(&ps, s, len);
		tap_diag("%s: %s, %zu cuts, %zu definition paragraphs", name,
		    ps.unsure ? "unsure" : "sure", ps.ncuts, ps.ndefs);
		prescan_release(&ps);
	}
	free(s);
}

int
main(int argc, char *argv[])
{
	const char	*srcdir = getenv("OLSREAD_SRCDIR");
	char		 path[4096];

	tap_plan(0);
	if (argc == 3 && strcmp(argv[1], "--corpus") == 0) {
		snprintf(path, sizeof(path), "%s/medium.md", argv[2]);
		test_file("medium.md", path);
		return tap_done();
	}
	if (argc == 3 && strcmp(argv[1], "--file") == 0) {
		test_file(argv[2], argv[2]);
		return tap_done();
	}
	if (argc == 4 && strcmp(argv[1], "--random") == 0) {
		test_random(strtoull(argv[2], NULL, 10),
		    (size_t)strtoull(argv[3], NULL, 10));
		return tap_done();
	}
	snprintf(path, sizeof(path), "%s/data/000-article.md",
	    srcdir != NULL ? srcdir : ".");
	test_file("the sample", path);
	test_traps();
	test_many();
	test_front();
	test_tables();
	test_notes();
	test_streamed();
	test_never_defined();
	test_def_labels();
	test_sort_labels();
	test_def_plain();
	test_streamed_file();
	test_ahead_file();
	test_parked();
	test_stamp();
	test_printed_as_loaded();
	test_limits();
	test_random(GEN_SEED, GEN_COUNT);
	return tap_done();
}
