/*
 * inputs: the generators of the pathological articles, and the table of
 * what olsread must do with each.  The sizes are those the issue names, or
 * cmark's own pathological tests (test/pathological_tests.py) where it
 * names none; patho_scale() can make them smaller.  Each generator only
 * appends bytes: it never runs or checks anything.
 */
#include "inputs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Append `s` `n` times. */
static void
patho_repeat(struct buf *out, const char *s, size_t n)
{
	size_t	 len = strlen(s);

	buf_reserve(out, len * n);
	while (n-- > 0)
		buf_add(out, s, len);
}

/* `n` scaled down, but never below 1. */
static size_t
patho_n(size_t n, size_t scale)
{
	return n / scale > 0 ? n / scale : 1;
}

static void
patho_gen_empty(struct buf *out, size_t scale)
{
	(void)out;
	(void)scale;
}

/* Spaces, tabs, blank lines and CRs: 64 KiB of nothing to show. */
static void
patho_gen_blank(struct buf *out, size_t scale)
{
	patho_repeat(out, " \t \n\n\t\t\r\n    \n\r\r\n\t  \t\n", patho_n(3000,
	    scale));
}

/* Paragraphs, lists, quotes and code, and not one heading. */
static void
patho_gen_no_headings(struct buf *out, size_t scale)
{
	size_t	 i, n = patho_n(1000, scale);

	for (i = 0; i < n; i++) {
		buf_printf(out, "This is paragraph %zu, with *some* "
		    "**emphasis** and `code`, long enough to wrap at eighty "
		    "columns at least once.\n\n", i);
		if (i % 10 == 0)
			buf_adds(out, "- an item\n- another\n  - nested\n\n"
			    "> a quote\n\n    indented code\n\n");
	}
}

/* Headings of every level, ATX and setext, and nothing under them. */
static void
patho_gen_only_headings(struct buf *out, size_t scale)
{
	size_t	 i, n = patho_n(600, scale);

	for (i = 0; i < n; i++) {
		if (i % 7 == 6)
			buf_printf(out, "Heading %zu\n%s\n", i,
			    i % 2 ? "---" : "===");
		else
			buf_printf(out, "%.*s Heading %zu\n", (int)(i % 6 + 1),
			    "######", i);
	}
}

/* 50,000 headings, each with a talk's opening sentence under it. */
static void
patho_gen_headings(struct buf *out, size_t scale)
{
	size_t	 i, n = patho_n(50000, scale);

	buf_adds(out, "# Fifty thousand headings\n\n");
	for (i = 1; i < n; i++)
		buf_printf(out, "%.*s Heading %zu\n\nAlice Brown discussed "
		    "point %zu.\n\n", (int)(i % 3 + 2), "####", i, i);
}

/* One line of 50 MiB: words, and a needle at the very end. */
static void
patho_gen_long_line(struct buf *out, size_t scale)
{
	static const char	 words[] = "lorem ipsum dolor sit amet, "
				    "consectetur adipiscing elit, sed do ";
	size_t			 total = ((size_t)50 << 20) / scale;

	patho_repeat(out, words, total / (sizeof(words) - 1));
	buf_adds(out, "needle");
}

/* Block quotes nested 10,000 deep, on one line. */
static void
patho_gen_quotes(struct buf *out, size_t scale)
{
	patho_repeat(out, "> ", patho_n(10000, scale));
	buf_adds(out, "deep quote text\n");
}

/*
 * Lists nested 10,000 deep, bullet and ordered by turns, on one line: by
 * indentation they would need 100 MB of spaces.
 */
static void
patho_gen_lists(struct buf *out, size_t scale)
{
	patho_repeat(out, "- 1. ", patho_n(5000, scale));
	buf_adds(out, "deep item text\nand a lazy line\n");
}

/* 50,000 inline links and 50,000 reference links, with sections. */
static void
patho_gen_links(struct buf *out, size_t scale)
{
	size_t	 i, n = patho_n(50000, scale);

	buf_adds(out, "# A hundred thousand links\n\n");
	for (i = 0; i < n; i++) {
		if (i % 5000 == 0)
			buf_printf(out, "\n\n## Links from %zu\n\n", i);
		buf_printf(out, "[inline %zu](https://example.org/%zu) "
		    "[ref %zu][r%zu]%s", i, i, i, i, i % 10 == 9 ? "\n" : " ");
	}
	buf_adds(out, "\n\n");
	for (i = 0; i < n; i++)
		buf_printf(out, "[r%zu]: https://example.com/%zu \"title "
		    "%zu\"\n", i, i, i);
}

/* The cases of cmark's test/pathological_tests.py, in our own words. */

static void
patho_gen_emph_nested(struct buf *out, size_t scale)
{
	size_t	 n = patho_n(65000, scale);

	patho_repeat(out, "*a **a ", n);
	buf_adds(out, "middle");
	patho_repeat(out, " a** a*", n);
}

