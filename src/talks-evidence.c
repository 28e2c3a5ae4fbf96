/*
 * talks-evidence: what surrounds each candidate name, for or against its
 * being a presenter -- a talk just before it ("a talk on X by Jane Roe"),
 * a phrase that brings a speaker on ("we heard from"), one that says what
 * they spoke of ("talking about"), an affiliation, a link, the name or its
 * surname met again as the subject of a reporting verb; and against it,
 * thanks, organising, asking, quoting, the article's own byline, a block
 * quote.  Each found is a cue; talks-find.c weighs them.  Pure, bounded
 * work over the caller's text.
 */
/* memmem(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "talks-find.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

/* Blocks after a name looked through for it again, at the most. */
#define TALKS_AGAIN_BLOCKS	6
/* Bytes of an affiliation in parentheses, at the most. */
#define TALKS_AFFIL_MAX		60
/* Words between "I" and the verb of "I gave a talk", at the most. */
#define TALKS_I_WORDS		3

/* What brings a presenter on, just before the names. */
static const char *const talks_introducing[] = {
	"featuring", "hear from", "heard from", "hearing from", "joined by",
	"next up was", "next up:", "then came", "up next was", "up next:",
	"we welcomed",
	NULL
};

/*
 * The nouns of a talk that make a presenter of a name met in passing
 * ("a talk on schedulers by Jane Roe"); "a survey from Stack Overflow"
 * or "an update from the Rust team" do not.
 */
static const char *const talks_talk_nouns[] = {
	"address", "bof", "bofs", "chat", "chats", "conversation", "demo",
	"demos", "interview", "keynote", "keynotes", "lecture", "lectures",
	"panel", "plenary", "presentation",
	"presentations", "seminar", "session", "sessions", "speech", "talk",
	"talks", "tutorial", "tutorials", "workshop", "workshops",
	NULL
};

/* Words before a name looked through for a talk's noun, at the most. */
#define TALKS_NOUN_WORDS	6

/* What tells of presenting, just after the names (and an aside). */
static const char *const talks_talking[] = {
	"about", "gave us", "presenting", "showing us", "speaking about",
	"speaking on", "talking about", "talking on", "talking us through",
	"to present", "to speak", "to talk", "walking us through",
	"who gave", "who presented", "who spoke", "who talked",
	NULL
};

/* Thanks, before the names. */
static const char *const talks_thanking[] = {
	"credit to", "grateful to", "kudos to", "shout-out to",
	"shoutout to", "thank", "thanked", "thanking", "thanks", "thanks go to",
	"thanks to",
	NULL
};

/* Organising, before the names or after. */
static const char *const talks_organising_before[] = {
	"coordinated by", "curated by", "emceed by", "organised by",
	"organized by", "organiser", "organisers", "organizer", "organizers",
	"sponsored by",
	NULL
};

static const char *const talks_organising_after[] = {
	"for organising", "for organizing", "organised", "organized",
	"who organised", "who organized",
	NULL
};

/* Asking, after the names: someone in the audience. */
static const char *const talks_asking[] = {
	"asked", "asks", "questioned", "wanted to know", "wondered",
	NULL
};

/* Quoting, before the names. */
static const char *const talks_quoting[] = {
	"according to", "quoted", "quoting", "said", "says", "tweeted",
	"wrote", "writes",
	NULL
};

/* The verbs of "I gave a talk": the writer presented. */
static const char *const talks_i_presented[] = {
	"delivered", "demoed", "gave", "presented", "showed", "spoke",
	"talked",
	NULL
};

static unsigned char
talks_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 'a' - 'A') : c;
}

static bool
talks_is_alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Whether `n` bytes at s spell `w`, ignoring ASCII case. */
static bool
talks_same(const char *s, const char *w, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (talks_lower((unsigned char)s[i]) != (unsigned char)w[i])
			return false;
	return true;
}

