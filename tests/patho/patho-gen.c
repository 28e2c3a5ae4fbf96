/*
 * patho-gen: writes one pathological article to standard output, for the
 * runner (run.sh) to hand to olsread.  With --list it prints the table
 * instead, one input a line, tab-separated, "-" for a field left empty:
 *
 *	name  found  text  query  toc  diag  what
 *
 * With --bound it prints the KiB that olsread may hold at its peak on an
 * article of SIZE bytes that the cmark program parsed within PARSER KiB
 * (patho_bound_kib()), so the rule is written once.
 *
 * usage: patho-gen --list | --bound SIZE PARSER | NAME
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs.h"
#include "util.h"

static const char *
patho_field(const char *s)
{
	return s != NULL ? s : "-";
}

static int
patho_list(void)
{
	const struct patho_input	*in;
	size_t				 i;

	for (i = 0; i < patho_ninputs; i++) {
		in = &patho_inputs[i];
		printf("%s\t%d\t%d\t%s\t%s\t%s\t%s\n", in->name,
		    in->found, in->text, in->query, patho_field(in->toc),
		    patho_field(in->diag), in->what);
	}
	return fflush(stdout) == 0 ? 0 : 1;
}

/* A size in decimal, or false. */
static bool
patho_size(const char *s, size_t *n)
{
	unsigned long long	 v;
	char			*end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || *end != '\0' || errno != 0 ||
	    v > SIZE_MAX)
		return false;
	*n = (size_t)v;
	return true;
}

static int
patho_bound(const char *size, const char *parser)
{
	size_t	 n, kib;

	if (!patho_size(size, &n) || !patho_size(parser, &kib)) {
		fprintf(stderr, "patho-gen: --bound: not a size: %s %s\n",
		    size, parser);
		return 2;
	}
	printf("%zu\n", patho_bound_kib(n, kib));
	return fflush(stdout) == 0 ? 0 : 1;
}

int
main(int argc, char *argv[])
{
	const struct patho_input	*in;
	struct buf			 out;
	int				 rc = 0;

	if (argc == 4 && strcmp(argv[1], "--bound") == 0)
		return patho_bound(argv[2], argv[3]);
	if (argc != 2) {
		fprintf(stderr, "usage: patho-gen --list | --bound SIZE PARSER "
		    "| NAME\n");
		return 2;
	}
	if (strcmp(argv[1], "--list") == 0)
		return patho_list();
	if ((in = patho_find(argv[1])) == NULL) {
		fprintf(stderr, "patho-gen: %s: no such input\n", argv[1]);
		return 2;
	}
	buf_init(&out);
	in->gen(&out, patho_scale());
	if (fwrite(out.data, 1, out.len, stdout) != out.len ||
	    fflush(stdout) != 0)
		rc = 1;
	buf_release(&out);
	return rc;
}
