/*
 * talks-sentence: the shapes of a sentence that make presenters of the
 * names in it -- the subject of a reporting verb ("Rik van Riel
 * discussed"), a possessive and a talk noun ("Robert Love's talk"), a talk
 * just before ("a keynote by Jane Roe"), "given by" -- and the labels of
 * a line ("Speaker:", "主讲人：").
 */
#include "talks-private.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "text.h"

/*
 * Labels that introduce a talk's presenters on a line of their own:
 * "Speaker: Jane Roe", "**Presented by** Jane Roe", "主讲人：...".  ASCII
 * case is ignored; a plural "s" may follow.
 */
static const char *const talks_body_labels[] = {
	"facilitator", "host", "instructor", "intervenant", "intervenante",
	"keynote speaker", "lecturer", "moderator", "oratrice", "orateur",
	"panelist", "panellist", "ponente", "presented by", "presenter",
	"présenté par", "présentateur", "referent", "speaker", "sprecher",
	"talk by", "vortragender", "vortragende",
	"\xe4\xb8\xbb\xe8\xae\xb2\xe4\xba\xba",	/* 主讲人 */
	"\xe4\xb8\xbb\xe8\xae\xb2",			/* 主讲 */
	"\xe5\x98\x89\xe5\xae\xbe",			/* 嘉宾 */
	"\xe8\xae\xb2\xe5\xb8\x88",			/* 讲师 */
	"\xe6\xbc\x94\xe8\xae\xb2\xe8\x80\x85",	/* 演讲者 */
	"\xe8\xae\xb2\xe8\x80\x85",			/* 讲者 */
	"\xe4\xb8\xbb\xe6\x8c\x81\xe4\xba\xba",	/* 主持人 */
	"\xe5\x88\x86\xe4\xba\xab\xe8\x80\x85",	/* 分享者 */
	"\xe7\x99\xbb\xe5\xa3\x87\xe8\x80\x85",	/* 登壇者 */
	"\xe8\xac\x9b\xe6\xbc\x94\xe8\x80\x85",	/* 講演者 */
	"\xe7\x99\xba\xe8\xa1\xa8\xe8\x80\x85",	/* 発表者 */
	NULL
};

/* "A, B and C were the panel", "Jane Roe was the keynote speaker". */
static bool
talks_were_panel(const struct talks_scan *sc, size_t p)
{
	size_t	 q, e;

	q = talks_skip_space(sc, p);
	e = talks_token(sc, q);
	if (q == p || e == q || (!talks_ascii_eq(sc->s + q, e - q, "were",
	    false) && !talks_ascii_eq(sc->s + q, e - q, "was", false)))
		return false;
	q = talks_skip_space(sc, e);
	e = talks_token(sc, q);
	if (e > q && talks_ascii_eq(sc->s + q, e - q, "the", false))
		q = talks_skip_space(sc, e);
	return talks_phrase(sc, q, TALKS_WORDS(talks_adjectives),
	    TALKS_WORDS(talks_roles), true) > 0;
}

/*
 * What follows the speakers: a talk noun after a possessive, or a verb,
 * perhaps after an aside (", of OSDL," or "— of OSDL —").
 */
static bool
talks_tail(const struct talks_scan *sc, size_t p, const struct talks_list *l,
    const struct talks_words *verbs)
{
	size_t	 q, e, i;

	if (l->lastposs)
		return (q = talks_skip_space(sc, p)) > p &&
		    talks_noun_phrase(sc, q) > 0;
	if ((q = talks_aside(sc, p, ',', ',', ".!?;:")) == p)
		q = talks_aside(sc, p, 0x2014, 0x2014, ".!?;:");
	if (talks_verb_phrase(sc, q, verbs) || talks_were_panel(sc, q))
		return true;
	/*
	 * An aside of several parts: "Jane Roe, chief scientist at Acme,
	 * founder of X, presented".  Each comma that closes one opens the
	 * next.
	 */
	for (i = 0; i < TALKS_ASIDE_PARTS && q > p && sc->s[q - 1] == ','; i++) {
		if ((e = talks_aside(sc, q - 1, ',', ',', ".!?;:")) == q - 1)
			return false;
		q = e;
		if (talks_verb_phrase(sc, q, verbs))
			return true;
	}
	return false;
}

