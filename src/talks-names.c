/*
 * talks-names: the grammar of a name and of a list of names.  A name is
 * capitalised words and initials with particles between ("Rik van Riel",
 * "H. Peter Anvin"), none of them a function word or an organisation's;
 * a list joins names with commas, "and" or "&", each perhaps with a
 * possessive or an aside.  It gives up at the first thing it does not
 * expect, since a wrong name in the talk index is worse than none.  No
 * libunistring here: character classes come from text.h.
 */
#include "talks-private.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "text.h"

/* An empty list; its names are left as they were, unread. */
static void
talks_list_clear(struct talks_list *l)
{
	l->n = 0;
	l->nposs = 0;
	l->lastposs = false;
	l->final = false;
}

/* Decode the character at p, or return 0 at the end of what may be read. */
size_t
talks_char(const struct talks_scan *sc, size_t p, uint32_t *cp)
{
	if (p >= sc->len) {
		*cp = 0;
		return 0;
	}
	if ((unsigned char)sc->s[p] < 0x80) {
		*cp = (unsigned char)sc->s[p];
		return 1;
	}
	return text_decode(sc->s + p, sc->len - p, cp);
}

size_t
talks_skip_space(const struct talks_scan *sc, size_t p)
{
	uint32_t	 cp;
	size_t		 n;

	while ((n = talks_char(sc, p, &cp)) > 0 && text_is_space(cp))
		p += n;
	return p;
}

static bool
talks_is_ascii_in(uint32_t cp, const char *set)
{
	return cp > 0 && cp < 0x80 && strchr(set, (int)cp) != NULL;
}

static bool
talks_is_apostrophe(uint32_t cp)
{
	return cp == '\'' || cp == TALKS_RSQUO;
}

bool
talks_has_apostrophe(const char *s, size_t len)
{
	const char	*q = s, *end = s + len;

	if (memchr(s, '\'', len) != NULL)
		return true;
	/* ’ is e2 80 99; e2 opens the other typeset marks too. */
	while ((q = memchr(q, 0xe2, (size_t)(end - q))) != NULL) {
		if (end - q >= 3 && (unsigned char)q[1] == 0x80 &&
		    (unsigned char)q[2] == 0x99)
			return true;
		q++;
	}
	return false;
}

/*
 * Whether a word may end at p: not inside a word ("talk's" goes on), and
 * not where the scan was cut short, since the word may go on past it.
 */
bool
talks_is_boundary(const struct talks_scan *sc, size_t p)
{
	uint32_t	 cp, nx;
	size_t		 n;

	if ((n = talks_char(sc, p, &cp)) == 0)
		return !sc->cut;
	if (text_is_alpha(cp) || text_is_mark(cp) || text_is_digit(cp) ||
	    cp == '_')
		return false;
	if (talks_is_apostrophe(cp) && talks_char(sc, p + n, &nx) > 0 &&
	    text_is_alpha(nx))
		return false;
	return true;
}

/*
 * Whether a name word may end at p: only white space or punctuation may
 * follow, so "Doe2", "Doe/IBM" and "Doe-based" are not name words.
 */
static bool
talks_is_name_end(const struct talks_scan *sc, size_t p)
{
	uint32_t	 cp;

	if (talks_char(sc, p, &cp) == 0)
		return !sc->cut;
	return text_is_space(cp) || talks_is_ascii_in(cp, ",;:.!?()[]\"'") ||
	    cp == TALKS_RSQUO || cp == 0x201c || cp == 0x201d ||
	    cp == 0x2013 || cp == 0x2014;
}

/*
 * A plain word at p: letters and marks, with inner hyphens
 * ("well-attended").  Returns its end, or p if none ends cleanly there.
 */
size_t
talks_token(const struct talks_scan *sc, size_t p)
{
	uint32_t	 cp, nx;
	size_t		 n, q = p;

	while ((n = talks_char(sc, q, &cp)) > 0) {
		if (text_is_alpha(cp) || text_is_mark(cp))
			q += n;
		else if (cp == '-' && q > p &&
		    talks_char(sc, q + n, &nx) > 0 && text_is_alpha(nx))
			q += n;
		else
			break;
	}
	if (q == p || !talks_is_boundary(sc, q))
		return p;
	return q;
}

static bool
talks_is_joiner(uint32_t cp)
{
	return cp == '-' || cp == 0x2010 || talks_is_apostrophe(cp);
}

/*
 * A capitalised name word at p: letters and marks, joined by hyphens or
 * apostrophes to further capitalised parts ("Kroah-Hartman", "O'Brien",
 * "D’Arcy").  It needs a lower-case letter and no two capitals in a row,
 * so "IBM" and "OSDL" are not names but "McKenney" is.  Returns its end,
 * or p.
 */
