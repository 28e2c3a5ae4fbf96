/*
 * load: bytes to doc.  Reads a file or standard input, makes it valid UTF-8,
 * parses it with cmark, a piece at a time, and turns each cmark tree into
 * doc records, freeing the tree as it goes: nothing after load ever sees
 * cmark.
 */
#ifndef OLSREAD_LOAD_H
#define OLSREAD_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct diag;
struct doc;

/* Larger input is refused, before it is read when its size is known. */
#define LOAD_MAX_SIZE	((size_t)1 << 30)

/* Flags. */
#define LOAD_SMART	0x01	/* curly quotes and dashes (CMARK_OPT_SMART) */
#define LOAD_WHOLE	0x02	/* parse in one piece */
#define LOAD_PIECES	0x04	/* cut at every safe place (for tests) */
#define LOAD_LATER	0x08	/* a stream is read when first needed */
#define LOAD_CHECK	0x10	/* a compressed article's size is checked
				   before anything is shown, not as it
				   loads */

/*
 * A load under way.  The article is read a step at a time and parsed a
 * piece at a time, each piece cut before a heading where nothing can span
 * the cut, so that the doc grows section by section and is in the end
 * exactly the doc of one whole parse.  Each piece's cmark tree is freed
 * once converted.
 */
struct load_job;

/*
 * Start loading the article at `path`, or standard input when `path` is
 * "-": open it, but parse nothing yet.  A regular file of at most
 * LOAD_MAX_SIZE bytes is read as it loads; a pipe, a FIFO (waiting for a
 * writer) or a character device is a stream, read whole now (with
 * LOAD_LATER, at the first step), up to LOAD_MAX_SIZE bytes.  Either may
 * be gzip, known by its first bytes, and decoded as it loads; what it
 * decodes to is held to LOAD_MAX_SIZE bytes, checked as it loads after
 * the first MiB (the first screen's), or with LOAD_CHECK at once.  Returns a
 * new job, or NULL when the input cannot be read, with the reason in
 * `err` ("No such file or directory", "is a directory", "is a socket",
 * ...).  Problems in the article are repaired and reported in `diag`,
 * which must outlive the job.
 */
struct load_job	*load_start(const char *path, int flags, struct diag *diag,
		    char *err, size_t errlen);

/*
 * The same for `len` bytes at `s`, which must outlive the job; gzip bytes
 * are decoded.
 */
struct load_job	*load_start_buffer(const char *name, const char *s,
		    size_t len, int flags, struct diag *diag);

/* The doc as far as it is loaded; the job owns it until load_end(). */
struct doc	*load_doc(const struct load_job *);

/*
 * One step of the load: parse the next piece into the doc when it can be,
 * else read on.  Returns false when nothing is left: the doc is then
 * complete (doc->complete).
 */
bool		 load_next(struct load_job *);

/* Sections [from, to) of `d`, final: 0 to go on, else to stop. */
typedef int	 load_sections_fn(const struct doc *d, size_t from, size_t to,
		    void *arg);

/*
 * Load the rest of the article, handing `fn`, after each step, the
 * sections that have become final since (doc_sections_final()), maybe
 * none: each once, in order, so that printed output can come out as the
 * article loads.  Returns 0, or what `fn` returned to stop.
 */
int		 load_each_final(struct load_job *, load_sections_fn *fn,
		    void *arg);

/*
 * Load until the first piece is in the doc, or all is: the first screen
 * waits for this and no more.
 */
void		 load_first(struct load_job *);

/*
 * Let go of the file until the load goes on, so that an article not being
 * read holds no descriptor and any number of them can be open at once.
 * The next step opens it again where it was; if the path no longer names
 * the same file, the article ends there, as at a read error.
 */
void		 load_park(struct load_job *);

/* Whether the first piece is in, or all is: load_first() is done. */
bool		 load_has_first(const struct load_job *);

/*
 * Read the rest of the input, parsing nothing more; `stop`, if not NULL,
 * is asked between steps whether to give up.  Returns whether all is in.
 */
bool		 load_read_all(struct load_job *, bool (*stop)(void));

/*
 * The digest (util.h) of the article's bytes as they are parsed (valid
 * UTF-8, no NUL): false until all of it is read.
 */
bool		 load_digest(const struct load_job *, uint64_t *);

/*
 * A stamp of the file read: equal only for the same file unchanged, as
 * far as its status tells (device, inode, size, times).  A file let go of
 * before any of it was read is opened again first, as it will be read.
 * False for standard input, bytes in memory, a file that cannot be read
 * any more, and one changed so lately that its status cannot tell.
 */
bool		 load_stamp(struct load_job *, uint64_t *);

/*
 * Whether the article comes from a stream (standard input, a pipe, a
 * FIFO, a device): it cannot be read again, nor known again by its path.
 */
bool		 load_is_pipe(const struct load_job *);

/*
 * How the article is read, for a reader: "pipe", or NULL for a file
 * read as it is, or bytes in memory.  A static string.
 */
const char	*load_how(const struct load_job *);

/*
 * Whether the input could not be read to its end (a read error, or a
 * file that grew past the limit): the doc then ends where it stopped,
 * and `diag` says why.
 */
bool		 load_failed(const struct load_job *);

/* How much of the article is loaded, in percent. */
unsigned int	 load_percent(const struct load_job *);

/* Parse what is left, free the job, and return the doc, owned by the caller. */
struct doc	*load_end(struct load_job *);

/* Give up a load: free the job and its doc, parsing nothing more. */
void		 load_free(struct load_job *);

/* The whole of a load, in one call: load_start(), then load_end(). */
struct doc	*load_file(const char *path, int flags, struct diag *diag,
		    char *err, size_t errlen);

/* Load `len` bytes at `s` as the article called `name`.  Never fails. */
struct doc	*load_buffer(const char *name, const char *s, size_t len,
		    int flags, struct diag *diag);

#endif
