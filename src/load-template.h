/*
 * The loader's template stage (load-template.c): between sanitising and
 * cutting, the sanitised text made the Markdown a static site's page is
 * made from, its templates' tags replaced by what they show.  Shared by
 * the job and the cut stage; no cmark here.
 */
#ifndef OLSREAD_LOAD_TEMPLATE_H
#define OLSREAD_LOAD_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

#include "template.h"
#include "util.h"

struct load_template {
	struct tpl	 tpl;
	bool		 front_done;	/* front matter passed on as it is */
	size_t		 given;		/* bytes of the text taken from raw */
};

void	 load_template_init(struct load_template *);
void	 load_template_release(struct load_template *);

/*
 * The whole lines of `raw` (the sanitised text not yet rewritten)
 * rewritten onto the end of `text` and taken from `raw`, as far as each
 * can be told from what has come; at `eof`, all of it.  Each line of
 * `raw` makes one line of `text` (a tag that opens code after text on
 * its line is the one exception), so lines keep their numbers.
 */
void	 load_template_feed(struct load_template *, struct buf *raw,
	    struct buf *text, bool eof);

#endif
