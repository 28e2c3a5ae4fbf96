/*
 * t-forms: the ways a report names a talk's presenter, one invented
 * section of each, read through the whole loader: the speakers found
 * for each talk heading, and none where a name is thanked, asks, is
 * quoted or organised, or is a title's words.  The names are invented; no real report is tuned
 * for here.
 */
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "tap.h"
#include "testdoc.h"

/* Notes under an item of minutes, nested three deep: 40 paragraphs. */
#define T_NOTE		"    - it was said\n"
#define T_NOTES		T_NOTE T_NOTE T_NOTE T_NOTE T_NOTE T_NOTE T_NOTE T_NOTE
#define T_NOTES40	T_NOTES T_NOTES T_NOTES T_NOTES T_NOTES

static const char t_article[] =
    "# Notes from the Spring Summit\n\nBy Sam Writer\n\n"
    "The summit had many good talks this year.\n\n"
    "## Opening keynote\n\nThe opening keynote was delivered by Jane Roe. "
    "She spoke about memory.\n\n"
    "## Schedulers\n\nI also went to a talk on schedulers by Ali Khan, "
    "which was packed.\n\n"
    "## Storage futures\n\nThen came Maria Lopez from Acme, talking about "
    "storage. Lopez showed numbers.\n\n"
    "## Filesystems\n\nWe heard from Tom Baker about filesystems and their "
    "failures.\n\n"
    "## Security\n\nPriya Patel (Acme) walked us through the threat "
    "model.\n\n"
    "## Ken Adams - \"Rethinking page tables\"\n\nKen showed the new "
    "layout.\n\n"
    "## Lin Wu \xe2\x80\x94 [Rethinking caches](https://example.com/t)\n\n"
    "A good one.\n\n"
    "## #3: Rethinking networking\n\nOlga Petrova presented the new stack. "
    "Petrova answered questions.\n\n"
    "## Storage (report by Carl Jung)\n\nThe session covered many "
    "things.\n\n"
    "## Compilers\n\n- 30 minutes\n- English\n- Hana Sato\n\n"
    "Sato talked about compilers.\n\n"
    "## Rosa Diaz\n\nI gave a talk about my work on testing, and people "
    "liked it.\n\n"
    "## Thanks\n\nThanks to Bob Stone for organising, and to everyone who "
    "asked questions.\n\n"
    "## Questions\n\nAfter the break, Dan Ross asked about locking. "
    "Nobody knew.\n\n"
    "## Quotes\n\nAs the saying goes, according to Eve Park the kernel "
    "is never done.\n\n"
    "## Organisers\n\nThe day was organised by Zoe Marsh and her team, "
    "who kept time.\n\n"
    "## Reading\n\n> Ian Hart presented the idea first, in 1998.\n\n"
    "We read it together.\n\n"
    "## Survey\n\nThe numbers come from Code Forge's yearly developer "
    "survey, as in past years.\n\n"
    "## Downloads\n\n- [Brand Book (pdf)](https://example.com/b)\n"
    "- [Logo Kit](https://example.com/l)\n\n"
    "## Programme\n\n| Time | Title | Speaker(s) |\n|---|---|---|\n"
    "| 10:00 | Welcome and a look at caches | Amy Chen (Acme) |\n\n"
    "## Timetable\n\n| Time | Title | Room |\n|---|---|---|\n"
    "| 10:00 | Welcome | Main Hall |\n\n"
    "## SPEAKER: MO\n\nHey, Mo! What will you show us?\n\n"
    "**Talk title:** Small tools\n\nMo Reyes is a developer in Lima.\n\n"
    "## SPEAKER: KIM\n\n**Talk title:** Fast tests\n\n"
    "Kim Lee is a developer at Acme.\n\n"
    "## Speaker: TBD\n\nMore news soon.\n\n"
    "## Minutes\n\n- Demo -- the new cache [Lea Wong | @lwong]\n"
    "  - it is fast\n\n"
    "## Agenda\n\n- Updates\n  - Release\n" T_NOTES40
    "  - SIG Apps [Jon Bell - Release Lead] Confirmed\n\n"
    "## Working groups\n\n- wg-lts [@jbell]: [slides](https://example.com/s)"
    "\n\n"
    "## Presentations\n\n- [Open source in the city - Ana Ruiz, City of "
    "Delft](https://example.com/1)\n"
    "- [Measuring our dependencies - Ben Ode, Acme and Cy Twombly, "
    "Initech](https://example.com/2)\n\n"
    "## Afternoon\n\n- **[Pipelines](https://example.com/3)**<br>\n"
    "  by Dee Holm, Acme & Eli Park, Initech<br> 2:10pm\n\n"
    "## Agenda of the call\n\nJoin the team for a talk about values.\n\n"
    "**Speakers**\n\n- **Fay Lund** - Product Lead\n"
    "- **Gus Moor** - Engineering Lead\n\n"
    "## Double bill\n\n**\xf0\x9f\x8e\xa4 Ponente 1:** Ida Sol\n\n"
    "*Protocols*\n\n**Speaker #2:** Jo Vance\n\n"
    "## Videos\n\nYou can catch the talks here:\n\n"
    "* Catalog Diffs (Kay Rowe) - [MP4](https://example.com/v1)\n"
    "* How to Get Issues Fixed (Lou Mint) - [slides](https://example.com/s1)"
    "\n\n"
    "## Legal Team Report - Mina/Olaf/Others\n\nThe team met twice.\n\n";

