/*
 * t-state: the places and history files.  A place and a history go to the
 * disk and back whole, with every byte a path, a title or a query may
 * hold; files are 0600 in a 0700 directory; damaged files of every kind
 * are ignored with one warning; a directory that cannot be made and a
 * disk that fills up leave the old file as it was and no temporary file;
 * two processes saving at once always leave a whole file.
 */
#include "state.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "recall.h"
#include "tap.h"
#include "util.h"

static char	 tmpdir[PATH_MAX];	/* the test's own */
static char	 dir[PATH_MAX];		/* the state directory in it */

static void
write_file(const char *path, const char *s, size_t len)
{
	FILE	*f = fopen(path, "wb");

	if (f == NULL || fwrite(s, 1, len, f) != len)
		fatal("cannot write %s", path);
	fclose(f);
}

static char *
read_whole(const char *path, size_t *len)
{
	struct buf	 b;
	char		 chunk[4096];
	size_t		 n;
	FILE		*f = fopen(path, "rb");

	buf_init(&b);
	buf_reserve(&b, 1);
	if (f != NULL) {
		while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
			buf_add(&b, chunk, n);
		fclose(f);
	}
	b.data[b.len] = '\0';
	*len = b.len;
	return b.data;
}

/* Files in `d` whose names start with a dot: temporary files left. */
static size_t
leftovers(const char *d)
{
	DIR		*dp = opendir(d);
	struct dirent	*e;
	size_t		 n = 0;

	if (dp == NULL)
		return 0;
	while ((e = readdir(dp)) != NULL)
		n += e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 &&
		    strcmp(e->d_name, "..") != 0;
	closedir(dp);
	return n;
}

static void
place_fill(struct state_place *p, const char *path, time_t when)
{
	memset(p, 0, sizeof(*p));
	p->path = xstrdup(path);
	p->digest = state_digest(path, strlen(path));
	p->stamp = p->digest ^ 0xffff;
	p->when = when;
	p->block = 42;
	p->off = 1234;
	p->tail = 3;
	p->section = xstrdup("Kernel summit\twith a tab");
}

static void
test_dir(void)
{
	char	*d;

	setenv("HOME", "/home/reader", 1);
	setenv("XDG_STATE_HOME", "/xdg/state", 1);
	d = state_dir();
	tap_is_str(d, "/xdg/state/olsread", "XDG_STATE_HOME is used");
	free(d);
	setenv("XDG_STATE_HOME", "relative/state", 1);
	d = state_dir();
	tap_is_str(d, "/home/reader/.local/state/olsread",
	    "a relative XDG_STATE_HOME is ignored, as the spec says");
	free(d);
	unsetenv("XDG_STATE_HOME");
	d = state_dir();
	tap_is_str(d, "/home/reader/.local/state/olsread",
	    "no XDG_STATE_HOME: ~/.local/state");
	free(d);
	unsetenv("HOME");
	tap_ok(state_dir() == NULL, "no HOME: nowhere to remember");
}

/* Bytes digested as they come, cut anywhere, give the whole's digest. */
static void
test_digest_pieces(const char *s, size_t len)
{
	struct digest	 d;
	size_t		 step, at, n;
	bool		 same = true;

	for (step = 1; step <= 17; step++) {
		digest_init(&d);
		for (at = 0; at < len; at += n) {
			n = len - at < step ? len - at : step;
			digest_add(&d, s + at, n);
		}
		same &= digest_end(&d) == state_digest(s, len);
	}
	tap_ok(same, "digest: in pieces of 1 to 17 bytes, the whole's");
}

static void
test_digest(void)
{
	char		 a[64] = "The OLS 2003 trip report, by corbet.........";
	char		 b[64];
	uint64_t	 seen[20];
	size_t		 i, j;
	bool		 distinct = true;

	memcpy(b, a, sizeof(a));
	tap_ok(state_digest(a, 40) == state_digest(b, 40),
	    "digest: the same bytes, the same digest");
	b[17] ^= 1;
	tap_ok(state_digest(a, 40) != state_digest(b, 40),
	    "digest: one bit changed, another digest");
	for (i = 0; i < 20; i++) {
		memset(b, 0, sizeof(b));
		seen[i] = state_digest(b, i);
		for (j = 0; j < i; j++)
			distinct &= seen[j] != seen[i];
	}
	tap_ok(distinct, "digest: zeros of 0 to 19 bytes all differ");
	test_digest_pieces(a, 43);
}

