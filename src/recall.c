/*
 * recall: between state_place and view_memory, both ways.
 */
#include "recall.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "doc.h"
#include "state.h"
#include "util.h"

/* The place of an article as it was: all of it comes back. */
static void
recall_same(struct view_memory *m, struct state_place *p)
{
	m->has_place = true;
	m->place.block = p->block;
	m->place.line = 0;
	m->place.off = p->off == SIZE_MAX ? DOC_NONE : p->off;
	m->place.tail = p->tail;
	m->read = p->read;
	m->nread = p->nread;
	p->read = NULL;
	p->nread = 0;
}

static void
recall_history(struct recall *rc, struct diag *dg)
{
	struct state_list	 l;

	state_list_init(&l);
	state_load_history(rc->dir, &l, dg);
	rc->mem.history = l.s;
	rc->mem.nhistory = l.n;
}

bool
recall_open(struct recall *rc, const char *path, struct diag *dg)
{
	struct state_place	 p;

	memset(rc, 0, sizeof(*rc));
	if ((rc->dir = state_dir()) == NULL ||
	    (rc->path = realpath(path, NULL)) == NULL) {
		recall_release(rc);
		return false;
	}
	recall_history(rc, dg);
	if (state_load_place(rc->dir, rc->path, &p, dg)) {
		rc->saved = xmalloc(sizeof(*rc->saved));
		*rc->saved = p;
	}
	return true;
}

bool
recall_has_place(const struct recall *rc)
{
	return rc->saved != NULL;
}

bool
recall_settle_stamp(struct recall *rc, uint64_t stamp)
{
	rc->stamp = stamp;
	if (stamp == 0 || rc->saved == NULL || rc->saved->stamp != stamp)
		return false;
	/* Its digest, or 0 when it was not read through: the same file. */
	recall_settle(rc, rc->saved->digest);
	return true;
}

void
recall_settle(struct recall *rc, uint64_t digest)
{
	struct state_place	*p = rc->saved;

	rc->digest = digest;
	if (p == NULL)
		return;
	if (p->digest == digest)
		recall_same(&rc->mem, p);
	else if (p->section != NULL && p->section[0] != '\0') {
		rc->mem.title = p->section;
		p->section = NULL;
	}
	rc->mem.query = p->query;
	rc->mem.qflags = p->qflags;
	rc->mem.qactive = p->qactive;
	p->query = NULL;
	state_place_release(p);
	free(p);
	rc->saved = NULL;
}

bool
recall_save(struct recall *rc, char *err, size_t errlen)
{
	const struct view_memory	*m = &rc->mem;
	struct state_place		 p;
	struct state_list		 recent;
	bool				 ok;

	memset(&p, 0, sizeof(p));
	p.path = rc->path;
	p.digest = rc->digest;
	p.stamp = rc->stamp;
	p.when = time(NULL);
	p.block = m->place.block;
	p.off = m->place.off == DOC_NONE ? SIZE_MAX : m->place.off;
	p.tail = m->place.tail;
	p.section = m->title;
	p.read = m->read;
	p.nread = m->nread;
	p.query = m->query;
	p.qflags = m->qflags;
	p.qactive = m->qactive;
	/* One failure says all: a read-only home gets one warning. */
	if (!state_save_place(rc->dir, &p, err, errlen))
		return false;
	state_list_init(&recent);
	recent.s = m->history;
	recent.n = m->nhistory;
	ok = state_save_history(rc->dir, &recent, err, errlen);
	return ok;
}

void
recall_release(struct recall *rc)
{
	free(rc->dir);
	free(rc->path);
	if (rc->saved != NULL)
		state_place_release(rc->saved);
	free(rc->saved);
	view_memory_release(&rc->mem);
	memset(rc, 0, sizeof(*rc));
}