/*
 * "In his talk, " or "During her keynote, " before the speakers.  Returns
 * the position after it, or pos if the text does not open so.
 */
static size_t
talks_intro(const struct talks_scan *sc, size_t pos)
{
	static const char *const	 opens[] = { "During", "In", NULL };
	static const char *const	 owners[] = { "her", "his", "their",
					    NULL };
	TALKS_TABLE(opens);
	TALKS_TABLE(owners);
	uint32_t			 cp;
	size_t				 q, e;

	e = talks_token(sc, pos);
	if (e == pos || !talks_in(TALKS_WORDS(opens), sc, pos, e, false) ||
	    (q = talks_skip_space(sc, e)) == e)
		return pos;
	e = talks_token(sc, q);
	if (e == q || !talks_in(TALKS_WORDS(owners), sc, q, e, false) ||
	    (q = talks_skip_space(sc, e)) == e)
		return pos;
	if ((e = talks_noun_phrase(sc, q)) == 0 ||
	    talks_char(sc, e, &cp) == 0 || cp != ',')
		return pos;
	return talks_skip_space(sc, e + 1);
}

/*
 * Past "the" and up to TALKS_MODS_MAX lower-case words at p, as in "by
 * the great Jane Roe".  Returns where the name may start.
 */
static size_t
talks_skip_article(const struct talks_scan *sc, size_t p)
{
	uint32_t	 cp;
	size_t		 e, q, i;

	e = talks_token(sc, p);
	if (e == p || !talks_ascii_eq(sc->s + p, e - p, "the", false))
		return p;
	q = talks_skip_space(sc, e);
	for (i = 0; i < TALKS_MODS_MAX; i++) {
		if (talks_char(sc, q, &cp) == 0 || !text_is_lower(cp) ||
		    (e = talks_token(sc, q)) == q)
			break;
		q = talks_skip_space(sc, e);
	}
	return q;
}

/*
 * A short opening before the speakers: "As ", or up to three words from
 * a function word to a comma ("This year, ", "On Tuesday, ", "Later, ").
 * Returns the position after it, or pos.
 */
static size_t
talks_later_intro(const struct talks_scan *sc, size_t pos)
{
	uint32_t	 cp;
	size_t		 q = pos, e, i;

	e = talks_token(sc, pos);
	if (e > pos && talks_ascii_eq(sc->s + pos, e - pos, "As", false) &&
	    (q = talks_skip_space(sc, e)) > e)
		return q;
	/* An adverbial opens with a function word, a name does not. */
	if (e == pos || !talks_in(TALKS_WORDS(talks_function), sc, pos, e,
	    true))
		return pos;
	for (i = 0, q = pos; i < 3; i++) {
		for (e = q; e < sc->len && (talks_char(sc, e, &cp), cp) != 0 &&
		    (text_is_alpha(cp) || text_is_digit(cp)); e += talks_char(sc,
		    e, &cp))
			continue;
		if (e == q)
			return pos;
		if (e < sc->len && sc->s[e] == ',')
			return talks_skip_space(sc, e + 1) > e + 1 ?
			    talks_skip_space(sc, e + 1) : pos;
		if ((q = talks_skip_space(sc, e)) == e)
			return pos;
	}
	return pos;
}

/*
 * " from Acme", " from Public Lab" after the speakers, before the verb:
 * up to three capitalised words or an acronym.  Returns the position
 * after it, or p.
 */
static size_t
talks_from_org(const struct talks_scan *sc, size_t p)
{
	uint32_t	 cp;
	size_t		 q, q0, e, i;

	q = talks_skip_space(sc, p);
	e = talks_token(sc, q);
	if (q == p || e == q || !talks_ascii_eq(sc->s + q, e - q, "from",
	    false))
		return p;
	for (i = 0, q0 = p, p = e; i < 3; i++) {
		q = talks_skip_space(sc, p);
		if (q == p || talks_char(sc, q, &cp) == 0 || !text_is_upper(cp))
			break;
		for (e = q; e < sc->len && sc->s[e] != ' ' && sc->s[e] != ',';)
			e++;
		p = e;
	}
	return i > 0 ? p : q0;
}

