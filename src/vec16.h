/*
 * vec16: sixteen bytes looked at in one step, as one SSE2 register (or
 * another machine's vector register) holds, through GCC's vector extension
 * (clang has it too).  For the scans that pass over most bytes of a text
 * looking for a few: a comparison of two vectors gives, in each byte, all
 * ones where it holds and zero elsewhere.
 */
#ifndef OLSREAD_VEC16_H
#define OLSREAD_VEC16_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef unsigned char vec16 __attribute__((vector_size(16)));

/* Sixteen bytes from s, which need not be aligned. */
static inline vec16
vec16_load(const void *s)
{
	vec16	 v;

	memcpy(&v, s, sizeof(v));
	return v;
}

/* Every byte of a vector set to c. */
static inline vec16
vec16_all(unsigned char c)
{
	const vec16	 zero = { 0 };

	return zero + c;
}

/* The index of the first byte of `hit` that is not zero, or 16. */
static inline size_t
vec16_first(vec16 hit)
{
	uint64_t	 w[2];

	memcpy(w, &hit, sizeof(w));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (w[0] != 0)
		return (size_t)__builtin_ctzll(w[0]) / 8;
	if (w[1] != 0)
		return 8 + (size_t)__builtin_ctzll(w[1]) / 8;
	return 16;
#else
	for (size_t i = 0; i < 16; i++)
		if (hit[i] != 0)
			return i;
	return 16;
#endif
}

#endif
