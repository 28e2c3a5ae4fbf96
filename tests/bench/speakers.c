/*
 * speakers: how well the talk finder names presenters, measured on real
 * event reports whose presenters were labelled by hand.  For each NAME.md
 * with a NAME.speakers.tsv beside it, it runs `olsread --toc --tsv` and
 * scores the speakers printed against the labels, as the labelled set's
 * README describes: each label row is matched, in document order, to the
 * next section whose title reads the same once both are reduced to
 * case-folded letters and digits; names compare after NFC and whitespace
 * normalisation.  Both titles are read without their markup (link
 * targets, tags, MDX comments), whichever side still holds it.  It prints
 * precision and recall per article, per part of the set (the letter
 * before the first '-' of an article's name: A, B, C) and overall.
 * A name printed for a section no label row matches counts as wrong.
 *
 * It is a report, not a test: it exits 0 whatever the figures, 1 only when
 * something could not run, and 77 (skip) when the labelled set is absent.
 *
 * Usage: olsread-speakers OLSREAD DIR [-v] [-p PARTS]
 * -p measures only the parts named ("-p AB"): a finder is tuned on some
 * parts and measured once, on first sight, on the others.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicase.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

#define SPK_LINE_MAX	8192
#define SPK_ROWS_MAX	4096
#define SPK_NAMES_MAX	64

struct spk_row {
	char	*key;			/* the heading, folded for matching */
	char	*names[SPK_NAMES_MAX];	/* normalised */
	size_t	 n;
};

struct spk_table {
	struct spk_row	 v[SPK_ROWS_MAX];
	size_t		 n;
};

struct spk_score {
	size_t	 reported;	/* names printed */
	size_t	 right;		/* of those, names the labels hold */
	size_t	 labelled;	/* names in the labels */
	size_t	 found;		/* of those, names printed */
};

static bool	verbose;