/*
 * Whether a phrase of `tab` ends just before p, past blanks, as whole
 * words: "heard from |Jane Roe".
 */
static bool
talks_before(const char *s, size_t p, const char *const *tab)
{
	const char *const	*t;
	size_t			 n;

	while (p > 0 && s[p - 1] == ' ')
		p--;
	if (p == 0)
		return false;
	for (t = tab; *t != NULL; t++) {
		n = strlen(*t);
		/* Its last letter first: most phrases end otherwise. */
		if ((unsigned char)(*t)[n - 1] !=
		    talks_lower((unsigned char)s[p - 1]))
			continue;
		if (n <= p && talks_same(s + p - n, *t, n) && (p == n ||
		    !talks_is_alpha((unsigned char)s[p - n - 1])))
			return true;
	}
	return false;
}

/*
 * Whether a phrase of `tab` starts at p, past blanks and a comma, as whole
 * words: "Jane Roe|, talking about".
 */
static bool
talks_after(const char *s, size_t len, size_t p, const char *const *tab)
{
	const char *const	*t;
	size_t			 n;

	while (p < len && (s[p] == ' ' || s[p] == ','))
		p++;
	if (p == len)
		return false;
	for (t = tab; *t != NULL; t++) {
		if ((unsigned char)(*t)[0] != talks_lower((unsigned char)s[p]))
			continue;
		n = strlen(*t);
		if (n <= len - p && talks_same(s + p, *t, n) && (p + n == len ||
		    !talks_is_alpha((unsigned char)s[p + n])))
			return true;
	}
	return false;
}

/*
 * Past an affiliation at p: "(Acme)", " from Acme", ", of Acme,".  Returns
 * where it ends, or p if none is there.
 */
static size_t
talks_affiliation(const char *s, size_t len, size_t p)
{
	const char	*close;
	size_t		 q = p;

	while (q < len && s[q] == ' ')
		q++;
	/* "(Acme)", "(@jroe)", not "(pdf)" nor "(2019)". */
	if (q + 1 < len && s[q] == '(' && (s[q + 1] == '@' ||
	    (s[q + 1] >= 'A' && s[q + 1] <= 'Z') ||
	    (unsigned char)s[q + 1] >= 0x80)) {
		close = memchr(s + q, ')', len - q < TALKS_AFFIL_MAX ?
		    len - q : TALKS_AFFIL_MAX);
		return close != NULL && close > s + q + 1 ?
		    (size_t)(close - s) + 1 : p;
	}
	if (q < len && s[q] == ',')
		q++;
	while (q < len && s[q] == ' ')
		q++;
	if (len - q > 5 && (talks_same(s + q, "from ", 5) ||
	    talks_same(s + q, "of ", 3) || talks_same(s + q, "at ", 3))) {
		q += s[q] == 'f' ? 5 : 3;
		if (q < len && ((s[q] >= 'A' && s[q] <= 'Z') ||
		    (unsigned char)s[q] >= 0x80)) {
			while (q < len && strchr(" ,.;", s[q]) == NULL)
				q++;
			/* A second word of the organisation's. */
			while (q + 1 < len && s[q] == ' ' && s[q + 1] >= 'A' &&
			    s[q + 1] <= 'Z')
				for (q++; q < len && strchr(" ,.;", s[q]) ==
				    NULL; q++)
					continue;
			return q;
		}
	}
	return p;
}

/*
 * Whether a name is met again in blocks [from, to) as the subject of a
 * reporting verb ("Roe showed ...") or, when `full`, in full anywhere
 * but at `skip` in block `sb`.  `word` is the name or its last word.
 */
