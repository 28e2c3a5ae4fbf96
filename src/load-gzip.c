/*
 * load-gzip: gzip articles, decoded with zlib a step at a time.  Two
 * decoders read the same input: `keep`, whose bytes become the article,
 * and `count`, whose bytes are thrown away, which runs to the end first
 * whenever the input is large enough to decode past LOAD_MAX_SIZE.  So a
 * bomb is refused after at most that much work and a scratch buffer of
 * memory.  Members follow one another as gzip(1) reads them; bytes after
 * the last that are not gzip are ignored, as gzip(1) ignores them.  No
 * doc and no cmark here: bytes in, bytes out.
 */
#include "load-gzip.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "load.h"
#include "util.h"

/* Input read at a time from the file, and the count's scratch output. */
#define LOAD_GZIP_IN		(64 * 1024)
#define LOAD_GZIP_SCRATCH	(64 * 1024)

/*
 * Decoded bytes `keep` may give before the size is known: enough for
 * the first screen, too few to matter if the stream proves a bomb.
 */
#define LOAD_GZIP_UNCHECKED	((uint64_t)1 << 20)

/* Decoded bytes the count goes through at a call: a few ms of work. */
#define LOAD_GZIP_COUNT_STEP	((uint64_t)8 << 20)

/*
 * Deflate at best codes 258 bytes in a bit or so: no input decodes to
 * more than about 1032 times its size.  Smaller input cannot pass the
 * limit, and needs no count.
 */
#define LOAD_GZIP_MAX_RATIO	1100

/* One decoder and where its input stands. */
struct load_gzip_side {
	z_stream	 z;
	unsigned char	*in;		/* owned: input read from the file */
	uint64_t	 at;		/* the next input byte to read */
	uint64_t	 out;		/* bytes decoded so far */
	bool		 in_member;	/* inside a member, not between */
	bool		 done;		/* at the end, or stopped */
};

struct load_gzip {
	int			 fd;		/* borrowed: the file; or -1 */
	const unsigned char	*mem;		/* borrowed: else the input */
	uint64_t		 size;		/* input bytes */
	struct load_gzip_side	 keep;
	struct load_gzip_side	 count;
	bool			 checked;	/* the size is known to fit */
	bool			 big;		/* it does not */
	unsigned char		*scratch;	/* owned: the count's output */
	char			 why[160];
};

bool
load_gzip_is(const void *s, size_t len)
{
	const unsigned char	*p = s;

	return len >= 2 && p[0] == 0x1f && p[1] == 0x8b;
}

static void
load_gzip_side_init(struct load_gzip_side *sd)
{
	memset(sd, 0, sizeof(*sd));
	/* 16 + 15: a gzip header and trailer, the largest window. */
	if (inflateInit2(&sd->z, 16 + MAX_WBITS) != Z_OK)
		fatal("zlib: cannot start a decoder");
}

struct load_gzip *
load_gzip_new(int fd, const void *mem, uint64_t size)
{
	struct load_gzip	*g = xcalloc(1, sizeof(*g));

	g->fd = fd;
	g->mem = mem;
	g->size = size;
	load_gzip_side_init(&g->keep);
	load_gzip_side_init(&g->count);
	g->checked = size <= LOAD_MAX_SIZE / LOAD_GZIP_MAX_RATIO;
	return g;
}

void
load_gzip_free(struct load_gzip *g)
{
	if (g == NULL)
		return;
	inflateEnd(&g->keep.z);
	inflateEnd(&g->count.z);
	free(g->keep.in);
	free(g->count.in);
	free(g->scratch);
	free(g);
}

void
load_gzip_set_fd(struct load_gzip *g, int fd)
{
	g->fd = fd;
}

const char *
load_gzip_why(const struct load_gzip *g)
{
	return g->why;
}

uint64_t
load_gzip_size(const struct load_gzip *g)
{
	if (g->keep.done)
		return g->keep.out;
	return g->checked && g->count.done ? g->count.out : 0;
}

/*
 * More input for `sd`, when it has none: from memory in place, or read
 * from the file.  Returns false at the end of the input, or on a read
 * error, which `g->why` then tells.
 */
static bool
load_gzip_fill(struct load_gzip *g, struct load_gzip_side *sd)
{
	uint64_t	 left = g->size - sd->at;
	size_t		 want;
	ssize_t		 n;

	if (sd->z.avail_in > 0)
		return true;
	if (sd->at >= g->size)
		return false;
	if (g->fd == -1) {
		sd->z.next_in = (unsigned char *)(uintptr_t)(g->mem + sd->at);
		sd->z.avail_in = left > UINT_MAX ? UINT_MAX : (uInt)left;
		sd->at += sd->z.avail_in;
		return true;
	}
	if (sd->in == NULL)
		sd->in = xmalloc(LOAD_GZIP_IN);
	want = left < LOAD_GZIP_IN ? (size_t)left : LOAD_GZIP_IN;
	while ((n = pread(g->fd, sd->in, want, (off_t)sd->at)) == -1 &&
	    errno == EINTR)
		continue;
	if (n <= 0) {
		snprintf(g->why, sizeof(g->why), "%s at byte %llu",
		    n == 0 ? "the file shrank" : strerror(errno),
		    (unsigned long long)sd->at);
		return false;
	}
	sd->z.next_in = sd->in;
	sd->z.avail_in = (uInt)n;
	sd->at += (uint64_t)n;
	return true;
}

