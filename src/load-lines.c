/*
 * load-lines: lines counted as cmark counts them, the one primitive every
 * stage of the loader shares (the cut stage, the converter, the job).  It
 * calls nothing of the loader.
 */
#include "load-private.h"

/*
 * Lines end in the `len` bytes at `s`: counted 64 bytes at a time by a
 * loop of a known length, which the compiler makes vector compares (a
 * byte's count, for 64 fits one), where a memchr() a line costs a call
 * for each short line.
 */
size_t
load_count_lines(const char *s, size_t len)
{
	size_t		 n = 0, i = 0, k;
	unsigned char	 block;

	for (; len - i >= 64; i += 64) {
		block = 0;
		for (k = 0; k < 64; k++)
			block += s[i + k] == '\n';
		n += block;
	}
	for (; i < len; i++)
		n += s[i] == '\n';
	return n;
}
