/*
 * hp/utf8.h - reading UTF-8 strictly, and telling what of it may reach a
 * terminal.
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

/*
 * The piece of s (n > 0 bytes left) a terminal gets next: its length,
 * and in *ok whether it may be written as it is: a well-formed sequence
 * that is no control character (C0, DEL, or C1, U+0080 to U+009F, which
 * some terminals obey as ESC sequences, U+009B being CSI).  Otherwise it
 * is a control character (*cp, its length 1 or 2) or a byte that starts
 * no well-formed sequence (length 1, *cp the byte), which the caller
 * writes escaped or replaced: raw, it could complete a sequence with
 * what comes after it.  One table for every text that goes to a
 * terminal (convert/say.c, the status line, --summary).
 */
size_t hp_utf8_term(const unsigned char *s, size_t n, int *ok, unsigned *cp);

#endif
