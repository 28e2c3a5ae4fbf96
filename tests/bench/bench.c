/*
 * bench: olsread's speed and memory beside cmark's and less's, on the same
 * bytes and in the same run, so that the ratios hold whatever machine runs
 * it.  It builds a 10 MiB article and a 200 MiB one from the sample (and
 * uses the corpus when present) and prints one table per file (a corpus
 * file's ends with its first screen beside less's), and for the
 * 10 MiB article a second one, the pager's: the time to the first screen
 * in a pseudo-terminal beside less's, the 200 MiB article's first screen
 * and how fast keys are answered while it loads, the first lines of --toc
 * and --dump on a pipe, and the view's work for a resize, a page down and
 * a jump; and a third, search's: the first
 * search, a later one beside grep, and the highlights of a screen.  It is
 * a report, not a test: it exits 0 whatever the ratios, and 1 only when
 * something could not run at all.
 *
 * Usage: olsread-bench OLSREAD SAMPLE [CORPUS-DIR]
 */

/* wait4() is the only call that gives one child's peak memory. */
#define _DEFAULT_SOURCE

#include <sys/types.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmark.h>

#include "diag.h"
#include "doc.h"
#include "keymap.h"
#include "layout.h"
#include "load.h"
#include "search.h"
#include "view.h"

/* Runs of every measure; the median is reported, so keep it odd. */
#ifndef BENCH_RUNS
#define BENCH_RUNS	9
#endif

/*
 * The generated articles hold whole copies of the sample up to these: the
 * one everything is measured on, and a large one that only opens, to show
 * that the first screen does not grow with the article.
 */
#define BENCH_SIZE	((size_t)10 << 20)
#define BENCH_BIG_SIZE	((size_t)200 << 20)

#define BENCH_WIDTH	80
#define BENCH_WIDTH_ARG	"80"

/* Heading levels numbered in the generated article. */
#define BENCH_LEVELS	6

/* A command line sent to the spawner, NUL-separated. */
#define BENCH_MAXARGS	16
#define BENCH_MAXREQ	8192

/*
 * The pager's terminal, the size a resize goes to, and the pager's widest
 * text; how long to wait, in ms, for the first screen and then for the
 * pager to quit; and the tag that starts a command line the spawner runs in
 * a pseudo-terminal rather than with its output on /dev/null.
 */
#define BENCH_COLS		100
#define BENCH_LINES		30
#define BENCH_RESIZE_COLS	90
#define BENCH_RESIZE_LINES	28
#define BENCH_MEASURE		80
#define BENCH_SCREEN_WAIT	10000.0
#define BENCH_QUIT_WAIT		2000.0
#define BENCH_PTY		"@pty"
/*
 * The same, then BENCH_KEY_PRESSES times: h, for the help, timed to its
 * title, and h again to close it, BENCH_KEY_GAP ms apart, while the
 * article loads.
 */
#define BENCH_KEYS		"@keys"
/* As BENCH_PTY, but where the pager left the article last time. */
#define BENCH_AGAIN		"@again"
/*
 * A command line run with its output on a pipe, timed to its first line,
 * as `| head -1` would see it; then the pipe is closed.
 */
#define BENCH_FIRST		"@first"
#define BENCH_KEY_PRESSES	5
#define BENCH_KEY_GAP		20.0
/*
 * The help's title at 100 columns begins "olsread help:"; one word of it,
 * since curses may move over a blank a cell already holds.
 */
#define BENCH_HELP_MARK		"help:"
/* Keys answered within this many ms feel immediate. */
#define BENCH_KEY_LIMIT		100
/* The title's bytes looked for in the pager's output. */
#define BENCH_MARK		24

/*
 * Search: the first query (its folding included), a later one (grep -c -i
 * runs it too), a query with many matches and one with few, whose
 * highlights for one screen are found BENCH_HL_REPS times over, so that
 * the time can be read, among at most BENCH_HL_SEGS segments.
 */
#define BENCH_Q_FIRST		"van riel"
#define BENCH_Q_LATER		"kernel"
#define BENCH_Q_MANY		"e"
#define BENCH_Q_FEW		"kroah"
#define BENCH_HL_REPS		1000
#define BENCH_HL_SEGS		1024
/* Microseconds the highlights of a screen may take, whatever the query. */
#define BENCH_HL_LIMIT		50

extern char	**environ;

enum bench_measure {
	BENCH_PARSE,		/* libcmark parse, in-process */
	BENCH_PARSE_FREE,	/* the same plus freeing the tree */
	BENCH_LOAD,		/* load_file(), in-process, in pieces */
	BENCH_LOAD_WHOLE,	/* the same, as one piece */
	BENCH_LAYOUT,		/* every block at BENCH_WIDTH, in-process */
	BENCH_SPEAKERS,		/* the speakers of every section, found again */
	BENCH_DUMP_WALL,	/* olsread --dump -w 80 */
	BENCH_CM_WALL,		/* cmark -t commonmark --width 80 */
	BENCH_HTML_WALL,	/* cmark, HTML */
	BENCH_DUMP_RSS,		/* peak memory of the same three, KiB */
	BENCH_CM_RSS,
	BENCH_HTML_RSS,
	BENCH_SCREEN,		/* olsread FILE in a pty, to its first screen */
	BENCH_SAMPLE_PARSE,	/* libcmark parse of the sample */
	BENCH_SAMPLE_SCREEN,	/* the sample's first screen, as above */
	BENCH_LESS_SCREEN,	/* less -m FILE, to its first screen */
	BENCH_LESS_SAMPLE,	/* less -m on the sample */
	BENCH_REFS_SCREEN,	/* olsread, "[N]" in every heading */
	BENCH_LESS_REFS,	/* less -m on the same */
	BENCH_REFS_BIG,		/* olsread, the same at 200 MiB */
	BENCH_GZ_SCREEN,	/* olsread FILE.gz, to its first screen */
	BENCH_LESS_GZ,		/* less -m FILE.gz, LESSOPEN="|gzip -dc %s" */
	BENCH_BIG_SCREEN,	/* olsread on the 200 MiB article */
	BENCH_BIG_AGAIN,	/* the same, opened again where it was left */
	BENCH_BIG_KEY_MAX,	/* the slowest of its keys while it loads */
	BENCH_BIG_KEY_MED,	/* and their median */
	BENCH_SAMPLE_KEY_MAX,	/* the same keys on the sample, loaded */
	BENCH_TOC_FIRST,	/* olsread --toc FILE, to its first line */
	BENCH_TOC_FIRST_BIG,	/* the same on the 200 MiB article */
	BENCH_DUMP_FIRST,	/* olsread --dump -w 80 FILE, the same */
	BENCH_DUMP_FIRST_BIG,
	BENCH_RESIZE,		/* view work: resize, then one screen */
	BENCH_PAGE_DOWN,	/* view work: page down, then one screen */
	BENCH_JUMP,		/* view work: to the last talk, one screen */
	BENCH_SEARCH_FIRST,	/* search_run(), a new index, in-process */
	BENCH_SEARCH_LATER,	/* search_run(), another query, same index */
	BENCH_GREP_WALL,	/* grep -c -i BENCH_Q_LATER FILE */
	BENCH_HL_MANY,		/* search_within() over one screen, us */
	BENCH_HL_FEW,
	BENCH__MAX
};

/* What one input file gave. */
struct bench_file {
	const char	*path;		/* borrowed */
	size_t		 bytes;
	size_t		 nblocks;
	size_t		 nlines;	/* display lines at BENCH_WIDTH */
	unsigned int	 ntalks;
	size_t		 nspeakers;	/* names found in all sections */
	bool		 pager;		/* measure the pager too */
	bool		 pty_failed;	/* a first screen never came */
	bool		 less_failed;	/* nor less's */
	bool		 grep_failed;	/* grep could not be run */
	bool		 first_failed;	/* nor a first line timed */
	size_t		 nmany;		/* matches of BENCH_Q_MANY */
	size_t		 nfew;		/* and of BENCH_Q_FEW */
	size_t		 hlmany;	/* of them on the screen */
	size_t		 hlfew;
	char		 mark[BENCH_MARK + 1];	/* the title, or its start */
	double		 v[BENCH__MAX][BENCH_RUNS];
};

struct bench {
	const char	*olsread;	/* borrowed: argv */
	const char	*sample;	/* borrowed: argv */
	const char	*sample_text;	/* borrowed: main's */
	size_t		 sample_len;
	char		 sample_mark[BENCH_MARK + 1];
	char		*tmpdir;	/* owned, or NULL */
	char		*generated;	/* owned, or NULL */
	char		*big;		/* owned: the 200 MiB one, or NULL */
	char		*refs;		/* owned: the 10 MiB one, "[N]" in
					   its headings, or NULL */
	char		*refs_big;	/* owned: the same at 200 MiB */
	char		*gz;		/* owned: the 10 MiB one gzipped, or
					   NULL */
	char		 refs_mark[BENCH_MARK + 1];
	char		*state;		/* owned: the pager's XDG_STATE_HOME */
	pid_t		 spawner;	/* runs the programs */
	int		 req;		/* command lines to the spawner */
	int		 resp;		/* struct bench_result from it */
};

/* What the spawner says about one program it ran. */
struct bench_result {
	int		 ok;
	double		 ms;		/* wall time */
	double		 kib;		/* peak resident memory */
	double		 key_max;	/* BENCH_KEYS: slowest answer, ms */
	double		 key_med;	/* and the median */
};