static void
patho_gen_emph_closers(struct buf *out, size_t scale)
{
	patho_repeat(out, "a_ ", patho_n(65000, scale));
}

static void
patho_gen_emph_openers(struct buf *out, size_t scale)
{
	patho_repeat(out, "_a ", patho_n(65000, scale));
}

static void
patho_gen_emph_mismatched(struct buf *out, size_t scale)
{
	patho_repeat(out, "*a_ ", patho_n(50000, scale));
}

static void
patho_gen_emph_three(struct buf *out, size_t scale)
{
	buf_adds(out, "a**b");
	patho_repeat(out, "c* ", patho_n(50000, scale));
}

static void
patho_gen_emph_deep(struct buf *out, size_t scale)
{
	size_t	 n = patho_n(20000, scale);

	patho_repeat(out, "*", n);
	buf_adds(out, "core");
	patho_repeat(out, "*", n);
}

static void
patho_gen_link_closers(struct buf *out, size_t scale)
{
	patho_repeat(out, "a]", patho_n(65000, scale));
}

static void
patho_gen_link_openers(struct buf *out, size_t scale)
{
	patho_repeat(out, "[a", patho_n(65000, scale));
}

static void
patho_gen_link_emph(struct buf *out, size_t scale)
{
	patho_repeat(out, "[ a_", patho_n(50000, scale));
}

static void
patho_gen_brackets(struct buf *out, size_t scale)
{
	size_t	 n = patho_n(50000, scale);

	patho_repeat(out, "[", n);
	buf_adds(out, "a");
	patho_repeat(out, "]", n);
}

/* Nested brackets that could be a reference, and one that is defined. */
static void
patho_gen_brackets_ref(struct buf *out, size_t scale)
{
	size_t	 n = patho_n(50000, scale);

	patho_repeat(out, "[", n);
	patho_repeat(out, "]", n);
	buf_adds(out, "\n\n[a]: /b\n");
}

static void
patho_gen_unclosed_angle(struct buf *out, size_t scale)
{
	patho_repeat(out, "[a](<b", patho_n(30000, scale));
}

static void
patho_gen_unclosed_dest(struct buf *out, size_t scale)
{
	patho_repeat(out, "[a](b", patho_n(30000, scale));
}

static void
patho_gen_unclosed_title(struct buf *out, size_t scale)
{
	patho_repeat(out, "[ (](", patho_n(50000, scale));
}

/* Images inside images' descriptions, 20,000 deep. */
static void
patho_gen_images(struct buf *out, size_t scale)
{
	size_t	 n = patho_n(20000, scale);

	patho_repeat(out, "![", n);
	buf_adds(out, "pictured");
	patho_repeat(out, "](/i.png)", n);
}

/* Image openers that never close. */
static void
patho_gen_images_open(struct buf *out, size_t scale)
{
	patho_repeat(out, "![a", patho_n(50000, scale));
}

/* "e`", "e``", ... runs of every length up to 5,000. */
static void
patho_gen_backticks(struct buf *out, size_t scale)
{
	size_t	 i, n = patho_n(5000, scale);

	for (i = 1; i < n; i++) {
		buf_addc(out, 'e');
		patho_repeat(out, "`", i);
	}
}

static void
patho_gen_backticks_escaped(struct buf *out, size_t scale)
{
	patho_repeat(out, "\\``", patho_n(50000, scale));
}

static void
patho_gen_html_angles(struct buf *out, size_t scale)
{
	patho_repeat(out, "<>", patho_n(50000, scale));
}

static void
patho_gen_html_pi(struct buf *out, size_t scale)
{
	buf_adds(out, "x");
	patho_repeat(out, "<?", patho_n(50000, scale));
}

static void
patho_gen_html_cdata(struct buf *out, size_t scale)
{
	buf_adds(out, "x");
	patho_repeat(out, "<![CDATA[", patho_n(50000, scale));
}

static void
patho_gen_html_comment(struct buf *out, size_t scale)
{
	buf_adds(out, "x");
	patho_repeat(out, "<!--", patho_n(50000, scale));
}

static void
patho_gen_html_decl(struct buf *out, size_t scale)
{
	buf_adds(out, "x");
	patho_repeat(out, "<!A", patho_n(50000, scale));
}

/* Autolinks and tags that never close. */
static void
patho_gen_autolinks(struct buf *out, size_t scale)
{
	patho_repeat(out, "<http://a <a href=\"", patho_n(50000, scale));
}

/* 320,000 reference definitions, then 20,000 uses of an undefined one. */
static void
patho_gen_refs_many(struct buf *out, size_t scale)
{
	size_t	 i, n = patho_n(320000, scale);

	for (i = 1; i < n; i++)
		buf_printf(out, "[%zu]: u\n", i);
	patho_repeat(out, "[0] ", patho_n(20000, scale));
}

