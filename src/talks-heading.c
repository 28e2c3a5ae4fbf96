/*
 * talks-heading: the shapes of a section heading that name its speakers:
 * "Title (Name)", "Title - Name", "Title by Name", "Keynote: Name",
 * "Name's talk", and, with less certainty, "Name: Title" and "Name —
 * Title", whose names open the heading as a title's words may.
 */
/* memmem(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "talks-private.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "text.h"

/* A heading naming its reporter, not its speaker, gives no name. */
static const char *const talks_reporters[] = {
	"report by", "reported by", "reporting by", "notes by", "written by",
	"photos by", "photo by", "pictures by", "summary by", "summarized by",
	"summarised by", "writeup by", "write-up by", "coverage by",
	"transcribed by", "transcript by", "text by", "review by",
	"posted by", "edited by", NULL
};

/*
 * Whether [a, b) contains, at a word start, one of the phrases of `tab`,
 * ignoring ASCII case: "(report by X)".
 */
static bool
talks_has_phrase(const struct talks_scan *sc, size_t a, size_t b,
    const char *const *tab)
{
	const char *const	*t;
	size_t			 i, n;
	unsigned char		 c;

	for (i = a; i < b; i++) {
		c = i > a ? (unsigned char)sc->s[i - 1] : ' ';
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
			continue;
		for (t = tab; *t != NULL; t++) {
			if (talks_fold((unsigned char)sc->s[i], true) !=
			    talks_fold((unsigned char)(*t)[0], true))
				continue;
			n = strlen(*t);
			if (n <= b - i &&
			    talks_ascii_eq(sc->s + i, n, *t, true) &&
			    talks_is_boundary(sc, i + n))
				return true;
		}
	}
	return false;
}

/*
 * Whether title [a, b) is a single word or is written in sentence case,
 * with a lower-case word that Title Case would capitalise.  Only then can
 * capitalised words after it be told from the rest of a title: "Virtual
 * Memory - Future Directions" names nobody.
 */
static bool
talks_is_sentence_case(const struct talks_scan *sc, size_t a, size_t b)
{
	uint32_t	 cp;
	size_t		 p, e, n, words = 0;

	for (p = talks_skip_space(sc, a); p < b; p = talks_skip_space(sc, e)) {
		words++;
		if (talks_char(sc, p, &cp) > 0 && text_is_lower(cp)) {
			e = talks_token(sc, p);
			if (e == p || !talks_in(TALKS_WORDS(talks_minor), sc, p,
			    e, false))
				return true;
		}
		for (e = p; e < b && (n = talks_char(sc, e, &cp)) > 0 &&
		    !text_is_space(cp); e += n)
			continue;
	}
	return words == 1;
}

/*
 * "Keynote: Linus Torvalds", "Closing keynote: ...", "Speakers: A and B",
 * where the colon is at `colon`.
 */
static bool
talks_heading_label(const struct talks_scan *sc, size_t a, size_t colon,
    size_t b, struct talks_list *l)
{
	struct talks_scan	 sub;
	size_t			 e;

	sub.s = sc->s;
	sub.len = colon;
	sub.cut = false;
	e = talks_phrase(&sub, a, TALKS_WORDS(talks_adjectives),
	    TALKS_WORDS(talks_nouns), true);
	if (e == 0)
		e = talks_phrase(&sub, a, TALKS_WORDS(talks_adjectives),
		    TALKS_WORDS(talks_labels),
		    true);
	if (e == 0 || talks_skip_space(&sub, e) != colon)
		return false;
	return talks_exact(sc, colon + 1, b, l);
}

/*
 * A label, "Keynote: Jane Roe"; or, setting *leading, "Jane Roe: Title",
 * where the names open the heading.
 */
static bool
talks_heading_colon(const struct talks_scan *sc, size_t a, size_t b,
    struct talks_list *l, bool *leading)
{
	const char	*c;
	size_t		 colon;

	if ((c = memchr(sc->s + a, ':', b - a)) == NULL)
		return false;
	colon = (size_t)(c - sc->s);
	/* A label ends at a colon and a blank: "Config::build" is code. */
	if (colon + 1 < b && !text_is_space((unsigned char)sc->s[colon + 1]))
		return false;
	if (talks_heading_label(sc, a, colon, b, l))
		return true;
	*leading = true;
	return talks_has_text(sc, colon + 1, b) && talks_exact(sc, a, colon, l);
}

/* What may open a parenthesis of speakers: "(led by Jane Roe)". */
static const char *const talks_paren_opens[] = {
	"by", "chaired by", "given by", "hosted by", "led by",
	"moderated by", "presented by", "run by", "with",
	NULL
};

/* "Title (Name)", "Title (A and B)", "Title (led by Name)". */
static bool
talks_heading_paren(const struct talks_scan *sc, size_t a, size_t b,
    struct talks_list *l)
{
	const char *const	*o;
	size_t			 open, close, p, n;