/* The article goes on: C allows a string literal only so long. */
static const char t_article_more[] =
    "## Status Update - Done\n\nAll of it.\n\n"
    "## Conhecendo a linguagem\n\nUma introdu\xc3\xa7\xc3\xa3o aos m\xc3\xb3"
    "dulos. Apresentada por Ana Lima, desenvolvedora.\n\n"
    "## Problems\n\n- [UVA - Beloved Sons](https://example.com/p)\n"
    "- [UVA - Jogging Trails](https://example.com/q)\n\n"
    "## Fairness\n\nThe metric is part of a legal definition of fairness "
    "[@ecfr]\n\n"
    "## See also\n\nThe rules are in [Text Rules][Rules Page]\n\n"
    "## [Linear Regression](july.md)\n\n!!! info \"Meetup, July\"\n\n"
    "    **\xf0\x9f\x8e\xa4 Speaker 1:** Nia Cole\n\n    *Linear Regression*\n\n"
    "    **Place:** Acme Hall\n";

/* A section by the start of its title, its speaker, or NULL for none. */
static const struct {
	const char	*title;
	const char	*speaker;
} t_want[] = {
	{ "Opening keynote", "Jane Roe" },
	{ "Schedulers", "Ali Khan" },
	{ "Storage futures", "Maria Lopez" },
	{ "Filesystems", "Tom Baker" },
	{ "Security", "Priya Patel" },
	{ "Ken Adams", "Ken Adams" },
	{ "Lin Wu", "Lin Wu" },
	{ "#3: Rethinking", "Olga Petrova" },
	{ "Storage (report", "Carl Jung" },
	{ "Compilers", "Hana Sato" },
	{ "Rosa Diaz", "Rosa Diaz" },
	{ "Programme", "Amy Chen" },
	{ "SPEAKER: KIM", "Kim Lee" },
	/* Greeted by first name, then introduced in full. */
	{ "SPEAKER: MO", "Mo Reyes" },
	{ "Minutes", "Lea Wong" },
	/* An agenda's item past forty notes nested under another. */
	{ "Agenda", "Jon Bell" },
	{ "Working groups", "@jbell" },
	/* A programme's linked entries, "[Title - Name, Org](...)". */
	{ "Presentations", "Ana Ruiz;Ben Ode;Cy Twombly" },
	/* Thanked, asking, quoted, organising, quoted at length: none. */
	{ "Thanks", NULL },
	{ "Questions", NULL },
	{ "Quotes", NULL },
	{ "Organisers", NULL },
	{ "Reading", NULL },
	/* A survey's owner and a list of links: none. */
	{ "Survey", NULL },
	{ "Downloads", NULL },
	/* A table without a column of presenters: none. */
	{ "Timetable", NULL },
	/* A label's word in capitals the section never spells: none. */
	{ "Speaker: TBD", NULL },
	/* "by" then names each with an affiliation, under a title. */
	{ "Afternoon", "Dee Holm;Eli Park" },
	/* A list under a paragraph that is only the label. */
	{ "Agenda of the call", "Fay Lund;Gus Moor" },
	/* Labels numbered, one under an emoji. */
	{ "Double bill", "Ida Sol;Jo Vance" },
	/* Items "Title (Name) - [MP4](...)". */
	{ "Videos", "Kay Rowe;Lou Mint" },
	/* Minutes' reporters after a report's dash, first names alone. */
	{ "Legal Team Report", "Mina;Olaf" },
	{ "Status Update - Done", NULL },
	/* "given by" in Portuguese. */
	{ "Conhecendo a linguagem", "Ana Lima" },
	/* Problems' codes before their titles: none. */
	{ "Problems", NULL },
	/* A citation closing a sentence: none. */
	{ "Fairness", NULL },
	/* A label in an admonition, under a heading that links the talk's
	   page and whose title the admonition repeats. */
	{ "Linear Regression", "Nia Cole" },
	/* A reference link's source, left as text: none. */
	{ "See also", NULL },
};