static size_t
talks_name_word(const struct talks_scan *sc, size_t p)
{
	uint32_t	 cp, nx;
	size_t		 n, q = p;
	bool		 lower = false, prevup = false;

	while ((n = talks_char(sc, q, &cp)) > 0) {
		if (text_is_mark(cp)) {
			q += n;
			continue;
		}
		if (text_is_alpha(cp)) {
			if (text_is_upper(cp) && prevup)
				return p;
			prevup = text_is_upper(cp);
			lower = lower || text_is_lower(cp);
			q += n;
			continue;
		}
		if (!talks_is_joiner(cp) || q == p ||
		    talks_char(sc, q + n, &nx) == 0 || !text_is_upper(nx))
			break;
		prevup = false;
		q += n;
	}
	if (!lower || !talks_is_name_end(sc, q))
		return p;
	return q;
}

/*
 * Initials at p: capitals each followed by a full stop ("H.", "J.R."),
 * then white space.  Returns their end, or p.
 */
static size_t
talks_initials(const struct talks_scan *sc, size_t p)
{
	uint32_t	 cp;
	size_t		 n, q = p;

	while ((n = talks_char(sc, q, &cp)) > 0 && text_is_upper(cp)) {
		q += n;
		while ((n = talks_char(sc, q, &cp)) > 0 && text_is_mark(cp))
			q += n;
		if (n == 0 || cp != '.')
			return p;
		q += n;
	}
	if (q == p || talks_char(sc, q, &cp) == 0 || !text_is_space(cp))
		return p;
	return q;
}

/* Classify the word at p as a part of a name, and find its end. */
enum talks_unit
talks_unit(const struct talks_scan *sc, size_t p, size_t *end)
{
	uint32_t	 cp;
	size_t		 e;

	if (talks_char(sc, p, &cp) == 0)
		return TALKS_NONE;
	if (text_is_lower(cp)) {
		e = talks_token(sc, p);
		if (e == p || !talks_in(TALKS_WORDS(talks_particles), sc, p, e,
		    false))
			return TALKS_NONE;
		*end = e;
		return TALKS_PARTICLE;
	}
	if (!text_is_upper(cp))
		return TALKS_NONE;
	if ((e = talks_initials(sc, p)) > p) {
		*end = e;
		return TALKS_INITIAL;
	}
	if ((e = talks_name_word(sc, p)) == p ||
	    talks_in(TALKS_WORDS(talks_function), sc, p, e, true) ||
	    talks_in(TALKS_WORDS(talks_org), sc, p, e, true))
		return TALKS_NONE;
	*end = e;
	return TALKS_WORD;
}

/*
 * One name at pos: name words and initials separated by white space, with
 * particles only between them, at least two of them, and a full word last.
 */
static bool
talks_name(const struct talks_scan *sc, size_t pos, struct talks_name *nm)
{
	enum talks_unit	 k, last = TALKS_NONE;
	size_t		 p = pos, e = pos, end = pos, units = 0, parts = 0;

	for (;;) {
		k = talks_unit(sc, p, &e);
		if (k == TALKS_PARTICLE) {
			if (units == 0 || ++parts > TALKS_PARTICLES_MAX)
				break;
		} else if (k == TALKS_WORD || k == TALKS_INITIAL) {
			if (++units > TALKS_UNITS_MAX)
				return false;
			last = k;
			end = e;
			parts = 0;
		} else
			break;
		if ((p = talks_skip_space(sc, e)) == e)
			break;
	}
	if (units < 2 || last != TALKS_WORD || end - pos > TALKS_NAME_MAX)
		return false;
	nm->off = pos;
	nm->len = end - pos;
	return true;
}

/*
 * Length of a possessive after name `nm`: "'s", "’s", or a bare apostrophe
 * after a final s ("James' talk").  0 if there is none.
 */
static size_t
talks_possessive(const struct talks_scan *sc, const struct talks_name *nm)
{
	uint32_t	 cp, cs;
	size_t		 p = nm->off + nm->len, n, m;

	if ((n = talks_char(sc, p, &cp)) == 0 || !talks_is_apostrophe(cp))
		return 0;
	m = talks_char(sc, p + n, &cs);
	if (m > 0 && cs == 's' && talks_is_boundary(sc, p + n + m))
		return n + m;
	if (sc->s[p - 1] == 's' && talks_is_boundary(sc, p + n))
		return n;
	return 0;
}

/*
 * An aside at p that opens with `open` and closes with `close` within a
 * short span free of the characters in `stop`: ", of OSDL," or " (IBM)".
 * Returns the position after it, or p if there is none.
 */
