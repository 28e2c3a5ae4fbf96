/*
 * talks: the grammar of presenters' names.  It parses small shapes at a
 * given place -- a list of names, then a possessive and a talk noun
 * ("Robert Love's talk"), a reporting verb ("Rik van Riel discussed"), a
 * talk just before ("a keynote by Jane Roe"), a label before ("Speaker:"),
 * or a heading's shape ("Title - Jane Roe") -- and gives up at the first
 * thing it does not expect, since a wrong name in the talk index is worse
 * than none.  Which places of a section are tried, and in what order, is
 * talks-find.c's policy.  Pure functions over byte ranges: no allocation,
 * no state but the word tables and the indexes filled from them on first
 * use, and no libunistring here (character classes come from text.h).
 */
/* memmem(3), which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE

#include "talks.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "text.h"

/* Only the opening matters; this bounds the work whatever the input. */
#define TALKS_SCAN_MAX		400
#define TALKS_LIST_MAX		12	/* names in one list */
#define TALKS_UNITS_MAX		8	/* words and initials in one name */
#define TALKS_PARTICLES_MAX	3	/* "de la", "van der" in a row */
#define TALKS_NAME_MAX		120	/* bytes in one name */
#define TALKS_ASIDE_MAX		100	/* bytes in ", of OSDL," or "(IBM)" */
#define TALKS_MODS_MAX		2	/* adverbs or adjectives in a row */
#define TALKS_ASIDE_PARTS	3	/* ", a, b, c," after a name */
#define TALKS_INTRO_MAX		40	/* bytes of "On the second day," */

#define TALKS_RSQUO		0x2019	/* ’, an apostrophe as typeset */

/* How talks_list() reads a list. */
#define TALKS_ASIDES		0x01	/* "Jane Doe (IBM)" */
#define TALKS_COMMAS		0x02	/* "A, B" without "and" */

struct talks_scan {
	const char	*s;	/* borrowed: the caller's text */
	size_t		 len;	/* bytes of s that may be read */
	bool		 cut;	/* the text goes on past len */
};

enum talks_unit {
	TALKS_NONE,
	TALKS_WORD,		/* a capitalised name word: "Kroah-Hartman" */
	TALKS_INITIAL,		/* "H." or "J.R." */
	TALKS_PARTICLE		/* "van", "de", ... */
};

struct talks_list {
	struct talks_name	 v[TALKS_LIST_MAX];
	size_t			 n;
	size_t			 nposs;		/* names followed by "'s" */
	bool			 lastposs;	/* the last one is */
	bool			 final;		/* "and" came before the last */
};

/*
 * A word table's words by hash of their lower-case spelling, filled on
 * first use, as C cannot compute it at compile time: a name word is looked
 * up in several tables, and a binary search's string compares cost more
 * than all the rest of a sentence's reading.
 */
#define TALKS_SLOTS		1024	/* a power of 2, > 2 x any table */

struct talks_hash {
	bool		 filled;
	size_t		 longest;		/* bytes of the longest word */
	uint16_t	 slot[TALKS_SLOTS];	/* word index + 1, or 0 */
};

/* A word table: a NULL-ended array, and its hash. */
struct talks_words {
	const char *const	*w;
	size_t			 n;
	struct talks_hash	*hash;
};