/* Where `sd` stands in the input, for a message. */
static unsigned long long
load_gzip_where(const struct load_gzip_side *sd)
{
	return (unsigned long long)(sd->at - sd->z.avail_in);
}

/*
 * A member ended: the stream ends with the input, or with bytes that
 * are not gzip; else the next member starts.
 */
static enum load_gzip_status
load_gzip_member_end(struct load_gzip *g, struct load_gzip_side *sd)
{
	sd->in_member = false;
	if (!load_gzip_fill(g, sd))
		return g->why[0] != '\0' ? LOAD_GZIP_BAD : LOAD_GZIP_END;
	if (sd->z.avail_in >= 2 && !load_gzip_is(sd->z.next_in, 2))
		return LOAD_GZIP_END;
	inflateReset(&sd->z);
	return LOAD_GZIP_OK;
}

/* The decoder stopped on `r`: say where and why. */
static enum load_gzip_status
load_gzip_fail(struct load_gzip *g, struct load_gzip_side *sd, int r)
{
	if (r == Z_MEM_ERROR)
		fatal("zlib: out of memory");
	snprintf(g->why, sizeof(g->why), "gzip data corrupt at byte %llu "
	    "(%s)", load_gzip_where(sd), sd->z.msg != NULL ? sd->z.msg :
	    "bad data");
	return LOAD_GZIP_BAD;
}

/* The input ended inside a member, with nothing more to decode. */
static enum load_gzip_status
load_gzip_truncated(struct load_gzip *g)
{
	snprintf(g->why, sizeof(g->why), "gzip data truncated at byte %llu",
	    (unsigned long long)g->size);
	return LOAD_GZIP_BAD;
}

/*
 * Decode into `sd` up to `max` bytes at `out`, their number in `*n`.
 * Returns LOAD_GZIP_OK while the stream goes on.
 */
static enum load_gzip_status
load_gzip_inflate(struct load_gzip *g, struct load_gzip_side *sd,
    unsigned char *out, size_t max, size_t *n)
{
	enum load_gzip_status	 st = LOAD_GZIP_OK;
	uInt			 room;
	bool			 more;
	int			 r;

	sd->z.next_out = out;
	sd->z.avail_out = (uInt)max;
	while (sd->z.avail_out > 0 && st == LOAD_GZIP_OK) {
		more = load_gzip_fill(g, sd);
		if (!more && (g->why[0] != '\0' || !sd->in_member)) {
			st = g->why[0] != '\0' ? LOAD_GZIP_BAD : LOAD_GZIP_END;
			break;
		}
		/*
		 * Without more input the decoder may still hold output that
		 * found no room last time: it is asked once more for it.
		 */
		sd->in_member = true;
		room = sd->z.avail_out;
		if ((r = inflate(&sd->z, Z_NO_FLUSH)) == Z_STREAM_END)
			st = load_gzip_member_end(g, sd);
		else if (r != Z_OK && r != Z_BUF_ERROR)
			st = load_gzip_fail(g, sd, r);
		else if (!more && sd->z.avail_out == room)
			st = load_gzip_truncated(g);
	}
	*n = max - sd->z.avail_out;
	sd->out += *n;
	if (st != LOAD_GZIP_OK)
		sd->done = true;
	return st;
}

/*
 * A step of the count: decode and throw away until the end, or past the
 * limit, or LOAD_GZIP_COUNT_STEP bytes.  A corrupt stream ends the count
 * where it stops: `keep` will stop there too, and say so.
 */
static void
load_gzip_count(struct load_gzip *g)
{
	uint64_t	 until = g->count.out + LOAD_GZIP_COUNT_STEP;
	size_t		 n;
	char		 why[sizeof(g->why)];

	if (g->scratch == NULL)
		g->scratch = xmalloc(LOAD_GZIP_SCRATCH);
	memcpy(why, g->why, sizeof(why));
	while (!g->count.done && g->count.out < until &&
	    g->count.out <= LOAD_MAX_SIZE)
		load_gzip_inflate(g, &g->count, g->scratch,
		    LOAD_GZIP_SCRATCH, &n);
	/* The count's own errors are keep's to tell, when it comes there. */
	memcpy(g->why, why, sizeof(why));
	if (g->count.out > LOAD_MAX_SIZE)
		g->big = true;
	else if (g->count.done)
		g->checked = true;
}

bool
load_gzip_check(struct load_gzip *g)
{
	while (!g->checked && !g->big)
		load_gzip_count(g);
	return g->checked;
}

enum load_gzip_status
load_gzip_read(struct load_gzip *g, char *out, size_t max, size_t *n)
{
	enum load_gzip_status	 st;

	*n = 0;
	if (!g->checked && !g->big &&
	    g->keep.out + max > LOAD_GZIP_UNCHECKED) {
		load_gzip_count(g);
		if (!g->checked && !g->big)
			return LOAD_GZIP_WAIT;
	}
	if (g->big)
		return LOAD_GZIP_BIG;
	if (g->keep.done)
		return g->why[0] != '\0' ? LOAD_GZIP_BAD : LOAD_GZIP_END;
	st = load_gzip_inflate(g, &g->keep, (unsigned char *)out, max, n);
	/* What came before the end is given first; the end, next time. */
	return *n > 0 ? LOAD_GZIP_OK : st;
}