/*
 * First names alone, "Jesse" or "Cat and Josh", as the subject of giving
 * a talk: a verb of giving, then a talk's noun within five words ("Jesse
 * gave a rad talk", "Cat and Josh led this session").  A first name is
 * weak evidence, so only this shape counts.
 */
static size_t
talks_first_name_subject(const struct talks_scan *sc, size_t pos,
    struct talks_name *out, size_t max)
{
	size_t	 n = 0, p = pos, e, q, i;

	for (;;) {
		if (n == max || talks_unit(sc, p, &e) != TALKS_WORD)
			return 0;
		out[n].off = p;
		out[n++].len = e - p;
		q = talks_skip_space(sc, e);
		e = talks_token(sc, q);
		if (e > q && talks_ascii_eq(sc->s + q, e - q, "and", false)) {
			p = talks_skip_space(sc, e);
			continue;
		}
		break;
	}
	if (e == q || !talks_in(TALKS_WORDS(talks_giving), sc, q, e, false))
		return 0;
	for (i = 0, p = e; i < 5; i++) {
		q = talks_skip_space(sc, p);
		if (q == p || (e = talks_token(sc, q)) == q)
			return 0;
		if (talks_in(TALKS_WORDS(talks_nouns), sc, q, e, true))
			return n;
		p = e;
	}
	return 0;
}

/*
 * Whether the word after the blanks at e ends in a comma: the end of a
 * three-word adverbial ("On the day, Jane Roe ...").  Any byte beyond
 * ASCII counts as a letter, so that this errs towards reading on.
 */
static bool
talks_comma_next(const char *s, size_t len, size_t e)
{
	while (e < len && s[e] == ' ')
		e++;
	while (e < len && (((s[e] | 0x20) >= 'a' && (s[e] | 0x20) <= 'z') ||
	    (s[e] >= '0' && s[e] <= '9') || (unsigned char)s[e] >= 0x80))
		e++;
	return e < len && s[e] == ',';
}

/*
 * A first word, a blank and a short lower-case word [q, e): a subject
 * goes on only past a particle inside a name ("Rik van Riel"), first names
 * joined by "and" or giving a talk ("Cat and Josh", "Jesse gave ..."), or
 * an adverbial's comma ("This year, ...", "On the day, ...").
 */
static bool
talks_may_go_on(const struct talks_scan *sc, size_t q, size_t e)
{
	if (e >= sc->len || sc->s[e] == ',')
		return true;
	if (sc->s[e] != ' ' || e - q > 5)
		return false;
	return talks_in(TALKS_WORDS(talks_particles), sc, q, e, false) ||
	    talks_ascii_eq(sc->s + q, e - q, "and", false) ||
	    talks_in(TALKS_WORDS(talks_giving), sc, q, e, false) ||
	    talks_comma_next(sc->s, sc->len, e);
}

/*
 * Whether a subject may open at p, asked before the name grammar, which
 * costs more: false only where the readings below would find none.  Most
 * sentences fail here, on a first word and a lower-case second one ("This
 * is ...", "We can ...").
 */
static bool
talks_may_open(const struct talks_scan *sc, size_t p)
{
	const char	*s = sc->s;
	size_t		 w = p, q;

	while (w < sc->len && ((s[w] >= 'a' && s[w] <= 'z') ||
	    (s[w] >= 'A' && s[w] <= 'Z')))
		w++;
	if (w == p || w + 1 >= sc->len || s[w] != ' ' || s[w + 1] < 'a' ||
	    s[w + 1] > 'z')
		return true;
	/* "In his talk, ...", "During her keynote, ...". */
	if ((w - p == 2 && memcmp(s + p, "In", 2) == 0) ||
	    (w - p == 6 && memcmp(s + p, "During", 6) == 0))
		return true;
	for (q = w + 1; q < sc->len && s[q] >= 'a' && s[q] <= 'z'; q++)
		continue;
	return talks_may_go_on(sc, w + 1, q);
}

