/*
 * text: the one module that talks to libunistring.  It sanitises input
 * bytes into valid UTF-8 and answers questions about characters: class,
 * cell width, break opportunities, grapheme clusters, and the visible
 * symbol that stands for a control character, and the folded copy of a
 * text that search runs over.  It never allocates what it returns, except
 * into a caller's struct buf or struct text_fold.
 */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicase.h>
#include <unictype.h>
#include <unigbrk.h>
#include <unilbrk.h>
#include <uninorm.h>
#include <uniwidth.h>

#include "util.h"
#include "vec16.h"

#define TEXT_ENCODING	"UTF-8"

void
text_sanitize_init(struct text_sanitizer *s)
{
	memset(s, 0, sizeof(*s));
}

/*
 * Check the sequence at `p` (`avail` bytes).  Returns its length when it is
 * a valid character, 0 when it is the valid start of a character cut short
 * by the end of `avail`, and minus the length of the maximal invalid subpart
 * otherwise (Unicode's recommended practice: each such subpart becomes one
 * U+FFFD).
 */
static long
text_check_seq(const unsigned char *p, size_t avail)
{
	unsigned char	 lo = 0x80, hi = 0xbf;
	size_t		 need, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] < 0xc2 || p[0] > 0xf4)
		return -1;
	need = p[0] < 0xe0 ? 2 : p[0] < 0xf0 ? 3 : 4;
	if (p[0] == 0xe0)
		lo = 0xa0;
	else if (p[0] == 0xed)
		hi = 0x9f;	/* no surrogates */
	else if (p[0] == 0xf0)
		lo = 0x90;
	else if (p[0] == 0xf4)
		hi = 0x8f;	/* nothing above U+10FFFF */
	for (i = 1; i < need; i++) {
		if (i >= avail)
			return 0;
		if (p[i] < lo || p[i] > hi)
			return -(long)i;
		lo = 0x80;
		hi = 0xbf;
	}
	return (long)need;
}

/*
 * Emit one checked sequence of `n` bytes, or U+FFFD when `valid` is false,
 * dropping a byte order mark that starts the input.
 */
static void
text_sanitize_emit(struct text_sanitizer *s, const unsigned char *p,
    size_t n, bool valid, struct buf *out)
{
	bool	 first = !s->started;

	s->started = true;
	s->after_cr = false;
	if (!valid) {
		s->invalid++;
		buf_add(out, TEXT_REPLACEMENT, 3);
	} else if (!(first && n == 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0))
		buf_add(out, p, n);
}

/* Finish a sequence carried over from the previous chunk. */
static size_t
text_sanitize_carry(struct text_sanitizer *s, const unsigned char *in,
    size_t len, struct buf *out)
{
	unsigned char	 tmp[8];
	size_t		 take, have;
	long		 r;

	take = len < 4 ? len : 4;
	memcpy(tmp, s->pend, s->npend);
	memcpy(tmp + s->npend, in, take);
	have = s->npend + take;
	r = text_check_seq(tmp, have);
	if (r == 0) {
		/* Still incomplete: the whole chunk was part of it. */
		memcpy(s->pend, tmp, have);
		s->npend = have;
		return len;
	}
	text_sanitize_emit(s, tmp, r > 0 ? (size_t)r : 0, r > 0, out);
	take = (size_t)(r > 0 ? r : -r) - s->npend;
	s->npend = 0;
	return take;
}

/*
 * Skip bytes that need no repair (ASCII other than NUL and CR) from `i`,
 * 32 at a time where it can.  Returns where the first other byte is.
 */
static size_t
text_plain_span(const unsigned char *in, size_t i, size_t len)
{
	const vec16	 zero = { 0 }, high = zero + 0x80, cr = zero + '\r';
	vec16		 a, b, bad;
	uint64_t	 w[2];

	for (; i + 32 <= len; i += 32) {
		a = vec16_load(in + i);
		b = vec16_load(in + i + 16);
		bad = (vec16)((a >= high) | (a == zero) | (a == cr) |
		    (b >= high) | (b == zero) | (b == cr));
		memcpy(w, &bad, 16);
		if (w[0] | w[1])
			break;
	}
	while (i < len && in[i] != 0 && in[i] < 0x80 && in[i] != '\r')
		i++;
	return i;
}

