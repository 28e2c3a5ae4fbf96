/*
 * t-load: the loader and the document model on crafted articles: visible
 * text and spans, blocks and their nesting, sections and their tree, title
 * and byline, repairs of bad bytes, and the errors of load_file().
 */
#include "load.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <zlib.h>

#include "diag.h"
#include "doc.h"
#include "tap.h"
#include "testdoc.h"
#include "util.h"

/* The text of leaf `b`, as a NUL-terminated copy in a static buffer. */
static const char *
block_text(const struct doc *d, size_t b)
{
	static char	 out[256];
	size_t		 len;
	const char	*s = doc_block_text(d, b, &len);

	snprintf(out, sizeof(out), "%.*s", (int)len, s);
	return out;
}

static const char *
section_title(const struct doc *d, size_t s)
{
	static char	 out[256];
	size_t		 len;
	const char	*t = doc_section_title(d, s, &len);

	snprintf(out, sizeof(out), "%.*s", (int)len, t);
	return out;
}

static void
test_empty(void)
{
	static const char *const inputs[] = { "", "   \n\n\t\n" };
	struct doc	*d;
	size_t		 i;

	for (i = 0; i < 2; i++) {
		d = testdoc_load(inputs[i]);
		tap_is_int((long long)d->nblocks, 0, "empty input %zu: no block",
		    i);
		tap_is_int((long long)d->nsections, 1, "one untitled section");
		tap_is_str(section_title(d, 0), "t.md", "titled after the file");
		doc_free(d);
	}
}

static void
test_inline_text(void)
{
	struct doc		*d;
	const struct doc_span	*sp;
	size_t			 len;
	const char		*url;

	d = testdoc_load("Hello *world* and `co de` [a link](http://x.org \"t\")\n"
	    "soft  \nhard <b>raw</b> ![alt *text*](i.png)\n");
	tap_is_int((long long)d->nblocks, 1, "one paragraph");
	tap_is_str(block_text(d, 0), "Hello world and co de a link soft\n"
	    "hard raw alt text", "visible text, markup and tags removed");
	tap_is_int((long long)d->blocks[0].nspan, 6, "six spans");
	sp = &d->spans[0];
	tap_ok(sp->kind == DOC_SPAN_EMPH && sp->off == 6 && sp->len == 5,
	    "emphasis span on 'world'");
	sp = &d->spans[2];
	tap_ok(sp->kind == DOC_SPAN_LINK && sp->link == 1,
	    "link span numbered 1");
	url = doc_span_url(d, sp, &len);
	tap_is_mem(url, len, "http://x.org", "link URL kept");
	tap_ok(d->spans[3].kind == DOC_SPAN_STRONG && d->spans[3].len == 3,
	    "<b> is a strong span");
	tap_ok(d->spans[4].kind == DOC_SPAN_IMAGE && d->spans[4].link == 2,
	    "image numbered 2");
	url = doc_span_url(d, &d->spans[4], &len);
	tap_is_mem(url, len, "i.png", "image URL kept");
	tap_ok(d->spans[5].kind == DOC_SPAN_EMPH &&
	    d->spans[5].off > d->spans[4].off, "spans nest in order");
	tap_is_int(d->nlinks, 2, "two links");
	doc_free(d);
}