/* The section whose title starts with `title`; nsections if none. */
static size_t
t_section(const struct doc *d, const char *title)
{
	const char	*s;
	size_t		 i, len;

	for (i = 0; i < d->nsections; i++) {
		s = doc_section_title(d, i, &len);
		if (len >= strlen(title) && memcmp(s, title, strlen(title)) == 0)
			return i;
	}
	return d->nsections;
}

/*
 * Whether section `s` names exactly `speakers`, in order and apart at ";"
 * (none when NULL).
 */
static bool
t_names(const struct doc *d, size_t s, const char *speakers)
{
	const struct doc_section	*sec = &d->sections[s];
	const struct doc_range		*r;
	const char			*p = speakers, *semi;
	size_t				 i, len;

	if (speakers == NULL)
		return sec->nspeaker == 0;
	for (i = 0; i < sec->nspeaker; i++) {
		r = &d->speakers[sec->speaker + i];
		semi = strchr(p, ';');
		len = semi != NULL ? (size_t)(semi - p) : strlen(p);
		if (r->len != len || memcmp(d->text.data + r->off, p, len) != 0)
			return false;
		if (semi == NULL)
			return i + 1 == sec->nspeaker;
		p = semi + 1;
	}
	return false;
}

int
main(void)
{
	struct doc	*d;
	char		*article;
	size_t		 i, s;
	bool		 ok;

	setlocale(LC_ALL, "C.UTF-8");
	tap_plan(0);
	article = malloc(sizeof(t_article) + sizeof(t_article_more));
	if (article == NULL)
		return 1;
	memcpy(article, t_article, sizeof(t_article) - 1);
	memcpy(article + sizeof(t_article) - 1, t_article_more,
	    sizeof(t_article_more));
	d = testdoc_load(article);
	free(article);
	for (i = 0; i < sizeof(t_want) / sizeof(t_want[0]); i++) {
		s = t_section(d, t_want[i].title);
		ok = s < d->nsections && t_names(d, s, t_want[i].speaker);
		tap_ok(ok, "%s: %s", t_want[i].title,
		    t_want[i].speaker != NULL ? t_want[i].speaker :
		    "no speaker");
	}
	doc_free(d);
	/* The writer's own talk, told in the first person, is the byline's. */
	d = testdoc_load("# Trip\n\nBy Sam Writer, 2024-12-18\n\n"
	    "## Caches\n\nI presented my paper at the workshop on caches.\n\n"
	    "## Hallway\n\nI showed my friends the city.\n");
	s = t_section(d, "Caches");
	tap_ok(s < d->nsections && t_names(d, s, "Sam Writer"),
	    "Caches: the writer, who presented");
	s = t_section(d, "Hallway");
	tap_ok(s < d->nsections && t_names(d, s, NULL),
	    "Hallway: no speaker where no talk is told of");
	doc_free(d);
	return tap_done();
}