/* Reference definitions whose title never ends. */
static void
patho_gen_refs_title(struct buf *out, size_t scale)
{
	patho_repeat(out, "[a]: /u \"an open title\n", patho_n(50000, scale));
}

/* A reference label that never ends. */
static void
patho_gen_refs_label(struct buf *out, size_t scale)
{
	patho_repeat(out, "[label\n", patho_n(50000, scale));
	buf_adds(out, "]: /u\n");
}

/*
 * Invalid UTF-8 of every kind, between words: overlong forms, surrogates,
 * code points past U+10FFFF, bytes that never start a character, lone
 * continuation bytes and sequences cut short, the last at the very end.
 */
static void
patho_gen_bad_utf8(struct buf *out, size_t scale)
{
	static const char *const bad[] = {
		"\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf",
		"\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf",		/* overlong */
		"\xed\xa0\x80", "\xed\xbf\xbf", "\xed\xa0\x80\xed\xb0\x80",
								/* surrogates */
		"\xf4\x90\x80\x80", "\xf7\xbf\xbf\xbf",
		"\xf8\x88\x80\x80\x80", "\xfc\x84\x80\x80\x80\x80",
								/* too high */
		"\xfe", "\xff", "\xfe\xff",			/* never valid */
		"\x80", "\xbf", "\x80\x80\x80",			/* continuation */
		"\xc3", "\xe2\x82", "\xf0\x9f\x98",		/* cut short */
	};
	size_t	 i, r, n = patho_n(200, scale);

	buf_adds(out, "# Bad \xed\xa0\x80 bytes \xc0\xaf heading\n\n");
	for (r = 0; r < n; r++) {
		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			buf_printf(out, "valid%s text ", bad[i]);
		buf_adds(out, "\n\n");
	}
	buf_adds(out, "## Cut\n\nthe end \xf0\x9f\x98");
}

/* NUL bytes: first, last, in a heading, in code, alone and in runs. */
static void
patho_gen_nul(struct buf *out, size_t scale)
{
	static const char	 head[] = "\0first\n\n# Nul\0 heading\n\n";
	static const char	 body[] = "abc\0de\0 text\0\0\0\n\n```\n"
				    "code\0\n```\n\n";
	static const char	 tail[] = "\n\nlast\0";
	size_t			 i, n = patho_n(200, scale);

	buf_add(out, head, sizeof(head) - 1);
	for (i = 0; i < n; i++)
		buf_add(out, body, sizeof(body) - 1);
	for (i = 0; i < 1000; i++)
		buf_addc(out, '\0');
	buf_add(out, tail, sizeof(tail) - 1);
}

/* An article whose lines end in `eol`. */
static void
patho_gen_article(struct buf *out, size_t scale, const char *eol)
{
	size_t	 i, n = patho_n(300, scale);

	buf_printf(out, "# Line ends%s%sBy someone, today%s%s", eol, eol,
	    eol, eol);
	for (i = 0; i < n; i++)
		buf_printf(out, "## Talk %zu%s%sAlice Brown discussed line "
		    "ends,%sover two lines.%s%s> quoted%s> twice%s%s- item%s"
		    "- item%s%s```%scode %zu%s```%s%s", i, eol, eol, eol, eol,
		    eol, eol, eol, eol, eol, eol, eol, eol, i, eol, eol, eol);
}

static void
patho_gen_cr(struct buf *out, size_t scale)
{
	patho_gen_article(out, scale, "\r");
}

static void
patho_gen_crlf(struct buf *out, size_t scale)
{
	patho_gen_article(out, scale, "\r\n");
}

/* A byte order mark, then the article. */
static void
patho_gen_bom(struct buf *out, size_t scale)
{
	buf_adds(out, "\xef\xbb\xbf");
	patho_gen_article(out, scale, "\n");
}

/*
 * One section of 40,000 code blocks, then a paragraph naming its speaker:
 * the talk finder walks the section's blocks for its opening.
 */
static void
patho_gen_code_section(struct buf *out, size_t scale)
{
	buf_adds(out, "# Code section\n\n");
	patho_repeat(out, "```\ncode block\n```\n\n", patho_n(40000, scale));
	buf_adds(out, "Jane Roe presented the code.\n");
}

/*
 * One fenced code block of five million lines of "|": each line a row of
 * the layout, and each a line that a table's rule would look at.
 */
static void
patho_gen_code_pipes(struct buf *out, size_t scale)
{
	buf_adds(out, "# Pipes\n\n```\n");
	patho_repeat(out, "|\n", patho_n(5000000, scale));
	buf_adds(out, "```\n\nAfter the block.\n");
}

/*
 * Sections whose openings are 2,000 lines that each look like a label or
 * a programme entry: every line is read for presenters.
 */
static void
patho_gen_label_lines(struct buf *out, size_t scale)
{
	size_t	 i, n = patho_n(100, scale);

	for (i = 0; i < n; i++) {
		buf_printf(out, "## Session %zu\n\n", i);
		patho_repeat(out, "Speaker: Jane Roe, **Speakers:** A B @ab\n"
		    "Jane Roe - @jroe: [Title](u) Jane Roe\n", 1000);
		buf_adds(out, "\n");
	}
}

