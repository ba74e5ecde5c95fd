/*
 * data/mdtext.c - profile text in GitHub-flavoured Markdown.  See
 * mdtext.h.
 *
 * A code span, not backslash escapes: GitHub turns more than CommonMark's
 * markup into something else (@mentions, #123 references, :emoji:, $math$,
 * bare URLs and www. links), and a code span is the one place where it
 * turns none of them.  Only | needs a backslash there, since a table is
 * split into cells before its cells are read.
 */
#include "mdtext.h"

#include "../hp/utf8.h"

/* Characters that reorder or break the text around them. */
static int
is_layout_control(unsigned cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || cp == 0x061c ||
	       cp == 0x200e || cp == 0x200f ||
	       (cp >= 0x2028 && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

/* The longest run of backticks in s. */
static size_t
longest_ticks(const char *s, size_t n)
{
	size_t i, run = 0, most = 0;

	for (i = 0; i < n; i++) {
		run = s[i] == '`' ? run + 1 : 0;
		if (run > most)
			most = run;
	}
	return most;
}

static void
put_piece(FILE *out, const unsigned char *s, size_t n, int cell)
{
	size_t i = 0, k;
	unsigned cp;

	while (i < n) {
		k = hp_utf8_decode(s + i, n - i, &cp);
		if (k == 0) {
			fprintf(out, "\\x%02x", s[i]);
			k = 1;
		} else if (cp < 0x20 || cp == 0x7f) {
			fprintf(out, "\\x%02x", cp);
		} else if (is_layout_control(cp)) {
			fprintf(out, "\\u%04x", cp);
		} else if (cp == '|' && cell) {
			fputs("\\|", out);
		} else {
			fwrite(s + i, 1, k, out);
		}
		i += k;
	}
}

static void
fence(FILE *out, size_t n)
{
	while (n--)
		fputc('`', out);
}

void
md_name(FILE *out, const char *s, size_t len, int cell)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t head = len, tail = 0, ticks, k;
	unsigned char first, last;
	int pad;

	if (len == 0) {
		fputs("*(empty)*", out);
		return;
	}
	if (len > MD_NAME_MAX) {
		/* cut where no UTF-8 sequence is split (one has at most
		 * three continuation bytes) */
		head = tail = MD_NAME_MAX / 2;
		for (k = 0; k < 3 && (u[head] & 0xC0) == 0x80; k++)
			head--;
		for (k = 0; k < 3 && (u[len - tail] & 0xC0) == 0x80; k++)
			tail--;
	}
	ticks = longest_ticks(s, head);
	if (tail && longest_ticks(s + len - tail, tail) > ticks)
		ticks = longest_ticks(s + len - tail, tail);
	first = u[0];
	last = tail ? u[len - 1] : u[head - 1];
	/* a code span drops one space each side when both have one: a
	 * backtick next to the fence, or spaces the name has, need one */
	pad = first == '`' || last == '`' || (first == ' ' && last == ' ');
	fence(out, ticks + 1);
	if (pad)
		fputc(' ', out);
	put_piece(out, u, head, cell);
	if (tail) {
		fputs("\xe2\x80\xa6", out);	/* U+2026 */
		put_piece(out, u + len - tail, tail, cell);
	}
	if (pad)
		fputc(' ', out);
	fence(out, ticks + 1);
}