/* Inline HTML: never a tag shown; each element a reader knows, styled. */
static void
test_inline_html(void)
{
	struct doc		*d;
	const struct doc_span	*sp;
	const char		*url;
	struct buf		 md;
	size_t			 len, i;

	d = testdoc_load("Press <kbd>Ctrl</kbd>+<KBD>C</KBD>.<br/>A "
	    "<a href=\"/x?a=1&amp;b=&#50;\" title=t>link</a>, <img "
	    "src='p.png' alt=\"a &lt;pic&gt;\">, <a name=n>no href</a>, "
	    "<span class=\"f\">kept</span><!-- gone -->, *em <b>bold* "
	    "on</b> and <sup>2</sup>.\n");
	tap_is_str(block_text(d, 0), "Press Ctrl+C.\nA link, a <pic>, no "
	    "href, kept, em bold on and 2.", "no tag shown, their text kept");
	for (i = 0; i < d->nspans && d->spans[i].kind != DOC_SPAN_LINK; i++)
		continue;
	tap_ok(d->spans[0].kind == DOC_SPAN_CODE && d->spans[1].kind ==
	    DOC_SPAN_CODE, "<kbd>, in any case, looks like code");
	sp = &d->spans[i];
	url = i < d->nspans ? doc_span_url(d, sp, &len) : NULL;
	tap_ok(url != NULL && sp->link == 1, "<a href> is link 1");
	if (url != NULL)
		tap_is_mem(url, len, "/x?a=1&b=2", "its references decoded");
	sp = &d->spans[i + 1];
	url = doc_span_url(d, sp, &len);
	tap_ok(sp->kind == DOC_SPAN_IMAGE && sp->link == 2,
	    "<img> is image 2");
	tap_is_mem(url, len, "p.png", "its source kept");
	tap_is_int(d->nlinks, 2, "<a> without href is no link");
	sp = &d->spans[d->nspans - 2];
	tap_ok(sp->kind == DOC_SPAN_STRONG && sp->len == 4,
	    "<b> opened in emphasis ends with it");
	tap_ok(d->spans[d->nspans - 1].kind == DOC_SPAN_EMPH,
	    "<sup> is emphasis");
	doc_free(d);
	/* An attribute over lines: its text is one line, its URL whole. */
	d = testdoc_load("<img src=\" a/\nb.png&#9; \" alt=\"a chart of\n"
	    "  the&#10;&#9;results &#32;\"> here\n");
	tap_is_str(block_text(d, 0), "a chart of the results here",
	    "white space in alt text is one blank, as a browser shows it");
	url = d->nspans > 0 ? doc_span_url(d, &d->spans[0], &len) : NULL;
	if (url != NULL)
		tap_is_mem(url, len, "a/b.png", "a URL loses its line breaks, "
		    "tabs and outer blanks");
	else
		tap_ok(false, "the image has a URL");
	doc_free(d);
	/* Squeezed as read: blanks do not use up the room for a value. */
	buf_init(&md);
	buf_adds(&md, "<img src=\"i.png\" alt=\"");
	for (i = 0; i < 3000; i++)
		buf_adds(&md, i % 40 == 39 ? "\t" : " ");
	buf_adds(&md, "word\"> here\n");
	d = testdoc_load(md.data);
	tap_is_str(block_text(d, 0), "word here", "a long run of blanks in "
	    "alt text is squeezed before the value is cut");
	doc_free(d);
	buf_release(&md);
}

/* HTML elements with looks of their own. */
static void
test_html_looks(void)
{
	struct doc	*d;

	d = testdoc_load("<mark>m</mark> <u>u</u> <ins>i</ins> <del>d</del> "
	    "<s>s</s>\n");
	tap_ok(d->nspans == 5 && d->spans[0].kind == DOC_SPAN_MARK &&
	    d->spans[1].kind == DOC_SPAN_UNDERLINE && d->spans[2].kind ==
	    DOC_SPAN_UNDERLINE && d->spans[3].kind == DOC_SPAN_STRIKE &&
	    d->spans[4].kind == DOC_SPAN_STRIKE, "<mark> highlighted, <u> and "
	    "<ins> underlined, <del> and <s> struck through");
	doc_free(d);
}

/* GFM's task list items and strike-through. */
static void
test_tasks_strike(void)
{
	struct doc	*d;
	size_t		 i, n = 0;

	d = testdoc_load("- [ ] todo\n- [x] done\n- [X]\n\n[ ] not in a "
	    "list\n\na ~~struck~~ b~c~d ~~ no~~ x~~, ~~~three~~~\n");
	tap_is_str(block_text(d, 1), "\xe2\x98\x90 todo", "[ ] is a box");
	tap_is_str(block_text(d, 3), "\xe2\x98\x91 done", "[x] is a ticked box");
	tap_is_str(block_text(d, 5), "[X]", "no blank after: no task");
	tap_is_str(block_text(d, 6), "[ ] not in a list", "nor outside a list");
	tap_is_str(block_text(d, 7), "a struck bcd ~~ no~~ x~~, ~~~three~~~",
	    "a strike's tildes go, the others stay");
	for (i = 0; i < d->nspans; i++)
		n += d->spans[i].kind == DOC_SPAN_STRIKE;
	tap_is_int((long long)n, 2, "two struck spans");
	doc_free(d);
}

/* The texts of a document's struck spans, each in brackets. */
static const char *
struck(const struct doc *d)
{
	static char	 out[256];
	size_t		 i, at = 0;
	int		 n;

	out[0] = '\0';
	for (i = 0; i < d->nspans && at < sizeof(out); i++) {
		if (d->spans[i].kind != DOC_SPAN_STRIKE)
			continue;
		n = snprintf(out + at, sizeof(out) - at, "[%.*s]",
		    (int)d->spans[i].len, d->text.data + d->spans[i].off);
		at += n > 0 ? (size_t)n : 0;
	}
	return out;
}

