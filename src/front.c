/*
 * front: front matter -- finding its block at the start of the article,
 * and reading the title, the authors and the date from it.
 */
#include "front.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "text.h"
#include "util.h"

#define FRONT_AUTHORS_MAX	16	/* authors named in a byline */
#define FRONT_VALUE_MAX		1024	/* bytes of a value kept */
#define FRONT_DEPTH_MAX		64	/* "[" and "{" nested in YAML */

/* The text of `b`, given to the caller. */
static char *
front_take(struct buf *b)
{
	return b->data;
}

/* The authors found so far, each owned. */
struct front_authors {
	char	*v[FRONT_AUTHORS_MAX];
	size_t	 n;
};

/* Whether the line [p, e) is `delim` then only blanks. */
static bool
front_is_delim(const char *s, size_t p, size_t e, const char *delim)
{
	size_t	 n = strlen(delim);

	if (e - p < n || memcmp(s + p, delim, n) != 0)
		return false;
	for (p += n; p < e; p++)
		if (s[p] != ' ' && s[p] != '\t')
			return false;
	return true;
}

/* Whether the article at `s`, `len` bytes, opens with an Elixir map. */
static bool
front_is_elixir(const char *s, size_t len)
{
	return len >= 2 && s[0] == '%' && s[1] == '{';
}

enum front_kind
front_find(const char *s, size_t len, bool eof, size_t *end)
{
	const char	*nl, *open, *close2;
	enum front_kind	 kind;
	size_t		 p, e, bound = len < FRONT_SCAN ? len : FRONT_SCAN;

	if ((nl = memchr(s, '\n', bound)) == NULL)
		return !eof && len < FRONT_SCAN && (len < 3 ||
		    memcmp(s, "---", 3) == 0 || memcmp(s, "+++", 3) == 0 ||
		    front_is_elixir(s, len)) ? FRONT_MORE : FRONT_NONE;
	e = (size_t)(nl - s);
	if (front_is_delim(s, 0, e, "---")) {
		kind = FRONT_YAML;
		open = "---";
		close2 = "...";
	} else if (front_is_delim(s, 0, e, "+++")) {
		kind = FRONT_TOML;
		open = close2 = "+++";
	} else if (front_is_elixir(s, e)) {
		/* NimblePublisher cuts the file at its first "---" line. */
		kind = FRONT_ELIXIR;
		open = close2 = "---";
	} else
		return FRONT_NONE;
	for (p = e + 1; p < bound; p = e + 1) {
		nl = memchr(s + p, '\n', bound - p);
		e = nl != NULL ? (size_t)(nl - s) : bound;
		if (nl == NULL && !eof && bound == len)
			break;		/* the line may go on */
		if (front_is_delim(s, p, e, open) ||
		    front_is_delim(s, p, e, close2)) {
			*end = nl != NULL ? e + 1 : e;
			return *end > FRONT_MAX ? FRONT_LONG : kind;
		}
		if (nl == NULL)
			break;
	}
	return !eof && len < FRONT_SCAN ? FRONT_MORE : FRONT_NONE;
}

/*
 * A copy of the `n` bytes at `s` as one line: control characters (C0,
 * DEL, C1) dropped or, for white space, made blanks, runs of blanks made
 * one, the ends trimmed, at most FRONT_VALUE_MAX bytes.  NULL if empty.
 */
static char *
front_clean(const char *s, size_t n)
{
	char		*out = xmalloc(n + 1);
	size_t		 i, o = 0;
	unsigned char	 c;

	for (i = 0; i < n && o < FRONT_VALUE_MAX; i++) {
		c = (unsigned char)s[i];
		if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
		    (unsigned char)s[i + 1] <= 0x9f) {
			i++;
			continue;
		}
		if (c < 0x20 || c == 0x7f || c == ' ') {
			if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
				if (o > 0 && out[o - 1] != ' ')
					out[o++] = ' ';
			continue;
		}
		out[o++] = (char)c;
	}
	/* Never end inside a character cut at the bound. */
	while (o > 0 && ((unsigned char)out[o - 1] & 0xc0) == 0x80 &&
	    i < n)
		o--;
	if (o > 0 && ((unsigned char)out[o - 1] & 0xc0) == 0xc0 && i < n)
		o--;
	while (o > 0 && out[o - 1] == ' ')
		o--;
	if (o == 0) {
		free(out);
		return NULL;
	}
	out[o] = '\0';
	return out;
}

