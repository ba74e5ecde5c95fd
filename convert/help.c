/*
 * convert/help.c - --help: the usage, then every row of the option
 * table (optdef.h) in its order, its headings and each option's names,
 * value and help, then examples.  Lists that other tables own (the
 * formats' names and extensions, a choice's words) are printed from
 * them, never written out here.
 */
#include "optdef.h"

#include <stdio.h>
#include <string.h>


#define HELP_COLUMN 26
#define HELP_WIDTH 79

/* Append to the first column; the table's strings are short, but a
 * longer one would only be cut. */
static void
column(char *buf, size_t size, size_t *n, const char *a, const char *b,
       const char *c, const char *d)
{
	int k = snprintf(buf + *n, size - *n, "%s%s%s%s", a, b, c, d);

	if (k > 0)
		*n = *n + (size_t)k < size ? *n + (size_t)k : size - 1;
}

/*
 * An option's help with %N (the formats' names) and %E (their
 * extensions) taken from the format table, and %W (a choice's words
 * with their notes) from the row's, so the lists never go stale.  The
 * table's own line breaks stay; a line longer than HELP_WIDTH breaks at
 * its last space that fits.
 */
static void
help_text(FILE *out, const struct optdef *o)
{
	char text[1024] = "", list[512];
	const char *line = text, *h = o->help;
	size_t n = 0;

	for (; *h && n + 1 < sizeof text; h++) {
		if (h[0] == '%' && (h[1] == 'N' || h[1] == 'E' ||
				    (h[1] == 'W' && o->words))) {
			size_t k = h[1] == 'W'
				? cli_opt_words(list, sizeof list, o->words,
					     WORDS_NOTES)
				: cli_format_list(list, sizeof list, h[1] == 'N'
						  ? CLI_LIST_NAMES
						  : CLI_LIST_EXTS);

			if (k > sizeof text - 1 - n)
				k = sizeof text - 1 - n;
			memcpy(text + n, list, k);
			n += k;
			h++;
			continue;
		}
		text[n++] = *h;
	}
	text[n] = '\0';
	for (;;) {
		size_t len = strcspn(line, "\n"), cut = len;

		if (len > HELP_WIDTH - HELP_COLUMN) {
			cut = HELP_WIDTH - HELP_COLUMN;
			while (cut > 0 && line[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = len;
		}
		fwrite(line, 1, cut, out);
		line += cut;
		if (*line == '\0')
			break;
		line++;		/* the space or line break */
		fprintf(out, "\n%*s", HELP_COLUMN, "");
	}
	fputc('\n', out);
}

static void
help_entry(FILE *out, const struct optdef *o)
{
	char first[128], letter[3] = "-", words[128];
	const char *c, *value = cli_opt_value_name(o, words, sizeof words);
	size_t n = 0;

	first[0] = '\0';
	for (c = o->letters; c && *c; c++) {
		letter[1] = *c;
		column(first, sizeof first, &n, n ? ", " : "", letter,
		       o->short_argh ? o->short_argh : "", "");
	}
	if (o->name)
		column(first, sizeof first, &n, n ? ", --" : "--", o->name,
		       !cli_opt_takes_value(o) ? "" : o->optional ? "[=" : "=",
		       value);
	if (o->optional)
		column(first, sizeof first, &n, "]", "", "", "");
	if (o->alias)
		column(first, sizeof first, &n, ", --", o->alias, "", "");
	fprintf(out, "  %s", first);
	if (n + 2 + 2 > HELP_COLUMN)
		fprintf(out, "\n%*s", HELP_COLUMN, "");
	else
		fprintf(out, "%*s", (int)(HELP_COLUMN - 2 - n), "");
	help_text(out, o);
}

int
cli_help(FILE *out)
{
	const struct optdef *o;
	size_t i;

	fputs("usage: hp2x [options] [FILE[.hp] | FILE.eventlog | -] [-o OUTPUT]\n"
	      "   or: hp2x [options] FILE FILE... -o OUTPUT\n"
	      "   or: hp2x --diff [options] A B [-o OUTPUT]\n"
	      "   or: hp2x --watch [options] FILE -o OUTPUT\n"
	      "   or: hp2x --watch [options] -o OUTPUT -- PROG [ARGS...]\n"
	      "\n"
	      "Draw a GHC heap profile (.hp, eventlog, either gzipped) as hp2ps's\n"
	      "band graph, or write its data.  With no -o, as hp2ps: FILE is read\n"
	      "(FILE.hp if FILE does not exist) and FILE.ps and FILE.aux are written\n"
	      "in the current directory.  With no FILE or FILE -, standard input is\n"
	      "read and PostScript written to standard output.\n",
	      out);
	for (i = 0; (o = cli_opt_at(i)); i++) {
		if (!o->letters && !o->name)
			fprintf(out, "\n%s:\n", o->help);
		else
			help_entry(out, o);
	}
	fputs("\n"
	      "Examples:\n"
	      "  hp2x FOO.hp -o FOO.pdf          PDF, format from the extension\n"
	      "  hp2x -c -e15cm FOO.hp -o FOO.eps\n"
	      "                                  colour EPS, 15 cm wide\n"
	      "  hp2x FOO                        as hp2ps: FOO.hp to FOO.ps, FOO.aux\n"
	      "  hp2x -p BAR                     BAR.ps with FOO's scales and shades,\n"
	      "                                  after cp FOO.aux BAR.aux\n"
	      "  hp2x prog.eventlog -o prog.svg  an eventlog (+RTS -hT -l)\n"
	      "  hp2x FOO.hp -o FOO.csv          the data: sample,time,band,bytes\n"
	      "  prog +RTS -hT -RTS; hp2x < prog.hp > prog.ps\n"
	      "  hp2x -w FOO.hp -o FOO.pdf       redraw FOO.pdf as FOO.hp grows\n"
	      "  hp2x -w -o prog.pdf -- ./prog   run prog, graph its heap live\n"
	      "  hp2x --summary FOO.hp           which bands, how big, growing?\n"
	      "  hp2x --from 'phase 2' --to 30 prog.eventlog -o p2.png\n"
	      "                                  a window, by mark label or seconds\n"
	      "  hp2x before.hp after.hp -o both.pdf\n"
	      "                                  a page each, one scale, same colours\n"
	      "  hp2x --diff before.hp after.hp -o diff.png\n"
	      "                                  growth above zero, shrinkage below\n"
	      "\n"
	      "Exit status: 0 success, 1 the run failed, 2 bad command line,\n"
	      "4 a budget breached (--max-peak, --max-growth, --fail-if-larger);\n"
	      "with --watch -- PROG, PROG's status (128+N when killed by signal N).\n"
	      "See hp2x(1).\n",
	      out);
	return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}
