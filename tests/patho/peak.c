/*
 * peak: run a command and write the most memory it or anything it waited
 * for held at once (the largest peak resident set, in KiB) to a file, for
 * the runner (run.sh) to hold --dump to its input's bound.  The command's
 * own exit status is peak's, 128 and the number for a signal, as the
 * shell says it.
 *
 * usage: peak FILE COMMAND [ARG...]
 */
#include <sys/resource.h>
#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	struct rusage	 ru;
	FILE		*f;
	pid_t		 pid;
	int		 st;

	if (argc < 3) {
		fprintf(stderr, "usage: peak FILE COMMAND [ARG...]\n");
		return 2;
	}
	if ((pid = fork()) == -1) {
		fprintf(stderr, "peak: fork: %s\n", strerror(errno));
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "peak: %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &st, 0) == -1)
		if (errno != EINTR) {
			fprintf(stderr, "peak: waitpid: %s\n", strerror(errno));
			return 2;
		}
	/* The largest of the children's, and of theirs waited for. */
	if (getrusage(RUSAGE_CHILDREN, &ru) == -1 ||
	    (f = fopen(argv[1], "w")) == NULL ||
	    fprintf(f, "%ld\n", ru.ru_maxrss) < 0 || fclose(f) == EOF) {
		fprintf(stderr, "peak: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
