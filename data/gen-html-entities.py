#!/usr/bin/env python3
"""Write src/html-entities.c: the HTML standard's named character
references, as Python's html.entities holds them, sorted by name for a
binary search.  Run from the top of the tree: data/gen-html-entities.py"""
import html.entities

refs = html.entities.html5
names = sorted(k[:-1] for k in refs if k.endswith(';'))


def c_string(s):
    return '"' + ''.join('\\x%02x' % b for b in s.encode()) + '"'


with open('src/html-entities.c', 'w') as out:
    out.write('/*\n * html-entities: the named character references of the '
              'HTML standard,\n * sorted by name.  Written by '
              'data/gen-html-entities.py; do not edit.\n */\n'
              '#include "html-entities.h"\n\n'
              'const struct html_entity html_entities[] = {\n')
    for n in names:
        legacy = 'true' if n in refs else 'false'
        out.write('\t{ "%s", %s, %s },\n' % (n, c_string(refs[n + ';']),
                                             legacy))
    out.write('};\n\nconst size_t html_nentities = '
              'sizeof(html_entities) / sizeof(*html_entities);\n')
