/*
 * talks-weights: how much each cue of the speakers finder counts for a
 * name being a presenter, and how much it must add up to.  One table, so
 * that it can be retuned on new reports: tests/bench/README says how these
 * were chosen and how to measure a change (build/tests/olsread-speakers).
 *
 * The scale: a shape that names presenters by itself (a label, "Title -
 * Name", "Name discussed ...") weighs more than TALKS_THRESHOLD, with room
 * for one mild doubt (the writer's own name, a block quote) but not for a
 * clear sign against (thanks, organising, asking).  A sign that a title's
 * words or a passing mention could give too weighs less than the
 * threshold, and needs a second one.
 * Included by talks-find.c alone.
 */
#ifndef OLSREAD_TALKS_WEIGHTS_H
#define OLSREAD_TALKS_WEIGHTS_H

#include "talks-find.h"

/* A name is kept when its cues add up to this. */
#define TALKS_THRESHOLD		10

static const int talks_weight[TALKS_NCUES] = {
	/* Title and names apart, in a heading: "Title (Name)". */
	[TALKS_CUE_HEADING]		= 14,
	/* "Name: Title" -- "Typed Ember: Strong Types" reads so too. */
	[TALKS_CUE_HEADING_LEAD]	= 6,
	/* A heading that is a name alone: a profile, or a talk's. */
	[TALKS_CUE_HEADING_NAME]	= 4,
	/* "(report by Name)": who reported on the matter, in minutes. */
	[TALKS_CUE_HEADING_REPORT]	= 14,
	/* "Name — [Title](...)": a programme sets its titles apart. */
	[TALKS_CUE_TITLE_SET_APART]	= 4,
	/* "Speaker: Name": the report says so. */
	[TALKS_CUE_LABEL]		= 14,
	/* "Name - @handle": a programme's line. */
	[TALKS_CUE_HANDLE]		= 14,
	/* "**Name** Title": bold opens a glossary's terms too. */
	[TALKS_CUE_ENTRY]		= 5,
	/* A title in bold or linked, then "by Name" on the next line. */
	[TALKS_CUE_BY_LINE]		= 14,
	/* "Demo: warnings [Name]": minutes credit an item so. */
	[TALKS_CUE_BRACKETED]		= 14,
	/* ... one of two or more, a third of them linked: a programme. */
	[TALKS_CUE_LISTING]		= 5,
	/* "Name discussed ..." opening the section. */
	[TALKS_CUE_SUBJECT]		= 14,
	/* "Name presented ..." later in its opening. */
	[TALKS_CUE_LATER_SUBJECT]	= 14,
	/* "The keynote was given by Name". */
	[TALKS_CUE_GIVEN_BY]		= 14,
	/* "- Name" among a talk's facts ("- 45 minutes", "- English"). */
	[TALKS_CUE_ITEM_ALONE]		= 6,
	/* Met in the opening's sentences: a place, no evidence. */
	[TALKS_CUE_PROSE]		= 0,
	/* "a talk on X by Name", "Name's keynote". */
	[TALKS_CUE_TALK_NEAR]		= 14,
	/* "Name, who presented", "Name shared": a mention's verb as often. */
	[TALKS_CUE_PRESENTING]		= 7,
	/* "We heard from Name", "Then came Name". */
	[TALKS_CUE_INTRODUCED]		= 7,
	/* "Name, talking about ...", "Name about ...". */
	[TALKS_CUE_TALKING]		= 4,
	/* "Name (Acme)", "Name from Acme": how speakers are introduced. */
	[TALKS_CUE_AFFILIATION]		= 2,
	/* A link's text: reports link their speakers' pages. */
	[TALKS_CUE_LINKED]		= 3,
	/* The name in full, or its first name as a subject, again. */
	[TALKS_CUE_NAMED_AGAIN]		= 4,
	/* "Roe showed ...": the surname as a subject, later. */
	[TALKS_CUE_SURNAME]		= 4,
	/* "I gave a talk ..." under a heading that is a name. */
	[TALKS_CUE_FIRST_PERSON]	= 6,
	/* "Thanks to Name": a helper or a host. */
	[TALKS_CUE_THANKED]		= -20,
	/* "organised by Name". */
	[TALKS_CUE_ORGANISER]		= -15,
	/* "Name asked ...": the audience. */
	[TALKS_CUE_ASKING]		= -10,
	/* "said Name", "according to Name": cited, not presenting. */
	[TALKS_CUE_QUOTED]		= -10,
	/* The article's byline names it: the writer, as a rule. */
	[TALKS_CUE_AUTHOR]		= -4,
	/* "Speaker: BEKAH": a name, or "TBD"; the section must spell it. */
	[TALKS_CUE_SHOUTED]		= -6,
	/* In a block quote: someone else's words. */
	[TALKS_CUE_QUOTE_BLOCK]		= -10,
	/* Prose beside a heading or a label that names presenters. */
	[TALKS_CUE_BESIDE_STRUCTURE]	= -20,
	/* Prose past a paragraph that named a presenter: the talk's own. */
	[TALKS_CUE_LATER_PARAGRAPH]	= -20,
};

#endif