/*
 * 8 MiB of blank lines between a footnote's reference and its definition:
 * finding lines may not cost memory by the line.
 */
static void
patho_gen_blank_note(struct buf *out, size_t scale)
{
	buf_adds(out, "# Blank\n\nA note[^1] here.\n");
	patho_repeat(out, "\n", patho_n((size_t)8 << 20, scale));
	buf_adds(out, "[^1]: The note at the end.\n");
}

/* Front matter of 4,000 keys, just under its bound, then the article. */
static void
patho_gen_front_big(struct buf *out, size_t scale)
{
	size_t	 i, n = patho_n(4000, scale);

	buf_adds(out, "---\ntitle: Big front matter\n");
	for (i = 0; i < n; i++)
		buf_printf(out, "key%zu: value\n", i);
	buf_adds(out, "---\n\n## Body\n\nThe body text.\n");
}

/* "---", then 100,000 lines that look like YAML, never closed. */
static void
patho_gen_front_open(struct buf *out, size_t scale)
{
	buf_adds(out, "---\n");
	patho_repeat(out, "key: value\n", patho_n(100000, scale));
	buf_adds(out, "\nThe end.\n");
}

/* A billion laughs: nine levels of ten aliases each. */
static void
patho_gen_front_laughs(struct buf *out, size_t scale)
{
	int	 i;

	(void)scale;
	buf_adds(out, "---\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, "
	    "lol, lol]\n");
	for (i = 0; i < 9; i++)
		buf_printf(out, "%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, "
		    "*%c, *%c, *%c]\n", 'b' + i, 'b' + i, 'a' + i, 'a' + i,
		    'a' + i, 'a' + i, 'a' + i, 'a' + i, 'a' + i, 'a' + i,
		    'a' + i, 'a' + i);
	buf_adds(out, "title: *j\nauthor: *j\n---\n\n# Laughs\n\nNone.\n");
}

/* Front matter 30,000 brackets deep. */
static void
patho_gen_front_deep(struct buf *out, size_t scale)
{
	buf_adds(out, "---\ntitle: ");
	patho_repeat(out, "[", patho_n(30000, scale));
	patho_repeat(out, "]", patho_n(30000, scale));
	buf_adds(out, "\n---\n\n# Deep\n\nBelow it.\n");
}

/* An HTML block of `n` copies of `s` after "<div>", then a paragraph. */
static void
patho_html_block(struct buf *out, const char *s, size_t n)
{
	buf_adds(out, "# HTML block\n\n<div>\n");
	patho_repeat(out, s, n);
	buf_adds(out, "\n\nAfter the block.\n");
}

static void
patho_gen_html_block_comments(struct buf *out, size_t scale)
{
	patho_html_block(out, "<!--x <?y <![CDATA[z <!w ", patho_n(50000, scale));
}

static void
patho_gen_html_block_tags(struct buf *out, size_t scale)
{
	patho_html_block(out, "<a href=\"x ", patho_n(50000, scale));
}

static void
patho_gen_html_block_nested(struct buf *out, size_t scale)
{
	patho_html_block(out, "<b><i><a href=x><pre><h1>", patho_n(30000,
	    scale));
}

/* One paragraph of 300,000 strike-through openers, never closed. */
static void
patho_gen_tildes(struct buf *out, size_t scale)
{
	buf_adds(out, "# Tildes\n\n");
	patho_repeat(out, "~~a ~b ", patho_n(300000, scale));
	buf_adds(out, "\n");
}

/* A header of 256 columns over 200,000 one-cell rows, filled out. */
static void
patho_gen_table_wide(struct buf *out, size_t scale)
{
	buf_adds(out, "# Wide table\n\n");
	patho_repeat(out, "|h", 256);
	buf_adds(out, "|\n");
	patho_repeat(out, "|-", 256);
	buf_adds(out, "|\n");
	patho_repeat(out, "x\n", patho_n(200000, scale));
	buf_adds(out, "\nAfter the table.\n");
}

/* One table of 300,000 rows, a link and a pipe in code in each. */
static void
patho_gen_table_long(struct buf *out, size_t scale)
{
	buf_adds(out, "# Long table\n\n| a | b |\n|:--|--:|\n");
	patho_repeat(out, "| [r] `x|y` | *c* |\n", patho_n(300000, scale));
	buf_adds(out, "\n[r]: /u\n");
}

/* 100,000 footnotes, each referred to before its definition. */
static void
patho_gen_notes(struct buf *out, size_t scale)
{
	size_t	 i, n = patho_n(100000, scale);

	buf_adds(out, "# Notes\n\n");
	for (i = 0; i < n; i++)
		buf_printf(out, "Said[^%zu] and again[^%zu].\n", i, i / 2);
	buf_adds(out, "\n");
	for (i = 0; i < n; i++)
		buf_printf(out, "[^%zu]: Note %zu names [^%zu].\n", i, i,
		    (i * 7) % n);
}