/* Blanks around inline HTML collapse as a browser's do. */
static void
test_html_blanks(void)
{
	struct doc	*d;

	d = testdoc_load("one<br>\ntwo<br> three<br>four. <!-- c --> five "
	    "<span> six</span>\n");
	tap_is_str(block_text(d, 0), "one\ntwo\nthree\nfour. five six",
	    "no blank opens a line after <br>, none doubled by a tag");
	doc_free(d);
}

/* Character references in HTML, as a browser decodes them. */
static void
test_html_references(void)
{
	struct doc	*d;
	const char	*url;
	size_t		 i, len;

	d = testdoc_load("<p>&#x80;&#150; &copy 2003 AT&T &eacute;t&eacute; "
	    "&hearts; &#0;&#xd800; &nosuch; &#233 <a href=\"/q?a=1&copy=2\">"
	    "q</a></p>\n");
	tap_is_str(block_text(d, 0), "\xe2\x82\xac\xe2\x80\x93 \xc2\xa9 "
	    "2003 AT&T \xc3\xa9t\xc3\xa9 \xe2\x99\xa5 \xef\xbf\xbd"
	    "\xef\xbf\xbd &nosuch; \xc3\xa9 q", "every name, the old ones "
	    "without ';', 0x80-0x9F as windows-1252");
	for (i = 0; i < d->nspans && d->spans[i].kind != DOC_SPAN_LINK; i++)
		continue;
	url = i < d->nspans ? doc_span_url(d, &d->spans[i], &len) : "";
	tap_is_mem(url, i < d->nspans ? len : 0, "/q?a=1&copy=2",
	    "\"&copy=\" in a URL's query stays");
	doc_free(d);
}

/* A table of any width is a table, as cmark-gfm reads it. */
static void
test_table_columns(void)
{
	struct buf	 md;
	struct doc	*d;
	size_t		 i, b;

	buf_init(&md);
	for (i = 0; i < 300; i++)
		buf_printf(&md, "| h%zu ", i);
	buf_adds(&md, "|\n");
	for (i = 0; i < 300; i++)
		buf_adds(&md, "|---");
	buf_adds(&md, "|\n| one | two |\n");
	d = testdoc_load(md.data);
	for (b = 0; b < d->nblocks && d->blocks[b].kind != DOC_TABLE; b++)
		continue;
	tap_ok(b < d->nblocks && d->blocks[b].level == 300 &&
	    d->blocks[b].number == 2, "300 columns, 2 rows: a table");
	doc_free(d);
	buf_release(&md);
}

/* A strike may hold other inlines: its closer is in a later text. */
static void
test_strike_across(void)
{
	static const struct {
		const char	*md, *want, *name;
	} cases[] = {
		{ "~~a *b* c~~ d\n", "[a b c]", "over emphasis" },
		{ "~~p `q` r~~\n", "[p q r]", "over code" },
		{ "~~a\nb~~\n", "[a b]", "over a line's end" },
		{ "~~*b*~~\n", "[b]", "closer and opener at an edge" },
		{ "~~[l~~](u) z~~\n", "[l~~ z]", "not into a link" },
		{ "*~~a* b~~\n", "", "not out of emphasis" },
		{ "~~a *b* c ~~\n", "", "a blank before is no closer" },
		{ "~~a *b* ~c~ d~~\n", "[a b ~c~ d]", "one closer" },
		{ "~~a <b>b~~ c</b>\n", "[a b]", "HTML within ends "
		    "with it" },
		{ "~~a *b* c~~ ~~d~~\n", "[a b c][d]", "then in "
		    "the text" },
		{ "x ~~a <span>  b~~ c\n", "[a b]", "closed after blanks "
		    "held by HTML" },
		{ "`~`~\n", "", "a run on from code is no delimiter" },
		{ "`~~a~~` b\n", "", "code strikes nothing" },
		{ "~~a `b~~` c~~\n", "[a b~~ c]", "nor closes a strike" },
	};
	struct doc	*d;
	size_t		 i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		d = testdoc_load(cases[i].md);
		tap_is_str(struck(d), cases[i].want, "%s", cases[i].name);
		doc_free(d);
	}
}