/* "2003-07-28T10:00:00Z" is shown as "2003-07-28": the day is enough. */
static void
front_trim_time(char *date)
{
	size_t	 i;

	for (i = 0; i < 10; i++)
		if (date[i] == '\0' || (i == 4 || i == 7 ? date[i] != '-' :
		    date[i] < '0' || date[i] > '9'))
			return;
	if (date[10] == 'T' || date[10] == ' ')
		date[10] = '\0';
}

static void
front_set(char **field, const char *s, size_t n)
{
	if (*field == NULL)
		*field = front_clean(s, n);
}

static void
front_add_author(struct front_authors *a, const char *s, size_t n)
{
	char	*v;

	if (a->n < FRONT_AUTHORS_MAX && (v = front_clean(s, n)) != NULL)
		a->v[a->n++] = v;
}

/* "A", "A and B", "A, B and C": the authors as a byline names them. */
static char *
front_join(struct front_authors *a)
{
	struct buf	 b;
	size_t		 i;

	if (a->n == 0)
		return NULL;
	buf_init(&b);
	for (i = 0; i < a->n; i++) {
		if (i > 0)
			buf_adds(&b, i + 1 == a->n ? " and " : ", ");
		buf_adds(&b, a->v[i]);
		free(a->v[i]);
	}
	a->n = 0;
	return front_take(&b);
}

static bool
front_is_key(const char *key, const char *want)
{
	return strcmp(key, want) == 0;
}

/*
 * YAML, read as events.  Only the top mapping's "title", "author",
 * "authors" and "date" are kept; an author may be a string, a list of
 * strings, or a mapping with a "name" (and a list may hold such
 * mappings).  Everything else is passed over, however deep.
 */
struct front_yaml {
	yaml_parser_t		 parser;
	struct front		*fm;
	struct front_authors	 authors;
};

/* The next event; false, with the error set, if there is none. */
static bool
front_yaml_next(struct front_yaml *y, yaml_event_t *ev)
{
	if (yaml_parser_parse(&y->parser, ev))
		return true;
	snprintf(y->fm->error, sizeof(y->fm->error), "line %lu: %s",
	    (unsigned long)y->parser.problem_mark.line + 2,
	    y->parser.problem != NULL ? y->parser.problem : "not YAML");
	return false;
}

/* Pass over the value that `ev` opens, nested as deep as it is. */
static bool
front_yaml_skip(struct front_yaml *y, yaml_event_t *ev)
{
	size_t	 depth = 0;

	for (;;) {
		if (ev->type == YAML_SEQUENCE_START_EVENT ||
		    ev->type == YAML_MAPPING_START_EVENT)
			depth++;
		else if (ev->type == YAML_SEQUENCE_END_EVENT ||
		    ev->type == YAML_MAPPING_END_EVENT)
			depth--;
		yaml_event_delete(ev);
		if (depth == 0)
			return true;
		if (!front_yaml_next(y, ev))
			return false;
	}
}

/*
 * The next event of a collection whose end is `end`: 1 and the event, 0
 * at its end (consumed), -1 on an error.
 */
static int
front_yaml_next_in(struct front_yaml *y, yaml_event_t *ev,
    yaml_event_type_t end)
{
	if (!front_yaml_next(y, ev))
		return -1;
	if (ev->type != end)
		return 1;
	yaml_event_delete(ev);
	return 0;
}

