/*
 * load-read: the loader's first stage, the bytes of the article as they
 * come: a file opened (a regular file, a pipe, a FIFO, standard input, a
 * character device), or bytes in memory; gzip known by its first bytes
 * and decoded as it is read (load-gzip.c); the byte limits; the file let
 * go of between steps and opened again; and its stamp.  It hands the job
 * bytes and nothing else: it knows nothing of what they become (the text,
 * its pieces, cmark, the doc).
 */
#include "load-read.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "load.h"
#include "load-gzip.h"
#include "util.h"
/* Seconds a file's clock may not tell apart: see load_stamp_racy(). */
#define LOAD_STAMP_TICK		2

/* Why the input stopped short, for a reader. */
const char *
load_stop_reason(const struct load_input *in, int e)
{
	if (e == EFBIG && in->gz != NULL)
		return "it decompresses to more than 1 GiB";
	if (e == EBADMSG && in->gz != NULL)
		return load_gzip_why(in->gz);
	if (e == EFBIG)
		return in->pipe ? "longer than 1 GiB" :
		    "the file grew past 1 GiB";
	if (e == ESTALE)
		return "the file changed as it was read";
	return strerror(e);
}

/* Why a file of mode `mode` cannot be an article, or NULL when it can. */
static const char *
load_refusal(mode_t mode)
{
	if (S_ISDIR(mode))
		return "is a directory";
	if (S_ISSOCK(mode))
		return "is a socket";
	if (S_ISBLK(mode))
		return "is a block device";
	if (!S_ISREG(mode) && !S_ISFIFO(mode) && !S_ISCHR(mode))
		return "not a file that can be read";
	return NULL;
}

/*
 * A FIFO opened without blocking reads as empty until a writer comes:
 * wait for its first bytes, or for a writer to come and go, as cat does.
 * The descriptor is kept, never opened again: a writer that wrote all and
 * left while it was open has left its bytes in it, and a FIFO opened anew
 * would lose them and wait for a writer that never comes.  (A pipe,
 * /dev/fd/N, has its writer already and does not wait.)
 */
static bool
load_wait_fifo(int fd)
{
	struct pollfd	 p = { .fd = fd, .events = POLLIN };
	int		 n;

	while ((n = poll(&p, 1, -1)) == -1 && errno == EINTR)
		continue;
	return n != -1;
}

/*
 * Open `path` for reading without blocking, and refuse what cannot be an
 * article: with `streams`, a regular file of at most LOAD_MAX_SIZE bytes,
 * a FIFO, a pipe or a character device; else a regular file only.  Its
 * status goes to `sb`.  Returns the descriptor or -1 with the reason in
 * `err`.
 */
int
load_open(const char *path, bool streams, struct stat *sb, char *err,
    size_t errlen)
{
	const char	*why;
	int		 fd;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1) {
		/* A socket cannot be opened: say what it is. */
		if (errno == ENXIO && stat(path, sb) == 0 &&
		    S_ISSOCK(sb->st_mode))
			snprintf(err, errlen, "is a socket");
		else
			snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	if (fstat(fd, sb) == -1)
		snprintf(err, errlen, "%s", strerror(errno));
	else if ((why = load_refusal(sb->st_mode)) != NULL)
		snprintf(err, errlen, "%s", why);
	else if (!S_ISREG(sb->st_mode) && !streams)
		snprintf(err, errlen, "not a regular file");
	else if (S_ISREG(sb->st_mode) &&
	    (unsigned long long)sb->st_size > LOAD_MAX_SIZE)
		snprintf(err, errlen, "file too large (%lld bytes; the limit "
		    "is 1 GiB)", (long long)sb->st_size);
	else if (S_ISFIFO(sb->st_mode) && !load_wait_fifo(fd))
		snprintf(err, errlen, "%s", strerror(errno));
	else if (fcntl(fd, F_SETFL, 0) == -1)
		snprintf(err, errlen, "%s", strerror(errno));
	else
		return fd;
	close(fd);
	return -1;
}

/*
 * What tells this file as it is from any other, or from itself changed:
 * device and inode, size, and the times of its last change of contents
 * and of status, which no one can set back (as git tells a file
 * unchanged).
 */
static uint64_t
load_stamp_of(const struct stat *sb)
{
	struct digest	 dg;
	long long	 f[] = { (long long)sb->st_dev, (long long)sb->st_ino,
			    (long long)sb->st_size,
			    (long long)sb->st_mtim.tv_sec, sb->st_mtim.tv_nsec,
			    (long long)sb->st_ctim.tv_sec, sb->st_ctim.tv_nsec };
	uint64_t	 stamp;

	digest_init(&dg);
	digest_add(&dg, f, sizeof(f));
	stamp = digest_end(&dg);
	/* 0 is no stamp. */
	return stamp != 0 ? stamp : 1;
}

/*
 * Whether the file changed so lately that it could change again within
 * the same tick of its clock (a second or two on some file systems), the
 * stamp staying the same: git calls such a file racily clean.
 */