static void
test_blocks(void)
{
	struct doc	*d;

	d = testdoc_load("# T\n\n> quoted\n> more\n\n9. nine\n10. ten\n\n"
	    "- a\n\n  b\n-\n\n```c\nint x;\n\n```\n\n    indented\n\n"
	    "***\n\n<div>\nhtml\n</div>\n");
	tap_is_int(d->blocks[0].kind, DOC_HEADING, "heading");
	tap_is_int(d->blocks[0].level, 1, "of level 1");
	tap_is_int(d->blocks[1].kind, DOC_QUOTE, "quote container");
	tap_is_int(d->blocks[2].kind, DOC_PARAGRAPH, "quoted paragraph");
	tap_is_int((long long)d->blocks[2].parent, 1, "inside the quote");
	tap_is_str(block_text(d, 2), "quoted more", "lazy lines joined");
	tap_is_int(d->blocks[3].kind, DOC_ITEM, "ordered item");
	tap_ok(d->blocks[3].flags & DOC_ORDERED, "flagged ordered");
	tap_is_int((long long)d->blocks[3].number, 9, "numbered from 9");
	tap_is_int(d->blocks[3].marker_digits, 2, "marker as wide as 10");
	tap_is_int(d->blocks[3].delim, '.', "delimiter");
	tap_is_int((long long)d->blocks[5].number, 10, "next item is 10");
	tap_ok(d->blocks[6].flags & DOC_NO_GAP, "tight item: no gap");
	tap_ok(!(d->blocks[4].flags & DOC_NO_GAP), "first item: gap");
	tap_is_int(d->blocks[7].kind, DOC_ITEM, "bullet item");
	tap_is_int(d->blocks[7].level, 1, "at list depth 1");
	tap_is_str(block_text(d, 9), "b", "second paragraph of the item");
	tap_ok(!(d->blocks[9].flags & DOC_NO_GAP), "loose item: gap");
	tap_is_int(d->blocks[10].kind, DOC_ITEM, "empty item");
	tap_is_int(d->blocks[11].kind, DOC_PARAGRAPH,
	    "empty item holds an empty paragraph");
	tap_is_int((long long)d->blocks[11].len, 0, "of no text");
	tap_is_int(d->blocks[12].kind, DOC_CODE, "fenced code");
	tap_is_str(block_text(d, 12), "int x;\n", "code kept, last LF cut");
	tap_is_int(d->blocks[13].kind, DOC_CODE, "indented code");
	tap_is_int(d->blocks[14].kind, DOC_RULE, "thematic break");
	tap_is_int(d->blocks[15].kind, DOC_PARAGRAPH, "HTML block: a paragraph");
	tap_is_str(block_text(d, 15), "html", "its text, no tags");
	tap_is_int((long long)d->blocks[7].first_leaf, 8,
	    "an item knows its first leaf");
	doc_free(d);
}

/*
 * A code block of 600 lines is kept as leaves of 256, 256 and 88 lines,
 * the later ones going on from the one before, with the text as one
 * block would have it: the same bytes, the leaves' newlines between them.
 */
static void
test_code_parts(void)
{
	struct doc	*d;
	struct buf	 md, want;
	size_t		 i;

	buf_init(&md);
	buf_init(&want);
	buf_adds(&md, "```\n");
	for (i = 0; i < 600; i++) {
		buf_printf(&md, "line %zu\n", i);
		buf_printf(&want, "line %zu\n", i);
	}
	buf_adds(&md, "```\n\nAfter.\n");
	d = testdoc_load_with(md.data, md.len, 0);
	tap_is_int((long long)d->nblocks, 4, "600 lines of code: three leaves "
	    "and the paragraph after");
	tap_ok(d->blocks[0].kind == DOC_CODE && d->blocks[1].kind == DOC_CODE &&
	    d->blocks[2].kind == DOC_CODE, "each of them code");
	tap_ok(!(d->blocks[0].flags & DOC_CONTINUED),
	    "the first goes on from nothing");
	tap_ok((d->blocks[1].flags & DOC_CONTINUED) &&
	    (d->blocks[2].flags & DOC_CONTINUED) &&
	    (d->blocks[1].flags & DOC_NO_GAP), "the later ones go on, with "
	    "no gap");
	tap_ok(!(d->blocks[3].flags & DOC_CONTINUED), "the paragraph does not");
	tap_ok(d->blocks[0].off == 0 && d->blocks[2].off + d->blocks[2].len + 1
	    == want.len && memcmp(d->text.data, want.data, want.len) == 0,
	    "the text is the block's, a newline between the leaves");
	tap_is_int((long long)d->blocks[1].off,
	    strstr(want.data, "line 256\n") - want.data,
	    "the second starts at the 257th line");
	doc_free(d);
	buf_release(&md);
	buf_release(&want);
}