/* A mapping for an author: its "name". `ev` is its start, consumed. */
static bool
front_yaml_author_map(struct front_yaml *y, yaml_event_t *ev)
{
	bool	 is_name;
	int	 r;

	yaml_event_delete(ev);
	while ((r = front_yaml_next_in(y, ev, YAML_MAPPING_END_EVENT)) > 0) {
		is_name = ev->type == YAML_SCALAR_EVENT &&
		    front_is_key((const char *)ev->data.scalar.value, "name");
		if (!front_yaml_skip(y, ev) || !front_yaml_next(y, ev))
			return false;
		if (is_name && ev->type == YAML_SCALAR_EVENT)
			front_add_author(&y->authors,
			    (const char *)ev->data.scalar.value,
			    ev->data.scalar.length);
		if (!front_yaml_skip(y, ev))
			return false;
	}
	return r == 0;
}

/* The value of "author" or "authors"; `ev` is its first event. */
static bool
front_yaml_authors(struct front_yaml *y, yaml_event_t *ev)
{
	int	 r;

	if (ev->type == YAML_SCALAR_EVENT) {
		front_add_author(&y->authors,
		    (const char *)ev->data.scalar.value,
		    ev->data.scalar.length);
		yaml_event_delete(ev);
		return true;
	}
	if (ev->type == YAML_MAPPING_START_EVENT)
		return front_yaml_author_map(y, ev);
	if (ev->type != YAML_SEQUENCE_START_EVENT)
		return front_yaml_skip(y, ev);
	yaml_event_delete(ev);
	while ((r = front_yaml_next_in(y, ev, YAML_SEQUENCE_END_EVENT)) > 0)
		if (!(ev->type == YAML_MAPPING_START_EVENT ?
		    front_yaml_author_map(y, ev) : ev->type ==
		    YAML_SCALAR_EVENT ? front_yaml_authors(y, ev) :
		    front_yaml_skip(y, ev)))
			return false;
	return r == 0;
}

/* One key of the top mapping and its value. `ev` is the key. */
static bool
front_yaml_entry(struct front_yaml *y, yaml_event_t *ev)
{
	char		 key[16] = "";
	struct front	*fm = y->fm;

	if (ev->type == YAML_SCALAR_EVENT && ev->data.scalar.length <
	    sizeof(key))
		memcpy(key, ev->data.scalar.value, ev->data.scalar.length + 1);
	if (!front_yaml_skip(y, ev) || !front_yaml_next(y, ev))
		return false;
	if (front_is_key(key, "author") || front_is_key(key, "authors"))
		return front_yaml_authors(y, ev);
	if (ev->type == YAML_SCALAR_EVENT && front_is_key(key, "title"))
		front_set(&fm->title, (const char *)ev->data.scalar.value,
		    ev->data.scalar.length);
	else if (ev->type == YAML_SCALAR_EVENT && front_is_key(key, "date"))
		front_set(&fm->date, (const char *)ev->data.scalar.value,
		    ev->data.scalar.length);
	return front_yaml_skip(y, ev);
}

/*
 * Whether YAML's flow collections nest deeper than FRONT_DEPTH_MAX, outside
 * quotes and comments: libyaml takes time that grows with the square of
 * their depth, and metadata is never so deep.
 */
static bool
front_yaml_too_deep(const char *s, size_t len)
{
	size_t	 i, depth = 0;
	char	 quote = 0;

	for (i = 0; i < len; i++) {
		if (quote != 0) {
			if (s[i] == quote || s[i] == '\n')
				quote = 0;
			else if (s[i] == '\\' && quote == '"')
				i++;
		} else if (s[i] == '"' || s[i] == '\'')
			quote = s[i];
		else if (s[i] == '#' && (i == 0 || s[i - 1] == ' ' ||
		    s[i - 1] == '\n'))
			while (i + 1 < len && s[i + 1] != '\n')
				i++;
		else if ((s[i] == '[' || s[i] == '{') &&
		    ++depth > FRONT_DEPTH_MAX)
			return true;
		else if ((s[i] == ']' || s[i] == '}') && depth > 0)
			depth--;
	}
	return false;
}

