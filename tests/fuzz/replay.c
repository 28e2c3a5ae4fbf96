/*
 * replay: run a fuzz target over files, for meson test: each file named
 * on the command line, or in a directory named there, is one input.  TAP
 * out, one line an input; a crash or a broken invariant aborts, and that
 * is the failure.
 */
#include "fuzz.h"

#include <dirent.h>
#include <string.h>

#include "util.h"

static unsigned char *
replay_read(const char *path, size_t *len)
{
	FILE		*f = fopen(path, "rb");
	struct buf	 b;
	size_t		 n;

	*len = 0;
	if (f == NULL)
		return NULL;
	buf_init(&b);
	do {
		buf_reserve(&b, 65536);
		n = fread(b.data + b.len, 1, 65536, f);
		b.len += n;
	} while (n > 0);
	fclose(f);
	*len = b.len;
	return (unsigned char *)b.data;
}

static int
replay_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add `path` to `list`, or what the directory holds, sorted. */
static void
replay_collect(const char *path, char ***list, size_t *n, size_t *cap)
{
	DIR		*dir = opendir(path);
	struct dirent	*e;
	struct buf	 p;
	size_t		 first = *n;

	if (dir == NULL) {
		*list = xgrow(*list, cap, *n + 1, sizeof(**list));
		(*list)[(*n)++] = xstrdup(path);
		return;
	}
	while ((e = readdir(dir)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		buf_init(&p);
		buf_printf(&p, "%s/%s", path, e->d_name);
		*list = xgrow(*list, cap, *n + 1, sizeof(**list));
		(*list)[(*n)++] = p.data;
	}
	closedir(dir);
	qsort(*list + first, *n - first, sizeof(**list), replay_cmp);
}

int
main(int argc, char *argv[])
{
	unsigned char	*s;
	char		**list = NULL;
	const char	*name;
	size_t		 len, n = 0, cap = 0, i;
	int		 a, bad = 0;

	for (a = 1; a < argc; a++)
		replay_collect(argv[a], &list, &n, &cap);
	printf("1..%zu\n", n);
	for (i = 0; i < n; i++) {
		name = strrchr(list[i], '/') != NULL ?
		    strrchr(list[i], '/') + 1 : list[i];
		if ((s = replay_read(list[i], &len)) == NULL) {
			printf("not ok %zu - %s: cannot read it\n", i + 1,
			    list[i]);
			bad++;
		} else {
			LLVMFuzzerTestOneInput(s, len);
			free(s);
			printf("ok %zu - %s\n", i + 1, name);
		}
		fflush(stdout);
		free(list[i]);
	}
	free(list);
	return bad > 0;
}