static void *
spk_alloc(size_t n)
{
	void	*p = malloc(n);

	if (p == NULL) {
		fputs("speakers: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

/* Drop `[`, keep a link's text and drop its `(target)`; drop <tags>,
 * MDX comments {/ * ... * /} and decode the entities a heading uses. */
static void
spk_strip_markup(const char *s, char *out)
{
	size_t	 o = 0;
	const char *e;

	while (*s != '\0') {
		if (s[0] == ']' && s[1] == '(') {
			int	 depth = 0;

			for (s++; *s != '\0'; s++) {
				if (*s == '(')
					depth++;
				else if (*s == ')' && --depth == 0) {
					s++;
					break;
				}
			}
			continue;
		}
		if (s[0] == '{' && s[1] == '/' && s[2] == '*' &&
		    (e = strstr(s, "*/}")) != NULL) {
			s = e + 3;
			continue;
		}
		if (s[0] == '<' && (e = strchr(s, '>')) != NULL &&
		    (s[1] == '/' || (s[1] >= 'a' && s[1] <= 'z') ||
		    (s[1] >= 'A' && s[1] <= 'Z') || s[1] == '!')) {
			s = e + 1;
			continue;
		}
		if (s[0] == '&' && (e = strchr(s, ';')) != NULL && e - s < 10) {
			/* An entity is punctuation or a letter; as a letter it
			 * would only be &amp;-like, which folds away. */
			s = e + 1;
			continue;
		}
		out[o++] = *s++;
	}
	out[o] = '\0';
}

/* Letters and digits only, NFKC case-folded: the key two titles match on. */
static char *
spk_key(const char *title)
{
	char		*plain = spk_alloc(strlen(title) + 1);
	uint8_t		*folded;
	size_t		 flen = 0, i = 0, o = 0;
	char		*key;
	ucs4_t		 c;

	spk_strip_markup(title, plain);
	folded = u8_casefold((const uint8_t *)plain, strlen(plain), NULL,
	    UNINORM_NFKC, NULL, &flen);
	free(plain);
	key = spk_alloc(flen + 1);
	while (folded != NULL && i < flen) {
		int	 n = u8_mbtouc(&c, folded + i, flen - i);

		if (uc_is_alnum(c)) {
			memcpy(key + o, folded + i, (size_t)n);
			o += (size_t)n;
		}
		i += (size_t)n;
	}
	key[o] = '\0';
	free(folded);
	return key;
}

/* A name in NFC, its white space runs made one space, trimmed. */
static char *
spk_name(const char *s, size_t len)
{
	uint8_t		*nfc;
	size_t		 nlen = 0, i, o = 0;
	char		*out;
	bool		 space = false;

	nfc = u8_normalize(UNINORM_NFC, (const uint8_t *)s, len, NULL, &nlen);
	out = spk_alloc(nlen + 1);
	for (i = 0; nfc != NULL && i < nlen; i++) {
		if (nfc[i] == ' ' || nfc[i] == '\t') {
			space = o > 0;
			continue;
		}
		if (space)
			out[o++] = ' ';
		space = false;
		out[o++] = (char)nfc[i];
	}
	out[o] = '\0';
	free(nfc);
	return out;
}

/* Split `cell` on `sep` into the row's names; "-" is none. */
static void
spk_names(struct spk_row *r, const char *cell, const char *sep)
{
	const char	*p = cell, *e;
	size_t		 seplen = strlen(sep);

	r->n = 0;
	if (strcmp(cell, "-") == 0)
		return;
	for (;;) {
		e = strstr(p, sep);
		if (e == NULL)
			e = p + strlen(p);
		if (r->n < SPK_NAMES_MAX && e > p)
			r->names[r->n++] = spk_name(p, (size_t)(e - p));
		if (*e == '\0')
			break;
		p = e + seplen;
	}
}

/* The fields of a tab-separated line, the newline dropped. */
static size_t
spk_fields(char *line, char **f, size_t max)
{
	size_t	 n = 0;
	char	*p = line;

	line[strcspn(line, "\r\n")] = '\0';
	while (n < max) {
		f[n++] = p;
		p = strchr(p, '\t');
		if (p == NULL)
			break;
		*p++ = '\0';
	}
	return n;
}

static void
spk_table_free(struct spk_table *t)
{
	size_t	 i, j;

	for (i = 0; i < t->n; i++) {
		free(t->v[i].key);
		for (j = 0; j < t->v[i].n; j++)
			free(t->v[i].names[j]);
	}
	t->n = 0;
}

/* The label rows of NAME.speakers.tsv, its header skipped. */
static bool
spk_read_labels(const char *path, struct spk_table *t)
{
	FILE	*fp = fopen(path, "r");
	char	 line[SPK_LINE_MAX], *f[2];
	bool	 header = true;

	if (fp == NULL) {
		perror(path);
		return false;
	}
	while (fgets(line, sizeof(line), fp) != NULL && t->n < SPK_ROWS_MAX) {
		if (header) {
			header = false;
			continue;
		}
		if (spk_fields(line, f, 2) != 2)
			continue;
		t->v[t->n].key = spk_key(f[0]);
		spk_names(&t->v[t->n++], f[1], ";");
	}
	fclose(fp);
	return true;
}

/* The sections `olsread --toc --tsv` prints for `md`. */
static bool
spk_read_toc(const char *olsread, const char *md, struct spk_table *t)
{
	char	 cmd[SPK_LINE_MAX], line[SPK_LINE_MAX], *f[4];
	FILE	*fp;

	if (strchr(md, '\'') != NULL || strchr(olsread, '\'') != NULL)
		return false;
	snprintf(cmd, sizeof(cmd), "'%s' --toc --tsv '%s'", olsread, md);
	fp = popen(cmd, "r");
	if (fp == NULL)
		return false;
	while (fgets(line, sizeof(line), fp) != NULL && t->n < SPK_ROWS_MAX) {
		if (spk_fields(line, f, 4) != 4)
			continue;
		t->v[t->n].key = spk_key(f[2]);
		spk_names(&t->v[t->n++], f[3], "; ");
	}
	return pclose(fp) == 0;
}

static bool
spk_has(const struct spk_row *r, const char *name)
{
	size_t	 i;

	for (i = 0; i < r->n; i++)
		if (strcmp(r->names[i], name) == 0)
			return true;
	return false;
}

/*
 * Count the names of `from` into *all, and those `in` holds too into
 * *hit; with -v, say each one `in` lacks, as `what`.
 */
static void
spk_count(const struct spk_row *from, const struct spk_row *in,
    size_t *all, size_t *hit, const char *what, const char *title)
{
	size_t	 i;
	bool	 ok;

	for (i = 0; from != NULL && i < from->n; i++) {
		ok = in != NULL && spk_has(in, from->names[i]);
		(*all)++;
		*hit += ok;
		if (verbose && !ok)
			printf("#   %-6s %s  [%s]\n", what, from->names[i], title);
	}
}

/* Score one section's names (`got`, or none) against one row (`want`). */
static void
spk_score_row(const struct spk_row *want, const struct spk_row *got,
    struct spk_score *sc, const char *title)
{
	spk_count(got, want, &sc->reported, &sc->right, "wrong", title);
	spk_count(want, got, &sc->labelled, &sc->found, "missed", title);
}

/* Match label rows to sections in order, and score every section. */
static void
spk_score(const struct spk_table *labels, const struct spk_table *toc,
    struct spk_score *sc)
{
	size_t	 next = 0, r, s;

	for (r = 0; r < labels->n; r++) {
		for (s = next; s < toc->n; s++)
			if (strcmp(toc->v[s].key, labels->v[r].key) == 0)
				break;
		if (s == toc->n) {
			spk_score_row(&labels->v[r], NULL, sc, labels->v[r].key);
			continue;
		}
		for (; next < s; next++)	/* sections no row names */
			spk_score_row(NULL, &toc->v[next], sc, toc->v[next].key);
		spk_score_row(&labels->v[r], &toc->v[s], sc, toc->v[s].key);
		next = s + 1;
	}
	for (; next < toc->n; next++)
		spk_score_row(NULL, &toc->v[next], sc, toc->v[next].key);
}

static double
spk_ratio(size_t a, size_t b)
{
	return b == 0 ? 1.0 : (double)a / (double)b;
}

static void
spk_print(const char *name, const struct spk_score *sc)
{
	printf("%-48s %5.2f %5.2f %5zu/%-4zu %5zu/%-4zu\n", name,
	    spk_ratio(sc->right, sc->reported),
	    spk_ratio(sc->found, sc->labelled),
	    sc->right, sc->reported, sc->found, sc->labelled);
}

static int
spk_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The NAME.md of every NAME.speakers.tsv in `dir`, sorted. */
static size_t
spk_articles(const char *dir, char ***out)
{
	static const char	 suffix[] = ".speakers.tsv";
	DIR			*dp = opendir(dir);
	struct dirent		*de;
	char			**v = NULL;
	size_t			 n = 0, len;

	if (dp == NULL)
		return 0;
	while ((de = readdir(dp)) != NULL) {
		len = strlen(de->d_name);
		if (len <= sizeof(suffix) - 1 ||
		    strcmp(de->d_name + len - (sizeof(suffix) - 1), suffix) != 0)
			continue;
		v = realloc(v, (n + 1) * sizeof(*v));
		if (v == NULL)
			exit(1);
		v[n] = spk_alloc(len + 1);
		memcpy(v[n], de->d_name, len - (sizeof(suffix) - 1));
		v[n++][len - (sizeof(suffix) - 1)] = '\0';
	}
	closedir(dp);
	if (n > 0)
		qsort(v, n, sizeof(*v), spk_cmp);
	*out = v;
	return n;
}

/* The parts of the set, by their letter; '?' for a name with none. */
#define SPK_PARTS	27

static size_t
spk_part(const char *name)
{
	return name[0] >= 'A' && name[0] <= 'Z' && name[1] == '-' ?
	    (size_t)(name[0] - 'A') : SPK_PARTS - 1;
}

static void
spk_add(struct spk_score *to, const struct spk_score *sc)
{
	to->reported += sc->reported;
	to->right += sc->right;
	to->labelled += sc->labelled;
	to->found += sc->found;
}

int
main(int argc, char **argv)
{
	static struct spk_table	 labels, toc;
	struct spk_score	 all = { 0 }, one, part[SPK_PARTS];
	const char		*parts = NULL;
	char			**names, path[4096], label[16];
	size_t			 n, i, worst = 0, measured = 0;
	double			 low = 1.0;
	int			 rc = 0, a;

	if (argc < 3) {
		fputs("usage: olsread-speakers OLSREAD DIR [-v] [-p PARTS]\n",
		    stderr);
		return 1;
	}
	for (a = 3; a < argc; a++) {
		if (strcmp(argv[a], "-v") == 0)
			verbose = true;
		else if (strcmp(argv[a], "-p") == 0 && a + 1 < argc)
			parts = argv[++a];
		else {
			fprintf(stderr, "speakers: unknown argument %s\n",
			    argv[a]);
			return 1;
		}
	}
	memset(part, 0, sizeof(part));
	n = spk_articles(argv[2], &names);
	if (n == 0) {
		printf("speakers: no labelled articles in %s; skipped\n",
		    argv[2]);
		return 77;
	}
	printf("talk finder on %zu labelled articles in %s\n", n, argv[2]);
	printf("%-48s %5s %5s %10s %10s\n", "article", "prec", "rec",
	    "right", "found");
	for (i = 0; i < n; i++) {
		if (parts != NULL && (spk_part(names[i]) == SPK_PARTS - 1 ||
		    strchr(parts, names[i][0]) == NULL))
			continue;
		measured++;
		memset(&one, 0, sizeof(one));
		snprintf(path, sizeof(path), "%s/%s.speakers.tsv", argv[2],
		    names[i]);
		if (!spk_read_labels(path, &labels))
			rc = 1;
		snprintf(path, sizeof(path), "%s/%s.md", argv[2], names[i]);
		if (!spk_read_toc(argv[1], path, &toc)) {
			fprintf(stderr, "speakers: olsread failed on %s\n",
			    path);
			rc = 1;
		}
		spk_score(&labels, &toc, &one);
		spk_print(names[i], &one);
		if (one.reported > 0 &&
		    spk_ratio(one.right, one.reported) < low) {
			low = spk_ratio(one.right, one.reported);
			worst = i;
		}
		spk_add(&all, &one);
		spk_add(&part[spk_part(names[i])], &one);
		spk_table_free(&labels);
		spk_table_free(&toc);
	}
	for (i = 0; i < SPK_PARTS; i++) {
		if (part[i].labelled == 0 && part[i].reported == 0)
			continue;
		snprintf(label, sizeof(label), "part %c", i < SPK_PARTS - 1 ?
		    (char)('A' + i) : '?');
		spk_print(label, &part[i]);
	}
	spk_print(parts != NULL ? "these parts together" : "overall", &all);
	if (measured > 0)
		printf("lowest precision: %.2f (%s)\n", low, names[worst]);
	printf("targets: precision >= 0.95 and recall >= 0.85 overall, no "
	    "article below precision 0.80\n");
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}
