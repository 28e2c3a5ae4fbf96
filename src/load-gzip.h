/*
 * The loader's gzip reader, shared by load-read.c and load-gzip.c and by
 * nothing else: the only code that includes zlib.h.  It decodes a gzip
 * file (or gzip bytes in memory) a step at a time, for the loader's steps,
 * and makes sure first, with a second decoder whose output is thrown
 * away, that what it decodes to stays within LOAD_MAX_SIZE: a "zip bomb"
 * is found after at most that much work, with nothing of it kept.
 */
#ifndef OLSREAD_LOAD_GZIP_H
#define OLSREAD_LOAD_GZIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct load_gzip;

enum load_gzip_status {
	LOAD_GZIP_OK,		/* some bytes decoded */
	LOAD_GZIP_WAIT,		/* none yet: the size is being checked */
	LOAD_GZIP_END,		/* the stream ended well */
	LOAD_GZIP_BAD,		/* corrupt or truncated: load_gzip_why() */
	LOAD_GZIP_BIG		/* it decodes to more than LOAD_MAX_SIZE */
};

/* Whether `len` bytes at `s` open a gzip stream (its magic bytes). */
bool		 load_gzip_is(const void *s, size_t len);

/*
 * Start decoding the `size` bytes of file `fd` (read with pread(), so
 * the descriptor's offset does not matter), or, when `fd` is -1, the
 * `size` bytes at `mem`, which must outlive the reader.  Returns a new
 * reader owned by the caller (free with load_gzip_free()).
 */
struct load_gzip *load_gzip_new(int fd, const void *mem, uint64_t size);
void		 load_gzip_free(struct load_gzip *);

/* The file is open again as `fd` (load_park() let go of it). */
void		 load_gzip_set_fd(struct load_gzip *, int fd);

/*
 * Decode up to `max` bytes into `out`, their number in `*n`.  The first
 * MiB comes at once, for the first screen; past it, a file that could
 * decode past the limit is checked first, a bounded step of work a call,
 * each such call returning LOAD_GZIP_WAIT.
 */
enum load_gzip_status load_gzip_read(struct load_gzip *, char *out,
		    size_t max, size_t *n);

/*
 * Check now, all at once, that the stream decodes to no more than
 * LOAD_MAX_SIZE bytes: false when it decodes to more.
 */
bool		 load_gzip_check(struct load_gzip *);

/* Why the stream stopped (LOAD_GZIP_BAD): "corrupt at byte 1234 (...)". */
const char	*load_gzip_why(const struct load_gzip *);

/* What the stream decodes to, in all: 0 until it is known. */
uint64_t	 load_gzip_size(const struct load_gzip *);

#endif