static double
bench_now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static char *
bench_join(const char *dir, const char *name)
{
	size_t	 n = strlen(dir) + 1 + strlen(name) + 1;
	char	*s;

	if ((s = malloc(n)) == NULL) {
		perror("bench");
		exit(1);
	}
	snprintf(s, n, "%s/%s", dir, name);
	return s;
}

/* Read `path` whole.  Returns a new buffer owned by the caller, or NULL. */
static char *
bench_slurp(const char *path, size_t *len)
{
	FILE	*f;
	char	*s = NULL;
	size_t	 cap = 0, n = 0, got;

	if ((f = fopen(path, "rb")) == NULL) {
		fprintf(stderr, "bench: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	do {
		if (n == cap) {
			cap = cap == 0 ? 1 << 16 : cap * 2;
			if ((s = realloc(s, cap)) == NULL) {
				perror("bench");
				exit(1);
			}
		}
		got = fread(s + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	if (ferror(f)) {
		fprintf(stderr, "bench: %s: read error\n", path);
		free(s);
		s = NULL;
	}
	fclose(f);
	*len = n;
	return s;
}

/* A fence opener or closer: up to 3 spaces, then 3 or more ` or ~. */
static size_t
bench_fence(const char *p, const char *e, char *c)
{
	size_t	 i = 0, n = 0;

	while (i < 3 && p + i < e && p[i] == ' ')
		i++;
	if (p + i == e || (p[i] != '`' && p[i] != '~'))
		return 0;
	*c = p[i];
	while (p + i + n < e && p[i + n] == *c)
		n++;
	return n >= 3 ? n : 0;
}

/* An ATX heading's level, and where its hashes end; 0 for other lines. */
static unsigned int
bench_heading(const char *p, const char *e, size_t *end)
{
	size_t	 i = 0, n = 0;

	while (i < 3 && p + i < e && p[i] == ' ')
		i++;
	while (p + i + n < e && p[i + n] == '#')
		n++;
	if (n == 0 || n > BENCH_LEVELS)
		return 0;
	if (p + i + n < e && p[i + n] != ' ' && p[i + n] != '\t' &&
	    p[i + n] != '\n')
		return 0;
	*end = i + n;
	return (unsigned int)n;
}

/*
 * Write copy `copy` of the sample, each ATX heading numbered after the copy
 * and its place ("# 17 Trip report...", "## 17.3 Ugly ducklings..."), so
 * that no two sections of the result share a title; with `refs`, the
 * number in brackets ("## [17.3] Ugly..."), which reads as a reference
 * until no definition of it is known to come.  Levels are kept: every
 * copy keeps its H1.  Lines in fenced code are left alone.
 */
static void
bench_copy(FILE *f, const char *s, size_t len, unsigned int copy, bool refs)
{
	unsigned int	 count[BENCH_LEVELS + 1] = { 0 };
	unsigned int	 h, k;
	const char	*p = s, *e = s + len, *nl;
	size_t		 fence = 0, n, end;
	char		 fc = 0, c;

	for (; p < e; p = nl) {
		nl = memchr(p, '\n', (size_t)(e - p));
		nl = nl == NULL ? e : nl + 1;
		if ((n = bench_fence(p, nl, &c)) != 0 &&
		    (fence == 0 || (c == fc && n >= fence))) {
			fence = fence == 0 ? n : 0;
			fc = c;
		} else if (fence == 0 &&
		    (h = bench_heading(p, nl, &end)) != 0) {
			count[h]++;
			for (k = h + 1; k <= BENCH_LEVELS; k++)
				count[k] = 0;
			fwrite(p, 1, end, f);
			fprintf(f, refs ? " [%u" : " %u", copy);
			for (k = 2; k <= h; k++)
				fprintf(f, ".%u", count[k]);
			if (refs)
				fputc(']', f);
			p += end;
		}
		fwrite(p, 1, (size_t)(nl - p), f);
	}
	if (len > 0 && s[len - 1] != '\n')
		fputc('\n', f);
}

/*
 * Write an article of whole copies of the sample up to `size` bytes into
 * the temporary directory, as `name`; its path goes to `*path`.  With
 * `refs`, "[N]" numbers the headings.
 */
static int
bench_generate(const struct bench *b, const char *sample, size_t len,
    const char *name, size_t size, bool refs, char **path)
{
	FILE		*f;
	unsigned int	 copy;
	long		 at;

	*path = bench_join(b->tmpdir, name);
	if ((f = fopen(*path, "w")) == NULL) {
		fprintf(stderr, "bench: %s: %s\n", *path, strerror(errno));
		free(*path);
		*path = NULL;
		return -1;
	}
	for (copy = 1; (at = ftell(f)) >= 0 && (size_t)at < size; copy++) {
		if (copy > 1)
			fputc('\n', f);
		bench_copy(f, sample, len, copy, refs);
	}
	/* On the disk before anything is timed: no writeback meanwhile. */
	if (at < 0 || fflush(f) == EOF || fsync(fileno(f)) == -1 ||
	    ferror(f) || fclose(f) == EOF) {
		fprintf(stderr, "bench: %s: write error\n", *path);
		return -1;
	}
	printf("generated %s: %u copies of the sample, %ld bytes\n", *path,
	    copy - 1, at);
	return 0;
}

/*
 * Run `argv` with standard output on /dev/null and wait for it.  Gives its
 * wall time in ms and its peak resident memory in KiB.  Returns -1 when it
 * cannot start or does not exit 0.
 */
static int
bench_spawn(const char *const argv[], double *ms, double *kib)
{
	posix_spawn_file_actions_t	 fa;
	struct rusage			 ru;
	double				 t0;
	pid_t				 pid;
	int				 e, st;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null",
	    O_WRONLY, 0);
	t0 = bench_now();
	/* posix_spawnp() predates const; it does not change argv. */
	e = posix_spawnp(&pid, argv[0], &fa, NULL, (char *const *)argv,
	    environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0) {
		fprintf(stderr, "bench: %s: %s\n", argv[0], strerror(e));
		return -1;
	}
	while (wait4(pid, &st, 0, &ru) == -1) {
		if (errno != EINTR) {
			fprintf(stderr, "bench: wait4: %s\n", strerror(errno));
			return -1;
		}
	}
	*ms = bench_now() - t0;
	*kib = (double)ru.ru_maxrss;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fprintf(stderr, "bench: %s %s: %s %d\n", argv[0],
		    argv[1], WIFEXITED(st) ? "exit status" : "signal",
		    WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
		return -1;
	}
	return 0;
}

static int
bench_read_all(int fd, void *p, size_t n)
{
	char	*c = p;
	ssize_t	 got;

	while (n > 0) {
		if ((got = read(fd, c, n)) == -1 && errno == EINTR)
			continue;
		if (got <= 0)
			return -1;
		c += got;
		n -= (size_t)got;
	}
	return 0;
}

static int
bench_write_all(int fd, const void *p, size_t n)
{
	const char	*c = p;
	ssize_t		 put;

	while (n > 0) {
		if ((put = write(fd, c, n)) == -1 && errno == EINTR)
			continue;
		if (put <= 0)
			return -1;
		c += put;
		n -= (size_t)put;
	}
	return 0;
}

/* Where `needle` first occurs in `hay`, or NULL. */
static const char *
bench_find(const char *hay, size_t n, const char *needle, size_t m)
{
	const char	*p = hay, *e = hay + n;

	if (m == 0)
		return hay;
	while ((p = memchr(p, needle[0], (size_t)(e - p))) != NULL) {
		if ((size_t)(e - p) < m)
			return NULL;
		if (memcmp(p, needle, m) == 0)
			return p;
		p++;
	}
	return NULL;
}

/*
 * Whether the pager's output `s` holds its first screen: the title `mark`
 * (in the body, the index or the status line), and after it the status
 * line's percentage, a digit then "%".  curses writes the rows top down and
 * the status line is the last but one, so this is the end of the screen.
 */
static bool
bench_screen_done(const char *s, size_t n, const char *mark)
{
	const char	*p, *e = s + n;

	if ((p = bench_find(s, n, mark, strlen(mark))) == NULL)
		return false;
	for (p += strlen(mark); p < e && (p = memchr(p, '%',
	    (size_t)(e - p))) != NULL; p++)
		if (p > s && p[-1] >= '0' && p[-1] <= '9')
			return true;
	return false;
}

/*
 * The pager's side of the pseudo-terminal: a fixed terminal and locale,
 * less as it comes (no LESS options, no input preprocessor), and olsread
 * opening the article for the first time: nothing remembered of it,
 * unless `again`.
 */
static void __attribute__((noreturn))
bench_pty_child(const char *const argv[], bool again)
{
	const char	*state = getenv("XDG_STATE_HOME");
	char		 places[4096];

	setenv("TERM", "xterm-256color", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	unsetenv("LESS");
	unsetenv("LESSOPEN");
	unsetenv("LESSCLOSE");
	if (state != NULL && !again) {
		snprintf(places, sizeof(places), "%s/olsread/places", state);
		unlink(places);
	}
	/* curses would take these over the terminal's size. */
	unsetenv("LINES");
	unsetenv("COLUMNS");
	/* execvp() predates const; it does not change argv. */
	execvp(argv[0], (char *const *)argv);
	_exit(127);
}

/*
 * Read what the pager writes on `fd` until `mark` is there (and, if
 * `screen`, the rest of the first screen: see bench_screen_done()), or
 * the clock passes `deadline`.  Returns the time it came, or -1.
 */
static double
bench_pty_wait(int fd, const char *mark, bool screen, double deadline)
{
	struct pollfd	 pfd;
	char		*s = NULL;
	size_t		 n = 0, cap = 0;
	ssize_t		 got;
	double		 now, when = -1;
	int		 ready;

	pfd.fd = fd;
	pfd.events = POLLIN;
	while (when < 0 && (now = bench_now()) < deadline) {
		if ((ready = poll(&pfd, 1, (int)(deadline - now) + 1)) == -1 &&
		    errno != EINTR)
			break;
		if (ready <= 0)
			continue;
		if (n == cap) {
			cap = cap == 0 ? 1 << 16 : cap * 2;
			if ((s = realloc(s, cap)) == NULL) {
				perror("bench");
				_exit(1);
			}
		}
		if ((got = read(fd, s + n, cap - n)) == -1 && errno == EINTR)
			continue;
		/* EIO: the pager closed the terminal, it exited. */
		if (got <= 0)
			break;
		n += (size_t)got;
		if (screen ? bench_screen_done(s, n, mark) :
		    bench_find(s, n, mark, strlen(mark)) != NULL)
			when = bench_now();
	}
	free(s);
	return when;
}

/*
 * Wait for the pager to exit, reading what it writes so that it never
 * blocks on a full terminal, and kill it if it lingers past `deadline`,
 * with whatever it started: forkpty() made it a session leader, so its
 * process group is its own.  Returns 0 when it exited 0.
 */
static int
bench_pty_reap(pid_t pid, int fd, double deadline)
{
	struct pollfd	 pfd;
	char		 buf[4096];
	ssize_t		 got;
	pid_t		 r;
	int		 st;
	bool		 open = true;

	pfd.fd = fd;
	pfd.events = POLLIN;
	while ((r = waitpid(pid, &st, WNOHANG)) == 0) {
		if (bench_now() > deadline) {
			fprintf(stderr, "bench: the pager did not quit: "
			    "killed\n");
			kill(-pid, SIGKILL);
			r = waitpid(pid, &st, 0);
			break;
		}
		/* Once the terminal is closed, poll() says so at once. */
		if (!open || poll(&pfd, 1, 10) <= 0) {
			if (!open)
				usleep(1000);
			continue;
		}
		if ((got = read(fd, buf, sizeof(buf))) == 0 ||
		    (got == -1 && errno != EINTR))
			open = false;
	}
	if (r != pid)
		return -1;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static int
bench_ms_cmp(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * Time the pager's answers to keys on `fd`: h opens the help, timed until
 * its title is written, and h closes it again.  The slowest and the
 * median answer go to `r`.  Returns -1 when the help never came.
 */
static int
bench_keys(int fd, struct bench_result *r)
{
	double	 ms[BENCH_KEY_PRESSES], t0, when;
	int	 i;

	for (i = 0; i < BENCH_KEY_PRESSES; i++) {
		t0 = bench_now();
		if (bench_write_all(fd, "h", 1) == -1 || (when =
		    bench_pty_wait(fd, BENCH_HELP_MARK, false, t0 +
		    BENCH_SCREEN_WAIT)) < 0)
			return -1;
		ms[i] = when - t0;
		/* Closed, and its closing drawn, before the next. */
		if (bench_write_all(fd, "h", 1) == -1)
			return -1;
		bench_pty_wait(fd, "\001never", false, bench_now() +
		    BENCH_KEY_GAP);
	}
	qsort(ms, BENCH_KEY_PRESSES, sizeof(*ms), bench_ms_cmp);
	r->key_max = ms[BENCH_KEY_PRESSES - 1];
	r->key_med = ms[BENCH_KEY_PRESSES / 2];
	return 0;
}

/*
 * Run `argv` in a new BENCH_COLS x BENCH_LINES pseudo-terminal and give the
 * wall time from the fork to its first screen (see bench_screen_done()).
 * Then type q and wait for it to exit.  Returns -1 when the screen never
 * came or the program failed.
 */
static int
bench_pty(const char *mark, const char *const argv[], double *ms,
    struct bench_result *keys, bool again)
{
	struct winsize	 ws;
	double		 t0, when;
	pid_t		 pid;
	int		 fd, rc = 0;

	memset(&ws, 0, sizeof(ws));
	ws.ws_row = BENCH_LINES;
	ws.ws_col = BENCH_COLS;
	t0 = bench_now();
	if ((pid = forkpty(&fd, NULL, NULL, &ws)) == -1) {
		fprintf(stderr, "bench: forkpty: %s\n", strerror(errno));
		return -1;
	}
	if (pid == 0)
		bench_pty_child(argv, again);
	if ((when = bench_pty_wait(fd, mark, true, t0 + BENCH_SCREEN_WAIT)) <
	    0) {
		fprintf(stderr, "bench: %s %s: no first screen\n", argv[0],
		    argv[1]);
		rc = -1;
	} else
		*ms = when - t0;
	if (rc == 0 && keys != NULL && bench_keys(fd, keys) == -1) {
		fprintf(stderr, "bench: %s %s: no help for h\n", argv[0],
		    argv[1]);
		rc = -1;
	}
	/* A pager that cannot be told to quit is killed. */
	if (bench_write_all(fd, "q", 1) == -1)
		kill(-pid, SIGKILL);
	if (bench_pty_reap(pid, fd, bench_now() + BENCH_QUIT_WAIT) == -1) {
		fprintf(stderr, "bench: %s %s: did not quit cleanly\n",
		    argv[0], argv[1]);
		rc = -1;
	}
	close(fd);
	return rc;
}

/*
 * Run `argv` with its output on a pipe and time it to its first line.
 * Then close the pipe, as `head -1` does, and reap it however it ends: a
 * write error or SIGPIPE is the program's answer to that.
 */
static int
bench_first_line(const char *const argv[], double *ms)
{
	posix_spawn_file_actions_t	 fa;
	char				 buf[4096];
	double				 t0;
	ssize_t				 got;
	pid_t				 pid;
	int				 fd[2], e, st;

	if (pipe(fd) == -1) {
		fprintf(stderr, "bench: pipe: %s\n", strerror(errno));
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, fd[0]);
	posix_spawn_file_actions_addclose(&fa, fd[1]);
	t0 = bench_now();
	e = posix_spawnp(&pid, argv[0], &fa, NULL, (char *const *)argv,
	    environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[1]);
	if (e != 0) {
		close(fd[0]);
		fprintf(stderr, "bench: %s: %s\n", argv[0], strerror(e));
		return -1;
	}
	*ms = -1;
	while ((got = read(fd[0], buf, sizeof(buf))) != 0) {
		if (got == -1 && errno == EINTR)
			continue;
		if (got == -1 || memchr(buf, '\n', (size_t)got) != NULL)
			break;
	}
	if (got > 0)
		*ms = bench_now() - t0;
	close(fd[0]);
	while (waitpid(pid, &st, 0) == -1 && errno == EINTR)
		continue;
	if (*ms < 0)
		fprintf(stderr, "bench: %s %s: no first line\n", argv[0],
		    argv[1]);
	return *ms < 0 ? -1 : 0;
}

/*
 * The spawner's loop: read a command line, run it (in a pseudo-terminal
 * when it starts with BENCH_PTY and the title to wait for), answer, until
 * the bench closes the pipe.
 */
static void
bench_spawner_loop(int req, int resp)
{
	struct bench_result	 r;
	const char		*argv[BENCH_MAXARGS + 1];
	char			 buf[BENCH_MAXREQ];
	size_t			 len, i, argc;

	for (;;) {
		if (bench_read_all(req, &len, sizeof(len)) == -1 ||
		    len == 0 || len > sizeof(buf) ||
		    bench_read_all(req, buf, len) == -1 || buf[len - 1] != '\0')
			_exit(0);
		for (i = 0, argc = 0; i < len && argc < BENCH_MAXARGS; argc++) {
			argv[argc] = buf + i;
			i += strlen(buf + i) + 1;
		}
		argv[argc] = NULL;
		memset(&r, 0, sizeof(r));
		if (argc > 2 && strcmp(argv[0], BENCH_PTY) == 0)
			r.ok = bench_pty(argv[1], argv + 2, &r.ms, NULL,
			    false) == 0;
		else if (argc > 2 && strcmp(argv[0], BENCH_AGAIN) == 0)
			r.ok = bench_pty(argv[1], argv + 2, &r.ms, NULL,
			    true) == 0;
		else if (argc > 2 && strcmp(argv[0], BENCH_KEYS) == 0)
			r.ok = bench_pty(argv[1], argv + 2, &r.ms, &r,
			    false) == 0;
		else if (argc > 1 && strcmp(argv[0], BENCH_FIRST) == 0)
			r.ok = bench_first_line(argv + 1, &r.ms) == 0;
		else
			r.ok = bench_spawn(argv, &r.ms, &r.kib) == 0;
		if (bench_write_all(resp, &r, sizeof(r)) == -1)
			_exit(1);
	}
}

/*
 * Start the spawner, a child forked before the bench holds any memory.
 * Linux charges a child's ru_maxrss with the memory its parent held when
 * the child called exec (for posix_spawn, the parent's peak), so programs
 * run straight from the bench, which holds two copies of a 10 MiB article,
 * would all show the bench's own peak.  The spawner stays small.
 */
static int
bench_spawner(struct bench *b)
{
	int	 req[2], resp[2], i;

	if (pipe(req) == -1 || pipe(resp) == -1) {
		perror("bench: pipe");
		return -1;
	}
	/* The programs it runs must not hold the pipes. */
	for (i = 0; i < 2; i++) {
		fcntl(req[i], F_SETFD, FD_CLOEXEC);
		fcntl(resp[i], F_SETFD, FD_CLOEXEC);
	}
	fflush(NULL);
	if ((b->spawner = fork()) == -1) {
		perror("bench: fork");
		return -1;
	}
	if (b->spawner == 0) {
		close(req[1]);
		close(resp[0]);
		bench_spawner_loop(req[0], resp[1]);
	}
	close(req[0]);
	close(resp[1]);
	b->req = req[1];
	b->resp = resp[0];
	/* A spawner that died shows as a failed write, not a signal. */
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

/* Run `argv` through the spawner; what it says goes to `r`. */
static int
bench_ask(const struct bench *b, const char *const argv[],
    struct bench_result *r)
{
	char			 buf[BENCH_MAXREQ];
	size_t			 len = 0, n;
	int			 i;

	memset(r, 0, sizeof(*r));
	for (i = 0; argv[i] != NULL; i++) {
		n = strlen(argv[i]) + 1;
		if (i == BENCH_MAXARGS || len + n > sizeof(buf)) {
			fprintf(stderr, "bench: %s: command too long\n",
			    argv[0]);
			return -1;
		}
		memcpy(buf + len, argv[i], n);
		len += n;
	}
	if (bench_write_all(b->req, &len, sizeof(len)) == -1 ||
	    bench_write_all(b->req, buf, len) == -1 ||
	    bench_read_all(b->resp, r, sizeof(*r)) == -1) {
		fprintf(stderr, "bench: the spawner went away\n");
		return -1;
	}
	return r->ok ? 0 : -1;
}

/* Run `argv` through the spawner; as bench_spawn(). */
static int
bench_run(const struct bench *b, const char *const argv[], double *ms,
    double *kib)
{
	struct bench_result	 r;
	int			 rc = bench_ask(b, argv, &r);

	*ms = r.ms;
	*kib = r.kib;
	return rc;
}

/* libcmark alone, with its default options, on bytes already in memory. */
static void
bench_parse(struct bench_file *bf, const char *s, size_t len, int run)
{
	cmark_node	*root;
	double		 t0, t1;

	t0 = bench_now();
	root = cmark_parse_document(s, len, CMARK_OPT_DEFAULT);
	t1 = bench_now();
	cmark_node_free(root);
	bf->v[BENCH_PARSE][run] = t1 - t0;
	bf->v[BENCH_PARSE_FREE][run] = bench_now() - t0;
}

/*
 * load_file() as olsread calls it, in pieces (read, sanitise, prescan,
 * parse, build, free), and as one whole parse.
 */
static int
bench_load(struct bench_file *bf, int run)
{
	struct diag	 dg;
	struct doc	*d;
	char		 err[256];
	double		 t0;

	int		 pass;
	bool		 whole;

	/*
	 * As olsread loads, in pieces, and as one whole parse; which goes
	 * first changes from run to run, so that neither always finds the
	 * heap as the other left it.
	 */
	for (pass = 0; pass < 2; pass++) {
		whole = (pass + run) % 2 == 1;
		diag_init(&dg);
		t0 = bench_now();
		d = load_file(bf->path, whole ? LOAD_WHOLE : 0, &dg, err,
		    sizeof(err));
		bf->v[whole ? BENCH_LOAD_WHOLE : BENCH_LOAD][run] =
		    bench_now() - t0;
		diag_release(&dg);
		if (d == NULL) {
			fprintf(stderr, "bench: %s: %s\n", bf->path, err);
			return -1;
		}
		doc_free(d);
	}
	return 0;
}

/* Every block of `d` at BENCH_WIDTH, through one reused layout. */
static void
bench_layout(struct bench_file *bf, const struct doc *d, int run)
{
	struct layout	 l;
	size_t		 b, nlines = 0;
	double		 t0;

	layout_init(&l);
	t0 = bench_now();
	for (b = 0; b < d->nblocks; b++) {
		layout_block(&l, d, b, BENCH_WIDTH);
		nlines += l.nlines;
	}
	bf->v[BENCH_LAYOUT][run] = bench_now() - t0;
	layout_release(&l);
	bf->nlines = nlines;
}

/* The speakers of every section of `d`, found again as the load finds them. */
static void
bench_speakers(struct bench_file *bf, const struct doc *d, int run)
{
	struct doc_range	 names[DOC_MAX_SPEAKERS];
	size_t			 s, n = 0;
	double			 t0;

	t0 = bench_now();
	for (s = 0; s < d->nsections; s++)
		n += doc_find_speakers(d, s, names, DOC_MAX_SPEAKERS);
	bf->v[BENCH_SPEAKERS][run] = bench_now() - t0;
	bf->nspeakers = n;
}

/* Type the number of talk `talk`, then Enter if the view still asks. */
static void
bench_view_talk(struct view *v, unsigned int talk)
{
	char	 digits[16];
	size_t	 i;

	snprintf(digits, sizeof(digits), "%u", talk);
	for (i = 0; digits[i] != '\0'; i++)
		view_key(v, (uint32_t)digits[i]);
	if (view_prompt(v) != NULL)
		view_key(v, KEYMAP_ENTER);
}

/*
 * What the screen module asks of the view to draw one screen: the body's
 * rows, the index's and the status line.  The terminal is left out.
 */
static void
bench_view_screen(struct view *v)
{
	struct view_row		 rows[BENCH_LINES];
	struct view_side_row	 side[BENCH_LINES];
	struct buf		 left, right;
	size_t			 h = view_geom(v)->body_h;

	if (h > BENCH_LINES) {
		fprintf(stderr, "bench: %zu body rows\n", h);
		exit(1);
	}
	view_body(v, rows);
	view_sidebar(v, side);
	view_side_release(side, h);
	buf_init(&left);
	buf_init(&right);
	view_status(v, &left, &right);
	buf_release(&left);
	buf_release(&right);
}

/* The talk the top of the view is in, or 0. */
static unsigned int
bench_view_talk_at(const struct view *v, const struct doc *d)
{
	return d->nsections > 0 ? d->sections[view_section(v)].talk : 0;
}

/* A keystroke that did not do its job measures nothing: say so. */
static void
bench_view_check(bool done, const char *what, unsigned int talk)
{
	if (!done)
		fprintf(stderr, "bench: %s (talk %u) did not happen\n",
		    what, talk);
}

/*
 * A new pager on `d` at BENCH_COLS x BENCH_LINES, the index shown, gone to
 * talk `talk` and its screen drawn: its cache holds that screen and the
 * way there, and nothing after.
 */
static struct view *
bench_view_at(const struct doc *d, const struct keymap *km, unsigned int talk)
{
	struct view_opts	 o;
	struct view		*v;

	memset(&o, 0, sizeof(o));
	o.measure = BENCH_MEASURE;
	o.sidebar = true;
	v = view_new(d, km, &o, BENCH_COLS, BENCH_LINES);
	bench_view_talk(v, talk);
	bench_view_check(bench_view_talk_at(v, d) == talk, "the jump to a talk",
	    talk);
	bench_view_screen(v);
	return v;
}

/*
 * The view's work for one keystroke and the screen after it, each from a
 * new pager at a talk of its own, spread through the article by `run`, so
 * that what the keystroke shows was never laid out: a resize, a page down,
 * and a jump to the last talk by typing its number.
 */
static void
bench_view(struct bench_file *bf, const struct doc *d, int run)
{
	struct keymap		 km;
	struct view		*v;
	struct view_anchor	 a;
	unsigned int		 talk;
	double			 t0;

	keymap_init(&km);
	talk = 1 + (unsigned int)((2 * (size_t)run + 1) * (d->ntalks - 1) /
	    (2 * BENCH_RUNS));

	v = bench_view_at(d, &km, talk);
	t0 = bench_now();
	view_resize(v, BENCH_RESIZE_COLS, BENCH_RESIZE_LINES);
	bench_view_screen(v);
	bf->v[BENCH_RESIZE][run] = bench_now() - t0;
	bench_view_check(view_geom(v)->cols == BENCH_RESIZE_COLS,
	    "the resize", talk);
	view_free(v);

	v = bench_view_at(d, &km, talk);
	a = view_anchor(v);
	t0 = bench_now();
	view_act(v, ACTION_PAGE_DOWN);
	bench_view_screen(v);
	bf->v[BENCH_PAGE_DOWN][run] = bench_now() - t0;
	bench_view_check(view_anchor(v).block != a.block ||
	    view_anchor(v).line != a.line, "the page down", talk);
	view_free(v);

	v = bench_view_at(d, &km, talk);
	t0 = bench_now();
	bench_view_talk(v, d->ntalks);
	bench_view_screen(v);
	bf->v[BENCH_JUMP][run] = bench_now() - t0;
	bench_view_check(bench_view_talk_at(v, d) == d->ntalks,
	    "the jump to the last talk", talk);
	view_free(v);
}

/*
 * The TEXT and SUBST segments of one screen, BENCH_LINES lines from the
 * start of section `sec` at the pager's measure, into `r`.  Returns how
 * many.
 */
static size_t
bench_screen_segs(const struct doc *d, size_t sec, struct doc_range *r)
{
	const struct layout_seg	*sg;
	struct layout		 l;
	size_t			 b, i, j, n = 0, lines = 0;

	layout_init(&l);
	for (b = d->sections[sec].first; b < d->nblocks &&
	    lines < BENCH_LINES; b++) {
		layout_block(&l, d, b, BENCH_MEASURE);
		for (i = 0; i < l.nlines && lines < BENCH_LINES; i++) {
			lines++;
			for (j = 0; j < l.lines[i].nseg && n < BENCH_HL_SEGS;
			    j++) {
				sg = &l.segs[l.lines[i].seg + j];
				if (sg->kind == LAYOUT_SEG_DECO)
					continue;
				r[n].off = sg->off;
				r[n++].len = sg->len;
			}
		}
	}
	layout_release(&l);
	return n;
}

/*
 * What the drawing code asks of a search for one screen: the matches
 * over each segment, BENCH_HL_REPS times.  Returns the time of one, in
 * microseconds; the matches seen go to `*found`.
 */
static double
bench_highlight(const struct search *s, const struct doc_range *r,
    size_t n, size_t *found)
{
	size_t	 rep, i, count, seen = 0;
	double	 t0 = bench_now();

	for (rep = 0; rep < BENCH_HL_REPS; rep++) {
		for (i = 0; i < n; i++) {
			search_within(s, r[i].off, r[i].len, &count);
			seen += count;
		}
	}
	*found = seen / BENCH_HL_REPS;
	return (bench_now() - t0) * 1000 / BENCH_HL_REPS;
}

/*
 * The highlights of one screen, at a section spread through the article
 * by `run`, for a query with many matches and one with few.
 */
static void
bench_highlights(struct bench_file *bf, const struct doc *d,
    struct search_index *ix, int run)
{
	struct search		 many, few;
	struct doc_range	*r = calloc(BENCH_HL_SEGS, sizeof(*r));
	size_t			 n;

	if (r == NULL || d->nsections == 0) {
		free(r);
		return;
	}
	search_init(&many);
	search_init(&few);
	search_run(&many, ix, d, BENCH_Q_MANY, 0, 0, 0, NULL, 0);
	search_run(&few, ix, d, BENCH_Q_FEW, 0, 0, 0, NULL, 0);
	bf->nmany = many.n;
	bf->nfew = few.n;
	n = bench_screen_segs(d, (2 * (size_t)run + 1) * d->nsections /
	    (2 * BENCH_RUNS), r);
	bf->v[BENCH_HL_MANY][run] = bench_highlight(&many, r, n,
	    &bf->hlmany);
	bf->v[BENCH_HL_FEW][run] = bench_highlight(&few, r, n, &bf->hlfew);
	search_release(&many);
	search_release(&few);
	free(r);
}

/*
 * Search in-process: the first query on a new index, which folds the
 * text, then another on the same index, beside grep -c -i running that
 * one on the file; then the highlights of a screen.
 */
static void
bench_search(const struct bench *b, struct bench_file *bf,
    const struct doc *d, int run)
{
	const char *const	 grep[] = { "grep", "-c", "-i", BENCH_Q_LATER,
				    bf->path, NULL };
	struct search_index	*ix;
	struct search		 s;
	double			 t0, kib;

	search_init(&s);
	ix = search_index_new(d);
	t0 = bench_now();
	search_run(&s, ix, d, BENCH_Q_FIRST, 0, 0, 0, NULL, 0);
	bf->v[BENCH_SEARCH_FIRST][run] = bench_now() - t0;
	t0 = bench_now();
	search_run(&s, ix, d, BENCH_Q_LATER, 0, 0, 0, NULL, 0);
	bf->v[BENCH_SEARCH_LATER][run] = bench_now() - t0;
	if (!bf->grep_failed && bench_run(b, grep,
	    &bf->v[BENCH_GREP_WALL][run], &kib) == -1)
		bf->grep_failed = true;
	bench_highlights(bf, d, ix, run);
	search_release(&s);
	search_index_free(ix);
}

/* The start of the title of `d`, as the pager shows it, into `mark`. */
static void
bench_mark(const struct doc *d, char *mark)
{
	const char	*title;
	size_t		 len;

	title = doc_title(d, &len);
	if (len > BENCH_MARK)
		len = BENCH_MARK;
	memcpy(mark, title, len);
	mark[len] = '\0';
}

/* libcmark's parse of the sample alone, for the pager's table. */
static double
bench_parse_sample(const struct bench *b)
{
	cmark_node	*root;
	double		 t0, t1;

	t0 = bench_now();
	root = cmark_parse_document(b->sample_text, b->sample_len,
	    CMARK_OPT_DEFAULT);
	t1 = bench_now();
	cmark_node_free(root);
	return t1 - t0;
}

/*
 * The first screen of the articles with "[N]" in every heading, 10 MiB
 * and 200 MiB, and less's of the 10 MiB one.
 */
static void
bench_refs_screens(const struct bench *b, struct bench_file *bf, int run)
{
	const char *const	 refs[] = { BENCH_PTY, b->refs_mark,
				    b->olsread, b->refs, NULL };
	const char *const	 big[] = { BENCH_PTY, b->refs_mark,
				    b->olsread, b->refs_big, NULL };
	const char *const	 less[] = { BENCH_PTY, b->refs_mark, "less",
				    "-m", b->refs, NULL };
	struct bench_result	 r;

	if (b->refs == NULL || b->refs_big == NULL || bf->pty_failed)
		return;
	if (!bf->less_failed && bench_ask(b, less, &r) == 0)
		bf->v[BENCH_LESS_REFS][run] = r.ms;
	if (bench_ask(b, refs, &r) == 0)
		bf->v[BENCH_REFS_SCREEN][run] = r.ms;
	if (bench_ask(b, big, &r) == 0)
		bf->v[BENCH_REFS_BIG][run] = r.ms;
}

/*
 * The first screen of the 10 MiB article gzipped, and less's, which needs
 * an input preprocessor for it (as man's pages have it).
 */
static void
bench_gz_screens(const struct bench *b, struct bench_file *bf, int run)
{
	const char *const	 gz[] = { BENCH_PTY, bf->mark, b->olsread,
				    b->gz, NULL };
	/*
	 * Through a pipe less cannot know the size, so its prompt has no
	 * percentage, which ends a first screen here: this one ends with one.
	 */
	const char *const	 less[] = { BENCH_PTY, bf->mark, "env",
				    "LESSOPEN=|gzip -dc %s", "less", "-m",
				    "-Pmbyte %bB 0\\%", b->gz, NULL };
	struct bench_result	 r;

	if (b->gz == NULL || bf->pty_failed || strcmp(bf->path,
	    b->generated) != 0)
		return;
	if (!bf->less_failed && bench_ask(b, less, &r) == 0)
		bf->v[BENCH_LESS_GZ][run] = r.ms;
	if (bench_ask(b, gz, &r) == 0)
		bf->v[BENCH_GZ_SCREEN][run] = r.ms;
}

/*
 * An untimed first screen of the sample, before a timed one that would
 * otherwise come right after the pauses between keys of another run: a
 * program started after the CPU sat idle starts slower (the fork to main()
 * took 0.4 ms more), and each first screen is timed as the file's is,
 * right after another pager's.
 */
static void
bench_warm(const struct bench *b)
{
	const char *const	 argv[] = { BENCH_PTY, b->sample_mark,
				    b->olsread, b->sample, NULL };
	struct bench_result	 r;

	(void)bench_ask(b, argv, &r);
}

/*
 * The pager's first screen in a pseudo-terminal, for the file and for the
 * sample, beside less's; and for the 200 MiB article, with keys typed
 * while it loads, and the same keys on the sample, then once more where
 * those keys left it.  A terminal that cannot be had is a note in the
 * report.
 */
static void
bench_screens(const struct bench *b, struct bench_file *bf, int run)
{
	const char *const	 file[] = { BENCH_PTY, bf->mark, b->olsread,
				    bf->path, NULL };
	const char *const	 sample[] = { BENCH_KEYS, b->sample_mark,
				    b->olsread, b->sample, NULL };
	const char *const	 big[] = { BENCH_KEYS, bf->mark, b->olsread,
				    b->big, NULL };
	const char *const	 again[] = { BENCH_AGAIN, bf->mark, b->olsread,
				    b->big, NULL };
	const char *const	 less[] = { BENCH_PTY, bf->mark, "less", "-m",
				    bf->path, NULL };
	const char *const	 less_sample[] = { BENCH_PTY, b->sample_mark,
				    "less", "-m", b->sample, NULL };
	struct bench_result	 r;

	bench_refs_screens(b, bf, run);
	bench_gz_screens(b, bf, run);

	/* One failure says enough; each costs BENCH_SCREEN_WAIT. */
	if (!bf->less_failed && bench_ask(b, less, &r) == 0) {
		bf->v[BENCH_LESS_SCREEN][run] = r.ms;
		if (bench_ask(b, less_sample, &r) == 0)
			bf->v[BENCH_LESS_SAMPLE][run] = r.ms;
		else
			bf->less_failed = true;
	} else
		bf->less_failed = true;
	if (bf->pty_failed)
		return;
	if (bench_ask(b, file, &r) == -1)
		goto failed;
	bf->v[BENCH_SCREEN][run] = r.ms;
	if (bench_ask(b, sample, &r) == -1)
		goto failed;
	bf->v[BENCH_SAMPLE_SCREEN][run] = r.ms;
	bf->v[BENCH_SAMPLE_KEY_MAX][run] = r.key_max;
	bench_warm(b);
	if (b->big == NULL || bench_ask(b, big, &r) == -1)
		goto failed;
	bf->v[BENCH_BIG_SCREEN][run] = r.ms;
	bf->v[BENCH_BIG_KEY_MAX][run] = r.key_max;
	bf->v[BENCH_BIG_KEY_MED][run] = r.key_med;
	/* Where the keys left it: a place to go back to. */
	bench_warm(b);
	if (bench_ask(b, again, &r) == -1)
		goto failed;
	bf->v[BENCH_BIG_AGAIN][run] = r.ms;
	return;
failed:
	bf->pty_failed = true;
}

/*
 * The first screen of a file of the corpus, beside less's: real Markdown,
 * whose first piece may use a label that a definition far on gives (as
 * medium.md's first piece uses [closures], defined 3.8 MB in), and then
 * waits for the prescan to get there.  A figure to know: the targets are
 * on the generated article.
 */
static void
bench_corpus_screen(const struct bench *b, struct bench_file *bf, int run)
{
	const char *const	 file[] = { BENCH_PTY, bf->mark, b->olsread,
				    bf->path, NULL };
	const char *const	 less[] = { BENCH_PTY, bf->mark, "less", "-m",
				    bf->path, NULL };
	struct bench_result	 r;

	if (!bf->less_failed && bench_ask(b, less, &r) == 0)
		bf->v[BENCH_LESS_SCREEN][run] = r.ms;
	else
		bf->less_failed = true;
	if (!bf->pty_failed && bench_ask(b, file, &r) == 0)
		bf->v[BENCH_SCREEN][run] = r.ms;
	else
		bf->pty_failed = true;
}

/*
 * The first line of --toc and of --dump, on the file and on the 200 MiB
 * article: printed output that comes as the article loads.
 */
static void
bench_first_lines(const struct bench *b, struct bench_file *bf, int run)
{
	const char *const	 toc[] = { BENCH_FIRST, b->olsread, "--toc",
				    bf->path, NULL };
	const char *const	 toc_big[] = { BENCH_FIRST, b->olsread,
				    "--toc", b->big, NULL };
	const char *const	 dump[] = { BENCH_FIRST, b->olsread, "--dump",
				    "-w", BENCH_WIDTH_ARG, bf->path, NULL };
	const char *const	 dump_big[] = { BENCH_FIRST, b->olsread,
				    "--dump", "-w", BENCH_WIDTH_ARG, b->big,
				    NULL };
	const char *const *const cmds[] = { toc, toc_big, dump, dump_big };
	const enum bench_measure into[] = { BENCH_TOC_FIRST,
				    BENCH_TOC_FIRST_BIG, BENCH_DUMP_FIRST,
				    BENCH_DUMP_FIRST_BIG };
	struct bench_result	 r;
	size_t			 i;

	for (i = 0; i < 4 && !bf->first_failed; i++) {
		if (bench_ask(b, cmds[i], &r) == 0)
			bf->v[into[i]][run] = r.ms;
		else
			bf->first_failed = true;
	}
}

/* The three programs, as a reader would run them on the file. */
static int
bench_programs(const struct bench *b, struct bench_file *bf, int run)
{
	const char *const	 dump[] = { b->olsread, "--dump", "-w",
				    BENCH_WIDTH_ARG, bf->path, NULL };
	const char *const	 cm[] = { "cmark", "-t", "commonmark",
				    "--width", BENCH_WIDTH_ARG, bf->path,
				    NULL };
	const char *const	 html[] = { "cmark", bf->path, NULL };

	if (bench_run(b, cm, &bf->v[BENCH_CM_WALL][run],
	    &bf->v[BENCH_CM_RSS][run]) == -1)
		return -1;
	if (bench_run(b, dump, &bf->v[BENCH_DUMP_WALL][run],
	    &bf->v[BENCH_DUMP_RSS][run]) == -1)
		return -1;
	return bench_run(b, html, &bf->v[BENCH_HTML_WALL][run],
	    &bf->v[BENCH_HTML_RSS][run]);
}

/*
 * Measure one file.  The runs interleave olsread and its peers, so that a
 * machine that slows down mid-run slows both sides alike.
 */
static int
bench_measure(const struct bench *b, struct bench_file *bf)
{
	struct diag	 dg;
	struct doc	*d;
	char		*s, err[256];
	size_t		 len;
	int		 run, rc = 0;

	if ((s = bench_slurp(bf->path, &len)) == NULL)
		return -1;
	bf->bytes = len;
	diag_init(&dg);
	if ((d = load_file(bf->path, 0, &dg, err, sizeof(err))) == NULL) {
		fprintf(stderr, "bench: %s: %s\n", bf->path, err);
		rc = -1;
	} else {
		bf->nblocks = d->nblocks;
		bf->ntalks = d->ntalks;
		bench_mark(d, bf->mark);
	}
	diag_release(&dg);
	for (run = 0; rc == 0 && run < BENCH_RUNS; run++) {
		bench_parse(bf, s, len, run);
		if (bench_load(bf, run) == -1)
			rc = -1;
		else {
			bench_layout(bf, d, run);
			bench_speakers(bf, d, run);
			rc = bench_programs(b, bf, run);
		}
		if (rc == 0 && !bf->pager)
			bench_corpus_screen(b, bf, run);
		if (rc == 0 && bf->pager) {
			bf->v[BENCH_SAMPLE_PARSE][run] = bench_parse_sample(b);
			bench_screens(b, bf, run);
			if (b->big != NULL)
				bench_first_lines(b, bf, run);
			if (bf->ntalks > 1)
				bench_view(bf, d, run);
			bench_search(b, bf, d, run);
		}
	}
	doc_free(d);
	free(s);
	return rc;
}

static int
bench_cmp(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
bench_median(const struct bench_file *bf, enum bench_measure m)
{
	double	 v[BENCH_RUNS];

	memcpy(v, bf->v[m], sizeof(v));
	qsort(v, BENCH_RUNS, sizeof(v[0]), bench_cmp);
	return v[BENCH_RUNS / 2];
}

/*
 * One row of the table.  A negative `ours` is a reference row (the peer
 * alone); a zero `target` an informative ratio with no target.
 */
static void
bench_row(const char *what, double ours, double peer, const char *unit,
    double target, const char *peername)
{
	char	 o[32], r[16], t[16];

	snprintf(o, sizeof(o), "-");
	snprintf(r, sizeof(r), "-");
	snprintf(t, sizeof(t), "-");
	if (ours >= 0)
		snprintf(o, sizeof(o), "%.1f %s", ours, unit);
	if (ours >= 0 && peer > 0)
		snprintf(r, sizeof(r), "%.2fx", ours / peer);
	if (target > 0)
		snprintf(t, sizeof(t), "<= %.2fx", target);
	printf("%-30s %12s %10.1f %-3s %7s %9s  %-4s  %s\n", what, o, peer,
	    unit, r, t, target <= 0 ? (ours < 0 ? "" : "info") :
	    ours / peer <= target ? "ok" : "over", peername);
}

static void
bench_report(const struct bench_file *bf)
{
	double	 mib = 1024;

	printf("\n%s\n", bf->path);
	printf("%zu bytes, %zu blocks, %zu display lines at width %d, %zu "
	    "speakers; median of %d runs\n\n", bf->bytes, bf->nblocks,
	    bf->nlines, BENCH_WIDTH, bf->nspeakers, BENCH_RUNS);
	printf("%-30s %12s %13s  %7s %9s  %-4s  %s\n", "measure", "olsread",
	    "peer", "ratio", "target", "", "peer");
	bench_row("parse alone (in-process)", -1,
	    bench_median(bf, BENCH_PARSE), "ms", 0, "libcmark parse");
	bench_row("parse + free (in-process)", -1,
	    bench_median(bf, BENCH_PARSE_FREE), "ms", 0,
	    "libcmark parse, then cmark_node_free");
	bench_row("load, one piece (in-process)",
	    bench_median(bf, BENCH_LOAD_WHOLE), bench_median(bf, BENCH_PARSE),
	    "ms", 1.2, "libcmark parse");
	bench_row("load, in pieces (in-process)", bench_median(bf, BENCH_LOAD),
	    bench_median(bf, BENCH_LOAD_WHOLE), "ms", 1.1,
	    "load, one piece");
	bench_row("layout, every block, w 80", bench_median(bf, BENCH_LAYOUT),
	    bench_median(bf, BENCH_PARSE), "ms", 0, "libcmark parse");
	/*
	 * The target is on real Markdown, where few sections are talks; the
	 * generated article (the one the pager is timed on) is talks from
	 * end to end, the finder's most work, shown for information.
	 */
	bench_row(bf->pager ? "speakers, all sections talks" :
	    "speakers, every section", bench_median(bf, BENCH_SPEAKERS),
	    bench_median(bf, BENCH_LOAD_WHOLE), "ms", bf->pager ? 0 : 0.1,
	    "load, one piece");
	bench_row("--dump -w 80, wall", bench_median(bf, BENCH_DUMP_WALL),
	    bench_median(bf, BENCH_CM_WALL), "ms", 0.8,
	    "cmark -t commonmark --width 80");
	bench_row("--dump -w 80, wall", bench_median(bf, BENCH_DUMP_WALL),
	    bench_median(bf, BENCH_HTML_WALL), "ms", 0, "cmark (HTML)");
	bench_row("--dump -w 80, peak RSS",
	    bench_median(bf, BENCH_DUMP_RSS) / mib,
	    bench_median(bf, BENCH_HTML_RSS) / mib, "MiB", 1.0,
	    "cmark (HTML)");
	bench_row("--dump -w 80, peak RSS",
	    bench_median(bf, BENCH_DUMP_RSS) / mib,
	    bench_median(bf, BENCH_CM_RSS) / mib, "MiB", 0,
	    "cmark -t commonmark --width 80");
	/* The pager's file has a table of its own. */
	if (!bf->pager && !bf->pty_failed && !bf->less_failed)
		bench_row("first screen, 100x30 pty", bench_median(bf,
		    BENCH_SCREEN), bench_median(bf, BENCH_LESS_SCREEN), "ms",
		    0, "less -m");
}

/*
 * One row of the pager's table, laid out as bench_row()'s, in ms to two
 * places: against `limit` ms, or when that is 0, against `ratio` times the
 * peer, the only case that shows a ratio; with neither, the ratio alone.
 * A negative `ours` could not be measured.
 */
static void
bench_pager_row(const char *what, double ours, double peer, double limit,
    double ratio, const char *peername)
{
	char		 o[32], r[16], t[32];
	const char	*verdict;

	snprintf(o, sizeof(o), "-");
	snprintf(r, sizeof(r), "-");
	if (ours >= 0)
		snprintf(o, sizeof(o), "%.2f ms", ours);
	if (ours >= 0 && peer > 0 && limit <= 0)
		snprintf(r, sizeof(r), "%.2fx", ours / peer);
	if (limit > 0) {
		snprintf(t, sizeof(t), "<= %g ms", limit);
		verdict = ours <= limit ? "ok" : "over";
	} else if (ratio <= 0) {
		/* A figure to know, with no target. */
		snprintf(t, sizeof(t), "-");
		verdict = "info";
	} else {
		snprintf(t, sizeof(t), "<= %.2fx", ratio);
		verdict = ours / peer <= ratio ? "ok" : "over";
	}
	printf("%-30s %12s %10.2f %-3s %7s %9s  %-4s  %s\n", what, o, peer,
	    "ms", r, t, ours < 0 ? "n/a" : verdict, peername);
}

/*
 * The first screens: the sample's, beside less's and in absolute terms;
 * the 10 MiB article's beside less's; the 200 MiB one's beside the 10 MiB
 * one's, opened for the first time and where it was left; and the
 * answers to keys while the 200 MiB article loads.
 */
static void
bench_first_screens(const struct bench_file *bf)
{
	double	 sample = bench_median(bf, BENCH_SAMPLE_SCREEN);
	double	 screen = bench_median(bf, BENCH_SCREEN);

	bench_pager_row("first screen, sample", sample,
	    bench_median(bf, BENCH_SAMPLE_PARSE), 10, 0,
	    "libcmark parse of the sample");
	if (!bf->less_failed) {
		bench_pager_row("first screen, sample", sample,
		    bench_median(bf, BENCH_LESS_SAMPLE), 0, 2.0,
		    "less -m on the sample");
		bench_pager_row("first screen, this file", screen,
		    bench_median(bf, BENCH_LESS_SCREEN), 0, 1.5,
		    "less -m on this file");
	}
	if (!bf->less_failed && bench_median(bf, BENCH_REFS_SCREEN) > 0)
		bench_pager_row("first screen, [N] headings",
		    bench_median(bf, BENCH_REFS_SCREEN),
		    bench_median(bf, BENCH_LESS_REFS), 0, 1.5,
		    "less -m on that file");
	if (!bf->less_failed && bench_median(bf, BENCH_GZ_SCREEN) > 0)
		bench_pager_row("first screen, gzipped",
		    bench_median(bf, BENCH_GZ_SCREEN),
		    bench_median(bf, BENCH_LESS_GZ), 0, 2.0,
		    "less, LESSOPEN=\"|gzip -dc %s\"");
	if (bench_median(bf, BENCH_REFS_BIG) > 0)
		bench_pager_row("the same, 200 MiB", bench_median(bf,
		    BENCH_REFS_BIG), bench_median(bf, BENCH_REFS_SCREEN), 0, 0,
		    "[N] headings, 10 MiB");
	bench_pager_row("first screen, 200 MiB", bench_median(bf,
	    BENCH_BIG_SCREEN), screen, 0, 1.25, "olsread on this file");
	bench_pager_row("the same, opened again", bench_median(bf,
	    BENCH_BIG_AGAIN), screen, 0, 1.25, "olsread on this file");
	bench_pager_row("h to help, 200 MiB loading", bench_median(bf,
	    BENCH_BIG_KEY_MAX), bench_median(bf, BENCH_SAMPLE_KEY_MAX),
	    BENCH_KEY_LIMIT, 0, "the same on the sample, loaded");
	bench_pager_row("the same, median key", bench_median(bf,
	    BENCH_BIG_KEY_MED), bench_median(bf, BENCH_SAMPLE_KEY_MAX),
	    BENCH_KEY_LIMIT, 0, "slowest key on the sample");
}

/*
 * Printed output as it loads: the first line of --dump beside the whole
 * dump, and the first lines of --toc and --dump of the 200 MiB article
 * beside this file's.
 */
static void
bench_first_line_rows(const struct bench_file *bf)
{
	double	 toc = bench_median(bf, BENCH_TOC_FIRST);
	double	 dump = bench_median(bf, BENCH_DUMP_FIRST);

	bench_pager_row("--dump -w 80, first line", dump, bench_median(bf,
	    BENCH_DUMP_WALL), 0, 0.1, "--dump -w 80 to its end");
	bench_pager_row("--dump, first line, 200 MiB", bench_median(bf,
	    BENCH_DUMP_FIRST_BIG), dump, 0, 1.25, "the same on this file");
	bench_pager_row("--toc, first line, 200 MiB", bench_median(bf,
	    BENCH_TOC_FIRST_BIG), toc, 0, 1.25, "the same on this file");
}

/* The pager's table, under the file's: beside libcmark's parse. */
static void
bench_pager_report(const struct bench_file *bf)
{
	double	 parse = bench_median(bf, BENCH_PARSE);

	printf("\npager: olsread FILE in a %dx%d pseudo-terminal, to its "
	    "first screen (wall), opened\nfor the first time, each right "
	    "after another pager's run; less -m, without\nLESS or LESSOPEN, "
	    "the same way; h to help: the\n"
	    "slowest of %d presses %g ms apart, from the key to the help's "
	    "title;\nfirst line: --toc or --dump on a pipe, to its first "
	    "line, as head -1 reads it;\nview work in-process at %dx%d, measure "
	    "%d, index shown: the keystroke, then\nbody, index and status "
	    "line for one screen, from a new pager at a talk of its\nown "
	    "(the jump types the last talk's number); median of %d runs\n\n",
	    BENCH_COLS, BENCH_LINES, BENCH_KEY_PRESSES, BENCH_KEY_GAP,
	    BENCH_COLS, BENCH_LINES, BENCH_MEASURE, BENCH_RUNS);
	printf("%-30s %12s %13s  %7s %9s  %-4s  %s\n", "measure", "olsread",
	    "peer", "ratio", "target", "", "peer");
	if (bf->less_failed)
		printf("%-30s %s\n", "less", "could not be run: see above");
	if (bf->pty_failed)
		printf("%-30s %s\n", "first screen",
		    "could not be measured: see above");
	else
		bench_first_screens(bf);
	if (bf->first_failed)
		printf("%-30s %s\n", "first line",
		    "could not be measured: see above");
	else if (bench_median(bf, BENCH_TOC_FIRST) > 0)
		bench_first_line_rows(bf);
	if (bf->ntalks < 2) {
		printf("%-30s %s\n", "view work", "skipped: fewer than two "
		    "talks");
		return;
	}
	bench_pager_row("resize to 90x28 + screen",
	    bench_median(bf, BENCH_RESIZE), parse, 5, 0, "libcmark parse");
	bench_pager_row("page down + screen",
	    bench_median(bf, BENCH_PAGE_DOWN), parse, 5, 0, "libcmark parse");
	bench_pager_row("last talk (number) + screen",
	    bench_median(bf, BENCH_JUMP), parse, 5, 0, "libcmark parse");
}

/*
 * One row of the highlights: microseconds per screen for a query, beside
 * the same for the query with few matches, against `limit` microseconds.
 * The ratio is shown, not judged: a binary search costs a step more for
 * each doubling of the matches, nothing more.
 */
static void
bench_hl_row(const char *what, double ours, double peer, double limit,
    const char *peername)
{
	char	 t[16];

	snprintf(t, sizeof(t), "<= %g us", limit);
	printf("%-30s %9.2f us %10.2f us  %6.2fx %9s  %-4s  %s\n", what,
	    ours, peer, ours / peer, t, ours <= limit ? "ok" : "over",
	    peername);
}

/* Search's table, under the pager's. */
static void
bench_search_report(const struct bench_file *bf)
{
	char	 what[64], peer[64];

	printf("\nsearch, in-process: the first query on a new index, "
	    "folding the text included,\nthen another on the same index "
	    "beside grep -c -i on the file (wall, a\nsubprocess); the "
	    "highlights of one %d-line screen (search_within() over\neach "
	    "segment) for a query with many matches and one with few; "
	    "median of %d runs\n\n", BENCH_LINES, BENCH_RUNS);
	printf("%-30s %12s %13s  %7s %9s  %-4s  %s\n", "measure", "olsread",
	    "peer", "ratio", "target", "", "peer");
	if (bf->grep_failed)
		printf("%-30s %s\n", "grep", "could not be run: see above");
	bench_pager_row("first search \"" BENCH_Q_FIRST "\"",
	    bench_median(bf, BENCH_SEARCH_FIRST),
	    bench_median(bf, BENCH_GREP_WALL), 150, 0,
	    "grep -c -i " BENCH_Q_LATER);
	if (!bf->grep_failed)
		bench_pager_row("later search \"" BENCH_Q_LATER "\"",
		    bench_median(bf, BENCH_SEARCH_LATER),
		    bench_median(bf, BENCH_GREP_WALL), 0, 5,
		    "grep -c -i " BENCH_Q_LATER);
	snprintf(what, sizeof(what), "highlights, \"%s\" (%zu here)",
	    BENCH_Q_MANY, bf->hlmany);
	snprintf(peer, sizeof(peer), "\"%s\" (%zu here); %zu vs %zu in all",
	    BENCH_Q_FEW, bf->hlfew, bf->nmany, bf->nfew);
	bench_hl_row(what, bench_median(bf, BENCH_HL_MANY),
	    bench_median(bf, BENCH_HL_FEW), BENCH_HL_LIMIT, peer);
}

/* A private directory for the generated article, under $TMPDIR. */
static int
bench_tmpdir(struct bench *b)
{
	const char	*tmp = getenv("TMPDIR");

	if (tmp == NULL || *tmp == '\0')
		tmp = "/tmp";
	b->tmpdir = bench_join(tmp, "olsread-bench.XXXXXX");
	if (mkdtemp(b->tmpdir) == NULL) {
		fprintf(stderr, "bench: %s: %s\n", b->tmpdir, strerror(errno));
		free(b->tmpdir);
		b->tmpdir = NULL;
		return -1;
	}
	return 0;
}

/* The pager's state directory, whatever it wrote there. */
static void
bench_remove_state(const struct bench *b)
{
	const char *const	 names[] = { "olsread/places",
				    "olsread/history", "olsread", "", NULL };
	char			 path[4096];
	size_t			 i;

	if (b->state == NULL)
		return;
	for (i = 0; names[i] != NULL; i++) {
		snprintf(path, sizeof(path), "%s/%s", b->state, names[i]);
		if (remove(path) == -1 && errno != ENOENT)
			fprintf(stderr, "bench: %s: %s\n", path,
			    strerror(errno));
	}
}

static void
bench_cleanup(struct bench *b)
{
	/* End of its requests: the spawner exits. */
	if (b->spawner > 0) {
		close(b->req);
		close(b->resp);
		while (waitpid(b->spawner, NULL, 0) == -1 && errno == EINTR)
			;
	}
	if (b->generated != NULL && unlink(b->generated) == -1)
		fprintf(stderr, "bench: %s: %s\n", b->generated,
		    strerror(errno));
	if (b->big != NULL && unlink(b->big) == -1)
		fprintf(stderr, "bench: %s: %s\n", b->big, strerror(errno));
	if (b->refs != NULL && unlink(b->refs) == -1)
		fprintf(stderr, "bench: %s: %s\n", b->refs, strerror(errno));
	if (b->refs_big != NULL && unlink(b->refs_big) == -1)
		fprintf(stderr, "bench: %s: %s\n", b->refs_big,
		    strerror(errno));
	if (b->gz != NULL && unlink(b->gz) == -1)
		fprintf(stderr, "bench: %s: %s\n", b->gz, strerror(errno));
	bench_remove_state(b);
	if (b->tmpdir != NULL && rmdir(b->tmpdir) == -1)
		fprintf(stderr, "bench: %s: %s\n", b->tmpdir, strerror(errno));
	free(b->generated);
	free(b->big);
	free(b->refs);
	free(b->refs_big);
	free(b->gz);
	free(b->state);
	free(b->tmpdir);
}

/* The 10 MiB article gzipped, by gzip(1): b->gz, or -1. */
static int
bench_gzip(struct bench *b)
{
	char	*gz = bench_join(b->tmpdir, "article-10m.md.gz");
	char	 cmd[2 * PATH_MAX + 32];

	snprintf(cmd, sizeof(cmd), "gzip -c '%s' >'%s'", b->generated, gz);
	if (system(cmd) != 0) {
		fprintf(stderr, "bench: cannot run %s\n", cmd);
		unlink(gz);
		free(gz);
		return -1;
	}
	b->gz = gz;
	return 0;
}

/* The sample, for the pager's table: its bytes and its title. */
static int
bench_sample(struct bench *b, const char *path, const char *text,
    size_t len)
{
	struct diag	 dg;
	struct doc	*d;
	char		 err[256];

	b->sample = path;
	b->sample_text = text;
	b->sample_len = len;
	diag_init(&dg);
	d = load_file(path, 0, &dg, err, sizeof(err));
	diag_release(&dg);
	if (d == NULL) {
		fprintf(stderr, "bench: %s: %s\n", path, err);
		return -1;
	}
	bench_mark(d, b->sample_mark);
	doc_free(d);
	/* The generated articles' first heading is copy 1's title. */
	snprintf(b->refs_mark, sizeof(b->refs_mark), "[1] %s", b->sample_mark);
	return 0;
}

/*
 * Measure and report one file, and the pager on it if `pager`; the struct
 * is large, so it is allocated.
 */
static int
bench_one(const struct bench *b, const char *path, bool pager)
{
	struct bench_file	*bf;
	int			 rc;

	if ((bf = calloc(1, sizeof(*bf))) == NULL) {
		perror("bench");
		exit(1);
	}
	bf->path = path;
	bf->pager = pager;
	if ((rc = bench_measure(b, bf)) == 0) {
		bench_report(bf);
		if (pager) {
			bench_pager_report(bf);
			bench_search_report(bf);
		}
	}
	free(bf);
	return rc;
}

/* The corpus is optional: its absence is a note, not a failure. */
static int
bench_corpus(const struct bench *b, const char *dir)
{
	struct stat	 sb;
	char		*path;
	int		 rc = 0;

	if (dir == NULL) {
		printf("\nno corpus folder given: corpus rows skipped\n");
		return 0;
	}
	path = bench_join(dir, "medium.md");
	if (stat(path, &sb) == -1)
		printf("\n%s: %s: corpus rows skipped\n", path,
		    strerror(errno));
	else
		rc = bench_one(b, path, false);
	free(path);
	return rc;
}

int
main(int argc, char *argv[])
{
	struct bench	 b;
	char		*sample;
	size_t		 len;
	int		 rc = 1;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: olsread-bench olsread sample "
		    "[corpus-dir]\n");
		return 2;
	}
	memset(&b, 0, sizeof(b));
	b.olsread = argv[1];
	/* The pager's state, where the spawner's children find it. */
	if (bench_tmpdir(&b) == -1)
		return 1;
	b.state = bench_join(b.tmpdir, "state");
	setenv("XDG_STATE_HOME", b.state, 1);
	if (bench_spawner(&b) == -1) {
		bench_cleanup(&b);
		return 1;
	}
	if ((sample = bench_slurp(argv[2], &len)) == NULL) {
		bench_cleanup(&b);
		return 1;
	}
	printf("olsread benchmark: libcmark %s; times are medians of %d "
	    "runs, in ms\n", cmark_version_string(), BENCH_RUNS);
	if (bench_generate(&b, sample, len, "article-10m.md", BENCH_SIZE,
	    false, &b.generated) == 0 && bench_generate(&b, sample, len,
	    "article-200m.md", BENCH_BIG_SIZE, false, &b.big) == 0 &&
	    bench_generate(&b, sample, len, "article-10m-refs.md", BENCH_SIZE,
	    true, &b.refs) == 0 && bench_generate(&b, sample, len,
	    "article-200m-refs.md", BENCH_BIG_SIZE, true, &b.refs_big) == 0 &&
	    bench_gzip(&b) == 0 &&
	    bench_sample(&b, argv[2], sample, len) == 0 &&
	    bench_one(&b, b.generated, true) == 0 &&
	    bench_corpus(&b, argc > 3 ? argv[3] : NULL) == 0)
		rc = 0;
	printf("\ntargets: load as one piece <= 1.2x libcmark parse, in "
	    "pieces <= 1.1x one piece;\nfinding the speakers <= 0.1x the "
	    "load, of which it is part, on the corpus;\n--dump -w 80 <= 0.8x "
	    "cmark -t commonmark --width 80; peak RSS <= 1x cmark.\n"
	    "load includes reading the file; the parse does not.\n"
	    "pager: first screen of the sample <= 10 ms and <= 2x less, of "
	    "the 10 MiB article\n<= 1.5x less, with \"[N]\" in every heading "
	    "too (whose first screen reads the\nrest of the file for "
	    "definitions of [N]: at 200 MiB, a figure to know), of the\n"
	    "200 MiB one <= 1.25x the 10 MiB one's, opened again too; gzipped,\n"
	    "<= 2x less through LESSOPEN=\"|gzip -dc %%s\"; keys\n"
	    "answered within %d ms while it loads; the first line of --dump "
	    "<= 0.1x the\nwhole dump, and of --toc and --dump on the 200 MiB "
	    "article <= 1.25x on the\n10 MiB one; resize, page down and jump "
	    "<= 5 ms of view work each, the\nterminal left out.\n"
	    "search: the first <= 150 ms, folding included; a later one "
	    "<= 5x grep -c -i;\nthe highlights of a screen <= 50 us, "
	    "with a million matches as with a thousand.\n", BENCH_KEY_LIMIT);
	bench_cleanup(&b);
	free(sample);
	return rc;
}