/* The speakers opening `text`, as the subject of one of `verbs`. */
static size_t
talks_subject(const char *text, size_t len, struct talks_name *out,
    size_t max, const struct talks_words *verbs)
{
	struct talks_scan	 sc;
	struct talks_list	 l;
	enum talks_unit		 unit;
	size_t			 start, names, after;

	if (text == NULL || out == NULL || max == 0)
		return 0;
	sc.s = text;
	sc.len = len < TALKS_SCAN_MAX ? len : TALKS_SCAN_MAX;
	sc.cut = len > TALKS_SCAN_MAX;
	start = talks_skip_space(&sc, 0);
	if (!talks_may_open(&sc, start))
		return 0;
	/* The openings asked for first by a byte: "In", "During", a comma. */
	names = start < sc.len && (sc.s[start] == 'I' || sc.s[start] == 'D') ?
	    talks_intro(&sc, start) : start;
	if (names == start && start < sc.len && (sc.s[start] == 'A' ||
	    memchr(sc.s + start, ',', sc.len - start < TALKS_INTRO_MAX ?
	    sc.len - start : TALKS_INTRO_MAX) != NULL))
		names = talks_later_intro(&sc, start);
	/* Both readings below open with a name's word or initial. */
	unit = talks_unit(&sc, names, &after);
	if (unit != TALKS_WORD && unit != TALKS_INITIAL)
		return 0;
	if (!talks_list(&sc, names, TALKS_ASIDES, &l, &after))
		return talks_first_name_subject(&sc, names, out, max);
	after = talks_from_org(&sc, after);
	/*
	 * After "In his talk, " only a verb may follow: "Jane Doe said"; and
	 * later in an opening, "Jane Doe's paper" is more often cited work.
	 */
	if ((names > start || verbs == TALKS_WORDS(talks_presenting)) && l.nposs > 0)
		return 0;
	if (!talks_tail(&sc, after, &l, verbs))
		return 0;
	return talks_copy(&l, out, max);
}

size_t
talks_from_sentence(const char *text, size_t len, struct talks_name *out,
    size_t max)
{
	return talks_subject(text, len, out, max, TALKS_WORDS(talks_verbs));
}

size_t
talks_from_later_sentence(const char *text, size_t len,
    struct talks_name *out, size_t max)
{
	return talks_subject(text, len, out, max,
	    TALKS_WORDS(talks_presenting));
}

/*
 * After names mid-sentence, what makes presenters of them: a possessive
 * and a talk noun ("'s talk", "’s closing keynote"); or a verb of
 * presenting, perhaps after an aside's closing comma or ", who"
 * ("[Rory McCune], shared", "[A] and [B], who discussed").
 */
static bool
talks_presenter_tail(const struct talks_scan *sc, size_t p,
    const struct talks_list *l)
{
	size_t	 q, e;

	if (l->lastposs)
		return (q = talks_skip_space(sc, p)) > p &&
		    talks_noun_phrase(sc, q) > 0;
	q = p;
	if (q < sc->len && sc->s[q] == ',') {
		q = talks_skip_space(sc, q + 1);
		e = talks_token(sc, q);
		if (e > q && talks_ascii_eq(sc->s + q, e - q, "who", false))
			q = e;
		else if (q > p + 1)
			q = q - 1;	/* the verb phrase wants a blank first */
	}
	return talks_verb_phrase(sc, q, TALKS_WORDS(talks_presenting));
}

/* Whether the word ending at p is one of `tab`, and where it starts. */
static bool
talks_word_before(const struct talks_scan *sc, size_t p,
    const struct talks_words *tab, size_t *start)
{
	size_t	 q = p;

	while (q > 0 && sc->s[q - 1] == ' ')
		q--;
	p = q;
	while (q > 0 && ((sc->s[q - 1] >= 'a' && sc->s[q - 1] <= 'z') ||
	    (sc->s[q - 1] >= 'A' && sc->s[q - 1] <= 'Z')))
		q--;
	*start = q;
	return q < p && talks_in(tab, sc, q, p, true);
}

/*
 * Whether a talk is named just before p: "keynote by", "talk from",
 * "the closing keynote by", "talk I caught was from".
 */
