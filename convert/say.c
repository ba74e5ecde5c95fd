/*
 * convert/say.c - the lines hp2x writes on stderr ("hp2x: MESSAGE",
 * "hp2x: warning: MESSAGE").
 *
 * Messages quote band names, mark labels, cost-centre names and file
 * names, which a hostile profile (or its name) chooses: each control
 * character is written as \xNN (C0 and DEL) or \u00NN (C1, U+0080 to
 * U+009F, which some terminals obey as ESC sequences, U+009B being CSI),
 * so no byte of a profile moves the cursor, rewrites the screen or
 * starts a line of its own.  The status line and --summary put names in
 * fixed widths and replace such characters themselves.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

void
cli_say(FILE *f, const char *kind, const char *msg)
{
	const unsigned char *p = (const unsigned char *)msg;

	fputs("hp2x: ", f);
	fputs(kind, f);
	for (; *p; p++) {
		if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\x%02x", *p);
		else if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
			fprintf(f, "\\u%04x", p[1]), p++;
		else
			fputc(*p, f);
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