static bool
load_stamp_racy(const struct stat *sb)
{
	time_t	 now = time(NULL), last = sb->st_mtim.tv_sec;

	if (sb->st_ctim.tv_sec > last)
		last = sb->st_ctim.tv_sec;
	return last >= now - LOAD_STAMP_TICK;
}

/* Take the file of `sb` as the job's. */
static void
load_take_file(struct load_input *in, const struct stat *sb)
{
	in->dev = sb->st_dev;
	in->ino = sb->st_ino;
	in->stamp = load_stamp_of(sb);
	in->racy = load_stamp_racy(sb);
	in->expect = (size_t)sb->st_size;
	in->room = in->expect + 1;
}

/*
 * Whether the job let go of its file (load_park()): a file not read
 * through, nor stopped by an error, and no descriptor.
 */
bool
load_parked(const struct load_input *in)
{
	return in->path != NULL && in->fd == -1 && !in->eof &&
	    in->read_errno == 0;
}

/*
 * Open the file let go of by load_park() again, where it was left.  Not
 * read from yet, it is taken as it is now, as if opened now: a file saved
 * meanwhile is read new.  Read from, it must be the same file unchanged.
 * False, with the reason in in->read_errno, when that cannot be: what was
 * read is all there is.
 */
bool
load_unpark(struct load_input *in)
{
	struct stat	 sb;
	char		 err[8];
	int		 fd;

	errno = 0;
	memset(&sb, 0, sizeof(sb));
	if ((fd = load_open(in->path, false, &sb, err, sizeof(err))) == -1) {
		/* Not a regular file, or too large: it set no errno. */
		in->read_errno = errno != 0 ? errno : S_ISREG(sb.st_mode) ?
		    EFBIG : ESTALE;
		return false;
	}
	/*
	 * A change within one tick of the file's clock cannot show here.
	 * gzip or not was decided on the file as it was: it must stay.
	 */
	if (in->taken == 0 && in->gz == NULL)
		load_take_file(in, &sb);
	else if (sb.st_dev != in->dev || sb.st_ino != in->ino ||
	    load_stamp_of(&sb) != in->stamp) {
		in->read_errno = ESTALE;
		close(fd);
		return false;
	}
	if (in->gz != NULL)
		load_gzip_set_fd(in->gz, fd);
	else if (lseek(fd, (off_t)in->taken, SEEK_SET) == -1) {
		in->read_errno = errno;
		close(fd);
		return false;
	}
	in->fd = fd;
	return true;
}

/*
 * Up to `max` bytes of the input from `off` on, into `to`, without moving
 * where the load reads next; 0 at its end, -1 on an error.
 */
ssize_t
load_peek(struct load_input *in, size_t off, char *to, size_t max)
{
	ssize_t	 n;

	if (in->fd == -1) {
		n = off < in->srclen ? (ssize_t)(in->srclen - off < max ?
		    in->srclen - off : max) : 0;
		memcpy(to, in->src + off, (size_t)n);
		return n;
	}
	while ((n = pread(in->fd, to, max, (off_t)off)) == -1 && errno == EINTR)
		continue;
	return n;
}

/*
 * Up to `max` bytes more of the gzip input, decoded into in->chunk; 0 at
 * its end, or with in->wait while its size is checked.
 */
static size_t
load_input_gzip(struct load_input *in, size_t max, const char **at)
{
	uint64_t	 size;
	size_t		 n;

	if (in->chunk == NULL)
		in->chunk = xmalloc(LOAD_STEP);
	*at = in->chunk;
	switch (load_gzip_read(in->gz, in->chunk, max, &n)) {
	case LOAD_GZIP_OK:
	case LOAD_GZIP_END:
		break;
	case LOAD_GZIP_WAIT:
		in->wait = true;
		break;
	case LOAD_GZIP_BAD:
		in->read_errno = EBADMSG;
		break;
	case LOAD_GZIP_BIG:
		in->read_errno = EFBIG;
		break;
	}
	/* Known once checked: the progress shown counts decoded bytes. */
	if ((size = load_gzip_size(in->gz)) != 0)
		in->expect = (size_t)size;
	return n;
}

/*
 * Up to `max` bytes more of the input, into in->chunk or in place; 0 at
 * its end.  A read error ends it early, with its errno in
 * in->read_errno, for the job to tell.
 */
size_t
load_input(struct load_input *in, size_t max, const char **at)
{
	ssize_t	 n;

	if (load_parked(in) && !load_unpark(in))
		return 0;
	in->wait = false;
	if (in->stream_fd != -1)
		load_read_stream(in);
	if (in->gz != NULL)
		return load_input_gzip(in, max, at);
	if (in->fd == -1) {
		*at = in->src + in->taken;
		return in->srclen - in->taken < max ? in->srclen - in->taken :
		    max;
	}
	if (in->chunk == NULL)
		in->chunk = xmalloc(LOAD_STEP);
	*at = in->chunk;
	while ((n = read(in->fd, in->chunk, max)) == -1 && errno == EINTR)
		continue;
	if (n == -1 || in->taken + (size_t)n > LOAD_MAX_SIZE) {
		in->read_errno = n == -1 ? errno : EFBIG;
		return 0;
	}
	return (size_t)n;
}