static bool
talks_noun_before(const struct talks_scan *sc, size_t p)
{
	static const char *const	 links[] = { "by", "from", "with",
					    NULL };
	TALKS_TABLE(links);
	size_t				 q, i;

	if (!talks_word_before(sc, p, TALKS_WORDS(links), &q))
		return false;
	/* The talk noun within the four words before. */
	for (i = 0; i < 4 && q > 0; i++) {
		if (talks_word_before(sc, q, TALKS_WORDS(talks_nouns), &q))
			return true;
		while (q > 0 && sc->s[q - 1] != ' ' && sc->s[q - 1] != ',')
			q--;
		if (q > 0 && sc->s[q - 1] == ',')
			return false;
	}
	return false;
}

size_t
talks_presenter_at(const char *text, size_t len, size_t pos,
    struct talks_name *out, size_t max)
{
	struct talks_scan	 sc;
	struct talks_list	 l;
	size_t			 after;

	if (text == NULL || out == NULL || max == 0 || pos >= len)
		return 0;
	sc.s = text;
	sc.len = len < pos + TALKS_SCAN_MAX ? len : pos + TALKS_SCAN_MAX;
	sc.cut = sc.len < len;
	if (!talks_list(&sc, pos, TALKS_ASIDES | TALKS_COMMAS, &l, &after))
		return 0;
	if (!talks_noun_before(&sc, pos) && !talks_presenter_tail(&sc, after,
	    &l))
		return 0;
	return talks_copy(&l, out, max);
}

size_t
talks_given_name(const char *text, size_t len, struct talks_name *out)
{
	struct talks_scan	 sc;
	size_t			 p, e;

	if (text == NULL || out == NULL)
		return 0;
	sc.s = text;
	sc.len = len < TALKS_SCAN_MAX ? len : TALKS_SCAN_MAX;
	sc.cut = len > TALKS_SCAN_MAX;
	p = talks_skip_space(&sc, 0);
	if (talks_unit(&sc, p, &e) != TALKS_WORD ||
	    !talks_verb_phrase(&sc, e, TALKS_WORDS(talks_verbs)))
		return 0;
	out->off = p;
	out->len = e - p;
	return 1;
}

/*
 * Whether a label may start at pos: its first two bytes, folded, open some
 * label.  Most lines' do not ("The", "to"), and are turned away before the
 * labels are compared.  The pairs are filled on first use.
 */
static bool
talks_may_label(const char *text, size_t len, size_t pos)
{
	static uint8_t		 pairs[256 * 256 / 8];
	static bool		 filled;
	const char *const	*l;
	unsigned int		 k;

	if (!filled) {
		for (l = talks_body_labels; *l != NULL; l++) {
			k = talks_fold((unsigned char)(*l)[0], true) << 8 |
			    talks_fold((unsigned char)(*l)[1], true);
			pairs[k / 8] |= (uint8_t)(1u << (k % 8));
		}
		filled = true;
	}
	if (len - pos < 2)
		return false;
	k = talks_fold((unsigned char)text[pos], true) << 8 |
	    talks_fold((unsigned char)text[pos + 1], true);
	return (pairs[k / 8] >> (k % 8) & 1) != 0;
}

/* Past a number at p, "2" or "#2", and the blanks after it; or p. */
static size_t
talks_label_number(const char *text, size_t len, size_t p)
{
	size_t	 q = p;

	if (q < len && text[q] == '#')
		q++;
	if (q >= len || text[q] < '0' || text[q] > '9')
		return p;
	while (q < len && text[q] >= '0' && text[q] <= '9')
		q++;
	while (q < len && text[q] == ' ')
		q++;
	return q;
}

