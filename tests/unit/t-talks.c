/*
 * t-talks: speaker names from opening sentences and headings.  Each case
 * gives a text and the exact names expected, in order; no name at all is
 * the expected answer whenever the text does not clearly open with
 * speakers.  Every text is copied into a buffer of exactly its length, so
 * that the sanitizers catch any read past `len`.
 */
#include "talks.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "text.h"

#define T_MAX	4	/* names one case may expect */

struct t_case {
	const char	*text;
	const char	*want[T_MAX];	/* NULL-terminated */
};

typedef size_t	 t_fn(const char *, size_t, struct talks_name *, size_t);

/* The sample article: each section's opening, its byline and intro. */
static const struct t_case t_sample[] = {
	{ "Dave Jone's talk covered the work he has done in 2.5 to fix up "
	    "the MTRR and AGPGART drivers.", { "Dave Jone" } },
	{ "Luis Villa discussed his experience working as GNOME's quality "
	    "assurance person.", { "Luis Villa" } },
	{ "Robert Love's talk covered work done in the 2.5 kernel to "
	    "improve interactive performance.", { "Robert Love" } },
	{ "Greg Kroah-Hartman described udev, his user-space devfs "
	    "replacement (covered here last April) in a standing room only "
	    "session.", { "Greg Kroah-Hartman" } },
	{ "Pat Mochel's talk was on power management, or \"why doesn't my "
	    "laptop suspend?\"", { "Pat Mochel" } },
	{ "Rik van Riel discussed recent work with virtual memory "
	    "management; the talk covered page replacement strategies.",
	    { "Rik van Riel" } },
	{ "James Bottomley discussed the new generic DMA layer; these "
	    "functions have been documented in this article.",
	    { "James Bottomley" } },
	{ "The 2003 Ottawa Linux Symposium has run its course.", { NULL } },
	{ "By corbet, 2003-07-28", { NULL } },
	{ "Your reporter was going to write up the legendary OLS closing "
	    "party at the Black Thorn.", { NULL } },
	{ "Dave's approach to such drivers includes splitting code into "
	    "separate files by vendor.", { NULL } },
	{ "Older, APM-based machines would handle suspend operations "
	    "entirely in the firmware.", { NULL } },
	{ "In response to popular demand (i.e. somebody actually asked), I "
	    "have also put up the slides for my talk.", { NULL } },
};