static enum front_read
front_read_yaml(const char *s, size_t len, struct front *fm)
{
	struct front_yaml	 y = { .fm = fm };
	yaml_event_t		 ev;
	enum front_read		 r = FRONT_READ_BAD;
	bool			 ok = true;

	if (front_yaml_too_deep(s, len)) {
		snprintf(fm->error, sizeof(fm->error), "nested deeper than %d",
		    FRONT_DEPTH_MAX);
		return FRONT_READ_BAD;
	}
	if (!yaml_parser_initialize(&y.parser)) {
		snprintf(fm->error, sizeof(fm->error), "out of memory");
		return FRONT_READ_BAD;
	}
	yaml_parser_set_input_string(&y.parser, (const unsigned char *)s,
	    len);
	/* Stream start, then a document, or none when it is empty. */
	while (ok && (ok = front_yaml_next(&y, &ev)) &&
	    ev.type != YAML_MAPPING_START_EVENT) {
		if (ev.type == YAML_STREAM_END_EVENT ||
		    ev.type == YAML_DOCUMENT_END_EVENT) {
			r = FRONT_READ_OK;
			break;
		}
		if (ev.type != YAML_STREAM_START_EVENT &&
		    ev.type != YAML_DOCUMENT_START_EVENT) {
			r = FRONT_READ_NOT;
			break;
		}
		yaml_event_delete(&ev);
	}
	if (ok && r == FRONT_READ_BAD) {
		/* The top mapping: key and value, to its end. */
		yaml_event_delete(&ev);
		while ((ok = front_yaml_next(&y, &ev)) &&
		    ev.type != YAML_MAPPING_END_EVENT)
			if (!(ok = front_yaml_entry(&y, &ev)))
				break;
		if (ok)
			r = FRONT_READ_OK;
	}
	if (ok)
		yaml_event_delete(&ev);
	fm->authors = front_join(&y.authors);
	yaml_parser_delete(&y.parser);
	return r;
}

/*
 * TOML: "key = value" lines before the first table, keys bare, quoted or
 * dotted.  The title, the date and the authors are strings ("basic",
 * 'literal', multi-line) or arrays of them, or dates, kept as written;
 * any other value (an inline table, an array of tables, a number) is
 * passed over, so that valid TOML is never refused for what is not read.
 */
struct front_toml {
	const char		*s;
	size_t			 len;
	size_t			 p;
	unsigned long		 line;
	struct front		*fm;
	struct front_authors	 authors;
	bool			 elixir; /* an Elixir map: "key: value," */
};

static void
front_toml_space(struct front_toml *t, bool newlines)
{
	while (t->p < t->len) {
		if (t->s[t->p] == '#') {
			while (t->p < t->len && t->s[t->p] != '\n')
				t->p++;
		} else if (t->s[t->p] == '\n' && newlines) {
			t->line++;
			t->p++;
		} else if (t->s[t->p] == ' ' || t->s[t->p] == '\t' ||
		    t->s[t->p] == '\r')
			t->p++;
		else
			break;
	}
}

static bool
front_toml_fail(struct front_toml *t, const char *what)
{
	snprintf(t->fm->error, sizeof(t->fm->error), "line %lu: %s",
	    t->line + 1, what);
	return false;
}

/* Append the code point `cp` to `b` as UTF-8, if it is a character. */
static bool
front_toml_utf8(struct buf *b, unsigned long cp)
{
	char	 u[4];

	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return false;
	buf_add(b, u, text_encode((uint32_t)cp, u));
	return true;
}