static void
test_round_trip(void)
{
	struct state_place	 p, q;
	struct diag		 dg;
	size_t			 read[] = { 0, 3, 17 };
	char			 err[256];
	struct stat		 st;
	char			 path[PATH_MAX + 16];

	place_fill(&p, "/articles/a\tb\\c\nd\re.md", 1700000000);
	p.off = SIZE_MAX;
	p.read = xmalloc(sizeof(read));
	memcpy(p.read, read, sizeof(read));
	p.nread = 3;
	p.query = xstrdup("van\\Riel\n\t");
	p.qflags = 1;
	p.qactive = true;
	if (!tap_ok(state_save_place(dir, &p, err, sizeof(err)),
	    "a place is saved, the directory made"))
		tap_diag("%s", err);
	diag_init(&dg);
	tap_ok(state_load_place(dir, p.path, &q, &dg), "and found again");
	tap_is_int((long long)dg.n, 0, "with no warning");
	tap_ok(q.digest == p.digest && q.when == p.when && q.block == 42 &&
	    q.off == SIZE_MAX && q.tail == 3, "digest, time and anchor kept");
	tap_ok(q.stamp == p.stamp, "the file's stamp kept");
	tap_is_str(q.path, p.path, "a path with tab, backslash, LF, CR");
	tap_is_str(q.section, p.section, "the section's title");
	tap_is_str(q.query, p.query, "the query");
	tap_ok(q.qflags == 1 && q.qactive, "its flags, and highlighted");
	tap_ok(q.nread == 3 && q.read[0] == 0 && q.read[1] == 3 &&
	    q.read[2] == 17, "the sections read");
	state_place_release(&q);
	tap_ok(!state_load_place(dir, "/articles/other.md", &q, &dg),
	    "another article has no place");
	stat(dir, &st);
	tap_is_int(st.st_mode & 0777, 0700, "the directory is 0700");
	snprintf(path, sizeof(path), "%s/places", dir);
	stat(path, &st);
	tap_is_int(st.st_mode & 0777, 0600, "the file is 0600");
	tap_is_int((long long)leftovers(dir), 0, "no temporary file is left");

	/* No query, nothing read. */
	free(p.query);
	p.query = NULL;
	p.nread = 0;
	p.off = 7;
	state_save_place(dir, &p, err, sizeof(err));
	tap_ok(state_load_place(dir, p.path, &q, &dg) && q.query == NULL &&
	    q.nread == 0 && q.off == 7, "no search, nothing read: kept so");
	state_place_release(&q);
	state_place_release(&p);
	diag_release(&dg);
}

static void
test_many_places(void)
{
	struct state_place	 p, q;
	struct buf		 b;
	struct diag		 dg;
	char			 path[PATH_MAX + 16], err[256], *s;
	size_t			 i, len, lines = 0;

	snprintf(path, sizeof(path), "%s/places", dir);
	buf_init(&b);
	buf_adds(&b, "olsread places 1\n");
	for (i = 0; i < STATE_PLACES + 5; i++)
		buf_printf(&b, "%zu\t0000000000000001\t1\t2\t3\t-\t-\t"
		    "/doc/%zu.md\tT\t\n", 1000 + i, i);
	write_file(path, b.data, b.len);
	buf_release(&b);
	place_fill(&p, "/doc/new.md", 5000);
	state_save_place(dir, &p, err, sizeof(err));
	s = read_whole(path, &len);
	for (i = 0; i < len; i++)
		lines += s[i] == '\n';
	free(s);
	tap_is_int((long long)lines, STATE_PLACES + 1,
	    "the file keeps the newest %d articles", STATE_PLACES);
	diag_init(&dg);
	tap_ok(state_load_place(dir, "/doc/1004.md", &q, &dg) &&
	    q.when == 2004, "a recent one stays");
	state_place_release(&q);
	tap_ok(!state_load_place(dir, "/doc/0.md", &q, &dg),
	    "the oldest went");
	tap_ok(state_load_place(dir, "/doc/new.md", &q, &dg),
	    "the new one is there");
	state_place_release(&q);
	p.block = 99;
	p.when = 6000;
	state_save_place(dir, &p, err, sizeof(err));
	tap_ok(state_load_place(dir, "/doc/new.md", &q, &dg) &&
	    q.block == 99, "saved again, it replaces the old entry");
	state_place_release(&q);
	tap_is_int((long long)dg.n, 0, "no warning on the way");
	diag_release(&dg);
	state_place_release(&p);
}

