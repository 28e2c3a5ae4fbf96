/*
 * t-front: finding front matter at the start of an article, and reading
 * its title, authors and date from YAML, TOML and Elixir maps.
 */
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "tap.h"
#include "util.h"

/* front_find() on the NUL-terminated `s`, all of it or not. */
static enum front_kind
find(const char *s, bool eof, size_t *end)
{
	*end = 0;
	return front_find(s, strlen(s), eof, end);
}

static void
test_find(void)
{
	size_t	 end;

	tap_is_int(find("---\ntitle: x\n---\nbody\n", true, &end), FRONT_YAML,
	    "YAML between --- lines");
	tap_is_int((long long)end, 17, "it ends after its closing line");
	tap_is_int(find("---  \ntitle: x\n...\n", true, &end), FRONT_YAML,
	    "closed by ..., blanks after the opening");
	tap_is_int(find("+++\ntitle = \"x\"\n+++", true, &end), FRONT_TOML,
	    "TOML between +++ lines, the last without a newline");
	tap_is_int((long long)end, 19, "it ends at the end");
	tap_is_int(find("---\ntitle: x\n", false, &end), FRONT_MORE,
	    "not closed yet: more is needed");
	tap_is_int(find("--", false, &end), FRONT_MORE,
	    "a first line not whole: more is needed");
	tap_is_int(find("---\ntitle: x\n---", false, &end), FRONT_MORE,
	    "a closing line that may go on: more is needed");
	tap_is_int(find("---\ntitle: x\n", true, &end), FRONT_NONE,
	    "never closed: none");
	tap_is_int(find("# Title\n---\n", true, &end), FRONT_NONE,
	    "not at the very start: none");
	tap_is_int(find("----\nx\n----\n", true, &end), FRONT_NONE,
	    "four dashes are a rule");
	tap_is_int(find("+++\nx\n---\n", true, &end), FRONT_NONE,
	    "TOML is not closed by ---");
}

static void
test_find_bound(void)
{
	struct buf	 b;
	size_t		 end;

	buf_init(&b);
	buf_adds(&b, "---\n");
	while (b.len < FRONT_MAX)
		buf_adds(&b, "key: value\n");
	tap_is_int(front_find(b.data, b.len, false, &end), FRONT_MORE,
	    "not closed within FRONT_MAX: more");
	buf_adds(&b, "---\n");
	tap_is_int(front_find(b.data, b.len, true, &end), FRONT_LONG,
	    "closed past FRONT_MAX: too long to read");
	tap_ok(end == b.len, "its end found all the same");
	b.len = 4;		/* "---\n", then no closing line */
	while (b.len < FRONT_SCAN + 10)
		buf_adds(&b, "key: value\n");
	tap_is_int(front_find(b.data, b.len, false, &end), FRONT_NONE,
	    "not closed within FRONT_SCAN: none, not more");
	buf_release(&b);
}

/* Read `s` as front_find() finds it; the result, and `fm` filled. */
static enum front_read
read_all(const char *s, struct front *fm)
{
	enum front_kind	 k;
	size_t		 end;

	k = front_find(s, strlen(s), true, &end);
	return front_read(k, s, end, fm);
}