/* Define tab_words, the table of the NULL-ended array `tab`. */
#define TALKS_TABLE(tab)						\
	static struct talks_hash tab##_hash;				\
	static const struct talks_words tab##_words =			\
	    { (tab), sizeof(tab) / sizeof(*(tab)) - 1, &tab##_hash }

#define TALKS_WORDS(tab)	(&tab##_words)

/* An empty list; its names are left as they were, unread. */
static void
talks_list_clear(struct talks_list *l)
{
	l->n = 0;
	l->nposs = 0;
	l->lastposs = false;
	l->final = false;
}

/* Lower-case words that join the parts of a name: "Rik van Riel". */
static const char *const talks_particles[] = {
	"af", "al", "av", "bin", "bint", "binti", "da", "das", "de", "degli",
	"dei", "del", "della", "delle", "dello", "den", "der", "des", "di",
	"dos", "du", "el", "ibn", "la", "le", "les", "lo", "te", "ten", "ter",
	"van", "von", "y", "zu",
	NULL
};
TALKS_TABLE(talks_particles);

/*
 * Capitalised words that open sentences but never belong to a name
 * ("The party", "In response to ...").  Compared ignoring ASCII case, and
 * kept in that order, so that a repeat shows.
 */
static const char *const talks_function[] = {
	"a", "about", "above", "across", "after", "afternoon", "again",
	"against", "all", "along", "also", "although", "among", "an", "and",
	"another", "any", "anyone", "are", "around", "as", "ask", "at", "be",
	"because", "been", "before", "behind", "below", "between", "beyond",
	"both", "but", "by", "can", "check", "clearly", "come", "consider",
	"could", "dear", "despite", "did", "does", "dr", "during", "each",
	"earlier", "either", "even", "evening", "every", "everybody",
	"everyone", "few", "fewer", "final", "finally", "first", "five", "for",
	"fortunately", "four", "from", "get", "go", "had", "happily", "has",
	"have", "he", "hello", "hence", "her", "here", "him", "his", "how",
	"however", "i", "if", "imagine", "in", "indeed", "instead",
	"interestingly", "into", "is", "it", "its", "join", "just", "last",
	"later", "let", "lets", "like", "make", "many", "maybe", "me",
	"meanwhile", "meet", "might", "more", "morning", "most", "mr", "mrs",
	"ms", "much", "must", "my", "neither", "new", "newer", "next", "no",
	"nobody", "none", "nor", "not", "note", "now", "of", "old", "older",
	"on", "once", "one", "only", "onto", "or", "other", "others",
	"otherwise", "our", "over", "overall", "per", "perhaps", "please",
	"prof", "read", "remember", "sadly", "same", "say", "second", "see",
	"several", "shall", "she", "should", "since", "sir", "so", "some",
	"somebody", "someone", "still", "such", "take", "tell", "thank",
	"thanks", "that", "the", "their", "them", "then", "there", "therefore",
	"these", "they", "third", "this", "those", "though", "three",
	"through", "throughout", "thus", "to", "today", "tomorrow", "tonight",
	"toward", "towards", "try", "two", "under", "unfortunately", "unless",
	"unlike", "until", "upon", "us", "use", "via", "visit", "was", "watch",
	"we", "welcome", "well", "were", "what", "when", "where", "whereas",
	"whether", "which", "while", "whilst", "who", "whom", "whose", "why",
	"with", "within", "without", "would", "yes", "yesterday", "yet", "you",
	"your",
	NULL
};
TALKS_TABLE(talks_function);

/*
 * Words of organisations, events, job titles and topics, which a personal
 * name does not contain: "Red Hat", "Open Source Development Labs", "Chief
 * Architect", "Future Directions".  Compared ignoring ASCII case, and
 * kept in that order, so that a repeat shows.  Words that are also common
 * names (Love, Hall, Day, Power, Sun) stay out.
 */
static const char *const talks_org[] = {
	"agency", "america", "analyst", "android", "apache", "apple",
	"architect", "architects", "association", "audio", "author", "board",
	"bof", "break", "bug", "bugs", "building", "canada", "case", "center",
	"centre", "chapter", "chief", "closing", "cloud", "club", "code",
	"college", "committee", "community", "company", "compiler",
	"compilers", "computer", "computers", "computing", "conference",
	"consortium", "consultant", "contributor", "contributors", "corp",
	"corporation", "council", "data", "days", "debian", "december",
	"department", "designer", "desktop", "developer", "developers",
	"development", "device", "devices", "dinner", "directions", "director",
	"driver", "drivers", "edition", "editor", "embedded", "engineer",
	"engineering", "engineers", "enterprise", "europe", "february",
	"fedora", "fellow", "file", "files", "filesystem", "filesystems",
	"foundation", "founder", "free", "friday", "future", "general",
	"gentoo", "global", "gmbh", "gnome", "gnu", "golang", "google",
	"gopher", "gophercon", "gophers", "government", "graphics", "group",
	"guide", "hacker", "hackers", "hardware", "hat", "hello", "hotel",
	"inc", "incorporated", "institute", "intel", "intern", "international",
	"internet", "introduction", "january", "java", "journal", "july",
	"kde", "kernel", "keynote", "lab", "laboratories", "laboratory",
	"labs", "language", "languages", "lead", "leader", "learned",
	"lessons", "libraries", "library", "lightning", "limited", "linux",
	"llc", "ltd", "lunch", "magazine", "mail", "maintainer", "maintainers",
	"management", "manager", "mandrake", "march", "media", "meeting",
	"meetup", "member", "members", "memory", "microsoft", "microsystems",
	"ministry", "mobile", "monday", "mozilla", "national", "network",
	"networking", "networks", "news", "notes", "novell", "november",
	"october", "open", "opening", "oracle", "ottawa", "overview", "panel",
	"part", "party", "performance", "perl", "plan", "president", "press",
	"process", "professor", "program", "programme", "programmer",
	"programmers", "programming", "project", "projects", "public",
	"python", "release", "report", "reporter", "research", "researcher",
	"review", "room", "rust", "saturday", "scheduler", "scheduling",
	"school", "scientist", "security", "september", "server", "servers",
	"session", "society", "software", "solutions", "source", "speaker",
	"standard", "standards", "state", "status", "storage", "student",
	"students", "study", "summary", "summit", "sunday", "support",
	"symposium", "system", "systems", "talk", "talks", "team", "tech",
	"technologies", "technology", "testing", "thursday", "times", "tool",
	"tools", "track", "tracking", "tuesday", "tutorial", "ubuntu",
	"universities", "university", "unix", "update", "user", "users",
	"version", "video", "virtual", "way", "web", "wednesday", "week",
	"weekly", "windows", "wireless", "workshop", "world", "year", "years",
	NULL
};
TALKS_TABLE(talks_org);

/* Reporting verbs that may follow the speakers, past and present. */
static const char *const talks_verbs[] = {
	"addressed", "addresses", "announced", "announces", "argued", "argues",
	"began", "begins", "chaired", "closed", "closes",
	"compared", "concluded", "continued", "covered", "covers", "delivered",
	"delivers", "demoed", "demonstrated", "demonstrates", "described",
	"describes", "detailed", "details", "discussed", "discusses",
	"emphasised", "emphasized", "examined", "examines", "explained",
	"explains", "explored", "explores", "focused", "focuses", "focussed",
	"gave", "gives", "highlighted", "highlights", "hosted", "hosts",
	"illustrated", "introduced", "introduces", "kicked", "kicks",
	"launched", "leads", "led", "looked", "looks", "moderated",
	"moderates", "noted", "observed", "offered", "offers", "opened",
	"opens", "outlined", "outlines", "pointed", "presented", "presents",
	"proposed", "proposes", "provided", "provides", "ran", "recalled",
	"recounted", "reflected", "remarked", "reported", "reviewed",
	"reviews", "revisited", "runs", "said", "says", "shared", "shares",
	"showcased", "showed", "shows", "speaks", "spent", "spoke", "started",
	"starts", "stressed", "summarised", "summarises", "summarized",
	"summarizes", "surveyed", "surveys", "tackled", "takes", "talked",
	"talks", "tells", "told", "took", "traced", "unveiled", "updated",
	"updates", "walked", "walks", "went",
	NULL
};
TALKS_TABLE(talks_verbs);

/* Adverbs allowed between the speakers and the verb. */
static const char *const talks_adverbs[] = {
	"again", "also", "both", "briefly", "eventually", "finally", "first",
	"initially", "later", "mainly", "mostly", "next", "once", "primarily",
	"quickly", "recently", "subsequently", "then",
	NULL
};
TALKS_TABLE(talks_adverbs);

/* What a speaker's possessive may own: "Robert Love's talk". */
static const char *const talks_nouns[] = {
	"address", "bof", "bofs", "chat", "demo", "demonstration", "demos",
	"discussion", "introduction", "keynote", "keynotes", "lecture",
	"lectures", "look", "overview", "panel", "paper", "papers", "plenary",
	"presentation", "presentations", "remarks", "seminar", "session",
	"sessions", "slides", "speech", "subject", "survey", "talk", "talks",
	"topic", "tour", "tutorial", "tutorials", "update", "walkthrough",
	"workshop",
	NULL
};
TALKS_TABLE(talks_nouns);

/* Adjectives allowed before such a noun: "Rik van Riel's closing talk". */
static const char *const talks_adjectives[] = {
	"afternoon", "annual", "brief", "closing", "detailed", "early",
	"entertaining", "evening", "excellent", "fascinating", "final",
	"first", "guest", "hour-long", "informative", "interesting", "invited",
	"joint", "keynote", "last", "late", "latest", "lightning", "lively",
	"long", "morning", "opening", "own", "packed", "plenary", "popular",
	"recent", "second", "short", "technical", "third", "traditional",
	"well-attended",
	NULL
};
TALKS_TABLE(talks_adjectives);

/* Heading labels that introduce speakers: "Keynote: Linus Torvalds". */
static const char *const talks_labels[] = {
	"host", "hosts", "moderator", "panelist", "panelists", "presenter",
	"presenters", "speaker", "speakers",
	NULL
};
TALKS_TABLE(talks_labels);

/* A heading naming its reporter, not its speaker, gives no name. */
static const char *const talks_reporters[] = {
	"report by", "reported by", "reporting by", "notes by", "written by",
	"photos by", "photo by", "pictures by", "summary by", "summarized by",
	"summarised by", "writeup by", "write-up by", "coverage by",
	"transcribed by", "transcript by", "text by", "review by",
	"posted by", "edited by", NULL
};

/* The same, as a word of a title before ", by Name". */
static const char *const talks_reporter_nouns[] = {
	"coverage", "minutes", "notes", "photos", "pictures", "recap",
	"report", "review", "summary", "transcript", "write-up", "writeup",
	NULL
};
TALKS_TABLE(talks_reporter_nouns);

/*
 * The verbs that, later in an opening, still tell of presenting: a name
 * before "asked" or "said" there is more often the audience's or a
 * quotation's, and "showed" or "covered" as often a survey's.
 */
static const char *const talks_presenting[] = {
	"announced", "delivered", "demoed", "demonstrated", "described",
	"discussed", "explained", "gave", "gives", "hosted", "introduced",
	"kicked", "moderated", "outlined", "presented", "presents", "shared",
	"showcased", "spoke", "talked", "walked",
	NULL
};
TALKS_TABLE(talks_presenting);

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

/* The verbs of "given by Jane Roe", which name a talk's presenter. */
static const char *const talks_by_verbs[] = {
	"chaired", "conducted", "delivered", "given", "held", "hosted", "led",
	"moderated", "opened", "presented", "run", "taught",
	NULL
};
TALKS_TABLE(talks_by_verbs);

/* Who the speakers of a session are said to be: "were the panel". */
static const char *const talks_roles[] = {
	"hosts", "keynote", "moderators", "panel", "panelists",
	"panellists", "presenters", "speakers",
	NULL
};
TALKS_TABLE(talks_roles);

/* The verbs that make a talk's giver of a first name alone. */
static const char *const talks_giving[] = {
	"conducted", "delivered", "gave", "hosted", "led", "presented", "ran",
	NULL
};
TALKS_TABLE(talks_giving);

/* Words that stay lower case in a Title Case heading. */
static const char *const talks_minor[] = {
	"a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into",
	"nor", "of", "on", "onto", "or", "over", "per", "the", "to", "up",
	"via", "vs", "with",
	NULL
};
TALKS_TABLE(talks_minor);

/* Decode the character at p, or return 0 at the end of what may be read. */
static size_t
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

static size_t
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

/* Whether `n` bytes at `s` spell `w`, ignoring ASCII case if `icase`. */
static bool
talks_ascii_eq(const char *s, size_t n, const char *w, bool icase)
{
	unsigned char	 a, b;
	size_t		 i;

	for (i = 0; i < n; i++) {
		a = (unsigned char)s[i];
		b = (unsigned char)w[i];
		if (b == '\0')
			return false;
		if (icase && a >= 'A' && a <= 'Z')
			a += 'a' - 'A';
		if (icase && b >= 'A' && b <= 'Z')
			b += 'a' - 'A';
		if (a != b)
			return false;
	}
	return w[n] == '\0';
}

static unsigned char
talks_fold(unsigned char c, bool icase)
{
	return icase && c >= 'A' && c <= 'Z' ? (unsigned char)(c + 'a' - 'A') :
	    c;
}

/*
 * Compare `n` bytes at `s`, folded to lower case if `icase`, with `w`, as
 * strcmp() does.  The tables hold lower case where case is ignored.
 */
static int
talks_word_cmp(const char *s, size_t n, const char *w, bool icase)
{
	unsigned char	 a, b;
	size_t		 i;

	for (i = 0; i < n; i++) {
		a = talks_fold((unsigned char)s[i], icase);
		b = (unsigned char)w[i];
		if (b == '\0' || a != b)
			return b == '\0' ? 1 : a - b;
	}
	return w[n] == '\0' ? 0 : -1;
}

/* FNV-1a of the `n` bytes at s, folded to lower case. */
static size_t
talks_hash(const char *s, size_t n)
{
	uint32_t	 h = 2166136261u;
	size_t		 i;

	for (i = 0; i < n; i++)
		h = (h ^ talks_fold((unsigned char)s[i], true)) * 16777619u;
	return h & (TALKS_SLOTS - 1);
}

static void
talks_fill_hash(const struct talks_words *t)
{
	struct talks_hash	*th = t->hash;
	size_t			 i, k, len;

	for (i = 0; i < t->n; i++) {
		len = strlen(t->w[i]);
		if (len > th->longest)
			th->longest = len;
		k = talks_hash(t->w[i], len);
		while (th->slot[k] != 0)
			k = (k + 1) & (TALKS_SLOTS - 1);
		th->slot[k] = (uint16_t)(i + 1);
	}
	th->filled = true;
}

/* Whether [p, e) is in `t`, folded to lower case if `icase`. */
static bool
talks_in(const struct talks_words *t, const struct talks_scan *sc, size_t p,
    size_t e, bool icase)
{
	const struct talks_hash	*th = t->hash;
	size_t			 k;

	if (!th->filled)
		talks_fill_hash(t);
	if (e <= p || e - p > th->longest)
		return false;
	for (k = talks_hash(sc->s + p, e - p); th->slot[k] != 0;
	    k = (k + 1) & (TALKS_SLOTS - 1))
		if (talks_word_cmp(sc->s + p, e - p, t->w[th->slot[k] - 1],
		    icase) == 0)
			return true;
	return false;
}

bool
talks_tables_ok(void)
{
	const struct talks_words	*tabs[] = {
		TALKS_WORDS(talks_particles), TALKS_WORDS(talks_function),
		TALKS_WORDS(talks_org), TALKS_WORDS(talks_verbs),
		TALKS_WORDS(talks_adverbs), TALKS_WORDS(talks_nouns),
		TALKS_WORDS(talks_adjectives), TALKS_WORDS(talks_labels),
		TALKS_WORDS(talks_reporter_nouns), TALKS_WORDS(talks_minor),
		TALKS_WORDS(talks_presenting), TALKS_WORDS(talks_by_verbs),
		TALKS_WORDS(talks_roles), TALKS_WORDS(talks_giving),
	};
	size_t				 i, j;

	for (i = 0; i < sizeof(tabs) / sizeof(*tabs); i++)
		for (j = 0; j < tabs[i]->n; j++)
			if (tabs[i]->n > TALKS_SLOTS / 2 || (j > 0 &&
			    strcmp(tabs[i]->w[j - 1], tabs[i]->w[j]) >= 0))
				return false;
	return true;
}

/*
 * Whether a word may end at p: not inside a word ("talk's" goes on), and
 * not where the scan was cut short, since the word may go on past it.
 */
static bool
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
static size_t
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
static enum talks_unit
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
static size_t
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
static bool
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
static size_t
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
static size_t
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
static bool
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

static size_t
talks_copy(const struct talks_list *l, struct talks_name *out, size_t max)
{
	size_t	 i, n;

	n = l->n < max ? l->n : max;
	for (i = 0; i < n; i++)
		out[i] = l->v[i];
	return n;
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
	if ((names > start || verbs->w == talks_presenting) && l.nposs > 0)
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
		if (p < len && text[p] == ':')
			return p + 1;
		if (len - p >= 3 && memcmp(text + p, "\xef\xbc\x9a", 3) == 0)
			return p + 3;
		if ((*t)[n - 1] == 'y' && p > pos + n)
			return p;
	}
	return 0;
}