static bool
talks_met_again(const struct talks_opening *op, size_t from, size_t to,
    const char *word, size_t wlen, bool full, size_t sb, size_t skip)
{
	const struct talks_block	*b;
	struct talks_name		 nm;
	size_t				 bi, at, len;

	for (bi = from; bi < to && bi < op->nblocks; bi++) {
		b = &op->blocks[bi];
		if (b->kind == TALKS_BLOCK_HEADING && bi > 0)
			continue;
		len = talks_block_len(b);
		for (at = talks_word_in(b, 0, word, wlen); at != (size_t)-1;
		    at = talks_word_in(b, at + 1, word, wlen)) {
			if (bi == sb && at <= skip && skip < at + wlen)
				continue;
			if (full && !(bi == sb && at == skip))
				return true;
			if (talks_given_name(b->text + at, len - at, &nm) == 1 &&
			    nm.off == 0 && nm.len == wlen)
				return true;
		}
	}
	return false;
}

/* Put candidate `k` at [i, i + n) of block bi. */
static void
talks_cand_move(struct talks_cand *k, size_t bi, size_t i, size_t n)
{
	k->block = bi;
	k->off = k->list = i;
	k->len = n;
	k->end = i + n;
}

/*
 * A word in capitals ("BEKAH") spelt in another case in the opening's
 * blocks ("Bekah graduated ..."): the name as the section writes it, in
 * full where it does ("Hey, Dan!" then "Dan Ott is ..." is Dan Ott).
 * Moves the candidate there and returns true, or false if none is.
 */
static bool
talks_spelt_again(const struct talks_opening *op, struct talks_cand *k)
{
	const struct talks_block	*b;
	const char			*w = op->blocks[k->block].text + k->off;
	struct talks_name		 nm;
	size_t				 bi, i, len, end, n = k->len;
	bool				 met = false;

	for (bi = 1; bi < op->nblocks && bi <= TALKS_AGAIN_BLOCKS; bi++) {
		b = &op->blocks[bi];
		len = talks_block_len(b);
		for (i = 0; i + n <= len; i++) {
			if ((i > 0 && talks_is_alpha((unsigned char)
			    b->text[i - 1])) || (i + n < len &&
			    talks_is_alpha((unsigned char)b->text[i + n])) ||
			    strncasecmp(b->text + i, w, n) != 0 ||
			    memcmp(b->text + i, w, n) == 0)
				continue;
			/* "Nick Taylor is ...": the whole name it opens. */
			if (talks_names_at(b->text, len, i, &nm, 1, &end) == 1 &&
			    nm.off == i && nm.len > n && b->text[i + n] == ' ') {
				talks_cand_move(k, bi, i, nm.len);
				return true;
			}
			if (!met)
				talks_cand_move(k, bi, i, n);
			met = true;
		}
	}
	return met;
}

/*
 * Its first name as a subject, or its surname, or the name in full, met
 * again in the opening: what confirms a name that opens a heading as a
 * title's words may, and a name met once in passing.
 */
static uint64_t
talks_again(const struct talks_opening *op, struct talks_cand *k)
{
	const char	*s = op->blocks[k->block].text + k->off;
	const char	*sp = memchr(s, ' ', k->len), *last;
	size_t		 to = k->block + 1 + TALKS_AGAIN_BLOCKS, from;
	uint64_t	 cues = 0;

	from = k->block == 0 ? 1 : k->block;
	if (k->cues & TALKS_CUE(TALKS_CUE_SHOUTED))
		return talks_spelt_again(op, k) ?
		    TALKS_CUE(TALKS_CUE_NAMED_AGAIN) : 0;
	if (talks_met_again(op, from, to, s, k->len, true, k->block, k->off) ||
	    (sp != NULL && talks_met_again(op, from, to, s, (size_t)(sp - s),
	    false, k->block, k->off)))
		cues |= TALKS_CUE(TALKS_CUE_NAMED_AGAIN);
	if (sp == NULL)
		return cues;
	for (last = s + k->len; last > s && last[-1] != ' '; last--)
		continue;
	if (talks_met_again(op, from, to, last, (size_t)(s + k->len - last),
	    false, k->block, k->off + (size_t)(last - s)))
		cues |= TALKS_CUE(TALKS_CUE_SURNAME);
	return cues;
}

