/*
 * hp/utf8.h - reading UTF-8 strictly.
 *
 * Band names are a profile's raw bytes and need not be UTF-8.  What shows
 * them (Pango in render/fonts.c, JSON in data/out_json.c) must tell
 * well-formed UTF-8 from other bytes the same way: RFC 3629, so no
 * overlong forms, no surrogates, nothing past U+10FFFF.
 */
#ifndef HP_UTF8_H
#define HP_UTF8_H

#include <stddef.h>

/* The sequence at s (n > 0 bytes left): its length, with its code point
 * in *cp, or 0 when the bytes there are not well-formed UTF-8. */
size_t hp_utf8_decode(const unsigned char *s, size_t n, unsigned *cp);

#endif