bool
text_is_plain(const char *in, size_t len)
{
	return text_plain_span((const unsigned char *)in, 0, len) == len;
}

bool
text_sanitize_is_clean(const struct text_sanitizer *s, const char *in,
    size_t len)
{
	return s->started && s->npend == 0 && !s->after_cr &&
	    text_plain_span((const unsigned char *)in, 0, len) == len;
}

void
text_sanitize_feed(struct text_sanitizer *s, const char *chunk, size_t len,
    struct buf *out)
{
	const unsigned char	*in = (const unsigned char *)chunk;
	size_t			 i = 0, run;
	long			 r;

	buf_reserve(out, len);
	if (s->npend > 0 && len > 0)
		i = text_sanitize_carry(s, in, len, out);
	if (s->after_cr && i < len && in[i] == '\n')
		i++;
	if (len == 0)
		return;
	if (i < len && in[i] != 0xef)
		s->started = true;
	s->after_cr = false;
	run = i;
	while (i < len) {
		unsigned char	 c;

		i = text_plain_span(in, i, len);
		if (i == len)
			break;
		if ((c = in[i]) != 0 && c < 0x80 && c != '\r') {
			i++;
			continue;
		}
		buf_add(out, in + run, i - run);
		if (c == '\r') {
			buf_addc(out, '\n');
			s->started = true;
			if (++i == len)
				s->after_cr = true;
			else if (in[i] == '\n')
				i++;
		} else if (c == 0) {
			s->nul++;
			s->started = true;
			buf_add(out, TEXT_REPLACEMENT, 3);
			i++;
		} else if ((r = text_check_seq(in + i, len - i)) == 0) {
			s->npend = len - i;
			memcpy(s->pend, in + i, s->npend);
			i = len;
		} else {
			text_sanitize_emit(s, in + i, (size_t)(r > 0 ? r : 0),
			    r > 0, out);
			i += (size_t)(r > 0 ? r : -r);
		}
		run = i;
	}
	buf_add(out, in + run, i - run);
}

void
text_sanitize_finish(struct text_sanitizer *s, struct buf *out)
{
	if (s->npend > 0) {
		/* A character cut short by the end of the input. */
		text_sanitize_emit(s, s->pend, 0, false, out);
		s->npend = 0;
	}
}

