/*
 * patho-gen: writes one pathological article to standard output, for the
 * runner (run.sh) to hand to olsread.  With --list it prints the table
 * instead, one input a line, tab-separated, "-" for a field left empty:
 *
 *	name  found  text  query  toc  diag  mib  what
 *
 * usage: patho-gen --list | NAME
 */
#include <stdio.h>
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
		printf("%s\t%d\t%d\t%s\t%s\t%s\t%u\t%s\n", in->name,
		    in->found, in->text, in->query, patho_field(in->toc),
		    patho_field(in->diag), in->mib, in->what);
	}
	return fflush(stdout) == 0 ? 0 : 1;
}

int
main(int argc, char *argv[])
{
	const struct patho_input	*in;
	struct buf			 out;
	int				 rc = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: patho-gen --list | NAME\n");
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
