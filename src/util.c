/*
 * util: allocation wrappers, the byte buffer and fatal().  It must stay free
 * of curses: the screen module hands it a cleanup hook instead.
 */
/* MADV_HUGEPAGE, which glibc declares only with _GNU_SOURCE. */
#define _GNU_SOURCE
#include "util.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The only mutable global of the core: set once by the screen module. */
static void (*util_cleanup)(void);

void
util_set_cleanup(void (*fn)(void))
{
	util_cleanup = fn;
}

void
fatal(const char *fmt, ...)
{
	va_list	 ap;

	if (util_cleanup != NULL) {
		void (*fn)(void) = util_cleanup;

		util_cleanup = NULL;
		fn();
	}
	fputs("olsread: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		fatal("xmalloc: zero size");
	if ((p = malloc(size)) == NULL)
		fatal("out of memory");
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		fatal("xcalloc: zero size");
	if ((p = calloc(n, size)) == NULL)
		fatal("out of memory");
	return p;
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		fatal("xreallocarray: zero size");
	if (n > SIZE_MAX / size)
		fatal("xreallocarray: %zu * %zu overflows", n, size);
	if ((p = realloc(old, n * size)) == NULL)
		fatal("out of memory");
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t len)
{
	char	*p;

	p = xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

void *
xgrow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t	 n;

	if (need <= *cap && p != NULL)
		return p;
	n = *cap < 16 ? 16 : *cap;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			fatal("xgrow: %zu elements overflow", need);
		n *= 2;
	}
	p = xreallocarray(p, n, size);
	*cap = n;
	return p;
}

void
buf_init(struct buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	buf_reserve(b, 0);
}

void
buf_release(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

void
buf_reserve(struct buf *b, size_t extra)
{
	if (extra >= SIZE_MAX - b->len)
		fatal("buffer overflow");
	/* One more byte for the terminating NUL. */
	b->data = xgrow(b->data, &b->cap, b->len + extra + 1, 1);
	b->data[b->len] = '\0';
}

/* The size of a huge page, where the system has them. */
#define UTIL_HUGE_PAGE	((uintptr_t)2 * 1024 * 1024)

/*
 * Ask for huge pages under the `len` bytes at `p`, not yet written: the
 * pages wholly inside, each of which a page fault then fills at once
 * instead of 4 KiB at a time.  Only advice: an error, or a system
 * without them, leaves small pages.
 */
static void
util_advise_huge(char *p, size_t len)
{
#ifdef MADV_HUGEPAGE
	uintptr_t	 from, to;

	from = ((uintptr_t)p + UTIL_HUGE_PAGE - 1) & ~(UTIL_HUGE_PAGE - 1);
	to = ((uintptr_t)p + len) & ~(UTIL_HUGE_PAGE - 1);
	if (to > from)
		(void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
	(void)p;
	(void)len;
#endif
}

void
buf_advise_huge(struct buf *b, size_t extra)
{
	if (b->data == NULL)
		return;
	/* Past the NUL that ends what it holds. */
	if (b->cap - b->len - 1 < extra)
		extra = b->cap - b->len - 1;
	util_advise_huge(b->data + b->len + 1, extra);
}

void
buf_add(struct buf *b, const void *p, size_t len)
{
	if (len == 0)
		return;
	if (len >= b->cap - b->len)
		buf_reserve(b, len);
	memcpy(b->data + b->len, p, len);
	b->len += len;
	b->data[b->len] = '\0';
}

void
buf_addc(struct buf *b, char c)
{
	buf_reserve(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

void
buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list	 again;
	int	 n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	if (n <= 0)
		return;
	buf_reserve(b, (size_t)n);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

/*
 * Eight bytes at a time, each mixed in by a multiply and a rotation, the
 * bytes short of a word and the length last: fast enough to go unnoticed
 * on a 10 MB article.
 */
void
digest_init(struct digest *d)
{
	memset(d, 0, sizeof(*d));
	d->h = 0x9e3779b97f4a7c15ULL;
}

static void
digest_word(struct digest *d, const unsigned char *s)
{
	uint64_t	 w;

	memcpy(&w, s, 8);
	d->h = (d->h ^ w) * 0xff51afd7ed558ccdULL;
	d->h = (d->h << 29) | (d->h >> 35);
}

void
digest_add(struct digest *d, const void *p, size_t len)
{
	const unsigned char	*s = p;
	size_t			 i = 0, n;

	d->len += len;
	if (d->ntail > 0) {
		n = 8 - d->ntail < len ? 8 - d->ntail : len;
		memcpy(d->tail + d->ntail, s, n);
		d->ntail += n;
		i = n;
		if (d->ntail < 8)
			return;
		digest_word(d, d->tail);
		d->ntail = 0;
	}
	for (; i + 8 <= len; i += 8)
		digest_word(d, s + i);
	memcpy(d->tail, s + i, len - i);
	d->ntail = len - i;
}

uint64_t
digest_end(const struct digest *d)
{
	uint64_t	 h = d->h, w = 0;
	size_t		 i;

	for (i = 0; i < d->ntail; i++)
		w = (w << 8) | d->tail[i];
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
	h ^= d->len;
	h = (h ^ (h >> 33)) * 0xff51afd7ed558ccdULL;
	return h ^ (h >> 33);
}
