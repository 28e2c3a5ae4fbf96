/*
 * diag: collects messages for later display.  It never prints.
 */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void
diag_init(struct diag *d)
{
	d->msgs = NULL;
	d->n = d->cap = 0;
}

void
diag_release(struct diag *d)
{
	size_t	 i;

	for (i = 0; i < d->n; i++)
		free(d->msgs[i]);
	free(d->msgs);
	diag_init(d);
}

void
diag_add(struct diag *d, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;
	int	 n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	msg = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	d->msgs = xgrow(d->msgs, &d->cap, d->n + 1, sizeof(*d->msgs));
	d->msgs[d->n++] = msg;
}
