/*
 * t-link: the policy on which URLs may be opened or written in an OSC 8
 * hyperlink, one rule at a time, each with URLs it lets through and URLs
 * it stops; the OSC 8 form of a URL; and links found by number and by
 * text offset in docs loaded from inline Markdown.
 */
#include "link.h"

#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "load.h"
#include "tap.h"
#include "testdoc.h"

#define SCHEME_WHY	"only http, https and mailto links are opened"
#define OPTION_WHY	"a URL starting with '-' could pass for an option"
#define CONTROL_WHY	"the URL holds a control character"
#define UTF8_WHY	"the URL is not valid UTF-8"
#define SPACE_WHY	"the URL holds a space"

struct policy_case {
	const char	*url;
	size_t		 len;		/* 0: strlen(url) */
	const char	*why;		/* NULL: may be opened */
};

static const struct policy_case policy_cases[] = {
	/* The three schemes, in any case. */
	{ "http://example.org/", 0, NULL },
	{ "https://example.org/a?b=1&c=2#d", 0, NULL },
	{ "mailto:ann@example.org", 0, NULL },
	{ "HTTPS://EXAMPLE.ORG/", 0, NULL },
	{ "Http://example.org/", 0, NULL },
	{ "MailTo:ann@example.org", 0, NULL },
	{ "https://example.org/caf\xc3\xa9/\xe4\xb8\xad", 0, NULL },
	{ "https://example.org/-a-/", 0, NULL },
	{ "mailto:-ann@example.org", 0, NULL },
	/* Every other scheme, or none. */
	{ "javascript:alert(1)", 0, SCHEME_WHY },
	{ "JavaScript:alert(1)", 0, SCHEME_WHY },
	{ "file:///etc/passwd", 0, SCHEME_WHY },
	{ "ftp://example.org/", 0, SCHEME_WHY },
	{ "data:text/html,<b>x</b>", 0, SCHEME_WHY },
	{ "vbscript:x", 0, SCHEME_WHY },
	{ "httpx://example.org/", 0, SCHEME_WHY },
	{ "http//example.org/", 0, SCHEME_WHY },
	{ "htt:p://example.org/", 0, SCHEME_WHY },
	{ "pic.png", 0, SCHEME_WHY },
	{ "/etc/passwd", 0, SCHEME_WHY },
	{ "#section", 0, SCHEME_WHY },
	{ ":http://example.org/", 0, SCHEME_WHY },
	/* A leading '-', whatever follows. */
	{ "-oProxyCommand=x", 0, OPTION_WHY },
	{ "--help", 0, OPTION_WHY },
	{ "-", 0, OPTION_WHY },
	{ "-https://example.org/", 0, OPTION_WHY },
	/* C0, DEL and C1 controls, TAB and LF included. */
	{ "http://example.org/\x1b[31m", 0, CONTROL_WHY },
	{ "http://example.org/\x1b]8;;x\x1b\\", 0, CONTROL_WHY },
	{ "http://example.org/\x07", 0, CONTROL_WHY },
	{ "http://example.org/\x01", 0, CONTROL_WHY },
	{ "http://example.org/\t", 0, CONTROL_WHY },
	{ "http://example.org/\nx", 0, CONTROL_WHY },
	{ "http://example.org/\r", 0, CONTROL_WHY },
	{ "http://example.org/\x7f", 0, CONTROL_WHY },
	{ "http://example.org/\xc2\x9b" "31m", 0, CONTROL_WHY },
	{ "http://example.org/\xc2\x9d" "0;x", 0, CONTROL_WHY },
	{ "http://example.org/\xc2\x80", 0, CONTROL_WHY },
	{ "http://example.org/\xc2\x9f", 0, CONTROL_WHY },
	{ "http://x/\0y", 11, CONTROL_WHY },
	/* Invalid UTF-8, or its repair. */
	{ "http://example.org/\xff", 0, UTF8_WHY },
	{ "http://example.org/\x9b" "31m", 0, UTF8_WHY },
	{ "http://example.org/\xc0\xaf", 0, UTF8_WHY },
	{ "http://example.org/\xed\xa0\x80", 0, UTF8_WHY },
	{ "http://example.org/\xe4\xb8", 0, UTF8_WHY },
	{ "http://example.org/\xef\xbf\xbd", 0, UTF8_WHY },
	/* White space. */
	{ "http://example.org/a b", 0, SPACE_WHY },
	{ "http://example.org/ ", 0, SPACE_WHY },
	{ " http://example.org/", 0, SPACE_WHY },
	{ "http://example.org/\xc2\xa0", 0, SPACE_WHY },
	{ "http://example.org/\xe2\x80\xa8", 0, SPACE_WHY },
	/* Nothing at all. */
	{ "", 0, "the link has no URL" },
};

static void
test_policy(void)
{
	const struct policy_case	*c;
	const char			*why;
	size_t				 i, len;

	for (i = 0; i < sizeof(policy_cases) / sizeof(*policy_cases); i++) {
		c = &policy_cases[i];
		len = c->len != 0 ? c->len : strlen(c->url);
		why = link_refusal(c->url, len);
		if (c->why == NULL)
			tap_ok(why == NULL && link_is_openable(c->url, len),
			    "case %zu may be opened%s%s", i, why != NULL ?
			    ": refused, " : "", why != NULL ? why : "");
		else
			tap_is_str(why != NULL ? why : "(opened)", c->why,
			    "case %zu is refused", i);
	}
}

