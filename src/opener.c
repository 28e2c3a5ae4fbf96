/*
 * opener: finds the program that opens links ($BROWSER, else xdg-open) and
 * runs it on one URL, as system(3) runs a command but without the shell:
 * posix_spawnp() with argv { program, URL }, so that nothing in the URL
 * is ever parsed by anyone but the program.  C-c and C-\ go to it alone
 * while olsread waits.  No curses here: the screen leaves and takes back
 * the terminal around opener_run().
 */
#include "opener.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "text.h"
#include "util.h"

/* Cells of the program's name in a message. */
#define OPENER_NAME_COLS	40

extern char	**environ;

/* Whether `dir`/`name` is a file we may run; an empty dir is ".". */
static bool
opener_in_dir(const char *dir, size_t len, const char *name)
{
	char	 path[4096];
	int	 n;

	n = snprintf(path, sizeof(path), "%.*s/%s", (int)(len > 0 ? len : 1),
	    len > 0 ? dir : ".", name);
	return n > 0 && (size_t)n < sizeof(path) && access(path, X_OK) == 0;
}

/* Whether PATH, as posix_spawnp() searches it, has `name`. */
static bool
opener_on_path(const char *name)
{
	const char	*path = getenv("PATH"), *p;
	size_t		 len;

	if (path == NULL)
		path = "/bin:/usr/bin";
	for (p = path;; p += len + 1) {
		len = strcspn(p, ":");
		if (opener_in_dir(p, len, name))
			return true;
		if (p[len] == '\0')
			return false;
	}
}

char *
opener_find(void)
{
	const char	*b = getenv("BROWSER");

	/* A list ("firefox:w3m", as xdg-utils reads it): the first only. */
	while (b != NULL && *b == ':')
		b++;
	if (b != NULL && *b != '\0')
		return xstrndup(b, strcspn(b, ":"));
	return opener_on_path("xdg-open") ? xstrdup("xdg-open") : NULL;
}

/*
 * Wait for `pid` as system(3) does: C-c and C-\ reach the program, which
 * shares the terminal, and must not end olsread as well.  C-z stops both,
 * as a shell's job, without curses' handler, which would draw over the
 * program when the job goes on.  Returns its wait status, or -1.
 */
static int
opener_wait(pid_t pid)
{
	struct sigaction	 ign, dfl, was_int, was_quit, was_tstp;
	int			 st, err;

	memset(&ign, 0, sizeof(ign));
	sigemptyset(&ign.sa_mask);
	dfl = ign;
	ign.sa_handler = SIG_IGN;
	dfl.sa_handler = SIG_DFL;
	sigaction(SIGINT, &ign, &was_int);
	sigaction(SIGQUIT, &ign, &was_quit);
	sigaction(SIGTSTP, NULL, &was_tstp);
	if (was_tstp.sa_handler != SIG_IGN)
		sigaction(SIGTSTP, &dfl, NULL);
	while ((err = waitpid(pid, &st, 0) == -1 ? errno : 0) == EINTR)
		continue;
	/* Blocked, one that came is pending still: ignoring drops it. */
	sigaction(SIGINT, &ign, NULL);
	sigaction(SIGQUIT, &ign, NULL);
	sigaction(SIGINT, &was_int, NULL);
	sigaction(SIGQUIT, &was_quit, NULL);
	sigaction(SIGTSTP, &was_tstp, NULL);
	errno = err;
	return err != 0 ? -1 : st;
}

/* Start `prog` on `url`; 0 and its pid in `*pid`, or an errno value. */
static int
opener_spawn(const char *prog, const char *url, int in, const sigset_t *mask,
    pid_t *pid)
{
	posix_spawnattr_t		 attr;
	posix_spawn_file_actions_t	 fa;
	sigset_t			 dfl;
	char				*argv[3];
	int				 err;

	argv[0] = (char *)prog;
	argv[1] = (char *)url;
	argv[2] = NULL;
	sigemptyset(&dfl);
	sigaddset(&dfl, SIGINT);
	sigaddset(&dfl, SIGQUIT);
	posix_spawnattr_init(&attr);
	posix_spawnattr_setsigmask(&attr, mask);
	posix_spawnattr_setsigdefault(&attr, &dfl);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK |
	    POSIX_SPAWN_SETSIGDEF);
	posix_spawn_file_actions_init(&fa);
	if (in != -1 && in != STDIN_FILENO)
		posix_spawn_file_actions_adddup2(&fa, in, STDIN_FILENO);
	err = posix_spawnp(pid, prog, &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	return err;
}

bool
opener_run(const char *prog, const char *url, int in, const sigset_t *mask,
    char *msg, size_t size)
{
	struct buf	 name;
	pid_t		 pid;
	int		 err, st = -1;

	/* $BROWSER is the user's, but it too reaches the terminal as text. */
	buf_init(&name);
	text_fit(prog, strlen(prog), OPENER_NAME_COLS, &name);
	if ((err = opener_spawn(prog, url, in, mask, &pid)) != 0)
		snprintf(msg, size, "Cannot run %s: %s", name.data,
		    strerror(err));
	else if ((st = opener_wait(pid)) == -1)
		snprintf(msg, size, "Lost %s: %s", name.data, strerror(errno));
	else if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		snprintf(msg, size, "Opened with %s", name.data);
	else if (WIFEXITED(st))
		snprintf(msg, size, "%s failed: exit status %d", name.data,
		    WEXITSTATUS(st));
	else
		snprintf(msg, size, "%s failed: killed by signal %d (%s)",
		    name.data, WTERMSIG(st), strsignal(WTERMSIG(st)));
	buf_release(&name);
	return err == 0 && st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}
