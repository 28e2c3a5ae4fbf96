/*
 * opener: the program that opens a link, and running it.  It is part of
 * the executable, not of the core, for it spawns: posix_spawnp() with the
 * URL as the one argument, never through a shell, the environment as it
 * is.  Which URLs may be opened is link.h's to say, before this is asked.
 */
#ifndef OLSREAD_OPENER_H
#define OLSREAD_OPENER_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * The program that opens links: $BROWSER when set, the first of its
 * ':'-separated names that is not empty, taken as one program name (a
 * path, or a name looked up in PATH), with no arguments; else xdg-open,
 * when PATH has it.  Returns a new string owned by the caller, or NULL
 * when there is neither.
 */
char	*opener_find(void);

/*
 * Run `prog` with `url` as its one argument and wait for it.  In it, the
 * signals are blocked as in `mask`, and, when `in` is not -1, standard
 * input is `in` (the terminal, where the article came through a pipe).
 * While it runs, C-c and C-\ are its own: olsread ignores them, and drops
 * any that came meanwhile.  What came of it, for the message line, goes
 * in `msg`.  Returns whether it ran and exited 0.
 */
bool	 opener_run(const char *prog, const char *url, int in,
	    const sigset_t *mask, char *msg, size_t size);

#endif
