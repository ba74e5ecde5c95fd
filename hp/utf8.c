/*
 * hp/utf8.c - decoding one UTF-8 sequence.  See utf8.h.
 */
#include "utf8.h"

size_t
hp_utf8_decode(const unsigned char *s, size_t n, unsigned *cp)
{
	unsigned c = s[0], lo = 0x80, hi = 0xBF;
	size_t len, i;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		len = 2;
		*cp = c & 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		*cp = c & 0x0F;
		if (c == 0xE0)
			lo = 0xA0;
		if (c == 0xED)
			hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		*cp = c & 0x07;
		if (c == 0xF0)
			lo = 0x90;
		if (c == 0xF4)
			hi = 0x8F;
	} else {
		return 0;
	}
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 1; i < len; i++) {
		if (i > 1 && (s[i] & 0xC0) != 0x80)
			return 0;
		*cp = *cp << 6 | (s[i] & 0x3F);
	}
	return len;
}

size_t
hp_utf8_term(const unsigned char *s, size_t n, int *ok, unsigned *cp)
{
	size_t len = hp_utf8_decode(s, n, cp);

	if (len == 0) {
		*cp = s[0];
		*ok = 0;
		return 1;
	}
	*ok = !(*cp < 0x20 || (*cp >= 0x7F && *cp <= 0x9F));
	return len;
}
