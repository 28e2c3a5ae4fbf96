/*
 * load: bytes to doc.  Reads a file or standard input, makes it valid UTF-8,
 * parses it with cmark and turns the cmark tree into a doc, freeing the tree
 * as it goes: nothing after load ever sees cmark.
 */
#ifndef OLSREAD_LOAD_H
#define OLSREAD_LOAD_H

#include <stddef.h>

struct diag;
struct doc;

/* Larger input is refused, before it is read when its size is known. */
#define LOAD_MAX_SIZE	((size_t)1 << 30)

/* Flags. */
#define LOAD_SMART	0x01	/* curly quotes and dashes (CMARK_OPT_SMART) */

/*
 * Load the article at `path`, or standard input when `path` is "-".  Returns
 * a new doc owned by the caller, or NULL when the input cannot be read, with
 * the reason in `err` ("No such file or directory", "is a directory", ...).
 * Problems in the article itself are repaired and reported in `diag`.
 */
struct doc	*load_file(const char *path, int flags, struct diag *diag,
		    char *err, size_t errlen);

/* Load `len` bytes at `s` as the article called `name`.  Never fails. */
struct doc	*load_buffer(const char *name, const char *s, size_t len,
		    int flags, struct diag *diag);

#endif
