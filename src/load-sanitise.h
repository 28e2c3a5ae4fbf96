/*
 * The loader's sanitising stage (load-sanitise.c): the bytes read made
 * the article's text, valid UTF-8 with no NUL, and digested.  Shared by
 * the loader's files, and by nothing else; no cmark here, and nothing of
 * the stages after it.
 */
#ifndef OLSREAD_LOAD_SANITISE_H
#define OLSREAD_LOAD_SANITISE_H

#include <stddef.h>

#include "text.h"
#include "util.h"

struct diag;

/* The text made so far: what the sanitiser holds back, the digest. */
struct load_sanitise {
	struct text_sanitizer	 san;
	struct digest		 digest;	/* of the text */
};

void	 load_sanitise_init(struct load_sanitise *);

/* `n` bytes read, at `at`, sanitised onto `text`, and digested. */
void	 load_sanitise_feed(struct load_sanitise *, const char *at, size_t n,
	    struct buf *text);

/*
 * The input is at its end: what the sanitiser held back, onto `text`;
 * what it repaired told in `diag`, of the article `name`.
 */
void	 load_sanitise_end(struct load_sanitise *, struct buf *text,
	    struct diag *, const char *name);

/*
 * `text` grew past LOAD_MAX_SIZE: cut it there, digested again, told in
 * `diag`.  The sanitiser then holds nothing back.
 */
void	 load_sanitise_cut(struct load_sanitise *, struct buf *text,
	    struct diag *, const char *name);

#endif