/* Sentences of other reports: shapes the sample does not have. */
static const struct t_case t_own[] = {
	/* a short adverbial before the speakers, up to its comma */
	{ "At the conference, Linus Torvalds discussed the kernel.",
	    { "Linus Torvalds" } },
	{ "This year, Jeff Bezanson presented the State of Julia talk.",
	    { "Jeff Bezanson" } },
	{ "Later that day, Jane Roe discussed the results.",
	    { "Jane Roe" } },
	{ "As Jane Roe and John Doe from Acme presented, zones matter.",
	    { "Jane Roe", "John Doe" } },
	{ "Jane Roe, John Doe and Ana dos Santos were the panel.",
	    { "Jane Roe", "John Doe", "Ana dos Santos" } },
	/* particles */
	{ "Ludwig van Beethoven discussed late quartets.",
	    { "Ludwig van Beethoven" } },
	{ "Juan Carlos de la Torre presented the results.",
	    { "Juan Carlos de la Torre" } },
	{ "Johannes Diderik van der Waals explained real gases.",
	    { "Johannes Diderik van der Waals" } },
	{ "Leonardo da Vinci's talk covered flying machines.",
	    { "Leonardo da Vinci" } },
	{ "Ursula von der Leyen gave the opening keynote.",
	    { "Ursula von der Leyen" } },
	{ "Ahmed ibn Battuta described his travels.",
	    { "Ahmed ibn Battuta" } },
	/* hyphens and apostrophes, ' and ’ */
	{ "Jean-Pierre Rampal demonstrated circular breathing.",
	    { "Jean-Pierre Rampal" } },
	{ "Conan O'Brien discussed late-night scheduling.",
	    { "Conan O'Brien" } },
	{ "D'Arcy Thompson described growth and form.",
	    { "D'Arcy Thompson" } },
	{ "Sin\xc3\xa9" "ad O\xe2\x80\x99" "Connor\xe2\x80\x99s talk covered "
	    "audio latency.", { "Sin\xc3\xa9" "ad O\xe2\x80\x99" "Connor" } },
	/* initials and mixed case */
	{ "H. Peter Anvin described the x86 boot protocol.",
	    { "H. Peter Anvin" } },
	{ "Paul E. McKenney discussed RCU.", { "Paul E. McKenney" } },
	{ "J. R. Smith presented a new allocator.", { "J. R. Smith" } },
	{ "J.R. Smith presented a new allocator.", { "J.R. Smith" } },
	{ "Ryan DeLuca spoke about USB.", { "Ryan DeLuca" } },
	/* accents, precomposed and combining, and other scripts */
	{ "Ingo Moln\xc3\xa1r discussed the O(1) scheduler.",
	    { "Ingo Moln\xc3\xa1r" } },
	{ "Jos\xc3\xa9 Mar\xc3\xadn presented his port.",
	    { "Jos\xc3\xa9 Mar\xc3\xadn" } },
	{ "Jose\xcc\x81 Mari\xcc\x81n presented his port.",
	    { "Jose\xcc\x81 Mari\xcc\x81n" } },
	{ "S\xc3\xb8ren Sandmann described the X server.",
	    { "S\xc3\xb8ren Sandmann" } },
	{ "\xc3\x85sa Lindstr\xc3\xb6m's keynote covered accessibility.",
	    { "\xc3\x85sa Lindstr\xc3\xb6m" } },
	{ "\xd0\x90\xd0\xbd\xd0\xb4\xd1\x80\xd0\xb5\xd0\xb9 "
	    "\xd0\x9f\xd0\xb5\xd1\x82\xd1\x80\xd0\xbe\xd0\xb2 discussed "
	    "drivers.", { "\xd0\x90\xd0\xbd\xd0\xb4\xd1\x80\xd0\xb5\xd0\xb9 "
	    "\xd0\x9f\xd0\xb5\xd1\x82\xd1\x80\xd0\xbe\xd0\xb2" } },
	/* two and three speakers */
	{ "Luis Villa and Jeff Waugh presented the GNOME roadmap.",
	    { "Luis Villa", "Jeff Waugh" } },
	{ "Andrew Morton, Linus Torvalds and Alan Cox discussed the "
	    "release process.",
	    { "Andrew Morton", "Linus Torvalds", "Alan Cox" } },
	{ "Andrew Morton, Linus Torvalds, and Alan Cox discussed the "
	    "release process.",
	    { "Andrew Morton", "Linus Torvalds", "Alan Cox" } },
	{ "Dave Jones and Greg Kroah-Hartman's talk covered bug triage.",
	    { "Dave Jones", "Greg Kroah-Hartman" } },
	{ "Andrew Morton's and Linus Torvalds's joint talk was short.",
	    { "Andrew Morton", "Linus Torvalds" } },
	{ "Jane Doe & John Smith presented their tracer.",
	    { "Jane Doe", "John Smith" } },
	/* appositions */
	{ "Linus Torvalds, of OSDL, discussed the 2.6 schedule.",
	    { "Linus Torvalds" } },
	{ "Jane Doe (IBM) presented the new block layer.", { "Jane Doe" } },
	{ "Jane Doe (IBM) and John Smith (Intel) presented NUMA work.",
	    { "Jane Doe", "John Smith" } },
	{ "Jane Doe, a GNOME hacker from Red Hat, described the panel.",
	    { "Jane Doe" } },
	{ "Jane Doe and John Smith, both of IBM, described JFS.",
	    { "Jane Doe", "John Smith" } },
	{ "Jane Doe \xe2\x80\x94 of IBM \xe2\x80\x94 presented JFS.",
	    { "Jane Doe" } },
	{ "Jane Doe, who leads the team at Red Hat, described GFS.",
	    { "Jane Doe" } },
	/* possessives ending in s, acronyms and adverbs */
	{ "Charles Woods' talk covered wireless drivers.",
	    { "Charles Woods" } },
	{ "Chris Mason\xe2\x80\x99s presentation covered reiserfs.",
	    { "Chris Mason" } },
	{ "Rik van Riel's OLS talk covered rmap.", { "Rik van Riel" } },
	{ "Andrew Morton then described the -mm tree.", { "Andrew Morton" } },
	{ "Alan Cox also talked about 2.2 maintenance.", { "Alan Cox" } },
	/* an opening phrase */
	{ "In his talk, Andrew Morton discussed the -mm tree.",
	    { "Andrew Morton" } },
	{ "In her keynote, Jane Doe argued for stable APIs.",
	    { "Jane Doe" } },
	{ "During his closing keynote, Linus Torvalds said little.",
	    { "Linus Torvalds" } },
	{ "  \n Robert Love discussed preemption.", { "Robert Love" } },
};