/*
 * A linked name that the heading names too is the section's topic, not
 * its speaker; a linked name alone still is a speaker.
 */
static void
test_topic_names(void)
{
	struct doc	*d;

	d = testdoc_load("# T\n\n## Create a repository on Docker Hub\n\n"
	    "[Docker Hub](https://hub.docker.com/), the registry, offers "
	    "builds.\n\n## The VM talk\n\n[Rik van Riel](https://x.org/) "
	    "discussed the VM.\n\n## Rik van Riel on the VM\n\nRik van Riel "
	    "discussed it again.\n");
	tap_is_int((long long)d->sections[1].nspeaker, 0,
	    "a linked name the heading repeats is the topic: no speaker");
	tap_is_int((long long)d->sections[2].nspeaker, 1,
	    "a linked name the heading does not name is a speaker");
	tap_is_int((long long)d->sections[3].nspeaker, 1,
	    "a name the heading repeats, not linked, is a speaker");
	doc_free(d);
}

static void
test_sections(void)
{
	struct doc	*d;

	d = testdoc_load("intro\n\n# A\n\ntext\n\n### B\n\n## C\n\n> # quoted\n\n"
	    "Title\n=====\n\n# D\n");
	tap_is_int((long long)d->nsections, 6,
	    "implicit, A, B, C, Title, D: the quoted heading opens none");
	tap_is_str(section_title(d, 0), "(top)", "content before a heading");
	tap_is_str(section_title(d, 1), "A", "A");
	tap_is_int((long long)d->sections[2].parent, 1,
	    "a skipped level attaches to the nearest shallower");
	tap_is_int((long long)d->sections[3].parent, 1, "C under A");
	tap_is_int(d->sections[3].depth, 1, "at depth 1");
	tap_is_str(section_title(d, 3), "C", "quoted heading opens none");
	tap_is_str(section_title(d, 4), "Title", "setext heading");
	tap_is_int((long long)d->sections[4].parent, (long long)DOC_NONE,
	    "an H1 is a root");
	tap_is_int((long long)d->sections[0].parent, (long long)DOC_NONE,
	    "the implicit section is a root");
	tap_is_int((long long)d->sections[1].first, 1, "A starts at its heading");
	tap_is_int((long long)d->sections[1].end, 3, "and ends before B");
	tap_is_str(block_text(d, d->title), "A", "title is the first H1");
	doc_free(d);

	d = testdoc_load("## x\n\n# y\n");
	tap_is_int((long long)d->sections[1].parent, (long long)DOC_NONE,
	    "an H1 after an H2 is a root");
	doc_free(d);
}

static void
test_repairs(void)
{
	struct diag	 dg;
	struct doc	*d;
	const char	 bad[] = "a\xff" "b\0c\r\nd\xe4\xb8";

	diag_init(&dg);
	d = load_buffer("bad.md", bad, sizeof(bad) - 1, 0, &dg);
	tap_is_str(block_text(d, 0), "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c d"
	    "\xef\xbf\xbd", "bad bytes become U+FFFD, CR LF a soft break");
	tap_is_int((long long)dg.n, 2, "two diagnostics");
	tap_ok(dg.n > 0 && strstr(dg.msgs[0], "2 invalid UTF-8") != NULL,
	    "invalid UTF-8 is reported");
	tap_ok(dg.n > 1 && strstr(dg.msgs[1], "1 NUL byte") != NULL,
	    "NUL is reported");
	doc_free(d);
	diag_release(&dg);

	d = testdoc_load("\xef\xbb\xbf# BOM\n\x1b[31mred\x07\n");
	tap_is_str(block_text(d, 0), "BOM", "a leading BOM is dropped");
	tap_is_str(block_text(d, 1), "\x1b[31mred\x07",
	    "controls are kept in the model");
	doc_free(d);
}

static void
test_byline(void)
{
	struct doc	*d;

	d = testdoc_load("# Title\n\nBy corbet, 2003-07-28\n\n## Talk\n");
	tap_is_int((long long)d->byline, 1, "byline found");
	doc_free(d);
	d = testdoc_load("# Title\n\nBy the way, we met.\nThen we left.\n");
	tap_is_int((long long)d->byline, (long long)DOC_NONE,
	    "two sentences are no byline");
	doc_free(d);
	d = testdoc_load("# Title\n\nBy J. R. Hacker, 2003-07-28\n");
	tap_is_int((long long)d->byline, 1, "initials in a byline");
	doc_free(d);
	d = testdoc_load("# T\n\n## Talk\n\nBy Foo, 2001\n");
	tap_is_int((long long)d->byline, (long long)DOC_NONE,
	    "only in the first section");
	doc_free(d);
}