/* Template markup: the template stage's worst cases. */

/* Sections of paragraphs up to `total` bytes, scaled: an ordinary body. */
static void
patho_tpl_body(struct buf *out, size_t total, size_t scale)
{
	size_t	 i, end = out->len + total / scale;

	for (i = 0; out->len < end; i++) {
		if (i % 50 == 0)
			buf_printf(out, "## Section %zu\n\n", i / 50);
		buf_printf(out, "Paragraph %zu of the body, with *emphasis*, "
		    "`code` and a [link](/u/%zu), long enough to wrap.\n\n",
		    i, i);
	}
}

/* {% raw %} never closed, over 10 MB of Markdown. */
static void
patho_gen_tpl_raw(struct buf *out, size_t scale)
{
	buf_adds(out, "{% raw %}\n\n");
	patho_tpl_body(out, (size_t)10 << 20, scale);
}

/* {% highlight python %} never closed, over 10 MB of Markdown. */
static void
patho_gen_tpl_highlight(struct buf *out, size_t scale)
{
	buf_adds(out, "{% highlight python %}\n");
	patho_tpl_body(out, (size_t)10 << 20, scale);
}

/* 100,000 shortcode openers on one line, none closed. */
static void
patho_gen_tpl_hugo_open(struct buf *out, size_t scale)
{
	buf_adds(out, "# Open shortcodes\n\n");
	patho_repeat(out, "{{< ", patho_n(100000, scale));
	buf_adds(out, "\n\nAfter the shortcodes.\n");
}

/* The same, each on a line of its own: each line looks for its end. */
static void
patho_gen_tpl_hugo_lines(struct buf *out, size_t scale)
{
	buf_adds(out, "# Open shortcodes\n\n");
	patho_repeat(out, "{{<\n", patho_n(100000, scale));
	buf_adds(out, "\nAfter the shortcodes.\n");
}

/* Notices nested 10,000 deep, each on a line, and closed. */
static void
patho_gen_tpl_hugo_deep(struct buf *out, size_t scale)
{
	size_t	 n = patho_n(10000, scale);

	buf_adds(out, "# Deep notices\n\n");
	patho_repeat(out, "{{< notice >}}\n", n);
	buf_adds(out, "Deep notice text.\n");
	patho_repeat(out, "{{< /notice >}}\n", n);
	buf_adds(out, "\nAfter the notices.\n");
}

/* MkDocs admonitions nested 1,000 deep, each four columns in. */
static void
patho_gen_tpl_mkdocs_deep(struct buf *out, size_t scale)
{
	size_t	 i, n = patho_n(1000, scale);

	buf_adds(out, "# Deep admonitions\n\n");
	for (i = 0; i < n; i++) {
		patho_repeat(out, "    ", i);
		buf_adds(out, "!!! note \"Level\"\n");
	}
	patho_repeat(out, "    ", n);
	buf_adds(out, "Deep admonition text.\n\nAfter the admonitions.\n");
}

/* 100,000 MkDocs admonitions one after another, and one never ended. */
static void
patho_gen_tpl_mkdocs_flat(struct buf *out, size_t scale)
{
	buf_adds(out, "# Many admonitions\n\n");
	patho_repeat(out, "!!! tip\n    A tip.\n\n", patho_n(100000, scale));
	buf_adds(out, "!!! warning \"Unended\"\n\n    Last admonition text.\n");
}

/*
 * Math's openers by the hundred thousand, on one line each and none
 * closed: dollars with a blank before every one (so that none may close),
 * "$$", "\(" and "\[" with nothing to close them.
 */
static void
patho_gen_tpl_math(struct buf *out, size_t scale)
{
	buf_adds(out, "# Many dollars\n\n");
	patho_repeat(out, "$a ", patho_n(100000, scale));
	buf_adds(out, "\n\n");
	patho_repeat(out, "$$a ", patho_n(100000, scale));
	buf_adds(out, "\n\n");
	patho_repeat(out, "\\(a_1 \\[b^2 ", patho_n(100000, scale));
	buf_adds(out, "\n\nLast math text $x^2$.\n");
}

/*
 * Ten tags, each with an argument of 1 MB: `open`, the path, `title`, the
 * tag's number and `close`.
 */
static void
patho_tpl_big_args(struct buf *out, size_t scale, const char *open,
    const char *title, const char *close)
{
	size_t	 i;

	buf_adds(out, "# Big arguments\n\n");
	for (i = 0; i < 10; i++) {
		buf_adds(out, open);
		patho_repeat(out, "abcdefgh/", patho_n(((size_t)1 << 20) / 9,
		    scale));
		buf_printf(out, "%s%zu%s", title, i, close);
		buf_printf(out, "\n\nText after tag %zu.\n\n", i);
	}
}

