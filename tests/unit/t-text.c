/*
 * t-text: the text module on crafted input: sanitising (invalid UTF-8 of
 * every kind, NUL, CR, BOM, chunk boundaries), cell widths (CJK,
 * combining marks, emoji, ZWJ), control symbols, breaks and clusters.
 */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unilbrk.h>

#include "tap.h"
#include "util.h"

/* Sanitise `in` fed in chunks of `chunk` bytes; returns an owned string. */
static char *
sanitize(const char *in, size_t len, size_t chunk, size_t *invalid)
{
	struct text_sanitizer	 s;
	struct buf		 out;
	size_t			 off, n;

	text_sanitize_init(&s);
	buf_init(&out);
	for (off = 0; off < len; off += n) {
		n = len - off < chunk ? len - off : chunk;
		text_sanitize_feed(&s, in + off, n, &out);
	}
	text_sanitize_finish(&s, &out);
	if (invalid != NULL)
		*invalid = s.invalid + s.nul;
	return out.data;
}

static const struct {
	const char	*name;
	const char	*in;
	size_t		 len;
	const char	*want;
	size_t		 repaired;
} sanitize_cases[] = {
	{ "ascii", "abc", 3, "abc", 0 },
	{ "valid 2-4 bytes", "\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80", 9,
	    "\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80", 0 },
	{ "lone continuation", "a\x80" "b", 3, "a\xef\xbf\xbd" "b", 1 },
	{ "overlong slash", "\xc0\xaf", 2, "\xef\xbf\xbd\xef\xbf\xbd", 2 },
	{ "overlong 3-byte", "\xe0\x80\xaf", 3,
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", 3 },
	{ "surrogate", "\xed\xa0\x80", 3,
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", 3 },
	{ "above U+10FFFF", "\xf4\x90\x80\x80", 4,
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", 4 },
	{ "invalid lead F8", "\xf8", 1, "\xef\xbf\xbd", 1 },
	{ "truncated at end", "ab\xe4\xb8", 4, "ab\xef\xbf\xbd", 1 },
	{ "truncated then ascii", "\xe4\xb8z", 3, "\xef\xbf\xbdz", 1 },
	{ "NUL", "a\0b", 3, "a\xef\xbf\xbd" "b", 1 },
	{ "CR LF", "a\r\nb\r\n", 6, "a\nb\n", 0 },
	{ "lone CR", "a\rb\r", 4, "a\nb\n", 0 },
	{ "CR CR LF", "a\r\r\nb", 5, "a\n\nb", 0 },
	{ "BOM", "\xef\xbb\xbfhi", 5, "hi", 0 },
	{ "BOM only at start", "x\xef\xbb\xbf", 4, "x\xef\xbb\xbf", 0 },
	{ "controls kept", "\x1b[31m\x7f\xc2\x9b", 8, "\x1b[31m\x7f\xc2\x9b",
	    0 },
	{ "empty", "", 0, "", 0 },
};

static void
test_sanitize(void)
{
	static const size_t	 chunks[] = { 1, 2, 3, 64 };
	size_t			 i, j, rep;
	char			*got;

	for (i = 0; i < sizeof(sanitize_cases) / sizeof(*sanitize_cases);
	    i++) {
		for (j = 0; j < sizeof(chunks) / sizeof(*chunks); j++) {
			got = sanitize(sanitize_cases[i].in,
			    sanitize_cases[i].len, chunks[j], &rep);
			tap_is_str(got, sanitize_cases[i].want,
			    "sanitize %s, chunks of %zu",
			    sanitize_cases[i].name, chunks[j]);
			tap_is_int((long long)rep,
			    (long long)sanitize_cases[i].repaired,
			    "sanitize %s counts repairs",
			    sanitize_cases[i].name);
			free(got);
		}
	}
}

/* A byte to repair at every offset of a long line, past the fast path. */
static void
test_sanitize_positions(void)
{
	static const struct {
		char		 bad;
		const char	*want;
	} kinds[] = {
		{ '\0', TEXT_REPLACEMENT },
		{ '\r', "\n" },
		{ (char)0x80, TEXT_REPLACEMENT },
	};
	char		 in[100], want[110], *got;
	size_t		 k, pos, n, bad = 0;

	for (k = 0; k < sizeof(kinds) / sizeof(*kinds); k++) {
		for (pos = 0; pos < sizeof(in); pos++) {
			memset(in, 'a', sizeof(in));
			in[pos] = kinds[k].bad;
			n = strlen(kinds[k].want);
			memset(want, 'a', pos);
			memcpy(want + pos, kinds[k].want, n);
			memset(want + pos + n, 'a', sizeof(in) - pos - 1);
			want[sizeof(in) - 1 + n] = '\0';
			got = sanitize(in, sizeof(in), sizeof(in), NULL);
			bad += strcmp(got, want) != 0;
			free(got);
		}
	}
	tap_is_int((long long)bad, 0, "a NUL, a CR or a bad byte is found "
	    "at every offset of a line");
}

static void
test_widths(void)
{
	tap_is_int((long long)text_width("abc", 3), 3, "ascii width");
	tap_is_int((long long)text_width("\xe4\xb8\xad\xe6\x96\x87", 6), 4,
	    "CJK is two cells a character");
	tap_is_int((long long)text_width("e\xcc\x81", 3), 1,
	    "combining acute takes no cell");
	tap_is_int((long long)text_width("\xf0\x9f\x98\x80", 4), 2,
	    "emoji is two cells");
	tap_is_int((long long)text_width("\xe2\x80\x8d", 3), 0,
	    "ZWJ takes no cell");
	tap_is_int((long long)text_width("\x1b", 1), 1,
	    "ESC is as wide as its symbol");
	tap_is_int((long long)text_width("\xc2\x9b", 2), 4,
	    "C1 CSI is as wide as <9B>");
	tap_is_int((long long)text_width("\xef\xbf\xbd", 3), 1,
	    "U+FFFD is one cell");
}

static void
test_controls(void)
{
	char	 sym[8];

	tap_ok(text_is_control(0x1b), "ESC is a control");
	tap_ok(text_is_control(0x7f), "DEL is a control");
	tap_ok(text_is_control(0x9b), "CSI is a control");
	tap_ok(!text_is_control('\t'), "TAB is not");
	tap_ok(!text_is_control('\n'), "LF is not");
	tap_ok(!text_is_control(0xa0), "NBSP is not");
	text_control_symbol(0x1b, sym);
	tap_is_str(sym, "\xe2\x90\x9b", "ESC shows as U+241B");
	text_control_symbol(0x00, sym);
	tap_is_str(sym, "\xe2\x90\x80", "NUL shows as U+2400");
	text_control_symbol(0x7f, sym);
	tap_is_str(sym, "\xe2\x90\xa1", "DEL shows as U+2421");
	text_control_symbol(0x9b, sym);
	tap_is_str(sym, "<9B>", "CSI shows as <9B>");
}

static void
test_breaks(void)
{
	const char	*s = "Rik van Riel";
	const char	*cjk = "\xe4\xb8\xad\xe6\x96\x87";
	const char	*ff = "a\fb";
	char		 brk[32];

	text_linebreaks(s, strlen(s), brk);
	tap_is_int(brk[4], TEXT_BREAK_ALLOWED, "a line may start at 'van'");
	tap_is_int(brk[5], TEXT_BREAK_NO, "not inside 'van'");
	tap_is_int(brk[3], TEXT_BREAK_NO, "not before a space");
	text_linebreaks(cjk, 6, brk);
	tap_is_int(brk[3], TEXT_BREAK_ALLOWED, "between two ideographs");
	tap_is_int(brk[1], TEXT_BREAK_NO, "not inside a character");
	text_linebreaks("a\nb", 3, brk);
	tap_is_int(brk[1], TEXT_BREAK_MANDATORY, "LF is mandatory");
	text_linebreaks(ff, 3, brk);
	tap_ok(brk[1] != TEXT_BREAK_MANDATORY, "form feed is shown, not obeyed");
}

/* libunistring's own answer, mapped as text_linebreaks() maps it. */
static void
reference_breaks(const char *s, size_t len, char *brk)
{
	size_t	 i;

	u8_possible_linebreaks((const uint8_t *)s, len, "UTF-8", brk);
	for (i = 0; i < len; i++)
		brk[i] = brk[i] == UC_BREAK_POSSIBLE ? TEXT_BREAK_ALLOWED :
		    brk[i] == UC_BREAK_MANDATORY ? TEXT_BREAK_MANDATORY :
		    TEXT_BREAK_NO;
}

/*
 * `n` random bytes of printable ASCII, mostly letters and spaces, as prose
 * is: `blanks` in 160 are spaces.
 */
static void
random_prose(char *s, size_t n, unsigned int blanks, unsigned int *seed)
{
	unsigned int	 a;
	size_t		 k;

	for (k = 0; k < n; k++) {
		*seed = *seed * 1103515245 + 12345;
		a = (*seed >> 16) % 160;
		s[k] = a < 60 ? (char)('a' + a % 26) : a < 60 + blanks ? ' ' :
		    (char)(0x21 + a % 94);
	}
}

/*
 * The ASCII fast path must agree with libunistring everywhere: on every
 * string of three characters drawn from TAB, space and printable ASCII, and
 * on long random strings.
 */
static void
test_ascii_breaks(void)
{
	char		 s[64], got[64], want[64];
	unsigned int	 a, b, c, seed = 12345;
	size_t		 i, n, bad = 0, tried = 0;

	for (a = 0x1f; a < 0x7f; a++)
		for (b = 0x1f; b < 0x7f; b++)
			for (c = 0x1f; c < 0x7f; c++) {
				s[0] = a == 0x1f ? '\t' : (char)a;
				s[1] = b == 0x1f ? '\t' : (char)b;
				s[2] = c == 0x1f ? '\t' : (char)c;
				text_linebreaks(s, 3, got);
				reference_breaks(s, 3, want);
				bad += memcmp(got, want, 3) != 0;
				tried++;
			}
	for (i = 0; i < 200000; i++) {
		n = 4 + i % 40;
		random_prose(s, n, 30, &seed);
		text_linebreaks(s, n, got);
		reference_breaks(s, n, want);
		bad += memcmp(got, want, n) != 0;
		tried++;
	}
	tap_is_int((long long)bad, 0, "ASCII breaks agree with libunistring "
	    "on %zu strings", tried);
}

/*
 * The break before one byte, found from the bytes before it, is the one
 * the whole pass finds there, on printable ASCII that opens with no blank;
 * and such text is told from any other.
 */
static void
test_ascii_break_at(void)
{
	char		 s[64], brk[64];
	unsigned int	 seed = 777;
	size_t		 i, k, n, bad = 0, tried = 0;

	for (i = 0; i < 100000; i++) {
		n = 1 + i % 60;
		random_prose(s, n, 40, &seed);
		if (s[0] == ' ')
			s[0] = 'x';
		text_linebreaks(s, n, brk);
		for (k = 0; k < n; k++, tried++)
			bad += (int)text_break_ascii_at(s, k) != brk[k];
	}
	tap_is_int((long long)bad, 0, "a break found alone agrees with the "
	    "pass at %zu bytes", tried);
	tap_ok(text_is_printable_ascii("a b ~ }", 7) &&
	    text_is_printable_ascii("", 0) &&
	    !text_is_printable_ascii("a\tb", 3) &&
	    !text_is_printable_ascii("a\x7f", 2) &&
	    !text_is_printable_ascii("caf\xc3\xa9", 5) &&
	    !text_is_printable_ascii("a\nb", 3), "printable ASCII told apart");
}

static void
test_clusters(void)
{
	/* A family: man ZWJ woman ZWJ girl. */
	const char	*fam = "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9"
	    "\xe2\x80\x8d\xf0\x9f\x91\xa7!";
	uint32_t	 cp;

	tap_is_int((long long)text_grapheme_len("e\xcc\x81x", 4), 3,
	    "a base and its combining mark are one cluster");
	/* libunistring 1.0 keeps the joiner with the emoji before it. */
	tap_ok(text_grapheme_len(fam, strlen(fam)) >= 7,
	    "a ZWJ stays with the emoji before it");
	tap_is_int((long long)text_grapheme_len("ab", 2), 1, "ascii");
	tap_is_int((long long)text_decode("\xc3\xa9", 2, &cp), 2,
	    "decode length");
	tap_is_int(cp, 0xe9, "decode value");
	tap_is_int((long long)text_decode("\xff", 1, &cp), 1,
	    "a bad byte decodes as one byte");
	tap_is_int(cp, 0xfffd, "as U+FFFD");
}

static void
test_classes(void)
{
	tap_ok(text_is_upper(0xc9), "É is upper");
	tap_ok(text_is_upper(0x1c5), "titlecase Dž counts as upper");
	tap_ok(text_is_lower(0xe9), "é is lower");
	tap_ok(text_is_alpha(0x4e2d), "中 is a letter");
	tap_ok(!text_is_alpha('-'), "hyphen is not");
	tap_ok(text_is_mark(0x301), "U+0301 is a mark");
	tap_ok(text_is_space(0x3000), "ideographic space is space");
	tap_ok(text_is_digit('7'), "7 is a digit");
}

/* Fitting a line to a width: an ellipsis only where something is cut. */
static void
test_fit(void)
{
	static const struct {
		const char	*s;
		size_t		 cols;
		const char	*want;
	} cases[] = {
		{ "hello", 10, "hello" },
		{ "hello", 5, "hello" },
		{ "hello world", 5, "hell\xe2\x80\xa6" },
		{ "a\tb\nc", 5, "a b c" },
		{ "a\tb\nc", 4, "a b\xe2\x80\xa6" },
		{ "\xe5\x9b\xbd\xe9\x99\x85", 3, "\xe5\x9b\xbd\xe2\x80\xa6" },
		{ "x", 0, "" },
	};
	struct buf	 b;
	size_t		 i, used;

	buf_init(&b);
	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		b.len = 0;
		used = text_fit(cases[i].s, strlen(cases[i].s), cases[i].cols,
		    &b);
		tap_ok(b.len == strlen(cases[i].want) && memcmp(b.data,
		    cases[i].want, b.len) == 0 && used <= cases[i].cols &&
		    used == text_width(b.data, b.len), "fit \"%s\" to %zu",
		    cases[i].want, cases[i].cols);
	}
	buf_release(&b);
}

int
main(void)
{
	tap_plan(0);
	test_sanitize();
	test_sanitize_positions();
	test_widths();
	test_controls();
	test_breaks();
	test_ascii_breaks();
	test_ascii_break_at();
	test_clusters();
	test_classes();
	test_fit();
	return tap_done();
}