/* Nesting far past any limit loads without exhausting the stack. */

/*
 * `d` holds one paragraph, kept in parts: no part over twice
 * DOC_PART_MAX, each after the first going on without a gap, each cut on
 * a blank or between two characters, and together, with the blanks cut
 * on, `want` (`len` bytes) when given.
 */
static void
t_parts(const struct doc *d, const char *want, size_t len, const char *what)
{
	const struct doc_block	*p;
	size_t			 b, end = 0;
	bool			 ok = d->nblocks > 1;

	for (b = 0; ok && b < d->nblocks; b++) {
		p = &d->blocks[b];
		ok = p->kind == DOC_PARAGRAPH && p->len <= 2 * DOC_PART_MAX &&
		    (b == 0 ? !(p->flags & DOC_CONTINUED) : p->flags ==
		    (DOC_NO_GAP | DOC_CONTINUED) && (p->off == end ||
		    (p->off == end + 1 && d->text.data[end] == ' '))) &&
		    ((unsigned char)d->text.data[p->off] & 0xc0) != 0x80;
		end = p->off + p->len;
	}
	tap_ok(ok, "%s is one paragraph in %zu parts", what, d->nblocks);
	if (want != NULL)
		tap_ok(end == len && memcmp(d->text.data, want, len) == 0,
		    "%s: its parts hold its text", what);
}

static void
test_deep(void)
{
	struct buf	 b;
	struct diag	 dg;
	struct doc	*d;
	size_t		 i, p;

	buf_init(&b);
	for (i = 0; i < 10000; i++)
		buf_adds(&b, "> ");
	buf_adds(&b, "deep\n");
	diag_init(&dg);
	d = load_buffer("q.md", b.data, b.len, 0, &dg);
	tap_ok(d->nblocks == DOC_MAX_DEPTH + 1, "10,000 quotes kept as %d",
	    DOC_MAX_DEPTH);
	tap_ok(dg.n == 1 && strstr(dg.msgs[0], "nested deeper") != NULL,
	    "flattening is reported");
	doc_free(d);
	diag_release(&dg);

	b.len = 0;
	for (i = 0; i < 10000; i++) {
		buf_printf(&b, "%*s- x\n", (int)(i * 2 > 2000 ? 2000 : i * 2),
		    "");
	}
	diag_init(&dg);
	d = load_buffer("l.md", b.data, b.len, 0, &dg);
	tap_ok(d->nblocks > 0, "deep lists load");
	doc_free(d);
	diag_release(&dg);

	b.len = 0;
	for (i = 0; i < 10 * 1024 * 1024 / 8; i++)
		buf_adds(&b, "abc def ");
	diag_init(&dg);
	d = load_buffer("long.md", b.data, b.len, 0, &dg);
	t_parts(d, b.data, b.len - 1, "a 10 MB line");
	doc_free(d);
	diag_release(&dg);

	/* One word of two-byte characters, emphasis across the cuts. */
	b.len = 0;
	for (i = 0; i < 300000; i++)
		buf_adds(&b, "\xc3\xa9");
	buf_adds(&b, " *");
	for (i = 0; i < 20000; i++)
		buf_adds(&b, "emph ");
	buf_adds(&b, "end* tail");
	diag_init(&dg);
	d = load_buffer("word.md", b.data, b.len, 0, &dg);
	t_parts(d, NULL, 0, "a word of 600,000 bytes and a long emphasis");
	p = doc_block_at(d, d->spans[0].off);
	tap_ok(d->nspans == 1 && d->spans[0].len == 20000 * 5 + 3 &&
	    d->blocks[p].span == 0 && d->blocks[p].nspan == 1 &&
	    d->spans[0].off + d->spans[0].len <= d->blocks[p].off +
	    d->blocks[p].len, "the emphasis is in one part, whole");
	doc_free(d);
	diag_release(&dg);
	buf_release(&b);
}

/* load_file() on `path`; returns the error text, or NULL on success. */
static const char *
load_error(const char *path)
{
	static char	 err[256];
	struct diag	 dg;
	struct doc	*d;

	diag_init(&dg);
	d = load_file(path, 0, &dg, err, sizeof(err));
	diag_release(&dg);
	if (d != NULL) {
		doc_free(d);
		return NULL;
	}
	return err;
}