/* One escape of a basic string, after its backslash. */
static bool
front_toml_escape(struct front_toml *t, struct buf *b)
{
	static const char	 from[] = "btnfr\"\\", to[] = "\b\t\n\f\r\"\\";
	const char		*c;
	unsigned long		 cp = 0;
	size_t			 n, i;
	int			 d;

	if (t->p >= t->len)
		return false;
	if ((c = strchr(from, t->s[t->p])) != NULL && *c != '\0') {
		buf_addc(b, to[c - from]);
		t->p++;
		return true;
	}
	if (t->s[t->p] != 'u' && t->s[t->p] != 'U')
		return false;
	n = t->s[t->p++] == 'u' ? 4 : 8;
	for (i = 0; i < n; i++, t->p++) {
		if (t->p >= t->len)
			return false;
		d = t->s[t->p] >= '0' && t->s[t->p] <= '9' ? t->s[t->p] - '0' :
		    (t->s[t->p] | 0x20) >= 'a' && (t->s[t->p] | 0x20) <= 'f' ?
		    (t->s[t->p] | 0x20) - 'a' + 10 : -1;
		if (d < 0)
			return false;
		cp = cp << 4 | (unsigned long)d;
	}
	return front_toml_utf8(b, cp);
}

/*
 * A multi-line string, after its three quotes `q`: a newline right after
 * them is none of it, and in a basic one a backslash at a line's end
 * takes the blanks and newlines after it away.
 */
static bool
front_toml_long_string(struct front_toml *t, struct buf *b, char q)
{
	if (t->p < t->len && t->s[t->p] == '\n') {
		t->line++;
		t->p++;
	}
	while (t->p + 2 < t->len && !(t->s[t->p] == q &&
	    t->s[t->p + 1] == q && t->s[t->p + 2] == q)) {
		if (q == '"' && t->s[t->p] == '\\' && t->p + 1 < t->len &&
		    strchr(" \t\r\n", t->s[t->p + 1]) != NULL) {
			for (t->p++; t->p < t->len &&
			    strchr(" \t\r\n", t->s[t->p]) != NULL; t->p++)
				t->line += t->s[t->p] == '\n';
		} else if (q == '"' && t->s[t->p] == '\\') {
			t->p++;
			if (!front_toml_escape(t, b))
				return front_toml_fail(t, "a bad escape");
		} else {
			t->line += t->s[t->p] == '\n';
			buf_addc(b, t->s[t->p++]);
		}
	}
	if (t->p + 2 >= t->len)
		return front_toml_fail(t, "a string never closed");
	t->p += 3;
	return true;
}

/* A string at p, its quote first; its value appended to `b`. */
static bool
front_toml_string(struct front_toml *t, struct buf *b)
{
	char	 q = t->s[t->p++];

	if (t->len - t->p >= 2 && t->s[t->p] == q && t->s[t->p + 1] == q) {
		t->p += 2;
		return front_toml_long_string(t, b, q);
	}
	while (t->p < t->len && t->s[t->p] != q && t->s[t->p] != '\n') {
		if (q == '"' && t->s[t->p] == '\\') {
			t->p++;
			if (!front_toml_escape(t, b))
				return front_toml_fail(t, "a bad escape");
		} else
			buf_addc(b, t->s[t->p++]);
	}
	if (t->p >= t->len || t->s[t->p] != q)
		return front_toml_fail(t, "a string never closed");
	t->p++;
	return true;
}

/* A bare value: a date, a number, a boolean. */
static bool
front_toml_bare(struct front_toml *t, struct buf *b)
{
	size_t	 from = t->p;

	while (t->p < t->len && (strchr("+-.:_", t->s[t->p]) != NULL ||
	    (t->s[t->p] >= '0' && t->s[t->p] <= '9') ||
	    ((t->s[t->p] | 0x20) >= 'a' && (t->s[t->p] | 0x20) <= 'z') ||
	    (t->s[t->p] == ' ' && t->p + 1 < t->len && t->s[t->p + 1] >= '0' &&
	    t->s[t->p + 1] <= '9')))
		t->p++;
	if (t->p == from)
		return front_toml_fail(t, "a value of a kind not read");
	buf_add(b, t->s + from, t->p - from);
	return true;
}