/* Whether the sentence [p, e) of `s` has a talk's noun: "a talk", "my session". */
static bool
talks_sentence_has_talk(const char *s, size_t p, size_t e)
{
	for (; p < e; p++)
		if ((p == 0 || !talks_is_alpha((unsigned char)s[p - 1])) &&
		    talks_is_alpha((unsigned char)s[p]) &&
		    talks_after(s, e, p, talks_talk_nouns))
			return true;
	return false;
}

/*
 * Whether the opening's first paragraph tells of presenting in the first
 * person: "I gave a talk about ...", "I presented ...".  With `talk`, the
 * sentence must name the talk too ("I presented my paper at the
 * workshop"), since "I showed" may be of anything.
 */
static bool
talks_first_person(const struct talks_opening *op, bool talk)
{
	const struct talks_block	*b;
	size_t				 bi, p, q, len, w, e;

	for (bi = 1; bi < op->nblocks; bi++)
		if (op->blocks[bi].kind != TALKS_BLOCK_HEADING)
			break;
	if (bi == op->nblocks)
		return false;
	b = &op->blocks[bi];
	len = talks_block_len(b);
	for (p = 0; p < len; p = e) {
		e = talks_next_sentence(b->text, len, p);
		if (len - p < 2 || b->text[p] != 'I' || b->text[p + 1] != ' ')
			continue;
		for (q = p + 2, w = 0; q < len && w < TALKS_I_WORDS; w++) {
			if (talks_after(b->text, len, q, talks_i_presented))
				return !talk ||
				    talks_sentence_has_talk(b->text, q, e);
			while (q < len && talks_is_alpha((unsigned char)b->text[q]))
				q++;
			if (q >= len || b->text[q] != ' ')
				break;
			q++;
		}
	}
	return false;
}

bool
talks_evidence_own_talk(const struct talks_opening *op)
{
	return talks_first_person(op, true);
}

/*
 * Whether one of the words before p in its sentence, up to
 * TALKS_NOUN_WORDS of them, is a talk's noun.
 */
static bool
talks_talk_before(const char *s, size_t p)
{
	size_t	 w, e;

	for (w = 0; w < TALKS_NOUN_WORDS && p > 0; w++) {
		while (p > 0 && s[p - 1] == ' ')
			p--;
		if (p == 0 || strchr(".;:!?\n", s[p - 1]) != NULL)
			return false;
		for (e = p; p > 0 && talks_is_alpha((unsigned char)s[p - 1]);)
			p--;
		if (e == p) {
			p--;		/* a comma, a quote: step over it */
			continue;
		}
		if (talks_after(s, e, p, talks_talk_nouns))
			return true;
	}
	return false;
}

/*
 * Who presenters are said to be, before a colon and their names, and
 * what is said of hearing them: "We got together to hear from the
 * amazing: ...", "The evening featured: ...".
 */
static const char *const talks_role_nouns[] = {
	"featured", "featuring", "hear", "heard", "hearing", "panelists",
	"panellists", "presenters", "speakers",
	NULL
};

/* Words of the clause before a colon looked through, at the most. */
#define TALKS_CLAUSE_WORDS	40
/* Words of a clause before a colon, at the least, that is no label. */
#define TALKS_CLAUSE_MIN	4

/* Where the colon before the names at p stands, or 0 if none does. */
static size_t
talks_colon_at(const char *s, size_t p)
{
	while (p > 0 && (s[p - 1] == ' ' || s[p - 1] == '\n'))
		p--;
	return p > 0 && s[p - 1] == ':' ? p - 1 : 0;
}

/*
 * Whether the clause that a colon at c closes has a word of `tab`, and
 * `min` words or more: "five people ready with demos and
 * presentations:", but not a field's label, "Talk title:".
 */
