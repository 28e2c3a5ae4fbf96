/*
 * tap: prints "ok N - name" lines and a plan; the exit status says whether
 * every test passed, so that meson's TAP parser and a plain run agree.
 */
#include "tap.h"

#include <sys/wait.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int	 tap_count;
static int	 tap_failed;
static int	 tap_planned;

void
tap_plan(int n)
{
	tap_planned = n;
	if (n > 0)
		printf("1..%d\n", n);
}

static bool
tap_vok(bool pass, const char *fmt, va_list ap) TAP_PRINTF(2, 0);

static bool
tap_vok(bool pass, const char *fmt, va_list ap)
{
	printf("%sok %d - ", pass ? "" : "not ", ++tap_count);
	vprintf(fmt, ap);
	putchar('\n');
	if (!pass)
		tap_failed++;
	fflush(stdout);
	return pass;
}

bool
tap_ok(bool pass, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	tap_vok(pass, fmt, ap);
	va_end(ap);
	return pass;
}

bool
tap_is_int(long long got, long long want, const char *fmt, ...)
{
	va_list	 ap;
	bool	 pass = got == want;

	va_start(ap, fmt);
	tap_vok(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		tap_diag("got %lld, want %lld", got, want);
	return pass;
}

bool
tap_is_str(const char *got, const char *want, const char *fmt, ...)
{
	va_list	 ap;
	bool	 pass;

	pass = got != NULL && want != NULL ? strcmp(got, want) == 0 :
	    got == want;
	va_start(ap, fmt);
	tap_vok(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		tap_diag("got \"%s\", want \"%s\"", got ? got : "(null)",
		    want ? want : "(null)");
	return pass;
}

bool
tap_is_mem(const char *got, size_t got_len, const char *want,
    const char *fmt, ...)
{
	va_list	 ap;
	bool	 pass;

	pass = got_len == strlen(want) && memcmp(got, want, got_len) == 0;
	va_start(ap, fmt);
	tap_vok(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		tap_diag("got \"%.*s\", want \"%s\"", (int)got_len, got, want);
	return pass;
}

void
tap_diag(const char *fmt, ...)
{
	va_list	 ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void
tap_skip(int n, const char *fmt, ...)
{
	va_list	 ap;

	while (n-- > 0) {
		printf("ok %d # SKIP ", ++tap_count);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		putchar('\n');
	}
	fflush(stdout);
}

/* The child's counts, through `fd`; false if it died before it sent them. */
static bool
tap_child_counts(int fd, int counts[2])
{
	size_t	 got = 0;
	ssize_t	 n;

	while (got < 2 * sizeof(int)) {
		n = read(fd, (char *)counts + got, 2 * sizeof(int) - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		got += (size_t)n;
	}
	return true;
}

void
tap_in_child(const char *what, void (*fn)(void *), void *arg)
{
	int	 fds[2], counts[2], status = 0;
	pid_t	 pid;

	fflush(stdout);
	if (pipe(fds) == -1 || (pid = fork()) == -1) {
		tap_ok(false, "%s: no child process: %s", what,
		    strerror(errno));
		return;
	}
	if (pid == 0) {
		close(fds[0]);
		fn(arg);
		fflush(stdout);
		counts[0] = tap_count;
		counts[1] = tap_failed;
		_exit(write(fds[1], counts, sizeof(counts)) ==
		    (ssize_t)sizeof(counts) ? 0 : 1);
	}
	close(fds[1]);
	if (tap_child_counts(fds[0], counts)) {
		tap_count = counts[0];
		tap_failed = counts[1];
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		continue;
	if (WIFSIGNALED(status))
		tap_ok(false, "%s: killed by signal %d", what,
		    WTERMSIG(status));
	else if (WEXITSTATUS(status) != 0)
		tap_ok(false, "%s: its child exited %d", what,
		    WEXITSTATUS(status));
}

int
tap_done(void)
{
	if (tap_planned == 0)
		printf("1..%d\n", tap_count);
	else if (tap_planned != tap_count) {
		tap_diag("planned %d tests, ran %d", tap_planned, tap_count);
		return 1;
	}
	return tap_failed > 0 ? 1 : 0;
}