/* An array of strings; each is an author when `authors`. */
static bool
front_toml_array(struct front_toml *t, bool authors)
{
	struct buf	 b;
	bool		 ok = true;

	t->p++;
	buf_init(&b);
	for (;;) {
		front_toml_space(t, true);
		if (t->p >= t->len) {
			ok = front_toml_fail(t, "an array never closed");
			break;
		}
		if (t->s[t->p] == ']') {
			t->p++;
			break;
		}
		b.len = 0;
		if (!(ok = t->s[t->p] == '"' || t->s[t->p] == '\'' ?
		    front_toml_string(t, &b) : front_toml_bare(t, &b)))
			break;
		if (authors)
			front_add_author(&t->authors, b.data, b.len);
		front_toml_space(t, true);
		if (t->p < t->len && t->s[t->p] == ',')
			t->p++;
		else if (t->p < t->len && t->s[t->p] != ']') {
			ok = front_toml_fail(t, "expected \",\" or \"]\"");
			break;
		}
	}
	buf_release(&b);
	return ok;
}

/*
 * Where the text of an Elixir sigil at p starts, after its letters and
 * opening delimiter ("~D[2019-06-06]", "~w(a b)", "~s|x|"), and its
 * closing delimiter in `*close`; 0 where no sigil starts at p.
 */
static size_t
front_toml_sigil(const struct front_toml *t, char *close)
{
	static const char	 open[] = "([{</|\"'", shut[] = ")]}>/|\"'";
	const char		*c;
	size_t			 q = t->p + 1;

	if (!t->elixir || t->p >= t->len || t->s[t->p] != '~')
		return 0;
	while (q < t->len && (t->s[q] | 0x20) >= 'a' && (t->s[q] | 0x20) <= 'z')
		q++;
	if (q == t->p + 1 || q >= t->len || t->s[q] == '\0' ||
	    (c = strchr(open, t->s[q])) == NULL)
		return 0;
	*close = shut[c - open];
	return q + 1;
}

/*
 * A sigil's text between its delimiters, as written (a date, a time, a
 * list of words), appended to `b`; the letters after it that modify it
 * are passed over.
 */
static bool
front_toml_sigil_value(struct front_toml *t, struct buf *b)
{
	size_t	 from;
	char	 close;

	if ((from = front_toml_sigil(t, &close)) == 0)
		return front_toml_fail(t, "not a sigil");
	for (t->p = from; t->p < t->len && t->s[t->p] != close; t->p++)
		t->line += t->s[t->p] == '\n';
	if (t->p >= t->len)
		return front_toml_fail(t, "a sigil never closed");
	buf_add(b, t->s + from, t->p - from);
	for (t->p++; t->p < t->len && (t->s[t->p] | 0x20) >= 'a' &&
	    (t->s[t->p] | 0x20) <= 'z'; t->p++)
		;
	return true;
}

/*
 * A value no key here needs, passed over: an inline table, an array of
 * anything, over lines if need be, a string of any kind, a bare value.
 */
static bool
front_toml_skip(struct front_toml *t)
{
	struct buf	 b;
	size_t		 depth = 0;
	bool		 ok = true;
	char		 c, close;

	buf_init(&b);
	do {
		front_toml_space(t, depth > 0);
		if (t->p >= t->len || (depth == 0 && t->s[t->p] == '\n')) {
			if (depth > 0)
				ok = front_toml_fail(t, "a value never closed");
			break;
		}
		c = t->s[t->p];
		if (front_toml_sigil(t, &close) != 0) {
			b.len = 0;
			ok = front_toml_sigil_value(t, &b);
		} else if (c == '"' || c == '\'') {
			b.len = 0;
			ok = front_toml_string(t, &b);
		} else if (c == '[' || c == '{') {
			if (++depth > FRONT_DEPTH_MAX)
				ok = front_toml_fail(t, "nested too deep");
			t->p++;
		} else if ((c == ']' || c == '}') && depth > 0) {
			depth--;
			t->p++;
		} else
			while (t->p < t->len && strchr(" \t\r\n#,[]{}\"'",
			    t->s[t->p]) == NULL)
				t->p++;
		if (depth > 0 && t->p < t->len && t->s[t->p] == ',')
			t->p++;
	} while (ok && depth > 0);
	buf_release(&b);
	return ok;
}