	close = b - 1;
	if (sc->s[close] != ')')
		return false;
	for (open = close; open > a && sc->s[open] != '('; open--)
		continue;
	if (sc->s[open] != '(' || !talks_has_text(sc, a, open))
		return false;
	p = talks_skip_space(sc, open + 1);
	for (o = talks_paren_opens; *o != NULL; o++) {
		n = strlen(*o);
		if (n < close - p && talks_ascii_eq(sc->s + p, n, *o, true) &&
		    text_is_space((unsigned char)sc->s[p + n])) {
			p += n;
			break;
		}
	}
	return talks_exact(sc, p, close, l);
}

/*
 * The last dash in [a, b) that parts a title from its speakers: " - ",
 * " -- ", or an en or em dash.  Sets [*s0, *s1) to it.
 */
static bool
talks_dash(const struct talks_scan *sc, size_t a, size_t b, size_t *s0,
    size_t *s1)
{
	uint32_t	 cp, nx, prev = 0;
	size_t		 p, n, e;
	bool		 found = false;

	for (p = a; p < b && (n = talks_char(sc, p, &cp)) > 0; p += n) {
		if (cp == 0x2013 || cp == 0x2014) {
			*s0 = p;
			*s1 = p + n;
			found = true;
		} else if (cp == '-' && text_is_space(prev)) {
			/* A hyphen inside a word, "Kroah-Hartman", is none. */
			for (e = p + n; e < b && sc->s[e] == '-'; e++)
				continue;
			if (e < b && talks_char(sc, e, &nx) > 0 &&
			    text_is_space(nx)) {
				*s0 = p;
				*s1 = e;
				found = true;
			}
		}
		prev = cp;
	}
	return found;
}

/*
 * Whether [a, b) opens with a time of day, as a programme's entries do:
 * "10:30", "14h", "10h30", "Saturday 15:00".  Returns the end of the time.
 */
static size_t
talks_time(const struct talks_scan *sc, size_t a, size_t b)
{
	size_t	 p = a, d;

	/* A day's name first: "Saturday 10:00". */
	if ((p = talks_token(sc, a)) > a)
		p = talks_skip_space(sc, p);
	else
		p = a;
	for (d = p; d < b && sc->s[d] >= '0' && sc->s[d] <= '9'; d++)
		continue;
	if (d == p || d - p > 2 || d >= b ||
	    (sc->s[d] != ':' && sc->s[d] != 'h' && sc->s[d] != '.'))
		return 0;
	for (p = ++d; d < b && sc->s[d] >= '0' && sc->s[d] <= '9'; d++)
		continue;
	if (d - p != 2 && !(d == p && sc->s[p - 1] == 'h'))
		return 0;
	return d < b && text_is_space((unsigned char)sc->s[d]) ? d : 0;
}

/*
 * "Title - Name", "Title — Name", after a title in sentence case or one a
 * time of day opens (a programme's entry); and "Title - Name - Org", where
 * the names stand between the last two dashes.
 */
static bool
talks_heading_dash(const struct talks_scan *sc, size_t a, size_t b,
    struct talks_list *l)
{
	size_t	 s0 = 0, s1 = 0, t0 = 0, t1 = 0;
	bool	 timed = talks_time(sc, a, b) > 0;

	if (!talks_dash(sc, a, b, &s0, &s1) || !talks_has_text(sc, a, s0))
		return false;
	if (talks_dash(sc, a, s0, &t0, &t1) && talks_has_text(sc, a, t0) &&
	    (timed || talks_is_sentence_case(sc, a, t0)) &&
	    talks_exact(sc, t1, s0, l))
		return true;
	if (!timed && !talks_is_sentence_case(sc, a, s0))
		return false;
	return talks_exact(sc, s1, b, l);
}

/* Whether the heading opens with a talk noun and a colon: "Keynote: ". */
static bool
talks_is_talk_label(const struct talks_scan *sc, size_t a)
{
	size_t	 e;

	e = talks_phrase(sc, a, TALKS_WORDS(talks_adjectives),
	    TALKS_WORDS(talks_nouns), true);
	return e > 0 && e < sc->len && sc->s[e] == ':';
}

/* [a, b) is one capitalised name word alone: "Koichi". */
static bool
talks_one_word(const struct talks_scan *sc, size_t a, size_t b,
    struct talks_list *l)
{
	size_t	 p = talks_skip_space(sc, a), e;

	if (talks_unit(sc, p, &e) != TALKS_WORD || talks_trim(sc, e, b) != e ||
	    talks_skip_space(sc, e) != b)
		return false;
	memset(l, 0, sizeof(*l));
	l->v[0].off = p;
	l->v[0].len = e - p;
	l->n = 1;
	return true;
}

/*
 * "Title by Name" or "Title, by Name", unless the title is a report or
 * notes, whose author is no speaker: "Notes on the fonts, by X".  The
 * last "by" counts, so that "Powered by Rust by Jane Roe" names Jane Roe.
 */