size_t
talks_aside(const struct talks_scan *sc, size_t p, uint32_t open,
    uint32_t close, const char *stop)
{
	uint32_t	 cp;
	size_t		 q, start, n;
	bool		 text = false;

	q = talks_skip_space(sc, p);
	if ((n = talks_char(sc, q, &cp)) == 0 || cp != open)
		return p;
	for (start = q += n; q - start <= TALKS_ASIDE_MAX; q += n) {
		if ((n = talks_char(sc, q, &cp)) == 0)
			return p;
		if (cp == close)
			return text ? q + n : p;
		/* A full stop inside a domain ("H2O.ai") ends nothing. */
		if (cp == '.' && q + 1 < sc->len && sc->s[q + 1] >= 'a' &&
		    sc->s[q + 1] <= 'z' && q > start && sc->s[q - 1] != ' ') {
			text = true;
			continue;
		}
		if (cp == open || talks_is_ascii_in(cp, stop))
			return p;
		text = text || !text_is_space(cp);
	}
	return p;
}

/*
 * One name of a list, with its possessive, or when `asides` allows, its
 * parenthesis ("Jane Doe (IBM)").  Returns false if no name is at pos.
 */
static bool
talks_item(const struct talks_scan *sc, size_t pos, bool asides,
    struct talks_list *l, size_t *after)
{
	struct talks_name	 nm;
	size_t			 p, n;

	if (l->n == TALKS_LIST_MAX || !talks_name(sc, pos, &nm))
		return false;
	p = nm.off + nm.len;
	if ((n = talks_possessive(sc, &nm)) > 0) {
		l->nposs++;
		p += n;
	} else if (asides)
		p = talks_aside(sc, p, '(', ')', "");
	l->v[l->n++] = nm;
	l->lastposs = n > 0;
	*after = p;
	return true;
}

/*
 * A list separator at p: ",", "and", "&" or ", and".  Returns the position
 * of the next name, or 0 if there is no separator; `*final` tells whether
 * it was "and", before the last name.
 */
static size_t
talks_separator(const struct talks_scan *sc, size_t p, bool *final)
{
	uint32_t	 cp;
	size_t		 q, e;
	bool		 comma = false;

	*final = false;
	q = talks_skip_space(sc, p);
	if (talks_char(sc, q, &cp) > 0 && cp == ',') {
		comma = true;
		q = talks_skip_space(sc, q + 1);
	} else if (q == p)
		return 0;
	if (talks_char(sc, q, &cp) > 0 && cp == '&')
		e = q + 1;
	else if ((e = talks_token(sc, q)) == q ||
	    !talks_ascii_eq(sc->s + q, e - q, "and", false))
		return comma ? q : 0;
	if (talks_skip_space(sc, e) == e)
		return comma ? q : 0;
	*final = true;
	return talks_skip_space(sc, e);
}

/*
 * A list of names at pos: "A", "A and B", "A, B and C", "A, B, and C".
 * Fails if a name is expected and missing; a comma not followed by a name
 * opens an aside ("A, of OSDL, ...") and ends the list.  Either every name
 * carries a possessive or only the last does: "A's and B's talk", "A and
 * B's talk".  TALKS_ASIDES allows "(IBM)" after a name; TALKS_COMMAS a
 * list without "and", "A, B", where nothing but names may be.
 */
bool
talks_list(const struct talks_scan *sc, size_t pos, unsigned int how,
    struct talks_list *l, size_t *after)
{
	bool	 asides = (how & TALKS_ASIDES) != 0;
	size_t	 p, q;

	talks_list_clear(l);
	if (!talks_item(sc, pos, asides, l, &p))
		return false;
	while (!l->final && (q = talks_separator(sc, p, &l->final)) > 0) {
		if (!talks_item(sc, q, asides, l, &q)) {
			if (l->final)
				return false;
			break;
		}
		p = q;
	}
	/* Without "and", "A, B discussed" may be a name and an aside. */
	if (l->n > 1 && !l->final && !(how & TALKS_COMMAS))
		return false;
	if (l->nposs > 0 && (!l->lastposs ||
	    (l->nposs != 1 && l->nposs != l->n)))
		return false;
	*after = p;
	return true;
}

/*
 * A word from `words` at p, after up to TALKS_MODS_MAX words from `mods`.
 * Returns the end of the word, or 0.
 */
size_t
talks_phrase(const struct talks_scan *sc, size_t p,
    const struct talks_words *mods, const struct talks_words *words,
    bool icase)
{
	size_t	 i, e;

	for (i = 0; i <= TALKS_MODS_MAX; i++) {
		if ((e = talks_token(sc, p)) == p)
			return 0;
		if (talks_in(words, sc, p, e, icase))
			return e;
		if (i == TALKS_MODS_MAX || !talks_in(mods, sc, p, e, icase))
			return 0;
		if ((p = talks_skip_space(sc, e)) == e)
			return 0;
	}
	return 0;
}

