/*
 * testdoc: a doc from Markdown in memory, for the unit tests.
 */
#include "testdoc.h"

#include <string.h>

#include "diag.h"
#include "doc.h"
#include "load.h"

struct doc *
testdoc_load_with(const char *md, size_t len, int flags)
{
	struct diag	 dg;
	struct doc	*d;

	diag_init(&dg);
	d = load_buffer("t.md", md, len, flags, &dg);
	diag_release(&dg);
	return d;
}

struct doc *
testdoc_load(const char *md)
{
	return testdoc_load_with(md, strlen(md), 0);
}