static void
test_yaml(void)
{
	struct front	 fm;
	char		*by;

	tap_is_int(read_all("---\ntitle: \"A \\\"quoted\\\" title\"\n"
	    "author: Jane Roe\ndate: 2003-07-28\n---\n", &fm), FRONT_READ_OK,
	    "YAML: read");
	tap_is_str(fm.title, "A \"quoted\" title", "YAML: a quoted title");
	tap_is_str(fm.authors, "Jane Roe", "YAML: one author");
	tap_is_str(fm.date, "2003-07-28", "YAML: the date");
	by = front_byline(&fm);
	tap_is_str(by, "By Jane Roe, 2003-07-28", "the byline");
	free(by);
	front_release(&fm);

	read_all("---\ntitle: >\n  Folded over\n  two lines\nauthors:\n"
	    "  - Jane Roe\n  - name: John Doe\n    email: j@example.org\n"
	    "  - Ana de la Cruz\ndate: 2023-05-01T10:00:00Z\n"
	    "tags: [a, {b: c}]\n---\n", &fm);
	tap_is_str(fm.title, "Folded over two lines", "YAML: a folded title");
	tap_is_str(fm.authors, "Jane Roe, John Doe and Ana de la Cruz",
	    "YAML: a list of authors, one a mapping with a name");
	tap_is_str(fm.date, "2023-05-01", "YAML: the day of a date and time");
	front_release(&fm);

	read_all("---\nauthor:\n  name: Jane Roe\n  url: x\n---\n", &fm);
	tap_is_str(fm.authors, "Jane Roe", "YAML: an author as a mapping");
	tap_ok(fm.title == NULL && fm.date == NULL, "YAML: no title, no date");
	by = front_byline(&fm);
	tap_is_str(by, "By Jane Roe", "a byline without a date");
	free(by);
	front_release(&fm);

	tap_is_int(read_all("---\n---\n", &fm), FRONT_READ_OK,
	    "YAML: empty front matter is front matter");
	tap_ok(front_byline(&fm) == NULL, "no byline from nothing");
	front_release(&fm);

	tap_is_int(read_all("---\n\nA paragraph.\n\n---\n", &fm),
	    FRONT_READ_NOT, "YAML: a scalar is no metadata: Markdown");
	tap_is_int(read_all("---\n- a\n- b\n---\n", &fm), FRONT_READ_NOT,
	    "YAML: a sequence is no metadata: Markdown");
	tap_is_int(read_all("---\ntitle: [unclosed\nauthor: x\n---\n", &fm),
	    FRONT_READ_BAD, "YAML: malformed");
	tap_ok(strstr(fm.error, "line 3") != NULL, "the error names the line: "
	    "%s", fm.error);
}

static void
test_yaml_hostile(void)
{
	struct front	 fm;
	struct buf	 b;
	int		 i;

	/* A billion laughs: aliases are never expanded, so this is cheap. */
	buf_init(&b);
	buf_adds(&b, "---\na: &a [\"lol\",\"lol\",\"lol\",\"lol\"]\n");
	for (i = 0; i < 9; i++)
		buf_printf(&b, "%c: &%c [*%c,*%c,*%c,*%c,*%c,*%c,*%c,*%c]\n",
		    'b' + i, 'b' + i, 'a' + i, 'a' + i, 'a' + i, 'a' + i,
		    'a' + i, 'a' + i, 'a' + i, 'a' + i);
	buf_adds(&b, "title: *j\nauthor: *j\n---\n");
	tap_is_int(read_all(b.data, &fm), FRONT_READ_OK,
	    "YAML: aliases read, never expanded");
	tap_ok(fm.title == NULL && fm.authors == NULL,
	    "an alias gives no value");
	front_release(&fm);
	buf_release(&b);

	tap_is_int(read_all("---\ntitle: \"a\\e[31mred\\u0085\\tb\"\n---\n",
	    &fm), FRONT_READ_OK, "YAML: escapes of control characters");
	tap_is_str(fm.title, "a[31mred b", "controls dropped, a tab a blank");
	front_release(&fm);

	buf_init(&b);
	buf_adds(&b, "---\ntitle: ");
	for (i = 0; i < 20000; i++)
		buf_addc(&b, '[');
	buf_adds(&b, "\n---\n");
	tap_ok(read_all(b.data, &fm) != FRONT_READ_OK,
	    "YAML: 20,000 brackets deep is not read, and ends");
	front_release(&fm);
	buf_release(&b);
}

