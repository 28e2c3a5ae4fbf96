/*
 * tap: a small emitter of the Test Anything Protocol for the unit tests.
 * Call tap_plan() first and return tap_done() from main().
 */
#ifndef OLSREAD_TAP_H
#define OLSREAD_TAP_H

#include <stdbool.h>
#include <stddef.h>

#define TAP_PRINTF(f, a) __attribute__((format(printf, f, a)))

void	 tap_plan(int);		/* 0: the plan is printed by tap_done() */
bool	 tap_ok(bool, const char *, ...) TAP_PRINTF(2, 3);
bool	 tap_is_int(long long, long long, const char *, ...) TAP_PRINTF(3, 4);
bool	 tap_is_str(const char *, const char *, const char *, ...)
	    TAP_PRINTF(3, 4);
/* Compare `got_len` bytes at `got` with the NUL-terminated `want`. */
bool	 tap_is_mem(const char *got, size_t got_len, const char *want,
	    const char *, ...) TAP_PRINTF(4, 5);
void	 tap_diag(const char *, ...) TAP_PRINTF(1, 2);
void	 tap_skip(int, const char *, ...) TAP_PRINTF(2, 3);
/*
 * Run fn(arg) in a child process, its tests numbered on from the ones
 * before, so that what it leaves (memory held, a crash, an alarm) is
 * not the next one's.  A child that dies is a failed test named `what`.
 */
void	 tap_in_child(const char *what, void (*fn)(void *), void *arg);
int	 tap_done(void);

#endif