/* Damaged files, each with what the test expects of it. */
static const struct {
	const char	*what;
	const char	*text;
	size_t		 len;		/* 0: strlen */
	bool		 found;		/* /a.md is still found */
	const char	*warning;	/* in the one warning */
} damaged[] = {
	{ "an empty file", "", 0, false, NULL },
	{ "another header", "olsread places 9\n", 0, false,
	    "not a state file" },
	{ "binary garbage", "\x7f" "ELF\x02\x01\x01\0\0\0garbage", 18, false,
	    "not a state file" },
	{ "a header only, cut short", "olsread places 1", 0, false,
	    "not a state file" },
	{ "a record cut short", "olsread places 1\n1\t0000000000000001\t1",
	    0, false, "1 damaged line" },
	{ "too few fields", "olsread places 1\n1\t0000000000000001\t1\t2\t3"
	    "\t-\t-\t/a.md\tT\n", 0, false, "1 damaged line" },
	{ "too many fields", "olsread places 1\n1\t0000000000000001\t1\t2\t3"
	    "\t-\t-\t/a.md\tT\t\t0000000000000002\t\n", 0, false,
	    "1 damaged line" },
	{ "an empty stamp", "olsread places 1\n1\t0000000000000001\t1\t2\t3"
	    "\t-\t-\t/a.md\tT\t\t\n", 0, false, "1 damaged line" },
	{ "a bad stamp", "olsread places 1\n1\t0000000000000001\t1\t2\t3"
	    "\t-\t-\t/a.md\tT\t\t00000000000000g2\n", 0, false,
	    "1 damaged line" },
	{ "a record with its stamp", "olsread places 1\n1\t0000000000000001"
	    "\t1\t2\t3\t-\t-\t/a.md\tT\t\t0000000000000002\n", 0, true,
	    NULL },
	{ "a number too large", "olsread places 1\n1\t0000000000000001\t"
	    "99999999999999999999999\t2\t3\t-\t-\t/a.md\tT\t\n", 0, false,
	    "1 damaged line" },
	{ "a negative number", "olsread places 1\n-1\t0000000000000001\t1\t2"
	    "\t3\t-\t-\t/a.md\tT\t\n", 0, false, "1 damaged line" },
	{ "a bad digest", "olsread places 1\n1\t00000000000000g1\t1\t2\t3\t-"
	    "\t-\t/a.md\tT\t\n", 0, false, "1 damaged line" },
	{ "sections read out of order", "olsread places 1\n1\t"
	    "0000000000000001\t1\t2\t3\t5,3\t-\t/a.md\tT\t\n", 0, false,
	    "1 damaged line" },
	{ "a trailing comma", "olsread places 1\n1\t0000000000000001\t1\t2\t3"
	    "\t5,\t-\t/a.md\tT\t\n", 0, false, "1 damaged line" },
	{ "a relative path", "olsread places 1\n1\t0000000000000001\t1\t2\t3"
	    "\t-\t-\ta.md\tT\t\n", 0, false, "1 damaged line" },
	{ "a bad escape", "olsread places 1\n1\t0000000000000001\t1\t2\t3\t-"
	    "\t-\t/a.md\tT\\q\t\n", 0, false, "1 damaged line" },
	{ "a lone backslash at the end", "olsread places 1\n1\t"
	    "0000000000000001\t1\t2\t3\t-\t-\t/a.md\tT\t\\\n", 0, false,
	    "1 damaged line" },
	{ "a NUL byte", "olsread places 1\n1\t0000000000000001\t1\t2\t3\t-\t-"
	    "\t/a\0.md\tT\t\n", 56, false, "1 damaged line" },
	{ "a good line among bad ones", "olsread places 1\nnonsense\n1\t"
	    "0000000000000001\t1\t2\t3\t-\t-\t/a.md\tT\t\n\t\t\n", 0, true,
	    "2 damaged lines" },
	{ "a good line, then one cut short", "olsread places 1\n1\t"
	    "0000000000000001\t1\t2\t3\t-\t-\t/a.md\tT\t\n1\t00", 0, true,
	    "1 damaged line" },
};

