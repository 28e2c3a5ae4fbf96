/*
 * diag: a list of diagnostics about the article or the configuration.  Core
 * modules append to it and never print; main, screen and dump show it.
 */
#ifndef OLSREAD_DIAG_H
#define OLSREAD_DIAG_H

#include <stddef.h>

#include "util.h"

struct diag {
	char	**msgs;		/* owned, each owned */
	size_t	  n;
	size_t	  cap;
};

void	 diag_init(struct diag *);
void	 diag_release(struct diag *);

/* Append one message, formatted like printf, without a trailing newline. */
void	 diag_add(struct diag *, const char *, ...) UTIL_PRINTF(2, 3);

#endif
