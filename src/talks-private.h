/*
 * talks-private: what the files of the name grammar share.  talks-words.c
 * holds the word tables and their lookup; talks-names.c, the grammar of a
 * name and of a list of names, over those; talks-sentence.c and
 * talks-heading.c read the shapes of a sentence and of a heading with it.
 * The finder (talks-candidates.c, talks-evidence.c, talks-find.c) sits
 * on top and uses only talks.h.
 */
#ifndef OLSREAD_TALKS_PRIVATE_H
#define OLSREAD_TALKS_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "talks.h"

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
#define TALKS_SIGNS		8192	/* a length's and two bytes' bits */

struct talks_hash {
	bool		 filled;
	size_t		 longest;		/* bytes of the longest word */
	uint16_t	 slot[TALKS_SLOTS];	/* word index + 1, or 0 */
	uint8_t		 signs[TALKS_SIGNS / 8];	/* of the words, as
						 * talks_sign() gives */
};

/* A word table: a NULL-ended array, and its hash. */
struct talks_words {
	const char *const	*w;
	size_t			 n;
	struct talks_hash	*hash;
};

/* Define tab_words, a table of one file, of the NULL-ended array `tab`. */
#define TALKS_TABLE(tab)						\
	static struct talks_hash tab##_hash;				\
	static const struct talks_words tab##_words =			\
	    { (tab), sizeof(tab) / sizeof(*(tab)) - 1, &tab##_hash }

/* The same, for a table of talks-words.c that the other files read. */
#define TALKS_SHARED_TABLE(tab)						\
	static struct talks_hash tab##_hash;				\
	const struct talks_words tab##_words =				\
	    { (tab), sizeof(tab) / sizeof(*(tab)) - 1, &tab##_hash }

#define TALKS_WORDS(tab)	(&tab##_words)

/* The shared tables; what each holds is said where it is defined. */
extern const struct talks_words talks_particles_words;
extern const struct talks_words talks_function_words;
extern const struct talks_words talks_org_words;
extern const struct talks_words talks_verbs_words;
extern const struct talks_words talks_adverbs_words;
extern const struct talks_words talks_nouns_words;
extern const struct talks_words talks_adjectives_words;
extern const struct talks_words talks_labels_words;
extern const struct talks_words talks_reporter_nouns_words;
extern const struct talks_words talks_presenting_words;
extern const struct talks_words talks_by_verbs_words;
extern const struct talks_words talks_roles_words;
extern const struct talks_words talks_giving_words;
extern const struct talks_words talks_minor_words;

/* talks-words.c: comparing and looking up words. */

/* Whether `n` bytes at `s` spell `w`, ignoring ASCII case if `icase`. */
bool		 talks_ascii_eq(const char *s, size_t n, const char *w,
		    bool icase);
/* `c` in lower case if `icase` and it is an ASCII capital. */
unsigned char	 talks_fold(unsigned char c, bool icase);
/* Whether [p, e) of the scan is in `t`, folded to lower case if `icase`. */
bool		 talks_in(const struct talks_words *t,
		    const struct talks_scan *sc, size_t p, size_t e,
		    bool icase);

/* talks-names.c: characters, words, names and lists of names. */

/* Decode the character at p, or return 0 at the end of what may be read. */
size_t		 talks_char(const struct talks_scan *, size_t p, uint32_t *cp);
size_t		 talks_skip_space(const struct talks_scan *, size_t p);
/* Whether a word may end at p (not inside "talk's", not at a cut). */
bool		 talks_is_boundary(const struct talks_scan *, size_t p);
/* The end of a plain word at p ("well-attended"), or p. */
size_t		 talks_token(const struct talks_scan *, size_t p);
/* Classify the word at p as a part of a name, and find its end. */
enum talks_unit	 talks_unit(const struct talks_scan *, size_t p,
		    size_t *end);
/* The end of an aside ", of OSDL," or " (IBM)" at p, or p. */
size_t		 talks_aside(const struct talks_scan *, size_t p,
		    uint32_t open, uint32_t close, const char *stop);
/* A list of names at pos, "A", "A and B", "A, B, and C"; see talks-names.c. */
bool		 talks_list(const struct talks_scan *, size_t pos,
		    unsigned int how, struct talks_list *l, size_t *after);
/* A word of `words` at p after up to TALKS_MODS_MAX of `mods`: its end, or 0. */
size_t		 talks_phrase(const struct talks_scan *, size_t p,
		    const struct talks_words *mods,
		    const struct talks_words *words, bool icase);
/* "talk", "closing keynote", "OLS talk": its end, or 0. */
size_t		 talks_noun_phrase(const struct talks_scan *, size_t p);
/* A verb of `verbs` after a blank and perhaps an adverb, not passive. */
bool		 talks_verb_phrase(const struct talks_scan *, size_t p,
		    const struct talks_words *verbs);
/* Copy up to `max` names of `l` to `out`; how many. */
size_t		 talks_copy(const struct talks_list *l,
		    struct talks_name *out, size_t max);
/* Whether [a, b) is exactly a list of names, without possessives. */
bool		 talks_exact(const struct talks_scan *, size_t a, size_t b,
		    struct talks_list *l);
/* Whether [a, b) holds anything but white space. */
bool		 talks_has_text(const struct talks_scan *, size_t a, size_t b);
/* The end of [a, b) without its trailing white space. */
size_t		 talks_trim(const struct talks_scan *, size_t a, size_t b);
/* Whether a word of [a, b) is one of `tab`, ignoring ASCII case. */
bool		 talks_has_word(const struct talks_scan *, size_t a, size_t b,
		    const struct talks_words *tab);

#endif
