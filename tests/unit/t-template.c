/*
 * t-template: the template stage's rewrites, construct by construct: the
 * Markdown each gives, the same whether the text comes whole or a byte
 * or seven at a time, with as many lines as it came with (a tag that
 * opens code after text on its line is the one exception).  Then through
 * the whole loader: code inside {% highlight %} is one code block, line
 * for line.
 */
#include "src/load-template.h"

#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "load.h"
#include "tap.h"

static const struct {
	const char	*in;
	const char	*out;
	bool		 grows;		/* by a line or more */
} cases[] = {
	{ "{% highlight ruby linenos %}\ndef f\n  `x` *y*\nend\n{% endhighlight %}\n",
	    "~~~~~~~~ruby\ndef f\n  `x` *y*\nend\n~~~~~~~~\n", false },
	{ "{% codeblock Title lang:go http://x.org link %}\nfunc f() {}\n{% endcodeblock %}\n",
	    "~~~~~~~~go\nfunc f() {}\n~~~~~~~~\n", false },
	{ "a {% raw %}{{ x }} {% if %}{% endraw %} b\n",
	    "a {{ x }} {% if %} b\n", false },
	{ "{% raw %}\n{% include x %}\n{% endraw %}\n",
	    "\n{% include x %}\n\n", false },
	{ "before\n{% comment %}\nhidden *x*\n{% endcomment %}\nafter\n",
	    "before\n\n\n\nafter\n", false },
	{ "{% if page.x %}\nshown\n{% else %}\nalso\n{% endif %}\n",
	    "\nshown\n\nalso\n\n", false },
	{ "[post]({% post_url 2010-07-21-hello %}) and {% post_url 2011-01-02-x %}\n",
	    "[post](/2010/07/21/hello.html) and /2011/01/02/x.html\n", false },
	{ "[l]({% link _posts/a.md %}) {% link /b.md %}\n",
	    "[l](_posts/a.md) /b.md\n", false },
	{ "{% include toc.html %}\n{% assign x = 1 %}text\n",
	    "\ntext\n", false },
	{ "![cat]({{ site.baseurl }}/img/cat.png) and [a]({{ \"/about/\" | relative_url }})\n",
	    "![cat](/img/cat.png) and [a](/about/)\n", false },
	{ "Site: {{ site.title }} and {{ page.date | date: \"%Y\" }}\n",
	    "Site: `{{ site.title }}` and `{{ page.date | date: \"%Y\" }}`\n", false },
	{ "<a href=\"{{ site.url }}/x\">x</a>\n",
	    "<a href=\"/x\">x</a>\n", false },
	{ "[ref]: {{ site.url }}/r\n",
	    "[ref]: /r\n", false },
	{ "{% img left /images/a.png 300 200 \"A title\" \"Alt text\" %}\n",
	    "![Alt text](</images/a.png>)\n", false },
	{ "{% blockquote Jane Roe, Book http://x.org/b Book %}\nQuoted *text*.\n{% endblockquote %}\n",
	    "\n> Quoted *text*.\n> — Jane Roe, Book\n", false },
	{ "{% youtube abc123 %} {% vimeo 42 %} {% gist 1234 %}\n",
	    "[YouTube video abc123](<https://www.youtube.com/watch?v=abc123>) [Vimeo video 42](<https://vimeo.com/42>) [GitHub gist 1234](<https://gist.github.com/1234>)\n", false },
	{ "{{< figure src=\"a.png\" alt=\"Alt\" caption=\"The <i>cap</i>\" link=\"/big.png\" >}}\n",
	    "[![Alt](<a.png>)](</big.png>) *The <i>cap</i>*\n", false },
	{ "{{< youtube id=\"xyz\" >}} {{< vimeo 7 >}} {{< tweet user=\"jr\" id=\"99\" >}} {{< x user=\"a\" id=\"1\" >}} {{< instagram BW >}} {{< gist jr 123 >}}\n",
	    "[YouTube video xyz](<https://www.youtube.com/watch?v=xyz>) [Vimeo video 7](<https://vimeo.com/7>) [Post 99](<https://x.com/jr/status/99>) [Post 1](<https://x.com/a/status/1>) [Instagram post BW](<https://www.instagram.com/p/BW>) [GitHub gist 123](<https://gist.github.com/jr/123>)\n", false },
	{ "{{< highlight go \"linenos=table\" >}}\nfunc f() {}\n{{< / highlight >}}\n",
	    "~~~~~~~~go\nfunc f() {}\n~~~~~~~~\n", false },
	{ "see [there]({{< ref \"posts/a.md\" >}}) and {{< relref path=\"b.md\" >}}\n",
	    "see [there](posts/a.md) and b.md\n", false },
	{ "{{< details summary=\"More\" >}}\nhidden?\n{{< /details >}}\n",
	    "**More**  \nhidden?\n\n", false },
	{ "{{% notice warning \"Careful now\" %}}\nBody *md*.\n\nSecond.\n{{% /notice %}}\nAfter.\n",
	    "> ##### Careful now\n> Body *md*.\n> \n> Second.\n\nAfter.\n", false },
	{ "{{< tip >}}\nA tip.\n{{< /tip >}}\n",
	    "> ##### Tip\n> A tip.\n\n", false },
	/* MkDocs's admonitions: a quote under the title, unindented. */
	{ "!!! warning \"Mind the gap\"\n    Body *md*.\n\n    Second.\n\nAfter.\n",
	    "> ##### Mind the gap\n> Body *md*.\n> \n> Second.\n\nAfter.\n", false },
	{ "???+ success-note\n    Open.\n\n??? tip \"\"\n    Untitled.\n",
	    "> ##### Success note\n> Open.\n\n> \n> Untitled.\n", false },
	{ "!!! note inline end\n    !!! tip \"In *here*\"\n        Deep.\n\n    Up.\nOut.\n",
	    "> ##### Note\n> > ##### In \\*here\\*\n> > Deep.\n> \n> Up.\nOut.\n", false },
	{ "```\n!!! note\n    code\n```\n!!! note \"open\n!!!note\n",
	    "```\n!!! note\n    code\n```\n!!! note \"open\n!!!note\n", false },
	{ "{{< center >}}\nkept\n{{< /center >}}\n{{< unknown a=1 >}}x\n",
	    "\nkept  \n\nx\n", false },
	{ "Write {{</* youtube id */>}} or {{%/* notice */%}}.\n",
	    "Write {{< youtube id >}} or {{% notice %}}.\n", false },
	{ "{{< comment >}} hide {{< /comment >}} shown\n",
	    " shown\n", false },
	{ "{{< tabpane >}}\n{{< tab header=\"toml\" lang=\"toml\" >}}\na = 1\n{{< /tab >}}\n{{< tab header=\"Notes\" >}}\ntext\n{{< /tab >}}\n{{< /tabpane >}}\n",
	    "\n~~~~~~~~toml\na = 1\n~~~~~~~~\n**Notes**  \ntext  \n\n\n", false },
	{ "[link](https://e.com){:target=\"_blank\"} and *em*{: .x}\n{: .lead }\npara\n",
	    "[link](https://e.com) and *em*\n\npara\n", false },
	{ "{::options parse_block_html=\"true\" /}\n{::comment}\nhidden\n{:/comment}\nshown\n",
	    "\n\n\n\nshown\n", false },
	{ "{::nomarkdown}<b>x</b>{:/nomarkdown}\n",
	    "<b>x</b>\n", false },
	{ "a [span]{.smallcaps} [b [c] d]{#x lang=fr k=\"a b\"} ![i](p.png){width=5}\n",
	    "a span b [c] d ![i](p.png)\n", false },
	{ "[l](u){.x} `c`{.cpp} `<b>`{=html} [r][s]{.y} [z]{.w}{.v}\n",
	    "[l](u) `c` `<b>` [r][s] z{.v}\n", false },
	{ "{1, 2} [c]{1} [x]{#1} [e]{} [f]{ .g } [h]{.} $\\sqrt[3]{.5}$ \\[k]{.m}\n",
	    "{1, 2} [c]{1} [x]{#1} [e]{} f [h]{.} `\\sqrt[3]{.5}` \\[k]\n", false },
	{ "$\\int_0^1 x\\,dx$, $$ a*b*c $$, \\(x_1\\) and \\[\\frac{a}{b}\\]\n",
	    "`\\int_0^1 x\\,dx`, `a*b*c`, `x_1` and `\\frac{a}{b}`\n", false },
	{ "$5 and $10\n$ x$\n$a $b\n\\$y\\$\n$$ $$\n\\( \\[\n$x`$`\n$d$2\n",
	    "$5 and $10\n$ x$\n$a $b\n\\$y\\$\n$$ $$\n\\( \\[\n$x`$`\n$d$2\n", false },
	{ "<div>\n$x$ [a]{.b}\n</div>\n\n$y$\n",
	    "<div>\n$x$ [a]{.b}\n</div>\n\n`y`\n", false },
	{ "[a](http://x/$y$) `$c$` $e$.\n",
	    "[a](http://x/$y$) `$c$` `e`.\n", false },
	{ "[`a[0]`]{.x} and [a](u \"t\"){.y}\n",
	    "[`a[0]`] and [a](u \"t\")\n", false },
	{ "* TOC\n{:toc}\n\n# Title\n",
	    "\n\n\n# Title\n", false },
	{ "* Not a toc\n* item\n",
	    "* Not a toc\n* item\n", false },
	{ "import X from './x'\nimport {a,\n b} from \"y\"\n\nexport const meta = {\n  a: 1\n}\n\n# Heading\n",
	    "\n\n\n\n\n\n\n\n# Heading\n", false },
	{ "Some import of goods\n",
	    "Some import of goods\n", false },
	{ "<Tabs>\n<TabItem value=\"a\" label=\"Alpha\">\nA text.\n</TabItem>\n</Tabs>\n",
	    "\n**Alpha**  \nA text.\n\n\n", false },
	{ "```\n{% include x %} {{< y >}} {: .z}\n```\n",
	    "```\n{% include x %} {{< y >}} {: .z}\n```\n", false },
	{ "text `{% raw %}` and `{{< x >}}` in code\n",
	    "text `{% raw %}` and `{{< x >}}` in code\n", false },
	{ "    {% indented code %}\n",
	    "    {% indented code %}\n", false },
	{ "{% include a.html\n  b=\"c\"\n  d=\"e\" %}\nafter\n",
	    "\n\n\nafter\n", false },
	{ "text {% highlight c %}int x;\n{% endhighlight %}\n",
	    "text \n~~~~~~~~c\nint x;\n~~~~~~~~\n", true },
	{ "\\{% not a tag %}\n",
	    "\\{% not a tag %}\n", false },
	{ "{%%}{% %}{{}}{{< >}}{:}\n",
	    "`{{}}`{:}\n", false },
	{ "---\ntitle: \"{{ x }} {% y %}\"\n---\n{{ z }}\n",
	    "---\ntitle: \"{{ x }} {% y %}\"\n---\n`{{ z }}`\n", false },
	{ "> {{< note >}}\n> quoted note\n> {{< /note >}}\n",
	    "> > ##### Note\n> > quoted note\n> > \n", false },
	/* A pair no rule knows: between {{< >}} its content is text, its
	   lines kept; between {{% %}} it stays Markdown. */
	{ "{{< toggle a=1 >}}\n[x] = *y*\n---\n  1.5 w\n"
	    "{{< /toggle >}}\nafter *it*\n",
	    "\n\\[x\\] = \\*y\\*  \n\\---  \n1.5 w  \n\n"
	    "after *it*\n", false },
	{ "{{< y >}}1. a<br>\nb\n{{< /y >}}\n", "1\\. a<br>\nb  \n\n",
	    false },
	/* Unless it is written in Markdown, which the theme renders. */
	{ "{{< acc >}}\n**Slide 1**\ntext\n{{< /acc >}}\n",
	    "\n**Slide 1**\ntext\n\n", false },
	{ "{{< acc >}}\n\npara\n\n{{< /acc >}}\n", "\n\npara\n\n\n",
	    false },
	{ "{{% toggle %}}\n*y*\n{{% /toggle %}}\n", "\n*y*\n\n", false },
	{ "a {{< hl >}}f(\"x\"){{< /hl >}} b\n",
	    "a f\\(\"x\"\\) b\n", false },
	/* Its own tags are read; one unpaired, or closing itself, shows
	   nothing and leaves what follows Markdown. */
	{ "{{< pane >}}\n{{< tab header=\"T\" >}}\n*t*\n{{< /pane >}}\n",
	    "\n**T**  \n\\*t\\*  \n\n", false },
	{ "{{< lone >}}\n*y*\n", "\n*y*\n", false },
	{ "{{< shut />}}\n*y*\n{{< /shut >}}\n", "\n*y*\n\n", false },
	{ "{{< a >}}\n{{</* a */>}}\n", "\n{{< a >}}\n", false },
};