/*
 * A key, bare, quoted or dotted ("site.author"): into `key`, as long as it
 * fits, the parts joined by '.'.
 */
static bool
front_toml_key(struct front_toml *t, char *key, size_t size)
{
	struct buf	 b;
	size_t		 k;
	bool		 ok = true;

	buf_init(&b);
	do {
		front_toml_space(t, false);
		if (b.len > 0)
			buf_addc(&b, '.');
		k = t->p;
		if (t->p < t->len && (t->s[t->p] == '"' ||
		    t->s[t->p] == '\''))
			ok = front_toml_string(t, &b);
		else {
			while (t->p < t->len && (t->s[t->p] == '_' ||
			    t->s[t->p] == '-' || (t->s[t->p] >= '0' &&
			    t->s[t->p] <= '9') || ((t->s[t->p] | 0x20) >= 'a' &&
			    (t->s[t->p] | 0x20) <= 'z')))
				buf_addc(&b, t->s[t->p++]);
			if (t->p == k)
				ok = front_toml_fail(t, "expected a key");
		}
		front_toml_space(t, false);
	} while (ok && t->p < t->len && t->s[t->p] == '.' && ++t->p);
	if (ok && b.len < size) {
		memcpy(key, b.data, b.len);
		key[b.len] = '\0';
	}
	buf_release(&b);
	return ok;
}

/*
 * What parts a key from its value, after the key: "=" in TOML; in an
 * Elixir map ":" glued to a bare key ("title:") or "=>" after a quoted one.
 */
static bool
front_toml_equals(struct front_toml *t)
{
	if (t->p < t->len && t->s[t->p] == (t->elixir ? ':' : '=')) {
		t->p++;
		return true;
	}
	if (t->elixir && t->len - t->p >= 2 && t->s[t->p] == '=' &&
	    t->s[t->p + 1] == '>') {
		t->p += 2;
		return true;
	}
	return false;
}

/* One "key = value" line, at p; in an Elixir map, "key: value". */
static bool
front_toml_entry(struct front_toml *t)
{
	struct buf	 b;
	char		 key[16] = "", close;
	bool		 ok, authors;

	if (!front_toml_key(t, key, sizeof(key)))
		return false;
	if (!front_toml_equals(t))
		return front_toml_fail(t, t->elixir ? "expected \":\"" :
		    "expected \"=\"");
	front_toml_space(t, false);
	authors = front_is_key(key, "author") || front_is_key(key, "authors");
	/* What is not the title, the author or the date may be anything. */
	if ((!authors && !front_is_key(key, "title") &&
	    !front_is_key(key, "date")) || (t->p < t->len &&
	    t->s[t->p] == '{'))
		return front_toml_skip(t);
	if (t->p < t->len && t->s[t->p] == '[')
		return front_toml_array(t, authors);
	buf_init(&b);
	ok = t->p < t->len && (t->s[t->p] == '"' || t->s[t->p] == '\'') ?
	    front_toml_string(t, &b) : front_toml_sigil(t, &close) != 0 ?
	    front_toml_sigil_value(t, &b) : front_toml_bare(t, &b);
	if (ok && authors)
		front_add_author(&t->authors, b.data, b.len);
	else if (ok && front_is_key(key, "title"))
		front_set(&t->fm->title, b.data, b.len);
	else if (ok && front_is_key(key, "date"))
		front_set(&t->fm->date, b.data, b.len);
	buf_release(&b);
	return ok;
}