static void
test_plain_text(void)
{
	tap_ok(link_is_plain_text("plain caf\xc3\xa9 \xe4\xb8\xad", 15) &&
	    link_is_plain_text("", 0), "text with no control is plain");
	tap_ok(!link_is_plain_text("a\x1b" "b", 3) &&
	    !link_is_plain_text("a\tb", 3) && !link_is_plain_text("\x7f", 1) &&
	    !link_is_plain_text("\xc2\x9b", 2) &&
	    !link_is_plain_text("a\xff", 2), "ESC, TAB, DEL, C1 and invalid "
	    "UTF-8 are not");
	tap_ok(link_is_plain_text("\xef\xbf\xbd", 3), "a U+FFFD drawn for a "
	    "repair is plain text");
}

static void
test_osc8(void)
{
	struct buf	 b;
	char		 big[LINK_OSC8_MAX + 2];

	buf_init(&b);
	tap_ok(link_osc8_url("https://example.org/a?b=1", 25, &b) &&
	    strcmp(b.data, "https://example.org/a?b=1") == 0,
	    "an ASCII URL goes as it is");
	b.len = 0;
	tap_ok(link_osc8_url("https://example.org/caf\xc3\xa9", 25, &b) &&
	    strcmp(b.data, "https://example.org/caf%C3%A9") == 0,
	    "bytes past ASCII are percent-encoded (%s)", b.data);
	buf_adds(&b, "kept");
	tap_ok(!link_osc8_url("javascript:x", 12, &b) &&
	    !link_osc8_url("http://x/\x1b\\", 11, &b) &&
	    strcmp(b.data, "https://example.org/caf%C3%A9kept") == 0,
	    "a refused URL gives nothing, and leaves the buffer be");
	memcpy(big, "http://x/", 9);
	memset(big + 9, 'a', sizeof(big) - 9);
	b.len = 0;
	tap_ok(link_osc8_url(big, LINK_OSC8_MAX, &b) &&
	    b.len == LINK_OSC8_MAX, "a URL of %d bytes goes", LINK_OSC8_MAX);
	b.len = 0;
	buf_addc(&b, 'x');
	tap_ok(!link_osc8_url(big, LINK_OSC8_MAX + 1, &b) && b.len == 1 &&
	    strcmp(b.data, "x") == 0, "a longer one does not");
	buf_release(&b);
}

/* The URL of span `sp` of `d`, or "(none)" for DOC_NONE. */
static const char *
span_url(const struct doc *d, size_t sp, char *out, size_t size)
{
	const char	*url;
	size_t		 len;

	if (sp == DOC_NONE)
		return "(none)";
	url = doc_span_url(d, &d->spans[sp], &len);
	snprintf(out, size, "%.*s", (int)len, url);
	return out;
}

/* The URL of link number `n` of `d`. */
static const char *
url_of(const struct doc *d, unsigned long n, char *out, size_t size)
{
	return span_url(d, link_find(d, n), out, size);
}

static void
test_find(void)
{
	struct doc	*d = testdoc_load("# T\n\nSee *[one](http://1/)* and "
	    "![pic](2.png).\n\n## S\n\n**Bold [three](http://3/) and "
	    "[four](mailto:4@x)**, <http://5/>.\n");
	char		 url[64];

	tap_is_int(d->nlinks, 5, "links and images are numbered together");
	tap_is_str(url_of(d, 1, url, sizeof(url)), "http://1/", "link 1");
	tap_is_str(url_of(d, 2, url, sizeof(url)), "2.png", "2 is the image");
	tap_is_str(url_of(d, 3, url, sizeof(url)), "http://3/",
	    "3, in another section, inside strong");
	tap_is_str(url_of(d, 4, url, sizeof(url)), "mailto:4@x", "link 4");
	tap_is_str(url_of(d, 5, url, sizeof(url)), "http://5/",
	    "5, an autolink");
	tap_is_str(url_of(d, 0, url, sizeof(url)), "(none)", "no link 0");
	tap_is_str(url_of(d, 6, url, sizeof(url)), "(none)", "no link 6");
	doc_free(d);
	d = testdoc_load("No links here.\n");
	tap_is_str(url_of(d, 1, url, sizeof(url)), "(none)",
	    "none in a doc without links");
	doc_free(d);
}

/* The URL of the link at the offset of `needle` in the text of `d`. */
static const char *
url_at(const struct doc *d, const char *needle, char *out, size_t size)
{
	const char	*p = strstr(d->text.data, needle);
	size_t		 off;

	if (p == NULL)
		return "(no such text)";
	off = (size_t)(p - d->text.data);
	return span_url(d, link_at(d, doc_block_at(d, off), off), out, size);
}

static void
test_at(void)
{
	static const struct {
		const char	*at;	/* text from the offset on */
		const char	*url;
		const char	*what;
	} cases[] = {
		{ "Plain", "(none)", "no link outside links" },
		{ "a b", "http://a/", "a link's first byte" },
		{ "b c", "http://a/", "inside emphasis in a link" },
		{ "c then", "http://a/", "its last byte" },
		{ " then", "(none)", "the byte after it" },
		{ "img", "http://d/", "an image in a link: the link's URL" },
		{ "f g", "http://f/", "a link in an image's text: the link's" },
		{ "e f", "(none)", "an image alone is no link" },
	};
	struct doc	*d = testdoc_load("Plain [a *b* c](http://a/) then "
	    "[![img](i.png) d](http://d/) and ![e [f](http://f/) g](e.png) "
	    "end.\n");
	char		 url[64];
	size_t		 i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++)
		tap_is_str(url_at(d, cases[i].at, url, sizeof(url)),
		    cases[i].url, "%s", cases[i].what);
	doc_free(d);
}

int
main(void)
{
	tap_plan(0);
	test_policy();
	test_plain_text();
	test_osc8();
	test_find();
	test_at();
	return tap_done();
}
