/*
 * talks-words: the word tables of the name grammar -- particles, function
 * words, organisations' words, verbs and nouns of presenting -- and their
 * lookup by hash.  Compared ignoring ASCII case where said; each kept in
 * order, so that talks_tables_ok() shows a repeat.
 */
#include "talks-private.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Lower-case words that join the parts of a name: "Rik van Riel". */
static const char *const talks_particles[] = {
	"af", "al", "av", "bin", "bint", "binti", "da", "das", "de", "degli",
	"dei", "del", "della", "delle", "dello", "den", "der", "des", "di",
	"dos", "du", "el", "ibn", "la", "le", "les", "lo", "te", "ten", "ter",
	"van", "von", "y", "zu",
	NULL
};
TALKS_SHARED_TABLE(talks_particles);

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
TALKS_SHARED_TABLE(talks_function);

/*
 * Words of organisations, events, job titles and topics, which a personal
 * name does not contain: "Red Hat", "Open Source Development Labs", "Chief
 * Architect", "Future Directions".  Compared ignoring ASCII case, and
 * kept in that order, so that a repeat shows.  Words that are also common
 * names (Love, Hall, Day, Power, Sun) stay out.
 */
static const char *const talks_org[] = {
	"agency", "ambassador", "america", "analyst", "android", "apache", "apple",
	"architect", "architects", "association", "audio", "author", "board",
	"bof", "break", "bug", "bugs", "building", "canada", "case", "catalog",
	"catalogue", "center", "centre", "chapter", "chief", "closing",
	"cloud", "club", "code",
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
	"service", "services", "session", "society", "software", "solutions",
	"source", "speaker",
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
TALKS_SHARED_TABLE(talks_org);

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
TALKS_SHARED_TABLE(talks_verbs);

/* Adverbs allowed between the speakers and the verb. */
static const char *const talks_adverbs[] = {
	"again", "also", "both", "briefly", "eventually", "finally", "first",
	"initially", "later", "mainly", "mostly", "next", "once", "primarily",
	"quickly", "recently", "subsequently", "then",
	NULL
};
TALKS_SHARED_TABLE(talks_adverbs);

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
TALKS_SHARED_TABLE(talks_nouns);

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
TALKS_SHARED_TABLE(talks_adjectives);

/* Heading labels that introduce speakers: "Keynote: Linus Torvalds". */
static const char *const talks_labels[] = {
	"host", "hosts", "moderator", "panelist", "panelists", "presenter",
	"presenters", "speaker", "speakers",
	NULL
};
TALKS_SHARED_TABLE(talks_labels);

/* The same, as a word of a title before ", by Name". */
static const char *const talks_reporter_nouns[] = {
	"coverage", "minutes", "notes", "photos", "pictures", "recap",
	"report", "review", "summary", "transcript", "write-up", "writeup",
	NULL
};
TALKS_SHARED_TABLE(talks_reporter_nouns);

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
TALKS_SHARED_TABLE(talks_presenting);

/*
 * The verbs of "given by Jane Roe", which name a talk's presenter, and of
 * "apresentada por" (Portuguese), "presentado por" (Spanish) and
 * "présenté par" (French).
 */
static const char *const talks_by_verbs[] = {
	"apresentada", "apresentado", "chaired", "conducted", "delivered",
	"dirigida", "dirigido", "given", "held", "hosted", "impartida",
	"impartido", "led", "ministrada", "ministrado", "moderated", "opened",
	"presentada", "presentado", "presented", "pr\xc3\xa9sent\xc3\xa9",
	"pr\xc3\xa9sent\xc3\xa9" "e", "run", "taught",
	NULL
};
TALKS_SHARED_TABLE(talks_by_verbs);

/* Who the speakers of a session are said to be: "were the panel". */
static const char *const talks_roles[] = {
	"hosts", "keynote", "moderators", "panel", "panelists",
	"panellists", "presenters", "speakers",
	NULL
};
TALKS_SHARED_TABLE(talks_roles);

/* The verbs that make a talk's giver of a first name alone. */
static const char *const talks_giving[] = {
	"conducted", "delivered", "gave", "hosted", "led", "presented", "ran",
	NULL
};
TALKS_SHARED_TABLE(talks_giving);

/* Words that stay lower case in a Title Case heading. */
static const char *const talks_minor[] = {
	"a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into",
	"nor", "of", "on", "onto", "or", "over", "per", "the", "to", "up",
	"via", "vs", "with",
	NULL
};
TALKS_SHARED_TABLE(talks_minor);

/* Whether `n` bytes at `s` spell `w`, ignoring ASCII case if `icase`. */
bool
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

unsigned char
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

/*
 * FNV-1a of the `n` bytes at s, each with its 0x20 bit set: a letter's
 * two cases hash alike, and so do a few other pairs ("@" and "`"), which
 * the comparison after tells apart.
 */
static size_t
talks_hash(const char *s, size_t n)
{
	uint32_t	 h = 2166136261u;
	size_t		 i;

	for (i = 0; i < n; i++)
		h = (h ^ ((unsigned char)s[i] | 0x20)) * 16777619u;
	return h & (TALKS_SLOTS - 1);
}

/*
 * A word's length and its first and last bytes, each byte cut to its low
 * five bits, which a letter's two cases share: most words looked up are
 * in no table, and are turned away by this sign before they are hashed.
 */
static size_t
talks_sign(const char *s, size_t n)
{
	return (n & 7) << 10 | ((unsigned char)s[0] & 0x1f) << 5 |
	    ((unsigned char)s[n - 1] & 0x1f);
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
		k = talks_sign(t->w[i], len);
		th->signs[k / 8] |= (uint8_t)(1u << k % 8);
		k = talks_hash(t->w[i], len);
		while (th->slot[k] != 0)
			k = (k + 1) & (TALKS_SLOTS - 1);
		th->slot[k] = (uint16_t)(i + 1);
	}
	th->filled = true;
}

/* Whether [p, e) is in `t`, folded to lower case if `icase`. */
bool
talks_in(const struct talks_words *t, const struct talks_scan *sc, size_t p,
    size_t e, bool icase)
{
	const struct talks_hash	*th = t->hash;
	size_t			 k;

	if (!th->filled)
		talks_fill_hash(t);
	if (e <= p || e - p > th->longest)
		return false;
	k = talks_sign(sc->s + p, e - p);
	if (!(th->signs[k / 8] >> k % 8 & 1))
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
