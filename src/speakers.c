/*
 * speakers: the speakers of articles, once each, sorted by surname.  The
 * talks module finds names per section; this gathers them across sections
 * and files, and knows how a reader looks a name up.
 */
#include "speakers.h"

#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "text.h"
#include "util.h"

/* Words after a surname that are not it: "Martin Luther King Jr." */
static const char *const speakers_suffixes[] = {
	"II", "III", "IV", "Jr", "Jr.", "Sr", "Sr.", NULL
};

void
speakers_init(struct speakers *sp)
{
	memset(sp, 0, sizeof(*sp));
}

static void
speakers_entry_release(struct speakers_entry *e)
{
	size_t	 i;

	free(e->name);
	free(e->key);
	free(e->folded);
	for (i = 0; i < e->ntalks; i++)
		free(e->talks[i].title);
	free(e->talks);
}

void
speakers_release(struct speakers *sp)
{
	size_t	 i;

	for (i = 0; i < sp->n; i++)
		speakers_entry_release(&sp->v[i]);
	free(sp->v);
	speakers_init(sp);
}

static bool
speakers_is_suffix(const char *w, size_t len)
{
	const char *const	*s;

	for (s = speakers_suffixes; *s != NULL; s++)
		if (strlen(*s) == len && memcmp(*s, w, len) == 0)
			return true;
	return false;
}

/*
 * The word a reader looks `name` up by: its last word but a suffix, when
 * it opens with a capital ("Riel" of "Rik van Riel"); else the whole name,
 * as for a handle or a name written without spaces ("李雷").
 */
static void
speakers_surname(const char *name, size_t len, size_t *off, size_t *n)
{
	size_t		 end = len, start;
	uint32_t	 cp;

	for (;;) {
		while (end > 0 && name[end - 1] == ' ')
			end--;
		for (start = end; start > 0 && name[start - 1] != ' '; start--)
			continue;
		if (start == 0 || !speakers_is_suffix(name + start, end - start))
			break;
		end = start;
	}
	if (start == end || text_decode(name + start, end - start, &cp) == 0 ||
	    !text_is_upper(cp)) {
		*off = 0;
		*n = len;
		return;
	}
	*off = start;
	*n = end - start;
}

static char *
speakers_fold(const char *s, size_t len)
{
	struct buf	 b;

	buf_init(&b);
	text_fold_string(s, len, true, &b);
	buf_addc(&b, '\0');
	return b.data;
}

/* A new entry for one name at one talk, titled `title`. */
static void
speakers_push(struct speakers *sp, const char *name, size_t len,
    unsigned int file, unsigned int talk, const char *title, size_t tlen)
{
	struct speakers_entry	*e;
	struct buf		 key;
	size_t			 off, n;

	sp->v = xgrow(sp->v, &sp->cap, sp->n + 1, sizeof(*sp->v));
	e = &sp->v[sp->n++];
	memset(e, 0, sizeof(*e));
	e->name = xstrndup(name, len);
	e->folded = speakers_fold(name, len);
	speakers_surname(name, len, &off, &n);
	buf_init(&key);
	text_fold_string(name + off, n, true, &key);
	buf_addc(&key, '\001');
	buf_add(&key, e->folded, strlen(e->folded));
	buf_addc(&key, '\0');
	e->key = key.data;
	e->talks = xcalloc(1, sizeof(*e->talks));
	e->talks[0].file = file;
	e->talks[0].talk = talk;
	e->talks[0].title = xstrndup(title, tlen);
	e->ntalks = 1;
	sp->sorted = false;
}

void
speakers_add(struct speakers *sp, const struct doc *d, unsigned int file)
{
	const struct doc_section	*sec;
	const struct doc_range		*r;
	const char			*title;
	size_t				 s, i, tlen;

	for (s = 0; s < d->nsections; s++) {
		sec = &d->sections[s];
		if (sec->talk == 0 || sec->nspeaker == 0)
			continue;
		title = doc_section_title(d, s, &tlen);
		for (i = 0; i < sec->nspeaker; i++) {
			r = &d->speakers[sec->speaker + i];
			speakers_push(sp, d->text.data + r->off, r->len, file,
			    sec->talk, title, tlen);
		}
	}
}

static int
speakers_cmp(const void *pa, const void *pb)
{
	const struct speakers_entry	*a = pa, *b = pb;
	int				 c;

	if ((c = strcmp(a->key, b->key)) != 0)
		return c;
	if ((c = strcmp(a->name, b->name)) != 0)
		return c;
	if (a->talks[0].file != b->talks[0].file)
		return a->talks[0].file < b->talks[0].file ? -1 : 1;
	if (a->talks[0].talk != b->talks[0].talk)
		return a->talks[0].talk < b->talks[0].talk ? -1 : 1;
	return 0;
}

/* Move the talks of `from`, of the same name, into `to`. */
static void
speakers_merge(struct speakers_entry *to, struct speakers_entry *from)
{
	const struct speakers_talk	*t = &from->talks[0];
	const struct speakers_talk	*last = &to->talks[to->ntalks - 1];

	if (last->file != t->file || last->talk != t->talk) {
		to->talks = xreallocarray(to->talks, to->ntalks + 1,
		    sizeof(*to->talks));
		to->talks[to->ntalks++] = *t;
		/* Moved: `from` no longer owns it. */
		from->talks[0].title = NULL;
	}
	speakers_entry_release(from);
}

void
speakers_finish(struct speakers *sp)
{
	size_t	 i, n = 0;

	if (sp->sorted)
		return;
	if (sp->n > 1)
		qsort(sp->v, sp->n, sizeof(*sp->v), speakers_cmp);
	for (i = 0; i < sp->n; i++) {
		if (n > 0 && strcmp(sp->v[n - 1].name, sp->v[i].name) == 0)
			speakers_merge(&sp->v[n - 1], &sp->v[i]);
		else
			sp->v[n++] = sp->v[i];
	}
	sp->n = n;
	sp->sorted = true;
}

bool
speakers_match(const struct speakers_entry *e, const char *folded)
{
	return *folded == '\0' || strstr(e->folded, folded) != NULL;
}

/* A title cut to fewer cells than this says too little to show. */
#define SPEAKERS_TITLE_MIN	8

size_t
speakers_title_room(const struct speakers_entry *e, size_t used, size_t cols)
{
	size_t	 room;

	if (e->ntalks == 0 || used + e->ntalks >= cols)
		return 0;
	/* A blank before each title. */
	room = (cols - used) / e->ntalks - 1;
	return room < SPEAKERS_TITLE_MIN ? 0 : room;
}