static void
patho_gen_tpl_hugo_arg(struct buf *out, size_t scale)
{
	patho_tpl_big_args(out, scale, "{{< figure src=\"/img/",
	    "a.png\" caption=\"Figure ", "\" >}}");
}

static void
patho_gen_tpl_liquid_arg(struct buf *out, size_t scale)
{
	patho_tpl_big_args(out, scale, "{% img /img/", "a.png \"Picture ",
	    "\" %}");
}

/* 100,000 {% comment %} never closed, after what shows. */
static void
patho_gen_tpl_comments(struct buf *out, size_t scale)
{
	buf_adds(out, "# Comments\n\nThe text before the comments.\n\n");
	patho_repeat(out, "{% comment %}\nhidden\n\n", patho_n(100000,
	    scale));
}

/* One line of 10 MB of words each with an attribute list. */
static void
patho_gen_tpl_ial(struct buf *out, size_t scale)
{
	buf_adds(out, "# Attributes\n\n");
	patho_repeat(out, "word{: .c #i key=\"v\"} ", patho_n(((size_t)10 <<
	    20) / 22, scale));
	buf_adds(out, "\n");
}

/*
 * A tag never closed, and the 15 lines after it, again and again: each
 * opener joins as many lines as a tag may go on over, to no end.
 */
static void
patho_gen_tpl_join(struct buf *out, size_t scale)
{
	size_t	 i, n, end = out->len + ((size_t)10 << 20) / scale;

	buf_adds(out, "# Joined\n\n");
	for (i = 0; out->len < end; i++) {
		buf_adds(out, "{% include x\n");
		for (n = 1; n < 16; n++)
			buf_printf(out, "line %zu of tag %zu {{ a\n", n, i);
	}
}

/*
 * A million output tags, each with a backtick and so none: every opener
 * finds the one closer at the end of the line.
 */
static void
patho_gen_tpl_output_ticks(struct buf *out, size_t scale)
{
	buf_adds(out, "# Output tags\n\n");
	patho_repeat(out, "{{`", patho_n(1000000, scale));
	buf_adds(out, "}}\n\nAfter the tags.\n");
}

/*
 * Shortcodes no rule knows over 10 MB, in runs: 250 of them, each named
 * apart and looking ahead for its closing tag, then 250 closing tags of
 * other names, then text one of them closes over.  Every opener looks
 * past the closing tags of other names, and through the text for
 * Markdown.
 */
static void
patho_gen_tpl_hugo_pairs(struct buf *out, size_t scale)
{
	size_t	 i, run, end = out->len + ((size_t)10 << 20) / scale;

	buf_adds(out, "# Paired shortcodes\n\n");
	for (run = 0; out->len < end; run++) {
		for (i = 0; i < 250; i++)
			buf_printf(out, "{{< open%zu >}} text %zu\n", i, run);
		for (i = 0; i < 250; i++)
			buf_printf(out, "{{< /other%zu >}}\n", i);
		buf_printf(out, "Plain run %zu\n{{< /open249 >}}\n\n", run);
	}
}