/* Openings that must name nobody. */
static const struct t_case t_none[] = {
	{ "Red Hat discussed its plans for the desktop.", { NULL } },
	{ "Open Source Development Labs presented its test results.",
	    { NULL } },
	{ "The Linux Foundation announced a new fellowship.", { NULL } },
	{ "IBM and SGI presented their NUMA work.", { NULL } },
	{ "Jane DOE discussed things.", { NULL } },
	{ "The party", { NULL } },
	{ "Linus discussed the kernel.", { NULL } },
	{ "Dave", { NULL } },
	{ "", { NULL } },
	{ "At the conference Linus Torvalds discussed the kernel.",
	    { NULL } },
	{ "Linus Torvalds, Andrew Morton, the kernel, discussed it.",
	    { NULL } },
	{ "The talk by Andrew Morton covered the -mm tree.", { NULL } },
	{ "This year Andrew Morton discussed the -mm tree.", { NULL } },
	{ "Report by Jane Doe: the kernel summit.", { NULL } },
	{ "(report by Jonathan Corbet) Andrew Morton discussed the -mm "
	    "tree.", { NULL } },
	{ "Notes by Jane Doe covered the talk.", { NULL } },
	{ "Jane Doe reported by John Smith.", { NULL } },
	{ "linus torvalds discussed the kernel.", { NULL } },
	{ "Dave Jones", { NULL } },
	{ "Dave Jones's", { NULL } },
	{ "Dave Jones and", { NULL } },
	{ "Dave Jones wrote the code.", { NULL } },
	{ "Andrew Morton's tree contains many patches.", { NULL } },
	{ "Jane Doe and the GNOME team presented the release.", { NULL } },
	{ "Jane Doe, John Smith discussed storage.", { NULL } },
	{ "Linus Torvalds and Dave discussed the kernel.", { NULL } },
	{ "Linus Torvalds, Dave, and Alan Cox discussed it.", { NULL } },
	{ "Rik van discussed memory.", { NULL } },
	{ "van Riel discussed memory.", { NULL } },
	{ "H. P. discussed memory.", { NULL } },
	{ "Professor Jane Doe discussed compilers.", { NULL } },
	{ "In his talk on memory, Jane Doe said little.", { NULL } },
	{ "In his talk, Jane Doe's slides failed.", { NULL } },
	{ "Chief Architect discussed the roadmap.", { NULL } },
	{ "See Suzy Mueller's talk for details.", { NULL } },
	{ "Dave\x01Jones discussed control characters.", { NULL } },
	{ "\x1b[31mDave Jones discussed escapes.", { NULL } },
	{ "Dave Jon\xef\xbf\xbd" "es discussed replacement.", { NULL } },
	{ "Dave \xff\xfe Jones discussed bytes.", { NULL } },
	{ "Dave Jones\xc3 discussed truncation.", { NULL } },
	{ "Jane Doe2 discussed digits.", { NULL } },
	{ "Jane Doe/IBM discussed slashes.", { NULL } },
	{ "Jane Doe, Ph.D., presented her thesis.", { NULL } },
	{ "Jane Doe introduced by John Smith, spoke.", { NULL } },
};

