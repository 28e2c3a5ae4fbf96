/*
 * fuzz: what the fuzz targets share.  Each target defines
 * LLVMFuzzerTestOneInput(); built with -Dfuzz=true under clang, libFuzzer
 * drives it; built otherwise, replay.c's main() feeds it the files named
 * on its command line, so that the seeds run as a test everywhere and the
 * targets cannot rot.
 */
#ifndef OLSREAD_FUZZ_H
#define OLSREAD_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* An invariant broke: say which, and crash for the fuzzer to see. */
#define FUZZ_CHECK(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
		abort();						\
	}								\
} while (0)

#endif
