/*
 * html-entities: the HTML standard's named character references
 * ("&eacute;" is U+00E9), for html.c, sorted by name (strcmp order).
 */
#ifndef OLSREAD_HTML_ENTITIES_H
#define OLSREAD_HTML_ENTITIES_H

#include <stdbool.h>
#include <stddef.h>

/* The longest name, ';' left out. */
#define HTML_ENTITY_NAME_MAX	31

struct html_entity {
	const char	*name;		/* without its ';' */
	const char	*utf8;		/* what it stands for: one or two
					   characters */
	bool		 legacy;	/* a browser takes it without ';' too */
};

extern const struct html_entity	 html_entities[];
extern const size_t		 html_nentities;

#endif
