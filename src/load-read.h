/*
 * The loader's reading stage (load-read.c): where the article's bytes
 * come from.  Shared by the loader's files, and by nothing else; no cmark
 * here, and nothing of the stages after it.
 */
#ifndef OLSREAD_LOAD_READ_H
#define OLSREAD_LOAD_READ_H

#include <sys/types.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct load_gzip;
struct stat;

/*
 * Bytes of input read at a step until the first piece is in, and after;
 * with LOAD_PIECES, an odd few, to cut lines and characters anywhere.
 */
#define LOAD_FIRST_STEP		(64 * 1024)
#define LOAD_STEP		(1024 * 1024)
#define LOAD_TEST_STEP		997

/* The input, as far as it is read. */
struct load_input {
	int			 fd;		/* the file, read as it loads;
						   or -1 */
	char			*path;		/* owned: the file's, to open it
						   again after load_park() */
	dev_t			 dev;		/* and what it was */
	ino_t			 ino;
	uint64_t		 stamp;		/* what it was: load_stamp_of() */
	bool			 racy;		/* changed too lately to tell by
						   the stamp */
	const char		*src;		/* else the input, in memory */
	size_t			 srclen;
	char			*srcowned;	/* owned: `src`, when read whole */
	char			*chunk;		/* owned: a step read from `fd` */
	int			 stream_fd;	/* a pipe, FIFO or device, read
						   whole when first needed; or
						   -1 */
	bool			 stream_owned;	/* closed once read */
	bool			 pipe;		/* read whole from a stream:
						   it cannot be read again */
	struct load_gzip	*gz;		/* owned: decoding the input, or
						   NULL */
	bool			 wait;		/* no input at this step, but
						   more to come */
	size_t			 taken;		/* input bytes taken */
	size_t			 expect;	/* input bytes in all, if known */
	size_t			 room;		/* bytes the text will want room
						   for, once known; the job
						   makes it and sets 0 */
	bool			 eof;		/* all of it is read (or all
						   there will be) */
	int			 read_errno;	/* a read error cut it short */
};

/* No input yet: load_read_file(), _buffer() or _from_stream() says which. */
void	 load_read_init(struct load_input *);
void	 load_read_release(struct load_input *);

/*
 * Open `path` for reading without blocking, and refuse what cannot be an
 * article: with `streams`, a regular file of at most LOAD_MAX_SIZE bytes,
 * a FIFO, a pipe or a character device; else a regular file only.  Its
 * status goes to `sb`.  Returns the descriptor or -1 with the reason in
 * `err`.
 */
int	 load_open(const char *path, bool streams, struct stat *sb, char *err,
	    size_t errlen);

/*
 * The input is the regular file `fd` opened from `path`, of status `sb`:
 * read as it loads, gzip decoded when it opens with gzip's magic.
 */
void	 load_read_file(struct load_input *, int fd, const char *path,
	    const struct stat *sb);

/* The input is `len` bytes at `s`, which must outlive it. */
void	 load_read_buffer(struct load_input *, const char *s, size_t len);

/* The input is the stream `fd`, closed with the input when `owned`. */
void	 load_read_from_stream(struct load_input *, int fd, bool owned);

/*
 * Read the stream whole, now that it is wanted, and take it as the input
 * in memory; a read error ends it where it stopped.
 */
void	 load_read_stream(struct load_input *);

/*
 * Up to `max` bytes more of the input, at `*at` (the step buffer, or in
 * place); 0 at its end, or with in->wait while a gzip size is checked.
 * A read error ends it early, in in->read_errno.  The caller adds what
 * it took to in->taken.
 */
size_t	 load_input(struct load_input *, size_t max, const char **at);

/*
 * Up to `max` bytes of the input from `off` on, into `to`, without moving
 * where the load reads next; 0 at its end, -1 on an error.
 */
ssize_t	 load_peek(struct load_input *, size_t off, char *to, size_t max);

/* The input is at its end: no more is read, the file is closed. */
void	 load_read_end(struct load_input *);

/* Let go of the file until the next read (load_park()). */
void	 load_read_park(struct load_input *);

/* Whether the file is let go of, and not read through. */
bool	 load_parked(const struct load_input *);

/*
 * Open the file let go of again, where it was left; false, with the
 * reason in in->read_errno, when that cannot be.
 */
bool	 load_unpark(struct load_input *);

/*
 * A gzip input's decoded size checked now (LOAD_CHECK), not as it loads:
 * EFBIG in in->read_errno when it is past the limit.
 */
void	 load_read_check(struct load_input *);

/* load_stamp() of the input. */
bool	 load_read_stamp(struct load_input *, uint64_t *);

/* Why the input stopped short, error `e`, for a reader. */
const char *load_stop_reason(const struct load_input *, int e);

/* Why the input could not be read, for load_start(). */
void	 load_start_error(const struct load_input *, char *err,
	    size_t errlen);

#endif