/* `in` through the stage, `step` bytes at a time, onto `text`. */
static void
t_rewrite(const char *in, size_t step, struct buf *text)
{
	struct load_template	 lt;
	struct buf		 raw;
	size_t			 len = strlen(in), i, k;

	load_template_init(&lt);
	buf_init(&raw);
	for (i = 0; i < len; i += k) {
		k = len - i < step ? len - i : step;
		buf_add(&raw, in + i, k);
		load_template_feed(&lt, &raw, text, false);
	}
	load_template_feed(&lt, &raw, text, true);
	load_template_release(&lt);
	buf_release(&raw);
}

static size_t
t_lines(const char *s, size_t len)
{
	size_t	 i, n = 0;

	for (i = 0; i < len; i++)
		n += s[i] == '\n';
	return n;
}

static void
t_case(size_t c)
{
	static const size_t	 steps[] = { 1, 7 };
	struct buf		 whole, part;
	size_t			 i;
	bool			 same = true;

	buf_init(&whole);
	t_rewrite(cases[c].in, strlen(cases[c].in), &whole);
	tap_is_mem(whole.data, whole.len, cases[c].out, "case %zu", c);
	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		buf_init(&part);
		t_rewrite(cases[c].in, steps[i], &part);
		same = same && part.len == whole.len &&
		    memcmp(part.data, whole.data, whole.len) == 0;
		buf_release(&part);
	}
	tap_ok(same, "case %zu: the same a byte and seven at a time", c);
	if (!cases[c].grows)
		tap_is_int((long long)t_lines(whole.data, whole.len),
		    (long long)t_lines(cases[c].in, strlen(cases[c].in)),
		    "case %zu: as many lines", c);
	buf_release(&whole);
}

/* Through the loader: the highlighted code is one code block. */
static void
t_loaded(void)
{
	static const char	 md[] = "# Code\n\nSee:\n\n"
	    "{% highlight python %}\ndef f(*a):\n    return `x`\n\n"
	    "# not a heading\n{% endhighlight %}\n\nAfter {{ site.x }}.\n";
	struct diag		 dg;
	struct doc		*d;
	const char		*s;
	size_t			 b, len;
	bool			 found = false;

	diag_init(&dg);
	d = load_buffer("t.md", md, sizeof(md) - 1, 0, &dg);
	for (b = 0; b < d->nblocks; b++) {
		if (d->blocks[b].kind != DOC_CODE)
			continue;
		s = doc_block_text(d, b, &len);
		found = len == 42 && memcmp(s, "def f(*a):\n    return `x`\n"
		    "\n# not a heading", len) == 0;
	}
	tap_ok(found, "highlighted code is a code block, line for line");
	tap_is_int((long long)d->nsections, 1, "its # line opens no section");
	doc_free(d);
	diag_release(&dg);
}

int
main(void)
{
	size_t	 c;

	tap_plan(0);
	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
		t_case(c);
	t_loaded();
	return tap_done();
}