size_t
talks_label_at(const char *text, size_t len, size_t pos)
{
	const char *const	*t;
	size_t			 n, p;
	unsigned char		 first;

	if (text == NULL || pos >= len)
		return 0;
	if (!talks_may_label(text, len, pos))
		return 0;
	first = talks_fold((unsigned char)text[pos], true);
	for (t = talks_body_labels; *t != NULL; t++) {
		if (first != (unsigned char)(*t)[0])
			continue;
		n = strlen(*t);
		if (n > len - pos || !talks_ascii_eq(text + pos, n, *t, true))
			continue;
		p = pos + n;
		/* "Speaker:", "Speakers:", "主讲人：", "Presented by Jane". */
		if (p < len && text[p] == 's' && (*t)[n - 1] != 'y')
			p++;
		while (p < len && text[p] == ' ')
			p++;
		/* "Speaker 2:", "Speaker #2:": one of several. */
		if ((*t)[n - 1] != 'y')
			p = talks_label_number(text, len, p);
		if (p < len && text[p] == ':')
			return p + 1;
		if (len - p >= 3 && memcmp(text + p, "\xef\xbc\x9a", 3) == 0)
			return p + 3;
		if ((*t)[n - 1] == 'y' && p > pos + n)
			return p;
	}
	return 0;
}

bool
talks_is_presenter_header(const char *text, size_t len)
{
	const char *const	*t;
	size_t			 n;
	unsigned char		 first;

	while (len > 0 && text[len - 1] == ' ')
		len--;
	while (len > 0 && text[0] == ' ') {
		text++;
		len--;
	}
	if (len == 0)
		return false;
	first = talks_fold((unsigned char)text[0], true);
	for (t = talks_body_labels; *t != NULL; t++) {
		if (first != (unsigned char)(*t)[0])
			continue;
		n = strlen(*t);
		if (n > len || !talks_ascii_eq(text, n, *t, true) ||
		    (*t)[n - 1] == 'y')
			continue;
		if (n == len || (n + 1 == len && text[n] == 's') ||
		    (n + 3 == len && memcmp(text + n, "(s)", 3) == 0))
			return true;
	}
	return false;
}

/*
 * The names after the preposition [p, e) of a "given by" phrase in `sc`,
 * if the word before it is one of talks_by_verbs: "given by Jane Roe",
 * "apresentada por Jane Roe".  Returns how many, or 0.
 */
static size_t
talks_by_at(const struct talks_scan *sc, size_t p, size_t e,
    struct talks_name *out, size_t max)
{
	size_t	 q, end;

	for (q = p; q > 0 && sc->s[q - 1] != ' '; q--)
		continue;
	if (q == p || !talks_in(TALKS_WORDS(talks_by_verbs), sc, q, p, true))
		return 0;
	e = talks_skip_space(sc, e);
	/* "by the great Kate Gregory": skip "the" and adjectives. */
	return talks_names_at(sc->s, sc->len, talks_skip_article(sc, e), out,
	    max, &end);
}

size_t
talks_by(const char *text, size_t len, struct talks_name *out, size_t max)
{
	struct talks_scan	 sc;
	const char		*at;
	size_t			 p, n;

	if (text == NULL || out == NULL || max == 0)
		return 0;
	sc.s = text;
	sc.len = len < TALKS_SCAN_MAX * 4 ? len : TALKS_SCAN_MAX * 4;
	sc.cut = sc.len < len;
	/* " by ", found by its rarer letter: p is after the "y". */
	for (p = 0; p < sc.len &&
	    (at = memchr(text + p, 'y', sc.len - p)) != NULL; ) {
		p = (size_t)(at - text) + 1;
		if (p >= 3 && p < sc.len && text[p - 2] == 'b' &&
		    text[p - 3] == ' ' && text[p] == ' ' &&
		    (n = talks_by_at(&sc, p - 3, p, out, max)) > 0)
			return n;
	}
	/* " por " (Portuguese, Spanish) and " par " (French), by their "p". */
	for (p = 0; p < sc.len &&
	    (at = memchr(text + p, 'p', sc.len - p)) != NULL; ) {
		p = (size_t)(at - text);
		if (p > 0 && sc.len - p > 4 && text[p - 1] == ' ' &&
		    (text[p + 1] == 'o' || text[p + 1] == 'a') &&
		    text[p + 2] == 'r' && text[p + 3] == ' ' &&
		    (n = talks_by_at(&sc, p - 1, p + 3, out, max)) > 0)
			return n;
		p++;
	}
	return 0;
}
