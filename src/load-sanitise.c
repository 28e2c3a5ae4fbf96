/*
 * load-sanitise: the loader's second stage, the bytes read made the
 * article's text: valid UTF-8 with no NUL (text.c's sanitiser), held to
 * LOAD_MAX_SIZE, and digested as it grows, so that a later run knows the
 * same article.  What it repaired is told once the input ends.  It knows
 * nothing of where the bytes come from, nor of what the text becomes.
 */
#include "load-sanitise.h"

#include "diag.h"
#include "load.h"

void
load_sanitise_init(struct load_sanitise *sn)
{
	text_sanitize_init(&sn->san);
	digest_init(&sn->digest);
}

void
load_sanitise_feed(struct load_sanitise *sn, const char *at, size_t n,
    struct buf *text)
{
	size_t	 had = text->len;

	text_sanitize_feed(&sn->san, at, n, text);
	digest_add(&sn->digest, text->data + had, text->len - had);
}

void
load_sanitise_end(struct load_sanitise *sn, struct buf *text,
    struct diag *diag, const char *name)
{
	size_t	 had = text->len;

	text_sanitize_finish(&sn->san, text);
	digest_add(&sn->digest, text->data + had, text->len - had);
	if (sn->san.invalid > 0)
		diag_add(diag, "%s: %zu invalid UTF-8 sequence%s shown as "
		    "U+FFFD", name, sn->san.invalid,
		    sn->san.invalid == 1 ? "" : "s");
	if (sn->san.nul > 0)
		diag_add(diag, "%s: %zu NUL byte%s shown as U+FFFD",
		    name, sn->san.nul, sn->san.nul == 1 ? "" : "s");
}

/*
 * The sanitised article grew past LOAD_MAX_SIZE, its invalid bytes each
 * shown as three: it ends at the last whole character before the limit.
 */
void
load_sanitise_cut(struct load_sanitise *sn, struct buf *text,
    struct diag *diag, const char *name)
{
	size_t	 end = LOAD_MAX_SIZE, invalid, nul;

	if (text->len > end) {
		while (end > 0 && ((unsigned char)text->data[end] & 0xc0) ==
		    0x80)
			end--;
		text->len = end;
	}
	diag_add(diag, "%s: longer than 1 GiB once its invalid bytes are "
	    "shown as U+FFFD; shown up to there", name);
	/* The digest of what is shown: a later run finds the same. */
	digest_init(&sn->digest);
	digest_add(&sn->digest, text->data, text->len);
	/* Nothing held back is wanted; what was repaired is still told. */
	invalid = sn->san.invalid;
	nul = sn->san.nul;
	text_sanitize_init(&sn->san);
	sn->san.invalid = invalid;
	sn->san.nul = nul;
}