static enum front_read
front_read_toml(const char *s, size_t len, struct front *fm)
{
	struct front_toml	 t = { .s = s, .len = len, .fm = fm };
	bool			 ok = true;

	for (;;) {
		front_toml_space(&t, true);
		/* A table: what follows is not the page's own. */
		if (t.p >= t.len || t.s[t.p] == '[')
			break;
		if (!(ok = front_toml_entry(&t)))
			break;
		front_toml_space(&t, false);
		if (t.p < t.len && t.s[t.p] != '\n') {
			ok = front_toml_fail(&t, "more after the value");
			break;
		}
	}
	fm->authors = front_join(&t.authors);
	return ok ? FRONT_READ_OK : FRONT_READ_BAD;
}

/*
 * An Elixir map's entries, "key: value" parted by commas over any lines,
 * the braces around them left out.  Nothing read as an entry is no map:
 * the article's first lines are Markdown after all.
 */
static enum front_read
front_read_elixir(const char *s, size_t len, struct front *fm)
{
	struct front_toml	 t = { .s = s, .len = len, .fm = fm,
				    .elixir = true };
	bool			 ok = true;
	size_t			 entries = 0;

	for (;;) {
		front_toml_space(&t, true);
		if (t.p >= t.len)
			break;
		if (!(ok = front_toml_entry(&t)))
			break;
		entries++;
		front_toml_space(&t, true);
		if (t.p < t.len && t.s[t.p] == ',')
			t.p++;
		else if (t.p < t.len) {
			ok = front_toml_fail(&t, "expected \",\"");
			break;
		}
	}
	fm->authors = front_join(&t.authors);
	if (!ok && entries == 0)
		return FRONT_READ_NOT;
	return ok ? FRONT_READ_OK : FRONT_READ_BAD;
}

/*
 * Where the closing line of the front matter in the first `end` bytes of
 * `s` starts, looked for no further back than `from`.
 */
static size_t
front_closing_line(const char *s, size_t from, size_t end)
{
	size_t	 to = end;

	if (to > from && s[to - 1] == '\n')
		to--;
	while (to > from && s[to - 1] != '\n')
		to--;
	return to;
}

enum front_read
front_read(enum front_kind kind, const char *s, size_t end, struct front *fm)
{
	const char	*nl = memchr(s, '\n', end);
	size_t		 from, to;
	enum front_read	 r;

	memset(fm, 0, sizeof(*fm));
	if (kind == FRONT_ELIXIR) {
		/* The map: after "%{" to the last "}" before the "---". */
		from = 2;
		to = front_closing_line(s, from, end);
		while (to > from && s[to - 1] != '}')
			to--;
		if (to == from)
			return FRONT_READ_NOT;
		r = front_read_elixir(s + from, to - 1 - from, fm);
	} else if (nl == NULL || (kind != FRONT_YAML && kind != FRONT_TOML))
		return FRONT_READ_NOT;
	else {
		/* Between the opening line and the closing one. */
		from = (size_t)(nl - s) + 1;
		to = front_closing_line(s, from, end);
		r = kind == FRONT_YAML ?
		    front_read_yaml(s + from, to - from, fm) :
		    front_read_toml(s + from, to - from, fm);
	}
	if (r != FRONT_READ_OK) {
		front_release(fm);
		return r;
	}
	if (fm->date != NULL)
		front_trim_time(fm->date);
	return r;
}

char *
front_byline(const struct front *fm)
{
	struct buf	 b;

	if (fm->authors == NULL && fm->date == NULL)
		return NULL;
	buf_init(&b);
	if (fm->authors != NULL) {
		buf_adds(&b, "By ");
		buf_adds(&b, fm->authors);
		if (fm->date != NULL)
			buf_adds(&b, ", ");
	}
	if (fm->date != NULL)
		buf_adds(&b, fm->date);
	return front_take(&b);
}

void
front_release(struct front *fm)
{
	free(fm->title);
	free(fm->authors);
	free(fm->date);
	fm->title = fm->authors = fm->date = NULL;
}