static void
test_damaged(void)
{
	struct state_place	 q;
	struct diag		 dg;
	char			 path[PATH_MAX + 16];
	size_t			 i, len;
	bool			 found;

	snprintf(path, sizeof(path), "%s/places", dir);
	for (i = 0; i < sizeof(damaged) / sizeof(*damaged); i++) {
		len = damaged[i].len != 0 ? damaged[i].len :
		    strlen(damaged[i].text);
		write_file(path, damaged[i].text, len);
		diag_init(&dg);
		found = state_load_place(dir, "/a.md", &q, &dg);
		if (found)
			state_place_release(&q);
		tap_ok(found == damaged[i].found && dg.n ==
		    (damaged[i].warning != NULL ? 1u : 0u) &&
		    (dg.n == 0 || strstr(dg.msgs[0], damaged[i].warning) !=
		    NULL), "damaged: %s: %s, %s", damaged[i].what,
		    damaged[i].found ? "the good line is used" : "nothing used",
		    damaged[i].warning != NULL ? damaged[i].warning :
		    "no warning");
		if (dg.n > 0)
			tap_diag("%s", dg.msgs[0]);
		diag_release(&dg);
	}
}

/* A file over the bound, a directory in its place: one warning. */
static void
test_unreadable(void)
{
	struct state_place	 q;
	struct diag		 dg;
	char			 path[PATH_MAX + 16];
	int			 fd;

	snprintf(path, sizeof(path), "%s/places", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd == -1 || ftruncate(fd, (off_t)STATE_MAX_SIZE + 1) == -1)
		fatal("cannot make %s large", path);
	close(fd);
	diag_init(&dg);
	tap_ok(!state_load_place(dir, "/a.md", &q, &dg) && dg.n == 1 &&
	    strstr(dg.msgs[0], "too large") != NULL,
	    "a file over %zu MiB is not read: one warning",
	    STATE_MAX_SIZE >> 20);
	diag_release(&dg);
	unlink(path);
	mkdir(path, 0700);
	diag_init(&dg);
	tap_ok(!state_load_place(dir, "/a.md", &q, &dg) && dg.n == 1 &&
	    strstr(dg.msgs[0], "not a regular file") != NULL,
	    "a directory named places: one warning");
	diag_release(&dg);
	rmdir(path);
}

/* Where the directory cannot be made: nothing saved, a reason. */
static void
test_cannot_make(void)
{
	struct state_place	 p;
	char			 file[PATH_MAX + 16], d[PATH_MAX + 32];
	char			 err[256] = "";

	snprintf(file, sizeof(file), "%s/a-file", tmpdir);
	write_file(file, "x", 1);
	snprintf(d, sizeof(d), "%s/olsread", file);
	place_fill(&p, "/a.md", 1);
	tap_ok(!state_save_place(d, &p, err, sizeof(err)) && err[0] != '\0',
	    "a directory that cannot be made: not saved, and why");
	tap_diag("%s", err);
	state_place_release(&p);
}

/*
 * A state directory that may not be written, as in a read-only home:
 * nothing saved, a reason, the old file as it was, no temporary file.
 * Root writes anywhere, so then an unprivileged child tries it.
 */
static bool
try_read_only(const char *d)
{
	struct state_place	 p;
	char			 err[256] = "";
	bool			 ok;

	place_fill(&p, "/ro.md", 20);
	ok = !state_save_place(d, &p, err, sizeof(err)) && err[0] != '\0' &&
	    leftovers(d) == 0;
	state_place_release(&p);
	return ok;
}

static void
test_read_only(void)
{
	struct state_place	 p;
	char			 d[PATH_MAX + 16], path[PATH_MAX + 32], err[256];
	char			*before, *after;
	size_t			 blen, alen;
	pid_t			 pid;
	int			 st;
	bool			 ok;

	snprintf(d, sizeof(d), "%s/ro/olsread", tmpdir);
	place_fill(&p, "/kept.md", 10);
	state_save_place(d, &p, err, sizeof(err));
	state_place_release(&p);
	snprintf(path, sizeof(path), "%s/places", d);
	before = read_whole(path, &blen);
	chmod(tmpdir, 0755);
	snprintf(path, sizeof(path), "%s/ro", tmpdir);
	chmod(path, 0755);
	chmod(d, 0555);
	if (geteuid() != 0)
		ok = try_read_only(d);
	else if ((pid = fork()) == 0)
		_exit(setgid(65534) == 0 && setuid(65534) == 0 &&
		    try_read_only(d) ? 0 : 1);
	else
		ok = waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
		    WEXITSTATUS(st) == 0;
	chmod(d, 0700);
	chmod(tmpdir, 0700);
	snprintf(path, sizeof(path), "%s/places", d);
	after = read_whole(path, &alen);
	tap_ok(ok && alen == blen && memcmp(before, after, alen) == 0,
	    "a read-only state directory: not saved, and why; the old file "
	    "as it was, no temporary file");
	free(before);
	free(after);
}