static const struct t_case t_heads[] = {
	{ "Interactive kernel performance (Robert Love)", { "Robert Love" } },
	{ "Toward an O(1) VM (Rik van Riel)", { "Rik van Riel" } },
	{ "udev - Greg Kroah-Hartman", { "Greg Kroah-Hartman" } },
	{ "Integrating DMA into the device model \xe2\x80\x93 James Bottomley",
	    { "James Bottomley" } },
	{ "Large projects and bugzilla \xe2\x80\x94 Luis Villa",
	    { "Luis Villa" } },
	{ "Large projects and bugzilla -- Luis Villa", { "Luis Villa" } },
	{ "Greg Kroah-Hartman: udev, devfs done right",
	    { "Greg Kroah-Hartman" } },
	{ "Keynote: Linus Torvalds", { "Linus Torvalds" } },
	{ "Keynote - Linus Torvalds", { "Linus Torvalds" } },
	{ "Closing keynote: Jane Doe and John Smith",
	    { "Jane Doe", "John Smith" } },
	{ "Large projects and bugzilla, by Luis Villa", { "Luis Villa" } },
	{ "The scheduler (Ingo Moln\xc3\xa1r)", { "Ingo Moln\xc3\xa1r" } },
	{ "Storage (Jane Doe, John Smith and Ana dos Santos)",
	    { "Jane Doe", "John Smith", "Ana dos Santos" } },
	{ "  Interactive kernel performance (Robert Love)  ",
	    { "Robert Love" } },
	{ "Keynote by Jane Roe", { "Jane Roe" } },
	{ "Rethinking page tables by Jane Roe and John Doe",
	    { "Jane Roe", "John Doe" } },
	{ "Speed vs. Correctness (led by Arch Robison)", { "Arch Robison" } },
	{ "10h30 : Plone, quinze ans - Eric Br\xc3\xa9hault - Makina Corpus",
	    { "Eric Br\xc3\xa9hault" } },
	{ "Saturday 16:00 Journalists Are Researchers - Anne L'H\xc3\xb4te & "
	    "Bruno Thomas", { "Anne L'H\xc3\xb4te", "Bruno Thomas" } },
	{ "Kate Gregory's \"It's complicated!\"", { "Kate Gregory" } },
	{ "Jane Roe's Distinguished Talk at PAW", { "Jane Roe" } },
	{ "Keynote - Yehuda Katz, Tom Dale", { "Yehuda Katz", "Tom Dale" } },
};