static void
test_toml(void)
{
	struct front	 fm;

	tap_is_int(read_all("+++\n# a comment\ntitle = \"Hugo \\u00e9t\\u00e9\"\n"
	    "authors = [\n  \"A. Writer\", # first\n  'B. Writer',\n]\n"
	    "date = 2021-02-03T04:05:06+01:00\ndraft = false\n"
	    "weight = 10\n[params]\ntitle = \"not this\"\n+++\n", &fm),
	    FRONT_READ_OK, "TOML: read");
	tap_is_str(fm.title, "Hugo \xc3\xa9t\xc3\xa9", "TOML: a basic string "
	    "with escapes, before a table");
	tap_is_str(fm.authors, "A. Writer and B. Writer",
	    "TOML: an array over several lines, literal strings");
	tap_is_str(fm.date, "2021-02-03", "TOML: a bare date and time");
	front_release(&fm);

	tap_is_int(read_all("+++\nauthor = \"Jane Roe\"\ndate = 2021-02-03\n"
	    "+++\n", &fm), FRONT_READ_OK, "TOML: a bare date");
	tap_is_str(fm.date, "2021-02-03", "TOML: the date");
	tap_is_str(fm.authors, "Jane Roe", "TOML: one author as a string");
	front_release(&fm);

	tap_is_int(read_all("+++\ntitle = \"open\n+++\n", &fm),
	    FRONT_READ_BAD, "TOML: a string never closed");
	tap_ok(strstr(fm.error, "line 1") != NULL, "the error names the line: "
	    "%s", fm.error);
	front_release(&fm);
	tap_is_int(read_all("+++\ntitle = \"\"\"\nmulti \\\n  line\"\"\"\n"
	    "\"quoted\" = 1\nsite.author = \"dotted\"\nimages = [{ src = "
	    "\"a\" },\n { src = \"]\" }]\nparams = { x = [1, 2] }\n"
	    "author = { name = \"X\" }\n+++\n", &fm), FRONT_READ_OK,
	    "TOML: quoted and dotted keys, inline tables, multi-line strings");
	tap_is_str(fm.title, "multi line", "the multi-line title, its first "
	    "newline and escaped line end gone");
	tap_ok(fm.authors == NULL, "no author from a dotted key or a table");
	front_release(&fm);
	tap_is_int(read_all("+++\nx = { a = 1\n+++\n", &fm), FRONT_READ_BAD,
	    "TOML: an inline table never closed");
	tap_is_int(read_all("+++\ntitle \"x\"\n+++\n", &fm), FRONT_READ_BAD,
	    "TOML: no equals sign");
	tap_is_int(read_all("+++\ntitle = \"\\ud800\"\n+++\n", &fm),
	    FRONT_READ_BAD, "TOML: a surrogate escape");
}

static void
test_elixir(void)
{
	struct front	 fm;
	size_t		 end;

	tap_is_int(find("%{\n  title: \"x\"\n}\n---\nbody\n", true, &end),
	    FRONT_ELIXIR, "an Elixir map closed by a --- line");
	tap_is_int((long long)end, 22, "it ends after the --- line");
	tap_is_int(find("%", false, &end), FRONT_MORE,
	    "a first line not whole: more is needed");
	tap_is_int(find("%{\ntitle: \"x\"\n}\n", true, &end), FRONT_NONE,
	    "no --- line: none");
	tap_is_int(read_all("%{\n  author: \"George M\",\n"
	    "  author_link: \"https://example.org\",\n"
	    "  date: ~D[2019-06-06],\n  tags: [\"review\", \"x\"],\n"
	    "  title: \"Reviewing \\\"EU\\\" 2019\",\n  excerpt: \"\"\"\n"
	    "  Over, two: lines\n  \"\"\"\n}\n\n---\n", &fm), FRONT_READ_OK,
	    "Elixir: read");
	tap_is_str(fm.title, "Reviewing \"EU\" 2019", "Elixir: the title, "
	    "with escapes");
	tap_is_str(fm.authors, "George M", "Elixir: the author");
	tap_is_str(fm.date, "2019-06-06", "Elixir: a date sigil's date");
	front_release(&fm);
	tap_is_int(read_all("%{title: \"One line\", authors: [\"A\", \"B\"]}"
	    "\n---\n", &fm), FRONT_READ_OK, "Elixir: a map on one line");
	tap_is_str(fm.title, "One line", "its title");
	tap_is_str(fm.authors, "A and B", "its authors");
	front_release(&fm);
	tap_is_int(read_all("%{\n  tags: ~w(hello world)a,\n  date: ~N|2020-"
	    "01-02 10:00:00|,\n  title: \"Sigils\",\n  x: ~s{a}\n}\n---\n", &fm),
	    FRONT_READ_OK, "Elixir: sigils of any delimiter, blanks in them");
	tap_is_str(fm.title, "Sigils", "its title");
	tap_is_str(fm.date, "2020-01-02", "a date and time's day, from ~N||");
	front_release(&fm);
	tap_is_int(read_all("%{\"title\" => \"Arrow\"}\n---\n", &fm),
	    FRONT_READ_OK, "Elixir: a quoted key and =>");
	tap_is_str(fm.title, "Arrow", "its title");
	front_release(&fm);
	tap_is_int(read_all("%{Lorem ipsum}\n---\n", &fm), FRONT_READ_NOT,
	    "Elixir: no entry, a setext heading: Markdown");
	front_release(&fm);
	tap_is_int(read_all("%{\n  title: \"x\",\n  date: ~D[2019\n}\n---\n",
	    &fm), FRONT_READ_BAD, "Elixir: a sigil never closed");
	front_release(&fm);
}

int
main(void)
{
	tap_plan(0);
	test_find();
	test_find_bound();
	test_yaml();
	test_yaml_hostile();
	test_toml();
	test_elixir();
	return tap_done();
}