/*
 * A full disk, as a file size limit gives it: the write fails, the old
 * file is as it was, and no temporary file is left.
 */
static void
test_full_disk(void)
{
	struct state_place	 p;
	struct rlimit		 old, lim;
	char			 path[PATH_MAX + 16], err[256] = "";
	char			*before, *after;
	size_t			 blen, alen;
	bool			 saved;

	place_fill(&p, "/full.md", 10);
	state_save_place(dir, &p, err, sizeof(err));
	snprintf(path, sizeof(path), "%s/places", dir);
	before = read_whole(path, &blen);
	free(p.section);
	p.section = xmalloc(8192);
	memset(p.section, 'x', 8191);
	p.section[8191] = '\0';
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	lim.rlim_cur = 4096;
	setrlimit(RLIMIT_FSIZE, &lim);
	saved = state_save_place(dir, &p, err, sizeof(err));
	setrlimit(RLIMIT_FSIZE, &old);
	after = read_whole(path, &alen);
	tap_ok(!saved && err[0] != '\0', "a full disk: not saved, and why");
	tap_diag("%s", err);
	tap_ok(alen == blen && memcmp(before, after, alen) == 0,
	    "a full disk: the old file is as it was");
	tap_is_int((long long)leftovers(dir), 0,
	    "a full disk: no temporary file is left");
	free(before);
	free(after);
	state_place_release(&p);
}

/* A child that saves its own place `n` times, and the shared one. */
static void
writer(const char *own, int n)
{
	struct state_place	 p;
	char			 err[256];
	int			 i;

	for (i = 0; i < n; i++) {
		place_fill(&p, own, 100 + i);
		state_save_place(dir, &p, err, sizeof(err));
		state_place_release(&p);
		place_fill(&p, "/shared.md", 100 + i);
		p.block = (size_t)getpid();
		state_save_place(dir, &p, err, sizeof(err));
		state_place_release(&p);
	}
	_exit(0);
}

static void
test_concurrent(void)
{
	struct state_place	 q;
	struct diag		 dg;
	pid_t			 a, b;
	size_t			 reads = 0, damage = 0;
	int			 st, done = 0;

	if ((a = fork()) == 0)
		writer("/one.md", 150);
	if ((b = fork()) == 0)
		writer("/two.md", 150);
	/* Meanwhile, read: every read must find a whole file. */
	while (done < 2) {
		diag_init(&dg);
		if (state_load_place(dir, "/shared.md", &q, &dg))
			state_place_release(&q);
		damage += dg.n;
		diag_release(&dg);
		reads++;
		if (waitpid(-1, &st, WNOHANG) > 0)
			done++;
	}
	tap_is_int((long long)damage, 0, "two writers at once: %zu reads "
	    "meanwhile all found a whole file", reads);
	diag_init(&dg);
	tap_ok(state_load_place(dir, "/shared.md", &q, &dg) &&
	    (q.block == (size_t)a || q.block == (size_t)b),
	    "two writers: the shared article's place is one writer's, whole");
	state_place_release(&q);
	tap_ok(state_load_place(dir, "/one.md", &q, &dg) ||
	    state_load_place(dir, "/two.md", &q, &dg),
	    "two writers: their own entries are there");
	state_place_release(&q);
	tap_is_int((long long)dg.n, 0, "two writers: no warning");
	tap_is_int((long long)leftovers(dir), 0,
	    "two writers: no temporary file is left");
	diag_release(&dg);
}

