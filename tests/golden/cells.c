/*
 * olsread-cells: the cells of every table of an article, one row a line,
 * as olsread reads them (olsread-cells FILE) or as cmark-gfm does
 * (cmark-gfm -e table -t xml FILE | olsread-cells --xml), in one form for
 * tables-oracle.sh to compare.  A cell is its visible text with every
 * blank taken out, so that what each side does with white space (a <br>
 * is a line break to olsread, nothing to cmark-gfm's tree) does not count.
 * An inline <img> counts as its alt text, which is what olsread shows.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "load.h"
#include "util.h"

/* Append `s` to `out` without its blanks. */
static void
add_visible(struct buf *out, const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' &&
		    s[i] != '\r')
			buf_addc(out, s[i]);
}

static void
print_cell(const struct buf *b, bool last)
{
	fwrite(b->data, 1, b->len, stdout);
	fputs(last ? "\n" : " | ", stdout);
}

static int
ours(const char *path)
{
	struct diag		 dg;
	struct doc		*d;
	const struct doc_cell	*c;
	struct buf		 cell;
	char			 err[256];
	size_t			 b, r, k, tables = 0;

	diag_init(&dg);
	if ((d = load_file(path, 0, &dg, err, sizeof(err))) == NULL) {
		fprintf(stderr, "%s: %s\n", path, err);
		diag_release(&dg);
		return 1;
	}
	buf_init(&cell);
	for (b = 0; b < d->nblocks; b++) {
		if (d->blocks[b].kind != DOC_TABLE)
			continue;
		printf("table %zu\n", ++tables);
		for (r = 0; r < d->blocks[b].number; r++)
			for (k = 0; k < d->blocks[b].level; k++) {
				c = doc_table_cell(d, b, r, k);
				cell.len = 0;
				add_visible(&cell, d->text.data + c->off,
				    c->len);
				print_cell(&cell, k + 1 == d->blocks[b].level);
			}
	}
	buf_release(&cell);
	doc_free(d);
	diag_release(&dg);
	return 0;
}

/* XML's five entities and numeric references, decoded into `out`. */
static void
add_xml_text(struct buf *out, const char *s, size_t len)
{
	static const struct { const char *name; char c; } ents[] = {
		{ "&lt;", '<' }, { "&gt;", '>' }, { "&amp;", '&' },
		{ "&quot;", '"' }, { "&apos;", '\'' },
	};
	struct buf	 raw;
	size_t		 i, k, n;

	buf_init(&raw);
	for (i = 0; i < len; i++) {
		for (k = 0; k < sizeof(ents) / sizeof(ents[0]); k++) {
			n = strlen(ents[k].name);
			if (len - i >= n && memcmp(s + i, ents[k].name, n) == 0)
				break;
		}
		if (k < sizeof(ents) / sizeof(ents[0])) {
			buf_addc(&raw, ents[k].c);
			i += strlen(ents[k].name) - 1;
		} else
			buf_addc(&raw, s[i]);
	}
	add_visible(out, raw.data, raw.len);
	buf_release(&raw);
}

/* An inline <img>: its alt text, as olsread shows it. */
static void
add_img_alt(struct buf *out, const char *s, size_t len)
{
	struct buf	 html;
	const char	*alt, *end;
	char		 q;

	buf_init(&html);
	add_xml_text(&html, s, len);
	buf_addc(&html, '\0');
	if (strncmp(html.data, "<img", 4) == 0 &&
	    (alt = strstr(html.data, "alt=")) != NULL) {
		alt += 4;
		q = *alt;
		if (q == '"' || q == '\'') {
			end = strchr(alt + 1, q);
			if (end != NULL)
				buf_add(out, alt + 1, (size_t)(end - alt - 1));
		}
	}
	buf_release(&html);
}

/* The text of element `name` that starts at `s` (after its '>'). */
static const char *
element_text(const char *s, const char *name, size_t *len)
{
	char		 close[32];
	const char	*end;

	snprintf(close, sizeof(close), "</%s>", name);
	end = strstr(s, close);
	*len = end != NULL ? (size_t)(end - s) : 0;
	return end != NULL ? end + strlen(close) : s + strlen(s);
}

static int
theirs(void)
{
	struct buf	 in, cell;
	char		 chunk[65536], name[32];
	const char	*p, *t;
	size_t		 n, tables = 0, len;
	bool		 in_cell = false, closing, empty;

	buf_init(&in);
	buf_init(&cell);
	while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0)
		buf_add(&in, chunk, n);
	buf_addc(&in, '\0');
	for (p = in.data; (p = strchr(p, '<')) != NULL; ) {
		closing = p[1] == '/';
		t = p + 1 + closing;
		for (n = 0; n + 1 < sizeof(name) && (t[n] == '_' ||
		    (t[n] >= 'a' && t[n] <= 'z')); n++)
			name[n] = t[n];
		name[n] = '\0';
		if ((p = strchr(t, '>')) == NULL)
			break;
		empty = p[-1] == '/';
		p++;
		if (strcmp(name, "table") == 0 && !closing)
			printf("table %zu\n", ++tables);
		else if (strcmp(name, "table_cell") == 0 && !closing) {
			cell.len = 0;
			in_cell = !empty;
			if (empty)
				print_cell(&cell, p[strspn(p, " \n")] != '<' ||
				    strncmp(p + strspn(p, " \n"), "<table_cell",
				    11) != 0);
		} else if (strcmp(name, "table_cell") == 0) {
			in_cell = false;
			t = p + strspn(p, " \n");
			print_cell(&cell, strncmp(t, "<table_cell", 11) != 0);
		} else if (in_cell && !closing && !empty &&
		    (strcmp(name, "text") == 0 || strcmp(name, "code") == 0)) {
			t = p;
			p = element_text(t, name, &len);
			add_xml_text(&cell, t, len);
		} else if (in_cell && !closing && !empty &&
		    strcmp(name, "html_inline") == 0) {
			t = p;
			p = element_text(t, name, &len);
			add_img_alt(&cell, t, len);
		}
	}
	buf_release(&cell);
	buf_release(&in);
	return 0;
}

int
main(int argc, char *argv[])
{
	if (argc == 2 && strcmp(argv[1], "--xml") == 0)
		return theirs();
	if (argc == 2)
		return ours(argv[1]);
	fprintf(stderr, "usage: olsread-cells FILE | olsread-cells --xml\n");
	return 2;
}