static const struct t_case t_heads_none[] = {
	{ "Trip report: the Ottawa Linux Symposium", { NULL } },
	{ "Ugly ducklings - resurrecting unmaintained code", { NULL } },
	{ "Large projects and bugzilla", { NULL } },
	{ "Interactive kernel performance", { NULL } },
	{ "udev - devfs done right", { NULL } },
	{ "Why doesn't my laptop suspend?", { NULL } },
	{ "Toward an O(1) VM", { NULL } },
	{ "Integrating DMA into the device model", { NULL } },
	{ "The party", { NULL } },
	{ "Kernel summit (report by Jonathan Corbet)", { NULL } },
	{ "Kernel summit - notes by Jonathan Corbet", { NULL } },
	{ "Photos by Jane Doe", { NULL } },
	{ "Notes on the fonts, by Chuck Bigelow", { NULL } },
	{ "Virtual Memory - Future Directions", { NULL } },
	{ "Virtual Memory - Rik van Riel", { NULL } },
	{ "Memory Management: A Retrospective", { NULL } },
	{ "Red Hat: the year in review", { NULL } },
	{ "Linus: the early years", { NULL } },
	{ "Scheduling (IBM)", { NULL } },
	{ "(Robert Love)", { NULL } },
	{ "Jane Doe (IBM)", { NULL } },
	{ "Keynote: Linus", { NULL } },
	{ "Calling Config::build and Handling Errors", { NULL } },
	{ "Jane Doe:Scheduling", { NULL } },
	{ "Hello, World!", { NULL } },
	{ "Notes on the fonts by Chuck Bigelow", { NULL } },
	{ "A Tour of Go by Example", { NULL } },
	{ "Driven by Data", { NULL } },
	{ "", { NULL } },
};

/* Run `fn` on a copy of `text` that ends exactly at its length. */
static size_t
t_run(t_fn *fn, const char *text, size_t len, struct talks_name *out,
    size_t max, char **copy)
{
	*copy = malloc(len > 0 ? len : 1);
	if (*copy == NULL) {
		perror("malloc");
		exit(1);
	}
	memcpy(*copy, text, len);
	return fn(*copy, len, out, max);
}

/*
 * The start of `text` for a test name: control characters and invalid
 * bytes become '?', so the TAP stream stays one valid UTF-8 line.
 */
static const char *
t_label(const char *text)
{
	static char	 buf[48];
	size_t		 i = 0, n, len = strlen(text);
	uint32_t	 cp;

	while (len > 0) {
		n = text_decode(text, len, &cp);
		if (i + n >= sizeof(buf))
			break;
		if (cp < 0x20 || cp == 0x7f || (cp == 0xfffd && n == 1))
			buf[i++] = '?';
		else {
			memcpy(buf + i, text, n);
			i += n;
		}
		text += n;
		len -= n;
	}
	buf[i] = '\0';
	return buf;
}

static void
t_check(t_fn *fn, const char *what, const struct t_case *c)
{
	struct talks_name	 out[8];
	char			*copy;
	size_t			 n, want, i;

	for (want = 0; want < T_MAX && c->want[want] != NULL; want++)
		continue;
	n = t_run(fn, c->text, strlen(c->text), out, 8, &copy);
	tap_is_int((long long)n, (long long)want, "%s: count for \"%s\"",
	    what, t_label(c->text));
	for (i = 0; i < want; i++) {
		if (i < n)
			tap_is_mem(copy + out[i].off, out[i].len, c->want[i],
			    "%s: name %zu of \"%s\"", what, i + 1,
			    t_label(c->text));
		else
			tap_ok(0, "%s: name %zu of \"%s\" missing", what,
			    i + 1, t_label(c->text));
	}
	free(copy);
}

static void
t_table(t_fn *fn, const char *what, const struct t_case *c, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		t_check(fn, what, &c[i]);
}

/* `max` bounds what is stored; `len` bounds what is read. */
static void
t_limits(void)
{
	static const char	 three[] = "Andrew Morton, Linus Torvalds and "
				    "Alan Cox discussed it.";
	static const char	 more[] = "Robert Love discussedx";
	struct talks_name	 out[2];
	char			*copy;
	size_t			 n;

	n = t_run(talks_from_sentence, three, strlen(three), out, 1, &copy);
	tap_is_int((long long)n, 1, "max 1 keeps one of three names");
	tap_is_mem(copy + out[0].off, out[0].len, "Andrew Morton",
	    "max 1 keeps the first name");
	free(copy);
	n = talks_from_sentence(three, strlen(three), NULL, 0);
	tap_is_int((long long)n, 0, "max 0 stores nothing");
	n = t_run(talks_from_sentence, three, 13, out, 2, &copy);
	tap_is_int((long long)n, 0, "text cut after the name gives none");
	free(copy);
	n = t_run(talks_from_sentence, more, strlen(more) - 1, out, 2, &copy);
	tap_is_int((long long)n, 1, "len ends the verb");
	tap_is_mem(copy + out[0].off, out[0].len, "Robert Love",
	    "len ends the verb: name");
	free(copy);
}