static bool
talks_clause_has(const char *s, size_t c, const char *const *tab,
    size_t min)
{
	size_t	 w, e, p = c;
	bool	 found = false;

	for (w = 0; w < TALKS_CLAUSE_WORDS && p > 0; w++) {
		while (p > 0 && !talks_is_alpha((unsigned char)s[p - 1]) &&
		    strchr(".!?:;", s[p - 1]) == NULL)
			p--;
		if (p == 0 || !talks_is_alpha((unsigned char)s[p - 1]))
			break;
		for (e = p; p > 0 && talks_is_alpha((unsigned char)s[p - 1]);)
			p--;
		found = found || talks_after(s, e, p, tab);
	}
	return found && w >= min;
}

/*
 * Whether a talk's noun follows the possessive at p, after up to two
 * other words: "Jane Roe's talk", "Jane Roe's opening keynote", but not
 * "Stack Overflow's 2017 developer survey".
 */
static bool
talks_talk_after(const char *s, size_t len, size_t p)
{
	size_t	 w;

	while (p < len && s[p] != ' ')
		p++;
	for (w = 0; w < 3 && p < len; w++) {
		while (p < len && s[p] == ' ')
			p++;
		if (talks_after(s, len, p, talks_talk_nouns))
			return true;
		while (p < len && talks_is_alpha((unsigned char)s[p]))
			p++;
		if (p < len && s[p] != ' ')
			return false;
	}
	return false;
}

/*
 * Whether the name is a link's whole text, "[Jane Roe](...)": a link to
 * a person's page.  A name inside a link's text ("[Go Concurrency
 * Patterns](...)") is a title's words.
 */
static bool
talks_is_link_to(const struct talks_block *b, const struct talks_cand *k)
{
	size_t	 i, a, e;

	for (i = 0; i < b->nmarks; i++) {
		if (b->marks[i].kind != TALKS_MARK_LINK)
			continue;
		a = b->marks[i].off;
		e = a + b->marks[i].len;
		while (a < e && b->text[a] == ' ')
			a++;
		while (e > a && b->text[e - 1] == ' ')
			e--;
		if (a != k->off || e < k->off + k->len)
			continue;
		/* "[Xuan Huang (黄玄)](...)": the name and an aside. */
		for (a = k->off + k->len; a < e && b->text[a] == ' '; a++)
			continue;
		if (a == e || (b->text[a] == '(' && b->text[e - 1] == ')'))
			return true;
	}
	return false;
}

/*
 * What talks_presenter_at() saw around a name: a talk noun, before it
 * ("a keynote by", "a talk from") or after a possessive ("Jane Roe's
 * talk"); or else only a verb of presenting after it ("Jane Roe, who
 * presented"), which a passing mention has as often.
 */
static uint64_t
talks_talk_named(const struct talks_block *b, size_t len,
    const struct talks_cand *k)
{
	const char			*s = b->text;
	static const char *const	 links[] = { "by", "from", "with",
					    NULL };
	size_t				 e = k->end;

	/* The subject of a sentence's verb has that verb as its cue. */
	if (k->cues & (TALKS_CUE(TALKS_CUE_SUBJECT) |
	    TALKS_CUE(TALKS_CUE_LATER_SUBJECT)))
		return 0;
	if (talks_before(s, k->list, links))
		return talks_is_link_to(b, k) || talks_talk_before(s, k->list) ?
		    TALKS_CUE(TALKS_CUE_TALK_NEAR) : 0;
	if (e + 2 <= len && (s[e] == '\'' || (e + 4 <= len &&
	    memcmp(s + e, "\xe2\x80\x99", 3) == 0)))
		return talks_is_link_to(b, k) || talks_talk_after(s, len, e) ?
		    TALKS_CUE(TALKS_CUE_TALK_NEAR) : 0;
	return TALKS_CUE(TALKS_CUE_PRESENTING);
}