size_t
talks_by(const char *text, size_t len, struct talks_name *out, size_t max)
{
	struct talks_scan	 sc;
	const char		*by;
	size_t			 p, q, e, n, end;

	if (text == NULL || out == NULL || max == 0)
		return 0;
	sc.s = text;
	sc.len = len < TALKS_SCAN_MAX * 4 ? len : TALKS_SCAN_MAX * 4;
	sc.cut = sc.len < len;
	/* " by ", found by its rarer letter: p is after the "y". */
	for (p = 0; p < sc.len &&
	    (by = memchr(text + p, 'y', sc.len - p)) != NULL; ) {
		p = (size_t)(by - text) + 1;
		if (p < 3 || p >= sc.len || text[p - 2] != 'b' ||
		    text[p - 3] != ' ' || text[p] != ' ')
			continue;
		/* The word before " by". */
		for (q = p - 3; q > 0 && text[q - 1] != ' '; q--)
			continue;
		if (!talks_in(TALKS_WORDS(talks_by_verbs), &sc, q, p - 3, true))
			continue;
		e = talks_skip_space(&sc, p);
		/* "by the great Kate Gregory": skip "the" and adjectives. */
		n = talks_names_at(text, sc.len, talks_skip_article(&sc, e),
		    out, max, &end);
		if (n > 0)
			return n;
	}
	return 0;
}

/*
 * Whether [a, b) is exactly a list of names, without possessives or
 * asides: the part of a heading that should name the speakers.
 */
static bool
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
static bool
talks_has_text(const struct talks_scan *sc, size_t a, size_t b)
{
	return b > a && talks_skip_space(sc, a) < b;
}

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

/* The end of [a, b) without its trailing white space. */
static size_t
talks_trim(const struct talks_scan *sc, size_t a, size_t b)
{
	uint32_t	 cp;
	size_t		 p, n, end = a;

	for (p = a; p < b && (n = talks_char(sc, p, &cp)) > 0; p += n)
		if (!text_is_space(cp))
			end = p + n;
	return end;
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

/* Whether a word of [a, b) is one of `tab`, ignoring ASCII case. */
static bool
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
	if ((memchr(text, '\'', len) != NULL ||
	    memmem(text, len, "\xe2\x80\x99", 3) != NULL) &&
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
