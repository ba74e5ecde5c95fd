/*
 * convert/say.c - the lines hp2x writes on stderr ("hp2x: MESSAGE",
 * "hp2x: warning: MESSAGE").
 *
 * Messages quote band names, mark labels, cost-centre names and file
 * names, which a hostile profile (or its name) chooses: each control
 * character is written as \xNN (C0 and DEL) or \u00NN (C1, U+0080 to
 * U+009F, which some terminals obey as ESC sequences, U+009B being CSI),
 * and each byte that is not well-formed UTF-8 as \xNN (raw, it could
 * join what follows into a sequence a terminal obeys, or garble it), so
 * no byte of a profile moves the cursor, rewrites the screen or starts a
 * line of its own.  The status line and --summary put names in fixed
 * widths and replace such characters themselves (hp_utf8_term tells
 * all three what to keep).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../hp/utf8.h"
#include "cli.h"

void
cli_say(FILE *f, const char *kind, const char *msg)
{
	const unsigned char *p = (const unsigned char *)msg;
	size_t n = strlen(msg), len;
	unsigned cp;
	int ok;

	fputs("hp2x: ", f);
	fputs(kind, f);
	for (; n > 0; p += len, n -= len) {
		len = hp_utf8_term(p, n, &ok, &cp);
		if (ok)
			fwrite(p, 1, len, f);
		else if (len == 1)
			fprintf(f, "\\x%02x", *p);
		else
			fprintf(f, "\\u%04x", cp);
	}
	fputc('\n', f);
}

void
cli_sayf(FILE *f, const char *kind, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	cli_say(f, kind, msg);
}