static bool
talks_heading_by(const struct talks_scan *sc, size_t a, size_t b,
    struct talks_list *l)
{
	size_t	 c, q, e = b;

	for (c = b; c > a; c--) {
		if (!text_is_space((unsigned char)sc->s[c - 1]))
			continue;
		q = talks_skip_space(sc, c);
		e = talks_token(sc, q);
		if (e > q && talks_ascii_eq(sc->s + q, e - q, "by", true))
			break;
	}
	if (c == a || !talks_has_text(sc, a, c - 1) ||
	    talks_has_word(sc, a, c - 1,
	    TALKS_WORDS(talks_reporter_nouns)))
		return false;
	if (talks_exact(sc, e, b, l))
		return true;
	/* "Keynote: 20 years of YARV by Koichi": one word, after a talk's. */
	return talks_is_talk_label(sc, a) && talks_one_word(sc, e, b, l);
}

/*
 * Whether the heading holds a colon, a parenthesis, a comma, a hyphen, a
 * dash (any of U+2010 to U+2015, which all start with 0xe2 0x80) or the
 * word "by".
 */
static bool
talks_has_delimiter(const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i < len; i++) {
		if (s[i] == ':' || s[i] == '(' || s[i] == ',' || s[i] == '-')
			return true;
		if ((unsigned char)s[i] == 0xe2 && i + 1 < len &&
		    (unsigned char)s[i + 1] == 0x80)
			return true;
		if ((s[i] == 'b' || s[i] == 'B') && i > 0 && s[i - 1] == ' ' &&
		    i + 2 < len && s[i + 1] == 'y' && s[i + 2] == ' ')
			return true;
	}
	return false;
}

/*
 * "Jane Roe — Title", "Jane Roe - @handle": the names before the first
 * dash, a title after it.  Sets *leading.
 */
static bool
talks_heading_leading_dash(const struct talks_scan *sc, size_t a, size_t b,
    struct talks_list *l, bool *leading)
{
	struct talks_scan	 sub;
	size_t			 s0 = 0, s1 = 0;

	sub = *sc;
	for (sub.len = b; talks_dash(&sub, a, sub.len, &s0, &s1);
	    sub.len = s0)
		continue;
	if (sub.len == b || !talks_has_text(sc, s1, b))
		return false;
	*leading = true;
	return talks_exact(sc, a, s0, l);
}

/* Whether [a, b) holds one of the talk nouns, ignoring case. */
static bool
talks_has_noun(const struct talks_scan *sc, size_t a, size_t b)
{
	return talks_has_word(sc, a, b, TALKS_WORDS(talks_nouns));
}

/*
 * "Jane Roe's keynote at X", "Jane Roe's Distinguished Talk", "Jane
 * Roe's "Title"": a possessive opening the heading, then a quoted title or
 * a talk noun.
 */
static bool
talks_heading_possessive(const struct talks_scan *sc, size_t a, size_t b,
    struct talks_list *l)
{
	uint32_t	 cp;
	size_t		 p;

	if (!talks_list(sc, a, 0, l, &p) || !l->lastposs)
		return false;
	p = talks_skip_space(sc, p);
	if (talks_char(sc, p, &cp) > 0 && (cp == '"' || cp == 0x201c ||
	    cp == 0x2018 || cp == 0xab))
		return true;
	return talks_has_noun(sc, p, b);
}

size_t
talks_heading(const char *text, size_t len, struct talks_name *out,
    size_t max, bool *leading)
{
	struct talks_scan	 sc;
	struct talks_list	 l;
	size_t			 a, b;

	*leading = false;
	if (text == NULL || out == NULL || max == 0 || len > TALKS_SCAN_MAX)
		return 0;
	sc.s = text;
	sc.len = len;
	sc.cut = false;
	a = talks_skip_space(&sc, 0);
	b = talks_trim(&sc, a, len);
	/* Every reporter's phrase ends in "by". */
	if (a == b || (memmem(text, len, "by", 2) != NULL &&
	    talks_has_phrase(&sc, a, b, talks_reporters)))
		return 0;
	/* A possessive needs an apostrophe, typed or typeset. */
	if (talks_has_apostrophe(text, len) &&
	    talks_heading_possessive(&sc, a, b, &l))
		return talks_copy(&l, out, max);
	/* Every shape below has a delimiter; most headings have none. */
	if (!talks_has_delimiter(text, len))
		return 0;
	if (talks_heading_paren(&sc, a, b, &l) ||
	    talks_heading_dash(&sc, a, b, &l) ||
	    talks_heading_by(&sc, a, b, &l))
		return talks_copy(&l, out, max);
	if (talks_heading_colon(&sc, a, b, &l, leading) ||
	    talks_heading_leading_dash(&sc, a, b, &l, leading))
		return talks_copy(&l, out, max);
	*leading = false;
	return 0;
}

size_t
talks_from_heading(const char *text, size_t len, struct talks_name *out,
    size_t max)
{
	bool	 leading;

	return talks_heading(text, len, out, max, &leading);
}
