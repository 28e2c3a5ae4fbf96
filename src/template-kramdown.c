/*
 * template-kramdown: kramdown's extensions to Markdown, which show
 * nothing of themselves.  Attribute lists after a span or on a line of
 * their own ({: .lead }, {:target="_blank"}), their definitions
 * ({:name: .class}), {::options ... /} and the {:toc} mark go;
 * {::comment} drops what it holds up to {:/comment}; {::nomarkdown}
 * keeps what it holds.
 */
#include "template.h"

bool
tpl_kramdown(struct tpl *t, const struct tpl_tag *tag, bool in_dest,
    struct buf *out)
{
	(void)in_dest;
	(void)out;
	if (!tag->closing && tpl_tag_is(tag, "comment"))
		tpl_push(t, TPL_KRAMDOWN, "comment", TPL_BLOCK_DROP, "");
	return true;
}