/* The cues of one candidate, from what surrounds it in its block. */
static uint64_t
talks_around(const struct talks_opening *op, const struct talks_cand *k,
    struct talks_presenters *pr)
{
	const struct talks_block	*b = &op->blocks[k->block];
	const char			*s = b->text;
	size_t				 len = talks_block_len(b), after, i;
	size_t				 c;
	uint64_t			 cues = 0;

	if (k->list >= len || k->end > len)
		return 0;
	if (k->block > 0 && b->kind != TALKS_BLOCK_HEADING) {
		if (pr->block != k->block || pr->list != k->list) {
			pr->n = talks_presenter_at(s, len, k->list, pr->names,
			    TALKS_FOUND_MAX);
			pr->block = k->block;
			pr->list = k->list;
		}
		for (i = 0; i < pr->n; i++)
			if (pr->names[i].off == k->off)
				cues |= talks_talk_named(b, len, k);
	}
	if (talks_before(s, k->list, talks_introducing))
		cues |= TALKS_CUE(TALKS_CUE_INTRODUCED);
	/* "Our five presenters were ready with demos: A, B and C." */
	if (k->block > 0 && (c = talks_colon_at(s, k->list)) > 0) {
		if (talks_before(s, c, talks_introducing) ||
		    talks_clause_has(s, c, talks_talk_nouns, TALKS_CLAUSE_MIN) ||
		    talks_clause_has(s, c, talks_role_nouns, TALKS_CLAUSE_MIN))
			cues |= TALKS_CUE(TALKS_CUE_TALK_NEAR);
		if (talks_clause_has(s, c, talks_thanking, 1))
			cues |= TALKS_CUE(TALKS_CUE_THANKED);
	}
	if ((after = talks_affiliation(s, len, k->off + k->len)) >
	    k->off + k->len)
		cues |= TALKS_CUE(TALKS_CUE_AFFILIATION);
	after = talks_affiliation(s, len, k->end);
	if (talks_after(s, len, after, talks_talking))
		cues |= TALKS_CUE(TALKS_CUE_TALKING);
	/*
	 * A heading that is a link is a programme's entry for the talk's
	 * own page ("## [Linear Regression](july.md)"): its words a title's.
	 */
	if (k->block > 0 && talks_is_link_to(b, k))
		cues |= TALKS_CUE(TALKS_CUE_LINKED);
	if (talks_before(s, k->list, talks_thanking))
		cues |= TALKS_CUE(TALKS_CUE_THANKED);
	if (talks_before(s, k->list, talks_organising_before) ||
	    talks_after(s, len, after, talks_organising_after))
		cues |= TALKS_CUE(TALKS_CUE_ORGANISER);
	if (talks_after(s, len, after, talks_asking))
		cues |= TALKS_CUE(TALKS_CUE_ASKING);
	if (talks_before(s, k->list, talks_quoting))
		cues |= TALKS_CUE(TALKS_CUE_QUOTED);
	/* A label names a talk's presenters whoever's words hold it. */
	if (b->kind == TALKS_BLOCK_QUOTE &&
	    !(k->cues & TALKS_CUE(TALKS_CUE_LABEL)))
		cues |= TALKS_CUE(TALKS_CUE_QUOTE_BLOCK);
	return cues;
}

void
talks_evidence_around(const struct talks_opening *op, struct talks_cand *k,
    struct talks_presenters *pr)
{
	k->cues |= talks_around(op, k, pr);
}

void
talks_evidence_name(const struct talks_opening *op, struct talks_cand *k)
{
	k->cues |= talks_again(op, k);
	if (op->byline != NULL && k->len <= op->bylen &&
	    memmem(op->byline, op->bylen, op->blocks[k->block].text + k->off,
	    k->len) != NULL)
		k->cues |= TALKS_CUE(TALKS_CUE_AUTHOR);
	if (k->cues & TALKS_CUE(TALKS_CUE_HEADING_NAME) &&
	    talks_first_person(op, false))
		k->cues |= TALKS_CUE(TALKS_CUE_FIRST_PERSON);
}