/* An unreadable file; as root, from a child that gave up being root. */
static void
test_unreadable(const char *dir)
{
	char	 path[512];
	int	 fd, status;
	pid_t	 pid;

	snprintf(path, sizeof(path), "%s/secret.md", dir);
	if ((fd = open(path, O_WRONLY | O_CREAT, 0)) != -1)
		close(fd);
	chmod(path, 0);
	if (geteuid() != 0) {
		tap_is_str(load_error(path), strerror(EACCES),
		    "unreadable file");
		return;
	}
	chmod(dir, 0755);
	if ((pid = fork()) == 0) {
		const char	*e;

		if (setgid(65534) != 0 || setuid(65534) != 0)
			_exit(3);
		e = load_error(path);
		_exit(e != NULL && strcmp(e, strerror(EACCES)) == 0 ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "unreadable file (checked as an unprivileged user)");
}

static void
test_files(void)
{
	char		 dir[] = "/tmp/t-load.XXXXXX", path[512];
	const char	*e;
	int		 fd;

	if (mkdtemp(dir) == NULL) {
		tap_skip(6, "no temporary directory");
		return;
	}
	snprintf(path, sizeof(path), "%s/missing.md", dir);
	tap_is_str(load_error(path), strerror(ENOENT), "missing file");
	tap_is_str(load_error(dir), "is a directory", "directory");
	tap_ok(load_error("/dev/null") == NULL,
	    "/dev/null, a character device, is an empty article");
	tap_is_str(load_error("/dev/loop0"), access("/dev/loop0", F_OK) == 0 ?
	    "is a block device" : strerror(ENOENT), "a block device");
	snprintf(path, sizeof(path), "%s/huge.md", dir);
	if ((fd = open(path, O_WRONLY | O_CREAT, 0600)) != -1) {
		if (ftruncate(fd, (off_t)LOAD_MAX_SIZE + 1) != 0)
			tap_diag("ftruncate: %s", strerror(errno));
		close(fd);
	}
	e = load_error(path);
	tap_ok(e != NULL && strstr(e, "file too large") != NULL &&
	    strstr(e, "1 GiB") != NULL, "a file over 1 GiB: %s", e ? e : "");
	unlink(path);
	e = load_error("/proc/self/mem");
	tap_ok(e != NULL, "a read error is reported: %s", e ? e : "");
	test_unreadable(dir);
	snprintf(path, sizeof(path), "%s/secret.md", dir);
	unlink(path);
	rmdir(dir);
}

/*
 * A pipe named by /dev/fd/N, with `text` in it and its writer gone: read
 * whole at the start, or with LOAD_LATER at the first step.
 */
static void
test_pipe(int flags, const char *what)
{
	const char	 text[] = "# One\n\nA pipe.\n";
	char		 path[64], err[256];
	struct diag	 dg;
	struct load_job	*j;
	struct doc	*d;
	int		 p[2];

	if (pipe(p) == -1 || write(p[1], text, sizeof(text) - 1) !=
	    (ssize_t)sizeof(text) - 1) {
		tap_skip(3, "no pipe");
		return;
	}
	close(p[1]);
	snprintf(path, sizeof(path), "/dev/fd/%d", p[0]);
	diag_init(&dg);
	j = load_start(path, flags, &dg, err, sizeof(err));
	close(p[0]);
	tap_ok(j != NULL && load_is_pipe(j), "%s: a pipe is read", what);
	if (j == NULL) {
		tap_skip(2, "not read");
		diag_release(&dg);
		return;
	}
	tap_is_str(load_how(j), "pipe", "%s: it says it came by a pipe", what);
	d = load_end(j);
	tap_ok(d->nsections == 1 && strstr(d->text.data, "A pipe.") != NULL,
	    "%s: the article is all there", what);
	doc_free(d);
	diag_release(&dg);
}

/* `len` bytes of `s` gzipped into `out`, `cap` bytes; 0 on failure. */
static size_t
gzip_bytes(const char *s, size_t len, unsigned char *out, size_t cap)
{
	z_stream	 z;
	size_t		 n;

	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8,
	    Z_DEFAULT_STRATEGY) != Z_OK)
		return 0;
	z.next_in = (unsigned char *)(uintptr_t)s;
	z.avail_in = (uInt)len;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	n = deflate(&z, Z_FINISH) == Z_STREAM_END ? cap - z.avail_out : 0;
	deflateEnd(&z);
	return n;
}

