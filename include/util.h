/*
 * util: memory allocation that never returns NULL, a growable byte buffer,
 * and fatal(), which restores the terminal through a registered cleanup hook
 * before it prints.  Nothing here knows about curses.
 */
#ifndef OLSREAD_UTIL_H
#define OLSREAD_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define UTIL_PRINTF(f, a) __attribute__((format(printf, f, a), nonnull(f)))

/* Allocators: out of memory is fatal; a zero size or an overflow is a bug. */
void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);

/*
 * Make room for at least `need` elements of `size` bytes in the array `p`
 * whose capacity is `*cap`, growing it geometrically.  Returns the array,
 * which may have moved.
 */
void	*xgrow(void *p, size_t *cap, size_t need, size_t size);

/* Print "olsread: MESSAGE" to standard error and exit 1. */
void	 fatal(const char *, ...) UTIL_PRINTF(1, 2) __attribute__((noreturn));

/*
 * Register the function that fatal() calls before it prints, so that the
 * screen module can give the terminal back first.  NULL removes it.
 */
void	 util_set_cleanup(void (*)(void));

/* A growable byte buffer; `data` is owned and always NUL-terminated. */
struct buf {
	char	*data;		/* owned */
	size_t	 len;
	size_t	 cap;
};

void	 buf_init(struct buf *);
void	 buf_release(struct buf *);
void	 buf_reserve(struct buf *, size_t extra);
/*
 * Ask for huge pages, where the system has them, under the room reserved
 * past what the buffer holds, up to `extra` bytes: for a buffer of
 * megabytes about to be filled, which would otherwise fault in a small
 * page at a time.
 */
void	 buf_advise_huge(struct buf *, size_t extra);
void	 buf_add(struct buf *, const void *, size_t);
void	 buf_addc(struct buf *, char);
void	 buf_adds(struct buf *, const char *);
void	 buf_printf(struct buf *, const char *, ...) UTIL_PRINTF(2, 3);
void	 buf_vprintf(struct buf *, const char *, va_list) UTIL_PRINTF(2, 0);

/*
 * A digest of bytes that come in pieces: equal for equal bytes however
 * they are cut, and almost never for different ones.  Not cryptographic:
 * it tells whether an article changed, not whether it was tampered with.
 */
struct digest {
	uint64_t	 h;
	uint64_t	 len;
	unsigned char	 tail[8];	/* bytes short of a word */
	size_t		 ntail;
};

void	 digest_init(struct digest *);
void	 digest_add(struct digest *, const void *, size_t);
uint64_t digest_end(const struct digest *);

#endif