size_t
text_decode(const char *str, size_t len, uint32_t *cp)
{
	const unsigned char	*s = (const unsigned char *)str;
	long			 n;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	n = text_check_seq(s, len);
	switch (n) {
	case 2:
		*cp = (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
		return 2;
	case 3:
		*cp = (uint32_t)(s[0] & 0x0f) << 12 |
		    (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
		return 3;
	case 4:
		*cp = (uint32_t)(s[0] & 0x07) << 18 |
		    (uint32_t)(s[1] & 0x3f) << 12 |
		    (uint32_t)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
		return 4;
	default:
		*cp = 0xfffd;
		return 1;
	}
}

size_t
text_encode(uint32_t cp, char out[4])
{
	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

bool
text_is_upper(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= 'A' && cp <= 'Z';
	return uc_is_general_category(cp, UC_CATEGORY_Lu) ||
	    uc_is_general_category(cp, UC_CATEGORY_Lt);
}

bool
text_is_lower(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= 'a' && cp <= 'z';
	return uc_is_general_category(cp, UC_CATEGORY_Ll);
}

bool
text_is_alpha(uint32_t cp)
{
	if (cp < 0x80)
		return (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z';
	return uc_is_general_category(cp, UC_CATEGORY_L);
}

bool
text_is_mark(uint32_t cp)
{
	if (cp < 0x80)
		return false;
	return uc_is_general_category(cp, UC_CATEGORY_M);
}

bool
text_is_digit(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= '0' && cp <= '9';
	return uc_is_general_category(cp, UC_CATEGORY_Nd);
}

bool
text_is_space(uint32_t cp)
{
	if (cp < 0x80)
		return cp == ' ' || (cp >= '\t' && cp <= '\r');
	return uc_is_property_white_space(cp);
}

bool
text_is_control(uint32_t cp)
{
	return (cp < 0x20 && cp != '\t' && cp != '\n') ||
	    (cp >= 0x7f && cp < 0xa0);
}

size_t
text_control_symbol(uint32_t cp, char out[8])
{
	size_t	 n;

	if (cp < 0x20 || cp == 0x7f) {
		/* U+2400 CONTROL PICTURES: ␀ … ␟, and ␡ for DEL. */
		n = text_encode(cp == 0x7f ? 0x2421 : 0x2400 + cp, out);
		out[n] = '\0';
		return n;
	}
	snprintf(out, 8, "<%02X>", (unsigned int)(cp & 0xff));
	return 4;
}

unsigned int
text_char_width(uint32_t cp)
{
	int	 w;

	if (cp >= 0x20 && cp < 0x7f)
		return 1;
	if (text_is_control(cp))
		return cp >= 0x80 && cp < 0xa0 ? 4 : 1;
	if (cp == '\t' || cp == '\n')
		return 0;
	w = uc_width(cp, TEXT_ENCODING);
	return w < 0 ? 1 : (unsigned int)w;
}

size_t
text_width(const char *s, size_t len)
{
	size_t		 i = 0, w = 0;
	uint32_t	 cp;

	while (i < len) {
		if ((unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7f) {
			w++;
			i++;
			continue;
		}
		i += text_decode(s + i, len - i, &cp);
		w += text_char_width(cp);
	}
	return w;
}

/* The visible form of `cp` into `out`; returns its length. */
static size_t
text_visible(uint32_t cp, const char *s, size_t n, char out[8])
{
	if (cp == '\t' || cp == '\n') {
		out[0] = ' ';
		return 1;
	}
	if (text_is_control(cp))
		return text_control_symbol(cp, out);
	memcpy(out, s, n);
	return n;
}

/* Cells `cp` takes in one line: a tab or line break shows as a blank. */
static unsigned int
text_fit_cells(uint32_t cp)
{
	return cp == '\t' || cp == '\n' ? 1 : text_char_width(cp);
}

size_t
text_fit(const char *s, size_t len, size_t cols, struct buf *out)
{
	size_t		 i, n, vn, used = 0, start = out->len;
	uint32_t	 cp;
	char		 vis[8];
	unsigned int	 w;
	bool		 cut;

	/* Printable ASCII that fits: a cell a byte, nothing to show otherwise. */
	if (len > 0 && len <= cols && text_is_printable_ascii(s, len)) {
		buf_add(out, s, len);
		return len;
	}
	for (i = 0; i < len && used <= cols; i += n) {
		n = text_decode(s + i, len - i, &cp);
		used += text_fit_cells(cp);
	}
	cut = used > cols;
	used = 0;
	for (i = 0; i < len; i += n) {
		n = text_decode(s + i, len - i, &cp);
		w = text_fit_cells(cp);
		/* When cut, the ellipsis takes the last cell. */
		if (used + w + (cut ? 1 : 0) > cols)
			break;
		vn = text_visible(cp, s + i, n, vis);
		buf_add(out, vis, vn);
		used += w;
	}
	if (cut && used < cols) {
		buf_add(out, "\xe2\x80\xa6", 3);
		used++;
	}
	if (out->len == start)
		buf_reserve(out, 0);
	return used;
}

/*
 * A stretch where the folded text and its source differ in length, or in
 * where characters start: folded bytes [f, f + flen) stand for source
 * bytes [s, s + slen).  Between two units the texts map byte for byte, so
 * that an offset needs only the last unit before it.  Units are in text
 * order; only one that starts the text can have flen 0.
 */
struct text_fold_unit {
	size_t	 f;
	size_t	 flen;
	size_t	 s;
	size_t	 slen;
};

/*
 * The folds of non-ASCII characters met lately, so that a text in another
 * script asks libunistring once per character, not once per occurrence:
 * a slot per hash of the code point, the last one in wins.
 */
#define TEXT_FOLD_BITS		9
#define TEXT_FOLD_BLANK		0xff	/* slot len: white space */

struct text_fold_slot {
	uint32_t	 cp;		/* 0: empty */
	unsigned char	 len;		/* of fold, or TEXT_FOLD_BLANK */
	char		 fold[11];
};

struct text_fold_cache {
	struct text_fold_slot	 slot[1 << TEXT_FOLD_BITS];
};

void
text_fold_init(struct text_fold *tf, bool icase)
{
	memset(tf, 0, sizeof(*tf));
	buf_init(&tf->out);
	tf->icase = icase;
}

void
text_fold_release(struct text_fold *tf)
{
	buf_release(&tf->out);
	free(tf->units);
	free(tf->cache);
	tf->units = NULL;
	tf->cache = NULL;
	tf->nunits = tf->capunits = 0;
	tf->src = 0;
}

static void
text_fold_unit_add(struct text_fold *tf, size_t f, size_t flen, size_t s,
    size_t slen)
{
	struct text_fold_unit	*u;

	tf->units = xgrow(tf->units, &tf->capunits, tf->nunits + 1,
	    sizeof(*tf->units));
	u = &tf->units[tf->nunits++];
	u->f = f;
	u->flen = flen;
	u->s = s;
	u->slen = slen;
}

/*
 * `slen` source bytes at tf->src that fold to nothing: combining marks, or
 * white space after white space.  They join the character before them, so
 * that a match never leaves them behind.
 */
static void
text_fold_drop(struct text_fold *tf, size_t slen)
{
	struct text_fold_unit	*u = NULL;
	size_t			 f = tf->out.len, k = 0;

	if (tf->nunits > 0)
		u = &tf->units[tf->nunits - 1];
	if (u != NULL && u->f + u->flen == f && u->s + u->slen == tf->src) {
		u->slen += slen;
		return;
	}
	/* No unit ends here: the character before maps byte for byte. */
	while (k < f && k < 4) {
		k++;
		if (((unsigned char)tf->out.data[f - k] & 0xc0) != 0x80)
			break;
	}
	text_fold_unit_add(tf, f - k, k, tf->src - k, k + slen);
}

/* One white space character of `slen` bytes: a run becomes one space. */
static void
text_fold_blank(struct text_fold *tf, size_t slen)
{
	if (tf->space) {
		text_fold_drop(tf, slen);
		return;
	}
	if (slen != 1)
		text_fold_unit_add(tf, tf->out.len, 1, tf->src, slen);
	buf_addc(&tf->out, ' ');
	tf->space = true;
}

/* Length of the UTF-8 sequence that lead byte `c` starts. */
static size_t
text_seq_len(unsigned char c)
{
	return c < 0xc0 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
}

/*
 * The NFKD of non-ASCII character `cp`, `n` bytes at `s`, case-folded when
 * asked, its marks dropped, appended to the folded text.
 */
static void
text_fold_nfkd(struct text_fold *tf, const char *s, size_t n, uint32_t cp)
{
	uint8_t		 tmp[64], *r;
	size_t		 rlen = sizeof(tmp), i, k;
	uint32_t	 c;

	if (text_is_mark(cp))
		return;
	if (tf->icase)
		r = u8_casefold((const uint8_t *)s, n, NULL, UNINORM_NFKD, tmp,
		    &rlen);
	else
		r = u8_normalize(UNINORM_NFKD, (const uint8_t *)s, n, tmp,
		    &rlen);
	if (r == NULL) {
		/* Not a character libunistring takes: keep it as it is. */
		memcpy(tmp, s, n);
		r = tmp;
		rlen = n;
	}
	for (i = 0; i < rlen; i += k) {
		k = text_decode((const char *)r + i, rlen - i, &c);
		if (!text_is_mark(c))
			buf_add(&tf->out, r + i, k);
	}
	if (r != tmp)
		free(r);
}

/*
 * The cache's slot for `cp`: a character already folded holds it, and
 * one that is not may take it.
 */
static struct text_fold_slot *
text_fold_slot(struct text_fold *tf, uint32_t cp)
{
	if (tf->cache == NULL)
		tf->cache = xcalloc(1, sizeof(*tf->cache));
	/* Fibonacci hashing: the top bits of the product. */
	return &tf->cache->slot[(uint32_t)(cp * 2654435761U) >>
	    (32 - TEXT_FOLD_BITS)];
}

/*
 * A character of `n` source bytes was folded into the folded text from
 * `f` on: record a unit where the lengths or the character starts differ.
 */
static void
text_fold_placed(struct text_fold *tf, size_t f, size_t n)
{
	size_t	 flen = tf->out.len - f;

	if (flen == 0) {
		text_fold_drop(tf, n);
		return;
	}
	tf->space = false;
	/* One character for one of the same length maps byte for byte. */
	if (flen != n ||
	    text_seq_len((unsigned char)tf->out.data[f]) != flen)
		text_fold_unit_add(tf, f, flen, tf->src, n);
}

/*
 * One non-ASCII character `cp`, `n` bytes at `s`: white space, or its
 * fold, from the cache when it was folded lately.
 */
static void
text_fold_char(struct text_fold *tf, const char *s, size_t n, uint32_t cp)
{
	struct text_fold_slot	*sl = text_fold_slot(tf, cp);
	size_t			 f = tf->out.len, flen;
	bool			 blank;

	if (sl->cp == cp) {
		if (!(blank = sl->len == TEXT_FOLD_BLANK))
			buf_add(&tf->out, sl->fold, sl->len);
	} else if ((blank = text_is_space(cp))) {
		sl->cp = cp;
		sl->len = TEXT_FOLD_BLANK;
	} else {
		text_fold_nfkd(tf, s, n, cp);
		/* A fold too long for a slot is done every time. */
		if ((flen = tf->out.len - f) <= sizeof(sl->fold)) {
			sl->cp = cp;
			sl->len = (unsigned char)flen;
			memcpy(sl->fold, tf->out.data + f, flen);
		}
	}
	if (blank)
		text_fold_blank(tf, n);
	else
		text_fold_placed(tf, f, n);
}

/*
 * Fold ASCII from `str` up to the first byte that is not, or to white
 * space after white space.  Returns the bytes taken.  This is the path
 * nearly all text takes: it must stay a plain loop.
 */
static size_t
text_fold_ascii(struct text_fold *tf, const char *str, size_t len)
{
	const unsigned char	*s = (const unsigned char *)str;
	char			*o;
	size_t			 i, k;
	bool			 space = tf->space, icase = tf->icase;
	unsigned char		 c;

	buf_reserve(&tf->out, len);
	o = tf->out.data;
	k = tf->out.len;
	for (i = 0; i < len && (c = s[i]) < 0x80; i++) {
		if (c == ' ' || (c >= '\t' && c <= '\r')) {
			if (space)
				break;
			o[k++] = ' ';
			space = true;
			continue;
		}
		o[k++] = (char)(icase && c >= 'A' && c <= 'Z' ? c | 0x20 : c);
		space = false;
	}
	o[k] = '\0';
	tf->out.len = k;
	tf->space = space;
	tf->src += i;
	return i;
}

void
text_fold_add(struct text_fold *tf, const char *s, size_t len)
{
	size_t		 i = 0, n;
	uint32_t	 cp;

	while ((i += text_fold_ascii(tf, s + i, len - i)) < len) {
		n = text_decode(s + i, len - i, &cp);
		if (cp < 0x80)
			text_fold_blank(tf, n);	/* white space after white space */
		else
			text_fold_char(tf, s + i, n, cp);
		tf->src += n;
		i += n;
	}
}

/* The last unit that starts at or before folded offset `f`, or NULL. */
static const struct text_fold_unit *
text_fold_unit_at(const struct text_fold *tf, size_t f)
{
	size_t	 lo = 0, hi = tf->nunits, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (tf->units[mid].f <= f)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 ? &tf->units[lo - 1] : NULL;
}

size_t
text_fold_source(const struct text_fold *tf, size_t f, bool end)
{
	const struct text_fold_unit	*u;
	size_t				 at;

	if (f > tf->out.len)
		f = tf->out.len;
	if (end && f == 0)
		return 0;
	/* The byte whose character decides: an end's is the one before. */
	at = end ? f - 1 : f;
	if ((u = text_fold_unit_at(tf, at)) == NULL)
		return f;
	if (at < u->f + u->flen)
		return end ? u->s + u->slen : u->s;
	return f + (u->s + u->slen) - (u->f + u->flen);
}

void
text_fold_string(const char *s, size_t len, bool icase, struct buf *out)
{
	struct text_fold	 tf;

	text_fold_init(&tf, icase);
	text_fold_add(&tf, s, len);
	buf_add(out, tf.out.data, tf.out.len);
	text_fold_release(&tf);
}

static bool
text_is_control_at(const char *s, size_t len)
{
	uint32_t	 cp;

	text_decode(s, len, &cp);
	return text_is_control(cp);
}

/*
 * Line breaking classes of printable ASCII and TAB (UAX #14), in the order
 * of the pair table below.  Space is handled apart.
 */
enum text_lbc {
	LBC_AL, LBC_BA, LBC_CL, LBC_CP, LBC_EX, LBC_HY, LBC_IS, LBC_NU,
	LBC_OP, LBC_PO, LBC_PR, LBC_QU, LBC_SY, LBC_SP
};

/* The class of each ASCII character; letters and the rest are AL (0). */
static const unsigned char text_ascii_lbc[128] = {
	['\t'] = LBC_BA, [' '] = LBC_SP, ['!'] = LBC_EX, ['"'] = LBC_QU,
	['$'] = LBC_PR, ['%'] = LBC_PO, ['\''] = LBC_QU, ['('] = LBC_OP,
	[')'] = LBC_CP, ['+'] = LBC_PR, [','] = LBC_IS, ['-'] = LBC_HY,
	['.'] = LBC_IS, ['/'] = LBC_SY, ['0'] = LBC_NU, ['1'] = LBC_NU,
	['2'] = LBC_NU, ['3'] = LBC_NU, ['4'] = LBC_NU, ['5'] = LBC_NU,
	['6'] = LBC_NU, ['7'] = LBC_NU, ['8'] = LBC_NU, ['9'] = LBC_NU,
	[':'] = LBC_IS, [';'] = LBC_IS, ['?'] = LBC_EX, ['['] = LBC_OP,
	['\\'] = LBC_PR, [']'] = LBC_CP, ['{'] = LBC_OP, ['|'] = LBC_BA,
	['}'] = LBC_CL,
};

/*
 * libunistring's answers for a pair of ASCII classes: bit 0, a break is
 * allowed between them; bit 1, a break is allowed when spaces come between
 * them.  The unit test checks that this fast path gives exactly
 * u8_possible_linebreaks()'s results on ASCII text.
 */
static const unsigned char text_lbc_pairs[LBC_SP][LBC_SP] = {
	/*        AL BA CL CP EX HY IS NU OP PO PR QU SY */
	/* AL */ { 2, 2, 0, 0, 0, 2, 0, 2, 2, 2, 2, 2, 0 },
	/* BA */ { 3, 2, 0, 0, 0, 2, 0, 3, 3, 3, 3, 2, 0 },
	/* CL */ { 3, 2, 0, 0, 0, 2, 0, 3, 3, 2, 2, 2, 0 },
	/* CP */ { 2, 2, 0, 0, 0, 2, 0, 2, 3, 2, 2, 2, 0 },
	/* EX */ { 3, 2, 0, 0, 0, 2, 0, 3, 3, 3, 3, 2, 0 },
	/* HY */ { 3, 2, 0, 0, 0, 2, 0, 2, 3, 3, 3, 2, 0 },
	/* IS */ { 3, 2, 0, 0, 0, 2, 0, 2, 3, 3, 3, 2, 0 },
	/* NU */ { 2, 2, 0, 0, 0, 2, 0, 2, 2, 2, 2, 2, 0 },
	/* OP */ { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	/* PO */ { 2, 2, 0, 0, 0, 2, 0, 2, 2, 3, 3, 2, 0 },
	/* PR */ { 2, 2, 0, 0, 0, 2, 0, 2, 2, 3, 3, 2, 0 },
	/* QU */ { 2, 2, 0, 0, 0, 2, 0, 2, 0, 2, 2, 2, 0 },
	/* SY */ { 3, 2, 0, 0, 0, 2, 0, 2, 3, 3, 3, 2, 0 },
};

/* The break between classes `prev` and `cur`, blanks between them or not. */
static enum text_break
text_lb_pair(unsigned char prev, unsigned char cur, bool spaces)
{
	return text_lbc_pairs[prev][cur] & (spaces ? 2 : 1) ?
	    TEXT_BREAK_ALLOWED : TEXT_BREAK_NO;
}

/*
 * Break opportunities of text made only of printable ASCII and tabs, not
 * starting with a space: the pair table algorithm of UAX #14, which is
 * what libunistring does on such text, at a fraction of the cost.  Returns
 * false, with `brk` undefined, for any other text.
 */
static bool
text_linebreaks_ascii(const char *s, size_t len, char *brk)
{
	unsigned char	 prev, cur;
	size_t		 i;
	bool		 spaces = false;

	if ((unsigned char)s[0] >= 0x7f || (unsigned char)s[0] < 0x20 ||
	    s[0] == ' ')
		return false;
	prev = text_ascii_lbc[(unsigned char)s[0]];
	brk[0] = TEXT_BREAK_NO;
	for (i = 1; i < len; i++) {
		unsigned char	 c = (unsigned char)s[i];

		if (c >= 0x7f || (c < 0x20 && c != '\t'))
			return false;
		if ((cur = text_ascii_lbc[c]) == LBC_SP) {
			brk[i] = TEXT_BREAK_NO;
			spaces = true;
			continue;
		}
		brk[i] = (char)text_lb_pair(prev, cur, spaces);
		prev = cur;
		spaces = false;
	}
	return true;
}

bool
text_is_printable_ascii(const char *s, size_t len)
{
	const unsigned char	*u = (const unsigned char *)s;
	unsigned char		 out = 0;
	size_t			 i;

	/* No early exit: the loop stays one the compiler makes wide. */
	for (i = 0; i < len; i++)
		out |= (unsigned char)(u[i] - 0x20) > 0x7e - 0x20;
	return out == 0;
}

enum text_break
text_break_ascii_at(const char *s, size_t i)
{
	size_t	 j = i;

	if (i == 0 || s[i] == ' ')
		return TEXT_BREAK_NO;
	while (j > 0 && s[j - 1] == ' ')
		j--;
	/* s[0] is no space, so a byte that is none comes before. */
	return text_lb_pair(text_ascii_lbc[(unsigned char)s[j - 1]],
	    text_ascii_lbc[(unsigned char)s[i]], j < i);
}

void
text_linebreaks(const char *s, size_t len, char *brk)
{
	size_t	 i;
	char	 v;

	if (len == 0 || text_linebreaks_ascii(s, len, brk))
		return;
	u8_possible_linebreaks((const uint8_t *)s, len, TEXT_ENCODING, brk);
	for (i = 0; i < len; i++) {
		v = brk[i];
		/*
		 * Vertical tab, form feed and NEL are controls: shown as
		 * symbols, never obeyed.
		 */
		if (v == UC_BREAK_MANDATORY || v == UC_BREAK_CR_BEFORE_LF)
			brk[i] = text_is_control_at(s + i, len - i) ?
			    TEXT_BREAK_NO : TEXT_BREAK_MANDATORY;
		else
			brk[i] = v == UC_BREAK_POSSIBLE ||
			    v == UC_BREAK_HYPHENATION ? TEXT_BREAK_ALLOWED :
			    TEXT_BREAK_NO;
	}
}

size_t
text_grapheme_len(const char *s, size_t len)
{
	const uint8_t	*p = (const uint8_t *)s;
	const uint8_t	*next;

	if (len == 0)
		return 0;
	if (p[0] < 0x80 && (len == 1 || p[1] < 0x80) && p[0] != '\r')
		return 1;
	next = u8_grapheme_next(p, p + len);
	return next == NULL || next <= p ? 1 : (size_t)(next - p);
}