static void
test_history(void)
{
	struct state_list	 recent, got;
	struct diag		 dg;
	char			 err[256], path[PATH_MAX + 16], q[32];
	int			 i;

	state_list_init(&recent);
	state_list_add(&recent, "Kroah");
	state_list_add(&recent, "van\tRiel\\");
	state_list_add(&recent, "Kroah");
	tap_is_int((long long)recent.n, 2, "history: a query once");
	tap_ok(state_save_history(dir, &recent, err, sizeof(err)),
	    "history: saved");
	state_list_release(&recent);
	state_list_add(&recent, "udev");
	state_list_add(&recent, "Kroah");
	state_save_history(dir, &recent, err, sizeof(err));
	state_list_release(&recent);
	diag_init(&dg);
	state_list_init(&got);
	state_load_history(dir, &got, &dg);
	tap_ok(got.n == 3 && strcmp(got.s[0], "udev") == 0 &&
	    strcmp(got.s[1], "Kroah") == 0 &&
	    strcmp(got.s[2], "van\tRiel\\") == 0,
	    "history: this run's queries first, then the older, each once");
	state_list_release(&got);
	for (i = 0; i < 150; i++) {
		snprintf(q, sizeof(q), "query %d", i);
		state_list_add(&recent, q);
	}
	tap_is_int((long long)recent.n, STATE_HISTORY,
	    "history: a list holds %d queries", STATE_HISTORY);
	state_save_history(dir, &recent, err, sizeof(err));
	state_list_release(&recent);
	state_load_history(dir, &got, &dg);
	tap_ok(got.n == STATE_HISTORY && strcmp(got.s[0], "query 0") == 0,
	    "history: the newest %d kept", STATE_HISTORY);
	state_list_release(&got);
	tap_is_int((long long)dg.n, 0, "history: no warning");
	snprintf(path, sizeof(path), "%s/history", dir);
	write_file(path, "olsread history 1\ngood\nbad\\x\n", 29);
	state_load_history(dir, &got, &dg);
	tap_ok(got.n == 1 && strcmp(got.s[0], "good") == 0 && dg.n == 1,
	    "history: a damaged line is skipped, with one warning");
	state_list_release(&got);
	diag_release(&dg);
}

/* Save a place at block `block` for `art`, with `digest` and `stamp`. */
static void
recall_save_at(const char *art, size_t block, uint64_t digest,
    uint64_t stamp, struct diag *dg)
{
	struct recall	 rc;
	char		 err[256];

	recall_open(&rc, art, dg);
	recall_settle_stamp(&rc, stamp);
	rc.digest = digest;
	rc.mem.has_place = true;
	rc.mem.place.block = block;
	rc.mem.title = xstrdup("The party");
	if (!recall_save(&rc, err, sizeof(err)))
		tap_diag("%s", err);
	recall_release(&rc);
}

/*
 * The file's stamp: the same as when the place was saved, the place comes
 * back before any byte is read, even one saved before the article was
 * read through (no digest); another stamp leaves it to the digest.
 */
static void
test_recall_stamp(const char *art, const char *text, struct diag *dg)
{
	struct recall	 rc;
	uint64_t	 digest = state_digest(text, strlen(text));

	recall_save_at(art, 6, digest, 7, dg);
	recall_open(&rc, art, dg);
	tap_ok(recall_settle_stamp(&rc, 7) && !recall_has_place(&rc) &&
	    rc.mem.has_place && rc.mem.place.block == 6 && rc.digest == digest,
	    "recall: the same stamp: the place, and its digest, at once");
	recall_release(&rc);
	recall_open(&rc, art, dg);
	tap_ok(!recall_settle_stamp(&rc, 8) && recall_has_place(&rc) &&
	    !rc.mem.has_place, "recall: another stamp: the digest is needed");
	recall_settle(&rc, digest);
	tap_ok(rc.mem.has_place && rc.mem.place.block == 6 && rc.stamp == 8,
	    "recall: another stamp, the same digest: the place");
	recall_release(&rc);
	recall_open(&rc, art, dg);
	tap_ok(!recall_settle_stamp(&rc, 0) && recall_has_place(&rc),
	    "recall: no stamp: the digest is needed");
	recall_release(&rc);

	/* Saved before it was read through. */
	recall_save_at(art, 9, 0, 10, dg);
	recall_open(&rc, art, dg);
	tap_ok(recall_settle_stamp(&rc, 10) && rc.mem.has_place &&
	    rc.mem.place.block == 9 && rc.digest == 0, "recall: not read "
	    "through, the same stamp: the place");
	recall_release(&rc);
	recall_open(&rc, art, dg);
	recall_settle_stamp(&rc, 11);
	recall_settle(&rc, digest);
	tap_ok(!rc.mem.has_place && rc.mem.title != NULL &&
	    strcmp(rc.mem.title, "The party") == 0, "recall: not read "
	    "through, another stamp: the section's title only");
	recall_release(&rc);
}