/* A 10,000-byte word, alone and where a name would be. */
static void
t_long_word(void)
{
	struct talks_name	 out[2];
	char			*buf;
	size_t			 n, len = 10000;

	if ((buf = malloc(len + 32)) == NULL) {
		perror("malloc");
		exit(1);
	}
	buf[0] = 'D';
	memset(buf + 1, 'o', len - 1);
	n = talks_from_sentence(buf, len, out, 2);
	tap_is_int((long long)n, 0, "a 10,000-byte word names nobody");
	n = talks_from_heading(buf, len, out, 2);
	tap_is_int((long long)n, 0, "a 10,000-byte heading names nobody");
	memcpy(buf, "Jane ", 5);
	memcpy(buf + len, " discussed it.", 14);
	n = talks_from_sentence(buf, len + 14, out, 2);
	tap_is_int((long long)n, 0, "a 10,000-byte surname names nobody");
	free(buf);
}

/*
 * Random text built from name-like pieces and raw bytes: nothing may
 * crash, and every name must lie inside the text.
 */
static void
t_random(t_fn *fn, const char *what)
{
	static const char *const	 pieces[] = { "Dave ", "Jones", "'s ",
	    "\xe2\x80\x99s ", "talk ", "discussed ", "van ", "and ", ", ",
	    "(IBM) ", "H. ", "J.R. ", "Moln\xc3\xa1r ", "- ", "\xe2\x80\x94 ",
	    ": ", "by ", "In his talk, ", "\xef\xbf\xbd", "\x01", "\xff",
	    "\xc3", "O'", "Kroah-", "Hartman ", " ", "(", ")", ".", "" };
	struct talks_name		 out[16];
	char				 buf[512];
	uint64_t			 seed = 12345;
	size_t				 i, k, len, n, np, bad = 0;
	const char			*p;

	np = sizeof(pieces) / sizeof(pieces[0]);
	for (i = 0; i < 20000; i++) {
		for (len = 0;;) {
			seed = (seed * 1103515245 + 12345) & 0x7fffffff;
			p = pieces[(seed >> 16) % np];
			if (*p == '\0' || len + strlen(p) > sizeof(buf))
				break;
			memcpy(buf + len, p, strlen(p));
			len += strlen(p);
		}
		n = fn(buf, len, out, 16);
		for (k = 0; k < n; k++)
			if (out[k].len == 0 || out[k].off + out[k].len > len)
				bad++;
	}
	tap_ok(bad == 0, "%s: 20000 random texts, names inside the text",
	    what);
}

int
main(void)
{
	tap_plan(0);
	tap_ok(talks_tables_ok(), "word tables are sorted, without repeats, and fit their hashes");
	t_table(talks_from_sentence, "sample", t_sample,
	    sizeof(t_sample) / sizeof(t_sample[0]));
	t_table(talks_from_sentence, "sentence", t_own,
	    sizeof(t_own) / sizeof(t_own[0]));
	t_table(talks_from_sentence, "none", t_none,
	    sizeof(t_none) / sizeof(t_none[0]));
	t_table(talks_from_heading, "heading", t_heads,
	    sizeof(t_heads) / sizeof(t_heads[0]));
	t_table(talks_from_heading, "heading none", t_heads_none,
	    sizeof(t_heads_none) / sizeof(t_heads_none[0]));
	t_limits();
	t_long_word();
	t_random(talks_from_sentence, "sentence");
	t_random(talks_from_heading, "heading");
	return tap_done();
}
