/*
 * template-mdx: what MDX adds to Markdown and a page does not show as
 * such.  Its imports and exports, blocks of JavaScript at the top level
 * that go on to a blank line, show nothing.  Its JSX elements are read
 * as HTML is, except Docusaurus's tabs: <TabItem label="..."> shows its
 * label over its text, and <Tabs> and the ends show nothing, so that the
 * tabs read one after another.
 */
/* memmem(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "template.h"

#include <string.h>

/* Whether `s` starts with `word` and a blank. */
static bool
tpl_starts(const char *s, size_t len, const char *word)
{
	size_t	 n = strlen(word);

	return len > n && strncmp(s, word, n) == 0 && (s[n] == ' ' ||
	    s[n] == '\t');
}

/* The word after `s`'s first blank, checked against `words`. */
static bool
tpl_then(const char *s, size_t len, const char *const *words)
{
	const char	*sp = memchr(s, ' ', len);
	size_t		 n;

	if (sp == NULL)
		return false;
	len -= (size_t)(sp - s);
	s = sp;
	while (len > 0 && *s == ' ') {
		s++;
		len--;
	}
	for (; *words != NULL; words++) {
		n = strlen(*words);
		if (len >= n && strncmp(s, *words, n) == 0 && (len == n ||
		    n == 1 || s[n] == ' ' || s[n] == '(' || s[n] == '{'))
			return true;
	}
	return false;
}

/* An import or export statement's first line, by ECMAScript's forms. */
static bool
tpl_esm_start(const char *s, size_t len)
{
	static const char *const exports[] = { "const", "let", "var",
		"function", "default", "class", "async", "{", "*", NULL };

	if (tpl_starts(s, len, "import"))
		return memmem(s, len, " from ", 6) != NULL ||
		    memmem(s, len, " from\"", 6) != NULL ||
		    memmem(s, len, " from'", 6) != NULL ||
		    (len > 8 && (s[7] == '"' || s[7] == '\'' || s[7] == '{'));
	return tpl_starts(s, len, "export") && tpl_then(s, len, exports);
}

bool
tpl_mdx_esm(struct tpl *t, const char *s, size_t len)
{
	if (t->esm) {
		if (!t->blank)
			return true;
		t->esm = false;
		return false;
	}
	if (!t->after_blank || !tpl_esm_start(s, len))
		return false;
	t->esm = true;
	return true;
}

/* The value of attribute `name` in element `s`. */
static bool
tpl_attr(const char *s, size_t len, const char *name, const char **v,
    size_t *vlen)
{
	size_t		 n = strlen(name);
	const char	*p = s, *e = s + len, *q;

	while ((p = memmem(p, (size_t)(e - p), name, n)) != NULL) {
		if (p > s && p[-1] == ' ' && p + n + 1 < e && p[n] == '=' &&
		    (p[n + 1] == '"' || p[n + 1] == '\'') &&
		    (q = memchr(p + n + 2, p[n + 1], (size_t)(e - p - n -
		    2))) != NULL) {
			*v = p + n + 2;
			*vlen = (size_t)(q - *v);
			return true;
		}
		p += n;
	}
	return false;
}

bool
tpl_mdx_tabs(const char *s, size_t len, struct buf *out)
{
	const char	*v;
	size_t		 n;

	while (len > 0 && *s == ' ') {
		s++;
		len--;
	}
	if (len < 2 || *s != '<')
		return false;
	s = tpl_strip(s, &len);
	if (len < 2 || s[len - 1] != '>')
		return false;
	if ((len == 6 && strncmp(s, "<Tabs>", 6) == 0) || tpl_starts(s, len,
	    "<Tabs") || (len == 7 && strncmp(s, "</Tabs>", 7) == 0) ||
	    (len == 10 && strncmp(s, "</TabItem>", 10) == 0))
		return true;
	if (!tpl_starts(s, len, "<TabItem"))
		return false;
	if (tpl_attr(s, len, "label", &v, &n) ||
	    tpl_attr(s, len, "value", &v, &n)) {
		tpl_title(out, v, n);
	}
	return true;
}
