/*
 * render/page/page.h - the interactive page's own files, built into hp2x
 * (embed.cmake turns render/page/'s template, style and scripts into
 * these arrays, without the comments, indentation, empty lines and
 * needless blanks of the sources (squeeze.c); convert/out_html.c writes
 * the page around them).
 *
 * Each array ends in a NUL not counted in its length.  The hashes are
 * Content-Security-Policy sources, quotes included ('sha256-...'), of
 * exactly the bytes of the style and the script.
 */
#ifndef RENDER_PAGE_H
#define RENDER_PAGE_H

#include <stddef.h>

extern const unsigned char page_html[], page_css[], page_js[];
extern const size_t page_html_len, page_css_len, page_js_len;
extern const char page_html_hash[], page_css_hash[], page_js_hash[];

#endif
