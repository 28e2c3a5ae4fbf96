/*
 * template-math: TeX math as written.  "$...$" (Pandoc's rule: a
 * non-blank after the opening dollar, a non-blank before the closing one
 * and no digit after it, so that "$5 and $10" stays text), "$$...$$",
 * and "\(...\)" and "\[...\]" where they hold TeX, become code spans of
 * the TeX between them, so that Markdown takes nothing of it for its
 * own: no backslash for an escape, no star for emphasis.  The math stands
 * on one line, and holds no backtick: that is a code span's.
 */
#include "template.h"

#include <string.h>

/* Whether the dollar at k may close "$...$". */
static bool
tpl_dollar_closes(const char *s, size_t k, size_t len)
{
	return s[k - 1] != ' ' && s[k - 1] != '\t' && s[k - 1] != '\\' &&
	    !(k + 1 < len && s[k + 1] >= '0' && s[k + 1] <= '9');
}

/*
 * The first dollar from `from` on that may close "$...$", or len.  Which
 * dollars may close is the line's, whatever opened: the answer is kept,
 * so that a line of openers with no closer is walked once.
 */
static size_t
tpl_dollar_closer(struct tpl_line *ln, size_t from)
{
	struct tpl_memo	*m = &ln->dollar;
	size_t		 k = from;

	if (m->from <= from && from <= m->at)
		return m->at;
	while ((k = tpl_line_find(ln, &ln->anydollar, k, "$", 1)) < ln->len &&
	    !tpl_dollar_closes(ln->s, k, ln->len))
		k++;
	m->from = from;
	m->at = k;
	return k;
}

/*
 * Whether [a, b) reads as TeX: a command ("\\frac"), a sub- or
 * superscript, a group or an equation.  "\\(" and "\\[" are as often
 * Markdown's escaped brackets, "\\(as here\\)", which hold none.
 */
static bool
tpl_is_tex(const char *s, size_t a, size_t b)
{
	size_t	 i;

	for (i = a; i < b; i++)
		if (s[i] == '^' || s[i] == '_' || s[i] == '{' || s[i] == '=' ||
		    (s[i] == '\\' && i + 1 < b && ((s[i + 1] >= 'a' &&
		    s[i + 1] <= 'z') || (s[i + 1] >= 'A' && s[i + 1] <= 'Z'))))
			return true;
	return false;
}

/*
 * The TeX from *a to *b with its blanks at either end taken off; false if
 * it is only blanks.
 */
static bool
tpl_math_trim(const char *s, size_t *a, size_t *b)
{
	while (*a < *b && (s[*a] == ' ' || s[*a] == '\t'))
		(*a)++;
	while (*b > *a && (s[*b - 1] == ' ' || s[*b - 1] == '\t'))
		(*b)--;
	return *a < *b;
}

size_t
tpl_math(struct tpl_line *ln, size_t at, size_t *a, size_t *b)
{
	const char	*s = ln->s;
	size_t		 len = ln->len, end, open = 2;

	if (at + 1 >= len)
		return 0;
	if (s[at] == '\\' && (s[at + 1] == '(' || s[at + 1] == '[')) {
		end = tpl_line_find(ln, s[at + 1] == '(' ? &ln->paren :
		    &ln->bracket, at + 2, s[at + 1] == '(' ? "\\)" : "\\]", 2);
		if (end < len && !tpl_is_tex(s, at + 2, end))
			return 0;
	} else if (s[at] == '$' && s[at + 1] == '$')
		end = tpl_line_find(ln, &ln->ddollar, at + 2, "$$", 2);
	else if (s[at] == '$' && s[at + 1] != ' ' && s[at + 1] != '\t') {
		end = tpl_dollar_closer(ln, at + 1);
		open = 1;
	} else
		return 0;
	/* A backtick inside is a code span's: "costs $5. Set `$HOME`". */
	*a = at + open;
	*b = end;
	if (end >= len || tpl_line_find(ln, &ln->tick, at, "`", 1) < end ||
	    !tpl_math_trim(s, a, b))
		return 0;
	return end + open - at;
}
