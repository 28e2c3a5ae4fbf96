/*
 * t-pieces: loading an article a piece at a time gives exactly the doc of
 * one whole parse: the same text, blocks, spans, sections, speakers and
 * links, on the sample, on crafted articles full of traps for the cuts
 * (headings in fences and HTML blocks, definitions before and after their
 * uses), and on the corpus when it is there.  Also the prescan's verdicts.
 *
 * usage: t-pieces [--corpus DIR]
 */
#include "load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "prescan.h"
#include "tap.h"
#include "util.h"

static struct doc *
load_with(const char *md, size_t len, int flags)
{
	struct diag	 dg;
	struct doc	*d;

	diag_init(&dg);
	d = load_buffer("t.md", md, len, flags, &dg);
	diag_release(&dg);
	return d;
}

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

/* The doc of a whole parse, against pieces of every size. */
static void
same_both_ways(const char *name, const char *md, size_t len)
{
	struct doc	*whole, *pieces, *each;
	const char	*w1, *w2;

	whole = load_with(md, len, LOAD_WHOLE);
	pieces = load_with(md, len, 0);
	each = load_with(md, len, LOAD_PIECES);
	w1 = doc_diff(whole, pieces);
	w2 = doc_diff(whole, each);
	tap_ok(w1 == NULL && w2 == NULL, "%s: pieces give the whole parse's "
	    "doc (%zu blocks, %zu sections)", name, whole->nblocks,
	    whole->nsections);
	if (w1 != NULL || w2 != NULL)
		tap_diag("differs in %s", w1 != NULL ? w1 : w2);
	doc_free(whole);
	doc_free(pieces);
	doc_free(each);
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
	{ "definitions in code do not count",
	    "# A\n\n[c]\n\n```\n[c]: /not\n```\n\n    [c]: /not\n\n# B\n", 1 },
	{ "a definition that continues a paragraph does not count",
	    "# A\n\n[e]\n\n# B\n\ntext\n[e]: /not\n", 1 },
	{ "definitions then text", "# A\n\n[f] [g]\n\n# B\n\n[f]: /f\n"
	    "[g]: /g\ntext after\n", 1 },
	{ "a definition in a quote: unsure", "# A\n\n[q]\n\n> [q]: /q\n", -1 },
	{ "an indented fence whose item may have ended: unsure",
	    "- a\n\n  ```\n# in code, or not?\n", -1 },
	{ "CR LF line ends", "# A\r\n\r\n```\r\n# not\r\n```\r\n# B\r\n", 1 },
	{ "one giant piece", "no heading at all\n\njust text\n", 0 },
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
	snprintf(path, sizeof(path), "%s/data/000-article.md",
	    srcdir != NULL ? srcdir : ".");
	test_file("the sample", path);
	test_traps();
	test_many();
	return tap_done();
}