/* Write `len` bytes of `s` gzipped to `path`, cut to `keep` bytes. */
static bool
write_gzip(const char *path, const char *s, size_t len, size_t keep)
{
	unsigned char	 out[4096];
	size_t		 n;
	FILE		*fp;

	if ((n = gzip_bytes(s, len, out, sizeof(out))) == 0 ||
	    (fp = fopen(path, "wb")) == NULL)
		return false;
	fwrite(out, 1, n < keep ? n : keep, fp);
	return fclose(fp) == 0;
}

/*
 * A gzip file: the doc of its decoded bytes, said to be gzip; cut short,
 * what decoded, with a word on where it stopped.
 */
static void
test_gzip(void)
{
	const char	 text[] = "# One\n\nGzipped text.\n\n## Two\n\nMore.\n";
	char		 path[] = "/tmp/t-load-gz.XXXXXX", err[256];
	struct diag	 dg;
	struct load_job	*j;
	struct doc	*d;
	int		 fd;

	if ((fd = mkstemp(path)) == -1 || close(fd) != 0 ||
	    !write_gzip(path, text, sizeof(text) - 1, SIZE_MAX)) {
		tap_skip(5, "no gzip file");
		return;
	}
	diag_init(&dg);
	j = load_start(path, LOAD_PIECES, &dg, err, sizeof(err));
	tap_ok(j != NULL && load_how(j) != NULL &&
	    strcmp(load_how(j), "gzip") == 0, "gzip: known by its bytes");
	d = j != NULL ? load_end(j) : NULL;
	tap_ok(d != NULL && d->nsections == 2 && dg.n == 0 &&
	    strstr(d->text.data, "Gzipped text.") != NULL,
	    "gzip: the decoded article, in pieces");
	doc_free(d);
	diag_release(&dg);
	write_gzip(path, text, sizeof(text) - 1, 20);
	diag_init(&dg);
	j = load_start(path, 0, &dg, err, sizeof(err));
	tap_ok(j != NULL, "gzip cut short: still opens");
	tap_ok(j != NULL && (load_read_all(j, NULL), load_failed(j)),
	    "gzip cut short: the load failed");
	tap_ok(dg.n == 1 && strstr(dg.msgs[0], "gzip data truncated at "
	    "byte 20") != NULL, "gzip cut short: says where: %s",
	    dg.n > 0 ? dg.msgs[0] : "");
	load_free(j);
	diag_release(&dg);
	unlink(path);
}

/*
 * A gzip stream cut anywhere decodes to the same text in small steps as
 * at once: the decoder's last output, held back for want of room when
 * the input ran out, is not lost.
 */
static void
test_gzip_cut_steps(void)
{
	unsigned char	 gz[8192];
	struct buf	 md;
	struct diag	 dg;
	struct doc	*a, *b;
	size_t		 i, n, cut, bad = 0, tried = 0;

	buf_init(&md);
	for (i = 0; i < 400; i++)
		buf_printf(&md, "%s%zu words in the %zu piece.\n\n",
		    i % 9 == 0 ? "## Part\n\n" : "", i % 7, i % 5);
	n = gzip_bytes(md.data, md.len, gz, sizeof(gz));
	diag_init(&dg);
	for (cut = 30; cut + 8 < n; cut += 3, tried++) {
		a = load_buffer("cut", (const char *)gz, cut, LOAD_PIECES, &dg);
		b = load_buffer("cut", (const char *)gz, cut, LOAD_WHOLE, &dg);
		bad += a->text.len != b->text.len ||
		    memcmp(a->text.data, b->text.data, a->text.len) != 0;
		doc_free(a);
		doc_free(b);
	}
	tap_ok(n > 0 && tried > 10 && bad == 0, "gzip cut at %zu places: "
	    "in steps as at once (%zu differ)", tried, bad);
	diag_release(&dg);
	buf_release(&md);
}

int
main(void)
{
	tap_plan(0);
	test_empty();
	test_inline_text();
	test_inline_html();
	test_tasks_strike();
	test_html_looks();
	test_strike_across();
	test_html_blanks();
	test_html_references();
	test_table_columns();
	test_blocks();
	test_code_parts();
	test_sections();
	test_topic_names();
	test_repairs();
	test_byline();
	test_deep();
	test_files();
	test_pipe(0, "read at once");
	test_pipe(LOAD_LATER, "read when first needed");
	test_gzip();
	test_gzip_cut_steps();
	return tap_done();
}