/* Queries and index lines that the inputs hold at every scale to 10. */
const struct patho_input patho_inputs[] = {
	{ "empty", "an empty file", patho_gen_empty, "anything", false,
	    false, "empty.md", NULL },
	{ "blank", "whitespace only", patho_gen_blank, "anything", false,
	    false, "blank.md", NULL },
	{ "no-headings", "no headings", patho_gen_no_headings,
	    "paragraph 99,", true, true, "no-headings.md", NULL },
	{ "only-headings", "only headings", patho_gen_only_headings,
	    "Heading 59", true, true, "Heading 59", NULL },
	{ "headings", "50,000 headings", patho_gen_headings, "point 4999.",
	    true, true, "Heading 4999", NULL },
	{ "long-line", "one 50 MiB line", patho_gen_long_line, "needle",
	    true, true, NULL, NULL },
	{ "quotes", "block quotes 10,000 deep", patho_gen_quotes,
	    "deep quote text", true, true, NULL, NULL },
	{ "lists", "lists 10,000 deep", patho_gen_lists, "deep item text",
	    true, true, NULL, NULL },
	{ "links", "100,000 links, inline and reference", patho_gen_links,
	    "ref 4999", true, true, "Links from 0", NULL },
	{ "emph-nested", "*a **a nested 65,000 deep", patho_gen_emph_nested,
	    "middle", true, true, NULL, NULL },
	{ "emph-closers", "65,000 emphasis closers, no openers",
	    patho_gen_emph_closers, "a_ a_", true, true, NULL, NULL },
	{ "emph-openers", "65,000 emphasis openers, no closers",
	    patho_gen_emph_openers, "_a _a", true, true, NULL, NULL },
	{ "emph-mismatched", "50,000 mismatched * and _",
	    patho_gen_emph_mismatched, "*a_ *a_", true, true, NULL, NULL },
	{ "emph-three", "closers in multiples of 3", patho_gen_emph_three,
	    "c* c*", true, true, NULL, NULL },
	{ "emph-deep", "20,000 stars each side of a word",
	    patho_gen_emph_deep, "core", true, true, NULL, NULL },
	{ "link-closers", "65,000 link closers, no openers",
	    patho_gen_link_closers, "a]a]", true, true, NULL, NULL },
	{ "link-openers", "65,000 link openers, no closers",
	    patho_gen_link_openers, "[a[a", true, true, NULL, NULL },
	{ "link-emph", "link openers and emphasis closers",
	    patho_gen_link_emph, "[ a_[ a_", true, true, NULL, NULL },
	{ "brackets", "brackets nested 50,000 deep", patho_gen_brackets,
	    "[a]", true, true, NULL, NULL },
	{ "brackets-ref", "nested brackets and a reference definition",
	    patho_gen_brackets_ref, "[]", true, true, NULL, NULL },
	{ "unclosed-angle", "30,000 [a](<b", patho_gen_unclosed_angle,
	    "[a](<b[a]", true, true, NULL, NULL },
	{ "unclosed-dest", "30,000 [a](b", patho_gen_unclosed_dest,
	    "[a](b[a]", true, true, NULL, NULL },
	{ "unclosed-title", "50,000 [ (](", patho_gen_unclosed_title,
	    "[ (](", true, true, NULL, NULL },
	{ "images", "images nested 20,000 deep", patho_gen_images,
	    "pictured", true, true, NULL, NULL },
	{ "images-open", "50,000 ![ never closed", patho_gen_images_open,
	    "![a![a", true, true, NULL, NULL },
	{ "backticks", "backtick runs of every length to 5,000",
	    patho_gen_backticks, "e``e", true, true, NULL, NULL },
	{ "backticks-escaped", "50,000 \\``", patho_gen_backticks_escaped,
	    "````", true, true, NULL, NULL },
	{ "html-angles", "50,000 <>", patho_gen_html_angles, "<><>", true,
	    true, NULL, NULL },
	{ "html-pi", "50,000 <?", patho_gen_html_pi, "x<?<?", true, true,
	    NULL, NULL },
	{ "html-cdata", "50,000 <![CDATA[", patho_gen_html_cdata,
	    "<![CDATA[<!", true, true, NULL, NULL },
	{ "html-comment", "50,000 <!--", patho_gen_html_comment, "<!--<!",
	    true, true, NULL, NULL },
	{ "html-decl", "50,000 <!A", patho_gen_html_decl, "<!A<!A", true,
	    true, NULL, NULL },
	{ "autolinks", "50,000 autolinks and tags never closed",
	    patho_gen_autolinks, "<http://a <a", true, true, NULL, NULL },
	{ "refs-many", "320,000 reference definitions",
	    patho_gen_refs_many, "[0] [0]", true, true, NULL, NULL },
	{ "refs-title", "50,000 definitions with an open title",
	    patho_gen_refs_title, "an open title", true, true, NULL, NULL },
	{ "refs-label", "a reference label that never closes",
	    patho_gen_refs_label, "[label", true, true, NULL, NULL },
	{ "bad-utf8", "invalid UTF-8 of every kind", patho_gen_bad_utf8,
	    "valid", true, true, "Cut", "invalid UTF-8" },
	{ "nul", "NUL bytes", patho_gen_nul, "de", true, true, "Nul",
	    "NUL" },
	{ "cr", "CR line ends", patho_gen_cr, "ends, over two", true, true,
	    "Talk 299", NULL },
	{ "crlf", "CRLF line ends", patho_gen_crlf, "ends, over two", true,
	    true, "Talk 299", NULL },
	{ "bom", "a byte order mark", patho_gen_bom, "ends, over two", true,
	    true, "Line ends", NULL },
	{ "code-section", "one section of 40,000 code blocks",
	    patho_gen_code_section, "presented the code", true, true,
	    "Code section", NULL },
	{ "code-pipes", "a code block of 5,000,000 lines of |",
	    patho_gen_code_pipes, "After the block", true, true, "Pipes",
	    NULL },
	{ "front-big", "front matter of 4,000 keys", patho_gen_front_big,
	    "body text", true, true, "Big front matter", NULL },
	{ "front-open", "front matter never closed", patho_gen_front_open,
	    "The end", true, true, NULL, NULL },
	{ "front-laughs", "a billion laughs in front matter",
	    patho_gen_front_laughs, "None", true, true, "Laughs", NULL },
	{ "front-deep", "front matter 30,000 brackets deep",
	    patho_gen_front_deep, "Below it", true, true, "Deep", NULL },
	{ "html-block-comments", "an HTML block of 200,000 unclosed comments",
	    patho_gen_html_block_comments, "After the block", true, true,
	    "HTML block", NULL },
	{ "html-block-tags", "an HTML block of 50,000 unclosed tags",
	    patho_gen_html_block_tags, "After the block", true, true,
	    "HTML block", NULL },
	{ "html-block-nested", "an HTML block of 150,000 elements never "
	    "closed", patho_gen_html_block_nested, "After the block", true,
	    true, "HTML block", NULL },
	{ "tildes", "300,000 strike-through openers never closed",
	    patho_gen_tildes, "~b ~~a", true, true, "Tildes", NULL },
	{ "table-wide", "a 256-column header over 200,000 short rows",
	    patho_gen_table_wide, "After the table", true, true,
	    "Wide table", NULL },
	{ "table-long", "a table of 300,000 rows", patho_gen_table_long,
	    "x", true, true, "Long table", NULL },
	{ "notes", "100,000 footnotes named before their definitions",
	    patho_gen_notes, "Note 99 names", true, true, "Notes", NULL },
	{ "blank-note", "8 MiB of blank lines inside a footnote's reach",
	    patho_gen_blank_note, "note at the end", true, true, "Blank",
	    NULL },
	{ "label-lines", "openings of 2,000 label lines",
	    patho_gen_label_lines, "jroe", true, true, "Session 9", NULL },
	{ "tpl-raw", "{% raw %} never closed over 10 MB", patho_gen_tpl_raw,
	    "Paragraph 9999 of", true, true, "Section 99", NULL },
	{ "tpl-highlight", "{% highlight %} never closed over 10 MB",
	    patho_gen_tpl_highlight, "Paragraph 9999 of", true, true, NULL,
	    NULL },
	{ "tpl-hugo-open", "100,000 {{< on one line", patho_gen_tpl_hugo_open,
	    "After the shortcodes", true, true, "Open shortcodes", NULL },
	{ "tpl-hugo-lines", "100,000 {{< each on a line",
	    patho_gen_tpl_hugo_lines, "After the shortcodes", true, true,
	    "Open shortcodes", NULL },
	{ "tpl-hugo-deep", "shortcodes nested 10,000 deep",
	    patho_gen_tpl_hugo_deep, "Deep notice text", true, true,
	    "Deep notices", NULL },
	{ "tpl-mkdocs-deep", "MkDocs admonitions nested 1,000 deep",
	    patho_gen_tpl_mkdocs_deep, "Deep admonition text", true, true,
	    "Deep admonitions", NULL },
	{ "tpl-mkdocs-flat", "100,000 MkDocs admonitions, the last unended",
	    patho_gen_tpl_mkdocs_flat, "Last admonition text", true, true,
	    "Many admonitions", NULL },
	{ "tpl-math", "100,000 openers of math on a line, none closed",
	    patho_gen_tpl_math, "Last math text", true, true,
	    "Many dollars", NULL },
	{ "tpl-hugo-arg", "shortcodes with an argument of 1 MB",
	    patho_gen_tpl_hugo_arg, "Figure 9", true, true, "Big arguments",
	    NULL },
	{ "tpl-liquid-arg", "Liquid tags with an argument of 1 MB",
	    patho_gen_tpl_liquid_arg, "Picture 9", true, true, "Big arguments",
	    NULL },
	{ "tpl-comments", "100,000 {% comment %} never closed",
	    patho_gen_tpl_comments, "before the comments", true, true,
	    "Comments", NULL },
	{ "tpl-ial", "a 10 MB line of attribute lists", patho_gen_tpl_ial,
	    "word word", true, true, "Attributes", NULL },
	{ "tpl-join", "tags that go on over 16 lines and never close",
	    patho_gen_tpl_join, "line 15 of tag 9", true, true, "Joined",
	    NULL },
	{ "tpl-hugo-pairs", "10 MB of shortcodes looking for their ends",
	    patho_gen_tpl_hugo_pairs, "Plain run 99", true, true,
	    "Paired shortcodes", NULL },
	{ "tpl-output-ticks", "a million {{` and one }}",
	    patho_gen_tpl_output_ticks, "After the tags", true, true,
	    "Output tags", NULL },
};

const size_t	 patho_ninputs = sizeof(patho_inputs) / sizeof(patho_inputs[0]);

const struct patho_input *
patho_find(const char *name)
{
	size_t	 i;

	for (i = 0; i < patho_ninputs; i++)
		if (strcmp(patho_inputs[i].name, name) == 0)
			return &patho_inputs[i];
	return NULL;
}

size_t
patho_bound_kib(size_t size, size_t parser_kib)
{
	size_t	 own = size / 1024 * 8, floor = parser_kib * 2;

	return (own > floor ? own : floor) + 32 * 1024;
}

size_t
patho_scale(void)
{
	const char	*s = getenv("OLSREAD_PATHO_SCALE");
	char		*end;
	unsigned long	 n;

	if (s == NULL || *s == '\0')
		return 1;
	n = strtoul(s, &end, 10);
	if (*end != '\0' || n < 1 || n > 1000)
		return 1;
	return n;
}
