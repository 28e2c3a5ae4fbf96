/*
 * t-speakers: the speakers of articles gathered, merged and sorted as a
 * reader looks a name up, and filtered as search folds.
 */
#include <locale.h>
#include <string.h>

#include "doc.h"
#include "speakers.h"
#include "tap.h"
#include "testdoc.h"
#include "text.h"
#include "util.h"

static const char t_one[] =
    "# One\n\n"
    "## Memory\n\nRik van Riel discussed memory.\n\n"
    "## Accents\n\nJos\xc3\xa9 Valim talked about Elixir.\n\n"
    "## Dreams\n\nSpeaker: Martin Luther King Jr\n\n"
    "## More memory\n\nRik van Riel described more.\n\n"
    "## Zones\n\nJane Abbot and John Zed discussed zones.\n\n"
    "## Chinese\n\n**\xe4\xb8\xbb\xe8\xae\xb2\xe4\xba\xba**\xef\xbc\x9a"
    "\xe6\x9d\x8e\xe9\x9b\xb7\n";

static const char t_two[] =
    "# Two\n\n## Again\n\nRik van Riel talked about swap.\n";

/* Whether the folded query `q` finds entry `name` of `sp`. */
static bool
t_finds(const struct speakers *sp, const char *name, const char *q)
{
	struct buf	 b;
	size_t		 i;
	bool		 found = false;

	buf_init(&b);
	text_fold_string(q, strlen(q), true, &b);
	buf_addc(&b, '\0');
	for (i = 0; i < sp->n; i++)
		if (strcmp(sp->v[i].name, name) == 0)
			found = speakers_match(&sp->v[i], b.data);
	buf_release(&b);
	return found;
}

int
main(void)
{
	struct speakers	 sp;
	struct doc	*one, *two;
	const char	*want[] = { "Jane Abbot", "Martin Luther King Jr",
			    "Rik van Riel", "Jos\xc3\xa9 Valim", "John Zed",
			    "\xe6\x9d\x8e\xe9\x9b\xb7" };
	size_t		 i;

	setlocale(LC_ALL, "C.UTF-8");
	tap_plan(0);
	one = testdoc_load(t_one);
	two = testdoc_load(t_two);
	speakers_init(&sp);
	speakers_add(&sp, one, 0);
	speakers_add(&sp, two, 1);
	speakers_finish(&sp);
	tap_is_int((long long)sp.n, 6, "six speakers, each once");
	for (i = 0; i < sp.n && i < 6; i++)
		tap_is_str(sp.v[i].name, want[i], "by surname: %zu", i + 1);
	for (i = 0; i < sp.n; i++)
		if (strcmp(sp.v[i].name, "Rik van Riel") == 0)
			break;
	tap_ok(i < sp.n && sp.v[i].ntalks == 3 &&
	    sp.v[i].talks[0].file == 0 && sp.v[i].talks[0].talk == 1 &&
	    sp.v[i].talks[1].file == 0 && sp.v[i].talks[1].talk == 4 &&
	    sp.v[i].talks[2].file == 1 && sp.v[i].talks[2].talk == 1,
	    "Rik van Riel: talks 1 and 4 of one file, 1 of the other");
	tap_ok(i < sp.n && sp.v[i].ntalks == 3 &&
	    strcmp(sp.v[i].talks[0].title, "Memory") == 0 &&
	    strcmp(sp.v[i].talks[1].title, "More memory") == 0 &&
	    strcmp(sp.v[i].talks[2].title, "Again") == 0,
	    "Rik van Riel: each talk's title");
	tap_ok(t_finds(&sp, "Jos\xc3\xa9 Valim", "jose"),
	    "\"jose\" finds Jos\xc3\xa9 Valim");
	tap_ok(t_finds(&sp, "Rik van Riel", "VAN R"),
	    "\"VAN R\" finds Rik van Riel");
	tap_ok(!t_finds(&sp, "John Zed", "riel"), "\"riel\" leaves John Zed out");
	tap_ok(t_finds(&sp, "John Zed", ""), "an empty filter keeps all");
	speakers_finish(&sp);
	tap_is_int((long long)sp.n, 6, "finishing again changes nothing");
	speakers_release(&sp);
	speakers_release(&sp);
	doc_free(one);
	doc_free(two);
	return tap_done();
}