/* "talk", "closing keynote", "OLS talk": what a possessive may own. */
size_t
talks_noun_phrase(const struct talks_scan *sc, size_t p)
{
	uint32_t	 cp;
	size_t		 e, q;

	e = talks_phrase(sc, p, TALKS_WORDS(talks_adjectives),
	    TALKS_WORDS(talks_nouns), true);
	if (e > 0)
		return e;
	/* An event's acronym may come first: "Rik van Riel's OLS talk". */
	for (q = p; talks_char(sc, q, &cp) > 0 && cp >= 'A' && cp <= 'Z';)
		q++;
	if (q - p < 2 || q - p > 6 || (e = talks_skip_space(sc, q)) == q)
		return 0;
	return talks_phrase(sc, e, TALKS_WORDS(talks_adjectives),
	    TALKS_WORDS(talks_nouns), true);
}

/*
 * A reporting verb at p, after white space and perhaps an adverb, and not
 * passive: "discussed", "also described", but not "reported by".
 */
bool
talks_verb_phrase(const struct talks_scan *sc, size_t p,
    const struct talks_words *verbs)
{
	size_t	 q, e;

	if ((q = talks_skip_space(sc, p)) == p)
		return false;
	if ((e = talks_phrase(sc, q, TALKS_WORDS(talks_adverbs), verbs,
	    false)) == 0)
		return false;
	q = talks_skip_space(sc, e);
	e = talks_token(sc, q);
	return !talks_ascii_eq(sc->s + q, e - q, "by", true);
}

size_t
talks_copy(const struct talks_list *l, struct talks_name *out, size_t max)
{
	size_t	 i, n;

	n = l->n < max ? l->n : max;
	for (i = 0; i < n; i++)
		out[i] = l->v[i];
	return n;
}

size_t
talks_names_at(const char *text, size_t len, size_t pos,
    struct talks_name *out, size_t max, size_t *end)
{
	struct talks_scan	 sc;
	struct talks_list	 l;

	if (text == NULL || out == NULL || max == 0 || pos >= len)
		return 0;
	sc.s = text;
	sc.len = len < pos + TALKS_SCAN_MAX ? len : pos + TALKS_SCAN_MAX;
	sc.cut = sc.len < len;
	if (!talks_list(&sc, pos, TALKS_ASIDES | TALKS_COMMAS, &l, end) ||
	    l.nposs > 0)
		return 0;
	return talks_copy(&l, out, max);
}

/*
 * Whether [a, b) is exactly a list of names, without possessives or
 * asides: the part of a heading that should name the speakers.
 */
bool
talks_exact(const struct talks_scan *sc, size_t a, size_t b,
    struct talks_list *l)
{
	struct talks_scan	 sub;
	size_t			 p;

	if (b <= a)
		return false;
	sub.s = sc->s;
	sub.len = b;
	sub.cut = false;
	if (!talks_list(&sub, talks_skip_space(&sub, a), TALKS_COMMAS, l, &p))
		return false;
	return l->nposs == 0 && talks_skip_space(&sub, p) == b;
}

/* Whether [a, b) holds anything but white space. */
bool
talks_has_text(const struct talks_scan *sc, size_t a, size_t b)
{
	return b > a && talks_skip_space(sc, a) < b;
}

/* The end of [a, b) without its trailing white space. */
size_t
talks_trim(const struct talks_scan *sc, size_t a, size_t b)
{
	uint32_t	 cp;
	size_t		 p, n, e = b < sc->len ? b : sc->len, end = a;

	/* Most text ends in ASCII, where no character needs decoding. */
	while (e > a && (sc->s[e - 1] == ' ' ||
	    (sc->s[e - 1] >= '\t' && sc->s[e - 1] <= '\r')))
		e--;
	if (e <= a)
		return a;
	if ((unsigned char)sc->s[e - 1] < 0x80)
		return e;
	for (p = a; p < b && (n = talks_char(sc, p, &cp)) > 0; p += n)
		if (!text_is_space(cp))
			end = p + n;
	return end;
}

/* Whether a word of [a, b) is one of `tab`, ignoring ASCII case. */
bool
talks_has_word(const struct talks_scan *sc, size_t a, size_t b,
    const struct talks_words *tab)
{
	uint32_t	 cp;
	size_t		 p, e, n;

	for (p = a; p < b && (n = talks_char(sc, p, &cp)) > 0; p += n) {
		if (!text_is_alpha(cp))
			continue;
		e = talks_token(sc, p);
		if (e > p && e <= b && talks_in(tab, sc, p, e, true))
			return true;
		/* Skip the rest of the word, so "footnotes" is not "notes". */
		while (p < b && (n = talks_char(sc, p, &cp)) > 0 &&
		    !text_is_space(cp))
			p += n;
		n = 0;
	}
	return false;
}