/*
 * recall: the article as it was gets its place, read talks and search
 * back; changed, only the section's title and the search; a path that
 * does not resolve gets nothing.
 */
static void
test_recall(void)
{
	struct recall	 rc;
	struct diag	 dg;
	char		 art[PATH_MAX + 16], xdg[PATH_MAX + 16], err[256];
	const char	*text = "# T\n\nSome text.\n", *other = "# T2\n";

	snprintf(art, sizeof(art), "%s/article.md", tmpdir);
	write_file(art, text, strlen(text));
	snprintf(xdg, sizeof(xdg), "%s/xdg", tmpdir);
	setenv("XDG_STATE_HOME", xdg, 1);
	diag_init(&dg);
	tap_ok(recall_open(&rc, art, &dg) && !recall_has_place(&rc) &&
	    !rc.mem.has_place && rc.mem.title == NULL,
	    "recall: a new article, nothing to go back to");
	rc.digest = state_digest(text, strlen(text));
	rc.mem.has_place = true;
	rc.mem.place.block = 5;
	rc.mem.place.off = 77;
	rc.mem.place.tail = 2;
	rc.mem.title = xstrdup("The party");
	rc.mem.query = xstrdup("Kroah");
	rc.mem.qactive = true;
	rc.mem.read = xcalloc(2, sizeof(*rc.mem.read));
	rc.mem.read[0] = 1;
	rc.mem.read[1] = 4;
	rc.mem.nread = 2;
	tap_ok(recall_save(&rc, err, sizeof(err)), "recall: saved");
	recall_release(&rc);
	tap_ok(recall_open(&rc, art, &dg) && recall_has_place(&rc) &&
	    !rc.mem.has_place, "recall: a place on file waits for the digest");
	recall_settle(&rc, state_digest(text, strlen(text)));
	tap_ok(!recall_has_place(&rc) && rc.mem.has_place && rc.mem.place.block == 5 &&
	    rc.mem.place.off == 77 && rc.mem.place.tail == 2 &&
	    rc.mem.nread == 2 && rc.mem.read[1] == 4 && rc.mem.query != NULL &&
	    rc.mem.qactive, "recall: the same bytes: place, talks read, "
	    "search");
	recall_release(&rc);
	tap_ok(recall_open(&rc, art, &dg), "recall: opened again");
	recall_settle(&rc, state_digest(other, strlen(other)));
	tap_ok(!rc.mem.has_place && rc.mem.nread == 0 && rc.mem.title != NULL &&
	    strcmp(rc.mem.title, "The party") == 0 && rc.mem.query != NULL,
	    "recall: changed: the section's title and the search, no more");
	recall_release(&rc);
	test_recall_stamp(art, text, &dg);
	tap_ok(!recall_open(&rc, "/nonexistent/olsread/a.md", &dg),
	    "recall: a path that does not resolve");
	tap_is_int((long long)dg.n, 0, "recall: no warning");
	diag_release(&dg);
	unsetenv("XDG_STATE_HOME");
}

int
main(void)
{
	const char	*t = getenv("TMPDIR");

	snprintf(tmpdir, sizeof(tmpdir), "%s/t-state-XXXXXX",
	    t != NULL && t[0] == '/' ? t : "/tmp");
	if (mkdtemp(tmpdir) == NULL)
		fatal("mkdtemp: %s", tmpdir);
	/* Two levels that do not exist yet: both are made. */
	snprintf(dir, sizeof(dir), "%s/state/olsread", tmpdir);
	umask(022);
	test_dir();
	test_digest();
	test_round_trip();
	test_many_places();
	test_damaged();
	test_unreadable();
	test_cannot_make();
	test_read_only();
	test_full_disk();
	test_concurrent();
	test_history();
	test_recall();
	if (setenv("T", tmpdir, 1) != 0 || system("rm -rf -- \"$T\"") != 0)
		tap_diag("could not remove %s", tmpdir);
	return tap_done();
}
