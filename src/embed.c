/*
 * embed: a build tool that writes a file's bytes as a C array, so that
 * the sample article is part of the olsread binary and `olsread` alone
 * opens it wherever the binary is, in the build tree or installed.
 *
 * usage: embed NAME INPUT OUTPUT
 * writes `const unsigned char NAME[]` and `const size_t NAME_len`.
 */
#include <stdio.h>
#include <stdlib.h>

static int
embed(const char *name, FILE *in, FILE *out)
{
	size_t	 n = 0;
	int	 c;

	fprintf(out, "/* Made by embed: do not edit. */\n"
	    "#include <stddef.h>\n\n"
	    "const unsigned char %s[] = {", name);
	while ((c = getc(in)) != EOF)
		fprintf(out, "%s%d,", n++ % 16 == 0 ? "\n\t" : " ", c);
	/* A NUL after the bytes: the array is never empty. */
	fprintf(out, "%s0\n};\n\nconst size_t %s_len = %zu;\n",
	    n % 16 == 0 ? "\n\t" : " ", name, n);
	return ferror(in) || ferror(out) ? -1 : 0;
}

int
main(int argc, char *argv[])
{
	FILE	*in, *out;
	int	 rc;

	if (argc != 4) {
		fputs("usage: embed NAME INPUT OUTPUT\n", stderr);
		return 2;
	}
	if ((in = fopen(argv[2], "rb")) == NULL) {
		perror(argv[2]);
		return 1;
	}
	if ((out = fopen(argv[3], "w")) == NULL) {
		perror(argv[3]);
		fclose(in);
		return 1;
	}
	rc = embed(argv[1], in, out);
	fclose(in);
	if (fclose(out) != 0 || rc != 0) {
		fprintf(stderr, "embed: cannot write %s\n", argv[3]);
		remove(argv[3]);
		return 1;
	}
	return 0;
}