/*
 * Read `fd` to its end into `raw`, or to LOAD_MAX_SIZE bytes.  Returns 0,
 * or the errno of a read error, or EFBIG when there is more than that;
 * `raw` holds what was read all the same.
 */
static int
load_slurp(int fd, struct buf *raw)
{
	ssize_t	 n;

	for (;;) {
		buf_reserve(raw, LOAD_FIRST_STEP);
		n = read(fd, raw->data + raw->len, LOAD_FIRST_STEP);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return errno;
		if (n == 0)
			return 0;
		if ((raw->len += (size_t)n) > LOAD_MAX_SIZE) {
			raw->len = LOAD_MAX_SIZE;
			return EFBIG;
		}
	}
}

/*
 * Read the stream whole, now that it is wanted, and take it as the input
 * in memory; a read error ends it where it stopped.
 */
void
load_read_stream(struct load_input *in)
{
	struct buf	 raw;

	buf_init(&raw);
	buf_reserve(&raw, 1);
	in->read_errno = load_slurp(in->stream_fd, &raw);
	if (in->stream_owned)
		close(in->stream_fd);
	in->stream_fd = -1;
	in->src = in->srcowned = raw.data;
	in->srclen = in->expect = raw.len;
	in->room = raw.len + 1;
	if (load_gzip_is(raw.data, raw.len)) {
		in->gz = load_gzip_new(-1, raw.data, raw.len);
		in->expect = 0;
	}
}

/* Whether the file of `size` bytes at `fd` opens with gzip's magic. */
static bool
load_file_is_gzip(int fd, size_t size)
{
	unsigned char	 magic[2];

	return size >= sizeof(magic) && pread(fd, magic, sizeof(magic), 0) ==
	    (ssize_t)sizeof(magic) && load_gzip_is(magic, sizeof(magic));
}

/* Why the input could not be read, for load_start(). */
void
load_start_error(const struct load_input *in, char *err, size_t errlen)
{
	if (in->read_errno == EFBIG && in->gz != NULL)
		snprintf(err, errlen, "decompresses to more than 1 GiB");
	else if (in->read_errno == EFBIG)
		snprintf(err, errlen, "input too large (the limit is 1 GiB)");
	else
		snprintf(err, errlen, "%s", strerror(in->read_errno));
}

void
load_read_init(struct load_input *in)
{
	memset(in, 0, sizeof(*in));
	in->fd = -1;
	in->stream_fd = -1;
}

void
load_read_file(struct load_input *in, int fd, const char *path,
    const struct stat *sb)
{
	in->fd = fd;
	in->path = xstrdup(path);
	load_take_file(in, sb);
	if (load_file_is_gzip(fd, (size_t)sb->st_size)) {
		in->gz = load_gzip_new(fd, NULL, (size_t)sb->st_size);
		in->expect = 0;
	}
}

void
load_read_buffer(struct load_input *in, const char *s, size_t len)
{
	in->src = s;
	in->srclen = in->expect = len;
	if (load_gzip_is(s, len)) {
		in->gz = load_gzip_new(-1, s, len);
		in->expect = 0;
	}
	in->room = len + 1;
}

void
load_read_from_stream(struct load_input *in, int fd, bool owned)
{
	in->stream_fd = fd;
	in->stream_owned = owned;
	in->pipe = true;
}

void
load_read_end(struct load_input *in)
{
	in->eof = true;
	if (in->fd != -1)
		close(in->fd);
	in->fd = -1;
	free(in->chunk);
	in->chunk = NULL;
}

void
load_read_park(struct load_input *in)
{
	if (in->fd == -1 || in->eof)
		return;
	close(in->fd);
	in->fd = -1;
	free(in->chunk);
	in->chunk = NULL;
}

bool
load_read_stamp(struct load_input *in, uint64_t *stamp)
{
	/* The file that will be read: opened again if let go of unread. */
	if (load_parked(in) && in->taken == 0)
		load_unpark(in);
	*stamp = in->path == NULL || in->racy || in->read_errno != 0 ? 0 :
	    in->stamp;
	return *stamp != 0;
}

void
load_read_release(struct load_input *in)
{
	if (in->fd != -1)
		close(in->fd);
	if (in->stream_fd != -1 && in->stream_owned)
		close(in->stream_fd);
	free(in->path);
	load_gzip_free(in->gz);
	free(in->srcowned);
	free(in->chunk);
}

void
load_read_check(struct load_input *in)
{
	if (in->read_errno == 0 && in->gz != NULL && !load_gzip_check(in->gz))
		in->read_errno = EFBIG;
}
